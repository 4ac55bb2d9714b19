//! The messages of errors and warnings as the CLI's human output writes them: code, message and
//! byte offset, the input on one line, a caret under the offending characters, and the hint.

use std::fmt::Write as _;

use pidkit::ParseError;

/// Append the input with a caret line under `offset..offset+len`, indented by `indent`.
pub fn caret(out: &mut String, input: &str, offset: usize, len: usize, indent: &str) {
    let c = pidkit::caret::Caret::new(input, offset, len);
    let _ = writeln!(out, "{indent}{}", c.line);
    let _ = write!(
        out,
        "{indent}{}{}",
        " ".repeat(c.start),
        "^".repeat(c.width)
    );
}

/// `code: message (at byte N)`, the input with a caret, and the hint.
pub fn error(input: &str, e: &ParseError) -> String {
    let hint = e.hint();
    report(input, e.code(), &e.kind, e.offset, e.len, hint.as_deref())
}

/// [`error`]'s layout for any error: `code: message (at byte offset)`, `input` with a caret
/// under `offset..offset+len`, and the hint if there is one.
pub fn report(
    input: &str,
    code: &str,
    message: &dyn std::fmt::Display,
    offset: usize,
    len: usize,
    hint: Option<&str>,
) -> String {
    let mut out = format!("{code}: {message} (at byte {offset})\n");
    caret(&mut out, input, offset, len, "  ");
    if let Some(hint) = hint {
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
