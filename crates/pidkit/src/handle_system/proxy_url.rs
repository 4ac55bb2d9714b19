//! The path of a proxy URL (`https://doi.org/…`, `https://hdl.handle.net/…`): the name encoded for URL presentation (DOI Handbook §2.5.2.4).

use std::fmt;

use super::dot_segments::{has_dot_segment, is_dot_segment};
use super::percent::write_encoded;

/// Whether the DOI Handbook's URL presentation (§2.5.2.4) writes byte `b` literally: it must
/// encode `%` `"` `#` space `?`, recommends encoding `<` `>` `{` `}` `^` `[` `]` `` ` `` `|` `\`
/// `+`, and a URL cannot hold controls or non-ASCII bytes.
const fn url_keeps(b: u8) -> bool {
    b > b' '
        && b < 0x7F
        && !matches!(
            b,
            b'%' | b'"'
                | b'#'
                | b'?'
                | b'<'
                | b'>'
                | b'{'
                | b'}'
                | b'^'
                | b'['
                | b']'
                | b'`'
                | b'|'
                | b'\\'
                | b'+'
        )
}

/// [`url_keeps`] as a table, read in the loop that writes a name (a call per byte was not
/// always inlined there).
const URL_KEEPS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = url_keeps(b as u8);
        b += 1;
    }
    t
};

/// The path of a proxy URL of the handle `name` (a DOI name, or any handle): encoded for URL
/// presentation ([`url_keeps`]), `/` literal, except around a `.` or `..` segment of the part
/// after the first `/`.
pub(crate) fn write_url_path<W: fmt::Write>(f: &mut W, name: &str) -> fmt::Result {
    // (Bytes, not `str::split_once`: its searcher costs more than the scan of a short name.)
    let slash = name.bytes().position(|b| b == b'/');
    let parts = slash.map(|i| (&name[..i], &name[i + 1..]));
    let Some((prefix, suffix)) = parts.filter(|(_, s)| has_dot_segment(s)) else {
        return write_encoded(f, name, |b| URL_KEEPS[usize::from(b)]);
    };
    // A `.` or `..` segment would be removed by every URL parser (RFC 3986 §5.2.4; the
    // WHATWG URL Standard also removes `%2E` segments), which reads another DOI: its dots
    // are written `%2E` and the slashes around it `%2F`, so it is no segment of its own.
    write_encoded(f, prefix, |b| URL_KEEPS[usize::from(b)])?;
    let mut previous_dots = false;
    for segment in suffix.split('/') {
        let dots = is_dot_segment(segment);
        f.write_str(if dots || previous_dots { "%2F" } else { "/" })?;
        if dots {
            segment.bytes().try_for_each(|_| f.write_str("%2E"))?;
        } else {
            write_encoded(f, segment, |b| URL_KEEPS[usize::from(b)])?;
        }
        previous_dots = dots;
    }
    Ok(())
}
