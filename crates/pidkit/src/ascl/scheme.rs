//! ASCL IDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{AsclId, AsclParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The ID written as `form` asks: `ascl:YYMM.NNN` (`Auto`, `Uri`), the ascl.net page (`Url`),
/// `YYMM.NNN` (`Name`).
fn written_as<'a>(id: &AsclId<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Url => Cow::Owned(id.url()),
        PidForm::Name => Cow::Borrowed(id.id()),
        _ => Cow::Owned(id.key()),
    }
}

/// The URI `to-uri` gives for `form`: `ascl` is no URI scheme, so the ascl.net page stands for
/// the canonical form.
fn uri_as<'a>(id: &AsclId<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Auto | PidForm::Uri => Cow::Owned(id.url()),
        f => written_as(id, f),
    }
}

/// The ASCL scheme: `ascl:YYMM.NNN` and ascl.net URLs, compared by `ascl:YYMM.NNN` at every rung
/// above `Simple`.
///
/// ```
/// use pidkit::ascl::AsclScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(AsclScheme::claims(b"ascl:1201.001"));
/// let a = AsclScheme::read("https://ascl.net/1201.001", &Default::default())?;
/// assert_eq!(AsclScheme::key(&a, Level::Scheme), "ascl:1201.001");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct AsclScheme;

impl Scheme for AsclScheme {
    type Id<'a> = AsclId<'a>;
    type Details<'b> = AsclParts<'b>;
    type Error = super::AsclError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "ascl";
    const TITLE: &'static str = "ASCL ID";
    const ABOUT: &'static str =
        "An Astrophysics Source Code Library ID: ascl:1201.001, https://ascl.net/1201.001";
    const TYPE_NAME: &'static str = "AsclId";

    const PREFILTER: Prefilter = Prefilter::new(b"aw", Hosts::Exact(&["ascl.net", "www.ascl.net"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        AsclId::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// `ascl:YYMM.NNN` at `Syntax` and `Scheme`; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => Cow::Owned(id.key()),
        }
    }

    /// `ascl:YYMM.NNN` (`Auto`, `Uri`), the ascl.net page (`Url`) or `YYMM.NNN` (`Name`);
    /// `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written_as(id, out.form),
        }
    }

    /// The URL as written, when the ID was written as one.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.is_url() {
            return None;
        }
        IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
    }

    /// A URL as written is converted as the IRI it is; any other form gives the ascl.net page
    /// (`ascl` is no URI scheme), or the form `out` asks.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// As [`AsclScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// `ascl` is no URI scheme: nothing to say about other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same ASCL entry: its ID YYMM.NNN, as ascl:YYMM.NNN, whatever the written form (ASCL Data Dictionary)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> AsclParts<'b> {
        id.parts()
    }

    /// IDs written with the `ascl:` label; URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// `YYMM.NNN`.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Borrowed(id.id()))
    }
}
