//! `pidkit.resolve(ids, …)`: identifiers resolved over the network through `pidkit-resolve`, the
//! code `pidkit resolve` runs (the same pool, cache, deadlines, bounds and polite pacing), with
//! the DOI's metadata by content negotiation and its registration agency when asked. One flat
//! dict per input, in order, every value a string, an integer, a list of strings or `None`, so
//! that `polars.DataFrame(rows)` and `pandas.DataFrame(rows)` take it as it is.

use std::ffi::CString;
use std::time::Duration;

use pidkit_resolve::{
    Cache, ClientConfig, Config, MAX_RATE, MAX_RETRIES, MIN_RATE, MetadataFormat, Resolution,
    Resolver,
};
use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// Resolve `ids` (an iterable of strings; `None` gives a row of `None`s) and return one dict per
/// input, in order.
#[pyfunction]
#[pyo3(signature = (
    ids, /, *, metadata = None, locale = None, agency = false, record = false, resolver = None,
    mailto = None, concurrency = 4, rate = None, timeout = 30.0, deadline = 60.0, retries = 3,
    offline = false, cache_dir = None, cache = true,
))]
#[allow(clippy::too_many_arguments)]
pub fn resolve<'py>(
    py: Python<'py>,
    ids: &Bound<'py, PyAny>,
    metadata: Option<&str>,
    locale: Option<&str>,
    agency: bool,
    record: bool,
    resolver: Option<String>,
    mailto: Option<String>,
    concurrency: usize,
    rate: Option<f64>,
    timeout: f64,
    deadline: f64,
    retries: u32,
    offline: bool,
    cache_dir: Option<std::path::PathBuf>,
    cache: bool,
) -> PyResult<Bound<'py, PyList>> {
    if isinstance_str(ids) {
        return Err(PyTypeError::new_err(
            "ids is a string: give a list (or another iterable) of identifiers",
        ));
    }
    let mut inputs: Vec<Option<String>> = Vec::new();
    for (i, item) in ids.try_iter()?.enumerate() {
        let item = item?;
        if item.is_none() || is_missing(&item) {
            inputs.push(None);
            continue;
        }
        let s = item.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "ids[{i}] is a {}, not a string",
                item.get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        inputs.push(Some(s.to_cow()?.into_owned()));
    }
    let secs = |name: &str, v: f64| {
        if v.is_finite() && v > 0.0 && v < 1e6 {
            Ok(Duration::from_secs_f64(v))
        } else {
            Err(PyValueError::new_err(format!(
                "{name}={v} is not a number of seconds"
            )))
        }
    };
    if !(1..=256).contains(&concurrency) {
        return Err(PyValueError::new_err(format!(
            "concurrency={concurrency}: from 1 to 256"
        )));
    }
    if let Some(r) = rate
        && !(MIN_RATE..=MAX_RATE).contains(&r)
    {
        return Err(PyValueError::new_err(format!(
            "rate={r}: from {MIN_RATE} to {MAX_RATE} requests a second"
        )));
    }
    if retries > MAX_RETRIES {
        return Err(PyValueError::new_err(format!(
            "retries={retries}: from 0 to {MAX_RETRIES}"
        )));
    }
    if let Some(l) = locale
        && !metadata.is_some_and(|m| m.starts_with("citeproc-style:"))
    {
        return Err(PyValueError::new_err(format!(
            "locale={l:?} goes with metadata=\"citeproc-style:NAME\" only"
        )));
    }
    let format = metadata
        .map(|m| MetadataFormat::parse(m, locale))
        .transpose()
        .map_err(PyValueError::new_err)?;
    let mut cfg = Config {
        client: ClientConfig {
            timeout: secs("timeout", timeout)?,
            retries,
            mailto: mailto.filter(|m| !m.is_empty()),
            rate,
            ..ClientConfig::default()
        },
        offline,
        pool: concurrency,
        deadline: secs("deadline", deadline)?.min(pidkit_resolve::MAX_DEADLINE),
        metadata: format,
        agency,
        ..Config::default()
    };
    if let Some(url) = resolver {
        cfg.endpoints.set("doi", url);
    }
    cfg.validate()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut r = Resolver::new(cfg);
    if cache {
        let dir = cache_dir.or_else(Cache::default_dir);
        match dir.map(|d| Cache::open(&d)) {
            Some(Ok(c)) => r = r.with_cache(c),
            Some(Err(e)) if offline => {
                return Err(PyValueError::new_err(format!(
                    "offline needs the cache: {e}"
                )));
            }
            Some(Err(e)) => warn(
                py,
                &format!("cache unavailable ({e}); resolving without it"),
            )?,
            None if offline => {
                return Err(PyValueError::new_err(
                    "offline needs the cache, and there is no cache directory: give cache_dir",
                ));
            }
            None => warn(py, "no cache directory; resolving without a cache")?,
        }
    }
    let answers: Vec<Option<Resolution>> = py.detach(|| {
        let mut out: Vec<Option<Resolution>> = Vec::with_capacity(inputs.len());
        pidkit_resolve::ordered(
            inputs,
            concurrency,
            |input| {
                input.as_deref().map(|s| {
                    let mut a = r.resolve(s);
                    // Not asked for: not held until the rows are made.
                    if !record {
                        a.record = None;
                    }
                    a
                })
            },
            |input, answer| {
                out.push(match answer {
                    Ok(a) => a,
                    // A panic in a worker (a bug): the input's row says so, the others stand.
                    Err(panic) => input.as_deref().map(|s| Resolution::failed(s, &panic)),
                });
            },
        );
        out
    });
    let rows = PyList::empty(py);
    for a in &answers {
        rows.append(row(py, a.as_ref(), metadata.is_some(), agency, record)?)?;
    }
    Ok(rows)
}

/// pandas' and NumPy's missing values (`NaN`, `pd.NA`), read as `None` so that a Series with
/// gaps goes in as it is.
fn is_missing(o: &Bound<'_, PyAny>) -> bool {
    if let Ok(f) = o.cast::<pyo3::types::PyFloat>() {
        return f.value().is_nan();
    }
    o.get_type()
        .name()
        .is_ok_and(|n| n.to_cow().is_ok_and(|n| n == "NAType"))
}

fn isinstance_str(o: &Bound<'_, PyAny>) -> bool {
    o.is_instance_of::<PyString>() || o.is_instance_of::<pyo3::types::PyBytes>()
}

fn warn(py: Python<'_>, msg: &str) -> PyResult<()> {
    let msg = CString::new(format!("pidkit: {msg}").replace('\0', " "))
        .unwrap_or_else(|_| CString::from(c"pidkit: warning"));
    PyErr::warn(py, &py.get_type::<PyUserWarning>(), &msg, 1)
}

/// A serialisable value as its JSON string form (`"resolved"`, `"doi"`), for enums.
fn name_of<T: serde::Serialize>(v: &T) -> Option<String> {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The flat dict of one answer (every key present in every row, `None` where it has no value).
fn row<'py>(
    py: Python<'py>,
    a: Option<&Resolution>,
    metadata: bool,
    agency: bool,
    record: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("input", a.map(|a| a.input.as_str()))?;
    d.set_item("kind", a.and_then(|a| a.kind.as_ref().and_then(name_of)))?;
    d.set_item("name", a.and_then(|a| a.name.as_deref()))?;
    d.set_item("outcome", a.map(|a| a.outcome.as_str()))?;
    d.set_item("reason", a.and_then(|a| a.reason.as_deref()))?;
    d.set_item("urls", a.map(|a| a.urls.clone()))?;
    d.set_item("aliases", a.map(|a| a.aliases.clone()))?;
    d.set_item("source", a.and_then(|a| name_of(&a.source)))?;
    d.set_item("attempts", a.map(|a| a.attempts))?;
    if record {
        let json = a.and_then(|a| a.record.as_ref()).map(|v| v.to_string());
        d.set_item("record", json)?;
    }
    if agency {
        let g = a.and_then(|a| a.agency.as_ref());
        d.set_item("agency", g.and_then(|g| g.name.as_deref()))?;
        d.set_item("agency_outcome", g.map(|g| g.outcome.as_str()))?;
        d.set_item("agency_reason", g.and_then(|g| g.reason.as_deref()))?;
    }
    if metadata {
        let m = a.and_then(|a| a.metadata.as_ref());
        d.set_item("metadata_outcome", m.map(|m| m.outcome.as_str()))?;
        d.set_item("metadata_reason", m.and_then(|m| m.reason.as_deref()))?;
        let value = m.and_then(|m| m.value.as_ref());
        let text = value.map(|v| match v {
            serde_json::Value::String(s) => s.clone(),
            v => v.to_string(),
        });
        d.set_item("metadata", text)?;
        let f = value.map(CslFields::of).unwrap_or_default();
        d.set_item("title", f.title)?;
        d.set_item("author", f.author)?;
        d.set_item("year", f.year)?;
        d.set_item("container", f.container)?;
    }
    Ok(d)
}

/// The flat fields of a CSL-JSON record (as `pidkit resolve`'s human output and `verify` read
/// them): its first title, first author's family name (with its particle), issued year and
/// first container title.
#[derive(Default)]
struct CslFields {
    title: Option<String>,
    author: Option<String>,
    year: Option<i64>,
    container: Option<String>,
}

impl CslFields {
    fn of(v: &serde_json::Value) -> CslFields {
        let Some(item) = v.as_object() else {
            return CslFields::default();
        };
        let text = |k: &str| match item.get(k) {
            Some(serde_json::Value::String(s)) => Some(s.clone()),
            Some(serde_json::Value::Array(a)) => {
                a.iter().find_map(|v| v.as_str().map(str::to_owned))
            }
            _ => None,
        };
        let author = item.get("author").and_then(|a| a.get(0)).and_then(|a| {
            let part = |k: &str| a.get(k).and_then(|v| v.as_str());
            match (part("non-dropping-particle"), part("family")) {
                (Some(p), Some(f)) => Some(format!("{p} {f}")),
                (None, Some(f)) => Some(f.to_owned()),
                _ => part("literal").map(str::to_owned),
            }
        });
        let year = ["issued", "published-print", "published-online"]
            .iter()
            .find_map(|k| match item.get(*k)?.pointer("/date-parts/0/0")? {
                serde_json::Value::Number(n) => n.as_i64(),
                serde_json::Value::String(s) => s.trim().parse().ok(),
                _ => None,
            })
            .filter(|y| (-9999..=9999).contains(y));
        CslFields {
            title: text("title"),
            author,
            year,
            container: text("container-title"),
        }
    }
}
