//! Finding RRIDs in running text: the `RRID:` label marks them (it was made to be mined from
//! methods sections); resolver URLs are found by the IRI finder.

use std::borrow::Cow;

use crate::scheme::Hit;
use crate::text;

/// Iterator over the RRIDs of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the RRIDs written `RRID:…` or `RRID: …` (the label in any case) in running text, in
/// order: the label starts a word, the identifier runs over letters, digits, `_`, `-`, `.` and
/// `:`, the sentence's punctuation at its end is left out, and it is taken when it reads as an
/// RRID.
///
/// ```
/// let text = "anti-GFP (Abcam Cat# ab290, RRID:AB_303395) and ImageJ (RRID: SCR_003070).";
/// let found: Vec<_> = pidkit::rrid::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["RRID:AB_303395", "RRID: SCR_003070"]);
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
        Some('(' | '[' | '{' | '<' | '"' | '\'' | ',' | ';') => true,
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
            if colon < 4 || !b[colon - 4..colon].eq_ignore_ascii_case(b"rrid") {
                continue;
            }
            let start = colon - 4;
            if !starts_word(self.text, start) {
                continue;
            }
            let from = colon + 1 + b[colon + 1..].iter().take_while(|&&c| c == b' ').count();
            let n = b[from..]
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b':'))
                .count();
            let mut end = from + n;
            while end > from && !b[end - 1].is_ascii_alphanumeric() {
                end -= 1;
            }
            if end == from || self.text[end..].starts_with(|c: char| c.is_alphanumeric()) {
                continue;
            }
            let hit = &self.text[start..end];
            if super::syntax::parse(hit).is_err() {
                continue;
            }
            self.pos = end;
            return Some(Hit {
                start,
                end,
                text: Cow::Borrowed(hit),
                truncated: false,
            });
        }
        None
    }
}
