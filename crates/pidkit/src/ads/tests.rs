//! Tests of the ADS unit: bibcodes of the ADS's and SIMBAD's documentation and of real
//! records, every error with its offset and hint, the canonical form and key of every written
//! form, detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn bib(s: &str) -> Bibcode<'_> {
    Bibcode::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Bibcode::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    Bibcode::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    bib(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

/// The parts as (year, journal, volume, qualifier, page, initial).
fn fields(s: &str) -> (String, String, Option<String>, Option<String>, Option<String>, Option<String>) {
    let p = bib(s).parts();
    (p.year, p.journal, p.volume, p.qualifier, p.page, p.initial)
}

fn some(s: &str) -> Option<String> {
    Some(s.to_owned())
}

#[test]
fn bibcodes_of_the_documentation_and_of_records() {
    assert_eq!(
        fields("1974AJ.....79..819H"),
        ("1974".into(), "AJ".into(), some("79"), None, some("819"), some("H"))
    );
    assert_eq!(
        fields("1924MNRAS..84..308E"),
        ("1924".into(), "MNRAS".into(), some("84"), None, some("308"), some("E"))
    );
    assert_eq!(
        fields("1970ApJ...161L..77K"),
        ("1970".into(), "ApJ".into(), some("161"), some("L"), some("77"), some("K"))
    );
    assert_eq!(
        fields("1995MNRAS.276.1024J"),
        ("1995".into(), "MNRAS".into(), some("276"), None, some("1024"), some("J"))
    );
    assert_eq!(
        fields("2001A&A...369..339B"),
        ("2001".into(), "A&A".into(), some("369"), None, some("339"), some("B"))
    );
    // An ASCL entry: the month and number continue the page in the qualifier's column.
    assert_eq!(
        fields("2016ascl.soft04006U"),
        ("2016".into(), "ascl".into(), some("soft"), None, some("04006"), some("U"))
    );
    for s in [
        "2002MNRAS.336...14J",
        "2003ApJ...586.1338U",
        "2004ApJ...614..371M",
        "2019arXiv190102345S",
        "2020A&A...633A..53S",
        "1992ApJ...400L...1W",
        "2000hst..prop.8000.",
    ] {
        let b = bib(s);
        assert_eq!(b.bibcode(), s);
        assert!(b.warnings().is_empty());
    }
    assert_eq!(fields("2000hst..prop.8000.").5, None);
    assert_eq!(fields("2020A&A...633A..53S").3, some("A"));
}

#[test]
fn the_written_forms_and_their_canonical_form() {
    let b = "1974AJ.....79..819H";
    for (s, warnings) in [
        ("1974AJ.....79..819H", &[][..]),
        ("bibcode:1974AJ.....79..819H", &[]),
        ("Bibcode: 1974AJ.....79..819H", &[]),
        ("https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract", &[]),
        ("https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H", &[]),
        ("https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/references/", &[]),
        ("http://adsabs.harvard.edu/abs/1974AJ.....79..819H", &[]),
        ("https://ui.adsabs.harvard.edu/#abs/1974AJ.....79..819H/abstract", &[]),
        ("http://articles.adsabs.harvard.edu/full/1974AJ.....79..819H", &[]),
        (
            "http://adsabs.harvard.edu/cgi-bin/nph-bib_query?bibcode=1974AJ.....79..819H&db_key=AST",
            &["ads-url-extra"],
        ),
        ("https://scixplorer.org/abs/1974AJ.....79..819H/abstract", &[]),
        ("https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract?x", &["ads-url-extra"]),
        ("1974AJ\u{2026}..79..819H", &["ads-ellipsis"]),
        (" 1974AJ.....79..819H", &["ads-surrounding-space"]),
    ] {
        let x = bib(s);
        assert_eq!(warning_codes(s), warnings, "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(AdsScheme::key(&x, level), b, "{s}");
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Name] {
                assert_eq!(AdsScheme::normalize(&x, level, &out(form)), b);
            }
            assert_eq!(
                AdsScheme::normalize(&x, level, &out(PidForm::Url)),
                "https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract"
            );
        }
        assert_eq!(AdsScheme::key(&x, Level::Simple), s);
    }
    // `&` is written %26 in URLs, read as `&`.
    for s in [
        "https://ui.adsabs.harvard.edu/abs/2020A%26A...633A..53S/abstract",
        "https://ui.adsabs.harvard.edu/abs/2020A&A...633A..53S/abstract",
        "2020A%26A...633A..53S",
    ] {
        let x = bib(s);
        assert_eq!(x.bibcode(), "2020A&A...633A..53S");
        assert_eq!(
            x.url(),
            "https://ui.adsabs.harvard.edu/abs/2020A%26A...633A..53S/abstract"
        );
    }
    assert_eq!(warning_codes("2020A%26A...633A..53S"), ["ads-percent"]);
    assert!(matches!(bib(b).bibcode(), Cow::Borrowed(_)));
    // Case matters.
    assert_ne!(bib("1974aj.....79..819H").bibcode(), b);
}

#[test]
fn conversions() {
    let t = crate::ToUri::new();
    let x = bib("1974AJ.....79..819H");
    assert!(AdsScheme::as_iri(&x).is_none());
    assert_eq!(
        AdsScheme::to_uri(&x, &t, &PidOutput::default()).unwrap(),
        "https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract"
    );
    assert_eq!(
        AdsScheme::to_iri(&x, &crate::ToIri::new(), &out(PidForm::Name)).unwrap(),
        "1974AJ.....79..819H"
    );
    let x = bib("http://adsabs.harvard.edu/abs/1974AJ.....79..819H");
    assert_eq!(
        AdsScheme::to_uri(&x, &t, &PidOutput::default()).unwrap(),
        "http://adsabs.harvard.edu/abs/1974AJ.....79..819H"
    );
    assert_eq!(AdsScheme::name(&x).as_deref(), Some("1974AJ.....79..819H"));
}

#[test]
fn every_error_with_its_offset_and_hint() {
    assert_eq!(err(""), ("ads-not-bibcode", 0, 0));
    assert!(hint("").is_some());
    assert_eq!(
        err("https://example.org/abs/1974AJ.....79..819H"),
        ("ads-not-bibcode", 0, 43)
    );
    assert_eq!(err("bibcode:"), ("ads-empty", 8, 0));
    assert_eq!(err("https://ui.adsabs.harvard.edu/abs/"), ("ads-empty", 34, 0));
    assert_eq!(err("1974AJ....79..819H"), ("ads-length", 18, 0));
    assert_eq!(
        hint("1974AJ....79..819H").as_deref(),
        Some("check for a missing period of the padding")
    );
    assert_eq!(err("1974AJ......79..819H"), ("ads-length", 19, 1));
    assert!(hint("1974AJ......79..819H").unwrap().contains("19th"));
    assert_eq!(err("1974AJ\u{2026}...79..819H"), ("ads-length", 19, 1));
    assert_eq!(err("1974AJ.....79 .819H"), ("ads-char", 13, 1));
    assert_eq!(hint("1974AJ.....79 .819H").as_deref(), Some("remove the space"));
    assert_eq!(err("2020A%27A...633A..53S"), ("ads-char", 5, 1));
    assert!(hint("2020A%27A...633A..53S").unwrap().contains("%26"));
    assert_eq!(err("1974AJ.....79..819\u{e9}"), ("ads-char", 18, 2));
    assert_eq!(err("1974AJ.....7&..819H"), ("ads-char", 12, 1));
    assert_eq!(err("197xAJ.....79..819H"), ("ads-year", 3, 1));
    assert_eq!(err("1974.AJ....79..819H"), ("ads-journal", 4, 1));
    assert_eq!(err("1974AJ.....79..8191"), ("ads-initial", 18, 1));
    assert_eq!(
        err("https://ui.adsabs.harvard.edu/search/q=star"),
        ("ads-url", 29, 14)
    );
    assert!(hint("https://ui.adsabs.harvard.edu/").is_some());
    assert_eq!(
        err("https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract?a b"),
        ("ads-char", 64, 1)
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("ads-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        BibcodeError::NotBibcode,
        BibcodeError::Empty,
        BibcodeError::Length(18),
        BibcodeError::Char('x'),
        BibcodeError::Year,
        BibcodeError::Journal,
        BibcodeError::Initial('1'),
        BibcodeError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("ads-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
}

#[test]
fn warning_spans() {
    let w = bib("1974AJ\u{2026}..79..819H").warnings();
    assert_eq!((w[0].offset, w[0].len), (6, 3));
    let w = bib("https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract#x").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("ads-url-extra", 62, 2));
}

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = BibcodeParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        ["bibcode", "year", "journal", "volume", "qualifier", "page", "initial", "url"]
    );
    let p = bib("1970ApJ...161L..77K").parts();
    let values: Vec<Value<'_>> = (0..9).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("1970ApJ...161L..77K"),
            Value::Str("1970"),
            Value::Str("ApJ"),
            Value::Str("161"),
            Value::Str("L"),
            Value::Str("77"),
            Value::Str("K"),
            Value::Str("https://ui.adsabs.harvard.edu/abs/1970ApJ...161L..77K/abstract"),
            Value::Null
        ]
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "1974AJ.....79..819H",
        "2019arXiv190102345S",
        "2020A&A...633A..53S",
        "2020A%26A...633A..53S",
        "1974AJ\u{2026}..79..819H",
        "2000hst..prop.8000.",
        "bibcode:",
        "Bibcode: x",
        "https://ui.adsabs.harvard.edu/abs/x",
        "http://adsabs.harvard.edu/cgi-bin/nph-bib_query?bibcode=x",
        "https://ui.adsabs.harvard.edu/#abs/x",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "1974AJ....79..819H",
        "1974AJ......79..819H",
        "2019-01-01T00:00:00",
        "1799AJ.....79..819H",
        "2100AJ.....79..819H",
        "1974.AJ....79..819H",
        "20190101ABCDEFGHIJK",
        "1974AJ.....79..8191",
        "1974AJ.....79..819%26",
        "https://ui.adsabs.harvard.edu/search/q=x",
        "https://example.org/abs/1974AJ.....79..819H",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection() {
    for s in [
        "1974AJ.....79..819H",
        "Bibcode: 1974AJ.....79..819H",
        "https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract",
    ] {
        assert_eq!(Identifier::parse(s).unwrap().kind(), Kind::Ads, "{s}");
    }
    let r = crate::read("bibcode:1974AJ....79..819H", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Ads, "ads-length")
    );
    let opts = ReadOptions::new(crate::ReadAs::Ads, None).unwrap();
    assert!(crate::read("1500AJ.....79..819H", &opts).result.is_ok());
}

#[test]
fn the_finder() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("Bibcode:1974AJ.....79..819H. (bibcode: 2000hst..prop.8000.)"),
        [
            (0, "Bibcode:1974AJ.....79..819H".to_owned()),
            (30, "bibcode: 2000hst..prop.8000.".to_owned())
        ]
    );
    assert!(found("1974AJ.....79..819H xbibcode:1974AJ.....79..819H Bibcode:1974AJ....79..819H Bibcode:").is_empty());
    let kinds: Vec<Kind> = crate::extract::identifiers(
        "Bibcode:1974AJ.....79..819H, https://ui.adsabs.harvard.edu/abs/1924MNRAS..84..308E/abstract.",
    )
    .map(|f| f.kind)
    .collect();
    assert_eq!(kinds, [Kind::Ads, Kind::Ads]);
}

fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Bibcode::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(b) => {
            for w in b.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            assert_eq!(b.bibcode().len(), 19);
            let key = AdsScheme::key(&b, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = AdsScheme::normalize(&b, Level::Scheme, &out(form));
                let again = Bibcode::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(AdsScheme::key(&again, Level::Scheme), key);
                assert_eq!(AdsScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = b.parts();
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "bibcode:",
        "\u{2026}",
        "1974\u{2026}",
        "%26",
        "%2",
        "1974AJ.....79..819%",
        "https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/",
        "https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H//",
        "http://adsabs.harvard.edu/cgi-bin/nph-bib_query?bibcode=",
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
        fn never_panics_on_bibcode_shaped_strings(
            head in "(|bibcode:|https://ui\\.adsabs\\.harvard\\.edu/(abs/|#abs/)|http://adsabs\\.harvard\\.edu/cgi-bin/nph-bib_query\\?bibcode=)",
            tail in "[0-9]{0,4}[A-Za-z0-9.&%…/?# é]{0,18}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(
            year in 1800u32..2100,
            journal in "[A-Z][A-Za-z&]{0,4}",
            volume in "[0-9]{1,4}",
            qualifier in "[A-Z.]",
            page in "[0-9]{1,4}",
            initial in "[A-Z.]",
            form in 0usize..5,
        ) {
            let b = format!("{year}{journal:.<5}{volume:.>4}{qualifier}{page:.>4}{initial}");
            prop_assert_eq!(b.len(), 19);
            let written = match form {
                0 => b.clone(),
                1 => format!("Bibcode: {b}"),
                2 => format!("https://ui.adsabs.harvard.edu/abs/{}/abstract", b.replace('&', "%26")),
                3 => b.replacen("...", "\u{2026}", 1),
                _ => format!("http://adsabs.harvard.edu/abs/{b}"),
            };
            let x = bib(&written);
            prop_assert_eq!(x.bibcode(), b.as_str());
            prop_assert!(claims(written.as_bytes()));
            let key = AdsScheme::key(&x, Level::Scheme).into_owned();
            let n = AdsScheme::normalize(&x, Level::Scheme, &PidOutput::default());
            prop_assert_eq!(&n, &key);
            prop_assert_eq!(AdsScheme::key(&bib(&n), Level::Scheme), key);
            invariants(&written);
        }
    }
}
