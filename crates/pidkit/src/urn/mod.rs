//! URNs: RFC 8141 (the default) and RFC 2141, parsed on top of the IRI parser; lexical
//! equivalence, namespace rules and NID classes (RFC 8141 §2, §3, §5; RFC 2141 §2, §5).
//!
//! The rules, with their sections (the guide's page is `docs/schemes/urn.md`):
//!
//! - **Syntax** (RFC 8141 §2): `urn:` NID `:` NSS, the NID of 2 to 32 letters, digits and `-`
//!   (a letter or digit first and last), the NSS of `pchar` and `/` (not starting with `/`),
//!   then the optional r-component `?+`, q-component `?=` and f-component `#`. RFC 2141 (§2,
//!   `UrnSyntax::Rfc2141`) allowed a one-character NID and no components, and excluded more
//!   characters (§2.4).
//! - **Equivalence** (RFC 8141 §3; RFC 2141 §5): `urn` and the NID case-insensitive, `%XX` hex
//!   case-insensitive, percent-encoding never decoded (§3.1), the components ignored; then each
//!   namespace's own rules, which only join what the generic rule keeps apart (`uuid` as 128-bit
//!   values, RFC 4122; `isbn` and `issn` by check digit, ISBN-10 ≡ its ISBN-13; `nbn:de`; `ietf`
//!   case-insensitive, RFC 2648; `doi`).
//! - **Namespaces** (RFC 8141 §5): formal NIDs from IANA's registry ([`FORMAL_NIDS`]), informal
//!   `urn-N`, experimental `X-`; an unregistered NID is read and warned.
//!
//!
//! ```
//! use pidkit::urn::{Urn, UrnSyntax, NamespaceClass};
//!
//! let urn = Urn::parse("URN:ISBN:0-451-45052-3?=edition=2#chapter1")?;
//! assert_eq!((urn.nid(), urn.nss()), ("ISBN", "0-451-45052-3"));
//! assert_eq!(urn.q_component(), Some("edition=2"));
//! assert_eq!(urn.f_component(), Some("chapter1"));
//! assert_eq!(urn.namespace_class(), NamespaceClass::Formal);
//! // ISBN-10 and ISBN-13 of one book, components ignored: URN-equivalent.
//! assert!(urn.equivalent(&Urn::parse("urn:isbn:978-0-451-45052-4")?));
//!
//! // RFC 2141 has no components: '?' and '#' are reserved NSS characters (warned).
//! let old = Urn::parse_with("urn:foo:a?b", UrnSyntax::Rfc2141)?;
//! assert_eq!(old.nss(), "a?b");
//! assert_eq!(old.warnings()[0].code, "urn-rfc2141-reserved");
//! let err = Urn::parse_with("urn:foo:a~b", UrnSyntax::Rfc2141).unwrap_err();
//! assert_eq!(err.to_string(), "character '~' is allowed by RFC 8141 but not RFC 2141 (§2.4: excluded) (at byte 9)");
//! # Ok::<(), pidkit::ParseError>(())
//! ```

mod equivalence;
mod error;
mod namespaces;
mod scheme;
mod syntax;

use crate::scheme::{Field, FieldType, Value};
use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;

pub use error::{UrnError, UrnParseError, codes};
pub use namespaces::{
    FORMAL_NIDS, IANA_REGISTRY_UPDATED, INFORMAL_NIDS, NamespaceClass, nbn_de_check_digit,
    uuid_value,
};
pub use scheme::UrnScheme;
pub use syntax::{is_rfc2141_char, is_rfc8141_char};

use crate::error::Warning;
use crate::iri::{Iri, IriRef};
use syntax::Spans;

/// Which URN specification an input is parsed and compared by.
///
/// ```
/// use pidkit::urn::{Urn, UrnSyntax};
/// // A one-letter NID and a final '-' are RFC 2141 only; '~' is RFC 8141 only.
/// assert!(Urn::parse_with("urn:a-:x", UrnSyntax::Rfc2141).is_ok());
/// assert_eq!(Urn::parse("urn:a-:x").unwrap_err().code(), "urn-nid-end");
/// assert_eq!(Urn::parse("urn:a:x").unwrap_err().code(), "urn-nid-too-short");
/// assert!(Urn::parse("urn:example:~x").is_ok());
/// assert_eq!("rfc2141".parse::<UrnSyntax>(), Ok(UrnSyntax::Rfc2141));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum UrnSyntax {
    /// RFC 8141 (2017, the default): r-, q- and f-components, `/ ~ &` in the NSS, NID of 2–32.
    #[default]
    Rfc8141,
    /// RFC 2141 (1997) with its errata: NID of 1–32, `/ ? #` reserved, no components.
    Rfc2141,
}

impl UrnSyntax {
    /// The name as the CLI spells it: `rfc8141`, `rfc2141`.
    ///
    /// ```
    /// assert_eq!(pidkit::UrnSyntax::Rfc2141.name(), "rfc2141");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            UrnSyntax::Rfc8141 => "rfc8141",
            UrnSyntax::Rfc2141 => "rfc2141",
        }
    }
}

impl std::str::FromStr for UrnSyntax {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "rfc8141" => Ok(UrnSyntax::Rfc8141),
            "rfc2141" => Ok(UrnSyntax::Rfc2141),
            _ => Err(format!(
                "unknown URN syntax '{s}' (expected rfc8141 or rfc2141)"
            )),
        }
    }
}

/// A URN (`urn:<NID>:<NSS>` and, under RFC 8141, `?+r`, `?=q`, `#f`), borrowed (`T = &str`) or
/// owned (`T = String`).
///
/// Parsing does not allocate. `Display` gives the URN exactly as parsed (it is already in the
/// canonical syntax); equality and hash are those of the string — use [`Urn::equivalent`] or
/// [`Urn::key`] for URN-equivalence.
///
/// ```
/// use pidkit::urn::Urn;
/// let urn = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=q#somepart")?;
/// assert_eq!(urn.nid(), "example");
/// assert_eq!(urn.nss(), "foo-bar-baz-qux");
/// assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
/// assert_eq!(urn.q_component(), Some("q"));
/// assert_eq!(urn.f_component(), Some("somepart"));
/// assert_eq!(urn.assigned_name(), "urn:example:foo-bar-baz-qux");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Urn<T> {
    iri: Iri<T>,
    syntax: UrnSyntax,
    spans: Spans,
}

/// The parts of a URN as the CLI's JSON object `"urn"` shows them.
///
/// ```
/// let urn = pidkit::urn::Urn::parse("urn:example:a#f")?;
/// let p = urn.parts();
/// assert_eq!((p.nid, p.nss, p.f_component, p.namespace_class), ("example", "a", Some("f"), "formal"));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UrnParts<'a> {
    /// The namespace identifier, as written.
    pub nid: &'a str,
    /// The namespace specific string, as written.
    pub nss: &'a str,
    /// The r-component, without `?+`.
    pub r_component: Option<&'a str>,
    /// The q-component, without `?=`.
    pub q_component: Option<&'a str>,
    /// The f-component, without `#`.
    pub f_component: Option<&'a str>,
    /// [`NamespaceClass::name`] of the NID.
    pub namespace_class: &'static str,
}

impl crate::scheme::Fields for UrnParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new("nid", FieldType::Str, ""),
        Field::new("nss", FieldType::Str, ""),
        Field::new("r_component", FieldType::OptStr, ""),
        Field::new("q_component", FieldType::OptStr, ""),
        Field::new("f_component", FieldType::OptStr, ""),
        Field::new("namespace_class", FieldType::Str, "").one_of(&[
            "formal",
            "informal",
            "experimental",
            "unregistered",
        ]),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.nid),
            1 => Value::Str(self.nss),
            2 => Value::opt(self.r_component),
            3 => Value::opt(self.q_component),
            4 => Value::opt(self.f_component),
            5 => Value::Str(self.namespace_class),
            _ => Value::Null,
        }
    }
}

impl<T: AsRef<str>> Urn<T> {
    /// Parse a URN by RFC 8141 (the default syntax).
    ///
    /// ```
    /// use pidkit::urn::Urn;
    /// let err = Urn::parse("urn:example:r\u{E9}sum\u{E9}").unwrap_err();
    /// assert_eq!((err.code(), err.offset), ("urn-non-ascii", 13));
    /// assert_eq!(err.hint().unwrap(), "percent-encode non-ASCII characters as UTF-8: urn:example:r%C3%A9sum%C3%A9");
    /// ```
    pub fn parse(text: T) -> Result<Self, UrnParseError> {
        Self::parse_with(text, UrnSyntax::default())
    }

    /// Parse a URN by `syntax`.
    ///
    /// ```
    /// use pidkit::urn::{Urn, UrnSyntax};
    /// let u = Urn::parse_with("urn:example:a#b#c", UrnSyntax::Rfc2141)?;
    /// assert_eq!((u.nss(), u.f_component()), ("a#b#c", None));
    /// assert_eq!(Urn::parse("urn:example:a#b#c").unwrap_err().code(), "urn-invalid-char");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn parse_with(text: T, syntax: UrnSyntax) -> Result<Self, UrnParseError> {
        let (pos, spans) = syntax::parse(text.as_ref(), syntax)?;
        let iri = Iri::try_from(IriRef::from_parts(text, pos))
            .map_err(|r| UrnParseError::new(UrnError::Scheme, 0, r.as_str().len()))?;
        Ok(Urn { iri, syntax, spans })
    }

    /// The whole URN, exactly as parsed.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.iri.as_str()
    }

    /// The URN as an IRI (scheme `urn`, path `NID:NSS`, query, fragment).
    ///
    /// ```
    /// let u = pidkit::Urn::parse("urn:example:a?+r?=q#f")?;
    /// assert_eq!((u.as_iri().path(), u.as_iri().query()), ("example:a", Some("+r?=q")));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn as_iri(&self) -> Iri<&str> {
        self.iri.as_borrowed()
    }

    /// The IRI this identifier is, keeping the text (for `&str`, the input's lifetime).
    ///
    /// ```
    /// let iri = pidkit::Urn::parse("urn:example:a")?.into_iri();
    /// assert_eq!(iri.as_str(), "urn:example:a");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_iri(self) -> Iri<T> {
        self.iri
    }

    /// The syntax it was parsed by.
    pub fn syntax(&self) -> UrnSyntax {
        self.syntax
    }

    /// The namespace identifier, as written (compare case-insensitively).
    pub fn nid(&self) -> &str {
        &self.as_str()[4..self.spans.nid_end]
    }

    /// The namespace specific string, as written. Under RFC 2141 it runs to the end.
    pub fn nss(&self) -> &str {
        &self.as_str()[self.spans.nid_end + 1..self.spans.nss_end]
    }

    /// `urn:<NID>:<NSS>`, without the r-, q- and f-components (RFC 8141 `assigned-name`).
    pub fn assigned_name(&self) -> &str {
        &self.as_str()[..self.spans.nss_end]
    }

    /// The r-component, without `?+` (RFC 8141 §2.3.1).
    pub fn r_component(&self) -> Option<&str> {
        self.spans.r.map(|(a, b)| &self.as_str()[a..b])
    }

    /// The q-component, without `?=` (RFC 8141 §2.3.2).
    pub fn q_component(&self) -> Option<&str> {
        self.spans.q.map(|(a, b)| &self.as_str()[a..b])
    }

    /// The f-component, without `#`; may be empty (RFC 8141 §2.3.3). Always `None` under RFC 2141.
    pub fn f_component(&self) -> Option<&str> {
        match self.syntax {
            UrnSyntax::Rfc8141 => self.iri.fragment(),
            UrnSyntax::Rfc2141 => None,
        }
    }

    /// The class of the NID (RFC 8141 §5) per the shipped IANA list.
    ///
    /// ```
    /// use pidkit::urn::{Urn, NamespaceClass};
    /// assert_eq!(Urn::parse("urn:OID:1.3.6.1")?.namespace_class(), NamespaceClass::Formal);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn namespace_class(&self) -> NamespaceClass {
        NamespaceClass::of(self.nid())
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> UrnParts<'_> {
        UrnParts {
            nid: self.nid(),
            nss: self.nss(),
            r_component: self.r_component(),
            q_component: self.q_component(),
            f_component: self.f_component(),
            namespace_class: self.namespace_class().name(),
        }
    }

    /// Valid but worth a look: RFC 2141 reserved characters, r-components, experimental or
    /// unregistered NIDs, an NSS that breaks its namespace's own syntax.
    ///
    /// ```
    /// use pidkit::urn::Urn;
    /// let codes = |s| Urn::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("urn:example:a"), Vec::<&str>::new());
    /// assert_eq!(codes("urn:X-acme:a"), ["urn-experimental-nid"]);
    /// assert_eq!(codes("urn:acme:a"), ["urn-unregistered-nid"]);
    /// assert_eq!(codes("urn:isbn:0451450524"), ["urn-namespace-syntax"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        syntax::warnings(self.as_str(), self.syntax, &self.spans, &mut out);
        let nid = self.nid();
        let span = (4, nid.len());
        match self.namespace_class() {
            NamespaceClass::Formal => {}
            NamespaceClass::Informal if namespaces::is_assigned_informal(nid) => {}
            NamespaceClass::Informal => out.push(Warning::new(
                codes::UNREGISTERED_NID,
                span.0,
                span.1,
                format!("informal namespace '{nid}' is not (yet) assigned by IANA (list of {IANA_REGISTRY_UPDATED})"),
            )),
            NamespaceClass::Experimental => out.push(Warning::new(
                codes::EXPERIMENTAL_NID,
                span.0,
                span.1,
                format!("'{nid}' is an experimental NID (RFC 3406 'X-'): not unique, not persistent; RFC 8141 §5.1 no longer provides them"),
            )),
            NamespaceClass::Unregistered => out.push(Warning::new(
                codes::UNREGISTERED_NID,
                span.0,
                span.1,
                format!("'{nid}' is not a registered URN namespace (IANA list of {IANA_REGISTRY_UPDATED})"),
            )),
        }
        if let Some(why) = namespaces::syntax_problem(nid, self.nss()) {
            out.push(Warning::new(
                codes::NAMESPACE_SYNTAX,
                self.spans.nid_end + 1,
                self.nss().len(),
                format!("urn:{}: {why}", nid.to_ascii_lowercase()),
            ));
        }
        out
    }

    /// The comparison key: equal keys ⇔ equivalent URNs, so keys can go in a `HashSet`.
    ///
    /// It is the assigned name with `urn` and the NID lowercased and `%hh` uppercased (RFC 8141
    /// §3.1, RFC 2141 §5), r/q/f-components dropped, and the NSS put through the namespace's
    /// rule: `uuid` lowercase hex; `isbn` the ISBN-13 digits; `issn` `NNNN-NNNC`; `nbn:de` (valid
    /// check digit) and `ietf` lowercase; `doi` decoded and lowercased. Borrowed when the input
    /// is already in that form.
    ///
    /// ```
    /// use pidkit::urn::Urn;
    /// let urn = Urn::parse("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6#x")?;
    /// assert_eq!(urn.key(), "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    /// assert_eq!(Urn::parse("urn:example:a%2cb")?.key(), "urn:example:a%2Cb");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key(&self) -> Cow<'_, str> {
        equivalence::key(self.assigned_name(), self.nid(), self.nss(), true)
    }

    /// The key of URN-equivalence by the generic procedure of RFC 8141 §3.1 alone, without the
    /// namespace rules of [`Urn::key`]: `urn` and the NID lowercased, `%hh` uppercased,
    /// r/q/f-components dropped, nothing decoded.
    ///
    /// ```
    /// use pidkit::urn::Urn;
    /// let urn = Urn::parse("URN:ISBN:0-451-45052-3?=q")?;
    /// assert_eq!(urn.generic_key(), "urn:isbn:0-451-45052-3");
    /// assert_eq!(urn.key(), "urn:isbn:9780451450524");
    /// assert_eq!(Urn::parse("urn:example:%41%2f")?.generic_key(), "urn:example:%41%2F");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn generic_key(&self) -> Cow<'_, str> {
        equivalence::key(self.assigned_name(), self.nid(), self.nss(), false)
    }

    /// URN-equivalence (RFC 8141 §3) — RFC 2141 lexical equivalence for URNs parsed by it —
    /// with the namespace rules of [`Urn::key`].
    ///
    /// ```
    /// use pidkit::urn::Urn;
    /// let a = Urn::parse("urn:example:a123,z456")?;
    /// assert!(a.equivalent(&Urn::parse("URN:EXAMPLE:a123,z456?=xyz")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:example:a123%2Cz456")?)); // never decoded
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn equivalent<U: AsRef<str>>(&self, other: &Urn<U>) -> bool {
        self.key() == other.key()
    }

    /// The URN case-normalized (RFC 8141 §3.1 applied to the whole URN): `urn` and the NID
    /// lowercase, every `%hh` uppercase; components kept, nothing decoded, no namespace rule.
    ///
    /// ```
    /// let urn = pidkit::urn::Urn::parse("URN:Example:a%2cb?=q%2f#F")?;
    /// assert_eq!(urn.normalized(), "urn:example:a%2Cb?=q%2F#F");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn normalized(&self) -> Cow<'_, str> {
        let s = self.as_str();
        let nid = self.nid();
        let rest = equivalence::upper_hex(&s[self.spans.nid_end..]);
        let lower = |t: &str| !t.bytes().any(|b| b.is_ascii_uppercase());
        if s.starts_with("urn:") && lower(nid) && matches!(rest, Cow::Borrowed(_)) {
            return Cow::Borrowed(s);
        }
        let mut out = String::with_capacity(s.len());
        out.push_str("urn:");
        out.push_str(&nid.to_ascii_lowercase());
        out.push_str(&rest);
        Cow::Owned(out)
    }

    /// A borrowed view (no copy, no re-parse).
    pub fn as_borrowed(&self) -> Urn<&str> {
        Urn {
            iri: self.iri.as_borrowed(),
            syntax: self.syntax,
            spans: self.spans,
        }
    }

    /// An owned copy (one allocation, no re-parse).
    pub fn to_owned(&self) -> Urn<String> {
        Urn {
            iri: self.iri.to_owned(),
            syntax: self.syntax,
            spans: self.spans,
        }
    }
}

crate::iri::string_like!(Urn, Urn::parse);

impl<T: AsRef<str>> fmt::Debug for Urn<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Urn({:?}, {})", self.as_str(), self.syntax.name())
    }
}
