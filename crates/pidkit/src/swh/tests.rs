//! Tests of the SWHID unit against the examples of the SWHID specification and the Software
//! Heritage docs, every error with its offset, the normal forms of every written form, and
//! properties.

use std::borrow::Cow;

use super::*;
use crate::ErrorCode;

const CNT: &str = "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2";
const FARM: &str = "swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b";
const SNP: &str = "swh:1:snp:d7f1b9eb7ccb596c2622c4780febaa02549830f9";
const REV: &str = "swh:1:rev:2db189928c94d62a3b4757b3eec68f0a4d4113f0";
const ORIGIN: &str = "https://gitorious.org/ocamlp3l/ocamlp3l_cvs.git";

fn swhid(s: &str) -> Swhid<'_> {
    Swhid::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn key(s: &str, level: Level) -> String {
    swhid(s).key(level).into_owned()
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Swhid::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn hint(s: &str) -> Option<String> {
    Swhid::parse(s).unwrap_err().hint()
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    swhid(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

// --- §5 Core identifiers: the examples of each type ---

#[test]
fn core_examples() {
    for (s, ty) in [
        (CNT, ObjectType::Content),
        (
            "swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505",
            ObjectType::Directory,
        ),
        (
            "swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d",
            ObjectType::Revision,
        ),
        (
            "swh:1:rel:22ece559cc7cc2364edc5e5593d63ae8bd229f9f",
            ObjectType::Release,
        ),
        (
            "swh:1:snp:c7c108084bc0bf3d81436bf980b46e98bd338453",
            ObjectType::Snapshot,
        ),
    ] {
        let id = swhid(s);
        assert_eq!(id.object_type(), ty);
        assert_eq!(id.core(), s);
        assert_eq!(id.hash(), &s[10..]);
        assert_eq!(id.form(), Form::Swhid);
        assert_eq!(id.qualifiers().count(), 0);
        assert!(id.warnings().is_empty(), "{s}");
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            assert!(matches!(id.key(level), Cow::Borrowed(k) if k == s));
        }
        assert_eq!(id.url(), format!("https://archive.softwareheritage.org/{s}"));
    }
}

#[test]
fn object_types() {
    for t in ObjectType::ALL {
        assert_eq!(ObjectType::from_tag(t.tag()), Some(t));
    }
    assert_eq!(ObjectType::Snapshot.name(), "snapshot");
    assert_eq!(ObjectType::from_tag("ori"), None);
}

// --- §6 Qualified identifiers: the examples ---

#[test]
fn qualified_examples() {
    let lines = format!("{FARM};lines=9-15");
    assert_eq!(swhid(&lines).lines(), Some("9-15"));
    let bytes = format!("{FARM};bytes=154-315");
    assert_eq!(swhid(&bytes).bytes(), Some("154-315"));
    let origin = format!("{FARM};origin={ORIGIN}");
    assert_eq!(swhid(&origin).origin(), Some(ORIGIN));
    let visit = format!("{origin};visit={SNP}");
    assert_eq!(swhid(&visit).visit(), Some(SNP));
    let path = format!("{visit};anchor={REV};path=/Examples/SimpleFarm/simplefarm.ml");
    let id = swhid(&path);
    assert_eq!(id.anchor(), Some(REV));
    assert_eq!(id.path(), Some("/Examples/SimpleFarm/simplefarm.ml"));
    // §6.5: the example in the canonical order.
    let full = format!("{path};lines=9-15");
    let id = swhid(&full);
    let kinds: Vec<Qualifier> = id.qualifiers().map(|(q, _)| q).collect();
    assert_eq!(
        kinds,
        [
            Qualifier::Origin,
            Qualifier::Visit,
            Qualifier::Anchor,
            Qualifier::Path,
            Qualifier::Lines
        ]
    );
    assert!(id.warnings().is_empty());
    assert!(matches!(id.key(Level::Scheme), Cow::Borrowed(_)));
    // The docs' example in another order: the same SWHID in context (§6.4).
    let docs = format!(
        "{FARM};anchor={REV};path=/Examples/SimpleFarm/simplefarm.ml;visit={SNP};origin={ORIGIN};lines=9-15"
    );
    assert_eq!(key(&docs, Level::Syntax), full);
    assert_eq!(key(&docs, Level::Scheme), full);
    assert!(swhid(&docs).equivalent(&id));
    assert_eq!(warning_codes(&docs), ["swh-qualifier-order"]);
    // The core alone identifies the object (§6.4), and the context differs.
    let bare = swhid(FARM);
    assert_eq!(bare.core(), id.core());
    assert!(!bare.equivalent(&id));
}

/// The docs' advice: prefer a directory with its anchor release to the release alone.
#[test]
fn anchor_example_of_the_docs() {
    let s = "swh:1:dir:a8eded6a2d062c998ba2dcc3dcb0ce68a4e15a58;anchor=swh:1:rel:22ece559cc7cc2364edc5e5593d63ae8bd229f9f";
    let id = swhid(s);
    assert_eq!(
        id.anchor(),
        Some("swh:1:rel:22ece559cc7cc2364edc5e5593d63ae8bd229f9f")
    );
    // Without a path, the anchor is ignored (§6.3.5): warned, left out at `Scheme`.
    assert_eq!(warning_codes(s), ["swh-ignored-qualifier"]);
    assert_eq!(key(s, Level::Syntax), s);
    assert_eq!(
        key(s, Level::Scheme),
        "swh:1:dir:a8eded6a2d062c998ba2dcc3dcb0ce68a4e15a58"
    );
}

#[test]
fn ignored_qualifiers() {
    let dir = "swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505";
    for (s, normal) in [
        (format!("{dir};lines=1-2"), dir.to_owned()),
        (format!("{dir};bytes=0"), dir.to_owned()),
        (format!("{FARM};visit={SNP}"), FARM.to_owned()),
        (
            format!("{FARM};lines=1;bytes=0-9"),
            format!("{FARM};bytes=0-9"),
        ),
    ] {
        assert!(
            warning_codes(&s).contains(&"swh-ignored-qualifier"),
            "{s}"
        );
        assert_eq!(key(&s, Level::Scheme), normal);
        assert_eq!(key(&s, Level::Syntax), s);
    }
    // A visit with its origin, an anchor with its path: kept.
    let s = format!("{FARM};origin={ORIGIN};visit={SNP};anchor={REV};path=/a");
    assert!(warning_codes(&s).is_empty());
    // A path on a content is kept: the specification's own examples have one (§6.3.4).
    let s = format!("{FARM};path=/a/b.ml");
    assert!(warning_codes(&s).is_empty());
    assert_eq!(key(&s, Level::Scheme), s);
}

// --- Resolution: the resolvers' URLs of the docs ---

#[test]
fn resolver_urls() {
    use super::scheme::SwhScheme;
    for (s, form) in [
        (
            "https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
            Form::Archive,
        ),
        (
            "https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2/",
            Form::Archive,
        ),
        (
            "http://ARCHIVE.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
            Form::Archive,
        ),
        (
            "https://archive.softwareheritage.org/browse/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2/",
            Form::Browse,
        ),
        (
            "https://archive.softwareheritage.org/api/1/resolve/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2/",
            Form::Api,
        ),
        (
            "https://identifiers.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
            Form::IdentifiersOrg,
        ),
        (
            "https://n2t.net/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
            Form::N2t,
        ),
    ] {
        let id = swhid(s);
        assert_eq!(id.form(), form, "{s}");
        assert_eq!(id.as_written(), CNT);
        assert_eq!(id.key(Level::Syntax), CNT);
        assert_eq!(id.key(Level::Scheme), CNT);
        assert_eq!(id.key(Level::Simple), s);
        assert_eq!(warning_codes(s), ["swh-url"]);
        assert!(claims(s.as_bytes()));
        assert_eq!(
            id.changes(Level::Syntax)[0],
            format!("the resolver URL '{}' around the SWHID", &s[..id.spans.start])
        );
    }
    // The docs' examples of the API and external resolvers.
    for s in [
        "https://archive.softwareheritage.org/api/1/resolve/swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d",
        "https://identifiers.org/swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505",
        "https://n2t.net/swh:1:snp:c7c108084bc0bf3d81436bf980b46e98bd338453",
    ] {
        swhid(s);
    }
    // A SWHID that ends in '/' gets another in a URL: one trailing '/' is the URL's.
    let s = format!("{FARM};path=/a/");
    let id = swhid(&s);
    assert_eq!(id.url(), format!("https://archive.softwareheritage.org/{s}/"));
    assert_eq!(swhid(&id.url()).key(Level::Syntax), s);
    assert_eq!(<SwhScheme as crate::scheme::Scheme>::route(&id).map(|r| r.name), Some(format!("{s}/")));
    // A qualified SWHID at the archive (the examples of §6 link to it).
    let s = format!("https://archive.softwareheritage.org/{FARM};lines=9-15");
    assert_eq!(key(&s, Level::Syntax), format!("{FARM};lines=9-15"));
}

#[test]
fn not_swhids() {
    for s in [
        "",
        "swh",
        "https://archive.softwareheritage.org/",
        "https://archive.softwareheritage.org/browse/search/",
        "https://example.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "urn:swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
    ] {
        assert_eq!(err(s), ("swh-not-swhid", 0, 0), "{s}");
        assert!(!claims(s.as_bytes()), "{s}");
    }
    assert!(hint("swh").unwrap().contains("swh:1:TYPE:HASH"));
}

// --- §4 Syntax: every error, with its offset ---

#[test]
fn core_errors() {
    assert_eq!(err("swh:"), ("swh-incomplete", 4, 0));
    assert_eq!(err("swh:1"), ("swh-incomplete", 5, 0));
    assert_eq!(err("swh:1:cnt"), ("swh-incomplete", 9, 0));
    assert_eq!(err("swh:1:cnt:"), ("swh-incomplete", 10, 0));
    assert_eq!(err(&CNT.replace(":1:", ":2:")), ("swh-version", 4, 1));
    assert_eq!(err("swh:10"), ("swh-version", 4, 2));
    assert_eq!(err(&CNT.replace(":1:", "::")), ("swh-version", 4, 0));
    assert_eq!(hint(&CNT.replace(":1:", ":2:")).unwrap(), "write swh:1:…");
    assert_eq!(err(&CNT.replace("cnt", "xyz")), ("swh-object-type", 6, 3));
    assert_eq!(err("swh:1:content:0"), ("swh-object-type", 6, 7));
    assert_eq!(err("swh:1:dirx"), ("swh-object-type", 6, 4));
    assert_eq!(
        hint(&CNT.replace("cnt", "CNT")).unwrap(),
        "write it in lower case: cnt"
    );
    assert!(
        hint(&CNT.replace("cnt", "ori"))
            .unwrap()
            .contains("extended SWHIDs")
    );
    assert_eq!(hint(&CNT.replace("cnt", "xyz")), None);
    assert_eq!(err(&format!("{}g", &CNT[..49])), ("swh-hash-char", 49, 1));
    assert_eq!(err(&format!("{CNT}é")), ("swh-hash-char", 50, 2));
    assert_eq!(err(&format!("{CNT}:x")), ("swh-hash-char", 50, 1));
    assert_eq!(err(&format!("{CNT}0")), ("swh-hash-length", 10, 41));
    assert_eq!(err(&CNT[..45]), ("swh-hash-length", 10, 35));
    let upper = format!("swh:1:cnt:{}", CNT[10..].to_ascii_uppercase());
    assert_eq!(err(&upper), ("swh-hash-case", 12, 1));
    assert_eq!(
        hint(&upper).unwrap(),
        format!("write it in lower case: {}", &CNT[10..])
    );
    assert_eq!(err(&format!(" {CNT}")), ("swh-whitespace", 0, 1));
    assert_eq!(err(&format!("{CNT}\n")), ("swh-whitespace", 50, 1));
    assert_eq!(err(&format!("{CNT} \t")), ("swh-whitespace", 50, 1));
    assert_eq!(err(" "), ("swh-whitespace", 0, 1));
}

#[test]
fn qualifier_errors() {
    let q = |tail: &str| format!("{FARM}{tail}");
    assert_eq!(err(&q(";")), ("swh-qualifier-empty", 51, 0));
    assert_eq!(err(&q(";;lines=1")), ("swh-qualifier-empty", 51, 0));
    assert_eq!(err(&q(";lines=1;")), ("swh-qualifier-empty", 59, 0));
    assert_eq!(err(&q(";lines")), ("swh-qualifier-no-value", 51, 5));
    assert_eq!(err(&q(";line=1")), ("swh-unknown-qualifier", 51, 4));
    assert_eq!(hint(&q(";line=1")), None);
    assert_eq!(err(&q(";Lines=1")), ("swh-unknown-qualifier", 51, 5));
    assert_eq!(
        hint(&q(";Lines=1")).unwrap(),
        "qualifier names are lower case: lines"
    );
    assert_eq!(
        err(&q(";lines=1;lines=2")),
        ("swh-duplicate-qualifier", 59, 5)
    );
    // origin: an IRI (§4 url_escaped).
    assert_eq!(err(&q(";origin=")), ("swh-origin", 58, 0));
    assert_eq!(err(&q(";origin=gitorious.org/x")), ("swh-origin", 58, 0));
    assert!(
        hint(&q(";origin=gitorious.org/x"))
            .unwrap()
            .contains("https://")
    );
    assert_eq!(err(&q(";origin=https://a b/")), ("swh-origin", 67, 1));
    assert_eq!(err(&q(";origin=https://a/%zz")), ("swh-origin", 68, 3));
    assert_eq!(
        hint(&q(";origin=https://a/%zz")).unwrap(),
        "write a literal '%' as %25"
    );
    // visit: a snapshot's core SWHID (§6.3.3).
    let bad_visit = q(&format!(";origin={ORIGIN};visit={REV}"));
    assert_eq!(
        err(&bad_visit),
        ("swh-visit-type", bad_visit.find(";visit=").unwrap() + 13, 3)
    );
    assert_eq!(err(&q(";visit=snp")), ("swh-not-swhid", 57, 0));
    assert_eq!(
        err(&q(&format!(";visit={}", &SNP[..20]))),
        ("swh-hash-length", 67, 10)
    );
    // anchor: not a content (§6.3.5).
    assert_eq!(
        err(&q(&format!(";anchor={CNT};path=/a"))),
        ("swh-anchor-type", 64, 3)
    );
    // path: an ipath-absolute (§4 path_absolute_escaped).
    assert_eq!(err(&q(";path=")), ("swh-path-not-absolute", 56, 0));
    assert_eq!(err(&q(";path=a/b")), ("swh-path-not-absolute", 56, 0));
    assert_eq!(err(&q(";path=//a")), ("swh-path-not-absolute", 57, 1));
    assert_eq!(err(&q(";path=/a b")), ("swh-path", 58, 1));
    assert_eq!(
        hint(&q(";path=/a b")).unwrap(),
        "percent-encode the space as %20"
    );
    assert_eq!(err(&q(";path=/a?b")), ("swh-path", 58, 1));
    assert_eq!(err(&q(";path=/a#b")), ("swh-path", 58, 1));
    assert_eq!(err(&q(";path=/a%")), ("swh-path", 58, 1));
    // lines and bytes: N or N-M (§4 range), lines from 1 (§6.2.2), start ≤ end.
    assert_eq!(err(&q(";lines=")), ("swh-range", 57, 0));
    assert_eq!(err(&q(";lines=a")), ("swh-range", 57, 1));
    assert_eq!(err(&q(";lines=1-")), ("swh-range", 59, 0));
    assert_eq!(err(&q(";lines=1-2-3")), ("swh-range", 60, 1));
    assert_eq!(err(&q(";lines=-1")), ("swh-range", 57, 1));
    assert_eq!(err(&q(";lines=1,2")), ("swh-range", 58, 1));
    assert_eq!(err(&q(";lines=0")), ("swh-line-zero", 57, 1));
    assert_eq!(err(&q(";lines=00-3")), ("swh-line-zero", 57, 2));
    assert_eq!(err(&q(";lines=15-9")), ("swh-range-order", 57, 4));
    assert_eq!(err(&q(";bytes=10-9")), ("swh-range-order", 57, 4));
    assert!(Swhid::parse(&q(";bytes=0")).is_ok());
    assert!(Swhid::parse(&q(";bytes=0-0")).is_ok());
    assert!(Swhid::parse(&q(";lines=99999999999999999999999-100000000000000000000000")).is_ok());
    assert_eq!(
        err(&q(";lines=100000000000000000000000-99999999999999999999999")),
        ("swh-range-order", 57, 48)
    );
}

#[test]
fn codes_are_unique_and_prefixed() {
    use crate::iri::IriError;
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("swh-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        SwhError::NotSwhid,
        SwhError::Whitespace(' '),
        SwhError::Incomplete,
        SwhError::Version("2".into()),
        SwhError::ObjectType("x".into()),
        SwhError::HashChar(';'),
        SwhError::HashLength(3),
        SwhError::HashCase("a".into()),
        SwhError::QualifierEmpty,
        SwhError::QualifierNoValue("a".into()),
        SwhError::UnknownQualifier("a".into()),
        SwhError::DuplicateQualifier("a".into()),
        SwhError::Origin(IriError::MissingScheme),
        SwhError::VisitType("rev".into()),
        SwhError::AnchorType("cnt".into()),
        SwhError::PathNotAbsolute,
        SwhError::Path(IriError::BadPercent),
        SwhError::Range(None),
        SwhError::LineZero,
        SwhError::RangeOrder,
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("swh-"), "{}", e.code());
        assert!(e.to_string().contains("§"), "{e}");
        codes.insert(e.code());
    }
    assert_eq!(codes.len(), errors.len());
    assert_eq!(
        SwhError::HashChar(';').hint().unwrap(),
        "qualifiers follow the 40 hex digits of the object id"
    );
}

// --- Case, order, ranges: warnings and normal forms ---

#[test]
fn scheme_case() {
    let s = "SWH:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2";
    assert_eq!(warning_codes(s), ["swh-scheme-case"]);
    assert_eq!(key(s, Level::Syntax), CNT);
    assert!(claims(s.as_bytes()));
    let nested = format!("{FARM};origin={ORIGIN};visit=Swh{}", &SNP[3..]);
    let w = swhid(&nested).warnings();
    assert_eq!(
        (w[0].code.as_str(), w[0].offset),
        ("swh-scheme-case", nested.find("Swh").unwrap())
    );
    assert_eq!(
        key(&nested, Level::Syntax),
        format!("{FARM};origin={ORIGIN};visit={SNP}")
    );
}

#[test]
fn qualifier_order_is_warned_once() {
    let s = format!("{FARM};lines=1;path=/a;origin={ORIGIN}");
    let w = swhid(&s).warnings();
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("swh-qualifier-order", 59, 7));
    assert_eq!(
        key(&s, Level::Syntax),
        format!("{FARM};origin={ORIGIN};path=/a;lines=1")
    );
}

#[test]
fn ranges_compare_as_numbers_at_the_scheme_rung() {
    for (range, normal) in [
        ("9-15", "9-15"),
        ("09-15", "9-15"),
        ("9-015", "9-15"),
        ("9-9", "9"),
        ("009-9", "9"),
        ("10", "10"),
        ("010", "10"),
    ] {
        let s = format!("{FARM};lines={range}");
        assert_eq!(key(&s, Level::Syntax), s);
        assert_eq!(key(&s, Level::Scheme), format!("{FARM};lines={normal}"));
    }
    assert_eq!(
        key(&format!("{FARM};bytes=00-0"), Level::Scheme),
        format!("{FARM};bytes=0")
    );
    assert_eq!(
        warning_codes(&format!("{FARM};lines=09-15")),
        ["swh-leading-zero"]
    );
    assert!(warning_codes(&format!("{FARM};bytes=0-10")).is_empty());
}

#[test]
fn origin_and_path_in_their_normal_forms() {
    let s = format!("{FARM};origin=HTTPS://GitHub.com:443/a/./b/%7euser;path=/a/./%7e%2fb/%c3%a9");
    assert_eq!(
        key(&s, Level::Syntax),
        format!("{FARM};origin=https://github.com:443/a/b/~user;path=/a/./~%2Fb/é")
    );
    // The origin's default port goes at the scheme rung (RFC 3986 §6.2.3).
    assert_eq!(
        key(&s, Level::Scheme),
        format!("{FARM};origin=https://github.com/a/b/~user;path=/a/./~%2Fb/é")
    );
    // ';' and '%' stay encoded (§4).
    let s = format!("{FARM};origin=https://a/x%3By%25;path=/a%3Bb");
    assert_eq!(key(&s, Level::Scheme), s);
    // An IRI origin.
    let s = format!("{FARM};origin=https://例え.jp/ü");
    assert_eq!(swhid(&s).origin(), Some("https://例え.jp/ü"));
}

#[test]
fn changes_say_what_the_normal_form_does() {
    let s = "https://archive.softwareheritage.org/SWH:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;lines=01;origin=HTTP://A/b";
    let steps = swhid(s).changes(Level::Scheme);
    assert_eq!(steps.len(), 5, "{steps:?}");
    assert!(steps[0].contains("resolver URL"));
    assert!(steps[1].contains("lower case"));
    assert!(steps[2].contains("canonical order"));
    assert!(steps[3].contains("fragment qualifiers are only valid for contents"));
    assert!(
        steps[4].contains("origin=HTTP://A/b written origin=http://a/b"),
        "{steps:?}"
    );
    assert_eq!(swhid(s).changes(Level::Syntax).len(), 4);
    assert!(swhid(s).changes(Level::Simple).is_empty());
    assert!(swhid(CNT).changes(Level::Scheme).is_empty());
}

// --- Parts, the scheme, detection ---

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let s = format!("{FARM};origin={ORIGIN};lines=9-15");
    let id = swhid(&s);
    let p = id.parts();
    let names: Vec<&str> = SwhidParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "core",
            "object_type",
            "hash",
            "origin",
            "visit",
            "anchor",
            "path",
            "lines",
            "bytes",
            "form",
            "url"
        ]
    );
    assert!(SwhidParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let values: Vec<Value<'_>> = (0..12).map(|i| p.value(i)).collect();
    let url = format!("https://archive.softwareheritage.org/{s}");
    assert_eq!(
        values,
        [
            Value::Str(FARM),
            Value::Str("cnt"),
            Value::Str(&FARM[10..]),
            Value::Str(ORIGIN),
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Str("9-15"),
            Value::Null,
            Value::Str("swhid"),
            Value::Str(&url),
            Value::Null,
        ]
    );
    for f in Form::ALL {
        assert!(SwhidParts::FIELDS[9].values.contains(&f.name()));
    }
}

#[test]
fn through_the_library() {
    use crate::scheme::Scheme;
    use crate::{Identifier, Kind, PidForm, PidOutput};
    for s in [
        CNT,
        "SWH:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "https://archive.softwareheritage.org/browse/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2/",
        "https://archive.softwareheritage.org/api/1/resolve/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2/",
        "https://identifiers.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "https://n2t.net/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
    ] {
        assert_eq!(crate::detect::detect(s), Kind::Swh, "{s}");
        let id = Identifier::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(id.kind(), Kind::Swh);
        assert_eq!(id.normalize(Level::Scheme), CNT);
        assert_eq!(id.key(Level::Syntax).as_str(), CNT);
        assert_eq!(id.name().as_deref(), Some(CNT));
        let url = PidOutput {
            form: PidForm::Url,
            ..PidOutput::default()
        };
        assert_eq!(
            id.normalize_as(Level::Syntax, &url),
            format!("https://archive.softwareheritage.org/{CNT}")
        );
        let r = id.route().unwrap();
        assert_eq!((r.service.name, r.name.as_str()), ("swh", CNT));
        assert_eq!(id.details().unwrap().name(), "swh");
    }
    // A SWHID that breaks the rules gets its error, not an IRI's.
    let zero = format!("{CNT};lines=0");
    let r = crate::read(&zero, &Default::default());
    assert_eq!(
        (r.kind, r.result.unwrap_err().code()),
        (Kind::Swh, "swh-line-zero")
    );
    // The ladder of any IRI consults the scheme: `swh:` IRIs get its normal form.
    let r = crate::IriRef::parse("SWH:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;lines=2;origin=http://a/").unwrap();
    assert_eq!(
        r.normalize(Level::Syntax).as_str(),
        format!("{CNT};origin=http://a/;lines=2")
    );
    assert_eq!(SwhScheme::normal_form("swh:x", Level::Syntax), None);
    assert_eq!(SwhScheme::normal_form(CNT, Level::Simple), None);
    // The route keeps '?' and '#' of an origin in the path.
    let s = format!("{FARM};origin=https://a/b?c#d");
    let r = Identifier::parse(&s).unwrap().route().unwrap();
    assert_eq!(r.name, format!("{FARM};origin=https://a/b%3Fc%23d"));
    // What normalize says it did.
    let w = Identifier::parse(&format!("{FARM};lines=1;origin={ORIGIN}"))
        .unwrap()
        .removed(Level::Syntax);
    assert_eq!(w[0].code, "swh-normalized");
    assert!(Identifier::parse(CNT).unwrap().removed(Level::Scheme).is_empty());
}

#[test]
fn found_in_running_text() {
    use crate::Kind;
    let text = format!(
        "Cite {FARM};origin={ORIGIN};lines=9-15. Or (https://archive.softwareheritage.org/{CNT}), or SWH:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505, not swhx:1."
    );
    let found: Vec<(Kind, String)> = crate::extract::identifiers(&text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Swh, format!("{FARM};origin={ORIGIN};lines=9-15")),
            (
                Kind::Swh,
                format!("https://archive.softwareheritage.org/{CNT}")
            ),
            (
                Kind::Swh,
                "SWH:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505".to_owned()
            ),
        ]
    );
}

/// Found by running the `normalize` and `to_iri` fuzz targets over SWHID-shaped inputs: an IRI
/// that is a SWHID only once its percent-encoding is normalized, or only once the generic
/// syntax normal form removed dot segments across its qualifiers, takes that SWHID's normal
/// form at once (fixed points), and IRIs that differ in their percent-encoding alone stay
/// equivalent.
#[test]
fn ladder_findings() {
    use crate::{IriRef, ToIri, ToUri};
    for s in [
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;bytes=0-10;origin=http://x/;3B/./../%c3%a9;path=/..",
        "SWH:1:cnt:94%61%39ed024d3859793618152ea559a168bbcbb5e2;path=/%7e/a;origin=x:/%c3%a9/../%41",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;path=/..",
    ] {
        let r = IriRef::parse(s).unwrap();
        for level in [Level::Syntax, Level::Scheme] {
            let n = r.normalize(level);
            assert_eq!(n.normalize(level).as_str(), n.as_str(), "{s} at {level:?}");
        }
        let iri = ToIri::new().convert(&r);
        let back = ToUri::new().convert(&iri).unwrap();
        assert!(back.equivalent(&r, Level::Syntax), "{s} -> {}", back.as_str());
    }
}

#[test]
fn an_iri_that_is_a_swhid_only_in_its_syntax_normal_form() {
    use crate::IriRef;
    // %61 is 'a': the generic syntax normal form is a SWHID, whose normal form is taken at once.
    let s = "swh:1:cnt:94%61%39ed024d3859793618152ea559a168bbcbb5e2;lines=1;origin=http://a/";
    let r = IriRef::parse(s).unwrap();
    for level in [Level::Syntax, Level::Scheme] {
        let n = r.normalize(level);
        assert_eq!(
            n.as_str(),
            format!("{CNT};origin=http://a/;lines=1"),
            "{level:?}"
        );
        assert_eq!(n.normalize(level).as_str(), n.as_str());
    }
}

#[test]
fn claims_by_shape() {
    for t in [
        "swh:",
        "SWH:1:x",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "https://archive.softwareheritage.org/swh:",
        "HTTP://Archive.SoftwareHeritage.org/Browse/SWH:",
        "https://archive.softwareheritage.org/api/1/resolve/swh:1",
        "https://identifiers.org/swh:1",
        "https://n2t.net/swh:1",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "swh",
        "swhid:1:cnt:x",
        "https://archive.softwareheritage.org/",
        "https://archive.softwareheritage.org/browse/origin/",
        "https://identifiers.org/doi:10.1000/182",
        "https://n2t.net/ark:12345/x",
        "https://www.softwareheritage.org/swh:1:cnt",
        "ftp://archive.softwareheritage.org/swh:1:cnt",
        "urn:swh:1",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

// --- Properties ---

/// Checks that hold for any input: no panic; an error points at whole characters inside the
/// input; a SWHID is claimed, its warnings point inside it, its normal forms are SWHIDs that
/// are their own normal forms, the `Scheme` key of its `Syntax` form is its own, and its URL
/// reads back as the same SWHID.
fn invariants(s: &str) {
    match Swhid::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(id) => {
            assert!(claims(s.as_bytes()), "{s:?} is a SWHID but not claimed");
            for w in id.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            for level in [Level::Syntax, Level::Scheme] {
                let k = id.key(level);
                let again =
                    Swhid::parse(&k).unwrap_or_else(|e| panic!("{s:?} -> {k:?}: {e}"));
                assert_eq!(again.key(level), k, "not idempotent at {level:?}: {s:?}");
                assert!(again.changes(level).is_empty(), "{k:?}");
                assert!(again.warnings().iter().all(|w| w.code != codes::QUALIFIER_ORDER));
            }
            let syntax = id.key(Level::Syntax);
            assert_eq!(
                Swhid::parse(&syntax).unwrap().key(Level::Scheme),
                id.key(Level::Scheme)
            );
            let url = id.url();
            let back = Swhid::parse(&url).unwrap_or_else(|e| panic!("{s:?} -> {url:?}: {e}"));
            assert_eq!(back.key(Level::Syntax), syntax);
            let _ = (id.parts(), id.changes(Level::Scheme));
        }
    }
    let _ = claims(s.as_bytes());
    // The ladder of the IRI reading, which consults the scheme for `swh:` IRIs: its normal
    // forms are fixed points, and the syntax normal form is equivalent at the scheme rung.
    if let Ok(r) = crate::IriRef::parse(s) {
        for level in [Level::Syntax, Level::Scheme] {
            let n = r.normalize(level);
            assert_eq!(n.normalize(level).as_str(), n.as_str(), "{s:?} at {level:?}");
        }
        assert!(r.equivalent(&r.normalize(Level::Syntax), Level::Scheme), "{s:?}");
    }
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "swh:",
        "swh:1:",
        "swh:1:cnt:",
        "https://archive.softwareheritage.org/swh:",
        "https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2//",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;origin=a:",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;origin=a:#;path=/%41",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;path=/.;lines=01-1",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;origin=http://[::1]/",
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;origin=x:/%c3%a9/../%41",
        "swh:1:dir:94a9ed024d3859793618152ea559a168bbcbb5e2;anchor=SWH:1:dir:94a9ed024d3859793618152ea559a168bbcbb5e2",
    ] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn core() -> impl Strategy<Value = String> {
        ("(cnt|dir|rev|rel|snp)", "[0-9a-f]{40}").prop_map(|(t, h)| format!("swh:1:{t}:{h}"))
    }

    /// A SWHID in the canonical order with valid qualifiers of any kind.
    fn qualified() -> impl Strategy<Value = (String, Vec<String>)> {
        (
            core(),
            proptest::option::of("https?://[a-z0-9]{1,8}(\\.[a-z]{1,3})?(/[a-zA-Z0-9_~-]{1,6}(%25)?){0,3}/?"),
            proptest::option::of("[0-9a-f]{40}"),
            proptest::option::of(("(dir|rev|rel|snp)", "[0-9a-f]{40}")),
            proptest::option::of("(/[a-zA-Z0-9._~-]{1,6}){1,3}"),
            proptest::option::of(("[1-9][0-9]{0,3}", proptest::option::of("[0-9]{1,4}"))),
        )
            .prop_map(|(core, origin, visit, anchor, path, lines)| {
                let mut quals = Vec::new();
                if let Some(o) = origin {
                    quals.push(format!("origin={}", o.replace('%', "%25")));
                }
                if let Some(v) = visit {
                    quals.push(format!("visit=swh:1:snp:{v}"));
                }
                if let Some((t, h)) = anchor {
                    quals.push(format!("anchor=swh:1:{t}:{h}"));
                }
                if let Some(p) = path {
                    quals.push(format!("path={p}"));
                }
                if let Some((a, b)) = lines {
                    let a: u64 = a.parse().unwrap();
                    match b.map(|b| b.parse::<u64>().unwrap()) {
                        Some(b) => quals.push(format!("lines={}-{}", a.min(b.max(1)), a.max(b))),
                        None => quals.push(format!("lines={a}")),
                    }
                }
                (core, quals)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,60}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_swhid_shaped_strings(
            head in "(swh:1:|SWH:1:|swh:2:|https://archive\\.softwareheritage\\.org/swh:1:|https://n2t\\.net/swh:1:|)",
            ty in "(cnt|dir|rev|rel|snp|CNT|ori|)",
            hash in "[0-9a-fA-F]{38,41}",
            tail in "(;(origin|visit|anchor|path|lines|bytes|x)=?[0-9a-z/:.%;=é -]{0,12}){0,3}/?",
        ) {
            invariants(&format!("{head}{ty}:{hash}{tail}"));
        }

        #[test]
        fn normal_form_does_not_depend_on_the_order_or_the_form(
            (core, quals) in qualified(),
            order in any::<u64>(),
            url in "(|https://archive\\.softwareheritage\\.org/|http://archive\\.softwareheritage\\.org/browse/|https://n2t\\.net/)",
            slash in any::<bool>(),
            upper in any::<bool>(),
        ) {
            let canonical = std::iter::once(core.clone()).chain(quals.iter().cloned()).collect::<Vec<_>>().join(";");
            let id = Swhid::parse(&canonical).unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
            prop_assert_eq!(id.key(Level::Syntax), canonical.as_str());
            prop_assert!(matches!(id.key(Level::Syntax), Cow::Borrowed(_)));
            // The same qualifiers in another order, in a URL, with 'SWH'.
            let mut shuffled = quals.clone();
            let n = shuffled.len();
            for i in (1..n).rev() {
                shuffled.swap(i, (order >> (i * 3)) as usize % (i + 1));
            }
            let head = if upper { core.replacen("swh", "SWH", 1) } else { core.clone() };
            let body = std::iter::once(head).chain(shuffled).collect::<Vec<_>>().join(";");
            // In a URL, one trailing '/' is the URL's: a SWHID ending in '/' needs another.
            let slash = if !url.is_empty() && (slash || body.ends_with('/')) { "/" } else { "" };
            let written = format!("{url}{body}{slash}");
            let w = Swhid::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(w.key(Level::Syntax), canonical.as_str());
            prop_assert_eq!(w.key(Level::Scheme), id.key(Level::Scheme));
            prop_assert!(w.equivalent(&id));
            invariants(&written);
            invariants(&canonical);
        }
    }
}
