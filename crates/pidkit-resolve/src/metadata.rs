//! DOI metadata through the DOI proxy's content negotiation: `GET {resolver}/{DOI}` with an
//! `Accept` header naming the format, which the proxy sends on to the registration agency's
//! metadata service (Crossref, DataCite, mEDRA …; <https://citation.crosscite.org/docs.html>).
//! The formats are the ones the agencies document: CSL-JSON
//! (`application/vnd.citationstyles.csl+json`), BibTeX (`application/x-bibtex`), RIS
//! (`application/x-research-info-systems`) and a formatted citation
//! (`text/x-bibliography; style=apa; locale=en-US`, any style of the CSL repository).
//!
//! An answer is checked before it is used: CSL-JSON must be one JSON object whose `DOI` is the
//! DOI asked for (DOI equivalence), BibTeX must be an entry (`@…`) and RIS a record (`TY  - `)
//! whose DOI field, when there is one, is the DOI asked for; every format is UTF-8 text of at
//! most [`MAX_METADATA_BYTES`]. A 204, 404, 406 or 410, and an HTML page (the landing page the
//! proxy sends when the agency offers no content negotiation), are "no metadata", not errors.

use std::time::{Duration, SystemTime};

use pidkit::doi::Doi;
use serde::Serialize;

use crate::cache::Entry;
use crate::handle_json::clip;
use crate::http::{Answer, Failure};
use crate::outcome::{Outcome, Source};

/// The largest metadata answer accepted, in bytes (also bounded by `ClientConfig::max_body`):
/// a CSL-JSON record with a long reference list is a few hundred KB.
pub const MAX_METADATA_BYTES: u64 = 2 << 20;
/// How long metadata is cached by default: a week (the agencies update records now and then).
pub const DEFAULT_METADATA_TTL: Duration = Duration::from_secs(7 * 86_400);
/// The longest citation style name and locale accepted.
const MAX_STYLE: usize = 100;

/// A metadata format the DOI proxy negotiates.
///
/// ```
/// use pidkit_resolve::MetadataFormat;
/// let f = MetadataFormat::parse("citeproc-style:apa", Some("de-DE"))?;
/// assert_eq!(f.accept(), "text/x-bibliography; style=apa; locale=de-DE");
/// assert_eq!(f.name(), "citeproc-style:apa");
/// assert_eq!(MetadataFormat::parse("csl-json", None)?.accept(), "application/vnd.citationstyles.csl+json");
/// assert!(MetadataFormat::parse("citeproc-style:a b", None).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MetadataFormat {
    /// CSL-JSON (citeproc JSON): parsed into the record.
    CslJson,
    /// A BibTeX entry, as text.
    Bibtex,
    /// A RIS record, as text.
    Ris,
    /// A citation formatted in a CSL style, as text.
    Citation {
        /// The style's name in the CSL repository (`apa`, `chicago-author-date` …).
        style: String,
        /// The locale (`en-US`, `de-DE` …).
        locale: String,
    },
}

/// The formats by name, with a line of help each (`citeproc-style:NAME` takes a style).
pub const METADATA_FORMATS: &[(&str, &str)] = &[
    (
        "csl-json",
        "CSL-JSON (application/vnd.citationstyles.csl+json), parsed into the record",
    ),
    ("bibtex", "a BibTeX entry (application/x-bibtex), as text"),
    (
        "ris",
        "a RIS record (application/x-research-info-systems), as text",
    ),
    (
        "citeproc-style:NAME",
        "a citation in the CSL style NAME, e.g. apa (text/x-bibliography), as text",
    ),
];

/// The locale of a formatted citation when none is given.
pub const DEFAULT_LOCALE: &str = "en-US";

impl MetadataFormat {
    /// The format named `name` (`csl-json`, `bibtex`, `ris`, `citeproc-style:NAME`); `locale`
    /// applies to a formatted citation only ([`DEFAULT_LOCALE`] when `None`).
    pub fn parse(name: &str, locale: Option<&str>) -> Result<MetadataFormat, String> {
        let format = match name {
            "csl-json" => MetadataFormat::CslJson,
            "bibtex" => MetadataFormat::Bibtex,
            "ris" => MetadataFormat::Ris,
            other => match other.strip_prefix("citeproc-style:") {
                Some(style) => MetadataFormat::Citation {
                    style: style.to_owned(),
                    locale: locale.unwrap_or(DEFAULT_LOCALE).to_owned(),
                },
                None => {
                    let names: Vec<&str> = METADATA_FORMATS.iter().map(|(n, _)| *n).collect();
                    return Err(format!(
                        "{name:?} is not a metadata format (one of {})",
                        names.join(", ")
                    ));
                }
            },
        };
        if locale.is_some() && !matches!(format, MetadataFormat::Citation { .. }) {
            return Err(format!(
                "a locale applies to a formatted citation (citeproc-style:NAME), not to {name}"
            ));
        }
        format.check()?;
        Ok(format)
    }

    /// Why this format cannot go into an `Accept` header: a style name is letters, digits and
    /// `-` `_` `.`; a locale is letters, digits and `-` (BCP 47); each at most 100 characters.
    pub fn check(&self) -> Result<(), String> {
        if let MetadataFormat::Citation { style, locale } = self {
            let word = |v: &str, what: &str, extra: &[char]| {
                if v.is_empty() || v.len() > MAX_STYLE {
                    return Err(format!(
                        "the {what} {v:?} is empty or longer than {MAX_STYLE} characters"
                    ));
                }
                match v
                    .chars()
                    .find(|c| !c.is_ascii_alphanumeric() && !extra.contains(c))
                {
                    Some(c) => Err(format!(
                        "the {what} {v:?} has {c:?}: a {what} is ASCII letters, digits and {}",
                        extra
                            .iter()
                            .map(|c| format!("{c:?}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )),
                    None => Ok(()),
                }
            };
            word(style, "citation style", &['-', '_', '.'])?;
            word(locale, "locale", &['-'])?;
        }
        Ok(())
    }

    /// The name of the format (`csl-json`, `citeproc-style:apa` …).
    pub fn name(&self) -> String {
        match self {
            MetadataFormat::CslJson => "csl-json".into(),
            MetadataFormat::Bibtex => "bibtex".into(),
            MetadataFormat::Ris => "ris".into(),
            MetadataFormat::Citation { style, .. } => format!("citeproc-style:{style}"),
        }
    }

    /// The `Accept` header that asks for it.
    pub fn accept(&self) -> String {
        match self {
            MetadataFormat::CslJson => "application/vnd.citationstyles.csl+json".into(),
            MetadataFormat::Bibtex => "application/x-bibtex".into(),
            MetadataFormat::Ris => "application/x-research-info-systems".into(),
            MetadataFormat::Citation { style, locale } => {
                format!("text/x-bibliography; style={style}; locale={locale}")
            }
        }
    }

    /// The part of a cache key that tells formats apart (the locale included).
    pub(crate) fn key(&self) -> String {
        match self {
            MetadataFormat::Citation { locale, .. } => format!("{}\u{0}{locale}", self.name()),
            _ => self.name(),
        }
    }
}

/// What asking for a DOI's metadata gave.
///
/// ```
/// use pidkit_resolve::MetadataOutcome;
/// assert_eq!(MetadataOutcome::NoMetadata.as_str(), "no-metadata");
/// assert_eq!(MetadataOutcome::NoMetadata.exit_class(), 0);
/// assert_eq!(MetadataOutcome::Unknown.exit_class(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MetadataOutcome {
    /// The record, in the format asked for.
    Found,
    /// The agency has no metadata in this format for the DOI: HTTP 204, 404, 406 or 410, or
    /// the landing page instead of metadata. Not an error of the batch.
    NoMetadata,
    /// No usable answer: a timeout, a body over the limit, invalid JSON, a record for another
    /// DOI, a 5xx or 429 after the retries, not in the cache when offline.
    Unknown,
    /// Not asked: the input is not a DOI, or the DOI did not resolve.
    Skipped,
}

impl MetadataOutcome {
    /// The stable kebab-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            MetadataOutcome::Found => "found",
            MetadataOutcome::NoMetadata => "no-metadata",
            MetadataOutcome::Unknown => "unknown",
            MetadataOutcome::Skipped => "skipped",
        }
    }

    /// The exit status it asks for: 3 when the truth is not known, else 0 (no metadata is an
    /// answer).
    pub fn exit_class(self) -> u8 {
        match self {
            MetadataOutcome::Unknown => 3,
            _ => 0,
        }
    }
}

impl std::fmt::Display for MetadataOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A DOI's metadata (the `metadata` member of a resolution).
#[derive(Clone, Debug, Serialize)]
pub struct Metadata {
    /// The format asked for ([`MetadataFormat::name`]).
    pub format: String,
    /// What happened.
    pub outcome: MetadataOutcome,
    /// Why, in a sentence, when not found.
    pub reason: Option<String>,
    /// The record: a JSON object for CSL-JSON, a string for the text formats.
    pub value: Option<serde_json::Value>,
    /// The answer's `Content-Type`.
    pub content_type: Option<String>,
    /// Where the answer came from, after the redirects the proxy sent (the agency's service).
    pub url: Option<String>,
    /// Where the answer came from: the network or the cache.
    pub source: Source,
    /// HTTP requests sent for it, retries included.
    pub attempts: u32,
}

impl Metadata {
    /// Metadata with `outcome` and `reason` and nothing else.
    pub fn new(format: &MetadataFormat, outcome: MetadataOutcome, reason: String) -> Metadata {
        Metadata {
            format: format.name(),
            outcome,
            reason: Some(reason),
            value: None,
            content_type: None,
            url: None,
            source: Source::None,
            attempts: 0,
        }
    }
}

/// The cache key of `doi`'s metadata in `format`: the DOI's equivalence key and the format.
pub(crate) fn cache_key(doi: &Doi<'_>, format: &MetadataFormat) -> String {
    format!("{}\u{0}{}", doi.key(), format.key())
}

/// The cached form of an answer.
#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    value: Option<serde_json::Value>,
    content_type: Option<String>,
    url: Option<String>,
    reason: Option<String>,
}

/// A cached answer (found or no metadata) as metadata.
pub(crate) fn from_entry(format: &MetadataFormat, e: &Entry) -> Option<Metadata> {
    let stored: Stored = serde_json::from_slice(&e.body).ok()?;
    let outcome = match e.outcome {
        Outcome::Resolved => MetadataOutcome::Found,
        Outcome::NoValues => MetadataOutcome::NoMetadata,
        _ => return None,
    };
    Some(Metadata {
        format: format.name(),
        outcome,
        reason: stored.reason,
        value: stored.value,
        content_type: stored.content_type,
        url: stored.url,
        source: Source::Cache,
        attempts: 0,
    })
}

/// Sort the answer to a content negotiation request into metadata, and the cache entry it
/// deserves (found: `ttl`; no metadata: `negative_ttl`; unknown: none).
pub(crate) fn classify(
    doi: &Doi<'_>,
    format: &MetadataFormat,
    answer: Result<Answer, Failure>,
    ttl: Duration,
    negative_ttl: Duration,
) -> (Metadata, Option<Entry>) {
    let a = match answer {
        Ok(a) => a,
        Err(f) => {
            let mut m = Metadata::new(format, MetadataOutcome::Unknown, f.reason);
            m.attempts = f.attempts;
            m.source = Source::Network;
            return (m, None);
        }
    };
    let mut m = read(doi, format, a);
    m.source = Source::Network;
    let now = SystemTime::now();
    let (outcome, expires) = match m.outcome {
        MetadataOutcome::Found => (Outcome::Resolved, now + ttl),
        MetadataOutcome::NoMetadata => (Outcome::NoValues, now + negative_ttl),
        _ => return (m, None),
    };
    let stored = Stored {
        value: m.value.clone(),
        content_type: m.content_type.clone(),
        url: m.url.clone(),
        reason: m.reason.clone(),
    };
    let entry = serde_json::to_vec(&stored).ok().map(|body| Entry {
        outcome,
        stored: now,
        expires,
        body,
    });
    (m, entry)
}

/// What an HTTP answer says.
fn read(doi: &Doi<'_>, format: &MetadataFormat, a: Answer) -> Metadata {
    let Answer {
        status,
        content_type,
        body,
        attempts,
        url,
        ..
    } = a;
    let ct = content_type
        .clone()
        .unwrap_or_else(|| "no content type".into());
    let http = format!("HTTP {status} ({ct})");
    let retried = if attempts > 1 {
        format!(" after {attempts} attempts")
    } else {
        String::new()
    };
    let mut m = Metadata::new(format, MetadataOutcome::Unknown, String::new());
    m.attempts = attempts;
    m.content_type = content_type;
    m.url = Some(url);
    let no_metadata = |mut m: Metadata, why: String| {
        m.outcome = MetadataOutcome::NoMetadata;
        m.reason = Some(why);
        m
    };
    let unknown = |mut m: Metadata, why: String| {
        m.outcome = MetadataOutcome::Unknown;
        m.reason = Some(why);
        m
    };
    match status {
        200 => {}
        204 => {
            return no_metadata(
                m,
                format!("{http}: the agency has no metadata for this DOI"),
            );
        }
        404 | 410 => {
            return no_metadata(
                m,
                format!("{http}: no metadata (the DOI or its record was not found by the agency)"),
            );
        }
        406 => {
            return no_metadata(
                m,
                format!(
                    "{http}: the registration agency does not offer {}",
                    format.name()
                ),
            );
        }
        _ => return unknown(m, format!("{http}{retried}: not a metadata answer")),
    }
    if ct.to_ascii_lowercase().contains("html") || looks_like_html(&body) {
        let at = m
            .url
            .as_deref()
            .map(|u| clip(u).into_owned())
            .unwrap_or_default();
        return no_metadata(
            m,
            format!(
                "{http}: an HTML page at {at:?} instead of {}: the DOI's registration agency \
                 offers no content negotiation (the proxy sent the landing page)",
                format.name()
            ),
        );
    }
    let text = match std::str::from_utf8(&body) {
        Ok(t) => t.trim_start_matches('\u{feff}'),
        Err(e) => {
            return unknown(m, format!("{http}: the body is not UTF-8 text ({e})"));
        }
    };
    if text.trim().is_empty() {
        return no_metadata(m, format!("{http}: an empty body: no metadata"));
    }
    let checked = match format {
        MetadataFormat::CslJson => csl(doi, text),
        MetadataFormat::Bibtex => bibtex(doi, text),
        MetadataFormat::Ris => ris(doi, text),
        MetadataFormat::Citation { .. } => Ok(serde_json::Value::String(text.trim().to_owned())),
    };
    drop(body);
    match checked {
        Ok(value) => {
            m.outcome = MetadataOutcome::Found;
            m.reason = None;
            m.value = Some(value);
            m
        }
        Err(why) => unknown(m, format!("{http}: {why}")),
    }
}

fn looks_like_html(body: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&body[..body.len().min(256)]).to_ascii_lowercase();
    let head = head.trim_start();
    head.starts_with("<!doctype html") || head.starts_with("<html")
}

/// Whether `written` names the DOI `doi` (any written form: name, `doi:`, URL).
fn same_doi(doi: &Doi<'_>, written: &str) -> Result<(), String> {
    match pidkit::doi::recognize(written.trim()) {
        Ok(r) if r.doi.equivalent(doi) => Ok(()),
        Ok(r) => Err(format!(
            "the record is for the DOI {:?}, not {:?}: not used",
            clip(r.doi.as_str()),
            doi.as_str()
        )),
        Err(e) => Err(format!(
            "the record's DOI {:?} is not a DOI ({e}): not used",
            clip(written)
        )),
    }
}

/// A CSL-JSON record: one object (an array of exactly one is taken as it), whose `DOI` is the
/// DOI asked for.
fn csl(doi: &Doi<'_>, text: &str) -> Result<serde_json::Value, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("invalid JSON ({e}), not CSL-JSON"))?;
    let value = match value {
        serde_json::Value::Array(mut items) if items.len() == 1 => items.remove(0),
        v => v,
    };
    let serde_json::Value::Object(record) = &value else {
        return Err("JSON that is not one CSL-JSON object".into());
    };
    match record.get("DOI") {
        Some(serde_json::Value::String(d)) => same_doi(doi, d)?,
        Some(_) => return Err("a CSL-JSON record whose DOI is not a string: not used".into()),
        None => {
            return Err(format!(
                "a CSL-JSON record without a DOI, so it may be about another name than {:?}: \
                 not used",
                doi.as_str()
            ));
        }
    }
    Ok(value)
}

/// A BibTeX entry (text starting with `@`), whose `doi` field, if any, is the DOI asked for.
fn bibtex(doi: &Doi<'_>, text: &str) -> Result<serde_json::Value, String> {
    let text = text.trim();
    if !text.starts_with('@') {
        return Err("text that is not a BibTeX entry (no @ at its start)".into());
    }
    if let Some(d) = bibtex_doi(text) {
        same_doi(doi, &d)?;
    }
    Ok(serde_json::Value::String(text.to_owned()))
}

/// The value of the first `doi = {…}` / `doi = "…"` field of a BibTeX entry (no nesting is
/// needed: a DOI has no braces).
fn bibtex_doi(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let b = lower.as_bytes();
    let mut from = 0;
    while let Some(at) = lower[from..].find("doi") {
        let start = from + at;
        from = start + 3;
        if start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_') {
            continue;
        }
        let rest = text[from..].trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start();
        let (close, rest) = match rest.chars().next() {
            Some('{') => ('}', &rest[1..]),
            Some('"') => ('"', &rest[1..]),
            _ => continue,
        };
        return rest.find(close).map(|end| rest[..end].to_owned());
    }
    None
}

/// A RIS record (a `TY  - ` line), whose `DO  - ` line, if any, is the DOI asked for.
fn ris(doi: &Doi<'_>, text: &str) -> Result<serde_json::Value, String> {
    let mut typed = false;
    for line in text.lines() {
        let line = line.trim_start_matches('\u{feff}');
        if line.starts_with("TY  -") {
            typed = true;
        }
        if let Some(d) = line.strip_prefix("DO  -") {
            same_doi(doi, d)?;
        }
    }
    if !typed {
        return Err("text that is not a RIS record (no TY line)".into());
    }
    Ok(serde_json::Value::String(text.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doi() -> Doi<'static> {
        Doi::parse("10.5555/ABC").unwrap().into_owned()
    }

    #[test]
    fn csl_records_are_checked() {
        assert!(csl(&doi(), r#"{"DOI":"10.5555/abc","title":"T"}"#).is_ok());
        assert!(csl(&doi(), r#"[{"DOI":"https://doi.org/10.5555/abc"}]"#).is_ok());
        for (bad, says) in [
            (r#"{"DOI":"10.5555/other"}"#, "is for the DOI"),
            (r#"{"title":"T"}"#, "without a DOI"),
            (r#"{"DOI":5}"#, "not a string"),
            (r#"[1,2]"#, "not one CSL-JSON object"),
            ("{\"DOI\":", "invalid JSON"),
            (
                &format!("{}1{}", "[".repeat(200_000), "]".repeat(200_000)),
                "invalid JSON",
            ),
        ] {
            let e = csl(&doi(), bad).unwrap_err();
            assert!(e.contains(says), "{bad:.40}: {e}");
        }
    }

    #[test]
    fn text_records_are_checked() {
        let entry = "@article{x, title = {T}, DOI = {10.5555/abc}}";
        assert!(bibtex(&doi(), entry).is_ok());
        assert!(bibtex(&doi(), "@misc{x, title={No DOI}}").is_ok());
        assert!(bibtex(&doi(), "@misc{x, doi = \"10.5555/zzz\"}").is_err());
        assert!(bibtex(&doi(), "<html>").is_err());
        assert_eq!(
            bibtex_doi("@a{k, pseudodoi = {x}, doi={10.1/y}}").as_deref(),
            Some("10.1/y")
        );
        assert!(ris(&doi(), "TY  - JOUR\nDO  - 10.5555/abc\nER  - \n").is_ok());
        assert!(ris(&doi(), "TY  - JOUR\nDO  - 10.5555/x\nER  - \n").is_err());
        assert!(ris(&doi(), "no record").is_err());
    }

    #[test]
    fn formats() {
        assert!(MetadataFormat::parse("bibtex", Some("en-US")).is_err());
        assert!(MetadataFormat::parse("xml", None).is_err());
        assert!(MetadataFormat::parse("citeproc-style:apa", Some("en\r")).is_err());
        let f = MetadataFormat::parse("citeproc-style:chicago-author-date", None).unwrap();
        assert_eq!(
            f.accept(),
            "text/x-bibliography; style=chicago-author-date; locale=en-US"
        );
        assert_ne!(
            f.key(),
            MetadataFormat::parse("citeproc-style:chicago-author-date", Some("de-DE"))
                .unwrap()
                .key()
        );
    }
}
