//! Options as Python passes them (strings, as the CLI spells them), checked once per call by
//! `pidkit-record`'s parsers; an unknown value is a `ValueError`.

use pidkit::{Idna, Level, PidOutput, ReadOptions, ToIri, ToUri};
use pidkit_record::{Spec, options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The default rung of the comparison ladder: the library's (`Level::default()`), which the
/// CLI's `--level` defaults to as well.
pub fn default_level() -> Level {
    Level::default()
}

/// `as_` and `profile`.
pub fn read(as_: &str, profile: Option<&str>) -> PyResult<ReadOptions> {
    options::read(as_, profile).map_err(PyValueError::new_err)
}

/// `level`: `simple`, `syntax` or `scheme`; `None` for the default.
pub fn level(level: Option<&str>) -> PyResult<Level> {
    options::level(level).map_err(PyValueError::new_err)
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
pub fn pid_output(pid_form: &str, pid_case: &str) -> PyResult<PidOutput> {
    options::pid_output(pid_form, pid_case).map_err(PyValueError::new_err)
}

/// The function `name` of `pidkit-record` with its options: what `pidkit.arrow`'s `check`,
/// `kind`, `normalize`, `key` and `doi_name` read each row through, as the JVM functions do.
pub fn spec(
    name: &str,
    as_: &str,
    profile: Option<&str>,
    level: Option<&str>,
    (pid_form, pid_case): (&str, &str),
    deny_warnings: bool,
) -> PyResult<Spec> {
    Spec::new(name, as_, profile, level, pid_form, pid_case, deny_warnings)
        .map_err(PyValueError::new_err)
}

/// The number that carries a JVM function and its options to Spark's executors
/// (`pidkit.spark`'s `engine="jvm"`; `pidkit_record::Spec::code`).
#[pyfunction]
#[pyo3(signature = (function, /, *, as_ = "auto", profile = None, level = None, pid_form = "auto", pid_case = "upper", deny_warnings = false))]
pub fn jvm_code(
    function: &str,
    as_: &str,
    profile: Option<&str>,
    level: Option<&str>,
    pid_form: &str,
    pid_case: &str,
    deny_warnings: bool,
) -> PyResult<i32> {
    spec(
        function,
        as_,
        profile,
        level,
        (pid_form, pid_case),
        deny_warnings,
    )
    .map(|s| s.code())
}
