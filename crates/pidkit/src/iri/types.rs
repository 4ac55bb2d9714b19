//! `IriRef<T>` and `Iri<T>`: one type, borrowed (`T = &str`) or owned (`T = String`), with
//! borrowed views of the components (draft-duerst-iri-bis-07 §2.2, RFC 3986 §3).

use std::fmt;
use std::hash::Hash;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::ops::Deref;

use super::error::IriParseError;
use super::parse::{self, HostKind, Positions, Profile, Rule};

/// An IRI reference (`IRI-reference`): an IRI or a relative reference.
///
/// `T` is `&str` (zero-copy) or `String` (owned). Parsing never allocates; every accessor
/// returns a slice of the input. `Display` gives back the input exactly; equality, order and
/// hash are those of the plain string (use [`crate::Level`] comparisons for equivalence).
///
/// ```
/// use pidkit::{IriRef, Host};
/// let r = IriRef::parse("http://user@例え.jp:8080/a/b?q=1#frag")?;
/// assert_eq!(r.scheme(), Some("http"));
/// assert_eq!(r.authority(), Some("user@例え.jp:8080"));
/// assert_eq!(r.userinfo(), Some("user"));
/// assert_eq!(r.host(), Some(Host::RegName("例え.jp")));
/// assert_eq!(r.port(), Some("8080"));
/// assert_eq!(r.path(), "/a/b");
/// assert_eq!(r.segments().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(r.query(), Some("q=1"));
/// assert_eq!(r.fragment(), Some("frag"));
/// assert_eq!(r.to_string(), "http://user@例え.jp:8080/a/b?q=1#frag");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<T> {
    text: T,
    pos: Positions,
}

/// An IRI (`IRI`): an IRI reference that has a scheme. Dereferences to [`IriRef`].
///
/// ```
/// use pidkit::Iri;
/// let iri = Iri::parse("urn:isbn:0451450523")?;
/// assert_eq!(iri.scheme(), "urn");
/// assert_eq!(iri.path(), "isbn:0451450523");
/// assert!(Iri::parse("/relative").is_err());
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Iri<T>(IriRef<T>);

/// The host of an authority, by kind (RFC 3986 §3.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A registered name (`ireg-name`), as written (may be empty, may hold `%XX` and non-ASCII).
    RegName(&'a str),
    /// A dotted-decimal IPv4 address.
    Ipv4(&'a str),
    /// An IPv6 address, without the brackets.
    Ipv6(&'a str),
    /// An `IPvFuture` literal, without the brackets.
    IpvFuture(&'a str),
}

impl<'a> Host<'a> {
    /// The kind of host.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::RegName(_) => HostKind::RegName,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::IpvFuture(_) => HostKind::IpvFuture,
        }
    }

    /// The text of the host; IP literals without their brackets.
    pub fn as_str(&self) -> &'a str {
        match *self {
            Host::RegName(s) | Host::Ipv4(s) | Host::Ipv6(s) | Host::IpvFuture(s) => s,
        }
    }

    /// The IPv4 address, for an `Ipv4` host.
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self {
            Host::Ipv4(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// The IPv6 address, for an `Ipv6` host.
    ///
    /// ```
    /// let r = pidkit::IriRef::parse("http://[::1]/")?;
    /// assert_eq!(r.host().unwrap().ipv6(), Some(std::net::Ipv6Addr::LOCALHOST));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self {
            Host::Ipv6(s) => s.parse().ok(),
            _ => None,
        }
    }
}

impl HostKind {
    /// The kind's name: `reg-name`, `ipv4`, `ipv6`, `ipvfuture`.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// Parse an `IRI-reference` under the default profile ([`Profile::IriBis`]).
    pub fn parse(text: T) -> Result<Self, IriParseError> {
        Self::parse_with(text, Profile::default())
    }

    /// Parse an `IRI-reference` under `profile`.
    pub fn parse_with(text: T, profile: Profile) -> Result<Self, IriParseError> {
        Self::parse_rule(text, Rule::IriReference, profile)
    }

    /// Parse an `irelative-ref` (a reference without scheme) under `profile`.
    ///
    /// ```
    /// use pidkit::{IriRef, Profile};
    /// assert!(IriRef::parse_relative("../a?b", Profile::default()).is_ok());
    /// let err = IriRef::parse_relative("http://a/", Profile::default()).unwrap_err();
    /// assert_eq!(err.code(), "unexpected-scheme");
    /// ```
    pub fn parse_relative(text: T, profile: Profile) -> Result<Self, IriParseError> {
        Self::parse_rule(text, Rule::RelativeRef, profile)
    }

    /// Parse `text` by any start rule of the grammar.
    pub fn parse_rule(text: T, rule: Rule, profile: Profile) -> Result<Self, IriParseError> {
        let pos = parse::parse(text.as_ref(), rule, profile)?;
        Ok(IriRef { text, pos })
    }

    /// Build from text and positions known to be valid (crate-internal constructors).
    #[allow(dead_code)] // for resolve/normalize, which build results without re-parsing
    pub(crate) fn from_parts(text: T, pos: Positions) -> Self {
        IriRef { text, pos }
    }

    #[allow(dead_code)]
    pub(crate) fn positions(&self) -> &Positions {
        &self.pos
    }

    /// The whole reference, exactly as parsed.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.text.as_ref()
    }

    /// The underlying text.
    pub fn into_inner(self) -> T {
        self.text
    }

    /// A borrowed view of this reference (no copy, no re-parse).
    pub fn as_borrowed(&self) -> IriRef<&str> {
        IriRef {
            text: self.as_str(),
            pos: self.pos,
        }
    }

    /// An owned copy (one allocation, no re-parse).
    pub fn to_owned(&self) -> IriRef<String> {
        IriRef {
            text: self.as_str().to_owned(),
            pos: self.pos,
        }
    }

    /// Whether the reference has a scheme (is an IRI, not a relative reference).
    #[inline]
    pub fn is_absolute(&self) -> bool {
        self.pos.scheme_end > 0
    }

    /// The scheme, without `:`.
    pub fn scheme(&self) -> Option<&str> {
        (self.pos.scheme_end > 0).then(|| &self.as_str()[..self.pos.scheme_end])
    }

    /// The authority (after `//`, up to the path), if there is one (it may be empty).
    pub fn authority(&self) -> Option<&str> {
        self.pos
            .has_authority
            .then(|| &self.as_str()[self.pos.authority_start()..self.pos.path_start])
    }

    /// The userinfo, without `@`.
    pub fn userinfo(&self) -> Option<&str> {
        let start = self.pos.authority_start();
        (self.pos.has_authority && self.pos.host_start > start)
            .then(|| &self.as_str()[start..self.pos.host_start - 1])
    }

    /// The host, by kind; `None` without authority.
    pub fn host(&self) -> Option<Host<'_>> {
        if !self.pos.has_authority {
            return None;
        }
        let s = self.host_str()?;
        Some(match self.pos.host_kind {
            HostKind::RegName => Host::RegName(s),
            HostKind::Ipv4 => Host::Ipv4(s),
            HostKind::Ipv6 => Host::Ipv6(&s[1..s.len() - 1]),
            HostKind::IpvFuture => Host::IpvFuture(&s[1..s.len() - 1]),
        })
    }

    /// The host as written, IP literals with their brackets; `None` without authority.
    pub fn host_str(&self) -> Option<&str> {
        self.pos
            .has_authority
            .then(|| &self.as_str()[self.pos.host_start..self.pos.host_end])
    }

    /// The port, as written (digits, possibly empty: `http://a:/`), without `:`.
    pub fn port(&self) -> Option<&str> {
        (self.pos.has_authority && self.pos.host_end < self.pos.path_start)
            .then(|| &self.as_str()[self.pos.host_end + 1..self.pos.path_start])
    }

    /// The port as a number, if it is present, non-empty and fits in 16 bits.
    pub fn port_u16(&self) -> Option<u16> {
        self.port().and_then(|p| p.parse().ok())
    }

    /// The path (possibly empty).
    #[inline]
    pub fn path(&self) -> &str {
        &self.as_str()[self.pos.path_start..self.pos.path_end]
    }

    /// The path's segments, split at `/`; a leading `/` does not produce an empty first segment.
    ///
    /// ```
    /// let r = pidkit::IriRef::parse("/a//b/")?;
    /// assert_eq!(r.segments().collect::<Vec<_>>(), ["a", "", "b", ""]);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = &str> + '_ {
        let path = self.path();
        let path = path.strip_prefix('/').unwrap_or(path);
        let empty = self.path().is_empty();
        path.split('/').filter(move |_| !empty)
    }

    /// The query, without `?`.
    pub fn query(&self) -> Option<&str> {
        (self.pos.path_end < self.pos.query_end)
            .then(|| &self.as_str()[self.pos.path_end + 1..self.pos.query_end])
    }

    /// The fragment, without the first `#`.
    pub fn fragment(&self) -> Option<&str> {
        let s = self.as_str();
        (self.pos.query_end < s.len()).then(|| &s[self.pos.query_end + 1..])
    }

    /// The reference without its fragment.
    pub fn without_fragment(&self) -> &str {
        &self.as_str()[..self.pos.query_end]
    }
}

/// All components of a borrowed reference at once, with the input's lifetime (absent = `None`).
/// Serializes to the `components` object of the CLI's JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IriParts<'a> {
    /// Scheme, without `:`.
    pub scheme: Option<&'a str>,
    /// Authority, without `//`.
    pub authority: Option<&'a str>,
    /// Userinfo, without `@`.
    pub userinfo: Option<&'a str>,
    /// Host as written (IP literals with brackets).
    pub host: Option<&'a str>,
    /// `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    pub host_kind: Option<&'static str>,
    /// Port, without `:`.
    pub port: Option<&'a str>,
    /// Path (possibly empty).
    pub path: &'a str,
    /// Query, without `?`.
    pub query: Option<&'a str>,
    /// Fragment, without `#`.
    pub fragment: Option<&'a str>,
}

impl<'a> IriRef<&'a str> {
    /// Every component, borrowed from the input (not from `self`).
    ///
    /// ```
    /// let p = pidkit::IriRef::parse("http://[::1]:80/p?q")?.parts();
    /// assert_eq!((p.host, p.host_kind, p.port, p.path, p.query), (Some("[::1]"), Some("ipv6"), Some("80"), "/p", Some("q")));
    /// assert_eq!(p.fragment, None);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn parts(&self) -> IriParts<'a> {
        let t: &'a str = self.text;
        let p = &self.pos;
        let auth = p.has_authority;
        let a = p.authority_start();
        IriParts {
            scheme: (p.scheme_end > 0).then(|| &t[..p.scheme_end]),
            authority: auth.then(|| &t[a..p.path_start]),
            userinfo: (auth && p.host_start > a).then(|| &t[a..p.host_start - 1]),
            host: auth.then(|| &t[p.host_start..p.host_end]),
            host_kind: auth.then(|| p.host_kind.name()),
            port: (auth && p.host_end < p.path_start).then(|| &t[p.host_end + 1..p.path_start]),
            path: &t[p.path_start..p.path_end],
            query: (p.path_end < p.query_end).then(|| &t[p.path_end + 1..p.query_end]),
            fragment: (p.query_end < t.len()).then(|| &t[p.query_end + 1..]),
        }
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// Parse an `IRI` (scheme required, fragment allowed) under the default profile.
    pub fn parse(text: T) -> Result<Self, IriParseError> {
        Self::parse_with(text, Profile::default())
    }

    /// Parse an `IRI` under `profile`.
    pub fn parse_with(text: T, profile: Profile) -> Result<Self, IriParseError> {
        IriRef::parse_rule(text, Rule::Iri, profile).map(Iri)
    }

    /// Parse an `absolute-IRI` (scheme required, no fragment) under `profile`.
    ///
    /// ```
    /// use pidkit::{Iri, Profile};
    /// let err = Iri::parse_absolute("http://a/#f", Profile::default()).unwrap_err();
    /// assert_eq!((err.code(), err.offset), ("unexpected-fragment", 9));
    /// ```
    pub fn parse_absolute(text: T, profile: Profile) -> Result<Self, IriParseError> {
        IriRef::parse_rule(text, Rule::AbsoluteIri, profile).map(Iri)
    }

    /// The scheme, without `:`.
    pub fn scheme(&self) -> &str {
        &self.0.as_str()[..self.0.pos.scheme_end]
    }

    /// Wrap a reference known to have a scheme (resolution and normalization results).
    pub(crate) fn from_ref_unchecked(r: IriRef<T>) -> Self {
        debug_assert!(r.pos.scheme_end > 0);
        Iri(r)
    }

    /// The reference this IRI is.
    pub fn into_ref(self) -> IriRef<T> {
        self.0
    }

    /// The underlying text.
    pub fn into_inner(self) -> T {
        self.0.text
    }

    /// A borrowed view.
    pub fn as_borrowed(&self) -> Iri<&str> {
        Iri(self.0.as_borrowed())
    }

    /// An owned copy.
    pub fn to_owned(&self) -> Iri<String> {
        Iri(self.0.to_owned())
    }
}

impl<T> Deref for Iri<T> {
    type Target = IriRef<T>;
    fn deref(&self) -> &IriRef<T> {
        &self.0
    }
}

impl<T: AsRef<str>> TryFrom<IriRef<T>> for Iri<T> {
    type Error = IriRef<T>;
    /// An `IriRef` with a scheme is an `Iri`; a relative reference is given back.
    fn try_from(r: IriRef<T>) -> Result<Self, IriRef<T>> {
        if r.is_absolute() { Ok(Iri(r)) } else { Err(r) }
    }
}

impl<T> From<Iri<T>> for IriRef<T> {
    fn from(iri: Iri<T>) -> Self {
        iri.0
    }
}

// ---- string-like traits, shared by the identifier types (also `Urn`, `Ivoid`) ----

/// Display, `AsRef<str>`, `Borrow<str>`, equality/order/hash as plain strings, `FromStr`,
/// `TryFrom<&str>` / `TryFrom<String>`, `From<_> for String` and serde, for a type with
/// `as_str()` and the given parse function.
macro_rules! string_like {
    ($ty:ident, $parse:expr) => {
        impl<T: AsRef<str>> std::fmt::Display for $ty<T> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl<T: AsRef<str>> AsRef<str> for $ty<T> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
        impl<T: AsRef<str>> std::borrow::Borrow<str> for $ty<T> {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }
        impl<T: AsRef<str>, U: AsRef<str>> PartialEq<$ty<U>> for $ty<T> {
            fn eq(&self, other: &$ty<U>) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl<T: AsRef<str>> Eq for $ty<T> {}
        impl<T: AsRef<str>> PartialEq<str> for $ty<T> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl<T: AsRef<str>> PartialEq<&str> for $ty<T> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl<T: AsRef<str>, U: AsRef<str>> PartialOrd<$ty<U>> for $ty<T> {
            fn partial_cmp(&self, other: &$ty<U>) -> Option<std::cmp::Ordering> {
                Some(self.as_str().cmp(other.as_str()))
            }
        }
        impl<T: AsRef<str>> Ord for $ty<T> {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }
        impl<T: AsRef<str>> std::hash::Hash for $ty<T> {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }
        impl std::str::FromStr for $ty<String> {
            type Err = $crate::ParseError;
            fn from_str(s: &str) -> Result<Self, $crate::ParseError> {
                $parse(s.to_owned()).map_err(Into::into)
            }
        }
        impl<'a> TryFrom<&'a str> for $ty<&'a str> {
            type Error = $crate::ParseError;
            fn try_from(s: &'a str) -> Result<Self, $crate::ParseError> {
                $parse(s).map_err(Into::into)
            }
        }
        impl TryFrom<String> for $ty<String> {
            type Error = $crate::ParseError;
            fn try_from(s: String) -> Result<Self, $crate::ParseError> {
                $parse(s).map_err(Into::into)
            }
        }
        impl<T: AsRef<str>> From<$ty<T>> for String {
            fn from(r: $ty<T>) -> String {
                r.as_str().to_owned()
            }
        }
        #[cfg(feature = "serde")]
        impl<T: AsRef<str>> serde::Serialize for $ty<T> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $ty<String> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                $parse(s).map_err(serde::de::Error::custom)
            }
        }
        #[cfg(feature = "serde")]
        impl<'de: 'a, 'a> serde::Deserialize<'de> for $ty<&'a str> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <&'a str>::deserialize(d)?;
                $parse(s).map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use string_like;

string_like!(IriRef, IriRef::parse);
string_like!(Iri, Iri::parse);

impl<T: AsRef<str>> fmt::Debug for IriRef<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IriRef({:?})", self.as_str())
    }
}

impl<T: AsRef<str>> fmt::Debug for Iri<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Iri({:?})", self.as_str())
    }
}

impl<T: AsRef<str>> PartialEq<Iri<T>> for IriRef<T> {
    fn eq(&self, other: &Iri<T>) -> bool {
        self.as_str() == other.as_str()
    }
}
