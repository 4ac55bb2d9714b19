//! The errors and warning codes of HAL identifiers (CCSD, HAL documentation), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of a HAL identifier, at a byte offset of the input.
pub type HalParseError = Error<HalError>;

error_enum! {
    /// What is wrong with a HAL identifier in one of its written forms. Every code starts
    /// `hal-`.
    ///
    /// ```
    /// use pidkit::hal::{HalId, HalError};
    /// let e = HalId::parse("hal-0123456").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (HalError::Number, "hal-number", 4));
    /// ```
    pub enum HalError {
        /// Nothing that reads as a HAL identifier: empty, or a URL of another site.
        NotHal => "hal-not-hal",
            "not a HAL identifier: expected hal-01234567, tel-01234567v2 or https://hal.science/hal-01234567 (HAL)",
            hint: "a HAL identifier is the portal's prefix, a hyphen and eight digits, e.g. hal-01234567";
        /// Nothing after the label or in the URL's path.
        Empty => "hal-empty",
            "the HAL identifier is missing (HAL)";
        /// No prefix before the number, or one that is not lower-case letters and digits in
        /// hyphen-separated words (`hal`, `halshs`, `hal-insu`).
        Portal => "hal-portal",
            "a HAL identifier starts with its portal's prefix, letters and digits in words separated by hyphens (hal, tel, halshs, hal-insu), then a hyphen and the number (HAL)",
            hint: "write it as prefix-NNNNNNNN, e.g. hal-01234567";
        /// The number after the prefix is not eight digits.
        Number => "hal-number",
            "the number of a HAL identifier has eight digits, with leading zeros (HAL: hal-01234567)",
            hint: "write the number with eight digits, zeros in front: hal-00000042";
        /// `v` not followed by a version number from 1 without leading zeros.
        Version => "hal-version",
            "a version is v and a number from 1 (HAL: hal-01234567v2 is the second version)";
        /// A character that cannot appear in a HAL identifier.
        Char(c: char) => "hal-char",
            format!("{} cannot appear in a HAL identifier: prefix-NNNNNNNN, with vN for a version (HAL)", describe(*c)),
            hint_if: (*c == ' ').then(|| String::from("remove the space"));
        /// A HAL host whose path does not start with a HAL identifier (`/search`, `/browse`).
        Url => "hal-url",
            "this HAL URL names no deposit: https://hal.science/ and the identifier, hal-01234567 (HAL)",
            hint: "a deposit's URL is https://hal.science/ and its identifier";
    }
}

/// The codes of the HAL checks, all `hal-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the identifier as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("hal-surrounding-space");
    /// Upper-case letters in the prefix or the `v` of the version: HAL writes identifiers in
    /// lower case.
    pub const CASE: WarningCode = WarningCode::new("hal-case");
    /// A prefix not in pidkit's list of HAL portals' prefixes (HAL publishes none).
    pub const UNKNOWN_PORTAL: WarningCode = WarningCode::new("hal-unknown-portal");
    /// What follows the identifier in a URL (`/document`, `/file/…`, a query): not part of it,
    /// left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("hal-url-extra");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, CASE, UNKNOWN_PORTAL, URL_EXTRA];
}

impl HalError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> HalParseError {
        Error::new(self, offset, len)
    }
}
