//! Finding handles in running text: the `hdl:` and `info:hdl/` URIs and the HDL.NET proxy
//! URLs (a bare `prefix/local-name` cannot be told from prose, so it is never taken).

use std::borrow::Cow;

use super::forms::{HdlForm, recognize};
use super::name::Handle;
use crate::handle_system::is_graphic;
use crate::pct;
use crate::text::{self, Edit};

/// A handle found in text: the byte span of its written form (lead-in included), the handle,
/// and the form.
/// ```
/// let text = "see hdl:20.500.12345/abc.";
/// let f = pidkit::hdl::find_iter(text).next().unwrap();
/// assert_eq!((f.start, f.end, f.handle.as_str()), (4, 24, "20.500.12345/abc"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset where the handle's written form starts.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The handle (percent-decoded).
    pub handle: Handle<'a>,
    /// How it was written.
    pub form: HdlForm,
    /// The handle as written, `text[start..end]`, with JSON and BibTeX escapes read (`\/`,
    /// `\_`) and the line break of a handle broken across lines left out ("Broken lines" in
    /// the documentation of `pidkit::extract`).
    pub text: Cow<'a, str>,
    /// It ends at a line end where it may go on in the next line, which does not say so
    /// clearly (as `truncated` of `pidkit::extract::Found` says).
    pub truncated: bool,
}

/// Iterator over the handles in a text (see [`find_iter`]).
/// ```
/// assert_eq!(pidkit::hdl::find_iter("hdl:1/a and info:hdl/1/b").count(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
}

/// Find the handles written as `hdl:…`, `info:hdl/…` or a proxy URL
/// (`https://hdl.handle.net/…`, `http://…`, or the host without scheme) in running text, in
/// order, without overlaps.
///
/// The lead-in must start a word. A handle ends at whitespace, at a control character, at a
/// character a URI cannot hold (`"` `` ` `` `<` `>` `{` `}` `|` `\` `^`), at an HTML entity, at
/// `?` or `#` (a query or fragment is not part of the handle), at a `%` that starts no `%XX` or
/// one that encodes a control character, and at a closing bracket that closes nothing inside
/// it. Sentence punctuation at its end (`.` `,` `;` `:` `!` `'` `*`, Unicode punctuation) is
/// left out, while a closing bracket that balances one inside is kept. What is found is read
/// by [`super::recognize`]; text that is no handle (`hdl:abc`) is skipped.
///
/// ```
/// let text = "(hdl:2027/mdp.39015078552874), <https://hdl.handle.net/20.500.12345/a%20b?noredirect>";
/// let found: Vec<_> = pidkit::hdl::find_iter(text).map(|f| (f.handle.as_str().to_owned(), f.form.name())).collect();
/// assert_eq!(found, [("2027/mdp.39015078552874".to_owned(), "uri"), ("20.500.12345/a b".to_owned(), "url")]);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter { text, pos: 0 }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let Some(k) = memchr::memchr2(b'h', b'H', &b[self.pos..]) else {
                self.pos = b.len();
                return None;
            };
            let i = self.pos + k;
            let Some((start, name_start)) = lead_in(b, i) else {
                self.pos = i + 1;
                continue;
            };
            let (end, edits, truncated) = name_end(self.text, name_start);
            // Whatever the outcome, the text scanned is not looked at again: linear in the
            // length of the text however many lead-ins it holds.
            self.pos = end.max(i + 1);
            if end == name_start {
                continue;
            }
            let mut all: Vec<Edit> = memchr::memchr_iter(b'\\', &b[start..name_start])
                .filter(|&k| b.get(start + k + 1) == Some(&b'/'))
                .map(|k| Edit {
                    start: start + k,
                    end: start + k + 2,
                    with: Some('/'),
                })
                .collect();
            all.extend(edits);
            let read = text::splice(self.text, start, end, &all);
            let found = match &read.text {
                Cow::Borrowed(t) => recognize(t).map(|r| (r.handle, r.form)),
                Cow::Owned(t) => recognize(t).map(|r| (r.handle.into_owned(), r.form)),
            };
            if let Ok((handle, form)) = found {
                return Some(Found {
                    start,
                    end,
                    handle,
                    form,
                    text: read.text,
                    truncated,
                });
            }
        }
        None
    }
}

fn has_ci(b: &[u8], at: usize, pat: &str) -> bool {
    text::starts_with_pat(b, at, pat).is_some()
}

/// Whether a lead-in may start at `s`: not glued to a word, a host, a path or a scheme before it.
fn starts_word(b: &[u8], s: usize) -> bool {
    s == 0
        || !(b[s - 1].is_ascii_alphanumeric()
            || matches!(b[s - 1], b'_' | b'-' | b'.' | b'/' | b':' | b'@' | b'%'))
}

/// The lead-in at `i` (an `h`): where the written form starts and where the handle starts.
/// (`/` may be written `\/`, as JSON may write it.)
fn lead_in(b: &[u8], i: usize) -> Option<(usize, usize)> {
    if let Some(n) = text::starts_with_pat(b, i, "hdl.handle.net/") {
        let s = i - text::ends_with_pat(b, i, "https://")
            .or_else(|| text::ends_with_pat(b, i, "http://"))
            .unwrap_or(0);
        return starts_word(b, s).then_some((s, i + n));
    }
    if has_ci(b, i, "hdl:") {
        return starts_word(b, i).then_some((i, i + 4));
    }
    if let Some(n) = text::starts_with_pat(b, i, "hdl/")
        && i >= 5
        && has_ci(b, i - 5, "info:")
    {
        return starts_word(b, i - 5).then_some((i - 5, i + n));
    }
    None
}

/// A character a handle may hold where it goes on in the next line ([`text::next_line`]).
fn in_handle(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_graphic() && !matches!(c, '"' | '`' | '<' | '>' | '{' | '}' | '|' | '\\' | '^')
    } else {
        !c.is_whitespace() && is_graphic(c) && !text::ends_identifier(c)
    }
}

/// Where the handle that starts at `from` ends (see [`find_iter`]), the escapes and line
/// breaks read on the way, and whether it may go on in the next line.
fn name_end(text: &str, from: usize) -> (usize, Vec<Edit>, bool) {
    let b = text.as_bytes();
    let mut stack: Vec<u8> = Vec::new();
    // Brackets of other scripts open in the handle: a closing one with no partner ends it.
    let mut brackets = text::Brackets::default();
    let mut edits = Vec::new();
    let mut breaks = text::LineBreaks::default();
    let mut j = from;
    while j < b.len() {
        let c = b[j];
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            match breaks.at(text, j, from, j == from, &mut edits, in_handle) {
                Some(w) => {
                    j = w;
                    continue;
                }
                None => break,
            }
        }
        if matches!(c, b'\\' | b'{')
            && let Some(len) = text::read_escape(b, j, &mut edits, |_| true)
        {
            j += len;
            continue;
        }
        let step = match c {
            b'"' | b'`' | b'<' | b'>' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'?' | b'#' => break,
            b'&' if text::html_entity(b, j).is_some() => break,
            b'%' => match pct::decode_at(b, j) {
                Some(v) if v >= 0x20 && v != 0x7F => 3,
                _ => break,
            },
            b'(' | b'[' => {
                stack.push(c);
                1
            }
            b')' | b']' => {
                let open = if c == b')' { b'(' } else { b'[' };
                if stack.last() != Some(&open) {
                    break;
                }
                stack.pop();
                1
            }
            0x21..=0x7E => 1,
            _ if c < 0x80 => break,
            _ => match text[j..].chars().next() {
                Some(ch) if !ch.is_whitespace() && is_graphic(ch) && !text::ends_identifier(ch) => {
                    if !brackets.take(ch) {
                        break;
                    }
                    ch.len_utf8()
                }
                _ => break,
            },
        };
        j += step;
    }
    // Trailing sentence punctuation and unclosed openers are not part of the handle.
    let read = text::splice(text, from, j, &edits);
    let len = text::trim_end(&read.text);
    let end = read.source_end(len);
    (end, edits, breaks.truncated && len == read.text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<(String, &'static str, String)> {
        find_iter(text)
            .map(|f| {
                (
                    text[f.start..f.end].to_owned(),
                    f.form.name(),
                    f.handle.as_str().to_owned(),
                )
            })
            .collect()
    }

    fn one(t: &str, f: &'static str, h: &str) -> (String, &'static str, String) {
        (t.to_owned(), f, h.to_owned())
    }

    #[test]
    fn forms_and_spans() {
        assert_eq!(
            found("See hdl:20.500.12345/abc. Also info:hdl/4263537/4000, and"),
            [
                one("hdl:20.500.12345/abc", "uri", "20.500.12345/abc"),
                one("info:hdl/4263537/4000", "info-uri", "4263537/4000"),
            ]
        );
        assert_eq!(
            found(
                "[x](https://hdl.handle.net/2027/mdp.39015?urlappend=1) or hdl.handle.net/1/a%2Fb."
            ),
            [
                one(
                    "https://hdl.handle.net/2027/mdp.39015",
                    "url",
                    "2027/mdp.39015"
                ),
                one("hdl.handle.net/1/a%2Fb", "url", "1/a/b"),
            ]
        );
        assert_eq!(
            found("<a href=\"http://hdl.handle.net/api/handles/1/x\">"),
            [one(
                "http://hdl.handle.net/api/handles/1/x",
                "handle-api",
                "1/x"
            )]
        );
        assert_eq!(
            found("(hdl:1/a(b)c) [hdl:1/d]"),
            [
                one("hdl:1/a(b)c", "uri", "1/a(b)c"),
                one("hdl:1/d", "uri", "1/d")
            ]
        );
    }

    #[test]
    fn false_friends() {
        assert!(found("xhdl:1/a, www.hdl.handle.net/1/a, hdl:abc, hdl: 1/a, hdl").is_empty());
        assert!(found("https://example.org/hdl:1/a").is_empty());
        assert!(found("hdl:1/%zz hdl:1/%07").is_empty());
    }

    #[test]
    fn never_panics_and_stays_linear() {
        for t in [
            "h",
            "hdl",
            "hdl:",
            "info:hdl/",
            "hdl.handle.net/",
            "&",
            "hdl:1/é&",
            "hdl:((((",
        ] {
            let _ = found(t);
        }
        assert!(found(&"hdl:".repeat(50_000)).is_empty());
        assert_eq!(find_iter(&"hdl:1/a ".repeat(10_000)).count(), 10_000);
    }
}
