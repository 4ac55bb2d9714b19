//! The errors and warning codes of ISNIs (ISO 27729 §4 and Annex A, as the ISNI International
//! Agency publishes them), one row each.

use crate::error::{Error, describe, error_enum};

use super::number::{Fault, Problem, char_hint};

/// An error of an ISNI, at a byte offset of the input.
pub type IsniParseError = Error<IsniError>;

error_enum! {
    /// What is wrong with an ISNI. Every code starts `isni-`; the messages name the rule's
    /// source (ISO 27729, the ISNI International Agency's pages).
    ///
    /// ```
    /// use pidkit::isni::{Isni, IsniError};
    /// let e = Isni::parse("0000 0001 2103 2684").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (IsniError::Check('3', '4'), "isni-check", 18));
    /// assert_eq!(e.hint().as_deref(), Some("the check character should be '3': check the ISNI for a transcription error"));
    /// ```
    pub enum IsniError {
        /// Nothing where the sixteen characters belong: an empty input, or only a label or the
        /// resolver's URL (ISO 27729 §4).
        Empty => "isni-empty",
            "no ISNI here: its 16 characters are missing (ISO 27729 §4)",
            hint: "an ISNI reads 0000 0001 2103 2683, or https://isni.org/isni/0000000121032683";
        /// An IRI of another scheme (`doi:`, `urn:` …): not a written form of an ISNI. (An ISNI
        /// as a URN, `urn:isni:…`, is a URN.)
        NotIsni(scheme: String) => "isni-not-isni",
            format!(
                "not an ISNI: a '{scheme}:' IRI; ISNIs are written ISNI 0000 0001 2103 2683, or https://isni.org/isni/0000000121032683 (ISO 27729 §4; ISNI resolution)"
            ),
            hint: "read it as the kind it is (--as auto), or give the ISNI itself";
        /// An ORCID iD written as one (`https://orcid.org/…`, `ORCID: …`): its number has the
        /// ISNI format, but it is not an ISNI ("What is the relationship between ISNI and
        /// ORCID?": no relationship between the numbers).
        Orcid => "isni-orcid",
            "an ORCID iD, not an ISNI: ORCID iDs are numbers in the ISNI format from blocks ISNI reserved for ORCID, with no relationship to the ISNI of the same person (What is the relationship between ISNI and ORCID?)",
            hint: "read it as an ORCID iD (--as orcid)";
        /// A URL of another host than `isni.org` (or `www.isni.org`).
        UrlHost(host: String) => "isni-url-host",
            format!(
                "the host '{host}' is not ISNI's: an ISNI resolves at https://isni.org/isni/ and the 16 characters (ISNI resolution)"
            ),
            hint: "write https://isni.org/isni/ and the ISNI";
        /// Something after the ISNI in a URL (another path segment, a query, a fragment).
        UrlRest(rest: String) => "isni-url-rest",
            format!(
                "'{rest}' follows the ISNI in the URL: an ISNI's URI is https://isni.org/isni/ and the 16 characters, nothing after them (ISNI resolution)"
            ),
            hint: format!("remove '{rest}'");
        /// Separators inside the ISNI of a URL: the resolver's URLs hold the sixteen characters
        /// in one run.
        UrlSeparator(compact: String) => "isni-url-separator",
            "the ISNI in a URL is written without spaces or hyphens: https://isni.org/isni/ and the 16 characters (ISNI resolution)",
            hint: format!("write {compact}");
        /// A character that is not a digit, nor the check character `X` in the last place, nor
        /// a separator between two groups of four (ISO 27729 §4).
        Char(c: char) => "isni-char",
            format!(
                "{} is not allowed here: an ISNI is 15 digits and a check character (a digit or 'X'), in four groups of four (ISO 27729 §4)",
                describe(*c)
            ),
            hint_if: char_hint(*c, "a space or '-'");
        /// Not sixteen characters (ISO 27729 §4: "made up of 16 digits, the last character
        /// being a check character").
        Length(n: usize) => "isni-length",
            format!(
                "an ISNI has 16 characters (15 digits and a check character); this one has {n} (ISO 27729 §4)"
            ),
            hint_if: (*n < 16).then(|| "all 16 characters are needed, leading zeros included".to_owned());
        /// Separators that are not between all four groups of four, or of two kinds (ISO 27729
        /// §4: displayed as four blocks of four digits).
        Grouping(fix: Option<String>) => "isni-grouping",
            "the separators of an ISNI go between its four groups of four characters: between all of them, of one kind, or none at all (ISO 27729 §4)",
            hint_if: fix.as_ref().map(|f| format!("write {f}"));
        /// The last character is not the ISO/IEC 7064 MOD 11-2 check character of the fifteen
        /// digits before it (ISO 27729 Annex A).
        Check(expected: char, found: char) => "isni-check",
            format!(
                "the check character '{found}' does not match the 15 digits: ISO/IEC 7064 MOD 11-2 gives '{expected}' (ISO 27729 Annex A)"
            ),
            hint: format!("the check character should be '{expected}': check the ISNI for a transcription error");
    }
}

/// The error of a number read at `at` in the input: `body` is the text of the number.
pub(crate) fn number_error(p: Problem, at: usize, body: &str) -> IsniParseError {
    let kind = match p.fault {
        Fault::Empty => IsniError::Empty,
        Fault::Char(c) => IsniError::Char(c),
        Fault::Length(n) => IsniError::Length(n),
        Fault::Grouping => IsniError::Grouping(super::number::regrouped(body, ' ')),
        Fault::Check { expected, found } => IsniError::Check(expected, found),
    };
    Error::new(kind, at + p.offset, p.len)
}

/// The codes of the ISNI checks ([`super::Isni::warnings`]), one constant each, all `isni-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Whitespace before or after the ISNI as written: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("isni-surrounding-space");
    /// A lower-case `x` as the check character: ISO 27729 writes it `X`.
    pub const LOWERCASE_X: WarningCode = WarningCode::new("isni-lowercase-x");
    /// A number in a block ISNI reserved for ORCID (0000-0001-5000-0007 to
    /// 0000-0003-5000-0001, 0009-0000-0000-0000 to 0009-0010-0000-0000): an ORCID iD rather
    /// than an ISNI the ISNI International Agency assigns.
    pub const ORCID_BLOCK: WarningCode = WarningCode::new("isni-orcid-block");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LOWERCASE_X, ORCID_BLOCK];
}
