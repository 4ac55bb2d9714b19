//! Finding ISNIs in running text where they cannot be mistaken: after the letters `ISNI`, and
//! at `isni.org/` written without a scheme. (`https://isni.org/isni/…` is found by the IRI
//! finder and read as an ISNI through detection; sixteen digits alone are not taken from
//! prose: one number in eleven passes the check.)

use super::Isni;
use super::syntax::label_len;
use crate::orcid::{Anchors, ends_word, layout, starts_word};

/// An ISNI found in text.
///
/// ```
/// let f = pidkit::isni::find_iter("Hawking, ISNI 0000 0001 2103 2683.").next().unwrap();
/// assert_eq!((f.start, f.end, f.text), (9, 33, "ISNI 0000 0001 2103 2683"));
/// assert_eq!(f.isni.compact(), "0000000121032683");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset where the ISNI's written form (label or host included) starts.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The written form, `text[start..end]`.
    pub text: &'a str,
    /// The ISNI.
    pub isni: Isni<'a>,
}

/// Iterator over the ISNIs in a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    anchors: Anchors<2>,
}

/// The needles the finder jumps to: the label and the host (`ISNI`, `isni`, `Isni`,
/// `isni.org`), found by their `sni` or `SNI`.
const NEEDLES: [&[u8]; 2] = [b"sni", b"SNI"];

/// Find ISNIs in running text, in order, without overlaps: after the letters `ISNI` and a
/// space or `:` (`ISNI 0000 0001 2103 2683`, `ISNI:000000012146438X`), and at the resolver's
/// host written without a scheme (`isni.org/isni/0000000121032683`). The form must start a
/// word and end one. Only valid ISNIs are found.
///
/// ```
/// let text = "ISNI: 0000-0001-2146-438X; www.isni.org/isni/0000000121032683 and 0000 0001 2103 2683";
/// let found: Vec<_> = pidkit::isni::find_iter(text).map(|f| f.isni.display()).collect();
/// assert_eq!(found, ["0000 0001 2146 438X", "0000 0001 2103 2683"]);
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
            // The `i` before `sni`, or the `www.` before that.
            let i = p.checked_sub(1).filter(|&i| matches!(b[i], b'i' | b'I'));
            let www = i
                .and_then(|i| i.checked_sub(4))
                .filter(|&w| b[w..w + 4].eq_ignore_ascii_case(b"www."));
            for i in [www, i].into_iter().flatten() {
                if i < self.anchors.done || !starts_word(self.text, i) {
                    continue;
                }
                let Some(end) = label(b, i).or_else(|| host(b, i)) else {
                    continue;
                };
                let text = &self.text[i..end];
                if let Ok(isni) = Isni::parse(text) {
                    self.anchors.skip_to(end);
                    return Some(Found {
                        start: i,
                        end,
                        text,
                        isni,
                    });
                }
            }
        }
        None
    }
}

/// An `ISNI` label and the number after it, at `at`: its end.
fn label(b: &[u8], at: usize) -> Option<usize> {
    let v = at + label_len(b, at)?;
    let n = layout(b, v, true)?;
    ends_word(b, v + n).then_some(v + n)
}

/// `isni.org/` or `www.isni.org/`, `isni/` or not, and sixteen characters at `at` (an optional
/// `/` after them): its end.
fn host(b: &[u8], at: usize) -> Option<usize> {
    let starts = |k: usize, pat: &[u8]| {
        b.get(k..k + pat.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(pat))
    };
    let mut v = if starts(at, b"www.isni.org/") {
        at + 13
    } else if starts(at, b"isni.org/") {
        at + 9
    } else {
        return None;
    };
    if starts(v, b"isni/") {
        v += 5;
    }
    let n = layout(b, v, false).filter(|&n| n == 16)?;
    let mut end = v + n;
    if b.get(end) == Some(&b'/') {
        end += 1;
    }
    ends_word(b, end).then_some(end)
}
