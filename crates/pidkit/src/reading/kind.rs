//! The kinds of identifier pidkit tells apart: one type for the library, the CLI and the resolver.

use std::fmt;

/// The kind of an identifier, as detected ([`crate::detect`]) or as read ([`crate::read`]).
///
/// The names are the `kind` field of every JSON record.
///
/// ```
/// use pidkit::Kind;
/// assert_eq!(Kind::RelativeRef.name(), "relative-ref");
/// assert_eq!("doi".parse::<Kind>(), Ok(Kind::Doi));
/// assert_eq!(Kind::Ivo.to_string(), "ivo");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// An IRI (draft-duerst-iri-bis-07): a scheme and what follows.
    Iri,
    /// A URI (RFC 3986), when the input was read as one (`ReadAs::Uri`, `ReadAs::UriRef`).
    Uri,
    /// A reference without scheme (RFC 3986 §4.2).
    RelativeRef,
    /// A DOI in any written form (see [`crate::doi::recognize`]).
    Doi,
    /// A URN (`urn:`), RFC 8141 / RFC 2141.
    Urn,
    /// An IVOA identifier (`ivo://`).
    Ivo,
}

impl Kind {
    /// Every kind, in the order of this enum.
    pub const ALL: [Kind; 6] = [
        Kind::Iri,
        Kind::Uri,
        Kind::RelativeRef,
        Kind::Doi,
        Kind::Urn,
        Kind::Ivo,
    ];

    /// The kind's stable name: `iri`, `uri`, `relative-ref`, `doi`, `urn`, `ivo`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Iri => "iri",
            Kind::Uri => "uri",
            Kind::RelativeRef => "relative-ref",
            Kind::Doi => "doi",
            Kind::Urn => "urn",
            Kind::Ivo => "ivo",
        }
    }

    /// Whether this is one of the persistent-identifier schemes (not a plain IRI, URI or
    /// relative reference).
    ///
    /// ```
    /// assert!(pidkit::Kind::Doi.is_pid());
    /// assert!(!pidkit::Kind::Iri.is_pid());
    /// ```
    pub fn is_pid(self) -> bool {
        !matches!(self, Kind::Iri | Kind::Uri | Kind::RelativeRef)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("unknown kind '{s}'"))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
