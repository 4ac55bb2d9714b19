//! Reading an ASCL ID: `YYMM.NNN`, with its `ascl:` label or as an ascl.net URL.

use super::Form;
use super::error::{AsclError, AsclParseError};

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The ID, `YYMM.NNN`.
    pub id: (usize, usize),
    /// The label, when it is not lower-case `ascl:`.
    pub label_case: Option<(usize, usize)>,
    /// What follows the ID in a URL, left out.
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

/// Where the path of an ascl.net URL starts in `b` (at its `/`).
fn ascl_path(b: &[u8]) -> Option<usize> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest.iter().take(254).position(|&c| c == b'/')?;
    let host = &rest[..end];
    (host.eq_ignore_ascii_case(b"ascl.net") || host.eq_ignore_ascii_case(b"www.ascl.net"))
        .then_some(h + end)
}

/// Whether auto-detection gives `t` to the ASCL: the label `ascl:` and ascl.net URLs whose
/// path starts with a digit. A bare `1201.001` is a number as much as an ID: read it with
/// `--as ascl`.
///
/// ```
/// use pidkit::ascl::claims;
/// assert!(claims(b"ascl:1201.001") && claims(b"https://ascl.net/1201.001"));
/// assert!(!claims(b"1201.001") && !claims(b"https://ascl.net/code/v/2193"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_ci(t, b"ascl:") {
        return true;
    }
    ascl_path(t).is_some_and(|p| t.get(p + 1).is_some_and(u8::is_ascii_digit))
}

/// Read `s`.
pub(crate) fn parse(s: &str) -> Result<Spans, AsclParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(AsclError::NotAscl.at(0, 0));
    }
    let t = &b[start..end];
    if starts_ci(t, b"ascl:") {
        let mut spans = id(s, start + 5, end, Form::Label)?;
        if &t[..5] != b"ascl:" {
            spans.label_case = Some((start, start + 5));
        }
        return Ok(spans);
    }
    if let Some(p) = ascl_path(t) {
        let from = start + p + 1;
        if !b.get(from).is_some_and(u8::is_ascii_digit) {
            return Err(AsclError::Url.at(from - 1, end + 1 - from));
        }
        let id_end = b[from..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(end, |k| from + k);
        let mut spans = id(s, from, id_end, Form::Url)?;
        if id_end < end {
            if let Some(k) = s[id_end..end].find(|c: char| c.is_whitespace() || c.is_control()) {
                let c = s[id_end + k..].chars().next().unwrap_or(' ');
                return Err(AsclError::Format(Some(c)).at(id_end + k, c.len_utf8()));
            }
            spans.extra = Some((id_end, end));
        }
        return Ok(spans);
    }
    if web_scheme_len(t) > 0 {
        return Err(AsclError::NotAscl.at(start, end - start));
    }
    id(s, start, end, Form::Id)
}

/// Read `YYMM.NNN` in `s[from..to]`, nothing else.
fn id(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, AsclParseError> {
    let b = &s.as_bytes()[..to];
    if from >= to {
        return Err(AsclError::Empty.at(from, 0));
    }
    for i in 0..8 {
        let at = from + i;
        let ok = match b.get(at) {
            None => return Err(AsclError::Format(None).at(at, 0)),
            Some(b'.') => i == 4,
            Some(c) => i != 4 && c.is_ascii_digit(),
        };
        if !ok {
            let c = s[at..].chars().next().unwrap_or(' ');
            return Err(AsclError::Format(Some(c)).at(at, c.len_utf8()));
        }
    }
    if from + 8 < to {
        let c = s[from + 8..].chars().next().unwrap_or(' ');
        return Err(AsclError::Format(Some(c)).at(from + 8, c.len_utf8()));
    }
    let id = &b[from..to];
    if id == b"0000.000" {
        return Err(AsclError::Unassigned.at(from, 8));
    }
    if !matches!(&id[2..4], [b'0', b'1'..=b'9'] | [b'1', b'0'..=b'2']) {
        return Err(AsclError::Month.at(from + 2, 2));
    }
    if &id[5..] == b"000" {
        return Err(AsclError::Sequence.at(from + 5, 3));
    }
    Ok(Spans {
        form,
        id: (from, to),
        label_case: None,
        extra: None,
    })
}
