//! ARKs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Ark, ArkOptions, ArkParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level};
use crate::scheme::{Hosts, Prefilter, Protocol, Route, Scheme, SchemeOptions, Service};
use crate::{PidForm, PidOutput, ReadOptions};

/// The ARK resolver asked for an ARK written without an NMA: N2T, the ARK Alliance's global
/// resolver ("Finding a Resolver Service"). An ARK written with an NMA is asked there.
pub const ARK_RESOLVER: Service = Service {
    name: "ark",
    flag: "ark-resolver",
    env: "PIDKIT_ARK_RESOLVER",
    default: "https://n2t.net",
    protocol: Protocol::Redirect,
    item: "ARK",
    about: "Resolver for ARKs written without an NMA (requests go to URL/ark:NAAN/…); an ARK at an NMA is asked there unless this is given",
    records: false,
};

impl SchemeOptions for ArkOptions {
    const PROFILES: &'static [(&'static str, &'static str)] = &[(
        "ark-check-char",
        "ARKs: require the NOID check character (the NCDA of the NOID minter) at the end of the Name",
    )];

    fn apply(&mut self, name: &str) {
        if name == "ark-check-char" {
            self.check_char = true;
        }
    }

    fn names(&self) -> Vec<&'static str> {
        if self.check_char {
            vec!["ark-check-char"]
        } else {
            Vec::new()
        }
    }
}

/// The ARK scheme (draft-kunze-ark): Compact ARKs (`ark:NAAN/Name`, the old `ark:/NAAN/Name`)
/// and Mapping ARKs at an NMA (`https://n2t.net/ark:/NAAN/Name`), compared by "Normalization
/// and Lexical Equivalence" at every rung above `Simple`.
///
/// ```
/// use pidkit::ark::ArkScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(ArkScheme::claims(b"https://n2t.net/ark:/12345/x6np1wh8k"));
/// let a = ArkScheme::read("https://n2t.net/ark:/12345/x6-np1wh8k/page.v2/", &Default::default())?;
/// assert_eq!(ArkScheme::key(&a, Level::Scheme), "ark:12345/x6np1wh8k/page.v2");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ArkScheme;

impl Scheme for ArkScheme {
    type Id<'a> = Ark<'a>;
    type Details<'b> = ArkParts<'b>;
    type Error = super::ArkError;
    type Options = ArkOptions;
    const CONVERTS_AS_IRI: bool = true;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const URI_SCHEME: Option<&'static str> = Some("ark");
    const NAME: &'static str = "ark";
    const TITLE: &'static str = "ARK";
    const ABOUT: &'static str =
        "An ARK (draft-kunze-ark): ark:NAAN/Name, ark:/NAAN/Name, or at an NMA (https://n2t.net/ark:…)";
    const TYPE_NAME: &'static str = "Ark";
    const SERVICE: Option<&'static Service> = Some(&ARK_RESOLVER);

    const PREFILTER: Prefilter = Prefilter::new(b"a", Hosts::Any);

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, opts: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Ark::parse_with(s, opts.ark)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The normal form of "Normalization and Lexical Equivalence" at `Syntax` and `Scheme`
    /// (case-sensitive after it); `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// The normal form (`ark:NAAN/Name…`); with `--pid-form url` at N2T, with `name` without
    /// the label. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        let normal = id.key();
        match out.form {
            PidForm::Url => Cow::Owned(format!("{}{normal}", super::N2T)),
            PidForm::Name => match normal {
                Cow::Borrowed(n) => Cow::Borrowed(n.get(4..).unwrap_or(n)),
                Cow::Owned(n) => Cow::Owned(n.get(4..).unwrap_or(&n).to_owned()),
            },
            _ => normal,
        }
    }

    /// What the normal form leaves out, step by step (the NMA, the inflection, hyphens …): one
    /// warning naming every step that changed something.
    fn removed(id: &Self::Id<'_>, level: Level) -> Vec<Warning> {
        if level == Level::Simple {
            return Vec::new();
        }
        let steps: Vec<String> = id
            .normalize()
            .removed
            .iter()
            .map(ToString::to_string)
            .collect();
        if steps.is_empty() {
            return Vec::new();
        }
        vec![Warning::new(
            codes::NORMALIZED,
            0,
            0,
            format!(
                "the normal form leaves out (draft-kunze-ark, Normalization and Lexical Equivalence): {}",
                steps.join("; ")
            ),
        )]
    }

    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        IriRef::parse(id.input()).ok()
    }

    /// `ark:` IRIs by lexical equivalence at every rung above `Simple`, as [`ArkScheme::key`]
    /// (an IRI that is not a valid ARK is left to the generic rules).
    fn normal_form(iri: &str, level: Level) -> Option<String> {
        if level == Level::Simple {
            return None;
        }
        Ark::parse(iri).ok().map(|a| a.key().into_owned())
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "ARK lexical equivalence: NMA, inflection and hyphens ignored, label and NAAN case-insensitive, %XX in upper case; case-sensitive otherwise (draft-kunze-ark, Normalization and Lexical Equivalence)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> ArkParts<'b> {
        id.parts()
    }

    /// `NAAN/Name…` of the normal form.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(match id.key() {
            Cow::Borrowed(n) => Cow::Borrowed(n.get(4..).unwrap_or(n)),
            Cow::Owned(n) => Cow::Owned(n.get(4..).unwrap_or(&n).to_owned()),
        })
    }

    /// At the ARK's own NMA when it names one, else at the ARK resolver (N2T): `ark:NAAN/…`
    /// as written, with its inflection (`?info` asks for metadata).
    fn route(id: &Self::Id<'_>) -> Option<Route> {
        let mut path = id.to_ark_uri().into_owned();
        if id.query().is_some() && id.inflection().is_none() {
            // A query that is no inflection is not part of the ARK: not sent.
            if let Some(q) = path.find('?') {
                path.truncate(q);
            }
        }
        let route = Route::new(&ARK_RESOLVER, path);
        Some(match id.resolver_service() {
            Some(at) => route.at(at.trim_end_matches('/')),
            None => route,
        })
    }
}
