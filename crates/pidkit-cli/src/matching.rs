//! `pidkit verify`'s comparison of a reference with its DOI's CSL-JSON record: text normalised
//! (LaTeX markup and HTML tags removed, diacritics and case folded, punctuation as space), titles
//! compared by similarity (1 − Levenshtein distance ÷ the longer length, in characters, of the
//! normalised texts), the first author's family name, the year and the container (journal or
//! proceedings, an ISO 4 abbreviation such as `J. Chem. Phys.` matching its full title).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The longest text compared, in characters (similarity is quadratic in it).
const MAX_COMPARED: usize = 500;

/// LaTeX commands that stand for a letter (kept as it, before diacritics are folded).
const LETTERS: &[(&str, &str)] = &[
    ("ss", "ss"),
    ("o", "o"),
    ("O", "O"),
    ("ae", "ae"),
    ("AE", "AE"),
    ("oe", "oe"),
    ("OE", "OE"),
    ("aa", "a"),
    ("AA", "A"),
    ("l", "l"),
    ("L", "L"),
    ("i", "i"),
    ("j", "j"),
    ("TeX", "TeX"),
    ("LaTeX", "LaTeX"),
    ("BibTeX", "BibTeX"),
    ("alpha", "α"),
    ("beta", "β"),
    ("gamma", "γ"),
    ("delta", "δ"),
    ("epsilon", "ε"),
    ("kappa", "κ"),
    ("lambda", "λ"),
    ("mu", "μ"),
    ("pi", "π"),
    ("sigma", "σ"),
    ("tau", "τ"),
    ("phi", "φ"),
    ("chi", "χ"),
    ("psi", "ψ"),
    ("omega", "ω"),
    ("Delta", "Δ"),
    ("Omega", "Ω"),
];

/// Text with LaTeX markup read: accents (`\"{u}`, `{\'e}`), letters (`\ss`, `\o`), escapes
/// (`\&`, `\%`), commands (`\emph{…}`, `\textit`), math delimiters and braces removed, `~` as a
/// space. What is left is text, with its diacritics (folded later by [`normalize`]).
///
/// ```text
/// M{\"u}ller and {\TeX}book and \emph{E. coli} at 100\%  →  Muller and TeXbook and E. coli at 100%
/// ```
pub fn delatex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' | '}' | '$' => {}
            '~' => out.push(' '),
            '\\' => match chars.peek().copied() {
                Some(n) if n.is_ascii_alphabetic() => {
                    let mut name = String::new();
                    while let Some(&n) = chars.peek() {
                        if n.is_ascii_alphabetic() {
                            name.push(n);
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    if let Some((_, letter)) = LETTERS.iter().find(|(n, _)| *n == name) {
                        out.push_str(letter);
                    } else if name.len() == 1 && "uvHckrdbt".contains(name.as_str()) {
                        // An accent given by a letter (\v{s}, \c c): the letter follows.
                    }
                    // A command or switch (\emph, \textit, \em, \mathrm …): its argument stays.
                    if chars.peek() == Some(&' ') && !name.is_empty() {
                        chars.next();
                    }
                }
                // An accent (\" \' \` \^ \~ \= \.): dropped, its letter stays.
                Some('"' | '\'' | '`' | '^' | '~' | '=' | '.') => {
                    chars.next();
                }
                // An escape (\& \% \$ \# \_ \{ \}) or a control space.
                Some(n) => {
                    chars.next();
                    out.push(if n == '\\' { ' ' } else { n });
                }
                None => {}
            },
            c => out.push(c),
        }
    }
    out
}

/// Text with HTML tags (`<i>`, `<sub>`, MathML) removed and the common entities read, as
/// Crossref's titles hold them.
pub fn dehtml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let after = &rest[lt + 1..];
        let tag = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/');
        match after.find('>').filter(|_| tag) {
            Some(gt) => rest = &after[gt + 1..],
            None => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&nbsp;", " ")
}

/// The form texts are compared in: LaTeX and HTML markup removed, compatibility forms and
/// diacritics folded (NFKD without combining marks; ß ø æ œ ł as ss o ae oe l), lower case, `&`
/// as `and`, every other character that is not a letter or digit a space, spaces collapsed.
///
/// ```text
/// "The {B}-tree: {\textit{past}}, present \& future"  →  "the b tree past present and future"
/// ```
pub fn normalize(s: &str) -> String {
    let text = dehtml(&delatex(s));
    let mut out = String::with_capacity(text.len());
    let mut space = true;
    for c in text.nfkd().filter(|c| !is_combining_mark(*c)) {
        let mapped: &str = match c {
            'ß' => "ss",
            'ø' | 'Ø' => "o",
            'æ' | 'Æ' => "ae",
            'œ' | 'Œ' => "oe",
            'ł' | 'Ł' => "l",
            'ı' => "i",
            'đ' | 'Đ' => "d",
            '&' => " and ",
            _ => "",
        };
        let piece: Vec<char> = if mapped.is_empty() {
            c.to_lowercase().collect()
        } else {
            mapped.chars().collect()
        };
        for p in piece {
            if p.is_alphanumeric() {
                out.push(p);
                space = false;
            } else if !space {
                out.push(' ');
                space = true;
            }
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// How alike two normalised texts are: 1 − Levenshtein distance ÷ the longer length (in
/// characters, each text cut at 500); 1 for two empty texts.
pub fn similarity(a: &str, b: &str) -> f64 {
    let cut = |s: &str| s.chars().take(MAX_COMPARED).collect::<String>();
    strsim::normalized_levenshtein(&cut(a), &cut(b))
}

/// The main part of a title: before its first `:` or ` - ` (a subtitle follows).
fn main_title(s: &str) -> &str {
    let cut = [s.find(':'), s.find(" - "), s.find(" — "), s.find(". ")]
        .into_iter()
        .flatten()
        .min();
    cut.map_or(s, |i| &s[..i])
}

/// The best similarity of a reference's title with a record's (its title, with and without
/// its subtitle); also the main titles alone, for a reference that gives only the main title.
pub fn title_similarity(reference: &str, record_titles: &[String]) -> f64 {
    let r = normalize(reference);
    let r_main = normalize(main_title(reference));
    record_titles
        .iter()
        .flat_map(|t| {
            let t_norm = normalize(t);
            let t_main = normalize(main_title(t));
            [
                similarity(&r, &t_norm),
                if r_main.split(' ').count() >= 2 {
                    similarity(&r_main, &t_main)
                } else {
                    0.0
                },
                similarity(&r, &t_main),
            ]
        })
        .fold(0.0, f64::max)
}

/// The family name of a BibTeX `author` field's first author: `Family, Given` → Family;
/// `Given Family` → Family (with its particles, `van der Berg`, when lower case); a braced name
/// (`{World Health Organization}`) whole.
pub fn first_family(authors: &str) -> Option<String> {
    let first = split_top(authors, " and ").into_iter().next()?;
    let first = first.trim();
    if first.is_empty() {
        return None;
    }
    if first.starts_with('{') && first.ends_with('}') && split_top(first, " ").len() == 1 {
        return Some(first.to_owned());
    }
    let parts = split_top(first, ",");
    if parts.len() > 1 {
        return Some(parts[0].trim().to_owned());
    }
    let words = split_top(first, " ");
    let words: Vec<&str> = words
        .iter()
        .map(|w| w.trim())
        .filter(|w| !w.is_empty())
        .collect();
    // The family name starts at the first lower-case particle (von, van der), else it is the
    // last word.
    let start = words
        .iter()
        .position(|w| w.chars().next().is_some_and(char::is_lowercase))
        .filter(|&p| p > 0)
        .unwrap_or(words.len().saturating_sub(1));
    Some(words[start..].join(" "))
}

/// `s` split at `sep` outside braces.
fn split_top<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut i) = (0i64, 0, 0);
    let b = s.as_bytes();
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            _ if depth == 0 && s[i..].starts_with(sep) => {
                out.push(&s[start..i]);
                i += sep.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&s[start..]);
    out
}

/// Whether two family names are the same person's: equal once normalised, or the words of one
/// among the other's (`Berg` and `van der Berg`).
pub fn same_family(a: &str, b: &str) -> bool {
    let (a, b) = (normalize(a), normalize(b));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    if a == b {
        return true;
    }
    let (aw, bw): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    aw.iter().all(|w| bw.contains(w)) || bw.iter().all(|w| aw.contains(w))
}

/// Words ISO 4 leaves out of abbreviated titles.
const STOP: &[&str] = &[
    "the", "of", "and", "for", "in", "on", "a", "an", "de", "la", "le", "der", "die", "und", "fur",
];

/// Whether the container `reference` names `record` (one of the record's container titles):
/// equal or alike once normalised (similarity at least `threshold`), or an abbreviation of it
/// (each word the start of the full title's word in its place, stop words left out, or the
/// initials of a run of its words: `J. Chem. Phys.`, `Proc. VLDB`).
pub fn same_container(reference: &str, records: &[String], threshold: f64) -> bool {
    let r = normalize(reference);
    records.iter().any(|c| {
        let c = normalize(c);
        !r.is_empty() && (r == c || similarity(&r, &c) >= threshold || abbreviates(&r, &c))
    })
}

fn abbreviates(short: &str, long: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(' ')
            .filter(|w| !w.is_empty() && !STOP.contains(w))
            .map(str::to_owned)
            .collect()
    };
    let (s, l) = (words(short), words(long));
    if s.is_empty() {
        return false;
    }
    let mut j = 0;
    for w in &s {
        if l.get(j).is_some_and(|lw| lw.starts_with(w.as_str())) {
            j += 1;
            continue;
        }
        // An acronym: the initials of the next run of words.
        let n = w.chars().count();
        if n >= 2 && j + n <= l.len() {
            let initials: String = l[j..j + n]
                .iter()
                .filter_map(|x| x.chars().next())
                .collect();
            if initials == *w {
                j += n;
                continue;
            }
        }
        return false;
    }
    j == l.len()
}

/// The year a date field gives: its first run of four digits (`2019`, `2019-05-01`, `May 2019`).
pub fn year_of(s: &str) -> Option<String> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(3)).find_map(|i| {
        let run = &b[i..i + 4];
        let alone = (i == 0 || !b[i - 1].is_ascii_digit())
            && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit());
        (alone && run.iter().all(u8::is_ascii_digit)).then(|| s[i..i + 4].to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_and_html_are_read() {
        assert_eq!(delatex(r#"M{\"u}ller"#), "Muller");
        assert_eq!(delatex(r"{\'E}tienne, C{\'e}line"), "Etienne, Celine");
        assert_eq!(delatex(r"The {\TeX}book"), "The TeXbook");
        assert_eq!(
            delatex(r"\emph{E. coli} at 100\% \& more~here"),
            "E. coli at 100% & more here"
        );
        assert_eq!(delatex(r"$\alpha$-helices"), "α-helices");
        assert_eq!(delatex(r"Stra{\ss}e \v{S}koda"), "Strasse Skoda");
        assert_eq!(
            dehtml("<i>E. coli</i> &amp; CO<sub>2</sub> a<b"),
            "E. coli & CO2 a<b"
        );
        assert_eq!(
            normalize(r"The {B}-tree: {\textit{past}}, present \& future"),
            "the b tree past present and future"
        );
        assert_eq!(
            normalize("The B-Tree: Past, Present & Future"),
            "the b tree past present and future"
        );
        assert_eq!(normalize("Über-Dense ﬁlms — Ⅳ"), "uber dense films iv");
        assert_eq!(normalize("Łódź Ørsted straße"), "lodz orsted strasse");
    }

    #[test]
    fn titles_match_through_case_punctuation_and_markup() {
        let record =
            vec!["Tautomeric Equilibria of DNA Bases in Über-Dense Solvents: A Review".to_owned()];
        let bib = r#"Tautomeric equilibria of {DNA} bases in \"{U}ber-dense solvents -- a review"#;
        assert!(
            title_similarity(bib, &record) >= 0.99,
            "{}",
            title_similarity(bib, &record)
        );
        assert!(title_similarity("Graphene membranes for desalination", &record) < 0.5);
        // The main title alone matches a record with a subtitle.
        let record = vec!["The B-Tree: Past, Present & Future".to_owned()];
        assert!(title_similarity("The {B}-Tree", &record) >= 0.99);
        assert_eq!(similarity("", ""), 1.0);
        // Bounded: long texts are cut.
        let long = "a".repeat(100_000);
        assert!(similarity(&long, &long) >= 0.99);
    }

    #[test]
    fn family_names() {
        assert_eq!(
            first_family(r#"M{\"u}ller, Anna and Ng, B."#).as_deref(),
            Some(r#"M{\"u}ller"#)
        );
        assert_eq!(first_family("Donald E. Knuth").as_deref(), Some("Knuth"));
        assert_eq!(
            first_family("Jan van der Berg and X").as_deref(),
            Some("van der Berg")
        );
        assert_eq!(
            first_family("{World Health Organization} and X").as_deref(),
            Some("{World Health Organization}")
        );
        assert_eq!(first_family("  "), None);
        assert!(same_family(r#"M{\"u}ller"#, "Müller"));
        assert!(same_family("Berg", "van der Berg"));
        assert!(same_family(
            "{World Health Organization}",
            "World Health Organization"
        ));
        assert!(!same_family("Smith", "Müller"));
    }

    #[test]
    fn containers_and_abbreviations() {
        let full = |s: &str| vec![s.to_owned()];
        assert!(same_container(
            "J. Chem. Phys.",
            &full("The Journal of Chemical Physics"),
            0.9
        ));
        assert!(same_container(
            "Phys. Rev. Lett.",
            &full("Physical Review Letters"),
            0.9
        ));
        assert!(same_container(
            "Proc. VLDB",
            &full("Proceedings of the Very Large Data Bases"),
            0.9
        ));
        assert!(!same_container(
            "Nature",
            &full("Nature Communications"),
            0.9
        ));
        assert!(!same_container(
            "Phys. Rev. Lett.",
            &full("Physical Review B"),
            0.9
        ));
        assert!(same_container(
            "physical review letters",
            &full("Physical Review Letters"),
            0.9
        ));
    }

    #[test]
    fn years() {
        assert_eq!(year_of("2019").as_deref(), Some("2019"));
        assert_eq!(year_of("May 2019").as_deref(), Some("2019"));
        assert_eq!(year_of("2019-05-01").as_deref(), Some("2019"));
        assert_eq!(year_of("12019"), None);
        assert_eq!(year_of("n.d."), None);
    }
}
