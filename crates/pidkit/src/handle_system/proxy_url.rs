//! The path of a proxy URL (`https://doi.org/…`, `https://hdl.handle.net/…`): the name encoded for URL presentation (DOI Handbook §2.5.2.4).

use std::fmt;

use super::dot_segments::{has_dot_segment, is_dot_segment};
use super::percent::{write_encoded, written_as_is};

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
    // Nearly every name is written as it is: one pass tells so, and it is copied whole.
    if verbatim(name.as_bytes()) {
        return f.write_str(name);
    }
    write_bytewise(f, name)
}

/// [`write_url_path`] byte by byte.
fn write_bytewise<W: fmt::Write>(f: &mut W, name: &str) -> fmt::Result {
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

/// Whether [`write_url_path`] writes `b` as it is: every byte [`url_keeps`], and no `/.` (so
/// no dot segment after the first `/`; a name with one, or with a segment that only starts
/// with a dot, takes the byte-by-byte road).
fn verbatim(b: &[u8]) -> bool {
    /// The printable ASCII bytes [`url_keeps`] refuses.
    const ENCODED: [u8; 15] = *b"%\"#?<>{}^[]`|\\+";
    written_as_is(b, &ENCODED, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytewise(name: &str) -> String {
        let mut out = String::new();
        let _ = write_bytewise(&mut out, name);
        out
    }

    #[test]
    fn a_name_is_verbatim_where_the_bytewise_writing_changes_nothing() {
        for (name, kept) in [
            ("10.1000/182", true),
            ("10.1002/(SICI)1097-4571(199806)49:8", true),
            ("10.1000/abcdefghijklmnopqrstuvwxyz/0123456789", true),
            ("10.1000/a<b", false),
            ("10.1000/abcdefghijklmnopqrstuvwxyz/0123456789+", false),
            ("10.1000/./x", false),
            ("10.1000/x/..", false),
            ("10.1000/.hidden", false),
            ("10.1000/a b", false),
            ("10.1000/é", false),
            ("", true),
        ] {
            assert_eq!(verbatim(name.as_bytes()), kept, "{name:?}");
            // A name with `/.` may be written as it is too (`.hidden`), but not by this road.
            assert_eq!(
                bytewise(name) == name,
                kept || name == "10.1000/.hidden",
                "{name:?}"
            );
        }
    }

    #[test]
    fn verbatim_refuses_the_bytes_url_keeps_refuses() {
        for c in 0..=u8::MAX {
            assert_eq!(verbatim(&[c]), url_keeps(c), "{c:#x}");
            let long = [[b'a'; 20].as_slice(), &[c], &[b'a'; 20]].concat();
            assert_eq!(verbatim(&long), url_keeps(c), "{c:#x} in a long name");
        }
        // `/.` across every block edge, and a `/` last (the pad after it is no `.`).
        for len in 2..50 {
            for at in 0..len - 1 {
                let mut name = vec![b'a'; len];
                name[at..at + 2].copy_from_slice(b"/.");
                assert!(!verbatim(&name), "{len} {at}");
            }
            let mut name = vec![b'a'; len];
            name[len - 1] = b'/';
            assert!(verbatim(&name), "{len}");
        }
    }

    #[test]
    fn verbatim_names_are_written_as_they_are() {
        use proptest::prelude::*;
        let input = super::super::percent::generated_names(12);
        proptest!(ProptestConfig::with_cases(20_000), |(s in input)| {
            let mut out = String::new();
            let _ = write_url_path(&mut out, &s);
            prop_assert_eq!(&out, &bytewise(&s));
            if verbatim(s.as_bytes()) {
                prop_assert_eq!(&out, &s);
            }
        });
    }
}
