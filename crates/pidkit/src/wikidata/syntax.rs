//! Reading a Wikidata entity id in its written forms: the id (`Q42`), the `wd:` and
//! `wikidata:` labels, the concept URI (`http://www.wikidata.org/entity/Q42`), the page URL
//! (`https://www.wikidata.org/wiki/Property:P31`) and the Special:EntityPage and
//! Special:EntityData URLs.

use super::error::{WikidataError, WikidataParseError};
use super::{EntityType, Form};

/// The hosts of Wikidata (the desktop, bare and mobile sites).
const HOSTS: [&str; 3] = ["www.wikidata.org", "wikidata.org", "m.wikidata.org"];

/// The largest number of an item, property or lexeme id (Wikibase `Int32EntityId::MAX`).
pub(crate) const MAX_NUMBER: u64 = 2_147_483_647;

/// The format extensions of Special:EntityData (Wikidata:Data access).
const DATA_FORMATS: [&str; 7] = [".json", ".jsonld", ".ttl", ".rdf", ".nt", ".n3", ".php"];

/// What a reading found, as byte offsets of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    /// The written form.
    pub form: Form,
    /// The id as written (`Q42`, `L1-F2`; for a lexeme page with a form in its fragment, the
    /// lexeme id).
    pub id: (usize, usize),
    /// The form or sense in a lexeme page's fragment (`#L1-F2`), when there is one.
    pub sub_in_fragment: Option<(usize, usize)>,
    /// The entity type.
    pub entity_type: EntityType,
    /// A query, fragment or format extension of a URL left out, as written.
    pub extra: Option<(usize, usize)>,
}

/// Whether `b` starts with `p`, ASCII case-insensitively.
fn starts_ci(b: &[u8], p: &[u8]) -> bool {
    b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p)
}

/// The length of `http://` or `https://` (any case) at the start of `b`, or 0.
fn web_scheme_len(b: &[u8]) -> usize {
    if starts_ci(b, b"https://") {
        8
    } else if starts_ci(b, b"http://") {
        7
    } else {
        0
    }
}

/// Where the path of a Wikidata URL starts in `b` (at its `/`), if `b` is `http(s)://` (or
/// nothing) and a Wikidata host followed by `/`.
fn wikidata_path(b: &[u8]) -> Option<usize> {
    let h = web_scheme_len(b);
    let rest = &b[h..];
    // A host has at most 253 characters: the look stays short on long inputs.
    let end = rest.iter().take(254).position(|&c| c == b'/')?;
    HOSTS
        .iter()
        .any(|host| rest[..end].eq_ignore_ascii_case(host.as_bytes()))
        .then_some(h + end)
}

/// The page namespaces of entities (Wikidata:Namespaces), as `/wiki/` prefixes that claim.
const PAGE_PREFIXES: [&str; 4] = [
    "property:",
    "lexeme:",
    "special:entitypage/",
    "special:entitydata/",
];

/// Whether auto-detection gives `t` to Wikidata: the labels `wd:` and `wikidata:`, a
/// wikidata.org URL whose path names an entity (`/entity/…`, `/wiki/Q…`, `/wiki/Property:…`
/// …), or a bare item id — upper-case `Q`, a number from 1, nothing else (`P31`, `L1` and
/// `q42` bare are too short to tell from other codes: read them with `--as wikidata`).
///
/// ```
/// use pidkit::wikidata::claims;
/// assert!(claims(b"Q42") && claims(b"wd:P31") && claims(b"https://www.wikidata.org/wiki/Lexeme:L1"));
/// assert!(!claims(b"P31") && !claims(b"Q042") && !claims(b"https://www.wikidata.org/wiki/Special:Search"));
/// ```
pub fn claims(t: &[u8]) -> bool {
    if starts_ci(t, b"wd:") || starts_ci(t, b"wikidata:") {
        return true;
    }
    if let Some(p) = wikidata_path(t) {
        let path = &t[p..];
        if starts_ci(path, b"/entity/") {
            return true;
        }
        if let Some(page) = path.strip_prefix(b"/wiki/") {
            return matches!(page.first(), Some(b'Q' | b'P' | b'L' | b'q' | b'p' | b'l'))
                && page.get(1).is_some_and(u8::is_ascii_digit)
                || PAGE_PREFIXES.iter().any(|p| starts_ci(page, p.as_bytes()));
        }
        return false;
    }
    t.len() >= 2
        && t.len() <= 11
        && t[0] == b'Q'
        && matches!(t[1], b'1'..=b'9')
        && t[2..].iter().all(u8::is_ascii_digit)
}

/// Read `s`: its written form, then the id in it.
pub(crate) fn parse(s: &str) -> Result<Spans, WikidataParseError> {
    let b = s.as_bytes();
    let start = b.len() - s.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
    let end = s.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    if start >= end {
        return Err(WikidataError::NotWikidata.at(0, 0));
    }
    let t = &b[start..end];
    if starts_ci(t, b"wd:") {
        return entity(s, start + 3, end, Form::Label);
    }
    if starts_ci(t, b"wikidata:") {
        // `Wikidata: Q42`, as printed.
        let spaces = t[9..].iter().take_while(|&&c| c == b' ').count();
        return entity(s, start + 9 + spaces, end, Form::Label);
    }
    if let Some(p) = wikidata_path(t) {
        return url(s, start + p, end);
    }
    if web_scheme_len(t) > 0 {
        return Err(WikidataError::NotWikidata.at(start, end - start));
    }
    entity(s, start, end, Form::Id)
}

/// Read the id in `s[from..to]`, nothing else.
fn entity(s: &str, from: usize, to: usize, form: Form) -> Result<Spans, WikidataParseError> {
    let (entity_type, id_end) = id(s, from, to)?;
    if id_end < to {
        return Err(char_error(s, id_end));
    }
    Ok(Spans {
        form,
        id: (from, id_end),
        sub_in_fragment: None,
        entity_type,
        extra: None,
    })
}

/// The error of the character at `at`.
fn char_error(s: &str, at: usize) -> WikidataParseError {
    let c = s[at..].chars().next().unwrap_or(' ');
    WikidataError::Char(c).at(at, c.len_utf8())
}

/// Read an entity id starting at `from` (ending at `to` at the latest): its type and where it
/// ends (at the first character that cannot continue it).
pub(crate) fn id(s: &str, from: usize, to: usize) -> Result<(EntityType, usize), WikidataParseError> {
    let b = &s.as_bytes()[..to];
    let Some(&letter) = b.get(from) else {
        return Err(WikidataError::NotWikidata.at(from, 0));
    };
    let kind = match letter.to_ascii_uppercase() {
        b'Q' => EntityType::Item,
        b'P' => EntityType::Property,
        b'L' => EntityType::Lexeme,
        _ => {
            let c = s[from..].chars().next().unwrap_or(' ');
            return Err(WikidataError::EntityType(c).at(from, c.len_utf8()));
        }
    };
    let end = number(b, from + 1, true)?;
    if b.get(end) != Some(&b'-') {
        return Ok((kind, end));
    }
    if kind != EntityType::Lexeme {
        return Err(WikidataError::SubEntity.at(end, 1));
    }
    let sub = match b.get(end + 1) {
        Some(b'F') => EntityType::Form,
        Some(b'S') => EntityType::Sense,
        _ => return Err(WikidataError::SubEntity.at(end, 1)),
    };
    match number(b, end + 2, false) {
        Ok(e) => Ok((sub, e)),
        Err(e) if e.kind == WikidataError::MissingNumber => {
            Err(WikidataError::SubEntity.at(end, 2))
        }
        Err(e) => Err(e),
    }
}

/// The end of the number starting at `from` in `b`: digits, the first from 1 to 9, at most
/// ten of them and (for an entity number, `bounded`) at most 2147483647.
fn number(b: &[u8], from: usize, bounded: bool) -> Result<usize, WikidataParseError> {
    let n = b[from.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if n == 0 {
        return Err(WikidataError::MissingNumber.at(from, 0));
    }
    if b[from] == b'0' {
        return Err(WikidataError::LeadingZero.at(from, 1));
    }
    let digits = &b[from..from + n];
    let too_large = n > 10
        || bounded
            && digits
                .iter()
                .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'))
                > MAX_NUMBER;
    if too_large {
        return Err(WikidataError::TooLarge.at(from, n));
    }
    Ok(from + n)
}

/// Read the path of a Wikidata URL, `s[path..to]`, starting at its `/`.
fn url(s: &str, path: usize, to: usize) -> Result<Spans, WikidataParseError> {
    let b = &s.as_bytes()[..to];
    let p = &b[path..];
    let (form, from) = if starts_ci(p, b"/entity/") {
        (Form::ConceptUri, path + 8)
    } else if starts_ci(p, b"/wiki/special:entitypage/") {
        (Form::EntityPage, path + 25)
    } else if starts_ci(p, b"/wiki/special:entitydata/") {
        (Form::EntityData, path + 25)
    } else if let Some(page) = p.strip_prefix(b"/wiki/") {
        return page_url(s, path + 6, page, to);
    } else {
        return Err(WikidataError::Url.at(path, to - path));
    };
    let (entity_type, id_end) = id(s, from, to)?;
    if form == Form::EntityData {
        // A format extension (`Q42.json`) asks for a serialization: left out.
        if b.get(id_end) == Some(&b'.') {
            let ext = b[id_end..]
                .iter()
                .position(|&c| c == b'?' || c == b'#')
                .map_or(to, |k| id_end + k);
            if !DATA_FORMATS
                .iter()
                .any(|f| b[id_end..ext].eq_ignore_ascii_case(f.as_bytes()))
            {
                return Err(char_error(s, id_end));
            }
        }
    } else if !matches!(b.get(id_end), None | Some(b'?' | b'#')) {
        return Err(char_error(s, id_end));
    }
    Ok(Spans {
        form,
        id: (from, id_end),
        sub_in_fragment: None,
        entity_type,
        extra: extra(s, id_end, to)?,
    })
}

/// What follows the id in a URL (`?…`, `#…`, `.json`), left out; an error for a character a
/// URL cannot hold there (whitespace).
fn extra(s: &str, from: usize, to: usize) -> Result<Option<(usize, usize)>, WikidataParseError> {
    if from >= to {
        return Ok(None);
    }
    if let Some(k) = s[from..to].find(|c: char| c.is_whitespace() || c.is_control()) {
        return Err(char_error(s, from + k));
    }
    Ok(Some((from, to)))
}

/// Read a page URL's title, `s[from..to]` (`page` is its bytes): `Q42`, `Property:P31`,
/// `Lexeme:L1`, and a lexeme page's fragment naming one of its forms or senses
/// (`Lexeme:L1#L1-F2`).
fn page_url(s: &str, from: usize, page: &[u8], to: usize) -> Result<Spans, WikidataParseError> {
    let (namespace, id_from) = if starts_ci(page, b"property:") {
        ("Property:", from + 9)
    } else if starts_ci(page, b"lexeme:") {
        ("Lexeme:", from + 7)
    } else if page
        .iter()
        .take_while(|&&c| c != b'/' && c != b'?' && c != b'#')
        .any(|&c| c == b':')
    {
        // Another namespace (`Wikidata:`, `Special:Search`, `Help:`): no entity's page.
        return Err(WikidataError::Url.at(from, to - from));
    } else {
        ("", from)
    };
    let (entity_type, id_end) = id(s, id_from, to)?;
    let expected = match entity_type {
        EntityType::Item => "",
        EntityType::Property => "Property:",
        _ => "Lexeme:",
    };
    if expected != namespace {
        return Err(WikidataError::Namespace(expected).at(from, id_from - from));
    }
    if matches!(entity_type, EntityType::Form | EntityType::Sense) {
        // A form's page is its lexeme's, with the form as fragment (`Lexeme:L1#L1-F2`).
        let dash = s[id_from..id_end].find('-').map_or(id_from, |k| id_from + k);
        return Err(WikidataError::SubEntity.at(dash, 1));
    }
    let b = &s.as_bytes()[..to];
    if !matches!(b.get(id_end), None | Some(b'?' | b'#')) {
        return Err(char_error(s, id_end));
    }
    let mut spans = Spans {
        form: Form::Page,
        id: (id_from, id_end),
        sub_in_fragment: None,
        entity_type,
        extra: extra(s, id_end, to)?,
    };
    // `Lexeme:L1#L1-F2`: the fragment names a form or sense of this lexeme.
    if entity_type == EntityType::Lexeme && b.get(id_end) == Some(&b'#') {
        let f = id_end + 1;
        if let Ok((sub @ (EntityType::Form | EntityType::Sense), e)) = id(s, f, to)
            && e == to
            && b[f..to].len() > id_end - id_from
            && b[f..f + (id_end - id_from)].eq_ignore_ascii_case(&b[id_from..id_end])
        {
            spans.entity_type = sub;
            spans.sub_in_fragment = Some((f, to));
            spans.extra = None;
        }
    }
    Ok(spans)
}
