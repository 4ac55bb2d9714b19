//! The errors of PURLs: an IRI on a PURL service, with a domain (RFC 3987; the PURL services'
//! documentation), one row each.

use crate::error::{Error, error_enum};
use crate::iri::IriError;

/// An error of a PURL, at a byte offset of the input.
pub type PurlParseError = Error<PurlError>;

error_enum! {
    /// What is wrong with a PURL. Every code starts `purl-`.
    ///
    /// ```
    /// use pidkit::purl::{Purl, PurlError};
    /// let e = Purl::parse("http://purl.org/").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (PurlError::NoDomain, "purl-no-domain", 16));
    /// ```
    pub enum PurlError {
        /// Not an IRI: a PURL is an HTTP URL, read by the IRI grammar (RFC 3987,
        /// draft-duerst-iri-bis-07).
        Iri(e: IriError) => "purl-iri",
            format!("a PURL is an http(s) IRI, and this is not one: {e} (RFC 3987 §2.2)"),
            hint_if: e.hint();
        /// Not an `http` or `https` IRI on a PURL service (`purl.org`, `purl.oclc.org`,
        /// `purl.net`, `purl.fdlp.gov`, `w3id.org`), without userinfo.
        NotPurl => "purl-not-purl",
            "not a PURL: a PURL is an http or https URL on a PURL service (purl.org, purl.oclc.org, purl.net, purl.fdlp.gov, w3id.org), without userinfo",
            hint: "write it as http://purl.org/DOMAIN/NAME or https://w3id.org/DOMAIN/NAME";
        /// Nothing after the service's host but `/`: a PURL is a path on the service, starting
        /// with its domain (the PURL services' documentation: a PURL's domain, then its name).
        NoDomain => "purl-no-domain",
            "no PURL after the service's host: a PURL is a path on the service, starting with a domain (purl.org/DOMAIN/…, w3id.org/ID/…)",
            hint: "this is the service's own address, not a PURL";
    }
}

impl From<IriError> for PurlError {
    fn from(e: IriError) -> Self {
        PurlError::Iri(e)
    }
}

/// The codes of the PURL checks: none of its own (a PURL's checks are those of its IRI,
/// [`crate::iri::codes`]).
pub mod codes {
    use crate::error::WarningCode;

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[];
}
