//! Reading an ORCID iD in its written forms: the bare iD, an `ORCID` label, the registry's URL.

use super::error::{OrcidError, OrcidParseError, number_error};
use crate::error::Error;
use crate::isni::number::{self, Number};

/// How an ORCID iD was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrcidForm {
    /// The sixteen characters alone: `0000-0002-1825-0097`, `0000000218250097`,
    /// `0000 0002 1825 0097`.
    Name,
    /// After a printed label: `ORCID: 0000-0002-1825-0097`, `orcid:0000-0002-1825-0097`,
    /// `ORCID iD 0000-0002-1825-0097`, `ORCID: https://orcid.org/0000-0002-1825-0097`.
    Label,
    /// The registry's URL: `https://orcid.org/0000-0002-1825-0097`, also with `http`, `www.`,
    /// a trailing slash, or without the scheme (`orcid.org/0000-0002-1825-0097`).
    Url,
}

impl OrcidForm {
    /// Every form, in the order of the field's values.
    pub const ALL: &'static [OrcidForm] = &[OrcidForm::Name, OrcidForm::Label, OrcidForm::Url];

    /// The form's name in the parts (`form`): `name`, `label`, `url`.
    pub fn name(self) -> &'static str {
        match self {
            OrcidForm::Name => "name",
            OrcidForm::Label => "label",
            OrcidForm::Url => "url",
        }
    }
}

/// What the reader finds in an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub(crate) number: Number,
    pub(crate) form: OrcidForm,
    /// The iD as written (its sixteen characters and separators).
    pub(crate) id: (usize, usize),
    /// The URL as written, when the iD is written as one (after a label too).
    pub(crate) url: Option<(usize, usize)>,
    /// The URL has a scheme (`http://`, `https://`).
    pub(crate) with_scheme: bool,
}

fn starts_ci(b: &[u8], at: usize, pat: &[u8]) -> bool {
    b.get(at..at + pat.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(pat))
}

/// The length of the `http://` or `https://` at `at`, if any.
fn web_scheme(b: &[u8], at: usize) -> Option<usize> {
    if starts_ci(b, at, b"https://") {
        Some(8)
    } else if starts_ci(b, at, b"http://") {
        Some(7)
    } else {
        None
    }
}

/// The length of the registry's host at `at` (`orcid.org` or `www.orcid.org`), when it is the
/// whole host: followed by the end, `/`, `?` or `#`.
fn registry_host(b: &[u8], at: usize) -> Option<usize> {
    let n = if starts_ci(b, at, b"www.orcid.org") {
        13
    } else if starts_ci(b, at, b"orcid.org") {
        9
    } else {
        return None;
    };
    match b.get(at + n) {
        None | Some(b'/' | b'?' | b'#') => Some(n),
        _ => None,
    }
}

/// The length of a URI scheme and its `:` at the start of `b`, if any.
fn scheme_len(b: &[u8]) -> Option<usize> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[end] == b':').then_some(end + 1)
}

/// The length of an `ORCID` label at `at` and the spaces after it: `ORCID:`, `ORCID: `,
/// `ORCID ` (then a space is needed), `ORCID iD:`, `ORCID iD ` (case-insensitive).
pub(crate) fn label_len(b: &[u8], at: usize) -> Option<usize> {
    if !starts_ci(b, at, b"orcid") {
        return None;
    }
    let mut k = at + 5;
    if starts_ci(b, k, b" id") && matches!(b.get(k + 3), Some(b':' | b' ' | b'\t')) {
        k += 3;
    }
    let colon = b.get(k) == Some(&b':');
    if colon {
        k += 1;
    }
    let spaces = b[k..]
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count();
    (colon || spaces > 0).then_some(k + spaces - at)
}

/// Read `s` as an ORCID iD.
pub(crate) fn parse(s: &str) -> Result<Spans, OrcidParseError> {
    let b = s.as_bytes();
    let lead = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let end = b.len()
        - b[lead..]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    let mut at = lead;
    let mut form = OrcidForm::Name;
    if let Some(n) = label_len(&b[..end], at) {
        form = OrcidForm::Label;
        at += n;
    }
    // The registry's URL, with or without its scheme.
    let scheme = web_scheme(&b[..end], at);
    let host_at = at + scheme.unwrap_or(0);
    if let Some(h) = registry_host(&b[..end], host_at) {
        let url_start = at;
        if form == OrcidForm::Name {
            form = OrcidForm::Url;
        }
        let mut k = host_at + h;
        if b.get(k) == Some(&b'/') && k < end {
            k += 1;
        }
        let body_end = k + b[k..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .unwrap_or(end - k);
        let rest = &s[body_end..end];
        let number = read_number(s, k, body_end, b"-")?;
        if !rest.is_empty() && rest != "/" {
            return Err(Error::new(
                OrcidError::UrlRest(rest.to_owned()),
                body_end,
                end - body_end,
            ));
        }
        return Ok(Spans {
            number,
            form,
            id: (k, body_end),
            url: Some((url_start, end)),
            with_scheme: scheme.is_some(),
        });
    }
    if scheme.is_some() {
        let host_end = host_at
            + b[host_at..end]
                .iter()
                .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                .unwrap_or(end - host_at);
        return Err(Error::new(
            OrcidError::UrlHost(s[host_at..host_end].to_owned()),
            host_at,
            host_end - host_at,
        ));
    }
    if form == OrcidForm::Name
        && let Some(n) = scheme_len(&b[at..end])
    {
        return Err(Error::new(
            OrcidError::NotOrcid(s[at..at + n - 1].to_owned()),
            at,
            n,
        ));
    }
    let number = read_number(s, at, end, b"- ")?;
    Ok(Spans {
        number,
        form,
        id: (at, end),
        url: None,
        with_scheme: false,
    })
}

/// Read `s[from..to]` as the number.
fn read_number(s: &str, from: usize, to: usize, separators: &[u8]) -> Result<Number, OrcidParseError> {
    let body = &s[from..to];
    number::read(body, separators)
        .map(|mut n| {
            n.check_at += from;
            n
        })
        .map_err(|p| number_error(p, from, body))
}

/// Whether auto-detection gives `t` to ORCID: the registry's URL with an iD's first digit after
/// the host (`https://orcid.org/0…`, `http://www.orcid.org/0…`, `orcid.org/0…`); an `ORCID`
/// label (`orcid:` followed by anything, `ORCID ` or `ORCID iD ` followed by a digit or the
/// registry's URL); or a bare iD in one of the blocks the ORCID Registry assigns from (the
/// other sixteen-character numbers are ISNIs: [`crate::isni::claims`]). No allocation.
///
/// ```
/// use pidkit::orcid::claims;
/// assert!(claims(b"https://orcid.org/0000-0002-1825-0097"));
/// assert!(claims(b"0000-0002-1825-0097") && claims(b"ORCID: 0000-0002-1825-0098"));
/// assert!(!claims(b"0000-0004-1825-0097")); // outside ORCID's blocks: an ISNI
/// assert!(!claims(b"https://orcid.org/signin") && !claims(b"ORCID was founded in 2010"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    let url_at = |at: usize| {
        let host = at + web_scheme(t, at).unwrap_or(0);
        registry_host(t, host)
            .is_some_and(|h| t.get(host + h) == Some(&b'/') && t.get(host + h + 1).is_some_and(u8::is_ascii_digit))
    };
    if url_at(0) {
        return true;
    }
    if let Some(n) = label_len(t, 0) {
        let colon = t[..n].contains(&b':');
        return colon || t.get(n).is_some_and(u8::is_ascii_digit) || url_at(n);
    }
    number::bare_shape(t).is_some_and(in_blocks)
}

/// The first of the blocks of ISNI numbers reserved for ORCID: 0000-0001-5000-0007 to
/// 0000-0003-5000-0001 (the fifteen digits before the check character).
pub const FIRST_BLOCK: (u64, u64) = (15_000_000, 35_000_000);

/// The second block: 0009-0000-0000-0000 to 0009-0010-0000-0000, reserved in 2023.
pub const SECOND_BLOCK: (u64, u64) = (900_000_000_000, 900_100_000_000);

/// Whether the fifteen digits of an iD (its base) fall in a block the ORCID Registry assigns from.
pub(crate) fn in_blocks(base: u64) -> bool {
    (FIRST_BLOCK.0..=FIRST_BLOCK.1).contains(&base)
        || (SECOND_BLOCK.0..=SECOND_BLOCK.1).contains(&base)
}

/// Whether `b` (without surrounding whitespace) is written the way only ORCID iDs are: after an
/// `ORCID` label, or as the registry's URL (with or without scheme).
pub(crate) fn is_orcid_form(b: &[u8]) -> bool {
    label_len(b, 0).is_some() || registry_host(b, web_scheme(b, 0).unwrap_or(0)).is_some()
}
