//! The normal forms of a SWHID: the core and the qualifiers in the canonical order at `Syntax`;
//! at `Scheme` also without the qualifiers the specification ignores, with ranges as numbers
//! and the origin and path in their syntax-normal forms (SWHID specification §6.4 Comparing
//! qualified SWHIDs, §6.5 Recommendations; RFC 3986 §6.2.2).

use std::borrow::Cow;

use crate::iri::{IriRef, Level};

use super::syntax::{Qual, Spans, range_parts, same_number, strip_zeros};
use super::{ObjectType, Qualifier};

/// Why the specification says to ignore the qualifier `q` of the SWHID `sp`, if it does.
pub(crate) fn ignored(sp: &Spans, q: &Qual) -> Option<String> {
    match q.kind {
        Qualifier::Lines | Qualifier::Bytes if sp.core.ty != ObjectType::Content => Some(format!(
            "'{}' on a {}: fragment qualifiers are only valid for contents (SWHID §6.2.1)",
            q.kind.name(),
            sp.core.ty.name()
        )),
        Qualifier::Lines if sp.qual(Qualifier::Bytes).is_some() => Some(
            "'lines' with 'bytes': a SWHID has one fragment qualifier, and 'lines' is ignored when 'bytes' is present (SWHID §6.2.1)".into(),
        ),
        Qualifier::Visit if sp.qual(Qualifier::Origin).is_none() => Some(
            "'visit' without 'origin': the visit qualifier is only valid with an origin (SWHID §6.3.3)".into(),
        ),
        Qualifier::Anchor if sp.qual(Qualifier::Path).is_none() => Some(
            "'anchor' without 'path': the anchor qualifier is only valid with a path (SWHID §6.3.5)".into(),
        ),
        _ => None,
    }
}

/// The value of `q` in the normal form at `level` (`Syntax` or `Scheme`); borrowed when it is
/// as written.
pub(crate) fn value<'a>(input: &'a str, q: &Qual, level: Level) -> Cow<'a, str> {
    let v = &input[q.value.0..q.value.1];
    if let Some(c) = q.core {
        return if c.scheme_case {
            Cow::Owned(format!("swh{}", &v[3..]))
        } else {
            Cow::Borrowed(v)
        };
    }
    if level != Level::Scheme {
        return Cow::Borrowed(v);
    }
    match q.kind {
        Qualifier::Origin => match IriRef::parse(v) {
            Ok(r) => crate::scheme::borrowed_from(v, r.normalize_with(Level::Syntax, &())),
            Err(_) => Cow::Borrowed(v),
        },
        Qualifier::Path => percent_normal(v),
        Qualifier::Lines | Qualifier::Bytes => range_normal(v),
        Qualifier::Visit | Qualifier::Anchor => Cow::Borrowed(v),
    }
}

/// `%XX` with upper-case hex digits, and the unreserved characters it encodes decoded (RFC 3986
/// §6.2.2.1, §6.2.2.2).
pub(crate) fn percent_normal(v: &str) -> Cow<'_, str> {
    let b = v.as_bytes();
    let changes = |i: usize| {
        crate::pct::decode_at(b, i).is_some_and(|d| {
            crate::chars::is_unreserved(d)
                || b[i + 1].is_ascii_lowercase()
                || b[i + 2].is_ascii_lowercase()
        })
    };
    if !(0..b.len()).any(changes) {
        return Cow::Borrowed(v);
    }
    let mut out = String::with_capacity(v.len());
    let mut i = 0;
    while i < b.len() {
        match crate::pct::decode_at(b, i) {
            Some(d) if crate::chars::is_unreserved(d) => {
                out.push(char::from(d));
                i += 3;
            }
            Some(_) => {
                out.push('%');
                out.push(char::from(b[i + 1].to_ascii_uppercase()));
                out.push(char::from(b[i + 2].to_ascii_uppercase()));
                i += 3;
            }
            None => {
                let c = v[i..].chars().next().unwrap_or('\u{FFFD}');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    Cow::Owned(out)
}

/// A range as the numbers it designates: without leading zeros, and `N-N` as `N`.
pub(crate) fn range_normal(v: &str) -> Cow<'_, str> {
    let (a, b) = range_parts(v);
    let a2 = strip_zeros(a);
    match b {
        None if a2.len() == a.len() => Cow::Borrowed(v),
        None => Cow::Owned(a2.to_owned()),
        Some(b) if same_number(a, b) => Cow::Owned(a2.to_owned()),
        Some(b) => {
            let b2 = strip_zeros(b);
            if a2.len() == a.len() && b2.len() == b.len() {
                Cow::Borrowed(v)
            } else {
                Cow::Owned(format!("{a2}-{b2}"))
            }
        }
    }
}

/// The normal form at `level` (`Syntax` or `Scheme`): `swh`, the core and the qualifiers in
/// the canonical order (at `Scheme` without the ignored ones, their values normalized).
/// Borrowed from the input when it is written so.
pub(crate) fn key<'a>(input: &'a str, sp: &Spans, level: Level) -> Cow<'a, str> {
    let mut kept: [Option<(Qualifier, Cow<'a, str>)>; 6] = Default::default();
    let mut unchanged = !sp.core.scheme_case;
    let mut last = 0;
    let mut n = 0;
    for q in sp.quals() {
        let order = q.kind.order();
        unchanged &= order >= last;
        last = order;
        if level == Level::Scheme && ignored(sp, q).is_some() {
            unchanged = false;
            continue;
        }
        let v = value(input, q, level);
        unchanged &= matches!(v, Cow::Borrowed(_));
        kept[order] = Some((q.kind, v));
        n += 1;
    }
    if unchanged {
        return Cow::Borrowed(&input[sp.start..sp.end]);
    }
    let mut out = String::with_capacity(sp.end - sp.start + 8 * n);
    out.push_str("swh");
    out.push_str(&input[sp.core.start + 3..sp.core.end()]);
    for (kind, v) in kept.iter().flatten() {
        out.push(';');
        out.push_str(kind.name());
        out.push('=');
        out.push_str(v);
    }
    Cow::Owned(out)
}

/// What the normal form at `level` changes, step by step, for people (`normalize`'s note).
pub(crate) fn changes(input: &str, sp: &Spans, level: Level) -> Vec<String> {
    let mut out = Vec::new();
    if sp.start > 0 || sp.end < input.len() {
        out.push(format!(
            "the resolver URL '{}' around the SWHID",
            &input[..sp.start]
        ));
    }
    let upper = sp.core.scheme_case || sp.quals().any(|q| q.core.is_some_and(|c| c.scheme_case));
    if upper {
        out.push("'swh' written in lower case".into());
    }
    let orders: Vec<usize> = sp.quals().map(|q| q.kind.order()).collect();
    if orders.windows(2).any(|w| w[0] > w[1]) {
        out.push(
            "the qualifiers put in the canonical order origin, visit, anchor, path, lines or bytes (SWHID §6.5)"
                .into(),
        );
    }
    if level != Level::Scheme {
        return out;
    }
    for q in sp.quals() {
        if let Some(why) = ignored(sp, q) {
            out.push(format!("the qualifier {why}"));
            continue;
        }
        if q.core.is_some() {
            continue;
        }
        let v = value(input, q, level);
        if let Cow::Owned(v) = v {
            let written = &input[q.value.0..q.value.1];
            let why = match q.kind {
                Qualifier::Lines | Qualifier::Bytes => "as the numbers it designates",
                _ => "in its syntax-normal form (RFC 3986 §6.2.2)",
            };
            out.push(format!(
                "{}={written} written {}={v}, {why}",
                q.kind.name(),
                q.kind.name()
            ));
        }
    }
    out
}
