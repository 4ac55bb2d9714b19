//! ISSNs (ISO 3297, the ISSN Manual): `NNNN-NNNC` with its check digit, the `ISSN` and
//! `ISSN-L` labels, the ISSN Portal's URLs, and the EAN-13 of an ISSN.
//!
//! The rules:
//!
//! - **Construction and check digit** (ISO 3297, Annex A; ISSN Manual, "Check digit":
//!   <https://www.issn.org/understanding-the-issn/what-is-an-issn/>, and the Library of
//!   Congress's excerpt <https://www.loc.gov/issn/check.html>): eight digits, the last a check
//!   digit: the first seven weighted 8 to 2, the check digit bringing the sum to a multiple of
//!   11; the check value 10 is written `X` (upper case).
//! - **Display**: "ISSN", a space, two groups of four digits separated by a hyphen
//!   (`ISSN 0317-8471`). The linking ISSN, which groups the media versions of a serial, is shown
//!   as `ISSN-L 0264-2875` ("The ISSN-L for publications on multiple media":
//!   <https://www.issn.org/understanding-the-issn/assignment-rules/the-issn-l-for-publications-on-multiple-media/>);
//!   it is one of the serial's ISSNs, the same number.
//! - **ISSN Portal**: `https://portal.issn.org/resource/ISSN/0317-8471`, and
//!   `https://portal.issn.org/resource/ISSN-L/0264-2875` for a linking ISSN.
//! - **EAN-13** ("ISSN and barcodes"): `977`, the first seven digits, two variant digits (`00`
//!   for a regular issue) and the GS1 check digit: `977 1144875 00 7` for ISSN 1144-875X.
//!
//! Decisions: the labels `ISSN`, `ISSN-L`, and the `eISSN`, `e-ISSN`, `pISSN`, `p-ISSN` that
//! journals print for their electronic and print versions, in any case, then an optional `:`;
//! the hyphen may be left out (`03178471`, as in many data sets) but may stand nowhere else,
//! and no space may replace it; the Portal URL over `http` or `https`, its host and the
//! `resource/ISSN` path in any case, an optional final `/`. Surrounding whitespace is left out
//! and warned. The canonical form is `NNNN-NNNC`, the key its eight characters: an ISSN written
//! as `ISSN-L` has the same key as the ISSN (it is the same number; [`Issn::is_linking`] says
//! how it was written).
//!
//! ```
//! use pidkit::issn::Issn;
//!
//! let i = Issn::parse("ISSN-L: 0264-2875")?;
//! assert_eq!((i.issn(), i.is_linking()), ("0264-2875".to_owned(), true));
//! assert_eq!(i.url(), "https://portal.issn.org/resource/ISSN-L/0264-2875");
//! assert_eq!(Issn::parse("1144-875x")?.ean13(), "9771144875007");
//! assert_eq!(i.key(), Issn::parse("https://portal.issn.org/resource/ISSN/0264-2875")?.key());
//! # Ok::<(), pidkit::issn::IssnParseError>(())
//! ```

mod error;
mod scheme;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::isbn::syntax::{self, Bad, Digits, starts_with_ci};
use crate::scheme::{Field, FieldType, Value};

pub use error::{IssnError, IssnParseError, codes};
pub use scheme::IssnScheme;

/// The ISSN Portal's resource path, after the scheme.
const PORTAL: &[u8] = b"//portal.issn.org/resource/";

/// The labels, lower case, and whether each names a linking ISSN; longest first where one is a
/// prefix of another.
const LABELS: &[(&str, bool)] = &[
    ("issn-l", true),
    ("e-issn", false),
    ("p-issn", false),
    ("eissn", false),
    ("pissn", false),
    ("issn", false),
];

/// The ISSN check character (ASCII) of its first seven digits: mod 11, weights 8 to 2 (ISO
/// 3297, Annex A).
///
/// ```
/// assert_eq!(pidkit::issn::check_char(b"0317847"), b'1');
/// assert_eq!(pidkit::issn::check_char(b"1144875"), b'X');
/// ```
pub fn check_char(d: &[u8]) -> u8 {
    let sum: u32 = d[..7]
        .iter()
        .enumerate()
        .map(|(i, &c)| (8 - i as u32) * u32::from(c.wrapping_sub(b'0') % 10))
        .sum();
    match (11 - sum % 11) % 11 {
        10 => b'X',
        v => b'0' + v as u8,
    }
}

/// `NNNN-NNNC` of the seven ASCII digits `d` and their check character.
pub(crate) fn format_issn(d: &[u8]) -> String {
    let mut s = String::with_capacity(9);
    s.extend(d[..4].iter().map(|&c| char::from(c)));
    s.push('-');
    s.extend(d[4..7].iter().map(|&c| char::from(c)));
    s.push(char::from(check_char(d)));
    s
}

/// An ISSN read from text, borrowing it: bare, after a label, or as an ISSN Portal URL.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Issn::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Issn<'a> {
    input: &'a str,
    written: Digits,
    linking: bool,
    url: bool,
}

/// The label at the start of `b`: its length and whether it names a linking ISSN. `Err(at)`
/// for `ISSN-` followed by something else.
fn label(b: &[u8]) -> Result<Option<(usize, bool)>, usize> {
    for &(l, linking) in LABELS {
        if starts_with_ci(b, l.as_bytes()) {
            let next = b.get(l.len()).copied();
            if next.is_some_and(|c| c.is_ascii_alphabetic()) {
                return if l == "issn" { Err(l.len()) } else { Ok(None) };
            }
            if l == "issn" && next == Some(b'-') {
                return Err(l.len());
            }
            return Ok(Some((l.len(), linking)));
        }
    }
    Ok(None)
}

impl<'a> Issn<'a> {
    /// Read an ISSN.
    ///
    /// ```
    /// use pidkit::issn::Issn;
    /// assert!(Issn::parse("eISSN: 1748-7188").is_ok());
    /// let e = Issn::parse("0317-84710").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("issn-length", 0, 10));
    /// ```
    pub fn parse(s: &'a str) -> Result<Issn<'a>, IssnParseError> {
        let (start, end) = syntax::trimmed(s);
        let b = &s.as_bytes()[..end];
        let (from, to, linking, url) = if let Some(p) = url_path(&b[start..]) {
            let (from, linking) = p.map_err(|at| url_error(s, start + at))?;
            let from = start + from;
            let to = if b[from..].ends_with(b"/") { end - 1 } else { end };
            if let Some(k) = b[from..to].iter().position(|&c| c == b'/' || c == b'?' || c == b'#') {
                return Err(url_error(s, from + k));
            }
            (from, to, linking, true)
        } else {
            match label(&b[start..]) {
                Ok(Some((len, linking))) => {
                    (syntax::after_label(b, start + len, end), end, linking, false)
                }
                Ok(None) => (start, end, false, false),
                Err(at) => return Err(IssnParseError::new(IssnError::Label, start + at, 1)),
            }
        };
        let written = syntax::digits(s, from, to, true, b"-").map_err(|e| match e {
            Bad::Char(at, c) => IssnParseError::new(IssnError::Char(c), at, c.len_utf8()),
            Bad::Separator(at) => IssnParseError::new(IssnError::Hyphen, at, 1),
        })?;
        check(s, &written)?;
        Ok(Issn {
            input: s,
            written,
            linking,
            url,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The eight characters, without hyphen, `X` in upper case (the key).
    pub fn compact(&self) -> &str {
        std::str::from_utf8(&self.written.digits[..8]).unwrap_or_default()
    }

    /// The ISSN as `NNNN-NNNC`.
    pub fn issn(&self) -> String {
        format_issn(&self.written.digits[..7])
    }

    /// Whether it was written as a linking ISSN (`ISSN-L`, or the Portal's `ISSN-L` URL).
    pub fn is_linking(&self) -> bool {
        self.linking
    }

    /// Whether it was written as an ISSN Portal URL.
    pub fn is_url(&self) -> bool {
        self.url
    }

    /// The check character.
    pub fn check(&self) -> char {
        char::from(self.written.digits[7])
    }

    /// Its EAN-13 (`977`, the first seven digits, the variant `00`, the GS1 check digit).
    pub fn ean13(&self) -> String {
        let mut d = [b'0'; 13];
        d[..3].copy_from_slice(b"977");
        d[3..10].copy_from_slice(&self.written.digits[..7]);
        d[12] = crate::ean::gs1_check(&d[..12]);
        d.iter().map(|&c| char::from(c)).collect()
    }

    /// Its ISSN Portal URL: `…/resource/ISSN-L/…` for a linking ISSN, else `…/resource/ISSN/…`.
    pub fn url(&self) -> String {
        let path = if self.linking { "ISSN-L" } else { "ISSN" };
        format!("https://portal.issn.org/resource/{path}/{}", self.issn())
    }

    /// The canonical form `NNNN-NNNC`, borrowed when the input is just that.
    pub fn canonical(&self) -> Cow<'a, str> {
        let c = self.issn();
        if c == self.input {
            Cow::Borrowed(self.input)
        } else {
            Cow::Owned(c)
        }
    }

    /// The equivalence key: the eight characters, upper case, without hyphen.
    pub fn key(&self) -> Cow<'a, str> {
        if self.input == self.compact() {
            Cow::Borrowed(self.input)
        } else {
            Cow::Owned(self.compact().to_owned())
        }
    }

    /// Valid but worth a look ([`codes`]): surrounding whitespace, a lower-case `x`.
    ///
    /// ```
    /// use pidkit::issn::Issn;
    /// assert_eq!(Issn::parse(" 2434-561x")?.warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>(),
    ///     ["issn-surrounding-space", "issn-lowercase-x"]);
    /// # Ok::<(), pidkit::issn::IssnParseError>(())
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "ISSN");
        if self.written.lower_x
            && let Some(x) = self.written.x
        {
            out.push(Warning::new(
                codes::LOWERCASE_X,
                x,
                1,
                "the check character is written 'X' in upper case (ISO 3297, Annex A)",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::issn::Issn::parse("ISSN 0317-8471")?.parts();
    /// assert_eq!((p.issn.as_str(), p.linking, p.ean13.as_str()), ("0317-8471", false, "9770317847001"));
    /// # Ok::<(), pidkit::issn::IssnParseError>(())
    /// ```
    pub fn parts(&self) -> IssnParts {
        IssnParts {
            issn: self.issn(),
            linking: self.linking,
            ean13: self.ean13(),
            url: self.url(),
        }
    }
}

/// After `http:` or `https:` at the start of `b`, the Portal's path: the offset of the number
/// and whether the path is `ISSN-L`; `Err(at)` for another URL; `None` for no URL.
fn url_path(b: &[u8]) -> Option<Result<(usize, bool), usize>> {
    let after = if starts_with_ci(b, b"https:") {
        6
    } else if starts_with_ci(b, b"http:") {
        5
    } else {
        return None;
    };
    let rest = &b[after..];
    if !starts_with_ci(rest, PORTAL) {
        let same = rest
            .iter()
            .zip(PORTAL)
            .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
            .count();
        return Some(Err(after + same));
    }
    let i = after + PORTAL.len();
    for (path, linking) in [(&b"issn-l/"[..], true), (&b"issn/"[..], false)] {
        if starts_with_ci(&b[i..], path) {
            return Some(Ok((i + path.len(), linking)));
        }
    }
    Some(Err(i))
}

/// The error `issn-url` at `at`: the character there, or nothing at the end.
fn url_error(s: &str, at: usize) -> IssnParseError {
    let len = s.get(at..).and_then(|r| r.chars().next()).map_or(0, char::len_utf8);
    IssnParseError::new(IssnError::Url, at, len)
}

/// Eight characters, the hyphen only after the fourth, `X` only last, the check digit right.
fn check(s: &str, d: &Digits) -> Result<(), IssnParseError> {
    let (from, to) = d.span;
    if d.n != 8 {
        return Err(IssnParseError::new(IssnError::Length(d.n), from, to - from));
    }
    if d.seps != 0 && d.seps != 1 << 3 {
        // The first hyphen that does not follow the fourth digit.
        let at = s[from..to]
            .bytes()
            .enumerate()
            .filter(|&(_, c)| c == b'-')
            .map(|(k, _)| from + k)
            .find(|&k| k != d.at[3] + 1)
            .unwrap_or(from);
        return Err(IssnParseError::new(IssnError::Hyphen, at, 1));
    }
    if let Some(x) = d.x
        && x != d.at[7]
    {
        return Err(IssnParseError::new(IssnError::XPosition, x, 1));
    }
    let expected = check_char(&d.digits);
    if expected != d.digits[7] {
        return Err(IssnParseError::new(
            IssnError::CheckDigit(char::from(expected), char::from(d.digits[7])),
            d.at[7],
            1,
        ));
    }
    Ok(())
}

/// The ISSN `NNNN-NNNC` of the NSS of a `urn:issn:` URN (RFC 3044): eight characters with or
/// without the hyphen after the fourth and a valid check digit, by the rules of
/// [`Issn::parse`] (no label, no URL); `None` otherwise.
///
/// ```
/// assert_eq!(pidkit::issn::urn_nss("2434-561x").as_deref(), Some("2434-561X"));
/// assert_eq!(pidkit::issn::urn_nss("2434-5611"), None);
/// ```
pub fn urn_nss(nss: &str) -> Option<String> {
    let d = syntax::digits(nss, 0, nss.len(), true, b"-").ok()?;
    check(nss, &d).ok()?;
    Some(format_issn(&d.digits[..7]))
}

/// Whether auto-detection gives `t` (trimmed) to ISSNs: an ISSN label (`ISSN`, `ISSN-L`,
/// `eISSN`, `pISSN` … followed by the end, a space, `:` or a digit; `ISSN` followed by `-` too);
/// an ISSN Portal URL (`http(s)://portal.issn.org/resource/issn…`); `NNNN-NNNC` with its hyphen
/// (whatever its check digit: the shape is the ISSN's); or eight characters `NNNNNNNC` whose
/// check digit is valid (a bare number with a wrong one may well be something else, a PMID).
/// No allocation.
///
/// ```
/// use pidkit::issn::claims;
/// assert!(claims(b"ISSN 0317-8471") && claims(b"0317-8472") && claims(b"03178471"));
/// assert!(!claims(b"03178472") && !claims(b"issnx"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if let Some(after) = [&b"https:"[..], b"http:"]
        .iter()
        .find(|p| starts_with_ci(t, p))
        .map(|p| p.len())
    {
        return starts_with_ci(&t[after..], PORTAL)
            && starts_with_ci(&t[after + PORTAL.len()..], b"issn");
    }
    match label(t) {
        Ok(Some((len, _))) => {
            return t
                .get(len)
                .is_none_or(|&c| matches!(c, b' ' | b'\t' | b':') || c.is_ascii_digit());
        }
        Err(_) => return starts_with_ci(t, b"issn-"),
        Ok(None) => {}
    }
    let is_check = |c: u8| c.is_ascii_digit() || c == b'X' || c == b'x';
    match t.len() {
        9 => {
            t[4] == b'-'
                && t[..4].iter().all(u8::is_ascii_digit)
                && t[5..8].iter().all(u8::is_ascii_digit)
                && is_check(t[8])
        }
        8 => {
            t[..7].iter().all(u8::is_ascii_digit)
                && is_check(t[7])
                && check_char(t) == t[7].to_ascii_uppercase()
        }
        _ => false,
    }
}

impl fmt::Display for Issn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Issn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Issn({:?})", self.input)
    }
}

/// The parts of an ISSN as the CLI's JSON object `"issn"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssnParts {
    /// `NNNN-NNNC`.
    pub issn: String,
    /// Written as a linking ISSN (`ISSN-L`).
    pub linking: bool,
    /// Its EAN-13 (`977…00C`).
    pub ean13: String,
    /// Its ISSN Portal URL.
    pub url: String,
}

impl crate::scheme::Fields for IssnParts {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "issn",
            FieldType::Str,
            "The ISSN as NNNN-NNNC, the check character X in upper case.",
        ),
        Field::new(
            "linking",
            FieldType::Bool,
            "Whether it was written as a linking ISSN (ISSN-L), which groups the media versions of a serial.",
        ),
        Field::new(
            "ean13",
            FieldType::Str,
            "Its EAN-13: 977, the first seven digits, the variant 00 and the GS1 check digit.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "Its ISSN Portal URL (…/resource/ISSN-L/… for a linking ISSN).",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.issn),
            1 => Value::Bool(self.linking),
            2 => Value::Str(&self.ean13),
            3 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
