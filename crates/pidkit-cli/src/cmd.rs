//! The line commands: `check`, `parse`, `normalize`, `to-uri`, `to-iri`, `key` — one input line in,
//! one record out. What an identifier is and what its forms are is the library's
//! ([`pidkit::read`], [`pidkit::Identifier`]); this writes the records.

use std::borrow::Cow;
use std::fmt::Write as _;

use pidkit::record::{Op, Record, Request, with_record};
use pidkit::{DisplayForm, Identifier, IriRef, ParseError, Warning};

use crate::input::{BadBytes, Line, Shape};
use crate::output::{self, ErrorJson, Format, Style};
use crate::run::{LineJob, Outcome};
use crate::table::TableOut;

/// Which command: `check`, `parse`, or a transform (`normalize`, `to-uri`, `to-iri`, `key`:
/// the request's [`Op`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Check,
    Parse,
    Transform,
}

/// A line command configured from the options.
pub struct LineCmd {
    pub mode: Mode,
    /// The command and its options for the library's record ([`pidkit::record`]).
    pub req: Request,
    pub format: Format,
    pub style: Style,
    pub quiet: bool,
    /// Show identifiers in their display form (§4.1, §8.6); `Some(true)` for ASCII-only displays.
    pub display: Option<bool>,
    /// What the inputs are: lines, a table's cells or an RDF file's IRIs.
    pub shape: Shape,
    /// `--output csv|tsv`: the table written back with the command's columns (instead of
    /// `format`).
    pub table: Option<TableOut>,
    /// `--compact`: the input record's `null` error and empty warnings are not written (the
    /// rest of a record is compacted by `run::run`).
    pub compact: bool,
}

/// Everything known about one line, ready to be written in any format.
struct Report<'a, 'r, 't> {
    line: &'a Line<'a>,
    input: &'a str,
    r: &'a Record<'r, 't>,
    /// The error to report: the record's, or what the reader's rules make of it (a relative
    /// IRI in N-Triples).
    error: Option<ErrorJson>,
}

/// The columns `parse --tsv` adds: the IRI components.
const COMPONENT_COLUMNS: [&str; 9] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
];

impl LineCmd {
    /// The command's own members (JSON) and columns (TSV) after the input's.
    fn extra(&self) -> &'static [&'static str] {
        match (&self.mode, &self.req.op) {
            (Mode::Check, _) => &[],
            (Mode::Parse, _) => &COMPONENT_COLUMNS,
            (_, Op::ToUri(..)) => &["uri"],
            (_, Op::ToIri(..)) => &["iri"],
            (_, Op::Key(..)) => &["key"],
            _ => &["normalized"],
        }
    }

    /// The JSON member the transform's result goes in.
    fn field(&self) -> &'static str {
        self.extra().first().copied().unwrap_or("normalized")
    }

    /// The columns `--output csv|tsv` adds to each row (before any `pidkit_` prefix).
    pub fn table_columns(&self) -> Vec<&'static str> {
        let mut names = vec!["kind", "valid", "error"];
        if self.mode == Mode::Transform {
            names.push(self.field());
        }
        names
    }

    /// The TSV columns: the input's, the command's, and where the input is.
    fn tsv_columns(&self) -> Vec<&'static str> {
        let mut c = self.extra().to_vec();
        c.extend(self.shape.tsv_columns());
        c
    }
}

/// The error of a relative reference in N-Triples and N-Quads, which allow absolute IRIs only.
fn relative_iri(e: &ParseError) -> ErrorJson {
    ErrorJson {
        code: "rdf-relative-iri",
        offset: e.offset,
        len: e.len,
        message: "a relative IRI: N-Triples and N-Quads allow absolute IRIs only".into(),
        hint: Some(
            "write the absolute IRI (a base IRI does not apply in N-Triples and N-Quads)".into(),
        ),
    }
}

impl LineJob for LineCmd {
    /// Every record but `parse`'s (whose parts come from serde) is written compact as it is
    /// written.
    fn writes_compact(&self) -> bool {
        self.compact && self.mode != Mode::Parse
    }

    fn note(&self) -> Option<String> {
        self.table.as_ref().and_then(TableOut::note)
    }

    fn header(&self) -> Option<String> {
        if let Some(t) = &self.table {
            return t.header();
        }
        (self.format == Format::Tsv).then(|| output::tsv_header(&self.tsv_columns()))
    }

    /// A blank line's record (docs/output.md#blank-lines): `"blank": true` and the transform's
    /// result `null` (JSON), a row of `\N` (TSV), an empty line of a transform's output, or
    /// `N: blank line` from `check` and `parse` (human); a table's row with empty cells added.
    fn blank(&self, line: &Line<'_>, out: &mut String) {
        let input = line.text.as_deref().unwrap_or_default();
        if let Some(t) = &self.table {
            return t.row(out, line, &vec![None; self.table_columns().len()]);
        }
        match self.format {
            Format::Json => {
                output::json_blank(out, line.line(), &self.shape.json(line), input);
                if self.mode == Mode::Transform {
                    self.member(out, self.field(), None);
                }
                out.push_str("}\n");
            }
            Format::Tsv => {
                output::tsv_blank(out, line.line(), input, self.extra().len());
                if self.shape != Shape::Lines {
                    out.pop();
                    self.shape.tsv(out, line);
                    out.push('\n');
                }
            }
            Format::Human if self.mode == Mode::Transform => out.push('\n'),
            Format::Human if self.quiet => {}
            Format::Human => {
                let _ = writeln!(
                    out,
                    "{}{}",
                    self.shape.prefix(line),
                    self.style.dim(self.shape.blank_name())
                );
            }
        }
    }

    fn line(&self, line: &Line<'_>, out: &mut String, err: &mut String) -> Outcome {
        if let Some(problem) = line.place.and_then(|p| p.problem.as_ref()) {
            return self.problem(line, problem, out, err);
        }
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => {
                if let Some(t) = &self.table {
                    let error = ErrorJson::bad_bytes(line.line(), bad);
                    let mut cells = vec![Some("unknown"), Some("false"), Some(error.code)];
                    cells.resize(self.table_columns().len(), None);
                    t.row(out, line, &cells);
                    return Outcome {
                        valid: false,
                        kind: None,
                        error: Some(error.code),
                        warnings: Vec::new(),
                    };
                }
                // parse's members are absent for invalid input; its columns are \N.
                let extra: Vec<_> = match (&self.mode, self.format) {
                    (Mode::Parse, Format::Json) => &[][..],
                    _ => self.extra(),
                }
                .iter()
                .map(|name| (*name, None))
                .collect();
                let mut sink = String::new();
                let (style, into) = if self.mode == Mode::Transform && self.format == Format::Human
                {
                    // The transforms' stdout keeps one line per input: an empty one here.
                    out.push('\n');
                    (self.style.stderr(), &mut *err)
                } else {
                    (self.style, &mut *out)
                };
                let outcome = bad_bytes(self.format, style, line.line(), bad, &extra, &mut sink);
                if self.compact {
                    // A rare record, written by the code all commands share: compacted here.
                    crate::compact::tail(&mut sink, 0, &mut String::new());
                }
                self.placed(line, &sink, into);
                return outcome;
            }
        };
        with_record(input, &self.req, |r| {
            let error = match (r.error(), &self.shape) {
                (Some(e), Shape::Rdf) if e.code() == "missing-scheme" => Some(relative_iri(e)),
                (e, _) => e.map(ErrorJson::from),
            };
            let report = Report {
                line,
                input,
                r,
                error,
            };
            if let Some(t) = &self.table {
                self.table_row(t, out, &report);
            } else {
                match self.format {
                    Format::Json => self.json(out, &report),
                    Format::Tsv => self.tsv(out, &report),
                    Format::Human => self.human(out, err, &report),
                }
            }
            Outcome {
                valid: r.valid,
                kind: Some(r.kind),
                error: report.error.as_ref().map(|e| e.code),
                warnings: r.warnings.iter().map(|w| w.code.as_str()).collect(),
            }
        })
    }
}

impl LineCmd {
    /// Put `record` (one input's output, written by a function that knows nothing of places)
    /// into `out` with where the input is: JSON members after `line`, TSV columns at the end,
    /// the human prefix instead of the line number.
    fn placed(&self, line: &Line<'_>, record: &str, out: &mut String) {
        match (self.format, &self.shape) {
            (_, Shape::Lines) => out.push_str(record),
            (Format::Json, _) => {
                // `{"schema":1,"line":N` then the place's members.
                let at = record.find(",\"input\"").unwrap_or(0);
                out.push_str(&record[..at]);
                out.push_str(&self.shape.json(line));
                out.push_str(&record[at..]);
            }
            (Format::Tsv, _) => {
                out.push_str(record.strip_suffix('\n').unwrap_or(record));
                self.shape.tsv(out, line);
                out.push('\n');
            }
            (Format::Human, _) => {
                let number = format!("{}: ", line.line());
                out.push_str(&self.shape.prefix(line));
                out.push_str(record.strip_prefix(&number).unwrap_or(record));
            }
        }
    }

    /// The record of an input the reader could not read (`missing-column`, `rdf-syntax`,
    /// `record-too-long`, `line-too-long`): kind `unknown`, its error; the command's own members
    /// `null`.
    fn problem(
        &self,
        line: &Line<'_>,
        e: &ErrorJson,
        out: &mut String,
        err: &mut String,
    ) -> Outcome {
        let input = line.text.as_deref().unwrap_or_default();
        let outcome = Outcome {
            valid: false,
            kind: None,
            error: Some(e.code),
            warnings: Vec::new(),
        };
        if let Some(t) = &self.table {
            let mut cells = vec![Some("unknown"), Some("false"), Some(e.code)];
            cells.resize(self.table_columns().len(), None);
            t.row(out, line, &cells);
            return outcome;
        }
        match self.format {
            Format::Json => {
                let place = self.shape.json(line);
                output::json_input_placed(
                    out,
                    line.line(),
                    &place,
                    input,
                    "unknown",
                    false,
                    Some(e),
                    &[],
                    self.compact,
                );
                if self.mode != Mode::Parse {
                    for name in self.extra() {
                        self.member(out, name, None);
                    }
                }
                out.push_str("}\n");
            }
            Format::Tsv => {
                output::tsv_input(out, line.line(), input, "unknown", false, Some(e), &[]);
                for _ in self.extra() {
                    output::tsv_field(out, false, None);
                }
                self.shape.tsv(out, line);
                out.push('\n');
            }
            Format::Human => {
                let prefix = self.shape.prefix(line);
                if self.mode == Mode::Transform {
                    out.push('\n');
                    output::human_problem(err, &prefix, input, e, self.style.stderr());
                } else {
                    output::human_problem(out, &prefix, input, e, self.style);
                }
            }
        }
        outcome
    }

    /// A table's row with the command's columns (`--output csv|tsv`).
    fn table_row(&self, t: &TableOut, out: &mut String, rep: &Report<'_, '_, '_>) {
        let r = rep.r;
        let mut cells = vec![
            Some(r.kind.name()),
            Some(if r.valid { "true" } else { "false" }),
            rep.error.as_ref().map(|e| e.code),
        ];
        if self.mode == Mode::Transform {
            cells.push(r.value());
        }
        t.row(out, rep.line, &cells);
    }
}

impl LineCmd {
    /// One JSON Lines record (docs/output.md): the members of every input record, then the
    /// command's own. Absent members of `parse` are omitted; a transform's result is `null`
    /// when it failed.
    fn json(&self, out: &mut String, rep: &Report<'_, '_, '_>) {
        let r = rep.r;
        output::json_input_placed(
            out,
            rep.line.line(),
            &self.shape.json(rep.line),
            rep.input,
            r.kind.name(),
            r.valid,
            rep.error.as_ref(),
            &r.warnings,
            self.compact,
        );
        if !r.candidates.is_empty() {
            out.push_str(",\"candidates\":[");
            for (i, k) in r.candidates.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                output::push_json_str(out, k.name());
            }
            out.push(']');
        }
        if let Some(m) = r.mapped {
            out.push_str(",\"mapped\":");
            output::push_json_str(out, m);
        }
        if let (Mode::Parse, Ok(id)) = (&self.mode, r.reading) {
            if let Some(c) = id.components() {
                out.push_str(",\"components\":");
                output::json_value(out, &c);
            }
            if let Some(d) = id.details() {
                let _ = write!(out, ",\"{}\":", d.name());
                output::json_value(out, &d);
            }
        }
        if self.mode == Mode::Transform {
            self.member(out, self.field(), r.value());
        }
        out.push_str("}\n");
    }

    /// A member of the command's own: `,"name":value`, `null` for no value — left out under
    /// `--compact`.
    fn member(&self, out: &mut String, name: &str, value: Option<&str>) {
        if value.is_some() || !self.compact {
            output::json_member(out, name, value);
        }
    }

    fn tsv(&self, out: &mut String, rep: &Report<'_, '_, '_>) {
        let r = rep.r;
        output::tsv_input(
            out,
            rep.line.line(),
            rep.input,
            r.kind.name(),
            r.valid,
            rep.error.as_ref(),
            &r.warnings,
        );
        match &self.mode {
            Mode::Check => {}
            Mode::Parse => {
                let c = r.reading.as_ref().ok().and_then(Identifier::components);
                let c = c.as_ref();
                for f in [
                    c.and_then(|c| c.scheme),
                    c.and_then(|c| c.authority),
                    c.and_then(|c| c.userinfo),
                    c.and_then(|c| c.host),
                    c.and_then(|c| c.host_kind),
                    c.and_then(|c| c.port),
                    c.map(|c| c.path),
                    c.and_then(|c| c.query),
                    c.and_then(|c| c.fragment),
                ] {
                    output::tsv_field(out, false, f);
                }
            }
            Mode::Transform => output::tsv_field(out, false, r.value()),
        }
        self.shape.tsv(out, rep.line);
        out.push('\n');
    }

    /// Human output. `check` and `parse` report every line on stdout; the transforms print only
    /// their results on stdout (so they pipe), one line per input — an empty line where the
    /// input failed, so output lines up with input — and their errors on stderr, with the
    /// input's line number.
    fn human(&self, out: &mut String, err: &mut String, rep: &Report<'_, '_, '_>) {
        let r = rep.r;
        let prefix = self.shape.prefix(rep.line);
        if self.mode == Mode::Transform {
            let style = self.style.stderr();
            match (&rep.error, r.value()) {
                (None, Some(v)) => out.push_str(&self.shown(v)),
                (Some(e), _) => output::human_problem(err, &prefix, rep.input, e, style),
                (None, None) => {}
            }
            out.push('\n');
            for w in &r.warnings {
                output::human_warning(err, self.warned_text(rep, w), w, style);
            }
            return;
        }
        let p = match (r.reading, &rep.error) {
            (Ok(p), None) => p,
            (_, Some(e)) => return output::human_problem(out, &prefix, rep.input, e, self.style),
            (Err(_), None) => return,
        };
        if self.quiet && r.warnings.is_empty() {
            return;
        }
        let status = if r.valid {
            self.style.green("ok")
        } else {
            self.style.red("denied")
        };
        let _ = writeln!(
            out,
            "{prefix}{status} [{}] {}",
            r.kind,
            self.shown_safely(rep.input)
        );
        if let Some(m) = r.mapped {
            let _ = writeln!(out, "  {:<13} {}", "mapped", self.shown_safely(m));
        }
        if let Some((_, others)) = r.candidates.split_first() {
            let names: Vec<&str> = others.iter().map(|k| k.name()).collect();
            let _ = writeln!(
                out,
                "  {:<13} {} (read by precedence as {}; --as decides)",
                "also valid as",
                names.join(", "),
                r.kind
            );
        }
        for w in &r.warnings {
            output::human_warning(out, self.warned_text(rep, w), w, self.style);
        }
        if let Mode::Parse = self.mode {
            // Escaped line by line: the values come from the input.
            for row in p.listing().to_string().lines() {
                let _ = writeln!(out, "{}", output::safe(row));
            }
        }
    }

    /// The text a warning's offsets are in: the input as given under `--clean` (and for what
    /// `--clean` removed), else the text `--as leiri|web` mapped it to.
    fn warned_text<'s>(&self, rep: &'s Report<'_, '_, '_>, w: &Warning) -> &'s str {
        let cleaned = w.code.as_str().starts_with("cleaned-");
        if cleaned || (self.req.clean && self.req.opts.lenient().is_none()) {
            rep.input
        } else {
            rep.r.mapped.unwrap_or(rep.input)
        }
    }

    /// [`LineCmd::shown`] for a report line: what could act on the terminal is escaped
    /// (`output::safe`), except the LRE/RLE…PDF that the display form adds itself.
    fn shown_safely(&self, s: &str) -> String {
        let shown = self.shown(s);
        match self.display {
            Some(_) => output::safe_display(&shown).into_owned(),
            None => output::safe(&shown).into_owned(),
        }
    }

    /// `s` as `--display` asks: LRE…PDF around right-to-left text, and percent-encoding of what
    /// an ASCII-only display cannot show.
    fn shown<'s>(&self, s: &'s str) -> Cow<'s, str> {
        match (self.display, IriRef::parse(s)) {
            (Some(ascii), Ok(r)) => {
                Cow::Owned(DisplayForm::new().ascii_only(ascii).render(&r).into_owned())
            }
            _ => Cow::Borrowed(s),
        }
    }
}

/// The report for a line whose bytes are not text in the input encoding: an input record of
/// kind `unknown` with the `invalid-utf8` (or `invalid-encoding`) error. `extra` holds the
/// command's own members (JSON) or columns (TSV) and their values, absent ones `null` or `\N`.
/// Human text goes to `out`.
pub fn bad_bytes(
    format: Format,
    style: Style,
    number: usize,
    bad: &BadBytes<'_>,
    extra: &[(&str, Option<&str>)],
    out: &mut String,
) -> Outcome {
    let shown = String::from_utf8_lossy(bad.bytes);
    let error = ErrorJson::bad_bytes(number, bad);
    unreadable(format, style, number, &shown, &error, extra, out)
}

/// The report for a line the reader could not take as an input (bytes that are not text, a
/// line over the size limit): an input record of kind `unknown` with `error`, `shown` as its
/// input. Human text goes to `out`.
pub fn unreadable(
    format: Format,
    style: Style,
    number: usize,
    shown: &str,
    error: &ErrorJson,
    extra: &[(&str, Option<&str>)],
    out: &mut String,
) -> Outcome {
    match format {
        Format::Json => {
            output::json_input(out, number, shown, "unknown", false, Some(error), &[]);
            for (name, value) in extra {
                output::json_member(out, name, *value);
            }
            out.push_str("}\n");
        }
        Format::Tsv => {
            output::tsv_input(out, number, shown, "unknown", false, Some(error), &[]);
            for (_, value) in extra {
                output::tsv_field(out, false, *value);
            }
            out.push('\n');
        }
        Format::Human => {
            let _ = writeln!(
                out,
                "{number}: {} {}: {}",
                style.red("error"),
                error.code,
                error.message
            );
            if let Some(hint) = &error.hint {
                let _ = writeln!(out, "  {} {hint}", style.green("hint:"));
            }
        }
    }
    Outcome {
        valid: false,
        kind: None,
        error: Some(error.code),
        warnings: Vec::new(),
    }
}
