//! N-Triples and N-Quads (`--format ntriples|nquads`): every IRI of every statement is an input.
//!
//! Each line is one statement. oxttl, in its lenient mode, judges the line's syntax and
//! unescapes its IRIs (`\uXXXX`, `\UXXXXXXXX`) without judging them, so that pidkit does: an
//! IRI with a space or a bad `%` is read as written and reported by the line commands with its
//! error, as any input is. A line oxttl rejects is one error record (`rdf-syntax`, with the
//! parser's byte offset and message), and reading goes on with the next line. A small scanner
//! finds where each IRIREF is in the line (oxttl gives terms, not positions), so each input has
//! the line and the column (1-based, in characters) of its first character, and its term.
//! Blank nodes and literals are not inputs; a literal's datatype IRI is, where it is written.
//! A line over [`MAX_LINE`] bytes is skipped as it is read and reported (`line-too-long`).

use std::io::{self, BufRead};

use encoding_rs::{Encoding, UTF_8};

use crate::input::{Chunk, Place};
use crate::output::ErrorJson;

/// The longest line read; a longer one is skipped and reported, so memory stays bounded.
pub const MAX_LINE: usize = 16 << 20;

pub use crate::rdf_scan::{Term, statement};

/// Reads an N-Triples or N-Quads file in chunks of IRIs.
pub struct RdfReader {
    reader: Box<dyn BufRead + Send>,
    quads: bool,
    encoding: &'static Encoding,
    /// The start of a line the last block cut in two.
    carry: Vec<u8>,
    /// Lines read so far.
    line: usize,
    /// IRIs (and error records) so far.
    count: usize,
    /// Bytes of a line over [`MAX_LINE`] skipped so far (its end not read yet).
    skipping: Option<u64>,
    eof: bool,
    pub bytes_read: u64,
    pub bom_removed: bool,
}

impl RdfReader {
    pub fn new(
        reader: Box<dyn BufRead + Send>,
        quads: bool,
        encoding: &'static Encoding,
    ) -> RdfReader {
        RdfReader {
            reader,
            quads,
            encoding,
            carry: Vec::new(),
            line: 0,
            count: 0,
            skipping: None,
            eof: false,
            bytes_read: 0,
            bom_removed: false,
        }
    }

    /// The next block of whole lines (about `target` bytes), or `None` at the end. A line over
    /// [`MAX_LINE`] is dropped as it is read: an error record stands for it.
    fn next_block(&mut self, target: usize, chunk: &mut Chunk) -> io::Result<Option<Vec<u8>>> {
        let mut block = std::mem::take(&mut self.carry);
        loop {
            if let Some(skipped) = self.skipping {
                // Drop bytes up to the end of the over-long line.
                match memchr::memchr(b'\n', &block) {
                    Some(end) => {
                        block.drain(..=end);
                        self.skipping = None;
                        self.line += 1;
                        self.too_long(chunk, skipped + end as u64 + 1);
                    }
                    None => {
                        self.skipping = Some(skipped + block.len() as u64);
                        block.clear();
                    }
                }
            }
            if self.skipping.is_none() {
                if let Some(end) = memchr::memrchr(b'\n', &block)
                    && block.len() >= target
                {
                    self.carry = block.split_off(end + 1);
                    return Ok(Some(block));
                }
                let last = memchr::memrchr(b'\n', &block).map_or(0, |e| e + 1);
                if block.len() - last > MAX_LINE {
                    // The last line is over the limit: keep the lines before it, skip it.
                    let part = block.split_off(last);
                    self.skipping = Some(part.len() as u64);
                    if last > 0 {
                        return Ok(Some(block));
                    }
                    continue;
                }
            }
            if self.eof {
                if let Some(skipped) = self.skipping.take() {
                    self.line += 1;
                    self.too_long(chunk, skipped);
                }
                return Ok((!block.is_empty()).then_some(block));
            }
            let data = self.reader.fill_buf()?;
            if data.is_empty() {
                self.eof = true;
                continue;
            }
            let n = data.len();
            let mut skip = 0;
            if self.bytes_read == 0 && data.starts_with(b"\xEF\xBB\xBF") {
                skip = 3;
                self.bom_removed = true;
            }
            block.extend_from_slice(&data[skip..]);
            self.reader.consume(n);
            self.bytes_read += n as u64;
        }
    }

    /// The error record of a line over [`MAX_LINE`] (the line just counted).
    fn too_long(&mut self, chunk: &mut Chunk, bytes: u64) {
        self.count += 1;
        chunk.push(self.count, b"", None);
        chunk.places.push(Place {
            line: self.line,
            column: 1,
            problem: Some(ErrorJson {
                code: "line-too-long",
                offset: 0,
                len: 0,
                message: format!(
                    "line {} is longer than {} MiB ({bytes} bytes): it was skipped",
                    self.line,
                    MAX_LINE >> 20
                ),
                hint: Some("is this N-Triples? Each statement is one line".into()),
            }),
            ..Place::default()
        });
    }

    /// The next chunk of IRIs (about `target` bytes of lines), or `None` at the end.
    pub fn next_chunk(&mut self, target: usize) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk::default();
        while chunk.spans.is_empty() {
            let Some(block) = self.next_block(target, &mut chunk)? else {
                break;
            };
            let ends = memchr::memchr_iter(b'\n', &block)
                .chain((!block.ends_with(b"\n")).then_some(block.len()));
            let mut start = 0;
            for end in ends {
                self.line += 1;
                let mut e = end;
                if e > start && block[e - 1] == b'\r' {
                    e -= 1;
                }
                if e - start > MAX_LINE {
                    // A reader that hands over a long line at once: bounded all the same.
                    self.too_long(&mut chunk, (end - start) as u64);
                } else {
                    self.read_line(&block[start..e], &mut chunk);
                }
                start = end + 1;
            }
        }
        Ok((!chunk.spans.is_empty()).then_some(chunk))
    }

    /// The IRIs of one line into `chunk` (or its error record).
    fn read_line(&mut self, bytes: &[u8], chunk: &mut Chunk) {
        let decoded;
        let text = if self.encoding == UTF_8 {
            std::str::from_utf8(bytes).map_err(|e| e.valid_up_to())
        } else {
            decoded = crate::input::decode(self.encoding, bytes);
            decoded.as_deref().map_err(|&o| o)
        };
        let text = match text {
            Ok(t) => t,
            Err(offset) => {
                // Not text: the line as an input that is not text (invalid-utf8).
                self.count += 1;
                chunk.push(self.count, bytes, Some(offset));
                chunk.places.push(Place {
                    line: self.line,
                    column: 1,
                    ..Place::default()
                });
                return;
            }
        };
        let trimmed = text.trim_start_matches([' ', '\t']);
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return;
        }
        match statement(text, self.quads) {
            Ok(iris) => {
                for (f, value) in iris {
                    self.count += 1;
                    chunk.push(self.count, value.as_bytes(), None);
                    chunk.places.push(Place {
                        line: self.line,
                        column: text[..f.start].chars().count() + 1,
                        term: Some(f.term),
                        ..Place::default()
                    });
                }
            }
            Err((offset, len, message)) => {
                let mut offset = offset;
                while !text.is_char_boundary(offset) {
                    offset -= 1;
                }
                self.count += 1;
                chunk.push(self.count, text.as_bytes(), None);
                chunk.places.push(Place {
                    line: self.line,
                    column: text[..offset].chars().count() + 1,
                    problem: Some(ErrorJson {
                        code: "rdf-syntax",
                        offset,
                        len,
                        message: format!("not an {} statement: {message}", self.name()),
                        hint: Some(
                            "each line holds one statement: subject, predicate, object \
                             (and graph), then '.'; IRIs in <…>, literals in \"…\""
                                .into(),
                        ),
                    }),
                    ..Place::default()
                });
            }
        }
    }

    fn name(&self) -> &'static str {
        if self.quads { "N-Quads" } else { "N-Triples" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iris(line: &str, quads: bool) -> Vec<(Term, String, &str)> {
        statement(line, quads)
            .unwrap()
            .into_iter()
            .map(|(f, v)| (f.term, v, &line[f.start..f.end]))
            .collect()
    }

    #[test]
    fn every_iri_with_its_term_and_place() {
        let line = r#"<http://a/s> <http://a/p> "x\"<y>"^^<http://a/t> <http://a/g> . # <c>"#;
        assert_eq!(
            iris(line, true),
            [
                (Term::Subject, "http://a/s".into(), "http://a/s"),
                (Term::Predicate, "http://a/p".into(), "http://a/p"),
                (Term::Datatype, "http://a/t".into(), "http://a/t"),
                (Term::Graph, "http://a/g".into(), "http://a/g"),
            ]
        );
        // Unescaped by oxttl; IRIs that are not valid are read as they are written.
        let line = r"_:b <http://a/p\u00E9> <rel/x y%zz> .";
        assert_eq!(
            iris(line, false),
            [
                (Term::Predicate, "http://a/pé".into(), r"http://a/p\u00E9"),
                (Term::Object, "rel/x y%zz".into(), "rel/x y%zz"),
            ]
        );
        assert!(iris(r#"_:a <http://p> "v"@en ."#, false).len() == 1);
    }

    #[test]
    fn syntax_errors_have_an_offset() {
        let (offset, _, message) = statement("<http://a/s> <http://a/p> .", false).unwrap_err();
        assert_eq!(offset, 26, "{message}");
        assert!(
            statement("<a> <b> <c> <d> .", false).is_err(),
            "no graph in N-Triples"
        );
        assert!(statement("<a> <b> <c> <d> .", true).is_ok());
        assert!(statement("<a> <b> <c> . <d> <e> <f> .", false).is_err());
    }

    #[test]
    fn long_lines_are_skipped_and_reported() {
        let text = format!(
            "<http://a/s> <http://a/p> <http://a/o> .\n<{}> <p> <o> .\n<http://a/s2> <http://a/p> \"x\" .\n",
            "x".repeat(MAX_LINE + 5)
        );
        let mut r = RdfReader::new(Box::new(io::Cursor::new(text.into_bytes())), false, UTF_8);
        let mut got = Vec::new();
        while let Some(chunk) = r.next_chunk(1 << 10).unwrap() {
            for k in 0..chunk.len() {
                let l = chunk.line(k, UTF_8);
                let p = l.place.unwrap();
                let what = match &p.problem {
                    Some(e) => e.code.to_owned(),
                    None => l.text.as_deref().unwrap().to_owned(),
                };
                got.push((p.line, p.column, what));
            }
        }
        assert_eq!(
            got,
            [
                (1, 2, "http://a/s".into()),
                (1, 15, "http://a/p".into()),
                (1, 28, "http://a/o".into()),
                (2, 1, "line-too-long".into()),
                (3, 2, "http://a/s2".into()),
                (3, 16, "http://a/p".into()),
            ]
        );
    }
}
