//! URN namespaces (RFC 8141 §5): NID classes against the shipped IANA list, and the
//! namespace-specific equivalence rules that only remove false negatives (RFC 8141 §3.1).

use std::borrow::Cow;

/// When the shipped IANA list was last updated by IANA (the registry's own date).
///
/// Source: <https://www.iana.org/assignments/urn-namespaces/urn-namespaces.xml>, registry last
/// updated 2026-05-28, read 2026-07-26 (96 formal NIDs, 8 informal ones). A test checks
/// [`FORMAL_NIDS`] and [`INFORMAL_NIDS`] against the conformance snapshot of that registry.
///
/// ```
/// assert_eq!(pidkit::urn::IANA_REGISTRY_UPDATED, "2026-05-28");
/// ```
pub const IANA_REGISTRY_UPDATED: &str = "2026-05-28";

/// The formal NIDs registered with IANA (RFC 8141 §5.1), lowercase, sorted (see
/// [`IANA_REGISTRY_UPDATED`] for the date and source).
///
/// ```
/// assert!(pidkit::urn::FORMAL_NIDS.binary_search(&"isbn").is_ok());
/// ```
pub const FORMAL_NIDS: &[&str] = &[
    "3gpp",
    "3gpp2",
    "adid",
    "alert",
    "bbf",
    "broadband-forum-org",
    "c2pa",
    "cablelabs",
    "ccsds",
    "cdx",
    "cgi",
    "clei",
    "csa",
    "cta",
    "ddi",
    "dev",
    "dgiwg",
    "doi",
    "dslforum-org",
    "dvb",
    "ebu",
    "eic",
    "eidr",
    "epc",
    "epcglobal",
    "etsi",
    "eurosystem",
    "example",
    "fdc",
    "fipa",
    "gdr",
    "gdst",
    "geant",
    "globus",
    "gsma",
    "gvat",
    "hbbtv",
    "ieee",
    "ietf",
    "iptc",
    "isan",
    "isbn",
    "isni",
    "iso",
    "issn",
    "itu",
    "ivis",
    "knx",
    "lei",
    "lex",
    "liberty",
    "mace",
    "mef",
    "meta",
    "mpeg",
    "mrn",
    "nan",
    "nato",
    "nbn",
    "nena",
    "newsml",
    "nfc",
    "nfi",
    "nzl",
    "oasis",
    "ogc",
    "ogf",
    "oid",
    "oipf",
    "oma",
    "onem2m",
    "onf",
    "pin",
    "pno",
    "publicid",
    "pwid",
    "reso",
    "s1000d",
    "said",
    "schac",
    "service",
    "smpte",
    "stalwart",
    "swift",
    "thread",
    "trivore",
    "tva",
    "uci",
    "ucode",
    "uic",
    "uuid",
    "web3d",
    "wfa",
    "wmo",
    "xmlorg",
    "xmpp",
];

/// The informal NIDs assigned by IANA (RFC 8141 §5.2), as of [`IANA_REGISTRY_UPDATED`].
///
/// ```
/// assert!(pidkit::urn::INFORMAL_NIDS.contains(&"urn-7"));
/// ```
pub const INFORMAL_NIDS: &[&str] = &[
    "urn-1", "urn-2", "urn-3", "urn-4", "urn-5", "urn-6", "urn-7", "urn-8",
];

/// The class of a namespace identifier (RFC 8141 §5).
///
/// ```
/// use pidkit::urn::NamespaceClass;
/// assert_eq!(NamespaceClass::of("ISBN"), NamespaceClass::Formal);
/// assert_eq!(NamespaceClass::of("urn-7"), NamespaceClass::Informal);
/// assert_eq!(NamespaceClass::of("X-private"), NamespaceClass::Experimental);
/// assert_eq!(NamespaceClass::of("acme"), NamespaceClass::Unregistered);
/// assert_eq!(NamespaceClass::of("isbn").name(), "formal");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum NamespaceClass {
    /// Registered with IANA as a formal namespace (§5.1), per the shipped list.
    Formal,
    /// An informal namespace `urn-<number>` (§5.2), whether or not already assigned.
    Informal,
    /// An experimental `X-` namespace of RFC 3406 (no longer assigned; warned).
    Experimental,
    /// Syntactically valid but not in the shipped IANA list (warned, not an error).
    Unregistered,
}

impl NamespaceClass {
    /// Classify `nid` (case-insensitive).
    ///
    /// ```
    /// assert_eq!(pidkit::urn::NamespaceClass::of("UUID").name(), "formal");
    /// ```
    pub fn of(nid: &str) -> NamespaceClass {
        let mut buf = [0u8; 32];
        let Some(lower) = lowercase_nid(nid, &mut buf) else {
            return NamespaceClass::Unregistered;
        };
        if FORMAL_NIDS.binary_search(&lower).is_ok() {
            NamespaceClass::Formal
        } else if is_informal(lower) {
            NamespaceClass::Informal
        } else if lower.starts_with("x-") {
            NamespaceClass::Experimental
        } else {
            NamespaceClass::Unregistered
        }
    }

    /// The class's name as the CLI prints it: `formal`, `informal`, `experimental`, `unregistered`.
    pub fn name(self) -> &'static str {
        match self {
            NamespaceClass::Formal => "formal",
            NamespaceClass::Informal => "informal",
            NamespaceClass::Experimental => "experimental",
            NamespaceClass::Unregistered => "unregistered",
        }
    }
}

/// `nid` lowercased into `buf`, if it fits (NIDs have at most 32 ASCII characters).
fn lowercase_nid<'b>(nid: &str, buf: &'b mut [u8; 32]) -> Option<&'b str> {
    let out = buf.get_mut(..nid.len())?;
    out.copy_from_slice(nid.as_bytes());
    out.make_ascii_lowercase();
    std::str::from_utf8(out).ok()
}

/// `InformalNamespaceName = "urn-" Number` (§5.2), lowercase input.
pub(crate) fn is_informal(nid: &str) -> bool {
    nid.strip_prefix("urn-").is_some_and(is_informal_number)
}

/// `Number = DigitNonZero 0*Digit` (§5.2).
pub(crate) fn is_informal_number(n: &str) -> bool {
    n.bytes().all(|b| b.is_ascii_digit()) && matches!(n.as_bytes().first(), Some(b'1'..=b'9'))
}

/// Whether an informal NID has already been assigned by IANA.
pub(crate) fn is_assigned_informal(nid: &str) -> bool {
    INFORMAL_NIDS.iter().any(|n| n.eq_ignore_ascii_case(nid))
}

/// The namespace rule's form of `nss` (already case-normalized per RFC 8141 §3.1) for the NID
/// `nid`, when it differs from `nss`; `None` when no rule applies or nothing changes.
///
/// Each rule is a function of the normalized NSS, so two URNs equivalent by the generic
/// procedure stay equivalent: the rules only remove false negatives (§3.1).
pub(crate) fn rule(nid: &str, nss: &str) -> Option<String> {
    let changed = |s: String| (s != nss).then_some(s);
    if nid.eq_ignore_ascii_case("uuid") {
        uuid(nss).and_then(|u| changed(format_uuid(u)))
    } else if nid.eq_ignore_ascii_case("isbn") {
        isbn13(nss).and_then(changed)
    } else if nid.eq_ignore_ascii_case("issn") {
        issn(nss).and_then(changed)
    } else if nid.eq_ignore_ascii_case("nbn") {
        nbn_de_valid(nss)
            .then(|| lower_outside_pct(nss))
            .and_then(changed)
    } else if nid.eq_ignore_ascii_case("ietf") {
        changed(lower_outside_pct(nss))
    } else if nid.eq_ignore_ascii_case("doi") {
        match doi_key(nss) {
            Cow::Owned(s) => changed(s),
            Cow::Borrowed(_) => None,
        }
    } else if nid.eq_ignore_ascii_case("lsid") {
        lsid_key(nss).and_then(changed)
    } else {
        None
    }
}

/// Why `nss` does not follow its namespace's own syntax, for the namespaces with rules here.
pub(crate) fn syntax_problem(nid: &str, nss: &str) -> Option<&'static str> {
    let is = |n: &str| nid.eq_ignore_ascii_case(n);
    if is("uuid") {
        uuid(nss)
            .is_none()
            .then_some("not a UUID: 8-4-4-4-12 hexadecimal digits (RFC 4122 §3)")
    } else if is("isbn") {
        isbn13(nss)
            .is_none()
            .then_some("not an ISBN-10 or ISBN-13 with a correct check digit")
    } else if is("issn") {
        issn(nss)
            .is_none()
            .then_some("not an ISSN NNNN-NNNC with a correct check digit")
    } else if is("oid") {
        (!is_oid(nss))
            .then_some("not an OID: dot-separated decimal numbers without leading zeros (RFC 3061)")
    } else if is("nbn") {
        (nss.len() >= 3 && nss[..3].eq_ignore_ascii_case("de:") && !nbn_de_valid(nss))
            .then_some("the check digit of this urn:nbn:de URN is wrong (German National Library)")
    } else if is("ietf") {
        (!is_ietf(nss)).then_some(
            "not an IETF document name: rfc:N, bcp:N, std:N, fyi:N, id:NAME or mtg:NAME (RFC 2648)",
        )
    } else if is("lsid") {
        lsid(nss).err()
    } else {
        None
    }
}

// ---- uuid (RFC 4122 §3): hex case-insensitive, compared as 128-bit values ----

/// The 128-bit value of a UUID string `8-4-4-4-12` (hex digits of either case).
///
/// ```
/// let u = pidkit::urn::uuid_value("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6");
/// assert_eq!(u, Some(0xf81d4fae_7dec_11d0_a765_00a0c91e6bf6));
/// assert_eq!(pidkit::urn::uuid_value("f81d4fae7dec11d0a76500a0c91e6bf6"), None);
/// ```
pub fn uuid_value(s: &str) -> Option<u128> {
    uuid(s)
}

fn uuid(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    if b.len() != 36 {
        return None;
    }
    let mut v: u128 = 0;
    for (i, &c) in b.iter().enumerate() {
        if matches!(i, 8 | 13 | 18 | 23) {
            if c != b'-' {
                return None;
            }
        } else {
            v = v << 4 | u128::from(crate::chars::hex_value(c)?);
        }
    }
    Some(v)
}

fn format_uuid(v: u128) -> String {
    let h = format!("{v:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

// ---- isbn (ISO 2108) and issn (ISO 3297): the ISBN and ISSN units' own rules ----

/// The ISBN-13 digits of an ISBN-10 or ISBN-13 with a correct check digit, hyphens ignored
/// (RFC 3187): the ISBN unit's reading of an NSS ([`crate::isbn::urn_nss`]), so that
/// `urn:isbn:` and a bare ISBN follow one set of rules.
fn isbn13(s: &str) -> Option<String> {
    crate::isbn::urn_nss(s)
}

/// The ISSN as `NNNN-NNNC` (uppercase `X`) if its check digit is right; the hyphen is optional
/// (RFC 3044): the ISSN unit's reading of an NSS ([`crate::issn::urn_nss`]).
fn issn(s: &str) -> Option<String> {
    crate::issn::urn_nss(s)
}

// ---- oid (RFC 3061): syntax only, compared exactly ----

/// `number *( "." number )`, `number = "0" / ( %x31-39 *DIGIT )`.
fn is_oid(s: &str) -> bool {
    s.split('.').all(|n| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && (n == "0" || !n.starts_with('0'))
    })
}

// ---- nbn:de: the German National Library's check digit; such URNs are case-insensitive ----

/// The DNB character values (0 → 1, …, 9 → 41, a → 18, …), by ASCII code; 0 = not allowed.
const NBN_DE_CODES: [u8; 128] = {
    let mut t = [0u8; 128];
    let pairs: [(u8, u8); 42] = [
        (b'0', 1),
        (b'1', 2),
        (b'2', 3),
        (b'3', 4),
        (b'4', 5),
        (b'5', 6),
        (b'6', 7),
        (b'7', 8),
        (b'8', 9),
        (b'9', 41),
        (b'a', 18),
        (b'b', 14),
        (b'c', 19),
        (b'd', 15),
        (b'e', 16),
        (b'f', 21),
        (b'g', 22),
        (b'h', 23),
        (b'i', 24),
        (b'j', 25),
        (b'k', 42),
        (b'l', 26),
        (b'm', 27),
        (b'n', 13),
        (b'o', 28),
        (b'p', 29),
        (b'q', 31),
        (b'r', 12),
        (b's', 32),
        (b't', 33),
        (b'u', 11),
        (b'v', 34),
        (b'w', 35),
        (b'x', 36),
        (b'y', 37),
        (b'z', 38),
        (b'+', 49),
        (b':', 17),
        (b'-', 39),
        (b'/', 45),
        (b'_', 43),
        (b'.', 47),
    ];
    let mut i = 0;
    while i < pairs.len() {
        t[pairs[i].0 as usize] = pairs[i].1;
        i += 1;
    }
    t
};

/// The check digit of `urn:nbn:<body>` (case-insensitive): every character becomes its code's
/// digits, each digit is weighted by its position (from 1), and the sum divided by the last digit
/// gives the check digit as its last decimal place.
///
/// ```
/// assert_eq!(pidkit::urn::nbn_de_check_digit("de:gbv:089-332175294"), Some(5));
/// assert_eq!(pidkit::urn::nbn_de_check_digit("de:0183-mbi000372"), Some(1));
/// assert_eq!(pidkit::urn::nbn_de_check_digit("de:bad~char"), None);
/// ```
pub fn nbn_de_check_digit(body: &str) -> Option<u8> {
    let (mut pos, mut sum, mut last) = (0u64, 0u64, 0u64);
    for b in "urn:nbn:".bytes().chain(body.bytes()) {
        let code = *NBN_DE_CODES.get(usize::from(b.to_ascii_lowercase()))?;
        if code == 0 {
            return None;
        }
        for d in [code / 10, code % 10] {
            if d == 0 && code < 10 {
                continue; // one-digit codes contribute one digit
            }
            pos += 1;
            sum += pos * u64::from(d);
            last = u64::from(d);
        }
    }
    // No code ends in 0, so `last` is never 0 for a non-empty input.
    (last != 0).then(|| ((sum / last) % 10) as u8)
}

/// Whether `nss` (after `urn:nbn:`) is a `de:` NBN whose last character is its correct check digit.
fn nbn_de_valid(nss: &str) -> bool {
    let b = nss.as_bytes();
    b.len() > 3
        && nss[..3].eq_ignore_ascii_case("de:")
        && b[b.len() - 1].is_ascii_digit()
        && nbn_de_check_digit(&nss[..nss.len() - 1]) == Some(b[b.len() - 1] - b'0')
}

// ---- ietf (RFC 2648): the entire URN is case-insensitive ----

fn is_ietf(nss: &str) -> bool {
    let Some((kind, rest)) = nss.split_once(':') else {
        return false;
    };
    let kind = kind.to_ascii_lowercase();
    match kind.as_str() {
        "rfc" | "bcp" | "std" | "fyi" => {
            !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
        }
        "id" | "mtg" => !rest.is_empty(),
        _ => false,
    }
}

// ---- lsid (OMG Life Sciences Identifiers): authority:namespace:object[:revision] ----

/// The parts of an LSID's NSS, `authority:namespace:object[:revision]` (OMG Life Sciences
/// Identifiers specification, dtc/04-05-01, "LSID syntax"): the authority an Internet domain
/// name, the namespace and the object not empty, the revision optional. A trailing `:` with
/// nothing after it is an absent revision (the reference implementation's examples write
/// `URN:LSID:pdb.org:PDB:112L:`).
fn lsid(nss: &str) -> Result<[&str; 4], &'static str> {
    let mut parts = nss.split(':');
    let (Some(authority), Some(namespace), Some(object)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(
            "not an LSID: urn:lsid:authority:namespace:object[:revision] (OMG LSID specification, LSID syntax)",
        );
    };
    let revision = parts.next().unwrap_or("");
    if parts.next().is_some() {
        return Err(
            "not an LSID: at most four parts, authority:namespace:object:revision, and no ':' inside them (OMG LSID specification, LSID syntax)",
        );
    }
    if !is_domain_name(authority) {
        return Err(
            "the LSID authority is not an Internet domain name: letters, digits and '-' in dot-separated labels, as example.org (OMG LSID specification, LSID syntax)",
        );
    }
    if namespace.is_empty() || object.is_empty() {
        return Err(
            "the LSID namespace and object are required: authority:namespace:object (OMG LSID specification, LSID syntax)",
        );
    }
    Ok([authority, namespace, object, revision])
}

/// An Internet domain name of two labels or more: letters, digits and `-` (not at either end of
/// a label), labels of 1 to 63 characters (RFC 1034 §3.5, RFC 1123 §2.1).
fn is_domain_name(s: &str) -> bool {
    let mut labels = 0;
    for label in s.split('.') {
        let b = label.as_bytes();
        if b.is_empty()
            || b.len() > 63
            || b[0] == b'-'
            || b[b.len() - 1] == b'-'
            || !b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        {
            return false;
        }
        labels += 1;
    }
    labels >= 2
}

/// The LSID key: the authority in lower case (a domain name is case-insensitive; the namespace,
/// object and revision are compared exactly), and no trailing `:` when there is no revision;
/// `None` for an NSS that is not an LSID.
fn lsid_key(nss: &str) -> Option<String> {
    let [authority, namespace, object, revision] = lsid(nss).ok()?;
    let mut out = String::with_capacity(nss.len());
    out.push_str(&authority.to_ascii_lowercase());
    for part in [namespace, object] {
        out.push(':');
        out.push_str(part);
    }
    if !revision.is_empty() {
        out.push(':');
        out.push_str(revision);
    }
    Some(out)
}

/// ASCII letters lowercased, except the hex digits of `%XX` (which stay as they are).
fn lower_outside_pct(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if crate::pct::decode_at(b, i).is_some() {
            out.push_str(&s[i..i + 3]);
            i += 3;
        } else {
            out.push(char::from(b[i].to_ascii_lowercase()));
            i += 1;
        }
    }
    out
}

// ---- doi: DOI name equivalence ----

/// DOI equivalence for `urn:doi:` names: the DOI module's reading of the NSS (percent-decoded,
/// the first `:` standing for `/`, as in `urn:doi:10.1000:182`), compared ASCII
/// case-insensitively (DOI URI scheme §3).
///
/// The key writes the decoded name back lowercased, percent-encoding (uppercase hex) exactly
/// the bytes that an NSS cannot hold literally, and a `:` before the first `/` (there a literal
/// `:` would be read back as the prefix/suffix separator), so equal keys mean equal DOI names and
/// the key is itself a valid NSS that reads back to the same name. An NSS that is not a DOI name
/// is compared by its decoded bytes.
fn doi_key(nss: &str) -> Cow<'_, str> {
    let plain = |i: usize, c: u8| {
        (crate::chars::is(c, crate::chars::PCHAR) || c == b'/' && i > 0) && !c.is_ascii_uppercase()
    };
    if !nss.contains(':') && nss.bytes().enumerate().all(|(i, c)| plain(i, c)) {
        return Cow::Borrowed(nss);
    }
    let name: Cow<'_, [u8]> = match crate::doi::name_of_urn_nss(nss) {
        Some(Cow::Borrowed(n)) => Cow::Borrowed(n.as_bytes()),
        Some(Cow::Owned(n)) => Cow::Owned(n.into_bytes()),
        None => crate::pct::decode_bytes(nss),
    };
    let mut out = String::with_capacity(name.len());
    let mut slash = false;
    for (i, c) in name.iter().map(u8::to_ascii_lowercase).enumerate() {
        if plain(i, c) && (c != b':' || slash) {
            out.push(char::from(c));
        } else {
            crate::pct::push_encoded(&mut out, c);
        }
        slash |= c == b'/';
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_lowercase_and_valid_nids() {
        assert!(FORMAL_NIDS.windows(2).all(|w| w[0] < w[1]));
        for nid in FORMAL_NIDS.iter().chain(INFORMAL_NIDS) {
            assert_eq!(*nid, nid.to_ascii_lowercase());
            assert!((2..=32).contains(&nid.len()), "{nid}");
        }
        assert!(INFORMAL_NIDS.iter().all(|n| is_informal(n)));
    }

    #[test]
    fn isbn_check_digits() {
        let k = "9780451450524";
        assert_eq!(isbn13("0451450523").as_deref(), Some(k));
        assert_eq!(isbn13("0-451-45052-3").as_deref(), Some(k));
        assert_eq!(isbn13("978-0-451-45052-4").as_deref(), Some(k));
        assert_eq!(isbn13("0451450524"), None); // wrong check digit
        assert_eq!(isbn13("9780451450525"), None);
        assert_eq!(isbn13("-0451450523"), None);
        // X as check digit, either case.
        assert_eq!(isbn13("080442957X"), isbn13("080442957x"));
        assert!(isbn13("080442957X").is_some());
        assert_eq!(isbn13("9790260000438").as_deref(), Some("9790260000438"));
    }

    #[test]
    fn issn_check_digits() {
        assert_eq!(issn("1560-1560").as_deref(), Some("1560-1560"));
        assert_eq!(issn("15601560").as_deref(), Some("1560-1560"));
        assert_eq!(issn("0317-8471").as_deref(), Some("0317-8471"));
        assert_eq!(issn("2434-561x").as_deref(), Some("2434-561X"));
        assert_eq!(issn("2434-5611"), None);
        assert_eq!(issn("1560-156"), None);
    }

    #[test]
    fn nbn_de_check_digit_examples() {
        for urn in [
            "de:gbv:089-3321752945",
            "de:0183-mbi0003721",
            "de:bvb:12-bsb00103137-3",
            "de:0074-1000-9",
            "de:0074-1001-3",
            "de:0074-1002-6",
            "de:0074-1003-0",
            "DE:GBV:089-3321752945",
        ] {
            assert!(nbn_de_valid(urn), "{urn}");
        }
        assert!(!nbn_de_valid("de:gbv:089-3321752946"));
        assert!(!nbn_de_valid("fi:tkk-004781"));
    }

    #[test]
    fn uuid_values() {
        let u = uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6").unwrap();
        assert_eq!(format_uuid(u), "f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
        assert_eq!(uuid("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"), Some(u));
        assert_eq!(uuid("f81d4fae-7dec-11d0-a765_00a0c91e6bf6"), None);
        assert_eq!(uuid("g81d4fae-7dec-11d0-a765-00a0c91e6bf6"), None);
    }

    #[test]
    fn oid_and_ietf_syntax() {
        assert!(is_oid("1.3.6.1") && is_oid("0.9.2342.19200300.100.4") && is_oid("0"));
        assert!(!is_oid("1.03.6") && !is_oid("1..3") && !is_oid("1.3.") && !is_oid("a"));
        for ok in [
            "rfc:2648",
            "BCP:14",
            "std:1",
            "fyi:36",
            "id:draft-ietf-urn-ietf-07",
            "mtg:ietf-41",
        ] {
            assert!(is_ietf(ok), "{ok}");
        }
        for bad in ["rfc:x", "rfc:", "ien:116", "rfc2648"] {
            assert!(!is_ietf(bad), "{bad}");
        }
    }

    #[test]
    fn lsids() {
        // The examples of the reference implementation and of the LSID literature.
        for (nss, key) in [
            ("ncbi.nlm.nih.gov:pubmed:12571434", "ncbi.nlm.nih.gov:pubmed:12571434"),
            ("pdb.org:PDB:112L:", "pdb.org:PDB:112L"),
            ("pdb.org:1AFT:1", "pdb.org:1AFT:1"),
            ("ncbi.nlm.nih.gov:GenBank:T48601:2", "ncbi.nlm.nih.gov:GenBank:T48601:2"),
            ("ebi.ac.uk:SWISS-PROT/accession:P34355:3", "ebi.ac.uk:SWISS-PROT/accession:P34355:3"),
            ("Zoobank.ORG:pub:CDC8D258-8F57-41DC-B560-247E17D3DC8C", "zoobank.org:pub:CDC8D258-8F57-41DC-B560-247E17D3DC8C"),
            ("ipni.org:names:77115410-1:1.1", "ipni.org:names:77115410-1:1.1"),
        ] {
            assert!(lsid(nss).is_ok(), "{nss}");
            assert_eq!(lsid_key(nss).as_deref(), Some(key), "{nss}");
            assert_eq!(lsid_key(key).as_deref(), Some(key), "{key}");
        }
        for nss in [
            "pdb.org:PDB",
            "pdb.org:PDB:1:2:3",
            "pdb:PDB:1",
            "pdb..org:PDB:1",
            "-pdb.org:PDB:1",
            "pdb.org-:PDB:1",
            "pdb_x.org:PDB:1",
            "pdb.org::1",
            "pdb.org:PDB:",
            "%70db.org:PDB:1",
        ] {
            assert!(lsid(nss).is_err(), "{nss}");
            assert_eq!(lsid_key(nss), None, "{nss}");
        }
        assert!(is_domain_name("a.b") && !is_domain_name("a") && !is_domain_name(&format!("{}.org", "a".repeat(64))));
    }

    #[test]
    fn doi_keys() {
        assert_eq!(doi_key("10.1000/182"), "10.1000/182");
        assert_eq!(doi_key("10.1000/ABC"), "10.1000/abc");
        assert_eq!(doi_key("10.1000%2Fabc"), "10.1000/abc");
        assert_eq!(doi_key("10.1000/a%25b"), "10.1000/a%25b");
        assert_eq!(doi_key("10.1000/%C3%89"), "10.1000/%C3%89");
        assert_eq!(doi_key("10.1000/%c3%89"), "10.1000/%C3%89");
        assert_eq!(doi_key("10.1000/a%23b%3F"), "10.1000/a%23b%3F");
        assert_eq!(doi_key("%2F10"), "%2F10");
        // The URN form of a DOI: the first ':' after the prefix stands for '/'.
        assert_eq!(doi_key("10.1000:182"), "10.1000/182");
        assert_eq!(doi_key("10.1000:A:b"), "10.1000/a:b");
    }

    /// A key read back as an NSS gives itself: a `:` that was percent-encoded, and so no
    /// separator, stays encoded before the first `/` (the `normalize` fuzz target found
    /// `urn:doi:10.acoo%3ApBz` → `…10.acoo:pbz`, which then read as the DOI `10.acoo/pbz`).
    #[test]
    fn doi_keys_read_back_as_themselves() {
        assert_eq!(doi_key("10.1000%3Aabc"), "10.1000%3Aabc");
        assert_eq!(doi_key("10.acoo%3ApBz"), "10.acoo%3Apbz");
        assert_eq!(doi_key("10.1000:"), "10.1000%3A");
        assert_eq!(doi_key("10.1000%3A"), "10.1000%3A");
        for nss in [
            "10.1000%3Aabc",
            "10.1000%3AaBc%3Ax",
            "10.a%2B%2C%3ApBz%E3%80%80",
            "10.1000:a%3AB",
            "10.1000:",
            "10.1000/a:b",
            "10.1000%2Fa%3Ab",
            "a:b",
            "%3A",
        ] {
            let key = doi_key(nss).into_owned();
            assert_eq!(doi_key(&key), key, "{nss}");
        }
    }
}
