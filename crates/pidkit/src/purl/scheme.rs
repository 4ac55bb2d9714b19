//! PURLs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Purl, PurlParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level};
use crate::scheme::{Hosts, Prefilter, NoOptions, Scheme};
use crate::{PidOutput, ReadOptions};

/// The PURL scheme: `http(s)://SERVICE/DOMAIN/…` on the PURL services and w3id.org, compared
/// as the IRI it is.
///
/// ```
/// use pidkit::purl::PurlScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(PurlScheme::claims(b"http://purl.org/dc/terms/"));
/// let p = PurlScheme::read("HTTP://purl.org/dc/terms/", &Default::default())?;
/// assert_eq!(PurlScheme::key(&p, Level::Syntax), "http://purl.org/dc/terms/");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PurlScheme;

impl Scheme for PurlScheme {
    type Id<'a> = Purl<'a>;
    type Details<'b> = PurlParts<'b>;
    type Error = super::PurlError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = true;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "purl";
    const TITLE: &'static str = "PURL";
    const ABOUT: &'static str = "A PURL: an http(s) URL on a PURL service (purl.org, purl.oclc.org, purl.net, purl.fdlp.gov) or w3id.org";
    const TYPE_NAME: &'static str = "Purl";

    const PREFILTER: Prefilter = Prefilter::new(b"", Hosts::Exact(&super::SERVICES));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Purl::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    /// The checks of the IRI it is ([`crate::iri::warnings`]).
    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        crate::iri::warnings(&IriRef::from(id.iri()))
    }

    /// The IRI's key ([`Purl::key`]).
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        id.key(level)
    }

    /// The IRI's normal form, whatever form `out` asks: a PURL has no other.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, _: &PidOutput) -> Cow<'a, str> {
        id.key(level)
    }

    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        Some(id.iri().into())
    }

    /// PURLs have no URI scheme of their own: never consulted.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        crate::reading::generic::rule(level)
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> PurlParts<'b> {
        id.parts()
    }
}
