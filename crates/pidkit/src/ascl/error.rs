//! The errors and warning codes of ASCL IDs (Astrophysics Source Code Library, "ASCL Data
//! Dictionary"), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of an ASCL ID, at a byte offset of the input.
pub type AsclParseError = Error<AsclError>;

error_enum! {
    /// What is wrong with an ASCL ID in one of its written forms. Every code starts `ascl-`.
    ///
    /// ```
    /// use pidkit::ascl::{AsclId, AsclError};
    /// let e = AsclId::parse("ascl:1213.001").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (AsclError::Month, "ascl-month", 7));
    /// ```
    pub enum AsclError {
        /// Nothing that reads as an ASCL ID: empty, or a URL of another site.
        NotAscl => "ascl-not-ascl",
            "not an ASCL ID: expected ascl:YYMM.NNN or https://ascl.net/YYMM.NNN (ASCL Data Dictionary)",
            hint: "an ASCL ID is cited as ascl:1201.001";
        /// No ID after the label or in the URL.
        Empty => "ascl-empty",
            "the ASCL ID is missing: ascl:YYMM.NNN (ASCL Data Dictionary)";
        /// A character where the ID has a digit or its `.`: the ID is `YYMM.###`, four digits, a
        /// period and three digits.
        Format(c: Option<char>) => "ascl-format",
            format_message(*c),
            hint: "write it as YYMM.NNN, e.g. ascl:1201.001";
        /// The month (`MM` of `YYMM`) is not 01 to 12.
        Month => "ascl-month",
            "the month of an ASCL ID is 01 to 12: YYMM.### is the year and month of the entry (ASCL Data Dictionary)";
        /// The number after the period is `000`: entries are numbered from 001 in each month.
        Sequence => "ascl-sequence",
            "the number of an ASCL ID counts the month's entries from 001 (ASCL Data Dictionary: an incrementing integer)";
        /// `0000.000`, the placeholder of entries not yet given an ASCL ID.
        Unassigned => "ascl-unassigned",
            "0000.000 is the placeholder of ASCL entries not yet assigned an ID, not an ID (ASCL Data Dictionary)";
        /// An ascl.net URL whose path is not an ASCL ID (`/code/v/2193`, the site's own page
        /// number).
        Url => "ascl-url",
            "this ascl.net URL names no ASCL ID: https://ascl.net/YYMM.NNN (ASCL)",
            hint: "the entry's page shows its ASCL ID; link it as https://ascl.net/YYMM.NNN";
    }
}

/// The codes of the ASCL checks, all `ascl-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the ID as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("ascl-surrounding-space");
    /// A label other than lower-case `ascl:` (`ASCL:`).
    pub const LABEL_CASE: WarningCode = WarningCode::new("ascl-label-case");
    /// What follows the ID in a URL (a `/`, a query, a fragment): left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("ascl-url-extra");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LABEL_CASE, URL_EXTRA];
}

impl AsclError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> AsclParseError {
        Error::new(self, offset, len)
    }
}

/// The message of [`AsclError::Format`] (a function: a row's `format!` arguments cannot be
/// handed out of a `match`, see `error_enum`).
fn format_message(c: Option<char>) -> String {
    match c {
        Some(c) => format!(
            "{} does not fit an ASCL ID: YYMM.### is the year and month, a period and a three-digit number (ASCL Data Dictionary)",
            describe(c)
        ),
        None => "the ASCL ID ends early: YYMM.### is the year and month, a period and a three-digit number (ASCL Data Dictionary)".to_owned(),
    }
}
