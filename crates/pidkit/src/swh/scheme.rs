//! SWHIDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Swhid, SwhidParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level};
use crate::scheme::{Hosts, Prefilter, NoOptions, Protocol, Route, Scheme, Service};
use crate::{PidForm, PidOutput, ReadOptions};

/// The Software Heritage archive, which answers `GET /<SWHID>` with a redirect to the object's
/// page (Software Heritage docs, "Resolution": the root endpoint).
pub const SWH_RESOLVER: Service = Service {
    name: "swh",
    flag: "swh-resolver",
    env: "PIDKIT_SWH_RESOLVER",
    default: "https://archive.softwareheritage.org",
    protocol: Protocol::Redirect,
    item: "SWHID",
    about: "Resolver for SWHIDs: the Software Heritage archive (requests go to URL/swh:1:…)",
    records: false,
};

/// The SWHID scheme (SWHID specification v1.2, ISO/IEC 18670): `swh:1:TYPE:HASH[;qualifiers]`,
/// bare or at a resolver, compared by §6.4 at every rung above `Simple`.
///
/// ```
/// use pidkit::scheme::Scheme;
/// use pidkit::swh::SwhScheme;
/// use pidkit::Level;
/// assert!(SwhScheme::claims(b"SWH:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2"));
/// assert!(SwhScheme::claims(b"https://archive.softwareheritage.org/swh:1:cnt:x"));
/// assert!(!SwhScheme::claims(b"https://archive.softwareheritage.org/browse/search/"));
/// let id = SwhScheme::read("https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2", &Default::default())?;
/// assert_eq!(SwhScheme::key(&id, Level::Scheme), "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SwhScheme;

impl Scheme for SwhScheme {
    type Id<'a> = Swhid<'a>;
    type Details<'b> = SwhidParts<'b>;
    type Error = super::SwhError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = true;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const URI_SCHEME: Option<&'static str> = Some("swh");
    const NAME: &'static str = "swh";
    const TITLE: &'static str = "SWHID";
    const ABOUT: &'static str = "A SWHID (SWHID specification, ISO/IEC 18670): swh:1:TYPE:HASH with qualifiers, or at a resolver (https://archive.softwareheritage.org/swh:1:…)";
    const TYPE_NAME: &'static str = "Swhid";
    const SERVICE: Option<&'static Service> = Some(&SWH_RESOLVER);

    const PREFILTER: Prefilter = Prefilter::new(b"s", Hosts::Exact(&["archive.softwareheritage.org", "identifiers.org", "n2t.net"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Swhid::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The input at `Simple`; the SWHID with its qualifiers in the canonical order at `Syntax`;
    /// at `Scheme` also without ignored qualifiers, values normalized ([`Swhid::key`]).
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        id.key(level)
    }

    /// The normal form (the SWHID, [`Swhid::key`]); with `--pid-form url` at the archive's
    /// root endpoint. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        let normal = id.key(level);
        match out.form {
            PidForm::Url => Cow::Owned(super::at_archive(&normal)),
            _ => normal,
        }
    }

    /// What the normal form changes, step by step (the resolver URL, the order of the
    /// qualifiers, ignored qualifiers …): one warning naming every step.
    fn removed(id: &Self::Id<'_>, level: Level) -> Vec<Warning> {
        let steps = id.changes(level);
        if steps.is_empty() {
            return Vec::new();
        }
        vec![Warning::new(
            codes::NORMALIZED,
            0,
            0,
            format!(
                "the normal form (SWHID §6.4, §6.5) changes: {}",
                steps.join("; ")
            ),
        )]
    }

    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        IriRef::parse(id.input()).ok()
    }

    /// `swh:` IRIs by §6.4 at every rung above `Simple`, as [`Swhid::key`]. An IRI that is a
    /// SWHID only once its percent-encoding is normalized (`swh:1:cnt:%61…`) takes that
    /// SWHID's normal form, so that IRIs equal but for their percent-encoding (what IRI ⇄ URI
    /// conversion changes) stay equivalent; failing that, one that is a SWHID only in its
    /// generic syntax normal form takes that SWHID's, so that normal forms are fixed points.
    /// Any other is left to the generic rules. (The generic syntax normal form comes last: its
    /// dot-segment removal runs across the qualifiers, `…;path=/..` taking the core with it.)
    fn normal_form(iri: &str, level: Level) -> Option<String> {
        if level == Level::Simple {
            return None;
        }
        if let Ok(id) = Swhid::parse(iri) {
            return Some(id.key(level).into_owned());
        }
        let decoded = super::normalize::percent_normal(iri);
        if let Ok(id) = Swhid::parse(&decoded) {
            return Some(id.key(level).into_owned());
        }
        let generic = crate::scheme::generic_syntax(iri)?;
        Swhid::parse(&generic)
            .ok()
            .map(|id| id.key(level).into_owned())
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            Level::Syntax => {
                "the same core SWHID and the same qualifiers with the same values, in any order (SWHID §6.4); 'swh' in any case, the origin and the path compared in their syntax-normal forms (RFC 3986 §6.2.2)"
            }
            Level::Scheme => {
                "the same core SWHID and the same qualifiers in any order, without those §6 says to ignore, ranges as numbers, the origin in its scheme-normal form (SWHID §6.4; RFC 3986 §6.2.2, §6.2.3)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> SwhidParts<'b> {
        id.parts()
    }

    /// The SWHID in its `Syntax` normal form.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.key(Level::Syntax))
    }

    /// At the Software Heritage archive: `GET /<SWHID>` (the `Syntax` normal form, with `?`
    /// and `#` percent-encoded so that they stay in the path, and a `/` after one that ends in
    /// `/`).
    fn route(id: &Self::Id<'_>) -> Option<Route> {
        let mut name = id
            .key(Level::Syntax)
            .replace('?', "%3F")
            .replace('#', "%23");
        if name.ends_with('/') {
            // The archive takes one trailing '/' for its URL's own.
            name.push('/');
        }
        Some(Route::new(&SWH_RESOLVER, name))
    }
}
