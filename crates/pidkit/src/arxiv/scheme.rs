//! arXiv identifiers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Arxiv, ArxivParts, codes};
use crate::error::{Error, Warning};
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::scheme::{Hosts, Prefilter, Finder, Hit, NoOptions, Scheme};
use crate::{ParseError, PidForm, PidOutput, ReadOptions};

/// The arXiv scheme: new-scheme (`2101.00001v2`) and old-scheme (`hep-th/9901001`)
/// identifiers, bare, labelled `arXiv:` or at arxiv.org, compared by identifier and version.
///
/// ```
/// use pidkit::arxiv::ArxivScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// assert!(ArxivScheme::claims(b"https://arxiv.org/abs/2101.00001"));
/// let a = ArxivScheme::read("https://arxiv.org/pdf/2101.00001v2.pdf", &Default::default())?;
/// assert_eq!(ArxivScheme::key(&a, Level::Scheme), "arXiv:2101.00001v2");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ArxivScheme;

impl Scheme for ArxivScheme {
    type Id<'a> = Arxiv<'a>;
    type Details<'b> = ArxivParts<'b>;
    type Error = super::ArxivError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "arxiv";
    const TITLE: &'static str = "arXiv identifier";
    const ABOUT: &'static str = "An arXiv identifier: 2101.00001v2, hep-th/9901001, arXiv:…, or at https://arxiv.org/abs/… or /pdf/…";
    const TYPE_NAME: &'static str = "Arxiv";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789abcdefghijklmnopqrstuvwxyz", Hosts::Exact(&super::syntax::HOSTS));

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Arxiv::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// `arXiv:` and the identifier with its version at `Syntax` and `Scheme` ([`Arxiv::key`]);
    /// `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// The normal form `arXiv:ID[vN]`; with `--pid-form url` the abstract page, with `name`
    /// the identifier alone. `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, out: &PidOutput) -> Cow<'a, str> {
        if level == Level::Simple {
            return Cow::Borrowed(id.input());
        }
        match out.form {
            PidForm::Url => Cow::Owned(id.url()),
            PidForm::Name => id.versioned(),
            _ => id.key(),
        }
    }

    /// A URL as written (without surrounding whitespace); the other forms are not IRIs of the
    /// identifier (`arXiv:` is a label, not a URI scheme).
    fn as_iri<'a>(id: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        if !id.form().is_url() {
            return None;
        }
        IriRef::parse(&id.input()[id.spans.lo..id.spans.hi]).ok()
    }

    /// A URL under [`PidForm::Auto`] is converted as the IRI it is; any other form, or another
    /// output form, gives the normal form `out` asks (ASCII: its own URI).
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        t: &ToUri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Self::normalize(id, Level::Scheme, out))
    }

    /// As [`ArxivScheme::to_uri`], mapped to an IRI.
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        t: &ToIri,
        out: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        let url = || Self::as_iri(id);
        crate::scheme::url_or_written(out, t, url, || Self::normalize(id, Level::Scheme, out))
    }

    /// arXiv has no URI scheme: nothing for the ladder of other IRIs.
    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same arXiv identifier and version, however written (label, URL, case of the archive); an old-scheme subject class is not part of it, and v2 is not v3 (Understanding the arXiv identifier; arXiv identifier for services)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> ArxivParts<'b> {
        id.parts()
    }

    /// `arXiv:` labels in running text ([`super::find_iter`]).
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(super::find_iter(text).map(|f| Hit {
            start: f.start,
            end: f.end,
            text: Cow::Borrowed(f.arxiv.input()),
            truncated: false,
        })))
    }

    /// The identifier with its version: `2101.00001v2`.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.versioned())
    }

    /// arXiv's DOIs (`10.48550/arXiv.ID`, registered with DataCite since 2022) name the paper
    /// `arXiv:ID` (without a version): the DOI's arXiv key.
    fn alias(other: &crate::Identifier<'_>) -> Option<(String, &'static str)> {
        let name = other.name()?;
        let a = super::arxiv_of_doi(&name)?;
        Some((
            a.key().into_owned(),
            "arXiv's DOI 10.48550/arXiv.ID names the paper arXiv:ID (arXiv, DataCite DOIs since 2022)",
        ))
    }

    /// The paper, whatever its version: `arXiv:ID` without `vN`.
    fn work<'a>(id: &Self::Id<'a>) -> Option<(Cow<'a, str>, &'static str)> {
        Some((
            Cow::Owned(format!("arXiv:{}", id.id())),
            "the same paper, another version (a version is part of an arXiv identifier)",
        ))
    }
}
