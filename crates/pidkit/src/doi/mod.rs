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
use std::fmt;

pub use crate::hdl::HandleApiUrl;
pub use error::{DoiError, DoiParseError, codes};
pub(crate) use extract::label_len;
pub use extract::{Found, FoundIter, find_iter};
pub use forms::{
    AsUrl, DoiDetails, DoiForm, DoiSummary, Recognized, recognize, recognize_general,
    recognize_with,
};
pub(crate) use forms::{
    has_dot_segment, is_dot_segment, name_of_urn_nss, recognize_common, write_url_path,
};
pub use name::{Doi, DoiKey, DoiProfile, is_graphic};
pub use scheme::DoiScheme;
pub(crate) use uri::write_ssp;
pub use uri::{AsUri, DoiUri};
pub use warnings::warnings;
pub(crate) use warnings::{UnicodeCodes, unicode_warnings};

use crate::pct::{self, decode_at};

/// Write `s`, percent-encoding (uppercase hex) every byte for which `keep` is false.
/// `keep` must only accept ASCII bytes.
pub(crate) fn write_encoded<W: fmt::Write>(
    w: &mut W,
    s: &str,
    keep: impl Fn(u8) -> bool,
) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let b = s.as_bytes();
    let mut run = 0;
    for (i, &c) in b.iter().enumerate() {
        if !keep(c) {
            if run < i {
                w.write_str(&s[run..i])?;
            }
            w.write_char('%')?;
            w.write_char(HEX[usize::from(c >> 4)] as char)?;
            w.write_char(HEX[usize::from(c & 15)] as char)?;
            run = i + 1;
        }
    }
    if run < b.len() {
        w.write_str(&s[run..])?;
    }
    Ok(())
}

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

/// The offset in `enc` of decoded byte number `n` (every valid `%XX` is one decoded byte).
pub(crate) fn encoded_offset(enc: &str, n: usize) -> usize {
    let b = enc.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() && k < n {
        i += if decode_at(b, i).is_some() { 3 } else { 1 };
        k += 1;
    }
    i
}
