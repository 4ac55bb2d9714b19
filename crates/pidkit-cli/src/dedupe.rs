//! `pidkit dedupe --level`: group equivalent identifiers from a stream. Keys are computed on all
//! threads chunk by chunk; only the groups (and the records of invalid lines) are kept in
//! memory. A line already in normal form, and every duplicate, costs no allocation for its key.
//!
//! Records come in input order of their first line: a group where its first member is, an
//! invalid line where it is (docs/output.md).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use pidkit::{Kind, Level};
use rayon::prelude::*;

use crate::compare::{self, key};
use crate::input::Source;
use crate::output::{self, ErrorJson, Format, Style};
use crate::run::{self, SummaryArgs};

/// The columns `dedupe --tsv` adds to those of every input row: its group's key and rule.
const EXTRA: [&str; 2] = ["key", "rule"];

/// A group: the kind and the rule of its first member, and its members (line number, the
/// input where it differs from the key).
struct Group {
    kind: Kind,
    rule: &'static str,
    members: Vec<(usize, Option<Box<str>>)>,
}

/// What one line gave: its key (borrowed when the line is already normal) and the line; or,
/// for an invalid line, its kind, error code and report (stderr text, or its record).
type Keyed<'c> = (usize, Result<(compare::Keyed<'c>, &'c str), Invalid>);

/// An invalid line: the kind it was read as (`None`: not text), its error code, and its report.
struct Invalid {
    kind: Option<Kind>,
    code: &'static str,
    report: String,
}

/// Options of a dedupe run.
pub struct Dedupe {
    pub opts: pidkit::ReadOptions,
    pub level: Level,
    pub format: Format,
    pub style: Style,
    /// Print groups of one member too.
    pub all: bool,
    pub summary: SummaryArgs,
}

impl Dedupe {
    /// The report of an invalid line: on stderr in human output, else its input record.
    fn invalid(&self, number: usize, input: &str, kind: &str, error: &ErrorJson) -> String {
        let mut s = String::new();
        match self.format {
            Format::Json => {
                output::json_input(&mut s, number, input, kind, false, Some(error), &[]);
                s.push_str("}\n");
            }
            Format::Tsv => {
                output::tsv_input(&mut s, number, input, kind, false, Some(error), &[]);
                for _ in EXTRA {
                    output::tsv_field(&mut s, false, None);
                }
                s.push('\n');
            }
            Format::Human => {}
        }
        s
    }

    /// Read every line of `source`, then print the groups. Returns whether every input was valid.
    pub fn run(&self, mut source: Source, out: &mut dyn Write) -> io::Result<bool> {
        let started = Instant::now();
        let err_style = self.style.stderr();
        // Key → group number; groups in order of first appearance.
        let mut index: HashMap<Box<str>, usize> = HashMap::new();
        let mut groups: Vec<Group> = Vec::new();
        // Members whose kind is not their group's (a handle that is a DOI in a DOI's group).
        let mut other_kinds: HashMap<usize, Kind> = HashMap::new();
        // Records of invalid lines (JSON, TSV), in input order.
        let mut invalid_records: Vec<(usize, String)> = Vec::new();
        let (mut total, mut invalid, mut blank) = (0usize, 0usize, 0usize);
        let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
        let mut errors: BTreeMap<&'static str, usize> = BTreeMap::new();
        let encoding = source.encoding;
        let skip_blank = source.skips_blank();
        let batch = source.is_stream();
        if self.format == Format::Tsv {
            out.write_all(output::tsv_header(&EXTRA).as_bytes())?;
        }
        while let Some(chunk) = source.next_chunk()? {
            let keyed: Vec<Keyed<'_>> = (0..chunk.len())
                .into_par_iter()
                .filter_map(|k| {
                    let line = chunk.line(k, encoding);
                    let text = match line.text {
                        Ok(t) if skip_blank && t.trim().is_empty() => return None,
                        Ok(t) => t,
                        Err(bad) => {
                            let error = ErrorJson::bad_bytes(line.number, &bad);
                            let mut report = String::new();
                            if self.format == Format::Human {
                                crate::cmd::bad_bytes(
                                    Format::Human,
                                    err_style,
                                    line.number,
                                    &bad,
                                    &[],
                                    &mut report,
                                );
                            } else {
                                let shown = String::from_utf8_lossy(bad.bytes);
                                report = self.invalid(line.number, &shown, "unknown", &error);
                            }
                            let code = error.code;
                            return Some((
                                line.number,
                                Err(Invalid {
                                    kind: None,
                                    code,
                                    report,
                                }),
                            ));
                        }
                    };
                    let r = key(text, &self.opts, self.level)
                        .map(|k| (k, text))
                        .map_err(|(kind, e)| {
                            let report = if self.format == Format::Human {
                                let mut msg = String::new();
                                let prefix = format!("{}: ", line.number);
                                output::human_error(&mut msg, &prefix, text, &e, err_style);
                                msg
                            } else {
                                let error = ErrorJson::from(&e);
                                self.invalid(line.number, text, kind.name(), &error)
                            };
                            Invalid {
                                kind: Some(kind),
                                code: e.code(),
                                report,
                            }
                        });
                    Some((line.number, r))
                })
                .collect();
            blank += chunk.len() - keyed.len();
            let mut diag = String::new();
            for (number, r) in keyed {
                total += 1;
                match r {
                    Err(bad) => {
                        invalid += 1;
                        *kinds
                            .entry(bad.kind.map_or("unknown", Kind::name))
                            .or_default() += 1;
                        *errors.entry(bad.code).or_default() += 1;
                        if self.format == Format::Human {
                            diag.push_str(&bad.report);
                        } else {
                            invalid_records.push((number, bad.report));
                        }
                    }
                    Ok((k, text)) => {
                        *kinds.entry(k.kind.name()).or_default() += 1;
                        let input = (*k.key != *text).then(|| Box::<str>::from(text));
                        match index.get(&*k.key) {
                            Some(&g) => {
                                if groups[g].kind != k.kind {
                                    other_kinds.insert(number, k.kind);
                                }
                                groups[g].members.push((number, input));
                            }
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
            output::eprint(self.style, &diag);
        }
        let distinct = groups.len();
        let mut keys: Vec<Option<Box<str>>> = vec![None; distinct];
        for (k, g) in index {
            keys[g] = Some(k);
        }
        let mut text = String::new();
        let mut duplicates = 0;
        let mut pending = invalid_records.into_iter().peekable();
        for (group, key) in groups.iter().zip(&keys) {
            let key = key.as_deref().unwrap_or_default();
            let g = &group.members;
            duplicates += g.len() - 1;
            if g.len() < 2 && !self.all {
                continue;
            }
            // The invalid lines before this group's first member come first.
            while let Some((_, record)) = pending.next_if(|(n, _)| *n < g[0].0) {
                text.push_str(&record);
            }
            let member_kind = |n: usize| other_kinds.get(&n).copied().unwrap_or(group.kind);
            match self.format {
                Format::Json => self.group_json(&mut text, key, group, member_kind),
                Format::Tsv => {
                    for (n, input) in g {
                        let kind = member_kind(*n).name();
                        let input = input.as_deref().unwrap_or(key);
                        output::tsv_input(&mut text, *n, input, kind, true, None, &[]);
                        output::tsv_field(&mut text, false, Some(key));
                        output::tsv_field(&mut text, false, Some(group.rule));
                        text.push('\n');
                    }
                }
                Format::Human => {
                    let _ = writeln!(text, "{} ({})", self.style.green(key), g.len());
                    for (n, input) in g {
                        let input = input.as_deref().unwrap_or(key);
                        let _ = writeln!(text, "  {n}: {}", output::safe(input));
                    }
                }
            }
            if text.len() > 1 << 16 {
                out.write_all(text.as_bytes())?;
                text.clear();
            }
        }
        for (_, record) in pending {
            text.push_str(&record);
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if source.bom_removed {
            let _ = writeln!(io::stderr(), "{}", crate::BOM_NOTE);
        }
        // The summary of a stream, as the line commands give it.
        if self.summary.wanted(batch) {
            let mut s = run::head(total, started.elapsed());
            let _ = write!(
                s,
                ": {distinct} distinct at level {}, {duplicates} duplicate(s), {invalid} invalid",
                self.level.name(),
            );
            run::blank_lines(&mut s, blank);
            run::counts(&mut s, "kinds", &kinds);
            run::counts(&mut s, "errors", &errors);
            let _ = writeln!(io::stderr(), "{s}");
        }
        Ok(invalid == 0)
    }

    /// A group's record: `{"schema":1,"key":…,"kind":…,"rule":…,"members":[{"line":…,
    /// "input":…,"kind":…},…]}`.
    fn group_json(
        &self,
        out: &mut String,
        key: &str,
        group: &Group,
        member_kind: impl Fn(usize) -> Kind,
    ) {
        out.push_str("{\"schema\":");
        output::push_int(out, output::SCHEMA as usize);
        output::json_member(out, "key", Some(key));
        output::json_member(out, "kind", Some(group.kind.name()));
        output::json_member(out, "rule", Some(group.rule));
        out.push_str(",\"members\":[");
        for (i, (n, input)) in group.members.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"line\":");
            output::push_int(out, *n);
            output::json_member(out, "input", Some(input.as_deref().unwrap_or(key)));
            output::json_member(out, "kind", Some(member_kind(*n).name()));
            out.push('}');
        }
        out.push_str("]}\n");
    }
}
