//! ISNIs (ISO 27729, International Standard Name Identifier): sixteen characters, fifteen
//! digits and an ISO/IEC 7064 MOD 11-2 check character (a digit or `X`), displayed as
//! `ISNI 0000 0001 2103 2683` and resolved at `https://isni.org/isni/0000000121032683`.
//!
//! The rules:
//!
//! - ISO 27729:2012 §4 and Annex A (the standard is sold by ISO; the ISNI International
//!   Agency's FAQ, <http://www.isni.org/content/faq>, "What does the structure and syntax of an
//!   ISNI look like?" and "Why does my ISNI contain an X?", gives its rules): sixteen
//!   characters, the last a check character that may be `X`, computed by ISO/IEC 7064 MOD
//!   11-2; shown to people as `ISNI` and four blocks of four digits separated by spaces
//!   (`ISNI 1422 4586 3573 0476`).
//! - The IANA registration of the `ISNI` URN namespace (2025,
//!   <https://www.iana.org/assignments/urn-formal/isni>): an ISNI resolves by prepending
//!   `https://isni.org/isni/` — the URL pidkit gives as the normal form. (`urn:isni:…` itself
//!   is a URN, read by the URN unit.)
//! - "What is the relationship between ISNI and ORCID?" (ORCID Support,
//!   <https://support.orcid.org/hc/en-us/articles/360006973973-What-is-the-relationship-between-ISNI-and-ORCID>):
//!   ISNI reserved the blocks 0000-0001-5000-0007 to 0000-0003-5000-0001 and
//!   0009-0000-0000-0000 to 0009-0010-0000-0000 for ORCID iDs, whose numbers bear no
//!   relationship to the ISNIs of the same people.
//!
//! ```
//! use pidkit::isni::Isni;
//!
//! // Stephen Hawking's ISNI.
//! let isni = Isni::parse("ISNI 0000 0001 2103 2683")?;
//! assert_eq!(isni.compact(), "0000000121032683");
//! assert_eq!(isni.display(), "0000 0001 2103 2683");
//! assert_eq!(isni.url(), "https://isni.org/isni/0000000121032683");
//! for s in ["0000000121032683", "http://www.isni.org/0000000121032683", "0000-0001-2103-2683"] {
//!     assert_eq!(Isni::parse(s)?.compact(), isni.compact());
//! }
//! let e = Isni::parse("https://orcid.org/0000-0002-1825-0097").unwrap_err();
//! assert_eq!(e.code(), "isni-orcid");
//! # Ok::<(), pidkit::isni::IsniParseError>(())
//! ```

mod error;
mod extract;
pub(crate) mod number;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{IsniError, IsniParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use number::mod11_2;
pub use scheme::IsniScheme;
pub use syntax::{IsniForm, claims};

use syntax::Spans;

/// The ISNI resolver's address, before the sixteen characters in an ISNI's URL.
pub const ISNI_ORG: &str = "https://isni.org/isni/";

/// An ISNI read from text, borrowing it.
///
/// Written forms read (ASCII letters in any case, whitespace around them warned and left out):
///
/// - the number alone, in four groups separated by spaces or hyphens, or in one run
///   (`0000 0001 2103 2683`, `0000-0001-2103-2683`, `0000000121032683`);
/// - after the letters `ISNI` and a space or `:` (`ISNI 0000 0001 2103 2683`,
///   `ISNI:0000000121032683`), also before the URL;
/// - the resolver's URL: `https://isni.org/isni/` and the sixteen characters in one run, also
///   with `http`, `www.`, a trailing `/`, without the `isni/` segment (the older
///   `http://www.isni.org/0000000121032683`), or without the scheme.
///
/// Decisions where the standard leaves a choice:
///
/// - **Separators**: between all four groups, of one kind, or none; none inside a URL
///   (`isni-url-separator`).
/// - **A lower-case `x`** check character is read as `X` and warned (`isni-lowercase-x`).
/// - **An ORCID iD** written as one (`https://orcid.org/…`, `ORCID: …`) is not read
///   (`isni-orcid`): its number is not the ISNI of anyone. A bare number in ORCID's blocks is
///   read, and warned (`isni-orcid-block`).
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Isni::compact`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Isni<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Isni<'a> {
    /// Read an ISNI in any of its written forms.
    ///
    /// ```
    /// use pidkit::isni::{Isni, IsniForm};
    /// assert_eq!(Isni::parse("https://isni.org/isni/000000012146438X")?.form(), IsniForm::Url);
    /// let e = Isni::parse("0000 0001 2103 268").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("isni-length", 18, 0));
    /// # Ok::<(), pidkit::isni::IsniParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Isni<'a>, IsniParseError> {
        Ok(Isni {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// How the ISNI was written.
    pub fn form(&self) -> IsniForm {
        self.spans.form
    }

    /// The ISNI as written: its sixteen characters and their separators, without label or URL.
    pub fn written(&self) -> &'a str {
        self.input
            .get(self.spans.id.0..self.spans.id.1)
            .unwrap_or_default()
    }

    /// The URL as written, when the ISNI was written as one.
    pub fn written_url(&self) -> Option<&'a str> {
        let (a, b) = self.spans.url?;
        self.input.get(a..b)
    }

    /// The URL was written with its scheme.
    pub fn url_has_scheme(&self) -> bool {
        self.spans.with_scheme
    }

    /// The sixteen characters without separators, `X` in upper case: the ISNI's identity.
    pub fn compact(&self) -> &str {
        self.spans.number.as_str()
    }

    /// The four blocks of four separated by spaces, as ISO 27729 displays an ISNI after the
    /// letters `ISNI` (`0000 0001 2103 2683`).
    pub fn display(&self) -> String {
        self.spans.number.grouped(' ')
    }

    /// The ISNI's URL at the resolver: `https://isni.org/isni/0000000121032683`.
    pub fn url(&self) -> String {
        [ISNI_ORG, self.compact()].concat()
    }

    /// The check character (`X` upper case).
    pub fn check_char(&self) -> char {
        self.spans.number.check_char()
    }

    /// Whether the number is in a block ISNI reserved for ORCID iDs.
    ///
    /// ```
    /// use pidkit::isni::Isni;
    /// assert!(Isni::parse("0000000218250097")?.in_orcid_block());
    /// assert!(!Isni::parse("0000000121032683")?.in_orcid_block());
    /// # Ok::<(), pidkit::isni::IsniParseError>(())
    /// ```
    pub fn in_orcid_block(&self) -> bool {
        crate::orcid::in_blocks(self.spans.number.base())
    }

    /// Valid but worth a look: whitespace around it, a lower-case `x`, a number in ORCID's
    /// blocks ([`codes`]).
    ///
    /// ```
    /// use pidkit::isni::Isni;
    /// let codes = |s| Isni::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("0000 0001 2146 438X"), Vec::<&str>::new());
    /// assert_eq!(codes("0000 0001 2146 438x\n"), ["isni-surrounding-space", "isni-lowercase-x"]);
    /// assert_eq!(codes("ISNI 0000 0002 1825 0097"), ["isni-orcid-block"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "ISNI");
        let n = &self.spans.number;
        if n.lower_x {
            out.push(Warning::new(
                codes::LOWERCASE_X,
                n.check_at,
                1,
                "the check character is a lower-case 'x': ISNIs are written with a capital 'X' (ISO 27729 §4)",
            ));
        }
        if self.in_orcid_block() {
            out.push(Warning::new(
                codes::ORCID_BLOCK,
                self.spans.id.0,
                self.spans.id.1 - self.spans.id.0,
                format!(
                    "{} is in a block ISNI reserved for ORCID: it is the ORCID iD https://orcid.org/{}, not an ISNI the ISNI International Agency assigns (What is the relationship between ISNI and ORCID?)",
                    self.display(),
                    n.grouped('-')
                ),
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::isni::Isni::parse("ISNI:000000012146438X")?.parts();
    /// assert_eq!((p.isni.as_str(), p.url.as_str(), p.form), ("0000 0001 2146 438X", "https://isni.org/isni/000000012146438X", "label"));
    /// # Ok::<(), pidkit::isni::IsniParseError>(())
    /// ```
    pub fn parts(&self) -> IsniParts {
        IsniParts {
            isni: self.display(),
            url: self.url(),
            form: self.form().name(),
        }
    }
}

impl fmt::Display for Isni<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Isni<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Isni({:?})", self.input)
    }
}

/// The parts of an ISNI as the CLI's JSON object `"isni"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IsniParts {
    /// The four blocks of four separated by spaces (`0000 0001 2103 2683`).
    pub isni: String,
    /// Its URL at the resolver (`https://isni.org/isni/0000000121032683`).
    pub url: String,
    /// How it was written: `name`, `label`, `url`.
    pub form: &'static str,
}

impl crate::scheme::Fields for IsniParts {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "isni",
            FieldType::Str,
            "The ISNI as ISO 27729 displays it: four blocks of four separated by spaces, the check character 'X' in upper case.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The ISNI's URL at the resolver (https://isni.org/isni/ and the 16 characters).",
        ),
        Field::new(
            "form",
            FieldType::Str,
            "How the ISNI was written: alone, after the letters ISNI, or as the resolver's URL.",
        )
        .one_of(&["name", "label", "url"]),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.isni),
            1 => Value::Str(&self.url),
            2 => Value::Str(self.form),
            _ => Value::Null,
        }
    }
}
