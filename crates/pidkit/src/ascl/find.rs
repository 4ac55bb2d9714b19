//! Finding ASCL IDs in running text: those written with their `ascl:` label (an ascl.net URL
//! is found by the IRI finder; `ascl` is no URI scheme the IRI finder knows).

use std::borrow::Cow;

use crate::scheme::Hit;
use crate::text;

/// Iterator over the ASCL IDs of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the ASCL IDs written `ascl:YYMM.NNN` (the label in any case) in running text, in
/// order: the label starts a word, and the ID is read by the ASCL rules.
///
/// ```
/// let text = "We used MESA (ascl:1010.083) and ascl:1201.001.";
/// let found: Vec<_> = pidkit::ascl::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["ascl:1010.083", "ascl:1201.001"]);
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
            if colon < 4 || !b[colon - 4..colon].eq_ignore_ascii_case(b"ascl") {
                continue;
            }
            let start = colon - 4;
            if !starts_word(self.text, start) {
                continue;
            }
            let end = colon + 1 + 8;
            let hit = match self.text.get(start..end) {
                Some(h) if !self.text[end..].starts_with(|c: char| c.is_alphanumeric()) => h,
                _ => continue,
            };
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
