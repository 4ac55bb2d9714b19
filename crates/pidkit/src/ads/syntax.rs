//! Reading a bibcode: the 19 characters, the `bibcode:` label, and the ADS URLs (the current
//! interface's `/abs/…`, the classic `/abs/…`, `/full/…` and `/cgi-bin/nph-bib_query?bibcode=…`,
//! SciX's `/abs/…`).

use std::borrow::Cow;

use super::Form;
use super::error::{BibcodeError, BibcodeParseError};

/// The length of a bibcode.
pub(crate) const LEN: usize = 19;

/// `…`, U+2026 HORIZONTAL ELLIPSIS, in UTF-8.
const ELLIPSIS: &[u8] = "\u{2026}".as_bytes();

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The bibcode as written (with any `…` or `%26`).
    pub bib: (usize, usize),
    /// What follows the bibcode in a URL, left out.
    pub extra: Option<(usize, usize)>,
}

/// Whether `b` starts with `p`, ASCII case-insensitively.
fn starts_ci(b: &[u8], p: &[u8]) -> bool {
    b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p)
}

/// The length of `http://` or `https://` (any case) at the start of `b`, or 0.
fn web_scheme_len(b: &[u8]) -> usize {
    if starts_ci(b, b"https://") {
        8
    } else if starts_ci(b, b"http://") {
        7
    } else {
        0
    }
}

/// The ADS's hosts: the current interface, the classic one and its scans, SciX.
const HOSTS: [&str; 6] = [
    "ui.adsabs.harvard.edu",
    "adsabs.harvard.edu",
    "www.adsabs.harvard.edu",
    "articles.adsabs.harvard.edu",
    "scixplorer.org",
    "www.scixplorer.org",
];

/// The path prefixes of an ADS URL that a bibcode follows.
const PATHS: [&str; 4] = ["/abs/", "/#abs/", "/full/", "/cgi-bin/nph-bib_query?bibcode="];

/// Where the path of an ADS URL starts in `b` (at its `/`).
fn ads_path(b: &[u8]) -> Option<usize> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // Most inputs asked (a bare bibcode, a DOI: `1…`, `2…`) start with no host's first letter:
    // told before the host is looked for.
    let first = rest.first()?.to_ascii_lowercase();
    if !HOSTS.iter().any(|host| host.as_bytes().first() == Some(&first)) {
        return None;
    }
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest.iter().take(254).position(|&c| c == b'/')?;
    HOSTS
        .iter()
        .any(|host| rest[..end].eq_ignore_ascii_case(host.as_bytes()))
        .then_some(h + end)
}

/// Whether auto-detection gives `t` to the ADS: the `bibcode:` label, ADS URLs of a bibcode,
/// and a bare bibcode — 19 characters (`…` counting as three, `%26` as one) of letters, digits,
/// `.` and `&`, the first four a year from 1800 to 2099, the fifth a letter or `&`, the last a
/// letter or `.`.
///
/// ```
/// use pidkit::ads::claims;
/// assert!(claims(b"1974AJ.....79..819H") && claims("2020A&A…633A..53S".as_bytes()));
/// assert!(!claims(b"1974AJ....79..819H") && !claims(b"2019-01-01T00:00:00"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_ci(t, b"bibcode:") {
        return true;
    }
    if let Some(p) = ads_path(t) {
        return PATHS.iter().any(|pre| starts_ci(&t[p..], pre.as_bytes()));
    }
    if t.len() < LEN || t.len() > LEN + 12 {
        return false;
    }
    let (mut i, mut n) = (0, 0);
    while i < t.len() {
        if t[i..].starts_with(b"%26") {
            (i, n) = (i + 3, n + 1);
        } else if t[i..].starts_with(ELLIPSIS) {
            (i, n) = (i + 3, n + 3);
        } else if t[i].is_ascii_alphanumeric() || matches!(t[i], b'.' | b'&') {
            (i, n) = (i + 1, n + 1);
        } else {
            return false;
        }
    }
    let year = t[..4]
        .iter()
        .try_fold(0u32, |y, &d| d.is_ascii_digit().then(|| y * 10 + u32::from(d - b'0')));
    let last_ok = t.ends_with(ELLIPSIS)
        || t.last().is_some_and(|&c| c.is_ascii_alphabetic() || c == b'.') && !t.ends_with(b"%26");
    n == LEN
        && year.is_some_and(|y| (1800..=2099).contains(&y))
        && (t[4].is_ascii_alphabetic() || t[4] == b'&' || t[4] == b'%')
        && last_ok
}

/// Read `s`.
pub(crate) fn parse(s: &str) -> Result<Spans, BibcodeParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(BibcodeError::NotBibcode.at(0, 0));
    }
    let t = &b[start..end];
    if starts_ci(t, b"bibcode:") {
        let from = start + 8 + t[8..].iter().take_while(|&&c| c == b' ').count();
        check(s, from, end)?;
        return Ok(Spans {
            form: Form::Label,
            bib: (from, end),
            extra: None,
        });
    }
    if let Some(p) = ads_path(t) {
        let path = start + p;
        let Some(pre) = PATHS.iter().find(|pre| starts_ci(&b[path..end], pre.as_bytes())) else {
            return Err(BibcodeError::Url.at(path, end - path));
        };
        let from = path + pre.len();
        // In a query the bibcode ends at `&` (its own `&` is written %26).
        let query = pre.ends_with('=');
        let bib_end = b[from..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#') || query && c == b'&')
            .map_or(end, |k| from + k);
        check(s, from, bib_end)?;
        // A view after the bibcode (`/abstract`, `/references`) is the ADS's own; a query, a
        // fragment or more of a path is left out.
        let mut rest = bib_end;
        if b.get(rest) == Some(&b'/') && !query {
            let view = b[rest + 1..end]
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                .count();
            rest += 1 + view;
            if b.get(rest) == Some(&b'/') && rest + 1 == end {
                rest = end;
            }
        }
        let extra = if rest < end {
            if let Some(k) = s[rest..end].find(|c: char| c.is_whitespace() || c.is_control()) {
                let at = rest + k;
                let c = s[at..].chars().next().unwrap_or(' ');
                return Err(BibcodeError::Char(c).at(at, c.len_utf8()));
            }
            Some((rest, end))
        } else {
            None
        };
        return Ok(Spans {
            form: Form::Url,
            bib: (from, bib_end),
            extra,
        });
    }
    if web_scheme_len(t) > 0 {
        return Err(BibcodeError::NotBibcode.at(start, end - start));
    }
    check(s, start, end)?;
    Ok(Spans {
        form: Form::Bibcode,
        bib: (start, end),
        extra: None,
    })
}

/// Check the bibcode written in `s[from..to]`: its characters (`…` read as `...`, `%26` as
/// `&`), its length, then the fields whose characters are fixed.
fn check(s: &str, from: usize, to: usize) -> Result<(), BibcodeParseError> {
    if from >= to {
        return Err(BibcodeError::Empty.at(from, 0));
    }
    let b = s.as_bytes();
    // (the character read, where it is written, how many bytes), one per character read.
    let mut read: Vec<(u8, usize, usize)> = Vec::with_capacity(LEN);
    let mut i = from;
    while i < to {
        if b[i..to].starts_with(b"%26") {
            read.push((b'&', i, 3));
            i += 3;
        } else if b[i..to].starts_with(ELLIPSIS) {
            read.extend([(b'.', i, 3); 3]);
            i += 3;
        } else if b[i].is_ascii_alphanumeric() || matches!(b[i], b'.' | b'&') {
            read.push((b[i], i, 1));
            i += 1;
        } else {
            let c = s[i..].chars().next().unwrap_or(' ');
            return Err(BibcodeError::Char(c).at(i, c.len_utf8()));
        }
    }
    if read.len() != LEN {
        return Err(match read.get(LEN) {
            Some(&(_, at, _)) => BibcodeError::Length(read.len()).at(at, to - at),
            None => BibcodeError::Length(read.len()).at(to, 0),
        });
    }
    if let Some(&(_, at, n)) = read[..4].iter().find(|r| !r.0.is_ascii_digit()) {
        return Err(BibcodeError::Year.at(at, n));
    }
    if read[4].0 == b'.' {
        return Err(BibcodeError::Journal.at(read[4].1, read[4].2));
    }
    // `&` belongs to journal abbreviations (A&A, Ap&SS), not to the fields after them.
    if let Some(&(c, at, n)) = read[9..].iter().find(|r| r.0 == b'&') {
        return Err(BibcodeError::Char(char::from(c)).at(at, n));
    }
    let (c, at, n) = read[LEN - 1];
    if !(c.is_ascii_alphabetic() || c == b'.') {
        return Err(BibcodeError::Initial(char::from(c)).at(at, n));
    }
    Ok(())
}

/// The bibcode written in `text`: `…` read as `...`, `%26` as `&`.
pub(crate) fn decode(text: &str) -> Cow<'_, str> {
    if !text.contains('\u{2026}') && !text.contains("%26") {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace('\u{2026}', "...").replace("%26", "&"))
}
