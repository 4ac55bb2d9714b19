//! Finding PMIDs in running text: the label and the number after it (`PMID: 15626865`,
//! `PMID 15626865`). A bare number is not looked for: in prose it is a number. PubMed URLs
//! and `info:pmid/` URIs are found by the IRI finder and read as PMIDs through detection.

use crate::text::{char_before, glued_to_word};

use super::Pmid;

/// A PMID found in text: the byte span of the label and number, and the PMID.
///
/// ```
/// let text = "Smith 2005. PMID: 15626865.";
/// let f = pidkit::pmid::find_iter(text).next().unwrap();
/// assert_eq!((f.start, f.end, f.pmid.number()), (12, 26, "15626865"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset of the label.
    pub start: usize,
    /// Byte offset just past the number.
    pub end: usize,
    /// The PMID as written, label included: `text[start..end]`.
    pub pmid: Pmid<'a>,
}

/// Iterator over the labelled PMIDs of a text ([`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find `PMID` (any case) followed by `:` and at most one space or tab, or by one space or
/// tab, then a number, in order. The label must not be glued to a word or path before it, and
/// the number must end at a word boundary (not followed by a letter, digit or `_`, nor by
/// `/ . -` and a letter or digit); what it finds reads as a PMID (1 to 8 digits, not 0).
/// Linear in the text's length.
///
/// ```
/// let text = "PMID 4957203; pmid:12748199, PMID: 123456789, PMIDs 1 and 2, xPMID: 5";
/// let found: Vec<&str> = pidkit::pmid::find_iter(text).map(|f| f.pmid.number()).collect();
/// assert_eq!(found, ["4957203", "12748199"]);
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
            let label = b.get(start..start + 4);
            if !label.is_some_and(|l| l.eq_ignore_ascii_case(b"pmid"))
                || !boundary_before(self.text, start)
            {
                continue;
            }
            let mut p = start + 4;
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
            let n = b[p..].iter().take_while(|c| c.is_ascii_digit()).count();
            let end = p + n;
            self.pos = self.pos.max(end);
            if n == 0 || !boundary_after(b, end) {
                continue;
            }
            if let Ok(pmid) = Pmid::parse(&self.text[start..end]) {
                return Some(Found { start, end, pmid });
            }
        }
        None
    }
}

/// Whether a PMID can start at `at`: not glued to a word, a path or a URL before it.
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
