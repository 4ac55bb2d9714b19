//! The International ISBN Agency's range data: where the registration group, registrant and
//! publication elements of an ISBN-13 begin and end, and which agency the group belongs to.
//!
//! The data is the Agency's `RangeMessage.xml`
//! (<https://www.isbn-international.org/range_file_generation>), as the `isbn` crate ships it
//! (<https://crates.io/crates/isbn>, MIT licence: the file itself is the Agency's, republished
//! by the crate under a dated version, `0.8.YYYYMMDD`, whenever the Agency changes it). The
//! crate compiles it into a `match`; pidkit asks it only for the element lengths and the
//! agency's name, and reads and checks ISBNs itself. `cargo update -p isbn` brings newer
//! ranges; the version in `Cargo.lock` names the date of the data in use.

/// Where the elements of an ISBN-13 end, by the range data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Elements {
    /// Digits of the registration group element (1 to 5).
    pub group: u8,
    /// Digits of the registrant element (1 to 7).
    pub registrant: u8,
}

/// The ISBN-13 `d` (ASCII digits, check digit valid) as the `isbn` crate's type.
fn isbn13(d: &[u8; 13]) -> Option<isbn::Isbn13> {
    let mut v = [0u8; 13];
    for (o, c) in v.iter_mut().zip(d) {
        *o = c.checked_sub(b'0').filter(|&x| x <= 9)?;
    }
    isbn::Isbn13::new(v).ok()
}

/// The elements of the ISBN-13 `d` (ASCII digits with a valid check digit), or `None` when its
/// registration group or registrant range is not assigned in the range data.
pub(crate) fn elements(d: &[u8; 13]) -> Option<Elements> {
    let h = isbn13(d)?.hyphenate().ok()?;
    let mut parts = h.as_str().split('-');
    let (_prefix, group, registrant) = (parts.next()?, parts.next()?, parts.next()?);
    let (g, r) = (group.len(), registrant.len());
    // Prefix, group, registrant, publication and check digit: 13 digits in five elements.
    (g >= 1 && r >= 1 && 3 + g + r < 12).then_some(Elements {
        group: g as u8,
        registrant: r as u8,
    })
}

/// The name of the registration group's agency (`English language`, `Germany` …) in the range
/// data.
pub(crate) fn agency(d: &[u8; 13]) -> Option<String> {
    isbn13(d)?.registration_group().ok().map(str::to_owned)
}
