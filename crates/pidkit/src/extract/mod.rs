//! Finding identifiers in running text: IRIs (draft-duerst-iri-bis-07 §8.3, RFC 3986
//! Appendix C), and the identifiers of every scheme that has its own finder
//! ([`crate::scheme::Scheme::find`]: DOIs in all their written forms, handles …); and
//! [`clean()`], the same rules for a string that should be one identifier.
//!
//! **Where an identifier ends.** A non-ASCII character does not end an IRI (§8.3), but
//! whitespace does, and so does non-ASCII sentence punctuation (Unicode `Terminal_Punctuation`:
//! `。` `、` `，` `！` `？` `؟` `।` …), which CJK text writes with no space after it. `<…>` and
//! `"…"` delimit (Appendix C); inside angle brackets, whitespace added to break a long IRI
//! across lines is removed (whitespace within a line is kept: the text is reported as written,
//! with its error; a relative reference is reported too — see [`identifiers`]). Trailing
//! sentence punctuation (`. , ; : ! ? ' " *`, other scripts'
//! punctuation, quotes and dashes) is not part of an identifier, nor is a closing bracket that
//! has no opening partner inside it (`(see http://a.example/x)`), while a balanced one is kept
//! (`http://en.wikipedia.org/wiki/Foo_(bar)`).
//!
//! **Escapes.** JSON's `\/` and `\uXXXX` (`https:\/\/example.org\/a`, `10.1000\/182`) and the
//! escapes BibTeX needs (`\_` `\%` `\&` `\#` `\$` `\~{}`, `{\_}` …) are read as the characters
//! they stand for; `&amp;` in an IRI is read as `&`. The span still covers the text as written.
//!
//! **Broken lines.** Reference lists break long URLs and DOIs across lines. An IRI or DOI (or a
//! handle) that runs up to a line end is read on into the next line only where that is
//! unambiguous: the next line is not blank, its first word is made of characters the
//! identifier may hold, holds a letter or digit, is no list marker (`12.`, `[12]`, `-`) and
//! starts no identifier of its own (`scheme:`, `10.NNNN`, `www.`), and either the identifier
//! cannot end there (a DOI with no suffix yet, `https://doi.org/10.1000/`; an IRI that is only
//! `https://`; a DOI URL cut right after `doi.org/`) or it ends with one of `/ - _ . ~ = &` and
//! the word has the shape of a piece of an identifier — a digit or one of `/ . _ ~ = & ? # % -`
//! (`01.001`, `report/2020.pdf`), not a plain word (`Accessed`, `pdf`). The indentation and the
//! line break are then left out of the identifier. Where the identifier cannot end at the line
//! end, or ends with one of `- _ ~ = &`, and is not joined, it is reported as it stands with
//! [`Found::truncated`] set. Inside brackets the rule is wider: an identifier written right
//! after `(`, `[`, `{` or `<` that runs to its first line end before the bracket closes may go
//! on whatever it ends with; it is joined where the next line's first word is its rest and the
//! bracket's end (`(https://doi.org/10.1103/PhysRev` ⏎ `Lett.128.439250).`) and truncated
//! otherwise; inside a `<…>` that closes, every line break is read across (Appendix C), for
//! DOIs as for IRIs. At most 16 lines are joined, over indentation of at most 64 bytes,
//! words of at most 1,024 bytes and spaces of at most 16 bytes before the line end.
//!
//! **In parallel.** [`split_point`] finds where a text can be cut into blocks whose
//! identifiers, found one block at a time, are exactly those of the whole text.

mod clean;
mod iri;
mod split;

use std::borrow::Cow;
use std::iter::Peekable;

pub use crate::text::ends_identifier;
pub use clean::{Cleaned, Removal, Removed, clean, codes};
pub use iri::{FoundIri, Iris};
pub use split::split_point;

use crate::detect::{Kind, detect};
use crate::{ReadAs, ReadOptions, Reading};

/// An identifier found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Found<'a> {
    /// Byte offset of its first character in the text.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// Its kind: a scheme's, or `Iri`; `RelativeRef` only inside `<…>` (`<resource/9>`, as
    /// N-Triples and Turtle write them): elsewhere a relative reference cannot be told from
    /// prose.
    pub kind: Kind,
    /// The identifier as it should be read: `text[start..end]`, except where whitespace that
    /// wraps it across lines inside `<…>` or a line break inside a broken identifier is left
    /// out, or an escape (`\/`, `\_`, `&amp;` …) is read (see the [module](self)
    /// documentation).
    pub text: Cow<'a, str>,
    /// It runs to a line end where it may go on in the next line, but that line does not say
    /// so clearly enough to be read with it ("Broken lines" in the [module](self) documentation):
    /// `https://example.org/some-` followed by a line starting `thing`.
    pub truncated: bool,
    /// It is the whole text of a `<…>` (RFC 3986 Appendix C): reported as written even when it
    /// is no valid identifier (`<http://example.org/a b/428>`), so [`Found::read`] may fail,
    /// with the error of the text as written (see [`identifiers`]).
    pub bracketed: bool,
}

impl Found<'_> {
    /// The identifier read by the rules of its kind (default profiles): its scheme's
    /// reading, or the IRI grammar's for an IRI.
    ///
    /// ```
    /// let f = pidkit::extract::identifiers("see https://doi.org/10.1000/182.").next().unwrap();
    /// let id = f.read().result?;
    /// assert_eq!(id.details().unwrap().value(0).as_str(), Some("10.1000/182"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn read(&self) -> Reading<'_> {
        let as_ = self.kind.reading().unwrap_or(ReadAs::IriRef);
        crate::read(&self.text, &ReadOptions::default().with_read_as(as_))
    }
}

/// Every identifier in `text`, in order, without overlaps. The schemes that have a finder
/// ([`crate::scheme::Scheme::find`]: DOIs, handles …) are asked alongside the IRI finder;
/// where an IRI and an identifier of a scheme's finder overlap
/// (`https://doi.org/10.1002/(SICI)…<…>…`), the scheme's reading wins: DOIs contain
/// characters that end an IRI. Of two schemes' finds that overlap, the one that starts first
/// wins, and of two that start together the longer (a handle's written form takes the DOI in
/// it: `hdl:10.1000/182`). An IRI that reads as a scheme's resolver URL is reported as one only
/// when it is one: `https://doi.org/10.1000/` (no suffix) is an IRI.
///
/// **Inside `<…>`** the brackets say where an identifier ends, so extraction never reports
/// less than they hold: the text of a `<…>` wins over a scheme's find inside it that stops
/// short of its end where that find was cut at a line break the brackets read across
/// (`<https://hdl.handle.net/20.500.12345/ab` ⏎ `cd>`), and wherever the text is no valid IRI
/// as written (`<http://example.org/a b/428>`, `<https://doi.org/10.1000/a b>`). It is then
/// reported whole, with `bracketed` set, and [`Found::read`] gives its error.
///
/// ```
/// use pidkit::detect::Kind;
/// let text = "<http://example.org/a b/428> <http://example.org/a%GZ/5> <resource/9>";
/// let found: Vec<_> = pidkit::extract::identifiers(text).collect();
/// assert_eq!(found[0].text, "http://example.org/a b/428");
/// assert_eq!(found[0].read().result.unwrap_err().code(), "invalid-char");
/// assert_eq!(found[1].text, "http://example.org/a%GZ/5");
/// assert_eq!(found[1].read().result.unwrap_err().code(), "bad-percent");
/// assert_eq!((found[2].kind, found[2].text.as_ref()), (Kind::RelativeRef, "resource/9"));
/// ```
///
/// Lazy: each identifier is found as the iterator is advanced.
///
/// ```
/// use pidkit::detect::Kind;
/// let text = "See doi:10.1000/182, urn:isbn:0451450523 and <https://example.org/a>.";
/// let found: Vec<(Kind, String)> = pidkit::extract::identifiers(text)
///     .map(|f| (f.kind, f.text.into_owned()))
///     .collect();
/// assert_eq!(found, [
///     (Kind::Doi, "doi:10.1000/182".to_owned()),
///     (Kind::Urn, "urn:isbn:0451450523".to_owned()),
///     (Kind::Iri, "https://example.org/a".to_owned()),
/// ]);
/// ```
pub fn identifiers(text: &str) -> Identifiers<'_> {
    Identifiers {
        pids: Pids {
            finders: crate::scheme::finders(text)
                .into_iter()
                .map(|(k, f)| (k, f.peekable()))
                .collect(),
            last_end: 0,
        }
        .peekable(),
        iris: iris(text),
        iri: None,
        last_pid_end: None,
        iri_wins: false,
        text,
    }
}

/// Iterator over the identifiers of a text (see [`identifiers`]).
///
/// ```
/// let mut found = pidkit::extract::identifiers("doi:10.1000/182 and ivo://ivoa.net/std/TAP");
/// assert_eq!(found.next().map(|f| f.kind.name()), Some("doi"));
/// assert_eq!(found.next().map(|f| f.kind.name()), Some("ivo"));
/// assert!(found.next().is_none());
/// ```
#[derive(Clone)]
pub struct Identifiers<'a> {
    pids: Peekable<Pids<'a>>,
    iris: Iris<'a>,
    /// The next IRI, waiting for the schemes' finds that start before its end.
    iri: Option<FoundIri<'a>>,
    /// The end of the last identifier given out, when a scheme's finder found it.
    last_pid_end: Option<usize>,
    /// The waiting IRI is the text of a `<…>` that has won over a scheme's find inside it:
    /// every find inside it is left out.
    iri_wins: bool,
    text: &'a str,
}

impl std::fmt::Debug for Identifiers<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Identifiers")
            .field("iri", &self.iri)
            .field("last_pid_end", &self.last_pid_end)
            .finish_non_exhaustive()
    }
}

impl<'a> Iterator for Identifiers<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        loop {
            let Some(iri) = &self.iri else {
                match self.iris.next() {
                    Some(i) => {
                        self.iri = Some(i);
                        continue;
                    }
                    None => {
                        let p = self.pids.next()?;
                        self.last_pid_end = Some(p.end);
                        return Some(p);
                    }
                }
            };
            let end = iri.end;
            if let Some(p) = self.pids.next_if(|p| p.start < end) {
                let free = self.last_pid_end.is_none_or(|e| e <= iri.start);
                if free && (self.iri_wins || bracket_wins(self.text, iri, &p)) {
                    self.iri_wins = true;
                    continue;
                }
                self.last_pid_end = Some(p.end);
                return Some(p);
            }
            let iri = self.iri.take()?;
            self.iri_wins = false;
            if self.last_pid_end.is_some_and(|e| e > iri.start) {
                continue;
            }
            self.last_pid_end = None;
            return Some(from_iri(iri));
        }
    }
}

/// Whether the text of a `<…>` is reported rather than `p`, a scheme's find inside it that
/// does not cover it whole: either the text is no valid IRI as written — reported as written,
/// never as a shorter valid identifier — or `p` was cut at a line break that the brackets read
/// across (by a finder that does not know the brackets: RFC 3986 Appendix C).
fn bracket_wins(text: &str, iri: &FoundIri<'_>, p: &Found<'_>) -> bool {
    if !iri.bracketed || p.start < iri.start || p.end > iri.end {
        return false;
    }
    if iri.error.is_some() {
        return p.start > iri.start || p.end < iri.end;
    }
    let rest = &text.as_bytes()[p.end..iri.end];
    let gap = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
    gap < rest.len() && rest[..gap].contains(&b'\n')
}

/// An IRI as an identifier: its kind detected. An `http(s)` URL that a scheme claims (a DOI
/// or handle resolver URL, an ARK at its NMA …) is that scheme's identifier only when the
/// scheme reads it (`https://doi.org/10.1000/` is an IRI); an IRI of a scheme's own URI
/// scheme keeps the scheme's kind even when invalid (`doi:`, `urn:`), so that it gets the
/// scheme's error.
///
/// A relative reference (only inside `<…>`) is `RelativeRef`, or the scheme's kind where a
/// scheme reads it (`<10.1000/182>` is a DOI).
fn from_iri(iri: FoundIri<'_>) -> Found<'_> {
    let b = iri.iri.as_bytes();
    let web = b.len() > 5
        && (b[..5].eq_ignore_ascii_case(b"http:") || b[..6].eq_ignore_ascii_case(b"https:"));
    let generic = if iri.relative {
        Kind::RelativeRef
    } else {
        Kind::Iri
    };
    let kind = match detect(&iri.iri) {
        Kind::RelativeRef | Kind::Iri | Kind::Uri => generic,
        k if web || iri.relative => {
            match crate::scheme::read_scheme(k, &iri.iri, &ReadOptions::default()) {
                Some(Err(_)) => generic,
                _ => k,
            }
        }
        k => k,
    };
    Found {
        start: iri.start,
        end: iri.end,
        kind,
        text: iri.iri,
        truncated: iri.truncated,
        bracketed: iri.bracketed,
    }
}

/// A boxed finder of one scheme.
type Finder<'a> = Peekable<Box<dyn crate::scheme::Finder<'a> + 'a>>;

/// The finds of the schemes' finders in order, without overlaps: of two that overlap, the one
/// that starts first, and of two that start together the longer one (the first in the list
/// of schemes on a tie).
#[derive(Clone)]
struct Pids<'a> {
    finders: Vec<(Kind, Finder<'a>)>,
    last_end: usize,
}

impl<'a> Iterator for Pids<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        loop {
            let mut best: Option<(usize, (usize, std::cmp::Reverse<usize>))> = None;
            for (i, (_, f)) in self.finders.iter_mut().enumerate() {
                if let Some(h) = f.peek() {
                    let rank = (h.start, std::cmp::Reverse(h.end));
                    if best.is_none_or(|(_, b)| rank < b) {
                        best = Some((i, rank));
                    }
                }
            }
            let (i, _) = best?;
            let (kind, finder) = &mut self.finders[i];
            let h = finder.next()?;
            if self.last_end <= h.start {
                self.last_end = h.end;
                return Some(Found {
                    start: h.start,
                    end: h.end,
                    kind: *kind,
                    text: h.text,
                    truncated: h.truncated,
                    bracketed: false,
                });
            }
        }
    }
}

/// Every IRI in `text`, in order, without overlaps (lazy).
///
/// ```
/// let text = r#"Yes, Jim, I found it under "http://www.w3.org/Addressing/",
/// but you can probably pick it up from <ftp://foo.example.
/// com/rfc/>. See also https://例え.jp/パス (Japanese)。"#;
/// let found: Vec<String> = pidkit::extract::iris(text).map(|f| f.iri.into_owned()).collect();
/// assert_eq!(found, [
///     "http://www.w3.org/Addressing/",
///     "ftp://foo.example.com/rfc/",
///     "https://例え.jp/パス",
/// ]);
/// ```
pub fn iris(text: &str) -> Iris<'_> {
    Iris::new(text)
}

#[cfg(test)]
mod tests;
