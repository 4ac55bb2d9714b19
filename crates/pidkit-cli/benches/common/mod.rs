//! The corpus the CLI benches share: a million identifiers drawn with a fixed LCG from the
//! shared data (URL corpora, Common Crawl references, Crossref DOIs, IVOIDs), read in place.

use std::path::PathBuf;

pub const LINES: usize = 1_000_000;

pub fn conformance() -> Option<PathBuf> {
    let dir = match std::env::var_os("PIDKIT_CONFORMANCE_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance"),
    };
    dir.is_dir().then_some(dir)
}

/// Every identifier of the shared corpora, then a million of them drawn with a fixed LCG.
pub fn corpus(dir: &std::path::Path) -> String {
    let mut pool: Vec<String> = Vec::new();
    let read = |rel: &str| std::fs::read_to_string(dir.join(rel)).unwrap_or_default();
    for rel in [
        "url-various-datasets/files/node_files.txt",
        "url-various-datasets/files/isaacs_files.txt",
        "url-various-datasets/others/kasztp.txt",
        "url-various-datasets/others/userbait.txt",
        "doi/crossref-sample-dois.txt",
    ] {
        let text = read(rel);
        pool.extend(
            text.trim_start_matches('\u{FEFF}')
                .lines()
                .filter(|l| !l.is_empty())
                .map(String::from),
        );
    }
    let cc = read("oxiri/relative_urls_cc_10k.csv");
    pool.extend(
        cc.lines()
            .skip(1)
            .filter_map(|l| l.split_once(','))
            .map(|(_, r)| r.to_owned()),
    );
    let ivo = read("ivoa/ivoids.tsv");
    pool.extend(
        ivo.lines()
            .skip(1)
            .filter_map(|l| l.split('\t').next())
            .map(String::from),
    );
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut out = String::with_capacity(LINES * 60);
    for _ in 0..LINES {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        out.push_str(&pool[(x >> 33) as usize % pool.len()]);
        out.push('\n');
    }
    out
}

/// The corpus written once to a temporary file (the binary reads it as a user's file).
pub fn corpus_file() -> Option<PathBuf> {
    let Some(dir) = conformance() else {
        eprintln!("SKIPPED: ../shared/conformance not found (set PIDKIT_CONFORMANCE_DIR)");
        return None;
    };
    let path = std::env::temp_dir().join("pidkit-bench-mixed-1m.txt");
    std::fs::write(&path, corpus(&dir)).expect("write the corpus");
    Some(path)
}
