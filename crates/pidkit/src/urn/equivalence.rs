//! URN-equivalence (RFC 8141 §3.1) and lexical equivalence (RFC 2141 §5): case-normalize
//! `urn`, the NID and `%hh`, never decode; then the namespace's own rules.

use std::borrow::Cow;

use super::namespaces;

/// `%hh` triplets with uppercase hex digits; borrowed when there is nothing to change.
pub(crate) fn upper_hex(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let lower_at = |i: usize| {
        crate::pct::decode_at(b, i).is_some()
            && (b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase())
    };
    let Some(first) = (0..b.len()).find(|&i| lower_at(i)) else {
        return Cow::Borrowed(s);
    };
    let mut out = s.as_bytes().to_vec();
    let mut i = first;
    while i < out.len() {
        if crate::pct::decode_at(&out, i).is_some() {
            out[i + 1].make_ascii_uppercase();
            out[i + 2].make_ascii_uppercase();
            i += 3;
        } else {
            i += 1;
        }
    }
    // Only ASCII hex letters changed case, so the bytes are still UTF-8.
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

/// The comparison key of the assigned name `urn:<nid>:<nss>` (components already cut off):
/// equal keys ⇔ equivalent URNs, by the generic procedure of RFC 8141 §3.1 and, with
/// `namespace_rules`, the namespace's own rules too. Borrows `assigned` when it is already in
/// key form.
pub(crate) fn key<'a>(
    assigned: &'a str,
    nid: &str,
    nss: &'a str,
    namespace_rules: bool,
) -> Cow<'a, str> {
    let generic = upper_hex(nss);
    let rule = namespace_rules
        .then(|| namespaces::rule(nid, &generic))
        .flatten();
    let nss: Cow<'a, str> = match rule {
        Some(changed) => Cow::Owned(changed),
        None => generic,
    };
    let lower = |s: &str| !s.bytes().any(|b| b.is_ascii_uppercase());
    if matches!(nss, Cow::Borrowed(_)) && assigned.starts_with("urn:") && lower(nid) {
        return Cow::Borrowed(assigned);
    }
    let mut out = String::with_capacity(5 + nid.len() + nss.len());
    out.push_str("urn:");
    out.extend(nid.chars().map(|c| c.to_ascii_lowercase()));
    out.push(':');
    out.push_str(&nss);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upper_hex_borrows_when_nothing_changes() {
        assert!(matches!(upper_hex("a%2Cb"), Cow::Borrowed(_)));
        assert_eq!(upper_hex("a%2cb%e2%82%ac%"), "a%2Cb%E2%82%AC%");
        assert_eq!(upper_hex("%zz%ab"), "%zz%AB");
    }
}
