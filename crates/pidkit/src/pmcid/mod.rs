//! PubMed Central identifiers (PMCIDs): `PMC` and the article's number in PubMed Central, as
//! PMC prints it on every article and as NIH's public access policy asks citations to end
//! with it ("PMCID: PMC243493"; NIH Public Access Policy, "Include PMCID in Citations",
//! <https://publicaccess.nih.gov/include-pmcid-citations.htm>).
//!
//! The written forms read: the PMCID alone (`PMC243493`); with the label `PMCID:` (any case,
//! spaces after the colon allowed) or `PMCID `; PMC's article page
//! `https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/` (the host PMC moved to in 2024, with or
//! without the final `/`, also `http`) and the legacy
//! `https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493/`, which redirects.
//!
//! The normal form is the PMCID itself, `PMC` in upper case and the number without leading
//! zeros (`PMC243493`); PMC's page is `--pid-form url`. A PMCID is not a PMID: the same number
//! names different papers in PubMed and in PMC, and a bare number is read as a PMID.
//!
//! ```
//! use pidkit::pmcid::Pmcid;
//!
//! let p = Pmcid::parse("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493/")?;
//! assert_eq!((p.number(), p.key().as_ref()), ("243493", "PMC243493"));
//! assert_eq!(p.url(), "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/");
//! assert_eq!(Pmcid::parse("pmc243493")?.key(), "PMC243493"); // lower case: warned
//!
//! let e = Pmcid::parse("PMCID: PMC24349x").unwrap_err();
//! assert_eq!((e.code(), e.offset, e.len), ("pmcid-char", 15, 1));
//! # Ok::<(), pidkit::pmcid::PmcidParseError>(())
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

pub use error::{PmcidError, PmcidParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use scheme::PmcidScheme;
pub use syntax::{PmcidForm, claims};

use syntax::Spans;

/// Where [`Pmcid::url`] points: PMC's article pages.
pub const PMC_ARTICLES: &str = "https://pmc.ncbi.nlm.nih.gov/articles/";

/// A PMCID read from text, borrowing it.
///
/// Decisions where PMC leaves a choice:
///
/// - **Case**: `pmc243493` is read, warned (`pmcid-prefix-case`) and upper-cased in the normal
///   form.
/// - **Leading zeros** in the number are read, warned (`pmcid-leading-zero`) and left out of
///   the normal form; `PMC0` is an error. PMC publishes no limit on the number of digits, so
///   none is imposed.
/// - **A number without `PMC`** (`PMCID: 243493`) is an error whose hint adds it.
/// - **Surrounding whitespace** (ASCII) is left out and warned (`pmcid-surrounding-space`).
/// - **URLs**: the article page only (a path after the PMCID, such as `/pdf/…`, names a file of
///   the article and is not read); a query or fragment is read, warned and left out; the
///   legacy address is warned.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Pmcid::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pmcid<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Pmcid<'a> {
    /// Read a PMCID in any of its written forms.
    ///
    /// ```
    /// use pidkit::pmcid::Pmcid;
    /// assert!(Pmcid::parse("PMCID: PMC243493").is_ok());
    /// assert_eq!(Pmcid::parse("PMC").unwrap_err().code(), "pmcid-number-missing");
    /// ```
    pub fn parse(s: &'a str) -> Result<Pmcid<'a>, PmcidParseError> {
        Ok(Pmcid {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// How it was written.
    pub fn form(&self) -> PmcidForm {
        self.spans.form
    }

    /// The number without leading zeros (`243493`).
    pub fn number(&self) -> &'a str {
        self.slice(self.spans.number, self.spans.digits.1)
    }

    /// The PMCID as written, `PMC` and digits (`pmc0243493`).
    pub fn written(&self) -> &'a str {
        self.slice(self.spans.prefix, self.spans.digits.1)
    }

    /// The normal form: `PMC` and the number without leading zeros. Equal keys ⇔ the same
    /// PMCID. Borrowed when the input holds it so.
    ///
    /// ```
    /// use pidkit::pmcid::Pmcid;
    /// let k = |s| Pmcid::parse(s).unwrap().key().into_owned();
    /// assert_eq!(k(" pmcid: Pmc00042 "), "PMC42");
    /// assert_eq!(k("PMC42"), k("https://pmc.ncbi.nlm.nih.gov/articles/PMC42"));
    /// ```
    pub fn key(&self) -> Cow<'a, str> {
        let sp = &self.spans;
        let written = self.written();
        if sp.number == sp.digits.0 && written.starts_with("PMC") {
            return Cow::Borrowed(written);
        }
        Cow::Owned(format!("PMC{}", self.number()))
    }

    /// PMC's page for the article: `https://pmc.ncbi.nlm.nih.gov/articles/PMCn/`.
    pub fn url(&self) -> String {
        format!("{PMC_ARTICLES}PMC{}/", self.number())
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
    /// let p = pidkit::pmcid::Pmcid::parse("PMCID: pmc243493")?.parts();
    /// assert_eq!((p.id.as_ref(), p.number), ("PMC243493", "243493"));
    /// assert_eq!(p.url, "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/");
    /// # Ok::<(), pidkit::pmcid::PmcidParseError>(())
    /// ```
    pub fn parts(&self) -> PmcidParts<'a> {
        PmcidParts {
            id: self.key(),
            number: self.number(),
            url: self.url(),
        }
    }

    /// Valid but worth a look ([`codes`]): surrounding whitespace, the case of `PMC`, leading
    /// zeros, the legacy URL, a URL's query or fragment.
    ///
    /// ```
    /// use pidkit::pmcid::Pmcid;
    /// let codes = |s| Pmcid::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert!(codes("PMCID: PMC243493").is_empty());
    /// assert_eq!(codes("https://www.ncbi.nlm.nih.gov/pmc/articles/pmc0243493/#sec1"),
    ///     ["pmcid-prefix-case", "pmcid-leading-zero", "pmcid-legacy-url", "pmcid-url-fragment"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let s = self.input;
        let sp = &self.spans;
        let mut out = crate::scheme::space_warnings(s, codes::SURROUNDING_SPACE, "PMCID");
        let prefix = self.slice(sp.prefix, sp.prefix + 3);
        if prefix != "PMC" {
            out.push(Warning::new(
                codes::PREFIX_CASE,
                sp.prefix,
                3,
                format!("'{prefix}': PMC writes the prefix of its identifiers 'PMC'"),
            ));
        }
        if sp.number > sp.digits.0 {
            out.push(Warning::new(
                codes::LEADING_ZERO,
                sp.digits.0,
                sp.number - sp.digits.0,
                format!(
                    "leading zeros in the number: PMC writes none; the PMCID is PMC{}",
                    self.number()
                ),
            ));
        }
        if sp.form == PmcidForm::LegacyUrl {
            out.push(Warning::new(
                codes::LEGACY_URL,
                sp.lo,
                sp.prefix - sp.lo,
                format!(
                    "the legacy PMC address: PMC moved to pmc.ncbi.nlm.nih.gov in 2024 ({})",
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
                    "the query '?{}' of the URL is not part of the PMCID: left out of it",
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
                    "the fragment '#{}' of the URL is not part of the PMCID: left out of it",
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

impl fmt::Display for Pmcid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Pmcid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pmcid({:?})", self.input)
    }
}

/// The parts of a PMCID as the CLI's JSON object `"pmcid"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PmcidParts<'a> {
    /// The PMCID in its normal form.
    pub id: Cow<'a, str>,
    /// Its number, without leading zeros.
    pub number: &'a str,
    /// PMC's page for the article.
    pub url: String,
}

impl crate::scheme::Fields for PmcidParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The PMCID: PMC and the number without leading zeros (PMC243493).",
        ),
        Field::new(
            "number",
            FieldType::Str,
            "The article's number in PubMed Central, without PMC and leading zeros.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The article's page at PMC (https://pmc.ncbi.nlm.nih.gov/articles/PMCn/).",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::Str(self.number),
            2 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
