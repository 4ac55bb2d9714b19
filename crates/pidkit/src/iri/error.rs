//! The errors of the generic IRI syntax (draft-duerst-iri-bis-07 §2.2, RFC 3986) and of IRI →
//! URI conversion (§3.4), one row each; and the warning codes of the IRI checks.

use crate::chars;
use crate::error::{Error, describe, encode_hint, error_enum};

/// An error of the generic IRI syntax, at a byte offset.
pub type IriParseError = Error<IriError>;

error_enum! {
    /// What is wrong with an IRI reference (the generic grammar) or its conversion.
    ///
    /// ```
    /// use pidkit::iri::IriError;
    /// let e = pidkit::IriRef::parse("http://[::1").unwrap_err();
    /// assert!(matches!(e.kind, IriError::BadIpv6(_)));
    /// assert_eq!(e.code(), "bad-ipv6");
    /// ```
    pub enum IriError {
        /// The input is empty where an identifier is required.
        Empty => "empty", "the input is empty";
        /// An absolute IRI was required but there is no `scheme ":"`.
        MissingScheme => "missing-scheme",
            "missing scheme: an absolute IRI starts with a scheme and ':'";
        /// The text before the first `:` looks like a scheme but is not one (it must start with a letter).
        BadScheme => "bad-scheme",
            "invalid scheme: a scheme starts with a letter, followed by letters, digits, '+', '-' or '.'";
        /// A character that the grammar does not allow at this place.
        InvalidChar(c: char) => "invalid-char", invalid_char(*c), hint_if: encode_hint(*c);
        /// A `%` not followed by two hexadecimal digits.
        BadPercent => "bad-percent", "'%' must be followed by two hexadecimal digits",
            hint: "write a literal '%' as %25";
        /// A non-ASCII character where only a URI (RFC 3986, ASCII) is accepted.
        NonAscii(c: char) => "non-ascii",
            format!("non-ASCII character {} is not allowed in a URI", describe(*c)),
            hint_if: encode_hint(*c);
        /// A bidirectional formatting character (U+200E, U+200F, U+202A–U+202E), forbidden by §4.1.
        BidiFormatChar(c: char) => "bidi-format-char",
            format!("bidirectional formatting character U+{:04X} is not allowed in an IRI (§4.1)", *c as u32),
            hint: "remove it: IRIs are stored in logical order without formatting marks";
        /// A private-use character (`iprivate`) outside the query.
        PrivateUseOutsideQuery(c: char) => "private-use-outside-query",
            format!("private-use character U+{:04X} is only allowed in the query", *c as u32);
        /// A relative reference whose first path segment contains `:` (it would read as a scheme).
        ColonInFirstSegment => "colon-in-first-segment",
            "':' in the first segment of a relative reference (it would be read as a scheme)",
            hint: "prefix the reference with \"./\"";
        /// An IP literal `[…]` that is not a valid IPv6 address.
        BadIpv6(reason: &'static str) => "bad-ipv6", format!("invalid IPv6 literal: {reason}");
        /// An IP literal `[v…]` that is not a valid `IPvFuture`.
        BadIpvFuture => "bad-ipvfuture",
            "invalid IP literal: expected 'v', hex digits, '.', then unreserved, sub-delims or ':'";
        /// A port with a character other than a digit.
        BadPort => "bad-port", "the port may only contain digits";
        /// A fragment where an `absolute-IRI` (no fragment) is required.
        UnexpectedFragment => "unexpected-fragment", "a fragment is not allowed in an absolute IRI";
        /// A scheme where a relative reference is required.
        UnexpectedScheme => "unexpected-scheme",
            "a relative reference was expected, but this has a scheme";
        /// A DNS host that IDNA ToASCII (UTS #46) cannot convert: the IRI has no URI form (§3.4).
        Idna(reason: &'static str) => "idna",
            format!("the host cannot be converted with IDNA ToASCII (UTS #46): {reason}"),
            hint: "check the host's spelling; a host that is not a DNS name can be kept percent-encoded (Idna::Never)";
        /// A non-ASCII DNS host needs IDNA ToASCII (§3.4), but this build of pidkit has no IDNA
        /// (its `idna` feature is off): never percent-encoded instead without being asked.
        IdnaUnavailable => "idna-unavailable",
            "the host needs IDNA ToASCII (§3.4), but pidkit was built without its `idna` feature",
            hint: "enable the `idna` feature, or percent-encode the host as RFC 3987 §3.1 does (Idna::Never)";
    }
}

/// The message of [`IriError::InvalidChar`]: the space, controls and non-`ucschar`s said apart.
fn invalid_char(c: char) -> String {
    match c {
        ' ' => "space is not allowed here".into(),
        c if c.is_control() => format!("control character U+{:04X} is not allowed", c as u32),
        c if (c as u32) >= 0x80 && !chars::is_ucschar(c) => format!(
            "{} is not allowed in an IRI (not a ucschar: a noncharacter, special or unassigned range)",
            describe(c)
        ),
        c => format!("character {} is not allowed here", describe(c)),
    }
}

/// The codes of the IRI checks ([`crate::iri::warnings()`]), one constant each (the warning
/// table of the guide, `docs/warnings.md`, lists them with their spec sections).
pub mod codes {
    use crate::error::WarningCode;

    /// A component mixes right-to-left and left-to-right letters (§4.2 rule 1).
    pub const BIDI_MIXED_DIRECTION: WarningCode = WarningCode::new("bidi-mixed-direction");
    /// A component with RTL letters does not start and end with one (§4.2 rule 2).
    pub const BIDI_RTL_BOUNDARY: WarningCode = WarningCode::new("bidi-rtl-boundary");
    /// A bidi formatting character, percent-encoded, or a literal isolate / ALM (§4.1, §7.3).
    pub const BIDI_CONTROL: WarningCode = WarningCode::new("bidi-control");
    /// Text not in Unicode NFC (§5.3.2.2).
    pub const NOT_NFC: WarningCode = WarningCode::new("not-nfc");
    /// NFC but not NFKC: compatibility characters (§8.5).
    pub const NOT_NFKC: WarningCode = WarningCode::new("not-nfkc");
    /// A private-use character, literal (query) or percent-encoded (§6.1, §7.3).
    pub const PRIVATE_USE: WarningCode = WarningCode::new("private-use");
    /// A tag character U+E0000–E0FFF (§7.3).
    pub const TAG_CHAR: WarningCode = WarningCode::new("tag-char");
    /// A percent-encoded noncharacter (§7.3).
    pub const NONCHARACTER: WarningCode = WarningCode::new("noncharacter");
    /// A percent-encoded special U+FFF0–FFFD (§7.3).
    pub const SPECIAL_CHAR: WarningCode = WarningCode::new("special-char");
    /// An unassigned code point (§6.1).
    pub const UNASSIGNED: WarningCode = WarningCode::new("unassigned");
    /// Scripts that do not belong together, UTS #39 Highly Restrictive (§8.5).
    pub const MIXED_SCRIPT: WarningCode = WarningCode::new("mixed-script");
    /// A component that reads as an ASCII name: UTS #39 skeleton (§8.5, §10).
    pub const CONFUSABLE: WarningCode = WarningCode::new("confusable");
    /// `%XX` decoding to an overlong UTF-8 form, e.g. `%C0%AF` (§10).
    pub const OVERLONG_UTF8: WarningCode = WarningCode::new("overlong-utf8");
    /// `%xx` with lowercase hex digits (RFC 3986 §2.1).
    pub const LOWERCASE_HEX: WarningCode = WarningCode::new("lowercase-hex");
    /// An `xn--` label that is not Punycode or decodes to ASCII (RFC 3492, RFC 5890).
    pub const BAD_PUNYCODE: WarningCode = WarningCode::new("bad-punycode");
    /// A DNS host IDNA cannot convert: the IRI has no URI form (§3.4, RFC 5893).
    pub const IDNA_INVALID: WarningCode = WarningCode::new("idna-invalid");
    /// A host with a character that renders like `/`, `.`, `?`, `#`, `@` or `:` (U+2215 DIVISION
    /// SLASH, U+2044, fullwidth forms …), literal or percent-encoded (UTS #39, Unicode TR36 §2.4).
    pub const CONFUSABLE_DELIMITER: WarningCode = WarningCode::new("confusable-delimiter");
    /// `%XX` encoding a UTF-16 surrogate (`%ED%A0%80`): not UTF-8 (RFC 3629 §3).
    pub const SURROGATE_UTF8: WarningCode = WarningCode::new("surrogate-utf8");
    /// `%XX` encoding a code point above U+10FFFF (`%F4%90%80%80`): not UTF-8 (RFC 3629 §3).
    pub const OUT_OF_RANGE_UTF8: WarningCode = WarningCode::new("out-of-range-utf8");
    /// Under `--as web`: an IPv4 shorthand (`0x7f.1`, `017700000001`, `127.1`) that browsers read
    /// as a dotted address (WHATWG URL, IPv4 parser).
    pub const WEB_IPV4_SHORTHAND: WarningCode = WarningCode::new("web-ipv4-shorthand");
    /// An http, https, ws, wss, ftp or file host that ends in a number but is no IPv4 address
    /// (`999.1.1.1`, `1.2.3.4.5`, `0x100000000`): browsers refuse the URL (WHATWG URL, host
    /// parser: "ends in a number", then IPv4 parser failure).
    pub const WEB_IPV4_INVALID: WarningCode = WarningCode::new("web-ipv4-invalid");
    /// `user:password` in the userinfo (RFC 3986 §3.2.1).
    pub const PASSWORD_IN_USERINFO: WarningCode = WarningCode::new("password-in-userinfo");
    /// Valid under draft-duerst-iri-bis-07 (the `bis` profile) but not under RFC 3987, which RDF
    /// 1.1 and XML cite: a `#` in the fragment, a tag character U+E0000–E0FFF in the query.
    pub const NOT_RFC3987: WarningCode = WarningCode::new("not-rfc3987");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        BIDI_MIXED_DIRECTION,
        BIDI_RTL_BOUNDARY,
        BIDI_CONTROL,
        NOT_NFC,
        NOT_NFKC,
        PRIVATE_USE,
        TAG_CHAR,
        NONCHARACTER,
        SPECIAL_CHAR,
        UNASSIGNED,
        MIXED_SCRIPT,
        CONFUSABLE,
        OVERLONG_UTF8,
        LOWERCASE_HEX,
        BAD_PUNYCODE,
        IDNA_INVALID,
        CONFUSABLE_DELIMITER,
        SURROGATE_UTF8,
        OUT_OF_RANGE_UTF8,
        WEB_IPV4_SHORTHAND,
        WEB_IPV4_INVALID,
        PASSWORD_IN_USERINFO,
        NOT_RFC3987,
    ];
}
