//! The batch runner: streams chunks of lines through a command on all threads, writes the
//! results in input order, and keeps the tallies for the summary and the exit code.

use std::collections::BTreeMap;
use std::io::{self, Write};

use rayon::prelude::*;

use crate::input::{Line, Source};

/// What a command reports about one input, for the summary and the exit status.
#[derive(Default)]
pub struct Outcome {
    pub valid: bool,
    pub kind: &'static str,
    pub warnings: Vec<&'static str>,
}

/// A command that handles one line at a time, appending its output to `out`.
pub trait LineJob: Sync {
    fn line(&self, line: &Line<'_>, out: &mut String) -> Outcome;
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
}

impl Tally {
    fn add(&mut self, o: Outcome) {
        self.total += 1;
        if o.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        *self.kinds.entry(o.kind).or_default() += 1;
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
}

/// Lines handed to one task: small enough to balance threads, large enough to amortise.
const TASK_LINES: usize = 512;

/// Run `job` over every line of `source`, writing to `out` in input order.
/// Blank lines (empty or only whitespace) are skipped and counted.
pub fn run(job: &dyn LineJob, mut source: Source, out: &mut dyn Write) -> io::Result<Tally> {
    let mut tally = Tally::default();
    while let Some(chunk) = source.next_chunk()? {
        let n = chunk.len();
        let parts: Vec<(String, Tally)> = (0..n.div_ceil(TASK_LINES))
            .into_par_iter()
            .map(|t| {
                let mut text = String::new();
                let mut part = Tally::default();
                for k in t * TASK_LINES..((t + 1) * TASK_LINES).min(n) {
                    let line = chunk.line(k);
                    if line.text.as_ref().is_ok_and(|s| s.trim().is_empty()) {
                        part.blank += 1;
                        continue;
                    }
                    part.add(job.line(&line, &mut text));
                }
                (text, part)
            })
            .collect();
        for (text, part) in parts {
            out.write_all(text.as_bytes())?;
            tally.merge(part);
        }
    }
    out.flush()?;
    Ok(tally)
}
