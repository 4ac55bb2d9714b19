//! The kinds of identifier pidkit tells apart: one type for the library, the CLI and the resolver
//! (the enum itself is made from the list of schemes, `scheme/list.rs`).

use std::fmt;

pub use crate::scheme::Kind;

impl Kind {
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
            .iter()
            .find(|k| k.name() == s)
            .copied()
            .ok_or_else(|| format!("unknown kind '{s}'"))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
