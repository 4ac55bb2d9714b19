//! Reference resolution of the Common Crawl (base, href) pairs and syntax-based normalization of
//! the URL corpora: pidkit against oxiri, iri-string and fluent-uri, in one run.
//!
//! Every function parses its inputs (base and reference, or the IRI) and produces the result as a
//! string; inputs a library rejects cost it only the failed parse.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iri_string::format::ToDedicatedString;
use pidkit_bench::{cc_pairs, url_corpora};

fn resolution(c: &mut Criterion) {
    let pairs = cc_pairs();
    if pairs.is_empty() {
        return;
    }
    let bytes: usize = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
    let mut g = c.benchmark_group("resolve/cc_10k");
    g.throughput(Throughput::Bytes(bytes as u64));

    g.bench_function("pidkit", |bench| {
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(base), Ok(r)) = (
                    pidkit::Iri::parse(b.as_str()),
                    pidkit::IriRef::parse(r.as_str()),
                ) {
                    n += base.resolve(&r).into_inner().len();
                }
            }
            black_box(n)
        })
    });
    g.bench_function("pidkit_into", |bench| {
        let mut buf = String::new();
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(base), Ok(r)) = (
                    pidkit::Iri::parse(b.as_str()),
                    pidkit::IriRef::parse(r.as_str()),
                ) {
                    n += base
                        .resolve_into(&r, pidkit::ReferenceResolution::Strict, &mut buf)
                        .as_str()
                        .len();
                }
            }
            black_box(n)
        })
    });
    g.bench_function("oxiri", |bench| {
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(base), Ok(r)) = (
                    oxiri::Iri::parse(b.as_str()),
                    oxiri::IriRef::parse(r.as_str()),
                ) && let Ok(t) = base.resolve(&r)
                {
                    n += t.into_inner().len();
                }
            }
            black_box(n)
        })
    });
    g.bench_function("iri-string", |bench| {
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(base), Ok(r)) = (
                    iri_string::types::IriStr::new(b.as_str()),
                    iri_string::types::IriReferenceStr::new(r.as_str()),
                ) {
                    n += r
                        .resolve_against(base.to_absolute())
                        .to_dedicated_string()
                        .len();
                }
            }
            black_box(n)
        })
    });
    g.bench_function("fluent-uri", |bench| {
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(base), Ok(r)) = (
                    fluent_uri::Iri::parse(b.as_str()),
                    fluent_uri::IriRef::parse(r.as_str()),
                ) && let Ok(t) = r.resolve_against(&base)
                {
                    n += t.into_string().len();
                }
            }
            black_box(n)
        })
    });
    g.finish();
}

fn normalization(c: &mut Criterion) {
    for corpus in url_corpora() {
        let lines = &corpus.lines;
        let bytes: usize = lines.iter().map(String::len).sum();
        let mut g = c.benchmark_group(format!("normalize/{}", corpus.name));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function("pidkit", |bench| {
            bench.iter(|| {
                let mut n = 0;
                for l in lines {
                    if let Ok(iri) = pidkit::Iri::parse(l.as_str()) {
                        n += iri.normalize(pidkit::Level::Syntax).as_str().len();
                    }
                }
                black_box(n)
            })
        });
        g.bench_function("pidkit_into", |bench| {
            let mut buf = String::new();
            bench.iter(|| {
                let mut n = 0;
                for l in lines {
                    if let Ok(iri) = pidkit::Iri::parse(l.as_str()) {
                        n += iri
                            .normalize_into(pidkit::Level::Syntax, &mut buf)
                            .as_str()
                            .len();
                    }
                }
                black_box(n)
            })
        });
        g.bench_function("iri-string", |bench| {
            bench.iter(|| {
                let mut n = 0;
                for l in lines {
                    if let Ok(iri) = iri_string::types::IriStr::new(l.as_str()) {
                        n += iri.normalize().to_dedicated_string().len();
                    }
                }
                black_box(n)
            })
        });
        g.bench_function("fluent-uri", |bench| {
            bench.iter(|| {
                let mut n = 0;
                for l in lines {
                    if let Ok(iri) = fluent_uri::Iri::parse(l.as_str()) {
                        n += iri.normalize().into_string().len();
                    }
                }
                black_box(n)
            })
        });
        g.finish();
    }
}

criterion_group!(benches, resolution, normalization);
criterion_main!(benches);
