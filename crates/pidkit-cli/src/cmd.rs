//! The line commands: `check`, `parse`, `normalize`, `to-uri`, `to-iri` — one input line in,
//! one record out. What an identifier is and what its forms are is the library's
//! ([`pidkit::read`], [`pidkit::Identifier`]); this writes the records.

use std::borrow::Cow;
use std::fmt::Write as _;

use pidkit::{
    DisplayForm, Identifier, IriRef, Level, ParseError, PidOutput, ReadOptions, Reading, ToIri,
    ToUri, Warning,
};

use crate::input::{BadBytes, Line};
use crate::output::{self, ErrorJson, Format, Style};
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
        match &self.mode {
            Mode::Check => &[],
            Mode::Parse => &COMPONENT_COLUMNS,
            Mode::Transform(Transform::Normalize(..)) => &["normalized"],
            Mode::Transform(Transform::ToUri(..)) => &["uri"],
            Mode::Transform(Transform::ToIri(..)) => &["iri"],
        }
    }
}

impl LineJob for LineCmd {
    fn header(&self) -> Option<String> {
        (self.format == Format::Tsv).then(|| output::tsv_header(self.extra()))
    }

    fn line(&self, line: &Line<'_>, out: &mut String, err: &mut String) -> Outcome {
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => {
                // parse's members are absent for invalid input; its columns are \N.
                let extra: Vec<_> = match (&self.mode, self.format) {
                    (Mode::Parse, Format::Json) => &[][..],
                    _ => self.extra(),
                }
                .iter()
                .map(|name| (*name, None))
                .collect();
                if matches!(self.mode, Mode::Transform(_)) && self.format == Format::Human {
                    // The transforms' stdout keeps one line per input: an empty one here.
                    out.push('\n');
                    return bad_bytes(
                        self.format,
                        self.style.stderr(),
                        line.number,
                        bad,
                        &extra,
                        err,
                    );
                }
                return bad_bytes(self.format, self.style, line.number, bad, &extra, out);
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
            error: report.error().map(ParseError::code),
            warnings: warnings.iter().map(|w| w.code.as_str()).collect(),
        }
    }
}

impl LineCmd {
    /// One JSON Lines record (docs/output.md): the members of every input record, then the
    /// command's own. Absent members of `parse` are omitted; a transform's result is `null`
    /// when it failed.
    fn json(&self, out: &mut String, r: &Report<'_>) {
        let error = r.error().map(ErrorJson::from);
        output::json_input(
            out,
            r.number,
            r.input,
            r.a.kind.name(),
            r.valid,
            error.as_ref(),
            r.warnings,
        );
        if let Some(m) = r.mapped {
            out.push_str(",\"mapped\":");
            output::push_json_str(out, m);
        }
        if let (Mode::Parse, Ok(id)) = (&self.mode, &r.a.result) {
            if let Some(c) = id.components() {
                out.push_str(",\"components\":");
                output::json_value(out, &c);
            }
            if let Some(d) = id.details() {
                let _ = write!(out, ",\"{}\":", d.name());
                output::json_value(out, &d);
            }
        }
        if let Mode::Transform(t) = &self.mode {
            let value = r.result.as_ref().and_then(|v| v.as_deref().ok());
            output::json_member(out, t.field(), value);
        }
        out.push_str("}\n");
    }

    fn tsv(&self, out: &mut String, r: &Report<'_>) {
        let error = r.error().map(ErrorJson::from);
        output::tsv_input(
            out,
            r.number,
            r.input,
            r.a.kind.name(),
            r.valid,
            error.as_ref(),
            r.warnings,
        );
        match &self.mode {
            Mode::Check => {}
            Mode::Parse => {
                let c = r.a.result.as_ref().ok().and_then(Identifier::components);
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
            Mode::Transform(_) => output::tsv_field(
                out,
                false,
                r.result.as_ref().and_then(|v| v.as_deref().ok()),
            ),
        }
        out.push('\n');
    }

    /// Human output. `check` and `parse` report every line on stdout; the transforms print only
    /// their results on stdout (so they pipe), one line per input — an empty line where the
    /// input failed, so output lines up with input — and their errors on stderr, with the
    /// input's line number.
    fn human(&self, out: &mut String, err: &mut String, r: &Report<'_>) {
        let prefix = format!("{}: ", r.number);
        if let Mode::Transform(_) = self.mode {
            let style = self.style.stderr();
            match (r.error(), &r.result) {
                (None, Some(Ok(v))) => out.push_str(&self.shown(v)),
                (Some(e), _) => output::human_error(err, &prefix, r.input, e, style),
                (None, _) => {}
            }
            out.push('\n');
            for w in r.warnings {
                output::human_warning(err, self.warned_text(r, w), w, style);
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
    match format {
        Format::Json => {
            output::json_input(out, number, &shown, "unknown", false, Some(&error), &[]);
            for (name, value) in extra {
                output::json_member(out, name, *value);
            }
            out.push_str("}\n");
        }
        Format::Tsv => {
            output::tsv_input(out, number, &shown, "unknown", false, Some(&error), &[]);
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
