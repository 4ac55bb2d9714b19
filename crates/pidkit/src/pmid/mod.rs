//! PubMed identifiers (PMIDs), to the letter of NLM's definition: "a 1- to 8-digit accession
//! number with no leading zeros" (MEDLINE/PubMed Data Element (Field) Descriptions, "PMID",
//! <https://www.nlm.nih.gov/bsd/mms/medlineelements.html#pmid>), assigned from 1.
//!
//! The written forms read: the number alone (`15626865`); with the label PubMed prints, `PMID:`
//! (`PMID: 15626865`, any case, spaces after the colon allowed) or `PMID ` (`PMID 15626865`, as
//! Wikipedia writes it); the info URI `info:pmid/15626865` (RFC 4452, the "info" registry's
//! `pmid` namespace); PubMed's record page `https://pubmed.ncbi.nlm.nih.gov/15626865/` (with or
//! without the final `/`, also `http`) and the legacy `https://www.ncbi.nlm.nih.gov/pubmed/15626865`,
//! which PubMed redirects since it moved in 2020.
//!
//! The normal form is `PMID:N`, the label as PubMed prints it, without the space, so that it
//! is one token; its number has no leading zeros. PubMed's URL is `--pid-form url`, the info URI
//! `--pid-form uri`.
//!
//! ```
//! use pidkit::pmid::Pmid;
//!
//! let p = Pmid::parse("https://pubmed.ncbi.nlm.nih.gov/15626865/")?;
//! assert_eq!((p.number(), p.key().as_ref()), ("15626865", "PMID:15626865"));
//! assert_eq!(p.key(), Pmid::parse("PMID: 15626865")?.key());
//! assert_eq!(Pmid::parse("0015626865")?.key(), "PMID:15626865"); // leading zeros: warned
//!
//! let e = Pmid::parse("PMID: 1562686S").unwrap_err();
//! assert_eq!((e.code(), e.offset, e.len), ("pmid-char", 13, 1));
//! # Ok::<(), pidkit::pmid::PmidParseError>(())
//! ```

mod error;
mod extract;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{PmidError, PmidParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use scheme::PmidScheme;
pub use syntax::{MAX_DIGITS, PmidForm, claims};

use syntax::Spans;

/// Where [`Pmid::url`] points: PubMed's record pages.
pub const PUBMED: &str = "https://pubmed.ncbi.nlm.nih.gov/";

/// A PMID read from text, borrowing it.
///
/// Decisions where NLM leaves a choice:
///
/// - **Leading zeros** ("no leading zeros") are read, warned (`pmid-leading-zero`) and left out
///   of the normal form, so that a zero-padded column (`00012345`) compares equal to PubMed's
///   numbers; the number then has at most 8 digits after them. `0` alone is an error.
/// - **Nine digits and more** are an error, as NLM's definition says 1 to 8.
/// - **Surrounding whitespace** (ASCII) is left out and warned (`pmid-surrounding-space`).
/// - **URLs**: a query or fragment is read, warned and left out; the legacy address is warned.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Pmid::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pmid<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Pmid<'a> {
    /// Read a PMID in any of its written forms.
    ///
    /// ```
    /// use pidkit::pmid::Pmid;
    /// assert!(Pmid::parse("PMID 4957203").is_ok());
    /// assert_eq!(Pmid::parse("0").unwrap_err().code(), "pmid-zero");
    /// ```
    pub fn parse(s: &'a str) -> Result<Pmid<'a>, PmidParseError> {
        Ok(Pmid {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// How it was written.
    pub fn form(&self) -> PmidForm {
        self.spans.form
    }

    /// The number without leading zeros: the PMID's identity (`15626865`).
    pub fn number(&self) -> &'a str {
        self.slice(self.spans.number, self.spans.digits.1)
    }

    /// The digits as written, leading zeros included.
    pub fn digits(&self) -> &'a str {
        self.slice(self.spans.digits.0, self.spans.digits.1)
    }

    /// The number as an integer.
    pub fn value(&self) -> u32 {
        self.number().parse().unwrap_or(0)
    }

    /// The normal form `PMID:N`, the number without leading zeros: equal keys ⇔ the same
    /// PMID. Borrowed when the input is already so.
    ///
    /// ```
    /// use pidkit::pmid::Pmid;
    /// let k = |s| Pmid::parse(s).unwrap().key().into_owned();
    /// assert_eq!(k(" pmid:  00042 "), "PMID:42");
    /// assert_eq!(k("info:pmid/42"), k("https://www.ncbi.nlm.nih.gov/pubmed/42"));
    /// ```
    pub fn key(&self) -> Cow<'a, str> {
        let sp = &self.spans;
        if sp.lo == 0
            && sp.hi == self.input.len()
            && sp.number == 5
            && self.input.starts_with("PMID:")
        {
            return Cow::Borrowed(self.input);
        }
        Cow::Owned(format!("PMID:{}", self.number()))
    }

    /// PubMed's page for the record: `https://pubmed.ncbi.nlm.nih.gov/N/`.
    pub fn url(&self) -> String {
        format!("{PUBMED}{}/", self.number())
    }

    /// The info URI (RFC 4452): `info:pmid/N`.
    pub fn info_uri(&self) -> String {
        format!("info:pmid/{}", self.number())
    }

    /// The URL's query, without `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.spans.query.map(|(a, b)| self.slice(a, b))
    }

    /// The URL's fragment, without `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.spans.fragment.map(|(a, b)| self.slice(a, b))
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::pmid::Pmid::parse("PMID: 0015626865")?.parts();
    /// assert_eq!((p.id, p.url.as_str()), ("15626865", "https://pubmed.ncbi.nlm.nih.gov/15626865/"));
    /// # Ok::<(), pidkit::pmid::PmidParseError>(())
    /// ```
    pub fn parts(&self) -> PmidParts<'a> {
        PmidParts {
            id: self.number(),
            url: self.url(),
        }
    }

    /// Valid but worth a look ([`codes`]): surrounding whitespace, leading zeros, the legacy
    /// URL, a URL's query or fragment.
    ///
    /// ```
    /// use pidkit::pmid::Pmid;
    /// let codes = |s| Pmid::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert!(codes("PMID: 15626865").is_empty());
    /// assert_eq!(codes("https://www.ncbi.nlm.nih.gov/pubmed/015626865?dopt=Abstract"),
    ///     ["pmid-leading-zero", "pmid-legacy-url", "pmid-url-query"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let s = self.input;
        let sp = &self.spans;
        let mut out =
            crate::scheme::space_warnings(s, codes::SURROUNDING_SPACE, "PMID");
        if sp.number > sp.digits.0 {
            out.push(Warning::new(
                codes::LEADING_ZERO,
                sp.digits.0,
                sp.number - sp.digits.0,
                format!(
                    "leading zeros: a PMID has none (MEDLINE/PubMed Data Element Descriptions, PMID); the PMID is {}",
                    self.number()
                ),
            ));
        }
        if sp.form == PmidForm::LegacyUrl {
            out.push(Warning::new(
                codes::LEGACY_URL,
                sp.lo,
                sp.digits.0 - sp.lo,
                format!(
                    "the legacy PubMed address: PubMed moved to pubmed.ncbi.nlm.nih.gov in 2020 ({})",
                    self.url()
                ),
            ));
        }
        if let Some((q, end)) = sp.query {
            out.push(Warning::new(
                codes::URL_QUERY,
                q - 1,
                end - q + 1,
                format!(
                    "the query '?{}' of the URL is not part of the PMID: left out of it",
                    &s[q..end]
                ),
            ));
        }
        if let Some((f, end)) = sp.fragment {
            out.push(Warning::new(
                codes::URL_FRAGMENT,
                f - 1,
                end - f + 1,
                format!(
                    "the fragment '#{}' of the URL is not part of the PMID: left out of it",
                    &s[f..end]
                ),
            ));
        }
        out
    }

    fn slice(&self, from: usize, to: usize) -> &'a str {
        self.input.get(from..to).unwrap_or_default()
    }
}

impl fmt::Display for Pmid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Pmid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pmid({:?})", self.input)
    }
}

/// The parts of a PMID as the CLI's JSON object `"pmid"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PmidParts<'a> {
    /// The number without leading zeros.
    pub id: &'a str,
    /// PubMed's page for the record.
    pub url: String,
}

impl crate::scheme::Fields for PmidParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The PMID: its number, 1 to 8 digits without leading zeros.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The record's page at PubMed (https://pubmed.ncbi.nlm.nih.gov/N/).",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.id),
            1 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
