//! `pidkit dedupe --level`: group equivalent identifiers from a stream. Keys are computed on all
//! threads chunk by chunk; only the groups are kept in memory, and an input equal to its key is
//! not stored twice.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use pidkit::Level;
use rayon::prelude::*;
use serde::Serialize;

use crate::analyze::Options;
use crate::compare::key;
use crate::input::Source;
use crate::output::{self, Format, Style};

/// One group of equivalent identifiers, in order of first appearance.
struct Group {
    key: Box<str>,
    /// (line number, the input if it differs from the key).
    members: Vec<(usize, Option<Box<str>>)>,
}

/// A line's key and its input (when it differs from the key), or its error report.
type Keyed = (usize, Result<(String, Option<Box<str>>), String>);

#[derive(Serialize)]
struct Record<'a> {
    key: &'a str,
    members: Vec<&'a str>,
    lines: Vec<usize>,
}

/// Options of a dedupe run.
pub struct Dedupe {
    pub opts: Options,
    pub level: Level,
    pub format: Format,
    pub style: Style,
    /// Print groups of one member too.
    pub all: bool,
    pub quiet: bool,
}

impl Dedupe {
    /// Read every line of `source`, then print the groups. Returns whether every input was valid.
    pub fn run(&self, mut source: Source, out: &mut dyn Write) -> io::Result<bool> {
        let started = Instant::now();
        let mut index: HashMap<Box<str>, usize> = HashMap::new();
        let mut groups: Vec<Group> = Vec::new();
        let (mut total, mut invalid, mut blank) = (0usize, 0usize, 0usize);
        let encoding = source.encoding;
        while let Some(chunk) = source.next_chunk()? {
            let keyed: Vec<Keyed> = (0..chunk.len())
                .into_par_iter()
                .filter_map(|k| {
                    let line = chunk.line(k, encoding);
                    let text = match line.text {
                        Ok(t) if t.trim().is_empty() => return None,
                        Ok(t) => t,
                        Err(bad) => {
                            let mut e = String::new();
                            crate::cmd::bad_bytes(
                                Format::Human,
                                self.style,
                                line.number,
                                &bad,
                                &mut e,
                            );
                            return Some((line.number, Err(e)));
                        }
                    };
                    Some((
                        line.number,
                        match key(text, &self.opts, self.level) {
                            Ok(k) => {
                                let input = (k != text).then(|| text.into());
                                Ok((k, input))
                            }
                            Err(e) => {
                                let mut msg = String::new();
                                output::human_error(
                                    &mut msg,
                                    &format!("{}: ", line.number),
                                    text,
                                    &e,
                                    self.style,
                                );
                                Err(msg)
                            }
                        },
                    ))
                })
                .collect();
            blank += chunk.len() - keyed.len();
            for (number, r) in keyed {
                total += 1;
                match r {
                    Err(msg) => {
                        invalid += 1;
                        io::stderr().write_all(msg.as_bytes())?;
                    }
                    Ok((k, input)) => {
                        let k = k.as_str();
                        match index.get(k) {
                            Some(&g) => groups[g].members.push((number, input)),
                            None => {
                                index.insert(k.into(), groups.len());
                                groups.push(Group {
                                    key: k.into(),
                                    members: vec![(number, input)],
                                });
                            }
                        }
                    }
                }
            }
        }
        let mut text = String::new();
        let mut duplicates = 0;
        for g in &groups {
            duplicates += g.members.len() - 1;
            if g.members.len() < 2 && !self.all {
                continue;
            }
            let members: Vec<&str> = g
                .members
                .iter()
                .map(|(_, i)| i.as_deref().unwrap_or(&g.key))
                .collect();
            match self.format {
                Format::Json => output::json_line(
                    &mut text,
                    &Record {
                        key: &g.key,
                        members,
                        lines: g.members.iter().map(|m| m.0).collect(),
                    },
                ),
                Format::Tsv => {
                    for ((n, _), m) in g.members.iter().zip(members) {
                        output::tsv_record(
                            &mut text,
                            [Some(&*g.key), Some(&n.to_string()), Some(m)],
                        );
                    }
                }
                Format::Human => {
                    let _ = writeln!(text, "{} ({})", self.style.green(&g.key), g.members.len());
                    for ((n, _), m) in g.members.iter().zip(members) {
                        let _ = writeln!(text, "  {n}: {m}");
                    }
                }
            }
            if text.len() > 1 << 16 {
                out.write_all(text.as_bytes())?;
                text.clear();
            }
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if !self.quiet {
            let secs = started.elapsed().as_secs_f64();
            let _ = writeln!(
                io::stderr(),
                "pidkit: {total} identifiers in {secs:.2} s: {} distinct at level {}, {duplicates} duplicate(s), {invalid} invalid{}",
                groups.len(),
                self.level.name(),
                if blank > 0 {
                    format!("; {blank} blank line(s) skipped")
                } else {
                    String::new()
                }
            );
        }
        Ok(invalid == 0)
    }
}
