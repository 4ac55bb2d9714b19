//! URNs: every example of RFC 2141 §6 (errata) and RFC 8141 §2–§5, the syntax differences
//! between the two RFCs, namespace rules, NID classes against the IANA snapshot, properties.

mod common;

use pidkit::urn::{FORMAL_NIDS, INFORMAL_NIDS, NamespaceClass, Urn, UrnSyntax};
use proptest::prelude::*;

fn urn(s: &str) -> Urn<&str> {
    Urn::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn urn2141(s: &str) -> Urn<&str> {
    Urn::parse_with(s, UrnSyntax::Rfc2141).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// `(code, offset)` of the error for `s` under `syntax`.
fn err(s: &str, syntax: UrnSyntax) -> (&'static str, usize) {
    let e = Urn::parse_with(s, syntax).expect_err(s);
    (e.code(), e.offset)
}

/// Assert that `groups` are equivalence classes: equivalent within, not across.
fn assert_classes(groups: &[&[Urn<&str>]]) {
    for (i, g) in groups.iter().enumerate() {
        for (j, h) in groups.iter().enumerate() {
            for a in g.iter() {
                for b in h.iter() {
                    assert_eq!(a.equivalent(b), i == j, "{a} vs {b}");
                    assert_eq!(a.key() == b.key(), i == j, "keys of {a} vs {b}");
                }
            }
        }
    }
}

// ---- RFC 2141 §6 (the examples read FOO, where text copies print F00) ----

#[test]
fn rfc2141_section6_lexical_equivalence() {
    for syntax in [UrnSyntax::Rfc2141, UrnSyntax::Rfc8141] {
        let p = |s| Urn::parse_with(s, syntax).unwrap();
        let [u1, u2, u3, u4, u5, u6] = [
            "URN:foo:a123,456",
            "urn:foo:a123,456",
            "urn:FOO:a123,456",
            "urn:foo:A123,456",
            "urn:foo:a123%2C456",
            "URN:FOO:a123%2c456",
        ]
        .map(p);
        // "URNs 1, 2, and 3 are all lexically equivalent. URN 4 is not lexically equivalent
        // any of the other URNs of the above set. URNs 5 and 6 are only lexically equivalent
        // to each other."
        assert_classes(&[&[u1, u2, u3], &[u4], &[u5, u6]]);
        assert_eq!(u6.key(), "urn:foo:a123%2C456");
    }
}

// ---- RFC 8141 §3.2 ----

#[test]
fn rfc8141_section3_2_equivalence_examples() {
    let first = [
        urn("urn:example:a123,z456"),
        urn("URN:example:a123,z456"),
        urn("urn:EXAMPLE:a123,z456"),
        // Second: r-, q- and f-components are ignored.
        urn("urn:example:a123,z456?+abc"),
        urn("urn:example:a123,z456?=xyz"),
        urn("urn:example:a123,z456#789"),
    ];
    // Third: '/' and what follows count.
    let foo = [urn("urn:example:a123,z456/foo")];
    let bar = [urn("urn:example:a123,z456/bar")];
    let baz = [urn("urn:example:a123,z456/baz")];
    // Fourth: percent-encoding is never decoded.
    let pct = [
        urn("urn:example:a123%2Cz456"),
        urn("URN:EXAMPLE:a123%2cz456"),
    ];
    // Fifth: the NSS is case-sensitive.
    let upper_a = [urn("urn:example:A123,z456")];
    let upper_z = [urn("urn:example:a123,Z456")];
    // Sixth: U+0430 CYRILLIC SMALL LETTER A, percent-encoded, is not 'a'.
    let cyrillic = [urn("urn:example:%D0%B0123,z456")];
    assert_classes(&[
        &first, &foo, &bar, &baz, &pct, &upper_a, &upper_z, &cyrillic,
    ]);
    assert_eq!(first[3].key(), "urn:example:a123,z456");
    // The key borrows when the input is already in key form.
    assert!(matches!(first[0].key(), std::borrow::Cow::Borrowed(_)));
}

/// RFC 8141 §3.1 at every rung of the ladder, through the typed reading (what `compare` and
/// `dedupe` use) and through the generic IRI view (`IriRef::equivalent`): the §3.2 classes
/// hold at `syntax` and `scheme`, and percent-encoding is never decoded.
#[test]
fn rfc8141_section3_at_every_rung() {
    use pidkit::{Identifier, IriRef, Level};
    let classes: &[&[&str]] = &[
        &[
            "urn:example:a123,z456",
            "URN:example:a123,z456",
            "urn:EXAMPLE:a123,z456",
            "urn:example:a123,z456?+abc",
            "urn:example:a123,z456?=xyz",
            "urn:example:a123,z456#789",
        ],
        &["urn:example:a123,z456/foo"],
        &["urn:example:a123,z456/bar"],
        &["urn:example:a123,z456/baz"],
        &["urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"],
        &["urn:example:A123,z456"],
        &["urn:example:a123,Z456"],
        &["urn:example:%D0%B0123,z456"],
        &["urn:example:%41"],
        &["urn:example:A"],
    ];
    for level in [Level::Syntax, Level::Scheme] {
        for (i, ci) in classes.iter().enumerate() {
            for (j, cj) in classes.iter().enumerate() {
                for a in ci.iter() {
                    for b in cj.iter() {
                        let (x, y) = (Identifier::parse(a).unwrap(), Identifier::parse(b).unwrap());
                        assert_eq!(x.equivalent(&y, level), i == j, "{a} vs {b} at {level}");
                        let (x, y) = (IriRef::parse(*a).unwrap(), IriRef::parse(*b).unwrap());
                        assert_eq!(
                            x.equivalent(&y, level),
                            i == j,
                            "IRIs {a} vs {b} at {level}"
                        );
                    }
                }
            }
        }
    }
    // The normal form keeps every percent-encoding, with uppercase hex digits.
    let n = |s: &str, l| Identifier::parse(s).unwrap().normalize(l).into_owned();
    assert_eq!(n("urn:example:%41%2f", Level::Syntax), "urn:example:%41%2F");
    assert_eq!(n("urn:example:%41%2f", Level::Scheme), "urn:example:%41%2F");
    assert_eq!(n("URN:Example:a?=q#f", Level::Syntax), "urn:example:a");
    assert_eq!(n("URN:Example:a?=q#f", Level::Simple), "URN:Example:a?=q#f");
}

#[test]
fn rfc8141_section2_examples_and_components() {
    // §2.2
    let u = urn("urn:example:1/406/47452/2");
    assert_eq!(u.nss(), "1/406/47452/2");
    // §5: colons in the NSS carry no structure.
    let u = urn("urn:example:apple:pear:plum:cherry");
    assert_eq!((u.nid(), u.nss()), ("example", "apple:pear:plum:cherry"));
    // §2.3.1
    let u = urn("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk");
    assert_eq!(u.r_component(), Some("CCResolve:cc=uk"));
    assert_eq!(u.q_component(), None);
    assert_eq!(u.warnings()[0].code, "urn-r-component");
    // §2.3.2 (the example's line break removed)
    let u = urn("urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z");
    assert_eq!(u.nss(), "weather");
    assert_eq!(
        u.q_component(),
        Some("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z")
    );
    // §2.3.3
    let u = urn("urn:example:foo-bar-baz-qux#somepart");
    assert_eq!(u.f_component(), Some("somepart"));
    // All three; '?' and '/' inside components; '?+' inside a q-component is data.
    let u = urn("urn:example:a?+r/x?y?=q?+z/w#f/?");
    assert_eq!(u.r_component(), Some("r/x?y"));
    assert_eq!(u.q_component(), Some("q?+z/w"));
    assert_eq!(u.f_component(), Some("f/?"));
    assert_eq!(u.assigned_name(), "urn:example:a");
    // An empty f-component is allowed.
    assert_eq!(urn("urn:example:a#").f_component(), Some(""));
    // RFC 4122 §3
    let u = urn("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    assert_eq!(u.namespace_class(), NamespaceClass::Formal);
    assert!(u.warnings().is_empty());
}

// ---- the syntax, rule by rule ----

#[test]
fn scheme_and_nid_rules() {
    use UrnSyntax::*;
    for syntax in [Rfc8141, Rfc2141] {
        assert_eq!(err("", syntax), ("empty", 0));
        assert_eq!(err("http://example.org/", syntax), ("urn-scheme", 0));
        assert_eq!(err("urn", syntax), ("urn-scheme", 0));
        assert_eq!(err("urn:", syntax), ("urn-nid-empty", 4));
        assert_eq!(err("urn::x", syntax), ("urn-nid-empty", 4));
        assert_eq!(err("urn:ex_ample:x", syntax), ("urn-nid-char", 6));
        assert_eq!(err("urn:ex.ample:x", syntax), ("urn-nid-char", 6));
        assert_eq!(err("urn://host/x", syntax), ("urn-nid-char", 4));
        assert_eq!(err("urn:-ab:x", syntax), ("urn-nid-start", 4));
        assert_eq!(err("urn:example", syntax), ("urn-missing-nss", 11));
        assert_eq!(err("urn:example:", syntax), ("urn-missing-nss", 12));
        let nid32 = "a".repeat(32);
        assert!(Urn::parse_with(format!("urn:{nid32}:x"), syntax).is_ok());
        assert_eq!(
            err(&format!("urn:{nid32}b:x"), syntax),
            ("urn-nid-too-long", 36)
        );
        assert_eq!(err("urn:\u{e9}:x", syntax), ("urn-nid-char", 4));
    }
    // RFC 8141 only
    assert_eq!(err("urn:a:x", Rfc8141), ("urn-nid-too-short", 4));
    assert_eq!(err("urn:ab-:x", Rfc8141), ("urn-nid-end", 6));
    assert_eq!(err("urn:urn-01:x", Rfc8141), ("urn-informal-nid", 4));
    assert_eq!(err("urn:urn-x:x", Rfc8141), ("urn-informal-nid", 4));
    assert_eq!(
        urn("urn:urn-7:x").namespace_class(),
        NamespaceClass::Informal
    );
    // RFC 2141 only
    assert!(Urn::parse_with("urn:a:x", Rfc2141).is_ok());
    assert!(Urn::parse_with("urn:ab-:x", Rfc2141).is_ok());
    assert_eq!(err("urn:URN:x", Rfc2141), ("urn-nid-reserved", 4));
    assert!(Urn::parse("urn:urn:x").is_ok()); // RFC 8141 does not reserve it (unregistered)
}

#[test]
fn nss_rules_rfc8141() {
    use UrnSyntax::Rfc8141;
    assert_eq!(err("urn:example:/a", Rfc8141), ("urn-nss-slash", 12));
    assert_eq!(err("urn:example:?=q", Rfc8141), ("urn-missing-nss", 12));
    assert_eq!(
        err("urn:example:a?b", Rfc8141),
        ("urn-bare-question-mark", 13)
    );
    assert_eq!(
        err("urn:example:a?", Rfc8141),
        ("urn-bare-question-mark", 13)
    );
    assert_eq!(err("urn:example:a?+", Rfc8141), ("urn-empty-component", 15));
    assert_eq!(
        err("urn:example:a?+?=q", Rfc8141),
        ("urn-empty-component", 15)
    );
    assert_eq!(err("urn:example:a?=", Rfc8141), ("urn-empty-component", 15));
    assert_eq!(
        err("urn:example:a?+r?=", Rfc8141),
        ("urn-empty-component", 18)
    );
    assert_eq!(
        err("urn:example:a?+/r", Rfc8141),
        ("urn-component-start", 15)
    );
    assert_eq!(
        err("urn:example:a?=?q", Rfc8141),
        ("urn-component-start", 15)
    );
    assert_eq!(err("urn:example:a b", Rfc8141), ("urn-invalid-char", 13));
    assert_eq!(err("urn:example:a[b", Rfc8141), ("urn-invalid-char", 13));
    assert_eq!(err("urn:example:a%2", Rfc8141), ("bad-percent", 13));
    // '~' and '&' are RFC 8141 pchar; %00 is an ordinary pct-encoded octet there.
    assert!(Urn::parse("urn:example:~a&b%00").is_ok());
    // A second '#' is RFC 2141 data but not RFC 3986 fragment: the message says so.
    let e = Urn::parse("urn:example:a#b#c").unwrap_err();
    assert_eq!((e.code(), e.offset), ("urn-invalid-char", 15));
    assert_eq!(
        e.to_string(),
        "character '#' is not allowed in the f-component (RFC 8141); RFC 2141 allowed it as a reserved character (at byte 15)"
    );
    let e = Urn::parse("urn:example:a?+r^").unwrap_err();
    assert_eq!(
        e.to_string(),
        "character '^' is not allowed in the r-component (at byte 16)"
    );
    assert_eq!(e.hint().unwrap(), "percent-encode '^' as %5E");
}

#[test]
fn non_ascii_is_refused_with_the_encoded_form() {
    for syntax in [UrnSyntax::Rfc8141, UrnSyntax::Rfc2141] {
        let e = Urn::parse_with("urn:example:caf\u{e9}?=\u{2603}", syntax).unwrap_err();
        assert_eq!((e.code(), e.offset, e.len), ("urn-non-ascii", 15, 2));
        assert!(
            e.to_string().contains("must be percent-encoded UTF-8"),
            "{e}"
        );
        assert_eq!(
            e.hint().unwrap(),
            "percent-encode non-ASCII characters as UTF-8: urn:example:caf%C3%A9?=%E2%98%83"
        );
    }
}

#[test]
fn rfc2141_character_classes_of_the_errata() {
    use UrnSyntax::Rfc2141;
    // Every <trans> character and %-escapes.
    let all = "urn:x:AZaz09()+,-.:=@;$_!*'%2F/?#";
    let u = urn2141(all);
    assert_eq!(u.nss(), "AZaz09()+,-.:=@;$_!*'%2F/?#");
    assert_eq!(
        (u.r_component(), u.q_component(), u.f_component()),
        (None, None, None)
    );
    // The excluded characters.
    for c in [
        '\\', '"', '&', '<', '>', '[', ']', '^', '`', '{', '|', '}', '~', ' ', '\x01', '\x7f',
    ] {
        let s = format!("urn:x:a{c}");
        assert_eq!(err(&s, Rfc2141), ("urn-rfc2141-char", 7), "{c:?}");
    }
    let e = Urn::parse_with("urn:x:a~b", Rfc2141).unwrap_err();
    assert_eq!(
        e.to_string(),
        "character '~' is allowed by RFC 8141 but not RFC 2141 (§2.4: excluded) (at byte 7)"
    );
    let e = Urn::parse_with("urn:x:a&b", Rfc2141).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("character '&' is allowed by RFC 8141 but not RFC 2141")
    );
    let e = Urn::parse_with("urn:x:a^b", Rfc2141).unwrap_err();
    assert_eq!(
        e.to_string(),
        "character '^' is not allowed in a URN (RFC 2141 §2.4: excluded) (at byte 7)"
    );
    // Octet 0, never; other escapes fine; '%' must be followed by two hex digits.
    assert_eq!(err("urn:x:a%00", Rfc2141), ("urn-nul-octet", 7));
    assert_eq!(err("urn:x:a%g0", Rfc2141), ("bad-percent", 7));
    assert!(Urn::parse_with("urn:x:a%01", Rfc2141).is_ok());
    // Reserved characters are allowed but warned, once per character.
    let u = urn2141("urn:x:a/b/c?d#e#f");
    let w: Vec<_> = u
        .warnings()
        .into_iter()
        .filter(|w| w.code == "urn-rfc2141-reserved")
        .collect();
    assert_eq!(w.iter().map(|w| w.offset).collect::<Vec<_>>(), [7, 11, 13]);
    assert!(w[0].message.contains("(2 unencoded)"));
    // No components: '?+' and '#' belong to the NSS, so they count for equivalence.
    let a = urn2141("urn:example:a123,z456?+abc");
    assert!(!a.equivalent(&urn2141("urn:example:a123,z456")));
    assert!(urn("urn:example:a123,z456?+abc").equivalent(&urn("urn:example:a123,z456")));
}

// ---- namespace rules (only remove false negatives) ----

#[test]
fn namespace_rules() {
    // uuid: hex case-insensitive (RFC 4122 §3)
    assert_classes(&[
        &[
            urn("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
            urn("urn:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"),
        ],
        &[urn("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf7")],
    ]);
    // isbn: hyphens ignored, ISBN-10 = its ISBN-13, x = X; wrong check digit: exact only
    assert_classes(&[
        &[
            urn("urn:isbn:0451450523"),
            urn("urn:ISBN:0-451-45052-3"),
            urn("urn:isbn:978-0-451-45052-4"),
        ],
        &[urn("urn:isbn:080442957X"), urn("urn:isbn:0-8044-2957-x")],
        &[urn("urn:isbn:0451450524")],
        &[urn("urn:isbn:0-451-45052-4")],
    ]);
    // issn: check digit, x = X (RFC 3044 example urn:ISSN:1560-1560)
    assert_classes(&[
        &[urn("urn:ISSN:1560-1560"), urn("urn:issn:1560-1560")],
        &[urn("urn:issn:2434-561X"), urn("urn:issn:2434-561x")],
    ]);
    assert!(urn("urn:ISSN:1560-1560").warnings().is_empty());
    assert_eq!(
        urn("urn:issn:1560-1561").warnings()[0].code,
        "urn-namespace-syntax"
    );
    // oid: syntax checked, compared exactly (RFC 3061)
    assert!(urn("urn:oid:1.3.6.1.4.1").warnings().is_empty());
    assert_eq!(
        urn("urn:oid:1.03.6").warnings()[0].code,
        "urn-namespace-syntax"
    );
    assert!(!urn("urn:oid:1.03.6").equivalent(&urn("urn:oid:1.3.6")));
    // nbn:de: valid check digit → case-insensitive
    assert_classes(&[
        &[
            urn("urn:nbn:de:gbv:089-3321752945"),
            urn("URN:NBN:DE:GBV:089-3321752945"),
        ],
        &[urn("urn:nbn:de:gbv:089-3321752946")],
        &[urn("URN:NBN:DE:GBV:089-3321752946")],
    ]);
    assert!(urn("urn:nbn:de:gbv:089-3321752945").warnings().is_empty());
    let w = urn("urn:nbn:de:gbv:089-3321752946").warnings();
    assert_eq!(w[0].code.as_str(), "urn-namespace-syntax");
    assert!(urn("urn:nbn:fi:tkk-004781").warnings().is_empty());
    // ietf (RFC 2648): the entire URN is case-insensitive; %hh stay uppercase
    assert_classes(&[
        &[urn("urn:ietf:rfc:2648"), urn("URN:IETF:RFC:2648")],
        &[
            urn("urn:ietf:id:draft-x%2Fy"),
            urn("urn:ietf:ID:DRAFT-X%2fY"),
        ],
    ]);
    assert_eq!(
        urn("urn:ietf:ID:DRAFT-X%2fY").key(),
        "urn:ietf:id:draft-x%2Fy"
    );
    assert_eq!(
        urn("urn:ietf:ien:116").warnings()[0].code,
        "urn-namespace-syntax"
    );
    // doi: percent-decode, then ASCII case-insensitive
    assert_classes(&[
        &[
            urn("urn:doi:10.1000/ABC"),
            urn("urn:doi:10.1000%2Fabc"),
            urn("urn:DOI:10.1000/abc"),
        ],
        &[urn("urn:doi:10.1000/abd")],
    ]);
    // lsid (OMG LSID specification, not registered with IANA): the authority is a domain
    // name, case-insensitive; the namespace, object and revision are compared exactly; a
    // trailing ':' is an absent revision.
    assert_classes(&[
        &[
            urn("urn:lsid:zoobank.org:pub:CDC8D258-8F57-41DC-B560-247E17D3DC8C"),
            urn("URN:LSID:ZooBank.org:pub:CDC8D258-8F57-41DC-B560-247E17D3DC8C"),
        ],
        &[urn(
            "urn:lsid:zoobank.org:pub:cdc8d258-8f57-41dc-b560-247e17d3dc8c",
        )],
        &[urn(
            "urn:lsid:zoobank.org:PUB:CDC8D258-8F57-41DC-B560-247E17D3DC8C",
        )],
        &[
            urn("urn:lsid:pdb.org:PDB:112L:"),
            urn("URN:LSID:pdb.org:PDB:112L"),
        ],
        &[urn("urn:lsid:pdb.org:PDB:112L:1")],
    ]);
    assert_eq!(
        urn("URN:LSID:Pdb.Org:PDB:112L:").key(),
        "urn:lsid:pdb.org:PDB:112L"
    );
    let codes = |s: &str| {
        urn(s)
            .warnings()
            .iter()
            .map(|w| w.code.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        codes("urn:lsid:ipni.org:names:77115410-1:1.1"),
        ["urn-unregistered-nid"]
    );
    for bad in [
        "urn:lsid:ipni.org:names",
        "urn:lsid:ipni:names:77115410-1",
        "urn:lsid:ipni.org:names:77115410-1:1.1:x",
        "urn:lsid:ipni.org::77115410-1",
    ] {
        assert_eq!(
            codes(bad),
            ["urn-unregistered-nid", "urn-namespace-syntax"],
            "{bad}"
        );
        let w = urn(bad).warnings();
        assert_eq!((w[1].offset, w[1].len), (9, bad.len() - 9));
        assert!(w[1].message.starts_with("urn:lsid: "), "{}", w[1].message);
    }
    // An invalid LSID is compared by the generic rules only.
    assert!(!urn("urn:lsid:IPNI:names:1").equivalent(&urn("urn:lsid:ipni:names:1")));
    // other namespaces: NSS case-sensitive
    assert!(!urn("urn:example:A").equivalent(&urn("urn:example:a")));
}

// ---- NID classes and the IANA list ----

#[test]
fn nid_classes_and_warnings() {
    let codes = |s: &str| urn(s).warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    assert_eq!(
        urn("urn:ISBN:0451450523").namespace_class(),
        NamespaceClass::Formal
    );
    assert_eq!(
        urn("urn:urn-1:x").namespace_class(),
        NamespaceClass::Informal
    );
    assert!(codes("urn:urn-1:x").is_empty());
    assert_eq!(codes("urn:urn-99:x"), ["urn-unregistered-nid"]);
    assert_eq!(
        urn("urn:x-acme:x").namespace_class(),
        NamespaceClass::Experimental
    );
    assert_eq!(codes("urn:X-acme:x"), ["urn-experimental-nid"]);
    assert_eq!(
        urn("urn:acme:x").namespace_class(),
        NamespaceClass::Unregistered
    );
    assert_eq!(codes("urn:acme:x"), ["urn-unregistered-nid"]);
    let w = &urn("urn:acme:x").warnings()[0];
    assert_eq!((w.offset, w.len), (4, 4));
    let u = urn("urn:acme:x?=q");
    let p = u.parts();
    assert_eq!(
        (p.nid, p.nss, p.q_component, p.namespace_class),
        ("acme", "x", Some("q"), "unregistered")
    );
}

#[test]
fn shipped_nid_table_matches_the_iana_snapshot() {
    let Some(json) = common::json("urn/iana-urn-namespaces.json") else {
        return;
    };
    let list = |k: &str| {
        let mut v: Vec<String> = json[k]
            .as_array()
            .unwrap_or_else(|| panic!("{k} missing"))
            .iter()
            .map(|n| n.as_str().unwrap().to_ascii_lowercase())
            .collect();
        v.sort();
        v
    };
    let formal = list("formalNamespaces");
    let informal = list("informalNamespaces");
    assert_eq!(
        FORMAL_NIDS,
        formal
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
    );
    assert_eq!(
        INFORMAL_NIDS,
        informal
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
    );
    assert_eq!(
        json["registryUpdated"].as_str(),
        Some(pidkit::urn::IANA_REGISTRY_UPDATED)
    );
    let mut tally = common::Tally::new("urn/iana-urn-namespaces.json");
    for nid in &formal {
        let s = format!("urn:{nid}:x");
        let u = Urn::parse(s.as_str());
        tally.check(
            u.is_ok_and(|u| u.namespace_class() == NamespaceClass::Formal),
            || s.clone(),
        );
    }
    for nid in &informal {
        let s = format!("urn:{nid}:x");
        let u = Urn::parse(s.as_str());
        tally.check(
            u.is_ok_and(|u| u.namespace_class() == NamespaceClass::Informal),
            || s.clone(),
        );
    }
    tally.finish();
}

#[test]
fn owned_borrowed_and_string_traits() {
    let owned: Urn<String> = "URN:Example:a%2c".parse().unwrap();
    assert_eq!(owned.to_string(), "URN:Example:a%2c");
    assert_eq!(owned.normalized(), "urn:example:a%2C");
    assert_eq!(owned.as_borrowed(), urn("URN:Example:a%2c"));
    assert!(owned.equivalent(&urn("urn:example:a%2C")));
    assert_eq!(owned.as_iri().path(), "Example:a%2c");
    assert_eq!(
        format!("{:?}", urn("urn:ab:c")),
        "Urn(\"urn:ab:c\", rfc8141)"
    );
    assert_eq!(
        "rfc9999".parse::<UrnSyntax>().unwrap_err(),
        "unknown URN syntax 'rfc9999' (expected rfc8141 or rfc2141)"
    );
}

// ---- properties ----

/// The generic RFC 8141 §3.1 key (no namespace rules), written independently.
fn generic_key(u: &Urn<&str>) -> String {
    let nss = u.nss();
    let mut out = format!("urn:{}:", u.nid().to_ascii_lowercase());
    let b = nss.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push('%');
            out.push_str(&nss[i + 1..i + 3].to_ascii_uppercase());
            i += 3;
        } else {
            let c = nss[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn flip_case(s: &str, mask: u64) -> String {
    s.chars()
        .enumerate()
        .map(|(i, c)| {
            if mask >> (i % 64) & 1 == 1 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect()
}

fn nss_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9()+,.:=@;$_!*'~&-]{1,12}(/[a-zA-Z0-9%]{0,6})?",
        "[0-9]{1,4}(-[0-9xX]{1,5}){0,3}",
        "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
        "(de:)?[a-zA-Z0-9:._-]{1,12}[0-9]",
        "(rfc|RFC|id|bcp):[a-zA-Z0-9-]{1,8}",
        "[a-z]{1,3}(%[0-9a-fA-F]{2}){1,3}[A-Za-z]{0,3}",
        "[a-zA-Z0-9-]{1,4}\\.[a-zA-Z]{1,3}:[a-zA-Z0-9%]{0,4}:[a-zA-Z0-9.-]{0,6}(:[0-9]{0,2})?",
    ]
}

proptest! {
    #[test]
    fn namespace_rules_only_remove_false_negatives(
        nid in prop::sample::select(vec!["uuid", "isbn", "issn", "oid", "nbn", "ietf", "doi", "lsid", "example"]),
        nss in nss_strategy(),
        mask in any::<u64>(),
        comps in "(\\?\\+r)?(\\?=q)?(#f)?",
    ) {
        let a = format!("urn:{nid}:{nss}");
        // The same URN with the scheme, NID and some %hh case-flipped, components added.
        let flipped_nss: String = {
            let b = nss.as_bytes();
            let mut out = String::new();
            let mut i = 0;
            while i < b.len() {
                if b[i] == b'%' && i + 2 < b.len() {
                    out.push('%');
                    out.push_str(&flip_case(&nss[i + 1..i + 3], mask));
                    i += 3;
                } else {
                    out.push(b[i] as char);
                    i += 1;
                }
            }
            out
        };
        let b = format!("{}:{}:{flipped_nss}{comps}", flip_case("urn", mask), flip_case(nid, mask.rotate_left(7)));
        let (ua, ub) = (Urn::parse(a.as_str()), Urn::parse(b.as_str()));
        if let (Ok(ua), Ok(ub)) = (ua, ub) {
            prop_assert_eq!(generic_key(&ua), generic_key(&ub));
            // Generic procedure says equivalent → so do the namespace rules.
            prop_assert!(ua.equivalent(&ub), "{} vs {}", a, b);
            prop_assert_eq!(ua.key(), ub.key());
        }
    }

    #[test]
    fn key_agrees_with_equivalent_and_is_idempotent(
        nid in prop::sample::select(vec!["uuid", "isbn", "issn", "oid", "nbn", "ietf", "doi", "lsid", "example"]),
        nss1 in nss_strategy(),
        nss2 in nss_strategy(),
    ) {
        let (a, b) = (format!("urn:{nid}:{nss1}"), format!("urn:{nid}:{nss2}"));
        if let (Ok(ua), Ok(ub)) = (Urn::parse(a.as_str()), Urn::parse(b.as_str())) {
            prop_assert_eq!(ua.equivalent(&ub), ua.key() == ub.key());
            // Namespace rules never split what the generic procedure joins.
            if generic_key(&ua) == generic_key(&ub) {
                prop_assert!(ua.equivalent(&ub));
            }
            // The key is a URN whose key is itself; normalization is idempotent.
            let k = ua.key().into_owned();
            let uk = Urn::parse(k.as_str());
            prop_assert!(uk.is_ok(), "key {} does not parse", k);
            let uk = uk.unwrap();
            prop_assert_eq!(uk.key(), k.as_str());
            prop_assert!(uk.equivalent(&ua));
            let n = ua.normalized().into_owned();
            let un = Urn::parse(n.as_str()).unwrap();
            prop_assert_eq!(un.normalized(), n.as_str());
        }
    }

    #[test]
    fn never_panics(s in "(?i:urn):[a-zA-Z0-9-]{0,4}:?[ -~\u{e9}\u{2603}]{0,24}") {
        for syntax in [UrnSyntax::Rfc8141, UrnSyntax::Rfc2141] {
            if let Ok(u) = Urn::parse_with(s.as_str(), syntax) {
                let _ = (u.key(), u.normalized(), u.warnings(), u.parts());
                prop_assert_eq!(u.assigned_name().len() + u.r_component().map_or(0, |r| r.len() + 2)
                    + u.q_component().map_or(0, |q| q.len() + 2)
                    + u.f_component().map_or(0, |f| f.len() + 1), s.len());
            } else {
                let e = Urn::parse_with(s.as_str(), syntax).unwrap_err();
                prop_assert!(e.offset <= s.len());
                let _ = (e.to_string(), e.hint());
            }
        }
    }
}

proptest::proptest! {
    /// RFC 8141 §3.1, last paragraph: namespace rules "MUST NOT result in treating two URNs as
    /// not 'the same' if the procedure here says they are URN-equivalent" — equivalent at
    /// `syntax` (the generic procedure) implies equivalent at `scheme` (with the namespace rules).
    #[test]
    fn namespace_rules_only_add_equivalences(
        nid in proptest::sample::select(vec!["isbn", "ISBN", "issn", "Issn", "uuid", "UUID", "nbn", "NBN", "ietf", "doi", "DOI", "lsid", "LSID", "example"]),
        nss in "([0-9a-fA-FxX:./-]|%[0-9a-fA-F]{2}){1,24}",
        flips in proptest::collection::vec(proptest::bool::ANY, 0..32),
        tail in proptest::sample::select(vec!["", "?+r", "?=q", "#f"]),
    ) {
        use pidkit::{Identifier, Level};
        let a = format!("urn:{nid}:{nss}");
        // A URN-equivalent variant: the case of `urn`, the NID and the hex digits flipped.
        let mut b = String::new();
        let mut hex = 0;
        for (k, c) in format!("URN:{nid}:").chars().chain(nss.chars()).enumerate() {
            let flip = flips.get(k).copied().unwrap_or(false);
            let in_name = k < 5 + nid.len();
            let c2 = if (in_name || hex > 0) && flip { if c.is_ascii_lowercase() { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() } } else { c };
            hex = if c == '%' { 2 } else if hex > 0 { hex - 1 } else { 0 };
            b.push(c2);
        }
        b.push_str(tail);
        if let (Ok(x), Ok(y)) = (Identifier::parse(&a), Identifier::parse(&b)) {
            proptest::prop_assert!(x.equivalent(&y, Level::Syntax), "{} vs {}", a, b);
            proptest::prop_assert!(x.equivalent(&y, Level::Scheme), "{} vs {}", a, b);
        }
    }
}

/// An IRI that is a URN only in its URI form (a non-ASCII character in the fragment, RFC 3987
/// §5.3.1) is read as that URN at every rung, so its normal form is its own normal form (found
/// by fuzzing `normalize`: the generic form was taken first, and read as a URN only next time).
#[test]
fn an_iri_that_is_a_urn_in_its_uri_form_normalizes_in_one_step() {
    use pidkit::{IriRef, Level};
    for level in [Level::Syntax, Level::Scheme] {
        let r = IriRef::parse("urn:example:a#b\u{200B}").unwrap();
        let n = r.normalize(level);
        assert_eq!(n.as_str(), "urn:example:a", "{level:?}");
        assert_eq!(n.normalize(level).as_str(), n.as_str(), "{level:?}");
    }
}
