//! IRI → URI and URI → IRI (draft-duerst-iri-bis-07 §3.3–3.7): pidkit against iri-string
//! (`encode_to_uri`) and fluent-uri (`to_uri_ref`), on non-ASCII corpora and on ASCII ones
//! (where the mapping is the identity: pidkit borrows, the peers copy).
//!
//! Every library converts references it has already parsed; parsing is outside the timing.
//! `cargo bench -p pidkit-bench --bench convert -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iri_string::format::ToDedicatedString;
use pidkit::{Idna, IriRef, ToIri, ToUri};

/// The first column of `i18n-iri-index/non-ascii-iris.tsv` (unescaped).
fn i18n_iris() -> Vec<String> {
    let Some(rows) = pidkit_bench::lines("i18n-iri-index/non-ascii-iris.tsv") else {
        return Vec::new();
    };
    rows.iter()
        .skip(1)
        .filter_map(|r| r.split('\t').next())
        .map(|f| {
            f.replace("\\t", "\t")
                .replace("\\n", "\n")
                .replace("\\r", "\r")
                .replace("\\\\", "\\")
        })
        .collect()
}

/// Bases and references of the Common Crawl sample that hold non-ASCII text.
fn cc_non_ascii() -> Vec<String> {
    pidkit_bench::cc_pairs()
        .into_iter()
        .flat_map(|(b, r)| [b, r])
        .filter(|s| !s.is_ascii())
        .collect()
}

/// The internationalized names of the Public Suffix List, as `http://NAME/`.
fn psl_urls() -> Vec<String> {
    pidkit_bench::psl_names()
        .into_iter()
        .map(|name| format!("http://{name}/"))
        .collect()
}

/// Keep the inputs that all three libraries accept as IRI references.
fn common_valid(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|s| {
            IriRef::parse(s.as_str()).is_ok()
                && iri_string::types::IriReferenceStr::new(s).is_ok()
                && fluent_uri::IriRef::parse(s.as_str()).is_ok()
        })
        .collect()
}

fn bench_iri_to_uri(c: &mut Criterion, name: &str, lines: &[String], idna_differs: bool) {
    if lines.is_empty() {
        return;
    }
    let ours: Vec<_> = lines
        .iter()
        .map(|s| IriRef::parse(s.as_str()).unwrap())
        .collect();
    let theirs_is: Vec<_> = lines
        .iter()
        .map(|s| iri_string::types::IriReferenceStr::new(s).unwrap())
        .collect();
    let theirs_fl: Vec<_> = lines
        .iter()
        .map(|s| fluent_uri::IriRef::parse(s.as_str()).unwrap())
        .collect();
    let mut g = c.benchmark_group(format!("iri_to_uri/{name}"));
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("pidkit", |b| {
        b.iter(|| {
            for r in &ours {
                let _ = black_box(r.to_uri());
            }
        })
    });
    if idna_differs {
        // The default keeps recent hosts per thread, and criterion converts the same corpus
        // again and again: above, every host after the first pass comes from the memo (as
        // in a URL list where hosts recur). Here every host goes through IDNA ToASCII.
        let uncached = ToUri::new().host_cache(false);
        g.bench_function("pidkit (no host cache)", |b| {
            b.iter(|| {
                for r in &ours {
                    let _ = black_box(uncached.convert(r));
                }
            })
        });
        // The peers percent-encode hosts; this is the same work (RFC 3987 §3.1 general mapping).
        let never = ToUri::new().idna(Idna::Never);
        g.bench_function("pidkit (Idna::Never)", |b| {
            b.iter(|| {
                for r in &ours {
                    let _ = black_box(never.convert(r));
                }
            })
        });
    }
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            for r in &theirs_is {
                black_box(r.encode_to_uri().to_dedicated_string());
            }
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for r in &theirs_fl {
                black_box(r.to_uri_ref());
            }
        })
    });
    g.finish();
}

/// URI → IRI. Neither peer has this conversion; both decode UTF-8 `%XX` only as part of their
/// syntax-based normalization (which does more: case, dot segments), shown for context.
/// iri-string normalizes absolute IRIs only, so the corpus is the absolute URIs.
fn bench_uri_to_iri(c: &mut Criterion, name: &str, lines: &[String]) {
    let uris: Vec<String> = lines
        .iter()
        .filter_map(|s| Some(IriRef::parse(s.as_str()).ok()?.to_uri().ok()?.to_string()))
        .filter(|u| {
            iri_string::types::IriStr::new(u).is_ok()
                && fluent_uri::IriRef::parse(u.as_str()).is_ok()
        })
        .collect();
    if uris.is_empty() {
        return;
    }
    let ours: Vec<_> = uris
        .iter()
        .map(|s| IriRef::parse(s.as_str()).unwrap())
        .collect();
    let theirs_is: Vec<_> = uris
        .iter()
        .map(|s| iri_string::types::IriStr::new(s).unwrap())
        .collect();
    let theirs_fl: Vec<_> = uris
        .iter()
        .map(|s| fluent_uri::IriRef::parse(s.as_str()).unwrap())
        .collect();
    let mut g = c.benchmark_group(format!("uri_to_iri/{name}"));
    g.throughput(Throughput::Elements(uris.len() as u64));
    let to_iri = ToIri::new();
    g.bench_function("pidkit", |b| {
        b.iter(|| {
            for r in &ours {
                black_box(to_iri.convert(r));
            }
        })
    });
    g.bench_function("iri-string normalize", |b| {
        b.iter(|| {
            for r in &theirs_is {
                black_box(r.normalize().to_dedicated_string());
            }
        })
    });
    g.bench_function("fluent-uri normalize", |b| {
        b.iter(|| {
            for r in &theirs_fl {
                let _ = black_box(r.normalize());
            }
        })
    });
    g.finish();
}

fn convert(c: &mut Criterion) {
    let non_ascii = [
        ("i18n-index", common_valid(i18n_iris()), true),
        ("cc-non-ascii", common_valid(cc_non_ascii()), true),
        ("psl-hosts", common_valid(psl_urls()), true),
    ];
    for (name, lines, idna) in &non_ascii {
        bench_iri_to_uri(c, name, lines, *idna);
        bench_uri_to_iri(c, name, lines);
    }
    for corpus in pidkit_bench::url_corpora() {
        let name = format!("ascii-{}", corpus.name);
        let lines = common_valid(corpus.lines);
        bench_iri_to_uri(c, &name, &lines, false);
        bench_uri_to_iri(c, &name, &lines);
    }
}

criterion_group!(benches, convert);
criterion_main!(benches);
