//! Reading an ISNI in its written forms: the bare number, an `ISNI` label, the resolver's URL.

use super::error::{IsniError, IsniParseError, number_error};
use super::number::{self, Number};
use crate::error::Error;

/// How an ISNI was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IsniForm {
    /// The sixteen characters alone: `0000 0001 2103 2683`, `0000000121032683`,
    /// `0000-0001-2103-2683`.
    Name,
    /// After the letters `ISNI` (ISO 27729's display form, `ISNI 0000 0001 2103 2683`), or
    /// `ISNI:`.
    Label,
    /// The resolver's URL: `https://isni.org/isni/0000000121032683`, also with `http`, `www.`,
    /// a trailing slash, without the `isni/` segment (`http://www.isni.org/0000000121032683`,
    /// an older form), or without the scheme.
    Url,
}

impl IsniForm {
    /// The form's name in the parts (`form`): `name`, `label`, `url`.
    pub fn name(self) -> &'static str {
        match self {
            IsniForm::Name => "name",
            IsniForm::Label => "label",
            IsniForm::Url => "url",
        }
    }
}

/// What the reader finds in an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub(crate) number: Number,
    pub(crate) form: IsniForm,
    /// The ISNI as written (its sixteen characters and separators).
    pub(crate) id: (usize, usize),
    /// The URL as written, when the ISNI is written as one (after a label too).
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

/// The length of the resolver's host at `at` (`isni.org` or `www.isni.org`), when it is the
/// whole host: followed by the end, `/`, `?` or `#`.
fn resolver_host(b: &[u8], at: usize) -> Option<usize> {
    let n = if starts_ci(b, at, b"www.isni.org") {
        12
    } else if starts_ci(b, at, b"isni.org") {
        8
    } else {
        return None;
    };
    match b.get(at + n) {
        None | Some(b'/' | b'?' | b'#') => Some(n),
        _ => None,
    }
}

/// After the host at `at` (its `/` included): the length of the path up to the ISNI, `/isni/`
/// or `/`.
fn path_len(b: &[u8], at: usize) -> usize {
    if starts_ci(b, at, b"/isni/") {
        6
    } else if starts_ci(b, at, b"/isni") && matches!(b.get(at + 5), None | Some(b'?' | b'#')) {
        5
    } else if b.get(at) == Some(&b'/') {
        1
    } else {
        0
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

/// The length of an `ISNI` label at `at` and the spaces after it: `ISNI:`, `ISNI: `, `ISNI `
/// (case-insensitive).
pub(crate) fn label_len(b: &[u8], at: usize) -> Option<usize> {
    if !starts_ci(b, at, b"isni") {
        return None;
    }
    let mut k = at + 4;
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

/// Read `s` as an ISNI.
pub(crate) fn parse(s: &str) -> Result<Spans, IsniParseError> {
    let b = s.as_bytes();
    let lead = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let end = b.len()
        - b[lead..]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    if crate::orcid::is_orcid_form(&b[lead..end]) {
        return Err(Error::new(IsniError::Orcid, lead, end - lead));
    }
    let mut at = lead;
    let mut form = IsniForm::Name;
    if let Some(n) = label_len(&b[..end], at) {
        form = IsniForm::Label;
        at += n;
    }
    let scheme = web_scheme(&b[..end], at);
    let host_at = at + scheme.unwrap_or(0);
    if let Some(h) = resolver_host(&b[..end], host_at) {
        let url_start = at;
        if form == IsniForm::Name {
            form = IsniForm::Url;
        }
        let k = host_at + h + path_len(&b[..end], host_at + h);
        let body_end = k + b[k..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .unwrap_or(end - k);
        let number = read_number(s, k, body_end)?;
        if number.separator.is_some() {
            return Err(Error::new(
                IsniError::UrlSeparator(number.as_str().to_owned()),
                k,
                body_end - k,
            ));
        }
        let rest = &s[body_end..end];
        if !rest.is_empty() && rest != "/" {
            return Err(Error::new(
                IsniError::UrlRest(rest.to_owned()),
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
            IsniError::UrlHost(s[host_at..host_end].to_owned()),
            host_at,
            host_end - host_at,
        ));
    }
    if form == IsniForm::Name
        && let Some(n) = scheme_len(&b[at..end])
    {
        return Err(Error::new(
            IsniError::NotIsni(s[at..at + n - 1].to_owned()),
            at,
            n,
        ));
    }
    let number = read_number(s, at, end)?;
    Ok(Spans {
        number,
        form,
        id: (at, end),
        url: None,
        with_scheme: false,
    })
}

/// Read `s[from..to]` as the number, its groups separated by spaces, hyphens or nothing.
fn read_number(s: &str, from: usize, to: usize) -> Result<Number, IsniParseError> {
    let body = &s[from..to];
    number::read(body, b" -")
        .map(|mut n| {
            n.check_at += from;
            n
        })
        .map_err(|p| number_error(p, from, body))
}

/// Whether auto-detection gives `t` to ISNI: the resolver's URL with a digit after the host
/// (`https://isni.org/isni/0…`, `http://www.isni.org/0…`, `isni.org/isni/0…`); an `ISNI`
/// label (`ISNI:` followed by anything, `ISNI ` followed by a digit or the resolver's URL); or
/// a bare number of sixteen characters, alone or in groups (ORCID, earlier in the list, claims
/// those in its blocks first: [`crate::orcid::claims`]). No allocation.
///
/// ```
/// use pidkit::isni::claims;
/// assert!(claims(b"0000 0001 2103 2683") && claims(b"ISNI 0000 0001 2103 2683"));
/// assert!(claims(b"https://isni.org/isni/000000012103268X"));
/// assert!(claims(b"0000000218250097")); // also an ORCID iD
/// assert!(!claims(b"https://isni.org/page/search") && !claims(b"ISNI is ISO 27729"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    let url_at = |at: usize| {
        let host = at + web_scheme(t, at).unwrap_or(0);
        resolver_host(t, host).is_some_and(|h| {
            let p = host + h;
            t.get(p + path_len(t, p)).is_some_and(u8::is_ascii_digit) && path_len(t, p) > 0
        })
    };
    if url_at(0) {
        return true;
    }
    if let Some(n) = label_len(t, 0) {
        let colon = t[..n].contains(&b':');
        return colon || t.get(n).is_some_and(u8::is_ascii_digit) || url_at(n);
    }
    number::bare_shape(t).is_some()
}
