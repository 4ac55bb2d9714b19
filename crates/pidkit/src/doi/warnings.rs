//! Warnings for DOI names that are valid but risky to read or copy (doi URI scheme §2 Notes 1–2,
//! §6 with Unicode TR36/UTS 39).

use super::error::codes;
use super::name::Doi;
use crate::error::Warning;
use crate::handle_system::{UnicodeCodes, is_dot_segment, unicode_warnings};

/// Warnings about a DOI name (offsets are bytes into [`Doi::as_str`]), each with a stable code:
///
/// | code | when |
/// | --- | --- |
/// | `mixed-script` | letters of scripts that do not belong together (UTS 39 §5.1; Latin with Han, kana or Hangul is fine) |
/// | `confusable-punctuation` | a character that renders like ASCII punctuation (U+2010 or U+2212 for `-`, U+2044 for `/`, …) |
/// | `not-nfc` | not in Unicode NFC: it looks like its NFC form, which is a different DOI name (§2 Note 1) |
/// | `space` | a space character: valid, but usually a copy error, and running text ends a DOI there |
/// | `short-doi` | a shortDOI (`10/abc`): an alias that only resolution expands |
/// | `unusual-prefix` | a registrant code that is not digits and dots, or a 2003-draft prefix without `10.` |
/// | `doi-dot-segment` | a `.` or `..` segment in the suffix (`10.5555/a/../b`): URL parsers remove it, so the plain doi.org URL reads another DOI |
///
/// Without the `unicode-checks` feature (UTS #39 and NFC data), `mixed-script` and `not-nfc`
/// are not looked for, and `confusable-punctuation` covers only the listed look-alikes (U+2010,
/// U+2212, U+2044, fullwidth forms …), not every character whose UTS #39 skeleton is ASCII
/// punctuation.
///
/// ```
/// use pidkit::doi::{warnings, Doi};
/// let doi = Doi::parse("10.1000/abc\u{2212}def")?;
/// let w = warnings(&doi);
/// assert_eq!((w[0].code.as_str(), w[0].offset, w[0].len), ("doi-confusable-punctuation", 11, 3));
/// assert!(warnings(&Doi::parse("10.26321/Á.GUTIÉRREZ.ZARZA.02.2018.03")?).is_empty());
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn warnings(doi: &Doi<'_>) -> Vec<Warning> {
    let name = doi.as_str();
    let mut out = Vec::new();
    if doi.is_short() {
        out.push(Warning::new(
            codes::SHORT,
            0,
            name.len(),
            "a shortDOI is an alias: resolve it to get the DOI name it stands for",
        ));
    }
    let prefix = doi.prefix();
    let registrant = prefix.strip_prefix("10.");
    if registrant.is_none_or(|r| !r.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        && !doi.is_short()
    {
        out.push(Warning::new(
            codes::UNUSUAL_PREFIX,
            0,
            prefix.len(),
            "DOI prefixes are '10.' and a registrant code of digits (and dots); this one was not assigned that way",
        ));
    }
    if let Some(i) = name.find(|c: char| c == ' ' || (!c.is_ascii() && c.is_whitespace())) {
        let c = name[i..].chars().next().unwrap_or(' ');
        out.push(Warning::new(
            codes::SPACE,
            i,
            c.len_utf8(),
            "a space in a DOI name is valid, but usually a copy error; in running text it ends the DOI",
        ));
    }
    let mut at = doi.prefix().len() + 1;
    for segment in doi.suffix().split('/') {
        if is_dot_segment(segment) {
            out.push(Warning::new(
                codes::DOT_SEGMENT,
                at,
                segment.len(),
                format!(
                    "the suffix has a '{segment}' segment, which URL parsers remove (RFC 3986 \
                     §5.2.4): written plainly in a doi.org URL it resolves another DOI; pidkit's \
                     URLs encode it"
                ),
            ));
        }
        at += segment.len() + 1;
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
        ("the DOI name", "DOI name", "DOI", ""),
        &mut out,
    );
    out
}

/// Where the letters stop belonging to one script, unless the mix is Latin with Han and kana,
/// Han and Bopomofo, or Han and Hangul (UTS 39 §5.2, Highly Restrictive).
#[cfg(all(test, feature = "unicode-checks"))]
mod tests {
    use super::*;

    fn codes(s: &str) -> Vec<(&'static str, usize)> {
        super::warnings(&Doi::parse(s).unwrap())
            .into_iter()
            .map(|w| (w.code.as_str(), w.offset))
            .collect()
    }

    #[test]
    fn warnings() {
        assert!(codes("10.1000/182").is_empty());
        assert!(codes("10.1002/(sici)1097-4601(2000)32:7<435::aid-kin6>3.0.co;2-4").is_empty());
        assert_eq!(
            codes("10.1000/a\u{2010}b"),
            [("doi-confusable-punctuation", 9)]
        );
        assert_eq!(
            codes("10.1000/a\u{2044}b"),
            [("doi-confusable-punctuation", 9)]
        );
        // Found through the UTS 39 skeleton, not the table: U+FE52 SMALL FULL STOP.
        assert_eq!(
            codes("10.1000/a\u{FE52}b"),
            [("doi-confusable-punctuation", 9)]
        );
        // Cyrillic а (U+0430) among Latin letters.
        assert_eq!(codes("10.1000/p\u{430}per"), [("doi-mixed-script", 9)]);
        assert!(codes("10.1000/ЖУРНАЛ.2020").is_empty());
        assert!(codes("10.11501/jstage.漢字ひらがな").is_empty());
        assert_eq!(codes("10.1000/A\u{301}"), [("doi-not-nfc", 0)]);
        assert_eq!(codes("10.1000/a b"), [("doi-space", 9)]);
        assert_eq!(codes("10/abc"), [("doi-short", 0)]);
        assert_eq!(codes("10.abc/x"), [("doi-unusual-prefix", 0)]);
        assert_eq!(codes("10.5555/.."), [("doi-dot-segment", 8)]);
        assert_eq!(
            codes("10.5555/./a/../b"),
            [("doi-dot-segment", 8), ("doi-dot-segment", 12)]
        );
        assert!(codes("10.5555/a.b/.../..c/c..").is_empty());
    }
}
