//! The URN grammar on top of the IRI parser: RFC 8141 §2 (NID, NSS, r/q/f-components) and
//! RFC 2141 §2 (with the character classes restored by the errata).

use super::error::{UrnError, UrnParseError, codes};
use crate::chars;
use crate::error::Warning;
use crate::iri::parse::Positions;
use crate::iri::{IriError, IriParseError};
use crate::iri::{IriRef, Profile};

use super::UrnSyntax;

/// Where the URN's parts are, beyond the IRI positions. With `s` the input:
/// NID `s[4..nid_end]`, NSS `s[nid_end+1..nss_end]`, r-component `s[r.0..r.1]`, q-component
/// `s[q.0..q.1]`; the f-component is the IRI fragment (RFC 8141 only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub nid_end: usize,
    pub nss_end: usize,
    pub r: Option<(usize, usize)>,
    pub q: Option<(usize, usize)>,
}

/// Parse `s` as a URN under `syntax`: the IRI positions and the URN spans.
pub(crate) fn parse(s: &str, syntax: UrnSyntax) -> Result<(Positions, Spans), UrnParseError> {
    let b = s.as_bytes();
    if !(b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"urn:")) {
        return Err(not_a_urn(s));
    }
    let nid_end = nid(s, syntax)?;
    let nss_start = nid_end + 1;
    if nss_start >= b.len() {
        return Err(UrnParseError::new(UrnError::MissingNss, b.len(), 0));
    }
    match syntax {
        UrnSyntax::Rfc8141 => rfc8141(s, nid_end),
        UrnSyntax::Rfc2141 => rfc2141(s, nid_end),
    }
}

/// The error for an input that does not start with `urn:`.
fn not_a_urn(s: &str) -> UrnParseError {
    if s.is_empty() {
        return UrnParseError::new(IriError::Empty, 0, 0);
    }
    let scheme = s
        .bytes()
        .position(|c| !chars::is(c, chars::SCHEME) || c >= 0x80)
        .filter(|&i| s.as_bytes()[i] == b':')
        .unwrap_or(0);
    UrnParseError::new(UrnError::Scheme, 0, scheme)
}

/// Check the NID after `urn:`; returns the index of the `:` that ends it.
fn nid(s: &str, syntax: UrnSyntax) -> Result<usize, UrnParseError> {
    let b = s.as_bytes();
    let mut i = 4;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
        i += 1;
    }
    let nid = &s[4..i];
    if b.get(i) != Some(&b':') {
        return Err(match b.get(i) {
            None if i > 4 => UrnParseError::new(UrnError::MissingNss, i, 0),
            None => UrnParseError::new(UrnError::NidEmpty, i, 0),
            Some(_) => {
                let (c, len) = crate::iri::parse::decode(b, i);
                UrnParseError::new(UrnError::NidChar(c), i, len)
            }
        });
    }
    let err = |kind, offset, len| Err(UrnParseError::new(kind, offset, len));
    if nid.is_empty() {
        return err(UrnError::NidEmpty, 4, 0);
    }
    if nid.starts_with('-') {
        return err(UrnError::NidStart, 4, 1);
    }
    if nid.len() > 32 {
        return err(UrnError::NidTooLong, 4 + 32, nid.len() - 32);
    }
    match syntax {
        UrnSyntax::Rfc8141 => {
            if nid.len() < 2 {
                return err(UrnError::NidTooShort, 4, nid.len());
            }
            if nid.ends_with('-') {
                return err(UrnError::NidEnd, i - 1, 1);
            }
            if nid.len() >= 4
                && nid[..4].eq_ignore_ascii_case("urn-")
                && !super::namespaces::is_informal_number(&nid[4..])
            {
                return err(UrnError::InformalNid, 4, nid.len());
            }
        }
        UrnSyntax::Rfc2141 => {
            if nid.eq_ignore_ascii_case("urn") {
                return err(UrnError::NidReserved, 4, 3);
            }
        }
    }
    Ok(i)
}

/// RFC 8141: the IRI parser (RFC 3986 profile) gives the components, then §2's own rules.
fn rfc8141(s: &str, nid_end: usize) -> Result<(Positions, Spans), UrnParseError> {
    let iri =
        IriRef::parse_with(s, Profile::Rfc3986Uri).map_err(|e| map_iri_error(s, nid_end, e))?;
    let pos = *iri.positions();
    let nss_start = nid_end + 1;
    let nss_end = pos.path_end;
    if nss_end == nss_start {
        return Err(UrnParseError::new(UrnError::MissingNss, nss_start, 0));
    }
    if s.as_bytes()[nss_start] == b'/' {
        return Err(UrnParseError::new(UrnError::NssSlash, nss_start, 1));
    }
    let (mut r, mut q) = (None, None);
    if let Some(query) = iri.query() {
        let (start, end) = (nss_end + 1, pos.query_end);
        match query.as_bytes()[0..].first() {
            Some(b'+') => {
                let r_end = query
                    .find("?=")
                    .filter(|&k| k > 0)
                    .map_or(end, |k| start + k);
                r = Some(component(s, start + 1, r_end, "r-component")?);
                if r_end < end {
                    q = Some(component(s, r_end + 2, end, "q-component")?);
                }
            }
            Some(b'=') => q = Some(component(s, start + 1, end, "q-component")?),
            _ => return Err(UrnParseError::new(UrnError::BareQuestionMark, nss_end, 1)),
        }
    }
    let spans = Spans {
        nid_end,
        nss_end,
        r,
        q,
    };
    Ok((pos, spans))
}

/// `r-component` / `q-component = pchar *( pchar / "/" / "?" )`: non-empty, a `pchar` first.
fn component(
    s: &str,
    start: usize,
    end: usize,
    name: &'static str,
) -> Result<(usize, usize), UrnParseError> {
    match s.as_bytes()[start..end].first() {
        None => Err(UrnParseError::new(UrnError::EmptyComponent(name), start, 0)),
        Some(b'/' | b'?') => Err(UrnParseError::new(UrnError::ComponentStart(name), start, 1)),
        Some(_) => Ok((start, end)),
    }
}

/// The IRI parser's error, said in URN terms.
fn map_iri_error(s: &str, nid_end: usize, e: IriParseError) -> UrnParseError {
    let kind = match e.kind {
        IriError::NonAscii(ch) => UrnError::NonAscii(ch, encode_non_ascii(s)),
        IriError::InvalidChar(ch) => UrnError::InvalidChar(ch, part_at(s, nid_end, e.offset)),
        kind => UrnError::Iri(kind),
    };
    UrnParseError::new(kind, e.offset, e.len)
}

/// The input with every non-ASCII character percent-encoded as UTF-8.
fn encode_non_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    crate::pct::encode_into(&mut out, s, |c| c.is_ascii());
    out
}

/// The name of the RFC 8141 part that byte `offset` falls in (the text before it is valid).
fn part_at(s: &str, nid_end: usize, offset: usize) -> &'static str {
    let head = &s[nid_end + 1..offset];
    if head.contains('#') {
        return "f-component";
    }
    match head.find('?').map(|q| &head[q..]) {
        None => "NSS",
        Some(rq) if rq.starts_with("?+") && !rq[2..].contains("?=") => "r-component",
        Some(rq) if rq.starts_with("?+") || rq.starts_with("?=") => "q-component",
        Some(_) => "NSS",
    }
}

/// RFC 2141 §2.2–2.4 (errata): the exact character classes, then the IRI positions.
fn rfc2141(s: &str, nid_end: usize) -> Result<(Positions, Spans), UrnParseError> {
    let b = s.as_bytes();
    let mut i = nid_end + 1;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            {
                let len = 1 + b[i + 1..]
                    .iter()
                    .take(2)
                    .take_while(|h| h.is_ascii())
                    .count();
                return Err(UrnParseError::new(IriError::BadPercent, i, len));
            }
            if b[i + 1] == b'0' && b[i + 2] == b'0' {
                return Err(UrnParseError::new(UrnError::NulOctet, i, 3));
            }
            i += 3;
        } else if c >= 0x80 {
            let (ch, len) = crate::iri::parse::decode(b, i);
            let encoded = encode_non_ascii(s);
            return Err(UrnParseError::new(UrnError::NonAscii(ch, encoded), i, len));
        } else if is_rfc2141_char(char::from(c)) {
            i += 1;
        } else {
            return Err(UrnParseError::new(
                UrnError::Rfc2141Char(char::from(c)),
                i,
                1,
            ));
        }
    }
    // Every RFC 2141 character is an RFC 3986 character; the draft's profile also lets the
    // fragment contain '#', which RFC 2141 reserves but allows.
    let iri = IriRef::parse_with(s, Profile::IriBis).map_err(|e| map_iri_error(s, nid_end, e))?;
    let spans = Spans {
        nid_end,
        nss_end: s.len(),
        r: None,
        q: None,
    };
    Ok((*iri.positions(), spans))
}

/// RFC 2141 `<trans>` characters and `%` (errata): letters, digits, `<other>`, `<reserved>`.
///
/// ```
/// use pidkit::urn::is_rfc2141_char;
/// assert!(is_rfc2141_char('(') && is_rfc2141_char('#') && is_rfc2141_char('$'));
/// assert!(!is_rfc2141_char('~') && !is_rfc2141_char('&') && !is_rfc2141_char('é'));
/// ```
pub fn is_rfc2141_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '(' | ')'
                | '+'
                | ','
                | '-'
                | '.'
                | ':'
                | '='
                | '@'
                | ';'
                | '$'
                | '_'
                | '!'
                | '*'
                | '\''
                | '%'
                | '/'
                | '?'
                | '#'
        )
}

/// Whether the ASCII character may appear literally somewhere in an RFC 8141 URN
/// (`pchar`, `/`, `?`, `#`, `%`).
///
/// ```
/// use pidkit::urn::is_rfc8141_char;
/// assert!(is_rfc8141_char('~') && is_rfc8141_char('&'));
/// assert!(!is_rfc8141_char('[') && !is_rfc8141_char(' '));
/// ```
pub fn is_rfc8141_char(c: char) -> bool {
    c.is_ascii() && (chars::is(c as u8, chars::QUERY) || matches!(c, '#' | '%'))
}

/// The warnings of the URN syntax itself (not of the namespace).
pub(crate) fn warnings(s: &str, syntax: UrnSyntax, spans: &Spans, out: &mut Vec<Warning>) {
    match syntax {
        UrnSyntax::Rfc2141 => {
            let nss = &s[spans.nid_end + 1..];
            for c in ['/', '?', '#'] {
                if let Some(k) = nss.find(c) {
                    let n = nss.matches(c).count();
                    out.push(Warning::new(
                        codes::RFC2141_RESERVED,
                        spans.nid_end + 1 + k,
                        1,
                        format!(
                            "'{c}' is reserved by RFC 2141 §2.3.2 and should be percent-encoded ({n} unencoded)"
                        ),
                    ));
                }
            }
        }
        UrnSyntax::Rfc8141 => {
            if let Some((start, end)) = spans.r {
                out.push(Warning::new(
                    codes::R_COMPONENT,
                    start - 2,
                    end + 2 - start,
                    "r-components should not be used before their semantics are standardized (RFC 8141 §2.3.1)",
                ));
            }
        }
    }
}
