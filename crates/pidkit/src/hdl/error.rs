//! The errors of handle names and their written forms (RFC 3651 §2.1; RFC 4452; the HDL.NET
//! proxy), one row each; and the warning codes of the Handle checks.

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of a handle in one of its written forms, at a byte offset of the input.
pub type HdlParseError = Error<HdlError>;

error_enum! {
    /// What is wrong with a handle name, an `hdl:` or `info:hdl/` URI, or a proxy URL.
    ///
    /// ```
    /// use pidkit::hdl::{Handle, HdlError};
    /// let e = Handle::parse("20.500.12345").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (HdlError::MissingSlash, "hdl-missing-slash", 12));
    /// ```
    pub enum HdlError {
        /// A handle has no `/` between its prefix and its local name (RFC 3651 §2.1).
        MissingSlash => "hdl-missing-slash",
            "a handle needs a '/' between its prefix and its local name",
            hint: "a handle is prefix/local-name, e.g. 20.500.12345/abc";
        /// The prefix (the naming authority) is empty: `/abc`.
        EmptyPrefix => "hdl-empty-prefix", "the handle prefix (naming authority) is empty";
        /// A `.`-separated segment of the prefix is empty: `20..500/x`, `.20/x`, `20./x`.
        EmptyPrefixSegment => "hdl-empty-prefix-segment",
            "empty prefix segment: the segments of a handle prefix are separated by single '.' and none is empty";
        /// The local name (after the first `/`) is empty: `20.500.12345/`.
        EmptyLocalName => "hdl-empty-local-name", "the local name of the handle is empty";
        /// A code point that is not printable (control, format, private use, unassigned, line or
        /// paragraph separator).
        NotPrintable(c: char) => "hdl-not-printable",
            format!("{} is not a printable character and cannot be part of a handle", describe(*c));
        /// Percent-encoded bytes that do not decode to UTF-8 text (RFC 3651 §2.1.4: handles are UTF-8).
        BadUtf8 => "hdl-bad-utf8", "percent-encoded bytes that are not UTF-8 text";
        /// A `?` in an `info:hdl/` URI: RFC 4452 has no query (its identifier is `*( pchar / "/" )`).
        InfoQuery => "hdl-info-query", "an info: URI has no query component (RFC 4452)",
            hint: "percent-encode a '?' of the handle as %3F";
        /// A URI of another scheme or a URL of another host, or (read as a bare name) a prefix
        /// that starts like a URI scheme (`doi:10.1000/182`).
        NotHdl => "hdl-not-hdl",
            "not a handle: none of the forms a handle is written in",
            hint: "a handle is written 20.500.12345/abc, hdl:20.500.12345/abc, info:hdl/20.500.12345/abc or https://hdl.handle.net/20.500.12345/abc";
        /// An error of the generic syntax in a URI form of the handle (`empty`, `bad-percent` …).
        Iri(e: IriError) => e.code(), e, hint_if: e.hint();
    }
}

impl From<IriError> for HdlError {
    fn from(e: IriError) -> Self {
        HdlError::Iri(e)
    }
}

impl From<Error<IriError>> for HdlParseError {
    fn from(e: Error<IriError>) -> Self {
        e.widen()
    }
}

/// The codes of the Handle checks ([`super::warnings()`] and [`super::Recognized::warnings`]), one
/// constant each, all `hdl-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// The handle is a DOI (prefix `10.` or `10`): DOI rules apply, and `doi:` names it too.
    pub const DOI: WarningCode = WarningCode::new("hdl-doi");
    /// A space in a handle (valid, but usually a copy error; running text ends a handle there).
    pub const SPACE: WarningCode = WarningCode::new("hdl-space");
    /// Whitespace before or after the handle as written: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("hdl-surrounding-space");
    /// A trailing `/`: valid, but unusual (the HDL.NET proxy warns about it).
    pub const TRAILING_SLASH: WarningCode = WarningCode::new("hdl-trailing-slash");
    /// A `.` or `..` segment in the local name: URL parsers remove it (RFC 3986 §5.2.4).
    pub const DOT_SEGMENT: WarningCode = WarningCode::new("hdl-dot-segment");
    /// Scripts that do not belong together, UTS #39 Highly Restrictive.
    pub const MIXED_SCRIPT: WarningCode = WarningCode::new("hdl-mixed-script");
    /// A character that renders like ASCII punctuation (U+2010, U+2212, fullwidth forms …).
    pub const CONFUSABLE_PUNCTUATION: WarningCode = WarningCode::new("hdl-confusable-punctuation");
    /// Text not in Unicode NFC: handles are compared without normalization.
    pub const NOT_NFC: WarningCode = WarningCode::new("hdl-not-nfc");
    /// A query after the handle in a URI or URL (proxy parameters such as `?noredirect`,
    /// `?locatt=`, API parameters): not part of the handle.
    pub const QUERY: WarningCode = WarningCode::new("hdl-query");
    /// A fragment after the handle in a URI or URL: not part of the handle.
    pub const FRAGMENT: WarningCode = WarningCode::new("hdl-fragment");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        DOI,
        SPACE,
        SURROUNDING_SPACE,
        TRAILING_SLASH,
        DOT_SEGMENT,
        MIXED_SCRIPT,
        CONFUSABLE_PUNCTUATION,
        NOT_NFC,
        QUERY,
        FRAGMENT,
    ];
}
