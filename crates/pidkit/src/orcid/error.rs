//! The errors and warning codes of ORCID iDs ("Structure of the ORCID Identifier", ORCID
//! Support), one row each.

use crate::error::{Error, describe, error_enum};
use crate::isni::number::{Fault, Problem, char_hint};

/// An error of an ORCID iD, at a byte offset of the input.
pub type OrcidParseError = Error<OrcidError>;

error_enum! {
    /// What is wrong with an ORCID iD. Every code starts `orcid-`; the messages name the ORCID
    /// document that makes the rule.
    ///
    /// ```
    /// use pidkit::orcid::{Orcid, OrcidError};
    /// let e = Orcid::parse("0000-0002-1825-0098").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (OrcidError::Check('7', '8'), "orcid-check", 18));
    /// assert_eq!(e.hint().as_deref(), Some("the check character should be '7': check the iD for a transcription error"));
    /// ```
    pub enum OrcidError {
        /// Nothing where the sixteen characters belong: an empty input, or only a label or the
        /// registry's URL ("Structure of the ORCID Identifier").
        Empty => "orcid-empty",
            "no ORCID iD here: its 16 characters are missing (Structure of the ORCID Identifier)",
            hint: "an ORCID iD reads 0000-0002-1825-0097, or https://orcid.org/0000-0002-1825-0097";
        /// An IRI of another scheme (`doi:`, `urn:`, `ftp:` …): not a written form of an ORCID
        /// iD ("Structure of the ORCID Identifier": ORCID iDs are `https://orcid.org/` URIs).
        NotOrcid(scheme: String) => "orcid-not-orcid",
            format!(
                "not an ORCID iD: a '{scheme}:' IRI; ORCID iDs are written https://orcid.org/0000-0002-1825-0097 (Structure of the ORCID Identifier)"
            ),
            hint: "read it as the kind it is (--as auto), or give the ORCID iD itself";
        /// A URL of another host than `orcid.org` (or `www.orcid.org`): ORCID iD URIs are at
        /// the ORCID Registry ("Structure of the ORCID Identifier").
        UrlHost(host: String) => "orcid-url-host",
            format!(
                "the host '{host}' is not the ORCID Registry: ORCID iD URIs are https://orcid.org/ and the iD (Structure of the ORCID Identifier)"
            ),
            hint: "write https://orcid.org/ and the iD";
        /// Something after the iD in a URL (another path segment, a query, a fragment): an ORCID
        /// iD URI is the registry's address and the iD alone ("Structure of the ORCID
        /// Identifier").
        UrlRest(rest: String) => "orcid-url-rest",
            format!(
                "'{rest}' follows the iD in the URL: an ORCID iD URI is https://orcid.org/ and the 16 characters, nothing after them (Structure of the ORCID Identifier)"
            ),
            hint: format!("remove '{rest}': the URL then names the ORCID record itself");
        /// A character that is not a digit, nor the check character `X` in the last place, nor a
        /// hyphen between two groups of four ("Structure of the ORCID Identifier").
        Char(c: char) => "orcid-char",
            format!(
                "{} is not allowed here: an ORCID iD is 15 digits and a check character (a digit or 'X'), in four groups of four (Structure of the ORCID Identifier)",
                describe(*c)
            ),
            hint_if: char_hint(*c, "'-' (U+002D)");
        /// Not sixteen characters: "ORCID iDs always require all 16 digits of the identifier;
        /// they can not be shortened to remove leading zeros" ("Structure of the ORCID
        /// Identifier").
        Length(n: usize) => "orcid-length",
            format!(
                "an ORCID iD has 16 characters (15 digits and a check character); this one has {n} (Structure of the ORCID Identifier)"
            ),
            hint_if: (*n < 16).then(|| "all 16 characters are needed: an ORCID iD is never shortened by leaving out leading zeros".to_owned());
        /// Hyphens (or, in a bare iD, spaces) that are not between all four groups of four, or
        /// of two kinds: "A hyphen will be inserted every 4 digits" ("Structure of the ORCID
        /// Identifier").
        Grouping(fix: Option<String>) => "orcid-grouping",
            "the separators of an ORCID iD go between its four groups of four characters: between all of them, of one kind, or none at all (Structure of the ORCID Identifier)",
            hint_if: fix.as_ref().map(|f| format!("write {f}"));
        /// The last character is not the ISO/IEC 7064 MOD 11-2 check character of the fifteen
        /// digits before it ("Structure of the ORCID Identifier", "Checksum").
        Check(expected: char, found: char) => "orcid-check",
            format!(
                "the check character '{found}' does not match the 15 digits: ISO/IEC 7064 MOD 11-2 gives '{expected}' (Structure of the ORCID Identifier, Checksum)"
            ),
            hint: format!("the check character should be '{expected}': check the iD for a transcription error");
    }
}

/// The error of a number read at `at` in the input: `body` is the text of the number.
pub(crate) fn number_error(p: Problem, at: usize, body: &str) -> OrcidParseError {
    let kind = match p.fault {
        Fault::Empty => OrcidError::Empty,
        Fault::Char(c) => OrcidError::Char(c),
        Fault::Length(n) => OrcidError::Length(n),
        Fault::Grouping => OrcidError::Grouping(crate::isni::number::regrouped(body, '-')),
        Fault::Check { expected, found } => OrcidError::Check(expected, found),
    };
    Error::new(kind, at + p.offset, p.len)
}

/// The codes of the ORCID checks ([`super::Orcid::warnings`]), one constant each, all `orcid-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Whitespace before or after the iD as written: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("orcid-surrounding-space");
    /// A lower-case `x` as the check character: ORCID writes it `X` ("Why does my ORCID iD
    /// have an X?").
    pub const LOWERCASE_X: WarningCode = WarningCode::new("orcid-lowercase-x");
    /// An iD outside the blocks ISNI reserved for ORCID (0000-0001-5000-0007 to
    /// 0000-0003-5000-0001, 0009-0000-0000-0000 to 0009-0010-0000-0000): a valid ISNI, but
    /// not one the ORCID Registry assigns.
    pub const OUTSIDE_BLOCKS: WarningCode = WarningCode::new("orcid-outside-blocks");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LOWERCASE_X, OUTSIDE_BLOCKS];
}
