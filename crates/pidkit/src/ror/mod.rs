//! ROR IDs (Research Organization Registry): a leading `0`, six characters of Crockford base 32
//! and two check digits, expressed as the URL `https://ror.org/05dxps055`.
//!
//! The rules:
//!
//! - ROR, "Identifier" (<https://ror.readme.io/docs/identifier>) and "ROR facts"
//!   (<https://ror.org/facts/>): a unique and opaque character string, a leading 0, 6
//!   characters and a 2-digit checksum, expressed as a URL that resolves to the organization's
//!   record; the entire URL is the preferred form, and the ROR API also recognises
//!   `ror.org/05dxps055` and `05dxps055`.
//! - The ROR API's generator of IDs (ror-community/ror-api, `generaterorid`): the six
//!   characters are a random number in Crockford base 32, lower case, zero-padded; the check
//!   digits are `98 - (n × 100 mod 97)`, ISO/IEC 7064 MOD 97-10 of that number.
//! - Crockford, "Base 32" (<https://www.crockford.com/base32.html>): digits and the letters but
//!   I, L, O and U, read in either case.
//!
//! ```
//! use pidkit::ror::Ror;
//!
//! // California Institute of Technology.
//! let ror = Ror::parse("https://ror.org/05dxps055")?;
//! assert_eq!(ror.id(), "05dxps055");
//! assert_eq!(ror.url(), "https://ror.org/05dxps055");
//! for s in ["05dxps055", "ror.org/05dxps055", "http://www.ror.org/05dxps055/", "ror:05dxps055"] {
//!     assert_eq!(Ror::parse(s)?.id(), ror.id());
//! }
//! // The examples of "ROR facts": one valid ID, and four that are not.
//! assert!(Ror::parse("https://ror.org/01k4yrm29").is_ok());
//! let code = |s| Ror::parse(s).unwrap_err().code();
//! assert_eq!(code("https://ror.org/11k4yrm29"), "ror-first");
//! assert_eq!(code("https://ror.org/01k34yrm29"), "ror-length");
//! assert_eq!(code("https://ror.org/01kOyrm29"), "ror-char");
//! assert_eq!(code("https://ror.org/01k4yrm30"), "ror-check");
//! # Ok::<(), pidkit::ror::RorParseError>(())
//! ```

mod error;
mod extract;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{RorError, RorParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use scheme::RorScheme;
pub use syntax::{RorForm, check_digits, claims, crockford};

use syntax::Spans;

/// The registry's address, before the nine characters in a ROR ID's URL.
pub const ROR_ORG: &str = "https://ror.org/";

/// A ROR ID read from text, borrowing it.
///
/// Written forms read (whitespace around them warned and left out): the ID alone
/// (`05dxps055`); after a label, `ror:` (identifiers.org's prefix), `ROR`, `ROR ID`, then `:` or
/// spaces (`ROR: 05dxps055`), also before the URL; the registry's URL, `https://ror.org/` and
/// the ID, also with `http`, `www.`, a trailing `/`, or without the scheme (`ror.org/…`).
///
/// Decisions where ROR's documents leave a choice:
///
/// - **Upper case** is read as the lower-case ID and warned (`ror-case`): Crockford base 32
///   reads letters in either case, ROR writes IDs in lower case, and the registry looks them
///   up as such.
/// - **I, L, O, U** are errors (`ror-char`), with the digit meant as hint: Crockford's decoder
///   would map I and L to 1 and O to 0, but no ROR ID holds them, so a repair is a guess.
/// - **A URL with more after the ID** (`/about`, `?x`) is an error (`ror-url-rest`); a trailing
///   `/` is read.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Ror::id`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ror<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Ror<'a> {
    /// Read a ROR ID in any of its written forms.
    ///
    /// ```
    /// use pidkit::ror::{Ror, RorForm};
    /// assert_eq!(Ror::parse("ROR: 02mhbdp94")?.form(), RorForm::Label);
    /// let e = Ror::parse("05dxps05").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("ror-length", 8, 0));
    /// # Ok::<(), pidkit::ror::RorParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Ror<'a>, RorParseError> {
        Ok(Ror {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// How the ID was written.
    pub fn form(&self) -> RorForm {
        self.spans.form
    }

    /// The ID as written, without label or URL.
    pub fn written(&self) -> &'a str {
        self.input
            .get(self.spans.at.0..self.spans.at.1)
            .unwrap_or_default()
    }

    /// The URL as written, when the ID was written as one.
    pub fn written_url(&self) -> Option<&'a str> {
        let (a, b) = self.spans.url?;
        self.input.get(a..b)
    }

    /// The URL was written with its scheme.
    pub fn url_has_scheme(&self) -> bool {
        self.spans.with_scheme
    }

    /// The nine characters in lower case: the ID's identity.
    pub fn id(&self) -> &str {
        self.spans.id.as_str()
    }

    /// The ID's URL, its preferred form: `https://ror.org/05dxps055`.
    pub fn url(&self) -> String {
        [ROR_ORG, self.id()].concat()
    }

    /// The two check digits.
    pub fn check(&self) -> &str {
        self.id().get(7..).unwrap_or_default()
    }

    /// Valid but worth a look: whitespace around it, upper case ([`codes`]).
    ///
    /// ```
    /// use pidkit::ror::Ror;
    /// let codes = |s| Ror::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("05dxps055"), Vec::<&str>::new());
    /// assert_eq!(codes("\t05DXPS055"), ["ror-surrounding-space", "ror-case"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "ROR ID");
        if self.spans.id.upper {
            let (a, b) = self.spans.at;
            out.push(Warning::new(
                codes::CASE,
                a,
                b - a,
                format!(
                    "upper-case letters: ROR IDs are lower case, and the registry looks them up as such; read as {} (ROR, Identifier)",
                    self.id()
                ),
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::ror::Ror::parse("ror.org/05DXPS055")?.parts();
    /// assert_eq!((p.id.as_str(), p.url.as_str(), p.form), ("05dxps055", "https://ror.org/05dxps055", "url"));
    /// # Ok::<(), pidkit::ror::RorParseError>(())
    /// ```
    pub fn parts(&self) -> RorParts {
        RorParts {
            id: self.id().to_owned(),
            url: self.url(),
            form: self.form().name(),
        }
    }
}

impl fmt::Display for Ror<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Ror<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ror({:?})", self.input)
    }
}

/// The parts of a ROR ID as the CLI's JSON object `"ror"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RorParts {
    /// The nine characters in lower case (`05dxps055`).
    pub id: String,
    /// Its URL (`https://ror.org/05dxps055`).
    pub url: String,
    /// How it was written: `name`, `label`, `url`.
    pub form: &'static str,
}

impl crate::scheme::Fields for RorParts {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The ID: a leading 0, 6 characters of Crockford base 32 and 2 check digits, in lower case.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The ID's URL at the registry, its preferred form (https://ror.org/…).",
        ),
        Field::new(
            "form",
            FieldType::Str,
            "How the ID was written: alone, after a ror: or ROR label, or as the registry's URL.",
        )
        .one_of(&["name", "label", "url"]),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::Str(&self.url),
            2 => Value::Str(self.form),
            _ => Value::Null,
        }
    }
}
