//! Percent-encoding (RFC 3986 §2.1) and strict UTF-8 decoding (draft-duerst-iri-bis-07 §3.7, §10).
//!
//! Encoding always writes uppercase hex. Decoding into text is strict: overlong forms,
//! surrogates and truncated sequences never yield characters.

use std::borrow::Cow;

use crate::chars::hex_value;

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `"%00%01…%FF"`: the triplet of byte `b` is `TRIPLETS[3 * b..3 * b + 3]`.
const TRIPLETS: &str = match std::str::from_utf8(&triplets()) {
    Ok(s) => s,
    Err(_) => panic!("ASCII"),
};

const fn triplets() -> [u8; 768] {
    let mut t = [0u8; 768];
    let mut b = 0;
    while b < 256 {
        t[3 * b] = b'%';
        t[3 * b + 1] = HEX_UPPER[b >> 4];
        t[3 * b + 2] = HEX_UPPER[b & 15];
        b += 1;
    }
    t
}

/// Append `%XX` (uppercase hex) for byte `b`.
#[inline]
pub fn push_encoded(out: &mut String, b: u8) {
    let i = 3 * b as usize;
    out.push_str(&TRIPLETS[i..i + 3]);
}

/// Append `s` to `out`, percent-encoding (as UTF-8, uppercase hex) every character for which
/// `keep` is false. `keep` sees each character; non-ASCII characters are encoded byte by byte.
///
/// ```
/// let mut out = String::new();
/// pidkit::pct::encode_into(&mut out, "a b/é", |c| c.is_ascii_alphanumeric() || c == '/');
/// assert_eq!(out, "a%20b/%C3%A9");
/// ```
pub fn encode_into(out: &mut String, s: &str, keep: impl Fn(char) -> bool) {
    let mut buf = [0u8; 4];
    for c in s.chars() {
        if keep(c) {
            out.push(c);
        } else {
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                push_encoded(out, b);
            }
        }
    }
}

/// The byte value of `%XX` at `s[i..]`, if `s[i]` starts a valid percent-encoding.
#[inline]
pub fn decode_at(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*s.get(i + 1)?)?;
    let lo = hex_value(*s.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Decode every valid `%XX` into its byte; other bytes (including a stray `%`) are kept.
/// Borrows when there is nothing to decode.
///
/// ```
/// assert_eq!(&*pidkit::pct::decode_bytes("a%20b%zz"), b"a b%zz");
/// ```
pub fn decode_bytes(s: &str) -> Cow<'_, [u8]> {
    let b = s.as_bytes();
    let Some(first) = memchr::memchr(b'%', b) else {
        return Cow::Borrowed(b);
    };
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..first]);
    let mut i = first;
    // At a '%' here; the bytes up to the next one are copied in one go.
    while i < b.len() {
        if let Some(v) = decode_at(b, i) {
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
        let next = memchr::memchr(b'%', &b[i..]).map_or(b.len(), |k| i + k);
        out.extend_from_slice(&b[i..next]);
        i = next;
    }
    Cow::Owned(out)
}

/// Why percent-decoded bytes are not text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Utf8Error {
    /// Byte offset, in the encoded input, of the first `%XX` (or byte) of the invalid sequence.
    pub offset: usize,
    /// Length in the encoded input of the invalid sequence.
    pub len: usize,
}

/// Percent-decode `s` and require the result to be strict UTF-8 (RFC 3629: no overlong forms,
/// no surrogates, no truncated sequences). Borrows when there is nothing to decode.
///
/// ```
/// use pidkit::pct::decode_utf8;
/// assert_eq!(decode_utf8("r%C3%A9sum%C3%A9").unwrap(), "résumé");
/// // %C0%AF is an overlong '/': never decoded (§10).
/// assert_eq!(decode_utf8("a%C0%AFb").unwrap_err().offset, 1);
/// assert_eq!(decode_utf8("%ED%A0%80").unwrap_err().offset, 0); // a surrogate
/// ```
pub fn decode_utf8(s: &str) -> Result<Cow<'_, str>, Utf8Error> {
    match decode_bytes(s) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(s)),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Ok(Cow::Owned(text)),
            Err(e) => {
                let u = e.utf8_error();
                let bad = u
                    .error_len()
                    .unwrap_or(e.as_bytes().len() - u.valid_up_to());
                let offset = encoded_offset(s, u.valid_up_to());
                let end = encoded_offset(s, u.valid_up_to() + bad);
                Err(Utf8Error {
                    offset,
                    len: end - offset,
                })
            }
        },
    }
}

/// The offset in encoded `s` where the decoded byte number `n` comes from.
fn encoded_offset(s: &str, n: usize) -> usize {
    let b = s.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() && k < n {
        i += if decode_at(b, i).is_some() { 3 } else { 1 };
        k += 1;
    }
    i
}

/// Whether any `%xx` in `s` uses lowercase hex digits.
pub fn has_lowercase_hex(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        decode_at(b, i).is_some()
            && (b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_utf8_rejects_every_malformed_form() {
        for (input, offset, len) in [
            ("%C0%AF", 0, 3),        // overlong '/'
            ("%E0%80%AF", 0, 3),     // overlong, 3 bytes
            ("%ED%A0%80", 0, 3),     // surrogate U+D800
            ("x%F4%90%80%80", 1, 3), // beyond U+10FFFF
            ("%E2%82", 0, 6),        // truncated
            ("%FC", 0, 3),           // Latin-1 é, not UTF-8
            ("ok%80", 2, 3),         // lone continuation byte
        ] {
            let err = decode_utf8(input).unwrap_err();
            assert_eq!((err.offset, err.len), (offset, len), "{input}");
        }
        assert_eq!(decode_utf8("%F0%90%8C%80").unwrap(), "\u{10300}");
        assert!(matches!(decode_utf8("plain"), Ok(Cow::Borrowed("plain"))));
    }

    #[test]
    fn encoding_is_uppercase_utf8() {
        let mut out = String::new();
        encode_into(&mut out, "\u{10300}\u{7F}", |_| false);
        assert_eq!(out, "%F0%90%8C%80%7F");
        assert!(has_lowercase_hex("a%c3%a9"));
        assert!(!has_lowercase_hex("a%C3%A9%zz"));
    }
}
