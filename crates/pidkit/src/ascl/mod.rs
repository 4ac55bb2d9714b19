//! ASCL IDs: the identifiers of the Astrophysics Source Code Library, a registry of research
//! software of astronomy, cited as `ascl:YYMM.NNN` and linked as `https://ascl.net/YYMM.NNN`.
//!
//! The rules, from the ASCL's "ASCL Data Dictionary and CodeMeta Crosswalk"
//! (<https://ascl.net/home/getwp/3297>): the field `ascl_id`, eight characters, "YYMM.###
//! where YY is the year, MM is the month, and ### is an incrementing integer padded with
//! zeroes"; `0000.000` stands for entries not yet assigned an ID and is no ID. An entry's page is
//! the ID after `ascl.net/` (the ASCL's own examples write `ascl.net/1201.001`; identifiers.org
//! and Bioregistry give `http://ascl.net/1801.012`). The ADS indexes each entry under a bibcode
//! `YYYYascl.softMMNNNA` (year in full, month and number, the first author's initial).
//!
//! ```
//! use pidkit::ascl::AsclId;
//!
//! let a = AsclId::parse("ascl:1201.001")?;
//! assert_eq!((a.id(), a.year(), a.month()), ("1201.001", 12, 1));
//! assert_eq!(AsclId::parse("https://ascl.net/1201.001")?.key(), "ascl:1201.001");
//! let e = AsclId::parse("ascl:1201.0001").unwrap_err();
//! assert_eq!((e.code(), e.offset), ("ascl-format", 13));
//! # Ok::<(), pidkit::ascl::AsclParseError>(())
//! ```
//!
//! Decisions: the canonical form is the citation form `ascl:YYMM.NNN` — written like a URI but
//! `ascl` is no registered URI scheme, so the scheme has none ([`crate::scheme::Scheme::URI_SCHEME`]
//! is `None`), and its URI form is the ascl.net URL; the ID has exactly three digits after the
//! period (the data dictionary's eight characters); `ascl.net/code/v/N` pages, numbered by the
//! site, are not IDs; a bare `1201.001` is read only when asked for (`--as ascl`).

mod error;
mod find;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{AsclError, AsclParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::AsclScheme;
pub use syntax::claims;

use syntax::Spans;

/// The base of the ASCL's entry pages.
pub const URL_BASE: &str = "https://ascl.net/";

/// How an ASCL ID was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// `YYMM.NNN` alone.
    Id,
    /// `ascl:YYMM.NNN`.
    Label,
    /// An ascl.net URL.
    Url,
}

/// An ASCL ID read from text, borrowing it. `Display` gives the input; compare with
/// [`AsclId::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsclId<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> AsclId<'a> {
    /// Read an ASCL ID in any of its written forms.
    ///
    /// ```
    /// use pidkit::ascl::AsclId;
    /// assert!(AsclId::parse("http://www.ascl.net/1801.012").is_ok());
    /// assert_eq!(AsclId::parse("ascl:0000.000").unwrap_err().code(), "ascl-unassigned");
    /// ```
    pub fn parse(s: &'a str) -> Result<AsclId<'a>, AsclParseError> {
        Ok(AsclId {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The ID, `YYMM.NNN`.
    pub fn id(&self) -> &'a str {
        &self.input[self.spans.id.0..self.spans.id.1]
    }

    /// The year of the entry, two digits (`YY`).
    pub fn year(&self) -> u8 {
        let b = self.id().as_bytes();
        (b[0] - b'0') * 10 + (b[1] - b'0')
    }

    /// The month of the entry, 1 to 12 (`MM`).
    pub fn month(&self) -> u8 {
        let b = self.id().as_bytes();
        (b[2] - b'0') * 10 + (b[3] - b'0')
    }

    /// The canonical form, the citation form: `ascl:` and the ID.
    pub fn key(&self) -> String {
        format!("ascl:{}", self.id())
    }

    /// The entry's page: `https://ascl.net/` and the ID.
    pub fn url(&self) -> String {
        [URL_BASE, self.id()].concat()
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
    /// use pidkit::ascl::AsclId;
    /// assert_eq!(AsclId::parse("ASCL:1201.001").unwrap().warnings()[0].code, "ascl-label-case");
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "ASCL ID");
        if let Some((from, to)) = self.spans.label_case {
            out.push(Warning::new(
                codes::LABEL_CASE,
                from,
                to - from,
                "the ASCL writes its label in lower case: ascl:YYMM.NNN",
            ));
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the ID in the URL is not part of it: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> AsclParts<'a> {
        AsclParts {
            id: self.id(),
            url: self.url(),
        }
    }
}

impl fmt::Display for AsclId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for AsclId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AsclId({:?})", self.input)
    }
}

/// The parts of an ASCL ID as the CLI's JSON object `"ascl"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsclParts<'a> {
    /// `YYMM.NNN`.
    pub id: &'a str,
    /// The entry's page.
    pub url: String,
}

impl crate::scheme::Fields for AsclParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The ASCL ID, YYMM.NNN: year, month and the month's entry number.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The entry's page, https://ascl.net/ and the ID.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.id),
            1 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
