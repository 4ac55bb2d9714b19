//! The messages of errors and warnings as the CLI's human output writes them: code, message and
//! byte offset, the input on one line, a caret under the offending characters, and the hint.

use std::fmt::Write as _;

use pidkit::ParseError;
use unicode_width::UnicodeWidthChar;

/// The input as it can be shown safely on one line, and the display column at which each byte
/// offset starts. Controls and bidi formatting characters are shown as `<U+XXXX>` so they
/// neither break the line nor reorder it.
fn render(input: &str) -> (String, impl Fn(usize) -> usize + '_) {
    let mut shown = String::with_capacity(input.len());
    let mut cols = Vec::with_capacity(input.len() + 1);
    let mut col = 0;
    for (i, c) in input.char_indices() {
        cols.push((i, col));
        if c.is_control() || pidkit::chars::is_bidi_format(c) || c == '\u{FEFF}' {
            let s = format!("<U+{:04X}>", c as u32);
            col += s.len();
            shown.push_str(&s);
        } else {
            col += c.width().unwrap_or(0);
            shown.push(c);
        }
    }
    cols.push((input.len(), col));
    let column = move |offset: usize| match cols.binary_search_by_key(&offset, |&(i, _)| i) {
        Ok(k) => cols[k].1,
        Err(k) => cols[k.saturating_sub(1)].1,
    };
    (shown, column)
}

/// Append the input with a caret line under `offset..offset+len`, indented by `indent`.
pub fn caret(out: &mut String, input: &str, offset: usize, len: usize, indent: &str) {
    let (shown, column) = render(input);
    let start = column(offset);
    let width = column(offset.saturating_add(len))
        .saturating_sub(start)
        .max(1);
    let _ = writeln!(out, "{indent}{shown}");
    let _ = write!(out, "{indent}{}{}", " ".repeat(start), "^".repeat(width));
}

/// `code: message (at byte N)`, the input with a caret, and the hint.
pub fn error(input: &str, e: &ParseError) -> String {
    let mut out = format!("{}: {} (at byte {})\n", e.code(), e.kind, e.offset);
    caret(&mut out, input, e.offset, e.len, "  ");
    if let Some(hint) = e.hint() {
        let _ = write!(out, "\n  hint: {hint}");
    }
    out
}

/// The number of characters (code points) in `s` before byte `offset`.
pub fn char_offset(s: &str, offset: usize) -> usize {
    match s.get(..offset) {
        Some(head) => head.chars().count(),
        None => s.char_indices().take_while(|&(i, _)| i < offset).count(),
    }
}
