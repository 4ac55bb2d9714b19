//! What is this string? Deciding the kind of an identifier from its shape, before validating it.
//!
//! The decision looks at the form only, so a malformed DOI is still a DOI and gets the DOI
//! module's error rather than an IRI error. The rules, in order:
//!
//! | input starts with (ASCII case-insensitive)                               | kind          |
//! |--------------------------------------------------------------------------|---------------|
//! | `doi:`, `doi ` (a printed label), `info:doi/`, `urn:doi:`                | `doi`         |
//! | `http(s)://` + `doi.org/`, `dx.doi.org/` or `www.doi.org/`; or those hosts without scheme | `doi` |
//! | `10.` + digit, or `10/` (a shortDOI) — a bare DOI name                   | `doi`         |
//! | `urn:`                                                                   | `urn`         |
//! | `ivo:`                                                                   | `ivo`         |
//! | any other `scheme:`                                                      | `iri`         |
//! | anything else                                                            | `relative-ref`|
//!
//! A bare `10.1000/182` is also a valid relative reference; it is read as a DOI because that is
//! what people mean by it. Leading and trailing whitespace is ignored for the decision.

use crate::chars;
pub use crate::reading::Kind;

/// Decide the kind of `s` from its shape.
///
/// ```
/// use pidkit::detect::{detect, Kind};
/// assert_eq!(detect("https://doi.org/10.1000/182"), Kind::Doi);
/// assert_eq!(detect("10.1000/182"), Kind::Doi);
/// assert_eq!(detect("urn:isbn:0451450523"), Kind::Urn);
/// assert_eq!(detect("urn:doi:10.1000:182"), Kind::Doi);
/// assert_eq!(detect("ivo://ivoa.net/std/TAP"), Kind::Ivo);
/// assert_eq!(detect("https://example.org/"), Kind::Iri);
/// assert_eq!(detect("../a/b"), Kind::RelativeRef);
/// ```
pub fn detect(s: &str) -> Kind {
    let mut t = s.as_bytes();
    if t.first().is_some_and(u8::is_ascii_whitespace)
        || t.last().is_some_and(u8::is_ascii_whitespace)
    {
        t = s.trim().as_bytes();
    }
    let has = |p: &str| t.len() >= p.len() && t[..p.len()].eq_ignore_ascii_case(p.as_bytes());
    // The first byte decides which DOI forms are possible, so most inputs test one or two.
    let doi = match t.first().map(u8::to_ascii_lowercase) {
        Some(b'1') => is_bare_doi(t),
        Some(b'd') => {
            has("doi:")
                || (has("doi") && t.get(3).is_some_and(u8::is_ascii_whitespace))
                || has_doi_host(t)
        }
        Some(b'i') => has("info:doi/"),
        Some(b'u') => has("urn:doi:"),
        Some(b'h') => {
            let after = if has("https://") {
                8
            } else if has("http://") {
                7
            } else {
                return scheme_kind(t);
            };
            has_doi_host(&t[after..])
        }
        Some(b'w') => has_doi_host(t),
        _ => false,
    };
    if doi { Kind::Doi } else { scheme_kind(t) }
}

/// `doi.org/`, `dx.doi.org/` or `www.doi.org/` at the start of `t`.
fn has_doi_host(t: &[u8]) -> bool {
    ["doi.org", "dx.doi.org", "www.doi.org"].iter().any(|h| {
        t.len() > h.len() && t[..h.len()].eq_ignore_ascii_case(h.as_bytes()) && t[h.len()] == b'/'
    })
}

/// `urn`, `ivo`, another IRI, or a relative reference, by the scheme.
fn scheme_kind(t: &[u8]) -> Kind {
    match scheme(t) {
        Some(sch) if sch.eq_ignore_ascii_case(b"urn") => Kind::Urn,
        Some(sch) if sch.eq_ignore_ascii_case(b"ivo") => Kind::Ivo,
        Some(_) => Kind::Iri,
        None => Kind::RelativeRef,
    }
}

/// `10.` followed by a digit, or the shortDOI shape `10/`.
fn is_bare_doi(t: &[u8]) -> bool {
    t.starts_with(b"10/") || (t.starts_with(b"10.") && t.get(3).is_some_and(u8::is_ascii_digit))
}

/// The scheme, if `t` starts with `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`.
fn scheme(t: &[u8]) -> Option<&[u8]> {
    if !t.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = t.iter().position(|&c| !chars::is(c, chars::SCHEME))?;
    (t[end] == b':').then(|| &t[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table() {
        use Kind::*;
        for (input, kind) in [
            ("10.1000/182", Doi),
            ("10/abc", Doi),
            (
                "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
                Doi,
            ),
            ("doi:10.1000/182", Doi),
            ("DOI:10.1000/182", Doi),
            ("DOI: 10.1038/nphys1170", Doi),
            ("doi 10.1038/nphys1170", Doi),
            ("doi:", Doi),
            ("  doi:10.1/x  ", Doi),
            ("info:doi/10.1000/182", Doi),
            ("INFO:DOI/10.1000/182", Doi),
            ("urn:doi:10.1000:182", Doi),
            ("https://doi.org/10.1000/182", Doi),
            ("http://dx.doi.org/10.1000/182", Doi),
            ("https://www.doi.org/10.1000/182", Doi),
            ("HTTPS://DOI.ORG/10.1000/182", Doi),
            ("doi.org/10.1000/182", Doi),
            ("https://doi.org/api/handles/10.1000/182", Doi),
            ("urn:isbn:0451450523", Urn),
            ("URN:ISSN:0167-6423", Urn),
            ("urn:x", Urn),
            ("ivo://ivoa.net/std/TAP", Ivo),
            ("IVO://CDS.VizieR/J/A+A/672/A1", Ivo),
            ("ivo:bad", Ivo),
            ("https://doi.organic.example/10.1/x", Iri),
            ("https://example.org/10.1000/182", Iri),
            ("http://exa mple.org/", Iri),
            ("mailto:a@b", Iri),
            ("doix:10.1/x", Iri),
            ("urn-x:y", Iri),
            ("../a/b", RelativeRef),
            ("10.x/y", RelativeRef),
            ("1http://x", RelativeRef),
            ("", RelativeRef),
            ("doi", RelativeRef),
        ] {
            assert_eq!(detect(input), kind, "{input:?}");
        }
    }
}
