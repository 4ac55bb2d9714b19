//! `pidkit join BASE REF…`: resolve references against a base IRI (RFC 3986 §5.2), one record
//! per reference.

use std::fmt::Write as _;

use pidkit::{Iri, ResolveMode};
use serde::Serialize;

use crate::cmd::bad_bytes;
use crate::input::Line;
use crate::output::{self, ErrorJson, Format, Style};
use crate::run::{LineJob, Outcome};

/// The base and how to resolve against it.
pub struct JoinCmd {
    pub base: Iri<String>,
    pub mode: ResolveMode,
    pub opts: pidkit::ReadOptions,
    pub format: Format,
    pub style: Style,
}

#[derive(Serialize)]
struct Record<'a> {
    line: usize,
    base: &'a str,
    input: &'a str,
    valid: bool,
    error: Option<ErrorJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resolved: Option<&'a str>,
}

impl JoinCmd {
    /// Parse the base: it must be an absolute IRI (a fragment is allowed and ignored, §5.2.1).
    pub fn parse_base(base: &str, opts: &pidkit::ReadOptions) -> Result<Iri<String>, String> {
        Iri::parse_with(base.to_owned(), opts.iri).map_err(|e| {
            let mut msg = format!(
                "the base is not an IRI: {}: {} (at byte {})\n",
                e.code(),
                e.kind,
                e.offset
            );
            output::caret(
                &mut msg,
                base,
                e.offset,
                e.len,
                "  ",
                Style { color: false },
            );
            msg.trim_end().to_owned()
        })
    }
}

impl LineJob for JoinCmd {
    fn header(&self) -> Option<String> {
        (self.format == Format::Tsv).then(|| {
            let mut h = String::new();
            output::tsv_record(
                &mut h,
                [
                    "line", "base", "input", "valid", "error", "offset", "message", "resolved",
                ]
                .map(Some),
            );
            h
        })
    }

    fn line(&self, line: &Line<'_>, out: &mut String, err: &mut String) -> Outcome {
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => return bad_bytes(self.format, self.style, line.number, bad, err),
        };
        // The reference is read as an IRI reference (`ReadAs::IriRef`, set by the caller).
        let reading = pidkit::read(input, &self.opts);
        let parsed = reading.result.as_ref().map(|id| id.as_iri());
        let mut buf = String::new();
        let resolved = match &parsed {
            Ok(Some(r)) => Some(
                self.base
                    .resolve_into(r, self.mode, &mut buf)
                    .as_str()
                    .len(),
            ),
            _ => None,
        };
        let resolved = resolved.map(|n| &buf[..n]);
        let valid = parsed.is_ok();
        match self.format {
            Format::Json => output::json_line(
                out,
                &Record {
                    line: line.number,
                    base: self.base.as_str(),
                    input,
                    valid,
                    error: parsed.as_ref().err().map(|e| ErrorJson::from(*e)),
                    resolved,
                },
            ),
            Format::Tsv => {
                let n = line.number.to_string();
                let e = parsed.as_ref().err().copied();
                let (off, msg) = (
                    e.map(|e| e.offset.to_string()),
                    e.map(|e| e.kind.to_string()),
                );
                output::tsv_record(
                    out,
                    [
                        Some(n.as_str()),
                        Some(self.base.as_str()),
                        Some(input),
                        Some(if valid { "true" } else { "false" }),
                        e.map(|e| e.code()),
                        off.as_deref(),
                        msg.as_deref(),
                        resolved,
                    ],
                );
            }
            Format::Human => match (&parsed, resolved) {
                (Err(e), _) => {
                    output::human_error(err, &format!("{}: ", line.number), input, e, self.style)
                }
                (Ok(_), Some(r)) => {
                    let _ = writeln!(out, "{r}");
                }
                (Ok(_), None) => {}
            },
        }
        Outcome {
            valid,
            kind: Some(reading.kind),
            warnings: Vec::new(),
        }
    }
}
