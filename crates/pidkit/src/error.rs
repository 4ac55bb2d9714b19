//! Errors and warnings: a stable kebab-case code, the byte offset, and a message a person understands.

use std::fmt;

/// Why an input was rejected, where, and how much of it is at fault.
///
/// `offset` is the byte position of the first offending character in the input as given,
/// `len` the number of bytes at fault (at least 1 unless the problem is a missing part at the end).
///
/// ```
/// let err = pidkit::IriRef::parse("http://exa mple.org/").unwrap_err();
/// assert_eq!(err.kind.code(), "invalid-char");
/// assert_eq!((err.offset, err.len), (10, 1));
/// assert_eq!(err.to_string(), "space is not allowed here (at byte 10)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Byte offset of the first offending character.
    pub offset: usize,
    /// Length in bytes of the offending text.
    pub len: usize,
}

impl ParseError {
    pub(crate) fn new(kind: ErrorKind, offset: usize, len: usize) -> Self {
        ParseError { kind, offset, len }
    }

    /// The stable kebab-case code of the error kind, e.g. `"bad-percent"`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// A suggestion to fix the input, where one is obvious.
    pub fn hint(&self) -> Option<String> {
        self.kind.hint()
    }

    /// The same error for a string that was embedded at `shift` bytes into a larger input.
    pub fn shifted(mut self, shift: usize) -> Self {
        self.offset += shift;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.kind, self.offset)
    }
}

impl std::error::Error for ParseError {}

/// The kinds of error, each with a stable code ([`ErrorKind::code`]) and a message (`Display`).
///
/// Codes never change once published; new kinds may be added.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    // ---- the generic IRI syntax (draft-duerst-iri-bis-07 §2.2, RFC 3986) ----
    /// The input is empty where an identifier is required.
    Empty,
    /// An absolute IRI was required but there is no `scheme ":"`.
    MissingScheme,
    /// The text before the first `:` looks like a scheme but is not one (it must start with a letter).
    BadScheme,
    /// A character that the grammar does not allow at this place.
    InvalidChar(char),
    /// A `%` not followed by two hexadecimal digits.
    BadPercent,
    /// A non-ASCII character where only a URI (RFC 3986, ASCII) is accepted.
    NonAscii(char),
    /// A bidirectional formatting character (U+200E, U+200F, U+202A–U+202E), forbidden by §4.1.
    BidiFormatChar(char),
    /// A private-use character (`iprivate`) outside the query.
    PrivateUseOutsideQuery(char),
    /// A relative reference whose first path segment contains `:` (it would read as a scheme).
    ColonInFirstSegment,
    /// An IP literal `[…]` that is not a valid IPv6 address.
    BadIpv6(&'static str),
    /// An IP literal `[v…]` that is not a valid `IPvFuture`.
    BadIpvFuture,
    /// A port with a character other than a digit.
    BadPort,
    /// A fragment where an `absolute-IRI` (no fragment) is required.
    UnexpectedFragment,
    /// A scheme where a relative reference is required.
    UnexpectedScheme,

    // ---- DOI names and doi: URIs (doi module: DOI Handbook §2, doi URI scheme §2–§3) ----
    /// A DOI name has no `/` between prefix and suffix.
    DoiMissingSlash,
    /// The DOI prefix does not start with the directory indicator `10` followed by `.`.
    DoiDirectoryIndicator,
    /// The registrant code (after `10.`) or one of its dot-separated parts is empty.
    DoiEmptyRegistrantPart,
    /// The DOI prefix is empty.
    DoiEmptyPrefix,
    /// The DOI suffix is empty.
    DoiEmptySuffix,
    /// A code point that is not of the Unicode Graphic type (control, format, private use, …).
    DoiNotGraphic(char),
    /// A `?` query in a `doi:` URI (allowed only by the 2003 draft: legacy profile).
    DoiQuery,
    /// A `#` fragment in a `doi:` URI (allowed only by the 2003 draft: legacy profile).
    DoiFragment,
    /// A second literal `/` in a `doi:` URI: inside the suffix it must be written `%2F`.
    DoiUnencodedSlash,
    /// The `/` that separates prefix and suffix is percent-encoded in a `doi:` URI.
    DoiEncodedSeparator,
    /// Percent-encoded bytes that do not decode to UTF-8 text.
    DoiBadUtf8,
    /// A URI or URL that is not one of the forms a DOI is written in.
    DoiNotDoi,
    // ---- urn: URNs, RFC 8141 and RFC 2141 (src/urn/) ----
    /// Not a URN: the scheme is not `urn` (case-insensitive).
    UrnScheme,
    /// The namespace identifier is empty (`urn::x`, `urn:`).
    UrnNidEmpty,
    /// A character an NID may not contain (letters, digits and `-` only; both RFCs).
    UrnNidChar(char),
    /// The NID starts with `-` (both RFCs require a letter or digit first).
    UrnNidStart,
    /// The NID ends with `-`: RFC 2141 allows it, RFC 8141 does not.
    UrnNidEnd,
    /// A one-character NID: RFC 2141 allows it, RFC 8141 requires 2 to 32.
    UrnNidTooShort,
    /// An NID longer than 32 characters (both RFCs).
    UrnNidTooLong,
    /// The NID `urn`, reserved by RFC 2141 §2.1.
    UrnNidReserved,
    /// An NID starting with `urn-` that is not `urn-` and a number without leading zero
    /// (RFC 8141 §5.1 reserves the prefix for informal namespaces, §5.2 gives their syntax).
    UrnInformalNid,
    /// No `:` and namespace specific string after the NID, or an empty NSS.
    UrnMissingNss,
    /// The NSS starts with `/`: RFC 8141 requires a `pchar` first; RFC 2141 allowed it (reserved).
    UrnNssSlash,
    /// A `?` after the NSS that does not start `?+` or `?=` (RFC 8141 §2); RFC 2141 allowed it.
    UrnBareQuestionMark,
    /// An empty r-component (`?+`) or q-component (`?=`); RFC 8141 requires at least one `pchar`.
    UrnEmptyComponent(&'static str),
    /// An r- or q-component that starts with `/` or `?` (RFC 8141 requires a `pchar` first).
    UrnComponentStart(&'static str),
    /// A character not allowed in this part of a URN (the part is named, e.g. `"NSS"`).
    UrnInvalidChar {
        /// The character.
        ch: char,
        /// Where: `NID`, `NSS`, `r-component`, `q-component` or `f-component`.
        part: &'static str,
    },
    /// A character RFC 2141 excludes (`~`, `&`, `[`, `]`, controls, …), whatever RFC 8141 says.
    UrnRfc2141Char(char),
    /// `%00`: RFC 2141 §2.4 forbids octet 0, encoded or not.
    UrnNulOctet,
    /// A non-ASCII character: URNs are ASCII, text must be percent-encoded UTF-8 (RFC 8141 §2).
    UrnNonAscii {
        /// The first non-ASCII character.
        ch: char,
        /// The whole input with every non-ASCII character percent-encoded (offered as a hint).
        encoded: String,
    },

    // ---- ivo: IVOA identifiers, IVOA Identifiers 2.0 (src/ivo.rs) ----
    /// Not an IVOID: the scheme is not `ivo` (case-insensitive, §2.3.1).
    IvoScheme,
    /// A relative reference: there are no relative IVOIDs (§2.4).
    IvoRelative,
    /// No authority: an IVOID starts `ivo://` and an authority (§2.1).
    IvoNoAuthority,
    /// The authority has fewer than three characters (§2.3.2).
    IvoAuthorityTooShort,
    /// The authority does not start with a letter or digit (§2.3.2).
    IvoAuthorityStart,
    /// Percent-encoding in the authority (§2.3.2), even of unreserved characters.
    IvoAuthorityPercent,
    /// A character outside `unreserved` in the authority (§2.3.2).
    IvoAuthorityChar(char),
    /// A port: IVOIDs have none (§2.3.2).
    IvoPort,
    /// A literal `@` anywhere (no userinfo, §2.2, §2.3.2).
    IvoAtSign,
    /// A literal `[` or `]` anywhere (§2.2).
    IvoBracket(char),
    /// A non-empty resource key that does not start with `/` (only `path-abempty`, §2.3.3).
    IvoKeyNotAbempty,
    /// An empty resource key segment: `//`, a trailing `/`, or the key `/` (§2.3.3).
    IvoKeyEmptySegment,
    /// A resource key segment `.` or `..` (§2.3.3).
    IvoKeyDotSegment,
    /// Percent-encoding in the resource key (§2.3.3).
    IvoKeyPercent,
    /// A character that a resource key segment may not contain (`:`, `@`, … §2.3.3).
    IvoKeyChar(char),
    /// A sub-delimiter in the resource key: no IVOA standard defines one yet (§2.2, §2.3.3).
    /// Reported as an error only by the strict parser; otherwise a warning.
    IvoKeySubDelim(char),
    /// A percent-encoded unreserved character (§2.2: they MUST NOT be encoded).
    IvoEncodedUnreserved(char),
    /// Percent-encoded octets in the query or fragment that are not UTF-8 (§2.2).
    IvoBadUtf8,
    // ---- IRI -> URI conversion (iri/convert.rs, draft-duerst-iri-bis-07 §3.4) ----
    /// A DNS host that IDNA ToASCII (UTS #46) cannot convert: the IRI has no URI form (§3.4).
    Idna(&'static str),
}

impl ErrorKind {
    /// The stable kebab-case code.
    ///
    /// ```
    /// use pidkit::ErrorKind;
    /// assert_eq!(ErrorKind::BadPercent.code(), "bad-percent");
    /// ```
    pub fn code(&self) -> &'static str {
        use ErrorKind::*;
        match self {
            Empty => "empty",
            MissingScheme => "missing-scheme",
            BadScheme => "bad-scheme",
            InvalidChar(_) => "invalid-char",
            BadPercent => "bad-percent",
            NonAscii(_) => "non-ascii",
            BidiFormatChar(_) => "bidi-format-char",
            PrivateUseOutsideQuery(_) => "private-use-outside-query",
            ColonInFirstSegment => "colon-in-first-segment",
            BadIpv6(_) => "bad-ipv6",
            BadIpvFuture => "bad-ipvfuture",
            BadPort => "bad-port",
            UnexpectedFragment => "unexpected-fragment",
            UnexpectedScheme => "unexpected-scheme",
            // doi
            DoiMissingSlash => "doi-missing-slash",
            DoiDirectoryIndicator => "doi-directory-indicator",
            DoiEmptyRegistrantPart => "doi-empty-registrant-part",
            DoiEmptyPrefix => "doi-empty-prefix",
            DoiEmptySuffix => "doi-empty-suffix",
            DoiNotGraphic(_) => "doi-not-graphic",
            DoiQuery => "doi-query",
            DoiFragment => "doi-fragment",
            DoiUnencodedSlash => "doi-unencoded-slash",
            DoiEncodedSeparator => "doi-encoded-separator",
            DoiBadUtf8 => "doi-bad-utf8",
            DoiNotDoi => "doi-not-doi",
            // urn
            UrnScheme => "urn-scheme",
            UrnNidEmpty => "urn-nid-empty",
            UrnNidChar(_) => "urn-nid-char",
            UrnNidStart => "urn-nid-start",
            UrnNidEnd => "urn-nid-end",
            UrnNidTooShort => "urn-nid-too-short",
            UrnNidTooLong => "urn-nid-too-long",
            UrnNidReserved => "urn-nid-reserved",
            UrnInformalNid => "urn-informal-nid",
            UrnMissingNss => "urn-missing-nss",
            UrnNssSlash => "urn-nss-slash",
            UrnBareQuestionMark => "urn-bare-question-mark",
            UrnEmptyComponent(_) => "urn-empty-component",
            UrnComponentStart(_) => "urn-component-start",
            UrnInvalidChar { .. } => "urn-invalid-char",
            UrnRfc2141Char(_) => "urn-rfc2141-char",
            UrnNulOctet => "urn-nul-octet",
            UrnNonAscii { .. } => "urn-non-ascii",
            // ivo
            IvoScheme => "ivo-scheme",
            IvoRelative => "ivo-relative",
            IvoNoAuthority => "ivo-no-authority",
            IvoAuthorityTooShort => "ivo-authority-too-short",
            IvoAuthorityStart => "ivo-authority-start",
            IvoAuthorityPercent => "ivo-authority-percent",
            IvoAuthorityChar(_) => "ivo-authority-char",
            IvoPort => "ivo-port",
            IvoAtSign => "ivo-at-sign",
            IvoBracket(_) => "ivo-bracket",
            IvoKeyNotAbempty => "ivo-key-not-abempty",
            IvoKeyEmptySegment => "ivo-key-empty-segment",
            IvoKeyDotSegment => "ivo-key-dot-segment",
            IvoKeyPercent => "ivo-key-percent",
            IvoKeyChar(_) => "ivo-key-char",
            IvoKeySubDelim(_) => "ivo-key-sub-delim",
            IvoEncodedUnreserved(_) => "ivo-encoded-unreserved",
            IvoBadUtf8 => "ivo-bad-utf8",
            // iri/convert.rs
            Idna(_) => "idna",
        }
    }

    /// A suggestion to fix the input, where one is obvious.
    ///
    /// ```
    /// use pidkit::ErrorKind;
    /// assert_eq!(ErrorKind::InvalidChar(' ').hint().unwrap(), "percent-encode the space as %20");
    /// ```
    pub fn hint(&self) -> Option<String> {
        use ErrorKind::*;
        match *self {
            InvalidChar(' ') => Some("percent-encode the space as %20".into()),
            InvalidChar(c) | NonAscii(c) if c != '%' => {
                let mut buf = [0; 4];
                let enc: String = c
                    .encode_utf8(&mut buf)
                    .bytes()
                    .map(|b| format!("%{b:02X}"))
                    .collect();
                Some(format!("percent-encode {} as {enc}", describe(c)))
            }
            BadPercent => Some("write a literal '%' as %25".into()),
            ColonInFirstSegment => Some("prefix the reference with \"./\"".into()),
            BidiFormatChar(_) => {
                Some("remove it: IRIs are stored in logical order without formatting marks".into())
            }
            // doi
            DoiMissingSlash => Some("a DOI name is prefix/suffix, e.g. 10.1000/182".into()),
            DoiDirectoryIndicator => {
                Some("a DOI prefix is 10. followed by the registrant code, e.g. 10.1000".into())
            }
            DoiQuery | DoiFragment => Some(
                "percent-encode it (%3F, %23) if it belongs to the DOI name; the 2003 draft's query and fragment need the legacy profile".into(),
            ),
            DoiUnencodedSlash => Some("write a '/' inside the suffix as %2F".into()),
            DoiEncodedSeparator => {
                Some("write the '/' between prefix and suffix literally, not as %2F".into())
            }
            // urn
            UrnNonAscii { ref encoded, .. } => Some(format!(
                "percent-encode non-ASCII characters as UTF-8: {encoded}"
            )),
            UrnInvalidChar { ch, .. } | UrnRfc2141Char(ch) => InvalidChar(ch).hint(),
            UrnBareQuestionMark => Some("percent-encode a literal '?' as %3F".into()),
            UrnNidEnd | UrnNidTooShort => {
                Some("RFC 2141 allows this NID: read it by RFC 2141 (--profile rfc2141, UrnSyntax::Rfc2141)".into())
            }
            // ivo
            IvoEncodedUnreserved(c) => Some(format!("write {} literally", describe(c))),
            IvoPort => Some("remove the port: IVOIDs are not network locations".into()),
            IvoKeyEmptySegment => Some("remove the extra '/'".into()),
            // iri/convert.rs
            Idna(_) => Some(
                "check the host's spelling; a host that is not a DNS name can be kept percent-encoded (Idna::Never)".into(),
            ),
            _ => None,
        }
    }
}

/// A character named the way a person reads it in a message: `'é' (U+00E9)`, `space`, `U+0009`.
pub(crate) fn describe(c: char) -> String {
    match c {
        ' ' => "the space".into(),
        c if c.is_control() || crate::chars::is_bidi_format(c) || c.is_whitespace() => {
            format!("U+{:04X}", c as u32)
        }
        c if c.is_ascii() => format!("'{c}'"),
        c => format!("'{c}' (U+{:04X})", c as u32),
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            Empty => f.write_str("the input is empty"),
            MissingScheme => f.write_str("missing scheme: an absolute IRI starts with a scheme and ':'"),
            BadScheme => f.write_str("invalid scheme: a scheme starts with a letter, followed by letters, digits, '+', '-' or '.'"),
            InvalidChar(' ') => f.write_str("space is not allowed here"),
            InvalidChar(c) if c.is_control() => write!(f, "control character U+{:04X} is not allowed", *c as u32),
            InvalidChar(c) if (*c as u32) >= 0x80 && !crate::chars::is_ucschar(*c) => write!(
                f,
                "{} is not allowed in an IRI (not a ucschar: a noncharacter, special or unassigned range)",
                describe(*c)
            ),
            InvalidChar(c) => write!(f, "character {} is not allowed here", describe(*c)),
            BadPercent => f.write_str("'%' must be followed by two hexadecimal digits"),
            NonAscii(c) => write!(f, "non-ASCII character {} is not allowed in a URI", describe(*c)),
            BidiFormatChar(c) => write!(
                f,
                "bidirectional formatting character U+{:04X} is not allowed in an IRI (§4.1)",
                *c as u32
            ),
            PrivateUseOutsideQuery(c) => write!(
                f,
                "private-use character U+{:04X} is only allowed in the query",
                *c as u32
            ),
            ColonInFirstSegment => f.write_str(
                "':' in the first segment of a relative reference (it would be read as a scheme)",
            ),
            BadIpv6(reason) => write!(f, "invalid IPv6 literal: {reason}"),
            BadIpvFuture => f.write_str(
                "invalid IP literal: expected 'v', hex digits, '.', then unreserved, sub-delims or ':'",
            ),
            BadPort => f.write_str("the port may only contain digits"),
            UnexpectedFragment => f.write_str("a fragment is not allowed in an absolute IRI"),
            UnexpectedScheme => f.write_str("a relative reference was expected, but this has a scheme"),
            // doi
            DoiMissingSlash => f.write_str("a DOI name needs a '/' between its prefix and its suffix"),
            DoiDirectoryIndicator => f.write_str("a DOI prefix starts with the directory indicator '10.'"),
            DoiEmptyRegistrantPart => f.write_str("empty registrant code: every part of the prefix after '10' must be non-empty"),
            DoiEmptyPrefix => f.write_str("the DOI prefix is empty"),
            DoiEmptySuffix => f.write_str("the DOI suffix is empty"),
            DoiNotGraphic(c) => write!(f, "{} is not a graphic character and cannot be part of a DOI name", describe(*c)),
            DoiQuery => f.write_str("a doi: URI has no query component"),
            DoiFragment => f.write_str("a doi: URI has no fragment component"),
            DoiUnencodedSlash => f.write_str("a '/' inside the DOI suffix must be percent-encoded in a doi: URI"),
            DoiEncodedSeparator => f.write_str("the '/' between DOI prefix and suffix must not be percent-encoded in a doi: URI"),
            DoiBadUtf8 => f.write_str("percent-encoded bytes that are not UTF-8 text"),
            DoiNotDoi => f.write_str("not a DOI: none of the forms a DOI name is written in"),
            // urn
            UrnScheme => f.write_str("not a URN: the scheme must be 'urn'"),
            UrnNidEmpty => f.write_str("the namespace identifier (NID) after 'urn:' is empty"),
            UrnNidChar(c) => write!(
                f,
                "character {} is not allowed in a namespace identifier (letters, digits and '-' only)",
                describe(*c)
            ),
            UrnNidStart => f.write_str("a namespace identifier must start with a letter or digit, not '-'"),
            UrnNidEnd => f.write_str(
                "a namespace identifier must end with a letter or digit (RFC 8141 §2); RFC 2141 allowed a final '-'",
            ),
            UrnNidTooShort => f.write_str(
                "a namespace identifier has 2 to 32 characters (RFC 8141 §2); RFC 2141 allowed 1",
            ),
            UrnNidTooLong => f.write_str("a namespace identifier has at most 32 characters"),
            UrnNidReserved => f.write_str("the namespace identifier 'urn' is reserved (RFC 2141 §2.1)"),
            UrnInformalNid => f.write_str(
                "an NID starting with 'urn-' must be an informal namespace: 'urn-' and a number without leading zero (RFC 8141 §5.1, §5.2)",
            ),
            UrnMissingNss => f.write_str("missing namespace specific string: a URN is 'urn:' NID ':' NSS"),
            UrnNssSlash => f.write_str(
                "the namespace specific string must not start with '/' (RFC 8141 §2: NSS = pchar *(pchar / \"/\")); RFC 2141 allowed it",
            ),
            UrnBareQuestionMark => f.write_str(
                "a '?' after the NSS must start '?+' (r-component) or '?=' (q-component) (RFC 8141 §2); RFC 2141 reserved it",
            ),
            UrnEmptyComponent(part) => write!(f, "the {part} is empty; RFC 8141 §2 requires at least one character"),
            UrnComponentStart(part) => write!(
                f,
                "the {part} must start with a pchar, not '/' or '?' (RFC 8141 §2)"
            ),
            UrnInvalidChar { ch, part } => {
                write!(f, "character {} is not allowed in the {part}", describe(*ch))?;
                if crate::urn::is_rfc2141_char(*ch) {
                    f.write_str(" (RFC 8141); RFC 2141 allowed it as a reserved character")?;
                }
                Ok(())
            }
            UrnRfc2141Char(c) if crate::urn::is_rfc8141_char(*c) => write!(
                f,
                "character {} is allowed by RFC 8141 but not RFC 2141 (§2.4: excluded)",
                describe(*c)
            ),
            UrnRfc2141Char(c) => write!(f, "character {} is not allowed in a URN (RFC 2141 §2.4: excluded)", describe(*c)),
            UrnNulOctet => f.write_str("octet 0 must never appear, encoded or not (RFC 2141 §2.4)"),
            UrnNonAscii { ch, .. } => write!(
                f,
                "non-ASCII character {} is not allowed in a URN: it must be percent-encoded UTF-8 (RFC 8141 §2)",
                describe(*ch)
            ),
            // ivo
            IvoScheme => f.write_str("not an IVOID: the scheme must be 'ivo' (IVOA Identifiers §2.3.1)"),
            IvoRelative => f.write_str("there are no relative IVOIDs: an IVOID starts with 'ivo://' (§2.4)"),
            IvoNoAuthority => f.write_str("an IVOID has an authority: it starts with 'ivo://' (§2.1)"),
            IvoAuthorityTooShort => f.write_str("the authority must have at least three characters (§2.3.2)"),
            IvoAuthorityStart => f.write_str("the authority must start with a letter or digit (§2.3.2)"),
            IvoAuthorityPercent => f.write_str(
                "percent-encoding is not allowed in the authority, even of unreserved characters (§2.3.2)",
            ),
            IvoAuthorityChar(c) => write!(
                f,
                "character {} is not allowed in the authority: only letters, digits, '-', '.', '_' and '~' (§2.3.2)",
                describe(*c)
            ),
            IvoPort => f.write_str("an IVOID has no port (§2.3.2)"),
            IvoAtSign => f.write_str("'@' must not occur literally in an IVOID: there is no userinfo (§2.2)"),
            IvoBracket(c) => write!(f, "{} must not occur literally in an IVOID (§2.2)", describe(*c)),
            IvoKeyNotAbempty => f.write_str("a non-empty resource key must start with '/' (§2.3.3)"),
            IvoKeyEmptySegment => f.write_str(
                "empty resource key segments ('//', a trailing '/', or the key '/') are forbidden (§2.3.3)",
            ),
            IvoKeyDotSegment => f.write_str("resource key segments '.' and '..' are forbidden (§2.3.3)"),
            IvoKeyPercent => f.write_str("percent-encoding is not allowed in the resource key (§2.3.3)"),
            IvoKeyChar(c) => write!(
                f,
                "character {} is not allowed in the resource key (§2.3.3: unreserved and sub-delims only, no ':' or '@')",
                describe(*c)
            ),
            IvoKeySubDelim(c) => write!(
                f,
                "{} is a sub-delimiter: no IVOA standard defines its use in resource keys yet (§2.2)",
                describe(*c)
            ),
            IvoEncodedUnreserved(c) => write!(
                f,
                "{} is unreserved and must not be percent-encoded (§2.2)",
                describe(*c)
            ),
            IvoBadUtf8 => f.write_str(
                "percent-encoded text in the query or fragment must be UTF-8 (§2.2)",
            ),
            // iri/convert.rs
            Idna(reason) => write!(f, "the host cannot be converted with IDNA ToASCII (UTS #46): {reason}"),
        }
    }
}

/// Something valid but worth a second look: a stable code, where, and why.
///
/// Warnings never make an input invalid (unless the caller asks, as `pidkit check --deny-warnings`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    /// Stable kebab-case code, listed in the README's warning table.
    pub code: &'static str,
    /// Byte offset of the text the warning is about.
    pub offset: usize,
    /// Length in bytes of that text.
    pub len: usize,
    /// A sentence for people.
    pub message: String,
}

impl Warning {
    /// A warning with the given code, span and message.
    pub fn new(code: &'static str, offset: usize, len: usize, message: impl Into<String>) -> Self {
        Warning {
            code,
            offset,
            len,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}] (at byte {})",
            self.message, self.code, self.offset
        )
    }
}
