//! Corpora for the comparative benchmarks, read in place from `../shared/conformance`
//! (override with `PIDKIT_CONFORMANCE_DIR`). Never copied into the project.

use std::path::PathBuf;

/// Say that `rel` (a path inside the conformance directory, or `*` for all of it) was skipped
/// because its data is missing: on stderr, and in the file `PIDKIT_SKIPPED_LOG` names, which
/// `scripts/test-all` reads to end its run with the list.
pub fn skipped(rel: &str) {
    eprintln!("SKIPPED: {rel} not found (set PIDKIT_CONFORMANCE_DIR)");
    if let Some(log) = std::env::var_os("PIDKIT_SKIPPED_LOG") {
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
        {
            let _ = f.write_all(format!("{rel}\tpidkit-bench\n").as_bytes());
        }
    }
}

/// The conformance directory, if present.
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("PIDKIT_CONFORMANCE_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance"),
    };
    dir.is_dir().then_some(dir)
}

/// A named list of inputs.
pub struct Corpus {
    /// Short name used in benchmark ids.
    pub name: &'static str,
    /// One identifier per entry.
    pub lines: Vec<String>,
}

/// Read a file of one identifier per line (a leading BOM is dropped, empty lines skipped).
pub fn lines(rel: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(conformance_dir()?.join(rel)).ok()?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    Some(
        text.lines()
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect(),
    )
}

/// The internationalized names of the Public Suffix List
/// (`publicsuffix-idn/idn-suffixes.json`, the `unicode` member of each entry); empty if absent.
pub fn psl_names() -> Vec<String> {
    let Some(text) = conformance_dir()
        .and_then(|d| std::fs::read_to_string(d.join("publicsuffix-idn/idn-suffixes.json")).ok())
    else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("\"unicode\": \""))
        .map(|name| name.trim_end_matches([',', '"']).to_owned())
        .collect()
}

/// The one-URL-per-line corpora of `url-various-datasets/`.
pub fn url_corpora() -> Vec<Corpus> {
    let sets = [
        ("node_files", "url-various-datasets/files/node_files.txt"),
        (
            "isaacs_files",
            "url-various-datasets/files/isaacs_files.txt",
        ),
        ("kasztp", "url-various-datasets/others/kasztp.txt"),
        ("userbait", "url-various-datasets/others/userbait.txt"),
    ];
    let out: Vec<Corpus> = sets
        .into_iter()
        .filter_map(|(name, rel)| {
            Some(Corpus {
                name,
                lines: lines(rel)?,
            })
        })
        .collect();
    if out.is_empty() {
        skipped("url-various-datasets");
    }
    out
}

/// `oxiri/relative_urls_cc_10k.csv`: (base, relative) pairs from Common Crawl, split on the
/// first comma (the header line is skipped).
pub fn cc_pairs() -> Vec<(String, String)> {
    let Some(text) = conformance_dir()
        .and_then(|d| std::fs::read_to_string(d.join("oxiri/relative_urls_cc_10k.csv")).ok())
    else {
        skipped("oxiri/relative_urls_cc_10k.csv");
        return Vec::new();
    };
    text.lines()
        .skip_while(|l| *l == "base,relative")
        .filter_map(|l| l.split_once(','))
        .map(|(b, r)| (b.to_owned(), r.to_owned()))
        .collect()
}
