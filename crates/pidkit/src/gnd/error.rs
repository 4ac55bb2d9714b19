//! The errors and warning codes of GND identifiers (DNB, "Prüfziffernberechnung"; GND
//! documentation), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of a GND identifier, at a byte offset of the input.
pub type GndParseError = Error<GndError>;

error_enum! {
    /// What is wrong with a GND identifier in one of its written forms. Every code starts
    /// `gnd-`.
    ///
    /// ```
    /// use pidkit::gnd::{GndId, GndError};
    /// let e = GndId::parse("gnd:118540237").unwrap_err();
    /// assert_eq!((e.code(), e.offset), ("gnd-check-digit", 12));
    /// assert_eq!(e.hint().as_deref(), Some("the check character should be '8'"));
    /// ```
    pub enum GndError {
        /// Nothing that reads as a GND identifier: a URL of another site, a path of d-nb.info
        /// that is no GND record.
        NotGnd => "gnd-not-gnd",
            "not a GND identifier: expected 118540238, 4005728-8, gnd:…, (DE-588)… or https://d-nb.info/gnd/… (DNB, GND)",
            hint: "a GND identifier is its number and check character, e.g. 118540238; its URI https://d-nb.info/gnd/118540238";
        /// No number after the label or in the URL.
        Empty => "gnd-empty",
            "the GND number is missing (DNB, GND)";
        /// A character other than digits, a final check character `X` and the hyphen of the old
        /// SWD and GKD numbers.
        Char(c: char) => "gnd-char",
            format!("{} cannot appear in a GND number: digits, then the check character (0-9 or X), before it a hyphen in the old SWD and GKD numbers (DNB, Prüfziffernberechnung)", describe(*c)),
            hint_if: (*c == ' ').then(|| String::from("remove the space"));
        /// A number that starts with `0`: GND numbers are written without leading zeros.
        LeadingZero => "gnd-leading-zero",
            "a GND number does not start with 0 (DNB: the GND number is written without leading zeros)",
            hint: "remove the leading zeros";
        /// A number of the wrong length: 8 to 10 digits before the check character (PND and GND
        /// numbers), or 1 to 8 before the hyphen (the old SWD and GKD numbers).
        Length(hyphen: bool) => "gnd-length",
            if *hyphen {
                "an old SWD or GKD number has 1 to 8 digits before its hyphen and check character (DNB, Prüfziffernberechnung)"
            } else {
                "a GND number has 8 to 10 digits before its check character, 9 to 11 characters in all (DNB: at most 10 digits before the check character)"
            };
        /// A hyphen with no check character after it (`4005728-`).
        MissingCheck => "gnd-missing-check",
            "the check character after the hyphen is missing (DNB, Prüfziffernberechnung)";
        /// The check character does not match the number: modulus 11 over the digits weighted
        /// 2, 3, 4 … from the right, `(11 - sum mod 11) mod 11` for PND and GND numbers and
        /// `sum mod 11` for the old hyphenated SWD and GKD numbers, 10 written `X`.
        CheckDigit(expected: char, found: char) => "gnd-check-digit",
            format!("the check character '{found}' does not match the number: modulus 11 with weights 2, 3, 4 … from the right gives '{expected}' (DNB, Prüfziffernberechnung)"),
            hint: format!("the check character should be '{expected}'");
        /// A d-nb.info or GND Explorer URL whose path is not `/gnd/` and a number.
        Url => "gnd-url",
            "this URL names no GND record: https://d-nb.info/gnd/ and the GND number (DNB, Linked Data Service)",
            hint: "the URI of a GND record is https://d-nb.info/gnd/ and its number";
    }
}

/// The codes of the GND checks, all `gnd-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the identifier as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("gnd-surrounding-space");
    /// A lower-case `x` as check character: written `X`.
    pub const LOWERCASE_X: WarningCode = WarningCode::new("gnd-lowercase-x");
    /// The ISIL of a file merged into the GND in 2012 (`(DE-588a)` PND, `(DE-588b)` GKD,
    /// `(DE-588c)` SWD): the GND's is `(DE-588)`.
    pub const OLD_ISIL: WarningCode = WarningCode::new("gnd-old-isil");
    /// What follows the number in a URL (`/about/html`, a query, a fragment): not part of it,
    /// left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("gnd-url-extra");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LOWERCASE_X, OLD_ISIL, URL_EXTRA];
}

impl GndError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> GndParseError {
        Error::new(self, offset, len)
    }
}
