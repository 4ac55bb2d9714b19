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

/// The rules of the generic ladder (draft-duerst-iri-bis-07 §5.3, RFC 3986 §6.2).
pub(crate) fn rule(level: Level) -> &'static str {
    match level {
        Level::Simple => "the same characters (§5.3.1)",
        Level::Syntax => {
            "syntax-based normalization: the case of the scheme, the host and %XX, unreserved and UTF-8 %XX decoded, dot segments removed (RFC 3986 §6.2.2, §5.3.2)"
        }
        Level::Scheme => {
            "scheme-based normalization: also the default port, an empty path as /, IDN hosts in ASCII (RFC 3986 §6.2.3, §5.3.3)"
        }
    }
}
