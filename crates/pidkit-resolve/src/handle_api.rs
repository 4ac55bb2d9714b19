//! Resolution of DOIs and other handles through the Handle API (DOI URI scheme §4; Handle.Net
//! Technical Manual §14): the answer sorted into a typed outcome by its `responseCode` and HTTP
//! status together, and its cache lifetime from the values' TTLs (RFC 3651 §3.1: relative
//! seconds or an absolute time). A DOI is a handle, so one reader serves both.

use std::time::{Duration, SystemTime};

use pidkit::Kind;
use pidkit::hdl::{Handle, HandleRecord, ResponseCode, Ttl};
use serde_json::Value;

use crate::cache::Entry;
use crate::http::{Answer, Failure};
use crate::outcome::{Outcome, Source, Step};
use crate::resolver::Config;

/// The TTL a value without one gets (the Handle System's default, RFC 3651 §3.1).
const DEFAULT_TTL: Duration = Duration::from_secs(86_400);
/// The longest a record is cached, whatever TTL the server gives (relative or absolute): the
/// server's number is never used in arithmetic that could overflow.
pub const MAX_TTL: Duration = Duration::from_secs(30 * 86_400);

/// A name looked up through the Handle API: a DOI or another handle.
pub(crate) struct Named<'a> {
    /// The kind of the identifier: part of the cache key (another service answers for another
    /// kind).
    pub kind: Kind,
    /// What the name is called in messages (the service's [`pidkit::scheme::Service::item`]).
    pub what: &'static str,
    pub handle: Handle<'a>,
}

impl Named<'_> {
    fn what(&self) -> &'static str {
        self.what
    }
}

/// The cache key: the kind and the name's equivalence key (ASCII case-insensitive: doi URI
/// scheme §3, RFC 3651 §2.1.3), plus the request's `type` and `index` parameters, which change
/// the answer.
pub(crate) fn cache_key(name: &Named<'_>, types: &[String], indexes: &[u32]) -> String {
    let mut key = format!("{}:{}", name.kind.name(), name.handle.key());
    for t in types {
        key.push_str("\u{0}type=");
        key.push_str(t);
    }
    for i in indexes {
        key.push_str(&format!("\u{0}index={i}"));
    }
    key
}

/// Sort an HTTP answer (or its absence) into a step, and the cache entry it deserves.
pub(crate) fn classify(
    doi: &Named<'_>,
    answer: Result<Answer, Failure>,
    cfg: &Config,
) -> (Step, Option<Entry>) {
    let a = match answer {
        Ok(a) => a,
        Err(f) => {
            let mut step = Step::unknown(f.reason);
            step.attempts = f.attempts;
            step.source = Source::Network;
            return (step, None);
        }
    };
    let mut step = read(doi, &a, cfg);
    step.attempts = a.attempts;
    step.source = Source::Network;
    let now = SystemTime::now();
    let expires = match step.outcome {
        Outcome::Resolved => step
            .record
            .as_ref()
            .and_then(record_of)
            .and_then(|r| expiry(&r, now)),
        Outcome::NotFound | Outcome::NoValues => Some(now + cfg.negative_ttl),
        _ => None,
    };
    let entry = expires.filter(|&t| t > now).map(|expires| Entry {
        outcome: step.outcome,
        stored: now,
        expires,
        body: a.body,
    });
    (step, entry)
}

/// A cached answer as a step (the outcome was decided when it was stored).
pub(crate) fn from_entry(doi: &Named<'_>, e: &Entry) -> Option<Step> {
    let value: Value = serde_json::from_slice(&e.body).ok()?;
    let record = record_of(&value)?;
    Some(interpret(doi, e.outcome, &record, value, &[], &[]))
}

/// The Handle record in a JSON value, if it is one.
fn record_of(v: &Value) -> Option<HandleRecord> {
    serde::Deserialize::deserialize(v).ok()
}

/// What the answer says, never guessed: a Handle JSON body whose `responseCode` agrees with the
/// HTTP status §4 pairs it with; anything else is `unknown`, with the reason.
fn read(doi: &Named<'_>, a: &Answer, cfg: &Config) -> Step {
    let ct = a.content_type.as_deref().unwrap_or("no content type");
    let http = format!("HTTP {} ({ct})", a.status);
    let retry = match a.retry_after {
        Some(d) if a.status == 429 => format!(
            ", Retry-After {} s{}",
            d.as_secs(),
            if d > cfg.client.max_retry_after {
                format!(
                    ", past the {} s limit",
                    cfg.client.max_retry_after.as_secs()
                )
            } else {
                String::new()
            }
        ),
        _ => String::new(),
    };
    let retried = if a.attempts > 1 {
        format!(" after {} attempts", a.attempts)
    } else {
        String::new()
    };
    let value: Value = match serde_json::from_slice(&a.body) {
        Ok(v) => v,
        Err(e) => {
            let what = if looks_like_html(&a.body, ct) {
                "an HTML page".to_owned()
            } else if a.body.is_empty() {
                "an empty body".to_owned()
            } else {
                format!("invalid JSON ({e})")
            };
            return Step::unknown(format!(
                "{http}{retry}{retried}: {what}, not a Handle API answer"
            ));
        }
    };
    let Some(record) = record_of(&value) else {
        return Step::unknown(format!(
            "{http}{retried}: JSON without a numeric responseCode, not a Handle API answer"
        ));
    };
    let code = record.response_code;
    if let ResponseCode::Other(n) = code {
        let msg = record
            .message
            .as_deref()
            .map_or(String::new(), |m| format!(": {m}"));
        return Step::unknown(format!("{http}: Handle responseCode {n}{msg}"));
    }
    if code.http_status() != Some(a.status) {
        return Step::unknown(format!(
            "{http}{retried}: responseCode {} comes with HTTP {} in the DOI URI scheme §4",
            code.code(),
            code.http_status().unwrap_or(0)
        ));
    }
    let outcome = match code {
        ResponseCode::Success => Outcome::Resolved,
        ResponseCode::NotFound => Outcome::NotFound,
        ResponseCode::NoValues => Outcome::NoValues,
        _ => Outcome::Error,
    };
    // The answer must be about the name asked for (compared by handle equivalence, which is
    // DOI equivalence too: Basic Latin case-insensitive). A record or "no values" must say
    // which handle it is about; a "not found" may leave it out, a server error does not name one.
    match (record.handle.as_deref(), outcome) {
        (Some(h), Outcome::Resolved | Outcome::NoValues | Outcome::NotFound)
            if !Handle::parse(h).is_ok_and(|other| other.equivalent(&doi.handle)) =>
        {
            return Step::unknown(format!(
                "{http}: the answer is for the handle {h:?}, not {:?}: not used",
                doi.handle.as_str()
            ));
        }
        (None, Outcome::Resolved | Outcome::NoValues) => {
            return Step::unknown(format!(
                "{http}: the answer has no \"handle\" member, so it may be about another \
                 name than {:?}: not used",
                doi.handle.as_str()
            ));
        }
        _ => {}
    }
    let mut step = interpret(doi, outcome, &record, value, &cfg.types, &cfg.indexes);
    if outcome == Outcome::Error && a.attempts > 1 {
        step.reason = step.reason.map(|r| format!("{r}{retried}"));
    }
    step
}

/// The step for a Handle record whose outcome is known.
fn interpret(
    doi: &Named<'_>,
    outcome: Outcome,
    record: &HandleRecord,
    value: Value,
    types: &[String],
    indexes: &[u32],
) -> Step {
    let reason = match outcome {
        Outcome::Resolved => None,
        Outcome::NotFound => Some(format!(
            "the {} {:?} was not found (Handle responseCode 100)",
            doi.what(),
            doi.handle.as_str()
        )),
        Outcome::NoValues => {
            let mut r = format!("the {} has no values", doi.what());
            if !types.is_empty() {
                r.push_str(&format!(" of type {}", types.join(", ")));
            }
            if !indexes.is_empty() {
                let ix: Vec<String> = indexes.iter().map(u32::to_string).collect();
                r.push_str(&format!(" at index {}", ix.join(", ")));
            }
            r.push_str(" (Handle responseCode 200)");
            Some(r)
        }
        _ => Some(format!(
            "the resolver reported a server error (Handle responseCode 2){}",
            record
                .message
                .as_deref()
                .map_or(String::new(), |m| format!(": {m}"))
        )),
    };
    let alias = (outcome == Outcome::Resolved)
        .then(|| {
            record
                .values_of_type("HS_ALIAS")
                .find_map(|v| v.data.as_str())
                .map(str::to_owned)
        })
        .flatten();
    let mut step = Step::new(outcome, reason);
    step.urls = record.urls().map(str::to_owned).collect();
    step.alias = alias;
    step.record = Some(value);
    step
}

fn looks_like_html(body: &[u8], content_type: &str) -> bool {
    let head = String::from_utf8_lossy(&body[..body.len().min(256)]).to_ascii_lowercase();
    content_type.contains("html")
        || head.trim_start().starts_with("<!doctype html")
        || head.contains("<html")
}

/// When a record stops being valid: the earliest of its values' TTLs, at most [`MAX_TTL`]
/// from `now`; `None` when any value must not be cached (TTL 0 or negative, or a time that
/// cannot be read). Saturating: no TTL can overflow the clock.
fn expiry(record: &HandleRecord, now: SystemTime) -> Option<SystemTime> {
    let latest = now.checked_add(MAX_TTL)?;
    let mut earliest = now.checked_add(DEFAULT_TTL)?.min(latest);
    let mut any = false;
    for v in record.values() {
        let t = match &v.ttl {
            None => now.checked_add(DEFAULT_TTL),
            Some(Ttl::Seconds(n)) if *n > 0 => {
                now.checked_add(Duration::from_secs(n.unsigned_abs()).min(MAX_TTL))
            }
            Some(Ttl::Seconds(_)) => return None,
            Some(Ttl::Until(s)) => Some(humantime::parse_rfc3339_weak(s.trim()).ok()?),
        }
        .map_or(latest, |t| t.min(latest));
        earliest = if any { earliest.min(t) } else { t };
        any = true;
    }
    Some(earliest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(json: &str) -> HandleRecord {
        HandleRecord::from_json(json).unwrap()
    }

    #[test]
    fn expiry_is_the_earliest_ttl() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":86400},
            {"index":2,"type":"URL","data":{"format":"string","value":"v"},"ttl":60}]}"#);
        assert_eq!(expiry(&r, now), Some(now + Duration::from_secs(60)));
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":"2023-11-14T22:14:20Z"}]}"#);
        // 1_700_000_000 is 2023-11-14T22:13:20Z.
        assert_eq!(expiry(&r, now), Some(now + Duration::from_secs(60)));
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":0}]}"#);
        assert_eq!(expiry(&r, now), None);
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":"tomorrow"}]}"#);
        assert_eq!(expiry(&r, now), None);
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"}}]}"#);
        assert_eq!(expiry(&r, now), Some(now + DEFAULT_TTL));
    }

    #[test]
    fn huge_ttls_are_clamped_never_overflow() {
        // Issue 11, High 2: i64::MAX seconds overflowed `SystemTime + Duration` and panicked.
        let now = SystemTime::now();
        for ttl in [
            "9223372036854775807".to_owned(),
            "4000000000000".to_owned(),
            "\"9999-12-31T23:59:59Z\"".to_owned(),
            format!("{}", MAX_TTL.as_secs() + 1),
        ] {
            let r = rec(&format!(
                r#"{{"responseCode":1,"handle":"10.1/x","values":[
                {{"index":1,"type":"URL","data":{{"format":"string","value":"u"}},"ttl":{ttl}}}]}}"#
            ));
            assert_eq!(expiry(&r, now), Some(now + MAX_TTL), "{ttl}");
        }
        // The clamp applies to the earliest TTL, so a short one still wins.
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":9223372036854775807},
            {"index":2,"type":"URL","data":{"format":"string","value":"v"},"ttl":5}]}"#);
        assert_eq!(expiry(&r, now), Some(now + Duration::from_secs(5)));
        // A clock near its end: no panic either.
        let far = SystemTime::UNIX_EPOCH + Duration::from_secs(i64::MAX as u64 / 2);
        let r = rec(r#"{"responseCode":1,"handle":"10.1/x","values":[
            {"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":9223372036854775807}]}"#);
        let _ = expiry(&r, far);
    }

    #[test]
    fn cache_keys_follow_doi_equivalence_and_parameters() {
        let doi = |s| Named {
            kind: Kind::Doi,
            what: "DOI name",
            handle: Handle::parse(s).unwrap(),
        };
        let a = doi("10.1000/abc");
        let b = doi("10.1000/ABC");
        assert_eq!(cache_key(&a, &[], &[]), cache_key(&b, &[], &[]));
        assert_eq!(cache_key(&a, &[], &[]), "doi:10.1000/ABC");
        assert_ne!(cache_key(&a, &["URL".into()], &[]), cache_key(&a, &[], &[]));
        assert_eq!(
            cache_key(&a, &["URL".into()], &[1]),
            "doi:10.1000/ABC\u{0}type=URL\u{0}index=1"
        );
        // No Unicode case folding (§3): é and É are different keys.
        let e1 = doi("10.1/é");
        let e2 = doi("10.1/É");
        assert_ne!(cache_key(&e1, &[], &[]), cache_key(&e2, &[], &[]));
        // A handle has its own keys: another resolver answers for it.
        let h = Named {
            kind: Kind::Hdl,
            what: "handle",
            handle: Handle::parse("10.1000/abc").unwrap(),
        };
        assert_eq!(cache_key(&h, &[], &[]), "hdl:10.1000/ABC");
    }
}
