//! The generic IRI syntax every identifier starts as: parsing, conversion, checks, resolution
//! and the comparison ladder.
//!
//! The rules, with the sections they come from (the guide's page is `docs/schemes/iri.md`):
//!
//! - **Grammar** (draft-duerst-iri-bis-07 §2.2, the default [`Profile::IriBis`]; RFC 3987 §2.2,
//!   [`Profile::Rfc3987`], what RDF 1.1 and XML cite; RFC 3986 §3, [`Profile::Rfc3986Uri`]):
//!   one pass over the input, no allocation, borrowed components ([`IriRef::parse`] for
//!   `IRI-reference`, [`Iri::parse`] for `IRI`, `Iri::parse_absolute` for `absolute-IRI`).
//!   The draft allows `#` in a fragment and tag characters in the query; RFC 3987 does not (the
//!   warning `not-rfc3987` says so under the default profile). Every profile refuses the bidi
//!   formatting characters (RFC 3987 §4.1). A percent-encoded host is accepted everywhere (§3.7:
//!   every URI is already an IRI). Errors carry a stable code, the byte offset of the first
//!   offending character and the length ([`IriError`]).
//! - **IRI → URI** (§3.3–3.6, [`ToUri`]): non-ASCII percent-encoded as UTF-8 with upper-case
//!   hex, the `ireg-name` of DNS schemes through IDNA ToASCII (§3.4; UTS #46 non-transitional,
//!   never percent-encoded), legacy query charsets (§3.5); the identity on URIs.
//! - **URI → IRI** (§3.7, [`ToIri`]): UTF-8 `%XX` decoded where the character may appear in an
//!   IRI; bidi formatting characters, non-ASCII spaces, invisible format characters, `%25`,
//!   reserved and non-UTF-8 octets stay encoded; step 6 (ToUnicode) on request.
//! - **Checks** ([`warnings()`](fn@crate::iri::warnings)): bidi rules of §4.2, NFC and NFKC (§5.3.2.2, §8.5),
//!   private use and tags (§6.1, §7.3), mixed scripts and confusables (§8.5, §10; UTS #39),
//!   overlong and surrogate UTF-8 (§10; RFC 3629 §3), what browsers read as IPv4 (WHATWG URL).
//! - **Lenient input** ([`Lenient`]): LEIRIs (§7.1) and Web Addresses (§7.2).
//! - **Resolution** (RFC 3986 §5.2, [`Iri::resolve`]): strict, never failing, the base used as
//!   written; [`Iri::relativize`] is its inverse.
//! - **The comparison ladder** (§5.3, [`Level`]): `Simple` (§5.3.1), `Syntax` (§5.3.2: case,
//!   `%XX`, dot segments; never NFC), `Scheme` (§5.3.3 and RFC 3986 §6.2.3: default ports, empty
//!   path, IDN hosts, IPv6 in RFC 5952 form, and each identifier scheme's own equivalence,
//!   handed in as [`SchemeEquivalence`]). `normalize`, `key` and `equivalent` are one normal
//!   form, so they always agree.
//!
//! ```
//! use pidkit::{Iri, IriRef, Level, Profile};
//!
//! let iri = Iri::parse("http://résumé.example.org/a/./b?q=ä#top")?;
//! assert_eq!(iri.host_str(), Some("résumé.example.org"));
//! assert_eq!(iri.to_uri()?, "http://xn--rsum-bpad.example.org/a/./b?q=%C3%A4#top"); // §3.3-3.4
//! assert_eq!(iri.normalize(Level::Syntax), "http://résumé.example.org/a/b?q=ä#top"); // §5.3.2
//! assert_eq!(iri.resolve("../c")?, "http://résumé.example.org/c");                 // RFC 3986 §5.2
//!
//! // '#' in a fragment: the draft's grammar, not RFC 3987's.
//! assert!(IriRef::parse("http://example.org/#a#b").is_ok());
//! let e = IriRef::parse_with("http://example.org/#a#b", Profile::Rfc3987).unwrap_err();
//! assert_eq!((e.code(), e.offset), ("invalid-char", 21));
//! # Ok::<(), pidkit::ParseError>(())
//! ```

mod error;
mod normalize;
pub(crate) mod parse;
mod reference;
mod scheme_facts;
mod types;
pub(crate) use types::string_like;

pub use error::{IriError, IriParseError, codes};
pub use normalize::{Key, Level, SchemeEquivalence};
pub use parse::{HostKind, Profile, Rule};
pub use scheme_facts::{DNS_SCHEMES, SchemeFacts, scheme_facts};
pub use types::{Host, Iri, IriParts, IriRef};

// IRI <-> URI conversion, checks, lenient input, display (draft-duerst-iri-bis-07 §3, §4, §6–8, §10).
mod convert;
mod display;
mod lenient;
mod warnings;

#[cfg(feature = "idna")]
pub use convert::host_to_unicode;
pub use convert::{Idna, ToIri, ToUri, host_to_ascii};
pub use display::DisplayForm;
pub use lenient::Lenient;
pub use reference::{Reference, ReferenceResolution, remove_dot_segments};
#[cfg(feature = "unicode-checks")]
pub(crate) use warnings::mixed_script;
pub use warnings::{component_warnings, text_warnings, warnings};
