//! `pidkit compare A B --level`: are two identifiers equivalent? Exit 0 yes, 1 no, 2 error.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::process::ExitCode;

use pidkit::Level;
use serde::Serialize;

use crate::analyze::{Options, analyze};
use crate::output::{self, Format, Style};
use crate::transform::Transform;

#[derive(Serialize)]
struct Record<'a> {
    a: &'a str,
    b: &'a str,
    level: &'a str,
    equivalent: bool,
    /// The normal forms compared.
    a_normalized: &'a str,
    b_normalized: &'a str,
}

/// The normal form `compare` and `dedupe` use as the key of an identifier: its kind's own
/// normalization at `level` (so a DOI in any written form meets its `doi:` URI).
/// Borrowed when the input is already in normal form.
pub fn key<'a>(
    input: &'a str,
    opts: &Options,
    level: Level,
) -> Result<Cow<'a, str>, pidkit::ParseError> {
    let a = analyze(input, opts, false);
    let p = a.parsed?;
    Transform::Normalize(level).apply(input, &p)
}

pub fn main(
    a: &str,
    b: &str,
    opts: &Options,
    level: Level,
    format: Format,
    style: Style,
) -> Result<ExitCode, String> {
    let fail = |input: &str, e: pidkit::ParseError| {
        let mut msg = String::new();
        output::human_error(&mut msg, "", input, &e, style);
        msg.trim_end().to_owned()
    };
    let ka = key(a, opts, level).map_err(|e| fail(a, e))?;
    let kb = key(b, opts, level).map_err(|e| fail(b, e))?;
    let equivalent = ka == kb;
    let mut out = String::new();
    match format {
        Format::Json => output::json_line(
            &mut out,
            &Record {
                a,
                b,
                level: level.name(),
                equivalent,
                a_normalized: &ka,
                b_normalized: &kb,
            },
        ),
        Format::Tsv => {
            output::tsv_record(&mut out, ["a", "b", "level", "equivalent"].map(Some));
            output::tsv_record(
                &mut out,
                [
                    Some(a),
                    Some(b),
                    Some(level.name()),
                    Some(if equivalent { "true" } else { "false" }),
                ],
            );
        }
        Format::Human => {
            let verdict = if equivalent {
                style.green("equivalent")
            } else {
                style.red("different")
            };
            let _ = writeln!(out, "{verdict} at level {}", level.name());
            let _ = writeln!(out, "  {ka}\n  {kb}");
        }
    }
    print!("{out}");
    Ok(ExitCode::from(if equivalent { 0 } else { 1 }))
}
