//! The CLI's distance to the machine (issue 15): `pidkit check --json` on the million mixed
//! identifiers of the throughput bench, as bytes read per second, next to `cat FILE >
//! /dev/null` (reading speed) and `wc -l FILE` (the least work per line) on the same file.
//! The JSON it writes is measured once and printed (`OUTPUT`), so bytes written per second
//! are its size over the same times.
//!
//! Run: `cargo bench -p pidkit-cli --bench machine`

use std::path::Path;
use std::process::{Command, Stdio};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod common;
use common::corpus_file;

/// Run `program args… path` with its output to /dev/null; it must succeed (pidkit: exit 1
/// means "some inputs invalid", which the corpus has).
fn run(program: &str, args: &[&str], path: &Path) {
    let status = Command::new(program)
        .args(args)
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("run {program}: {e}"));
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "{program} failed: {status}"
    );
}

fn bench(c: &mut Criterion) {
    let Some(path) = corpus_file() else {
        return;
    };
    let pidkit = env!("CARGO_BIN_EXE_pidkit");
    let input = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let output = Command::new(pidkit)
        .args(["check", "--json", "--quiet", "--input"])
        .arg(&path)
        .stderr(Stdio::null())
        .output()
        .map(|o| o.stdout.len())
        .unwrap_or(0);
    eprintln!(
        "OUTPUT check --json: {input} bytes in, {output} bytes out ({:.2}× the input)",
        output as f64 / input.max(1) as f64
    );
    let mut g = c.benchmark_group("machine_1m_mixed");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(input));
    g.bench_function("cat", |b| b.iter(|| run("cat", &[], &path)));
    g.bench_function("wc -l", |b| b.iter(|| run("wc", &["-l"], &path)));
    for threads in [1, 2] {
        let t = threads.to_string();
        let args = ["check", "--json", "--quiet", "--threads", &t, "--input"];
        g.bench_function(format!("pidkit check --json (threads {threads})"), |b| {
            b.iter(|| run(pidkit, &args, &path))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
