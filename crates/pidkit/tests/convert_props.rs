//! Properties of the conversions (draft-duerst-iri-bis-07 §3.3, §3.7) on generated input.

mod common;

use pidkit::{DisplayForm, Idna, IriRef, Lenient, ToIri, ToUri};
use proptest::prelude::*;

/// Text of a URI component: ASCII allowed in it, and `%XX` of arbitrary octets and of the
/// UTF-8 of arbitrary characters (valid, invalid, bidi controls, private use …), in either case.
fn pct_text(extra: &'static str) -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => "[a-zA-Z0-9._~!$&'()*+,;=-]".prop_map(|s| s),
        1 => proptest::sample::select(extra.chars().collect::<Vec<_>>()).prop_map(String::from),
        2 => any::<u8>().prop_map(|b| format!("%{b:02x}")),
        1 => any::<u8>().prop_map(|b| format!("%{b:02X}")),
        3 => any::<char>().prop_map(|c| {
            let mut buf = [0; 4];
            c.encode_utf8(&mut buf).bytes().map(|b| format!("%{b:02X}")).collect()
        }),
        1 => proptest::sample::select(vec![
            "%E2%80%AE", "%C0%AF", "%ED%A0%80", "%EF%BF%BE", "%EE%80%80", "%F3%A0%80%81",
            "%e2%80%8b", "%C2%A0", "%D7%90", "%CE%B1", "%F0%9F%8D%A3", "%E2%82",
        ])
        .prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("example.org".to_owned()),
        Just("xn--99zt52a.example.org".to_owned()),
        Just("xn--rsum-bpad.xn--tda".to_owned()),
        Just("xn--andr--ep-.org".to_owned()),
        Just("XN--99ZT52A.org".to_owned()),
        Just("127.0.0.1".to_owned()),
        Just("[::1]".to_owned()),
        pct_text("-"),
    ]
}

/// Generated URI references (ASCII, valid RFC 3986).
fn uri() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("http:"), Just("foo:"), Just("HTTPS:"), Just("")],
        proptest::option::of((
            proptest::option::of(pct_text(":")),
            host(),
            proptest::option::of("[0-9]{0,4}"),
        )),
        proptest::collection::vec(pct_text(":@"), 0..4),
        proptest::option::of(pct_text(":@/?")),
        proptest::option::of(pct_text(":@/?")),
    )
        .prop_map(|(scheme, auth, segs, query, frag)| {
            let mut s = scheme.to_owned();
            if let Some((user, host, port)) = &auth {
                s.push_str("//");
                if let Some(u) = user {
                    s.push_str(u);
                    s.push('@');
                }
                s.push_str(host);
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(p);
                }
            }
            for seg in &segs {
                s.push('/');
                s.push_str(seg);
            }
            if auth.is_none() && segs.is_empty() && scheme.is_empty() {
                s.push('x');
            }
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = frag {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
        .prop_filter("a valid URI reference", |s| {
            IriRef::parse_with(s.as_str(), pidkit::Profile::Rfc3986Uri).is_ok()
        })
}

/// Positions computed during a rewrite are those a fresh parse finds.
fn same_components(built: &IriRef<std::borrow::Cow<'_, str>>) {
    let parsed = IriRef::parse(built.as_str()).unwrap_or_else(|e| panic!("{built}: {e}"));
    assert_eq!(built.scheme(), parsed.scheme());
    assert_eq!(built.userinfo(), parsed.userinfo());
    assert_eq!(built.host(), parsed.host());
    assert_eq!(built.port(), parsed.port());
    assert_eq!(built.path(), parsed.path());
    assert_eq!(built.query(), parsed.query());
    assert_eq!(built.fragment(), parsed.fragment());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// §3.7: the IRI maps back to the URI, up to hex case and unreserved decoding; with
    /// step 6 as well; and the IRI is a valid IRI whose components we computed right.
    #[test]
    fn uri_to_iri_round_trips(u in uri(), step6 in any::<bool>(), any_authority in any::<bool>()) {
        let idna = if any_authority { Idna::AnyAuthority } else { Idna::DnsSchemes };
        let r = IriRef::parse(u.as_str()).unwrap();
        let iri = ToIri::new().idna(idna).unicode_hosts(step6).convert(&r);
        same_components(&iri);
        let back = ToUri::new().idna(idna).convert(&iri).unwrap();
        prop_assert_eq!(common::canon(back.as_str()), common::canon(&u), "via {}", iri);
        // Idempotent: converting the IRI again changes nothing.
        let again = ToIri::new().idna(idna).unicode_hosts(step6).convert(&iri);
        prop_assert_eq!(again.as_str(), iri.as_str());
    }

    /// §3.3: the mapping is the identity on URIs, and idempotent on IRIs.
    #[test]
    fn iri_to_uri_is_idempotent(u in uri()) {
        let r = IriRef::parse(u.as_str()).unwrap();
        let same = r.to_uri().unwrap();
        prop_assert_eq!(same.as_str(), u.as_str());
        let iri = ToIri::new().unicode_hosts(true).convert(&r);
        if let Ok(once) = iri.to_uri() {
            same_components(&once);
            prop_assert!(once.as_str().is_ascii());
            let twice = IriRef::parse(once.as_str()).unwrap();
            let thrice = twice.to_uri().unwrap();
            prop_assert_eq!(thrice.as_str(), once.as_str());
        }
    }

    /// Arbitrary text: the lenient mappings, the parser, the conversions, the checks and the
    /// display form never panic, and LEIRI output that parses is an IRI reference.
    #[test]
    fn nothing_panics(s in "\\PC{0,40}|[\\x00-\\x7F\u{80}-\u{10FFFF}]{0,20}") {
        for mode in [Lenient::Leiri, Lenient::WebAddress] {
            if let Ok(r) = mode.parse(&s) {
                let _ = pidkit::iri::warnings(&r);
                let _ = DisplayForm::new().render(&r);
                let _ = DisplayForm::new().ascii_only(true).render(&r);
                if let Ok(u) = r.to_uri() {
                    prop_assert!(u.as_str().is_ascii());
                    let _ = u.to_iri();
                }
            } else if let Err(e) = mode.parse(&s) {
                prop_assert!(e.offset <= s.len() && e.offset + e.len <= s.len(), "{e:?} in {s:?}");
                prop_assert!(s.is_char_boundary(e.offset));
            }
        }
        if let Ok(r) = IriRef::parse(s.as_str()) {
            let _ = pidkit::iri::warnings(&r);
            let _ = r.to_uri();
            let _ = r.to_iri();
        }
        let _ = pidkit::host_to_ascii(&s);
        let _ = pidkit::host_to_unicode(&s);
    }
}
