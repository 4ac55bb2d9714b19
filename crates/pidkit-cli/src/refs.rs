//! `pidkit verify`'s readers of reference lists: BibTeX (`serde_bibtex`: `@string` macros and
//! the month macros expanded, a broken entry reported and the rest read), CSL-JSON (an array of
//! items, or one), RIS (tagged lines, read here), and Markdown or plain text (each DOI the
//! extractor finds, with the reference around it: its paragraph or list item).

use std::collections::BTreeMap;

use crate::matching::{first_family, year_of};

/// The largest reference file read.
pub const MAX_FILE: u64 = 64 << 20;
/// The longest reference text kept for a DOI found in running text.
const MAX_TEXT: usize = 4000;

/// The format of a reference file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RefFormat {
    /// BibTeX or BibLaTeX (.bib)
    Bibtex,
    /// CSL-JSON: an array of items (.json)
    CslJson,
    /// RIS (.ris)
    Ris,
    /// Markdown or plain text: each DOI with its paragraph or list item (anything else)
    Text,
}

impl RefFormat {
    /// The format a file's name says: `.bib`, `.json`, `.ris`; anything else is text.
    pub fn of(path: &str) -> RefFormat {
        let lower = path.to_ascii_lowercase();
        if lower.ends_with(".bib") || lower.ends_with(".bibtex") {
            RefFormat::Bibtex
        } else if lower.ends_with(".json") || lower.ends_with(".csl") {
            RefFormat::CslJson
        } else if lower.ends_with(".ris") {
            RefFormat::Ris
        } else {
            RefFormat::Text
        }
    }

    /// Its name in records.
    pub fn name(self) -> &'static str {
        match self {
            RefFormat::Bibtex => "bibtex",
            RefFormat::CslJson => "csl-json",
            RefFormat::Ris => "ris",
            RefFormat::Text => "text",
        }
    }
}

/// The fields of a reference that are compared, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Fields {
    /// The title.
    pub title: Option<String>,
    /// The first author's family name.
    pub author: Option<String>,
    /// The year.
    pub year: Option<String>,
    /// The journal, proceedings or book the work is in.
    pub container: Option<String>,
}

/// One reference of a file.
#[derive(Clone, Debug, Default)]
pub struct Reference {
    /// The file, as given.
    pub file: String,
    /// Its format.
    pub format: Option<RefFormat>,
    /// Where it starts (1-based), when known.
    pub line: Option<usize>,
    /// Its number in the file (1-based).
    pub entry: usize,
    /// Its key (BibTeX key, CSL `id`, RIS `ID`).
    pub key: Option<String>,
    /// The DOI as written.
    pub doi: Option<String>,
    /// The fields to compare.
    pub fields: Fields,
    /// The reference's text (running text only): compared by containment.
    pub text: Option<String>,
    /// Why the entry cannot be read.
    pub error: Option<String>,
}

/// 1-based line of byte `at` in `src`.
fn line_at(src: &str, at: usize) -> usize {
    memchr::memchr_iter(b'\n', &src.as_bytes()[..at.min(src.len())]).count() + 1
}

/// The references of `src` read as `format`.
pub fn read(file: &str, src: &str, format: RefFormat) -> Result<Vec<Reference>, String> {
    let mut refs = match format {
        RefFormat::Bibtex => {
            // serde_bibtex is not known to panic, but a reference file is hostile input too.
            std::panic::catch_unwind(|| bibtex(src)).map_err(|_| {
                "the BibTeX reader failed on this file (a bug; please report it)".to_owned()
            })?
        }
        RefFormat::CslJson => csl_json(src)?,
        RefFormat::Ris => ris(src),
        RefFormat::Text => text(src),
    };
    for (k, r) in refs.iter_mut().enumerate() {
        r.file = file.to_owned();
        r.format = Some(format);
        r.entry = k + 1;
    }
    Ok(refs)
}

#[derive(serde::Deserialize)]
struct BibEntry {
    entry_type: String,
    entry_key: String,
    fields: BTreeMap<String, String>,
}

/// Where the entry `@type{key` starts, from byte `from` on.
fn find_entry(src: &str, from: usize, kind: &str, key: &str) -> Option<usize> {
    let b = src.as_bytes();
    let mut at = from;
    while let Some(i) = memchr::memchr(b'@', &b[at.min(b.len())..]) {
        let start = at + i;
        let rest = src[start + 1..].trim_start();
        if rest.len() >= kind.len()
            && rest.is_char_boundary(kind.len())
            && rest[..kind.len()].eq_ignore_ascii_case(kind)
        {
            let rest = rest[kind.len()..].trim_start();
            if let Some(rest) = rest.strip_prefix(['{', '(']) {
                let rest = rest.trim_start();
                if rest.starts_with(key)
                    && rest[key.len()..].trim_start().starts_with([',', '}', ')'])
                {
                    return Some(start);
                }
            }
        }
        at = start + 1;
    }
    None
}

fn bibtex(src: &str) -> Vec<Reference> {
    use serde_bibtex::{MacroDictionary, de::Deserializer};
    let mut macros = MacroDictionary::<&str, &[u8]>::default();
    macros.set_month_macros();
    let de = Deserializer::from_str_with_macros(src, macros);
    // Every entry starts with an @: no more items than that, whatever the reader does.
    let most = memchr::memchr_iter(b'@', src.as_bytes()).count() + 1;
    let mut out = Vec::new();
    let mut cursor = 0;
    for item in de.into_iter_regular_entry::<BibEntry>().take(most) {
        match item {
            Ok(e) => {
                let at = find_entry(src, cursor, &e.entry_type, &e.entry_key);
                if let Some(at) = at {
                    cursor = at + 1;
                }
                let f: BTreeMap<String, String> = e
                    .fields
                    .into_iter()
                    .map(|(k, v)| (k.to_ascii_lowercase(), v))
                    .collect();
                let get = |names: &[&str]| {
                    names
                        .iter()
                        .find_map(|n| f.get(*n))
                        .map(|v| v.trim().to_owned())
                        .filter(|v| !v.is_empty())
                };
                let doi = get(&["doi"]).map(|d| unescape_bibtex(&d)).or_else(|| {
                    get(&["url"])
                        .map(|u| unescape_bibtex(&u))
                        .filter(|u| pidkit::doi::recognize(u).is_ok_and(|r| !r.doi.is_short()))
                });
                out.push(Reference {
                    line: at.map(|a| line_at(src, a)),
                    key: Some(e.entry_key),
                    doi,
                    fields: Fields {
                        title: get(&["title"]),
                        author: get(&["author"]).and_then(|a| first_family(&a)),
                        year: get(&["year"]).or_else(|| get(&["date"]).and_then(|d| year_of(&d))),
                        container: get(&["journal", "journaltitle", "booktitle"]),
                    },
                    ..Reference::default()
                });
            }
            Err(e) => {
                // The entry that failed starts at the next @ after the last one read.
                let at = memchr::memchr(b'@', &src.as_bytes()[cursor.min(src.len())..])
                    .map(|i| cursor + i);
                if let Some(at) = at {
                    cursor = at + 1;
                }
                out.push(Reference {
                    line: at.map(|a| line_at(src, a)),
                    error: Some(format!("the BibTeX entry cannot be read: {e}")),
                    ..Reference::default()
                });
            }
        }
    }
    out
}

/// A BibTeX `doi` or `url` field as the identifier it stands for: the escapes LaTeX needs
/// there (`\_`, `\%`, `\&`, `\#`, `\$`, `\~`) read as their characters, `{\textunderscore}`
/// as `_`, and braces left out (`10.1000/a\_b` is the DOI `10.1000/a_b`).
fn unescape_bibtex(s: &str) -> String {
    let s = s
        .replace("{\\textunderscore}", "_")
        .replace("\\textunderscore{}", "_")
        .replace("\\textunderscore", "_");
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                Some(&n @ ('_' | '%' | '&' | '#' | '$' | '~' | '{' | '}')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push(c),
            },
            '{' | '}' => {}
            c => out.push(c),
        }
    }
    out
}

/// The top-level items of a JSON array: where each starts.
fn array_items(src: &str) -> Vec<usize> {
    let b = src.as_bytes();
    let (mut depth, mut in_str, mut esc) = (0usize, false, false);
    let mut out = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        if in_str {
            match (esc, c) {
                (true, _) => esc = false,
                (false, b'\\') => esc = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'"' => in_str = true,
            b'{' | b'[' => {
                if depth == 1 && c == b'{' {
                    out.push(i);
                }
                depth += 1;
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

fn csl_json(src: &str) -> Result<Vec<Reference>, String> {
    let value: serde_json::Value =
        serde_json::from_str(src).map_err(|e| format!("not CSL-JSON: {e}"))?;
    let (items, starts) = match value {
        serde_json::Value::Array(items) => (items, array_items(src)),
        v @ serde_json::Value::Object(_) => (vec![v], vec![src.find('{').unwrap_or(0)]),
        _ => return Err("not CSL-JSON: neither an array of items nor one item".into()),
    };
    Ok(items
        .iter()
        .enumerate()
        .map(|(k, item)| {
            let line = starts.get(k).map(|&at| line_at(src, at));
            match csl_fields(item) {
                Some(fields) => Reference {
                    line,
                    key: item
                        .get("id")
                        .map(|id| id.as_str().map_or_else(|| id.to_string(), str::to_owned)),
                    doi: item.get("DOI").and_then(|d| d.as_str()).map(str::to_owned),
                    fields,
                    ..Reference::default()
                },
                None => Reference {
                    line,
                    error: Some("the CSL-JSON item is not an object".into()),
                    ..Reference::default()
                },
            }
        })
        .collect())
}

/// A CSL-JSON item's compared fields (of a reference, or of a DOI's record).
pub fn csl_fields(item: &serde_json::Value) -> Option<Fields> {
    let item = item.as_object()?;
    let text = |k: &str| match item.get(k) {
        Some(serde_json::Value::String(s)) => Some(s.clone()),
        Some(serde_json::Value::Array(a)) => a.iter().find_map(|v| v.as_str().map(str::to_owned)),
        _ => None,
    };
    let author = item.get("author").and_then(|a| a.get(0)).and_then(|a| {
        let part = |k: &str| a.get(k).and_then(|v| v.as_str());
        match (part("non-dropping-particle"), part("family")) {
            (Some(p), Some(f)) => Some(format!("{p} {f}")),
            (None, Some(f)) => Some(f.to_owned()),
            _ => part("literal").map(str::to_owned),
        }
    });
    Some(Fields {
        title: text("title"),
        author,
        year: csl_years(item).into_iter().next(),
        container: text("container-title"),
    })
}

/// The years of a CSL item's dates: issued first, then published in print and online.
pub fn csl_years(item: &serde_json::Map<String, serde_json::Value>) -> Vec<String> {
    ["issued", "published-print", "published-online"]
        .iter()
        .filter_map(|k| {
            let d = item.get(*k)?;
            match d.pointer("/date-parts/0/0") {
                Some(serde_json::Value::Number(n)) => Some(n.to_string()),
                Some(serde_json::Value::String(s)) => year_of(s),
                _ => d
                    .get("raw")
                    .or_else(|| d.get("literal"))
                    .and_then(|r| r.as_str())
                    .and_then(year_of),
            }
        })
        .collect()
}

/// A RIS tag line (`TY  - JOUR`): the tag and the value.
fn ris_tag(line: &str) -> Option<(&str, &str)> {
    let b = line.as_bytes();
    let tagged = b.len() >= 5
        && b[0].is_ascii_uppercase()
        && b[1].is_ascii_alphanumeric()
        && &b[2..5] == b"  -";
    tagged.then(|| (&line[..2], line[5..].trim()))
}

fn ris(src: &str) -> Vec<Reference> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, BTreeMap<&str, Vec<&str>>)> = None;
    let finish = |line: usize, tags: BTreeMap<&str, Vec<&str>>, out: &mut Vec<Reference>| {
        let first = |names: &[&str]| {
            names
                .iter()
                .find_map(|n| tags.get(n).and_then(|v| v.first()))
                .map(|v| (*v).to_owned())
                .filter(|v| !v.is_empty())
        };
        let author =
            first(&["AU", "A1"]).map(|a| a.split(',').next().unwrap_or(&a).trim().to_owned());
        out.push(Reference {
            line: Some(line),
            key: first(&["ID"]),
            doi: first(&["DO"]),
            fields: Fields {
                title: first(&["TI", "T1", "CT"]),
                author,
                year: first(&["PY", "Y1", "DA"]).and_then(|y| year_of(&y)),
                container: first(&["T2", "JO", "JF", "JA", "J2", "BT"]),
            },
            ..Reference::default()
        });
    };
    for (n, line) in src.lines().enumerate() {
        let line = line.trim_start_matches('\u{feff}');
        let Some((tag, value)) = ris_tag(line) else {
            continue;
        };
        match tag {
            "TY" => {
                if let Some((l, tags)) = cur.take() {
                    finish(l, tags, &mut out);
                }
                cur = Some((n + 1, BTreeMap::new()));
            }
            "ER" => {
                if let Some((l, tags)) = cur.take() {
                    finish(l, tags, &mut out);
                }
            }
            _ => {
                if let Some((_, tags)) = cur.as_mut() {
                    tags.entry(tag).or_default().push(value);
                }
            }
        }
    }
    if let Some((l, tags)) = cur.take() {
        finish(l, tags, &mut out);
    }
    out
}

/// Whether a line starts a reference of its own: a list item (`-`, `*`, `+`, `1.`, `1)`) or a
/// numbered reference (`[1]`).
fn starts_reference(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") {
        return true;
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && (t[digits..].starts_with(". ") || t[digits..].starts_with(") ")) {
        return true;
    }
    t.starts_with('[')
        && t[1..].find(']').is_some_and(|e| {
            e > 0 && e < 12 && t[1..1 + e].chars().all(|c| c.is_ascii_alphanumeric())
        })
}

fn text(src: &str) -> Vec<Reference> {
    // The blocks: a run of lines between blank lines, cut where a line starts a reference.
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    let mut offset = 0;
    let mut open: Option<usize> = None;
    for line in src.split_inclusive('\n') {
        let blank = line.trim().is_empty();
        if (blank || starts_reference(line))
            && let Some(start) = open.take()
        {
            blocks.push((start, offset));
        }
        if !blank && open.is_none() {
            open = Some(offset);
        }
        offset += line.len();
    }
    if let Some(start) = open {
        blocks.push((start, src.len()));
    }
    let mut out = Vec::new();
    let mut b = 0;
    for found in pidkit::extract::identifiers(src) {
        // Only identifiers whose service gives records can be checked (DOIs, at the proxy).
        if !found.kind.service().is_some_and(|s| s.records) {
            continue;
        }
        while b < blocks.len() && blocks[b].1 <= found.start {
            b += 1;
        }
        let (start, end) = blocks.get(b).copied().unwrap_or((found.start, found.end));
        let mut block = src[start..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if block.len() > MAX_TEXT {
            let mut cut = MAX_TEXT;
            while !block.is_char_boundary(cut) {
                cut -= 1;
            }
            block.truncate(cut);
        }
        out.push(Reference {
            line: Some(line_at(src, found.start)),
            doi: Some(found.text.into_owned()),
            text: Some(block),
            ..Reference::default()
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bibtex_entries_macros_lines_and_broken_entries() {
        let src = "% comment\n@string{jcp = {J. Chem. Phys.}}\n\n@article{a,\n  author = {M{\\\"u}ller, Anna},\n  title = {A {DNA} title},\n  journal = jcp,\n  month = feb,\n  year = 2019,\n  doi = {10.5555/x}\n}\n@article{bad, title = {unclosed\n@book{b, title = \"B\", author = {Donald E. Knuth}, date = {1984-05}, url = {https://doi.org/10.1/y}}\n";
        let refs = read("r.bib", src, RefFormat::Bibtex).unwrap();
        assert_eq!(refs.len(), 3, "{refs:?}");
        assert_eq!(refs[0].line, Some(4));
        assert_eq!(refs[0].key.as_deref(), Some("a"));
        assert_eq!(refs[0].fields.container.as_deref(), Some("J. Chem. Phys."));
        assert_eq!(refs[0].fields.author.as_deref(), Some("M{\\\"u}ller"));
        assert_eq!(refs[0].doi.as_deref(), Some("10.5555/x"));
        assert!(refs[1].error.is_some());
        assert_eq!(refs[1].line, Some(12));
        assert_eq!(refs[2].fields.year.as_deref(), Some("1984"));
        assert_eq!(refs[2].doi.as_deref(), Some("https://doi.org/10.1/y"));
        assert_eq!(refs[2].line, Some(13));
    }

    #[test]
    fn bibtex_escapes_in_dois_are_read() {
        let src = "@article{a, doi = {10.1000/a\\_b\\%2F{c}}}\n@article{b, url = {https://doi.org/10.1000/x{\\textunderscore}y}}\n";
        let refs = read("e.bib", src, RefFormat::Bibtex).unwrap();
        assert_eq!(refs[0].doi.as_deref(), Some("10.1000/a_b%2Fc"));
        assert_eq!(refs[1].doi.as_deref(), Some("https://doi.org/10.1000/x_y"));
    }

    #[test]
    fn deep_and_hostile_bibtex_is_linear_and_never_panics() {
        let deep = format!(
            "@article{{d, title = {}x{}}}",
            "{".repeat(1_000_000),
            "}".repeat(1_000_000)
        );
        // Linear in the depth (a reader that recursed per brace would overflow its stack here).
        let refs = read("d.bib", &deep, RefFormat::Bibtex).unwrap();
        assert_eq!(refs.len(), 1);
        for src in [
            "@",
            "@@@@",
            "@article{",
            "@article{x, title = {",
            "@string{a = a # a}\n@a{x, t = a}",
            "\u{0}@{}",
        ] {
            let _ = read("h.bib", src, RefFormat::Bibtex).unwrap();
        }
    }

    #[test]
    fn csl_json_and_ris() {
        let src = "[\n {\"id\": \"k1\", \"DOI\": \"10.1/a\", \"title\": \"T\", \"author\": [{\"family\": \"Berg\", \"non-dropping-particle\": \"van der\"}], \"issued\": {\"date-parts\": [[\"2020\"]]}, \"container-title\": [\"J\"]},\n {\"id\": 7, \"title\": \"{not a brace}\"}\n]";
        let refs = read("r.json", src, RefFormat::CslJson).unwrap();
        assert_eq!(refs.len(), 2);
        assert_eq!(refs[0].fields.author.as_deref(), Some("van der Berg"));
        assert_eq!(refs[0].fields.year.as_deref(), Some("2020"));
        assert_eq!(refs[0].fields.container.as_deref(), Some("J"));
        assert_eq!((refs[0].line, refs[1].line), (Some(2), Some(3)));
        assert_eq!(refs[1].key.as_deref(), Some("7"));
        assert!(read("r.json", "{", RefFormat::CslJson).is_err());
        let ris_src = "TY  - JOUR\r\nID  - r1\r\nTI  - A title\r\nAU  - Smith, John\r\nPY  - 2020///\r\nJO  - Nature\r\nDO  - 10.1/b\r\nER  - \r\nTY  - BOOK\nT1  - Second\n";
        let refs = read("r.ris", ris_src, RefFormat::Ris).unwrap();
        assert_eq!(refs.len(), 2);
        assert_eq!(refs[0].fields.author.as_deref(), Some("Smith"));
        assert_eq!(refs[0].fields.year.as_deref(), Some("2020"));
        assert_eq!(refs[0].doi.as_deref(), Some("10.1/b"));
        assert_eq!(refs[1].line, Some(9));
        assert_eq!(refs[1].fields.title.as_deref(), Some("Second"));
    }

    #[test]
    fn dois_in_text_come_with_their_reference() {
        let src = "# References\n\n1. Müller, A. (2019). Tautomeric equilibria.\n   J. Chem. Phys. https://doi.org/10.5555/tlex.2019.001\n2. Smith, J. (2021). Graphene. doi:10.5555/tlex.2020.014\n\nSee also 10.1000/182 in the text.\n";
        let refs = read("p.md", src, RefFormat::Text).unwrap();
        assert_eq!(refs.len(), 3);
        assert_eq!(refs[0].line, Some(4));
        assert!(
            refs[0]
                .text
                .as_deref()
                .unwrap()
                .starts_with("1. Müller, A. (2019)")
        );
        assert!(
            refs[0]
                .text
                .as_deref()
                .unwrap()
                .ends_with("10.5555/tlex.2019.001")
        );
        assert!(refs[1].text.as_deref().unwrap().starts_with("2. Smith"));
        assert_eq!(
            refs[2].text.as_deref(),
            Some("See also 10.1000/182 in the text.")
        );
    }
}
