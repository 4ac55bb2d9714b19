//! One input → its kind, its parse by that kind's rules, and its warnings. Shared by every line
//! command; the decisions themselves are the library's (`pidkit::detect`, the scheme modules).

use pidkit::detect::{Kind, detect};
use pidkit::doi::{self, DoiProfile, Recognized};
use pidkit::ivo::Ivoid;
use pidkit::urn::{Urn, UrnSyntax};
use pidkit::{IriRef, Lenient, ParseError, Profile, Rule, Warning};

use crate::As;

/// The rule sets chosen by `--as` and `--profile`.
#[derive(Clone, Copy)]
pub struct Options {
    pub as_: As,
    pub iri: Profile,
    pub urn: UrnSyntax,
    pub doi: DoiProfile,
}

impl Options {
    /// `--profile` names a rule set of one family (IRIs, URNs or DOIs); the other families keep
    /// their defaults, so `--as auto --profile rfc2141` reads URNs by RFC 2141 and IRIs as usual.
    pub fn new(as_: As, profile: Option<&str>) -> Result<Self, String> {
        let mut o = Options {
            as_,
            iri: Profile::default(),
            urn: UrnSyntax::default(),
            doi: DoiProfile::Current,
        };
        if matches!(as_, As::Uri | As::UriRef) {
            o.iri = Profile::Rfc3986Uri;
        }
        match profile {
            None => {}
            Some("legacy") => o.doi = DoiProfile::Legacy,
            Some(p @ ("rfc8141" | "rfc2141")) => o.urn = p.parse()?,
            Some(p) if matches!(as_, As::Uri | As::UriRef) && p != "rfc3986" => {
                return Err(format!("--profile {p} does not apply to URIs (only rfc3986)"));
            }
            Some(p) => {
                o.iri = p.parse().map_err(|_| {
                    format!("unknown profile '{p}' (expected bis, rfc3987, rfc3986, rfc8141, rfc2141 or legacy)")
                })?
            }
        }
        Ok(o)
    }
}

/// An input parsed by the rules of its kind.
pub enum Parsed<'a> {
    Iri(IriRef<&'a str>),
    Doi(Recognized<'a>),
    Urn(Urn<&'a str>),
    Ivo(Ivoid<&'a str>),
}

impl<'a> Parsed<'a> {
    /// The generic IRI view, where the identifier is an IRI (DOIs in their written forms are not).
    pub fn iri(&self) -> Option<IriRef<&'a str>> {
        match self {
            Parsed::Iri(r) => Some(*r),
            Parsed::Urn(u) => Some((*u).into_iri().into()),
            Parsed::Ivo(i) => Some((*i).into_iri().into()),
            Parsed::Doi(_) => None,
        }
    }
}

/// What we know about one input.
pub struct Analysis<'a> {
    pub kind: &'static str,
    pub parsed: Result<Parsed<'a>, ParseError>,
    pub warnings: Vec<Warning>,
}

impl Options {
    /// The preprocessing of `--as leiri` / `--as web` (draft-duerst-iri-bis-07 §7.1, §7.2).
    pub fn lenient(&self) -> Option<Lenient> {
        match self.as_ {
            As::Leiri => Some(Lenient::Leiri),
            As::Web => Some(Lenient::WebAddress),
            _ => None,
        }
    }
}

/// Read `input` as `opts` say: by its detected kind under `--as auto`, else as told. With
/// `warnings`, the checks of the kind are run too (IRIs: `pidkit::check`).
///
/// Under `--as leiri|web` the caller passes the preprocessed text ([`Options::lenient`]).
pub fn analyze<'a>(input: &'a str, opts: &Options, warnings: bool) -> Analysis<'a> {
    let mut a = analyze_kind(input, opts);
    if !warnings {
        a.warnings.clear();
    } else if let Ok(Parsed::Iri(r)) = &a.parsed {
        a.warnings = pidkit::check(r);
    }
    a
}

fn analyze_kind<'a>(input: &'a str, opts: &Options) -> Analysis<'a> {
    let kind = match opts.as_ {
        As::Auto => detect(input),
        As::Doi => Kind::Doi,
        As::Urn => Kind::Urn,
        As::Ivo => Kind::Ivo,
        As::Iri | As::IriRef | As::Uri | As::UriRef | As::Leiri | As::Web => Kind::Iri,
    };
    let mut warnings = Vec::new();
    let (kind, parsed) = match kind {
        Kind::Doi => {
            let r = doi::recognize_with(input, opts.doi);
            if let Ok(r) = &r {
                warnings = r.warnings(input);
            }
            ("doi", r.map(Parsed::Doi))
        }
        Kind::Urn => {
            let r = Urn::parse_with(input, opts.urn);
            if let Ok(u) = &r {
                warnings = u.warnings();
            }
            ("urn", r.map(Parsed::Urn))
        }
        Kind::Ivo => {
            let r = Ivoid::parse(input);
            if let Ok(i) = &r {
                warnings = i.warnings();
            }
            ("ivo", r.map(Parsed::Ivo))
        }
        Kind::Iri | Kind::RelativeRef => {
            let rule = match opts.as_ {
                As::Iri | As::Uri => Rule::Iri,
                _ => Rule::IriReference,
            };
            let r = IriRef::parse_rule(input, rule, opts.iri);
            let kind = match (&r, opts.as_) {
                (Ok(r), _) if !r.is_absolute() => "relative-ref",
                (_, As::Uri | As::UriRef) => "uri",
                _ => "iri",
            };
            (kind, r.map(Parsed::Iri))
        }
    };
    Analysis {
        kind,
        parsed,
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(input: &str, as_: As) -> (&'static str, bool) {
        let a = analyze(input, &Options::new(as_, None).unwrap(), true);
        (a.kind, a.parsed.is_ok())
    }

    #[test]
    fn auto_reads_each_kind_by_its_own_rules() {
        assert_eq!(kind("doi:10.1000/182", As::Auto), ("doi", true));
        assert_eq!(kind("doi:10.1000", As::Auto), ("doi", false));
        assert_eq!(kind("urn:isbn:0451450523", As::Auto), ("urn", true));
        assert_eq!(kind("urn:x:y", As::Auto), ("urn", false)); // NID too short for RFC 8141
        assert_eq!(kind("ivo://ivoa.net/std/TAP", As::Auto), ("ivo", true));
        assert_eq!(kind("ivo://a/b", As::Auto), ("ivo", false));
        assert_eq!(kind("http://a/", As::Auto), ("iri", true));
        assert_eq!(kind("a/b", As::Auto), ("relative-ref", true));
        // Forced kinds.
        assert_eq!(kind("urn:x:y", As::IriRef), ("iri", true));
        assert_eq!(kind("10.1000/182", As::IriRef), ("relative-ref", true));
        assert_eq!(kind("10.1000/182", As::Urn), ("urn", false));
    }

    #[test]
    fn profiles_go_to_their_family() {
        let o = Options::new(As::Auto, Some("rfc2141")).unwrap();
        assert!(analyze("urn:x:y", &o, true).parsed.is_ok());
        assert!(Options::new(As::Uri, Some("rfc3987")).is_err());
        assert!(Options::new(As::Auto, Some("nope")).is_err());
        let o = Options::new(As::Auto, Some("legacy")).unwrap();
        assert!(analyze("doi:10.1000/182#frag", &o, true).parsed.is_ok());
    }
}
