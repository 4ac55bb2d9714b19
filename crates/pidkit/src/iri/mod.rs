//! The generic IRI syntax (draft-duerst-iri-bis-07 §2, RFC 3986): parsing and the typed view.

pub(crate) mod parse;
mod types;

pub use parse::{HostKind, Profile, Rule};
pub use types::{Host, Iri, IriParts, IriRef};
