//! What an input is to be read as, and under which rule sets (the CLI's `--as` and `--profile`).

use std::fmt;

use crate::doi::DoiProfile;
use crate::iri::{Lenient, Profile, Rule};
use crate::urn::UrnSyntax;

pub use crate::scheme::ReadAs;

impl ReadAs {
    /// Whether the input is read by the generic IRI grammar (possibly after preprocessing).
    pub fn is_generic(self) -> bool {
        matches!(
            self,
            ReadAs::Iri
                | ReadAs::IriRef
                | ReadAs::Uri
                | ReadAs::UriRef
                | ReadAs::Leiri
                | ReadAs::Web
        )
    }

    /// The grammar rule of the generic readings: `IRI` for `iri` and `uri`, else `IRI-reference`.
    pub(crate) fn rule(self) -> Rule {
        match self {
            ReadAs::Iri | ReadAs::Uri => Rule::Iri,
            _ => Rule::IriReference,
        }
    }
}

impl fmt::Display for ReadAs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ReadAs {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ReadAs::ALL
            .iter()
            .find(|a| a.name() == s)
            .copied()
            .ok_or_else(|| format!("unknown reading '{s}'"))
    }
}

/// `ReadAs` and the rule set of each family, chosen once (the CLI's `--as` and `--profile`).
///
/// ```
/// use pidkit::{ReadAs, ReadOptions, UrnSyntax};
/// let o = ReadOptions::new(ReadAs::Auto, Some("rfc2141"))?;
/// assert_eq!(o.urn, UrnSyntax::Rfc2141);
/// assert!(ReadOptions::new(ReadAs::Uri, Some("rfc3987")).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadOptions {
    /// What the input is read as.
    pub read_as: ReadAs,
    /// The IRI grammar's profile (IRIs and relative references).
    pub iri: Profile,
    /// The URN syntax.
    pub urn: UrnSyntax,
    /// The DOI rules.
    pub doi: DoiProfile,
}

impl ReadOptions {
    /// Options for `read_as` and an optional profile name. A profile names a rule set of one
    /// family (`bis`, `rfc3987`, `rfc3986` for IRIs; `rfc8141`, `rfc2141` for URNs; `legacy`
    /// for DOIs); the other families keep their defaults, so `--as auto --profile rfc2141` reads
    /// URNs by RFC 2141 and IRIs as usual. URIs (`uri`, `uri-ref`) are read by RFC 3986.
    pub fn new(read_as: ReadAs, profile: Option<&str>) -> Result<Self, String> {
        let mut o = ReadOptions {
            read_as,
            ..ReadOptions::default()
        };
        let uri = matches!(read_as, ReadAs::Uri | ReadAs::UriRef);
        if uri {
            o.iri = Profile::Rfc3986Uri;
        }
        match profile {
            None => {}
            Some("legacy") => o.doi = DoiProfile::Legacy,
            Some(p @ ("rfc8141" | "rfc2141")) => o.urn = p.parse()?,
            Some(p) if uri && p != "rfc3986" => {
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

    /// The same options reading everything as `read_as`.
    pub fn with_read_as(self, read_as: ReadAs) -> Self {
        ReadOptions { read_as, ..self }
    }

    /// The preprocessing of `ReadAs::Leiri` / `ReadAs::Web` (draft-duerst-iri-bis-07 §7.1, §7.2).
    ///
    /// ```
    /// use pidkit::{Lenient, ReadAs, ReadOptions};
    /// assert_eq!(ReadOptions::default().with_read_as(ReadAs::Web).lenient(), Some(Lenient::WebAddress));
    /// assert_eq!(ReadOptions::default().lenient(), None);
    /// ```
    pub fn lenient(&self) -> Option<Lenient> {
        match self.read_as {
            ReadAs::Leiri => Some(Lenient::Leiri),
            ReadAs::Web => Some(Lenient::WebAddress),
            _ => None,
        }
    }
}

/// The written form a PID that has several (DOIs, Handles) is given in output — `normalize`
/// and `to-uri` (the CLI's `--doi-form`).
///
/// ```
/// use pidkit::{Identifier, Level, PidForm, PidOutput};
/// let d = Identifier::parse("https://doi.org/10.1000/abc")?;
/// assert_eq!(d.normalize(Level::Scheme), "https://doi.org/10.1000/ABC"); // a URL stays a URL
/// let uri = PidOutput { form: PidForm::Uri, ..PidOutput::default() };
/// assert_eq!(d.normalize_as(Level::Scheme, &uri), "doi:10.1000/ABC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PidForm {
    /// As written, where that is a form of the same family: a resolver URL stays a URL (its
    /// query and fragment kept); `normalize` gives every other form its URI (`doi:`, `hdl:`),
    /// `to-uri` keeps URI forms and gives names and printed labels their URI.
    #[default]
    Auto,
    /// The bare name (`10.1000/182`).
    Name,
    /// The URI (`doi:10.1000/182`).
    Uri,
    /// The resolver URL (`https://doi.org/10.1000/182`).
    Url,
}

impl PidForm {
    /// The name the CLI uses: `auto`, `name`, `uri`, `url`.
    pub fn name(self) -> &'static str {
        match self {
            PidForm::Auto => "auto",
            PidForm::Name => "name",
            PidForm::Uri => "uri",
            PidForm::Url => "url",
        }
    }
}

/// The case of a case-insensitive PID name (DOI, Handle) in its normal form at the `Scheme`
/// rung (the CLI's `--doi-case`): the names are equal either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PidCase {
    /// ASCII letters in upper case (the DOI Handbook's own normal form).
    #[default]
    Upper,
    /// ASCII letters in lower case (as Crossref and DataCite display DOIs).
    Lower,
}

/// How PIDs with several written forms are written in output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PidOutput {
    /// Which form.
    pub form: PidForm,
    /// The case of the name at the `Scheme` rung.
    pub case: PidCase,
}
