//! Where the batch functions' time goes on a mixed column, per value, in Rust alone: detection,
//! the reading, the record, and the paths of `kind`, `normalize` and `identify`, the last also
//! the way `pidkit.arrow` runs it, in groups of alike values (`Grouped identify`; the Arrow
//! functions add the Arrow column around these). Each step is the best of ROUNDS passes over
//! the file's lines.
//!
//! ```sh
//! python -c 'import sys; sys.path.insert(0, "crates/pidkit-py/bench"); import generate
//! print("\n".join(v for v in generate.zoo(200000) if v is not None))' > /tmp/zoo.txt
//! cargo run --release -p pidkit-record --example profile_zoo -- /tmp/zoo.txt [ROUNDS] [STEP]
//! ```
//!
//! STEP runs only the steps whose names start with it (for `perf record`); `by-kind` times the
//! reading, and the reading with `normalize_as`, per detected kind and outcome instead, on the
//! lines sorted into groups (which branch prediction likes better than the mixed column).
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
use pidkit_record::options::Reads;
use pidkit_record::{Grouped, Spec};

/// The buffers of a grouped `identify`: each row's kind and validity (its text aside).
type Identified = Grouped<(pidkit::Kind, bool)>;

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
    let time_all = |name: &str, f: &dyn Fn(&mut Identified) -> usize| {
        if only.as_deref().is_some_and(|o| !name.starts_with(o)) {
            return;
        }
        let (mut best, mut sink) = (f64::MAX, 0);
        let mut grouped = Grouped::new();
        let clock = Clock::start();
        for _ in 0..rounds {
            let t = clock.now();
            sink += f(&mut grouped);
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
    let doi_name = spec("doi_name");
    time("Spec doi_name", &|s| {
        let mut n = 0;
        doi_name.string(s, |v| n = v.map_or(0, str::len));
        n
    });
    time("Spec identify", &|s| {
        normalize.identify(s, |k, _, v| k as usize + v.map_or(0, str::len))
    });
    let column: Vec<Option<&str>> = lines.iter().map(|l| Some(*l)).collect();
    time_all("Grouped identify", &|grouped: &mut Grouped<_>| {
        let mut sink = 0;
        for chunk in column.chunks(pidkit_record::grouped::CHUNK) {
            grouped.run(
                chunk,
                |s, text| {
                    normalize.identify(s, |k, v, n| {
                        text.push_str(n.unwrap_or_default());
                        (k, v)
                    })
                },
                |a| sink += a.map_or(0, |((k, _), n)| k as usize + n.len()),
            );
        }
        sink
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
    let best = |group: &[&str], f: &dyn Fn(&str) -> usize| {
        let mut best = f64::MAX;
        for _ in 0..rounds {
            let t = Instant::now();
            std::hint::black_box(group.iter().map(|l| f(l)).sum::<usize>());
            best = best.min(t.elapsed().as_secs_f64());
        }
        best
    };
    let normalized = |l: &str| {
        pidkit::read(l, opts).result.map_or(0, |id| {
            id.normalize_as(Level::default(), &PidOutput::default())
                .len()
        })
    };
    let (mut total, mut total_norm) = (0.0, 0.0);
    println!(
        "{:<20} {:>7}        {:>7} {:>9} {:>9}",
        "kind", "values", "read", "+normalize", "of file"
    );
    for (name, group) in &groups {
        let read = best(group, &|l| pidkit::read(l, opts).kind as usize);
        let norm = best(group, &normalized);
        total += read;
        total_norm += norm;
        println!(
            "{name:<20} {:>7} values {:>7.1} {:>9.1} {:>9.1} ns/value",
            group.len(),
            read / group.len() as f64 * 1e9,
            norm / group.len() as f64 * 1e9,
            norm / lines.len() as f64 * 1e9
        );
    }
    let per = |t: f64| t / lines.len() as f64 * 1e9;
    println!(
        "all, grouped: read {:.1} ns/value, read + normalize {:.1}",
        per(total),
        per(total_norm)
    );
}
