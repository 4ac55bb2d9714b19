//! SWHIDs, SoftWare Hash IDentifiers (formerly SoftWare Heritage persistent IDentifiers): the
//! core `swh:1:TYPE:HASH` and its qualifiers, read borrowing the input, bare or in the URL of
//! a resolver, compared as §6.4 of the specification says.
//!
//! Sources (the rules and every example below are theirs):
//!
//! - The SWHID specification v1.2 (the text of ISO/IEC 18670), <https://swhid.org/specification/v1.2/>:
//!   §4 Syntax (the grammar), §5 Core identifiers (the object types, the lower-case hex object
//!   id), §6 Qualified identifiers (the fragment qualifiers `lines` and `bytes`, the context
//!   qualifiers `origin`, `visit`, `path`, `anchor`, when each is valid, §6.4 comparison, §6.5
//!   the canonical order).
//! - The Software Heritage documentation, "SoftWare Heritage persistent IDentifiers (SWHIDs)",
//!   <https://docs.softwareheritage.org/devel/swh-model/persistent-identifiers.html>: the
//!   examples, and "Resolution": the archive's root endpoint
//!   `https://archive.softwareheritage.org/<SWHID>`, its API endpoint `/api/1/resolve/<SWHID>/`,
//!   and the external resolvers Identifiers.org and Name-to-Thing.
//! - The `swh` URI scheme's IANA registration (provisional), template in swh-model's
//!   `docs/iana-swh-template.txt`.
//!
//! ```
//! use pidkit::swh::{ObjectType, Swhid};
//!
//! let id = Swhid::parse("swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b;lines=9-15;origin=https://gitorious.org/ocamlp3l/ocamlp3l_cvs.git")?;
//! assert_eq!(id.object_type(), ObjectType::Content);
//! assert_eq!(id.hash(), "4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b");
//! assert_eq!(id.core(), "swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b");
//! assert_eq!(id.lines(), Some("9-15"));
//! // §6.4: the order of the qualifiers does not matter; the normal form has the canonical one.
//! assert_eq!(id.key(pidkit::Level::Syntax), "swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b;origin=https://gitorious.org/ocamlp3l/ocamlp3l_cvs.git;lines=9-15");
//! assert_eq!(id.warnings()[0].code, "swh-qualifier-order");
//!
//! let err = Swhid::parse("swh:1:cnt:94A9ED024D3859793618152EA559A168BBCBB5E2").unwrap_err();
//! assert_eq!((err.code(), err.offset), ("swh-hash-case", 12));
//! assert_eq!(err.hint().unwrap(), "write it in lower case: 94a9ed024d3859793618152ea559a168bbcbb5e2");
//! # Ok::<(), pidkit::swh::SwhParseError>(())
//! ```
//!
//! Decisions where the sources leave a choice:
//!
//! - **Written forms.** The SWHID itself, and the SWHID after `http://` or `https://` and
//!   `archive.softwareheritage.org/` (the root endpoint), `archive.softwareheritage.org/browse/`
//!   (the legacy browse endpoint), `archive.softwareheritage.org/api/1/resolve/` (the API),
//!   `identifiers.org/` or `n2t.net/` (the external resolvers of the docs); scheme and host in
//!   any case, one trailing `/` after the SWHID left out (swh-web reads its legacy URLs so).
//!   Whitespace around the SWHID is an error, as in the other IRI-shaped schemes.
//! - **Case.** `swh` is accepted in any case (it is a URI scheme, RFC 3986 §3.1) and warned
//!   (`swh-scheme-case`); the object type and the object id are lower case, as the grammar
//!   writes them: upper case is an error whose hint gives the lower-case form.
//! - **Qualifiers.** The six of the grammar (`bytes` came with v1.1); an unknown or repeated
//!   one is an error. `origin` is read by the IRI grammar (§4 says an RFC 3987 IRI; §6.3.2 says
//!   a URI: IRIs are accepted), `path` as an `ipath-absolute`, `visit` and `anchor` as core
//!   SWHIDs of the types §6.3.3 and §6.3.5 name, `lines` as numbers from 1 and `bytes` from 0,
//!   start ≤ end. A qualifier §6 says to ignore (a fragment on a non-content, `lines` with
//!   `bytes`, `visit` without `origin`, `anchor` without `path`) is warned, and left out of the
//!   `Scheme` normal form. §6.3.4 also says a `path` on a content is ignored, but the
//!   specification's own examples put one there: pidkit keeps it.
//! - **Equivalence** (§6.4: the same set of qualifiers with identical values, in any order):
//!   at `Syntax`, the SWHID out of its URL, `swh` in lower case, the qualifiers in the
//!   canonical order of §6.5, the origin in its syntax-normal form and the path's
//!   percent-encoding normalized (RFC 3986 §6.2.2, as the IRI ladder does), other values as
//!   written; at `Scheme` also without the ignored qualifiers, ranges as the numbers they
//!   designate (`lines=09-9` is `lines=9`) and the origin in its scheme-normal form (RFC 3986
//!   §6.2.3). The core alone identifies the object bit for bit ([`Swhid::core`]).
//! - **Resolution.** The archive answers `GET /<SWHID>` with a redirect to its browse page
//!   (swh-web's `swhid_browse` view), so SWHIDs resolve there ([`SWH_RESOLVER`]).

mod checks;
mod error;
mod normalize;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::iri::Level;
use crate::scheme::{Field, FieldType, Value};

pub use error::{SwhError, SwhParseError, codes};
pub use scheme::{SWH_RESOLVER, SwhScheme};
pub use syntax::{Form, claims};

use syntax::Spans;

/// The archive's root endpoint, where [`Swhid::url`] puts a SWHID (Software Heritage docs,
/// "Resolution").
pub const ARCHIVE: &str = "https://archive.softwareheritage.org/";

/// The type of the object a SWHID identifies (§5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ObjectType {
    /// `cnt`: a content, the bytes of a file (§5.1).
    Content,
    /// `dir`: a directory (§5.2).
    Directory,
    /// `rev`: a revision, a commit (§5.3).
    Revision,
    /// `rel`: a release (§5.4).
    Release,
    /// `snp`: a snapshot of an origin's branches (§5.5).
    Snapshot,
}

impl ObjectType {
    /// Every type, in the order of §5.
    pub const ALL: [ObjectType; 5] = [
        ObjectType::Content,
        ObjectType::Directory,
        ObjectType::Revision,
        ObjectType::Release,
        ObjectType::Snapshot,
    ];

    /// Its tag in a SWHID: `cnt`, `dir`, `rev`, `rel`, `snp`.
    pub fn tag(self) -> &'static str {
        match self {
            ObjectType::Content => "cnt",
            ObjectType::Directory => "dir",
            ObjectType::Revision => "rev",
            ObjectType::Release => "rel",
            ObjectType::Snapshot => "snp",
        }
    }

    /// Its name: `content`, `directory`, `revision`, `release`, `snapshot`.
    pub fn name(self) -> &'static str {
        match self {
            ObjectType::Content => "content",
            ObjectType::Directory => "directory",
            ObjectType::Revision => "revision",
            ObjectType::Release => "release",
            ObjectType::Snapshot => "snapshot",
        }
    }

    /// The type of the tag `t` (lower case only, as the grammar writes it).
    ///
    /// ```
    /// use pidkit::swh::ObjectType;
    /// assert_eq!(ObjectType::from_tag("rev"), Some(ObjectType::Revision));
    /// assert_eq!(ObjectType::from_tag("REV"), None);
    /// ```
    pub fn from_tag(t: &str) -> Option<ObjectType> {
        ObjectType::ALL.into_iter().find(|o| o.tag() == t)
    }
}

/// A qualifier of a SWHID (§6), in the canonical order of §6.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Qualifier {
    /// `origin`: where the object was found, an IRI (§6.3.2).
    Origin,
    /// `visit`: the core SWHID of the snapshot of that origin's visit (§6.3.3).
    Visit,
    /// `anchor`: the core SWHID of the node the path starts from (§6.3.5).
    Anchor,
    /// `path`: the absolute path from the anchor's root directory (§6.3.4).
    Path,
    /// `lines`: a line or range of lines of a content, from 1 (§6.2.2).
    Lines,
    /// `bytes`: a byte or range of bytes of a content, from 0 (§6.2.3).
    Bytes,
}

impl Qualifier {
    /// Every qualifier, in the canonical order (§6.5).
    pub const ALL: [Qualifier; 6] = [
        Qualifier::Origin,
        Qualifier::Visit,
        Qualifier::Anchor,
        Qualifier::Path,
        Qualifier::Lines,
        Qualifier::Bytes,
    ];

    /// Its name: `origin`, `visit`, `anchor`, `path`, `lines`, `bytes`.
    pub fn name(self) -> &'static str {
        match self {
            Qualifier::Origin => "origin",
            Qualifier::Visit => "visit",
            Qualifier::Anchor => "anchor",
            Qualifier::Path => "path",
            Qualifier::Lines => "lines",
            Qualifier::Bytes => "bytes",
        }
    }

    /// Its place in the canonical order, from 0.
    pub(crate) fn order(self) -> usize {
        self as usize
    }
}

/// A SWHID read from text, borrowing it: `swh:1:TYPE:HASH`, with qualifiers or not, as
/// written or in a resolver's URL. `Display` gives the input; equality and hash are those of
/// the input. Compare with [`Swhid::key`] or [`Swhid::equivalent`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swhid<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Swhid<'a> {
    /// Read a SWHID (or one of its resolver URLs).
    ///
    /// ```
    /// use pidkit::swh::Swhid;
    /// assert!(Swhid::parse("swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505").is_ok());
    /// assert!(Swhid::parse("https://archive.softwareheritage.org/swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d").is_ok());
    /// let e = Swhid::parse("swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("swh-hash-length", 10, 39));
    /// ```
    pub fn parse(s: &'a str) -> Result<Swhid<'a>, SwhParseError> {
        Ok(Swhid {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The SWHID as written, without a resolver URL around it.
    pub fn as_written(&self) -> &'a str {
        &self.input[self.spans.start..self.spans.end]
    }

    /// The form it was written in.
    pub fn form(&self) -> Form {
        self.spans.form
    }

    /// The core SWHID as written (`swh:1:TYPE:HASH`, fifty characters): it identifies the
    /// object, bit for bit (§6.4).
    pub fn core(&self) -> &'a str {
        &self.input[self.spans.core.start..self.spans.core.end()]
    }

    /// The object's type.
    pub fn object_type(&self) -> ObjectType {
        self.spans.core.ty
    }

    /// The object id: 40 lower-case hex digits, the object's intrinsic hash (§5).
    pub fn hash(&self) -> &'a str {
        &self.input[self.spans.core.hash_start()..self.spans.core.end()]
    }

    /// The value of the qualifier `q` as written, if given.
    pub fn qualifier(&self, q: Qualifier) -> Option<&'a str> {
        self.spans
            .qual(q)
            .map(|q| &self.input[q.value.0..q.value.1])
    }

    /// The qualifiers as written, `(qualifier, value)`, in the order written.
    ///
    /// ```
    /// use pidkit::swh::{Qualifier, Swhid};
    /// let id = Swhid::parse("swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;path=/src;anchor=swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d")?;
    /// let q: Vec<_> = id.qualifiers().map(|(q, _)| q).collect();
    /// assert_eq!(q, [Qualifier::Path, Qualifier::Anchor]);
    /// # Ok::<(), pidkit::swh::SwhParseError>(())
    /// ```
    pub fn qualifiers(&self) -> impl Iterator<Item = (Qualifier, &'a str)> + '_ {
        let input = self.input;
        self.spans
            .quals()
            .map(move |q| (q.kind, &input[q.value.0..q.value.1]))
    }

    /// The `origin` as written.
    pub fn origin(&self) -> Option<&'a str> {
        self.qualifier(Qualifier::Origin)
    }

    /// The `visit` as written.
    pub fn visit(&self) -> Option<&'a str> {
        self.qualifier(Qualifier::Visit)
    }

    /// The `anchor` as written.
    pub fn anchor(&self) -> Option<&'a str> {
        self.qualifier(Qualifier::Anchor)
    }

    /// The `path` as written.
    pub fn path(&self) -> Option<&'a str> {
        self.qualifier(Qualifier::Path)
    }

    /// The `lines` as written.
    pub fn lines(&self) -> Option<&'a str> {
        self.qualifier(Qualifier::Lines)
    }

    /// The `bytes` as written.
    pub fn bytes(&self) -> Option<&'a str> {
        self.qualifier(Qualifier::Bytes)
    }

    /// The normal form at `level`, which is the equivalence key: the input at `Simple`; at
    /// `Syntax` the SWHID out of its URL, `swh` in lower case, the qualifiers in the canonical
    /// order (§6.5), the origin in its syntax-normal form and the path's percent-encoding
    /// normalized; at `Scheme` also without the qualifiers §6 says to ignore, the ranges as
    /// numbers and the origin in its scheme-normal form. Borrowed when the input holds it.
    ///
    /// ```
    /// use pidkit::{Level, swh::Swhid};
    /// let id = Swhid::parse("https://archive.softwareheritage.org/SWH:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;lines=01/")?;
    /// assert_eq!(id.key(Level::Syntax), "swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;lines=01");
    /// assert_eq!(id.key(Level::Scheme), "swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505");
    /// # Ok::<(), pidkit::swh::SwhParseError>(())
    /// ```
    pub fn key(&self, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(self.input),
            _ => normalize::key(self.input, &self.spans, level),
        }
    }

    /// Whether `other` is the same SWHID in the same context (§6.4): the same `Scheme` key.
    pub fn equivalent(&self, other: &Swhid<'_>) -> bool {
        self.key(Level::Scheme) == other.key(Level::Scheme)
    }

    /// What the normal form at `level` changes, step by step (for people).
    pub fn changes(&self, level: Level) -> Vec<String> {
        if level == Level::Simple {
            return Vec::new();
        }
        normalize::changes(self.input, &self.spans, level)
    }

    /// The SWHID at the archive's root endpoint, which redirects to its page:
    /// `https://archive.softwareheritage.org/` and the `Syntax` normal form (and a `/` after a
    /// SWHID that ends in one, which the archive would take for its URL's own).
    ///
    /// ```
    /// let id = pidkit::swh::Swhid::parse("swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2")?;
    /// assert_eq!(id.url(), "https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2");
    /// # Ok::<(), pidkit::swh::SwhParseError>(())
    /// ```
    pub fn url(&self) -> String {
        at_archive(&self.key(Level::Syntax))
    }

    /// The parts, for the CLI's JSON object.
    pub fn parts(&self) -> SwhidParts<'a> {
        SwhidParts {
            core: self.core(),
            object_type: self.object_type().tag(),
            hash: self.hash(),
            origin: self.origin(),
            visit: self.visit(),
            anchor: self.anchor(),
            path: self.path(),
            lines: self.lines(),
            bytes: self.bytes(),
            form: self.form().name(),
            url: self.url(),
        }
    }

    /// Valid but worth a look ([`codes`]): a resolver URL, `SWH` in upper case, qualifiers out
    /// of the canonical order or ignored by §6, numbers with leading zeros.
    ///
    /// ```
    /// use pidkit::swh::Swhid;
    /// let codes = |s| Swhid::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2"), Vec::<&str>::new());
    /// assert_eq!(codes("swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;lines=9"), ["swh-ignored-qualifier"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        checks::warnings(self)
    }
}

/// `normal` at the archive's root endpoint: a `/` is added after a SWHID that ends in one (a
/// path or origin ending in `/`), because a resolver URL's one trailing `/` is not part of the
/// SWHID.
pub(crate) fn at_archive(normal: &str) -> String {
    let slash = if normal.ends_with('/') { "/" } else { "" };
    format!("{ARCHIVE}{normal}{slash}")
}

impl fmt::Display for Swhid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Swhid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Swhid({:?})", self.input)
    }
}

/// The parts of a SWHID as the CLI's JSON object `"swh"` shows them.
///
/// ```
/// let id = pidkit::swh::Swhid::parse("https://archive.softwareheritage.org/swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b;lines=9-15")?;
/// let p = id.parts();
/// assert_eq!((p.object_type, p.lines, p.form), ("cnt", Some("9-15"), "archive"));
/// assert_eq!(p.core, "swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b");
/// # Ok::<(), pidkit::swh::SwhParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwhidParts<'a> {
    /// The core SWHID.
    pub core: &'a str,
    /// `cnt`, `dir`, `rev`, `rel` or `snp`.
    pub object_type: &'static str,
    /// The object id.
    pub hash: &'a str,
    /// The `origin` qualifier as written.
    pub origin: Option<&'a str>,
    /// The `visit` qualifier as written.
    pub visit: Option<&'a str>,
    /// The `anchor` qualifier as written.
    pub anchor: Option<&'a str>,
    /// The `path` qualifier as written.
    pub path: Option<&'a str>,
    /// The `lines` qualifier as written.
    pub lines: Option<&'a str>,
    /// The `bytes` qualifier as written.
    pub bytes: Option<&'a str>,
    /// [`Form::name`].
    pub form: &'static str,
    /// [`Swhid::url`].
    pub url: String,
}

impl crate::scheme::Fields for SwhidParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "core",
            FieldType::Str,
            "The core SWHID swh:1:TYPE:HASH as written: it identifies the object bit for bit.",
        ),
        Field::new(
            "object_type",
            FieldType::Str,
            "The type of the object: cnt (content), dir (directory), rev (revision), rel (release) or snp (snapshot).",
        )
        .one_of(&["cnt", "dir", "rev", "rel", "snp"]),
        Field::new(
            "hash",
            FieldType::Str,
            "The object id: 40 lower-case hex digits, the object's intrinsic SHA-1.",
        ),
        Field::new(
            "origin",
            FieldType::OptStr,
            "The origin qualifier as written: the IRI the object was found at.",
        ),
        Field::new(
            "visit",
            FieldType::OptStr,
            "The visit qualifier as written: the core SWHID of the origin's snapshot.",
        ),
        Field::new(
            "anchor",
            FieldType::OptStr,
            "The anchor qualifier as written: the core SWHID the path starts from.",
        ),
        Field::new(
            "path",
            FieldType::OptStr,
            "The path qualifier as written: the absolute path from the anchor's root directory.",
        ),
        Field::new(
            "lines",
            FieldType::OptStr,
            "The lines qualifier as written: N or N-M, lines counted from 1.",
        ),
        Field::new(
            "bytes",
            FieldType::OptStr,
            "The bytes qualifier as written: N or N-M, bytes counted from 0.",
        ),
        Field::new(
            "form",
            FieldType::Str,
            "How it was written: the SWHID, or at a resolver (the archive's root, browse or API endpoint, Identifiers.org, N2T).",
        )
        .one_of(&["swhid", "archive", "browse", "api", "identifiers-org", "n2t"]),
        Field::new(
            "url",
            FieldType::Str,
            "The SWHID at the archive's root endpoint, which redirects to its page.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.core),
            1 => Value::Str(self.object_type),
            2 => Value::Str(self.hash),
            3 => Value::opt(self.origin),
            4 => Value::opt(self.visit),
            5 => Value::opt(self.anchor),
            6 => Value::opt(self.path),
            7 => Value::opt(self.lines),
            8 => Value::opt(self.bytes),
            9 => Value::Str(self.form),
            10 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
