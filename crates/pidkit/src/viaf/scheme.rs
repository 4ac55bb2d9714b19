//! VIAF identifiers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{ViafId, ViafParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The identifier written as `form` asks: the cluster URI (`Auto`, `Uri`), its HTTPS page
/// (`Url`), the number (`Name`).
fn written_as<'a>(id: &ViafId<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Name => Cow::Borrowed(id.id()),
        PidForm::Url => Cow::Owned(id.url()),
        _ => Cow::Owned(id.uri()),
    }
}

/// The VIAF scheme: cluster numbers, labelled (`viaf:`) and as viaf.org URLs, compared by
/// their cluster URI at every rung above `Simple`.
///
/// ```
/// use pidkit::viaf::ViafScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(ViafScheme::claims(b"viaf:102333412"));
/// let v = ViafScheme::read("https://www.viaf.org/viaf/102333412/", &Default::default())?;
/// assert_eq!(ViafScheme::key(&v, Level::Scheme), "http://viaf.org/viaf/102333412");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ViafScheme;

impl Scheme for ViafScheme {
    type Id<'a> = ViafId<'a>;
    type Details<'b> = ViafParts<'b>;
    type Error = super::ViafError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "viaf";
    const TITLE: &'static str = "VIAF identifier";
    const ABOUT: &'static str = "A VIAF cluster identifier: viaf:102333412, https://viaf.org/viaf/102333412/ (a bare number with --as viaf)";
    const TYPE_NAME: &'static str = "ViafId";

    const PREFILTER: Prefilter = Prefilter::new(b"vw", Hosts::Exact(&["viaf.org", "www.viaf.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        ViafId::parse(s)
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

    /// The cluster URI (`Auto`, `Uri`), its page (`Url`) or the number (`Name`); `Simple` keeps
    /// the input.
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

    /// As [`ViafScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || written_as(id, out.form))
    }

    /// VIAF has no URI scheme of its own.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same VIAF cluster: its URI, http://viaf.org/viaf/ and the number, whatever the written form (OCLC, VIAF Authority Cluster)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> ViafParts<'b> {
        id.parts()
    }

    /// Identifiers written with a label (`VIAF: 102333412`); URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The cluster number.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Borrowed(id.id()))
    }
}
