//! DOI names and `doi:` URIs: the DOI Foundation's `doi` URI scheme, the 2003 draft
//! (draft-paskin-doi-uri-04), every form a DOI is written in, and finding DOIs in text.
//!
//! The rules, with their sections (the guide's page is `docs/schemes/doi.md`):
//!
//! - **The name** (DOI Handbook §2.2; doi URI scheme §2): prefix `/` suffix, split at the first
//!   `/`; the prefix is the directory indicator `10`, `.` and a registrant code of non-empty
//!   dot-separated parts; the suffix is non-empty; every code point of the Unicode Graphic type.
//!   `10/abc` is a shortDOI, an alias to be resolved.
//! - **The `doi:` URI** (doi URI scheme §2, Notes 1–3): unreserved characters, sub-delims, `:`
//!   and `@` literal, every other UTF-8 byte `%XX` — the `/` inside the suffix too; no query or
//!   fragment (the 2003 draft, draft-paskin-doi-uri-04 §3.1, allowed both: `DoiProfile::Legacy`).
//! - **Equivalence** (doi URI scheme §3): case-insensitive in Basic Latin only, no Unicode
//!   normalization; the key is the `doi:` URI with ASCII letters upper-cased.
//! - **Written forms** (DOI Handbook §2.6, §3.8): the name, `DOI:` labels, `doi:` and
//!   `info:doi/` URIs, `urn:doi:`, doi.org and dx.doi.org URLs (their query and fragment are the
//!   resolver's, not the name's), Handle API URLs; URLs presented with the Handbook's encoding
//!   (§2.5.2.4), a `.`/`..` segment of the suffix encoded so URL parsers keep it.
//! - **Resolution** (doi URI scheme §4): the Handle API at `https://doi.org/api/handles/`.
//!
//!
//! ```
//! use pidkit::doi::{self, Doi, DoiForm};
//!
//! let doi = Doi::parse("10.6338/JDA.202212/SP_17(4).0000")?;
//! assert_eq!(doi.to_uri(), "doi:10.6338/JDA.202212%2FSP_17(4).0000");         // §2
//! assert_eq!(doi.to_url(), "https://doi.org/10.6338/JDA.202212/SP_17(4).0000");
//!
//! let seen = doi::recognize("https://dx.doi.org/10.6338/jda.202212/sp_17%284%29.0000")?;
//! assert_eq!(seen.form, DoiForm::Url);
//! assert!(seen.doi.equivalent(&doi));                                          // §3
//!
//! let text = "See doi:10.1061/(asce)0733-9402(1983)109:3(201).";
//! let found: Vec<_> = doi::find_iter(text).collect();
//! assert_eq!(found[0].doi.as_str(), "10.1061/(asce)0733-9402(1983)109:3(201)");
//! # Ok::<(), pidkit::ParseError>(())
//! ```

mod error;
mod extract;
mod forms;
mod name;
mod scheme;
mod uri;
mod warnings;

use std::borrow::Cow;

pub use crate::handle_system::{HandleApiUrl, is_graphic};
pub use error::{DoiError, DoiParseError, codes};
pub(crate) use extract::label_len;
pub use extract::{Found, FoundIter, find_iter};
pub use forms::{
    AsUrl, DoiDetails, DoiForm, DoiSummary, Recognized, recognize, recognize_general,
    recognize_with,
};
pub(crate) use forms::{claims, name_common, name_of_urn_nss, recognize_common};
pub use name::{Doi, DoiKey, DoiProfile};
pub use scheme::DoiScheme;
pub use uri::{AsUri, DoiUri};
pub use warnings::warnings;

use crate::handle_system::encoded_offset;
use crate::pct;

/// Percent-decode `enc` (which starts at byte `base` of the input) into strict UTF-8.
pub(crate) fn decode_segment(enc: &str, base: usize) -> Result<Cow<'_, str>, DoiParseError> {
    pct::decode_utf8(enc).map_err(|e| DoiParseError::new(DoiError::BadUtf8, base + e.offset, e.len))
}

/// An error found in the decoded form of `enc` (which starts at byte `base` of the input),
/// moved to the bytes of the input it comes from.
pub(crate) fn remap(err: DoiParseError, enc: &str, base: usize) -> DoiParseError {
    let start = encoded_offset(enc, err.offset);
    let end = encoded_offset(enc, err.offset + err.len);
    DoiParseError::new(err.kind, base + start, end - start)
}
