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

pub mod chars;
mod error;
pub mod iri;
pub mod pct;

pub use error::{ErrorKind, ParseError, Warning};
pub use iri::{Host, HostKind, Iri, IriRef, Profile, Rule};
pub use iri::{Key, Level, ResolveMode};
