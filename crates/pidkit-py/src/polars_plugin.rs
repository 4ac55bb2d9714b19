//! The Polars expression plugin: `pl.col(...).pid.check()`, `kind`, `normalize`, `key`,
//! `doi_name`, `identify`, `to_uri` and `to_iri` run in Rust on Polars' own string buffers,
//! inside Polars' engine (lazy, streaming, its thread pool), with no Arrow export and import
//! and no Python per batch.
//!
//! `pidkit.polars` registers each expression with its options, pickled by Polars and read here
//! once per batch: for the functions of a [`Spec`], the spec's code and policy (what carries
//! it to the JVM functions too, `pidkit._pidkit.jvm_spec`); for the conversions, the options
//! as `pidkit.arrow.to_uri` and `to_iri` take them ([`ConversionKwargs`]). Every row goes
//! through the same code as `pidkit.arrow`'s function of the same name, in the same order
//! (groups of alike values, [`Grouped`], where that function uses them), so the two answer
//! alike (the tests hold them to each other, row by row).
//!
//! The C functions Polars calls are written by `pyo3-polars`' derive macro; they are the only
//! unsafe code of the extension, and this module allows it for them alone (Cargo.toml's lints).
#![allow(unsafe_code)]

use pidkit::record::Op;
use pidkit_record::options::{self, Reads};
use pidkit_record::{Function, Grouped, Spec, with_record};
use polars::prelude::*;
use pyo3_polars::derive::polars_expr;
use serde::Deserialize;

/// The options of every expression of the plugin: a [`Spec`] as [`Spec::code`] and
/// [`Spec::policy`] make it.
#[derive(Deserialize)]
struct SpecKwargs {
    code: i32,
    policy: String,
}

impl SpecKwargs {
    fn spec(&self) -> PolarsResult<Spec> {
        Spec::from_code(self.code, &self.policy).map_err(|e| polars_err!(ComputeError: "{e}"))
    }
}

/// The input column as strings: a column of nulls alone (Polars' `Null` type) is one of
/// strings that are all null; any other type than strings is an error that names it.
fn strings(inputs: &[Series]) -> PolarsResult<StringChunked> {
    let s = inputs
        .first()
        .ok_or_else(|| polars_err!(ComputeError: "pidkit: an expression of one column"))?;
    match s.dtype() {
        DataType::String => Ok(s.str()?.clone()),
        DataType::Null => Ok(s.cast(&DataType::String)?.str()?.clone()),
        other => polars_bail!(
            InvalidOperation: "pidkit reads a column of strings, not {other} (cast it with .cast(pl.String))"
        ),
    }
}

/// Each row's answer in the column's order, worked out in groups of alike values.
fn grouped<A: Copy>(
    ca: &StringChunked,
    answer: impl FnMut(&str, &mut String) -> A,
    out: impl FnMut(Option<(A, &str)>),
) {
    Grouped::new().run_all(|each| ca.iter().for_each(each), answer, out);
}

/// `check`: the CLI's `valid` (null for a null row).
#[polars_expr(output_type=Boolean)]
fn pid_check(inputs: &[Series], kwargs: SpecKwargs) -> PolarsResult<Series> {
    let spec = kwargs.spec()?;
    let ca = strings(inputs)?;
    let mut out = BooleanChunkedBuilder::new(ca.name().clone(), ca.len());
    grouped(
        &ca,
        |t, _| spec.check(t),
        |a| out.append_option(a.map(|(v, _)| v)),
    );
    Ok(out.finish().into_series())
}

/// The string functions of a [`Spec`]: `kind`, `normalize`, `key`, `doi_name` (null for a
/// null row, and where the function has no value: an invalid input, or no DOI). `doi_name`
/// reads a column of one kind, in its order, as `pidkit.arrow.doi_name` does.
#[polars_expr(output_type=String)]
fn pid_string(inputs: &[Series], kwargs: SpecKwargs) -> PolarsResult<Series> {
    let spec = kwargs.spec()?;
    let ca = strings(inputs)?;
    let mut out = StringChunkedBuilder::new(ca.name().clone(), ca.len());
    if spec.function() == Function::DoiName {
        for t in ca.iter() {
            match t {
                Some(t) => spec.string(t, |v| out.append_option(v)),
                None => out.append_null(),
            }
        }
    } else {
        let answer = |t: &str, text: &mut String| {
            let mut some = false;
            spec.string(t, |v| {
                some = v.is_some();
                text.push_str(v.unwrap_or_default());
            });
            some
        };
        grouped(&ca, answer, |a| {
            out.append_option(a.and_then(|(some, v)| some.then_some(v)))
        });
    }
    Ok(out.finish().into_series())
}

/// The type of `identify`'s column: a struct of `kind`, `valid` and `normalized`, named after
/// the input.
fn identify_type(fields: &[Field]) -> PolarsResult<Field> {
    let name = fields.first().map(|f| f.name().clone()).unwrap_or_default();
    let members = vec![
        Field::new("kind".into(), DataType::String),
        Field::new("valid".into(), DataType::Boolean),
        Field::new("normalized".into(), DataType::String),
    ];
    Ok(Field::new(name, DataType::Struct(members)))
}

/// `identify`: the CLI's `normalize --json` record's `kind`, `valid` and `normalized` (null
/// where not valid), from one reading of each row; a null row for a null.
#[polars_expr(output_type_func=identify_type)]
fn pid_identify(inputs: &[Series], kwargs: SpecKwargs) -> PolarsResult<Series> {
    let spec = kwargs.spec()?;
    let ca = strings(inputs)?;
    let rows = ca.len();
    let mut kind = StringChunkedBuilder::new("kind".into(), rows);
    let mut valid = BooleanChunkedBuilder::new("valid".into(), rows);
    let mut normalized = StringChunkedBuilder::new("normalized".into(), rows);
    let answer = |t: &str, text: &mut String| {
        spec.identify(t, |k, v, n| {
            text.push_str(n.unwrap_or_default());
            (k, v, n.is_some())
        })
    };
    grouped(&ca, answer, |a| match a {
        Some(((k, v, some), n)) => {
            kind.append_value(k.name());
            valid.append_value(v);
            normalized.append_option(some.then_some(n));
        }
        None => {
            kind.append_null();
            valid.append_value(false);
            normalized.append_null();
        }
    });
    let members = [
        kind.finish().into_series(),
        valid.finish().into_series(),
        normalized.finish().into_series(),
    ];
    let out = StructChunked::from_series(ca.name().clone(), rows, members.iter())?;
    Ok(out.with_outer_validity(ca.rechunk_validity()).into_series())
}

/// The options of `to_uri` and `to_iri`, as `pidkit.arrow`'s functions take them (checked by
/// `pidkit.polars` when the expression is made, with the Arrow function's messages).
#[derive(Deserialize)]
struct ConversionKwargs {
    /// `uri` or `iri`.
    to: String,
    idna: String,
    query_encoding: Option<String>,
    unicode_hosts: bool,
    as_: String,
    profile: Option<String>,
    pid_form: Option<String>,
    clean: bool,
    deny_warnings: bool,
    deny: Vec<String>,
    allow: Vec<String>,
}

impl ConversionKwargs {
    /// The record's request, as `pidkit.arrow.to_uri` or `to_iri` makes it.
    fn request(&self) -> Result<pidkit::record::Request, String> {
        let out = options::conversion_output(self.pid_form.as_deref(), None)?;
        let op = match self.to.as_str() {
            "uri" => Op::ToUri(
                options::to_uri(&self.idna, self.query_encoding.as_deref())?,
                out,
            ),
            "iri" => Op::ToIri(options::to_iri(self.unicode_hosts, &self.idna)?, out),
            other => return Err(format!("pidkit: no conversion to '{other}'")),
        };
        let reads = Reads {
            as_: &self.as_,
            profile: self.profile.as_deref(),
            clean: self.clean,
            deny_warnings: self.deny_warnings,
            deny: self.deny.iter().map(String::as_str).collect(),
            allow: self.allow.iter().map(String::as_str).collect(),
        };
        reads.request(op)
    }
}

/// `to_uri` and `to_iri`: the CLI's `uri` / `iri` field, null where the input is null or not
/// valid (an error, or a warning the policy denies); in the column's order, as
/// `pidkit.arrow`'s conversions read.
#[polars_expr(output_type=String)]
fn pid_convert(inputs: &[Series], kwargs: ConversionKwargs) -> PolarsResult<Series> {
    let req = kwargs
        .request()
        .map_err(|e| polars_err!(ComputeError: "{e}"))?;
    let ca = strings(inputs)?;
    let mut out = StringChunkedBuilder::new(ca.name().clone(), ca.len());
    for t in ca.iter() {
        match t {
            Some(t) => with_record(t, &req, |r| {
                out.append_option(r.value().filter(|_| r.valid))
            }),
            None => out.append_null(),
        }
    }
    Ok(out.finish().into_series())
}
