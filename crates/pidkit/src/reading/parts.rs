//! The parts of an identifier, as `pidkit parse` shows them.

use std::fmt;

use super::Identifier;
use crate::iri::IriParts;

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

    /// The human listing of the parts (see [`Listing`]): the IRI components, or the parts of
    /// the scheme.
    pub fn listing(&self) -> Listing {
        let width = if self.kind().is_pid() { 13 } else { 9 };
        Listing {
            width,
            rows: self.rows(),
        }
    }
}
