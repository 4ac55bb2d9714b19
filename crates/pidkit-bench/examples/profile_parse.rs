//! A fixed amount of parsing work for instruction-count profiles (criterion's statistics get in
//! the way under valgrind): validate every line of one corpus `ROUNDS` times.
//!
//! `valgrind --tool=callgrind target/release/examples/profile_parse kasztp pidkit 5`
//! (corpus: node_files, isaacs_files, kasztp, userbait, cc_relative, cc_bases; parser: pidkit
//! or oxiri). Prints the number of accepted inputs so that the work cannot be optimized away.
//!
//! With parser `race`, times pidkit and oxiri in alternation, `rounds` passes each, and prints
//! the fastest pass of each and their ratio: the minimum is robust on a shared, noisy machine.

use pidkit_bench::{cc_pairs, url_corpora};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let corpus = args.get(1).map_or("kasztp", String::as_str);
    let parser = args.get(2).map_or("pidkit", String::as_str);
    let rounds: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(5);
    let (lines, absolute) = match corpus {
        "cc_relative" | "cc_bases" => {
            let pairs = cc_pairs();
            if corpus == "cc_bases" {
                (pairs.into_iter().map(|(b, _)| b).collect(), true)
            } else {
                (pairs.into_iter().map(|(_, r)| r).collect(), false)
            }
        }
        name => (
            url_corpora()
                .into_iter()
                .find(|c| c.name == name)
                .map(|c| c.lines)
                .unwrap_or_default(),
            false,
        ),
    };
    if parser == "race" {
        let pass = |oxiri: bool| match (oxiri, absolute) {
            (true, false) => time(&lines, |s| oxiri::IriRef::parse(s).is_ok()),
            (true, true) => time(&lines, |s| oxiri::Iri::parse(s).is_ok()),
            (false, false) => time(&lines, |s| pidkit::IriRef::parse(s).is_ok()),
            (false, true) => time(&lines, |s| pidkit::Iri::parse(s).is_ok()),
        };
        let (mut best_p, mut best_o) = (f64::MAX, f64::MAX);
        for _ in 0..rounds {
            best_p = best_p.min(pass(false));
            best_o = best_o.min(pass(true));
        }
        println!(
            "{corpus}: pidkit {best_p:.1} ns, oxiri {best_o:.1} ns, ratio {:.3}",
            best_p / best_o
        );
        return;
    }
    let mut accepted = 0;
    for _ in 0..rounds {
        for s in &lines {
            let s = std::hint::black_box(s.as_str());
            accepted += usize::from(match (parser, absolute) {
                ("oxiri", false) => oxiri::IriRef::parse(s).is_ok(),
                ("oxiri", true) => oxiri::Iri::parse(s).is_ok(),
                (_, false) => pidkit::IriRef::parse(s).is_ok(),
                (_, true) => pidkit::Iri::parse(s).is_ok(),
            });
        }
    }
    println!(
        "{corpus} {parser}: {} lines, {accepted} accepted over {rounds} rounds",
        lines.len()
    );
}

/// Nanoseconds per line of one pass of `f` over `lines`.
#[inline(never)]
fn time(lines: &[String], f: impl Fn(&str) -> bool) -> f64 {
    let t = std::time::Instant::now();
    let n = lines
        .iter()
        .filter(|s| f(std::hint::black_box(s.as_str())))
        .count();
    std::hint::black_box(n);
    t.elapsed().as_secs_f64() * 1e9 / lines.len() as f64
}
