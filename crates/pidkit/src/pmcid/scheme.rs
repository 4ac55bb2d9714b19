//! PMCIDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Pmcid, PmcidParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The PMCID scheme: PubMed Central identifiers, bare (`PMC243493`), labelled `PMCID:` or at
/// PMC's article pages, compared by number.
///
/// ```
/// use pidkit::pmcid::PmcidScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(PmcidScheme::claims(b"PMC243493"));
/// let p = PmcidScheme::read("https://pmc.ncbi.nlm.nih.gov/articles/PMC243493/", &Default::default())?;
/// assert_eq!(PmcidScheme::key(&p, Level::Scheme), "PMC243493");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PmcidScheme;

impl Scheme for PmcidScheme {
    type Id<'a> = Pmcid<'a>;
    type Details<'b> = PmcidParts<'b>;
    type Error = super::PmcidError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "pmcid";
    const TITLE: &'static str = "PMCID";
    const ABOUT: &'static str = "A PubMed Central identifier: PMC243493, PMCID: PMC243493, or at https://pmc.ncbi.nlm.nih.gov/articles/…/";
    const TYPE_NAME: &'static str = "Pmcid";

    const PREFILTER: Prefilter = Prefilter::new(b"p", Hosts::Exact(&["pmc.ncbi.nlm.nih.gov", "www.ncbi.nlm.nih.gov"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Pmcid::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// `PMCn` at `Syntax` and `Scheme` ([`Pmcid::key`]); `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// The normal form `PMCn` (also for `--pid-form name` and `uri`: a PMCID has no URI of its
    /// own); with `--pid-form url` PMC's page. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        match out.form {
            PidForm::Url => Cow::Owned(id.url()),
            _ => id.key(),
        }
    }

    /// A URL as written (without surrounding whitespace); the other forms are not IRIs.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.form().is_url() {
            return None;
        }
        IriRef::parse(&id.input()[id.spans.lo..id.spans.hi]).ok()
    }

    /// A URL under [`PidForm::Auto`] is converted as the IRI it is; any other form, or another
    /// output form, gives the normal form `out` asks.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Self::normalize(id, Level::Scheme, out))
    }

    /// As [`PmcidScheme::to_uri`], mapped to an IRI.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Self::normalize(id, Level::Scheme, out))
    }

    /// PMCIDs have no URI scheme: nothing for the ladder of other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same PubMed Central number, however written (label, PMC URL, case of PMC), leading zeros ignored"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> PmcidParts<'b> {
        id.parts()
    }

    /// `PMC…` and `PMCID:` labels in running text ([`super::find_iter`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: Cow::Borrowed(f.pmcid.input()),
            truncated: false,
        })))
    }

    /// The PMCID in its normal form (`PMC243493`).
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.key())
    }
}
