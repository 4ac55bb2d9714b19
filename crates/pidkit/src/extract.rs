//! Finding identifiers in running text: IRIs (draft-duerst-iri-bis-07 §8.3, RFC 3986
//! Appendix C), DOIs in all their written forms ([`crate::doi::find_iter`]) and handles
//! ([`crate::hdl::find_iter`]).
//!
//! A non-ASCII character does not end an IRI (§8.3). `<…>` and `"…"` delimit (Appendix C);
//! inside angle brackets, whitespace added to break a long IRI across lines is removed.
//! Trailing sentence punctuation is not part of a bare IRI, nor is a closing bracket that has no
//! opening partner inside it.

use std::borrow::Cow;

use crate::chars;
use crate::detect::{Kind, detect};
use crate::doi::{self, Doi};
use crate::hdl;
use crate::iri::{IriRef, Profile, Rule};

/// An identifier found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset of its first character in the text.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// `Doi`, `Hdl`, `Urn`, `Ivo` or `Iri` (never `RelativeRef`: a relative reference cannot be
    /// told from prose).
    pub kind: Kind,
    /// The identifier as it should be read: `text[start..end]`, except for an IRI wrapped
    /// across lines inside `<…>`, whose whitespace is removed.
    pub text: Cow<'a, str>,
    /// The DOI name, for DOIs.
    pub doi: Option<Doi<'a>>,
}

/// Every identifier in `text`, in order, without overlaps. Where an IRI and a DOI overlap
/// (`https://doi.org/10.1002/(SICI)…<…>…`), the DOI reading wins: DOIs contain characters that
/// end an IRI. A handle's written form wins over the DOI inside it (`hdl:10.1000/182`) and
/// over the IRI it is (the handle ends before a query).
///
/// ```
/// use pidkit::detect::Kind;
/// let text = "See doi:10.1000/182, urn:isbn:0451450523 and <https://example.org/a>.";
/// let found: Vec<(Kind, String)> = pidkit::extract::identifiers(text)
///     .into_iter()
///     .map(|f| (f.kind, f.text.into_owned()))
///     .collect();
/// assert_eq!(found, [
///     (Kind::Doi, "doi:10.1000/182".to_owned()),
///     (Kind::Urn, "urn:isbn:0451450523".to_owned()),
///     (Kind::Iri, "https://example.org/a".to_owned()),
/// ]);
/// ```
pub fn identifiers(text: &str) -> Vec<Found<'_>> {
    let pids = pids(text);
    let mut out = Vec::with_capacity(pids.len());
    let mut d = pids.into_iter().peekable();
    for iri in iris(text) {
        while let Some(next) = d.next_if(|x| x.start < iri.end) {
            out.push(next);
        }
        let overlaps = out.last().is_some_and(|f: &Found<'_>| {
            matches!(f.kind, Kind::Doi | Kind::Hdl) && f.end > iri.start
        });
        if !overlaps {
            let kind = match detect(&iri.iri) {
                Kind::RelativeRef => Kind::Iri,
                k => k,
            };
            out.push(Found {
                start: iri.start,
                end: iri.end,
                kind,
                text: iri.iri,
                doi: None,
            });
        }
    }
    out.extend(d);
    out
}

/// The DOIs and handles of `text` in order, without overlaps: of two that overlap, the one
/// that starts first (a handle on a tie), so that a handle's written form takes the DOI in it.
fn pids(text: &str) -> Vec<Found<'_>> {
    let mut dois = doi::find_iter(text).peekable();
    let mut handles = hdl::find_iter(text).peekable();
    let mut out: Vec<Found<'_>> = Vec::new();
    loop {
        let next = match (dois.peek(), handles.peek()) {
            (Some(d), Some(h)) if d.start < h.start => dois.next().map(|d| from_doi(text, d)),
            (_, Some(_)) => handles.next().map(|h| from_hdl(text, h)),
            (Some(_), None) => dois.next().map(|d| from_doi(text, d)),
            (None, None) => None,
        };
        let Some(f) = next else {
            return out;
        };
        if out.last().is_none_or(|last| last.end <= f.start) {
            out.push(f);
        }
    }
}

fn from_hdl<'a>(text: &'a str, f: hdl::Found<'a>) -> Found<'a> {
    Found {
        start: f.start,
        end: f.end,
        kind: Kind::Hdl,
        text: Cow::Borrowed(&text[f.start..f.end]),
        doi: None,
    }
}

fn from_doi<'a>(text: &'a str, f: doi::Found<'a>) -> Found<'a> {
    Found {
        start: f.start,
        end: f.end,
        kind: Kind::Doi,
        text: Cow::Borrowed(&text[f.start..f.end]),
        doi: Some(f.doi),
    }
}

/// An IRI found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundIri<'a> {
    /// Byte offset of the IRI's first character in the text.
    pub start: usize,
    /// Byte offset just past its last character (for a wrapped IRI, past the last line's part).
    pub end: usize,
    /// The IRI; whitespace inside `<…>` removed and `&amp;` read as `&`, so owned only then.
    pub iri: Cow<'a, str>,
}

/// Schemes recognised without `//` (opaque IRIs that people write in prose).
const OPAQUE_SCHEMES: &[&str] = &["urn", "doi", "info", "mailto", "tag", "tel", "hdl"];

/// The longest an IRI inside `<…>` may be before the brackets are taken for something else.
const MAX_BRACKETED: usize = 8192;

/// Every IRI in `text`, in order, without overlaps.
///
/// ```
/// let text = r#"Yes, Jim, I found it under "http://www.w3.org/Addressing/",
/// but you can probably pick it up from <ftp://foo.example.
/// com/rfc/>. See also https://例え.jp/パス (Japanese)."#;
/// let found: Vec<String> = pidkit::extract::iris(text).map(|f| f.iri.into_owned()).collect();
/// assert_eq!(found, [
///     "http://www.w3.org/Addressing/",
///     "ftp://foo.example.com/rfc/",
///     "https://例え.jp/パス",
/// ]);
/// ```
pub fn iris(text: &str) -> impl Iterator<Item = FoundIri<'_>> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut run = Run::default();
    std::iter::from_fn(move || {
        while i < b.len() {
            let found = match b[i] {
                b'<' => bracketed(text, i),
                b':' => bare(text, i, &mut run),
                _ => None,
            };
            match found {
                Some(f) => {
                    i = f.end.max(i + 1);
                    return Some(f);
                }
                None => i += 1,
            }
        }
        None
    })
}

/// `<IRI>` or `<URL:IRI>`, possibly broken across lines; `lt` is the position of `<`.
fn bracketed(text: &str, lt: usize) -> Option<FoundIri<'_>> {
    let rest = &text[lt + 1..];
    let window = &rest[..floor_char_boundary(rest, MAX_BRACKETED)];
    let close = window.find(['>', '<'])?;
    if window.as_bytes()[close] != b'>' || window[..close].contains("\n\n") {
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
    })
}

/// The last run of IRI characters scanned: every character in `from..end` may appear in an IRI
/// and the one at `end` may not (or the text ends there). Each colon in the run starts its
/// scan there, so the run is scanned once, not once per colon.
#[derive(Default)]
struct Run {
    from: usize,
    end: usize,
}

impl Run {
    /// Where the run of IRI characters that starts at `at` ends.
    fn end_from(&mut self, text: &str, at: usize) -> usize {
        if (self.from..=self.end).contains(&at) && at <= text.len() {
            return self.end;
        }
        let mut end = text.len();
        for (k, c) in text[at..].char_indices() {
            let ok = if c.is_ascii() {
                chars::is_uri_char(c as u8)
            } else {
                chars::is_ucschar(c) || chars::is_iprivate_bis(c)
            };
            if !ok || c.is_whitespace() {
                end = at + k;
                break;
            }
        }
        *self = Run { from: at, end };
        end
    }
}

/// A bare IRI whose scheme ends at the `:` at `colon`.
///
/// Linear in what it returns (plus the scan of the run, shared by the colons of the run): the
/// longest valid prefix is found first (the parser stops at the first error), and trailing
/// punctuation and unbalanced closing brackets are then removed with bracket counters.
fn bare<'a>(text: &'a str, colon: usize, run: &mut Run) -> Option<FoundIri<'a>> {
    let b = text.as_bytes();
    // The scheme: the longest run of scheme characters before ':' that starts with a letter
    // and is not glued to a preceding word character.
    let mut s = colon;
    while s > 0 && chars::is(b[s - 1], chars::SCHEME) {
        s -= 1;
    }
    while s < colon && !b[s].is_ascii_alphabetic() {
        s += 1;
    }
    if s == colon || (s > 0 && (b[s - 1].is_ascii_alphanumeric() || b[s - 1] >= 0x80)) {
        return None;
    }
    let scheme = &text[s..colon];
    let after = &b[colon + 1..];
    let hier = after.starts_with(b"//");
    if !hier
        && !OPAQUE_SCHEMES
            .iter()
            .any(|o| o.eq_ignore_ascii_case(scheme))
    {
        return None;
    }
    // Extend over characters that may appear in an IRI; anything else ends it.
    let end = run.end_from(text, colon + 1);
    // Keep the longest prefix that is a valid IRI (a stray '%' or ']' ends it).
    let mut m = &text[s..end];
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
    let count = |c: u8| m.bytes().filter(|&x| x == c).count();
    let mut brackets = [
        (b')', count(b'('), count(b')')),
        (b']', count(b'['), count(b']')),
    ];
    loop {
        let before = m.len();
        m = m.trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', '*']);
        for (close, opened, closed) in &mut brackets {
            if m.as_bytes().last() == Some(close) && *closed > *opened {
                m = &m[..m.len() - 1];
                *closed -= 1;
            }
        }
        if m.len() == before {
            break;
        }
    }
    // Markdown emphasis around the IRI (`_…_`, `*…*`) is a balanced pair too.
    if let Some(&mark @ (b'_' | b'*')) = s.checked_sub(1).map(|k| &b[k]) {
        m = m.strip_suffix(char::from(mark)).unwrap_or(m);
    }
    if m.len() <= scheme.len() + 1 {
        return None;
    }
    // `&amp;` is how HTML and XML write the `&` of a query; read it as `&`.
    let iri = if m.contains("&amp;") {
        Cow::Owned(m.replace("&amp;", "&"))
    } else {
        Cow::Borrowed(m)
    };
    Some(FoundIri {
        start: s,
        end: s + m.len(),
        iri,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        iris(text).map(|f| f.iri.into_owned()).collect()
    }

    #[test]
    fn rfc3986_appendix_c_example() {
        let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
                    but you can probably pick it up from <ftp://foo.example.\n\
                    com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
                    ietf/uri/historical.html#WARNING>.";
        assert_eq!(
            found(text),
            [
                "http://www.w3.org/Addressing/",
                "ftp://foo.example.com/rfc/",
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
            ]
        );
        let f: Vec<_> = iris(text).collect();
        assert_eq!(&text[f[0].start..f[0].end], "http://www.w3.org/Addressing/");
        assert!(text[f[1].start..f[1].end].starts_with("ftp://foo.example.\n"));
    }

    #[test]
    fn punctuation_and_brackets() {
        assert_eq!(found("See http://a.example/x."), ["http://a.example/x"]);
        assert_eq!(found("(see http://a.example/x)"), ["http://a.example/x"]);
        assert_eq!(
            found("the page http://en.wikipedia.org/wiki/Foo_(bar), done"),
            ["http://en.wikipedia.org/wiki/Foo_(bar)"]
        );
        assert_eq!(
            found("[link](https://a.example/p?q=1#f)!"),
            ["https://a.example/p?q=1#f"]
        );
        assert_eq!(found("**https://a.example/**"), ["https://a.example/"]);
        assert_eq!(found("_urn:isbn:0451450523_"), ["urn:isbn:0451450523"]);
        assert_eq!(found("x urn:a:b_c_ y"), ["urn:a:b_c_"]);
        assert_eq!(
            found("<a href=\"http://a.example/?q=1&amp;r=2\">"),
            ["http://a.example/?q=1&r=2"]
        );
        assert_eq!(found("<URL:http://a.example/>"), ["http://a.example/"]);
        assert_eq!(
            found("a <b> c <http://x.example/ y>"),
            ["http://x.example/y"]
        );
    }

    #[test]
    fn non_ascii_does_not_end_an_iri() {
        assert_eq!(found("→ http://ש.example/אבג ←"), ["http://ש.example/אבג"]);
        assert_eq!(
            found("voir https://example.org/résumé."),
            ["https://example.org/résumé"]
        );
    }

    #[test]
    fn opaque_schemes_and_false_friends() {
        assert_eq!(
            found("urn:isbn:0451450523 and mailto:a@b.example."),
            ["urn:isbn:0451450523", "mailto:a@b.example"]
        );
        assert!(found("Note: this is it. Time 12:30, ratio a:b").is_empty());
        assert!(found("word:thing and xhttp").is_empty());
        assert_eq!(
            found("ivo://ivoa.net/std/TAP#sync-1.0,"),
            ["ivo://ivoa.net/std/TAP#sync-1.0"]
        );
        assert_eq!(
            found("html: <a href=\"http://a.example/x\">"),
            ["http://a.example/x"]
        );
        assert_eq!(
            found("bibtex url = {http://a.example/x}"),
            ["http://a.example/x"]
        );
        assert_eq!(found("bad http://a.example/%zz end"), ["http://a.example/"]);
    }

    #[test]
    fn dois_win_over_the_iris_they_overlap() {
        let text = "Wiley: https://doi.org/10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0. \
                    Also <http://a.example/x>, 10.1061/(asce)0733-9402(1983)109:3(201), \
                    ivo://ivoa.net/std/TAP and DOI: 10.1038/nphys1170.";
        let found: Vec<(&str, String, Option<String>)> = identifiers(text)
            .into_iter()
            .map(|f| {
                (
                    f.kind.name(),
                    f.text.into_owned(),
                    f.doi.map(|d| d.as_str().to_owned()),
                )
            })
            .collect();
        let doi = |t: &str, n: &str| ("doi", t.to_owned(), Some(n.to_owned()));
        assert_eq!(
            found,
            [
                doi(
                    "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
                    "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0"
                ),
                ("iri", "http://a.example/x".to_owned(), None),
                doi(
                    "10.1061/(asce)0733-9402(1983)109:3(201)",
                    "10.1061/(asce)0733-9402(1983)109:3(201)"
                ),
                ("ivo", "ivo://ivoa.net/std/TAP".to_owned(), None),
                doi("DOI: 10.1038/nphys1170", "10.1038/nphys1170"),
            ]
        );
    }

    #[test]
    fn never_panics_on_odd_text() {
        for t in [
            "<",
            ":",
            "<:>",
            "a:",
            "<a:",
            "http:",
            "http://",
            "<http://\n\n>",
            "é:é",
            "<URL:>",
        ] {
            let _ = found(t);
            let _ = identifiers(t);
        }
    }
}
