//! What the typed reading does with IRIs, URIs and relative references (the generic grammar,
//! draft-duerst-iri-bis-07): the counterpart of a scheme's [`crate::scheme::Scheme`] functions.

use std::borrow::Cow;

use crate::ParseError;
use crate::iri::{Host, IriRef, Level, ToIri, ToUri};
use crate::scheme::{borrowed_from, quoted};

/// The normal form at `level`, with every identifier scheme's equivalence for IRIs of its URI
/// scheme (`urn:`, `doi:` … written as IRIs).
pub(crate) fn normalize<'a>(r: IriRef<&'a str>, level: Level) -> Cow<'a, str> {
    borrowed_from(r.into_inner(), r.normalize(level))
}

/// §3.3–3.6.
pub(crate) fn to_uri<'a>(r: IriRef<&'a str>, t: &ToUri) -> Result<Cow<'a, str>, ParseError> {
    Ok(borrowed_from(r.into_inner(), t.convert(&r)?))
}

/// §3.7.
pub(crate) fn to_iri<'a>(r: IriRef<&'a str>, t: &ToIri) -> Result<Cow<'a, str>, ParseError> {
    Ok(borrowed_from(r.into_inner(), t.convert(&r)))
}

/// The components as rows for people; the host with its kind.
pub(crate) fn listing(r: &IriRef<&str>) -> Vec<(&'static str, String)> {
    let host = r.host().map(|h| {
        let text = match h {
            Host::Ipv6(_) | Host::IpvFuture(_) => r.host_str().unwrap_or(""),
            _ => h.as_str(),
        };
        format!("{text:?} ({})", h.kind().name())
    });
    vec![
        ("scheme", quoted(r.scheme())),
        ("userinfo", quoted(r.userinfo())),
        ("host", host.unwrap_or_else(|| "-".into())),
        ("port", quoted(r.port())),
        ("path", quoted(Some(r.path()))),
        ("query", quoted(r.query())),
        ("fragment", quoted(r.fragment())),
    ]
}
