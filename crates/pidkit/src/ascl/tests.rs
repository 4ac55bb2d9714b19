//! Tests of the ASCL unit: the ASCL's examples, every error with its offset and hint, the
//! canonical form and key of every written form, detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn ascl(s: &str) -> AsclId<'_> {
    AsclId::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match AsclId::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    AsclId::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    ascl(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

#[test]
fn the_ascls_examples() {
    // ascl.net/1201.001 (the ASCL's), ascl:1801.012 (identifiers.org's), ascl:2306.019,
    // 1604.006 (2-DUST, bibcode 2016ascl.soft04006U).
    for (s, id) in [
        ("ascl.net/1201.001", "1201.001"),
        ("http://ascl.net/1801.012", "1801.012"),
        ("ascl:2306.019", "2306.019"),
        ("https://ascl.net/1604.006", "1604.006"),
    ] {
        assert_eq!(ascl(s).id(), id);
    }
    let a = ascl("ascl:1604.006");
    assert_eq!((a.year(), a.month()), (16, 4));
}

#[test]
fn the_written_forms_and_their_canonical_form() {
    for (s, warnings) in [
        ("1201.001", &[][..]),
        ("ascl:1201.001", &[]),
        ("ASCL:1201.001", &["ascl-label-case"]),
        ("https://ascl.net/1201.001", &[]),
        ("http://www.ascl.net/1201.001", &[]),
        ("HTTPS://ASCL.NET/1201.001", &[]),
        ("ascl.net/1201.001", &[]),
        ("https://ascl.net/1201.001/", &["ascl-url-extra"]),
        ("https://ascl.net/1201.001?x#y", &["ascl-url-extra"]),
        ("\tascl:1201.001 ", &["ascl-surrounding-space", "ascl-surrounding-space"]),
    ] {
        let a = ascl(s);
        assert_eq!(warning_codes(s), warnings, "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(AsclScheme::key(&a, level), "ascl:1201.001", "{s}");
            assert_eq!(
                AsclScheme::normalize(&a, level, &out(PidForm::Auto)),
                "ascl:1201.001"
            );
            assert_eq!(
                AsclScheme::normalize(&a, level, &out(PidForm::Uri)),
                "ascl:1201.001"
            );
            assert_eq!(
                AsclScheme::normalize(&a, level, &out(PidForm::Url)),
                "https://ascl.net/1201.001"
            );
            assert_eq!(
                AsclScheme::normalize(&a, level, &out(PidForm::Name)),
                "1201.001"
            );
        }
        assert_eq!(AsclScheme::key(&a, Level::Simple), s);
    }
    assert!(ascl("ascl:1201.001").warnings().is_empty());
}

#[test]
fn conversions() {
    let t = crate::ToUri::new();
    let a = ascl("ascl:1201.001");
    assert!(AsclScheme::as_iri(&a).is_none());
    assert_eq!(
        AsclScheme::to_uri(&a, &t, &PidOutput::default()).unwrap(),
        "https://ascl.net/1201.001"
    );
    assert_eq!(
        AsclScheme::to_iri(&a, &crate::ToIri::new(), &out(PidForm::Name)).unwrap(),
        "1201.001"
    );
    let a = ascl("http://ascl.net/1201.001");
    assert_eq!(
        AsclScheme::to_uri(&a, &t, &PidOutput::default()).unwrap(),
        "http://ascl.net/1201.001"
    );
    assert_eq!(AsclScheme::name(&a).as_deref(), Some("1201.001"));
}

#[test]
fn every_error_with_its_offset_and_hint() {
    assert_eq!(err(""), ("ascl-not-ascl", 0, 0));
    assert!(hint("").is_some());
    assert_eq!(err("https://example.org/1201.001"), ("ascl-not-ascl", 0, 28));
    assert_eq!(err("ascl:"), ("ascl-empty", 5, 0));
    assert_eq!(err("ascl:1201"), ("ascl-format", 9, 0));
    assert_eq!(err("ascl:1201-001"), ("ascl-format", 9, 1));
    assert_eq!(err("ascl:120.1001"), ("ascl-format", 8, 1));
    assert_eq!(err("ascl:1201.0a1"), ("ascl-format", 11, 1));
    assert_eq!(err("ascl:1201.0001"), ("ascl-format", 13, 1));
    assert_eq!(err("ascl: 1201.001"), ("ascl-format", 5, 1));
    assert_eq!(
        hint("ascl:1201.0001").as_deref(),
        Some("write it as YYMM.NNN, e.g. ascl:1201.001")
    );
    assert_eq!(err("ascl:1213.001"), ("ascl-month", 7, 2));
    assert_eq!(err("ascl:1200.001"), ("ascl-month", 7, 2));
    assert_eq!(err("ascl:1201.000"), ("ascl-sequence", 10, 3));
    assert_eq!(err("ascl:0000.000"), ("ascl-unassigned", 5, 8));
    assert_eq!(err("https://ascl.net/code/v/2193"), ("ascl-url", 16, 12));
    assert_eq!(err("https://ascl.net/"), ("ascl-url", 16, 1));
    assert!(hint("https://ascl.net/code/v/2193").is_some());
    assert_eq!(err("https://ascl.net/1201.001/a b"), ("ascl-format", 27, 1));
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("ascl-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        AsclError::NotAscl,
        AsclError::Empty,
        AsclError::Format(None),
        AsclError::Month,
        AsclError::Sequence,
        AsclError::Unassigned,
        AsclError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("ascl-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
    assert_ne!(
        AsclError::Format(Some('x')).to_string(),
        AsclError::Format(None).to_string()
    );
}

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = AsclParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "url"]);
    let p = ascl("ascl:1010.083").parts();
    let values: Vec<Value<'_>> = (0..3).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("1010.083"),
            Value::Str("https://ascl.net/1010.083"),
            Value::Null
        ]
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "ascl:1201.001",
        "ASCL:",
        "ascl:x",
        "https://ascl.net/1201.001",
        "http://www.ascl.net/1",
        "ascl.net/1201.001",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "1201.001",
        "ascl",
        "asclx:1",
        "https://ascl.net/",
        "https://ascl.net/code/v/2193",
        "https://example.org/1201.001",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in ["ascl:1201.001", "https://ascl.net/1201.001"] {
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Ascl, "{s}");
    }
    let r = crate::read("ascl:1201.0001", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Ascl, "ascl-format")
    );
    assert_ne!(crate::read("1201.001", &ReadOptions::default()).kind, Kind::Ascl);
    assert_eq!(
        Identifier::parse("https://ascl.net/code/v/2193")
            .unwrap()
            .kind(),
        Kind::Iri
    );
    let opts = ReadOptions::new(crate::ReadAs::Ascl, None).unwrap();
    assert!(crate::read("1201.001", &opts).result.is_ok());
}

#[test]
fn the_finder_takes_labels() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("(ascl:1201.001), ASCL:1010.083."),
        [(1, "ascl:1201.001".to_owned()), (17, "ASCL:1010.083".to_owned())]
    );
    assert!(found("1201.001 xascl:1201.001 ascl:1201.0011 ascl:1213.001 ascl:").is_empty());
    let kinds: Vec<Kind> = crate::extract::identifiers("ascl:1201.001 and https://ascl.net/1010.083.")
        .map(|f| f.kind)
        .collect();
    assert_eq!(kinds, [Kind::Ascl, Kind::Ascl]);
}

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match AsclId::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(a) => {
            for w in a.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            let key = AsclScheme::key(&a, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = AsclScheme::normalize(&a, Level::Scheme, &out(form));
                let again = AsclId::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(AsclScheme::key(&again, Level::Scheme), key);
                assert_eq!(AsclScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = (a.parts(), a.year(), a.month());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "ascl:", "ascl:1", "ascl:1201.", "ascl:1201.00é", "https://ascl.net/é", "é"] {
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
        fn never_panics_on_ascl_shaped_strings(
            head in "(|ascl:|ASCL:|https://ascl\\.net/)",
            tail in "[0-9./?#a é]{0,12}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(yy in 0u8..100, mm in 1u8..=12, n in 1u16..1000, form in 0usize..4) {
            let id = format!("{yy:02}{mm:02}.{n:03}");
            let written = match form {
                0 => id.clone(),
                1 => format!("ascl:{id}"),
                2 => format!("https://ascl.net/{id}"),
                _ => format!(" ASCL:{id}"),
            };
            let a = ascl(&written);
            prop_assert_eq!(a.id(), id.as_str());
            prop_assert_eq!((a.year(), a.month()), (yy, mm));
            let key = AsclScheme::key(&a, Level::Scheme).into_owned();
            prop_assert_eq!(&key, &format!("ascl:{id}"));
            let n = AsclScheme::normalize(&a, Level::Scheme, &PidOutput::default());
            prop_assert_eq!(AsclScheme::key(&ascl(&n), Level::Scheme), key);
            invariants(&written);
        }
    }
}
