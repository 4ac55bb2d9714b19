//! DOIs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::DoiProfile;
use super::{DoiDetails, Recognized, recognize_with};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, Protocol, Route, Scheme, SchemeOptions, Service};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// Under [`PidForm::Auto`], a DOI written as a URI or URL that is an IRI as written: its
/// trimmed text, to be converted as the IRI it is.
fn as_written_iri<'a>(id: &Recognized<'a>, out: &PidOutput) -> Option<IriRef<&'a str>> {
    if out.form != PidForm::Auto || !id.written_as_uri() {
        return None;
    }
    IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
}

/// The DOI system's proxy, whose Handle API answers for every DOI (DOI URI scheme §4).
pub const DOI_PROXY: Service = Service {
    name: "doi",
    flag: "resolver",
    env: "PIDKIT_RESOLVER",
    default: "https://doi.org",
    protocol: Protocol::HandleApi,
    item: "DOI name",
    about: "Handle API origin for DOIs: requests go to URL/api/handles/…",
    records: true,
};

impl SchemeOptions for DoiProfile {
    const PROFILES: &'static [(&'static str, &'static str)] = &[(
        "legacy",
        "DOIs: the 2003 draft's doi: URIs (draft-paskin-doi-uri-04: any prefix, query and fragment)",
    )];

    fn apply(&mut self, name: &str) {
        if name == "legacy" {
            *self = DoiProfile::Legacy;
        }
    }

    fn names(&self) -> Vec<&'static str> {
        match self {
            DoiProfile::Legacy => vec!["legacy"],
            _ => Vec::new(),
        }
    }
}

/// The DOI scheme: DOI names in every written form ([`super::DoiForm`]).
///
/// ```
/// use pidkit::scheme::{DoiScheme, Scheme};
/// assert!(DoiScheme::claims(b"https://doi.org/10.1000/182"));
/// let d = DoiScheme::read("DOI: 10.1000/abc", &Default::default())?;
/// assert_eq!(DoiScheme::normalize(&d, pidkit::Level::Scheme, &Default::default()), "https://doi.org/10.1000/abc");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DoiScheme;

impl Scheme for DoiScheme {
    type Id<'a> = Recognized<'a>;
    type Details<'b> = DoiDetails;
    type Error = super::DoiError;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = super::codes::ALL;
    const URI_SCHEME: Option<&'static str> = Some("doi");
    const NAME: &'static str = "doi";
    const TITLE: &'static str = "DOI";
    const ABOUT: &'static str = "A DOI, in any written form";
    const TYPE_NAME: &'static str = "Doi";
    type Options = DoiProfile;
    const SERVICE: Option<&'static Service> = Some(&DOI_PROXY);

    const PREFILTER: Prefilter = Prefilter::new(b"1diuw", Hosts::Exact(&["doi.org", "dx.doi.org", "www.doi.org"]));

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
        let mut out =
            crate::scheme::space_warnings(id.input(), super::codes::SURROUNDING_SPACE, "DOI");
        out.extend(id.warnings(id.input()));
        out
    }

    /// The key ignores the written form: the `doi:` URI of the name as written at `Syntax`,
    /// upper-cased in ASCII at `Scheme` (doi URI scheme §3); `Simple` keeps the input. A URL's
    /// query and fragment are not part of the DOI.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            Level::Syntax => Cow::Owned(id.doi.to_uri()),
            Level::Scheme => Cow::Owned(id.doi.key_uri()),
        }
    }

    /// The normal form in the form `out` asks ([`Recognized::written_as`]): by default the
    /// resolver URL `https://doi.org/…` the DOI display guidelines ask for (a Handle API URL
    /// stays one), the name as given; in the case `out` asks at `Scheme`; `Simple` keeps the
    /// input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        // Written once into a buffer of about the right size (a `%XX` or two may grow it).
        let mut buf = String::with_capacity(id.doi.as_str().len() + 64);
        Self::write_normal_form(id, level, out, &mut buf);
        Cow::Owned(buf)
    }

    fn write_normal_form(id: &Self::Id<'_>, level: Level, out: &PidOutput, buf: &mut String) {
        let form = match (out.form, id.form) {
            (PidForm::Auto, super::DoiForm::HandleApi) => PidForm::Auto,
            (PidForm::Auto, _) => PidForm::Url,
            (f, _) => f,
        };
        match level {
            Level::Simple => buf.push_str(id.input()),
            Level::Syntax => id.write_as(form, None, buf),
            Level::Scheme => id.write_as(form, Some(out.case), buf),
        }
    }

    fn write_key(id: &Self::Id<'_>, level: Level, buf: &mut String) {
        match level {
            Level::Scheme => id.doi.write_key_uri(buf),
            _ => buf.push_str(&Self::key(id, level)),
        }
    }

    /// A URL's query and fragment, in any output form but a URL.
    fn lost_in(id: &Self::Id<'_>, out: &PidOutput) -> Vec<Warning> {
        id.lost_in(out.form).into_iter().collect()
    }

    /// Most written forms of a DOI are not IRIs of the DOI; its `doi:` URI is.
    fn as_iri<'a>(_: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        None
    }

    /// By default a DOI written as a URI or URL is converted as the IRI it is, and one written
    /// as a name or a printed label gives its `doi:` URI; another form when `out` asks.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        match as_written_iri(id, out) {
            Some(r) => Ok(crate::scheme::borrowed_from(r.into_inner(), t.convert(&r)?)),
            None => Ok(Cow::Owned(id.written_as(out.form, None))),
        }
    }

    /// As [`DoiScheme::to_uri`], mapped to an IRI (§3.7).
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        if let Some(r) = as_written_iri(id, out) {
            return Ok(crate::scheme::borrowed_from(r.into_inner(), t.convert(&r)));
        }
        let written = id.written_as(out.form, None);
        match IriRef::parse(written.as_str()) {
            Ok(parsed) => Ok(Cow::Owned(t.convert(&parsed).as_str().to_owned())),
            Err(_) => Ok(Cow::Owned(written)), // a bare name is not an IRI: given as it is
        }
    }

    /// `doi:` IRIs are read as the DOI they name at every rung above `Simple`, as URNs are:
    /// the `doi:` URI of the name as written at `Syntax`, of the upper-cased name at `Scheme`
    /// (doi URI scheme §3). The generic rules would remove a `.` or `..` segment of the suffix
    /// (RFC 3986 §6.2.2.3), which names another DOI: the ladder's rungs would then disagree.
    ///
    /// The IRI is read as the DOI reading reads a `doi:` URI (leniently: an unencoded `/` in
    /// the suffix is the name's), so both readings agree.
    fn normal_form(iri: &str, level: Level) -> Option<String> {
        if level == Level::Simple {
            return None;
        }
        let form = |text: &str| {
            let r = recognize_with(text, super::DoiProfile::Current).ok()?;
            (r.form == super::DoiForm::Uri).then(|| match level {
                Level::Scheme => r.doi.key_uri(),
                _ => r.doi.to_uri(),
            })
        };
        // An IRI that names a DOI only after the generic syntax rules (`doi:./10.1/x`) is read
        // through them at once, so that the normal form is its own.
        form(iri).or_else(|| form(crate::scheme::generic_syntax(iri)?.as_str()))
    }

    fn details(id: &Self::Id<'_>) -> DoiDetails {
        id.details()
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            Level::Syntax => {
                "the same DOI name (doi URI scheme §2: every written form names its DOI)"
            }
            Level::Scheme => "DOI names compare case-insensitively in ASCII (doi URI scheme §3)",
        }
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

    /// DOIs in running text in all their written forms ([`super::find_iter`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: f.text,
            truncated: f.truncated,
        })))
    }

    /// The DOI name, through the DOI proxy's Handle API.
    fn route(id: &Self::Id<'_>) -> Option<Route> {
        Some(Route::new(&DOI_PROXY, id.doi.as_str()))
    }

    /// The DOI name.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Owned(id.doi.as_str().to_owned()))
    }
}
