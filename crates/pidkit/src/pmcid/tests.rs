//! Tests of the PMCID unit: the forms PMC and NIH print (`PMCID: PMC243493`), PMC's old and
//! new article URLs, every error with its offset and hint, detection, the finder, properties.

use super::*;
use crate::ErrorCode;
use crate::scheme::Scheme;

fn pc(s: &str) -> Pmcid<'_> {
    Pmcid::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn key(s: &str) -> String {
    pc(s).key().into_owned()
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Pmcid::parse(s) {
        Ok(p) => panic!("{s:?} parsed: {p:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    Pmcid::parse(s).unwrap_err().hint()
}

fn warnings(s: &str) -> Vec<(&'static str, usize, usize)> {
    pc(s)
        .warnings()
        .iter()
        .map(|w| (w.code.as_str(), w.offset, w.len))
        .collect()
}

#[test]
fn examples() {
    // NIH's citation example, the NLM Technical Bulletin's MEDLINE-format example, and PMC's
    // article pages.
    for (s, number) in [
        ("PMC243493", "243493"),
        ("PMC1463022", "1463022"),
        ("PMC6356987", "6356987"),
        ("PMC7363382", "7363382"),
        ("PMC1", "1"),
    ] {
        let p = pc(s);
        assert_eq!((p.number(), p.written()), (number, s));
        assert!(matches!(p.key(), Cow::Borrowed(k) if k == s));
        assert!(p.warnings().is_empty());
        assert_eq!(p.form(), PmcidForm::Bare);
        assert_eq!(p.url(), format!("https://pmc.ncbi.nlm.nih.gov/articles/{s}/"));
    }
}

#[test]
fn written_forms_have_one_key() {
    for s in [
        "PMC243493",
        "pmc243493",
        "Pmc243493",
        "PMC0243493",
        " PMC243493\t",
        "PMCID: PMC243493",
        "PMCID:PMC243493",
        "pmcid:  pmc243493",
        "PMCID PMC243493",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493",
        "http://pmc.ncbi.nlm.nih.gov/articles/PMC243493/",
        "HTTPS://PMC.NCBI.NLM.NIH.GOV/articles/PMC243493/",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/?report=classic#sec1",
        "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493/",
        "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493",
        "https://www.ncbi.nlm.nih.gov/pmc/articles/pmc243493/",
    ] {
        assert_eq!(key(s), "PMC243493", "{s:?}");
        assert_eq!(pc(s).number(), "243493");
    }
    assert_eq!(pc("PMCID: PMC1").form(), PmcidForm::Label);
    assert_eq!(
        pc("https://pmc.ncbi.nlm.nih.gov/articles/PMC1").form(),
        PmcidForm::Url
    );
    assert_eq!(
        pc("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1").form(),
        PmcidForm::LegacyUrl
    );
    assert_eq!(PmcidForm::LegacyUrl.name(), "legacy-url");
    assert!(matches!(pc("PMCID: PMC1").key(), Cow::Borrowed("PMC1")));
    assert!(matches!(pc("pmc1").key(), Cow::Owned(_)));
}

#[test]
fn warnings_with_offsets() {
    assert_eq!(warnings("pmc243493"), [("pmcid-prefix-case", 0, 3)]);
    assert_eq!(warnings("PMC00243493"), [("pmcid-leading-zero", 3, 2)]);
    assert_eq!(
        warnings("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493/"),
        [("pmcid-legacy-url", 0, 42)]
    );
    assert_eq!(
        warnings("https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/?report=classic#sec1"),
        [("pmcid-url-query", 48, 15), ("pmcid-url-fragment", 63, 5)]
    );
    let p = pc("https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/?report=classic#sec1");
    assert_eq!((p.query(), p.fragment()), (Some("report=classic"), Some("sec1")));
    assert_eq!(
        warnings(" PMC1\n"),
        [
            ("pmcid-surrounding-space", 0, 1),
            ("pmcid-surrounding-space", 5, 1)
        ]
    );
    assert!(pc("PMC01").warnings()[0].message.contains("PMC1"));
}

#[test]
fn errors() {
    assert_eq!(err(""), ("pmcid-empty", 0, 0));
    assert_eq!(err(" "), ("pmcid-empty", 0, 1));
    assert_eq!(err("PMCID:"), ("pmcid-empty", 6, 0));
    assert_eq!(err("PMCID"), ("pmcid-label", 5, 0));
    assert_eq!(err("PMCID-PMC1"), ("pmcid-label", 5, 0));
    assert_eq!(hint("PMCIDPMC1").as_deref(), Some("PMCID: PMC243493"));
    assert_eq!(err("PMCID: 243493"), ("pmcid-prefix", 7, 0));
    assert_eq!(hint("PMCID: 243493").as_deref(), Some("write PMC243493"));
    assert_eq!(err("243493"), ("pmcid-prefix", 0, 0));
    assert_eq!(err("PMC"), ("pmcid-number-missing", 3, 0));
    assert_eq!(err("P"), ("pmcid-prefix", 1, 0));
    assert_eq!(err("pM"), ("pmcid-prefix", 2, 0));
    assert_eq!(err("PMCID: PMC"), ("pmcid-number-missing", 10, 0));
    assert_eq!(err("PMC0"), ("pmcid-zero", 3, 1));
    assert_eq!(err("PMC000"), ("pmcid-zero", 3, 3));
    for (s, at, len) in [
        ("PMC12x", 5, 1),
        ("PMC 12", 3, 1),
        ("PMC-12", 3, 1),
        ("PMC12O", 5, 1),
        ("PMX12", 2, 1),
        ("PM12", 2, 1),
        ("NIHMS3373", 0, 1),
        ("PMC１", 3, 3),
        ("éPMC1", 0, 2),
    ] {
        let (code, o, l) = err(s);
        assert_eq!(code, "pmcid-char", "{s:?}");
        assert_eq!((o, l), (at, len), "{s:?}");
    }
    assert_eq!(hint("PMC12O").as_deref(), Some("the letter O where a zero belongs?"));
    assert!(hint("PMC 12").unwrap().contains("whitespace"));
    assert_eq!(
        err("https://example.org/articles/PMC1/"),
        ("pmcid-url-host", 8, 11)
    );
    assert_eq!(
        err("https://pmc.ncbi.nlm.nih.gov/journals/"),
        ("pmcid-url-path", 28, 10)
    );
    assert_eq!(
        err("https://www.ncbi.nlm.nih.gov/pubmed/1?x"),
        ("pmcid-url-path", 28, 9)
    );
    assert_eq!(
        err("https://pmc.ncbi.nlm.nih.gov/articles/"),
        ("pmcid-empty", 38, 0)
    );
    assert_eq!(
        err("https://pmc.ncbi.nlm.nih.gov/articles/PMC1/pdf/a.pdf"),
        ("pmcid-char", 42, 1)
    );
    assert!(
        hint("https://pmc.ncbi.nlm.nih.gov/articles/PMC1/pdf/a.pdf")
            .unwrap()
            .contains("names a file")
    );
    assert_eq!(
        err("https://pmc.ncbi.nlm.nih.gov/articles/1/"),
        ("pmcid-prefix", 38, 0)
    );
    assert_eq!(
        err("https://pmc.ncbi.nlm.nih.gov/articles/PMC1/?a b"),
        ("pmcid-url-invalid", 45, 1)
    );
}

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let names: Vec<&str> = PmcidParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "number", "url"]);
    assert!(PmcidParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let p = pc("pmc00042").parts();
    assert_eq!(
        (0..4).map(|i| p.value(i)).collect::<Vec<_>>(),
        [
            Value::Str("PMC42"),
            Value::Str("42"),
            Value::Str("https://pmc.ncbi.nlm.nih.gov/articles/PMC42/"),
            Value::Null
        ]
    );
}

#[test]
fn scheme_forms() {
    use crate::{Level, PidForm, PidOutput, ToUri};
    let p = pc("PMCID: pmc042");
    let out = |form| PidOutput {
        form,
        ..PidOutput::default()
    };
    let n = |form| PmcidScheme::normalize(&p, Level::Scheme, &out(form)).into_owned();
    assert_eq!(n(PidForm::Auto), "PMC42");
    assert_eq!(n(PidForm::Uri), "PMC42");
    assert_eq!(n(PidForm::Name), "PMC42");
    assert_eq!(n(PidForm::Url), "https://pmc.ncbi.nlm.nih.gov/articles/PMC42/");
    assert_eq!(PmcidScheme::key(&p, Level::Simple), p.input());
    assert_eq!(PmcidScheme::name(&p).unwrap(), "PMC42");
    assert!(PmcidScheme::as_iri(&p).is_none());
    let u = pc("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC42/");
    assert_eq!(
        PmcidScheme::to_uri(&u, &ToUri::new(), &out(PidForm::Auto)).unwrap(),
        u.input()
    );
    assert_eq!(
        PmcidScheme::to_uri(&p, &ToUri::new(), &out(PidForm::Auto)).unwrap(),
        "PMC42"
    );
    assert!(PmcidScheme::rule(Level::Syntax).contains("leading zeros ignored"));
    assert!(PmcidScheme::normal_form("PMC42", Level::Scheme).is_none());
}

#[test]
fn claims_by_shape() {
    for t in [
        "PMC1",
        "pmc243493",
        "PMC1x",
        "PMCID:",
        "pmcid PMC1",
        "PMCID:\tx",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493?x",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/#x",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMCx",
        "HTTP://WWW.NCBI.NLM.NIH.GOV/pmc/articles/pmc1/",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "PMC",
        "PMCx",
        "PMCID",
        "PMCIDs",
        "243493",
        "NIHMS3373",
        "https://pmc.ncbi.nlm.nih.gov/",
        "https://pmc.ncbi.nlm.nih.gov/articles/",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/pdf/x.pdf",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/figure/F1/",
        "https://pmc.ncbi.nlm.nih.gov/journals/",
        "https://www.ncbi.nlm.nih.gov/pubmed/1",
        "https://europepmc.org/article/PMC/PMC243493",
        "pmc.ncbi.nlm.nih.gov/articles/PMC1/",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn detected_through_read() {
    use crate::{Identifier, Kind, ReadOptions, read};
    for s in [
        "PMC243493",
        "pmc243493",
        "PMCID: PMC243493",
        "  PMC243493 ",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/",
        "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493/",
    ] {
        let r = read(s, &ReadOptions::default());
        assert_eq!(r.kind, Kind::Pmcid, "{s}");
        let id = r.result.unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Pmcid);
        assert!(id.details().is_some());
    }
    let r = read("PMCID: 243493", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Pmcid, "pmcid-prefix")
    );
    // A number alone is a PMID, not a PMCID; a figure of an article is an IRI.
    assert_eq!(read("243493", &ReadOptions::default()).kind, Kind::Pmid);
    assert_eq!(
        read(
            "https://pmc.ncbi.nlm.nih.gov/articles/PMC1/figure/F1/",
            &ReadOptions::default()
        )
        .kind,
        Kind::Iri
    );
}

#[test]
fn finder() {
    let text = "Varmus H et al. Science 302:398. PMCID: PMC243493. Also (PMC1463022) and pmcid:pmc42;\n\
                not pmc7, PMC12x, xPMC5, /PMC5, PMC5/a, PMCID: 5, PMC, PMC0.";
    let found: Vec<(usize, &str)> = find_iter(text)
        .map(|f| (f.start, &text[f.start..f.end]))
        .collect();
    assert_eq!(
        found,
        [
            (33, "PMCID: PMC243493"),
            (57, "PMC1463022"),
            (73, "pmcid:pmc42")
        ]
    );
    assert_eq!(find_iter("").count(), 0);
    assert_eq!(find_iter("P").count(), 0);
    assert_eq!(find_iter("PM").count(), 0);
    assert_eq!(find_iter("「PMC1」").count(), 1);
}

#[test]
fn found_through_extract() {
    use crate::Kind;
    let text = "PMID: 15626865; PMCID: PMC243493 (https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/).";
    let found: Vec<(Kind, String)> = crate::extract::identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Pmid, "PMID: 15626865".to_owned()),
            (Kind::Pmcid, "PMCID: PMC243493".to_owned()),
            (
                Kind::Pmcid,
                "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/".to_owned()
            ),
        ]
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("pmcid-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        PmcidError::Empty,
        PmcidError::Label,
        PmcidError::Prefix("PMC1".into()),
        PmcidError::NumberMissing,
        PmcidError::Char('x'),
        PmcidError::Zero,
        PmcidError::UrlHost("x".into()),
        PmcidError::UrlPath,
        PmcidError::UrlInvalid(crate::iri::IriError::BadPercent),
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("pmcid-"), "{}", e.code());
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()), "{} twice", e.code());
    }
}

// --- Properties ---

/// Checks that hold for any input: no panic; errors and warnings point at whole characters
/// inside the input; a PMCID's normal form is a PMCID that is its own normal form, and its URL
/// reads back to the same key.
fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Pmcid::parse(s) {
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
            assert!(claims(t.as_bytes()), "{s:?} is a PMCID but not claimed");
            for w in p.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let k = p.key();
            let again = Pmcid::parse(&k).unwrap_or_else(|e| panic!("{s:?} -> {k:?}: {e}"));
            assert_eq!(again.key(), k, "not idempotent: {s:?}");
            assert!(matches!(again.key(), Cow::Borrowed(_)));
            assert!(again.warnings().is_empty());
            let url = p.url();
            let b = Pmcid::parse(&url).unwrap_or_else(|e| panic!("{s:?} -> {url:?}: {e}"));
            assert_eq!(b.key(), k, "{s:?} via {url:?}");
            let _ = (p.parts(), p.query(), p.fragment(), p.written());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "PMC",
        "PMCID:",
        "PMCID: PMC",
        "https://",
        "https://pmc.ncbi.nlm.nih.gov",
        "https://pmc.ncbi.nlm.nih.gov/articles/PMC1/?#",
        "https://www.ncbi.nlm.nih.gov/pmc/articles",
        "PMC00000000000000000001",
        "é",
        "PMCé",
        "PMCID:é",
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
        fn never_panics_on_pmcid_shaped_strings(
            head in "(PMC|pmc|PMCID: PMC|pmcid |https://pmc\\.ncbi\\.nlm\\.nih\\.gov/articles/|http://www\\.ncbi\\.nlm\\.nih\\.gov/pmc/articles/PMC|)",
            tail in "[0-9a-zA-Z/?#: é]{0,16}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_their_own_normal_form(n in 1u64..=9_999_999_999) {
            let s = format!("PMC{n}");
            let p = Pmcid::parse(&s).unwrap();
            prop_assert_eq!(p.key(), s.as_str());
            prop_assert!(matches!(p.key(), Cow::Borrowed(_)));
            invariants(&s);
        }

        #[test]
        fn key_does_not_depend_on_the_written_form(
            n in 1u64..=99_999_999,
            zeros in 0usize..3,
            prefix in "(PMC|pmc|Pmc)",
            head in "(|PMCID:|pmcid: |PMCID |https://pmc\\.ncbi\\.nlm\\.nih\\.gov/articles/|http://www\\.ncbi\\.nlm\\.nih\\.gov/pmc/articles/)",
            slash in any::<bool>(),
            space in "( |\t|\n|)",
            tail in "(|\\?a=b|#x)",
        ) {
            let url = head.starts_with("http");
            let slash = if url && slash { "/" } else { "" };
            let tail = if url { tail.as_str() } else { "" };
            let written = format!("{space}{head}{prefix}{}{n}{slash}{tail}{space}", "0".repeat(zeros));
            let p = Pmcid::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(p.key(), format!("PMC{n}"), "{}", written);
            invariants(&written);
        }
    }
}
