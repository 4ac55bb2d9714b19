//! The errors and warning codes of VIAF identifiers (OCLC, VIAF Authority Cluster), one row
//! each.

use crate::error::{Error, describe, error_enum};

/// An error of a VIAF identifier, at a byte offset of the input.
pub type ViafParseError = Error<ViafError>;

error_enum! {
    /// What is wrong with a VIAF identifier in one of its written forms. Every code starts
    /// `viaf-`.
    ///
    /// ```
    /// use pidkit::viaf::{ViafId, ViafError};
    /// let e = ViafId::parse("viaf:0102333412").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (ViafError::LeadingZero, "viaf-leading-zero", 5));
    /// ```
    pub enum ViafError {
        /// Nothing that reads as a VIAF identifier: empty, or a URL of another site.
        NotViaf => "viaf-not-viaf",
            "not a VIAF identifier: expected viaf:102333412 or https://viaf.org/viaf/102333412/ (OCLC, VIAF Authority Cluster)",
            hint: "a VIAF cluster is named by its number, written viaf:N or https://viaf.org/viaf/N/";
        /// No number after the label or in the URL.
        Empty => "viaf-empty",
            "the VIAF cluster number is missing (OCLC, VIAF Authority Cluster)";
        /// A character other than a digit in the number.
        Char(c: char) => "viaf-char",
            format!("{} cannot appear in a VIAF identifier: it is a decimal number (OCLC, VIAF Authority Cluster)", describe(*c)),
            hint_if: (*c == ' ').then(|| String::from("remove the space"));
        /// A number that starts with `0`.
        LeadingZero => "viaf-leading-zero",
            "a VIAF cluster number does not start with 0 (OCLC, VIAF Authority Cluster)",
            hint: "remove the leading zeros";
        /// A number of more than 22 digits, the longest VIAF gives.
        TooLong => "viaf-too-long",
            "a VIAF cluster number has at most 22 digits (OCLC, VIAF)";
        /// A viaf.org URL that names no cluster: a source record (`/viaf/sourceID/…`), an LCCN
        /// lookup (`/viaf/lccn/…`), a search.
        Url => "viaf-url",
            "this viaf.org URL names no VIAF cluster: https://viaf.org/viaf/ and the cluster's number (OCLC, VIAF Authority Cluster: sourceID and lccn URLs redirect to a cluster)",
            hint: "follow the redirect to the cluster, or write https://viaf.org/viaf/N/";
    }
}

/// The codes of the VIAF checks, all `viaf-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the identifier as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("viaf-surrounding-space");
    /// What follows the cluster in a URL (`/viaf.xml`, `/justlinks.json`, a query): a view of
    /// the cluster, not part of its identifier; left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("viaf-url-extra");
    /// The 2009 URL form `http://viaf.org/N`, which VIAF redirects to `/viaf/N`.
    pub const OLD_URL: WarningCode = WarningCode::new("viaf-old-url");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, URL_EXTRA, OLD_URL];
}

impl ViafError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> ViafParseError {
        Error::new(self, offset, len)
    }
}
