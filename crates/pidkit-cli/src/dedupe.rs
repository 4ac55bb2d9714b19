//! `pidkit dedupe --level`: group equivalent identifiers from a stream. Keys are computed on all
//! threads chunk by chunk; only the groups are kept in memory. A line already in normal form,
//! and every duplicate, costs no allocation for its key.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use pidkit::{Kind, Level};
use rayon::prelude::*;
use serde::Serialize;

use crate::compare::{self, key};
use crate::input::Source;
use crate::output::{self, Format, Style};

/// A group: the kind and the rule of its first member, and its members (line number, the
/// input where it differs from the key).
struct Group {
    kind: Kind,
    rule: &'static str,
    members: Vec<(usize, Option<Box<str>>)>,
}

/// A line's key (borrowed when the line is already normal) and the line, or its error report.
type Keyed<'c> = (usize, Result<(compare::Keyed<'c>, &'c str), String>);

#[derive(Serialize)]
struct Record<'a> {
    key: &'a str,
    /// The kind of the first member.
    kind: &'a str,
    /// The rule that made the members equal (of the first member's kind, at the run's rung).
    rule: &'a str,
    members: Vec<&'a str>,
    lines: Vec<usize>,
}

/// Options of a dedupe run.
pub struct Dedupe {
    pub opts: pidkit::ReadOptions,
    pub level: Level,
    pub format: Format,
    pub style: Style,
    /// Print groups of one member too.
    pub all: bool,
    pub quiet: bool,
    /// Clean each input first ([`pidkit::extract::clean`], `--clean`): the key is the cleaned
    /// input's, the member is shown as given.
    pub clean: bool,
}

impl Dedupe {
    /// The key of `text`, cleaned first under `--clean` (errors then point into `text`).
    fn key<'c>(&self, text: &'c str) -> Result<compare::Keyed<'c>, pidkit::ParseError> {
        if !self.clean {
            return key(text, &self.opts, self.level);
        }
        let c = pidkit::extract::clean(text);
        let keyed = match &c.text {
            Cow::Borrowed(t) => key(t, &self.opts, self.level),
            Cow::Owned(t) => key(t, &self.opts, self.level).map(|k| compare::Keyed {
                key: Cow::Owned(k.key.into_owned()),
                kind: k.kind,
                rule: k.rule,
            }),
        };
        keyed.map_err(|e| c.locate(e))
    }

    /// Read every line of `source`, then print the groups. Returns whether every input was valid.
    pub fn run(&self, mut source: Source, out: &mut dyn Write) -> io::Result<bool> {
        let started = Instant::now();
        // Key → group number; groups in order of first appearance.
        let mut index: HashMap<Box<str>, usize> = HashMap::new();
        let mut groups: Vec<Group> = Vec::new();
        let (mut total, mut invalid, mut blank) = (0usize, 0usize, 0usize);
        let encoding = source.encoding;
        let skip_blank = source.skips_blank();
        let batch = source.is_stream();
        while let Some(chunk) = source.next_chunk()? {
            let keyed: Vec<Keyed<'_>> = (0..chunk.len())
                .into_par_iter()
                .filter_map(|k| {
                    let line = chunk.line(k, encoding);
                    let text = match line.text {
                        Ok(t) if skip_blank && t.trim().is_empty() => return None,
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
                    let r = self.key(text).map(|k| (k, text)).map_err(|e| {
                        let mut msg = String::new();
                        output::human_error(
                            &mut msg,
                            &format!("{}: ", line.number),
                            text,
                            &e,
                            self.style,
                        );
                        msg
                    });
                    Some((line.number, r))
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
                    Ok((k, text)) => {
                        let input = (*k.key != *text).then(|| Box::<str>::from(text));
                        match index.get(&*k.key) {
                            Some(&g) => groups[g].members.push((number, input)),
                            None => {
                                index.insert(k.key.into_owned().into_boxed_str(), groups.len());
                                groups.push(Group {
                                    kind: k.kind,
                                    rule: k.rule,
                                    members: vec![(number, input)],
                                });
                            }
                        }
                    }
                }
            }
        }
        let distinct = groups.len();
        let mut keys: Vec<Option<Box<str>>> = vec![None; distinct];
        for (k, g) in index {
            keys[g] = Some(k);
        }
        let mut text = String::new();
        let mut duplicates = 0;
        for (group, key) in groups.iter().zip(&keys) {
            let key = key.as_deref().unwrap_or_default();
            let g = &group.members;
            duplicates += g.len() - 1;
            if g.len() < 2 && !self.all {
                continue;
            }
            let members: Vec<&str> = g.iter().map(|(_, i)| i.as_deref().unwrap_or(key)).collect();
            match self.format {
                Format::Json => output::json_line(
                    &mut text,
                    &Record {
                        key,
                        kind: group.kind.name(),
                        rule: group.rule,
                        members,
                        lines: g.iter().map(|m| m.0).collect(),
                    },
                ),
                Format::Tsv => {
                    for ((n, _), m) in g.iter().zip(members) {
                        output::tsv_record(&mut text, [Some(key), Some(&n.to_string()), Some(m)]);
                    }
                }
                Format::Human => {
                    let _ = writeln!(text, "{} ({})", self.style.green(key), g.len());
                    for ((n, _), m) in g.iter().zip(members) {
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
        if source.bom_removed {
            let _ = writeln!(io::stderr(), "{}", crate::BOM_NOTE);
        }
        // The summary of a stream, as the line commands give it.
        if batch && !self.quiet {
            let secs = started.elapsed().as_secs_f64();
            let skipped = if blank > 0 {
                format!("; {blank} blank line(s) skipped")
            } else {
                String::new()
            };
            let _ = writeln!(
                io::stderr(),
                "pidkit: {total} identifiers in {secs:.2} s: {distinct} distinct at level {}, {duplicates} duplicate(s), {invalid} invalid{skipped}",
                self.level.name(),
            );
        }
        Ok(invalid == 0)
    }
}
