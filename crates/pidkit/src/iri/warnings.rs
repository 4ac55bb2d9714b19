//! Warnings for valid IRIs that deserve a second look: bidi structure (draft-duerst-iri-bis-07
//! §4.2), normalization (§5.3.2.2, §8.5), code points (§6.1, §7.3), spoofing (§8.5, §10), and
//! a few URI hygiene rules (RFC 3986 §2.1, §3.2.1).
//!
//! Every warning has a stable code (`docs/warnings.md` in the repository lists them all in one table). Nothing here
//! allocates unless there is something to report.

use unicode_bidi::{BidiClass, bidi_class};
#[cfg(feature = "unicode-checks")]
use unicode_normalization::char::canonical_combining_class;
#[cfg(feature = "unicode-checks")]
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick, is_nfkc_quick};
#[cfg(feature = "unicode-checks")]
use unicode_security::mixed_script::AugmentedScriptSet;

use super::convert::{self, Idna, is_ace};
use super::error::codes;
use super::types::{Host, IriRef};
use crate::error::{Warning, WarningCode};
use crate::pct;

/// Every warning about `iri`, in order of position. Empty (and not allocated) when there is
/// nothing to report.
///
/// Components for the bidi and script rules (§4.2) are the text between delimiters: the
/// userinfo's user and password, each host label, and in the path, query and fragment the
/// runs between any of `: / ? # [ ] @ ! $ & ' ( ) * + , ; =` and `.` (§4.2 lets name/value
/// pairs and file extensions count as components). `xn--` labels are also checked as the text
/// they decode to. DNS hosts (see [`Idna`]) must also pass IDNA.
///
/// **Features.** Without the `unicode-checks` feature, the rules that need Unicode data beyond
/// bidi classes are not run: `not-nfc`, `not-nfkc`, `unassigned`, `mixed-script`,
/// `confusable`, `confusable-delimiter`. Without the `idna` feature, `xn--` labels are not
/// decoded and DNS hosts are not run through IDNA: no `bad-punycode`, `idna-invalid`, nor
/// `web-ipv4-shorthand` for non-ASCII hosts. Every other warning is the same in every build.
///
/// ```
/// use pidkit::IriRef;
/// use pidkit::iri::warnings;
/// let iri = IriRef::parse("http://user:pw@xn--pypal-4ve.com/%c3%a9/ab.גד1")?;
/// let codes: Vec<_> = warnings(&iri).iter().map(|w| (w.code.as_str(), w.offset)).collect();
/// assert_eq!(codes, [
///     ("password-in-userinfo", 12),
///     ("mixed-script", 15), // xn--pypal-4ve is "pаypal", with a Cyrillic 'а'
///     ("confusable", 15),   // ... which reads as "paypal"
///     ("lowercase-hex", 33),
///     ("bidi-rtl-boundary", 43),
/// ]);
/// assert!(warnings(&IriRef::parse("http://example.org/résumé")?).is_empty());
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn warnings<T: AsRef<str>>(iri: &IriRef<T>) -> Vec<Warning> {
    let mut out = Vec::new();
    let s = iri.as_str();
    let p = iri.positions();
    // Every rule needs a non-ASCII character, a `%XX`, an `xn--` label or a password: an IRI
    // with none of them (most of them) is done after one vectorized pass.
    // (An `xn--` label holds "--": the common host without one is not split into labels.)
    let ace_host = iri
        .host_str()
        .is_some_and(|h| h.as_bytes().windows(2).any(|w| w == b"--") && h.split('.').any(is_ace));
    // A host that browsers read as an IPv4 address (WHATWG URL Standard; RFC 3986 §7.4).
    if let (Some(scheme), Some(Host::RegName(host))) = (iri.scheme(), iri.host()) {
        match super::lenient::web_ipv4(scheme, host) {
            Some(Ok(addr)) => out.push(Warning::new(
                codes::WEB_IPV4_SHORTHAND,
                p.host_start,
                host.len(),
                format!(
                    "browsers read the host {host} as the IPv4 address {addr} (WHATWG URL \
                     Standard, IPv4 parser: octal, hexadecimal and fewer than four parts); RFC \
                     3986 §7.4 warns of such rare forms"
                ),
            )),
            Some(Err(())) => out.push(Warning::new(
                codes::WEB_IPV4_INVALID,
                p.host_start,
                host.len(),
                format!(
                    "browsers refuse this URL: the host {host} ends in a number but is no IPv4 \
                     address (WHATWG URL Standard, host parser); RFC 3986 reads it as a name"
                ),
            )),
            None => {}
        }
    }
    // ASCII, and no '%', in one branch-free (vectorized) pass.
    let (ascii, no_pct) = ascii_without_percent(s.as_bytes());
    // RFC 3987 accepts less than the draft: only a '#' in the fragment or a non-ASCII
    // character (a tag character in the query) can make the difference, so the common IRI
    // is not parsed again.
    let may_differ = !ascii || iri.fragment().is_some_and(|f| f.contains('#'));
    let plain = ascii & no_pct;
    if plain && !ace_host && !iri.userinfo().is_some_and(|u| u.as_bytes().contains(&b':')) {
        if may_differ {
            not_rfc3987(s, &mut out);
        }
        return out;
    }
    text_warnings(s, 0, &mut out);
    if let Some(userinfo) = iri.userinfo() {
        let at = p.authority_start();
        if let Some(colon) = userinfo.find(':') {
            out.push(Warning::new(
                codes::PASSWORD_IN_USERINFO,
                at + colon + 1,
                userinfo.len() - colon - 1,
                "the userinfo holds a password ('user:password' is deprecated, RFC 3986 §3.2.1)",
            ));
        }
        components(userinfo, at, &mut out);
    }
    if let Some(Host::RegName(host)) = iri.host() {
        check_host(
            host,
            p.host_start,
            Idna::DnsSchemes.applies_to(iri.scheme()),
            &mut out,
        );
    }
    components(iri.path(), p.path_start, &mut out);
    if let Some(q) = iri.query() {
        components(q, p.path_end + 1, &mut out);
    }
    if let Some(f) = iri.fragment() {
        components(f, p.query_end + 1, &mut out);
    }
    if may_differ {
        not_rfc3987(s, &mut out);
    }
    out.sort_by_key(|w| w.offset);
    out
}

/// `not-rfc3987`: `s`, valid under the draft's grammar (the `bis` profile, the default), is not
/// an IRI reference under RFC 3987's, which RDF 1.1 and XML cite. The grammars differ in two
/// places (`#` may appear in the draft's `ifragment`; its `iprivate` holds the tag characters
/// U+E0000–E0FFF, allowed in the query), and RFC 3987's parser says where: the warning points
/// at the first character it refuses. Under the `rfc3987` profile such an input is an error
/// already, so the warning never appears there.
fn not_rfc3987(s: &str, out: &mut Vec<Warning>) {
    use super::parse::{Profile, Rule, parse};
    if let Err(e) = parse(s, Rule::IriReference, Profile::Rfc3987) {
        out.push(Warning::new(
            codes::NOT_RFC3987,
            e.offset,
            e.len,
            format!(
                "valid under draft-duerst-iri-bis-07 but not RFC 3987, which RDF 1.1 and XML \
                 cite: {} (check with --profile rfc3987)",
                e.kind
            ),
        ));
    }
}

/// Where `chars` stop being covered by one script, by the UTS #39 "Highly Restrictive" rule:
/// a single (augmented) script, or Latin with Han and Hiragana/Katakana (Japanese), Han and
/// Bopomofo (Chinese) or Han and Hangul (Korean) — mixes that ordinary Japanese, Chinese and
/// Korean names use. Returns the byte position (counted over `chars`) and the character
/// where coverage first breaks.
#[cfg(feature = "unicode-checks")]
pub(crate) fn mixed_script(chars: impl Iterator<Item = char> + Clone) -> Option<(usize, char)> {
    let mut all = AugmentedScriptSet::default();
    let mut non_latin = AugmentedScriptSet::default();
    let latin = AugmentedScriptSet::for_char('a');
    let mut first_break = None;
    let mut pos = 0;
    for c in chars {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if all.is_empty() && first_break.is_none() {
            first_break = Some((pos, c));
        }
        let mut l = set;
        l.intersect_with(latin);
        if l.is_empty() {
            non_latin.intersect_with(set);
        }
        pos += c.len_utf8();
    }
    let cjk = !non_latin.is_empty() && (non_latin.jpan || non_latin.hanb || non_latin.kore);
    if cjk { None } else { first_break }
}

/// The text rules for ONE component (whatever the caller's syntax calls a component), with
/// `offset` the position of `text` in the caller's input:
///
/// * `bidi-mixed-direction` — both right-to-left and left-to-right letters (§4.2 rule 1);
/// * `bidi-rtl-boundary` — right-to-left letters, but it does not start and end with one
///   (§4.2 rule 2; trailing combining marks are ignored);
/// * `mixed-script` — no single script covers it, beyond the Latin + CJK mixes that UTS #39's
///   "Highly Restrictive" level allows (§8.5);
/// * `confusable` — it reads as an ASCII name: its UTS #39 skeleton is made of ASCII letters,
///   digits and `-._~`, with a letter (whole-script look-alikes such as Cyrillic "раураӏ"
///   for "paypal"; §8.5, §10).
///
/// ```
/// let mut w = Vec::new();
/// pidkit::iri::component_warnings("раураl", 7, &mut w); // Cyrillic, then a Latin 'l'
/// assert_eq!(w.iter().map(|w| w.code).collect::<Vec<_>>(), ["mixed-script", "confusable"]);
/// assert_eq!((w[0].offset, w[0].len), (7, 11));
/// ```
pub fn component_warnings(text: &str, offset: usize, out: &mut Vec<Warning>) {
    if text.is_ascii() {
        return;
    }
    bidi(text, offset, out);
    #[cfg(feature = "unicode-checks")]
    security(text, offset, out);
}

/// Whether `c` is assigned and not private-use (nor a surrogate): the General_Category table
/// (a binary search), which answers as `unicode_normalization::char::is_public_assigned` does
/// for every code point (tested) in a fraction of its time (a `match` on some 700 ranges).
#[cfg(feature = "unicode-checks")]
fn is_public_assigned(c: char) -> bool {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    !matches!(
        c.general_category(),
        GeneralCategory::Unassigned | GeneralCategory::PrivateUse | GeneralCategory::Surrogate
    )
}

/// `mixed-script` and `confusable` on one component (UTS #39).
#[cfg(feature = "unicode-checks")]
fn security(text: &str, offset: usize, out: &mut Vec<Warning>) {
    // Unassigned and private-use characters have no script; they get their own warnings.
    let assigned = || text.chars().filter(|&c| is_public_assigned(c));
    if mixed_script(assigned()).is_some() {
        let mut names: Vec<String> = Vec::new();
        for c in assigned() {
            let set = AugmentedScriptSet::for_char(c);
            let name = set.to_string();
            if !set.is_all() && !names.contains(&name) {
                names.push(name);
            }
        }
        out.push(Warning::new(
            codes::MIXED_SCRIPT,
            offset,
            text.len(),
            format!(
                "one component mixes scripts ({}): a look-alike risk (§8.5)",
                names.join("; ")
            ),
        ));
    }
    // Whole-component look-alike of an ASCII name: the skeleton is ASCII letters, digits and
    // unreserved punctuation with at least one letter ("раураӏ" reads "paypal"; Hebrew "טי",
    // whose skeleton is "v'", does not pass for an ASCII name).
    let name_like = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~');
    if unicode_security::skeleton(text).all(name_like)
        && unicode_security::skeleton(text).any(|c| c.is_ascii_alphabetic())
    {
        let looks: String = unicode_security::skeleton(text).collect();
        out.push(Warning::new(
            codes::CONFUSABLE,
            offset,
            text.len(),
            format!("every character has an ASCII look-alike: it reads as \"{looks}\" (§8.5, §10)"),
        ));
    }
}

/// The character rules over a span of text (literal characters and what `%XX` decode to),
/// with `offset` the position of `text` in the caller's input:
///
/// * `not-nfc` (§5.3.2.2), else `not-nfkc` (§8.5) — the span that normalization changes;
/// * `private-use`, `tag-char`, `noncharacter`, `special-char`, `bidi-control`, `unassigned`
///   (§6.1, §7.3; `bidi-control` §4.1) — per character, literal or percent-encoded UTF-8;
/// * `overlong-utf8` — `%XX` that decode to an overlong UTF-8 form such as `%C0%AF` (§10);
/// * `lowercase-hex` — a run of `%XX` with lowercase hex digits (RFC 3986 §2.1).
///
/// ```
/// let mut w = Vec::new();
/// pidkit::iri::text_warnings("ﬁle%C0%AF%ef%b7%90", 0, &mut w);
/// let codes: Vec<_> = w.iter().map(|w| (w.code.as_str(), w.offset, w.len)).collect();
/// assert_eq!(codes, [
///     ("not-nfkc", 0, 3),
///     ("overlong-utf8", 5, 6),
///     ("noncharacter", 11, 9),
///     ("lowercase-hex", 5, 15), // one run of adjacent %XX
/// ]);
/// ```
pub fn text_warnings(text: &str, offset: usize, out: &mut Vec<Warning>) {
    if !text.is_ascii() {
        for (i, c) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
            if let Some((code, what)) = classify(c) {
                let msg = format!("{what}: U+{:04X} (§6.1, §7.3)", c as u32);
                out.push(Warning::new(code, offset + i, c.len_utf8(), msg));
            }
        }
        #[cfg(feature = "unicode-checks")]
        normalization(text, offset, out);
    }
    if text.contains('%') {
        percent_encodings(text, offset, out);
    }
}

/// The §6.1/§7.3 class of a non-ASCII character worth a warning: `(code, description)`.
fn classify(c: char) -> Option<(WarningCode, &'static str)> {
    let u = c as u32;
    Some(match u {
        0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD => (
            codes::PRIVATE_USE,
            "a private-use character, meaningless without private agreement",
        ),
        0xE0000..=0xE0FFF => (
            codes::TAG_CHAR,
            "a tag character, not appropriate in identifiers",
        ),
        0xFDD0..=0xFDEF => (codes::NONCHARACTER, "a noncharacter, not for interchange"),
        _ if u & 0xFFFE == 0xFFFE => (codes::NONCHARACTER, "a noncharacter, not for interchange"),
        0xFFF0..=0xFFFD => (
            codes::SPECIAL_CHAR,
            "a special (U+FFF0-FFFD), of no use in an IRI",
        ),
        0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069 => (
            codes::BIDI_CONTROL,
            "a bidi formatting character, which changes how the IRI is displayed (§4.1)",
        ),
        #[cfg(feature = "unicode-checks")]
        _ if !is_public_assigned(c) => (codes::UNASSIGNED, "an unassigned code point"),
        _ => return None,
    })
}

/// `not-nfc`, else `not-nfkc`, over the smallest span that normalization changes.
#[cfg(feature = "unicode-checks")]
fn normalization(text: &str, offset: usize, out: &mut Vec<Warning>) {
    if is_nfc_quick(text.chars()) != IsNormalized::Yes {
        let nfc: String = text.nfc().collect();
        if nfc != text {
            let (a, b, n) = changed_span(text, &nfc);
            out.push(Warning::new(
                codes::NOT_NFC,
                offset + a,
                b - a,
                format!(
                    "not in Unicode Normalization Form C: \"{}\" is \"{}\" in NFC; compare \
                     normalized IRIs (§5.3.2.2)",
                    &text[a..b],
                    n
                ),
            ));
            return;
        }
    }
    if is_nfkc_quick(text.chars()) != IsNormalized::Yes {
        let nfkc: String = text.nfkc().collect();
        if nfkc != text {
            let (a, b, n) = changed_span(text, &nfkc);
            out.push(Warning::new(
                codes::NOT_NFKC,
                offset + a,
                b - a,
                format!(
                    "a compatibility character: \"{}\" is \"{}\" in NFKC; new names should be \
                     in NFKC (§8.5)",
                    &text[a..b],
                    n
                ),
            ));
        }
    }
}

/// The span `a..b` of `text` that differs from `normal` (widened to whole characters and back
/// to the preceding starter), and the text that replaces it.
#[cfg(feature = "unicode-checks")]
fn changed_span<'n>(text: &str, normal: &'n str) -> (usize, usize, &'n str) {
    let (t, n) = (text.as_bytes(), normal.as_bytes());
    let mut a = t.iter().zip(n).take_while(|(x, y)| x == y).count();
    while !text.is_char_boundary(a) {
        a -= 1;
    }
    while let Some(c) = text[..a].chars().next_back() {
        if canonical_combining_class(text[a..].chars().next().unwrap_or('a')) == 0 {
            break;
        }
        a -= c.len_utf8();
    }
    let max_suffix = (t.len() - a).min(n.len() - a);
    let suffix = t
        .iter()
        .rev()
        .zip(n.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    let mut b = t.len() - suffix;
    while !text.is_char_boundary(b) {
        b += 1;
    }
    let nb = (n.len() + b).saturating_sub(t.len()).max(a);
    let nb = (nb..=n.len())
        .find(|&i| normal.is_char_boundary(i))
        .unwrap_or(n.len());
    (a, b, &normal[a..nb])
}

/// `overlong-utf8`, the code point classes of what `%XX` decode to, and `lowercase-hex`.
fn percent_encodings(text: &str, offset: usize, out: &mut Vec<Warning>) {
    let b = text.as_bytes();
    // The current run of adjacent triplets: (start, end, holds a lowercase digit).
    let mut run: Option<(usize, usize, bool)> = None;
    let finish = |run: Option<(usize, usize, bool)>, out: &mut Vec<Warning>| {
        if let Some((start, end, true)) = run {
            out.push(Warning::new(
                codes::LOWERCASE_HEX,
                offset + start,
                end - start,
                "percent-encodings should use uppercase hex digits (RFC 3986 §2.1)",
            ));
        }
    };
    let mut i = 0;
    while let Some(k) = text[i..].find('%') {
        i += k;
        let Some(v) = pct::decode_at(b, i) else {
            i += 1;
            continue;
        };
        let lower = b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase();
        run = match run {
            Some((start, end, l)) if end == i => Some((start, i + 3, l || lower)),
            other => {
                finish(other, out);
                Some((i, i + 3, lower))
            }
        };
        if v >= 0x80 {
            encoded_sequence(text, i, v, offset, out);
        }
        i += 3;
    }
    finish(run, out);
}

/// The checks on the UTF-8 sequence that starts with the `%XX` at `text[i]` (value `lead`).
fn encoded_sequence(text: &str, i: usize, lead: u8, offset: usize, out: &mut Vec<Warning>) {
    let b = text.as_bytes();
    let n = match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        0xF8..=0xFB => 5, // the 5- and 6-octet forms of RFC 2279, gone since RFC 3629
        0xFC..=0xFD => 6,
        _ => return, // a continuation octet, or not UTF-8 at all
    };
    let mut buf = [lead, 0, 0, 0, 0, 0];
    let mut got = 1;
    while got < n {
        match pct::decode_at(b, i + 3 * got) {
            Some(c) if c & 0xC0 == 0x80 => buf[got] = c,
            _ => break,
        }
        got += 1;
    }
    let bytes = &buf[..got];
    if got == n
        && let Ok(s) = std::str::from_utf8(bytes)
    {
        let c = s.chars().next().unwrap_or('\0');
        if let Some((code, what)) = classify(c) {
            let msg = format!("percent-encodes {what}: U+{:04X} (§6.1, §7.3)", c as u32);
            out.push(Warning::new(code, offset + i, 3 * n, msg));
        }
    } else if got == n && lead == 0xED && bytes[1] >= 0xA0 {
        let v = (bytes[1] as u32 & 0x3F) << 6 | (bytes[2] as u32 & 0x3F) | 0xD000;
        out.push(Warning::new(
            codes::SURROGATE_UTF8,
            offset + i,
            3 * n,
            format!(
                "{} encodes the UTF-16 surrogate U+{v:04X}, which UTF-8 never encodes (RFC 3629 \
                 §3): a lax decoder (CESU-8, WTF-8) reads a character that strict checks did not \
                 see (UTR #36, UTF-8 exploits)",
                &text[i..i + 3 * n]
            ),
        ));
    } else if got == n && (n > 4 || lead > 0xF4 || (lead == 0xF4 && bytes[1] >= 0x90)) {
        let what = if n > 4 {
            format!("a {n}-octet form (RFC 2279)")
        } else {
            let v = (lead as u32 & 0x07) << 18
                | (bytes[1] as u32 & 0x3F) << 12
                | (bytes[2] as u32 & 0x3F) << 6
                | (bytes[3] as u32 & 0x3F);
            format!("0x{v:X}")
        };
        out.push(Warning::new(
            codes::OUT_OF_RANGE_UTF8,
            offset + i,
            3 * n,
            format!(
                "{} encodes {what}, beyond U+10FFFF where UTF-8 ends (RFC 3629 §3): decoders \
                 disagree on what it is (UTR #36, UTF-8 exploits)",
                &text[i..i + 3 * n]
            ),
        ));
    } else if got >= 2 && is_overlong(bytes) {
        let of = match overlong_value(bytes) {
            Some(c) if got == n => format!(" of {}", crate::error::describe(c)),
            _ => String::new(),
        };
        out.push(Warning::new(
            codes::OVERLONG_UTF8,
            offset + i,
            3 * got,
            format!(
                "{} is an overlong UTF-8 form{of}: a lax decoder would read a character that \
                 security checks did not see (§10)",
                &text[i..i + 3 * got]
            ),
        ));
    }
}

/// Whether `bytes` (a lead octet and its continuation octets) is an overlong encoding.
fn is_overlong(bytes: &[u8]) -> bool {
    match bytes {
        [0xC0 | 0xC1, ..] => true,
        [0xE0, c, ..] => *c < 0xA0,
        [0xF0, c, ..] => *c < 0x90,
        _ => false,
    }
}

/// The character an overlong sequence stands for, when it is complete.
fn overlong_value(bytes: &[u8]) -> Option<char> {
    let v = match *bytes {
        [a, b] => (a as u32 & 0x1F) << 6 | (b as u32 & 0x3F),
        [a, b, c] => (a as u32 & 0x0F) << 12 | (b as u32 & 0x3F) << 6 | (c as u32 & 0x3F),
        [a, b, c, d] => {
            (a as u32 & 0x07) << 18
                | (b as u32 & 0x3F) << 12
                | (c as u32 & 0x3F) << 6
                | (d as u32 & 0x3F)
        }
        _ => return None,
    };
    char::from_u32(v)
}

/// §4.2's two rules on one component.
fn bidi(text: &str, offset: usize, out: &mut Vec<Warning>) {
    let rtl = |c: char| matches!(bidi_class(c), BidiClass::R | BidiClass::AL);
    if !text.chars().any(rtl) {
        return;
    }
    if text.chars().any(|c| bidi_class(c) == BidiClass::L) {
        out.push(Warning::new(
            codes::BIDI_MIXED_DIRECTION,
            offset,
            text.len(),
            "one component mixes right-to-left and left-to-right letters (§4.2)",
        ));
    }
    let first = text.chars().next();
    let last = text
        .chars()
        .rev()
        .find(|&c| bidi_class(c) != BidiClass::NSM);
    if !first.is_some_and(rtl) || !last.is_some_and(rtl) {
        out.push(Warning::new(
            codes::BIDI_RTL_BOUNDARY,
            offset,
            text.len(),
            "a component with right-to-left letters should start and end with one: digits or \
             punctuation at its edges reorder on display (§4.2, §4.4 examples 8 and 9)",
        ));
    }
}

/// Delimiters between the components of the bidi and script rules.
fn is_delimiter(c: char) -> bool {
    c.is_ascii() && (crate::chars::is_reserved(c as u8) || c == '.')
}

/// Run [`component_warnings`] on each component of `text` (at `offset`).
fn components(text: &str, offset: usize, out: &mut Vec<Warning>) {
    if text.is_ascii() {
        return;
    }
    let mut start = 0;
    for (i, c) in text.char_indices().chain([(text.len(), '/')]) {
        if is_delimiter(c) {
            component_warnings(&text[start..i], offset + start, out);
            start = i + 1;
        }
    }
}

/// The URL delimiter a host character passes for: punctuation or a symbol whose UTS #39
/// skeleton is `/` `.` `?` `#` `@` `:` or `\` (U+2215 DIVISION SLASH, U+2044 FRACTION SLASH,
/// U+FF0F FULLWIDTH SOLIDUS, U+A789 MODIFIER LETTER COLON …). Letters and marks with such a
/// skeleton (Katakana ノ, Devanagari visarga) are left alone: they are ordinary text of their
/// script. The full stops UTS #46 maps to `.` (U+3002, U+FF0E, U+FF61) are not look-alikes:
/// IDNA and browsers split labels there.
#[cfg(feature = "unicode-checks")]
fn delimiter_lookalike(c: char) -> Option<char> {
    use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
    if c.is_ascii() || matches!(c, '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
        return None;
    }
    if !matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Punctuation | GeneralCategoryGroup::Symbol
    ) {
        return None;
    }
    let mut buf = [0; 4];
    let mut sk = unicode_security::skeleton(c.encode_utf8(&mut buf));
    match (sk.next(), sk.next()) {
        (Some(d @ ('/' | '.' | '?' | '#' | '@' | ':' | '\\')), None) => Some(d),
        _ => None,
    }
}

/// `confusable-delimiter`: characters of a host, written or percent-encoded (strict UTF-8), that
/// look like a URL delimiter (UTR #36 "Syntax Spoofing"; UTS #39 confusables):
/// `http://a.com∕b.com/` shows a host `a.com` and a path, but its host is all of it.
#[cfg(feature = "unicode-checks")]
fn delimiter_lookalikes(host: &str, offset: usize, out: &mut Vec<Warning>) {
    let b = host.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let (c, len, encoded) = match b[i] {
            b'%' => match pct::decode_at(b, i).and_then(|lead| encoded_char(b, i, lead)) {
                Some((c, len)) => (c, len, true),
                None => {
                    i += 1;
                    continue;
                }
            },
            x if x >= 0x80 => {
                let c = host[i..].chars().next().unwrap_or('\u{FFFD}');
                (c, c.len_utf8(), false)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        if let Some(d) = delimiter_lookalike(c) {
            let how = if encoded { ", percent-encoded," } else { "" };
            out.push(Warning::new(
                codes::CONFUSABLE_DELIMITER,
                offset + i,
                len,
                format!(
                    "U+{:04X} ({c}){how} looks like '{d}' but is part of the host name: the host \
                     reads as ending or splitting there (UTR #36 syntax spoofing, UTS #39 \
                     confusables)",
                    c as u32
                ),
            ));
        }
        i += len;
    }
}

/// The character of the strictly UTF-8 `%XX` sequence at `b[i]` (first octet `lead`), and the
/// length of the sequence.
#[cfg(feature = "unicode-checks")]
fn encoded_char(b: &[u8], i: usize, lead: u8) -> Option<(char, usize)> {
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [lead, 0, 0, 0];
    for (k, o) in buf.iter_mut().enumerate().take(n).skip(1) {
        *o = pct::decode_at(b, i + 3 * k)?;
    }
    let c = std::str::from_utf8(&buf[..n]).ok()?.chars().next()?;
    Some((c, 3 * n))
}

/// Host labels: the component rules, on the decoded text of `xn--` labels too; `bad-punycode`;
/// `confusable-delimiter`; and for a DNS host, `idna-invalid` when IDNA cannot convert it.
fn check_host(host: &str, offset: usize, dns: bool, out: &mut Vec<Warning>) {
    #[cfg(feature = "unicode-checks")]
    if !host.is_ascii() || host.contains('%') {
        delimiter_lookalikes(host, offset, out);
    }
    let mut bad_label = false;
    for (at, len) in convert::labels(host) {
        let label = &host[at..at + len];
        if !is_ace(label) {
            component_warnings(label, offset + at, out);
            continue;
        }
        // An A-label is at most 63 octets (RFC 5890 §2.3.2.1): a longer one is reported as it
        // is, without decoding (Punycode decoding is quadratic in the label's length).
        if len > 63 {
            bad_label = true;
            let head = label
                .char_indices()
                .nth(16)
                .map_or(label, |(i, _)| &label[..i]);
            out.push(Warning::new(
                codes::BAD_PUNYCODE,
                offset + at,
                len,
                format!(
                    "the label {}… has the IDNA prefix xn-- but {len} octets: an A-label has at \
                     most 63 (RFC 5890 §2.3.2.1)",
                    head
                ),
            ));
            continue;
        }
        // Without IDNA (the `idna` feature off) an `xn--` label is not decoded.
        #[cfg(feature = "idna")]
        match idna::punycode::decode_to_string(&label[4..]) {
            Some(u) if !u.is_ascii() => {
                let first = out.len();
                component_warnings(&u, offset + at, out);
                for w in &mut out[first..] {
                    w.len = len;
                    w.message = format!("{label} decodes to \"{u}\": {}", w.message);
                }
            }
            decoded => {
                bad_label = true;
                let why = if decoded.is_some() {
                    "decodes to ASCII only (an A-label stands for non-ASCII text)"
                } else {
                    "is not valid Punycode (RFC 3492)"
                };
                out.push(Warning::new(
                    codes::BAD_PUNYCODE,
                    offset + at,
                    len,
                    format!("the label {label} has the IDNA prefix xn-- but {why}"),
                ));
            }
        }
    }
    #[cfg(not(feature = "idna"))]
    let _ = (dns, bad_label); // no IDNA to check the host with
    #[cfg(feature = "idna")]
    if dns
        && !bad_label
        && let Err(e) = convert::validate_dns_host(host)
    {
        out.push(Warning::new(
            codes::IDNA_INVALID,
            offset + e.offset,
            e.len,
            format!("{}: the IRI has no URI form (§3.4)", e.kind),
        ));
    }
}

/// Whether `b` is ASCII, and whether it has no `%`: sixteen bytes at a time into two 16-byte
/// accumulators ([`high_and_percent`], [`crate::chars::each_block16`]). (A fold of both over
/// the bytes compiled to two instructions a byte, callgrind.)
fn ascii_without_percent(b: &[u8]) -> (bool, bool) {
    let (mut high, mut pct) = ([0u8; 16], [0u8; 16]);
    crate::chars::each_block16(b, b' ', |w| high_and_percent(w, &mut high, &mut pct));
    (high == [0; 16], pct == [0; 16])
}

/// OR each byte's high bit into `high` and whether it is `%` into `pct`, lane by lane: a dozen
/// SSE2 instructions. Not inlined: inlined into a loop, the compiler may split the lanes into
/// scalar registers.
#[inline(never)]
fn high_and_percent(w: &[u8; 16], high: &mut [u8; 16], pct: &mut [u8; 16]) {
    for ((&c, h), p) in w.iter().zip(high).zip(pct) {
        *h |= c & 0x80;
        *p |= u8::from(c == b'%');
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_block_test_of_ascii_and_percent_answers_as_the_byte_loop() {
        // Every byte value at every place of texts of 0 to 40 bytes: in a whole block, in the
        // overlapping last one, in the padded short text.
        assert_eq!(ascii_without_percent(b""), (true, true));
        for len in 1..=40 {
            for at in 0..len {
                for c in 0..=u8::MAX {
                    let mut b = vec![b'a'; len];
                    b[at] = c;
                    assert_eq!(
                        ascii_without_percent(&b),
                        (c < 0x80, c != b'%'),
                        "{c:#x} at {at} of {len}"
                    );
                }
            }
        }
    }

    use super::*;

    #[test]
    #[cfg(feature = "unicode-checks")]
    fn public_assigned_agrees_with_unicode_normalization_everywhere() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                is_public_assigned(c),
                unicode_normalization::char::is_public_assigned(c),
                "U+{:04X}",
                c as u32
            );
        }
    }

    fn codes(s: &str) -> Vec<&'static str> {
        warnings(&IriRef::parse(s).unwrap())
            .iter()
            .map(|w| w.code.as_str())
            .collect()
    }

    #[test]
    #[cfg(feature = "unicode-checks")]
    fn character_classes() {
        assert_eq!(codes("http://a/?\u{E000}"), ["private-use"]);
        assert_eq!(codes("http://a/?\u{E0041}"), ["tag-char", "not-rfc3987"]);
        assert_eq!(
            codes("http://a/%EF%BF%BE%EF%BF%BD"),
            ["noncharacter", "special-char"]
        );
        assert_eq!(
            codes("http://a/%E2%80%AE\u{2067}"),
            ["bidi-control", "bidi-control"]
        );
        assert_eq!(codes("http://a/\u{0378}"), ["unassigned"]);
        assert_eq!(codes("http://a/%F4%8F%BF%BF"), ["noncharacter"]);
    }

    #[test]
    fn overlong_forms_and_hex_case() {
        let w = warnings(&IriRef::parse("/%C0%AF..%e0%80%af%F0%80%80%AF%c3%a9").unwrap());
        let got: Vec<_> = w
            .iter()
            .map(|w| (w.code.as_str(), w.offset, w.len))
            .collect();
        assert_eq!(
            got,
            [
                ("overlong-utf8", 1, 6),
                ("overlong-utf8", 9, 9),
                ("lowercase-hex", 9, 27), // one run of adjacent triplets
                ("overlong-utf8", 18, 12),
            ]
        );
        assert!(w[0].message.contains("'/'"), "{}", w[0].message);
        assert!(codes("/%C3%A9%2F%20").is_empty());
        assert_eq!(codes("/%2f%2F%2f"), ["lowercase-hex"]);
        assert_eq!(codes("/%2f/%2f"), ["lowercase-hex", "lowercase-hex"]);
    }

    #[test]
    #[cfg(feature = "unicode-checks")]
    fn normalization_spans() {
        let w = warnings(&IriRef::parse("http://a/re\u{301}sume\u{301}/x").unwrap());
        assert_eq!(
            (w.len(), w[0].code.as_str(), w[0].offset, w[0].len),
            (1, "not-nfc", 10, 9)
        );
        let w = warnings(&IriRef::parse("http://a/x\u{FB01}y").unwrap());
        let got: Vec<_> = w
            .iter()
            .map(|w| (w.code.as_str(), w.offset, w.len))
            .collect();
        assert_eq!(got, [("confusable", 9, 5), ("not-nfkc", 10, 3)]);
        assert!(w[1].message.contains("\"fi\""));
        assert!(w[0].message.contains("\"xfiy\""));
        let w = warnings(&IriRef::parse("/a\u{327}\u{301}").unwrap()); // marks out of order
        assert_eq!((w[0].code.as_str(), w[0].offset), ("not-nfc", 1));
    }

    #[test]
    #[cfg(all(feature = "idna", feature = "unicode-checks"))]
    fn hosts() {
        assert_eq!(codes("http://xn--a_b.example/"), ["bad-punycode"]);
        assert_eq!(codes("http://xn--a.example/"), ["idna-invalid"]); // U+0080
        assert_eq!(codes("http://xn--abc-.example/"), ["bad-punycode"]);
        // Valid Punycode for a label IDNA refuses (U+2FF0 is disallowed).
        let ace = idna::punycode::encode_str("\u{2FF0}").unwrap();
        assert_eq!(
            codes(&format!("http://xn--{ace}.example/")),
            ["idna-invalid"]
        );
        assert!(codes(&format!("foo://xn--{ace}.example/")).is_empty());
        assert_eq!(codes("http://\u{2FF0}.example/"), ["idna-invalid"]);
        assert!(codes("http://xn--ls8h.example/").is_empty()); // 💩: UTS #46 allows it
        assert!(codes("http://xn--99zt52a.example.org/").is_empty());
        assert_eq!(codes("http://раураl.com/"), ["mixed-script", "confusable"]);
        // UTS #39 Highly Restrictive: Latin with Japanese, Chinese or Korean is one writing system.
        assert!(codes("http://example.jp/jstage漢字ひらがなカタカナ").is_empty());
        assert!(codes("http://example.kr/seoul서울特別市").is_empty());
        assert_eq!(codes("http://example.jp/ЖУРНАЛ漢字"), ["mixed-script"]);
        assert_eq!(codes("http://раураӏ.com/"), ["confusable"]);
        assert_eq!(codes("http://u:@a/"), ["password-in-userinfo"]);
    }

    /// Issue 28 item 8: what the draft's grammar accepts and RFC 3987's refuses is said, so that
    /// RDF and XML users see it under the default profile: a `#` in the fragment, a tag
    /// character in the query — and nothing else.
    #[test]
    fn not_rfc3987() {
        let w = warnings(&IriRef::parse("http://example.org/#a#b").unwrap());
        assert_eq!(w.len(), 1);
        assert_eq!(
            (w[0].code, w[0].offset, w[0].len),
            (codes::NOT_RFC3987, 21, 1)
        );
        assert!(w[0].message.contains("RFC 3987"), "{}", w[0].message);
        assert_eq!(codes("#a#b"), ["not-rfc3987"]);
        assert_eq!(
            codes("http://a/?x=\u{E0041}#f#g").last(),
            Some(&"not-rfc3987")
        );
        let tag = warnings(&IriRef::parse("http://a/?\u{E0041}").unwrap());
        assert!(
            tag.iter()
                .any(|w| w.code == codes::NOT_RFC3987 && w.offset == 10)
        );
        for ok in [
            "http://example.org/#a",
            "http://例え.jp/?\u{E000}#frag",
            "http://a/?q#f?/",
            "http://a/%23#b%23c",
        ] {
            assert!(
                !warnings(&IriRef::parse(ok).unwrap())
                    .iter()
                    .any(|w| w.code == codes::NOT_RFC3987),
                "{ok}"
            );
        }
    }

    /// The warning is exactly the difference of the two grammars, on every input of a set that
    /// walks their corners: present when the draft accepts and RFC 3987 refuses, absent when
    /// both accept.
    #[test]
    fn not_rfc3987_is_the_difference_of_the_grammars() {
        use crate::iri::Profile;
        let parts = [
            "",
            "#",
            "a",
            "?",
            "\u{E0041}",
            "\u{E0FFF}",
            "\u{E1000}",
            "\u{E000}",
            "é",
            "/",
            "%41",
            "\u{F0000}",
        ];
        for a in parts {
            for b in parts {
                for c in parts {
                    let s = format!("http://h/{a}?{b}#{c}");
                    let Ok(iri) = IriRef::parse_with(s.as_str(), Profile::IriBis) else {
                        continue;
                    };
                    let strict = IriRef::parse_with(s.as_str(), Profile::Rfc3987).is_ok();
                    let warned = warnings(&iri).iter().any(|w| w.code == codes::NOT_RFC3987);
                    assert_eq!(warned, !strict, "{s}");
                }
            }
        }
    }

    #[test]
    fn ascii_is_free() {
        assert!(codes("http://user@example.com:80/a/b.c?d=e&f#g").is_empty());
        assert!(codes("http://例え.jp/日本語/ファイル.pdf?q=値").is_empty());
    }
}
