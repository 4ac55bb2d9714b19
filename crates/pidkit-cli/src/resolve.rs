//! `pidkit resolve`: every identifier whose scheme has a route (DOIs and handles through the
//! Handle API, IVOIDs through the Registry …) — a thin layer
//! over `pidkit-resolve` (bounded concurrency with input order kept, the on-disk cache), with
//! JSON Lines or human output, a progress bar on terminals, a summary and the exit status.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use pidkit_resolve::{Config, Outcome, Resolution, Source as From};
use serde::Serialize;

use crate::input::Source;
use crate::output::{self, ErrorJson, Style};
use crate::run::SummaryArgs;

/// Options of `resolve`.
#[derive(Args)]
pub struct ResolveArgs {
    /// Identifiers to resolve (DOIs in any written form, shortDOIs too; handles; IVOIDs …);
    /// with none (or "-"), one per line from stdin
    ids: Vec<String>,
    /// Read identifiers from FILE, one per line ("-" for stdin)
    #[arg(long, short, value_name = "FILE")]
    input: Option<PathBuf>,
    /// One JSON object per input (JSON Lines)
    #[arg(long)]
    json: bool,
    #[arg(long, requires = "json", help = output::COMPACT_HELP)]
    compact: bool,
    #[command(flatten)]
    summary: SummaryArgs,
    /// The address of each resolution service (`--resolver` for DOIs, `--registry` for
    /// IVOIDs …): one option per service of the library's schemes.
    #[command(flatten)]
    services: crate::values::ServiceArgs,
    /// Ask only for Handle values of this type (repeatable), e.g. URL
    #[arg(long = "type", value_name = "TYPE")]
    types: Vec<String>,
    /// Ask only for the Handle value at this index (repeatable)
    #[arg(long = "index", value_name = "N")]
    indexes: Vec<u32>,
    #[command(flatten)]
    net: crate::net::NetArgs,
    /// Colour in human output
    #[arg(long, value_enum, default_value_t = output::Color::Auto)]
    color: output::Color,
    #[command(flatten)]
    meta: crate::meta::MetaArgs,
}

impl ResolveArgs {
    /// Whether the identifiers would come from stdin without being asked for (no arguments,
    /// no `--input`; a lone `-` asks).
    pub fn reads_stdin_implicitly(&self) -> bool {
        self.ids.is_empty() && self.input.is_none()
    }
}

/// One unit of work: an input line, or a line that is not UTF-8.
enum Job {
    Id(usize, String),
    /// Line number, the line as far as it can be shown, why it is not text.
    Bad(usize, String, ErrorJson),
}

/// A JSON record (docs/output.md): the members of every input record but `warnings`, then the
/// resolution.
#[derive(Serialize)]
struct Record<'a> {
    schema: u32,
    line: usize,
    input: &'a str,
    /// The kind read (`doi`, `hdl`, `ivo` …); `unknown` for a line that is not text.
    kind: Option<&'a str>,
    valid: bool,
    error: Option<ErrorJson>,
    name: Option<&'a str>,
    outcome: &'a str,
    reason: Option<&'a str>,
    urls: &'a [String],
    record: Option<&'a serde_json::Value>,
    aliases: &'a [String],
    source: From,
    attempts: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    metadata: Option<&'a pidkit_resolve::Metadata>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agency: Option<&'a pidkit_resolve::Agency>,
}

impl<'a> Record<'a> {
    fn new(line: usize, r: &'a Resolution, bad: Option<&ErrorJson>) -> Record<'a> {
        Record {
            schema: output::SCHEMA,
            line,
            input: &r.input,
            kind: match bad {
                Some(_) => Some("unknown"),
                None => r.kind.map(pidkit::Kind::name),
            },
            valid: r.outcome != Outcome::Invalid,
            error: match bad {
                Some(e) => Some(ErrorJson {
                    hint: e.hint.clone(),
                    message: e.message.clone(),
                    ..*e
                }),
                None => r.error.as_ref().map(ErrorJson::from),
            },
            name: r.name.as_deref(),
            outcome: r.outcome.as_str(),
            reason: r.reason.as_deref(),
            urls: &r.urls,
            record: r.record.as_ref(),
            aliases: &r.aliases,
            source: r.source,
            attempts: r.attempts,
            metadata: r.metadata.as_ref(),
            agency: r.agency.as_ref(),
        }
    }
}

/// Run `pidkit resolve`.
pub fn main(a: ResolveArgs) -> Result<ExitCode, String> {
    let style = a.color.style();
    let cfg = a.net.config(Config {
        endpoints: a.services.endpoints(),
        types: a.types.clone(),
        indexes: a.indexes.clone(),
        metadata: a.meta.format()?,
        agency: a.meta.agency,
        ..Config::default()
    });
    let resolver = a.net.resolver(cfg, "resolving")?;

    let mut source = Source::open(&a.ids, a.input.as_deref(), None)?;
    let known = (!source.is_stream()).then_some(a.ids.len() as u64);
    let progress = if source.typed {
        None
    } else {
        progress_bar(known)
    };
    let started = Instant::now();
    let mut read_error: Option<io::Error> = None;
    let mut blank = 0usize;
    // Set when stdout is closed: no more input is read (nor sent to servers).
    let stop = std::cell::Cell::new(false);
    let jobs = std::iter::from_fn(|| {
        loop {
            if stop.get() {
                return None;
            }
            match source.next_chunk() {
                Ok(Some(chunk)) => {
                    let mut batch = Vec::with_capacity(chunk.len());
                    for k in 0..chunk.len() {
                        let line = chunk.line(k, source.encoding);
                        if let Some(e) = line.place.and_then(|p| p.problem.clone()) {
                            // A line the reader could not take (over 16 MiB): its error.
                            batch.push(Job::Bad(line.number, String::new(), e));
                            continue;
                        }
                        match line.text {
                            Ok(t) if pidkit::chars::is_blank(t) => blank += 1,
                            Ok(t) => batch.push(Job::Id(line.number, t.to_owned())),
                            Err(b) => batch.push(Job::Bad(
                                line.number,
                                String::from_utf8_lossy(b.bytes).into_owned(),
                                ErrorJson::bad_bytes(line.number, &b),
                            )),
                        }
                    }
                    if !batch.is_empty() {
                        return Some(batch);
                    }
                }
                Ok(None) => return None,
                Err(e) => {
                    read_error = Some(e);
                    return None;
                }
            }
        }
    })
    .flatten()
    .take_while(|_| !stop.get());

    let stdout = output::Stdout::lock(style).compact(a.compact);
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut errors: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut cached = 0usize;
    let mut meta = crate::meta::Tally::default();
    let mut worst = 0u8;
    let mut write_error: Option<io::Error> = None;
    let mut text = String::new();
    pidkit_resolve::ordered(
        jobs,
        usize::from(a.net.concurrency),
        |job| match job {
            Job::Id(_, s) => resolver.resolve(s),
            Job::Bad(_, shown, e) => Resolution::invalid(shown, e.message.clone()),
        },
        |job, r| {
            let (line, input, bad) = match &job {
                Job::Id(n, s) => (*n, s.as_str(), None),
                Job::Bad(n, s, e) => (*n, s.as_str(), Some(e)),
            };
            // A worker that failed (a bug) still gives this input its line, and exit 3.
            let r = r.unwrap_or_else(|panic| Resolution::failed(input, &panic));
            *counts.entry(r.outcome.as_str()).or_default() += 1;
            let code = bad.map(|e| e.code).or(r.error.as_ref().map(|e| e.code()));
            if let Some(code) = code {
                *errors.entry(code).or_default() += 1;
            }
            if matches!(r.source, From::Cache | From::StaleCache) {
                cached += 1;
            }
            worst = worst.max(r.exit_class());
            meta.add(&r);
            text.clear();
            if a.json {
                output::json_line(&mut text, &Record::new(line, &r, bad));
            } else if !(a.summary.quiet && r.outcome == Outcome::Resolved) {
                human(&mut text, &r, style);
                crate::meta::human(&mut text, &r, style);
            }
            if write_error.is_none()
                && let Err(e) = out.write_all(text.as_bytes())
            {
                write_error = Some(e);
                stop.set(true);
            }
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        },
    );
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let flushed = out.flush();
    drop(out);
    let requests = resolver.requests_sent();
    drop(resolver); // commits what the cache still holds
    if let Some(e) = read_error {
        return Err(format!("cannot read input: {e}"));
    }
    if let Some(e) = write_error.or(flushed.err()) {
        // A closed stdout is the reader's choice (`| head -1`): quietly, status 0. The inputs
        // in flight were finished and the cache committed (the resolver was dropped above).
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Ok(ExitCode::SUCCESS);
        }
        return Err(format!("I/O error: {e}"));
    }
    if a.summary.wanted(true) {
        let mut s = summary(&counts, blank, cached, requests, started.elapsed());
        crate::run::counts(&mut s, "errors", &errors);
        meta.write(&mut s);
        let _ = writeln!(io::stderr(), "{s}");
    }
    Ok(ExitCode::from(worst))
}

/// `pidkit: 5 identifiers in 1.20 s (4/s): 3 resolved, 1 not-found, 1 unknown; 2 from the
/// cache, 4 requests` (the errors by code follow on a line of their own).
fn summary(
    counts: &BTreeMap<&'static str, usize>,
    blank: usize,
    cached: usize,
    requests: u64,
    elapsed: Duration,
) -> String {
    let total: usize = counts.values().sum();
    let order = [
        "resolved",
        "not-found",
        "no-values",
        "invalid",
        "error",
        "unknown",
    ];
    let parts: Vec<String> = order
        .iter()
        .filter_map(|k| counts.get(k).map(|n| format!("{n} {k}")))
        .collect();
    let mut s = crate::run::head(total, elapsed);
    let _ = write!(
        s,
        ": {}; {cached} from the cache, {requests} request{}",
        if parts.is_empty() {
            "nothing to resolve".to_owned()
        } else {
            parts.join(", ")
        },
        if requests == 1 { "" } else { "s" },
    );
    crate::run::blank_lines(&mut s, blank, true);
    s
}

/// Human output: the input and its outcome, then the URLs (or the reason), indented. Every
/// text from the input or the server goes through [`output::safe`]: no escape sequence, bidi
/// control or line break reaches the terminal as it is.
fn human(out: &mut String, r: &Resolution, style: Style) {
    use output::safe;
    let outcome = match r.outcome {
        Outcome::Resolved => style.green("resolved"),
        Outcome::NotFound | Outcome::NoValues | Outcome::Invalid => style.red(r.outcome.as_str()),
        Outcome::Error | Outcome::Unknown => style.yellow(r.outcome.as_str()),
    };
    let via = if r.aliases.is_empty() {
        String::new()
    } else {
        format!(" (alias of {})", safe(&r.aliases.join(" → ")))
    };
    let from = match r.source {
        From::Cache => style.dim(" [cached]"),
        From::StaleCache => style.dim(" [cached, expired]"),
        _ => String::new(),
    };
    let _ = writeln!(out, "{}: {outcome}{via}{from}", safe(&r.input));
    if let Some(e) = &r.error {
        output::human_error(out, "  ", &r.input, e, style);
        return;
    }
    let registry = r.kind.and_then(pidkit::Kind::service).map(|s| s.protocol)
        == Some(pidkit::scheme::Protocol::RegTap);
    if registry && r.outcome == Outcome::Resolved {
        if let Some(rec) = &r.record {
            let text = |k: &str| safe(rec[k].as_str().unwrap_or("-")).into_owned();
            let _ = writeln!(out, "  {} ({})", text("title"), text("type"));
            for cap in rec["capabilities"].as_array().into_iter().flatten() {
                let std_id = safe(cap["standard_id"].as_str().unwrap_or("(no standard)"));
                for intf in cap["interfaces"].as_array().into_iter().flatten() {
                    let _ = writeln!(
                        out,
                        "  {std_id}: {}",
                        safe(intf["access_url"].as_str().unwrap_or("-"))
                    );
                }
            }
        }
    } else {
        for u in &r.urls {
            let _ = writeln!(out, "  {}", safe(u));
        }
    }
    if let Some(reason) = &r.reason {
        let _ = writeln!(out, "  {}", style.dim(&safe(reason)));
    }
}

/// A progress bar on stderr when stderr is a terminal; nothing otherwise.
fn progress_bar(known: Option<u64>) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = match known {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} eta {eta}").ok()?,
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {human_pos} resolved in {elapsed}").ok()?,
        ),
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_reads_well() {
        let mut c = BTreeMap::new();
        c.insert("resolved", 3);
        c.insert("unknown", 1);
        c.insert("not-found", 1);
        assert_eq!(
            summary(&c, 2, 2, 4, Duration::from_millis(1200)),
            "pidkit: 5 identifiers in 1.20 s (4/s): 3 resolved, 1 not-found, 1 unknown; \
             2 from the cache, 4 requests; 2 blank line(s) skipped"
        );
    }
}
