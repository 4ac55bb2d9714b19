//! Warnings for handles that are valid but worth a second look: DOIs read as handles, spaces,
//! trailing slashes and dot segments (the HDL.NET proxy), and the Unicode look-alike risks
//! the DOI checks report (UTS #39 via the IRI and DOI checks).

use super::error::codes;
use super::name::Handle;
use crate::error::Warning;
use crate::handle_system::{UnicodeCodes, is_dot_segment, unicode_warnings, write_ssp};

/// Warnings about a handle (offsets are bytes into [`Handle::as_str`]), each with a stable code:
///
/// | code | when |
/// | --- | --- |
/// | `hdl-doi` | the handle is a DOI (prefix `10.…` or `10`): DOI rules apply, and `doi:` names it too |
/// | `hdl-space` | a space character: valid, but usually a copy error, and running text ends a handle there |
/// | `hdl-trailing-slash` | the local name ends with `/`: valid, but unusual (the HDL.NET proxy warns too) |
/// | `hdl-dot-segment` | a `.` or `..` segment in the local name: URL parsers remove it, so a plain proxy URL reads another handle |
/// | `hdl-mixed-script` | letters of scripts that do not belong together (UTS #39 Highly Restrictive) |
/// | `hdl-confusable-punctuation` | a character that renders like ASCII punctuation (U+2010 or U+2212 for `-`, U+2044 for `/`, …) |
/// | `hdl-not-nfc` | not in Unicode NFC: it looks like its NFC form, which is another handle (no normalization is applied in resolution) |
///
/// Without the `unicode-checks` feature, `hdl-mixed-script` and `hdl-not-nfc` are not looked
/// for, and `hdl-confusable-punctuation` covers only the listed look-alikes (as
/// `pidkit::doi::warnings`).
///
/// ```
/// use pidkit::hdl::{warnings, Handle};
/// let w = warnings(&Handle::parse("20.500/abc\u{2212}def")?);
/// assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("hdl-confusable-punctuation", 10, 3));
/// assert!(warnings(&Handle::parse("20.500.12345/Á.GUTIÉRREZ")?).is_empty());
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn warnings(handle: &Handle<'_>) -> Vec<Warning> {
    let name = handle.as_str();
    let mut out = Vec::new();
    if handle.is_doi() {
        // The DOI's `doi:` URI: the handle's prefix and local name are the DOI's prefix and suffix.
        let mut doi_uri = String::from("doi:");
        let _ = write_ssp(&mut doi_uri, handle.prefix(), handle.local_name());
        out.push(Warning::new(
            codes::DOI,
            0,
            handle.prefix().len(),
            format!(
                "this handle is a DOI (prefix '{}'): DOI rules apply, and {} names it too",
                handle.prefix(),
                doi_uri
            ),
        ));
    }
    if let Some(i) = name.find(|c: char| c == ' ' || (!c.is_ascii() && c.is_whitespace())) {
        let c = name[i..].chars().next().unwrap_or(' ');
        out.push(Warning::new(
            codes::SPACE,
            i,
            c.len_utf8(),
            "a space in a handle is valid, but usually a copy error; in running text it ends the handle",
        ));
    }
    let mut at = handle.prefix().len() + 1;
    for segment in handle.local_name().split('/') {
        if is_dot_segment(segment) {
            out.push(Warning::new(
                codes::DOT_SEGMENT,
                at,
                segment.len(),
                format!(
                    "the local name has a '{segment}' segment, which URL parsers remove (RFC 3986 \
                     §5.2.4): written plainly in a proxy URL it resolves another handle; pidkit's \
                     URLs encode it"
                ),
            ));
        }
        at += segment.len() + 1;
    }
    if name.ends_with('/') {
        out.push(Warning::new(
            codes::TRAILING_SLASH,
            name.len() - 1,
            1,
            "the handle ends with '/': valid, but unusual, and usually the slash of a URL path rather than part of the handle",
        ));
    }
    if name.is_ascii() {
        return out;
    }
    unicode_warnings(
        name,
        &UnicodeCodes {
            mixed_script: codes::MIXED_SCRIPT,
            confusable_punctuation: codes::CONFUSABLE_PUNCTUATION,
            not_nfc: codes::NOT_NFC,
        },
        (
            "the handle",
            "handle",
            "handle",
            " (resolution does not normalize)",
        ),
        &mut out,
    );
    out
}

#[cfg(all(test, feature = "unicode-checks"))]
mod tests {
    use super::*;

    fn codes(s: &str) -> Vec<(&'static str, usize)> {
        super::warnings(&Handle::parse(s).unwrap())
            .into_iter()
            .map(|w| (w.code.as_str(), w.offset))
            .collect()
    }

    #[test]
    fn warnings() {
        assert!(codes("20.500.12345/abc").is_empty());
        assert!(codes("0.NA/20.500.12345").is_empty());
        assert_eq!(codes("10.1000/182"), [("hdl-doi", 0)]);
        assert_eq!(codes("10/aabbe"), [("hdl-doi", 0)]);
        assert!(codes("100.1/x").is_empty());
        assert_eq!(codes("1/a b"), [("hdl-space", 3)]);
        assert_eq!(codes("1/a/"), [("hdl-trailing-slash", 3)]);
        assert_eq!(codes("1/a/../b"), [("hdl-dot-segment", 4)]);
        assert_eq!(
            codes("1/./.."),
            [("hdl-dot-segment", 2), ("hdl-dot-segment", 4)]
        );
        assert_eq!(codes("1/p\u{430}per"), [("hdl-mixed-script", 3)]);
        assert_eq!(codes("1/a\u{2010}b"), [("hdl-confusable-punctuation", 3)]);
        assert_eq!(codes("1/A\u{301}"), [("hdl-not-nfc", 0)]);
        assert!(codes("1/漢字ひらがな").is_empty());
    }
}
