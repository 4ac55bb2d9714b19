//! Tables (`--format csv|tsv`): one column of each row is the input, and `--output csv|tsv`
//! writes the table back with the command's columns added.
//!
//! Records are read by csv-core (the parser the `csv` crate wraps; RFC 4180 quoting: fields
//! in double quotes may hold delimiters, quotes written twice and line ends), from a buffer
//! this reader fills, so that it knows where each record's bytes are: a row is written back
//! byte for byte, its cells untouched, and the physical line where it starts is exact even
//! when a quoted field spans lines. Like the line reader it streams: chunks of rows go to the
//! batch runner (`run.rs`), never the whole file. A row over [`MAX_RECORD`] bytes (a quote
//! never closed makes the rest of the file one field) is skipped as it is read, and reported.
//!
//! Empty lines are not rows (as the `csv` crate reads them); `--output` writes them back
//! where they were.

use std::borrow::Cow;
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicUsize, Ordering};

use csv_core::{ReadRecordResult, Reader, ReaderBuilder};
use encoding_rs::{Encoding, UTF_8};

use crate::input::{Chunk, Line, Place};
use crate::output::ErrorJson;

/// The longest record read (its bytes as written): a longer one is skipped and reported
/// (`record-too-long`), so memory stays bounded whatever the input.
pub const MAX_RECORD: usize = 16 << 20;

/// The most cells a record may have (each takes a word of memory while it is read).
const MAX_FIELDS: usize = 1 << 20;

/// How `--format csv|tsv` reads the table.
#[derive(Clone, Debug)]
pub struct TableOptions {
    /// `,` or a tab.
    pub delimiter: u8,
    /// The first record is a header (default; `--no-header`).
    pub header: bool,
    /// The column read (`--column NAME|N`); `None`: the only one.
    pub column: Option<String>,
}

/// The column of the records: its name in the header, or its 1-based index without one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label {
    Name(String),
    Index(usize),
}

impl Label {
    /// The JSON value of the `column` member.
    pub fn json(&self) -> String {
        let mut out = String::new();
        match self {
            Label::Name(n) => crate::output::push_json_str(&mut out, n),
            Label::Index(i) => crate::output::push_int(&mut out, *i),
        }
        out
    }

    /// The label for people and for TSV.
    pub fn text(&self) -> String {
        match self {
            Label::Name(n) => n.clone(),
            Label::Index(i) => i.to_string(),
        }
    }
}

/// Where a record's bytes are in [`Chunk::raw`]: `len` bytes from `start`, of which the first
/// `lead` are empty lines before it and the last `tail` its line end.
#[derive(Clone, Copy, Default, Debug)]
pub struct RawRecord {
    start: usize,
    len: usize,
    lead: usize,
    tail: usize,
    /// Cells the record lacks to be as wide as the header: written back empty, so that the
    /// added columns line up.
    pad: usize,
}

impl RawRecord {
    /// The record's bytes in `raw`.
    pub fn bytes<'a>(&self, raw: &'a [u8]) -> &'a [u8] {
        raw.get(self.start..self.start + self.len)
            .unwrap_or_default()
    }
}

/// One record as read: where its bytes are in the reader's buffer, its line, its cells.
struct Rec {
    start: usize,
    end: usize,
    lead: usize,
    tail: usize,
    line: usize,
    /// Bytes skipped: the record was longer than [`MAX_RECORD`].
    too_long: Option<u64>,
}

/// The header of a table: its cells' text and its bytes (empty lines before it, the record,
/// its line end).
pub struct Header {
    pub names: Vec<String>,
    raw: Vec<u8>,
    lead: usize,
    tail: usize,
}

/// Reads a table in chunks of rows.
pub struct TableReader {
    reader: Box<dyn BufRead + Send>,
    csv: Reader,
    pub delimiter: u8,
    encoding: &'static Encoding,
    /// Bytes read and not yet dropped: `data[start..pos]` is the record being read, `pos..`
    /// not parsed yet.
    data: Vec<u8>,
    start: usize,
    pos: usize,
    /// The cells of the record being read, unescaped, and where each ends.
    fields: Vec<u8>,
    nout: usize,
    ends: Vec<usize>,
    nend: usize,
    eof: bool,
    ended: bool,
    /// Line ends before `data[start]`.
    lines: usize,
    /// The record being read is over [`MAX_RECORD`]: bytes dropped so far, and its line.
    skipped: Option<(u64, usize)>,
    /// Data rows read.
    row: usize,
    /// Keep each row's bytes in its chunk (`--output csv|tsv`).
    keep_raw: bool,
    /// The header, if the table has one.
    pub header: Option<Header>,
    /// The column read, 0-based, and its label.
    pub column: usize,
    pub label: Label,
    pub bytes_read: u64,
    pub bom_removed: bool,
}

impl TableReader {
    /// Open a table: read its header (if it has one) and find the column to read.
    pub fn open(
        reader: Box<dyn BufRead + Send>,
        opts: &TableOptions,
        encoding: &'static Encoding,
    ) -> Result<TableReader, String> {
        let mut t = TableReader {
            reader,
            csv: ReaderBuilder::new().delimiter(opts.delimiter).build(),
            delimiter: opts.delimiter,
            encoding,
            data: Vec::new(),
            start: 0,
            pos: 0,
            fields: vec![0; 4096],
            nout: 0,
            ends: vec![0; 64],
            nend: 0,
            eof: false,
            ended: false,
            lines: 0,
            skipped: None,
            row: 0,
            keep_raw: false,
            header: None,
            column: 0,
            label: Label::Index(1),
            bytes_read: 0,
            bom_removed: false,
        };
        if opts.header {
            let rec = t
                .next_record()
                .map_err(|e| format!("cannot read the table's header: {e}"))?;
            if let Some(rec) = rec {
                if rec.too_long.is_some() {
                    return Err(format!(
                        "the table's header is longer than {} MiB: is it a table? (check \
                         --format, or give --no-header)",
                        MAX_RECORD >> 20
                    ));
                }
                let names = (0..t.nend)
                    .map(|i| decode_raw(encoding, t.cell(i)).trim().to_owned())
                    .collect();
                t.header = Some(Header {
                    names,
                    raw: t.data[rec.start..rec.end].to_vec(),
                    lead: rec.lead,
                    tail: rec.tail,
                });
            }
        }
        (t.column, t.label) = resolve_column(opts.column.as_deref(), t.header.as_ref())?;
        Ok(t)
    }

    /// Keep each row's bytes, to write the table back.
    pub fn keep_raw(&mut self, keep: bool) {
        self.keep_raw = keep;
    }

    /// Cell `i` of the record just read.
    fn cell(&self, i: usize) -> &[u8] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] };
        self.fields.get(from..self.ends[i]).unwrap_or_default()
    }

    /// Read more input into the buffer.
    fn fill(&mut self) -> io::Result<()> {
        let data = self.reader.fill_buf()?;
        if data.is_empty() {
            self.eof = true;
            return Ok(());
        }
        let n = data.len();
        let mut skip = 0;
        if self.bytes_read == 0 && data.starts_with(b"\xEF\xBB\xBF") && self.encoding == UTF_8 {
            skip = 3;
            self.bom_removed = true;
        }
        self.data.extend_from_slice(&data[skip..]);
        self.reader.consume(n);
        self.bytes_read += n as u64;
        Ok(())
    }

    /// Drop the part of an over-long record read so far (counting its line ends).
    fn skip_part(&mut self) {
        let part = &self.data[self.start..self.pos];
        let (bytes, line) = self.skipped.unwrap_or_else(|| {
            let lead = part
                .iter()
                .take_while(|&&b| b == b'\n' || b == b'\r')
                .count();
            (0, self.lines + newlines(&part[..lead]) + 1)
        });
        self.lines += newlines(part);
        self.skipped = Some((bytes + part.len() as u64, line));
        self.data.drain(self.start..self.pos);
        self.pos = self.start;
        self.nout = 0;
        self.nend = 0;
    }

    /// Line ends and empty lines after the last record are its own, to be written back with
    /// it: take them (up to 64 KiB of them) into the record when nothing else follows.
    fn absorb_trailer(&mut self) -> io::Result<()> {
        // csv-core ends a record at the CR of a CRLF: its LF is the record's too.
        if self.pos > self.start && self.data[self.pos - 1] == b'\r' {
            if self.pos == self.data.len() && !self.eof {
                self.fill()?;
            }
            if self.data.get(self.pos) == Some(&b'\n') {
                self.pos += 1;
            }
        }
        let crlf = |b: &u8| *b == b'\n' || *b == b'\r';
        while !self.eof
            && self.data[self.pos..].iter().all(crlf)
            && self.data.len() - self.pos < 1 << 16
        {
            self.fill()?;
        }
        if self.eof && self.data[self.pos..].iter().all(crlf) && self.skipped.is_none() {
            self.pos = self.data.len();
            self.csv.reset();
        }
        Ok(())
    }

    /// The next record, its cells in `fields`/`ends`; `None` at the end of the table.
    fn next_record(&mut self) -> io::Result<Option<Rec>> {
        if self.ended {
            return Ok(None);
        }
        // The records before this one are done with.
        if self.start > 0 && (self.start == self.data.len() || self.start >= 1 << 20) {
            self.data.drain(..self.start);
            self.pos -= self.start;
            self.start = 0;
        }
        self.nout = 0;
        self.nend = 0;
        self.skipped = None;
        loop {
            if self.pos == self.data.len() && !self.eof {
                if self.pos - self.start > MAX_RECORD || self.skipped.is_some() {
                    self.skip_part();
                }
                self.fill()?;
                continue;
            }
            let (res, nin, nout, nend) = self.csv.read_record(
                &self.data[self.pos..],
                &mut self.fields[self.nout..],
                &mut self.ends[self.nend..],
            );
            self.pos += nin;
            self.nout += nout;
            self.nend += nend;
            match res {
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => {
                    if self.skipped.is_some() || self.fields.len() >= MAX_RECORD {
                        self.skip_part();
                    } else {
                        let n = self.fields.len() * 2;
                        self.fields.resize(n, 0);
                    }
                }
                ReadRecordResult::OutputEndsFull => {
                    if self.skipped.is_some() || self.ends.len() >= MAX_FIELDS {
                        self.skip_part();
                    } else {
                        let n = self.ends.len() * 2;
                        self.ends.resize(n, 0);
                    }
                }
                ReadRecordResult::Record => {
                    if self.skipped.is_some() || self.pos - self.start > MAX_RECORD {
                        self.skip_part();
                    }
                    self.absorb_trailer()?;
                    let (start, end) = (self.start, self.pos);
                    self.start = self.pos;
                    if let Some((bytes, line)) = self.skipped {
                        return Ok(Some(Rec {
                            start,
                            end: start,
                            lead: 0,
                            tail: 0,
                            line,
                            too_long: Some(bytes),
                        }));
                    }
                    let raw = &self.data[start..end];
                    let crlf = |b: &&u8| **b == b'\n' || **b == b'\r';
                    let lead = raw.iter().take_while(crlf).count();
                    let tail = raw[lead..].iter().rev().take_while(crlf).count();
                    let line = self.lines + newlines(&raw[..lead]) + 1;
                    self.lines += newlines(raw);
                    return Ok(Some(Rec {
                        start,
                        end,
                        lead,
                        tail,
                        line,
                        too_long: None,
                    }));
                }
                ReadRecordResult::End => {
                    self.ended = true;
                    return Ok(None);
                }
            }
        }
    }

    /// The next chunk of rows (about `target` bytes), or `None` at the end of the table.
    pub fn next_chunk(&mut self, target: usize) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk::default();
        while chunk.buf.len() + chunk.raw.len() < target && chunk.spans.len() < 1 << 16 {
            let Some(rec) = self.next_record()? else {
                break;
            };
            self.row += 1;
            let mut place = Place {
                line: rec.line,
                ..Place::default()
            };
            if self.keep_raw {
                let width = self.header.as_ref().map_or(0, |h| h.names.len());
                place.raw = RawRecord {
                    start: chunk.raw.len(),
                    len: rec.end - rec.start,
                    lead: rec.lead,
                    tail: rec.tail,
                    pad: width.saturating_sub(self.nend),
                };
                chunk.raw.extend_from_slice(&self.data[rec.start..rec.end]);
            }
            if let Some(bytes) = rec.too_long {
                place.problem = Some(ErrorJson {
                    code: "record-too-long",
                    offset: 0,
                    len: 0,
                    message: format!(
                        "row {} (from line {}) is longer than {} MiB ({bytes} bytes): it was \
                         skipped",
                        self.row,
                        rec.line,
                        MAX_RECORD >> 20
                    ),
                    hint: Some(
                        "a quote that is never closed makes the rest of the file one field: \
                         check the quotes from that line on"
                            .into(),
                    ),
                });
                chunk.push(self.row, b"", None);
            } else if self.column < self.nend {
                let cell = self.cell(self.column);
                if self.encoding == UTF_8 {
                    chunk.push(self.row, cell, None);
                } else {
                    match crate::input::decode(self.encoding, cell) {
                        Ok(text) => chunk.push(self.row, text.as_bytes(), None),
                        Err(offset) => chunk.push(self.row, cell, Some(offset)),
                    }
                }
            } else {
                // The row as written (without its line end) is the input the error points into.
                let body = &self.data[rec.start + rec.lead..rec.end - rec.tail];
                let text = decode_raw(self.encoding, body).into_owned();
                place.problem = Some(ErrorJson {
                    code: "missing-column",
                    offset: text.len(),
                    len: 0,
                    message: format!(
                        "row {} has {} cell{}: it has no column {}",
                        self.row,
                        self.nend,
                        if self.nend == 1 { "" } else { "s" },
                        match &self.label {
                            Label::Name(n) => format!("'{n}' (column {})", self.column + 1),
                            Label::Index(i) => i.to_string(),
                        }
                    ),
                    hint: Some(
                        "every row needs a cell there, even an empty one: check the delimiter \
                         (--format csv or tsv) and the quotes of this row"
                            .into(),
                    ),
                });
                chunk.push(self.row, text.as_bytes(), None);
            }
            chunk.places.push(place);
        }
        Ok((!chunk.spans.is_empty()).then_some(chunk))
    }
}

/// Line ends in `bytes`.
fn newlines(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

/// The column `--column` names (a name of the header, or a 1-based index), or the only column
/// of the header.
fn resolve_column(spec: Option<&str>, header: Option<&Header>) -> Result<(usize, Label), String> {
    let names = header.map(|h| h.names.as_slice()).unwrap_or_default();
    let listed = || {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{} {n:?}", i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let label = |i: usize| match header {
        Some(_) => Label::Name(names[i].clone()),
        None => Label::Index(i + 1),
    };
    let Some(spec) = spec else {
        return match (header, names.len()) {
            (Some(_), 1) => Ok((0, label(0))),
            (Some(_), 0) => Ok((0, Label::Index(1))),
            (Some(_), _) => Err(format!(
                "the table has {} columns: say which one holds the identifiers with --column \
                 NAME or --column N (columns: {})",
                names.len(),
                listed()
            )),
            (None, _) => Err(
                "a table without a header (--no-header): say which column holds the \
                 identifiers with --column N (1 for the first)"
                    .into(),
            ),
        };
    };
    if let Ok(n) = spec.parse::<usize>() {
        if n == 0 {
            return Err("--column 0: columns are counted from 1".into());
        }
        if header.is_some() && n > names.len() {
            return Err(format!(
                "--column {n}: the header has {} column{} ({})",
                names.len(),
                if names.len() == 1 { "" } else { "s" },
                listed()
            ));
        }
        return Ok((
            n - 1,
            if header.is_some() {
                label(n - 1)
            } else {
                Label::Index(n)
            },
        ));
    }
    if header.is_none() {
        return Err(format!(
            "--column {spec:?} names a column, but the table has no header (--no-header): \
             give its number"
        ));
    }
    let exact: Vec<usize> = (0..names.len()).filter(|&i| names[i] == spec).collect();
    let found = if exact.is_empty() {
        (0..names.len())
            .filter(|&i| names[i].eq_ignore_ascii_case(spec.trim()))
            .collect()
    } else {
        exact
    };
    match found.as_slice() {
        [i] => Ok((*i, label(*i))),
        [] => Err(format!(
            "--column {spec:?}: no such column in the header (columns: {})",
            listed()
        )),
        several => Err(format!(
            "--column {spec:?}: the header has that name {} times (columns {}): give the \
             column's number",
            several.len(),
            several
                .iter()
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Bytes of the table as text: UTF-8 as it is (bytes that are not UTF-8 as U+FFFD), or
/// decoded from `--encoding` (without normalizing: cells other than the input are untouched).
pub fn decode_raw<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> Cow<'a, str> {
    decode_checked(encoding, bytes).0
}

/// [`decode_raw`], and whether bytes that are not valid in `encoding` became U+FFFD.
fn decode_checked<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
    if encoding == UTF_8 {
        let text = String::from_utf8_lossy(bytes);
        let replaced = matches!(text, Cow::Owned(_));
        (text, replaced)
    } else {
        encoding.decode_without_bom_handling(bytes)
    }
}

/// Append one cell, in double quotes when it holds the delimiter, a quote or a line end
/// (RFC 4180), quotes written twice; as it is otherwise.
pub fn push_cell(out: &mut String, cell: &str, delimiter: u8) {
    let needs = cell
        .bytes()
        .any(|b| b == delimiter || b == b'"' || b == b'\n' || b == b'\r');
    if needs {
        out.push('"');
        out.push_str(&cell.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(cell);
    }
}

/// How `--output csv|tsv` writes the table back.
pub struct TableOut {
    /// The delimiter of the input and of the output: rows are written back byte for byte
    /// when they are the same, cell by cell otherwise.
    pub input: u8,
    pub output: u8,
    encoding: &'static Encoding,
    /// Cells in the header (a row over the size limit is written as that many empty cells).
    width: usize,
    /// The header row with the added columns' names, if the table has a header.
    header: Option<String>,
    /// Rows whose other cells held bytes not valid in the encoding, written with U+FFFD (the
    /// output is text), and the first of their lines: said on stderr after the run ([`note`]).
    ///
    /// [`note`]: TableOut::note
    replaced: AtomicUsize,
    first_replaced: AtomicUsize,
}

impl TableOut {
    /// The writer of `table` with the columns `added` (named `pidkit_…` where the header
    /// already has the name), in `output`'s dialect.
    pub fn new(table: &TableReader, output: u8, added: &[&str], bom: bool) -> TableOut {
        let mut t = TableOut {
            input: table.delimiter,
            output,
            encoding: table.encoding,
            width: table.header.as_ref().map_or(1, |h| h.names.len().max(1)),
            header: None,
            replaced: AtomicUsize::new(0),
            first_replaced: AtomicUsize::new(usize::MAX),
        };
        if let Some(h) = &table.header {
            let mut text = String::new();
            if bom {
                text.push('\u{FEFF}');
            }
            let cells: Vec<String> = added_names(&h.names, added);
            t.note_replaced(t.write(&mut text, &h.raw, h.lead, h.tail, 0, &cells), 1);
            if h.tail == 0 {
                text.push('\n');
            }
            t.header = Some(text);
        }
        t
    }

    /// The header row to write first.
    pub fn header(&self) -> Option<String> {
        self.header.clone()
    }

    /// Append `line`'s row with the `cells` added (absent ones empty).
    pub fn row(&self, out: &mut String, line: &Line<'_>, cells: &[Option<&str>]) {
        let place = line.place.map(|p| p.raw).unwrap_or_default();
        let cells: Vec<&str> = cells.iter().map(|c| c.unwrap_or("")).collect();
        if place.len == 0 {
            // Not kept (a row over the size limit): empty cells in its place.
            for _ in 1..self.width {
                out.push(char::from(self.output));
            }
            for c in &cells {
                out.push(char::from(self.output));
                push_cell(out, c, self.output);
            }
            out.push('\n');
            return;
        }
        let replaced = self.write(out, line.raw, place.lead, place.tail, place.pad, &cells);
        self.note_replaced(replaced, line.line());
    }

    /// Count the row on `line` for [`TableOut::note`] if `replaced`.
    fn note_replaced(&self, replaced: bool, line: usize) {
        if replaced {
            self.replaced.fetch_add(1, Ordering::Relaxed);
            self.first_replaced.fetch_min(line, Ordering::Relaxed);
        }
    }

    /// The warning about the rows written with U+FFFD for bytes that were not valid in the
    /// input's encoding (`None` when there were none): the output is text, so such bytes cannot
    /// be copied, and a row is never left out.
    pub fn note(&self) -> Option<String> {
        let n = self.replaced.load(Ordering::Relaxed);
        (n > 0).then(|| {
            format!(
                "pidkit: warning: {n} row(s) held bytes that are not valid {} (the first on line \
                 {}): they are written back with U+FFFD in their place",
                self.encoding.name(),
                self.first_replaced.load(Ordering::Relaxed)
            )
        })
    }

    /// Append the record `raw` (empty lines before it, the record, its line end) with `cells`;
    /// whether bytes not valid in the encoding were written as U+FFFD.
    fn write<S: AsRef<str>>(
        &self,
        out: &mut String,
        raw: &[u8],
        lead: usize,
        tail: usize,
        pad: usize,
        cells: &[S],
    ) -> bool {
        let body = &raw[lead..raw.len() - tail];
        out.push_str(&String::from_utf8_lossy(&raw[..lead]));
        let mut replaced = false;
        let mut text = |bytes| {
            let (text, r) = decode_checked(self.encoding, bytes);
            replaced |= r;
            text
        };
        if self.input == self.output {
            out.push_str(&text(body));
        } else {
            for (i, cell) in split(body, self.input).iter().enumerate() {
                if i > 0 {
                    out.push(char::from(self.output));
                }
                push_cell(out, &text(cell), self.output);
            }
        }
        for _ in 0..pad {
            out.push(char::from(self.output));
        }
        for c in cells {
            out.push(char::from(self.output));
            push_cell(out, c.as_ref(), self.output);
        }
        out.push_str(&String::from_utf8_lossy(&raw[raw.len() - tail..]));
        replaced
    }
}

/// The names of the added columns: each as given, or `pidkit_` before it where the header
/// already has that name.
pub fn added_names(header: &[String], added: &[&str]) -> Vec<String> {
    added
        .iter()
        .map(|name| {
            let mut n = (*name).to_owned();
            while header.contains(&n) {
                n.insert_str(0, "pidkit_");
            }
            n
        })
        .collect()
}

/// The cells of one record (without its line end), unescaped.
fn split(body: &[u8], delimiter: u8) -> Vec<Vec<u8>> {
    let mut rdr = ReaderBuilder::new().delimiter(delimiter).build();
    let mut cells = Vec::new();
    let mut cell = vec![0; body.len() + 1];
    let mut input = body;
    let mut at = 0;
    loop {
        let (res, nin, nout) = rdr.read_field(input, &mut cell[at..]);
        input = &input[nin..];
        at += nout;
        match res {
            csv_core::ReadFieldResult::InputEmpty if !input.is_empty() => {}
            csv_core::ReadFieldResult::InputEmpty => {}
            csv_core::ReadFieldResult::OutputFull => {
                let n = cell.len() * 2;
                cell.resize(n, 0);
            }
            csv_core::ReadFieldResult::Field { record_end } => {
                cells.push(cell[..at].to_vec());
                at = 0;
                if record_end {
                    break;
                }
            }
            csv_core::ReadFieldResult::End => break,
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, opts: &TableOptions) -> (TableReader, Vec<(usize, usize, String)>) {
        let mut t = TableReader::open(
            Box::new(io::Cursor::new(text.as_bytes().to_vec())),
            opts,
            UTF_8,
        )
        .unwrap();
        t.keep_raw(true);
        let mut rows = Vec::new();
        while let Some(chunk) = t.next_chunk(7).unwrap() {
            for k in 0..chunk.len() {
                let line = chunk.line(k, UTF_8);
                let text = match line.place.and_then(|p| p.problem.as_ref()) {
                    Some(p) => format!("!{}", p.code),
                    None => line.text.as_deref().unwrap().to_owned(),
                };
                rows.push((line.number, line.line(), text));
            }
        }
        (t, rows)
    }

    fn csv(column: Option<&str>) -> TableOptions {
        TableOptions {
            delimiter: b',',
            header: true,
            column: column.map(str::to_owned),
        }
    }

    #[test]
    fn rows_cells_and_lines() {
        let text = "id,doi\r\n1,\"10.1000/a,b\"\r\n\r\n2,\"10.1000/\nc\"\"d\"\n3\n4,10.1/x";
        let (t, rows) = read(text, &csv(Some("doi")));
        assert_eq!(t.label, Label::Name("doi".into()));
        assert_eq!(
            rows,
            [
                (1, 2, "10.1000/a,b".into()),
                (2, 4, "10.1000/\nc\"d".into()),
                (3, 6, "!missing-column".into()),
                (4, 7, "10.1/x".into()),
            ]
        );
    }

    #[test]
    fn the_column_is_found_or_the_error_says_why() {
        let h = |names: &[&str]| Header {
            names: names.iter().map(|s| s.to_string()).collect(),
            raw: Vec::new(),
            lead: 0,
            tail: 0,
        };
        let two = h(&["id", "DOI"]);
        assert_eq!(
            resolve_column(Some("doi"), Some(&two)).unwrap(),
            (1, Label::Name("DOI".into()))
        );
        assert_eq!(
            resolve_column(Some("2"), Some(&two)).unwrap(),
            (1, Label::Name("DOI".into()))
        );
        assert_eq!(
            resolve_column(Some("7"), None).unwrap(),
            (6, Label::Index(7))
        );
        for (spec, header, says) in [
            (None, Some(&two), "the table has 2 columns"),
            (Some("3"), Some(&two), "the header has 2 columns"),
            (Some("x"), Some(&two), "no such column"),
            (Some("x"), None, "has no header"),
            (Some("0"), None, "counted from 1"),
            (None, None, "without a header"),
        ] {
            let e = resolve_column(spec, header).unwrap_err();
            assert!(e.contains(says), "{spec:?}: {e}");
        }
        let dup = h(&["a", "a"]);
        assert!(
            resolve_column(Some("a"), Some(&dup))
                .unwrap_err()
                .contains("2 times")
        );
    }

    #[test]
    fn rows_are_written_back_byte_for_byte() {
        let text = "id,doi\r\n\"1\",\"10.1000/a,b\"\r\n\n2,x\n3,y";
        let (_, _) = read(text, &csv(Some("doi")));
        let mut t = TableReader::open(
            Box::new(io::Cursor::new(text.as_bytes().to_vec())),
            &csv(Some("doi")),
            UTF_8,
        )
        .unwrap();
        t.keep_raw(true);
        let out = TableOut::new(&t, b',', &["kind", "id"], false);
        let mut text_out = out.header().unwrap();
        while let Some(chunk) = t.next_chunk(1 << 20).unwrap() {
            for k in 0..chunk.len() {
                out.row(
                    &mut text_out,
                    &chunk.line(k, UTF_8),
                    &[Some("doi"), Some("a\"b")],
                );
            }
        }
        assert_eq!(
            text_out,
            "id,doi,kind,pidkit_id\r\n\"1\",\"10.1000/a,b\",doi,\"a\"\"b\"\r\n\n2,x,doi,\"a\"\"b\"\n3,y,doi,\"a\"\"b\""
        );
        // Into TSV: cell by cell, quoted only where needed.
        let mut t = TableReader::open(
            Box::new(io::Cursor::new(text.as_bytes().to_vec())),
            &csv(Some("doi")),
            UTF_8,
        )
        .unwrap();
        t.keep_raw(true);
        let out = TableOut::new(&t, b'\t', &["key"], false);
        let mut tsv = out.header().unwrap();
        let chunk = t.next_chunk(1 << 20).unwrap().unwrap();
        out.row(&mut tsv, &chunk.line(0, UTF_8), &[None]);
        assert_eq!(tsv, "id\tdoi\tkey\r\n1\t10.1000/a,b\t\r\n");
    }

    #[test]
    fn an_unclosed_quote_is_one_long_record_skipped() {
        let big = "x".repeat(MAX_RECORD + 10);
        let text = format!("doi\n10.1/a\n\"{big}\n10.1/b\n");
        let (_, rows) = read(&text, &csv(None));
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1], (2, 3, "!record-too-long".into()));
        let text = format!("doi\n\"{big}\"\n10.1/b\n");
        let (_, rows) = read(&text, &csv(None));
        assert_eq!(rows[1], (2, 3, "10.1/b".into()), "reading goes on after it");
    }
}
