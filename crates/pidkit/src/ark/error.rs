//! The errors and warning codes of ARKs (draft-kunze-ark, "ARK Anatomy" to "Normalization and Lexical Equivalence"), one row each.

use crate::error::{Error, describe, encode_hint, error_enum};
use crate::iri::IriError;

/// An error of an ARK, at a byte offset of the input.
pub type ArkParseError = Error<ArkError>;

error_enum! {
    /// What is wrong with an ARK. Every code starts `ark-`; the messages name the section of
    /// draft-kunze-ark that makes the rule.
    ///
    /// ```
    /// use pidkit::ark::{Ark, ArkError};
    /// let e = Ark::parse("ark:12345").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (ArkError::MissingSlash, "ark-missing-slash", 9));
    /// ```
    pub enum ArkError {
        /// No `ark:` label, neither at the start nor after a Resolver Service
        /// (`https://NMA/ark:…`): not an ARK ("ARK Anatomy").
        NotArk => "ark-not-ark",
            "not an ARK: there is no 'ark:' label, at the start or after 'https://NMA/' (ARK Anatomy)",
            hint: "an ARK reads ark:NAAN/Name (ark:12345/x6np1wh8k), or https://NMA/ark:NAAN/Name as a URL";
        /// A whitespace character: ARKs are visible ASCII ("Character Repertoires").
        Whitespace(c: char) => "ark-whitespace",
            format!("{} is not allowed in an ARK: the Name and Qualifier are visible ASCII (Character Repertoires)", describe(*c)),
            hint: "remove it: a space or line break in an ARK usually comes from line wrapping";
        /// Text before `ark:` that is not `http://` or `https://`, a host and an optional path:
        /// a Resolver Service is a URI scheme and an NMA ("Finding a Resolver Service").
        NmaScheme(scheme: String) => "ark-nma-scheme",
            nma_scheme(scheme),
            hint: "write the Resolver Service as https://host/ before 'ark:' (https://n2t.net/ark:…), or drop it";
        /// The Resolver Service before `ark:` is not a valid URL prefix ("The Name Mapping
        /// Authority (NMA)": the host/port part of a URL).
        NmaInvalid(e: IriError) => "ark-nma-invalid",
            format!("the NMA is not the host/port part of a URL: {e} (The Name Mapping Authority)"),
            hint_if: e.hint();
        /// Userinfo (`user@`) before the NMA's host: the NMA is a hostname or host/port
        /// combination ("The Name Mapping Authority (NMA)").
        NmaUserinfo => "ark-nma-userinfo",
            "the NMA is a hostname or host:port combination, without 'user@' (The Name Mapping Authority)",
            hint: "remove the userinfo and its '@'";
        /// An empty host (`https:///ark:…`) ("The Name Mapping Authority (NMA)").
        NmaHost => "ark-nma-host",
            "the NMA has no host: a Resolver Service is https://host/ (The Name Mapping Authority)";
        /// No NAAN after the label (`ark:/12345` written `ark://12345`, or `ark:/x`): the NAAN
        /// "is always required" ("The Name Assigning Authority Number (NAAN)").
        NaanEmpty(extra_slash: bool) => "ark-naan-empty",
            "the NAAN after 'ark:' is missing: it is always required (The Name Assigning Authority Number)",
            hint_if: extra_slash.then(|| String::from("remove the extra '/': ark:12345/… or ark:/12345/…"));
        /// A NAAN character that is not betanumeric (`0-9` and `bcdfghjkmnpqrstvwxz`, in either
        /// case) ("The Name Assigning Authority Number (NAAN)").
        NaanChar(c: char) => "ark-naan-char",
            format!(
                "character {} is not allowed in a NAAN: betanumeric only, digits and the consonants bcdfghjkmnpqrstvwxz (The Name Assigning Authority Number)",
                describe(*c)
            ),
            hint_if: naan_hint(*c);
        /// A NAAN longer than [`super::MAX_NAAN_LEN`] bytes: far past the 16 octets every
        /// implementation must support, and every NAAN assigned since 2001 has five digits.
        NaanTooLong => "ark-naan-too-long",
            format!(
                "the NAAN is longer than {} bytes (every NAAN assigned since 2001 has five digits; The Name Assigning Authority Number)",
                super::MAX_NAAN_LEN
            );
        /// The NAAN is not followed by `/` and a Name (`ark:12345` is the compact form of a NAAN,
        /// not of an object) ("The Name Part": the Name "is also required").
        MissingSlash => "ark-missing-slash",
            "no '/' and Name after the NAAN: an ARK is ark:NAAN/Name, the Name is required (The Name Part)",
            hint: "add '/' and the Name: ark:12345 alone names a Name Assigning Authority, not an object";
        /// Nothing after `NAAN/` but structural characters and hyphens ("The Name Part").
        NameEmpty => "ark-name-empty",
            "the Name after the NAAN is empty: it is required (The Name Part)";
        /// A visible ASCII character outside the ARK repertoire, or a control character
        /// ("Character Repertoires": letters, digits, `= ~ * + @ _ $` and the reserved `% - . /`).
        Char(c: char) => "ark-char",
            format!(
                "character {} is not allowed in an ARK: only letters, digits, = ~ * + @ _ $ and the reserved % - . / (Character Repertoires)",
                describe(*c)
            ),
            hint_if: encode_hint(*c);
        /// A non-ASCII character (other than the hyphen-like characters that normalization
        /// removes): the Name and Qualifier are visible ASCII ("Character Repertoires").
        NonAscii(c: char) => "ark-non-ascii",
            format!(
                "non-ASCII character {} is not allowed in an ARK: the Name and Qualifier are visible ASCII, other octets are %-encoded (Character Repertoires)",
                describe(*c)
            ),
            hint_if: encode_hint(*c);
        /// A `%` not followed by two hex digits ("Character Repertoires").
        BadPercent => "ark-bad-percent",
            "'%' must be followed by two hex digits: it %-encodes an octet (Character Repertoires)",
            hint: "write a literal '%' as %25";
        /// A variant (`.v2`) followed by a component (`/page`): step 9 of "Normalization and
        /// Lexical Equivalence" throws the ARK out as malformed (pidkit rejects rather than moves).
        VariantPath => "ark-variant-path",
            "a component with a period on its left and a slash on its right ('.v2/'): the Qualifier is a ComponentPath followed by a VariantPath, so this ARK is malformed (Normalization and Lexical Equivalence, step 9)",
            hint: "write the components first and the variants last: x54/page.v2, not x54.v2/page";
        /// A character not allowed in the query after `?` (RFC 3986 `query`).
        QueryChar(c: char) => "ark-query-char",
            format!("character {} is not allowed in the query after '?' (RFC 3986 §3.4)", describe(*c)),
            hint_if: encode_hint(*c);
        /// The last character of the Base Name is not the NOID check character of the Check
        /// Zone ("ARK Anatomy"; only with [`super::ArkOptions::check_char`]).
        CheckChar(expected: char, found: char) => "ark-check-char",
            format!(
                "the check character '{found}' does not match the Check Zone: the NOID check digit algorithm gives '{expected}' (ARK Anatomy)"
            ),
            hint: format!("the expected check character is '{expected}': check the ARK for a transcription error, or do not ask for a check character");
    }
}

fn nma_scheme(scheme: &str) -> String {
    if scheme.is_empty() {
        "the text before 'ark:' has no URI scheme: a Resolver Service is a URI scheme and an NMA, such as https://n2t.net/ (Finding a Resolver Service)".into()
    } else {
        format!(
            "the Resolver Service of an ARK is an http:// or https:// URL on the web, not '{scheme}:' (Finding a Resolver Service)"
        )
    }
}

fn naan_hint(c: char) -> Option<String> {
    match c.to_ascii_lowercase() {
        'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'l' => Some(
            "NAANs have no vowels, no 'y' and no 'l', so they never spell words (five digits since 2001)".into(),
        ),
        _ => None,
    }
}

impl From<Error<IriError>> for ArkParseError {
    fn from(e: Error<IriError>) -> Self {
        Error {
            kind: ArkError::NmaInvalid(e.kind),
            offset: e.offset,
            len: e.len,
        }
    }
}

/// The codes of the ARK checks ([`super::Ark::warnings`]), one constant each, all `ark-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// The label is not lowercase `ark:` ("Normalization and Lexical Equivalence", step 3).
    pub const LABEL_CASE: WarningCode = WarningCode::new("ark-label-case");
    /// Uppercase letters in the NAAN ("Normalization and Lexical Equivalence", step 4).
    pub const NAAN_CASE: WarningCode = WarningCode::new("ark-naan-case");
    /// A NAAN that is not five digits: every NAAN assigned since 2001 is ("The NAAN").
    pub const NAAN_FORM: WarningCode = WarningCode::new("ark-naan-form");
    /// The shared NAANs 12345 (examples) and 99999 (tests): not for long-term reference
    /// ("The NAAN", table of shared NAANs).
    pub const TRANSIENT_NAAN: WarningCode = WarningCode::new("ark-transient-naan");
    /// Hyphens: identity inert, removed in comparison ("Character Repertoires").
    pub const HYPHEN: WarningCode = WarningCode::new("ark-hyphen");
    /// Hyphen-like characters (U+00AD, U+2010 to U+2015) where hyphens belong: removed by
    /// normalization step 6 ("Character Repertoires").
    pub const HYPHEN_LIKE: WarningCode = WarningCode::new("ark-hyphen-like");
    /// Lowercase hex digits in a `%XX`: uppercase is preferred ("Character Repertoires").
    pub const PERCENT_CASE: WarningCode = WarningCode::new("ark-percent-case");
    /// A %-encoded non-reserved character (letter, digit, `= ~ * + @ _ $`): it should never be
    /// encoded ("Normalization and Lexical Equivalence").
    pub const ENCODED_UNRESERVED: WarningCode = WarningCode::new("ark-encoded-unreserved");
    /// A %-encoded reserved character (`%2D`, `%2E`, `%2F`): only to conceal its reserved meaning
    /// ("Normalization and Lexical Equivalence").
    pub const ENCODED_RESERVED: WarningCode = WarningCode::new("ark-encoded-reserved");
    /// Initial, final or doubled structural characters (`/`, `.`), which normalization step 8
    /// removes ("The Qualifier Part").
    pub const STRUCTURAL: WarningCode = WarningCode::new("ark-structural");
    /// The Name is only a primordinal shoulder followed by `/`: no delimiter belongs between
    /// shoulder and blade ("Optional: Shoulders").
    pub const SHOULDER_SLASH: WarningCode = WarningCode::new("ark-shoulder-slash");
    /// The Base Name plus Qualifier is longer than the 255 octets every implementation must
    /// support ("Character Repertoires").
    pub const LONG: WarningCode = WarningCode::new("ark-long");
    /// A query that is not an inflection: not part of the ARK ("Normalization and Lexical
    /// Equivalence", step 2).
    pub const QUERY: WarningCode = WarningCode::new("ark-query");
    /// The older inflections `?` and `??`: reserved, hard to recognize, optional to support;
    /// `?info` is the one resolvers must support ("Three Requirements of ARKs", THUMP).
    pub const OLD_INFLECTION: WarningCode = WarningCode::new("ark-old-inflection");
    /// What `normalize` left out of an ARK, one warning per step of "Normalization and Lexical
    /// Equivalence" that changed something (the NMA, the inflection, hyphens …).
    pub const NORMALIZED: WarningCode = WarningCode::new("ark-normalized");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        LABEL_CASE,
        NAAN_CASE,
        NAAN_FORM,
        TRANSIENT_NAAN,
        HYPHEN,
        HYPHEN_LIKE,
        PERCENT_CASE,
        ENCODED_UNRESERVED,
        ENCODED_RESERVED,
        STRUCTURAL,
        SHOULDER_SLASH,
        LONG,
        QUERY,
        OLD_INFLECTION,
        NORMALIZED,
    ];
}
