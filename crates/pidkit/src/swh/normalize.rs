//! The normal forms of a SWHID: at `Syntax` the core and the qualifiers in the canonical order,
//! the origin in its syntax-normal form and the path's percent-encoding normalized; at `Scheme`
//! also without the qualifiers the specification ignores, with ranges as numbers and the origin
//! in its scheme-normal form (SWHID specification §6.4 Comparing qualified SWHIDs, §6.5
//! Recommendations; RFC 3986 §6.2.2, §6.2.3).

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
    match q.kind {
        Qualifier::Origin => match IriRef::parse(v) {
            Ok(r) => crate::scheme::borrowed_from(v, r.normalize_with(level, &())),
            Err(_) => Cow::Borrowed(v),
        },
        Qualifier::Path => percent_normal(v),
        Qualifier::Lines | Qualifier::Bytes if level == Level::Scheme => range_normal(v),
        _ => Cow::Borrowed(v),
    }
}

/// The percent-encoding of `v` normalized as the generic syntax normal form does it in a path
/// or fragment (RFC 3986 §6.2.2.1, §6.2.2.2; draft-duerst-iri-bis-07 §5.3.2): `%XX` in upper
/// case, unreserved characters and the UTF-8 of characters an IRI holds decoded; no dot
/// segments removed (a SWHID's qualifiers are not path segments of its URI). Borrowed when
/// nothing changes, or when `v` cannot stand as a fragment.
pub(crate) fn percent_normal(v: &str) -> Cow<'_, str> {
    if !v.bytes().any(|c| c == b'%' || c >= 0x80) {
        return Cow::Borrowed(v);
    }
    let fragment = format!("#{v}");
    let Ok(r) = IriRef::parse(fragment.as_str()) else {
        return Cow::Borrowed(v);
    };
    let n = r.normalize_with(Level::Syntax, &());
    match n.as_str().get(1..) {
        Some(t) if t != v => Cow::Owned(t.to_owned()),
        _ => Cow::Borrowed(v),
    }
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
    for q in sp.quals() {
        if level == Level::Scheme
            && let Some(why) = ignored(sp, q)
        {
            out.push(format!("the qualifier {why}"));
            continue;
        }
        if q.core.is_some() {
            continue;
        }
        let v = value(input, q, level);
        if let Cow::Owned(v) = v {
            let written = &input[q.value.0..q.value.1];
            let why = match (q.kind, level) {
                (Qualifier::Lines | Qualifier::Bytes, _) => "as the numbers it designates",
                (Qualifier::Origin, Level::Scheme) => {
                    "in its scheme-normal form (RFC 3986 §6.2.2, §6.2.3)"
                }
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
