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

/// The one list of identifier schemes: adding a scheme is its folder and one row here. Each row
/// names the scheme's module (declared from the row), its kind's variant, its error enum and its
/// `Scheme` type, in detection order (where several claim an input, the first that reads it
/// takes it: the URI-scheme and URL schemes first, then labelled and shaped values, the bare
/// numbers last — an ISBN before an ISSN before a PMID before an EAN); `scheme/list.rs` makes the kinds, the readings and their
/// options, the typed reading, its parts, detection, extraction and resolution from it, and
/// every door (the CLI, the resolver, the Python and JVM bindings) follows them.
macro_rules! with_schemes {
    ($callback:ident) => {
        $callback! {
            /// A DOI in any written form (DOI Handbook; the `doi` URI scheme).
            doi: Doi(crate::doi::DoiError) => crate::doi::DoiScheme,
            /// A handle written as `hdl:`, `info:hdl/` or an HDL.NET proxy URL (RFC 3650, RFC 3651).
            hdl: Hdl(crate::hdl::HdlError) => crate::hdl::HdlScheme,
            /// A URN (`urn:`), RFC 8141 / RFC 2141.
            urn: Urn(crate::urn::UrnError) => crate::urn::UrnScheme,
            /// An IVOA identifier (`ivo://`), IVOA Identifiers 2.0.
            ivo: Ivo(crate::ivo::IvoError) => crate::ivo::IvoScheme,
            /// An ARK (`ark:`, or at an NMA), draft-kunze-ark.
            ark: Ark(crate::ark::ArkError) => crate::ark::ArkScheme,
            /// A SWHID (`swh:1:…`, or at a resolver), the SWHID specification (ISO/IEC 18670).
            swh: Swh(crate::swh::SwhError) => crate::swh::SwhScheme,
            /// A PURL: an http(s) URL on a PURL service (`purl.org` …) or `w3id.org`.
            purl: Purl(crate::purl::PurlError) => crate::purl::PurlScheme,
            /// An arXiv identifier (`2101.00001v2`, `hep-th/9901001`, `arXiv:…`, arxiv.org URLs).
            arxiv: Arxiv(crate::arxiv::ArxivError) => crate::arxiv::ArxivScheme,
            /// A PubMed Central identifier (`PMC243493`, `PMCID: PMC243493`, PMC URLs).
            pmcid: Pmcid(crate::pmcid::PmcidError) => crate::pmcid::PmcidScheme,
            /// An ORCID iD: `0000-0002-1825-0097`, `ORCID: …`, `https://orcid.org/…`.
            orcid: Orcid(crate::orcid::OrcidError) => crate::orcid::OrcidScheme,
            /// An ISNI (ISO 27729): `0000 0001 2103 2683`, `ISNI …`, `https://isni.org/isni/…`.
            isni: Isni(crate::isni::IsniError) => crate::isni::IsniScheme,
            /// A ROR ID: `https://ror.org/05dxps055`, `ror.org/…`, `05dxps055`.
            ror: Ror(crate::ror::RorError) => crate::ror::RorScheme,
            /// A Wikidata entity id (`Q42`, `wd:Q42`, its concept URI or page), Wikibase data model.
            wikidata: Wikidata(crate::wikidata::WikidataError) => crate::wikidata::WikidataScheme,
            /// A GND identifier (`gnd:`, `(DE-588)`, `https://d-nb.info/gnd/…`), DNB.
            gnd: Gnd(crate::gnd::GndError) => crate::gnd::GndScheme,
            /// A VIAF cluster identifier (`viaf:`, `https://viaf.org/viaf/…`), OCLC.
            viaf: Viaf(crate::viaf::ViafError) => crate::viaf::ViafScheme,
            /// An Astrophysics Source Code Library ID (`ascl:1201.001`, `https://ascl.net/…`).
            ascl: Ascl(crate::ascl::AsclError) => crate::ascl::AsclScheme,
            /// A HAL deposit identifier (`hal-01234567v2`, `https://hal.science/…`), CCSD.
            hal: Hal(crate::hal::HalError) => crate::hal::HalScheme,
            /// A Research Resource Identifier (`RRID:AB_2138153`, the SciCrunch resolver URL).
            rrid: Rrid(crate::rrid::RridError) => crate::rrid::RridScheme,
            /// An ADS bibcode (`1974AJ.....79..819H`, `bibcode:`, an ADS URL).
            ads: Ads(crate::ads::BibcodeError) => crate::ads::AdsScheme,
            /// An ISBN (ISO 2108): ISBN-13 or ISBN-10, bare or after an `ISBN` label.
            isbn: Isbn(crate::isbn::IsbnError) => crate::isbn::IsbnScheme,
            /// An ISSN (ISO 3297): `NNNN-NNNC`, bare, labelled or as an ISSN Portal URL.
            issn: Issn(crate::issn::IssnError) => crate::issn::IssnScheme,
            /// A PubMed identifier (`15626865`, `PMID: 15626865`, PubMed URLs).
            pmid: Pmid(crate::pmid::PmidError) => crate::pmid::PmidScheme,
            /// An EAN-13, EAN-8 or UPC-A number (GS1 General Specifications).
            ean: Ean(crate::ean::EanError) => crate::ean::EanScheme,
        }
    };
}
pub(crate) use with_schemes;

/// Declares the module of every scheme of the list.
macro_rules! scheme_modules {
    ($( $(#[$doc:meta])* $field:ident: $variant:ident($error:ty) => $scheme:ty ),+ $(,)?) => {
        $( pub mod $field; )+
    };
}
with_schemes!(scheme_modules);

pub mod caret;
pub mod chars;
pub mod detect;
mod error;
pub mod extract;
mod handle_as_doi;
pub mod handle_system;
pub mod iri;
pub mod pct;
pub mod reading;
pub mod record;
pub mod scheme;
pub(crate) mod text;

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

/// The crate README's example, compiled and run as a doctest so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The Rust examples of the repository's README and of the guide (`docs/`), compiled and run as
/// doctests so they cannot drift. Only under `cargo test` in the repository: these files are
/// not in the package. `tests/docs.rs` checks that every page with a Rust example is here.
#[cfg(doctest)]
pub mod guide_doctests {
    #[doc = include_str!("../../../README.md")]
    pub struct Readme;
    #[doc = include_str!("../../../docs/library.md")]
    pub struct Library;
    #[doc = include_str!("../../../docs/extract.md")]
    pub struct Extract;
    #[doc = include_str!("../../../docs/schemes/iri.md")]
    pub struct Iri;
    #[doc = include_str!("../../../docs/schemes/doi.md")]
    pub struct Doi;
    #[doc = include_str!("../../../docs/schemes/hdl.md")]
    pub struct Hdl;
    #[doc = include_str!("../../../docs/schemes/urn.md")]
    pub struct Urn;
    #[doc = include_str!("../../../docs/schemes/ivo.md")]
    pub struct Ivo;
}
