//! Finding ROR IDs in running text where they cannot be mistaken: after a `ROR` or `ror:`
//! label, and at `ror.org/` written without a scheme. (`https://ror.org/…` is found by the IRI
//! finder and read as a ROR ID through detection; nine characters alone are not taken from
//! prose.)

use super::Ror;
use super::syntax::label_len;
use crate::orcid::{Anchors, ends_word, starts_word};

/// A ROR ID found in text.
///
/// ```
/// let f = pidkit::ror::find_iter("Funded by Caltech (ROR: 05dxps055).").next().unwrap();
/// assert_eq!((f.start, f.end, f.text), (19, 33, "ROR: 05dxps055"));
/// assert_eq!(f.ror.id(), "05dxps055");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset where the ID's written form (label or host included) starts.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The written form, `text[start..end]`.
    pub text: &'a str,
    /// The ROR ID.
    pub ror: Ror<'a>,
}

/// Iterator over the ROR IDs in a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    anchors: Anchors<3>,
}

/// The needles the finder jumps to: the labels and the host (`ror:`, `ROR`, `Ror`, `ror.org`).
const NEEDLES: [&[u8]; 3] = [b"ror", b"ROR", b"Ror"];

/// Find ROR IDs in running text, in order, without overlaps: after a label (`ROR: 05dxps055`,
/// `ROR ID 05dxps055`, `ror:05dxps055`) and at the registry's host written without a scheme
/// (`ror.org/05dxps055`, `www.ror.org/…`). The form must start a word and end one. Only valid
/// IDs are found.
///
/// ```
/// let text = "ror.org/03yrm5c26, ROR ID 012dev089 (bad check digits) and ror:04wxnsj81.";
/// let found: Vec<_> = pidkit::ror::find_iter(text).map(|f| f.ror.id().to_owned()).collect();
/// assert_eq!(found, ["03yrm5c26", "04wxnsj81"]);
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
        while let Some((p, _)) = self.anchors.next(b) {
            // The label or host itself, or the `www.` before it.
            let www = p
                .checked_sub(4)
                .filter(|&w| b[w..w + 4].eq_ignore_ascii_case(b"www."));
            for i in [www, Some(p)].into_iter().flatten() {
                if i < self.anchors.done || !starts_word(self.text, i) {
                    continue;
                }
                let Some(end) = host(b, i).or_else(|| label(b, i)) else {
                    continue;
                };
                let text = &self.text[i..end];
                if let Ok(ror) = Ror::parse(text) {
                    self.anchors.skip_to(end);
                    return Some(Found {
                        start: i,
                        end,
                        text,
                        ror,
                    });
                }
            }
        }
        None
    }
}

/// Nine letters and digits at `at`.
fn nine(b: &[u8], at: usize) -> bool {
    b.get(at..at + 9)
        .is_some_and(|s| s.iter().all(u8::is_ascii_alphanumeric))
}

/// A label and the ID after it, at `at`: its end.
fn label(b: &[u8], at: usize) -> Option<usize> {
    let v = at + label_len(b, at)?;
    (nine(b, v) && ends_word(b, v + 9)).then_some(v + 9)
}

/// `ror.org/` or `www.ror.org/` and an ID at `at` (an optional `/` after it): its end.
fn host(b: &[u8], at: usize) -> Option<usize> {
    let starts = |pat: &[u8]| {
        b.get(at..at + pat.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(pat))
    };
    let v = if starts(b"www.ror.org/") {
        at + 12
    } else if starts(b"ror.org/") {
        at + 8
    } else {
        return None;
    };
    if !nine(b, v) {
        return None;
    }
    let mut end = v + 9;
    if b.get(end) == Some(&b'/') {
        end += 1;
    }
    ends_word(b, end).then_some(end)
}
