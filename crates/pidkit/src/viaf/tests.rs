//! Tests of the VIAF unit: OCLC's documented URLs, every error with its offset and hint, the
//! canonical form and key of every written form, detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};
use std::borrow::Cow;

fn viaf(s: &str) -> ViafId<'_> {
    ViafId::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match ViafId::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    ViafId::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    viaf(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

#[test]
fn the_written_forms_and_their_canonical_form() {
    let uri = "http://viaf.org/viaf/102333412";
    for (s, warnings) in [
        ("102333412", &[][..]),
        ("viaf:102333412", &[]),
        ("VIAF:102333412", &[]),
        ("VIAF: 102333412", &[]),
        ("VIAF 102333412", &[]),
        ("http://viaf.org/viaf/102333412", &[]),
        ("http://www.viaf.org/viaf/102333412", &[]),
        ("https://viaf.org/viaf/102333412/", &[]),
        ("HTTPS://VIAF.ORG/viaf/102333412/", &[]),
        ("https://viaf.org/en/viaf/102333412", &[]),
        ("viaf.org/viaf/102333412", &[]),
        ("http://www.viaf.org/viaf/102333412/viaf.xml", &["viaf-url-extra"]),
        ("https://viaf.org/viaf/102333412/justlinks.json", &["viaf-url-extra"]),
        ("https://viaf.org/viaf/102333412?x#y", &["viaf-url-extra"]),
        ("http://viaf.org/102333412", &["viaf-old-url"]),
        (" viaf:102333412", &["viaf-surrounding-space"]),
    ] {
        let v = viaf(s);
        assert_eq!(v.id(), "102333412", "{s}");
        assert_eq!(warning_codes(s), warnings, "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(ViafScheme::key(&v, level), uri, "{s}");
            assert_eq!(ViafScheme::normalize(&v, level, &out(PidForm::Auto)), uri);
            assert_eq!(ViafScheme::normalize(&v, level, &out(PidForm::Uri)), uri);
            assert_eq!(
                ViafScheme::normalize(&v, level, &out(PidForm::Url)),
                "https://viaf.org/viaf/102333412"
            );
            assert_eq!(
                ViafScheme::normalize(&v, level, &out(PidForm::Name)),
                "102333412"
            );
        }
        assert_eq!(ViafScheme::key(&v, Level::Simple), s);
    }
    // The longest numbers VIAF gives: 22 digits.
    assert!(ViafId::parse("viaf:1234567890123456789012").is_ok());
    assert!(viaf(uri).warnings().is_empty());
}

#[test]
fn urls_are_iris_and_convert_as_written() {
    let t = crate::ToUri::new();
    let v = viaf("https://viaf.org/viaf/102333412/");
    assert!(ViafScheme::as_iri(&v).is_some());
    assert_eq!(
        ViafScheme::to_uri(&v, &t, &PidOutput::default()).unwrap(),
        "https://viaf.org/viaf/102333412/"
    );
    let v = viaf("viaf:102333412");
    assert!(ViafScheme::as_iri(&v).is_none());
    assert_eq!(
        ViafScheme::to_uri(&v, &t, &PidOutput::default()).unwrap(),
        "http://viaf.org/viaf/102333412"
    );
    assert_eq!(
        ViafScheme::to_iri(&v, &crate::ToIri::new(), &out(PidForm::Url)).unwrap(),
        "https://viaf.org/viaf/102333412"
    );
    assert_eq!(ViafScheme::name(&v), Some(Cow::Borrowed("102333412")));
}

#[test]
fn every_error_with_its_offset_and_hint() {
    assert_eq!(err(""), ("viaf-not-viaf", 0, 0));
    assert!(hint("").is_some());
    assert_eq!(err("https://example.org/viaf/1"), ("viaf-not-viaf", 0, 26));
    assert_eq!(err("viaf:"), ("viaf-empty", 5, 0));
    assert_eq!(err("https://viaf.org/viaf/"), ("viaf-empty", 22, 0));
    assert_eq!(err("https://viaf.org/viaf//"), ("viaf-empty", 22, 0));
    assert_eq!(err("viaf:1023x"), ("viaf-char", 9, 1));
    assert_eq!(err("viaf:102 333"), ("viaf-char", 8, 1));
    assert_eq!(hint("viaf:102 333").as_deref(), Some("remove the space"));
    assert_eq!(err("https://viaf.org/viaf/102333412x"), ("viaf-char", 31, 1));
    assert_eq!(err("https://viaf.org/viaf/1/a b"), ("viaf-char", 25, 1));
    assert_eq!(err("viaf:0102333412"), ("viaf-leading-zero", 5, 1));
    assert_eq!(
        hint("viaf:0102333412").as_deref(),
        Some("remove the leading zeros")
    );
    assert_eq!(
        err("viaf:12345678901234567890123"),
        ("viaf-too-long", 5, 23)
    );
    assert_eq!(
        err("https://viaf.org/viaf/sourceID/LC%7Cn79021164"),
        ("viaf-url", 16, 29)
    );
    assert!(hint("https://viaf.org/viaf/lccn/n79021164").is_some());
    assert_eq!(err("https://viaf.org/").0, "viaf-url");
    assert_eq!(err("https://viaf.org/search?q=x").0, "viaf-url");
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("viaf-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        ViafError::NotViaf,
        ViafError::Empty,
        ViafError::Char('x'),
        ViafError::LeadingZero,
        ViafError::TooLong,
        ViafError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("viaf-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
}

#[test]
fn warning_spans() {
    let w = viaf("  http://viaf.org/102333412").warnings();
    assert_eq!(
        w.iter().map(|w| (w.code.as_str(), w.offset, w.len)).collect::<Vec<_>>(),
        [("viaf-surrounding-space", 0, 2), ("viaf-old-url", 2, 16)]
    );
    let w = viaf("https://viaf.org/viaf/1/viaf.xml").warnings();
    assert_eq!((w[0].offset, w[0].len), (23, 9));
}

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = ViafParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "uri"]);
    let p = viaf("viaf:95218067").parts();
    let values: Vec<Value<'_>> = (0..3).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("95218067"),
            Value::Str("http://viaf.org/viaf/95218067"),
            Value::Null
        ]
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "viaf:102333412",
        "VIAF:",
        "VIAF 102333412",
        "viaf  1",
        "https://viaf.org/viaf/102333412/",
        "http://www.viaf.org/viaf/1",
        "https://viaf.org/en/viaf/1",
        "http://viaf.org/95216565",
        "viaf.org/viaf/1",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "102333412",
        "VIAF",
        "VIAF clusters",
        "https://viaf.org/",
        "https://viaf.org/viaf/sourceID/LC%7Cn1",
        "https://viaf.org/viaf/search?query=x",
        "https://example.org/viaf/1",
        "viafx:1",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in ["viaf:102333412", "https://viaf.org/viaf/102333412/", "VIAF 1"] {
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Viaf, "{s}");
    }
    let r = crate::read("viaf:1x", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Viaf, "viaf-char")
    );
    // A sourceID URL stays an IRI.
    assert_eq!(
        Identifier::parse("https://viaf.org/viaf/sourceID/LC%7Cn79021164")
            .unwrap()
            .kind(),
        Kind::Iri
    );
    let opts = ReadOptions::new(crate::ReadAs::Viaf, None).unwrap();
    assert!(crate::read("102333412", &opts).result.is_ok());
}

#[test]
fn the_finder_takes_labels_only() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("VIAF 1, viaf:2; VIAF: 3."),
        [
            (0, "VIAF 1".to_owned()),
            (8, "viaf:2".to_owned()),
            (16, "VIAF: 3".to_owned())
        ]
    );
    assert!(found("102333412, xviaf:1, viaf:0123, viaf:12a, VIAF records").is_empty());
    let kinds: Vec<Kind> =
        crate::extract::identifiers("VIAF: 1 and https://viaf.org/viaf/102333412/.")
            .map(|f| f.kind)
            .collect();
    assert_eq!(kinds, [Kind::Viaf, Kind::Viaf]);
}

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match ViafId::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(v) => {
            for w in v.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            let key = ViafScheme::key(&v, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = ViafScheme::normalize(&v, Level::Scheme, &out(form));
                let again = ViafId::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(ViafScheme::key(&again, Level::Scheme), key);
                assert_eq!(ViafScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = v.parts();
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "viaf:", "VIAF ", "https://viaf.org/viaf/", "https://viaf.org/ab/", "https://viaf.org/é", "viaf:1é"] {
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
        fn never_panics_on_viaf_shaped_strings(
            head in "(|viaf:|VIAF |https://viaf\\.org/(viaf/|en/viaf/|))",
            tail in "[0-9a-z/?#. é]{0,14}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(id in "[1-9][0-9]{0,21}", form in 0usize..5) {
            let written = match form {
                0 => id.clone(),
                1 => format!("viaf:{id}"),
                2 => format!("https://viaf.org/viaf/{id}/viaf.xml"),
                3 => format!("http://viaf.org/{id}"),
                _ => format!(" VIAF: {id}\n"),
            };
            let v = viaf(&written);
            prop_assert_eq!(v.id(), id.as_str());
            let key = ViafScheme::key(&v, Level::Scheme).into_owned();
            prop_assert_eq!(&key, &format!("http://viaf.org/viaf/{id}"));
            let n = ViafScheme::normalize(&v, Level::Scheme, &PidOutput::default());
            prop_assert_eq!(ViafScheme::key(&viaf(&n), Level::Scheme), key);
            invariants(&written);
        }
    }
}
