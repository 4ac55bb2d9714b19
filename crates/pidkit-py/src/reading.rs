//! One typed reading of an identifier: its kind, its parse by that kind's rules, its warnings,
//! normal form, equivalence key and conversions.
//!
//! TEMPORARY MIRROR. The library is getting this API as `pidkit::reading` (issue 12); until it
//! lands, this module reproduces what the CLI does today (`crates/pidkit-cli/src/analyze.rs`,
//! `transform.rs`, `compare.rs`) with the names and signatures of that API, so that switching
//! is a change of imports. Delete it then.

use std::borrow::Cow;
use std::str::FromStr;

use pidkit::detect::{self, detect};
use pidkit::doi::{self, DoiProfile, Recognized};
use pidkit::ivo::Ivoid;
use pidkit::urn::{Urn, UrnSyntax};
use pidkit::{IriRef, Lenient, Level, ParseError, Profile, Rule, ToIri, ToUri, Warning};

/// The kind of an identifier, as the CLI's JSON `kind` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An IRI (absolute).
    Iri,
    /// A URI (read with `as_="uri"` or `"uri-ref"`).
    Uri,
    /// A reference without scheme.
    RelativeRef,
    /// A DOI in any written form.
    Doi,
    /// A URN.
    Urn,
    /// An IVOA identifier.
    Ivo,
}

impl Kind {
    /// `iri`, `uri`, `relative-ref`, `doi`, `urn`, `ivo`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Iri => "iri",
            Kind::Uri => "uri",
            Kind::RelativeRef => "relative-ref",
            Kind::Doi => "doi",
            Kind::Urn => "urn",
            Kind::Ivo => "ivo",
        }
    }
}

/// What the input is to be read as (the CLI's `--as`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReadAs {
    /// Decide per input from its shape.
    #[default]
    Auto,
    /// An IRI (scheme required).
    Iri,
    /// An IRI reference.
    IriRef,
    /// A URI.
    Uri,
    /// A URI reference.
    UriRef,
    /// A DOI in any written form.
    Doi,
    /// A URN.
    Urn,
    /// An IVOA identifier.
    Ivo,
    /// A LEIRI (§7.1 preprocessing).
    Leiri,
    /// A Web Address (§7.2 preprocessing).
    Web,
}

impl FromStr for ReadAs {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "auto" => ReadAs::Auto,
            "iri" => ReadAs::Iri,
            "iri-ref" => ReadAs::IriRef,
            "uri" => ReadAs::Uri,
            "uri-ref" => ReadAs::UriRef,
            "doi" => ReadAs::Doi,
            "urn" => ReadAs::Urn,
            "ivo" => ReadAs::Ivo,
            "leiri" => ReadAs::Leiri,
            "web" => ReadAs::Web,
            _ => {
                return Err(format!(
                    "unknown reading '{s}' (expected auto, iri, iri-ref, uri, uri-ref, doi, urn, ivo, leiri or web)"
                ));
            }
        })
    }
}

/// `--as` and `--profile` together.
#[derive(Debug, Clone, Copy)]
pub struct ReadOptions {
    pub read_as: ReadAs,
    pub iri: Profile,
    pub urn: UrnSyntax,
    pub doi: DoiProfile,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            read_as: ReadAs::Auto,
            iri: Profile::default(),
            urn: UrnSyntax::default(),
            doi: DoiProfile::Current,
        }
    }
}

impl ReadOptions {
    /// A profile names a rule set of one family (IRIs, URNs or DOIs); the others keep their
    /// defaults.
    pub fn new(read_as: ReadAs, profile: Option<&str>) -> Result<Self, String> {
        let uri = matches!(read_as, ReadAs::Uri | ReadAs::UriRef);
        let mut o = ReadOptions {
            read_as,
            ..ReadOptions::default()
        };
        if uri {
            o.iri = Profile::Rfc3986Uri;
        }
        match profile {
            None => {}
            Some("legacy") => o.doi = DoiProfile::Legacy,
            Some(p @ ("rfc8141" | "rfc2141")) => o.urn = p.parse()?,
            Some(p) if uri && p != "rfc3986" => {
                return Err(format!(
                    "profile {p} does not apply to URIs (only rfc3986)"
                ));
            }
            Some(p) => {
                o.iri = p.parse().map_err(|_| {
                    format!("unknown profile '{p}' (expected bis, rfc3987, rfc3986, rfc8141, rfc2141 or legacy)")
                })?
            }
        }
        Ok(o)
    }

    /// The preprocessing of `leiri` / `web` (draft-duerst-iri-bis-07 §7.1, §7.2).
    pub fn lenient(&self) -> Option<Lenient> {
        match self.read_as {
            ReadAs::Leiri => Some(Lenient::Leiri),
            ReadAs::Web => Some(Lenient::WebAddress),
            _ => None,
        }
    }
}

/// The typed view of an identifier (the library's `Identifier` enum).
pub enum View<'a> {
    Iri(IriRef<&'a str>),
    Doi(Recognized<'a>),
    Urn(Urn<&'a str>),
    Ivo(Ivoid<&'a str>),
}

/// An identifier read by the rules of its kind (borrowed from the input).
pub struct Identifier<'a> {
    input: &'a str,
    view: View<'a>,
}

/// Kind + result: the kind is known even when the input is invalid.
pub struct Reading<'a> {
    pub kind: Kind,
    pub result: Result<Identifier<'a>, ParseError>,
}

/// Read `s` as `opts` say: by its detected kind under `ReadAs::Auto`, else as told. Under
/// `leiri`/`web` the caller passes the preprocessed text ([`ReadOptions::lenient`]).
pub fn read<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    let kind = match opts.read_as {
        ReadAs::Auto => detect(s),
        ReadAs::Doi => detect::Kind::Doi,
        ReadAs::Urn => detect::Kind::Urn,
        ReadAs::Ivo => detect::Kind::Ivo,
        _ => detect::Kind::Iri,
    };
    let wrap = |view| Identifier { input: s, view };
    match kind {
        detect::Kind::Doi => Reading {
            kind: Kind::Doi,
            result: doi::recognize_with(s, opts.doi).map(|r| wrap(View::Doi(r))),
        },
        detect::Kind::Urn => Reading {
            kind: Kind::Urn,
            result: Urn::parse_with(s, opts.urn).map(|u| wrap(View::Urn(u))),
        },
        detect::Kind::Ivo => Reading {
            kind: Kind::Ivo,
            result: Ivoid::parse(s).map(|i| wrap(View::Ivo(i))),
        },
        detect::Kind::Iri | detect::Kind::RelativeRef => {
            let rule = match opts.read_as {
                ReadAs::Iri | ReadAs::Uri => Rule::Iri,
                _ => Rule::IriReference,
            };
            let r = IriRef::parse_rule(s, rule, opts.iri);
            let kind = match (&r, opts.read_as) {
                (Ok(r), _) if !r.is_absolute() => Kind::RelativeRef,
                (_, ReadAs::Uri | ReadAs::UriRef) => Kind::Uri,
                _ => Kind::Iri,
            };
            Reading {
                kind,
                result: r.map(|r| wrap(View::Iri(r))),
            }
        }
    }
}

impl<'a> Identifier<'a> {
    /// The typed view (the library's enum variants).
    pub fn view(&self) -> &View<'a> {
        &self.view
    }

    /// The generic IRI view, where the identifier is an IRI (DOIs in their written forms are not).
    pub fn as_iri(&self) -> Option<IriRef<&'a str>> {
        match &self.view {
            View::Iri(r) => Some(*r),
            View::Urn(u) => Some((*u).into_iri().into()),
            View::Ivo(i) => Some((*i).into_iri().into()),
            View::Doi(_) => None,
        }
    }

    /// The checks of the kind (IRIs: `pidkit::check`).
    pub fn warnings(&self) -> Vec<Warning> {
        match &self.view {
            View::Iri(r) => pidkit::check(r),
            View::Doi(d) => d.warnings(self.input),
            View::Urn(u) => u.warnings(),
            View::Ivo(i) => i.warnings(),
        }
    }

    /// The normal form at `level` (what `pidkit normalize` prints). DOIs give their `doi:` URI:
    /// the name as written at `syntax`, upper-cased in ASCII at `scheme`; `simple` keeps the input.
    ///
    /// (The library's version returns the `Cow` itself; the CLI code this mirrors re-parses the
    /// upper-cased DOI name with `?`, so the mirror keeps the `Result`.)
    pub fn normalize(&self, level: Level) -> Result<Cow<'a, str>, ParseError> {
        if let View::Doi(r) = &self.view {
            return Ok(match level {
                Level::Simple => Cow::Borrowed(self.input),
                Level::Scheme => {
                    let upper = r.doi.key().to_string();
                    Cow::Owned(doi::Doi::parse(&upper)?.to_uri())
                }
                _ => Cow::Owned(r.doi.to_uri()),
            });
        }
        Ok(match self.as_iri() {
            Some(iri) => into_str(self.input, iri.normalize(level)),
            None => Cow::Borrowed(self.input),
        })
    }

    /// The equivalence key at `level` (what `compare` and `dedupe` compare).
    pub fn key(&self, level: Level) -> Result<Cow<'a, str>, ParseError> {
        self.normalize(level)
    }

    /// The URI (what `pidkit to-uri` prints); DOIs give their `doi:` URI.
    pub fn to_uri(&self, t: &ToUri) -> Result<Cow<'a, str>, ParseError> {
        match (&self.view, self.as_iri()) {
            (View::Doi(r), _) => Ok(Cow::Owned(r.doi.to_uri())),
            (_, Some(iri)) => Ok(into_str(self.input, t.convert(&iri)?)),
            (_, None) => Ok(Cow::Borrowed(self.input)),
        }
    }

    /// The IRI (what `pidkit to-iri` prints); DOIs go through their `doi:` URI.
    pub fn to_iri(&self, t: &ToIri) -> Result<Cow<'a, str>, ParseError> {
        match (&self.view, self.as_iri()) {
            (View::Doi(r), _) => {
                let uri = r.doi.to_uri();
                let parsed = IriRef::parse(uri.as_str())?;
                Ok(Cow::Owned(t.convert(&parsed).as_str().to_owned()))
            }
            (_, Some(iri)) => Ok(into_str(self.input, t.convert(&iri))),
            (_, None) => Ok(Cow::Borrowed(self.input)),
        }
    }
}

/// The result with the input's lifetime: a borrowed result is the whole input unchanged.
fn into_str<'a>(input: &'a str, r: IriRef<Cow<'_, str>>) -> Cow<'a, str> {
    match r.into_inner() {
        Cow::Borrowed(b) if b.len() == input.len() => Cow::Borrowed(input),
        c => Cow::Owned(c.into_owned()),
    }
}
