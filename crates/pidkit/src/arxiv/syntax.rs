//! Reading an arXiv identifier: `[arXiv:]YYMM.NNNN[N][vV]`, `[arXiv:]archive[.SC]/YYMMNNN[vV]`,
//! or either at `https://arxiv.org/abs/…` / `/pdf/…` ("Understanding the arXiv identifier",
//! <https://info.arxiv.org/help/arxiv_identifier.html>; the archive list of arXiv's taxonomy).

use crate::iri::IriRef;

use super::error::{ArxivError, ArxivParseError};

/// How an arXiv identifier is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ArxivForm {
    /// The identifier alone: `2101.00001v2`, `hep-th/9901001`.
    Bare,
    /// With the `arXiv:` label (any case, optionally a space after the colon).
    Label,
    /// The abstract page: `https://arxiv.org/abs/…`.
    Abs,
    /// The PDF: `https://arxiv.org/pdf/…`, with or without `.pdf`.
    Pdf,
}

impl ArxivForm {
    /// Its name: `bare`, `label`, `abs`, `pdf`.
    pub fn name(self) -> &'static str {
        match self {
            ArxivForm::Bare => "bare",
            ArxivForm::Label => "label",
            ArxivForm::Abs => "abs",
            ArxivForm::Pdf => "pdf",
        }
    }

    /// Whether the form is a URL.
    pub fn is_url(self) -> bool {
        matches!(self, ArxivForm::Abs | ArxivForm::Pdf)
    }
}

/// Byte offsets of an identifier's parts in its input (all on character boundaries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The input without surrounding ASCII whitespace: `lo..hi`.
    pub lo: usize,
    pub hi: usize,
    pub form: ArxivForm,
    /// The host of a URL.
    pub host: Option<(usize, usize)>,
    /// The archive of an old-scheme identifier, as written.
    pub archive: Option<(usize, usize)>,
    /// The subject class after the archive, without its `.`.
    pub subject: Option<(usize, usize)>,
    /// Where the four digits `YYMM` start.
    pub yymm: usize,
    /// The sequence number (new scheme, after `.`; old scheme, the three digits after YYMM).
    pub number: (usize, usize),
    /// The version's digits, without the `v`.
    pub version: Option<(usize, usize)>,
    /// A URL's query and fragment, without `?` and `#`.
    pub query: Option<(usize, usize)>,
    pub fragment: Option<(usize, usize)>,
}

impl Spans {
    /// Where the identifier starts (its archive, or its `YYMM`).
    pub fn id_start(&self) -> usize {
        self.archive.map_or(self.yymm, |a| a.0)
    }
}

/// An archive of the old scheme: its name and the months it took submissions (`YYYYMM`), from
/// arXiv's taxonomy; `None` for an archive still open in March 2007.
pub(crate) struct Archive {
    pub name: &'static str,
    pub start: u32,
    pub end: Option<u32>,
}

const fn archive(name: &'static str, start: u32, end: Option<u32>) -> Archive {
    Archive { name, start, end }
}

/// Every archive of the old scheme (identifiers `archive/YYMMNNN`, August 1991 to March 2007),
/// with its dates, from arXiv's taxonomy (arXiv's front page lists the archives; the retired
/// ones were subsumed into subject classes: `alg-geom` into `math.AG` …).
pub(crate) const ARCHIVES: &[Archive] = &[
    archive("acc-phys", 199411, Some(199609)),
    archive("adap-org", 199303, Some(199912)),
    archive("alg-geom", 199202, Some(199712)),
    archive("ao-sci", 199502, Some(199609)),
    archive("astro-ph", 199204, None),
    archive("atom-ph", 199509, Some(199609)),
    archive("bayes-an", 199506, Some(199611)),
    archive("chao-dyn", 199301, Some(199912)),
    archive("chem-ph", 199403, Some(199609)),
    archive("cmp-lg", 199404, Some(199809)),
    archive("comp-gas", 199302, Some(199912)),
    archive("cond-mat", 199204, None),
    archive("cs", 199301, None),
    archive("dg-ga", 199406, Some(199712)),
    archive("funct-an", 199204, Some(199712)),
    archive("gr-qc", 199207, None),
    archive("hep-ex", 199404, None),
    archive("hep-lat", 199202, None),
    archive("hep-ph", 199203, None),
    archive("hep-th", 199108, None),
    archive("math", 199202, None),
    archive("math-ph", 199609, None),
    archive("mtrl-th", 199411, Some(199609)),
    archive("nlin", 199301, None),
    archive("nucl-ex", 199412, None),
    archive("nucl-th", 199210, None),
    archive("patt-sol", 199302, Some(199912)),
    archive("physics", 199610, None),
    archive("plasm-ph", 199509, Some(199609)),
    archive("q-alg", 199412, Some(199712)),
    archive("q-bio", 200309, None),
    archive("quant-ph", 199412, None),
    archive("solv-int", 199304, Some(199912)),
    archive("supr-con", 199411, Some(199609)),
];

/// The archives that started after March 2007, with the month they started: new-scheme
/// identifiers only.
pub(crate) const NEW_ARCHIVES: &[(&str, u32)] = &[
    ("stat", 200704),
    ("q-fin", 200812),
    ("econ", 201709),
    ("eess", 201709),
];

/// The longest archive name.
const MAX_ARCHIVE: usize = 8;

/// The hosts of arXiv's URLs.
pub(crate) const HOSTS: [&str; 3] = ["arxiv.org", "www.arxiv.org", "export.arxiv.org"];

/// The old-scheme archive named `name` (ASCII case-insensitive).
pub(crate) fn find_archive(name: &[u8]) -> Option<&'static Archive> {
    if name.len() > MAX_ARCHIVE {
        return None;
    }
    ARCHIVES
        .iter()
        .find(|a| a.name.as_bytes().eq_ignore_ascii_case(name))
}

/// Whether `b` starts with `prefix`, ASCII case-insensitively.
pub(crate) fn starts_with_ci(b: &[u8], prefix: &[u8]) -> bool {
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

/// The number of ASCII digits at `b[from..to]`'s start.
pub(crate) fn digits(b: &[u8], from: usize, to: usize) -> usize {
    b.get(from..to)
        .map_or(0, |t| t.iter().take_while(|c| c.is_ascii_digit()).count())
}

/// The value of the two ASCII digits at `b[i..]`.
fn two(b: &[u8], i: usize) -> u32 {
    u32::from(b[i] - b'0') * 10 + u32::from(b[i + 1] - b'0')
}

/// The month `YYYYMM` of the four digits `YYMM` at `b[i..]` of an old-scheme identifier: 91 to
/// 99 are 1991 to 1999, the rest 2000 to 2090.
pub(crate) fn yyyymm_old(b: &[u8], i: usize) -> u32 {
    let (yy, mm) = (two(b, i), two(b, i + 2));
    let year = if yy >= 91 { 1900 + yy } else { 2000 + yy };
    year * 100 + mm
}

/// The four digits `YYMM` at `b[i..]` as a number (new scheme: 0704 is 704, 1501 is 1501).
pub(crate) fn yymm_new(b: &[u8], i: usize) -> u32 {
    two(b, i) * 100 + two(b, i + 2)
}

/// Whether auto-detection should read `t` as an arXiv identifier, from its shape alone: the
/// `arXiv:` label (any case); an `http(s)` URL at arxiv.org, www.arxiv.org or export.arxiv.org
/// whose path starts `/abs/` or `/pdf/`; a bare new-scheme identifier `YYMM.NNNN[N]` (four or
/// five digits, an optional version) whose month is 01 to 12; or a bare old-scheme identifier
/// whose archive is one of arXiv's (`hep-th/9…`, `math.GT/0…`: not `images/0309136`). No
/// allocation; at most a few dozen bytes looked at.
///
/// ```
/// use pidkit::arxiv::claims;
/// assert!(claims(b"arXiv:2101.00001") && claims(b"ARXIV: hep-th/9901001"));
/// assert!(claims(b"https://arxiv.org/pdf/2101.00001v2.pdf"));
/// assert!(claims(b"2101.00001v2") && claims(b"math.GT/0309136"));
/// assert!(!claims(b"2113.00001")); // no 13th month
/// assert!(!claims(b"3.14159") && !claims(b"images/0309136"));
/// assert!(!claims(b"https://arxiv.org/list/cs.AI/recent"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_with_ci(t, b"arxiv:") {
        return true;
    }
    if let Some(k) = http_prefix(t) {
        let rest = &t[k..];
        return HOSTS.iter().any(|h| {
            starts_with_ci(rest, h.as_bytes())
                && rest
                    .get(h.len()..)
                    .is_some_and(|p| p.starts_with(b"/abs/") || p.starts_with(b"/pdf/"))
        });
    }
    match t.first() {
        Some(c) if c.is_ascii_digit() => claims_new(t),
        Some(c) if c.is_ascii_alphabetic() => claims_old(t),
        _ => false,
    }
}

/// `YYMM.NNNN[N]` with an optional `vN`, exactly, the month 01 to 12.
fn claims_new(t: &[u8]) -> bool {
    if t.len() < 9 || digits(t, 0, 4) != 4 || t[4] != b'.' || !(1..=12).contains(&two(t, 2)) {
        return false;
    }
    let n = digits(t, 5, t.len());
    if !(4..=5).contains(&n) {
        return false;
    }
    match &t[5 + n..] {
        [] => true,
        [b'v' | b'V', rest @ ..] => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// A known archive (any case), an optional `.subject-class`, then `/` and a digit.
fn claims_old(t: &[u8]) -> bool {
    let a = t
        .iter()
        .take(MAX_ARCHIVE + 1)
        .take_while(|c| c.is_ascii_alphabetic() || **c == b'-')
        .count();
    // An archive is followed by `.` (its subject class) or `/`: most words are not, and the
    // list of archives is not looked at for them.
    if !matches!(t.get(a), Some(b'.' | b'/')) || find_archive(&t[..a]).is_none() {
        return false;
    }
    let mut i = a;
    if t.get(i) == Some(&b'.') {
        let sc = t[i + 1..]
            .iter()
            .take(17)
            .take_while(|c| c.is_ascii_alphabetic() || **c == b'-')
            .count();
        if sc == 0 || sc > 16 {
            return false;
        }
        i += 1 + sc;
    }
    t.get(i) == Some(&b'/') && t.get(i + 1).is_some_and(u8::is_ascii_digit)
}

/// The character starting at byte `i` of `s` (a character boundary).
pub(crate) fn char_at(s: &str, i: usize) -> char {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// An error at the character at `i`: [`ArxivError::Char`], one character long.
fn char_error(s: &str, i: usize) -> ArxivParseError {
    let c = char_at(s, i);
    ArxivParseError::new(ArxivError::Char(c), i, c.len_utf8())
}

/// Parse an identifier into its spans, or the first error in reading order.
pub(crate) fn parse(s: &str) -> Result<Spans, ArxivParseError> {
    let space = |c: char| c.is_ascii_whitespace();
    let lo = s.len() - s.trim_start_matches(space).len();
    let hi = s.trim_end_matches(space).len().max(lo);
    if lo == hi {
        return Err(ArxivParseError::new(ArxivError::Empty, 0, s.len()));
    }
    let b = s.as_bytes();
    let t = &b[lo..hi];
    let (form, start, host) = if starts_with_ci(t, b"arxiv:") {
        let mut p = lo + 6;
        while p < hi && matches!(b[p], b' ' | b'\t') {
            p += 1;
        }
        (ArxivForm::Label, p, None)
    } else if let Some(k) = http_prefix(t) {
        url_prefix(s, lo + k, hi)?
    } else {
        (ArxivForm::Bare, lo, None)
    };
    // A URL's path ends at its query or fragment.
    let end = if form.is_url() {
        b[start..hi]
            .iter()
            .position(|&c| c == b'?' || c == b'#')
            .map_or(hi, |k| start + k)
    } else {
        hi
    };
    let mut sp = identifier(s, start, end, form)?;
    sp.lo = lo;
    sp.hi = hi;
    sp.host = host;
    if form.is_url() {
        let rest = &s[end..hi];
        let (q, f) = match rest.find('#') {
            Some(k) => (&rest[..k], Some(end + k + 1)),
            None => (rest, None),
        };
        sp.query = q.strip_prefix('?').map(|q| (end + 1, end + 1 + q.len()));
        sp.fragment = f.map(|f| (f, hi));
        IriRef::parse(&s[lo..hi]).map_err(|e| ArxivParseError::from(e).shifted(lo))?;
    }
    Ok(sp)
}

/// The form, where the identifier starts, and a URL's host.
type Lead = (ArxivForm, usize, Option<(usize, usize)>);

/// After `http(s)://` at `at`: an arXiv host, then `/abs/` or `/pdf/`. Returns the form, where
/// the identifier starts, and the host.
fn url_prefix(
    s: &str,
    at: usize,
    hi: usize,
) -> Result<Lead, ArxivParseError> {
    let b = s.as_bytes();
    let host_end = b[at..hi]
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .map_or(hi, |k| at + k);
    let host = &s[at..host_end];
    if !HOSTS.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(ArxivParseError::new(
            ArxivError::UrlHost(host.to_owned()),
            at,
            host_end - at,
        ));
    }
    let path = &b[host_end..hi];
    let form = if path.starts_with(b"/abs/") {
        ArxivForm::Abs
    } else if path.starts_with(b"/pdf/") {
        ArxivForm::Pdf
    } else {
        let seg = path
            .iter()
            .skip(1)
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(path.len(), |k| k + 1);
        return Err(ArxivParseError::new(ArxivError::UrlPath, host_end, seg));
    };
    Ok((form, host_end + 5, Some((at, host_end))))
}

/// The identifier, its version and (for the PDF form) `.pdf` in `start..end`.
fn identifier(s: &str, start: usize, end: usize, form: ArxivForm) -> Result<Spans, ArxivParseError> {
    let b = s.as_bytes();
    let mut sp = Spans {
        lo: 0,
        hi: 0,
        form,
        host: None,
        archive: None,
        subject: None,
        yymm: start,
        number: (start, start),
        version: None,
        query: None,
        fragment: None,
    };
    let after = match b.get(start) {
        _ if start >= end => {
            return Err(ArxivParseError::new(ArxivError::MissingId, start, 0));
        }
        Some(c) if c.is_ascii_digit() => new_scheme(s, start, end, &mut sp)?,
        Some(c) if c.is_ascii_alphabetic() => old_scheme(s, start, end, &mut sp)?,
        _ => return Err(char_error(s, start)),
    };
    let mut p = version(s, after, end, &mut sp)?;
    if form == ArxivForm::Pdf && b[p..end].starts_with(b".pdf") {
        p += 4;
    }
    if p < end {
        return Err(char_error(s, p));
    }
    Ok(sp)
}

/// `YYMM.NNNN` (0704 to 1412) or `YYMM.NNNNN` (from 1501) at `p`; returns the end.
fn new_scheme(s: &str, p: usize, end: usize, sp: &mut Spans) -> Result<usize, ArxivParseError> {
    let b = s.as_bytes();
    let d = digits(b, p, end);
    if d == 7 && b.get(p + d) != Some(&b'.') {
        return Err(ArxivParseError::new(ArxivError::MissingArchive, p, d));
    }
    if d != 4 {
        return Err(ArxivParseError::new(ArxivError::Yymm, p, d));
    }
    if !(1..=12).contains(&two(b, p + 2)) {
        return Err(ArxivParseError::new(ArxivError::Month, p + 2, 2));
    }
    if yymm_new(b, p) < 704 {
        return Err(ArxivParseError::new(ArxivError::NewDate, p, 4));
    }
    if p + 4 >= end || b[p + 4] != b'.' {
        return Err(ArxivParseError::new(ArxivError::MissingDot, p + 4, 0));
    }
    let q = p + 5;
    let n = digits(b, q, end);
    if n == 0 {
        return Err(ArxivParseError::new(ArxivError::NumberMissing, q, 0));
    }
    let five = yymm_new(b, p) >= 1501;
    let expected = if five { 5 } else { 4 };
    let number = &s[q..q + n];
    if n != expected {
        let yymm = &s[p..p + 4];
        let fix = match (five, n) {
            (true, 4) => Some(format!("{yymm}.0{number}")),
            (false, 5) if number.starts_with('0') => Some(format!("{yymm}.{}", &number[1..])),
            _ => None,
        };
        return Err(ArxivParseError::new(
            ArxivError::NumberDigits(expected, fix),
            q,
            n,
        ));
    }
    if number.bytes().all(|c| c == b'0') {
        return Err(ArxivParseError::new(ArxivError::NumberZero, q, n));
    }
    sp.yymm = p;
    sp.number = (q, q + n);
    Ok(q + n)
}

/// `archive[.subject-class]/YYMMNNN` at `p` (9108 to 0703); returns the end.
fn old_scheme(s: &str, p: usize, end: usize, sp: &mut Spans) -> Result<usize, ArxivParseError> {
    let b = s.as_bytes();
    let a = b[p..end]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic() || **c == b'-')
        .count();
    let name = &s[p..p + a];
    if find_archive(name.as_bytes()).is_none() {
        let kind = match NEW_ARCHIVES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((n, _)) => ArxivError::NewArchive((*n).to_owned()),
            None => ArxivError::UnknownArchive(name.to_owned()),
        };
        return Err(ArxivParseError::new(kind, p, a));
    }
    sp.archive = Some((p, p + a));
    let mut i = p + a;
    if b.get(i) == Some(&b'.') && i < end {
        let sc = b[i + 1..end]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic() || **c == b'-')
            .count();
        if sc == 0 {
            return Err(ArxivParseError::new(ArxivError::SubjectClassEmpty, i, 1));
        }
        sp.subject = Some((i + 1, i + 1 + sc));
        i += 1 + sc;
    }
    if i >= end || b[i] != b'/' {
        if i < end && !b[i].is_ascii_digit() {
            return Err(char_error(s, i));
        }
        return Err(ArxivParseError::new(ArxivError::MissingSlash, i, 0));
    }
    let q = i + 1;
    let n = digits(b, q, end);
    if n != 7 {
        if n == 0 && q < end {
            return Err(char_error(s, q));
        }
        return Err(ArxivParseError::new(ArxivError::OldDigits, q, n));
    }
    if !(1..=12).contains(&two(b, q + 2)) {
        return Err(ArxivParseError::new(ArxivError::Month, q + 2, 2));
    }
    if !(199108..=200703).contains(&yyyymm_old(b, q)) {
        return Err(ArxivParseError::new(ArxivError::OldDate, q, 4));
    }
    sp.yymm = q;
    sp.number = (q + 4, q + 7);
    Ok(q + 7)
}

/// An optional `vN` (N from 1, no leading zeros; `V` too, warned) at `p`; returns the end.
fn version(s: &str, p: usize, end: usize, sp: &mut Spans) -> Result<usize, ArxivParseError> {
    let b = s.as_bytes();
    if p >= end || !matches!(b[p], b'v' | b'V') {
        return Ok(p);
    }
    let n = digits(b, p + 1, end);
    if n == 0 {
        return Err(ArxivParseError::new(ArxivError::VersionMissing, p, 1));
    }
    let v = &s[p + 1..p + 1 + n];
    if v.bytes().all(|c| c == b'0') {
        return Err(ArxivParseError::new(ArxivError::VersionZero, p, 1 + n));
    }
    if v.starts_with('0') {
        let fixed = format!("v{}", v.trim_start_matches('0'));
        return Err(ArxivParseError::new(
            ArxivError::VersionLeadingZero(fixed),
            p,
            1 + n,
        ));
    }
    sp.version = Some((p + 1, p + 1 + n));
    Ok(p + 1 + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archives_are_sorted_unique_and_short() {
        for w in ARCHIVES.windows(2) {
            assert!(w[0].name < w[1].name, "{}", w[1].name);
        }
        assert!(ARCHIVES.iter().all(|a| a.name.len() <= MAX_ARCHIVE));
        assert!(ARCHIVES.iter().all(|a| a.start >= 199108 && a.start <= 200703));
        assert_eq!(ARCHIVES.len(), 34);
        assert!(find_archive(b"HEP-TH").is_some() && find_archive(b"hep").is_none());
    }

    #[test]
    fn months() {
        assert_eq!(yyyymm_old(b"9108", 0), 199108);
        assert_eq!(yyyymm_old(b"0703", 0), 200703);
        assert_eq!(yymm_new(b"0704", 0), 704);
        assert_eq!(yymm_new(b"9912", 0), 9912);
    }
}
