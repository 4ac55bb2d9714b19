//! Finding GND identifiers in running text: only those written with a label (`GND: 118540238`,
//! `gnd:…`, `(DE-588)…`); a bare number cannot be told from other numbers, and a d-nb.info URL
//! is found by the IRI finder.

use std::borrow::Cow;

use crate::scheme::Hit;
use crate::text;

/// Iterator over the labelled GND identifiers of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the GND identifiers written `GND 118540238`, `GND: …`, `gnd:…` or `(DE-588)…` (labels
/// in any case) in running text, in order. The label starts a word; the number runs over
/// digits, `X` and `-`, and is taken when it reads as a GND identifier, check character
/// included.
///
/// ```
/// let text = "Goethe (GND: 118540238), Berlin [(DE-588)4005728-8]; not GND 118540237.";
/// let found: Vec<_> = pidkit::gnd::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["GND: 118540238", "(DE-588)4005728-8"]);
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
            let Some(k) = memchr::memchr3(b'g', b'G', b'(', &b[self.pos..]) else {
                self.pos = b.len();
                return None;
            };
            let start = self.pos + k;
            self.pos = start + 1;
            let rest = &b[start..];
            let label = if rest.len() >= 8 && rest[..7].eq_ignore_ascii_case(b"(de-588") {
                match rest[7] {
                    b')' => 8,
                    b'a' | b'b' | b'c' if rest.get(8) == Some(&b')') => 9,
                    _ => continue,
                }
            } else if rest.len() >= 4
                && rest[..3].eq_ignore_ascii_case(b"gnd")
                && matches!(rest[3], b':' | b' ')
            {
                4 + rest[4..].iter().take_while(|&&c| c == b' ').count()
            } else {
                continue;
            };
            if !starts_word(self.text, start) {
                continue;
            }
            let from = start + label;
            let n = b[from..]
                .iter()
                .take_while(|&&c| c.is_ascii_digit() || matches!(c, b'X' | b'x' | b'-'))
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
