//! The one-identifier-in, one-string-out operations: `normalize`, `to-uri`, `to-iri`. Each kind
//! goes through its own module; this only routes.

use std::borrow::Cow;

use pidkit::{IriRef, Level, ParseError, ToIri, ToUri};

use crate::analyze::Parsed;

/// What to turn an identifier into.
pub enum Transform {
    /// Its normal form at a rung of the comparison ladder (§5.3).
    Normalize(Level),
    /// Its URI (§3.3–3.6); DOIs give their `doi:` URI.
    ToUri(ToUri),
    /// Its IRI (§3.7).
    ToIri(ToIri),
}

impl Transform {
    /// The JSON field the result goes in.
    pub fn field(&self) -> &'static str {
        match self {
            Transform::Normalize(_) => "normalized",
            Transform::ToUri(_) => "uri",
            Transform::ToIri(_) => "iri",
        }
    }

    /// Apply to a parsed identifier (`input` is its text as given).
    ///
    /// DOIs are not IRIs in most of their written forms, so they go through their `doi:` URI:
    /// `normalize` gives it at `syntax` (the name as written) and, at `scheme`, for the name
    /// upper-cased in ASCII (DOI names compare case-insensitively in ASCII only); `simple`
    /// keeps the input.
    pub fn apply<'a>(&self, input: &'a str, p: &Parsed<'a>) -> Result<Cow<'a, str>, ParseError> {
        if let Parsed::Doi(r) = p {
            let uri = match self {
                Transform::Normalize(Level::Simple) => return Ok(Cow::Borrowed(input)),
                Transform::Normalize(Level::Scheme) => {
                    let upper = r.doi.key().to_string();
                    pidkit::doi::Doi::parse(&upper)?.to_uri()
                }
                _ => r.doi.to_uri(),
            };
            return match self {
                Transform::ToIri(t) => {
                    let parsed = IriRef::parse(uri.as_str())?;
                    Ok(Cow::Owned(t.convert(&parsed).as_str().to_owned()))
                }
                _ => Ok(Cow::Owned(uri)),
            };
        }
        let Some(iri) = p.iri() else {
            return Ok(Cow::Borrowed(input));
        };
        let out = match self {
            Transform::Normalize(level) => into_str(input, iri.normalize(*level)),
            Transform::ToUri(t) => into_str(input, t.convert(&iri)?),
            Transform::ToIri(t) => into_str(input, t.convert(&iri)),
        };
        Ok(out)
    }
}

/// The result with the input's lifetime: the library borrows from the `IriRef` view, and a
/// borrowed result is the whole input unchanged, so it is the input itself.
fn into_str<'a>(input: &'a str, r: IriRef<Cow<'_, str>>) -> Cow<'a, str> {
    match r.into_inner() {
        Cow::Borrowed(b) if b.len() == input.len() => Cow::Borrowed(input),
        c => Cow::Owned(c.into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::As;
    use crate::analyze::{Options, analyze};

    fn run(t: Transform, input: &str) -> String {
        let a = analyze(input, &Options::new(As::Auto, None).unwrap(), false);
        t.apply(input, &a.parsed.unwrap()).unwrap().into_owned()
    }

    #[test]
    fn every_kind_goes_through_its_module() {
        assert_eq!(
            run(
                Transform::ToUri(ToUri::new()),
                "http://r\u{e9}sum\u{e9}.example.org/p\u{e9}"
            ),
            "http://xn--rsum-bpad.example.org/p%C3%A9"
        );
        assert_eq!(
            run(
                Transform::ToIri(ToIri::new()),
                "http://www.example.org/D%C3%BCrst"
            ),
            "http://www.example.org/D\u{fc}rst"
        );
        assert_eq!(
            run(
                Transform::ToUri(ToUri::new()),
                "https://doi.org/10.1000/182"
            ),
            "doi:10.1000/182"
        );
        assert_eq!(
            run(
                Transform::Normalize(Level::Syntax),
                "HTTP://www.EXAMPLE.com/a/./b"
            ),
            "http://www.example.com/a/b"
        );
        assert_eq!(
            run(Transform::Normalize(Level::Scheme), "http://example.com:80"),
            "http://example.com/"
        );
        assert_eq!(
            run(Transform::Normalize(Level::Scheme), "DOI: 10.1000/abc"),
            "doi:10.1000/ABC"
        );
        assert_eq!(
            run(Transform::Normalize(Level::Syntax), "DOI: 10.1000/abc"),
            "doi:10.1000/abc"
        );
        assert_eq!(
            run(Transform::Normalize(Level::Simple), "DOI: 10.1000/abc"),
            "DOI: 10.1000/abc"
        );
        assert_eq!(
            run(
                Transform::Normalize(Level::Scheme),
                "URN:ISBN:0-451-45052-3"
            ),
            run(
                Transform::Normalize(Level::Scheme),
                "urn:isbn:9780451450524"
            )
        );
    }
}
