//! Hostile input (issue 11): every path stays linear on long host labels, and the warnings that
//! catch syntax spoofing, encodings that are not UTF-8, and hosts browsers read as IPv4.
//!
//! The inputs here are large on purpose (a label of a million octets took over a minute before
//! labels over 63 octets were refused up front), but the tests assert behaviour only: speed is
//! the benchmarks' business.

use pidkit::{IriRef, Lenient, Level, check, host_to_ascii, host_to_unicode};

const MIB: usize = 1 << 20;

fn codes(iri: &str) -> Vec<&'static str> {
    check(&IriRef::parse(iri).unwrap())
        .iter()
        .map(|w| w.code)
        .collect()
}

/// `host_to_ascii`'s error as (code, offset, len); never prints the (huge) host.
fn idna_err(host: &str) -> (&'static str, usize, usize) {
    match host_to_ascii(host) {
        Ok(_) => panic!("ToASCII accepted a host of {} octets", host.len()),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

/// `http://xn--aaaa…`: one A-label of a million octets.
fn long_ace(scheme: &str) -> String {
    format!("{scheme}://xn--{}/", "a".repeat(MIB))
}

#[test]
fn a_long_xn_label_is_bad_punycode_without_decoding() {
    // check and parse (DNS scheme and not), and --as web (mapping, then check).
    for scheme in ["http", "foo"] {
        let iri = long_ace(scheme);
        let w = check(&IriRef::parse(&iri).unwrap());
        let got: Vec<_> = w.iter().map(|w| (w.code, w.offset, w.len)).collect();
        assert_eq!(
            got,
            [("bad-punycode", scheme.len() + 3, MIB + 4)],
            "{scheme}"
        );
        assert!(w[0].message.contains("63"), "{}", w[0].message);
        let web = Lenient::WebAddress.parse(&iri).unwrap();
        assert_eq!(
            check(&web).iter().map(|w| w.code).collect::<Vec<_>>(),
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
        check(&IriRef::parse(&edge).unwrap())[0]
            .message
            .contains("ASCII")
    );
}

#[test]
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
