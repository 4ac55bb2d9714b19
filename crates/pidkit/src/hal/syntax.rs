//! Reading a HAL identifier: `prefix-NNNNNNNN` with an optional version `vN`, the labels
//! `hal:` and `HAL Id:`, and the URLs of HAL's portals.

use super::Form;
use super::error::{HalError, HalParseError};

/// The prefixes of HAL's portals and collections in common use (HAL publishes no list: a
/// deposit's identifier takes the prefix of the portal it was made in). An identifier with
/// another prefix is read, with the warning `hal-unknown-portal`.
pub const PORTALS: &[&str] = &[
    "anses",
    "cea",
    "cel",
    "dumas",
    "edutice",
    "emse",
    "ensl",
    "hal",
    "hal-anses",
    "hal-cea",
    "hal-emse",
    "hal-ineris",
    "hal-insu",
    "hal-lirmm",
    "halsde",
    "halshs",
    "hceres",
    "hprints",
    "ijn",
    "in2p3",
    "ineris",
    "inria",
    "inserm",
    "insu",
    "ird",
    "jpa",
    "lirmm",
    "medihal",
    "memsic",
    "mnhn",
    "pasteur",
    "sic",
    "tel",
    "ujm",
];

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The prefix, as written.
    pub portal: (usize, usize),
    /// The eight digits; the separator (`-`, or `_` as in `sic_`) is the byte before them.
    pub number: (usize, usize),
    /// The version's digits, after its `v`.
    pub version: Option<(usize, usize)>,
    /// What follows the identifier in a URL, left out.
    pub extra: Option<(usize, usize)>,
}

/// Whether `b` starts with `p`, ASCII case-insensitively.
fn starts_ci(b: &[u8], p: &[u8]) -> bool {
    b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p)
}

/// Whether `b` ends with `p`, ASCII case-insensitively.
fn ends_ci(b: &[u8], p: &[u8]) -> bool {
    b.len() >= p.len() && b[b.len() - p.len()..].eq_ignore_ascii_case(p)
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

/// Whether `host` is one of HAL's: hal.science and its portals (`theses.hal.science`), the
/// archives-ouvertes.fr hosts of before 2023, and institutional portals named `hal.…`
/// (`hal.inria.fr`, `hal.inrae.fr`).
pub(crate) fn hal_host(host: &[u8]) -> bool {
    host.eq_ignore_ascii_case(b"hal.science")
        || ends_ci(host, b".hal.science")
        || host.eq_ignore_ascii_case(b"archives-ouvertes.fr")
        || ends_ci(host, b".archives-ouvertes.fr")
        || starts_ci(host, b"hal.") && host.len() > 4
}

/// Where the path of a HAL URL starts in `b` (at its `/`).
fn hal_path(b: &[u8]) -> Option<usize> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = memchr::memchr(b'/', &rest[..rest.len().min(254)])?;
    hal_host(&rest[..end]).then_some(h + end)
}

/// The length of a label at the start of `b`: `hal:`, `HAL Id:` or `HAL Id ` (any case) and
/// the spaces after it.
fn label(b: &[u8]) -> Option<usize> {
    let n = if starts_ci(b, b"hal:") {
        4
    } else if starts_ci(b, b"hal id:") || starts_ci(b, b"hal id ") {
        7
    } else {
        return None;
    };
    Some(n + b[n..].iter().take_while(|&&c| c == b' ').count())
}

/// The shape of an identifier in `t`, nothing else: a prefix of letters, digits and hyphens, a
/// separator (`-` or `_`), eight digits and an optional `v` and digits. The prefix's length.
fn id_shape(t: &[u8]) -> Option<usize> {
    let v = t
        .iter()
        .rposition(|&c| c == b'v' || c == b'V')
        .filter(|&k| k >= 8 && t[k + 1..].iter().all(u8::is_ascii_digit) && t.len() > k + 1);
    let body = &t[..v.unwrap_or(t.len())];
    let n = body.len().checked_sub(9)?;
    (body[n + 1..].iter().all(u8::is_ascii_digit)
        && matches!(body[n], b'-' | b'_')
        && n > 0
        && body[..n]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'-'))
    .then_some(n)
}

/// Whether auto-detection gives `t` to HAL: the labels `hal:` and `HAL Id`, a URL of a HAL host
/// whose path starts with an identifier, and a bare identifier whose prefix is a known portal's
/// (`hal-01234567`, `tel-01234567v2`), in lower case. Another prefix alone (`order-12345678`)
/// could be anything: read it with `--as hal`.
///
/// ```
/// use pidkit::hal::claims;
/// assert!(claims(b"hal-01234567v2") && claims(b"https://theses.hal.science/tel-01234567"));
/// assert!(!claims(b"order-12345678") && !claims(b"https://hal.science/search/index"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if label(t).is_some() {
        return true;
    }
    // An identifier is short: the look at a long input stops early.
    const MAX_ID: usize = 64;
    if let Some(p) = hal_path(t) {
        let seg = &t[p + 1..];
        let end = seg
            .iter()
            .take(MAX_ID + 1)
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .unwrap_or(seg.len());
        return end <= MAX_ID && id_shape(&seg[..end]).is_some();
    }
    // A bare identifier is letters, digits, `-` and `_` only: anything else is told at once.
    t.len() <= MAX_ID
        && t.iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        && id_shape(t).is_some_and(|n| PORTALS.iter().any(|p| p.as_bytes() == &t[..n]))
}

/// Read `s`.
pub(crate) fn parse(s: &str) -> Result<Spans, HalParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(HalError::NotHal.at(0, 0));
    }
    let t = &b[start..end];
    if let Some(n) = label(t) {
        return id(s, start + n, end, Form::Label);
    }
    if let Some(p) = hal_path(t) {
        let from = start + p + 1;
        let id_end = b[from..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(end, |k| from + k);
        if !b[from..id_end].iter().any(u8::is_ascii_digit) {
            return Err(HalError::Url.at(from - 1, end + 1 - from));
        }
        let mut spans = id(s, from, id_end, Form::Url)?;
        if id_end < end {
            if let Some(k) = s[id_end..end].find(|c: char| c.is_whitespace() || c.is_control()) {
                return Err(char_error(s, id_end + k));
            }
            spans.extra = Some((id_end, end));
        }
        return Ok(spans);
    }
    if web_scheme_len(t) > 0 {
        return Err(HalError::NotHal.at(start, end - start));
    }
    id(s, start, end, Form::Id)
}

/// The error of the character at `at`.
fn char_error(s: &str, at: usize) -> HalParseError {
    let c = s[at..].chars().next().unwrap_or(' ');
    HalError::Char(c).at(at, c.len_utf8())
}

/// Read the identifier in `s[from..to]`, nothing else.
fn id(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, HalParseError> {
    let b = &s.as_bytes()[..to];
    if from >= to {
        return Err(HalError::Empty.at(from, 0));
    }
    let t = &b[from..to];
    if let Some(k) = t
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'-' || c == b'_'))
    {
        return Err(char_error(s, from + k));
    }
    // The version: `v` (or `V`) after a digit, then digits to the end.
    let mut body_end = to;
    let mut version = None;
    if let Some(k) = t.iter().rposition(|&c| c == b'v' || c == b'V')
        && k > 0
        && t[k - 1].is_ascii_digit()
        && t[k + 1..].iter().all(u8::is_ascii_digit)
    {
        let v = (from + k + 1, to);
        if v.0 == v.1 || b[v.0] == b'0' {
            return Err(HalError::Version.at(from + k, to - from - k));
        }
        body_end = from + k;
        version = Some(v);
    }
    let body = &b[from..body_end];
    let Some(sep) = body.iter().rposition(|&c| c == b'-' || c == b'_') else {
        return Err(HalError::Portal.at(from, body_end - from));
    };
    let number = (from + sep + 1, body_end);
    if number.1 - number.0 != 8 || !b[number.0..number.1].iter().all(u8::is_ascii_digit) {
        return Err(HalError::Number.at(number.0, number.1 - number.0));
    }
    let portal = &body[..sep];
    let words_ok = !portal.is_empty()
        && portal[0].is_ascii_alphabetic()
        && portal.split(|&c| c == b'-').all(|w| {
            !w.is_empty() && w.iter().all(u8::is_ascii_alphanumeric)
        });
    if !words_ok {
        return Err(HalError::Portal.at(from, sep));
    }
    Ok(Spans {
        form,
        portal: (from, from + sep),
        number,
        version,
        extra: None,
    })
}
