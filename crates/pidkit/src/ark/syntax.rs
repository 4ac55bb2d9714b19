//! Reading an ARK: `[https://NMA/]ark:[/]NAAN/Name[Qualifiers][?inflection]` (draft-kunze-ark "ARK Anatomy", "The Name Mapping Authority (NMA)", "The ARK Label Part (ark:)", "The Name Assigning Authority Number (NAAN)", "The Name Part", "The Qualifier Part", "Character Repertoires").

use crate::chars;
use crate::iri::IriRef;

use super::MAX_NAAN_LEN;
use super::error::{ArkError, ArkParseError};

/// Byte offsets of an ARK's parts in its input (all on character boundaries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// Where the NMA starts (after `scheme://`), when a Resolver Service precedes the label.
    pub nma_start: Option<usize>,
    /// Where the label `ark:` starts (0 without a Resolver Service).
    pub label: usize,
    /// Whether the label is the old form `ark:/`.
    pub old_label: bool,
    /// The NAAN, as written (hyphens included); `naan.1` is the `/` after it.
    pub naan: (usize, usize),
    /// The Name: the first run of non-structural characters after `NAAN/` that holds more
    /// than hyphens.
    pub name: (usize, usize),
    /// Where the Name and Qualifier end: the first `?`, or the end of the input.
    pub end: usize,
}

impl Spans {
    /// Where the text after `NAAN/` (Name and Qualifier, as written) starts.
    pub fn body_start(&self) -> usize {
        self.naan.1 + 1
    }
}

/// The inflections of THUMP ("Overview of The HTTP URL Mapping Protocol"): `?info`, and the
/// older `?` and `??` that the spec keeps reserved.
pub(crate) const INFLECTIONS: [&str; 3] = ["?info", "?", "??"];

/// A betanumeric byte, in either case ("The NAAN": digits and consonants, no `l`, no `y`).
pub(crate) fn is_betanumeric(b: u8) -> bool {
    matches!(
        b.to_ascii_lowercase(),
        b'0'..=b'9'
            | b'b'
            | b'c'
            | b'd'
            | b'f'
            | b'g'
            | b'h'
            | b'j'
            | b'k'
            | b'm'
            | b'n'
            | b'p'
            | b'q'
            | b'r'
            | b's'
            | b't'
            | b'v'
            | b'w'
            | b'x'
            | b'z'
    )
}

/// A non-reserved character of the Name and Qualifier: a letter, a digit or one of
/// `= ~ * + @ _ $` ("Character Repertoires").
pub(crate) fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'=' | b'~' | b'*' | b'+' | b'@' | b'_' | b'$')
}

/// A structural character: `/` (hierarchy) or `.` (variants) ("The Qualifier Part").
pub(crate) fn is_structural(b: u8) -> bool {
    b == b'/' || b == b'.'
}

/// A hyphen-like character that normalization step 6 removes as it removes `-`: U+00AD SOFT
/// HYPHEN (what word processors insert when they hyphenate) and U+2010 to U+2015 (HYPHEN,
/// NON-BREAKING HYPHEN, FIGURE DASH, EN DASH, EM DASH, HORIZONTAL BAR), the range the spec names.
pub(crate) fn is_hyphen_like(c: char) -> bool {
    matches!(c, '\u{AD}' | '\u{2010}'..='\u{2015}')
}

/// The character starting at byte `i` of `s` (a character boundary).
pub(crate) fn char_at(s: &str, i: usize) -> char {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Whether `b[i..]` starts `%` and two hex digits.
fn pct_at(b: &[u8], i: usize) -> bool {
    matches!((b.get(i + 1), b.get(i + 2)), (Some(&h), Some(&l)) if chars::is_hex_pair(h, l))
}

/// Whether `b` starts with `prefix`, ASCII case-insensitively.
fn starts_with_ci(b: &[u8], prefix: &[u8]) -> bool {
    b.get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// The first `/ark:` (ASCII case-insensitive) starting in `from..to`; the whole match must lie
/// before `to`.
fn find_slash_label(b: &[u8], from: usize, to: usize) -> Option<usize> {
    let hay = b.get(from..to)?;
    // A `:` is rare in a path: look for it, then at the four bytes before it.
    memchr::memchr_iter(b':', hay)
        .find(|&k| k >= 4 && starts_with_ci(&hay[k - 4..], b"/ark:"))
        .map(|k| from + k - 4)
}

/// The length of a URI scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`) that starts `b`
/// and is followed by `:`.
fn scheme_len(b: &[u8]) -> Option<usize> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let k = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[k] == b':').then_some(k)
}

/// The first index in `from..` of `b` whose byte satisfies `stop`, else `b.len()`.
fn find_from(b: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    b.get(from..)
        .and_then(|t| t.iter().position(|&c| stop(c)))
        .map_or(b.len(), |k| from + k)
}

/// Whether auto-detection should read `t` as an ARK, from its shape alone: it starts `ark:`, or
/// it is an `http://` or `https://` URL with a path segment starting `ark:` (after the host, or
/// after a path prefix as "The Name Mapping Authority (NMA)" allows). ASCII case-insensitive;
/// no allocation, one pass.
///
/// ```
/// use pidkit::ark::claims;
/// assert!(claims(b"ark:12345/x6np1wh8k"));
/// assert!(claims(b"ARK:/12345/x6np1wh8k"));
/// assert!(claims(b"https://n2t.net/ark:/12345/x6np1wh8k"));
/// assert!(claims(b"http://example.org/rslvr/ark:12345/x6np1wh8k"));
/// assert!(!claims(b"https://example.org/arkansas"));
/// assert!(!claims(b"https://example.org/?q=/ark:12345/x"));
/// assert!(!claims(b"n2t.net/ark:12345/x"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_with_ci(t, b"ark:") {
        return true;
    }
    let after = if starts_with_ci(t, b"https://") {
        8
    } else if starts_with_ci(t, b"http://") {
        7
    } else {
        return false;
    };
    // Every `http(s)://` URL comes here (an ARK can be at any NMA): SIMD scans, no byte loop.
    let rest = &t[after..];
    // A label needs a `:` after the scheme's: most URLs have none, and are told in one scan.
    if memchr::memchr(b':', rest).is_none() {
        return false;
    }
    let path = after + memchr::memchr3(b'/', b'?', b'#', rest).unwrap_or(rest.len());
    let path_end = path + memchr::memchr2(b'?', b'#', &t[path..]).unwrap_or(t.len() - path);
    find_slash_label(t, path, path_end).is_some()
}

/// Find the label: at the start, or after a Resolver Service `http(s)://NMA/` whose NMA is a host
/// (with optional port) and optional path segments, ending at the first `/ark:` of the path.
/// Returns the label's offset and the NMA's start.
fn find_label(s: &str) -> Result<(usize, Option<usize>), ArkParseError> {
    let b = s.as_bytes();
    if starts_with_ci(b, b"ark:") {
        return Ok((0, None));
    }
    let not_ark = || ArkParseError::new(ArkError::NotArk, 0, s.len());
    let Some(k) = scheme_len(b) else {
        // `n2t.net/ark:…`, as typed into a browser's location field: no scheme.
        return match find_slash_label(b, 0, b.len()) {
            Some(p) if !s[..p].contains(|c: char| c.is_whitespace() || matches!(c, '?' | '#')) => {
                Err(ArkParseError::new(ArkError::NmaScheme(String::new()), 0, p))
            }
            _ => Err(not_ark()),
        };
    };
    let slashes = b.get(k + 1..k + 3) == Some(b"//");
    let auth = if slashes { k + 3 } else { k + 1 };
    let auth_end = if slashes {
        find_from(b, auth, |c| matches!(c, b'/' | b'?' | b'#'))
    } else {
        auth
    };
    let path_end = find_from(b, auth_end, |c| matches!(c, b'?' | b'#'));
    let Some(p) = find_slash_label(b, auth_end, path_end) else {
        return Err(not_ark());
    };
    let scheme = &s[..k];
    if !(scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http")) {
        return Err(ArkParseError::new(
            ArkError::NmaScheme(scheme.to_owned()),
            0,
            k,
        ));
    }
    if !slashes || auth == auth_end {
        return Err(ArkParseError::new(ArkError::NmaHost, auth, 0));
    }
    // The Resolver Service, `https://host[:port][/path]/`, must be a URL prefix.
    let prefix = IriRef::parse(&s[..=p])?;
    if let Some(u) = prefix.userinfo() {
        return Err(ArkParseError::new(ArkError::NmaUserinfo, auth, u.len() + 1));
    }
    Ok((p + 1, Some(auth)))
}

/// Parse an ARK into its spans, or the first error in reading order.
pub(crate) fn parse(s: &str) -> Result<Spans, ArkParseError> {
    let b = s.as_bytes();
    if let Some(c) = s.chars().next().filter(|c| c.is_whitespace()) {
        return Err(ArkParseError::new(ArkError::Whitespace(c), 0, c.len_utf8()));
    }
    let (label, nma_start) = find_label(s)?;
    let old_label = b.get(label + 4) == Some(&b'/');
    let naan_start = label + 4 + usize::from(old_label);
    let naan_end = naan(s, naan_start)?;
    let body_start = naan_end + 1;
    let (name, end) = body(s, body_start)?;
    query(s, end)?;
    Ok(Spans {
        nma_start,
        label,
        old_label,
        naan: (naan_start, naan_end),
        name,
        end,
    })
}

/// The NAAN from `start`: betanumerics (either case) and identity-inert hyphens up to `/`, at
/// most [`MAX_NAAN_LEN`] bytes, not empty once hyphens are removed. Returns its end (the `/`).
fn naan(s: &str, start: usize) -> Result<usize, ArkParseError> {
    let b = s.as_bytes();
    let (mut i, mut content) = (start, false);
    while let Some(&c) = b.get(i) {
        if c == b'/' || c == b'?' {
            break;
        }
        if is_betanumeric(c) {
            content = true;
            i += 1;
            continue;
        }
        if c == b'-' {
            i += 1;
            continue;
        }
        let ch = char_at(s, i);
        if is_hyphen_like(ch) {
            i += ch.len_utf8();
            continue;
        }
        let kind = if ch.is_whitespace() {
            ArkError::Whitespace(ch)
        } else {
            ArkError::NaanChar(ch)
        };
        return Err(ArkParseError::new(kind, i, ch.len_utf8()));
    }
    if i - start > MAX_NAAN_LEN {
        return Err(ArkParseError::new(ArkError::NaanTooLong, start, i - start));
    }
    if !content {
        let extra_slash = i == start && b.get(i) == Some(&b'/');
        let len = if i == start {
            usize::from(extra_slash)
        } else {
            i - start
        };
        return Err(ArkParseError::new(
            ArkError::NaanEmpty(extra_slash),
            start,
            len,
        ));
    }
    if b.get(i) != Some(&b'/') {
        return Err(ArkParseError::new(ArkError::MissingSlash, i, 0));
    }
    Ok(i)
}

/// The Name and Qualifier from `start` to the first `?`: the repertoire of "Character
/// Repertoires", valid `%XX`, a Name that is more than hyphens, and no component with a period
/// on its left and a slash on its right once steps 6 and 8 of "Normalization and Lexical
/// Equivalence" have removed hyphens and extra structural characters (step 9: rejected).
/// Returns the Name's span and the end.
fn body(s: &str, start: usize) -> Result<((usize, usize), usize), ArkParseError> {
    let b = s.as_bytes();
    let mut name = None;
    let mut i = start;
    // The current run of non-structural characters: where it starts, whether it holds more
    // than hyphens.
    let (mut run_start, mut run_content) = (start, false);
    let mut seen_content = false;
    // The first structural character since the last run with content (the one step 8 keeps
    // if more content follows), and the separator kept before that run.
    let mut gap: Option<(u8, usize)> = None;
    let mut prev_sep: Option<(u8, usize)> = None;
    while let Some(&c) = b.get(i) {
        let width = match c {
            b'?' => break,
            b'/' | b'.' => {
                if run_content && name.is_none() {
                    name = Some((run_start, i));
                }
                run_content = false;
                if seen_content && gap.is_none() {
                    gap = Some((c, i));
                }
                run_start = i + 1;
                i += 1;
                continue;
            }
            b'-' => {
                i += 1;
                continue;
            }
            b'%' if pct_at(b, i) => 3,
            b'%' => return Err(ArkParseError::new(ArkError::BadPercent, i, 1)),
            c if is_name_char(c) => 1,
            _ => {
                let ch = char_at(s, i);
                if is_hyphen_like(ch) {
                    i += ch.len_utf8();
                    continue;
                }
                let kind = if ch.is_whitespace() {
                    ArkError::Whitespace(ch)
                } else if ch.is_ascii() {
                    ArkError::Char(ch)
                } else {
                    ArkError::NonAscii(ch)
                };
                return Err(ArkParseError::new(kind, i, ch.len_utf8()));
            }
        };
        // A character with content: the separator before it, if any, stays (step 8).
        if let Some((sep, at)) = gap.take() {
            if let (b'/', Some((b'.', period))) = (sep, prev_sep) {
                return Err(ArkParseError::new(
                    ArkError::VariantPath,
                    period,
                    at + 1 - period,
                ));
            }
            prev_sep = Some((sep, at));
        }
        run_content = true;
        seen_content = true;
        i += width;
    }
    if run_content && name.is_none() {
        name = Some((run_start, i));
    }
    match name {
        Some(name) => Ok((name, i)),
        None => Err(ArkParseError::new(ArkError::NameEmpty, start, i - start)),
    }
}

/// The query from `at` (a `?`, or the end): an inflection (`?info`, `?`, `??`), or any RFC 3986
/// query with valid `%XX` (non-ASCII allowed, as in an IRI, but no whitespace or controls).
fn query(s: &str, at: usize) -> Result<(), ArkParseError> {
    let Some(q) = s.get(at..).filter(|q| !q.is_empty()) else {
        return Ok(());
    };
    if INFLECTIONS.contains(&q) {
        return Ok(());
    }
    let b = s.as_bytes();
    let mut i = at + 1;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            if !pct_at(b, i) {
                return Err(ArkParseError::new(ArkError::BadPercent, i, 1));
            }
            i += 3;
            continue;
        }
        if c < 0x80 && chars::is(c, chars::QUERY) {
            i += 1;
            continue;
        }
        let ch = char_at(s, i);
        if ch.is_whitespace() {
            return Err(ArkParseError::new(
                ArkError::Whitespace(ch),
                i,
                ch.len_utf8(),
            ));
        }
        if ch.is_ascii() || ch.is_control() || chars::is_bidi_format(ch) {
            return Err(ArkParseError::new(
                ArkError::QueryChar(ch),
                i,
                ch.len_utf8(),
            ));
        }
        i += ch.len_utf8();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn betanumerics_are_digits_and_consonants_without_l_and_y() {
        let beta: String = (0u8..128)
            .filter(|&b| is_betanumeric(b))
            .map(char::from)
            .filter(|c| !c.is_ascii_uppercase())
            .collect();
        assert_eq!(beta, "0123456789bcdfghjkmnpqrstvwxz");
        assert!(is_betanumeric(b'B') && !is_betanumeric(b'L') && !is_betanumeric(b'A'));
    }

    #[test]
    fn finds_the_first_slash_label() {
        let b = b"https://a/x/ARK:1/ark:2";
        assert_eq!(find_slash_label(b, 9, b.len()), Some(11));
        assert_eq!(find_slash_label(b, 9, 15), None);
        assert_eq!(find_slash_label(b, 30, 40), None);
    }

    #[test]
    fn schemes() {
        assert_eq!(scheme_len(b"https://x"), Some(5));
        assert_eq!(scheme_len(b"a+b.c-d:"), Some(7));
        assert_eq!(scheme_len(b"1a:"), None);
        assert_eq!(scheme_len(b"abc"), None);
        assert_eq!(scheme_len(b""), None);
    }
}
