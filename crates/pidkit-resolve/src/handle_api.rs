//! Resolution of DOIs and other handles through the Handle API (DOI URI scheme §4; Handle.Net
//! Technical Manual §14): the answer sorted into a typed outcome by its `responseCode` and HTTP
//! status together, and its cache lifetime from the values' TTLs (RFC 3651 §3.1: relative
//! seconds or an absolute time). A DOI is a handle, so one reader serves both.

use std::time::SystemTime;

use pidkit::Kind;
use pidkit::hdl::{Handle, ResponseCode};

use crate::cache::Entry;
use crate::handle_json::{self, Fault, HandleAnswer, MAX_RECORD_BYTES, clip};
use crate::http::{Answer, Failure};
use crate::outcome::{Outcome, Source, Step};
use crate::resolver::Config;

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

/// Sort an HTTP answer (or its absence) into a step, and the cache entry it deserves. The
/// body is read once and dropped: the step keeps what the record needs.
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
    let now = SystemTime::now();
    let (mut step, expires) = read(doi, a, cfg, now);
    step.source = Source::Network;
    let expires = match step.outcome {
        Outcome::Resolved => expires,
        Outcome::NotFound | Outcome::NoValues => Some(now + cfg.negative_ttl),
        _ => None,
    };
    // Only a record kept whole is cached: one with values left out would answer with fewer URLs
    // from the cache than from the network.
    let whole = step
        .record
        .as_ref()
        .is_some_and(|r| r.get("values_omitted").is_none() && r.get("members_omitted").is_none());
    let entry = expires.filter(|&t| t > now && whole).and_then(|expires| {
        Some(Entry {
            outcome: step.outcome,
            stored: now,
            expires,
            body: serde_json::to_vec(step.record.as_ref()?).ok()?,
        })
    });
    (step, entry)
}

/// A cached answer as a step (the outcome was decided when it was stored).
pub(crate) fn from_entry(doi: &Named<'_>, e: &Entry) -> Option<Step> {
    let answer = handle_json::parse(&e.body, SystemTime::now()).ok()?;
    Some(interpret(doi, e.outcome, answer, &[], &[]))
}

/// What the answer says, never guessed: a Handle JSON body whose `responseCode` agrees with the
/// HTTP status §4 pairs it with; anything else is `unknown`, with the reason. Also when the
/// record expires (for a resolved answer).
fn read(doi: &Named<'_>, a: Answer, cfg: &Config, now: SystemTime) -> (Step, Option<SystemTime>) {
    let Answer {
        status,
        content_type,
        body,
        attempts,
        retry_after,
        ..
    } = a;
    let ct = content_type.as_deref().unwrap_or("no content type");
    let http = format!("HTTP {status} ({ct})");
    let retry = match retry_after {
        Some(d) if status == 429 => format!(
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
    let retried = if attempts > 1 {
        format!(" after {attempts} attempts")
    } else {
        String::new()
    };
    let unknown = |reason: String| {
        let mut s = Step::unknown(reason);
        s.attempts = attempts;
        (s, None)
    };
    let parsed = handle_json::parse(&body, now);
    let html = looks_like_html(&body, ct);
    let empty = body.is_empty();
    drop(body);
    let answer = match parsed {
        Ok(answer) => answer,
        Err(Fault::Syntax(e)) => {
            let what = if html {
                "an HTML page".to_owned()
            } else if empty {
                "an empty body".to_owned()
            } else {
                format!("invalid JSON ({e})")
            };
            return unknown(format!(
                "{http}{retry}{retried}: {what}, not a Handle API answer"
            ));
        }
        Err(Fault::NoCode) => {
            return unknown(format!(
                "{http}{retried}: JSON without a numeric responseCode, not a Handle API answer"
            ));
        }
        Err(Fault::Malformed(e)) => {
            return unknown(format!(
                "{http}{retried}: a malformed Handle API answer: {e}"
            ));
        }
    };
    let code = ResponseCode::from_code(answer.code);
    if let ResponseCode::Other(n) = code {
        let msg = answer
            .message
            .as_deref()
            .map_or(String::new(), |m| format!(": {m}"));
        return unknown(format!("{http}: Handle responseCode {n}{msg}"));
    }
    if code.http_status() != Some(status) {
        return unknown(format!(
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
    match (answer.handle.as_deref(), outcome) {
        (Some(h), Outcome::Resolved | Outcome::NoValues | Outcome::NotFound)
            if !Handle::parse(h).is_ok_and(|other| other.equivalent(&doi.handle)) =>
        {
            return unknown(format!(
                "{http}: the answer is for the handle {:?}, not {:?}: not used",
                clip(h),
                doi.handle.as_str()
            ));
        }
        (None, Outcome::Resolved | Outcome::NoValues) => {
            return unknown(format!(
                "{http}: the answer has no \"handle\" member, so it may be about another \
                 name than {:?}: not used",
                doi.handle.as_str()
            ));
        }
        _ => {}
    }
    let expires = answer.expires;
    let mut step = interpret(doi, outcome, answer, &cfg.types, &cfg.indexes);
    step.attempts = attempts;
    if outcome == Outcome::Error && attempts > 1 {
        step.reason = step.reason.map(|r| format!("{r}{retried}"));
    }
    (step, expires)
}

/// The step for a Handle answer whose outcome is known.
fn interpret(
    doi: &Named<'_>,
    outcome: Outcome,
    answer: HandleAnswer,
    types: &[String],
    indexes: &[u32],
) -> Step {
    let reason = match outcome {
        Outcome::Resolved if !answer.complete() => Some(omitted(&answer)),
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
            answer
                .message
                .as_deref()
                .map_or(String::new(), |m| format!(": {m}"))
        )),
    };
    let mut step = Step::new(outcome, reason);
    if outcome == Outcome::Resolved {
        step.alias = answer.alias;
    }
    step.urls = answer.urls;
    step.record = Some(answer.record);
    step
}

/// The note of a record kept in part.
fn omitted(a: &HandleAnswer) -> String {
    let mut parts = Vec::new();
    if a.values_omitted > 0 {
        let urls = match a.urls_omitted {
            0 => String::new(),
            n => format!(", {n} of them URL values, not listed"),
        };
        parts.push(format!(
            "the record keeps {} of the answer's {} values and leaves out {}{urls}",
            a.values - a.values_omitted,
            a.values,
            a.values_omitted
        ));
    }
    if a.members_omitted > 0 {
        parts.push(format!("leaves out {} other members", a.members_omitted));
    }
    format!(
        "{} (the record holds at most {} KiB of an answer's JSON; every value was read for the \
         TTL and HS_ALIAS)",
        parts.join(" and "),
        MAX_RECORD_BYTES >> 10
    )
}

fn looks_like_html(body: &[u8], content_type: &str) -> bool {
    let head = String::from_utf8_lossy(&body[..body.len().min(256)]).to_ascii_lowercase();
    content_type.contains("html")
        || head.trim_start().starts_with("<!doctype html")
        || head.contains("<html")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::handle_json::{DEFAULT_TTL, MAX_TTL};
    use std::time::Duration;

    /// A record's JSON text, with the time it is read.
    struct Rec(String);

    fn rec(json: &str) -> Rec {
        Rec(json.to_owned())
    }

    fn expiry(r: &Rec, now: SystemTime) -> Option<SystemTime> {
        handle_json::parse(r.0.as_bytes(), now).unwrap().expires
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
