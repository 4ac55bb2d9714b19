//! The NOID check character over an ARK's Check Zone (draft-kunze-ark "ARK Anatomy": Check Zone; the NOID Check Digit Algorithm, NCDA).

/// The NOID "extended digits": the ten digits, then the nineteen consonants of the betanumeric
/// repertoire (no vowels, no `l`, no `y`). A character's ordinal is its index here; 29 is prime.
pub const NOID_ALPHABET: &str = "0123456789bcdfghjkmnpqrstvwxz";

/// The ordinal of byte `b` in [`NOID_ALPHABET`]; any other byte (uppercase letters, `/`, `%`…)
/// counts 0, as in the NOID minter.
fn ordinal(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => u32::from(b - b'0'),
        _ => NOID_ALPHABET
            .bytes()
            .skip(10)
            .position(|c| c == b)
            .map_or(0, |i| 10 + i as u32),
    }
}

/// The NOID check character of `s` (the NOID Check Digit Algorithm): each character's ordinal in
/// [`NOID_ALPHABET`] (any other character counts 0) times its 1-based position, summed, modulo
/// 29, as a character of that alphabet. For an ARK, `s` is the Check Zone without its last
/// character: the NAAN, `/` and the Base Name up to the check character (`13030/xf93gt2`).
///
/// `None` for the empty string (nothing to check).
///
/// ```
/// use pidkit::ark::noid_check_char;
/// // The NOID documentation's example: 13030/xf93gt2q carries the check character 'q'.
/// assert_eq!(noid_check_char("13030/xf93gt2"), Some('q'));
/// // A transposition of two characters changes it.
/// assert_ne!(noid_check_char("13030/xf39gt2"), Some('q'));
/// assert_eq!(noid_check_char(""), None);
/// ```
pub fn noid_check_char(s: &str) -> Option<char> {
    if s.is_empty() {
        return None;
    }
    // Positions and ordinals taken modulo 29 keep every term small: no overflow on any length.
    let sum = s.bytes().zip(1usize..).fold(0u32, |sum, (b, pos)| {
        (sum + ordinal(b) * (pos % 29) as u32) % 29
    });
    NOID_ALPHABET.chars().nth(sum as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_follow_the_alphabet() {
        for (i, b) in NOID_ALPHABET.bytes().enumerate() {
            assert_eq!(ordinal(b) as usize, i);
        }
        for b in [b'a', b'e', b'l', b'y', b'B', b'/', b'%', b'-', 0xC3] {
            assert_eq!(ordinal(b), 0, "{}", b as char);
        }
    }

    #[test]
    fn the_noid_example_by_hand() {
        // 1*1 + 3*2 + 0*3 + 3*4 + 0*5 + '/'0*6 + x27*7 + f13*8 + 9*9 + 3*10 + g14*11 + t24*12
        // + 2*13 = 891 = 30*29 + 21, and the 21st extended digit is 'q'.
        let sum: u32 = "13030/xf93gt2"
            .bytes()
            .zip(1u32..)
            .map(|(b, p)| ordinal(b) * p)
            .sum();
        assert_eq!((sum, sum % 29), (891, 21));
        assert_eq!(NOID_ALPHABET.as_bytes()[21], b'q');
    }

    #[test]
    fn long_strings_do_not_overflow() {
        let s = "z".repeat(100_000);
        assert!(noid_check_char(&s).is_some());
    }
}
