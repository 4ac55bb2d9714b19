//! The DOI name: prefix `/` suffix, Unicode graphic code points (DOI Handbook §2.2; doi URI scheme §2).

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

use super::error::{DoiError, DoiParseError};
use crate::handle_system::{first_non_graphic, is_doi_prefix};
use crate::iri::IriError;

/// Which rules a DOI is read by.
///
/// ```
/// use pidkit::doi::{Doi, DoiProfile};
/// // The 2003 draft only asks for a non-empty prefix and suffix.
/// assert!(Doi::parse("alpha-beta/182.342-24").is_err());
/// assert!(Doi::parse_with("alpha-beta/182.342-24", DoiProfile::Legacy).is_ok());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DoiProfile {
    /// The DOI Foundation's `doi` URI scheme and the DOI Handbook: prefix `10.` + registrant code,
    /// no query or fragment in a `doi:` URI.
    #[default]
    Current,
    /// draft-paskin-doi-uri-04 (2003): any non-empty prefix; `doi:` URIs may carry `?query` and
    /// `#fragment`, and may write `/` inside the suffix literally.
    Legacy,
}

/// A DOI name: a prefix and a suffix separated by the first `/` (DOI Handbook §2.2).
///
/// The text is borrowed when the input was the name itself and owned when it had to be
/// percent-decoded. `==` compares code points exactly; [`Doi::equivalent`] and [`Doi::key`]
/// compare the way the DOI system does: case-insensitively in Basic Latin only.
///
/// ```
/// use pidkit::doi::Doi;
/// let doi = Doi::parse("10.1000/182")?;
/// assert_eq!((doi.prefix(), doi.suffix()), ("10.1000", "182"));
/// assert_eq!(doi.registrant_code(), "1000");
/// assert_eq!(doi.to_string(), "10.1000/182");
/// assert!(doi.equivalent(&Doi::parse("10.1000/182")?));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Doi<'a> {
    name: Cow<'a, str>,
    slash: usize,
}

impl<'a> Doi<'a> {
    /// Parse a DOI name under the current rules (DOI Handbook §2.2): prefix `10.` followed by a
    /// registrant code of one or more non-empty dot-separated parts, `/`, a non-empty suffix; every
    /// code point graphic. A shortDOI (`10/abc`) is accepted and reported by [`Doi::is_short`].
    ///
    /// ```
    /// use pidkit::doi::Doi;
    /// assert!(Doi::parse("10.1002/(sici)1096-8652(199808)58:4<299::aid-ajh9>3.3.co;2-r").is_ok());
    /// let err = Doi::parse("10.1000.").unwrap_err();
    /// assert_eq!((err.code(), err.offset), ("doi-empty-registrant-part", 8));
    /// assert_eq!(Doi::parse("11.1000/x").unwrap_err().code(), "doi-directory-indicator");
    /// assert_eq!(Doi::parse("10.1000/").unwrap_err().code(), "doi-empty-suffix");
    /// ```
    pub fn parse(name: &'a str) -> Result<Self, DoiParseError> {
        Self::parse_with(name, DoiProfile::Current)
    }

    /// Parse a DOI name under `profile`.
    ///
    /// ```
    /// use pidkit::doi::{Doi, DoiProfile};
    /// let doi = Doi::parse_with("dk/Pædagogi 37(2), 562", DoiProfile::Legacy)?;
    /// assert_eq!(doi.prefix(), "dk");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn parse_with(name: &'a str, profile: DoiProfile) -> Result<Self, DoiParseError> {
        let slash = validate(name, profile)?;
        Ok(Doi {
            name: Cow::Borrowed(name),
            slash,
        })
    }

    /// The first `/` of `name` when it is made of printable ASCII other than space and `%`
    /// and is a valid name under the current rules; `None` otherwise.
    #[inline]
    pub(crate) fn plain_ascii_slash(name: &str) -> Option<usize> {
        plain_ascii_slash(name)
    }

    /// The DOI `name` whose first `/` [`Doi::plain_ascii_slash`] found at `slash`.
    #[inline]
    pub(crate) fn from_plain_ascii_at(name: &'a str, slash: usize) -> Self {
        debug_assert_eq!(plain_ascii_slash(name), Some(slash));
        Doi {
            name: Cow::Borrowed(name),
            slash,
        }
    }

    /// [`Doi::parse_with`] under the current rules for a name decoded into a `String` whose
    /// every byte is printable ASCII other than space (the caller has checked), so every
    /// code point is graphic.
    pub(crate) fn from_plain_ascii_owned(name: String) -> Option<Doi<'static>> {
        Some(Doi {
            slash: plain_ascii_slash(&name)?,
            name: Cow::Owned(name),
        })
    }

    /// The name with its ASCII letters in `case`. ASCII case changes no byte's position and
    /// keeps a valid name valid, so the first `/` stays where it was (no new check).
    pub(crate) fn with_ascii_case(&self, case: crate::PidCase) -> Doi<'static> {
        let name = match case {
            crate::PidCase::Upper => self.name.to_ascii_uppercase(),
            crate::PidCase::Lower => self.name.to_ascii_lowercase(),
            _ => self.name.clone().into_owned(),
        };
        Doi {
            name: Cow::Owned(name),
            slash: self.slash,
        }
    }

    /// Build from text that may be borrowed or owned (`name` already decoded).
    pub(crate) fn from_cow(name: Cow<'a, str>, profile: DoiProfile) -> Result<Self, DoiParseError> {
        let slash = validate(&name, profile)?;
        Ok(Doi { name, slash })
    }

    /// The whole DOI name, as given (no normalization).
    /// ```
    /// assert_eq!(pidkit::doi::Doi::parse("10.1000/ABC")?.as_str(), "10.1000/ABC");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The prefix: everything before the first `/`.
    /// ```
    /// assert_eq!(pidkit::doi::Doi::parse("10.1000.10/a/b")?.prefix(), "10.1000.10");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn prefix(&self) -> &str {
        &self.name[..self.slash]
    }

    /// The suffix: everything after the first `/` (it may contain further `/`).
    /// ```
    /// assert_eq!(pidkit::doi::Doi::parse("10.1000/a/b")?.suffix(), "a/b");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn suffix(&self) -> &str {
        &self.name[self.slash + 1..]
    }

    /// The registrant code: the prefix after the directory indicator `10.` (`1000.10` in
    /// `10.1000.10/x`); empty for a shortDOI, the whole prefix for a legacy prefix without `10.`.
    ///
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.1000.10/x")?;
    /// assert_eq!(doi.registrant_code(), "1000.10");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn registrant_code(&self) -> &str {
        let p = self.prefix();
        p.strip_prefix("10.")
            .unwrap_or(if p == "10" { "" } else { p })
    }

    /// Whether this is a shortDOI (`10/abc`, prefix `10` alone): an alias that only resolution
    /// can expand to the full DOI name.
    ///
    /// ```
    /// assert!(pidkit::doi::Doi::parse("10/aabbe")?.is_short());
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn is_short(&self) -> bool {
        self.slash == 2 && self.name.starts_with("10")
    }

    /// Equivalence (doi URI scheme §3, DOI Handbook §2.4): code points compared exactly, except
    /// that Basic Latin letters match regardless of case. No Unicode case folding, no
    /// normalization: `Á` (U+00C1) and `A` + U+0301 differ, and so do `é` and `É`.
    ///
    /// ```
    /// use pidkit::doi::Doi;
    /// let a = Doi::parse("10.1000/ABC")?;
    /// assert!(a.equivalent(&Doi::parse("10.1000/abc")?));
    /// assert!(!Doi::parse("10.1/é")?.equivalent(&Doi::parse("10.1/É")?));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &Doi<'_>) -> bool {
        self.name.eq_ignore_ascii_case(&other.name)
    }

    /// A key whose `==` and `Hash` agree with [`Doi::equivalent`], for sets and maps; its
    /// `Display` is the name with Basic Latin letters in upper case (as the Handle System stores it).
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use pidkit::doi::Doi;
    /// let (a, b) = (Doi::parse("10.1000/abc")?, Doi::parse("10.1000/ABC")?);
    /// let set: HashSet<_> = [a.key(), b.key()].into_iter().collect();
    /// assert_eq!(set.len(), 1);
    /// assert_eq!(a.key().to_string(), "10.1000/ABC");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key(&self) -> DoiKey<'_> {
        DoiKey(Cow::Borrowed(&self.name))
    }

    /// The name itself, borrowed from the input where it was not decoded.
    pub(crate) fn into_name(self) -> Cow<'a, str> {
        self.name
    }

    /// An owned copy that no longer borrows the input.
    /// ```
    /// let owned: pidkit::doi::Doi<'static> = pidkit::doi::Doi::parse(&String::from("10.1/x"))?.into_owned();
    /// assert_eq!(owned.as_str(), "10.1/x");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Doi<'static> {
        Doi {
            name: Cow::Owned(self.name.into_owned()),
            slash: self.slash,
        }
    }

    /// A borrowed view of this DOI.
    /// ```
    /// let doi = pidkit::doi::Doi::from_uri("doi:10.1/a%2Fb")?;
    /// assert!(doi.as_borrowed().is_borrowed() && doi.as_borrowed() == doi);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn as_borrowed(&self) -> Doi<'_> {
        Doi {
            name: Cow::Borrowed(&self.name),
            slash: self.slash,
        }
    }

    /// Whether the text borrows from the input (nothing had to be decoded).
    /// ```
    /// use pidkit::doi::Doi;
    /// assert!(Doi::from_uri("doi:10.1/x")?.is_borrowed());
    /// assert!(!Doi::from_uri("doi:10.1/%78")?.is_borrowed());
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn is_borrowed(&self) -> bool {
        matches!(self.name, Cow::Borrowed(_))
    }
}

impl fmt::Display for Doi<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl fmt::Debug for Doi<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Doi({:?})", &*self.name)
    }
}

impl PartialEq for Doi<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Doi<'_> {}

impl Hash for Doi<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}

impl PartialEq<str> for Doi<'_> {
    fn eq(&self, other: &str) -> bool {
        self.name == other
    }
}

impl PartialEq<&str> for Doi<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.name == *other
    }
}

impl AsRef<str> for Doi<'_> {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

impl std::str::FromStr for Doi<'static> {
    type Err = DoiParseError;
    fn from_str(s: &str) -> Result<Self, DoiParseError> {
        Doi::parse(s).map(Doi::into_owned)
    }
}

impl<'a> TryFrom<&'a str> for Doi<'a> {
    type Error = DoiParseError;
    fn try_from(s: &'a str) -> Result<Self, DoiParseError> {
        Doi::parse(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Doi<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Doi<'static> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let slash = validate(&s, DoiProfile::Current).map_err(serde::de::Error::custom)?;
        Ok(Doi {
            name: Cow::Owned(s),
            slash,
        })
    }
}

/// The equivalence key of a DOI: equal and hashed case-insensitively in Basic Latin only.
///
/// ```
/// let a = pidkit::doi::Doi::parse("10.1000/Straße")?;
/// let b = pidkit::doi::Doi::parse("10.1000/STRASSE")?;
/// assert_ne!(a.key(), b.key()); // no Unicode case folding
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DoiKey<'a>(Cow<'a, str>);

impl DoiKey<'_> {
    /// An owned copy.
    /// ```
    /// let key = pidkit::doi::Doi::parse("10.1/x")?.key().into_owned();
    /// assert_eq!(key.to_string(), "10.1/X");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> DoiKey<'static> {
        DoiKey(Cow::Owned(self.0.into_owned()))
    }
}

impl PartialEq for DoiKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}

impl Eq for DoiKey<'_> {}

impl Hash for DoiKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for b in self.0.bytes() {
            state.write_u8(b.to_ascii_uppercase());
        }
        state.write_u8(0xFF);
    }
}

impl fmt::Display for DoiKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Upper-case in chunks that end on character boundaries (ASCII case mapping keeps UTF-8 valid).
        let mut rest: &str = &self.0;
        let mut buf = [0u8; 64];
        while !rest.is_empty() {
            let mut n = rest.len().min(buf.len());
            while !rest.is_char_boundary(n) {
                n -= 1;
            }
            let chunk = &mut buf[..n];
            chunk.copy_from_slice(&rest.as_bytes()[..n]);
            chunk.make_ascii_uppercase();
            f.write_str(std::str::from_utf8(chunk).map_err(|_| fmt::Error)?)?;
            rest = &rest[n..];
        }
        Ok(())
    }
}

/// Check a DOI name; returns the byte offset of the separating `/`.
pub(crate) fn validate(s: &str, profile: DoiProfile) -> Result<usize, DoiParseError> {
    let structural = structure(s, profile);
    let limit = match &structural {
        Ok(_) => s.len(),
        Err(e) => e.offset,
    };
    if let Some((i, c)) = first_non_graphic(&s[..limit]) {
        return Err(DoiParseError::new(DoiError::NotGraphic(c), i, c.len_utf8()));
    }
    structural
}

/// The first `/` of `name`, every byte of which is printable ASCII other than space, when it is
/// a valid name under the current rules ([`validate`]'s answer for such names: every code point
/// is graphic, so the structure alone decides).
#[inline]
fn plain_ascii_slash(name: &str) -> Option<usize> {
    debug_assert!(name.bytes().all(|c| c.is_ascii_graphic()));
    match short_registrant(name.as_bytes()) {
        Some(slash) => Some(slash),
        None => structure(name, DoiProfile::Current).ok(),
    }
}

/// The `/` of a name whose prefix is `10.` and a registrant code of one to seven characters
/// (nearly every DOI), at least eleven bytes long, when [`structure`] accepts it under the
/// current rules; `None` to let [`structure`] decide (another shape, a shorter name, an
/// error). One eight-byte word after `10.`, no loop: the registrant code is the bytes before
/// the word's first `/`, and its parts must be non-empty (no `.` first, last, or next to
/// another).
fn short_registrant(b: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const LOW7: u64 = u64::from_le_bytes([0x7F; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // The high bit of each byte of `y` that is 0, exactly (no borrow between bytes).
    let zero = |y: u64| !(((y & LOW7) + LOW7) | y | LOW7);
    let w = u64::from_le_bytes(b.get(3..11)?.try_into().ok()?);
    let slashes = zero(w ^ (ONES * u64::from(b'/')));
    if !b.starts_with(b"10.") || slashes == 0 {
        return None;
    }
    let len = slashes.trailing_zeros() as usize / 8;
    // The high bits of the registrant code's bytes.
    let code = HIGH & !(u64::MAX << (8 * len));
    let dots = zero(w ^ (ONES * u64::from(b'.'))) & code;
    let last = HIGH << (8 * len) >> 8;
    let ok = len > 0 && dots & ((dots >> 8) | 0x80 | last) == 0 && b.len() > 4 + len;
    ok.then_some(3 + len)
}

fn structure(s: &str, profile: DoiProfile) -> Result<usize, DoiParseError> {
    let b = s.as_bytes();
    if b.is_empty() {
        return Err(DoiParseError::new(IriError::Empty, 0, 0));
    }
    let slash = memchr::memchr(b'/', b);
    let prefix_end = slash.unwrap_or(b.len());
    match profile {
        DoiProfile::Legacy => {
            if prefix_end == 0 {
                return Err(DoiParseError::new(DoiError::EmptyPrefix, 0, 1));
            }
        }
        DoiProfile::Current => {
            let p = &b[..prefix_end];
            if !is_doi_prefix(p) {
                let len = p.iter().position(|&c| c == b'.').unwrap_or(p.len());
                return Err(DoiParseError::new(
                    DoiError::DirectoryIndicator,
                    0,
                    len.max(1).min(b.len()),
                ));
            }
            if p.len() > 2 {
                // Parts of the registrant code: non-empty, separated by '.'.
                let mut part_start = 3;
                for i in 3..=p.len() {
                    if i == p.len() || p[i] == b'.' {
                        if i == part_start {
                            let len = usize::from(i < b.len());
                            return Err(DoiParseError::new(DoiError::EmptyRegistrantPart, i, len));
                        }
                        part_start = i + 1;
                    }
                }
            }
        }
    }
    let Some(slash) = slash else {
        return Err(DoiParseError::new(DoiError::MissingSlash, b.len(), 0));
    };
    if slash + 1 == b.len() {
        return Err(DoiParseError::new(DoiError::EmptySuffix, b.len(), 0));
    }
    Ok(slash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> (&'static str, usize, usize) {
        let e = Doi::parse(s).unwrap_err();
        (e.code(), e.offset, e.len)
    }

    /// The one-word reading of short registrant codes answers only where `structure` accepts,
    /// with the same `/`, and answers for the usual shapes.
    #[test]
    fn short_registrant_agrees_with_structure() {
        use proptest::prelude::*;
        for (s, slash) in [
            ("10.1000/182", 7),
            ("10.1/xxxxxx", 4),
            ("10.1234567/x", 10),
            ("10.1000.10/a/b", 10),
            ("10.a-b_c/xyz", 8),
        ] {
            assert_eq!(short_registrant(s.as_bytes()), Some(slash), "{s}");
        }
        for s in [
            "10.1000/",
            "10./x",
            "10..1/x",
            "10.1./x",
            "10.1..2/x",
            "10.123456789/x",
            "10/x",
            "11.1000/x",
            "10.1000",
            "10.1/",
            "10.1",
            "10.12345678/x",
            "10.1/x",
        ] {
            assert_eq!(short_registrant(s.as_bytes()), None, "{s}");
        }
        let pieces = ["10.", "1", "0", ".", "/", "a", "12345", "-", "x"];
        let strategy = prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..8)
            .prop_map(|v| v.concat());
        proptest!(ProptestConfig::with_cases(20_000), |(s in strategy)| {
            if let Some(slash) = short_registrant(s.as_bytes()) {
                prop_assert_eq!(structure(&s, DoiProfile::Current).ok(), Some(slash), "{:?}", s);
            }
        });
    }

    #[test]
    fn each_violation_has_its_error() {
        assert_eq!(err(""), ("empty", 0, 0));
        assert_eq!(err("10.1000"), ("doi-missing-slash", 7, 0));
        assert_eq!(err("/182"), ("doi-directory-indicator", 0, 1));
        assert_eq!(err("11.1000/182"), ("doi-directory-indicator", 0, 2));
        assert_eq!(err("100.1/182"), ("doi-directory-indicator", 0, 3));
        assert_eq!(err("1/182"), ("doi-directory-indicator", 0, 1));
        assert_eq!(err("10./182"), ("doi-empty-registrant-part", 3, 1));
        assert_eq!(err("10.1000./182"), ("doi-empty-registrant-part", 8, 1));
        assert_eq!(err("10..1/182"), ("doi-empty-registrant-part", 3, 1));
        assert_eq!(err("10.1000/"), ("doi-empty-suffix", 8, 0));
        assert_eq!(err("10.1000/a\tb"), ("doi-not-graphic", 9, 1));
        assert_eq!(err("10.1000/a\u{200B}"), ("doi-not-graphic", 9, 3));
        assert_eq!(err("10.1000/\u{E000}"), ("doi-not-graphic", 8, 3));
        assert_eq!(err("10.1000/a\u{2028}b"), ("doi-not-graphic", 9, 3));
        // The first problem by position wins.
        assert_eq!(err("10.1\u{0}/x"), ("doi-not-graphic", 4, 1));
        assert_eq!(err("11/\u{0}"), ("doi-directory-indicator", 0, 2));
    }

    #[test]
    fn what_is_allowed() {
        for ok in [
            "10.1000/182",
            "10.1000.10/182",
            "10.abc/ab-cd-ef",
            "10.1000/a b",
            "10.1000/a/b/",
            "10.26321/Á.GUTIÉRREZ.ZARZA.02.2018.03",
            "10/abc",
            "10.1577/1548-8659(1961)90[490:uoafis]2.0.co;2",
            "10.1002/1097-0142(19900515)65:10<2349::aid-cncr2820651031>3.0.co;2-#",
        ] {
            let d = Doi::parse(ok).unwrap();
            assert_eq!(d.to_string(), ok);
            assert_eq!(format!("{}/{}", d.prefix(), d.suffix()), ok);
        }
        assert!(!Doi::parse("10.1/x").unwrap().is_short());
        assert_eq!(Doi::parse("10/abc").unwrap().registrant_code(), "");
    }

    #[test]
    fn keys_fold_basic_latin_only() {
        let k = |s| Doi::parse(s).unwrap().key().into_owned();
        assert_eq!(k("10.1/abc"), k("10.1/ABC"));
        assert_ne!(k("10.1/é"), k("10.1/É"));
        assert_ne!(k("10.1/\u{C1}"), k("10.1/A\u{301}"));
        assert_eq!(k("10.1/aé-b").to_string(), "10.1/Aé-B");
        use std::collections::hash_map::DefaultHasher;
        let h = |k: &DoiKey| {
            let mut s = DefaultHasher::new();
            k.hash(&mut s);
            s.finish()
        };
        assert_eq!(h(&k("10.1/xYz")), h(&k("10.1/XyZ")));
    }
}
