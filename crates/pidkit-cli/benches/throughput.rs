//! `pidkit check --json` (issue 7) and `pidkit dedupe --json` (issue 15) over one million mixed
//! identifiers: lines per second with 1 and 2 threads, I/O included (the binary reads a file
//! and writes JSON Lines to /dev/null); `check --json` also over a million lines of every kind
//! a research-data column holds (`every_kind`: ORCID iDs, ISBNs, arXiv ids … beside the DOIs
//! and URLs; issue 32 item 6). And `pidkit extract --json` over 64 MiB of running text
//! (issue 15 item 4): bytes per second with 1 and 2 threads.
//!
//! The corpora are built deterministically from the shared data, read in place: the URL corpora,
//! the Common Crawl relative references, the Crossref DOIs and the IVOIDs; for extract, also
//! the prose of RFC 3986, RFC 3987 and the IRI draft.
//!
//! Run: `cargo bench -p pidkit-cli --bench throughput` (`-- extract` for the text bench alone)

use std::process::{Command, Stdio};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod common;
mod every_kind;
use common::{LINES, corpus_file};

/// The bytes of running text for the extract bench.
const TEXT_BYTES: usize = 64 << 20;

/// 64 MiB of text as people write it, about half prose (the specs' own lines, with their URIs)
/// and half lines that cite identifiers: reference lists (some broken across lines), Markdown
/// links, HTML, JSON with escaped slashes, BibTeX fields — built with a fixed LCG.
fn text_corpus(dir: &std::path::Path) -> String {
    let read = |rel: &str| std::fs::read_to_string(dir.join(rel)).unwrap_or_default();
    let mut prose: Vec<String> = Vec::new();
    for rel in [
        "spec-text/rfc3986.txt",
        "spec-text/rfc3987.txt",
        "spec-text/draft-duerst-iri-bis-07.txt",
    ] {
        prose.extend(read(rel).lines().map(String::from));
    }
    let lines = |rel: &str| -> Vec<String> {
        read(rel)
            .trim_start_matches('\u{FEFF}')
            .lines()
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect()
    };
    let dois = lines("doi/crossref-sample-dois.txt");
    let mut urls = lines("url-various-datasets/others/kasztp.txt");
    urls.retain(|u| u.starts_with("http"));
    let ivoids: Vec<String> = read("ivoa/ivoids.tsv")
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next().map(String::from))
        .collect();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize % n.max(1)
    };
    let mut out = String::with_capacity(TEXT_BYTES + 4096);
    let mut n = 0;
    while out.len() < TEXT_BYTES {
        n += 1;
        let (d, u, v) = (
            &dois[next(dois.len())],
            &urls[next(urls.len())],
            &ivoids[next(ivoids.len())],
        );
        match next(10) {
            0..=4 => {
                let start = next(prose.len());
                for l in prose.iter().skip(start).take(8) {
                    out.push_str(l);
                    out.push('\n');
                }
            }
            5 => out.push_str(&format!(
                "[{n}] Author A, Author B. A title of the work. Journal. 2020;12:34-56. https://doi.org/{d}\n"
            )),
            6 => {
                // Broken after a '/' in its second half, as reference lists break URLs.
                let cut = u
                    .bytes()
                    .enumerate()
                    .skip(u.len() / 2)
                    .find(|&(_, c)| c == b'/')
                    .map(|(k, _)| k + 1)
                    .filter(|&k| k < u.len());
                match cut {
                    Some(k) => out.push_str(&format!(
                        "[{n}] Report. Available: {}\n    {} (accessed 2021).\n",
                        &u[..k],
                        &u[k..]
                    )),
                    None => out.push_str(&format!("[{n}] Report. Available: {u}.\n")),
                }
            }
            7 => out.push_str(&format!(
                "- [link {n}]({u}) and <{u}>, see also doi:{d}.\n"
            )),
            8 => out.push_str(&format!(
                "<p><a href=\"{u}\">page</a> cites {d}; registry {v}</p>\n{{\"url\":\"{}\",\"doi\":\"{}\"}}\n",
                u.replace('/', "\\/"),
                d.replace('/', "\\/")
            )),
            _ => out.push_str(&format!(
                "@article{{k{n},\n  doi = {{{}}},\n  url = {{{u}}}\n}}\n",
                d.replace('_', "\\_")
            )),
        }
    }
    out
}

fn extract_bench(c: &mut Criterion, dir: &std::path::Path) {
    let text = text_corpus(dir);
    let path = std::env::temp_dir().join("pidkit-bench-text-64m.txt");
    std::fs::write(&path, &text).expect("write the text corpus");
    let mut g = c.benchmark_group("extract_json_64mib_text");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(text.len() as u64));
    for threads in [1, 2] {
        g.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| {
                let status = Command::new(env!("CARGO_BIN_EXE_pidkit"))
                    .args(["extract", "--json", "--threads", &threads.to_string()])
                    .arg(&path)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .expect("run pidkit");
                assert!(status.success(), "pidkit failed: {status}");
            })
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    let Some(path) = corpus_file() else {
        return;
    };
    if let Some(dir) = common::conformance() {
        extract_bench(c, &dir);
    }
    let every_kind = common::conformance().map(|dir| every_kind::corpus_file(&dir, LINES));
    for (group, corpus) in [
        ("check_json_1m_mixed", Some(&path)),
        ("check_json_1m_every_kind", every_kind.as_ref()),
    ] {
        let Some(corpus) = corpus else { continue };
        let mut g = c.benchmark_group(group);
        g.sample_size(10);
        g.throughput(Throughput::Elements(LINES as u64));
        for threads in [1, 2] {
            g.bench_function(format!("threads_{threads}"), |b| {
                b.iter(|| run(&["check", "--json", "--quiet"], threads, corpus))
            });
        }
        // `--compact` (docs/output.md): what leaving out the empty members costs or saves.
        g.bench_function("compact_threads_2", |b| {
            b.iter(|| run(&["check", "--json", "--compact", "--quiet"], 2, corpus))
        });
        g.finish();
    }
    let mut g = c.benchmark_group("dedupe_json_1m_mixed");
    g.sample_size(10);
    g.throughput(Throughput::Elements(LINES as u64));
    for threads in [1, 2] {
        g.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| run(&["dedupe", "--json", "--quiet"], threads, &path))
        });
    }
    g.finish();
}

/// Run the binary with `args`, `--threads`, `--input path`; output to /dev/null.
fn run(args: &[&str], threads: usize, path: &std::path::Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_pidkit"))
        .args(args)
        .args(["--threads", &threads.to_string(), "--input"])
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run pidkit");
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "pidkit failed: {status}"
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
