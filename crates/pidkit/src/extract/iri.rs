//! IRIs in running text: bare (`scheme://…`, and the opaque schemes people write in prose) and
//! delimited by `<…>` (draft-duerst-iri-bis-07 §8.3, RFC 3986 Appendix C).

use std::borrow::Cow;

use crate::chars;
use crate::iri::{IriParseError, IriRef, Profile, Rule};
use crate::text::{self, Edit, LineBreaks, Next};

pub(crate) use crate::text::MAX_BRACKETED;

/// An IRI found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FoundIri<'a> {
    /// Byte offset of the IRI's first character in the text.
    pub start: usize,
    /// Byte offset just past its last character (for an IRI read across lines, past the last
    /// line's part).
    pub end: usize,
    /// The IRI as it is to be read: `text[start..end]`, except that whitespace that wraps it
    /// across lines inside `<…>`, a line break inside a broken IRI (see [`super`]), JSON and
    /// BibTeX escapes (`\/`, `\uXXXX`, `\_`, `{\_}` …) and `&amp;` are read; owned only then.
    pub iri: Cow<'a, str>,
    /// It runs to a line end where it may go on in the next line, which does not say so
    /// clearly enough to be read with it (see [`super`], "Broken lines").
    pub truncated: bool,
    /// It is the text of a `<…>` (or `<URL:…>`): the brackets say where it starts and ends
    /// (RFC 3986 Appendix C), so it is reported whole, as written, even where it is no valid
    /// IRI (`error`), and also when it is a relative reference (`relative`).
    pub bracketed: bool,
    /// It has no scheme: a relative reference written inside `<…>` (`<resource/9>`, as
    /// N-Triples and Turtle write them). Never set outside brackets, where a relative
    /// reference cannot be told from prose.
    pub relative: bool,
    /// Why the text of a `<…>` is no IRI, as written (`<http://example.org/a b/428>`: a space;
    /// `<http://example.org/a%GZ/5>`: a bad percent-encoding). `None` for every IRI found
    /// outside brackets: there the IRI ends where the text stops being one.
    pub error: Option<IriParseError>,
}

/// Schemes recognised without `//` (opaque IRIs that people write in prose), besides the URI
/// schemes of the library's identifier schemes ([`crate::scheme::uri_schemes`]).
const OPAQUE_SCHEMES: &[&str] = &["info", "mailto", "tag", "tel"];

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
///
/// Whitespace that wraps the text across lines is left out (RFC 3986 Appendix C); what is
/// left is reported as written: a valid IRI, or — where the text has a scheme that `//` or
/// the list of known schemes says is meant as one — an invalid IRI with its error (a space
/// within a line, a bad `%`), never a shorter valid IRI; or a relative reference
/// ([`relative_in_brackets`]).
fn bracketed(text: &str, lt: usize) -> Option<FoundIri<'_>> {
    let gt = text::angle_close(text, lt)?;
    let mut inner = &text[lt + 1..gt];
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
    if inner.is_empty() {
        return None;
    }
    let iri = text::unwrap_lines(inner);
    let scheme = inner.find(':').filter(|&c| is_scheme(&inner[..c]));
    let (relative, error) = match scheme {
        Some(colon) => {
            let error = IriRef::parse_rule(iri.as_ref(), Rule::Iri, Profile::IriBis).err();
            let scheme = &inner[..colon];
            let hier = inner[colon + 1..].starts_with("//");
            if error.is_some() && !hier && !known_scheme(scheme) {
                return None;
            }
            (false, error)
        }
        None if relative_in_brackets(text, lt, gt, &iri) => (true, None),
        None => return None,
    };
    Some(FoundIri {
        start,
        end: start + inner.len(),
        iri,
        truncated: false,
        bracketed: true,
        relative,
        error,
    })
}

/// Whether `r`, the text of the `<…>` from `lt` to `gt` (its wrapping whitespace left out),
/// is reported as a relative reference, as N-Triples and Turtle write them (`<resource/9>`,
/// `<../a>`, `<#me>`): a valid `irelative-ref` with a letter or digit and a `/` (or starting
/// with `#` or `?`), written right inside the brackets — and not what else text puts in
/// angle brackets: an HTML or XML tag (`</a>`, `<br/>`), a type argument glued to a word
/// (`Vec<a/b>`), an e-mail address (no `/`), a C header (`#include <sys/types.h>`), a
/// comparison (`a < b/c > d`: spaces inside).
fn relative_in_brackets(text: &str, lt: usize, gt: usize, r: &str) -> bool {
    let b = text.as_bytes();
    if b[lt + 1].is_ascii_whitespace() || b[gt - 1].is_ascii_whitespace() {
        return false;
    }
    if text::char_before(text, lt).is_some_and(|c| c.is_alphanumeric() || c == '_') {
        return false;
    }
    let before = b[lt.saturating_sub(12)..lt].trim_ascii_end();
    if before.ends_with(b"#include") || before.ends_with(b"#import") {
        return false;
    }
    if !(r.contains('/') || r.starts_with(['#', '?'])) || !r.chars().any(char::is_alphanumeric) {
        return false;
    }
    // A tag: a name, with a `/` before it (closing) or after it (empty element).
    let name = r
        .strip_prefix('/')
        .or_else(|| r.strip_suffix('/'))
        .unwrap_or(r);
    let tag = name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b':'));
    !tag && IriRef::parse_rule(r, Rule::RelativeRef, Profile::IriBis).is_ok()
}

fn known_scheme(scheme: &str) -> bool {
    let known = |list: &[&str]| list.iter().any(|o| o.eq_ignore_ascii_case(scheme));
    known(OPAQUE_SCHEMES) || known(crate::scheme::uri_schemes())
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

/// One scan of a run of IRI characters: every character in `from..end` may appear in an IRI
/// (after the `edits`: escapes read, line breaks joined) and the one at `end` may not (or the
/// text ends there).
#[derive(Debug, Clone, Default)]
struct Scan {
    end: usize,
    edits: Vec<Edit>,
    /// The run reaches a line end where it may go on ([`Next::Truncated`]).
    truncated: bool,
}

/// The last run of IRI characters scanned, from `from`. Each colon in the run starts its scan
/// there, so the run is scanned once, not once per colon; and once more at most for each kind
/// of opening bracket that an IRI of the run may be written right after (the line-break rule
/// inside brackets, [`text::next_line`]), each of those kept too.
#[derive(Debug, Clone, Default)]
struct Run {
    from: usize,
    base: Scan,
    /// Where the scan stopped at whitespace before reading across any line end (where the
    /// rule inside brackets may read on), and whether the IRI cannot end there.
    stop: Option<(usize, bool)>,
    /// By closing bracket (`)` `]` `}` `>`): the last of them in `from..stop`, and the scan
    /// of an IRI written right after its opening partner; each made when first asked for.
    enclosed: [Option<(Option<usize>, Scan)>; 4],
}

impl Run {
    /// The scan of the run of IRI characters that starts at `at`, for an IRI written right
    /// after the opening bracket that `closer` closes (if any).
    fn scan(&mut self, text: &str, at: usize, closer: Option<u8>) -> &Scan {
        if !(self.from > 0 && (self.from..=self.base.end).contains(&at)) {
            *self = Run::new(text, at);
        }
        let (Some(c), Some((stop, incomplete))) = (closer, self.stop) else {
            return &self.base;
        };
        let slot = match c {
            b')' => 0,
            b']' => 1,
            b'}' => 2,
            _ => 3,
        };
        let Run {
            from,
            base,
            enclosed,
            ..
        } = self;
        let (last_closer, scan) = enclosed[slot].get_or_insert_with(|| {
            let last = memchr::memrchr(c, &text.as_bytes()[*from..stop]).map(|k| *from + k);
            (last, enclose(text, *from, base, stop, incomplete, c))
        });
        // The bracket is closed in the IRI (from its start on): the rule does not apply.
        if last_closer.is_some_and(|k| k >= at) {
            return &self.base;
        }
        scan
    }

    /// Scan the run from `at`.
    fn new(text: &str, at: usize) -> Run {
        let mut edits = Vec::new();
        let mut breaks = LineBreaks::default();
        let (end, stop) = scan_from(text, at, at, &mut breaks, &mut edits);
        Run {
            from: at,
            base: Scan {
                end,
                edits,
                truncated: breaks.truncated,
            },
            stop: stop.filter(|_| breaks.joins == 0),
            enclosed: Default::default(),
        }
    }
}

/// The scan of a run that stopped at the whitespace at `stop` (`base`), for an IRI written
/// right after an opening bracket that `closer` closes: read on into the next line where the
/// rule inside brackets says so ([`text::next_line`]), truncated where it says so.
fn enclose(
    text: &str,
    from: usize,
    base: &Scan,
    stop: usize,
    incomplete: bool,
    closer: u8,
) -> Scan {
    let last = (stop > from)
        .then(|| text::char_before(text, stop))
        .flatten();
    match text::next_line(text, stop, last, incomplete, Some(closer), in_iri) {
        Next::Join(w) => {
            let mut edits = base.edits.clone();
            edits.push(Edit {
                start: stop,
                end: w,
                with: None,
            });
            let mut breaks = LineBreaks {
                joins: 1,
                ..LineBreaks::default()
            };
            let (end, _) = scan_from(text, from, w, &mut breaks, &mut edits);
            Scan {
                end,
                edits,
                truncated: breaks.truncated,
            }
        }
        Next::Truncated => Scan {
            truncated: true,
            ..base.clone()
        },
        Next::End => base.clone(),
    }
}

/// Scan IRI characters from `k` in a run that starts at `at`: where the run ends, and — when
/// it ended at whitespace that no line was read across — that position and whether the IRI
/// cannot end there (only a `scheme://`).
fn scan_from(
    text: &str,
    at: usize,
    mut k: usize,
    breaks: &mut LineBreaks,
    edits: &mut Vec<Edit>,
) -> (usize, Option<(usize, bool)>) {
    let b = text.as_bytes();
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
                if let Some(len) = text::read_escape(b, k, edits, in_iri) {
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
            if let Some(w) = breaks.at(text, k, at, incomplete, edits, in_iri) {
                k = w;
                continue;
            }
            return (k, Some((k, incomplete)));
        }
        return (k, None);
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
    if !hier && !known_scheme(scheme) {
        return None;
    }
    // Extend over characters that may appear in an IRI; anything else ends it. Right after an
    // opening bracket, it may go on in the next line before the bracket closes.
    let scan = run.scan(text, colon + 1, text::closer_before(b, s));
    let end = scan.end;
    let read = text::splice(text, s, end, &scan.edits);
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
    let truncated = scan.truncated && len == full.len();
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
        bracketed: false,
        relative: false,
        error: None,
    })
}

fn is_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic) && b.iter().all(|&c| chars::is(c, chars::SCHEME))
}
