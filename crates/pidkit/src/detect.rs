//! What is this string? Deciding the kind of an identifier from its shape, before validating it.
//!
//! The decision looks at the form only, so a malformed DOI is still a DOI and gets the DOI
//! module's error rather than an IRI error. Each scheme says which inputs it claims
//! ([`crate::scheme::Scheme::claims`], in its own folder, documented there); they are asked in
//! the order of the list of schemes (`with_schemes!` in `lib.rs`: the URI schemes and resolver
//! URLs first — `doi:`, `hdl:`, `urn:`, `ivo:`, `ark:`, `swh:`, doi.org, n2t.net, orcid.org …
//! — then labelled and shaped values — `arXiv:…`, `PMC…`, `ORCID:`, sixteen digits in groups,
//! `ISBN …` — and bare numbers last: ISBN, ISSN, PMID, EAN). Then any other `scheme:` is an
//! IRI and the rest a relative reference, which [`crate::read`] under auto-detection reports
//! as `not-an-identifier`. Where several schemes claim an input, [`crate::read`] gives it to
//! the first that reads it, and [`crate::reading::candidates`] lists the others.
//!
//! A bare `10.1000/182` is also a valid relative reference; it is read as a DOI because that is
//! what people mean by it. A bare handle (`20.500.12345/abc`) is not detected: nothing in its
//! shape tells it from a relative reference, so it is one unless read as a handle
//! (`ReadAs::Hdl`). Leading and trailing whitespace is ignored for the decision.

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
    let t = trimmed(s);
    if let Some(kind) = crate::scheme::claimant(t) {
        return kind;
    }
    match scheme(t) {
        Some(_) => Kind::Iri,
        None => Kind::RelativeRef,
    }
}

/// The text detection looks at: `s` without its whitespace at the edges (`str::trim`), tested
/// first with two byte compares, as most values have none.
pub(crate) fn trimmed(s: &str) -> &[u8] {
    let b = s.as_bytes();
    match b.first().is_some_and(u8::is_ascii_whitespace)
        || b.last().is_some_and(u8::is_ascii_whitespace)
    {
        true => s.trim().as_bytes(),
        false => b,
    }
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
