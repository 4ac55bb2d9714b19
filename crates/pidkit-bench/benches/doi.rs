//! DOIs: recognising and normalizing the 3,000 Crossref DOIs, repeated to one million inputs in
//! mixed written forms (name, `doi:` URI, `DOI:` label, doi.org / dx.doi.org URLs, `info:`,
//! `urn:`, upper case), and finding DOIs in running text.

use std::fmt::Write;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pidkit::doi::{self, Doi};

/// One million inputs in mixed forms, built from the Crossref sample.
pub fn mixed_inputs(dois: &[String], n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let name = &dois[i % dois.len()];
            let d = Doi::parse(name).expect("Crossref DOIs parse");
            match i % 8 {
                0 => name.clone(),
                1 => d.to_uri(),
                2 => d.to_url(),
                3 => format!("DOI: {name}"),
                4 => d.to_url().replace("https://doi.org/", "http://dx.doi.org/"),
                5 => format!("info:doi/{}", d.uri_ssp()),
                6 => format!(
                    "urn:doi:{}:{}",
                    d.prefix(),
                    &d.uri_ssp()[d.prefix().len() + 1..]
                ),
                _ => name.to_ascii_uppercase(),
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let Some(dois) = pidkit_bench::lines("doi/crossref-sample-dois.txt") else {
        eprintln!("SKIPPED: doi/crossref-sample-dois.txt not found (set PIDKIT_CONFORMANCE_DIR)");
        return;
    };
    let inputs = mixed_inputs(&dois, 1_000_000);

    let mut g = c.benchmark_group("doi");
    g.sample_size(10);
    g.throughput(Throughput::Elements(inputs.len() as u64));
    // Recognise the form, percent-decode, validate, and write the normalized (equivalence key) form.
    g.bench_function("recognize+normalize/1M mixed forms", |b| {
        let mut out = String::with_capacity(128);
        b.iter(|| {
            let mut ok = 0usize;
            for s in &inputs {
                if let Ok(r) = doi::recognize(black_box(s)) {
                    out.clear();
                    let _ = write!(out, "{}", r.doi.key());
                    ok += out.len();
                }
            }
            ok
        })
    });
    g.finish();

    // Extraction: the sample written as prose, one DOI per sentence, in every form.
    let text: String = inputs[..30_000]
        .iter()
        .map(|s| format!("As shown in ({s}), the effect holds. "))
        .collect();
    let mut g = c.benchmark_group("doi-extract");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("find_iter/30k sentences", |b| {
        b.iter(|| doi::find_iter(black_box(&text)).count())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
