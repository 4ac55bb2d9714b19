//! The common written forms of a DOI (DOI Handbook §2.6) in one pass: the bare name, the
//! `DOI:` label, the `doi:` URI and the resolver URL, as reference lists and metadata dumps write
//! them — printable ASCII, no space but a label's, no `%` but in a resolver URL's `%XX` that
//! encode printable ASCII (`%3C`, `%3E`, `%3B` of SICI suffixes), current rules. For these inputs
//! [`recognize`] gives exactly what the general route ([`super::recognize_general`]) gives (unit
//! tests and a property test below compare the two, and the `doi` fuzz target asserts it);
//! anything else, valid or not, is left to the general route, which also words the errors.

use super::Recognized;
use crate::doi::{Doi, DoiForm};

/// The reading of `s` when it is one of the common forms and a valid DOI; `None` otherwise
/// (take the full route).
#[inline]
pub(super) fn recognize(s: &str) -> Option<Recognized<'_>> {
    let f = locate(s)?;
    let (start, end) = (f.start as usize, f.end as usize);
    if f.encoded {
        return encoded_url(s, start);
    }
    Some(Recognized {
        doi: Doi::from_plain_ascii_at(s.get(start..end)?, f.slash as usize),
        form: f.form,
        percent_encoded: false,
        span: Some((start, end)),
        tail: (end < s.len()).then_some((end, s.len())),
        input: s,
    })
}

/// The DOI name of [`recognize`]'s reading, without the rest of it.
#[inline]
pub(super) fn name(s: &str) -> Option<Doi<'_>> {
    let f = locate(s)?;
    if f.encoded {
        return encoded_url(s, f.start as usize).map(|r| r.doi);
    }
    Some(Doi::from_plain_ascii_at(
        s.get(f.start as usize..f.end as usize)?,
        f.slash as usize,
    ))
}

/// Where [`locate`] found the name, in sixteen bytes. (A [`Recognized`], a hundred bytes, came
/// back through memory, and the caller's wide loads of it waited on the narrow stores that
/// had just written it: a quarter of `doi_name`'s time, in `perf`. This small answer is read
/// without that wait, and the reading or the name is built from it inline.)
#[derive(Clone, Copy)]
struct Found {
    /// The name's bytes in the input (for `encoded`, where the resolver URL's path starts).
    start: u32,
    end: u32,
    /// The first `/` of the name, from its start.
    slash: u32,
    form: DoiForm,
    /// A resolver URL whose path has `%XX`s: [`encoded_url`] reads it.
    encoded: bool,
}

/// The common form `s` is written in and where its name is, when it is a valid DOI; `None`
/// otherwise (and for inputs of 4 GiB or more, which the full route reads).
///
/// The forms are told apart by comparing the first words of `s` with each prefix, without a
/// branch per form (reference lists mix the forms at random, so such branches are mispredicted),
/// and then every form takes the same steps: the characters checked, a URL's query or fragment
/// cut off, the name read.
#[inline(never)]
fn locate(s: &str) -> Option<Found> {
    let b = s.as_bytes();
    u32::try_from(b.len()).ok()?;
    let (checked, start, form) = form(b)?;
    let query_or_fragment = match plain(&b[checked..]) {
        Some(qf) => qf,
        // Only a resolver URL's path is percent-decoded here, and only where `plain` fails (so
        // it costs the other inputs nothing); a `%` in the other forms (literal in a name,
        // decoded in a `doi:` URI) is left to the full route.
        None if form == DoiForm::Url => {
            return Some(Found {
                start: start as u32,
                end: start as u32,
                slash: 0,
                form,
                encoded: true,
            });
        }
        None => return None,
    };
    let end = match (query_or_fragment, form) {
        // Only a URL's query or fragment is cut off: one after `doi:` is an error under the
        // current rules, and in a bare name or after a label `?` and `#` are characters of it.
        (true, DoiForm::Url) => {
            memchr::memchr2(b'?', b'#', &b[start..]).map_or(b.len(), |i| start + i)
        }
        (true, DoiForm::Uri) => return None,
        _ => b.len(),
    };
    let code = &b[start..end];
    // The Handle API path and shortDOI codes (all letters and digits) of a resolver URL have
    // their own readings; an empty path is an error. (No valid name in another form is one of
    // these: a DOI name has a `/` after `10.`, so the test costs those forms nothing.)
    if code.is_empty()
        || code.starts_with(b"api/handles/")
        || code.iter().all(u8::is_ascii_alphanumeric)
    {
        return None;
    }
    let slash = Doi::plain_ascii_slash(s.get(start..end)?)?;
    // Every offset is under `b.len()`, which fits (checked above).
    Some(Found {
        start: start as u32,
        end: end as u32,
        slash: slash as u32,
        form,
        encoded: false,
    })
}

/// The form of `b` (at least eight bytes; shorter inputs take the full route), where its name
/// starts, and where its characters are to be checked from: the start of `b` but for a label
/// (which has spaces), as [`word`] lower-cases by `| 0x20`, which would take a control
/// character for `:`, `/` or `.`.
///
/// Every form is tested and one is chosen by index (a label before the `doi:` URI it also
/// looks like, `DOI: 10.1000/x`; the others are disjoint): reference lists mix the forms at
/// random, so a branch per form would be mispredicted.
#[inline(always)]
fn form(b: &[u8]) -> Option<(usize, usize, DoiForm)> {
    const DOI: u64 = u64::from_le_bytes(*b"doi\0\0\0\0\0");
    const DOI_COLON: u64 = u64::from_le_bytes(*b"doi:\0\0\0\0");
    const TEN_SLASH: u64 = u64::from_le_bytes(*b"10/\0\0\0\0\0");
    const TEN_DOT: u64 = u64::from_le_bytes(*b"10.\0\0\0\0\0");
    const LOW3: u64 = 0xFF_FFFF;
    const LOW4: u64 = 0xFFFF_FFFF;
    let raw = u64::from_le_bytes(b.get(..8)?.try_into().ok()?);
    let w = raw | (ONES * 0x20);
    // A label: `DOI:` or `doi` (any case), whitespace, the name. The whitespace is counted
    // from the byte after the first, so that the loop ends at once for a label with one space
    // as for any other form.
    let after = 3 + usize::from(b[3] == b':');
    let mut name = after + usize::from(b[after].is_ascii_whitespace());
    while b.get(name).is_some_and(u8::is_ascii_whitespace) {
        name += 1;
    }
    let label = (w & LOW3 == DOI) & (name > after) & (name < b.len());
    // The resolver URL, with or without its scheme.
    let scheme = 8 * usize::from(w == HTTPS) + 7 * usize::from(w & LOW7 == HTTP);
    let host = resolver_host(b, scheme);
    let url = host != 0;
    let uri = w & LOW4 == DOI_COLON;
    // The bare name (super::claims: `10/` or `10.` and a digit).
    let bare = (raw & LOW3 == TEN_SLASH) | ((raw & LOW3 == TEN_DOT) & b[3].is_ascii_digit());
    if !(label | url | uri | bare) {
        return None;
    }
    let k = (3 * usize::from(label))
        .max(2 * usize::from(url))
        .max(usize::from(uri));
    let start = [0, 4, scheme + host, name][k];
    let form = [DoiForm::Name, DoiForm::Uri, DoiForm::Url, DoiForm::Label][k];
    Some((if label { name } else { 0 }, start, form))
}

const ONES: u64 = u64::from_le_bytes([0x01; 8]);
const HTTPS: u64 = u64::from_le_bytes(*b"https://");
const HTTP: u64 = u64::from_le_bytes(*b"http://\0");
const LOW7: u64 = 0x00FF_FFFF_FFFF_FFFF;

/// `Some(whether there is a `?` or `#`)` when every byte of `b` is printable ASCII other than
/// space and `%`; `None` otherwise. Sixteen bytes at a time, in a loop the compiler turns into
/// vector compares (SSE2 on x86-64, NEON on aarch64; no `unsafe`): each byte's result is
/// gathered with OR into its lane, and the lanes are tested once at the end (no branch per
/// block). The last sixteen bytes overlap the last whole block; a shorter text is copied into a
/// block padded with `a`.
fn plain(b: &[u8]) -> Option<bool> {
    let (mut bad, mut qf) = ([0u8; 16], [0u8; 16]);
    let mut block = |w: &[u8; 16]| {
        for ((&c, bad), qf) in w.iter().zip(&mut bad).zip(&mut qf) {
            *bad |= u8::from(c.wrapping_sub(0x21) >= 0x7f - 0x21) | u8::from(c == b'%');
            *qf |= u8::from(c == b'?') | u8::from(c == b'#');
        }
    };
    match b.len().checked_sub(16) {
        Some(last) => {
            block(b[last..].try_into().ok()?);
            for w in b.chunks_exact(16) {
                block(w.try_into().ok()?);
            }
        }
        None => {
            let mut padded = [b'a'; 16];
            padded[..b.len()].copy_from_slice(b);
            block(&padded);
        }
    }
    (bad == [0; 16]).then_some(qf != [0; 16])
}

/// The eight bytes of `b` at `at`, ASCII letters lower-cased — and every other byte of a
/// [`plain`] text kept, as `|= 0x20` leaves `!`…`?` as they are.
fn word(b: &[u8], at: usize) -> Option<u64> {
    let w = <[u8; 8]>::try_from(b.get(at..at + 8)?).ok()?;
    Some(u64::from_le_bytes(w) | (ONES * 0x20))
}

/// The length of `doi.org/`, `dx.doi.org/` or `www.doi.org/` (any case) at `at` in the
/// [`plain`] text `b`, 0 if none: the resolver hosts of [`super::RESOLVER_HOSTS`] and their `/`.
fn resolver_host(b: &[u8], at: usize) -> usize {
    const DOI_ORG: u64 = u64::from_le_bytes(*b"doi.org/");
    const DX: u64 = u64::from_le_bytes(*b"dx.doi.o");
    const WWW: u64 = u64::from_le_bytes(*b"www.doi.");
    let at = |i: usize| word(b, at + i).unwrap_or(0);
    let first = at(0);
    8 * usize::from(first == DOI_ORG)
        + 11 * usize::from((first == DX) & (at(3) == DOI_ORG))
        + 12 * usize::from((first == WWW) & (at(4) == DOI_ORG))
}

/// The reading of the resolver URL `s`, whose path starts at `start`, when the path holds
/// `%XX`s of printable ASCII characters other than space (`%3C`, `%3E`, `%3B` of SICI suffixes)
/// and every other byte of `s` is printable ASCII other than space: the path decoded is then a
/// name as [`locate`] reads the plain forms' (the full route decodes the whole path, then reads
/// it). `None` otherwise — a stray `%`, an encoded space, control or UTF-8 byte, no `%` at all:
/// the full route.
#[inline(never)]
fn encoded_url(s: &str, start: usize) -> Option<Recognized<'_>> {
    let b = s.as_bytes();
    let mut name = Vec::with_capacity(b.len() - start);
    // Runs of literal bytes copied whole, each `%XX` decoded; the path ends at `?`, `#`, the
    // end, or a byte that is not printable ASCII (which the test of the tail below refuses).
    let (mut run, mut end) = (start, start);
    loop {
        while b
            .get(end)
            .is_some_and(|&c| c.is_ascii_graphic() & !matches!(c, b'%' | b'?' | b'#'))
        {
            end += 1;
        }
        name.extend_from_slice(&b[run..end]);
        if b.get(end) != Some(&b'%') {
            break;
        }
        let c = crate::pct::decode_at(b, end).filter(u8::is_ascii_graphic)?;
        name.push(c);
        end += 3;
        run = end;
    }
    let code = &b[start..end];
    if name.len() == code.len()
        || code.starts_with(b"api/handles/")
        || !b[end..].iter().all(u8::is_ascii_graphic)
    {
        return None;
    }
    Some(Recognized {
        doi: Doi::from_plain_ascii_owned(String::from_utf8(name).ok()?)?,
        form: DoiForm::Url,
        percent_encoded: true,
        span: Some((start, end)),
        tail: (end < b.len()).then_some((end, b.len())),
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
            "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO%3B2-0",
            "http://dx.doi.org/10.1000%2F182",
            "doi.org/10.1000/100%25?x%20y#z",
            "https://doi.org/10.1000/a%3fb?c",
            "https://doi.org/%31%30.1000/x",
        ] {
            let fast = recognize(s);
            assert!(fast.is_some(), "{s:?} takes the full route");
            assert_eq!(name(s), fast.as_ref().map(|r| r.doi.clone()), "{s:?}");
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
            "10.1000/a%3Cb",
            "DOI: 10.1000/a%3Cb",
            "https://doi.org/10.1000/a%20b",
            "https://doi.org/10.1000/a%C3%A9",
            "https://doi.org/10.1000/a%0A",
            "https://doi.org/10.1000/a%",
            "https://doi.org/10.1000/a%3",
            "https://doi.org/10.1000/a%G0",
            "https://doi.org/10.1000%2F",
            "https://doi.org/10.1000/a%3C?\u{7f}",
            "https://doi.org/10.1000/a b",
            "https://doi.org/api/handles/10.1000%2Fx",
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
            // Control characters that lower-casing a word by `| 0x20` turns into `:`, `/`, `.`.
            "doi\u{1a}10.1000/182",
            "https\u{1a}//doi.org/10.1000/182",
            "http:/\u{0f}doi.org/10.1000/182",
            "https://doi\u{0e}org/10.1000/182",
            "dx\u{0e}doi.org/10.1000/182",
            "HTTPS://DOI.ORG\u{0f}10.1000/182",
        ] {
            assert_eq!(recognize(s), None, "{s:?}");
            assert_eq!(name(s), None, "{s:?}");
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
            "%3C",
            "%3e",
            "%25",
            "%20",
            "%C3%A9",
            "%7",
            "é",
            "\u{7f}",
            // Control characters that `| 0x20` turns into `:`, `/` and `.`.
            "\u{1a}",
            "\u{0f}",
            "\u{0e}",
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
            // The name alone is the reading's.
            prop_assert_eq!(name(&s), recognize(&s).map(|r| r.doi), "{:?}", s);
            if let Some(fast) = recognize(&s) {
                prop_assert_eq!(Some(fast), full(&s), "{:?}", s);
            }
        });
    }
}
