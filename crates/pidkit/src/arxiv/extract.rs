//! Finding arXiv identifiers in running text: the `arXiv:` label and the identifier after it
//! (`arXiv:2101.00001v2`, `arXiv: hep-th/9901001`, Google Scholar's "arXiv preprint
//! arXiv:1706.03762"). Bare identifiers are not looked for: `2101.00001` is a number in prose.
//! URLs are found by the IRI finder and read as arXiv identifiers through detection.

use crate::text::{char_before, glued_to_word};

use super::Arxiv;
use super::syntax::{digits, starts_with_ci};

/// An identifier found in text: the byte span of the label and identifier, and the identifier.
///
/// ```
/// let text = "see arXiv:2101.00001v2.";
/// let f = pidkit::arxiv::find_iter(text).next().unwrap();
/// assert_eq!((f.start, f.end, f.arxiv.key().as_ref()), (4, 22, "arXiv:2101.00001v2"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset of the label.
    pub start: usize,
    /// Byte offset just past the identifier (and its version).
    pub end: usize,
    /// The identifier as written, label included: `text[start..end]`.
    pub arxiv: Arxiv<'a>,
}

/// Iterator over the labelled arXiv identifiers of a text ([`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find `arXiv:` (any case, at most one space or tab after the colon) followed by an
/// identifier, in order. The label must not be glued to a word or path before it
/// (`myarXiv:…`, `/arXiv:…`), and the identifier must end at a word boundary (not followed by a
/// letter, digit or `_`, nor by `/ . -` and a letter or digit); what it finds reads as an
/// arXiv identifier. Linear in the text's length.
///
/// ```
/// let text = "(arXiv:hep-th/9901001) and arXiv preprint ARXIV: 1706.03762, not arXiv:2101.0001.";
/// let found: Vec<String> = pidkit::arxiv::find_iter(text).map(|f| f.arxiv.key().into_owned()).collect();
/// assert_eq!(found, ["arXiv:hep-th/9901001", "arXiv:1706.03762"]);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter { text, pos: 0 }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let k = self.pos + memchr::memchr(b':', &b[self.pos..])?;
            self.pos = k + 1;
            if k < 5 || !starts_with_ci(&b[k - 5..], b"arxiv") {
                continue;
            }
            let start = k - 5;
            if !boundary_before(self.text, start) {
                continue;
            }
            let mut p = k + 1;
            if matches!(b.get(p), Some(b' ' | b'\t')) {
                p += 1;
            }
            let Some(end) = shape(b, p) else { continue };
            if !boundary_after(b, end) {
                continue;
            }
            if let Ok(arxiv) = Arxiv::parse(&self.text[start..end]) {
                self.pos = end;
                return Some(Found { start, end, arxiv });
            }
        }
        None
    }
}

/// The end of the shape of an identifier and its version at `p`: `DDDD.DDDD[D]`, or an
/// archive, an optional subject class, `/` and seven digits; then `vD…` if present.
fn shape(b: &[u8], p: usize) -> Option<usize> {
    let word = |from: usize, max: usize| {
        b.get(from..).map_or(0, |t| {
            t.iter()
                .take(max + 1)
                .take_while(|c| c.is_ascii_alphabetic() || **c == b'-')
                .count()
        })
    };
    let mut i = match b.get(p)? {
        c if c.is_ascii_digit() => {
            if digits(b, p, b.len()) != 4 || b.get(p + 4) != Some(&b'.') {
                return None;
            }
            let n = digits(b, p + 5, b.len());
            (4..=5).contains(&n).then_some(p + 5 + n)?
        }
        c if c.is_ascii_alphabetic() => {
            let a = word(p, 8);
            let mut i = p + a;
            if a > 8 {
                return None;
            }
            if b.get(i) == Some(&b'.') {
                let sc = word(i + 1, 16);
                if sc == 0 || sc > 16 {
                    return None;
                }
                i += 1 + sc;
            }
            if b.get(i) != Some(&b'/') || digits(b, i + 1, b.len()) != 7 {
                return None;
            }
            i + 8
        }
        _ => return None,
    };
    if matches!(b.get(i), Some(b'v' | b'V')) {
        let n = digits(b, i + 1, b.len());
        if n > 0 {
            i += 1 + n;
        }
    }
    Some(i)
}

/// Whether an identifier can start at `at`: not glued to a word, a path or a URL before it.
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

/// Whether an identifier can end at `end`: not followed by a letter, a digit or `_`, nor by
/// `/`, `.` or `-` and then a letter or digit (a longer token).
fn boundary_after(b: &[u8], end: usize) -> bool {
    match b.get(end) {
        None => true,
        Some(c) if c.is_ascii_alphanumeric() || *c == b'_' => false,
        Some(b'/' | b'.' | b'-') => !b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric),
        Some(_) => true,
    }
}
