//! The errors and warning codes of EAN/UPC numbers (GS1 General Specifications), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of an EAN/UPC number, at a byte offset of the input.
pub type EanParseError = Error<EanError>;

error_enum! {
    /// What is wrong with an EAN-13, EAN-8 or UPC-A number. Every code starts `ean-`; the
    /// messages name the part of the GS1 General Specifications that makes the rule.
    ///
    /// ```
    /// use pidkit::ean::Ean;
    /// let e = Ean::parse("4006381333932").unwrap_err();
    /// assert_eq!((e.code(), e.offset), ("ean-check-digit", 12));
    /// assert_eq!(e.hint().as_deref(), Some("the check digit should be '1'"));
    /// ```
    pub enum EanError {
        /// A character that is not a digit, or a separator (`-`, a space) between digits.
        Char(c: char) => "ean-char",
            format!(
                "{} is not allowed in an EAN/UPC number: digits only, a space or '-' between groups of them (GS1 General Specifications, GTIN)",
                describe(*c)
            );
        /// A label that starts `EAN`, `UPC` or `GTIN` but names no length this unit reads.
        Label => "ean-label",
            "the label is not EAN, EAN-13, EAN-8, UPC, UPC-A, GTIN, GTIN-13, GTIN-12 or GTIN-8 (GS1 General Specifications, GTIN)",
            hint: "write the label as 'EAN ' (or 'EAN-13: ', 'UPC-A: '), then the digits";
        /// A separator at the start or end of the number, or two in a row.
        Separator => "ean-separator",
            "a space or '-' must stand between two digits: not at the start or end, and not two in a row (GS1 General Specifications, Human readable interpretation)",
            hint: "write the digits without separators: 4006381333931";
        /// Not 8 (EAN-8), 12 (UPC-A) or 13 (EAN-13) digits.
        Length(n: usize) => "ean-length",
            format!(
                "{n} digit{} where an EAN-13 has 13, a UPC-A 12 and an EAN-8 8 (GS1 General Specifications, GTIN data structures)",
                if *n == 1 { "" } else { "s" }
            ),
            hint_if: (*n == 14).then(|| String::from("a GTIN-14 (a trade item grouping) is not read here; its last 13 digits are an EAN-13 only when it starts with 0"));
        /// The check digit does not match: GS1 mod 10, weights 3 and 1 from the right.
        CheckDigit(expected: char, found: char) => "ean-check-digit",
            format!(
                "the check digit '{found}' does not match the other digits, which give '{expected}' (GS1 General Specifications §7.9: mod 10, weights 3 and 1 from the right)"
            ),
            hint: format!("the check digit should be '{expected}'");
    }
}

/// The codes of the EAN/UPC checks ([`super::Ean::warnings`]), one constant each, all `ean-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Whitespace around the number: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("ean-surrounding-space");
    /// The label names another length than the number's (`EAN-8` before 13 digits).
    pub const LABEL_LENGTH: WarningCode = WarningCode::new("ean-label-length");
    /// A restricted circulation number (GS1 prefixes 020–029, 040–049, 200–299; an EAN-8
    /// starting 0 or 2) or a coupon (981–984, 99): valid only within a company or country, not
    /// a global trade item number.
    pub const RESTRICTED: WarningCode = WarningCode::new("ean-restricted");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LABEL_LENGTH, RESTRICTED];
}
