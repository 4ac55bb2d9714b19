//! GND identifiers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{GndId, GndParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The identifier written as `form` asks: the URI (`Auto`, `Uri`, `Url`: the GND's URI is its
/// URL), the number (`Name`).
fn written_as<'a>(id: &GndId<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Name => id.id(),
        _ => Cow::Owned(id.uri()),
    }
}

/// The GND scheme: GND numbers with their check character, bare, labelled and as d-nb.info
/// URIs, compared by their URI at every rung above `Simple`.
///
/// ```
/// use pidkit::gnd::GndScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(GndScheme::claims(b"(DE-588)118540238"));
/// let g = GndScheme::read("GND: 118540238", &Default::default())?;
/// assert_eq!(GndScheme::key(&g, Level::Scheme), "https://d-nb.info/gnd/118540238");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct GndScheme;

impl Scheme for GndScheme {
    type Id<'a> = GndId<'a>;
    type Details<'b> = GndParts<'b>;
    type Error = super::GndError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "gnd";
    const TITLE: &'static str = "GND identifier";
    const ABOUT: &'static str = "A GND identifier (Gemeinsame Normdatei, DNB): 118540238, 4005728-8, gnd:…, (DE-588)…, https://d-nb.info/gnd/…";
    const TYPE_NAME: &'static str = "GndId";

    const PREFILTER: Prefilter = Prefilter::new(b"g(de", Hosts::Exact(&["d-nb.info", "explore.gnd.network"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        GndId::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The URI at `Syntax` and `Scheme`; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => Cow::Owned(id.uri()),
        }
    }

    /// The URI (`Auto`, `Uri`, `Url`) or the number (`Name`); `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written_as(id, out.form),
        }
    }

    /// The URL as written, when the identifier was written as one.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.is_url() {
            return None;
        }
        IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
    }

    /// A URL as written is converted as the IRI it is; any other form gives the URI (or the
    /// form `out` asks).
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || written_as(id, out.form))
    }

    /// As [`GndScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || written_as(id, out.form))
    }

    /// The GND has no URI scheme of its own.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same GND record: its URI, https://d-nb.info/gnd/ and the number with its check character (X in upper case), whatever the written form (DNB, GND)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> GndParts<'b> {
        id.parts()
    }

    /// Identifiers written with a label (`GND: 118540238`, `(DE-588)…`); URLs are found as
    /// IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The number with its check character.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.id())
    }
}
