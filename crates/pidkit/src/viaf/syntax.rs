//! Reading a VIAF identifier: the cluster number, the `viaf:` and `VIAF ` labels, and the
//! viaf.org URLs (`/viaf/N`, `/viaf/N/`, the 2024 site's `/en/viaf/N`, the 2009 `/N`).

use super::Form;
use super::error::{ViafError, ViafParseError};

/// The longest VIAF cluster number, in digits.
pub(crate) const MAX_DIGITS: usize = 22;

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The cluster number.
    pub id: (usize, usize),
    /// What follows the cluster in a URL, left out.
    pub extra: Option<(usize, usize)>,
    /// The 2009 URL form, `viaf.org/N`.
    pub old_url: bool,
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

/// Where the path of a viaf.org URL starts in `b` (at its `/`).
fn viaf_path(b: &[u8]) -> Option<usize> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest.iter().take(254).position(|&c| c == b'/')?;
    let host = &rest[..end];
    (host.eq_ignore_ascii_case(b"viaf.org") || host.eq_ignore_ascii_case(b"www.viaf.org"))
        .then_some(h + end)
}

/// The length of the 2024 site's language segment (`/en`) at the start of a path, if any.
fn language_len(p: &[u8]) -> usize {
    match p {
        [b'/', a, b, b'/', ..] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => 3,
        _ => 0,
    }
}

/// Whether auto-detection gives `t` to VIAF: the labels `viaf:` and `VIAF ` + digit, and
/// viaf.org URLs of a cluster (`/viaf/` + digit, `/en/viaf/` + digit, `/` + digit). Bare
/// numbers are not taken: they are PMIDs, catalogue numbers, anything.
///
/// ```
/// use pidkit::viaf::claims;
/// assert!(claims(b"viaf:102333412") && claims(b"https://viaf.org/viaf/102333412/"));
/// assert!(!claims(b"102333412") && !claims(b"https://viaf.org/viaf/sourceID/LC%7Cn79021164"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_ci(t, b"viaf:") {
        return true;
    }
    if starts_ci(t, b"viaf ") {
        return t[5..]
            .iter()
            .find(|&&c| c != b' ')
            .is_some_and(u8::is_ascii_digit);
    }
    let Some(p) = viaf_path(t) else {
        return false;
    };
    let path = &t[p + language_len(&t[p..])..];
    let n = if starts_ci(path, b"/viaf/") { 6 } else { 1 };
    path.get(n).is_some_and(u8::is_ascii_digit)
}

/// Read `s`.
pub(crate) fn parse(s: &str) -> Result<Spans, ViafParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(ViafError::NotViaf.at(0, 0));
    }
    let t = &b[start..end];
    if starts_ci(t, b"viaf:") || starts_ci(t, b"viaf ") {
        let spaces = t[5..].iter().take_while(|&&c| c == b' ').count();
        return number(s, start + 5 + spaces, end, Form::Label);
    }
    if let Some(p) = viaf_path(t) {
        let path = start + p;
        let lang = language_len(&b[path..end]);
        let (from, old_url) = if starts_ci(&b[path + lang..end], b"/viaf/") {
            (path + lang + 6, false)
        } else if lang == 0 && b.get(path + 1).is_some_and(u8::is_ascii_digit) {
            (path + 1, true)
        } else {
            return Err(ViafError::Url.at(path, end - path));
        };
        let digits = b[from..end].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 && from < end && !matches!(b[from], b'/' | b'?' | b'#') {
            // `/viaf/sourceID/…`, `/viaf/lccn/…`, `/viaf/search?…`
            return Err(ViafError::Url.at(path, end - path));
        }
        let id_end = from + digits;
        let mut spans = number(s, from, id_end, Form::Url)?;
        spans.old_url = old_url;
        // The trailing slash of `/viaf/N/` is VIAF's own form; anything after it is extra.
        let rest = if b.get(id_end) == Some(&b'/') && id_end + 1 == end {
            end
        } else {
            id_end
        };
        if rest < end {
            if !matches!(b[rest], b'/' | b'?' | b'#') {
                return Err(char_error(s, rest));
            }
            if let Some(k) = s[rest..end].find(|c: char| c.is_whitespace() || c.is_control()) {
                return Err(char_error(s, rest + k));
            }
            spans.extra = Some((rest, end));
        }
        return Ok(spans);
    }
    if web_scheme_len(t) > 0 {
        return Err(ViafError::NotViaf.at(start, end - start));
    }
    number(s, start, end, Form::Number)
}

/// The error of the character at `at`.
fn char_error(s: &str, at: usize) -> ViafParseError {
    let c = s[at..].chars().next().unwrap_or(' ');
    ViafError::Char(c).at(at, c.len_utf8())
}

/// Read the cluster number in `s[from..to]`, nothing else.
fn number(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, ViafParseError> {
    let b = &s.as_bytes()[..to];
    if from >= to {
        return Err(ViafError::Empty.at(from, 0));
    }
    if let Some(k) = b[from..].iter().position(|c| !c.is_ascii_digit()) {
        return Err(char_error(s, from + k));
    }
    if b[from] == b'0' {
        return Err(ViafError::LeadingZero.at(from, 1));
    }
    if to - from > MAX_DIGITS {
        return Err(ViafError::TooLong.at(from, to - from));
    }
    Ok(Spans {
        form,
        id: (from, to),
        extra: None,
        old_url: false,
    })
}
