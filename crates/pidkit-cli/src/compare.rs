//! `pidkit compare A B --level`: are two identifiers equivalent? Exit 0 yes, 1 no, 2 error.
//! The decision, and the rule that made it, are the library's ([`pidkit::Identifier::compare`]).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::process::ExitCode;

use pidkit::{Kind, Level, ReadOptions};
use serde::Serialize;

use crate::output::{self, Format, Style};

#[derive(Serialize)]
struct Record<'a> {
    a: &'a str,
    b: &'a str,
    level: &'a str,
    equivalent: bool,
    /// The lowest rung at which they are equivalent (the rung asked when they are not).
    rung: &'a str,
    /// The rule of that rung, for the first identifier's kind.
    rule: &'a str,
    /// The keys compared.
    a_normalized: &'a str,
    b_normalized: &'a str,
}

/// What `dedupe` keeps of one input: its key at the run's rung, its kind and that rung's rule.
pub struct Keyed<'a> {
    /// The library's equivalence key ([`pidkit::Identifier::key`]); borrowed when the input
    /// is already normal.
    pub key: Cow<'a, str>,
    pub kind: Kind,
    pub rule: &'static str,
}

/// The key `dedupe` uses, read as `opts` say.
pub fn key<'a>(
    input: &'a str,
    opts: &ReadOptions,
    level: Level,
) -> Result<Keyed<'a>, pidkit::ParseError> {
    let id = pidkit::read(input, opts).result?;
    Ok(Keyed {
        key: id.key(level).into_cow(),
        kind: id.kind(),
        rule: id.rule(level),
    })
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
    let ia = pidkit::read(a, opts).result.map_err(|e| fail(a, e))?;
    let ib = pidkit::read(b, opts).result.map_err(|e| fail(b, e))?;
    let c = ia.compare(&ib, level);
    let (ka, kb) = (c.keys.0.as_str(), c.keys.1.as_str());
    let mut out = String::new();
    match format {
        Format::Json => output::json_line(
            &mut out,
            &Record {
                a,
                b,
                level: level.name(),
                equivalent: c.equivalent,
                rung: c.rung.name(),
                rule: c.rule,
                a_normalized: ka,
                b_normalized: kb,
            },
        ),
        Format::Tsv => {
            output::tsv_record(
                &mut out,
                ["a", "b", "level", "equivalent", "rung", "rule"].map(Some),
            );
            output::tsv_record(
                &mut out,
                [
                    Some(a),
                    Some(b),
                    Some(level.name()),
                    Some(if c.equivalent { "true" } else { "false" }),
                    Some(c.rung.name()),
                    Some(c.rule),
                ],
            );
        }
        Format::Human => {
            if c.equivalent {
                let _ = writeln!(
                    out,
                    "{} at level {}: {}",
                    style.green("equivalent"),
                    c.rung.name(),
                    c.rule
                );
            } else {
                let _ = writeln!(out, "{} at level {}", style.red("different"), level.name());
            }
            let _ = writeln!(out, "  {}\n  {}", output::safe(ka), output::safe(kb));
        }
    }
    print!("{out}");
    Ok(ExitCode::from(if c.equivalent { 0 } else { 1 }))
}
