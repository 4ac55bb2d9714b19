//! `pidkit extract [FILE…]`: every identifier in running text, as `file:line:column: kind match`.
//!
//! Files are read in blocks of about 1 MiB, cut at line ends that no identifier is read across
//! ([`pidkit::extract::split_point`]: not inside a `<…>` that may wrap an IRI across lines, not
//! where a broken URL or DOI may go on in the next line). A batch of blocks is searched on all
//! threads and written in input order, so memory stays bounded whatever the file size and the
//! output is the same on any number of threads. (`--unique` keeps the key of every identifier
//! given out, which grows with the number of distinct identifiers.)

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::PathBuf;

use encoding_rs::{Encoding, UTF_8};
use pidkit::{Kind, Level};
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use serde::Serialize;
use unicode_normalization::UnicodeNormalization;

use crate::output::{self, ErrorJson, Format, Style};

/// Bytes of a block, before looking back for a place to cut it.
const BLOCK: usize = 1 << 20;
/// Bytes read past a block's end, so that the line after a cut is seen whole.
const MARGIN: usize = 64 << 10;
/// The largest block: past it (a text with no safe line end in 16 MiB), the block is cut at
/// the last line end, or the last whitespace, or anywhere; an identifier read across that cut
/// may then be found in two pieces.
const MAX_BLOCK: usize = 16 << 20;

/// One identifier found: a record of the output schema (docs/output.md).
#[derive(Serialize)]
struct Found<'a> {
    schema: u32,
    file: &'a str,
    line: usize,
    /// 1-based, in characters.
    column: usize,
    kind: &'static str,
    /// The identifier as found (what `check` would be given).
    input: &'a str,
    /// It runs to a line end where it may go on in the next line (docs/extract.md, "Broken lines").
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    truncated: bool,
    /// Why it is no valid identifier of its kind as found: the text of a `<…>` is reported as
    /// written (`<http://example.org/a b/428>`), and an IRI of a scheme's URI scheme keeps the
    /// scheme's kind (`urn:x`). Offsets are in `input`.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorJson>,
    /// Its name within its scheme (a DOI name, a handle, an ARK's `NAAN/Name` …), for
    /// identifiers of the schemes that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<Cow<'a, str>>,
    /// Its parts as `parse --json` gives them (the scheme's object), for PIDs.
    #[serde(flatten)]
    details: Option<Details<'a>>,
    /// Its equivalence key at the scheme rung (TSV only; what `--unique` compares).
    #[serde(skip)]
    key: Option<Cow<'a, str>>,
}

/// The scheme object of a PID found, under its scheme's name, as `parse --json` has it.
struct Details<'a>(pidkit::Details<'a>);

impl Serialize for Details<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(1))?;
        m.serialize_entry(self.0.name(), &self.0)?;
        m.end()
    }
}

/// Identifiers found, by kind: the summary's counts.
pub type Kinds = BTreeMap<&'static str, usize>;

/// The TSV columns.
const TSV_COLUMNS: [&str; 7] = ["file", "line", "column", "kind", "input", "name", "key"];

/// What `extract` reports, and how.
#[derive(Clone, Copy)]
pub struct How {
    pub format: Format,
    pub style: Style,
    /// `--kind`: the kinds reported (by their place in [`Kind::ALL`]); `None`: every kind.
    pub kinds: Option<u128>,
    /// `--unique`: each identifier once, by its key at the scheme rung.
    pub unique: bool,
}

/// The kinds named in `--kind doi,arxiv,…` (comma-separated, names of [`Kind::ALL`]), as the
/// set [`How::kinds`] holds.
pub fn parse_kinds(s: &str) -> Result<u128, String> {
    let mut set = 0u128;
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let kind: Kind = name.parse().map_err(|_| {
            let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown kind '{name}' (expected {})", names.join(", "))
        })?;
        set |= kind_bit(kind);
    }
    if set == 0 {
        return Err("no kind named (e.g. --kind doi,arxiv)".into());
    }
    Ok(set)
}

fn kind_bit(kind: Kind) -> u128 {
    Kind::ALL
        .iter()
        .position(|&k| k == kind)
        .map_or(0, |i| 1u128 << i)
}

/// Run over `files` (stdin when empty or "-"); returns how many identifiers were found.
pub fn run(
    files: &[PathBuf],
    encoding: &'static Encoding,
    how: How,
    out: &mut dyn Write,
) -> Result<Kinds, String> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut total = Kinds::new();
    if how.format == Format::Tsv {
        let mut h = String::new();
        output::tsv_record(&mut h, TSV_COLUMNS.map(Some));
        out.write_all(h.as_bytes()).map_err(|e| e.to_string())?;
    }
    let mut seen = Seen::default();
    for path in files {
        let (name, reader): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(io::stdin().lock()))
        } else {
            let f = std::fs::File::open(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            (path.display().to_string(), Box::new(f))
        };
        file(&name, reader, encoding, how, out, &mut total, &mut seen)
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(total)
}

/// A block of a file: its bytes, the number of its first line, and the column (in characters,
/// from 1) where it starts in that line — past 1 when a line longer than [`MAX_BLOCK`] was cut.
struct Block {
    bytes: Vec<u8>,
    line: usize,
    column: usize,
}

/// Reads a file block by block, each cut where no identifier crosses.
struct Blocks {
    reader: Box<dyn Read>,
    pending: Vec<u8>,
    eof: bool,
    /// The line number at the start of `pending`.
    line: usize,
    /// The column at the start of `pending` (1 unless a long line was cut before it).
    column: usize,
    /// The input's encoding: the column after a cut counts its characters.
    encoding: &'static Encoding,
    /// The first block size tried, the margin read past it, the largest block: [`BLOCK`],
    /// [`MARGIN`], [`MAX_BLOCK`] (smaller in tests).
    sizes: (usize, usize, usize),
}

impl Blocks {
    /// Read until `pending` holds `want` bytes or the input ends.
    fn fill(&mut self, want: usize) -> io::Result<()> {
        while !self.eof && self.pending.len() < want {
            let have = self.pending.len();
            self.pending.resize(want, 0);
            match self.reader.read(&mut self.pending[have..]) {
                Ok(0) => {
                    self.pending.truncate(have);
                    self.eof = true;
                }
                Ok(n) => self.pending.truncate(have + n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => self.pending.truncate(have),
                Err(e) => {
                    self.pending.truncate(have);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    fn next_block(&mut self) -> io::Result<Option<Block>> {
        let (block, margin, max_block) = self.sizes;
        let mut size = block;
        let cut = loop {
            self.fill(size + margin)?;
            if self.eof && self.pending.len() <= size + margin {
                break self.pending.len();
            }
            if let Some(cut) = pidkit::extract::split_point(&self.pending, size) {
                break cut;
            }
            if size >= max_block {
                let p = &self.pending[..size];
                break memchr::memrchr(b'\n', p)
                    .or_else(|| p.iter().rposition(u8::is_ascii_whitespace))
                    .map_or_else(
                        || char_boundary(&self.pending, size, self.encoding),
                        |k| k + 1,
                    );
            }
            size *= 2;
        };
        if cut == 0 {
            return Ok(None);
        }
        let rest = self.pending.split_off(cut);
        let bytes = std::mem::replace(&mut self.pending, rest);
        let (line, column) = (self.line, self.column);
        self.line += memchr::memchr_iter(b'\n', &bytes).count();
        // Columns count from the line's start across blocks.
        let tail = match memchr::memrchr(b'\n', &bytes) {
            Some(k) => {
                self.column = 1;
                &bytes[k + 1..]
            }
            None => &bytes[..],
        };
        if !tail.is_empty() {
            self.column += decode(self.encoding, tail).0.chars().count();
        }
        Ok(Some(Block {
            bytes,
            line,
            column,
        }))
    }
}

/// Where to cut `p` at or before `size` when nothing better is there: at a UTF-8 character
/// boundary (a cut inside a character would turn both halves into U+FFFD), for other encodings
/// at `size`. `p` holds the bytes after `size` too: whether `p[size]` continues a character.
fn char_boundary(p: &[u8], size: usize, encoding: &'static Encoding) -> usize {
    if encoding != UTF_8 {
        return size;
    }
    let mut k = size.min(p.len());
    // A UTF-8 character is at most 4 bytes: at most 3 continuation bytes to step back over.
    for _ in 0..3 {
        if k > 0 && k < p.len() && (p[k] & 0xC0) == 0x80 {
            k -= 1;
        }
    }
    k.max(1)
}

/// Blocks searched together, one task each.
fn batch_size() -> usize {
    2 * rayon::current_num_threads().max(1)
}

/// The keys of the identifiers given out under `--unique`, across files.
type Seen = FxHashSet<Box<str>>;

fn file(
    name: &str,
    reader: Box<dyn Read>,
    encoding: &'static Encoding,
    how: How,
    out: &mut dyn Write,
    found: &mut Kinds,
    seen: &mut Seen,
) -> io::Result<()> {
    let mut blocks = Blocks {
        reader,
        pending: Vec::new(),
        eof: false,
        line: 1,
        column: 1,
        encoding,
        sizes: (BLOCK, MARGIN, MAX_BLOCK),
    };
    let mut bad_utf8_reported = false;
    loop {
        let mut batch = Vec::new();
        while batch.len() < batch_size() {
            match blocks.next_block()? {
                Some(b) => batch.push(b),
                None => break,
            }
        }
        if batch.is_empty() {
            return Ok(());
        }
        let results: Vec<Searched> = batch
            .par_iter()
            .map(|b| search(name, b, encoding, how))
            .collect();
        for (block, r) in batch.iter().zip(results) {
            if r.malformed && !bad_utf8_reported {
                bad_utf8_reported = true;
                eprintln!(
                    "pidkit: {name}: not valid {} near line {}; invalid bytes end identifiers",
                    encoding.name(),
                    block.line
                );
            }
            if !how.unique {
                out.write_all(r.out.as_bytes())?;
                for (kind, k) in r.kinds {
                    *found.entry(kind).or_default() += k;
                }
                continue;
            }
            // In input order: the first occurrence of each key is given out.
            let mut from = 0;
            for rec in &r.records {
                let text = &r.out[from..rec.end];
                from = rec.end;
                if seen.contains(rec.key.as_str()) {
                    continue;
                }
                seen.insert(rec.key.as_str().into());
                out.write_all(text.as_bytes())?;
                *found.entry(rec.kind).or_default() += 1;
            }
        }
    }
}

/// What a block gave: its records written out, how many of each kind, and whether it had
/// bytes that are not text; under `--unique`, where each record ends in `out`, with its key.
struct Searched {
    out: String,
    kinds: Kinds,
    malformed: bool,
    records: Vec<Unique>,
}

/// A record of a block under `--unique`: where it ends in the block's output, its kind, and
/// the text `--unique` compares (the key, or the kind and text as found when it has none).
struct Unique {
    end: usize,
    kind: &'static str,
    key: String,
}

/// The records of one block, how many of each kind, and whether it had bytes that are not text.
fn search(name: &str, block: &Block, encoding: &'static Encoding, how: How) -> Searched {
    let (text, malformed) = decode(encoding, &block.bytes);
    let mut out = String::new();
    let mut found = Kinds::new();
    let mut records = Vec::new();
    let keys = how.unique || how.format == Format::Tsv;
    // Line and column are counted on from the previous match (matches come in order), never
    // from the start of the line again: linear however many matches a line holds.
    let (mut cursor, mut line, mut column) = (0, block.line, block.column);
    for f in pidkit::extract::identifiers(&text) {
        let gap = &text[cursor..f.start];
        match gap.rfind('\n') {
            Some(k) => {
                line += memchr::memchr_iter(b'\n', gap.as_bytes()).count();
                column = gap[k + 1..].chars().count() + 1;
            }
            None => column += gap.chars().count(),
        }
        cursor = f.start;
        if how.kinds.is_some_and(|set| set & kind_bit(f.kind) == 0) {
            continue;
        }
        // Read by its kind's rules: for the error (every format), the parts (JSON), the name
        // (JSON, TSV) and the key (TSV, `--unique`).
        let reading = f.read();
        let id = reading.result.as_ref().ok();
        let json = how.format == Format::Json;
        let details = id
            .filter(|_| json && reading.kind == f.kind)
            .and_then(|id| id.details());
        let pid_name = id
            .filter(|_| how.format != Format::Human)
            .and_then(|id| id.name());
        let key = id
            .filter(|_| keys)
            .map(|id| id.key(Level::Scheme).into_cow());
        let rec = Found {
            schema: output::SCHEMA,
            file: name,
            line,
            column,
            kind: f.kind.name(),
            input: &f.text,
            truncated: f.truncated,
            error: reading.result.as_ref().err().map(ErrorJson::from),
            name: pid_name,
            details: details.map(Details),
            key,
        };
        record(&mut out, &rec, how);
        if how.unique {
            // An identifier that does not read has no key: it is compared as found.
            let key = match &rec.key {
                Some(k) => format!("1{k}"),
                None => format!("0{}\0{}", rec.kind, rec.input),
            };
            records.push(Unique {
                end: out.len(),
                kind: rec.kind,
                key,
            });
        }
        *found.entry(f.kind.name()).or_default() += 1;
    }
    Searched {
        out,
        kinds: found,
        malformed,
        records,
    }
}

fn record(out: &mut String, f: &Found<'_>, how: How) {
    match how.format {
        Format::Json => output::json_line(out, f),
        Format::Tsv => {
            let (l, c) = (f.line.to_string(), f.column.to_string());
            output::tsv_record(
                out,
                [
                    Some(f.file),
                    Some(&l),
                    Some(&c),
                    Some(f.kind),
                    Some(f.input),
                    f.name.as_deref(),
                    f.key.as_deref(),
                ],
            );
        }
        Format::Human => {
            let _ = write!(
                out,
                "{}:{}:{}: {} {}",
                how.style.dim(f.file),
                f.line,
                f.column,
                how.style.green(f.kind),
                f.input
            );
            if f.truncated {
                let _ = write!(out, " {}", how.style.yellow("(truncated at the line end?)"));
            }
            if let Some(e) = &f.error {
                let note = format!("(invalid, {}: {})", e.code, e.message);
                let _ = write!(out, " {}", how.style.red(&note));
            }
            out.push('\n');
        }
    }
}

/// Text of a block: UTF-8 as it is; a legacy encoding decoded and NFC-normalized (§3.1).
/// Malformed bytes become U+FFFD, which ends an identifier; the flag says whether any were met.
fn decode<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
    let (text, malformed) = encoding.decode_without_bom_handling(bytes);
    if encoding == UTF_8 {
        (text, malformed)
    } else {
        (Cow::Owned(text.nfc().collect()), malformed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocks of `input` with tiny block sizes: (text, first line, first column) each.
    fn blocks(input: &[u8], max: usize) -> Vec<(Vec<u8>, usize, usize)> {
        let mut b = Blocks {
            reader: Box::new(std::io::Cursor::new(input.to_vec())),
            pending: Vec::new(),
            eof: false,
            line: 1,
            column: 1,
            encoding: UTF_8,
            sizes: (4, 2, max),
        };
        let mut out = Vec::new();
        while let Some(block) = b.next_block().unwrap() {
            out.push((block.bytes, block.line, block.column));
        }
        out
    }

    /// Issue 31, High 5 and Medium 7: a line longer than the largest block is cut at a UTF-8
    /// character boundary (never inside one, which would make two U+FFFD), and the next block's
    /// column counts on from the line's start.
    #[test]
    fn long_lines_are_cut_on_characters_and_columns_go_on() {
        // A DOI of "é"s from an odd offset, no place safe to cut, no whitespace: cut at the
        // largest block size, which falls inside an "é" unless moved.
        let text = format!("10.1000/x{}", "é".repeat(40));
        let got = blocks(text.as_bytes(), 16);
        assert!(got.len() > 1, "{got:?}");
        let mut column = 1;
        for (bytes, line, col) in &got {
            assert!(
                std::str::from_utf8(bytes).is_ok(),
                "cut inside a character: {bytes:?}"
            );
            assert_eq!((*line, *col), (1, column));
            column += std::str::from_utf8(bytes).unwrap().chars().count();
        }
        let joined: Vec<u8> = got.into_iter().flat_map(|(b, _, _)| b).collect();
        assert_eq!(joined, text.as_bytes());
        // After a line end the column is 1 again.
        let got = blocks("ééééééééé\nabc".as_bytes(), 8);
        assert_eq!(got.last().map(|b| b.2), Some(1));
    }
}
