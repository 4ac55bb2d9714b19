//! `pidkit join BASE REF…`: resolve references against a base IRI (RFC 3986 §5.2), one record
//! per reference.

use pidkit::{Iri, ReferenceResolution};

use crate::cmd::{bad_bytes, unreadable};
use crate::input::Line;
use crate::output::{self, ErrorJson, Format, Style};
use crate::run::{LineJob, Outcome};

/// The base and how to resolve against it.
pub struct JoinCmd {
    pub base: Iri<String>,
    pub mode: ReferenceResolution,
    pub opts: pidkit::ReadOptions,
    pub format: Format,
    pub style: Style,
}

/// The members and columns `join` adds to those of every input record.
const EXTRA: [&str; 2] = ["base", "resolved"];

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
            output::caret(&mut msg, base, e.offset, e.len, "  ", Style::PLAIN);
            msg.trim_end().to_owned()
        })
    }
}

impl LineJob for JoinCmd {
    fn header(&self) -> Option<String> {
        (self.format == Format::Tsv).then(|| output::tsv_header(&EXTRA))
    }

    fn line(&self, line: &Line<'_>, out: &mut String, err: &mut String) -> Outcome {
        if let Some(e) = line.place.and_then(|p| p.problem.as_ref()) {
            // A line the reader could not take (over 16 MiB): its error, never a reference.
            let extra = [("base", Some(self.base.as_str())), ("resolved", None)];
            if self.format != Format::Human {
                return unreadable(self.format, self.style, line.number, "", e, &extra, out);
            }
            out.push('\n');
            let style = self.style.stderr();
            return unreadable(self.format, style, line.number, "", e, &extra, err);
        }
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => {
                let extra = [("base", Some(self.base.as_str())), ("resolved", None)];
                if self.format != Format::Human {
                    return bad_bytes(self.format, self.style, line.number, bad, &extra, out);
                }
                // One stdout line per reference: an empty one where it failed.
                out.push('\n');
                let style = self.style.stderr();
                return bad_bytes(self.format, style, line.number, bad, &extra, err);
            }
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
        let error = parsed.as_ref().err().map(|e| ErrorJson::from(*e));
        let kind = reading.kind.name();
        match self.format {
            Format::Json => {
                output::json_input(out, line.number, input, kind, valid, error.as_ref(), &[]);
                output::json_member(out, "base", Some(self.base.as_str()));
                output::json_member(out, "resolved", resolved);
                out.push_str("}\n");
            }
            Format::Tsv => {
                output::tsv_input(out, line.number, input, kind, valid, error.as_ref(), &[]);
                output::tsv_field(out, false, Some(self.base.as_str()));
                output::tsv_field(out, false, resolved);
                out.push('\n');
            }
            Format::Human => {
                match (&parsed, resolved) {
                    (Err(e), _) => output::human_error(
                        err,
                        &format!("{}: ", line.number),
                        input,
                        e,
                        self.style.stderr(),
                    ),
                    (Ok(_), Some(r)) => out.push_str(r),
                    (Ok(_), None) => {}
                }
                out.push('\n');
            }
        }
        Outcome {
            valid,
            kind: Some(reading.kind),
            error: error.map(|e| e.code),
            warnings: Vec::new(),
        }
    }
}
