//! The registration agency of a DOI prefix, from the DOI proxy's RA service
//! (`GET {resolver}/ra/{prefix}`, the DOI Handbook's "Which RA?" service): a JSON array of one
//! object, `[{"DOI": "10.1038", "RA": "Crossref"}]`, or with `"status"` in place of `RA`
//! (`"DOI does not exist"`, `"Invalid DOI"`, `"Unknown"`). An agency holds a whole prefix, so
//! the answer is asked once per prefix and cached by it.

use std::time::{Duration, SystemTime};

use serde::Serialize;

use crate::cache::Entry;
use crate::handle_json::clip;
use crate::http::{Answer, Failure};
use crate::outcome::{Outcome, Source};

/// The largest RA service answer accepted (one small object is expected).
pub const MAX_AGENCY_BYTES: u64 = 64 << 10;
/// How long a prefix's agency is cached by default: 30 days (a prefix rarely moves).
pub const DEFAULT_AGENCY_TTL: Duration = Duration::from_secs(30 * 86_400);
/// The longest agency name accepted.
const MAX_NAME: usize = 100;
/// The RA service's status for a prefix no agency holds.
const NOT_REGISTERED: &str = "DOI does not exist";

/// What asking for a prefix's registration agency gave.
///
/// ```
/// assert_eq!(pidkit_resolve::AgencyOutcome::NotRegistered.as_str(), "not-registered");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AgencyOutcome {
    /// The agency's name.
    Found,
    /// No agency holds the prefix (the RA service's "DOI does not exist").
    NotRegistered,
    /// No usable answer (another status, a malformed answer, a failure, offline).
    Unknown,
    /// Not asked: the input is not a DOI.
    Skipped,
}

impl AgencyOutcome {
    /// The stable kebab-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            AgencyOutcome::Found => "found",
            AgencyOutcome::NotRegistered => "not-registered",
            AgencyOutcome::Unknown => "unknown",
            AgencyOutcome::Skipped => "skipped",
        }
    }

    /// The exit status it asks for: 3 when unknown, else 0.
    pub fn exit_class(self) -> u8 {
        match self {
            AgencyOutcome::Unknown => 3,
            _ => 0,
        }
    }
}

impl std::fmt::Display for AgencyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A DOI's registration agency (the `agency` member of a resolution).
#[derive(Clone, Debug, Serialize)]
pub struct Agency {
    /// The DOI prefix asked about.
    pub prefix: Option<String>,
    /// What happened.
    pub outcome: AgencyOutcome,
    /// The agency's name as the RA service gives it (`Crossref`, `DataCite`, `mEDRA` …).
    pub name: Option<String>,
    /// Why, in a sentence, when not found.
    pub reason: Option<String>,
    /// Where the answer came from; `cache` also for a prefix already asked in this run.
    pub source: Source,
    /// HTTP requests sent for it, retries included (0 when another input of the prefix asked).
    pub attempts: u32,
}

impl Agency {
    /// An agency answer with `outcome` and `reason` and nothing else.
    pub fn new(prefix: Option<&str>, outcome: AgencyOutcome, reason: String) -> Agency {
        Agency {
            prefix: prefix.map(str::to_owned),
            outcome,
            name: None,
            reason: Some(reason),
            source: Source::None,
            attempts: 0,
        }
    }
}

/// The cached form.
#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    name: Option<String>,
    reason: Option<String>,
}

/// A cached answer as an agency.
pub(crate) fn from_entry(prefix: &str, e: &Entry) -> Option<Agency> {
    let stored: Stored = serde_json::from_slice(&e.body).ok()?;
    let outcome = match e.outcome {
        Outcome::Resolved => AgencyOutcome::Found,
        Outcome::NotFound => AgencyOutcome::NotRegistered,
        _ => return None,
    };
    Some(Agency {
        prefix: Some(prefix.to_owned()),
        outcome,
        name: stored.name,
        reason: stored.reason,
        source: Source::Cache,
        attempts: 0,
    })
}

/// Sort the RA service's answer about `prefix`, with the cache entry it deserves (found:
/// `ttl`; not registered: `negative_ttl`; unknown: none).
pub(crate) fn classify(
    prefix: &str,
    answer: Result<Answer, Failure>,
    ttl: Duration,
    negative_ttl: Duration,
) -> (Agency, Option<Entry>) {
    let a = match answer {
        Ok(a) => a,
        Err(f) => {
            let mut ag = Agency::new(Some(prefix), AgencyOutcome::Unknown, f.reason);
            ag.attempts = f.attempts;
            ag.source = Source::Network;
            return (ag, None);
        }
    };
    let attempts = a.attempts;
    let mut ag = match read(prefix, &a) {
        Ok(Some(name)) => Agency {
            prefix: Some(prefix.to_owned()),
            outcome: AgencyOutcome::Found,
            name: Some(name),
            reason: None,
            source: Source::None,
            attempts: 0,
        },
        Ok(None) => Agency::new(
            Some(prefix),
            AgencyOutcome::NotRegistered,
            format!(
                "no registration agency holds the prefix {prefix} (the RA service: {NOT_REGISTERED:?})"
            ),
        ),
        Err(why) => Agency::new(Some(prefix), AgencyOutcome::Unknown, why),
    };
    ag.attempts = attempts;
    ag.source = Source::Network;
    let now = SystemTime::now();
    let (outcome, expires) = match ag.outcome {
        AgencyOutcome::Found => (Outcome::Resolved, now + ttl),
        AgencyOutcome::NotRegistered => (Outcome::NotFound, now + negative_ttl),
        _ => return (ag, None),
    };
    let stored = Stored {
        name: ag.name.clone(),
        reason: ag.reason.clone(),
    };
    let entry = serde_json::to_vec(&stored).ok().map(|body| Entry {
        outcome,
        stored: now,
        expires,
        body,
    });
    (ag, entry)
}

/// The agency's name (`Ok(None)`: not registered), or why the answer is unusable.
fn read(prefix: &str, a: &Answer) -> Result<Option<String>, String> {
    let ct = a.content_type.as_deref().unwrap_or("no content type");
    let http = format!("HTTP {} ({ct})", a.status);
    if a.status != 200 {
        return Err(format!("{http}: not an answer of the RA service"));
    }
    let rows: Vec<serde_json::Map<String, serde_json::Value>> = serde_json::from_slice(&a.body)
        .map_err(|e| format!("{http}: not the RA service's JSON array of objects ({e})"))?;
    let [row] = rows.as_slice() else {
        return Err(format!(
            "{http}: {} rows where the RA service gives one for one prefix",
            rows.len()
        ));
    };
    match row.get("DOI").and_then(|d| d.as_str()) {
        Some(d) if d.trim().eq_ignore_ascii_case(prefix) => {}
        Some(d) => {
            return Err(format!(
                "{http}: the answer is about {:?}, not the prefix {prefix}: not used",
                clip(d)
            ));
        }
        None => {
            return Err(format!(
                "{http}: the answer names no DOI, so it may be about another prefix than \
                 {prefix}: not used"
            ));
        }
    }
    match (row.get("RA"), row.get("status")) {
        (Some(serde_json::Value::String(ra)), _) => {
            let ra = ra.trim();
            if ra.is_empty() || ra.chars().count() > MAX_NAME || ra.chars().any(char::is_control) {
                Err(format!(
                    "{http}: the agency name {:?} is empty, longer than {MAX_NAME} characters or \
                     holds control characters: not used",
                    clip(ra)
                ))
            } else {
                Ok(Some(ra.to_owned()))
            }
        }
        (None, Some(serde_json::Value::String(s))) if s == NOT_REGISTERED => Ok(None),
        (None, Some(serde_json::Value::String(s))) => Err(format!(
            "{http}: the RA service says {:?} about the prefix {prefix}",
            clip(s)
        )),
        _ => Err(format!(
            "{http}: neither an RA nor a status: not an RA service answer"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: u16, body: &str) -> Answer {
        Answer {
            status,
            content_type: Some("application/json".into()),
            body: body.as_bytes().to_vec(),
            attempts: 1,
            retry_after: None,
            location: None,
            url: "https://doi.org/ra/10.1038".into(),
        }
    }

    #[test]
    fn answers_are_read_strictly() {
        let ok = read(
            "10.1038",
            &answer(200, r#"[{"DOI":"10.1038","RA":"Crossref"}]"#),
        );
        assert_eq!(ok, Ok(Some("Crossref".into())));
        let none = read(
            "10.9",
            &answer(200, r#"[{"DOI":"10.9","status":"DOI does not exist"}]"#),
        );
        assert_eq!(none, Ok(None));
        for (body, says) in [
            (
                r#"[{"DOI":"10.1038","status":"Unknown"}]"#,
                "says \"Unknown\"",
            ),
            (r#"[{"DOI":"10.9999","RA":"Crossref"}]"#, "not the prefix"),
            (r#"[{"RA":"Crossref"}]"#, "names no DOI"),
            (r#"[]"#, "0 rows"),
            (r#"[{"DOI":"10.1038","RA":"a\u001b[31m"}]"#, "control"),
            (r#"{"DOI":"10.1038"}"#, "array"),
            ("[{", "array"),
        ] {
            let e = read("10.1038", &answer(200, body)).unwrap_err();
            assert!(e.contains(says), "{body}: {e}");
        }
        assert!(read("10.1038", &answer(500, "[]")).is_err());
    }
}
