//! The errors of URNs (RFC 8141 §2, RFC 2141 §2), one row each; and the warning codes of the
//! URN checks.

use crate::error::{Error, describe, encode_hint, error_enum};
use crate::iri::IriError;

use super::syntax::{is_rfc2141_char, is_rfc8141_char};

/// An error of a URN, at a byte offset of the input.
pub type UrnParseError = Error<UrnError>;

error_enum! {
    /// What is wrong with a URN, by RFC 8141 (or RFC 2141 when read by it).
    ///
    /// ```
    /// use pidkit::urn::{Urn, UrnError};
    /// let e = Urn::parse("urn:x:a").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code()), (UrnError::NidTooShort, "urn-nid-too-short"));
    /// ```
    pub enum UrnError {
        /// Not a URN: the scheme is not `urn` (case-insensitive).
        Scheme => "urn-scheme", "not a URN: the scheme must be 'urn'";
        /// The namespace identifier is empty (`urn::x`, `urn:`).
        NidEmpty => "urn-nid-empty", "the namespace identifier (NID) after 'urn:' is empty";
        /// A character an NID may not contain (letters, digits and `-` only; both RFCs).
        NidChar(c: char) => "urn-nid-char", format!(
            "character {} is not allowed in a namespace identifier (letters, digits and '-' only)",
            describe(*c)
        );
        /// The NID starts with `-` (both RFCs require a letter or digit first).
        NidStart => "urn-nid-start",
            "a namespace identifier must start with a letter or digit, not '-'";
        /// The NID ends with `-`: RFC 2141 allows it, RFC 8141 does not.
        NidEnd => "urn-nid-end",
            "a namespace identifier must end with a letter or digit (RFC 8141 §2); RFC 2141 allowed a final '-'",
            hint: RFC2141_NID_HINT;
        /// A one-character NID: RFC 2141 allows it, RFC 8141 requires 2 to 32.
        NidTooShort => "urn-nid-too-short",
            "a namespace identifier has 2 to 32 characters (RFC 8141 §2); RFC 2141 allowed 1",
            hint: RFC2141_NID_HINT;
        /// An NID longer than 32 characters (both RFCs).
        NidTooLong => "urn-nid-too-long", "a namespace identifier has at most 32 characters";
        /// The NID `urn`, reserved by RFC 2141 §2.1.
        NidReserved => "urn-nid-reserved", "the namespace identifier 'urn' is reserved (RFC 2141 §2.1)";
        /// An NID starting with `urn-` that is not `urn-` and a number without leading zero
        /// (RFC 8141 §5.1 reserves the prefix for informal namespaces, §5.2 gives their syntax).
        InformalNid => "urn-informal-nid",
            "an NID starting with 'urn-' must be an informal namespace: 'urn-' and a number without leading zero (RFC 8141 §5.1, §5.2)";
        /// No `:` and namespace specific string after the NID, or an empty NSS.
        MissingNss => "urn-missing-nss",
            "missing namespace specific string: a URN is 'urn:' NID ':' NSS";
        /// The NSS starts with `/`: RFC 8141 requires a `pchar` first; RFC 2141 allowed it (reserved).
        NssSlash => "urn-nss-slash",
            "the namespace specific string must not start with '/' (RFC 8141 §2: NSS = pchar *(pchar / \"/\")); RFC 2141 allowed it";
        /// A `?` after the NSS that does not start `?+` or `?=` (RFC 8141 §2); RFC 2141 allowed it.
        BareQuestionMark => "urn-bare-question-mark",
            "a '?' after the NSS must start '?+' (r-component) or '?=' (q-component) (RFC 8141 §2); RFC 2141 reserved it",
            hint: "percent-encode a literal '?' as %3F";
        /// An empty r-component (`?+`) or q-component (`?=`); RFC 8141 requires at least one `pchar`.
        EmptyComponent(part: &'static str) => "urn-empty-component",
            format!("the {part} is empty; RFC 8141 §2 requires at least one character");
        /// An r- or q-component that starts with `/` or `?` (RFC 8141 requires a `pchar` first).
        ComponentStart(part: &'static str) => "urn-component-start",
            format!("the {part} must start with a pchar, not '/' or '?' (RFC 8141 §2)");
        /// A character not allowed in a part of a URN (the part is named, e.g. `"NSS"`:
        /// `NID`, `NSS`, `r-component`, `q-component` or `f-component`).
        InvalidChar(ch: char, part: &'static str) => "urn-invalid-char",
            invalid_char(*ch, part), hint_if: encode_hint(*ch);
        /// A character RFC 2141 excludes (`~`, `&`, `[`, `]`, controls, …), whatever RFC 8141 says.
        Rfc2141Char(c: char) => "urn-rfc2141-char", rfc2141_char(*c), hint_if: encode_hint(*c);
        /// `%00`: RFC 2141 §2.4 forbids octet 0, encoded or not.
        NulOctet => "urn-nul-octet", "octet 0 must never appear, encoded or not (RFC 2141 §2.4)";
        /// A non-ASCII character: URNs are ASCII, text must be percent-encoded UTF-8 (RFC 8141
        /// §2). The second field is the whole input with every non-ASCII character encoded.
        NonAscii(ch: char, encoded: String) => "urn-non-ascii",
            format!(
                "non-ASCII character {} is not allowed in a URN: it must be percent-encoded UTF-8 (RFC 8141 §2)",
                describe(*ch)
            ),
            hint: format!("percent-encode non-ASCII characters as UTF-8: {encoded}");
        /// An error of the generic syntax (`empty`, `bad-percent` …).
        Iri(e: IriError) => e.code(), e, hint_if: e.hint();
    }
}

/// The hint of the NID errors that RFC 2141 would accept.
const RFC2141_NID_HINT: &str =
    "RFC 2141 allows this NID: read it by RFC 2141 (--profile rfc2141, UrnSyntax::Rfc2141)";

fn invalid_char(ch: char, part: &str) -> String {
    let mut m = format!("character {} is not allowed in the {part}", describe(ch));
    if is_rfc2141_char(ch) {
        m.push_str(" (RFC 8141); RFC 2141 allowed it as a reserved character");
    }
    m
}

fn rfc2141_char(c: char) -> String {
    if is_rfc8141_char(c) {
        format!(
            "character {} is allowed by RFC 8141 but not RFC 2141 (§2.4: excluded)",
            describe(c)
        )
    } else {
        format!(
            "character {} is not allowed in a URN (RFC 2141 §2.4: excluded)",
            describe(c)
        )
    }
}

impl From<IriError> for UrnError {
    fn from(e: IriError) -> Self {
        UrnError::Iri(e)
    }
}

impl From<Error<IriError>> for UrnParseError {
    fn from(e: Error<IriError>) -> Self {
        e.widen()
    }
}

/// The codes of the URN checks ([`super::Urn::warnings`]), one constant each, all `urn-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// RFC 2141: unencoded `/`, `?` or `#` (RFC 2141 §2.3).
    pub const RFC2141_RESERVED: WarningCode = WarningCode::new("urn-rfc2141-reserved");
    /// An r-component, not to be used before its semantics are standardized (RFC 8141 §2.3.1).
    pub const R_COMPONENT: WarningCode = WarningCode::new("urn-r-component");
    /// An `X-` NID (RFC 8141 §5).
    pub const EXPERIMENTAL_NID: WarningCode = WarningCode::new("urn-experimental-nid");
    /// A NID not in the IANA list (RFC 8141 §5).
    pub const UNREGISTERED_NID: WarningCode = WarningCode::new("urn-unregistered-nid");
    /// The NSS breaks its namespace's syntax or check digit (uuid, isbn, issn, oid, nbn:de, ietf).
    pub const NAMESPACE_SYNTAX: WarningCode = WarningCode::new("urn-namespace-syntax");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        RFC2141_RESERVED,
        R_COMPONENT,
        EXPERIMENTAL_NID,
        UNREGISTERED_NID,
        NAMESPACE_SYNTAX,
    ];
}
