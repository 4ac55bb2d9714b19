//! IRIs in running text: bare (`scheme://…`, and the opaque schemes people write in prose) and
//! delimited by `<…>` (draft-duerst-iri-bis-07 §8.3, RFC 3986 Appendix C).

use std::borrow::Cow;

use crate::chars;
use crate::iri::{IriRef, Profile, Rule};
use crate::text::{self, Edit};

/// An IRI found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundIri<'a> {
    /// Byte offset of the IRI's first character in the text.
    pub start: usize,
    /// Byte offset just past its last character (for an IRI read across lines, past the last
    /// line's part).
    pub end: usize,
    /// The IRI as it is to be read: `text[start..end]`, except that whitespace inside `<…>`,
    /// a line break inside a broken IRI (see [`super`]), JSON and BibTeX escapes (`\/`,
    /// `\uXXXX`, `\_`, `{\_}` …) and `&amp;` are read; owned only then.
    pub iri: Cow<'a, str>,
    /// It runs to a line end where it may go on in the next line, which does not say so
    /// clearly enough to be read with it (see [`super`], "Broken lines").
    pub truncated: bool,
}

/// Schemes recognised without `//` (opaque IRIs that people write in prose), besides the URI
/// schemes of the library's identifier schemes ([`crate::scheme::uri_schemes`]).
const OPAQUE_SCHEMES: &[&str] = &["info", "mailto", "tag", "tel"];

/// The longest an IRI inside `<…>` may be before the brackets are taken for something else.
pub(crate) const MAX_BRACKETED: usize = 8192;

/// How far before a line end a `<` can open an IRI that is read across it (past the `<` itself).
pub(crate) const MAX_BLOCK_LOOKBACK: usize = MAX_BRACKETED + 2;

/// Iterator over the IRIs of a text (see [`super::iris`]).
///
/// ```
/// let mut found = pidkit::extract::iris("<http://a.example/> and urn:isbn:0451450523.");
/// assert_eq!(found.next().map(|f| f.iri), Some("http://a.example/".into()));
/// assert_eq!(found.next().map(|f| f.iri), Some("urn:isbn:0451450523".into()));
/// assert_eq!(found.next(), None);
/// ```
#[derive(Debug, Clone)]
pub struct Iris<'a> {
    text: &'a str,
    i: usize,
    run: Run,
}

impl<'a> Iris<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Iris {
            text,
            i: 0,
            run: Run::default(),
        }
    }
}

impl<'a> Iterator for Iris<'a> {
    type Item = FoundIri<'a>;

    fn next(&mut self) -> Option<FoundIri<'a>> {
        let b = self.text.as_bytes();
        while self.i < b.len() {
            let Some(k) = memchr::memchr2(b'<', b':', &b[self.i..]) else {
                self.i = b.len();
                return None;
            };
            let i = self.i + k;
            let found = match b[i] {
                b'<' => bracketed(self.text, i),
                _ => bare(self.text, self.i, i, &mut self.run),
            };
            match found {
                Some(f) => {
                    self.i = f.end.max(i + 1);
                    return Some(f);
                }
                None => self.i = i + 1,
            }
        }
        None
    }
}

/// `<IRI>` or `<URL:IRI>`, possibly broken across lines; `lt` is the position of `<`.
fn bracketed(text: &str, lt: usize) -> Option<FoundIri<'_>> {
    let rest = &text[lt + 1..];
    let window = &rest[..floor_char_boundary(rest, MAX_BRACKETED)];
    let close = memchr::memchr2(b'>', b'<', window.as_bytes())?;
    if window.as_bytes()[close] != b'>' || text::has_blank_line(&window[..close]) {
        return None;
    }
    let mut inner = &window[..close];
    let mut start = lt + 1;
    let trimmed = inner.trim_start();
    start += inner.len() - trimmed.len();
    inner = trimmed;
    if let Some(after) = inner.strip_prefix("URL:") {
        let t = after.trim_start();
        start += inner.len() - t.len();
        inner = t;
    }
    let inner = inner.trim_end();
    let colon = inner.find(':')?;
    if !is_scheme(&inner[..colon]) {
        return None;
    }
    let iri: Cow<'_, str> = if inner.contains(char::is_whitespace) {
        Cow::Owned(inner.split_whitespace().collect())
    } else {
        Cow::Borrowed(inner)
    };
    IriRef::parse_rule(iri.as_ref(), Rule::Iri, Profile::IriBis).ok()?;
    Some(FoundIri {
        start,
        end: start + inner.len(),
        iri,
        truncated: false,
    })
}

/// A character an IRI may hold, as it ends a run in text: ASCII URI characters, `ucschar` and
/// `iprivate`, but no whitespace and no sentence punctuation of other scripts (`。`).
fn in_iri(c: char) -> bool {
    if c.is_ascii() {
        chars::is_uri_char(c as u8)
    } else {
        (chars::is_ucschar(c) || chars::is_iprivate_bis(c))
            && !c.is_whitespace()
            && !text::ends_identifier(c)
    }
}

/// The last run of IRI characters scanned: every character in `from..end` may appear in an IRI
/// (after the `edits`: escapes read, line breaks joined) and the one at `end` may not (or the
/// text ends there). Each colon in the run starts its scan there, so the run is scanned once,
/// not once per colon.
#[derive(Debug, Clone, Default)]
struct Run {
    from: usize,
    end: usize,
    edits: Vec<Edit>,
    /// The run reaches a line end where it may go on ([`Next::Truncated`]).
    truncated: bool,
}

impl Run {
    /// Where the run of IRI characters that starts at `at` ends.
    fn end_from(&mut self, text: &str, at: usize) -> usize {
        if self.from > 0 && (self.from..=self.end).contains(&at) {
            return self.end;
        }
        let b = text.as_bytes();
        let mut edits = Vec::new();
        let mut breaks = text::LineBreaks::default();
        let mut k = at;
        // Non-ASCII brackets open in the run: a closing one with no partner (`）` `」`) ends it.
        let mut brackets = text::Brackets::default();
        loop {
            while k < b.len() {
                let c = b[k];
                if c < 0x80 {
                    // An HTML entity other than `&amp;` (`&nbsp;`, `&lt;`) ends an IRI.
                    if c == b'&' && text::html_entity(b, k).is_some_and(|(_, ch)| ch != Some('&')) {
                        break;
                    }
                    if chars::is_uri_char(c) {
                        k += 1;
                        continue;
                    }
                    if let Some(len) = text::read_escape(b, k, &mut edits, in_iri) {
                        k += len;
                        continue;
                    }
                    break;
                }
                match text[k..].chars().next() {
                    Some(ch) if in_iri(ch) && brackets.take(ch) => k += ch.len_utf8(),
                    _ => break,
                }
            }
            if k < b.len() && matches!(b[k], b' ' | b'\t' | b'\r' | b'\n') {
                let incomplete = k >= at + 2 && text[..k].ends_with("://");
                if let Some(w) = breaks.at(text, k, at, incomplete, &mut edits, in_iri) {
                    k = w;
                    continue;
                }
            }
            *self = Run {
                from: at,
                end: k,
                edits,
                truncated: breaks.truncated,
            };
            return k;
        }
    }
}

/// A bare IRI whose scheme ends at the `:` at `colon`, starting at or after `floor`.
///
/// Linear in what it returns (plus the scan of the run, shared by the colons of the run): the
/// longest valid prefix is found first (the parser stops at the first error), and trailing
/// punctuation and unbalanced closing brackets are then removed with bracket counters.
fn bare<'a>(text: &'a str, floor: usize, colon: usize, run: &mut Run) -> Option<FoundIri<'a>> {
    let b = text.as_bytes();
    // The scheme: the longest run of scheme characters before ':' (and not before `floor`,
    // the end of the IRI found before) that starts with a letter and is not glued to a
    // preceding word (of a script that puts spaces between words).
    let mut s = colon;
    while s > floor && chars::is(b[s - 1], chars::SCHEME) {
        s -= 1;
    }
    while s < colon && !b[s].is_ascii_alphabetic() {
        s += 1;
    }
    if s == colon || text::char_before(text, s).is_some_and(text::glued_to_word) {
        return None;
    }
    let scheme = &text[s..colon];
    let after = &b[colon + 1..];
    let hier = after.starts_with(b"//") || after.starts_with(b"\\/\\/");
    let known = |list: &[&str]| list.iter().any(|o| o.eq_ignore_ascii_case(scheme));
    if !hier && !known(OPAQUE_SCHEMES) && !known(crate::scheme::uri_schemes()) {
        return None;
    }
    // Extend over characters that may appear in an IRI; anything else ends it.
    let end = run.end_from(text, colon + 1);
    let read = text::splice(text, s, end, &run.edits);
    let full: &str = &read.text;
    // Keep the longest prefix that is a valid IRI (a stray '%' or ']' ends it).
    let mut m = full;
    loop {
        if m.len() <= scheme.len() + 1 {
            return None;
        }
        match IriRef::parse_rule(m, Rule::Iri, Profile::IriBis) {
            Ok(_) => break,
            Err(e) => m = &m[..e.offset],
        }
    }
    // Trailing punctuation and unbalanced closing brackets belong to the sentence. (Removing
    // them keeps the IRI valid: a valid IRI has no unpaired ']', and none of them ends a
    // percent-encoding.)
    m = &m[..text::trim_end(m)];
    // Markdown emphasis around the IRI (`_…_`, `__…__`, `*…*`) is a balanced pair too.
    if let Some(&mark @ (b'_' | b'*')) = s.checked_sub(1).map(|k| &b[k]) {
        let marks = b[..s]
            .iter()
            .rev()
            .take(3)
            .take_while(|&&c| c == mark)
            .count();
        for _ in 0..marks {
            m = m.strip_suffix(char::from(mark)).unwrap_or(m);
        }
    }
    if m.len() <= scheme.len() + 1 {
        return None;
    }
    let len = m.len();
    let truncated = run.truncated && len == full.len();
    let end = read.source_end(len);
    // `&amp;` is how HTML and XML write the `&` of a query; read it as `&`.
    let iri = if m.contains("&amp;") {
        Cow::Owned(m.replace("&amp;", "&"))
    } else {
        match read.text {
            Cow::Borrowed(t) => Cow::Borrowed(&t[..len]),
            Cow::Owned(mut t) => {
                t.truncate(len);
                Cow::Owned(t)
            }
        }
    };
    Some(FoundIri {
        start: s,
        end,
        iri,
        truncated,
    })
}

fn is_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic) && b.iter().all(|&c| chars::is(c, chars::SCHEME))
}

/// The largest char boundary of `s` not above `max`.
fn floor_char_boundary(s: &str, max: usize) -> usize {
    if max >= s.len() {
        return s.len();
    }
    let mut k = max;
    while !s.is_char_boundary(k) {
        k -= 1;
    }
    k
}
