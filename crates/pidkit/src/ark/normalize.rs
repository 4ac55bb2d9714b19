//! The nine steps of draft-kunze-ark "Normalization and Lexical Equivalence", in order, and what each changed.

use std::borrow::Cow;
use std::fmt;

use super::syntax::{INFLECTIONS, Spans, char_at, is_hyphen_like, is_structural};

/// The normal form of an ARK ([`super::Ark::normalize`]) and what each step of
/// "Normalization and Lexical Equivalence" removed or changed to reach it.
///
/// ```
/// let ark = pidkit::ark::Ark::parse("https://n2t.net/ARK:/12345/x6-np1wh8k/page.v2/?info")?;
/// let n = ark.normalize();
/// assert_eq!(n.text, "ark:12345/x6np1wh8k/page.v2");
/// let steps: Vec<u8> = n.removed.iter().map(|r| r.step).collect();
/// assert_eq!(steps, [1, 2, 3, 6, 7, 8]);
/// assert_eq!(n.removed[0].to_string(), "step 1: removed the Resolver Service 'https://n2t.net/' (its NMA 'n2t.net' is identity inert)");
/// # Ok::<(), pidkit::ark::ArkParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normalized<'a> {
    /// The normal form (`ark:12345/x6np1wh8k/page.v2`): the text that compares octet by
    /// octet, case-sensitively. Borrowed from the input when the input holds it as is.
    pub text: Cow<'a, str>,
    /// What each step removed or changed, in step order; steps that changed nothing are left
    /// out.
    pub removed: Vec<Removal>,
}

/// What one step of "Normalization and Lexical Equivalence" removed or changed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Removal {
    /// The step's number, 1 to 8 (step 9 never changes a parsed ARK: pidkit rejects what it
    /// would move).
    pub step: u8,
    /// What was removed or changed, for people.
    pub description: String,
}

impl Removal {
    fn new(step: u8, description: String) -> Self {
        Removal { step, description }
    }
}

impl fmt::Display for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}", self.step, self.description)
    }
}

/// What steps 5, 6 and 8 find in a stretch of an ARK (offsets are the text's own).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Scan {
    /// `-` characters (step 6), and the first one's offset.
    pub hyphens: usize,
    pub first_hyphen: Option<usize>,
    /// Hyphen-like characters (step 6), and the first one's span.
    pub hyphen_likes: usize,
    pub first_hyphen_like: Option<(usize, usize)>,
    /// `%xx` written with a lowercase hex digit (step 5), and the first one's offset.
    pub lower_hex: usize,
    pub first_lower_hex: Option<usize>,
    /// Structural characters step 8 removes (initial, final, all but the first of a row),
    /// and the first one's offset.
    pub dropped: usize,
    pub first_dropped: Option<usize>,
}

impl Scan {
    /// Scan `t`, which has been parsed (every `%` starts a valid `%XX`).
    pub fn of(t: &str) -> Scan {
        let b = t.as_bytes();
        let mut scan = Scan::default();
        let mut seen_content = false;
        // The structural character step 8 keeps if content follows.
        let mut pending: Option<usize> = None;
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            let width = match c {
                b'/' | b'.' => {
                    if seen_content && pending.is_none() {
                        pending = Some(i);
                    } else {
                        scan.drop(i);
                    }
                    i += 1;
                    continue;
                }
                b'-' => {
                    scan.hyphens += 1;
                    scan.first_hyphen.get_or_insert(i);
                    i += 1;
                    continue;
                }
                b'%' => {
                    let lower = |k: usize| b.get(k).is_some_and(|h| h.is_ascii_lowercase());
                    if lower(i + 1) || lower(i + 2) {
                        scan.lower_hex += 1;
                        scan.first_lower_hex.get_or_insert(i);
                    }
                    3
                }
                c if c < 0x80 => 1,
                _ => {
                    let ch = char_at(t, i);
                    if is_hyphen_like(ch) {
                        scan.hyphen_likes += 1;
                        scan.first_hyphen_like.get_or_insert((i, ch.len_utf8()));
                        i += ch.len_utf8();
                        continue;
                    }
                    ch.len_utf8()
                }
            };
            pending = None;
            seen_content = true;
            i += width;
        }
        if let Some(p) = pending {
            scan.drop(p);
        }
        scan
    }

    fn drop(&mut self, i: usize) {
        self.dropped += 1;
        self.first_dropped = Some(self.first_dropped.map_or(i, |f| f.min(i)));
    }

    /// Whether steps 5, 6 and 8 leave the text as it is.
    fn unchanged(&self) -> bool {
        self.hyphens + self.hyphen_likes + self.lower_hex + self.dropped == 0
    }
}

/// Append the Name and Qualifier `body` after steps 5, 6 and 8: `%xx` uppercased, hyphens and
/// hyphen-like characters removed, structural characters removed at the ends and rows of them
/// replaced by their first.
fn push_body(out: &mut String, body: &str) {
    let b = body.as_bytes();
    let mut pending: Option<char> = None;
    let mut seen_content = false;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if is_structural(c) {
            if seen_content && pending.is_none() {
                pending = Some(char::from(c));
            }
            i += 1;
            continue;
        }
        if c == b'-' {
            i += 1;
            continue;
        }
        let ch = char_at(body, i);
        if is_hyphen_like(ch) {
            i += ch.len_utf8();
            continue;
        }
        if let Some(sep) = pending.take() {
            out.push(sep);
        }
        seen_content = true;
        if c == b'%' {
            out.push('%');
            for k in [i + 1, i + 2] {
                if let Some(&h) = b.get(k) {
                    out.push(char::from(h.to_ascii_uppercase()));
                }
            }
            i += 3;
        } else {
            out.push(ch);
            i += ch.len_utf8();
        }
    }
}

/// The Name and Qualifier `body` (parsed) after steps 5, 6 and 8; borrowed when they change
/// nothing.
pub(crate) fn body(body: &str) -> Cow<'_, str> {
    if Scan::of(body).unchanged() {
        return Cow::Borrowed(body);
    }
    let mut out = String::with_capacity(body.len());
    push_body(&mut out, body);
    Cow::Owned(out)
}

/// The normal form of the parsed ARK `s`, and, when `log` is given, what each step changed.
pub(crate) fn normalize<'a>(
    s: &'a str,
    sp: &Spans,
    log: Option<&mut Vec<Removal>>,
) -> Cow<'a, str> {
    let naan = &s[sp.naan.0..sp.naan.1];
    let body = &s[sp.body_start()..sp.end];
    let label = &s[sp.label..sp.naan.0];
    let naan_scan = Scan::of(naan);
    let body_scan = Scan::of(body);
    let naan_upper = naan.bytes().any(|c| c.is_ascii_uppercase());
    if let Some(log) = log {
        steps(
            s,
            sp,
            (label, naan, naan_upper),
            (&naan_scan, &body_scan),
            log,
        );
    }
    if label == "ark:" && !naan_upper && naan_scan.unchanged() && body_scan.unchanged() {
        return Cow::Borrowed(&s[sp.label..sp.end]);
    }
    let mut out = String::with_capacity(sp.end - sp.label);
    out.push_str("ark:");
    for c in naan.chars() {
        if c != '-' && !is_hyphen_like(c) {
            out.push(c.to_ascii_lowercase());
        }
    }
    out.push('/');
    push_body(&mut out, body);
    Cow::Owned(out)
}

/// Record what steps 1 to 8 change.
fn steps(
    s: &str,
    sp: &Spans,
    (label, naan, naan_upper): (&str, &str, bool),
    (naan_scan, body_scan): (&Scan, &Scan),
    log: &mut Vec<Removal>,
) {
    let query = &s[sp.end..];
    let inflection = INFLECTIONS.contains(&query).then_some(query);
    if let Some(nma) = sp.nma_start {
        log.push(Removal::new(
            1,
            format!(
                "removed the Resolver Service '{}' (its NMA '{}' is identity inert)",
                &s[..sp.label],
                &s[nma..sp.label - 1]
            ),
        ));
    }
    if !query.is_empty() {
        let what = if inflection.is_some() {
            "inflection"
        } else {
            "query string"
        };
        log.push(Removal::new(2, format!("removed the {what} '{query}'")));
    }
    if label != "ark:" {
        log.push(Removal::new(
            3,
            format!("converted the label '{label}' to 'ark:'"),
        ));
    }
    if naan_upper {
        log.push(Removal::new(4, format!("lowercased the NAAN '{naan}'")));
    }
    if body_scan.lower_hex > 0 {
        log.push(Removal::new(
            5,
            format!(
                "uppercased the hex digits of {}",
                count(body_scan.lower_hex, "%-encoded octet", "%-encoded octets")
            ),
        ));
    }
    let hyphens = naan_scan.hyphens + body_scan.hyphens;
    let likes = naan_scan.hyphen_likes + body_scan.hyphen_likes;
    if hyphens + likes > 0 {
        let mut what = Vec::new();
        if hyphens > 0 {
            what.push(count(hyphens, "hyphen", "hyphens"));
        }
        if likes > 0 {
            what.push(count(
                likes,
                "hyphen-like character (U+00AD, U+2010 to U+2015)",
                "hyphen-like characters (U+00AD, U+2010 to U+2015)",
            ));
        }
        log.push(Removal::new(6, format!("removed {}", what.join(" and "))));
    }
    if let Some(inflection) = inflection {
        log.push(Removal::new(
            7,
            format!("noted the inflection '{inflection}'"),
        ));
    }
    if body_scan.dropped > 0 {
        log.push(Removal::new(
            8,
            format!(
                "removed {} at the ends or in a row",
                count(
                    body_scan.dropped,
                    "structural character ('/' or '.')",
                    "structural characters ('/' or '.')"
                )
            ),
        ));
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(t: &str) -> String {
        let mut out = String::new();
        push_body(&mut out, t);
        out
    }

    #[test]
    fn step_8_keeps_the_first_of_a_row_and_drops_the_ends() {
        for (t, n) in [
            ("x", "x"),
            ("/x/", "x"),
            ("x//y", "x/y"),
            ("x./y", "x.y"),
            ("x/./y", "x/y"),
            ("x.", "x"),
            ("./x./.", "x"),
            ("x-/-/y", "x/y"),
            ("x\u{2010}y", "xy"),
            ("a%2fb", "a%2Fb"),
        ] {
            assert_eq!(body(t), n, "{t}");
            let scan = Scan::of(t);
            assert_eq!(scan.unchanged(), t == n, "{t}");
        }
    }

    #[test]
    fn scan_counts_what_changes() {
        let s = Scan::of("/x--y%2f.\u{2011}/z//");
        assert_eq!((s.hyphens, s.first_hyphen), (2, Some(2)));
        assert_eq!((s.hyphen_likes, s.first_hyphen_like), (1, Some((9, 3))));
        assert_eq!((s.lower_hex, s.first_lower_hex), (1, Some(5)));
        // '/' at 0 (initial), '/' at 12 (second of a row), '/' at 14 and 15 (final).
        assert_eq!((s.dropped, s.first_dropped), (4, Some(0)));
    }
}
