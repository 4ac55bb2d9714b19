//! Every form a DOI is written in, reduced to the name (DOI Handbook §2.6), and the
//! `https://doi.org/` URL with the Handbook's encoding for URL presentation (§2.5.2.4).

use crate::scheme::{Field, FieldType, Value};
use std::borrow::Cow;
use std::fmt;

use super::error::{DoiError, DoiParseError, codes};
use super::name::{Doi, DoiProfile};
use super::{decode_segment, remap};
use crate::error::Warning;
use crate::handle_system::{API_PATH, HandleApiUrl, move_to_input, write_ssp, write_url_path};
use crate::iri::IriError;
use crate::pct::decode_at;
use crate::{PidCase, PidForm};

mod common;

/// The hosts of the DOI system's resolver (DOI Handbook §3.8; doi URI scheme §4).
const RESOLVER_HOSTS: [&str; 3] = ["doi.org", "dx.doi.org", "www.doi.org"];

/// Whether `t` (trimmed) has the shape of one of the written forms of a DOI (see
/// [`crate::detect`]): the first byte decides which forms are possible, so most inputs test
/// one or two.
pub(crate) fn claims(t: &[u8]) -> bool {
    let has = |p: &str| t.len() >= p.len() && t[..p.len()].eq_ignore_ascii_case(p.as_bytes());
    match t.first().map(u8::to_ascii_lowercase) {
        Some(b'1') => {
            // `10./…` too: a DOI whose prefix lost its registrant code gets the DOI's error.
            t.starts_with(b"10/")
                || (t.starts_with(b"10.")
                    && t.get(3).is_some_and(|c| c.is_ascii_digit() || *c == b'/'))
        }
        Some(b'd') => {
            has("doi:")
                || (has("doi") && t.get(3).is_some_and(u8::is_ascii_whitespace))
                || starts_with_resolver_host(t)
        }
        Some(b'i') => has("info:doi/"),
        Some(b'u') => has("urn:doi:"),
        Some(b'h') => {
            let after = if has("https://") {
                8
            } else if has("http://") {
                7
            } else {
                return false;
            };
            starts_with_resolver_host(&t[after..])
        }
        Some(b'w') => starts_with_resolver_host(t),
        _ => false,
    }
}

/// A resolver host followed by `/` at the start of `t`.
fn starts_with_resolver_host(t: &[u8]) -> bool {
    RESOLVER_HOSTS.iter().any(|h| {
        t.len() > h.len() && t[..h.len()].eq_ignore_ascii_case(h.as_bytes()) && t[h.len()] == b'/'
    })
}

/// How a DOI was written.
///
/// ```
/// use pidkit::doi::{recognize, DoiForm};
/// for (text, form) in [
///     ("10.1000/182", DoiForm::Name),
///     ("DOI: 10.1000/182", DoiForm::Label),
///     ("doi:10.1000/182", DoiForm::Uri),
///     ("info:doi/10.1000/182", DoiForm::InfoUri),
///     ("urn:doi:10.1000:182", DoiForm::Urn),
///     ("http://dx.doi.org/10.1000/182", DoiForm::Url),
///     ("https://doi.org/api/handles/10.1000/182", DoiForm::HandleApi),
/// ] {
///     let r = recognize(text)?;
///     assert_eq!((r.doi.as_str(), r.form), ("10.1000/182", form), "{text}");
/// }
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DoiForm {
    /// The bare name `10.1000/182` (or, with no literal `/`, fully percent-encoded: `10.1000%2F182`).
    Name,
    /// The printed label `DOI: 10.1000/182` / `doi 10.1000/182` (DOI Handbook §2.6.1).
    Label,
    /// The `doi:` URI `doi:10.1000/182`.
    Uri,
    /// The `info:` URI of RFC 4452, `info:doi/10.1000/182`.
    InfoUri,
    /// The URN presentation `urn:doi:10.1000:182` (the first `:` stands for `/`).
    Urn,
    /// A resolver URL: `https://doi.org/…`, `http://dx.doi.org/…`, `https://www.doi.org/…`, or
    /// the same without scheme (`doi.org/10.1000/182`).
    Url,
    /// The Handle API URL `https://doi.org/api/handles/…` (doi URI scheme §4).
    HandleApi,
}

impl DoiForm {
    /// A stable kebab-case name: `name`, `label`, `uri`, `info-uri`, `urn`, `url`, `handle-api`.
    ///
    /// ```
    /// assert_eq!(pidkit::doi::DoiForm::InfoUri.name(), "info-uri");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DoiForm::Name => "name",
            DoiForm::Label => "label",
            DoiForm::Uri => "uri",
            DoiForm::InfoUri => "info-uri",
            DoiForm::Urn => "urn",
            DoiForm::Url => "url",
            DoiForm::HandleApi => "handle-api",
        }
    }
}

/// A DOI recognised in one of its written forms.
/// ```
/// let r = pidkit::doi::recognize("info:doi/10.1000%2F182")?;
/// assert_eq!((r.doi.as_str(), r.form.name(), r.percent_encoded), ("10.1000/182", "info-uri", true));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognized<'a> {
    /// The DOI name (a shortDOI when [`Doi::is_short`]).
    pub doi: Doi<'a>,
    /// The form it was written in.
    pub form: DoiForm,
    /// Whether percent-encoding was decoded to get the name.
    pub percent_encoded: bool,
    /// Where the (possibly encoded) name is in the input; `None` for a shortDOI code in a URL.
    span: Option<(usize, usize)>,
    /// Where a URL form's `?query` and/or `#fragment` are in the input (not part of the DOI).
    tail: Option<(usize, usize)>,
    /// The text this was recognised from.
    input: &'a str,
}

impl<'a> Recognized<'a> {
    /// The text the DOI was recognised from, as given (surrounding whitespace included).
    ///
    /// ```
    /// assert_eq!(pidkit::doi::recognize(" doi:10.1/x")?.input(), " doi:10.1/x");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The `?query` and/or `#fragment` of a URL form, as written (with its `?` or `#`): not
    /// part of the DOI name, so not part of its key; URL outputs keep it.
    ///
    /// ```
    /// let r = pidkit::doi::recognize("https://doi.org/10.1000/182?noredirect#x")?;
    /// assert_eq!((r.doi.as_str(), r.url_tail()), ("10.1000/182", Some("?noredirect#x")));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn url_tail(&self) -> Option<&'a str> {
        let (a, b) = self.tail?;
        self.input.get(a..b)
    }

    /// The members of the CLI's JSON `doi` object: the name's [`DoiSummary`], the form it was
    /// written in and whether it is a shortDOI.
    ///
    /// ```
    /// let d = pidkit::doi::recognize("https://doi.org/10/aabbe")?.details();
    /// assert_eq!((d.name.as_str(), d.form, d.short), ("10/aabbe", "url", true));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn details(&self) -> DoiDetails {
        let DoiSummary {
            name,
            prefix,
            suffix,
            uri,
            url,
        } = self.doi.summary();
        DoiDetails {
            name,
            prefix,
            suffix,
            uri,
            url,
            form: self.form.name(),
            short: self.doi.is_short(),
        }
    }

    /// The byte range of the input that holds the name (percent-encoded as written), if the
    /// name is written there (not for a bare shortDOI code like `https://doi.org/aabbe`).
    ///
    /// ```
    /// let r = pidkit::doi::recognize("DOI: 10.1000/182")?;
    /// assert_eq!(r.name_span(), Some((5, 16)));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn name_span(&self) -> Option<(usize, usize)> {
        self.span
    }

    /// The warnings of [`super::warnings()`], with offsets moved to bytes of `input` (the text this
    /// was recognised from), also when the name was percent-encoded there.
    ///
    /// ```
    /// let input = "https://doi.org/10.1000/a%E2%88%92b";
    /// let r = pidkit::doi::recognize(input)?;
    /// let w = r.warnings(input);
    /// assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("doi-confusable-punctuation", 25, 9));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn warnings(&self, input: &str) -> Vec<Warning> {
        let mut out = super::warnings(&self.doi);
        let tail = self.tail.and_then(|(a, b)| Some((a, input.get(a..b)?)));
        let tail = tail.map(|(at, tail)| url_tail_warning(at, tail));
        let Some((start, end)) = self.span else {
            for w in &mut out {
                (w.offset, w.len) = (0, input.len());
            }
            out.extend(tail);
            return out;
        };
        let enc = input.get(start..end).unwrap_or("");
        move_to_input(&mut out, enc, start, self.percent_encoded);
        out.extend(tail);
        out
    }
}

impl Recognized<'_> {
    /// The DOI written in `form` (see [`crate::PidForm`]): its name as written, or with its
    /// ASCII letters in `case`; a URL output keeps the written URL's query and fragment.
    ///
    /// ```
    /// use pidkit::{PidCase, PidForm};
    /// let r = pidkit::doi::recognize("http://dx.doi.org/10.1000/abc?noredirect")?;
    /// assert_eq!(r.written_as(PidForm::Auto, Some(PidCase::Upper)), "https://doi.org/10.1000/ABC?noredirect");
    /// assert_eq!(r.written_as(PidForm::Uri, None), "doi:10.1000/abc");
    /// assert_eq!(r.written_as(PidForm::Name, Some(PidCase::Lower)), "10.1000/abc");
    /// // The prefix stays the prefix: the suffix's own `/` is encoded in the URI.
    /// let r = pidkit::doi::recognize("doi:10.1000.a/b/c")?;
    /// assert_eq!(r.written_as(PidForm::Uri, Some(PidCase::Upper)), "doi:10.1000.A/B%2FC");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn written_as(&self, form: PidForm, case: Option<PidCase>) -> String {
        // Written once into a buffer of about the right size (a `%XX` or two may grow it).
        let mut out = String::with_capacity(self.doi.as_str().len() + 64);
        self.write_as(form, case, &mut out);
        out
    }

    /// [`Recognized::written_as`], appended to `out` (the batch functions write every row's
    /// into one buffer).
    pub(crate) fn write_as(&self, form: PidForm, case: Option<PidCase>, out: &mut String) {
        let case = case.filter(|c| *c != PidCase::AsGiven);
        let name = self.doi.as_str();
        let start = out.len();
        let (lead, keeps_tail) = self.write_form(out, form, &self.doi);
        if let Some(case) = case {
            // When no byte of the name needed `%XX`, the name follows the form's lead as it is,
            // and ASCII case moves no byte: it is cased there. Else it is written again, cased.
            match out.get_mut(start + lead..).filter(|w| w.len() == name.len()) {
                Some(w) if case == PidCase::Upper => w.make_ascii_uppercase(),
                Some(w) => w.make_ascii_lowercase(),
                None => {
                    out.truncate(start);
                    self.write_form(out, form, &self.doi.with_ascii_case(case));
                }
            }
        }
        if keeps_tail {
            out.push_str(self.url_tail().unwrap_or(""));
        }
    }

    /// Write `doi` in `form` (as [`Recognized::written_as`] without case): the length of the
    /// form's lead (what comes before the name: `doi:`, the resolver or Handle API URL), and
    /// whether the written URL's query and fragment follow.
    fn write_form(&self, out: &mut String, form: PidForm, doi: &Doi<'_>) -> (usize, bool) {
        // Writing to a String cannot fail.
        match (form, self.form) {
            (PidForm::Name, _) => {
                out.push_str(doi.as_str());
                (0, false)
            }
            (PidForm::Auto, DoiForm::HandleApi) => {
                let _ = fmt::Write::write_fmt(out, format_args!("{}", doi.api_url()));
                (HandleApiUrl::DEFAULT_BASE.len(), true)
            }
            (PidForm::Url, _) | (PidForm::Auto, DoiForm::Url) => {
                out.push_str(URL_LEAD);
                let _ = write_url_path(out, doi.as_str());
                (URL_LEAD.len(), true)
            }
            (PidForm::Uri | PidForm::Auto, _) => {
                out.push_str("doi:");
                let _ = write_ssp(out, doi.prefix(), doi.suffix());
                ("doi:".len(), false)
            }
        }
    }

    /// What writing it in `form` loses: a URL's query and fragment, in the name and the `doi:`
    /// URI (the same warning as [`Recognized::warnings`] gives).
    ///
    /// ```
    /// use pidkit::PidForm;
    /// let r = pidkit::doi::recognize("https://doi.org/10.1000/1?x")?;
    /// assert!(r.lost_in(PidForm::Auto).is_none());
    /// assert_eq!(r.lost_in(PidForm::Uri).unwrap().code, "doi-url-query");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn lost_in(&self, form: PidForm) -> Option<Warning> {
        let (at, end) = self.tail?;
        // `auto` keeps it in every command: normalize writes a URL, to-uri and to-iri a URI or
        // URL as written.
        let keeps = matches!(form, PidForm::Url | PidForm::Auto);
        (!keeps).then(|| url_tail_warning(at, self.input.get(at..end).unwrap_or("")))
    }

    /// Whether it was written as a URI or URL (`doi:`, `info:doi/`, `urn:doi:`, a resolver or
    /// Handle API URL), not as a bare name or a printed label.
    pub fn written_as_uri(&self) -> bool {
        !matches!(self.form, DoiForm::Name | DoiForm::Label)
    }
}

/// The warning for a URL's `?query#fragment` (offsets are bytes of the input already).
fn url_tail_warning(at: usize, tail: &str) -> Warning {
    let (code, what) = if tail.starts_with('?') {
        (codes::URL_QUERY, "a query")
    } else {
        (codes::URL_FRAGMENT, "a fragment")
    };
    Warning::new(
        code,
        at,
        tail.len(),
        format!(
            "the URL has {what} ({tail}), which is not part of the DOI name: URL outputs keep \
             it, the name and the doi: URI cannot"
        ),
    )
}

/// Recognise a DOI in any of its written forms ([`DoiForm`]) under the current rules.
///
/// Surrounding whitespace is ignored. URI and URL forms are percent-decoded into strict UTF-8;
/// URLs lose their query and fragment (`?noredirect`, `#…`), a `doi:` or `info:doi/` URI with a
/// query or fragment is an error (see [`recognize_with`] and [`DoiProfile::Legacy`]). Unlike
/// [`Doi::from_uri`], characters a URI would need encoded are accepted as written
/// (`doi:10.1000/a b`, `doi:10.1000/a/b`). A resolver URL with a bare code
/// (`https://doi.org/aabbe`) is read as the shortDOI `10/aabbe`.
///
/// Error offsets are bytes into `s`, also when the fault lies in percent-decoded text.
///
/// ```
/// use pidkit::doi::{recognize, DoiForm};
/// let r = recognize("https://doi.org/10.1002/(sici)1097-4601(2000)32:7%3C435::aid-kin6%3E3.0.co;2-4")?;
/// assert_eq!(r.doi.suffix(), "(sici)1097-4601(2000)32:7<435::aid-kin6>3.0.co;2-4");
/// assert!(r.percent_encoded);
/// assert!(recognize("doi.org/aabbe")?.doi.is_short());
/// let err = recognize("https://doi.org/10.1000/%FF").unwrap_err();
/// assert_eq!((err.code(), err.offset), ("doi-bad-utf8", 24));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn recognize(s: &str) -> Result<Recognized<'_>, DoiParseError> {
    recognize_with(s, DoiProfile::Current)
}

/// [`recognize`] under `profile`; [`DoiProfile::Legacy`] lets `doi:` URIs carry the 2003
/// draft's `?query` and `#fragment` (dropped here: use [`super::DoiUri`] to keep them) and
/// accepts any non-empty prefix.
///
/// ```
/// use pidkit::doi::{recognize_with, DoiProfile};
/// let r = recognize_with("doi:10.1000/182?x#y", DoiProfile::Legacy)?;
/// assert_eq!(r.doi.as_str(), "10.1000/182");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn recognize_with(s: &str, profile: DoiProfile) -> Result<Recognized<'_>, DoiParseError> {
    if let Some(r) = recognize_common(s, profile) {
        return Ok(r);
    }
    recognize_general(s, profile)
}

/// [`recognize_with`] without the one-pass reading of the common forms: the general route
/// alone, for the tests and fuzzers that hold the two to the same answers.
#[doc(hidden)]
pub fn recognize_general(s: &str, profile: DoiProfile) -> Result<Recognized<'_>, DoiParseError> {
    recognize_trimmed(s, profile).map(|r| Recognized { input: s, ..r })
}

/// The reading of `s` when it is a valid DOI, under the current rules, in one of the forms most
/// data writes it in (`common`: the same answer as [`recognize_general`], found in one pass);
/// `None` otherwise.
#[inline]
pub(crate) fn recognize_common(s: &str, profile: DoiProfile) -> Option<Recognized<'_>> {
    if profile != DoiProfile::Current {
        return None;
    }
    common::recognize(s)
}

/// [`recognize_common`]'s DOI name, without the rest of the reading.
#[inline]
pub(crate) fn name_common(s: &str, profile: DoiProfile) -> Option<Doi<'_>> {
    if profile != DoiProfile::Current {
        return None;
    }
    common::name(s)
}

fn recognize_trimmed(s: &str, profile: DoiProfile) -> Result<Recognized<'_>, DoiParseError> {
    // Printable ASCII at both ends (the common case) is not whitespace: no Unicode trim needed.
    let printable = |b: Option<&u8>| b.is_some_and(|&c| c > b' ' && c < 0x80);
    let (start, t) = if printable(s.as_bytes().first()) && printable(s.as_bytes().last()) {
        (0, s)
    } else {
        // ASCII whitespace only: a Unicode space at either end (U+3000 …) is part of the name
        // as written (doi-space says so), as it is when percent-encoded.
        let space = |c: char| c.is_ascii_whitespace();
        let trimmed = s.trim_start_matches(space);
        (s.len() - trimmed.len(), trimmed.trim_end_matches(space))
    };
    if t.is_empty() {
        return Err(DoiParseError::new(IriError::Empty, 0, 0));
    }
    let b = t.as_bytes();
    let has = |p: &str| b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p.as_bytes());
    if has("http://") || has("https://") {
        return url_form(t, start, if b[4] == b':' { 7 } else { 8 }, profile);
    }
    if starts_with_resolver_host(b) {
        return url_form(t, start, 0, profile);
    }
    if has("doi:") || (has("doi") && t[3..].starts_with(char::is_whitespace)) {
        let after = if b.get(3) == Some(&b':') { 4 } else { 3 };
        let rest = &t[after..];
        let body = rest.trim_start();
        let ws = rest.len() - body.len();
        if ws == 0 {
            return uri_form(body, start + after, profile, DoiForm::Uri);
        }
        return name_form(body, start + after + ws, profile, DoiForm::Label);
    }
    if has("info:doi/") {
        return uri_form(&t[9..], start + 9, profile, DoiForm::InfoUri);
    }
    if has("urn:doi:") {
        return urn_form(&t[8..], start + 8, profile);
    }
    name_form(t, start, profile, DoiForm::Name)
}

fn finish<'a>(
    enc: &'a str,
    base: usize,
    name: Cow<'a, str>,
    profile: DoiProfile,
    form: DoiForm,
) -> Result<Recognized<'a>, DoiParseError> {
    let percent_encoded = matches!(name, Cow::Owned(_));
    let doi = Doi::from_cow(name, profile).map_err(|e| remap(e, enc, base))?;
    Ok(Recognized {
        doi,
        form,
        percent_encoded,
        span: Some((base, base + enc.len())),
        tail: None,
        input: enc,
    })
}

/// A bare name or a label's name: literal, unless it has no `/` but an encoded one.
fn name_form(
    t: &str,
    base: usize,
    profile: DoiProfile,
    form: DoiForm,
) -> Result<Recognized<'_>, DoiParseError> {
    let b = t.as_bytes();
    let encoded = !b.contains(&b'/') && (0..b.len()).any(|i| decode_at(b, i) == Some(b'/'));
    if encoded {
        let name = decode_segment(t, base)?;
        return finish(t, base, name, profile, form);
    }
    let doi = Doi::parse_with(t, profile).map_err(|e| e.shifted(base))?;
    Ok(Recognized {
        doi,
        form,
        percent_encoded: false,
        span: Some((base, base + t.len())),
        tail: None,
        input: t,
    })
}

/// The scheme-specific part of `doi:` or the identifier of `info:doi/`, read leniently.
fn uri_form(
    t: &str,
    base: usize,
    profile: DoiProfile,
    form: DoiForm,
) -> Result<Recognized<'_>, DoiParseError> {
    let end = match memchr::memchr2(b'?', b'#', t.as_bytes()) {
        Some(i) if profile == DoiProfile::Current => {
            let kind = if t.as_bytes()[i] == b'?' {
                DoiError::Query
            } else {
                DoiError::Fragment
            };
            return Err(DoiParseError::new(kind, base + i, t.len() - i));
        }
        Some(i) => i,
        None => t.len(),
    };
    let enc = &t[..end];
    let name = decode_segment(enc, base)?;
    finish(enc, base, name, profile, form)
}

/// `urn:doi:10.1000:182`: the first `:` (before any `/`) separates prefix and suffix.
fn urn_form(t: &str, base: usize, profile: DoiProfile) -> Result<Recognized<'_>, DoiParseError> {
    let b = t.as_bytes();
    let name = match b.iter().position(|&c| c == b':' || c == b'/') {
        Some(i) if b[i] == b':' => {
            let mut owned = decode_segment(&t[..i], base)?.into_owned();
            owned.push('/');
            owned.push_str(&decode_segment(&t[i + 1..], base + i + 1)?);
            Cow::Owned(owned)
        }
        _ => decode_segment(t, base)?,
    };
    let mut r = finish(t, base, name, profile, DoiForm::Urn)?;
    r.percent_encoded = t.contains('%');
    Ok(r)
}

/// The DOI name of the NSS of a `urn:doi:` URN (the first `:` standing for `/`), decoded;
/// `None` if it is not a DOI name. Shared with the URN module's `doi` namespace rule.
pub(crate) fn name_of_urn_nss(nss: &str) -> Option<Cow<'_, str>> {
    urn_form(nss, 0, DoiProfile::Current)
        .ok()
        .map(|r| r.doi.into_name())
}

/// A resolver URL; `scheme` is the length of `http://` / `https://` (0 when absent).
fn url_form(
    t: &str,
    base: usize,
    scheme: usize,
    profile: DoiProfile,
) -> Result<Recognized<'_>, DoiParseError> {
    let rest = &t[scheme..];
    let host_len = memchr::memchr3(b'/', b'?', b'#', rest.as_bytes()).unwrap_or(rest.len());
    let host = &rest[..host_len];
    let known = RESOLVER_HOSTS.iter().any(|h| host.eq_ignore_ascii_case(h));
    if !known {
        return Err(DoiParseError::new(
            DoiError::NotDoi,
            base + scheme,
            host_len,
        ));
    }
    let path_start = scheme + host_len + 1;
    if !rest[host_len..].starts_with('/') {
        return Err(DoiParseError::new(
            DoiError::NotDoi,
            base + path_start - 1,
            0,
        ));
    }
    let path = &t[path_start..];
    let path_end = memchr::memchr2(b'?', b'#', path.as_bytes()).unwrap_or(path.len());
    let tail = (path_end < path.len()).then(|| (base + path_start + path_end, base + t.len()));
    let path = &path[..path_end];
    let (enc, enc_start, form) = match path.strip_prefix(API_PATH) {
        Some(ssp) => (ssp, path_start + API_PATH.len(), DoiForm::HandleApi),
        None => (path, path_start, DoiForm::Url),
    };
    if enc.is_empty() {
        return Err(DoiParseError::new(
            DoiError::UrlWithoutName,
            base + enc_start,
            0,
        ));
    }
    if form == DoiForm::Url && !enc.is_empty() && enc.bytes().all(|c| c.is_ascii_alphanumeric()) {
        return Ok(Recognized {
            doi: Doi::from_cow(Cow::Owned(format!("10/{enc}")), profile)?,
            form,
            percent_encoded: false,
            span: None,
            tail,
            input: t,
        });
    }
    let name = decode_segment(enc, base + enc_start)?;
    finish(enc, base + enc_start, name, profile, form).map(|r| Recognized { tail, ..r })
}

/// The `https://doi.org/` URL of a DOI name, written on demand (see [`Doi::url`]).
/// ```
/// let doi = pidkit::doi::Doi::parse("10.1000/a b")?;
/// assert_eq!(format!("<{}>", doi.url()), "<https://doi.org/10.1000/a%20b>");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct AsUrl<'d>(&'d str);

/// What a DOI's resolver URL starts with.
const URL_LEAD: &str = "https://doi.org/";

impl fmt::Display for AsUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(URL_LEAD)?;
        write_url_path(f, self.0)
    }
}

/// A DOI name's written forms: name, prefix, suffix, `doi:` URI, doi.org URL.
///
/// ```
/// let s = pidkit::doi::Doi::parse("10.1000/182")?.summary();
/// assert_eq!((s.uri.as_str(), s.url.as_str()), ("doi:10.1000/182", "https://doi.org/10.1000/182"));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DoiSummary {
    /// The DOI name.
    pub name: String,
    /// Its prefix.
    pub prefix: String,
    /// Its suffix.
    pub suffix: String,
    /// The `doi:` URI (doi URI scheme §2).
    pub uri: String,
    /// The `https://doi.org/` URL (DOI Handbook §2.5.2.4 encoding).
    pub url: String,
}

/// Everything `pidkit parse` shows of a recognised DOI (the JSON `doi` object): the
/// [`DoiSummary`] members, the written form ([`DoiForm::name`]) and whether it is a shortDOI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoiDetails {
    /// The DOI name.
    pub name: String,
    /// Its prefix.
    pub prefix: String,
    /// Its suffix.
    pub suffix: String,
    /// The `doi:` URI (doi URI scheme §2).
    pub uri: String,
    /// The `https://doi.org/` URL (DOI Handbook §2.5.2.4 encoding).
    pub url: String,
    /// The form it was written in.
    pub form: &'static str,
    /// Whether it is a shortDOI (an alias).
    pub short: bool,
}

impl crate::scheme::Fields for DoiDetails {
    const FIELDS: &'static [Field] = &[
        Field::new("name", FieldType::Str, ""),
        Field::new("prefix", FieldType::Str, ""),
        Field::new("suffix", FieldType::Str, ""),
        Field::new("uri", FieldType::Str, ""),
        Field::new("url", FieldType::Str, ""),
        Field::new(
            "form",
            FieldType::Str,
            "name, label, uri, info-uri, urn, url, handle-api; more may be added.",
        ),
        Field::new("short", FieldType::Bool, ""),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.name),
            1 => Value::Str(&self.prefix),
            2 => Value::Str(&self.suffix),
            3 => Value::Str(&self.uri),
            4 => Value::Str(&self.url),
            5 => Value::Str(self.form),
            6 => Value::Bool(self.short),
            _ => Value::Null,
        }
    }
}

impl Doi<'_> {
    /// The `https://doi.org/` URL, encoded for URL presentation as the DOI Handbook requires
    /// (§2.5.2.4): `%` `"` `#` space `?` and `<` `>` `{` `}` `^` `[` `]` `` ` `` `|` `\` `+`
    /// percent-encoded, as are non-ASCII characters (UTF-8); `/` stays literal, except around a
    /// `.` or `..` segment of the suffix, which URL parsers would remove: that segment is
    /// written `%2E` / `%2E%2E` and the slashes around it `%2F`.
    ///
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.1002/1097-0142(19900515)65:10<2349::aid-cncr2820651031>3.0.co;2-#")?;
    /// assert_eq!(
    ///     doi.url().to_string(),
    ///     "https://doi.org/10.1002/1097-0142(19900515)65:10%3C2349::aid-cncr2820651031%3E3.0.co;2-%23"
    /// );
    /// let dots = pidkit::doi::Doi::parse("10.5555/a/../b")?;
    /// assert_eq!(dots.to_url(), "https://doi.org/10.5555/a%2F%2E%2E%2Fb");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn url(&self) -> AsUrl<'_> {
        AsUrl(self.as_str())
    }

    /// [`Doi::url`] as a `String`.
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.1000/1+1")?;
    /// assert_eq!(doi.to_url(), "https://doi.org/10.1000/1%2B1");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_url(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len() + 24);
        let _ = fmt::Write::write_fmt(&mut out, format_args!("{}", self.url()));
        out
    }

    /// Name, prefix, suffix, URI and URL together (the CLI's JSON `doi` object).
    /// ```
    /// let s = pidkit::doi::Doi::parse("10.6338/JDA.202212/SP_17(4).0000")?.summary();
    /// assert_eq!((s.prefix.as_str(), s.suffix.as_str()), ("10.6338", "JDA.202212/SP_17(4).0000"));
    /// assert_eq!(s.uri, "doi:10.6338/JDA.202212%2FSP_17(4).0000");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn summary(&self) -> DoiSummary {
        DoiSummary {
            name: self.as_str().to_owned(),
            prefix: self.prefix().to_owned(),
            suffix: self.suffix().to_owned(),
            uri: self.to_uri(),
            url: self.to_url(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DOI in another case is written as the cased DOI would be written: cased in place
    /// where the name went out as it is, written again where it needed `%XX` (a suffix's `/`
    /// in a URI, `<`, `%`, non-ASCII, dot segments in a URL), in every form, with URL tails.
    #[test]
    fn cased_output_is_the_cased_doi_written() {
        use proptest::prelude::*;
        let leads = [
            "",
            "doi:",
            "DOI: ",
            "https://doi.org/",
            "http://dx.doi.org/",
            "https://doi.org/api/handles/",
            "info:doi/",
        ];
        let pieces = [
            "10.1000/",
            "10.1000.Ab/",
            "abc",
            "ABC",
            "x/y",
            "a<b>",
            "%3C",
            "%25",
            "é",
            "É",
            "/../",
            "/./",
            ".",
            "..",
            "(SICI)",
            "ß",
            "%2F",
        ];
        let tails = ["", "?noredirect", "#Frag", "?a=B#c"];
        let input = (
            prop::sample::select(leads.to_vec()),
            prop::collection::vec(prop::sample::select(pieces.to_vec()), 1..5),
            prop::sample::select(tails.to_vec()),
        )
            .prop_map(|(l, p, t)| format!("{l}{}{t}", p.concat()));
        let forms = [PidForm::Auto, PidForm::Name, PidForm::Uri, PidForm::Url];
        // How often each way was taken: (cased in place, written again).
        let ways = std::cell::Cell::new((0, 0));
        proptest!(ProptestConfig::with_cases(3_000), |(s in input)| {
            let Ok(r) = recognize(&s) else { return Ok(()) };
            for (form, case) in forms.iter().flat_map(|&f| [(f, PidCase::Upper), (f, PidCase::Lower)]) {
                let mut cased = r.clone();
                cased.doi = r.doi.with_ascii_case(case);
                let want = cased.written_as(form, None);
                prop_assert_eq!(r.written_as(form, Some(case)), want, "{:?} {:?} {:?}", s, form, case);
                let mut w = String::new();
                let (lead, _) = r.write_form(&mut w, form, &r.doi);
                let (a, b) = ways.get();
                ways.set(match w.len() - lead == r.doi.as_str().len() {
                    true => (a + 1, b),
                    false => (a, b + 1),
                });
            }
        });
        let (in_place, again) = ways.get();
        assert!(in_place > 300 && again > 300, "{in_place} {again}");
    }

    fn rec(s: &str) -> (String, DoiForm, bool) {
        let r = recognize(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        (r.doi.as_str().to_owned(), r.form, r.percent_encoded)
    }

    fn rec_err(s: &str) -> (&'static str, usize, usize) {
        let e = recognize(s).unwrap_err();
        (e.code(), e.offset, e.len)
    }

    #[test]
    fn every_form() {
        use DoiForm::*;
        let n = "10.1000/182".to_owned();
        for (s, form, enc) in [
            ("10.1000/182", Name, false),
            ("  10.1000/182\n", Name, false),
            ("10.1000%2F182", Name, true),
            ("doi:10.1000/182", Uri, false),
            ("DOI:10.1000%2F182", Uri, true),
            ("DOI: 10.1000/182", Label, false),
            ("doi 10.1000/182", Label, false),
            ("Doi:\t10.1000/182", Label, false),
            ("https://doi.org/10.1000/182", Url, false),
            ("HTTPS://DOI.ORG/10.1000/182", Url, false),
            ("http://dx.doi.org/10.1000/182", Url, false),
            ("https://www.doi.org/10.1000/182", Url, false),
            ("doi.org/10.1000/182", Url, false),
            ("https://doi.org/10.1000/182?noredirect#x", Url, false),
            ("https://doi.org/10.1000%2F182", Url, true),
            ("info:doi/10.1000/182", InfoUri, false),
            ("info:doi/10.1000%2F182", InfoUri, true),
            ("urn:doi:10.1000:182", Urn, false),
            ("URN:DOI:10.1000/182", Urn, false),
            ("urn:doi:10.1000:18%32", Urn, true),
            ("https://doi.org/api/handles/10.1000/182", HandleApi, false),
            (
                "https://doi.org/api/handles/10.1000%2F182?type=URL",
                HandleApi,
                true,
            ),
        ] {
            assert_eq!(rec(s), (n.clone(), form, enc), "{s}");
        }
    }

    #[test]
    fn urn_keeps_later_colons() {
        assert_eq!(
            rec("urn:doi:10.1002:(sici)1:2<3::x>").0,
            "10.1002/(sici)1:2<3::x>"
        );
    }

    #[test]
    fn short_dois() {
        for s in [
            "10/aabbe",
            "doi:10/aabbe",
            "https://doi.org/10/aabbe",
            "https://doi.org/aabbe",
            "doi.org/aabbe",
        ] {
            let r = recognize(s).unwrap();
            assert!(r.doi.is_short(), "{s}");
            assert_eq!(r.doi.as_str(), "10/aabbe");
        }
        // doi.org paths that are not codes are not DOIs.
        assert_eq!(
            rec_err("https://doi.org/hb.html").0,
            "doi-directory-indicator"
        );
    }

    #[test]
    fn errors_point_into_the_original() {
        assert_eq!(rec_err(""), ("empty", 0, 0));
        assert_eq!(rec_err("  "), ("empty", 0, 0));
        assert_eq!(
            rec_err("https://example.org/10.1000/182"),
            ("doi-not-doi", 8, 11)
        );
        assert_eq!(rec_err("https://doi.org"), ("doi-not-doi", 15, 0));
        assert_eq!(rec_err("doi:10.1000/182?x"), ("doi-query", 15, 2));
        assert_eq!(rec_err("doi:10.1000/18#2"), ("doi-fragment", 14, 2));
        assert_eq!(
            rec_err(" doi:11.1000/182"),
            ("doi-directory-indicator", 5, 2)
        );
        assert_eq!(
            rec_err("https://doi.org/1%31.1/x"),
            ("doi-directory-indicator", 16, 4)
        );
        assert_eq!(
            rec_err("https://doi.org/10.1/%E2%80%8Bx"),
            ("doi-not-graphic", 21, 9)
        );
        assert_eq!(
            rec_err("urn:doi:10.1000:%ZZ\u{7}"),
            ("doi-not-graphic", 19, 1)
        );
        assert_eq!(rec_err("DOI: 10.1000"), ("doi-missing-slash", 12, 0));
        assert_eq!(rec_err("10.1000%2F%FF"), ("doi-bad-utf8", 10, 3));
    }

    #[test]
    fn url_presentation_encoding() {
        let d = Doi::parse("10.1000/a%\"# ?<>{}^[]\\|`+/é;:()@&=$,!*'~").unwrap();
        assert_eq!(
            d.to_url(),
            "https://doi.org/10.1000/a%25%22%23%20%3F%3C%3E%7B%7D%5E%5B%5D%5C%7C%60%2B/%C3%A9;:()@&=$,!*'~"
        );
        let url = d.to_url();
        let back = recognize(&url).unwrap();
        assert_eq!(back.doi, d);
    }
}
