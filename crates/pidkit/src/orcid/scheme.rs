//! ORCID iDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Orcid, OrcidForm, OrcidParts, codes};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// The ORCID scheme ("Structure of the ORCID Identifier"): iDs in every written form, compared
/// by their sixteen characters at every rung above `Simple`, normalized to their
/// `https://orcid.org/` URI.
///
/// ```
/// use pidkit::orcid::OrcidScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(OrcidScheme::claims(b"ORCID: 0000-0002-1825-0097"));
/// let o = OrcidScheme::read("orcid.org/0000000218250097", &Default::default())?;
/// assert_eq!(OrcidScheme::normalize(&o, Level::Syntax, &Default::default()), "https://orcid.org/0000-0002-1825-0097");
/// assert_eq!(OrcidScheme::key(&o, Level::Scheme), "0000000218250097");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct OrcidScheme;

/// The iD as `form` asks: its URI, or the hyphenated iD for [`PidForm::Name`].
fn written_as(id: &Orcid<'_>, form: PidForm) -> String {
    match form {
        PidForm::Name => id.id(),
        _ => id.url(),
    }
}

impl Scheme for OrcidScheme {
    type Id<'a> = Orcid<'a>;
    type Details<'b> = OrcidParts;
    type Error = super::OrcidError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "orcid";
    const TITLE: &'static str = "ORCID iD";
    const ABOUT: &'static str = "An ORCID iD: 0000-0002-1825-0097, ORCID: …, https://orcid.org/…";
    const TYPE_NAME: &'static str = "Orcid";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789ow", Hosts::Exact(&["orcid.org", "www.orcid.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Orcid::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The sixteen characters (`X` upper case) at `Syntax` and `Scheme`, whatever the written
    /// form; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ if id.input() == id.compact() => Cow::Borrowed(id.input()),
            _ => Cow::Owned(id.compact().to_owned()),
        }
    }

    /// The iD's URI (`https://orcid.org/0000-0002-1825-0097`, ORCID's display form); the
    /// hyphenated iD with [`PidForm::Name`]. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        let n = written_as(id, out.form);
        if n == id.input() {
            Cow::Borrowed(id.input())
        } else {
            Cow::Owned(n)
        }
    }

    /// The URL, when the iD is written as `http(s)://…` alone.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if id.form() != OrcidForm::Url || !id.url_has_scheme() {
            return None;
        }
        IriRef::parse(id.written_url()?).ok()
    }

    /// By default an iD written as a URL is converted as the IRI it is, and one written alone
    /// or after a label gives its URI; the form `out` asks otherwise.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Cow::Owned(written_as(id, out.form)))
    }

    /// As [`OrcidScheme::to_uri`]: the URI is ASCII, so its IRI is the same text.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Cow::Owned(written_as(id, out.form)))
    }

    /// ORCID iDs have no URI scheme of their own: never asked.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same ORCID iD: the same 16 characters, whatever the written form (hyphens, label, https://orcid.org/ URL; 'x' read as 'X') (Structure of the ORCID Identifier)"
            }
        }
    }

    fn details(id: &Self::Id<'_>) -> OrcidParts {
        id.parts()
    }

    /// ORCID iDs after an `ORCID` label, at `orcid.org/` without a scheme, and hyphenated iDs in
    /// ORCID's blocks with a valid check character ([`super::find_iter`]); the registry's URL
    /// is found as the IRI it is.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: Cow::Borrowed(f.text),
            truncated: false,
        })))
    }

    /// The hyphenated iD.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Owned(id.id()))
    }
}
