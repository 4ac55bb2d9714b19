//! URNs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Urn, UrnParts};
use crate::error::Error;
use crate::iri::{IriRef, Level};
use crate::scheme::{Hosts, Prefilter, Scheme, SchemeOptions, quoted};
use crate::{PidOutput, ReadOptions, Warning};

impl SchemeOptions for super::UrnSyntax {
    const PROFILES: &'static [(&'static str, &'static str)] = &[
        ("rfc8141", "URNs: RFC 8141 (the default)"),
        (
            "rfc2141",
            "URNs: RFC 2141 (NIDs of one character; no r-, q- or f-components)",
        ),
    ];

    fn apply(&mut self, name: &str) {
        if let Ok(s) = name.parse() {
            *self = s;
        }
    }

    fn names(&self) -> Vec<&'static str> {
        if *self == Self::default() {
            Vec::new()
        } else {
            vec![self.name()]
        }
    }
}

/// The URN scheme (RFC 8141, RFC 2141 by profile).
///
/// ```
/// use pidkit::scheme::{Scheme, UrnScheme};
/// assert!(UrnScheme::claims(b"URN:ISSN:0167-6423"));
/// assert!(!UrnScheme::claims(b"urn-x:y"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct UrnScheme;

impl Scheme for UrnScheme {
    type Id<'a> = Urn<&'a str>;
    type Details<'b> = UrnParts<'b>;
    type Error = super::UrnError;
    const CONVERTS_AS_IRI: bool = true;
    const WARNINGS: &'static [crate::WarningCode] = super::codes::ALL;
    const URI_SCHEME: Option<&'static str> = Some("urn");
    const NAME: &'static str = "urn";
    const TITLE: &'static str = "URN";
    const ABOUT: &'static str = "A URN (RFC 8141, or RFC 2141 with --profile rfc2141)";
    const TYPE_NAME: &'static str = "Urn";
    type Options = super::UrnSyntax;

    const PREFILTER: Prefilter = Prefilter::new(b"u", Hosts::None);

    fn claims(t: &[u8]) -> bool {
        t.len() >= 4 && t[..4].eq_ignore_ascii_case(b"urn:")
    }

    fn read<'a>(s: &'a str, opts: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Urn::parse_with(s, opts.urn)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.into_iri().into_inner()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// URN-equivalence (RFC 8141 §3.1) at every rung: `urn` and the NID lowercased, `%hh`
    /// uppercased, r/q/f-components dropped, and never a percent-decoding ("MUST NOT be
    /// applied as part of the comparison process"); at `Scheme`, the namespace rules too
    /// (ISBN, ISSN, UUID …), which only add equivalences. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, _: &PidOutput) -> Cow<'a, str> {
        let input = Self::input(id);
        let key = match level {
            Level::Simple => return Cow::Borrowed(input),
            Level::Syntax => id.generic_key(),
            Level::Scheme => id.key(),
        };
        match key {
            Cow::Borrowed(k) => Cow::Borrowed(&input[..k.len()]),
            Cow::Owned(k) => Cow::Owned(k),
        }
    }

    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        Some(id.into_iri().into())
    }

    /// `urn:` IRIs by URN-equivalence at every rung, as [`UrnScheme::normalize`] (an IRI that
    /// is not a valid URN is left to the generic rules).
    fn normal_form(iri: &str, level: Level) -> Option<String> {
        let normal =
            |urn: &Urn<&str>| Some(Self::normalize(urn, level, &PidOutput::default()).into_owned());
        if let Ok(urn) = Urn::parse(iri) {
            return normal(&urn.as_borrowed());
        }
        // An IRI whose generic syntax normal form is a URN (a non-ASCII character percent-encoded,
        // as its URI form has it, RFC 3987 §5.3.1) is read as that URN, so that the normal form
        // is its own normal form (found by fuzzing `normalize`).
        let generic = crate::scheme::generic_syntax(iri)?;
        let urn = Urn::parse(generic.as_str()).ok()?;
        normal(&urn)
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> UrnParts<'b> {
        id.parts()
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            Level::Syntax => {
                "URN-equivalence: urn, the NID and %XX case-insensitive, r/q/f-components ignored, nothing decoded (RFC 8141 §3.1)"
            }
            Level::Scheme => "URN-equivalence and the rules of the namespace (RFC 8141 §3.1)",
        }
    }

    fn listing(id: &Self::Id<'_>) -> Vec<(&'static str, String)> {
        let v = id.parts();
        vec![
            ("nid", quoted(Some(v.nid))),
            ("nss", quoted(Some(v.nss))),
            ("r-component", quoted(v.r_component)),
            ("q-component", quoted(v.q_component)),
            ("f-component", quoted(v.f_component)),
            ("namespace", v.namespace_class.to_owned()),
        ]
    }
}
