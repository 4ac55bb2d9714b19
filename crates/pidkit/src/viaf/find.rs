//! Finding VIAF identifiers in running text: only those written with a label (`VIAF:
//! 102333412`, `viaf:…`); a bare number cannot be told from other numbers, and a viaf.org URL
//! is found by the IRI finder.

use std::borrow::Cow;

use crate::scheme::Hit;
use crate::text;

/// Iterator over the labelled VIAF identifiers of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the VIAF identifiers written `viaf:N`, `VIAF: N` or `VIAF N` (labels in any case) in
/// running text, in order: the label starts a word and the number is read by the VIAF rules.
///
/// ```
/// let text = "Tolkien (VIAF: 95218067; viaf:102333412), not VIAF clusters.";
/// let found: Vec<_> = pidkit::viaf::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["VIAF: 95218067", "viaf:102333412"]);
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
            let Some(k) = memchr::memchr2(b'v', b'V', &b[self.pos..]) else {
                self.pos = b.len();
                return None;
            };
            let start = self.pos + k;
            self.pos = start + 1;
            let rest = &b[start..];
            if !(rest.len() > 5
                && rest[..4].eq_ignore_ascii_case(b"viaf")
                && matches!(rest[4], b':' | b' ')
                && starts_word(self.text, start))
            {
                continue;
            }
            let from = start + 5 + rest[5..].iter().take_while(|&&c| c == b' ').count();
            let end = from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
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
