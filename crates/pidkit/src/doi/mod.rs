//! DOI names and `doi:` URIs: the DOI Foundation's `doi` URI scheme, the 2003 draft
//! (draft-paskin-doi-uri-04), every form a DOI is written in, and finding DOIs in text.
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
pub(crate) use forms::{name_of_urn_nss, recognize_common};
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
