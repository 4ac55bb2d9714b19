//! Where identifiers come from: arguments, a file, or stdin — one per line, streamed in chunks.

use std::io::{self, BufRead};

/// Lines kept per chunk: bounds memory and gives the thread pool enough work.
const CHUNK_LINES: usize = 16 * 1024;
/// Bytes kept per chunk (a single longer line is kept whole).
const CHUNK_BYTES: usize = 4 << 20;

/// A batch of input lines in one buffer: no allocation per line.
#[derive(Default)]
pub struct Chunk {
    buf: Vec<u8>,
    /// (line number, start, end) of each line in `buf`, terminators removed.
    spans: Vec<(usize, usize, usize)>,
}

/// One input line: its number (1-based) and its text, or where its bytes stop being UTF-8.
pub struct Line<'a> {
    pub number: usize,
    pub text: Result<&'a str, BadUtf8<'a>>,
}

/// A line that is not valid UTF-8.
pub struct BadUtf8<'a> {
    pub bytes: &'a [u8],
    /// Byte offset of the first invalid byte.
    pub offset: usize,
}

impl Chunk {
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn line(&self, k: usize) -> Line<'_> {
        let (number, start, end) = self.spans[k];
        let bytes = &self.buf[start..end];
        let text = std::str::from_utf8(bytes).map_err(|e| BadUtf8 {
            bytes,
            offset: e.valid_up_to(),
        });
        Line { number, text }
    }

    fn push(&mut self, number: usize, line: &[u8]) {
        let start = self.buf.len();
        self.buf.extend_from_slice(line);
        self.spans.push((number, start, self.buf.len()));
    }
}

/// A source of chunks.
pub enum Source {
    /// Identifiers given on the command line (numbered from 1 in order).
    Args(Vec<String>),
    /// A stream read line by line.
    Stream {
        reader: Box<dyn BufRead + Send>,
        line: usize,
    },
}

impl Source {
    /// Arguments if any were given (other than a lone `-`), else the file, else stdin.
    pub fn open(args: &[String], file: Option<&std::path::Path>) -> io::Result<Source> {
        if !(args.is_empty() || args == ["-"]) {
            return Ok(Source::Args(args.to_vec()));
        }
        let reader: Box<dyn BufRead + Send> = match file {
            Some(path) if path.as_os_str() != "-" => Box::new(io::BufReader::with_capacity(
                1 << 16,
                std::fs::File::open(path)?,
            )),
            _ => Box::new(io::BufReader::with_capacity(1 << 16, io::stdin())),
        };
        Ok(Source::Stream { reader, line: 0 })
    }

    /// The next chunk, or `None` at the end of input.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        match self {
            Source::Args(args) => {
                if args.is_empty() {
                    return Ok(None);
                }
                let mut chunk = Chunk::default();
                for (k, a) in std::mem::take(args).iter().enumerate() {
                    chunk.push(k + 1, a.as_bytes());
                }
                Ok(Some(chunk))
            }
            Source::Stream { reader, line } => {
                let mut chunk = Chunk::default();
                let mut scratch = Vec::new();
                while chunk.len() < CHUNK_LINES && chunk.buf.len() < CHUNK_BYTES {
                    scratch.clear();
                    if reader.read_until(b'\n', &mut scratch)? == 0 {
                        break;
                    }
                    *line += 1;
                    let mut l = &scratch[..];
                    l = l.strip_suffix(b"\n").unwrap_or(l);
                    l = l.strip_suffix(b"\r").unwrap_or(l);
                    chunk.push(*line, l);
                }
                Ok((chunk.len() > 0).then_some(chunk))
            }
        }
    }
}
