//! # pidkit-resolve — resolving persistent identifiers over the network
//!
//! DOIs through the Handle API (DOI URI scheme §4), IVOA identifiers through a RegTAP registry
//! (IVOA Identifiers 2.0 §2.5), with a robust HTTP client, a TTL-honouring on-disk cache and
//! ordered batch resolution. The `pidkit` library itself stays free of network code.

mod cache;
mod http;
mod ordered;
mod outcome;
mod votable;

pub use cache::{Cache, CacheError, Entry};
pub use http::ClientConfig;
pub use ordered::ordered;
pub use outcome::{IdKind, Outcome, Resolution, Source};
pub use votable::{QueryStatus, VoTable};

#[cfg(feature = "test-server")]
pub mod testserver;
