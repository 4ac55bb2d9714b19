//! `pidkit compare A B --level`: are two identifiers equivalent? Exit 0 yes, 1 no, 2 error.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::process::ExitCode;

use pidkit::{Level, ReadOptions};
use serde::Serialize;

use crate::output::{self, Format, Style};

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

/// The key `compare` and `dedupe` use: the library's equivalence key of the identifier read
/// as `opts` say ([`pidkit::Identifier::key`]). Borrowed when the input is already normal.
pub fn key<'a>(
    input: &'a str,
    opts: &ReadOptions,
    level: Level,
) -> Result<Cow<'a, str>, pidkit::ParseError> {
    Ok(pidkit::read(input, opts).result?.key(level).into_cow())
}

pub fn main(
    a: &str,
    b: &str,
    opts: &ReadOptions,
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
