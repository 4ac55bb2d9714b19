//! The checks of ARKs that are valid but worth a second look (draft-kunze-ark "The Name Mapping Authority (NMA)" to "Character Repertoires", "Normalization and Lexical Equivalence", THUMP).

use crate::error::{Warning, describe};

use super::codes;
use super::normalize::Scan;
use super::syntax::{char_at, is_name_char};
use super::{Ark, syntax};

/// The warnings of a parsed ARK, in the order of the checks ([`codes::ALL`]).
pub(crate) fn warnings(ark: &Ark<'_>) -> Vec<Warning> {
    let s = ark.input();
    let sp = &ark.spans;
    let mut out = Vec::new();
    let mut warn = |code, offset, len, message: String| {
        out.push(Warning::new(code, offset, len, message));
    };
    let label = ark.label();
    if label.get(..4) != Some("ark:") {
        warn(
            codes::LABEL_CASE,
            sp.label,
            4,
            format!(
                "the label '{label}' is 'ark:' in the normal form (Normalization and Lexical Equivalence, step 3)"
            ),
        );
    }
    let naan = ark.naan();
    if naan.bytes().any(|c| c.is_ascii_uppercase()) {
        warn(
            codes::NAAN_CASE,
            sp.naan.0,
            naan.len(),
            format!(
                "the NAAN '{naan}' has uppercase letters: NAANs compare lowercased (Normalization and Lexical Equivalence, step 4)"
            ),
        );
    }
    let plain: String = naan
        .bytes()
        .filter(|&c| syntax::is_betanumeric(c))
        .map(|c| char::from(c.to_ascii_lowercase()))
        .collect();
    if !(plain.len() == 5 && plain.bytes().all(|c| c.is_ascii_digit())) {
        warn(
            codes::NAAN_FORM,
            sp.naan.0,
            naan.len(),
            format!(
                "the NAAN '{plain}' is not five digits, as every NAAN assigned since 2001 is (The Name Assigning Authority Number)"
            ),
        );
    }
    let shared = match plain.as_str() {
        "12345" => Some("example ARKs in documentation"),
        "99999" => Some("test, development and experimental ARKs"),
        _ => None,
    };
    if let Some(purpose) = shared {
        warn(
            codes::TRANSIENT_NAAN,
            sp.naan.0,
            naan.len(),
            format!(
                "the shared NAAN {plain} is for {purpose}: not for long-term reference (The Name Assigning Authority Number)"
            ),
        );
    }
    let body_start = sp.body_start();
    let body = s.get(body_start..sp.end).unwrap_or_default();
    let (n, b) = (Scan::of(naan), Scan::of(body));
    let hyphens = n.hyphens + b.hyphens;
    let first = |nf: Option<usize>, bf: Option<usize>| {
        nf.map(|i| sp.naan.0 + i)
            .or(bf.map(|i| body_start + i))
            .unwrap_or(body_start)
    };
    if hyphens > 0 {
        warn(
            codes::HYPHEN,
            first(n.first_hyphen, b.first_hyphen),
            1,
            format!(
                "{}: hyphens are identity inert, ignored in comparison (Character Repertoires)",
                count(hyphens, "hyphen", "hyphens")
            ),
        );
    }
    let likes = n.hyphen_likes + b.hyphen_likes;
    if likes > 0 {
        let (at, len) = n
            .first_hyphen_like
            .map(|(i, l)| (sp.naan.0 + i, l))
            .or(b.first_hyphen_like.map(|(i, l)| (body_start + i, l)))
            .unwrap_or((body_start, 0));
        warn(
            codes::HYPHEN_LIKE,
            at,
            len,
            format!(
                "{} ({}) in place of a hyphen: removed in comparison like a hyphen, but not an ARK character (Character Repertoires)",
                count(likes, "hyphen-like character", "hyphen-like characters"),
                describe(char_at(s, at))
            ),
        );
    }
    if let Some(i) = b.first_lower_hex {
        let at = body_start + i;
        let triplet = s.get(at..at + 3).unwrap_or_default();
        warn(
            codes::PERCENT_CASE,
            at,
            3,
            format!(
                "'{triplet}' has lowercase hex digits: uppercase is preferred, '{}' (Character Repertoires)",
                triplet.to_ascii_uppercase()
            ),
        );
    }
    percent_encoded(body, body_start, &mut warn);
    if let Some(i) = b.first_dropped {
        warn(
            codes::STRUCTURAL,
            body_start + i,
            1,
            format!(
                "{} at the start or end of the Name and Qualifier, or in a row: normalization removes them (The Qualifier Part; step 8)",
                count(
                    b.dropped,
                    "structural character ('/' or '.')",
                    "structural characters ('/' or '.')"
                )
            ),
        );
    }
    if let Some(shoulder) = ark.shoulder().filter(|&sh| sh == ark.name())
        && ark.qualifier().is_some_and(|q| q.starts_with('/'))
    {
        warn(
            codes::SHOULDER_SLASH,
            sp.name.1,
            1,
            format!(
                "the Name is the bare shoulder '{shoulder}' followed by '/': no delimiter belongs between shoulder and blade, and a '/' declares an object boundary (Optional: Shoulders)"
            ),
        );
    }
    let base = sp.end - sp.label;
    if base > 255 {
        warn(
            codes::LONG,
            sp.label,
            base,
            format!(
                "the ARK is {base} octets without its NMA and query: implementations need only support 255 (Character Repertoires)"
            ),
        );
    }
    let tail = s.get(sp.end..).unwrap_or_default();
    if ark.query().is_some() {
        warn(
            codes::QUERY,
            sp.end,
            tail.len(),
            format!(
                "the query '{tail}' is not an inflection: it is not part of the ARK (Normalization and Lexical Equivalence, step 2)"
            ),
        );
    }
    if matches!(tail, "?" | "??") {
        warn(
            codes::OLD_INFLECTION,
            sp.end,
            tail.len(),
            format!(
                "the older inflection '{tail}' is reserved, and resolvers need not support it: '?info' is the one they must (THUMP)"
            ),
        );
    }
    out
}

/// The `%XX` of `body` that encode a non-reserved character (never to be encoded) or one of the
/// reserved `- . /` (only to conceal its meaning) ("Normalization and Lexical Equivalence").
fn percent_encoded(
    body: &str,
    base: usize,
    warn: &mut impl FnMut(crate::WarningCode, usize, usize, String),
) {
    let b = body.as_bytes();
    for i in memchr::memchr_iter(b'%', b) {
        let Some(v) = crate::pct::decode_at(b, i) else {
            continue;
        };
        let triplet = body.get(i..i + 3).unwrap_or_default();
        let c = char::from(v);
        if is_name_char(v) {
            warn(
                codes::ENCODED_UNRESERVED,
                base + i,
                3,
                format!(
                    "'{triplet}' encodes {}, which is never to be %-encoded in an ARK (Normalization and Lexical Equivalence)",
                    describe(c)
                ),
            );
        } else if matches!(v, b'-' | b'.' | b'/') {
            warn(
                codes::ENCODED_RESERVED,
                base + i,
                3,
                format!(
                    "'{triplet}' encodes the reserved {}: %-encode it only to conceal its reserved meaning (Normalization and Lexical Equivalence)",
                    describe(c)
                ),
            );
        }
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
