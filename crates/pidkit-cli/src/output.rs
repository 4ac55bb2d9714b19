//! Output formats: JSON Lines records and TSV rows (the output schema, `docs/output.md` and
//! `docs/schema/`), and human text with a caret under the offending character.

use std::fmt::Write as _;

use anstream::{AutoStream, ColorChoice};
use anstyle::AnsiColor;
use pidkit::caret::{Caret, unsafe_on_terminal};
use pidkit::{ParseError, Warning};
use serde::Serialize;

use crate::input::BadBytes;

/// The version of the output schema (`docs/output.md`), the `schema` member of every JSON
/// record. It changes only when a member is renamed or removed, or its type or meaning
/// changes; new members and new values of an open list (error codes, kinds) keep it.
pub const SCHEMA: u32 = 1;

/// The first members of every record about an input, up to its line number's digits: one
/// copy a line, not the schema version formatted every time.
const RECORD_START: &str = "{\"schema\":1,\"line\":";
const _: () = assert!(SCHEMA == 1, "RECORD_START spells the schema version");

/// The error object of a JSON record: stable code, byte offset and length in the input, the
/// message, and a hint (`null` when there is none).
#[derive(Serialize, Clone, Debug, Default)]
pub struct ErrorJson {
    pub code: &'static str,
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl ErrorJson {
    /// The error of a line whose bytes are not text in the input encoding: `invalid-utf8`, or
    /// `invalid-encoding` under `--encoding`.
    pub fn bad_bytes(number: usize, bad: &BadBytes<'_>) -> ErrorJson {
        let utf8 = bad.encoding == "UTF-8";
        ErrorJson {
            code: if utf8 {
                "invalid-utf8"
            } else {
                "invalid-encoding"
            },
            offset: bad.offset,
            len: 1,
            message: format!(
                "line {number} is not valid {} (byte {})",
                bad.encoding, bad.offset
            ),
            hint: Some(
                if utf8 {
                    "convert the input to UTF-8, or name its encoding with --encoding"
                } else {
                    "check the --encoding label"
                }
                .into(),
            ),
        }
    }
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

/// The first columns of every TSV row about one input, in every command: its line, the input,
/// its kind, whether it is valid, the error's code, offset, length, message and hint, and the
/// warning codes (comma-separated).
pub const INPUT_COLUMNS: [&str; 10] = [
    "line", "input", "kind", "valid", "error", "offset", "len", "message", "hint", "warnings",
];

/// The TSV header: [`INPUT_COLUMNS`], then the command's own columns.
pub fn tsv_header(extra: &[&str]) -> String {
    let mut h = String::new();
    tsv_record(&mut h, INPUT_COLUMNS.iter().chain(extra).map(|c| Some(*c)));
    h
}

/// Append the [`INPUT_COLUMNS`] of one row (without its line end): the command appends its
/// own columns with [`tsv_field`] and ends the row.
pub fn tsv_input(
    out: &mut String,
    line: usize,
    input: &str,
    kind: &str,
    valid: bool,
    error: Option<&ErrorJson>,
    warnings: &[Warning],
) {
    let (offset, len) = match error {
        Some(e) => (e.offset.to_string(), e.len.to_string()),
        None => (String::new(), String::new()),
    };
    let codes = warnings
        .iter()
        .map(|w| w.code.as_str())
        .collect::<Vec<_>>()
        .join(",");
    let number = line.to_string();
    let fields = [
        Some(number.as_str()),
        Some(input),
        Some(kind),
        Some(if valid { "true" } else { "false" }),
        error.map(|e| e.code),
        error.map(|_| offset.as_str()),
        error.map(|_| len.as_str()),
        error.map(|e| e.message.as_str()),
        error.and_then(|e| e.hint.as_deref()),
        Some(codes.as_str()),
    ];
    for (i, f) in fields.into_iter().enumerate() {
        tsv_field(out, i == 0, f);
    }
}

/// A blank line's row: its number and text, then `\N` in every other column of the input's
/// and in the command's `extra` columns.
pub fn tsv_blank(out: &mut String, line: usize, input: &str, extra: usize) {
    let number = line.to_string();
    let rest = INPUT_COLUMNS.len() - 2 + extra;
    tsv_record(
        out,
        [Some(number.as_str()), Some(input)]
            .into_iter()
            .chain(std::iter::repeat_n(None, rest)),
    );
}

/// Append one TSV record of `fields`.
pub fn tsv_record<'a>(out: &mut String, fields: impl IntoIterator<Item = Option<&'a str>>) {
    for (i, f) in fields.into_iter().enumerate() {
        tsv_field(out, i == 0, f);
    }
    out.push('\n');
}

/// Append `s` as a JSON string. Text without quotes, backslashes or controls (nearly every
/// identifier) is told so in one branch-free pass ([`needs_escape`]) and copied in one piece.
pub fn push_json_str(out: &mut String, s: &str) {
    let b = s.as_bytes();
    out.reserve(b.len() + 2);
    out.push('"');
    if !needs_escape(b) {
        out.push_str(s);
        out.push('"');
        return;
    }
    let mut last = 0;
    for (i, &c) in b.iter().enumerate() {
        if !escaped(c) {
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

/// Whether the byte `c` is written escaped in a JSON string: `"`, `\`, the C0 controls (RFC
/// 8259 §7) and DEL (escaped too, so that no control reaches a terminal).
#[inline(always)]
fn escaped(c: u8) -> bool {
    (c < 0x20) | (c == b'"') | (c == b'\\') | (c == 0x7F)
}

/// Whether any byte of `b` is [`escaped`]: sixteen bytes at a time, each byte's answer ORed
/// into its lane of one 16-byte accumulator ([`pidkit::chars::each_block16`], a short text
/// padded with spaces).
fn needs_escape(b: &[u8]) -> bool {
    let mut lanes = [0u8; 16];
    pidkit::chars::each_block16(b, b' ', |w| escapes_in(w, &mut lanes));
    lanes != [0; 16]
}

/// OR into each lane of `lanes` whether the byte of `w` in that lane is [`escaped`]: sixteen
/// instructions of SSE2. Not inlined: inlined into [`needs_escape`]'s loop, the compiler split
/// the lanes into scalar registers (callgrind: four times the instructions).
#[inline(never)]
fn escapes_in(w: &[u8; 16], lanes: &mut [u8; 16]) {
    for (&c, lane) in w.iter().zip(lanes) {
        *lane |= u8::from(escaped(c));
    }
}

/// Append the decimal digits of `n`.
pub fn push_int(out: &mut String, n: usize) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// Append `value` as JSON (serializing plain data structures cannot fail).
pub fn json_value(out: &mut String, value: &impl Serialize) {
    match serde_json::to_string(value) {
        Ok(text) => out.push_str(&text),
        Err(e) => push_json_str(out, &e.to_string()),
    }
}

/// Append the members every JSON record about one input starts with — `{"schema":1,"line":…,
/// "input":…,"kind":…,"valid":…,"error":…,"warnings":[…]` — without the closing brace: the
/// command adds its own members and `}`. Written directly: this is the hot path of
/// `check --json`.
pub fn json_input(
    out: &mut String,
    line: usize,
    input: &str,
    kind: &str,
    valid: bool,
    error: Option<&ErrorJson>,
    warnings: &[Warning],
) {
    json_input_placed(out, line, "", input, kind, valid, error, warnings, false);
}

/// [`json_input`] with members that say where the input is after `line` (`place`: each as
/// `,"name":value`, e.g. `,"row":2,"column":"doi"` for a table's cell). With `compact`
/// (`--compact`), a `null` error and empty warnings are left out as they are written.
#[allow(clippy::too_many_arguments)]
pub fn json_input_placed(
    out: &mut String,
    line: usize,
    place: &str,
    input: &str,
    kind: &str,
    valid: bool,
    error: Option<&ErrorJson>,
    warnings: &[Warning],
    compact: bool,
) {
    out.push_str(RECORD_START);
    push_int(out, line);
    out.push_str(place);
    out.push(',');
    json_input_rest(out, input, kind, valid, error, warnings, compact);
}

/// The start of a blank line's record, `{"schema":1,"line":N,"input":"…","blank":true`: the
/// command adds its own members (null) and the closing brace.
pub fn json_blank(out: &mut String, line: usize, place: &str, input: &str) {
    out.push_str(RECORD_START);
    push_int(out, line);
    out.push_str(place);
    out.push_str(",\"input\":");
    push_json_str(out, input);
    out.push_str(",\"blank\":true");
}

/// The members of [`json_input`] without `{"schema":…,`: an input inside a record (`compare`).
pub fn json_input_members(
    out: &mut String,
    line: usize,
    input: &str,
    kind: &str,
    valid: bool,
    error: Option<&ErrorJson>,
    warnings: &[Warning],
) {
    out.push_str("\"line\":");
    push_int(out, line);
    out.push(',');
    json_input_rest(out, input, kind, valid, error, warnings, false);
}

/// The members of the input record after `line`: `"input":…` to `"warnings":[…]` (`compact`:
/// without a `null` error and empty warnings).
fn json_input_rest(
    out: &mut String,
    input: &str,
    kind: &str,
    valid: bool,
    error: Option<&ErrorJson>,
    warnings: &[Warning],
    compact: bool,
) {
    out.push_str("\"input\":");
    push_json_str(out, input);
    out.push_str(",\"kind\":\"");
    out.push_str(kind);
    out.push_str(if valid {
        "\",\"valid\":true"
    } else {
        "\",\"valid\":false"
    });
    match error {
        Some(e) => {
            out.push_str(",\"error\":");
            push_error(out, e, compact);
        }
        None if compact => {}
        None => out.push_str(",\"error\":null"),
    }
    if compact && warnings.is_empty() {
        return;
    }
    out.push_str(",\"warnings\":[");
    for (i, w) in warnings.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_warning(out, w);
    }
    out.push(']');
}

/// Append the error object, as `ErrorJson` serializes (written directly: serde_json's string
/// escaping and its intermediate `String` cost more than the rest of an invalid input's record).
fn push_error(out: &mut String, e: &ErrorJson, compact: bool) {
    out.push_str("{\"code\":\"");
    out.push_str(e.code); // kebab-case ASCII: nothing to escape
    out.push_str("\",\"offset\":");
    push_int(out, e.offset);
    out.push_str(",\"len\":");
    push_int(out, e.len);
    out.push_str(",\"message\":");
    push_json_str(out, &e.message);
    match &e.hint {
        Some(h) => {
            out.push_str(",\"hint\":");
            push_json_str(out, h);
        }
        None if compact => {}
        None => out.push_str(",\"hint\":null"),
    }
    out.push('}');
}

/// Append a warning object: `code`, `offset`, `len`, `message`, and `count` and `offsets` when
/// the code was found more than once (docs/schema/common.json's `warning`).
fn push_warning(out: &mut String, w: &Warning) {
    out.push_str("{\"code\":\"");
    out.push_str(w.code.as_str());
    out.push_str("\",\"offset\":");
    push_int(out, w.offset);
    out.push_str(",\"len\":");
    push_int(out, w.len);
    out.push_str(",\"message\":");
    push_json_str(out, &w.message);
    if w.count > 1 {
        out.push_str(",\"count\":");
        push_int(out, w.count);
    }
    if !w.more.is_empty() {
        out.push_str(",\"offsets\":[");
        for (i, o) in w.more.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            push_int(out, *o);
        }
        out.push(']');
    }
    out.push('}');
}

/// Append `,"name":"value"` (or `null`).
pub fn json_member(out: &mut String, name: &str, value: Option<&str>) {
    out.push_str(",\"");
    out.push_str(name);
    out.push_str("\":");
    match value {
        Some(v) => push_json_str(out, v),
        None => out.push_str("null"),
    }
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
/// Written through anstream, so the colours of `style` reach a Windows console too.
pub struct Stdout(Box<dyn std::io::Write>);

/// Where stdout is a pipe, make it hold 1 MiB rather than the 64 KiB it starts with (Linux's
/// limit for any user; a smaller limit or another system leaves it as it is): writing a
/// million JSON records to another process then takes a sixteenth of the wake-ups.
fn widen_pipe() {
    #[cfg(target_os = "linux")]
    {
        // Asking a file or a terminal for its pipe size is an error: only a pipe is widened.
        let out = std::io::stdout();
        if rustix::pipe::fcntl_getpipe_size(&out).is_ok_and(|size| size < 1 << 20) {
            let _ = rustix::pipe::fcntl_setpipe_size(&out, 1 << 20);
        }
    }
}

/// The help of `--compact`, the same in every command that writes JSON.
pub const COMPACT_HELP: &str = "With --json: leave out the members that hold nothing (null, []) \
at every depth; a missing member reads as null";

impl Stdout {
    /// Lock standard output, for text painted as `style` says.
    pub fn lock(style: Style) -> Stdout {
        widen_pipe();
        Stdout(Box::new(AutoStream::new(
            std::io::stdout().lock(),
            style.stream_choice(),
        )))
    }

    /// `--compact`: JSON records written without the members that hold nothing
    /// ([`crate::compact`]), when `on`.
    pub fn compact(self, on: bool) -> Stdout {
        match on {
            true => Stdout(Box::new(crate::compact::Lines::new(self.0))),
            false => self,
        }
    }
}

/// Standard error, for text painted as `style.stderr()` says (see [`Style::stderr`]). Not
/// locked for longer than a write: the progress bar draws on stderr from its own thread.
pub fn stderr(style: Style) -> AutoStream<std::io::Stderr> {
    AutoStream::new(std::io::stderr(), style.stderr().stream_choice())
}

/// Write `text`, painted for stderr as `style` says, to standard error.
pub fn eprint(style: Style, text: &str) {
    use std::io::Write as _;
    if !text.is_empty() {
        let _ = stderr(style).write_all(text.as_bytes());
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

/// `--color`: whether human output is coloured.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Color {
    /// Stdout and stderr each when it is a terminal, unless NO_COLOR is set (CLICOLOR_FORCE,
    /// CLICOLOR=0 and TERM=dumb are honoured too)
    Auto,
    /// Always
    Always,
    /// Never
    Never,
}

impl Color {
    /// The styles of a run: `auto` decides for stdout and stderr each, by anstream's rules
    /// (the stream is a terminal; `NO_COLOR` turns colour off, `CLICOLOR_FORCE` on, `CLICOLOR=0`
    /// and `TERM=dumb` off); `always` and `never` decide for both.
    pub fn style(self) -> Style {
        let decide = |choice: ColorChoice| match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => choice != ColorChoice::Never,
        };
        Style {
            color: decide(AutoStream::choice(&std::io::stdout())),
            stderr_color: decide(AutoStream::choice(&std::io::stderr())),
        }
    }
}

/// Terminal styling (anstyle), applied only when colour is on for the stream the text goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Colour in text for stdout.
    pub color: bool,
    /// Colour in text for stderr.
    pub stderr_color: bool,
}

impl Style {
    /// No colour anywhere.
    pub const PLAIN: Style = Style {
        color: false,
        stderr_color: false,
    };

    /// The style of text bound for stderr (diagnostics of the transforms, `dedupe`, `compare`).
    pub fn stderr(self) -> Style {
        Style {
            color: self.stderr_color,
            stderr_color: self.stderr_color,
        }
    }

    /// How anstream writes text painted in this style: escape codes go through (or through
    /// the console API of an old Windows console) when it is coloured; otherwise the bytes go
    /// through untouched — nothing was painted, and JSON or TSV data must not be altered.
    fn stream_choice(self) -> ColorChoice {
        if self.color {
            ColorChoice::Always
        } else {
            ColorChoice::AlwaysAnsi
        }
    }

    fn paint(self, style: anstyle::Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_owned()
        }
    }
    pub fn red(self, t: &str) -> String {
        self.paint(AnsiColor::Red.on_default().bold(), t)
    }
    pub fn yellow(self, t: &str) -> String {
        self.paint(AnsiColor::Yellow.on_default(), t)
    }
    pub fn green(self, t: &str) -> String {
        self.paint(AnsiColor::Green.on_default(), t)
    }
    pub fn dim(self, t: &str) -> String {
        self.paint(anstyle::Style::new().dimmed(), t)
    }
}

/// Text from input or from a server, made safe for one line of human output: every character
/// of [`pidkit::caret::unsafe_on_terminal`] is shown as `<U+XXXX>`, so nothing can colour, move the cursor,
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

/// Append the input with a caret line under `offset..offset+len`, indented by `indent`.
pub fn caret(out: &mut String, input: &str, offset: usize, len: usize, indent: &str, style: Style) {
    let c = Caret::new(input, offset, len);
    let _ = writeln!(out, "{indent}{}", c.line);
    let _ = writeln!(
        out,
        "{indent}{}{}",
        " ".repeat(c.start),
        style.red(&"^".repeat(c.width))
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

/// Append a human report of an error the reader found (a missing column, an RDF syntax error
/// …): the code and message, the caret under `input`, and the hint.
pub fn human_problem(out: &mut String, prefix: &str, input: &str, e: &ErrorJson, style: Style) {
    let _ = writeln!(
        out,
        "{prefix}{} {}: {} (at byte {})",
        style.red("error"),
        e.code,
        safe(&e.message),
        e.offset
    );
    caret(out, input, e.offset, e.len, "  ", style);
    if let Some(hint) = &e.hint {
        let _ = writeln!(out, "  {} {}", style.green("hint:"), safe(hint));
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

    /// The error and warning objects, written by hand for speed, are what serde would write.
    #[test]
    fn error_and_warning_objects_are_the_schema_s() {
        let e = ErrorJson {
            code: "bad-percent",
            offset: 3,
            len: 2,
            message: "a \"quoted\"\u{1} message".into(),
            hint: Some("h".into()),
        };
        let mut out = String::new();
        push_error(&mut out, &e, false);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v, serde_json::to_value(&e).unwrap());
        let mut out = String::new();
        push_error(&mut out, &ErrorJson { hint: None, ..e }, false);
        assert!(out.ends_with(",\"hint\":null}"), "{out}");
        let mut w = Warning::new(pidkit::iri::codes::LOWERCASE_HEX, 9, 3, "m\"x");
        let mut out = String::new();
        push_warning(&mut out, &w);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"code": "lowercase-hex", "offset": 9, "len": 3, "message": "m\"x"})
        );
        w.count = 3;
        w.more = vec![12, 15];
        let mut out = String::new();
        push_warning(&mut out, &w);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (v["count"].clone(), v["offsets"].clone()),
            (3.into(), serde_json::json!([12, 15]))
        );
    }

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
        // An escape at every place around the 16-byte blocks and the padded tail.
        for len in 0..40 {
            for at in 0..len {
                for c in ['"', '\\', '\n', '\u{7f}', '\u{1}'] {
                    let s: String = (0..len).map(|i| if i == at { c } else { 'a' }).collect();
                    let mut out = String::new();
                    push_json_str(&mut out, &s);
                    assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s);
                    if c != '\u{7f}' {
                        // (DEL is escaped here, for terminals; serde leaves it.)
                        assert_eq!(out, serde_json::to_string(&s).unwrap(), "{s:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_block_test_answers_as_the_byte_loop() {
        // Every byte value at every place of texts of 1 to 40 bytes: in a whole block, in the
        // overlapping last one, in the padded short text.
        for len in 1..=40 {
            for at in 0..len {
                for c in 0..=u8::MAX {
                    let mut b = vec![b'a'; len];
                    b[at] = c;
                    assert_eq!(needs_escape(&b), escaped(c), "{c:#x} at {at} of {len}");
                }
            }
        }
        assert!(!needs_escape(b""));
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
            Style::PLAIN,
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
            Style::PLAIN,
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "a<U+202E>b c");
        assert_eq!(lines[1], "          ^"); // a + <U+202E> (8 columns) + b
    }
}
