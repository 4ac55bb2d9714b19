//! The errors and warning codes of SWHIDs (SWHID specification v1.2, ISO/IEC 18670, §4 Syntax to
//! §6 Qualified identifiers), one row each.

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of a SWHID, at a byte offset of the input.
pub type SwhParseError = Error<SwhError>;

error_enum! {
    /// What is wrong with a SWHID. Every code starts `swh-`; the messages name the section of
    /// the SWHID specification that makes the rule.
    ///
    /// ```
    /// use pidkit::swh::{Swhid, SwhError};
    /// let e = Swhid::parse("swh:2:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (SwhError::Version("2".into()), "swh-version", 4));
    /// ```
    pub enum SwhError {
        /// Not a SWHID: no `swh:` at the start, nor after one of the resolvers' addresses
        /// (`https://archive.softwareheritage.org/`) (§4).
        NotSwhid => "swh-not-swhid",
            "not a SWHID: a SWHID starts with 'swh:' (SWHID §4 Syntax)",
            hint: "a SWHID reads swh:1:TYPE:HASH, such as swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2";
        /// Whitespace before or after the SWHID: it is not part of it (§4: no whitespace in the
        /// grammar).
        Whitespace(c: char) => "swh-whitespace",
            format!("{} around the SWHID is not part of it: the grammar has no whitespace (SWHID §4 Syntax)", describe(*c)),
            hint: "remove the whitespace around the SWHID";
        /// The SWHID ends before its core is complete: `swh:1:TYPE:HASH` (§4).
        Incomplete => "swh-incomplete",
            "the core SWHID is incomplete: it is swh:1:TYPE:HASH, four fields separated by ':' (SWHID §4 Syntax, §5)",
            hint: "a core SWHID reads swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2";
        /// A scheme version other than `1`, the only one defined (§4, §5).
        Version(v: String) => "swh-version",
            format!("scheme version '{v}' is not defined: the scheme version is 1 (SWHID §4 Syntax, §5 Core identifiers)"),
            hint: "write swh:1:…";
        /// An object type other than `cnt`, `dir`, `rev`, `rel` and `snp` (§4, §5).
        ObjectType(t: String) => "swh-object-type",
            format!("'{t}' is not an object type: the types are cnt, dir, rev, rel and snp (SWHID §4 Syntax, §5 Core identifiers)"),
            hint_if: type_hint(t);
        /// A character in the object id that is not a hexadecimal digit (§4: `object_id`).
        HashChar(c: char) => "swh-hash-char",
            format!("{} is not a hexadecimal digit: the object id is 40 hex digits (SWHID §4 Syntax, object_id)", describe(*c)),
            hint_if: (*c == ';').then(|| String::from("qualifiers follow the 40 hex digits of the object id"));
        /// An object id that is not 40 hexadecimal digits long (§4: `object_id`, a SHA-1).
        HashLength(n: usize) => "swh-hash-length",
            format!("the object id has {n} hex digits: it is 40, a hex-encoded SHA-1 (SWHID §4 Syntax, object_id)"),
            hint: "check that the object id was copied whole";
        /// Upper-case hex digits in the object id: the grammar has lower case only (§4
        /// `hex_digit`, §5: "lowercase ASCII characters").
        HashCase(lower: String) => "swh-hash-case",
            "the object id is written with lower-case hex digits only (SWHID §4 Syntax, hex_digit; §5 Core identifiers)",
            hint: format!("write it in lower case: {lower}");
        /// An empty qualifier: `;;`, or a `;` at the end (§4: `qualifiers`).
        QualifierEmpty => "swh-qualifier-empty",
            "an empty qualifier: each ';' is followed by a qualifier name=value (SWHID §4 Syntax, qualifiers)",
            hint: "remove the extra ';'";
        /// A qualifier without `=` and a value (§6.1: "a key-value pair").
        QualifierNoValue(name: String) => "swh-qualifier-no-value",
            format!("the qualifier '{name}' has no '=' and value: a qualifier is a key-value pair (SWHID §6.1 Qualifiers)");
        /// A qualifier name that is not one of the six of the grammar (§4, §6).
        UnknownQualifier(name: String) => "swh-unknown-qualifier",
            format!("'{name}' is not a qualifier: the qualifiers are origin, visit, anchor, path, lines and bytes (SWHID §4 Syntax, §6)"),
            hint_if: qualifier_hint(name);
        /// A qualifier given twice: each appears at most once (§6.2.1, §6.3.1).
        DuplicateQualifier(name: String) => "swh-duplicate-qualifier",
            format!("the qualifier '{name}' is given twice: each qualifier appears at most once (SWHID §6.2.1, §6.3.1)"),
            hint: "keep one of them";
        /// The `origin` is not an IRI (§4: `url_escaped`, an RFC 3987 IRI with `;` and `%`
        /// percent-encoded).
        Origin(e: IriError) => "swh-origin",
            format!("the origin is not an IRI: {e} (SWHID §4 Syntax, url_escaped; §6.3.2)"),
            hint_if: e.hint().or_else(|| origin_hint(e));
        /// The `visit` is not the core SWHID of a snapshot (§6.3.3).
        VisitType(t: String) => "swh-visit-type",
            format!("the visit is the core SWHID of a snapshot (snp), not of a '{t}' object (SWHID §6.3.3 Visit qualifier)");
        /// The `anchor` is the core SWHID of a content: an anchor is a directory, a revision, a
        /// release or a snapshot (§6.3.5).
        AnchorType(t: String) => "swh-anchor-type",
            format!("the anchor is the core SWHID of a directory, revision, release or snapshot, not of a '{t}' object (SWHID §6.3.5 Anchor qualifier)");
        /// The `path` is not absolute: it starts with one `/` (§4: `path_absolute_escaped`, an
        /// RFC 3987 `ipath-absolute`).
        PathNotAbsolute => "swh-path-not-absolute",
            "the path is absolute: it starts with a single '/' (SWHID §4 Syntax, path_absolute_escaped: ipath-absolute of RFC 3987)",
            hint: "write the path from the root directory of the anchor: /dir/file";
        /// A character the `path` may not hold (§4: `path_absolute_escaped`, with `;` and `%`
        /// percent-encoded).
        Path(e: IriError) => "swh-path",
            format!("the path is not an absolute IRI path: {e} (SWHID §4 Syntax, path_absolute_escaped)"),
            hint_if: e.hint();
        /// A `lines` or `bytes` value that is not `N` or `N-M` in decimal digits (§4: `range`).
        Range(found: Option<char>) => "swh-range",
            range_message(*found);
        /// Line number 0: line numbers start from 1 (§6.2.2).
        LineZero => "swh-line-zero",
            "line numbers start from 1 (SWHID §6.2.2 Lines qualifier)",
            hint: "the first line of a content is line 1; bytes=… counts from 0";
        /// A range whose end comes before its start (§6.2.2, §6.2.3: the range is inclusive,
        /// from start to end).
        RangeOrder => "swh-range-order",
            "the range ends before it starts: a range is start-end, start ≤ end (SWHID §6.2.2, §6.2.3)",
            hint: "write the smaller number first";
    }
}

fn type_hint(t: &str) -> Option<String> {
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "cnt" | "dir" | "rev" | "rel" | "snp" => Some(format!("write it in lower case: {lower}")),
        "ori" | "emd" | "raw" => Some(
            "extended SWHIDs (ori, emd, raw) are internal to the Software Heritage archive, not SWHIDs"
                .into(),
        ),
        _ => None,
    }
}

fn qualifier_hint(name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    super::Qualifier::ALL
        .iter()
        .find(|q| q.name() == lower)
        .map(|q| format!("qualifier names are lower case: {}", q.name()))
}

fn origin_hint(e: &IriError) -> Option<String> {
    matches!(e, IriError::MissingScheme | IriError::Empty).then(|| {
        String::from("the origin is the URL the software was found at, such as https://github.com/user/repo")
    })
}

impl From<IriError> for SwhError {
    fn from(e: IriError) -> Self {
        SwhError::Origin(e)
    }
}

/// The codes of the SWHID checks ([`super::Swhid::warnings`]), one constant each, all `swh-`
/// prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// The SWHID is written inside a resolver's URL (`https://archive.softwareheritage.org/…`):
    /// the URL is not part of it (Software Heritage docs, "Resolution").
    pub const URL: WarningCode = WarningCode::new("swh-url");
    /// `SWH:` in upper case: the grammar writes `swh` (§4); URI schemes compare
    /// case-insensitively (RFC 3986 §3.1).
    pub const SCHEME_CASE: WarningCode = WarningCode::new("swh-scheme-case");
    /// Qualifiers out of the canonical order `origin`, `visit`, `anchor`, `path`, `lines` or
    /// `bytes` (§6.5 Recommendations).
    pub const QUALIFIER_ORDER: WarningCode = WarningCode::new("swh-qualifier-order");
    /// A qualifier the specification says to ignore: a fragment qualifier on an object that is
    /// not a content (§6.2.1), `lines` with `bytes` (§6.2.1), `visit` without `origin`
    /// (§6.3.3), `anchor` without `path` (§6.3.5).
    pub const IGNORED_QUALIFIER: WarningCode = WarningCode::new("swh-ignored-qualifier");
    /// A line or byte number written with leading zeros (`lines=09`): it is compared as the
    /// number it is (§4 `number`, §6.4).
    pub const LEADING_ZERO: WarningCode = WarningCode::new("swh-leading-zero");
    /// What `normalize` left out or rewrote, step by step (the resolver URL, the order of the
    /// qualifiers, ignored qualifiers …).
    pub const NORMALIZED: WarningCode = WarningCode::new("swh-normalized");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        URL,
        SCHEME_CASE,
        QUALIFIER_ORDER,
        IGNORED_QUALIFIER,
        LEADING_ZERO,
        NORMALIZED,
    ];
}

/// The message of [`SwhError::Range`] (a function: a row's `format!` arguments cannot be
/// handed out of a `match`, see `error_enum`).
fn range_message(found: Option<char>) -> String {
    match found {
        Some(c) => format!(
            "{} is not allowed in a range: it is N or N-M, decimal numbers (SWHID §4 Syntax, range)",
            describe(c)
        ),
        None => "the range is incomplete: it is N or N-M, decimal numbers (SWHID §4 Syntax, range)"
            .into(),
    }
}
