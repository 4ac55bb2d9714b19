//! GND identifiers: the numbers of the Gemeinsame Normdatei, the authority file of the
//! Deutsche Nationalbibliothek (DNB) and the German-speaking library networks — persons,
//! corporate bodies, conferences, places, subjects and works — with their check character,
//! bare, labelled (`gnd:`, `GND `, `(DE-588)`) and as URIs (`https://d-nb.info/gnd/…`).
//!
//! The rules, from the DNB's documentation:
//!
//! - **The number** ("Prüfziffernberechnung", DNB wiki,
//!   <https://wiki.dnb.de/pages/viewpage.action?pageId=57901746>): at most 10 digits and a check
//!   character; the check character is the sum of the digits weighted 2, 3, 4 … from the right,
//!   modulus 11: `(11 - sum mod 11) mod 11`, 10 written `X`. Since the GND was introduced (19
//!   April 2012, merging the PND, GKD, SWD and the DMA's EST file) this holds for all new
//!   records; their numbers have no hyphen: `118540238` (from the PND, persons, nine
//!   characters), ten characters for numbers given since 2012.
//! - **The old SWD and GKD numbers** (same page, "Vor Einführung der GND"), kept in the GND as
//!   they were: digits, a hyphen and a check character computed the other way, `sum mod 11`
//!   (the result subtracted from 11 once more): `4005728-8` (SWD, subjects: Berlin), and the
//!   GKD's numbers of corporate bodies, 1 to 8 digits before the hyphen. The hyphen is part of
//!   the identifier; without it the same digits are another number under the other rule.
//! - **Written forms**: the GND's URIs are `https://d-nb.info/gnd/` and the number (the DNB's
//!   Linked Data Service; `http://` is their older form), the GND Explorer shows records at
//!   `https://explore.gnd.network/gnd/…`, and catalogue records (MARC 21 `$0`) write the GND's
//!   ISIL before the number: `(DE-588)118540238`; the ISILs of the merged files were
//!   `(DE-588a)` (PND), `(DE-588b)` (GKD) and `(DE-588c)` (SWD).
//!
//! ```
//! use pidkit::gnd::GndId;
//!
//! let goethe = GndId::parse("(DE-588)118540238")?;
//! assert_eq!((goethe.id().as_ref(), goethe.uri()), ("118540238", "https://d-nb.info/gnd/118540238".to_owned()));
//! assert!(!goethe.hyphenated());
//! let berlin = GndId::parse("https://d-nb.info/gnd/4005728-8/about/html")?;
//! assert_eq!((berlin.id().as_ref(), berlin.hyphenated()), ("4005728-8", true));
//!
//! // A check character computed by the other rule is an error, with the expected one.
//! let e = GndId::parse("4005728-3").unwrap_err();
//! assert_eq!((e.code(), e.offset), ("gnd-check-digit", 8));
//! assert_eq!(e.hint().as_deref(), Some("the check character should be '8'"));
//! # Ok::<(), pidkit::gnd::GndParseError>(())
//! ```
//!
//! Decisions where the documentation leaves a choice:
//!
//! - **Which rule checks which number**: a number with a hyphen by the old SWD/GKD rule, one
//!   without by the GND rule. The DNB documents no hyphenated number made since 2012.
//! - **Lengths**: 8 to 10 digits before the check character without a hyphen (the PND's nine
//!   characters to the ten the DNB allows), 1 to 8 before a hyphen (the GKD's range; SWD numbers
//!   have seven). Leading zeros are errors: GND numbers are not written with them.
//! - **What the check character catches**: any change of one digit, but for the first of ten
//!   digits, whose weight 11 is 0 modulus 11 (the DNB's own weight table shows it).
//! - **Auto-detection** takes the labels and the URLs only: a bare PND or GND number is a
//!   modulus-11 number with the weights of an ISBN-10, so every ISBN-10 has its shape.

mod error;
mod find;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{GndError, GndParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::GndScheme;
pub use syntax::{check_char, claims};

use syntax::Spans;

/// The base of the GND's URIs (DNB Linked Data Service).
pub const URI_BASE: &str = "https://d-nb.info/gnd/";

/// How a GND identifier was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// The number alone.
    Number,
    /// After a label: `gnd:`, `GND `, `(DE-588)`.
    Label,
    /// A d-nb.info or GND Explorer URL.
    Url,
}

/// A GND identifier read from text, borrowing it. `Display` gives the input; compare with
/// [`GndId::uri`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GndId<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> GndId<'a> {
    /// Read a GND identifier in any of its written forms, its check character verified.
    ///
    /// ```
    /// use pidkit::gnd::GndId;
    /// assert!(GndId::parse("gnd:95980479X").is_ok());
    /// assert_eq!(GndId::parse("095980479X").unwrap_err().code(), "gnd-leading-zero");
    /// ```
    pub fn parse(s: &'a str) -> Result<GndId<'a>, GndParseError> {
        Ok(GndId {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The GND number with its check character (and hyphen), `X` in upper case.
    pub fn id(&self) -> Cow<'a, str> {
        let (from, to) = self.spans.id;
        let id = &self.input[from..to];
        if id.ends_with('x') {
            Cow::Owned(id.to_ascii_uppercase())
        } else {
            Cow::Borrowed(id)
        }
    }

    /// Whether it is an old SWD or GKD number, with a hyphen before its check character.
    pub fn hyphenated(&self) -> bool {
        self.spans.hyphen.is_some()
    }

    /// The URI: `https://d-nb.info/gnd/` and the number.
    pub fn uri(&self) -> String {
        [URI_BASE, &self.id()].concat()
    }

    /// Whether it was written as a URL with its `http://` or `https://`.
    pub fn is_url(&self) -> bool {
        self.spans.form == Form::Url && {
            let t = self.input.trim_start_matches(|c: char| c.is_ascii_whitespace());
            t.get(..4).is_some_and(|h| h.eq_ignore_ascii_case("http"))
        }
    }

    /// Valid but worth a look ([`codes`]).
    ///
    /// ```
    /// use pidkit::gnd::GndId;
    /// let codes = |s| GndId::parse(s).unwrap().warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    /// assert_eq!(codes("(DE-588a)95980479x"), ["gnd-lowercase-x", "gnd-old-isil"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "GND identifier");
        let (_, to) = self.spans.id;
        if self.input.as_bytes()[to - 1] == b'x' {
            out.push(Warning::new(
                codes::LOWERCASE_X,
                to - 1,
                1,
                "the check character 10 is written as a capital X (DNB, Prüfziffernberechnung)",
            ));
        }
        if let Some((from, to)) = self.spans.old_isil {
            out.push(Warning::new(
                codes::OLD_ISIL,
                from,
                to - from,
                "the ISIL of a file merged into the GND in 2012 (DE-588a PND, DE-588b GKD, DE-588c SWD): the GND's is (DE-588)",
            ));
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the number in the URL is not part of the identifier: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> GndParts<'a> {
        GndParts {
            id: self.id(),
            uri: self.uri(),
        }
    }
}

impl fmt::Display for GndId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for GndId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GndId({:?})", self.input)
    }
}

/// The parts of a GND identifier as the CLI's JSON object `"gnd"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GndParts<'a> {
    /// The number with its check character.
    pub id: Cow<'a, str>,
    /// The URI at d-nb.info.
    pub uri: String,
}

impl crate::scheme::Fields for GndParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The GND number with its check character (and the hyphen of an old SWD or GKD number).",
        ),
        Field::new(
            "uri",
            FieldType::Str,
            "The GND URI, https://d-nb.info/gnd/ and the number (the canonical form).",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::Str(&self.uri),
            _ => Value::Null,
        }
    }
}
