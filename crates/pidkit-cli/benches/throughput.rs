//! `pidkit check --json` (issue 7) and `pidkit dedupe --json` (issue 15) over one million mixed
//! identifiers: lines per second with 1 and 2 threads, I/O included (the binary reads a file
//! and writes JSON Lines to /dev/null).
//!
//! The corpus is built deterministically from the shared data, read in place: the URL corpora,
//! the Common Crawl relative references, the Crossref DOIs and the IVOIDs.
//!
//! Run: `cargo bench -p pidkit-cli --bench throughput`

use std::process::{Command, Stdio};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod common;
use common::{LINES, corpus_file};

fn bench(c: &mut Criterion) {
    let Some(path) = corpus_file() else {
        return;
    };
    let mut g = c.benchmark_group("check_json_1m_mixed");
    g.sample_size(10);
    g.throughput(Throughput::Elements(LINES as u64));
    for threads in [1, 2] {
        g.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| {
                let status = Command::new(env!("CARGO_BIN_EXE_pidkit"))
                    .args([
                        "check",
                        "--json",
                        "--quiet",
                        "--threads",
                        &threads.to_string(),
                        "--input",
                    ])
                    .arg(&path)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .expect("run pidkit");
                assert!(
                    status.code().is_some_and(|c| c <= 1),
                    "pidkit failed: {status}"
                );
            })
        });
    }
    g.finish();
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
