//! The common written forms of a DOI (DOI Handbook §2.6) in one pass: the bare name, the
//! `DOI:` label, the `doi:` URI and the resolver URL, as reference lists and metadata dumps write
//! them — printable ASCII, no `%`, no space but a label's, current rules. For these inputs
//! [`recognize`] gives exactly what the general route ([`super::recognize_general`]) gives (unit
//! tests and a property test below compare the two, and the `doi` fuzz target asserts it);
//! anything else, valid or not, is left to the general route, which also words the errors.

use super::Recognized;
use crate::doi::{Doi, DoiForm};

/// The reading of `s` when it is one of the common forms and a valid DOI; `None` otherwise
/// (take the full route).
#[inline]
pub(super) fn recognize(s: &str) -> Option<Recognized<'_>> {
    let b = s.as_bytes();
    if b.len() < 4 {
        return None;
    }
    // A label: `DOI:` or `doi` and spaces before the name, read literally.
    if b[..3].eq_ignore_ascii_case(b"doi") {
        let after = if b[3] == b':' { 4 } else { 3 };
        let ws = b[after..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
        if ws > 0 {
            let start = after + ws;
            if start == b.len() || plain(&b[start..]).is_none() {
                return None;
            }
            return found(s, start, b.len(), DoiForm::Label, None);
        }
    }
    let query_or_fragment = plain(b)?;
    match b[0] | 0x20 {
        // The bare name (super::claims: `10/` or `10.` and a digit).
        b'1' if b.starts_with(b"10/") || (b.starts_with(b"10.") && b[3].is_ascii_digit()) => {
            found(s, 0, s.len(), DoiForm::Name, None)
        }
        // `doi:` and the name; a query or fragment is an error under the current rules.
        b'd' if b[..4].eq_ignore_ascii_case(b"doi:") => {
            if query_or_fragment {
                return None;
            }
            found(s, 4, s.len(), DoiForm::Uri, None)
        }
        // A resolver URL, with or without its scheme.
        b'h' | b'd' | b'w' => {
            let host = match (word(b, 0), word(b, 0).map(|w| w & 0x00FF_FFFF_FFFF_FFFF)) {
                (Some(HTTPS), _) => 8,
                (_, Some(HTTP)) => 7,
                _ => 0,
            };
            let path = host + resolver_host(&b[host..])?;
            let end = match query_or_fragment {
                true => memchr::memchr2(b'?', b'#', &b[path..]).map_or(b.len(), |i| path + i),
                false => b.len(),
            };
            let code = &b[path..end];
            // The Handle API path and shortDOI codes (all letters and digits) have their own
            // readings; an empty path is an error.
            if code.is_empty()
                || code.starts_with(b"api/handles/")
                || code.iter().all(u8::is_ascii_alphanumeric)
            {
                return None;
            }
            let tail = (end < b.len()).then_some((end, b.len()));
            found(s, path, end, DoiForm::Url, tail)
        }
        _ => None,
    }
}

const ONES: u64 = u64::from_le_bytes([0x01; 8]);
const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
const HTTPS: u64 = u64::from_le_bytes(*b"https://");
const HTTP: u64 = u64::from_le_bytes(*b"http://\0");

/// `Some(whether there is a `?` or `#`)` when every byte of `b` is printable ASCII other than
/// space and `%`; `None` otherwise. Eight bytes at a time (SWAR): each word's tests set the
/// high bit of some byte exactly when some byte of the word fails them, and the words' results
/// are gathered with OR and tested once at the end (no branch per word).
fn plain(b: &[u8]) -> Option<bool> {
    // The high bit set in some byte iff some byte of `y` is 0.
    let zero = |y: u64| y.wrapping_sub(ONES) & !y;
    // Some byte ≥ 0x80 (`x`), DEL (`x + 1`; a carry into a byte comes only from 0xFF, itself
    // caught), < 0x21, or `%`.
    let bad = |x: u64| {
        x | x.wrapping_add(ONES) | (x.wrapping_sub(ONES * 0x21) & !x) | zero(x ^ (ONES * 0x25))
    };
    let qf = |x: u64| zero(x ^ (ONES * u64::from(b'?'))) | zero(x ^ (ONES * u64::from(b'#')));
    if b.len() < 8 {
        let ok = b.iter().all(|&c| c.is_ascii_graphic() && c != b'%');
        return ok.then(|| b.iter().any(|&c| c == b'?' || c == b'#'));
    }
    // Whole words, then the last eight bytes (overlapping the last whole word: no copy).
    let raw = |w: &[u8]| <[u8; 8]>::try_from(w).ok().map(u64::from_le_bytes);
    let last = raw(&b[b.len() - 8..])?;
    let (mut any_bad, mut any_qf) = (bad(last), qf(last));
    for w in b.chunks_exact(8) {
        let x = raw(w)?;
        any_bad |= bad(x);
        any_qf |= qf(x);
    }
    (any_bad & HIGH == 0).then_some(any_qf & HIGH != 0)
}

/// The eight bytes of `b` at `at`, ASCII letters lower-cased — and every other byte of a
/// [`plain`] text kept, as `|= 0x20` leaves `!`…`?` as they are.
fn word(b: &[u8], at: usize) -> Option<u64> {
    let w = <[u8; 8]>::try_from(b.get(at..at + 8)?).ok()?;
    Some(u64::from_le_bytes(w) | (ONES * 0x20))
}

/// The length of `doi.org/`, `dx.doi.org/` or `www.doi.org/` (any case) at the start of the
/// [`plain`] text `b`: the resolver hosts of [`super::RESOLVER_HOSTS`] and their `/`.
fn resolver_host(b: &[u8]) -> Option<usize> {
    const DOI_ORG: u64 = u64::from_le_bytes(*b"doi.org/");
    const DX: u64 = u64::from_le_bytes(*b"dx.doi.o");
    const WWW: u64 = u64::from_le_bytes(*b"www.doi.");
    match word(b, 0)? {
        DOI_ORG => Some(8),
        DX if word(b, 3)? == DOI_ORG => Some(11),
        WWW if word(b, 4)? == DOI_ORG => Some(12),
        _ => None,
    }
}

/// The reading of `s[start..end]` as a DOI name, as the full route words it.
#[inline]
fn found(
    s: &str,
    start: usize,
    end: usize,
    form: DoiForm,
    tail: Option<(usize, usize)>,
) -> Option<Recognized<'_>> {
    let doi = Doi::from_plain_ascii(&s[start..end])?;
    Some(Recognized {
        doi,
        form,
        percent_encoded: false,
        span: Some((start, end)),
        tail,
        input: s,
    })
}

#[cfg(test)]
mod tests {
    use super::super::recognize_trimmed;
    use super::*;
    use crate::doi::DoiProfile;

    /// The full route's reading of `s`, when it reads a DOI.
    fn full(s: &str) -> Option<Recognized<'_>> {
        recognize_trimmed(s, DoiProfile::Current)
            .ok()
            .map(|r| Recognized { input: s, ..r })
    }

    #[test]
    fn answers_for_the_common_forms_as_the_full_route_does() {
        for s in [
            "10.1000/182",
            "10/abc.d",
            "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
            "doi:10.1000/182",
            "DOI:10.1000/a/b",
            "DOI: 10.1000/182",
            "doi \t10.1000/182?x#y",
            "https://doi.org/10.1000/182",
            "HTTP://DX.DOI.ORG/10.1000/182?noredirect",
            "http://www.doi.org/10.1000/182#frag",
            "Doi.Org/10.1000/182",
            "dx.doi.org/10.1/x?",
        ] {
            let fast = recognize(s);
            assert!(fast.is_some(), "{s:?} takes the full route");
            assert_eq!(fast, full(s), "{s:?}");
        }
    }

    #[test]
    fn leaves_everything_else_to_the_full_route() {
        for s in [
            "",
            "10.1000",
            "10.1000/",
            "10.x/y",
            "11.1000/x",
            "doi:10.1000/182?x",
            "doi:10.1000/182#x",
            "doi:10.1000%2F182",
            "10.1000/a b",
            "10.1000/é",
            " 10.1000/182",
            "10.1000/182 ",
            "https://doi.org/",
            "https://doi.org/abc",
            "https://doi.org/api/handles/10.1000/182",
            "https://doi.org.example/10.1000/182",
            "https://example.org/10.1000/182",
            "info:doi/10.1000/182",
            "urn:doi:10.1000:182",
            "hdl:10.1000/182",
            "DOI: ",
            "doi:",
        ] {
            assert_eq!(recognize(s), None, "{s:?}");
        }
    }

    #[test]
    fn agrees_with_the_full_route_on_generated_inputs() {
        use proptest::prelude::*;
        let pieces = [
            "10.",
            "10/",
            "1",
            "0",
            "1000",
            "/",
            ".",
            "..",
            "abc",
            "ABC",
            "x",
            "doi",
            "DOI",
            ":",
            "doi:",
            "DOI: ",
            "doi ",
            "\t",
            " ",
            "https://",
            "HTTP://",
            "http:/",
            "doi.org/",
            "DX.DOI.ORG/",
            "www.doi.org/",
            "www.doi.",
            "dx.",
            "api/handles/",
            "?",
            "#",
            "%2F",
            "%",
            "é",
            "\u{7f}",
            "\u{3000}",
            "(SICI)",
            "<>",
            "hdl:",
            "info:doi/",
            "urn:doi:",
        ];
        let input = prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..8)
            .prop_map(|v| v.concat());
        proptest!(ProptestConfig::with_cases(20_000), |(s in input)| {
            if let Some(fast) = recognize(&s) {
                prop_assert_eq!(Some(fast), full(&s), "{:?}", s);
            }
        });
    }
}
