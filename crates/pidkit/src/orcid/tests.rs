//! Tests of the ORCID unit against ORCID's published examples and rules ("Structure of the
//! ORCID Identifier", "Why does my ORCID iD have an X?", the blocks of "What is the
//! relationship between ISNI and ORCID?"), every error with its offset and hint, the written
//! forms, detection, the finder, and properties.

use super::*;
use crate::scheme::Scheme;
use crate::{ErrorCode, Identifier, Kind, Level, PidForm, PidOutput, ReadOptions};

fn orcid(s: &str) -> Orcid<'_> {
    Orcid::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The code, offset, length and hint of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize, Option<String>) {
    match Orcid::parse(s) {
        Ok(o) => panic!("{s:?} parsed: {o:?}"),
        Err(e) => (e.code(), e.offset, e.len, e.hint()),
    }
}

/// The code, offset and length of the error of `s`.
fn err3(s: &str) -> (&'static str, usize, usize) {
    let (c, o, l, _) = err(s);
    (c, o, l)
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    orcid(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn normal(s: &str, level: Level, form: PidForm) -> String {
    let out = PidOutput {
        form,
        ..PidOutput::default()
    };
    OrcidScheme::normalize(&orcid(s), level, &out).into_owned()
}

fn key(s: &str) -> String {
    OrcidScheme::key(&orcid(s), Level::Scheme).into_owned()
}

// --- "Structure of the ORCID Identifier" and ORCID's examples ---

#[test]
fn orcids_own_examples() {
    for (s, compact) in [
        // Josiah Carberry, ORCID's example researcher.
        ("0000-0002-1825-0097", "0000000218250097"),
        // The example of ORCID's checksum document: the check value 10, written X.
        ("0000-0002-1694-233X", "000000021694233X"),
        // Laure Haak and Martin Fenner, in ORCID's documentation.
        ("0000-0001-5109-3700", "0000000151093700"),
        ("0000-0003-1419-2405", "0000000314192405"),
        // Stephen Hawking.
        ("https://orcid.org/0000-0002-9079-593X", "000000029079593X"),
        // The second block (2023).
        ("https://orcid.org/0009-0001-5055-9262", "0009000150559262"),
    ] {
        let o = orcid(s);
        assert_eq!(o.compact(), compact, "{s}");
        assert!(o.in_blocks(), "{s}");
        assert!(o.warnings().is_empty(), "{s}: {:?}", o.warnings());
        assert_eq!(o.check_char(), compact.chars().last().unwrap());
    }
}

#[test]
fn every_written_form_names_the_same_id() {
    let forms = [
        ("0000-0002-1825-0097", OrcidForm::Name),
        ("0000000218250097", OrcidForm::Name),
        ("0000 0002 1825 0097", OrcidForm::Name),
        ("ORCID: 0000-0002-1825-0097", OrcidForm::Label),
        ("ORCID:0000-0002-1825-0097", OrcidForm::Label),
        ("orcid:0000000218250097", OrcidForm::Label),
        ("ORCID 0000-0002-1825-0097", OrcidForm::Label),
        ("ORCID iD: 0000-0002-1825-0097", OrcidForm::Label),
        ("ORCID iD 0000-0002-1825-0097", OrcidForm::Label),
        ("orcid id:\t0000-0002-1825-0097", OrcidForm::Label),
        ("ORCID: https://orcid.org/0000-0002-1825-0097", OrcidForm::Label),
        ("https://orcid.org/0000-0002-1825-0097", OrcidForm::Url),
        ("http://orcid.org/0000-0002-1825-0097", OrcidForm::Url),
        ("https://www.orcid.org/0000-0002-1825-0097", OrcidForm::Url),
        ("https://orcid.org/0000-0002-1825-0097/", OrcidForm::Url),
        ("HTTPS://ORCID.ORG/0000-0002-1825-0097", OrcidForm::Url),
        ("https://orcid.org/0000000218250097", OrcidForm::Url),
        ("orcid.org/0000-0002-1825-0097", OrcidForm::Url),
        ("www.orcid.org/0000-0002-1825-0097/", OrcidForm::Url),
    ];
    for (s, form) in forms {
        let o = orcid(s);
        assert_eq!(o.form(), form, "{s}");
        assert_eq!(key(s), "0000000218250097", "{s}");
        assert_eq!(o.id(), "0000-0002-1825-0097");
        for level in [Level::Syntax, Level::Scheme] {
            for f in [PidForm::Auto, PidForm::Uri, PidForm::Url] {
                assert_eq!(normal(s, level, f), "https://orcid.org/0000-0002-1825-0097", "{s}");
            }
            assert_eq!(normal(s, level, PidForm::Name), "0000-0002-1825-0097");
        }
        assert_eq!(normal(s, Level::Simple, PidForm::Auto), s);
        assert_eq!(OrcidScheme::key(&o, Level::Simple), s);
        assert_eq!(
            OrcidScheme::name(&o).as_deref(),
            Some("0000-0002-1825-0097")
        );
    }
    // The normal form is borrowed when the input is it.
    let o = orcid("https://orcid.org/0000-0002-1825-0097");
    assert!(matches!(
        OrcidScheme::normalize(&o, Level::Scheme, &PidOutput::default()),
        std::borrow::Cow::Borrowed(_)
    ));
    assert!(matches!(
        OrcidScheme::key(&orcid("0000000218250097"), Level::Scheme),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn the_check_character_x() {
    // "Why does my ORCID iD have an X?": X stands for 10, upper case.
    let o = orcid("0000-0002-1694-233X");
    assert_eq!(o.check_char(), 'X');
    let lower = orcid("0000-0002-1694-233x");
    assert_eq!(lower.compact(), "000000021694233X");
    assert_eq!(key("0000-0002-1694-233x"), key("0000-0002-1694-233X"));
    let w = lower.warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("orcid-lowercase-x", 18, 1));
    assert_eq!(
        normal("0000-0002-1694-233x", Level::Syntax, PidForm::Auto),
        "https://orcid.org/0000-0002-1694-233X"
    );
}

#[test]
fn the_blocks() {
    for s in [
        "0000-0001-5000-0007",
        "0000-0003-5000-0001",
        "0009-0000-0000-0009",
        "0009-0010-0000-0003",
    ] {
        assert!(orcid(s).in_blocks(), "{s}");
        assert!(warning_codes(s).is_empty(), "{s}");
    }
    for s in [
        "0000-0001-4999-9992",
        "0000-0003-5000-001X",
        "0008-9999-9999-9996",
        "0000-0001-2103-2683",
    ] {
        let o = orcid(s);
        assert!(!o.in_blocks(), "{s}");
        let w = o.warnings();
        assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("orcid-outside-blocks", 0, 19), "{s}");
    }
    let w = orcid("https://orcid.org/0000-0001-2103-2683").warnings();
    assert_eq!((w[0].offset, w[0].len), (18, 19));
}

#[test]
fn surrounding_whitespace_is_left_out_and_warned() {
    let o = orcid("  https://orcid.org/0000-0002-1825-0097\n");
    assert_eq!(o.compact(), "0000000218250097");
    let w = o.warnings();
    assert_eq!(
        w.iter().map(|w| (w.code.as_str(), w.offset, w.len)).collect::<Vec<_>>(),
        [("orcid-surrounding-space", 0, 2), ("orcid-surrounding-space", 39, 1)]
    );
    assert_eq!(o.written_url(), Some("https://orcid.org/0000-0002-1825-0097"));
    assert!(OrcidScheme::as_iri(&o).is_some());
}

// --- Errors: every code, with offset, length and hint ---

#[test]
fn errors() {
    let hint = |s: &str| Some(s.to_owned());
    assert_eq!(
        err(""),
        ("orcid-empty", 0, 0, hint("an ORCID iD reads 0000-0002-1825-0097, or https://orcid.org/0000-0002-1825-0097"))
    );
    assert_eq!(err3("ORCID: "), ("orcid-empty", 6, 0));
    assert_eq!(err("https://orcid.org/").1, 18);
    assert_eq!(err("https://orcid.org").1, 17);
    assert_eq!(
        err("doi:10.1000/182"),
        ("orcid-not-orcid", 0, 4, hint("read it as the kind it is (--as auto), or give the ORCID iD itself"))
    );
    assert_eq!(
        err("https://example.org/0000-0002-1825-0097"),
        ("orcid-url-host", 8, 11, hint("write https://orcid.org/ and the iD"))
    );
    assert_eq!(
        err("https://orcid.org/0000-0002-1825-0097/works"),
        ("orcid-url-rest", 37, 6, hint("remove '/works': the URL then names the ORCID record itself"))
    );
    assert_eq!(err3("https://orcid.org/0000-0002-1825-0097?lang=en"), ("orcid-url-rest", 37, 8));
    assert_eq!(err("https://orcid.org/0000-0002-1825-0097#x").0, "orcid-url-rest");
    assert_eq!(
        err("0000-000X-1825-0097"),
        ("orcid-char", 8, 1, hint("'X' stands for the check value 10 and is only ever the last character"))
    );
    assert_eq!(
        err("0000-0002-1825-0O97"),
        ("orcid-char", 16, 1, hint("the letter O: write the digit 0"))
    );
    assert_eq!(
        err("0000\u{2010}0002\u{2010}1825\u{2010}0097"),
        ("orcid-char", 4, 3, hint("'\u{2010}' (U+2010) looks like a hyphen but is not one: write '-' (U+002D)"))
    );
    assert_eq!(err("0000-0002-1825-0097."), ("orcid-char", 19, 1, None));
    // No spaces in a URL.
    assert_eq!(err3("https://orcid.org/0000 0002 1825 0097"), ("orcid-char", 22, 1));
    assert_eq!(
        err("0000-0002-1825-009"),
        ("orcid-length", 18, 0, hint("all 16 characters are needed: an ORCID iD is never shortened by leaving out leading zeros"))
    );
    assert_eq!(err3("0002-1825-0097"), ("orcid-length", 14, 0));
    assert_eq!(err("0000-0002-1825-00977"), ("orcid-length", 19, 1, None));
    assert_eq!(
        err("0000-00021825-0097"),
        ("orcid-grouping", 9, 1, hint("write 0000-0002-1825-0097"))
    );
    assert_eq!(err3("0000-0002 1825-0097"), ("orcid-grouping", 9, 1));
    assert_eq!(err3("0000--0002-1825-0097"), ("orcid-grouping", 5, 1));
    assert_eq!(
        err("0000-0002-1825-0098"),
        ("orcid-check", 18, 1, hint("the check character should be '7': check the iD for a transcription error"))
    );
    assert_eq!(
        err("https://orcid.org/0000-0002-1694-2330"),
        ("orcid-check", 36, 1, hint("the check character should be 'X': check the iD for a transcription error"))
    );
    // Transposed digits are caught by MOD 11-2.
    assert_eq!(err("0000-0002-1825-0079").0, "orcid-check");
    assert_eq!(err("0000-0002-8125-0097").0, "orcid-check");
    // Surrounding whitespace moves the offsets.
    assert_eq!(err3("  0000-0002-1825-0098"), ("orcid-check", 20, 1));
}

#[test]
fn messages_cite_orcids_documents() {
    for s in [
        "",
        "doi:10.1/x",
        "https://example.org/1",
        "https://orcid.org/0000-0002-1825-0097/x",
        "0000-000X",
        "0000-0002-1825-009",
        "0000-00021825-0097",
        "0000-0002-1825-0098",
    ] {
        let e = Orcid::parse(s).unwrap_err();
        assert!(e.to_string().contains("(Structure of the ORCID Identifier"), "{s}: {e}");
    }
}

#[test]
fn codes_are_unique_and_prefixed() {
    let errors = [
        OrcidError::Empty,
        OrcidError::NotOrcid("doi".into()),
        OrcidError::UrlHost("a".into()),
        OrcidError::UrlRest("/a".into()),
        OrcidError::Char('a'),
        OrcidError::Length(3),
        OrcidError::Grouping(None),
        OrcidError::Check('1', '2'),
    ];
    let mut seen = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("orcid-"), "{}", e.code());
        assert!(seen.insert(e.code()), "{} twice", e.code());
    }
    for c in codes::ALL {
        assert!(c.as_str().starts_with("orcid-"));
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
}

// --- Detection ---

#[test]
fn claims_by_shape() {
    for t in [
        "https://orcid.org/0000-0002-1825-0097",
        "http://www.orcid.org/0000000218250097",
        "orcid.org/0",
        "https://orcid.org/0000-0002-1825-0097/works",
        "ORCID: 0000-0002-1825-0097",
        "orcid:",
        "orcid:anything",
        "ORCID 0000",
        "ORCID iD 0000-0002-1825-0097",
        "ORCID: https://orcid.org/0000-0002-1825-0097",
        "ORCID https://orcid.org/0000-0002-1825-0097",
        "0000-0002-1825-0097",
        "0000-0002-1825-0098",
        "0000000218250097",
        "0000 0002 1825 0097",
        "0009-0001-5055-9262",
        "0000-0002-1825-009",
        "0000-00021825-0097",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "orcid",
        "ORCID was founded in 2010",
        "ORCIDs",
        "https://orcid.org/",
        "https://orcid.org/signin",
        "https://orcid.org.example/0000-0002-1825-0097",
        "https://example.org/orcid.org/0000-0002-1825-0097",
        "ftp://orcid.org/0000-0002-1825-0097",
        // Outside ORCID's blocks: an ISNI.
        "0000-0001-2103-2683",
        "0000000121032683",
        "1234-5678-9012-3456",
        "000000021825009",
        "00000002182500971",
        "0000-0002-1825",
        "978-0-306-40615-7",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

fn read_kind(s: &str) -> (Kind, bool) {
    let r = crate::read(s, &ReadOptions::default());
    (r.kind, r.result.is_ok())
}

#[test]
fn auto_detection_reads_every_form_as_an_orcid_id() {
    for s in [
        "0000-0002-1825-0097",
        "0000000218250097",
        "0000 0002 1825 0097",
        "ORCID: 0000-0002-1825-0097",
        "orcid:0000-0002-1825-0097",
        "https://orcid.org/0000-0002-1825-0097",
        "http://www.orcid.org/0000-0002-1825-0097/",
        "orcid.org/0000-0002-1825-0097",
        " https://orcid.org/0009-0001-5055-9262 ",
    ] {
        assert_eq!(read_kind(s), (Kind::Orcid, true), "{s}");
        let id = Identifier::parse(s).unwrap();
        assert_eq!(id.kind(), Kind::Orcid);
        assert_eq!(id.key(Level::Scheme).as_str(), orcid(s).compact());
    }
    // Malformed iDs get ORCID's error.
    let r = crate::read("0000-0002-1825-0098", &ReadOptions::default());
    assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Orcid, "orcid-check"));
    let r = crate::read("https://orcid.org/0000-0002-1825-009", &ReadOptions::default());
    assert_eq!(r.result.unwrap_err().code(), "orcid-length");
    // The registry's other pages stay IRIs.
    assert_eq!(read_kind("https://orcid.org/signin"), (Kind::Iri, true));
    // A bare number outside ORCID's blocks is an ISNI; --as orcid reads it, and warns.
    assert_eq!(read_kind("0000-0001-2103-2683"), (Kind::Isni, true));
    let opts = ReadOptions::new(crate::ReadAs::Orcid, None).unwrap();
    let id = Identifier::parse_with("0000-0001-2103-2683", &opts).unwrap();
    assert_eq!(id.warnings()[0].code, "orcid-outside-blocks");
}

#[test]
fn a_bare_number_in_the_blocks_is_an_orcid_id_and_an_isni() {
    let opts = ReadOptions::default();
    assert_eq!(
        crate::reading::candidates("0000000218250097", &opts),
        [Kind::Orcid, Kind::Isni]
    );
    assert_eq!(
        crate::reading::candidates("0000-0002-1825-0097", &opts),
        [Kind::Orcid, Kind::Isni]
    );
    // A form only ORCID writes has no other candidate.
    assert!(crate::reading::candidates("https://orcid.org/0000-0002-1825-0097", &opts).is_empty());
    assert!(crate::reading::candidates("ORCID: 0000-0002-1825-0097", &opts).is_empty());
}

#[test]
fn conversions() {
    use crate::{ToIri, ToUri};
    let uri = |s: &str, form| {
        let out = PidOutput {
            form,
            ..PidOutput::default()
        };
        OrcidScheme::to_uri(&orcid(s), &ToUri::new(), &out)
            .unwrap()
            .into_owned()
    };
    // A URL is converted as written; other forms give the iD's URI.
    assert_eq!(
        uri("http://orcid.org/0000-0002-1825-0097", PidForm::Auto),
        "http://orcid.org/0000-0002-1825-0097"
    );
    assert_eq!(
        uri("http://orcid.org/0000-0002-1825-0097", PidForm::Uri),
        "https://orcid.org/0000-0002-1825-0097"
    );
    assert_eq!(uri("0000000218250097", PidForm::Auto), "https://orcid.org/0000-0002-1825-0097");
    assert_eq!(uri("orcid.org/0000000218250097", PidForm::Auto), "https://orcid.org/0000-0002-1825-0097");
    assert_eq!(uri("ORCID: 0000000218250097", PidForm::Name), "0000-0002-1825-0097");
    let iri = OrcidScheme::to_iri(&orcid("0000000218250097"), &ToIri::new(), &PidOutput::default());
    assert_eq!(iri.unwrap(), "https://orcid.org/0000-0002-1825-0097");
    assert!(OrcidScheme::as_iri(&orcid("orcid.org/0000000218250097")).is_none());
    assert!(OrcidScheme::as_iri(&orcid("0000000218250097")).is_none());
    assert!(OrcidScheme::as_iri(&orcid("ORCID: https://orcid.org/0000000218250097")).is_none());
}

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let names: Vec<&str> = OrcidParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "url", "form"]);
    assert!(OrcidParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let p = orcid("https://orcid.org/0000-0002-1694-233x").parts();
    let values: Vec<Value<'_>> = (0..4).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("0000-0002-1694-233X"),
            Value::Str("https://orcid.org/0000-0002-1694-233X"),
            Value::Str("url"),
            Value::Null
        ]
    );
    let id = Identifier::parse("orcid:0000000218250097").unwrap();
    assert_eq!(id.details().unwrap().name(), "orcid");
    assert_eq!(id.name().as_deref(), Some("0000-0002-1825-0097"));
    assert_eq!(format!("{:?}", orcid("0000000218250097")), "Orcid(\"0000000218250097\")");
    assert_eq!(orcid(" 0000000218250097").to_string(), " 0000000218250097");
}

// --- The finder ---

fn found(text: &str) -> Vec<(usize, usize, &str)> {
    find_iter(text).map(|f| (f.start, f.end, f.text)).collect()
}

#[test]
fn finder() {
    assert_eq!(
        found("ORCID: 0000-0002-1825-0097, orcid:0000000218250097 and ORCID iD 0000 0002 1825 0097."),
        [
            (0, 26, "ORCID: 0000-0002-1825-0097"),
            (28, 50, "orcid:0000000218250097"),
            (55, 83, "ORCID iD 0000 0002 1825 0097")
        ]
    );
    assert_eq!(
        found("(see orcid.org/0000-0002-1825-0097/) or www.orcid.org/0000000218250097"),
        [
            (5, 35, "orcid.org/0000-0002-1825-0097/"),
            (40, 70, "www.orcid.org/0000000218250097")
        ]
    );
    // Bare: hyphenated, valid, in the blocks, standing alone.
    assert_eq!(found("J. Carberry 0000-0002-1825-0097."), [(12, 31, "0000-0002-1825-0097")]);
    for text in [
        "0000-0002-1825-0098",  // the check fails
        "0000-0001-2103-2683",  // outside the blocks
        "0000000218250097",     // not hyphenated
        "a0000-0002-1825-0097", // inside a word
        "0000-0002-1825-00971",
        "0000-0002-1825-0097-1",
        "10.1234/0000-0002-1825-0097",
        "https://orcid.org/0000-0002-1825-0097", // the IRI finder's
        "https://example.org/0000-0002-1825-0097",
        "orcid.org/0000-0002-1825-0097/works",
        "ORCID: 0000-0002-1825-0098",
        "xorcid.org/0000-0002-1825-0097",
        "ORCIDs 0000",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
    // The label's value is only the iD's characters.
    assert_eq!(found("ORCID: 0000-0002-1825-0097abc"), []);
    // Non-ASCII text around.
    assert_eq!(found("著者 0000-0002-1825-0097。"), [(7, 26, "0000-0002-1825-0097")]);
}

#[test]
fn extraction_finds_every_form() {
    let text = "A (ORCID: 0000-0002-1825-0097), B https://orcid.org/0000-0002-9079-593X, C orcid.org/0009-0001-5055-9262.";
    let found: Vec<(Kind, String)> = crate::extract::identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Orcid, "ORCID: 0000-0002-1825-0097".to_owned()),
            (Kind::Orcid, "https://orcid.org/0000-0002-9079-593X".to_owned()),
            (Kind::Orcid, "orcid.org/0009-0001-5055-9262".to_owned()),
        ]
    );
    for f in crate::extract::identifiers(text) {
        assert!(f.read().result.is_ok(), "{:?}", f.text);
    }
}

// --- Properties ---

/// Checks that hold for any input: no panic; an error points at whole characters inside the
/// input; a valid iD is claimed in every form it is written, its warnings point inside it,
/// and its normal forms read back as the same iD and are their own normal forms.
fn invariants(s: &str) {
    let _ = claims(s.as_bytes());
    match Orcid::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(o) => {
            for w in o.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let k = OrcidScheme::key(&o, Level::Scheme).into_owned();
            assert_eq!(k, o.compact());
            for form in PidForm::ALL {
                let out = PidOutput {
                    form: *form,
                    ..PidOutput::default()
                };
                let n = OrcidScheme::normalize(&o, Level::Scheme, &out).into_owned();
                let again = Orcid::parse(&n).unwrap_or_else(|e| panic!("{s:?} -> {n:?}: {e}"));
                assert_eq!(OrcidScheme::key(&again, Level::Scheme), k, "{s:?} -> {n:?}");
                assert_eq!(OrcidScheme::normalize(&again, Level::Scheme, &out), n, "{s:?}");
                assert!(again.warnings().iter().all(|w| w.code == codes::OUTSIDE_BLOCKS));
            }
            // Every form of the canonical iD in the blocks is detected as ORCID.
            if o.in_blocks() {
                assert!(claims(o.url().as_bytes()) && claims(o.id().as_bytes()));
            }
            let _ = (o.parts(), o.written(), o.form());
        }
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        " ",
        "orcid:",
        "ORCID iD",
        "ORCID iD:",
        "https://",
        "https://orcid.org",
        "https://orcid.org/",
        "https://orcid.org//",
        "https://orcid.org/0000-0002-1825-0097//",
        "orcid.org",
        "0000-0002-1825-0097 ",
        "0000-0002-1825-009X",
        "000000000000000X",
        "é",
        "0000-0002-1825-009é",
        "ORCID: ORCID: 0000-0002-1825-0097",
        "ORCID: orcid.org/0000-0002-1825-0097",
    ] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// Fifteen random digits and their check character.
    fn compact() -> impl Strategy<Value = String> {
        "[0-9]{15}".prop_map(|d| {
            let c = crate::isni::mod11_2(d.as_bytes()).unwrap();
            format!("{d}{c}")
        })
    }

    fn grouped(c: &str, sep: &str) -> String {
        [&c[..4], &c[4..8], &c[8..12], &c[12..]].join(sep)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_orcid_shaped_strings(
            head in "(|ORCID: |orcid:|ORCID iD |https://orcid\\.org/|http://www\\.orcid\\.org/|orcid\\.org/| )",
            tail in "[0-9Xx\\- /?#é\u{2010}]{0,24}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn every_form_has_the_same_key_and_normal_form(
            c in compact(),
            sep in "(|-| )",
            head in "(|ORCID: |orcid:|ORCID iD |https://orcid\\.org/|http://www\\.orcid\\.org/|orcid\\.org/|HTTPS://ORCID\\.ORG/)",
            slash in any::<bool>(),
            lower in any::<bool>(),
            space in "( |\t|\n|)",
        ) {
            let url = head.contains("orcid.org/") || head.contains("ORCID.ORG/");
            let sep = if url && sep == " " { "-" } else { sep.as_str() };
            let mut written = format!("{space}{head}{}", grouped(&c, sep));
            if lower {
                written = written.replace('X', "x");
            }
            if url && slash {
                written.push('/');
            }
            written.push_str(&space);
            let o = Orcid::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(o.compact(), c.as_str());
            let canonical = format!("https://orcid.org/{}", grouped(&c, "-"));
            prop_assert_eq!(OrcidScheme::normalize(&o, Level::Syntax, &PidOutput::default()), canonical.as_str());
            prop_assert_eq!(OrcidScheme::key(&o, Level::Syntax), c.as_str());
            invariants(&written);
            // The canonical form is a fixed point, and auto-detection reads it as ORCID.
            let n = Identifier::parse(&canonical).unwrap();
            prop_assert_eq!(n.kind(), Kind::Orcid);
            prop_assert_eq!(n.normalize(Level::Scheme), canonical.as_str());
            let k = n.key(Level::Scheme);
            prop_assert_eq!(k.as_str(), c.as_str());
        }

        #[test]
        fn a_changed_digit_is_caught(c in compact(), at in 0usize..15, d in 1u8..10) {
            let mut b = c.clone().into_bytes();
            b[at] = b'0' + (b[at] - b'0' + d) % 10;
            let s = String::from_utf8(b).unwrap();
            prop_assert_eq!(Orcid::parse(&s).unwrap_err().code(), "orcid-check");
        }
    }
}
