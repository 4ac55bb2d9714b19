//! Tests of the RRID unit: the initiative's examples, every error with its offset and hint, the
//! canonical form and key of every written form, detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn rrid(s: &str) -> Rrid<'_> {
    Rrid::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Rrid::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    Rrid::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    rrid(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

#[test]
fn the_initiatives_examples() {
    // The citation formats of the Resource Identification Portal, and the brief's.
    for (s, registry, accession) in [
        ("RRID:AB_2298772", "AB", "2298772"),
        ("RRID:NXR_1049", "NXR", "1049"),
        ("RRID:CVCL_1H60", "CVCL", "1H60"),
        ("RRID:Addgene_12259", "Addgene", "12259"),
        ("RRID:SAMN19842595", "SAMN", "19842595"),
        ("RRID:SCR_007358", "SCR", "007358"),
        ("RRID:AB_2138153", "AB", "2138153"),
        ("RRID:SCR_001905", "SCR", "001905"),
        ("RRID:CVCL_0033", "CVCL", "0033"),
        ("RRID:IMSR_JAX:000664", "IMSR_JAX", "000664"),
        ("RRID:MGI:3840442", "MGI", "3840442"),
        ("RRID:ZFIN_ZDB-ALT-120713-1", "ZFIN", "ZDB-ALT-120713-1"),
        ("RRID:MMRRC_000288-UNC", "MMRRC", "000288-UNC"),
        ("RRID:BDSC_5905", "BDSC", "5905"),
        ("RRID:WB-STRAIN:N2", "WB-STRAIN", "N2"),
        ("RRID:nif-0000-30467", "nif", "0000-30467"),
        ("RRID:nlx_153890", "nlx", "153890"),
    ] {
        let r = rrid(s);
        assert_eq!((r.registry().as_ref(), r.accession()), (registry, accession), "{s}");
        assert_eq!(r.id(), s);
        assert!(matches!(r.id(), Cow::Borrowed(_)), "{s}");
        assert!(r.warnings().is_empty(), "{s}: {:?}", r.warnings());
        assert!(r.known_registry().is_some());
    }
}

#[test]
fn the_written_forms_and_their_canonical_form() {
    for (s, id, warnings) in [
        ("RRID:AB_2138153", "RRID:AB_2138153", &[][..]),
        ("rrid:AB_2138153", "RRID:AB_2138153", &["rrid-label-case"]),
        ("RRID: AB_2138153", "RRID:AB_2138153", &["rrid-space"]),
        ("RRID:ab_2138153", "RRID:AB_2138153", &["rrid-registry-case"]),
        ("AB_2138153", "RRID:AB_2138153", &["rrid-no-label"]),
        ("RRID:AB:2138153", "RRID:AB_2138153", &["rrid-separator"]),
        ("RRID:IMSR_JAX_000664", "RRID:IMSR_JAX:000664", &["rrid-separator"]),
        ("RRID:MGI_3840442", "RRID:MGI:3840442", &["rrid-separator"]),
        ("RRID:ADDGENE_12345", "RRID:Addgene_12345", &["rrid-registry-case"]),
        ("RRID:XYZ_1", "RRID:XYZ_1", &["rrid-unknown-registry"]),
        ("RRID:XYZ:1", "RRID:XYZ:1", &["rrid-unknown-registry"]),
        ("https://scicrunch.org/resolver/RRID:AB_2138153", "RRID:AB_2138153", &[]),
        ("https://scicrunch.org/resolver/AB_2138153", "RRID:AB_2138153", &[]),
        ("http://www.scicrunch.org/resolver/RRID:AB_2138153?x", "RRID:AB_2138153", &["rrid-url-extra"]),
        ("https://identifiers.org/RRID:AB_2138153", "RRID:AB_2138153", &[]),
        ("https://identifiers.org/rrid/RRID:AB_2138153", "RRID:AB_2138153", &[]),
        (" RRID:AB_2138153\n", "RRID:AB_2138153", &["rrid-surrounding-space", "rrid-surrounding-space"]),
    ] {
        let r = rrid(s);
        assert_eq!(warning_codes(s), warnings, "{s}");
        let local = id.trim_start_matches("RRID:");
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(RridScheme::key(&r, level), id, "{s}");
            for form in [PidForm::Auto, PidForm::Uri] {
                assert_eq!(RridScheme::normalize(&r, level, &out(form)), id);
            }
            assert_eq!(
                RridScheme::normalize(&r, level, &out(PidForm::Url)),
                format!("https://scicrunch.org/resolver/{id}")
            );
            assert_eq!(RridScheme::normalize(&r, level, &out(PidForm::Name)), local);
        }
        assert_eq!(RridScheme::key(&r, Level::Simple), s);
    }
}

#[test]
fn conversions() {
    let t = crate::ToUri::new();
    let r = rrid("RRID:AB_2138153");
    assert!(RridScheme::as_iri(&r).is_none());
    assert_eq!(
        RridScheme::to_uri(&r, &t, &PidOutput::default()).unwrap(),
        "https://scicrunch.org/resolver/RRID:AB_2138153"
    );
    assert_eq!(
        RridScheme::to_iri(&r, &crate::ToIri::new(), &out(PidForm::Name)).unwrap(),
        "AB_2138153"
    );
    let r = rrid("https://identifiers.org/RRID:AB_2138153");
    assert_eq!(
        RridScheme::to_uri(&r, &t, &PidOutput::default()).unwrap(),
        "https://identifiers.org/RRID:AB_2138153"
    );
    assert_eq!(RridScheme::name(&r).as_deref(), Some("AB_2138153"));
}

#[test]
fn every_error_with_its_offset_and_hint() {
    assert_eq!(err(""), ("rrid-not-rrid", 0, 0));
    assert!(hint("").is_some());
    assert_eq!(err("https://example.org/RRID:AB_1"), ("rrid-not-rrid", 0, 29));
    assert_eq!(err("RRID:"), ("rrid-empty", 5, 0));
    assert_eq!(err("RRID:   "), ("rrid-empty", 5, 0));
    assert_eq!(err("RRID:AB 2138153"), ("rrid-char", 7, 1));
    assert_eq!(hint("RRID:AB 2138153").as_deref(), Some("remove the space"));
    assert_eq!(err("RRID:AB_2138153,"), ("rrid-char", 15, 1));
    assert_eq!(err("RRID:AB_2138153."), ("rrid-char", 15, 1));
    assert!(hint("RRID:AB_2138153.").unwrap().contains("punctuation"));
    assert_eq!(err("RRID:2138153"), ("rrid-registry", 5, 7));
    assert_eq!(err("RRID:_1"), ("rrid-registry", 5, 1));
    assert_eq!(err("RRID:1X_1"), ("rrid-registry", 5, 2));
    assert_eq!(
        hint("RRID:2138153").as_deref(),
        Some("write the registry's prefix in front, e.g. RRID:AB_2138153")
    );
    assert_eq!(err("rrid:RRID:AB_262044"), ("rrid-double-label", 5, 5));
    assert_eq!(hint("RRID:RRID:AB_1").as_deref(), Some("remove the second RRID:"));
    assert_eq!(err("RRID:AB_"), ("rrid-missing-accession", 8, 0));
    assert_eq!(err("RRID:XYZ_"), ("rrid-missing-accession", 9, 0));
    assert_eq!(err("RRID:AB_12a"), ("rrid-accession", 8, 3));
    assert_eq!(err("RRID:SCR_1905"), ("rrid-accession", 9, 4));
    assert_eq!(err("RRID:CVCL_33"), ("rrid-accession", 10, 2));
    assert_eq!(err("RRID:CVCL_1h60"), ("rrid-accession", 10, 4));
    assert!(
        Rrid::parse("RRID:SCR_1905")
            .unwrap_err()
            .to_string()
            .contains("six digits")
    );
    assert_eq!(err("https://scicrunch.org/resources"), ("rrid-url", 21, 10));
    assert_eq!(err("https://scicrunch.org/resolver/"), ("rrid-url", 21, 10));
    assert_eq!(err("https://identifiers.org/taxonomy:9606"), ("rrid-url", 23, 14));
    assert_eq!(
        err("https://scicrunch.org/resolver/RRID:AB_1/a b"),
        ("rrid-char", 42, 1)
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("rrid-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        RridError::NotRrid,
        RridError::Empty,
        RridError::Char('x'),
        RridError::Registry,
        RridError::DoubleLabel,
        RridError::MissingAccession,
        RridError::Accession("x", "y"),
        RridError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("rrid-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
    // Every registry's prefix is distinct, case-insensitively.
    let mut prefixes = std::collections::HashSet::new();
    for r in REGISTRIES {
        assert!(prefixes.insert(r.prefix.to_ascii_lowercase()), "{}", r.prefix);
    }
}

#[test]
fn warning_spans() {
    let w = rrid("rrid:  ab:1").warnings();
    assert_eq!(
        w.iter().map(|w| (w.code.as_str(), w.offset, w.len)).collect::<Vec<_>>(),
        [
            ("rrid-label-case", 0, 5),
            ("rrid-space", 5, 2),
            ("rrid-registry-case", 7, 2),
            ("rrid-separator", 9, 1)
        ]
    );
}

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = RridParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "registry", "accession", "url"]);
    let p = rrid("https://scicrunch.org/resolver/RRID:IMSR_JAX_000664").parts();
    let values: Vec<Value<'_>> = (0..5).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("RRID:IMSR_JAX:000664"),
            Value::Str("IMSR_JAX"),
            Value::Str("000664"),
            Value::Str("https://scicrunch.org/resolver/RRID:IMSR_JAX:000664"),
            Value::Null
        ]
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "RRID:AB_2138153",
        "rrid:",
        "RRID: x",
        "https://scicrunch.org/resolver/RRID:AB_1",
        "https://scicrunch.org/resolver/AB_1",
        "https://identifiers.org/RRID:AB_1",
        "https://identifiers.org/rrid/RRID:AB_1",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "AB_2138153",
        "RRID",
        "RRIDs",
        "https://scicrunch.org/resources",
        "https://scicrunch.org/resolver/",
        "https://identifiers.org/taxonomy:9606",
        "https://example.org/RRID:AB_1",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in [
        "RRID:AB_2138153",
        "RRID: SCR_001905",
        "https://scicrunch.org/resolver/RRID:CVCL_0033",
    ] {
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Rrid, "{s}");
    }
    let r = crate::read("RRID:SCR_1905", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Rrid, "rrid-accession")
    );
    assert_ne!(crate::read("AB_2138153", &ReadOptions::default()).kind, Kind::Rrid);
    let opts = ReadOptions::new(crate::ReadAs::Rrid, None).unwrap();
    assert!(crate::read("AB_2138153", &opts).result.is_ok());
}

#[test]
fn the_finder() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("(RRID:AB_2138153), RRID: IMSR_JAX:000664; rrid:SCR_001905."),
        [
            (1, "RRID:AB_2138153".to_owned()),
            (19, "RRID: IMSR_JAX:000664".to_owned()),
            (42, "rrid:SCR_001905".to_owned())
        ]
    );
    assert!(found("xRRID:AB_1 RRID:SCR_1 RRID:2138153 RRID: and RRIDs").is_empty());
    let kinds: Vec<Kind> = crate::extract::identifiers(
        "RRID:AB_2138153 and https://scicrunch.org/resolver/RRID:SCR_001905.",
    )
    .map(|f| f.kind)
    .collect();
    assert_eq!(kinds, [Kind::Rrid, Kind::Rrid]);
}

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Rrid::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(r) => {
            for w in r.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            let key = RridScheme::key(&r, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = RridScheme::normalize(&r, Level::Scheme, &out(form));
                let again = Rrid::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(RridScheme::key(&again, Level::Scheme), key, "{s:?} -> {n:?}");
                assert_eq!(RridScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = r.parts();
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "RRID:", "RRID: ", "RRID:a", "RRID:a_", "RRID:SAMN", "RRID:SAMN1", "RRID:nif-", "RRID:é", "https://scicrunch.org/resolver/RRID:", "https://identifiers.org/"] {
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
        fn never_panics_on_rrid_shaped_strings(
            head in "(|RRID:|rrid: |https://scicrunch\\.org/resolver/(RRID:)?|https://identifiers\\.org/RRID:)",
            tail in "(AB|SCR|CVCL|IMSR_JAX|SAMN|nif|Xy)?[_:\\-]?[A-Za-z0-9_.:\\-/? é]{0,14}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(
            which in 0usize..6,
            digits in "[0-9]{6}",
            upper in any::<bool>(),
            form in 0usize..4,
        ) {
            let local = match which {
                0 => format!("AB_{digits}"),
                1 => format!("SCR_{digits}"),
                2 => format!("CVCL_{}", &digits[..4]),
                3 => format!("IMSR_JAX:{digits}"),
                4 => format!("SAMN{digits}"),
                _ => format!("Foo_{digits}x"),
            };
            let id = format!("RRID:{local}");
            let written_local = if upper { local.to_ascii_uppercase() } else { local.clone() };
            let written = match form {
                0 => format!("RRID:{written_local}"),
                1 => format!("rrid: {written_local}"),
                2 => format!("https://scicrunch.org/resolver/RRID:{written_local}"),
                _ => written_local.clone(),
            };
            let r = rrid(&written);
            if which < 5 || !upper {
                prop_assert_eq!(r.id(), id.as_str());
            }
            let key = RridScheme::key(&r, Level::Scheme).into_owned();
            let n = RridScheme::normalize(&r, Level::Scheme, &PidOutput::default());
            prop_assert_eq!(&n, &key);
            prop_assert_eq!(RridScheme::key(&rrid(&n), Level::Scheme), key);
            invariants(&written);
        }
    }
}
