//! Builds the seed corpora of the fuzz targets from the shared conformance data, read in place:
//!
//! ```sh
//! cargo run -p pidkit-fuzz-targets --example seed_corpora            # writes fuzz/corpus/<target>/
//! cargo run -p pidkit-fuzz-targets --example seed_corpora -- OUT_DIR
//! ```
//!
//! `PIDKIT_CONFORMANCE_DIR` overrides `../shared/conformance`. Nothing of the data is committed:
//! `fuzz/corpus/` is git-ignored, and the corpora are rebuilt whenever they are wanted. Every
//! string of the JSON sets and every line (and TSV field) of the text sets becomes a seed of the
//! single-input targets (the DOI, URN and IVOID targets take the ones that look like theirs);
//! the pair targets get `base\nreference` from the resolution sets and `a\nb` from the string
//! members of each JSON object; extraction gets 2 KiB slices of the text files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Lines taken from one text file (the URL corpora have tens of thousands).
const LINES_PER_FILE: usize = 2_000;
/// Seeds per target at most (taken evenly from the sorted set).
const MAX_SEEDS: usize = 12_000;
/// Longest seed kept.
const MAX_LEN: usize = 4_096;

#[derive(Default)]
struct Seeds {
    strings: BTreeSet<String>,
    resolve: BTreeSet<String>,
    pairs: BTreeSet<String>,
    texts: BTreeSet<String>,
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = std::env::var_os("PIDKIT_CONFORMANCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/conformance"));
    let out = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("fuzz/corpus"));
    if !data.is_dir() {
        eprintln!(
            "no conformance data at {} (set PIDKIT_CONFORMANCE_DIR)",
            data.display()
        );
        std::process::exit(2);
    }
    let mut seeds = Seeds::default();
    let mut files = Vec::new();
    walk(&data, &mut files);
    files.sort();
    for file in &files {
        read(file, &mut seeds);
    }
    let has = |s: &str, needle: &str| s.to_ascii_lowercase().contains(needle);
    let strings = &seeds.strings;
    let pick =
        |f: &dyn Fn(&str) -> bool| -> Vec<&String> { strings.iter().filter(|s| f(s)).collect() };
    let all = pick(&|_| true);
    let plan: Vec<(&str, Vec<&String>)> = vec![
        ("parse", all.clone()),
        ("to_uri", all.clone()),
        ("to_iri", all.clone()),
        ("normalize", all.clone()),
        ("lenient", all.clone()),
        ("doi", pick(&|s| s.contains("10.") || has(s, "doi"))),
        ("urn", pick(&|s| has(s, "urn:"))),
        ("ivoid", pick(&|s| has(s, "ivo:"))),
        ("resolve", seeds.resolve.iter().collect()),
        ("equivalence", seeds.pairs.iter().collect()),
        ("extract", seeds.texts.iter().collect()),
    ];
    for (target, list) in plan {
        let dir = out.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        let step = list.len().div_ceil(MAX_SEEDS).max(1);
        let mut n = 0;
        for seed in list.into_iter().step_by(step) {
            std::fs::write(dir.join(format!("{:016x}", fnv(seed.as_bytes()))), seed).unwrap();
            n += 1;
        }
        println!("{target}: {n} seeds in {}", dir.display());
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn keep(set: &mut BTreeSet<String>, s: &str) {
    if !s.is_empty() && s.len() <= MAX_LEN {
        set.insert(s.to_owned());
    }
}

fn read(file: &Path, seeds: &mut Seeds) {
    let Ok(text) = std::fs::read_to_string(file) else {
        return;
    };
    let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext == "json" {
        // serde_json refuses lone surrogate escapes (a few JavaScript-only cases): drop them.
        let cleaned = drop_surrogate_escapes(&text);
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&cleaned) {
            json(&v, seeds);
        }
        return;
    }
    for line in text.lines().take(LINES_PER_FILE) {
        let line = line.trim();
        keep(&mut seeds.strings, line);
        if ext == "tsv" || ext == "txt" {
            for field in line.split(['\t', ';']) {
                keep(&mut seeds.strings, field.trim());
            }
        }
        if ext == "csv"
            && let Some((base, r)) = line.split_once(',')
        {
            keep(&mut seeds.resolve, &format!("{base}\n{r}"));
            keep(&mut seeds.pairs, &format!("{base}\n{r}"));
        }
    }
    // Extraction: slices of the text as it is (prose, markup, lists).
    let mut start = 0;
    while start < text.len() && seeds.texts.len() < 20_000 {
        let mut end = (start + 2048).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        keep(&mut seeds.texts, &text[start..end]);
        start = end.max(start + 1);
        while start < text.len() && !text.is_char_boundary(start) {
            start += 1;
        }
    }
}

fn json(v: &serde_json::Value, seeds: &mut Seeds) {
    match v {
        serde_json::Value::String(s) => keep(&mut seeds.strings, s),
        serde_json::Value::Array(items) => items.iter().for_each(|x| json(x, seeds)),
        serde_json::Value::Object(map) => {
            let values: Vec<&str> = map.values().filter_map(|x| x.as_str()).collect();
            for w in values.windows(2) {
                keep(&mut seeds.pairs, &format!("{}\n{}", w[0], w[1]));
            }
            let base = map.get("base").and_then(|b| b.as_str());
            for key in ["ref", "relative", "reference", "input", "href", "target"] {
                if let (Some(b), Some(r)) = (base, map.get(key).and_then(|r| r.as_str())) {
                    keep(&mut seeds.resolve, &format!("{b}\n{r}"));
                }
            }
            map.values().for_each(|x| json(x, seeds));
        }
        _ => {}
    }
}

/// `text` without `\uD800`–`\uDFFF` escapes (any case); other escapes are kept whole.
fn drop_surrogate_escapes(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut last) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let surrogate = b.get(i + 1) == Some(&b'u')
            && b.get(i + 2).is_some_and(|c| c.eq_ignore_ascii_case(&b'd'))
            && b.get(i + 3)
                .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'8'..=b'9' | b'a'..=b'f'))
            && b.len() >= i + 6;
        if surrogate {
            out.push_str(&text[last..i]);
            last = i + 6;
            i += 6;
        } else {
            i += 2;
        }
    }
    out.push_str(&text[last.min(text.len())..]);
    out
}

/// FNV-1a, 64 bits: a stable file name for a seed.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
