//! PMIDs as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Pmid, PmidParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The PMID scheme: PubMed identifiers, bare, labelled `PMID:`, as `info:pmid/` URIs or PubMed
/// URLs, compared by number.
///
/// ```
/// use pidkit::pmid::PmidScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(PmidScheme::claims(b"15626865"));
/// let p = PmidScheme::read("https://pubmed.ncbi.nlm.nih.gov/15626865/", &Default::default())?;
/// assert_eq!(PmidScheme::key(&p, Level::Scheme), "PMID:15626865");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PmidScheme;

impl Scheme for PmidScheme {
    type Id<'a> = Pmid<'a>;
    type Details<'b> = PmidParts<'b>;
    type Error = super::PmidError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "pmid";
    const TITLE: &'static str = "PMID";
    const ABOUT: &'static str =
        "A PubMed identifier: 15626865, PMID: 15626865, info:pmid/…, or at https://pubmed.ncbi.nlm.nih.gov/…/";
    const TYPE_NAME: &'static str = "Pmid";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789pi", Hosts::Exact(&["pubmed.ncbi.nlm.nih.gov", "www.ncbi.nlm.nih.gov"]));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Pmid::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// `PMID:N` at `Syntax` and `Scheme` ([`Pmid::key`]); `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// The normal form `PMID:N`; with `--pid-form url` PubMed's page, with `uri` the info URI
    /// `info:pmid/N`, with `name` the number. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        match out.form {
            PidForm::Url => Cow::Owned(id.url()),
            PidForm::Uri => Cow::Owned(id.info_uri()),
            PidForm::Name => Cow::Borrowed(id.number()),
            _ => id.key(),
        }
    }

    /// A URL or `info:` URI as written (without surrounding whitespace); the number and the
    /// label are not IRIs.
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !(id.form().is_url() || id.form() == super::PmidForm::InfoUri) {
            return None;
        }
        IriRef::parse(&id.input()[id.spans.lo..id.spans.hi]).ok()
    }

    /// A URL or `info:` URI under [`PidForm::Auto`] is converted as the IRI it is; the number
    /// and the label give their URI, `info:pmid/N`; another output form gives the form asked.
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        if out.form != PidForm::Auto {
            return Ok(Self::normalize(id, Level::Scheme, out));
        }
        match Self::as_iri(id) {
            Some(r) => Ok(crate::scheme::borrowed_from(r.into_inner(), t.convert(&r)?)),
            None => Ok(Cow::Owned(id.info_uri())),
        }
    }

    /// As [`PmidScheme::to_uri`], mapped to an IRI.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        if out.form != PidForm::Auto {
            return Ok(Self::normalize(id, Level::Scheme, out));
        }
        match Self::as_iri(id) {
            Some(r) => Ok(crate::scheme::borrowed_from(r.into_inner(), t.convert(&r))),
            None => Ok(Cow::Owned(id.info_uri())),
        }
    }

    /// PMIDs have no URI scheme of their own (`info:` is the info scheme's): nothing for the
    /// ladder of other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same PubMed number, however written (label, info URI, PubMed URL), leading zeros ignored (MEDLINE/PubMed Data Element Descriptions, PMID)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> PmidParts<'b> {
        id.parts()
    }

    /// `PMID:` labels in running text ([`super::find_iter`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: Cow::Borrowed(f.pmid.input()),
            truncated: false,
        })))
    }

    /// The number, without leading zeros.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(Cow::Borrowed(id.number()))
    }
}
