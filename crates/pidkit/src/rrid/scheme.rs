//! RRIDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Rrid, RridParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The RRID written as `form` asks: `RRID:AB_2138153` (`Auto`, `Uri`), its resolver URL
/// (`Url`), `AB_2138153` (`Name`).
fn written_as<'a>(id: &Rrid<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Url => Cow::Owned(id.url()),
        PidForm::Name => Cow::Owned(id.local_id()),
        _ => id.id(),
    }
}

/// The URI `to-uri` gives for `form`: `RRID:` is a label, not a URI scheme, so the resolver URL
/// stands for the RRID, but for `Name`.
fn uri_as<'a>(id: &Rrid<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Name => Cow::Owned(id.local_id()),
        _ => Cow::Owned(id.url()),
    }
}

/// The RRID scheme: `RRID:` + registry prefix + accession, and the resolver URLs, compared by
/// the canonical RRID at every rung above `Simple`.
///
/// ```
/// use pidkit::rrid::RridScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(RridScheme::claims(b"RRID:AB_2138153"));
/// let r = RridScheme::read("https://scicrunch.org/resolver/RRID:MGI_3840442", &Default::default())?;
/// assert_eq!(RridScheme::key(&r, Level::Scheme), "RRID:MGI:3840442");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RridScheme;

impl Scheme for RridScheme {
    type Id<'a> = Rrid<'a>;
    type Details<'b> = RridParts<'b>;
    type Error = super::RridError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "rrid";
    const TITLE: &'static str = "RRID";
    const ABOUT: &'static str = "A Research Resource Identifier: RRID:AB_2138153, RRID:SCR_001905, https://scicrunch.org/resolver/RRID:…";
    const TYPE_NAME: &'static str = "Rrid";

    const PREFILTER: Prefilter = Prefilter::new(b"rswi", Hosts::Exact(&["scicrunch.org", "www.scicrunch.org", "identifiers.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Rrid::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The canonical RRID at `Syntax` and `Scheme`; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.id(),
        }
    }

    /// The canonical RRID (`Auto`, `Uri`), its resolver URL (`Url`) or the identifier without
    /// its label (`Name`); `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written_as(id, out.form),
        }
    }

    /// The URL as written, when the RRID was written as one.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.is_url() {
            return None;
        }
        IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
    }

    /// A URL as written is converted as the IRI it is; any other form gives the resolver URL
    /// (`RRID:` is no URI scheme), or the form `out` asks.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// As [`RridScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// `RRID:` is a label, not a URI scheme: nothing to say about other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same resource: RRID:, a known registry's prefix in its own spelling and separator (either separator, any case), the accession exactly (Resource Identification Initiative)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> RridParts<'b> {
        id.parts()
    }

    /// RRIDs written with their `RRID:` label; resolver URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The identifier without its label (`AB_2138153`).
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Owned(id.local_id()))
    }
}
