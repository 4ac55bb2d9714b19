//! The line commands: `check`, `parse`, `normalize`, `to-uri`, `to-iri` — one input line in,
//! one record out.

use std::borrow::Cow;
use std::fmt::Write as _;

use pidkit::detect::{Kind, detect};
use pidkit::doi::DoiSummary;
use pidkit::{DisplayForm, Host, IriRef, ParseError};
use serde::Serialize;

use crate::As;
use crate::analyze::{Analysis, Options, Parsed, analyze};
use crate::input::{BadBytes, Line};
use crate::output::{self, ErrorJson, Format, Style, WarningJson};
use crate::run::{LineJob, Outcome};
use crate::transform::Transform;

/// Which command.
pub enum Mode {
    Check,
    Parse,
    Transform(Transform),
}

/// A line command configured from the options.
pub struct LineCmd {
    pub mode: Mode,
    pub opts: Options,
    pub format: Format,
    pub style: Style,
    pub quiet: bool,
    /// Count an input with warnings as invalid (`--deny-warnings`).
    pub deny_warnings: bool,
    /// Show identifiers in their display form (§4.1, §8.6); `Some(true)` for ASCII-only displays.
    pub display: Option<bool>,
}

/// The `doi` object: the contract's fields plus the form the DOI was written in.
#[derive(Serialize)]
struct DoiJson {
    #[serde(flatten)]
    summary: DoiSummary,
    form: &'static str,
    short: bool,
}

/// Everything known about one line, ready to be written in any format.
struct Report<'a> {
    number: usize,
    input: &'a str,
    mapped: Option<&'a str>,
    a: &'a Analysis<'a>,
    /// The transform's result, or why it failed.
    result: Option<Result<Cow<'a, str>, ParseError>>,
    valid: bool,
}

impl Report<'_> {
    /// The first error: the parse's, else the transform's.
    fn error(&self) -> Option<&ParseError> {
        self.a
            .parsed
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
        let lenient = self.opts.lenient();
        let text: Cow<'_, str> = lenient.map_or(Cow::Borrowed(input), |l| l.map(input));
        let warnings = matches!(self.mode, Mode::Check | Mode::Parse);
        // Conversion maps IRIs: a URN or IVOID that is not yet a valid one (non-ASCII) is converted
        // as the IRI it is; DOIs keep their own route (their doi: URI).
        let converting = matches!(
            self.mode,
            Mode::Transform(Transform::ToUri(_) | Transform::ToIri(_))
        );
        let opts = if converting && self.opts.as_ == As::Auto && detect(&text) != Kind::Doi {
            Options {
                as_: As::IriRef,
                ..self.opts
            }
        } else {
            self.opts
        };
        let mut a = analyze(&text, &opts, warnings);
        if let (Some(l), Err(_)) = (lenient, &a.parsed) {
            // Report the error where it is in the input as given, not in the mapped text.
            if let Err(e) = l.parse_with(input, self.opts.iri) {
                a.parsed = Err(e);
            }
        }
        let result = match (&self.mode, &a.parsed) {
            (Mode::Transform(t), Ok(p)) => Some(t.apply(&text, p)),
            _ => None,
        };
        let ok = a.parsed.is_ok() && result.as_ref().is_none_or(|r| r.is_ok());
        let valid = ok && (!self.deny_warnings || a.warnings.is_empty());
        let report = Report {
            number: line.number,
            input,
            mapped: (text != input).then_some(&*text),
            a: &a,
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
            kind: a.kind,
            warnings: a.warnings.iter().map(|w| w.code).collect(),
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
        out.push_str(r.a.kind);
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
        if r.a.warnings.is_empty() {
            out.push_str("[]");
        } else {
            field(
                out,
                &r.a.warnings
                    .iter()
                    .map(WarningJson::from)
                    .collect::<Vec<_>>(),
            );
        }
        if let Some(m) = r.mapped {
            out.push_str(",\"mapped\":");
            output::push_json_str(out, m);
        }
        if let (Mode::Parse, Ok(p)) = (&self.mode, &r.a.parsed) {
            if let Some(i) = p.iri() {
                out.push_str(",\"components\":");
                field(out, &i.parts());
            }
            match p {
                Parsed::Doi(d) => {
                    out.push_str(",\"doi\":");
                    field(
                        out,
                        &DoiJson {
                            summary: d.doi.summary(),
                            form: d.form.name(),
                            short: d.doi.is_short(),
                        },
                    );
                }
                Parsed::Urn(u) => {
                    out.push_str(",\"urn\":");
                    field(out, &u.parts());
                }
                Parsed::Ivo(i) => {
                    out.push_str(",\"ivo\":");
                    field(out, &i.parts());
                }
                Parsed::Iri(_) => {}
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
            Some(r.a.kind),
            Some(if r.valid { "true" } else { "false" }),
            e.map(ParseError::code),
            offset.as_deref(),
            message.as_deref(),
        ];
        let warnings =
            r.a.warnings
                .iter()
                .map(|w| w.code)
                .collect::<Vec<_>>()
                .join(",");
        let c =
            r.a.parsed
                .as_ref()
                .ok()
                .and_then(Parsed::iri)
                .map(|i| i.parts());
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
            for w in &r.a.warnings {
                output::human_warning(err, r.input, w, self.style);
            }
            return;
        }
        let p = match (&r.a.parsed, r.error()) {
            (Ok(p), None) => p,
            (_, Some(e)) => return output::human_error(out, &prefix, r.input, e, self.style),
            (Err(_), None) => return,
        };
        if self.quiet && r.a.warnings.is_empty() {
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
        for w in &r.a.warnings {
            output::human_warning(out, r.mapped.unwrap_or(r.input), w, self.style);
        }
        if let Mode::Parse = self.mode {
            human_parts(out, p);
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

/// The human listing of a parsed identifier's parts.
fn human_parts(out: &mut String, p: &Parsed<'_>) {
    let show = |o: Option<&str>| o.map_or_else(|| "-".to_owned(), |s| format!("{s:?}"));
    let rows: Vec<(&str, String)> = match p {
        Parsed::Doi(d) => {
            let s = d.doi.summary();
            vec![
                ("name", s.name),
                ("prefix", s.prefix),
                ("suffix", s.suffix),
                ("uri", s.uri),
                ("url", s.url),
                ("form", d.form.name().into()),
            ]
        }
        Parsed::Urn(u) => {
            let v = u.parts();
            vec![
                ("nid", format!("{:?}", v.nid)),
                ("nss", format!("{:?}", v.nss)),
                ("r-component", show(v.r_component)),
                ("q-component", show(v.q_component)),
                ("f-component", show(v.f_component)),
                ("namespace", v.namespace_class.to_owned()),
            ]
        }
        Parsed::Ivo(i) => {
            let v = i.parts();
            vec![
                ("authority", format!("{:?}", v.authority)),
                ("resource key", format!("{:?}", v.resource_key)),
                ("query", show(v.query)),
                ("fragment", show(v.fragment)),
                ("registry part", format!("{:?}", v.registry_part)),
                ("kind", v.kind.to_owned()),
            ]
        }
        Parsed::Iri(r) => {
            let host = r.host().map(|h| match h {
                Host::Ipv6(_) | Host::IpvFuture(_) => {
                    format!("{:?} ({})", r.host_str().unwrap_or(""), h.kind().name())
                }
                _ => format!("{:?} ({})", h.as_str(), h.kind().name()),
            });
            vec![
                ("scheme", show(r.scheme())),
                ("userinfo", show(r.userinfo())),
                ("host", host.unwrap_or_else(|| "-".into())),
                ("port", show(r.port())),
                ("path", format!("{:?}", r.path())),
                ("query", show(r.query())),
                ("fragment", show(r.fragment())),
            ]
        }
    };
    let width = if matches!(p, Parsed::Iri(_)) { 9 } else { 13 };
    for (name, value) in rows {
        let _ = writeln!(out, "  {name:<width$} {}", output::safe(&value));
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
        kind: "unknown",
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
