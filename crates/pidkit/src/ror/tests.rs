//! Tests of the ROR unit against ROR's published examples ("ROR facts", the documentation's
//! IDs), the check digits of the ROR API's generator, every error with its offset and hint,
//! the written forms, detection, the finder, and properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn ror(s: &str) -> Ror<'_> {
    Ror::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset, length and hint of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match Ror::parse(s) {
        Ok(r) => panic!("{s:?} parsed: {r:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

fn err3(s: &str) -> (&'static str, usize, usize) {
    let (c, o, l, _) = err(s);
    (c, o, l)
}

fn normal(s: &str, level: Level, form: PidForm) -> String {
    let out = PidOutput {
        form,
        ..PidOutput::default()
    };
    RorScheme::normalize(&ror(s), level, &out).into_owned()
}

#[test]
fn published_ids() {
    // ROR's documentation and facts page, and IDs of well-known organizations.
    for id in [
        "01k4yrm29", "03yrm5c26", "05dxps055", "02mhbdp94", "03ths8210", "04aj4c181", "0130frc33",
        "02jx3x895", "04wxnsj81", "00pjdza24", "05asf4e91", "01kj2bm70", "049e6bc10",
    ] {
        let url = format!("https://ror.org/{id}");
        let r = ror(&url);
        assert_eq!(r.id(), id);
        assert_eq!(check_digits(&id.as_bytes()[1..7]).as_deref(), Some(r.check()));
        assert!(r.warnings().is_empty());
    }
}

#[test]
fn the_check_digits_are_those_of_the_generator() {
    // The generator: n random, six characters of Crockford base 32 (zero-padded), then
    // 98 - (n * 100 mod 97) in two digits.
    for n in [0u64, 1, 31, 32, 12345, 199_999_999, 200_000_000] {
        let mut six = [b'0'; 6];
        let mut m = n;
        for k in (0..6).rev() {
            six[k] = b"0123456789abcdefghjkmnpqrstvwxyz"[(m % 32) as usize];
            m /= 32;
        }
        let check = format!("{:02}", 98 - (n * 100) % 97);
        assert_eq!(check_digits(&six).unwrap(), check, "{n}");
        let id = format!("0{}{check}", std::str::from_utf8(&six).unwrap());
        assert_eq!(ror(&id).id(), id);
    }
    assert_eq!(check_digits(b"5dxpso"), None);
}

#[test]
fn every_written_form_names_the_same_id() {
    for (s, form) in [
        ("05dxps055", RorForm::Name),
        ("05DXPS055", RorForm::Name),
        ("ror:05dxps055", RorForm::Label),
        ("ROR: 05dxps055", RorForm::Label),
        ("ROR ID 05dxps055", RorForm::Label),
        ("ROR ID: 05dxps055", RorForm::Label),
        ("ROR: https://ror.org/05dxps055", RorForm::Label),
        ("https://ror.org/05dxps055", RorForm::Url),
        ("http://ror.org/05dxps055", RorForm::Url),
        ("https://www.ror.org/05dxps055/", RorForm::Url),
        ("HTTPS://ROR.ORG/05DXPS055", RorForm::Url),
        ("ror.org/05dxps055", RorForm::Url),
        ("www.ror.org/05dxps055", RorForm::Url),
    ] {
        let r = ror(s);
        assert_eq!(r.form(), form, "{s}");
        assert_eq!(RorScheme::key(&r, Level::Scheme), "05dxps055", "{s}");
        assert_eq!(RorScheme::key(&r, Level::Syntax), "05dxps055", "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            for f in [PidForm::Auto, PidForm::Uri, PidForm::Url] {
                assert_eq!(normal(s, level, f), "https://ror.org/05dxps055", "{s}");
            }
            assert_eq!(normal(s, level, PidForm::Name), "05dxps055");
        }
        assert_eq!(normal(s, Level::Simple, PidForm::Auto), s);
        assert_eq!(RorScheme::name(&r).as_deref(), Some("05dxps055"));
    }
    assert!(matches!(
        RorScheme::key(&ror("05dxps055"), Level::Scheme),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn warnings() {
    let codes = |s| {
        ror(s)
            .warnings()
            .iter()
            .map(|w| (w.code.as_str(), w.offset, w.len))
            .collect::<Vec<_>>()
    };
    assert_eq!(codes("https://ror.org/05DXps055"), [("ror-case", 16, 9)]);
    assert_eq!(
        codes(" 05dxps055 "),
        [("ror-surrounding-space", 0, 1), ("ror-surrounding-space", 10, 1)]
    );
    // Upper case in the scheme and host is no warning: they are not the ID.
    assert!(codes("HTTPS://ROR.ORG/05dxps055").is_empty());
}

#[test]
fn errors() {
    let hint = |s: &str| Some(s.to_owned());
    assert_eq!(
        err(""),
        ("ror-empty", 0, 0, hint("a ROR ID reads https://ror.org/05dxps055, or 05dxps055"))
    );
    assert_eq!(err3("https://ror.org/"), ("ror-empty", 16, 0));
    assert_eq!(err3("ror:"), ("ror-empty", 4, 0));
    assert_eq!(err3("doi:10.1/x"), ("ror-not-ror", 0, 4));
    assert_eq!(
        err("https://grid.ac/05dxps055"),
        ("ror-url-host", 8, 7, hint("write https://ror.org/ and the ID"))
    );
    assert_eq!(
        err("https://ror.org/05dxps055?x=1"),
        ("ror-url-rest", 25, 4, hint("remove '?x=1'"))
    );
    // The invalid examples of "ROR facts".
    assert_eq!(err3("https://ror.org/11k4yrm29"), ("ror-first", 16, 1));
    assert_eq!(err("https://ror.org/01k34yrm29"), ("ror-length", 25, 1, None));
    assert_eq!(
        err("https://ror.org/01kOyrm29"),
        ("ror-char", 19, 1, hint("Crockford base 32 has no letter O: write the digit 0"))
    );
    assert_eq!(
        err("https://ror.org/01k4yrm30"),
        ("ror-check", 23, 2, hint("the check digits should be '29': check the ID for a transcription error"))
    );
    assert_eq!(err("O5dxps055"), ("ror-first", 0, 1, hint("the letter O: write the digit 0")));
    assert_eq!(err("05dxpl055").3, hint("Crockford base 32 has no letter L: write the digit 1"));
    assert_eq!(err("05dxpi055").3, hint("Crockford base 32 has no letter I: write the digit 1"));
    assert_eq!(err3("05dups055"), ("ror-char", 3, 1));
    assert_eq!(
        err("05dxps0a5"),
        ("ror-char", 7, 1, hint("the last two characters of a ROR ID are its check digits, 0-9"))
    );
    assert_eq!(err3("05dx-ps055"), ("ror-char", 4, 1));
    assert_eq!(err3("05dxpsé55"), ("ror-char", 6, 2));
    assert_eq!(err3("-5dxps055"), ("ror-char", 0, 1));
    assert_eq!(err3("05dxps05"), ("ror-length", 8, 0));
    assert_eq!(err3("012dev089"), ("ror-check", 7, 2));
    for s in ["", "doi:1", "https://a/0", "https://ror.org/0/x", "1", "0-", "05dxps05", "05dxps056"] {
        assert!(Ror::parse(s).unwrap_err().to_string().contains("(ROR, Identifier)"), "{s}");
    }
}

#[test]
fn codes_are_unique_and_prefixed() {
    let errors = [
        RorError::Empty,
        RorError::NotRor("doi".into()),
        RorError::UrlHost("a".into()),
        RorError::UrlRest("/a".into()),
        RorError::First('1'),
        RorError::Char('-', 3),
        RorError::Length(3),
        RorError::Check("01".into(), "02".into()),
    ];
    let mut seen = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("ror-") && seen.insert(e.code()), "{}", e.code());
    }
    for c in codes::ALL {
        assert!(c.as_str().starts_with("ror-") && seen.insert(c.as_str()), "{c}");
    }
}

#[test]
fn claims_by_shape() {
    for t in [
        "https://ror.org/05dxps055",
        "http://www.ror.org/05dxps055/",
        "ror.org/05dxps055",
        "https://ror.org/11k4yrm29",
        "https://ror.org/0",
        "ror:",
        "ror:05dxps055",
        "ROR: x",
        "ROR 05dxps055",
        "ROR ID 05dxps055",
        "ROR https://ror.org/05dxps055",
        "05dxps055",
        "05DXPS055",
        "05dxps056",
        "01kOyrm29",
        // Nine digits whose check digits hold.
        "000000098",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "ror",
        "ROR was launched in 2019",
        "https://ror.org/",
        "https://ror.org/search",
        "https://ror.org/about",
        "https://example.org/05dxps055",
        "012345678",
        "05dxps05",
        "05dxps0555",
        "15dxps055",
        "05dxps0a5",
        "05dx-s055",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in [
        "https://ror.org/05dxps055",
        "ror.org/05dxps055",
        "05dxps055",
        "05DXPS055",
        "ror:05dxps055",
        "ROR: 05dxps055",
        " https://ror.org/05dxps055/ ",
    ] {
        let id = Identifier::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(id.kind(), Kind::Ror, "{s}");
        assert_eq!(id.key(Level::Scheme).as_str(), "05dxps055");
        assert_eq!(id.normalize(Level::Scheme), "https://ror.org/05dxps055");
        assert!(crate::reading::candidates(s, &ReadOptions::default()).is_empty());
    }
    let r = crate::read("https://ror.org/05dxps056", &ReadOptions::default());
    assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Ror, "ror-check"));
    let r = crate::read("05dxps056", &ReadOptions::default());
    assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Ror, "ror-check"));
    // The registry's other pages are IRIs; a nine-digit number is a relative reference.
    assert_eq!(crate::read("https://ror.org/search", &ReadOptions::default()).kind, Kind::Iri);
    assert_eq!(crate::read("012345678", &ReadOptions::default()).kind, Kind::RelativeRef);
}

#[test]
fn conversions() {
    use crate::{ToIri, ToUri};
    let out = |form| PidOutput {
        form,
        ..PidOutput::default()
    };
    let uri = |s: &str, form| {
        RorScheme::to_uri(&ror(s), &ToUri::new(), &out(form))
            .unwrap()
            .into_owned()
    };
    assert_eq!(uri("http://ror.org/05dxps055", PidForm::Auto), "http://ror.org/05dxps055");
    assert_eq!(uri("http://ror.org/05dxps055", PidForm::Url), "https://ror.org/05dxps055");
    assert_eq!(uri("05dxps055", PidForm::Auto), "https://ror.org/05dxps055");
    assert_eq!(uri("ror.org/05DXPS055", PidForm::Name), "05dxps055");
    let iri = RorScheme::to_iri(&ror("05dxps055"), &ToIri::new(), &out(PidForm::Auto));
    assert_eq!(iri.unwrap(), "https://ror.org/05dxps055");
}

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let names: Vec<&str> = RorParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "url", "form"]);
    assert!(RorParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let p = ror("ROR: 05DXPS055").parts();
    let values: Vec<Value<'_>> = (0..4).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("05dxps055"),
            Value::Str("https://ror.org/05dxps055"),
            Value::Str("label"),
            Value::Null
        ]
    );
    assert_eq!(format!("{:?}", ror("05dxps055")), "Ror(\"05dxps055\")");
}

#[test]
fn finder() {
    let found = |text: &str| -> Vec<(usize, usize, String)> {
        find_iter(text).map(|f| (f.start, f.end, f.text.to_owned())).collect()
    };
    assert_eq!(
        found("(ROR: 05dxps055) ror.org/03yrm5c26/ and ror:04wxnsj81."),
        [
            (1, 15, "ROR: 05dxps055".to_owned()),
            (17, 35, "ror.org/03yrm5c26/".to_owned()),
            (40, 53, "ror:04wxnsj81".to_owned()),
        ]
    );
    for text in [
        "05dxps055",
        "ROR: 05dxps056",
        "https://ror.org/05dxps055",
        "error: 05dxps055",
        "ror.org/05dxps0555",
        "mirror.org/05dxps055",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
    let kinds: Vec<(Kind, String)> =
        crate::extract::identifiers("see https://ror.org/05dxps055 and ror.org/03yrm5c26.")
            .map(|f| (f.kind, f.text.into_owned()))
            .collect();
    assert_eq!(
        kinds,
        [
            (Kind::Ror, "https://ror.org/05dxps055".to_owned()),
            (Kind::Ror, "ror.org/03yrm5c26".to_owned())
        ]
    );
}

// --- Properties ---

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Ror::parse(s) {
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
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let k = RorScheme::key(&r, Level::Scheme).into_owned();
            assert_eq!(k, r.id());
            for form in PidForm::ALL {
                let out = PidOutput {
                    form: *form,
                    ..PidOutput::default()
                };
                let n = RorScheme::normalize(&r, Level::Scheme, &out).into_owned();
                let again = Ror::parse(&n).unwrap_or_else(|e| panic!("{s:?} -> {n:?}: {e}"));
                assert_eq!(RorScheme::key(&again, Level::Scheme), k);
                assert_eq!(RorScheme::normalize(&again, Level::Scheme, &out), n);
                assert!(again.warnings().is_empty());
                assert!(claims(n.as_bytes()), "{n}");
            }
            let _ = (r.parts(), r.written(), r.form());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "", " ", "ror", "ror:", "ROR ID", "ROR ID:", "ror.org", "https://ror.org", "https://ror.org//",
        "0", "0é", "05dxps05é", "05dxps055é", "ror: ror: 05dxps055",
    ] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// A valid ROR ID: six Crockford characters and their check digits.
    fn id() -> impl Strategy<Value = String> {
        "[0-9a-hjkmnp-tv-z]{6}".prop_map(|six| {
            let c = check_digits(six.as_bytes()).unwrap();
            format!("0{six}{c}")
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_ror_shaped_strings(
            head in "(|ror:|ROR: |https://ror\\.org/|http://www\\.ror\\.org/|ror\\.org/| )",
            tail in "[0-9a-zA-Z/?#é\\-]{0,12}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn every_form_has_the_same_key_and_normal_form(
            id in id(),
            head in "(|ror:|ROR: |ROR ID |https://ror\\.org/|http://www\\.ror\\.org/|ror\\.org/|HTTPS://ROR\\.ORG/)",
            upper in any::<bool>(),
            slash in any::<bool>(),
            space in "( |\t|)",
        ) {
            let url = head.to_ascii_lowercase().contains("ror.org/");
            let body = if upper { id.to_ascii_uppercase() } else { id.clone() };
            let tail = if url && slash { "/" } else { "" };
            let written = format!("{space}{head}{body}{tail}{space}");
            let r = Ror::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(r.id(), id.as_str());
            let canonical = format!("https://ror.org/{id}");
            prop_assert_eq!(RorScheme::normalize(&r, Level::Syntax, &PidOutput::default()), canonical.as_str());
            invariants(&written);
            // Detected as ROR in every form, the bare one included (it holds a letter, or its
            // check digits hold).
            let found = Identifier::parse(&written).unwrap();
            prop_assert_eq!(found.kind(), Kind::Ror);
            let k = found.key(Level::Scheme);
            prop_assert_eq!(k.as_str(), id.as_str());
            prop_assert_eq!(Identifier::parse(&canonical).unwrap().normalize(Level::Scheme), canonical.as_str());
        }

        #[test]
        fn a_changed_character_is_caught(id in id(), at in 1usize..9, d in 1u8..10) {
            let mut b = id.into_bytes();
            if at >= 7 {
                b[at] = b'0' + (b[at] - b'0' + d) % 10;
            } else {
                let alphabet = b"0123456789abcdefghjkmnpqrstvwxyz";
                let p = alphabet.iter().position(|&c| c == b[at]).unwrap();
                b[at] = alphabet[(p + usize::from(d)) % 32];
            }
            let s = String::from_utf8(b).unwrap();
            // MOD 97-10 catches every single substitution.
            prop_assert_eq!(Ror::parse(&s).unwrap_err().code(), "ror-check");
        }
    }
}
