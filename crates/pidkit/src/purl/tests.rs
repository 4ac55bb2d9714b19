//! Tests of the PURL unit: the services' PURLs, every error with its offset, the normal forms,
//! detection, and properties.

use super::*;
use crate::ErrorCode;

fn purl(s: &str) -> Purl<'_> {
    Purl::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn err(s: &str) -> (&'static str, usize, usize) {
    match Purl::parse(s) {
        Ok(p) => panic!("{s:?} parsed: {p:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

#[test]
fn purls_of_each_service() {
    for (s, service, domain, path) in [
        (
            "http://purl.org/dc/terms/title",
            "purl.org",
            "dc",
            "/dc/terms/title",
        ),
        (
            "http://purl.org/dc/elements/1.1/",
            "purl.org",
            "dc",
            "/dc/elements/1.1/",
        ),
        ("https://purl.org/ontology/bibo/", "purl.org", "ontology", "/ontology/bibo/"),
        ("http://purl.oclc.org/NET/x", "purl.oclc.org", "NET", "/NET/x"),
        ("http://purl.net/x", "purl.net", "x", "/x"),
        (
            "https://purl.fdlp.gov/GPO/gpo12345",
            "purl.fdlp.gov",
            "GPO",
            "/GPO/gpo12345",
        ),
        ("https://w3id.org/ro/crate/1.1", "w3id.org", "ro", "/ro/crate/1.1"),
        ("https://w3id.org/security#", "w3id.org", "security", "/security"),
        ("HTTP://PURL.ORG:80/dc?x#y", "purl.org", "dc", "/dc"),
    ] {
        let p = purl(s);
        assert_eq!((p.service(), p.domain(), p.path()), (service, domain, path), "{s}");
        assert_eq!(p.input(), s);
        assert_eq!(p.to_string(), s);
        assert!(claims(s.as_bytes()) || s.contains(":80"), "{s}");
    }
}

#[test]
fn the_key_is_the_iris() {
    for (s, syntax, scheme) in [
        (
            "http://purl.org/dc/terms/title",
            "http://purl.org/dc/terms/title",
            "http://purl.org/dc/terms/title",
        ),
        (
            "HTTP://PURL.ORG/dc/./terms/%7Etitle",
            "http://purl.org/dc/terms/~title",
            "http://purl.org/dc/terms/~title",
        ),
        (
            "https://w3id.org:443/ro/crate",
            "https://w3id.org:443/ro/crate",
            "https://w3id.org/ro/crate",
        ),
    ] {
        let p = purl(s);
        assert_eq!(p.key(Level::Simple), s);
        assert_eq!(p.key(Level::Syntax), syntax, "{s}");
        assert_eq!(p.key(Level::Scheme), scheme, "{s}");
        let iri = crate::IriRef::parse(s).unwrap();
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(p.key(level), iri.normalize(level).as_str());
        }
    }
    // Case of the path matters; http and https stay apart.
    assert!(!purl("http://purl.org/dc/terms/Title").equivalent(&purl("http://purl.org/dc/terms/title")));
    assert!(!purl("http://purl.org/dc/").equivalent(&purl("https://purl.org/dc/")));
    assert!(purl("http://PURL.org/dc/").equivalent(&purl("http://purl.org:80/dc/")));
}

#[test]
fn errors() {
    assert_eq!(err(""), ("purl-iri", 0, 0));
    assert_eq!(err("purl.org/dc/terms/"), ("purl-iri", 0, 0));
    assert_eq!(err("http://purl.org/dc/ terms"), ("purl-iri", 19, 1));
    assert_eq!(
        Purl::parse("http://purl.org/dc/%zz").unwrap_err().hint().unwrap(),
        "write a literal '%' as %25"
    );
    assert_eq!(err("ftp://purl.org/dc/"), ("purl-not-purl", 0, 3));
    assert_eq!(err("https://example.org/dc/"), ("purl-not-purl", 8, 11));
    assert_eq!(err("https://purl.org.example/dc/"), ("purl-not-purl", 8, 16));
    assert_eq!(err("https://user@purl.org/dc/"), ("purl-not-purl", 8, 4));
    assert_eq!(err("http:/purl.org/dc"), ("purl-not-purl", 0, 17));
    assert_eq!(err("http://purl.org"), ("purl-no-domain", 15, 0));
    assert_eq!(err("http://purl.org/"), ("purl-no-domain", 16, 0));
    assert_eq!(err("http://purl.org//dc"), ("purl-no-domain", 16, 0));
    assert_eq!(err("http://purl.org/?dc"), ("purl-no-domain", 16, 0));
    assert!(Purl::parse("http://w3id.org").unwrap_err().hint().is_some());
    let mut codes = std::collections::HashSet::new();
    for e in [
        PurlError::Iri(crate::iri::IriError::Empty),
        PurlError::NotPurl,
        PurlError::NoDomain,
    ] {
        assert!(e.code().starts_with("purl-"));
        assert!(!e.to_string().is_empty());
        codes.insert(e.code());
    }
    assert_eq!(codes.len(), 3);
    assert!(codes::ALL.is_empty());
}

#[test]
fn claims_by_shape() {
    for t in [
        "http://purl.org/d",
        "https://purl.oclc.org/x",
        "http://PURL.NET/x",
        "https://purl.fdlp.gov/GPO/x",
        "https://w3id.org/ro",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "http://purl.org",
        "http://purl.org/",
        "http://purl.org//x",
        "http://purl.org/?x",
        "http://purl.org/#x",
        "http://purl.organic.org/x",
        "http://www.purl.org/x",
        "http://purl.obolibrary.org/obo/GO_0008150",
        "purl.org/dc",
        "ftp://purl.org/dc",
        "https://example.org/purl.org/dc",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let p = purl("https://w3id.org/ro/crate").parts();
    let names: Vec<&str> = PurlParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["service", "domain", "path"]);
    assert!(PurlParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let values: Vec<Value<'_>> = (0..4).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("w3id.org"),
            Value::Str("ro"),
            Value::Str("/ro/crate"),
            Value::Null
        ]
    );
}

#[test]
fn through_the_library() {
    use crate::{Identifier, Kind, PidForm, PidOutput};
    for s in [
        "http://purl.org/dc/terms/title",
        "HTTPS://W3ID.ORG/ro/crate",
        "http://purl.oclc.org/NET/x",
    ] {
        assert_eq!(crate::detect::detect(s), Kind::Purl, "{s}");
        let id = Identifier::parse(s).unwrap();
        assert_eq!(id.kind(), Kind::Purl);
        let iri = crate::IriRef::parse(s).unwrap();
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            assert_eq!(id.key(level).as_str(), iri.key(level).as_str());
        }
        let url = PidOutput {
            form: PidForm::Url,
            ..PidOutput::default()
        };
        assert_eq!(id.normalize_as(Level::Syntax, &url), id.normalize(Level::Syntax));
        assert_eq!(id.as_iri().map(|r| r.into_inner()), Some(s));
        assert!(id.name().is_none() && id.route().is_none());
        assert_eq!(id.details().unwrap().name(), "purl");
    }
    // An IRI on a PURL service that is no PURL: the service's page, an IRI.
    assert_eq!(Identifier::parse("http://purl.org/").unwrap().kind(), Kind::Iri);
    // A claimed PURL that is not an IRI gets the PURL's error.
    let r = crate::read("http://purl.org/dc/ terms", &Default::default());
    assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Purl, "purl-iri"));
    // Its warnings are the IRI's.
    let w = Identifier::parse("http://purl.org/dc/%7e").unwrap().warnings();
    assert_eq!(w, crate::iri::warnings(&crate::IriRef::parse("http://purl.org/dc/%7e").unwrap()));
}

#[test]
fn found_in_running_text() {
    use crate::Kind;
    let text = "Use http://purl.org/dc/terms/title, or <https://w3id.org/ro/crate/1.1>; see http://purl.org/.";
    let found: Vec<(Kind, String)> = crate::extract::identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Purl, "http://purl.org/dc/terms/title".to_owned()),
            (Kind::Purl, "https://w3id.org/ro/crate/1.1".to_owned()),
            (Kind::Iri, "http://purl.org/".to_owned()),
        ]
    );
}

fn invariants(s: &str) {
    match Purl::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(p) => {
            assert!(SERVICES.contains(&p.service()));
            assert!(!p.domain().is_empty());
            assert!(p.path().starts_with('/'));
            if claims(s.as_bytes()) {
                // A claimed PURL's normal forms are PURLs whose normal form is themselves.
                for level in [Level::Syntax, Level::Scheme] {
                    let k = p.key(level);
                    if let Ok(again) = Purl::parse(&k) {
                        assert_eq!(again.key(level), k, "{s:?} at {level:?}");
                    }
                }
            }
            let _ = p.parts();
        }
    }
    let _ = claims(s.as_bytes());
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
        fn never_panics_on_purl_shaped_strings(
            head in "(https?|HTTP|ftp)://(purl\\.org|PURL\\.oclc\\.org|purl\\.net|purl\\.fdlp\\.gov|w3id\\.org|example\\.org)(:80)?",
            tail in "[/a-zA-Z0-9.%?#~ é-]{0,20}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn normal_forms_are_fixed_points(
            scheme in "(http|https|HTTP)",
            host in "(purl\\.org|PURL\\.ORG|w3id\\.org|purl\\.fdlp\\.gov)",
            path in "(/[a-zA-Z0-9._~-]{1,6}){1,4}/?",
        ) {
            let s = format!("{scheme}://{host}{path}");
            let p = Purl::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            prop_assert!(claims(s.as_bytes()));
            for level in [Level::Syntax, Level::Scheme] {
                let k = p.key(level);
                if let Ok(again) = Purl::parse(&k) {
                    prop_assert_eq!(again.key(level), k.clone());
                }
            }
            invariants(&s);
        }
    }
}
