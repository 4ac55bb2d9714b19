//! URN and IVOID parsing and comparison keys, against the bare IRI parse of the same inputs
//! (the cost of the scheme rules on top) and the peers' generic URI parsers.
//!
//! IVOIDs: the 3,404 real identifiers of `ivoa/ivoids.tsv`. URNs: every IANA formal NID with
//! five NSS shapes (ISBN, UUID, plain, percent-encoded, with components): 480 URNs.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pidkit::urn::{FORMAL_NIDS, Urn};
use pidkit::{IriRef, Ivoid, Profile};
use std::hint::black_box;

fn ivoids() -> Vec<String> {
    pidkit_bench::lines("ivoa/ivoids.tsv")
        .unwrap_or_default()
        .into_iter()
        .skip(1)
        .filter_map(|l| l.split('\t').next().map(str::to_owned))
        .collect()
}

fn urns() -> Vec<String> {
    FORMAL_NIDS
        .iter()
        .flat_map(|nid| {
            [
                format!("urn:{nid}:0-451-45052-3"),
                format!(
                    "URN:{}:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
                    nid.to_uppercase()
                ),
                format!("urn:{nid}:a123,z456/foo:bar"),
                format!("urn:{nid}:a123%2cz456%C3%A9"),
                format!("urn:{nid}:weather?=op=map&lat=39.56#part"),
            ]
        })
        .collect()
}

/// One group per identifier type: the scheme parse, the scheme parse and comparison key, the
/// bare IRI parse (RFC 3986 profile) and the peers' URI parsers, on the same inputs.
fn bench_set(
    c: &mut Criterion,
    name: &str,
    inputs: &[String],
    parse: impl Fn(&str) -> usize,
    parse_key: impl Fn(&str) -> usize,
) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(inputs.len() as u64));
    g.bench_function("pidkit-parse", |b| {
        b.iter(|| inputs.iter().map(|s| parse(black_box(s))).sum::<usize>())
    });
    g.bench_function("pidkit-parse+key", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|s| parse_key(black_box(s)))
                .sum::<usize>()
        })
    });
    g.bench_function("pidkit-iri-only", |b| {
        b.iter(|| {
            inputs
                .iter()
                .filter(|s| IriRef::parse_with(black_box(s.as_str()), Profile::Rfc3986Uri).is_ok())
                .count()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            inputs
                .iter()
                .filter(|s| fluent_uri::Uri::parse(black_box(s.as_str())).is_ok())
                .count()
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            inputs
                .iter()
                .filter(|s| iri_string::types::UriStr::new(black_box(s.as_str())).is_ok())
                .count()
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let ids = ivoids();
    if ids.is_empty() {
        eprintln!("SKIPPED: ivoa/ivoids.tsv not found (set PIDKIT_CONFORMANCE_DIR)");
    } else {
        bench_set(
            c,
            "ivoid",
            &ids,
            |s| Ivoid::parse(s).map_or(0, |i| i.as_str().len()),
            |s| Ivoid::parse(s).map_or(0, |i| i.key().len()),
        );
    }
    bench_set(
        c,
        "urn",
        &urns(),
        |s| Urn::parse(s).map_or(0, |u| u.nss().len()),
        |s| Urn::parse(s).map_or(0, |u| u.key().len()),
    );
}

criterion_group!(group, benches);
criterion_main!(group);
