//! Reading a ROR ID in its written forms: the bare ID, a `ROR` label, the registry's URL.

use super::error::{RorError, RorParseError};
use crate::error::Error;

/// How a ROR ID was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RorForm {
    /// The nine characters alone: `05dxps055`.
    Name,
    /// After a label: `ror:05dxps055` (the prefix of identifiers.org and the Bioregistry),
    /// `ROR: 05dxps055`, `ROR ID 05dxps055`, also before the URL.
    Label,
    /// The registry's URL: `https://ror.org/05dxps055`, also with `http`, `www.`, a trailing
    /// slash, or without the scheme (`ror.org/05dxps055`).
    Url,
}

impl RorForm {
    /// The form's name in the parts (`form`): `name`, `label`, `url`.
    pub fn name(self) -> &'static str {
        match self {
            RorForm::Name => "name",
            RorForm::Label => "label",
            RorForm::Url => "url",
        }
    }
}

/// The nine characters of a ROR ID, in lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RorId {
    chars: [u8; 9],
    /// Some letter was written in upper case.
    pub(crate) upper: bool,
}

impl RorId {
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.chars).unwrap_or_default()
    }
}

/// What the reader finds in an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub(crate) id: RorId,
    pub(crate) form: RorForm,
    /// The ID as written.
    pub(crate) at: (usize, usize),
    /// The URL as written, when the ID is written as one (after a label too).
    pub(crate) url: Option<(usize, usize)>,
    /// The URL has a scheme (`http://`, `https://`).
    pub(crate) with_scheme: bool,
}

/// The value of a character of Crockford base 32 (case-insensitive; no I, L, O, U).
///
/// ```
/// use pidkit::ror::crockford;
/// assert_eq!((crockford(b'0'), crockford(b'z'), crockford(b'J')), (Some(0), Some(31), Some(18)));
/// assert_eq!((crockford(b'o'), crockford(b'I'), crockford(b'u'), crockford(b'-')), (None, None, None, None));
/// ```
pub fn crockford(c: u8) -> Option<u32> {
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let c = c.to_ascii_lowercase();
    ALPHABET.iter().position(|&a| a == c).map(|p| p as u32)
}

/// The two check digits of the six characters after a ROR ID's leading `0`: ISO/IEC 7064 MOD
/// 97-10 of the number they encode in Crockford base 32, `98 - (n × 100 mod 97)`, as the ROR
/// API computes them; `None` if a character is not Crockford base 32.
///
/// ```
/// assert_eq!(pidkit::ror::check_digits(b"5dxps0").as_deref(), Some("55"));
/// assert_eq!(pidkit::ror::check_digits(b"5dxps"), None);
/// ```
pub fn check_digits(six: &[u8]) -> Option<String> {
    if six.len() != 6 {
        return None;
    }
    let mut n: u64 = 0;
    for &c in six {
        n = n * 32 + u64::from(crockford(c)?);
    }
    // Two digits, 02 to 98 (written without the formatting machinery: this runs for every
    // ROR ID read).
    let check = (98 - (n * 100) % 97) as u8;
    Some([b'0' + check / 10, b'0' + check % 10].map(char::from).iter().collect())
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

/// The length of the registry's host at `at` (`ror.org` or `www.ror.org`), when it is the
/// whole host: followed by the end, `/`, `?` or `#`.
fn registry_host(b: &[u8], at: usize) -> Option<usize> {
    let n = if starts_ci(b, at, b"www.ror.org") {
        11
    } else if starts_ci(b, at, b"ror.org") {
        7
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

/// The length of a `ROR` label at `at` and the spaces after it: `ror:`, `ROR: `, `ROR `,
/// `ROR ID:`, `ROR ID ` (case-insensitive).
pub(crate) fn label_len(b: &[u8], at: usize) -> Option<usize> {
    if !starts_ci(b, at, b"ror") {
        return None;
    }
    let mut k = at + 3;
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

/// Read `s` as a ROR ID.
pub(crate) fn parse(s: &str) -> Result<Spans, RorParseError> {
    let b = s.as_bytes();
    let lead = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let end = b.len()
        - b[lead..]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    let mut at = lead;
    let mut form = RorForm::Name;
    if let Some(n) = label_len(&b[..end], at) {
        form = RorForm::Label;
        at += n;
    }
    let scheme = web_scheme(&b[..end], at);
    let host_at = at + scheme.unwrap_or(0);
    if let Some(h) = registry_host(&b[..end], host_at) {
        let url_start = at;
        if form == RorForm::Name {
            form = RorForm::Url;
        }
        let mut k = host_at + h;
        if k < end && b[k] == b'/' {
            k += 1;
        }
        let body_end = k + b[k..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .unwrap_or(end - k);
        let id = read_id(s, k, body_end)?;
        let rest = &s[body_end..end];
        if !rest.is_empty() && rest != "/" {
            return Err(Error::new(
                RorError::UrlRest(rest.to_owned()),
                body_end,
                end - body_end,
            ));
        }
        return Ok(Spans {
            id,
            form,
            at: (k, body_end),
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
            RorError::UrlHost(s[host_at..host_end].to_owned()),
            host_at,
            host_end - host_at,
        ));
    }
    if form == RorForm::Name
        && let Some(n) = scheme_len(&b[at..end])
    {
        return Err(Error::new(
            RorError::NotRor(s[at..at + n - 1].to_owned()),
            at,
            n,
        ));
    }
    let id = read_id(s, at, end)?;
    Ok(Spans {
        id,
        form,
        at: (at, end),
        url: None,
        with_scheme: false,
    })
}

/// Read `s[from..to]` as the nine characters of a ROR ID.
fn read_id(s: &str, from: usize, to: usize) -> Result<RorId, RorParseError> {
    let body = &s[from..to];
    if body.is_empty() {
        return Err(Error::new(RorError::Empty, from, 0));
    }
    // Letters and digits only, but not nine of them: the length is what is wrong (a
    // character may be missing or doubled), whatever stands where.
    let b = body.as_bytes();
    if b.len() != 9 && b.iter().all(u8::is_ascii_alphanumeric) {
        return Err(if b.len() > 9 {
            Error::new(RorError::Length(b.len()), from + 9, b.len() - 9)
        } else {
            Error::new(RorError::Length(b.len()), to, 0)
        });
    }
    let mut chars = [0u8; 9];
    let mut upper = false;
    for (i, c) in body.char_indices() {
        // Every character before `i` is ASCII: `i` counts characters.
        if i >= 9 {
            let n = body.chars().count();
            return Err(Error::new(RorError::Length(n), from + i, to - from - i));
        }
        let ok = match i {
            0 => c == '0',
            1..=6 => c.is_ascii() && crockford(c as u8).is_some(),
            _ => c.is_ascii_digit(),
        };
        if !ok {
            let kind = if i == 0 && c.is_alphanumeric() {
                RorError::First(c)
            } else {
                RorError::Char(c, i)
            };
            return Err(Error::new(kind, from + i, c.len_utf8()));
        }
        upper |= c.is_ascii_uppercase();
        chars[i] = (c as u8).to_ascii_lowercase();
    }
    if body.len() < 9 {
        return Err(Error::new(RorError::Length(body.len()), to, 0));
    }
    let expected = check_digits(&chars[1..7]).unwrap_or_default();
    if expected.as_bytes() != &chars[7..9] {
        return Err(Error::new(
            RorError::Check(expected, body[7..9].to_owned()),
            from + 7,
            2,
        ));
    }
    Ok(RorId { chars, upper })
}

/// Whether auto-detection gives `t` to ROR: the registry's URL with a digit after the host
/// (`https://ror.org/0…`, `ror.org/0…`); a label (`ror:` followed by anything, `ROR ` or
/// `ROR ID ` followed by `0` or the URL); or a bare ID — nine characters, `0`, six letters or
/// digits, two digits — that holds a letter, or whose check digits hold (a nine-digit number
/// is otherwise not taken for one). No allocation.
///
/// ```
/// use pidkit::ror::claims;
/// assert!(claims(b"https://ror.org/05dxps055") && claims(b"ror.org/05dxps055"));
/// assert!(claims(b"05dxps055") && claims(b"05dxps056") && claims(b"ror:05dxps055"));
/// assert!(!claims(b"012345678")); // a number whose check digits do not hold
/// assert!(!claims(b"https://ror.org/search") && !claims(b"ROR was launched in 2019"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    let url_at = |at: usize| {
        let host = at + web_scheme(t, at).unwrap_or(0);
        registry_host(t, host).is_some_and(|h| {
            t.get(host + h) == Some(&b'/') && t.get(host + h + 1).is_some_and(u8::is_ascii_digit)
        })
    };
    if url_at(0) {
        return true;
    }
    if let Some(n) = label_len(t, 0) {
        let colon = t[..n].contains(&b':');
        return colon || t.get(n) == Some(&b'0') || url_at(n);
    }
    bare_shape(t)
}

/// A bare ROR ID by its shape, see [`claims`].
fn bare_shape(t: &[u8]) -> bool {
    if t.len() != 9
        || t[0] != b'0'
        || !t[1..7].iter().all(u8::is_ascii_alphanumeric)
        || !t[7..].iter().all(u8::is_ascii_digit)
    {
        return false;
    }
    if t[1..7].iter().any(u8::is_ascii_alphabetic) {
        return true;
    }
    // Nine digits: only when they are a ROR ID (no allocation: the check computed in place).
    let n = t[1..7]
        .iter()
        .fold(0u64, |n, &c| n * 32 + u64::from(c - b'0'));
    let check = 98 - (n * 100) % 97;
    u64::from(t[7] - b'0') * 10 + u64::from(t[8] - b'0') == check
}
