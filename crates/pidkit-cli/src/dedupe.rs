//! `pidkit dedupe --level`: group equivalent identifiers from a stream.
//!
//! Per chunk of input, while most lines are texts seen before, the workers look every line up
//! in the table (read-only) by the 64-bit hash of its text and compute the key (and the key's
//! hash) only of the texts it does not have, while this thread reads the next chunk; then this
//! thread merges the chunk in line order. While most lines are new, look-ups would only miss:
//! the workers key every line while this thread merges the previous chunk and reads the next.
//! Each merge says which way suits the next chunk (the output is the same either way). A line
//! found by a worker is its *variant* (a distinct text); the merge finds or makes the variant
//! of any other line, in the group of its key, found or made by the key's hash.
//! Every hash match is confirmed on the text itself: a 64-bit collision never merges two
//! different keys.
//!
//! Memory: each distinct text and key once, in one arena; per distinct text about 55 bytes of
//! tables (its variant record of 16 bytes, kind 1, folded hash 4, its slot in the text table
//! about 8 — a 4-byte index per slot, hashbrown's `HashTable` — and, for a new key, a group
//! record of 16, hash 4 and key-table slot about 8); and 4 bytes per input line (the line's
//! variant, its index being the line number), which the output needs to list the members of
//! each group in order; and the records of invalid lines. The look-up tables are dropped
//! before the output is made.
//!
//! Records come in input order of their first line: a group where its first member is, an
//! invalid line where it is (docs/output.md).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hash::Hasher;
use std::io::{self, Write};
use std::time::Instant;

use crate::compare::{self, key};
use crate::input::{Chunk, Line, Shape, Source};
use crate::output::{self, ErrorJson, Format, Style};
use crate::run::{self, SummaryArgs};
use encoding_rs::Encoding;
use hashbrown::HashTable;
use pidkit::{Kind, Level};
use rayon::prelude::*;
use rustc_hash::FxHasher;

/// The columns `dedupe --tsv` adds to those of every input row: its group's key and rule.
const EXTRA: [&str; 2] = ["key", "rule"];

/// The variant of a blank or invalid line.
const NONE: u32 = u32::MAX;

/// Members formatted per batch of output (the batch is formatted on all threads).
const BATCH_MEMBERS: usize = 1 << 16;

/// The hash of a text (a line or a key), computed by the workers.
type HashFn = fn(&str) -> u64;

/// The 64-bit hash of a text: rustc-hash's string hash, fixed (no random seed).
fn fx(s: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(s.as_bytes());
    h.finish()
}

/// What a worker found out about one line.
enum Keyed {
    /// Blank: skipped.
    Blank,
    /// Not an identifier, or not text: the kind it was read as (`None`: not text), the error
    /// code, and its report (stderr text in human output, else its record).
    Bad {
        kind: Option<Kind>,
        code: &'static str,
        report: String,
    },
    /// A text an earlier chunk had: its variant (and its kind), found without keying it.
    Seen { variant: u32, kind: Kind },
    /// The line's key (`None` when it is the line itself), the hashes of the line and key, and
    /// the kind and rule of the group a new key makes.
    Ok {
        key: Option<String>,
        text_hash: u64,
        key_hash: u64,
        kind: Kind,
        rule: &'static str,
    },
}

/// One more line of `kind` in a chunk's counts (a handful of kinds: a short list).
fn count(kinds: &mut Vec<(Kind, usize)>, kind: Kind) {
    match kinds.iter_mut().find(|(k, _)| *k == kind) {
        Some((_, n)) => *n += 1,
        None => kinds.push((kind, 1)),
    }
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
    /// Clean each input first ([`pidkit::extract::clean`], `--clean`): the key is the cleaned
    /// input's, the member is shown as given.
    pub clean: bool,
    /// What the inputs are: lines, a table's cells or an RDF file's IRIs.
    pub shape: Shape,
    /// `--output csv|tsv`: the table written back, the first row of each group and the rows
    /// not keyed (invalid or blank cells), with kind, valid, error and key added; the later
    /// rows of each group are left out.
    pub table: Option<crate::table::TableOut>,
}

/// The columns `dedupe --output csv|tsv` adds.
pub const TABLE_COLUMNS: [&str; 4] = ["kind", "valid", "error", "key"];

/// Where an input of a table or an RDF file is (`Place`, in 9 bytes): its physical line, its
/// column (RDF), its term.
#[derive(Clone, Copy, Default)]
struct Where {
    line: u32,
    column: u32,
    term: Option<crate::rdf::Term>,
}

/// A distinct text: where it is in the arena, and its group.
#[derive(Clone, Copy)]
struct Variant {
    start: usize,
    len: u32,
    group: u32,
}

/// The 32 bits of a worker's 64-bit hash the tables keep ([`spread`] makes them a table hash).
fn fold(hash: u64) -> u32 {
    (hash ^ (hash >> 32)) as u32
}

/// The hash the tables place an item by: its folded hash in both halves (hashbrown takes the
/// bucket from the low bits and a tag from the top ones).
fn spread(h: u32) -> u64 {
    (u64::from(h) << 32) | u64::from(h)
}

/// A group: where its key is in the arena, and the kind and rule of its first member (the
/// rule as its index in [`Table::rules`]).
#[derive(Clone, Copy)]
struct Group {
    start: usize,
    len: u32,
    kind: Kind,
    rule: u8,
}

/// The merged state: every distinct text and key once, the groups in order of first
/// appearance, and the variant of every line.
struct Table {
    /// The texts and keys, one after another (a text that is its own key: once).
    arena: String,
    variants: Vec<Variant>,
    /// The kind of each variant (a handle that is a DOI can be in a DOI's group).
    variant_kinds: Vec<Kind>,
    /// The folded hash of each variant's text and of each group's key: a table that grows
    /// re-places its items by these, without reading the texts again.
    variant_hashes: Vec<u32>,
    groups: Vec<Group>,
    group_hashes: Vec<u32>,
    /// The rules the groups name (a handful).
    rules: Vec<&'static str>,
    /// The variants by the hash of their text, the groups by the hash of their key; a hash
    /// match is a match only when the text is the same, so a 64-bit collision never merges.
    by_text: HashTable<u32>,
    by_key: HashTable<u32>,
    /// The variant of line `n` at `n - 1` ([`NONE`] for blank and invalid lines).
    lines: Vec<u32>,
    /// Where input `n` is, at `n - 1` (tables and RDF files only).
    places: Vec<Where>,
    /// `--output csv|tsv`: the rows merged and not yet written.
    rows: String,
    /// The records of invalid lines (JSON, TSV), in input order.
    invalid_records: InvalidRecords,
    total: usize,
    invalid: usize,
    blank: usize,
    kinds: BTreeMap<&'static str, usize>,
    errors: BTreeMap<&'static str, usize>,
}

/// The records of the invalid lines, kept for the end in input order. A record is what comes
/// before its line's number (`head`), the number, and the rest; a rest written before is kept
/// once — a column's invalid values repeat as its identifiers do (the bench's 10 M mixed
/// lines, one in twelve invalid: a peak of 442 MB when every record was kept, 120 MB now).
#[derive(Default)]
struct InvalidRecords {
    /// Each invalid line: its number and its rest, in input order; `None` for a record that did
    /// not start with `head` and its number (then it is the next of `whole`).
    order: Vec<(usize, Option<u32>)>,
    whole: Vec<String>,
    rests: Vec<Box<str>>,
    by_rest: HashTable<u32>,
}

impl InvalidRecords {
    /// Keep the record of line `line`, which starts with `head` and the line's number.
    fn push(&mut self, line: usize, record: &str, head: &str) {
        let mut number = itoa::Buffer::new();
        let Some(rest) = record
            .strip_prefix(head)
            .and_then(|r| r.strip_prefix(number.format(line)))
        else {
            self.order.push((line, None));
            self.whole.push(record.to_owned());
            return;
        };
        let hash = spread(fold(fx(rest)));
        let rests = &mut self.rests;
        let found = self
            .by_rest
            .find(hash, |&i| &*rests[i as usize] == rest)
            .copied();
        let index = match found {
            Some(i) => i,
            None => {
                // At most one rest per invalid line: fewer than there are lines (u32).
                let i = u32::try_from(rests.len()).unwrap_or(u32::MAX);
                rests.push(rest.into());
                let all = &*rests;
                self.by_rest
                    .insert_unique(hash, i, |&j| spread(fold(fx(&all[j as usize]))));
                i
            }
        };
        self.order.push((line, Some(index)));
    }

    /// The records in input order, each with its line's number, `head` before it.
    fn drain(self, head: &'static str) -> impl Iterator<Item = (usize, String)> {
        let mut whole = self.whole.into_iter();
        let rests = self.rests;
        self.order.into_iter().map(move |(line, rest)| match rest {
            Some(i) => {
                let mut record = String::from(head);
                output::push_int(&mut record, line);
                record.push_str(rests.get(i as usize).map_or("", |r| r));
                (line, record)
            }
            None => (line, whole.next().unwrap_or_default()),
        })
    }
}

fn too_many(what: &str) -> io::Error {
    io::Error::other(format!("dedupe holds at most {} {what}", NONE - 1))
}

/// The next index of a table of `len` items (below [`NONE`]).
fn next_index(len: usize, what: &str) -> io::Result<u32> {
    u32::try_from(len)
        .ok()
        .filter(|&i| i < NONE)
        .ok_or_else(|| too_many(what))
}

/// The text at `start` of `arena`, `len` bytes long.
fn at(arena: &str, start: usize, len: u32) -> &str {
    arena.get(start..start + len as usize).unwrap_or_default()
}

impl Table {
    fn new() -> Table {
        Table {
            arena: String::new(),
            variants: Vec::new(),
            variant_kinds: Vec::new(),
            variant_hashes: Vec::new(),
            groups: Vec::new(),
            group_hashes: Vec::new(),
            rules: Vec::new(),
            by_text: HashTable::new(),
            by_key: HashTable::new(),
            lines: Vec::new(),
            places: Vec::new(),
            rows: String::new(),
            invalid_records: InvalidRecords::default(),
            total: 0,
            invalid: 0,
            blank: 0,
            kinds: BTreeMap::new(),
            errors: BTreeMap::new(),
        }
    }

    fn text(&self, v: u32) -> &str {
        let var = &self.variants[v as usize];
        at(&self.arena, var.start, var.len)
    }

    fn key(&self, g: u32) -> &str {
        let group = &self.groups[g as usize];
        at(&self.arena, group.start, group.len)
    }

    /// The kind and rule of group `g`.
    fn info(&self, g: usize) -> (Kind, &'static str) {
        let group = &self.groups[g];
        (group.kind, self.rules[usize::from(group.rule)])
    }

    /// Append `s` to the arena: where it starts and its length.
    fn push_string(&mut self, s: &str) -> io::Result<(usize, u32)> {
        let len = u32::try_from(s.len()).map_err(|_| too_many("bytes in one line"))?;
        let start = self.arena.len();
        self.arena.push_str(s);
        Ok((start, len))
    }

    /// The variant of `text`, if seen before (the hash match confirmed on the text).
    fn find_variant(&self, text: &str, hash: u64) -> Option<u32> {
        self.by_text
            .find(spread(fold(hash)), |&v| self.text(v) == text)
            .copied()
    }

    /// The group of `key`, made if it is new (with the kind and rule of the line that makes it).
    fn group(
        &mut self,
        key: &str,
        hash: u64,
        (kind, rule): (Kind, &'static str),
    ) -> io::Result<u32> {
        let hash = fold(hash);
        if let Some(&g) = self.by_key.find(spread(hash), |&g| self.key(g) == key) {
            return Ok(g);
        }
        let g = next_index(self.groups.len(), "groups")?;
        let rule = match self.rules.iter().position(|&r| r == rule) {
            Some(i) => i,
            None => {
                self.rules.push(rule);
                self.rules.len() - 1
            }
        };
        let rule = u8::try_from(rule).map_err(|_| too_many("rules"))?;
        let (start, len) = self.push_string(key)?;
        self.groups.push(Group {
            start,
            len,
            kind,
            rule,
        });
        self.group_hashes.push(hash);
        let hashes = &self.group_hashes;
        self.by_key
            .insert_unique(spread(hash), g, |&g| spread(hashes[g as usize]));
        Ok(g)
    }

    /// Record that line `number` is `text`, of key `key` (`None`: `text` itself); whether the
    /// text was seen before.
    fn add(
        &mut self,
        number: usize,
        text: &str,
        key: Option<&str>,
        (text_hash, key_hash): (u64, u64),
        info: (Kind, &'static str),
    ) -> io::Result<bool> {
        let seen = self.find_variant(text, text_hash);
        let v = match seen {
            Some(v) => v,
            None => {
                let g = self.group(key.unwrap_or(text), key_hash, info)?;
                let (start, len) = match key {
                    // The text is its key: one string for both.
                    None => {
                        let group = &self.groups[g as usize];
                        (group.start, group.len)
                    }
                    Some(_) => self.push_string(text)?,
                };
                let v = next_index(self.variants.len(), "distinct texts")?;
                self.variants.push(Variant {
                    start,
                    len,
                    group: g,
                });
                self.variant_kinds.push(info.0);
                let hash = fold(text_hash);
                self.variant_hashes.push(hash);
                let hashes = &self.variant_hashes;
                self.by_text
                    .insert_unique(spread(hash), v, |&v| spread(hashes[v as usize]));
                v
            }
        };
        self.set_line(number, v)?;
        Ok(seen.is_some())
    }

    fn set_line(&mut self, number: usize, v: u32) -> io::Result<()> {
        if number > NONE as usize {
            return Err(too_many("lines"));
        }
        if self.lines.len() < number {
            self.lines.resize(number, NONE);
        }
        self.lines[number - 1] = v;
        Ok(())
    }
}

impl Dedupe {
    /// What an invalid line's record has before the line's number ([`Dedupe::invalid`]).
    fn record_head(&self) -> &'static str {
        match self.format {
            Format::Json => "{\"schema\":1,\"line\":",
            _ => "",
        }
    }

    /// The report of an invalid line: on stderr in human output, else its input record.
    fn invalid(&self, line: &Line<'_>, input: &str, kind: &str, error: &ErrorJson) -> String {
        let mut s = String::new();
        let number = line.line();
        match self.format {
            Format::Json => {
                let place = self.shape.json(line);
                output::json_input_placed(
                    &mut s,
                    number,
                    &place,
                    input,
                    kind,
                    false,
                    Some(error),
                    &[],
                    false, // `--compact` is done as stdout is written
                );
                s.push_str("}\n");
            }
            Format::Tsv => {
                output::tsv_input(&mut s, number, input, kind, false, Some(error), &[]);
                for _ in EXTRA {
                    output::tsv_field(&mut s, false, None);
                }
                self.shape.tsv(&mut s, line);
                s.push('\n');
            }
            Format::Human => {}
        }
        s
    }

    /// The TSV header: the input's columns, `key rule`, and where the input is.
    fn tsv_header(&self) -> String {
        let mut extra = EXTRA.to_vec();
        extra.extend(self.shape.tsv_columns());
        output::tsv_header(&extra)
    }

    /// Read every line of `source`, then print the groups. Returns whether every input was valid.
    pub fn run(&self, source: Source, out: &mut dyn Write) -> io::Result<bool> {
        self.run_with(source, out, fx)
    }

    /// [`Self::run`] with the hash of texts given (the tests inject a weak one).
    fn run_with(&self, mut source: Source, out: &mut dyn Write, hash: HashFn) -> io::Result<bool> {
        let started = Instant::now();
        let encoding = source.encoding;
        let skip_blank = source.skips_blank();
        let batch = source.is_stream();
        let mut table = Table::new();
        if let Some(t) = &self.table {
            if let Some(h) = t.header() {
                out.write_all(h.as_bytes())?;
            }
        } else if self.format == Format::Tsv {
            out.write_all(self.tsv_header().as_bytes())?;
        }
        // Two ways through a chunk, with the same result. While most lines are texts seen
        // before, the workers look every line up in the table (read-only) and key only the
        // new texts, this thread reading the next chunk meanwhile; then this thread merges the
        // chunk. While most are new, the look-ups would only miss: the workers key every line
        // while this thread merges the previous chunk and reads the next. Each merge says
        // which way suits the next chunk.
        let mut current = source.next_chunk()?;
        let mut pending: Option<(Chunk, Vec<Keyed>)> = None;
        let mut look_up = true;
        loop {
            out.write_all(table.rows.as_bytes())?;
            table.rows.clear();
            if look_up {
                if let Some((chunk, keyed)) = pending.take() {
                    self.merge(&mut table, &chunk, encoding, keyed)?;
                    source.recycle(chunk);
                }
                let Some(chunk) = current.take() else { break };
                let (next, keyed) = rayon::join(
                    || source.next_chunk(),
                    || self.key_chunk(&chunk, encoding, hash, skip_blank, Some(&table)),
                );
                look_up = self.merge(&mut table, &chunk, encoding, keyed)?;
                source.recycle(chunk);
                current = next?;
            } else {
                if current.is_none() && pending.is_none() {
                    break;
                }
                let (next, keyed) = rayon::join(
                    || -> io::Result<(Option<Chunk>, bool)> {
                        let mostly_seen = match pending.take() {
                            Some((chunk, keyed)) => {
                                let seen = self.merge(&mut table, &chunk, encoding, keyed)?;
                                source.recycle(chunk);
                                seen
                            }
                            None => false,
                        };
                        let next = match current {
                            Some(_) => source.next_chunk()?,
                            None => None,
                        };
                        Ok((next, mostly_seen))
                    },
                    || {
                        current
                            .as_ref()
                            .map(|chunk| self.key_chunk(chunk, encoding, hash, skip_blank, None))
                    },
                );
                let (next, mostly_seen) = next?;
                pending = current.take().zip(keyed);
                current = next;
                look_up = mostly_seen;
            }
        }
        out.write_all(table.rows.as_bytes())?;
        let (total, invalid, blank) = (table.total, table.invalid, table.blank);
        let distinct = table.groups.len();
        let duplicates = total - invalid - distinct;
        if self.table.is_none() {
            self.print(&mut table, out)?;
        } else {
            out.flush()?;
        }
        if source.bom_removed {
            let _ = writeln!(io::stderr(), "{}", crate::BOM_NOTE);
        }
        if let Some(note) = self.table.as_ref().and_then(crate::table::TableOut::note) {
            let _ = writeln!(io::stderr(), "{note}");
        }
        // The summary of a stream, as the line commands give it.
        if self.summary.wanted(batch) {
            let mut s = run::head(total, started.elapsed());
            let _ = write!(
                s,
                ": {distinct} distinct at level {}, {duplicates} duplicate(s), {invalid} invalid",
                self.level.name(),
            );
            run::blank_lines(&mut s, blank, true);
            run::counts(&mut s, "kinds", &table.kinds);
            run::counts(&mut s, "errors", &table.errors);
            let _ = writeln!(io::stderr(), "{s}");
        }
        Ok(invalid == 0)
    }

    /// The key of `text`, cleaned first under `--clean` (errors then point into `text`).
    fn key<'c>(&self, text: &'c str) -> Result<compare::Keyed<'c>, (Kind, pidkit::ParseError)> {
        if !self.clean {
            return key(text, &self.opts, self.level);
        }
        let c = pidkit::extract::clean(text);
        if let Some(e) = c.emptied() {
            return Err((Kind::RelativeRef, e));
        }
        let keyed = match &c.text {
            Cow::Borrowed(t) => key(t, &self.opts, self.level),
            Cow::Owned(t) => key(t, &self.opts, self.level).map(|k| compare::Keyed {
                key: Cow::Owned(k.key.into_owned()),
                kind: k.kind,
                rule: k.rule,
            }),
        };
        keyed.map_err(|(kind, e)| (kind, c.locate(e)))
    }

    /// Key every line of `chunk`, on all threads; with a `table`, only the lines whose text it
    /// does not have yet (the others are [`Keyed::Seen`]).
    fn key_chunk(
        &self,
        chunk: &Chunk,
        encoding: &'static Encoding,
        hash: HashFn,
        skip_blank: bool,
        table: Option<&Table>,
    ) -> Vec<Keyed> {
        (0..chunk.len())
            .into_par_iter()
            .map(|k| {
                let line = chunk.line(k, encoding);
                if let Some(e) = line.place.and_then(|p| p.problem.as_ref()) {
                    let input = line.text.as_deref().unwrap_or_default();
                    let report = if self.format == Format::Human {
                        let mut msg = String::new();
                        let prefix = self.shape.prefix(&line);
                        output::human_problem(&mut msg, &prefix, input, e, self.style.stderr());
                        msg
                    } else {
                        self.invalid(&line, input, "unknown", e)
                    };
                    return Keyed::Bad {
                        kind: None,
                        code: e.code,
                        report,
                    };
                }
                let text = match line.text {
                    Ok(t) if skip_blank && pidkit::chars::is_blank(t) => return Keyed::Blank,
                    Ok(t) => t,
                    Err(ref bad) => {
                        let error = ErrorJson::bad_bytes(line.line(), bad);
                        let mut report = String::new();
                        if self.format == Format::Human {
                            crate::cmd::bad_bytes(
                                Format::Human,
                                self.style.stderr(),
                                line.line(),
                                bad,
                                &[],
                                &mut report,
                            );
                        } else {
                            let shown = String::from_utf8_lossy(bad.bytes);
                            report = self.invalid(&line, &shown, "unknown", &error);
                        }
                        return Keyed::Bad {
                            kind: None,
                            code: error.code,
                            report,
                        };
                    }
                };
                let text_hash = hash(text);
                if let Some(table) = table
                    && let Some(variant) = table.find_variant(text, text_hash)
                {
                    let kind = table.variant_kinds[variant as usize];
                    return Keyed::Seen { variant, kind };
                }
                match self.key(text) {
                    Ok(k) => {
                        let (key, key_hash) = match k.key {
                            Cow::Borrowed(key) if key == text => (None, text_hash),
                            key => {
                                let key_hash = hash(&key);
                                (Some(key.into_owned()), key_hash)
                            }
                        };
                        Keyed::Ok {
                            key,
                            text_hash,
                            key_hash,
                            kind: k.kind,
                            rule: k.rule,
                        }
                    }
                    Err((kind, e)) => {
                        let report = if self.format == Format::Human {
                            let mut msg = String::new();
                            let prefix = self.shape.prefix(&line);
                            output::human_error(&mut msg, &prefix, text, &e, self.style.stderr());
                            msg
                        } else {
                            self.invalid(&line, text, kind.name(), &ErrorJson::from(&e))
                        };
                        Keyed::Bad {
                            kind: Some(kind),
                            code: e.code(),
                            report,
                        }
                    }
                }
            })
            .collect()
    }

    /// Merge a keyed chunk into the table, in line order; errors go to stderr (human output) or
    /// become records. Returns whether most of its identifiers were texts seen before.
    fn merge(
        &self,
        table: &mut Table,
        chunk: &Chunk,
        encoding: &'static Encoding,
        keyed: Vec<Keyed>,
    ) -> io::Result<bool> {
        let mut kinds: Vec<(Kind, usize)> = Vec::new();
        let mut diag = String::new();
        let (mut seen, mut new) = (0usize, 0usize);
        let placed = self.shape != Shape::Lines;
        for (k, keyed) in keyed.into_iter().enumerate() {
            if placed {
                let line = chunk.line(k, encoding);
                let p = line.place.map_or(Where::default(), |p| Where {
                    line: u32::try_from(p.line).unwrap_or(u32::MAX),
                    column: u32::try_from(p.column).unwrap_or(u32::MAX),
                    term: p.term,
                });
                let n = line.number;
                if table.places.len() < n {
                    table.places.resize(n, Where::default());
                }
                table.places[n - 1] = p;
            }
            // `--output`: the row, with what was found, unless it is a later one of a group.
            let mut row: Option<[Option<&str>; 4]> = None;
            let groups = table.groups.len();
            match keyed {
                Keyed::Seen { variant, kind } => {
                    table.total += 1;
                    seen += 1;
                    count(&mut kinds, kind);
                    table.set_line(chunk.number(k), variant)?;
                }
                Keyed::Blank => {
                    table.blank += 1;
                    row = Some([None; 4]);
                }
                Keyed::Bad {
                    kind,
                    code,
                    ref report,
                } => {
                    table.total += 1;
                    table.invalid += 1;
                    *table
                        .kinds
                        .entry(kind.map_or("unknown", Kind::name))
                        .or_default() += 1;
                    *table.errors.entry(code).or_default() += 1;
                    if self.table.is_some() {
                        let kind = kind.map_or("unknown", Kind::name);
                        row = Some([Some(kind), Some("false"), Some(code), None]);
                    } else if self.format == Format::Human {
                        diag.push_str(report);
                    } else {
                        let head = self.record_head();
                        table.invalid_records.push(chunk.number(k), report, head);
                    }
                }
                Keyed::Ok {
                    ref key,
                    text_hash,
                    key_hash,
                    kind,
                    rule,
                } => {
                    table.total += 1;
                    count(&mut kinds, kind);
                    // A keyed line is text: its `line()` is `Ok`.
                    let line = chunk.line(k, encoding);
                    let text = line.text.unwrap_or_default();
                    let known = table.add(
                        line.number,
                        text,
                        key.as_deref(),
                        (text_hash, key_hash),
                        (kind, rule),
                    )?;
                    if known {
                        seen += 1;
                    } else {
                        new += 1;
                    }
                    if table.groups.len() > groups {
                        let key = key.as_deref().unwrap_or(text);
                        row = Some([Some(kind.name()), Some("true"), None, Some(key)]);
                    }
                }
            }
            if let (Some(t), Some(cells)) = (&self.table, row) {
                t.row(&mut table.rows, &chunk.line(k, encoding), &cells);
            }
        }
        for (kind, n) in kinds {
            *table.kinds.entry(kind.name()).or_default() += n;
        }
        output::eprint(self.style, &diag);
        Ok(seen >= new)
    }

    /// Print the groups (of two or more members, or all with `--all`) in order of first
    /// appearance, their members in line order; each batch of groups is formatted on all
    /// threads and written in order.
    fn print(&self, table: &mut Table, out: &mut dyn Write) -> io::Result<()> {
        // The look-up tables are done with: their memory goes before the output's comes.
        table.by_text = HashTable::new();
        table.by_key = HashTable::new();
        table.variant_hashes = Vec::new();
        table.group_hashes = Vec::new();
        let records = std::mem::take(&mut table.invalid_records);
        let mut pending = records.drain(self.record_head()).peekable();
        let table: &Table = table;
        let groups = table.groups.len();
        // Members per group, then the lines of the printed groups sorted by group (counting
        // sort: a line's position is its group's start plus the members before it).
        let mut start = vec![0u32; groups + 1];
        for &v in &table.lines {
            if v != NONE {
                start[table.variants[v as usize].group as usize] += 1;
            }
        }
        let mut total = 0u32;
        for n in start.iter_mut() {
            let count = *n;
            *n = total;
            if self.all || count >= 2 {
                total += count;
            }
        }
        let mut next = start.clone();
        let mut order = vec![0u32; total as usize];
        for (idx, &v) in table.lines.iter().enumerate() {
            if v == NONE {
                continue;
            }
            let g = table.variants[v as usize].group as usize;
            if next[g] < start[g + 1] {
                order[next[g] as usize] = idx as u32;
                next[g] += 1;
            }
        }
        drop(next);
        let mut g = 0;
        while g < groups {
            let mut end = g;
            let mut members = 0;
            while end < groups && members < BATCH_MEMBERS {
                members += (start[end + 1] - start[end]) as usize;
                end += 1;
            }
            let texts: Vec<Vec<u8>> = (g..end)
                .into_par_iter()
                .map(|g| {
                    let lines = &order[start[g] as usize..start[g + 1] as usize];
                    if lines.is_empty() {
                        return Vec::new();
                    }
                    self.format_group(table, g, lines)
                })
                .collect();
            for (k, text) in texts.into_iter().enumerate() {
                if text.is_empty() {
                    continue;
                }
                // The invalid lines before this group's first member come first.
                let first = order[start[g + k] as usize] as usize + 1;
                while let Some((_, record)) = pending.next_if(|(n, _)| *n < first) {
                    out.write_all(record.as_bytes())?;
                }
                out.write_all(&text)?;
            }
            g = end;
        }
        for (_, record) in pending {
            out.write_all(record.as_bytes())?;
        }
        out.flush()
    }

    /// One group in the output format: `lines` are its members' line indexes, in order.
    fn format_group(&self, table: &Table, g: usize, lines: &[u32]) -> Vec<u8> {
        let key = table.key(g as u32);
        let members: Vec<&str> = lines
            .iter()
            .map(|&idx| table.text(table.lines[idx as usize]))
            .collect();
        let numbers = lines.iter().map(|&idx| idx as usize + 1);
        // Where each member is (tables and RDF files).
        let place = |n: usize| table.places.get(n - 1).copied().unwrap_or_default();
        // Room for the whole record at once: the texts, their line numbers and punctuation.
        let size = key.len() + members.iter().map(|m| m.len() + 16).sum::<usize>() + 32;
        let member_kind = |idx: u32| table.variant_kinds[table.lines[idx as usize] as usize];
        let (kind, rule) = table.info(g);
        match self.format {
            Format::Json => {
                // {"schema":1,"key":…,"kind":…,"rule":…,"members":[{"line":…,"input":…,"kind":…},…]}
                let mut text = String::with_capacity(size + 40 * lines.len());
                text.push_str("{\"schema\":");
                output::push_int(&mut text, output::SCHEMA as usize);
                output::json_member(&mut text, "key", Some(key));
                output::json_member(&mut text, "kind", Some(kind.name()));
                output::json_member(&mut text, "rule", Some(rule));
                text.push_str(",\"members\":[");
                for (i, ((n, m), &idx)) in numbers.zip(members).zip(lines).enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    let p = place(n);
                    text.push_str("{\"line\":");
                    if self.shape == Shape::Lines {
                        output::push_int(&mut text, n);
                    } else {
                        output::push_int(&mut text, p.line as usize);
                        let at = self.shape.json_at(n, p.column as usize, p.term);
                        text.push_str(&at);
                    }
                    output::json_member(&mut text, "input", Some(m));
                    output::json_member(&mut text, "kind", Some(member_kind(idx).name()));
                    text.push('}');
                }
                text.push_str("]}\n");
                text.into_bytes()
            }
            Format::Tsv => {
                let mut text = String::with_capacity(size + lines.len() * (key.len() + rule.len()));
                for ((n, m), &idx) in numbers.zip(members).zip(lines) {
                    let p = place(n);
                    let line = if self.shape == Shape::Lines {
                        n
                    } else {
                        p.line as usize
                    };
                    let kind = member_kind(idx).name();
                    output::tsv_input(&mut text, line, m, kind, true, None, &[]);
                    output::tsv_field(&mut text, false, Some(key));
                    output::tsv_field(&mut text, false, Some(rule));
                    self.shape.tsv_at(&mut text, n, p.column as usize, p.term);
                    text.push('\n');
                }
                text.into_bytes()
            }
            Format::Human => {
                let mut text = String::with_capacity(size);
                let _ = writeln!(text, "{} ({})", self.style.green(key), lines.len());
                for (n, m) in numbers.zip(members) {
                    let p = place(n);
                    let prefix =
                        self.shape
                            .prefix_at(n, p.line as usize, p.column as usize, p.term);
                    let _ = writeln!(text, "  {prefix}{}", output::safe(m));
                }
                text.into_bytes()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dedupe `lines` with the hash `hash`: what is printed, and whether all were valid.
    fn dedupe(lines: &[&str], hash: HashFn, format: Format, all: bool) -> (String, bool) {
        let job = Dedupe {
            opts: pidkit::ReadOptions::default(),
            level: Level::Scheme,
            format,
            style: Style::PLAIN,
            all,
            summary: SummaryArgs::default(),
            clean: false,
            shape: Shape::Lines,
            table: None,
        };
        let args: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        let source = Source::open(&args, None, None).unwrap();
        let mut out = Vec::new();
        let ok = job.run_with(source, &mut out, hash).unwrap();
        (String::from_utf8(out).unwrap(), ok)
    }

    const LINES: &[&str] = &[
        "http://example.com",
        "HTTP://Example.COM:80/",
        "http://example.com/~user",
        "http://example.com/%7Euser",
        "http://example.com",
        "doi:10.1000/abc",
        "https://doi.org/10.1000/ABC",
        "urn:ISBN:0-451-45052-3",
        "urn:isbn:9780451450524",
        "",
        "not a valid line",
        "http://b/",
        "http://a/",
        "http://b/",
        "http://a/",
        "http://example.com/%7Euser",
    ];

    #[test]
    fn repeated_invalid_lines_keep_one_record_rest_and_come_out_whole() {
        // The same invalid values again and again, with valid ones between: each record comes
        // out in its place with its own line number, and each distinct rest is kept once.
        let mut lines = Vec::new();
        for k in 0..40 {
            lines.push(["not a valid line", "doi:10.1000", "http://a/", "N/A"][k % 4]);
        }
        let mut records = InvalidRecords::default();
        let head = "{\"schema\":1,\"line\":";
        for (n, text) in lines.iter().enumerate() {
            let record = format!("{head}{}{}", n + 1, format_args!(",\"input\":{text:?}}}\n"));
            records.push(n + 1, &record, head);
        }
        // A record that does not start as said is kept whole.
        records.push(41, "odd\n", head);
        assert_eq!(records.rests.len(), 4);
        let out: Vec<(usize, String)> = records.drain(head).collect();
        assert_eq!(out.len(), 41);
        assert_eq!(
            out[5],
            (6, format!("{head}6,\"input\":\"doi:10.1000\"}}\n"))
        );
        assert_eq!(out[40], (41, "odd\n".to_owned()));
        // Through the whole command, in JSON and TSV: one record per invalid line, in place.
        for format in [Format::Json, Format::Tsv] {
            let (text, _) = dedupe(&lines, |_| 7, format, true);
            let invalid: Vec<&str> = text
                .lines()
                .filter(|l| {
                    ["invalid-char", "doi-missing-slash", "not-an-identifier"]
                        .iter()
                        .any(|code| l.contains(code))
                })
                .collect();
            assert_eq!(invalid.len(), 30, "{text}");
            for (k, record) in invalid.iter().enumerate() {
                let n = [1, 2, 4][k % 3] + 4 * (k / 3);
                let number = n.to_string();
                let shown = match format {
                    Format::Json => record.contains(&format!("\"line\":{number},")),
                    _ => record.starts_with(&format!("{number}\t")),
                };
                assert!(shown, "{record} is not line {number}");
            }
        }
    }

    /// Weak hashes that make every key and line collide with others: the groups must come out
    /// exactly as with the real hash, since every hash match is confirmed on the text.
    #[test]
    fn colliding_hashes_never_merge_different_keys() {
        let weak: [HashFn; 4] = [
            |_| 0,
            |s| s.len() as u64,
            |s| s.bytes().next().map_or(0, u64::from),
            |s| fx(s) & 1,
        ];
        for format in [Format::Json, Format::Tsv, Format::Human] {
            for all in [false, true] {
                let (strong, ok) = dedupe(LINES, fx, format, all);
                assert!(!ok, "one line is invalid");
                for hash in weak {
                    assert_eq!(dedupe(LINES, hash, format, all), (strong.clone(), false));
                }
            }
        }
        let (json, _) = dedupe(LINES, |_| 7, Format::Json, false);
        let records: Vec<serde_json::Value> = json
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // The invalid line's record comes where its line is, among the groups.
        assert_eq!(records[4]["line"], 10);
        assert_eq!(records[4]["error"]["code"], "not-an-identifier");
        assert_eq!(records[5]["line"], 11);
        assert_eq!(records[5]["error"]["code"], "invalid-char");
        let groups: Vec<&serde_json::Value> =
            records.iter().filter(|r| r.get("key").is_some()).collect();
        let summary: Vec<(&str, Vec<u64>)> = groups
            .iter()
            .map(|g| {
                let members = g["members"].as_array().unwrap();
                (
                    g["key"].as_str().unwrap(),
                    members
                        .iter()
                        .map(|m| m["line"].as_u64().unwrap())
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("http://example.com/", vec![1, 2, 5]),
                ("http://example.com/~user", vec![3, 4, 16]),
                ("doi:10.1000/ABC", vec![6, 7]),
                ("urn:isbn:9780451450524", vec![8, 9]),
                ("http://b/", vec![12, 14]),
                ("http://a/", vec![13, 15]),
            ]
        );
        let inputs: Vec<&str> = groups[0]["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["input"].as_str().unwrap())
            .collect();
        assert_eq!(
            inputs,
            [
                "http://example.com",
                "HTTP://Example.COM:80/",
                "http://example.com"
            ]
        );
    }

    /// Over many chunks, both ways through them (looked up first, or keyed while the previous
    /// chunk is merged), with the real hash and a 16-bit one: the groups of a naive grouping by
    /// key, members in line order, invalid lines in place.
    #[test]
    fn many_chunks_give_the_naive_grouping() {
        let texts = [
            "http://example.com",
            "HTTP://Example.COM:80/",
            "doi:10.1000/abc",
            "https://doi.org/10.1000/ABC",
            "not a valid line",
            "",
            "urn:isbn:9780451450524",
            "urn:ISBN:9780451450524",
        ];
        // About 8 MB, five chunks: mostly texts seen before (the workers look lines up), then
        // mostly new ones (they key every line while the previous chunk is merged), then seen
        // ones again; distinct texts keep coming throughout.
        let seen_mostly = |lines: &mut Vec<String>, n: usize| {
            for i in 0..n {
                lines.push(texts[i % texts.len()].to_owned());
                if i % 3 == 0 {
                    let path = "p".repeat(i % 13);
                    lines.push(format!("http://h{}.example/{path}", i % 5_000));
                }
            }
        };
        let mut lines = Vec::new();
        seen_mostly(&mut lines, 100_000);
        for i in 0..80_000 {
            lines.push(format!("https://u{i}.example/{}", i % 7));
        }
        seen_mostly(&mut lines, 60_000);
        let dir = std::env::temp_dir().join(format!("pidkit-dedupe-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("lines.txt");
        std::fs::write(&path, lines.join("\n")).unwrap();
        let opts = pidkit::ReadOptions::default();
        let mut want: Vec<(String, Vec<usize>)> = Vec::new();
        let mut index: std::collections::HashMap<String, usize> = Default::default();
        let mut invalid = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            if l.trim().is_empty() {
                continue;
            }
            match key(l, &opts, Level::Scheme) {
                Ok(k) => match index.get(k.key.as_ref()) {
                    Some(&g) => want[g].1.push(i + 1),
                    None => {
                        index.insert(k.key.to_string(), want.len());
                        want.push((k.key.into_owned(), vec![i + 1]));
                    }
                },
                Err(_) => invalid.push(i + 1),
            }
        }
        // The real hash, and one of 65,536 values (tens of thousands of collisions here).
        for hash in [fx as HashFn, |s| fx(s) & 0xFFFF] {
            let job = Dedupe {
                opts,
                level: Level::Scheme,
                format: Format::Json,
                style: Style::PLAIN,
                all: true,
                summary: SummaryArgs {
                    no_summary: true,
                    ..SummaryArgs::default()
                },
                clean: false,
                shape: Shape::Lines,
                table: None,
            };
            let source = Source::open(&[], Some(&path), None).unwrap();
            let mut out = Vec::new();
            assert!(!job.run_with(source, &mut out, hash).unwrap());
            let records: Vec<serde_json::Value> = String::from_utf8(out)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            let got: Vec<(String, Vec<usize>)> = records
                .iter()
                .filter(|r| r.get("key").is_some())
                .map(|g| {
                    let members = g["members"].as_array().unwrap();
                    let lines = members.iter().map(|m| m["line"].as_u64().unwrap() as usize);
                    (g["key"].as_str().unwrap().to_owned(), lines.collect())
                })
                .collect();
            assert_eq!(got, want);
            let bad: Vec<usize> = records
                .iter()
                .filter(|r| r.get("error").is_some())
                .map(|r| r["line"].as_u64().unwrap() as usize)
                .collect();
            assert_eq!(bad, invalid);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_table_confirms_every_hash_match() {
        // Every text and key hashes to 1 (also when the tables grow and rehash).
        let mut t = Table::new();
        let iri = (Kind::Iri, "rule");
        // Two keys, one hash: two groups.
        let a = t.group("http://a/", 1, iri).unwrap();
        let b = t.group("http://b/", 1, iri).unwrap();
        assert_ne!(a, b);
        assert_eq!(t.group("http://a/", 1, iri).unwrap(), a);
        assert_eq!(t.group("http://b/", 1, iri).unwrap(), b);
        // Two texts of one key with one hash: two variants of one group.
        t.add(1, "http://a/", None, (1, 1), iri).unwrap();
        t.add(2, "HTTP://a/", Some("http://a/"), (1, 1), iri)
            .unwrap();
        t.add(4, "HTTP://a/", Some("http://a/"), (1, 1), iri)
            .unwrap();
        assert_eq!(t.variants.len(), 2);
        assert_eq!(t.lines, [0, 1, NONE, 1]);
        assert!(t.variants.iter().all(|v| v.group == a));
        assert_eq!(t.text(1), "HTTP://a/");
        // The key of a text that is its own key is stored once.
        assert_eq!(t.variants[0].start, t.groups[a as usize].start);
        assert_eq!(t.arena, "http://a/http://b/HTTP://a/");
        // Many keys under one hash: the tables grow, every one is found again.
        for i in 0..200 {
            t.add(10 + i, &format!("http://{i}/"), None, (1, 1), iri)
                .unwrap();
        }
        for i in 0..200 {
            let v = t.find_variant(&format!("http://{i}/"), 1).unwrap();
            assert_eq!(t.key(t.variants[v as usize].group), format!("http://{i}/"));
        }
        assert_eq!(t.groups.len(), 202);
        assert_eq!(t.rules, ["rule"]);
    }
}
