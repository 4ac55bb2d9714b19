//! Identifier schemes as units: each of `doi/`, `hdl/`, `urn/` and `ivo/` owns its syntax, its
//! errors, its warnings, its equivalence and its written forms, and shows them to the rest of
//! the library through one trait, [`Scheme`]. The list of schemes is written once
//! (`scheme/list.rs`); the kinds ([`crate::Kind`]), the readings ([`crate::ReadAs`]), the typed
//! reading ([`crate::Identifier`]), auto-detection ([`crate::detect`]) and the comparison ladder
//! ([`SCHEMES`]) are made from it.
//!
//! ```
//! use pidkit::scheme::{Scheme, UrnScheme};
//! assert!(UrnScheme::claims(b"URN:ISBN:0451450523"));
//! let u = UrnScheme::read("urn:ISBN:0-451-45052-3", &pidkit::ReadOptions::default())?;
//! assert_eq!(UrnScheme::key(&u, pidkit::Level::Scheme), "urn:isbn:9780451450524");
//! # Ok::<(), pidkit::ParseError>(())
//! ```

mod fields;
mod find;
mod ladder;
mod list;
mod options;
mod prefilter;
mod route;

use std::borrow::Cow;

pub use crate::doi::DoiScheme;
pub use crate::hdl::HdlScheme;
pub use crate::ivo::IvoScheme;
pub use crate::urn::UrnScheme;
pub use fields::{Field, FieldType, Fields, Value};
pub use find::{Finder, Hit};
pub use list::{
    Details, ErrorKind, Identifier, Kind, ParseError, ReadAs, ReadOptions, claimants,
    claimants_unfiltered, services, uri_schemes, warning_codes,
};
pub(crate) use list::{claimant, converts_as_iri, finders, read_scheme};
pub use options::{NoOptions, SchemeOptions};
pub use prefilter::{Hosts, Prefilter};
pub use route::{Protocol, Route, Service};

use crate::error::{Error, ErrorCode};
use crate::iri::{IriRef, Level, SchemeEquivalence, ToIri, ToUri};
use crate::{PidForm, PidOutput, Warning};

/// One identifier scheme. Implemented by a marker type in the scheme's folder
/// (`DoiScheme`, `UrnScheme`, …); the identifier itself is [`Scheme::Id`].
///
/// The functions take the identifier as an argument (`UrnScheme::warnings(&urn)`): the
/// library calls them through [`Identifier`], which holds one of each scheme's `Id`.
pub trait Scheme {
    /// An identifier of this scheme, borrowing the text it was read from.
    type Id<'a>: Clone + std::fmt::Debug;
    /// Its parts beyond the IRI components: the scheme's object in `pidkit parse --json`.
    type Details<'b>: Clone + std::fmt::Debug + PartialEq + Fields;
    /// Its error enum (one row per error: code, message, hint).
    type Error: ErrorCode + Clone + std::fmt::Debug + PartialEq + Eq;

    /// The scheme's name: its kind's name, its `--as` value and its JSON member (`doi`,
    /// `urn` …); for schemes with a URI scheme, that scheme's name.
    const NAME: &'static str;

    /// The URI scheme its identifiers are written with (`doi`, `urn`, `ark` …), if any: an IRI
    /// of that scheme is consulted on the scheme's equivalence ([`Scheme::normal_form`]), and
    /// found in running text without `//`.
    const URI_SCHEME: Option<&'static str> = None;

    /// What its identifiers are called in a sentence: `DOI`, `handle`, `IVOA identifier` …
    const TITLE: &'static str;

    /// One line for people: what reading an input as this scheme means (the help of
    /// `--as NAME`).
    const ABOUT: &'static str;

    /// The name bindings in typed languages give the type of its identifiers (Python's
    /// class): `Doi`, `Handle`, `Urn` …
    const TYPE_NAME: &'static str;

    /// The options of the scheme's rules, set by names of `--profile` ([`NoOptions`] for none).
    type Options: SchemeOptions;

    /// The service that resolves its identifiers, if pidkit resolves them ([`Scheme::route`]).
    const SERVICE: Option<&'static Service> = None;

    /// Whether IRI ⇄ URI conversion under auto-detection reads the scheme's identifiers as the
    /// IRIs they are written as: true for schemes whose every form is an IRI (`urn:`, `ivo:`),
    /// so that one not yet valid by the scheme's rules still converts (`urn:example:ü`); false
    /// for schemes with forms that are not IRIs (a DOI name, a printed label), which convert
    /// through the scheme.
    const CONVERTS_AS_IRI: bool;

    /// Whether auto-detection gives `t` to this scheme, from its shape alone (`t` is trimmed of
    /// ASCII whitespace). A malformed identifier of the scheme is still claimed, so that it
    /// gets the scheme's error rather than a generic one. Where several schemes claim an input,
    /// the first of them in the list whose reading succeeds takes it (the others are its
    /// `candidates`); when none reads it, the first one's error is the answer. Claiming must
    /// be cheap (no allocation, a look at a few bytes): every input is asked.
    fn claims(t: &[u8]) -> bool;

    /// Which inputs [`Scheme::claims`] may accept at all, from their first byte or a URL's
    /// host: auto-detection asks `claims` only where this admits the input. It must admit
    /// everything `claims` accepts (tests hold every scheme to it); by default it admits all.
    const PREFILTER: Prefilter = Prefilter::ALL;

    /// Read `s` by the scheme's rules (under the profile `opts` names for it).
    fn read<'a>(s: &'a str, opts: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>>;

    /// The text the identifier was read from.
    fn input<'a>(id: &Self::Id<'a>) -> &'a str;

    /// The scheme's checks: things valid but worth a second look. Offsets are bytes of
    /// [`Scheme::input`].
    fn warnings(id: &Self::Id<'_>) -> Vec<Warning>;

    /// The equivalence key at a rung of the ladder (§5.3): two identifiers of the scheme are
    /// equivalent at `level` exactly when their keys are equal, whatever form they are written
    /// in. By default the normal form in the default output form.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        Self::normalize(id, level, &PidOutput::default())
    }

    /// The normal form at a rung of the ladder (§5.3), written as `out` asks where the scheme
    /// has several written forms.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str>;

    /// [`Scheme::normalize`] appended to `buf`: the batch functions' road, which writes every
    /// row's into one buffer. A scheme whose normal form is built anew may write it there
    /// without a `String` of its own.
    fn write_normal_form(id: &Self::Id<'_>, level: Level, out: &PidOutput, buf: &mut String) {
        buf.push_str(&Self::normalize(id, level, out));
    }

    /// [`Scheme::key`] appended to `buf`, as [`Scheme::write_normal_form`].
    fn write_key(id: &Self::Id<'_>, level: Level, buf: &mut String) {
        buf.push_str(&Self::key(id, level));
    }

    /// Its warning codes (its `codes::ALL`): documented and tested as the list's.
    const WARNINGS: &'static [crate::WarningCode];

    /// What its normal form at `level` leaves out, step by step, as warnings (what `normalize`
    /// says it removed): nothing by default.
    fn removed(id: &Self::Id<'_>, level: Level) -> Vec<Warning> {
        let _ = (id, level);
        Vec::new()
    }

    /// What writing the identifier as `out` asks (`normalize`, `to-uri`) loses, said as a
    /// warning: nothing by default.
    fn lost_in(id: &Self::Id<'_>, out: &PidOutput) -> Vec<Warning> {
        let _ = (id, out);
        Vec::new()
    }

    /// The generic IRI view, where the identifier is written as an IRI.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>>;

    /// The URI (§3.3–3.6), in the form `out` asks. By default, the IRI view converted.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let _ = out;
        let r = iri_view::<Self>(id)?;
        Ok(borrowed_from(r.into_inner(), t.convert(&r)?))
    }

    /// The IRI (§3.7), in the form `out` asks. By default, the IRI view converted.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let _ = out;
        let r = iri_view::<Self>(id)?;
        Ok(borrowed_from(r.into_inner(), t.convert(&r)))
    }

    /// The normal form at `level` (`Syntax` or `Scheme`) of an IRI with this URI scheme, as
    /// written; `None` to leave it to the generic rules (or when it is not valid by the
    /// scheme's rules). This is how the comparison ladder of any IRI consults the scheme (see
    /// [`SCHEMES`] and [`SchemeEquivalence`]).
    fn normal_form(iri: &str, level: Level) -> Option<String>;

    /// What the normal form at `level` means for this scheme, for people: the rule that makes
    /// two identifiers equivalent at that rung, with its spec section
    /// (`pidkit compare` says it; `pidkit dedupe --json` puts it on each group).
    fn rule(level: Level) -> &'static str;

    /// The parts beyond the IRI components.
    fn details<'b>(id: &'b Self::Id<'_>) -> Self::Details<'b>;

    /// The parts as `name value` rows for people (`pidkit parse`). By default the fields of
    /// [`Scheme::details`], `-` for an absent value.
    fn listing(id: &Self::Id<'_>) -> Vec<(&'static str, String)> {
        let d = Self::details(id);
        <Self::Details<'_> as Fields>::FIELDS
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let v = match d.value(i) {
                    Value::Str(s) => quoted(Some(s)),
                    Value::Bool(b) => b.to_string(),
                    _ => quoted(None),
                };
                (f.name, v)
            })
            .collect()
    }

    /// Its identifiers in running text that are not found as the IRIs they are written as (a
    /// bare DOI name, a `DOI:` label): the scheme's finder, in order of `start`, without
    /// overlaps; `None` when every written form of the scheme is an IRI, which the IRI finder
    /// finds ([`crate::extract`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        let _ = text;
        None
    }

    /// The identifier's name within its scheme, without the form it was written in (a DOI
    /// name, a handle …): what `extract` reports as its name; `None` for schemes whose
    /// identifiers have no name apart from their written form.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        let _ = id;
        None
    }

    /// Where an identifier of another scheme names what one of this scheme's names (arXiv:
    /// the DataCite DOI `10.48550/arXiv.…`): this scheme's key for `other` at the `Scheme`
    /// rung, with the rule that says so (`compare` uses it). `None` by default.
    fn alias(other: &Identifier<'_>) -> Option<(String, &'static str)> {
        let _ = other;
        None
    }

    /// The key shared by every version of one work (arXiv: the identifier without its
    /// version), with what sharing it means for people (`compare` says it of two different
    /// versions). `None` for schemes without versions.
    fn work<'a>(id: &Self::Id<'a>) -> Option<(Cow<'a, str>, &'static str)> {
        let _ = id;
        None
    }

    /// How the identifier resolves: which service ([`Scheme::SERVICE`]) is asked, for what.
    /// `None` when pidkit does not resolve it.
    fn route(id: &Self::Id<'_>) -> Option<Route> {
        let _ = id;
        None
    }
}

/// The IRI view of an identifier, or its input parsed as an IRI reference.
fn iri_view<'a, S: Scheme + ?Sized>(id: &S::Id<'a>) -> Result<IriRef<&'a str>, ParseError> {
    match S::as_iri(id) {
        Some(r) => Ok(r),
        None => Ok(IriRef::parse(S::input(id))?),
    }
}

/// A result computed from `input` with the input's lifetime: the library's normal forms and
/// conversions borrow from the view, and a borrowed result that spans the whole input is the
/// input itself.
pub(crate) fn borrowed_from<'a>(input: &'a str, r: IriRef<Cow<'_, str>>) -> Cow<'a, str> {
    match r.into_inner() {
        Cow::Borrowed(b) if b.len() == input.len() => Cow::Borrowed(input),
        c => Cow::Owned(c.into_owned()),
    }
}

/// IRI → URI or URI → IRI conversion of one reference ([`ToUri`], [`ToIri`]), for
/// [`url_or_written`].
pub(crate) trait Conversion {
    /// The converted reference (only IRI → URI can fail).
    fn of<'r>(&self, r: &'r IriRef<&str>) -> Result<IriRef<Cow<'r, str>>, ParseError>;
}

impl Conversion for ToUri {
    fn of<'r>(&self, r: &'r IriRef<&str>) -> Result<IriRef<Cow<'r, str>>, ParseError> {
        Ok(self.convert(r)?)
    }
}

impl Conversion for ToIri {
    fn of<'r>(&self, r: &'r IriRef<&str>) -> Result<IriRef<Cow<'r, str>>, ParseError> {
        Ok(self.convert(r))
    }
}

/// [`Scheme::to_uri`] and [`Scheme::to_iri`] of a scheme whose identifiers may be written as
/// URLs: under [`PidForm::Auto`] such a URL ([`Scheme::as_iri`], asked only then) converted by
/// `t` as the IRI it is; otherwise, or for another written form, the identifier as `written`
/// gives it (ASCII, so its URI and its IRI are the same text).
pub(crate) fn url_or_written<'a>(
    out: &PidOutput,
    t: &impl Conversion,
    as_iri: impl FnOnce() -> Option<IriRef<&'a str>>,
    written: impl FnOnce() -> Cow<'a, str>,
) -> Result<Cow<'a, str>, ParseError> {
    match (out.form == PidForm::Auto).then(as_iri).flatten() {
        Some(r) => Ok(borrowed_from(r.into_inner(), t.of(&r)?)),
        None => Ok(written()),
    }
}

/// A quoted string, or `-` when absent (the human listings).
pub(crate) fn quoted(o: Option<&str>) -> String {
    o.map_or_else(|| "-".to_owned(), |s| format!("{s:?}"))
}

/// Every identifier scheme of this crate, handed to the comparison ladder: an IRI whose scheme
/// is `doi`, `hdl`, `urn` or `ivo` takes that scheme's equivalence at the `Scheme` rung.
/// [`IriRef::normalize`] uses it; [`IriRef::normalize_with`] takes another.
///
/// ```
/// use pidkit::{IriRef, Level, scheme::SCHEMES};
/// let r = IriRef::parse("urn:ISBN:0-451-45052-3")?;
/// assert_eq!(r.normalize_with(Level::Scheme, &SCHEMES), "urn:isbn:9780451450524");
/// assert_eq!(r.normalize_with(Level::Scheme, &()), "urn:ISBN:0-451-45052-3");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub const SCHEMES: Schemes = Schemes(());

/// The type of [`SCHEMES`].
#[derive(Debug, Clone, Copy)]
pub struct Schemes(());

impl SchemeEquivalence for Schemes {
    fn normal_form(&self, scheme: &str, iri: &str, level: Level) -> Option<String> {
        list::normal_form(scheme, iri, level)
    }
}

/// The warnings for whitespace around a DOI or handle as written ([`crate::chars::space_around`]),
/// which the reader leaves out: one per run, with `code`.
pub(crate) fn space_warnings(
    input: &str,
    code: crate::WarningCode,
    what: &str,
) -> Vec<crate::Warning> {
    crate::chars::space_around(input)
        .into_iter()
        .map(|(offset, len)| {
            crate::Warning::new(
                code,
                offset,
                len,
                format!("whitespace around the {what} is not part of it: left out"),
            )
        })
        .collect()
}

/// The generic syntax normal form of the IRI reference `iri` (RFC 3986 §6.2.2, no scheme's own
/// rules): what a scheme unit falls back to reading when `iri` itself is not one of its
/// identifiers, so that its normal forms are fixed points.
pub(crate) fn generic_syntax(iri: &str) -> Option<String> {
    let r = crate::IriRef::parse(iri).ok()?;
    Some(r.normalize_with(Level::Syntax, &()).as_str().to_owned())
}
