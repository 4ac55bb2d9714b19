//! The Polars expression plugin: every function of `pl.col(...).pid` (`check`, `kind`,
//! `normalize`, `key`, `doi_name`, `identify`, `to_uri`, `to_iri`, `parse`, `extract`, `join`)
//! runs in Rust on Polars' own string buffers, inside Polars' engine (lazy, streaming, its
//! thread pool), with no pyarrow round trip and no Python per batch.
//!
//! `pidkit.polars` registers each expression with its options, pickled by Polars and read here
//! once per batch: for the functions of a [`Spec`], the spec's code and policy (what carries
//! it to the JVM functions too, `pidkit._pidkit.jvm_spec`); for `parse` and the conversions,
//! the options as `pidkit.arrow`'s functions take them ([`ReadKwargs`], [`ConversionKwargs`]).
//! `parse`'s and `extract`'s nested columns are built by `pidkit.arrow`'s builders. Every row goes
//! through the same code as `pidkit.arrow`'s function of the same name, in the same order
//! (groups of alike values, [`Grouped`], where that function uses them), so the two answer
//! alike (the tests hold them to each other, row by row).
//!
//! The C functions Polars calls are written by `pyo3-polars`' derive macro; they and the hand
//! over of nested columns to Polars ([`to_series`]) are the only unsafe code of the extension,
//! and this module allows it for them alone (Cargo.toml's lints).
#![allow(unsafe_code)]

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, ArrayRef};
use pidkit::record::Op;
use pidkit_record::options::{self, Reads};
use pidkit_record::{Function, Grouped, Spec, with_record};
use polars::prelude::*;
use pyo3_polars::derive::polars_expr;
use pyo3_polars::export::polars_arrow::ffi;
use serde::Deserialize;

use crate::arrow::{Family, Join, extract_column, parse_column};

/// A message of the library's (an option it refused, a column too large) as Polars' error.
fn compute_error(e: impl std::fmt::Display) -> PolarsError {
    polars_err!(ComputeError: "{e}")
}

/// The options of every expression of the plugin: a [`Spec`] as [`Spec::code`] and
/// [`Spec::policy`] make it.
#[derive(Deserialize)]
struct SpecKwargs {
    code: i32,
    policy: String,
}

impl SpecKwargs {
    fn spec(&self) -> PolarsResult<Spec> {
        Spec::from_code(self.code, &self.policy).map_err(compute_error)
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
        let answer = |t: &str, text: &mut String| spec.string_onto(t, text);
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

/// The reading options of `parse`, `to_uri` and `to_iri`, as `pidkit.arrow`'s functions take
/// them (checked by `pidkit.polars` when the expression is made, with the Arrow function's
/// messages).
#[derive(Deserialize)]
struct ReadKwargs {
    as_: String,
    profile: Option<String>,
    clean: bool,
    deny_warnings: bool,
    deny: Vec<String>,
    allow: Vec<String>,
}

impl ReadKwargs {
    /// The record's request for `op`, as `pidkit.arrow`'s function makes it.
    fn request(&self, op: Op) -> Result<pidkit::record::Request, String> {
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

/// The options of `to_uri` and `to_iri`: the conversion's, then the reading's.
#[derive(Deserialize)]
struct ConversionKwargs {
    /// `uri` or `iri`.
    to: String,
    idna: String,
    query_encoding: Option<String>,
    unicode_hosts: bool,
    pid_form: Option<String>,
    #[serde(flatten)]
    reads: ReadKwargs,
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
        self.reads.request(op)
    }
}

/// `to_uri` and `to_iri`: the CLI's `uri` / `iri` field, null where the input is null or not
/// valid (an error, or a warning the policy denies); in the column's order, as
/// `pidkit.arrow`'s conversions read.
#[polars_expr(output_type=String)]
fn pid_convert(inputs: &[Series], kwargs: ConversionKwargs) -> PolarsResult<Series> {
    let req = kwargs.request().map_err(compute_error)?;
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

/// A column built by `pidkit.arrow`'s builders (arrow-rs) handed to Polars through the Arrow
/// C data interface within this process: the buffers move, nothing is copied, and no Python
/// or pyarrow is involved. (`parse` and `extract` have one builder of their nested columns,
/// shared with `pidkit.arrow`, rather than a second one in Polars' types.)
fn to_series(name: PlSmallStr, a: &ArrayRef) -> PolarsResult<Series> {
    let (array, schema) = arrow_array::ffi::to_ffi(&a.to_data()).map_err(compute_error)?;
    // SAFETY: arrow-rs's `FFI_ArrowArray` and `FFI_ArrowSchema` and polars-arrow's `ArrowArray`
    // and `ArrowSchema` are each the C data interface's struct (`#[repr(C)]`, the same members
    // in the same order; `transmute` checks the sizes), and `to_ffi` has just filled them in:
    // ownership moves to Polars' structs, whose `Drop` calls the producer's `release` once
    // (arrow-rs's own `Drop` does not run on a transmuted value).
    let (array, schema) = unsafe {
        (
            std::mem::transmute::<FFI_ArrowArray, ffi::ArrowArray>(array),
            std::mem::transmute::<FFI_ArrowSchema, ffi::ArrowSchema>(schema),
        )
    };
    // SAFETY: the structs are valid C data interface structs (above).
    let field = unsafe { ffi::import_field_from_c(&schema) }?;
    // SAFETY: as above; `field` is the array's own type.
    let array = unsafe { ffi::import_array_from_c(array, field.dtype().clone()) }?;
    Series::from_arrow(name, array)
}

/// What builds a nested column (`parse_column`, `extract_column`): the rows, handed one by one
/// to the callback, and their number.
type Build<'b> =
    dyn Fn(&mut dyn FnMut(&mut dyn FnMut(Option<&str>)), usize) -> Result<ArrayRef, String> + 'b;

/// The type of a nested column: what its builder makes of no rows.
fn nested_dtype(build: &Build<'_>) -> PolarsResult<DataType> {
    let empty = build(&mut |_| {}, 0).map_err(compute_error)?;
    Ok(to_series(PlSmallStr::EMPTY, &empty)?.dtype().clone())
}

/// A nested column (`parse`, `extract`): `build` run on each chunk of the input's rows and
/// their number, into Arrow `string_view` members (Polars' own strings, which its import
/// takes as they are); a column whose every row is null gives a column of nulls of the
/// output type at once, as `pidkit.arrow` does.
fn nested(inputs: &[Series], build: &Build<'_>) -> PolarsResult<Series> {
    let ca = strings(inputs)?;
    if ca.null_count() == ca.len() {
        let dtype = nested_dtype(build)?;
        return Ok(Series::full_null(ca.name().clone(), ca.len(), &dtype));
    }
    let mut out: Option<Series> = None;
    for chunk in ca.downcast_iter() {
        let a = build(&mut |each| chunk.iter().for_each(&mut *each), chunk.len());
        let s = to_series(ca.name().clone(), &a.map_err(compute_error)?)?;
        match &mut out {
            Some(o) => {
                o.append_owned(s)?;
            }
            None => out = Some(s),
        }
    }
    out.ok_or_else(|| polars_err!(ComputeError: "pidkit: a column without chunks"))
}

/// The field of a nested column, named after the input.
fn nested_field(fields: &[Field], build: &Build<'_>) -> PolarsResult<Field> {
    let name = fields.first().map(|f| f.name().clone()).unwrap_or_default();
    Ok(Field::new(name, nested_dtype(build)?))
}

fn parse_type(fields: &[Field]) -> PolarsResult<Field> {
    // The type does not depend on the options.
    let req = pidkit::record::Request::new(Op::Read, Default::default());
    nested_field(fields, &|rows, n| parse_column(rows, n, Family::View, &req))
}

/// `parse`: the CLI's `parse --json` record as a struct (without `line` and `input`), as
/// `pidkit.arrow.parse` gives it.
#[polars_expr(output_type_func=parse_type)]
fn pid_parse(inputs: &[Series], kwargs: ReadKwargs) -> PolarsResult<Series> {
    let req = kwargs
        .request(Op::Read)
        .map_err(compute_error)?
        .warnings(true);
    nested(inputs, &|rows, n| parse_column(rows, n, Family::View, &req))
}

fn extract_type(fields: &[Field]) -> PolarsResult<Field> {
    nested_field(fields, &|rows, _| extract_column(rows, Family::View))
}

/// `extract`: the identifiers in each text, a list of structs, as `pidkit.arrow.extract`
/// gives it.
#[polars_expr(output_type_func=extract_type)]
fn pid_extract(inputs: &[Series]) -> PolarsResult<Series> {
    nested(inputs, &|rows, _| extract_column(rows, Family::View))
}

/// The options of `join`, as `pidkit.arrow.join` takes them.
#[derive(Deserialize)]
struct JoinKwargs {
    non_strict: bool,
    profile: Option<String>,
}

/// `join`: each reference (the first column) resolved against its base (the second: one
/// value for every row, or a base per row), as `pidkit.arrow.join` resolves it; null where the
/// reference is null or not a valid IRI reference, or the base is null or not an IRI. A base
/// is read once for its run of rows.
#[polars_expr(output_type=String)]
fn pid_join(inputs: &[Series], kwargs: JoinKwargs) -> PolarsResult<Series> {
    let join = Join::new(kwargs.non_strict, kwargs.profile.as_deref()).map_err(compute_error)?;
    let refs = strings(inputs)?;
    let bases = strings(inputs.get(1..).unwrap_or_default())?;
    let rows = refs.len();
    polars_ensure!(
        bases.len() == rows || bases.len() == 1,
        ShapeMismatch: "pidkit join: {} bases for {rows} references", bases.len()
    );
    let mut out = StringChunkedBuilder::new(refs.name().clone(), rows);
    let (mut buf, mut last) = (String::new(), None::<(String, Option<pidkit::Iri<String>>)>);
    let mut row = |t: Option<&str>, b: Option<&str>| {
        let (Some(t), Some(b)) = (t, b) else {
            return out.append_null();
        };
        if last.as_ref().is_none_or(|(text, _)| text != b) {
            last = Some((b.to_owned(), join.base(b).ok()));
        }
        match last.as_ref().and_then(|(_, base)| base.as_ref()) {
            Some(base) => out.append_option(join.resolve(base, t, &mut buf)),
            None => out.append_null(),
        }
    };
    if bases.len() == rows {
        refs.iter().zip(bases.iter()).for_each(|(t, b)| row(t, b));
    } else {
        let b = bases.get(0);
        refs.iter().for_each(|t| row(t, b));
    }
    Ok(out.finish().into_series())
}
