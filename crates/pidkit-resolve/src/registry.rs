//! IVOID resolution (IVOA Identifiers 2.0 §2.5): the Registry part looked up in a RegTAP
//! service (RegTAP 1.1 `rr.resource`, `rr.capability`, `rr.interface`) with a synchronous TAP
//! query (TAP 1.1 §2.2), the VOTable answer read into a registry record.

use std::collections::HashMap;
use std::time::SystemTime;

use pidkit::ivo::Ivoid;
use serde_json::{Value, json};

use crate::cache::Entry;
use crate::http::{Client, Request};
use crate::outcome::{Outcome, Source, Step};
use crate::resolver::Config;
use crate::votable::{QueryStatus, VoTable};

/// The ADQL query for one Registry part, already lowercased as RegTAP stores IVOIDs. Outer
/// joins keep resources without capabilities (authorities, organisations) and capabilities
/// without interfaces.
///
/// ```
/// let q = pidkit_resolve::regtap_query("ivo://org.gavo.dc/tap");
/// assert!(q.contains("FROM rr.resource AS r"));
/// assert!(q.ends_with("WHERE r.ivoid = 'ivo://org.gavo.dc/tap' ORDER BY c.cap_index, i.intf_index"));
/// // Quotes are doubled, as ADQL string literals require.
/// assert!(pidkit_resolve::regtap_query("ivo://a.b/it's").contains("'ivo://a.b/it''s'"));
/// ```
pub fn regtap_query(registry_part: &str) -> String {
    format!(
        "SELECT r.ivoid, r.res_type, r.res_title, c.cap_index, c.standard_id, c.cap_type, \
         i.intf_type, i.intf_role, i.url_use, i.access_url \
         FROM rr.resource AS r \
         LEFT OUTER JOIN rr.capability AS c ON c.ivoid = r.ivoid \
         LEFT OUTER JOIN rr.interface AS i ON i.ivoid = c.ivoid AND i.cap_index = c.cap_index \
         WHERE r.ivoid = '{}' ORDER BY c.cap_index, i.intf_index",
        registry_part.replace('\'', "''")
    )
}

/// Ask the registry; the step and the cache entry it deserves.
pub(crate) fn lookup(
    client: &Client,
    cfg: &Config,
    base: &str,
    registry_part: &str,
    until: std::time::Instant,
) -> (Step, Option<Entry>) {
    let url = format!("{}/sync", base.trim_end_matches('/'));
    let query = regtap_query(registry_part);
    let form = [
        ("REQUEST", "doQuery"),
        ("LANG", "ADQL"),
        ("QUERY", query.as_str()),
    ];
    let mut step = match client.send(&Request::PostForm(&url, &form), until) {
        Err(f) => {
            let mut s = Step::unknown(f.reason);
            s.attempts = f.attempts;
            s.source = Source::Network;
            return (s, None);
        }
        Ok(a) => {
            let ct = a.content_type.as_deref().unwrap_or("no content type");
            let http = format!("HTTP {} ({ct})", a.status);
            let mut s = match VoTable::parse(&a.body) {
                Err(e) => Step::unknown(format!("{http}: not a VOTable answer: {e}")),
                Ok(t) => match &t.status {
                    QueryStatus::Error(msg) => Step::new(
                        Outcome::Error,
                        Some(format!("the registry reported an error: {msg}")),
                    ),
                    QueryStatus::Other(value, msg) => Step::unknown(format!(
                        "{http}: the query status is {value:?} ({msg}), neither OK nor \
                         OVERFLOW: not an answer"
                    )),
                    _ if !(200..300).contains(&a.status) => {
                        Step::unknown(format!("{http}: a VOTable without an error status"))
                    }
                    _ => read(registry_part, &t),
                },
            };
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

/// A cached registry answer as a step.
pub(crate) fn from_entry(e: &Entry) -> Option<Step> {
    let record: Value = serde_json::from_slice(&e.body).ok()?;
    Some(match e.outcome {
        Outcome::Resolved => resolved(record),
        Outcome::NotFound => not_found(record.get("ivoid")?.as_str()?),
        _ => return None,
    })
}

fn not_found(registry_part: &str) -> Step {
    let mut s = Step::new(
        Outcome::NotFound,
        Some(format!(
            "no registry record for {registry_part}; Identifiers 2.0 §2.5: clients SHOULD \
             assume it is obsolete"
        )),
    );
    s.record = Some(json!({ "ivoid": registry_part }));
    s
}

fn resolved(record: Value) -> Step {
    let mut urls: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for cap in record["capabilities"].as_array().into_iter().flatten() {
        for intf in cap["interfaces"].as_array().into_iter().flatten() {
            if let Some(u) = intf["access_url"].as_str()
                && seen.insert(u)
            {
                urls.push(u.to_owned());
            }
        }
    }
    let mut s = Step::new(Outcome::Resolved, None);
    s.urls = urls;
    s.record = Some(record);
    s
}

/// The registry record from the joined rows: one resource, its capabilities in `cap_index`
/// order, each with its interfaces. Linear in the rows (capabilities are found through a map).
/// Every row must be about the resource asked for (Identifiers 2.0 §2.6: the Registry part
/// compared case-insensitively); an answer about another resource is not used.
pub(crate) fn read(registry_part: &str, t: &VoTable) -> Step {
    if t.rows.is_empty() {
        // "No record" only from a table that answers the query: one with its DATA and the
        // ivoid column, complete (not cut at MAXREC). Anything less says nothing about the
        // resource, and is never cached as "not found".
        let missing = if !t.table {
            Some("a VOTable without a TABLE")
        } else if !t.data {
            Some("a table without DATA")
        } else if t.column("ivoid").is_none() {
            Some("a table without the ivoid column the query asks for")
        } else if t.status == QueryStatus::Overflow {
            Some("no rows, and an OVERFLOW status")
        } else {
            None
        };
        return match missing {
            Some(what) => Step::unknown(format!(
                "the registry answered with {what}: not an answer about {registry_part}"
            )),
            None => not_found(registry_part),
        };
    }
    let column = |name: &str| t.column(name);
    let (c_ivoid, c_std, c_type, c_index) = (
        column("ivoid"),
        column("standard_id"),
        column("cap_type"),
        column("cap_index"),
    );
    let (c_itype, c_role, c_use, c_url) = (
        column("intf_type"),
        column("intf_role"),
        column("url_use"),
        column("access_url"),
    );
    let (c_title, c_rtype) = (column("res_title"), column("res_type"));
    let col = |row: &[Option<String>], c: Option<usize>| -> Value {
        c.and_then(|i| row.get(i).cloned().flatten())
            .map_or(Value::Null, Value::String)
    };
    let asked = Ivoid::parse(registry_part).ok();
    // Every row of a proper answer names the same resource: it is checked once.
    let mut checked: Option<&str> = None;
    for row in &t.rows {
        let named = c_ivoid.and_then(|i| row.get(i)).and_then(Option::as_deref);
        if named.is_some() && named == checked {
            continue;
        }
        checked = named;
        let same = match (named, &asked) {
            (Some(n), Some(a)) => Ivoid::parse(n).is_ok_and(|n| n.equivalent(a)),
            (Some(n), None) => n.eq_ignore_ascii_case(registry_part),
            (None, _) => false,
        };
        if !same {
            return Step::unknown(match named {
                Some(n) => {
                    format!("the registry answered about {n:?}, not {registry_part:?}: not used")
                }
                None => "the registry answer does not say which resource it describes \
                         (no ivoid column value): not used"
                    .to_owned(),
            });
        }
    }
    let first = &t.rows[0];
    // (grouping key, capability), and where each key is.
    let mut caps: Vec<(Value, Value)> = Vec::new();
    let mut at_key: HashMap<String, usize> = HashMap::new();
    for row in &t.rows {
        let (std_id, cap_type) = (col(row, c_std), col(row, c_type));
        let cap_key = match col(row, c_index) {
            Value::Null if std_id.is_null() && cap_type.is_null() => continue,
            Value::Null => json!([std_id, cap_type]),
            index => index,
        };
        let at = *at_key.entry(cap_key.to_string()).or_insert_with(|| {
            caps.push((
                cap_key,
                json!({"standard_id": std_id, "type": cap_type, "interfaces": []}),
            ));
            caps.len() - 1
        });
        let cap = &mut caps[at].1;
        let access_url = col(row, c_url);
        if !access_url.is_null()
            && let Some(list) = cap["interfaces"].as_array_mut()
        {
            list.push(json!({
                "type": col(row, c_itype),
                "role": col(row, c_role),
                "url_use": col(row, c_use),
                "access_url": access_url,
            }));
        }
    }
    let mut step = resolved(json!({
        "ivoid": col(first, c_ivoid),
        "title": col(first, c_title),
        "type": col(first, c_rtype),
        "capabilities": caps.into_iter().map(|(_, c)| c).collect::<Vec<_>>(),
    }));
    if t.status == QueryStatus::Overflow {
        step.reason = Some("the registry truncated the answer (OVERFLOW)".into());
    }
    step
}
