//! EAN/UPC numbers — the GTIN-13 (EAN-13), GTIN-12 (UPC-A) and GTIN-8 (EAN-8) of the GS1
//! General Specifications — with their check digits, and the ISBNs and ISSNs they carry.
//!
//! The rules, from the GS1 General Specifications
//! (<https://www.gs1.org/standards/barcodes-epcrfid-id-keys/gs1-general-specifications>) and
//! GS1's "How to calculate a check digit manually"
//! (<https://www.gs1.org/services/how-calculate-check-digit-manually>):
//!
//! - **Check digit** (§7.9): counting from the right, the digits before the check digit are
//!   weighted 3, 1, 3, 1 …; the check digit brings the sum up to a multiple of 10. The same
//!   rule for every length, so a number keeps its check digit when zeros are put in front.
//! - **GTIN-13 form**: every GTIN is compared right-aligned with leading zeros; a UPC-A is the
//!   EAN-13 `0` + its 12 digits, an EAN-8 the EAN-13 `00000` + its 8 digits (§3.3, GTIN data
//!   structures). The key is that GTIN-13.
//! - **Prefixes**: `978` and `979` are the ISBN's ("Bookland"; `979-0` the ISMN's), `977` the
//!   ISSN's: `977` + the ISSN's first seven digits + two variant digits + the check digit
//!   (ISSN International Centre, "ISSN and barcodes":
//!   <https://www.issn.org/understanding-the-issn/assignment-rules/issn-and-barcodes/>). Prefixes
//!   `020`–`029`, `040`–`049` and `200`–`299` (and EAN-8 numbers starting `0` or `2`) are
//!   restricted circulation numbers, `981`–`984` and `99` coupons (GS1 General Specifications,
//!   GS1 Prefixes): warned (`ean-restricted`).
//!
//! Decisions: a label (`EAN`, `EAN-13`, `EAN-8`, `UPC`, `UPC-A`, `GTIN`, `GTIN-13`, `GTIN-12`,
//! `GTIN-8`, any case, then an optional `:`) may precede the digits; spaces or hyphens may
//! separate groups of digits (as printed under a bar code: `4 006381 333931`). A GTIN-14 is not
//! read. Surrounding whitespace is left out and warned.
//!
//! ```
//! use pidkit::ean::{Ean, EanType};
//!
//! let e = Ean::parse("036000291452")?; // a UPC-A
//! assert_eq!((e.kind(), e.gtin13()), (EanType::UpcA, "0036000291452"));
//! assert_eq!(e.key(), Ean::parse("0036000291452")?.key());
//!
//! let issn = Ean::parse("9771144875007")?;
//! assert_eq!(issn.issn().as_deref(), Some("1144-875X"));
//! assert_eq!(issn.prefix_kind(), "issn");
//! # Ok::<(), pidkit::ean::EanParseError>(())
//! ```

mod error;
mod scheme;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::isbn::syntax::{self, Bad, Digits};
use crate::scheme::{Field, FieldType, Value};

pub use error::{EanError, EanParseError, codes};
pub use scheme::EanScheme;

/// The GS1 check digit (ASCII) of the ASCII digits `d`, the check digit left out: weights 3
/// and 1 alternating from the right, the check digit bringing the sum to a multiple of 10 (GS1
/// General Specifications §7.9).
///
/// ```
/// assert_eq!(pidkit::ean::gs1_check(b"400638133393"), b'1');
/// assert_eq!(pidkit::ean::gs1_check(b"978059652068"), b'7');
/// ```
pub fn gs1_check(d: &[u8]) -> u8 {
    let sum: u32 = d
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &c)| u32::from(c.wrapping_sub(b'0') % 10) * if i % 2 == 0 { 3 } else { 1 })
        .sum();
    b'0' + ((10 - sum % 10) % 10) as u8
}

/// Which GTIN an EAN/UPC number is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EanType {
    /// 13 digits (GTIN-13).
    Ean13,
    /// 8 digits (GTIN-8).
    Ean8,
    /// 12 digits (GTIN-12).
    UpcA,
}

impl EanType {
    /// `ean-13`, `ean-8`, `upc-a`.
    pub fn name(self) -> &'static str {
        match self {
            EanType::Ean13 => "ean-13",
            EanType::Ean8 => "ean-8",
            EanType::UpcA => "upc-a",
        }
    }
}

/// An EAN-13, EAN-8 or UPC-A number read from text, borrowing it.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Ean::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ean<'a> {
    input: &'a str,
    written: Digits,
    gtin13: [u8; 13],
    /// The length the label names.
    label_len: Option<u8>,
}

/// The labels, lower case, with the length each names; longest first where one is a prefix
/// of another.
const LABELS: &[(&str, Option<u8>)] = &[
    ("ean-13", Some(13)),
    ("ean-8", Some(8)),
    ("ean13", Some(13)),
    ("ean8", Some(8)),
    ("ean", None),
    ("upc-a", Some(12)),
    ("upca", Some(12)),
    ("upc", Some(12)),
    ("gtin-13", Some(13)),
    ("gtin-12", Some(12)),
    ("gtin-8", Some(8)),
    ("gtin13", Some(13)),
    ("gtin12", Some(12)),
    ("gtin8", Some(8)),
    ("gtin", None),
];

/// The label at the start of `b`: its length and the length it names. `Err(at)` for a label
/// word followed by `-` and something else (`GTIN-14`).
fn label(b: &[u8]) -> Result<Option<(usize, Option<u8>)>, usize> {
    // Every label starts with e, u or g: anything else is rejected before the list.
    if !matches!(b.first().map(u8::to_ascii_lowercase), Some(b'e' | b'u' | b'g')) {
        return Ok(None);
    }
    for &(l, n) in LABELS {
        if syntax::starts_with_ci(b, l.as_bytes()) {
            let next = b.get(l.len()).copied();
            if next.is_some_and(|c| c.is_ascii_alphabetic()) {
                return Ok(None);
            }
            if next == Some(b'-') && b.get(l.len() + 1).is_some_and(u8::is_ascii_alphanumeric) {
                return Err(l.len());
            }
            if n.is_none() && next.is_some_and(|c| c.is_ascii_digit()) && l == "gtin" {
                // `GTIN14…`: a length this unit does not read.
                return Err(l.len());
            }
            return Ok(Some((l.len(), n)));
        }
    }
    Ok(None)
}

impl<'a> Ean<'a> {
    /// Read an EAN-13, EAN-8 or UPC-A number.
    ///
    /// ```
    /// use pidkit::ean::Ean;
    /// assert!(Ean::parse("EAN-13: 4 006381 333931").is_ok());
    /// assert_eq!(Ean::parse("40063813339").unwrap_err().code(), "ean-length");
    /// ```
    pub fn parse(s: &'a str) -> Result<Ean<'a>, EanParseError> {
        let (start, end) = syntax::trimmed(s);
        let b = &s.as_bytes()[..end];
        let (from, label_len) = match label(&b[start..]) {
            Ok(Some((len, n))) => (syntax::after_label(b, start + len, end), n),
            Ok(None) => (start, None),
            Err(at) => return Err(EanParseError::new(EanError::Label, start + at, 1)),
        };
        let written = syntax::digits(s, from, end, false, b"- ").map_err(|e| match e {
            Bad::Char(at, c) => EanParseError::new(EanError::Char(c), at, c.len_utf8()),
            Bad::Separator(at) => EanParseError::new(EanError::Separator, at, 1),
        })?;
        let n = written.n;
        if !matches!(n, 8 | 12 | 13) {
            let (f, t) = written.span;
            return Err(EanParseError::new(EanError::Length(n), f, t - f));
        }
        let expected = gs1_check(&written.digits[..n - 1]);
        if expected != written.digits[n - 1] {
            return Err(EanParseError::new(
                EanError::CheckDigit(char::from(expected), char::from(written.digits[n - 1])),
                written.at[n - 1],
                1,
            ));
        }
        let mut gtin13 = [b'0'; 13];
        gtin13[13 - n..].copy_from_slice(&written.digits[..n]);
        Ok(Ean {
            input: s,
            written,
            gtin13,
            label_len,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// Which GTIN it is, by its number of digits.
    pub fn kind(&self) -> EanType {
        match self.written.n {
            8 => EanType::Ean8,
            12 => EanType::UpcA,
            _ => EanType::Ean13,
        }
    }

    /// The digits as written, without label and separators.
    pub fn digits(&self) -> &str {
        std::str::from_utf8(&self.written.digits[..self.written.n]).unwrap_or_default()
    }

    /// The number as a GTIN-13: zeros in front of a UPC-A or EAN-8 (the key).
    pub fn gtin13(&self) -> &str {
        std::str::from_utf8(&self.gtin13).unwrap_or_default()
    }

    /// What its GS1 prefix says it carries: `isbn` (978, 979), `ismn` (979-0), `issn` (977)
    /// or `other`.
    pub fn prefix_kind(&self) -> &'static str {
        match &self.gtin13[..3] {
            b"977" => "issn",
            b"979" if self.gtin13[3] == b'0' => "ismn",
            b"978" | b"979" => "isbn",
            _ => "other",
        }
    }

    /// The ISSN of a `977` EAN-13 (`NNNN-NNNC`): its digits 4 to 10 and their ISSN check
    /// digit.
    pub fn issn(&self) -> Option<String> {
        (self.prefix_kind() == "issn").then(|| crate::issn::format_issn(&self.gtin13[3..10]))
    }

    /// The ISBN of a `978` or `979` EAN-13: hyphenated by the ISBN ranges where they assign
    /// it, else its 13 digits.
    pub fn isbn(&self) -> Option<String> {
        if self.prefix_kind() != "isbn" {
            return None;
        }
        let i = crate::isbn::Isbn::parse(self.gtin13()).ok()?;
        Some(i.canonical().into_owned())
    }

    /// The canonical form: the digits, without label or separators; borrowed when the input is
    /// just that.
    pub fn canonical(&self) -> Cow<'a, str> {
        if self.input == self.digits() {
            Cow::Borrowed(self.input)
        } else {
            Cow::Owned(self.digits().to_owned())
        }
    }

    /// The equivalence key: the GTIN-13 (a UPC-A and its EAN-13 form are one number).
    pub fn key(&self) -> Cow<'a, str> {
        if self.input.as_bytes() == self.gtin13 {
            Cow::Borrowed(self.input)
        } else {
            Cow::Owned(self.gtin13().to_owned())
        }
    }

    /// Valid but worth a look ([`codes`]): surrounding whitespace, a label naming another
    /// length, a restricted circulation number or coupon.
    ///
    /// ```
    /// use pidkit::ean::Ean;
    /// let codes = |s| Ean::parse(s).unwrap().warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    /// assert!(codes("4006381333931").is_empty());
    /// assert_eq!(codes("EAN-8 2000000000008"), ["ean-label-length", "ean-restricted"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "EAN/UPC number");
        let (from, to) = self.written.span;
        if let Some(n) = self.label_len
            && usize::from(n) != self.written.n
        {
            let start = syntax::trimmed(self.input).0;
            out.push(Warning::new(
                codes::LABEL_LENGTH,
                start,
                from - start,
                format!(
                    "the label names {n} digits, but the number has {}",
                    self.written.n
                ),
            ));
        }
        if let Some(why) = self.restricted() {
            out.push(Warning::new(
                codes::RESTRICTED,
                from,
                to - from,
                format!("{why} (GS1 General Specifications, GS1 Prefixes)"),
            ));
        }
        out
    }

    /// Why the number is not a global trade item number, if it is not.
    fn restricted(&self) -> Option<&'static str> {
        const RCN: &str = "a restricted circulation number: valid only within a company or a country, not a global trade item number";
        let g = &self.gtin13;
        if self.kind() == EanType::Ean8 {
            return matches!(self.written.digits[0], b'0' | b'2').then_some(RCN);
        }
        match (g[0], g[1], g[2]) {
            (b'0', b'2' | b'4', _) | (b'2', _, _) => Some(RCN),
            (b'9', b'8', b'1'..=b'4') | (b'9', b'9', _) => {
                Some("a coupon number: valid only within a currency area or a company, not a trade item")
            }
            _ => None,
        }
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let e = pidkit::ean::Ean::parse("9780596520687")?;
    /// let p = e.parts();
    /// assert_eq!((p.kind, p.prefix_kind, p.isbn.as_deref()), ("ean-13", "isbn", Some("978-0-596-52068-7")));
    /// # Ok::<(), pidkit::ean::EanParseError>(())
    /// ```
    pub fn parts(&self) -> EanParts<'_> {
        EanParts {
            gtin13: self.gtin13(),
            kind: self.kind().name(),
            prefix_kind: self.prefix_kind(),
            isbn: self.isbn(),
            issn: self.issn(),
        }
    }
}

/// Whether auto-detection gives `t` (trimmed) to EAN/UPC numbers: a label (`EAN`, `UPC`,
/// `GTIN` …) followed by digits, or 8, 12 or 13 bare digits (single spaces or hyphens between
/// groups, as printed under a bar code) with a valid GS1 check digit (a bare number is claimed
/// only when its check digit holds: 13 digits could be anything, a timestamp in milliseconds).
/// No allocation.
///
/// ```
/// use pidkit::ean::claims;
/// assert!(claims(b"4006381333931") && claims(b"EAN: 4006381333932"));
/// assert!(!claims(b"4006381333932") && !claims(b"Ean Smith"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    match label(t) {
        Ok(Some((len, _))) => {
            let i = syntax::after_label(t, len, t.len());
            return t.get(i).is_some_and(u8::is_ascii_digit);
        }
        Err(_) => return false,
        Ok(None) => {}
    }
    if t.len() > 25 || !t.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let (mut d, mut n, mut sep) = ([0u8; 13], 0, false);
    for &c in t {
        match c {
            b'0'..=b'9' if n < 13 => {
                d[n] = c;
                n += 1;
                sep = false;
            }
            b' ' | b'-' if !sep => sep = true,
            _ => return false,
        }
    }
    !sep && matches!(n, 8 | 12 | 13) && gs1_check(&d[..n - 1]) == d[n - 1]
}

impl fmt::Display for Ean<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Ean<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ean({:?})", self.input)
    }
}

/// The parts of an EAN/UPC number as the CLI's JSON object `"ean"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EanParts<'a> {
    /// The GTIN-13.
    pub gtin13: &'a str,
    /// `ean-13`, `ean-8` or `upc-a` (the JSON member `type`).
    pub kind: &'static str,
    /// `isbn`, `ismn`, `issn` or `other`.
    pub prefix_kind: &'static str,
    /// The ISBN of a 978/979 number.
    pub isbn: Option<String>,
    /// The ISSN of a 977 number.
    pub issn: Option<String>,
}

impl crate::scheme::Fields for EanParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "gtin13",
            FieldType::Str,
            "The number as a GTIN-13: a UPC-A with a leading 0, an EAN-8 with five (the key).",
        ),
        Field::new(
            "type",
            FieldType::Str,
            "Which GTIN it is, by its length: EAN-13, EAN-8 or UPC-A (GTIN-12).",
        )
        .one_of(&["ean-13", "ean-8", "upc-a"]),
        Field::new(
            "prefix_kind",
            FieldType::Str,
            "What its GS1 prefix carries: an ISBN (978, 979), an ISMN (979-0), an ISSN (977), or other.",
        )
        .one_of(&["isbn", "ismn", "issn", "other"]),
        Field::new(
            "isbn",
            FieldType::OptStr,
            "The ISBN of a 978/979 number, hyphenated by the ISBN ranges (13 digits in an unassigned range).",
        ),
        Field::new(
            "issn",
            FieldType::OptStr,
            "The ISSN (NNNN-NNNC) of a 977 number: its digits 4 to 10 and their ISSN check digit.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.gtin13),
            1 => Value::Str(self.kind),
            2 => Value::Str(self.prefix_kind),
            3 => Value::opt(self.isbn.as_deref()),
            4 => Value::opt(self.issn.as_deref()),
            _ => Value::Null,
        }
    }
}
