//! The comparison ladder with every identifier scheme of this crate: the convenience methods of
//! [`IriRef`] and [`Iri`] hand [`SCHEMES`] to the generic layer's `…_with` methods.

use std::borrow::Cow;

use super::SCHEMES;
use crate::iri::{Iri, IriRef, Key, Level};

impl<T: AsRef<str>> IriRef<T> {
    /// The normal form at `level` (§5.3); borrowed when the input already is in normal form.
    /// Idempotent: normalizing a normal form gives it back. At `Scheme`, IRIs of an identifier
    /// scheme (`doi:`, `urn:`, `ivo:` …) take that scheme's equivalence ([`SCHEMES`]).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use pidkit::{IriRef, Level};
    /// let r = IriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")?;
    /// assert_eq!(r.normalize(Level::Syntax), "example://a/b/c/%7Bfoo%7D/rosé");
    /// let n = IriRef::parse("http://example.com/a")?;
    /// assert!(matches!(n.normalize(Level::Syntax).into_inner(), Cow::Borrowed(_)));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn normalize(&self, level: Level) -> IriRef<Cow<'_, str>> {
        self.normalize_with(level, &SCHEMES)
    }

    /// Write the normal form at `level` into `out` (cleared first) and return a view of it: with
    /// one buffer reused across calls, batch normalization allocates nothing.
    ///
    /// ```
    /// use pidkit::{IriRef, Level};
    /// let mut buf = String::new();
    /// let n = IriRef::parse("HTTP://A/b/../c")?.normalize_into(Level::Syntax, &mut buf);
    /// assert_eq!((n.as_str(), n.path()), ("http://a/c", "/c"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn normalize_into<'o>(&self, level: Level, out: &'o mut String) -> IriRef<&'o str> {
        self.normalize_into_with(level, &SCHEMES, out)
    }

    /// Whether `self` and `other` are equivalent at `level`: their normal forms are equal.
    /// Allocates nothing when the strings are equal or both already in normal form (and, after
    /// the first call on a thread, in most other cases).
    ///
    /// ```
    /// use pidkit::{IriRef, Level};
    /// let a = IriRef::parse("http://example.com")?;
    /// let b = IriRef::parse("http://example.com:80/")?;
    /// assert!(!a.equivalent(&b, Level::Syntax));
    /// assert!(a.equivalent(&b, Level::Scheme));
    /// let q = IriRef::parse("http://example.com/?")?;
    /// assert!(!q.equivalent(&b, Level::Scheme)); // delimiters of empty components count
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn equivalent<U: AsRef<str>>(&self, other: &IriRef<U>, level: Level) -> bool {
        self.equivalent_with(other, level, &SCHEMES)
    }

    /// The normal form at `level` as a hash key (see [`Key`]).
    ///
    /// ```
    /// use pidkit::{IriRef, Level};
    /// let a = IriRef::parse("http://r%C3%A9sum%C3%A9.example.org")?;
    /// let b = IriRef::parse("http://xn--rsum-bpad.example.org/")?;
    /// assert_eq!(a.key(Level::Scheme), b.key(Level::Scheme));
    /// assert_eq!(a.key(Level::Scheme).as_str(), "http://xn--rsum-bpad.example.org/");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key(&self, level: Level) -> Key<'_> {
        self.key_with(level, &SCHEMES)
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// The normal form at `level`, still an [`Iri`] (see [`IriRef::normalize`]).
    ///
    /// ```
    /// use pidkit::{Iri, Level};
    /// let iri = Iri::parse("HTTPS://[2001:DB8:0:0:0:0:0:1]:443")?;
    /// let n = iri.normalize(Level::Scheme);
    /// assert_eq!((n.scheme(), n.as_str()), ("https", "https://[2001:db8::1]/"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn normalize(&self, level: Level) -> Iri<Cow<'_, str>> {
        self.normalize_with(level, &SCHEMES)
    }
}
