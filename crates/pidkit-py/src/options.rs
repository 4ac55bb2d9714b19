//! Options as Python passes them (strings, as the CLI spells them), checked once per call.

use pidkit::{Idna, Level, ToIri, ToUri};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use pidkit::{ReadAs, ReadOptions};

/// The default rung of the comparison ladder, named once for the whole package (the CLI's
/// `--level` default).
pub const DEFAULT_LEVEL: Level = Level::Syntax;

/// `as_` and `profile`.
pub fn read(as_: &str, profile: Option<&str>) -> PyResult<ReadOptions> {
    let read_as: ReadAs = as_.parse().map_err(|e| {
        PyValueError::new_err(format!(
            "{e} (expected auto, iri, iri-ref, uri, uri-ref, leiri, web, doi, urn or ivo)"
        ))
    })?;
    ReadOptions::new(read_as, profile).map_err(PyValueError::new_err)
}

/// `level`: `simple`, `syntax` or `scheme`; `None` for the default.
pub fn level(level: Option<&str>) -> PyResult<Level> {
    match level {
        None => Ok(DEFAULT_LEVEL),
        Some(l) => l.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown level '{l}' (expected simple, syntax or scheme)"
            ))
        }),
    }
}

/// `idna`: `dns` (http, https, ws, wss, ftp hosts), `any` or `never`.
fn idna(idna: &str) -> PyResult<Idna> {
    match idna {
        "dns" => Ok(Idna::DnsSchemes),
        "any" => Ok(Idna::AnyAuthority),
        "never" => Ok(Idna::Never),
        _ => Err(PyValueError::new_err(format!(
            "unknown idna '{idna}' (expected dns, any or never)"
        ))),
    }
}

/// The options of `to-uri`: which hosts get IDNA, and the document charset of http(s) queries.
pub fn to_uri(idna_: &str, query_encoding: Option<&str>) -> PyResult<ToUri> {
    let mut t = ToUri::new().idna(idna(idna_)?);
    if let Some(label) = query_encoding {
        let enc = pidkit::Encoding::for_label(label.as_bytes())
            .ok_or_else(|| PyValueError::new_err(format!("unknown encoding label '{label}'")))?;
        t = t.query_encoding(enc);
    }
    Ok(t)
}

/// The options of `to-iri`.
pub fn to_iri(unicode_hosts: bool, idna_: &str) -> PyResult<ToIri> {
    Ok(ToIri::new().idna(idna(idna_)?).unicode_hosts(unicode_hosts))
}
