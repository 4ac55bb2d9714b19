//! DOI names and doi: URIs: every example of the doi URI scheme and of draft-paskin-doi-uri-04,
//! and the Crossref sample of real DOIs (../shared/conformance/doi).

mod common;

use common::Tally;
use pidkit::doi::{self, Doi, DoiForm, DoiProfile, DoiUri};

// ---- doi URI scheme (DOI Foundation) ----

#[test]
fn scheme_chapter1_examples() {
    // Example 1 and 2: the DOI name of My Neighbor Totoro and its URI.
    let doi = Doi::parse("10.5240/7481-838B-59CA-63D0-B9A8-E").unwrap();
    assert_eq!(doi.to_uri(), "doi:10.5240/7481-838B-59CA-63D0-B9A8-E");
    assert_eq!(
        Doi::from_uri("doi:10.5240/7481-838B-59CA-63D0-B9A8-E").unwrap(),
        doi
    );
}

#[test]
fn scheme_section2_examples_both_ways() {
    let examples = [
        (
            "10.5594/SMPTE.ST2067-21.2020",
            "doi:10.5594/SMPTE.ST2067-21.2020",
        ),
        (
            "10.6338/JDA.202212/SP_17(4).0000",
            "doi:10.6338/JDA.202212%2FSP_17(4).0000",
        ),
        (
            "10.26321/\u{C1}.GUTI\u{C9}RREZ.ZARZA.02.2018.03",
            "doi:10.26321/%C3%81.GUTI%C3%89RREZ.ZARZA.02.2018.03",
        ),
    ];
    for (name, uri) in examples {
        let doi = Doi::parse(name).unwrap();
        assert_eq!(doi.to_uri(), uri);
        assert_eq!(doi.uri().to_string(), uri);
        let back = Doi::from_uri(uri).unwrap();
        assert_eq!(back.as_str(), name);
        assert_eq!(doi::recognize(uri).unwrap().doi.as_str(), name);
    }
    // Example 3 spelled out as the code point sequence the spec lists.
    let cps = [
        0x31, 0x30, 0x2E, 0x32, 0x36, 0x33, 0x32, 0x31, 0x2F, 0xC1, 0x2E, 0x47, 0x55, 0x54, 0x49,
        0xC9, 0x52, 0x52, 0x45, 0x5A, 0x2E, 0x5A, 0x41, 0x52, 0x5A, 0x41, 0x2E, 0x30, 0x32, 0x2E,
        0x32, 0x30, 0x31, 0x38, 0x2E, 0x30, 0x33,
    ];
    let name: String = cps.iter().map(|&c| char::from_u32(c).unwrap()).collect();
    assert_eq!(
        Doi::from_uri("doi:10.26321/%C3%81.GUTI%C3%89RREZ.ZARZA.02.2018.03")
            .unwrap()
            .as_str(),
        name
    );
}

#[test]
fn scheme_section2_no_query_no_fragment() {
    for (uri, code, offset) in [
        ("doi:10.1000/182?x=1", "doi-query", 15),
        ("doi:10.1000/182#top", "doi-fragment", 15),
    ] {
        let err = Doi::from_uri(uri).unwrap_err();
        assert_eq!((err.code(), err.offset), (code, offset), "{uri}");
        assert!(err.hint().unwrap().contains("legacy"));
        let legacy = DoiUri::parse(uri, DoiProfile::Legacy).unwrap();
        assert_eq!(legacy.doi().as_str(), "10.1000/182");
    }
}

#[test]
fn scheme_section2_note1_code_points_not_normalized() {
    // <U+00C1> and <U+0041, U+0301> render alike but are different DOI names.
    let a = Doi::parse("10.1000/\u{C1}").unwrap();
    let b = Doi::parse("10.1000/A\u{301}").unwrap();
    assert!(!a.equivalent(&b));
    assert_ne!(a.key(), b.key());
    assert_eq!(a.to_uri(), "doi:10.1000/%C3%81");
    assert_eq!(b.to_uri(), "doi:10.1000/A%CC%81");
    assert_eq!(
        doi::warnings(&b).iter().map(|w| w.code).collect::<Vec<_>>(),
        ["doi-not-nfc"]
    );
}

#[test]
fn scheme_section2_note2_and_section6_lookalikes_warn() {
    // U+2212 MINUS SIGN and U+2013 EN DASH render like U+002D HYPHEN-MINUS.
    for c in ['\u{2212}', '\u{2013}', '\u{2010}'] {
        let name = format!("10.5240/7481{c}838B");
        let doi = Doi::parse(&name).unwrap();
        let w = doi::warnings(&doi);
        assert_eq!(w.len(), 1, "{name}");
        assert_eq!(
            (w[0].code.as_str(), w[0].offset),
            ("doi-confusable-punctuation", 12)
        );
        assert!(!doi.equivalent(&Doi::parse("10.5240/7481-838B").unwrap()));
        // The URI form shows the difference (§2 Note 2).
        assert_ne!(doi.to_uri(), "doi:10.5240/7481-838B");
    }
    // á as U+00E1 and as <U+0061, U+0301>.
    let composed = Doi::parse("10.1000/\u{E1}").unwrap();
    let decomposed = Doi::parse("10.1000/a\u{301}").unwrap();
    assert!(!composed.equivalent(&decomposed));
    assert_ne!(composed.to_uri(), decomposed.to_uri());
}

#[test]
fn scheme_section3_equivalence_is_basic_latin_only() {
    let eq = |a: &str, b: &str| {
        Doi::from_uri(a)
            .unwrap()
            .equivalent(&Doi::from_uri(b).unwrap())
    };
    assert!(eq(
        "doi:10.5594/SMPTE.ST2067-21.2020",
        "doi:10.5594/smpte.st2067-21.2020"
    ));
    assert!(eq(
        "DOI:10.6338/JDA.202212%2FSP_17(4).0000",
        "doi:10.6338/jda.202212%2fsp_17(4).0000"
    ));
    // percent-decoding first: %41 is 'A'
    assert!(eq("doi:10.1000/%41", "doi:10.1000/a"));
    // É (U+00C9) and é (U+00E9) are outside Basic Latin: not case-folded.
    assert!(!eq("doi:10.1/%C3%89", "doi:10.1/%C3%A9"));
    assert!(!eq("doi:10.1/%C3%81", "doi:10.1/A%CC%81"));
}

#[test]
fn scheme_section4_api_url_and_figure1() {
    let doi = Doi::from_uri("doi:10.1000/182").unwrap();
    assert_eq!(
        doi.api_url().to_string(),
        "https://doi.org/api/handles/10.1000/182"
    );
    let r = doi::recognize("https://doi.org/api/handles/10.1000/182").unwrap();
    assert_eq!((r.doi, r.form), (doi, DoiForm::HandleApi));
}

#[cfg(feature = "serde")]
#[test]
fn scheme_figure1_round_trips() {
    use pidkit::hdl::{AdminPermission, HandleRecord, ResponseCode, Ttl};
    let figure1 = r#"{
      "responseCode": 1,
      "handle": "10.1000/182",
      "values": [
        {
          "index": 1,
          "type": "URL",
          "data": {
            "format": "string",
            "value": "http://www.doi.org/hb.html"
          },
          "ttl": 86400,
          "timestamp": "2004-01-21T14:14:17Z"
        },
        {
          "index": 100,
          "type": "HS_ADMIN",
          "data": {
            "format": "admin",
            "value": {
              "handle": "0.na/10.1000",
              "index": 200,
              "permissions": "011111110010",
              "legacyByteLength": true
            }
          },
          "ttl": 86400,
          "timestamp": "2000-06-23T15:17:46Z"
        }
      ]
    }"#;
    let record = HandleRecord::from_json(figure1).unwrap();
    assert_eq!(record.response_code, ResponseCode::Success);
    assert_eq!(record.response_code.http_status(), Some(200));
    assert_eq!(record.handle.as_deref(), Some("10.1000/182"));
    assert_eq!(record.values().len(), 2);
    assert_eq!(record.values()[0].ttl, Some(Ttl::Seconds(86400)));
    // §5: the referent can be retrieved at this URL.
    assert_eq!(
        record.urls().collect::<Vec<_>>(),
        ["http://www.doi.org/hb.html"]
    );
    let admin = record.admin().unwrap();
    assert_eq!(
        (admin.handle.as_str(), admin.index, admin.legacy_byte_length),
        ("0.na/10.1000", 200, Some(true))
    );
    assert!(!admin.has(AdminPermission::AddHandle));
    assert!(admin.has(AdminPermission::DeleteHandle));
    assert!(admin.has(AdminPermission::AddAdmin));
    assert!(!admin.has(AdminPermission::ListHandles));
    let again: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    let original: serde_json::Value = serde_json::from_str(figure1).unwrap();
    assert_eq!(again, original);
}

#[cfg(feature = "serde")]
#[test]
fn handle_records_of_every_shape_round_trip() {
    use pidkit::hdl::{HandleRecord, ResponseCode, Ttl};
    for json in [
        r#"{"responseCode":100,"handle":"10.1000/nothing"}"#,
        r#"{"responseCode":200,"handle":"10.1000/182","values":[]}"#,
        r#"{"responseCode":2,"message":"Internal error"}"#,
        r#"{"responseCode":402,"handle":"10.1000/182","extension":{"a":[1,2]}}"#,
        r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":2,"type":"HS_VLIST","data":{"format":"vlist",
           "value":[{"handle":"10.1/a","index":1},{"handle":"10.1/b","index":300}]},"ttl":"2030-01-01T00:00:00Z",
           "permissions":"1110","references":[{"handle":"10.1/y","index":1}],"future":true},
           {"index":3,"type":"HS_SITE","data":{"format":"site","value":{"version":1,"servers":[]}},"ttl":0}]}"#,
    ] {
        let record = HandleRecord::from_json(json).unwrap();
        let again: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
        assert_eq!(
            again,
            serde_json::from_str::<serde_json::Value>(json).unwrap(),
            "{json}"
        );
        if record.response_code == ResponseCode::Other(402) {
            assert_eq!(record.response_code.meaning(), None);
        }
        if let Some(v) = record
            .values()
            .first()
            .filter(|v| v.value_type == "HS_VLIST")
        {
            assert_eq!(v.data.vlist().unwrap()[1].index, 300);
            assert_eq!(v.ttl, Some(Ttl::Until("2030-01-01T00:00:00Z".into())));
            assert!(v.extra.contains_key("future"));
        }
    }
    assert_eq!(ResponseCode::NotFound.http_status(), Some(404));
    assert_eq!(ResponseCode::ServerError.http_status(), Some(500));
}

// ---- draft-paskin-doi-uri-04 (2003) ----

#[test]
fn draft_section3_3_examples() {
    // (prefix, suffix, unescaped name) — (d) says "is the prefix" where it means "is the suffix", an error of the draft;
    // (e) the unescaped DOI is dk/Pædagogi 37(2), 562.
    let examples = [
        ("doi:alpha-beta/182.342-24", "alpha-beta", "182.342-24"),
        ("doi:10.abc/ab-cd-ef", "10.abc", "ab-cd-ef"),
        (
            "doi:10.23/2002/january/21/4690",
            "10.23",
            "2002/january/21/4690",
        ),
        (
            "doi:11.a.7/0363-0277(19950315)120%3A5%3C%3E1.0.TX%3B2-V",
            "11.a.7",
            "0363-0277(19950315)120:5<>1.0.TX;2-V",
        ),
        (
            "doi:dk/P%C3%A6dagogi%2037(2),%20562",
            "dk",
            "P\u{E6}dagogi 37(2), 562",
        ),
    ];
    for (uri, prefix, suffix) in examples {
        let u = DoiUri::parse(uri, DoiProfile::Legacy).unwrap();
        assert_eq!(
            (u.doi().prefix(), u.doi().suffix()),
            (prefix, suffix),
            "{uri}"
        );
    }
    // (c) written in RDF: the about attribute holds the URI.
    let rdf = r#"<rdf:Description about="doi:10.23/2002/january/21/4690"/>"#;
    let found: Vec<_> = doi::find_iter(rdf).collect();
    assert!(
        found.is_empty(),
        "10.23 has a two-digit registrant code, not a DOI of today"
    );
    // Today's rules: (a), (d), (e) have no directory indicator, (c) has unencoded slashes.
    let codes: Vec<_> = examples
        .iter()
        .map(|(uri, ..)| Doi::from_uri(uri).err().map(|e| e.code()))
        .collect();
    assert_eq!(
        codes,
        [
            Some("doi-directory-indicator"),
            None,
            Some("doi-unencoded-slash"),
            Some("doi-directory-indicator"),
            Some("doi-directory-indicator"),
        ]
    );
}

#[test]
fn draft_section4_canonical_form() {
    let forms = [
        "DOI:dk/P%C3%A6dagogi%2037(2),%20562",
        "doi:DK/P%C3%A6dagogi%2037(2),%20562",
        "doi:dk/P%c3%a6dagogi%2037(2),%20562",
        "doi:dk/p%c3%a6dagogi%2037(2),%20562",
        "doi:dk%2FP%C3%A6dagogi%2037%282%29%2C%20562",
    ];
    for uri in forms {
        let u = DoiUri::parse(uri, DoiProfile::Legacy).unwrap();
        assert_eq!(
            u.to_legacy_canonical(),
            "doi:DK/P%C3%A6DAGOGI%2037(2),%20562",
            "{uri}"
        );
        // The canonical form is a fixed point.
        let c = u.to_legacy_canonical();
        assert_eq!(
            DoiUri::parse(&c, DoiProfile::Legacy)
                .unwrap()
                .to_legacy_canonical(),
            c
        );
    }
}

// ---- Crossref sample ----

#[test]
fn crossref_dois_parse_round_trip_and_fold_case() {
    let Some(text) = common::read("doi/crossref-sample-dois.txt") else {
        return;
    };
    let mut t = Tally::new("doi/crossref-sample-dois.txt");
    for line in text.lines().filter(|l| !l.is_empty()) {
        let ok = (|| {
            let doi = Doi::parse(line).ok()?;
            let uri = doi.to_uri();
            let via_uri = Doi::from_uri(&uri).ok()?;
            let via_recognized_uri = doi::recognize(&uri).ok()?.doi;
            let url = doi.to_url();
            let via_url = doi::recognize(&url).ok()?;
            let upper = line.to_ascii_uppercase();
            let up = Doi::parse(&upper).ok()?;
            let checks = [
                via_uri == doi,
                via_recognized_uri == doi,
                via_url.doi == doi && via_url.form == DoiForm::Url,
                doi.equivalent(&up) && up.equivalent(&doi),
                doi.key() == up.key(),
                doi.key().to_string() == upper,
                doi::warnings(&doi).is_empty(),
                uri.bytes().all(|b| b.is_ascii_graphic()),
                url.bytes().all(|b| b.is_ascii_graphic()),
            ];
            checks.iter().all(|&c| c).then_some(())
        })();
        t.check(ok.is_some(), || format!("{line}: round trip failed"));
    }
    t.finish();
}

#[test]
fn crossref_special_characters_are_encoded_as_the_handbook_says() {
    let Some(text) = common::read("doi/crossref-sample-dois-special-chars.txt") else {
        return;
    };
    let mut t = Tally::new("doi/crossref-sample-dois-special-chars.txt");
    for line in text.lines().filter(|l| !l.is_empty()) {
        let doi = Doi::parse(line);
        t.check(
            doi.as_ref().is_ok_and(|d| {
                let url = d.to_url();
                let path = &url["https://doi.org/".len()..];
                !path.contains(['<', '>', '[', ']', '#'])
                    && d.to_uri()[4..].matches('/').count() == 1
                    && doi::recognize(&url).is_ok_and(|r| r.doi == *d)
            }),
            || format!("{line}: {doi:?}"),
        );
    }
    t.finish();
}

#[test]
fn crossref_dois_are_found_in_running_text() {
    let Some(text) = common::read("doi/crossref-sample-dois.txt") else {
        return;
    };
    let mut t = Tally::new("doi/crossref-sample-dois.txt (extraction)");
    for line in text.lines().filter(|l| !l.is_empty()) {
        let url = Doi::parse(line).unwrap().to_url();
        for sentence in [
            format!("See {line}."),
            format!("(doi:{line}), cited"),
            format!("Available at {url}, accessed 2019."),
            format!("  doi = {{{line}}},"),
            format!(
                "<a href=\"{url}\">{}</a>",
                line.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
            ),
        ] {
            let found: Vec<_> = doi::find_iter(&sentence).collect();
            let ok = !found.is_empty() && found.iter().all(|f| f.doi.as_str() == line);
            t.check(ok, || {
                format!(
                    "{sentence:?} → {:?}",
                    found.iter().map(|f| f.doi.as_str()).collect::<Vec<_>>()
                )
            });
        }
    }
    t.finish();
}

// ---- issue 14: detection never rewrites a DOI's written form silently ----

#[test]
fn a_url_stays_a_url_and_its_query_and_fragment_are_never_dropped_silently() {
    use pidkit::{Identifier, Level, PidCase, PidForm, PidOutput, ToUri};
    let u = Identifier::parse("https://doi.org/10.1000/Abc?noredirect#top").unwrap();
    // The URL keeps its query and fragment at every rung; the key ignores them (not the DOI).
    assert_eq!(
        u.normalize(Level::Syntax),
        "https://doi.org/10.1000/Abc?noredirect#top"
    );
    // Shown as registered by default; one case on request.
    assert_eq!(
        u.normalize(Level::Scheme),
        "https://doi.org/10.1000/Abc?noredirect#top"
    );
    let upper = PidOutput {
        case: PidCase::Upper,
        ..PidOutput::default()
    };
    assert_eq!(
        u.normalize_as(Level::Scheme, &upper),
        "https://doi.org/10.1000/ABC?noredirect#top"
    );
    assert_eq!(u.key(Level::Scheme).as_str(), "doi:10.1000/ABC");
    assert!(u.equivalent(&Identifier::parse("10.1000/abc").unwrap(), Level::Scheme));
    assert_eq!(
        u.to_uri(&ToUri::new()).unwrap(),
        "https://doi.org/10.1000/Abc?noredirect#top"
    );
    // Asking for a form without room for them drops them — and the warnings say so.
    let as_uri = PidOutput {
        form: PidForm::Uri,
        case: PidCase::Lower,
    };
    assert_eq!(u.normalize_as(Level::Scheme, &as_uri), "doi:10.1000/abc");
    let codes: Vec<_> = u
        .warnings()
        .iter()
        .map(|w| (w.code.as_str(), w.offset, w.len))
        .collect();
    assert_eq!(codes, [("doi-url-query", 27, 15)]);
    let f = Identifier::parse("https://doi.org/10.1000/x#f").unwrap();
    assert_eq!(f.warnings()[0].code, "doi-url-fragment");
    // Other forms give the resolver URL by default too, the name as given; the doi: URI on
    // request.
    let n = Identifier::parse("DOI: 10.1000/abc").unwrap();
    assert_eq!(n.normalize(Level::Scheme), "https://doi.org/10.1000/abc");
    let as_doi_uri = PidOutput {
        form: PidForm::Uri,
        case: PidCase::Upper,
    };
    assert_eq!(
        n.normalize_as(Level::Scheme, &as_doi_uri),
        "doi:10.1000/ABC"
    );
    let as_url = PidOutput {
        form: PidForm::Url,
        ..PidOutput::default()
    };
    assert_eq!(
        n.normalize_as(Level::Scheme, &as_url),
        "https://doi.org/10.1000/abc"
    );
    assert_eq!(n.to_uri(&ToUri::new()).unwrap(), "doi:10.1000/abc");
    assert_eq!(
        Identifier::parse("info:doi/10.1000/x")
            .unwrap()
            .to_uri(&ToUri::new())
            .unwrap(),
        "info:doi/10.1000/x"
    );
    // A resolver URL without a name is its own error, not "empty".
    let e = Identifier::parse("https://doi.org/").unwrap_err();
    assert_eq!((e.code(), e.offset), ("doi-url-without-name", 16));
}

/// Warnings in percent-encoded text are placed in one pass: 50,000 encoded look-alikes (each
/// its own warning) were quadratic (N=20,000 took 160 s in a debug build).
#[test]
fn many_encoded_lookalikes_are_placed_in_linear_time() {
    let n = 50_000;
    let url = format!("https://doi.org/10.1000/{}", "%E2%80%90".repeat(n));
    let r = doi::recognize(&url).unwrap();
    let w = r.warnings(&url);
    assert_eq!(w.len(), n);
    assert_eq!((w[0].offset, w[0].len), (24, 9));
    assert_eq!(w[n - 1].offset, 24 + 9 * (n - 1));
}

/// Whitespace around a DOI or handle: ASCII whitespace is left out and said
/// (`doi-surrounding-space`, `hdl-surrounding-space`); a Unicode space at either end is part of
/// the name as written (`doi-space`), as it is when percent-encoded in a URI — so the literal
/// and the encoded form are the same name at every level (found by fuzzing `normalize`). (A bare
/// name is literal: `10.1000/abc%E3%80%80` has a `%` in it.)
#[test]
fn whitespace_around_a_name_is_said_and_unicode_spaces_are_kept() {
    use pidkit::{Level, ReadOptions, read};
    let opts = ReadOptions::default();
    let codes = |s: &str| -> Vec<(String, usize, usize)> {
        read(s, &opts)
            .result
            .unwrap()
            .warnings()
            .into_iter()
            .map(|w| (w.code.as_str().to_owned(), w.offset, w.len))
            .collect()
    };
    // Both ends: one warning, counted twice, with the second offset.
    assert_eq!(
        codes(" 10.1000/abc\t"),
        [("doi-surrounding-space".to_owned(), 0, 1)]
    );
    let w = &read(" 10.1000/abc\t", &opts).result.unwrap().warnings()[0];
    assert_eq!((w.count, w.more.as_slice()), (2, &[12][..]));
    assert_eq!(
        codes("\n hdl:20.500.1/a"),
        [("hdl-surrounding-space".to_owned(), 0, 2)]
    );
    assert_eq!(
        codes("10.1000/abc\u{3000}"),
        [("doi-space".to_owned(), 11, 3)]
    );
    for (literal, encoded) in [
        ("doi:10.1000/abc\u{3000}", "doi:10.1000/abc%E3%80%80"),
        ("hdl:20.500.1/a\u{3000}", "hdl:20.500.1/a%E3%80%80"),
    ] {
        let a = read(literal, &opts).result.unwrap();
        let b = read(encoded, &opts).result.unwrap();
        assert_eq!(
            a.key(Level::Scheme).as_str(),
            b.key(Level::Scheme).as_str(),
            "{literal}"
        );
        assert!(
            a.key(Level::Scheme).as_str().ends_with("%E3%80%80"),
            "{literal}"
        );
    }
}

/// The comparison ladder on `doi:` and `hdl:` IRIs (read as IRIs): every rung reads the name
/// the IRI carries, so a syntax normal form is equivalent to its input at the scheme level and
/// equals the identifier reading's (found by fuzzing `normalize`: the generic rules removed
/// `/./`, which names another DOI or handle).
#[test]
fn the_ladder_reads_doi_and_hdl_iris_as_their_names_at_every_rung() {
    use pidkit::{IriRef, Level, PidForm, PidOutput, ReadOptions, read};
    let uri = PidOutput {
        form: PidForm::Uri,
        ..PidOutput::default()
    };
    for (iri, syntax) in [
        ("doi:10.1000/./a", "doi:10.1000/.%2Fa"),
        ("doi:10.1000/a/../b", "doi:10.1000/a%2F..%2Fb"),
        ("doi:10.1000/a/b", "doi:10.1000/a%2Fb"),
        ("hdl:20.500.1/./a", "hdl:20.500.1/.%2Fa"),
    ] {
        let r = IriRef::parse(iri).unwrap();
        let n = r.normalize(Level::Syntax);
        assert_eq!(n.as_str(), syntax, "{iri}");
        assert!(r.equivalent(&n, Level::Scheme), "{iri}");
        let id = read(iri, &ReadOptions::default()).result.unwrap();
        assert_eq!(
            id.normalize_as(Level::Syntax, &uri),
            syntax,
            "{iri} as an identifier"
        );
    }
    // An IRI that names a DOI or handle only after the generic rules (a leading `./`) is read
    // through them at once: its normal forms are fixed points.
    for (iri, syntax, scheme) in [
        ("hdl:./20.500.1/a", "hdl:20.500.1/a", "hdl:20.500.1/A"),
        ("doi:./10.1000/a", "doi:10.1000/a", "doi:10.1000/A"),
    ] {
        let r = IriRef::parse(iri).unwrap();
        for (level, want) in [(Level::Syntax, syntax), (Level::Scheme, scheme)] {
            let n = r.normalize(level);
            assert_eq!(n.as_str(), want, "{iri} {level:?}");
            assert_eq!(n.normalize(level).as_str(), want, "{iri} {level:?} twice");
        }
    }
    // With a query the IRI is not a whole name: the generic rules at both rungs.
    let r = IriRef::parse("hdl:20.500.1/./a?urlappend=x").unwrap();
    assert_eq!(
        r.normalize(Level::Syntax).as_str(),
        "hdl:20.500.1/a?urlappend=x"
    );
    assert!(r.equivalent(&r.normalize(Level::Syntax), Level::Scheme));
}
