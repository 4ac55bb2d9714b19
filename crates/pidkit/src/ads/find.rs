//! Finding bibcodes in running text: those written with the `Bibcode:` label (as Wikipedia's
//! citations print them); a bare bibcode is not told from other words in prose, and an ADS URL
//! is found by the IRI finder.

use std::borrow::Cow;

use crate::scheme::Hit;
use crate::text;

/// Iterator over the labelled bibcodes of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the bibcodes written `Bibcode:…` or `bibcode: …` (the label in any case) in running
/// text, in order: the label starts a word, and the 19 characters after it read as a bibcode
/// (a period that ends the sentence is left out when the bibcode reads without it).
///
/// ```
/// let text = "Heintz, W. D. (1974). Bibcode:1974AJ.....79..819H. doi:10.1086/111614.";
/// let found: Vec<_> = pidkit::ads::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["Bibcode:1974AJ.....79..819H"]);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter { text, pos: 0 }
}

/// Whether an identifier may start at byte `at` of `text`: at its start, after whitespace, an
/// opening bracket or quote, a list separator, or a character of a script written without
/// spaces — not inside a word or a URL.
fn starts_word(text: &str, at: usize) -> bool {
    match text::char_before(text, at) {
        None => true,
        Some(c) if c.is_whitespace() => true,
        Some('(' | '[' | '{' | '<' | '"' | '\'' | ',' | ';' | '.') => true,
        Some(c) if c.is_ascii() => false,
        Some(c) => !text::glued_to_word(c),
    }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Hit<'a>;

    fn next(&mut self) -> Option<Hit<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let Some(k) = memchr::memchr(b':', &b[self.pos..]) else {
                self.pos = b.len();
                return None;
            };
            let colon = self.pos + k;
            self.pos = colon + 1;
            if colon < 7 || !b[colon - 7..colon].eq_ignore_ascii_case(b"bibcode") {
                continue;
            }
            let start = colon - 7;
            if !starts_word(self.text, start) {
                continue;
            }
            let from = colon + 1 + b[colon + 1..].iter().take_while(|&&c| c == b' ').count();
            // At most 19 characters of three bytes each.
            let mut end = from;
            for c in self.text[from..].chars().take(super::syntax::LEN + 1) {
                if !(c.is_ascii_alphanumeric() || matches!(c, '.' | '&' | '%' | '\u{2026}')) {
                    break;
                }
                end += c.len_utf8();
            }
            let mut hit = None;
            for to in [end, end.saturating_sub(1)] {
                if to > from
                    && self.text.is_char_boundary(to)
                    && !self.text[to..].starts_with(|c: char| c.is_alphanumeric())
                    && super::syntax::parse(&self.text[start..to]).is_ok()
                {
                    hit = Some(to);
                    break;
                }
            }
            let Some(end) = hit else { continue };
            self.pos = end;
            return Some(Hit {
                start,
                end,
                text: Cow::Borrowed(&self.text[start..end]),
                truncated: false,
            });
        }
        None
    }
}
