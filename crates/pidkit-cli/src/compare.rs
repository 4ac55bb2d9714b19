//! `pidkit compare A B --level`: are two identifiers equivalent? Exit 0 yes, 1 no, 2 error.
//! The decision, and the rule that made it, are the library's ([`pidkit::Identifier::compare`]).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use pidkit::{Kind, Level, ReadOptions, Reading, Warning};

use crate::output::{self, ErrorJson, Format, Style};

/// The members and columns `compare` adds: to each input, its key; to the record, the verdict.
const VERDICT: [&str; 5] = ["key", "level", "equivalent", "rung", "rule"];

/// One of the two inputs: its argument position, the text, how it read, and its warnings.
struct Side<'a> {
    number: usize,
    input: &'a str,
    /// Under `--as leiri|web`, the text read (§7.1/§7.2), when it differs from the input.
    mapped: Option<&'a str>,
    reading: Reading<'a>,
    warnings: Vec<Warning>,
    error: Option<ErrorJson>,
}

impl<'a> Side<'a> {
    /// Read `text`, the input after `--as leiri|web`'s mapping ([`lenient_text`]); errors
    /// point into `input`.
    fn read(number: usize, input: &'a str, text: &'a str, opts: &ReadOptions) -> Side<'a> {
        let reading = pidkit::read(text, opts).located_in(input, opts);
        let warnings = match &reading.result {
            Ok(id) => {
                let mut w = reading.notes.clone();
                w.extend(id.warnings());
                w
            }
            Err(_) => Vec::new(),
        };
        let error = reading.result.as_ref().err().map(ErrorJson::from);
        Side {
            number,
            input,
            mapped: (text != input).then_some(text),
            reading,
            warnings,
            error,
        }
    }

    /// The input as a JSON object (no `schema` of its own: it is part of a record), with its key.
    fn json(&self, out: &mut String, key: Option<&str>) {
        out.push('{');
        output::json_input_members(
            out,
            self.number,
            self.input,
            self.reading.kind.name(),
            self.error.is_none(),
            self.error.as_ref(),
            &self.warnings,
        );
        if let Some(m) = self.mapped {
            output::json_member(out, "mapped", Some(m));
        }
        output::json_member(out, "key", key);
        out.push('}');
    }
}

/// What `dedupe` keeps of one input: its key at the run's rung, its kind and that rung's rule.
pub struct Keyed<'a> {
    /// The library's equivalence key ([`pidkit::Identifier::key`]); borrowed when the input
    /// is already normal.
    pub key: Cow<'a, str>,
    pub kind: Kind,
    pub rule: &'static str,
}

/// The text `opts` read for `input`: under `--as leiri|web`, the §7.1/§7.2 mapping.
pub fn lenient_text<'a>(input: &'a str, opts: &ReadOptions) -> Cow<'a, str> {
    opts.lenient()
        .map_or(Cow::Borrowed(input), |l| l.map(input))
}

/// The key `dedupe` uses, read as `opts` say (after `--as leiri|web`'s mapping); or the kind
/// the input was read as and its error, pointing into `input`.
pub fn key<'a>(
    input: &'a str,
    opts: &ReadOptions,
    level: Level,
) -> Result<Keyed<'a>, (Kind, pidkit::ParseError)> {
    let (key, kind, rule) = match lenient_text(input, opts) {
        Cow::Borrowed(text) => key_of(text, input, opts, level)?,
        Cow::Owned(text) => {
            let (k, kind, rule) = key_of(&text, input, opts, level)?;
            (Cow::Owned(k.into_owned()), kind, rule)
        }
    };
    Ok(Keyed { key, kind, rule })
}

/// The key of `text` (the input after any mapping), with its kind and rule.
fn key_of<'t>(
    text: &'t str,
    input: &str,
    opts: &ReadOptions,
    level: Level,
) -> Result<(Cow<'t, str>, Kind, &'static str), (Kind, pidkit::ParseError)> {
    let reading = pidkit::read(text, opts).located_in(input, opts);
    let id = reading.result.map_err(|e| (reading.kind, e))?;
    Ok((id.key(level).into_cow(), id.kind(), id.rule(level)))
}

/// Compare `a` and `b`; exit 0 equivalent, 1 different, 2 when either is invalid (each gets
/// its error: in its record, or on stderr with its position).
pub fn main(
    a: &str,
    b: &str,
    opts: &ReadOptions,
    level: Level,
    format: Format,
    style: Style,
    mut stdout: crate::output::Stdout,
) -> Result<ExitCode, String> {
    let (ta, tb) = (lenient_text(a, opts), lenient_text(b, opts));
    let sides = [Side::read(1, a, &ta, opts), Side::read(2, b, &tb, opts)];
    let c = match (&sides[0].reading.result, &sides[1].reading.result) {
        (Ok(ia), Ok(ib)) => Some(ia.compare(ib, level)),
        _ => None,
    };
    let keys = c.as_ref().map(|c| (c.keys.0.as_str(), c.keys.1.as_str()));
    let key = |k: usize| keys.map(|(a, b)| if k == 0 { a } else { b });
    let equivalent = c
        .as_ref()
        .map(|c| if c.equivalent { "true" } else { "false" });
    let (rung, rule) = (
        c.as_ref().map(|c| c.rung.name()),
        c.as_ref().map(|c| c.rule),
    );
    let mut out = String::new();
    match format {
        Format::Json => {
            out.push_str("{\"schema\":");
            output::push_int(&mut out, output::SCHEMA as usize);
            output::json_member(&mut out, "level", Some(level.name()));
            let _ = write!(out, ",\"equivalent\":{}", equivalent.unwrap_or("null"));
            output::json_member(&mut out, "rung", rung);
            output::json_member(&mut out, "rule", rule);
            if let Some(note) = c.as_ref().and_then(|c| c.note) {
                output::json_member(&mut out, "note", Some(note));
            }
            for (k, side) in sides.iter().enumerate() {
                out.push_str(if k == 0 { ",\"a\":" } else { ",\"b\":" });
                side.json(&mut out, key(k));
            }
            out.push_str("}\n");
        }
        Format::Tsv => {
            out.push_str(&output::tsv_header(&VERDICT));
            for (k, side) in sides.iter().enumerate() {
                output::tsv_input(
                    &mut out,
                    side.number,
                    side.input,
                    side.reading.kind.name(),
                    side.error.is_none(),
                    side.error.as_ref(),
                    &side.warnings,
                );
                for f in [key(k), Some(level.name()), equivalent, rung, rule] {
                    output::tsv_field(&mut out, false, f);
                }
                out.push('\n');
            }
        }
        Format::Human => match &c {
            Some(c) if c.equivalent => {
                let _ = writeln!(
                    out,
                    "{} at level {}: {}",
                    style.green("equivalent"),
                    c.rung.name(),
                    c.rule
                );
            }
            Some(c) => {
                let _ = write!(out, "{} at level {}", style.red("different"), level.name());
                if let Some(note) = c.note {
                    let _ = write!(out, ": {note}");
                }
                out.push('\n');
            }
            None => {
                let mut err = String::new();
                for side in &sides {
                    if let Err(e) = &side.reading.result {
                        let prefix = format!("{}: ", side.number);
                        output::human_error(&mut err, &prefix, side.input, e, style.stderr());
                    }
                }
                output::eprint(style, &err);
            }
        },
    }
    if let (Format::Human, Some((ka, kb))) = (format, keys) {
        let _ = writeln!(out, "  {}\n  {}", output::safe(ka), output::safe(kb));
    }
    stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("I/O error: {e}"))?;
    Ok(ExitCode::from(match c {
        Some(c) if c.equivalent => 0,
        Some(_) => 1,
        None => 2,
    }))
}
