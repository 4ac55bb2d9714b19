//! Handles: the examples of RFC 3650/3651, RFC 4452's `info:hdl/` registration, the HDL.NET
//! proxy and Handle.Net Technical Manual, every written form with its error offsets, the
//! warnings, equivalence (also with DOIs), the typed reading, the Handle API URL and record.

use pidkit::hdl::{self, Handle, HdlError, HdlForm};
use pidkit::{Identifier, IriRef, Kind, Level, ReadAs, ReadOptions, ToIri, ToUri, detect};

fn err(s: &str) -> (&'static str, usize, usize) {
    let e = hdl::recognize(s).unwrap_err();
    (e.code(), e.offset, e.len)
}

fn warnings(s: &str) -> Vec<(&'static str, usize, usize)> {
    hdl::recognize(s)
        .unwrap()
        .warnings()
        .into_iter()
        .map(|w| (w.code.as_str(), w.offset, w.len))
        .collect()
}

#[test]
fn specification_examples() {
    // RFC 3651 §2.1 / Handle.Net Technical Manual §1.1: prefix "/" local name; derived prefixes.
    for (name, prefix, local) in [
        ("10.1045/may99-paskin", "10.1045", "may99-paskin"),
        ("0.NA/10.1045", "0.NA", "10.1045"),
        ("12345/hdl1", "12345", "hdl1"),
        ("10.978.8896471/x", "10.978.8896471", "x"),
        ("20.1000/100", "20.1000", "100"),
        ("2381/12345", "2381", "12345"),
        ("4263537/4000", "4263537", "4000"),
        ("20.1000/5555/", "20.1000", "5555/"),
    ] {
        let h = Handle::parse(name).unwrap();
        assert_eq!((h.prefix(), h.local_name()), (prefix, local), "{name}");
        assert_eq!(h.to_string(), name);
    }
    let h = Handle::parse("10.978.8896471/x").unwrap();
    assert_eq!(
        h.prefix_segments().collect::<Vec<_>>(),
        ["10", "978", "8896471"]
    );
    assert_eq!(h.prefix_handle(), "0.NA/10.978.8896471");
    // The info-uri.info registration's example.
    let r = hdl::recognize("info:hdl/4263537/4000").unwrap();
    assert_eq!(
        (r.handle.as_str(), r.form),
        ("4263537/4000", HdlForm::InfoUri)
    );
    // The proxy page: https://hdl.handle.net/20.1000/5555 (and its trailing-slash twin).
    let r = hdl::recognize("https://hdl.handle.net/20.1000/5555").unwrap();
    assert_eq!((r.handle.as_str(), r.form), ("20.1000/5555", HdlForm::Url));
    assert_eq!(
        warnings("https://hdl.handle.net/20.1000/5555/"),
        [("hdl-trailing-slash", 35, 1)]
    );
    // The Technical Manual's handle-URI link with a 10320/loc selection (§12).
    let r = hdl::recognize("hdl:123/456?locatt=id:1").unwrap();
    assert_eq!(
        (r.handle.as_str(), r.query()),
        ("123/456", Some("locatt=id:1"))
    );
    assert_eq!(warnings("hdl:123/456?locatt=id:1"), [("hdl-query", 11, 12)]);
}

#[test]
fn every_form_reads_the_same_handle() {
    let want = "20.500.12345/a b/ü?#%";
    for (text, form, encoded) in [
        ("20.500.12345/a b/ü?#%", HdlForm::Name, false),
        (
            "hdl:20.500.12345/a%20b%2F%C3%BC%3F%23%25",
            HdlForm::Uri,
            true,
        ),
        ("hdl:20.500.12345/a b/ü%3F%23%25", HdlForm::Uri, true),
        (
            "info:hdl/20.500.12345/a%20b/%C3%BC%3F%23%25",
            HdlForm::InfoUri,
            true,
        ),
        (
            "https://hdl.handle.net/20.500.12345/a%20b/%C3%BC%3F%23%25",
            HdlForm::Url,
            true,
        ),
        (
            "http://hdl.handle.net/20.500.12345/a%20b/%C3%BC%3F%23%25?noredirect",
            HdlForm::Url,
            true,
        ),
        (
            "hdl.handle.net/20.500.12345/a%20b/%C3%BC%3F%23%25",
            HdlForm::Url,
            true,
        ),
        (
            "https://hdl.handle.net/api/handles/20.500.12345/a%20b%2F%C3%BC%3F%23%25?type=URL",
            HdlForm::HandleApi,
            true,
        ),
    ] {
        let r = hdl::recognize(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            (r.handle.as_str(), r.form, r.percent_encoded),
            (want, form, encoded),
            "{text}"
        );
    }
}

#[test]
fn errors_carry_codes_and_offsets_into_the_input() {
    for (input, want) in [
        ("", ("empty", 0, 0)),
        ("hdl:", ("empty", 4, 0)),
        ("info:hdl/", ("empty", 9, 0)),
        ("https://hdl.handle.net/", ("empty", 23, 0)),
        ("hdl:20.500.12345", ("hdl-missing-slash", 16, 0)),
        ("  hdl:/abc", ("hdl-empty-prefix", 6, 1)),
        ("hdl:20..500/x", ("hdl-empty-prefix-segment", 7, 1)),
        ("hdl:.20/x", ("hdl-empty-prefix-segment", 4, 1)),
        ("hdl:20./x", ("hdl-empty-prefix-segment", 7, 1)),
        ("hdl:20.500/", ("hdl-empty-local-name", 11, 0)),
        (
            "hdl:20.500/%2E%2E/a%E2%80%8Bb",
            ("hdl-not-printable", 19, 9),
        ),
        ("https://hdl.handle.net/1/%09", ("hdl-not-printable", 25, 3)),
        ("hdl:1/a\u{7}", ("hdl-not-printable", 7, 1)),
        ("hdl:1/%C3%28", ("hdl-bad-utf8", 6, 3)),
        ("hdl:1/%C0%AF", ("hdl-bad-utf8", 6, 3)),
        ("hdl:1/100%", ("bad-percent", 9, 1)),
        ("https://hdl.handle.net/1/%zz", ("bad-percent", 25, 1)),
        ("info:hdl/1/a?b", ("hdl-info-query", 12, 2)),
        ("https://doi.org/20.500/x", ("hdl-not-hdl", 8, 7)),
        ("https://hdl.handle.net:443/1/x", ("hdl-not-hdl", 8, 18)),
        ("https://hdl.handle.net?1/x", ("hdl-not-hdl", 22, 0)),
        ("doi:10.1000/182", ("hdl-not-hdl", 0, 4)),
        ("urn:hdl:1/x", ("hdl-not-hdl", 0, 4)),
    ] {
        assert_eq!(err(input), want, "{input}");
    }
    let e = hdl::recognize("hdl:1/a\u{7}").unwrap_err();
    assert_eq!(e.kind, HdlError::NotPrintable('\u{7}'));
    assert_eq!(
        e.to_string(),
        "U+0007 is not a printable character and cannot be part of a handle (at byte 7)"
    );
    assert!(hdl::recognize("hdl:1").unwrap_err().hint().is_some());
}

#[test]
fn warnings_point_into_the_input() {
    assert!(warnings("hdl:20.500.12345/abc").is_empty());
    // Offsets move into the percent-encoded text.
    assert_eq!(
        warnings("hdl:1/a%E2%88%92b"),
        [("hdl-confusable-punctuation", 7, 9)]
    );
    assert_eq!(
        warnings("https://hdl.handle.net/1/p%D0%B0per"),
        [("hdl-mixed-script", 26, 6)]
    );
    assert_eq!(warnings("hdl:1/a%20b"), [("hdl-space", 7, 3)]);
    assert_eq!(
        warnings("info:hdl/1/a/%2E%2E/b#frag"),
        [("hdl-dot-segment", 13, 6), ("hdl-fragment", 21, 5)]
    );
    assert_eq!(warnings("hdl:1/A%CC%81"), [("hdl-not-nfc", 4, 9)]);
    assert_eq!(
        warnings(" https://hdl.handle.net/api/handles/10.1000/182?type=URL "),
        [("hdl-doi", 36, 7), ("hdl-query", 47, 9)]
    );
    let w = hdl::recognize("hdl:10.1000/182").unwrap().warnings();
    assert!(w[0].message.contains("doi:10.1000/182"), "{}", w[0].message);
}

#[test]
fn equivalence_is_ascii_case_insensitive_only() {
    let h = |s| Handle::parse(s).unwrap();
    assert!(h("0.na/20.500.ABC").equivalent(&h("0.NA/20.500.abc")));
    assert!(!h("1/é").equivalent(&h("1/É")));
    assert!(!h("1/\u{C1}").equivalent(&h("1/A\u{301}")));
    assert_eq!(h("0.na/x").key(), h("0.NA/X").key());
    assert_eq!(h("1/aé").key_uri(), "hdl:1/A%C3%A9");
    // Through the typed reading: every form of one handle has one key.
    let key = |s: &str| {
        Identifier::parse(s)
            .unwrap()
            .key(Level::Scheme)
            .as_str()
            .to_owned()
    };
    for s in [
        "hdl:20.500.12345/abc",
        "HDL:20.500.12345/ABC",
        "info:hdl/20.500.12345/Abc",
        "https://hdl.handle.net/20.500.12345/aBC?noredirect",
        "hdl.handle.net/api/handles/20.500.12345/abc",
    ] {
        assert_eq!(key(s), "hdl:20.500.12345/ABC", "{s}");
    }
    // A handle that is a DOI has the DOI's normal form at the Scheme rung ...
    assert_eq!(key("hdl:10.1000/abc"), "doi:10.1000/ABC");
    assert_eq!(
        key("https://hdl.handle.net/10.1000/abc"),
        key("doi:10.1000/ABC")
    );
    let a = Identifier::parse("info:hdl/10.1000/abc").unwrap();
    let b = Identifier::parse("https://doi.org/10.1000/ABC").unwrap();
    assert!(a.equivalent(&b, Level::Scheme));
    // ... but stays a handle at the Syntax rung (shown at the Handle proxy).
    assert_eq!(
        a.normalize(Level::Syntax),
        "https://hdl.handle.net/10.1000/abc"
    );
    assert!(!a.equivalent(&b, Level::Syntax));
    assert_eq!(a.normalize(Level::Simple), "info:hdl/10.1000/abc");
}

#[test]
fn detection_claims_uri_and_url_forms_never_bare_names() {
    for (input, kind) in [
        ("hdl:20.500.12345/abc", Kind::Hdl),
        ("HDL:20.500.12345/abc", Kind::Hdl),
        ("hdl:", Kind::Hdl),
        ("info:hdl/4263537/4000", Kind::Hdl),
        ("https://hdl.handle.net/20.500.12345/abc", Kind::Hdl),
        ("http://HDL.HANDLE.NET/20.500.12345/abc", Kind::Hdl),
        ("hdl.handle.net/20.500.12345/abc", Kind::Hdl),
        (
            "https://hdl.handle.net/api/handles/20.500.12345/abc",
            Kind::Hdl,
        ),
        // A DOI written as a handle is a handle; a DOI's own forms stay DOIs.
        ("hdl:10.1000/182", Kind::Hdl),
        ("https://hdl.handle.net/10.1000/182", Kind::Hdl),
        ("10.1000/182", Kind::Doi),
        ("https://doi.org/api/handles/10.1000/182", Kind::Doi),
        // Bare handles are relative references (and prose); other hosts are IRIs.
        ("20.500.12345/abc", Kind::RelativeRef),
        ("0.NA/10.1045", Kind::RelativeRef),
        ("https://hdl.handle.net", Kind::Iri),
        ("https://handle.net/20.500.12345/abc", Kind::Iri),
        ("hdlx:1/2", Kind::Iri),
    ] {
        assert_eq!(detect::detect(input), kind, "{input}");
    }
}

#[test]
fn read_as_hdl_reads_bare_names_and_dois() {
    let opts = ReadOptions::new(ReadAs::Hdl, None).unwrap();
    assert_eq!("hdl".parse::<ReadAs>(), Ok(ReadAs::Hdl));
    let read = |s| pidkit::read(s, &opts);
    let r = read("20.500.12345/abc");
    assert_eq!(r.kind, Kind::Hdl);
    assert_eq!(
        r.result.unwrap().normalize(Level::Syntax),
        "https://hdl.handle.net/20.500.12345/abc"
    );
    let r = read("10.1000/182").result.unwrap();
    assert_eq!(r.kind(), Kind::Hdl);
    assert_eq!(
        r.warnings()
            .iter()
            .map(|w| w.code.as_str())
            .collect::<Vec<_>>(),
        ["hdl-doi"]
    );
    let e = read("doi:10.1000/182").result.unwrap_err();
    assert_eq!(
        (e.code(), e.offset),
        ("hdl-not-hdl", 0),
        "a DOI's own forms are not read as handles"
    );
    assert!(matches!(e.kind, pidkit::ErrorKind::Hdl(HdlError::NotHdl)));
}

#[test]
fn typed_reading_details_and_conversions() {
    let id = Identifier::parse("https://hdl.handle.net/20.500.12345/D%C3%BCrst/1").unwrap();
    assert_eq!(id.kind(), Kind::Hdl);
    assert!(id.as_iri().is_none() && id.components().is_none());
    let Some(pidkit::Details::Hdl(d)) = id.details() else {
        panic!("hdl details")
    };
    assert_eq!(
        (
            d.name.as_str(),
            d.prefix.as_str(),
            d.suffix.as_str(),
            d.form
        ),
        ("20.500.12345/Dürst/1", "20.500.12345", "Dürst/1", "url")
    );
    assert_eq!(d.uri, "hdl:20.500.12345/D%C3%BCrst%2F1");
    assert_eq!(d.url, "https://hdl.handle.net/20.500.12345/D%C3%BCrst/1");
    assert_eq!(id.details().unwrap().name(), "hdl");
    // A proxy URL stays a URL (issue 14); its hdl: URI on request.
    assert_eq!(
        id.to_uri(&ToUri::new()).unwrap(),
        "https://hdl.handle.net/20.500.12345/D%C3%BCrst/1"
    );
    let as_uri = pidkit::PidOutput {
        form: pidkit::PidForm::Uri,
        ..Default::default()
    };
    assert_eq!(
        id.to_uri_as(&ToUri::new(), &as_uri).unwrap(),
        "hdl:20.500.12345/D%C3%BCrst%2F1"
    );
    assert_eq!(
        id.to_iri_as(&ToIri::new(), &as_uri).unwrap(),
        "hdl:20.500.12345/Dürst%2F1"
    );
    let rows = id.listing().to_string();
    assert!(rows.contains("  prefix        20.500.12345\n"), "{rows}");
}

#[test]
fn the_ladder_consults_the_hdl_scheme_for_hdl_iris() {
    let r = IriRef::parse("hdl:20.500.12345/a%62c").unwrap();
    assert_eq!(r.normalize(Level::Syntax), "hdl:20.500.12345/abc");
    assert_eq!(r.normalize(Level::Scheme), "hdl:20.500.12345/ABC");
    assert_eq!(
        IriRef::parse("hdl:10.1000/x")
            .unwrap()
            .normalize(Level::Scheme),
        "doi:10.1000/X"
    );
    // Resolver parameters are not part of the handle but tell two IRIs apart: generic form.
    assert_eq!(
        IriRef::parse("hdl:1/x?locatt=id:1")
            .unwrap()
            .normalize(Level::Scheme),
        "hdl:1/x?locatt=id:1"
    );
    // Not a handle: generic form.
    assert_eq!(
        IriRef::parse("hdl:abc").unwrap().normalize(Level::Scheme),
        "hdl:abc"
    );
}

#[test]
fn uri_and_url_encoding() {
    let h = Handle::parse("20.500/a%\"# ?<>{}^[]\\|`+/é;:()@&=$,!*'~").unwrap();
    assert_eq!(
        h.to_url(),
        "https://hdl.handle.net/20.500/a%25%22%23%20%3F%3C%3E%7B%7D%5E%5B%5D%5C%7C%60%2B/%C3%A9;:()@&=$,!*'~"
    );
    assert_eq!(
        h.to_uri(),
        "hdl:20.500/a%25%22%23%20%3F%3C%3E%7B%7D%5E%5B%5D%5C%7C%60+%2F%C3%A9;:()@&=$,!*'~"
    );
    for form in [h.to_url(), h.to_uri(), h.api_url().to_string()] {
        assert_eq!(hdl::recognize(&form).unwrap().handle, h, "{form}");
    }
    // Dot segments stay in the handle through every URL.
    for name in [
        "1/..",
        "1/a/./b",
        "1/a/../..",
        "api/handles/..",
        "api/handles/x",
    ] {
        let h = Handle::parse(name).unwrap();
        for url in [h.to_url(), h.api_url().to_string()] {
            assert_eq!(hdl::recognize(&url).unwrap().handle.as_str(), name, "{url}");
        }
    }
    assert_eq!(
        Handle::parse("api/handles/x").unwrap().to_url(),
        "https://hdl.handle.net/api%2Fhandles/x"
    );
}

#[test]
fn handle_api_url_for_any_handle() {
    let h = Handle::parse("0.NA/20.500.12345").unwrap();
    assert_eq!(
        h.api_url().to_string(),
        "https://hdl.handle.net/api/handles/0.NA/20.500.12345"
    );
    assert_eq!(
        h.api_url()
            .base("http://127.0.0.1:8000/api/handles")
            .with_type("HS_SITE")
            .with_index(1)
            .to_string(),
        "http://127.0.0.1:8000/api/handles/0.NA/20.500.12345?type=HS_SITE&index=1"
    );
    // DOIs keep doi.org and go through the same builder.
    let doi = pidkit::doi::Doi::parse("10.5555/a/../b").unwrap();
    assert_eq!(
        doi.api_url().to_string(),
        "https://doi.org/api/handles/10.5555/a%2F%2E%2E%2Fb"
    );
    assert_eq!(
        Handle::parse("10.5555/a/../b")
            .unwrap()
            .api_url()
            .to_string(),
        "https://hdl.handle.net/api/handles/10.5555/a%2F%2E%2E%2Fb"
    );
}

#[cfg(feature = "serde")]
#[test]
fn handle_record_of_a_prefix_handle() {
    use pidkit::hdl::{HandleRecord, ResponseCode};
    let json = r#"{"responseCode":1,"handle":"0.NA/20.500.12345","values":[{"index":1,"type":"HS_SITE","data":{"format":"site","value":{"version":1,"protocolVersion":"2.10","serialNumber":1,"primaryMask":{"multiPrimary":false,"primary":true},"hashOption":"HASH_BY_HANDLE","attributes":[],"servers":[]}},"ttl":86400,"timestamp":"2019-01-01T00:00:00Z"}]}"#;
    let r = HandleRecord::from_json(json).unwrap();
    assert_eq!(r.response_code, ResponseCode::Success);
    assert_eq!(r.values_of_type("hs_site").count(), 1);
    assert_eq!(r.urls().count(), 0);
    let again: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(
        again,
        serde_json::from_str::<serde_json::Value>(json).unwrap()
    );
}

#[test]
fn many_warnings_in_percent_encoded_text_are_placed_in_one_pass() {
    // 100,000 encoded look-alikes: each warning's offset used to be found by scanning the
    // encoded text from its start (minutes for this input); the offsets are what is asserted.
    const N: usize = 100_000;
    let input = format!("https://hdl.handle.net/1/{}", "%E2%88%92".repeat(N));
    let w = hdl::recognize(&input).unwrap().warnings();
    assert_eq!(w.len(), N);
    assert!(
        w.iter()
            .all(|w| w.code == "hdl-confusable-punctuation" && w.len == 9)
    );
    assert_eq!((w[0].offset, w[N - 1].offset), (25, 25 + 9 * (N - 1)));
}
