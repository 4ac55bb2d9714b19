//! Tests of the arXiv unit against the examples of "Understanding the arXiv identifier" and
//! "arXiv identifier scheme - information for interacting services", every error with its
//! offset and hint, the written forms, detection, the finder, the DOI link, and properties.

use super::*;
use crate::ErrorCode;
use crate::scheme::Scheme;

fn ax(s: &str) -> Arxiv<'_> {
    Arxiv::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn key(s: &str) -> String {
    ax(s).key().into_owned()
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Arxiv::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    Arxiv::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    ax(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

// --- "Understanding the arXiv identifier": the new scheme ---

#[test]
fn new_scheme_examples() {
    for (s, id, version, year, month) in [
        ("arXiv:0706.0001", "0706.0001", None, 2007, 6),
        ("arXiv:0706.0001v1", "0706.0001", Some("1"), 2007, 6),
        ("arXiv:0706.0001v2", "0706.0001", Some("2"), 2007, 6),
        ("arXiv:1501.00001", "1501.00001", None, 2015, 1),
        ("arXiv:1501.00001v1", "1501.00001", Some("1"), 2015, 1),
        ("arXiv:0704.0001", "0704.0001", None, 2007, 4),
        ("arXiv:1412.7878", "1412.7878", None, 2014, 12),
        ("arXiv:9912.12345v2", "9912.12345", Some("2"), 2099, 12),
    ] {
        let a = ax(s);
        assert_eq!(
            (a.id().as_ref(), a.version(), a.year(), a.month()),
            (id, version, year, month),
            "{s}"
        );
        assert_eq!(a.scheme(), IdScheme::New);
        assert_eq!((a.archive(), a.subject_class()), (None, None));
        assert_eq!(a.form(), ArxivForm::Label);
        // The preferred external identifier is its own normal form, borrowed.
        assert!(matches!(a.key(), Cow::Borrowed(k) if k == s), "{s}");
        assert!(a.warnings().is_empty(), "{s}");
        // The identifier alone is the same.
        assert_eq!(key(&s[6..]), s);
    }
    assert_eq!(ax("0706.0001").number(), "0001");
    assert_eq!(ax("1501.00001").yymm(), "1501");
}

#[test]
fn four_digits_through_1412_five_from_1501() {
    assert!(Arxiv::parse("1412.9999").is_ok());
    assert!(Arxiv::parse("1501.99999").is_ok());
    assert_eq!(err("1412.07878"), ("arxiv-number-digits", 5, 5));
    assert_eq!(hint("1412.07878").as_deref(), Some("did you mean 1412.7878?"));
    assert_eq!(err("1412.17878"), ("arxiv-number-digits", 5, 5));
    assert_eq!(hint("1412.17878"), None);
    assert_eq!(err("1501.0001"), ("arxiv-number-digits", 5, 4));
    assert_eq!(hint("1501.0001").as_deref(), Some("did you mean 1501.00001?"));
    assert_eq!(err("2101.123456"), ("arxiv-number-digits", 5, 6));
    assert_eq!(err("2101.123"), ("arxiv-number-digits", 5, 3));
    let e = Arxiv::parse("1501.0001").unwrap_err();
    assert!(e.to_string().contains("five digits"));
    assert_eq!(e.kind, ArxivError::NumberDigits(5, Some("1501.00001".into())));
}

#[test]
fn new_scheme_dates() {
    // "07=2007 through 99=2099, and potentially up to 06=2106": not before April 2007.
    assert_eq!(err("0703.0001"), ("arxiv-new-scheme-date", 0, 4));
    assert_eq!(err("0001.00001"), ("arxiv-new-scheme-date", 0, 4));
    assert!(hint("0612.0001").unwrap().contains("old-scheme"));
    // Months 01 to 12.
    assert_eq!(err("2113.00001"), ("arxiv-month", 2, 2));
    assert_eq!(err("2100.00001"), ("arxiv-month", 2, 2));
    assert_eq!(err("arXiv:2199.00001"), ("arxiv-month", 8, 2));
    assert!(hint("2113.00001").unwrap().contains("year then month"));
}

#[test]
fn new_scheme_shape_errors() {
    assert_eq!(err("210.00001"), ("arxiv-yymm", 0, 3));
    assert_eq!(err("21011.00001"), ("arxiv-yymm", 0, 5));
    assert_eq!(err("2101"), ("arxiv-missing-dot", 4, 0));
    assert_eq!(err("2101-00001"), ("arxiv-missing-dot", 4, 0));
    assert_eq!(err("2101."), ("arxiv-number-missing", 5, 0));
    assert_eq!(err("2101.x"), ("arxiv-number-missing", 5, 0));
    assert_eq!(err("2101.00000"), ("arxiv-number-zero", 5, 5));
    assert_eq!(err("0706.0000"), ("arxiv-number-zero", 5, 4));
    // Seven digits alone: an old-scheme number without its archive.
    assert_eq!(err("9901001"), ("arxiv-missing-archive", 0, 7));
    assert!(hint("9901001").unwrap().contains("hep-th/9901001"));
    assert_eq!(err("2101.00001x"), ("arxiv-char", 10, 1));
    assert_eq!(err("2101.00001 v2"), ("arxiv-char", 10, 1));
    assert!(hint("2101.00001 v2").unwrap().contains("whitespace"));
    assert_eq!(err("2101.00001/"), ("arxiv-char", 10, 1));
    assert!(hint("2101.00001/").unwrap().contains("'/'"));
    assert_eq!(err("2101.00001é"), ("arxiv-char", 10, 2));
    assert_eq!(err("-2101.00001"), ("arxiv-char", 0, 1));
    assert_eq!(err("２１０１.00001"), ("arxiv-char", 0, 3));
}

// --- Versions ---

#[test]
fn versions() {
    assert_eq!(ax("2101.00001v12").version(), Some("12"));
    assert_eq!(err("2101.00001v"), ("arxiv-version-missing", 10, 1));
    assert_eq!(err("2101.00001v0"), ("arxiv-version-zero", 10, 2));
    assert_eq!(err("2101.00001v000"), ("arxiv-version-zero", 10, 4));
    assert_eq!(err("2101.00001v02"), ("arxiv-version-leading-zero", 10, 3));
    assert_eq!(hint("2101.00001v02").as_deref(), Some("write v2"));
    assert_eq!(err("hep-th/9901001v0"), ("arxiv-version-zero", 14, 2));
    // "An identifier with a version number appended refers to that specific version."
    assert_ne!(key("2101.00001v2"), key("2101.00001v3"));
    assert_ne!(key("2101.00001"), key("2101.00001v1"));
    assert!(ax("2101.00001v2").same_paper(&ax("2101.00001v3")));
    assert!(ax("2101.00001").same_paper(&ax("arXiv:2101.00001v1")));
    assert!(same_paper(&ax("math.GT/0309136v1"), &ax("math/0309136")));
    assert!(!ax("2101.00001").same_paper(&ax("2101.00002")));
    // An upper-case V is read, warned and lower-cased.
    assert_eq!(key("2101.00001V2"), "arXiv:2101.00001v2");
    let w = ax("2101.00001V2").warnings();
    assert_eq!((w[0].code, w[0].offset, w[0].len), (codes::CASE, 10, 1));
}

// --- The old scheme, and "information for interacting services" ---

#[test]
fn services_table() {
    // Internal identifier, preferred external identifier, year, month, version.
    for (internal, external, year, month, version) in [
        ("hep-th/9901001", "arXiv:hep-th/9901001", 1999, 1, None),
        ("hep-th/9901001v1", "arXiv:hep-th/9901001v1", 1999, 1, Some("1")),
        ("math.CA/0611800v2", "arXiv:math/0611800v2", 2006, 11, Some("2")),
        ("0704.0001", "arXiv:0704.0001", 2007, 4, None),
        ("0704.0001v1", "arXiv:0704.0001v1", 2007, 4, Some("1")),
        ("1412.7878", "arXiv:1412.7878", 2014, 12, None),
        ("1501.00001", "arXiv:1501.00001", 2015, 1, None),
        ("9912.12345v2", "arXiv:9912.12345v2", 2099, 12, Some("2")),
    ] {
        let a = ax(internal);
        assert_eq!(a.key(), external);
        assert_eq!(key(external), external);
        assert_eq!((a.year(), a.month(), a.version()), (year, month, version));
    }
    let a = ax("math.CA/0611800v2");
    assert_eq!(a.scheme(), IdScheme::Old);
    assert_eq!((a.archive(), a.subject_class()), (Some("math"), Some("CA")));
    assert_eq!((a.yymm(), a.number()), ("0611", "800"));
}

#[test]
fn old_scheme() {
    let a = ax("arXiv:math.GT/0309136");
    assert_eq!(a.id(), "math/0309136");
    assert_eq!(a.key(), "arXiv:math/0309136");
    let w = a.warnings();
    assert_eq!(
        (w[0].code, w[0].offset, w[0].len),
        (codes::SUBJECT_CLASS, 10, 3)
    );
    assert!(w[0].message.contains("arXiv:math/0309136"));
    for s in [
        "hep-ex/9404001",
        "astro-ph/0001001",
        "cond-mat/0703001",
        "cs.AI/0101001",
        "cs/9301001",
        "q-bio.CB/0309001",
        "nlin.CD/0001001",
        "physics/0601001",
        "quant-ph/9412001",
        "math-ph/9609001",
        "gr-qc/9207001",
        "hep-th/9108001",
    ] {
        let a = ax(s);
        assert_eq!(a.scheme(), IdScheme::Old, "{s}");
        assert!(
            !warning_codes(s).contains(&"arxiv-archive-dates"),
            "{s}: {:?}",
            a.warnings()
        );
    }
    // Subject classes with hyphens (cond-mat.str-el) are read as written.
    assert_eq!(ax("cond-mat.str-el/0101001").subject_class(), Some("str-el"));
    // Old-scheme numbers run per archive: hep-th/9901001 is not hep-ph/9901001.
    assert_ne!(key("hep-th/9901001"), key("hep-ph/9901001"));
}

#[test]
fn old_scheme_errors() {
    assert_eq!(err("images/0309136"), ("arxiv-archive", 0, 6));
    assert!(hint("images/0309136").unwrap().contains("hep-th"));
    assert_eq!(err("hep/9901001"), ("arxiv-archive", 0, 3));
    assert_eq!(err("q-fin/0701001"), ("arxiv-archive-new-scheme", 0, 5));
    assert_eq!(err("STAT/0701001"), ("arxiv-archive-new-scheme", 0, 4));
    assert!(
        Arxiv::parse("econ/0701001")
            .unwrap_err()
            .to_string()
            .contains("'econ'")
    );
    assert_eq!(err("math./0309136"), ("arxiv-subject-class-empty", 4, 1));
    assert_eq!(err("hep-th9901001"), ("arxiv-missing-slash", 6, 0));
    assert_eq!(err("hep-th"), ("arxiv-missing-slash", 6, 0));
    assert_eq!(err("hep-th_9901001"), ("arxiv-char", 6, 1));
    assert_eq!(err("hep-th/990100"), ("arxiv-old-digits", 7, 6));
    assert_eq!(err("hep-th/99010011"), ("arxiv-old-digits", 7, 8));
    assert_eq!(err("hep-th/"), ("arxiv-old-digits", 7, 0));
    assert_eq!(err("hep-th/x"), ("arxiv-char", 7, 1));
    assert_eq!(err("hep-th/9913001"), ("arxiv-month", 9, 2));
    assert_eq!(err("hep-th/9107001"), ("arxiv-old-scheme-date", 7, 4));
    assert_eq!(err("math/0704001"), ("arxiv-old-scheme-date", 5, 4));
    assert!(hint("math/0704001").unwrap().contains("arXiv:0704.0001"));
    assert_eq!(err("math/1201001"), ("arxiv-old-scheme-date", 5, 4));
}

#[test]
fn archive_dates_and_case() {
    // alg-geom took submissions from 9202 to 9712.
    let w = ax("alg-geom/9801001").warnings();
    assert_eq!(
        (w[0].code, w[0].offset, w[0].len),
        (codes::ARCHIVE_DATES, 9, 4)
    );
    assert!(w[0].message.contains("from 9202 to 9712"), "{}", w[0].message);
    assert!(warning_codes("alg-geom/9712001").is_empty());
    assert_eq!(warning_codes("q-bio/0308001"), ["arxiv-archive-dates"]);
    assert!(warning_codes("q-bio/0309001").is_empty());
    // Upper case in the archive: read, warned, lower-cased.
    assert_eq!(key("HEP-TH/9901001"), "arXiv:hep-th/9901001");
    assert_eq!(warning_codes("Hep-Th/9901001"), ["arxiv-case"]);
    assert_eq!(ax("HEP-TH/9901001").archive(), Some("HEP-TH"));
    assert_eq!(ax("HEP-TH/9901001").parts().archive.as_deref(), Some("hep-th"));
}

// --- Written forms ---

#[test]
fn written_forms_have_one_key() {
    let forms = [
        "2101.00001v2",
        "arXiv:2101.00001v2",
        "arxiv:2101.00001v2",
        "ARXIV:2101.00001v2",
        "arXiv: 2101.00001v2",
        "arXiv:\t2101.00001v2",
        "  arXiv:2101.00001v2\n",
        "https://arxiv.org/abs/2101.00001v2",
        "http://arxiv.org/abs/2101.00001v2",
        "https://www.arxiv.org/abs/2101.00001v2",
        "https://export.arxiv.org/abs/2101.00001v2",
        "HTTPS://ARXIV.ORG/abs/2101.00001v2",
        "https://arxiv.org/pdf/2101.00001v2",
        "https://arxiv.org/pdf/2101.00001v2.pdf",
        "https://arxiv.org/abs/2101.00001v2?context=cs",
        "https://arxiv.org/abs/2101.00001v2#section",
        "2101.00001V2",
    ];
    for s in forms {
        assert_eq!(key(s), "arXiv:2101.00001v2", "{s:?}");
        assert_eq!(ax(s).url(), "https://arxiv.org/abs/2101.00001v2");
        assert_eq!(ax(s).versioned(), "2101.00001v2");
    }
    for s in [
        "hep-th/9901001",
        "arXiv:hep-th/9901001",
        "https://arxiv.org/abs/hep-th/9901001",
        "https://arxiv.org/pdf/hep-th/9901001.pdf",
        "https://arxiv.org/abs/hep-th.XX/9901001",
    ] {
        assert_eq!(key(s), "arXiv:hep-th/9901001", "{s:?}");
    }
    assert_eq!(ax("https://arxiv.org/abs/2101.00001").form(), ArxivForm::Abs);
    assert_eq!(ax("https://arxiv.org/pdf/2101.00001").form(), ArxivForm::Pdf);
    assert_eq!(ax("2101.00001").form(), ArxivForm::Bare);
    assert_eq!(ArxivForm::Pdf.name(), "pdf");
    let a = ax("https://arxiv.org/abs/2101.00001v2?context=cs#x");
    assert_eq!((a.query(), a.fragment()), (Some("context=cs"), Some("x")));
    let w = a.warnings();
    assert_eq!(
        w.iter()
            .map(|w| (w.code.as_str(), w.offset, w.len))
            .collect::<Vec<_>>(),
        [("arxiv-url-query", 34, 11), ("arxiv-url-fragment", 45, 2)]
    );
    let w = ax(" 2101.00001\t").warnings();
    assert_eq!(
        w.iter()
            .map(|w| (w.code.as_str(), w.offset, w.len))
            .collect::<Vec<_>>(),
        [
            ("arxiv-surrounding-space", 0, 1),
            ("arxiv-surrounding-space", 11, 1)
        ]
    );
}

#[test]
fn url_errors() {
    assert_eq!(
        err("https://example.org/abs/2101.00001"),
        ("arxiv-url-host", 8, 11)
    );
    assert_eq!(
        err("https://arxiv.org/list/cs.AI/recent"),
        ("arxiv-url-path", 17, 5)
    );
    assert_eq!(err("https://arxiv.org"), ("arxiv-url-path", 17, 0));
    assert_eq!(
        err("https://arxiv.org/ABS/2101.00001"),
        ("arxiv-url-path", 17, 4)
    );
    assert_eq!(err("https://arxiv.org/abs/"), ("arxiv-missing-id", 22, 0));
    assert_eq!(err("https://arxiv.org/abs/?x"), ("arxiv-missing-id", 22, 0));
    assert_eq!(
        err("https://arxiv.org/abs/2101.00001/"),
        ("arxiv-char", 32, 1)
    );
    assert_eq!(
        err("https://arxiv.org/abs/2101.00001.pdf"),
        ("arxiv-char", 32, 1)
    );
    assert_eq!(
        err("https://arxiv.org/abs/2101.00001?a b"),
        ("arxiv-url-invalid", 34, 1)
    );
    assert!(hint("https://arxiv.org/abs/2101.00001?a b").is_some());
    assert_eq!(err("arXiv:"), ("arxiv-missing-id", 6, 0));
    assert_eq!(err("arXiv:  "), ("arxiv-missing-id", 6, 0));
    assert_eq!(err(""), ("arxiv-empty", 0, 0));
    assert_eq!(err(" \t"), ("arxiv-empty", 0, 2));
}

#[test]
fn normal_forms_borrow_when_they_can() {
    assert!(matches!(ax("arXiv:2101.00001v2").key(), Cow::Borrowed(_)));
    assert!(matches!(ax("2101.00001v2").versioned(), Cow::Borrowed(_)));
    assert!(matches!(ax("hep-th/9901001v2").versioned(), Cow::Borrowed(_)));
    assert!(matches!(ax("2101.00001V2").versioned(), Cow::Owned(_)));
    assert!(matches!(ax("math.GT/0309136").id(), Cow::Owned(_)));
    assert!(matches!(ax("arxiv:2101.00001").key(), Cow::Owned(_)));
}

// --- The DOIs arXiv registers ---

#[test]
fn dois() {
    // The arXiv blog's example.
    let a = ax("arXiv:2202.01037");
    assert_eq!(a.doi(), "10.48550/arXiv.2202.01037");
    assert_eq!(
        arxiv_of_doi("10.48550/arXiv.2202.01037").map(|a| a.key().into_owned()),
        Some("arXiv:2202.01037".into())
    );
    assert_eq!(
        arxiv_of_doi("10.48550/arxiv.hep-th/9901001").map(|a| a.key().into_owned()),
        Some("arXiv:hep-th/9901001".into())
    );
    assert_eq!(doi_of(&ax("arXiv:math.GT/0309136v2")), "10.48550/arXiv.math/0309136");
    for doi in [
        "10.48550/arXiv.2202.01037v1",
        "10.48550/arXiv. 2202.01037",
        "10.48550/arXiv.2202.01037 ",
        "10.48550/arXiv.arXiv:2202.01037",
        "10.48550/arXiv.https://arxiv.org/abs/2202.01037",
        "10.48550/arXiv.2113.01037",
        "10.48550/2202.01037",
        "10.48551/arXiv.2202.01037",
        "10.48550/arXiv.",
        "10.48550",
        "",
    ] {
        assert!(arxiv_of_doi(doi).is_none(), "{doi:?}");
    }
    // A DOI read by the DOI unit gives its name to arxiv_of_doi.
    let d = crate::Doi::parse("10.48550/ARXIV.2202.01037").unwrap();
    assert_eq!(arxiv_of_doi(d.as_str()).unwrap().id(), "2202.01037");
}

// --- Parts, scheme, detection ---

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let names: Vec<&str> = ArxivParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "id",
            "version",
            "scheme",
            "archive",
            "subject_class",
            "yymm",
            "number",
            "url",
            "doi"
        ]
    );
    assert!(ArxivParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let p = ax("https://arxiv.org/abs/2101.00001v2").parts();
    let values: Vec<Value<'_>> = (0..10).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("2101.00001"),
            Value::Str("2"),
            Value::Str("new"),
            Value::Null,
            Value::Null,
            Value::Str("2101"),
            Value::Str("00001"),
            Value::Str("https://arxiv.org/abs/2101.00001v2"),
            Value::Str("10.48550/arXiv.2101.00001"),
            Value::Null,
        ]
    );
}

#[test]
fn scheme_forms() {
    use crate::{Level, PidForm, PidOutput, ToIri, ToUri};
    let a = ax("https://arxiv.org/pdf/2101.00001v2.pdf");
    let out = |form| PidOutput {
        form,
        ..PidOutput::default()
    };
    let n = |form| ArxivScheme::normalize(&a, Level::Scheme, &out(form)).into_owned();
    assert_eq!(n(PidForm::Auto), "arXiv:2101.00001v2");
    assert_eq!(n(PidForm::Uri), "arXiv:2101.00001v2");
    assert_eq!(n(PidForm::Name), "2101.00001v2");
    assert_eq!(n(PidForm::Url), "https://arxiv.org/abs/2101.00001v2");
    assert_eq!(
        ArxivScheme::normalize(&a, Level::Simple, &out(PidForm::Url)),
        a.input()
    );
    assert_eq!(ArxivScheme::key(&a, Level::Simple), a.input());
    assert_eq!(ArxivScheme::key(&a, Level::Syntax), "arXiv:2101.00001v2");
    assert_eq!(ArxivScheme::name(&a).unwrap(), "2101.00001v2");
    assert!(ArxivScheme::as_iri(&a).is_some());
    assert!(ArxivScheme::as_iri(&ax("arXiv:2101.00001")).is_none());
    // A URL converts as the URL it is; other forms give their normal form.
    let t = ToUri::new();
    assert_eq!(
        ArxivScheme::to_uri(&a, &t, &out(PidForm::Auto)).unwrap(),
        a.input()
    );
    assert_eq!(
        ArxivScheme::to_uri(&ax("arXiv: 2101.00001"), &t, &out(PidForm::Auto)).unwrap(),
        "arXiv:2101.00001"
    );
    assert_eq!(
        ArxivScheme::to_iri(&ax(" 2101.00001 "), &ToIri::new(), &out(PidForm::Url)).unwrap(),
        "https://arxiv.org/abs/2101.00001"
    );
    assert!(ArxivScheme::rule(Level::Scheme).contains("v2 is not v3"));
    assert!(ArxivScheme::normal_form("arXiv:2101.00001", Level::Scheme).is_none());
}

#[test]
fn claims_by_shape() {
    for t in [
        "arXiv:2101.00001",
        "ARXIV:",
        "arxiv:anything",
        "https://arxiv.org/abs/2101.00001",
        "http://www.arxiv.org/pdf/x",
        "HTTPS://EXPORT.ARXIV.ORG/abs/",
        "2101.00001",
        "2101.00001v2",
        "0706.0001V1",
        "1501.0001",
        "0001.0001",
        "hep-th/9901001",
        "HEP-TH/9",
        "math.GT/0309136",
        "cond-mat.str-el/0101001",
        "cs/1",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "arxiv",
        "arxiv.org/abs/2101.00001",
        "https://arxiv.org/",
        "https://arxiv.org/list/cs.AI/recent",
        "https://arxiv.org.example/abs/2101.00001",
        "https://example.org/abs/2101.00001",
        "2113.00001",
        "2100.00001",
        "2101.001",
        "2101.000001",
        "2101.00001v",
        "2101.00001x",
        "2101",
        "12345678",
        "3.14159",
        "1234.5678.9",
        "images/0309136",
        "hep-th/x",
        "hep-th",
        "stat/0701001",
        "math./0309136",
        "physics-and-chemistry/1",
        "10.48550/arXiv.2101.00001",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn detected_through_read() {
    use crate::{Identifier, Kind, ReadOptions, read};
    for s in [
        "2101.00001",
        "2101.00001v2",
        "arXiv:2101.00001",
        "arXiv: 2101.00001",
        "  arXiv:2101.00001 ",
        "https://arxiv.org/abs/2101.00001v2",
        "https://arxiv.org/pdf/2101.00001v2.pdf",
        "hep-th/9901001",
        "math.GT/0309136",
        "arXiv:hep-th/9901001",
    ] {
        let r = read(s, &ReadOptions::default());
        assert_eq!(r.kind, Kind::Arxiv, "{s}");
        let id = r.result.unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(id.kind(), Kind::Arxiv);
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Arxiv);
        assert!(id.details().is_some());
    }
    // Claimed but broken: the arXiv error, with its offset.
    let r = read("arXiv:2101.0001", &ReadOptions::default());
    let e = r.result.unwrap_err();
    assert_eq!((r.kind, e.code(), e.offset), (Kind::Arxiv, "arxiv-number-digits", 11));
    // Not claimed: a relative path, an IRI of another site, a decimal.
    for (s, k) in [
        ("images/0309136", Kind::RelativeRef),
        ("https://example.org/abs/2101.00001", Kind::Iri),
        ("2113.00001", Kind::RelativeRef),
    ] {
        assert_eq!(read(s, &ReadOptions::default()).kind, k, "{s}");
    }
    // Under --as arxiv, anything is read by the arXiv rules.
    let opts = ReadOptions::default().with_read_as(crate::ReadAs::Arxiv);
    let e = read("images/0309136", &opts).result.unwrap_err();
    assert_eq!(e.code(), "arxiv-archive");
}

#[test]
fn finder() {
    let text = "Cite arXiv:0706.0001v1 [q-bio.CB] 1 Jun 2007; also arXiv preprint arXiv:1706.03762, \
                ARXIV: hep-th/9901001. Not xarXiv:2101.00001, /arXiv:2101.00001, arXiv:2101.000012, \
                arXiv:2113.00001, arXiv:2101.00001/abc, arXiv:  2101.00001 or 2101.00001.";
    let found: Vec<(usize, &str)> = find_iter(text)
        .map(|f| (f.start, &text[f.start..f.end]))
        .collect();
    assert_eq!(
        found,
        [
            (5, "arXiv:0706.0001v1"),
            (66, "arXiv:1706.03762"),
            (84, "ARXIV: hep-th/9901001")
        ]
    );
    for f in find_iter(text) {
        assert_eq!(f.arxiv.input(), &text[f.start..f.end]);
    }
    assert_eq!(find_iter("").count(), 0);
    assert_eq!(find_iter("arXiv:").count(), 0);
    assert_eq!(find_iter("（arXiv:2101.00001）").count(), 1);
    assert_eq!(find_iter("論文arXiv:2101.00001").count(), 1);
    assert_eq!(find_iter("éarXiv:2101.00001").count(), 0);
}

#[test]
fn found_through_extract() {
    use crate::Kind;
    let text = "See arXiv:2101.00001v2 and https://arxiv.org/abs/hep-th/9901001, or <arXiv:2101.00002>.";
    let found: Vec<(Kind, String)> = crate::extract::identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Arxiv, "arXiv:2101.00001v2".to_owned()),
            (Kind::Arxiv, "https://arxiv.org/abs/hep-th/9901001".to_owned()),
            (Kind::Arxiv, "arXiv:2101.00002".to_owned()),
        ]
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("arxiv-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        ArxivError::Empty,
        ArxivError::UrlHost("x".into()),
        ArxivError::UrlPath,
        ArxivError::UrlInvalid(crate::iri::IriError::BadPercent),
        ArxivError::MissingId,
        ArxivError::Char('x'),
        ArxivError::Yymm,
        ArxivError::MissingDot,
        ArxivError::Month,
        ArxivError::NewDate,
        ArxivError::NumberMissing,
        ArxivError::NumberDigits(4, None),
        ArxivError::NumberZero,
        ArxivError::MissingArchive,
        ArxivError::UnknownArchive("x".into()),
        ArxivError::NewArchive("stat".into()),
        ArxivError::SubjectClassEmpty,
        ArxivError::MissingSlash,
        ArxivError::OldDigits,
        ArxivError::OldDate,
        ArxivError::VersionMissing,
        ArxivError::VersionZero,
        ArxivError::VersionLeadingZero("v1".into()),
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("arxiv-"), "{}", e.code());
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()), "{} twice", e.code());
    }
}

// --- Properties ---

/// Checks that hold for any input: no panic; an error points at whole characters inside the
/// input; an identifier's warnings too, its normal form is an identifier that is its own
/// normal form with the same key, and every output form reads back to the same key.
fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Arxiv::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(a) => {
            let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
            assert!(claims(t.as_bytes()), "{s:?} is an arXiv identifier but not claimed");
            for w in a.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let k = a.key();
            let again = Arxiv::parse(&k).unwrap_or_else(|e| panic!("{s:?} -> {k:?}: {e}"));
            assert_eq!(again.key(), k, "not idempotent: {s:?}");
            assert!(matches!(again.key(), Cow::Borrowed(_)));
            assert!(
                again.warnings().iter().all(|w| w.code == codes::ARCHIVE_DATES),
                "{k:?}"
            );
            for form in [a.url(), a.versioned().into_owned()] {
                let b = Arxiv::parse(&form).unwrap_or_else(|e| panic!("{s:?} -> {form:?}: {e}"));
                assert_eq!(b.key(), k, "{s:?} via {form:?}");
            }
            let d = a.doi();
            let via = arxiv_of_doi(&d).unwrap_or_else(|| panic!("{s:?} -> {d:?}"));
            assert!(via.same_paper(&a));
            let _ = (a.parts(), a.year(), a.month(), a.query(), a.fragment());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        " ",
        "arXiv:",
        "arXiv: ",
        "https://",
        "https://arxiv.org",
        "https://arxiv.org/abs",
        "https://arxiv.org/abs/",
        "https://arxiv.org/pdf/2101.00001.pdf.pdf",
        "2101.00001v9999999999999999999999",
        "hep-th/9901001V1",
        "math.GT/0309136",
        "a.b/0001001",
        "é",
        "arXiv:é",
        "2101.é",
        "hep-th.é/1",
    ] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// A canonical identifier: `arXiv:` and a new-scheme or old-scheme identifier, with or
    /// without a version.
    fn canonical() -> impl Strategy<Value = String> {
        let new = (7u32..=99, 1u32..=12, 1u32..=99_999)
            .prop_filter("from 0704", |(yy, mm, _)| yy * 100 + mm >= 704)
            .prop_map(|(yy, mm, n)| {
            if yy * 100 + mm <= 1412 {
                format!("{yy:02}{mm:02}.{:04}", n % 9999 + 1)
            } else {
                format!("{yy:02}{mm:02}.{n:05}")
            }
        });
        let old = (
            prop::sample::select(syntax::ARCHIVES.iter().map(|a| a.name).collect::<Vec<_>>()),
            prop::sample::select(vec![
                "9108", "9112", "9501", "9912", "0001", "0311", "0612", "0703",
            ]),
            0u32..1000,
        )
            .prop_map(|(a, ym, n)| format!("{a}/{ym}{n:03}"));
        (prop_oneof![new, old], proptest::option::of(1u32..40)).prop_map(|(id, v)| match v {
            Some(v) => format!("arXiv:{id}v{v}"),
            None => format!("arXiv:{id}"),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_arxiv_shaped_strings(
            head in "(arXiv:|ARXIV: |https://arxiv\\.org/abs/|http://export\\.arxiv\\.org/pdf/|)",
            tail in "[0-9a-zA-Z./\\-vV?#: é]{0,24}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_their_own_normal_form(s in canonical()) {
            let a = Arxiv::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            prop_assert_eq!(a.key(), s.as_str());
            prop_assert!(matches!(a.key(), Cow::Borrowed(_)));
            invariants(&s);
        }

        #[test]
        fn key_does_not_depend_on_the_written_form(
            s in canonical(),
            head in "(|arXiv:|arxiv: |ARXIV:\t|https://arxiv\\.org/abs/|http://www\\.arxiv\\.org/pdf/|https://export\\.arxiv\\.org/abs/)",
            upper in any::<bool>(),
            space in "( |\t|\n|)",
            subject in "(|\\.GT|\\.str-el)",
            tail in "(|\\.pdf|\\?context=cs|#x)",
        ) {
            let id = &s[6..];
            let mut written = id.to_owned();
            if upper {
                written = written.to_ascii_uppercase();
            }
            if let Some(slash) = written.find('/') && !subject.is_empty() {
                written.insert_str(slash, &subject);
            }
            let tail = if !head.starts_with("http") || (tail == ".pdf" && !head.contains("pdf")) {
                ""
            } else {
                tail.as_str()
            };
            let written = format!("{space}{head}{written}{tail}{space}");
            let a = Arxiv::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(a.key(), s.as_str(), "{}", written);
            invariants(&written);
        }
    }
}
