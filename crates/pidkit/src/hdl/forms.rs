//! Every form a handle is written in, reduced to the handle: the bare name (RFC 3651 §2.1), the
//! `hdl:` URI, the `info:hdl/` URI (RFC 4452), the HDL.NET proxy URL and the Handle API URL.

use crate::scheme::{Field, FieldType, Value};
use std::borrow::Cow;

use crate::{PidCase, PidForm};

use super::error::{HdlError, HdlParseError, codes};
use super::name::Handle;
use crate::error::Warning;
use crate::handle_system::{API_PATH, encoded_offset, move_to_input};
use crate::iri::IriError;
use crate::pct::{self, decode_at};

/// The host of CNRI's HDL.NET proxy server system, which resolves any handle.
const PROXY_HOST: &str = "hdl.handle.net";

/// The base of the proxy URLs this crate writes ([`Handle::url`]).
pub(crate) const PROXY: &str = "https://hdl.handle.net/";

/// Whether `t` (trimmed) has the shape of one of the written forms of a handle that
/// auto-detection recognises ([`crate::detect`]): `hdl:`, `info:hdl/`, or a URL of the proxy
/// (`https://hdl.handle.net/…`, `http://…`, or the host without scheme). A bare
/// `prefix/local-name` is not claimed: it cannot be told from a relative reference.
pub(crate) fn claims(t: &[u8]) -> bool {
    let has = |p: &str| t.len() >= p.len() && t[..p.len()].eq_ignore_ascii_case(p.as_bytes());
    match t.first().map(u8::to_ascii_lowercase) {
        Some(b'h') => {
            if has("hdl:") || starts_with_proxy_host(t) {
                return true;
            }
            let after = if has("https://") {
                8
            } else if has("http://") {
                7
            } else {
                return false;
            };
            starts_with_proxy_host(&t[after..])
        }
        Some(b'i') => has("info:hdl/"),
        _ => false,
    }
}

/// The proxy host followed by `/` at the start of `t`.
fn starts_with_proxy_host(t: &[u8]) -> bool {
    let h = PROXY_HOST.len();
    t.len() > h && t[..h].eq_ignore_ascii_case(PROXY_HOST.as_bytes()) && t[h] == b'/'
}

/// How a handle was written.
///
/// ```
/// use pidkit::hdl::{recognize, HdlForm};
/// for (text, form) in [
///     ("20.500.12345/abc", HdlForm::Name),
///     ("hdl:20.500.12345/abc", HdlForm::Uri),
///     ("info:hdl/20.500.12345/abc", HdlForm::InfoUri),
///     ("https://hdl.handle.net/20.500.12345/abc", HdlForm::Url),
///     ("https://hdl.handle.net/api/handles/20.500.12345/abc", HdlForm::HandleApi),
/// ] {
///     let r = recognize(text)?;
///     assert_eq!((r.handle.as_str(), r.form), ("20.500.12345/abc", form), "{text}");
/// }
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HdlForm {
    /// The bare handle `20.500.12345/abc`, as written (never percent-decoded: `%` is a
    /// character of a handle like any other).
    Name,
    /// The `hdl:` URI `hdl:20.500.12345/abc`.
    Uri,
    /// The `info:` URI of RFC 4452, `info:hdl/20.500.12345/abc`.
    InfoUri,
    /// A proxy URL: `https://hdl.handle.net/…`, `http://hdl.handle.net/…`, or the host without
    /// scheme (`hdl.handle.net/20.500.12345/abc`).
    Url,
    /// The Handle API URL `https://hdl.handle.net/api/handles/…` (Handle.Net Technical Manual §14).
    HandleApi,
}

impl HdlForm {
    /// A stable kebab-case name: `name`, `uri`, `info-uri`, `url`, `handle-api`.
    ///
    /// ```
    /// assert_eq!(pidkit::hdl::HdlForm::HandleApi.name(), "handle-api");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            HdlForm::Name => "name",
            HdlForm::Uri => "uri",
            HdlForm::InfoUri => "info-uri",
            HdlForm::Url => "url",
            HdlForm::HandleApi => "handle-api",
        }
    }
}

/// A handle recognised in one of its written forms, with the query and fragment that a URI or
/// URL form carried after it (never part of the handle; [`Recognized::warnings`] reports them).
///
/// ```
/// let r = pidkit::hdl::recognize("https://hdl.handle.net/20.500.12345/a%2Fb?noredirect#top")?;
/// assert_eq!((r.handle.as_str(), r.form.name(), r.percent_encoded), ("20.500.12345/a/b", "url", true));
/// assert_eq!((r.query(), r.fragment()), (Some("noredirect"), Some("top")));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognized<'a> {
    /// The handle.
    pub handle: Handle<'a>,
    /// The form it was written in.
    pub form: HdlForm,
    /// Whether percent-encoding was decoded to get the handle.
    pub percent_encoded: bool,
    /// Where the (possibly encoded) handle is in the input.
    span: (usize, usize),
    /// Where the query (after `?`) and the fragment (after `#`) are in the input.
    query: Option<(usize, usize)>,
    fragment: Option<(usize, usize)>,
    /// The text this was recognised from.
    input: &'a str,
}

impl<'a> Recognized<'a> {
    /// The text the handle was recognised from, as given (surrounding whitespace included).
    ///
    /// ```
    /// assert_eq!(pidkit::hdl::recognize(" hdl:1/x ")?.input(), " hdl:1/x ");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The byte range of the input that holds the handle (percent-encoded as written).
    ///
    /// ```
    /// assert_eq!(pidkit::hdl::recognize("hdl:1/x?y")?.name_span(), (4, 7));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn name_span(&self) -> (usize, usize) {
        self.span
    }

    /// The query after the handle in a URI or URL form, without its `?`.
    ///
    /// ```
    /// assert_eq!(pidkit::hdl::recognize("hdl:1/x?locatt=id:1")?.query(), Some("locatt=id:1"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query.map(|(a, b)| &self.input[a..b])
    }

    /// The fragment after the handle in a URI or URL form, without its `#`.
    ///
    /// ```
    /// assert_eq!(pidkit::hdl::recognize("info:hdl/1/x#p2")?.fragment(), Some("p2"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment.map(|(a, b)| &self.input[a..b])
    }

    /// The members of the CLI's JSON `hdl` object.
    ///
    /// ```
    /// let d = pidkit::hdl::recognize("hdl:20.500.12345/a b")?.details();
    /// assert_eq!((d.uri.as_str(), d.url.as_str(), d.form), (
    ///     "hdl:20.500.12345/a%20b", "https://hdl.handle.net/20.500.12345/a%20b", "uri"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn details(&self) -> HdlDetails {
        let h = &self.handle;
        HdlDetails {
            name: h.as_str().to_owned(),
            prefix: h.prefix().to_owned(),
            suffix: h.local_name().to_owned(),
            uri: h.to_uri(),
            url: h.to_url(),
            form: self.form.name(),
        }
    }

    /// The warnings of [`super::warnings()`], with offsets moved to bytes of the input (also when
    /// the handle was percent-encoded there), and one for a query or a fragment after the
    /// handle, which is not part of it.
    ///
    /// ```
    /// let r = pidkit::hdl::recognize("https://hdl.handle.net/10.1000/182?noredirect")?;
    /// let w: Vec<_> = r.warnings().iter().map(|w| (w.code.as_str(), w.offset, w.len)).collect();
    /// assert_eq!(w, [("hdl-doi", 23, 7), ("hdl-query", 34, 11)]);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = super::warnings(&self.handle);
        let (start, end) = self.span;
        let enc = self.input.get(start..end).unwrap_or("");
        move_to_input(&mut out, enc, start, self.percent_encoded);
        if let Some((a, b)) = self.query {
            let q = &self.input[a..b];
            let what = match self.form {
                HdlForm::HandleApi => "a Handle API request's parameters (type=, index=)",
                HdlForm::Url => "parameters for the proxy (noredirect, index=, type=, locatt=)",
                _ => "parameters for the resolver (such as locatt=)",
            };
            out.push(Warning::new(
                codes::QUERY,
                a - 1,
                b - a + 1,
                format!(
                    "the query '?{q}' holds {what}, not part of the handle: it is left out of the handle; a '?' of the handle is written %3F"
                ),
            ));
        }
        if let Some((a, b)) = self.fragment {
            let f = &self.input[a..b];
            out.push(Warning::new(
                codes::FRAGMENT,
                a - 1,
                b - a + 1,
                format!(
                    "the fragment '#{f}' is not part of the handle: it is left out of the handle; a '#' of the handle is written %23"
                ),
            ));
        }
        out
    }
}

impl Recognized<'_> {
    /// The handle written in `form` (see [`crate::PidForm`]): as written, or with its ASCII
    /// letters in `case`; a URL output keeps the written URI's or URL's query and fragment.
    ///
    /// ```
    /// use pidkit::{PidCase, PidForm};
    /// let r = pidkit::hdl::recognize("http://hdl.handle.net/20.500.12345/abc?noredirect")?;
    /// assert_eq!(r.written_as(PidForm::Auto, Some(PidCase::Upper)), "https://hdl.handle.net/20.500.12345/ABC?noredirect");
    /// assert_eq!(r.written_as(PidForm::Uri, None), "hdl:20.500.12345/abc");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn written_as(&self, form: PidForm, case: Option<PidCase>) -> String {
        let cased = case.filter(|c| *c != PidCase::AsGiven).map(|c| {
            let name = match c {
                PidCase::Lower => self.handle.as_str().to_ascii_lowercase(),
                _ => self.handle.as_str().to_ascii_uppercase(),
            };
            Handle::from_cow(Cow::Owned(name))
        });
        let handle = match &cased {
            Some(Ok(h)) => h,
            _ => &self.handle,
        };
        let mut tail = String::new();
        if let Some(q) = self.query() {
            tail.push('?');
            tail.push_str(q);
        }
        if let Some(f) = self.fragment() {
            tail.push('#');
            tail.push_str(f);
        }
        match (form, self.form) {
            (PidForm::Name, _) => handle.as_str().to_owned(),
            (PidForm::Auto, HdlForm::HandleApi) => format!("{}{tail}", handle.api_url()),
            (PidForm::Url, _) | (PidForm::Auto, HdlForm::Url) => format!("{}{tail}", handle.url()),
            (PidForm::Uri | PidForm::Auto, _) => handle.to_uri(),
        }
    }

    /// What writing it in `form` loses: a query or fragment, in any form but a URL (the same
    /// warnings as [`Recognized::warnings`] gives).
    pub fn lost_in(&self, form: PidForm) -> Vec<Warning> {
        // `auto` keeps it in every command: normalize writes a URL, to-uri and to-iri a URI or
        // URL as written.
        let keeps = matches!(form, PidForm::Url | PidForm::Auto);
        if keeps {
            return Vec::new();
        }
        self.warnings()
            .into_iter()
            .filter(|w| w.code == codes::QUERY || w.code == codes::FRAGMENT)
            .collect()
    }
}

/// Everything `pidkit parse` shows of a recognised handle (the JSON `hdl` object).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdlDetails {
    /// The handle.
    pub name: String,
    /// Its prefix (naming authority).
    pub prefix: String,
    /// Its local name (suffix).
    pub suffix: String,
    /// The `hdl:` URI ([`Handle::uri`]).
    pub uri: String,
    /// The proxy URL ([`Handle::url`]).
    pub url: String,
    /// The form it was written in ([`HdlForm::name`]).
    pub form: &'static str,
}

impl crate::scheme::Fields for HdlDetails {
    const FIELDS: &'static [Field] = &[
        Field::new("name", FieldType::Str, ""),
        Field::new("prefix", FieldType::Str, ""),
        Field::new("suffix", FieldType::Str, ""),
        Field::new("uri", FieldType::Str, ""),
        Field::new("url", FieldType::Str, ""),
        Field::new(
            "form",
            FieldType::Str,
            "name, uri, info-uri, url, handle-api; more may be added.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.name),
            1 => Value::Str(&self.prefix),
            2 => Value::Str(&self.suffix),
            3 => Value::Str(&self.uri),
            4 => Value::Str(&self.url),
            5 => Value::Str(self.form),
            _ => Value::Null,
        }
    }
}

/// Recognise a handle in any of its written forms ([`HdlForm`]).
///
/// Surrounding whitespace is ignored. The URI and URL forms are percent-decoded into strict
/// UTF-8, and a `%` there must start a `%XX` (a `%` of the handle is written `%25`); their
/// first `?` starts a query and their first `#` a fragment, which are not part of the handle
/// (reported by [`Recognized::warnings`]), except that an `info:` URI has no query (RFC 4452:
/// `hdl-info-query`). Characters a URI would need encoded are accepted as written
/// (`hdl:20.500/a b`), except whitespace right after the lead-in (`hdl: 20.500/x` is a printed
/// label, not a URI: `invalid-char`). A bare name is read as written, without decoding; one that starts like
/// a URI of another scheme (`doi:10.1000/182`) is `hdl-not-hdl`.
///
/// Error offsets are bytes into `s`, also when the fault lies in percent-decoded text.
///
/// ```
/// use pidkit::hdl::{recognize, HdlForm};
/// let r = recognize("http://hdl.handle.net/2027/mdp.39015%2E078")?;
/// assert_eq!((r.handle.as_str(), r.form), ("2027/mdp.39015.078", HdlForm::Url));
/// let err = recognize("hdl:20.500/%FF").unwrap_err();
/// assert_eq!((err.code(), err.offset), ("hdl-bad-utf8", 11));
/// let err = recognize("https://example.org/20.500/x").unwrap_err();
/// assert_eq!((err.code(), err.offset), ("hdl-not-hdl", 8));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn recognize(s: &str) -> Result<Recognized<'_>, HdlParseError> {
    // ASCII whitespace only (said by hdl-surrounding-space): a Unicode space at either end is
    // part of the name as written, as it is when percent-encoded (hdl-space says so).
    let space = |c: char| c.is_ascii_whitespace();
    let trimmed = s.trim_start_matches(space);
    let start = s.len() - trimmed.len();
    let t = trimmed.trim_end_matches(space);
    if t.is_empty() {
        return Err(HdlParseError::new(IriError::Empty, 0, 0));
    }
    let b = t.as_bytes();
    let has = |p: &str| b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p.as_bytes());
    let r = if has("hdl:") {
        uri_form(t, start, 4, HdlForm::Uri)
    } else if has("info:hdl/") {
        uri_form(t, start, 9, HdlForm::InfoUri)
    } else if has("http://") || has("https://") {
        url_form(t, start, if b[4] == b':' { 7 } else { 8 })
    } else if starts_with_proxy_host(b) {
        url_form(t, start, 0)
    } else {
        name_form(t, start)
    };
    r.map(|r| Recognized { input: s, ..r })
}

/// The length of `scheme ":"` at the start of `t`, if it starts with one (RFC 3986 §3.1).
fn scheme_len(t: &[u8]) -> Option<usize> {
    if !t.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = t
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (t[n] == b':').then_some(n + 1)
}

/// A bare handle, as written.
fn name_form(t: &str, base: usize) -> Result<Recognized<'_>, HdlParseError> {
    if let Some(n) = scheme_len(t.as_bytes()) {
        return Err(HdlParseError::new(HdlError::NotHdl, base, n));
    }
    let handle = Handle::parse(t).map_err(|e| e.shifted(base))?;
    Ok(Recognized {
        handle,
        form: HdlForm::Name,
        percent_encoded: false,
        span: (base, base + t.len()),
        query: None,
        fragment: None,
        input: t,
    })
}

/// `hdl:` or `info:hdl/` (`skip` bytes) and the handle, percent-encoded, then `?query` (not in
/// `info:` URIs) and `#fragment`.
fn uri_form(
    t: &str,
    base: usize,
    skip: usize,
    form: HdlForm,
) -> Result<Recognized<'_>, HdlParseError> {
    let rest = &t[skip..];
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    if form == HdlForm::InfoUri && rest.as_bytes().get(end) == Some(&b'?') {
        let len = rest[end..].find('#').unwrap_or(rest.len() - end);
        return Err(HdlParseError::new(
            HdlError::InfoQuery,
            base + skip + end,
            len,
        ));
    }
    finish(t, base, skip, skip + end, form)
}

/// A proxy URL; `scheme` is the length of `http://` / `https://` (0 when absent).
fn url_form(t: &str, base: usize, scheme: usize) -> Result<Recognized<'_>, HdlParseError> {
    let rest = &t[scheme..];
    let host_len = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if !rest[..host_len].eq_ignore_ascii_case(PROXY_HOST) {
        return Err(HdlParseError::new(
            HdlError::NotHdl,
            base + scheme,
            host_len,
        ));
    }
    if !rest[host_len..].starts_with('/') {
        return Err(HdlParseError::new(
            HdlError::NotHdl,
            base + scheme + host_len,
            0,
        ));
    }
    let path_start = scheme + host_len + 1;
    let path_end = t[path_start..]
        .find(['?', '#'])
        .map_or(t.len(), |k| path_start + k);
    match t[path_start..path_end].strip_prefix(API_PATH) {
        Some(_) => finish(
            t,
            base,
            path_start + API_PATH.len(),
            path_end,
            HdlForm::HandleApi,
        ),
        None => finish(t, base, path_start, path_end, HdlForm::Url),
    }
}

/// The handle percent-encoded at `t[from..to]`, and what follows it: `?query`, `#fragment`.
fn finish(
    t: &str,
    base: usize,
    from: usize,
    to: usize,
    form: HdlForm,
) -> Result<Recognized<'_>, HdlParseError> {
    let enc = &t[from..to];
    if enc.is_empty() {
        return Err(HdlParseError::new(IriError::Empty, base + from, 0));
    }
    // `hdl: 20.500/x` is a printed label, not a URI: a handle never starts with a space.
    if let Some(c) = enc.chars().next().filter(|c| c.is_whitespace()) {
        return Err(HdlParseError::new(
            IriError::InvalidChar(c),
            base + from,
            c.len_utf8(),
        ));
    }
    let b = enc.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'%') {
        let at = i + k;
        if decode_at(b, at).is_none() {
            let len = 1 + b[at + 1..]
                .iter()
                .take(2)
                .take_while(|c| c.is_ascii_hexdigit())
                .count();
            return Err(HdlParseError::new(
                IriError::BadPercent,
                base + from + at,
                len,
            ));
        }
        i = at + 3;
    }
    let name = pct::decode_utf8(enc)
        .map_err(|e| HdlParseError::new(HdlError::BadUtf8, base + from + e.offset, e.len))?;
    let percent_encoded = matches!(name, Cow::Owned(_));
    let handle = Handle::from_cow(name).map_err(|e| {
        let start = encoded_offset(enc, e.offset);
        let end = encoded_offset(enc, e.offset + e.len);
        HdlParseError::new(e.kind, base + from + start, end - start)
    })?;
    let (mut query, mut fragment) = (None, None);
    if to < t.len() {
        let tail = &t[to..];
        let hash = tail.find('#');
        if tail.starts_with('?') {
            query = Some((base + to + 1, base + to + hash.unwrap_or(tail.len())));
        }
        if let Some(h) = hash {
            fragment = Some((base + to + h + 1, base + t.len()));
        }
    }
    Ok(Recognized {
        handle,
        form,
        percent_encoded,
        span: (base + from, base + to),
        query,
        fragment,
        input: t,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(s: &str) -> (String, HdlForm, bool) {
        let r = recognize(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        (r.handle.as_str().to_owned(), r.form, r.percent_encoded)
    }

    fn rec_err(s: &str) -> (&'static str, usize, usize) {
        let e = recognize(s).unwrap_err();
        (e.code(), e.offset, e.len)
    }

    #[test]
    fn every_form() {
        use HdlForm::*;
        let n = "20.500.12345/abc".to_owned();
        for (s, form, enc) in [
            ("20.500.12345/abc", Name, false),
            ("  20.500.12345/abc\n", Name, false),
            ("hdl:20.500.12345/abc", Uri, false),
            ("HDL:20.500.12345%2Fabc", Uri, true),
            ("hdl:20.500.12345/abc?locatt=id:1", Uri, false),
            ("info:hdl/20.500.12345/abc", InfoUri, false),
            ("INFO:HDL/20.500.12345/ab%63", InfoUri, true),
            ("info:hdl/20.500.12345/abc#x", InfoUri, false),
            ("https://hdl.handle.net/20.500.12345/abc", Url, false),
            ("http://hdl.handle.net/20.500.12345/abc", Url, false),
            ("HTTPS://HDL.HANDLE.NET/20.500.12345/abc", Url, false),
            ("hdl.handle.net/20.500.12345/abc", Url, false),
            (
                "https://hdl.handle.net/20.500.12345/abc?noredirect#x",
                Url,
                false,
            ),
            (
                "https://hdl.handle.net/api/handles/20.500.12345%2Fabc?type=URL",
                HandleApi,
                true,
            ),
        ] {
            assert_eq!(rec(s), (n.clone(), form, enc), "{s}");
        }
    }

    #[test]
    fn query_and_fragment_spans() {
        let r = recognize(" hdl:1/x?a#b ").unwrap();
        assert_eq!((r.query(), r.fragment()), (Some("a"), Some("b")));
        let r = recognize("hdl:1/x#a?b").unwrap();
        assert_eq!((r.query(), r.fragment()), (None, Some("a?b")));
        let r = recognize("https://hdl.handle.net/1/x?").unwrap();
        assert_eq!((r.query(), r.fragment()), (Some(""), None));
        let r = recognize("1/x?a#b").unwrap(); // a bare name is taken as written
        assert_eq!(r.handle.as_str(), "1/x?a#b");
    }

    #[test]
    fn errors_point_into_the_original() {
        assert_eq!(rec_err(""), ("empty", 0, 0));
        assert_eq!(rec_err("hdl:"), ("empty", 4, 0));
        assert_eq!(rec_err(" hdl:?x"), ("empty", 5, 0));
        assert_eq!(rec_err("hdl:20.500"), ("hdl-missing-slash", 10, 0));
        assert_eq!(rec_err("hdl:20..5/x"), ("hdl-empty-prefix-segment", 7, 1));
        assert_eq!(rec_err("hdl:%2Fx"), ("hdl-empty-prefix", 4, 3));
        assert_eq!(rec_err("hdl:1/a%"), ("bad-percent", 7, 1));
        assert_eq!(rec_err("hdl:1/a%4"), ("bad-percent", 7, 2));
        assert_eq!(rec_err("hdl:1/a%zz"), ("bad-percent", 7, 1));
        assert_eq!(rec_err("hdl:1/%C3%28"), ("hdl-bad-utf8", 6, 3));
        assert_eq!(rec_err("hdl:1/a%07"), ("hdl-not-printable", 7, 3));
        assert_eq!(rec_err("info:hdl/1/a?b#c"), ("hdl-info-query", 12, 2));
        assert_eq!(rec_err("https://example.org/1/x"), ("hdl-not-hdl", 8, 11));
        assert_eq!(rec_err("https://hdl.handle.net"), ("hdl-not-hdl", 22, 0));
        assert_eq!(rec_err("https://hdl.handle.net/"), ("empty", 23, 0));
        assert_eq!(rec_err("https://hdl.handle.net/?x"), ("empty", 23, 0));
        assert_eq!(
            rec_err("https://hdl.handle.net/api/handles/"),
            ("empty", 35, 0)
        );
        assert_eq!(rec_err("hdl: 1/x"), ("invalid-char", 4, 1));
        assert_eq!(
            rec_err("https://hdl.handle.net/\u{3000}1/x"),
            ("invalid-char", 23, 3)
        );
        assert_eq!(rec_err("doi:10.1000/182"), ("hdl-not-hdl", 0, 4));
        assert_eq!(rec_err("  DOI: 10.1000/182"), ("hdl-not-hdl", 2, 4));
        assert_eq!(rec_err("/x"), ("hdl-empty-prefix", 0, 1));
    }

    #[test]
    fn claims_only_the_written_forms() {
        for yes in [
            "hdl:1/x",
            "HDL:",
            "info:hdl/1/x",
            "https://hdl.handle.net/1/x",
            "http://HDL.handle.net/1/x",
            "hdl.handle.net/1/x",
        ] {
            assert!(claims(yes.as_bytes()), "{yes}");
        }
        for no in [
            "20.500.12345/abc",
            "hdl",
            "hdlx:1/x",
            "info:doi/10.1/x",
            "https://hdl.handle.net",
            "https://hdl.handle.network/1/x",
            "https://handle.net/1/x",
        ] {
            assert!(!claims(no.as_bytes()), "{no}");
        }
    }
}
