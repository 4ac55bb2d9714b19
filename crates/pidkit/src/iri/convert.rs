//! IRI → URI (draft-duerst-iri-bis-07 §3.3–3.6) and URI → IRI (§3.7, the six steps).
//!
//! Both work on the parsed components, never by re-parsing: the result is an [`IriRef`] over a
//! [`Cow`] that borrows the input when nothing changes (every URI is its own URI; a URI without
//! decodable `%XX` is its own IRI), with its component positions computed while it is built.
//!
//! **Which hosts are DNS names.** IDNA applies only to an `ireg-name` known to be a DNS name:
//! by default the authority of the schemes `http`, `https`, `ws`, `wss` and `ftp` (scheme
//! compared case-insensitively); [`Idna::AnyAuthority`] extends it to every authority,
//! [`Idna::Never`] turns it off (RFC 3987 §3.1's general mapping: the host is percent-encoded
//! like any other component). A relative reference has no scheme, so its host is not known to
//! be a DNS name: resolve it first, or choose [`Idna::AnyAuthority`].
//!
//! **IDNA flavour.** ToASCII/ToUnicode are UTS #46 (non-transitional) from the `idna` crate, with
//! `UseSTD3ASCIIRules=false` (§3.4), `CheckHyphens=false` (IDNA2003 with STD3 off checked no
//! hyphens either), `CheckBidi=true`, `CheckJoiners=true` and `VerifyDnsLength=true` except that
//! a trailing root dot is allowed (IDNA2003's ToASCII required labels of 1 to 63 octets and RFC
//! 3490 §3.1 allows the root dot). Where this differs from the RFC 3490 (IDNA2003) operation the
//! draft names: the deviation characters `ß`, `ς`, ZWJ and ZWNJ are kept (IDNA2003 mapped them
//! to `ss`, `σ` and nothing); mapping and validity follow current Unicode rather than 3.2, and
//! unassigned code points always fail (no `AllowUnassigned`); the RFC 5893 bidi rule and the
//! CONTEXTJ rules replace RFC 3454's bidi check; and when a name holds a non-ASCII label its
//! ASCII labels are lower-cased too (IDNA2003 left all-ASCII labels alone). The result must
//! also be an `ireg-name`: a name that maps to `/`, `?`, `%` … fails.

use std::borrow::Cow;

#[cfg(feature = "idna")]
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::error::{IriError as ErrorKind, IriParseError as ParseError};
use super::parse::{HostKind, Positions, is_ipv4};
use super::scheme_facts::scheme_facts;
use super::types::IriRef;
use crate::chars;
#[cfg(feature = "idna")]
use crate::chars::REG_NAME;
use crate::pct::{self, push_encoded};

/// Which `ireg-name`s are DNS names and so are mapped with IDNA (§3.4, §3.7 step 6).
///
/// ```
/// use pidkit::{Idna, IriRef, ToUri};
/// let iri = IriRef::parse("foo://résumé.example/")?;
/// assert_eq!(iri.to_uri()?, "foo://r%C3%A9sum%C3%A9.example/"); // not a DNS scheme
/// let any = ToUri::new().idna(Idna::AnyAuthority);
/// assert_eq!(any.convert(&iri)?, "foo://xn--rsum-bpad.example/");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Idna {
    /// The hosts of [`DNS_SCHEMES`](crate::iri::DNS_SCHEMES) (the default).
    #[default]
    DnsSchemes,
    /// Every `ireg-name` of an authority, whatever the scheme.
    AnyAuthority,
    /// None: hosts are percent-encoded and decoded like other components (RFC 3987 §3.1).
    Never,
}

impl Idna {
    /// Whether the `ireg-name` of a reference with this scheme is a DNS name.
    ///
    /// ```
    /// use pidkit::Idna;
    /// assert!(Idna::DnsSchemes.applies_to(Some("HTTPS")));
    /// assert!(!Idna::DnsSchemes.applies_to(Some("urn")) && !Idna::DnsSchemes.applies_to(None));
    /// assert!(Idna::AnyAuthority.applies_to(None));
    /// ```
    pub fn applies_to(self, scheme: Option<&str>) -> bool {
        match self {
            Idna::DnsSchemes => scheme.is_some_and(|s| scheme_facts(s).dns_host),
            Idna::AnyAuthority => true,
            Idna::Never => false,
        }
    }

    fn dns_host<T: AsRef<str>>(self, r: &IriRef<T>) -> bool {
        let p = r.positions();
        p.has_authority && p.host_kind == HostKind::RegName && self.applies_to(r.scheme())
    }
}

/// IRI → URI mapping options (§3.3–3.6). [`IriRef::to_uri`] uses the defaults.
///
/// Every character not allowed in a URI is percent-encoded as UTF-8 with uppercase hex;
/// existing `%XX` and ASCII are left alone, so the mapping is the identity on URIs and
/// idempotent. A non-ASCII DNS host goes through [`host_to_ascii`] instead (never `%XX`), and
/// the conversion fails when that fails. A second `#` in the fragment (allowed by the draft's
/// `ifragment`) stays as it is: RFC 3987 §3.1 says `#`, `%`, `[` and `]` MUST NOT be converted.
///
/// ```
/// use pidkit::{IriRef, ToUri};
/// let iri = IriRef::parse("http://résumé.example.org/D\u{FC}rst?q=\u{3B1}#f")?;
/// let uri = ToUri::new().convert(&iri)?;
/// assert_eq!(uri, "http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%CE%B1#f");
/// assert_eq!(uri.host_str(), Some("xn--rsum-bpad.example.org")); // positions come along
/// // Already a URI: borrowed, not copied.
/// let same = IriRef::parse("http://a/%7e?x")?;
/// assert!(matches!(same.to_uri()?.into_inner(), std::borrow::Cow::Borrowed(_)));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ToUri {
    idna: Idna,
    /// Convert every host afresh (no per-thread memo of recent hosts).
    uncached: bool,
    #[cfg(feature = "encoding")]
    query_encoding: Option<&'static encoding_rs::Encoding>,
}

impl ToUri {
    /// The defaults: IDNA for [`DNS_SCHEMES`](crate::iri::DNS_SCHEMES), UTF-8 everywhere.
    pub const fn new() -> Self {
        ToUri {
            idna: Idna::DnsSchemes,
            uncached: false,
            #[cfg(feature = "encoding")]
            query_encoding: None,
        }
    }

    /// Which hosts are DNS names (IDNA ToASCII) and which are percent-encoded.
    pub const fn idna(mut self, idna: Idna) -> Self {
        self.idna = idna;
        self
    }

    /// Whether IDNA results are remembered per thread (on by default). Hosts repeat heavily
    /// in URL lists and ToASCII costs a few hundred nanoseconds, so each thread keeps up to
    /// 1,024 non-ASCII hosts it converted recently (hosts of at most 256 bytes: bounded memory).
    /// The results are the same either way; off, every host is converted afresh.
    ///
    /// ```
    /// use pidkit::{IriRef, ToUri};
    /// let iri = IriRef::parse("http://Bücher.example/")?;
    /// let cached = ToUri::new().convert(&iri)?;
    /// assert_eq!(cached, ToUri::new().host_cache(false).convert(&iri)?);
    /// assert_eq!(cached, "http://xn--bcher-kva.example/");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub const fn host_cache(mut self, on: bool) -> Self {
        self.uncached = !on;
        self
    }

    /// Encode the query of `http`/`https` IRIs in a legacy document charset (§3.5) instead
    /// of UTF-8. Characters the charset cannot represent become `%26%23NNNN%3B` (`&#NNNN;`),
    /// as browsers do. A UTF-16 charset means UTF-8 (§7.2).
    ///
    /// ```
    /// use pidkit::{IriRef, ToUri, Encoding};
    /// let latin1 = ToUri::new().query_encoding(Encoding::for_label(b"iso-8859-1").unwrap());
    /// let iri = IriRef::parse("http://a/é?q=é日")?;
    /// assert_eq!(latin1.convert(&iri)?, "http://a/%C3%A9?q=%E9%26%2326085%3B");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn query_encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Self {
        let out = encoding.output_encoding();
        self.query_encoding = (out != encoding_rs::UTF_8).then_some(out);
        self
    }

    /// Map `iri` to a URI reference. Borrows when `iri` is already a URI.
    ///
    /// Fails only when a non-ASCII DNS host cannot be converted by IDNA ToASCII
    /// (error code `idna`, offset in `iri`).
    pub fn convert<'a, T: AsRef<str>>(
        &self,
        iri: &'a IriRef<T>,
    ) -> Result<IriRef<Cow<'a, str>>, ParseError> {
        let s = iri.as_str();
        let p = *iri.positions();
        let non_ascii = count_non_ascii(s.as_bytes());
        if non_ascii == 0 {
            return Ok(IriRef::from_parts(Cow::Borrowed(s), p));
        }
        let dns = self.idna.dns_host(iri);
        #[cfg(feature = "encoding")]
        let legacy = self.query_encoding.filter(|_| {
            iri.scheme()
                .is_some_and(|s| scheme_facts(s).legacy_query_charset)
        });
        // Room for every non-ASCII byte as `%XX`; an A-label can be longer than that for a
        // short label (`ä` is 2 bytes, `xn--4ca` 7), by at most its `xn--` in practice.
        let mut capacity = s.len() + 2 * non_ascii;
        if dns {
            let host = s
                .as_bytes()
                .get(p.host_start..p.host_end)
                .unwrap_or_default();
            capacity += 4 * (1 + host.iter().filter(|&&b| b == b'.').count());
        }
        let (text, pos) = rebuild(s, &p, capacity, |out, part, text, at| {
            match part {
                Part::Host if dns && !text.is_ascii() => {
                    push_host_ascii(out, text, !self.uncached).map_err(|e| e.shifted(at))?;
                }
                #[cfg(feature = "encoding")]
                Part::Query if legacy.is_some() => {
                    encode_legacy(out, text, legacy.unwrap_or(encoding_rs::UTF_8));
                }
                _ => encode_non_ascii(out, text),
            }
            Ok(())
        })?;
        Ok(IriRef::from_parts(Cow::Owned(text), pos))
    }
}

/// URI → IRI conversion options (§3.7). [`IriRef::to_iri`] uses the defaults.
///
/// Steps 1–5: every `%XX` is decoded except `%25`, reserved characters and ASCII not allowed
/// in URIs; octets that are not strictly valid UTF-8 (overlong forms, surrogates, truncated
/// sequences, Latin-1 guesses) are re-encoded; so are the characters not appropriate in an IRI
/// (see below). Re-encoded octets use uppercase hex; `%XX` never decoded are kept as written.
/// Step 6 (ToUnicode of `xn--` labels of DNS hosts) is off by default: §10 names look-alike
/// host names as the main spoofing risk, and RFC 3987 §3.2.1 shows it as optional.
///
/// The `%XX` of a DNS host are not decoded: §3.4 maps a non-ASCII DNS host with ToASCII,
/// never back to `%XX`, so decoding them would break §3.7's promise that the IRI maps back to
/// the URI. With [`Idna::Never`] they are decoded like everything else.
///
/// Not appropriate in an IRI (step 4, from §2.2, §4.1, §6.1, §7.3): what is not `ucschar`
/// (controls, non-characters, specials U+FFF0–FFFD, tags U+E0000–E0FFF), private use outside the
/// query, bidi formatting characters (U+200E, U+200F, U+202A–202E, and also U+061C and the
/// isolates U+2066–2069), non-ASCII spaces (U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F,
/// U+205F, U+3000) and invisible format characters (U+00AD, U+180E, U+200B, U+2060–2064, U+FEFF).
///
/// ```
/// use pidkit::{IriRef, ToIri};
/// let uri = IriRef::parse("http://xn--99zt52a.example.org/D%C3%BCrst%FC/%e2%80%ae%2F%41")?;
/// assert_eq!(uri.to_iri(), "http://xn--99zt52a.example.org/Dürst%FC/%E2%80%AE%2FA");
/// let step6 = ToIri::new().unicode_hosts(true);
/// assert_eq!(step6.convert(&uri), "http://納豆.example.org/Dürst%FC/%E2%80%AE%2FA");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ToIri {
    idna: Idna,
    unicode_hosts: bool,
}

impl ToIri {
    /// The defaults: DNS hosts are those of [`DNS_SCHEMES`](crate::iri::DNS_SCHEMES); no ToUnicode.
    pub const fn new() -> Self {
        ToIri {
            idna: Idna::DnsSchemes,
            unicode_hosts: false,
        }
    }

    /// Which hosts are DNS names (kept as they are, or converted with ToUnicode).
    pub const fn idna(mut self, idna: Idna) -> Self {
        self.idna = idna;
        self
    }

    /// Step 6: convert the `xn--` labels of DNS hosts with ToUnicode ([`host_to_unicode`]).
    /// Only with the `idna` feature (there is no ToUnicode without it).
    #[cfg(feature = "idna")]
    pub const fn unicode_hosts(mut self, yes: bool) -> Self {
        self.unicode_hosts = yes;
        self
    }

    /// Convert `uri` (any IRI reference; a URI typically) to an IRI reference.
    /// Borrows when nothing changes; never fails.
    pub fn convert<'a, T: AsRef<str>>(&self, uri: &'a IriRef<T>) -> IriRef<Cow<'a, str>> {
        let s = uri.as_str();
        let p = *uri.positions();
        let dns = self.idna.dns_host(uri);
        let host = &s[p.host_start..p.host_end];
        let unicode_host = self.unicode_hosts && dns && has_ace_label(host);
        // Step 2 leaves ASCII encoded where `%41` is not `A` (URNs, RFC 8141 §3.1): the IRI
        // must name what the URI names.
        let keep_ascii =
            p.scheme_end > 0 && scheme_facts(&s[..p.scheme_end]).encoded_ascii_significant;
        if !unicode_host && !has_decodable_pct(s, keep_ascii) {
            return IriRef::from_parts(Cow::Borrowed(s), p);
        }
        let built = rebuild(s, &p, s.len(), |out, part, text, _| {
            match part {
                #[cfg(feature = "idna")]
                Part::Host if dns && unicode_host => out.push_str(&host_to_unicode(text)),
                Part::Host if dns => out.push_str(text),
                _ => decode_into(out, text, part == Part::Query, keep_ascii),
            }
            Ok(())
        });
        match built {
            Ok((text, pos)) if text != s => IriRef::from_parts(Cow::Owned(text), pos),
            _ => IriRef::from_parts(Cow::Borrowed(s), p),
        }
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// This reference as a URI (§3.6) with the default [`ToUri`] options.
    ///
    /// ```
    /// let iri = pidkit::IriRef::parse("http://example.com/𐌀𐌁𐌂")?;
    /// assert_eq!(iri.to_uri()?, "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> Result<IriRef<Cow<'_, str>>, ParseError> {
        ToUri::new().convert(self)
    }

    /// This reference converted to an IRI (§3.7) with the default [`ToIri`] options.
    ///
    /// ```
    /// let uri = pidkit::IriRef::parse("http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9")?;
    /// assert_eq!(uri.to_iri(), "http://www.example.org/r%E9sum%E9.xml#résumé");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_iri(&self) -> IriRef<Cow<'_, str>> {
        ToIri::new().convert(self)
    }
}

// ---- hosts (§3.4, §3.7 step 6) ----

/// IDNA ToASCII (UTS #46 non-transitional; `UseSTD3ASCIIRules=false`, `CheckHyphens=false`, bidi and
/// joiner checks on, DNS lengths verified; see `docs/schemes/iri.md`) of an `ireg-name`, for a host
/// known to be a DNS name (§3.4).
///
/// An ASCII name is returned as it is, borrowed: the mapping is the identity on URIs (§3.3),
/// and malformed `xn--` labels in an ASCII name are a [`iri::warnings`](crate::iri::warnings()) warning, not a
/// conversion error. Otherwise `%XX` are decoded first (they must be UTF-8), and the result is
/// the A-label form. Errors carry code `idna` and the offset (in `host`) of the label at fault.
///
/// Without the `idna` feature a non-ASCII name is the error `idna-unavailable` (offset 0, the
/// whole name): never a silent substitute such as `%XX`.
///
/// ```
/// use pidkit::host_to_ascii;
/// assert_eq!(host_to_ascii("Bücher.example")?, "xn--bcher-kva.example");
/// assert_eq!(host_to_ascii("r%C3%A9sum%C3%A9.ü")?, "xn--rsum-bpad.xn--tda");
/// assert_eq!(host_to_ascii("EXAMPLE.org")?, "EXAMPLE.org"); // ASCII: untouched
/// let err = host_to_ascii("ok.a\u{301}b\u{5D0}.com").unwrap_err(); // breaks the bidi rule
/// assert_eq!((err.code(), err.offset), ("idna", 3));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn host_to_ascii(host: &str) -> Result<Cow<'_, str>, ParseError> {
    if host.is_ascii() {
        return Ok(Cow::Borrowed(host));
    }
    idna_to_ascii(host).map(Cow::Owned)
}

/// The per-thread memo of [`ToUri::host_cache`]: 2,048 entries in sets of four, a set chosen by
/// a hash of the host, each entry holding one host as written in the IRI and its ToASCII result
/// (or error); a set's entries are in the order they were last used, and the one used longest
/// ago makes way. Four ways keep the hit rate of a list with several hundred recurring hosts
/// near 1, where one (a direct-mapped memo) loses every host whose slot another host shares.
const HOST_SETS: usize = 512;
const HOST_WAYS: usize = 4;
/// Longer hosts are converted without the memo, which so holds at most about 2 MiB per thread
/// (about 200 KiB for hosts of typical length).
const HOST_CACHED_LEN: usize = 256;

/// A memo entry: the host as written followed by its ToASCII result, in one allocation (so a
/// hit reads one place in memory for both), or the host alone and the error.
struct HostEntry {
    /// The host, then (when ToASCII succeeded) its A-label form.
    text: Box<str>,
    /// Where the host ends in `text`.
    host_len: usize,
    /// The error of ToASCII, if it failed (rare: boxed, to keep the entries small).
    error: Option<Box<ParseError>>,
}

impl HostEntry {
    fn new(host: &str, result: &Result<Cow<'_, str>, ParseError>) -> HostEntry {
        let (ascii, error) = match result {
            Ok(a) => (a.as_ref(), None),
            Err(e) => ("", Some(Box::new(e.clone()))),
        };
        HostEntry {
            text: [host, ascii].concat().into(),
            host_len: host.len(),
            error,
        }
    }

    fn host(&self) -> &str {
        self.text.get(..self.host_len).unwrap_or_default()
    }

    fn ascii(&self) -> Result<&str, ParseError> {
        match &self.error {
            Some(e) => Err((**e).clone()),
            None => Ok(self.text.get(self.host_len..).unwrap_or_default()),
        }
    }
}

type HostSlot = Option<HostEntry>;

thread_local! {
    static HOSTS: std::cell::RefCell<Vec<HostSlot>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The index of the first memo entry of `host`'s set. A fast hash, not a keyed one: hosts
/// chosen to share a set only evict each other (the memo's size does not change).
fn host_set(host: &str) -> usize {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(host.as_bytes());
    HOST_WAYS * (h.finish() as usize % HOST_SETS)
}

/// Append the A-label form of the non-ASCII DNS host `host` ([`host_to_ascii`]), from the
/// per-thread memo when `cache` and the host was converted recently. (Also for the IDNA check
/// of the warnings and the IDN hosts of `Level::Scheme` keys, which so share the memo.)
pub(crate) fn push_host_ascii(out: &mut String, host: &str, cache: bool) -> Result<(), ParseError> {
    if !cache || host.len() > HOST_CACHED_LEN {
        out.push_str(&host_to_ascii(host)?);
        return Ok(());
    }
    let first = host_set(host);
    let hit = HOSTS
        .try_with(|hosts| {
            let mut hosts = hosts.try_borrow_mut().ok()?;
            let way = (first..first + HOST_WAYS)
                .find(|&i| matches!(hosts.get(i), Some(Some(e)) if e.host() == host))?;
            // The entry used last comes first.
            hosts.get_mut(first..=way)?.rotate_right(1);
            let ascii = hosts.get(first)?.as_ref()?.ascii();
            Some(ascii.map(|a| out.push_str(a)))
        })
        .ok()
        .flatten();
    if let Some(r) = hit {
        return r;
    }
    let r = host_to_ascii(host);
    // A thread being torn down, or a nested use, just skips the memo.
    let _ = HOSTS.try_with(|hosts| {
        if let Ok(mut hosts) = hosts.try_borrow_mut() {
            if hosts.is_empty() {
                hosts.resize_with(HOST_WAYS * HOST_SETS, || None);
            }
            // The set's entry used longest ago (the last) makes way.
            if let Some(set) = hosts.get_mut(first..first + HOST_WAYS) {
                set.rotate_right(1);
                set[0] = Some(HostEntry::new(host, &r));
            }
        }
    });
    out.push_str(&r?);
    Ok(())
}

/// Whether a DNS host passes IDNA: always for plain ASCII names, else ToASCII must succeed
/// (for an ASCII name with `xn--` labels that checks the labels' Punycode and content).
#[cfg(feature = "idna")]
pub(crate) fn validate_dns_host(host: &str) -> Result<(), ParseError> {
    if host.is_ascii() {
        return match has_ace_label(host) {
            true => idna_to_ascii(host).map(drop),
            false => Ok(()),
        };
    }
    push_host_ascii(&mut String::new(), host, true)
}

/// Without IDNA (the `idna` feature off) no name that needs it can be converted or checked.
#[cfg(not(feature = "idna"))]
fn idna_to_ascii(host: &str) -> Result<String, ParseError> {
    Err(ParseError::new(ErrorKind::IdnaUnavailable, 0, host.len()))
}

/// [`host_to_ascii`] without the shortcut for ASCII names.
#[cfg(feature = "idna")]
fn idna_to_ascii(host: &str) -> Result<String, ParseError> {
    let decoded = pct::decode_utf8(host).map_err(|e| {
        ParseError::new(
            ErrorKind::Idna("percent-encoded octets that are not UTF-8"),
            e.offset,
            e.len,
        )
    })?;
    let fail = |reason, label: Option<usize>| {
        let (offset, len) = label
            .and_then(|i| labels(host).nth(i))
            .unwrap_or((0, host.len()));
        Err(ParseError::new(ErrorKind::Idna(reason), offset, len))
    };
    // Before any mapping or Punycode work, which the `idna` crate does in time quadratic in a
    // label's length: a label that is over 63 octets however it is converted.
    if let Some(i) = overlong_label(&decoded) {
        let same = labels(host).count() == labels(&decoded).count();
        return fail(
            "a label longer than 63 octets (RFC 5890 §2.3.2.1)",
            same.then_some(i),
        );
    }
    let ascii = match to_ascii(&decoded) {
        Some(a) => a,
        None => return Err(locate_idna_failure(host)),
    };
    if let Some(bad) = ascii.bytes().position(|b| !chars::is(b, REG_NAME)) {
        let label = ascii[..bad].bytes().filter(|&b| b == b'.').count();
        return fail(
            "maps to a character that is not allowed in a host",
            Some(label),
        );
    }
    let name = ascii.strip_suffix('.').unwrap_or(&ascii);
    // The label at fault, when the input has as many labels as the output (ToASCII may map
    // other characters to dots, e.g. U+2488 to "1.").
    let at = |i| {
        let same = labels(host).count() == name.split('.').count() + (name != ascii) as usize;
        same.then_some(i)
    };
    for (i, label) in name.split('.').enumerate() {
        if label.is_empty() {
            return fail("an empty label", at(i));
        }
        if label.len() > 63 {
            return fail("a label longer than 63 characters once converted", at(i));
        }
        // UTS #46 validity criterion V4 (CheckHyphens=false), which the `idna` crate skips:
        // a label must not begin with "xn--" once decoded.
        // (Punycode puts the ASCII characters first, up to the last '-': only a label whose
        // ASCII part starts with "xn--" can decode to one, so only those are decoded.)
        if is_ace(label)
            && label[4..]
                .rfind('-')
                .is_some_and(|d| is_ace(&label[4..4 + d]))
            && idna::punycode::decode_to_string(&label[4..]).is_some_and(|u| is_ace(&u))
        {
            return fail("an A-label that decodes to another \"xn--\" label", at(i));
        }
    }
    if name.len() > 253 {
        return fail("a name longer than 253 characters once converted", None);
    }
    Ok(ascii.into_owned())
}

/// IDNA ToUnicode of the `xn--` labels of a DNS host (§3.7 step 6), keeping every other
/// label as written. A label is converted only when the whole name then maps back to exactly
/// `host` with [`host_to_ascii`] (so the IRI still maps back to the URI); otherwise, and for
/// invalid Punycode, `host` is returned unchanged (borrowed).
///
/// ```
/// use pidkit::host_to_unicode;
/// assert_eq!(host_to_unicode("xn--99zt52a.example.org"), "納豆.example.org");
/// assert_eq!(host_to_unicode("xn--andr--ep-.example.org"), "xn--andr--ep-.example.org");
/// assert_eq!(host_to_unicode("XN--99ZT52A.example.org"), "XN--99ZT52A.example.org");
/// ```
#[cfg(feature = "idna")]
pub fn host_to_unicode(host: &str) -> Cow<'_, str> {
    if !has_ace_label(host) {
        return Cow::Borrowed(host);
    }
    let mut out = String::with_capacity(host.len());
    for (i, label) in host.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        // An A-label is at most 63 octets (RFC 5890 §2.3.2.1): a longer one stays as written,
        // without the Punycode work (quadratic in the `idna` crate).
        let (unicode, ok) = if is_ace(label) && label.len() <= 63 {
            Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow)
        } else {
            (Cow::Borrowed(label), Ok(()))
        };
        if ok.is_ok()
            && unicode
                .chars()
                .all(|c| c.is_ascii() || fit_for_iri(c, false))
        {
            out.push_str(&unicode);
        } else {
            out.push_str(label);
        }
    }
    match host_to_ascii(&out) {
        Ok(back) if back == host && out != host => Cow::Owned(out),
        _ => Cow::Borrowed(host),
    }
}

/// The index of the first label of `name` (already percent-decoded) that cannot become a DNS
/// label of at most 63 octets (RFC 5890 §2.3.2.1; UTS #46 VerifyDnsLength), found in linear time.
///
/// Only labels over 63 octets are looked at. An ASCII one keeps its length through UTS #46 (ASCII
/// is mapped one to one). A non-ASCII one is mapped and normalized (linear, no Punycode): a run of
/// more than 63 characters between dots there gives an A-label of more than 63 octets, since
/// Punycode writes every character as at least one octet; mapping can drop characters (soft
/// hyphen, variation selectors) and make dots (U+2488), so the raw length alone does not decide.
#[cfg(feature = "idna")]
pub(crate) fn overlong_label(name: &str) -> Option<usize> {
    // No label of a name of at most 63 octets is over 63 octets (the labels are not even split).
    if name.len() <= 63 {
        return None;
    }
    labels(name).enumerate().find_map(|(i, (at, len))| {
        let label = &name[at..at + len];
        let over = len > 63
            && (label.is_ascii() || {
                let mapper = icu_normalizer::uts46::Uts46MapperBorrowed::new();
                let mut run = 0usize;
                mapper.map_normalize(label.chars()).any(|c| {
                    run = if is_dot(c) { 0 } else { run + 1 };
                    run > 63
                })
            });
        over.then_some(i)
    })
}

/// UTS #46 ToASCII with this module's flags; `None` on failure.
#[cfg(feature = "idna")]
fn to_ascii(name: &str) -> Option<Cow<'_, str>> {
    Uts46::new()
        .to_ascii(
            name.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()
}

/// Which label makes ToASCII fail: the first that fails on its own, else the name as a whole
/// (the bidi rule of RFC 5893 looks at all labels together).
#[cfg(feature = "idna")]
fn locate_idna_failure(host: &str) -> ParseError {
    for (offset, len) in labels(host) {
        let label = &host[offset..offset + len];
        let ok = match pct::decode_utf8(label) {
            Ok(l) => l.is_empty() || to_ascii(&l).is_some(),
            Err(_) => false,
        };
        if !ok {
            return ParseError::new(
                ErrorKind::Idna("not a valid internationalized label (UTS #46)"),
                offset,
                len,
            );
        }
    }
    ParseError::new(
        ErrorKind::Idna("the labels break the bidi rule for domain names (RFC 5893)"),
        0,
        host.len(),
    )
}

/// `(offset, len)` of each label, split at the four full stops UTS #46 treats as dots.
pub(crate) fn labels(host: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut start = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let rest = &host[start..];
        let (len, next) = match rest.char_indices().find(|&(_, c)| is_dot(c)) {
            Some((i, c)) => (i, start + i + c.len_utf8()),
            None => {
                done = true;
                (rest.len(), host.len())
            }
        };
        let item = (start, len);
        start = next;
        Some(item)
    })
}

fn is_dot(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Whether `label` starts with the ACE prefix `xn--` (any case).
pub(crate) fn is_ace(label: &str) -> bool {
    label.len() >= 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

fn has_ace_label(host: &str) -> bool {
    host.split('.').any(is_ace)
}

// ---- components ----

/// The components a conversion rewrites; delimiters, scheme and port are copied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

/// Build a new reference from `s` (positions `p`), letting `f` write each component
/// (`f(out, part, text, offset_of_text_in_s)`), and compute the new positions on the way.
fn rebuild(
    s: &str,
    p: &Positions,
    capacity: usize,
    mut f: impl FnMut(&mut String, Part, &str, usize) -> Result<(), ParseError>,
) -> Result<(String, Positions), ParseError> {
    let mut out = String::with_capacity(capacity);
    let mut q = *p;
    if p.has_authority {
        let auth = p.authority_start();
        out.push_str(&s[..auth]);
        if p.host_start > auth {
            f(&mut out, Part::Userinfo, &s[auth..p.host_start - 1], auth)?;
            out.push('@');
        }
        q.host_start = out.len();
        f(
            &mut out,
            Part::Host,
            &s[p.host_start..p.host_end],
            p.host_start,
        )?;
        q.host_end = out.len();
        if p.host_kind == HostKind::RegName && is_ipv4(&out.as_bytes()[q.host_start..]) {
            q.host_kind = HostKind::Ipv4; // e.g. full-width digits mapped by ToASCII
        }
        out.push_str(&s[p.host_end..p.path_start]);
    } else {
        out.push_str(&s[..p.path_start]);
        q.host_start = out.len();
        q.host_end = out.len();
    }
    q.path_start = out.len();
    f(
        &mut out,
        Part::Path,
        &s[p.path_start..p.path_end],
        p.path_start,
    )?;
    q.path_end = out.len();
    if p.query_end > p.path_end {
        out.push('?');
        f(
            &mut out,
            Part::Query,
            &s[p.path_end + 1..p.query_end],
            p.path_end + 1,
        )?;
    }
    q.query_end = out.len();
    if s.len() > p.query_end {
        out.push('#');
        f(
            &mut out,
            Part::Fragment,
            &s[p.query_end + 1..],
            p.query_end + 1,
        )?;
    }
    Ok((out, q))
}

/// §3.3: copy ASCII, percent-encode every byte of every non-ASCII character (that is its UTF-8
/// encoding).
fn encode_non_ascii(out: &mut String, text: &str) {
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest.bytes().position(|b| b >= 0x80).unwrap_or(rest.len());
        out.push_str(&rest[..ascii]);
        rest = &rest[ascii..];
        let run = rest.bytes().position(|b| b < 0x80).unwrap_or(rest.len());
        rest.as_bytes()[..run]
            .iter()
            .for_each(|&b| push_encoded(out, b));
        rest = &rest[run..];
    }
}

/// How many bytes of `b` are not ASCII, eight at a time (references are short: a vector loop
/// widening each byte to a counter costs more to set up than it saves).
fn count_non_ascii(b: &[u8]) -> usize {
    let words = b.chunks_exact(8);
    let tail = words.remainder().iter().filter(|&&b| b >= 0x80).count();
    words.fold(tail, |n, w| {
        let w = u64::from_le_bytes(w.try_into().unwrap_or_default());
        n + (w & 0x8080_8080_8080_8080).count_ones() as usize
    })
}

/// §3.5: the non-ASCII runs of a query in a legacy charset, every produced octet as `%XX`.
#[cfg(feature = "encoding")]
fn encode_legacy(out: &mut String, text: &str, encoding: &'static encoding_rs::Encoding) {
    use encoding_rs::EncoderResult;
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest.bytes().position(|b| b >= 0x80).unwrap_or(rest.len());
        out.push_str(&rest[..ascii]);
        rest = &rest[ascii..];
        let run = rest.bytes().position(|b| b < 0x80).unwrap_or(rest.len());
        // A fresh encoder per run, flushed at its end: stateful charsets (ISO-2022-JP) return
        // to ASCII before the next ASCII character.
        let mut encoder = encoding.new_encoder();
        let mut src = &rest[..run];
        let mut buf = [0u8; 64];
        loop {
            let (result, read, written) =
                encoder.encode_from_utf8_without_replacement(src, &mut buf, true);
            for &b in &buf[..written] {
                push_encoded(out, b);
            }
            src = &src[read..];
            match result {
                EncoderResult::InputEmpty => break,
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(c) => {
                    out.push_str("%26%23");
                    out.push_str(&(c as u32).to_string());
                    out.push_str("%3B");
                }
            }
        }
        rest = &rest[run..];
    }
}

/// Whether `s` holds a `%XX` that URI → IRI conversion would change: an unreserved ASCII
/// octet (decoded, unless `keep_ascii`) or a non-ASCII one (decoded, or re-encoded in
/// uppercase).
fn has_decodable_pct(s: &str, keep_ascii: bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(k) = s[i..].find('%') {
        i += k;
        if let Some(v) = pct::decode_at(b, i)
            && (v >= 0x80 || (!keep_ascii && chars::is_unreserved(v)))
        {
            return true;
        }
        i += 1;
    }
    false
}

/// §3.7 steps 2–5 on one component; with `keep_ascii`, step 2 for non-ASCII octets only.
fn decode_into(out: &mut String, text: &str, in_query: bool, keep_ascii: bool) {
    let b = text.as_bytes();
    let mut i = 0;
    let mut run = 0;
    while let Some(k) = text[i..].find('%') {
        i += k;
        let Some(v) = pct::decode_at(b, i) else {
            i += 1;
            continue;
        };
        out.push_str(&text[run..i]);
        if v < 0x80 {
            // Step 2: only unreserved octets are decoded; `%25`, reserved and the ASCII not
            // allowed in URIs stay as written.
            if chars::is_unreserved(v) && !keep_ascii {
                out.push(v as char);
            } else {
                out.push_str(&text[i..i + 3]);
            }
            i += 3;
        } else {
            i += decode_sequence(out, b, i, v, in_query);
        }
        run = i;
    }
    out.push_str(&text[run..]);
}

/// Steps 3–5 for the `%XX` sequence at `b[i]` whose first octet is `lead` (≥ 0x80): the
/// character when it is strictly valid UTF-8 and appropriate, else `%XX` in uppercase.
/// Returns how many input bytes were consumed.
fn decode_sequence(out: &mut String, b: &[u8], i: usize, lead: u8, in_query: bool) -> usize {
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    };
    let mut buf = [lead, 0, 0, 0];
    let complete = n > 0
        && (1..n).all(|k| match pct::decode_at(b, i + 3 * k) {
            Some(c) => {
                buf[k] = c;
                true
            }
            None => false,
        });
    // `from_utf8` is strict: no overlong forms, no surrogates, nothing above U+10FFFF.
    if complete && let Ok(ch) = std::str::from_utf8(&buf[..n]) {
        let c = ch.chars().next().unwrap_or('\0');
        if fit_for_iri(c, in_query) {
            out.push(c);
        } else {
            buf[..n].iter().for_each(|&o| push_encoded(out, o));
        }
        return 3 * n;
    }
    // Step 3: this octet is not part of a valid sequence; the next ones are looked at afresh.
    push_encoded(out, lead);
    3
}

/// Step 4: whether a non-ASCII character may appear as itself in an IRI component.
///
/// The one table of what §3.7 keeps percent-encoded: [`ToIri`] decodes exactly these, and
/// syntax normalization (`normalize.rs`) spells exactly these literally (with `in_query`
/// false: its normal form encodes private use in the query too).
pub(crate) fn fit_for_iri(c: char, in_query: bool) -> bool {
    if !chars::is_ucschar(c) {
        return in_query && chars::is_iprivate_3987(c);
    }
    !matches!(c as u32,
        0x00A0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 // spaces
        | 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069 // bidi formatting
        | 0x00AD | 0x180E | 0x200B | 0x2060..=0x2064 | 0xFEFF) // invisible
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time count is the byte-at-a-time one, at every length and alignment.
    #[test]
    fn non_ascii_bytes_are_counted() {
        let text = "ab\u{e9}c\u{65e5}\u{672c}d/\u{1F600}?x\u{7f}\u{80}";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let b = &text.as_bytes()[start..end];
                let naive = b.iter().filter(|&&b| b >= 0x80).count();
                assert_eq!(count_non_ascii(b), naive, "{b:?}");
            }
        }
    }

    #[cfg(feature = "idna")]
    fn uri(s: &str) -> String {
        IriRef::parse(s).unwrap().to_uri().unwrap().to_string()
    }

    fn iri(s: &str) -> String {
        IriRef::parse(s).unwrap().to_iri().to_string()
    }

    /// The per-thread memo of hosts never changes a result: the same conversion (or the same
    /// error, at the same offset) with and without it, for hosts met once or again, valid or
    /// not, and more of them than the memo holds (so slots are overwritten).
    #[test]
    #[cfg(feature = "idna")]
    fn cached_and_uncached_conversion_agree() {
        use proptest::prelude::*;
        let pieces = [
            "bücher",
            "例え",
            "xn--bcher-kva",
            "a",
            "%C3%BC",
            "%FF",
            "ß",
            "ÖBB",
            "\u{5D0}",
            "\u{627}1",
            "123",
            ".",
            "-",
            "\u{301}",
            "\u{200D}",
            "Ⅻ",
            "ﬁ",
            "\u{2488}",
            "テスト",
        ];
        let host = prop::collection::vec(prop::sample::select(pieces.to_vec()), 1..5)
            .prop_map(|v| v.concat());
        let hosts = prop::collection::vec(host, 1..40);
        let cached = ToUri::new();
        let uncached = ToUri::new().host_cache(false);
        proptest!(ProptestConfig::with_cases(2_000), |(hosts in hosts)| {
            // Each host twice: the second conversion of a host may come from the memo.
            for h in hosts.iter().chain(&hosts) {
                let Ok(iri) = IriRef::parse(format!("http://{h}/p?é")) else { continue };
                let a = cached.convert(&iri).map(|u| u.to_string());
                let b = uncached.convert(&iri).map(|u| u.to_string());
                prop_assert_eq!(a, b, "{}", h);
            }
        });
        // Hits do come from the memo: a host converted once is in its slot.
        let iri = IriRef::parse("http://Bücher.example/").unwrap();
        assert_eq!(
            cached.convert(&iri).unwrap(),
            "http://xn--bcher-kva.example/"
        );
        let cached_host = HOSTS.with(|h| {
            h.borrow()
                .iter()
                .flatten()
                .any(|e| e.host() == "Bücher.example" && e.ascii() == Ok("xn--bcher-kva.example"))
        });
        assert!(cached_host);
    }

    /// More hosts than the memo holds: entries make way (each set keeps the two used last),
    /// the results stay those of a conversion afresh, and the memo does not grow.
    #[test]
    #[cfg(feature = "idna")]
    fn the_host_memo_evicts_and_stays_bounded() {
        let cached = ToUri::new();
        let uncached = ToUri::new().host_cache(false);
        let hosts: Vec<String> = (0..3 * HOST_WAYS * HOST_SETS)
            .map(|i| format!("ü{i}.example"))
            .collect();
        // Twice over, and the first hosts again after all the others have passed.
        for h in hosts.iter().chain(&hosts).chain(&hosts[..50]) {
            let iri = IriRef::parse(format!("http://{h}/")).unwrap();
            assert_eq!(
                cached.convert(&iri).unwrap(),
                uncached.convert(&iri).unwrap(),
                "{h}"
            );
        }
        HOSTS.with(|m| {
            let m = m.borrow();
            assert_eq!(m.len(), HOST_WAYS * HOST_SETS);
            // The last host converted is the first entry of its set; no host is held twice.
            let set = m
                .chunks(HOST_WAYS)
                .find(|set| set.iter().flatten().any(|e| e.host() == hosts[49]));
            assert_eq!(
                set.and_then(|set| set[0].as_ref()).map(HostEntry::host),
                Some(&*hosts[49])
            );
            let mut held: Vec<&str> = m.iter().flatten().map(HostEntry::host).collect();
            let n = held.len();
            held.sort_unstable();
            held.dedup();
            assert_eq!(held.len(), n);
        });
        // A set filled, its first host used again, a new host: the host used longest ago
        // (the second) makes way, and the set is in the order of last use.
        let set = host_set(&hosts[0]);
        let same: Vec<&String> = hosts.iter().filter(|h| host_set(h) == set).collect();
        let order = (0..HOST_WAYS).chain([0, HOST_WAYS]);
        for h in order.map(|i| same[i]) {
            let iri = IriRef::parse(format!("http://{h}/")).unwrap();
            assert_eq!(
                cached.convert(&iri).unwrap(),
                uncached.convert(&iri).unwrap()
            );
        }
        let held: Vec<Option<String>> = HOSTS.with(|m| {
            m.borrow()[set..set + HOST_WAYS]
                .iter()
                .map(|e| e.as_ref().map(|e| e.host().to_owned()))
                .collect()
        });
        let mut expected = vec![same[HOST_WAYS], same[0]];
        expected.extend((2..HOST_WAYS).rev().map(|i| same[i]));
        let expected: Vec<Option<String>> = expected.into_iter().map(|h| Some(h.clone())).collect();
        assert_eq!(held, expected);
    }

    #[test]
    #[cfg(feature = "idna")]
    fn encoding_keeps_ascii_and_existing_escapes() {
        assert_eq!(
            uri("http://www.example.org/red%09rosé#red"),
            "http://www.example.org/red%09ros%C3%A9#red"
        );
        assert_eq!(uri("a#b#ü"), "a#b#%C3%BC"); // RFC 3987 §3.1: '#' MUST NOT be converted
        assert_eq!(uri("//ü@résumé/"), "//%C3%BC@r%C3%A9sum%C3%A9/");
        assert_eq!(
            uri("http://ü:pä@ü.example:8080/?\u{E000}"),
            "http://%C3%BC:p%C3%A4@xn--tda.example:8080/?%EE%80%80"
        );
    }

    #[test]
    #[cfg(feature = "idna")]
    fn positions_follow_the_rewrite() {
        let src = IriRef::parse("http://ü@résumé.org:81/ä/b?é=1#ö#x").unwrap();
        let out = src.to_uri().unwrap();
        let again = IriRef::parse(out.as_str()).unwrap();
        assert_eq!(out.positions(), again.positions());
        let full = IriRef::parse("http://１２７.０.０.１/").unwrap();
        let out = full.to_uri().unwrap();
        assert_eq!(out, "http://127.0.0.1/");
        assert_eq!(out.host(), Some(crate::Host::Ipv4("127.0.0.1")));
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn legacy_query_charsets() {
        let enc = |label: &str| {
            ToUri::new().query_encoding(encoding_rs::Encoding::for_label(label.as_bytes()).unwrap())
        };
        let iri = IriRef::parse("http://a/あ?q=あ&r=x").unwrap();
        assert_eq!(
            enc("shift_jis").convert(&iri).unwrap(),
            "http://a/%E3%81%82?q=%82%A0&r=x"
        );
        // Stateful: each run returns to ASCII (ESC ( B) before the next ASCII character; every
        // octet the charset produces is %HH (§3.3), ASCII-valued ones included.
        assert_eq!(
            enc("iso-2022-jp").convert(&iri).unwrap(),
            "http://a/%E3%81%82?q=%1B%24%42%24%22%1B%28%42&r=x"
        );
        assert_eq!(
            enc("utf-16le").convert(&iri).unwrap(),
            "http://a/%E3%81%82?q=%E3%81%82&r=x"
        );
        let other = IriRef::parse("ftp://a/?q=é").unwrap(); // §3.5: http and https only
        assert_eq!(
            enc("windows-1252").convert(&other).unwrap(),
            "ftp://a/?q=%C3%A9"
        );
    }

    #[test]
    #[cfg(feature = "idna")]
    fn uts46_not_idna2003() {
        // Deviation characters are kept (IDNA2003 gave "fass.de" and "xn--4xa.gr").
        assert_eq!(host_to_ascii("faß.de").unwrap(), "xn--fa-hia.de");
        assert_eq!(host_to_ascii("ς.gr").unwrap(), "xn--3xa.gr");
        assert_eq!(
            host_to_ascii("Bücher.EXAMPLE").unwrap(),
            "xn--bcher-kva.example"
        );
        assert_eq!(
            host_to_ascii("bücher.example.").unwrap(),
            "xn--bcher-kva.example."
        );
    }

    #[test]
    #[cfg(feature = "idna")]
    fn idna_failures_point_at_the_label() {
        let r = IriRef::parse("http://ok.a\u{FFFD}b.example/").unwrap_err();
        assert_eq!(r.code(), "invalid-char"); // not even an IRI
        for (host, offset, len) in [
            ("ok.a\u{2FF0}.org", 3, 4), // disallowed by UTS #46
            ("ü..org", 3, 0),           // empty label
            ("%C3.ü", 0, 3),            // not UTF-8
            ("ü%2F.org", 0, 5),         // '/' cannot be in a host
        ] {
            let e = host_to_ascii(host).unwrap_err();
            assert_eq!((e.code(), e.offset, e.len), ("idna", offset, len), "{host}");
        }
        let long = format!("ü{}", "a".repeat(70));
        assert_eq!(host_to_ascii(&long).unwrap_err().offset, 0);
        let e = IriRef::parse("http://x.ü..org/")
            .unwrap()
            .to_uri()
            .unwrap_err();
        assert_eq!((e.offset, e.len), (12, 0));
    }

    #[test]
    fn decoding_follows_the_six_steps() {
        assert_eq!(
            iri("http://www.example.org/D%C3%BCrst"),
            "http://www.example.org/Dürst"
        );
        assert_eq!(
            iri("http://www.example.org/D%FCrst"),
            "http://www.example.org/D%FCrst"
        );
        assert_eq!(iri("/%fc%C3%bc%41%2f%25%20"), "/%FCüA%2f%25%20");
        assert_eq!(iri("/%C0%AF%ED%A0%80%E2%82"), "/%C0%AF%ED%A0%80%E2%82"); // §10
        assert_eq!(iri("/%C3%C3%A9"), "/%C3é");
        assert_eq!(iri("/%EE%80%80?%EE%80%80"), "/%EE%80%80?\u{E000}"); // private use
        assert_eq!(
            iri("/%F3%A0%80%81?%F3%A0%80%81"),
            "/%F3%A0%80%81?%F3%A0%80%81"
        ); // a tag
        assert_eq!(
            iri("/%C2%A0%E2%80%8B%EF%BB%BF"),
            "/%C2%A0%E2%80%8B%EF%BB%BF"
        );
        assert_eq!(
            iri("http://r%C3%A9sum%C3%A9.org/"),
            "http://r%C3%A9sum%C3%A9.org/"
        );
        assert_eq!(iri("foo://r%C3%A9sum%C3%A9.org/"), "foo://résumé.org/");
        let plain = IriRef::parse("http://a/%20%2F?x").unwrap();
        assert!(matches!(plain.to_iri().into_inner(), Cow::Borrowed(_)));
    }

    /// In a URN, `%41` and `A` are two URNs (RFC 8141 §3.1): step 2 decodes no ASCII octet
    /// there, so the IRI names what the URI names (the `to_iri` fuzz target found
    /// `urn:rn:f%43` → `urn:rn:fC`, another URN); UTF-8 sequences are still characters.
    #[test]
    fn urns_keep_their_encoded_ascii() {
        assert_eq!(iri("urn:rn:f%43"), "urn:rn:f%43");
        assert_eq!(
            iri("URN:example:%41%c3%a9?+%42#%43"),
            "URN:example:%41é?+%42#%43"
        );
        assert_eq!(iri("urn-x:%41"), "urn-x:A");
        assert!(matches!(
            IriRef::parse("urn:x:%41%2F").unwrap().to_iri().into_inner(),
            Cow::Borrowed(_)
        ));
        for s in ["urn:rn:.//.//f%43%7C/", "urn:example:%41%c3%a9"] {
            let r = IriRef::parse(s).unwrap();
            let back = r.to_iri().to_uri().unwrap().into_inner().into_owned();
            let back = IriRef::parse(back).unwrap();
            assert!(back.equivalent(&r, crate::Level::Syntax), "{s}");
        }
    }

    #[test]
    fn labels_split_at_every_full_stop() {
        let l: Vec<_> = labels("a.bc\u{3002}d.").collect();
        assert_eq!(l, [(0, 1), (2, 2), (7, 1), (9, 0)]);
    }
}
