//! Finding PMCIDs in running text: `PMC243493`, and the label before it (`PMCID: PMC243493`).
//! `PMC` and digits is distinctive enough in prose when `PMC` is in upper case and stands as a
//! word of its own. PMC URLs are found by the IRI finder and read as PMCIDs through detection.

use crate::text::{char_before, glued_to_word};

use super::Pmcid;

/// A PMCID found in text: the byte span of the label (if any) and PMCID, and the PMCID.
///
/// ```
/// let text = "Science 302:398. PMCID: PMC243493";
/// let f = pidkit::pmcid::find_iter(text).next().unwrap();
/// assert_eq!((f.start, f.end, f.pmcid.key().as_ref()), (17, 33, "PMC243493"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset of the label, or of `PMC`.
    pub start: usize,
    /// Byte offset just past the number.
    pub end: usize,
    /// The PMCID as written, label included: `text[start..end]`.
    pub pmcid: Pmcid<'a>,
}

/// Iterator over the PMCIDs of a text ([`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find PMCIDs in order: `PMCID` (any case) followed by `:` and at most one space or tab, or by
/// one space or tab, then `PMC` (any case) and digits; or `PMC` in upper case and digits alone.
/// Neither may be glued to a word or path before it, and the digits must end at a word
/// boundary (not followed by a letter, digit or `_`, nor by `/ . -` and a letter or digit).
/// Linear in the text's length.
///
/// ```
/// let text = "PMCID: PMC243493; (PMC1463022), pmcid:pmc42, pmc7, PMC12x, xPMC5, PMC";
/// let found: Vec<String> = pidkit::pmcid::find_iter(text).map(|f| f.pmcid.key().into_owned()).collect();
/// assert_eq!(found, ["PMC243493", "PMC1463022", "PMC42"]);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter { text, pos: 0 }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let start = self.pos + memchr::memchr2(b'P', b'p', &b[self.pos..])?;
            self.pos = start + 1;
            let ci = |at: usize, word: &[u8]| {
                b.get(at..at + word.len())
                    .is_some_and(|w| w.eq_ignore_ascii_case(word))
            };
            if !ci(start, b"pmc") || !boundary_before(self.text, start) {
                continue;
            }
            let id = if ci(start, b"pmcid") {
                let mut p = start + 5;
                match b.get(p) {
                    Some(b':') => {
                        p += 1;
                        if matches!(b.get(p), Some(b' ' | b'\t')) {
                            p += 1;
                        }
                    }
                    Some(b' ' | b'\t') => p += 1,
                    _ => continue,
                }
                if !ci(p, b"pmc") {
                    continue;
                }
                p
            } else if &b[start..start + 3] == b"PMC" {
                start
            } else {
                continue;
            };
            let n = b[id + 3..].iter().take_while(|c| c.is_ascii_digit()).count();
            let end = id + 3 + n;
            self.pos = self.pos.max(end);
            if n == 0 || !boundary_after(b, end) {
                continue;
            }
            if let Ok(pmcid) = Pmcid::parse(&self.text[start..end]) {
                return Some(Found { start, end, pmcid });
            }
        }
        None
    }
}

/// Whether a PMCID can start at `at`: not glued to a word, a path or a URL before it.
fn boundary_before(text: &str, at: usize) -> bool {
    match char_before(text, at) {
        None => true,
        Some(c) if c.is_ascii() => !(c.is_ascii_alphanumeric()
            || matches!(
                c,
                '/' | '.' | '-' | '_' | '=' | '&' | '?' | '#' | '%' | ':' | '@' | '+' | '~' | '\\'
            )),
        Some(c) => !glued_to_word(c),
    }
}

/// Whether a number can end at `end`: not followed by a letter, a digit or `_`, nor by `/`,
/// `.` or `-` and then a letter or digit (a longer token).
fn boundary_after(b: &[u8], end: usize) -> bool {
    match b.get(end) {
        None => true,
        Some(c) if c.is_ascii_alphanumeric() || *c == b'_' => false,
        Some(b'/' | b'.' | b'-') => !b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric),
        Some(_) => true,
    }
}
