//! Reading an RRID: `RRID:` + registry prefix + separator + accession, bare when asked for, and
//! the resolver URLs of SciCrunch and identifiers.org.

use super::Form;
use super::error::{RridError, RridParseError};

/// What the accession of a registry looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Digits.
    Digits,
    /// Six digits (the SciCrunch Registry's `SCR_001905`).
    SixDigits,
    /// Four upper-case letters and digits (Cellosaurus's `CVCL_0033`, `CVCL_1H60`).
    Cellosaurus,
    /// Anything an RRID may hold.
    Any,
}

impl Shape {
    /// Whether `a` has the shape.
    fn fits(self, a: &[u8]) -> bool {
        match self {
            Shape::Digits => a.iter().all(u8::is_ascii_digit),
            Shape::SixDigits => a.len() == 6 && a.iter().all(u8::is_ascii_digit),
            Shape::Cellosaurus => {
                a.len() == 4
                    && a
                        .iter()
                        .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
            }
            Shape::Any => true,
        }
    }

    /// The shape in words, for the error's message.
    fn words(self) -> &'static str {
        match self {
            Shape::Digits => "digits",
            Shape::SixDigits => "six digits",
            Shape::Cellosaurus => "four upper-case letters and digits",
            Shape::Any => "letters and digits",
        }
    }
}

/// A registry whose RRIDs the Resource Identification Portal resolves: its prefix as the portal
/// writes it, the separator after it, what it is, and the shape of its accessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Registry {
    /// The prefix, in the portal's spelling (`AB`, `IMSR_JAX`, `Addgene`).
    pub prefix: &'static str,
    /// The separator between prefix and accession (`_` or `:`; none for BioSamples' `SAMN`).
    pub separator: Option<char>,
    /// What the registry holds.
    pub name: &'static str,
    /// The shape of its accessions.
    pub shape: Shape,
}

const fn reg(prefix: &'static str, separator: char, name: &'static str, shape: Shape) -> Registry {
    Registry {
        prefix,
        separator: Some(separator),
        name,
        shape,
    }
}

/// The registries of the Resource Identification Portal's RRIDs that pidkit knows (SciCrunch's
/// resolver prefixes, as the portal and its RRID-mining bot write them): antibodies, tools,
/// cell lines, plasmids, organisms from the model organism databases and stock centres,
/// biosamples, and the older prefixes of the SciCrunch Registry's tools. An RRID with another
/// prefix is read, with the warning `rrid-unknown-registry`.
pub const REGISTRIES: &[Registry] = &[
    reg("AB", '_', "the Antibody Registry", Shape::Digits),
    reg("SCR", '_', "the SciCrunch Registry (tools, databases)", Shape::SixDigits),
    reg("CVCL", '_', "Cellosaurus (cell lines)", Shape::Cellosaurus),
    reg("Addgene", '_', "Addgene (plasmids)", Shape::Digits),
    reg("IMSR_JAX", ':', "the IMSR: The Jackson Laboratory (mice)", Shape::Digits),
    reg("IMSR_APB", ':', "the IMSR: Australian Phenomics Bank (mice)", Shape::Any),
    reg("IMSR_ARC", ':', "the IMSR: Animal Resources Centre (mice)", Shape::Any),
    reg("IMSR_CARD", ':', "the IMSR: CARD, Kumamoto (mice)", Shape::Any),
    reg("IMSR_CRL", ':', "the IMSR: Charles River (mice)", Shape::Any),
    reg("IMSR_EM", ':', "the IMSR: EMMA (mice)", Shape::Any),
    reg("IMSR_HAR", ':', "the IMSR: MRC Harwell (mice)", Shape::Any),
    reg("IMSR_KOMP", ':', "the IMSR: KOMP Repository (mice)", Shape::Any),
    reg("IMSR_NCIMR", ':', "the IMSR: NCI Mouse Repository (mice)", Shape::Any),
    reg("IMSR_RBRC", ':', "the IMSR: RIKEN BioResource Research Center (mice)", Shape::Any),
    reg("IMSR_TAC", ':', "the IMSR: Taconic (mice)", Shape::Any),
    reg("IMSR_TIGM", ':', "the IMSR: Texas A&M Institute for Genomic Medicine (mice)", Shape::Any),
    reg("IMSR_WTSI", ':', "the IMSR: Wellcome Sanger Institute (mice)", Shape::Any),
    reg("MGI", ':', "Mouse Genome Informatics", Shape::Digits),
    reg("MMRRC", '_', "the Mutant Mouse Resource and Research Centers", Shape::Any),
    reg("RGD", '_', "the Rat Genome Database", Shape::Digits),
    reg("BDSC", '_', "the Bloomington Drosophila Stock Center", Shape::Digits),
    reg("DGGR", '_', "the Kyoto Drosophila Stock Center (DGGR)", Shape::Digits),
    reg("DGRC", '_', "the Drosophila Genomics Resource Center", Shape::Any),
    reg("FlyBase", '_', "FlyBase", Shape::Any),
    reg("ZFIN", '_', "ZFIN (zebrafish)", Shape::Any),
    reg("ZIRC", '_', "the Zebrafish International Resource Center", Shape::Any),
    reg("WB-STRAIN", ':', "WormBase (C. elegans strains)", Shape::Any),
    reg("CGC", '_', "the Caenorhabditis Genetics Center", Shape::Any),
    reg("NXR", '_', "the National Xenopus Resource", Shape::Any),
    reg("EXRC", '_', "the European Xenopus Resource Centre", Shape::Any),
    reg("XGSC", '_', "the Xiphophorus Genetic Stock Center", Shape::Any),
    reg("AGSC", '_', "the Ambystoma Genetic Stock Center", Shape::Any),
    reg("NSRRC", '_', "the National Swine Resource and Research Center", Shape::Any),
    reg("TSC", '_', "the Tetrahymena Stock Center", Shape::Any),
    reg("BCBC", '_', "the Beta Cell Biology Consortium", Shape::Any),
    Registry {
        prefix: "SAMN",
        separator: None,
        name: "NCBI BioSample",
        shape: Shape::Digits,
    },
    reg("nif", '-', "the NIF registry (older SciCrunch Registry ids)", Shape::Any),
    reg("nlx", '_', "the NIF Lexicon (older SciCrunch Registry ids)", Shape::Any),
    reg("OMICS", '_', "OMICtools (older SciCrunch Registry ids)", Shape::Any),
    reg("SciRes", '_', "SciCrunch resources (older SciCrunch Registry ids)", Shape::Any),
    reg("birnlex", '_', "BIRNLex (older SciCrunch Registry ids)", Shape::Any),
    reg("rid", '_', "older SciCrunch Registry ids", Shape::Any),
];

/// The registry whose prefix (in any case) starts `local` and is followed by a separator (or,
/// for `SAMN`, a digit): the longest such prefix.
pub(crate) fn registry(local: &[u8]) -> Option<&'static Registry> {
    REGISTRIES
        .iter()
        .filter(|r| {
            let n = r.prefix.len();
            local.len() > n
                && local[..n].eq_ignore_ascii_case(r.prefix.as_bytes())
                && match r.separator {
                    Some('-') => local[n] == b'-',
                    Some(_) => matches!(local[n], b'_' | b':'),
                    None => local[n].is_ascii_digit(),
                }
        })
        .max_by_key(|r| r.prefix.len())
}

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The `RRID:` label, when there is one.
    pub label: Option<(usize, usize)>,
    /// Spaces after the label.
    pub space: Option<(usize, usize)>,
    /// The registry's prefix, as written.
    pub prefix: (usize, usize),
    /// The known registry, by its index in [`REGISTRIES`].
    pub registry: Option<usize>,
    /// The accession, after the separator.
    pub accession: (usize, usize),
    /// What follows the RRID in a URL, left out.
    pub extra: Option<(usize, usize)>,
}

/// Whether `b` starts with `p`, ASCII case-insensitively.
fn starts_ci(b: &[u8], p: &[u8]) -> bool {
    b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p)
}

/// The length of `http://` or `https://` (any case) at the start of `b`, or 0.
fn web_scheme_len(b: &[u8]) -> usize {
    if starts_ci(b, b"https://") {
        8
    } else if starts_ci(b, b"http://") {
        7
    } else {
        0
    }
}

/// The resolvers' hosts, each with the path prefixes its RRIDs follow.
const RESOLVERS: [(&str, &[&str]); 3] = [
    ("scicrunch.org", &["/resolver/"]),
    ("www.scicrunch.org", &["/resolver/"]),
    ("identifiers.org", &["/rrid/", "/"]),
];

/// Where the path of a resolver URL starts in `b` (at its `/`), with the resolver's path
/// prefixes.
fn resolver_path(b: &[u8]) -> Option<(usize, &'static [&'static str])> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest.iter().take(254).position(|&c| c == b'/')?;
    RESOLVERS
        .iter()
        .find(|(host, _)| rest[..end].eq_ignore_ascii_case(host.as_bytes()))
        .map(|(_, paths)| (h + end, *paths))
}

/// Whether auto-detection gives `t` to RRIDs: the `RRID:` label (any case), and the resolver
/// URLs `scicrunch.org/resolver/…` and `identifiers.org/RRID:…`. A bare `AB_2138153` is read
/// only when asked for (`--as rrid`): RRIDs are written with their label.
///
/// ```
/// use pidkit::rrid::claims;
/// assert!(claims(b"RRID:AB_2138153") && claims(b"https://scicrunch.org/resolver/RRID:SCR_001905"));
/// assert!(!claims(b"AB_2138153") && !claims(b"https://scicrunch.org/resources"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_ci(t, b"rrid:") {
        return true;
    }
    let Some((p, paths)) = resolver_path(t) else {
        return false;
    };
    let path = &t[p..];
    if starts_ci(path, b"/resolver/") {
        return path.len() > 10;
    }
    paths
        .iter()
        .any(|pre| starts_ci(path, pre.as_bytes()) && starts_ci(&path[pre.len()..], b"rrid:"))
}

/// Read `s`.
pub(crate) fn parse(s: &str) -> Result<Spans, RridParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(RridError::NotRrid.at(0, 0));
    }
    let t = &b[start..end];
    if starts_ci(t, b"rrid:") {
        return labelled(s, start, end, Form::Label);
    }
    if let Some((p, paths)) = resolver_path(t) {
        let path = start + p;
        let Some(pre) = paths.iter().find(|pre| starts_ci(&b[path..end], pre.as_bytes())) else {
            return Err(RridError::Url.at(path, end - path));
        };
        let from = path + pre.len();
        let id_end = b[from..end]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(end, |k| from + k);
        if from == id_end {
            return Err(RridError::Url.at(path, end - path));
        }
        let mut spans = if starts_ci(&b[from..id_end], b"rrid:") {
            labelled(s, from, id_end, Form::Url)?
        } else if starts_ci(&b[path..end], b"/resolver/") {
            local(s, from, id_end, Form::Url)?
        } else {
            return Err(RridError::Url.at(path, end - path));
        };
        if id_end < end {
            if let Some(k) = s[id_end..end].find(|c: char| c.is_whitespace() || c.is_control()) {
                return Err(char_error(s, id_end + k));
            }
            spans.extra = Some((id_end, end));
        }
        return Ok(spans);
    }
    if web_scheme_len(t) > 0 {
        return Err(RridError::NotRrid.at(start, end - start));
    }
    local(s, start, end, Form::Local)
}

/// Read `RRID:` (at `from`), spaces and the identifier in `s[from..to]`.
fn labelled(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, RridParseError> {
    let b = s.as_bytes();
    let spaces = b[from + 5..to].iter().take_while(|&&c| c == b' ').count();
    let mut spans = local(s, from + 5 + spaces, to, form)?;
    spans.label = Some((from, from + 5));
    spans.space = (spaces > 0).then_some((from + 5, from + 5 + spaces));
    Ok(spans)
}

/// The error of the character at `at`.
fn char_error(s: &str, at: usize) -> RridParseError {
    let c = s[at..].chars().next().unwrap_or(' ');
    RridError::Char(c).at(at, c.len_utf8())
}

/// Read the identifier without its label in `s[from..to]`: registry prefix, separator,
/// accession.
fn local(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, RridParseError> {
    let b = &s.as_bytes()[..to];
    if from >= to {
        return Err(RridError::Empty.at(from, 0));
    }
    let t = &b[from..to];
    if let Some(k) = t
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b':')))
    {
        return Err(char_error(s, from + k));
    }
    let (prefix_len, accession_from, registry) = match registry(t) {
        Some(r) => {
            let n = r.prefix.len();
            let sep = usize::from(r.separator.is_some());
            let index = REGISTRIES.iter().position(|x| std::ptr::eq(x, r));
            (n, from + n + sep, index)
        }
        None => {
            let Some(n) = t.iter().position(|&c| c == b'_' || c == b':') else {
                return Err(RridError::Registry.at(from, to - from));
            };
            let prefix = &t[..n];
            if prefix.eq_ignore_ascii_case(b"rrid") {
                return Err(RridError::DoubleLabel.at(from, n + 1));
            }
            if n == 0
                || !prefix[0].is_ascii_alphabetic()
                || !prefix.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
            {
                return Err(RridError::Registry.at(from, n.max(1)));
            }
            (n, from + n + 1, None)
        }
    };
    if accession_from >= to {
        return Err(RridError::MissingAccession.at(to, 0));
    }
    let last = b[to - 1];
    if !last.is_ascii_alphanumeric() {
        return Err(char_error(s, to - 1));
    }
    if let Some(r) = registry.map(|i| &REGISTRIES[i])
        && !r.shape.fits(&b[accession_from..to])
    {
        return Err(RridError::Accession(r.name, r.shape.words())
            .at(accession_from, to - accession_from));
    }
    Ok(Spans {
        form,
        label: None,
        space: None,
        prefix: (from, from + prefix_len),
        registry,
        accession: (accession_from, to),
        extra: None,
    })
}
