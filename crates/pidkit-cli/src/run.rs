//! The batch runner: streams chunks of lines through a command on all threads, writes the
//! results in input order, shows progress on a terminal, and keeps the tallies for the summary
//! and the exit code.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use encoding_rs::Encoding;

use crate::input::{Blank, Chunk, Line, Source};

/// `--quiet` and `--no-summary`, the same in every command that can read a stream.
#[derive(clap::Args, Clone, Copy, Default)]
pub struct SummaryArgs {
    /// Human output: leave out the reports of inputs that are fine; problems, results and the
    /// summary stay (each command's help says what it leaves out)
    #[arg(long, short)]
    pub quiet: bool,
    /// No summary on stderr at the end of a stream
    #[arg(long)]
    pub no_summary: bool,
}

impl SummaryArgs {
    /// Whether to print the summary of a run: for streamed input (a file or stdin), unless
    /// `--no-summary`.
    pub fn wanted(self, stream: bool) -> bool {
        stream && !self.no_summary
    }
}

/// What a command reports about one input, for the summary and the exit status.
#[derive(Default)]
pub struct Outcome {
    pub valid: bool,
    /// The kind read; `None` for a line that is not text (bad bytes).
    pub kind: Option<pidkit::Kind>,
    /// The error's code, for an invalid input.
    pub error: Option<&'static str>,
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
    /// A warning about the whole run, written to stderr after it (rows of a table written
    /// back with U+FFFD for bytes that were not text).
    fn note(&self) -> Option<String> {
        None
    }
    /// The answer to a blank line (`Blank::Record`): nothing, unless the command says.
    fn blank(&self, _line: &Line<'_>, _out: &mut String) {}
    /// Under `--compact`, the job writes its records compact itself: [`run`] need not.
    fn writes_compact(&self) -> bool {
        false
    }
}

/// Counts over a whole run.
#[derive(Default)]
pub struct Tally {
    pub total: usize,
    pub valid: usize,
    pub invalid: usize,
    pub blank: usize,
    /// The blank lines were skipped (not answered with blank records).
    pub blank_skipped: bool,
    pub kinds: Counts,
    pub errors: Counts,
    pub warnings: Counts,
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
        self.kinds
            .add(o.kind.map_or("unknown", pidkit::Kind::name), 1);
        if let Some(code) = o.error {
            self.errors.add(code, 1);
        }
        for w in o.warnings {
            self.warnings.add(w, 1);
        }
    }

    fn merge(&mut self, other: Tally) {
        self.total += other.total;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.blank += other.blank;
        self.kinds.merge(&other.kinds);
        self.errors.merge(&other.errors);
        self.warnings.merge(&other.warnings);
    }

    /// The end-of-run summary: counts by kind, valid/invalid, errors and warnings by code,
    /// time and rate.
    pub fn summary(&self) -> String {
        let mut s = head(self.total, self.elapsed);
        let _ = write!(s, ": {} valid, {} invalid", self.valid, self.invalid);
        blank_lines(&mut s, self.blank, self.blank_skipped);
        counts(&mut s, "kinds", &self.kinds.sorted());
        counts(&mut s, "errors", &self.errors.sorted());
        counts(&mut s, "warnings", &self.warnings.sorted());
        s
    }
}

/// Counts by name (kinds, error and warning codes), added to once a line: a short list looked
/// through by the names' addresses (each is one `&'static str`, so the same name is nearly
/// always the same address) before their text. A `BTreeMap` compared the texts at every node,
/// a few percent of `check --json`'s instructions.
#[derive(Default, Debug)]
pub struct Counts(Vec<(&'static str, usize)>);

impl Counts {
    /// Count `name` `n` times more.
    pub fn add(&mut self, name: &'static str, n: usize) {
        let at = match self.0.iter().position(|(k, _)| std::ptr::eq(*k, name)) {
            Some(i) => Some(i),
            None => self.0.iter().position(|(k, _)| *k == name),
        };
        match at {
            Some(i) => self.0[i].1 += n,
            None => self.0.push((name, n)),
        }
    }

    /// Add every count of `other`.
    pub fn merge(&mut self, other: &Counts) {
        for &(k, n) in &other.0 {
            self.add(k, n);
        }
    }

    /// The counts by name, in the names' order.
    pub fn sorted(&self) -> BTreeMap<&'static str, usize> {
        let mut m = BTreeMap::new();
        for &(k, n) in &self.0 {
            *m.entry(k).or_default() += n;
        }
        m
    }
}

/// The first words of every summary: `pidkit: 31 identifiers in 0.01 s (5,308/s)`.
pub fn head(total: usize, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    format!(
        "pidkit: {total} identifier{} in {secs:.2} s ({}/s)",
        if total == 1 { "" } else { "s" },
        grouped((total as f64 / secs.max(1e-9)) as u64),
    )
}

/// `; 2 blank line(s)` (`… skipped` when they were), when there were any.
pub fn blank_lines(s: &mut String, blank: usize, skipped: bool) {
    if blank > 0 {
        let _ = write!(s, "; {blank} blank line(s)");
        if skipped {
            s.push_str(" skipped");
        }
    }
}

/// A line of counts by name, `\n  errors: bad-percent 18, invalid-char 3501` (names in
/// alphabetical order), when there is anything to count.
pub fn counts(s: &mut String, label: &str, m: &BTreeMap<&str, usize>) {
    if m.is_empty() {
        return;
    }
    let list = m
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = write!(s, "\n  {label}: {list}");
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

use pidkit::chars::is_blank;

/// Lines handed to one task: small enough to balance threads, large enough to amortise.
const TASK_LINES: usize = 512;

/// What one task of a chunk gives: its output, its diagnostics, its counts.
type Part = (String, String, Tally);

/// Run `job` over every line of `source`, writing to `out` in input order, and diagnostics to
/// `err` (stderr) in input order too. Blank lines (empty or only whitespace) of a stream are
/// counted, and answered with the job's blank record, skipped or read as inputs as the
/// source says ([`Blank`]).
///
/// Three things happen at once: the workers go through one chunk while this thread writes
/// the output of the chunk before and reads the next one.
///
/// With `compact` (`--compact`), each JSON record is compacted by the worker that wrote it
/// ([`crate::compact`]).
pub fn run(
    job: &dyn LineJob,
    mut source: Source,
    out: &mut dyn Write,
    err: &mut dyn Write,
    compact: bool,
) -> io::Result<Tally> {
    let started = Instant::now();
    let progress = progress_bar(&source);
    let mut tally = Tally::default();
    if let Some(h) = job.header() {
        out.write_all(h.as_bytes())?;
    }
    let encoding = source.encoding;
    let compact = compact && !job.writes_compact();
    let blank = source.blank_mode();
    tally.blank_skipped = blank == Blank::Skip;
    // Bytes of output per task: the most a task of the chunk before wrote, and a quarter
    // more. Each task's buffer is sized once, not grown by copying into fresh memory (an
    // average fits half the tasks; the others grew, a tenth of `check --json`'s time).
    let mut task_bytes = TASK_LINES * 160;
    // The tasks' output buffers, kept from chunk to chunk: allocating them afresh makes the
    // allocator hand memory back to the system and fault it in again (a third of the time of
    // `check --json` on a million short lines).
    let pool: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut next = source.next_chunk()?;
    // The output of the chunk before, written while the workers go through this one.
    let mut done: Vec<Part> = Vec::new();
    while let Some(chunk) = next.take() {
        let mut parts = Vec::new();
        let mut io = Ok(());
        rayon::in_place_scope(|s| {
            s.spawn(|_| parts = work(job, &chunk, encoding, blank, task_bytes, &pool, compact));
            io = write(&mut done, out, err, &mut tally, &pool).and_then(|()| {
                next = source.next_chunk()?;
                Ok(())
            });
        });
        io?;
        let most = parts
            .iter()
            .map(|(text, _, _)| text.len())
            .max()
            .unwrap_or(0);
        task_bytes = (most + most / 4).clamp(TASK_LINES * 64, TASK_LINES * 4096);
        source.recycle(chunk);
        done = parts;
        if let Some(bar) = &progress {
            if bar.length().is_some() {
                bar.set_position(source.bytes_read);
            } else {
                bar.set_position((tally.total + tally.blank) as u64);
            }
        }
    }
    write(&mut done, out, err, &mut tally, &pool)?;
    out.flush()?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    tally.elapsed = started.elapsed();
    tally.bom_removed = source.bom_removed;
    Ok(tally)
}

/// The lines of `chunk`, in tasks of [`TASK_LINES`] on the thread pool: each task's output,
/// diagnostics and counts, in input order.
fn work(
    job: &dyn LineJob,
    chunk: &Chunk,
    encoding: &'static Encoding,
    blank: Blank,
    task_bytes: usize,
    pool: &Mutex<Vec<String>>,
    compact: bool,
) -> Vec<Part> {
    let n = chunk.len();
    (0..n.div_ceil(TASK_LINES))
        .into_par_iter()
        .map(|t| {
            let mut text = pool
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop()
                .unwrap_or_default();
            if text.capacity() < task_bytes {
                // Not `reserve`: realloc would copy the old buffer's bytes, all of them.
                text = String::with_capacity(task_bytes);
            }
            let mut diag = String::new();
            let mut part = Tally::default();
            let mut scratch = String::new();
            for k in t * TASK_LINES..((t + 1) * TASK_LINES).min(n) {
                let start = text.len();
                let line = chunk.line(k, encoding);
                // An input the reader could not read (`Place::problem`) is never blank.
                let problem = line.place.is_some_and(|p| p.problem.is_some());
                if blank != Blank::Input
                    && !problem
                    && line.text.as_ref().is_ok_and(|s| is_blank(s))
                {
                    part.blank += 1;
                    if blank == Blank::Record {
                        job.blank(&line, &mut text);
                        if compact {
                            crate::compact::tail(&mut text, start, &mut scratch);
                        }
                    }
                    continue;
                }
                part.add(job.line(&line, &mut text, &mut diag));
                if compact {
                    crate::compact::tail(&mut text, start, &mut scratch);
                }
            }
            (text, diag, part)
        })
        .collect()
}

/// Write the tasks' output in order (stderr's diagnostics in their place), count them, and
/// hand the buffers back to `pool`.
fn write(
    parts: &mut Vec<Part>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    tally: &mut Tally,
    pool: &Mutex<Vec<String>>,
) -> io::Result<()> {
    let mut spare = Vec::with_capacity(parts.len());
    for (mut text, diag, part) in parts.drain(..) {
        out.write_all(text.as_bytes())?;
        if text.capacity() <= 1 << 20 {
            text.clear();
            spare.push(text);
        }
        if !diag.is_empty() {
            out.flush()?;
            err.write_all(diag.as_bytes())?;
            err.flush()?;
        }
        tally.merge(part);
    }
    pool.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .append(&mut spare);
    Ok(())
}

/// A progress bar on stderr for streamed input when stderr is a terminal; nothing otherwise.
fn progress_bar(source: &Source) -> Option<ProgressBar> {
    if !source.is_stream() || source.typed || !io::stderr().is_terminal() {
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
            blank_skipped: true,
            ..Default::default()
        };
        t.kinds.add("iri", 2);
        t.kinds.add("doi", 1);
        t.warnings.add("not-nfc", 1);
        t.errors.add("invalid-char", 3500);
        t.errors.add("bad-percent", 18);
        // The same name at another address is counted as the same name.
        t.errors.add(String::from("invalid-char").leak(), 1);
        t.elapsed = Duration::from_millis(1500);
        assert_eq!(
            t.summary(),
            "pidkit: 3 identifiers in 1.50 s (2/s): 2 valid, 1 invalid; 1 blank line(s) skipped\n  \
             kinds: doi 1, iri 2\n  errors: bad-percent 18, invalid-char 3501\n  \
             warnings: not-nfc 1"
        );
        t.blank_skipped = false;
        assert!(t.summary().contains("1 invalid; 1 blank line(s)\n"));
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(12), "12");
    }
}
