//! Reading a PMID: `N`, `PMID: N`, `PMID N`, `info:pmid/N`, `https://pubmed.ncbi.nlm.nih.gov/N/`
//! or the legacy `https://www.ncbi.nlm.nih.gov/pubmed/N` (MEDLINE/PubMed Data Element (Field)
//! Descriptions, "PMID"; the "info" registry of RFC 4452).

use crate::iri::IriRef;

use super::error::{PmidError, PmidParseError};

/// The most digits a PMID has, leading zeros not counted.
pub const MAX_DIGITS: usize = 8;

/// How a PMID is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PmidForm {
    /// The number alone: `15626865`.
    Bare,
    /// With the label `PMID:` or `PMID ` (any case): `PMID: 15626865`.
    Label,
    /// The info URI `info:pmid/15626865` (RFC 4452).
    InfoUri,
    /// The PubMed page `https://pubmed.ncbi.nlm.nih.gov/15626865/`.
    Url,
    /// The legacy PubMed page `https://www.ncbi.nlm.nih.gov/pubmed/15626865`.
    LegacyUrl,
}

impl PmidForm {
    /// Its name: `bare`, `label`, `info-uri`, `url`, `legacy-url`.
    pub fn name(self) -> &'static str {
        match self {
            PmidForm::Bare => "bare",
            PmidForm::Label => "label",
            PmidForm::InfoUri => "info-uri",
            PmidForm::Url => "url",
            PmidForm::LegacyUrl => "legacy-url",
        }
    }

    /// Whether the form is a URL.
    pub fn is_url(self) -> bool {
        matches!(self, PmidForm::Url | PmidForm::LegacyUrl)
    }
}

/// Byte offsets of a PMID's parts in its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The input without surrounding ASCII whitespace: `lo..hi`.
    pub lo: usize,
    pub hi: usize,
    pub form: PmidForm,
    /// The digits as written, leading zeros included.
    pub digits: (usize, usize),
    /// The first digit that is not a leading zero.
    pub number: usize,
    /// A URL's query and fragment, without `?` and `#`.
    pub query: Option<(usize, usize)>,
    pub fragment: Option<(usize, usize)>,
}

/// PubMed's host, and the host and path prefix of the legacy PubMed.
const HOST: &[u8] = b"pubmed.ncbi.nlm.nih.gov";
const LEGACY_HOST: &[u8] = b"www.ncbi.nlm.nih.gov";
const LEGACY_PATH: &[u8] = b"/pubmed/";

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

/// Whether auto-detection should read `t` as a PMID, from its shape alone: 1 to 8 ASCII digits
/// and nothing else (the last of the digit schemes to be asked: an ISBN, ISSN or EAN of that
/// shape is theirs when it reads); the label `PMID:` or `PMID ` (any case); `info:pmid/`; or a
/// PubMed URL whose path starts with a digit (`https://pubmed.ncbi.nlm.nih.gov/1…`,
/// `https://www.ncbi.nlm.nih.gov/pubmed/1…`). No allocation; at most 36 bytes looked at.
///
/// ```
/// use pidkit::pmid::claims;
/// assert!(claims(b"15626865") && claims(b"PMID: 15626865") && claims(b"pmid 1"));
/// assert!(claims(b"https://pubmed.ncbi.nlm.nih.gov/15626865/"));
/// assert!(!claims(b"123456789") && !claims(b"1.5") && !claims(b"PMIDs"));
/// assert!(!claims(b"https://pubmed.ncbi.nlm.nih.gov/?term=x"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if (1..=MAX_DIGITS).contains(&t.len()) && t.iter().all(u8::is_ascii_digit) {
        return true;
    }
    if starts_with_ci(t, b"pmid") {
        return matches!(t.get(4), Some(b':' | b' ' | b'\t'));
    }
    if starts_with_ci(t, b"info:pmid/") {
        return true;
    }
    let Some(k) = http_prefix(t) else {
        return false;
    };
    let rest = &t[k..];
    let path = if starts_with_ci(rest, HOST) && rest.get(HOST.len()) == Some(&b'/') {
        &rest[HOST.len() + 1..]
    } else if starts_with_ci(rest, LEGACY_HOST) && rest[LEGACY_HOST.len()..].starts_with(LEGACY_PATH)
    {
        &rest[LEGACY_HOST.len() + LEGACY_PATH.len()..]
    } else {
        return false;
    };
    path.first().is_some_and(u8::is_ascii_digit)
}

/// The character starting at byte `i` of `s` (a character boundary).
fn char_at(s: &str, i: usize) -> char {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Parse a PMID into its spans, or the first error in reading order.
pub(crate) fn parse(s: &str) -> Result<Spans, PmidParseError> {
    let space = |c: char| c.is_ascii_whitespace();
    let lo = s.len() - s.trim_start_matches(space).len();
    let hi = s.trim_end_matches(space).len().max(lo);
    if lo == hi {
        return Err(PmidParseError::new(PmidError::Empty, 0, s.len()));
    }
    let b = s.as_bytes();
    let t = &b[lo..hi];
    let (form, start) = if starts_with_ci(t, b"info:pmid/") {
        (PmidForm::InfoUri, lo + 10)
    } else if starts_with_ci(t, b"pmid") && !t.get(4).is_some_and(u8::is_ascii_alphabetic) {
        let mut p = lo + 4;
        match b.get(p) {
            Some(b':') => p += 1,
            Some(b' ' | b'\t') => {}
            _ => return Err(PmidParseError::new(PmidError::Label, p, 0)),
        }
        while p < hi && matches!(b[p], b' ' | b'\t') {
            p += 1;
        }
        (PmidForm::Label, p)
    } else if let Some(k) = http_prefix(t) {
        url_prefix(s, lo + k, hi)?
    } else {
        (PmidForm::Bare, lo)
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
        return Err(PmidParseError::new(PmidError::Empty, start, 0));
    }
    let n = b[start..end].iter().take_while(|c| c.is_ascii_digit()).count();
    if start + n < end {
        let c = char_at(s, start + n);
        return Err(PmidParseError::new(
            PmidError::Char(c),
            start + n,
            c.len_utf8(),
        ));
    }
    let zeros = b[start..end].iter().take_while(|&&c| c == b'0').count();
    if zeros == n {
        return Err(PmidParseError::new(PmidError::Zero, start, n));
    }
    if n - zeros > MAX_DIGITS {
        return Err(PmidParseError::new(PmidError::TooLong, start, n));
    }
    let mut sp = Spans {
        lo,
        hi,
        form,
        digits: (start, end),
        number: start + zeros,
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
        IriRef::parse(&s[lo..hi]).map_err(|e| PmidParseError::from(e).shifted(lo))?;
    }
    Ok(sp)
}

/// After `http(s)://` at `at`: PubMed's host and `/`, or the legacy host and `/pubmed/`.
/// Returns the form and where the number starts.
fn url_prefix(s: &str, at: usize, hi: usize) -> Result<(PmidForm, usize), PmidParseError> {
    let b = s.as_bytes();
    let host_end = b[at..hi]
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .map_or(hi, |k| at + k);
    let host = &b[at..host_end];
    let path = &b[host_end..hi];
    let seg = |skip: usize| {
        path.iter()
            .skip(skip)
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(path.len(), |k| k + skip)
    };
    if host.eq_ignore_ascii_case(HOST) {
        if path.first() != Some(&b'/') {
            return Err(PmidParseError::new(PmidError::UrlPath, host_end, 0));
        }
        if !path.get(1).is_some_and(u8::is_ascii_digit) && path.len() > 1 {
            return Err(PmidParseError::new(PmidError::UrlPath, host_end, seg(1)));
        }
        return Ok((PmidForm::Url, host_end + 1));
    }
    if host.eq_ignore_ascii_case(LEGACY_HOST) {
        if !path.starts_with(LEGACY_PATH) {
            return Err(PmidParseError::new(PmidError::UrlPath, host_end, seg(1)));
        }
        return Ok((PmidForm::LegacyUrl, host_end + LEGACY_PATH.len()));
    }
    Err(PmidParseError::new(
        PmidError::UrlHost(s[at..host_end].to_owned()),
        at,
        host_end - at,
    ))
}
