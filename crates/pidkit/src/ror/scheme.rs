//! ROR IDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Ror, RorForm, RorParts, codes};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// The ROR scheme: ROR IDs in every written form, compared by their nine characters in lower
/// case at every rung above `Simple`, normalized to their `https://ror.org/` URL.
///
/// ```
/// use pidkit::ror::RorScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(RorScheme::claims(b"ror.org/05dxps055"));
/// let r = RorScheme::read("05DXPS055", &Default::default())?;
/// assert_eq!(RorScheme::normalize(&r, Level::Syntax, &Default::default()), "https://ror.org/05dxps055");
/// assert_eq!(RorScheme::key(&r, Level::Scheme), "05dxps055");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RorScheme;

/// The ID as `form` asks: its URL, or the nine characters for [`PidForm::Name`].
fn written_as(id: &Ror<'_>, form: PidForm) -> String {
    match form {
        PidForm::Name => id.id().to_owned(),
        _ => id.url(),
    }
}

impl Scheme for RorScheme {
    type Id<'a> = Ror<'a>;
    type Details<'b> = RorParts;
    type Error = super::RorError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "ror";
    const TITLE: &'static str = "ROR ID";
    const ABOUT: &'static str = "A ROR ID (Research Organization Registry): https://ror.org/05dxps055, ror.org/…, 05dxps055";
    const TYPE_NAME: &'static str = "Ror";

    const PREFILTER: Prefilter = Prefilter::new(b"0rw", Hosts::Exact(&["ror.org", "www.ror.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Ror::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The nine characters in lower case at `Syntax` and `Scheme`, whatever the written form;
    /// `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ if id.input() == id.id() => Cow::Borrowed(id.input()),
            _ => Cow::Owned(id.id().to_owned()),
        }
    }

    /// The ID's URL (`https://ror.org/05dxps055`, ROR's preferred form); the nine characters
    /// with [`PidForm::Name`]. `Simple` keeps the input.
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

    /// The URL, when the ID is written as `http(s)://…` alone.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if id.form() != RorForm::Url || !id.url_has_scheme() {
            return None;
        }
        IriRef::parse(id.written_url()?).ok()
    }

    /// By default an ID written as a URL is converted as the IRI it is, and one written alone
    /// or after a label gives its URL; the form `out` asks otherwise.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Cow::Owned(written_as(id, out.form)))
    }

    /// As [`RorScheme::to_uri`]: the URL is ASCII, so its IRI is the same text.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Cow::Owned(written_as(id, out.form)))
    }

    /// ROR IDs have no URI scheme of their own: never asked.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same ROR ID: the same 9 characters in lower case, whatever the written form (label, ror.org URL) (ROR, Identifier; Crockford base 32 is case-insensitive)"
            }
        }
    }

    fn details(id: &Self::Id<'_>) -> RorParts {
        id.parts()
    }

    /// ROR IDs after a `ROR` or `ror:` label and at `ror.org/` without a scheme
    /// ([`super::find_iter`]); the registry's URL is found as the IRI it is, and a bare ID is
    /// not taken from prose.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: Cow::Borrowed(f.text),
            truncated: false,
        })))
    }

    /// The nine characters in lower case.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Owned(id.id().to_owned()))
    }
}
