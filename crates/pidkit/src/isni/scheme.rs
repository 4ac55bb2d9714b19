//! ISNIs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Isni, IsniForm, IsniParts, codes};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// The ISNI scheme (ISO 27729): ISNIs in every written form, compared by their sixteen
/// characters at every rung above `Simple`, normalized to their `https://isni.org/isni/` URL.
///
/// ```
/// use pidkit::isni::IsniScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(IsniScheme::claims(b"ISNI 0000 0001 2103 2683"));
/// let i = IsniScheme::read("0000 0001 2103 2683", &Default::default())?;
/// assert_eq!(IsniScheme::normalize(&i, Level::Syntax, &Default::default()), "https://isni.org/isni/0000000121032683");
/// assert_eq!(IsniScheme::key(&i, Level::Scheme), "0000000121032683");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IsniScheme;

/// The ISNI as `form` asks: its URL, or the four spaced blocks for [`PidForm::Name`].
fn written_as(id: &Isni<'_>, form: PidForm) -> String {
    match form {
        PidForm::Name => id.display(),
        _ => id.url(),
    }
}

impl Scheme for IsniScheme {
    type Id<'a> = Isni<'a>;
    type Details<'b> = IsniParts;
    type Error = super::IsniError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "isni";
    const TITLE: &'static str = "ISNI";
    const ABOUT: &'static str = "An ISNI (ISO 27729): 0000 0001 2103 2683, ISNI …, https://isni.org/isni/…";
    const TYPE_NAME: &'static str = "Isni";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789iw", Hosts::Exact(&["isni.org", "www.isni.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Isni::parse(s)
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

    /// The ISNI's URL (`https://isni.org/isni/0000000121032683`); the four spaced blocks
    /// (`0000 0001 2103 2683`) with [`PidForm::Name`]. `Simple` keeps the input.
    ///
    /// The URL rather than ISO 27729's `ISNI 0000 0001 2103 2683`: it is what the ISNI
    /// resolver and linked data use, and it reads back as an ISNI under auto-detection, as a
    /// bare number in ORCID's blocks would not.
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

    /// The URL, when the ISNI is written as `http(s)://…` alone.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if id.form() != IsniForm::Url || !id.url_has_scheme() {
            return None;
        }
        IriRef::parse(id.written_url()?).ok()
    }

    /// By default an ISNI written as a URL is converted as the IRI it is, and one written
    /// alone or after a label gives its URL; the form `out` asks otherwise.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Cow::Owned(written_as(id, out.form)))
    }

    /// As [`IsniScheme::to_uri`]: the URL is ASCII, so its IRI is the same text.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Cow::Owned(written_as(id, out.form)))
    }

    /// ISNIs have no URI scheme of their own (`urn:isni:` is a URN): never asked.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same ISNI: the same 16 characters, whatever the written form (spaces, hyphens, the ISNI label, the isni.org URL; 'x' read as 'X') (ISO 27729 §4)"
            }
        }
    }

    fn details(id: &Self::Id<'_>) -> IsniParts {
        id.parts()
    }

    /// ISNIs after the letters `ISNI` and at `isni.org/` without a scheme
    /// ([`super::find_iter`]); the resolver's URL is found as the IRI it is, and a bare number
    /// is not taken from prose.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: Cow::Borrowed(f.text),
            truncated: false,
        })))
    }

    /// The four spaced blocks.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Owned(id.display()))
    }
}
