//! The grammar of draft-duerst-iri-bis-07 §2.2 → component positions, in one pass, without allocating.

use super::error::{IriError as ErrorKind, IriParseError as ParseError};
use crate::chars::{self, IPV_FUTURE, PATH, PCHAR_NC, QUERY, REG_NAME, SCHEME, USERINFO};

// The ASCII characters each scanning context accepts literally, one bit per context, so that a
// run of eight bytes is tested with eight loads and one AND (`run`): a byte is in a context's
// class iff its bit is set, and the AND of eight entries keeps the bit iff all eight are in it.
const C_SCHEME: u8 = 1 << 0;
const C_USERINFO: u8 = 1 << 1;
const C_REG_NAME: u8 = 1 << 2;
const C_PCHAR_NC: u8 = 1 << 3;
const C_PATH: u8 = 1 << 4;
const C_QUERY: u8 = 1 << 5;
/// `ifragment` of the seed draft: `iquery`'s ASCII characters and `#`.
const C_FRAGMENT_BIS: u8 = 1 << 6;
const C_DIGIT: u8 = 1 << 7;

/// `CLASS[b]`: the `C_*` contexts that accept the byte `b` literally (none for non-ASCII).
static CLASS: [u8; 256] = build_class();

const fn build_class() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let f = chars::TABLE[b];
        let mut c = 0;
        if f & SCHEME != 0 {
            c |= C_SCHEME;
        }
        if f & USERINFO != 0 {
            c |= C_USERINFO;
        }
        if f & REG_NAME != 0 {
            c |= C_REG_NAME;
        }
        if f & PCHAR_NC != 0 {
            c |= C_PCHAR_NC;
        }
        if f & PATH != 0 {
            c |= C_PATH;
        }
        if f & QUERY != 0 {
            c |= C_QUERY | C_FRAGMENT_BIS;
        }
        if b == b'#' as usize {
            c |= C_FRAGMENT_BIS;
        }
        if (b as u8).is_ascii_digit() {
            c |= C_DIGIT;
        }
        t[b] = c;
        b += 1;
    }
    t
}

const ONES: u64 = u64::from_le_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);

/// The index of the first of the eight bytes `c` that is not in `class`, without branches:
/// the class bits as one word, then the exact "has a zero byte" test.
#[inline(always)]
fn first_out(c: &[u8; 8], class: u8) -> usize {
    let t = |k: usize| (CLASS[c[k] as usize] as u64) << (8 * k);
    let v = (t(0) | t(1) | t(2) | t(3) | t(4) | t(5) | t(6) | t(7)) & (ONES * class as u64);
    (v.wrapping_sub(ONES) & !v & HIGHS).trailing_zeros() as usize / 8
}

/// The class bits common to all eight bytes of `c`.
#[inline(always)]
fn all8(c: &[u8]) -> u8 {
    let c: &[u8; 8] = c.try_into().unwrap();
    CLASS[c[0] as usize]
        & CLASS[c[1] as usize]
        & CLASS[c[2] as usize]
        & CLASS[c[3] as usize]
        & CLASS[c[4] as usize]
        & CLASS[c[5] as usize]
        & CLASS[c[6] as usize]
        & CLASS[c[7] as usize]
}

/// The end of the run of ASCII bytes of `class` in `b` from `i`: eight bytes per step while
/// the run lasts (eight table loads and one AND). Where a long run stops, the exact byte comes
/// from the chunk without a branch (`first_out`); a short run (stopping in its first chunk, as
/// schemes and host names do) is finished byte by byte, which is cheaper when it is predictable;
/// a run that reaches the end of the input is confirmed on the input's last eight bytes.
#[inline(always)]
fn run(b: &[u8], i: usize, class: u8) -> usize {
    let s = &b[i..];
    let mut n = 0;
    let mut chunks = s.chunks_exact(8);
    for c in &mut chunks {
        if all8(c) & class == 0 {
            if n > 0 {
                return i + n + first_out(c.try_into().unwrap(), class);
            }
            break;
        }
        n += 8;
    }
    if n + 8 > s.len() && b.len() >= 8 && all8(&b[b.len() - 8..]) & class != 0 {
        return b.len();
    }
    let rest = &s[n..];
    i + n
        + rest
            .iter()
            .position(|&c| CLASS[c as usize] & class == 0)
            .unwrap_or(rest.len())
}

/// `PAIR[x | y << 8]`: the classes of the two bytes `x`, `y` (`CLASS[x] | CLASS[y] << 8`), so
/// that eight bytes are classified with one word load and four table loads (loads, not
/// arithmetic, bound a byte-table scanner). 128 KiB, of which a text touches a small part:
/// the pairs of the characters it contains (for URLs, a few hundred cache lines).
static PAIR: [u16; 65536] = build_pair();

const fn build_pair() -> [u16; 65536] {
    let mut t = [0u16; 65536];
    let mut i = 0;
    while i < 65536 {
        t[i] = CLASS[i & 0xFF] as u16 | (CLASS[i >> 8] as u16) << 8;
        i += 1;
    }
    t
}

/// The class bits of the eight bytes of `c` as one word: byte `k` is `CLASS[c[k]]`.
#[inline(always)]
fn class_word(c: &[u8; 8]) -> u64 {
    let w = u64::from_le_bytes(*c);
    let t = |k: u32| (PAIR[(w >> (16 * k)) as u16 as usize] as u64) << (16 * k);
    t(0) | t(1) | t(2) | t(3)
}

/// The bytes of `b`, shorter than sixteen, as a little-endian number (the bytes past its end
/// 0): from two words that overlap, not a copy into a buffer (a `memcpy` call per input).
#[inline(always)]
fn padded(b: &[u8]) -> u128 {
    let n = b.len();
    debug_assert!(n < 16);
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap());
    let half = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as u64;
    if n >= 8 {
        // The last eight bytes, less those the first word has.
        let high = word(n - 8).checked_shr(8 * (16 - n as u32)).unwrap_or(0);
        word(0) as u128 | (high as u128) << 64
    } else if n >= 4 {
        (half(0) | (half(n - 4) >> (8 * (8 - n))) << 32) as u128
    } else {
        b.iter().rev().fold(0, |x, &c| x << 8 | c as u128)
    }
}

/// One chunk of the input classified for [`Chunks`]: which of its bytes each `C_*` context
/// accepts. Two shapes give the same answers (tested): [`Word`], eight bytes by table loads,
/// on every machine; and, on x86-64 processors with SSSE3, sixteen bytes by vector shuffles.
trait Lanes: Copy + Default {
    /// Bytes per chunk.
    const WIDTH: usize;
    /// Bits per byte in [`Lanes::out`].
    const STEP: u32;
    /// The classes of a whole chunk (`c.len() == WIDTH`).
    fn chunk(c: &[u8]) -> Self;
    /// The classes of the input's last, partial chunk (`b[n - n % WIDTH..]`, `n = b.len()`),
    /// its bytes past the end in no class; the default (every byte in no class) when there is
    /// no partial chunk.
    fn tail(b: &[u8]) -> Self;
    /// `STEP` bits per byte of the chunk, the lowest of them set iff the byte is not in
    /// `class` (a single `C_*` bit); every bit above the chunk clear. Zero: all in `class`.
    fn out(self, class: u8) -> u64;
    /// A whole chunk met in a long run: `None` if all its bytes are in `class`, else its
    /// classes.
    fn stops(c: &[u8], class: u8) -> Option<Self>;
}

/// Eight bytes' classes as one word: byte `k` is `CLASS[c[k]]`.
#[derive(Clone, Copy, Default)]
struct Word(u64);

impl Lanes for Word {
    const WIDTH: usize = 8;
    const STEP: u32 = 8;

    #[inline(always)]
    fn chunk(c: &[u8]) -> Self {
        Word(class_word(c.try_into().unwrap()))
    }

    /// The input's last eight bytes shifted so that byte 0 is the partial chunk's first (or a
    /// zero-padded copy of a shorter input). The bytes past the end are 0, in no class.
    #[inline(always)]
    fn tail(b: &[u8]) -> Self {
        let n = b.len();
        Word(match n.checked_sub(8) {
            Some(last) => {
                let c: &[u8; 8] = b[last..].try_into().unwrap();
                // A shift by 64 (no partial chunk) gives 0.
                class_word(c)
                    .checked_shr(8 * (8 - n as u32 % 8))
                    .unwrap_or(0)
            }
            None => class_word(&(padded(b) as u64).to_le_bytes()),
        })
    }

    /// Each class is one bit, so the bytes out of it are the set bits of
    /// `!word & (ONES * class)`: no carry between bytes.
    #[inline(always)]
    fn out(self, class: u8) -> u64 {
        !self.0 & (ONES * class as u64)
    }

    /// Pair by pair: the AND of the four pair entries has the class bit in both bytes iff all
    /// eight bytes have it, and the word is put together only for the chunk where a run stops.
    #[inline(always)]
    fn stops(c: &[u8], class: u8) -> Option<Self> {
        let w = u64::from_le_bytes(c.try_into().unwrap());
        let l = |k: u32| PAIR[(w >> (16 * k)) as u16 as usize];
        let (l0, l1, l2, l3) = (l(0), l(1), l(2), l(3));
        let m2 = class as u16 * 0x0101;
        if l0 & l1 & l2 & l3 & m2 == m2 {
            return None;
        }
        Some(Word(
            l0 as u64 | (l1 as u64) << 16 | (l2 as u64) << 32 | (l3 as u64) << 48,
        ))
    }
}

/// Sixteen bytes at a time with SSSE3's byte shuffle (`pshufb`), on x86-64 processors that
/// have it (Intel's since 2006, AMD's since 2011; [`parse`] asks once per parse). With
/// `parse`, the crate's only `unsafe` code: the vector instructions are `unsafe` to call
/// outside a function compiled for them, and none of them reads or writes memory (the
/// sixteen bytes are loaded as two words).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod ssse3 {
    use super::{CLASS, Lanes, padded};
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set_epi64x, _mm_set1_epi8,
        _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    };

    /// `ROWS[h]`: one bit for each ASCII high nibble `h` (0–7); none for 8–15, the non-ASCII
    /// bytes, which no context accepts literally.
    const ROWS: u128 = u128::from_le_bytes([1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0]);

    /// `BY_LOW[c][l]`: for the context with bit `c`, the high nibbles `h` (as [`ROWS`] bits)
    /// such that the byte `h << 4 | l` is in it. A byte is in the context iff
    /// `BY_LOW[c][low nibble] & ROWS[high nibble] != 0`: any set of ASCII bytes is two
    /// shuffles and an AND.
    const BY_LOW: [u128; 8] = by_low();

    const fn by_low() -> [u128; 8] {
        let mut t = [0u128; 8];
        let mut b = 0;
        while b < 128 {
            let mut c = 0;
            while c < 8 {
                if CLASS[b] & (1 << c) != 0 {
                    t[c] |= 1 << (8 * (b & 15) + (b >> 4));
                }
                c += 1;
            }
            b += 1;
        }
        t
    }

    /// The sixteen bytes `x` (little-endian) in a vector.
    #[inline(always)]
    fn vector(x: u128) -> __m128i {
        // SAFETY: SSE2 is part of every x86-64 processor; no memory is read.
        unsafe { _mm_set_epi64x((x >> 64) as i64, x as i64) }
    }

    /// The low and high nibbles of each byte of `v`.
    #[inline(always)]
    fn nibbles(v: __m128i) -> (__m128i, __m128i) {
        // SAFETY: SSE2 is part of every x86-64 processor; no memory is read.
        unsafe {
            let nibble = _mm_set1_epi8(0x0F);
            (
                _mm_and_si128(v, nibble),
                _mm_and_si128(_mm_srli_epi16::<4>(v), nibble),
            )
        }
    }

    /// `pshufb`: byte `k` of the result is `table[index[k] & 15]`, or 0 where `index[k]` has
    /// its high bit set.
    #[inline(always)]
    fn shuffle(table: __m128i, index: __m128i) -> __m128i {
        debug_assert!(std::arch::is_x86_feature_detected!("ssse3"));
        // SAFETY: a `Vector` is made only in `parse_ssse3` (this private type is handed to
        // `parse_in` nowhere else), and `parse` calls that only when the processor has SSSE3
        // (and the tests only after asking too). No memory is read.
        unsafe { _mm_shuffle_epi8(table, index) }
    }

    /// Bit `k` set iff byte `k` of `v` is 0.
    #[inline(always)]
    fn zeros(v: __m128i) -> u32 {
        // SAFETY: SSE2 is part of every x86-64 processor; no memory is read.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u32 }
    }

    /// Sixteen bytes' low nibbles and high-nibble rows, from which any context's bytes are
    /// found ([`Lanes::out`]); `shift` and `pad` place a partial chunk read from the input's
    /// last sixteen bytes.
    #[derive(Clone, Copy)]
    pub(super) struct Vector {
        low: __m128i,
        rows: __m128i,
        /// Bytes of the sixteen read that come before the chunk.
        shift: u32,
        /// The bits of the bytes past the end of the input, which are in no class.
        pad: u32,
    }

    impl Default for Vector {
        /// No byte in any class.
        fn default() -> Self {
            Vector {
                low: vector(0),
                rows: vector(0),
                shift: 0,
                pad: 0xFFFF,
            }
        }
    }

    impl Vector {
        #[inline(always)]
        fn of(c: &[u8; 16], shift: u32, pad: u32) -> Self {
            let (low, high) = nibbles(vector(u128::from_le_bytes(*c)));
            Vector {
                low,
                // A non-ASCII byte's high nibble is 8–15: its row is 0.
                rows: shuffle(vector(ROWS), high),
                shift,
                pad,
            }
        }
    }

    impl Lanes for Vector {
        const WIDTH: usize = 16;
        const STEP: u32 = 1;

        #[inline(always)]
        fn chunk(c: &[u8]) -> Self {
            Vector::of(c.try_into().unwrap(), 0, 0)
        }

        /// The input's last sixteen bytes, shifted past the bytes before the chunk; a shorter
        /// input is read with zero bytes after it ([`padded`]; NUL is in no class).
        #[inline(always)]
        fn tail(b: &[u8]) -> Self {
            let n = b.len();
            let r = (n % 16) as u32;
            if r == 0 {
                return Vector::default();
            }
            match n.checked_sub(16) {
                Some(last) => Vector::of(b[last..].try_into().unwrap(), 16 - r, 0xFFFF << r),
                None => Vector::of(&padded(b).to_le_bytes(), 0, 0xFFFF << r),
            }
        }

        #[inline(always)]
        fn out(self, class: u8) -> u64 {
            let table = vector(BY_LOW[class.trailing_zeros() as usize & 7]);
            let hits = shuffle(table, self.low);
            // SAFETY: SSE2 is part of every x86-64 processor; no memory is read.
            let hits = unsafe { _mm_and_si128(hits, self.rows) };
            ((zeros(hits) >> self.shift | self.pad) & 0xFFFF) as u64
        }

        #[inline(always)]
        fn stops(c: &[u8], class: u8) -> Option<Self> {
            let v = Self::chunk(c);
            (v.out(class) != 0).then_some(v)
        }
    }
}

/// The input in aligned chunks ([`Lanes`]), each classified once and kept while the
/// components that start in it are scanned: the next component starts where the last one
/// stopped, so its run usually begins (and a short one ends) in the chunk at hand. The next
/// chunk's address does not wait for the byte where a run stops (as a chunk starting at that
/// byte would), so the loads run ahead of the scanning.
struct Chunks<'a, L> {
    b: &'a [u8],
    /// The whole chunks after the current one.
    rest: std::slice::ChunksExact<'a, u8>,
    /// The first byte of the current chunk, a multiple of `L::WIDTH`.
    base: usize,
    /// The classes of `b[base..base + L::WIDTH]`.
    word: L,
    /// The classes of the partial chunk at the end ([`Lanes::tail`]), until it is the
    /// current one.
    tail: L,
}

impl<'a, L: Lanes> Chunks<'a, L> {
    #[inline(always)]
    fn new(b: &'a [u8]) -> Self {
        let mut rest = b.chunks_exact(L::WIDTH);
        let mut tail = L::tail(b);
        let word = match rest.next() {
            Some(c) => L::chunk(c),
            None => std::mem::take(&mut tail),
        };
        Chunks {
            b,
            rest,
            base: 0,
            word,
            tail,
        }
    }

    #[inline(always)]
    fn next(&mut self) {
        self.base += L::WIDTH;
        self.word = match self.rest.next() {
            Some(c) => L::chunk(c),
            None => std::mem::take(&mut self.tail),
        };
    }

    /// The first byte from `i` that is not an ASCII byte of `class` (`b.len()` if none); `i`
    /// is at or after the current chunk and at most `b.len()`.
    #[inline(always)]
    fn run(&mut self, i: usize, class: u8) -> usize {
        debug_assert!(self.base <= i && i <= self.b.len());
        while i >= self.base + L::WIDTH {
            self.next();
        }
        let mut stop = self.word.out(class) & (u64::MAX << (L::STEP as usize * (i - self.base)));
        if stop == 0 {
            // The run goes on: whole chunks are only tested until the one where it stops.
            loop {
                self.base += L::WIDTH;
                match self.rest.next() {
                    Some(c) => match L::stops(c, class) {
                        None => continue,
                        Some(w) => self.word = w,
                    },
                    None => self.word = std::mem::take(&mut self.tail),
                }
                break;
            }
            stop = self.word.out(class);
        }
        self.base + (stop.trailing_zeros() / L::STEP) as usize
    }

    /// [`Self::run`] over `pct-encoded` triplets and the non-ASCII characters allowed in
    /// `part`; `None` at a malformed one (the full parser reports it).
    #[inline(always)]
    fn scan(&mut self, mut i: usize, class: u8, part: Part, profile: Profile) -> Option<usize> {
        let b = self.b;
        loop {
            i = self.run(i, class);
            match b.get(i) {
                Some(b'%') => {
                    if !matches!(b.get(i + 1..i + 3), Some(&[h, l]) if chars::is_hex_pair(h, l)) {
                        return None;
                    }
                    i += 3;
                }
                Some(&c) if c >= 0x80 => i += non_ascii(b, i, part, profile).ok()?,
                _ => return Some(i),
            }
        }
    }
}

/// The parse of the common shapes — `[scheme ":"] ["//" reg-name [":" port]] path ["?" query]
/// ["#" fragment]` — in one pass over aligned chunks ([`Chunks`]). `None` for anything else
/// (userinfo, IP literals, errors): [`Parser`] decides those by the letter of the grammar,
/// and gives the same positions wherever both accept (tested).
#[inline(always)]
fn fast_in<L: Lanes>(b: &[u8], rule: Rule, profile: Profile) -> Option<Positions> {
    let mut c = Chunks::<L>::new(b);
    let mut p = Positions::default();
    let mut i = 0;
    // Bytes known to be scheme characters, hence `isegment-nz-nc` ones if there is no scheme.
    let mut scanned = 0;
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        scanned = c.run(1, C_SCHEME);
        if b.get(scanned) == Some(&b':') {
            p.scheme_end = scanned;
            i = scanned + 1;
        }
    }
    let scheme_ok = match rule {
        Rule::IriReference => true,
        Rule::RelativeRef => p.scheme_end == 0,
        Rule::Iri | Rule::AbsoluteIri => p.scheme_end > 0,
    };
    if !scheme_ok {
        return None;
    }
    if b.get(i..i + 2) == Some(b"//") {
        p.has_authority = true;
        let start = i + 2;
        let end = c.scan(start, C_REG_NAME, Part::Other, profile)?;
        i = end;
        match b.get(end) {
            None | Some(b'/' | b'?' | b'#') => {}
            Some(b':') => {
                i = c.run(end + 1, C_DIGIT);
                if !matches!(b.get(i), None | Some(b'/' | b'?' | b'#')) {
                    return None;
                }
            }
            _ => return None,
        }
        p.host_start = start;
        p.host_end = end;
        if is_ipv4(&b[start..end]) {
            p.host_kind = HostKind::Ipv4;
        }
    } else {
        p.host_start = i;
        p.host_end = i;
        if p.scheme_end == 0 && b.first().is_some_and(|&c| c != b'/') {
            // ipath-noscheme: the first segment may not contain ':'.
            let end = c.scan(scanned, C_PCHAR_NC, Part::Other, profile)?;
            if b.get(end) == Some(&b':') {
                return None;
            }
            p.path_start = 0;
            i = c.scan(end, C_PATH, Part::Other, profile)?;
            return fast_tail(&mut c, i, p, rule, profile);
        }
    }
    p.path_start = i;
    i = c.scan(i, C_PATH, Part::Other, profile)?;
    fast_tail(&mut c, i, p, rule, profile)
}

/// The rest of [`fast_in`] from `i`, the end of the path: `["?" query] ["#" fragment]`, the end.
#[inline(always)]
fn fast_tail<L: Lanes>(
    c: &mut Chunks<L>,
    mut i: usize,
    mut p: Positions,
    rule: Rule,
    profile: Profile,
) -> Option<Positions> {
    let b = c.b;
    p.path_end = i;
    if b.get(i) == Some(&b'?') {
        i = c.scan(i + 1, C_QUERY, Part::Query, profile)?;
    }
    p.query_end = i;
    if b.get(i) == Some(&b'#') {
        if rule == Rule::AbsoluteIri {
            return None;
        }
        let class = if profile == Profile::IriBis {
            C_FRAGMENT_BIS
        } else {
            C_QUERY
        };
        i = c.scan(i + 1, class, Part::Other, profile)?;
    }
    (i == b.len()).then_some(p)
}

/// Which set of rules an input is parsed by.
///
/// ```
/// use pidkit::{IriRef, Profile};
/// // The seed draft (the default) lets a fragment contain '#'; RFC 3987 does not.
/// assert!(IriRef::parse_with("a#b#c", Profile::IriBis).is_ok());
/// assert!(IriRef::parse_with("a#b#c", Profile::Rfc3987).is_err());
/// // RFC 3986 accepts ASCII URIs only.
/// assert!(IriRef::parse_with("/résumé", Profile::Rfc3986Uri).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Profile {
    /// draft-duerst-iri-bis-07 (the default): `ifragment` may contain `#`; the tag characters
    /// U+E0000–E0FFF are `iprivate` (allowed in the query).
    #[default]
    IriBis,
    /// RFC 3987 exactly.
    Rfc3987,
    /// RFC 3986: URIs, ASCII only.
    Rfc3986Uri,
}

impl Profile {
    /// The profile's name as the CLI spells it: `bis`, `rfc3987`, `rfc3986`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::IriBis => "bis",
            Profile::Rfc3987 => "rfc3987",
            Profile::Rfc3986Uri => "rfc3986",
        }
    }
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "bis" => Ok(Profile::IriBis),
            "rfc3987" => Ok(Profile::Rfc3987),
            "rfc3986" => Ok(Profile::Rfc3986Uri),
            _ => Err(format!(
                "unknown profile '{s}' (expected bis, rfc3987 or rfc3986)"
            )),
        }
    }
}

/// The start symbol of the grammar: which production the whole input must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Rule {
    /// `IRI-reference = IRI / irelative-ref`
    #[default]
    IriReference,
    /// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`
    Iri,
    /// `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]` (no fragment)
    AbsoluteIri,
    /// `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]` (no scheme)
    RelativeRef,
}

/// The kind of host in an authority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HostKind {
    /// `ireg-name` (possibly empty).
    #[default]
    RegName,
    /// `IPv4address` (dotted decimal, each part a `dec-octet`).
    Ipv4,
    /// `"[" IPv6address "]"`
    Ipv6,
    /// `"[" IPvFuture "]"`
    IpvFuture,
}

/// Byte positions of the components. With `s` the input:
/// scheme `s[..scheme_end]` (absent if `scheme_end == 0`), userinfo `s[authority_start..host_start-1]`
/// (if `host_start > authority_start`), host `s[host_start..host_end]`, port `s[host_end+1..path_start]`
/// (if `host_end < path_start`), path `s[path_start..path_end]`, query `s[path_end+1..query_end]`
/// (if `path_end < query_end`), fragment `s[query_end+1..]` (if `query_end < s.len()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Positions {
    pub scheme_end: usize,
    pub has_authority: bool,
    pub host_kind: HostKind,
    pub host_start: usize,
    pub host_end: usize,
    pub path_start: usize,
    pub path_end: usize,
    pub query_end: usize,
}

impl Positions {
    /// Where the authority starts (after `//`), meaningful only if `has_authority`.
    #[inline]
    pub fn authority_start(&self) -> usize {
        if self.scheme_end == 0 {
            2
        } else {
            self.scheme_end + 3
        }
    }
}

/// Parse `s` by `rule` under `profile`: [`fast_in`] with the widest [`Lanes`] this processor
/// has, and [`slow`] for what it leaves.
#[allow(unsafe_code)]
pub(crate) fn parse(s: &str, rule: Rule, profile: Profile) -> Result<Positions, ParseError> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("ssse3") {
        // SAFETY: the processor has SSSE3, the one feature `parse_ssse3` is compiled for.
        return unsafe { parse_ssse3(s.as_bytes(), rule, profile) };
    }
    parse_in::<Word>(s.as_bytes(), rule, profile)
}

/// [`parse_in`] sixteen bytes at a time, compiled for SSSE3 (its shuffles inlined). The whole
/// parse, so that its answer is written once, where the caller wants it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
fn parse_ssse3(b: &[u8], rule: Rule, profile: Profile) -> Result<Positions, ParseError> {
    parse_in::<ssse3::Vector>(b, rule, profile)
}

#[inline(always)]
fn parse_in<L: Lanes>(b: &[u8], rule: Rule, profile: Profile) -> Result<Positions, ParseError> {
    match fast_in::<L>(b, rule, profile) {
        Some(p) => Ok(p),
        None => slow(b, rule, profile),
    }
}

/// [`parse`] by the letter of the grammar, for what [`fast_in`] leaves: the rarer shapes, errors.
#[inline(never)]
fn slow(b: &[u8], rule: Rule, profile: Profile) -> Result<Positions, ParseError> {
    Parser { b, profile }.run(rule)
}

/// Where in the grammar a character is: decides whether `iprivate` is allowed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Query,
    Other,
}

struct Parser<'a> {
    b: &'a [u8],
    profile: Profile,
}

impl Parser<'_> {
    fn run(&self, rule: Rule) -> Result<Positions, ParseError> {
        let b = self.b;
        let mut p = Positions::default();

        // scheme ":" — first-match-wins: a leading ALPHA *( scheme char ) ":" is a scheme.
        let mut i = 0;
        // Bytes known to be scheme characters, hence `isegment-nz-nc` ones if no scheme.
        let mut scanned = 0;
        if b.first().is_some_and(u8::is_ascii_alphabetic) {
            i = run(b, 1, C_SCHEME);
            scanned = i;
            if b.get(i) == Some(&b':') {
                p.scheme_end = i;
            }
        }
        if p.scheme_end > 0 {
            if rule == Rule::RelativeRef {
                return Err(ParseError::new(
                    ErrorKind::UnexpectedScheme,
                    0,
                    p.scheme_end + 1,
                ));
            }
            i = p.scheme_end + 1;
        } else {
            if matches!(rule, Rule::Iri | Rule::AbsoluteIri) {
                return Err(self.missing_scheme(i));
            }
            i = 0;
        }

        // ihier-part / irelative-part
        if b[i..].starts_with(b"//") {
            p.has_authority = true;
            i = self.authority(i + 2, &mut p)?;
        } else {
            p.path_start = i;
            p.host_start = i;
            p.host_end = i;
            if p.scheme_end == 0 && b.get(i).is_some_and(|&c| c != b'/') {
                // ipath-noscheme: the first segment may not contain ':'.
                i = self.scan(scanned, C_PCHAR_NC, Part::Other)?;
                if b.get(i) == Some(&b':') {
                    return Err(self.colon_in_first_segment(i));
                }
            }
        }
        i = self.scan(i, C_PATH, Part::Other)?;
        p.path_end = i;

        if b.get(i) == Some(&b'?') {
            i = self.scan(i + 1, C_QUERY, Part::Query)?;
        }
        p.query_end = i;

        if b.get(i) == Some(&b'#') {
            if rule == Rule::AbsoluteIri {
                return Err(ParseError::new(
                    ErrorKind::UnexpectedFragment,
                    i,
                    b.len() - i,
                ));
            }
            let class = if self.profile == Profile::IriBis {
                C_FRAGMENT_BIS
            } else {
                C_QUERY
            };
            i = self.scan(i + 1, class, Part::Other)?;
        }
        if i < b.len() {
            return Err(self.invalid_char(i));
        }
        Ok(p)
    }

    /// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`, starting after `//`; returns its end.
    ///
    /// One pass over the common shapes (`host`, `host:port`, `userinfo@…`): a run of `ireg-name`
    /// characters ends at '@' (it was the userinfo), at a delimiter (it was the host), or at ':'
    /// (a port if only digits follow up to a delimiter, else more userinfo up to '@'). Anything
    /// else — an error, or an IP literal — goes to [`Self::authority_slow`], which decides.
    #[inline(always)]
    fn authority(&self, start: usize, p: &mut Positions) -> Result<usize, ParseError> {
        let b = self.b;
        if let Ok(i) = self.scan(start, C_REG_NAME, Part::Other) {
            match b.get(i) {
                Some(b'@') => return self.host_port(i + 1, p),
                None | Some(b'/' | b'?' | b'#') => {
                    self.reg_name_host(start, i, p);
                    p.path_start = i;
                    return Ok(i);
                }
                Some(b':') => {
                    let j = run(b, i + 1, C_DIGIT);
                    if matches!(b.get(j), None | Some(b'/' | b'?' | b'#')) {
                        self.reg_name_host(start, i, p);
                        p.path_start = j;
                        return Ok(j);
                    }
                    if let Ok(k) = self.scan(j, C_USERINFO, Part::Other)
                        && b.get(k) == Some(&b'@')
                    {
                        return self.host_port(k + 1, p);
                    }
                }
                Some(b'[') if i == start => return self.host_port(start, p),
                _ => {}
            }
        }
        self.authority_slow(start, p)
    }

    /// The authority by the letter of the grammar, two passes: the general case and the errors.
    #[cold]
    #[inline(never)]
    fn authority_slow(&self, start: usize, p: &mut Positions) -> Result<usize, ParseError> {
        // iuserinfo's characters are a superset of ireg-name's and port's, so one scan either
        // stops at the '@' that ends the userinfo or tells that there is none.
        let mut i = self.scan(start, C_USERINFO, Part::Other)?;
        if self.b.get(i) == Some(&b'@') {
            i += 1;
        } else {
            i = start;
        }
        self.host_port(i, p)
    }

    /// Record `b[start..end]`, a scanned `ireg-name`, as the host: an IPv4 address if it is one.
    #[inline(always)]
    fn reg_name_host(&self, start: usize, end: usize, p: &mut Positions) {
        p.host_start = start;
        p.host_end = end;
        p.host_kind = if is_ipv4(&self.b[start..end]) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        };
    }

    /// `ihost [ ":" port ]` starting at `i` (after the userinfo, if any); returns the end.
    fn host_port(&self, mut i: usize, p: &mut Positions) -> Result<usize, ParseError> {
        let b = self.b;
        p.host_start = i;
        if b.get(i) == Some(&b'[') {
            i = self.ip_literal(i, p)?;
        } else {
            let start = i;
            i = self.scan(i, C_REG_NAME, Part::Other)?;
            self.reg_name_host(start, i, p);
        }
        p.host_end = i;
        if b.get(i) == Some(&b':') {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i < b.len() && !matches!(b[i], b'/' | b'?' | b'#') {
                return Err(ParseError::new(ErrorKind::BadPort, i, self.char_len(i)));
            }
        } else if i < b.len() && !matches!(b[i], b'/' | b'?' | b'#') {
            return Err(self.invalid_char(i));
        }
        p.path_start = i;
        Ok(i)
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, `start` at the `[`; returns the end.
    fn ip_literal(&self, start: usize, p: &mut Positions) -> Result<usize, ParseError> {
        let b = self.b;
        let mut end = start + 1;
        while end < b.len() && !matches!(b[end], b']' | b'/' | b'?' | b'#' | b'[' | b'@') {
            end += 1;
        }
        if b.get(end) != Some(&b']') {
            let kind = if b.get(start + 1).is_some_and(|&c| c | 0x20 == b'v') {
                ErrorKind::BadIpvFuture
            } else {
                ErrorKind::BadIpv6("missing the closing ']'")
            };
            return Err(ParseError::new(kind, start, end - start));
        }
        let inner = &b[start + 1..end];
        let len = end + 1 - start;
        if inner.first().is_some_and(|&c| c | 0x20 == b'v') {
            if !is_ipvfuture(inner) {
                return Err(ParseError::new(ErrorKind::BadIpvFuture, start, len));
            }
            p.host_kind = HostKind::IpvFuture;
        } else {
            if let Err(reason) = check_ipv6(inner) {
                return Err(ParseError::new(ErrorKind::BadIpv6(reason), start, len));
            }
            p.host_kind = HostKind::Ipv6;
        }
        Ok(end + 1)
    }

    /// Advance over the ASCII characters of `class` (a `C_*` bit), `pct-encoded`, and the
    /// non-ASCII characters allowed in `part`. Returns the position of the first byte that is
    /// none of these (a delimiter the caller interprets, or an error the caller reports).
    #[inline(always)]
    fn scan(&self, mut i: usize, class: u8, part: Part) -> Result<usize, ParseError> {
        let b = self.b;
        loop {
            i = run(b, i, class);
            match b.get(i) {
                Some(b'%') => {
                    if !matches!(b.get(i + 1..i + 3), Some(&[h, l]) if chars::is_hex_pair(h, l)) {
                        return Err(self.bad_percent(i));
                    }
                    i += 3;
                }
                Some(&c) if c >= 0x80 => i += self.non_ascii(i, part)?,
                _ => return Ok(i),
            }
        }
    }

    /// The error for a `%` at `i` not followed by two hex digits: it covers the triplet as
    /// written (ASCII only, so the span ends on a character boundary).
    #[cold]
    fn bad_percent(&self, i: usize) -> ParseError {
        let len = 1 + self.b[i + 1..]
            .iter()
            .take(2)
            .take_while(|h| h.is_ascii())
            .count();
        ParseError::new(ErrorKind::BadPercent, i, len)
    }

    /// Check the non-ASCII character at `i` against the profile; returns its UTF-8 length.
    #[inline(always)]
    fn non_ascii(&self, i: usize, part: Part) -> Result<usize, ParseError> {
        non_ascii(self.b, i, part, self.profile)
    }

    fn char_len(&self, i: usize) -> usize {
        if self.b[i] < 0x80 {
            1
        } else {
            decode(self.b, i).1
        }
    }

    fn invalid_char(&self, i: usize) -> ParseError {
        let (c, len) = decode(self.b, i);
        ParseError::new(ErrorKind::InvalidChar(c), i, len)
    }

    /// Error for an input without scheme where one is required. `i` is where the scheme scan
    /// stopped (0 if the input does not start with a letter).
    fn missing_scheme(&self, i: usize) -> ParseError {
        let b = self.b;
        let delim = b
            .iter()
            .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
        match delim {
            Some(colon) if b[colon] == b':' => {
                if i == 0 {
                    ParseError::new(ErrorKind::BadScheme, 0, colon.max(1))
                } else {
                    self.invalid_char(i)
                }
            }
            _ if b.is_empty() => ParseError::new(ErrorKind::Empty, 0, 0),
            _ => ParseError::new(ErrorKind::MissingScheme, 0, 0),
        }
    }

    /// A ':' in the first segment of a relative path: a malformed scheme if everything before it
    /// is made of scheme characters (`1abc:`), else the colon itself is at fault.
    fn colon_in_first_segment(&self, colon: usize) -> ParseError {
        let head = &self.b[..colon];
        if !head.is_empty() && head.iter().all(|&c| chars::is(c, SCHEME)) {
            ParseError::new(ErrorKind::BadScheme, 0, colon)
        } else {
            ParseError::new(ErrorKind::ColonInFirstSegment, colon, 1)
        }
    }
}

/// Check the non-ASCII character at `i` of `b` against `profile`; returns its UTF-8 length.
#[inline(never)]
fn non_ascii(b: &[u8], i: usize, part: Part, profile: Profile) -> Result<usize, ParseError> {
    let (c, len) = decode(b, i);
    if profile == Profile::Rfc3986Uri {
        return Err(ParseError::new(ErrorKind::NonAscii(c), i, len));
    }
    if chars::is_ucschar(c) {
        if chars::is_bidi_format(c) {
            return Err(ParseError::new(ErrorKind::BidiFormatChar(c), i, len));
        }
        return Ok(len);
    }
    let private = match profile {
        Profile::IriBis => chars::is_iprivate_bis(c),
        _ => chars::is_iprivate_3987(c),
    };
    let kind = if !private {
        ErrorKind::InvalidChar(c)
    } else if part == Part::Query {
        return Ok(len);
    } else {
        ErrorKind::PrivateUseOutsideQuery(c)
    };
    Err(ParseError::new(kind, i, len))
}

/// Decode the character starting at byte `i` of valid UTF-8 `b`: `(char, length)`.
#[inline]
pub(crate) fn decode(b: &[u8], i: usize) -> (char, usize) {
    let b0 = b[i] as u32;
    let (c, len) = if b0 < 0x80 {
        (b0, 1)
    } else if b0 < 0xE0 {
        ((b0 & 0x1F) << 6 | (b[i + 1] as u32 & 0x3F), 2)
    } else if b0 < 0xF0 {
        (
            (b0 & 0x0F) << 12 | (b[i + 1] as u32 & 0x3F) << 6 | (b[i + 2] as u32 & 0x3F),
            3,
        )
    } else {
        (
            (b0 & 0x07) << 18
                | (b[i + 1] as u32 & 0x3F) << 12
                | (b[i + 2] as u32 & 0x3F) << 6
                | (b[i + 3] as u32 & 0x3F),
            4,
        )
    };
    (
        char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER),
        len,
    )
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
#[inline(always)]
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    // Starting with a digit, 7 to 15 bytes: inlined, for the common reg-name. The digit first:
    // a host name rarely starts with one, so that branch is predicted, where one on the
    // length (host names are 7–15 bytes as often as not) is not.
    s.first().is_some_and(u8::is_ascii_digit) && s.len().wrapping_sub(7) <= 8 && is_ipv4_parts(s)
}

/// [`is_ipv4`] after its quick test: four `dec-octet`s separated by dots.
#[inline(never)]
fn is_ipv4_parts(s: &[u8]) -> bool {
    let mut parts = 0;
    for part in s.split(|&c| c == b'.') {
        parts += 1;
        if parts > 4 || !is_dec_octet(part) {
            return false;
        }
    }
    parts == 4
}

/// `dec-octet`: 0–255 without leading zeros.
fn is_dec_octet(s: &[u8]) -> bool {
    match s {
        [d] => d.is_ascii_digit(),
        [b'1'..=b'9', d] => d.is_ascii_digit(),
        [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
        [b'2', b'0'..=b'4', d] => d.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` ("v" is case-insensitive).
fn is_ipvfuture(s: &[u8]) -> bool {
    let Some(dot) = s.iter().position(|&c| c == b'.') else {
        return false;
    };
    dot >= 2
        && s[1..dot].iter().all(u8::is_ascii_hexdigit)
        && dot + 1 < s.len()
        && s[dot + 1..].iter().all(|&c| chars::is(c, IPV_FUTURE))
}

/// `IPv6address` (all nine forms of RFC 3986 §3.2.2), without brackets.
pub(crate) fn check_ipv6(s: &[u8]) -> Result<(), &'static str> {
    if s.is_empty() {
        return Err("empty address");
    }
    let mut groups = 0; // 16-bit pieces seen (an IPv4 tail counts as two)
    let mut compressed = false;
    let mut i = 0;
    if s.starts_with(b"::") {
        compressed = true;
        i = 2;
        if i == s.len() {
            return Ok(());
        }
    } else if s[0] == b':' {
        return Err("a single ':' at the start");
    }
    loop {
        let start = i;
        while i < s.len() && i - start < 5 && s[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i < s.len() && s[i] == b'.' {
            // ls32 as IPv4address: must be the last piece.
            if !is_ipv4(&s[start..]) {
                return Err("invalid embedded IPv4 address");
            }
            groups += 2;
            break;
        }
        match i - start {
            0 if i < s.len() && s[i] == b'%' => return Err("zone identifiers are not supported"),
            0 => return Err("expected hexadecimal digits"),
            1..=4 => groups += 1,
            _ => return Err("more than four hexadecimal digits in a group"),
        }
        if i == s.len() {
            break;
        }
        if s[i] != b':' {
            return Err(if s[i] == b'%' {
                "zone identifiers are not supported"
            } else {
                "unexpected character"
            });
        }
        i += 1;
        if i < s.len() && s[i] == b':' {
            if compressed {
                return Err("'::' may appear only once");
            }
            compressed = true;
            i += 1;
            if i == s.len() {
                break;
            }
        } else if i == s.len() {
            return Err("a single ':' at the end");
        }
        if groups > 8 {
            return Err("too many groups");
        }
    }
    match (compressed, groups) {
        (false, 8) | (true, 0..=7) => Ok(()),
        (false, _) => Err("eight groups are required without '::'"),
        (true, _) => Err("too many groups"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_all_nine_forms() {
        for ok in [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::3:4:5:6:7:1.2.3.4",
            "1::3:4:5:6:7:8",
            "::4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "::5:6:7:8",
            "1:2:3::5:6:7:8",
            "::6:7:8",
            "1:2:3:4::6:7:8",
            "::7:8",
            "1:2:3:4:5::7:8",
            "::1.2.3.4",
            "1:2:3:4:5:6::8",
            "::8",
            "1:2:3:4:5:6:7::",
            "::",
            "ffff::",
            "FFFF:ffff::0",
            "::ffff:192.0.2.128",
        ] {
            assert_eq!(check_ipv6(ok.as_bytes()), Ok(()), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":1::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "1:",
            "1.2.3.4",
            "::1.2.3.4:5",
            "::256.1.1.1",
            "fe80::1%25eth0",
            "g::",
            "1:2:3:4:5:6:7:1.2.3.4",
        ] {
            assert!(check_ipv6(bad.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn dec_octet_forms() {
        for ok in ["0.0.0.0", "255.255.255.255", "1.22.199.249", "10.0.0.1"] {
            assert!(is_ipv4(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "256.1.1.1",
            "01.1.1.1",
            "1.1.1",
            "1.1.1.1.1",
            "1..1.1",
            "1.1.1.",
            "a.1.1.1",
            "260.1.1.1",
        ] {
            assert!(!is_ipv4(bad.as_bytes()), "{bad}");
        }
    }

    /// The one-pass authority gives exactly what the two-pass grammar gives: same positions,
    /// same error, for every shape of authority.
    #[test]
    fn one_pass_authority_equals_the_grammar() {
        use proptest::prelude::*;
        let pieces = [
            "a",
            "host",
            "例",
            "1.2.3.4",
            "256",
            ":",
            "::",
            "@",
            "@@",
            "80",
            "8a",
            "%41",
            "%4",
            "%",
            "[::1]",
            "[v1.x]",
            "[",
            "]",
            "/",
            "?",
            "#",
            " ",
            "\u{E000}",
            "\u{202E}",
            "!$&'()*+,;=",
            "-._~",
            "abcdefghijklmnop",
        ];
        let strategy = prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..10)
            .prop_map(|v| v.concat());
        proptest!(ProptestConfig::with_cases(20_000), |(s in strategy)| {
            for profile in [Profile::IriBis, Profile::Rfc3987, Profile::Rfc3986Uri] {
                let parser = Parser { b: s.as_bytes(), profile };
                let (mut fast, mut slow) = (Positions::default(), Positions::default());
                let a = parser.authority(0, &mut fast);
                let b = parser.authority_slow(0, &mut slow);
                prop_assert_eq!(&a, &b, "{:?}", s);
                if a.is_ok() {
                    prop_assert_eq!(fast, slow, "{:?}", s);
                }
            }
        });
    }

    /// The fast path gives exactly what the grammar gives wherever it answers, and it answers
    /// for every valid input without userinfo or IP literal, under every rule and profile.
    #[test]
    fn fast_path_equals_the_grammar() {
        use proptest::prelude::*;
        let pieces = [
            "http:",
            "a:",
            "1a:",
            "h+-.:",
            "//",
            "a",
            "host",
            "例",
            "1.2.3.4",
            "256",
            ":",
            "80",
            "@",
            "[::1]",
            "/",
            "?",
            "#",
            "%41",
            "%4",
            "%",
            " ",
            "é",
            "\u{E000}",
            "\u{E0001}",
            "\u{202E}",
            "!$&'()*+,;=",
            "-._~",
            "abcdefghijklmnop",
            "0123456789",
            "\u{7F}",
        ];
        let strategy = prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..12)
            .prop_map(|v| v.concat());
        let rules = [
            Rule::IriReference,
            Rule::Iri,
            Rule::AbsoluteIri,
            Rule::RelativeRef,
        ];
        let profiles = [Profile::IriBis, Profile::Rfc3987, Profile::Rfc3986Uri];
        proptest!(ProptestConfig::with_cases(20_000), |(s in strategy)| {
            for rule in rules {
                for profile in profiles {
                    let fast = fast(s.as_bytes(), rule, profile);
                    // The eight-byte lanes, which other processors take, agree.
                    prop_assert_eq!(fast, fast_in::<Word>(s.as_bytes(), rule, profile));
                    let slow = slow(s.as_bytes(), rule, profile);
                    if let Some(p) = fast {
                        prop_assert_eq!(Ok(p), slow.clone(), "{:?} {:?} {:?}", s, rule, profile);
                    }
                    if let Ok(p) = slow {
                        let unusual = p.has_authority
                            && (p.host_start > p.authority_start()
                                || matches!(p.host_kind, HostKind::Ipv6 | HostKind::IpvFuture));
                        if !unusual {
                            prop_assert_eq!(fast, Some(p), "{:?} {:?} {:?}", s, rule, profile);
                        }
                    }
                }
            }
        });
    }

    #[test]
    fn common_shapes_take_the_fast_path() {
        for s in [
            "https://www.example.com/a/b.html?q=1&r=%20#top",
            "http://example.com:8080",
            "file:///Users/a/b%20c.js",
            "node:url",
            "../images/a.gif",
            "//cdn.example.net/x.js",
            "#",
            "",
            "http://例え.テスト/パス",
            "http://10.0.0.1/",
        ] {
            let p = fast(s.as_bytes(), Rule::IriReference, Profile::IriBis);
            assert!(p.is_some(), "{s}");
            assert_eq!(
                p.map(Ok),
                Some(slow(s.as_bytes(), Rule::IriReference, Profile::IriBis))
            );
        }
        for s in [
            "http://user@host/",
            "http://[::1]/",
            "a b",
            "http://h/%zz",
            "1a:b",
        ] {
            assert_eq!(
                fast(s.as_bytes(), Rule::IriReference, Profile::IriBis),
                None,
                "{s}"
            );
        }
    }

    /// The fast path with the lanes this processor takes in [`parse`].
    fn fast(b: &[u8], rule: Rule, profile: Profile) -> Option<Positions> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            return fast_in::<ssse3::Vector>(b, rule, profile);
        }
        fast_in::<Word>(b, rule, profile)
    }

    #[test]
    fn short_inputs_are_read_as_padded_numbers() {
        let text: Vec<u8> = (1..=16).collect();
        for n in 0..16 {
            let mut want = [0u8; 16];
            want[..n].copy_from_slice(&text[..n]);
            assert_eq!(padded(&text[..n]), u128::from_le_bytes(want), "{n}");
        }
    }

    /// The end of a run, byte by byte: what the chunked runs must give.
    fn naive_run(b: &[u8], i: usize, class: u8) -> usize {
        i + b[i..]
            .iter()
            .position(|&c| CLASS[c as usize] & class == 0)
            .unwrap_or(b.len() - i)
    }

    /// The chunk at hand never changes an answer: any sequence of runs over one input, each
    /// from at or after where the last one stopped (as the parser calls them), of any class,
    /// ends where a byte-by-byte scan ends; with either shape of [`Lanes`].
    fn chunked_runs_match<L: Lanes>() {
        use proptest::prelude::*;
        let alphabet = prop::sample::select(b"aZ09-._~!$&'()*+,;=:@/?#%[] \x7f\xc3\xa9".to_vec());
        let classes = [
            C_SCHEME,
            C_USERINFO,
            C_REG_NAME,
            C_PCHAR_NC,
            C_PATH,
            C_QUERY,
            C_FRAGMENT_BIS,
            C_DIGIT,
        ];
        let calls =
            prop::collection::vec((0..20usize, prop::sample::select(classes.to_vec())), 1..12);
        let strategy = (prop::collection::vec(alphabet, 0..40), calls);
        proptest!(ProptestConfig::with_cases(20_000), |((text, calls) in strategy)| {
            let mut chunks = Chunks::<L>::new(&text);
            let mut end = 0;
            for (gap, class) in calls {
                let start = (end + gap).min(text.len());
                end = chunks.run(start, class);
                prop_assert_eq!(
                    end,
                    naive_run(&text, start, class),
                    "{:?} from {} class {:#x}", text, start, class
                );
            }
        });
        for len in 0..=40 {
            for stop in 0..=len {
                for start in 0..=stop {
                    let mut text = vec![b'a'; len];
                    if stop < len {
                        text[stop] = b'/';
                    }
                    assert_eq!(Chunks::<L>::new(&text).run(start, C_SCHEME), stop);
                    assert_eq!(Chunks::<L>::new(&text).run(start, C_PATH), len);
                }
            }
        }
        // Every byte value, in each class, at each place of a chunk and of the input's end.
        for byte in 0..=255u8 {
            for len in 1..=33 {
                for at in 0..len {
                    let mut text = vec![b'a'; len];
                    text[at] = byte;
                    for class in classes {
                        let want = naive_run(&text, 0, class);
                        assert_eq!(
                            Chunks::<L>::new(&text).run(0, class),
                            want,
                            "{byte:#x} {len} {at}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn chunked_runs_give_the_byte_by_byte_answer() {
        chunked_runs_match::<Word>();
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_runs_give_the_byte_by_byte_answer() {
        if !std::arch::is_x86_feature_detected!("ssse3") {
            eprintln!("SKIPPED: this processor has no SSSE3");
            return;
        }
        chunked_runs_match::<ssse3::Vector>();
    }

    #[test]
    fn runs_end_exactly_across_chunk_boundaries() {
        for len in 0..=26 {
            for stop in 0..=len {
                for start in 0..=stop {
                    let mut text = vec![b'a'; len];
                    if stop < len {
                        text[stop] = b'/';
                    }
                    assert_eq!(run(&text, start, C_SCHEME), stop, "{len} {stop} {start}");
                    assert_eq!(run(&text, start, C_PATH), len, "{len} {stop} {start}");
                }
            }
        }
        assert_eq!(run("ab%41é".as_bytes(), 0, C_PATH), 2);
        assert_eq!(run("12345678901:".as_bytes(), 0, C_DIGIT), 11);
        assert_eq!(run("123456789012a4567890".as_bytes(), 0, C_DIGIT), 12);
        assert_eq!(run("123456789012345a".as_bytes(), 0, C_DIGIT), 15);
        for k in 0..8 {
            let mut c = *b"abcdefgh";
            assert_eq!(first_out(&c, C_SCHEME), 8);
            c[k] = b'/';
            assert_eq!(first_out(&c, C_SCHEME), k);
            assert_eq!(first_out(&c, C_PATH), 8);
        }
        assert_eq!(run(b"a#b#c", 1, C_FRAGMENT_BIS), 5);
        assert_eq!(run(b"a#b#c", 2, C_QUERY), 3);
    }

    #[test]
    fn ipvfuture() {
        assert!(is_ipvfuture(b"v1.x"));
        assert!(is_ipvfuture(b"VF.a:b!"));
        assert!(!is_ipvfuture(b"v.x"));
        assert!(!is_ipvfuture(b"v1."));
        assert!(!is_ipvfuture(b"vg.x"));
        assert!(!is_ipvfuture(b"v1.x/"));
    }
}
