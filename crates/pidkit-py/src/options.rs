//! Options as Python passes them (strings, as the CLI spells them), checked once per call by
//! `pidkit-record`'s parsers; an unknown value is a `ValueError` with the library's message.

use pidkit::record::{Op, Request};
use pidkit::{Level, PidOutput, ReadOptions, ToIri, ToUri};
use pidkit_record::options::Reads;
use pidkit_record::{Spec, options};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

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

/// Warning codes as `deny=` and `allow=` take them: `None`, a string of codes separated by
/// commas (as the CLI's `--deny`), or an iterable of strings. The codes themselves are checked
/// by the library ([`Codes::reads`]).
pub fn codes(what: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = v else {
        return Ok(Vec::new());
    };
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(s.to_str()?.split(',').map(str::to_owned).collect());
    }
    let bad = || {
        PyTypeError::new_err(format!(
            "{what}= takes warning codes: a string of codes separated by commas, or an iterable of strings"
        ))
    };
    let mut out = Vec::new();
    for item in v.try_iter().map_err(|_| bad())? {
        let item = item?;
        let s = item.cast::<PyString>().map_err(|_| bad())?;
        out.push(s.to_str()?.to_owned());
    }
    Ok(out)
}

/// `deny=` and `allow=` as Python passed them (the CLI's `--deny` and `--allow`), which with
/// `as_`, `profile`, `clean` and `deny_warnings` make the options every function reads its
/// inputs with ([`Codes::reads`]).
pub struct Codes {
    deny: Vec<String>,
    allow: Vec<String>,
}

impl Codes {
    /// `deny=` and `allow=` as given.
    pub fn new(
        deny: Option<&Bound<'_, PyAny>>,
        allow: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Ok(Codes {
            deny: codes("deny", deny)?,
            allow: codes("allow", allow)?,
        })
    }

    /// The reading options with these codes.
    pub fn reads<'a>(
        &'a self,
        as_: &'a str,
        profile: Option<&'a str>,
        clean: bool,
        deny_warnings: bool,
    ) -> Reads<'a> {
        Reads {
            as_,
            profile,
            clean,
            deny_warnings,
            deny: self.deny.iter().map(String::as_str).collect(),
            allow: self.allow.iter().map(String::as_str).collect(),
        }
    }

    /// The codes as a tuple of strings, trimmed, without empty names (what a pickle holds).
    pub fn lists(&self) -> (Vec<String>, Vec<String>) {
        let clean = |v: &[String]| -> Vec<String> {
            v.iter()
                .map(|c| c.trim().to_owned())
                .filter(|c| !c.is_empty())
                .collect()
        };
        (clean(&self.deny), clean(&self.allow))
    }
}

/// The library's request of `op` with `reads`, or the `ValueError` of a bad option.
pub fn request(op: Op, reads: &Reads<'_>) -> PyResult<Request> {
    reads.request(op).map_err(PyValueError::new_err)
}

/// The options of `to-uri`: which hosts get IDNA, and the document charset of http(s) queries.
pub fn to_uri(idna: &str, query_encoding: Option<&str>) -> PyResult<ToUri> {
    options::to_uri(idna, query_encoding).map_err(PyValueError::new_err)
}

/// The options of `to-iri`.
pub fn to_iri(unicode_hosts: bool, idna: &str) -> PyResult<ToIri> {
    options::to_iri(unicode_hosts, idna).map_err(PyValueError::new_err)
}

/// How PIDs are written in output (the CLI's `--pid-form` and `--pid-case`); `None` for the
/// library's default of each.
pub fn pid_output(pid_form: Option<&str>, pid_case: Option<&str>) -> PyResult<PidOutput> {
    options::pid_output(pid_form, pid_case).map_err(PyValueError::new_err)
}

/// `to_uri`'s and `to_iri`'s `pid_form`; a `pid_case` is refused (names keep their case in a
/// conversion, as in the CLI).
pub fn conversion_output(pid_form: Option<&str>, pid_case: Option<&str>) -> PyResult<PidOutput> {
    options::conversion_output(pid_form, pid_case).map_err(PyValueError::new_err)
}

/// The function `name` of `pidkit-record` with its options: what `pidkit.arrow`'s `check`,
/// `kind`, `normalize`, `key`, `doi_name` and `identify` read each row through, as the JVM
/// functions do.
pub fn spec(
    name: &str,
    reads: &Reads<'_>,
    level: Option<&str>,
    (pid_form, pid_case): (Option<&str>, Option<&str>),
) -> PyResult<Spec> {
    Spec::new(name, reads, level, pid_form, pid_case).map_err(PyValueError::new_err)
}

/// The code and the policy that carry a JVM function and its options to Spark's executors
/// (`pidkit.spark`'s `engine="jvm"`; `pidkit_record::Spec::code` and `Spec::policy`).
#[pyfunction]
#[pyo3(signature = (function, /, *, as_ = "auto", profile = None, level = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn jvm_spec(
    function: &str,
    as_: &str,
    profile: Option<&str>,
    level: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<&Bound<'_, PyAny>>,
    allow: Option<&Bound<'_, PyAny>>,
) -> PyResult<(i32, String)> {
    let codes = Codes::new(deny, allow)?;
    let reads = codes.reads(as_, profile, clean, deny_warnings);
    let s = spec(function, &reads, level, (pid_form, pid_case))?;
    Ok((s.code(), s.policy()))
}
