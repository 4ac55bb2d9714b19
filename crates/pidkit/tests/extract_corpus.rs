//! Precision and recall of `pidkit::extract::identifiers` on a hand-checked corpus written for
//! this test (tests/data/extract-corpus): a reference list with broken lines, Markdown, HTML,
//! JSON with escaped slashes, BibTeX with escapes, CJK and Korean text, an e-mail, and prose
//! full of false friends. `expected.tsv` lists every identifier a careful reader finds there,
//! written from the text, not from pidkit's output — including ones pidkit does not find
//! (bare handles, scheme-less addresses, a URL broken inside a number), so the figures are
//! honest.
//!
//! `cargo test -p pidkit --test extract_corpus -- --nocapture` prints the misses, the false
//! finds, and `PRECISION … RECALL …`; the test fails below the floors.

use std::collections::HashMap;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/extract-corpus");
const FILES: [&str; 8] = [
    "references.txt",
    "notes.md",
    "page.html",
    "records.json",
    "library.bib",
    "cjk.txt",
    "mail.txt",
    "prose.txt",
];

/// Set a little below the figures measured when the corpus was written (see docs/extract.md), so
/// that a change for the worse fails.
const PRECISION_FLOOR: f64 = 0.94;
const RECALL_FLOOR: f64 = 0.93;

/// file, line, kind, identifier (the DOI name for DOIs, else the text as read).
type Key = (String, usize, String, String);

fn expected() -> Vec<Key> {
    let text = std::fs::read_to_string(format!("{DIR}/expected.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "{l}");
            assert!(FILES.contains(&f[0]), "{l}");
            (
                f[0].to_owned(),
                f[1].parse().unwrap(),
                f[2].to_owned(),
                f[3].to_owned(),
            )
        })
        .collect()
}

fn found(file: &str) -> Vec<Key> {
    let text = std::fs::read_to_string(format!("{DIR}/{file}")).unwrap();
    let mut out = Vec::new();
    let (mut line, mut counted) = (1, 0);
    for f in pidkit::extract::identifiers(&text) {
        line += text[counted..f.start].matches('\n').count();
        counted = f.start;
        let name = (f.kind == pidkit::Kind::Doi)
            .then(|| {
                f.read()
                    .result
                    .ok()?
                    .details()?
                    .value(0)
                    .as_str()
                    .map(str::to_owned)
            })
            .flatten();
        let id = name.unwrap_or_else(|| f.text.clone().into_owned());
        out.push((file.to_owned(), line, f.kind.name().to_owned(), id));
    }
    out
}

fn counts(keys: &[Key]) -> HashMap<&Key, usize> {
    let mut m = HashMap::new();
    for k in keys {
        *m.entry(k).or_insert(0) += 1;
    }
    m
}

#[test]
fn precision_and_recall_on_the_hand_checked_corpus() {
    let expected = expected();
    let found: Vec<Key> = FILES.iter().flat_map(|f| found(f)).collect();
    let (e, f) = (counts(&expected), counts(&found));
    let mut hits = 0;
    for (k, &n) in &e {
        hits += n.min(f.get(k).copied().unwrap_or(0));
    }
    let show = |k: &Key| format!("{}:{} {} {}", k.0, k.1, k.2, k.3);
    let mut missed: Vec<String> = e
        .iter()
        .filter(|(k, n)| f.get(*k).copied().unwrap_or(0) < **n)
        .map(|(k, _)| show(k))
        .collect();
    let mut wrong: Vec<String> = f
        .iter()
        .filter(|(k, n)| e.get(*k).copied().unwrap_or(0) < **n)
        .map(|(k, _)| show(k))
        .collect();
    missed.sort();
    wrong.sort();
    for m in &missed {
        println!("missed     {m}");
    }
    for w in &wrong {
        println!("false find {w}");
    }
    for file in FILES {
        let n = |v: &[Key]| v.iter().filter(|k| k.0 == file).count();
        println!("{file:>15}: {} expected, {} found", n(&expected), n(&found));
    }
    let precision = hits as f64 / found.len() as f64;
    let recall = hits as f64 / expected.len() as f64;
    println!(
        "PRECISION {precision:.3} RECALL {recall:.3} ({hits} of {} found are right, {hits} of {} expected are found)",
        found.len(),
        expected.len()
    );
    assert!(
        precision >= PRECISION_FLOOR && recall >= RECALL_FLOOR,
        "precision {precision:.3} (floor {PRECISION_FLOOR}), recall {recall:.3} (floor {RECALL_FLOOR})"
    );
}

/// The expected list names real lines: each identifier (for DOIs, its prefix) is on the line
/// given or, for one broken across lines, on the next.
#[test]
fn the_expected_list_points_at_real_lines() {
    for (file, line, kind, id) in expected() {
        let text = std::fs::read_to_string(format!("{DIR}/{file}")).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let here = format!("{}\n{}", lines[line - 1], lines.get(line).unwrap_or(&""))
            .replace("\\/", "/")
            .replace("{\\_}", "_")
            .replace("\\_", "_")
            .replace("\\~{}", "~");
        let probe: String = match kind.as_str() {
            "doi" => id.split('/').next().unwrap().to_owned(),
            _ => id.chars().take(12).collect(),
        };
        assert!(
            here.to_lowercase().contains(&probe.to_lowercase()),
            "{file}:{line} does not hold {probe:?}"
        );
    }
}
