//! Wikidata entity ids as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{WikidataEntity, WikidataParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The id written as `form` asks: the concept URI (`Auto`, `Uri`), the page URL (`Url`), the
/// id (`Name`).
fn written_as<'a>(id: &WikidataEntity<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Url => Cow::Owned(id.url()),
        PidForm::Name => id.id(),
        _ => Cow::Owned(id.uri()),
    }
}

/// The Wikidata scheme: entity ids (`Q42`, `P31`, `L1-F2`) bare, labelled (`wd:Q42`), as
/// concept URIs and as page URLs, compared by their concept URI at every rung above `Simple`.
///
/// ```
/// use pidkit::wikidata::WikidataScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(WikidataScheme::claims(b"Q42"));
/// let q = WikidataScheme::read("https://m.wikidata.org/wiki/q42", &Default::default())?;
/// assert_eq!(WikidataScheme::key(&q, Level::Scheme), "http://www.wikidata.org/entity/Q42");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct WikidataScheme;

impl Scheme for WikidataScheme {
    type Id<'a> = WikidataEntity<'a>;
    type Details<'b> = WikidataParts<'b>;
    type Error = super::WikidataError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "wikidata";
    const TITLE: &'static str = "Wikidata entity id";
    const ABOUT: &'static str = "A Wikidata entity id: Q42, P31, L1-F2, wd:Q42, its concept URI or its wikidata.org page";
    const TYPE_NAME: &'static str = "WikidataId";

    const PREFILTER: Prefilter = Prefilter::new(b"wmq", Hosts::Exact(&["www.wikidata.org", "wikidata.org", "m.wikidata.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        WikidataEntity::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The concept URI at `Syntax` and `Scheme`; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => Cow::Owned(id.uri()),
        }
    }

    /// The concept URI (`Auto`, `Uri`), the page URL (`Url`) or the id (`Name`); `Simple`
    /// keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written_as(id, out.form),
        }
    }

    /// The URL as written, when the id was written as one (with `http://` or `https://`).
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.is_url() {
            return None;
        }
        IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
    }

    /// A URL as written is converted as the IRI it is; any other form gives the concept URI
    /// (or the form `out` asks).
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || written_as(id, out.form))
    }

    /// As [`WikidataScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || written_as(id, out.form))
    }

    /// Wikidata has no URI scheme of its own: nothing to say about other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same entity: its concept URI, http://www.wikidata.org/entity/ and the id in upper case, whatever the written form (Wikidata:Identifiers; Wikibase data model)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> WikidataParts<'b> {
        id.parts()
    }

    /// Ids written with a label (`wd:Q42`, `Wikidata: Q42`); URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The id (`Q42`).
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.id())
    }
}
