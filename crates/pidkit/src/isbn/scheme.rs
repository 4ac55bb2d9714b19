//! ISBNs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Isbn, IsbnParts, codes};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// The ISBN scheme (ISO 2108): ISBN-13 and ISBN-10, bare or after an `ISBN` label, compared by
/// their ISBN-13 at every rung above `Simple`.
///
/// ```
/// use pidkit::isbn::IsbnScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(IsbnScheme::claims(b"ISBN 0-596-52068-9"));
/// let i = IsbnScheme::read("ISBN 0-596-52068-9", &Default::default())?;
/// assert_eq!(IsbnScheme::key(&i, Level::Scheme), "9780596520687");
/// assert_eq!(IsbnScheme::normalize(&i, Level::Scheme, &Default::default()), "978-0-596-52068-7");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IsbnScheme;

/// The ISBN as `out` asks: its `urn:isbn:` URN (RFC 3187) for `PidForm::Uri`, else the
/// canonical form.
fn written<'a>(id: &Isbn<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Uri => Cow::Owned(["urn:isbn:", &id.canonical()].concat()),
        _ => id.canonical(),
    }
}

impl Scheme for IsbnScheme {
    type Id<'a> = Isbn<'a>;
    type Details<'b> = IsbnParts<'b>;
    type Error = super::IsbnError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "isbn";
    const TITLE: &'static str = "ISBN";
    const ABOUT: &'static str = "An ISBN (ISO 2108): ISBN-13 or ISBN-10, bare or after an 'ISBN' label, with or without hyphens";
    const TYPE_NAME: &'static str = "Isbn";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789i", Hosts::None);

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Isbn::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The 13 digits of the ISBN-13 at `Syntax` and `Scheme` (an ISBN-10 and its ISBN-13 have
    /// one key); `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// The hyphenated ISBN-13 (its 13 digits in an unassigned range); with `--pid-form uri` its
    /// `urn:isbn:` URN. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written(id, out.form),
        }
    }

    /// No written form of an ISBN is an IRI (its URN is the URN scheme's).
    fn as_iri<'a>(_: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        None
    }

    /// The `urn:isbn:` URN of the hyphenated ISBN-13 (RFC 3187); with `--pid-form name` the
    /// ISBN itself.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        _: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        Ok(match out.form {
            PidForm::Name => id.canonical(),
            _ => written(id, PidForm::Uri),
        })
    }

    /// As [`IsbnScheme::to_uri`]: the URN is ASCII, its own IRI.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let _ = t;
        Self::to_uri(id, &ToUri::new(), out)
    }

    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same ISBN-13: an ISBN-10 is the 978 ISBN-13 of its first nine digits; labels, hyphens and spaces are not part of it (ISO 2108; ISBN Users' Manual, Structure of ISBN)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> IsbnParts<'b> {
        id.parts()
    }

    /// ISBNs after an `ISBN` label, and bare ones hyphenated by the ranges ([`super::find_iter`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text)))
    }

    /// The canonical form (`978-0-596-52068-7`).
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.canonical())
    }
}
