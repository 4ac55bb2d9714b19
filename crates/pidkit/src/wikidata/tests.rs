//! Tests of the Wikidata unit: the documented ids and forms, every error with its offset and
//! hint, the canonical form and key of every written form, detection, the finder, properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn entity(s: &str) -> WikidataEntity<'_> {
    WikidataEntity::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset, length and hint of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match WikidataEntity::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

/// The code, offset and length of the error of `s`.
fn e3(s: &str) -> (&'static str, usize, usize) {
    let (c, o, l, _) = err(s);
    (c, o, l)
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    entity(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn out(form: PidForm) -> PidOutput {
    PidOutput {
        form,
        ..Default::default()
    }
}

// --- Wikidata:Identifiers, Wikibase data model ---

#[test]
fn the_documented_ids() {
    for (s, id, ty) in [
        ("Q42", "Q42", EntityType::Item),
        ("Q1", "Q1", EntityType::Item),
        ("P31", "P31", EntityType::Property),
        ("L1", "L1", EntityType::Lexeme),
        ("L3746552", "L3746552", EntityType::Lexeme),
        ("L1-F2", "L1-F2", EntityType::Form),
        ("L1-S1", "L1-S1", EntityType::Sense),
        ("Q2147483647", "Q2147483647", EntityType::Item),
        ("q42", "Q42", EntityType::Item),
        ("p31", "P31", EntityType::Property),
    ] {
        let e = entity(s);
        assert_eq!((e.id().as_ref(), e.entity_type()), (id, ty), "{s}");
        assert_eq!(e.uri(), format!("http://www.wikidata.org/entity/{id}"));
    }
    assert_eq!(entity("L1-F2").lexeme().as_deref(), Some("L1"));
    assert_eq!(entity("Q42").lexeme(), None);
    assert!(matches!(entity("Q42").id(), Cow::Borrowed(_)));
}

#[test]
fn the_written_forms_and_their_canonical_form() {
    for (s, uri, url) in [
        (
            "Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "wd:Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "WIKIDATA:Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "Wikidata: Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "http://www.wikidata.org/entity/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "https://www.wikidata.org/entity/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "https://www.wikidata.org/wiki/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "HTTPS://WWW.WIKIDATA.ORG/wiki/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "https://m.wikidata.org/wiki/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "wikidata.org/wiki/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "https://www.wikidata.org/wiki/Special:EntityPage/Q42",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "https://www.wikidata.org/wiki/Special:EntityData/Q42.json",
            "http://www.wikidata.org/entity/Q42",
            "https://www.wikidata.org/wiki/Q42",
        ),
        (
            "https://www.wikidata.org/wiki/Property:P31",
            "http://www.wikidata.org/entity/P31",
            "https://www.wikidata.org/wiki/Property:P31",
        ),
        (
            "https://www.wikidata.org/wiki/property:P31",
            "http://www.wikidata.org/entity/P31",
            "https://www.wikidata.org/wiki/Property:P31",
        ),
        (
            "https://www.wikidata.org/wiki/Lexeme:L1",
            "http://www.wikidata.org/entity/L1",
            "https://www.wikidata.org/wiki/Lexeme:L1",
        ),
        (
            "https://www.wikidata.org/wiki/Lexeme:L1#L1-F2",
            "http://www.wikidata.org/entity/L1-F2",
            "https://www.wikidata.org/wiki/Lexeme:L1#L1-F2",
        ),
        (
            "http://www.wikidata.org/entity/L1-S1",
            "http://www.wikidata.org/entity/L1-S1",
            "https://www.wikidata.org/wiki/Lexeme:L1#L1-S1",
        ),
    ] {
        let e = entity(s);
        assert_eq!((e.uri().as_str(), e.url().as_str()), (uri, url), "{s}");
        for level in [Level::Syntax, Level::Scheme] {
            assert_eq!(WikidataScheme::key(&e, level), uri, "{s}");
            assert_eq!(
                WikidataScheme::normalize(&e, level, &out(PidForm::Auto)),
                uri
            );
            assert_eq!(
                WikidataScheme::normalize(&e, level, &out(PidForm::Uri)),
                uri
            );
            assert_eq!(
                WikidataScheme::normalize(&e, level, &out(PidForm::Url)),
                url
            );
            assert_eq!(
                WikidataScheme::normalize(&e, level, &out(PidForm::Name)),
                e.id()
            );
        }
        assert_eq!(WikidataScheme::key(&e, Level::Simple), s);
        // The canonical form reads back as itself.
        let c = entity(uri);
        assert_eq!(c.uri(), uri);
        assert!(c.warnings().is_empty());
    }
}

#[test]
fn urls_are_iris_and_convert_as_written() {
    let e = entity("https://www.wikidata.org/wiki/Q42?uselang=fr");
    assert!(e.is_url());
    assert!(WikidataScheme::as_iri(&e).is_some());
    let uri = WikidataScheme::to_uri(&e, &crate::ToUri::new(), &PidOutput::default()).unwrap();
    assert_eq!(uri, "https://www.wikidata.org/wiki/Q42?uselang=fr");
    for s in ["Q42", "wd:Q42", "www.wikidata.org/wiki/Q42"] {
        let e = entity(s);
        assert!(WikidataScheme::as_iri(&e).is_none(), "{s}");
        let uri = WikidataScheme::to_uri(&e, &crate::ToUri::new(), &PidOutput::default()).unwrap();
        assert_eq!(uri, "http://www.wikidata.org/entity/Q42");
        let iri = WikidataScheme::to_iri(&e, &crate::ToIri::new(), &out(PidForm::Name)).unwrap();
        assert_eq!(iri, "Q42");
    }
}

// --- Errors ---

#[test]
fn every_error_with_its_offset_and_hint() {
    let none = None::<String>;
    assert_eq!(e3(""), ("wikidata-not-wikidata", 0, 0));
    assert_eq!(e3("  "), ("wikidata-not-wikidata", 0, 0));
    assert!(err("").3.is_some());
    assert_eq!(
        err("https://example.org/wiki/Q42").0,
        "wikidata-not-wikidata"
    );
    assert_eq!(err("X42"), ("wikidata-entity-type", 0, 1, none.clone()));
    assert_eq!(err("wd:E10").0, "wikidata-entity-type");
    assert!(err("wd:E10").3.unwrap().contains("EntitySchema"));
    assert!(err("M123").3.unwrap().contains("MediaInfo"));
    assert_eq!(
        err("wd:Q"),
        (
            "wikidata-missing-number",
            4,
            0,
            Some("an item id is Q and a number, e.g. Q42".into())
        )
    );
    assert_eq!(
        err("Q042"),
        (
            "wikidata-leading-zero",
            1,
            1,
            Some("remove the leading zeros".into())
        )
    );
    assert_eq!(err("Q0").0, "wikidata-leading-zero");
    assert_eq!(err("Q2147483648"), ("wikidata-too-large", 1, 10, none.clone()));
    assert_eq!(err("Q99999999999").0, "wikidata-too-large");
    assert_eq!(err("L1-F99999999999").0, "wikidata-too-large");
    assert_eq!(err("Q1-F1").0, "wikidata-sub-entity");
    assert_eq!(err("Q1-F1").1, 2);
    assert_eq!(e3("L1-X1"), ("wikidata-sub-entity", 2, 1));
    assert_eq!(err("L1-f1").0, "wikidata-sub-entity");
    assert_eq!(err("L1-F").1, 2);
    assert_eq!(err("L1-F0").0, "wikidata-leading-zero");
    assert_eq!(
        err("Q42 x"),
        (
            "wikidata-char",
            3,
            1,
            Some("remove the space".into())
        )
    );
    assert_eq!(err("Q42x"), ("wikidata-char", 3, 1, none.clone()));
    assert_eq!(err("wd:Q42é"), ("wikidata-char", 6, 2, none.clone()));
    assert_eq!(
        err("https://www.wikidata.org/wiki/P31"),
        (
            "wikidata-namespace",
            30,
            0,
            Some("write the page as /wiki/Property:…".into())
        )
    );
    assert_eq!(
        err("https://www.wikidata.org/wiki/Property:Q42"),
        (
            "wikidata-namespace",
            30,
            9,
            Some("write the item's page without a namespace: /wiki/Q42".into())
        )
    );
    assert_eq!(
        e3("https://www.wikidata.org/wiki/Lexeme:L1-F2"),
        ("wikidata-sub-entity", 39, 1)
    );
    assert_eq!(
        e3("https://www.wikidata.org/wiki/Special:Search"),
        ("wikidata-url", 30, 14)
    );
    assert_eq!(err("https://www.wikidata.org/w/index.php").1, 24);
    assert_eq!(err("https://www.wikidata.org/entity/Q42/").0, "wikidata-char");
    assert_eq!(
        err("https://www.wikidata.org/wiki/Special:EntityData/Q42.pdf").0,
        "wikidata-char"
    );
    assert_eq!(err("https://www.wikidata.org/wiki/Q42#a b").0, "wikidata-char");
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("wikidata-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        WikidataError::NotWikidata,
        WikidataError::EntityType('x'),
        WikidataError::MissingNumber,
        WikidataError::LeadingZero,
        WikidataError::TooLarge,
        WikidataError::SubEntity,
        WikidataError::Char('x'),
        WikidataError::Namespace(""),
        WikidataError::Url,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("wikidata-"));
        assert!(!e.to_string().is_empty());
        assert!(codes.insert(e.code()));
    }
}

// --- Warnings ---

#[test]
fn warnings() {
    assert!(warning_codes("Q42").is_empty());
    assert_eq!(warning_codes(" Q42\t"), ["wikidata-surrounding-space"; 2]);
    assert_eq!(warning_codes("q42"), ["wikidata-lowercase"]);
    let w = entity("https://www.wikidata.org/wiki/Q42#P31").warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("wikidata-url-extra", 33, 4));
    assert_eq!(
        warning_codes("https://www.wikidata.org/wiki/Special:EntityData/Q42.ttl"),
        ["wikidata-url-extra"]
    );
    // A lexeme page's fragment that names one of its forms is the form, not something extra.
    assert!(warning_codes("https://www.wikidata.org/wiki/Lexeme:L1#L1-F2").is_empty());
    // One that names another lexeme's form is left out.
    let e = entity("https://www.wikidata.org/wiki/Lexeme:L1#L2-F2");
    assert_eq!(e.id(), "L1");
    assert_eq!(warning_codes(e.input()), ["wikidata-url-extra"]);
}

// --- Parts, detection, the finder ---

#[test]
fn parts_are_fields() {
    use crate::scheme::Fields;
    let names: Vec<&str> = WikidataParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "entity_type", "uri", "url"]);
    let p = entity("https://www.wikidata.org/wiki/Lexeme:L7#L7-S2").parts();
    let values: Vec<Value<'_>> = (0..5).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("L7-S2"),
            Value::Str("sense"),
            Value::Str("http://www.wikidata.org/entity/L7-S2"),
            Value::Str("https://www.wikidata.org/wiki/Lexeme:L7#L7-S2"),
            Value::Null
        ]
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "Q42",
        "Q1",
        "Q2147483647",
        "wd:Q42",
        "WD:q42",
        "wd:",
        "wikidata:P31",
        "Wikidata: Q42",
        "http://www.wikidata.org/entity/Q42",
        "https://wikidata.org/entity/x",
        "https://www.wikidata.org/wiki/Q42",
        "https://www.wikidata.org/wiki/q42",
        "https://m.wikidata.org/wiki/Property:P31",
        "www.wikidata.org/wiki/Lexeme:L1",
        "https://www.wikidata.org/wiki/Special:EntityData/Q42.json",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "Q",
        "Q0",
        "Q042",
        "q42",
        "P31",
        "L1",
        "L1-F2",
        "Q42a",
        "Q 42",
        "Q123456789012",
        "https://www.wikidata.org/",
        "https://www.wikidata.org/wiki/Wikidata:Main_Page",
        "https://www.wikidata.org/wiki/Special:Search",
        "https://test.wikidata.org/wiki/Q42",
        "https://example.org/entity/Q42",
        "wdx:Q42",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn auto_detection_reads_every_claimed_form_as_wikidata() {
    for s in [
        "Q42",
        "wd:Q42",
        "wikidata:L1-F2",
        "http://www.wikidata.org/entity/Q42",
        "https://www.wikidata.org/wiki/Property:P31",
        "  Q42 ",
    ] {
        let id = Identifier::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(id.kind(), Kind::Wikidata, "{s}");
        let r = crate::read(s, &ReadOptions::default());
        assert_eq!(r.kind, Kind::Wikidata);
    }
    // A claimed form that breaks the rules gets Wikidata's error.
    let r = crate::read("wd:Q042", &ReadOptions::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Wikidata, "wikidata-leading-zero")
    );
    // Bare properties are read when asked for.
    let opts = ReadOptions::new(crate::ReadAs::Wikidata, None).unwrap();
    assert!(crate::read("P31", &opts).result.is_ok());
    assert_ne!(crate::read("P31", &ReadOptions::default()).kind, Kind::Wikidata);
}

#[test]
fn the_finder_takes_labels_only() {
    let found = |t: &str| -> Vec<(usize, String)> {
        find_iter(t)
            .map(|h| (h.start, h.text.into_owned()))
            .collect()
    };
    assert_eq!(
        found("Adams (wd:Q42), wikidata:P31; WIKIDATA: L1-S1."),
        [
            (7, "wd:Q42".to_owned()),
            (16, "wikidata:P31".to_owned()),
            (30, "WIKIDATA: L1-S1".to_owned())
        ]
    );
    assert!(found("Q42 and fwd:Q42 and http://x.org/wd:Q42 and wd:Q042 and wd:Q42x").is_empty());
    assert_eq!(found("wd:Q42-"), [(0, "wd:Q42".to_owned())]);
    // Through extract, alongside the IRIs.
    let kinds: Vec<(Kind, String)> =
        crate::extract::identifiers("see wd:Q42 and https://www.wikidata.org/wiki/Q1.")
            .map(|f| (f.kind, f.text.into_owned()))
            .collect();
    assert_eq!(
        kinds,
        [
            (Kind::Wikidata, "wd:Q42".to_owned()),
            (Kind::Wikidata, "https://www.wikidata.org/wiki/Q1".to_owned())
        ]
    );
}

// --- Properties ---

/// Checks that hold for any input: no panic; an error points inside the input at whole
/// characters; a reading's warnings too, its forms read back as the same entity, and its
/// canonical form is a fixed point.
fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match WikidataEntity::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(e) => {
            for w in e.warnings() {
                let end = w.offset + w.len;
                assert!(end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end));
            }
            let key = WikidataScheme::key(&e, Level::Scheme).into_owned();
            for form in [PidForm::Auto, PidForm::Uri, PidForm::Url, PidForm::Name] {
                let n = WikidataScheme::normalize(&e, Level::Scheme, &out(form));
                let again = WikidataEntity::parse(&n).unwrap_or_else(|x| panic!("{s:?} -> {n:?}: {x}"));
                assert_eq!(WikidataScheme::key(&again, Level::Scheme), key, "{s:?} -> {n:?}");
                assert_eq!(WikidataScheme::normalize(&again, Level::Scheme, &out(form)), n);
            }
            let _ = (e.parts(), e.lexeme(), WikidataScheme::to_uri(&e, &crate::ToUri::new(), &PidOutput::default()));
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "wd:",
        "wikidata:",
        "wikidata:   ",
        "https://www.wikidata.org/",
        "https://www.wikidata.org/wiki/",
        "https://www.wikidata.org/wiki/Lexeme:L1#",
        "https://www.wikidata.org/wiki/Lexeme:L1#L1-",
        "https://www.wikidata.org/wiki/Lexeme:L1#L1-F1x",
        "https://www.wikidata.org/wiki/Special:EntityData/Q1.",
        "L1-",
        "L-F1",
        "Q\u{e9}",
        "\u{e9}",
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
        fn never_panics_on_wikidata_shaped_strings(
            head in "(|wd:|wikidata: |https://www\\.wikidata\\.org/(wiki/|entity/|wiki/Lexeme:|wiki/Property:|wiki/Special:EntityData/))",
            tail in "[QPLqplFS0-9#?.\\-é ]{0,16}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_forms_are_fixed_points(
            letter in "[QPL]",
            n in 1u64..=2_147_483_647,
            sub in proptest::option::of(("[FS]", 1u32..1000)),
            form in 0usize..6,
        ) {
            let id = match (letter.as_str(), sub) {
                ("L", Some((f, k))) => format!("L{n}-{f}{k}"),
                _ => format!("{letter}{n}"),
            };
            let written = match form {
                0 => id.clone(),
                1 => format!("wd:{id}"),
                2 => format!("http://www.wikidata.org/entity/{id}"),
                3 => format!("https://www.wikidata.org/wiki/Special:EntityPage/{id}"),
                4 => format!(" wikidata:{id} "),
                _ => entity(&id).url(),
            };
            let e = entity(&written);
            prop_assert_eq!(e.id(), id.as_str());
            let key = WikidataScheme::key(&e, Level::Scheme).into_owned();
            prop_assert_eq!(&key, &format!("http://www.wikidata.org/entity/{id}"));
            let n = WikidataScheme::normalize(&e, Level::Scheme, &PidOutput::default());
            let again = entity(&n);
            prop_assert_eq!(WikidataScheme::normalize(&again, Level::Scheme, &PidOutput::default()), n.clone());
            prop_assert_eq!(WikidataScheme::key(&again, Level::Scheme), key);
            invariants(&written);
        }
    }
}
