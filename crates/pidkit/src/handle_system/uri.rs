//! The scheme-specific part of a `doi:` or `hdl:` URI: prefix `/` suffix, with the byte rule of the doi URI scheme §2.

use std::fmt;

use super::percent::write_encoded;
use crate::chars::{self, PCHAR};

/// The scheme-specific part of §2: each of prefix and suffix as UTF-8, every byte outside
/// unreserved, sub-delims, `:` and `@` percent-encoded (so a `/` in the suffix becomes `%2F`).
/// The `hdl:` URI writes a handle the same way.
pub(crate) fn write_ssp<W: fmt::Write>(w: &mut W, prefix: &str, suffix: &str) -> fmt::Result {
    write_encoded(w, prefix, |b| chars::is(b, PCHAR))?;
    w.write_char('/')?;
    write_encoded(w, suffix, |b| chars::is(b, PCHAR))
}

/// `scheme` (`doi:`, `hdl:`) and the scheme-specific part of `name` (whose prefix is its first
/// `prefix_len` bytes) with the name's ASCII letters in upper case: the normal form of
/// equivalence of DOI names and handles, which both compare ASCII case-insensitively (doi URI
/// scheme §3, RFC 3651 §2.1.3).
pub(crate) fn key_uri(scheme: &str, name: &str, prefix_len: usize) -> String {
    let upper = name.to_ascii_uppercase();
    let (prefix, suffix) = upper.split_at(prefix_len);
    let mut out = String::with_capacity(upper.len() + 8);
    out.push_str(scheme);
    let _ = write_ssp(&mut out, prefix, &suffix[1..]);
    out
}
