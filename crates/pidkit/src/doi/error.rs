//! The errors of DOI names and `doi:` URIs (DOI Handbook §2, doi URI scheme §2–§3), one row
//! each; and the warning codes of the DOI checks (doi URI scheme §6).

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of a DOI in one of its written forms, at a byte offset of the input.
pub type DoiParseError = Error<DoiError>;

error_enum! {
    /// What is wrong with a DOI name, a `doi:` URI, or another written form of a DOI.
    ///
    /// ```
    /// use pidkit::doi::{Doi, DoiError};
    /// let e = Doi::parse("10.1000").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code()), (DoiError::MissingSlash, "doi-missing-slash"));
    /// ```
    pub enum DoiError {
        /// A DOI name has no `/` between prefix and suffix.
        MissingSlash => "doi-missing-slash",
            "a DOI name needs a '/' between its prefix and its suffix",
            hint: "a DOI name is prefix/suffix, e.g. 10.1000/182";
        /// The DOI prefix does not start with the directory indicator `10` followed by `.`.
        DirectoryIndicator => "doi-directory-indicator",
            "a DOI prefix starts with the directory indicator '10.'",
            hint: "a DOI prefix is 10. followed by the registrant code, e.g. 10.1000";
        /// The registrant code (after `10.`) or one of its dot-separated parts is empty.
        EmptyRegistrantPart => "doi-empty-registrant-part",
            "empty registrant code: every part of the prefix after '10' must be non-empty";
        /// The DOI prefix is empty.
        EmptyPrefix => "doi-empty-prefix", "the DOI prefix is empty";
        /// The DOI suffix is empty.
        EmptySuffix => "doi-empty-suffix", "the DOI suffix is empty";
        /// A code point that is not of the Unicode Graphic type (control, format, private use, …).
        NotGraphic(c: char) => "doi-not-graphic",
            format!("{} is not a graphic character and cannot be part of a DOI name", describe(*c));
        /// A `?` query in a `doi:` URI (allowed only by the 2003 draft: legacy profile).
        Query => "doi-query", "a doi: URI has no query component",
            hint: "percent-encode it (%3F, %23) if it belongs to the DOI name; the 2003 draft's query and fragment need the legacy profile";
        /// A `#` fragment in a `doi:` URI (allowed only by the 2003 draft: legacy profile).
        Fragment => "doi-fragment", "a doi: URI has no fragment component",
            hint: "percent-encode it (%3F, %23) if it belongs to the DOI name; the 2003 draft's query and fragment need the legacy profile";
        /// A second literal `/` in a `doi:` URI: inside the suffix it must be written `%2F`.
        UnencodedSlash => "doi-unencoded-slash",
            "a '/' inside the DOI suffix must be percent-encoded in a doi: URI",
            hint: "write a '/' inside the suffix as %2F";
        /// The `/` that separates prefix and suffix is percent-encoded in a `doi:` URI.
        EncodedSeparator => "doi-encoded-separator",
            "the '/' between DOI prefix and suffix must not be percent-encoded in a doi: URI",
            hint: "write the '/' between prefix and suffix literally, not as %2F";
        /// Percent-encoded bytes that do not decode to UTF-8 text.
        BadUtf8 => "doi-bad-utf8", "percent-encoded bytes that are not UTF-8 text";
        /// A resolver URL with nothing after the host (`https://doi.org/`).
        UrlWithoutName => "doi-url-without-name",
            "the URL names no DOI: a DOI name follows the resolver's host (https://doi.org/10.1000/182)";
        /// A URI or URL that is not one of the forms a DOI is written in.
        NotDoi => "doi-not-doi", "not a DOI: none of the forms a DOI name is written in";
        /// An error of the generic syntax in a URI form of the DOI (`empty`, `invalid-char` …).
        Iri(e: IriError) => e.code(), e, hint_if: e.hint();
    }
}

impl From<IriError> for DoiError {
    fn from(e: IriError) -> Self {
        DoiError::Iri(e)
    }
}

impl From<Error<IriError>> for DoiParseError {
    fn from(e: Error<IriError>) -> Self {
        e.widen()
    }
}

/// The codes of the DOI checks ([`super::warnings()`]), one constant each, all `doi-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// A shortDOI: an alias, to be resolved to the DOI it stands for.
    pub const SHORT: WarningCode = WarningCode::new("doi-short");
    /// A registrant code that is not digits and dots (DOI Handbook §2.2).
    pub const UNUSUAL_PREFIX: WarningCode = WarningCode::new("doi-unusual-prefix");
    /// A space in a DOI name (DOI Handbook).
    pub const SPACE: WarningCode = WarningCode::new("doi-space");
    /// Whitespace before or after the DOI as written: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("doi-surrounding-space");
    /// Scripts that do not belong together, UTS #39 Highly Restrictive (doi URI scheme §6).
    pub const MIXED_SCRIPT: WarningCode = WarningCode::new("doi-mixed-script");
    /// A character that renders like ASCII punctuation (U+2010, U+2212, fullwidth forms …) (§6).
    pub const CONFUSABLE_PUNCTUATION: WarningCode = WarningCode::new("doi-confusable-punctuation");
    /// Text not in Unicode NFC (doi URI scheme §2 Note 1).
    pub const NOT_NFC: WarningCode = WarningCode::new("doi-not-nfc");
    /// A doi.org URL with a `?query` (`?noredirect` …): not part of the DOI name.
    pub const URL_QUERY: WarningCode = WarningCode::new("doi-url-query");
    /// A doi.org URL with a `#fragment`: not part of the DOI name.
    pub const URL_FRAGMENT: WarningCode = WarningCode::new("doi-url-fragment");
    /// A `.` or `..` segment in the suffix: URL parsers remove it (RFC 3986 §5.2.4), so a
    /// plain doi.org URL would name another DOI.
    pub const DOT_SEGMENT: WarningCode = WarningCode::new("doi-dot-segment");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        SHORT,
        UNUSUAL_PREFIX,
        SPACE,
        SURROUNDING_SPACE,
        MIXED_SCRIPT,
        CONFUSABLE_PUNCTUATION,
        NOT_NFC,
        URL_QUERY,
        URL_FRAGMENT,
        DOT_SEGMENT,
    ];
}
