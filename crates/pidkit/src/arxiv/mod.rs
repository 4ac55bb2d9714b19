//! arXiv identifiers, to the letter of arXiv's help pages: "Understanding the arXiv identifier"
//! (<https://info.arxiv.org/help/arxiv_identifier.html>) and "arXiv identifier scheme -
//! information for interacting services"
//! (<https://info.arxiv.org/help/arxiv_identifier_for_services.html>), with the archive list of
//! arXiv's taxonomy and the DOIs arXiv registers with DataCite ("New arXiv articles are now
//! automatically assigned DOIs", arXiv blog, 17 February 2022,
//! <https://blog.arxiv.org/2022/02/17/new-arxiv-articles-are-now-automatically-assigned-dois/>).
//!
//! The rules:
//!
//! - **New scheme** (from April 2007): `YYMM.NNNN` from `0704` through `1412`, `YYMM.NNNNN` from
//!   `1501`: two digits of the year (`07` is 2007 … `99` is 2099), two of the month (`01` to
//!   `12`), `.`, and the zero-padded sequence number in that month, from `0001` (`00001`).
//! - **Old scheme** (August 1991 to March 2007): `archive/YYMMNNN` — an archive of arXiv
//!   (`hep-th`, `math`, `cs`, `astro-ph` …), optionally `.` and a subject class (`math.GT`,
//!   `cs.AI`), `/`, then `YYMM` (`9108` to `0703`) and three digits.
//! - **Version**: either may end in `vV`, a literal `v` and the version number from `v1`. An
//!   identifier with a version names that version, without one the paper (its latest version):
//!   `v2` and `v3` are different identifiers.
//! - **Written forms**: the identifier alone; with the `arXiv:` label, the preferred external
//!   form (any case, a space after the colon allowed); the abstract page
//!   `https://arxiv.org/abs/ID` and the PDF `https://arxiv.org/pdf/ID` (with or without `.pdf`),
//!   also `http`, `www.arxiv.org` and `export.arxiv.org`.
//!
//! ```
//! use pidkit::arxiv::Arxiv;
//!
//! let a = Arxiv::parse("https://arxiv.org/abs/2101.00001v2")?;
//! assert_eq!((a.id(), a.version()), ("2101.00001".into(), Some("2")));
//! assert_eq!(a.key(), "arXiv:2101.00001v2");
//! assert_eq!(a.doi(), "10.48550/arXiv.2101.00001");
//!
//! // The subject class of an old-scheme identifier is not part of it.
//! let b = Arxiv::parse("arXiv:math.GT/0309136")?;
//! assert_eq!((b.id(), b.subject_class()), ("math/0309136".into(), Some("GT")));
//! assert_eq!(b.key(), Arxiv::parse("math/0309136")?.key());
//!
//! let e = Arxiv::parse("arXiv:1501.0001").unwrap_err();
//! assert_eq!((e.code(), e.offset, e.len), ("arxiv-number-digits", 11, 4));
//! assert_eq!(e.hint().as_deref(), Some("did you mean 1501.00001?"));
//! # Ok::<(), pidkit::arxiv::ArxivParseError>(())
//! ```

mod checks;
mod error;
mod extract;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{ArxivError, ArxivParseError, codes};
pub use extract::{Found, FoundIter, find_iter};
pub use scheme::ArxivScheme;
pub use syntax::{ArxivForm, claims};

use syntax::Spans;

/// The DOI prefix arXiv registers its papers' DOIs under, with DataCite, since 2022.
pub const DOI_PREFIX: &str = "10.48550";

/// Where [`Arxiv::url`] points: arXiv's abstract pages.
pub const ABS_URL: &str = "https://arxiv.org/abs/";

/// Which of arXiv's two identifier schemes an identifier follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdScheme {
    /// `YYMM.NNNN[N]`, from April 2007.
    New,
    /// `archive[.SC]/YYMMNNN`, August 1991 to March 2007.
    Old,
}

impl IdScheme {
    /// `new` or `old`.
    pub fn name(self) -> &'static str {
        match self {
            IdScheme::New => "new",
            IdScheme::Old => "old",
        }
    }
}

/// An arXiv identifier read from text, borrowing it: `2101.00001`, `arXiv:2101.00001v2`,
/// `hep-th/9901001`, `https://arxiv.org/abs/math.GT/0309136`.
///
/// Decisions where the help pages leave a choice:
///
/// - **Identity.** Two identifiers are the same when they name the same paper and the same
///   version (or both no version): the written form, the case of an archive name or of `V`, and
///   an old-scheme subject class do not count ("interacting services": the internal identifier
///   `math.CA/0611800v2` is externally `arXiv:math/0611800v2`, and old-scheme numbers run per
///   archive, not per subject class). [`Arxiv::same_paper`] ignores the version too.
/// - **Case.** arXiv writes archives and the `v` in lower case; other cases are read, warned
///   (`arxiv-case`) and lower-cased in the normal form. The `arXiv:` label is read in any case,
///   silently.
/// - **Dates.** A new-scheme `YYMM` before `0704` is rejected (`00` to `06` would be 2100 to
///   2106); an old-scheme one outside `9108`–`0703` too. An old-scheme identifier dated outside
///   its archive's months is warned (`arxiv-archive-dates`), not rejected.
/// - **Sequence numbers** start at `0001`: `0000` is rejected. Old-scheme `NNN` may be `000`.
/// - **URLs**: only `/abs/` and `/pdf/` name a paper; a query or fragment is read, warned and
///   left out of the identity; a trailing `/` is an error.
/// - **Surrounding whitespace** (ASCII) is left out and warned (`arxiv-surrounding-space`), as
///   DOIs and handles do.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Arxiv::key`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arxiv<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Arxiv<'a> {
    /// Read an arXiv identifier in any of its written forms.
    ///
    /// ```
    /// use pidkit::arxiv::Arxiv;
    /// assert!(Arxiv::parse("0706.0001").is_ok());
    /// let e = Arxiv::parse("arXiv:0706.0001v0").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("arxiv-version-zero", 15, 2));
    /// ```
    pub fn parse(s: &'a str) -> Result<Arxiv<'a>, ArxivParseError> {
        Ok(Arxiv {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// How it was written.
    pub fn form(&self) -> ArxivForm {
        self.spans.form
    }

    /// New or old scheme.
    pub fn scheme(&self) -> IdScheme {
        if self.spans.archive.is_some() {
            IdScheme::Old
        } else {
            IdScheme::New
        }
    }

    /// The identifier without its version, in arXiv's form: `2101.00001`, `hep-th/9901001`
    /// (archive in lower case, no subject class). Borrowed when the input holds it so.
    ///
    /// ```
    /// use pidkit::arxiv::Arxiv;
    /// assert_eq!(Arxiv::parse("arXiv:HEP-TH/9901001v1")?.id(), "hep-th/9901001");
    /// # Ok::<(), pidkit::arxiv::ArxivParseError>(())
    /// ```
    pub fn id(&self) -> Cow<'a, str> {
        let sp = &self.spans;
        let end = sp.number.1;
        match (sp.archive, sp.subject) {
            (Some((a, a_end)), sub) => {
                let archive = self.slice(a, a_end);
                if sub.is_none() && !archive.bytes().any(|c| c.is_ascii_uppercase()) {
                    Cow::Borrowed(self.slice(a, end))
                } else {
                    Cow::Owned(format!(
                        "{}/{}",
                        archive.to_ascii_lowercase(),
                        self.slice(sp.yymm, end)
                    ))
                }
            }
            (None, _) => Cow::Borrowed(self.slice(sp.yymm, end)),
        }
    }

    /// The version number without its `v` (`"2"`), or `None`: the identifier then names the
    /// paper, whose latest version resolvers show.
    pub fn version(&self) -> Option<&'a str> {
        self.spans.version.map(|(a, b)| self.slice(a, b))
    }

    /// The identifier with its version, if any: `2101.00001v2` ([`Scheme::name`] of the
    /// scheme).
    ///
    /// [`Scheme::name`]: crate::scheme::Scheme::name
    pub fn versioned(&self) -> Cow<'a, str> {
        let id = self.id();
        let Some((v0, v1)) = self.spans.version else {
            return id;
        };
        match id {
            Cow::Borrowed(i) if self.input.as_bytes()[v0 - 1] == b'v' => {
                let start = self.spans.id_start();
                debug_assert_eq!(start + i.len() + 1, v0);
                Cow::Borrowed(self.slice(start, v1))
            }
            id => Cow::Owned(format!("{id}v{}", self.slice(v0, v1))),
        }
    }

    /// The archive of an old-scheme identifier, as written (`hep-th`).
    pub fn archive(&self) -> Option<&'a str> {
        self.spans.archive.map(|(a, b)| self.slice(a, b))
    }

    /// The subject class written after an old-scheme archive, as written (`GT` of
    /// `math.GT/0309136`): not part of the identifier's identity.
    pub fn subject_class(&self) -> Option<&'a str> {
        self.spans.subject.map(|(a, b)| self.slice(a, b))
    }

    /// The four digits `YYMM`: the year and month the paper was submitted (new scheme) or
    /// added (old scheme).
    pub fn yymm(&self) -> &'a str {
        self.slice(self.spans.yymm, self.spans.yymm + 4)
    }

    /// The year: 1991 to 2007 in the old scheme, 2007 to 2099 in the new one.
    ///
    /// ```
    /// use pidkit::arxiv::Arxiv;
    /// assert_eq!(Arxiv::parse("9912.12345v2")?.year(), 2099);
    /// assert_eq!(Arxiv::parse("hep-th/9901001")?.year(), 1999);
    /// # Ok::<(), pidkit::arxiv::ArxivParseError>(())
    /// ```
    pub fn year(&self) -> u16 {
        let b = self.input.as_bytes();
        let ym = match self.scheme() {
            IdScheme::Old => syntax::yyyymm_old(b, self.spans.yymm),
            IdScheme::New => 200_000 + syntax::yymm_new(b, self.spans.yymm),
        };
        u16::try_from(ym / 100).unwrap_or(0)
    }

    /// The month, 1 to 12.
    pub fn month(&self) -> u8 {
        let b = self.input.as_bytes();
        let i = self.spans.yymm + 2;
        (b[i] - b'0') * 10 + (b[i + 1] - b'0')
    }

    /// The sequence number in its month (new scheme: four or five digits; old scheme: the
    /// three digits after `YYMM`, in its month and archive).
    pub fn number(&self) -> &'a str {
        self.slice(self.spans.number.0, self.spans.number.1)
    }

    /// The normal form, arXiv's preferred external identifier: `arXiv:` and
    /// [`Arxiv::versioned`]. Equal keys ⇔ the same paper and version. Borrowed when the
    /// input is already in this form.
    ///
    /// ```
    /// use pidkit::arxiv::Arxiv;
    /// let k = |s| Arxiv::parse(s).unwrap().key().into_owned();
    /// assert_eq!(k("https://export.arxiv.org/pdf/2101.00001V3.pdf"), "arXiv:2101.00001v3");
    /// assert_eq!(k(" ARXIV: math.GT/0309136 "), "arXiv:math/0309136");
    /// assert_ne!(k("2101.00001v2"), k("2101.00001v3"));
    /// assert_ne!(k("2101.00001v2"), k("2101.00001"));
    /// ```
    pub fn key(&self) -> Cow<'a, str> {
        let v = self.versioned();
        let sp = &self.spans;
        if let Cow::Borrowed(b) = v
            && sp.lo == 0
            && sp.hi == self.input.len()
            && self.input.starts_with("arXiv:")
            && b.len() + 6 == self.input.len()
        {
            return Cow::Borrowed(self.input);
        }
        Cow::Owned(format!("arXiv:{v}"))
    }

    /// The abstract page: `https://arxiv.org/abs/` and [`Arxiv::versioned`].
    pub fn url(&self) -> String {
        [ABS_URL, &self.versioned()].concat()
    }

    /// The DOI name arXiv registered for the paper (without version: arXiv's DOIs name papers):
    /// `10.48550/arXiv.` and [`Arxiv::id`] (the arXiv blog's rule: the identifier with `:`
    /// replaced by `.`).
    pub fn doi(&self) -> String {
        format!("{DOI_PREFIX}/arXiv.{}", self.id())
    }

    /// Whether `other` names the same paper, perhaps in another version: equal identifiers
    /// without version.
    ///
    /// ```
    /// use pidkit::arxiv::Arxiv;
    /// let a = Arxiv::parse("arXiv:2101.00001v1")?;
    /// assert!(a.same_paper(&Arxiv::parse("https://arxiv.org/abs/2101.00001v3")?));
    /// assert!(!a.same_paper(&Arxiv::parse("2101.00002v1")?));
    /// # Ok::<(), pidkit::arxiv::ArxivParseError>(())
    /// ```
    pub fn same_paper(&self, other: &Arxiv<'_>) -> bool {
        self.id() == other.id()
    }

    /// The URL's query, without `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.spans.query.map(|(a, b)| self.slice(a, b))
    }

    /// The URL's fragment, without `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.spans.fragment.map(|(a, b)| self.slice(a, b))
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let a = pidkit::arxiv::Arxiv::parse("arXiv:math.GT/0309136v2")?;
    /// let p = a.parts();
    /// assert_eq!((p.id.as_ref(), p.version, p.scheme), ("math/0309136", Some("2"), "old"));
    /// assert_eq!((p.archive.as_deref(), p.subject_class), (Some("math"), Some("GT")));
    /// assert_eq!((p.yymm, p.number), ("0309", "136"));
    /// assert_eq!(p.url, "https://arxiv.org/abs/math/0309136v2");
    /// assert_eq!(p.doi, "10.48550/arXiv.math/0309136");
    /// # Ok::<(), pidkit::arxiv::ArxivParseError>(())
    /// ```
    pub fn parts(&self) -> ArxivParts<'a> {
        ArxivParts {
            id: self.id(),
            version: self.version(),
            scheme: self.scheme().name(),
            archive: self.archive().map(|a| {
                if a.bytes().any(|c| c.is_ascii_uppercase()) {
                    Cow::Owned(a.to_ascii_lowercase())
                } else {
                    Cow::Borrowed(a)
                }
            }),
            subject_class: self.subject_class(),
            yymm: self.yymm(),
            number: self.number(),
            url: self.url(),
            doi: self.doi(),
        }
    }

    /// Valid but worth a look ([`codes`]): surrounding whitespace, upper case, a subject class,
    /// a date outside the archive's months, a URL's query or fragment.
    ///
    /// ```
    /// use pidkit::arxiv::Arxiv;
    /// let codes = |s| Arxiv::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert!(codes("arXiv:2101.00001").is_empty());
    /// assert_eq!(codes(" Math.GT/0309136"), ["arxiv-surrounding-space", "arxiv-case", "arxiv-subject-class"]);
    /// assert_eq!(codes("alg-geom/9801001"), ["arxiv-archive-dates"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        checks::warnings(self)
    }

    fn slice(&self, from: usize, to: usize) -> &'a str {
        self.input.get(from..to).unwrap_or_default()
    }
}

impl fmt::Display for Arxiv<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Arxiv<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Arxiv({:?})", self.input)
    }
}

/// The arXiv identifier a DOI name of arXiv's (`10.48550/arXiv.2101.00001`, prefix and
/// `arXiv.` in any case: DOI names are case-insensitive in ASCII) names, borrowing the name;
/// `None` for any other DOI name, and for one whose identifier carries a version (arXiv's DOIs
/// name papers, not versions) or is not a valid arXiv identifier.
///
/// ```
/// use pidkit::arxiv::{arxiv_of_doi, doi_of, Arxiv};
/// let a = arxiv_of_doi("10.48550/ARXIV.2202.01037").unwrap();
/// assert_eq!(a.key(), "arXiv:2202.01037");
/// assert_eq!(arxiv_of_doi("10.48550/arXiv.hep-th/9901001").unwrap().id(), "hep-th/9901001");
/// assert!(arxiv_of_doi("10.48550/arXiv.2202.01037v2").is_none());
/// assert!(arxiv_of_doi("10.1000/arXiv.2202.01037").is_none());
/// assert_eq!(doi_of(&Arxiv::parse("arXiv:2202.01037v3")?), "10.48550/arXiv.2202.01037");
/// # Ok::<(), pidkit::arxiv::ArxivParseError>(())
/// ```
pub fn arxiv_of_doi(doi_name: &str) -> Option<Arxiv<'_>> {
    const LEAD: &str = "10.48550/arxiv.";
    let head = doi_name.get(..LEAD.len())?;
    if !head.eq_ignore_ascii_case(LEAD) {
        return None;
    }
    let a = Arxiv::parse(&doi_name[LEAD.len()..]).ok()?;
    (a.form() == ArxivForm::Bare
        && a.spans.lo == 0
        && a.spans.hi == a.input.len()
        && a.version().is_none())
    .then_some(a)
}

/// The DOI name of the paper `id` names, without its version ([`Arxiv::doi`]).
pub fn doi_of(id: &Arxiv<'_>) -> String {
    id.doi()
}

/// Whether `a` and `b` name the same paper, in the same version or not ([`Arxiv::same_paper`]):
/// what `compare` can call "the same paper, another version" when their keys differ.
pub fn same_paper(a: &Arxiv<'_>, b: &Arxiv<'_>) -> bool {
    a.same_paper(b)
}

/// The parts of an arXiv identifier as the CLI's JSON object `"arxiv"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArxivParts<'a> {
    /// The identifier without version, in arXiv's form.
    pub id: Cow<'a, str>,
    /// The version number, without `v`.
    pub version: Option<&'a str>,
    /// `new` or `old`.
    pub scheme: &'static str,
    /// The old-scheme archive, in lower case.
    pub archive: Option<Cow<'a, str>>,
    /// The old-scheme subject class, as written.
    pub subject_class: Option<&'a str>,
    /// The four digits of year and month.
    pub yymm: &'a str,
    /// The sequence number in the month.
    pub number: &'a str,
    /// The abstract page, with the version if any.
    pub url: String,
    /// The DOI name arXiv registered for the paper.
    pub doi: String,
}

impl crate::scheme::Fields for ArxivParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The identifier without its version, as arXiv writes it: YYMM.NNNNN, or archive/YYMMNNN in lower case without subject class.",
        ),
        Field::new(
            "version",
            FieldType::OptStr,
            "The version number without its 'v' (\"2\"); null when the identifier names the paper, not a version.",
        ),
        Field::new(
            "scheme",
            FieldType::Str,
            "Which identifier scheme: new (YYMM.NNNNN, from April 2007) or old (archive/YYMMNNN, 1991 to March 2007).",
        )
        .one_of(&["new", "old"]),
        Field::new(
            "archive",
            FieldType::OptStr,
            "The archive of an old-scheme identifier, in lower case (hep-th, math …); null in the new scheme.",
        ),
        Field::new(
            "subject_class",
            FieldType::OptStr,
            "The subject class written after an old-scheme archive (GT of math.GT/0309136), not part of the identity; null when none.",
        ),
        Field::new(
            "yymm",
            FieldType::Str,
            "The year and month, four digits YYMM.",
        ),
        Field::new(
            "number",
            FieldType::Str,
            "The sequence number in its month (and archive, in the old scheme), as written.",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The abstract page at arxiv.org, with the version if any.",
        ),
        Field::new(
            "doi",
            FieldType::Str,
            "The DOI name arXiv registered for the paper at DataCite (10.48550/arXiv.ID), without version.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::opt(self.version),
            2 => Value::Str(self.scheme),
            3 => Value::opt(self.archive.as_deref()),
            4 => Value::opt(self.subject_class),
            5 => Value::Str(self.yymm),
            6 => Value::Str(self.number),
            7 => Value::Str(&self.url),
            8 => Value::Str(&self.doi),
            _ => Value::Null,
        }
    }
}
