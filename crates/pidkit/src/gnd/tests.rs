//! Tests of the GND unit: the DNB's check-digit examples, real records of the PND and SWD,
//! every error with its offset and hint, the canonical form and key of every written form,
//! detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn gnd(s: &str) -> GndId<'_> {
    GndId::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match GndId::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    GndId::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    gnd(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

/// A number with its check character appended by the rule of its form.
fn with_check(digits: &str, hyphenated: bool) -> String {
    let c = char::from(check_char(digits.as_bytes(), hyphenated));
    if hyphenated {
        format!("{digits}-{c}")
    } else {
        format!("{digits}{c}")
    }
}

// --- DNB, Prüfziffernberechnung ---

#[test]
fn the_dnb_examples() {
    // "Nummer 1": 0095980479, sum 287: X by the IDN/PND/GND rule, 1 by the SWD/GKD rule.
    assert_eq!(check_char(b"95980479", false), b'X');
    assert_eq!(check_char(b"0095980479", false), b'X');
    assert_eq!(check_char(b"95980479", true), b'1');
    assert_eq!(gnd("95980479X").id(), "95980479X");
    assert_eq!(gnd("95980479-1").id(), "95980479-1");
    assert_eq!(err("95980479-X"), ("gnd-check-digit", 9, 1));
    assert_eq!(err("959804791"), ("gnd-check-digit", 8, 1));
    // "Nummer 2": 0004030318, sum 81: 7 by the GND rule, 4 by the SWD/GKD rule.
    assert_eq!(check_char(b"4030318", false), b'7');
    assert_eq!(check_char(b"4030318", true), b'4');
    assert!(GndId::parse("4030318-4").is_ok());
    // Seven digits and a check character without a hyphen are too short for a GND number.
    assert_eq!(err("40303187"), ("gnd-length", 0, 8));
}

#[test]
fn real_records() {
    for (s, hyphenated) in [
        ("118540238", false), // Johann Wolfgang von Goethe (PND)
        ("118529579", false), // Albert Einstein (PND)
        ("118559796", false), // Immanuel Kant (PND)
        ("4005728-8", true),  // Berlin (SWD)
        ("4011882-4", true),  // Deutschland (SWD)
    ] {
        let g = gnd(s);
        assert_eq!((g.id().as_ref(), g.hyphenated()), (s, hyphenated));
        assert_eq!(g.uri(), format!("https://d-nb.info/gnd/{s}"));
        assert!(g.warnings().is_empty());
    }
}

#[test]
fn lengths() {
    for digits in ["10123456", "101234567", "1012345678"] {
        assert!(GndId::parse(&with_check(digits, false)).is_ok(), "{digits}");
    }
    for digits in ["1", "12", "1234567", "12345678"] {
        assert!(GndId::parse(&with_check(digits, true)).is_ok(), "{digits}");
    }
    assert_eq!(with_check("101234567", false), "101234567X");
    assert_eq!(err(&with_check("1012345", false)), ("gnd-length", 0, 8));
    assert_eq!(err(&with_check("10123456789", false)), ("gnd-length", 0, 12));
    assert_eq!(err(&with_check("123456789", true)), ("gnd-length", 0, 11));
}

// --- Written forms ---

#[test]
fn the_written_forms_and_their_canonical_form() {
    let uri = "https://d-nb.info/gnd/118540238";
    for s in [
        "118540238",
        "gnd:118540238",
        "GND:118540238",
        "GND 118540238",
        "GND: 118540238",
        "gnd:  118540238",
        "(DE-588)118540238",
        "(de-588)118540238",
        "(DE-588a)118540238",
        "https://d-nb.info/gnd/118540238",
        "http://d-nb.info/gnd/118540238",
        "HTTPS://D-NB.INFO/gnd/118540238",
        "https://d-nb.info/gnd/118540238/",
        "https://d-nb.info/gnd/118540238/about/html",
        "https://d-nb.info/gnd/118540238?x#y",
        "https://explore.gnd.network/gnd/118540238",
        "d-nb.info/gnd/118540238",
        " 118540238\n",
    ] {
        let g = gnd(s);
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(GndScheme::key(&g, level), uri, "{s}");
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url] {
                assert_eq!(GndScheme::normalize(&g, level, &out(form)), uri, "{s}");
            }
            assert_eq!(
                GndScheme::normalize(&g, level, &out(PidForm::Name)),
                "118540238"
            );
        }
        assert_eq!(GndScheme::key(&g, Level::Simple), s);
        assert_eq!(GndScheme::name(&g).as_deref(), Some("118540238"));
    }
    // A lower-case check character is upper-cased in the key.
    assert_eq!(gnd("gnd:95980479x").uri(), "https://d-nb.info/gnd/95980479X");
    assert!(matches!(gnd("95980479X").id(), Cow::Borrowed(_)));
    // The canonical form reads back as itself, without warnings.
    let c = gnd(uri);
    assert_eq!(c.uri(), uri);
    assert!(c.warnings().is_empty());
}

#[test]
fn urls_are_iris_and_convert_as_written() {
    let g = gnd("http://d-nb.info/gnd/118540238/about/html");
    assert!(GndScheme::as_iri(&g).is_some());
    let t = crate::ToUri::new();
    assert_eq!(
        GndScheme::to_uri(&g, &t, &PidOutput::default()).unwrap(),
        "http://d-nb.info/gnd/118540238/about/html"
    );
    assert_eq!(
        GndScheme::to_uri(&g, &t, &out(PidForm::Uri)).unwrap(),
        "https://d-nb.info/gnd/118540238"
    );
    let g = gnd("(DE-588)118540238");
    assert!(GndScheme::as_iri(&g).is_none());
    assert_eq!(
        GndScheme::to_uri(&g, &t, &PidOutput::default()).unwrap(),
        "https://d-nb.info/gnd/118540238"
    );
    assert_eq!(
        GndScheme::to_iri(&g, &crate::ToIri::new(), &out(PidForm::Name)).unwrap(),
        "118540238"
    );
}

// --- Errors ---

#[test]
fn every_error_with_its_offset_and_hint() {
    assert_eq!(err(""), ("gnd-not-gnd", 0, 0));
    assert!(hint("").is_some());
    assert_eq!(err("https://example.org/gnd/118540238"), ("gnd-not-gnd", 0, 33));
    assert_eq!(err("gnd:"), ("gnd-empty", 4, 0));
    assert_eq!(err("https://d-nb.info/gnd/"), ("gnd-empty", 22, 0));
    assert_eq!(err("11854O238"), ("gnd-char", 5, 1));
    assert_eq!(err("gnd:118 540238"), ("gnd-char", 7, 1));
    assert_eq!(hint("gnd:118 540238").as_deref(), Some("remove the space"));
    assert_eq!(err("4005728-8a"), ("gnd-char", 9, 1));
    assert_eq!(err("4005728-a"), ("gnd-char", 8, 1));
    assert_eq!(err("-8"), ("gnd-char", 0, 1));
    assert_eq!(err("X118540238"), ("gnd-char", 1, 1));
    assert_eq!(err("0118540238"), ("gnd-leading-zero", 0, 1));
    assert_eq!(
        hint("0118540238").as_deref(),
        Some("remove the leading zeros")
    );
    assert_eq!(err("1185402"), ("gnd-length", 0, 7));
    assert_eq!(err("X"), ("gnd-length", 0, 1));
    assert_eq!(err("4005728-"), ("gnd-missing-check", 8, 0));
    assert_eq!(err("118540237"), ("gnd-check-digit", 8, 1));
    assert_eq!(
        hint("118540237").as_deref(),
        Some("the check character should be '8'")
    );
    assert_eq!(err("4005728-3"), ("gnd-check-digit", 8, 1));
    assert_eq!(err("95980479-x"), ("gnd-check-digit", 9, 1));
    assert_eq!(
        hint("959804791").as_deref(),
        Some("the check character should be 'X'")
    );
    assert_eq!(err("https://d-nb.info/1234567890"), ("gnd-url", 17, 11));
    assert!(hint("https://d-nb.info/1234567890").is_some());
    assert_eq!(
        err("https://d-nb.info/gnd/118540238/a b"),
        ("gnd-char", 33, 1)
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("gnd-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        GndError::NotGnd,
        GndError::Empty,
        GndError::Char('x'),
        GndError::LeadingZero,
        GndError::Length(true),
        GndError::MissingCheck,
        GndError::CheckDigit('1', '2'),
        GndError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("gnd-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
    assert_ne!(
        GndError::Length(true).to_string(),
        GndError::Length(false).to_string()
    );
}

#[test]
fn warnings() {
    assert_eq!(warning_codes("\t118540238 "), ["gnd-surrounding-space"; 2]);
    assert_eq!(warning_codes("95980479x"), ["gnd-lowercase-x"]);
    let w = gnd("(DE-588c)4005728-8").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("gnd-old-isil", 0, 9));
    let w = gnd("https://d-nb.info/gnd/4005728-8/about/lds").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("gnd-url-extra", 31, 10));
}

// --- Parts, detection, the finder ---

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = GndParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "uri"]);
    let p = gnd("(DE-588)4005728-8").parts();
    let values: Vec<Value<'_>> = (0..3).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("4005728-8"),
            Value::Str("https://d-nb.info/gnd/4005728-8"),
            Value::Null
        ]
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "gnd:118540238",
        "GND:",
        "GND 118540238",
        "GND  4005728-8",
        "(DE-588)118540238",
        "(DE-588",
        "https://d-nb.info/gnd/118540238",
        "http://D-NB.info/GND/x",
        "explore.gnd.network/gnd/118540238",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "118540238",
        "4005728-8",
        "GND",
        "GND lists",
        "gndx:1",
        "https://d-nb.info/1234567890",
        "https://example.org/gnd/118540238",
        "https://lobid.org/gnd/118540238",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in [
        "(DE-588)118540238",
        "gnd:4005728-8",
        "GND 118540238",
        "https://d-nb.info/gnd/118540238",
    ] {
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Gnd, "{s}");
    }
    let r = crate::read("(DE-588)118540237", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Gnd, "gnd-check-digit")
    );
    assert_ne!(crate::read("118540238", &ReadOptions::default()).kind, Kind::Gnd);
    let opts = ReadOptions::new(crate::ReadAs::Gnd, None).unwrap();
    assert!(crate::read("118540238", &opts).result.is_ok());
}

#[test]
fn the_finder_takes_labels_only() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("GND 118540238, gnd:4005728-8 and (DE-588b)95980479-1."),
        [
            (0, "GND 118540238".to_owned()),
            (15, "gnd:4005728-8".to_owned()),
            (33, "(DE-588b)95980479-1".to_owned())
        ]
    );
    assert!(found("118540238 xgnd:118540238 gnd:118540237 gnd:118540238a GND numbers").is_empty());
    let kinds: Vec<Kind> = crate::extract::identifiers("GND: 118540238 or https://d-nb.info/gnd/4005728-8.")
        .map(|f| f.kind)
        .collect();
    assert_eq!(kinds, [Kind::Gnd, Kind::Gnd]);
}

// --- Properties ---

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match GndId::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(g) => {
            for w in g.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            let key = GndScheme::key(&g, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = GndScheme::normalize(&g, Level::Scheme, &out(form));
                let again = GndId::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(GndScheme::key(&again, Level::Scheme), key);
                assert_eq!(GndScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = g.parts();
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", "gnd:", "(DE-588)", "(DE-588d)1", "GND ", "-", "x", "\u{e9}", "1-\u{e9}"] {
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
        fn never_panics_on_gnd_shaped_strings(
            head in "(|gnd:|GND |\\(DE-588\\)|https://d-nb\\.info/gnd/)",
            tail in "[0-9Xx\\- /é]{0,14}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(
            digits in "[1-9][0-9]{0,9}",
            hyphenated in any::<bool>(),
            form in 0usize..5,
        ) {
            // 1 to 8 digits before a hyphen, 8 to 10 without.
            let digits = if hyphenated {
                digits[..digits.len().min(8)].to_owned()
            } else {
                format!("{digits:0<8}")
            };
            let id = with_check(&digits, hyphenated);
            let written = match form {
                0 => id.clone(),
                1 => format!("(DE-588){id}"),
                2 => format!("GND: {}", id.to_ascii_lowercase()),
                3 => format!("http://d-nb.info/gnd/{id}/about/html"),
                _ => format!(" gnd:{id}"),
            };
            let g = gnd(&written);
            prop_assert_eq!(g.id(), id.as_str());
            let key = GndScheme::key(&g, Level::Scheme).into_owned();
            prop_assert_eq!(&key, &format!("https://d-nb.info/gnd/{id}"));
            let n = GndScheme::normalize(&g, Level::Scheme, &PidOutput::default());
            prop_assert_eq!(GndScheme::key(&gnd(&n), Level::Scheme), key);
            invariants(&written);
        }

        #[test]
        fn a_changed_digit_is_caught(digits in "[1-9][0-9]{7,9}", at in any::<usize>(), d in 0u8..10) {
            let id = with_check(&digits, false);
            let i = at % digits.len();
            prop_assume!(digits.as_bytes()[i] != b'0' + d && !(i == 0 && d == 0));
            // The first of ten digits has weight 11: modulus 11 does not see it.
            prop_assume!(!(digits.len() == 10 && i == 0));
            let mut changed = id.into_bytes();
            changed[i] = b'0' + d;
            let changed = String::from_utf8(changed).unwrap();
            prop_assert_eq!(GndId::parse(&changed).unwrap_err().code(), "gnd-check-digit");
        }
    }
}
