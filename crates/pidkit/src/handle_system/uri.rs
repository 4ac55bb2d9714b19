//! The scheme-specific part of a `doi:` or `hdl:` URI: prefix `/` suffix, with the byte rule of the doi URI scheme §2.

use std::fmt;

use super::percent::{write_encoded, written_as_is};
use crate::chars::{self, PCHAR};

/// The printable ASCII bytes outside `pchar` (RFC 3986 §3.3), which §2 percent-encodes: `/`
/// among them.
const PCHAR_ENCODED: [u8; 15] = *b"\"#%/<>?[\\]^`{|}";

/// [`PCHAR_ENCODED`] but `/`.
const PCHAR_OR_SLASH_ENCODED: [u8; 14] = *b"\"#%<>?[\\]^`{|}";

/// The scheme-specific part of §2: each of prefix and suffix as UTF-8, every byte outside
/// unreserved, sub-delims, `:` and `@` percent-encoded (so a `/` in the suffix becomes `%2F`).
/// The `hdl:` URI writes a handle the same way.
pub(crate) fn write_ssp<W: fmt::Write>(w: &mut W, prefix: &str, suffix: &str) -> fmt::Result {
    // Nearly every name is written as it is: one pass over each part tells so.
    if written_as_is(prefix.as_bytes(), &PCHAR_ENCODED, false)
        && written_as_is(suffix.as_bytes(), &PCHAR_ENCODED, false)
    {
        w.write_str(prefix)?;
        w.write_char('/')?;
        return w.write_str(suffix);
    }
    write_ssp_bytewise(w, prefix, suffix)
}

/// [`write_ssp`] byte by byte.
fn write_ssp_bytewise<W: fmt::Write>(w: &mut W, prefix: &str, suffix: &str) -> fmt::Result {
    write_encoded(w, prefix, |b| chars::is(b, PCHAR))?;
    w.write_char('/')?;
    write_encoded(w, suffix, |b| chars::is(b, PCHAR))
}

/// `scheme` (`doi:`, `hdl:`) and the scheme-specific part of `name` (whose prefix is its first
/// `prefix_len` bytes) with the name's ASCII letters in upper case: the normal form of
/// equivalence of DOI names and handles, which both compare ASCII case-insensitively (doi URI
/// scheme §3, RFC 3651 §2.1.3).
pub(crate) fn key_uri(scheme: &str, name: &str, prefix_len: usize) -> String {
    let mut out = String::with_capacity(name.len() + 16);
    write_key_uri(scheme, name, prefix_len, &mut out);
    out
}

/// [`key_uri`], appended to `out`.
pub(crate) fn write_key_uri(scheme: &str, name: &str, prefix_len: usize, out: &mut String) {
    let (prefix, suffix) = name.split_at(prefix_len);
    let suffix = suffix.get(1..).unwrap_or("");
    let start = out.len();
    out.push_str(scheme);
    // Nearly every name is written as it is: every byte `pchar` but the one `/` after the
    // prefix. One pass over the whole name tells so (its parts are often too short for the
    // vector compares), then one search for a second `/`.
    if written_as_is(name.as_bytes(), &PCHAR_OR_SLASH_ENCODED, false)
        && memchr::memchr(b'/', suffix.as_bytes()).is_none()
        && name.as_bytes().get(prefix_len) == Some(&b'/')
    {
        out.push_str(name);
    } else {
        let _ = write_ssp(out, prefix, suffix);
    }
    // Upper-cased once written: both cases of a letter are `pchar`, so case decides no byte's
    // encoding, and the `%XX` written are in upper case already.
    if let Some(written) = out.get_mut(start + scheme.len()..) {
        written.make_ascii_uppercase();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(prefix: &str, suffix: &str) -> (String, String) {
        let (mut fast, mut bytewise) = (String::new(), String::new());
        let _ = write_ssp(&mut fast, prefix, suffix);
        let _ = write_ssp_bytewise(&mut bytewise, prefix, suffix);
        (fast, bytewise)
    }

    #[test]
    fn the_key_is_the_upper_cased_name_written() {
        for (name, prefix_len) in [
            ("10.1000/abc", 7),
            ("10.1000/a/é%z", 7),
            ("0.na/20.500.x", 4),
        ] {
            let upper = name.to_ascii_uppercase();
            let (p, s) = upper.split_at(prefix_len);
            let mut want = "doi:".to_string();
            let _ = write_ssp_bytewise(&mut want, p, &s[1..]);
            assert_eq!(key_uri("doi:", name, prefix_len), want, "{name:?}");
        }
    }

    #[test]
    fn every_byte_is_written_as_byte_by_byte() {
        for c in 0..0x80u8 {
            let c = char::from(c).to_string();
            for (p, s) in [
                ("10.1000", c.clone()),
                (
                    "10.1000",
                    format!("{}{c}{}", "a".repeat(20), "b".repeat(20)),
                ),
                (&*format!("10.{c}"), "x".to_string()),
            ] {
                let (fast, bytewise) = both(p, &s);
                assert_eq!(fast, bytewise, "{p:?} {s:?}");
            }
        }
    }

    #[test]
    fn generated_names_are_written_as_byte_by_byte() {
        use proptest::prelude::*;
        let part = || super::super::percent::generated_names(10);
        proptest!(ProptestConfig::with_cases(10_000), |(p in part(), s in part())| {
            let (fast, bytewise) = both(&p, &s);
            prop_assert_eq!(fast, bytewise);
            // The key: the upper-cased parts written byte by byte (a prefix has no `/`).
            if !p.contains('/') {
                let (mut want, name) = ("doi:".to_string(), format!("{p}/{s}"));
                let _ = write_ssp_bytewise(&mut want, &p.to_ascii_uppercase(), &s.to_ascii_uppercase());
                prop_assert_eq!(key_uri("doi:", &name, p.len()), want);
            }
        });
    }
}
