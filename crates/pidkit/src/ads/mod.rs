//! ADS bibcodes: the 19-character codes by which the NASA Astrophysics Data System (and SIMBAD,
//! NED, SciX) name a publication — `1974AJ.....79..819H` — bare, with the `bibcode:` label, or as
//! ADS URLs (`https://ui.adsabs.harvard.edu/abs/1974AJ.....79..819H/abstract`).
//!
//! The rules, from the ADS's documentation (the ADS help on bibcodes,
//! <https://ui.adsabs.harvard.edu/help/actions/bibcode>; the ADS's "Common File Format for
//! Bibliographic Records", <https://adsabs.harvard.edu/abs_doc/abstract_format.html>; the ADS's
//! info-URI registration of `info:bibcode/`,
//! <https://oclc-research.github.io/infoURI-Frozen/info-uri.info/info:bibcode/reg.html>): a bibcode is `YYYYJJJJJVVVVMPPPPA`, always 19
//! characters — the year (`YYYY`), the journal's abbreviation left-justified (`JJJJJ`: `ApJ..`,
//! `A&A..`, `MNRAS`), the volume right-justified (`VVVV`, or a word such as `conf`), a
//! qualifier (`M`: `L` for Letters, `P` pink pages, a lower-case issue letter in Physical
//! Review's article ids, `Q`–`Z` to tell apart codes that would be the same; page numbers over
//! 9999 continue in it), the page right-justified (`PPPP`), and the first letter of the first
//! author's last name (`A`); periods fill what is unused. Bibcodes are case-sensitive.
//!
//! ```
//! use pidkit::ads::Bibcode;
//!
//! let b = Bibcode::parse("https://ui.adsabs.harvard.edu/abs/1970ApJ...161L..77K/abstract")?;
//! assert_eq!(b.bibcode(), "1970ApJ...161L..77K");
//! let p = b.parts();
//! assert_eq!((p.year.as_str(), p.journal.as_str(), p.volume.as_deref()), ("1970", "ApJ", Some("161")));
//! assert_eq!((p.qualifier.as_deref(), p.page.as_deref(), p.initial.as_deref()), (Some("L"), Some("77"), Some("K")));
//!
//! // A word processor's ellipsis is read as the three periods it replaced.
//! let e = Bibcode::parse("1974AJ\u{2026}..79..819H")?;
//! assert_eq!((e.bibcode().as_ref(), e.warnings()[0].code.as_str()), ("1974AJ.....79..819H", "ads-ellipsis"));
//! # Ok::<(), pidkit::ads::BibcodeParseError>(())
//! ```
//!
//! Decisions where the documentation leaves a choice:
//!
//! - **Characters**: letters, digits, `.` and `&` (journal abbreviations such as `A&A`, `Ap&SS`;
//!   only there), `%26` read as `&` (how URLs write it; warned outside a URL), `…` read as `...`
//!   (warned). The first four characters are digits, the fifth is not `.`, the last is a letter
//!   or `.`; the other fields are not checked further (volumes and pages hold letters: `conf`,
//!   `L..1`).
//! - **Auto-detection** of a bare bibcode asks for its length, its characters, a year from 1800
//!   to 2099, a letter (or `&`) fifth and a letter or `.` last: a 19-character word of letters
//!   and digits that starts with such a year can still be taken (`2019arXiv190102345S` has no
//!   period); dates, times and hashes of other lengths cannot.
//! - The canonical form is the bibcode itself; its URL form the current ADS interface's abstract
//!   page, `&` written `%26`.

mod error;
mod find;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{BibcodeError, BibcodeParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::AdsScheme;
pub use syntax::claims;

use syntax::Spans;

/// The base of the ADS's abstract pages.
pub const ABS_BASE: &str = "https://ui.adsabs.harvard.edu/abs/";

/// How a bibcode was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// The bibcode alone.
    Bibcode,
    /// After `bibcode:`.
    Label,
    /// An ADS URL.
    Url,
}

/// A bibcode read from text, borrowing it. `Display` gives the input; compare with
/// [`Bibcode::bibcode`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bibcode<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Bibcode<'a> {
    /// Read a bibcode in any of its written forms.
    ///
    /// ```
    /// use pidkit::ads::Bibcode;
    /// assert_eq!(Bibcode::parse("http://adsabs.harvard.edu/abs/2020A%26A...633A..53S")?.bibcode(), "2020A&A...633A..53S");
    /// assert_eq!(Bibcode::parse("1974AJ.....79..8191").unwrap_err().code(), "ads-initial");
    /// # Ok::<(), pidkit::ads::BibcodeParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Bibcode<'a>, BibcodeParseError> {
        Ok(Bibcode {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The bibcode, its 19 characters (`…` read as `...`, `%26` as `&`). Borrowed when the
    /// input holds it so.
    pub fn bibcode(&self) -> Cow<'a, str> {
        syntax::decode(&self.input[self.spans.bib.0..self.spans.bib.1])
    }

    /// The bibcode at the ADS: `https://ui.adsabs.harvard.edu/abs/`, the bibcode with `&`
    /// written `%26`, `/abstract`.
    pub fn url(&self) -> String {
        format!("{ABS_BASE}{}/abstract", self.bibcode().replace('&', "%26"))
    }

    /// Whether it was written as a URL with its `http://` or `https://`.
    pub fn is_url(&self) -> bool {
        self.spans.form == Form::Url && {
            let t = self.input.trim_start_matches(|c: char| c.is_ascii_whitespace());
            t.get(..4).is_some_and(|h| h.eq_ignore_ascii_case("http"))
        }
    }

    /// Valid but worth a look ([`codes`]).
    ///
    /// ```
    /// use pidkit::ads::Bibcode;
    /// let w = Bibcode::parse("2020A%26A...633A..53S").unwrap().warnings();
    /// assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("ads-percent", 5, 3));
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "bibcode");
        let (from, to) = self.spans.bib;
        let bib = &self.input[from..to];
        for (k, _) in bib.match_indices('\u{2026}') {
            out.push(Warning::new(
                codes::ELLIPSIS,
                from + k,
                3,
                "'…' (U+2026) where the bibcode has three periods: read as '...'",
            ));
        }
        if self.spans.form != Form::Url {
            for (k, _) in bib.match_indices("%26") {
                out.push(Warning::new(
                    codes::PERCENT,
                    from + k,
                    3,
                    "'%26' outside a URL: read as '&'",
                ));
            }
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the bibcode in the URL is not part of it: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> BibcodeParts<'a> {
        let bibcode = self.bibcode();
        let b = bibcode.as_bytes();
        let field = |from: usize, to: usize| String::from_utf8_lossy(&b[from..to]).into_owned();
        let non_empty = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        let journal = field(4, 9).trim_end_matches('.').to_owned();
        let volume = non_empty(field(9, 13).trim_start_matches('.'));
        // Page numbers over 9999 continue in the qualifier's column.
        let (qualifier, page) = match b[13] {
            b'.' => (None, non_empty(field(14, 18).trim_start_matches('.'))),
            d if d.is_ascii_digit() => (None, Some(field(13, 18))),
            q => (Some(char::from(q).to_string()), non_empty(field(14, 18).trim_start_matches('.'))),
        };
        BibcodeParts {
            year: field(0, 4),
            journal,
            volume,
            qualifier,
            page,
            initial: (b[18] != b'.').then(|| field(18, 19)),
            url: self.url(),
            bibcode,
        }
    }
}

impl fmt::Display for Bibcode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Bibcode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bibcode({:?})", self.input)
    }
}

/// The parts of a bibcode as the CLI's JSON object `"ads"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BibcodeParts<'a> {
    /// The bibcode.
    pub bibcode: Cow<'a, str>,
    /// The year.
    pub year: String,
    /// The journal's abbreviation, without its padding.
    pub journal: String,
    /// The volume, without its padding.
    pub volume: Option<String>,
    /// The qualifier.
    pub qualifier: Option<String>,
    /// The page, without its padding.
    pub page: Option<String>,
    /// The first author's initial.
    pub initial: Option<String>,
    /// The abstract page at the ADS.
    pub url: String,
}

impl crate::scheme::Fields for BibcodeParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "bibcode",
            FieldType::Str,
            "The bibcode, its 19 characters (the canonical form).",
        ),
        Field::new("year", FieldType::Str, "The year of publication (YYYY)."),
        Field::new(
            "journal",
            FieldType::Str,
            "The journal's abbreviation (JJJJJ) without its padding periods: ApJ, A&A, MNRAS …",
        ),
        Field::new(
            "volume",
            FieldType::OptStr,
            "The volume (VVVV) without its padding; null when the field is only periods.",
        ),
        Field::new(
            "qualifier",
            FieldType::OptStr,
            "The qualifier (M): L for Letters, P, an issue letter, Q-Z to tell codes apart; null for '.' or a digit continuing the page.",
        ),
        Field::new(
            "page",
            FieldType::OptStr,
            "The page (PPPP, with the qualifier's digit of pages over 9999) without its padding; null when only periods.",
        ),
        Field::new(
            "initial",
            FieldType::OptStr,
            "The first letter of the first author's last name (A); null for '.'.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The abstract page at the ADS, https://ui.adsabs.harvard.edu/abs/…/abstract.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.bibcode),
            1 => Value::Str(&self.year),
            2 => Value::Str(&self.journal),
            3 => Value::opt(self.volume.as_deref()),
            4 => Value::opt(self.qualifier.as_deref()),
            5 => Value::opt(self.page.as_deref()),
            6 => Value::opt(self.initial.as_deref()),
            7 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
