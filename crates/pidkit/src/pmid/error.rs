//! The errors and warning codes of PubMed identifiers (MEDLINE/PubMed Data Element (Field)
//! Descriptions, "PMID"), one row each.

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of a PMID, at a byte offset of the input.
pub type PmidParseError = Error<PmidError>;

error_enum! {
    /// What is wrong with a PMID. Every code starts `pmid-`; the messages cite NLM's
    /// definition: "a 1- to 8-digit accession number with no leading zeros" (MEDLINE/PubMed Data
    /// Element (Field) Descriptions, <https://www.nlm.nih.gov/bsd/mms/medlineelements.html#pmid>).
    ///
    /// ```
    /// use pidkit::pmid::{Pmid, PmidError};
    /// let e = Pmid::parse("PMID: 123456789").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset, e.len), (PmidError::TooLong, "pmid-too-long", 6, 9));
    /// ```
    pub enum PmidError {
        /// Nothing but whitespace, or a label or URL with no number after it.
        Empty => "pmid-empty",
            "no PMID: a PMID is a number of 1 to 8 digits (MEDLINE/PubMed Data Element Descriptions, PMID)";
        /// `PMID` not followed by `:` or a space.
        Label => "pmid-label",
            "the label 'PMID' is followed by ':' or a space, then the number",
            hint: "PMID: 15626865";
        /// A character that is not a digit where the number is.
        Char(c: char) => "pmid-char",
            format!(
                "character {} is not allowed in a PMID: it is digits only (MEDLINE/PubMed Data Element Descriptions, PMID)",
                describe(*c)
            ),
            hint_if: char_hint(*c);
        /// More than eight digits (leading zeros not counted).
        TooLong => "pmid-too-long",
            "a PMID has at most 8 digits (MEDLINE/PubMed Data Element Descriptions, PMID: a 1- to 8-digit accession number)";
        /// The number zero: PMIDs start at 1.
        Zero => "pmid-zero",
            "PMID 0 names no record: PMIDs are assigned from 1 (MEDLINE/PubMed Data Element Descriptions, PMID)";
        /// A URL whose host is not PubMed's.
        UrlHost(host: String) => "pmid-url-host",
            format!("'{host}' is not PubMed: a PubMed URL is at pubmed.ncbi.nlm.nih.gov (or the legacy www.ncbi.nlm.nih.gov/pubmed/)"),
            hint: "https://pubmed.ncbi.nlm.nih.gov/15626865/";
        /// A PubMed URL whose path is not the record's: `/N/` at pubmed.ncbi.nlm.nih.gov,
        /// `/pubmed/N` at www.ncbi.nlm.nih.gov.
        UrlPath => "pmid-url-path",
            "a PubMed URL names a record by its path: /N/ at pubmed.ncbi.nlm.nih.gov, /pubmed/N at www.ncbi.nlm.nih.gov",
            hint: "https://pubmed.ncbi.nlm.nih.gov/15626865/";
        /// The URL is not a valid IRI (a character its query or fragment cannot hold).
        UrlInvalid(e: IriError) => "pmid-url-invalid",
            format!("the PubMed URL is not a valid URL: {e}"),
            hint_if: e.hint();
    }
}

/// A hint for a character where a digit belongs.
fn char_hint(c: char) -> Option<String> {
    match c {
        'O' | 'o' => Some("the letter O where a zero belongs?".into()),
        'l' | 'I' => Some(format!("the letter {c} where a one belongs?")),
        '/' => Some("remove the '/': only PubMed URLs end with one".into()),
        c if c.is_whitespace() => {
            Some("remove it: a PMID holds no whitespace (a line break or a copied space?)".into())
        }
        _ => None,
    }
}

impl From<Error<IriError>> for PmidParseError {
    fn from(e: Error<IriError>) -> Self {
        Error {
            kind: PmidError::UrlInvalid(e.kind),
            offset: e.offset,
            len: e.len,
        }
    }
}

/// The codes of the checks of PMIDs ([`super::Pmid::warnings`]), one constant each, all
/// `pmid-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends before or after the PMID as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("pmid-surrounding-space");
    /// Leading zeros: PMIDs have none (MEDLINE/PubMed Data Element Descriptions, PMID); left
    /// out of the normal form.
    pub const LEADING_ZERO: WarningCode = WarningCode::new("pmid-leading-zero");
    /// The legacy PubMed URL `www.ncbi.nlm.nih.gov/pubmed/N`: PubMed moved to
    /// `pubmed.ncbi.nlm.nih.gov` in 2020, and the old address redirects.
    pub const LEGACY_URL: WarningCode = WarningCode::new("pmid-legacy-url");
    /// A query after a PubMed URL: not part of the PMID.
    pub const URL_QUERY: WarningCode = WarningCode::new("pmid-url-query");
    /// A fragment after a PubMed URL: not part of the PMID.
    pub const URL_FRAGMENT: WarningCode = WarningCode::new("pmid-url-fragment");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        SURROUNDING_SPACE,
        LEADING_ZERO,
        LEGACY_URL,
        URL_QUERY,
        URL_FRAGMENT,
    ];
}
