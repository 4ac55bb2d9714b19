//! Warnings: the §4.4 bidi examples, LEIRI / Web Address mapping, display form.

mod common;

use common::Tally;
use pidkit::{IriRef, check};

fn codes(iri: &str) -> Vec<&'static str> {
    check(&IriRef::parse(iri).unwrap())
        .iter()
        .map(|w| w.code.as_str())
        .collect()
}

#[test]
fn bidi_examples_of_section_4_4() {
    let Some(cases) = common::json("rfc3987/bidi-examples.json") else {
        return;
    };
    let mut t = Tally::new("rfc3987/bidi-examples.json");
    for c in cases.as_array().unwrap() {
        let iri = c["logical_hebrew_derived"].as_str().unwrap();
        let allowed = c["allowed"].as_bool().unwrap();
        let all = codes(iri);
        let bidi: Vec<_> = all.iter().filter(|c| c.starts_with("bidi-")).collect();
        t.check(bidi.is_empty() == allowed, || {
            format!("example {}: {iri}: {all:?}", c["example"])
        });
        // Under a scheme whose host is not a DNS name, the §4.2 warnings are all there is.
        let generic = iri.replacen("http:", "foo:", 1);
        let expected: &[&str] = if allowed {
            &[]
        } else {
            &["bidi-rtl-boundary"; 2]
        };
        assert_eq!(codes(&generic), expected, "{generic}");
        // For http, example 10 ("allowed but not recommended") cannot be converted: its label
        // "123" starts with a digit in a domain name with right-to-left labels, which the RFC
        // 5893 bidi rule forbids (and §4.2's note says the rule binds host labels).
        let idna = all.contains(&"idna-invalid");
        assert_eq!(idna, c["example"] == 10, "{iri}: {all:?}");
        assert_eq!(IriRef::parse(iri).unwrap().to_uri().is_err(), idna);
    }
    t.finish();
}

#[test]
fn section_4_4_example_8_warnings_point_at_the_components() {
    let iri = "http://ab.cd.ef/זח1/2טי/ךכ.html";
    let w = check(&IriRef::parse(iri).unwrap());
    let spans: Vec<_> = w.iter().map(|w| &iri[w.offset..w.offset + w.len]).collect();
    assert_eq!(spans, ["זח1", "2טי"]);
}

#[test]
fn spoofing_and_hygiene() {
    for (iri, want) in [
        ("http://example.com/", &[][..]),
        ("https://аpple.com/", &["mixed-script", "confusable"]), // Cyrillic а
        ("https://xn--pple-43d.com/", &["mixed-script", "confusable"]), // the same, as A-label
        ("https://раураӏ.com/", &["confusable"]),                // all Cyrillic
        ("https://example.com/ｆｕｌｌ", &["not-nfkc", "confusable"]),
        (
            "https://example.com/%C0%AF..%c0%af",
            &["overlong-utf8", "overlong-utf8", "lowercase-hex"],
        ),
        ("ftp://user:secret@example.com/", &["password-in-userinfo"]),
        ("https://xn--zz.com/", &["bad-punycode"]),
        ("https://example.com/日本語のページ", &[]), // Han + Hiragana + Katakana: one writing system
        ("https://example.com/Ελληνικά/Русский", &[]), // one script per component
    ] {
        assert_eq!(codes(iri), want, "{iri}");
    }
}
