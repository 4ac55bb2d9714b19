//! The errors of IVOA identifiers (IVOA Identifiers 2.0 §2), one row each; and the warning
//! codes of the IVOID checks.

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of an IVOID, at a byte offset of the input.
pub type IvoParseError = Error<IvoError>;

error_enum! {
    /// What is wrong with an IVOID (each invalid example of §2 has its own code).
    ///
    /// ```
    /// use pidkit::ivo::{Ivoid, IvoError};
    /// let e = Ivoid::parse("ivo://a/b").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code()), (IvoError::AuthorityTooShort, "ivo-authority-too-short"));
    /// ```
    pub enum IvoError {
        /// Not an IVOID: the scheme is not `ivo` (case-insensitive, §2.3.1).
        Scheme => "ivo-scheme", "not an IVOID: the scheme must be 'ivo' (IVOA Identifiers §2.3.1)";
        /// A relative reference: there are no relative IVOIDs (§2.4).
        Relative => "ivo-relative",
            "there are no relative IVOIDs: an IVOID starts with 'ivo://' (§2.4)";
        /// No authority: an IVOID starts `ivo://` and an authority (§2.1).
        NoAuthority => "ivo-no-authority", "an IVOID has an authority: it starts with 'ivo://' (§2.1)";
        /// The authority has fewer than three characters (§2.3.2).
        AuthorityTooShort => "ivo-authority-too-short",
            "the authority must have at least three characters (§2.3.2)";
        /// The authority does not start with a letter or digit (§2.3.2).
        AuthorityStart => "ivo-authority-start",
            "the authority must start with a letter or digit (§2.3.2)";
        /// Percent-encoding in the authority (§2.3.2), even of unreserved characters.
        AuthorityPercent => "ivo-authority-percent",
            "percent-encoding is not allowed in the authority, even of unreserved characters (§2.3.2)";
        /// A character outside `unreserved` in the authority (§2.3.2).
        AuthorityChar(c: char) => "ivo-authority-char", format!(
            "character {} is not allowed in the authority: only letters, digits, '-', '.', '_' and '~' (§2.3.2)",
            describe(*c)
        );
        /// A port: IVOIDs have none (§2.3.2).
        Port => "ivo-port", "an IVOID has no port (§2.3.2)",
            hint: "remove the port: IVOIDs are not network locations";
        /// A literal `@` anywhere (no userinfo, §2.2, §2.3.2).
        AtSign => "ivo-at-sign", "'@' must not occur literally in an IVOID: there is no userinfo (§2.2)";
        /// A literal `[` or `]` anywhere (§2.2).
        Bracket(c: char) => "ivo-bracket",
            format!("{} must not occur literally in an IVOID (§2.2)", describe(*c));
        /// A non-empty resource key that does not start with `/` (only `path-abempty`, §2.3.3).
        KeyNotAbempty => "ivo-key-not-abempty", "a non-empty resource key must start with '/' (§2.3.3)";
        /// An empty resource key segment: `//`, a trailing `/`, or the key `/` (§2.3.3).
        KeyEmptySegment => "ivo-key-empty-segment",
            "empty resource key segments ('//', a trailing '/', or the key '/') are forbidden (§2.3.3)",
            hint: "remove the extra '/'";
        /// A resource key segment `.` or `..` (§2.3.3).
        KeyDotSegment => "ivo-key-dot-segment", "resource key segments '.' and '..' are forbidden (§2.3.3)";
        /// Percent-encoding in the resource key (§2.3.3).
        KeyPercent => "ivo-key-percent", "percent-encoding is not allowed in the resource key (§2.3.3)";
        /// A character that a resource key segment may not contain (`:`, `@`, … §2.3.3).
        KeyChar(c: char) => "ivo-key-char", format!(
            "character {} is not allowed in the resource key (§2.3.3: unreserved and sub-delims only, no ':' or '@')",
            describe(*c)
        );
        /// A sub-delimiter in the resource key: no IVOA standard defines one yet (§2.2, §2.3.3).
        /// Reported as an error only by the strict parser; otherwise a warning.
        KeySubDelim(c: char) => "ivo-key-sub-delim", format!(
            "{} is a sub-delimiter: no IVOA standard defines its use in resource keys yet (§2.2)",
            describe(*c)
        );
        /// A percent-encoded unreserved character (§2.2: they MUST NOT be encoded).
        EncodedUnreserved(c: char) => "ivo-encoded-unreserved",
            format!("{} is unreserved and must not be percent-encoded (§2.2)", describe(*c)),
            hint: format!("write {} literally", describe(*c));
        /// Percent-encoded octets in the query or fragment that are not UTF-8 (§2.2).
        BadUtf8 => "ivo-bad-utf8", "percent-encoded text in the query or fragment must be UTF-8 (§2.2)";
        /// An error of the generic syntax (`empty`, `bad-percent`, `invalid-char` …).
        Iri(e: IriError) => e.code(), e, hint_if: e.hint();
    }
}

impl From<IriError> for IvoError {
    fn from(e: IriError) -> Self {
        IvoError::Iri(e)
    }
}

impl From<Error<IriError>> for IvoParseError {
    fn from(e: Error<IriError>) -> Self {
        e.widen()
    }
}

/// The codes of the IVOID checks ([`super::Ivoid::warnings`]), one constant each, all `ivo-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// `~` in the authority (Identifiers 2.0 §2.3.2).
    pub const AUTHORITY_TILDE: WarningCode = WarningCode::new("ivo-authority-tilde");
    /// A sub-delimiter in the resource key (§2.2).
    pub const KEY_SUB_DELIM: WarningCode = WarningCode::new("ivo-key-sub-delim");
    /// `#` right after a non-standard Registry part: the deprecated dataset form (§4.1).
    pub const FRAGMENT_DID: WarningCode = WarningCode::new("ivo-fragment-did");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[AUTHORITY_TILDE, KEY_SUB_DELIM, FRAGMENT_DID];
}
