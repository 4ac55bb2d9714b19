//! Finding HAL identifiers in running text: bare identifiers with a known portal's prefix
//! (`hal-01101888`, `tel-01743851v2`, as HAL prints them on every deposit: "HAL Id:
//! hal-01101888"); a HAL URL is found by the IRI finder.

use std::borrow::Cow;

use super::PORTALS;
use crate::scheme::Hit;
use crate::text;

/// Iterator over the HAL identifiers of a text (see [`find_iter`]).
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the HAL identifiers of running text, in order: a known portal's prefix ([`PORTALS`],
/// lower case) starting a word, its separator, eight digits and an optional version, not
/// followed by a letter or digit.
///
/// ```
/// let text = "HAL Id: hal-01101888, see also tel-01743851v2 (not hal-0110188 or xhal-01101888).";
/// let found: Vec<_> = pidkit::hal::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["hal-01101888", "tel-01743851v2"]);
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
        Some('(' | '[' | '{' | '<' | '"' | '\'' | ',' | ';' | '⟨') => true,
        Some(c) if c.is_ascii() => false,
        Some(c) => !text::glued_to_word(c),
    }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Hit<'a>;

    fn next(&mut self) -> Option<Hit<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let Some(k) = memchr::memchr2(b'-', b'_', &b[self.pos..]) else {
                self.pos = b.len();
                return None;
            };
            let sep = self.pos + k;
            self.pos = sep + 1;
            if !b
                .get(sep + 1..sep + 9)
                .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
            {
                continue;
            }
            let Some(start) = PORTALS
                .iter()
                .filter(|p| {
                    sep >= p.len()
                        && &b[sep - p.len()..sep] == p.as_bytes()
                        && starts_word(self.text, sep - p.len())
                })
                .map(|p| sep - p.len())
                .min()
            else {
                continue;
            };
            let mut end = sep + 9;
            if b.get(end) == Some(&b'v') && b.get(end + 1).is_some_and(|c| matches!(c, b'1'..=b'9')) {
                end += 1 + b[end + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            }
            if self.text[end..].starts_with(|c: char| c.is_alphanumeric() || c == '_') {
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
