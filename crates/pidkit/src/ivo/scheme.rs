//! IVOA identifiers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Ivoid, IvoidParts};
use crate::error::Error;
use crate::iri::{IriRef, Level};
use crate::reading::generic;
use crate::scheme::{Hosts, Prefilter, NoOptions, Protocol, Route, Scheme, Service, quoted};
use crate::{PidOutput, ReadOptions, Warning};

/// The IVOA Registry's RegTAP service that resolves IVOIDs: GAVO's, pyvo's default (which
/// pyvo also reads from `IVOA_REGISTRY`).
pub const REGISTRY: Service = Service {
    name: "registry",
    flag: "registry",
    env: "IVOA_REGISTRY",
    default: "http://reg.g-vo.org/tap",
    protocol: Protocol::RegTap,
    item: "registry part",
    about: "RegTAP service for IVOIDs (queries go to URL/sync); pyvo's variable is honoured too",
    records: false,
};

/// The IVOID scheme (IVOA Identifiers 2.0).
///
/// ```
/// use pidkit::scheme::{IvoScheme, Scheme};
/// assert!(IvoScheme::claims(b"IVO://CDS.VizieR/J/A+A/672/A1"));
/// let i = IvoScheme::read("ivo://CDS.VizieR/J/A+A/1?Ab", &Default::default())?;
/// assert_eq!(IvoScheme::normalize(&i, pidkit::Level::Scheme, &Default::default()), "ivo://cds.vizier/j/a+a/1?Ab");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IvoScheme;

impl Scheme for IvoScheme {
    type Id<'a> = Ivoid<&'a str>;
    type Details<'b> = IvoidParts<'b>;
    type Error = super::IvoError;
    const CONVERTS_AS_IRI: bool = true;
    const WARNINGS: &'static [crate::WarningCode] = super::codes::ALL;
    const URI_SCHEME: Option<&'static str> = Some("ivo");
    const NAME: &'static str = "ivo";
    const TITLE: &'static str = "IVOA identifier";
    const ABOUT: &'static str = "An IVOA identifier";
    const TYPE_NAME: &'static str = "Ivoid";
    type Options = NoOptions;
    const SERVICE: Option<&'static Service> = Some(&REGISTRY);

    const PREFILTER: Prefilter = Prefilter::new(b"i", Hosts::None);

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

    fn normalize<'a>(id: &Self::Id<'a>, level: Level, _: &PidOutput) -> Cow<'a, str> {
        generic::normalize(id.into_iri().into(), level)
    }

    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        Some(id.into_iri().into())
    }

    /// `ivo:` IRIs by IVOA Identifiers 2.0 §2.6: the registry part case-insensitive, the local
    /// part exact ([`Ivoid::key`]).
    ///
    /// The generic rules at `Syntax`; at `Scheme`, the key of the generic syntax-normal form.
    fn normal_form(iri: &str, level: Level) -> Option<String> {
        if level != Level::Scheme {
            return None;
        }
        let r = IriRef::parse(iri).ok()?;
        let syntax = r.normalize_with(Level::Syntax, &());
        if let Ok(i) = Ivoid::parse(syntax.as_str()) {
            return Some(i.key().into_owned());
        }
        // An IRI that becomes an IVOID only through the generic scheme rules (an IDN authority
        // in ASCII, §5.3.3) gets that IVOID's key, so the normal form is its own normal form
        // (found by fuzzing `normalize`: `ivo://өJ./B` gave `ivo://xn--j-s3b./B`, then `…/b`).
        let generic = r.normalize_with(Level::Scheme, &());
        Ivoid::parse(generic.as_str())
            .ok()
            .map(|i| i.key().into_owned())
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> IvoidParts<'b> {
        id.parts()
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            Level::Syntax => crate::reading::generic::rule(level),
            Level::Scheme => {
                "the registry part compares case-insensitively (IVOA Identifiers 2.0 §2.6)"
            }
        }
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
            ("regtap", quoted(Some(&v.regtap))),
        ]
    }

    /// The registry part, as RegTAP stores it (lower-cased, Identifiers 2.0 §2.6), looked up in
    /// the IVOA Registry (§2.5).
    fn route(id: &Self::Id<'_>) -> Option<Route> {
        let part = match Ivoid::parse(id.registry_part()) {
            Ok(r) => r.to_regtap().into_owned(),
            Err(_) => id.registry_part().to_ascii_lowercase(),
        };
        let route = Route::new(&REGISTRY, part);
        Some(match id.local_part() {
            "" => route,
            local => route.note(format!(
                "resolved the Registry part; the local part {local:?} is for the resource itself \
                 to dereference (Identifiers 2.0 §2.5)"
            )),
        })
    }
}
