//! The checks of SWHIDs that are valid but worth a second look (SWHID specification §4, §6;
//! Software Heritage docs, "Resolution").

use crate::error::Warning;

use super::normalize::ignored;
use super::syntax::{Form, range_parts};
use super::{Qualifier, Swhid, codes};

/// The warnings of a parsed SWHID, in the order of the checks ([`codes::ALL`]).
pub(crate) fn warnings(id: &Swhid<'_>) -> Vec<Warning> {
    let s = id.input;
    let sp = &id.spans;
    let mut out = Vec::new();
    let mut warn = |code, offset, len, message: String| {
        out.push(Warning::new(code, offset, len, message));
    };
    if sp.form != Form::Swhid {
        let what = match sp.form {
            Form::Archive => "the archive's resolver URL",
            Form::Browse => "the archive's legacy browse URL",
            Form::Api => "the archive's API resolve URL",
            Form::IdentifiersOrg => "an Identifiers.org URL",
            _ => "a Name-to-Thing (N2T) URL",
        };
        warn(
            codes::URL,
            0,
            sp.start,
            format!(
                "the SWHID is written in {what}: the URL is a way to resolve it, not part of it (SWHIDs are identifiers, not URLs: Software Heritage docs, Resolution)"
            ),
        );
    }
    let cores = std::iter::once(&sp.core).chain(sp.quals().filter_map(|q| q.core.as_ref()));
    for c in cores.filter(|c| c.scheme_case) {
        warn(
            codes::SCHEME_CASE,
            c.start,
            3,
            format!(
                "'{}' is written 'swh' (SWHID §4 Syntax); as a URI scheme it compares case-insensitively (RFC 3986 §3.1)",
                &s[c.start..c.start + 3]
            ),
        );
    }
    let mut latest: Option<Qualifier> = None;
    for q in sp.quals() {
        match latest {
            Some(l) if q.kind < l => {
                warn(
                    codes::QUALIFIER_ORDER,
                    q.name,
                    q.value.1 - q.name,
                    format!(
                        "'{}' comes after '{}': the canonical order is origin, visit, anchor, path, lines or bytes (SWHID §6.5 Recommendations)",
                        q.kind.name(),
                        l.name()
                    ),
                );
                break;
            }
            _ => latest = Some(q.kind),
        }
    }
    for q in sp.quals() {
        if let Some(why) = ignored(sp, q) {
            warn(
                codes::IGNORED_QUALIFIER,
                q.name,
                q.value.1 - q.name,
                format!("{why}: it is ignored, and left out of the normal form"),
            );
        }
    }
    for q in sp.quals() {
        if !matches!(q.kind, Qualifier::Lines | Qualifier::Bytes) {
            continue;
        }
        let v = &s[q.value.0..q.value.1];
        let (a, b) = range_parts(v);
        let zeros = |n: &str| n.len() > 1 && n.starts_with('0');
        if zeros(a) || b.is_some_and(zeros) {
            warn(
                codes::LEADING_ZERO,
                q.value.0,
                v.len(),
                format!(
                    "'{v}' has leading zeros: a {} number is compared as the number it is (SWHID §4 Syntax, number; §6.4)",
                    if q.kind == Qualifier::Lines { "line" } else { "byte" }
                ),
            );
        }
    }
    out
}
