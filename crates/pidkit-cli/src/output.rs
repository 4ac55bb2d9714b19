//! Output formats: JSON Lines records (the CLI contract in DESIGN.md) and human text with a caret
//! under the offending character.

use std::fmt::Write as _;

use pidkit::{ParseError, Warning};
use serde::Serialize;
use unicode_width::UnicodeWidthChar;

/// The error object of a JSON record.
#[derive(Serialize)]
pub struct ErrorJson {
    pub code: &'static str,
    pub offset: usize,
    pub len: usize,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl From<&ParseError> for ErrorJson {
    fn from(e: &ParseError) -> Self {
        ErrorJson {
            code: e.code(),
            offset: e.offset,
            len: e.len,
            message: e.kind.to_string(),
            hint: e.hint(),
        }
    }
}

/// A warning object of a JSON record.
#[derive(Serialize)]
pub struct WarningJson<'a> {
    pub code: &'static str,
    pub offset: usize,
    pub len: usize,
    pub message: &'a str,
}

impl<'a> From<&'a Warning> for WarningJson<'a> {
    fn from(w: &'a Warning) -> Self {
        WarningJson {
            code: w.code.as_str(),
            offset: w.offset,
            len: w.len,
            message: &w.message,
        }
    }
}

/// How records are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Text for people, with carets and hints.
    Human,
    /// One JSON object per input (JSON Lines).
    Json,
    /// Tab-separated values with a header line; `\N` marks an absent value.
    Tsv,
}

/// Append one TSV field (a tab before every field but the first); absent values are `\N`,
/// and backslash, tab, CR and LF are escaped so every record stays on one line.
pub fn tsv_field(out: &mut String, first: bool, value: Option<&str>) {
    if !first {
        out.push('\t');
    }
    let Some(v) = value else {
        out.push_str("\\N");
        return;
    };
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

/// Append one TSV record of `fields`.
pub fn tsv_record<'a>(out: &mut String, fields: impl IntoIterator<Item = Option<&'a str>>) {
    for (i, f) in fields.into_iter().enumerate() {
        tsv_field(out, i == 0, f);
    }
    out.push('\n');
}

/// Append `s` as a JSON string. Text without quotes, backslashes or controls (nearly every
/// identifier) is found so 16 bytes at a time, branch-free, and copied in one piece.
pub fn push_json_str(out: &mut String, s: &str) {
    let needs = |c: u8| (c < 0x20) | (c == b'"') | (c == b'\\') | (c == 0x7F);
    out.push('"');
    let b = s.as_bytes();
    let mut clean = 0;
    for chunk in b.chunks_exact(16) {
        if chunk.iter().fold(false, |acc, &c| acc | needs(c)) {
            break;
        }
        clean += 16;
    }
    let mut last = 0;
    for (i, &c) in b.iter().enumerate().skip(clean) {
        if !needs(c) {
            continue;
        }
        out.push_str(&s[last..i]);
        match c {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c => {
                let _ = write!(out, "\\u{:04x}", c);
            }
        }
        last = i + 1;
    }
    out.push_str(&s[last..]);
    out.push('"');
}

/// Append the decimal digits of `n`.
pub fn push_int(out: &mut String, n: usize) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// Append `value` as one JSON line.
pub fn json_line(out: &mut String, value: &impl Serialize) {
    // Serializing plain structs of strings and numbers into a String cannot fail.
    let text = serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"));
    out.push_str(&text);
    out.push('\n');
}

/// Standard output, where a closed pipe (`pidkit check --json | head -1`) ends the process at
/// once, quietly and with status 0: the reader chose to stop reading, as ripgrep takes it.
pub struct Stdout(std::io::StdoutLock<'static>);

impl Stdout {
    /// Lock standard output.
    pub fn lock() -> Stdout {
        Stdout(std::io::stdout().lock())
    }
}

/// Exit quietly with status 0 on a closed pipe; pass any other result on.
pub fn quiet_on_closed_pipe<T>(r: std::io::Result<T>) -> std::io::Result<T> {
    match r {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        r => r,
    }
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        quiet_on_closed_pipe(self.0.write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        quiet_on_closed_pipe(self.0.write_all(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        quiet_on_closed_pipe(self.0.flush())
    }
}

/// Terminal styling, applied only when colour is on.
#[derive(Clone, Copy)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
    pub fn red(self, t: &str) -> String {
        self.paint("1;31", t)
    }
    pub fn yellow(self, t: &str) -> String {
        self.paint("33", t)
    }
    pub fn green(self, t: &str) -> String {
        self.paint("32", t)
    }
    pub fn dim(self, t: &str) -> String {
        self.paint("2", t)
    }
}

/// Whether `c` must not reach a terminal as it is: a control (C0, DEL, C1: ANSI escapes, CR,
/// LF, NEL), a bidi control (Unicode's Bidi_Control: ALM, LRM, RLM, LRE…RLO, LRI…PDI), a line
/// or paragraph separator, or the BOM.
fn unsafe_on_terminal(c: char) -> bool {
    c.is_control()
        || pidkit::chars::is_bidi_format(c)
        || matches!(
            c,
            '\u{061C}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}'
        )
}

/// Text from input or from a server, made safe for one line of human output: every character
/// of [`unsafe_on_terminal`] is shown as `<U+XXXX>`, so nothing can colour, move the cursor,
/// reorder the line or forge a following line. Borrowed when nothing needs escaping.
pub fn safe(text: &str) -> std::borrow::Cow<'_, str> {
    escape(text, unsafe_on_terminal)
}

/// [`safe`] for a display form (§4.1, §8.6), which wraps right-to-left text in LRE or RLE …
/// PDF itself: those three are kept. (They cannot come from the input: the parser refuses bidi
/// formatting characters in identifiers, and the display form is shown only for valid ones.)
pub fn safe_display(text: &str) -> std::borrow::Cow<'_, str> {
    escape(text, |c| {
        unsafe_on_terminal(c) && !matches!(c, '\u{202A}' | '\u{202B}' | '\u{202C}')
    })
}

fn escape(text: &str, unsafe_char: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(&unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "<U+{:04X}>", c as u32);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The input as it can be shown safely on one terminal line, and the display column at which
/// each byte offset starts. Characters of [`unsafe_on_terminal`] are shown as `<U+XXXX>` so
/// they neither break the line nor reorder it.
pub fn render(input: &str) -> (String, impl Fn(usize) -> usize + '_) {
    let mut shown = String::with_capacity(input.len());
    let mut cols = Vec::with_capacity(input.len() + 1); // (byte offset, column)
    let mut col = 0;
    for (i, c) in input.char_indices() {
        cols.push((i, col));
        if unsafe_on_terminal(c) {
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
pub fn caret(out: &mut String, input: &str, offset: usize, len: usize, indent: &str, style: Style) {
    let (shown, column) = render(input);
    let start = column(offset);
    let width = (column(offset + len) - start).max(1);
    let _ = writeln!(out, "{indent}{shown}");
    let _ = writeln!(
        out,
        "{indent}{}{}",
        " ".repeat(start),
        style.red(&"^".repeat(width))
    );
}

/// Append a human report of an error: the code and message, the caret, and the hint.
pub fn human_error(out: &mut String, prefix: &str, input: &str, e: &ParseError, style: Style) {
    let _ = writeln!(
        out,
        "{prefix}{} {}: {} (at byte {})",
        style.red("error"),
        e.code(),
        safe(&e.kind.to_string()),
        e.offset
    );
    caret(out, input, e.offset, e.len, "  ", style);
    if let Some(hint) = e.hint() {
        let _ = writeln!(out, "  {} {}", style.green("hint:"), safe(&hint));
    }
}

/// Append a human report of a warning, with a caret under its span.
pub fn human_warning(out: &mut String, input: &str, w: &Warning, style: Style) {
    let _ = writeln!(
        out,
        "  {} {}: {}",
        style.yellow("warning"),
        w.code,
        safe(&w.message)
    );
    caret(out, input, w.offset, w.len, "    ", style);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_match_serde() {
        for s in [
            "plain http://a/b?c#d",
            "q\"b\\s",
            "ctl\u{1}\t\n\r\u{7f}",
            "é\u{202e}\u{10300}",
            "",
        ] {
            let mut out = String::new();
            push_json_str(&mut out, s);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s);
        }
    }

    #[test]
    fn text_for_terminals_is_escaped() {
        assert!(matches!(safe("http://a/b"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(
            safe("a\u{1b}[31mred\u{202E}x\ny\r\u{2028}\u{85}\u{2067}\u{61C}\u{FEFF}é"),
            "a<U+001B>[31mred<U+202E>x<U+000A>y<U+000D><U+2028><U+0085><U+2067><U+061C><U+FEFF>é"
        );
        assert_eq!(
            safe_display("\u{202A}\u{5d0}\u{202C}\u{202E}\u{2028}"),
            "\u{202A}\u{5d0}\u{202C}<U+202E><U+2028>"
        );
    }

    #[test]
    fn tsv_escapes_and_marks_absent_values() {
        let mut out = String::new();
        tsv_record(&mut out, [Some("a\tb"), None, Some(""), Some("c\\d\n")]);
        assert_eq!(out, "a\\tb\t\\N\t\tc\\\\d\\n\n");
    }

    #[test]
    fn caret_lands_under_wide_and_hidden_characters() {
        let mut out = String::new();
        let input = "http://例え.jp/a b";
        caret(
            &mut out,
            input,
            input.find(' ').unwrap(),
            1,
            "",
            Style { color: false },
        );
        let lines: Vec<&str> = out.lines().collect();
        // 例 and え are two columns wide each.
        assert_eq!(
            lines[1],
            format!("{}^", " ".repeat("http://".len() + 4 + ".jp/a".len()))
        );

        let mut out = String::new();
        let input = "a\u{202E}b c";
        caret(
            &mut out,
            input,
            input.find(' ').unwrap(),
            1,
            "",
            Style { color: false },
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "a<U+202E>b c");
        assert_eq!(lines[1], "          ^"); // a + <U+202E> (8 columns) + b
    }
}
