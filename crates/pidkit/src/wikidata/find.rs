//! Finding Wikidata ids in running text: only those written with a label (`wd:Q42`,
//! `Wikidata: Q42`), which prose cannot be mistaken for; a bare `Q42` is too short to tell
//! from a word, and a URL is found by the IRI finder.

use std::borrow::Cow;

use crate::scheme::Hit;
use crate::text;

/// Iterator over the labelled Wikidata ids of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the Wikidata ids written `wd:ID`, `wikidata:ID` or `Wikidata: ID` (labels in any case)
/// in running text, in order. The label starts a word (not inside a URL or another word); the
/// id runs over letters, digits and `-`, and is taken when it reads as an entity id.
///
/// ```
/// let text = "Douglas Adams (wd:Q42) wrote it; see also Wikidata: L7-F3.";
/// let found: Vec<_> = pidkit::wikidata::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["wd:Q42", "Wikidata: L7-F3"]);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter { text, pos: 0 }
}

/// Whether an identifier may start at byte `at` of `text`: at its start, after whitespace, an
/// opening bracket or quote, a list separator, or a character of a script written without
/// spaces — not inside a word or a URL.
pub(crate) fn starts_word(text: &str, at: usize) -> bool {
    match text::char_before(text, at) {
        None => true,
        Some(c) if c.is_whitespace() => true,
        Some('(' | '[' | '{' | '<' | '"' | '\'' | ',' | ';') => true,
        Some(c) if c.is_ascii() => false,
        Some(c) => !text::glued_to_word(c),
    }
}

/// Whether `b[..end]` ends with `label`, ASCII case-insensitively.
fn ends_ci(b: &[u8], end: usize, label: &[u8]) -> bool {
    end >= label.len() && b[end - label.len()..end].eq_ignore_ascii_case(label)
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
            let label = if ends_ci(b, colon, b"wikidata") {
                8
            } else if ends_ci(b, colon, b"wd") {
                2
            } else {
                continue;
            };
            let start = colon - label;
            if !starts_word(self.text, start) {
                continue;
            }
            let mut from = colon + 1;
            if label == 8 {
                from += b[from..].iter().take_while(|&&c| c == b' ').count();
            }
            let n = b[from..]
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-')
                .count();
            let mut end = from + n;
            while end > from && b[end - 1] == b'-' {
                end -= 1;
            }
            if end == from || self.text[end..].chars().next().is_some_and(char::is_alphanumeric) {
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
