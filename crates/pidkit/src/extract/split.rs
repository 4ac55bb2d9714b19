//! Where running text can be cut into blocks that are searched apart (on several threads)
//! with the same result as the whole text.

use super::iri::MAX_BLOCK_LOOKBACK;
use crate::text::{self, BREAK_AFTER};

/// The most line ends looked at for a place to cut (each costs a look at its line and at most
/// 8 KiB before it), so that a text with none stays linear.
const MAX_LINES_TRIED: usize = 4096;

/// A place at or before byte `at` where `text` can be cut so that [`super::identifiers`] of
/// the part before and of the part after, each searched on its own, are exactly the
/// identifiers of the whole text (offsets of the second part counted from the cut): a
/// position just after a line end (`\n`) that no identifier is read across, or `None` when
/// the last 4,096 line ends before `at` are all unsafe.
///
/// `text` is UTF-8 or any encoding that writes ASCII as ASCII (ISO-8859-x, Shift_JIS, GB18030,
/// windows-125x …): only ASCII bytes are looked at. It may be the start of a longer text (a
/// buffer): a line end whose next line is not there in full up to its first space is not
/// taken. A line end is **not** a place to cut when
///
/// * the line before it ends (spaces and tabs aside) with one of `/ - _ . ~ = &`, after which
///   a broken identifier may go on, unless the next line is blank or starts with a list
///   marker or with an identifier of its own other than a DOI (`10.…` after `doi.org/`);
/// * the line before it ends in a word that holds an opening bracket `(` `[` `{`, after which
///   an identifier written in the brackets may go on (the rule inside brackets), unless the
///   next line is blank or starts with a list marker or with an identifier of its own;
/// * the line before it ends with a `doi` / `doi:` label, which may belong to a DOI on the
///   next line;
/// * a `<` in the 8 KiB before it has no `>` after it: `<…>` may wrap an IRI across lines
///   (RFC 3986 Appendix C).
///
/// ```
/// use pidkit::extract::{identifiers, split_point};
/// let text = "See https://example.org/a-\n   b/c and\ndoi:10.1000/182.\n";
/// let cut = split_point(text.as_bytes(), text.len() - 1).unwrap();
/// assert_eq!(&text[cut..], "doi:10.1000/182.\n"); // not after "a-": the URL goes on
/// let whole: Vec<String> = identifiers(text).map(|f| f.text.into_owned()).collect();
/// let parts: Vec<String> = identifiers(&text[..cut])
///     .chain(identifiers(&text[cut..]))
///     .map(|f| f.text.into_owned())
///     .collect();
/// assert_eq!(whole, parts);
/// ```
pub fn split_point(text: &[u8], at: usize) -> Option<usize> {
    let at = at.min(text.len());
    memchr::memrchr_iter(b'\n', &text[..at])
        .take(MAX_LINES_TRIED)
        .find(|&nl| can_cut_after(text, nl))
        .map(|nl| nl + 1)
}

fn can_cut_after(b: &[u8], nl: usize) -> bool {
    let line_start = memchr::memrchr(b'\n', &b[..nl]).map_or(0, |k| k + 1);
    let line = b[line_start..nl].trim_ascii_end();
    if let Some(&last) = line.last()
        && BREAK_AFTER.contains(&last)
        && !next_line_ends_it(b, nl + 1, last)
    {
        return false;
    }
    let word = line
        .rsplit(|c| matches!(c, b' ' | b'\t'))
        .next()
        .unwrap_or_default();
    if let Some(&last) = word.last()
        && word.iter().any(|c| matches!(c, b'(' | b'[' | b'{'))
        && !next_line_ends_it(b, nl + 1, last)
    {
        return false;
    }
    let n = line.len();
    let label = |pat: &[u8]| n >= pat.len() && line[n - pat.len()..].eq_ignore_ascii_case(pat);
    if label(b"doi") || label(b"doi:") {
        return false;
    }
    let from = nl.saturating_sub(MAX_BLOCK_LOOKBACK);
    !matches!(memchr::memrchr2(b'<', b'>', &b[from..nl]), Some(k) if b[from + k] == b'<')
}

/// Whether the line starting at `at` cannot continue an identifier of the line before, which
/// ends with `last`: it is blank, or its first word is a list marker or starts an identifier
/// (but a DOI after a `/`: `https://doi.org/` + `10.1000/182`).
fn next_line_ends_it(b: &[u8], at: usize, last: u8) -> bool {
    let indent = b[at..]
        .iter()
        .take(text::MAX_INDENT + 1)
        .take_while(|&&c| matches!(c, b' ' | b'\t'))
        .count();
    if indent > text::MAX_INDENT {
        return true;
    }
    let w0 = at + indent;
    // Where the text ends before the word does, the rest of the word is not known.
    let Some(len) = b[w0..].iter().position(|c| c.is_ascii_whitespace()) else {
        return false;
    };
    let word = &b[w0..w0 + len];
    if word.is_empty() {
        return true;
    }
    // Only the ASCII words the rule looks for matter; others may be continuations.
    let Ok(word) = std::str::from_utf8(word) else {
        return false;
    };
    if last == b'/' && word.starts_with("10.") {
        return false;
    }
    text::is_list_marker(word) || text::starts_identifier(word)
}
