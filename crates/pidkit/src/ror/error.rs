//! The errors and warning codes of ROR IDs (ROR's "Identifier" documentation and the ROR API's
//! generator of IDs), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of a ROR ID, at a byte offset of the input.
pub type RorParseError = Error<RorError>;

error_enum! {
    /// What is wrong with a ROR ID. Every code starts `ror-`; the messages name the rule's
    /// source.
    ///
    /// ```
    /// use pidkit::ror::{Ror, RorError};
    /// let e = Ror::parse("https://ror.org/01k4yrm30").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset, e.len), (RorError::Check("29".into(), "30".into()), "ror-check", 23, 2));
    /// assert_eq!(e.hint().as_deref(), Some("the check digits should be '29': check the ID for a transcription error"));
    /// ```
    pub enum RorError {
        /// Nothing where the nine characters belong: an empty input, or only a label or the
        /// registry's URL (ROR, "Identifier").
        Empty => "ror-empty",
            "no ROR ID here: its 9 characters are missing (ROR, Identifier)",
            hint: "a ROR ID reads https://ror.org/05dxps055, or 05dxps055";
        /// An IRI of another scheme (`doi:`, `urn:` …): not a written form of a ROR ID.
        NotRor(scheme: String) => "ror-not-ror",
            format!(
                "not a ROR ID: a '{scheme}:' IRI; ROR IDs are written https://ror.org/05dxps055 (ROR, Identifier)"
            ),
            hint: "read it as the kind it is (--as auto), or give the ROR ID itself";
        /// A URL of another host than `ror.org` (or `www.ror.org`): a ROR ID is expressed as a
        /// URL of the registry (ROR, "Identifier").
        UrlHost(host: String) => "ror-url-host",
            format!(
                "the host '{host}' is not ROR's: a ROR ID is https://ror.org/ and the 9 characters (ROR, Identifier)"
            ),
            hint: "write https://ror.org/ and the ID";
        /// Something after the ID in a URL (another path segment, a query, a fragment).
        UrlRest(rest: String) => "ror-url-rest",
            format!(
                "'{rest}' follows the ID in the URL: a ROR ID is https://ror.org/ and the 9 characters, nothing after them (ROR, Identifier)"
            ),
            hint: format!("remove '{rest}'");
        /// The first character is not `0`: every ROR ID starts with a leading 0 (ROR,
        /// "Identifier").
        First(c: char) => "ror-first",
            format!(
                "a ROR ID starts with the digit 0, not {} (ROR, Identifier: a leading 0, 6 characters, 2 check digits)",
                describe(*c)
            ),
            hint_if: (*c == 'o' || *c == 'O').then(|| "the letter O: write the digit 0".to_owned());
        /// A character not allowed where it stands: the six characters after the leading `0`
        /// are Crockford base 32 (digits and letters but I, L, O and U), the last two are
        /// digits (ROR, "Identifier"; Crockford, "Base 32").
        Char(c: char, at: usize) => "ror-char",
            format!(
                "{} is not allowed here: a ROR ID is a leading 0, 6 characters of Crockford base 32 (digits and the letters but I, L, O, U), and 2 check digits (ROR, Identifier)",
                describe(*c)
            ),
            hint_if: char_hint(*c, *at);
        /// Not nine characters (ROR, "Identifier").
        Length(n: usize) => "ror-length",
            format!(
                "a ROR ID has 9 characters (a leading 0, 6 characters and 2 check digits); this one has {n} (ROR, Identifier)"
            );
        /// The last two digits are not the ISO/IEC 7064 MOD 97-10 check of the number the six
        /// characters before them encode in Crockford base 32 (the ROR API's generator of IDs).
        Check(expected: String, found: String) => "ror-check",
            format!(
                "the check digits '{found}' do not match the ID: ISO/IEC 7064 MOD 97-10 of the number its 6 characters encode gives '{expected}' (ROR, Identifier)"
            ),
            hint: format!("the check digits should be '{expected}': check the ID for a transcription error");
    }
}

/// The hint for a character not allowed at position `at` (0 to 8) of the ID.
fn char_hint(c: char, at: usize) -> Option<String> {
    if at >= 7 {
        return Some("the last two characters of a ROR ID are its check digits, 0-9".into());
    }
    match c.to_ascii_lowercase() {
        'o' => Some("Crockford base 32 has no letter O: write the digit 0".into()),
        'i' | 'l' => Some(format!(
            "Crockford base 32 has no letter {}: write the digit 1",
            c.to_ascii_uppercase()
        )),
        'u' => Some("Crockford base 32 has no letter U: check the ID for a transcription error".into()),
        _ => None,
    }
}

/// The codes of the ROR checks ([`super::Ror::warnings`]), one constant each, all `ror-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Whitespace before or after the ID as written: not part of it, left out.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("ror-surrounding-space");
    /// Upper-case letters in the ID: ROR IDs are lower case, and the registry and its API
    /// look them up as such; read as the lower-case ID (Crockford base 32 is case-insensitive).
    pub const CASE: WarningCode = WarningCode::new("ror-case");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, CASE];
}
