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
    anchors: Anchors<3>,
}

/// The needles the ORCID finder jumps to: the label and the host (`orcid`, `ORCID`, `Orcid`,
/// `orcid.org`, found by their `rcid` or `RCID`), and the `000` every iD of ORCID's blocks
/// starts with.
const NEEDLES: [&[u8]; 3] = [b"rcid", b"RCID", b"000"];

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
    FoundIter {
        text,
        anchors: Anchors::new(NEEDLES),
    }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        let b = self.text.as_bytes();
        while let Some((p, needle)) = self.anchors.next(b) {
            // Where a form would start: the iD itself at `000`; the `o` before `rcid`, or the
            // `www.` before that.
            let starts = if needle == 2 {
                [Some(p), None]
            } else {
                let o = p.checked_sub(1).filter(|&o| matches!(b[o], b'o' | b'O'));
                let www = o.and_then(|o| o.checked_sub(4)).filter(|&w| {
                    b[w..w + 4].eq_ignore_ascii_case(b"www.")
                });
                [www, o]
            };
            for i in starts.into_iter().flatten() {
                if i < self.anchors.done || !starts_word(self.text, i) {
                    continue;
                }
                let end = if needle == 2 {
                    bare(b, i)
                } else {
                    label(b, i).or_else(|| host(b, i))
                };
                let Some(end) = end else { continue };
                let text = &self.text[i..end];
                if let Ok(orcid) = Orcid::parse(text)
                    && (needle != 2 || orcid.in_blocks())
                {
                    self.anchors.skip_to(end);
                    return Some(Found {
                        start: i,
                        end,
                        text,
                        orcid,
                    });
                }
            }
        }
        None
    }
}

/// The next places of a few needles in a text, each found with `memmem` and kept until it is
/// passed: the text is searched once per needle, however many candidates fail, so a finder
/// stays linear and skips the text between candidates at SIMD speed.
#[derive(Debug, Clone)]
pub(crate) struct Anchors<const N: usize> {
    needles: [&'static [u8]; N],
    /// The next place of each needle, once searched for (`usize::MAX`: none left).
    next: [Option<usize>; N],
    /// Where the search for the next candidate resumes.
    from: usize,
    /// The end of the last identifier found: nothing before it is found again.
    pub(crate) done: usize,
}

impl<const N: usize> Anchors<N> {
    pub(crate) fn new(needles: [&'static [u8]; N]) -> Self {
        Anchors {
            needles,
            next: [None; N],
            from: 0,
            done: 0,
        }
    }

    /// The next candidate: the leftmost place of a needle at or after where the search
    /// resumes, and which needle it is.
    pub(crate) fn next(&mut self, hay: &[u8]) -> Option<(usize, usize)> {
        for k in 0..N {
            if self.next[k].is_none_or(|p| p < self.from) {
                let found = hay
                    .get(self.from..)
                    .and_then(|h| memchr::memmem::find(h, self.needles[k]));
                self.next[k] = Some(found.map_or(usize::MAX, |p| self.from + p));
            }
        }
        let (k, p) = self
            .next
            .iter()
            .enumerate()
            .map(|(k, p)| (k, p.unwrap_or(usize::MAX)))
            .min_by_key(|&(_, p)| p)?;
        if p == usize::MAX {
            return None;
        }
        self.from = p + 1;
        Some((p, k))
    }

    /// An identifier was found up to `end`: the search resumes there.
    pub(crate) fn skip_to(&mut self, end: usize) {
        self.from = self.from.max(end);
        self.done = end;
    }
}

/// Whether an identifier may start at `i`: not inside a word, a URL or a path.
pub(crate) fn starts_word(text: &str, i: usize) -> bool {
    match char_before(text, i) {
        None => true,
        Some(c) => {
            let url_punctuation = c.is_ascii() && b"/.-_~%=:@#?&+\\$*".contains(&(c as u8));
            !(glued_to_word(c) || url_punctuation)
        }
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
