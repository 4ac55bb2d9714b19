//! `--compact`: JSON records without the members that hold nothing — `null` or `[]` — at
//! every depth (docs/output.md, "Compact records"). A reader takes a missing member as
//! `null` (or `[]` for a list), as `jq '.error'` already does.
//!
//! Records are compacted as they are written to stdout, one line at a time, so every command
//! that writes JSON Lines gets the same rule from one place.

use std::io::{self, Write};

/// Objects nested deeper than this are written as they are (the records nest four deep).
const MAX_DEPTH: usize = 32;

/// Append `record` to `out` without the object members whose value is `null` or `[]`.
/// `record` is one JSON value as the commands write it, with no white space between tokens;
/// anything else (a line that is not such JSON) is appended unchanged.
pub fn push_compact(out: &mut String, record: &str) {
    let mark = out.len();
    if value(record, 0, out, 0) != Some(record.len()) {
        out.truncate(mark);
        out.push_str(record);
    }
}

/// Copy the JSON value that starts at `at`, compacted, onto `out`: the index after it.
fn value(t: &str, at: usize, out: &mut String, depth: usize) -> Option<usize> {
    let b = t.as_bytes();
    match *b.get(at)? {
        b'{' if depth < MAX_DEPTH => object(t, at, out, depth),
        b'[' if depth < MAX_DEPTH => array(t, at, out, depth),
        b'{' | b'[' => None,
        b'"' => {
            let end = string_end(b, at)?;
            out.push_str(t.get(at..end)?);
            Some(end)
        }
        // A number, true, false or null: up to the next delimiter.
        _ => {
            let len = b[at..]
                .iter()
                .position(|c| matches!(c, b',' | b'}' | b']'))
                .unwrap_or(b.len() - at);
            out.push_str(t.get(at..at + len)?);
            (len > 0).then_some(at + len)
        }
    }
}

/// An object: its members copied, but for those that hold nothing.
fn object(t: &str, at: usize, out: &mut String, depth: usize) -> Option<usize> {
    let b = t.as_bytes();
    out.push('{');
    let mut i = at + 1;
    if b.get(i) == Some(&b'}') {
        out.push('}');
        return Some(i + 1);
    }
    let mut first = true;
    loop {
        let colon = string_end(b, i)?;
        if b.get(colon) != Some(&b':') {
            return None;
        }
        match empty(b, colon + 1) {
            Some(end) => i = end,
            None => {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push_str(t.get(i..=colon)?);
                i = value(t, colon + 1, out, depth + 1)?;
            }
        }
        match b.get(i)? {
            b',' => i += 1,
            b'}' => {
                out.push('}');
                return Some(i + 1);
            }
            _ => return None,
        }
    }
}

/// An array: every element kept (a `null` in a list is a value).
fn array(t: &str, at: usize, out: &mut String, depth: usize) -> Option<usize> {
    let b = t.as_bytes();
    out.push('[');
    let mut i = at + 1;
    if b.get(i) == Some(&b']') {
        out.push(']');
        return Some(i + 1);
    }
    loop {
        i = value(t, i, out, depth + 1)?;
        match b.get(i)? {
            b',' => {
                out.push(',');
                i += 1;
            }
            b']' => {
                out.push(']');
                return Some(i + 1);
            }
            _ => return None,
        }
    }
}

/// Where a member's value that holds nothing (`null`, `[]`) ends, if it is one.
fn empty(b: &[u8], at: usize) -> Option<usize> {
    let rest = b.get(at..)?;
    let len = if rest.starts_with(b"null") {
        4
    } else if rest.starts_with(b"[]") {
        2
    } else {
        return None;
    };
    matches!(b.get(at + len), Some(b',' | b'}')).then_some(at + len)
}

/// The index after the string that starts at `at` (its closing quote), escapes skipped.
fn string_end(b: &[u8], at: usize) -> Option<usize> {
    if b.get(at) != Some(&b'"') {
        return None;
    }
    let mut i = at + 1;
    loop {
        i += memchr::memchr2(b'"', b'\\', b.get(i..)?)?;
        if b[i] == b'\\' {
            i += 2;
        } else {
            return Some(i + 1);
        }
    }
}

/// Compact the records that `text` holds from `from` on (whole lines), in place; `scratch`
/// is room to work in. Records with no `:null` or `:[]` anywhere are left as they are
/// without a closer look.
pub fn tail(text: &mut String, from: usize, scratch: &mut String) {
    let Some(records) = text.get(from..) else {
        return;
    };
    let b = records.as_bytes();
    let holds_nothing = |at: usize| {
        let after = b.get(at + 1..).unwrap_or_default();
        after.starts_with(b"null") || after.starts_with(b"[]")
    };
    if !memchr::memchr_iter(b':', b).any(holds_nothing) {
        return;
    }
    scratch.clear();
    for line in records.split_inclusive('\n') {
        let record = line.strip_suffix('\n').unwrap_or(line);
        push_compact(scratch, record);
        if record.len() < line.len() {
            scratch.push('\n');
        }
    }
    text.truncate(from);
    text.push_str(scratch);
}

/// A writer of JSON Lines that compacts each record ([`push_compact`]) on its way to `inner`.
/// A record cut between two writes waits, whole, for its line end.
pub struct Lines<W: Write> {
    inner: W,
    /// The start of a record whose line end has not been written yet.
    pending: Vec<u8>,
    /// The compacted records of one write.
    text: String,
}

impl<W: Write> Lines<W> {
    pub fn new(inner: W) -> Self {
        Lines {
            inner,
            pending: Vec::new(),
            text: String::new(),
        }
    }

    /// Compact the whole lines of `lines` (each ends with `\n`) and write them.
    fn put(&mut self, lines: &[u8]) -> io::Result<()> {
        self.text.clear();
        for line in lines.split_inclusive(|&c| c == b'\n') {
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            match std::str::from_utf8(body) {
                Ok(record) => push_compact(&mut self.text, record),
                Err(_) => {
                    // Not text: written as it came, in its place.
                    self.inner.write_all(self.text.as_bytes())?;
                    self.text.clear();
                    self.inner.write_all(body)?;
                }
            }
            if line.len() > body.len() {
                self.text.push('\n');
            }
        }
        self.inner.write_all(self.text.as_bytes())
    }
}

impl<W: Write> Write for Lines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let Some(last) = memchr::memrchr(b'\n', buf) else {
            self.pending.extend_from_slice(buf);
            return Ok(());
        };
        let (whole, rest) = buf.split_at(last + 1);
        if self.pending.is_empty() {
            self.put(whole)?;
        } else {
            let mut lines = std::mem::take(&mut self.pending);
            lines.extend_from_slice(whole);
            self.put(&lines)?;
            lines.clear();
            self.pending = lines;
        }
        self.pending.extend_from_slice(rest);
        Ok(())
    }

    /// Flushes what is whole; a record without its line end yet stays until it has one (or
    /// the writer is dropped).
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for Lines<W> {
    fn drop(&mut self) {
        // The last record had no line end: it goes out compacted all the same.
        if !self.pending.is_empty() {
            let pending = std::mem::take(&mut self.pending);
            let _ = self.put(&pending).and_then(|()| self.inner.flush());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(record: &str) -> String {
        let mut out = String::new();
        push_compact(&mut out, record);
        out
    }

    #[test]
    fn members_that_hold_nothing_are_left_out() {
        assert_eq!(
            compact(
                r#"{"schema":1,"line":1,"input":"10.1000/182","kind":"doi","valid":true,"error":null,"warnings":[]}"#
            ),
            r#"{"schema":1,"line":1,"input":"10.1000/182","kind":"doi","valid":true}"#
        );
        // At every depth; the first member, the last, all of them.
        assert_eq!(
            compact(r#"{"a":null,"b":{"c":[],"d":1,"e":null},"f":[],"g":{"h":null}}"#),
            r#"{"b":{"d":1},"g":{}}"#
        );
        assert_eq!(compact(r#"{"a":null}"#), "{}");
        // Lists keep their elements; a list of nothing-values is not empty.
        assert_eq!(
            compact(r#"{"w":[{"x":null,"y":2},null,[]],"z":[null]}"#),
            r#"{"w":[{"y":2},null,[]],"z":[null]}"#
        );
        // False, 0, "" and {} are values.
        let kept = r#"{"a":false,"b":0,"c":"","d":{},"e":"null","f":"[]"}"#;
        assert_eq!(compact(kept), kept);
    }

    #[test]
    fn strings_are_copied_whole() {
        // Quotes, escapes and look-alikes of members inside strings are text.
        let record = r#"{"input":"a\"b\\","message":"\"error\":null,","x":null,"u":"\u0000é"}"#;
        assert_eq!(
            compact(record),
            r#"{"input":"a\"b\\","message":"\"error\":null,","u":"\u0000é"}"#
        );
    }

    #[test]
    fn what_is_not_a_record_is_written_unchanged() {
        for text in [
            "",
            "not json",
            r#"{"a":null"#,
            r#"{"a" : null}"#,
            r#"{"a":"unterminated}"#,
            r#"{"a":1}}"#,
            r#"{"a":"\"#,
            "[",
            "{",
            &"[".repeat(MAX_DEPTH + 1),
        ] {
            assert_eq!(compact(text), text);
        }
        // Deep nesting is written as it is, not compacted part-way.
        let deep = format!(
            "{}{}",
            r#"{"a":"#.repeat(40),
            "null".to_owned() + &"}".repeat(40)
        );
        assert_eq!(compact(&deep), deep);
    }

    #[test]
    fn every_generated_record_loses_exactly_its_empty_members() {
        // Records built from random members, compared through serde_json: the compact text
        // is the full one with the null and [] members removed, at every depth.
        use serde_json::{Map, Value};
        fn strip(v: &Value) -> Value {
            match v {
                Value::Object(m) => Value::Object(
                    m.iter()
                        .filter(|(_, x)| !x.is_null() && x.as_array().is_none_or(|a| !a.is_empty()))
                        .map(|(k, x)| (k.clone(), strip(x)))
                        .collect::<Map<_, _>>(),
                ),
                Value::Array(a) => Value::Array(a.iter().map(strip).collect()),
                x => x.clone(),
            }
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        fn random_value(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Value {
            let leaves = [
                Value::Null,
                Value::Array(vec![]),
                Value::Bool(true),
                Value::from(-12.5),
                Value::from("a\"b\\c\n,\"k\":null}"),
                Value::from(""),
            ];
            match next(if depth > 3 { 6 } else { 9 }) {
                k @ 0..6 => leaves[k as usize].clone(),
                6 | 7 => Value::Object(
                    (0..next(5))
                        .map(|i| (format!("k{i}"), random_value(next, depth + 1)))
                        .collect(),
                ),
                _ => Value::Array(
                    (0..next(4))
                        .map(|_| random_value(next, depth + 1))
                        .collect(),
                ),
            }
        }
        for _ in 0..5000 {
            let v = random_value(&mut next, 0);
            let text = serde_json::to_string(&v).unwrap();
            let out = compact(&text);
            let back: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(back, strip(&v), "{text} -> {out}");
        }
    }

    #[test]
    fn lines_are_compacted_however_the_writes_cut_them() {
        let records = "{\"a\":1,\"b\":null}\n{\"c\":[],\"d\":\"x\\ny\"}\nnot json\n{\"e\":null}\n";
        let want = "{\"a\":1}\n{\"d\":\"x\\ny\"}\nnot json\n{}\n";
        for cut in 1..records.len() {
            let mut got = Vec::new();
            {
                let mut w = Lines::new(&mut got);
                for piece in records.as_bytes().chunks(cut) {
                    w.write_all(piece).unwrap();
                }
                w.flush().unwrap();
            }
            assert_eq!(String::from_utf8(got).unwrap(), want, "pieces of {cut}");
        }
        // A last record without a line end still goes out, compacted, when the writer is done.
        let mut got = Vec::new();
        Lines::new(&mut got)
            .write_all(b"{\"a\":null,\"b\":2}")
            .unwrap();
        assert_eq!(got, b"{\"b\":2}");
        // Bytes that are not text pass through in their place.
        let mut got = Vec::new();
        Lines::new(&mut got)
            .write_all(b"{\"a\":null}\n\xFF{\"b\":null}\n{\"c\":null}\n")
            .unwrap();
        assert_eq!(got, b"{}\n\xFF{\"b\":null}\n{}\n");
    }
}
