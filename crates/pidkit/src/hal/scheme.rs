//! HAL identifiers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{HalId, HalParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The identifier written as `form` asks: the identifier (`Auto`, `Uri`, `Name`), the deposit
/// at hal.science (`Url`).
fn written_as<'a>(id: &HalId<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Url => Cow::Owned(id.url()),
        _ => id.id(),
    }
}

/// The URI `to-uri` gives for `form`: HAL has no URI scheme, so the hal.science URL stands for
/// the identifier, but for `Name`.
fn uri_as<'a>(id: &HalId<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Name => id.id(),
        _ => Cow::Owned(id.url()),
    }
}

/// The HAL scheme: deposit identifiers (`hal-01234567`, `tel-01234567v2`), labelled and as
/// URLs of HAL's portals, compared by the identifier in lower case, version included, at every
/// rung above `Simple`.
///
/// ```
/// use pidkit::hal::HalScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(HalScheme::claims(b"hal-01101888"));
/// let h = HalScheme::read("https://hal.archives-ouvertes.fr/hal-01101888v1/document", &Default::default())?;
/// assert_eq!(HalScheme::key(&h, Level::Scheme), "hal-01101888v1");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct HalScheme;

impl Scheme for HalScheme {
    type Id<'a> = HalId<'a>;
    type Details<'b> = HalParts<'b>;
    type Error = super::HalError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "hal";
    const TITLE: &'static str = "HAL identifier";
    const ABOUT: &'static str = "A HAL deposit identifier (archives ouvertes): hal-01234567, tel-01234567v2, https://hal.science/…";
    const TYPE_NAME: &'static str = "HalId";

    const PREFILTER: Prefilter = Prefilter::new(b"abcdefghijklmnopqrstuvwxyz", Hosts::Pred(super::syntax::hal_host));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        HalId::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The identifier in lower case, version included, at `Syntax` and `Scheme`; `Simple`
    /// keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.id(),
        }
    }

    /// The identifier (`Auto`, `Uri`, `Name`) or its hal.science URL (`Url`); `Simple` keeps
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

    /// A URL as written is converted as the IRI it is; any other form gives the hal.science
    /// URL (HAL has no URI scheme), or the form `out` asks.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// As [`HalScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// HAL has no URI scheme: nothing to say about other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same HAL deposit and version: the identifier in lower case, its version included (hal-01234567 names the latest version, hal-01234567v1 the first), whatever the written form (HAL)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> HalParts<'b> {
        id.parts()
    }

    /// Bare identifiers with a known portal's prefix; URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The identifier, version included.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.id())
    }
}
