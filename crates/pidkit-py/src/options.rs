//! Options as Python passes them (strings, as the CLI spells them), checked once per call.

use pidkit::{Idna, Level, PidCase, PidForm, PidOutput, ToIri, ToUri};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use pidkit::{ReadAs, ReadOptions};

/// The default rung of the comparison ladder: the library's (`Level::default()`), which the
/// CLI's `--level` defaults to as well.
pub fn default_level() -> Level {
    Level::default()
}

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
        None => Ok(default_level()),
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

/// How DOIs are written in output (the CLI's `--doi-form` and `--doi-case`).
pub fn pid_output(doi_form: &str, doi_case: &str) -> PyResult<PidOutput> {
    let form = match doi_form {
        "auto" => PidForm::Auto,
        "name" => PidForm::Name,
        "uri" => PidForm::Uri,
        "url" => PidForm::Url,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown doi_form '{doi_form}' (expected auto, name, uri or url)"
            )));
        }
    };
    let case = match doi_case {
        "upper" => PidCase::Upper,
        "lower" => PidCase::Lower,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown doi_case '{doi_case}' (expected upper or lower)"
            )));
        }
    };
    Ok(PidOutput { form, case })
}
