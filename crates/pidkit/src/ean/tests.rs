//! Tests of the EAN/UPC unit: GS1's check digit examples, every error with its offset and
//! hint, the GTIN-13 key of each length, the ISBN and ISSN prefixes, auto-detection next to
//! the ISBN and ISSN units, the finder, and properties.

use super::*;
use crate::scheme::Scheme;
use crate::{Identifier, Kind, Level, ReadOptions};

fn ean(s: &str) -> Ean<'_> {
    Ean::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match Ean::parse(s) {
        Ok(e) => panic!("{s:?} parsed: {e:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

fn at(s: &str) -> (&'static str, usize, usize) {
    let (code, offset, len, _) = err(s);
    (code, offset, len)
}

#[test]
fn gs1_check_digits() {
    // GS1's worked example of a GTIN-13 (629104150021 → 3), and well-known numbers of each
    // length.
    assert_eq!(gs1_check(b"629104150021"), b'3');
    assert_eq!(gs1_check(b"400638133393"), b'1');
    assert_eq!(gs1_check(b"03600029145"), b'2'); // UPC-A
    assert_eq!(gs1_check(b"9638507"), b'4'); // EAN-8
    assert_eq!(gs1_check(b"7351353"), b'7'); // EAN-8
    // Zeros in front change nothing: the weights run from the right.
    assert_eq!(gs1_check(b"003600029145"), b'2');
    assert_eq!(gs1_check(b"000009638507"), b'4');
}

#[test]
fn lengths_and_keys() {
    for (s, kind, gtin13) in [
        ("6291041500213", EanType::Ean13, "6291041500213"),
        ("4006381333931", EanType::Ean13, "4006381333931"),
        ("036000291452", EanType::UpcA, "0036000291452"),
        ("0036000291452", EanType::Ean13, "0036000291452"),
        ("96385074", EanType::Ean8, "0000096385074"),
        ("73513537", EanType::Ean8, "0000073513537"),
    ] {
        let e = ean(s);
        assert_eq!((e.kind(), e.gtin13()), (kind, gtin13), "{s}");
        assert_eq!(e.key(), gtin13);
        assert_eq!(e.canonical(), s);
        assert!(matches!(e.canonical(), Cow::Borrowed(_)));
    }
    assert_eq!(ean("036000291452").key(), ean("0036000291452").key());
    assert_eq!(ean("UPC-A: 0 36000 29145 2").canonical(), "036000291452");
}

#[test]
fn written_forms() {
    for f in [
        "4006381333931",
        "4 006381 333931",
        "4-006381-333931",
        "EAN 4006381333931",
        "EAN-13: 4006381333931",
        "ean13 4006381333931",
        "GTIN-13: 4006381333931",
        "GTIN 4006381333931",
        " 4006381333931\n",
    ] {
        let e = ean(f);
        assert_eq!((e.canonical(), e.key()), ("4006381333931".into(), "4006381333931".into()), "{f}");
        let d = Identifier::parse(f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!(d.kind(), Kind::Ean, "{f}");
        assert_eq!(d.normalize(Level::Scheme), "4006381333931");
        assert_eq!(d.key_text(Level::Syntax), "4006381333931");
        assert_eq!(d.to_uri(&crate::ToUri::new()).unwrap(), "4006381333931");
        assert!(d.as_iri().is_none());
    }
    assert_eq!(Identifier::parse("UPC 036000291452").unwrap().kind(), Kind::Ean);
    assert_eq!(Identifier::parse("EAN-8: 9638-5074").unwrap().key_text(Level::Scheme), "0000096385074");
    assert!(EanScheme::rule(Level::Scheme).contains("GTIN"));
}

#[test]
fn isbn_and_issn_prefixes() {
    let b = ean("9780596520687");
    assert_eq!((b.prefix_kind(), b.isbn().as_deref(), b.issn()), ("isbn", Some("978-0-596-52068-7"), None));
    let s = ean("9770317847001");
    assert_eq!((s.prefix_kind(), s.isbn(), s.issn().as_deref()), ("issn", None, Some("0317-8471")));
    // The variant digits do not change the ISSN.
    assert_eq!(ean(&format!("977031784702{}", char::from(gs1_check(b"977031784702")))).issn().as_deref(), Some("0317-8471"));
    let m = ean("9790260000438");
    assert_eq!((m.prefix_kind(), m.isbn()), ("ismn", None));
    assert_eq!(ean("4006381333931").prefix_kind(), "other");
    // A UPC-A is never a Bookland number: its GTIN-13 starts with 0.
    let upc = format!("97805965206{}", char::from(gs1_check(b"97805965206")));
    assert_eq!(ean(&upc).prefix_kind(), "other");
}

#[test]
fn parts() {
    use crate::scheme::Fields;
    let e = ean("036000291452");
    let p = e.parts();
    assert_eq!(
        p,
        EanParts {
            gtin13: "0036000291452",
            kind: "upc-a",
            prefix_kind: "other",
            isbn: None,
            issn: None
        }
    );
    let names: Vec<_> = EanParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["gtin13", "type", "prefix_kind", "isbn", "issn"]);
    assert_eq!(p.value(1), Value::Str("upc-a"));
    assert_eq!(p.value(3), Value::Null);
}

#[test]
fn errors() {
    assert_eq!(err("4006381333932"), ("ean-check-digit", 12, 1, Some("the check digit should be '1'".into())));
    assert_eq!(err("96385075").3.as_deref(), Some("the check digit should be '4'"));
    assert_eq!(at("EAN 4 006381 333932"), ("ean-check-digit", 18, 1));
    assert_eq!(at("EAN 40063813339"), ("ean-length", 4, 11));
    assert_eq!(at("1234567"), ("ean-length", 0, 7));
    assert!(err("04006381333931").3.unwrap().contains("GTIN-14"));
    assert_eq!(at("EAN"), ("ean-length", 3, 0));
    assert_eq!(at("4006381333931a"), ("ean-char", 13, 1));
    assert_eq!(at("4006381333931X"), ("ean-char", 13, 1));
    assert_eq!(at("4  006381333931"), ("ean-separator", 2, 1));
    assert_eq!(at("4006381333931-"), ("ean-separator", 13, 1));
    assert_eq!(at("GTIN-14: 04006381333931"), ("ean-label", 4, 1));
    assert_eq!(at("UPC-E 01234565"), ("ean-label", 3, 1));
    for s in ["4006381333932", "123", "40063813339x", "4--1", "GTIN-14 1"] {
        let m = Ean::parse(s).unwrap_err().kind.to_string();
        assert!(m.contains("GS1 General Specifications"), "{m}");
    }
}

#[test]
fn warnings() {
    let codes = |s: &str| ean(s).warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    assert!(codes("4006381333931").is_empty());
    assert!(codes("036000291452").is_empty());
    assert_eq!(codes(" 4006381333931"), ["ean-surrounding-space"]);
    assert_eq!(codes("EAN-8 4006381333931"), ["ean-label-length"]);
    assert_eq!(codes("UPC 4006381333931"), ["ean-label-length"]);
    // Restricted circulation numbers and coupons.
    for s in ["2000000000008", "0200000000009", "0400000000006", "9810000000003", "9900000000004", "20000004", "01234565", "212345678900"] {
        let d = s.as_bytes();
        let fixed = format!("{}{}", &s[..s.len() - 1], char::from(gs1_check(&d[..d.len() - 1])));
        assert_eq!(codes(&fixed), ["ean-restricted"], "{fixed}");
    }
    let w = &ean("EAN-8 2000000000008").warnings()[0];
    assert_eq!((w.offset, w.len), (0, 6));
}

#[test]
fn claims_by_shape() {
    for yes in ["4006381333931", "4 006381 333931", "036000291452", "96385074", "9780596520687", "EAN 4", "ean: 1", "UPC-A 0", "gtin13:4", "EAN4006381333931"] {
        assert!(claims(yes.as_bytes()) && EanScheme::claims(yes.as_bytes()), "{yes}");
    }
    for no in [
        "4006381333932",
        "1700000000000",
        "036000291453",
        "96385075",
        "4  006381 333931",
        "4 006381 333931 ",
        "40063813339312",
        "EAN",
        "Ean Smith",
        "UPCs",
        "GTIN-14 0",
        "eanx 1",
    ] {
        assert!(!claims(no.as_bytes()), "{no}");
    }
}

#[test]
fn auto_detection() {
    let opts = ReadOptions::default();
    assert_eq!(crate::read("4006381333931", &opts).kind, Kind::Ean);
    assert_eq!(crate::read("036000291452", &opts).kind, Kind::Ean);
    // A bare 8-digit EAN-8 is read as a PMID first (bare numbers in research data are PMIDs far
    // more often), the EAN its candidate; the label decides.
    assert_eq!(crate::read("96385074", &opts).kind, Kind::Pmid);
    assert_eq!(
        crate::reading::candidates("96385074", &opts),
        [Kind::Pmid, Kind::Ean]
    );
    assert_eq!(crate::read("EAN-8 96385074", &opts).kind, Kind::Ean);
    // A 13-digit number with a wrong check digit is not claimed (a timestamp, an account
    // number …), unless it starts 978/979: then it is an ISBN error.
    assert_eq!(crate::read("1700000000000", &opts).kind, Kind::RelativeRef);
    assert_eq!(crate::read("9784189280746", &opts).kind, Kind::Isbn);
    // A 977 EAN-13 is an EAN, its ISSN in the parts.
    let r = crate::read("9770317847001", &opts);
    assert_eq!(r.kind, Kind::Ean);
    // A labelled malformed number is the EAN's error.
    assert_eq!(crate::read("EAN: 4006381333932", &opts).result.unwrap_err().code(), "ean-check-digit");
    // ISBN-13 first, EAN the other candidate.
    assert_eq!(crate::reading::candidates("9780596520687", &opts), [Kind::Isbn, Kind::Ean]);
    // 979-0 (ISMN): the ISBN reads it and warns; the EAN is the other candidate.
    let r = crate::read("9790260000438", &opts);
    assert_eq!(r.kind, Kind::Isbn);
    assert_eq!(r.result.unwrap().warnings()[0].code.as_str(), "isbn-ismn");
}

#[test]
fn finder() {
    let found = |text| EanScheme::find(text).unwrap().map(|h| h.text.into_owned()).collect::<Vec<_>>();
    assert_eq!(found("Barcode (EAN-13: 4006381333931), UPC 036000291452."), ["EAN-13: 4006381333931", "UPC 036000291452"]);
    assert_eq!(found("EAN 4 006381 333931 here"), ["EAN 4 006381 333931"]);
    for text in ["4006381333931", "EAN 4006381333932", "ocean 4006381333931", "EAN 4006381333931x"] {
        assert!(found(text).is_empty(), "{text}");
    }
}

fn invariants(s: &str) {
    let e = match Ean::parse(s) {
        Ok(e) => e,
        Err(e) => {
            assert!(e.offset + e.len <= s.len(), "{s:?}: {e:?}");
            assert!(s.is_char_boundary(e.offset) && s.is_char_boundary(e.offset + e.len));
            return;
        }
    };
    for w in e.warnings() {
        assert!(w.offset + w.len <= s.len(), "{s:?}: {w:?}");
    }
    let c = e.canonical();
    let again = ean(&c);
    assert_eq!((again.canonical(), again.key()), (c.clone(), e.key()), "{s:?}");
    assert_eq!(ean(e.gtin13()).key(), e.key());
    let _ = (e.parts(), e.isbn(), e.issn());
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "EAN", "EAN-", "ean:", "0000000000000", "00000000", "é", "GTIN\u{0}1"] {
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
            let _ = claims(s.as_bytes());
        }

        #[test]
        fn canonical_forms_are_fixed_points(d in "([0-9]{7}|[0-9]{11}|[0-9]{12})", label in 0usize..3) {
            let number = format!("{d}{}", char::from(gs1_check(d.as_bytes())));
            let s = match label {
                0 => number.clone(),
                1 => format!("EAN {number}"),
                _ => format!(" GTIN: {number} "),
            };
            // Auto-detection may give a 978/979 number to the ISBN or an 8-digit one to the
            // ISSN first: read it as an EAN.
            let opts = ReadOptions::new(crate::ReadAs::Ean, None).unwrap();
            let id = crate::read(&s, &opts).result.unwrap();
            let n = id.normalize(Level::Scheme);
            assert_eq!(n.as_ref(), number.as_str());
            let again = crate::read(&n, &opts).result.unwrap();
            assert_eq!(again.normalize(Level::Scheme), n.clone());
            assert_eq!(again.key_text(Level::Scheme), id.key_text(Level::Scheme));
            invariants(&s);
        }
    }
}
