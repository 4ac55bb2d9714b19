//! What generic URI processing knows of each URI scheme (RFC 3986 §6.2.3, draft-duerst-iri-bis-07
//! §3.4–3.5, §5.3.3): one table, read by scheme-based normalization and by IRI → URI conversion.
//!
//! Identifier schemes with an equivalence of their own (`doi:`, `urn:`, `ivo:`, `hdl:`) hand it to
//! the ladder through the caller ([`super::SchemeEquivalence`]); of them only `urn` is here, for
//! the one fact URI → IRI conversion needs (its percent-encoded ASCII is significant).

/// The facts of one URI scheme.
///
/// ```
/// use pidkit::iri::scheme_facts;
/// let http = scheme_facts("HTTP");
/// assert_eq!((http.default_port, http.empty_path_is_root, http.dns_host), (Some("80"), true, true));
/// assert_eq!(scheme_facts("mailto").default_port, None);
/// assert!(!scheme_facts("urn").dns_host);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SchemeFacts {
    /// The port that an explicit `:port` may elide (§5.3.3).
    pub default_port: Option<&'static str>,
    /// An empty path under an authority means `/`.
    pub empty_path_is_root: bool,
    /// The host `localhost` means the same as an empty host.
    pub localhost_is_empty: bool,
    /// The `ireg-name` is a DNS name, mapped with IDNA (§3.4, §3.7 step 6).
    pub dns_host: bool,
    /// The query may be encoded in the document's charset rather than UTF-8 (§3.5).
    pub legacy_query_charset: bool,
    /// The domain of each address in the path is case-insensitive (RFC 6068 §2).
    pub mail_addresses: bool,
    /// A percent-encoded ASCII character is not the character (`%41` ≠ `A`), so URI → IRI
    /// conversion decodes no ASCII octet, not even the unreserved ones §3.7 step 2 would.
    pub encoded_ascii_significant: bool,
}

impl SchemeFacts {
    const NONE: SchemeFacts = SchemeFacts {
        default_port: None,
        empty_path_is_root: false,
        localhost_is_empty: false,
        dns_host: false,
        legacy_query_charset: false,
        mail_addresses: false,
        encoded_ascii_significant: false,
    };

    const fn port(p: &'static str) -> SchemeFacts {
        SchemeFacts {
            default_port: Some(p),
            ..SchemeFacts::NONE
        }
    }

    /// A scheme of the web: a DNS host, and an empty path that means `/`.
    const fn web(p: &'static str) -> SchemeFacts {
        SchemeFacts {
            default_port: Some(p),
            empty_path_is_root: true,
            dns_host: true,
            ..SchemeFacts::NONE
        }
    }
}

/// The schemes whose `ireg-name` is a DNS name (§3.4), lowercase: those of the table with
/// [`SchemeFacts::dns_host`].
pub const DNS_SCHEMES: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// A scheme of at most eight bytes as one word, lower-cased, padded with `0xFF` (a byte no
/// `str` holds, so no two texts share a word): the table is a `match` on integers.
const fn word(scheme: &[u8]) -> Option<u64> {
    if scheme.len() > 8 {
        return None;
    }
    let mut buf = [0xFF; 8];
    let mut i = 0;
    while i < scheme.len() {
        buf[i] = scheme[i].to_ascii_lowercase();
        i += 1;
    }
    Some(u64::from_le_bytes(buf))
}

/// [`word`] of a scheme of the table, at compile time.
const fn key(scheme: &str) -> u64 {
    match word(scheme.as_bytes()) {
        Some(w) => w,
        None => panic!("the table's schemes have at most eight bytes"),
    }
}

/// The facts of `scheme` (ASCII case-insensitive); a scheme not in the table has none.
pub fn scheme_facts(scheme: &str) -> SchemeFacts {
    const HTTP: u64 = key("http");
    const HTTPS: u64 = key("https");
    const WS: u64 = key("ws");
    const WSS: u64 = key("wss");
    const FTP: u64 = key("ftp");
    const GOPHER: u64 = key("gopher");
    const TELNET: u64 = key("telnet");
    const NNTP: u64 = key("nntp");
    const NEWS: u64 = key("news");
    const POP: u64 = key("pop");
    const IMAP: u64 = key("imap");
    const LDAP: u64 = key("ldap");
    const RTSP: u64 = key("rtsp");
    const COAP: u64 = key("coap");
    const COAPS: u64 = key("coaps");
    const FILE: u64 = key("file");
    const MAILTO: u64 = key("mailto");
    const URN: u64 = key("urn");
    let Some(w) = word(scheme.as_bytes()) else {
        return SchemeFacts::NONE;
    };
    match w {
        // RFC 9110 §4.2.1–4.2.3: ports 80 and 443; "an empty path component is equivalent to
        // an absolute path of "/""; §3.5: the query may be in the page's charset.
        HTTP => SchemeFacts {
            legacy_query_charset: true,
            ..SchemeFacts::web("80")
        },
        HTTPS => SchemeFacts {
            legacy_query_charset: true,
            ..SchemeFacts::web("443")
        },
        // RFC 6455 §3: the same defaults; an empty path is the resource name "/".
        WS => SchemeFacts::web("80"),
        WSS => SchemeFacts::web("443"),
        // RFC 1738 §3.2: port 21; "ftp://h" and "ftp://h/" both have an empty url-path.
        FTP => SchemeFacts::web("21"),
        GOPHER => SchemeFacts::port("70"),       // RFC 4266 §2.1
        TELNET => SchemeFacts::port("23"),       // RFC 4248 §2
        NNTP | NEWS => SchemeFacts::port("119"), // RFC 5538 §2.1, §2.2
        POP => SchemeFacts::port("110"),         // RFC 2384 §3
        IMAP => SchemeFacts::port("143"),        // RFC 5092 §2
        LDAP => SchemeFacts::port("389"),        // RFC 4516 §2
        RTSP => SchemeFacts::port("554"),        // RFC 7826 §19.2
        COAP => SchemeFacts::port("5683"),       // RFC 7252 §6.1
        COAPS => SchemeFacts::port("5684"),      // RFC 7252 §6.2
        // RFC 8089 §2 and RFC 1738 §3.10: "localhost" and the empty host both mean the
        // machine interpreting the URI; §5.3.3 prefers the empty authority.
        FILE => SchemeFacts {
            localhost_is_empty: true,
            ..SchemeFacts::NONE
        },
        // RFC 6068 §2 (and RFC 3986 §6.2.3's example): the domain of each address is
        // case-insensitive, the local part is not.
        MAILTO => SchemeFacts {
            mail_addresses: true,
            ..SchemeFacts::NONE
        },
        // RFC 8141 §3.1: "Percent-encoded characters MUST NOT be decoded" when URNs are
        // compared, so `urn:example:%41` and `urn:example:A` are two URNs.
        URN => SchemeFacts {
            encoded_ascii_significant: true,
            ..SchemeFacts::NONE
        },
        _ => SchemeFacts::NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_schemes_are_the_tables() {
        for s in DNS_SCHEMES {
            assert!(scheme_facts(s).dns_host, "{s}");
        }
        for s in [
            "mailto",
            "file",
            "urn",
            "doi",
            "gopher",
            "a-very-long-scheme-name",
        ] {
            assert!(!scheme_facts(s).dns_host, "{s}");
        }
        assert_eq!(scheme_facts("HTTPS").default_port, Some("443"));
    }

    /// Every scheme of the table is found in any case, and only it: not its prefixes, not
    /// longer texts that start with it, not with a NUL in the padding's place.
    #[test]
    fn the_table_is_found_by_its_words() {
        let table = [
            "http", "https", "ws", "wss", "ftp", "gopher", "telnet", "nntp", "news", "pop", "imap",
            "ldap", "rtsp", "coap", "coaps", "file", "mailto", "urn",
        ];
        for s in table {
            let facts = scheme_facts(s);
            assert_ne!(facts, SchemeFacts::NONE, "{s}");
            assert_eq!(scheme_facts(&s.to_ascii_uppercase()), facts, "{s}");
            for other in [&s[..s.len() - 1], &format!("{s}\0"), &format!("{s}s-9xyz")] {
                if !table.contains(&other) {
                    assert_eq!(scheme_facts(other), SchemeFacts::NONE, "{other:?}");
                }
            }
        }
        assert_eq!(scheme_facts("mailtoxx").default_port, None);
        assert_eq!(scheme_facts(""), SchemeFacts::NONE);
        assert_eq!(scheme_facts("\u{e9}"), SchemeFacts::NONE);
    }
}
