//! Handles as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{HdlDetails, HdlForm, Recognized, recognize};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Protocol, Route, Scheme, Service};
use crate::{ParseError, PidForm, PidOutput, ReadOptions, Warning};

/// Under [`PidForm::Auto`], a handle written as a URI or URL that is an IRI as written: its
/// trimmed text, to be converted as the IRI it is.
fn as_written_iri<'a>(id: &Recognized<'a>, out: &PidOutput) -> Option<IriRef<&'a str>> {
    if out.form != PidForm::Auto || id.form == HdlForm::Name {
        return None;
    }
    IriRef::parse(id.input().trim_matches(|c: char| c.is_ascii_whitespace())).ok()
}

/// The Handle System's proxy, whose Handle API answers for every handle (Handle.Net
/// Technical Manual §14).
pub const HANDLE_PROXY: Service = Service {
    name: "handle",
    flag: "handle-resolver",
    env: "PIDKIT_HANDLE_RESOLVER",
    default: "https://hdl.handle.net",
    protocol: Protocol::HandleApi,
    item: "handle",
    about: "Handle API origin for other handles (hdl:, hdl.handle.net URLs)",
    records: false,
};

/// The Handle scheme: handles in their written forms ([`super::HdlForm`]).
///
/// Auto-detection claims the `hdl:` and `info:hdl/` URIs and the HDL.NET proxy URLs; a bare
/// `prefix/local-name` is read as a handle only when asked (`ReadAs::Hdl`, `--as hdl`), since
/// it cannot be told from a relative reference (and `10.…/…` is a DOI, which the list of
/// schemes asks first).
///
/// ```
/// use pidkit::hdl::HdlScheme;
/// use pidkit::scheme::Scheme;
/// assert!(HdlScheme::claims(b"https://hdl.handle.net/20.500.12345/abc"));
/// assert!(!HdlScheme::claims(b"20.500.12345/abc"));
/// let h = HdlScheme::read("hdl:20.500.12345/abc", &Default::default())?;
/// assert_eq!(HdlScheme::key(&h, pidkit::Level::Scheme), "hdl:20.500.12345/ABC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct HdlScheme;

impl Scheme for HdlScheme {
    type Id<'a> = Recognized<'a>;
    type Details<'b> = HdlDetails;
    type Error = super::HdlError;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = super::codes::ALL;
    const URI_SCHEME: Option<&'static str> = Some("hdl");
    const NAME: &'static str = "hdl";
    const TITLE: &'static str = "handle";
    const ABOUT: &'static str =
        "A handle: prefix/local-name, hdl:, info:hdl/ or an hdl.handle.net URL";
    const TYPE_NAME: &'static str = "Handle";
    type Options = NoOptions;
    const SERVICE: Option<&'static Service> = Some(&HANDLE_PROXY);

    const PREFILTER: Prefilter = Prefilter::new(b"hi", Hosts::Exact(&["hdl.handle.net"]));

    fn claims(t: &[u8]) -> bool {
        super::forms::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        recognize(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(id.input(), super::codes::SURROUNDING_SPACE, "handle");
        out.extend(id.warnings());
        out
    }

    /// The key ignores the written form and a URI's or URL's query and fragment: the `hdl:`
    /// URI of the handle as written at `Syntax`; at `Scheme` upper-cased in ASCII (the Global
    /// Handle Registry compares ASCII case-insensitively, RFC 3651 §2.1.3), and for a handle
    /// that is a DOI the DOI's key (the same name, compared the same way), so
    /// `hdl:10.1000/abc` ≡ `doi:10.1000/ABC`; `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            Level::Syntax => Cow::Owned(id.handle.to_uri()),
            Level::Scheme => Cow::Owned(super::key_uri(&id.handle)),
        }
    }

    /// The normal form in the form `out` asks ([`Recognized::written_as`]): by default the
    /// proxy URL `https://hdl.handle.net/…` (a Handle API URL stays one), the handle as given;
    /// in the case `out` asks at `Scheme`; `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        let form = match (out.form, id.form) {
            (PidForm::Auto, super::HdlForm::HandleApi) => PidForm::Auto,
            (PidForm::Auto, _) => PidForm::Url,
            (f, _) => f,
        };
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            Level::Syntax => Cow::Owned(id.written_as(form, None)),
            Level::Scheme => Cow::Owned(id.written_as(form, Some(out.case))),
        }
    }

    /// A URI's or URL's query and fragment, in any output form but a URL.
    fn lost_in(id: &Self::Id<'_>, out: &PidOutput) -> Vec<Warning> {
        id.lost_in(out.form)
    }

    /// Most written forms of a handle are not IRIs of the handle; its `hdl:` URI is.
    fn as_iri<'a>(_: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        None
    }

    /// By default a handle written as a URI or URL is converted as the IRI it is, and a bare
    /// name gives its `hdl:` URI; another form when `out` asks.
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

    /// As [`HdlScheme::to_uri`], mapped to an IRI (§3.7).
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

    /// `hdl:` IRIs are read as the handle they name above `Simple`: its `hdl:` URI as written
    /// at `Syntax`, the key at `Scheme` (the generic rules would remove a `.` or `..` segment,
    /// which names another handle). An `hdl:` IRI with a query or fragment (resolver
    /// parameters) keeps the generic normal form at both rungs, since those are not part of the
    /// handle but do tell two IRIs apart.
    fn normal_form(iri: &str, level: Level) -> Option<String> {
        if level == Level::Simple {
            return None;
        }
        let form = |text: &str| {
            let r = recognize(text).ok()?;
            let whole = r.form == HdlForm::Uri && r.query().is_none() && r.fragment().is_none();
            whole.then(|| match level {
                Level::Scheme => super::key_uri(&r.handle),
                _ => r.handle.to_uri(),
            })
        };
        // An IRI that names a handle only after the generic syntax rules (`hdl:./x`) is read
        // through them at once, so that the normal form is its own (found by fuzzing).
        form(iri).or_else(|| form(crate::scheme::generic_syntax(iri)?.as_str()))
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            Level::Syntax => "the same handle (every written form names its handle)",
            Level::Scheme => {
                "handles compare case-insensitively in ASCII, as the Global Handle Registry does (RFC 3651 §2.1.3)"
            }
        }
    }

    fn details(id: &Self::Id<'_>) -> HdlDetails {
        id.details()
    }

    fn listing(id: &Self::Id<'_>) -> Vec<(&'static str, String)> {
        let d = id.details();
        vec![
            ("name", d.name),
            ("prefix", d.prefix),
            ("suffix", d.suffix),
            ("uri", d.uri),
            ("url", d.url),
            ("form", d.form.into()),
        ]
    }

    /// Handles in running text in their written forms ([`super::find_iter`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: f.text,
            truncated: f.truncated,
        })))
    }

    /// The handle, through the Handle proxy's Handle API.
    fn route(id: &Self::Id<'_>) -> Option<Route> {
        Some(Route::new(&HANDLE_PROXY, id.handle.as_str()))
    }

    /// The handle.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Owned(id.handle.as_str().to_owned()))
    }
}
