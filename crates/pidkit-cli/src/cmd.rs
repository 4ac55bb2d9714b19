//! `check` and `parse`: one input line in, one report out.

use std::fmt::Write as _;

use pidkit::{Host, IriRef, ParseError, Profile, Rule};
use serde::Serialize;

use crate::As;
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
    mode: Mode,
    as_: As,
    profile: Profile,
    format: Format,
    style: Style,
    quiet: bool,
}

impl LineCmd {
    pub fn new(
        mode: Mode,
        as_: As,
        profile: Option<&str>,
        format: Format,
        style: Style,
        quiet: bool,
    ) -> Result<Self, String> {
        let profile = match (as_, profile) {
            (As::Uri | As::UriRef, None | Some("rfc3986")) => Profile::Rfc3986Uri,
            (As::Uri | As::UriRef, Some(p)) => {
                return Err(format!(
                    "--profile {p} does not apply to URIs (only rfc3986)"
                ));
            }
            (_, None) => Profile::default(),
            (_, Some(p)) => p.parse()?,
        };
        Ok(LineCmd {
            mode,
            as_,
            profile,
            format,
            style,
            quiet,
        })
    }

    /// Parse `input` as the options say; the kind reported in JSON goes with it.
    fn parse<'a>(&self, input: &'a str) -> (Result<IriRef<&'a str>, ParseError>, &'static str) {
        let (rule, absolute_kind) = match self.as_ {
            As::Auto | As::IriRef => (Rule::IriReference, "iri"),
            As::Iri => (Rule::Iri, "iri"),
            As::Uri => (Rule::Iri, "uri"),
            As::UriRef => (Rule::IriReference, "uri"),
        };
        let parsed = IriRef::parse_rule(input, rule, self.profile);
        let kind = match &parsed {
            Ok(r) if !r.is_absolute() => "relative-ref",
            _ => absolute_kind,
        };
        (parsed, kind)
    }
}

/// The `components` object of the JSON contract.
#[derive(Serialize)]
struct Components<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    fn of(r: &'a IriRef<&'a str>) -> Self {
        Components {
            scheme: r.scheme(),
            authority: r.authority(),
            userinfo: r.userinfo(),
            host: r.host_str(),
            host_kind: r.host().map(|h| h.kind().name()),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }
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
    components: Option<Components<'a>>,
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
            Err(bad) => return self.bad_bytes(line.number, bad, out),
        };
        let (parsed, kind) = self.parse(input);
        let valid = parsed.is_ok();
        match self.format {
            Format::Json => {
                let record = Record {
                    line: line.number,
                    input,
                    kind,
                    valid,
                    error: parsed.as_ref().err().map(ErrorJson::from),
                    warnings: Vec::new(),
                    components: match (&parsed, self.mode) {
                        (Ok(r), Mode::Parse) => Some(Components::of(r)),
                        _ => None,
                    },
                };
                output::json_line(out, &record);
            }
            Format::Tsv => {
                let number = line.number.to_string();
                let (code, offset, message) = match &parsed {
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
                    Some(kind),
                    Some(if valid { "true" } else { "false" }),
                    code,
                    offset.as_deref(),
                    message.as_deref(),
                ];
                match self.mode {
                    Mode::Check => fields.push(Some("")),
                    Mode::Parse => {
                        let c = parsed.as_ref().ok().map(Components::of);
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
            Format::Human => {
                let prefix = format!("{}: ", line.number);
                match &parsed {
                    Err(e) => output::human_error(out, &prefix, input, e, self.style),
                    Ok(_) if self.quiet => {}
                    Ok(r) => {
                        let _ =
                            writeln!(out, "{prefix}{} [{kind}] {input}", self.style.green("ok"));
                        if self.mode == Mode::Parse {
                            human_components(out, r);
                        }
                    }
                }
            }
        }
        Outcome {
            valid,
            kind,
            warnings: Vec::new(),
        }
    }
}

impl LineCmd {
    fn bad_bytes(&self, number: usize, bad: &BadBytes<'_>, out: &mut String) -> Outcome {
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
        match self.format {
            Format::Json => {
                let record = Record {
                    line: number,
                    input: &shown,
                    kind: "unknown",
                    valid: false,
                    error: Some(ErrorJson {
                        code,
                        offset: bad.offset,
                        len: 1,
                        message,
                        hint: Some(hint.into()),
                    }),
                    warnings: Vec::new(),
                    components: None,
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
                let _ = writeln!(
                    out,
                    "{number}: {} {code}: {message}",
                    self.style.red("error")
                );
                let _ = writeln!(out, "  {} {hint}", self.style.green("hint:"));
            }
        }
        Outcome {
            valid: false,
            kind: "unknown",
            warnings: Vec::new(),
        }
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
