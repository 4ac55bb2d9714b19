//! `pidkit verify FILE…`: each reference of BibTeX, CSL-JSON, RIS or text files checked against
//! its DOI's CSL-JSON record from the DOI proxy (content negotiation, through the resolver's
//! pool and cache): title (normalised, by similarity), first author's family name, year and
//! container compared; `match`, `mismatch` (the fields that differ, both values), `no-metadata`,
//! `unresolved`, `unknown`, `no-doi` or `unreadable` for each.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use pidkit_resolve::{Config, MetadataFormat, MetadataOutcome, Outcome, Resolver, Source};
use serde::Serialize;

use crate::matching::{normalize, same_container, same_family, similarity, title_similarity};
use crate::output::{self, Style, safe};
use crate::refs::{self, Fields, RefFormat, Reference};
use crate::run::SummaryArgs;

/// Options of `verify`.
#[derive(Args)]
pub struct VerifyArgs {
    /// Reference files: .bib (BibTeX), .json (CSL-JSON), .ris (RIS); any other file (Markdown,
    /// plain text) is read as running text, each DOI with its paragraph or list item
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Read every file as this format, whatever its name
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<RefFormat>,
    /// The least title similarity that matches, from 0 to 1: 1 − the Levenshtein distance ÷ the
    /// longer length of the normalised titles (case, punctuation, diacritics and LaTeX markup
    /// left out)
    #[arg(long, value_name = "S", default_value_t = 0.9, value_parser = parse_threshold)]
    threshold: f64,
    /// One JSON object per reference (JSON Lines)
    #[arg(long)]
    json: bool,
    #[arg(long, requires = "json", help = output::COMPACT_HELP)]
    compact: bool,
    #[command(flatten)]
    summary: SummaryArgs,
    /// The address of each resolution service (`--resolver` is the DOI proxy asked).
    #[command(flatten)]
    services: crate::values::ServiceArgs,
    #[command(flatten)]
    net: crate::net::NetArgs,
    /// Colour in human output
    #[arg(long, value_enum, default_value_t = output::Color::Auto)]
    color: output::Color,
}

fn parse_threshold(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err(format!("{s:?} is not a similarity from 0 to 1")),
    }
}

/// What checking one reference gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every field compared agrees with the DOI's record.
    Match,
    /// Some field differs.
    Mismatch,
    /// The DOI exists but its agency has no CSL-JSON for it.
    NoMetadata,
    /// The DOI does not exist (or is not a valid DOI).
    Unresolved,
    /// No usable answer (network, a hostile answer, offline without it).
    Unknown,
    /// The reference gives no DOI.
    NoDoi,
    /// The entry cannot be read.
    Unreadable,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Mismatch => "mismatch",
            Status::NoMetadata => "no-metadata",
            Status::Unresolved => "unresolved",
            Status::Unknown => "unknown",
            Status::NoDoi => "no-doi",
            Status::Unreadable => "unreadable",
        }
    }

    /// 1 for a mismatch, a DOI that does not exist or an entry that cannot be read; 3 when the
    /// truth is not known; else 0.
    fn exit_class(self) -> u8 {
        match self {
            Status::Mismatch | Status::Unresolved | Status::Unreadable => 1,
            Status::Unknown => 3,
            _ => 0,
        }
    }
}

/// A field that differs.
#[derive(Clone, Debug, Serialize)]
pub struct Difference {
    field: &'static str,
    reference: String,
    record: String,
}

/// The verdict on one reference (the JSON record, docs/output.md#verify).
#[derive(Debug, Serialize)]
pub struct Verdict {
    schema: u32,
    file: String,
    line: Option<usize>,
    entry: usize,
    format: &'static str,
    key: Option<String>,
    doi: Option<String>,
    status: Status,
    reason: Option<String>,
    checked: Vec<&'static str>,
    differences: Vec<Difference>,
    title_similarity: Option<f64>,
    reference: Fields,
    record: Option<Fields>,
    source: Source,
    attempts: u32,
}

/// Run `pidkit verify`.
pub fn main(a: VerifyArgs) -> Result<ExitCode, String> {
    let started = Instant::now();
    let style = a.color.style();
    let cfg = a.net.config(Config {
        endpoints: a.services.endpoints(),
        metadata: Some(MetadataFormat::CslJson),
        ..Config::default()
    });
    // Every file is read before the first request: a file that cannot be read is an error.
    let mut all = Vec::new();
    for path in &a.files {
        let shown = path.display().to_string();
        let format = a.format.unwrap_or_else(|| RefFormat::of(&shown));
        let text = read_file(path)?;
        let refs = refs::read(&shown, &text, format).map_err(|e| format!("{shown}: {e}"))?;
        all.extend(refs);
    }
    let resolver = a.net.resolver(cfg, "verifying")?;
    let total = all.len();
    let mut out = io::BufWriter::new(output::Stdout::lock(style).compact(a.compact));
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let (mut worst, mut cached) = (0u8, 0usize);
    let mut write_error = None;
    let mut text = String::new();
    pidkit_resolve::ordered(
        all,
        usize::from(a.net.concurrency),
        |r| check(&resolver, r, a.threshold),
        |r, v| {
            let v = v.unwrap_or_else(|panic| {
                let mut v = verdict(&r, Status::Unknown);
                v.reason = Some(format!(
                    "internal error (a bug in pidkit; please report it): {panic}"
                ));
                v
            });
            *counts.entry(v.status.as_str()).or_default() += 1;
            worst = worst.max(v.status.exit_class());
            if matches!(v.source, Source::Cache | Source::StaleCache) {
                cached += 1;
            }
            text.clear();
            if a.json {
                output::json_line(&mut text, &v);
            } else if !(a.summary.quiet && v.status == Status::Match) {
                human(&mut text, &v, style);
            }
            if write_error.is_none()
                && let Err(e) = out.write_all(text.as_bytes())
            {
                write_error = Some(e);
            }
        },
    );
    let flushed = out.flush();
    drop(out);
    let requests = resolver.requests_sent();
    drop(resolver);
    if let Some(e) = write_error.or(flushed.err()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Ok(ExitCode::SUCCESS);
        }
        return Err(format!("I/O error: {e}"));
    }
    if a.summary.wanted(true) {
        let order = [
            "match",
            "mismatch",
            "unresolved",
            "no-metadata",
            "unknown",
            "no-doi",
            "unreadable",
        ];
        let parts: Vec<String> = order
            .iter()
            .filter_map(|k| counts.get(k).map(|n| format!("{n} {k}")))
            .collect();
        let secs = started.elapsed().as_secs_f64();
        let _ = writeln!(
            io::stderr(),
            "pidkit: {total} reference{} in {secs:.2} s: {}; {cached} from the cache, {requests} request{}",
            if total == 1 { "" } else { "s" },
            if parts.is_empty() {
                "nothing to verify".to_owned()
            } else {
                parts.join(", ")
            },
            if requests == 1 { "" } else { "s" },
        );
    }
    Ok(ExitCode::from(worst))
}

/// A file's text: at most [`refs::MAX_FILE`] bytes; text that is not UTF-8 is read with
/// U+FFFD in place of the bad bytes, and said.
fn read_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read as _;
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(refs::MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() as u64 > refs::MAX_FILE {
        return Err(format!(
            "{shown} is larger than {} MiB, the most a reference file may hold",
            refs::MAX_FILE >> 20
        ));
    }
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => {
            let _ = writeln!(
                io::stderr(),
                "pidkit: warning: {shown} is not UTF-8 (at byte {}); its bad bytes are read as U+FFFD",
                e.utf8_error().valid_up_to()
            );
            Ok(String::from_utf8_lossy(e.as_bytes()).into_owned())
        }
    }
}

/// A verdict about `r` with `status` and nothing compared.
fn verdict(r: &Reference, status: Status) -> Verdict {
    Verdict {
        schema: output::SCHEMA,
        file: r.file.clone(),
        line: r.line,
        entry: r.entry,
        format: r.format.map_or("text", RefFormat::name),
        key: r.key.clone(),
        doi: r.doi.clone(),
        status,
        reason: None,
        checked: Vec::new(),
        differences: Vec::new(),
        title_similarity: None,
        reference: r.fields.clone(),
        record: None,
        source: Source::None,
        attempts: 0,
    }
}

/// Check one reference against its DOI's record.
fn check(resolver: &Resolver, r: &Reference, threshold: f64) -> Verdict {
    if let Some(e) = &r.error {
        let mut v = verdict(r, Status::Unreadable);
        v.reason = Some(e.clone());
        return v;
    }
    let Some(written) = r.doi.as_deref() else {
        let mut v = verdict(r, Status::NoDoi);
        v.reason = Some("the reference gives no DOI".into());
        return v;
    };
    let name = match pidkit::doi::recognize(written.trim()) {
        Ok(d) => d.doi.as_str().to_owned(),
        Err(e) => {
            let mut v = verdict(r, Status::Unresolved);
            v.reason = Some(format!("not a valid DOI: {e}"));
            return v;
        }
    };
    let res = resolver.resolve(&name);
    let mut v = verdict(r, Status::Unknown);
    let m = res.metadata.as_ref();
    v.attempts = res.attempts + m.map_or(0, |m| m.attempts);
    v.source = m
        .filter(|m| m.outcome != MetadataOutcome::Skipped)
        .map_or(res.source, |m| m.source);
    match res.outcome {
        Outcome::Resolved | Outcome::NoValues => {}
        Outcome::NotFound | Outcome::Invalid => {
            v.status = Status::Unresolved;
            v.reason = res.reason;
            return v;
        }
        _ => {
            v.reason = res.reason;
            return v;
        }
    }
    let Some(m) = m else {
        return v;
    };
    match (m.outcome, &m.value) {
        (MetadataOutcome::Found, Some(value)) => {
            compare(&mut v, r, value, threshold);
            v
        }
        (MetadataOutcome::NoMetadata, _) => {
            v.status = Status::NoMetadata;
            v.reason = m.reason.clone();
            v
        }
        _ => {
            v.reason = m.reason.clone();
            v
        }
    }
}

/// Compare the reference with the CSL-JSON record `value`: the fields both give.
fn compare(v: &mut Verdict, r: &Reference, value: &serde_json::Value, threshold: f64) {
    let record = refs::csl_fields(value).unwrap_or_default();
    let item = value.as_object().cloned().unwrap_or_default();
    // At most 4 of each: a record's title and container are one or two strings, and a
    // hostile record's array of thousands would multiply the comparisons.
    let strings = |k: &str| -> Vec<String> {
        match item.get(k) {
            Some(serde_json::Value::String(s)) => vec![s.clone()],
            Some(serde_json::Value::Array(a)) => a
                .iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .take(4)
                .collect(),
            _ => Vec::new(),
        }
    };
    let mut titles = strings("title");
    if let (Some(t), Some(sub)) = (titles.first().cloned(), strings("subtitle").first()) {
        titles.push(format!("{t}: {sub}"));
    }
    let mut containers = strings("container-title");
    containers.extend(strings("container-title-short"));
    let years = refs::csl_years(&item);
    let mut differ = |field: &'static str, reference: &str, record: &str| {
        v.differences.push(Difference {
            field,
            reference: reference.to_owned(),
            record: record.to_owned(),
        });
    };
    match &r.text {
        // Running text: the record's fields are looked for in the reference's text.
        Some(text) => {
            // The identifiers in it (the DOI itself, a URL) are left out first: a DOI's digits
            // (`10.5555/tlex.2020.014`) are not the reference's year.
            let norm = normalize(&without_identifiers(text));
            let words: Vec<&str> = norm.split(' ').collect();
            if let Some(t) = titles.first() {
                v.checked.push("title");
                let (best, window) = best_window(&words, &titles);
                v.title_similarity = Some(round(best));
                if best < threshold {
                    differ("title", &window, t);
                }
            }
            if let Some(a) = &record.author {
                v.checked.push("author");
                let family = normalize(a);
                let present = !family.is_empty()
                    && (norm.contains(&family) || family.split(' ').all(|w| words.contains(&w)));
                if !present {
                    differ("author", "(not in the reference)", a);
                }
            }
            if let Some(y) = &record.year {
                v.checked.push("year");
                let found: Vec<&str> = words
                    .iter()
                    .copied()
                    .filter(|w| {
                        w.len() == 4
                            && w.bytes().all(|b| b.is_ascii_digit())
                            && (w.starts_with("19") || w.starts_with("20"))
                    })
                    .collect();
                if !found.iter().any(|w| years.iter().any(|y| y == w)) {
                    let shown = if found.is_empty() {
                        "(no year)".to_owned()
                    } else {
                        found.join(", ")
                    };
                    differ("year", &shown, y);
                }
            }
        }
        None => {
            let f = &r.fields;
            if let (Some(t), Some(rt)) = (&f.title, titles.first()) {
                v.checked.push("title");
                let s = title_similarity(t, &titles);
                v.title_similarity = Some(round(s));
                if s < threshold {
                    differ("title", t, rt);
                }
            }
            if let (Some(a), Some(ra)) = (&f.author, &record.author) {
                v.checked.push("author");
                if !same_family(a, ra) {
                    differ("author", a, ra);
                }
            }
            if let (Some(y), Some(ry)) = (&f.year, &record.year) {
                v.checked.push("year");
                // `2019a` (a year with its disambiguation letter) is 2019.
                let year = crate::matching::year_of(y).unwrap_or_else(|| y.trim().to_owned());
                if !years.contains(&year) {
                    differ("year", y, ry);
                }
            }
            if let (Some(c), Some(rc)) = (&f.container, containers.first().cloned()) {
                v.checked.push("container");
                if !same_container(c, &containers, threshold) {
                    differ("container", c, &rc);
                }
            }
        }
    }
    v.record = Some(record);
    if v.differences.is_empty() {
        v.status = Status::Match;
        if v.checked.is_empty() {
            v.reason = Some(
                "nothing to compare: the reference and the record share no title, author, year \
                 or container"
                    .into(),
            );
        }
    } else {
        v.status = Status::Mismatch;
    }
}

/// `text` with every identifier the extractor finds in it (DOIs, URLs, handles …) and the
/// `https://` addresses around them left out.
fn without_identifiers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for found in pidkit::extract::identifiers(text) {
        if found.start < at || found.end > text.len() {
            continue;
        }
        out.push_str(&text[at..found.start]);
        out.push(' ');
        at = found.end;
    }
    out.push_str(&text[at..]);
    out.split_whitespace()
        .filter(|w| {
            let l = w.to_ascii_lowercase();
            !(l.starts_with("http://") || l.starts_with("https://") || l.starts_with("doi:"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Windows of the reference text compared with a title by similarity: those sharing the most
/// words with it. Every window is scored by shared words first (linear in its length), so that
/// a text of 4,000 characters and a title of 500 cost some 24 Levenshtein comparisons, not
/// thousands.
const WINDOWS_COMPARED: usize = 24;

/// The run of the reference text's words most like one of the titles, and its similarity.
fn best_window(words: &[&str], titles: &[String]) -> (f64, String) {
    let mut best = (0.0, String::new());
    for t in titles {
        let t = normalize(t);
        let title_words: std::collections::HashSet<&str> = t.split(' ').collect();
        let n = t.split(' ').count();
        if n == 0 || words.is_empty() {
            continue;
        }
        // (shared words, start, end) of every window of n - 2 to n + 2 words.
        let mut windows: Vec<(usize, usize, usize)> = Vec::new();
        for len in n.saturating_sub(2).max(1)..=n + 2 {
            for start in 0..words.len().saturating_sub(len.saturating_sub(1)).max(1) {
                let end = (start + len).min(words.len());
                let shared = words[start..end]
                    .iter()
                    .filter(|w| title_words.contains(*w))
                    .count();
                windows.push((shared, start, end));
            }
        }
        windows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        windows.dedup_by_key(|w| (w.1, w.2));
        for &(_, start, end) in windows.iter().take(WINDOWS_COMPARED) {
            let window = words[start..end].join(" ");
            let s = similarity(&window, &t);
            if s > best.0 {
                best = (s, window);
            }
        }
    }
    best
}

/// A similarity rounded to three decimals (for output).
fn round(s: f64) -> f64 {
    (s * 1000.0).round() / 1000.0
}

/// Human output: `file:line: key: status (DOI)`, then the fields that differ (both values) or
/// the reason, indented; every text through [`safe`].
fn human(out: &mut String, v: &Verdict, style: Style) {
    let at = match v.line {
        Some(l) => format!("{}:{l}", v.file),
        None => format!("{} entry {}", v.file, v.entry),
    };
    let status = match v.status {
        Status::Match => style.green("match"),
        Status::Mismatch | Status::Unresolved | Status::Unreadable => style.red(v.status.as_str()),
        Status::Unknown => style.yellow("unknown"),
        Status::NoMetadata | Status::NoDoi => style.dim(v.status.as_str()),
    };
    let key = v
        .key
        .as_deref()
        .map_or(String::new(), |k| format!("{}: ", safe(k)));
    let doi = v
        .doi
        .as_deref()
        .map_or(String::new(), |d| format!(" ({})", safe(d)));
    let _ = writeln!(out, "{}: {key}{status}{doi}", safe(&at));
    for d in &v.differences {
        let sim = match (d.field, v.title_similarity) {
            ("title", Some(s)) => format!(" (similarity {s:.2})"),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  {}: reference \"{}\", DOI record \"{}\"{sim}",
            d.field,
            safe(&d.reference),
            safe(&d.record)
        );
    }
    if let Some(reason) = &v.reason {
        let _ = writeln!(out, "  {}", style.dim(&safe(reason)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_most_like_the_title_is_found_among_the_few_compared() {
        let title =
            "Tautomeric Equilibria of DNA Bases in Über-Dense Solvents: A Review".to_owned();
        let text = normalize(
            "1. Müller, A., Ng, B. (2019). Tautomeric equilibria of DNA bases in über-dense \
             solvents: a review. J. Chem. Phys.",
        );
        let words: Vec<&str> = text.split(' ').collect();
        let (s, window) = best_window(&words, std::slice::from_ref(&title));
        assert_eq!(s, 1.0, "{window}");
        assert_eq!(window, normalize(&title));
        // A long title (80 words) in a long text (4,000 characters of other words around it):
        // only WINDOWS_COMPARED windows go through Levenshtein, and the right one is among them.
        let long: Vec<String> = (0..80).map(|i| format!("w{i}")).collect();
        let long = long.join(" ");
        let noise: Vec<String> = (0..300).map(|i| format!("x{i}")).collect();
        let text = format!("{} {long} {}", noise.join(" "), noise.join(" "));
        let words: Vec<&str> = text.split(' ').collect();
        let (s, window) = best_window(&words, std::slice::from_ref(&long));
        assert_eq!((s, window), (1.0, long));
        assert_eq!(best_window(&[], std::slice::from_ref(&title)).0, 0.0);
    }
}
