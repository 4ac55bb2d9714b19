//! The comparison ladder (draft-duerst-iri-bis-07 §5.3, RFC 3986 §6.2): normal forms,
//! equivalence and hash keys.
//!
//! Each rung is a normal form; two references are equivalent at a level when their normal forms
//! at that level are equal, so [`IriRef::normalize`], [`IriRef::equivalent`] and [`IriRef::key`]
//! always agree. Normalization writes copy-on-write: an input already in normal form is returned
//! borrowed, without allocating.
//!
//! **The normal form is the IRI form.** §5.3.2.3 aligns percent-encoding "as if both IRIs were
//! mapped to URIs", so `é` and `%C3%A9` are equivalent. The normal form spells every such
//! character one way: literally when URI → IRI conversion (§3.7 step 4) would decode it outside
//! the query (one table, [`fit_for_iri`](super::convert)), percent-encoded otherwise — so `%C3%A9`
//! becomes `é`, while `%E2%81%A7` (an isolate), `%C2%A0` (NBSP) and `%E2%80%8B` (ZWSP) stay
//! encoded, a literal NBSP becomes `%C2%A0` and a literal private-use character of the query
//! `%EE%80%80`. Bytes that are not UTF-8 stay encoded, in uppercase hex.
//! Unicode normalization (NFC …) is never applied (§5.3.2.2).

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;

use super::convert::fit_for_iri;
use super::parse::{self, HostKind, Positions};
use super::reference::{PathSink, double_slash_at, push_path};
use super::scheme_facts::{SchemeFacts, scheme_facts};
use super::types::{Iri, IriRef};
use crate::chars;
use crate::pct;

/// A rung of the comparison ladder (§5.3).
///
/// - `Simple` (§5.3.1): code point equality; the normal form is the input.
/// - `Syntax` (§5.3.2, RFC 3986 §6.2.2): scheme and ASCII letters of the host in lowercase
///   (IP literals too), `%xx` in uppercase, `%XX` of unreserved characters and of `ucschar`s
///   decoded (see the module documentation), an empty port dropped (RFC 3986 §3.2.3), and dot
///   segments removed from the path of an IRI and of a reference with an absolute path or an
///   authority (a relative-path reference keeps them: `../a` means something). The fragment is
///   normalized too.
/// - `Scheme` (§5.3.3, RFC 3986 §6.2.3): also the default port dropped and leading zeros of the
///   port removed, an empty path under an authority written `/` where the scheme says so,
///   IDN hosts through ToASCII, IPv6 literals in RFC 5952 form, and each scheme's own rules.
///   Delimiters of empty components are kept (`http://example.com/?` stays different from
///   `http://example.com/`); the fragment gets no scheme-based rule. Without the `idna`
///   feature there is no ToASCII: an IDN host keeps its Unicode form, so `http://例え.jp/` and
///   `http://xn--r8jz45g.jp/` are then not equivalent at this rung (they are with it).
///
/// ```
/// use pidkit::{IriRef, Level};
/// let a = IriRef::parse("HTTP://Example.COM:80/a/./b/%7euser?%c3%a9")?;
/// assert_eq!(a.normalize(Level::Simple), "HTTP://Example.COM:80/a/./b/%7euser?%c3%a9");
/// assert_eq!(a.normalize(Level::Syntax), "http://example.com:80/a/b/~user?é");
/// assert_eq!(a.normalize(Level::Scheme), "http://example.com/a/b/~user?é");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Level {
    /// Simple string comparison (§5.3.1).
    Simple,
    /// Syntax-based normalization (§5.3.2).
    Syntax,
    /// Scheme-based normalization (§5.3.3), on top of `Syntax`; the default: the specs of the
    /// identifier schemes define their equivalence at this rung (doi URI scheme §3, RFC 8141 §3,
    /// IVOA Identifiers §2.6) and RFC 3986 §6.2.3's rules are safe.
    #[default]
    Scheme,
}

impl Level {
    /// The level's name as the CLI spells it: `simple`, `syntax`, `scheme`.
    ///
    /// ```
    /// assert_eq!(pidkit::Level::Scheme.name(), "scheme");
    /// assert_eq!(pidkit::Level::default().to_string(), "scheme");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    /// ```
    /// assert_eq!("scheme".parse::<pidkit::Level>(), Ok(pidkit::Level::Scheme));
    /// ```
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "simple" => Ok(Level::Simple),
            "syntax" => Ok(Level::Syntax),
            "scheme" => Ok(Level::Scheme),
            _ => Err(format!(
                "unknown level '{s}' (expected simple, syntax or scheme)"
            )),
        }
    }
}

/// The normal form of a reference at one [`Level`], as a hash key: `Eq` and `Hash` agree with
/// [`IriRef::equivalent`]. Borrows the input when it is already in normal form.
///
/// ```
/// use std::collections::HashSet;
/// use pidkit::{IriRef, Level};
/// let mut seen = HashSet::new();
/// for s in ["http://example.com/~a", "HTTP://EXAMPLE.com/%7Ea", "http://example.com/%7ea#"] {
///     seen.insert(IriRef::parse(s)?.key(Level::Syntax).into_owned());
/// }
/// assert_eq!(seen.len(), 2); // the last differs by its empty fragment
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key<'a>(pub(crate) Cow<'a, str>);

impl<'a> Key<'a> {
    /// The normal form.
    ///
    /// ```
    /// let r = pidkit::IriRef::parse("HTTP://A/%7e")?;
    /// assert_eq!(r.key(pidkit::Level::Syntax).as_str(), "http://a/~");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A key that owns its text (to outlive the input), e.g. to store it in a map while the
    /// input line is dropped.
    ///
    /// ```
    /// use pidkit::{IriRef, Key, Level};
    /// let key: Key<'static> = {
    ///     let line = String::from("http://a/./b");
    ///     IriRef::parse(line.as_str())?.key(Level::Syntax).into_owned()
    /// };
    /// assert_eq!(key.to_string(), "http://a/b");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Key<'static> {
        Key(Cow::Owned(self.0.into_owned()))
    }

    /// The normal form, borrowed when the input was already normal.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let r = pidkit::IriRef::parse("http://a/")?;
    /// assert!(matches!(r.key(pidkit::Level::Syntax).into_cow(), Cow::Borrowed("http://a/")));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_cow(self) -> Cow<'a, str> {
        self.0
    }
}

impl fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A key serializes as its normal form, a string (feature `serde`), e.g. to write the keys of a
/// deduplication as JSON. There is no `Deserialize`: a key is made by normalizing, and a string
/// read back is not known to be a normal form (parse it and call [`IriRef::key`]).
///
/// ```
/// let r = pidkit::IriRef::parse("HTTP://Example.COM:80/%7euser")?;
/// let json = serde_json::to_string(&r.key(pidkit::Level::Scheme)).unwrap();
/// assert_eq!(json, r#""http://example.com/~user""#);
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Key<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl fmt::Debug for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key({:?})", &*self.0)
    }
}

/// What an identifier scheme does to the comparison ladder (§5.3.3, RFC 3986 §6.2.3): handed
/// an IRI of its URI scheme as written and a rung, it may give the normal form at that rung
/// itself, instead of the generic rules.
///
/// The generic layer knows no identifier scheme: the caller hands it the ones it wants, as
/// fluent-uri's normalizer is handed default ports. [`IriRef::normalize`] and its siblings
/// hand it every scheme of this crate ([`crate::scheme::SCHEMES`]); `&()` hands none. A
/// scheme takes over where the generic rules would be wrong for it — URNs must never be
/// percent-decoded (RFC 8141 §3.1), so `urn:` normalizes by URN rules at every rung — or where
/// it adds an equivalence of its own (`doi:` names are ASCII case-insensitive).
///
/// ```
/// use pidkit::{IriRef, Level};
/// use pidkit::iri::SchemeEquivalence;
/// struct Upper; // a made-up scheme whose names are case-insensitive
/// impl SchemeEquivalence for Upper {
///     fn normal_form(&self, scheme: &str, iri: &str, level: Level) -> Option<String> {
///         (scheme == "x-upper" && level == Level::Scheme)
///             .then(|| format!("x-upper:{}", iri[8..].to_ascii_uppercase()))
///     }
/// }
/// let r = IriRef::parse("X-UPPER:abc")?;
/// assert_eq!(r.normalize_with(Level::Scheme, &Upper), "x-upper:ABC");
/// assert_eq!(r.normalize_with(Level::Scheme, &()), "x-upper:abc");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub trait SchemeEquivalence {
    /// The normal form at `level` (`Syntax` or `Scheme`) of `iri` — an IRI reference as
    /// written whose scheme, in lower case, is `scheme` — or `None` to leave it to the generic
    /// rules (also when `iri` is not valid by the scheme's rules). The result must be an IRI
    /// reference, and normalizing it again at `level` must give it back.
    fn normal_form(&self, scheme: &str, iri: &str, level: Level) -> Option<String>;
}

/// No identifier scheme: the generic rules and the URI-scheme facts only.
impl SchemeEquivalence for () {
    fn normal_form(&self, _: &str, _: &str, _: Level) -> Option<String> {
        None
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// The normal form at `level` (§5.3) with the identifier schemes `schemes` knows;
    /// borrowed when the input already is in normal form. Idempotent.
    pub fn normalize_with(
        &self,
        level: Level,
        schemes: &dyn SchemeEquivalence,
    ) -> IriRef<Cow<'_, str>> {
        let r = self.as_borrowed();
        let mut buf = String::new();
        let (pos, borrowed) = normalize_to(&r, level, schemes, &mut buf);
        let text = match borrowed {
            Some(len) => Cow::Borrowed(&self.as_str()[..len]),
            None => Cow::Owned(buf),
        };
        IriRef::from_parts(text, pos)
    }

    /// [`IriRef::normalize_into`] with the identifier schemes `schemes` knows.
    pub fn normalize_into_with<'o>(
        &self,
        level: Level,
        schemes: &dyn SchemeEquivalence,
        out: &'o mut String,
    ) -> IriRef<&'o str> {
        let (pos, borrowed) = normalize_to(&self.as_borrowed(), level, schemes, out);
        if let Some(len) = borrowed {
            out.clear();
            out.push_str(&self.as_str()[..len]);
        }
        IriRef::from_parts(out.as_str(), pos)
    }

    /// [`IriRef::equivalent`] with the identifier schemes `schemes` knows.
    pub fn equivalent_with<U: AsRef<str>>(
        &self,
        other: &IriRef<U>,
        level: Level,
        schemes: &dyn SchemeEquivalence,
    ) -> bool {
        let (a, b) = (self.as_borrowed(), other.as_borrowed());
        if a.as_str() == b.as_str() {
            return true;
        }
        if level == Level::Simple {
            return false;
        }
        thread_local! {
            static BUFS: RefCell<(String, String)> = const { RefCell::new((String::new(), String::new())) };
        }
        let compare = |x: &mut String, y: &mut String| {
            let na = normal_str(&a, level, schemes, x);
            let nb = normal_str(&b, level, schemes, y);
            na == nb
        };
        BUFS.with(|cell| match cell.try_borrow_mut() {
            Ok(mut bufs) => {
                let (x, y) = &mut *bufs;
                compare(x, y)
            }
            Err(_) => compare(&mut String::new(), &mut String::new()),
        })
    }

    /// [`IriRef::key`] with the identifier schemes `schemes` knows.
    pub fn key_with(&self, level: Level, schemes: &dyn SchemeEquivalence) -> Key<'_> {
        Key(self.normalize_with(level, schemes).into_inner())
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// [`Iri::normalize`] with the identifier schemes `schemes` knows.
    pub fn normalize_with(
        &self,
        level: Level,
        schemes: &dyn SchemeEquivalence,
    ) -> Iri<Cow<'_, str>> {
        Iri::from_ref_unchecked(IriRef::normalize_with(self, level, schemes))
    }
}

/// The normal form of `r` as a string: a prefix of the input, or `buf`.
fn normal_str<'a>(
    r: &IriRef<&'a str>,
    level: Level,
    schemes: &dyn SchemeEquivalence,
    buf: &'a mut String,
) -> &'a str {
    match normalize_to(r, level, schemes, buf).1 {
        Some(len) => &(*r).into_inner()[..len],
        None => buf,
    }
}

/// Normalize `r` at `level`. Returns the positions of the normal form and, when the normal form
/// is the prefix `r[..len]` of the input, `Some(len)`; otherwise the normal form is in `buf`.
fn normalize_to(
    r: &IriRef<&str>,
    level: Level,
    schemes: &dyn SchemeEquivalence,
    buf: &mut String,
) -> (Positions, Option<usize>) {
    buf.clear();
    if level == Level::Simple {
        return (*r.positions(), Some(r.as_str().len()));
    }
    if let Some(out) = scheme_normal_form(r, level, schemes) {
        let pos = out.1;
        let borrowed = out.0 == r.as_str();
        if !borrowed {
            *buf = out.0;
        }
        return (pos, borrowed.then_some(r.as_str().len()));
    }
    let mut w = Writer {
        src: r.as_str(),
        buf,
        same: 0,
        owned: false,
    };
    let (pos, facts) = write(r, level, &mut w);
    if w.owned || w.same != r.as_str().len() {
        // The generic rules may make of an input its scheme refused one it reads
        // (`ark:/s/org.,/../x` loses the `,` with its dot-segment): the scheme then has the
        // last word, or the normal form would not be its own normal form.
        if let Some((out, pos)) =
            scheme_normal_form(&IriRef::from_parts(w.text(), pos), level, schemes)
        {
            *w.buf = out;
            return (pos, None);
        }
    }
    if level == Level::Scheme && facts.mail_addresses {
        let out = mailto_domains(&IriRef::from_parts(w.text(), pos));
        if out != w.text() {
            *w.buf = out;
            w.owned = true;
        }
    }
    (pos, (!w.owned).then_some(w.same))
}

/// The normal form an identifier scheme gives `r` at `level`, with its positions — taken only
/// if it is an IRI reference (the trait's contract; checked, so that a faulty scheme cannot
/// break the positions).
fn scheme_normal_form(
    r: &IriRef<&str>,
    level: Level,
    schemes: &dyn SchemeEquivalence,
) -> Option<(String, Positions)> {
    let scheme = r.scheme()?;
    let mut lower = [0u8; 8];
    let lower = lower.get_mut(..scheme.len())?;
    lower.copy_from_slice(scheme.as_bytes());
    lower.make_ascii_lowercase();
    let scheme = std::str::from_utf8(lower).ok()?;
    let out = schemes.normal_form(scheme, r.as_str(), level)?;
    let pos = parse::parse(&out, parse::Rule::IriReference, parse::Profile::IriBis).ok()?;
    Some((out, pos))
}

/// Copy-on-write output: while what is written equals the input's prefix `src[..same]`, nothing
/// is copied; at the first difference that prefix goes into `buf` and writing continues there.
struct Writer<'s, 'b> {
    src: &'s str,
    buf: &'b mut String,
    same: usize,
    owned: bool,
}

impl Writer<'_, '_> {
    #[inline]
    fn len(&self) -> usize {
        if self.owned {
            self.buf.len()
        } else {
            self.same
        }
    }

    #[inline]
    fn text(&self) -> &str {
        if self.owned {
            self.buf.as_str()
        } else {
            &self.src[..self.same]
        }
    }

    #[cold]
    fn own(&mut self) {
        if !self.owned {
            self.buf.reserve(self.src.len() + 8);
            self.buf.push_str(&self.src[..self.same]);
            self.owned = true;
        }
    }

    /// Append `src[from..to]`.
    #[inline]
    fn copy(&mut self, from: usize, to: usize) {
        if from == to {
        } else if !self.owned && from == self.same {
            self.same = to;
        } else {
            self.own();
            self.buf.push_str(&self.src[from..to]);
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        if !self.owned && self.src.as_bytes()[self.same..].starts_with(s.as_bytes()) {
            self.same += s.len();
        } else {
            self.own();
            self.buf.push_str(s);
        }
    }

    #[inline]
    fn push_ascii(&mut self, c: u8) {
        if !self.owned && self.src.as_bytes().get(self.same) == Some(&c) {
            self.same += 1;
        } else {
            self.own();
            self.buf.push(c as char);
        }
    }

    fn push_encoded(&mut self, byte: u8) {
        let mut enc = String::with_capacity(3);
        pct::push_encoded(&mut enc, byte);
        self.push_str(&enc);
    }

    fn insert_str(&mut self, at: usize, s: &str) {
        self.own();
        self.buf.insert_str(at, s);
    }
}

impl PathSink for Writer<'_, '_> {
    fn text(&self) -> &str {
        Writer::text(self)
    }
    fn truncate(&mut self, len: usize) {
        if self.owned {
            self.buf.truncate(len);
        } else {
            self.same = len;
        }
    }
    fn slash(&mut self) {
        self.push_ascii(b'/');
    }
    fn segment(&mut self, seg: &str) {
        if seg.is_empty() {
            return;
        }
        // `seg` is a slice of `src` (the path being normalized).
        let from = (seg.as_ptr() as usize).wrapping_sub(self.src.as_ptr() as usize);
        if self.src.get(from..from.saturating_add(seg.len())) == Some(seg) {
            run(self, from, from + seg.len(), Part::Other);
        } else {
            self.push_str(seg);
        }
    }
}

impl fmt::Write for Writer<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

/// Write the normal form of every component; returns its positions and the scheme's facts.
fn write(r: &IriRef<&str>, level: Level, w: &mut Writer) -> (Positions, SchemeFacts) {
    let s = r.as_str();
    let sp = *r.positions();
    let mut p = Positions::default();
    let mut rules = SchemeFacts::default();

    if sp.scheme_end > 0 {
        run(w, 0, sp.scheme_end, Part::Host);
        w.copy(sp.scheme_end, sp.scheme_end + 1);
        p.scheme_end = sp.scheme_end;
        if level == Level::Scheme {
            rules = scheme_facts(&w.text()[..sp.scheme_end]);
        }
    }

    if sp.has_authority {
        let a = sp.authority_start();
        w.copy(a - 2, a);
        let has_userinfo = sp.host_start > a;
        if has_userinfo {
            run(w, a, sp.host_start - 1, Part::Other);
            w.copy(sp.host_start - 1, sp.host_start);
        }
        // The port: dropped when empty (RFC 3986 §3.2.3); at Scheme level without leading
        // zeros and dropped when it is the scheme's default.
        let mut port = r.port().filter(|p| !p.is_empty());
        if level == Level::Scheme {
            port = port
                .map(|d| match d.trim_start_matches('0') {
                    "" => "0",
                    t => t,
                })
                .filter(|&d| Some(d) != rules.default_port);
        }
        p.has_authority = true;
        p.host_kind = sp.host_kind;
        p.host_start = w.len();
        host(w, &sp, level);
        if level == Level::Scheme && sp.host_kind == HostKind::RegName {
            let h = &w.text()[p.host_start..];
            if rules.localhost_is_empty && h == "localhost" && !has_userinfo && port.is_none() {
                w.truncate(p.host_start);
            } else if !h.is_ascii() && !h.contains('%') {
                let mut ascii = String::new();
                if super::convert::push_host_ascii(&mut ascii, h, true).is_ok() {
                    w.truncate(p.host_start);
                    w.push_str(&ascii);
                }
            }
        }
        p.host_end = w.len();
        // RFC 3986 §3.2.2: a host that matches IPv4address is one, also when it became one here
        // (`127.0.0.%31` decoded, full-width digits mapped by ToASCII).
        if p.host_kind == HostKind::RegName && parse::is_ipv4(&w.text().as_bytes()[p.host_start..])
        {
            p.host_kind = HostKind::Ipv4;
        }
        if let Some(d) = port {
            w.push_ascii(b':');
            w.push_str(d);
        }
    } else {
        p.host_start = w.len();
        p.host_end = w.len();
    }
    p.path_start = w.len();

    let path = r.path();
    if sp.scheme_end > 0 || sp.has_authority || path.starts_with('/') {
        push_path(w, "", path);
    } else {
        run(w, sp.path_start, sp.path_end, Part::Other);
    }
    if rules.empty_path_is_root && p.has_authority && w.len() == p.path_start {
        w.push_ascii(b'/');
    }
    if !p.has_authority && double_slash_at(w.text(), p.path_start) {
        w.insert_str(p.path_start, "/.");
    }
    p.path_end = w.len();

    if sp.path_end < sp.query_end {
        w.copy(sp.path_end, sp.path_end + 1);
        run(w, sp.path_end + 1, sp.query_end, Part::Query);
    }
    p.query_end = w.len();
    if sp.query_end < s.len() {
        w.copy(sp.query_end, sp.query_end + 1);
        run(w, sp.query_end + 1, s.len(), Part::Other);
    }
    (p, rules)
}

/// The host at Syntax level: ASCII letters in lowercase, percent-encoding normalized; at Scheme
/// level an IPv6 literal in RFC 5952 form.
fn host(w: &mut Writer, sp: &Positions, level: Level) {
    let (hs, he) = (sp.host_start, sp.host_end);
    match sp.host_kind {
        HostKind::Ipv4 => w.copy(hs, he),
        HostKind::Ipv6 if level == Level::Scheme => {
            match w.src[hs + 1..he - 1].parse::<std::net::Ipv6Addr>() {
                Ok(addr) => {
                    use fmt::Write;
                    // Writing to a Writer cannot fail.
                    let _ = write!(w, "[{addr}]");
                }
                Err(_) => run(w, hs, he, Part::Host),
            }
        }
        _ => run(w, hs, he, Part::Host),
    }
}

/// What a run of characters is part of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Scheme or host: ASCII letters are lowercased.
    Host,
    /// The query: may hold literal private-use characters, which the normal form encodes.
    Query,
    /// Userinfo, path, fragment.
    Other,
}

/// Write the normal form of `src[from..to]`: `%XX` decoded or uppercased, case folded in hosts.
fn run(w: &mut Writer, from: usize, to: usize, part: Part) {
    let src = w.src;
    let b = src.as_bytes();
    // Most runs need no work: a branch-free pass (it vectorizes) says so, and they are copied.
    let needs = |c: u8| match part {
        Part::Other | Part::Query => (c == b'%') | (c >= 0x80),
        Part::Host => (c == b'%') | c.is_ascii_uppercase() | (c >= 0x80),
    };
    if b[from..to]
        .iter()
        .fold(0u8, |acc, &c| acc | u8::from(needs(c)))
        == 0
    {
        w.copy(from, to);
        return;
    }
    let mut i = from;
    let mut done = from;
    while i < to {
        // Skip to the next byte that may need work: '%' anywhere, and also uppercase letters in
        // a host and non-ASCII in a query.
        let next = match part {
            Part::Host => b[i..to]
                .iter()
                .position(|&c| c == b'%' || c.is_ascii_uppercase() || c >= 0x80)
                .map(|k| i + k),
            Part::Other | Part::Query => b[i..to]
                .iter()
                .position(|&c| c == b'%' || c >= 0x80)
                .map(|k| i + k),
        };
        let Some(k) = next else { break };
        i = k;
        let c = b[i];
        if c == b'%' {
            w.copy(done, i);
            i = percent(w, i, to, part);
            done = i;
        } else if c < 0x80 {
            w.copy(done, i);
            w.push_ascii(c.to_ascii_lowercase());
            i += 1;
            done = i;
        } else {
            // A literal character that the normal form writes encoded (as its `%XX` form
            // would stay): private use in the query, and what §3.7 step 4 keeps encoded.
            let (ch, len) = parse::decode(b, i);
            if !fit_for_iri(ch, false) {
                w.copy(done, i);
                for &x in &b[i..i + len] {
                    w.push_encoded(x);
                }
                done = i + len;
            }
            i += len;
        }
    }
    w.copy(done, to);
}

/// Normalize the percent-encoding at `src[i..]` (before `to`); returns where to continue.
/// Unreserved characters are decoded, and so are UTF-8 sequences of a character URI → IRI
/// conversion decodes ([`fit_for_iri`], the same table); everything else keeps its `%XX` with
/// uppercase hex.
fn percent(w: &mut Writer, i: usize, to: usize, part: Part) -> usize {
    let src = w.src;
    let b = src.as_bytes();
    let byte = |k: usize| {
        if i + 3 * k + 3 <= to {
            pct::decode_at(b, i + 3 * k)
        } else {
            None
        }
    };
    let Some(v) = byte(0) else {
        w.copy(i, i + 1);
        return i + 1;
    };
    if chars::is_unreserved(v) {
        w.push_ascii(if part == Part::Host {
            v.to_ascii_lowercase()
        } else {
            v
        });
        return i + 3;
    }
    let n = match v {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    };
    if n > 0 {
        let mut seq = [v, 0, 0, 0];
        let mut k = 1;
        while k < n {
            match byte(k) {
                Some(x) if x & 0xC0 == 0x80 => seq[k] = x,
                _ => break,
            }
            k += 1;
        }
        if k == n
            && let Ok(text) = std::str::from_utf8(&seq[..n])
            && text.chars().all(|ch| fit_for_iri(ch, false))
        {
            w.push_str(text);
            return i + 3 * n;
        }
    }
    if b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase() {
        w.push_encoded(v);
    } else {
        w.copy(i, i + 3);
    }
    i + 3
}

/// `mailto:` with the domain of each address of the path in lowercase (positions unchanged).
fn mailto_domains(r: &IriRef<&str>) -> String {
    let s = r.as_str();
    let p = *r.positions();
    let mut out = String::with_capacity(s.len());
    out.push_str(&s[..p.path_start]);
    for (k, addr) in r.path().split(',').enumerate() {
        if k > 0 {
            out.push(',');
        }
        let at = addr.rfind('@').map_or(addr.len(), |i| i + 1);
        out.push_str(&addr[..at]);
        let mut hex = 0; // hex digits of a %XX still to skip (they stay uppercase)
        for c in addr[at..].chars() {
            if c == '%' {
                hex = 2;
                out.push(c);
            } else if hex > 0 {
                hex -= 1;
                out.push(c);
            } else {
                out.push(c.to_ascii_lowercase());
            }
        }
    }
    out.push_str(&s[p.path_end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str, level: Level) -> String {
        IriRef::parse(s)
            .unwrap()
            .normalize(level)
            .as_str()
            .to_owned()
    }

    /// A reg-name that normalization turns into an IPv4 address is one in the result's
    /// positions, as a fresh parse of the result says (RFC 3986 §3.2.2; found by the
    /// `normalize` fuzz target).
    #[test]
    fn a_host_that_becomes_an_ipv4_address_is_one() {
        use crate::iri::HostKind;
        let syntax = ("//127.0.0.%31", Level::Syntax, "//127.0.0.1");
        let scheme = (
            "http://%31%32%37.0.0.1:80/",
            Level::Scheme,
            "http://127.0.0.1/",
        );
        // Full-width digits, which ToASCII maps (only with IDNA).
        let wide = (
            "http://\u{FF11}\u{FF12}\u{FF17}.0.0.1/",
            Level::Scheme,
            "http://127.0.0.1/",
        );
        let with_idna = cfg!(feature = "idna").then_some(wide);
        for (input, level, want) in [syntax, scheme].into_iter().chain(with_idna) {
            let parsed = IriRef::parse(input).unwrap();
            let r = parsed.normalize(level);
            assert_eq!(r.as_str(), want, "{input}");
            let host = r.host().map(|h| h.kind());
            assert_eq!(host, Some(HostKind::Ipv4), "{input}");
            let fresh = IriRef::parse(r.as_str()).unwrap();
            assert_eq!(fresh.host().map(|h| h.kind()), host, "{input}");
        }
        // Not an address: the kind stays.
        let parsed = IriRef::parse("//127.0.0.%31x").unwrap();
        let r = parsed.normalize(Level::Syntax);
        assert_eq!(r.host().map(|h| h.kind()), Some(HostKind::RegName));
    }

    #[test]
    fn percent_encoding_forms() {
        for (input, want) in [
            ("a:%7e%41", "a:~A"),
            ("a:%3a%2F", "a:%3A%2F"),
            ("a:%C3%A9", "a:é"),
            ("a:%c3%a9", "a:é"),
            ("a:%E2%80%AE", "a:%E2%80%AE"), // U+202E, a bidi format character
            ("a:%C0%AF", "a:%C0%AF"),       // overlong '/'
            ("a:%ED%A0%80", "a:%ED%A0%80"), // surrogate
            ("a:%EF%BF%BF", "a:%EF%BF%BF"), // U+FFFF, not a ucschar
            ("a:?%EE%80%80", "a:?%EE%80%80"),
            ("a:?\u{E000}", "a:?%EE%80%80"),
            ("a:%CE%CE%B1", "a:%CEα"),
            ("a:%F0%9F%8D%A3", "a:🍣"),
            ("a:%", "a:%"),
        ] {
            let got = match IriRef::parse(input) {
                Ok(r) => r.normalize(Level::Syntax).as_str().to_owned(),
                Err(_) => continue,
            };
            assert_eq!(got, want, "{input}");
        }
    }

    #[test]
    #[cfg(feature = "idna")]
    fn hosts() {
        assert_eq!(
            n("http://EX%41mple.COM", Level::Syntax),
            "http://example.com"
        );
        assert_eq!(n("http://Ré.COM/", Level::Syntax), "http://ré.com/");
        assert_eq!(n("http://[V1.AB]/", Level::Syntax), "http://[v1.ab]/");
        assert_eq!(
            n("http://[0:0:0:0:0:FFFF:C000:201]/", Level::Syntax),
            "http://[0:0:0:0:0:ffff:c000:201]/"
        );
        assert_eq!(
            n("http://[0:0:0:0:0:FFFF:C000:201]/", Level::Scheme),
            "http://[::ffff:192.0.2.1]/"
        );
        assert_eq!(n("http://RÉ.com/", Level::Scheme), "http://xn--r-bga.com/");
        // The same ToASCII as IRI → URI mapping (§3.4: UseSTD3ASCIIRules=FALSE), so an IRI and
        // its URI have the same key.
        assert_eq!(n("http://a_b.é/", Level::Scheme), "http://a_b.xn--9ca/");
        assert_eq!(
            n("http://a_b.é/", Level::Scheme),
            n("http://a_b.xn--9ca/", Level::Scheme)
        );
        assert_eq!(n("file://LocalHost/etc", Level::Scheme), "file:///etc");
        // The identifier schemes plug in their own equivalence.
        assert_eq!(
            n(
                "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6?=q",
                Level::Scheme
            ),
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
        );
        // URNs by RFC 8141 §3.1 at every rung: `urn` and the NID in lower case, never decoded.
        assert_eq!(
            n(
                "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
                Level::Syntax
            ),
            "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
        );
        assert_eq!(n("urn:example:%41%2f", Level::Syntax), "urn:example:%41%2F");
        assert_eq!(n("urn:example:%41%2f", Level::Scheme), "urn:example:%41%2F");
        assert_eq!(n("doi:10.1000/abc", Level::Scheme), "doi:10.1000/ABC");
        assert_eq!(
            n("ivo://CDS.VizieR/J/A+A/1?Ab", Level::Scheme),
            "ivo://cds.vizier/j/a+a/1?Ab" // the registry part is case-insensitive (§2.6)
        );
        assert_eq!(n("urn:x", Level::Scheme), "urn:x"); // not a URN: left as it is
        assert_eq!(
            n("file://u@localhost/etc", Level::Scheme),
            "file://u@localhost/etc"
        );
        assert_eq!(
            n("mailto:Joe@Example.COM,A@B%2Ecom", Level::Scheme),
            "mailto:Joe@example.com,A@b.com"
        );
    }

    #[test]
    fn ports_and_paths() {
        assert_eq!(n("http://a:", Level::Syntax), "http://a");
        assert_eq!(n("http://a:0080", Level::Syntax), "http://a:0080");
        assert_eq!(n("http://a:0080", Level::Scheme), "http://a/");
        assert_eq!(n("foo://a:0080", Level::Scheme), "foo://a:80");
        assert_eq!(n("http://a:00", Level::Scheme), "http://a:0/");
        assert_eq!(n("http://a?", Level::Scheme), "http://a/?");
        assert_eq!(n("foo://a", Level::Scheme), "foo://a");
        assert_eq!(n("http://a#", Level::Scheme), "http://a/#");
        assert_eq!(n("//a:80", Level::Scheme), "//a:80");
        assert_eq!(n("../a/./b", Level::Syntax), "../a/./b");
        assert_eq!(n("/a/../b", Level::Syntax), "/b");
        assert_eq!(n("foo:a/../b", Level::Syntax), "foo:/b");
        assert_eq!(n("foo:/.//a", Level::Syntax), "foo:/.//a");
        assert_eq!(n("/.//a", Level::Syntax), "/.//a");
        assert_eq!(n("a:/b/%2E%2e/c", Level::Syntax), "a:/c");
    }

    #[test]
    fn borrowed_when_normal() {
        for s in [
            "http://example.com/a?b#c",
            "foo:bar",
            "http://a/b/",
            "http://a/b:",
        ] {
            let r = IriRef::parse(s).unwrap();
            assert!(
                matches!(r.normalize(Level::Syntax).into_inner(), Cow::Borrowed(_)),
                "{s}"
            );
        }
        // A normal form that is a prefix of the input is borrowed too.
        let r = IriRef::parse("http://a:").unwrap();
        assert!(matches!(
            r.normalize(Level::Syntax).into_inner(),
            Cow::Borrowed("http://a")
        ));
    }

    #[test]
    fn positions_match_a_fresh_parse() {
        for s in [
            "HTTP://U%41@Ex.com:/a/../b?%7e#%7E",
            "http://[::1]:80",
            "foo:.//a",
            "//a/./b",
            "file://localhost/x",
            "mailto:A@B.C?subject=x",
            "http://ÉCOLE.fr",
        ] {
            for level in [Level::Simple, Level::Syntax, Level::Scheme] {
                let norm = IriRef::parse(s).unwrap();
                let norm = norm.normalize(level);
                let fresh = IriRef::parse(norm.as_str()).unwrap();
                assert_eq!(norm.positions(), fresh.positions(), "{s} at {level}");
            }
        }
    }
}
