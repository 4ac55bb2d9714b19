//! Tests of the HAL unit: identifiers HAL prints, every error with its offset and hint, the
//! canonical form and key of every written form, detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn hal(s: &str) -> HalId<'_> {
    HalId::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match HalId::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    HalId::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    hal(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

#[test]
fn identifiers_hal_prints() {
    for (s, portal, number, version) in [
        ("hal-01101888", "hal", "01101888", None),
        ("hal-01101888v1", "hal", "01101888", Some("1")),
        ("tel-01743851", "tel", "01743851", None),
        ("halshs-00000001v12", "halshs", "00000001", Some("12")),
        ("inria-00123456", "inria", "00123456", None),
        ("hal-insu-00123456", "hal-insu", "00123456", None),
        ("sic_00001234", "sic", "00001234", None),
    ] {
        let h = hal(s);
        assert_eq!((h.portal().as_ref(), h.number(), h.version()), (portal, number, version), "{s}");
        assert_eq!(h.id(), s);
        assert!(h.warnings().is_empty(), "{s}");
        assert!(matches!(h.id(), Cow::Borrowed(_)));
    }
}

#[test]
fn the_written_forms_and_their_canonical_form() {
    for (s, id, warnings) in [
        ("hal-01101888", "hal-01101888", &[][..]),
        ("hal:hal-01101888", "hal-01101888", &[]),
        ("HAL Id: hal-01101888", "hal-01101888", &[]),
        ("HAL-01101888V2", "hal-01101888v2", &["hal-case"]),
        ("https://hal.science/hal-01101888", "hal-01101888", &[]),
        ("https://hal.archives-ouvertes.fr/hal-01101888", "hal-01101888", &[]),
        ("http://hal.inria.fr/inria-00123456v3", "inria-00123456v3", &[]),
        ("https://theses.hal.science/tel-01743851/file/thesis.pdf", "tel-01743851", &["hal-url-extra"]),
        ("https://hal.science/hal-01101888v1/document", "hal-01101888v1", &["hal-url-extra"]),
        ("https://shs.hal.science/halshs-00000001/", "halshs-00000001", &["hal-url-extra"]),
        ("https://hal.science/hal-01101888?x#y", "hal-01101888", &["hal-url-extra"]),
        ("hal.science/hal-01101888", "hal-01101888", &[]),
        ("univ-lorraine-01234567", "univ-lorraine-01234567", &["hal-unknown-portal"]),
        (" hal-01101888", "hal-01101888", &["hal-surrounding-space"]),
    ] {
        let h = hal(s);
        assert_eq!(warning_codes(s), warnings, "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(HalScheme::key(&h, level), id, "{s}");
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Name] {
                assert_eq!(HalScheme::normalize(&h, level, &out(form)), id);
            }
            assert_eq!(
                HalScheme::normalize(&h, level, &out(PidForm::Url)),
                format!("https://hal.science/{id}")
            );
        }
        assert_eq!(HalScheme::key(&h, Level::Simple), s);
    }
}

#[test]
fn versions_are_other_identifiers() {
    let latest = hal("hal-01101888");
    let v1 = hal("hal-01101888v1");
    assert_ne!(
        HalScheme::key(&latest, Level::Scheme),
        HalScheme::key(&v1, Level::Scheme)
    );
}

#[test]
fn conversions() {
    let t = crate::ToUri::new();
    let h = hal("hal-01101888");
    assert!(HalScheme::as_iri(&h).is_none());
    assert_eq!(
        HalScheme::to_uri(&h, &t, &PidOutput::default()).unwrap(),
        "https://hal.science/hal-01101888"
    );
    assert_eq!(
        HalScheme::to_iri(&h, &crate::ToIri::new(), &out(PidForm::Name)).unwrap(),
        "hal-01101888"
    );
    let h = hal("https://hal.archives-ouvertes.fr/hal-01101888");
    assert_eq!(
        HalScheme::to_uri(&h, &t, &PidOutput::default()).unwrap(),
        "https://hal.archives-ouvertes.fr/hal-01101888"
    );
}

#[test]
fn every_error_with_its_offset_and_hint() {
    assert_eq!(err(""), ("hal-not-hal", 0, 0));
    assert!(hint("").is_some());
    assert_eq!(err("https://example.org/hal-01101888"), ("hal-not-hal", 0, 32));
    assert_eq!(err("hal:"), ("hal-empty", 4, 0));
    assert_eq!(err("01101888"), ("hal-portal", 0, 8));
    assert_eq!(err("-01101888"), ("hal-portal", 0, 0));
    assert_eq!(err("1hal-01101888"), ("hal-portal", 0, 4));
    assert_eq!(err("hal--01101888"), ("hal-portal", 0, 4));
    assert_eq!(err("a_b_01101888"), ("hal-portal", 0, 3));
    assert!(hint("01101888").is_some());
    assert_eq!(err("hal-0110188"), ("hal-number", 4, 7));
    assert_eq!(err("hal-011018888"), ("hal-number", 4, 9));
    assert_eq!(err("hal-0110188a"), ("hal-number", 4, 8));
    assert_eq!(
        hint("hal-0110188").as_deref(),
        Some("write the number with eight digits, zeros in front: hal-00000042")
    );
    assert_eq!(err("hal-01101888v"), ("hal-version", 12, 1));
    assert_eq!(err("hal-01101888v0"), ("hal-version", 12, 2));
    assert_eq!(err("hal-01101888v01"), ("hal-version", 12, 3));
    assert_eq!(err("hal-01101888 v2"), ("hal-char", 12, 1));
    assert_eq!(hint("hal-01101888 v2").as_deref(), Some("remove the space"));
    assert_eq!(err("hal-01101888.pdf"), ("hal-char", 12, 1));
    assert_eq!(err("https://hal.science/search/index"), ("hal-url", 19, 13));
    assert!(hint("https://hal.science/").is_some());
    assert_eq!(err("https://hal.science/hal-0110188"), ("hal-number", 24, 7));
    assert_eq!(err("https://hal.science/hal-01101888/a b"), ("hal-char", 34, 1));
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("hal-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        HalError::NotHal,
        HalError::Empty,
        HalError::Portal,
        HalError::Number,
        HalError::Version,
        HalError::Char('x'),
        HalError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("hal-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
    // The list of portals is sorted, without duplicates, in lower case.
    assert!(PORTALS.windows(2).all(|w| w[0] < w[1]));
    assert!(PORTALS.iter().all(|p| p.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')));
}

#[test]
fn warning_spans() {
    let w = hal("HAL-insu-00123456").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("hal-case", 0, 17));
    let w = hal("foo-00123456").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("hal-unknown-portal", 0, 3));
    let w = hal("https://hal.science/hal-01101888/document").warnings();
    assert_eq!((w[0].offset, w[0].len), (32, 9));
}

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = HalParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "portal", "number", "version", "url"]);
    let p = hal("https://theses.hal.science/tel-01743851v2").parts();
    let values: Vec<Value<'_>> = (0..6).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("tel-01743851v2"),
            Value::Str("tel"),
            Value::Str("01743851"),
            Value::Str("2"),
            Value::Str("https://hal.science/tel-01743851v2"),
            Value::Null
        ]
    );
    assert_eq!(hal("hal-01101888").parts().value(3), Value::Null);
}

#[test]
fn claims_by_shape() {
    for t in [
        "hal-01101888",
        "hal-01101888v2",
        "tel-01743851",
        "hal-insu-00123456",
        "sic_00001234",
        "hal:",
        "HAL Id: x",
        "https://hal.science/hal-01101888",
        "https://hal.science/anything-01101888/document",
        "https://theses.hal.science/tel-01743851v2",
        "http://hal.archives-ouvertes.fr/hal-01101888",
        "https://hal.inria.fr/inria-00123456",
        "hal.science/hal-01101888",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "hal",
        "HAL-01101888",
        "hal-0110188",
        "hal-011018888",
        "order-12345678",
        "hal-01101888v",
        "https://hal.science/",
        "https://hal.science/search/index?q=x",
        "https://api.archives-ouvertes.fr/search/?q=x",
        "https://example.org/hal-01101888",
        "halx:1",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in [
        "hal-01101888",
        "tel-01743851v2",
        "HAL Id: hal-01101888",
        "https://hal.science/hal-01101888",
    ] {
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Hal, "{s}");
    }
    let r = crate::read("hal:hal-0110188", &ReadOptions::default());
    assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Hal, "hal-number"));
    assert_ne!(crate::read("order-12345678", &ReadOptions::default()).kind, Kind::Hal);
    assert_eq!(
        Identifier::parse("https://hal.science/search/index").unwrap().kind(),
        Kind::Iri
    );
    let opts = ReadOptions::new(crate::ReadAs::Hal, None).unwrap();
    assert!(crate::read("univ-lorraine-01234567", &opts).result.is_ok());
}

#[test]
fn the_finder() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("(hal-insu-00123456v2), ⟨tel-01743851⟩; sic_00001234."),
        [
            (1, "hal-insu-00123456v2".to_owned()),
            (26, "tel-01743851".to_owned()),
            (43, "sic_00001234".to_owned())
        ]
    );
    assert!(found("xhal-01101888 hal-011018888 hal-0110188 order-12345678 hal-01101888a").is_empty());
    // Inside a URL the IRI finder has it.
    let kinds: Vec<(Kind, String)> =
        crate::extract::identifiers("HAL Id: hal-01101888 at https://hal.science/hal-01101888v1.")
            .map(|f| (f.kind, f.text.into_owned()))
            .collect();
    assert_eq!(
        kinds,
        [
            (Kind::Hal, "hal-01101888".to_owned()),
            (Kind::Hal, "https://hal.science/hal-01101888v1".to_owned())
        ]
    );
}

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match HalId::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(h) => {
            for w in h.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            let key = HalScheme::key(&h, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = HalScheme::normalize(&h, Level::Scheme, &out(form));
                let again = HalId::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(HalScheme::key(&again, Level::Scheme), key);
                assert_eq!(HalScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = h.parts();
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "hal:", "v1", "-v1", "a-v1", "hal-v1", "https://hal.science/1", "hal.x/1", "é-01234567", "hal-0123456é"] {
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
        fn never_panics_on_hal_shaped_strings(
            head in "(|hal:|HAL Id: |https://hal\\.science/|https://theses\\.hal\\.science/)",
            tail in "[a-zA-Z0-9_\\-/?#v é]{0,20}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(
            portal in "[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5})?",
            number in "[0-9]{8}",
            version in proptest::option::of(1u32..100),
            form in 0usize..5,
        ) {
            let v = version.map(|v| format!("v{v}")).unwrap_or_default();
            let id = format!("{portal}-{number}{v}");
            let written = match form {
                0 => id.clone(),
                1 => format!("HAL Id: {id}"),
                2 => format!("https://hal.science/{id}/document"),
                3 => id.to_ascii_uppercase(),
                _ => format!(" hal:{id}\t"),
            };
            let h = hal(&written);
            prop_assert_eq!(h.id(), id.as_str());
            let key = HalScheme::key(&h, Level::Scheme).into_owned();
            let n = HalScheme::normalize(&h, Level::Scheme, &PidOutput::default());
            prop_assert_eq!(&n, &key);
            prop_assert_eq!(HalScheme::key(&hal(&n), Level::Scheme), key);
            invariants(&written);
        }
    }
}
