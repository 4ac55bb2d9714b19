//! Validation speed: pidkit's IRI-reference parser against its peers on the shared corpora.
//!
//! One criterion group per corpus, throughput in identifiers. Every parser validates the same
//! inputs in the same run; `url` and `ada-url` implement the WHATWG URL Standard (they also
//! normalize, apply IDNA and serialize, so they do different — more — work) and run on the
//! absolute corpora only, as references for what browsers do.
//!
//! Run: `cargo bench -p pidkit-bench --bench parse -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iri_string::types::{IriReferenceStr, IriStr};
use pidkit_bench::{cc_pairs, url_corpora};

/// How an input is parsed: as an `IRI-reference` or as an `IRI` (scheme required).
#[derive(Clone, Copy)]
enum As {
    Reference,
    Absolute,
}

/// Benchmark each `name => |s| accepts(s)` in group `g`, and record how many inputs it accepts.
/// The closures are inlined into the counting loop (no indirect call per input).
macro_rules! run {
    ($g:expr, $lines:expr, $accepted:expr, $( $name:expr => $f:expr ),+ $(,)?) => {{$(
        $accepted.push(format!("{} {}", $name, count($lines, $f)));
        $g.bench_function($name, |b| b.iter(|| count($lines, $f)));
    )+}};
}

fn group(c: &mut Criterion, name: &str, lines: &[String], as_: As, whatwg: bool) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(lines.len() as u64));
    // The parsers disagree on validity (different grammars, different leniency): the number
    // each accepts is printed beside the times.
    let mut accepted = Vec::new();
    match as_ {
        As::Reference => run!(g, lines, accepted,
            "pidkit" => |s| pidkit::IriRef::parse(s).is_ok(),
            "oxiri" => |s| oxiri::IriRef::parse(s).is_ok(),
            "iri-string" => |s| IriReferenceStr::new(s).is_ok(),
            "fluent-uri" => |s| fluent_uri::IriRef::parse(s).is_ok(),
        ),
        As::Absolute => run!(g, lines, accepted,
            "pidkit" => |s| pidkit::Iri::parse(s).is_ok(),
            "oxiri" => |s| oxiri::Iri::parse(s).is_ok(),
            "iri-string" => |s| IriStr::new(s).is_ok(),
            "fluent-uri" => |s| fluent_uri::Iri::parse(s).is_ok(),
        ),
    }
    if whatwg {
        run!(g, lines, accepted,
            "url (WHATWG)" => |s| url::Url::parse(s).is_ok(),
            "ada-url (WHATWG)" => |s| ada_url::Url::can_parse(s, None),
        );
    }
    g.finish();
    eprintln!(
        "ACCEPTED {name} ({} inputs): {}",
        lines.len(),
        accepted.join(", ")
    );
}

#[inline(always)]
fn count(lines: &[String], f: impl Fn(&str) -> bool) -> usize {
    lines.iter().filter(|s| f(black_box(s.as_str()))).count()
}

fn benches(c: &mut Criterion) {
    // The url-various-datasets corpora hold absolute URLs (plus a few non-URL lines): they are
    // validated as IRI references, the start symbol of the grammar, by every IRI parser.
    for corpus in url_corpora() {
        group(c, corpus.name, &corpus.lines, As::Reference, true);
    }
    let pairs = cc_pairs();
    if !pairs.is_empty() {
        let relative: Vec<String> = pairs.iter().map(|(_, r)| r.clone()).collect();
        let bases: Vec<String> = pairs.into_iter().map(|(b, _)| b).collect();
        group(c, "cc_relative", &relative, As::Reference, false);
        group(c, "cc_bases", &bases, As::Absolute, true);
    }
}

criterion_group!(parse, benches);
criterion_main!(parse);
