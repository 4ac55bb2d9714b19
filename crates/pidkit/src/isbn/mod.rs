//! ISBNs (ISO 2108, the International ISBN Agency's *ISBN Users' Manual*): ISBN-13 and the
//! ISBN-10 of books assigned before 2007, with their check digits, their `ISBN` labels and the
//! hyphenation of the Agency's range data.
//!
//! The rules, from the ISBN Users' Manual (<https://www.isbn-international.org/content/isbn-users-manual>,
//! 7th edition, 2017) and ISO 2108:2017:
//!
//! - **Structure.** An ISBN-13 is five elements: the prefix element (`978` or `979`, GS1
//!   prefixes allocated to the book industry), the registration group element (a language
//!   area or country: 1 to 5 digits), the registrant element (a publisher: up to 7 digits), the
//!   publication element and the check digit. The lengths of the group and registrant elements
//!   are not in the number: they are published by the International ISBN Agency as ranges
//!   (`RangeMessage.xml`, <https://www.isbn-international.org/range_file_generation>), read here
//!   from the `isbn` crate's copy of that file (see `ranges.rs`: <https://crates.io/crates/isbn>,
//!   MIT licence, its version `0.8.YYYYMMDD` dated by the Agency's file).
//! - **Check digit** of an ISBN-13: the GS1 mod 10 check (weights 1 and 3 from the left, the
//!   check digit making the sum a multiple of 10). Of an ISBN-10: mod 11 with weights 10 to 2;
//!   the check value 10 is written `X`.
//! - **ISBN-10 ⇄ ISBN-13.** An ISBN-10 is the ISBN-13 `978` + its first nine digits + a new
//!   check digit; a `979` ISBN has no ISBN-10.
//! - **Display.** "ISBN" and a space before the number, the elements separated by hyphens or
//!   spaces (`ISBN 978-0-596-52068-7`).
//!
//! Decisions where the rules leave a choice:
//!
//! - **Labels**: `ISBN`, `ISBN-10`, `ISBN-13` (also `ISBN10`, `ISBN13` before a space or `:`),
//!   in any case, optionally followed by `:`, with spaces around. A label naming the other
//!   length is read and warned (`isbn-label-length`).
//! - **Separators**: `-` or an ASCII space between two digits, anywhere (data is often
//!   hyphenated wrongly): separators that are not where the ranges put them are warned
//!   (`isbn-hyphens`), one at the start or end or two in a row are the error `isbn-separator`.
//! - **Ranges**: a valid check digit in a range the data does not assign is warned
//!   (`isbn-unassigned-range`), not rejected: the data may be older than the ISBN. Such an ISBN
//!   has no hyphenation, and its canonical form is its 13 digits.
//! - **979-0** is the range of the ISMN (ISO 10957), printed music: such a number is read (its
//!   check digit is the same) and warned (`isbn-ismn`).
//! - **Surrounding whitespace** is left out and warned (`isbn-surrounding-space`), as for DOIs.
//!
//! The canonical form is the hyphenated ISBN-13 (`978-0-596-52068-7`); the key is its 13
//! digits, so an ISBN-10 and its ISBN-13 are one ISBN.
//!
//! ```
//! use pidkit::isbn::Isbn;
//!
//! let i = Isbn::parse("ISBN 0-596-52068-9")?;
//! assert_eq!(i.isbn13(), "9780596520687");
//! assert_eq!(i.isbn10().as_deref(), Some("0596520689"));
//! assert_eq!(i.hyphenated().as_deref(), Some("978-0-596-52068-7"));
//! assert_eq!((i.group(), i.registrant(), i.publication()), (Some("0"), Some("596"), Some("52068")));
//! assert_eq!(i.group_name().as_deref(), Some("English language"));
//! assert_eq!(i.key(), Isbn::parse("978-0-596-52068-7")?.key());
//!
//! let e = Isbn::parse("9784189280746").unwrap_err();
//! assert_eq!((e.code(), e.offset), ("isbn-check-digit", 12));
//! assert_eq!(e.hint().as_deref(), Some("the check digit should be '3'"));
//! # Ok::<(), pidkit::isbn::IsbnParseError>(())
//! ```

mod error;
pub(crate) mod find;
mod ranges;
mod scheme;
pub(crate) mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{IsbnError, IsbnParseError, codes};
pub use find::find_iter;
pub use scheme::IsbnScheme;

use syntax::{Bad, Digits};

/// An ISBN read from text, borrowing it: an ISBN-13 or ISBN-10, bare or after an `ISBN` label,
/// with or without separators.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Isbn::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Isbn<'a> {
    input: &'a str,
    /// The ISBN-13, ASCII digits.
    d13: [u8; 13],
    /// The number as written.
    written: Digits,
    /// The length a label names (`ISBN-10`, `ISBN-13`).
    label_len: Option<u8>,
    /// The elements by the range data.
    elements: Option<ranges::Elements>,
}

/// The GS1 prefixes of ISBN-13 (ISBN Users' Manual, Structure of ISBN: prefix element).
const PREFIXES: [&[u8]; 2] = [b"978", b"979"];

impl<'a> Isbn<'a> {
    /// Read an ISBN.
    ///
    /// ```
    /// use pidkit::isbn::Isbn;
    /// assert!(Isbn::parse("ISBN-13: 978-0-596-52068-7").is_ok());
    /// let e = Isbn::parse("ISBN 978-0-596-5206").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("isbn-length", 5, 14));
    /// ```
    pub fn parse(s: &'a str) -> Result<Isbn<'a>, IsbnParseError> {
        let (start, end) = syntax::trimmed(s);
        let (from, label_len) = match syntax::label(s, start, end)? {
            Some((i, len)) => (i, len),
            None => (start, None),
        };
        let written = syntax::digits(s, from, end, true, b"- ").map_err(bad)?;
        let d13 = thirteen(&written)?;
        Ok(Isbn {
            input: s,
            d13,
            written,
            label_len,
            elements: ranges::elements(&d13),
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The ISBN-13: 13 digits, without separators (the key).
    pub fn isbn13(&self) -> &str {
        std::str::from_utf8(&self.d13).unwrap_or_default()
    }

    /// The ISBN-10 of a `978` ISBN, its check character recomputed (`X` for 10); `None` for a
    /// `979` ISBN, which has none.
    ///
    /// ```
    /// use pidkit::isbn::Isbn;
    /// assert_eq!(Isbn::parse("978-0-8044-2957-3")?.isbn10().as_deref(), Some("080442957X"));
    /// assert_eq!(Isbn::parse("979-10-90636-07-1")?.isbn10(), None);
    /// # Ok::<(), pidkit::isbn::IsbnParseError>(())
    /// ```
    pub fn isbn10(&self) -> Option<String> {
        if &self.d13[..3] != b"978" {
            return None;
        }
        let mut ten = [0u8; 10];
        ten[..9].copy_from_slice(&self.d13[3..12]);
        ten[9] = syntax::isbn10_check(&ten);
        String::from_utf8(ten.to_vec()).ok()
    }

    /// Whether it was written as an ISBN-10.
    pub fn is_isbn10(&self) -> bool {
        self.written.n == 10
    }

    /// The prefix element: `978` or `979`.
    pub fn prefix(&self) -> &str {
        &self.isbn13()[..3]
    }

    /// The registration group element (`0` English language, `3` German language, `92`
    /// international organizations …), by the range data; `None` in an unassigned range.
    pub fn group(&self) -> Option<&str> {
        let e = self.elements?;
        self.isbn13().get(3..3 + usize::from(e.group))
    }

    /// The name the range data gives the registration group: its language area, country or
    /// agency (`English language`, `Germany` …).
    pub fn group_name(&self) -> Option<String> {
        self.elements?;
        ranges::agency(&self.d13)
    }

    /// The registrant element (a publisher), by the range data.
    pub fn registrant(&self) -> Option<&str> {
        let e = self.elements?;
        let from = 3 + usize::from(e.group);
        self.isbn13().get(from..from + usize::from(e.registrant))
    }

    /// The publication element, by the range data.
    pub fn publication(&self) -> Option<&str> {
        let e = self.elements?;
        self.isbn13()
            .get(3 + usize::from(e.group) + usize::from(e.registrant)..12)
    }

    /// The check digit of the ISBN-13.
    pub fn check(&self) -> char {
        char::from(self.d13[12])
    }

    /// The ISBN-13 hyphenated by the range data (`978-0-596-52068-7`); `None` in an unassigned
    /// range.
    pub fn hyphenated(&self) -> Option<String> {
        let (group, registrant) = (self.group()?, self.registrant()?);
        let publication = self.publication()?;
        let mut out = String::with_capacity(17);
        for part in [self.prefix(), group, registrant, publication] {
            out.push_str(part);
            out.push('-');
        }
        out.push(self.check());
        Some(out)
    }

    /// The ISBN-10 hyphenated by the range data (`0-596-52068-9`); `None` for a `979` ISBN or
    /// in an unassigned range.
    pub fn hyphenated10(&self) -> Option<String> {
        let ten = self.isbn10()?;
        Some(format!(
            "{}-{}-{}-{}",
            self.group()?,
            self.registrant()?,
            self.publication()?,
            &ten[9..]
        ))
    }

    /// Whether the range data assigns its registration group and registrant range.
    pub fn is_assigned(&self) -> bool {
        self.elements.is_some()
    }

    /// Whether it is in `979-0`, the range of the ISMN (printed music, ISO 10957).
    pub fn is_ismn(&self) -> bool {
        self.d13.starts_with(b"9790")
    }

    /// The canonical form: the hyphenated ISBN-13, or its 13 digits in an unassigned range;
    /// borrowed when the input is just that.
    ///
    /// ```
    /// use pidkit::isbn::Isbn;
    /// assert_eq!(Isbn::parse("isbn:0596520689")?.canonical(), "978-0-596-52068-7");
    /// # Ok::<(), pidkit::isbn::IsbnParseError>(())
    /// ```
    pub fn canonical(&self) -> Cow<'a, str> {
        let c = self.hyphenated().unwrap_or_else(|| self.isbn13().to_owned());
        if c == self.input {
            Cow::Borrowed(self.input)
        } else {
            Cow::Owned(c)
        }
    }

    /// The equivalence key: the 13 digits (an ISBN-10 and its ISBN-13 are one ISBN).
    pub fn key(&self) -> Cow<'a, str> {
        if self.input.as_bytes() == self.d13 {
            Cow::Borrowed(self.input)
        } else {
            Cow::Owned(self.isbn13().to_owned())
        }
    }

    /// Where the separators of the number as written should be, by the range data: bit `i`
    /// for a separator after digit `i`.
    fn expected_seps(&self) -> Option<u16> {
        let e = self.elements?;
        let (g, r) = (u16::from(e.group), u16::from(e.registrant));
        Some(if self.is_isbn10() {
            1 << (g - 1) | 1 << (g + r - 1) | 1 << 8
        } else {
            1 << 2 | 1 << (2 + g) | 1 << (2 + g + r) | 1 << 11
        })
    }

    /// Valid but worth a look ([`codes`]): surrounding whitespace, a lower-case `x`, a label
    /// naming the other length, separators where the ranges put none, an unassigned range,
    /// an ISMN.
    ///
    /// ```
    /// use pidkit::isbn::Isbn;
    /// let codes = |s| Isbn::parse(s).unwrap().warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    /// assert!(codes("978-0-596-52068-7").is_empty());
    /// assert_eq!(codes("ISBN-10 978-05965-2068-7"), ["isbn-label-length", "isbn-hyphens"]);
    /// assert_eq!(codes("0-8044-2957-x"), ["isbn-lowercase-x"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "ISBN");
        let (from, to) = self.written.span;
        if self.written.lower_x
            && let Some(x) = self.written.x
        {
            out.push(Warning::new(
                codes::LOWERCASE_X,
                x,
                1,
                "the check character is written 'X' in upper case (ISO 2108; ISBN Users' Manual, Check digit)",
            ));
        }
        if let Some(n) = self.label_len
            && usize::from(n) != self.written.n
        {
            let start = syntax::trimmed(self.input).0;
            out.push(Warning::new(
                codes::LABEL_LENGTH,
                start,
                from - start,
                format!(
                    "the label says ISBN-{n}, but the number is an ISBN-{}",
                    self.written.n
                ),
            ));
        }
        if self.written.seps != 0
            && let Some(expected) = self.expected_seps()
            && self.written.seps != expected
        {
            let shown = if self.is_isbn10() {
                self.hyphenated10()
            } else {
                self.hyphenated()
            };
            out.push(Warning::new(
                codes::HYPHENS,
                from,
                to - from,
                format!(
                    "the separators do not stand between the elements that the International ISBN Agency's ranges give: {} (ISBN Users' Manual, Structure of ISBN)",
                    shown.unwrap_or_default()
                ),
            ));
        }
        if self.is_ismn() {
            out.push(Warning::new(
                codes::ISMN,
                from,
                to - from,
                "979-0 is the range of the ISMN (International Standard Music Number, ISO 10957), for printed music, not of ISBNs (ISBN Users' Manual, Structure of ISBN)",
            ));
        } else if self.elements.is_none() {
            out.push(Warning::new(
                codes::UNASSIGNED_RANGE,
                from,
                to - from,
                "the check digit is valid, but the International ISBN Agency's range data assigns no registration group or registrant range to this number: check it for a typing error",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let i = pidkit::isbn::Isbn::parse("979-10-90636-07-1")?;
    /// let p = i.parts();
    /// assert_eq!((p.prefix, p.group.as_deref(), p.isbn10.as_deref()), ("979", Some("10"), None));
    /// # Ok::<(), pidkit::isbn::IsbnParseError>(())
    /// ```
    pub fn parts(&self) -> IsbnParts<'_> {
        IsbnParts {
            isbn13: self.isbn13(),
            isbn10: self.isbn10(),
            hyphenated: self.hyphenated(),
            prefix: self.prefix(),
            group: self.group(),
            group_name: self.group_name(),
            registrant: self.registrant(),
            publication: self.publication(),
            check: self.isbn13().get(12..).unwrap_or_default(),
        }
    }
}

/// The ISBN-13 of a number read as written: 10 or 13 digits, `X` only at the end of 10, a
/// 13-digit one in `978` or `979`, the check digit right.
fn thirteen(d: &Digits) -> Result<[u8; 13], IsbnParseError> {
    let (from, to) = d.span;
    if d.n != 10 && d.n != 13 {
        return Err(IsbnParseError::new(IsbnError::Length(d.n), from, to - from));
    }
    if let Some(x) = d.x
        && (d.n == 13 || x != d.at[9])
    {
        return Err(IsbnParseError::new(IsbnError::XPosition, x, 1));
    }
    if d.n == 10 {
        let expected = syntax::isbn10_check(&d.digits);
        if expected != d.digits[9] {
            return Err(check_error(expected, d, 9));
        }
        let mut d13 = [0u8; 13];
        d13[..3].copy_from_slice(b"978");
        d13[3..12].copy_from_slice(&d.digits[..9]);
        d13[12] = crate::ean::gs1_check(&d13[..12]);
        return Ok(d13);
    }
    if !PREFIXES.contains(&&d.digits[..3]) {
        let prefix = String::from_utf8_lossy(&d.digits[..3]).into_owned();
        return Err(IsbnParseError::new(
            IsbnError::Prefix(prefix),
            d.at[0],
            d.at[2] + 1 - d.at[0],
        ));
    }
    let expected = crate::ean::gs1_check(&d.digits[..12]);
    if expected != d.digits[12] {
        return Err(check_error(expected, d, 12));
    }
    Ok(d.digits)
}

fn check_error(expected: u8, d: &Digits, i: usize) -> IsbnParseError {
    IsbnParseError::new(
        IsbnError::CheckDigit(char::from(expected), char::from(d.digits[i])),
        d.at[i],
        1,
    )
}

fn bad(b: Bad) -> IsbnParseError {
    match b {
        Bad::Char(at, c) => IsbnParseError::new(IsbnError::Char(c), at, c.len_utf8()),
        Bad::Separator(at) => IsbnParseError::new(IsbnError::Separator, at, 1),
    }
}

/// The ISBN-13 of the NSS of a `urn:isbn:` URN (RFC 3187): an ISBN-10 or ISBN-13 with hyphens
/// only between digits and a valid check digit, by the rules of [`Isbn::parse`] (no label, no
/// spaces); `None` otherwise.
///
/// ```
/// assert_eq!(pidkit::isbn::urn_nss("0-451-45052-3").as_deref(), Some("9780451450524"));
/// assert_eq!(pidkit::isbn::urn_nss("0451450524"), None);
/// ```
pub fn urn_nss(nss: &str) -> Option<String> {
    let d = syntax::digits(nss, 0, nss.len(), true, b"-").ok()?;
    let d13 = thirteen(&d).ok()?;
    String::from_utf8(d13.to_vec()).ok()
}

/// Whether auto-detection gives `t` (trimmed) to ISBNs: an `ISBN` label (any case, followed by
/// the end, a space, `:`, `-` or a digit); or a bare number of 13 digits starting `978` or
/// `979` (whatever its check digit: such a number is unmistakably an ISBN, and a wrong one gets
/// the ISBN's error); or of 10 characters (`X` last) with a valid ISBN-10 check digit. Digits
/// may be separated by `-` or spaces. No allocation.
///
/// ```
/// use pidkit::isbn::claims;
/// assert!(claims(b"ISBN: 978-0-596-52068-7") && claims(b"isbn 0596520689"));
/// assert!(claims(b"9784189280746")); // a wrong check digit: still an ISBN, and its error
/// assert!(claims(b"0-596-52068-9") && !claims(b"0-596-52068-8"));
/// assert!(!claims(b"4006381333931") && !claims(b"ISBNs"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if syntax::starts_with_ci(t, b"isbn") {
        return match t.get(4) {
            None => true,
            Some(&c) => matches!(c, b' ' | b'\t' | b':' | b'-') || c.is_ascii_digit(),
        };
    }
    if t.len() > 25 || !t.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let mut d = [0u8; 13];
    let mut n = 0;
    for (i, &c) in t.iter().enumerate() {
        match c {
            b'0'..=b'9' if n < 13 => {
                d[n] = c;
                n += 1;
            }
            b'X' | b'x' if n == 9 && i + 1 == t.len() => {
                d[n] = b'X';
                n += 1;
            }
            b'-' | b' ' => {}
            _ => return false,
        }
    }
    match n {
        13 => PREFIXES.contains(&&d[..3]),
        10 => syntax::isbn10_check(&d) == d[9],
        _ => false,
    }
}

impl fmt::Display for Isbn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Isbn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Isbn({:?})", self.input)
    }
}

/// The parts of an ISBN as the CLI's JSON object `"isbn"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IsbnParts<'a> {
    /// The ISBN-13, 13 digits.
    pub isbn13: &'a str,
    /// The ISBN-10 of a `978` ISBN.
    pub isbn10: Option<String>,
    /// The ISBN-13 hyphenated by the range data.
    pub hyphenated: Option<String>,
    /// `978` or `979`.
    pub prefix: &'a str,
    /// The registration group element.
    pub group: Option<&'a str>,
    /// The registration group's name in the range data.
    pub group_name: Option<String>,
    /// The registrant element.
    pub registrant: Option<&'a str>,
    /// The publication element.
    pub publication: Option<&'a str>,
    /// The check digit of the ISBN-13.
    pub check: &'a str,
}

impl crate::scheme::Fields for IsbnParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "isbn13",
            FieldType::Str,
            "The ISBN-13: 13 digits, without separators (the key).",
        ),
        Field::new(
            "isbn10",
            FieldType::OptStr,
            "The ISBN-10 (10 characters, check character 0-9 or X) of a 978 ISBN; null for 979.",
        ),
        Field::new(
            "hyphenated",
            FieldType::OptStr,
            "The ISBN-13 hyphenated by the International ISBN Agency's ranges; null in an unassigned range.",
        ),
        Field::new(
            "prefix",
            FieldType::Str,
            "The prefix element: 978 or 979.",
        )
        .one_of(&["978", "979"]),
        Field::new(
            "group",
            FieldType::OptStr,
            "The registration group element (a language area or country), by the ranges.",
        ),
        Field::new(
            "group_name",
            FieldType::OptStr,
            "The registration group's name in the International ISBN Agency's range data.",
        ),
        Field::new(
            "registrant",
            FieldType::OptStr,
            "The registrant element (the publisher), by the ranges.",
        ),
        Field::new(
            "publication",
            FieldType::OptStr,
            "The publication element, by the ranges.",
        ),
        Field::new(
            "check",
            FieldType::Str,
            "The check digit of the ISBN-13.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.isbn13),
            1 => Value::opt(self.isbn10.as_deref()),
            2 => Value::opt(self.hyphenated.as_deref()),
            3 => Value::Str(self.prefix),
            4 => Value::opt(self.group),
            5 => Value::opt(self.group_name.as_deref()),
            6 => Value::opt(self.registrant),
            7 => Value::opt(self.publication),
            8 => Value::Str(self.check),
            _ => Value::Null,
        }
    }
}
