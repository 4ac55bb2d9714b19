//! IVOA identifiers: every example of IVOA Identifiers 2.0 §2.1, §2.3.2–2.3.4, §2.6 and §4,
//! the real IVOIDs of the conformance set, and properties of the comparison key.

mod common;

use std::collections::BTreeMap;

use pidkit::ivo::{
    Ivoid, IvoidKind, VersionPattern, check_authority, check_query, check_resource_key,
};
use proptest::prelude::*;

fn ivoid(s: &str) -> Ivoid<&str> {
    Ivoid::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn err(s: &str) -> (&'static str, usize) {
    let e = Ivoid::parse(s).expect_err(s);
    (e.code(), e.offset)
}

// ---- §2.1 ----

#[test]
fn section2_1_examples() {
    let a = ivoid("ivo://ivoa.net");
    assert_eq!(
        (a.kind(), a.authority(), a.resource_key()),
        (IvoidKind::Authority, "ivoa.net", "")
    );
    assert!(a.is_authority_id() && a.is_registry_reference());

    let r = ivoid("ivo://ivoa.net/std/Identifiers");
    assert_eq!(r.kind(), IvoidKind::Registry);
    assert!(!r.is_authority_id() && r.is_registry_reference());
    // "an IVOID only differing in case ... is in every respect equivalent to it"
    assert!(r.equivalent(&ivoid("ivo://IVOA.NET/std/identifiers")));

    let d = ivoid("ivo://example.org/~?path/to/%C3%89CLAIRE");
    assert_eq!(d.registry_part(), "ivo://example.org/~");
    assert_eq!(d.query(), Some("path/to/%C3%89CLAIRE"));
    assert_eq!(d.kind(), IvoidKind::Dataset);

    let t = ivoid("ivo://example.org/svc?voc.xml#Term");
    assert_eq!((t.query(), t.fragment()), (Some("voc.xml"), Some("Term")));
    assert_eq!(t.local_part(), "?voc.xml#Term");
    let did = t.dataset_id().unwrap();
    assert_eq!(
        (did.id, did.part, did.deprecated_fragment_form),
        ("voc.xml", Some("Term"), false)
    );
}

// ---- §2.3.1–2.3.4: the valid and invalid examples ----

#[test]
fn section2_3_1_scheme() {
    assert!(Ivoid::parse("IVO://ivoa.net").is_ok());
    assert!(Ivoid::parse("Ivo://ivoa.net").is_ok());
    assert_eq!(err("http://ivoa.net"), ("ivo-scheme", 0));
    assert_eq!(err("ivoa.net/std"), ("ivo-relative", 0));
    assert_eq!(err("//ivoa.net/std"), ("ivo-relative", 0));
    assert_eq!(err(""), ("empty", 0));
    assert_eq!(err("ivo:ivoa.net/std"), ("ivo-no-authority", 4));
}

#[test]
fn section2_3_2_authority_examples() {
    for ok in ["nasa.heasarc", "n_1a.alph-0.02", "123"] {
        assert!(check_authority(ok).is_ok(), "{ok}");
        assert!(Ivoid::parse(format!("ivo://{ok}")).is_ok(), "{ok}");
    }
    // Each invalid example with its own error.
    let cases = [
        ("a2", "ivo-authority-too-short", 0),
        ("_temporary.id", "ivo-authority-start", 0),
        ("DAT%41", "ivo-authority-percent", 3),
        ("de!uni-hd!physics#ari", "ivo-authority-char", 2),
    ];
    for (bad, code, offset) in cases {
        let e = check_authority(bad).unwrap_err();
        assert_eq!((e.code(), e.offset), (code, offset), "{bad}");
        // Within a whole IVOID the offsets shift by "ivo://".
        assert_eq!(err(&format!("ivo://{bad}")), (code, offset + 6), "{bad}");
    }
    // No userinfo, no port; '~' only warned.
    assert_eq!(err("ivo://user@ivoa.net/x"), ("ivo-at-sign", 10));
    assert_eq!(err("ivo://ivoa.net:80/x"), ("ivo-port", 14));
    assert_eq!(err("ivo://ivoa.net:/x"), ("ivo-port", 14));
    assert_eq!(err("ivo://ivoa.net:8x/x"), ("ivo-port", 16));
    assert_eq!(err("ivo://[::1]/x"), ("ivo-bracket", 6));
    assert_eq!(err("ivo:///x"), ("ivo-authority-too-short", 6));
    let w = ivoid("ivo://a~b").warnings();
    assert_eq!(
        (w[0].code.as_str(), w[0].offset),
        ("ivo-authority-tilde", 7)
    );
}

#[test]
fn section2_3_3_resource_key_examples() {
    for ok in ["", "/reskey", "/-user/STScI_1/1a-7z.u"] {
        assert!(check_resource_key(ok, true).is_ok(), "{ok:?}");
        assert!(
            Ivoid::parse_strict(format!("ivo://auth{ok}")).is_ok(),
            "{ok:?}"
        );
    }
    let cases = [
        ("/", "ivo-key-empty-segment", 0),
        ("reskey", "ivo-key-not-abempty", 0),
        ("/data/", "ivo-key-empty-segment", 5),
        ("/data//other", "ivo-key-empty-segment", 5),
        ("/data/c/./d", "ivo-key-dot-segment", 8),
        ("/data!g-vo.org", "ivo-key-sub-delim", 5),
        ("/user/M%fc1ler", "ivo-key-percent", 7),
    ];
    for (bad, code, offset) in cases {
        let e = check_resource_key(bad, true).unwrap_err();
        assert_eq!((e.code(), e.offset), (code, offset), "{bad}");
        if bad.starts_with('/') {
            let e = Ivoid::parse_strict(format!("ivo://auth{bad}")).unwrap_err();
            assert_eq!((e.code(), e.offset), (code, offset + 10), "{bad}");
        }
    }
    assert_eq!(err("ivo://auth/data/../d"), ("ivo-key-dot-segment", 16));
    assert_eq!(err("ivo://auth/a:b"), ("ivo-key-char", 12));
    assert_eq!(err("ivo://auth/a@b"), ("ivo-at-sign", 12));
    // The sub-delimiter example: "might become legal when some IVOA standard gives the bang ...
    // an extra meaning" — so the default parser warns, the strict one rejects.
    let lenient = ivoid("ivo://auth/data!g-vo.org");
    let w = lenient.warnings();
    assert_eq!((w[0].code.as_str(), w[0].offset), ("ivo-key-sub-delim", 15));
    assert!(check_resource_key("/data!g-vo.org", false).is_ok());
}

#[test]
fn section2_3_4_query_examples() {
    // (2) is printed with a blank in the spec copy ("//..//! :??"), which RFC 3986 and the
    // spec's own invalid example (1) ("nor is the blank") rule out: read without it.
    for ok in [
        "par1=val1&par2=val2",
        "//..//!:??",
        "%C2%B5%20Her",
        "%3A%5B%5D",
    ] {
        assert!(check_query(ok).is_ok(), "{ok}");
        let id = format!("ivo://auth/key?{ok}");
        assert!(Ivoid::parse(id.as_str()).is_ok(), "{id}");
        // §2.3.5: the same examples hold for fragments.
        assert!(Ivoid::parse(format!("ivo://auth/key#{ok}")).is_ok(), "{ok}");
    }
    // (1) ":#[] bad": '#' ends the query, then '[' is not allowed literally anywhere (§2.2).
    assert_eq!(check_query(":#[] bad").unwrap_err().code(), "invalid-char");
    assert_eq!(err("ivo://auth/key?:#[] bad"), ("ivo-bracket", 17));
    assert_eq!(err("ivo://auth/key?a b"), ("invalid-char", 16));
    // (2) "%B5%20Her": not UTF-8.
    let e = check_query("%B5%20Her").unwrap_err();
    assert_eq!((e.code(), e.offset), ("ivo-bad-utf8", 0));
    assert_eq!(err("ivo://auth/key?%B5%20Her"), ("ivo-bad-utf8", 15));
    assert_eq!(err("ivo://auth/key#x%C3"), ("ivo-bad-utf8", 16));
    // §2.2: unreserved characters never percent-encoded; '@' nowhere.
    assert_eq!(err("ivo://auth/key?%41"), ("ivo-encoded-unreserved", 15));
    assert_eq!(err("ivo://auth/key#%7e"), ("ivo-encoded-unreserved", 15));
    assert_eq!(err("ivo://auth/key?a@b"), ("ivo-at-sign", 16));
    assert_eq!(
        Ivoid::parse("ivo://auth/key?%41")
            .unwrap_err()
            .hint()
            .unwrap(),
        "write 'A' literally"
    );
}

// ---- §2.6 ----

#[test]
fn section2_6_comparison_examples() {
    let given = ivoid("ivo://example.com/res/key1?par=U%20Pic#Part1");
    let equal = ivoid("IVO://EXAMPLE.COM/RES/KEY1?par=U%20Pic#Part1");
    assert!(given.equivalent(&equal));
    assert_eq!(given.key(), equal.key());
    for other in [
        "ivo://example.com/res/key1?par=u%20Pic#part1",
        "ivo://example.com/res/key1?par=U%20Pic",
        "ivo://example.com/res/key1?par=U%20Pic&#Part1",
    ] {
        let o = ivoid(other);
        assert!(!given.equivalent(&o), "{other}");
        assert_ne!(given.key(), o.key(), "{other}");
    }
    // The other two non-equal examples are not IVOIDs at all ("even if that were a legal
    // IVOID"): no normalization could make them equal to anything.
    assert_eq!(
        err("ivo://example.com/./res/key1?par=U%20Pic#Part1"),
        ("ivo-key-dot-segment", 18)
    );
    assert_eq!(
        err("ivo://example.com/res/%6Bey1?par=U%20Pic#Part1"),
        ("ivo-key-percent", 22)
    );
}

#[test]
fn regtap_and_pyvo_forms() {
    let id = ivoid("ivo://CDS.VizieR/II/246?Obs=A#B");
    assert_eq!(id.to_regtap(), "ivo://cds.vizier/ii/246?Obs=A#B");
    assert_eq!(id.key(), id.to_regtap());
    assert_eq!(id.to_lowercase_pyvo(), "ivo://cds.vizier/ii/246?obs=a#b");
    // pyvo's form merges what §2.6 keeps apart.
    let other = ivoid("ivo://cds.vizier/ii/246?obs=a#b");
    assert!(!id.equivalent(&other));
    assert_eq!(id.to_lowercase_pyvo(), other.to_lowercase_pyvo());
    assert!(matches!(
        ivoid("ivo://a.b/c?Q").to_regtap(),
        std::borrow::Cow::Borrowed(_)
    ));
}

// ---- §4 ----

#[test]
fn section4_dataset_identifiers() {
    let d = ivoid("ivo://org.gavo.dc/~?flashheros/data/ca92/f0065.mt");
    assert_eq!(d.kind(), IvoidKind::Dataset);
    let did = d.dataset_id().unwrap();
    assert_eq!(
        (did.registry_part, did.id),
        ("ivo://org.gavo.dc/~", "flashheros/data/ca92/f0065.mt")
    );
    assert!(d.warnings().is_empty());
    // The deprecated SSAP 1.1 form: kind other, warned, readable as a DID.
    let old = ivoid("ivo://jhu/sdss/dr6/spec/2.5#80443407914237952");
    assert_eq!(old.kind(), IvoidKind::Other);
    assert_eq!(old.warnings()[0].code, "ivo-fragment-did");
    assert_eq!(old.warnings()[0].offset, 27);
    let did = old.dataset_id().unwrap();
    assert!(did.deprecated_fragment_form);
    assert_eq!(did.id, "80443407914237952");
    // A standard id is no dataset id.
    assert_eq!(ivoid("ivo://ivoa.net/std/TAP#aux").dataset_id(), None);
    assert_eq!(ivoid("ivo://ivoa.net/std/TAP").dataset_id(), None);
}

#[test]
fn section4_standard_identifiers() {
    let q = ivoid("ivo://ivoa.net/std/exampleProto#query-1.0");
    let m = ivoid("ivo://ivoa.net/std/exampleProto#model-1.0");
    for id in [q, m] {
        assert_eq!(id.kind(), IvoidKind::Standard);
        assert!(id.warnings().is_empty());
    }
    let s = q.standard_id().unwrap();
    assert_eq!(
        (s.standard_ref, s.key, s.version),
        ("ivo://ivoa.net/std/exampleProto", "query", Some("1.0"))
    );
    let proto = "ivo://ivoa.net/std/exampleProto";
    // "an exampleProto 1.0 client would look for ... query-1.%"
    let v1 = VersionPattern::Major(1);
    for (id, yes) in [
        ("#query-1.0", true),
        ("#query-1.1", true),
        ("#query-2.0", false),
        ("#model-1.0", false),
    ] {
        let full = format!("{proto}{id}");
        let std = Ivoid::parse(full.as_str()).unwrap();
        assert_eq!(
            std.standard_id().unwrap().matches(proto, "query", v1),
            yes,
            "{id}"
        );
    }
    assert_eq!(
        v1.regtap_like(proto, "query"),
        "ivo://ivoa.net/std/exampleproto#query-1.%"
    );
    // "a client that speaks both versions 1 and 2 ... query-%"
    assert_eq!(
        VersionPattern::Any.regtap_like(proto, "query"),
        "ivo://ivoa.net/std/exampleproto#query-%"
    );
    let two = ivoid("ivo://ivoa.net/std/exampleProto#query-2.0");
    assert!(two.standard_id().unwrap().matches(
        "IVO://IVOA.NET/STD/EXAMPLEPROTO",
        "query",
        VersionPattern::Any
    ));
    assert!(
        !two.standard_id()
            .unwrap()
            .matches(proto, "Query", VersionPattern::Any)
    );
    // Keys with hyphens, keys without versions, other publishers' standards.
    let s = ivoid("ivo://ivoa.net/std/SIA#query-aux-2.0");
    assert_eq!(s.standard_id().unwrap().key, "query-aux");
    let s = ivoid("ivo://ivoa.net/std/TAPRegExt#features-adql-common-table");
    assert_eq!(
        (
            s.standard_id().unwrap().key,
            s.standard_id().unwrap().version
        ),
        ("features-adql-common-table", None)
    );
    assert_eq!(
        ivoid("ivo://org.gavo.dc/std/glots#tables-1.0").kind(),
        IvoidKind::Standard
    );
    assert_eq!(
        ivoid("ivo://org.gavo.dc/std/exts#extra-adql-keywords").kind(),
        IvoidKind::Standard
    );
    assert_eq!(
        ivoid("ivo://ivoa.net/sso#BasicAA").kind(),
        IvoidKind::Standard
    );
    assert!("1.y".parse::<VersionPattern>().is_err());
    assert!("".parse::<VersionPattern>().is_err());
    assert_eq!("2".parse(), Ok(VersionPattern::Major(2)));
}

#[test]
fn parts_for_the_cli() {
    let id = ivoid("ivo://ivoa.net/std/TAP#aux");
    let p = id.parts();
    assert_eq!(
        (
            p.authority,
            p.resource_key,
            p.query,
            p.fragment,
            p.registry_part,
            p.kind
        ),
        (
            "ivoa.net",
            "/std/TAP",
            None,
            Some("aux"),
            "ivo://ivoa.net/std/TAP",
            "standard"
        )
    );
    let owned: Ivoid<String> = "ivo://IVOA.net/x?q".parse().unwrap();
    assert_eq!(owned.to_string(), "ivo://IVOA.net/x?q");
    assert!(owned.equivalent(&ivoid("ivo://ivoa.NET/X?q")));
    assert_eq!(owned.as_borrowed(), ivoid("ivo://IVOA.net/x?q"));
    assert_eq!(format!("{:?}", ivoid("ivo://abc")), "Ivoid(\"ivo://abc\")");
}

// ---- real data (shared/conformance/ivoa) ----

#[test]
fn every_real_ivoid_gets_a_verdict() {
    let Some(text) = common::read("ivoa/ivoids.tsv") else {
        return;
    };
    let mut valid = 0;
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    let mut warnings: BTreeMap<&str, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut tally = common::Tally::new("ivoa/ivoids.tsv (kind column)");
    for line in text.lines().skip(1) {
        let mut cols = line.split('\t');
        let (Some(s), Some(kind)) = (cols.next(), cols.next()) else {
            panic!("bad row {line:?}");
        };
        match Ivoid::parse(s) {
            Ok(id) => {
                valid += 1;
                for w in id.warnings() {
                    *warnings.entry(w.code.as_str()).or_default() += 1;
                }
                *kinds.entry(id.kind().name()).or_default() += 1;
                // The set's kind column: registry = no local part, query = has '?',
                // fragment = '#' without '?'.
                let ours = match (id.query(), id.fragment()) {
                    (None, None) => "registry",
                    (Some(_), _) => "query",
                    (None, Some(_)) => "fragment",
                };
                tally.check(ours == kind, || format!("{s}: {kind} vs {ours}"));
            }
            Err(e) => {
                // The invalid rows: all have an empty resource key segment (a trailing '/').
                *reasons.entry(e.code()).or_default() += 1;
            }
        }
    }
    println!("IVOIDS valid under Identifiers 2.0: {valid}; invalid by reason: {reasons:?}");
    println!("IVOIDS warnings: {warnings:?}; kinds: {kinds:?}");
    tally.finish();
    assert_eq!(valid, 3360);
    assert_eq!(reasons, BTreeMap::from([("ivo-key-empty-segment", 44)]));
    assert_eq!(
        warnings,
        BTreeMap::from([("ivo-fragment-did", 48), ("ivo-key-sub-delim", 8)])
    );
}

#[test]
fn case_variants_compare_as_the_set_says() {
    let Some(text) = common::read("ivoa/case_variants.tsv") else {
        return;
    };
    let mut tally = common::Tally::new("ivoa/case_variants.tsv");
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [a, b, expected] = cols[..] else {
            panic!("bad row {line:?}");
        };
        let (a, b) = (ivoid(a), ivoid(b));
        let expected = expected == "true";
        tally.check(
            a.equivalent(&b) == expected && (a.key() == b.key()) == expected,
            || format!("{a} vs {b}: expected {expected}"),
        );
    }
    tally.finish();
}

// ---- properties ----

fn flip(s: &str, mask: u64) -> String {
    s.chars()
        .enumerate()
        .map(|(i, c)| {
            if mask >> (i % 64) & 1 == 1 {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

proptest! {
    #[test]
    fn registry_part_case_never_matters_local_part_case_always_does(
        auth in "[a-zA-Z0-9][a-zA-Z0-9._-]{2,10}",
        key in "(/[a-zA-Z0-9._~-]{1,6}){0,3}",
        query in "(\\?[a-zA-Z0-9=&/]{0,8})?",
        frag in "(#[a-zA-Z0-9-]{0,8})?",
        mask in any::<u64>(),
    ) {
        let s = format!("ivo://{auth}{key}{query}{frag}");
        prop_assume!(!key.split('/').any(|seg| seg == "." || seg == ".."));
        let id = ivoid(&s);
        let reg = id.registry_part();
        let flipped = format!("{}{}", flip(reg, mask), id.local_part());
        let other = ivoid(&flipped);
        prop_assert!(id.equivalent(&other));
        prop_assert_eq!(id.key(), other.key());
        let local = id.local_part();
        let flipped_local = format!("{reg}{}", flip(local, mask));
        let other = ivoid(&flipped_local);
        prop_assert_eq!(id.equivalent(&other), flip(local, mask) == local);
        prop_assert_eq!(id.equivalent(&other), id.key() == other.key());
        // Normalization (the RegTAP form) is idempotent and equivalent to the input.
        let k = id.to_regtap().into_owned();
        let kid = ivoid(&k);
        prop_assert_eq!(kid.to_regtap(), k.as_str());
        prop_assert!(kid.equivalent(&id));
        let p = id.to_lowercase_pyvo().into_owned();
        let pid = ivoid(&p);
        prop_assert_eq!(pid.to_lowercase_pyvo(), p.as_str());
    }

    #[test]
    fn never_panics(s in "(?i:ivo)://[ -~]{0,30}") {
        for strict in [false, true] {
            let r = if strict { Ivoid::parse_strict(s.as_str()) } else { Ivoid::parse(s.as_str()) };
            match r {
                Ok(id) => {
                    prop_assert_eq!(format!("{}{}", id.registry_part(), id.local_part()), s.as_str());
                    let _ = (id.kind(), id.warnings(), id.key(), id.parts(), id.standard_id(), id.dataset_id());
                }
                Err(e) => {
                    prop_assert!(e.offset <= s.len());
                    let _ = (e.to_string(), e.hint());
                }
            }
        }
    }
}

/// An `ivo:` IRI that becomes an IVOID only through the generic scheme rules (its IDN authority
/// in ASCII, RFC 3987 §5.3.3) gets that IVOID's key at the scheme rung, so the normal form is
/// its own normal form (found by fuzzing `normalize`).
#[test]
fn the_scheme_normal_form_of_an_idn_authority_is_idempotent() {
    use pidkit::{IriRef, Level};
    let r = IriRef::parse("ivo://өJ./B#x").unwrap();
    let n = r.normalize(Level::Scheme);
    assert_eq!(n.as_str(), "ivo://xn--j-s3b./b#x");
    assert_eq!(n.normalize(Level::Scheme).as_str(), n.as_str());
}
