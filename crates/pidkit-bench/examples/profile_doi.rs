//! A fixed amount of DOI reading for profiles: every line of FILE through `pidkit::read` (auto
//! detection), `ROUNDS` times; prints the DOIs found and the best pass in ns/line. Mode `name`
//! reads only the DOI name (`pidkit::read_doi`, as `pidkit.arrow.doi_name` does); `normalize`
//! also writes each DOI's normal form (`Level::Scheme`, the default output: what `pidkit
//! normalize` and `pidkit.arrow.normalize` print), `key` its key (`Level::Scheme`, what `pidkit
//! key` prints); `write` times that writing alone, on the
//! DOIs read once before the passes.
//!
//! `python3 -c 'import sys; sys.path.insert(0, "crates/pidkit-py/bench"); import generate;
//! print("\n".join(x for x in generate.dois(1_000_000, 2024) if x))' > /tmp/dois-1m.txt`, then
//! `cargo run --release -p pidkit-bench --example profile_doi -- /tmp/dois-1m.txt 5`
//! (or under `perf record` / `valgrind --tool=callgrind`).

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: profile_doi FILE [ROUNDS] [name]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    // `name`: only the DOI name (`pidkit::read_doi`, what `pidkit.arrow.doi_name` calls).
    let name_only = args.get(3).is_some_and(|m| m == "name");
    let normalize = args.get(3).is_some_and(|m| m == "normalize");
    let key = args.get(3).is_some_and(|m| m == "key");
    let text = std::fs::read_to_string(path).expect("read FILE");
    let lines: Vec<&str> = text.lines().collect();
    let opts = pidkit::ReadOptions::default();
    if args.get(3).is_some_and(|m| m == "write") {
        return write_only(&lines, rounds, &opts);
    }
    let mut best = f64::MAX;
    let mut found = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut bytes = 0;
        found = 0;
        for s in &lines {
            if name_only {
                if let Some(d) = pidkit::read_doi(s, &opts) {
                    bytes += d.as_str().len();
                    found += 1;
                }
            } else if let Ok(id) = pidkit::read(s, &opts).result {
                let pidkit::Identifier::Doi(d) = &id else {
                    continue;
                };
                bytes += match (normalize, key) {
                    (true, _) => id.normalize(pidkit::Level::Scheme).len(),
                    (_, true) => id.key(pidkit::Level::Scheme).as_str().len(),
                    _ => d.doi.as_str().len(),
                };
                found += 1;
            }
        }
        std::hint::black_box(bytes);
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / lines.len() as f64);
    }
    println!(
        "{found} DOIs of {} lines; best pass {best:.1} ns/line",
        lines.len()
    );
}

/// Mode `write`: each DOI's normal form written, `rounds` times, from readings made before.
fn write_only(lines: &[&str], rounds: usize, opts: &pidkit::ReadOptions) {
    let dois: Vec<pidkit::Identifier<'_>> = lines
        .iter()
        .filter_map(|s| pidkit::read(s, opts).result.ok())
        .filter(|id| matches!(id, pidkit::Identifier::Doi(_)))
        .collect();
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut bytes = 0;
        for id in &dois {
            bytes += id.normalize(pidkit::Level::Scheme).len();
        }
        std::hint::black_box(bytes);
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / dois.len() as f64);
    }
    println!("{} DOIs written; best pass {best:.1} ns/DOI", dois.len());
}
