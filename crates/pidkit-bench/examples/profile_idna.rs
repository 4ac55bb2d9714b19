//! Where the time of IRI → URI goes for non-ASCII DNS hosts: the `idna` crate's UTS #46 ToASCII
//! alone, `pidkit::host_to_ascii` (ToASCII and the checks around it), and a whole conversion of
//! `http://NAME/` without the host memo and with `Idna::Never`, over the internationalized names
//! of the Public Suffix List (459 distinct hosts). Then, over references parsed beforehand (as
//! the criterion `convert` bench times them): pidkit's conversion with the host memo (every
//! host after the first pass a hit) and with `Idna::Never`, and fluent-uri's `to_uri_ref` (no
//! IDNA: it percent-encodes the host). Prints the best of ROUNDS passes, ns per name; the
//! passes of the last three rows take turns, so a change of the machine's speed hits all three.
//!
//! `cargo run --release -p pidkit-bench --example profile_idna -- 200`

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use pidkit::{Idna, IriRef, ToUri};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let names = pidkit_bench::psl_names();
    if names.is_empty() {
        eprintln!("SKIPPED: publicsuffix-idn not found (set PIDKIT_CONFORMANCE_DIR)");
        return;
    }
    let iris: Vec<String> = names.iter().map(|n| format!("http://{n}/")).collect();
    let best = |inputs: &[String], f: &dyn Fn(&str) -> usize| {
        let mut best = f64::MAX;
        for _ in 0..rounds {
            let t = Instant::now();
            let n: usize = inputs.iter().map(|s| f(black_box(s))).sum();
            black_box(n);
            best = best.min(t.elapsed().as_secs_f64() * 1e9 / inputs.len() as f64);
        }
        best
    };
    let uts46 = Uts46::new();
    let rows: [(&str, f64); 4] = [
        (
            "idna Uts46::to_ascii",
            best(&names, &|h| {
                let a = uts46.to_ascii(
                    h.as_bytes(),
                    AsciiDenyList::EMPTY,
                    Hyphens::Allow,
                    DnsLength::Ignore,
                );
                a.map_or(0, |a| a.len())
            }),
        ),
        (
            "pidkit::host_to_ascii",
            best(&names, &|h| pidkit::host_to_ascii(h).map_or(0, |a| a.len())),
        ),
        (
            "IRI -> URI, no host memo",
            best(&iris, &|s| {
                let iri = IriRef::parse(s).expect("PSL names are IRI hosts");
                let uri = ToUri::new().host_cache(false).convert(&iri);
                uri.map_or(0, |u| u.as_str().len())
            }),
        ),
        (
            "IRI -> URI, Idna::Never",
            best(&iris, &|s| {
                let iri = IriRef::parse(s).expect("PSL names are IRI hosts");
                let uri = ToUri::new().idna(Idna::Never).convert(&iri);
                uri.map_or(0, |u| u.as_str().len())
            }),
        ),
    ];
    for (what, ns) in rows {
        println!("{what:34} {ns:6.0} ns per name");
    }

    let ours: Vec<IriRef<&str>> = iris
        .iter()
        .map(|s| IriRef::parse(s.as_str()).expect("PSL names are IRI hosts"))
        .collect();
    let theirs: Vec<fluent_uri::IriRef<&str>> = iris
        .iter()
        .map(|s| fluent_uri::IriRef::parse(s.as_str()).expect("fluent-uri reads PSL names"))
        .collect();
    let never = ToUri::new().idna(Idna::Never);
    let pass = |f: &dyn Fn(usize) -> usize| {
        let t = Instant::now();
        let n: usize = (0..iris.len()).map(|i| f(black_box(i))).sum();
        black_box(n);
        t.elapsed().as_secs_f64() * 1e9 / iris.len() as f64
    };
    let mut parsed = [f64::MAX; 3];
    for _ in 0..rounds {
        let times = [
            pass(&|i| ours[i].to_uri().map_or(0, |u| u.as_str().len())),
            pass(&|i| never.convert(&ours[i]).map_or(0, |u| u.as_str().len())),
            pass(&|i| theirs[i].to_uri_ref().as_str().len()),
        ];
        for (b, t) in parsed.iter_mut().zip(times) {
            *b = b.min(t);
        }
    }
    let names = [
        "parsed: to_uri (host memo)",
        "parsed: Idna::Never",
        "parsed: fluent-uri to_uri_ref",
    ];
    for (what, ns) in names.iter().zip(parsed) {
        println!("{what:34} {ns:6.0} ns per name");
    }
    println!(
        "to_uri with IDNA / fluent-uri without: {:.2}x",
        parsed[0] / parsed[2]
    );
}
