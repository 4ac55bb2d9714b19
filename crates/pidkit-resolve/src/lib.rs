//! # pidkit-resolve — resolving persistent identifiers over the network
//!
//! Every identifier whose scheme says how it resolves ([`pidkit::Identifier::route`]): DOIs and
//! handles through the Handle API (DOI URI scheme §4), IVOA identifiers through a RegTAP
//! registry (IVOA Identifiers 2.0 §2.5), identifiers served by redirect (ARKs at N2T or their
//! NMA), with a robust HTTP client, a TTL-honouring on-disk cache and ordered batch
//! resolution. The `pidkit` library itself stays free of network code; this crate names no
//! scheme.
//!
//! ```no_run
//! use pidkit_resolve::{Cache, Config, Outcome, Resolver};
//!
//! let cfg = Config { pool: concurrency_hint(), ..Config::default() };
//! # fn concurrency_hint() -> usize { 4 }
//! let mut resolver = Resolver::new(cfg);
//! if let Some(dir) = Cache::default_dir() {
//!     resolver = resolver.with_cache(Cache::open(&dir)?);
//! }
//! let r = resolver.resolve("https://doi.org/10.1000/182");
//! assert_eq!(r.outcome, Outcome::Resolved);
//! assert_eq!(r.urls, ["http://www.doi.org/hb.html"]);
//! let r = resolver.resolve("ivo://org.gavo.dc/tap");
//! println!("{} {:?}", r.outcome, r.urls);
//! # Ok::<(), pidkit_resolve::CacheError>(())
//! ```

mod agency;
mod cache;
mod check;
#[doc(hidden)]
pub mod fuzz;
mod handle_api;
mod handle_json;
mod http;
mod metadata;
mod ordered;
mod outcome;
mod redirect;
mod registry;
mod resolver;
mod votable;

pub use agency::{Agency, AgencyOutcome, DEFAULT_AGENCY_TTL, MAX_AGENCY_BYTES};
pub use cache::{Cache, CacheError, Entry, Table};
pub use check::ConfigError;
pub use handle_json::{MAX_RECORD_BYTES, MAX_TTL};
pub use http::{ClientConfig, MAX_RATE, MAX_REDIRECTS, MAX_RETRIES, MIN_RATE};
pub use metadata::{
    DEFAULT_LOCALE, DEFAULT_METADATA_TTL, MAX_METADATA_BYTES, METADATA_FORMATS, Metadata,
    MetadataFormat, MetadataOutcome,
};
pub use ordered::{WINDOW_PER_WORKER, ordered};
pub use outcome::{Outcome, Resolution, Source};
pub use redirect::{MAX_LOCATION, MAX_PAGE_TEXT};
pub use registry::regtap_query;
pub use resolver::{
    Config, DEFAULT_DEADLINE, DEFAULT_HANDLE_RESOLVER, DEFAULT_REGISTRY, DEFAULT_RESOLVER,
    Endpoints, MAX_ALIASES, MAX_DEADLINE, MIN_DEADLINE, Resolver,
};
pub use votable::{
    MAX_ATTRIBUTES, MAX_CELLS, MAX_NAMESPACES, MAX_NODES, MAX_ROWS, QueryStatus, VoTable,
};

#[cfg(feature = "test-server")]
pub mod testserver;
#[cfg(feature = "test-server")]
mod testserver_cn;

/// The crate README's example, compiled as a doctest (not run: it needs the network).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
