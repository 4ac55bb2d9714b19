//! Where an error or a warning is, shown to a person: the input on one safe line and the
//! columns of a caret under the span (what `pidkit check` prints, and Python's `ParseError`).

use unicode_width::UnicodeWidthChar;

/// Whether `c` must not reach a terminal as it is: a control (C0, DEL, C1: ANSI escapes, CR,
/// LF, NEL), a bidi control (Unicode's Bidi_Control: ALM, LRM, RLM, LRE…RLO, LRI…PDI), a line
/// or paragraph separator, or the BOM.
///
/// ```
/// use pidkit::caret::unsafe_on_terminal;
/// assert!(unsafe_on_terminal('\u{1B}') && unsafe_on_terminal('\u{202E}') && unsafe_on_terminal('\u{2028}'));
/// assert!(!unsafe_on_terminal('é') && !unsafe_on_terminal('例'));
/// ```
pub fn unsafe_on_terminal(c: char) -> bool {
    c.is_control()
        || crate::chars::is_bidi_format(c)
        || matches!(
            c,
            '\u{061C}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}'
        )
}

/// An input on one line, safe for a terminal, and the caret under a span of it.
///
/// Every character of [`unsafe_on_terminal`] is shown as `<U+XXXX>`, so the line cannot be
/// broken, recoloured or reordered; columns count display width (a CJK character is two).
///
/// ```
/// use pidkit::caret::Caret;
/// let c = Caret::new("http://例え.jp/a b", 17, 1);
/// assert_eq!(c.line, "http://例え.jp/a b");
/// assert_eq!((c.start, c.width), (15, 1));
/// assert_eq!(Caret::new("a\u{1B}[31mb", 1, 1).line, "a<U+001B>[31mb");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caret {
    /// The input as it can be shown.
    pub line: String,
    /// The column of the span's first character in `line`.
    pub start: usize,
    /// The columns the span covers in `line`: at least 1, so an empty span still has a caret.
    pub width: usize,
}

/// How much of a long input is shown around a span, in bytes on each side (and the most of the
/// span itself): what is printed for one error or warning stays bounded, whatever the line.
pub const CONTEXT: usize = 64;

impl Caret {
    /// The caret under bytes `offset..offset + len` of `input` (offsets past the end, or inside
    /// a character, point at the character they fall in or at the end). A long input is shown
    /// as a window of [`CONTEXT`] bytes around the span, `…` marking what is left out, and a
    /// long span by its first [`CONTEXT`] bytes.
    ///
    /// ```
    /// use pidkit::caret::Caret;
    /// let long = format!("http://a/{}%ZZ{}", "x".repeat(1000), "y".repeat(1000));
    /// let c = Caret::new(&long, 1009, 3);
    /// assert!(c.line.starts_with('…') && c.line.ends_with('…') && c.line.len() < 160);
    /// let under: String = c.line.chars().skip(c.start).take(c.width).collect();
    /// assert_eq!(under, "%ZZ");
    /// ```
    pub fn new(input: &str, offset: usize, len: usize) -> Caret {
        let offset = offset.min(input.len());
        let span_end = offset.saturating_add(len).min(input.len());
        let shown_end = span_end.min(offset.saturating_add(CONTEXT));
        let from = floor_boundary(input, offset.saturating_sub(CONTEXT));
        let to = ceil_boundary(input, shown_end.saturating_add(CONTEXT).min(input.len()));
        let mut line = String::with_capacity(to - from + 8);
        let mut col = 0;
        if from > 0 {
            line.push('…');
            col += 1;
        }
        let (mut start, mut end) = (None, None);
        for (i, c) in input[from..to].char_indices() {
            let i = i + from;
            if start.is_none() && i + c.len_utf8() > offset {
                start = Some(col);
            }
            if end.is_none() && i >= shown_end {
                end = Some(col);
            }
            if unsafe_on_terminal(c) {
                let shown = format!("<U+{:04X}>", c as u32);
                col += shown.len();
                line.push_str(&shown);
            } else {
                col += c.width().unwrap_or(0);
                line.push(c);
            }
        }
        let start = start.unwrap_or(col);
        let end = end.unwrap_or(col);
        if to < input.len() {
            line.push('…');
        }
        Caret {
            line,
            start,
            width: end.saturating_sub(start).max(1),
        }
    }
}

/// The char boundary at or before `i`.
fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The char boundary at or after `i` (at most `s.len()`).
fn ceil_boundary(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_count_display_columns() {
        // Empty span: one caret at the offset; at the end: one past the last column.
        assert_eq!(
            Caret::new("abc", 1, 0),
            Caret {
                line: "abc".into(),
                start: 1,
                width: 1
            }
        );
        assert_eq!(Caret::new("abc", 3, 0).start, 3);
        // Wide characters and escaped controls widen what they cover.
        let c = Caret::new("例\u{7}x", 3, 1);
        assert_eq!((c.line.as_str(), c.start, c.width), ("例<U+0007>x", 2, 8));
        // Offsets past the end or absurd lengths do not panic.
        assert_eq!(Caret::new("ab", 99, usize::MAX).start, 2);
        assert_eq!(Caret::new("ab", 0, usize::MAX).width, 2);
    }
}
