//! IVOA identifiers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Ivoid, IvoidParts};
use crate::error::Error;
use crate::iri::{IriRef, Level};
use crate::reading::generic;
use crate::scheme::{Scheme, quoted};
use crate::{ReadOptions, Warning};

/// The IVOID scheme (IVOA Identifiers 2.0).
///
/// ```
/// use pidkit::scheme::{IvoScheme, Scheme};
/// assert!(IvoScheme::claims(b"IVO://CDS.VizieR/J/A+A/672/A1"));
/// let i = IvoScheme::read("ivo://CDS.VizieR/J/A+A/1?Ab", &Default::default())?;
/// assert_eq!(IvoScheme::normalize(&i, pidkit::Level::Scheme), "ivo://cds.vizier/j/a+a/1?Ab");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IvoScheme;

impl Scheme for IvoScheme {
    type Id<'a> = Ivoid<&'a str>;
    type Details<'b> = IvoidParts<'b>;
    type Error = super::IvoError;
    const NAME: &'static str = "ivo";

    fn claims(t: &[u8]) -> bool {
        t.len() >= 4 && t[..4].eq_ignore_ascii_case(b"ivo:")
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Ivoid::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.into_iri().into_inner()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    fn normalize<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        generic::normalize(id.into_iri().into(), level)
    }

    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        Some(id.into_iri().into())
    }

    /// `ivo:` IRIs by IVOA Identifiers 2.0 §2.6: the registry part case-insensitive, the local
    /// part exact ([`Ivoid::key`]).
    fn normal_form(normalized: &str) -> Option<String> {
        Ivoid::parse(normalized).ok().map(|i| i.key().into_owned())
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> IvoidParts<'b> {
        id.parts()
    }

    fn listing(id: &Self::Id<'_>) -> Vec<(&'static str, String)> {
        let v = id.parts();
        vec![
            ("authority", quoted(Some(v.authority))),
            ("resource key", quoted(Some(v.resource_key))),
            ("query", quoted(v.query)),
            ("fragment", quoted(v.fragment)),
            ("registry part", quoted(Some(v.registry_part))),
            ("kind", v.kind.to_owned()),
        ]
    }
}
