//! The characters of a handle or DOI name: Unicode Graphic code points (RFC 3651 §2.1; DOI Handbook §2.2).

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// Whether `c` is of the Unicode Graphic type: letters, marks, numbers, punctuation, symbols and
/// space separators (not controls, format characters, private use, unassigned, line/paragraph
/// separators). Every code point of a DOI name and of a handle is one.
///
/// Also at `pidkit::doi::is_graphic`, where the example takes it from.
///
/// ```
/// use pidkit::doi::is_graphic;
/// assert!(is_graphic('Á') && is_graphic(' ') && is_graphic('<'));
/// assert!(!is_graphic('\u{200B}') && !is_graphic('\u{7F}') && !is_graphic('\u{E000}'));
/// ```
pub fn is_graphic(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    match c.general_category_group() {
        GeneralCategoryGroup::Other => false,
        GeneralCategoryGroup::Separator => !matches!(c, '\u{2028}' | '\u{2029}'),
        _ => true,
    }
}

/// The first code point of `s` that is not graphic ([`is_graphic`]), with its byte offset.
pub(crate) fn first_non_graphic(s: &str) -> Option<(usize, char)> {
    let b = s.as_bytes();
    // Branch-free (vectorizable) test for the common case: printable ASCII only.
    if b.iter()
        .fold(true, |ok, &c| ok & (c.wrapping_sub(b' ') < 0x5F))
    {
        return None;
    }
    let start = b.iter().position(|&c| !(b' '..=b'~').contains(&c))?;
    s[start..]
        .char_indices()
        .find(|&(_, c)| !is_graphic(c))
        .map(|(i, c)| (start + i, c))
}
