//! Property tests of the IRI grammar (draft-duerst-iri-bis-07 §2.2).
//!
//! * References generated from the ABNF (with non-ASCII `ucschar`, `iprivate` in the query and
//!   `pct-encoded`) parse, give themselves back, and their components are exactly the generated
//!   ones, agree with RFC 3986 Appendix B's regular expression, and reassemble to the input.
//! * Arbitrary strings never panic under any profile and start rule; errors point at a
//!   character boundary inside the input and name the character they report.
//! * The profiles nest: RFC 3986 ⊂ RFC 3987 ⊂ the seed draft, with the same components.

use pidkit::iri::{IriError as ErrorKind, IriParseError as ParseError};
use pidkit::{Iri, IriRef, Profile, Rule};
use proptest::prelude::*;
use proptest::sample::select;

const ALL: [Profile; 3] = [Profile::IriBis, Profile::Rfc3987, Profile::Rfc3986Uri];
const RULES: [Rule; 4] = [
    Rule::IriReference,
    Rule::Iri,
    Rule::AbsoluteIri,
    Rule::RelativeRef,
];

// ---- strategies from the ABNF ----------------------------------------------------------------

fn ascii_of(set: &'static str) -> impl Strategy<Value = String> {
    select(set.as_bytes().to_vec()).prop_map(|b| (b as char).to_string())
}

/// `ucschar` without the bidi formatting characters (which §4.1 forbids).
fn ucschar() -> impl Strategy<Value = String> {
    let plane = (1u32..=13, 0u32..=0xFFFD).prop_map(|(p, c)| (p << 16) | c);
    prop_oneof![
        0xA0u32..0xD800,
        0xF900u32..0xFDD0,
        0xFDF0u32..0xFFF0,
        plane,
        0xE1000u32..0xEFFFE,
    ]
    .prop_filter("bidi formatting", |&c| {
        !matches!(c, 0x200E | 0x200F | 0x202A..=0x202E)
    })
    .prop_map(|c| char::from_u32(c).unwrap().to_string())
}

/// `iprivate` of the seed draft (the tags U+E0000–E0FFF included).
fn iprivate() -> impl Strategy<Value = String> {
    prop_oneof![
        0xE000u32..0xF900,
        0xE0000u32..0xE1000,
        0xF0000u32..0xFFFFE,
        0x100000u32..0x10FFFE,
    ]
    .prop_map(|c| char::from_u32(c).unwrap().to_string())
}

fn pct_encoded() -> impl Strategy<Value = String> {
    (
        ascii_of("0123456789abcdefABCDEF"),
        ascii_of("0123456789abcdefABCDEF"),
    )
        .prop_map(|(a, b)| format!("%{a}{b}"))
}

const UNRESERVED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// `iunreserved / pct-encoded / sub-delims`, weighted towards ASCII.
fn iunreserved_pct_sub() -> BoxedStrategy<String> {
    prop_oneof![
        6 => ascii_of(UNRESERVED),
        2 => ascii_of(SUB_DELIMS),
        1 => pct_encoded(),
        1 => ucschar(),
    ]
    .boxed()
}

fn ipchar() -> BoxedStrategy<String> {
    prop_oneof![8 => iunreserved_pct_sub(), 1 => ascii_of(":@")].boxed()
}

fn concat(
    s: impl Strategy<Value = String> + 'static,
    min: usize,
    max: usize,
) -> BoxedStrategy<String> {
    prop::collection::vec(s, min..=max)
        .prop_map(|v| v.concat())
        .boxed()
}

fn isegment() -> BoxedStrategy<String> {
    concat(ipchar(), 0, 6)
}

fn ipath_abempty() -> BoxedStrategy<String> {
    prop::collection::vec(isegment(), 0..4)
        .prop_map(|v| v.iter().map(|s| format!("/{s}")).collect())
        .boxed()
}

/// `ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]`
fn ipath_absolute() -> BoxedStrategy<String> {
    prop::option::of((concat(ipchar(), 1, 6), ipath_abempty()))
        .prop_map(|o| match o {
            Some((first, rest)) => format!("/{first}{rest}"),
            None => "/".into(),
        })
        .boxed()
}

/// `ipath-rootless = isegment-nz *( "/" isegment )`
fn ipath_rootless() -> BoxedStrategy<String> {
    (concat(ipchar(), 1, 6), ipath_abempty())
        .prop_map(|(a, b)| a + &b)
        .boxed()
}

/// `ipath-noscheme = isegment-nz-nc *( "/" isegment )`
fn ipath_noscheme() -> BoxedStrategy<String> {
    let nc = prop_oneof![8 => iunreserved_pct_sub(), 1 => Just("@".to_string())];
    (concat(nc, 1, 6), ipath_abempty())
        .prop_map(|(a, b)| a + &b)
        .boxed()
}

fn h16() -> BoxedStrategy<String> {
    concat(ascii_of("0123456789abcdefABCDEF"), 1, 4)
}

fn ipv4() -> BoxedStrategy<String> {
    let dec_octet = (0u16..=255).prop_map(|n| n.to_string());
    prop::collection::vec(dec_octet, 4)
        .prop_map(|v| v.join("."))
        .boxed()
}

/// `ls32 = ( h16 ":" h16 ) / IPv4address`
fn ls32() -> BoxedStrategy<String> {
    prop_oneof![(h16(), h16()).prop_map(|(a, b)| format!("{a}:{b}")), ipv4()].boxed()
}

/// All nine `IPv6address` forms: `6( h16 ":" ) ls32`, or `a` pieces, "::", then `b` pieces
/// with `a + b <= 7` (the last two may be an IPv4 `ls32`).
fn ipv6() -> BoxedStrategy<String> {
    let full =
        (prop::collection::vec(h16(), 6), ls32()).prop_map(|(h, l)| format!("{}:{l}", h.join(":")));
    let compressed = (0usize..=7)
        .prop_flat_map(|a| (Just(a), 0usize..=7 - a))
        .prop_flat_map(|(a, b)| {
            (
                prop::collection::vec(h16(), a),
                prop::collection::vec(h16(), b),
                any::<bool>().prop_map(move |v4| v4 && b >= 2),
                ipv4(),
            )
        })
        .prop_map(|(left, mut right, v4, addr)| {
            if v4 {
                right.truncate(right.len() - 2);
                right.push(addr);
            }
            format!("{}::{}", left.join(":"), right.join(":"))
        });
    prop_oneof![full, compressed].boxed()
}

fn ipvfuture() -> BoxedStrategy<String> {
    (
        ascii_of("vV"),
        concat(ascii_of("0123456789abcdefABCDEF"), 1, 3),
        concat(
            prop_oneof![ascii_of(UNRESERVED), ascii_of(SUB_DELIMS), ascii_of(":")],
            1,
            8,
        ),
    )
        .prop_map(|(v, h, t)| format!("{v}{h}.{t}"))
        .boxed()
}

fn ireg_name() -> BoxedStrategy<String> {
    concat(iunreserved_pct_sub(), 0, 12)
}

fn ihost() -> BoxedStrategy<String> {
    prop_oneof![
        6 => ireg_name(),
        1 => ipv4(),
        2 => ipv6().prop_map(|a| format!("[{a}]")),
        1 => ipvfuture().prop_map(|a| format!("[{a}]")),
    ]
    .boxed()
}

/// The components of a generated reference, as the parser must report them.
#[derive(Debug, Clone)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    fn authority(&self) -> Option<String> {
        let host = self.host.as_ref()?;
        let mut a = String::new();
        if let Some(u) = &self.userinfo {
            a += u;
            a += "@";
        }
        a += host;
        if let Some(p) = &self.port {
            a += ":";
            a += p;
        }
        Some(a)
    }

    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(x) = &self.scheme {
            s += x;
            s += ":";
        }
        if let Some(a) = self.authority() {
            s += "//";
            s += &a;
        }
        s += &self.path;
        if let Some(q) = &self.query {
            s += "?";
            s += q;
        }
        if let Some(f) = &self.fragment {
            s += "#";
            s += f;
        }
        s
    }
}

/// An `IRI-reference` of the seed draft; `hash_in_fragment` allows the draft's '#' in fragments.
fn iri_reference(hash_in_fragment: bool) -> BoxedStrategy<Parts> {
    let scheme = (
        ascii_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        concat(
            ascii_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-."),
            0,
            6,
        ),
    )
        .prop_map(|(a, b)| a + &b);
    let authority = (
        prop::option::of(concat(prop_oneof![ipchar_no_at(), ascii_of(":")], 0, 8)),
        ihost(),
        prop::option::of(concat(ascii_of("0123456789"), 0, 6)),
    );
    let query = concat(
        prop_oneof![8 => ipchar(), 1 => ascii_of("/?"), 1 => iprivate()],
        0,
        10,
    );
    let frag_extra = if hash_in_fragment { "/?#" } else { "/?" };
    let fragment = concat(prop_oneof![8 => ipchar(), 2 => ascii_of(frag_extra)], 0, 10);
    (
        prop::option::of(scheme),
        prop::option::of(authority),
        0u8..4,
        ipath_absolute(),
        ipath_rootless(),
        ipath_noscheme(),
        ipath_abempty(),
        (prop::option::of(query), prop::option::of(fragment)),
    )
        .prop_map(
            |(
                scheme,
                authority,
                path_kind,
                abs,
                rootless,
                noscheme,
                abempty,
                (query, fragment),
            )| {
                let (userinfo, host, port, path) = match authority {
                    Some((u, h, p)) => (u, Some(h), p, abempty),
                    None => {
                        let path = match path_kind {
                            0 => String::new(),
                            1 => abs,
                            _ if scheme.is_some() => rootless,
                            _ => noscheme,
                        };
                        (None, None, None, path)
                    }
                };
                Parts {
                    scheme,
                    userinfo,
                    host,
                    port,
                    path,
                    query,
                    fragment,
                }
            },
        )
        .boxed()
}

fn ipchar_no_at() -> BoxedStrategy<String> {
    iunreserved_pct_sub()
}

// ---- oracles -----------------------------------------------------------------------------------

/// RFC 3986 Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` →
/// `[scheme ($2), authority ($4), path ($5), query ($7), fragment ($9)]`.
fn appendix_b(s: &str) -> [Option<&str>; 5] {
    let mut rest = s;
    let mut scheme = None;
    if let Some(i) = rest.find([':', '/', '?', '#'])
        && i > 0
        && rest.as_bytes()[i] == b':'
    {
        scheme = Some(&rest[..i]);
        rest = &rest[i + 1..];
    }
    let mut authority = None;
    if let Some(r) = rest.strip_prefix("//") {
        let end = r.find(['/', '?', '#']).unwrap_or(r.len());
        authority = Some(&r[..end]);
        rest = &r[end..];
    }
    let (before_frag, fragment) = match rest.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (rest, None),
    };
    let (path, query) = match before_frag.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (before_frag, None),
    };
    [scheme, authority, Some(path), query, fragment]
}

fn reassemble(r: &IriRef<&str>) -> String {
    let mut s = String::new();
    if let Some(x) = r.scheme() {
        s = s + x + ":";
    }
    if r.authority().is_some() {
        s += "//";
        if let Some(u) = r.userinfo() {
            s = s + u + "@";
        }
        s += r.host_str().unwrap();
        if let Some(p) = r.port() {
            s = s + ":" + p;
        }
    }
    s += r.path();
    if let Some(q) = r.query() {
        s = s + "?" + q;
    }
    if let Some(f) = r.fragment() {
        s = s + "#" + f;
    }
    s
}

/// Errors point inside the input, on character boundaries, and name what they report.
fn check_error(s: &str, e: &ParseError) -> Result<(), TestCaseError> {
    let end = e.offset + e.len;
    prop_assert!(
        e.offset < s.len() || (e.offset == s.len() && e.len == 0),
        "{s:?}: {e:?}"
    );
    prop_assert!(end <= s.len(), "{s:?}: {e:?}");
    prop_assert!(
        s.is_char_boundary(e.offset) && s.is_char_boundary(end),
        "{s:?}: {e:?}"
    );
    match e.kind {
        ErrorKind::InvalidChar(c)
        | ErrorKind::NonAscii(c)
        | ErrorKind::BidiFormatChar(c)
        | ErrorKind::PrivateUseOutsideQuery(c) => {
            prop_assert!(s[e.offset..].starts_with(c), "{s:?}: {e:?}");
            prop_assert_eq!(e.len, c.len_utf8());
        }
        ErrorKind::BadPercent => prop_assert!(s[e.offset..].starts_with('%')),
        ErrorKind::BadIpv6(_) | ErrorKind::BadIpvFuture => {
            prop_assert!(s[e.offset..].starts_with('['))
        }
        ErrorKind::Empty => prop_assert!(s.is_empty()),
        _ => {}
    }
    prop_assert!(!e.to_string().is_empty());
    Ok(())
}

/// Everything that must hold for any input `s`.
fn check_any(s: &str) -> Result<(), TestCaseError> {
    let mut accepted = [false; 3];
    for (k, profile) in ALL.into_iter().enumerate() {
        let by_rule = RULES.map(|rule| IriRef::parse_rule(s, rule, profile));
        for r in &by_rule {
            match r {
                Ok(r) => {
                    prop_assert_eq!(r.as_str(), s);
                    prop_assert_eq!(reassemble(r), s);
                    prop_assert_eq!(
                        [
                            r.scheme(),
                            r.authority(),
                            Some(r.path()),
                            r.query(),
                            r.fragment()
                        ],
                        appendix_b(s)
                    );
                }
                Err(e) => check_error(s, e)?,
            }
        }
        // The start rules are views of one grammar.
        let [reference, iri, absolute, relative] = &by_rule;
        let abs = reference.as_ref().is_ok_and(|r| r.is_absolute());
        prop_assert_eq!(iri.is_ok(), abs, "{:?}", s);
        prop_assert_eq!(relative.is_ok(), reference.is_ok() && !abs, "{:?}", s);
        prop_assert_eq!(
            absolute.is_ok(),
            iri.as_ref().is_ok_and(|r| r.fragment().is_none()),
            "{:?}",
            s
        );
        accepted[k] = reference.is_ok();
    }
    // RFC 3986 ⊂ RFC 3987 ⊂ the seed draft, with identical components.
    prop_assert!(!accepted[2] || accepted[1], "{:?}", s);
    prop_assert!(!accepted[1] || accepted[0], "{:?}", s);
    Ok(())
}

/// Pieces that reach every branch of the parser when strung together.
fn iri_ish() -> impl Strategy<Value = String> {
    let pieces = [
        ":",
        "/",
        "//",
        "?",
        "#",
        "@",
        "[",
        "]",
        "%",
        "%4",
        "%41",
        "%g",
        "::",
        ".",
        "v1.",
        "v",
        "1",
        "255",
        "256",
        "0",
        "a",
        "Z",
        "-",
        "+",
        "~",
        " ",
        "\u{7F}",
        "\0",
        "é",
        "例",
        "😀",
        "\u{A0}",
        "\u{E000}",
        "\u{E0001}",
        "\u{F0000}",
        "\u{202E}",
        "\u{200E}",
        "\u{FFFF}",
        "\u{FDD0}",
        "\u{FFFD}",
        "\u{10FFFF}",
        "http",
        "://",
        "[::1]",
        "[v1.x]",
        "1.2.3.4",
        ":80",
        "x@",
    ];
    prop::collection::vec(select(pieces.to_vec()), 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Generated `IRI-reference`s of the seed draft parse, round-trip, and split into exactly
    /// the generated components.
    #[test]
    fn generated_references_round_trip(parts in iri_reference(true)) {
        let text = parts.text();
        let r = IriRef::parse(text.as_str())
            .map_err(|e| TestCaseError::fail(format!("{text:?}: {e} ({e:?})")))?;
        prop_assert_eq!(r.to_string(), text.clone());
        prop_assert_eq!(r.scheme(), parts.scheme.as_deref());
        let authority = parts.authority();
        prop_assert_eq!(r.authority(), authority.as_deref());
        prop_assert_eq!(r.userinfo(), parts.userinfo.as_deref());
        prop_assert_eq!(r.host_str(), parts.host.as_deref());
        prop_assert_eq!(r.port(), parts.port.as_deref());
        prop_assert_eq!(r.path(), parts.path.as_str());
        prop_assert_eq!(r.query(), parts.query.as_deref());
        prop_assert_eq!(r.fragment(), parts.fragment.as_deref());
        let owned = r.to_owned();
        prop_assert_eq!(owned.as_str(), text.as_str());
        let parsed: IriRef<String> = text.parse().unwrap();
        prop_assert_eq!(parsed.as_borrowed(), r);
        if parts.scheme.is_some() {
            prop_assert!(Iri::parse(text.as_str()).is_ok());
        }
        check_any(&text)?;
    }

    /// Without '#' in fragments and without tags, the same references are RFC 3987 IRIs.
    #[test]
    fn generated_references_are_rfc3987(parts in iri_reference(false)) {
        let text = parts.text();
        let tags = text.chars().any(|c| matches!(c as u32, 0xE0000..=0xE0FFF));
        let r = IriRef::parse_with(text.as_str(), Profile::Rfc3987);
        prop_assert_eq!(r.is_ok(), !tags, "{:?}: {:?}", text, r.err());
        if text.is_ascii() {
            prop_assert!(IriRef::parse_with(text.as_str(), Profile::Rfc3986Uri).is_ok(), "{:?}", text);
        }
    }

    /// Arbitrary Unicode never panics, under every profile and start rule.
    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        check_any(&s)?;
    }

    /// Strings made of the grammar's delimiters and tricky characters reach every branch.
    #[test]
    fn iri_like_strings_never_panic(s in iri_ish()) {
        check_any(&s)?;
    }
}
