//! The Handle System (RFC 3650, RFC 3651), below DOIs and handles alike: what the
//! [`doi`](crate::doi) and [`hdl`](crate::hdl) units share, written once, so that neither has to
//! take it from the other. A DOI is a handle whose prefix is `10` or derived from it (DOI
//! Handbook §2.2), resolved through the same proxy servers and the same Handle API
//! (Handle.Net Technical Manual §14; doi URI scheme §4).
//!
//! * the name rules: Unicode Graphic code points ([`is_graphic`]; RFC 3651 §2.1, DOI Handbook
//!   §2.2), the DOI directory's prefix, `.` and `..` segments (RFC 3986 §3.3);
//! * the scheme-specific part of a `doi:` or `hdl:` URI (doi URI scheme §2) and its ASCII
//!   upper-cased key (§3, RFC 3651 §2.1.3);
//! * the path of a proxy URL, encoded for URL presentation (DOI Handbook §2.5.2.4);
//! * the Handle API URL ([`HandleApiUrl`]; Handle.Net Technical Manual §14.5.1);
//! * percent-encoding a name, and offsets between the name and its encoded form (RFC 3986 §2.1);
//! * the Unicode look-alike checks (doi URI scheme §2 Notes 1–2, §6; UTS #39).
//!
//! ```
//! use pidkit::handle_system::{HandleApiUrl, is_graphic};
//! assert!(is_graphic('é') && !is_graphic('\u{200B}'));
//! assert_eq!(HandleApiUrl::HANDLE_NET_BASE, "https://hdl.handle.net/api/handles/");
//! ```

mod api;
mod doi_prefix;
mod dot_segments;
mod graphic;
mod percent;
mod proxy_url;
mod unicode;
mod uri;

pub(crate) use api::API_PATH;
pub use api::HandleApiUrl;
pub(crate) use doi_prefix::is_doi_prefix;
pub(crate) use dot_segments::is_dot_segment;
pub(crate) use graphic::first_non_graphic;
pub use graphic::is_graphic;
pub(crate) use percent::{encoded_offset, move_to_input, write_encoded};
pub(crate) use proxy_url::write_url_path;
pub(crate) use unicode::{UnicodeCodes, unicode_warnings};
pub(crate) use uri::{key_uri, write_key_uri, write_ssp};
