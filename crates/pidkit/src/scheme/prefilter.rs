//! A quick look before [`super::Scheme::claims`]: which inputs a scheme may claim at all, from
//! their first byte, or the host of an `http(s)://` URL. Auto-detection asks every scheme of the
//! list about every input; with two dozen schemes, asking only those whose prefilter admits the
//! input keeps detection from costing more than the reading (issue 27: within 10 % of the
//! build before the new schemes).

/// Which inputs a scheme may claim: it must admit every input its `claims` accepts (a test
/// holds every scheme to this), and may admit more.
#[derive(Debug, Clone, Copy)]
pub struct Prefilter {
    /// The first bytes, ASCII lower-cased, of the forms that are not `http://` or `https://`
    /// URLs: one bit per ASCII byte.
    first: u128,
    /// The hosts of its `http(s)://` URL forms.
    hosts: Hosts,
}

/// The hosts of a scheme's `http(s)://` URL forms.
#[derive(Debug, Clone, Copy)]
pub enum Hosts {
    /// It has none.
    None,
    /// Any host can carry one (an ARK at its NMA).
    Any,
    /// These (ASCII case-insensitive).
    Exact(&'static [&'static str]),
    /// Those this function accepts (given the host as written, without a port).
    Pred(fn(&[u8]) -> bool),
}

impl Prefilter {
    /// Admits every input: the default, for a scheme that says nothing.
    pub const ALL: Prefilter = Prefilter {
        first: u128::MAX,
        hosts: Hosts::Any,
    };

    /// Inputs whose first byte (ASCII, any case) is one of `first` when they are not
    /// `http(s)://` URLs, and URLs on `hosts`.
    pub const fn new(first: &[u8], hosts: Hosts) -> Prefilter {
        let mut mask = 0u128;
        let mut i = 0;
        while i < first.len() {
            let c = first[i].to_ascii_lowercase();
            if c < 128 {
                mask |= 1 << c;
            }
            i += 1;
        }
        Prefilter { first: mask, hosts }
    }

    /// The first bytes `0`–`9`, for the schemes of bare numbers, with `more`.
    pub const DIGITS: &'static [u8] = b"0123456789";

    /// Whether the scheme may claim an input that starts with `first` (lower-cased) and, when it
    /// is an `http(s)://` URL, has `host`.
    #[inline]
    pub(crate) fn admits(&self, first: u8, host: Option<&[u8]>) -> bool {
        match host {
            Some(h) => match self.hosts {
                Hosts::None => false,
                Hosts::Any => true,
                Hosts::Exact(list) => list.iter().any(|x| x.as_bytes().eq_ignore_ascii_case(h)),
                Hosts::Pred(f) => f(h),
            },
            None => first < 128 && self.first >> first & 1 == 1,
        }
    }
}

/// What the prefilters look at: the first byte of `t` (lower-cased; 0 when empty) and, for an
/// `http://` or `https://` URL (any case), its host — up to `/`, `?` or `#`, without a port.
#[inline]
pub(crate) fn look(t: &[u8]) -> (u8, Option<&[u8]>) {
    let first = t.first().map_or(0, u8::to_ascii_lowercase);
    if first != b'h' {
        return (first, None);
    }
    let after = if t.len() > 8 && t[..8].eq_ignore_ascii_case(b"https://") {
        8
    } else if t.len() > 7 && t[..7].eq_ignore_ascii_case(b"http://") {
        7
    } else {
        return (first, None);
    };
    let rest = &t[after..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest
        .iter()
        .take(300)
        .position(|c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len().min(300));
    let host = &rest[..end];
    let host = match host.iter().rposition(|&c| c == b':') {
        Some(i) if host[i + 1..].iter().all(u8::is_ascii_digit) => &host[..i],
        _ => host,
    };
    (first, Some(host))
}
