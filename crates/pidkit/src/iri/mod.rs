//! The generic IRI syntax (draft-duerst-iri-bis-07 §2, RFC 3986): parsing and the typed view.

mod normalize;
pub(crate) mod parse;
mod resolve;
mod types;

pub use normalize::{Key, Level};
pub use parse::{HostKind, Profile, Rule};
pub use resolve::{ResolveMode, remove_dot_segments};
pub use types::{Host, Iri, IriRef};
