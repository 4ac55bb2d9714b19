//! The errors and warning codes of ADS bibcodes (NASA ADS, "Bibliographic Code"; the info-URI
//! registration of `info:bibcode/`), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of a bibcode, at a byte offset of the input.
pub type BibcodeParseError = Error<BibcodeError>;

error_enum! {
    /// What is wrong with a bibcode in one of its written forms. Every code starts `ads-`.
    ///
    /// ```
    /// use pidkit::ads::{Bibcode, BibcodeError};
    /// let e = Bibcode::parse("1974AJ....79..819H").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (BibcodeError::Length(18), "ads-length", 18));
    /// ```
    pub enum BibcodeError {
        /// Nothing that reads as a bibcode: empty, or a URL of another site.
        NotBibcode => "ads-not-bibcode",
            "not an ADS bibcode: expected 19 characters YYYYJJJJJVVVVMPPPPA (1974AJ.....79..819H), bibcode:… or https://ui.adsabs.harvard.edu/abs/… (ADS, Bibliographic Code)",
            hint: "a bibcode is 19 characters: year, journal, volume, qualifier, page, initial, padded with periods";
        /// Nothing after the label or in the URL.
        Empty => "ads-empty",
            "the bibcode is missing (ADS, Bibliographic Code)";
        /// Not 19 characters (once `…` is read as `...` and `%26` as `&`).
        Length(n: usize) => "ads-length",
            format!("a bibcode has exactly 19 characters, this one {n}: fields are padded with periods to their fixed width (ADS, Bibliographic Code: YYYYJJJJJVVVVMPPPPA)"),
            hint_if: (*n > 19).then(|| String::from("remove what follows the 19th character, or check for a doubled period"))
                .or_else(|| Some(String::from("check for a missing period of the padding")));
        /// A character a bibcode cannot hold: letters, digits, `.` (padding) and `&` (in journal
        /// abbreviations such as `A&A`) only.
        Char(c: char) => "ads-char",
            format!("{} cannot appear in a bibcode: letters, digits, the padding '.' and '&' (ADS, Bibliographic Code)", describe(*c)),
            hint_if: match c {
                ' ' => Some(String::from("remove the space")),
                '%' => Some(String::from("only %26 (for '&') is read in a bibcode")),
                _ => None,
            };
        /// The first four characters are not the year's digits.
        Year => "ads-year",
            "a bibcode starts with the four-digit year of publication (ADS, Bibliographic Code: YYYY)";
        /// The journal abbreviation (characters 5 to 9) starts with `.`: it is padded on the right.
        Journal => "ads-journal",
            "the journal abbreviation (characters 5 to 9) starts at the fifth character and is padded with periods on the right (ADS, Bibliographic Code: JJJJJ)";
        /// The last character is not the first author's initial (a letter) or `.`.
        Initial(c: char) => "ads-initial",
            format!("the last character of a bibcode is the first letter of the first author's last name, or '.', not {} (ADS, Bibliographic Code: A)", describe(*c));
        /// An ADS URL whose path names no bibcode.
        Url => "ads-url",
            "this ADS URL names no bibcode: https://ui.adsabs.harvard.edu/abs/ and the bibcode (ADS)",
            hint: "an abstract's URL is https://ui.adsabs.harvard.edu/abs/BIBCODE/abstract";
    }
}

/// The codes of the bibcode checks, all `ads-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the bibcode as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("ads-surrounding-space");
    /// `…` (U+2026 HORIZONTAL ELLIPSIS) where the bibcode has three periods: a word processor's
    /// replacement, read as `...`.
    pub const ELLIPSIS: WarningCode = WarningCode::new("ads-ellipsis");
    /// `%26` for `&` outside a URL: read as `&`.
    pub const PERCENT: WarningCode = WarningCode::new("ads-percent");
    /// What follows the bibcode in a URL (a query, a fragment): left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("ads-url-extra");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, ELLIPSIS, PERCENT, URL_EXTRA];
}

impl BibcodeError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> BibcodeParseError {
        Error::new(self, offset, len)
    }
}
