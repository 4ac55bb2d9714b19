//! The errors of the reading itself (not of any one kind's rules): under auto-detection, a
//! value that no scheme claims and that is not an absolute IRI is not an identifier.

use crate::error::{Error, error_enum};

/// An error of the reading, at a byte offset.
pub type ReadingParseError = Error<ReadingError>;

error_enum! {
    /// Why the reading under auto-detection found no identifier.
    ///
    /// ```
    /// let e = pidkit::Identifier::parse("N/A").unwrap_err();
    /// assert_eq!(e.code(), "not-an-identifier");
    /// assert_eq!(e.hint().as_deref(), Some("if a relative reference is meant, read it --as iri-ref"));
    /// ```
    pub enum ReadingError {
        /// No scheme claims the value and it has no scheme of its own: at most a relative
        /// reference, which almost any string is (RFC 3986 §4.2) — `why` says what it looks like.
        NotAnIdentifier(why: &'static str) => "not-an-identifier",
            format!("not an identifier: {why}"),
            hint: "if a relative reference is meant, read it --as iri-ref";
        /// `--clean` removed everything (`(`, `"`, `**`): the input held no identifier.
        EmptyAfterClean => "empty-after-clean",
            "nothing is left after cleaning: the input holds no identifier, only brackets, quotes, labels or punctuation";
    }
}
