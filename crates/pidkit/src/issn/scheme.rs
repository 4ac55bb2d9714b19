//! ISSNs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Issn, IssnParts, codes};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::isbn::find::{Finder as LabelFinder, Spec};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// The ISSN scheme (ISO 3297): `NNNN-NNNC`, bare, labelled (`ISSN`, `ISSN-L`, `eISSN` …) or as
/// an ISSN Portal URL, compared by its eight characters at every rung above `Simple`.
///
/// ```
/// use pidkit::issn::IssnScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::{Level, PidForm, PidOutput};
/// let i = IssnScheme::read("ISSN 0317-8471", &Default::default())?;
/// assert_eq!(IssnScheme::key(&i, Level::Scheme), "03178471");
/// let url = PidOutput { form: PidForm::Url, ..Default::default() };
/// assert_eq!(IssnScheme::normalize(&i, Level::Scheme, &url), "https://portal.issn.org/resource/ISSN/0317-8471");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IssnScheme;

/// What the ISSN finder looks for: labelled ISSNs only (a bare `NNNN-NNNC` may be a page or
/// year range).
static FIND: Spec = Spec {
    labels: &["issn-l", "e-issn", "p-issn", "eissn", "pissn", "issn"],
    x: true,
    spaces: false,
    max_digits: 8,
    reads,
    bare: None,
};

fn reads(s: &str) -> bool {
    Issn::parse(s).is_ok()
}

/// The ISSN as `form` asks: its Portal URL, its `urn:issn:` URN (RFC 3044), or `NNNN-NNNC`.
fn written<'a>(id: &Issn<'a>, form: PidForm) -> Cow<'a, str> {
    match form {
        PidForm::Url => Cow::Owned(id.url()),
        PidForm::Uri => Cow::Owned(format!("urn:issn:{}", id.issn())),
        _ => id.canonical(),
    }
}

impl Scheme for IssnScheme {
    type Id<'a> = Issn<'a>;
    type Details<'b> = IssnParts;
    type Error = super::IssnError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "issn";
    const TITLE: &'static str = "ISSN";
    const ABOUT: &'static str = "An ISSN (ISO 3297): NNNN-NNNC, bare, after an ISSN/ISSN-L/eISSN label, or as an ISSN Portal URL";
    const TYPE_NAME: &'static str = "Issn";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789iep", Hosts::Exact(&["portal.issn.org"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Issn::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The eight characters at `Syntax` and `Scheme` (label, URL and hyphen are not part of
    /// the ISSN); `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// `NNNN-NNNC`; with `--pid-form url` the ISSN Portal URL, with `uri` the `urn:issn:` URN.
    /// `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => written(id, out.form),
        }
    }

    /// The Portal URL as written, for an ISSN written as one.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if id.is_url() {
            IriRef::parse(id.input()).ok()
        } else {
            None
        }
    }

    /// By default the Portal URL of an ISSN written as one, and the `urn:issn:` URN (RFC 3044)
    /// of any other; the form `out` asks otherwise.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        _: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        Ok(match out.form {
            PidForm::Auto if id.is_url() => written(id, PidForm::Url),
            PidForm::Auto => written(id, PidForm::Uri),
            f => written(id, f),
        })
    }

    /// As [`IssnScheme::to_uri`]: every form is ASCII, its own IRI.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        _: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        Self::to_uri(id, &ToUri::new(), out)
    }

    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same eight characters: labels (ISSN, ISSN-L), the Portal URL and the hyphen are not part of the ISSN, x is X (ISO 3297)"
            }
        }
    }

    fn details(id: &Self::Id<'_>) -> IssnParts {
        id.parts()
    }

    /// ISSNs after an `ISSN`, `ISSN-L`, `eISSN` or `pISSN` label (`ISSN 0317-8471`); the Portal
    /// URLs are found as IRIs.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(LabelFinder::new(text, &FIND)))
    }

    /// `NNNN-NNNC`.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.canonical())
    }
}
