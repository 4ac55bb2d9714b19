//! Errors and warnings: a stable kebab-case code, the byte offset, and a message a person
//! understands. This is the bottom layer: each family of rules defines its own error enum
//! (`iri::IriError`, `doi::DoiError`, `urn::UrnError`, `ivo::IvoError`) with the
//! [`error_enum!`] table, and its own warning codes ([`WarningCode`]); the crate root gathers
//! the error enums in [`crate::ErrorKind`].

use std::fmt;

/// Why an input was rejected, where, and how much of it is at fault: an error of the family
/// `K` (an error enum such as [`crate::iri::IriError`], or [`crate::ErrorKind`] for any).
///
/// `offset` is the byte position of the first offending character in the input as given,
/// `len` the number of bytes at fault (at least 1 unless the problem is a missing part at the end).
///
/// ```
/// let err = pidkit::IriRef::parse("http://exa mple.org/").unwrap_err();
/// assert_eq!(err.code(), "invalid-char");
/// assert_eq!((err.offset, err.len), (10, 1));
/// assert_eq!(err.to_string(), "space is not allowed here (at byte 10)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error<K> {
    /// What is wrong.
    pub kind: K,
    /// Byte offset of the first offending character.
    pub offset: usize,
    /// Length in bytes of the offending text.
    pub len: usize,
}

/// What every error enum tells: its stable code and, where one is obvious, a hint. Its
/// `Display` is the message. Each error enum implements it from its table of rows (the
/// crate's `error_enum!` macro).
pub trait ErrorCode: fmt::Display {
    /// The stable kebab-case code, e.g. `"bad-percent"`. Codes never change once published.
    fn code(&self) -> &'static str;
    /// A suggestion to fix the input, where one is obvious.
    fn hint(&self) -> Option<String>;
}

impl<K> Error<K> {
    pub(crate) fn new(kind: impl Into<K>, offset: usize, len: usize) -> Self {
        Error {
            kind: kind.into(),
            offset,
            len,
        }
    }

    /// The same error for a string that was embedded at `shift` bytes into a larger input.
    ///
    /// ```
    /// let err = pidkit::IriRef::parse("a b").unwrap_err().shifted(4);
    /// assert_eq!(err.offset, 5);
    /// ```
    pub fn shifted(mut self, shift: usize) -> Self {
        self.offset += shift;
        self
    }

    /// The same error as one of a wider family (an IRI error inside a URN, say).
    ///
    /// ```
    /// let e = pidkit::IriRef::parse("%").unwrap_err();
    /// let any: pidkit::ParseError = e.widen();
    /// assert_eq!(any.code(), "bad-percent");
    /// ```
    pub fn widen<L: From<K>>(self) -> Error<L> {
        Error {
            kind: L::from(self.kind),
            offset: self.offset,
            len: self.len,
        }
    }
}

impl<K: ErrorCode> Error<K> {
    /// The stable kebab-case code of the error, e.g. `"bad-percent"`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// A suggestion to fix the input, where one is obvious.
    ///
    /// ```
    /// let err = pidkit::IriRef::parse("http://a/%GZ").unwrap_err();
    /// assert_eq!(err.hint().as_deref(), Some("write a literal '%' as %25"));
    /// ```
    pub fn hint(&self) -> Option<String> {
        self.kind.hint()
    }
}

impl<K: fmt::Display> fmt::Display for Error<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.kind, self.offset)
    }
}

impl<K: fmt::Display + fmt::Debug> std::error::Error for Error<K> {}

/// An error enum whose variants are rows of one table: each row gives the variant (with its
/// fields named, for the message), its stable code, its message and, where one is obvious,
/// its hint (`hint:` a text; `hint_if:` an `Option<String>`). The enum, its [`ErrorCode`] and
/// its `Display` are written from the table, so a variant's code, message and hint are
/// defined in one place.
///
/// A row whose code is an expression rather than a literal delegates (an error of a lower
/// layer carried inside this one).
///
/// A message is a literal, a `format!(…)`, or an expression giving a `String`. In `Display`,
/// `format!` is [`format_args_in_display`]: the message is written into the formatter, with
/// no `String` made first. So a `format!` may not be an arm of a `match` in a row (its
/// arguments would be dropped with the arm): such a message is a function's (`swh`'s
/// `range_message`).
macro_rules! error_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $( ( $($field:ident : $fty:ty),+ $(,)? ) )?
                    => $code:expr, $msg:expr $(, hint: $hint:expr)? $(, hint_if: $hint_if:expr)? ;
            )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[non_exhaustive]
        $vis enum $name {
            $( $(#[$vmeta])* $variant $( ( $($fty),+ ) )?, )+
        }

        impl $crate::error::ErrorCode for $name {
            #[allow(unused_variables)]
            fn code(&self) -> &'static str {
                match self {
                    $( Self::$variant $( ( $($field),+ ) )? => $code, )+
                }
            }

            #[allow(unused_variables)]
            fn hint(&self) -> Option<String> {
                match self {
                    $( Self::$variant $( ( $($field),+ ) )? => {
                        $crate::error::error_enum!(@hint $($hint)? ; $($hint_if)?)
                    } )+
                }
            }
        }

        impl std::fmt::Display for $name {
            #[allow(unused_variables)]
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                // A row's `format!(…)` message writes into the formatter here, not into a
                // `String` formatted a second time (that was ~1,100 instructions a message,
                // 3 % of `check --json` on a mixed column, callgrind).
                #[allow(unused_imports)]
                use $crate::error::format_args_in_display as format;
                match self {
                    $( Self::$variant $( ( $($field),+ ) )? => write!(f, "{}", $msg), )+
                }
            }
        }
    };
    (@hint $hint:expr ; ) => { Some(String::from($hint)) };
    (@hint ; $hint_if:expr) => { $hint_if };
    (@hint ; ) => { None };
}
pub(crate) use error_enum;

/// `format!` inside an [`error_enum`] row's message, in its `Display`: the arguments, written
/// into the formatter as they are (`format_args!`), with no `String` between.
macro_rules! format_args_in_display {
    ($($t:tt)*) => { format_args!($($t)*) };
}
pub(crate) use format_args_in_display;

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

/// The hint for a character that must be percent-encoded: its UTF-8 bytes as `%XX`.
pub(crate) fn encode_hint(c: char) -> Option<String> {
    if c == ' ' {
        return Some("percent-encode the space as %20".into());
    }
    if c == '%' {
        return None;
    }
    let mut buf = [0; 4];
    let enc: String = c
        .encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    Some(format!("percent-encode {} as {enc}", describe(c)))
}

/// The stable code of a warning: one constant per check, defined by the family of rules that
/// makes the check (`iri::codes`, `doi::codes`, `urn::codes`, `ivo::codes`), so that no code
/// is written as a bare string at the place a warning is raised. Codes of the identifier
/// schemes carry the scheme's prefix (`doi-`, `urn-`, `ivo-`).
///
/// Compares equal to its text:
///
/// ```
/// use pidkit::iri::codes;
/// assert_eq!(codes::MIXED_SCRIPT, "mixed-script");
/// assert_eq!(codes::MIXED_SCRIPT.as_str(), "mixed-script");
/// assert_eq!(pidkit::doi::codes::MIXED_SCRIPT.to_string(), "doi-mixed-script");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WarningCode(&'static str);

impl WarningCode {
    /// A code (kebab-case).
    pub(crate) const fn new(code: &'static str) -> Self {
        WarningCode(code)
    }

    /// The code's text.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for WarningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<&str> for WarningCode {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for WarningCode {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<WarningCode> for &str {
    fn eq(&self, other: &WarningCode) -> bool {
        *self == other.0
    }
}

impl AsRef<str> for WarningCode {
    fn as_ref(&self) -> &str {
        self.0
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for WarningCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// Something valid but worth a second look: a stable code, where, and why.
///
/// Warnings never make an input invalid (unless the caller asks, as `pidkit check --deny-warnings`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    /// Stable kebab-case code, listed in the warning table of the guide (`docs/warnings.md`).
    pub code: WarningCode,
    /// Byte offset of the text the warning is about.
    pub offset: usize,
    /// Length in bytes of that text.
    pub len: usize,
    /// A sentence for people.
    pub message: String,
    /// How many times the check found this on the input: more than 1 when repeated findings
    /// of one code were merged into this one ([`Warning::merge_repeated`]).
    pub count: usize,
    /// Where the further findings are (byte offsets after [`Warning::offset`]), at most
    /// [`Warning::MAX_OFFSETS`] of them.
    pub more: Vec<usize>,
}

impl Warning {
    /// The most further offsets a merged warning lists ([`Warning::more`]).
    pub const MAX_OFFSETS: usize = 16;

    /// One warning per code, in the order of each code's first finding: repeated findings of
    /// a code are counted into the first ([`Warning::count`], [`Warning::more`]) and its message
    /// says so. What a person reads and what a record holds then grow with the number of codes,
    /// not with the input (a line of 20,000 `%E2%80%AE` gives one `bidi-control`).
    ///
    /// ```
    /// use pidkit::{Warning, iri::codes};
    /// let w = (0..40).map(|i| Warning::new(codes::BIDI_CONTROL, i * 9, 9, "a bidi control")).collect();
    /// let merged = Warning::merge_repeated(w);
    /// assert_eq!(merged.len(), 1);
    /// assert_eq!((merged[0].count, merged[0].more.len(), merged[0].more[0]), (40, 16, 9));
    /// assert!(merged[0].message.ends_with("(40 times; also at bytes 9, 18, 27 …)"));
    /// ```
    #[inline]
    pub fn merge_repeated(warnings: Vec<Warning>) -> Vec<Warning> {
        // Nearly every input has no warning or one: answered where the call is, not in a call.
        if warnings.len() < 2 {
            return warnings;
        }
        Self::merge(warnings)
    }

    /// [`Warning::merge_repeated`] of two warnings or more.
    fn merge(warnings: Vec<Warning>) -> Vec<Warning> {
        let mut out: Vec<Warning> = Vec::new();
        for w in warnings {
            match out.iter_mut().find(|o| o.code == w.code) {
                Some(first) => {
                    first.count += w.count;
                    if first.more.len() < Self::MAX_OFFSETS {
                        first.more.push(w.offset);
                    }
                }
                None => out.push(w),
            }
        }
        for w in out.iter_mut().filter(|w| w.count > 1) {
            let shown: Vec<String> = w.more.iter().take(3).map(usize::to_string).collect();
            let rest = if w.count > 4 { " …" } else { "" };
            w.message = format!(
                "{} ({} times; also at bytes {}{rest})",
                w.message,
                w.count,
                shown.join(", ")
            );
        }
        out
    }

    /// A warning with the given code, span and message.
    ///
    /// ```
    /// let w = pidkit::Warning::new(pidkit::iri::codes::NOT_NFC, 3, 2, "not in NFC");
    /// assert_eq!(w.to_string(), "not in NFC [not-nfc] (at byte 3)");
    /// ```
    pub fn new(code: WarningCode, offset: usize, len: usize, message: impl Into<String>) -> Self {
        Warning {
            code,
            offset,
            len,
            message: message.into(),
            count: 1,
            more: Vec::new(),
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
