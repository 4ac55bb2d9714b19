//! Resolving 10,000 DOIs against the in-process Handle API server on 127.0.0.1: at concurrency
//! 1, 4 and 16 over HTTP (keep-alive), and from a warm on-disk cache. And reading one registry
//! answer of MAX_ROWS capability rows (the VOTable and the record built from it), which must
//! stay linear in the rows.
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
        endpoints: pidkit_resolve::Endpoints::default().with("doi", server.url()),
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

/// A TABLEDATA answer of `rows` rows, each its own capability.
fn registry_answer(rows: usize) -> Vec<u8> {
    let fields: String = [
        "ivoid",
        "res_type",
        "res_title",
        "cap_index",
        "standard_id",
        "cap_type",
        "intf_type",
        "intf_role",
        "url_use",
        "access_url",
    ]
    .iter()
    .map(|f| format!(r#"<FIELD name="{f}" datatype="char" arraysize="*"/>"#))
    .collect();
    let trs: String = (0..rows)
        .map(|i| {
            format!(
                "<TR><TD>ivo://x.y/z</TD><TD>vs:catalogservice</TD><TD>T</TD><TD>{i}</TD>\
                 <TD>ivo://ivoa.net/std/tap</TD><TD/><TD>vs:paramhttp</TD><TD>std</TD>\
                 <TD>base</TD><TD>http://example.org/tap/{i}</TD></TR>"
            )
        })
        .collect();
    format!(
        r#"<VOTABLE><RESOURCE type="results"><TABLE>{fields}<DATA><TABLEDATA>{trs}</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>"#
    )
    .into_bytes()
}

fn registry_rows(c: &mut Criterion) {
    let mut g = c.benchmark_group("registry_answer");
    g.sample_size(10);
    for rows in [100, pidkit_resolve::MAX_ROWS] {
        let doc = registry_answer(rows);
        g.throughput(Throughput::Elements(rows as u64));
        g.bench_function(format!("{rows}-rows"), |b| {
            b.iter(|| pidkit_resolve::fuzz::votable(&doc))
        });
    }
    g.finish();
}

criterion_group!(benches, resolve_10k, registry_rows);
criterion_main!(benches);
