//! The errors and warning codes of ISBNs (ISO 2108, the ISBN Users' Manual), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of an ISBN, at a byte offset of the input.
pub type IsbnParseError = Error<IsbnError>;

error_enum! {
    /// What is wrong with an ISBN. Every code starts `isbn-`; the messages name the part of
    /// ISO 2108 and the ISBN Users' Manual that makes the rule.
    ///
    /// ```
    /// use pidkit::isbn::{Isbn, IsbnError};
    /// let e = Isbn::parse("978-0-596-52068-8").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (IsbnError::CheckDigit('7', '8'), "isbn-check-digit", 16));
    /// assert_eq!(e.hint().as_deref(), Some("the check digit should be '7'"));
    /// ```
    pub enum IsbnError {
        /// A character that is neither a digit, nor `X` (the ISBN-10 check character), nor a
        /// separator (`-` or a space) between groups of digits.
        Char(c: char) => "isbn-char",
            format!(
                "{} is not allowed in an ISBN: digits only, 'X' as the check character of an ISBN-10, '-' or a space between its elements (ISO 2108; ISBN Users' Manual, Structure of ISBN)",
                describe(*c)
            ),
            hint_if: char_hint(*c);
        /// A label that starts `ISBN` but is not `ISBN`, `ISBN-10` or `ISBN-13`.
        Label => "isbn-label",
            "the label is not 'ISBN', 'ISBN-10' or 'ISBN-13' (ISBN Users' Manual, Display of the ISBN)",
            hint: "write the label as 'ISBN ' (or 'ISBN-13: '), then the number";
        /// A separator at the start or end of the number, or two in a row: hyphens and spaces
        /// only separate the elements of an ISBN.
        Separator => "isbn-separator",
            "a hyphen or space must stand between two elements of the ISBN: not at its start or end, and not two in a row (ISBN Users' Manual, Display of the ISBN)",
            hint: "write one hyphen between the elements: 978-0-596-52068-7";
        /// Not 10 or 13 digits (`X` counted as a digit).
        Length(n: usize) => "isbn-length",
            format!(
                "{n} digit{} where an ISBN has 13 (or 10, for one assigned before 2007) (ISO 2108; ISBN Users' Manual, Structure of ISBN)",
                if *n == 1 { "" } else { "s" }
            ),
            hint_if: (*n == 9).then(|| String::from("a 9-digit Standard Book Number (SBN) is the ISBN-10 with a leading 0"));
        /// An `X` that is not the last character of an ISBN-10: `X` stands for the check value
        /// 10 of an ISBN-10 alone.
        XPosition => "isbn-x-position",
            "'X' stands only for the check digit 10 of an ISBN-10, its last character; an ISBN-13 is all digits (ISO 2108; ISBN Users' Manual, Check digit)";
        /// A 13-digit number whose prefix element is not `978` or `979`, the GS1 prefixes
        /// allocated to the book industry.
        Prefix(prefix: String) => "isbn-prefix",
            format!(
                "an ISBN-13 starts with the prefix element 978 or 979, not {prefix} (ISBN Users' Manual, Structure of ISBN: prefix element)"
            ),
            hint_if: prefix_hint(prefix);
        /// The check digit does not match the other digits: mod 11 with weights 10 to 2 for an
        /// ISBN-10, mod 10 with weights 1 and 3 for an ISBN-13.
        CheckDigit(expected: char, found: char) => "isbn-check-digit",
            format!(
                "the check digit '{found}' does not match the other digits, which give '{expected}' (ISBN Users' Manual, Check digit: mod 11 with weights 10 to 2 for an ISBN-10, mod 10 with weights 1 and 3 for an ISBN-13)"
            ),
            hint: format!("the check digit should be '{expected}'");
    }
}

fn char_hint(c: char) -> Option<String> {
    match c {
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{00AD}' => {
            Some("write the hyphen-minus '-' between the elements".into())
        }
        '\u{00A0}' | '\u{2007}' | '\u{202F}' => Some("write an ASCII space or '-'".into()),
        '.' | '_' | '/' => Some("separate the elements with '-'".into()),
        _ => None,
    }
}

fn prefix_hint(prefix: &str) -> Option<String> {
    match prefix {
        "977" => Some("977 is the EAN-13 of an ISSN (a serial): read it as an ISSN or EAN".into()),
        _ => Some("other 13-digit numbers are EAN-13 (GTIN-13) codes: read it as an EAN".into()),
    }
}

/// The codes of the ISBN checks ([`super::Isbn::warnings`]), one constant each, all `isbn-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Whitespace around the ISBN: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("isbn-surrounding-space");
    /// The check character `x` in lower case: ISO 2108 writes it `X`.
    pub const LOWERCASE_X: WarningCode = WarningCode::new("isbn-lowercase-x");
    /// The label says `ISBN-10` for 13 digits, or `ISBN-13` for 10.
    pub const LABEL_LENGTH: WarningCode = WarningCode::new("isbn-label-length");
    /// Hyphens or spaces that do not separate the elements where the International ISBN
    /// Agency's ranges put them (`978-05965-2068-7`).
    pub const HYPHENS: WarningCode = WarningCode::new("isbn-hyphens");
    /// A valid check digit, but the registration group or registrant range is not assigned in
    /// the International ISBN Agency's range data: a mistyped ISBN, or ranges newer than the
    /// data.
    pub const UNASSIGNED_RANGE: WarningCode = WarningCode::new("isbn-unassigned-range");
    /// The prefix `979-0`: the range of the International Standard Music Number (ISMN, ISO
    /// 10957), not of books.
    pub const ISMN: WarningCode = WarningCode::new("isbn-ismn");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        SURROUNDING_SPACE,
        LOWERCASE_X,
        LABEL_LENGTH,
        HYPHENS,
        UNASSIGNED_RANGE,
        ISMN,
    ];
}
