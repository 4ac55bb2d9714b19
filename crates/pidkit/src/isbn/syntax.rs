//! Reading an ISBN as written: the surrounding whitespace, the `ISBN` label, the digits and
//! the separators between them. Also the digit reader that the ISSN and EAN units share.

use super::error::{IsbnError, IsbnParseError};

/// The digits of a number written with separators between groups, where they are, and where
/// the separators stand. Only the first 13 digits are kept; `n` counts them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Digits {
    /// The digits as ASCII (`X` upper-cased), the first 13.
    pub digits: [u8; 13],
    /// The byte offset of each of them.
    pub at: [usize; 13],
    /// How many digits (an `X` counted) were read.
    pub n: usize,
    /// Bit `i`: a separator follows digit `i` (for `i < 13`).
    pub seps: u16,
    /// The offset of the first `X` or `x`, if any.
    pub x: Option<usize>,
    /// The `X` was written `x`.
    pub lower_x: bool,
    /// The byte span of the number.
    pub span: (usize, usize),
}

/// Why a number could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bad {
    /// A character that is not allowed, at this offset.
    Char(usize, char),
    /// A separator at the start or end, or two in a row, at this offset.
    Separator(usize),
}

/// Read the digits of `s[from..to]`: ASCII digits (and `X`/`x` where `x_ok`), with one of
/// `seps` between two of them.
pub(crate) fn digits(
    s: &str,
    from: usize,
    to: usize,
    x_ok: bool,
    seps: &[u8],
) -> Result<Digits, Bad> {
    let b = s.as_bytes();
    let mut d = Digits {
        digits: [b'0'; 13],
        at: [0; 13],
        n: 0,
        seps: 0,
        x: None,
        lower_x: false,
        span: (from, to),
    };
    let mut last_sep: Option<usize> = None;
    let mut prev_sep = true; // at the start, as after a separator
    let mut i = from;
    while i < to {
        let c = b[i];
        if c.is_ascii_digit() || (x_ok && (c == b'X' || c == b'x')) {
            if (c == b'x' || c == b'X') && d.x.is_none() {
                d.x = Some(i);
                d.lower_x = c == b'x';
            }
            if d.n < 13 {
                d.digits[d.n] = c.to_ascii_uppercase();
                d.at[d.n] = i;
            }
            d.n += 1;
            prev_sep = false;
            i += 1;
        } else if seps.contains(&c) {
            if prev_sep {
                return Err(Bad::Separator(i));
            }
            if d.n <= 13 {
                d.seps |= 1 << (d.n - 1);
            }
            prev_sep = true;
            last_sep = Some(i);
            i += 1;
        } else {
            let ch = s[i..].chars().next().unwrap_or('\u{FFFD}');
            return Err(Bad::Char(i, ch));
        }
    }
    if prev_sep && let Some(at) = last_sep {
        return Err(Bad::Separator(at));
    }
    Ok(d)
}

/// The span of `s` without surrounding ASCII whitespace.
pub(crate) fn trimmed(s: &str) -> (usize, usize) {
    let start = s.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    (start, end.max(start))
}

/// Whether `b` starts with `word`, ASCII case-insensitively.
pub(crate) fn starts_with_ci(b: &[u8], word: &[u8]) -> bool {
    b.len() >= word.len() && b[..word.len()].eq_ignore_ascii_case(word)
}

/// After a label at `i`: spaces or tabs, an optional `:`, spaces or tabs. The offset of what follows.
pub(crate) fn after_label(b: &[u8], mut i: usize, to: usize) -> usize {
    while i < to && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    if i < to && b[i] == b':' {
        i += 1;
    }
    while i < to && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// The `ISBN` label at `from`, if any: the offset of the number after it, and the length the
/// label names (`ISBN-10`, `ISBN-13`, also written `ISBN10`, `ISBN13`).
pub(crate) fn label(
    s: &str,
    from: usize,
    to: usize,
) -> Result<Option<(usize, Option<u8>)>, IsbnParseError> {
    let b = &s.as_bytes()[..to];
    if !starts_with_ci(&b[from..], b"isbn") {
        return Ok(None);
    }
    let mut i = from + 4;
    let mut len = None;
    let named = |at: usize| -> Option<u8> {
        let n = match b.get(at..at + 2)? {
            b"10" => 10,
            b"13" => 13,
            _ => return None,
        };
        (!b.get(at + 2).is_some_and(u8::is_ascii_digit)).then_some(n)
    };
    if b.get(i) == Some(&b'-') {
        match named(i + 1) {
            Some(n) => {
                len = Some(n);
                i += 3;
            }
            None => return Err(IsbnParseError::new(IsbnError::Label, i, 1)),
        }
    } else if let Some(n) = named(i).filter(|_| matches!(b.get(i + 2), Some(b' ' | b':'))) {
        len = Some(n);
        i += 2;
    }
    Ok(Some((after_label(b, i, to), len)))
}

/// The ISBN-10 check character of its first nine digits (ASCII): mod 11, weights 10 to 2.
pub(crate) fn isbn10_check(d: &[u8]) -> u8 {
    let sum: u32 = d[..9]
        .iter()
        .enumerate()
        .map(|(i, &c)| (10 - i as u32) * u32::from(c - b'0'))
        .sum();
    match (11 - sum % 11) % 11 {
        10 => b'X',
        v => b'0' + v as u8,
    }
}
