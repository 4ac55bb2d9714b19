//! Where identifiers come from: arguments, a file, or stdin — one per line, streamed in chunks.
//!
//! Input is UTF-8 and taken as it is. With `--encoding LABEL` (a WHATWG label such as
//! `windows-1252` or `shift_jis`) each line is decoded with encoding_rs and normalized to NFC,
//! as draft-duerst-iri-bis-07 §3.1 asks for text from a non-Unicode encoding.

use std::io::{self, BufRead, IsTerminal, Read};
use std::path::Path;

use encoding_rs::{DecoderResult, Encoding, UTF_8};
use unicode_normalization::UnicodeNormalization;

/// Bytes read per chunk (a single longer line is kept whole): bounds memory and gives the
/// thread pool enough work.
const CHUNK_BYTES: usize = 1 << 19;

/// The least read at once while a line longer than a chunk is being read.
const READ_BYTES: usize = 1 << 16;

/// A batch of input lines in one buffer, split in place: no copy or allocation per line.
#[derive(Default)]
pub struct Chunk {
    pub(crate) buf: Vec<u8>,
    /// The whole buffer, when all of it is UTF-8: checked once rather than line by line
    /// (`buf` is then empty).
    pub(crate) text: String,
    pub(crate) spans: Vec<Span>,
    /// Where each input is in a table or an RDF file, parallel to `spans`; empty for lines.
    pub(crate) places: Vec<Place>,
    /// The bytes of the table's records that `Place::raw` points into (`--output csv|tsv`).
    pub(crate) raw: Vec<u8>,
    /// Lines: the few inputs that could not be read (a line over [`MAX_LINE`]), by index.
    pub(crate) problems: Vec<(usize, Place)>,
}

/// Where an input of a table (`--format csv|tsv`) or an RDF file (`--format ntriples|nquads`)
/// is, beyond its ordinal (`Line::number`: the data row, or the IRI's count).
#[derive(Default)]
pub struct Place {
    /// The physical line (1-based) where the row starts, or where the IRI is.
    pub line: usize,
    /// RDF: the column (1-based, in characters) of the IRI's first character, or of a syntax
    /// error.
    pub column: usize,
    /// RDF: the IRI's place in its statement (`None` for a syntax error).
    pub term: Option<crate::rdf::Term>,
    /// Why the input could not be read (a missing column, an RDF syntax error, a row over the
    /// size limit): its error record, whose offsets point into the input's text.
    pub problem: Option<crate::output::ErrorJson>,
    /// Tables: the record's bytes in `Chunk::raw` — the empty lines before it, the record,
    /// its line end — for writing it back (`--output csv|tsv`).
    pub raw: crate::table::RawRecord,
}

pub(crate) struct Span {
    pub(crate) number: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Set when the line could not be decoded from its `--encoding`: byte offset of the bad bytes.
    pub(crate) undecodable: Option<usize>,
}

/// One input line: its number (1-based) and its text, or where its bytes stop being text.
pub struct Line<'a> {
    pub number: usize,
    pub text: Result<&'a str, BadBytes<'a>>,
    /// Where it is in a table or an RDF file (`None` for lines and arguments).
    pub place: Option<&'a Place>,
    /// Tables: the bytes of its record (see [`Place::raw`]); empty otherwise.
    pub raw: &'a [u8],
}

impl Line<'_> {
    /// The physical line to report: where the row starts or the IRI is; a line's own number.
    pub fn line(&self) -> usize {
        self.place.map_or(self.number, |p| p.line)
    }
}

/// A line whose bytes are not valid in the input encoding.
#[derive(Debug)]
pub struct BadBytes<'a> {
    pub bytes: &'a [u8],
    /// Byte offset of the first invalid byte.
    pub offset: usize,
    /// The encoding the line was read as.
    pub encoding: &'static str,
}

impl Chunk {
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// The number of line `k` (1-based in the input).
    pub fn number(&self, k: usize) -> usize {
        self.spans[k].number
    }

    pub fn line(&self, k: usize, encoding: &'static Encoding) -> Line<'_> {
        let span = &self.spans[k];
        let all = if self.text.is_empty() {
            &self.buf[..]
        } else {
            self.text.as_bytes()
        };
        let bytes = all.get(span.start..span.end).unwrap_or_default();
        let bad = |offset| BadBytes {
            bytes,
            offset,
            encoding: encoding.name(),
        };
        let text = match (span.undecodable, self.text.get(span.start..span.end)) {
            (Some(offset), _) => Err(bad(offset)),
            (None, Some(text)) if !self.text.is_empty() => Ok(text),
            (None, _) => std::str::from_utf8(bytes).map_err(|e| bad(e.valid_up_to())),
        };
        let place = self
            .places
            .get(k)
            .or_else(|| self.problems.iter().find(|(i, _)| *i == k).map(|(_, p)| p));
        Line {
            number: span.number,
            text,
            place,
            raw: place.map_or(&[][..], |p| p.raw.bytes(&self.raw)),
        }
    }

    /// The record of line `number`, over [`MAX_LINE`] (`bytes` long): skipped as it was read.
    fn too_long(&mut self, number: usize, bytes: u64) {
        self.push(number, b"", None);
        self.problems.push((
            self.spans.len() - 1,
            Place {
                line: number,
                column: 1,
                problem: Some(crate::output::ErrorJson {
                    code: "line-too-long",
                    offset: 0,
                    len: 0,
                    message: format!(
                        "line {number} is longer than {} MiB ({bytes} bytes): it was skipped",
                        MAX_LINE >> 20
                    ),
                    hint: Some("one identifier per line: is this the file meant?".into()),
                }),
                ..Place::default()
            },
        ));
    }

    pub(crate) fn push(&mut self, number: usize, line: &[u8], undecodable: Option<usize>) {
        let start = self.buf.len();
        self.buf.extend_from_slice(line);
        self.spans.push(Span {
            number,
            start,
            end: self.buf.len(),
            undecodable,
        });
    }
}

/// What becomes of the blank lines (empty, or only white space) of a stream. Arguments are
/// always inputs: every one given is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blank {
    /// Skipped and counted (`--skip-blank`; `dedupe` and `join` by default).
    Skip,
    /// Answered with a blank record — an empty line of a transform's output — and counted, so
    /// output lines up with input (the line commands' default).
    Record,
    /// Read like any other line: the empty string (`--keep-blank`).
    Input,
}

/// A source of chunks.
pub struct Source {
    kind: Kind,
    /// What becomes of the blank lines of a stream.
    blank: Blank,
    /// A UTF-8 byte-order mark was removed from the start of the stream.
    pub bom_removed: bool,
    /// The encoding of the input (UTF-8 unless `--encoding`).
    pub encoding: &'static Encoding,
    /// Lines are typed at a terminal (`-` with stdin a terminal): no progress bar over them.
    pub typed: bool,
    /// Bytes read so far, and the total if known (a regular file): for the progress bar.
    pub bytes_read: u64,
    pub total_bytes: Option<u64>,
    /// Chunks handed back ([`Source::recycle`]) for the next reads to fill: a fresh
    /// buffer is memory the system must fault in and zero, a sixth of `check --json`'s time
    /// on a million short lines.
    spare: Vec<Chunk>,
}

/// Chunks kept for reuse: the one being read and the one being worked on.
const SPARE_CHUNKS: usize = 2;

enum Kind {
    Args(Vec<String>),
    /// A table, one column of it the inputs (`--format csv|tsv`).
    Table(Box<crate::table::TableReader>),
    /// An RDF file, its IRIs the inputs (`--format ntriples|nquads`).
    Rdf(Box<crate::rdf::RdfReader>),
    Stream {
        reader: Box<dyn BufRead + Send>,
        /// Lines read so far.
        line: usize,
        /// The start of a line that the last block cut in two.
        carry: Vec<u8>,
        /// The end of input was read. A terminal's end of input (Ctrl-D) is not sticky: read
        /// again, it would wait for more typing, so it is never read again.
        eof: bool,
        /// Bytes of a line over [`MAX_LINE`] skipped so far (its end not read yet).
        skipping: Option<u64>,
    },
}

/// The longest line read as an input (16 MiB, as the table and RDF readers): a longer one is
/// skipped as it is read — never held whole — and answered with a `line-too-long` record.
pub const MAX_LINE: usize = 16 << 20;

impl Source {
    /// Arguments if any were given (other than a lone `-`), else the file, else stdin.
    /// Arguments together with `--input FILE` are a usage error: one of the two would be
    /// ignored.
    pub fn open(
        args: &[String],
        file: Option<&Path>,
        encoding: Option<&str>,
    ) -> Result<Source, String> {
        if let (Some(path), false) = (file, args.is_empty()) {
            return Err(format!(
                "identifiers given both as arguments ({}) and with --input {}: give one or \
                 the other",
                args.len(),
                path.display()
            ));
        }
        let encoding = encoding_for(encoding)?;
        let mut source = Source {
            kind: Kind::Args(Vec::new()),
            blank: Blank::Input,
            bom_removed: false,
            encoding,
            typed: false,
            bytes_read: 0,
            total_bytes: None,
            spare: Vec::new(),
        };
        if !(args.is_empty() || args == ["-"]) {
            source.kind = Kind::Args(args.to_vec());
            return Ok(source);
        }
        let reader: Box<dyn BufRead + Send> = match file {
            Some(path) if path.as_os_str() != "-" => {
                let f = std::fs::File::open(path)
                    .map_err(|e| format!("cannot read input {}: {e}", path.display()))?;
                source.total_bytes = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
                Box::new(io::BufReader::with_capacity(1 << 16, f))
            }
            _ => {
                source.typed = io::stdin().is_terminal();
                Box::new(io::BufReader::with_capacity(1 << 16, io::stdin()))
            }
        };
        source.kind = Kind::Stream {
            reader,
            line: 0,
            carry: Vec::new(),
            eof: false,
            skipping: None,
        };
        source.blank = Blank::Skip;
        Ok(source)
    }

    /// Keep the blank lines of a stream as inputs (`--keep-blank`), or skip them.
    pub fn keep_blank(self, keep: bool) -> Self {
        self.blank(if keep { Blank::Input } else { Blank::Skip })
    }

    /// What becomes of the blank lines of a stream; arguments are always inputs.
    pub fn blank(mut self, blank: Blank) -> Self {
        if self.is_stream() {
            self.blank = blank;
        }
        self
    }

    /// What becomes of blank lines.
    pub fn blank_mode(&self) -> Blank {
        self.blank
    }

    /// Whether blank lines are skipped.
    pub fn skips_blank(&self) -> bool {
        self.blank == Blank::Skip
    }

    /// A hint on stderr for each argument that names an existing file: `pidkit check ids.txt`
    /// checks the string "ids.txt", which is rarely what was meant.
    pub fn hint_files(&self) {
        if let Kind::Args(args) = &self.kind {
            for a in args
                .iter()
                .filter(|a| !a.is_empty() && Path::new(a).is_file())
            {
                eprintln!(
                    "pidkit: hint: {a:?} is checked as an identifier, but it names a file: did you mean --input {a}?"
                );
            }
        }
    }

    /// Whether the inputs come from a stream (a file or stdin) rather than arguments.
    pub fn is_stream(&self) -> bool {
        !matches!(self.kind, Kind::Args(_))
    }

    /// Read the stream as `format` says: lines (as opened), a table or an RDF file. A table's
    /// header is read here (the column named is looked up in it). Arguments stay arguments
    /// for lines; a table or an RDF file must come from a file or stdin.
    pub fn format(mut self, format: &Format) -> Result<Source, String> {
        if matches!(format, Format::Lines) {
            return Ok(self);
        }
        let Kind::Stream { reader, .. } = std::mem::replace(&mut self.kind, Kind::Args(Vec::new()))
        else {
            return Err(format!(
                "--format {} reads a file or stdin, not arguments: give --input FILE or pipe it in",
                format.name()
            ));
        };
        self.kind = match format {
            Format::Lines => unreachable!("handled above"),
            Format::Table(t) => Kind::Table(Box::new(crate::table::TableReader::open(
                reader,
                t,
                self.encoding,
            )?)),
            Format::Rdf(quads) => Kind::Rdf(Box::new(crate::rdf::RdfReader::new(
                reader,
                *quads,
                self.encoding,
            ))),
        };
        Ok(self)
    }

    /// The table being read, if the input is one (its header, the column read).
    pub fn table(&self) -> Option<&crate::table::TableReader> {
        match &self.kind {
            Kind::Table(t) => Some(t),
            _ => None,
        }
    }

    /// The table being read, to set how it is read.
    pub fn table_mut(&mut self) -> Option<&mut crate::table::TableReader> {
        match &mut self.kind {
            Kind::Table(t) => Some(t),
            _ => None,
        }
    }

    /// Hand back a chunk whose lines are done with, for a later read to fill. A chunk grown
    /// far past [`CHUNK_BYTES`] by a long line is let go rather than kept.
    pub fn recycle(&mut self, mut chunk: Chunk) {
        let capacity = chunk.buf.capacity().max(chunk.text.capacity());
        if self.spare.len() < SPARE_CHUNKS && capacity <= 2 * CHUNK_BYTES {
            if !chunk.text.is_empty() {
                chunk.buf = std::mem::take(&mut chunk.text).into_bytes();
            }
            chunk.buf.clear();
            chunk.spans.clear();
            chunk.places.clear();
            chunk.raw.clear();
            chunk.problems.clear();
            self.spare.push(chunk);
        }
    }

    /// The next chunk, or `None` at the end of input.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let encoding = self.encoding;
        match &mut self.kind {
            Kind::Table(t) => {
                let chunk = t.next_chunk(CHUNK_BYTES)?;
                self.bytes_read = t.bytes_read;
                self.bom_removed |= t.bom_removed;
                Ok(chunk)
            }
            Kind::Rdf(r) => {
                let chunk = r.next_chunk(CHUNK_BYTES)?;
                self.bytes_read = r.bytes_read;
                self.bom_removed |= r.bom_removed;
                Ok(chunk)
            }
            Kind::Args(args) => {
                if args.is_empty() {
                    return Ok(None);
                }
                let mut chunk = Chunk::default();
                for (k, a) in std::mem::take(args).iter().enumerate() {
                    chunk.push(k + 1, a.as_bytes(), None);
                }
                Ok(Some(chunk))
            }
            Kind::Stream {
                reader,
                line,
                carry,
                eof,
                skipping,
            } => {
                // Read whole buffers until the block is big enough and holds a line end, or the
                // input ends. A line longer than a block grows the block until its end arrives
                // (only the newly read bytes are searched for it), up to MAX_LINE: past that it
                // is dropped as it is read, and a `line-too-long` record stands for it.
                // A spare chunk's buffers are reused: its lines go in `block`, the cut line
                // first.
                let mut chunk = self.spare.pop().unwrap_or_default();
                let mut block = std::mem::take(&mut chunk.buf);
                block.extend_from_slice(carry);
                carry.clear();
                let mut searched = 0;
                // Where the last line of `block` starts, and how far that is known: each byte
                // is looked at once, however long the line.
                let (mut last, mut scanned) = (0, 0);
                loop {
                    if let Some(skipped) = *skipping {
                        match memchr::memchr(b'\n', &block) {
                            Some(end) => {
                                block.drain(..=end);
                                *skipping = None;
                                *line += 1;
                                chunk.too_long(*line, skipped + end as u64 + 1);
                            }
                            None => {
                                *skipping = Some(skipped + block.len() as u64);
                                block.clear();
                            }
                        }
                        (searched, last, scanned) = (0, 0, 0);
                    }
                    if skipping.is_none() {
                        if block.len() >= CHUNK_BYTES {
                            if let Some(end) = memchr::memrchr(b'\n', &block[searched..]) {
                                let cut = searched + end + 1;
                                carry.extend_from_slice(&block[cut..]);
                                block.truncate(cut);
                                break;
                            }
                            searched = block.len();
                        }
                        if let Some(e) = memchr::memrchr(b'\n', &block[scanned..]) {
                            last = scanned + e + 1;
                        }
                        scanned = block.len();
                        if block.len() - last > MAX_LINE {
                            // The last line is over the limit: the lines before it are this
                            // chunk; it is skipped from here on.
                            *skipping = Some((block.len() - last) as u64);
                            block.truncate(last);
                            if last > 0 || !chunk.spans.is_empty() {
                                break;
                            }
                            continue;
                        }
                    }
                    if *eof {
                        if let Some(skipped) = skipping.take() {
                            *line += 1;
                            chunk.too_long(*line, skipped);
                        }
                        break;
                    }
                    // Read straight into the block (the reader's own buffer is bypassed for a
                    // read this large): up to a chunk's worth, or a block more for a long line.
                    let want = CHUNK_BYTES.saturating_sub(block.len()).max(READ_BYTES);
                    block.reserve(want);
                    let n = reader.by_ref().take(want as u64).read_to_end(&mut block)?;
                    self.bytes_read += n as u64;
                    // Fewer bytes than asked for: the input ended (read_to_end reads on
                    // until it does).
                    *eof = n < want;
                }
                if block.is_empty() {
                    return Ok((!chunk.spans.is_empty()).then_some(chunk));
                }
                let mut start = 0;
                // A byte-order mark at the start of UTF-8 input is no part of the first line:
                // removed, and said once (`bom_removed`), never blamed on the identifier.
                if *line == 0 && encoding == UTF_8 && block.starts_with(b"\xEF\xBB\xBF") {
                    start = 3;
                    self.bom_removed = true;
                }
                let ends = memchr::memchr_iter(b'\n', &block)
                    .chain((!block.ends_with(b"\n")).then_some(block.len()));
                let mut decoded = Vec::new();
                for end in ends {
                    *line += 1;
                    let mut e = end;
                    if e > start && block[e - 1] == b'\r' {
                        e -= 1;
                    }
                    if encoding == UTF_8 {
                        chunk.spans.push(Span {
                            number: *line,
                            start,
                            end: e,
                            undecodable: None,
                        });
                    } else {
                        let at = decoded.len();
                        let bad = match decode(encoding, &block[start..e]) {
                            Ok(text) => {
                                decoded.extend_from_slice(text.as_bytes());
                                None
                            }
                            Err(offset) => {
                                decoded.extend_from_slice(&block[start..e]);
                                Some(offset)
                            }
                        };
                        chunk.spans.push(Span {
                            number: *line,
                            start: at,
                            end: decoded.len(),
                            undecodable: bad,
                        });
                    }
                    start = end + 1;
                }
                if encoding != UTF_8 {
                    chunk.buf = decoded;
                } else {
                    match String::from_utf8(block) {
                        Ok(text) => chunk.text = text,
                        Err(e) => chunk.buf = e.into_bytes(),
                    }
                }
                Ok(Some(chunk))
            }
        }
    }
}

/// What the inputs of a run are, for the members and columns that say where each one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Lines or arguments: `line` says it all.
    Lines,
    /// A table's cells: `row` (the data row, from 1) and `column` (the column's label).
    Table(crate::table::Label),
    /// An RDF file's IRIs: `column` (in characters, from 1) and `term`.
    Rdf,
}

impl Shape {
    /// The shape of `source`'s inputs.
    pub fn of(source: &Source) -> Shape {
        match (&source.kind, source.table()) {
            (_, Some(t)) => Shape::Table(t.label.clone()),
            (Kind::Rdf(_), _) => Shape::Rdf,
            _ => Shape::Lines,
        }
    }

    /// The JSON members after `line`: `,"row":2,"column":"doi"` or `,"column":7,"term":"object"`;
    /// none for lines (borrowed: nothing is built for each line of a file).
    pub fn json(&self, line: &Line<'_>) -> std::borrow::Cow<'static, str> {
        if *self == Shape::Lines {
            return std::borrow::Cow::Borrowed("");
        }
        let p = line.place.map_or((1, None), |p| (p.column, p.term));
        std::borrow::Cow::Owned(self.json_at(line.number, p.0, p.1))
    }

    /// [`Shape::json`] of input `number` at `column` (RDF), as `term`.
    pub fn json_at(&self, number: usize, column: usize, term: Option<crate::rdf::Term>) -> String {
        let mut s = String::new();
        match self {
            Shape::Lines => {}
            Shape::Table(label) => {
                s.push_str(",\"row\":");
                crate::output::push_int(&mut s, number);
                s.push_str(",\"column\":");
                s.push_str(&label.json());
            }
            Shape::Rdf => {
                let p = (column, term);
                s.push_str(",\"column\":");
                crate::output::push_int(&mut s, p.0);
                if let Some(term) = p.1 {
                    s.push_str(",\"term\":\"");
                    s.push_str(term.name());
                    s.push('"');
                }
            }
        }
        s
    }

    /// The TSV columns after the command's: `row column` or `column term`.
    pub fn tsv_columns(&self) -> &'static [&'static str] {
        match self {
            Shape::Lines => &[],
            Shape::Table(_) => &["row", "column"],
            Shape::Rdf => &["column", "term"],
        }
    }

    /// Append the values of [`Shape::tsv_columns`] (each after a tab).
    pub fn tsv(&self, out: &mut String, line: &Line<'_>) {
        let p = line.place.map_or((1, None), |p| (p.column, p.term));
        self.tsv_at(out, line.number, p.0, p.1);
    }

    /// [`Shape::tsv`] of input `number` at `column` (RDF), as `term`.
    pub fn tsv_at(
        &self,
        out: &mut String,
        number: usize,
        column: usize,
        term: Option<crate::rdf::Term>,
    ) {
        match self {
            Shape::Lines => {}
            Shape::Table(label) => {
                crate::output::tsv_field(out, false, Some(&number.to_string()));
                crate::output::tsv_field(out, false, Some(&label.text()));
            }
            Shape::Rdf => {
                let p = (column, term);
                crate::output::tsv_field(out, false, Some(&p.0.to_string()));
                crate::output::tsv_field(out, false, p.1.map(crate::rdf::Term::name));
            }
        }
    }

    /// What human output writes before a report: `3: `, `row 2 (line 3): `, `4:17 object: `.
    pub fn prefix(&self, line: &Line<'_>) -> String {
        match line.place {
            Some(p) => self.prefix_at(line.number, p.line, p.column, p.term),
            None => format!("{}: ", line.number),
        }
    }

    /// [`Shape::prefix`] of input `number`, on physical line `line`, at `column` (RDF), as
    /// `term`.
    pub fn prefix_at(
        &self,
        number: usize,
        line: usize,
        column: usize,
        term: Option<crate::rdf::Term>,
    ) -> String {
        match (self, term) {
            (Shape::Lines, _) => format!("{number}: "),
            (Shape::Table(_), _) => format!("row {number} (line {line}): "),
            (Shape::Rdf, Some(t)) => format!("{line}:{column} {}: ", t.name()),
            (Shape::Rdf, None) => format!("{line}:{column}: "),
        }
    }

    /// What a blank input is called in human output.
    pub fn blank_name(&self) -> &'static str {
        match self {
            Shape::Table(_) => "blank cell",
            _ => "blank line",
        }
    }
}

/// How the stream is read (`--format`).
pub enum Format {
    /// One input per line (the default).
    Lines,
    /// A table: one column of each row (`--format csv|tsv`).
    Table(crate::table::TableOptions),
    /// The IRIs of N-Triples (`false`) or N-Quads (`true`) statements.
    Rdf(bool),
}

impl Format {
    /// The name `--format` gives it.
    pub fn name(&self) -> &'static str {
        match self {
            Format::Lines => "lines",
            Format::Table(t) if t.delimiter == b'\t' => "tsv",
            Format::Table(_) => "csv",
            Format::Rdf(false) => "ntriples",
            Format::Rdf(true) => "nquads",
        }
    }
}

/// How a command is given its input, for [`terminal_stdin_hint`]: the command's name, the
/// arguments it always takes first (`join`'s base), example inputs as arguments, and whether
/// it has `--input FILE`.
pub struct InputHelp {
    pub command: &'static str,
    pub fixed: String,
    pub example: &'static str,
    pub input_flag: bool,
}

/// What to say instead of reading: a command that would read stdin without being asked to (no
/// identifiers, no `--input`, no `-`) while stdin is a terminal would wait for typing behind
/// a spinner, which is rarely what was meant. `None` when the input is there to read (a pipe,
/// a file, arguments), or when `-` asks for the terminal explicitly.
///
/// ```text
/// pidkit: no input: no identifiers were given and stdin is a terminal. Give them
///   as arguments:    pidkit check 'http://example.org/' 10.1000/182
///   …
/// ```
pub fn terminal_stdin_hint(
    help: &InputHelp,
    reads_stdin_implicitly: bool,
    stdin_is_terminal: bool,
) -> Option<String> {
    if !(reads_stdin_implicitly && stdin_is_terminal) {
        return None;
    }
    let InputHelp {
        command,
        fixed,
        example,
        input_flag,
    } = help;
    let cmd = if fixed.is_empty() {
        format!("pidkit {command}")
    } else {
        format!("pidkit {command} {fixed}")
    };
    let (what, file) = if *input_flag {
        ("identifiers", "ids.txt")
    } else {
        ("files", "paper.md")
    };
    let mut out = format!(
        "no input: no {what} were given and stdin is a terminal. Give them\n  \
         as arguments:    {cmd} {example}\n"
    );
    if *input_flag {
        out += &format!("  from a file:     {cmd} --input {file}\n");
    }
    out += &format!(
        "  through a pipe:  cat {file} | {cmd}\n  \
         typed here:      {cmd} -    (one per line, then Ctrl-D)"
    );
    Some(out)
}

/// The encoding named by `--encoding` (UTF-8 when absent). Encodings that are not ASCII-compatible
/// (UTF-16) are refused: their lines cannot be split on bytes.
pub fn encoding_for(label: Option<&str>) -> Result<&'static Encoding, String> {
    let Some(label) = label else { return Ok(UTF_8) };
    let enc = Encoding::for_label(label.as_bytes())
        .ok_or_else(|| format!("unknown encoding label '{label}'"))?;
    if !enc.is_ascii_compatible() {
        return Err(format!(
            "{0} input is not supported line by line: convert it to UTF-8 first (e.g. iconv -f {0} -t UTF-8)",
            enc.name()
        ));
    }
    Ok(enc)
}

/// Decode one line from a non-UTF-8 encoding and normalize it to NFC (§3.1); on malformed
/// input, the byte offset of the first bad byte.
pub(crate) fn decode(encoding: &'static Encoding, bytes: &[u8]) -> Result<String, usize> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(bytes.len() * 3 + 16);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        DecoderResult::InputEmpty => Ok(text.nfc().collect()),
        DecoderResult::Malformed(bad, extra) => {
            Err(read.saturating_sub(bad as usize + extra as usize))
        }
        // The buffer was sized for the worst case, so this does not happen; treat it as bad
        // input at the point reached rather than panic.
        DecoderResult::OutputFull => Err(read),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check() -> InputHelp {
        InputHelp {
            command: "check",
            fixed: String::new(),
            example: "10.1000/182",
            input_flag: true,
        }
    }

    #[test]
    fn a_terminal_without_input_gets_a_hint_not_a_wait() {
        // Only the one case: nothing given, and stdin is a terminal.
        assert_eq!(terminal_stdin_hint(&check(), true, false), None); // a pipe or a file
        assert_eq!(terminal_stdin_hint(&check(), false, true), None); // arguments, --input, "-"
        assert_eq!(terminal_stdin_hint(&check(), false, false), None);
        let hint = terminal_stdin_hint(&check(), true, true).unwrap();
        for line in [
            "no input: no identifiers were given and stdin is a terminal",
            "as arguments:    pidkit check 10.1000/182",
            "from a file:     pidkit check --input ids.txt",
            "through a pipe:  cat ids.txt | pidkit check",
            "typed here:      pidkit check -",
        ] {
            assert!(hint.contains(line), "{line:?} not in\n{hint}");
        }
        // A command with fixed arguments and files instead of --input.
        let join = InputHelp {
            command: "join",
            fixed: "'http://a/b/c'".into(),
            example: "../g",
            input_flag: true,
        };
        let hint = terminal_stdin_hint(&join, true, true).unwrap();
        assert!(
            hint.contains("cat ids.txt | pidkit join 'http://a/b/c'\n"),
            "{hint}"
        );
        let extract = InputHelp {
            command: "extract",
            fixed: String::new(),
            example: "paper.md",
            input_flag: false,
        };
        let hint = terminal_stdin_hint(&extract, true, true).unwrap();
        assert!(hint.starts_with("no input: no files were given"), "{hint}");
        assert!(!hint.contains("--input"), "{hint}");
    }

    /// A stream source over `bytes`, read as UTF-8 lines with blank lines kept.
    fn stream(bytes: Vec<u8>) -> Source {
        Source {
            kind: Kind::Stream {
                reader: Box::new(io::Cursor::new(bytes)),
                line: 0,
                carry: Vec::new(),
                eof: false,
                skipping: None,
            },
            blank: Blank::Input,
            bom_removed: false,
            encoding: UTF_8,
            typed: false,
            bytes_read: 0,
            total_bytes: None,
            spare: Vec::new(),
        }
    }

    #[test]
    fn recycled_chunks_read_every_line_as_it_was() {
        // Lines of every length up to past a chunk, cut across chunk ends, some not UTF-8 and
        // some ending in CRLF: each chunk is handed back and reused, as `run` does, and every
        // line must come out whole, numbered, with its own bad byte's offset.
        let mut input = Vec::new();
        let mut expected: Vec<Result<String, usize>> = Vec::new();
        let mut k = 0usize;
        while input.len() < 6 * CHUNK_BYTES {
            let len = match k % 4999 {
                0 => CHUNK_BYTES + 123,
                n => (n * 37) % 180,
            };
            let mut line: Vec<u8> = (0..len).map(|i| b'a' + ((i + k) % 26) as u8).collect();
            // Whole chunks of text, then chunks with a bad line in every eleven.
            if (k / 12_000) % 2 == 1 && k % 11 == 5 && len > 3 {
                line[len / 2] = 0xFF;
                expected.push(Err(len / 2));
            } else {
                expected.push(Ok(String::from_utf8(line.clone()).unwrap()));
            }
            input.extend_from_slice(&line);
            input.extend_from_slice(if k.is_multiple_of(7) { b"\r\n" } else { b"\n" });
            k += 1;
        }
        let total = input.len();
        let mut source = stream(input);
        let mut got = Vec::new();
        let mut chunks = 0;
        while let Some(chunk) = source.next_chunk().unwrap() {
            chunks += 1;
            for i in 0..chunk.len() {
                let line = chunk.line(i, UTF_8);
                assert_eq!(line.number, got.len() + 1);
                got.push(match line.text {
                    Ok(text) => Ok(text.to_owned()),
                    Err(bad) => Err(bad.offset),
                });
            }
            source.recycle(chunk);
        }
        assert!(chunks > 3, "{chunks} chunks");
        assert_eq!(got.len(), expected.len());
        for (n, (g, e)) in got.iter().zip(&expected).enumerate() {
            let len = |l: &Result<String, usize>| l.as_ref().map(String::len).map_err(|e| *e);
            assert!(g == e, "line {}: {:?} != {:?}", n + 1, len(g), len(e));
        }
        assert_eq!(source.bytes_read, total as u64);
    }

    #[test]
    fn legacy_encodings_decode_to_nfc() {
        let latin1 = Encoding::for_label(b"latin1").unwrap();
        assert_eq!(decode(latin1, b"r\xe9sum\xe9").unwrap(), "résumé");
        let sjis = Encoding::for_label(b"shift_jis").unwrap();
        assert_eq!(decode(sjis, b"\x82\xa0").unwrap(), "あ");
        // Bad bytes are located: 0x81 followed by a space is not Shift_JIS.
        assert_eq!(decode(sjis, b"abc\x81 "), Err(3));
    }
}
