//! Cleaning a string that should be one identifier — a spreadsheet cell, a line of a list, a
//! BibTeX field: what [`super::identifiers`] leaves out around an identifier in running text is
//! removed, and every removal is said.

use std::borrow::Cow;

use crate::error::{Error, Warning, WarningCode};
use crate::text::{self, Edit, OffsetMap};

/// The warning codes of [`Cleaned::warnings`]: one per kind of removal.
pub mod codes {
    use crate::error::WarningCode;

    /// A byte-order mark (U+FEFF) at the start.
    pub const CLEANED_BOM: WarningCode = WarningCode::new("cleaned-bom");
    /// Whitespace (or an invisible U+200B, U+2060, U+FEFF) around the identifier.
    pub const CLEANED_SPACE: WarningCode = WarningCode::new("cleaned-space");
    /// A printed label: `DOI: `, `doi `, `URL:`.
    pub const CLEANED_LABEL: WarningCode = WarningCode::new("cleaned-label");
    /// Brackets or quotes around the identifier: `<…>`, `(…)`, `"…"`, `“…”`, `{…}`, `「…」`, an
    /// unmatched opening one before it or closing one after it.
    pub const CLEANED_WRAPPER: WarningCode = WarningCode::new("cleaned-wrapper");
    /// Sentence punctuation after the identifier: `.` `,` `;` `:` `!` `?` `*` `。` …
    pub const CLEANED_PUNCTUATION: WarningCode = WarningCode::new("cleaned-punctuation");
    /// An escape read as the character it stands for: BibTeX `\_` `{\_}` `\%` `\&` `\#`, JSON
    /// `\/` `\uXXXX`, HTML `&amp;`.
    pub const CLEANED_ESCAPE: WarningCode = WarningCode::new("cleaned-escape");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        CLEANED_BOM,
        CLEANED_SPACE,
        CLEANED_LABEL,
        CLEANED_WRAPPER,
        CLEANED_PUNCTUATION,
        CLEANED_ESCAPE,
    ];
}

/// What [`clean`] removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Removal {
    /// A byte-order mark at the start.
    ByteOrderMark,
    /// Whitespace around the identifier.
    Space,
    /// A label before a DOI (`DOI: `, `doi `) or an IRI (`URL:`).
    Label,
    /// Brackets or quotes around the identifier.
    Wrapper,
    /// Sentence punctuation after it.
    Punctuation,
    /// An escape, read as the character it stands for ([`Removed::with`]).
    Escape,
}

impl Removal {
    /// The warning code ([`codes`]).
    ///
    /// ```
    /// assert_eq!(pidkit::extract::Removal::Punctuation.code(), "cleaned-punctuation");
    /// ```
    pub fn code(self) -> WarningCode {
        match self {
            Removal::ByteOrderMark => codes::CLEANED_BOM,
            Removal::Space => codes::CLEANED_SPACE,
            Removal::Label => codes::CLEANED_LABEL,
            Removal::Wrapper => codes::CLEANED_WRAPPER,
            Removal::Punctuation => codes::CLEANED_PUNCTUATION,
            Removal::Escape => codes::CLEANED_ESCAPE,
        }
    }
}

/// One removal: what, and where in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Removed {
    /// What kind of text was removed.
    pub what: Removal,
    /// Byte offset of the removed text in the input.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
    /// For an escape, the character it was read as.
    pub with: Option<char>,
}

/// A string cleaned by [`clean`]: the text that should be the identifier, what was removed,
/// and the way back from offsets of the text to offsets of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cleaned<'a> {
    /// The cleaned text (borrowed from the input unless an escape was read).
    pub text: Cow<'a, str>,
    /// Every removal, in input order.
    pub removed: Vec<Removed>,
    input: &'a str,
    map: OffsetMap,
}

/// The most layers of wrapping taken off (`("<10.1000/182>").`): a bound, so that cleaning
/// stays linear on any input.
const MAX_LAYERS: usize = 32;

/// Brackets and quotes that wrap an identifier, as (opening, closing).
const PAIRS: &[(char, char)] = &[
    ('(', ')'),
    ('[', ']'),
    ('{', '}'),
    ('<', '>'),
    ('“', '”'),
    ('„', '“'),
    ('‘', '’'),
    ('«', '»'),
    ('»', '«'),
    ('‹', '›'),
    ('「', '」'),
    ('『', '』'),
    ('（', '）'),
    ('【', '】'),
    ('［', '］'),
    ('〈', '〉'),
    ('《', '》'),
    ('〔', '〕'),
    ('｛', '｝'),
    ('＜', '＞'),
    ('"', '"'),
    ('\'', '\''),
    ('`', '`'),
    ('*', '*'),
    ('_', '_'),
    ('＂', '＂'),
];

/// Clean a string that should be one identifier, by the rules [`super::identifiers`] follows
/// in running text, and say what was removed:
///
/// * a byte-order mark at the start, and whitespace around (also U+200B, U+2060, U+FEFF);
/// * a label: `DOI: ` / `doi ` before a DOI (as [`crate::doi::find_iter`] reads one; `doi:` with
///   no space is the `doi:` URI and stays), `URL:` before an IRI (RFC 3986 Appendix C);
/// * brackets or quotes around it (`<…>` `(…)` `[…]` `{…}` `"…"` `'…'` `` `…` `` `*…*` `“…”`
///   `«…»` `「…」` `（…）` …), an unmatched opening one before it;
/// * trailing sentence punctuation and closing brackets that close nothing inside, exactly as
///   an identifier in text ends (`10.1000/182.` → `10.1000/182`, while
///   `http://en.wikipedia.org/wiki/Foo_(bar)` keeps its bracket);
/// * escapes, read as the character they stand for: BibTeX `\_` `\%` `\&` `\#` `\$` `\~{}` and
///   `{\_}` …, JSON `\/` and `\uXXXX`, HTML `&amp;`.
///
/// Layers are taken off until none is left (at most 32). Offsets of the cleaned text map back
/// to the input ([`Cleaned::locate`]), so errors point into the input as given.
///
/// ```
/// use pidkit::extract::{clean, Removal};
/// let c = clean("10.1000/182.");
/// assert_eq!(c.text, "10.1000/182");
/// assert_eq!((c.removed[0].what, c.removed[0].offset), (Removal::Punctuation, 11));
///
/// let c = clean("\u{FEFF} (DOI: 10.1000/a\\_b);");
/// assert_eq!(c.text, "10.1000/a_b");
/// let codes: Vec<_> = c.warnings().iter().map(|w| w.code.as_str()).collect();
/// assert_eq!(codes, ["cleaned-bom", "cleaned-space", "cleaned-wrapper", "cleaned-label",
///                    "cleaned-escape", "cleaned-punctuation"]);
/// assert!(clean("https://example.org/a").removed.is_empty());
/// ```
pub fn clean(s: &str) -> Cleaned<'_> {
    let mut removed = Vec::new();
    let mut note = |what, offset, len| {
        if len > 0 {
            removed.push(Removed {
                what,
                offset,
                len,
                with: None,
            });
        }
    };
    let (mut lo, mut hi) = (0, s.len());
    if s.starts_with('\u{FEFF}') {
        note(Removal::ByteOrderMark, 0, 3);
        lo = 3;
    }
    for _ in 0..MAX_LAYERS {
        let before = (lo, hi);
        let t = &s[lo..hi];
        let n = t.len() - t.trim_start_matches(is_space).len();
        note(Removal::Space, lo, n);
        lo += n;
        let t = &s[lo..hi];
        let n = t.len() - t.trim_end_matches(is_space).len();
        note(Removal::Space, hi - n, n);
        hi -= n;
        let t = &s[lo..hi];
        if let Some(n) = crate::doi::label_len(t)
            .or_else(|| url_label(t))
            .or_else(|| doi_label_before_url(t))
        {
            note(Removal::Label, lo, n);
            lo += n;
            continue;
        }
        if let Some((open, close)) = wrapper(&s[lo..hi]) {
            note(Removal::Wrapper, lo, open);
            note(Removal::Wrapper, hi - close, close);
            lo += open;
            hi -= close;
            continue;
        }
        if let Some(c) = s[lo..hi].chars().next()
            && unmatched_opening(&s[lo..hi], c)
        {
            note(Removal::Wrapper, lo, c.len_utf8());
            lo += c.len_utf8();
        }
        let t = &s[lo..hi];
        let keep = lo + text::trim_end(t);
        // The trailing text removed, in runs of brackets and quotes, and of the rest.
        let mut k = keep;
        while k < hi {
            let wrap = s[k..].chars().next().is_some_and(text::is_bracket_or_quote);
            let run: usize = s[k..hi]
                .chars()
                .take_while(|&c| text::is_bracket_or_quote(c) == wrap)
                .map(char::len_utf8)
                .sum();
            let what = if wrap {
                Removal::Wrapper
            } else {
                Removal::Punctuation
            };
            note(what, k, run);
            k += run;
        }
        hi = keep;
        if (lo, hi) == before {
            break;
        }
    }
    let b = s.as_bytes();
    let mut edits = Vec::new();
    let mut k = lo;
    while k < hi {
        let read = match b[k] {
            b'\\' | b'{' => text::escape_at(&b[..hi], k),
            b'&' if b[k..hi].starts_with(b"&amp;") => Some((5, '&')),
            _ => None,
        };
        match read {
            Some((len, c)) => {
                edits.push(Edit {
                    start: k,
                    end: k + len,
                    with: Some(c),
                });
                removed.push(Removed {
                    what: Removal::Escape,
                    offset: k,
                    len,
                    with: Some(c),
                });
                k += len;
            }
            None => k += 1,
        }
    }
    removed.sort_by_key(|r| r.offset);
    let read = text::splice(s, lo, hi, &edits);
    Cleaned {
        text: read.text,
        removed,
        input: s,
        map: read.map,
    }
}

/// Whitespace, and the invisible characters that come with copied text.
fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
}

/// Whether `c`, the first character of `t`, is an opening bracket or a quote with no partner
/// in `t`.
fn unmatched_opening(t: &str, c: char) -> bool {
    let Some(&(open, close)) = PAIRS
        .iter()
        .find(|&&(o, _)| o == c && !matches!(c, '*' | '_'))
    else {
        return false;
    };
    let rest = &t[c.len_utf8()..];
    if open == close {
        return !rest.contains(close);
    }
    let mut depth = 1usize;
    for x in rest.chars() {
        if x == open {
            depth += 1;
        } else if x == close {
            depth -= 1;
            if depth == 0 {
                return false;
            }
        }
    }
    true
}

/// `DOI:` or `doi` and spaces (any case) before a URL (`DOI: https://doi.org/10.1000/182`,
/// where [`crate::doi::find_iter`] reads the URL alone): its length.
fn doi_label_before_url(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    if b.len() < 4 || !b[..3].eq_ignore_ascii_case(b"doi") {
        return None;
    }
    let colon = usize::from(b[3] == b':');
    let n = 3 + colon + b[3 + colon..].iter().take_while(|&&c| c == b' ').count();
    let scheme = b[n..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        .count();
    (n > 3 + colon && scheme > 0 && b[n].is_ascii_alphabetic() && b.get(n + scheme) == Some(&b':'))
        .then_some(n)
}

/// `URL:` (any case) and spaces before a scheme: its length.
fn url_label(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    if b.len() < 5 || !b[..4].eq_ignore_ascii_case(b"url:") {
        return None;
    }
    let n = 4 + b[4..].iter().take_while(|&&c| c == b' ').count();
    b.get(n).is_some_and(u8::is_ascii_alphabetic).then_some(n)
}

/// The lengths of the opening and closing characters when one pair wraps all of `t`:
/// `<…>`, `"…"`; not `(a)(b)`.
fn wrapper(t: &str) -> Option<(usize, usize)> {
    let first = t.chars().next()?;
    let last = t.chars().next_back()?;
    if t.len() < first.len_utf8() + last.len_utf8() {
        return None;
    }
    let &(open, close) = PAIRS.iter().find(|&&(o, c)| o == first && c == last)?;
    if open != close {
        // The opening character's partner must be the last one.
        let mut depth = 0usize;
        let inner = &t[..t.len() - last.len_utf8()];
        for c in inner.chars() {
            if c == open {
                depth += 1;
            } else if c == close {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return None;
                }
            }
        }
        if depth != 1 {
            return None;
        }
    }
    Some((first.len_utf8(), last.len_utf8()))
}

impl<'a> Cleaned<'a> {
    /// The error of an input that cleaning left empty although it held more than whitespace
    /// (`(`, `"`, `**`): `empty-after-clean` — it held no identifier, and an empty result (or
    /// an empty key, which would group all such inputs) would say it did.
    ///
    /// ```
    /// let c = pidkit::extract::clean("**");
    /// assert_eq!(c.emptied().unwrap().code(), "empty-after-clean");
    /// assert!(pidkit::extract::clean("(doi:10.1000/182)").emptied().is_none());
    /// assert!(pidkit::extract::clean("  ").emptied().is_none()); // blank: not an input at all
    /// ```
    pub fn emptied(&self) -> Option<crate::ParseError> {
        let held = !self.input.trim().is_empty();
        (held && self.text.is_empty()).then(|| crate::Error {
            kind: crate::reading::ReadingError::EmptyAfterClean.into(),
            offset: 0,
            len: self.input.len(),
        })
    }

    /// The input as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The span `offset..offset + len` of the cleaned text, as a span of the input.
    ///
    /// ```
    /// let c = pidkit::extract::clean(" <http://a/\\_b%zz>");
    /// assert_eq!(c.text, "http://a/_b%zz");
    /// assert_eq!(c.input_span(11, 3), (14, 3)); // "%zz"
    /// ```
    pub fn input_span(&self, offset: usize, len: usize) -> (usize, usize) {
        let start = self.map.source_start(offset);
        let end = self.map.source_end(offset + len).max(start);
        (start, end - start)
    }

    /// An error about the cleaned text, moved to where it is in the input.
    ///
    /// ```
    /// use pidkit::IriRef;
    /// let c = pidkit::extract::clean("“http://a/%zz”.");
    /// let e = c.locate(IriRef::parse(&c.text).unwrap_err());
    /// assert_eq!((e.code(), e.offset, e.len), ("bad-percent", 12, 3));
    /// ```
    pub fn locate<K>(&self, mut e: Error<K>) -> Error<K> {
        (e.offset, e.len) = self.input_span(e.offset, e.len);
        e
    }

    /// A warning about the cleaned text, moved to where it is in the input.
    pub fn locate_warning(&self, mut w: Warning) -> Warning {
        (w.offset, w.len) = self.input_span(w.offset, w.len);
        w
    }

    /// One warning per kind of removal ([`codes`]), in input order: its span runs from the
    /// first to the end of the last removal of that kind, and its message says what was
    /// removed (each escape read once).
    ///
    /// ```
    /// let c = pidkit::extract::clean("10.1000/182.");
    /// let w = &c.warnings()[0];
    /// assert_eq!((w.code.as_str(), w.offset, w.len), ("cleaned-punctuation", 11, 1));
    /// assert_eq!(w.message, r#"removed ".": sentence punctuation after the identifier"#);
    ///
    /// let c = pidkit::extract::clean(r#"("https:\/\/example.org\/a_\_b")."#);
    /// assert_eq!(c.text, "https://example.org/a__b");
    /// let w: Vec<_> = c.warnings().into_iter().map(|w| (w.code.as_str(), w.offset, w.len)).collect();
    /// assert_eq!(w, [("cleaned-wrapper", 0, 32), ("cleaned-escape", 8, 21), ("cleaned-punctuation", 32, 1)]);
    /// assert_eq!(c.warnings()[1].message, r#"read the escapes "\\/" as "/", "\\_" as "_""#);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut kinds: Vec<Removal> = Vec::new();
        for r in &self.removed {
            if !kinds.contains(&r.what) {
                kinds.push(r.what);
            }
        }
        kinds
            .into_iter()
            .map(|what| {
                let all: Vec<&Removed> = self.removed.iter().filter(|r| r.what == what).collect();
                let start = all.iter().map(|r| r.offset).min().unwrap_or(0);
                let end = all.iter().map(|r| r.offset + r.len).max().unwrap_or(start);
                let mut pieces: Vec<String> = Vec::new();
                for r in &all {
                    let t = &self.input[r.offset..r.offset + r.len];
                    let piece = match r.with {
                        Some(c) => format!("{t:?} as {:?}", String::from(c)),
                        None => format!("{t:?}"),
                    };
                    if what != Removal::Escape || !pieces.contains(&piece) {
                        pieces.push(piece);
                    }
                }
                let list = pieces.join(", ");
                let message = match what {
                    Removal::ByteOrderMark => "removed the byte-order mark U+FEFF".to_owned(),
                    Removal::Space => format!("removed {list}: whitespace around the identifier"),
                    Removal::Label => format!("removed the label {list}"),
                    Removal::Wrapper if all.len() > 1 => {
                        format!("removed {list}: brackets or quotes around the identifier")
                    }
                    Removal::Wrapper => {
                        format!("removed {list}: a bracket or quote around the identifier")
                    }
                    Removal::Punctuation => {
                        format!("removed {list}: sentence punctuation after the identifier")
                    }
                    Removal::Escape if pieces.len() > 1 => format!("read the escapes {list}"),
                    Removal::Escape => format!("read the escape {list}"),
                };
                Warning::new(what.code(), start, end - start, message)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleaned(s: &str) -> (String, Vec<(Removal, &str)>) {
        let c = clean(s);
        let removed = c
            .removed
            .iter()
            .map(|r| (r.what, &s[r.offset..r.offset + r.len]))
            .collect();
        (c.text.into_owned(), removed)
    }

    #[test]
    fn what_a_list_holds() {
        use Removal::*;
        assert_eq!(
            cleaned("10.1000/182."),
            ("10.1000/182".into(), vec![(Punctuation, ".")])
        );
        assert_eq!(
            cleaned("  DOI: 10.1000/182  "),
            (
                "10.1000/182".into(),
                vec![(Space, "  "), (Label, "DOI: "), (Space, "  ")]
            )
        );
        assert_eq!(
            cleaned("doi:10.1000/182"),
            ("doi:10.1000/182".into(), vec![])
        );
        assert_eq!(
            cleaned("DOI: https://doi.org/10.1000/182"),
            ("https://doi.org/10.1000/182".into(), vec![(Label, "DOI: ")])
        );
        assert_eq!(
            cleaned("doix https://a/"),
            ("doix https://a/".into(), vec![])
        );
        assert_eq!(
            cleaned("<URL:http://a.example/x>"),
            (
                "http://a.example/x".into(),
                vec![(Wrapper, "<"), (Label, "URL:"), (Wrapper, ">")]
            )
        );
        assert_eq!(
            cleaned("(10.1000/a(1)b)."),
            (
                "10.1000/a(1)b".into(),
                vec![(Wrapper, "("), (Wrapper, ")"), (Punctuation, ".")]
            )
        );
        assert_eq!(
            cleaned("http://en.wikipedia.org/wiki/Foo_(bar)"),
            ("http://en.wikipedia.org/wiki/Foo_(bar)".into(), vec![])
        );
        assert_eq!(cleaned("(a)(b)"), ("(a)(b)".into(), vec![]));
        assert_eq!(
            cleaned("{10.1000/a\\_b{\\%}c}"),
            (
                "10.1000/a_b%c".into(),
                vec![
                    (Wrapper, "{"),
                    (Escape, "\\_"),
                    (Escape, "{\\%}"),
                    (Wrapper, "}")
                ]
            )
        );
        assert_eq!(
            cleaned("“https:\\/\\/example.org\\/a?x=1&amp;y=2”。"),
            (
                "https://example.org/a?x=1&y=2".into(),
                vec![
                    (Wrapper, "“"),
                    (Escape, "\\/"),
                    (Escape, "\\/"),
                    (Escape, "\\/"),
                    (Escape, "&amp;"),
                    (Wrapper, "”"),
                    (Punctuation, "。")
                ]
            )
        );
        assert_eq!(
            cleaned("\"10.1000/182"),
            ("10.1000/182".into(), vec![(Wrapper, "\"")])
        );
        assert_eq!(
            cleaned("**urn:isbn:0451450523**"),
            (
                "urn:isbn:0451450523".into(),
                vec![
                    (Wrapper, "*"),
                    (Wrapper, "*"),
                    (Wrapper, "*"),
                    (Wrapper, "*")
                ]
            )
        );
    }

    #[test]
    fn nothing_left_and_odd_input() {
        for s in [
            "", " ", "\u{FEFF}", "()", "\"", "...", "DOI: ", "\\", "{\\", "&amp", "“”",
        ] {
            let c = clean(s);
            let removed: usize = c
                .removed
                .iter()
                .filter(|r| r.what != Removal::Escape)
                .map(|r| r.len)
                .sum();
            assert!(removed + c.text.len() <= s.len(), "{s:?}");
            let _ = c.warnings();
        }
        let deep = format!("{}x{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(clean(&deep).text.len() < deep.len());
    }

    #[test]
    fn offsets_point_into_the_input() {
        let c = clean(" {10.1000/a\\_b\\%zz}.");
        assert_eq!(c.text, "10.1000/a_b%zz");
        // "%zz" in the cleaned text is "\%zz" at byte 14 of the input.
        assert_eq!(c.input_span(11, 3), (14, 4));
        assert_eq!(c.input_span(0, 2), (2, 2));
    }
}
