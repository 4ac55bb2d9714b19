//! ADS bibcodes as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Bibcode, BibcodeParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The bibcode written as `form` asks: the bibcode (`Auto`, `Uri`, `Name`), its abstract page
/// at the ADS (`Url`).
fn written_as<'a>(id: &Bibcode<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Url => Cow::Owned(id.url()),
        _ => id.bibcode(),
    }
}

/// The URI `to-uri` gives for `form`: a bibcode is no URI (`&` is not even allowed unencoded in
/// some of its uses), so the ADS's abstract page stands for it, but for `Name`.
fn uri_as<'a>(id: &Bibcode<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Name => id.bibcode(),
        _ => Cow::Owned(id.url()),
    }
}

/// The ADS scheme: bibcodes bare, labelled (`bibcode:`) and as ADS URLs, compared by the
/// bibcode (case-sensitive) at every rung above `Simple`.
///
/// ```
/// use pidkit::ads::AdsScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(AdsScheme::claims(b"1924MNRAS..84..308E"));
/// let b = AdsScheme::read("https://ui.adsabs.harvard.edu/abs/1924MNRAS..84..308E/abstract", &Default::default())?;
/// assert_eq!(AdsScheme::key(&b, Level::Scheme), "1924MNRAS..84..308E");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct AdsScheme;

impl Scheme for AdsScheme {
    type Id<'a> = Bibcode<'a>;
    type Details<'b> = BibcodeParts<'b>;
    type Error = super::BibcodeError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "ads";
    const TITLE: &'static str = "ADS bibcode";
    const ABOUT: &'static str = "An ADS bibcode (19 characters, 1974AJ.....79..819H), bibcode:…, or its ADS URL";
    const TYPE_NAME: &'static str = "Bibcode";

    const PREFILTER: Prefilter = Prefilter::new(b"b12uaws", Hosts::Exact(&["ui.adsabs.harvard.edu", "adsabs.harvard.edu", "www.adsabs.harvard.edu", "articles.adsabs.harvard.edu", "scixplorer.org", "www.scixplorer.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Bibcode::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The bibcode at `Syntax` and `Scheme`; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.bibcode(),
        }
    }

    /// The bibcode (`Auto`, `Uri`, `Name`) or its abstract page (`Url`); `Simple` keeps the
    /// input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written_as(id, out.form),
        }
    }

    /// The URL as written, when the bibcode was written as one.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.is_url() {
            return None;
        }
        IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
    }

    /// A URL as written is converted as the IRI it is; any other form gives the abstract page
    /// at the ADS, or the form `out` asks.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// As [`AdsScheme::to_uri`]: every form the scheme writes is ASCII.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || uri_as(id, out.form))
    }

    /// Bibcodes have no URI scheme of their own here (`info:bibcode/` is an info URI).
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same bibcode, its 19 characters compared case-sensitively ('…' read as '...', %26 as '&'), whatever the written form (ADS, Bibliographic Code)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> BibcodeParts<'b> {
        id.parts()
    }

    /// Bibcodes written with the `Bibcode:` label; ADS URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The bibcode.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.bibcode())
    }
}
