//! The errors and warning codes of ISSNs (ISO 3297, the ISSN Manual), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of an ISSN, at a byte offset of the input.
pub type IssnParseError = Error<IssnError>;

error_enum! {
    /// What is wrong with an ISSN. Every code starts `issn-`; the messages name the part of
    /// ISO 3297 and the ISSN Manual that makes the rule.
    ///
    /// ```
    /// use pidkit::issn::Issn;
    /// let e = Issn::parse("ISSN 0317-8472").unwrap_err();
    /// assert_eq!((e.code(), e.offset), ("issn-check-digit", 13));
    /// assert_eq!(e.hint().as_deref(), Some("the check digit should be '1'"));
    /// ```
    pub enum IssnError {
        /// A character that is not a digit, `X` (the check character) or the hyphen.
        Char(c: char) => "issn-char",
            format!(
                "{} is not allowed in an ISSN: eight digits (the last may be 'X') in two groups of four separated by '-' (ISO 3297; ISSN Manual)",
                describe(*c)
            ),
            hint_if: (*c == ' ' || ('\u{2010}'..='\u{2015}').contains(c)).then(|| String::from("write NNNN-NNNC, with the hyphen-minus '-'"));
        /// A label that starts like `ISSN` but is not `ISSN`, `ISSN-L`, `eISSN` or `pISSN`.
        Label => "issn-label",
            "the label is not 'ISSN', 'ISSN-L', 'eISSN' or 'pISSN' (ISO 3297, Display of ISSN)",
            hint: "write the label as 'ISSN ' (or 'ISSN-L ' for the linking ISSN), then NNNN-NNNC";
        /// The hyphen elsewhere than between the two groups of four digits, or more than one.
        Hyphen => "issn-hyphen",
            "an ISSN is written as two groups of four digits separated by one hyphen (ISO 3297, Display of ISSN)",
            hint: "write NNNN-NNNC: 0317-8471";
        /// Not eight digits (`X` counted).
        Length(n: usize) => "issn-length",
            format!(
                "{n} digit{} where an ISSN has 8, the last of them the check digit (ISO 3297, Construction of ISSN)",
                if *n == 1 { "" } else { "s" }
            ),
            hint_if: (*n == 13).then(|| String::from("a 13-digit number starting 977 is the EAN-13 of an ISSN: read it as an EAN"));
        /// An `X` that is not the check character, the last.
        XPosition => "issn-x-position",
            "'X' stands only for the check digit 10, the last character of an ISSN (ISO 3297, Annex A)";
        /// The check digit does not match: mod 11 with weights 8 to 2.
        CheckDigit(expected: char, found: char) => "issn-check-digit",
            format!(
                "the check digit '{found}' does not match the other digits, which give '{expected}' (ISO 3297, Annex A: mod 11 with weights 8 to 2)"
            ),
            hint: format!("the check digit should be '{expected}'");
        /// A URL that is not the ISSN Portal's `https://portal.issn.org/resource/ISSN/NNNN-NNNC`
        /// (or `…/ISSN-L/…`).
        Url => "issn-url",
            "an ISSN Portal URL is https://portal.issn.org/resource/ISSN/NNNN-NNNC, or …/resource/ISSN-L/NNNN-NNNC for a linking ISSN (ISSN Portal)",
            hint: "https://portal.issn.org/resource/ISSN/0317-8471";
    }
}

/// The codes of the ISSN checks ([`super::Issn::warnings`]), one constant each, all `issn-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Whitespace around the ISSN: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("issn-surrounding-space");
    /// The check character `x` in lower case: ISO 3297 writes it `X`.
    pub const LOWERCASE_X: WarningCode = WarningCode::new("issn-lowercase-x");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LOWERCASE_X];
}
