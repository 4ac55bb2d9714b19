//! What resolving one identifier gave: a typed outcome, never a guess.

use pidkit::ParseError;
use serde::{Serialize, Serializer};

/// The outcome of resolving one identifier (the `outcome` field of the CLI contract).
///
/// ```
/// use pidkit_resolve::Outcome;
/// assert_eq!(Outcome::NotFound.as_str(), "not-found");
/// assert_eq!(Outcome::Unknown.exit_class(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The identifier resolved: a record with values (Handle responseCode 1, HTTP 200), or a
    /// registry record.
    Resolved,
    /// The identifier does not exist (Handle responseCode 100, HTTP 404; no registry record).
    NotFound,
    /// The identifier exists but has no values of the requested types or indexes
    /// (Handle responseCode 200, HTTP 200).
    NoValues,
    /// The service answered in its own format that it failed (Handle responseCode 2, HTTP 500;
    /// a TAP error document).
    Error,
    /// No answer in the service's format: an HTML page, a front end's 403/429, invalid or
    /// truncated JSON, a timeout, a connection error, or not in the cache when offline.
    Unknown,
    /// The input is not a DOI or an IVOA identifier.
    Invalid,
}

impl Outcome {
    /// The stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(pidkit_resolve::Outcome::NoValues.as_str(), "no-values");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Resolved => "resolved",
            Outcome::NotFound => "not-found",
            Outcome::NoValues => "no-values",
            Outcome::Error => "error",
            Outcome::Unknown => "unknown",
            Outcome::Invalid => "invalid",
        }
    }

    /// The exit status this outcome asks for: 0 resolved; 1 not found, no values or invalid;
    /// 3 unknown or a server error (the truth is not known). A batch exits with the largest.
    ///
    /// ```
    /// use pidkit_resolve::Outcome;
    /// assert_eq!(Outcome::Resolved.exit_class(), 0);
    /// assert_eq!(Outcome::Invalid.exit_class(), 1);
    /// assert_eq!(Outcome::Error.exit_class(), 3);
    /// ```
    pub fn exit_class(self) -> u8 {
        match self {
            Outcome::Resolved => 0,
            Outcome::NotFound | Outcome::NoValues | Outcome::Invalid => 1,
            Outcome::Error | Outcome::Unknown => 3,
        }
    }

    /// The byte stored in the cache.
    pub(crate) fn to_byte(self) -> u8 {
        self as u8
    }

    /// The outcome a cache byte stands for.
    pub(crate) fn from_byte(b: u8) -> Option<Outcome> {
        [
            Outcome::Resolved,
            Outcome::NotFound,
            Outcome::NoValues,
            Outcome::Error,
            Outcome::Unknown,
            Outcome::Invalid,
        ]
        .into_iter()
        .find(|o| o.to_byte() == b)
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Asked the service.
    Network,
    /// A cached answer within its TTL.
    Cache,
    /// A cached answer past its TTL, used because the resolver is offline.
    StaleCache,
    /// Nothing was asked (invalid input, or offline with nothing cached).
    None,
}

/// The result of resolving one input (the `resolve` object of the CLI contract).
///
/// ```
/// use pidkit_resolve::{Outcome, Resolution};
/// let r = Resolution::invalid("nope", "not a DOI or an IVOA identifier".into());
/// assert_eq!(r.outcome, Outcome::Invalid);
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!(json["outcome"], "invalid");
/// assert_eq!(json["urls"], serde_json::json!([]));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Resolution {
    /// The input as given.
    pub input: String,
    /// DOI or IVOID (absent for invalid input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<pidkit::Kind>,
    /// The name actually looked up (the DOI name, or the IVOID's registry part as RegTAP
    /// stores it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What happened.
    pub outcome: Outcome,
    /// Why, in a sentence, when not resolved (and notes such as an alias followed).
    pub reason: Option<String>,
    /// The URLs of the record: the Handle `URL` values, or the registry's access URLs.
    pub urls: Vec<String>,
    /// The whole record: the Handle API's JSON, or the registry record.
    pub record: Option<serde_json::Value>,
    /// DOI names followed through `HS_ALIAS` values (shortDOIs), in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Where the answer came from.
    pub source: Source,
    /// HTTP requests sent for this input, retries included (metadata and agency requests are
    /// counted in their own members).
    pub attempts: u32,
    /// The DOI's metadata, when [`crate::Config::metadata`] asks for it (`skipped` for any
    /// other input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<crate::Metadata>,
    /// The DOI prefix's registration agency, when [`crate::Config::agency`] asks for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agency: Option<crate::Agency>,
    /// For invalid input: the parse error (code, byte offset, length, message).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_error"
    )]
    pub error: Option<ParseError>,
}

fn serialize_error<S: Serializer>(e: &Option<ParseError>, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct ErrorJson<'a> {
        code: &'a str,
        offset: usize,
        len: usize,
        message: String,
    }
    e.as_ref()
        .map(|e| ErrorJson {
            code: e.code(),
            offset: e.offset,
            len: e.len,
            message: e.kind.to_string(),
        })
        .serialize(s)
}

impl Resolution {
    /// A resolution for input that is neither a DOI nor an IVOID.
    ///
    /// ```
    /// let r = pidkit_resolve::Resolution::invalid("x", "bad".into());
    /// assert_eq!(r.reason.as_deref(), Some("bad"));
    /// ```
    pub fn invalid(input: &str, reason: String) -> Resolution {
        Resolution::new(input, None, Outcome::Invalid, Some(reason))
    }

    /// A resolution that failed inside pidkit (a worker panicked): `unknown`, with the panic's
    /// message in the reason, so a batch reports it in its place and goes on.
    ///
    /// ```
    /// let r = pidkit_resolve::Resolution::failed("10.1/x", "boom");
    /// assert_eq!(r.outcome, pidkit_resolve::Outcome::Unknown);
    /// assert!(r.reason.unwrap().contains("boom"));
    /// ```
    pub fn failed(input: &str, message: &str) -> Resolution {
        Resolution::new(
            input,
            None,
            Outcome::Unknown,
            Some(format!(
                "internal error while resolving (a bug in pidkit; please report it): {message}"
            )),
        )
    }

    /// The exit status this resolution asks for: its outcome's, or 3 when its metadata or
    /// agency stayed unknown ([`Outcome::exit_class`]).
    ///
    /// ```
    /// let r = pidkit_resolve::Resolution::invalid("x", "bad".into());
    /// assert_eq!(r.exit_class(), 1);
    /// ```
    pub fn exit_class(&self) -> u8 {
        let m = self.metadata.as_ref().map_or(0, |m| m.outcome.exit_class());
        let a = self.agency.as_ref().map_or(0, |a| a.outcome.exit_class());
        self.outcome.exit_class().max(m).max(a)
    }

    pub(crate) fn new(
        input: &str,
        kind: Option<pidkit::Kind>,
        outcome: Outcome,
        reason: Option<String>,
    ) -> Resolution {
        Resolution {
            input: input.to_owned(),
            kind,
            name: None,
            outcome,
            reason,
            urls: Vec::new(),
            record: None,
            aliases: Vec::new(),
            source: Source::None,
            attempts: 0,
            metadata: None,
            agency: None,
            error: None,
        }
    }
}

/// One lookup's result, before it becomes (part of) a [`Resolution`].
pub(crate) struct Step {
    pub outcome: Outcome,
    pub reason: Option<String>,
    pub urls: Vec<String>,
    pub record: Option<serde_json::Value>,
    /// The target of an `HS_ALIAS` value, to be followed.
    pub alias: Option<String>,
    pub attempts: u32,
    pub source: Source,
}

impl Step {
    /// No usable answer.
    pub fn unknown(reason: String) -> Step {
        Step::new(Outcome::Unknown, Some(reason))
    }

    pub fn new(outcome: Outcome, reason: Option<String>) -> Step {
        Step {
            outcome,
            reason,
            urls: Vec::new(),
            record: None,
            alias: None,
            attempts: 0,
            source: Source::None,
        }
    }
}
