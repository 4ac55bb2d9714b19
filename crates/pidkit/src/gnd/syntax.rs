//! Reading a GND identifier: the number (`118540238`, `4005728-8`), the labels `gnd:`,
//! `GND `, `(DE-588)`, and the URLs at d-nb.info and the GND Explorer.

use super::Form;
use super::error::{GndError, GndParseError};

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The number with its check character (and hyphen), as written.
    pub id: (usize, usize),
    /// Where the hyphen is, in an old SWD or GKD number.
    pub hyphen: Option<usize>,
    /// The ISIL label `(DE-588a)`, `(DE-588b)` or `(DE-588c)` of a file merged into the GND.
    pub old_isil: Option<(usize, usize)>,
    /// What follows the number in a URL, left out.
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

/// The GND's hosts: the DNB's Linked Data Service and the GND Explorer.
const HOSTS: [&str; 2] = ["d-nb.info", "explore.gnd.network"];

/// Where the path of a GND URL starts in `b` (at its `/`).
fn gnd_path(b: &[u8]) -> Option<usize> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest.iter().take(254).position(|&c| c == b'/')?;
    HOSTS
        .iter()
        .any(|host| rest[..end].eq_ignore_ascii_case(host.as_bytes()))
        .then_some(h + end)
}

/// The length of a label at the start of `b` and whether it is an old ISIL: `gnd:`, `GND:`
/// or `GND ` (and the spaces after it), `(DE-588)`, `(DE-588a)` … `(DE-588c)`.
fn label(b: &[u8]) -> Option<(usize, bool)> {
    if starts_ci(b, b"(de-588)") {
        return Some((8, false));
    }
    if starts_ci(b, b"(de-588") && matches!(b.get(7), Some(b'a' | b'b' | b'c')) && b.get(8) == Some(&b')') {
        return Some((9, true));
    }
    if starts_ci(b, b"gnd:") || starts_ci(b, b"gnd ") {
        let spaces = b[4..].iter().take_while(|&&c| c == b' ').count();
        return Some((4 + spaces, false));
    }
    None
}

/// Whether auto-detection gives `t` to the GND: the labels `gnd:`, `GND ` + digit and
/// `(DE-588)`, and URLs at `d-nb.info/gnd/` and `explore.gnd.network/gnd/`. A bare number is
/// not taken: a PND or GND number is a modulus-11 number like an ISBN-10 (with the same weights),
/// and an old hyphenated one looks like many other codes; read it with `--as gnd`.
///
/// ```
/// use pidkit::gnd::claims;
/// assert!(claims(b"(DE-588)118540238") && claims(b"https://d-nb.info/gnd/4005728-8"));
/// assert!(!claims(b"118540238") && !claims(b"https://d-nb.info/1234"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_ci(t, b"gnd:") || starts_ci(t, b"(de-588") {
        return true;
    }
    if starts_ci(t, b"gnd ") {
        return t[4..]
            .iter()
            .find(|&&c| c != b' ')
            .is_some_and(u8::is_ascii_digit);
    }
    gnd_path(t).is_some_and(|p| starts_ci(&t[p..], b"/gnd/"))
}

/// Read `s`.
pub(crate) fn parse(s: &str) -> Result<Spans, GndParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(GndError::NotGnd.at(0, 0));
    }
    let t = &b[start..end];
    if let Some((n, old)) = label(t) {
        let mut spans = number(s, start + n, end, Form::Label)?;
        if old {
            spans.old_isil = Some((start, start + n));
        }
        return Ok(spans);
    }
    if let Some(p) = gnd_path(t) {
        let path = start + p;
        if !starts_ci(&b[path..end], b"/gnd/") {
            return Err(GndError::Url.at(path, end - path));
        }
        let from = path + 5;
        let id_end = b[from..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(end, |k| from + k);
        let mut spans = number(s, from, id_end, Form::Url)?;
        if id_end < end {
            if let Some(k) = s[id_end..end].find(|c: char| c.is_whitespace() || c.is_control()) {
                return Err(char_error(s, id_end + k));
            }
            spans.extra = Some((id_end, end));
        }
        return Ok(spans);
    }
    if web_scheme_len(t) > 0 {
        return Err(GndError::NotGnd.at(start, end - start));
    }
    number(s, start, end, Form::Number)
}

/// The error of the character at `at`.
fn char_error(s: &str, at: usize) -> GndParseError {
    let c = s[at..].chars().next().unwrap_or(' ');
    GndError::Char(c).at(at, c.len_utf8())
}

/// Read the number and check character in `s[from..to]`, nothing else.
fn number(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, GndParseError> {
    let b = &s.as_bytes()[..to];
    if from >= to {
        return Err(GndError::Empty.at(from, 0));
    }
    let digits = b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut k = from + digits;
    let hyphen = (b.get(k) == Some(&b'-')).then_some(k);
    if hyphen.is_some() {
        if digits == 0 {
            return Err(char_error(s, k));
        }
        k += 1;
        match b.get(k) {
            None => return Err(GndError::MissingCheck.at(k, 0)),
            Some(c) if c.is_ascii_digit() || matches!(c, b'X' | b'x') => k += 1,
            Some(_) => return Err(char_error(s, k)),
        }
    } else if matches!(b.get(k), Some(b'X' | b'x')) {
        k += 1;
    }
    if k < to {
        return Err(char_error(s, k));
    }
    if b[from] == b'0' {
        return Err(GndError::LeadingZero.at(from, 1));
    }
    // The digits before the check character, and the check character.
    let (body, check_at) = match hyphen {
        Some(h) => ((from, h), h + 1),
        None => ((from, to - 1), to - 1),
    };
    let n = body.1 - body.0;
    let length_ok = match hyphen {
        Some(_) => (1..=8).contains(&n),
        None => (8..=10).contains(&n),
    };
    if !length_ok {
        return Err(GndError::Length(hyphen.is_some()).at(from, to - from));
    }
    let expected = check_char(&b[body.0..body.1], hyphen.is_some());
    let found = b[check_at].to_ascii_uppercase();
    if expected != found {
        return Err(GndError::CheckDigit(char::from(expected), char::from(b[check_at])).at(check_at, 1));
    }
    Ok(Spans {
        form,
        id: (from, to),
        hyphen,
        old_isil: None,
        extra: None,
    })
}

/// The check character of `digits`: the sum of the digits weighted 2, 3, 4 … from the right,
/// modulus 11; `(11 - sum mod 11) mod 11` for PND and GND numbers, `sum mod 11` for the old
/// hyphenated SWD and GKD numbers (before the GND, "das Ergebnis von der Zahl 11 subtrahiert");
/// 10 is written `X` (DNB, Prüfziffernberechnung).
///
/// ```
/// use pidkit::gnd::check_char;
/// assert_eq!(check_char(b"11854023", false), b'8'); // Goethe, PND
/// assert_eq!(check_char(b"95980479", false), b'X'); // the DNB's example
/// assert_eq!(check_char(b"95980479", true), b'1'); // the same number, SWD/GKD rule
/// ```
pub fn check_char(digits: &[u8], hyphenated: bool) -> u8 {
    let sum: u32 = digits
        .iter()
        .rev()
        .zip(2u32..)
        .map(|(&d, w)| u32::from(d.wrapping_sub(b'0')) * w)
        .sum();
    let r = sum % 11;
    let value = if hyphenated { r } else { (11 - r) % 11 };
    match value {
        10 => b'X',
        v => b'0' + v as u8,
    }
}
