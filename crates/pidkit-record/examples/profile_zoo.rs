//! Where the batch functions' time goes on a mixed column, per value, in Rust alone: detection,
//! the reading, the record, and the paths of `kind`, `normalize` and `identify` (the
//! `pidkit.arrow` functions add the Arrow column around these). Each step is the best of
//! ROUNDS passes over the file's lines.
//!
//! ```sh
//! python -c 'import sys; sys.path.insert(0, "crates/pidkit-py/bench"); import generate
//! print("\n".join(v for v in generate.zoo(200000) if v is not None))' > /tmp/zoo.txt
//! cargo run --release -p pidkit-record --example profile_zoo -- /tmp/zoo.txt [ROUNDS] [STEP]
//! ```
//!
//! STEP runs only the steps whose names start with it (for `perf record`); `by-kind` times the
//! reading per detected kind and outcome instead, on the lines sorted into groups (which
//! branch prediction likes better than the mixed column).
//!
//! Times are the thread's CPU time (Linux: `/proc/thread-self/schedstat`), so that a machine
//! shared with other jobs inflates them less than it inflates wall-clock time; elsewhere the
//! wall clock.

use std::collections::BTreeMap;
use std::time::Instant;

/// A clock of this thread's CPU time in seconds where Linux gives it, else of wall time.
struct Clock(Instant);

impl Clock {
    fn start() -> Clock {
        Clock(Instant::now())
    }

    /// Nanoseconds this thread has run on a CPU (the first field of its schedstat).
    fn cpu_ns() -> Option<u64> {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        stat.split_whitespace().next()?.parse().ok()
    }

    /// A reading to subtract from a later one.
    fn now(&self) -> f64 {
        match Clock::cpu_ns() {
            Some(ns) => ns as f64 / 1e9,
            None => self.0.elapsed().as_secs_f64(),
        }
    }
}

use pidkit::record::{Op, Request, with_record};
use pidkit::{Level, PidOutput, ReadOptions};
use pidkit_record::Spec;
use pidkit_record::options::Reads;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file of values, one a line");
    let rounds: usize = args.next().map_or(5, |r| r.parse().expect("rounds"));
    let only = args.next();
    let text = std::fs::read_to_string(path).expect("readable UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    let opts = ReadOptions::default();
    if only.as_deref() == Some("by-kind") {
        return by_kind(&lines, &opts, rounds);
    }
    let read_req = Request::new(Op::Read, opts);
    let norm_req = Request::new(Op::Normalize(Level::default(), PidOutput::default()), opts);
    let spec = |f| Spec::new(f, &Reads::default(), None, None, None).expect("a spec");
    let (kind, normalize) = (spec("kind"), spec("normalize"));
    let time = |name: &str, f: &dyn Fn(&str) -> usize| {
        if only.as_deref().is_some_and(|o| !name.starts_with(o)) {
            return;
        }
        let mut best = f64::MAX;
        let mut sink = 0;
        let clock = Clock::start();
        for _ in 0..rounds {
            let t = clock.now();
            for l in &lines {
                sink += f(l);
            }
            best = best.min(clock.now() - t);
        }
        let ns = best / lines.len() as f64 * 1e9;
        println!("{name:<36} {ns:>7.1} ns/value  (checksum {sink})");
    };
    time("detect", &|s| pidkit::detect::detect(s) as usize);
    time("read", &|s| pidkit::read(s, &opts).kind as usize);
    time("record (Read): kind", &|s| {
        with_record(s, &read_req, |r| r.kind as usize)
    });
    time("Spec kind", &|s| kind.kind(s) as usize);
    time("read + normalize_as", &|s| {
        let r = pidkit::read(s, &opts);
        r.result.map_or(0, |id| {
            id.normalize_as(Level::default(), &PidOutput::default())
                .len()
        })
    });
    time("record (Normalize): value", &|s| {
        with_record(s, &norm_req, |r| r.value().map_or(0, str::len))
    });
    time("Spec normalize", &|s| {
        let mut n = 0;
        normalize.string(s, |v| n = v.map_or(0, str::len));
        n
    });
    time("Spec identify", &|s| {
        normalize.identify(s, |k, _, v| k as usize + v.map_or(0, str::len))
    });
}

/// The reading's time per value for each detected kind and outcome (`doi ok`, `doi err` …).
fn by_kind(lines: &[&str], opts: &ReadOptions, rounds: usize) {
    let mut groups: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for l in lines {
        let outcome = if pidkit::read(l, opts).result.is_ok() {
            "ok"
        } else {
            "err"
        };
        let name = format!("{} {outcome}", pidkit::detect::detect(l).name());
        groups.entry(name).or_default().push(l);
    }
    let mut total = 0.0;
    for (name, group) in &groups {
        let mut best = f64::MAX;
        for _ in 0..rounds {
            let t = Instant::now();
            let n: usize = group
                .iter()
                .map(|l| pidkit::read(l, opts).kind as usize)
                .sum();
            std::hint::black_box(n);
            best = best.min(t.elapsed().as_secs_f64());
        }
        total += best;
        println!(
            "{name:<20} {:>7} values {:>7.1} ns/value {:>6.1} ns per value of the file",
            group.len(),
            best / group.len() as f64 * 1e9,
            best / lines.len() as f64 * 1e9
        );
    }
    let ns = total / lines.len() as f64 * 1e9;
    println!("all, grouped: {ns:.1} ns/value");
}
