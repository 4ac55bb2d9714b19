//! The errors and warning codes of PubMed Central identifiers, one row each.

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of a PMCID, at a byte offset of the input.
pub type PmcidParseError = Error<PmcidError>;

error_enum! {
    /// What is wrong with a PMCID. Every code starts `pmcid-`. A PMCID is `PMC` and the article's
    /// number in PubMed Central (`PMC243493`), as PMC and NIH's public access policy write it
    /// ("PMCID: PMC243493").
    ///
    /// ```
    /// use pidkit::pmcid::{Pmcid, PmcidError};
    /// let e = Pmcid::parse("PMCID: 243493").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset, e.len), (PmcidError::Prefix("PMC243493".into()), "pmcid-prefix", 7, 0));
    /// assert_eq!(e.hint().as_deref(), Some("write PMC243493"));
    /// ```
    pub enum PmcidError {
        /// Nothing but whitespace, or a label or URL with no PMCID after it.
        Empty => "pmcid-empty",
            "no PMCID: a PMCID is PMC and a number, such as PMC243493";
        /// `PMCID` not followed by `:` or a space.
        Label => "pmcid-label",
            "the label 'PMCID' is followed by ':' or a space, then the PMCID",
            hint: "PMCID: PMC243493";
        /// A number without the `PMC` that starts every PMCID (`PMCID: 243493`).
        Prefix(fixed: String) => "pmcid-prefix",
            "a PMCID starts with 'PMC': the number alone is not one (and a bare number reads as a PMID)",
            hint: format!("write {fixed}");
        /// `PMC` with no number after it.
        NumberMissing => "pmcid-number-missing",
            "'PMC' must be followed by the article's number, as in PMC243493";
        /// A character that is not a digit where the number is (or not `PMC` where it starts).
        Char(c: char) => "pmcid-char",
            format!(
                "character {} is not allowed here: a PMCID is PMC followed by digits",
                describe(*c)
            ),
            hint_if: char_hint(*c);
        /// The number zero: PMC numbers start at 1.
        Zero => "pmcid-zero",
            "PMC0 names no article: PMC numbers start at 1";
        /// A URL whose host is not PMC's.
        UrlHost(host: String) => "pmcid-url-host",
            format!("'{host}' is not PubMed Central: a PMC URL is at pmc.ncbi.nlm.nih.gov (or the legacy www.ncbi.nlm.nih.gov/pmc/)"),
            hint: "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/";
        /// A PMC URL whose path is not an article's: `/articles/PMCn/` at pmc.ncbi.nlm.nih.gov,
        /// `/pmc/articles/PMCn/` at www.ncbi.nlm.nih.gov.
        UrlPath => "pmcid-url-path",
            "a PMC URL names an article by its path: /articles/PMCn/ at pmc.ncbi.nlm.nih.gov, /pmc/articles/PMCn/ at www.ncbi.nlm.nih.gov",
            hint: "https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/";
        /// The URL is not a valid IRI (a character its query or fragment cannot hold).
        UrlInvalid(e: IriError) => "pmcid-url-invalid",
            format!("the PMC URL is not a valid URL: {e}"),
            hint_if: e.hint();
    }
}

/// A hint for a character where a digit belongs.
fn char_hint(c: char) -> Option<String> {
    match c {
        'O' | 'o' => Some("the letter O where a zero belongs?".into()),
        'l' | 'I' => Some(format!("the letter {c} where a one belongs?")),
        '/' => Some(
            "the PMCID ends with its number: a path after it (/pdf/…) names a file, not the article"
                .into(),
        ),
        c if c.is_whitespace() => {
            Some("remove it: a PMCID holds no whitespace (a line break or a copied space?)".into())
        }
        _ => None,
    }
}

impl From<Error<IriError>> for PmcidParseError {
    fn from(e: Error<IriError>) -> Self {
        Error {
            kind: PmcidError::UrlInvalid(e.kind),
            offset: e.offset,
            len: e.len,
        }
    }
}

/// The codes of the checks of PMCIDs ([`super::Pmcid::warnings`]), one constant each, all
/// `pmcid-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends before or after the PMCID as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("pmcid-surrounding-space");
    /// `PMC` not in upper case (`pmc243493`): PMC writes it `PMC`; upper-cased in the normal
    /// form.
    pub const PREFIX_CASE: WarningCode = WarningCode::new("pmcid-prefix-case");
    /// Leading zeros in the number (`PMC0243493`): PMC writes none; left out of the normal
    /// form.
    pub const LEADING_ZERO: WarningCode = WarningCode::new("pmcid-leading-zero");
    /// The legacy PMC URL `www.ncbi.nlm.nih.gov/pmc/articles/PMCn/`: PMC moved to
    /// `pmc.ncbi.nlm.nih.gov` in 2024, and the old address redirects.
    pub const LEGACY_URL: WarningCode = WarningCode::new("pmcid-legacy-url");
    /// A query after a PMC URL: not part of the PMCID.
    pub const URL_QUERY: WarningCode = WarningCode::new("pmcid-url-query");
    /// A fragment after a PMC URL: not part of the PMCID.
    pub const URL_FRAGMENT: WarningCode = WarningCode::new("pmcid-url-fragment");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        SURROUNDING_SPACE,
        PREFIX_CASE,
        LEADING_ZERO,
        LEGACY_URL,
        URL_QUERY,
        URL_FRAGMENT,
    ];
}
