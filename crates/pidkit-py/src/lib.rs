//! `pidkit._pidkit`: the native half of the Python package `pidkit` (python/pidkit). The
//! scalar API ([`scalar`]) and the Arrow batch functions ([`arrow`]) both read each input through
//! [`record`] (the `pidkit-record` crate, which the JVM functions share), so they answer as the
//! CLI does.

mod arrow;
mod message;
mod options;
mod polars_plugin;
mod resolve;
mod scalar;

use pidkit::record;

use pyo3::prelude::*;

/// The allocator of everything this extension allocates, the Arrow columns it returns
/// included: mimalloc keeps freed pages for the next call, where the C library's allocator
/// hands large freed blocks back to the system (Cargo.toml has the figures).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The extension module.
#[pymodule]
fn _pidkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ParseError", py.get_type::<scalar::ParseError>())?;
    m.add("DEFAULT_LEVEL", options::default_level().name())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<scalar::Identifier>()?;
    m.add_class::<scalar::Iri>()?;
    m.add_class::<scalar::Pid>()?;
    m.add_class::<scalar::IriPid>()?;
    scalar::scheme_classes(m)?;
    m.add_class::<scalar::CheckWarning>()?;
    m.add_class::<scalar::Check>()?;
    m.add_class::<scalar::Found>()?;
    m.add_function(wrap_pyfunction!(scalar::parse, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::check, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::compare, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::key, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::join, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::extract, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::detect, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_check, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_kind, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_key, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_identify, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_doi_name, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_join, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_extract, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_parse, m)?)?;
    m.add_function(wrap_pyfunction!(options::jvm_spec, m)?)?;
    m.add_function(wrap_pyfunction!(resolve::resolve, m)?)?;
    Ok(())
}
