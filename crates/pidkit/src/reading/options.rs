//! What an input is to be read as, and under which rule sets (the CLI's `--as` and `--profile`).

use std::fmt;

use crate::iri::{Lenient, Profile, Rule};

pub use crate::scheme::{ReadAs, ReadOptions};

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

/// The profiles of the IRI grammar, with what each means: the first names of `--profile`.
pub(crate) const IRI_PROFILES: [(&str, &str); 3] = [
    (
        "bis",
        "IRIs: draft-duerst-iri-bis-07 (the default; '#' allowed in fragments)",
    ),
    ("rfc3987", "IRIs: RFC 3987 exactly (what RDF and XML cite)"),
    ("rfc3986", "IRIs read as URIs: RFC 3986, ASCII only"),
];

impl ReadOptions {
    /// Options for `read_as` and optional profile names, separated by commas. A profile names
    /// a rule set of one family (`bis`, `rfc3987`, `rfc3986` for IRIs; a scheme's own, such as
    /// `rfc2141` for URNs or `legacy` for DOIs: [`ReadOptions::profiles`]); the other families
    /// keep their defaults, so `--as auto --profile rfc2141` reads URNs by RFC 2141 and IRIs as
    /// usual. URIs (`uri`, `uri-ref`) are read by RFC 3986.
    ///
    /// ```
    /// use pidkit::{doi::DoiProfile, Profile, ReadAs, ReadOptions, UrnSyntax};
    /// let o = ReadOptions::new(ReadAs::Auto, Some("rfc3987,rfc2141,legacy"))?;
    /// assert_eq!((o.iri, o.urn, o.doi), (Profile::Rfc3987, UrnSyntax::Rfc2141, DoiProfile::Legacy));
    /// assert_eq!(o.profile_names(), ["rfc3987", "legacy", "rfc2141"]);
    /// assert!(ReadOptions::new(ReadAs::Auto, Some("rfc3987,bis")).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn new(read_as: ReadAs, profile: Option<&str>) -> Result<Self, String> {
        let mut o = ReadOptions {
            read_as,
            ..ReadOptions::default()
        };
        let uri = matches!(read_as, ReadAs::Uri | ReadAs::UriRef);
        if uri {
            o.iri = Profile::Rfc3986Uri;
        }
        let mut iri_named: Option<&str> = None;
        for p in profile
            .into_iter()
            .flat_map(|p| p.split(','))
            .map(str::trim)
        {
            if o.apply_scheme_profile(p) {
                continue;
            }
            if !IRI_PROFILES.iter().any(|(n, _)| *n == p) {
                let names: Vec<&str> = Self::profiles().iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "unknown profile '{p}' (expected one or more of {}, separated by commas)",
                    names.join(", ")
                ));
            }
            if let Some(q) = iri_named.filter(|q| *q != p) {
                return Err(format!(
                    "--profile {q} and {p} are both IRI grammars: name one"
                ));
            }
            if uri && p != "rfc3986" {
                return Err(format!(
                    "--profile {p} does not apply to URIs (only rfc3986)"
                ));
            }
            iri_named = Some(p);
            o.iri = p.parse()?;
        }
        Ok(o)
    }

    /// The profile names that give these options with [`ReadOptions::new`] (for the same
    /// `read_as`): the IRI grammar's when it is not the default, then each scheme's.
    pub fn profile_names(&self) -> Vec<&'static str> {
        let mut all = Vec::new();
        let uri = matches!(self.read_as, ReadAs::Uri | ReadAs::UriRef);
        if self.iri != Profile::default() && !uri {
            all.push(self.iri.name());
        }
        all.extend(self.scheme_profile_names());
        all
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
/// assert_eq!(d.normalize(Level::Scheme), "https://doi.org/10.1000/abc"); // shown as registered
/// let uri = PidOutput { form: PidForm::Uri, ..PidOutput::default() };
/// assert_eq!(d.normalize_as(Level::Scheme, &uri), "doi:10.1000/abc");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PidForm {
    /// The form for the command: `normalize` gives DOIs and handles their resolver URL
    /// (`https://doi.org/…`, `https://hdl.handle.net/…`), the form the DOI Foundation's display
    /// guidelines ask for (a Handle API URL stays one); `to-uri` and `to-iri` keep a URI or URL
    /// as written and give names and printed labels their URI (`doi:`, `hdl:`). A URL's query
    /// and fragment are kept. Other schemes say what their own `auto` is.
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
    /// Every form, in the order the CLI lists them.
    pub const ALL: &'static [PidForm] = &[PidForm::Auto, PidForm::Name, PidForm::Uri, PidForm::Url];

    /// The name the CLI uses: `auto`, `name`, `uri`, `url`.
    pub fn name(self) -> &'static str {
        match self {
            PidForm::Auto => "auto",
            PidForm::Name => "name",
            PidForm::Uri => "uri",
            PidForm::Url => "url",
        }
    }

    /// One line for people (the help of `--pid-form NAME`).
    pub fn about(self) -> &'static str {
        match self {
            PidForm::Auto => {
                "normalize: the resolver URL (https://doi.org/…), as the DOI display guidelines ask; to-uri, to-iri: URIs and URLs as written, names and labels their URI (doi:…)"
            }
            PidForm::Name => "The bare name (10.1000/182)",
            PidForm::Uri => "The URI (doi:10.1000/182, hdl:…)",
            PidForm::Url => "The resolver URL (https://doi.org/10.1000/182)",
        }
    }
}

impl std::str::FromStr for PidForm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        named(PidForm::ALL, s, PidForm::name, "form")
    }
}

/// The value of `all` named `s`, or an error listing the names.
fn named<T: Copy>(
    all: &[T],
    s: &str,
    name: fn(T) -> &'static str,
    what: &str,
) -> Result<T, String> {
    all.iter().copied().find(|v| name(*v) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|v| name(*v)).collect();
        format!("unknown {what} '{s}' (expected {})", names.join(", "))
    })
}

/// The case of a case-insensitive PID name (DOI, Handle) in its normal form at the `Scheme`
/// rung (the CLI's `--pid-case`): the names are equal either way. Keys ([`crate::Identifier::key`])
/// are always in upper case; this is for the form people see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PidCase {
    /// As given (the default): the DOI Foundation and the registration agencies ask DOIs to
    /// be shown as registered, and a name's case is how its registrant wrote it.
    #[default]
    AsGiven,
    /// ASCII letters in upper case (the DOI Handbook's own normal form).
    Upper,
    /// ASCII letters in lower case (as Crossref and DataCite display DOIs).
    Lower,
}

impl PidCase {
    /// Every case, in the order the CLI lists them.
    pub const ALL: &'static [PidCase] = &[PidCase::AsGiven, PidCase::Upper, PidCase::Lower];

    /// The name the CLI uses: `as-given`, `upper`, `lower`.
    pub fn name(self) -> &'static str {
        match self {
            PidCase::AsGiven => "as-given",
            PidCase::Upper => "upper",
            PidCase::Lower => "lower",
        }
    }

    /// One line for people (the help of `--pid-case NAME`).
    pub fn about(self) -> &'static str {
        match self {
            PidCase::AsGiven => "As given (as the registration agencies ask DOIs to be shown)",
            PidCase::Upper => "Upper case (the DOI Handbook's normal form)",
            PidCase::Lower => "Lower case (as Crossref and DataCite show DOIs)",
        }
    }
}

impl std::str::FromStr for PidCase {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        named(PidCase::ALL, s, PidCase::name, "case")
    }
}

/// How PIDs with several written forms are written in output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PidOutput {
    /// Which form.
    pub form: PidForm,
    /// The case of the name at the `Scheme` rung.
    pub case: PidCase,
}
