//! `pidkit extract [FILE…]`: every identifier in running text, as `file:line:column: kind match`.
//!
//! Files are read in blocks cut at a blank line (a wrapped `<…>` IRI never spans a paragraph),
//! so memory stays bounded whatever the file size.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;

use encoding_rs::{Encoding, UTF_8};
use serde::Serialize;
use unicode_normalization::UnicodeNormalization;

use crate::output::{self, Format, Style};

/// Bytes read before looking for a place to cut the block.
const BLOCK: usize = 1 << 20;

/// One identifier found.
#[derive(Serialize)]
struct Found<'a> {
    file: &'a str,
    line: usize,
    /// 1-based, in characters.
    column: usize,
    kind: &'static str,
    #[serde(rename = "match")]
    matched: &'a str,
    /// The DOI name, for DOIs.
    #[serde(skip_serializing_if = "Option::is_none")]
    doi: Option<&'a str>,
}

/// Run over `files` (stdin when empty or "-"); returns how many identifiers were found.
pub fn run(
    files: &[PathBuf],
    encoding: &'static Encoding,
    format: Format,
    style: Style,
    out: &mut dyn Write,
) -> Result<usize, String> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut total = 0;
    if format == Format::Tsv {
        let mut h = String::new();
        output::tsv_record(
            &mut h,
            ["file", "line", "column", "kind", "match"].map(Some),
        );
        out.write_all(h.as_bytes()).map_err(|e| e.to_string())?;
    }
    for path in files {
        let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(io::BufReader::new(io::stdin())))
        } else {
            let f = std::fs::File::open(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            (path.display().to_string(), Box::new(io::BufReader::new(f)))
        };
        total += file(&name, reader, encoding, format, style, out)
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(total)
}

fn file(
    name: &str,
    mut reader: Box<dyn BufRead>,
    encoding: &'static Encoding,
    format: Format,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<usize> {
    let mut pending: Vec<u8> = Vec::new();
    let mut line = 1; // line number at the start of `pending`
    let mut found = 0;
    let mut bad_utf8_reported = false;
    loop {
        let before = pending.len();
        (&mut reader).take(BLOCK as u64).read_to_end(&mut pending)?;
        let eof = pending.len() == before;
        if !eof {
            reader.read_until(b'\n', &mut pending)?;
        }
        // Cut after the last blank line, else after the last newline; all of it at the end.
        let cut = if eof {
            pending.len()
        } else {
            find_last(&pending, b"\n\n")
                .map(|k| k + 2)
                .or_else(|| find_last(&pending, b"\n").map(|k| k + 1))
                .unwrap_or(pending.len())
        };
        let (block, malformed) = decode(encoding, &pending[..cut]);
        if malformed && !bad_utf8_reported {
            bad_utf8_reported = true;
            eprintln!(
                "pidkit: {name}: not valid {} near line {line}; invalid bytes end identifiers",
                encoding.name()
            );
        }
        let mut text = String::new();
        // Line and column are counted on from the previous match (matches come in order), never
        // from the start of the line again: linear however many matches a line holds.
        let (mut cursor, mut cursor_line, mut column) = (0, line, 1);
        for f in pidkit::extract::identifiers(&block) {
            let gap = &block[cursor..f.start];
            match gap.rfind('\n') {
                Some(k) => {
                    cursor_line += gap.matches('\n').count();
                    column = gap[k + 1..].chars().count() + 1;
                }
                None => column += gap.chars().count(),
            }
            cursor = f.start;
            let rec = Found {
                file: name,
                line: cursor_line,
                column,
                kind: f.kind.name(),
                matched: &f.text,
                doi: f.doi.as_ref().map(|d| d.as_str()),
            };
            record(&mut text, &rec, format, style);
            found += 1;
        }
        out.write_all(text.as_bytes())?;
        line += block.matches('\n').count();
        pending.drain(..cut);
        if eof && pending.is_empty() {
            break;
        }
    }
    Ok(found)
}

fn record(out: &mut String, f: &Found<'_>, format: Format, style: Style) {
    match format {
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
                    Some(f.matched),
                ],
            );
        }
        Format::Human => {
            let _ = writeln!(
                out,
                "{}:{}:{}: {} {}",
                style.dim(f.file),
                f.line,
                f.column,
                style.green(f.kind),
                f.matched
            );
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

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}
