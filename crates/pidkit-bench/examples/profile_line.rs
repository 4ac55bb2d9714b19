//! Where one line of `pidkit check` spends its time in the library, step by step: every line of
//! FILE through detection alone (`scheme::claimants`), the IRI grammar alone, the whole reading
//! (`pidkit::read`), the reading and its warnings, and `record::with_record` (what `check`
//! builds its record from), `ROUNDS` times each; prints the best pass of each in ns a line.
//! A touch of every byte is timed first: the floor of reading the text from memory.
//!
//! `cargo bench -p pidkit-cli --bench throughput -- check_json` writes the mixed corpus to
//! `$TMPDIR/pidkit-bench-mixed-1m.txt`; then `cargo run --release -p pidkit-bench --example
//! profile_line -- /tmp/pidkit-bench-mixed-1m.txt 7` (or split the corpus by form first:
//! `grep '^https://'`, `grep '^file:'`). With `claim` as a third argument, only detection
//! runs, for `perf record` or `valgrind --tool=callgrind`.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: profile_line FILE [ROUNDS] [claim]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    let text = std::fs::read_to_string(path).expect("read FILE");
    let lines: Vec<&str> = text.lines().collect();
    if args.get(3).is_some_and(|m| m == "claim") {
        let mut claimed = 0;
        for _ in 0..rounds {
            for s in &lines {
                claimed += pidkit::scheme::claimants(s.as_bytes()).count();
            }
        }
        println!("{claimed} claims");
        return;
    }
    let opts = pidkit::ReadOptions::default();
    let n = lines.len().max(1) as f64;
    let time = |name: &str, f: &dyn Fn(&str) -> usize| {
        let mut best = f64::MAX;
        for _ in 0..rounds {
            let start = Instant::now();
            let mut acc = 0;
            for s in &lines {
                acc += f(s);
            }
            std::hint::black_box(acc);
            best = best.min(start.elapsed().as_secs_f64() * 1e9 / n);
        }
        println!("{name:>16}: {best:6.1} ns a line");
    };
    time("touch", &|s| {
        s.bytes().fold(0usize, |a, b| a + usize::from(b))
    });
    time("detection", &|s| {
        pidkit::scheme::claimants(s.as_bytes()).count()
    });
    time("IRI grammar", &|s| {
        usize::from(pidkit::iri::Iri::parse(s).is_ok())
    });
    time("read", &|s| {
        usize::from(pidkit::read(s, &opts).result.is_ok())
    });
    time("read + warnings", &|s| {
        let r = pidkit::read(s, &opts);
        match &r.result {
            Ok(id) => id.warnings().len() + r.notes.len(),
            Err(_) => 0,
        }
    });
    let req = pidkit::record::Request::new(pidkit::record::Op::Read, opts).warnings(true);
    time("with_record", &|s| {
        pidkit::record::with_record(s, &req, |r| r.warnings.len())
    });
}
