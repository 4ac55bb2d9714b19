//! Reading a PMCID: `PMCn`, `PMCID: PMCn`, `https://pmc.ncbi.nlm.nih.gov/articles/PMCn/` or the
//! legacy `https://www.ncbi.nlm.nih.gov/pmc/articles/PMCn/`.

use crate::iri::IriRef;

use super::error::{PmcidError, PmcidParseError};

/// How a PMCID is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PmcidForm {
    /// The PMCID alone: `PMC243493`.
    Bare,
    /// With the label `PMCID:` or `PMCID ` (any case): `PMCID: PMC243493`.
    Label,
    /// PMC's article page `https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/`.
    Url,
    /// The legacy article page `https://www.ncbi.nlm.nih.gov/pmc/articles/PMC243493/`.
    LegacyUrl,
}

impl PmcidForm {
    /// Its name: `bare`, `label`, `url`, `legacy-url`.
    pub fn name(self) -> &'static str {
        match self {
            PmcidForm::Bare => "bare",
            PmcidForm::Label => "label",
            PmcidForm::Url => "url",
            PmcidForm::LegacyUrl => "legacy-url",
        }
    }

    /// Whether the form is a URL.
    pub fn is_url(self) -> bool {
        matches!(self, PmcidForm::Url | PmcidForm::LegacyUrl)
    }
}

/// Byte offsets of a PMCID's parts in its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The input without surrounding ASCII whitespace: `lo..hi`.
    pub lo: usize,
    pub hi: usize,
    pub form: PmcidForm,
    /// Where `PMC` starts.
    pub prefix: usize,
    /// The digits as written, leading zeros included.
    pub digits: (usize, usize),
    /// The first digit that is not a leading zero.
    pub number: usize,
    /// A URL's query and fragment, without `?` and `#`.
    pub query: Option<(usize, usize)>,
    pub fragment: Option<(usize, usize)>,
}

/// PMC's host and article path, and the legacy host and path.
const HOST: &[u8] = b"pmc.ncbi.nlm.nih.gov";
const PATH: &[u8] = b"/articles/";
const LEGACY_HOST: &[u8] = b"www.ncbi.nlm.nih.gov";
const LEGACY_PATH: &[u8] = b"/pmc/articles/";

/// Whether `b` starts with `prefix`, ASCII case-insensitively.
fn starts_with_ci(b: &[u8], prefix: &[u8]) -> bool {
    b.get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// The length of `http://` or `https://` (any case) at the start of `b`.
fn http_prefix(b: &[u8]) -> Option<usize> {
    if starts_with_ci(b, b"https://") {
        Some(8)
    } else if starts_with_ci(b, b"http://") {
        Some(7)
    } else {
        None
    }
}

/// Whether auto-detection should read `t` as a PMCID, from its shape alone: `PMC` (any case)
/// and a digit; the label `PMCID:` or `PMCID ` (any case); or a PMC article URL
/// (`https://pmc.ncbi.nlm.nih.gov/articles/PMC…`, `https://www.ncbi.nlm.nih.gov/pmc/articles/PMC…`)
/// that ends after the PMCID (a `/`, a query or a fragment may follow, not a path to a file or
/// figure of the article). No allocation.
///
/// ```
/// use pidkit::pmcid::claims;
/// assert!(claims(b"PMC243493") && claims(b"pmc1") && claims(b"PMCID: PMC243493"));
/// assert!(claims(b"https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/"));
/// assert!(!claims(b"PMC") && !claims(b"PMCx") && !claims(b"243493"));
/// assert!(!claims(b"https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/pdf/x.pdf"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_with_ci(t, b"pmcid") {
        return matches!(t.get(5), Some(b':' | b' ' | b'\t'));
    }
    if starts_with_ci(t, b"pmc") {
        return t.get(3).is_some_and(u8::is_ascii_digit);
    }
    let Some(k) = http_prefix(t) else {
        return false;
    };
    let rest = &t[k..];
    let id = if starts_with_ci(rest, HOST) && rest[HOST.len()..].starts_with(PATH) {
        &rest[HOST.len() + PATH.len()..]
    } else if starts_with_ci(rest, LEGACY_HOST) && rest[LEGACY_HOST.len()..].starts_with(LEGACY_PATH)
    {
        &rest[LEGACY_HOST.len() + LEGACY_PATH.len()..]
    } else {
        return false;
    };
    if !starts_with_ci(id, b"pmc") {
        return false;
    }
    let n = id[3..].iter().take_while(|c| c.is_ascii_digit()).count();
    match &id[3 + n..] {
        [] | [b'?' | b'#', ..] => true,
        [b'/', after @ ..] => matches!(after, [] | [b'?' | b'#', ..]),
        _ => n == 0,
    }
}

/// The character starting at byte `i` of `s` (a character boundary).
fn char_at(s: &str, i: usize) -> char {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Parse a PMCID into its spans, or the first error in reading order.
pub(crate) fn parse(s: &str) -> Result<Spans, PmcidParseError> {
    let space = |c: char| c.is_ascii_whitespace();
    let lo = s.len() - s.trim_start_matches(space).len();
    let hi = s.trim_end_matches(space).len().max(lo);
    if lo == hi {
        return Err(PmcidParseError::new(PmcidError::Empty, 0, s.len()));
    }
    let b = s.as_bytes();
    let t = &b[lo..hi];
    let (form, start) = if starts_with_ci(t, b"pmcid") {
        let mut p = lo + 5;
        match b.get(p) {
            Some(b':') => p += 1,
            Some(b' ' | b'\t') => {}
            _ => return Err(PmcidParseError::new(PmcidError::Label, p, 0)),
        }
        while p < hi && matches!(b[p], b' ' | b'\t') {
            p += 1;
        }
        (PmcidForm::Label, p)
    } else if let Some(k) = http_prefix(t) {
        url_prefix(s, lo + k, hi)?
    } else {
        (PmcidForm::Bare, lo)
    };
    // A URL's path ends at its query or fragment, and may end in '/'.
    let mut end = hi;
    if form.is_url() {
        end = b[start..hi]
            .iter()
            .position(|&c| c == b'?' || c == b'#')
            .map_or(hi, |k| start + k);
    }
    let path_end = end;
    if form.is_url() && end > start && b[end - 1] == b'/' {
        end -= 1;
    }
    if start == end {
        return Err(PmcidParseError::new(PmcidError::Empty, start, 0));
    }
    let body = &b[start..end];
    if !starts_with_ci(body, b"pmc") {
        if body[0].is_ascii_digit() {
            let n = body.iter().take_while(|c| c.is_ascii_digit()).count();
            let fixed = format!("PMC{}", &s[start..start + n]);
            return Err(PmcidParseError::new(PmcidError::Prefix(fixed), start, 0));
        }
        // The first character that breaks 'PMC', or the end of a text that stops short of it.
        let k = body
            .iter()
            .zip(b"pmc")
            .take_while(|(c, p)| c.to_ascii_lowercase() == **p)
            .count();
        if start + k == end {
            let fixed = "PMC followed by the number".to_owned();
            return Err(PmcidParseError::new(PmcidError::Prefix(fixed), end, 0));
        }
        let c = char_at(s, start + k);
        return Err(PmcidParseError::new(PmcidError::Char(c), start + k, c.len_utf8()));
    }
    let d = start + 3;
    let n = b[d..end].iter().take_while(|c| c.is_ascii_digit()).count();
    if d + n < end {
        let c = char_at(s, d + n);
        return Err(PmcidParseError::new(PmcidError::Char(c), d + n, c.len_utf8()));
    }
    if n == 0 {
        return Err(PmcidParseError::new(PmcidError::NumberMissing, d, 0));
    }
    let zeros = b[d..end].iter().take_while(|&&c| c == b'0').count();
    if zeros == n {
        return Err(PmcidParseError::new(PmcidError::Zero, d, n));
    }
    let mut sp = Spans {
        lo,
        hi,
        form,
        prefix: start,
        digits: (d, end),
        number: d + zeros,
        query: None,
        fragment: None,
    };
    if form.is_url() {
        let rest = &s[path_end..hi];
        let (q, f) = match rest.find('#') {
            Some(k) => (&rest[..k], Some(path_end + k + 1)),
            None => (rest, None),
        };
        sp.query = q
            .strip_prefix('?')
            .map(|q| (path_end + 1, path_end + 1 + q.len()));
        sp.fragment = f.map(|f| (f, hi));
        IriRef::parse(&s[lo..hi]).map_err(|e| PmcidParseError::from(e).shifted(lo))?;
    }
    Ok(sp)
}

/// After `http(s)://` at `at`: PMC's host and `/articles/`, or the legacy host and
/// `/pmc/articles/`. Returns the form and where the PMCID starts.
fn url_prefix(s: &str, at: usize, hi: usize) -> Result<(PmcidForm, usize), PmcidParseError> {
    let b = s.as_bytes();
    let host_end = b[at..hi]
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .map_or(hi, |k| at + k);
    let host = &b[at..host_end];
    let path = &b[host_end..hi];
    let (form, prefix) = if host.eq_ignore_ascii_case(HOST) {
        (PmcidForm::Url, PATH)
    } else if host.eq_ignore_ascii_case(LEGACY_HOST) {
        (PmcidForm::LegacyUrl, LEGACY_PATH)
    } else {
        return Err(PmcidParseError::new(
            PmcidError::UrlHost(s[at..host_end].to_owned()),
            at,
            host_end - at,
        ));
    };
    if !path.starts_with(prefix) {
        // The whole path is at fault: it names no article.
        let len = path
            .iter()
            .position(|&c| matches!(c, b'?' | b'#'))
            .unwrap_or(path.len());
        return Err(PmcidParseError::new(PmcidError::UrlPath, host_end, len));
    }
    Ok((form, host_end + prefix.len()))
}
