//! Character classes of the grammar (draft-duerst-iri-bis-07 §2.2, RFC 3986 §2).
//!
//! ASCII classes are one 256-entry table of bit flags, so every production's test is a
//! load and a mask. Non-ASCII classes (`ucschar`, `iprivate`) are a handful of range checks.

/// `ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 `unreserved`).
pub(crate) const UNRESERVED: u8 = 1 << 0;
/// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
pub(crate) const SUB_DELIM: u8 = 1 << 1;
/// `":"`
pub(crate) const COLON: u8 = 1 << 2;
/// `"@"`
pub(crate) const AT: u8 = 1 << 3;
/// `"/"`
pub(crate) const SLASH: u8 = 1 << 4;
/// `"?"`
pub(crate) const QMARK: u8 = 1 << 5;
/// `ALPHA / DIGIT / "+" / "-" / "."` (the tail of `scheme`).
pub(crate) const SCHEME: u8 = 1 << 6;
/// `HEXDIG`
pub(crate) const HEX: u8 = 1 << 7;

/// `iuserinfo` without `pct-encoded` and `ucschar`.
pub(crate) const USERINFO: u8 = UNRESERVED | SUB_DELIM | COLON;
/// `ireg-name` without `pct-encoded` and `ucschar`.
pub(crate) const REG_NAME: u8 = UNRESERVED | SUB_DELIM;
/// `ipchar` without `pct-encoded` and `ucschar`.
pub(crate) const PCHAR: u8 = UNRESERVED | SUB_DELIM | COLON | AT;
/// `ipath` characters: `ipchar / "/"`.
pub(crate) const PATH: u8 = PCHAR | SLASH;
/// `isegment-nz-nc` characters: `ipchar` without `":"`.
pub(crate) const PCHAR_NC: u8 = UNRESERVED | SUB_DELIM | AT;
/// `iquery` / `ifragment` ASCII characters: `ipchar / "/" / "?"`.
pub(crate) const QUERY: u8 = PCHAR | SLASH | QMARK;
/// `IPvFuture` tail: `unreserved / sub-delims / ":"`.
pub(crate) const IPV_FUTURE: u8 = UNRESERVED | SUB_DELIM | COLON;

/// The flag table: `TABLE[b]` holds every class the ASCII byte `b` belongs to.
pub(crate) static TABLE: [u8; 256] = build_table();

const fn build_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        let mut f = 0;
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            f |= UNRESERVED;
        }
        if matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        ) {
            f |= SUB_DELIM;
        }
        if c == b':' {
            f |= COLON;
        }
        if c == b'@' {
            f |= AT;
        }
        if c == b'/' {
            f |= SLASH;
        }
        if c == b'?' {
            f |= QMARK;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.') {
            f |= SCHEME;
        }
        if c.is_ascii_hexdigit() {
            f |= HEX;
        }
        t[b] = f;
        b += 1;
    }
    t
}

/// Whether ASCII byte `b` is in any of the classes of `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u8) -> bool {
    TABLE[b as usize] & mask != 0
}

/// RFC 3986 `unreserved`.
#[inline]
pub fn is_unreserved(b: u8) -> bool {
    is(b, UNRESERVED)
}

/// RFC 3986 `sub-delims`.
#[inline]
pub fn is_sub_delim(b: u8) -> bool {
    is(b, SUB_DELIM)
}

/// RFC 3986 `gen-delims`: `":" / "/" / "?" / "#" / "[" / "]" / "@"`.
#[inline]
pub fn is_gen_delim(b: u8) -> bool {
    matches!(b, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
}

/// RFC 3986 `reserved` (`gen-delims / sub-delims`).
#[inline]
pub fn is_reserved(b: u8) -> bool {
    is_gen_delim(b) || is_sub_delim(b)
}

/// Whether the ASCII byte may appear literally in some URI (`reserved / unreserved / "%"`).
#[inline]
pub fn is_uri_char(b: u8) -> bool {
    is_reserved(b) || is_unreserved(b) || b == b'%'
}

/// Whether `h` and `l` are both `HEXDIG` (the two digits of a `pct-encoded` triplet): two table
/// loads and one test, no branch on which kind of digit each is (the digits of `%XX` in real
/// text are a random mix of digits and letters, so a branch per digit is mispredicted).
#[inline(always)]
pub(crate) fn is_hex_pair(h: u8, l: u8) -> bool {
    TABLE[h as usize] & TABLE[l as usize] & HEX != 0
}

/// The value of an ASCII hex digit, if `b` is one.
#[inline]
pub fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// `ucschar` of draft-duerst-iri-bis-07 §2.2 (identical to RFC 3987's).
///
/// ```
/// assert!(pidkit::chars::is_ucschar('é'));
/// assert!(!pidkit::chars::is_ucschar('\u{FDD0}')); // a noncharacter
/// assert!(!pidkit::chars::is_ucschar('\u{E000}')); // private use: iprivate, not ucschar
/// ```
#[inline]
pub fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        // Planes 1-13: everything but the two noncharacters at the end of each plane.
        0x10000..=0xDFFFF => c & 0xFFFF <= 0xFFFD,
        0xE1000..=0xEFFFD => true,
        _ => false,
    }
}

/// `iprivate` as the seed draft defines it (§2.2): private use plus the tag characters
/// U+E0000–E0FFF.
#[inline]
pub fn is_iprivate_bis(c: char) -> bool {
    is_iprivate_3987(c) || matches!(c as u32, 0xE0000..=0xE0FFF)
}

/// `iprivate` as RFC 3987 defines it: the private use areas only.
#[inline]
pub fn is_iprivate_3987(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The bidirectional formatting characters that IRIs MUST NOT contain (§4.1):
/// LRM U+200E, RLM U+200F and LRE, RLE, PDF, LRO, RLO (U+202A–U+202E).
#[inline]
pub fn is_bidi_format(c: char) -> bool {
    matches!(c as u32, 0x200E | 0x200F | 0x202A..=0x202E)
}

/// The runs of ASCII whitespace (space, tab, CR, LF, FF) before and after `s`, as
/// `(offset, len)`: what the DOI and Handle readers leave out around a name, and say so.
///
/// ```
/// assert_eq!(pidkit::chars::space_around("  10.1000/1\t"), vec![(0, 2), (11, 1)]);
/// assert!(pidkit::chars::space_around("10.1000/1").is_empty());
/// ```
pub fn space_around(s: &str) -> Vec<(usize, usize)> {
    let lead = s.len()
        - s.trim_start_matches(|c: char| c.is_ascii_whitespace())
            .len();
    if lead == s.len() {
        return if s.is_empty() {
            Vec::new()
        } else {
            vec![(0, s.len())]
        };
    }
    let trail = s.len() - s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    [(0, lead), (s.len() - trail, trail)]
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// Whether a line is blank: empty, or only Unicode `White_Space` (U+0009–U+000D, space, NEL,
/// NBSP, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 — the one definition the
/// CLI's streams and the bindings use). Decided on the first byte for nearly every line.
///
/// ```
/// use pidkit::chars::is_blank;
/// assert!(is_blank("") && is_blank(" \t") && is_blank("\u{3000}") && is_blank("\u{0B}") && is_blank("\u{85}"));
/// assert!(!is_blank("a") && !is_blank(" x") && !is_blank("\u{200B}"));
/// ```
pub fn is_blank(s: &str) -> bool {
    match s.as_bytes().first() {
        None => true,
        Some(&b) if b < 0x80 && !(b.is_ascii_whitespace() || b == 0x0B) => false,
        _ => s.chars().all(char::is_whitespace),
    }
}

/// Hand `f` every sixteen-byte block of `b`, for a test ORed over its bytes lane by lane: the
/// whole blocks, then the last sixteen bytes (overlapping the block before: a byte seen twice
/// changes no OR); a text shorter than sixteen bytes is handed once, padded with `pad` (a byte
/// the test passes). Where `f` ORs each lane into a 16-byte accumulator, the compiler keeps it
/// in a vector register; keep `f`'s body a non-inlined function of its own, as inlined into
/// this loop the compiler may split the lanes into scalar registers (callgrind: four times the
/// instructions, in the CLI's JSON escape test).
///
/// ```
/// use pidkit::chars::each_block16;
/// let mut high = [0u8; 16];
/// each_block16("naïve, and longer than sixteen bytes".as_bytes(), b' ', |w| {
///     for (lane, &c) in high.iter_mut().zip(w) {
///         *lane |= c & 0x80;
///     }
/// });
/// assert_ne!(high, [0; 16]);
/// ```
#[inline]
pub fn each_block16(b: &[u8], pad: u8, mut f: impl FnMut(&[u8; 16])) {
    match b.len().checked_sub(16) {
        Some(last) => {
            for w in b.chunks_exact(16) {
                if let Ok(w) = w.try_into() {
                    f(w);
                }
            }
            if let Some(Ok(w)) = b.get(last..).map(<&[u8; 16]>::try_from) {
                f(w);
            }
        }
        None => {
            let mut padded = [pad; 16];
            padded[..b.len()].copy_from_slice(b);
            f(&padded);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_classes_match_the_abnf() {
        let unreserved: Vec<u8> = (0..128u8).filter(|&b| is_unreserved(b)).collect();
        assert_eq!(
            unreserved,
            b"-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        let sub: Vec<u8> = (0..128u8).filter(|&b| is_sub_delim(b)).collect();
        assert_eq!(sub, b"!$&'()*+,;=");
        let scheme: Vec<u8> = (0..128u8).filter(|&b| is(b, SCHEME)).collect();
        assert_eq!(
            scheme,
            b"+-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        );
        assert!((128..=255u8).all(|b| TABLE[b as usize] == 0));
        let uri: Vec<u8> = (0..128u8).filter(|&b| is_uri_char(b)).collect();
        assert_eq!(uri.len(), 66 + 18 + 1);
    }

    #[test]
    fn ucschar_boundaries() {
        for (c, want) in [
            (0x9F, false),
            (0xA0, true),
            (0xD7FF, true),
            (0xE000, false),
            (0xF8FF, false),
            (0xF900, true),
            (0xFDCF, true),
            (0xFDD0, false),
            (0xFDEF, false),
            (0xFDF0, true),
            (0xFFEF, true),
            (0xFFF0, false),
            (0xFFFD, false),
            (0x10000, true),
            (0x1FFFD, true),
            (0x1FFFE, false),
            (0x1FFFF, false),
            (0x20000, true),
            (0xDFFFD, true),
            (0xDFFFE, false),
            (0xE0000, false),
            (0xE0FFF, false),
            (0xE1000, true),
            (0xEFFFD, true),
            (0xEFFFE, false),
            (0xF0000, false),
            (0x10FFFD, false),
        ] {
            let ch = char::from_u32(c).unwrap();
            assert_eq!(is_ucschar(ch), want, "U+{c:04X}");
        }
    }

    #[test]
    fn iprivate_differs_between_profiles_only_on_tags() {
        for c in [0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD] {
            let ch = char::from_u32(c).unwrap();
            assert!(is_iprivate_bis(ch) && is_iprivate_3987(ch), "U+{c:04X}");
        }
        for c in [0xE0000, 0xE0001, 0xE007F, 0xE0FFF] {
            let ch = char::from_u32(c).unwrap();
            assert!(is_iprivate_bis(ch) && !is_iprivate_3987(ch), "U+{c:04X}");
        }
        assert!(!is_iprivate_bis('\u{FFFFE}'));
    }

    #[test]
    fn bidi_formatting_characters() {
        let all: Vec<u32> = (0x2000..0x2100)
            .filter_map(char::from_u32)
            .filter(|&c| is_bidi_format(c))
            .map(|c| c as u32)
            .collect();
        assert_eq!(
            all,
            [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E]
        );
    }
}
