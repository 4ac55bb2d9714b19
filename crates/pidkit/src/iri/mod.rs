//! The generic IRI syntax (draft-duerst-iri-bis-07 §2, RFC 3986): parsing and the typed view.

mod error;
mod normalize;
pub(crate) mod parse;
mod reference;
mod scheme_facts;
mod types;
pub(crate) use types::string_like;

pub use error::{IriError, IriParseError, codes};
pub use normalize::{Key, Level, SchemeEquivalence};
pub use parse::{HostKind, Profile, Rule};
pub use scheme_facts::{DNS_SCHEMES, SchemeFacts, scheme_facts};
pub use types::{Host, Iri, IriParts, IriRef};

// IRI <-> URI conversion, checks, lenient input, display (draft-duerst-iri-bis-07 §3, §4, §6–8, §10).
mod convert;
mod display;
mod lenient;
mod warnings;

#[cfg(feature = "idna")]
pub use convert::host_to_unicode;
pub use convert::{Idna, ToIri, ToUri, host_to_ascii};
pub use display::DisplayForm;
pub use lenient::Lenient;
pub use reference::{Reference, ReferenceResolution, remove_dot_segments};
#[cfg(feature = "unicode-checks")]
pub(crate) use warnings::mixed_script;
pub use warnings::{component_warnings, text_warnings, warnings};
