//! Tests of the ISSN unit: the ISSN Manual's and the ISSN International Centre's examples,
//! every error with its offset and hint, the written forms with their canonical form and key,
//! the EAN-13, auto-detection, the finder, and properties.

use super::*;
use crate::scheme::Scheme;
use crate::{Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn issn(s: &str) -> Issn<'_> {
    Issn::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match Issn::parse(s) {
        Ok(i) => panic!("{s:?} parsed: {i:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

fn at(s: &str) -> (&'static str, usize, usize) {
    let (code, offset, len, _) = err(s);
    (code, offset, len)
}

#[test]
fn manual_examples() {
    // The ISSN Manual's check digit example: 0317-847 → 1.
    assert_eq!(check_char(b"0317847"), b'1');
    assert_eq!(issn("0317-8471").check(), '1');
    // Check value 10 is X.
    assert_eq!(issn("2434-561X").compact(), "2434561X");
    assert_eq!(issn("1144-875X").check(), 'X');
    // The ISSN-L examples of the ISSN International Centre.
    for (l, media) in [
        ("1748-7188", &["1748-7188"][..]),
        ("0264-2875", &["0264-2875", "1750-0095"][..]),
        ("1188-1534", &["1188-1534", "1911-1479", "1911-1460"][..]),
        ("0001-6772", &["0001-6772", "1365-201X"][..]),
    ] {
        assert!(issn(&format!("ISSN-L {l}")).is_linking());
        for m in media {
            assert!(!issn(&format!("ISSN {m}")).is_linking(), "{m}");
        }
    }
    // RFC 3044's example.
    assert_eq!(issn("1560-1560").issn(), "1560-1560");
}

#[test]
fn ean13_of_an_issn() {
    // The Spanish ISSN Centre's example: ISSN 1144-875X → 977 1144875 00 7.
    assert_eq!(issn("1144-875X").ean13(), "9771144875007");
    assert_eq!(issn("0317-8471").ean13(), "9770317847001");
    // And back, through the EAN unit.
    let e = crate::ean::Ean::parse("9771144875007").unwrap();
    assert_eq!(e.issn().as_deref(), Some("1144-875X"));
}

#[test]
fn written_forms_have_one_canonical_form_and_key() {
    for f in [
        "0317-8471",
        "03178471",
        "ISSN 0317-8471",
        "ISSN: 0317-8471",
        "issn:03178471",
        "ISSN-L 0317-8471",
        "ISSN-L: 0317-8471",
        "eISSN 0317-8471",
        "e-ISSN: 0317-8471",
        "pISSN 0317-8471",
        "P-ISSN 0317-8471",
        "https://portal.issn.org/resource/ISSN/0317-8471",
        "http://portal.issn.org/resource/ISSN/0317-8471/",
        "https://portal.issn.org/resource/ISSN-L/0317-8471",
        "HTTPS://PORTAL.ISSN.ORG/resource/issn/03178471",
        " 0317-8471 ",
    ] {
        let i = issn(f);
        assert_eq!((i.canonical(), i.key()), ("0317-8471".into(), "03178471".into()), "{f}");
        let d = Identifier::parse(f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!(d.kind(), Kind::Issn, "{f}");
        assert_eq!(d.key_text(Level::Syntax), "03178471");
        assert_eq!(d.normalize(Level::Scheme), "0317-8471");
    }
    assert_eq!(issn("2434-561x").key(), "2434561X");
    assert_eq!(issn("2434-561x").canonical(), "2434-561X");
    assert!(matches!(issn("0317-8471").canonical(), Cow::Borrowed(_)));
    assert!(matches!(issn("03178471").key(), Cow::Borrowed(_)));
}

#[test]
fn output_forms() {
    let i = issn("ISSN-L 0264-2875");
    let n = |form| {
        IssnScheme::normalize(&i, Level::Scheme, &PidOutput { form, ..Default::default() })
            .into_owned()
    };
    assert_eq!(n(PidForm::Auto), "0264-2875");
    assert_eq!(n(PidForm::Name), "0264-2875");
    assert_eq!(n(PidForm::Url), "https://portal.issn.org/resource/ISSN-L/0264-2875");
    assert_eq!(n(PidForm::Uri), "urn:issn:0264-2875");
    let d = Identifier::parse("ISSN 0264-2875").unwrap();
    assert_eq!(d.to_uri(&crate::ToUri::new()).unwrap(), "urn:issn:0264-2875");
    assert!(d.as_iri().is_none());
    let u = Identifier::parse("https://portal.issn.org/resource/ISSN/0264-2875").unwrap();
    assert_eq!(u.as_iri().unwrap().host().map(|h| h.as_str()), Some("portal.issn.org"));
    assert_eq!(u.to_uri(&crate::ToUri::new()).unwrap(), "https://portal.issn.org/resource/ISSN/0264-2875");
    assert_eq!(u.name().as_deref(), Some("0264-2875"));
    // The URN it gives is the same ISSN by the URN unit's rule.
    let urn = crate::Urn::parse("urn:issn:0264-2875").unwrap();
    assert_eq!(urn.key(), "urn:issn:0264-2875");
    assert!(IssnScheme::rule(Level::Scheme).contains("ISO 3297"));
}

#[test]
fn parts() {
    use crate::scheme::Fields;
    let p = issn("ISSN-L 0264-2875").parts();
    assert_eq!(
        p,
        IssnParts {
            issn: "0264-2875".into(),
            linking: true,
            ean13: "9770264287004".into(),
            url: "https://portal.issn.org/resource/ISSN-L/0264-2875".into(),
        }
    );
    let names: Vec<_> = IssnParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["issn", "linking", "ean13", "url"]);
    assert_eq!(p.value(1), Value::Bool(true));
    assert_eq!(p.value(4), Value::Null);
}

#[test]
fn errors() {
    assert_eq!(err("0317-8472"), ("issn-check-digit", 8, 1, Some("the check digit should be '1'".into())));
    assert_eq!(err("2434-5611").3.as_deref(), Some("the check digit should be 'X'"));
    assert_eq!(at("ISSN 0317-847"), ("issn-length", 5, 8));
    assert_eq!(err("9770317847001").3.as_deref(), Some("a 13-digit number starting 977 is the EAN-13 of an ISSN: read it as an EAN"));
    assert_eq!(at("ISSN"), ("issn-length", 4, 0));
    assert_eq!(at("031-78471"), ("issn-hyphen", 3, 1));
    assert_eq!(at("0317-84-71"), ("issn-hyphen", 7, 1));
    assert_eq!(at("-0317-8471"), ("issn-hyphen", 0, 1));
    assert_eq!(at("0317--8471"), ("issn-hyphen", 5, 1));
    assert_eq!(at("0317 8471"), ("issn-char", 4, 1));
    assert_eq!(err("0317 8471").3.as_deref(), Some("write NNNN-NNNC, with the hyphen-minus '-'"));
    assert_eq!(at("0317–8471"), ("issn-char", 4, 3));
    assert_eq!(at("031X-8471"), ("issn-x-position", 3, 1));
    assert_eq!(at("ISSN-X 0317-8471"), ("issn-label", 4, 1));
    assert_eq!(at("ISSNL 0317-8471"), ("issn-label", 4, 1));
    assert_eq!(at("https://portal.issn.org/0317-8471"), ("issn-url", 24, 1));
    assert_eq!(at("https://example.org/resource/ISSN/0317-8471"), ("issn-url", 8, 1));
    assert_eq!(at("https://portal.issn.org/resource/ISSN/0317-8471?x"), ("issn-url", 47, 1));
    assert_eq!(at("https://portal.issn.org/resource/ISSN/0317-8471//"), ("issn-url", 47, 1));
    for s in ["0317-8472", "031-78471", "0317 8471", "031X-8471", "ISSN-X 1", "0317-847"] {
        let m = Issn::parse(s).unwrap_err().kind.to_string();
        assert!(m.contains("ISO 3297"), "{m}");
    }
}

#[test]
fn warnings() {
    let codes = |s| issn(s).warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    assert!(codes("0317-8471").is_empty());
    assert!(codes("ISSN-L 1365-201X").is_empty());
    assert_eq!(codes("1365-201x"), ["issn-lowercase-x"]);
    assert_eq!(codes("\t0317-8471"), ["issn-surrounding-space"]);
    let w = &issn("ISSN 1365-201x").warnings()[0];
    assert_eq!((w.offset, w.len), (13, 1));
}

#[test]
fn urn_nss_follows_the_same_rules() {
    assert_eq!(urn_nss("1560-1560").as_deref(), Some("1560-1560"));
    assert_eq!(urn_nss("15601560").as_deref(), Some("1560-1560"));
    assert_eq!(urn_nss("2434-561x").as_deref(), Some("2434-561X"));
    for bad in ["2434-5611", "1560-156", "156-01560", "ISSN 1560-1560", " 1560-1560", "1560 1560"] {
        assert_eq!(urn_nss(bad), None, "{bad}");
    }
}

#[test]
fn claims_by_shape() {
    for yes in [
        "ISSN",
        "ISSN 0317-8471",
        "issn:0317-8471",
        "ISSN-L 0317-8471",
        "ISSN-X",
        "eISSN 1",
        "e-ISSN: 1",
        "0317-8471",
        "0317-8472",
        "2434-561x",
        "03178471",
        "2434561X",
        // A PMID, and a valid ISSN too (8·1 + 7·5 + 6·6 + 5·2 + 4·6 + 3·8 + 2·6 + 5 = 154 = 14·11).
        "15626865",
        "https://portal.issn.org/resource/ISSN/0317-8471",
        "http://PORTAL.issn.org/resource/issn-l/x",
    ] {
        assert!(claims(yes.as_bytes()) && IssnScheme::claims(yes.as_bytes()), "{yes}");
    }
    for no in [
        "03178472",
        "0317847",
        "0317-84711",
        "issnx",
        "ISSNs",
        "eissnx",
        "https://portal.issn.org/",
        "https://example.org/resource/ISSN/0317-8471",
        "2020-2021",
    ] {
        // 2020-2021 has the shape (a hyphenated NNNN-NNNN), and the brief's rule claims it.
        if no == "2020-2021" {
            assert!(claims(no.as_bytes()));
            continue;
        }
        assert!(!claims(no.as_bytes()), "{no}");
    }
}

#[test]
fn auto_detection() {
    let opts = ReadOptions::default();
    let r = crate::read("0317-8472", &opts);
    assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Issn, "issn-check-digit"));
    assert_eq!(crate::read("03178471", &opts).kind, Kind::Issn);
    // A bare eight digits whose ISSN check fails is not claimed: no ISSN error for a number.
    assert_ne!(crate::read("03178472", &opts).kind, Kind::Issn);
    // A valid ISSN of eight digits is also a valid EAN-8 when its GS1 check holds: both are
    // candidates, the ISSN first.
    let both = (0..10_000_000u32)
        .map(|n| format!("{n:07}"))
        .map(|d| format!("{d}{}", char::from(check_char(d.as_bytes()))))
        .find(|s| crate::ean::claims(s.as_bytes()))
        .unwrap();
    assert_eq!(crate::reading::candidates(&both, &opts), [Kind::Issn, Kind::Ean]);
    assert_eq!(crate::read("urn:issn:0317-8471", &opts).kind, Kind::Urn);
    assert_eq!(crate::read("https://portal.issn.org/about", &opts).kind, Kind::Iri);
}

fn found(text: &str) -> Vec<String> {
    IssnScheme::find(text).unwrap().map(|h| h.text.into_owned()).collect()
}

#[test]
fn finder() {
    assert_eq!(
        found("Acta Physiologica Scandinavica (Online) = ISSN 1365-201X and ISSN-L 0001-6772."),
        ["ISSN 1365-201X", "ISSN-L 0001-6772"]
    );
    assert_eq!(found("e-ISSN: 1748-7188; pISSN 0264-2875"), ["e-ISSN: 1748-7188", "pISSN 0264-2875"]);
    for text in ["pages 1365-2010", "ISSN 1365-2011", "ISSN 1365-201X-2", "urn:issn:1365-201X", "ISSNs 1365-201X"] {
        assert!(found(text).is_empty(), "{text}");
    }
    let kinds: Vec<_> = crate::extract::identifiers("see https://portal.issn.org/resource/ISSN/0317-8471 or ISSN 0317-8471")
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        kinds,
        [
            (Kind::Issn, "https://portal.issn.org/resource/ISSN/0317-8471".into()),
            (Kind::Issn, "ISSN 0317-8471".into())
        ]
    );
}

fn invariants(s: &str) {
    let i = match Issn::parse(s) {
        Ok(i) => i,
        Err(e) => {
            assert!(e.offset + e.len <= s.len(), "{s:?}: {e:?}");
            assert!(s.is_char_boundary(e.offset) && s.is_char_boundary(e.offset + e.len));
            return;
        }
    };
    assert!(claims(s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes()), "{s:?}");
    for w in i.warnings() {
        assert!(w.offset + w.len <= s.len(), "{s:?}: {w:?}");
    }
    for form in [i.canonical().into_owned(), i.url(), i.compact().to_owned()] {
        let again = issn(&form);
        assert_eq!(again.key(), i.key(), "{s:?} → {form:?}");
        assert_eq!(again.canonical(), i.canonical());
        assert!(again.warnings().is_empty());
    }
    assert_eq!(crate::ean::Ean::parse(&i.ean13()).unwrap().issn(), Some(i.issn()));
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "ISSN", "ISSN-", "ISSN-L", "http:", "https://portal.issn.org/resource/ISSN/", "X", "0000-0000", "é", "ISSN\u{0}"] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_issn_shaped_strings(s in "((e-|p)?ISSN(-L)?:? ?|https?://portal.issn.org/resource/ISSN(-L)?/)?[0-9Xx-]{0,10}/?") {
            invariants(&s);
        }

        #[test]
        fn canonical_forms_are_fixed_points(d in "[0-9]{7}", hyphen in prop::bool::ANY, label in 0usize..4) {
            let c = char::from(check_char(d.as_bytes()));
            let number = if hyphen { format!("{}-{}{c}", &d[..4], &d[4..]) } else { format!("{d}{c}") };
            let s = match label {
                0 => number,
                1 => format!("ISSN {number}"),
                2 => format!("ISSN-L: {number}"),
                _ => format!("https://portal.issn.org/resource/ISSN/{number}"),
            };
            let id = Identifier::parse(&s).unwrap();
            assert_eq!(id.kind(), Kind::Issn);
            let n = id.normalize(Level::Scheme);
            let again = Identifier::parse(&n).unwrap();
            assert_eq!(again.normalize(Level::Scheme), n.clone());
            assert_eq!(again.key_text(Level::Scheme), id.key_text(Level::Scheme));
            invariants(&s);
        }
    }
}
