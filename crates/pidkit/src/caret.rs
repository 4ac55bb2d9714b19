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

impl Caret {
    /// The caret under bytes `offset..offset + len` of `input` (offsets past the end, or inside
    /// a character, point at the character they fall in or at the end).
    pub fn new(input: &str, offset: usize, len: usize) -> Caret {
        let mut line = String::with_capacity(input.len());
        let (mut start, mut end) = (None, None);
        let mut col = 0;
        let end_offset = offset.saturating_add(len);
        for (i, c) in input.char_indices() {
            if start.is_none() && i + c.len_utf8() > offset {
                start = Some(col);
            }
            if end.is_none() && i >= end_offset {
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
        Caret {
            line,
            start,
            width: end.saturating_sub(start).max(1),
        }
    }
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
