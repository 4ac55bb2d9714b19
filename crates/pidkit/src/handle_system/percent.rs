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

/// Whether every byte of `b` is printable ASCII (`!` to `~`) other than those of `encoded`
/// and, with `slash_dot`, no `/` is followed by `.`: a name that a writer percent-encoding
/// the other bytes would copy whole. Sixteen pairs of bytes at a time, read where they lie (a
/// copy into a padded block, read back before it is written through, stalls the processor),
/// in a loop the compiler turns into vector compares (SSE2 on x86-64, NEON on aarch64; no
/// `unsafe`): each byte's verdict is gathered with OR into its lane and the lanes are tested
/// once at the end. The bytes of `encoded` are compared one by one, as a `matches!` or a table
/// would be read a byte at a time. The last block overlaps the one before it; a text of under
/// seventeen bytes is read byte by byte.
#[inline(always)]
pub(crate) fn written_as_is<const N: usize>(b: &[u8], encoded: &[u8; N], slash_dot: bool) -> bool {
    // The bytes kept, one bit each in two words (folded to constants where `encoded` is one).
    let bit = |c: u8| 1u64 << (c & 63);
    let (low, high) = encoded
        .iter()
        .fold((!0u64 << 0x21, !0u64 >> 1), |(l, h), &e| match e {
            0..=63 => (l & !bit(e), h),
            _ => (l, h & !bit(e)),
        });
    let kept = |c: u8| (if c < 64 { low } else { high } >> (c & 63)) & 1 == 1 && c < 0x80;
    let Some(last) = b.len().checked_sub(17) else {
        return b.iter().all(|&c| kept(c)) && !(slash_dot && b.windows(2).any(|w| w == b"/."));
    };
    let mut bad = [0u8; 16];
    // The pairs of bytes that start at `at`: the second of each is checked (the text's first
    // byte on its own), and a `/` first with a `.` second is a `/.`.
    let mut block = |at: usize| {
        let (Some(w), Some(next)) = (b.get(at..at + 16), b.get(at + 1..at + 17)) else {
            return;
        };
        for ((&c, &n), bad) in w.iter().zip(next).zip(&mut bad) {
            *bad |= u8::from(n.wrapping_sub(0x21) >= 0x7f - 0x21)
                | encoded.iter().fold(0, |a, &e| a | u8::from(n == e))
                | (u8::from(slash_dot) & u8::from(c == b'/') & u8::from(n == b'.'));
        }
    };
    let mut at = 0;
    while at < last {
        block(at);
        at += 16;
    }
    block(last);
    kept(b[0]) && bad == [0; 16]
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

/// Names made of pieces that put every byte the writers treat apart (the encoded ones, `/`,
/// `.`, controls, non-ASCII) at every place, for the property tests of the writers' two roads.
#[cfg(test)]
pub(crate) fn generated_names(pieces: usize) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    const PIECES: [&str; 37] = [
        "10.",
        "1000",
        "/",
        ".",
        "..",
        "/.",
        "a",
        "Z",
        "-",
        "%",
        "\"",
        "#",
        "?",
        "<",
        ">",
        "{",
        "}",
        "^",
        "[",
        "]",
        "`",
        "|",
        "\\",
        "+",
        " ",
        "é",
        "\u{7f}",
        "\u{0}",
        ";",
        "(",
        ")",
        ":",
        "@",
        "~",
        "_",
        "0123456789abcdef",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    ];
    prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..pieces).prop_map(|v| v.concat())
}
