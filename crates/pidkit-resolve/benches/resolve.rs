//! Resolving 10,000 DOIs against the in-process Handle API server on 127.0.0.1: at concurrency
//! 1, 4 and 16 over HTTP (keep-alive), and from a warm on-disk cache.
//!
//! cargo bench -p pidkit-resolve --bench resolve -- --warm-up-time 1 --measurement-time 3

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{Cache, Config, Outcome, Resolver, Source};

const N: usize = 10_000;

fn ids() -> Vec<String> {
    (0..N).map(|i| format!("10.5555/bench/{i}")).collect()
}

fn run(resolver: &Resolver, ids: &[String], concurrency: usize, source: Source) -> usize {
    let mut n = 0;
    resolver.resolve_all(ids.iter().cloned(), concurrency, |r| {
        assert_eq!(
            (r.outcome, r.source),
            (Outcome::Resolved, source),
            "{:?}",
            r.reason
        );
        n += 1;
    });
    assert_eq!(n, N);
    n
}

fn resolve_10k(c: &mut Criterion) {
    let server = TestServer::start();
    let ids = ids();
    let config = |pool| Config {
        resolver: server.url(),
        pool,
        ..Config::default()
    };
    let mut g = c.benchmark_group("resolve_10k_dois");
    g.sample_size(10).throughput(Throughput::Elements(N as u64));
    for concurrency in [1, 4, 16] {
        let resolver = Resolver::new(config(concurrency));
        g.bench_function(format!("http/concurrency-{concurrency}"), |b| {
            b.iter(|| {
                server.reset(); // keep the server's request log small
                run(&resolver, &ids, concurrency, Source::Network)
            })
        });
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let resolver =
        Resolver::new(config(4)).with_cache(Cache::open(dir.path()).expect("cache opens"));
    run(&resolver, &ids, 16, Source::Network);
    resolver.cache().expect("cache").flush().expect("flushed");
    for concurrency in [1, 4] {
        g.bench_function(format!("warm-cache/concurrency-{concurrency}"), |b| {
            b.iter(|| run(&resolver, &ids, concurrency, Source::Cache))
        });
    }
    g.finish();
}

criterion_group!(benches, resolve_10k);
criterion_main!(benches);
