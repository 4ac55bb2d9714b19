//! DOIs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Doi, DoiDetails, Recognized, recognize_with};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::Scheme;
use crate::{ParseError, ReadOptions, Warning};

/// The DOI scheme: DOI names in every written form ([`super::DoiForm`]).
///
/// ```
/// use pidkit::scheme::{DoiScheme, Scheme};
/// assert!(DoiScheme::claims(b"https://doi.org/10.1000/182"));
/// let d = DoiScheme::read("DOI: 10.1000/abc", &Default::default())?;
/// assert_eq!(DoiScheme::normalize(&d, pidkit::Level::Scheme), "doi:10.1000/ABC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DoiScheme;

impl Scheme for DoiScheme {
    type Id<'a> = Recognized<'a>;
    type Details<'b> = DoiDetails;
    type Error = super::DoiError;
    const NAME: &'static str = "doi";

    fn claims(t: &[u8]) -> bool {
        super::forms::claims(t)
    }

    fn read<'a>(s: &'a str, opts: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        recognize_with(s, opts.doi)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings(id.input())
    }

    /// A DOI, in whatever form it was written, normalizes to its `doi:` URI: the name as
    /// written at `Syntax`, upper-cased in ASCII at `Scheme` (doi URI scheme §3); `Simple`
    /// keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            Level::Syntax => Cow::Owned(id.doi.to_uri()),
            Level::Scheme => Cow::Owned(id.doi.key_uri()),
        }
    }

    /// Most written forms of a DOI are not IRIs of the DOI; its `doi:` URI is.
    fn as_iri<'a>(_: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        None
    }

    fn to_uri<'a>(id: &Self::Id<'a>, _: &ToUri) -> Result<Cow<'a, str>, ParseError> {
        Ok(Cow::Owned(id.doi.to_uri()))
    }

    fn to_iri<'a>(id: &Self::Id<'a>, t: &ToIri) -> Result<Cow<'a, str>, ParseError> {
        let uri = id.doi.to_uri();
        let parsed = IriRef::parse(uri.as_str())?;
        Ok(Cow::Owned(t.convert(&parsed).as_str().to_owned()))
    }

    /// `doi:` IRIs by DOI equivalence (doi URI scheme §3), written as the `doi:` URI of the
    /// upper-cased name.
    fn normal_form(normalized: &str) -> Option<String> {
        Doi::from_uri(normalized).ok().map(|d| d.key_uri())
    }

    fn details(id: &Self::Id<'_>) -> DoiDetails {
        id.details()
    }

    fn listing(id: &Self::Id<'_>) -> Vec<(&'static str, String)> {
        let s = id.details();
        vec![
            ("name", s.name),
            ("prefix", s.prefix),
            ("suffix", s.suffix),
            ("uri", s.uri),
            ("url", s.url),
            ("form", s.form.into()),
        ]
    }
}
