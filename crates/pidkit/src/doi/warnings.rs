//! Warnings for DOI names that are valid but risky to read or copy (doi URI scheme §2 Notes 1–2,
//! §6 with Unicode TR36/UTS 39).

#[cfg(feature = "unicode-checks")]
use unicode_normalization::is_nfc;
#[cfg(feature = "unicode-checks")]
use unicode_security::skeleton;

use super::error::codes;
use super::name::Doi;
use crate::error::Warning;

/// Characters that render like ASCII punctuation found in DOI names (§2 Note 2, §6), with the
/// ASCII character they pass for. Other non-ASCII characters whose UTS 39 skeleton is ASCII
/// punctuation are reported too.
const LOOKALIKES: &[(char, char, &str)] = &[
    ('\u{2010}', '-', "HYPHEN"),
    ('\u{2011}', '-', "NON-BREAKING HYPHEN"),
    ('\u{2012}', '-', "FIGURE DASH"),
    ('\u{2013}', '-', "EN DASH"),
    ('\u{2014}', '-', "EM DASH"),
    ('\u{2015}', '-', "HORIZONTAL BAR"),
    ('\u{2043}', '-', "HYPHEN BULLET"),
    ('\u{2212}', '-', "MINUS SIGN"),
    ('\u{FE58}', '-', "SMALL EM DASH"),
    ('\u{FE63}', '-', "SMALL HYPHEN-MINUS"),
    ('\u{FF0D}', '-', "FULLWIDTH HYPHEN-MINUS"),
    ('\u{2044}', '/', "FRACTION SLASH"),
    ('\u{2215}', '/', "DIVISION SLASH"),
    ('\u{29F8}', '/', "BIG SOLIDUS"),
    ('\u{FF0F}', '/', "FULLWIDTH SOLIDUS"),
    ('\u{2024}', '.', "ONE DOT LEADER"),
    ('\u{FF0E}', '.', "FULLWIDTH FULL STOP"),
    ('\u{2236}', ':', "RATIO"),
    ('\u{0589}', ':', "ARMENIAN FULL STOP"),
    ('\u{FF1A}', ':', "FULLWIDTH COLON"),
    ('\u{037E}', ';', "GREEK QUESTION MARK"),
    ('\u{FF1B}', ';', "FULLWIDTH SEMICOLON"),
    ('\u{201A}', ',', "SINGLE LOW-9 QUOTATION MARK"),
    ('\u{FF0C}', ',', "FULLWIDTH COMMA"),
    ('\u{FF08}', '(', "FULLWIDTH LEFT PARENTHESIS"),
    ('\u{FF09}', ')', "FULLWIDTH RIGHT PARENTHESIS"),
    ('\u{2039}', '<', "SINGLE LEFT-POINTING ANGLE QUOTATION MARK"),
    (
        '\u{203A}',
        '>',
        "SINGLE RIGHT-POINTING ANGLE QUOTATION MARK",
    ),
    ('\u{2329}', '<', "LEFT-POINTING ANGLE BRACKET"),
    ('\u{232A}', '>', "RIGHT-POINTING ANGLE BRACKET"),
    ('\u{3008}', '<', "LEFT ANGLE BRACKET"),
    ('\u{3009}', '>', "RIGHT ANGLE BRACKET"),
    ('\u{FF3B}', '[', "FULLWIDTH LEFT SQUARE BRACKET"),
    ('\u{FF3D}', ']', "FULLWIDTH RIGHT SQUARE BRACKET"),
    ('\u{FF03}', '#', "FULLWIDTH NUMBER SIGN"),
    ('\u{FF0B}', '+', "FULLWIDTH PLUS SIGN"),
    ('\u{FF3F}', '_', "FULLWIDTH LOW LINE"),
];

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
        if super::is_dot_segment(segment) {
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

/// The codes of the Unicode look-alike checks, one set per scheme (DOI, Handle).
#[cfg_attr(not(feature = "unicode-checks"), allow(dead_code))]
pub(crate) struct UnicodeCodes {
    pub mixed_script: crate::WarningCode,
    pub confusable_punctuation: crate::WarningCode,
    pub not_nfc: crate::WarningCode,
}

/// The Unicode look-alike checks DOI names and handles share (doi URI scheme §2 Notes 1–2, §6;
/// UTS #39): mixed scripts, punctuation look-alikes, text not in NFC. `words` names the
/// identifier in the messages: (`the DOI name`, `DOI name`, `DOI`, a note after the NFC one).
pub(crate) fn unicode_warnings(
    name: &str,
    codes: &UnicodeCodes,
    words: (&str, &str, &str, &str),
    out: &mut Vec<Warning>,
) {
    let (the_name, name_word, one, nfc_note) = words;
    #[cfg(not(feature = "unicode-checks"))]
    let _ = (the_name, nfc_note);
    #[cfg(feature = "unicode-checks")]
    if let Some((i, c)) = crate::iri::mixed_script(name.chars()) {
        out.push(Warning::new(
            codes.mixed_script,
            i,
            c.len_utf8(),
            format!(
                "{the_name} mixes scripts at U+{:04X}: letters of one script can pass for another's",
                c as u32
            ),
        ));
    }
    for (i, c) in name.char_indices().filter(|(_, c)| !c.is_ascii()) {
        if let Some((a, what)) = lookalike(c) {
            let what = what.map_or(String::new(), |w| format!(" {w}"));
            out.push(Warning::new(
                codes.confusable_punctuation,
                i,
                c.len_utf8(),
                format!(
                    "U+{:04X}{what} looks like ASCII '{a}' but is another character: the {name_word} written with '{a}' is a different {one}",
                    c as u32
                ),
            ));
        }
    }
    #[cfg(feature = "unicode-checks")]
    if !is_nfc(name) {
        out.push(Warning::new(
            codes.not_nfc,
            0,
            name.len(),
            format!(
                "{the_name} is not in Unicode NFC: it renders like its NFC form, which is a different {name_word}{nfc_note}"
            ),
        ));
    }
}

/// The ASCII punctuation a non-ASCII character passes for (§2 Note 2, §6), with its name when
/// it is one of the known look-alikes; also any character whose UTS 39 skeleton is ASCII
/// punctuation. Shared with the Handle checks.
pub(crate) fn lookalike(c: char) -> Option<(char, Option<&'static str>)> {
    if let Some(&(_, a, name)) = LOOKALIKES.iter().find(|l| l.0 == c) {
        return Some((a, Some(name)));
    }
    if c.is_ascii() {
        return None;
    }
    skeleton_punctuation(c).map(|a| (a, None))
}

/// The ASCII punctuation that the UTS 39 skeleton of `c` is, if it is one.
#[cfg(feature = "unicode-checks")]
fn skeleton_punctuation(c: char) -> Option<char> {
    let mut buf = [0; 4];
    let mut sk = skeleton(c.encode_utf8(&mut buf));
    match (sk.next(), sk.next()) {
        (Some(a), None) if a.is_ascii_punctuation() => Some(a),
        _ => None,
    }
}

/// Without the `unicode-checks` feature there are no skeletons: only the listed look-alikes.
#[cfg(not(feature = "unicode-checks"))]
fn skeleton_punctuation(_: char) -> Option<char> {
    None
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
