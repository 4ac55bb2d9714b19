//! Tests of the ISNI unit against the examples of ISO 27729 as the ISNI International Agency
//! shows them, the resolver's URLs, every error with its offset and hint, detection (and its
//! sharing of bare numbers with ORCID), the finder, and properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadAs, ReadOptions};

fn isni(s: &str) -> Isni<'_> {
    Isni::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset, length and hint of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match Isni::parse(s) {
        Ok(i) => panic!("{s:?} parsed: {i:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

fn err3(s: &str) -> (&'static str, usize, usize) {
    let (c, o, l, _) = err(s);
    (c, o, l)
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    isni(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn normal(s: &str, level: Level, form: PidForm) -> String {
    let out = PidOutput {
        form,
        ..PidOutput::default()
    };
    IsniScheme::normalize(&isni(s), level, &out).into_owned()
}

// --- ISO 27729 §4 and Annex A, as the ISNI International Agency shows them ---

#[test]
fn published_examples() {
    for (s, compact) in [
        // The ISNI FAQ's display example and Stephen Hawking's ISNI.
        ("ISNI 1422 4586 3573 0476", "1422458635730476"),
        ("ISNI 0000 0001 2103 2683", "0000000121032683"),
        // Check characters X.
        ("0000 0001 2146 438X", "000000012146438X"),
        ("000000012150090X", "000000012150090X"),
        // The resolver's URL.
        ("https://isni.org/isni/0000000121032683", "0000000121032683"),
    ] {
        let i = isni(s);
        assert_eq!(i.compact(), compact, "{s}");
        assert!(i.warnings().is_empty(), "{s}: {:?}", i.warnings());
        assert_eq!(mod11_2(&compact.as_bytes()[..15]), Some(i.check_char()));
    }
}

#[test]
fn every_written_form_names_the_same_isni() {
    for (s, form) in [
        ("0000 0001 2103 2683", IsniForm::Name),
        ("0000000121032683", IsniForm::Name),
        ("0000-0001-2103-2683", IsniForm::Name),
        ("ISNI 0000 0001 2103 2683", IsniForm::Label),
        ("ISNI:0000000121032683", IsniForm::Label),
        ("isni: 0000-0001-2103-2683", IsniForm::Label),
        ("ISNI: https://isni.org/isni/0000000121032683", IsniForm::Label),
        ("https://isni.org/isni/0000000121032683", IsniForm::Url),
        ("http://isni.org/isni/0000000121032683", IsniForm::Url),
        ("http://www.isni.org/isni/0000000121032683/", IsniForm::Url),
        ("http://www.isni.org/0000000121032683", IsniForm::Url),
        ("https://ISNI.ORG/ISNI/0000000121032683", IsniForm::Url),
        ("isni.org/isni/0000000121032683", IsniForm::Url),
        ("www.isni.org/0000000121032683", IsniForm::Url),
    ] {
        let i = isni(s);
        assert_eq!(i.form(), form, "{s}");
        assert_eq!(IsniScheme::key(&i, Level::Scheme), "0000000121032683", "{s}");
        assert_eq!(IsniScheme::key(&i, Level::Syntax), "0000000121032683", "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            for f in [PidForm::Auto, PidForm::Uri, PidForm::Url] {
                assert_eq!(normal(s, level, f), "https://isni.org/isni/0000000121032683", "{s}");
            }
            assert_eq!(normal(s, level, PidForm::Name), "0000 0001 2103 2683");
        }
        assert_eq!(normal(s, Level::Simple, PidForm::Auto), s);
        assert_eq!(IsniScheme::name(&i).as_deref(), Some("0000 0001 2103 2683"));
        assert!(i.warnings().is_empty(), "{s}");
    }
}

#[test]
fn warnings() {
    let w = isni("0000 0001 2146 438x").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("isni-lowercase-x", 18, 1));
    assert_eq!(isni("0000 0001 2146 438x").compact(), "000000012146438X");
    assert_eq!(
        warning_codes(" ISNI 0000 0001 2103 2683\t"),
        ["isni-surrounding-space", "isni-surrounding-space"]
    );
    // A number ISNI reserved for ORCID: the message names the ORCID iD.
    let w = isni("ISNI 0000 0002 1825 0097").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("isni-orcid-block", 5, 19));
    assert!(w[0].message.contains("https://orcid.org/0000-0002-1825-0097"), "{}", w[0].message);
    assert!(isni("0009000150559262").in_orcid_block());
}

#[test]
fn errors() {
    let hint = |s: &str| Some(s.to_owned());
    assert_eq!(
        err(""),
        ("isni-empty", 0, 0, hint("an ISNI reads 0000 0001 2103 2683, or https://isni.org/isni/0000000121032683"))
    );
    assert_eq!(err3("ISNI:"), ("isni-empty", 5, 0));
    assert_eq!(err3("https://isni.org/isni/"), ("isni-empty", 22, 0));
    assert_eq!(err3("https://isni.org/isni"), ("isni-empty", 21, 0));
    assert_eq!(err3("urn:isni:0000000121032683"), ("isni-not-isni", 0, 4));
    assert_eq!(
        err("https://orcid.org/0000-0002-1825-0097"),
        ("isni-orcid", 0, 37, hint("read it as an ORCID iD (--as orcid)"))
    );
    assert_eq!(err3(" ORCID: 0000-0002-1825-0097"), ("isni-orcid", 1, 26));
    assert_eq!(
        err("https://viaf.org/0000000121032683"),
        ("isni-url-host", 8, 8, hint("write https://isni.org/isni/ and the ISNI"))
    );
    assert_eq!(
        err("https://isni.org/isni/0000000121032683/works"),
        ("isni-url-rest", 38, 6, hint("remove '/works'"))
    );
    assert_eq!(
        err("https://isni.org/isni/0000-0001-2103-2683"),
        ("isni-url-separator", 22, 19, hint("write 0000000121032683"))
    );
    assert_eq!(
        err("0000 0001 2103 268X"),
        ("isni-check", 18, 1, hint("the check character should be '3': check the ISNI for a transcription error"))
    );
    assert_eq!(err3("0000 000X 2103 2683"), ("isni-char", 8, 1));
    assert_eq!(err("ISNI 0000 0001 2103 2683;").0, "isni-char");
    assert_eq!(
        err("0000 0001 2103 268"),
        ("isni-length", 18, 0, hint("all 16 characters are needed, leading zeros included"))
    );
    assert_eq!(err("0000 0001 2103 26833"), ("isni-length", 19, 1, None));
    assert_eq!(
        err("0000 00012103 2683"),
        ("isni-grouping", 9, 1, hint("write 0000 0001 2103 2683"))
    );
    assert_eq!(err3("0000 0001-2103 2683"), ("isni-grouping", 9, 1));
    for s in ["", "0000 0001 2103 268", "0000 0001 2103 268X", "0000 00012103 2683"] {
        assert!(Isni::parse(s).unwrap_err().to_string().contains("ISO 27729"), "{s}");
    }
}

#[test]
fn codes_are_unique_and_prefixed() {
    let errors = [
        IsniError::Empty,
        IsniError::NotIsni("doi".into()),
        IsniError::Orcid,
        IsniError::UrlHost("a".into()),
        IsniError::UrlRest("/a".into()),
        IsniError::UrlSeparator("0".into()),
        IsniError::Char('a'),
        IsniError::Length(3),
        IsniError::Grouping(None),
        IsniError::Check('1', '2'),
    ];
    let mut seen = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("isni-"), "{}", e.code());
        assert!(seen.insert(e.code()), "{} twice", e.code());
        assert!(!e.to_string().is_empty());
    }
    for c in codes::ALL {
        assert!(c.as_str().starts_with("isni-") && seen.insert(c.as_str()), "{c}");
    }
}

// --- Detection: bare numbers shared with ORCID ---

#[test]
fn claims_by_shape() {
    for t in [
        "0000 0001 2103 2683",
        "0000000121032683",
        "0000-0001-2103-2683",
        "0000 0001 2103 268",
        "0000000218250097",
        "ISNI 0000 0001 2103 2683",
        "ISNI:",
        "isni:x",
        "ISNI 1",
        "https://isni.org/isni/0000000121032683",
        "http://www.isni.org/0000000121032683",
        "isni.org/isni/0",
        "ISNI https://isni.org/isni/0000000121032683",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "ISNI",
        "ISNI is ISO 27729",
        "https://isni.org/",
        "https://isni.org/page/search",
        "https://isni.org/isni/",
        "https://example.org/isni/0000000121032683",
        "000000012103268",
        "12345678901234567",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

fn read(s: &str) -> (Kind, Result<String, &'static str>) {
    let r = crate::read(s, &ReadOptions::default());
    let result = r
        .result
        .map(|id| id.key(Level::Scheme).as_str().to_owned())
        .map_err(|e| e.code());
    (r.kind, result)
}

#[test]
fn auto_detection() {
    let k = || Ok("0000000121032683".to_owned());
    for s in [
        "0000 0001 2103 2683",
        "0000000121032683",
        "0000-0001-2103-2683",
        "ISNI 0000 0001 2103 2683",
        "https://isni.org/isni/0000000121032683",
        "http://www.isni.org/0000000121032683",
        "isni.org/isni/0000000121032683",
    ] {
        assert_eq!(read(s), (Kind::Isni, k()), "{s}");
    }
    // Outside ORCID's blocks a bare number is an ISNI alone, valid or not.
    assert!(crate::reading::candidates("0000000121032683", &ReadOptions::default()).is_empty());
    assert_eq!(read("0000 0001 2103 2684"), (Kind::Isni, Err("isni-check")));
    assert_eq!(read("0000 0001 2103 268"), (Kind::Isni, Err("isni-length")));
    // In ORCID's blocks a bare number is first an ORCID iD, then an ISNI.
    assert_eq!(read("0000 0002 1825 0097"), (Kind::Orcid, Ok("0000000218250097".into())));
    assert_eq!(
        crate::reading::candidates("0000 0002 1825 0097", &ReadOptions::default()),
        [Kind::Orcid, Kind::Isni]
    );
    // A label decides.
    assert_eq!(read("ISNI 0000 0002 1825 0097"), (Kind::Isni, Ok("0000000218250097".into())));
    // --as isni reads a bare number in the blocks, and warns.
    let opts = ReadOptions::new(ReadAs::Isni, None).unwrap();
    let id = Identifier::parse_with("0000000218250097", &opts).unwrap();
    assert_eq!((id.kind(), id.warnings()[0].code.as_str()), (Kind::Isni, "isni-orcid-block"));
    // The same number read both ways has the same key (it is one number), but only ORCID
    // writes it as an ORCID URL.
    let orcid = Identifier::parse("0000000218250097").unwrap();
    assert_eq!(id.key(Level::Scheme).as_str(), orcid.key(Level::Scheme).as_str());
    assert_eq!(
        Identifier::parse_with("https://orcid.org/0000-0002-1825-0097", &opts)
            .unwrap_err()
            .code(),
        "isni-orcid"
    );
}

#[test]
fn conversions() {
    use crate::{ToIri, ToUri};
    let uri = |s: &str, form| {
        let out = PidOutput {
            form,
            ..PidOutput::default()
        };
        IsniScheme::to_uri(&isni(s), &ToUri::new(), &out).unwrap().into_owned()
    };
    assert_eq!(
        uri("http://www.isni.org/0000000121032683", PidForm::Auto),
        "http://www.isni.org/0000000121032683"
    );
    assert_eq!(
        uri("http://www.isni.org/0000000121032683", PidForm::Url),
        "https://isni.org/isni/0000000121032683"
    );
    assert_eq!(uri("ISNI 0000 0001 2103 2683", PidForm::Auto), "https://isni.org/isni/0000000121032683");
    assert_eq!(uri("0000000121032683", PidForm::Name), "0000 0001 2103 2683");
    let iri = IsniScheme::to_iri(&isni("0000000121032683"), &ToIri::new(), &PidOutput::default());
    assert_eq!(iri.unwrap(), "https://isni.org/isni/0000000121032683");
    assert!(IsniScheme::as_iri(&isni("https://isni.org/isni/0000000121032683")).is_some());
    assert!(IsniScheme::as_iri(&isni("isni.org/isni/0000000121032683")).is_none());
}

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let names: Vec<&str> = IsniParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["isni", "url", "form"]);
    assert!(IsniParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let p = isni("http://www.isni.org/000000012146438x").parts();
    let values: Vec<Value<'_>> = (0..4).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("0000 0001 2146 438X"),
            Value::Str("https://isni.org/isni/000000012146438X"),
            Value::Str("url"),
            Value::Null
        ]
    );
    assert_eq!(format!("{:?}", isni("0000000121032683")), "Isni(\"0000000121032683\")");
}

// --- The finder ---

#[test]
fn finder() {
    let found = |text: &str| -> Vec<(usize, usize, String)> {
        find_iter(text).map(|f| (f.start, f.end, f.text.to_owned())).collect()
    };
    assert_eq!(
        found("ISNI 0000 0001 2103 2683 and ISNI:000000012146438X, isni.org/isni/1422458635730476/."),
        [
            (0, 24, "ISNI 0000 0001 2103 2683".to_owned()),
            (29, 50, "ISNI:000000012146438X".to_owned()),
            (52, 83, "isni.org/isni/1422458635730476/".to_owned()),
        ]
    );
    for text in [
        "0000 0001 2103 2683",
        "ISNI 0000 0001 2103 2684",
        "XISNI 0000 0001 2103 2683",
        "ISNI 0000 0001 2103 26831",
        "https://isni.org/isni/0000000121032683",
        "isni.org/isni/0000-0001-2103-2683",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
    let kinds: Vec<Kind> = crate::extract::identifiers(
        "ISNI 0000 0001 2103 2683; https://isni.org/isni/000000012146438X; ISNI 0000 0002 1825 0097",
    )
    .map(|f| f.kind)
    .collect();
    assert_eq!(kinds, [Kind::Isni, Kind::Isni, Kind::Isni]);
}

// --- Properties ---

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Isni::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(i) => {
            for w in i.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let k = IsniScheme::key(&i, Level::Scheme).into_owned();
            assert_eq!(k, i.compact());
            for form in PidForm::ALL {
                let out = PidOutput {
                    form: *form,
                    ..PidOutput::default()
                };
                let n = IsniScheme::normalize(&i, Level::Scheme, &out).into_owned();
                let again = Isni::parse(&n).unwrap_or_else(|e| panic!("{s:?} -> {n:?}: {e}"));
                assert_eq!(IsniScheme::key(&again, Level::Scheme), k);
                assert_eq!(IsniScheme::normalize(&again, Level::Scheme, &out), n);
            }
            // The normal form is detected as an ISNI, in ORCID's blocks too.
            assert_eq!(
                crate::read(&i.url(), &ReadOptions::default()).kind,
                Kind::Isni
            );
            let _ = (i.parts(), i.written(), i.form());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "ISNI",
        "ISNI ",
        "isni.org",
        "https://isni.org",
        "https://isni.org/isni//",
        "0000 0001 2103 2683 ",
        "é",
        "ISNI 0000 0001 2103 268é",
        "ISNI ISNI 0000 0001 2103 2683",
    ] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn compact() -> impl Strategy<Value = String> {
        "[0-9]{15}".prop_map(|d| {
            let c = mod11_2(d.as_bytes()).unwrap();
            format!("{d}{c}")
        })
    }

    fn grouped(c: &str, sep: &str) -> String {
        [&c[..4], &c[4..8], &c[8..12], &c[12..]].join(sep)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_isni_shaped_strings(
            head in "(|ISNI |ISNI:|https://isni\\.org/isni/|http://www\\.isni\\.org/|isni\\.org/| )",
            tail in "[0-9Xx\\- /?#é]{0,24}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn every_form_has_the_same_key_and_normal_form(
            c in compact(),
            sep in "(| |-)",
            head in "(|ISNI |ISNI:|isni: |https://isni\\.org/isni/|http://www\\.isni\\.org/|isni\\.org/isni/|HTTPS://ISNI\\.ORG/)",
            lower in any::<bool>(),
            space in "( |\t|\n|)",
        ) {
            let url = head.to_ascii_lowercase().contains("isni.org/");
            let sep = if url { "" } else { sep.as_str() };
            let mut written = format!("{space}{head}{}{space}", grouped(&c, sep));
            if lower {
                written = written.replace('X', "x");
            }
            let i = Isni::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(i.compact(), c.as_str());
            let canonical = format!("https://isni.org/isni/{c}");
            prop_assert_eq!(IsniScheme::normalize(&i, Level::Syntax, &PidOutput::default()), canonical.as_str());
            invariants(&written);
            let n = Identifier::parse(&canonical).unwrap();
            prop_assert_eq!(n.kind(), Kind::Isni);
            prop_assert_eq!(n.normalize(Level::Scheme), canonical.as_str());
            // Auto-detection of the written form: an ISNI, or an ORCID iD in ORCID's blocks
            // when written alone; the same key either way.
            let r = crate::read(&written, &ReadOptions::default());
            let id = r.result.unwrap();
            let k = id.key(Level::Scheme);
            prop_assert_eq!(k.as_str(), c.as_str());
            let orcid_shaped = head.is_empty() && i.in_orcid_block();
            prop_assert_eq!(r.kind, if orcid_shaped { Kind::Orcid } else { Kind::Isni });
        }
    }
}
