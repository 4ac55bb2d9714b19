//! HAL identifiers: the identifiers of deposits in HAL, the French national open archive run
//! by the CCSD — `hal-01234567`, `tel-01234567` (theses), `halshs-…` (social sciences),
//! `inria-…` … — with an optional version (`hal-01234567v2`), bare, with the `hal:` or `HAL Id:`
//! label, or as the URL of a HAL portal (`https://hal.science/hal-01234567v2`).
//!
//! The rules, from HAL's documentation (<https://doc.hal.science/>, "Identifiers used in HAL",
//! <https://doc.hal.science/en/identifiers-used-in-hal/>) and the identifiers HAL prints on every
//! deposit ("HAL Id: hal-01101888", `https://hal.archives-ouvertes.fr/hal-01101888`): the prefix
//! of the portal the deposit was made in, a hyphen and an eight-digit number with leading zeros;
//! `vN` names the N-th version of the deposit, and the identifier without it the latest. HAL
//! serves each deposit at its portal's host and at `https://hal.science/` (the
//! `*.archives-ouvertes.fr` hosts before 2023), a version's files under `/document` and
//! `/file/…`.
//!
//! ```
//! use pidkit::hal::HalId;
//!
//! let h = HalId::parse("https://theses.hal.science/tel-01743851v2/document")?;
//! assert_eq!((h.portal().as_ref(), h.number(), h.version()), ("tel", "01743851", Some("2")));
//! assert_eq!(h.id(), "tel-01743851v2");
//! assert_eq!(h.url(), "https://hal.science/tel-01743851v2");
//! // A version is another identifier than the deposit's latest.
//! assert_ne!(HalId::parse("hal-01101888")?.id(), HalId::parse("hal-01101888v1")?.id());
//! # Ok::<(), pidkit::hal::HalParseError>(())
//! ```
//!
//! Decisions where the documentation leaves a choice:
//!
//! - **Prefixes**: HAL publishes no list of them. Any prefix of lower-case letters and digits in
//!   hyphen-separated words is read ([`PORTALS`] lists the common ones; another one is warned,
//!   `hal-unknown-portal`); upper case is read and warned (`hal-case`) and lower-cased in the
//!   key. The few collections that write `_` before the number (`sic_00000001`) keep it.
//! - **The key** keeps the version, as arXiv's does: `hal-01234567` (the latest version, which
//!   changes) and `hal-01234567v1` are different identifiers.
//! - **Auto-detection** takes a bare identifier only with a known portal's prefix; URLs of HAL's
//!   hosts only when their path starts with an identifier.

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

pub use error::{HalError, HalParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::HalScheme;
pub use syntax::{PORTALS, claims};

use syntax::Spans;

/// The base of the URLs the canonical URL form uses.
pub const URL_BASE: &str = "https://hal.science/";

/// How a HAL identifier was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// The identifier alone.
    Id,
    /// After `hal:` or `HAL Id:`.
    Label,
    /// A URL of a HAL portal.
    Url,
}

/// A HAL identifier read from text, borrowing it. `Display` gives the input; compare with
/// [`HalId::id`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HalId<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> HalId<'a> {
    /// Read a HAL identifier in any of its written forms.
    ///
    /// ```
    /// use pidkit::hal::HalId;
    /// assert!(HalId::parse("HAL Id: hal-01101888").is_ok());
    /// assert_eq!(HalId::parse("hal-01101888v0").unwrap_err().code(), "hal-version");
    /// ```
    pub fn parse(s: &'a str) -> Result<HalId<'a>, HalParseError> {
        Ok(HalId {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The identifier in lower case, version included: `hal-01234567v2`. Borrowed when the
    /// input holds it so.
    pub fn id(&self) -> Cow<'a, str> {
        let from = self.spans.portal.0;
        let to = self.spans.version.map_or(self.spans.number.1, |v| v.1);
        let id = &self.input[from..to];
        if id.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(id.to_ascii_lowercase())
        } else {
            Cow::Borrowed(id)
        }
    }

    /// The portal's prefix, in lower case: `hal`, `tel`, `halshs`, `hal-insu` …
    pub fn portal(&self) -> Cow<'a, str> {
        let p = &self.input[self.spans.portal.0..self.spans.portal.1];
        if p.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(p.to_ascii_lowercase())
        } else {
            Cow::Borrowed(p)
        }
    }

    /// The eight-digit number.
    pub fn number(&self) -> &'a str {
        &self.input[self.spans.number.0..self.spans.number.1]
    }

    /// The version's number (`2` of `v2`), when a version is named.
    pub fn version(&self) -> Option<&'a str> {
        self.spans.version.map(|(from, to)| &self.input[from..to])
    }

    /// The deposit at hal.science: `https://hal.science/` and the identifier.
    pub fn url(&self) -> String {
        [URL_BASE, &self.id()].concat()
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
    /// use pidkit::hal::HalId;
    /// let codes = |s| HalId::parse(s).unwrap().warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    /// assert_eq!(codes("HAL-01101888"), ["hal-case"]);
    /// assert_eq!(codes("univ-lorraine-01234567"), ["hal-unknown-portal"]);
    /// assert_eq!(codes("https://hal.science/hal-01101888/document"), ["hal-url-extra"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "HAL identifier");
        let (from, _) = self.spans.portal;
        let to = self.spans.version.map_or(self.spans.number.1, |v| v.1);
        if self.input[from..to].bytes().any(|b| b.is_ascii_uppercase()) {
            out.push(Warning::new(
                codes::CASE,
                from,
                to - from,
                "HAL writes its identifiers in lower case",
            ));
        }
        let portal = self.portal();
        if !PORTALS.contains(&portal.as_ref()) {
            out.push(Warning::new(
                codes::UNKNOWN_PORTAL,
                from,
                self.spans.portal.1 - from,
                format!("'{portal}' is not among the HAL portal prefixes pidkit knows: check it is a HAL identifier"),
            ));
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the identifier in the URL (a file, a query) is not part of it: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> HalParts<'a> {
        HalParts {
            id: self.id(),
            portal: self.portal(),
            number: self.number(),
            version: self.version(),
            url: self.url(),
        }
    }
}

impl fmt::Display for HalId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for HalId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HalId({:?})", self.input)
    }
}

/// The parts of a HAL identifier as the CLI's JSON object `"hal"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HalParts<'a> {
    /// The identifier, version included, lower case.
    pub id: Cow<'a, str>,
    /// The portal's prefix.
    pub portal: Cow<'a, str>,
    /// The eight-digit number.
    pub number: &'a str,
    /// The version's number, if one is named.
    pub version: Option<&'a str>,
    /// The deposit at hal.science.
    pub url: String,
}

impl crate::scheme::Fields for HalParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The HAL identifier in lower case, its version included (hal-01234567v2): the canonical form.",
        ),
        Field::new(
            "portal",
            FieldType::Str,
            "The prefix of the portal the deposit was made in: hal, tel, halshs, inria …",
        ),
        Field::new(
            "number",
            FieldType::Str,
            "The eight-digit number after the prefix.",
        ),
        Field::new(
            "version",
            FieldType::OptStr,
            "The version's number (2 of v2); null when the identifier names the latest version.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The deposit at https://hal.science/.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::Str(&self.portal),
            2 => Value::Str(self.number),
            3 => Value::opt(self.version),
            4 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
