//! What each cargo feature changes, tested in every build: `cargo test -p pidkit` runs the
//! default-feature half, `cargo test -p pidkit --no-default-features --lib --test features`
//! (a step of `.ci/run`) the other half. Also the `&str` form of `Iri::resolve` and the
//! serialization of `Key`, which the issue asked for with them.

use pidkit::{Iri, IriRef, Level};

fn warning_codes(s: &str) -> Vec<&'static str> {
    pidkit::iri::warnings(&IriRef::parse(s).unwrap())
        .iter()
        .map(|w| w.code.as_str())
        .collect()
}

#[test]
fn resolve_takes_text_and_parsed_references() {
    let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    // Parsed references: infallible, an Iri<String> at once.
    let parsed: Iri<String> = base.resolve(&IriRef::parse("../g").unwrap());
    assert_eq!(parsed, "http://a/b/g");
    let absolute: Iri<String> = base.resolve(&Iri::parse("g:h").unwrap());
    assert_eq!(absolute, "g:h");
    // Text: parsed first, so a Result; the same target.
    assert_eq!(base.resolve("../g").unwrap(), parsed);
    assert_eq!(base.resolve(&String::from("../g")).unwrap(), parsed);
    assert_eq!(
        base.resolve_with("http:g", pidkit::ReferenceResolution::NonStrict)
            .unwrap(),
        "http://a/b/c/g"
    );
    // Text that is not an IRI reference is the parser's error, with its code and offset.
    let err = base.resolve("../g h").unwrap_err();
    assert_eq!((err.code(), err.offset, err.len), ("invalid-char", 4, 1));
    let err = base.resolve("%zz").unwrap_err();
    assert_eq!((err.code(), err.offset), ("bad-percent", 0));
}

#[cfg(feature = "serde")]
#[test]
fn key_serializes_as_its_normal_form() {
    let r = IriRef::parse("HTTP://Example.COM:80/%7euser/./a").unwrap();
    let keys = [r.key(Level::Syntax), r.key(Level::Scheme)];
    assert_eq!(
        serde_json::to_string(&keys).unwrap(),
        r#"["http://example.com:80/~user/a","http://example.com/~user/a"]"#
    );
}

/// With IDNA: a non-ASCII DNS host is converted with ToASCII, checked, and compared in ASCII.
#[cfg(feature = "idna")]
#[test]
fn with_idna_dns_hosts_are_converted() {
    let iri = IriRef::parse("http://例え.jp/パス").unwrap();
    assert_eq!(
        iri.to_uri().unwrap(),
        "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"
    );
    assert_eq!(pidkit::host_to_ascii("例え.jp").unwrap(), "xn--r8jz45g.jp");
    assert_eq!(
        pidkit::host_to_unicode("xn--r8jz45g.jp"),
        "例え.jp",
        "ToUnicode exists only with IDNA"
    );
    assert!(iri.equivalent(
        &IriRef::parse("http://xn--r8jz45g.jp/パス").unwrap(),
        Level::Scheme
    ));
    assert_eq!(warning_codes("http://xn--abc-.example/"), ["bad-punycode"]);
    assert_eq!(warning_codes("http://\u{2FF0}.example/"), ["idna-invalid"]);
}

/// Without IDNA: converting a non-ASCII DNS host is an explicit error with its own code, never
/// a percent-encoded host the caller did not ask for; `Idna::Never` asks for that.
#[cfg(not(feature = "idna"))]
#[test]
fn without_idna_dns_hosts_are_an_explicit_error() {
    let iri = IriRef::parse("http://例え.jp/パス").unwrap();
    let err = iri.to_uri().unwrap_err();
    assert_eq!(
        (err.code(), err.offset, err.len),
        ("idna-unavailable", 7, "例え.jp".len())
    );
    assert!(err.to_string().contains("`idna` feature"), "{err}");
    assert!(
        pidkit::ErrorCode::hint(&err.kind)
            .unwrap()
            .contains("Idna::Never")
    );
    assert_eq!(
        pidkit::host_to_ascii("例え.jp").unwrap_err().code(),
        "idna-unavailable"
    );
    // Asked for: RFC 3987 §3.1's general mapping, the host percent-encoded.
    assert_eq!(
        pidkit::ToUri::new()
            .idna(pidkit::Idna::Never)
            .convert(&iri)
            .unwrap(),
        "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"
    );
    // Nothing changes where no IDNA is needed: ASCII hosts, hosts of other schemes.
    assert_eq!(
        IriRef::parse("http://example.jp/パス")
            .unwrap()
            .to_uri()
            .unwrap(),
        "http://example.jp/%E3%83%91%E3%82%B9"
    );
    assert_eq!(
        IriRef::parse("foo://例え.jp/").unwrap().to_uri().unwrap(),
        "foo://%E4%BE%8B%E3%81%88.jp/"
    );
    assert_eq!(pidkit::host_to_ascii("example.jp").unwrap(), "example.jp");
    // `Level::Scheme` keeps an IDN host as it is (documented): no ASCII key without ToASCII.
    assert!(!iri.equivalent(
        &IriRef::parse("http://xn--r8jz45g.jp/パス").unwrap(),
        Level::Scheme
    ));
    assert_eq!(iri.normalize(Level::Scheme), "http://例え.jp/パス");
    // The checks that need IDNA are not run (documented on `check`).
    assert!(warning_codes("http://xn--abc-.example/").is_empty());
    assert!(warning_codes("http://\u{2FF0}.example/").is_empty());
}

/// The Unicode security and normalization checks come with `unicode-checks`; the bidi rules
/// (§4.2) and the code point classes of §7.3 are in every build.
#[test]
fn unicode_checks_come_with_their_feature() {
    let spoof = warning_codes("http://раураl.com/");
    let nfd = warning_codes("http://a/re\u{301}sume\u{301}");
    let doi = pidkit::doi::warnings(&pidkit::Doi::parse("10.1000/p\u{430}per").unwrap());
    if cfg!(feature = "unicode-checks") {
        assert_eq!(spoof, ["mixed-script", "confusable"]);
        assert_eq!(nfd, ["not-nfc"]);
        assert_eq!(doi[0].code.as_str(), "doi-mixed-script");
    } else {
        assert!(spoof.is_empty() && nfd.is_empty() && doi.is_empty());
    }
    assert_eq!(warning_codes("http://a/ab.גד1"), ["bidi-rtl-boundary"]);
    assert_eq!(warning_codes("http://a/?\u{E000}"), ["private-use"]);
    assert_eq!(warning_codes("http://a/%C0%AF"), ["overlong-utf8"]);
    // Listed look-alike punctuation needs no Unicode data.
    let dash = pidkit::doi::warnings(&pidkit::Doi::parse("10.1000/a\u{2212}b").unwrap());
    assert_eq!(dash[0].code.as_str(), "doi-confusable-punctuation");
}
