//! The URN grammar on top of the IRI parser: RFC 8141 §2 (NID, NSS, r/q/f-components) and
//! RFC 2141 §2 (with the character classes restored by the errata).

use crate::chars;
use crate::error::{ErrorKind, ParseError, Warning};
use crate::iri::parse::Positions;
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
pub(crate) fn parse(s: &str, syntax: UrnSyntax) -> Result<(Positions, Spans), ParseError> {
    let b = s.as_bytes();
    if !(b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"urn:")) {
        return Err(not_a_urn(s));
    }
    let nid_end = nid(s, syntax)?;
    let nss_start = nid_end + 1;
    if nss_start >= b.len() {
        return Err(ParseError::new(ErrorKind::UrnMissingNss, b.len(), 0));
    }
    match syntax {
        UrnSyntax::Rfc8141 => rfc8141(s, nid_end),
        UrnSyntax::Rfc2141 => rfc2141(s, nid_end),
    }
}

/// The error for an input that does not start with `urn:`.
fn not_a_urn(s: &str) -> ParseError {
    if s.is_empty() {
        return ParseError::new(ErrorKind::Empty, 0, 0);
    }
    let scheme = s
        .bytes()
        .position(|c| !chars::is(c, chars::SCHEME) || c >= 0x80)
        .filter(|&i| s.as_bytes()[i] == b':')
        .unwrap_or(0);
    ParseError::new(ErrorKind::UrnScheme, 0, scheme)
}

/// Check the NID after `urn:`; returns the index of the `:` that ends it.
fn nid(s: &str, syntax: UrnSyntax) -> Result<usize, ParseError> {
    let b = s.as_bytes();
    let mut i = 4;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
        i += 1;
    }
    let nid = &s[4..i];
    if b.get(i) != Some(&b':') {
        return Err(match b.get(i) {
            None if i > 4 => ParseError::new(ErrorKind::UrnMissingNss, i, 0),
            None => ParseError::new(ErrorKind::UrnNidEmpty, i, 0),
            Some(_) => {
                let (c, len) = crate::iri::parse::decode(b, i);
                ParseError::new(ErrorKind::UrnNidChar(c), i, len)
            }
        });
    }
    let err = |kind, offset, len| Err(ParseError::new(kind, offset, len));
    if nid.is_empty() {
        return err(ErrorKind::UrnNidEmpty, 4, 0);
    }
    if nid.starts_with('-') {
        return err(ErrorKind::UrnNidStart, 4, 1);
    }
    if nid.len() > 32 {
        return err(ErrorKind::UrnNidTooLong, 4 + 32, nid.len() - 32);
    }
    match syntax {
        UrnSyntax::Rfc8141 => {
            if nid.len() < 2 {
                return err(ErrorKind::UrnNidTooShort, 4, nid.len());
            }
            if nid.ends_with('-') {
                return err(ErrorKind::UrnNidEnd, i - 1, 1);
            }
            if nid.len() >= 4
                && nid[..4].eq_ignore_ascii_case("urn-")
                && !super::namespaces::is_informal_number(&nid[4..])
            {
                return err(ErrorKind::UrnInformalNid, 4, nid.len());
            }
        }
        UrnSyntax::Rfc2141 => {
            if nid.eq_ignore_ascii_case("urn") {
                return err(ErrorKind::UrnNidReserved, 4, 3);
            }
        }
    }
    Ok(i)
}

/// RFC 8141: the IRI parser (RFC 3986 profile) gives the components, then §2's own rules.
fn rfc8141(s: &str, nid_end: usize) -> Result<(Positions, Spans), ParseError> {
    let iri =
        IriRef::parse_with(s, Profile::Rfc3986Uri).map_err(|e| map_iri_error(s, nid_end, e))?;
    let pos = *iri.positions();
    let nss_start = nid_end + 1;
    let nss_end = pos.path_end;
    if nss_end == nss_start {
        return Err(ParseError::new(ErrorKind::UrnMissingNss, nss_start, 0));
    }
    if s.as_bytes()[nss_start] == b'/' {
        return Err(ParseError::new(ErrorKind::UrnNssSlash, nss_start, 1));
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
            _ => return Err(ParseError::new(ErrorKind::UrnBareQuestionMark, nss_end, 1)),
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
) -> Result<(usize, usize), ParseError> {
    match s.as_bytes()[start..end].first() {
        None => Err(ParseError::new(
            ErrorKind::UrnEmptyComponent(name),
            start,
            0,
        )),
        Some(b'/' | b'?') => Err(ParseError::new(
            ErrorKind::UrnComponentStart(name),
            start,
            1,
        )),
        Some(_) => Ok((start, end)),
    }
}

/// The IRI parser's error, said in URN terms.
fn map_iri_error(s: &str, nid_end: usize, e: ParseError) -> ParseError {
    let kind = match e.kind {
        ErrorKind::NonAscii(ch) => ErrorKind::UrnNonAscii {
            ch,
            encoded: encode_non_ascii(s),
        },
        ErrorKind::InvalidChar(ch) => ErrorKind::UrnInvalidChar {
            ch,
            part: part_at(s, nid_end, e.offset),
        },
        kind => kind,
    };
    ParseError { kind, ..e }
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
fn rfc2141(s: &str, nid_end: usize) -> Result<(Positions, Spans), ParseError> {
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
                return Err(ParseError::new(ErrorKind::BadPercent, i, len));
            }
            if b[i + 1] == b'0' && b[i + 2] == b'0' {
                return Err(ParseError::new(ErrorKind::UrnNulOctet, i, 3));
            }
            i += 3;
        } else if c >= 0x80 {
            let (ch, len) = crate::iri::parse::decode(b, i);
            let encoded = encode_non_ascii(s);
            return Err(ParseError::new(
                ErrorKind::UrnNonAscii { ch, encoded },
                i,
                len,
            ));
        } else if is_rfc2141_char(char::from(c)) {
            i += 1;
        } else {
            return Err(ParseError::new(
                ErrorKind::UrnRfc2141Char(char::from(c)),
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
                        "urn-rfc2141-reserved",
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
                    "urn-r-component",
                    start - 2,
                    end + 2 - start,
                    "r-components should not be used before their semantics are standardized (RFC 8141 §2.3.1)",
                ));
            }
        }
    }
}
