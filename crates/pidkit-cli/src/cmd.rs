//! `check` and `parse`: one input line in, one report out.

use std::fmt::Write as _;

use pidkit::{Host, IriRef, ParseError, Profile, Rule};
use serde::Serialize;

use crate::As;
use crate::input::Line;
use crate::output::{self, ErrorJson, Style, WarningJson};
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
    json: bool,
    style: Style,
}

impl LineCmd {
    pub fn new(
        mode: Mode,
        as_: As,
        profile: Option<&str>,
        json: bool,
        style: Style,
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
            json,
            style,
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
    fn line(&self, line: &Line<'_>, out: &mut String) -> Outcome {
        let input = match &line.text {
            Ok(s) => *s,
            Err(bad) => return self.bad_utf8(line.number, bad, out),
        };
        let (parsed, kind) = self.parse(input);
        let valid = parsed.is_ok();
        if self.json {
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
        } else {
            let prefix = format!("{}: ", line.number);
            match &parsed {
                Err(e) => output::human_error(out, &prefix, input, e, self.style),
                Ok(r) => {
                    let _ = writeln!(out, "{prefix}{} [{kind}] {input}", self.style.green("ok"));
                    if self.mode == Mode::Parse {
                        human_components(out, r);
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
    fn bad_utf8(
        &self,
        number: usize,
        bad: &crate::input::BadUtf8<'_>,
        out: &mut String,
    ) -> Outcome {
        let shown = String::from_utf8_lossy(bad.bytes);
        let message = format!("line {number} is not valid UTF-8 (byte {})", bad.offset);
        if self.json {
            let record = Record {
                line: number,
                input: &shown,
                kind: "unknown",
                valid: false,
                error: Some(ErrorJson {
                    code: "invalid-utf8",
                    offset: bad.offset,
                    len: 1,
                    message,
                    hint: Some("convert the input to UTF-8, or name its encoding".into()),
                }),
                warnings: Vec::new(),
                components: None,
            };
            output::json_line(out, &record);
        } else {
            let _ = writeln!(
                out,
                "{number}: {} invalid-utf8: {message}",
                self.style.red("error")
            );
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
