//! EAN/UPC numbers as one of the library's identifier schemes ([`crate::scheme::Scheme`]).

use std::borrow::Cow;

use super::{Ean, EanParts, codes};
use crate::error::Error;
use crate::iri::{IriRef, Level, ToIri, ToUri};
use crate::isbn::find::{Finder as LabelFinder, Spec};
use crate::scheme::{Hosts, Prefilter, Finder, NoOptions, Scheme};
use crate::{ParseError, PidOutput, ReadOptions, Warning};

/// The EAN/UPC scheme (GS1 General Specifications): EAN-13, EAN-8 and UPC-A numbers, compared
/// by their GTIN-13 at every rung above `Simple`.
///
/// ```
/// use pidkit::ean::EanScheme;
/// use pidkit::scheme::Scheme;
/// use pidkit::Level;
/// let e = EanScheme::read("UPC-A 036000291452", &Default::default())?;
/// assert_eq!(EanScheme::key(&e, Level::Scheme), "0036000291452");
/// assert_eq!(EanScheme::normalize(&e, Level::Scheme, &Default::default()), "036000291452");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct EanScheme;

/// What the EAN finder looks for: labelled numbers only (a bare number could be anything).
static FIND: Spec = Spec {
    labels: &[
        "ean-13", "ean-8", "ean13", "ean8", "ean", "upc-a", "upca", "upc", "gtin-13", "gtin-12",
        "gtin-8", "gtin13", "gtin12", "gtin8", "gtin",
    ],
    x: false,
    spaces: true,
    max_digits: 13,
    reads,
    bare: None,
};

fn reads(s: &str) -> bool {
    Ean::parse(s).is_ok()
}

impl Scheme for EanScheme {
    type Id<'a> = Ean<'a>;
    type Details<'b> = EanParts<'b>;
    type Error = super::EanError;
    type Options = NoOptions;
    const CONVERTS_AS_IRI: bool = false;
    const WARNINGS: &'static [crate::WarningCode] = codes::ALL;
    const NAME: &'static str = "ean";
    const TITLE: &'static str = "EAN/UPC number";
    const ABOUT: &'static str = "An EAN-13, EAN-8 or UPC-A number (GS1 GTIN-13, GTIN-8, GTIN-12) with its check digit, bare or after an EAN/UPC/GTIN label";
    const TYPE_NAME: &'static str = "Ean";

    const PREFILTER: Prefilter = Prefilter::new(b"0123456789eug", Hosts::None);

    fn claims(t: &[u8]) -> bool {
        super::claims(t)
    }

    fn read<'a>(s: &'a str, _: &ReadOptions) -> Result<Self::Id<'a>, Error<Self::Error>> {
        Ean::parse(s)
    }

    fn input<'a>(id: &Self::Id<'a>) -> &'a str {
        id.input()
    }

    fn warnings(id: &Self::Id<'_>) -> Vec<Warning> {
        id.warnings()
    }

    /// The GTIN-13 at `Syntax` and `Scheme` (a UPC-A and its EAN-13 form have one key);
    /// `Simple` keeps the input.
    fn key<'a>(id: &Self::Id<'a>, level: Level) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.key(),
        }
    }

    /// The digits as written, without label or separators, in every output form (EAN/UPC
    /// numbers have no URI or resolver URL). `Simple` keeps the input.
    fn normalize<'a>(id: &Self::Id<'a>, level: Level, _: &PidOutput) -> Cow<'a, str> {
        match level {
            Level::Simple => Cow::Borrowed(id.input()),
            _ => id.canonical(),
        }
    }

    /// No written form of an EAN/UPC number is an IRI.
    fn as_iri<'a>(_: &Self::Id<'a>) -> Option<IriRef<&'a str>> {
        None
    }

    /// The digits (a relative reference: EAN/UPC numbers have no URI scheme).
    fn to_uri<'a>(
        id: &Self::Id<'a>,
        _: &ToUri,
        _: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        Ok(id.canonical())
    }

    /// The digits, as [`EanScheme::to_uri`].
    fn to_iri<'a>(
        id: &Self::Id<'a>,
        _: &ToIri,
        _: &PidOutput,
    ) -> Result<Cow<'a, str>, ParseError> {
        Ok(id.canonical())
    }

    fn normal_form(_: &str, _: Level) -> Option<String> {
        None
    }

    fn rule(level: Level) -> &'static str {
        match level {
            Level::Simple => crate::reading::generic::rule(level),
            _ => {
                "the same GTIN-13: a UPC-A is the EAN-13 with a leading 0, an EAN-8 the one with five; labels and separators are not part of it (GS1 General Specifications, GTIN data structures)"
            }
        }
    }

    fn details<'b>(id: &'b Self::Id<'_>) -> EanParts<'b> {
        id.parts()
    }

    /// Numbers after an `EAN`, `UPC` or `GTIN` label (`EAN 4006381333931`); bare digits are
    /// not found, they could be any number.
    fn find(text: &str) -> Option<Box<dyn Finder<'_> + '_>> {
        Some(Box::new(LabelFinder::new(text, &FIND)))
    }

    /// The digits as written.
    fn name<'a>(id: &Self::Id<'a>) -> Option<Cow<'a, str>> {
        Some(id.canonical())
    }
}
