//! Resolution by redirect ([`pidkit::scheme::Protocol::Redirect`]): the resolver (N2T, an
//! ARK's NMA — draft-kunze-ark "Finding a Resolver Service", THUMP) answers `GET {address}/{name}`
//! with a redirect, and where it sends the client is the answer. The redirect is not followed:
//! the target is another server, which this resolver has no business asking.

use std::time::SystemTime;

use serde_json::{Value, json};

use crate::cache::Entry;
use crate::http::{Client, Request};
use crate::outcome::{Outcome, Source, Step};
use crate::resolver::Config;

/// The longest `Location` taken from an answer: longer ones are not URLs a resolver sends.
pub const MAX_LOCATION: usize = 8 << 10;

/// Ask `url`; the step and the cache entry it deserves. `item` is what the name is called in
/// messages.
pub(crate) fn lookup(
    client: &Client,
    cfg: &Config,
    url: &str,
    item: &str,
    until: std::time::Instant,
) -> (Step, Option<Entry>) {
    let mut step = match client.send(&Request::GetNoRedirect(url), until) {
        Err(f) => {
            let mut s = Step::unknown(f.reason);
            s.attempts = f.attempts;
            s.source = Source::Network;
            return (s, None);
        }
        Ok(a) => {
            let mut s = classify(url, a.status, a.location.as_deref(), item);
            if s.outcome == Outcome::Resolved && (200..300).contains(&a.status) {
                s.record = Some(page(url, a.status, a.content_type.as_deref(), &a.body));
            }
            s.attempts = a.attempts;
            s
        }
    };
    step.source = Source::Network;
    let now = SystemTime::now();
    let ttl = match step.outcome {
        Outcome::Resolved => Some(cfg.registry_ttl),
        Outcome::NotFound => Some(cfg.negative_ttl),
        _ => None,
    };
    let entry = ttl.filter(|t| !t.is_zero()).map(|ttl| Entry {
        outcome: step.outcome,
        stored: now,
        expires: now + ttl,
        body: serde_json::to_vec(&step.record).unwrap_or_default(),
    });
    (step, entry)
}

/// The step for an answer with `status` and `location` to a request for `url`.
fn classify(url: &str, status: u16, location: Option<&str>, item: &str) -> Step {
    match (status, location) {
        (300..=399, Some(loc)) => {
            let target = absolute(url, loc);
            match target {
                Some(t) if t.len() <= MAX_LOCATION && !t.chars().any(char::is_control) => {
                    resolved(json!({ "url": url, "status": status, "location": t }))
                }
                _ => Step::unknown(format!(
                    "HTTP {status}: the redirect's Location is not a URL this resolver accepts"
                )),
            }
        }
        (300..=399, None) => Step::unknown(format!("HTTP {status}: a redirect without a Location")),
        (404 | 410, _) => not_found(url, status, item),
        // The resolver serves the identifier itself (or its metadata, for `?info`).
        (200..=299, _) => {
            let mut s = resolved(json!({ "url": url, "status": status }));
            s.urls = vec![url.to_owned()];
            s
        }
        _ => Step::unknown(format!("HTTP {status} from the resolver")),
    }
}

/// `loc` made absolute against `url` (a `Location` may be relative, RFC 9110 §10.2.2).
pub(crate) fn absolute(url: &str, loc: &str) -> Option<String> {
    let base = pidkit::Iri::parse(url).ok()?;
    let r = pidkit::IriRef::parse(loc.trim()).ok()?;
    Some(base.resolve(&r).as_str().to_owned())
}

/// The most of a page's text kept in the record (`?info` metadata is a few lines of ERC).
pub const MAX_PAGE_TEXT: usize = 64 << 10;

/// The record of a 2xx answer: its text when it is text of at most [`MAX_PAGE_TEXT`] bytes
/// (`metadata`, the ERC record of a `?info` inflection), else only its type and size.
fn page(url: &str, status: u16, content_type: Option<&str>, body: &[u8]) -> Value {
    let text = content_type.is_some_and(|t| t.trim_start().starts_with("text/"));
    let metadata = (text && body.len() <= MAX_PAGE_TEXT)
        .then(|| std::str::from_utf8(body).ok())
        .flatten();
    json!({
        "url": url,
        "status": status,
        "content_type": content_type,
        "bytes": body.len(),
        "metadata": metadata,
    })
}

fn resolved(record: Value) -> Step {
    let mut s = Step::new(Outcome::Resolved, None);
    if let Some(u) = record["location"].as_str().or(record["url"].as_str()) {
        s.urls = vec![u.to_owned()];
    }
    s.record = Some(record);
    s
}

fn not_found(url: &str, status: u16, item: &str) -> Step {
    let mut s = Step::new(
        Outcome::NotFound,
        Some(format!("the resolver knows no such {item} (HTTP {status})")),
    );
    s.record = Some(json!({ "url": url, "status": status }));
    s
}

/// A cached answer as a step.
pub(crate) fn from_entry(e: &Entry) -> Option<Step> {
    let record: Value = serde_json::from_slice(&e.body).ok()?;
    Some(match e.outcome {
        Outcome::Resolved => resolved(record),
        Outcome::NotFound => {
            let status = u16::try_from(record.get("status")?.as_u64()?).ok()?;
            let mut s = not_found(record.get("url")?.as_str()?, status, "identifier");
            s.record = Some(record);
            s
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_and_their_absence() {
        let u = "http://127.0.0.1:1/ark:12345/x";
        let s = classify(u, 302, Some("https://example.org/x"), "ARK");
        assert_eq!(
            (s.outcome, s.urls.as_slice()),
            (Outcome::Resolved, &["https://example.org/x".to_owned()][..])
        );
        let s = classify(u, 301, Some("/other"), "ARK");
        assert_eq!(s.urls, ["http://127.0.0.1:1/other"]);
        assert_eq!(classify(u, 404, None, "ARK").outcome, Outcome::NotFound);
        assert_eq!(classify(u, 302, None, "ARK").outcome, Outcome::Unknown);
        assert_eq!(classify(u, 200, None, "ARK").urls, [u]);
        assert_eq!(classify(u, 503, None, "ARK").outcome, Outcome::Unknown);
        // A Location with a control character, or too long, is not taken.
        assert_eq!(
            classify(u, 302, Some("http://a/\u{1b}[2J"), "ARK").outcome,
            Outcome::Unknown
        );
        let long = format!("http://a/{}", "x".repeat(MAX_LOCATION));
        assert_eq!(
            classify(u, 302, Some(&long), "ARK").outcome,
            Outcome::Unknown
        );
    }
}
