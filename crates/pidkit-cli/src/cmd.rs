//! `check` and `parse`: one input line in, one report out.

use std::fmt::Write as _;

use pidkit::doi::DoiSummary;
use pidkit::ivo::IvoidParts;
use pidkit::urn::UrnParts;
use pidkit::{Host, IriParts, IriRef};
use serde::Serialize;

use crate::analyze::{Analysis, Options, Parsed, analyze};
use crate::input::{BadBytes, Line};
use crate::output::{self, ErrorJson, Format, Style, WarningJson};
use crate::run::{LineJob, Outcome};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Check,
    Parse,
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
}

/// The `doi` object: the contract's fields plus the form the DOI was written in.
#[derive(Serialize)]
struct DoiJson {
    #[serde(flatten)]
    summary: DoiSummary,
    form: &'static str,
    short: bool,
}

/// One JSON record (fields per the CLI contract; absent ones are omitted).
#[derive(Serialize)]
struct Record<'a> {
    line: usize,
    input: &'a str,
    kind: &'a str,
    valid: bool,
    error: Option<ErrorJson>,
    warnings: Vec<WarningJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    components: Option<IriParts<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    doi: Option<DoiJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    urn: Option<UrnParts<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ivo: Option<IvoidParts<'a>>,
}

impl<'a> Record<'a> {
    fn new(number: usize, input: &'a str, a: &'a Analysis<'a>, valid: bool, mode: Mode) -> Self {
        let mut r = Record {
            line: number,
            input,
            kind: a.kind,
            valid,
            error: a.parsed.as_ref().err().map(ErrorJson::from),
            warnings: a.warnings.iter().map(WarningJson::from).collect(),
            components: None,
            doi: None,
            urn: None,
            ivo: None,
        };
        if let (Mode::Parse, Ok(p)) = (mode, &a.parsed) {
            r.components = p.iri().map(|i| i.parts());
            match p {
                Parsed::Doi(d) => {
                    r.doi = Some(DoiJson {
                        summary: d.doi.summary(),
                        form: d.form.name(),
                        short: d.doi.is_short(),
                    })
                }
                Parsed::Urn(u) => r.urn = Some(u.parts()),
                Parsed::Ivo(i) => r.ivo = Some(i.parts()),
                Parsed::Iri(_) => {}
            }
        }
        r
    }
}

impl LineJob for LineCmd {
    fn header(&self) -> Option<String> {
        (self.format == Format::Tsv).then(|| {
            let mut h = String::new();
            let cols: &[&str] = match self.mode {
                Mode::Check => &[
                    "line", "input", "kind", "valid", "error", "offset", "message", "warnings",
                ],
                Mode::Parse => &[
                    "line",
                    "input",
                    "kind",
                    "valid",
                    "error",
                    "offset",
                    "message",
                    "scheme",
                    "userinfo",
                    "host",
                    "host_kind",
                    "port",
                    "path",
                    "query",
                    "fragment",
                ],
            };
            output::tsv_record(&mut h, cols.iter().map(|c| Some(*c)));
            h
        })
    }

    fn line(&self, line: &Line<'_>, out: &mut String) -> Outcome {
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => return bad_bytes(self.format, self.style, line.number, bad, out),
        };
        let a = analyze(input, &self.opts);
        let valid = a.parsed.is_ok() && (!self.deny_warnings || a.warnings.is_empty());
        match self.format {
            Format::Json => {
                output::json_line(out, &Record::new(line.number, input, &a, valid, self.mode))
            }
            Format::Tsv => self.tsv(out, line.number, input, &a, valid),
            Format::Human => self.human(out, line.number, input, &a),
        }
        Outcome {
            valid,
            kind: a.kind,
            warnings: a.warnings.iter().map(|w| w.code).collect(),
        }
    }
}

impl LineCmd {
    fn tsv(&self, out: &mut String, number: usize, input: &str, a: &Analysis<'_>, valid: bool) {
        let number = number.to_string();
        let (code, offset, message) = match &a.parsed {
            Err(e) => (
                Some(e.code()),
                Some(e.offset.to_string()),
                Some(e.kind.to_string()),
            ),
            Ok(_) => (None, None, None),
        };
        let mut fields = vec![
            Some(number.as_str()),
            Some(input),
            Some(a.kind),
            Some(if valid { "true" } else { "false" }),
            code,
            offset.as_deref(),
            message.as_deref(),
        ];
        let warnings = a
            .warnings
            .iter()
            .map(|w| w.code)
            .collect::<Vec<_>>()
            .join(",");
        let c = a
            .parsed
            .as_ref()
            .ok()
            .and_then(Parsed::iri)
            .map(|i| i.parts());
        match self.mode {
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
        }
        output::tsv_record(out, fields);
    }

    fn human(&self, out: &mut String, number: usize, input: &str, a: &Analysis<'_>) {
        let prefix = format!("{number}: ");
        let p = match &a.parsed {
            Err(e) => return output::human_error(out, &prefix, input, e, self.style),
            Ok(p) => p,
        };
        if self.quiet && a.warnings.is_empty() {
            return;
        }
        let _ = writeln!(
            out,
            "{prefix}{} [{}] {input}",
            self.style.green("ok"),
            a.kind
        );
        for w in &a.warnings {
            output::human_warning(out, input, w, self.style);
        }
        if self.mode == Mode::Parse {
            match p {
                Parsed::Doi(d) => {
                    let s = d.doi.summary();
                    for (name, value) in [
                        ("name", s.name),
                        ("prefix", s.prefix),
                        ("suffix", s.suffix),
                        ("uri", s.uri),
                        ("url", s.url),
                        ("form", d.form.name().into()),
                    ] {
                        let _ = writeln!(out, "  {name:<13} {value}");
                    }
                }
                Parsed::Urn(u) => {
                    let v = u.parts();
                    let show =
                        |o: Option<&str>| o.map_or_else(|| "-".to_owned(), |s| format!("{s:?}"));
                    for (name, value) in [
                        ("nid", format!("{:?}", v.nid)),
                        ("nss", format!("{:?}", v.nss)),
                        ("r-component", show(v.r_component)),
                        ("q-component", show(v.q_component)),
                        ("f-component", show(v.f_component)),
                        ("namespace", v.namespace_class.to_owned()),
                    ] {
                        let _ = writeln!(out, "  {name:<13} {value}");
                    }
                }
                Parsed::Ivo(i) => {
                    let v = i.parts();
                    let show =
                        |o: Option<&str>| o.map_or_else(|| "-".to_owned(), |s| format!("{s:?}"));
                    for (name, value) in [
                        ("authority", format!("{:?}", v.authority)),
                        ("resource key", format!("{:?}", v.resource_key)),
                        ("query", show(v.query)),
                        ("fragment", show(v.fragment)),
                        ("registry part", format!("{:?}", v.registry_part)),
                        ("kind", v.kind.to_owned()),
                    ] {
                        let _ = writeln!(out, "  {name:<13} {value}");
                    }
                }
                Parsed::Iri(r) => human_components(out, r),
            }
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
        kind: "unknown",
        warnings: Vec::new(),
    }
}

fn human_components(out: &mut String, r: &IriRef<&str>) {
    let show = |v: Option<&str>| v.map_or_else(|| "-".to_owned(), |s| format!("{s:?}"));
    let host = r.host().map(|h| {
        let kind = h.kind().name();
        match h {
            Host::Ipv6(_) | Host::IpvFuture(_) => {
                format!("{:?} ({kind})", r.host_str().unwrap_or(""))
            }
            _ => format!("{:?} ({kind})", h.as_str()),
        }
    });
    for (name, value) in [
        ("scheme", show(r.scheme())),
        ("userinfo", show(r.userinfo())),
        ("host", host.unwrap_or_else(|| "-".into())),
        ("port", show(r.port())),
        ("path", format!("{:?}", r.path())),
        ("query", show(r.query())),
        ("fragment", show(r.fragment())),
    ] {
        let _ = writeln!(out, "  {name:<9} {value}");
    }
}
