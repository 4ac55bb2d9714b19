//! Reading a SWHID: `swh:1:TYPE:HASH[;qualifier=value…]`, bare or in a resolver's URL (SWHID
//! specification §4 Syntax, §5 Core identifiers, §6 Qualified identifiers; Software Heritage
//! docs, "Resolution").

use crate::iri::{Iri, IriError, IriRef, Profile};

use super::error::{SwhError, SwhParseError};
use super::{ObjectType, Qualifier};

/// The length of a core SWHID: `swh:1:` (6), the type (3), `:` (1) and 40 hex digits.
pub(crate) const CORE_LEN: usize = 50;

/// The written form a SWHID was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// The SWHID itself (`swh:1:…`).
    Swhid,
    /// At the archive's root endpoint: `https://archive.softwareheritage.org/swh:1:…` (the
    /// resolver URL of the Software Heritage docs).
    Archive,
    /// At the archive's legacy browse endpoint: `https://archive.softwareheritage.org/browse/swh:1:…/`.
    Browse,
    /// At the archive's API resolve endpoint: `https://archive.softwareheritage.org/api/1/resolve/swh:1:…/`.
    Api,
    /// At Identifiers.org: `https://identifiers.org/swh:1:…` (an external resolver the docs name).
    IdentifiersOrg,
    /// At Name-to-Thing: `https://n2t.net/swh:1:…` (an external resolver the docs name).
    N2t,
}

impl Form {
    /// Its name in the parts (`swhid`, `archive`, `browse`, `api`, `identifiers-org`, `n2t`).
    pub fn name(self) -> &'static str {
        match self {
            Form::Swhid => "swhid",
            Form::Archive => "archive",
            Form::Browse => "browse",
            Form::Api => "api",
            Form::IdentifiersOrg => "identifiers-org",
            Form::N2t => "n2t",
        }
    }

    /// Every form, in the order of [`Form::name`]'s list.
    pub const ALL: [Form; 6] = [
        Form::Swhid,
        Form::Archive,
        Form::Browse,
        Form::Api,
        Form::IdentifiersOrg,
        Form::N2t,
    ];
}

/// The resolvers' URL prefixes read (after `http://` or `https://`, ASCII case-insensitive):
/// the host and `/`, then the path before `swh:`.
const RESOLVERS: [(&str, &str, Form); 5] = [
    ("archive.softwareheritage.org/", "", Form::Archive),
    ("archive.softwareheritage.org/", "browse/", Form::Browse),
    ("archive.softwareheritage.org/", "api/1/resolve/", Form::Api),
    ("identifiers.org/", "", Form::IdentifiersOrg),
    ("n2t.net/", "", Form::N2t),
];

/// A core SWHID in the input: where it starts (its 50 bytes follow), its type, and whether its
/// `swh` is written in another case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    pub start: usize,
    pub ty: ObjectType,
    pub scheme_case: bool,
}

impl Core {
    /// Where its object id starts.
    pub fn hash_start(&self) -> usize {
        self.start + 10
    }

    /// Where it ends.
    pub fn end(&self) -> usize {
        self.start + CORE_LEN
    }
}

/// One qualifier as written: its kind, where its name starts, and its value's span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Qual {
    pub kind: Qualifier,
    pub name: usize,
    pub value: (usize, usize),
    /// The core SWHID of a `visit` or `anchor`.
    pub core: Option<Core>,
}

/// Byte offsets of a SWHID's parts in its input (all on character boundaries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub form: Form,
    /// Where the SWHID starts: 0, or past a resolver's URL prefix.
    pub start: usize,
    /// Where it ends: the end of the input, or before a URL's trailing `/`.
    pub end: usize,
    pub core: Core,
    /// The qualifiers in the order written (each kind at most once, so six at most).
    pub quals: [Option<Qual>; 6],
}

impl Spans {
    /// The qualifiers, in the order written.
    pub fn quals(&self) -> impl Iterator<Item = &Qual> + '_ {
        self.quals.iter().flatten()
    }

    /// The qualifier of `kind`, if given.
    pub fn qual(&self, kind: Qualifier) -> Option<&Qual> {
        self.quals().find(|q| q.kind == kind)
    }
}

fn starts_with_ci(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Whether `t` is shaped like a SWHID or one of its resolver URLs: `swh:`, or `http(s)://` and
/// a resolver's prefix followed by `swh:` (ASCII case-insensitive). A look at a few bytes.
pub fn claims(t: &[u8]) -> bool {
    if starts_with_ci(t, b"swh:") {
        return true;
    }
    url_form(t).is_some()
}

/// The form and the offset of `swh:` in a resolver URL.
fn url_form(t: &[u8]) -> Option<(Form, usize)> {
    let rest = if starts_with_ci(t, b"https://") {
        8
    } else if starts_with_ci(t, b"http://") {
        7
    } else {
        return None;
    };
    let after = &t[rest..];
    RESOLVERS.iter().find_map(|(host, path, form)| {
        let at = host.len() + path.len();
        (starts_with_ci(after, host.as_bytes())
            && starts_with_ci(&after[host.len()..], path.as_bytes())
            && starts_with_ci(&after[at..], b"swh:"))
        .then_some((*form, rest + at))
    })
}

/// Read `s` as a SWHID.
pub(crate) fn parse(s: &str) -> Result<Spans, SwhParseError> {
    let b = s.as_bytes();
    let space = if b.first().is_some_and(u8::is_ascii_whitespace) {
        Some(0)
    } else if b.last().is_some_and(u8::is_ascii_whitespace) {
        Some(b.len() - b.iter().rev().take_while(|c| c.is_ascii_whitespace()).count())
    } else {
        None
    };
    if let Some(at) = space {
        return Err(SwhParseError::new(
            SwhError::Whitespace(char::from(b[at])),
            at,
            1,
        ));
    }
    let (form, start, end) = if starts_with_ci(b, b"swh:") {
        (Form::Swhid, 0, b.len())
    } else if let Some((form, start)) = url_form(b) {
        // swh-web reads the SWHID with or without one trailing '/' (its legacy URLs end so).
        let end = if b.len() > start && b[b.len() - 1] == b'/' {
            b.len() - 1
        } else {
            b.len()
        };
        (form, start, end)
    } else {
        return Err(SwhParseError::new(SwhError::NotSwhid, 0, 0));
    };
    let region_end = s[start..end].find(';').map_or(end, |i| start + i);
    let core = core(s, start, region_end)?;
    let mut quals: [Option<Qual>; 6] = [None; 6];
    let mut n = 0;
    let mut at = region_end;
    while at < end {
        // `at` is a ';'.
        let q_start = at + 1;
        let q_end = s[q_start..end].find(';').map_or(end, |i| q_start + i);
        let q = qualifier(s, q_start, q_end, &quals[..n])?;
        quals[n] = Some(q);
        n += 1;
        at = q_end;
    }
    Ok(Spans {
        form,
        start,
        end,
        core,
        quals,
    })
}

/// A core SWHID filling `s[start..end]`.
pub(crate) fn core(s: &str, start: usize, end: usize) -> Result<Core, SwhParseError> {
    let b = &s.as_bytes()[..end];
    let err = |kind, offset, len| Err(SwhParseError::new(kind, offset, len));
    if !starts_with_ci(&b[start..], b"swh:") {
        return err(SwhError::NotSwhid, start, 0);
    }
    let scheme_case = &b[start..start + 3] != b"swh";
    // The scheme version, up to the next ':'.
    let v = start + 4;
    let Some(v_len) = b[v..].iter().position(|&c| c == b':') else {
        return if &b[v..] == b"1" || v == end {
            err(SwhError::Incomplete, end, 0)
        } else {
            err(SwhError::Version(s[v..end].to_owned()), v, end - v)
        };
    };
    if &b[v..v + v_len] != b"1" {
        return err(SwhError::Version(s[v..v + v_len].to_owned()), v, v_len);
    }
    // The object type, up to the next ':'.
    let t = v + v_len + 1;
    let t_len = b[t..].iter().position(|&c| c == b':');
    let t_end = t_len.map_or(end, |l| t + l);
    let ty = ObjectType::from_tag(&s[t..t_end]);
    let Some(ty) = ty else {
        return err(SwhError::ObjectType(s[t..t_end].to_owned()), t, t_end - t);
    };
    if t_len.is_none() {
        return err(SwhError::Incomplete, end, 0);
    }
    // The object id: 40 hex digits, lower case.
    let h = t_end + 1;
    if let Some((i, c)) = s[h..end]
        .char_indices()
        .find(|(_, c)| !c.is_ascii_hexdigit())
    {
        return err(SwhError::HashChar(c), h + i, c.len_utf8());
    }
    if end - h != 40 {
        if end == h {
            return err(SwhError::Incomplete, end, 0);
        }
        return err(SwhError::HashLength(end - h), h, end - h);
    }
    if let Some(i) = b[h..end].iter().position(u8::is_ascii_uppercase) {
        return err(SwhError::HashCase(s[h..end].to_ascii_lowercase()), h + i, 1);
    }
    debug_assert_eq!(end - start, CORE_LEN);
    Ok(Core {
        start,
        ty,
        scheme_case,
    })
}

/// The qualifier `s[start..end]`, after the qualifiers `before`.
fn qualifier(
    s: &str,
    start: usize,
    end: usize,
    before: &[Option<Qual>],
) -> Result<Qual, SwhParseError> {
    let err = |kind, offset, len| Err(SwhParseError::new(kind, offset, len));
    if start == end {
        return err(SwhError::QualifierEmpty, start, 0);
    }
    let text = &s[start..end];
    let Some(eq) = text.find('=') else {
        return err(
            SwhError::QualifierNoValue(text.to_owned()),
            start,
            end - start,
        );
    };
    let name = &text[..eq];
    let Some(kind) = Qualifier::ALL.iter().copied().find(|q| q.name() == name) else {
        return err(SwhError::UnknownQualifier(name.to_owned()), start, eq);
    };
    if before.iter().flatten().any(|q| q.kind == kind) {
        return err(SwhError::DuplicateQualifier(name.to_owned()), start, eq);
    }
    let v = start + eq + 1;
    let value = &s[v..end];
    let mut core_of = None;
    match kind {
        Qualifier::Origin => {
            Iri::parse_with(value, Profile::IriBis).map_err(|e| {
                SwhParseError::new(SwhError::Origin(e.kind), v + e.offset, e.len)
            })?;
        }
        Qualifier::Visit | Qualifier::Anchor => {
            let c = core(s, v, end)?;
            let ty = c.ty.tag().to_owned();
            match kind {
                Qualifier::Visit if c.ty != ObjectType::Snapshot => {
                    return err(SwhError::VisitType(ty), v + 6, 3);
                }
                Qualifier::Anchor if c.ty == ObjectType::Content => {
                    return err(SwhError::AnchorType(ty), v + 6, 3);
                }
                _ => {}
            }
            core_of = Some(c);
        }
        Qualifier::Path => path(value, v)?,
        Qualifier::Lines | Qualifier::Bytes => {
            let (a, b) = range(value, v)?;
            if kind == Qualifier::Lines && number_is_zero(a) {
                return err(SwhError::LineZero, v, a.len());
            }
            if let Some(b) = b
                && compare_numbers(a, b) == std::cmp::Ordering::Greater
            {
                return err(SwhError::RangeOrder, v, value.len());
            }
        }
    }
    Ok(Qual {
        kind,
        name: start,
        value: (v, end),
        core: core_of,
    })
}

/// `path_absolute_escaped`: an RFC 3987 `ipath-absolute` (`/`, then segments, the first not
/// empty), `value` at offset `at` of the input.
fn path(value: &str, at: usize) -> Result<(), SwhParseError> {
    let b = value.as_bytes();
    if b.first() != Some(&b'/') {
        return Err(SwhParseError::new(SwhError::PathNotAbsolute, at, 0));
    }
    if b.get(1) == Some(&b'/') {
        return Err(SwhParseError::new(SwhError::PathNotAbsolute, at + 1, 1));
    }
    let r = IriRef::parse_relative(value, Profile::IriBis)
        .map_err(|e| SwhParseError::new(SwhError::Path(e.kind), at + e.offset, e.len))?;
    let path_len = r.path().len();
    if path_len < value.len() {
        let c = char::from(b[path_len]);
        return Err(SwhParseError::new(
            SwhError::Path(IriError::InvalidChar(c)),
            at + path_len,
            1,
        ));
    }
    Ok(())
}

/// `range = number ["-" number]`, `value` at offset `at` of the input.
fn range(value: &str, at: usize) -> Result<(&str, Option<&str>), SwhParseError> {
    let digits = |from: usize| {
        value[from..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count()
    };
    let bad = |i: usize| {
        let c = value[i..].chars().next();
        SwhParseError::new(SwhError::Range(c), at + i, c.map_or(0, char::len_utf8))
    };
    let a = digits(0);
    if a == 0 {
        return Err(bad(0));
    }
    if a == value.len() {
        return Ok((value, None));
    }
    if value.as_bytes()[a] != b'-' {
        return Err(bad(a));
    }
    let b = digits(a + 1);
    if b == 0 {
        return Err(bad(a + 1));
    }
    if a + 1 + b < value.len() {
        return Err(bad(a + 1 + b));
    }
    Ok((&value[..a], Some(&value[a + 1..])))
}

/// A decimal number without its leading zeros (`"0"` for zero).
pub(crate) fn strip_zeros(n: &str) -> &str {
    let t = n.trim_start_matches('0');
    if t.is_empty() { &n[n.len() - 1..] } else { t }
}

fn number_is_zero(n: &str) -> bool {
    n.bytes().all(|c| c == b'0')
}

/// Two decimal numbers of any length compared as numbers.
fn compare_numbers(a: &str, b: &str) -> std::cmp::Ordering {
    let (a, b) = (strip_zeros(a), strip_zeros(b));
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The parts of a range value: its start and its end (`None` for a single number).
pub(crate) fn range_parts(value: &str) -> (&str, Option<&str>) {
    match value.split_once('-') {
        Some((a, b)) => (a, Some(b)),
        None => (value, None),
    }
}

/// Whether the two numbers of a range are the same number.
pub(crate) fn same_number(a: &str, b: &str) -> bool {
    compare_numbers(a, b) == std::cmp::Ordering::Equal
}
