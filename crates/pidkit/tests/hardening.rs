//! Hostile input (issue 11): every path stays linear on long host labels, and the warnings that
//! catch syntax spoofing, encodings that are not UTF-8, and hosts browsers read as IPv4.
//!
//! The inputs here are large on purpose (a label of a million octets took over a minute before
//! labels over 63 octets were refused up front), but the tests assert behaviour only: speed is
//! the benchmarks' business. The tests of IDNA and of the Unicode checks need their features.

use pidkit::{IriRef, Lenient, Level};
#[cfg(feature = "idna")]
use pidkit::{host_to_ascii, host_to_unicode};

#[cfg(feature = "idna")] // the IDNA tests' helpers
const MIB: usize = 1 << 20;

#[cfg(feature = "idna")]
fn codes(iri: &str) -> Vec<&'static str> {
    pidkit::iri::warnings(&IriRef::parse(iri).unwrap())
        .iter()
        .map(|w| w.code.as_str())
        .collect()
}

/// `host_to_ascii`'s error as (code, offset, len); never prints the (huge) host.
#[cfg(feature = "idna")]
fn idna_err(host: &str) -> (&'static str, usize, usize) {
    match host_to_ascii(host) {
        Ok(_) => panic!("ToASCII accepted a host of {} octets", host.len()),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

/// `http://xn--aaaa…`: one A-label of a million octets.
#[cfg(feature = "idna")]
fn long_ace(scheme: &str) -> String {
    format!("{scheme}://xn--{}/", "a".repeat(MIB))
}

#[test]
#[cfg(feature = "idna")]
fn a_long_xn_label_is_bad_punycode_without_decoding() {
    // check and parse (DNS scheme and not), and --as web (mapping, then check).
    for scheme in ["http", "foo"] {
        let iri = long_ace(scheme);
        let w = pidkit::iri::warnings(&IriRef::parse(&iri).unwrap());
        let got: Vec<_> = w
            .iter()
            .map(|w| (w.code.as_str(), w.offset, w.len))
            .collect();
        assert_eq!(
            got,
            [("bad-punycode", scheme.len() + 3, MIB + 4)],
            "{scheme}"
        );
        assert!(w[0].message.contains("63"), "{}", w[0].message);
        let web = Lenient::WebAddress.parse(&iri).unwrap();
        assert_eq!(
            pidkit::iri::warnings(&web)
                .iter()
                .map(|w| w.code.as_str())
                .collect::<Vec<_>>(),
            ["bad-punycode"]
        );
    }
    // Several long labels, and one among valid ones: each is reported, nothing is decoded.
    let two = format!("http://xn--{a}.example.xn--{a}/", a = "b".repeat(MIB / 2));
    assert_eq!(codes(&two), ["bad-punycode", "bad-punycode"]);
    // 63 octets is still a label (and this one is valid Punycode for ASCII only).
    let edge = format!("foo://xn--{}-/", "a".repeat(58));
    assert_eq!(codes(&edge), ["bad-punycode"]);
    assert!(
        pidkit::iri::warnings(&IriRef::parse(&edge).unwrap())[0]
            .message
            .contains("ASCII")
    );
}

#[test]
#[cfg(feature = "idna")]
fn a_long_label_is_an_idna_error_where_conversion_needs_to_ascii() {
    const N: usize = MIB / 4; // decoding it took minutes
    let ace = format!("xn--{}", "a".repeat(N));
    // ToASCII of a name with a long A-label and a U-label: the long label at fault.
    assert_eq!(idna_err(&format!("{ace}.ü")), ("idna", 0, N + 4));
    let e = host_to_ascii(&format!("ü.xn--{}", "a".repeat(60))).unwrap_err();
    assert!(e.to_string().contains("63 octets (RFC 5890"), "{e}");
    assert_eq!(idna_err(&format!("ü.{ace}")), ("idna", 3, N + 4));
    // A long U-label of distinct characters (Punycode encoding is quadratic in them).
    let han: String = (0x4E00..0x9FA6)
        .filter_map(char::from_u32)
        .cycle()
        .take(30_000)
        .collect();
    assert_eq!(idna_err(&format!("ok.{han}.org")), ("idna", 3, han.len()));
    let text = format!("http://{han}.org/");
    let iri = IriRef::parse(&text).unwrap();
    assert_eq!(iri.to_uri().map_err(|e| e.code()).err(), Some("idna"));
    assert_eq!(codes(&format!("http://{han}.org/")), ["idna-invalid"]);
    // The same label through percent-encoding (decoded because the host is not ASCII).
    let pct: String = han
        .bytes()
        .take(3 * 10_000)
        .map(|b| format!("%{b:02X}"))
        .collect();
    assert_eq!(idna_err(&format!("ü{pct}")), ("idna", 0, pct.len() + 2));
    // ToUnicode keeps a long A-label as written; scheme-level normalization compares such a
    // host as written.
    let host = format!("{ace}.org");
    assert!(host_to_unicode(&host) == host.as_str());
    let text = format!("http://é.{ace}/");
    let iri = IriRef::parse(&text).unwrap();
    assert!(iri.normalize(Level::Scheme).as_str() == iri.as_str());
}

#[test]
#[cfg(feature = "idna")]
fn the_length_limit_is_on_the_converted_label() {
    // Ignored characters (soft hyphens) vanish in the mapping: a short label in the end.
    let soft = format!("ü{}", "\u{AD}".repeat(100_000));
    assert_eq!(host_to_ascii(&soft).ok().as_deref(), Some("xn--tda"));
    // 40 full-width letters are 120 octets of UTF-8 but 40 once mapped.
    let wide: String = "ａ".repeat(40);
    assert_eq!(
        host_to_ascii(&format!("{wide}.ü")).unwrap(),
        format!("{}.xn--tda", "a".repeat(40))
    );
    // 64 ASCII octets next to a U-label: too long (as before, now without the IDNA work).
    assert_eq!(idna_err(&format!("ü.{}", "a".repeat(64))), ("idna", 3, 64));
    assert!(host_to_ascii(&format!("ü.{}", "a".repeat(63))).is_ok());
}

// ---- extraction (pidkit::extract, pidkit::doi::find_iter): linear in the text ----

/// `(kind, text)` of every identifier found.
fn extracted(text: &str) -> Vec<(&'static str, String)> {
    pidkit::extract::identifiers(text)
        .map(|f| (f.kind.name(), f.text.into_owned()))
        .collect()
}

#[test]
fn trailing_brackets_are_counted_not_rescanned() {
    const N: usize = 100_000;
    let text = format!("see http://a/b{}", ")".repeat(N));
    assert_eq!(extracted(&text), [("iri", "http://a/b".to_owned())]);
    let text = format!("{}http://a/{}", "(".repeat(N), ")".repeat(N));
    assert_eq!(extracted(&text), [("iri", "http://a/".to_owned())]);
    // Balanced pairs inside stay; the unbalanced tail goes, brackets of both kinds.
    let text = format!("(http://a/(b)c{}.", ")".repeat(N));
    assert_eq!(extracted(&text), [("iri", "http://a/(b)c".to_owned())]);
    let text = format!("[http://[::1]/{}", "]".repeat(N));
    assert_eq!(extracted(&text), [("iri", "http://[::1]/".to_owned())]);
    // DOIs: an opener with no closer is not part of it, however many.
    let text = format!("10.1234/a{}", "(".repeat(N));
    assert_eq!(extracted(&text), [("doi", "10.1234/a".to_owned())]);
}

#[test]
fn many_matches_in_one_run_are_each_scanned_once() {
    const N: usize = 50_000;
    // Every match ends at a '%' that is not an escape; the run of IRI characters goes on.
    let found = extracted(&"b://x%".repeat(N));
    assert_eq!(found.len(), N);
    assert!(found.iter().all(|(k, t)| *k == "iri" && t == "b://x"));
    let found = extracted(&"urn:a:b%".repeat(N));
    assert_eq!(found.len(), N);
    assert!(found.iter().all(|(k, t)| *k == "urn" && t == "urn:a:b"));
    // Many DOIs in one token (no whitespace): the token is not scanned back from each.
    let found = extracted(&"(10.1234/a)".repeat(N));
    assert_eq!(found.len(), N);
    assert!(found.iter().all(|(k, t)| *k == "doi" && t == "10.1234/a"));
    let found: Vec<_> =
        pidkit::doi::find_iter(&format!("http://x/?{}", "&doi=10.1234/a".repeat(N)))
            .map(|f| f.doi.as_str().to_owned())
            .collect();
    assert_eq!(found.len(), N);
    assert!(found.iter().all(|d| d == "10.1234/a"));
}

#[test]
fn a_bad_escape_ends_a_doi_instead_of_voiding_it() {
    const N: usize = 50_000;
    // In a URL, octets that are not UTF-8 end the DOI (they used to void it, and every later
    // "10." of the token scanned the rest again).
    let dois = |text: &str| -> Vec<String> {
        pidkit::doi::find_iter(text)
            .map(|f| f.doi.as_str().to_owned())
            .collect()
    };
    assert_eq!(dois("https://doi.org/10.1234/ab%FFcd x"), ["10.1234/ab"]);
    assert!(dois(&"https://doi.org/10.1234/%FF".repeat(N)).is_empty());
    // In a doi: URI, an escape of a control character ends it; octets that are not UTF-8 are
    // kept as written (as before).
    assert_eq!(dois("doi:10.1234/ab%00cd"), ["10.1234/ab"]);
    assert_eq!(dois("doi:10.1234/ab%FFcd"), ["10.1234/ab%FFcd"]);
    let found = dois(&"doi:10.1234/a%00,".repeat(N));
    assert_eq!(found.len(), N);
    assert!(found.iter().all(|d| d == "10.1234/a"));
    // Valid escapes are decoded as before.
    assert_eq!(dois("https://doi.org/10.1234/a%3Cb%3E"), ["10.1234/a<b>"]);
}

// ---- DOIs with dot segments ----

#[test]
fn dot_segments_of_a_doi_suffix_survive_urls_and_api_paths() {
    use pidkit::doi::{self, Doi};
    for (name, url, api) in [
        (
            "10.5555/a/../b",
            "https://doi.org/10.5555/a%2F%2E%2E%2Fb",
            "https://doi.org/api/handles/10.5555/a%2F%2E%2E%2Fb",
        ),
        (
            "10.5555/..",
            "https://doi.org/10.5555%2F%2E%2E",
            "https://doi.org/api/handles/10.5555%2F%2E%2E",
        ),
        (
            "10.5555/./x/y",
            "https://doi.org/10.5555%2F%2E%2Fx/y",
            "https://doi.org/api/handles/10.5555/%2E%2Fx%2Fy",
        ),
        (
            "10.5555/x/.",
            "https://doi.org/10.5555/x%2F%2E",
            "https://doi.org/api/handles/10.5555/x%2F%2E",
        ),
    ] {
        let doi = Doi::parse(name).unwrap();
        assert_eq!(doi.to_url(), url, "{name}");
        assert_eq!(doi.api_url().to_string(), api, "{name}");
        // No path segment of either is a dot segment any more, not even after decoding
        // %2E (RFC 3986 §2.3; the WHATWG URL Standard reads "%2e" segments as dots too).
        for u in [url, api] {
            let path = &u["https://doi.org/".len()..];
            assert!(
                path.split('/').all(|s| !matches!(
                    s.to_ascii_uppercase().as_str(),
                    "." | ".." | "%2E" | "%2E%2E" | ".%2E" | "%2E."
                )),
                "{u}"
            );
            // ... and both read back as the same DOI.
            assert_eq!(doi::recognize(u).unwrap().doi.as_str(), name, "{u}");
        }
        // check warns; the doi: URI keeps the dots (§2: '.' is unreserved, never encoded).
        let w = doi::warnings(&doi);
        assert!(
            w.iter().any(|w| w.code == "doi-dot-segment"),
            "{name}: {w:?}"
        );
        assert!(!doi.to_uri().contains("%2E"), "{}", doi.to_uri());
    }
    // Dots that are not whole segments change nothing.
    let plain = Doi::parse("10.5555/a.b/..c/.../c..").unwrap();
    assert_eq!(plain.to_url(), "https://doi.org/10.5555/a.b/..c/.../c..");
    assert!(doi::warnings(&plain).is_empty());
    // Found in text and recognized in any form, it is warned about (the CLI's check).
    let r = doi::recognize("https://doi.org/10.5555/a/../b").unwrap();
    assert_eq!(r.doi.as_str(), "10.5555/a/../b");
    let codes: Vec<_> = r
        .warnings("https://doi.org/10.5555/a/../b")
        .iter()
        .map(|w| (w.code.as_str(), w.offset))
        .collect();
    assert_eq!(codes, [("doi-dot-segment", 26)]);
}

// ---- one table: what URI → IRI keeps encoded, syntax normalization keeps encoded ----

#[test]
fn normalization_decodes_exactly_what_to_iri_decodes() {
    // The characters of issue 11: ALM, an isolate, ZWSP, soft hyphen, BOM, NBSP, U+3000.
    for c in [
        '\u{061C}', '\u{2067}', '\u{200B}', '\u{00AD}', '\u{FEFF}', '\u{00A0}', '\u{3000}',
    ] {
        let mut buf = [0; 4];
        let enc: String = c
            .encode_utf8(&mut buf)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        let uri = format!("http://a/x{enc}y?q{enc}#f{enc}");
        let r = IriRef::parse(&uri).unwrap();
        assert_eq!(
            r.normalize(Level::Syntax).as_str(),
            uri,
            "U+{:04X}",
            c as u32
        );
        assert_eq!(r.to_iri().as_str(), uri, "U+{:04X}", c as u32);
        // Written literally (the grammar allows all of them), it normalizes to the encoded form.
        let lit = format!("http://a/x{c}y?q{c}#f{c}");
        let l = IriRef::parse(&lit).unwrap();
        assert_eq!(
            l.normalize(Level::Syntax).as_str(),
            uri,
            "U+{:04X}",
            c as u32
        );
        assert!(l.equivalent(&r, Level::Syntax));
    }
    // Every code point: %XX in a path is decoded by normalization exactly when URI → IRI
    // conversion decodes it (the BMP, and every 61st code point above it).
    let points = (0x80..0x1_0000).chain((0x1_0000..0x11_0000).step_by(61));
    for c in points.filter_map(char::from_u32) {
        let mut buf = [0; 4];
        let enc: String = c
            .encode_utf8(&mut buf)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        let uri = format!("foo:/{enc}");
        let r = IriRef::parse(&uri).unwrap();
        let decoded_by_to_iri = r.to_iri().as_str() != uri;
        let decoded_by_normalize = r.normalize(Level::Syntax).as_str() != uri;
        assert_eq!(
            decoded_by_normalize,
            decoded_by_to_iri,
            "U+{:04X}: normalize {}, to-iri {}",
            c as u32,
            r.normalize(Level::Syntax),
            r.to_iri()
        );
    }
}

// ---- warnings: delimiter look-alikes, encodings outside UTF-8, IPv4 shorthand ----

/// `(code, offset, len)` of each warning.
fn warned(iri: &str) -> Vec<(&'static str, usize, usize)> {
    pidkit::iri::warnings(&IriRef::parse(iri).unwrap())
        .iter()
        .map(|w| (w.code.as_str(), w.offset, w.len))
        .collect()
}

#[test]
#[cfg(feature = "unicode-checks")]
fn slash_and_dot_lookalikes_in_a_host() {
    // Valid under UTS #46 (so IDNA does not catch them): the syntax spoofs that matter.
    assert_eq!(
        warned("http://a.com\u{2215}b.com/"),
        [("confusable-delimiter", 12, 3)]
    );
    assert_eq!(
        warned("http://a.com\u{2044}b.com/"),
        [("confusable-delimiter", 12, 3)]
    );
    assert_eq!(
        warned("http://bank.com\u{A789}8080.evil/"),
        [("confusable-delimiter", 15, 3)]
    );
    // Percent-encoded, in a host of any scheme.
    assert_eq!(
        warned("http://a.com%E2%88%95b.com/"),
        [("confusable-delimiter", 12, 9)]
    );
    assert_eq!(
        warned("foo://a%E2%81%84b/"),
        [("confusable-delimiter", 7, 9)]
    );
    let w = pidkit::iri::warnings(&IriRef::parse("http://a.com%E2%88%95b.com/").unwrap());
    assert!(
        w[0].message.contains("U+2215") && w[0].message.contains("'/'"),
        "{}",
        w[0].message
    );
    // Full-width solidus: UTS #46 maps it to '/', which no host may hold (idna-invalid too).
    let codes: Vec<_> = warned("http://a.com\u{FF0F}b.com/")
        .iter()
        .map(|w| w.0)
        .collect();
    assert!(
        codes.contains(&"confusable-delimiter") && codes.contains(&"idna-invalid"),
        "{codes:?}"
    );
    // The full stops UTS #46 maps to '.', letters with a slash-like skeleton, and paths: no.
    assert!(warned("http://例え\u{3002}jp/").is_empty());
    assert!(warned("http://ノート.jp/").is_empty());
    assert!(warned("http://दुःख.example/").is_empty()); // Devanagari visarga
    assert!(warned("http://a.com/x\u{2215}y").is_empty());
}

#[test]
fn surrogates_and_code_points_past_unicode() {
    assert_eq!(warned("http://a/%ED%A0%80"), [("surrogate-utf8", 9, 9)]);
    assert_eq!(warned("http://a/?%ED%BF%BF"), [("surrogate-utf8", 10, 9)]);
    assert_eq!(
        warned("http://a/%F4%90%80%80"),
        [("out-of-range-utf8", 9, 12)]
    );
    assert_eq!(
        warned("http://a/%F7%BF%BF%BF"),
        [("out-of-range-utf8", 9, 12)]
    );
    assert_eq!(
        warned("http://a/%F8%88%80%80%80"),
        [("out-of-range-utf8", 9, 15)]
    );
    let w = pidkit::iri::warnings(&IriRef::parse("/%ED%A0%80%F4%90%80%80").unwrap());
    assert!(
        w[0].message.contains("U+D800") && w[0].message.contains("RFC 3629"),
        "{}",
        w[0].message
    );
    assert!(w[1].message.contains("0x110000"), "{}", w[1].message);
    // The neighbours are what they were: the last code point, a valid one, an overlong form.
    assert_eq!(warned("/%F4%8F%BF%BF"), [("noncharacter", 1, 12)]);
    assert!(
        warned("/%ED%9F%BF%EE%80%80x")
            .iter()
            .all(|w| w.0 != "surrogate-utf8")
    );
    assert_eq!(warned("/%E0%80%AF")[0].0, "overlong-utf8");
    // Truncated: nothing to say beyond what the octets are.
    assert!(warned("/%ED%A0").is_empty());
}

#[test]
fn hosts_browsers_read_as_ipv4_addresses() {
    for (iri, addr) in [
        ("http://0x7f.1/", "127.0.0.1"),
        ("http://017700000001/", "127.0.0.1"),
        ("http://127.1/", "127.0.0.1"),
        ("https://127.0.0.1./x", "127.0.0.1"),
        ("ws://0300.0250.1/", "192.168.0.1"),
    ] {
        // As an IRI, and as a Web Address (--as web: mapped, then checked).
        for text in [
            iri.to_owned(),
            format!("  {}", iri.replace('/', "\\").replacen("\\\\", "//", 1)),
        ] {
            let r = Lenient::WebAddress.parse(&text).unwrap();
            let w = pidkit::iri::warnings(&r);
            assert_eq!(w.len(), 1, "{text}: {w:?}");
            assert_eq!(
                (w[0].code.as_str(), w[0].offset),
                ("web-ipv4-shorthand", r.as_str().find("//").unwrap() + 2)
            );
            assert!(w[0].message.contains(addr), "{}", w[0].message);
        }
    }
    // Dotted decimal is an IPv4address already; names and opaque hosts: nothing.
    for iri in [
        "http://127.0.0.1/",
        "http://example.com/",
        "foo://127.1/",
        "foo://999.1.1.1/",
        "http://1.2.3.example/",
    ] {
        assert!(warned(iri).is_empty(), "{iri}");
    }
}

#[test]
fn hosts_that_end_in_a_number_but_are_no_address_are_refused_by_browsers() {
    // RFC 3986 reads them as reg-names; the WHATWG host parser sends a host that ends in a
    // number to the IPv4 parser, which fails: the URL is refused.
    for iri in [
        "http://256.1.1.1/",
        "http://999.1.1.1/x",
        "http://1.2.3.4.5/",
        "https://0x100000000/",
        "ftp://1.2.3.08/",
        "http://example.1/",
    ] {
        let w = warned(iri);
        assert_eq!(w.len(), 1, "{iri}: {w:?}");
        assert_eq!(
            (w[0].0, w[0].1),
            ("web-ipv4-invalid", iri.find("//").unwrap() + 2),
            "{iri}"
        );
    }
}
