//! The number of ISO 27729: fifteen decimal digits and a check character (a digit or `X`,
//! ISO/IEC 7064 MOD 11-2), written in one run or in four groups of four with a separator
//! between the groups. ORCID iDs are such numbers too ("Structure of the ORCID Identifier"), so
//! the ORCID unit reads its iDs here and says the faults in its own words.

/// The sixteen characters of an ISNI or ORCID iD, read from text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Number {
    /// The fifteen digits and the check character (`X` upper case), ASCII.
    chars: [u8; 16],
    /// Byte offset of the check character in the text read.
    pub(crate) check_at: usize,
    /// The check character was written as a lower-case `x`.
    pub(crate) lower_x: bool,
    /// The separator written between the groups, if any.
    pub(crate) separator: Option<u8>,
}

/// What is wrong with a number, before each scheme names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// Nothing to read.
    Empty,
    /// A character that is neither a digit, nor the check character `X` in the last place, nor
    /// a separator between two groups.
    Char(char),
    /// Not sixteen characters: how many there are.
    Length(usize),
    /// A separator where none belongs, of another kind than the first, or missing between two
    /// groups when the others are separated.
    Grouping,
    /// The check character is not the MOD 11-2 check of the fifteen digits.
    Check {
        /// The check character the digits give.
        expected: char,
        /// The one written (upper case).
        found: char,
    },
}

/// A fault, where it is: byte offset and length in the text read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Problem {
    pub(crate) fault: Fault,
    pub(crate) offset: usize,
    pub(crate) len: usize,
}

impl Number {
    /// The sixteen characters (`X` upper case).
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.chars).unwrap_or_default()
    }

    /// The fifteen digits before the check character, as a number.
    pub(crate) fn base(&self) -> u64 {
        self.chars[..15]
            .iter()
            .fold(0, |n, &c| n * 10 + u64::from(c - b'0'))
    }

    /// The check character.
    pub(crate) fn check_char(&self) -> char {
        char::from(self.chars[15])
    }

    /// The four groups of four, joined by `sep`: `0000-0002-1825-0097`, `0000 0001 2103 2683`.
    pub(crate) fn grouped(&self, sep: char) -> String {
        let s = self.as_str();
        let mut out = String::with_capacity(19);
        for (i, c) in s.char_indices() {
            if i > 0 && i % 4 == 0 {
                out.push(sep);
            }
            out.push(c);
        }
        out
    }
}

/// The ISO/IEC 7064 MOD 11-2 check character of fifteen ASCII digits: `0`–`9`, or `X` for 10.
///
/// ```
/// assert_eq!(pidkit::isni::mod11_2(b"000000021825009"), Some('7'));
/// assert_eq!(pidkit::isni::mod11_2(b"000000021694233"), Some('X'));
/// assert_eq!(pidkit::isni::mod11_2(b"00000002169423"), None);
/// ```
pub fn mod11_2(digits: &[u8]) -> Option<char> {
    if digits.len() != 15 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let total = digits
        .iter()
        .fold(0u32, |t, &d| ((t + u32::from(d - b'0')) * 2) % 11);
    Some(match (12 - total) % 11 {
        10 => 'X',
        r => char::from(b'0' + r as u8),
    })
}

/// Whether `c` can stand in a number (a digit, or `X` / `x` as its check character).
pub(crate) fn is_number_char(c: u8) -> bool {
    c.is_ascii_digit() || c == b'X' || c == b'x'
}

/// Read the whole of `s` as a number whose groups may be separated by one of `separators`
/// (the same one between all four groups, or none at all). Offsets are bytes of `s`.
pub(crate) fn read(s: &str, separators: &[u8]) -> Result<Number, Problem> {
    let b = s.as_bytes();
    let problem = |fault, offset, len| Problem { fault, offset, len };
    if b.is_empty() {
        return Err(problem(Fault::Empty, 0, 0));
    }
    let mut chars = [0u8; 16];
    let mut n = 0;
    let mut grouped: Option<bool> = None;
    let mut separator = None;
    let mut after_separator = false;
    let mut check_at = 0;
    let mut lower_x = false;
    for (i, c) in s.char_indices() {
        if c.is_ascii() && is_number_char(c as u8) {
            if n == 16 {
                let total = b.iter().filter(|&&c| is_number_char(c)).count();
                return Err(problem(Fault::Length(total), i, b.len() - i));
            }
            if matches!(c, 'X' | 'x') && n != 15 {
                return Err(problem(Fault::Char(c), i, 1));
            }
            if n > 0 && n % 4 == 0 && !after_separator {
                if grouped == Some(true) {
                    return Err(problem(Fault::Grouping, i, 1));
                }
                grouped = Some(false);
            }
            if n == 15 {
                check_at = i;
                lower_x = c == 'x';
            }
            chars[n] = (c as u8).to_ascii_uppercase();
            n += 1;
            after_separator = false;
        } else if c.is_ascii() && separators.contains(&(c as u8)) {
            let misplaced = n == 0 || n % 4 != 0 || n >= 16 || after_separator;
            let mixed = separator.is_some_and(|s| s != c as u8);
            if misplaced || mixed || grouped == Some(false) {
                return Err(problem(Fault::Grouping, i, 1));
            }
            grouped = Some(true);
            separator = Some(c as u8);
            after_separator = true;
        } else {
            return Err(problem(Fault::Char(c), i, c.len_utf8()));
        }
    }
    if n < 16 {
        return Err(problem(Fault::Length(n), b.len(), 0));
    }
    if after_separator {
        return Err(problem(Fault::Grouping, b.len() - 1, 1));
    }
    let number = Number {
        chars,
        check_at,
        lower_x,
        separator,
    };
    let expected = mod11_2(&chars[..15]).unwrap_or('0');
    if number.check_char() != expected {
        return Err(problem(
            Fault::Check {
                expected,
                found: number.check_char(),
            },
            check_at,
            1,
        ));
    }
    Ok(number)
}

/// The sixteen characters of `s`, hyphenated, when `s` holds exactly sixteen number characters
/// and otherwise only separators, spaces or hyphen-like dashes: the form a grouping error is
/// fixed to.
pub(crate) fn regrouped(s: &str, sep: char) -> Option<String> {
    let mut chars = String::with_capacity(16);
    for c in s.chars() {
        if c.is_ascii() && is_number_char(c as u8) {
            chars.push(c.to_ascii_uppercase());
        } else if !(c == ' ' || c == '-' || is_dash(c)) {
            return None;
        }
    }
    if chars.len() != 16 || chars[..15].contains('X') {
        return None;
    }
    let mut out = String::with_capacity(19);
    for (i, c) in chars.char_indices() {
        if i > 0 && i % 4 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    Some(out)
}

/// A dash that looks like a hyphen (U+2010 to U+2015, U+2212 MINUS SIGN, U+FE63, U+FF0D): what
/// word processors put where a hyphen was typed.
pub(crate) fn is_dash(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}')
}

/// The hint for a character that is not allowed in the number, where one is obvious.
pub(crate) fn char_hint(c: char, sep: &str) -> Option<String> {
    match c {
        'X' | 'x' => Some(
            "'X' stands for the check value 10 and is only ever the last character".into(),
        ),
        'O' | 'o' => Some("the letter O: write the digit 0".into()),
        'I' | 'l' => Some("write the digit 1".into()),
        c if is_dash(c) => Some(format!(
            "{} looks like a hyphen but is not one: write {sep}",
            crate::error::describe(c)
        )),
        c if c.is_numeric() => Some("write the ASCII digits 0-9".into()),
        _ => None,
    }
}

/// Whether `t` has the shape of a bare number as auto-detection claims it: sixteen number
/// characters (the last may be `X`) alone or with separators (`-` or a space) among them, or
/// three groups of four separated by one kind of separator and a last group of one to five
/// characters (a number a character short or long). Returns the first fifteen digits (or, for
/// a number of the wrong length, the first twelve followed by zeros) as a number, to place it
/// in a block. No allocation.
pub(crate) fn bare_shape(t: &[u8]) -> Option<u64> {
    if t.len() > 24 || !t.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut n = 0;
    let mut base: u64 = 0;
    let mut seps = 0;
    for (i, &c) in t.iter().enumerate() {
        if c.is_ascii_digit() || ((c == b'X' || c == b'x') && i + 1 == t.len()) {
            if n < 15 {
                base = base * 10 + u64::from(c.wrapping_sub(b'0'));
            }
            n += 1;
        } else if c == b'-' || c == b' ' {
            seps += 1;
        } else {
            return None;
        }
    }
    if n == 16 {
        return Some(base);
    }
    // Three full groups and a short or long last one, separated alike.
    let sep = *t.get(4)?;
    let groups_ok = seps == 3
        && (sep == b'-' || sep == b' ')
        && t.get(9) == Some(&sep)
        && t.get(14) == Some(&sep)
        && (16..=20).contains(&t.len());
    if !groups_ok || t[15..].contains(&sep) {
        return None;
    }
    let mut prefix: u64 = 0;
    for &c in t[..14].iter().filter(|c| c.is_ascii_digit()) {
        prefix = prefix * 10 + u64::from(c - b'0');
    }
    Some(prefix * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(s: &str) -> (Fault, usize, usize) {
        let p = read(s, b"- ").unwrap_err();
        (p.fault, p.offset, p.len)
    }

    #[test]
    fn reads_every_grouping() {
        for s in [
            "0000000218250097",
            "0000-0002-1825-0097",
            "0000 0002 1825 0097",
        ] {
            let n = read(s, b"- ").unwrap();
            assert_eq!(n.as_str(), "0000000218250097");
            assert_eq!(n.grouped('-'), "0000-0002-1825-0097");
            assert_eq!(n.base(), 21825009);
        }
        let x = read("0000-0002-1694-233x", b"-").unwrap();
        assert!(x.lower_x);
        assert_eq!((x.check_char(), x.check_at), ('X', 18));
    }

    #[test]
    fn faults() {
        assert_eq!(fault(""), (Fault::Empty, 0, 0));
        assert_eq!(fault("0000-0002-1825-009"), (Fault::Length(15), 18, 0));
        assert_eq!(fault("0000-0002-1825-00971"), (Fault::Length(17), 19, 1));
        assert_eq!(fault("0000-00021825-0097"), (Fault::Grouping, 9, 1));
        assert_eq!(fault("00000002-1825-0097"), (Fault::Grouping, 8, 1));
        assert_eq!(fault("0000-0002 1825-0097"), (Fault::Grouping, 9, 1));
        assert_eq!(fault("000-00002-1825-0097"), (Fault::Grouping, 3, 1));
        assert_eq!(fault("0000--0002-1825-0097"), (Fault::Grouping, 5, 1));
        assert_eq!(fault("0000-0002-1825-0097-"), (Fault::Grouping, 19, 1));
        assert_eq!(fault("0000-0002-1825-"), (Fault::Length(12), 15, 0));
        assert_eq!(fault("-0000-0002-1825-0097"), (Fault::Grouping, 0, 1));
        assert_eq!(fault("0000-000X-1825-0097"), (Fault::Char('X'), 8, 1));
        assert_eq!(fault("0000-0002-1825-0O97"), (Fault::Char('O'), 16, 1));
        assert_eq!(
            fault("0000\u{2010}0002"),
            (Fault::Char('\u{2010}'), 4, 3)
        );
        assert_eq!(
            fault("0000-0002-1825-0098"),
            (
                Fault::Check {
                    expected: '7',
                    found: '8'
                },
                18,
                1
            )
        );
        assert!(read("0000 0002 1825 0097", b"-").is_err());
    }

    #[test]
    fn check_characters() {
        assert_eq!(mod11_2(b"000000012146438"), Some('X'));
        assert_eq!(mod11_2(b"000000012103268"), Some('3'));
        assert_eq!(mod11_2(b"000000015000000"), Some('7'));
        assert_eq!(mod11_2(b"000000035000000"), Some('1'));
        assert_eq!(mod11_2(b"00000001210326a"), None);
    }

    #[test]
    fn shapes() {
        assert_eq!(bare_shape(b"0000-0002-1825-0097"), Some(21825009));
        assert_eq!(bare_shape(b"0000000218250097"), Some(21825009));
        assert_eq!(bare_shape(b"000000021825009x"), Some(21825009));
        assert_eq!(bare_shape(b"0000 0002 1825 009"), Some(21825000));
        assert_eq!(bare_shape(b"0000-0002-1825-00977"), Some(21825000));
        assert_eq!(bare_shape(b"0000-00021825-0097"), Some(21825009));
        assert_eq!(bare_shape(b"0000-0002-1825-0"), Some(21825000));
        for t in [
            &b""[..],
            b"000000021825009",
            b"00000002182500971",
            b"0000-0002-1825",
            b"0000-0002 1825-009",
            b"X000000021825009",
            b"0000x00021825009",
            b"978-0-306-40615-7",
            b"-0000-0002-1825-0097",
            b"0000-0002-1825-0097a",
        ] {
            assert_eq!(bare_shape(t), None, "{:?}", String::from_utf8_lossy(t));
        }
    }

    #[test]
    fn regrouping() {
        assert_eq!(
            regrouped("0000-00021825 0097", '-').as_deref(),
            Some("0000-0002-1825-0097")
        );
        assert_eq!(regrouped("0000-0002-1825-009", '-'), None);
        assert_eq!(regrouped("0000-0002-1825-009a", '-'), None);
    }
}
