//! Finding labelled numbers in running text: `ISBN 978-0-596-52068-7`, `ISSN 0317-8471`,
//! `EAN 4006381333931` (the finders of the ISBN, ISSN and EAN units), and ISBNs written with
//! their hyphens where the ranges put them.
//!
//! A hit starts at a word boundary (the start of the text, whitespace, an opening bracket or
//! quote, punctuation that cannot be inside a URL), so that a number inside a URL or URN
//! (`urn:isbn:…`, `https://example.org/978-0-…`), which the IRI finder finds, is left to it.
//! It ends where the number ends, before whitespace or sentence punctuation: not before a
//! letter, a digit or a character that would continue a URL or a longer number. A hit is given
//! only when its text reads by the unit's rules. Each candidate is looked at over a bounded
//! number of bytes, so finding is linear in the text.

use crate::scheme::Hit;

/// What one unit's finder looks for.
#[derive(Debug)]
pub(crate) struct Spec {
    /// The labels that start a hit, lower case, longest first where one is a prefix of another.
    pub labels: &'static [&'static str],
    /// `X` may stand in the number (a check character).
    pub x: bool,
    /// Spaces may separate the groups of digits of a labelled number (`-` always may).
    pub spaces: bool,
    /// The most digits a number has.
    pub max_digits: usize,
    /// Whether a labelled candidate reads.
    pub reads: fn(&str) -> bool,
    /// Whether a bare number (digits and hyphens only) is unmistakably one; `None`: bare
    /// numbers are not found.
    pub bare: Option<fn(&str) -> bool>,
}

/// The finder of one unit: an iterator of [`Hit`]s in order, without overlaps.
#[derive(Debug, Clone)]
pub(crate) struct Finder<'a> {
    text: &'a str,
    pos: usize,
    spec: &'static Spec,
}

impl<'a> Finder<'a> {
    pub(crate) fn new(text: &'a str, spec: &'static Spec) -> Self {
        Finder { text, pos: 0, spec }
    }

    /// The end of a hit starting at `p`, if one does.
    fn at(&self, p: usize) -> Option<usize> {
        let b = self.text.as_bytes();
        let spec = self.spec;
        let (from, labelled) = if b[p].is_ascii_digit() {
            spec.bare?;
            (p, false)
        } else {
            let label = spec
                .labels
                .iter()
                .find(|l| super::syntax::starts_with_ci(&b[p..], l.as_bytes()))?;
            let mut q = p + label.len();
            let mut skipped = 0;
            while q < b.len() && matches!(b[q], b' ' | b'\t' | b':') && skipped < 4 {
                q += 1;
                skipped += 1;
            }
            if !b.get(q).is_some_and(u8::is_ascii_digit) {
                return None;
            }
            (q, true)
        };
        let is_digit = |c: u8| c.is_ascii_digit() || (spec.x && (c == b'X' || c == b'x'));
        let is_sep = |c: u8| c == b'-' || (labelled && spec.spaces && c == b' ');
        // The ends of the groups of digits, in order: at most `max_digits + 1` of them.
        let mut ends = [0usize; 16];
        let mut n_ends = 0;
        let (mut i, mut digits) = (from, 0);
        loop {
            while i < b.len() && is_digit(b[i]) && digits <= spec.max_digits {
                i += 1;
                digits += 1;
            }
            if n_ends < ends.len() {
                ends[n_ends] = i;
                n_ends += 1;
            }
            if digits > spec.max_digits
                || i + 1 >= b.len()
                || !is_sep(b[i])
                || !is_digit(b[i + 1])
            {
                break;
            }
            i += 1;
        }
        ends[..n_ends].iter().rev().copied().find(|&end| {
            boundary_after(self.text, end) && {
                let cand = &self.text[p..end];
                if labelled {
                    (spec.reads)(cand)
                } else {
                    spec.bare.is_some_and(|bare| cand.contains('-') && bare(cand))
                }
            }
        })
    }
}

impl<'a> Iterator for Finder<'a> {
    type Item = Hit<'a>;

    fn next(&mut self) -> Option<Hit<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let p = self.pos;
            let c = b[p].to_ascii_lowercase();
            let may_start = (c.is_ascii_digit() && self.spec.bare.is_some())
                || self.spec.labels.iter().any(|l| l.as_bytes()[0] == c);
            if may_start
                && boundary_before(self.text, p)
                && let Some(end) = self.at(p)
            {
                self.pos = end;
                return Some(Hit {
                    start: p,
                    end,
                    text: std::borrow::Cow::Borrowed(&self.text[p..end]),
                    truncated: false,
                });
            }
            self.pos += 1;
        }
        None
    }
}

/// Whether a number or label may start at `p`: at the start of the text, after whitespace, an
/// opening bracket or quote or sentence punctuation, or after a character of a script written
/// without spaces; not inside a word, a number or a URL.
fn boundary_before(text: &str, p: usize) -> bool {
    let Some(c) = crate::text::char_before(text, p) else {
        return true;
    };
    if c.is_whitespace() {
        return true;
    }
    if c.is_ascii() {
        return matches!(
            c,
            '(' | '[' | '{' | '<' | '>' | '"' | '\'' | ',' | ';' | '*' | '|' | '!' | '`'
        );
    }
    !crate::text::glued_to_word(c)
}

/// Whether a number may end at `end`: at the end of the text, or before anything but a letter,
/// a digit, a character that continues a URL, or `.` `,` `:` before a letter or digit.
fn boundary_after(text: &str, end: usize) -> bool {
    let mut rest = text[end..].chars();
    let Some(c) = rest.next() else {
        return true;
    };
    if c.is_alphanumeric() || "-_/\\@%&=+~#".contains(c) {
        return false;
    }
    !(matches!(c, '.' | ',' | ':') && rest.next().is_some_and(char::is_alphanumeric))
}

/// What the ISBN finder looks for.
static ISBN: Spec = Spec {
    labels: &["isbn-13", "isbn-10", "isbn13", "isbn10", "isbn"],
    x: true,
    spaces: true,
    max_digits: 13,
    reads: reads_isbn,
    bare: Some(bare_isbn),
};

fn reads_isbn(s: &str) -> bool {
    super::Isbn::parse(s).is_ok()
}

/// A bare ISBN is found only hyphenated exactly where the International ISBN Agency's ranges
/// put the hyphens, with a valid check digit: `978-0-596-52068-7`, `0-596-52068-9`.
fn bare_isbn(s: &str) -> bool {
    super::Isbn::parse(s).is_ok_and(|i| i.expected_seps() == Some(i.written.seps))
}

/// The ISBNs in running text, in order: after an `ISBN` label (`ISBN 978-0-596-52068-7`,
/// `ISBN-10: 0-596-52068-9`), and bare ones hyphenated where the ranges put the hyphens, with
/// a valid check digit (`978-0-596-52068-7`). A bare number without hyphens is not found: it
/// could be any number. A hit's text reads as an ISBN.
///
/// ```
/// let text = "Learning Python (ISBN-13: 978-0-596-52068-7), also 0-596-52068-9; not 9780596520687.";
/// let found: Vec<_> = pidkit::isbn::find_iter(text).map(|h| h.text.into_owned()).collect();
/// assert_eq!(found, ["ISBN-13: 978-0-596-52068-7", "0-596-52068-9"]);
/// ```
pub fn find_iter(text: &str) -> impl Iterator<Item = Hit<'_>> + Clone {
    Finder::new(text, &ISBN)
}
