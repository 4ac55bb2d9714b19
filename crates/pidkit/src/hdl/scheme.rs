//! Handles as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{HdlDetails, HdlForm, Recognized, recognize};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::Scheme;
use crate::{ParseError, ReadOptions, Warning};

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
/// assert_eq!(HdlScheme::normalize(&h, pidkit::Level::Scheme), "hdl:20.500.12345/ABC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct HdlScheme;

impl Scheme for HdlScheme {
    type Id<'a> = Recognized<'a>;
    type Details<'b> = HdlDetails;
    type Error = super::HdlError;
    const NAME: &'static str = "hdl";

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
        id.warnings()
    }

    /// A handle, in whatever form it was written, normalizes to its `hdl:` URI: the handle as
    /// written at `Syntax`, upper-cased in ASCII at `Scheme` (the Global Handle Registry
    /// compares ASCII case-insensitively); `Simple` keeps the input. At `Scheme`, a handle that
    /// is a DOI takes the DOI's normal form (`doi:` and its name upper-cased in ASCII): the
    /// same name, compared the same way, so `hdl:10.1000/abc` ≡ `doi:10.1000/ABC`.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            Level::Syntax => Cow::Owned(id.handle.to_uri()),
            Level::Scheme => Cow::Owned(super::key_uri(&id.handle)),
        }
    }

    /// Most written forms of a handle are not IRIs of the handle; its `hdl:` URI is.
    fn as_iri<'a>(_: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        None
    }

    fn to_uri<'a>(id: &Self::Id<'a>, _: &ToUri) -> Result<Cow<'a, str>, ParseError> {
        Ok(Cow::Owned(id.handle.to_uri()))
    }

    fn to_iri<'a>(id: &Self::Id<'a>, t: &ToIri) -> Result<Cow<'a, str>, ParseError> {
        let uri = id.handle.to_uri();
        let parsed = IriRef::parse(uri.as_str())?;
        Ok(Cow::Owned(t.convert(&parsed).as_str().to_owned()))
    }

    /// `hdl:` IRIs by handle equivalence, written as at [`HdlScheme::normalize`]'s `Scheme`
    /// rung; an `hdl:` IRI with a query or fragment (resolver parameters) keeps the generic
    /// normal form, since those are not part of the handle but do tell two IRIs apart.
    fn normal_form(normalized: &str) -> Option<String> {
        let r = recognize(normalized).ok()?;
        let whole = r.form == HdlForm::Uri && r.query().is_none() && r.fragment().is_none();
        whole.then(|| super::key_uri(&r.handle))
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
}
