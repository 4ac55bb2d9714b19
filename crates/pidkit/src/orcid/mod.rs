//! ORCID iDs: sixteen characters, fifteen digits and an ISO/IEC 7064 MOD 11-2 check character
//! (a digit or `X`), written in four groups of four joined by hyphens and shown as the URI
//! `https://orcid.org/0000-0002-1825-0097`.
//!
//! The rules are ORCID's own:
//!
//! - "Structure of the ORCID Identifier" (ORCID Support,
//!   <https://support.orcid.org/hc/en-us/articles/360006897674-Structure-of-the-ORCID-Identifier>):
//!   an HTTPS URI with a 16-digit number compatible with ISO 27729 (ISNI); all sixteen
//!   characters always, never shortened by leaving out leading zeros; a hyphen every four
//!   digits for readability, the same iD without them; the last character a MOD 11-2 check
//!   character, `X` standing for 10.
//! - "Why does my ORCID iD have an X?" (ORCID Support,
//!   <https://support.orcid.org/hc/en-us/articles/360053289173-Why-does-my-ORCID-iD-have-an-X->):
//!   the `X` is upper case.
//! - "What is the relationship between ISNI and ORCID?" (ORCID Support,
//!   <https://support.orcid.org/hc/en-us/articles/360006973973-What-is-the-relationship-between-ISNI-and-ORCID>):
//!   the blocks ISNI reserved for ORCID, 0000-0001-5000-0007 to 0000-0003-5000-0001 and (since
//!   2023) 0009-0000-0000-0000 to 0009-0010-0000-0000; "there is no relationship" between an
//!   ORCID iD and the ISNI of the same person.
//! - "ORCID iD display guidelines" (ORCID,
//!   <https://info.orcid.org/documentation/integration-guide/orcid-id-display-guidelines/>): the
//!   full iD is the `https://orcid.org/` URL, which pidkit gives as the normal form.
//!
//! ```
//! use pidkit::orcid::Orcid;
//!
//! let id = Orcid::parse("https://orcid.org/0000-0002-1825-0097")?;
//! assert_eq!(id.id(), "0000-0002-1825-0097");
//! assert_eq!(id.compact(), "0000000218250097");
//! assert_eq!(id.url(), "https://orcid.org/0000-0002-1825-0097");
//! // Every written form names the same iD.
//! for s in ["0000000218250097", "ORCID: 0000-0002-1825-0097", "http://www.orcid.org/0000-0002-1825-0097/"] {
//!     assert_eq!(Orcid::parse(s)?.compact(), id.compact());
//! }
//! // Stephen Hawking's iD ends in the check character X.
//! assert_eq!(Orcid::parse("0000-0002-9079-593X")?.check_char(), 'X');
//!
//! let e = Orcid::parse("0000-0002-1825-0098").unwrap_err();
//! assert_eq!((e.code(), e.offset), ("orcid-check", 18));
//! assert_eq!(e.hint().as_deref(), Some("the check character should be '7': check the iD for a transcription error"));
//! # Ok::<(), pidkit::orcid::OrcidParseError>(())
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

pub use error::{OrcidError, OrcidParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use scheme::OrcidScheme;
pub use syntax::{FIRST_BLOCK, OrcidForm, SECOND_BLOCK, claims};
pub(crate) use extract::{Anchors, ends_word, layout, starts_word};
pub(crate) use syntax::{in_blocks, is_orcid_form};

use syntax::Spans;

/// The ORCID Registry's address, before the iD in its URI.
pub const ORCID_ORG: &str = "https://orcid.org/";

/// An ORCID iD read from text, borrowing it.
///
/// Written forms read (ASCII letters in any case, whitespace around them warned and left out):
///
/// - the iD alone, with hyphens between the four groups, without them, or with spaces
///   (`0000-0002-1825-0097`, `0000000218250097`, `0000 0002 1825 0097`);
/// - after a printed label, `ORCID`, `ORCID iD` or `orcid`, then `:` or spaces (`ORCID:
///   0000-0002-1825-0097`, `orcid:0000-0002-1825-0097`, `ORCID iD 0000000218250097`), also
///   before the URL (`ORCID: https://orcid.org/…`);
/// - the registry's URL, `https://orcid.org/` and the iD (hyphens or none), also with `http`,
///   `www.`, a trailing `/`, or without the scheme (`orcid.org/0000-0002-1825-0097`).
///
/// Decisions where ORCID's documents leave a choice:
///
/// - **Separators**: between all four groups, of one kind, or none; spaces only outside URLs.
/// - **A lower-case `x`** check character is read as `X` and warned (`orcid-lowercase-x`):
///   ORCID asks for the capital, and nothing else could be meant.
/// - **An iD outside ORCID's blocks** is read and warned (`orcid-outside-blocks`): it is a
///   valid ISO 27729 number, which the ORCID Registry does not assign.
/// - **A URL with more after the iD** (`/works`, `?lang=en`, `#x`) is an error
///   (`orcid-url-rest`): it is not the iD's URI; a trailing `/` is read.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Orcid::compact`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Orcid<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Orcid<'a> {
    /// Read an ORCID iD in any of its written forms.
    ///
    /// ```
    /// use pidkit::orcid::{Orcid, OrcidForm};
    /// assert_eq!(Orcid::parse("orcid.org/0000-0002-1825-0097")?.form(), OrcidForm::Url);
    /// let e = Orcid::parse("0000-0002-1825-009").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("orcid-length", 18, 0));
    /// # Ok::<(), pidkit::orcid::OrcidParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Orcid<'a>, OrcidParseError> {
        Ok(Orcid {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// How the iD was written.
    pub fn form(&self) -> OrcidForm {
        self.spans.form
    }

    /// The iD as written: its sixteen characters and their separators, without label or URL.
    pub fn written(&self) -> &'a str {
        self.input
            .get(self.spans.id.0..self.spans.id.1)
            .unwrap_or_default()
    }

    /// The URL as written, when the iD was written as one (`https://orcid.org/…`, also after
    /// a label).
    pub fn written_url(&self) -> Option<&'a str> {
        let (a, b) = self.spans.url?;
        self.input.get(a..b)
    }

    /// The URL was written with its scheme (`https://orcid.org/…` rather than `orcid.org/…`).
    pub fn url_has_scheme(&self) -> bool {
        self.spans.with_scheme
    }

    /// The sixteen characters without separators, `X` in upper case: the iD's identity.
    pub fn compact(&self) -> &str {
        self.spans.number.as_str()
    }

    /// The iD in ORCID's form: four groups of four joined by hyphens (`0000-0002-1825-0097`).
    pub fn id(&self) -> String {
        self.spans.number.grouped('-')
    }

    /// The iD's URI, as ORCID displays it: `https://orcid.org/0000-0002-1825-0097`.
    pub fn url(&self) -> String {
        [ORCID_ORG, &self.id()].concat()
    }

    /// The check character (`X` upper case).
    pub fn check_char(&self) -> char {
        self.spans.number.check_char()
    }

    /// Whether the iD is in a block the ORCID Registry assigns from ([`FIRST_BLOCK`],
    /// [`SECOND_BLOCK`]).
    ///
    /// ```
    /// use pidkit::orcid::Orcid;
    /// assert!(Orcid::parse("0009-0001-5055-9262")?.in_blocks());
    /// assert!(!Orcid::parse("0000-0001-2103-2683")?.in_blocks());
    /// # Ok::<(), pidkit::orcid::OrcidParseError>(())
    /// ```
    pub fn in_blocks(&self) -> bool {
        syntax::in_blocks(self.spans.number.base())
    }

    /// Valid but worth a look: whitespace around it, a lower-case `x`, an iD outside ORCID's
    /// blocks ([`codes`]).
    ///
    /// ```
    /// use pidkit::orcid::Orcid;
    /// let codes = |s| Orcid::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("0000-0002-1694-233X"), Vec::<&str>::new());
    /// assert_eq!(codes(" 0000-0002-1694-233x"), ["orcid-surrounding-space", "orcid-lowercase-x"]);
    /// assert_eq!(codes("0000-0001-2103-2683"), ["orcid-outside-blocks"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "ORCID iD");
        let n = &self.spans.number;
        if n.lower_x {
            out.push(Warning::new(
                codes::LOWERCASE_X,
                n.check_at,
                1,
                "the check character is a lower-case 'x': ORCID iDs are written with a capital 'X' (Why does my ORCID iD have an X?)",
            ));
        }
        if !self.in_blocks() {
            out.push(Warning::new(
                codes::OUTSIDE_BLOCKS,
                self.spans.id.0,
                self.spans.id.1 - self.spans.id.0,
                format!(
                    "{} is outside the blocks ISNI reserved for ORCID (0000-0001-5000-0007 to 0000-0003-5000-0001, 0009-0000-0000-0000 to 0009-0010-0000-0000): a valid ISNI, but not an iD the ORCID Registry assigns (What is the relationship between ISNI and ORCID?)",
                    self.id()
                ),
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::orcid::Orcid::parse("orcid:0000000218250097")?.parts();
    /// assert_eq!((p.id.as_str(), p.url.as_str(), p.form), ("0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097", "label"));
    /// # Ok::<(), pidkit::orcid::OrcidParseError>(())
    /// ```
    pub fn parts(&self) -> OrcidParts {
        OrcidParts {
            id: self.id(),
            url: self.url(),
            form: self.form().name(),
        }
    }
}

impl fmt::Display for Orcid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Orcid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Orcid({:?})", self.input)
    }
}

/// The parts of an ORCID iD as the CLI's JSON object `"orcid"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrcidParts {
    /// The iD in four hyphenated groups (`0000-0002-1825-0097`).
    pub id: String,
    /// Its URI (`https://orcid.org/0000-0002-1825-0097`).
    pub url: String,
    /// How it was written: `name`, `label`, `url`.
    pub form: &'static str,
}

impl crate::scheme::Fields for OrcidParts {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The iD: 16 characters in four hyphenated groups, the check character 'X' in upper case.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The iD's URI at the ORCID Registry, as ORCID displays iDs (https://orcid.org/…).",
        ),
        Field::new(
            "form",
            FieldType::Str,
            "How the iD was written: alone, after an ORCID label, or as the registry's URL.",
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
