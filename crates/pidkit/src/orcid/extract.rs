//! Finding ORCID iDs in running text where they cannot be mistaken: after an `ORCID` label, at
//! `orcid.org/` written without a scheme, and alone when hyphenated, in ORCID's blocks and with
//! a valid check character. (`https://orcid.org/…` is found by the IRI finder, and read as an
//! ORCID iD through detection.)

use super::Orcid;
use super::syntax::label_len;
use crate::text::{char_before, glued_to_word};

/// An ORCID iD found in text.
///
/// ```
/// let f = pidkit::orcid::find_iter("Author (ORCID: 0000-0002-1825-0097).").next().unwrap();
/// assert_eq!((f.start, f.end, f.text), (8, 34, "ORCID: 0000-0002-1825-0097"));
/// assert_eq!(f.orcid.compact(), "0000000218250097");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset where the iD's written form (label or host included) starts.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The written form, `text[start..end]`.
    pub text: &'a str,
    /// The iD.
    pub orcid: Orcid<'a>,
}

/// Iterator over the ORCID iDs in a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find ORCID iDs in running text, in order, without overlaps: after an `ORCID`, `ORCID iD` or
/// `orcid` label followed by `:` or spaces (`ORCID: 0000-0002-1825-0097`,
/// `orcid:0000000218250097`); at the registry's host written without a scheme
/// (`orcid.org/0000-0002-1825-0097`); and alone when hyphenated, in a block ORCID assigns
/// from, with a valid check character. The form must start a word and end one (no letter,
/// digit, `-` or `_` on either side, no `/` before a bare iD). Only valid iDs are found.
///
/// ```
/// let text = "J. Carberry (0000-0002-1825-0097; see orcid.org/0000-0002-9079-593X) and 1234-5678-9012-3456.";
/// let found: Vec<_> = pidkit::orcid::find_iter(text).map(|f| f.orcid.id()).collect();
/// assert_eq!(found, ["0000-0002-1825-0097", "0000-0002-9079-593X"]);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter { text, pos: 0 }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let i = self.pos;
            self.pos += 1;
            if !matches!(b[i], b'o' | b'O' | b'w' | b'W' | b'0') || !starts_word(self.text, i) {
                continue;
            }
            let end = match b[i] {
                b'0' => bare(b, i),
                _ => label(b, i).or_else(|| host(b, i)),
            };
            let Some(end) = end else { continue };
            let text = &self.text[i..end];
            if let Ok(orcid) = Orcid::parse(text)
                && (b[i] != b'0' || orcid.in_blocks())
            {
                self.pos = end;
                return Some(Found {
                    start: i,
                    end,
                    text,
                    orcid,
                });
            }
        }
        None
    }
}

/// Whether an identifier may start at `i`: not inside a word, a URL or a path.
pub(crate) fn starts_word(text: &str, i: usize) -> bool {
    match char_before(text, i) {
        None => true,
        Some(c) => !glued_to_word(c) && !(c.is_ascii() && b"/.-_~%=:@#?&+\\$*".contains(&(c as u8))),
    }
}

/// Whether an identifier may end at `i`: no letter, digit, `-` or `_` follows.
pub(crate) fn ends_word(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        None => true,
        Some(&c) if c.is_ascii() => !(c.is_ascii_alphanumeric() || c == b'-' || c == b'_'),
        // A non-ASCII character: a letter or digit glued to the iD is only rejected when
        // ASCII; the reader decides the rest (the text up to here is ASCII).
        Some(_) => true,
    }
}

/// The length of an iD laid out at `at`: four hyphenated groups (19 bytes), four groups
/// separated by single spaces when `spaced` (19), or sixteen characters (16).
pub(crate) fn layout(b: &[u8], at: usize, spaced: bool) -> Option<usize> {
    let num = |k: usize, last: bool| {
        b.get(at + k)
            .is_some_and(|&c| c.is_ascii_digit() || (last && (c == b'X' || c == b'x')))
    };
    let grouped = |sep: u8| {
        (0..19).all(|k| {
            if k % 5 == 4 {
                b.get(at + k) == Some(&sep)
            } else {
                num(k, k == 18)
            }
        })
    };
    if grouped(b'-') || (spaced && grouped(b' ')) {
        Some(19)
    } else if (0..16).all(|k| num(k, k == 15)) {
        Some(16)
    } else {
        None
    }
}

/// A hyphenated bare iD at `at`: its end.
fn bare(b: &[u8], at: usize) -> Option<usize> {
    let n = layout(b, at, false).filter(|&n| n == 19)?;
    (ends_word(b, at + n) && b.get(at + n) != Some(&b'/')).then_some(at + n)
}

/// An `ORCID` label and the iD after it, at `at`: its end.
fn label(b: &[u8], at: usize) -> Option<usize> {
    let v = at + label_len(b, at)?;
    let n = layout(b, v, true)?;
    ends_word(b, v + n).then_some(v + n)
}

/// `orcid.org/` or `www.orcid.org/` and an iD at `at` (an optional `/` after it): its end.
fn host(b: &[u8], at: usize) -> Option<usize> {
    let starts = |pat: &[u8]| {
        b.get(at..at + pat.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(pat))
    };
    let v = if starts(b"www.orcid.org/") {
        at + 14
    } else if starts(b"orcid.org/") {
        at + 10
    } else {
        return None;
    };
    let n = layout(b, v, false)?;
    let mut end = v + n;
    if b.get(end) == Some(&b'/') {
        end += 1;
    }
    ends_word(b, end).then_some(end)
}
