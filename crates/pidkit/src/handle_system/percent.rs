//! Percent-encoding a handle or DOI name in URIs and URLs, and offsets between the encoded and the decoded name (RFC 3986 §2.1).

use std::fmt;

use crate::error::Warning;
use crate::pct::decode_at;

/// Write `s`, percent-encoding (uppercase hex) every byte for which `keep` is false.
/// `keep` must only accept ASCII bytes.
pub(crate) fn write_encoded<W: fmt::Write>(
    w: &mut W,
    s: &str,
    keep: impl Fn(u8) -> bool,
) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let b = s.as_bytes();
    let mut run = 0;
    for (i, &c) in b.iter().enumerate() {
        if !keep(c) {
            if run < i {
                w.write_str(&s[run..i])?;
            }
            w.write_char('%')?;
            w.write_char(HEX[usize::from(c >> 4)] as char)?;
            w.write_char(HEX[usize::from(c & 15)] as char)?;
            run = i + 1;
        }
    }
    if run < b.len() {
        w.write_str(&s[run..])?;
    }
    Ok(())
}

/// The offset in `enc` of decoded byte number `n` (every valid `%XX` is one decoded byte).
pub(crate) fn encoded_offset(enc: &str, n: usize) -> usize {
    let b = enc.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() && k < n {
        i += if decode_at(b, i).is_some() { 3 } else { 1 };
        k += 1;
    }
    i
}

/// Move warnings about a name (offsets are bytes of the name) to the bytes of the input that
/// hold it: `enc`, the name as written there (percent-encoded when `percent_encoded`), which
/// starts at byte `start` of the input.
pub(crate) fn move_to_input(
    warnings: &mut [Warning],
    enc: &str,
    start: usize,
    percent_encoded: bool,
) {
    // Where each decoded byte comes from in the encoded text: one pass, however many
    // warnings (one per look-alike character) there are.
    let from: Vec<usize> = if percent_encoded && !warnings.is_empty() {
        let b = enc.as_bytes();
        let mut map = Vec::with_capacity(b.len() + 1);
        let mut i = 0;
        while i < b.len() {
            map.push(i);
            i += if decode_at(b, i).is_some() { 3 } else { 1 };
        }
        map.push(b.len());
        map
    } else {
        Vec::new()
    };
    let at = |k: usize| from.get(k).copied().unwrap_or(enc.len());
    for w in warnings {
        let (a, b) = if percent_encoded {
            (at(w.offset), at(w.offset + w.len))
        } else {
            (w.offset, w.offset + w.len)
        };
        (w.offset, w.len) = (start + a, b - a);
    }
}
