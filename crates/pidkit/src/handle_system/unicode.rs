//! The Unicode look-alike checks of DOI names and handles: mixed scripts, punctuation look-alikes, text not in NFC (doi URI scheme §2 Notes 1–2, §6; UTS #39).

#[cfg(feature = "unicode-checks")]
use unicode_normalization::is_nfc;
#[cfg(feature = "unicode-checks")]
use unicode_security::skeleton;

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
/// punctuation.
fn lookalike(c: char) -> Option<(char, Option<&'static str>)> {
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
