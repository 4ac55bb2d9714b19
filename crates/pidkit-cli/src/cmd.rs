//! The line commands: `check`, `parse`, `normalize`, `to-uri`, `to-iri` — one input line in,
//! one record out. What an identifier is and what its forms are is the library's
//! ([`pidkit::read`], [`pidkit::Identifier`]); this writes the records.

use std::borrow::Cow;
use std::fmt::Write as _;

use pidkit::{
    DisplayForm, Identifier, IriRef, Level, ParseError, PidOutput, ReadOptions, Reading, ToIri,
    ToUri, Warning,
};
use serde::Serialize;

use crate::input::{BadBytes, Line};
use crate::output::{self, ErrorJson, Format, Style, WarningJson};
use crate::run::{LineJob, Outcome};

/// Which command.
pub enum Mode {
    Check,
    Parse,
    Transform(Transform),
}

/// What to turn an identifier into; DOIs written as the `PidOutput` asks.
pub enum Transform {
    /// Its normal form at a rung of the comparison ladder (§5.3).
    Normalize(Level, PidOutput),
    /// Its URI (§3.3–3.6).
    ToUri(ToUri, PidOutput),
    /// Its IRI (§3.7).
    ToIri(ToIri, PidOutput),
}

impl Transform {
    /// The JSON field the result goes in.
    pub fn field(&self) -> &'static str {
        match self {
            Transform::Normalize(..) => "normalized",
            Transform::ToUri(..) => "uri",
            Transform::ToIri(..) => "iri",
        }
    }

    fn apply<'a>(&self, id: &Identifier<'a>) -> Result<Cow<'a, str>, ParseError> {
        match self {
            Transform::Normalize(level, out) => Ok(id.normalize_as(*level, out)),
            Transform::ToUri(t, out) => id.to_uri_as(t, out),
            Transform::ToIri(t, out) => id.to_iri_as(t, out),
        }
    }

    /// How PIDs are written.
    fn output(&self) -> &PidOutput {
        match self {
            Transform::Normalize(_, out) | Transform::ToUri(_, out) | Transform::ToIri(_, out) => {
                out
            }
        }
    }

    /// IRI ⇄ URI conversion reads non-DOIs as IRI references ([`pidkit::read_for_conversion`]).
    fn converts(&self) -> bool {
        matches!(self, Transform::ToUri(..) | Transform::ToIri(..))
    }
}

/// A line command configured from the options.
pub struct LineCmd {
    pub mode: Mode,
    pub opts: ReadOptions,
    pub format: Format,
    pub style: Style,
    pub quiet: bool,
    /// Count an input with warnings as invalid (`--deny-warnings`).
    pub deny_warnings: bool,
    /// Show identifiers in their display form (§4.1, §8.6); `Some(true)` for ASCII-only displays.
    pub display: Option<bool>,
    /// Clean each input first ([`pidkit::extract::clean`], `--clean`).
    pub clean: bool,
}

/// Everything known about one line, ready to be written in any format.
struct Report<'a> {
    number: usize,
    input: &'a str,
    mapped: Option<&'a str>,
    a: &'a Reading<'a>,
    warnings: &'a [Warning],
    /// The transform's result, or why it failed.
    result: Option<Result<Cow<'a, str>, ParseError>>,
    valid: bool,
}

impl Report<'_> {
    /// The first error: the parse's, else the transform's.
    fn error(&self) -> Option<&ParseError> {
        self.a
            .result
            .as_ref()
            .err()
            .or_else(|| self.result.as_ref().and_then(|r| r.as_ref().err()))
    }
}

impl LineJob for LineCmd {
    fn header(&self) -> Option<String> {
        (self.format == Format::Tsv).then(|| {
            let mut cols = vec![
                "line", "input", "kind", "valid", "error", "offset", "message",
            ];
            match &self.mode {
                Mode::Check => cols.push("warnings"),
                Mode::Parse => cols.extend([
                    "scheme",
                    "userinfo",
                    "host",
                    "host_kind",
                    "port",
                    "path",
                    "query",
                    "fragment",
                ]),
                Mode::Transform(t) => cols.push(t.field()),
            }
            let mut h = String::new();
            output::tsv_record(&mut h, cols.into_iter().map(Some));
            h
        })
    }

    fn line(&self, line: &Line<'_>, out: &mut String, err: &mut String) -> Outcome {
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => {
                let sink =
                    if matches!(self.mode, Mode::Transform(_)) && self.format == Format::Human {
                        err
                    } else {
                        out
                    };
                return bad_bytes(self.format, self.style, line.number, bad, sink);
            }
        };
        // `--clean` first, then `--as leiri|web`; errors point into the input as given.
        let cleaned = self.clean.then(|| pidkit::extract::clean(input));
        let base: &str = cleaned.as_ref().map_or(input, |c| &c.text);
        let lenient = self.opts.lenient();
        let text: Cow<'_, str> = lenient.map_or(Cow::Borrowed(base), |l| l.map(base));
        let mut a = match &self.mode {
            Mode::Transform(t) if t.converts() => pidkit::read_for_conversion(&text, &self.opts),
            _ => pidkit::read(&text, &self.opts),
        }
        .located_in(base, &self.opts);
        if let Some(c) = &cleaned {
            a.result = a.result.map_err(|e| c.locate(e));
        }
        // check and parse: the reading's notes (`looks-like-text`) and the identifier's
        // warnings; the transforms: what the output form loses (a URL's query in a doi: URI).
        let warnings = match (&self.mode, &a.result) {
            (Mode::Check | Mode::Parse, Ok(id)) => {
                let mut w = a.notes.clone();
                w.extend(id.warnings());
                w
            }
            (Mode::Transform(t), Ok(id)) => id.lost_in(t.output()),
            (_, Err(_)) => Vec::new(),
        };
        // `--clean`: what was removed comes first, and the identifier's warnings move into the
        // input as given (under `--as leiri|web` they stay on the mapped text, as without it).
        let warnings = match &cleaned {
            Some(c) => {
                let mut w = c.warnings();
                match lenient {
                    None => w.extend(warnings.into_iter().map(|x| c.locate_warning(x))),
                    Some(_) => w.extend(warnings),
                }
                w
            }
            None => warnings,
        };
        let result = match (&self.mode, &a.result) {
            (Mode::Transform(t), Ok(id)) => Some(t.apply(id)),
            _ => None,
        };
        let ok = a.result.is_ok() && result.as_ref().is_none_or(|r| r.is_ok());
        let valid = ok && (!self.deny_warnings || warnings.is_empty());
        let report = Report {
            number: line.number,
            input,
            mapped: (text != input).then_some(&*text),
            a: &a,
            warnings: &warnings,
            result,
            valid,
        };
        match self.format {
            Format::Json => self.json(out, &report),
            Format::Tsv => self.tsv(out, &report),
            Format::Human => self.human(out, err, &report),
        }
        Outcome {
            valid,
            kind: Some(a.kind),
            warnings: warnings.iter().map(|w| w.code.as_str()).collect(),
        }
    }
}

impl LineCmd {
    /// One JSON Lines record (fields per the CLI contract; absent ones are omitted). The fields every record has are written directly (this is the hot
    /// path of `check --json`); the nested objects go through serde.
    fn json(&self, out: &mut String, r: &Report<'_>) {
        out.push_str("{\"line\":");
        output::push_int(out, r.number);
        out.push_str(",\"input\":");
        output::push_json_str(out, r.input);
        out.push_str(",\"kind\":\"");
        out.push_str(r.a.kind.name());
        out.push_str(if r.valid {
            "\",\"valid\":true,\"error\":"
        } else {
            "\",\"valid\":false,\"error\":"
        });
        match r.error() {
            Some(e) => field(out, &ErrorJson::from(e)),
            None => out.push_str("null"),
        }
        out.push_str(",\"warnings\":");
        if r.warnings.is_empty() {
            out.push_str("[]");
        } else {
            field(
                out,
                &r.warnings.iter().map(WarningJson::from).collect::<Vec<_>>(),
            );
        }
        if let Some(m) = r.mapped {
            out.push_str(",\"mapped\":");
            output::push_json_str(out, m);
        }
        if let (Mode::Parse, Ok(id)) = (&self.mode, &r.a.result) {
            if let Some(c) = id.components() {
                out.push_str(",\"components\":");
                field(out, &c);
            }
            if let Some(d) = id.details() {
                let _ = write!(out, ",\"{}\":", d.name());
                field(out, &d);
            }
        }
        if let (Mode::Transform(t), Some(Ok(v))) = (&self.mode, &r.result) {
            let _ = write!(out, ",\"{}\":", t.field());
            output::push_json_str(out, v);
        }
        out.push_str("}\n");
    }

    fn tsv(&self, out: &mut String, r: &Report<'_>) {
        let number = r.number.to_string();
        let e = r.error();
        let (offset, message) = (
            e.map(|e| e.offset.to_string()),
            e.map(|e| e.kind.to_string()),
        );
        let mut fields = vec![
            Some(number.as_str()),
            Some(r.input),
            Some(r.a.kind.name()),
            Some(if r.valid { "true" } else { "false" }),
            e.map(ParseError::code),
            offset.as_deref(),
            message.as_deref(),
        ];
        let warnings = r
            .warnings
            .iter()
            .map(|w| w.code.as_str())
            .collect::<Vec<_>>()
            .join(",");
        let c = r.a.result.as_ref().ok().and_then(Identifier::components);
        match &self.mode {
            Mode::Check => fields.push(Some(&warnings)),
            Mode::Parse => {
                let c = c.as_ref();
                fields.extend([
                    c.and_then(|c| c.scheme),
                    c.and_then(|c| c.userinfo),
                    c.and_then(|c| c.host),
                    c.and_then(|c| c.host_kind),
                    c.and_then(|c| c.port),
                    c.map(|c| c.path),
                    c.and_then(|c| c.query),
                    c.and_then(|c| c.fragment),
                ]);
            }
            Mode::Transform(_) => fields.push(r.result.as_ref().and_then(|v| v.as_deref().ok())),
        }
        output::tsv_record(out, fields);
    }

    /// Human output. `check` and `parse` report every line on stdout; the transforms print only
    /// their results on stdout (so they pipe) and their errors on stderr.
    fn human(&self, out: &mut String, err: &mut String, r: &Report<'_>) {
        let prefix = format!("{}: ", r.number);
        if let Mode::Transform(_) = self.mode {
            match (r.error(), &r.result) {
                (Some(e), _) => output::human_error(err, &prefix, r.input, e, self.style),
                (None, Some(Ok(v))) => {
                    out.push_str(&self.shown(v));
                    out.push('\n');
                }
                (None, _) => {}
            }
            for w in r.warnings {
                output::human_warning(err, self.warned_text(r, w), w, self.style);
            }
            return;
        }
        let p = match (&r.a.result, r.error()) {
            (Ok(p), None) => p,
            (_, Some(e)) => return output::human_error(out, &prefix, r.input, e, self.style),
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
            r.a.kind,
            self.shown_safely(r.input)
        );
        if let Some(m) = r.mapped {
            let _ = writeln!(out, "  {:<13} {}", "mapped", self.shown_safely(m));
        }
        for w in r.warnings {
            output::human_warning(out, self.warned_text(r, w), w, self.style);
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
    fn warned_text<'r>(&self, r: &Report<'r>, w: &Warning) -> &'r str {
        let cleaned = w.code.as_str().starts_with("cleaned-");
        if cleaned || (self.clean && self.opts.lenient().is_none()) {
            r.input
        } else {
            r.mapped.unwrap_or(r.input)
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

/// The report for a line whose bytes are not text in the input encoding.
pub fn bad_bytes(
    format: Format,
    style: Style,
    number: usize,
    bad: &BadBytes<'_>,
    out: &mut String,
) -> Outcome {
    let shown = String::from_utf8_lossy(bad.bytes);
    let code = if bad.encoding == "UTF-8" {
        "invalid-utf8"
    } else {
        "invalid-encoding"
    };
    let message = format!(
        "line {number} is not valid {} (byte {})",
        bad.encoding, bad.offset
    );
    let hint = if bad.encoding == "UTF-8" {
        "convert the input to UTF-8, or name its encoding with --encoding"
    } else {
        "check the --encoding label"
    };
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Bad<'a> {
                line: usize,
                input: &'a str,
                kind: &'a str,
                valid: bool,
                error: ErrorJson,
                warnings: [(); 0],
            }
            let error = ErrorJson {
                code,
                offset: bad.offset,
                len: 1,
                message,
                hint: Some(hint.into()),
            };
            let record = Bad {
                line: number,
                input: &shown,
                kind: "unknown",
                valid: false,
                error,
                warnings: [],
            };
            output::json_line(out, &record);
        }
        Format::Tsv => {
            let (n, off) = (number.to_string(), bad.offset.to_string());
            output::tsv_record(
                out,
                [
                    Some(n.as_str()),
                    Some(&shown),
                    Some("unknown"),
                    Some("false"),
                    Some(code),
                    Some(&off),
                    Some(&message),
                ],
            );
        }
        Format::Human => {
            let _ = writeln!(out, "{number}: {} {code}: {message}", style.red("error"));
            let _ = writeln!(out, "  {} {hint}", style.green("hint:"));
        }
    }
    Outcome {
        valid: false,
        kind: None,
        warnings: Vec::new(),
    }
}

/// Append `value` as JSON (serializing plain data structures cannot fail).
fn field(out: &mut String, value: &impl Serialize) {
    match serde_json::to_string(value) {
        Ok(text) => out.push_str(&text),
        Err(e) => output::push_json_str(out, &e.to_string()),
    }
}
