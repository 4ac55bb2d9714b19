//! The handle name: prefix (naming authority) `/` local name, printable UTF-8 text (RFC 3651
//! §2.1, §2.1.4; RFC 3650 §3).

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

use super::error::{HdlError, HdlParseError};
use crate::handle_system::{first_non_graphic, is_doi_prefix};
use crate::iri::IriError;

/// A handle: a prefix and a local name separated by the first `/` (RFC 3651 §2.1).
///
/// The prefix is one or more non-empty segments separated by `.` (`0.NA`, `10.1000`,
/// `20.500.12345`, `4263537`); a derived prefix appends `.` and a segment to another. The local
/// name is any non-empty printable text and may contain further `/`. Every code point is
/// printable (the Unicode Graphic type, as for DOI names): no controls, format characters,
/// private use, unassigned code points or line/paragraph separators.
///
/// The text is borrowed when the input was the name itself and owned when it had to be
/// percent-decoded. `==` compares code points exactly; [`Handle::equivalent`] and
/// [`Handle::key`] compare the way the Global Handle Registry does: ASCII letters
/// case-insensitively, nothing else folded or normalized.
///
/// ```
/// use pidkit::hdl::Handle;
/// let h = Handle::parse("20.500.12345/abc/def")?;
/// assert_eq!((h.prefix(), h.local_name()), ("20.500.12345", "abc/def"));
/// assert_eq!(h.prefix_segments().collect::<Vec<_>>(), ["20", "500", "12345"]);
/// assert!(h.equivalent(&Handle::parse("20.500.12345/ABC/DEF")?));
/// assert!(Handle::parse("10.1000/182")?.is_doi());
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Handle<'a> {
    name: Cow<'a, str>,
    slash: usize,
}

impl<'a> Handle<'a> {
    /// Parse a handle name as written (no percent-decoding: `%` is a character of a handle
    /// name like any other; the URI and URL forms of [`super::recognize`] decode).
    ///
    /// Error offsets are bytes of `name`; of several problems, the first by position is
    /// reported.
    ///
    /// ```
    /// use pidkit::hdl::Handle;
    /// assert!(Handle::parse("0.NA/10.1045").is_ok());
    /// assert_eq!(Handle::parse("/x").unwrap_err().code(), "hdl-empty-prefix");
    /// assert_eq!(Handle::parse("20..500/x").unwrap_err().offset, 3);
    /// assert_eq!(Handle::parse("20.500/").unwrap_err().code(), "hdl-empty-local-name");
    /// assert_eq!(Handle::parse("20.500/a\u{7}").unwrap_err().code(), "hdl-not-printable");
    /// ```
    pub fn parse(name: &'a str) -> Result<Self, HdlParseError> {
        let slash = validate(name)?;
        Ok(Handle {
            name: Cow::Borrowed(name),
            slash,
        })
    }

    /// Build from text that may be borrowed or owned (`name` already decoded).
    pub(crate) fn from_cow(name: Cow<'a, str>) -> Result<Self, HdlParseError> {
        let slash = validate(&name)?;
        Ok(Handle { name, slash })
    }

    /// The whole handle, as given (no normalization).
    /// ```
    /// assert_eq!(pidkit::hdl::Handle::parse("20.500/ABC")?.as_str(), "20.500/ABC");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The prefix (naming authority): everything before the first `/`.
    /// ```
    /// assert_eq!(pidkit::hdl::Handle::parse("0.NA/10.1045")?.prefix(), "0.NA");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn prefix(&self) -> &str {
        &self.name[..self.slash]
    }

    /// The local name (the suffix): everything after the first `/` (it may contain further `/`).
    /// ```
    /// assert_eq!(pidkit::hdl::Handle::parse("2381/a/b")?.local_name(), "a/b");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn local_name(&self) -> &str {
        &self.name[self.slash + 1..]
    }

    /// The segments of the prefix, top-level first (`20`, `500`, `12345`): a derived prefix is
    /// its parent prefix, `.` and one more segment.
    /// ```
    /// let h = pidkit::hdl::Handle::parse("10.978.8896471/x")?;
    /// assert_eq!(h.prefix_segments().collect::<Vec<_>>(), ["10", "978", "8896471"]);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn prefix_segments(&self) -> impl Iterator<Item = &str> {
        self.prefix().split('.')
    }

    /// The prefix handle that administers this handle's prefix in the Global Handle Registry:
    /// `0.NA/` and the prefix (Handle.Net Technical Manual §1.2).
    /// ```
    /// assert_eq!(pidkit::hdl::Handle::parse("20.500.12345/x")?.prefix_handle(), "0.NA/20.500.12345");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn prefix_handle(&self) -> String {
        format!("0.NA/{}", self.prefix())
    }

    /// Whether this handle is a DOI: its prefix is the DOI directory's `10` or derived from it
    /// (`10.1000`). Such a handle is a valid DOI name (`pidkit::doi::Doi::parse` reads it): the
    /// handle rules already ask for what the DOI rules add, non-empty parts of the prefix.
    /// ```
    /// use pidkit::hdl::Handle;
    /// assert!(Handle::parse("10.1000/182")?.is_doi());
    /// assert!(Handle::parse("10/aabbe")?.is_doi()); // a shortDOI
    /// assert!(!Handle::parse("100.1/x")?.is_doi());
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn is_doi(&self) -> bool {
        is_doi_prefix(self.prefix().as_bytes())
    }

    /// Equivalence as the Global Handle Registry resolves handles: code points compared
    /// exactly, except that ASCII letters match regardless of case (RFC 3651 §2.1.3; the GHR
    /// is case-insensitive in ASCII). No Unicode case folding, no normalization.
    ///
    /// ```
    /// use pidkit::hdl::Handle;
    /// assert!(Handle::parse("20.500/ABC")?.equivalent(&Handle::parse("20.500/abc")?));
    /// assert!(!Handle::parse("20.500/é")?.equivalent(&Handle::parse("20.500/É")?));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &Handle<'_>) -> bool {
        self.name.eq_ignore_ascii_case(&other.name)
    }

    /// A key whose `==` and `Hash` agree with [`Handle::equivalent`], for sets and maps; its
    /// `Display` is the handle with ASCII letters in upper case.
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use pidkit::hdl::Handle;
    /// let (a, b) = (Handle::parse("20.500/abc")?, Handle::parse("20.500/ABC")?);
    /// let set: HashSet<_> = [a.key(), b.key()].into_iter().collect();
    /// assert_eq!(set.len(), 1);
    /// assert_eq!(a.key().to_string(), "20.500/ABC");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key(&self) -> HandleKey<'_> {
        HandleKey(Cow::Borrowed(&self.name))
    }

    /// An owned copy that no longer borrows the input.
    /// ```
    /// let h: pidkit::hdl::Handle<'static> = pidkit::hdl::Handle::parse(&String::from("1/x"))?.into_owned();
    /// assert_eq!(h.as_str(), "1/x");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Handle<'static> {
        Handle {
            name: Cow::Owned(self.name.into_owned()),
            slash: self.slash,
        }
    }

    /// Whether the text borrows from the input (nothing had to be decoded).
    /// ```
    /// use pidkit::hdl::recognize;
    /// assert!(recognize("hdl:1/x")?.handle.is_borrowed());
    /// assert!(!recognize("hdl:1/%78")?.handle.is_borrowed());
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn is_borrowed(&self) -> bool {
        matches!(self.name, Cow::Borrowed(_))
    }
}

impl fmt::Display for Handle<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl fmt::Debug for Handle<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Handle({:?})", &*self.name)
    }
}

impl PartialEq for Handle<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Handle<'_> {}

impl Hash for Handle<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}

impl PartialEq<str> for Handle<'_> {
    fn eq(&self, other: &str) -> bool {
        self.name == other
    }
}

impl PartialEq<&str> for Handle<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.name == *other
    }
}

impl AsRef<str> for Handle<'_> {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

impl std::str::FromStr for Handle<'static> {
    type Err = HdlParseError;
    fn from_str(s: &str) -> Result<Self, HdlParseError> {
        Handle::parse(s).map(Handle::into_owned)
    }
}

impl<'a> TryFrom<&'a str> for Handle<'a> {
    type Error = HdlParseError;
    fn try_from(s: &'a str) -> Result<Self, HdlParseError> {
        Handle::parse(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Handle<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Handle<'static> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let slash = validate(&s).map_err(serde::de::Error::custom)?;
        Ok(Handle {
            name: Cow::Owned(s),
            slash,
        })
    }
}

/// The equivalence key of a handle: equal and hashed case-insensitively in ASCII only.
///
/// ```
/// let a = pidkit::hdl::Handle::parse("20.500/Straße")?;
/// let b = pidkit::hdl::Handle::parse("20.500/STRASSE")?;
/// assert_ne!(a.key(), b.key()); // no Unicode case folding
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct HandleKey<'a>(Cow<'a, str>);

impl HandleKey<'_> {
    /// An owned copy.
    /// ```
    /// let key = pidkit::hdl::Handle::parse("1/x")?.key().into_owned();
    /// assert_eq!(key.to_string(), "1/X");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> HandleKey<'static> {
        HandleKey(Cow::Owned(self.0.into_owned()))
    }
}

impl PartialEq for HandleKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}

impl Eq for HandleKey<'_> {}

impl Hash for HandleKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for b in self.0.bytes() {
            state.write_u8(b.to_ascii_uppercase());
        }
        state.write_u8(0xFF);
    }
}

impl fmt::Display for HandleKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_ascii_uppercase())
    }
}

/// Check a handle name; returns the byte offset of the separating `/`.
pub(crate) fn validate(s: &str) -> Result<usize, HdlParseError> {
    let structural = structure(s);
    let limit = match &structural {
        Ok(_) => s.len(),
        Err(e) => e.offset,
    };
    if let Some((i, c)) = first_non_graphic(&s[..limit]) {
        return Err(HdlParseError::new(
            HdlError::NotPrintable(c),
            i,
            c.len_utf8(),
        ));
    }
    structural
}

/// The structure of RFC 3651 §2.1: `segment *( "." segment ) "/" 1*char`, no segment empty.
fn structure(s: &str) -> Result<usize, HdlParseError> {
    let b = s.as_bytes();
    if b.is_empty() {
        return Err(HdlParseError::new(IriError::Empty, 0, 0));
    }
    let slash = s.find('/');
    let prefix_end = slash.unwrap_or(b.len());
    if prefix_end == 0 {
        return Err(HdlParseError::new(HdlError::EmptyPrefix, 0, 1));
    }
    let mut segment_start = 0;
    for i in 0..=prefix_end {
        if i == prefix_end || b[i] == b'.' {
            if i == segment_start {
                let len = usize::from(i < b.len());
                return Err(HdlParseError::new(HdlError::EmptyPrefixSegment, i, len));
            }
            segment_start = i + 1;
        }
    }
    let Some(slash) = slash else {
        return Err(HdlParseError::new(HdlError::MissingSlash, b.len(), 0));
    };
    if slash + 1 == b.len() {
        return Err(HdlParseError::new(HdlError::EmptyLocalName, b.len(), 0));
    }
    Ok(slash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> (&'static str, usize, usize) {
        let e = Handle::parse(s).unwrap_err();
        (e.code(), e.offset, e.len)
    }

    #[test]
    fn each_violation_has_its_error() {
        assert_eq!(err(""), ("empty", 0, 0));
        assert_eq!(err("20.500"), ("hdl-missing-slash", 6, 0));
        assert_eq!(err("/x"), ("hdl-empty-prefix", 0, 1));
        assert_eq!(err("20..500/x"), ("hdl-empty-prefix-segment", 3, 1));
        assert_eq!(err(".20/x"), ("hdl-empty-prefix-segment", 0, 1));
        assert_eq!(err("20./x"), ("hdl-empty-prefix-segment", 3, 1));
        assert_eq!(err("20."), ("hdl-empty-prefix-segment", 3, 0));
        assert_eq!(err("20.500/"), ("hdl-empty-local-name", 7, 0));
        assert_eq!(err("20.500/a\tb"), ("hdl-not-printable", 8, 1));
        assert_eq!(err("20.500/a\u{200B}"), ("hdl-not-printable", 8, 3));
        assert_eq!(err("20.500/\u{E000}"), ("hdl-not-printable", 7, 3));
        // The first problem by position wins.
        assert_eq!(err("2\u{0}..1/x"), ("hdl-not-printable", 1, 1));
        assert_eq!(err("2..1/\u{0}"), ("hdl-empty-prefix-segment", 2, 1));
    }

    #[test]
    fn what_is_allowed() {
        for ok in [
            "0.NA/10.1045",
            "10.1045/may99-paskin",
            "20.1000/100",
            "2381/12345",
            "4263537/4000",
            "20.1000/5555/",
            "20.500.12345/a b",
            "20.500/%zz",
            "a:b/c",
            "前缀/本地名",
            "1/2/3",
        ] {
            let h = Handle::parse(ok).unwrap();
            assert_eq!(format!("{}/{}", h.prefix(), h.local_name()), ok);
        }
    }

    #[test]
    fn keys_fold_ascii_only() {
        let k = |s| Handle::parse(s).unwrap().key().into_owned();
        assert_eq!(k("0.na/10.1"), k("0.NA/10.1"));
        assert_ne!(k("1/é"), k("1/É"));
        assert_eq!(k("1/aé-b").to_string(), "1/Aé-B");
        use std::collections::hash_map::DefaultHasher;
        let h = |k: &HandleKey| {
            let mut s = DefaultHasher::new();
            k.hash(&mut s);
            s.finish()
        };
        assert_eq!(h(&k("1/xYz")), h(&k("1/XyZ")));
    }
}
