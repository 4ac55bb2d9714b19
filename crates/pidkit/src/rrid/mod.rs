//! RRIDs, the Research Resource Identifiers of the Resource Identification Initiative:
//! antibodies (`RRID:AB_2138153`), software and databases (`RRID:SCR_001905`), cell lines
//! (`RRID:CVCL_0033`), plasmids (`RRID:Addgene_12345`), organisms (`RRID:IMSR_JAX:000664`,
//! `RRID:BDSC_5905`) …, with their label, bare when asked for, and as the resolver URLs of
//! SciCrunch (`https://scicrunch.org/resolver/RRID:AB_2138153`) and identifiers.org.
//!
//! The rules, from the initiative's and the Resource Identification Portal's documentation
//! (<https://scicrunch.org/resources>; "The Resource Identification Initiative: A Cultural
//! Shift in Publishing", F1000Research 4:134, doi:10.12688/f1000research.6555.2): an RRID is
//! the label `RRID:`, the prefix of the authority that registered the resource — `AB` the
//! Antibody Registry, `SCR` the SciCrunch Registry, `CVCL` Cellosaurus, `IMSR_JAX` the
//! Jackson Laboratory in the International Mouse Strain Resource, `MGI`, `ZFIN`, `BDSC`, the
//! other model-organism databases and stock centres — a separator and the resource's
//! accession there. The label is part of the citation: RRIDs are written so that text mining
//! finds them. The resolver answers at `https://scicrunch.org/resolver/` and the RRID;
//! identifiers.org resolves `https://identifiers.org/RRID:…` (its namespace `rrid`, with the
//! prefix embedded in the identifier). The prefixes and their separators are those of the
//! portal's resolver and of its text-mining bot (SciCrunch/scibot): `_` for most, `:` after the
//! IMSR repositories (`IMSR_JAX:000664`), `MGI` and `WB-STRAIN`, none for BioSamples
//! (`SAMN19842595`).
//!
//! ```
//! use pidkit::rrid::Rrid;
//!
//! let r = Rrid::parse("RRID:IMSR_JAX:000664")?;
//! assert_eq!((r.registry().as_ref(), r.accession()), ("IMSR_JAX", "000664"));
//! assert_eq!(r.url(), "https://scicrunch.org/resolver/RRID:IMSR_JAX:000664");
//! assert_eq!(Rrid::parse("rrid: ab_2138153")?.id(), "RRID:AB_2138153");
//! let e = Rrid::parse("RRID:CVCL_33").unwrap_err();
//! assert_eq!((e.code(), e.offset), ("rrid-accession", 10));
//! # Ok::<(), pidkit::rrid::RridParseError>(())
//! ```
//!
//! Decisions where the documentation leaves a choice:
//!
//! - **The known registries** ([`REGISTRIES`]) are read with their accession's shape where it
//!   is fixed (digits for `AB`, `Addgene`, `MGI` …; six digits for `SCR`; four upper-case letters
//!   and digits for `CVCL`); another prefix (letters, digits, `-`, before the first `_` or `:`)
//!   is read and warned (`rrid-unknown-registry`).
//! - **Equivalence**: the label and a known prefix compare case-insensitively, and the two
//!   separators `_` and `:` alike (`RRID:MGI_3840442` and `RRID:MGI:3840442`, both in use); the
//!   canonical form writes the registry's own spelling and separator. Accessions compare
//!   exactly.
//! - **Auto-detection** takes the label and the resolver URLs; a bare `AB_2138153` is read with
//!   `--as rrid` (warned `rrid-no-label`).
//! - A sentence's punctuation glued to the end (`RRID:AB_2138153.`) is an error: an accession
//!   ends with a letter or digit.

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

pub use error::{RridError, RridParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::RridScheme;
pub use syntax::{REGISTRIES, Registry, Shape, claims};

use syntax::Spans;

/// The SciCrunch resolver's base URL.
pub const RESOLVER: &str = "https://scicrunch.org/resolver/";

/// How an RRID was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// Without its label: `AB_2138153`.
    Local,
    /// `RRID:AB_2138153`.
    Label,
    /// A resolver URL.
    Url,
}

/// An RRID read from text, borrowing it. `Display` gives the input; compare with
/// [`Rrid::id`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rrid<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Rrid<'a> {
    /// Read an RRID in any of its written forms.
    ///
    /// ```
    /// use pidkit::rrid::Rrid;
    /// assert!(Rrid::parse("https://identifiers.org/RRID:AB_262044").is_ok());
    /// assert_eq!(Rrid::parse("RRID:AB_2138153.").unwrap_err().code(), "rrid-char");
    /// ```
    pub fn parse(s: &'a str) -> Result<Rrid<'a>, RridParseError> {
        Ok(Rrid {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The known registry, if the prefix is one of [`REGISTRIES`].
    pub fn known_registry(&self) -> Option<&'static Registry> {
        self.spans.registry.map(|i| &REGISTRIES[i])
    }

    /// The registry's prefix: a known registry's own spelling (`Addgene`), another as written.
    pub fn registry(&self) -> Cow<'a, str> {
        match self.known_registry() {
            Some(r) => Cow::Borrowed(r.prefix),
            None => Cow::Borrowed(&self.input[self.spans.prefix.0..self.spans.prefix.1]),
        }
    }

    /// The accession, after the prefix and its separator.
    pub fn accession(&self) -> &'a str {
        &self.input[self.spans.accession.0..self.spans.accession.1]
    }

    /// The separator as written between prefix and accession (`_`, `:`, `-`), `None` for a
    /// prefix without one (`SAMN`).
    fn written_separator(&self) -> Option<char> {
        let (p, a) = (self.spans.prefix.1, self.spans.accession.0);
        (a > p).then(|| char::from(self.input.as_bytes()[p]))
    }

    /// The separator of the canonical form: the known registry's own, else as written.
    fn separator(&self) -> Option<char> {
        match self.known_registry() {
            Some(r) => r.separator,
            None => self.written_separator(),
        }
    }

    /// The identifier without its label, canonical: `AB_2138153`.
    pub fn local_id(&self) -> String {
        let sep = self.separator().map(String::from).unwrap_or_default();
        format!("{}{sep}{}", self.registry(), self.accession())
    }

    /// The canonical RRID: `RRID:`, the registry's prefix in its own spelling and separator,
    /// the accession. Borrowed when the input holds it so.
    pub fn id(&self) -> Cow<'a, str> {
        let canonical = format!("RRID:{}", self.local_id());
        if let Some((from, _)) = self.spans.label {
            let written = &self.input[from..self.spans.accession.1];
            if written == canonical {
                return Cow::Borrowed(written);
            }
        }
        Cow::Owned(canonical)
    }

    /// The RRID at SciCrunch's resolver.
    pub fn url(&self) -> String {
        [RESOLVER, &self.id()].concat()
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
    /// use pidkit::rrid::Rrid;
    /// let codes = |s| Rrid::parse(s).unwrap().warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>();
    /// assert_eq!(codes("rrid: addgene_12345"), ["rrid-label-case", "rrid-space", "rrid-registry-case"]);
    /// assert_eq!(codes("RRID:IMSR_JAX_000664"), ["rrid-separator"]);
    /// assert_eq!(codes("RRID:XYZ_1"), ["rrid-unknown-registry"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "RRID");
        match self.spans.label {
            Some((from, to)) if &self.input[from..to] != "RRID:" => out.push(Warning::new(
                codes::LABEL_CASE,
                from,
                to - from,
                "the label is written RRID: (Resource Identification Initiative)",
            )),
            Some(_) => {}
            None if self.spans.form == Form::Local => out.push(Warning::new(
                codes::NO_LABEL,
                self.spans.prefix.0,
                0,
                "RRIDs are written with their label RRID:, so that they can be found in text (Resource Identification Initiative)",
            )),
            None => {}
        }
        if let Some((from, to)) = self.spans.space {
            out.push(Warning::new(
                codes::SPACE,
                from,
                to - from,
                "spaces after RRID: are not part of the RRID",
            ));
        }
        let (from, to) = self.spans.prefix;
        match self.known_registry() {
            Some(r) => {
                if &self.input[from..to] != r.prefix {
                    out.push(Warning::new(
                        codes::REGISTRY_CASE,
                        from,
                        to - from,
                        format!("the registry's prefix is written {}", r.prefix),
                    ));
                }
                if let (Some(want), Some(got)) = (r.separator, self.written_separator())
                    && want != got
                {
                    out.push(Warning::new(
                        codes::SEPARATOR,
                        to,
                        1,
                        format!("the separator after {} is '{want}'", r.prefix),
                    ));
                }
            }
            None => out.push(Warning::new(
                codes::UNKNOWN_REGISTRY,
                from,
                to - from,
                format!(
                    "'{}' is not among the RRID registries pidkit knows: check the RRID",
                    &self.input[from..to]
                ),
            )),
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the RRID in the URL is not part of it: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> RridParts<'a> {
        RridParts {
            id: self.id(),
            registry: self.registry(),
            accession: self.accession(),
            url: self.url(),
        }
    }
}

impl fmt::Display for Rrid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Rrid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rrid({:?})", self.input)
    }
}

/// The parts of an RRID as the CLI's JSON object `"rrid"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RridParts<'a> {
    /// The canonical RRID.
    pub id: Cow<'a, str>,
    /// The registry's prefix.
    pub registry: Cow<'a, str>,
    /// The accession.
    pub accession: &'a str,
    /// The RRID at SciCrunch's resolver.
    pub url: String,
}

impl crate::scheme::Fields for RridParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The RRID: RRID:, the registry's prefix and separator, the accession (the canonical form).",
        ),
        Field::new(
            "registry",
            FieldType::Str,
            "The prefix of the registering authority: AB, SCR, CVCL, Addgene, IMSR_JAX …",
        ),
        Field::new(
            "accession",
            FieldType::Str,
            "The resource's accession in that registry, after the prefix and separator.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The RRID at SciCrunch's resolver, https://scicrunch.org/resolver/RRID:….",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::Str(&self.registry),
            2 => Value::Str(self.accession),
            3 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
