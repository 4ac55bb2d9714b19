//! Reference resolution (RFC 3986 §5.2, draft-duerst-iri-bis-07 §6.5) and its inverse, relativization.
//!
//! Resolution writes the target into one output buffer: components are copied from the base or
//! the reference, and the path goes through `remove_dot_segments` (§5.2.4) segment by segment,
//! without any intermediate string. The result's component positions are known as it is written,
//! so it is never re-parsed. Non-ASCII characters are kept as they are.
//!
//! Two decisions, both taken so that resolution never produces an invalid IRI and agrees with
//! equivalence:
//! - **The `/.` fix.** Where §5.2 would produce a path starting with `//` in a target without
//!   authority (base `foo:` + reference `.///bar` gives the path `//bar`, which would read back
//!   as an authority), the path is written `/.//bar`, which `remove_dot_segments` maps to the same
//!   path (the WHATWG URL Standard and the iri-string and fluent-uri crates do the same). Resolution
//!   therefore never fails.
//! - **`%2E` is a dot.** A segment spelled `%2E`, `.%2e`, `%2E%2E` … is a dot segment: RFC 3986
//!   §2.3 makes `%2E` equivalent to `.`, and reading it literally would resolve equivalent bases
//!   (`foo:/a/b/.%2E/` and `foo:/a/`) to non-equivalent targets.

use std::borrow::Cow;

use super::error::IriParseError;
use super::parse::{self, Positions, Profile, Rule};
use super::types::{Iri, IriRef};

/// How a reference whose scheme equals the base's scheme is read (RFC 3986 §5.2.2, §5.4.2).
///
/// ```
/// use pidkit::{Iri, IriRef, ReferenceResolution};
/// let base = Iri::parse("http://a/b/c/d;p?q")?;
/// let r = IriRef::parse("http:g")?;
/// assert_eq!(base.resolve_with(&r, ReferenceResolution::Strict), "http:g");
/// assert_eq!(base.resolve_with(&r, ReferenceResolution::NonStrict), "http://a/b/c/g");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ReferenceResolution {
    /// The reference's scheme is always honoured (the RFC's "strict parser"; the default).
    #[default]
    Strict,
    /// A scheme equal to the base's (ASCII case-insensitively) is ignored, for backward
    /// compatibility with resolvers of RFC 1630 (`http:g` → `http://a/b/c/g`).
    NonStrict,
}

/// What [`Iri::resolve`] and [`Iri::resolve_with`] accept as the reference: a parsed
/// [`IriRef`] or [`Iri`] (by reference), or text (`&str`, `&String`).
///
/// Resolving a parsed reference cannot fail, so it gives an [`Iri<String>`] directly. Text is
/// first parsed as an `IRI-reference` ([`IriRef::parse`], the default profile), which can fail,
/// so it gives a `Result<Iri<String>, IriParseError>` with the parse error (code, byte offset)
/// of an invalid reference. One method, and the type says which case can fail: no `unwrap`
/// on the infallible path, no silent acceptance of bad text on the other.
///
/// ```
/// use pidkit::{Iri, IriRef};
/// let base = Iri::parse("http://a/b/c/d;p?q")?;
/// let parsed: Iri<String> = base.resolve(&IriRef::parse("../g")?); // infallible
/// let text: Iri<String> = base.resolve("../g")?;                     // parsed first
/// assert_eq!(parsed, text);
/// let err = base.resolve("../g h").unwrap_err();
/// assert_eq!((err.code(), err.offset), ("invalid-char", 4));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
///
/// The trait is sealed: it is implemented for exactly these types.
pub trait Reference: sealed::Sealed {
    /// What resolution gives: `Iri<String>` for a parsed reference, a `Result` for text.
    type Output;

    /// Resolve against `base` (see [`Iri::resolve_with`]).
    #[doc(hidden)]
    fn resolve_against(self, base: &IriRef<&str>, mode: ReferenceResolution) -> Self::Output;
}

mod sealed {
    pub trait Sealed {}
    impl<U: AsRef<str>> Sealed for &super::IriRef<U> {}
    impl<U: AsRef<str>> Sealed for &super::Iri<U> {}
    impl Sealed for &str {}
    impl Sealed for &String {}
}

impl<U: AsRef<str>> Reference for &IriRef<U> {
    type Output = Iri<String>;
    fn resolve_against(self, base: &IriRef<&str>, mode: ReferenceResolution) -> Iri<String> {
        let r = self.as_borrowed();
        let mut out = String::with_capacity(base.as_str().len() + r.as_str().len());
        let pos = resolve_to(base, &r, mode, &mut out);
        Iri::from_ref_unchecked(IriRef::from_parts(out, pos))
    }
}

impl<U: AsRef<str>> Reference for &Iri<U> {
    type Output = Iri<String>;
    fn resolve_against(self, base: &IriRef<&str>, mode: ReferenceResolution) -> Iri<String> {
        IriRef::as_borrowed(self).resolve_against(base, mode)
    }
}

impl Reference for &str {
    type Output = Result<Iri<String>, IriParseError>;
    fn resolve_against(self, base: &IriRef<&str>, mode: ReferenceResolution) -> Self::Output {
        Ok(IriRef::parse(self)?.resolve_against(base, mode))
    }
}

impl Reference for &String {
    type Output = Result<Iri<String>, IriParseError>;
    fn resolve_against(self, base: &IriRef<&str>, mode: ReferenceResolution) -> Self::Output {
        self.as_str().resolve_against(base, mode)
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// Resolve `reference` against this IRI as base (RFC 3986 §5.2, strict).
    ///
    /// A fragment of the base is ignored (§5.2.1). The result is always a valid IRI; see the
    /// module documentation for the `/.` fix. The reference is a parsed [`IriRef`] or [`Iri`]
    /// (the result is an `Iri<String>`) or text, `&str` or `&String` (parsed first: the result
    /// is a `Result`, an error for text that is not an IRI reference); see [`Reference`].
    ///
    /// ```
    /// use pidkit::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.resolve(&IriRef::parse("../g?y#s")?), "http://a/b/g?y#s");
    /// assert_eq!(base.resolve(&IriRef::parse("//g")?).host_str(), Some("g"));
    /// // An authority-less path that would start with "//" gets the "/." prefix.
    /// let foo = Iri::parse("foo:")?;
    /// assert_eq!(foo.resolve(&IriRef::parse(".///bar")?), "foo:/.//bar");
    /// // Text is parsed first, so it may fail.
    /// assert_eq!(base.resolve("g;x=1/../y")?, "http://a/b/c/y");
    /// assert_eq!(base.resolve("http://[::1").unwrap_err().code(), "bad-ipv6");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve<R: Reference>(&self, reference: R) -> R::Output {
        self.resolve_with(reference, ReferenceResolution::Strict)
    }

    /// Resolve `reference` against this IRI in the given [`ReferenceResolution`]; `reference` as for
    /// [`Iri::resolve`].
    ///
    /// ```
    /// use pidkit::{Iri, IriRef, ReferenceResolution};
    /// let base = Iri::parse("file:///C:/eclipse/")?;
    /// let r = IriRef::parse("file:foo.n3")?;
    /// assert_eq!(base.resolve_with(&r, ReferenceResolution::NonStrict), "file:///C:/eclipse/foo.n3");
    /// assert_eq!(base.resolve_with("file:foo.n3", ReferenceResolution::Strict)?, "file:foo.n3");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve_with<R: Reference>(&self, reference: R, mode: ReferenceResolution) -> R::Output {
        reference.resolve_against(&IriRef::as_borrowed(self), mode)
    }

    /// Resolve into `out` (cleared first) and return a borrowed view of the result: with one
    /// buffer reused across calls, batch resolution allocates nothing.
    ///
    /// ```
    /// use pidkit::{Iri, IriRef, ReferenceResolution};
    /// let base = Iri::parse("http://example.org/a/b")?;
    /// let mut buf = String::new();
    /// for (r, want) in [("c", "http://example.org/a/c"), ("../d?q", "http://example.org/d?q")] {
    ///     let t = base.resolve_into(&IriRef::parse(r)?, ReferenceResolution::Strict, &mut buf);
    ///     assert_eq!(t.as_str(), want);
    /// }
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve_into<'o, U: AsRef<str>>(
        &self,
        reference: &IriRef<U>,
        mode: ReferenceResolution,
        out: &'o mut String,
    ) -> Iri<&'o str> {
        let (base, r) = (IriRef::as_borrowed(self), reference.as_borrowed());
        let pos = resolve_to(&base, &r, mode, out);
        Iri::from_ref_unchecked(IriRef::from_parts(out.as_str(), pos))
    }

    /// The shortest reference that resolves (strictly) against this base to `target`, or `None`
    /// if no reference does — a target whose path has dot segments that resolution would remove
    /// (`http://a/b/../c`) is reachable only as the base itself.
    ///
    /// Ties go to the most relative form: same-document, then relative path, absolute path,
    /// network path, and the absolute IRI last.
    ///
    /// ```
    /// use pidkit::Iri;
    /// let base = Iri::parse("http://example.com/foo/bar")?;
    /// let rel = |t: &str| base.relativize(&Iri::parse(t).unwrap()).map(|r| r.to_string());
    /// assert_eq!(rel("http://example.com/foo/baz").as_deref(), Some("baz"));
    /// assert_eq!(rel("http://example.com/x").as_deref(), Some("/x"));
    /// assert_eq!(rel("http://example.com/foo/").as_deref(), Some("."));
    /// assert_eq!(rel("http://example.org/").as_deref(), Some("//example.org/"));
    /// assert_eq!(rel("http://example.com/a/../b"), None);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn relativize<U: AsRef<str>>(&self, target: &Iri<U>) -> Option<IriRef<String>> {
        relativize(&IriRef::as_borrowed(self), &IriRef::as_borrowed(target))
    }
}

/// `remove_dot_segments` (RFC 3986 §5.2.4) on a path; borrows when there is nothing to remove.
///
/// `%2E` counts as `.` (RFC 3986 §2.3). The result may start with `//`: a caller writing it
/// after a scheme without authority must protect it (resolution writes `/.//`).
///
/// ```
/// use pidkit::iri::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/a/%2E%2E/b"), "/b");
/// assert!(matches!(remove_dot_segments("/a/b.c"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    if !has_dot_segment(path) {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    push_path(&mut out, "", path);
    Cow::Owned(out)
}

/// Resolve `r` against `base` into `out` (cleared); returns the positions of the result.
pub(crate) fn resolve_to(
    base: &IriRef<&str>,
    r: &IriRef<&str>,
    mode: ReferenceResolution,
    out: &mut String,
) -> Positions {
    out.clear();
    let (b, bp) = (base.as_str(), *base.positions());
    let (s, rp) = (r.as_str(), *r.positions());
    let ref_scheme = rp.scheme_end > 0
        && !(mode == ReferenceResolution::NonStrict
            && s[..rp.scheme_end].eq_ignore_ascii_case(&b[..bp.scheme_end]));
    let rpath = r.path();
    if ref_scheme && !has_dot_segment(rpath) {
        // T = R: an IRI without dot segments resolves to itself (a single copy).
        out.push_str(s);
        return rp;
    }

    // Scheme and authority: one copy from the reference or the base, except for a reference
    // with an authority but no (honoured) scheme.
    let mut p = if ref_scheme || !rp.has_authority {
        let (src, sp) = if ref_scheme { (s, rp) } else { (b, bp) };
        out.push_str(&src[..sp.path_start]);
        sp
    } else {
        out.push_str(&b[..=bp.scheme_end]);
        let mut p = Positions {
            scheme_end: bp.scheme_end,
            ..Positions::default()
        };
        copy_authority(out, s, &rp, &mut p);
        p
    };

    let mut from_base_query = false;
    if ref_scheme || rp.has_authority {
        push_path(out, "", rpath);
    } else if rpath.is_empty() {
        // The base path as it is, and the base query unless the reference has one.
        out.push_str(base.path());
        from_base_query = rp.path_end == rp.query_end;
    } else if rpath.starts_with('/') {
        push_path(out, "", rpath);
    } else {
        // merge (§5.2.3): the base path up to its last '/', or "/" for an empty path under an
        // authority.
        let bpath = base.path();
        let prefix = match last_slash(bpath) {
            Some(i) => &bpath[..=i],
            None if bp.has_authority => "/",
            None => "",
        };
        push_path(out, prefix, rpath);
    }
    if !p.has_authority && double_slash_at(out, p.path_start) {
        out.insert_str(p.path_start, "/.");
    }
    p.path_end = out.len();
    if from_base_query {
        out.push_str(&b[bp.path_end..bp.query_end]);
        p.query_end = out.len();
        out.push_str(&s[rp.query_end..]);
    } else {
        // The reference's "?query#fragment", in one copy.
        p.query_end = out.len() + (rp.query_end - rp.path_end);
        out.push_str(&s[rp.path_end..]);
    }
    p
}

/// Append `//authority` of `src` (if it has one) and record the host positions in `p`.
#[inline]
fn copy_authority(out: &mut String, src: &str, sp: &Positions, p: &mut Positions) {
    if sp.has_authority {
        let a = sp.authority_start();
        out.push_str("//");
        let at = out.len();
        out.push_str(&src[a..sp.path_start]);
        p.has_authority = true;
        p.host_kind = sp.host_kind;
        p.host_start = at + (sp.host_start - a);
        p.host_end = at + (sp.host_end - a);
    } else {
        p.host_start = out.len();
        p.host_end = out.len();
    }
    p.path_start = out.len();
}

/// Whether some segment of `path` is a dot segment.
#[inline]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    // A dot segment starts with '.' or '%' (as "%2E"). A branch-free pass over byte pairs (it
    // vectorizes) tells whether any segment does; only then are those segments tested.
    let b = path.as_bytes();
    let starts = |c: u8| (c == b'.') | (c == b'%');
    let first = b.first().is_some_and(|&c| starts(c));
    let inner = any_slash_dot(b);
    if !first && !inner {
        return false;
    }
    let is_dot_at = |start: usize| {
        let end = b[start..]
            .iter()
            .position(|&c| c == b'/')
            .map_or(b.len(), |k| start + k);
        dot(&b[start..end]).is_some()
    };
    (first && is_dot_at(0))
        || b.windows(2)
            .enumerate()
            .any(|(i, w)| w[0] == b'/' && starts(w[1]) && is_dot_at(i + 1))
}

/// Whether `b` has a '/' followed by '.' or '%': 16 byte pairs at a time, branch-free (it
/// vectorizes); a short input is padded, the last block of a long one overlaps the one before.
#[inline]
fn any_slash_dot(b: &[u8]) -> bool {
    #[inline(always)]
    fn block(x: &[u8; 17]) -> bool {
        let mut acc = 0u8;
        for k in 0..16 {
            let c = x[k + 1];
            acc |= u8::from(x[k] == b'/') & (u8::from(c == b'.') | u8::from(c == b'%'));
        }
        acc != 0
    }
    let pairs = b.len().saturating_sub(1);
    if pairs < 16 {
        let mut pad = [0u8; 17];
        pad[..b.len()].copy_from_slice(b);
        return block(&pad);
    }
    let mut at = 0;
    loop {
        let start = at.min(pairs - 16);
        if let Ok(x) = <&[u8; 17]>::try_from(&b[start..start + 17])
            && block(x)
        {
            return true;
        }
        if start == pairs - 16 {
            return false;
        }
        at += 16;
    }
}

/// The position of the last `/` in `s` (a plain loop, faster than `rfind` on short paths).
#[inline]
pub(crate) fn last_slash(s: &str) -> Option<usize> {
    s.as_bytes().iter().rposition(|&c| c == b'/')
}

/// Whether `s[at..]` starts with `//`.
#[inline]
pub(crate) fn double_slash_at(s: &str, at: usize) -> bool {
    let b = s.as_bytes();
    b.len() >= at + 2 && b[at] == b'/' && b[at + 1] == b'/'
}

/// Which dot segment a segment is, `%2E` counting as `.`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dot {
    One,
    Two,
}

#[inline]
fn dot(seg: &[u8]) -> Option<Dot> {
    match seg {
        b"." => return Some(Dot::One),
        b".." => return Some(Dot::Two),
        _ if seg.len() < 3 || seg.len() > 6 => return None,
        _ => {}
    }
    let (mut i, mut n) = (0, 0);
    while i < seg.len() {
        if seg[i] == b'.' {
            i += 1;
        } else if seg[i] == b'%'
            && seg.get(i + 1) == Some(&b'2')
            && seg.get(i + 2).is_some_and(|&c| c | 0x20 == b'e')
        {
            i += 3;
        } else {
            return None;
        }
        n += 1;
    }
    match n {
        1 => Some(Dot::One),
        2 => Some(Dot::Two),
        _ => None,
    }
}

/// Where `remove_dot_segments` writes: a plain `String` (resolution) or the normalizer's
/// copy-on-write output, which also normalizes each segment as it is written.
pub(crate) trait PathSink {
    /// The output written so far.
    fn text(&self) -> &str;
    /// Drop the output after `len` bytes.
    fn truncate(&mut self, len: usize);
    /// Append `/`.
    fn slash(&mut self);
    /// Append a segment (a slice of the path being processed).
    fn segment(&mut self, seg: &str);
}

impl PathSink for String {
    #[inline]
    fn text(&self) -> &str {
        self
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        String::truncate(self, len)
    }
    #[inline]
    fn slash(&mut self) {
        self.push('/')
    }
    #[inline]
    fn segment(&mut self, seg: &str) {
        self.push_str(seg)
    }
}

/// Append `remove_dot_segments(prefix ++ path)` to `out`, where `prefix` is empty or ends with
/// `/` (the merged path of §5.2.3 without building it). The segments are those of the RFC's
/// string algorithm: a leading rootless run of `.`/`..` is dropped (rules A and D), `/.` is
/// dropped, `/..` drops the last output segment, and a final dot segment leaves a `/` (rules B, C).
pub(crate) fn push_path<S: PathSink>(out: &mut S, prefix: &str, path: &str) {
    let prefix_dots = has_dot_segment(prefix);
    if !prefix_dots && !has_dot_segment(path) {
        // Nothing to remove: the merged path as it is (the common case).
        out.segment(prefix);
        out.segment(path);
        return;
    }
    let start = out.text().len();
    if prefix_dots {
        return push_path_generic(out, start, prefix, path);
    }
    // The prefix has no dot segment: it goes out as it is (without its final '/', which
    // starts the reference path's first segment).
    let mut rest = if let Some(head) = prefix.strip_suffix('/') {
        out.segment(head);
        path
    } else if let Some(abs) = path.strip_prefix('/') {
        abs
    } else {
        // A rootless path: rule A strips leading "./" and "../", rule D a lone "." or "..".
        let mut rest = path;
        loop {
            let (seg, tail) = split_segment(rest);
            match tail {
                None => {
                    if dot(seg.as_bytes()).is_none() {
                        out.segment(seg);
                    }
                    return;
                }
                Some(tail) if dot(seg.as_bytes()).is_some() => rest = tail,
                Some(tail) => {
                    out.segment(seg); // an empty one: the input now starts with '/'
                    break tail;
                }
            }
        }
    };
    // Each remaining segment as "/seg" (rules B, C, E).
    loop {
        let (seg, tail) = split_segment(rest);
        match dot(seg.as_bytes()) {
            None => {
                out.slash();
                out.segment(seg);
            }
            Some(d) => {
                if d == Dot::Two {
                    let cut = last_slash(&out.text()[start..]).map_or(start, |i| start + i);
                    out.truncate(cut);
                }
                if tail.is_none() {
                    out.slash();
                }
            }
        }
        match tail {
            Some(tail) => rest = tail,
            None => return,
        }
    }
}

/// The first segment of `s` and what follows its '/', if there is one.
#[inline]
fn split_segment(s: &str) -> (&str, Option<&str>) {
    match s.as_bytes().iter().position(|&c| c == b'/') {
        Some(k) => (&s[..k], Some(&s[k + 1..])),
        None => (s, None),
    }
}

/// `push_path` for a prefix with dot segments (a base path such as `/a/./b/`): the segments of
/// prefix and path in one sequence.
fn push_path_generic<S: PathSink>(out: &mut S, start: usize, prefix: &str, path: &str) {
    let mut segs = Segments([prefix.strip_suffix('/'), Some(path)]).peekable();
    let mut first = segs.next().unwrap_or("");
    if !first.is_empty() || segs.peek().is_none() {
        // A rootless path: rule A strips leading "./" and "../", rule D a lone "." or "..".
        while dot(first.as_bytes()).is_some() {
            match segs.next() {
                Some(next) => first = next,
                None => return,
            }
        }
        out.segment(first);
    }
    while let Some(seg) = segs.next() {
        match dot(seg.as_bytes()) {
            None => {
                out.slash();
                out.segment(seg);
            }
            Some(d) => {
                if d == Dot::Two {
                    let cut = last_slash(&out.text()[start..]).map_or(start, |i| start + i);
                    out.truncate(cut);
                }
                if segs.peek().is_none() {
                    out.slash();
                }
            }
        }
    }
}

/// The segments of `head ++ "/" ++ tail` (or of `tail` alone), as `str::split('/')` gives them;
/// a byte loop, cheaper than a search call per (short) segment.
struct Segments<'a>([Option<&'a str>; 2]);

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;
    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        for part in &mut self.0 {
            if let Some(s) = *part {
                return Some(match s.as_bytes().iter().position(|&c| c == b'/') {
                    Some(k) => {
                        *part = Some(&s[k + 1..]);
                        &s[..k]
                    }
                    None => {
                        *part = None;
                        s
                    }
                });
            }
        }
        None
    }
}

/// The shortest reference that resolves against `base` to exactly `target`.
fn relativize(base: &IriRef<&str>, target: &IriRef<&str>) -> Option<IriRef<String>> {
    let t = target.as_str();
    let mut suffix = String::new();
    if let Some(q) = target.query() {
        suffix.push('?');
        suffix.push_str(q);
    }
    let frag = target.fragment().map_or(0, |f| f.len() + 1);
    if let Some(f) = target.fragment() {
        suffix.push('#');
        suffix.push_str(f);
    }
    let mut candidates: Vec<String> = Vec::with_capacity(6);
    let same_scheme = base.scheme() == target.scheme();
    let same_authority = same_scheme && base.authority() == target.authority();
    let tpath = target.path();
    if same_authority {
        // Same document: the reference keeps the base path (and the base query if it has none).
        if tpath == base.path() {
            if target.query() == base.query() {
                candidates.push(t[t.len() - frag..].to_owned());
            } else if target.query().is_some() {
                candidates.push(suffix.clone());
            }
        }
        if let Some(rel) = relative_path(base, tpath) {
            candidates.push(rel + &suffix);
        }
        if tpath.starts_with('/') {
            let dot = if tpath.starts_with("//") { "/." } else { "" };
            candidates.push(format!("{dot}{tpath}{suffix}"));
        }
    }
    if same_scheme && target.authority().is_some() {
        candidates.push(t[target.scheme().map_or(0, |s| s.len() + 1)..].to_owned());
    }
    candidates.push(t.to_owned());
    candidates.sort_by_key(String::len); // stable: ties keep the order above
    let mut buf = String::with_capacity(t.len());
    candidates.into_iter().find_map(|c| {
        let pos = parse::parse(&c, Rule::IriReference, Profile::IriBis).ok()?;
        let r = IriRef::from_parts(c.as_str(), pos);
        resolve_to(base, &r, ReferenceResolution::Strict, &mut buf);
        (buf == t).then(|| IriRef::from_parts(c.clone(), pos))
    })
}

/// The relative-path reference (without query and fragment) from the base's directory to `tpath`.
fn relative_path(base: &IriRef<&str>, tpath: &str) -> Option<String> {
    let bpath = base.path();
    let dir = match bpath.rfind('/') {
        Some(i) => &bpath[..=i],
        None if base.authority().is_some() => "/",
        None => "",
    };
    let dir = remove_dot_segments(dir);
    if dir.starts_with('/') != tpath.starts_with('/') && !dir.is_empty() {
        return None;
    }
    // The longest common prefix of whole directory segments.
    let common = dir
        .bytes()
        .zip(tpath.bytes())
        .take_while(|(a, b)| a == b)
        .enumerate()
        .filter(|(_, (a, _))| *a == b'/')
        .last()
        .map_or(0, |(i, _)| i + 1);
    let up = dir[common..].bytes().filter(|&c| c == b'/').count();
    let rest = &tpath[common..];
    let mut rel = "../".repeat(up);
    if rest.is_empty() {
        if up == 0 {
            rel.push('.');
        } else {
            rel.pop();
        }
    } else {
        let first = rest.split('/').next().unwrap_or("");
        if up == 0 && (first.is_empty() || first.contains(':')) {
            rel.push_str("./");
        }
        rel.push_str(rest);
    }
    Some(rel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(base: &str, r: &str) -> String {
        Iri::parse(base)
            .unwrap()
            .resolve(&IriRef::parse(r).unwrap())
            .into_inner()
    }

    #[test]
    fn dot_spellings() {
        for (s, d) in [
            (".", Some(Dot::One)),
            ("..", Some(Dot::Two)),
            ("%2e", Some(Dot::One)),
            ("%2E", Some(Dot::One)),
            (".%2e", Some(Dot::Two)),
            ("%2E.", Some(Dot::Two)),
            ("%2e%2E", Some(Dot::Two)),
            ("...", None),
            ("%2e%2e%2e", None),
            ("%2f", None),
            (".a", None),
            ("", None),
            ("%2", None),
        ] {
            assert!(dot(s.as_bytes()) == d, "{s}");
        }
    }

    #[test]
    fn slash_dot_scan_matches_a_plain_search() {
        for len in 0..50 {
            for at in 0..len {
                for c in [b'.', b'%', b'x'] {
                    let mut b = vec![b'a'; len];
                    b[at] = b'/';
                    if at + 1 < len {
                        b[at + 1] = c;
                    }
                    let want = b
                        .windows(2)
                        .any(|w| w[0] == b'/' && matches!(w[1], b'.' | b'%'));
                    assert_eq!(any_slash_dot(&b), want, "{len} {at} {c}");
                }
            }
        }
    }

    #[test]
    fn remove_dot_segments_rules() {
        for (input, want) in [
            ("", ""),
            (".", ""),
            ("..", ""),
            ("./", ""),
            ("../", ""),
            ("./a", "a"),
            ("../../a/b", "a/b"),
            (".//x", "/x"),
            ("./../x", "x"),
            ("/", "/"),
            ("/.", "/"),
            ("/..", "/"),
            ("/./", "/"),
            ("/a/..", "/"),
            ("/a/b/..", "/a/"),
            ("/a/b/../", "/a/"),
            ("/a/./b", "/a/b"),
            ("/a//../b", "/a/b"),
            ("a/..", "/"),
            ("a/../b", "/b"),
            ("/../../g", "/g"),
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            (".///bar", "//bar"),
        ] {
            assert_eq!(remove_dot_segments(input), want, "{input:?}");
        }
    }

    #[test]
    fn authority_less_double_slash_gets_the_dot_fix() {
        assert_eq!(res("foo:", ".///bar"), "foo:/.//bar");
        assert_eq!(res("foo:/", ".//@@"), "foo:/.//@@");
        assert_eq!(res("a:/", "/.//."), "a:/.//");
        assert_eq!(res("a:/", ".//."), "a:/.//");
        // With an authority the path may start with "//".
        assert_eq!(res("http://a/b", ".//c"), "http://a//c");
        for (b, r) in [("foo:", ".///bar"), ("a:/", "/.//."), ("a:b", "..//x")] {
            let t = res(b, r);
            let back = Iri::parse(t.as_str()).unwrap();
            assert_eq!(back.authority(), None, "{t}");
        }
    }

    #[test]
    fn positions_match_a_fresh_parse() {
        for (b, r) in [
            ("http://u@a:8/b/c?q#f", "../d?x#y"),
            ("http://a/b", "//[::1]:80/p"),
            ("foo:a/b", "c"),
            ("foo:", ".///bar"),
            ("http://a", ""),
            ("http://a?q", "#f"),
            ("s://h", "?x"),
        ] {
            let t = Iri::parse(b).unwrap().resolve(&IriRef::parse(r).unwrap());
            let fresh = IriRef::parse(t.as_str()).unwrap();
            assert_eq!(t.positions(), fresh.positions(), "{b} + {r}");
        }
    }

    #[test]
    fn relativize_picks_the_shortest() {
        let rel = |b: &str, t: &str| {
            Iri::parse(b)
                .unwrap()
                .relativize(&Iri::parse(t).unwrap())
                .map(|r| r.into_inner())
        };
        assert_eq!(rel("http://a/b/c/d", "http://a/b/c/d").as_deref(), Some(""));
        assert_eq!(
            rel("http://a/b/c/d?q", "http://a/b/c/d").as_deref(),
            Some("d")
        );
        assert_eq!(
            rel("http://a/b/c/", "http://a/b/c/?q").as_deref(),
            Some("?q")
        );
        assert_eq!(rel("http://a/b/c/d", "http://a/b/").as_deref(), Some(".."));
        assert_eq!(
            rel("http://a/b/c/d", "http://a/b/x:y").as_deref(),
            Some("../x:y")
        );
        assert_eq!(
            rel("http://a/b/c", "http://a/b/x:y").as_deref(),
            Some("./x:y")
        );
        assert_eq!(
            rel("http://a/b/c", "http://a/b//x").as_deref(),
            Some(".//x")
        );
        assert_eq!(rel("t:a/b", "t:c").as_deref(), Some("t:c"));
        assert_eq!(rel("x:02", "x:").as_deref(), Some("."));
        assert_eq!(rel("http://a/", "http://a/b/../c"), None);
        assert_eq!(
            rel("http://a/b/../c", "http://a/b/../c#f").as_deref(),
            Some("#f")
        );
    }
}
