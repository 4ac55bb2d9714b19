//! Tests of the ISBN unit: the ISBN Users' Manual's examples, every error with its offset and
//! hint, the written forms and their canonical form and key, the range data, auto-detection,
//! the finder, and properties.

use super::*;
use crate::scheme::Scheme;
use crate::{Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn isbn(s: &str) -> Isbn<'_> {
    Isbn::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset, length and hint of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match Isbn::parse(s) {
        Ok(i) => panic!("{s:?} parsed: {i:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

/// The code, offset and length of the error of `s`.
fn at(s: &str) -> (&'static str, usize, usize) {
    let (code, offset, len, _) = err(s);
    (code, offset, len)
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    isbn(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

// --- The examples of the ISBN Users' Manual and of ISO 2108 ---

#[test]
fn users_manual_examples() {
    // The Manual's own ISBN (the International ISBN Agency, group 92) and its bar code example.
    let i = isbn("978-92-95055-02-5");
    assert_eq!((i.group(), i.registrant(), i.publication()), (Some("92"), Some("95055"), Some("02")));
    assert_eq!(i.check(), '5');
    assert_eq!(isbn("ISBN 978-1-873671-00-9").hyphenated().as_deref(), Some("978-1-873671-00-9"));
    // The check digit calculation of an ISBN-13 (weights 1, 3) and an ISBN-10 (10 to 2).
    assert_eq!(crate::ean::gs1_check(b"978030640615"), b'7');
    assert_eq!(syntax::isbn10_check(b"030640615"), b'2');
    assert_eq!(isbn("0-306-40615-2").isbn13(), "9780306406157");
    // X: the check value 10 of an ISBN-10.
    assert_eq!(syntax::isbn10_check(b"080442957"), b'X');
    assert_eq!(isbn("0-8044-2957-X").isbn13(), "9780804429573");
}

#[test]
fn isbn_10_and_13_are_one_isbn() {
    for (ten, thirteen) in [
        ("0-596-52068-9", "978-0-596-52068-7"),
        ("0-306-40615-2", "978-0-306-40615-7"),
        ("3-16-148410-X", "978-3-16-148410-0"),
        ("0-8044-2957-X", "978-0-8044-2957-3"),
        ("89-6626-126-4", "978-89-6626-126-0"),
    ] {
        assert_eq!(isbn(ten).key(), isbn(thirteen).key(), "{ten}");
        assert_eq!(isbn(ten).canonical(), thirteen);
        assert_eq!(isbn(thirteen).isbn10().unwrap(), ten.replace('-', ""));
        assert_eq!(isbn(thirteen).hyphenated10().as_deref(), Some(ten));
        assert!(isbn(ten).is_isbn10() && !isbn(thirteen).is_isbn10());
    }
    // 979 ISBNs have no ISBN-10.
    let i = isbn("979-10-90636-07-1");
    assert_eq!((i.isbn10(), i.hyphenated10()), (None, None));
    assert_eq!(i.group_name().as_deref(), Some("France"));
}

#[test]
fn range_data_hyphenates_and_names_groups() {
    for (s, hyphenated, group) in [
        ("9780596520687", "978-0-596-52068-7", "English language"),
        ("9783161484100", "978-3-16-148410-0", "German language"),
        ("9788966261260", "978-89-6626-126-0", "Korea, Republic"),
        ("9781492067665", "978-1-4920-6766-5", "English language"),
        ("9789295055025", "978-92-95055-02-5", "International NGO Publishers and EU Organizations"),
    ] {
        let i = isbn(s);
        assert_eq!(i.hyphenated().as_deref(), Some(hyphenated), "{s}");
        assert_eq!(i.group_name().as_deref(), Some(group), "{s}");
        assert!(i.is_assigned());
    }
}

#[test]
fn unassigned_ranges_are_warned_not_rejected() {
    // 978-6 is assigned by groups of three digits; 978-699… is not assigned yet (range
    // 6990000-6999999 has length 0 in the data); a valid check digit makes it readable.
    let d = b"978699000000";
    let s = format!("{}{}", std::str::from_utf8(d).unwrap(), char::from(crate::ean::gs1_check(d)));
    let i = isbn(&s);
    assert!(!i.is_assigned());
    assert_eq!((i.hyphenated(), i.group(), i.group_name()), (None, None, None));
    assert_eq!(i.canonical(), s.as_str());
    assert_eq!(warning_codes(&s), ["isbn-unassigned-range"]);
    // 979-0: the ISMN's range.
    assert_eq!(warning_codes("9790260000438"), ["isbn-ismn"]);
    assert!(isbn("979-0-2600-0043-8").is_ismn());
}

// --- Written forms ---

#[test]
fn written_forms_have_one_canonical_form_and_key() {
    let forms = [
        "978-0-596-52068-7",
        "9780596520687",
        "978 0 596 52068 7",
        "ISBN 978-0-596-52068-7",
        "ISBN: 978-0-596-52068-7",
        "isbn:9780596520687",
        "ISBN-13: 978-0-596-52068-7",
        "ISBN-13 9780596520687",
        "ISBN13: 9780596520687",
        "ISBN 0-596-52068-9",
        "ISBN-10: 0596520689",
        "ISBN10 0-596-52068-9",
        "0596520689",
        "0-596-52068-9",
        "  ISBN 0-596-52068-9\t",
        "IsBn 978-0596520687",
    ];
    for f in forms {
        let i = isbn(f);
        assert_eq!(i.canonical(), "978-0-596-52068-7", "{f}");
        assert_eq!(i.key(), "9780596520687", "{f}");
        let d = Identifier::parse(f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!(d.kind(), Kind::Isbn, "{f}");
        assert_eq!(d.key_text(Level::Scheme), "9780596520687");
        assert_eq!(d.key_text(Level::Simple), f);
        assert_eq!(d.normalize(Level::Syntax), "978-0-596-52068-7");
    }
    // Borrowed when the input is already the form.
    assert!(matches!(isbn("978-0-596-52068-7").canonical(), Cow::Borrowed(_)));
    assert!(matches!(isbn("9780596520687").key(), Cow::Borrowed(_)));
}

#[test]
fn output_forms() {
    let i = isbn("ISBN 0-596-52068-9");
    let out = |form| PidOutput {
        form,
        ..Default::default()
    };
    let n = |form| IsbnScheme::normalize(&i, Level::Scheme, &out(form)).into_owned();
    assert_eq!(n(PidForm::Auto), "978-0-596-52068-7");
    assert_eq!(n(PidForm::Name), "978-0-596-52068-7");
    assert_eq!(n(PidForm::Url), "978-0-596-52068-7");
    assert_eq!(n(PidForm::Uri), "urn:isbn:978-0-596-52068-7");
    let d = Identifier::parse("ISBN 0-596-52068-9").unwrap();
    assert_eq!(d.to_uri(&crate::ToUri::new()).unwrap(), "urn:isbn:978-0-596-52068-7");
    assert_eq!(d.to_iri(&crate::ToIri::new()).unwrap(), "urn:isbn:978-0-596-52068-7");
    assert_eq!(d.name().as_deref(), Some("978-0-596-52068-7"));
    assert!(d.as_iri().is_none());
    // The URN it gives is the same ISBN by the URN unit's rule.
    let urn = crate::Urn::parse("urn:isbn:978-0-596-52068-7").unwrap();
    assert_eq!(urn.key(), "urn:isbn:9780596520687");
    assert!(IsbnScheme::rule(Level::Scheme).contains("ISO 2108"));
}

#[test]
fn parts() {
    let i = isbn("ISBN 0-596-52068-9");
    let p = i.parts();
    assert_eq!(
        p,
        IsbnParts {
            isbn13: "9780596520687",
            isbn10: Some("0596520689".into()),
            hyphenated: Some("978-0-596-52068-7".into()),
            prefix: "978",
            group: Some("0"),
            group_name: Some("English language".into()),
            registrant: Some("596"),
            publication: Some("52068"),
            check: "7",
        }
    );
    use crate::scheme::Fields;
    let names: Vec<_> = IsbnParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        ["isbn13", "isbn10", "hyphenated", "prefix", "group", "group_name", "registrant", "publication", "check"]
    );
    assert_eq!(p.value(1), Value::Str("0596520689"));
    assert_eq!(isbn("9791090636071").parts().value(1), Value::Null);
    assert_eq!(p.value(9), Value::Null);
}

// --- Errors: every code, its offset, length and hint ---

#[test]
fn errors() {
    // The example: a 978 number with a wrong check digit is an ISBN error.
    assert_eq!(
        err("9784189280746"),
        ("isbn-check-digit", 12, 1, Some("the check digit should be '3'".into()))
    );
    assert_eq!(
        err("0-596-52068-8"),
        ("isbn-check-digit", 12, 1, Some("the check digit should be '9'".into()))
    );
    assert_eq!(err("080442957-0").3.as_deref(), Some("the check digit should be 'X'"));
    assert_eq!(err("ISBN 978-0-596-52068").0, "isbn-length");
    assert_eq!(at("ISBN 978-0-596-52068"), ("isbn-length", 5, 15));
    assert_eq!(err("ISBN"), ("isbn-length", 4, 0, None));
    assert_eq!(
        err("059652068").3.as_deref(),
        Some("a 9-digit Standard Book Number (SBN) is the ISBN-10 with a leading 0")
    );
    assert_eq!(err("97805965206871").0, "isbn-length");
    assert_eq!(at("ISBN 978-0-596-52068-7a"), ("isbn-char", 22, 1));
    assert_eq!(at("978‐0‐596‐52068‐7"), ("isbn-char", 3, 3));
    assert_eq!(
        err("978‐0‐596‐52068‐7").3.as_deref(),
        Some("write the hyphen-minus '-' between the elements")
    );
    assert_eq!(at("ISBN-12 9780596520687"), ("isbn-label", 4, 1));
    assert_eq!(at("ISBN -978-0-596-52068-7"), ("isbn-separator", 5, 1));
    assert_eq!(at("978--0-596-52068-7"), ("isbn-separator", 4, 1));
    assert_eq!(at("978-0-596-52068-7-"), ("isbn-separator", 17, 1));
    assert_eq!(at("0-8044-X957-X"), ("isbn-x-position", 7, 1));
    assert_eq!(at("978080442957X"), ("isbn-x-position", 12, 1));
    assert_eq!(at("ISBN 977-1144-875-00-7"), ("isbn-prefix", 5, 3));
    assert!(err("ISBN 9771144875007").3.unwrap().contains("ISSN"));
    assert!(err("ISBN 4006381333931").3.unwrap().contains("EAN"));
    // Every message names its source.
    for s in ["9784189280746", "ISBN 12", "ISBN-12 1", "978--1", "X123456789", "ISBN 4006381333931", "ISBN é"] {
        let e = Isbn::parse(s).unwrap_err();
        let m = e.kind.to_string();
        assert!(m.contains("ISBN Users' Manual") || m.contains("ISO 2108"), "{m}");
    }
}

#[test]
fn warnings() {
    assert!(warning_codes("978-0-596-52068-7").is_empty());
    assert!(warning_codes("ISBN 0-596-52068-9").is_empty());
    assert!(warning_codes("9780596520687").is_empty());
    assert_eq!(warning_codes(" 9780596520687 "), ["isbn-surrounding-space", "isbn-surrounding-space"]);
    assert_eq!(warning_codes("0-8044-2957-x"), ["isbn-lowercase-x"]);
    assert_eq!(warning_codes("ISBN-13: 0-596-52068-9"), ["isbn-label-length"]);
    assert_eq!(warning_codes("978-059652068-7"), ["isbn-hyphens"]);
    assert_eq!(warning_codes("0596-52068-9"), ["isbn-hyphens"]);
    let w = &isbn("ISBN 978-05965-2068-7").warnings()[0];
    assert_eq!((w.offset, w.len), (5, 16));
    assert!(w.message.contains("978-0-596-52068-7"));
    let w = &isbn("  ISBN-10 9780596520687").warnings()[1];
    assert_eq!((w.code.as_str(), w.offset, w.len), ("isbn-label-length", 2, 8));
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut all: Vec<&str> = codes::ALL.iter().map(|c| c.as_str()).collect();
    assert!(all.iter().all(|c| c.starts_with("isbn-")));
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), codes::ALL.len());
}

// --- The URN namespace shares the rules ---

#[test]
fn urn_nss_follows_the_same_rules() {
    assert_eq!(urn_nss("0451450523").as_deref(), Some("9780451450524"));
    assert_eq!(urn_nss("978-0-451-45052-4").as_deref(), Some("9780451450524"));
    assert_eq!(urn_nss("080442957x").as_deref(), Some("9780804429573"));
    for bad in ["0451450524", "-0451450523", "0451450523-", "04--51450523", "0 451450523", "ISBN0451450523", "9771144875007"] {
        assert_eq!(urn_nss(bad), None, "{bad}");
    }
    let u = crate::Urn::parse("urn:isbn:0-596-52068-8").unwrap();
    assert_eq!(u.warnings()[0].code.as_str(), "urn-namespace-syntax");
}

// --- Auto-detection ---

#[test]
fn claims_by_shape() {
    for yes in [
        "ISBN",
        "isbn 1",
        "ISBN: 978-0-596-52068-7",
        "ISBN-13:978",
        "ISBN9780596520687",
        "978-0-596-52068-7",
        "9784189280746",
        "979 10 90636 07 1",
        "0596520689",
        "080442957X",
        "0-8044-2957-x",
    ] {
        assert!(claims(yes.as_bytes()), "{yes}");
        assert!(IsbnScheme::claims(yes.as_bytes()), "{yes}");
    }
    for no in [
        "ISBNs",
        "isbnx",
        "9770317847001",
        "4006381333931",
        "0596520688",
        "05965206899",
        "978059652068",
        "X596520689",
        "0-596-52068-9-0-596-52068-9",
        "978-0-596-52068-7x",
        "https://isbnsearch.org/isbn/9780596520687",
        "urn:isbn:9780596520687",
    ] {
        assert!(!claims(no.as_bytes()), "{no}");
    }
}

#[test]
fn auto_detection() {
    let opts = ReadOptions::default();
    let r = crate::read("9784189280746", &opts);
    assert_eq!(r.kind, Kind::Isbn);
    assert_eq!(r.result.unwrap_err().code(), "isbn-check-digit");
    let r = crate::read("9780596520687", &opts);
    assert_eq!((r.kind, r.result.is_ok()), (Kind::Isbn, true));
    // A bare ISBN-13 is also an EAN-13: the other candidate.
    assert_eq!(
        crate::reading::candidates("9780596520687", &opts),
        [Kind::Isbn, Kind::Ean]
    );
    assert_eq!(crate::read("0-596-52068-9", &opts).kind, Kind::Isbn);
    assert_eq!(crate::read("ISBN: n/a", &opts).result.unwrap_err().code(), "isbn-char");
    // A URN of an ISBN stays a URN.
    assert_eq!(crate::read("urn:isbn:0596520689", &opts).kind, Kind::Urn);
    // --as isbn reads any form.
    let as_isbn = ReadOptions::new(crate::ReadAs::Isbn, None).unwrap();
    assert_eq!(crate::read("4006381333931", &as_isbn).result.unwrap_err().code(), "isbn-prefix");
}

// --- Finding ISBNs in running text ---

fn found(text: &str) -> Vec<String> {
    find_iter(text).map(|h| h.text.into_owned()).collect()
}

#[test]
fn finder() {
    assert_eq!(
        found("Lutz, M. Learning Python. O'Reilly, 2008. ISBN 978-0-596-52068-7."),
        ["ISBN 978-0-596-52068-7"]
    );
    assert_eq!(found("(ISBN-10: 0-596-52068-9)"), ["ISBN-10: 0-596-52068-9"]);
    assert_eq!(found("isbn:9780596520687, isbn 0596520689"), ["isbn:9780596520687", "isbn 0596520689"]);
    assert_eq!(found("ISBN 978 0 596 52068 7 and more"), ["ISBN 978 0 596 52068 7"]);
    // A number after it is not part of it.
    assert_eq!(found("ISBN 978-0-596-52068-7 2 copies"), ["ISBN 978-0-596-52068-7"]);
    // Bare: only hyphenated by the ranges.
    assert_eq!(found("see 978-0-596-52068-7 or 0-596-52068-9."), ["978-0-596-52068-7", "0-596-52068-9"]);
    assert!(found("see 9780596520687 and 978-05965-2068-7").is_empty());
    // Wrong check digits, numbers that go on, words and URLs are not ISBNs.
    for text in [
        "ISBN 978-0-596-52068-8",
        "ISBN 978-0-596-52068-7-2",
        "ISBN 978-0-596-52068-7x",
        "ISBNs 9780596520687",
        "eISBN9780596520687",
        "urn:isbn:978-0-596-52068-7",
        "https://example.org/books/978-0-596-52068-7",
        "https://example.org/?isbn=978-0-596-52068-7",
        "978-0-596-52068-7.pdf",
        "call 1-800-555-0199",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    // In the library's extraction, the URN stays a URN and the label form is an ISBN.
    let kinds: Vec<_> = crate::extract::identifiers("urn:isbn:978-0-596-52068-7 and ISBN 0-596-52068-9")
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        kinds,
        [
            (Kind::Urn, "urn:isbn:978-0-596-52068-7".into()),
            (Kind::Isbn, "ISBN 0-596-52068-9".into())
        ]
    );
}

// --- Properties ---

fn invariants(s: &str) {
    let Ok(i) = Isbn::parse(s) else {
        if let Err(e) = Isbn::parse(s) {
            assert!(e.offset + e.len <= s.len(), "{s:?}: {e:?}");
            assert!(s.is_char_boundary(e.offset) && s.is_char_boundary(e.offset + e.len));
        }
        return;
    };
    assert!(claims(s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes()), "{s:?}");
    for w in i.warnings() {
        assert!(w.offset + w.len <= s.len() && s.is_char_boundary(w.offset), "{s:?}: {w:?}");
    }
    let c = i.canonical();
    let again = isbn(&c);
    assert_eq!(again.canonical(), c, "{s:?}");
    assert_eq!(again.key(), i.key(), "{s:?}");
    assert!(again.warnings().iter().all(|w| w.code == codes::UNASSIGNED_RANGE || w.code == codes::ISMN), "{s:?}");
    let _ = (i.parts(), i.hyphenated10());
}

#[test]
fn invariants_on_edge_cases() {
    for s in ["", " ", "ISBN", "ISBN-", "ISBN-1", "isbn:", "X", "-", "978", "9790000000001", "ISBN 0-00-000000-0", "99999-999-9-X", "0 ", "é", "ISBN\u{0}9780596520687"] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// An ISBN-13 in 978/979 with a valid check digit, from 9 or 10 random digits.
    fn valid13() -> impl Strategy<Value = String> {
        (prop::bool::ANY, "[0-9]{9}").prop_map(|(nine, rest)| {
            let mut d = if nine { b"979".to_vec() } else { b"978".to_vec() };
            d.extend_from_slice(rest.as_bytes());
            d.push(crate::ean::gs1_check(&d));
            String::from_utf8(d).unwrap()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_isbn_shaped_strings(s in "(ISBN[- :]?(1[03])?:? ?)?[0-9Xx -]{0,20}") {
            invariants(&s);
            let _ = claims(s.as_bytes());
        }

        #[test]
        fn canonical_forms_are_fixed_points(d in valid13(), seps in proptest::collection::vec(0usize..12, 0..4), label in prop::bool::ANY) {
            let mut s = String::new();
            for (k, c) in d.chars().enumerate() {
                s.push(c);
                if seps.contains(&k) { s.push('-'); }
            }
            if label { s.insert_str(0, "ISBN "); }
            let i = isbn(&s);
            assert_eq!(i.key(), d.as_str());
            let id = Identifier::parse(&s).unwrap();
            assert_eq!(id.kind(), Kind::Isbn);
            let n = id.normalize(Level::Scheme);
            let again = Identifier::parse(&n).unwrap();
            assert_eq!(again.normalize(Level::Scheme), n.clone());
            assert_eq!(again.key_text(Level::Scheme), id.key_text(Level::Scheme));
            invariants(&s);
            // Its ISBN-10, where it has one, is the same ISBN.
            if let Some(ten) = i.isbn10() {
                assert_eq!(isbn(&ten).key(), d.as_str());
            }
        }

        #[test]
        fn finder_spans_are_ordered_and_read(s in "[ a-zI:(0-9X.-]{0,60}") {
            let mut prev = 0;
            for h in find_iter(&s) {
                assert!(prev <= h.start && h.start < h.end && h.end <= s.len());
                prev = h.end;
                assert!(Isbn::parse(&h.text).is_ok(), "{:?}", h.text);
            }
        }
    }
}
