//! VIAF identifiers: the numbers of the clusters of the Virtual International Authority File
//! (OCLC), which gathers the authority records of national libraries for one person, body or
//! work, written with the `viaf:` label or as viaf.org URLs.
//!
//! The rules, from OCLC's documentation of the VIAF Authority Cluster resource
//! (<https://www.oclc.org/developer/api/oclc-apis/viaf/authority-cluster.en.html>): a cluster is
//! identified at `http://viaf.org/viaf/{VIAF_Identifier}` (the URI that "stands for the
//! real-world thing", the canonical form here; VIAF's RDF names clusters so), its data at the
//! same URL with a trailing `/` and a record format after it (`/viaf.xml`, `/justlinks.json` …);
//! `https://` and `www.` are accepted as VIAF serves them. The identifier is a decimal number of
//! up to 22 digits. The first URLs of 2009, `http://viaf.org/N`, still redirect to
//! `/viaf/N`; the site of 2024 adds a language (`https://viaf.org/en/viaf/N`).
//!
//! ```
//! use pidkit::viaf::ViafId;
//!
//! let v = ViafId::parse("https://viaf.org/viaf/102333412/")?;
//! assert_eq!((v.id(), v.uri()), ("102333412", "http://viaf.org/viaf/102333412".to_owned()));
//! assert_eq!(ViafId::parse("VIAF: 102333412")?.uri(), v.uri());
//! let e = ViafId::parse("https://viaf.org/viaf/sourceID/LC%7Cn79021164").unwrap_err();
//! assert_eq!(e.code(), "viaf-url");
//! # Ok::<(), pidkit::viaf::ViafParseError>(())
//! ```
//!
//! Decisions: a bare number is read only when asked for (`--as viaf`), never detected (it
//! could be any number); `sourceID` and `lccn` URLs name a source record that VIAF maps to a
//! cluster, not a cluster, and are errors; a leading zero is an error (VIAF writes none).

mod error;
mod find;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{ViafError, ViafParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::ViafScheme;
pub use syntax::claims;

use syntax::Spans;

/// The base of VIAF's cluster URIs.
pub const URI_BASE: &str = "http://viaf.org/viaf/";

/// The base of the cluster pages VIAF serves over HTTPS.
pub const URL_BASE: &str = "https://viaf.org/viaf/";

/// How a VIAF identifier was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// The number alone.
    Number,
    /// After `viaf:` or `VIAF `.
    Label,
    /// A viaf.org URL.
    Url,
}

/// A VIAF identifier read from text, borrowing it. `Display` gives the input; compare with
/// [`ViafId::uri`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ViafId<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> ViafId<'a> {
    /// Read a VIAF identifier in any of its written forms.
    ///
    /// ```
    /// use pidkit::viaf::ViafId;
    /// assert_eq!(ViafId::parse("http://www.viaf.org/viaf/102333412/viaf.xml")?.id(), "102333412");
    /// assert_eq!(ViafId::parse("viaf:10233341x").unwrap_err().code(), "viaf-char");
    /// # Ok::<(), pidkit::viaf::ViafParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<ViafId<'a>, ViafParseError> {
        Ok(ViafId {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The cluster number.
    pub fn id(&self) -> &'a str {
        &self.input[self.spans.id.0..self.spans.id.1]
    }

    /// The cluster URI: `http://viaf.org/viaf/` and the number.
    pub fn uri(&self) -> String {
        [URI_BASE, self.id()].concat()
    }

    /// The cluster's page: `https://viaf.org/viaf/` and the number.
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
    /// use pidkit::viaf::ViafId;
    /// let w = ViafId::parse("http://viaf.org/102333412").unwrap().warnings();
    /// assert_eq!(w[0].code, "viaf-old-url");
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "VIAF identifier");
        if self.spans.old_url {
            let (id, _) = self.spans.id;
            let from = self.input.len()
                - self
                    .input
                    .trim_start_matches(|c: char| c.is_ascii_whitespace())
                    .len();
            out.push(Warning::new(
                codes::OLD_URL,
                from,
                id - from,
                "the 2009 URL form viaf.org/N, which VIAF redirects to viaf.org/viaf/N",
            ));
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the cluster in the URL (a record format, a query) is not part of its identifier: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> ViafParts<'a> {
        ViafParts {
            id: self.id(),
            uri: self.uri(),
        }
    }
}

impl fmt::Display for ViafId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for ViafId<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ViafId({:?})", self.input)
    }
}

/// The parts of a VIAF identifier as the CLI's JSON object `"viaf"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViafParts<'a> {
    /// The cluster number.
    pub id: &'a str,
    /// The cluster URI.
    pub uri: String,
}

impl crate::scheme::Fields for ViafParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new("id", FieldType::Str, "The VIAF cluster number."),
        Field::new(
            "uri",
            FieldType::Str,
            "The cluster URI, http://viaf.org/viaf/ and the number (the canonical form).",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.id),
            1 => Value::Str(&self.uri),
            _ => Value::Null,
        }
    }
}
