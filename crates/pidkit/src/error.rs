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
