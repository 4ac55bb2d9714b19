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
//! assert_eq!(a.normalize(Level::Syntax), "https://doi.org/10.1000/abc"); // to show people
//! assert_eq!(b.normalize(Level::Scheme), "https://doi.org/10.1000/ABC"); // the name as given
//! assert_eq!(b.key(Level::Scheme).as_str(), "doi:10.1000/ABC"); // to compare
//! # Ok::<(), pidkit::ParseError>(())
//! ```

mod error;
pub(crate) mod generic;
mod kind;
mod options;
mod parts;

pub use error::{ReadingError, ReadingParseError};
pub use kind::Kind;
pub(crate) use options::IRI_PROFILES;
pub use options::{PidCase, PidForm, PidOutput, ReadAs, ReadOptions};
pub use parts::Listing;

use crate::detect::detect;
use crate::iri::{IriRef, Key, Level};
pub use crate::scheme::{Details, Identifier};
use crate::{ParseError, Warning};

/// What reading one input gave: the kind, known even when the input is invalid, the
/// identifier or why it is not one, and notes about the reading itself.
#[derive(Debug, Clone)]
pub struct Reading<'a> {
    /// The kind the input was read as.
    pub kind: Kind,
    /// The identifier, or the error of its kind's rules.
    pub result: Result<Identifier<'a>, ParseError>,
    /// Warnings about the reading rather than the identifier: under [`ReadAs::Auto`], a
    /// string that is a relative reference only by the loosest reading (`looks-like-text`).
    pub notes: Vec<Warning>,
}

/// The codes of the reading's own notes ([`Reading::notes`]).
pub mod codes {
    use crate::error::WarningCode;

    /// Under auto-detection, a string that is a relative reference only by the loosest reading
    /// (RFC 3986 §4.2 makes almost any string one): empty, a bare word, `N/A`, wrapped in
    /// brackets or quotes, or a DOI whose prefix does not start `10.`.
    pub const LOOKS_LIKE_TEXT: WarningCode = WarningCode::new("looks-like-text");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[LOOKS_LIKE_TEXT];
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
    match common_doi(s, opts) {
        Some(r) => Reading {
            kind: Kind::Doi,
            result: Ok(Identifier::Doi(r)),
            notes: Vec::new(),
        },
        None => read_detected(s, opts),
    }
}

/// The reading of `s` when it is a DOI in one of its common written forms and `opts` read
/// DOIs. Those forms are claimed by the DOI unit alone (the first in the claimant order), so
/// detection would say `Doi`: [`read`] skips it for them, as [`read_doi`] does reading their
/// names alone (`doi::name_common`; tests hold both to the route through detection).
///
/// Every common form starts `1`, `d`, `h` or `w` (any case): `10.`, a label or `doi:`, a
/// resolver URL with or without its scheme. Any other input (half a mixed column: `file:`,
/// paths, other schemes) is told here, before the forms are compared. (Here and not in
/// `locate`, which `read_doi` shares: on a column of DOIs the test is 1 % of `doi_name`'s
/// instructions, callgrind.)
fn common_doi<'a>(s: &'a str, opts: &ReadOptions) -> Option<crate::doi::Recognized<'a>> {
    let first = s.as_bytes().first()? | 0x20;
    (matches!(opts.read_as, ReadAs::Auto | ReadAs::Doi)
        && matches!(first, b'1' | b'd' | b'h' | b'w'))
    .then(|| crate::doi::recognize_common(s, opts.doi))
    .flatten()
}

/// The kind `s` is read as under `opts`: detected, or the one asked for.
fn kind_to_read(s: &str, opts: &ReadOptions) -> Kind {
    match opts.read_as {
        ReadAs::Auto => detect(s),
        a => a.scheme().unwrap_or(Kind::Iri),
    }
}

/// [`read`] through detection: the kind first, then its unit's reading. Under auto-detection,
/// where the first scheme that claims `s` cannot read it, a later one that claims it and reads
/// it takes it (`9784189280746`: no ISBN, its check digit is wrong — no other scheme reads it either,
/// so the ISBN's error stands); when none does, the first one's error stands.
fn read_detected<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    let b = s.as_bytes();
    let edged = b.first().is_some_and(u8::is_ascii_whitespace)
        || b.last().is_some_and(u8::is_ascii_whitespace);
    if opts.read_as == ReadAs::Auto && !edged {
        // Detection and the fallback look at `s` itself: one pass over the claimants gives the
        // kind (the first) and then, only where its reading fails, the fallbacks (the rest),
        // without asking the schemes before them again. (With whitespace at an edge,
        // detection trims it as `str::trim` does and the fallback as ASCII: the route below.)
        let mut claimed = crate::scheme::claimants(b);
        return match claimed.next() {
            Some(kind) => match crate::scheme::read_scheme(kind, s, opts) {
                Some(Err(e)) => fallback(kind, e, claimed, s, opts),
                Some(result) => Reading {
                    kind,
                    result,
                    notes: Vec::new(),
                },
                None => auto_generic(s, opts),
            },
            None => auto_generic(s, opts),
        };
    }
    let kind = kind_to_read(s, opts);
    match crate::scheme::read_scheme(kind, s, opts) {
        Some(Err(e)) if opts.read_as == ReadAs::Auto => {
            let t = s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes();
            let others = crate::scheme::claimants(t).filter(|k| *k != kind);
            fallback(kind, e, others, s, opts)
        }
        Some(result) => Reading {
            kind,
            result,
            notes: Vec::new(),
        },
        None => auto_generic(s, opts),
    }
}

/// The reading of `s` by the first of `others` that reads it, else `kind`'s error `e`.
fn fallback<'a>(
    kind: Kind,
    e: ParseError,
    others: impl Iterator<Item = Kind>,
    s: &'a str,
    opts: &ReadOptions,
) -> Reading<'a> {
    for other in others {
        if let Some(Ok(id)) = crate::scheme::read_scheme(other, s, opts) {
            return Reading {
                kind: other,
                result: Ok(id),
                notes: Vec::new(),
            };
        }
    }
    Reading {
        kind,
        result: Err(e),
        notes: Vec::new(),
    }
}

/// The DOI name [`read`] would give for `s` under `opts` (its `Identifier::Doi`), without
/// building the reading: for batch jobs that want DOI names alone (`pidkit.arrow.doi_name`).
/// `None` where `read` gives another kind or an error.
///
/// ```
/// use pidkit::{read_doi, ReadOptions};
/// let opts = ReadOptions::default();
/// assert_eq!(read_doi("https://doi.org/10.1000/182?x", &opts).unwrap().as_str(), "10.1000/182");
/// assert!(read_doi("http://example.org/", &opts).is_none());
/// assert!(read_doi("doi:10.1000", &opts).is_none());
/// ```
pub fn read_doi<'a>(s: &'a str, opts: &ReadOptions) -> Option<crate::Doi<'a>> {
    let common = matches!(opts.read_as, ReadAs::Auto | ReadAs::Doi)
        .then(|| crate::doi::name_common(s, opts.doi))
        .flatten();
    if common.is_some() {
        return common;
    }
    // Detection gives a DOI only where the DOI scheme claims the text (trimmed, as detection
    // trims it): a few byte compares spare the other rows (junk, other kinds) the asking of
    // every scheme.
    if (opts.read_as == ReadAs::Auto && !crate::doi::claims(crate::detect::trimmed(s)))
        || kind_to_read(s, opts) != Kind::Doi
    {
        return None;
    }
    // The common forms were tried above: the general route alone is left.
    crate::doi::recognize_general(s, opts.doi)
        .ok()
        .map(|r| r.doi)
}

/// Read `s` for IRI ⇄ URI conversion: under [`ReadAs::Auto`], a scheme whose every form is an
/// IRI (URNs, IVOIDs: [`crate::scheme::Scheme::CONVERTS_AS_IRI`]) is read as an IRI reference —
/// one that is not (yet) valid by its scheme's rules, such as `urn:example:ü`, still has a URI
/// form (§3.3) — while DOIs and handles, written in forms that are not all IRIs, keep their
/// own route.
///
/// ```
/// use pidkit::{read_for_conversion, Kind, ReadOptions, ToUri};
/// let r = read_for_conversion("urn:example:ü", &ReadOptions::default());
/// assert_eq!(r.kind, Kind::Iri);
/// assert_eq!(r.result?.to_uri(&ToUri::new())?, "urn:example:%C3%BC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn read_for_conversion<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    if opts.read_as == ReadAs::Auto && crate::scheme::converts_as_iri(detect(s)) {
        return read(s, &opts.with_read_as(ReadAs::IriRef));
    }
    read(s, opts)
}

/// Every kind that could take `s` under auto-detection: the schemes that claim it and read it
/// (in the list's order: the first is the one [`read`] chose), when there are two or more; an
/// empty list otherwise. `0000000218250097` is an ORCID iD and an ISNI; `--as` decides.
///
/// ```
/// assert!(pidkit::reading::candidates("doi:10.1000/182", &Default::default()).is_empty());
/// ```
pub fn candidates(s: &str, opts: &ReadOptions) -> Vec<Kind> {
    if opts.read_as != ReadAs::Auto {
        return Vec::new();
    }
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes();
    let mut claimed = crate::scheme::claimants(t);
    let (Some(a), Some(b)) = (claimed.next(), claimed.next()) else {
        return Vec::new();
    };
    let all: Vec<Kind> = [a, b]
        .into_iter()
        .chain(claimed)
        .filter(|k| matches!(crate::scheme::read_scheme(*k, s, opts), Some(Ok(_))))
        .collect();
    if all.len() < 2 { Vec::new() } else { all }
}

/// The generic reading of `s`, which no scheme claims (or which is read as an IRI or a
/// reference); under auto-detection a relative reference is no identifier: almost any string
/// is one (RFC 3986 §4.2), and a column of identifiers holds none.
///
/// The reading is built once, where it is returned: built and then changed, it was copied
/// whole (376 bytes) for every line of `pidkit check` that is a URL.
fn auto_generic<'a>(s: &'a str, opts: &ReadOptions) -> Reading<'a> {
    let auto = opts.read_as == ReadAs::Auto;
    let uri = matches!(opts.read_as, ReadAs::Uri | ReadAs::UriRef);
    let r = IriRef::parse_rule(s, opts.read_as.rule(), opts.iri);
    let kind = match &r {
        Ok(r) if !r.is_absolute() => Kind::RelativeRef,
        _ if uri => Kind::Uri,
        _ => Kind::Iri,
    };
    let result = match r {
        Ok(_) if auto && kind == Kind::RelativeRef => Err(crate::Error {
            kind: ReadingError::NotAnIdentifier(looks_like_text_why(s).unwrap_or(
                "no identifier scheme claims it and it has no scheme of its own (a relative reference, RFC 3986 §4.2)",
            ))
            .into(),
            offset: 0,
            len: s.len(),
        }),
        Ok(r) if uri => Ok(Identifier::Uri(r)),
        Ok(r) => Ok(Identifier::Iri(r)),
        Err(e) => Err(e.into()),
    };
    Reading {
        kind,
        result,
        notes: Vec::new(),
    }
}

/// The `looks-like-text` note for a string that is a relative reference only by the loosest
/// reading: what it looks like (a placeholder, text in brackets, a handle-shaped name …). Under
/// auto-detection such a string — any relative reference — is no identifier: the reading's
/// `not-an-identifier` error says the same in its message. Under `--as iri-ref` it is a
/// relative reference, unquestioned; this note is for callers who want the distinction.
///
/// ```
/// use pidkit::looks_like_text;
/// let note = |s| looks_like_text(s).map(|w| w.message);
/// assert!(note("N/A").unwrap().starts_with("a placeholder"));
/// assert!(note("(10.1000/182)").unwrap().starts_with("wrapped in brackets"));
/// assert!(note("11.1000/abc").unwrap().starts_with("shaped like a Handle"));
/// assert!(note("").unwrap().starts_with("an empty string"));
/// assert_eq!(note("../images/logo.png"), None);
/// let e = pidkit::read("N/A", &Default::default()).result.unwrap_err();
/// assert_eq!(e.code(), "not-an-identifier");
/// ```
pub fn looks_like_text(s: &str) -> Option<Warning> {
    let why = looks_like_text_why(s)?;
    Some(Warning::new(
        codes::LOOKS_LIKE_TEXT,
        0,
        s.len(),
        format!(
            "{why}; it is a relative reference only because almost any string is one (RFC 3986 §4.2)"
        ),
    ))
}

fn looks_like_text_why(s: &str) -> Option<&'static str> {
    let b = s.as_bytes();
    if b.is_empty() {
        return Some("an empty string, in a list usually a missing value");
    }
    let closer = match b[0] {
        b'(' => Some(b')'),
        b'[' => Some(b']'),
        b'{' => Some(b'}'),
        b'<' => Some(b'>'),
        b'"' => Some(b'"'),
        b'\'' => Some(b'\''),
        _ => None,
    };
    if b.len() >= 2 && closer.is_some() && closer == b.last().copied() {
        return Some("wrapped in brackets or quotes, as in running text");
    }
    const PLACEHOLDERS: [&str; 14] = [
        "-", "--", "?", "n/a", "na", "n.a.", "none", "null", "nil", "nan", "tbd", "tba", "unknown",
        "missing",
    ];
    let t = s.trim();
    if t.len() <= 7 && PLACEHOLDERS.iter().any(|p| t.eq_ignore_ascii_case(p)) {
        return Some("a placeholder for a missing value");
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    if let Some(slash) = s.find('/')
        && let Some((dir, reg)) = s[..slash].split_once('.')
        && digits(dir)
        && digits(reg.split('.').next().unwrap_or(""))
    {
        return Some(
            "shaped like a Handle or DOI name (prefix/suffix), but a DOI prefix starts with 10.: read it --as hdl if it is a Handle",
        );
    }
    if b.len() <= 5
        && b.iter().filter(|&&c| c == b'/').count() == 1
        && b.iter().all(|&c| c == b'/' || c.is_ascii_alphabetic())
    {
        return Some("shaped like 'N/A', a placeholder");
    }
    if !b.iter().any(|c| matches!(c, b'/' | b'.' | b'#' | b'?')) {
        return Some("a bare word with no '/', '.', '?' or '#'");
    }
    None
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
    /// Read `s`, detecting its kind ([`ReadAs::Auto`], default profiles). A value that no
    /// scheme claims and that is not an absolute IRI is no identifier (`not-an-identifier`):
    /// read relative references with [`Identifier::parse_with`] and [`ReadAs::IriRef`].
    ///
    /// ```
    /// use pidkit::{Identifier, Kind};
    /// assert_eq!(Identifier::parse("urn:isbn:0451450523")?.kind(), Kind::Urn);
    /// assert_eq!(Identifier::parse("../a").unwrap_err().code(), "not-an-identifier");
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
        Key(self.key_text(level))
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

    /// Compare with `other` at `level`, and say why: the lowest rung at which the two are
    /// equivalent and the rule of that rung (of `self`'s kind).
    ///
    /// ```
    /// use pidkit::{Identifier, Level};
    /// let a = Identifier::parse("doi:10.1000/ABC")?;
    /// let c = a.compare(&Identifier::parse("https://doi.org/10.1000/abc")?, Level::Scheme);
    /// assert!(c.equivalent);
    /// assert_eq!(c.rung, Level::Scheme);
    /// assert_eq!(c.rule, "DOI names compare case-insensitively in ASCII (doi URI scheme §3)");
    /// let c = a.compare(&Identifier::parse("DOI: 10.1000/ABC")?, Level::Scheme);
    /// assert_eq!(c.rung, Level::Syntax); // one name, two written forms
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn compare<'b>(&self, other: &Identifier<'b>, level: Level) -> Comparison<'a, 'b> {
        let keys = (self.key(level), other.key(level));
        let mut equivalent = keys.0.as_str() == keys.1.as_str();
        let mut rule = None;
        // At the `Scheme` rung, identifiers of two schemes can name one thing: a scheme that
        // says so (`Scheme::alias`) gives both the same key in its terms.
        if !equivalent && level == Level::Scheme {
            let (ours, theirs) = (self.alias_keys(), other.alias_keys());
            if let Some((r1, r2)) = ours.iter().find_map(|(k1, key1, r1)| {
                theirs
                    .iter()
                    .find(|(k2, key2, _)| k1 == k2 && key1 == key2)
                    .map(|(_, _, r2)| (*r1, *r2))
            }) {
                equivalent = true;
                // The rule of the alias: the one that is not the plain rule of either kind.
                rule = Some(if r1 == self.rule(Level::Scheme) {
                    r2
                } else {
                    r1
                });
            }
        }
        let rung = if !equivalent {
            level
        } else if self.input() == other.input() {
            Level::Simple
        } else if level == Level::Scheme
            && self.key(Level::Syntax).as_str() == other.key(Level::Syntax).as_str()
        {
            Level::Syntax
        } else {
            level
        };
        // Two versions of one work (arXiv v2 and v3, or a DOI naming the paper and one of its
        // versions) are different, and said to be related.
        // Identifiers of two schemes that name one thing (arXiv:ID and its DOI) are equivalent
        // only at the `Scheme` rung: below it they are said to be so, not "another version".
        let note = if equivalent {
            None
        } else if level != Level::Scheme
            && self.kind() != other.kind()
            && self.compare(other, Level::Scheme).equivalent
        {
            Some(ALIAS_NOTE)
        } else {
            work_note(self, other)
        };
        Comparison {
            equivalent,
            rung,
            rule: rule.unwrap_or_else(|| self.rule(rung)),
            keys,
            note,
        }
    }
}

/// The note of two identifiers of different schemes compared below the rung that makes them one.
const ALIAS_NOTE: &str = "the same thing named in two schemes: equivalent at level scheme, where a scheme's aliases count";

/// What `a` and `b`, different, have in common: the note of [`Scheme::work`] when their works
/// (or a work and an alias of it) are one.
///
/// [`Scheme::work`]: crate::scheme::Scheme::work
fn work_note(a: &Identifier<'_>, b: &Identifier<'_>) -> Option<&'static str> {
    let works = |id: &Identifier<'_>| -> Vec<(Kind, String, Option<&'static str>)> {
        let mut all: Vec<(Kind, String, Option<&'static str>)> = id
            .alias_keys()
            .into_iter()
            .map(|(k, key, _)| (k, key.into_owned(), None))
            .collect();
        if let Some((w, note)) = id.work() {
            all.push((id.kind(), w.into_owned(), Some(note)));
        }
        all
    };
    let (wa, wb) = (works(a), works(b));
    wa.iter().find_map(|(k1, w1, n1)| {
        wb.iter()
            .find(|(k2, w2, n2)| k1 == k2 && w1 == w2 && (n1.is_some() || n2.is_some()))
            .and_then(|(_, _, n2)| n1.or(*n2))
    })
}

/// How two identifiers compare at a rung of the ladder ([`Identifier::compare`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Comparison<'a, 'b> {
    /// Whether they are equivalent at the rung asked.
    pub equivalent: bool,
    /// The lowest rung at which they are equivalent; the rung asked when they are not.
    pub rung: Level,
    /// The rule of that rung for the first identifier's kind ([`Identifier::rule`]).
    pub rule: &'static str,
    /// Their keys at the rung asked.
    pub keys: (Key<'a>, Key<'b>),
    /// When they are different: what they have in common, for people ("the same paper in
    /// another version"), from [`crate::scheme::Scheme::work`].
    pub note: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    /// Texts made of pieces of DOIs in their written forms (and of what breaks them): the
    /// input of the tests that hold the DOI shortcuts to the general reading.
    fn doi_like() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let pieces = [
            "10.1000/182",
            "10.1000",
            "10.",
            "/",
            "doi:",
            "DOI: ",
            "doi ",
            "https://doi.org/",
            "http://dx.doi.org/",
            "HTTP://DX.DOI.ORG/",
            "doi.org/",
            "www.doi.org/",
            "api/handles/",
            "info:doi/",
            "urn:doi:",
            "abc",
            "%2F",
            "%3C",
            "%ZZ",
            "?x",
            "#f",
            " ",
            "\u{A0}",
            "é",
            "10/abc",
            "hdl:",
            "http://a/",
            "(SICI)",
            ":",
            "\t",
            "\u{1a}",
        ];
        prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..6).prop_map(|v| v.concat())
    }

    /// `read_doi` is `read` narrowed to its DOI: the same name for every input, under every
    /// way of reading.
    #[test]
    fn read_doi_is_read_narrowed() {
        use proptest::prelude::*;
        let modes = [ReadAs::Auto, ReadAs::Doi, ReadAs::IriRef, ReadAs::Leiri];
        proptest!(ProptestConfig::with_cases(3_000), |(s in doi_like())| {
            for m in modes {
                let opts = ReadOptions::new(m, None).unwrap();
                let want = match read(&s, &opts).result {
                    Ok(Identifier::Doi(d)) => Some(d.doi.as_str().to_owned()),
                    _ => None,
                };
                let got = read_doi(&s, &opts).map(|d| d.as_str().to_owned());
                prop_assert_eq!(got, want, "{:?} as {:?}", s, m);
            }
        });
    }

    /// `read_doi` skips the rows the DOI scheme does not claim: on values of other kinds, and on
    /// DOIs with whitespace at their edges (detection trims it), it still answers as `read`.
    #[test]
    fn read_doi_on_other_kinds_and_spaced_dois() {
        let values = [
            "0000-0002-1825-0097",
            "hdl:10.1000/1",
            "ark:/12345/x",
            "urn:isbn:0451450523",
            "ISBN 0-451-45052-3",
            "https://example.org/10.1000/x",
            "  10.1000/x  ",
            "\t doi:10.1000/x",
            " https://doi.org/10.1000/x\n",
            "10.1000",
            "doi:",
            "https://doi.org/",
            "info:doi/10.1000/x",
            "urn:doi:10.1000:x",
            "\u{3000}10.1000/x",
            "",
        ];
        for s in values {
            for m in [ReadAs::Auto, ReadAs::Doi] {
                let opts = ReadOptions::new(m, None).unwrap();
                let want = match read(s, &opts).result {
                    Ok(Identifier::Doi(d)) => Some(d.doi.as_str().to_owned()),
                    _ => None,
                };
                let got = read_doi(s, &opts).map(|d| d.as_str().to_owned());
                assert_eq!(got, want, "{s:?} as {m:?}");
            }
        }
    }

    /// The common DOI forms read at once give what detection and the DOI unit give.
    #[test]
    fn the_common_doi_forms_read_as_detection_would() {
        use proptest::prelude::*;
        proptest!(ProptestConfig::with_cases(5_000), |(s in doi_like())| {
            for (m, profile) in [
                (ReadAs::Auto, None),
                (ReadAs::Doi, None),
                (ReadAs::Auto, Some("legacy")),
                (ReadAs::Doi, Some("legacy")),
            ] {
                let opts = ReadOptions::new(m, profile).unwrap();
                let (a, b) = (read(&s, &opts), read_detected(&s, &opts));
                prop_assert_eq!(
                    format!("{:?}", (a.kind, &a.result, &a.notes)),
                    format!("{:?}", (b.kind, &b.result, &b.notes)),
                    "{:?} as {:?} ({:?})", s, m, profile
                );
            }
        });
    }

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
        // Under auto-detection a relative reference is no identifier (issue 27).
        assert_eq!(kind("a/b", ReadAs::Auto), (Kind::RelativeRef, false));
        assert_eq!(kind("a/b", ReadAs::IriRef), (Kind::RelativeRef, true));
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
            "https://doi.org/10.1000/abc"
        );
        assert_eq!(
            normalize("DOI: 10.1000/abc", Level::Syntax),
            "https://doi.org/10.1000/abc"
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
        #[cfg(feature = "idna")]
        assert_eq!(
            uri("http://r\u{e9}sum\u{e9}.example.org/p\u{e9}"),
            "http://xn--rsum-bpad.example.org/p%C3%A9"
        );
        // A DOI written as a URL stays a URL; a name gives its doi: URI (issue 14).
        assert_eq!(
            uri("https://doi.org/10.1000/182"),
            "https://doi.org/10.1000/182"
        );
        assert_eq!(uri("10.1000/182"), "doi:10.1000/182");
        let iri = Identifier::parse("http://www.example.org/D%C3%BCrst").unwrap();
        assert_eq!(
            iri.to_iri(&ToIri::new()).unwrap(),
            "http://www.example.org/D\u{fc}rst"
        );
    }
}
