//! The typed parts of an identifier, as `pidkit parse` shows them.

use std::fmt;

use super::Identifier;
use crate::doi::DoiDetails;
use crate::iri::{Host, IriParts};
use crate::ivo::IvoidParts;
use crate::urn::UrnParts;

/// The parts of a DOI, URN or IVOID beyond its IRI components: the `doi`, `urn` or `ivo`
/// object of `pidkit parse --json` (serialized as that object).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Details<'a> {
    /// A recognised DOI: name, prefix, suffix, URI, URL, form, shortDOI or not.
    Doi(DoiDetails),
    /// A URN's NID, NSS, components and namespace class.
    Urn(UrnParts<'a>),
    /// An IVOID's authority, resource key, query, fragment, registry part and kind.
    Ivo(IvoidParts<'a>),
}

impl Details<'_> {
    /// The name of the JSON member that holds these details: the kind's name.
    ///
    /// ```
    /// let id = pidkit::Identifier::parse("urn:isbn:0451450523")?;
    /// assert_eq!(id.details().unwrap().name(), "urn");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Details::Doi(_) => "doi",
            Details::Urn(_) => "urn",
            Details::Ivo(_) => "ivo",
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Details<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Details::Doi(d) => d.serialize(s),
            Details::Urn(u) => u.serialize(s),
            Details::Ivo(i) => i.serialize(s),
        }
    }
}

/// The human listing of an identifier's parts: one `name value` row each, names aligned;
/// strings quoted, absent parts `-`.
///
/// ```
/// let i = pidkit::Identifier::parse("http://a/p?q")?;
/// assert_eq!(
///     i.listing().to_string(),
///     "  scheme    \"http\"\n  userinfo  -\n  host      \"a\" (reg-name)\n  port      -\n  path      \"/p\"\n  query     \"q\"\n  fragment  -\n"
/// );
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    width: usize,
    rows: Vec<(&'static str, String)>,
}

impl fmt::Display for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.width;
        for (name, value) in &self.rows {
            writeln!(f, "  {name:<width$} {value}")?;
        }
        Ok(())
    }
}

/// A quoted string, or `-` when absent.
fn quoted(o: Option<&str>) -> String {
    o.map_or_else(|| "-".to_owned(), |s| format!("{s:?}"))
}

impl<'a> Identifier<'a> {
    /// The generic components, where the identifier is written as an IRI (the `components`
    /// object of `pidkit parse --json`).
    ///
    /// ```
    /// let c = pidkit::Identifier::parse("ivo://ivoa.net/std/TAP")?.components().unwrap();
    /// assert_eq!((c.scheme, c.host, c.path), (Some("ivo"), Some("ivoa.net"), "/std/TAP"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn components(&self) -> Option<IriParts<'a>> {
        self.as_iri().map(|r| r.parts())
    }

    /// The parts of its scheme, for DOIs, URNs and IVOIDs.
    ///
    /// ```
    /// use pidkit::{Details, Identifier};
    /// let Some(Details::Doi(d)) = Identifier::parse("DOI: 10.1000/182")?.details() else { panic!() };
    /// assert_eq!((d.uri.as_str(), d.form), ("doi:10.1000/182", "label"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn details(&self) -> Option<Details<'_>> {
        match self {
            Identifier::Doi(d) => Some(Details::Doi(d.details())),
            Identifier::Urn(u) => Some(Details::Urn(u.parts())),
            Identifier::Ivo(i) => Some(Details::Ivo(i.parts())),
            Identifier::Iri(_) | Identifier::Uri(_) => None,
        }
    }

    /// The human listing of the parts (see [`Listing`]).
    pub fn listing(&self) -> Listing {
        let rows = match self {
            Identifier::Doi(d) => {
                let s = d.details();
                vec![
                    ("name", s.name),
                    ("prefix", s.prefix),
                    ("suffix", s.suffix),
                    ("uri", s.uri),
                    ("url", s.url),
                    ("form", s.form.into()),
                ]
            }
            Identifier::Urn(u) => {
                let v = u.parts();
                vec![
                    ("nid", quoted(Some(v.nid))),
                    ("nss", quoted(Some(v.nss))),
                    ("r-component", quoted(v.r_component)),
                    ("q-component", quoted(v.q_component)),
                    ("f-component", quoted(v.f_component)),
                    ("namespace", v.namespace_class.to_owned()),
                ]
            }
            Identifier::Ivo(i) => {
                let v = i.parts();
                vec![
                    ("authority", quoted(Some(v.authority))),
                    ("resource key", quoted(Some(v.resource_key))),
                    ("query", quoted(v.query)),
                    ("fragment", quoted(v.fragment)),
                    ("registry part", quoted(Some(v.registry_part))),
                    ("kind", v.kind.to_owned()),
                ]
            }
            Identifier::Iri(r) | Identifier::Uri(r) => {
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
        };
        let width = if self.kind().is_pid() { 13 } else { 9 };
        Listing { width, rows }
    }
}
