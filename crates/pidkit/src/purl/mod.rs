//! PURLs: Persistent URLs on the PURL services (`purl.org`, `purl.oclc.org`, `purl.net`,
//! `purl.fdlp.gov`) and on `w3id.org`, read as the HTTP IRIs they are, with the service and
//! the PURL domain as parts. A PURL is its IRI: it compares by the generic rules of the IRI
//! ladder (RFC 3986 §6.2, draft-duerst-iri-bis-07 §5.3).
//!
//! Sources:
//!
//! - The PURL service of the Internet Archive, which runs `purl.org` (OCLC's PURL system,
//!   whose PURLs were also hosted under other names with `purl` in them, such as
//!   `purl.oclc.org` and `purl.net`), "PURL help"
//!   (<https://purl.archive.org/help>): a PURL is a persistent URL that redirects to the
//!   resource's current location; "PURLs with a common prefix are grouped together into
//!   domains", each with one maintainer; a *partial* PURL matches the start of a URL and
//!   redirects every path under it (`purl.org/dc/terms/…`, in the domain `dc`).
//! - The U.S. Government Publishing Office's PURL server for the Federal Depository Library
//!   Program, `purl.fdlp.gov`, a PURL server of the same design.
//! - W3C Permanent Identifier Community Group, "Permanent Identifiers for the Web"
//!   (<https://w3id.org/>, README of <https://github.com/perma-id/w3id.org>): "a secure,
//!   permanent URL re-direction service", one directory of redirection rules per identifier,
//!   its first path segment (`w3id.org/ro/…`).
//!
//! ```
//! use pidkit::purl::Purl;
//!
//! let p = Purl::parse("http://purl.org/dc/terms/title")?;
//! assert_eq!((p.service(), p.domain(), p.path()), ("purl.org", "dc", "/dc/terms/title"));
//! assert_eq!(p.key(pidkit::Level::Syntax), "http://purl.org/dc/terms/title");
//! assert_eq!(Purl::parse("HTTPS://W3ID.ORG/ro/crate")?.key(pidkit::Level::Syntax), "https://w3id.org/ro/crate");
//!
//! let err = Purl::parse("http://purl.org/dc/terms/ title").unwrap_err();
//! assert_eq!((err.code(), err.offset), ("purl-iri", 25));
//! # Ok::<(), pidkit::purl::PurlParseError>(())
//! ```
//!
//! Decisions:
//!
//! - **Services.** The five hosts above, in any case, with `http` or `https` and any port; no
//!   userinfo. Other hosts are IRIs (the brief of this unit; OBO's `purl.obolibrary.org` is not
//!   among them).
//! - **The domain** is the first path segment (`dc` of `purl.org/dc/terms/`; `ro` of
//!   `w3id.org/ro/crate`). The services allow deeper domains (`purl.org/net/…`), but which
//!   prefix is a domain is only known to the service: the first segment is what every PURL
//!   has. A URL with no domain (`http://purl.org/`) is the service's own page: the error
//!   `purl-no-domain` when read as a PURL, and not claimed in auto-detection.
//! - **Equivalence.** That of the IRI (the scheme and host in any case, `%XX` normalized, dot
//!   segments removed at `Syntax`; the default port and IDNA at `Scheme`). `http` and `https`
//!   stay apart, as they do for the IRIs that name vocabulary terms.

mod error;
mod scheme;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::iri::{Iri, IriRef, Level, Profile};
use crate::reading::generic;
use crate::scheme::{Field, FieldType, Value};

pub use error::{PurlError, PurlParseError, codes};
pub use scheme::PurlScheme;

/// The PURL services read, lower case.
pub const SERVICES: [&str; 5] = [
    "purl.org",
    "purl.oclc.org",
    "purl.net",
    "purl.fdlp.gov",
    "w3id.org",
];

fn starts_with_ci(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Whether `t` is shaped like a PURL: `http://` or `https://`, one of the [`SERVICES`] (ASCII
/// case-insensitive), `/` and a first byte of a domain. A look at a few bytes.
///
/// ```
/// use pidkit::purl::claims;
/// assert!(claims(b"http://purl.org/dc/terms/"));
/// assert!(claims(b"HTTPS://W3ID.org/ro"));
/// assert!(!claims(b"http://purl.org/"));
/// assert!(!claims(b"http://purl.organic.example/dc"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    let rest = if starts_with_ci(t, b"https://") {
        &t[8..]
    } else if starts_with_ci(t, b"http://") {
        &t[7..]
    } else {
        return false;
    };
    SERVICES.iter().any(|host| {
        starts_with_ci(rest, host.as_bytes())
            && rest.get(host.len()) == Some(&b'/')
            && rest
                .get(host.len() + 1)
                .is_some_and(|c| !matches!(c, b'/' | b'?' | b'#'))
    })
}

/// A PURL read from text, borrowing it: an `http` or `https` IRI on a PURL service, with a
/// domain. `Display` gives the input; equality and hash are those of the input.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Purl<'a> {
    iri: Iri<&'a str>,
    service: &'static str,
    domain: (usize, usize),
}

impl<'a> Purl<'a> {
    /// Read a PURL.
    ///
    /// ```
    /// use pidkit::purl::Purl;
    /// assert!(Purl::parse("https://purl.fdlp.gov/GPO/gpo12345").is_ok());
    /// let e = Purl::parse("https://example.org/dc/terms/").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("purl-not-purl", 8, 11));
    /// ```
    pub fn parse(s: &'a str) -> Result<Purl<'a>, PurlParseError> {
        let iri = Iri::parse_with(s, Profile::IriBis).map_err(|e| e.widen::<PurlError>())?;
        let not = |offset, len| Err(PurlParseError::new(PurlError::NotPurl, offset, len));
        let scheme = iri.scheme();
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return not(0, scheme.len());
        }
        let pos = *IriRef::from(iri).positions();
        let Some(host) = iri.host_str() else {
            return not(0, s.len());
        };
        if let Some(u) = iri.userinfo() {
            return not(pos.host_start - u.len() - 1, u.len());
        }
        let Some(service) = SERVICES
            .iter()
            .find(|h| h.eq_ignore_ascii_case(host))
        else {
            return not(pos.host_start, host.len());
        };
        let path = iri.path();
        let first = path
            .strip_prefix('/')
            .map_or("", |p| p.split('/').next().unwrap_or(""));
        if first.is_empty() {
            return Err(PurlParseError::new(
                PurlError::NoDomain,
                pos.path_start + usize::from(!path.is_empty()),
                0,
            ));
        }
        let start = pos.path_start + 1;
        Ok(Purl {
            iri,
            service,
            domain: (start, start + first.len()),
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.iri.into_inner()
    }

    /// The IRI it is.
    pub fn iri(&self) -> Iri<&'a str> {
        self.iri
    }

    /// The PURL service: its host, in lower case (one of [`SERVICES`]).
    pub fn service(&self) -> &'static str {
        self.service
    }

    /// The PURL domain as written: the first path segment.
    pub fn domain(&self) -> &'a str {
        &self.input()[self.domain.0..self.domain.1]
    }

    /// The path as written.
    pub fn path(&self) -> &'a str {
        let pos = IriRef::from(self.iri);
        let p = pos.positions();
        &self.input()[p.path_start..p.path_end]
    }

    /// The normal form at `level`, which is the equivalence key: the IRI's (the generic
    /// ladder).
    pub fn key(&self, level: Level) -> Cow<'a, str> {
        generic::normalize(self.iri.into(), level)
    }

    /// Whether `other` is the same PURL at the `Scheme` rung.
    pub fn equivalent(&self, other: &Purl<'_>) -> bool {
        self.key(Level::Scheme) == other.key(Level::Scheme)
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::purl::Purl::parse("http://PURL.org/dc/elements/1.1/")?.parts();
    /// assert_eq!((p.service, p.domain, p.path), ("purl.org", "dc", "/dc/elements/1.1/"));
    /// # Ok::<(), pidkit::purl::PurlParseError>(())
    /// ```
    pub fn parts(&self) -> PurlParts<'a> {
        PurlParts {
            service: self.service,
            domain: self.domain(),
            path: self.path(),
        }
    }
}

impl fmt::Display for Purl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input())
    }
}

impl fmt::Debug for Purl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Purl({:?})", self.input())
    }
}

/// The parts of a PURL as the CLI's JSON object `"purl"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PurlParts<'a> {
    /// The service's host, in lower case.
    pub service: &'static str,
    /// The PURL domain as written.
    pub domain: &'a str,
    /// The path as written.
    pub path: &'a str,
}

impl crate::scheme::Fields for PurlParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "service",
            FieldType::Str,
            "The PURL service: its host, in lower case.",
        )
        .one_of(&SERVICES),
        Field::new(
            "domain",
            FieldType::Str,
            "The PURL domain as written: the first segment of the path (dc of purl.org/dc/terms/).",
        ),
        Field::new(
            "path",
            FieldType::Str,
            "The path as written, from the '/' after the host.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.service),
            1 => Value::Str(self.domain),
            2 => Value::Str(self.path),
            _ => Value::Null,
        }
    }
}
