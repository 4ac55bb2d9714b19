//! Every scheme's prefilter (`Scheme::PREFILTER`) admits every input its `claims` accepts: with
//! the prefilters, auto-detection asks fewer schemes, and must give the same answers. Checked on
//! every string literal of the library's tests (each scheme's examples), on their upper- and
//! lower-case variants, on random strings of the pieces identifiers are made of, and on the
//! conformance corpora when they are there.

mod common;

use std::path::{Path, PathBuf};

use pidkit::scheme::{claimants, claimants_unfiltered};

fn same(t: &str) {
    let b = t.as_bytes();
    let with: Vec<_> = claimants(b).collect();
    let without: Vec<_> = claimants_unfiltered(b).collect();
    assert_eq!(
        with, without,
        "the prefilters change the claimants of {t:?}"
    );
}

/// The string literals of a Rust source (roughly: enough to collect every example).
fn literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' && (i == 0 || b[i - 1] != b'\'') {
            let mut s = String::new();
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                if b[j] == b'\\' && j + 1 < b.len() {
                    match b[j + 1] {
                        b'n' => s.push('\n'),
                        b't' => s.push('\t'),
                        b'\\' => s.push('\\'),
                        b'"' => s.push('"'),
                        _ => {}
                    }
                    j += 2;
                    continue;
                }
                let ch = src[j..].chars().next().unwrap_or('\u{FFFD}');
                s.push(ch);
                j += ch.len_utf8();
            }
            out.push(s);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_prefilters_admit_every_example_of_every_scheme() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    let mut n = 0;
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        for lit in literals(&src) {
            for t in [
                lit.clone(),
                lit.to_ascii_uppercase(),
                lit.to_ascii_lowercase(),
                lit.trim().to_owned(),
            ] {
                same(&t);
                n += 1;
            }
        }
    }
    assert!(n > 20_000, "only {n} examples");
}

#[test]
fn the_prefilters_admit_every_random_identifier_shape() {
    use proptest::prelude::*;
    let pieces = [
        "http://",
        "https://",
        "HTTPS://",
        "www.",
        "orcid.org/",
        "isni.org/isni/",
        "ror.org/",
        "doi.org/",
        "dx.doi.org/",
        "hdl.handle.net/",
        "n2t.net/",
        "ark:",
        "/ark:/",
        "arxiv.org/abs/",
        "export.arxiv.org/pdf/",
        "pubmed.ncbi.nlm.nih.gov/",
        "www.ncbi.nlm.nih.gov/pmc/articles/",
        "www.ncbi.nlm.nih.gov/pubmed/",
        "pmc.ncbi.nlm.nih.gov/articles/",
        "PMC",
        "PMID:",
        "pmid ",
        "info:pmid/",
        "info:doi/",
        "info:hdl/",
        "urn:",
        "ivo://",
        "swh:1:",
        "archive.softwareheritage.org/",
        "identifiers.org/",
        "purl.org/",
        "w3id.org/",
        "wikidata.org/wiki/",
        "www.wikidata.org/entity/",
        "wd:",
        "Q",
        "P",
        "L",
        "d-nb.info/gnd/",
        "gnd:",
        "(DE-588)",
        "viaf.org/viaf/",
        "VIAF ",
        "ascl:",
        "ascl.net/",
        "hal:",
        "hal-",
        "tel-",
        "hal.science/",
        "theses.hal.science/",
        "hal.inria.fr/",
        "RRID:",
        "scicrunch.org/resolver/",
        "AB_",
        "bibcode:",
        "ui.adsabs.harvard.edu/abs/",
        "2019",
        "ApJ",
        "...",
        "ISBN ",
        "ISBN-13:",
        "978",
        "979",
        "ISSN ",
        "ISSN-L",
        "eISSN",
        "portal.issn.org/resource/ISSN/",
        "EAN ",
        "UPC-A ",
        "GTIN ",
        "ORCID: ",
        "ORCID iD ",
        "ror:",
        "ROR ",
        "ISNI ",
        "arXiv:",
        "math/",
        "hep-th/",
        "cond-mat.stat-mech/",
        "0000-0002-1825-0097",
        "0000000218250097",
        "05dxps055",
        "2101.00001",
        "v2",
        "10.",
        "10.1000/182",
        "10/",
        "doi:",
        "DOI ",
        "0",
        "1",
        "2",
        "3",
        "5",
        "9",
        "X",
        "x",
        "-",
        " ",
        ":",
        "/",
        ".",
        "?",
        "#",
        "%26",
        ":443",
        ":8a",
        "[::1]",
        "…",
        "é",
        "a",
        "b",
        "z",
        "_",
    ];
    proptest!(proptest::test_runner::Config::with_cases(20_000), |(v in prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..7))| {
        same(&v.concat());
    });
}

#[test]
fn the_prefilters_admit_every_line_of_the_conformance_corpora() {
    let dir = std::env::var_os("PIDKIT_CONFORMANCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance")
        });
    let files = [
        "doi/crossref-sample-dois.txt",
        "url-various-datasets/others/kasztp.txt",
        "url-various-datasets/files/node_files.txt",
        "ivoa/ivoids.tsv",
    ];
    if !dir.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI=true: the conformance data is missing at {}",
            dir.display()
        );
        common::skipped("*");
        return;
    }
    for f in files {
        let text = std::fs::read_to_string(dir.join(f)).unwrap_or_default();
        for line in text.lines().take(50_000) {
            same(line.split('\t').next().unwrap_or(line));
        }
    }
}
