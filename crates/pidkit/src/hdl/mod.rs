//! Handles (RFC 3650, RFC 3651): handle names, the `hdl:` URI, the `info:hdl/` URI (RFC 4452),
//! the HDL.NET proxy URLs and the Handle API; the Handle record resolution returns; and
//! finding handles in text. A DOI is a handle whose prefix is `10.…` (or `10`).
//!
//! The rules, with their sections (the guide's page is `docs/schemes/hdl.md`):
//!
//! - **The name** (RFC 3651 §2.1, §2.1.4; RFC 3650 §3): prefix (naming authority, non-empty
//!   `.`-separated segments) `/` local name (non-empty, may hold more `/`), printable UTF-8
//!   text, no length limit.
//! - **Written forms**: `hdl:` (the Handle.Net software's URI form; no IANA registration, so it
//!   is read like `info:hdl/` plus the proxy's query), `info:hdl/` (RFC 4452), the HDL.NET proxy
//!   URL (`https://hdl.handle.net/…`; `?noredirect`, `?index=`, `?locatt=` are the proxy's, not
//!   the handle's: Handle.Net Technical Manual §12) and the Handle API URL (§14).
//! - **Equivalence** (Handle.Net Technical Manual §1.1: the Global Handle Registry resolves
//!   ASCII case-insensitively): ASCII letters upper-cased in the key, nothing else folded; a
//!   handle that is a DOI has the DOI's key.
//!
//!
//! ```
//! use pidkit::hdl::{self, Handle, HdlForm};
//!
//! let h = Handle::parse("20.500.12345/abc/Dürst")?;
//! assert_eq!(h.to_uri(), "hdl:20.500.12345/abc%2FD%C3%BCrst");
//! assert_eq!(h.to_url(), "https://hdl.handle.net/20.500.12345/abc/D%C3%BCrst");
//! assert_eq!(h.api_url().to_string(), "https://hdl.handle.net/api/handles/20.500.12345/abc%2FD%C3%BCrst");
//!
//! let seen = hdl::recognize("http://hdl.handle.net/20.500.12345/ABC/D%C3%BCrst")?;
//! assert_eq!(seen.form, HdlForm::Url);
//! assert!(seen.handle.equivalent(&h));                          // ASCII case-insensitive
//!
//! let found: Vec<_> = hdl::find_iter("See hdl:2027/mdp.39015078552874.").collect();
//! assert_eq!(found[0].handle.as_str(), "2027/mdp.39015078552874");
//! # Ok::<(), pidkit::ParseError>(())
//! ```
//!
//! Auto-detection ([`crate::detect`]) claims `hdl:`, `info:hdl/` and the proxy URLs; a bare
//! `20.500.12345/abc` is not claimed (it is also a relative reference): read it with
//! [`recognize`], [`Handle::parse`] or `ReadAs::Hdl`. A bare `10.…/…` is detected as a DOI.

mod api;
mod error;
mod extract;
mod forms;
mod name;
#[cfg(feature = "serde")]
mod record;
mod scheme;
mod uri;
mod warnings;

pub use crate::handle_system::HandleApiUrl;
pub use error::{HdlError, HdlParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use forms::{HdlDetails, HdlForm, Recognized, recognize};
pub use name::{Handle, HandleKey};
#[cfg(feature = "serde")]
pub use record::{
    AdminPermission, AdminValue, HandleData, HandleRecord, HandleValue, ResponseCode, Ttl,
    ValueReference,
};
pub use scheme::HdlScheme;
pub use uri::{AsUri, AsUrl};
pub use warnings::warnings;

/// The normal form of handle equivalence: the DOI's (its `doi:` key URI) for a handle that is
/// a DOI (both compare ASCII case-insensitively, so they name it the same way), else
/// [`Handle::key_uri`].
pub(crate) fn key_uri(h: &Handle<'_>) -> String {
    if h.is_doi() {
        crate::handle_system::key_uri("doi:", h.as_str(), h.prefix().len())
    } else {
        h.key_uri()
    }
}
