//! # pidkit — persistent identifiers, to the letter of the spec
//!
//! Every identifier is first an IRI reference (draft-duerst-iri-bis-07, RFC 3987, RFC 3986),
//! parsed once into borrowed spans without allocating; the schemes (`doi:`, `urn:`, `ivo:`)
//! are typed views with their own rules on top.
//!
//! ```
//! use pidkit::{Iri, IriRef, Host};
//!
//! let iri = Iri::parse("https://例え.jp/パス?q#f")?;
//! assert_eq!(iri.host(), Some(Host::RegName("例え.jp")));
//!
//! // Errors carry a stable code, the byte offset and a message.
//! let err = IriRef::parse("http://[::1").unwrap_err();
//! assert_eq!((err.code(), err.offset), ("bad-ipv6", 7));
//! # Ok::<(), pidkit::ParseError>(())
//! ```

pub mod ark;
pub mod caret;
pub mod chars;
pub mod detect;
pub mod doi;
mod error;
pub mod extract;
mod handle_as_doi;
pub mod handle_system;
pub mod hdl;
pub mod iri;
pub mod ivo;
pub mod pct;
pub mod reading;
pub mod record;
pub mod scheme;
pub(crate) mod text;
pub mod urn;

pub use doi::Doi;
pub use error::{Error, ErrorCode, Warning, WarningCode};
pub use hdl::Handle;
pub use iri::{Host, HostKind, Iri, IriParts, IriRef, Profile, Rule};
pub use ivo::Ivoid;
pub use reading::{
    Comparison, Details, Identifier, Kind, Listing, PidCase, PidForm, PidOutput, ReadAs,
    ReadOptions, Reading, looks_like_text, read, read_doi, read_for_conversion,
};
pub use scheme::{ErrorKind, ParseError};
pub use urn::{Urn, UrnSyntax};

// IRI <-> URI conversion, checks, LEIRI/Web Address input, display form (draft-duerst-iri-bis-07 §3-§10).
#[cfg(feature = "encoding")]
pub use encoding_rs::Encoding;
#[cfg(feature = "idna")]
pub use iri::host_to_unicode;
pub use iri::{DNS_SCHEMES, DisplayForm, Idna, Lenient, ToIri, ToUri, host_to_ascii};
pub use iri::{Key, Level, ReferenceResolution};

/// The crate README's example, compiled and run as a doctest so it cannot drift. (It is in the
/// package; the repository README's examples are doctests of the unpublished `pidkit-bench`.)
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
