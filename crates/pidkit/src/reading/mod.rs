//! The one typed reading of an identifier: its kind decided once, then everything the commands
//! ask of it — warnings, normal form and key at a rung of the ladder, URI and IRI forms, parts.
//!
//! The CLI, the Python bindings and the resolver all go through [`read`], so they give the
//! same answers as a Rust user of this crate.
//!
//! ```
//! use pidkit::{Identifier, Kind, Level};
//!
//! let a = Identifier::parse("https://doi.org/10.1000/abc")?;
//! let b = Identifier::parse("doi:10.1000/ABC")?;
//! assert_eq!((a.kind(), b.kind()), (Kind::Doi, Kind::Doi));
//! assert_eq!(a.key(Level::Scheme), b.key(Level::Scheme)); // DOI names: ASCII case-insensitive
//! assert_eq!(a.normalize(Level::Syntax), "doi:10.1000/abc");
//! # Ok::<(), pidkit::ParseError>(())
//! ```

pub(crate) mod generic;
mod kind;
mod options;
mod parts;

pub use kind::Kind;
pub use options::{ReadAs, ReadOptions};
pub use parts::Listing;

use crate::ParseError;
use crate::detect::detect;
use crate::iri::{IriRef, Key, Level};
pub use crate::scheme::{Details, Identifier};

/// What reading one input gave: the kind, known even when the input is invalid, and the
/// identifier or why it is not one.
#[derive(Debug, Clone)]
pub struct Reading<'a> {
    /// The kind the input was read as.
    pub kind: Kind,
    /// The identifier, or the error of its kind's rules.
    pub result: Result<Identifier<'a>, ParseError>,
}

/// Read `s` as `opts` say: by its detected kind under [`ReadAs::Auto`], else as told.
///
/// Under [`ReadAs::Leiri`] and [`ReadAs::Web`], pass the preprocessed text
/// ([`ReadOptions::lenient`]) and point errors into the original with [`Reading::located_in`].
///
/// ```
/// use pidkit::{read, Kind, ReadAs, ReadOptions};
/// let r = read("doi:10.1000", &ReadOptions::default());
/// assert_eq!((r.kind, r.result.unwrap_err().code()), (Kind::Doi, "doi-missing-slash"));
/// let r = read("urn:x:y", &ReadOptions::new(ReadAs::IriRef, None).unwrap());
/// assert_eq!(r.result.unwrap().kind(), Kind::Iri);
/// ```
pub fn read<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    let kind = match opts.read_as {
        ReadAs::Auto => detect(s),
        a => a.scheme().unwrap_or(Kind::Iri),
    };
    match crate::scheme::read_scheme(kind, s, opts) {
        Some(result) => Reading { kind, result },
        None => generic_reading(s, opts),
    }
}

/// Read `s` for IRI ⇄ URI conversion: a DOI keeps its own route (its `doi:` URI), anything
/// else under [`ReadAs::Auto`] is read as an IRI reference — a URN or IVOID that is not (yet)
/// valid by its scheme's rules, such as `urn:example:ü`, still has a URI form (§3.3).
///
/// ```
/// use pidkit::{read_for_conversion, Kind, ReadOptions, ToUri};
/// let r = read_for_conversion("urn:example:ü", &ReadOptions::default());
/// assert_eq!(r.kind, Kind::Iri);
/// assert_eq!(r.result?.to_uri(&ToUri::new())?, "urn:example:%C3%BC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn read_for_conversion<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    if opts.read_as == ReadAs::Auto && detect(s) != Kind::Doi {
        return read(s, &opts.with_read_as(ReadAs::IriRef));
    }
    read(s, opts)
}

/// The generic grammar: IRI, URI, or relative reference.
fn generic_reading<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    let uri = matches!(opts.read_as, ReadAs::Uri | ReadAs::UriRef);
    let r = IriRef::parse_rule(s, opts.read_as.rule(), opts.iri);
    let kind = match &r {
        Ok(r) if !r.is_absolute() => Kind::RelativeRef,
        _ if uri => Kind::Uri,
        _ => Kind::Iri,
    };
    let result = r
        .map(|r| {
            if uri {
                Identifier::Uri(r)
            } else {
                Identifier::Iri(r)
            }
        })
        .map_err(Into::into);
    Reading { kind, result }
}

impl Reading<'_> {
    /// Under [`ReadAs::Leiri`] or [`ReadAs::Web`], where this reading is of the preprocessed
    /// text: the error moved to where it is in `input`, the text as given. Otherwise unchanged.
    ///
    /// ```
    /// use pidkit::{read, ReadAs, ReadOptions};
    /// let opts = ReadOptions::new(ReadAs::Leiri, None).unwrap();
    /// let input = "http://a/b c/%zz";
    /// let text = opts.lenient().unwrap().map(input);
    /// let err = read(&text, &opts).located_in(input, &opts).result.unwrap_err();
    /// assert_eq!((err.code(), err.offset), ("bad-percent", 13));
    /// ```
    pub fn located_in(mut self, input: &str, opts: &ReadOptions) -> Self {
        if let (Some(l), Err(_)) = (opts.lenient(), &self.result)
            && let Err(e) = l.parse_with(input, opts.iri)
        {
            self.result = Err(e.into());
        }
        self
    }
}

impl<'a> Identifier<'a> {
    /// Read `s`, detecting its kind ([`ReadAs::Auto`], default profiles).
    ///
    /// ```
    /// use pidkit::{Identifier, Kind};
    /// assert_eq!(Identifier::parse("urn:isbn:0451450523")?.kind(), Kind::Urn);
    /// assert_eq!(Identifier::parse("../a")?.kind(), Kind::RelativeRef);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Self, ParseError> {
        read(s, &ReadOptions::default()).result
    }

    /// Read `s` as `opts` say (see [`read`]).
    ///
    /// ```
    /// use pidkit::{Identifier, Kind, ReadAs, ReadOptions};
    /// let opts = ReadOptions::new(ReadAs::Uri, None).unwrap();
    /// assert_eq!(Identifier::parse_with("http://a/", &opts)?.kind(), Kind::Uri);
    /// assert!(Identifier::parse_with("http://é/", &opts).is_err());
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn parse_with(s: &'a str, opts: &ReadOptions) -> Result<Self, ParseError> {
        read(s, opts).result
    }

    /// The equivalence key at `level`: two identifiers are equivalent at `level` exactly when
    /// their keys are equal (what `pidkit compare` and `pidkit dedupe` use).
    ///
    /// ```
    /// use pidkit::{Identifier, Level};
    /// let a = Identifier::parse("http://example.com")?;
    /// let b = Identifier::parse("http://example.com:80/")?;
    /// assert_ne!(a.key(Level::Syntax), b.key(Level::Syntax));
    /// assert_eq!(a.key(Level::Scheme), b.key(Level::Scheme));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key(&self, level: Level) -> Key<'a> {
        Key(self.normalize(level))
    }

    /// Whether `self` and `other` are equivalent at `level` (their keys are equal).
    ///
    /// ```
    /// use pidkit::{Identifier, Level};
    /// let a = Identifier::parse("10.1000/ABC")?;
    /// assert!(a.equivalent(&Identifier::parse("https://doi.org/10.1000/abc")?, Level::Scheme));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &Identifier<'_>, level: Level) -> bool {
        self.key(level).as_str() == other.key(level).as_str()
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::{ToIri, ToUri};

    fn kind(input: &str, read_as: ReadAs) -> (Kind, bool) {
        let r = read(input, &ReadOptions::new(read_as, None).unwrap());
        (r.kind, r.result.is_ok())
    }

    #[test]
    fn auto_reads_each_kind_by_its_own_rules() {
        assert_eq!(kind("doi:10.1000/182", ReadAs::Auto), (Kind::Doi, true));
        assert_eq!(kind("doi:10.1000", ReadAs::Auto), (Kind::Doi, false));
        assert_eq!(kind("urn:isbn:0451450523", ReadAs::Auto), (Kind::Urn, true));
        assert_eq!(kind("urn:x:y", ReadAs::Auto), (Kind::Urn, false)); // NID too short for RFC 8141
        assert_eq!(
            kind("ivo://ivoa.net/std/TAP", ReadAs::Auto),
            (Kind::Ivo, true)
        );
        assert_eq!(kind("ivo://a/b", ReadAs::Auto), (Kind::Ivo, false));
        assert_eq!(kind("http://a/", ReadAs::Auto), (Kind::Iri, true));
        assert_eq!(kind("a/b", ReadAs::Auto), (Kind::RelativeRef, true));
        assert_eq!(kind("http://a b/", ReadAs::Auto), (Kind::Iri, false));
        // Forced kinds.
        assert_eq!(kind("urn:x:y", ReadAs::IriRef), (Kind::Iri, true));
        assert_eq!(
            kind("10.1000/182", ReadAs::IriRef),
            (Kind::RelativeRef, true)
        );
        assert_eq!(kind("10.1000/182", ReadAs::Urn), (Kind::Urn, false));
        assert_eq!(kind("http://a/", ReadAs::Uri), (Kind::Uri, true));
        assert_eq!(kind("http://é/", ReadAs::Uri), (Kind::Uri, false));
        assert_eq!(kind("a", ReadAs::UriRef), (Kind::RelativeRef, true));
    }

    #[test]
    fn profiles_go_to_their_family() {
        let o = ReadOptions::new(ReadAs::Auto, Some("rfc2141")).unwrap();
        assert!(read("urn:x:y", &o).result.is_ok());
        assert!(ReadOptions::new(ReadAs::Uri, Some("rfc3987")).is_err());
        assert!(ReadOptions::new(ReadAs::Auto, Some("nope")).is_err());
        let o = ReadOptions::new(ReadAs::Auto, Some("legacy")).unwrap();
        assert!(read("doi:10.1000/182#frag", &o).result.is_ok());
    }

    fn normalize(input: &str, level: Level) -> String {
        Identifier::parse(input)
            .unwrap()
            .normalize(level)
            .into_owned()
    }

    #[test]
    fn every_kind_normalizes_through_its_module() {
        assert_eq!(
            normalize("HTTP://www.EXAMPLE.com/a/./b", Level::Syntax),
            "http://www.example.com/a/b"
        );
        assert_eq!(
            normalize("http://example.com:80", Level::Scheme),
            "http://example.com/"
        );
        assert_eq!(
            normalize("DOI: 10.1000/abc", Level::Scheme),
            "doi:10.1000/ABC"
        );
        assert_eq!(
            normalize("DOI: 10.1000/abc", Level::Syntax),
            "doi:10.1000/abc"
        );
        assert_eq!(
            normalize("DOI: 10.1000/abc", Level::Simple),
            "DOI: 10.1000/abc"
        );
        assert_eq!(
            normalize("URN:ISBN:0-451-45052-3", Level::Scheme),
            normalize("urn:isbn:9780451450524", Level::Scheme)
        );
        assert_eq!(
            normalize("ivo://CDS.VizieR/J/A+A/1?Ab", Level::Scheme),
            "ivo://cds.vizier/j/a+a/1?Ab"
        );
    }

    #[test]
    fn normal_input_is_borrowed() {
        let i = Identifier::parse("http://example.com/a").unwrap();
        assert!(matches!(i.normalize(Level::Scheme), Cow::Borrowed(_)));
        assert!(matches!(i.to_uri(&ToUri::new()).unwrap(), Cow::Borrowed(_)));
    }

    #[test]
    fn conversions() {
        let uri = |s: &str| {
            read_for_conversion(s, &ReadOptions::default())
                .result
                .unwrap()
                .to_uri(&ToUri::new())
                .unwrap()
                .into_owned()
        };
        assert_eq!(
            uri("http://r\u{e9}sum\u{e9}.example.org/p\u{e9}"),
            "http://xn--rsum-bpad.example.org/p%C3%A9"
        );
        assert_eq!(uri("https://doi.org/10.1000/182"), "doi:10.1000/182");
        let iri = Identifier::parse("http://www.example.org/D%C3%BCrst").unwrap();
        assert_eq!(
            iri.to_iri(&ToIri::new()).unwrap(),
            "http://www.example.org/D\u{fc}rst"
        );
    }
}
