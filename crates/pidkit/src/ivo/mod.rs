//! IVOA identifiers (IVOA Identifiers 2.0): the rules of §2 on top of the IRI parser, the
//! Registry and local parts, §2.6 comparison, dataset and standard identifiers (§4).
//!
//! The rules, with their sections (IVOA Identifiers 2.0; the guide's page is `docs/schemes/ivo.md`):
//!
//! - **Syntax** (§2.2–§2.3): `ivo://` authority (at least three characters, a letter or digit
//!   first, no `~` recommended, §2.3.2), a resource key of non-empty segments without `.`/`..`
//!   (§2.3.3), an optional query and fragment (§2.3.4); no port, no userinfo, no IP literal,
//!   unreserved characters never percent-encoded, encoded text UTF-8. Sub-delimiters in a
//!   resource key are forbidden "unless another IVOA specification defines their use" (§2.2):
//!   warned by `Ivoid::parse`, refused by `Ivoid::parse_strict`. No relative IVOIDs (§2.4).
//! - **Comparison** (§2.6): the Registry part case-insensitive, the local part (query and
//!   fragment) exactly; nothing else normalized. RegTAP stores the Registry part lower-cased.
//! - **Kinds** (§4): dataset identifiers (§4.1: a query, or the deprecated fragment form) and
//!   standard identifiers (§4.2: `<standard-ref>#<key>-<version>`).
//!
//!
//! ```
//! use pidkit::ivo::{Ivoid, IvoidKind};
//!
//! let id = Ivoid::parse("ivo://example.com/res/key1?par=U%20Pic#Part1")?;
//! assert_eq!(id.authority(), "example.com");
//! assert_eq!(id.resource_key(), "/res/key1");
//! assert_eq!(id.registry_part(), "ivo://example.com/res/key1");
//! assert_eq!(id.local_part(), "?par=U%20Pic#Part1");
//! assert_eq!(id.kind(), IvoidKind::Dataset);
//! // §2.6: the Registry part compares case-insensitively, the local part exactly.
//! assert!(id.equivalent(&Ivoid::parse("IVO://EXAMPLE.COM/RES/KEY1?par=U%20Pic#Part1")?));
//! assert!(!id.equivalent(&Ivoid::parse("ivo://example.com/res/key1?par=u%20Pic#part1")?));
//!
//! let err = Ivoid::parse("ivo://a2").unwrap_err();
//! assert_eq!((err.code(), err.offset), ("ivo-authority-too-short", 6));
//! # Ok::<(), pidkit::ParseError>(())
//! ```

mod error;
mod scheme;

use crate::scheme::{Field, FieldType, Value};
use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;

use crate::chars;
use crate::error::Warning;
use crate::iri::parse::Positions;
use crate::iri::{HostKind, Iri, IriError, IriRef, Profile};

pub use error::{IvoError, IvoParseError, codes};
pub use scheme::IvoScheme;

/// An IVOA identifier (IVOID), borrowed (`T = &str`) or owned (`T = String`).
///
/// Parsing does not allocate. `Display` gives the IVOID exactly as parsed (§2.6 performs no
/// normalization a writer could apply); equality and hash are those of the string — use
/// [`Ivoid::equivalent`] or [`Ivoid::key`] for §2.6 comparison.
#[derive(Clone, Copy)]
pub struct Ivoid<T> {
    iri: Iri<T>,
}

/// What an IVOID refers to, as far as its form tells (§1.1, §4).
///
/// ```
/// use pidkit::ivo::{Ivoid, IvoidKind};
/// let kind = |s| Ivoid::parse(s).unwrap().kind();
/// assert_eq!(kind("ivo://ivoa.net"), IvoidKind::Authority);
/// assert_eq!(kind("ivo://ivoa.net/std/TAP"), IvoidKind::Registry);
/// assert_eq!(kind("ivo://org.gavo.dc/~?flashheros/data/ca92/f0065.mt"), IvoidKind::Dataset);
/// assert_eq!(kind("ivo://ivoa.net/std/TAP#aux"), IvoidKind::Standard);
/// assert_eq!(kind("ivo://STClib/CoordSys#UTC-FK5-TOPO"), IvoidKind::Other);
/// assert_eq!(IvoidKind::Standard.name(), "standard");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum IvoidKind {
    /// Only an authority: refers to a `vr:Authority` record (§2.3.3).
    Authority,
    /// A Registry reference with a resource key and no local part.
    Registry,
    /// A query part: a dataset identifier (§4.1), possibly with a fragment naming a part of it.
    Dataset,
    /// A fragment after a standard's Registry reference: a standard identifier (§4.2). Recognised
    /// when the authority is `ivoa.net`, the key starts with `/std/`, or the fragment ends in
    /// `-<version>`.
    Standard,
    /// A fragment after any other Registry reference: a part of that resource, or a dataset
    /// identifier in the deprecated SSAP 1.1 form (warned as `ivo-fragment-did`).
    Other,
}

impl IvoidKind {
    /// The kind's name as the CLI prints it: `authority`, `registry`, `dataset`, `standard`, `other`.
    pub fn name(self) -> &'static str {
        match self {
            IvoidKind::Authority => "authority",
            IvoidKind::Registry => "registry",
            IvoidKind::Dataset => "dataset",
            IvoidKind::Standard => "standard",
            IvoidKind::Other => "other",
        }
    }
}

/// The parts of an IVOID as the CLI's JSON object `"ivo"` shows them.
///
/// ```
/// let id = pidkit::ivo::Ivoid::parse("ivo://eso.org/ID?ADP.2014-05-15T09:01:30.277")?;
/// let p = id.parts();
/// assert_eq!((p.authority, p.resource_key, p.query, p.kind), ("eso.org", "/ID", Some("ADP.2014-05-15T09:01:30.277"), "dataset"));
/// assert_eq!(p.registry_part, "ivo://eso.org/ID");
/// assert_eq!(p.regtap, "ivo://eso.org/id?ADP.2014-05-15T09:01:30.277");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IvoidParts<'a> {
    /// The authority identifier.
    pub authority: &'a str,
    /// The resource key (`""` or starting with `/`).
    pub resource_key: &'a str,
    /// The query, without `?`.
    pub query: Option<&'a str>,
    /// The fragment, without `#`.
    pub fragment: Option<&'a str>,
    /// Scheme, authority and resource key.
    pub registry_part: &'a str,
    /// [`IvoidKind::name`].
    pub kind: &'static str,
    /// The form RegTAP stores and compares ([`Ivoid::to_regtap`]).
    pub regtap: Cow<'a, str>,
}

impl crate::scheme::Fields for IvoidParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new("authority", FieldType::Str, ""),
        Field::new("resource_key", FieldType::Str, ""),
        Field::new("query", FieldType::OptStr, ""),
        Field::new("fragment", FieldType::OptStr, ""),
        Field::new("registry_part", FieldType::Str, ""),
        Field::new(
            "kind",
            FieldType::Str,
            "The kind of IVOA resource named (not the identifier's kind).",
        )
        .one_of(&["authority", "registry", "dataset", "standard", "other"]),
        Field::new("regtap", FieldType::Str, ""),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.authority),
            1 => Value::Str(self.resource_key),
            2 => Value::opt(self.query),
            3 => Value::opt(self.fragment),
            4 => Value::Str(self.registry_part),
            5 => Value::Str(self.kind),
            6 => Value::Str(&self.regtap),
            _ => Value::Null,
        }
    }
}

/// A standard identifier `<standard-ref> "#" <key-name> "-" <version>` (§4.2).
///
/// ```
/// use pidkit::ivo::{Ivoid, VersionPattern};
/// let id = Ivoid::parse("ivo://ivoa.net/std/SIA#query-aux-2.0")?;
/// let std = id.standard_id().unwrap();
/// assert_eq!((std.standard_ref, std.key, std.version), ("ivo://ivoa.net/std/SIA", "query-aux", Some("2.0")));
/// assert!(std.matches("ivo://ivoa.net/std/sia", "query-aux", "2.x".parse().unwrap()));
/// assert!(!std.matches("ivo://ivoa.net/std/sia", "query-aux", VersionPattern::Major(1)));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StandardId<'a> {
    /// The Registry reference of the standard's record.
    pub standard_ref: &'a str,
    /// The key name (the fragment without `-<version>`).
    pub key: &'a str,
    /// The version (`1*DIGIT *("." 1*DIGIT)`), if the fragment ends in one.
    pub version: Option<&'a str>,
}

impl StandardId<'_> {
    /// Whether this identifier is `standard_ref` (case-insensitive, a Registry reference),
    /// `key` (exact: fragments are case-sensitive, §2.6) and a version matching `pattern`.
    pub fn matches(&self, standard_ref: &str, key: &str, pattern: VersionPattern) -> bool {
        self.standard_ref.eq_ignore_ascii_case(standard_ref)
            && self.key == key
            && match self.version {
                Some(v) => pattern.matches(v),
                None => pattern == VersionPattern::Any,
            }
    }
}

/// Which versions of a standard key a client accepts (§4.2): any, any minor of a major
/// version ("1.x", RegTAP `query-1.%`), or one exact version.
///
/// ```
/// use pidkit::ivo::VersionPattern;
/// let p: VersionPattern = "1.x".parse().unwrap();
/// assert_eq!(p, VersionPattern::Major(1));
/// assert!(p.matches("1.0") && p.matches("1.12") && !p.matches("2.0") && !p.matches("10.0"));
/// assert_eq!(p.regtap_like("ivo://ivoa.net/std/exampleProto", "query"),
///            "ivo://ivoa.net/std/exampleproto#query-1.%");
/// assert_eq!("1.1".parse(), Ok(VersionPattern::Exact(1, 1)));
/// assert_eq!("*".parse(), Ok(VersionPattern::Any));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VersionPattern {
    /// Every version (`*`, `%`, `any`).
    Any,
    /// Every `major.minor` of one major version (`1.x`, `1.*`, `1.%`, `1`).
    Major(u32),
    /// Exactly `major.minor` (`1.0`).
    Exact(u32, u32),
}

impl VersionPattern {
    /// Whether `version` (`1*DIGIT *("." 1*DIGIT)`) matches.
    pub fn matches(self, version: &str) -> bool {
        let mut parts = version.split('.').map(|p| p.parse::<u32>().ok());
        let (major, minor) = (parts.next().flatten(), parts.next().flatten());
        match self {
            VersionPattern::Any => true,
            VersionPattern::Major(m) => major == Some(m),
            VersionPattern::Exact(m, n) => major == Some(m) && minor == Some(n),
        }
    }

    /// The RegTAP `LIKE` pattern for `standard_ref#key-<version>` (the Registry part lowercased
    /// as RegTAP stores it, §4.2). Note that `_` in `key` is a `LIKE` wildcard too.
    pub fn regtap_like(self, standard_ref: &str, key: &str) -> String {
        let version = match self {
            VersionPattern::Any => "%".to_owned(),
            VersionPattern::Major(m) => format!("{m}.%"),
            VersionPattern::Exact(m, n) => format!("{m}.{n}"),
        };
        format!("{}#{key}-{version}", standard_ref.to_ascii_lowercase())
    }
}

impl std::str::FromStr for VersionPattern {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("invalid version pattern '{s}' (expected *, 1.x or 1.0)");
        let num = |t: &str| -> Result<u32, String> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        match s {
            "*" | "%" | "any" => Ok(VersionPattern::Any),
            _ => match s.split_once('.') {
                None => num(s).map(VersionPattern::Major),
                Some((m, "x" | "X" | "*" | "%")) => num(m).map(VersionPattern::Major),
                Some((m, n)) => Ok(VersionPattern::Exact(num(m)?, num(n)?)),
            },
        }
    }
}

/// A dataset identifier (§4.1): a Registry reference and a local part naming the dataset.
///
/// ```
/// use pidkit::ivo::Ivoid;
/// let id = Ivoid::parse("ivo://org.gavo.dc/~?flashheros/data/ca92/f0065.mt")?;
/// let did = id.dataset_id().unwrap();
/// assert_eq!((did.registry_part, did.id, did.deprecated_fragment_form), ("ivo://org.gavo.dc/~", "flashheros/data/ca92/f0065.mt", false));
/// let old = Ivoid::parse("ivo://jhu/sdss/dr6/spec/2.5#80443407914237952")?;
/// assert!(old.dataset_id().unwrap().deprecated_fragment_form);
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DatasetId<'a> {
    /// The Registry reference of the publishing resource.
    pub registry_part: &'a str,
    /// The dataset's name within it: the query (or, in the deprecated form, the fragment).
    pub id: &'a str,
    /// The fragment naming a part of the dataset (query form only).
    pub part: Option<&'a str>,
    /// Whether the dataset is named by a fragment, the SSAP 1.1 form deprecated by §4.1.
    pub deprecated_fragment_form: bool,
}

impl<T: AsRef<str>> Ivoid<T> {
    /// Parse an IVOID: every MUST of §2; a sub-delimiter in the resource key is a warning.
    ///
    /// ```
    /// use pidkit::ivo::Ivoid;
    /// assert!(Ivoid::parse("ivo://CDS.VizieR/J/A+A/436/799").is_ok());
    /// assert_eq!(Ivoid::parse("ivo://sdss/dr6/spec/2_5/#1").unwrap_err().code(), "ivo-key-empty-segment");
    /// ```
    pub fn parse(text: T) -> Result<Self, IvoParseError> {
        Self::parse_impl(text, false)
    }

    /// Parse an IVOID, also rejecting sub-delimiters in the resource key (§2.2: "MUST NOT be
    /// part of the resource key unless another IVOA specification defines their use" — none does).
    ///
    /// ```
    /// use pidkit::ivo::Ivoid;
    /// assert!(Ivoid::parse("ivo://g-vo.org/data!g-vo.org").is_ok());
    /// let err = Ivoid::parse_strict("ivo://g-vo.org/data!g-vo.org").unwrap_err();
    /// assert_eq!((err.code(), err.offset), ("ivo-key-sub-delim", 19));
    /// ```
    pub fn parse_strict(text: T) -> Result<Self, IvoParseError> {
        Self::parse_impl(text, true)
    }

    fn parse_impl(text: T, strict: bool) -> Result<Self, IvoParseError> {
        let pos = parse(text.as_ref(), strict)?;
        let iri = Iri::try_from(IriRef::from_parts(text, pos))
            .map_err(|_| IvoParseError::new(IvoError::Relative, 0, 0))?;
        Ok(Ivoid { iri })
    }

    /// The whole IVOID, exactly as parsed.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.iri.as_str()
    }

    /// The IVOID as an IRI.
    pub fn as_iri(&self) -> Iri<&str> {
        self.iri.as_borrowed()
    }

    /// The IRI this identifier is, keeping the text (for `&str`, the input's lifetime).
    ///
    /// ```
    /// let iri = pidkit::Ivoid::parse("ivo://ivoa.net/std/TAP")?.into_iri();
    /// assert_eq!(iri.as_str(), "ivo://ivoa.net/std/TAP");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_iri(self) -> Iri<T> {
        self.iri
    }

    fn pos(&self) -> &Positions {
        self.iri.positions()
    }

    /// The authority identifier (§2.3.2).
    pub fn authority(&self) -> &str {
        self.iri.authority().unwrap_or_default()
    }

    /// The resource key (§2.3.3): empty, or `/` and segments.
    pub fn resource_key(&self) -> &str {
        self.iri.path()
    }

    /// The query, without `?`.
    pub fn query(&self) -> Option<&str> {
        self.iri.query()
    }

    /// The fragment, without `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.iri.fragment()
    }

    /// The Registry part: scheme, authority and resource key (§1.1) — what must resolve in the
    /// Registry.
    pub fn registry_part(&self) -> &str {
        &self.as_str()[..self.pos().path_end]
    }

    /// The local part: query and fragment with their `?` and `#` (possibly empty), so that
    /// `registry_part() + local_part()` is the IVOID.
    pub fn local_part(&self) -> &str {
        &self.as_str()[self.pos().path_end..]
    }

    /// Whether this is an authority identifier: no resource key, no local part (§2.1).
    ///
    /// ```
    /// use pidkit::ivo::Ivoid;
    /// assert!(Ivoid::parse("ivo://nasa.heasarc")?.is_authority_id());
    /// assert!(!Ivoid::parse("ivo://nasa.heasarc?x")?.is_authority_id());
    /// assert!(Ivoid::parse("ivo://nasa.heasarc/skyview")?.is_registry_reference());
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn is_authority_id(&self) -> bool {
        self.as_str().len() == self.pos().path_start
    }

    /// Whether this is a Registry reference: no local part (§1.1).
    pub fn is_registry_reference(&self) -> bool {
        self.local_part().is_empty()
    }

    /// What the IVOID refers to, as far as its form tells.
    pub fn kind(&self) -> IvoidKind {
        match (self.query(), self.fragment()) {
            (None, None) if self.resource_key().is_empty() => IvoidKind::Authority,
            (None, None) => IvoidKind::Registry,
            (Some(_), _) => IvoidKind::Dataset,
            (None, Some(_)) if self.looks_standard() => IvoidKind::Standard,
            (None, Some(_)) => IvoidKind::Other,
        }
    }

    fn looks_standard(&self) -> bool {
        let first_segment = self.resource_key().split('/').nth(1).unwrap_or_default();
        self.authority().eq_ignore_ascii_case("ivoa.net")
            || first_segment.eq_ignore_ascii_case("std")
            || self.standard_id().is_some_and(|s| s.version.is_some())
    }

    /// The fragment after a Registry reference read as `<key-name>-<version>` (§4.2); `None`
    /// with a query or without a fragment. Whether the Registry part is a standard's record
    /// only the Registry can tell; [`Ivoid::kind`] guesses.
    ///
    /// ```
    /// let id = pidkit::Ivoid::parse("ivo://ivoa.net/std/VOSI#availability")?;
    /// let s = id.standard_id().unwrap();
    /// assert_eq!((s.key, s.version), ("availability", None));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn standard_id(&self) -> Option<StandardId<'_>> {
        if self.query().is_some() {
            return None;
        }
        let fragment = self.fragment()?;
        let version = fragment
            .rsplit_once('-')
            .filter(|(k, v)| !k.is_empty() && is_version(v));
        Some(StandardId {
            standard_ref: self.registry_part(),
            key: version.map_or(fragment, |(k, _)| k),
            version: version.map(|(_, v)| v),
        })
    }

    /// The dataset identifier (§4.1): the query form, or the deprecated fragment form when the
    /// IVOID is of kind [`IvoidKind::Other`].
    pub fn dataset_id(&self) -> Option<DatasetId<'_>> {
        let (id, part, deprecated) = match (self.query(), self.fragment()) {
            (Some(q), f) => (q, f, false),
            (None, Some(f)) if self.kind() == IvoidKind::Other => (f, None, true),
            _ => return None,
        };
        Some(DatasetId {
            registry_part: self.registry_part(),
            id,
            part,
            deprecated_fragment_form: deprecated,
        })
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> IvoidParts<'_> {
        IvoidParts {
            authority: self.authority(),
            resource_key: self.resource_key(),
            query: self.query(),
            fragment: self.fragment(),
            registry_part: self.registry_part(),
            kind: self.kind().name(),
            regtap: self.to_regtap(),
        }
    }

    /// Valid but discouraged: `~` in the authority (§2.3.2), sub-delimiters in the resource key
    /// (§2.2), a fragment directly after a Registry part that is not a standard's (the
    /// deprecated dataset-identifier form, §4.1).
    ///
    /// ```
    /// use pidkit::ivo::Ivoid;
    /// let codes = |s| Ivoid::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("ivo://a~b/c*d"), ["ivo-authority-tilde", "ivo-key-sub-delim"]);
    /// assert_eq!(codes("ivo://jhu/sdss/dr6/spec/2.5#80442261136998400"), ["ivo-fragment-did"]);
    /// assert!(codes("ivo://ivoa.net/std/TAP#aux").is_empty());
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        let start = self.pos().host_start;
        if let Some(k) = self.authority().find('~') {
            out.push(Warning::new(
                codes::AUTHORITY_TILDE,
                start + k,
                1,
                "'~' in an authority identifier is strongly discouraged (§2.3.2)",
            ));
        }
        let key = self.resource_key();
        if let Some(k) = key.bytes().position(chars::is_sub_delim) {
            out.push(Warning::new(
                codes::KEY_SUB_DELIM,
                self.pos().path_start + k,
                1,
                format!(
                    "'{}' is a sub-delimiter: no IVOA standard defines sub-delimiters in resource keys yet (§2.2)",
                    char::from(key.as_bytes()[k])
                ),
            ));
        }
        if self.kind() == IvoidKind::Other {
            let at = self.pos().query_end;
            out.push(Warning::new(
                codes::FRAGMENT_DID,
                at,
                self.as_str().len() - at,
                "'#' directly after the Registry part: if this names a dataset, that form is deprecated, use '?' (§4.1); if it names a part of the resource, ignore this",
            ));
        }
        out
    }

    /// The §2.6 comparison key: the Registry part lowercased, the local part as it is. Equal keys
    /// ⇔ equivalent IVOIDs. Borrowed when the Registry part has no uppercase letter.
    ///
    /// ```
    /// use pidkit::ivo::Ivoid;
    /// assert_eq!(Ivoid::parse("ivo://CDS.VizieR/II/246?Q#F")?.key(), "ivo://cds.vizier/ii/246?Q#F");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key(&self) -> Cow<'_, str> {
        self.to_regtap()
    }

    /// §2.6 comparison: Registry parts case-insensitively, local parts exactly, nothing else
    /// normalized (no path segments, no percent-encoding).
    ///
    /// ```
    /// use pidkit::Ivoid;
    /// let a = Ivoid::parse("ivo://org.GAVO.dc")?;
    /// assert!(a.equivalent(&Ivoid::parse("ivo://org.gavo.dc")?));
    /// assert!(!a.equivalent(&Ivoid::parse("ivo://org.gavo.dc?x")?));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn equivalent<U: AsRef<str>>(&self, other: &Ivoid<U>) -> bool {
        self.registry_part()
            .eq_ignore_ascii_case(other.registry_part())
            && self.local_part() == other.local_part()
    }

    /// The form RegTAP stores: the Registry part lowercased, the local part unchanged (it is
    /// case-sensitive, §2.3.4–2.3.5). Same as [`Ivoid::key`].
    ///
    /// ```
    /// let id = pidkit::ivo::Ivoid::parse("ivo://ivoa.net/std/TAPRegExt#features-adql-string")?;
    /// assert_eq!(id.to_regtap(), "ivo://ivoa.net/std/tapregext#features-adql-string");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_regtap(&self) -> Cow<'_, str> {
        let (reg, local) = (self.registry_part(), self.local_part());
        if !reg.bytes().any(|b| b.is_ascii_uppercase()) {
            return Cow::Borrowed(self.as_str());
        }
        let mut out = reg.to_ascii_lowercase();
        out.push_str(local);
        Cow::Owned(out)
    }

    /// The whole IVOID lowercased, local part included, as pyvo compares identifiers. NOT the
    /// §2.6 comparison: it merges IVOIDs whose queries or fragments differ only in case.
    ///
    /// ```
    /// let id = pidkit::ivo::Ivoid::parse("ivo://CDS/P/DSS2/color?Q#F")?;
    /// assert_eq!(id.to_lowercase_pyvo(), "ivo://cds/p/dss2/color?q#f");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_lowercase_pyvo(&self) -> Cow<'_, str> {
        let s = self.as_str();
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    }

    /// A borrowed view (no copy, no re-parse).
    pub fn as_borrowed(&self) -> Ivoid<&str> {
        Ivoid {
            iri: self.iri.as_borrowed(),
        }
    }

    /// An owned copy (one allocation, no re-parse).
    pub fn to_owned(&self) -> Ivoid<String> {
        Ivoid {
            iri: self.iri.to_owned(),
        }
    }
}

/// `1*DIGIT *( "." 1*DIGIT )`
fn is_version(v: &str) -> bool {
    v.split('.')
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

// ---- the rules of §2 ----

/// Parse `s` by the IRI parser (RFC 3986), then check the rules of §2.
fn parse(s: &str, strict: bool) -> Result<Positions, IvoParseError> {
    let b = s.as_bytes();
    if !(b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"ivo:")) {
        return Err(not_an_ivoid(b));
    }
    let iri = IriRef::parse_with(s, Profile::Rfc3986Uri).map_err(|e| {
        let kind = match e.kind {
            IriError::InvalidChar(c @ ('[' | ']')) => IvoError::Bracket(c),
            IriError::BadIpv6(_) | IriError::BadIpvFuture => IvoError::Bracket('['),
            IriError::BadPort => IvoError::Port,
            kind => IvoError::Iri(kind),
        };
        IvoParseError::new(kind, e.offset, e.len)
    })?;
    let pos = *iri.positions();
    if !pos.has_authority {
        return Err(IvoParseError::new(IvoError::NoAuthority, 4, 0));
    }
    if pos.host_start > pos.authority_start() {
        // Userinfo characters exclude '@': the first '@' is the one that ends the userinfo.
        return Err(IvoParseError::new(IvoError::AtSign, pos.host_start - 1, 1));
    }
    if matches!(pos.host_kind, HostKind::Ipv6 | HostKind::IpvFuture) {
        let kind = IvoError::Bracket('[');
        return Err(IvoParseError::new(kind, pos.host_start, 1));
    }
    if pos.host_end < pos.path_start {
        let len = pos.path_start - pos.host_end;
        return Err(IvoParseError::new(IvoError::Port, pos.host_end, len));
    }
    authority(&b[pos.host_start..pos.host_end], pos.host_start)?;
    resource_key(&b[pos.path_start..pos.path_end], pos.path_start, strict)?;
    local(&b[pos.path_end..], pos.path_end)?;
    Ok(pos)
}

/// The error for an input that does not start with `ivo:`.
fn not_an_ivoid(b: &[u8]) -> IvoParseError {
    if b.is_empty() {
        return IvoParseError::new(IriError::Empty, 0, 0);
    }
    let scheme_end = b.first().filter(|c| c.is_ascii_alphabetic()).and_then(|_| {
        b.iter()
            .position(|&c| !chars::is(c, chars::SCHEME) || c >= 0x80)
            .filter(|&i| b[i] == b':')
    });
    match scheme_end {
        Some(i) => IvoParseError::new(IvoError::Scheme, 0, i),
        None => IvoParseError::new(IvoError::Relative, 0, 0),
    }
}

/// §2.3.2: `<alphanum> <unreserved> <unreserved> *<unreserved>`, no percent-encoding.
fn authority(b: &[u8], base: usize) -> Result<(), IvoParseError> {
    if let Some(i) = b.iter().position(|&c| !chars::is_unreserved(c)) {
        let c = b[i];
        let kind = match c {
            b'%' => IvoError::AuthorityPercent,
            b'@' => IvoError::AtSign,
            b'[' | b']' => IvoError::Bracket(char::from(c)),
            _ => IvoError::AuthorityChar(crate::iri::parse::decode(b, i).0),
        };
        let len = if c == b'%' {
            3.min(b.len() - i)
        } else {
            char_len(b, i)
        };
        return Err(IvoParseError::new(kind, base + i, len));
    }
    if b.first().is_some_and(|c| !c.is_ascii_alphanumeric()) {
        return Err(IvoParseError::new(IvoError::AuthorityStart, base, 1));
    }
    if b.len() < 3 {
        return Err(IvoParseError::new(
            IvoError::AuthorityTooShort,
            base,
            b.len(),
        ));
    }
    Ok(())
}

/// §2.3.3: `path-abempty` of segments of `unreserved / sub-delims`; no empty, `.` or `..`
/// segments, no percent-encoding; sub-delims rejected only when `strict`.
fn resource_key(b: &[u8], base: usize, strict: bool) -> Result<(), IvoParseError> {
    match b.first() {
        None => return Ok(()),
        Some(b'/') => {}
        Some(_) => {
            return Err(IvoParseError::new(
                IvoError::KeyNotAbempty,
                base,
                char_len(b, 0),
            ));
        }
    }
    // The segment that ends at `end` (exclusive), `len` bytes of which `dots` are '.'.
    let segment = |end: usize, len: usize, dots: usize| {
        if len == 0 {
            Err(IvoParseError::new(
                IvoError::KeyEmptySegment,
                base + end - 1,
                1,
            ))
        } else if len == dots && len <= 2 {
            Err(IvoParseError::new(
                IvoError::KeyDotSegment,
                base + end - len,
                len,
            ))
        } else {
            Ok(())
        }
    };
    let (mut len, mut dots) = (0, 0);
    for (i, &c) in b.iter().enumerate().skip(1) {
        if c == b'/' {
            segment(i, len, dots)?;
            (len, dots) = (0, 0);
            continue;
        }
        len += 1;
        dots += usize::from(c == b'.');
        if chars::is_unreserved(c) || (!strict && chars::is_sub_delim(c)) {
            continue;
        }
        let kind = match c {
            b'%' => IvoError::KeyPercent,
            b'@' => IvoError::AtSign,
            b'[' | b']' => IvoError::Bracket(char::from(c)),
            c if chars::is_sub_delim(c) => IvoError::KeySubDelim(char::from(c)),
            _ => IvoError::KeyChar(crate::iri::parse::decode(b, i).0),
        };
        let len = if c == b'%' {
            3.min(b.len() - i)
        } else {
            char_len(b, i)
        };
        return Err(IvoParseError::new(kind, base + i, len));
    }
    segment(b.len(), len, dots)
}

/// §2.2 for the local part (query and fragment, with their `?`/`#`), which the IRI parser has
/// already checked: no literal `@`, unreserved characters never percent-encoded, encoded text
/// UTF-8.
fn local(b: &[u8], base: usize) -> Result<(), IvoParseError> {
    let mut i = 0;
    while let Some(k) = find_pct_or_at(&b[i..]) {
        i += k;
        if b[i] == b'@' {
            return Err(IvoParseError::new(IvoError::AtSign, base + i, 1));
        }
        let Some(v) = crate::pct::decode_at(b, i) else {
            return Err(IvoParseError::new(IriError::BadPercent, base + i, 1));
        };
        if chars::is_unreserved(v) {
            let kind = IvoError::EncodedUnreserved(char::from(v));
            return Err(IvoParseError::new(kind, base + i, 3));
        }
        let n = utf8_sequence(b, i)
            .ok_or_else(|| IvoParseError::new(IvoError::BadUtf8, base + i, 3))?;
        i += 3 * n;
    }
    Ok(())
}

/// The index of the first `%` or `@` in `b`, eight bytes at a time (most local parts have none).
fn find_pct_or_at(b: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let has_zero_byte = |x: u64| x.wrapping_sub(LO) & !x & HI != 0;
    let mut start = 0;
    for chunk in b.chunks_exact(8) {
        let w = u64::from_le_bytes([
            chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
        ]);
        if has_zero_byte(w ^ (LO * u64::from(b'%'))) || has_zero_byte(w ^ (LO * u64::from(b'@'))) {
            break;
        }
        start += 8;
    }
    b[start..]
        .iter()
        .position(|&c| c == b'%' || c == b'@')
        .map(|k| start + k)
}

/// The number of `%XX` triplets (from `i`) that form one strict UTF-8 sequence (RFC 3629:
/// no overlong forms, no surrogates, nothing above U+10FFFF), or `None`.
fn utf8_sequence(b: &[u8], i: usize) -> Option<usize> {
    let lead = crate::pct::decode_at(b, i)?;
    let (n, lo, hi) = match lead {
        0x00..=0x7F => return Some(1),
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return None,
    };
    for k in 1..n {
        let c = crate::pct::decode_at(b, i + 3 * k)?;
        let (lo, hi) = if k == 1 { (lo, hi) } else { (0x80, 0xBF) };
        if !(lo..=hi).contains(&c) {
            return None;
        }
    }
    Some(n)
}

fn char_len(b: &[u8], i: usize) -> usize {
    crate::iri::parse::decode(b, i).1
}

/// Check an authority identifier on its own (§2.3.2); offsets are within `authority`.
///
/// ```
/// use pidkit::ivo::check_authority;
/// assert!(check_authority("n_1a.alph-0.02").is_ok());
/// assert_eq!(check_authority("_temporary.id").unwrap_err().code(), "ivo-authority-start");
/// ```
pub fn check_authority(authority: &str) -> Result<(), IvoParseError> {
    self::authority(authority.as_bytes(), 0)
}

/// Check a resource key on its own (§2.3.3), sub-delimiters rejected when `strict`; offsets
/// are within `key`.
///
/// ```
/// use pidkit::ivo::check_resource_key;
/// assert!(check_resource_key("/-user/STScI_1/1a-7z.u", true).is_ok());
/// assert_eq!(check_resource_key("reskey", true).unwrap_err().code(), "ivo-key-not-abempty");
/// ```
pub fn check_resource_key(key: &str, strict: bool) -> Result<(), IvoParseError> {
    resource_key(key.as_bytes(), 0, strict)
}

/// Check a query or fragment on its own (§2.3.4, §2.3.5, §2.2); offsets are within `text`.
///
/// ```
/// use pidkit::ivo::check_query;
/// assert!(check_query("%C2%B5%20Her").is_ok());
/// assert_eq!(check_query("%B5%20Her").unwrap_err().code(), "ivo-bad-utf8");
/// ```
pub fn check_query(text: &str) -> Result<(), IvoParseError> {
    let b = text.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c >= 0x80 {
            let (ch, len) = crate::iri::parse::decode(b, i);
            return Err(IvoParseError::new(IriError::NonAscii(ch), i, len));
        }
        if matches!(c, b'[' | b']') {
            return Err(IvoParseError::new(IvoError::Bracket(char::from(c)), i, 1));
        }
        if !(chars::is(c, chars::QUERY) || c == b'%') {
            return Err(IvoParseError::new(
                IriError::InvalidChar(char::from(c)),
                i,
                1,
            ));
        }
    }
    local(b, 0)
}

crate::iri::string_like!(Ivoid, Ivoid::parse);

impl<T: AsRef<str>> fmt::Debug for Ivoid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ivoid({:?})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_percent_or_at_in_any_position() {
        for len in 0..20 {
            let mut v = vec![b'a'; len];
            assert_eq!(find_pct_or_at(&v), None);
            for k in 0..len {
                for c in [b'%', b'@'] {
                    v[k] = c;
                    assert_eq!(find_pct_or_at(&v), Some(k), "{len} {k}");
                    v[k] = 0xC3; // non-ASCII bytes are not matches
                    assert_eq!(find_pct_or_at(&v), None);
                    v[k] = b'a';
                }
            }
        }
    }

    #[test]
    fn utf8_sequences_are_strict() {
        for (s, n) in [
            ("%C2%B5", Some(2)),
            ("%E2%82%AC", Some(3)),
            ("%F0%90%8C%80", Some(4)),
        ] {
            assert_eq!(utf8_sequence(s.as_bytes(), 0), n, "{s}");
        }
        for s in [
            "%C0%AF",
            "%E0%80%AF",
            "%ED%A0%80",
            "%F4%90%80%80",
            "%E2%82",
            "%FC",
            "%80",
            "%C2%41",
        ] {
            assert_eq!(utf8_sequence(s.as_bytes(), 0), None, "{s}");
        }
    }
}
