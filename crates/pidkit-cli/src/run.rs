//! The batch runner: streams chunks of lines through a command on all threads, writes the
//! results in input order, shows progress on a terminal, and keeps the tallies for the summary
//! and the exit code.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::input::{Line, Source};

/// What a command reports about one input, for the summary and the exit status.
#[derive(Default)]
pub struct Outcome {
    pub valid: bool,
    /// The kind read; `None` for a line that is not text (bad bytes).
    pub kind: Option<pidkit::Kind>,
    pub warnings: Vec<&'static str>,
}

/// A command that handles one line at a time, appending its output to `out` (stdout) and any
/// diagnostics to `err` (stderr); both streams keep input order.
pub trait LineJob: Sync {
    /// Text written once before any record (a TSV header).
    fn header(&self) -> Option<String> {
        None
    }
    fn line(&self, line: &Line<'_>, out: &mut String, err: &mut String) -> Outcome;
}

/// Counts over a whole run.
#[derive(Default)]
pub struct Tally {
    pub total: usize,
    pub valid: usize,
    pub invalid: usize,
    pub blank: usize,
    pub kinds: BTreeMap<&'static str, usize>,
    pub warnings: BTreeMap<&'static str, usize>,
    pub elapsed: Duration,
    /// A byte-order mark was removed from the start of the input.
    pub bom_removed: bool,
}

impl Tally {
    fn add(&mut self, o: Outcome) {
        self.total += 1;
        if o.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        *self
            .kinds
            .entry(o.kind.map_or("unknown", pidkit::Kind::name))
            .or_default() += 1;
        for w in o.warnings {
            *self.warnings.entry(w).or_default() += 1;
        }
    }

    fn merge(&mut self, other: Tally) {
        self.total += other.total;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.blank += other.blank;
        for (k, n) in other.kinds {
            *self.kinds.entry(k).or_default() += n;
        }
        for (k, n) in other.warnings {
            *self.warnings.entry(k).or_default() += n;
        }
    }

    /// The end-of-run summary: counts by kind, valid/invalid, warnings by code, time and rate.
    pub fn summary(&self) -> String {
        let secs = self.elapsed.as_secs_f64();
        let mut s = format!(
            "pidkit: {} identifier{} in {:.2} s ({}/s): {} valid, {} invalid",
            self.total,
            if self.total == 1 { "" } else { "s" },
            secs,
            grouped((self.total as f64 / secs.max(1e-9)) as u64),
            self.valid,
            self.invalid
        );
        if self.blank > 0 {
            let _ = write!(s, "; {} blank line(s) skipped", self.blank);
        }
        let list = |m: &BTreeMap<&str, usize>| {
            m.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !self.kinds.is_empty() {
            let _ = write!(s, "\n  kinds: {}", list(&self.kinds));
        }
        if !self.warnings.is_empty() {
            let _ = write!(s, "\n  warnings: {}", list(&self.warnings));
        }
        s
    }
}

/// `1234567` → `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Empty or only whitespace; decided on the first byte for nearly every line.
fn is_blank(s: &str) -> bool {
    match s.as_bytes().first() {
        None => true,
        Some(&b) if b < 0x80 && !b.is_ascii_whitespace() => false,
        _ => s.trim().is_empty(),
    }
}

/// Lines handed to one task: small enough to balance threads, large enough to amortise.
const TASK_LINES: usize = 512;

/// Run `job` over every line of `source`, writing to `out` in input order. Blank lines (empty
/// or only whitespace) of a stream are skipped and counted, unless `--keep-blank`.
pub fn run(job: &dyn LineJob, mut source: Source, out: &mut dyn Write) -> io::Result<Tally> {
    let started = Instant::now();
    let progress = progress_bar(&source);
    let mut tally = Tally::default();
    if let Some(h) = job.header() {
        out.write_all(h.as_bytes())?;
    }
    let encoding = source.encoding;
    let skip_blank = source.skips_blank();
    while let Some(chunk) = source.next_chunk()? {
        let n = chunk.len();
        let parts: Vec<(String, String, Tally)> = (0..n.div_ceil(TASK_LINES))
            .into_par_iter()
            .map(|t| {
                let mut text = String::with_capacity(TASK_LINES * 160);
                let mut diag = String::new();
                let mut part = Tally::default();
                for k in t * TASK_LINES..((t + 1) * TASK_LINES).min(n) {
                    let line = chunk.line(k, encoding);
                    if skip_blank && line.text.as_ref().is_ok_and(|s| is_blank(s)) {
                        part.blank += 1;
                        continue;
                    }
                    part.add(job.line(&line, &mut text, &mut diag));
                }
                (text, diag, part)
            })
            .collect();
        for (text, diag, part) in parts {
            out.write_all(text.as_bytes())?;
            if !diag.is_empty() {
                out.flush()?;
                io::stderr().write_all(diag.as_bytes())?;
            }
            tally.merge(part);
        }
        if let Some(bar) = &progress {
            if bar.length().is_some() {
                bar.set_position(source.bytes_read);
            } else {
                bar.set_position((tally.total + tally.blank) as u64);
            }
        }
    }
    out.flush()?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    tally.elapsed = started.elapsed();
    tally.bom_removed = source.bom_removed;
    Ok(tally)
}

/// A progress bar on stderr for streamed input when stderr is a terminal; nothing otherwise.
fn progress_bar(source: &Source) -> Option<ProgressBar> {
    if !source.is_stream() || !io::stderr().is_terminal() {
        return None;
    }
    let bar = match source.total_bytes {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
            )
            .ok()?,
        ),
        None => ProgressBar::new_spinner()
            .with_style(ProgressStyle::with_template("{spinner} {pos} lines {per_sec}").ok()?),
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_reads_well() {
        let mut t = Tally {
            total: 3,
            valid: 2,
            invalid: 1,
            blank: 1,
            ..Default::default()
        };
        t.kinds.insert("iri", 2);
        t.kinds.insert("doi", 1);
        t.warnings.insert("not-nfc", 1);
        t.elapsed = Duration::from_millis(1500);
        assert_eq!(
            t.summary(),
            "pidkit: 3 identifiers in 1.50 s (2/s): 2 valid, 1 invalid; 1 blank line(s) skipped\n  \
             kinds: doi 1, iri 2\n  warnings: not-nfc 1"
        );
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(12), "12");
    }
}
