//! Liberal input mapped to IRIs: LEIRI (draft-duerst-iri-bis-07 §7.1) and Web Address (§7.2)
//! preprocessing.

use std::borrow::Cow;

use super::error::IriParseError;
use super::parse::Profile;
use super::types::IriRef;
use crate::chars;
use crate::pct::push_encoded;

/// A liberal syntax whose strings are mapped to IRI references before parsing (§7).
///
/// * [`Lenient::Leiri`] (§7.1): every character of `leiri-ucschar` that is not `ucschar` is
///   percent-encoded as UTF-8: space, `<` `>` `"` `{` `}` `|` `\` `^` `` ` ``, C0 controls, DEL,
///   C1 controls, private use (also in the query: the rule encodes all of `leiri-ucschar` that
///   is not `ucschar`), non-characters, specials, tags. Bidi formatting characters (which
///   LEIRI processors did not forbid, but §4.1 does) are encoded too, so that the result is an IRI.
/// * [`Lenient::WebAddress`] (§7.2): first strip leading and trailing space, TAB, LF and CR, and
///   every TAB, LF and CR inside (`href-strip`: what browsers strip); a `\` before the query
///   or fragment becomes `/` (`href-path-sep`; done before step 3 would encode it);
///   then encode as LEIRI does; then write a `%` not followed by two hex digits as `%25`.
///
/// A string that maps to itself is borrowed. Parse errors point into the original string.
///
/// ```
/// use pidkit::Lenient;
/// assert_eq!(Lenient::Leiri.map("http://a/b c<d>?e|f"), "http://a/b%20c%3Cd%3E?e%7Cf");
/// let web = Lenient::WebAddress.parse(" http:\\\\example.org\\a\tb\\c?x=100%\\ ")?;
/// assert_eq!(web, "http://example.org/ab/c?x=100%25%5C");
/// assert_eq!(web.host_str(), Some("example.org"));
/// let err = Lenient::Leiri.parse("http://a/%zz").unwrap_err();
/// assert_eq!((err.code(), err.offset), ("bad-percent", 9));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lenient {
    /// Legacy Extended IRIs (§7.1), as in XML system identifiers and XLink.
    Leiri,
    /// Web Addresses (§7.2), as browsers read `href` values.
    WebAddress,
}

/// What happens to one input character.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Act {
    Keep,
    Drop,
    Slash,
    Encode,
    Percent25,
}

impl Lenient {
    /// The name the CLI uses: `leiri` or `web`.
    pub fn name(self) -> &'static str {
        match self {
            Lenient::Leiri => "leiri",
            Lenient::WebAddress => "web",
        }
    }

    /// Map `s` to the string that should be an IRI reference (borrowed when unchanged).
    pub fn map(self, s: &str) -> Cow<'_, str> {
        let mut changed = false;
        self.walk(s, |_, _, act| changed |= act != Act::Keep);
        let (start, end) = self.bounds(s);
        if !changed {
            return Cow::Borrowed(&s[start..end]);
        }
        let mut out = String::with_capacity(s.len() + 16);
        self.walk(s, |_, c, act| match act {
            Act::Keep => out.push(c),
            Act::Drop => {}
            Act::Slash => out.push('/'),
            Act::Encode => {
                let mut buf = [0; 4];
                c.encode_utf8(&mut buf)
                    .bytes()
                    .for_each(|b| push_encoded(&mut out, b));
            }
            Act::Percent25 => out.push_str("%25"),
        });
        Cow::Owned(out)
    }

    /// [`map`](Self::map) then parse as an IRI reference (default profile). Error offsets and
    /// lengths refer to `s`.
    pub fn parse(self, s: &str) -> Result<IriRef<Cow<'_, str>>, IriParseError> {
        self.parse_with(s, Profile::default())
    }

    /// [`map`](Self::map) then parse as an IRI reference under `profile`.
    ///
    /// ```
    /// use pidkit::{Lenient, Profile};
    /// assert!(Lenient::Leiri.parse_with("a#b#c", Profile::Rfc3987).is_err());
    /// assert!(Lenient::Leiri.parse_with("/a b", Profile::Rfc3986Uri).is_ok()); // "/a%20b"
    /// ```
    pub fn parse_with(
        self,
        s: &str,
        profile: Profile,
    ) -> Result<IriRef<Cow<'_, str>>, IriParseError> {
        IriRef::parse_with(self.map(s), profile).map_err(|mut e| {
            let end = self.source_offset(s, e.offset + e.len);
            e.offset = self.source_offset(s, e.offset);
            e.len = end.saturating_sub(e.offset);
            e
        })
    }

    /// The part of `s` that is kept: Web Addresses lose surrounding whitespace.
    fn bounds(self, s: &str) -> (usize, usize) {
        match self {
            Lenient::Leiri => (0, s.len()),
            Lenient::WebAddress => {
                let ws = [' ', '\t', '\n', '\r'];
                let start = s.len() - s.trim_start_matches(ws).len();
                (start, start + s[start..].trim_end_matches(ws).len())
            }
        }
    }

    /// Decide the fate of each character of the kept part: `f(offset, char, act)`.
    fn walk(self, s: &str, mut f: impl FnMut(usize, char, Act)) {
        let web = self == Lenient::WebAddress;
        let (start, end) = self.bounds(s);
        let kept = &s[start..end];
        let mut hier = true; // before the query and fragment
        for (i, c) in kept.char_indices() {
            let act = match c {
                '\t' | '\n' | '\r' if web => Act::Drop,
                '\\' if web && hier => Act::Slash,
                '?' | '#' => {
                    hier = false;
                    Act::Keep
                }
                '%' if web && !hex_follows(&kept[i + 1..]) => Act::Percent25,
                c if not_ucschar(c) => Act::Encode,
                _ => Act::Keep,
            };
            f(start + i, c, act);
        }
    }

    /// The offset in `s` of the character that produced byte `mapped` of the mapped string.
    fn source_offset(self, s: &str, mapped: usize) -> usize {
        let mut at = 0;
        let mut found = None;
        self.walk(s, |i, c, act| {
            let len = match act {
                Act::Keep => c.len_utf8(),
                Act::Drop => 0,
                Act::Slash => 1,
                Act::Encode => 3 * c.len_utf8(),
                Act::Percent25 => 3,
            };
            if found.is_none() && at + len > mapped {
                found = Some(i);
            }
            at += len;
        });
        found.unwrap_or(self.bounds(s).1)
    }
}

/// Whether two hex digits follow (TAB, LF and CR, which Web Address processing strips, are
/// skipped).
fn hex_follows(rest: &str) -> bool {
    let mut digits = rest.bytes().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    digits.next().is_some_and(|b| b.is_ascii_hexdigit())
        && digits.next().is_some_and(|b| b.is_ascii_hexdigit())
}

/// `leiri-ucschar` / `href-ucschar` characters that are not `ucschar` (or that §4.1 forbids).
fn not_ucschar(c: char) -> bool {
    if c.is_ascii() {
        let b = c as u8;
        b <= 0x20
            || b == 0x7F
            || matches!(
                b,
                b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`'
            )
    } else {
        !chars::is_ucschar(c) || chars::is_bidi_format(c)
    }
}

// ---- WHATWG URL host parsing: hosts that end in a number ----

/// The schemes whose hosts the WHATWG URL Standard parses as domains or IPv4 addresses (its
/// "special" schemes; the others have opaque hosts).
const SPECIAL_SCHEMES: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];

/// The WHATWG "domain to ASCII" of a non-ASCII (or `xn--`) domain; `None` when it fails.
#[cfg(feature = "idna")]
fn domain_to_ascii(domain: &str) -> Option<String> {
    // (A label over 63 octets would cost the `idna` crate quadratic time; no IPv4 address
    // has one, and no browser-relevant answer depends on it.)
    if super::convert::overlong_label(domain).is_some() {
        return None;
    }
    Some(
        idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::URL)
            .ok()?
            .into_owned(),
    )
}

/// Without IDNA (the `idna` feature off) what browsers make of a non-ASCII host is not known
/// here: no answer rather than a guess (so no `web-ipv4-shorthand` warning for such hosts).
#[cfg(not(feature = "idna"))]
fn domain_to_ascii(_domain: &str) -> Option<String> {
    None
}

/// What a browser makes of `host` (a `reg-name` of a special scheme, as written), when that
/// host "ends in a number" (WHATWG URL Standard, host parser): the IPv4 address it reads, or
/// `Err(())` when it reads none (the URL is then refused). `None` for a host that does not end
/// in a number, or that browsers refuse before that question (its domain to ASCII fails).
///
/// The steps: percent-decode and UTF-8-decode, domain to ASCII (UTS #46 without STD3 rules,
/// without DNS length checks), then the IPv4 parser: up to four dot-separated numbers,
/// decimal, octal (leading `0`) or hexadecimal (`0x`), the last filling the remaining octets
/// (`127.1` is 127.0.0.1, `0x7f.1` too, `017700000001` as well).
pub(crate) fn web_ipv4(scheme: &str, host: &str) -> Option<Result<std::net::Ipv4Addr, ()>> {
    // A cheap look at the last label as written: a number has no letters but hex digits and
    // 'x' (non-ASCII and %XX may map to digits, so they go on to the full steps).
    let last = host.strip_suffix('.').unwrap_or(host);
    // A number ends in a hex digit (or is `0x`); most hosts end in a letter past `f` (`com`,
    // `org`): done first, before the last label or the scheme is looked at. (Non-ASCII may
    // map to a digit.)
    if !last
        .bytes()
        .next_back()
        .is_some_and(|b| b.is_ascii_hexdigit() || b == b'x' || b == b'X' || !b.is_ascii())
    {
        return None;
    }
    if !SPECIAL_SCHEMES
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
    {
        return None;
    }
    let last = &last[last.rfind('.').map_or(0, |i| i + 1)..];
    if last
        .bytes()
        .any(|b| b.is_ascii_alphabetic() && !b.is_ascii_hexdigit() && b != b'x' && b != b'X')
    {
        return None;
    }
    // And a number starts with a digit (decimal, octal `0…`, hex `0x…`): `de`, `cafe` or `be`
    // as written is a name, whatever UTS #46 makes of it (it lower-cases ASCII, nothing more).
    if last.bytes().all(|b| b.is_ascii() && b != b'%')
        && !last.starts_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    let bytes = crate::pct::decode_bytes(host);
    let domain = String::from_utf8_lossy(&bytes);
    let ascii: Cow<'_, str> = if domain.is_ascii() && !domain.split('.').any(super::convert::is_ace)
    {
        // UTS #46 maps ASCII to lowercase; the forbidden domain code points refuse the host.
        if domain
            .bytes()
            .any(|b| b <= 0x20 || b == 0x7F || b"#/:<>?@[\\]^|%".contains(&b))
        {
            return None;
        }
        Cow::Owned(domain.to_ascii_lowercase())
    } else {
        Cow::Owned(domain_to_ascii(&domain)?)
    };
    let mut parts: Vec<&str> = ascii.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return None;
        }
        parts.pop();
    }
    // Ends in a number: the last part is all digits, or parses as an IPv4 number.
    let last = parts.last()?;
    if !((!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
        || ipv4_number(last).is_some())
    {
        return None;
    }
    Some(ipv4(&parts))
}

/// The WHATWG IPv4 parser on the parts of a host that ends in a number.
fn ipv4(parts: &[&str]) -> Result<std::net::Ipv4Addr, ()> {
    if parts.len() > 4 {
        return Err(());
    }
    let numbers = parts
        .iter()
        .map(|p| ipv4_number(p).ok_or(()))
        .collect::<Result<Vec<u64>, ()>>()?;
    let (last, first) = numbers.split_last().ok_or(())?;
    if first.iter().any(|&n| n > 255) || *last >= 1u64 << (8 * (5 - numbers.len())) {
        return Err(());
    }
    let mut v = *last;
    for (i, &n) in first.iter().enumerate() {
        v += n << (8 * (3 - i));
    }
    u32::try_from(v).map(std::net::Ipv4Addr::from).map_err(drop)
}

/// The WHATWG IPv4 number parser: decimal, `0x` hexadecimal, or octal with a leading `0`;
/// `None` when it is not a number. Values past 2^32 come out as 2^32 (enough to refuse them).
fn ipv4_number(s: &str) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    let mut v: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        v = (v * u64::from(radix) + u64::from(d)).min(1 << 32);
    }
    Some(v)
}

impl std::str::FromStr for Lenient {
    type Err = String;
    /// `leiri` or `web`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "leiri" => Ok(Lenient::Leiri),
            "web" => Ok(Lenient::WebAddress),
            _ => Err(format!(
                "unknown lenient syntax '{s}' (expected leiri or web)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leiri_encodes_what_is_not_ucschar() {
        let m = Lenient::Leiri
            .map("x:\u{0}\u{1F}\u{7F}\u{85}\u{A0}\u{E000}\u{FDD0}\u{FFFD}\u{E0041}\u{202E}é");
        assert_eq!(
            m,
            "x:%00%1F%7F%C2%85\u{A0}%EE%80%80%EF%B7%90%EF%BF%BD%F3%A0%81%81%E2%80%AEé"
        );
        assert!(matches!(
            Lenient::Leiri.map("http://a/é?%"),
            Cow::Borrowed(_)
        ));
        assert!(Lenient::Leiri.parse("http://a/é?%").is_err());
        assert_eq!(Lenient::Leiri.map(" a "), "%20a%20");
    }

    #[test]
    fn web_addresses() {
        let w = Lenient::WebAddress;
        assert_eq!(w.map("\t\n http://a/\r\nb \t"), "http://a/b");
        assert_eq!(w.map("http://a/%2\n0%"), "http://a/%20%25");
        assert_eq!(w.map("a\\b?c\\d#e\\f"), "a/b?c%5Cd#e%5Cf");
        assert!(matches!(w.map("http://a/"), Cow::Borrowed("http://a/")));
        assert!(matches!(w.map("  http://a/ "), Cow::Borrowed("http://a/")));
    }

    #[test]
    #[cfg(feature = "idna")]
    fn hosts_that_end_in_a_number() {
        let ip = |h: &str| web_ipv4("http", h).map(|r| r.map(|a| a.to_string()));
        let ok = |s: &str| Some(Ok(s.to_owned()));
        assert_eq!(ip("0x7f.1"), ok("127.0.0.1"));
        assert_eq!(ip("017700000001"), ok("127.0.0.1"));
        assert_eq!(ip("127.1"), ok("127.0.0.1"));
        assert_eq!(ip("127.0.0.1"), ok("127.0.0.1"));
        assert_eq!(ip("0x"), ok("0.0.0.0"));
        assert_eq!(ip("１２７.１"), ok("127.0.0.1")); // full-width digits map to ASCII
        assert_eq!(ip("%31%32%37.1."), ok("127.0.0.1"));
        assert_eq!(ip("192.168.257"), ok("192.168.1.1"));
        assert_eq!(ip("192.168.0.257"), Some(Err(())));
        assert_eq!(ip("256.1.1.1"), Some(Err(())));
        assert_eq!(ip("1.2.3.4.5"), Some(Err(())));
        assert_eq!(ip("4294967296"), Some(Err(())));
        assert_eq!(ip("0x1.09"), Some(Err(()))); // "09" is not octal
        assert_eq!(ip("example.com"), None);
        // Hex letters alone are no number: a number starts with a digit.
        assert_eq!(ip("www.example.de"), None);
        assert_eq!(ip("cafe."), None);
        assert_eq!(ip("1.2.3.bad"), None);
        assert_eq!(ip("A.0X1F"), Some(Err(()))); // a number, but "a" is not
        assert_eq!(ip("1.0X1F"), ok("1.0.0.31"));
        assert_eq!(ip("%64e"), None); // "de" once decoded
        assert_eq!(ip("1.2.3.4."), ok("1.2.3.4"));
        assert_eq!(ip("1.2.3.0X"), ok("1.2.3.0"));
        assert_eq!(ip("1.2.3.%34"), ok("1.2.3.4"));
        assert_eq!(ip("1.2.3.４"), ok("1.2.3.4")); // a full-width digit last
        assert_eq!(ip("a.0x1g"), None);
        assert_eq!(ip("1.2.3.com"), None);
        assert_eq!(ip("."), None);
        assert_eq!(web_ipv4("foo", "127.1"), None); // an opaque host
    }

    #[test]
    fn errors_point_into_the_input() {
        let e = Lenient::WebAddress.parse("  \tht tp://[x/").unwrap_err();
        let mapped = Lenient::WebAddress.map("  \tht tp://[x/");
        assert_eq!(mapped, "ht%20tp://[x/");
        // "ht%20tp:" reads as a relative path whose first segment has a ':' (at 8 in the input)
        assert_eq!((e.offset, e.code()), (8, "colon-in-first-segment"));
        let e = Lenient::Leiri.parse("h^ttp:prop").unwrap_err();
        assert_eq!(
            (e.code(), e.offset, e.len),
            ("colon-in-first-segment", 5, 1)
        );
    }
}
