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
}

/// A scheme's own test of a host ([`Hosts::Pred`]).
type HostPred = fn(&[u8]) -> bool;

/// The longest host a prefilter may list.
const LONGEST_HOST: usize = 64;

/// The prefilters of the whole list compiled into one lookup: which schemes (bit `i` for the
/// `i`-th of the list) may claim an input, from one table row for its first byte, or one hash
/// lookup for the host of a URL — not two dozen questions per input.
#[derive(Debug)]
pub(crate) struct Table {
    /// By first byte (lower-cased), for inputs that are not `http(s)://` URLs.
    first: [u64; 128],
    /// The schemes any host can carry.
    any: u64,
    /// Lower-cased host → the schemes that list it.
    exact: std::collections::HashMap<Box<[u8]>, u64, rustc_hash::FxBuildHasher>,
    /// The longest host of `exact` (at most [`LONGEST_HOST`]): longer hosts are not looked up.
    longest: usize,
    /// One bit for the [`signature`] of each host of `exact`: a host whose bit is clear is
    /// not listed, told without hashing it (most hosts of a crawl are not).
    signatures: [u64; SIGNATURE_WORDS],
    /// The schemes that decide on a host themselves.
    preds: Vec<(u64, HostPred)>,
}

impl Table {
    /// The table of `list`, at most 64 schemes in the list's order.
    pub(crate) fn new(list: &[Prefilter]) -> Table {
        assert!(list.len() <= 64, "a prefilter table holds 64 schemes");
        let mut t = Table {
            first: [0; 128],
            any: 0,
            exact: Default::default(),
            longest: 0,
            signatures: [0; SIGNATURE_WORDS],
            preds: Vec::new(),
        };
        for (i, p) in list.iter().enumerate() {
            let bit = 1u64 << i;
            for (c, row) in t.first.iter_mut().enumerate() {
                if p.first >> c & 1 == 1 {
                    *row |= bit;
                }
            }
            match p.hosts {
                Hosts::None => {}
                Hosts::Any => t.any |= bit,
                Hosts::Exact(hosts) => {
                    for h in hosts {
                        let key = h.to_ascii_lowercase().into_bytes().into_boxed_slice();
                        assert!(
                            key.len() <= LONGEST_HOST,
                            "a prefilter host has at most 64 bytes"
                        );
                        t.longest = t.longest.max(key.len());
                        let sig = signature(&key);
                        t.signatures[sig / 64] |= 1 << (sig % 64);
                        *t.exact.entry(key).or_default() |= bit;
                    }
                }
                Hosts::Pred(f) => t.preds.push((bit, f)),
            }
        }
        t
    }

    /// Whether `host` may be a host of `exact`: its [`signature`]'s bit is set.
    #[inline]
    fn may_list(&self, host: &[u8]) -> bool {
        let sig = signature(host);
        self.signatures[sig / 64] >> (sig % 64) & 1 == 1
    }

    /// The schemes whose prefilter admits `t`: bit `i` for the `i`-th of the list.
    #[inline]
    pub(crate) fn admitted(&self, t: &[u8]) -> u64 {
        let (first, host) = look(t);
        let Some(host) = host else {
            return self.first.get(usize::from(first)).copied().unwrap_or(0);
        };
        let mut m = self.any;
        if host.len() <= self.longest && self.may_list(host) {
            let mut buf = [0u8; LONGEST_HOST];
            let key = &mut buf[..host.len()];
            key.copy_from_slice(host);
            key.make_ascii_lowercase();
            m |= self.exact.get(&*key).copied().unwrap_or(0);
        }
        for (bit, f) in &self.preds {
            if f(host) {
                m |= bit;
            }
        }
        m
    }
}

/// Words of [`Table::signatures`]: 1,024 bits for a few dozen hosts, so that few hosts not
/// listed find their bit set (a test holds it under one in ten).
const SIGNATURE_WORDS: usize = 16;

/// A host's bit in [`Table::signatures`], from its length and its first and last bytes (ASCII
/// case-insensitive, as hosts are compared): a few instructions where hashing the host and
/// probing the map take a hundred and fifty.
#[inline]
fn signature(host: &[u8]) -> usize {
    let (Some(first), Some(last)) = (host.first(), host.last()) else {
        return 0;
    };
    let first = usize::from(first.to_ascii_lowercase());
    let last = usize::from(last.to_ascii_lowercase());
    let mix = (host.len() * 0x9E37) ^ (first * 0x85) ^ (last * 0x3B1);
    mix % (SIGNATURE_WORDS * 64)
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
    let window = &rest[..rest.len().min(300)];
    let end = memchr::memchr3(b'/', b'?', b'#', window).unwrap_or(window.len());
    let host = &rest[..end];
    // A port is digits after the last `:`: read from the end, only as far as the digits go.
    let digits = host.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let host = match host.len().checked_sub(digits + 1) {
        Some(i) if host[i] == b':' => &host[..i],
        _ => host,
    };
    (first, Some(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_look_takes_a_urls_host_without_its_port() {
        let host = |t: &str| {
            look(t.as_bytes())
                .1
                .map(|h| String::from_utf8_lossy(h).into_owned())
        };
        assert_eq!(host("https://doi.org/10.1/x").as_deref(), Some("doi.org"));
        assert_eq!(
            host("HTTP://DOI.ORG:8080/10.1/x").as_deref(),
            Some("DOI.ORG")
        );
        assert_eq!(host("http://doi.org:/x").as_deref(), Some("doi.org"));
        assert_eq!(host("http://a:b:80?q").as_deref(), Some("a:b"));
        // Not a port: the digits do not follow a `:`, or a `:` is followed by more than digits.
        assert_eq!(host("http://[::1]/").as_deref(), Some("[::1]"));
        assert_eq!(host("http://[::1]:443#f").as_deref(), Some("[::1]"));
        assert_eq!(host("https://host:8a/").as_deref(), Some("host:8a"));
        assert_eq!(host("https://80/").as_deref(), Some("80"));
        assert_eq!(host("https://:80/").as_deref(), Some(""));
        assert_eq!(host("file:///x"), None);
        assert_eq!(look(b"Doi:10.1/x"), (b'd', None));
        assert_eq!(look(b""), (0, None));
    }

    #[test]
    fn every_listed_host_passes_the_signature_and_most_others_do_not() {
        const LISTED: [&str; 4] = ["doi.org", "hdl.handle.net", "export.arxiv.org", "w3id.org"];
        let t = Table::new(&[Prefilter::new(b"", Hosts::Exact(&LISTED))]);
        for h in LISTED {
            assert!(t.may_list(h.as_bytes()) && t.may_list(h.to_ascii_uppercase().as_bytes()));
            assert_eq!(t.admitted(format!("https://{h}/x").as_bytes()), 1);
            assert_eq!(
                t.admitted(format!("HTTP://{}:80", h.to_ascii_uppercase()).as_bytes()),
                1
            );
        }
        // A crawl's hosts: the signature answers for nearly all of them without the map.
        let others: Vec<String> = (0..1000)
            .map(|i| format!("www.site{i}.example.com"))
            .collect();
        let passed = others.iter().filter(|h| t.may_list(h.as_bytes())).count();
        assert!(
            passed < 100,
            "{passed} of 1000 unlisted hosts pass the signature"
        );
        assert!(
            others
                .iter()
                .all(|h| t.admitted(format!("https://{h}/").as_bytes()) == 0)
        );
    }
}
