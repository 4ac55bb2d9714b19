//! Every grammar example of the specs, and every error kind of the IRI grammar with its code and
//! exact byte offset. RFC 3986 §1.1.2, §3, §3.3, §4.2, §5.4, §6.2, §7.6, Appendix B; RFC 3987
//! and draft-duerst-iri-bis-07 (its non-ASCII examples, which text copies of the draft lose, as in RFC 3987). Where the three
//! profiles answer differently, each profile's answer is asserted.

use pidkit::{Host, HostKind, Iri, IriRef, Profile, Rule};

const ALL: [Profile; 3] = [Profile::IriBis, Profile::Rfc3987, Profile::Rfc3986Uri];
const IRI_PROFILES: [Profile; 2] = [Profile::IriBis, Profile::Rfc3987];

/// `(code, offset, len)` of the error for `s` parsed by `rule` under `profile`, or `None` if valid.
fn outcome(s: &str, rule: Rule, profile: Profile) -> Option<(&'static str, usize, usize)> {
    IriRef::parse_rule(s, rule, profile)
        .err()
        .map(|e| (e.code(), e.offset, e.len))
}

/// Assert that `s` is an `IRI-reference` under every profile in `profiles`, and gives itself back.
#[track_caller]
fn valid<'a>(s: &'a str, profiles: &[Profile]) -> IriRef<&'a str> {
    for &p in profiles {
        let r = IriRef::parse_with(s, p).unwrap_or_else(|e| panic!("{s:?} under {p:?}: {e}"));
        assert_eq!(r.to_string(), s);
    }
    IriRef::parse_with(s, profiles[0]).unwrap()
}

/// Assert the error `(code, offset, len)` of `s` as an `IRI-reference` under each of `profiles`.
#[track_caller]
fn invalid(s: &str, profiles: &[Profile], want: (&str, usize, usize)) {
    for &p in profiles {
        assert_eq!(
            outcome(s, Rule::IriReference, p),
            Some(want),
            "{s:?} under {p:?}"
        );
    }
}

/// The five components as `[scheme, authority, path, query, fragment]`.
type Five<'a> = [Option<&'a str>; 5];

fn five<'a>(r: &'a IriRef<&str>) -> Five<'a> {
    [
        r.scheme(),
        r.authority(),
        Some(r.path()),
        r.query(),
        r.fragment(),
    ]
}

// ---- RFC 3986 -------------------------------------------------------------------------------

/// RFC 3986 §1.1.2: "Each of the following example URIs…", with the host kinds they show.
#[test]
fn rfc3986_1_1_2_examples() {
    let cases: [(&str, Five, Option<Host>); 8] = [
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            [
                Some("ftp"),
                Some("ftp.is.co.za"),
                Some("/rfc/rfc1808.txt"),
                None,
                None,
            ],
            Some(Host::RegName("ftp.is.co.za")),
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            [
                Some("http"),
                Some("www.ietf.org"),
                Some("/rfc/rfc2396.txt"),
                None,
                None,
            ],
            Some(Host::RegName("www.ietf.org")),
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            [
                Some("ldap"),
                Some("[2001:db8::7]"),
                Some("/c=GB"),
                Some("objectClass?one"),
                None,
            ],
            Some(Host::Ipv6("2001:db8::7")),
        ),
        (
            "mailto:John.Doe@example.com",
            [
                Some("mailto"),
                None,
                Some("John.Doe@example.com"),
                None,
                None,
            ],
            None,
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            [
                Some("news"),
                None,
                Some("comp.infosystems.www.servers.unix"),
                None,
                None,
            ],
            None,
        ),
        (
            "tel:+1-816-555-1212",
            [Some("tel"), None, Some("+1-816-555-1212"), None, None],
            None,
        ),
        (
            "telnet://192.0.2.16:80/",
            [Some("telnet"), Some("192.0.2.16:80"), Some("/"), None, None],
            Some(Host::Ipv4("192.0.2.16")),
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            [
                Some("urn"),
                None,
                Some("oasis:names:specification:docbook:dtd:xml:4.1.2"),
                None,
                None,
            ],
            None,
        ),
    ];
    for (s, parts, host) in cases {
        for p in ALL {
            let iri = Iri::parse_absolute(s, p).unwrap_or_else(|e| panic!("{s:?} {p:?}: {e}"));
            assert_eq!(five(&iri), parts, "{s}");
            assert_eq!(iri.host(), host, "{s}");
        }
    }
    let telnet = IriRef::parse("telnet://192.0.2.16:80/").unwrap();
    assert_eq!((telnet.port(), telnet.port_u16()), (Some("80"), Some(80)));
    assert_eq!(
        telnet.host().unwrap().ipv4(),
        Some(std::net::Ipv4Addr::new(192, 0, 2, 16))
    );
}

/// RFC 3986 §3: "The following are two example URIs and their component parts".
#[test]
fn rfc3986_3_component_examples() {
    let foo = valid("foo://example.com:8042/over/there?name=ferret#nose", &ALL);
    assert_eq!(
        five(&foo),
        [
            Some("foo"),
            Some("example.com:8042"),
            Some("/over/there"),
            Some("name=ferret"),
            Some("nose")
        ]
    );
    assert_eq!(foo.host(), Some(Host::RegName("example.com")));
    assert_eq!((foo.userinfo(), foo.port()), (None, Some("8042")));
    assert_eq!(foo.segments().collect::<Vec<_>>(), ["over", "there"]);
    let urn = valid("urn:example:animal:ferret:nose", &ALL);
    assert_eq!(
        five(&urn),
        [
            Some("urn"),
            None,
            Some("example:animal:ferret:nose"),
            None,
            None
        ]
    );
    assert_eq!(
        urn.segments().collect::<Vec<_>>(),
        ["example:animal:ferret:nose"]
    );
}

/// RFC 3986 §3.3: "the URI <mailto:fred@example.com> has a path of "fred@example.com", whereas
/// the URI <foo://info.example.com?fred> has an empty path."
#[test]
fn rfc3986_3_3_path_examples() {
    let mailto = valid("mailto:fred@example.com", &ALL);
    assert_eq!(
        (mailto.authority(), mailto.path()),
        (None, "fred@example.com")
    );
    let foo = valid("foo://info.example.com?fred", &ALL);
    assert_eq!(
        (foo.authority(), foo.path(), foo.query()),
        (Some("info.example.com"), "", Some("fred"))
    );
    assert_eq!(foo.segments().count(), 0);
    // §3.3: "the URIs "scheme:." and "scheme:.."" are valid (rootless dot segments).
    for s in ["scheme:.", "scheme:.."] {
        assert_eq!(valid(s, &ALL).path(), &s[7..]);
    }
}

/// RFC 3986 §4.2: "A path segment that contains a colon character (e.g., "this:that") cannot be
/// used as the first segment of a relative-path reference, as it would be mistaken for a scheme
/// name. Such a segment must be preceded by a dot-segment (e.g., "./this:that")".
#[test]
fn rfc3986_4_2_ipath_noscheme() {
    // As an IRI reference, "this:that" IS an IRI (first match wins): scheme "this".
    assert_eq!(valid("this:that", &ALL).scheme(), Some("this"));
    for p in ALL {
        assert_eq!(
            outcome("this:that", Rule::RelativeRef, p),
            Some(("unexpected-scheme", 0, 5))
        );
    }
    let r = valid("./this:that", &ALL);
    assert_eq!((r.scheme(), r.path()), (None, "./this:that"));
    // A colon after the first segment, in the query or in the fragment is fine.
    for s in ["a/b:c", "?a:b", "#a:b", "/a:b", "//h/a:b", "a@b/c:d"] {
        assert!(IriRef::parse_relative(s, Profile::IriBis).is_ok(), "{s}");
    }
    // A first segment with a colon that cannot be a scheme.
    invalid("1a:b", &ALL, ("bad-scheme", 0, 2));
    invalid("a%20:foo", &ALL, ("colon-in-first-segment", 4, 1));
    invalid("@:x", &ALL, ("colon-in-first-segment", 1, 1));
    invalid(":a/b", &ALL, ("colon-in-first-segment", 0, 1));
    invalid("é:x", &IRI_PROFILES, ("colon-in-first-segment", 2, 1));
    invalid("é:x", &[Profile::Rfc3986Uri], ("non-ascii", 0, 2));
}

/// RFC 3986 §5.4.1 and §5.4.2: every reference of the resolution examples is a valid
/// `relative-ref`, except "g:h" and "http:g", which are URIs.
#[test]
fn rfc3986_5_4_references() {
    valid("http://a/b/c/d;p?q", &ALL);
    let refs = [
        "g",
        "./g",
        "g/",
        "/g",
        "//g",
        "?y",
        "g?y",
        "#s",
        "g#s",
        "g?y#s",
        ";x",
        "g;x",
        "g;x?y#s",
        "",
        ".",
        "./",
        "..",
        "../",
        "../g",
        "../..",
        "../../",
        "../../g",
        "../../../g",
        "../../../../g",
        "/./g",
        "/../g",
        "g.",
        ".g",
        "g..",
        "..g",
        "./../g",
        "./g/.",
        "g/./h",
        "g/../h",
        "g;x=1/./y",
        "g;x=1/../y",
        "g?y/./x",
        "g?y/../x",
        "g#s/./x",
        "g#s/../x",
    ];
    for s in refs {
        for p in ALL {
            let r = IriRef::parse_relative(s, p).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            assert!(!r.is_absolute());
            assert_eq!(r.as_str(), s);
        }
    }
    let g = valid("//g", &ALL);
    assert_eq!((g.host(), g.path()), (Some(Host::RegName("g")), ""));
    for s in ["g:h", "http:g"] {
        let iri = Iri::parse(s).unwrap();
        assert_eq!(iri.path(), &s[s.find(':').unwrap() + 1..]);
    }
}

/// RFC 3986 §6.2.2 and §6.2.3 examples: all valid; the normalizer compares them, the parser
/// keeps them exactly as written (an empty port is present and empty).
#[test]
fn rfc3986_6_2_examples() {
    for s in [
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/",
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
        "mailto:Joe@Example.COM",
        "mailto:Joe@example.com",
        "http://example.com/data",
        "http://example.com/data/",
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    ] {
        valid(s, &ALL);
    }
    let empty_port = IriRef::parse("http://example.com:/").unwrap();
    assert_eq!((empty_port.port(), empty_port.port_u16()), (Some(""), None));
    assert_eq!(IriRef::parse("http://example.com").unwrap().path(), "");
    assert_eq!(
        IriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
            .unwrap()
            .scheme(),
        Some("eXAMPLE")
    );
}

/// RFC 3986 §7.6: "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm" — the
/// semantic attack: the "host" a reader sees is userinfo; the host is an IPv4 address.
#[test]
fn rfc3986_7_6_userinfo_attack() {
    let r = valid(
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        &ALL,
    );
    assert_eq!(r.userinfo(), Some("cnn.example.com&story=breaking_news"));
    assert_eq!(r.host(), Some(Host::Ipv4("10.0.0.1")));
}

/// RFC 3986 Appendix B: the regular expression's subexpressions for
/// "http://www.ics.uci.edu/pub/ietf/uri/#Related" ($6/$7 undefined: no query).
#[test]
fn rfc3986_appendix_b() {
    let r = valid("http://www.ics.uci.edu/pub/ietf/uri/#Related", &ALL);
    assert_eq!(
        five(&r),
        [
            Some("http"),
            Some("www.ics.uci.edu"),
            Some("/pub/ietf/uri/"),
            None,
            Some("Related")
        ]
    );
    assert_eq!(r.without_fragment(), "http://www.ics.uci.edu/pub/ietf/uri/");
    // Appendix C's delimited examples.
    for s in [
        "http://www.w3.org/Addressing/",
        "ftp://foo.example.com/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ] {
        valid(s, &ALL);
    }
    // §1.2.3 / §3.2.2 in the text: "http://localhost/", "file:///etc/hosts".
    let file = valid("file:///etc/hosts", &ALL);
    assert_eq!(
        (file.host(), file.path()),
        (Some(Host::RegName("")), "/etc/hosts")
    );
}

// ---- RFC 3987 and draft-duerst-iri-bis-07 (non-ASCII examples as in RFC 3987) ---------------------

/// IRIs of RFC 3987 §3.1, §3.2, §5.3, §6.4 and the draft's §3.4, §3.7.1, §12: valid IRIs under both
/// IRI profiles; not URIs (RFC 3986 stops at the first non-ASCII character).
#[test]
fn rfc3987_and_draft_iri_examples() {
    let cases: [(&str, usize); 11] = [
        ("http://résumé.example.org", 8),
        ("http://www.example.org/red%09rosé#red", 32),
        ("http://example.com/𐌀𐌁𐌂", 19),
        ("http://www.example.org/Dürst", 24),
        ("http://納豆.example.org/%E2%80%AE", 7),
        ("http://www.example.org/résumé.html", 24),
        ("http://www.example.org/re\u{301}sume\u{301}.html", 25),
        ("http://www.example.org/r%E9sum%E9.xml#résumé", 39),
        (
            "http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org",
            48,
        ),
        ("http://example.org/rosé", 22),
        ("http://example.org/ros\u{e9}", 22),
    ];
    for (s, first_non_ascii) in cases {
        let iri = valid(s, &IRI_PROFILES);
        assert!(iri.is_absolute());
        assert_eq!(
            outcome(s, Rule::Iri, Profile::Rfc3986Uri).map(|(c, o, _)| (c, o)),
            Some(("non-ascii", first_non_ascii)),
            "{s}"
        );
    }
    assert_eq!(
        IriRef::parse("http://納豆.example.org/%E2%80%AE")
            .unwrap()
            .host(),
        Some(Host::RegName("納豆.example.org"))
    );
    // Their URI forms are valid under all three profiles.
    for s in [
        "http://xn--rsum-bpad.example.org",
        "http://www.example.org/red%09ros%C3%A9#red",
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
        "http://www.example.org/D%C3%BCrst",
        "http://www.example.org/D%FCrst",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://www.example.org/r%C3%A9sum%C3%A9.html",
        "http://www.example.org/r%E9sum%E9.html",
        "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9",
        "http://example.org/~user",
        "http://example.org/%7euser",
        "http://example.org/%7Euser",
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org",
    ] {
        valid(s, &ALL);
    }
}

/// A percent-encoded `ireg-name`. The draft's §2.2 writes `ireg-name = *( iunreserved /
/// sub-delims )` without `pct-form`, but its §3.7 says "every URI is already an IRI in its own
/// right" and §2.1 "The syntax and use of components and reserved characters is the same as
/// that in [RFC3986]": RFC 3986's `reg-name` has `pct-encoded`, so every profile accepts it (the
/// draft's §3.4 only forbids *producing* it when mapping an IRI to a URI).
#[test]
fn percent_encoded_reg_name_is_accepted() {
    let r = valid("http://r%C3%A9sum%C3%A9.example.org", &ALL);
    assert_eq!(
        r.host(),
        Some(Host::RegName("r%C3%A9sum%C3%A9.example.org"))
    );
}

/// RFC 3987 §4.4: the logical representations of the bidi examples (uppercase standing for RTL
/// letters) are syntactically valid, also with real Hebrew letters; examples 8 and 9 are "not
/// allowed" by §4.2's SHOULD-level component rules, which are warnings, not grammar.
#[test]
fn rfc3987_4_4_bidi_examples_are_grammatical() {
    for s in [
        "http://ab.CDEFGH.ij/kl/mn/op.html",
        "http://ab.CDE.FGH/ij/kl/mn/op.html",
        "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
        "http://AB.CD.ef/gh/IJ/KL.html",
        "http://ab.cd.EF/GH/ij/kl.html",
        "http://ab.CD.EF/GH/IJ/kl.html",
        "http://ab.CDE123FGH.ij/kl/mn/op.html",
        "http://ab.cd.ef/GH1/2IJ/KL.html",
        "http://ab.cd.ef/GH%31/%32IJ/KL.html",
        "http://ab.CDEFGH.123/kl/mn/op.html",
        "http://ab.גדהוזח.ij/kl/mn/op.html",
    ] {
        valid(s, &ALL[..if s.is_ascii() { 3 } else { 2 }]);
    }
}

// ---- Characters: ucschar, iprivate, bidi formatting, tags, '#' -----------------------------------

/// §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO,
/// RLO, and PDF)" — in any component (RFC 3987 §4.1 says the same).
#[test]
fn bidi_formatting_characters_are_rejected_everywhere() {
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ] {
        for (template, at) in [
            ("http://a/x{}y", 10),
            ("http://a/?x{}y", 11),
            ("http://a/#x{}y", 11),
            ("http://x{}y/", 8),
            ("http://x{}y@a/", 8),
            ("x{}y", 1),
        ] {
            let s = template.replace("{}", c.encode_utf8(&mut [0; 4]));
            invalid(&s, &IRI_PROFILES, ("bidi-format-char", at, 3));
            invalid(&s, &[Profile::Rfc3986Uri], ("non-ascii", at, 3));
            let e = IriRef::parse(s.as_str()).unwrap_err();
            assert!(
                e.to_string().contains(&format!("U+{:04X}", c as u32)),
                "{e}"
            );
        }
    }
    // Their neighbours are ordinary ucschar.
    for c in ['\u{200D}', '\u{2010}', '\u{2029}', '\u{202F}', '\u{2066}'] {
        valid(&format!("http://a/{c}"), &IRI_PROFILES);
    }
}

/// `iprivate` "can occur only in query parts" (§2.2): each range's first and last character.
#[test]
fn private_use_only_in_the_query() {
    for c in [
        '\u{E000}',
        '\u{F8FF}',
        '\u{F0000}',
        '\u{FFFFD}',
        '\u{100000}',
        '\u{10FFFD}',
    ] {
        let n = c.len_utf8();
        valid(&format!("http://a/?{c}"), &IRI_PROFILES);
        valid(&format!("?q{c}#f"), &IRI_PROFILES);
        for (s, at) in [
            (format!("http://a/{c}"), 9),
            (format!("http://a/#{c}"), 10),
            (format!("http://{c}/"), 7),
            (format!("http://{c}@a/"), 7),
            (format!("{c}"), 0),
            (format!("s:{c}"), 2),
        ] {
            invalid(&s, &IRI_PROFILES, ("private-use-outside-query", at, n));
            invalid(&s, &[Profile::Rfc3986Uri], ("non-ascii", at, n));
        }
    }
}

/// Tags U+E0000–E0FFF: `iprivate` in the seed draft (allowed in the query only), neither
/// `ucschar` nor `iprivate` in RFC 3987 (never allowed).
#[test]
fn tag_characters_by_profile() {
    for c in ['\u{E0000}', '\u{E0001}', '\u{E007F}', '\u{E0FFF}'] {
        let query = format!("http://a/?{c}");
        assert_eq!(outcome(&query, Rule::IriReference, Profile::IriBis), None);
        invalid(&query, &[Profile::Rfc3987], ("invalid-char", 10, 4));
        invalid(&query, &[Profile::Rfc3986Uri], ("non-ascii", 10, 4));
        let path = format!("http://a/{c}");
        invalid(
            &path,
            &[Profile::IriBis],
            ("private-use-outside-query", 9, 4),
        );
        invalid(&path, &[Profile::Rfc3987], ("invalid-char", 9, 4));
    }
    // U+E1000 starts ucschar again.
    valid("http://a/\u{E1000}", &IRI_PROFILES);
}

/// `ifragment` in the seed draft allows '#'; RFC 3987 §2.2 and RFC 3986 §3.5 do not.
#[test]
fn hash_in_fragment_by_profile() {
    for (s, second_hash) in [("a#b#c", 3), ("##", 1), ("http://a/#x#", 11), ("#?/#:@", 3)] {
        let r = IriRef::parse_with(s, Profile::IriBis).unwrap();
        assert_eq!(r.fragment(), Some(&s[s.find('#').unwrap() + 1..]));
        invalid(
            s,
            &[Profile::Rfc3987, Profile::Rfc3986Uri],
            ("invalid-char", second_hash, 1),
        );
    }
}

/// `ucschar`'s ranges (§2.2): non-characters, specials and surrogate-adjacent code points.
#[test]
fn ucschar_boundaries_in_context() {
    for c in [
        '\u{A0}',
        '\u{D7FF}',
        '\u{F900}',
        '\u{FDCF}',
        '\u{FDF0}',
        '\u{FFEF}',
        '\u{10000}',
        '\u{1FFFD}',
        '\u{EFFFD}',
    ] {
        valid(&format!("/{c}"), &IRI_PROFILES);
    }
    for c in [
        '\u{80}',
        '\u{9F}',
        '\u{FDD0}',
        '\u{FDEF}',
        '\u{FFF0}',
        '\u{FFFD}',
        '\u{FFFE}',
        '\u{FFFF}',
        '\u{1FFFE}',
        '\u{10FFFF}',
    ] {
        let s = format!("/{c}");
        invalid(&s, &IRI_PROFILES, ("invalid-char", 1, c.len_utf8()));
        // Not even in the query: they are not iprivate either.
        invalid(
            &format!("?{c}"),
            &IRI_PROFILES,
            ("invalid-char", 1, c.len_utf8()),
        );
    }
}

/// ASCII characters that no production allows: controls, space, `"<>\^`{|}`, and `[`/`]` outside
/// an IP literal, `%` without two hex digits.
#[test]
fn ascii_characters_outside_the_grammar() {
    for c in (0u8..0x20).chain([0x7F]).chain(*b" \"<>\\^`{|}[]") {
        let ch = c as char;
        for (s, at) in [
            (format!("http://a/{ch}"), 9),
            (format!("http://a/?{ch}"), 10),
            (format!("http://a/#{ch}"), 10),
            (format!("a{ch}"), 1),
        ] {
            invalid(&s, &ALL, ("invalid-char", at, 1));
        }
    }
    assert_eq!(
        IriRef::parse("http://exa mple.org/")
            .unwrap_err()
            .hint()
            .as_deref(),
        Some("percent-encode the space as %20")
    );
}

// ---- Errors: every kind with its code, offset and length ---------------------------------------

/// The examples of issue 2 and one case for each error kind of the IRI grammar.
#[test]
fn every_error_kind_with_offset() {
    let cases: &[(&str, Rule, (&str, usize, usize))] = &[
        (
            "http://exa mple.org/",
            Rule::IriReference,
            ("invalid-char", 10, 1),
        ),
        ("http://[::1", Rule::IriReference, ("bad-ipv6", 7, 4)),
        ("%GZ", Rule::IriReference, ("bad-percent", 0, 3)),
        ("a%", Rule::IriReference, ("bad-percent", 1, 1)),
        ("a%4", Rule::IriReference, ("bad-percent", 1, 2)),
        ("%é", Rule::IriReference, ("bad-percent", 0, 1)),
        ("http://a/%zz", Rule::IriReference, ("bad-percent", 9, 3)),
        ("http://u%2@a/", Rule::IriReference, ("bad-percent", 8, 3)),
        ("", Rule::Iri, ("empty", 0, 0)),
        ("", Rule::AbsoluteIri, ("empty", 0, 0)),
        ("//a/b", Rule::Iri, ("missing-scheme", 0, 0)),
        ("foo", Rule::Iri, ("missing-scheme", 0, 0)),
        ("1http://a/", Rule::IriReference, ("bad-scheme", 0, 5)),
        ("1http://a/", Rule::Iri, ("bad-scheme", 0, 5)),
        ("ht_tp://a/", Rule::Iri, ("invalid-char", 2, 1)),
        (
            "ht_tp://a/",
            Rule::IriReference,
            ("colon-in-first-segment", 5, 1),
        ),
        ("a:b", Rule::RelativeRef, ("unexpected-scheme", 0, 2)),
        (
            "http://a/#f",
            Rule::AbsoluteIri,
            ("unexpected-fragment", 9, 2),
        ),
        ("http://a:8a/", Rule::IriReference, ("bad-port", 10, 1)),
        ("http://a:-1/", Rule::IriReference, ("bad-port", 9, 1)),
        ("http://a:1:2/", Rule::IriReference, ("bad-port", 10, 1)),
        ("http://a:é/", Rule::IriReference, ("bad-port", 9, 2)),
        ("http://[v1]/", Rule::IriReference, ("bad-ipvfuture", 7, 4)),
        ("http://[v1.x/", Rule::IriReference, ("bad-ipvfuture", 7, 5)),
        (
            "http://[::1]x/",
            Rule::IriReference,
            ("invalid-char", 12, 1),
        ),
        ("http://a@b@c/", Rule::IriReference, ("invalid-char", 10, 1)),
        ("http://a]/", Rule::IriReference, ("invalid-char", 8, 1)),
        (
            "http://[::1]@a/",
            Rule::IriReference,
            ("invalid-char", 12, 1),
        ),
        (
            "http://a/\u{E000}",
            Rule::IriReference,
            ("private-use-outside-query", 9, 3),
        ),
        (
            "http://a/\u{200F}",
            Rule::IriReference,
            ("bidi-format-char", 9, 3),
        ),
    ];
    for &(s, rule, want) in cases {
        assert_eq!(
            outcome(s, rule, Profile::IriBis),
            Some(want),
            "{s:?} as {rule:?}"
        );
        let e = IriRef::parse_rule(s, rule, Profile::IriBis).unwrap_err();
        assert!(
            !e.to_string().is_empty()
                && e.to_string().ends_with(&format!("(at byte {})", e.offset))
        );
    }
    assert_eq!(
        outcome("http://é/", Rule::IriReference, Profile::Rfc3986Uri),
        Some(("non-ascii", 7, 2))
    );
    // The whole-input start rules: `Iri` keeps the fragment, `AbsoluteIri` refuses it.
    assert!(Iri::parse("http://a/#f").is_ok());
}

// ---- Hosts: IPv4 by dec-octet, all nine IPv6 forms, IPvFuture -----------------------------------

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`; anything else made of
/// digits and dots is a `reg-name` (RFC 3986 §3.2.2: "first-match-wins").
#[test]
fn ipv4_by_dec_octet_else_reg_name() {
    for (s, kind) in [
        ("http://256.1.1.1/", HostKind::RegName),
        ("http://255.255.255.255/", HostKind::Ipv4),
        ("http://0.0.0.0/", HostKind::Ipv4),
        ("http://1.1.1/", HostKind::RegName),
        ("http://01.1.1.1/", HostKind::RegName),
        ("http://1.1.1.1./", HostKind::RegName),
        ("http://1.1.1.1.1/", HostKind::RegName),
        ("//127.0.0.001", HostKind::RegName),
        ("//127.1", HostKind::RegName),
        ("http://0x7f.1.1.1/", HostKind::RegName),
        ("http://192.0.2.16:80/", HostKind::Ipv4),
    ] {
        let r = valid(s, &ALL);
        assert_eq!(r.host().unwrap().kind(), kind, "{s}");
    }
    assert_eq!(
        IriRef::parse("http://256.1.1.1/").unwrap().host(),
        Some(Host::RegName("256.1.1.1"))
    );
}

/// RFC 3986 §3.2.2's nine `IPv6address` forms, each at its longest and shortest, plus the
/// errors: the error is reported at the `[` and covers the literal.
#[test]
fn ipv6_nine_forms_and_ipvfuture() {
    for addr in [
        "1:2:3:4:5:6:7:8",     // 6( h16 ":" ) ls32
        "1:2:3:4:5:6:1.2.3.4", // 6( h16 ":" ) ls32 (IPv4)
        "::2:3:4:5:6:7:8",     // "::" 5( h16 ":" ) ls32
        "1::3:4:5:6:7:8",      // [ h16 ] "::" 4( h16 ":" ) ls32
        "::3:4:5:6:7:8",
        "1:2::4:5:6:7:8", // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "::4:5:6:7:8",
        "1:2:3::5:6:7:8", // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "::5:6:7:8",
        "1:2:3:4::6:7:8", // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "::6:7:8",
        "1:2:3:4:5::7:8", // [ *4( h16 ":" ) h16 ] "::" ls32
        "::7:8",
        "::1.2.3.4",
        "1:2:3:4:5:6::8", // [ *5( h16 ":" ) h16 ] "::" h16
        "::8",
        "1:2:3:4:5:6:7::", // [ *6( h16 ":" ) h16 ] "::"
        "::",
        "2001:DB8::7",
        "::ffff:192.0.2.128",
    ] {
        let s = format!("http://[{addr}]:8/p");
        let r = valid(&s, &ALL);
        assert_eq!(r.host(), Some(Host::Ipv6(addr)), "{s}");
        assert_eq!(r.host_str().map(str::len), Some(addr.len() + 2));
        assert_eq!(r.host().unwrap().ipv6(), addr.parse().ok());
        assert_eq!(r.port(), Some("8"));
    }
    for addr in [
        "",
        ":",
        "1",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1::2::3",
        "12345::",
        ":1::",
        "1:2:",
        "::1.2.3",
        "::1.2.3.4:5",
        "::256.1.1.1",
        "::01.1.1.1",
        "1:2:3:4:5:6:7:1.2.3.4",
        "fe80::1%25eth0",
        "g::",
        "::1 ",
    ] {
        let s = format!("http://[{addr}]/");
        invalid(&s, &ALL, ("bad-ipv6", 7, addr.len() + 2));
    }
    // "This syntax does not support IPv6 scoped addressing zone identifiers." (draft §2.2)
    let e = IriRef::parse("http://[fe80::1%25eth0]/").unwrap_err();
    assert!(e.to_string().contains("zone"), "{e}");

    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ); "v" case-insensitive.
    for lit in ["v1.x", "V1.x", "vF.a:b!$&'()*+,;=-._~", "v7.fe:80"] {
        let s = format!("http://[{lit}]/");
        assert_eq!(valid(&s, &ALL).host(), Some(Host::IpvFuture(lit)));
    }
    for lit in ["v", "v1", "v1.", "v.x", "vg.x", "v1.x/", "v1.%20", "v1.é"] {
        let s = format!("http://[{lit}]");
        let want_len = if lit.contains('/') {
            lit.len()
        } else {
            lit.len() + 2
        };
        invalid(&s, &[Profile::IriBis], ("bad-ipvfuture", 7, want_len));
    }
}

/// `port = *DIGIT`: any number of digits, including none and more than 65535.
#[test]
fn port_is_any_digits() {
    for (s, port) in [
        ("http://a:/", ""),
        ("http://a:0/", "0"),
        ("http://a:0000099999/", "0000099999"),
        ("//:999999999", "999999999"),
        ("http://[::1]:/", ""),
        ("http://u:p@a:80?q", "80"),
        ("http://a:80#f", "80"),
    ] {
        let r = valid(s, &ALL);
        assert_eq!(r.port(), Some(port), "{s}");
    }
    assert_eq!(IriRef::parse("http://a:70000/").unwrap().port_u16(), None);
    assert_eq!(IriRef::parse("http://a/").unwrap().port(), None);
}

// ---- Paths, empty components, first-match-wins -----------------------------------------------

/// The path rules: `ipath-abempty` after an authority, `ipath-absolute`, `ipath-rootless`,
/// `ipath-noscheme`, `ipath-empty`, and the absent versus empty components.
#[test]
fn paths_and_empty_components() {
    let cases: [(&str, [Option<&str>; 5]); 14] = [
        ("a:", [Some("a"), None, Some(""), None, None]),
        ("a:?", [Some("a"), None, Some(""), Some(""), None]),
        ("a:#", [Some("a"), None, Some(""), None, Some("")]),
        ("a://", [Some("a"), Some(""), Some(""), None, None]),
        ("a:////", [Some("a"), Some(""), Some("//"), None, None]),
        ("a:/.//", [Some("a"), None, Some("/.//"), None, None]),
        ("a:b/c", [Some("a"), None, Some("b/c"), None, None]),
        ("A+1-.b:x", [Some("A+1-.b"), None, Some("x"), None, None]),
        ("", [None, None, Some(""), None, None]),
        ("?", [None, None, Some(""), Some(""), None]),
        ("#", [None, None, Some(""), None, Some("")]),
        ("//", [None, Some(""), Some(""), None, None]),
        ("/a//b", [None, None, Some("/a//b"), None, None]),
        (
            "?a?b/#c?d/",
            [None, None, Some(""), Some("a?b/"), Some("c?d/")],
        ),
    ];
    for (s, parts) in cases {
        let r = valid(s, &ALL);
        assert_eq!(five(&r), parts, "{s}");
    }
    // An authority ends at the first '/', '?' or '#'.
    let r = valid("http://u:p@h:1?q/#f", &ALL);
    assert_eq!(
        (
            r.userinfo(),
            r.host_str(),
            r.port(),
            r.path(),
            r.query(),
            r.fragment()
        ),
        (Some("u:p"), Some("h"), Some("1"), "", Some("q/"), Some("f"))
    );
    // userinfo may hold ':' and sub-delims and pct-encoded and ucschar; the host may be empty.
    let r = valid("s://ü:!$&'()*+,;=%41@", &IRI_PROFILES);
    assert_eq!(
        (r.userinfo(), r.host()),
        (Some("ü:!$&'()*+,;=%41"), Some(Host::RegName("")))
    );
}

/// Each profile's answer where they differ, side by side: `None` = valid, else the error code.
#[test]
fn profiles_side_by_side() {
    let table: [(&str, [Option<&str>; 3]); 7] = [
        ("a#b#c", [None, Some("invalid-char"), Some("invalid-char")]),
        (
            "?\u{E0001}",
            [None, Some("invalid-char"), Some("non-ascii")],
        ),
        (
            "/\u{E0001}",
            [
                Some("private-use-outside-query"),
                Some("invalid-char"),
                Some("non-ascii"),
            ],
        ),
        ("?\u{E000}", [None, None, Some("non-ascii")]),
        ("/résumé", [None, None, Some("non-ascii")]),
        (
            "/\u{202E}",
            [
                Some("bidi-format-char"),
                Some("bidi-format-char"),
                Some("non-ascii"),
            ],
        ),
        ("/%E2%80%AE", [None, None, None]),
    ];
    for (s, want) in table {
        let got = ALL.map(|p| IriRef::parse_with(s, p).err().map(|e| e.code()));
        assert_eq!(got, want, "{s:?} under [bis, rfc3987, rfc3986]");
    }
    assert_eq!(Profile::default(), Profile::IriBis);
    for p in ALL {
        assert_eq!(p.name().parse::<Profile>(), Ok(p));
    }
    assert!("rfc2396".parse::<Profile>().is_err());
}
