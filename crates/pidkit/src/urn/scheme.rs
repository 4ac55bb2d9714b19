//! URNs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Urn, UrnParts};
use crate::error::Error;
use crate::iri::{IriRef, Level};
use crate::reading::generic;
use crate::scheme::{Scheme, quoted};
use crate::{ReadOptions, Warning};

/// The URN scheme (RFC 8141, RFC 2141 by profile).
///
/// ```
/// use pidkit::scheme::{Scheme, UrnScheme};
/// assert!(UrnScheme::claims(b"URN:ISSN:0167-6423"));
/// assert!(!UrnScheme::claims(b"urn-x:y"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct UrnScheme;

impl Scheme for UrnScheme {
    type Id<'a> = Urn<&'a str>;
    type Details<'b> = UrnParts<'b>;
    type Error = super::UrnError;
    const NAME: &'static str = "urn";

    fn claims(t: &[u8]) -> bool {
        t.len() >= 4 && t[..4].eq_ignore_ascii_case(b"urn:")
    }

    fn read<'a>(s: &'a str, opts: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Urn::parse_with(s, opts.urn)
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

    /// `urn:` IRIs by URN-equivalence and the namespace rules ([`Urn::key`]).
    fn normal_form(normalized: &str) -> Option<String> {
        Urn::parse(normalized).ok().map(|u| u.key().into_owned())
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> UrnParts<'b> {
        id.parts()
    }

    fn listing(id: &Self::Id<'_>) -> Vec<(&'static str, String)> {
        let v = id.parts();
        vec![
            ("nid", quoted(Some(v.nid))),
            ("nss", quoted(Some(v.nss))),
            ("r-component", quoted(v.r_component)),
            ("q-component", quoted(v.q_component)),
            ("f-component", quoted(v.f_component)),
            ("namespace", v.namespace_class.to_owned()),
        ]
    }
}
