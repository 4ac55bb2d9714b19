//! Tests of the PMID unit against NLM's definition ("a 1- to 8-digit accession number with no
//! leading zeros"), the written forms PubMed and its users print, every error with its offset
//! and hint, detection, the finder, and properties.

use super::*;
use crate::ErrorCode;
use crate::scheme::Scheme;

fn pm(s: &str) -> Pmid<'_> {
    Pmid::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn key(s: &str) -> String {
    pm(s).key().into_owned()
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Pmid::parse(s) {
        Ok(p) => panic!("{s:?} parsed: {p:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    Pmid::parse(s).unwrap_err().hint()
}

fn warnings(s: &str) -> Vec<(&'static str, usize, usize)> {
    pm(s)
        .warnings()
        .iter()
        .map(|w| (w.code.as_str(), w.offset, w.len))
        .collect()
}

// --- "PMID: a 1- to 8-digit accession number with no leading zeros" ---

#[test]
fn one_to_eight_digits() {
    for s in ["1", "9", "12", "4957203", "12748199", "15626865", "99999999"] {
        let p = pm(s);
        assert_eq!((p.number(), p.digits()), (s, s));
        assert_eq!(p.key(), format!("PMID:{s}"));
        assert_eq!(p.value().to_string(), s);
        assert!(p.warnings().is_empty(), "{s}");
        assert_eq!(p.form(), PmidForm::Bare);
    }
    assert_eq!(err("123456789"), ("pmid-too-long", 0, 9));
    assert!(
        Pmid::parse("123456789")
            .unwrap_err()
            .to_string()
            .contains("1- to 8-digit")
    );
    assert_eq!(err("0"), ("pmid-zero", 0, 1));
    assert_eq!(err("PMID: 0000"), ("pmid-zero", 6, 4));
}

#[test]
fn leading_zeros_are_read_and_left_out() {
    assert_eq!(key("00012345"), "PMID:12345");
    assert_eq!(key("0015626865"), "PMID:15626865");
    assert_eq!(warnings("00012345"), [("pmid-leading-zero", 0, 3)]);
    assert!(
        pm("00012345").warnings()[0]
            .message
            .contains("the PMID is 12345")
    );
    // Eight digits after the zeros at most.
    assert_eq!(err("0123456789"), ("pmid-too-long", 0, 10));
    let p = pm("PMID: 007");
    assert_eq!((p.digits(), p.number(), p.value()), ("007", "7", 7));
}

#[test]
fn characters() {
    for (s, at, len) in [
        ("1562686S", 7, 1),
        ("15626865/", 8, 1),
        ("15 626 865", 2, 1),
        ("1,562", 1, 1),
        ("-1", 0, 1),
        ("+1", 0, 1),
        ("1.0", 1, 1),
        ("１２３", 0, 3),
        ("PMID: 12O45", 8, 1),
        ("PMIDs", 0, 1),
        ("abc", 0, 1),
    ] {
        assert_eq!(err(s), ("pmid-char", at, len), "{s:?}");
    }
    assert_eq!(hint("12O45").as_deref(), Some("the letter O where a zero belongs?"));
    assert_eq!(hint("12l45").as_deref(), Some("the letter l where a one belongs?"));
    assert!(hint("15626865/").unwrap().contains("'/'"));
    assert!(hint("15 626").unwrap().contains("whitespace"));
    assert_eq!(hint("1x"), None);
}

// --- Written forms ---

#[test]
fn written_forms_have_one_key() {
    for s in [
        "15626865",
        "PMID:15626865",
        "PMID: 15626865",
        "PMID 15626865",
        "pmid:15626865",
        "Pmid:\t 15626865",
        "PMID\t15626865",
        " 15626865\n",
        "info:pmid/15626865",
        "INFO:PMID/15626865",
        "https://pubmed.ncbi.nlm.nih.gov/15626865/",
        "https://pubmed.ncbi.nlm.nih.gov/15626865",
        "http://pubmed.ncbi.nlm.nih.gov/15626865/",
        "HTTPS://PUBMED.NCBI.NLM.NIH.GOV/15626865/",
        "https://pubmed.ncbi.nlm.nih.gov/15626865/?from_term=x#affiliations",
        "https://www.ncbi.nlm.nih.gov/pubmed/15626865",
        "https://www.ncbi.nlm.nih.gov/pubmed/15626865/",
        "http://www.ncbi.nlm.nih.gov/pubmed/15626865?dopt=Abstract",
        "https://pubmed.ncbi.nlm.nih.gov/015626865/",
    ] {
        let p = pm(s);
        assert_eq!(p.key(), "PMID:15626865", "{s:?}");
        assert_eq!(p.url(), "https://pubmed.ncbi.nlm.nih.gov/15626865/");
        assert_eq!(p.info_uri(), "info:pmid/15626865");
    }
    assert!(matches!(pm("PMID:15626865").key(), Cow::Borrowed(_)));
    assert!(matches!(pm("PMID: 15626865").key(), Cow::Owned(_)));
    assert_eq!(pm("PMID 1").form(), PmidForm::Label);
    assert_eq!(pm("info:pmid/1").form(), PmidForm::InfoUri);
    assert_eq!(pm("https://pubmed.ncbi.nlm.nih.gov/1").form(), PmidForm::Url);
    assert_eq!(
        pm("https://www.ncbi.nlm.nih.gov/pubmed/1").form(),
        PmidForm::LegacyUrl
    );
    assert_eq!(PmidForm::InfoUri.name(), "info-uri");
}

#[test]
fn url_warnings() {
    let s = "https://pubmed.ncbi.nlm.nih.gov/15626865/?from_term=x#affiliations";
    assert_eq!(
        warnings(s),
        [("pmid-url-query", 41, 12), ("pmid-url-fragment", 53, 13)]
    );
    assert_eq!(
        (pm(s).query(), pm(s).fragment()),
        (Some("from_term=x"), Some("affiliations"))
    );
    assert_eq!(
        warnings("https://www.ncbi.nlm.nih.gov/pubmed/15626865"),
        [("pmid-legacy-url", 0, 36)]
    );
    assert_eq!(
        warnings("\t15626865 "),
        [
            ("pmid-surrounding-space", 0, 1),
            ("pmid-surrounding-space", 9, 1)
        ]
    );
}

#[test]
fn label_and_url_errors() {
    assert_eq!(err(""), ("pmid-empty", 0, 0));
    assert_eq!(err("  "), ("pmid-empty", 0, 2));
    assert_eq!(err("PMID:"), ("pmid-empty", 5, 0));
    assert_eq!(err("PMID:  "), ("pmid-empty", 5, 0));
    assert_eq!(err("info:pmid/"), ("pmid-empty", 10, 0));
    assert_eq!(err("PMID"), ("pmid-label", 4, 0));
    assert_eq!(err("PMID12345"), ("pmid-label", 4, 0));
    assert_eq!(hint("PMID12345").as_deref(), Some("PMID: 15626865"));
    assert_eq!(err("PMID-12345"), ("pmid-label", 4, 0));
    assert_eq!(
        err("https://example.org/15626865"),
        ("pmid-url-host", 8, 11)
    );
    assert_eq!(
        err("https://pubmed.ncbi.nlm.nih.gov"),
        ("pmid-url-path", 31, 0)
    );
    assert_eq!(err("https://pubmed.ncbi.nlm.nih.gov/"), ("pmid-empty", 32, 0));
    assert_eq!(
        err("https://pubmed.ncbi.nlm.nih.gov/?term=cancer"),
        ("pmid-url-path", 31, 1)
    );
    assert_eq!(
        err("https://pubmed.ncbi.nlm.nih.gov/clinical/"),
        ("pmid-url-path", 31, 9)
    );
    assert_eq!(
        err("https://pubmed.ncbi.nlm.nih.gov/15626865/citations"),
        ("pmid-char", 40, 1)
    );
    assert_eq!(
        err("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1/"),
        ("pmid-url-path", 28, 4)
    );
    assert_eq!(
        err("https://www.ncbi.nlm.nih.gov/pubmed/"),
        ("pmid-empty", 36, 0)
    );
    assert_eq!(
        err("https://pubmed.ncbi.nlm.nih.gov/1/?a b"),
        ("pmid-url-invalid", 36, 1)
    );
}

// --- Scheme, detection, finder ---

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let names: Vec<&str> = PmidParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "url"]);
    assert!(PmidParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let p = pm("PMID: 00042").parts();
    assert_eq!(
        (p.value(0), p.value(1), p.value(2)),
        (
            Value::Str("42"),
            Value::Str("https://pubmed.ncbi.nlm.nih.gov/42/"),
            Value::Null
        )
    );
}

#[test]
fn scheme_forms() {
    use crate::{Level, PidForm, PidOutput, ToIri, ToUri};
    let p = pm(" pmid: 0042 ");
    let out = |form| PidOutput {
        form,
        ..PidOutput::default()
    };
    let n = |form| PmidScheme::normalize(&p, Level::Scheme, &out(form)).into_owned();
    assert_eq!(n(PidForm::Auto), "PMID:42");
    assert_eq!(n(PidForm::Uri), "info:pmid/42");
    assert_eq!(n(PidForm::Name), "42");
    assert_eq!(n(PidForm::Url), "https://pubmed.ncbi.nlm.nih.gov/42/");
    assert_eq!(PmidScheme::key(&p, Level::Simple), p.input());
    assert_eq!(PmidScheme::key(&p, Level::Syntax), "PMID:42");
    assert_eq!(PmidScheme::name(&p).unwrap(), "42");
    assert!(PmidScheme::as_iri(&p).is_none());
    let t = ToUri::new();
    assert_eq!(
        PmidScheme::to_uri(&p, &t, &out(PidForm::Auto)).unwrap(),
        "info:pmid/42"
    );
    let u = pm("https://pubmed.ncbi.nlm.nih.gov/42/");
    assert_eq!(
        PmidScheme::to_uri(&u, &t, &out(PidForm::Auto)).unwrap(),
        u.input()
    );
    assert_eq!(
        PmidScheme::to_iri(&u, &ToIri::new(), &out(PidForm::Uri)).unwrap(),
        "info:pmid/42"
    );
    assert!(PmidScheme::as_iri(&pm("info:pmid/42")).is_some());
    assert!(PmidScheme::rule(Level::Scheme).contains("leading zeros ignored"));
    assert!(PmidScheme::normal_form("info:pmid/42", Level::Scheme).is_none());
}

#[test]
fn claims_by_shape() {
    for t in [
        "1",
        "15626865",
        "00000000",
        "PMID:",
        "pmid: x",
        "PMID 1",
        "PMID\t1",
        "info:pmid/",
        "INFO:PMID/x",
        "https://pubmed.ncbi.nlm.nih.gov/1",
        "HTTP://PUBMED.NCBI.NLM.NIH.GOV/1/",
        "https://www.ncbi.nlm.nih.gov/pubmed/15626865",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "123456789",
        "1.5",
        "-1",
        "1 2",
        "PMID",
        "PMIDs",
        "PMID1",
        "pmcid:1",
        "https://pubmed.ncbi.nlm.nih.gov/",
        "https://pubmed.ncbi.nlm.nih.gov/?term=1",
        "https://pubmed.ncbi.nlm.nih.gov.example/1",
        "https://www.ncbi.nlm.nih.gov/pubmed/?term=1",
        "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1/",
        "pubmed.ncbi.nlm.nih.gov/1",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn detected_through_read() {
    use crate::{Identifier, Kind, ReadOptions, read};
    // A bare 15626865 is also a valid ISSN (1562-6865), which comes first in the list: PMID is
    // its candidate there (tests/zoo.rs). 15626866 has no valid ISSN check digit.
    for s in [
        "15626866",
        "1",
        "PMID: 15626865",
        "PMID 15626865",
        "  15626866  ",
        "info:pmid/15626865",
        "https://pubmed.ncbi.nlm.nih.gov/15626865/",
        "https://www.ncbi.nlm.nih.gov/pubmed/15626865",
    ] {
        let r = read(s, &ReadOptions::default());
        assert_eq!(r.kind, Kind::Pmid, "{s}");
        let id = r.result.unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Pmid);
        assert!(id.details().is_some());
    }
    let r = read("PMID: 123456789", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Pmid, "pmid-too-long")
    );
    // Nine digits and more are not claimed; a PubMed search page is an IRI.
    assert_eq!(
        read("123456789", &ReadOptions::default()).kind,
        Kind::RelativeRef
    );
    assert_eq!(
        read("https://pubmed.ncbi.nlm.nih.gov/?term=x", &ReadOptions::default()).kind,
        Kind::Iri
    );
    let opts = ReadOptions::default().with_read_as(crate::ReadAs::Pmid);
    assert_eq!(
        read("PMC123", &opts).result.unwrap_err().code(),
        "pmid-char"
    );
}

#[test]
fn finder() {
    let text = "Cited: PMID: 15626865; also PMID 4957203 and pmid:12748199.\n\
                Not PMID: 0, PMID: 123456789, PMID:12345x, PMID: 1/a, xPMID: 5, /PMID:5, PMIDs 1, PMID:\n123";
    let found: Vec<(usize, &str)> = find_iter(text)
        .map(|f| (f.start, &text[f.start..f.end]))
        .collect();
    assert_eq!(
        found,
        [
            (7, "PMID: 15626865"),
            (28, "PMID 4957203"),
            (45, "pmid:12748199")
        ]
    );
    assert_eq!(find_iter("").count(), 0);
    assert_eq!(find_iter("PMID").count(), 0);
    assert_eq!(find_iter("（PMID: 1）").count(), 1);
    assert_eq!(find_iter("PMID: 1, PMID: 2").count(), 2);
}

#[test]
fn found_through_extract() {
    use crate::Kind;
    let text = "PMID: 15626865 and https://pubmed.ncbi.nlm.nih.gov/4957203/ and info:pmid/12748199.";
    let found: Vec<(Kind, String)> = crate::extract::identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Pmid, "PMID: 15626865".to_owned()),
            (Kind::Pmid, "https://pubmed.ncbi.nlm.nih.gov/4957203/".to_owned()),
            (Kind::Pmid, "info:pmid/12748199".to_owned()),
        ]
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("pmid-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        PmidError::Empty,
        PmidError::Label,
        PmidError::Char('x'),
        PmidError::TooLong,
        PmidError::Zero,
        PmidError::UrlHost("x".into()),
        PmidError::UrlPath,
        PmidError::UrlInvalid(crate::iri::IriError::BadPercent),
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("pmid-"), "{}", e.code());
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()), "{} twice", e.code());
    }
}

// --- Properties ---

/// Checks that hold for any input: no panic; errors and warnings point at whole characters
/// inside the input; a PMID's normal form is a PMID that is its own normal form, and every
/// output form reads back to the same key.
fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Pmid::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(p) => {
            let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
            // Zero-padded numbers longer than eight digits are read but not claimed bare.
            assert!(
                claims(t.as_bytes()) || (p.form() == PmidForm::Bare && t.len() > MAX_DIGITS),
                "{s:?} is a PMID but not claimed"
            );
            for w in p.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let k = p.key();
            let again = Pmid::parse(&k).unwrap_or_else(|e| panic!("{s:?} -> {k:?}: {e}"));
            assert_eq!(again.key(), k, "not idempotent: {s:?}");
            assert!(matches!(again.key(), Cow::Borrowed(_)));
            assert!(again.warnings().is_empty());
            for form in [p.url(), p.info_uri(), p.number().to_owned()] {
                let b = Pmid::parse(&form).unwrap_or_else(|e| panic!("{s:?} -> {form:?}: {e}"));
                assert_eq!(b.key(), k, "{s:?} via {form:?}");
            }
            let _ = (p.parts(), p.value(), p.query(), p.fragment());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "PMID:",
        "PMID",
        "info:pmid/",
        "https://",
        "https://pubmed.ncbi.nlm.nih.gov",
        "https://pubmed.ncbi.nlm.nih.gov/1/?#",
        "https://www.ncbi.nlm.nih.gov/pubmed",
        "00000000000000000001",
        "é",
        "PMID:é",
    ] {
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
        fn never_panics_on_pmid_shaped_strings(
            head in "(PMID:|pmid |info:pmid/|https://pubmed\\.ncbi\\.nlm\\.nih\\.gov/|http://www\\.ncbi\\.nlm\\.nih\\.gov/pubmed/|)",
            tail in "[0-9a-zA-Z/?#: é]{0,16}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_their_own_normal_form(n in 1u32..=99_999_999) {
            let s = format!("PMID:{n}");
            let p = Pmid::parse(&s).unwrap();
            prop_assert_eq!(p.key(), s.as_str());
            prop_assert!(matches!(p.key(), Cow::Borrowed(_)));
            invariants(&s);
        }

        #[test]
        fn key_does_not_depend_on_the_written_form(
            n in 1u32..=99_999_999,
            zeros in 0usize..4,
            head in "(|PMID:|pmid: |PMID |info:pmid/|https://pubmed\\.ncbi\\.nlm\\.nih\\.gov/|http://www\\.ncbi\\.nlm\\.nih\\.gov/pubmed/)",
            slash in any::<bool>(),
            space in "( |\t|\n|)",
            tail in "(|\\?a=b|#x)",
        ) {
            let url = head.starts_with("http");
            let slash = if url && slash { "/" } else { "" };
            let tail = if url { tail.as_str() } else { "" };
            let written = format!("{space}{head}{}{n}{slash}{tail}{space}", "0".repeat(zeros));
            let p = Pmid::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(p.key(), format!("PMID:{n}"), "{}", written);
            invariants(&written);
        }
    }
}
