//! End-to-end tests of `pidkit extract` on a corpus of real-looking text written for the test:
//! Markdown, HTML, JSON, BibTeX and an e-mail (tests/data/extract). `expected.txt` was checked by
//! hand, line by line.

use assert_cmd::Command;
use predicates::str::contains;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/extract");
const FILES: [&str; 5] = [
    "notes.md",
    "page.html",
    "record.json",
    "refs.bib",
    "mail.txt",
];

fn pidkit() -> Command {
    let mut c = Command::cargo_bin("pidkit").unwrap();
    c.current_dir(DIR);
    c
}

#[test]
fn finds_every_identifier_in_the_corpus() {
    let expected = std::fs::read_to_string(format!("{DIR}/expected.txt")).unwrap();
    pidkit()
        .arg("extract")
        .args(FILES)
        .arg("--color=never")
        .assert()
        .code(0)
        .stdout(expected);
}

#[test]
fn json_and_tsv_records() {
    let out = pidkit()
        .args(["extract", "--json", "notes.md"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let sici: serde_json::Value = serde_json::from_str(text.lines().nth(4).unwrap()).unwrap();
    assert_eq!(sici["file"], "notes.md");
    assert_eq!(
        (sici["line"].as_u64(), sici["column"].as_u64()),
        (Some(9), Some(19))
    );
    assert_eq!(sici["kind"], "doi");
    // The doi object is parse's (schema 1: it was the name as a string).
    assert_eq!(
        sici["doi"]["name"],
        "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0"
    );
    assert_eq!(sici["doi"]["prefix"], "10.1002");
    // Columns count characters: the Japanese IRI starts a line, the Hebrew one after Hebrew text.
    let out = pidkit()
        .args(["extract", "--tsv", "page.html"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        text.lines().next(),
        Some("file\tline\tcolumn\tkind\tinput\tname\tkey")
    );
    assert_eq!(
        text.lines().nth(1),
        Some(
            "page.html\t3\t20\tiri\thttp://ש.example.org/אבג/?q=1&r=2\t\\N\t\
             http://xn--ueb.example.org/אבג/?q=1&r=2"
        )
    );
}

#[test]
fn stdin_nothing_found_and_errors() {
    pidkit()
        .arg("extract")
        .write_stdin("see urn:isbn:0451450523.\n")
        .assert()
        .code(0)
        .stdout("<stdin>:1:5: urn urn:isbn:0451450523\n");
    pidkit()
        .arg("extract")
        .write_stdin("no identifiers here: 12:30\n")
        .assert()
        .code(1)
        .stdout("");
    pidkit()
        .args(["extract", "missing.txt"])
        .assert()
        .code(2)
        .stderr(contains("cannot read missing.txt"));
}

#[test]
fn invalid_utf8_is_reported_not_fatal() {
    pidkit()
        .arg("extract")
        .write_stdin(b"bad \xff byte then http://a.example/x\n".to_vec())
        .assert()
        .code(0)
        .stdout("<stdin>:1:17: iri http://a.example/x\n")
        .stderr(contains("not valid UTF-8 near line 1"));
}

#[test]
fn a_large_input_streams_with_right_line_numbers() {
    let mut text = String::new();
    for i in 0..200_000 {
        text.push_str(&format!("line {i} has http://h.example/{i} in it\n"));
    }
    let out = pidkit()
        .args(["extract", "--tsv"])
        .write_stdin(text)
        .assert()
        .code(0);
    let lines: Vec<String> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 200_001);
    assert_eq!(
        lines[200_000],
        "<stdin>\t200000\t17\tiri\thttp://h.example/199999\t\\N\thttp://h.example/199999"
    );
}

/// Columns are counted on from the previous match: a line with many matches (here 50,000 on
/// one 550 kB line, each column recounted from the line start took minutes) gets every column
/// right, and so does the line after it.
#[test]
fn many_matches_on_one_line_have_their_columns() {
    const N: usize = 50_000;
    let mut text = "é ".to_owned();
    for i in 0..N {
        text.push_str(&format!("http://a/{} ", i % 10));
    }
    text.push_str("\n  urn:isbn:0451450523\n");
    let out = pidkit()
        .args(["extract", "--tsv"])
        .write_stdin(text)
        .assert()
        .code(0);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), N + 2);
    assert_eq!(lines[1], "<stdin>\t1\t3\tiri\thttp://a/0\t\\N\thttp://a/0");
    assert_eq!(lines[2], "<stdin>\t1\t14\tiri\thttp://a/1\t\\N\thttp://a/1");
    assert_eq!(
        lines[N],
        format!(
            "<stdin>\t1\t{}\tiri\thttp://a/9\t\\N\thttp://a/9",
            3 + 11 * (N - 1)
        )
    );
    assert_eq!(
        lines[N + 1],
        "<stdin>\t2\t3\turn\turn:isbn:0451450523\t\\N\turn:isbn:9780451450524"
    );
}

/// Trailing closing brackets are counted, not rescanned per bracket (80,000 of them took 16 s).
#[test]
fn trailing_brackets_leave_the_iri_alone() {
    let text = format!(
        "see http://a/b{}\n{}http://a/{}\n",
        ")".repeat(80_000),
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    pidkit()
        .arg("extract")
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout("<stdin>:1:5: iri http://a/b\n<stdin>:2:100001: iri http://a/\n");
}

/// line, column, kind, match, DOI name, truncated.
type Summary<'a> = (u64, u64, &'a str, &'a str, Option<&'a str>, bool);

/// Issue 16 item 4 through the command: JSON strings, a broken reference, a truncated URL,
/// CJK sentence punctuation, and a resolver URL with no DOI.
#[test]
fn json_broken_lines_and_cjk() {
    let text = "{\"doi\": \"10.1000\\/182\", \"url\": \"https:\\/\\/example.org\\/a\"}\n\
                [1] Cell. https://doi.org/10.1016/j.cell.2020.\n    01.001\n\
                See https://example.org/some-\nthing else.\n\
                詳細はhttps://example.org/ja。Empty: https://doi.org/10.1000/ here.\n";
    let out = pidkit()
        .args(["extract", "--json"])
        .write_stdin(text)
        .assert()
        .code(0);
    let records: Vec<serde_json::Value> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary: Vec<Summary<'_>> = records
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["column"].as_u64().unwrap(),
                r["kind"].as_str().unwrap(),
                r["input"].as_str().unwrap(),
                r["doi"]["name"].as_str(),
                r.get("truncated").is_some_and(|t| t == true),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, 10, "doi", "10.1000/182", Some("10.1000/182"), false),
            (1, 33, "iri", "https://example.org/a", None, false),
            (
                2,
                11,
                "doi",
                "https://doi.org/10.1016/j.cell.2020.01.001",
                Some("10.1016/j.cell.2020.01.001"),
                false
            ),
            (4, 5, "iri", "https://example.org/some-", None, true),
            (6, 4, "iri", "https://example.org/ja", None, false),
            (6, 34, "iri", "https://doi.org/10.1000/", None, false),
        ]
    );
    pidkit()
        .arg("extract")
        .write_stdin("See https://example.org/some-\nthing else.\n")
        .assert()
        .code(0)
        .stdout("<stdin>:1:5: iri https://example.org/some- (truncated at the line end?)\n");
}

/// The text as the library sees it, as `line:column: kind match` (columns in characters).
fn reference(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut line, mut line_start, mut counted) = (1, 0, 0);
    for f in pidkit::extract::identifiers(text) {
        for (k, _) in text[counted..f.start].match_indices('\n') {
            line += 1;
            line_start = counted + k + 1;
        }
        counted = f.start;
        let column = text[line_start..f.start].chars().count() + 1;
        out.push(format!(
            "<stdin>:{line}:{column}: {} {}",
            f.kind.name(),
            f.text
        ));
    }
    out
}

/// Blocks are searched on all threads and cut only where no identifier crosses: over several
/// MiB of lines that break URLs and DOIs, wrap IRIs in `<…>` across lines and end in labels,
/// the command finds exactly what the library finds in the whole text, on one thread and on
/// two.
#[test]
fn blocks_on_every_core_find_what_the_whole_text_holds() {
    let pieces = [
        "Plain prose with nothing in it, and then some more words to read.\n",
        "[12] Smith J. Cells. https://doi.org/10.1016/j.cell.2020.\n    01.001\n",
        "Available: https://www.example.org/\n    publications/2020/report.pdf\n",
        "Mail says <http://www.ics.uci.edu/pub/\n ietf/uri/historical.html#WARNING>.\n",
        "DOI:\n10.1000/183 and doi:10.1000/184.\n",
        "See https://example.org/some-\nthing that is truncated.\n",
        "{\"u\":\"https:\\/\\/example.org\\/x\"} 詳細はhttps://example.org/ja。\n",
        "https://example.org/a/\nhttps://example.org/b/\n",
        "hdl:1721.1/\n  12345 and urn:isbn:0451450523\n",
        "Wrapped: <https://doi.org/10.1103/PhysRev\n  Lett.128.439250> and <resource/9>.\n",
        "In brackets (https://doi.org/10.1103/PhysRev\nLett.128.439250) or {10.1000/a\nthing}\n",
        "<http://example.org/a b/428> <http://example.org/a%GZ/5>\n",
    ];
    let mut text = String::new();
    let mut x: u64 = 7;
    while text.len() < 5 << 20 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        text.push_str(pieces[(x >> 33) as usize % pieces.len()]);
    }
    let expected = reference(&text);
    assert!(expected.len() > 50_000);
    for threads in ["1", "2"] {
        let out = pidkit()
            .args(["extract", "--color=never", "--threads", threads])
            .write_stdin(text.clone())
            .assert()
            .code(0);
        let got: Vec<String> = String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .lines()
            .map(|l| {
                let l = l.split(" (invalid, ").next().unwrap_or(l);
                l.trim_end_matches(" (truncated at the line end?)")
                    .to_owned()
            })
            .collect();
        assert_eq!(got.len(), expected.len(), "--threads {threads}");
        let first_difference = got.iter().zip(&expected).position(|(a, b)| a != b);
        assert_eq!(first_difference, None, "--threads {threads}");
    }
}

/// The JSON records of `extract --json` on `text` (stdin).
fn json_records(args: &[&str], text: &str) -> Vec<serde_json::Value> {
    let out = pidkit()
        .args(["extract", "--json"])
        .args(args)
        .write_stdin(text.to_owned())
        .assert()
        .code(0);
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Issue 28 item 7 through the command: DOIs wrapped inside `<…>` are read whole (they were
/// cut to `10.1103/PhysRev`, not flagged, and `--unique`/`dedupe` then merged three papers).
#[test]
fn wrapped_dois_inside_angle_brackets() {
    let text = "<https://doi.org/10.1103/PhysRev\nLett.128.439250>\n\
                <https://doi.org/10.1103/PhysRev\n  Lett.129.011101>\n\
                <https://doi.org/10.1103/PhysRev\nD.105.023520>\n";
    let records = json_records(&[], text);
    let names: Vec<&str> = records
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "10.1103/PhysRevLett.128.439250",
            "10.1103/PhysRevLett.129.011101",
            "10.1103/PhysRevD.105.023520"
        ]
    );
    assert!(records.iter().all(|r| r.get("truncated").is_none()));
    assert_eq!(
        records[0]["input"],
        "https://doi.org/10.1103/PhysRevLett.128.439250"
    );
    assert_eq!(
        (records[1]["line"].as_u64(), records[1]["column"].as_u64()),
        (Some(3), Some(2))
    );
    // Three papers, three identifiers under --unique.
    pidkit()
        .args(["extract", "--unique", "--no-summary"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(
            "<stdin>:1:2: doi https://doi.org/10.1103/PhysRevLett.128.439250\n\
             <stdin>:3:2: doi https://doi.org/10.1103/PhysRevLett.129.011101\n\
             <stdin>:5:2: doi https://doi.org/10.1103/PhysRevD.105.023520\n",
        );
    // Inside other brackets: joined where the next word closes them, flagged otherwise.
    let records = json_records(
        &[],
        "(https://doi.org/10.1103/PhysRev\nLett.128.439250).\n\
         (https://doi.org/10.1103/PhysRev\nLett.128.439250 and others)\n",
    );
    assert_eq!(records[0]["name"], "10.1103/PhysRevLett.128.439250");
    assert_eq!(records[1]["input"], "https://doi.org/10.1103/PhysRev");
    assert_eq!(records[1]["truncated"], true);
}

/// Issue 28 item 7, the N-Triples case: IRIs in `<…>` are reported as written with their
/// error (`<http://example.org/a b/428>` came out as `http://example.org/ab/428`,
/// `<http://example.org/a%GZ/5>` as `http://example.org/a`), and relative references inside
/// `<…>` as `relative-ref` (`<resource/9>` was not reported at all).
#[test]
fn n_triples_iris_as_written_with_their_errors() {
    let nt = "<http://example.org/s> <http://example.org/p> <http://example.org/a b/428> .\n\
              <http://example.org/s> <http://example.org/p> <http://example.org/a%GZ/5> .\n\
              <http://example.org/s> <http://example.org/p> <resource/9> .\n";
    let records = json_records(&[], nt);
    let brief: Vec<(u64, u64, &str, &str, Option<&str>)> = records
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["column"].as_u64().unwrap(),
                r["kind"].as_str().unwrap(),
                r["input"].as_str().unwrap(),
                r["error"]["code"].as_str(),
            )
        })
        .collect();
    let s = (1, 2, "iri", "http://example.org/s", None);
    assert_eq!(
        brief,
        [
            s,
            (1, 25, "iri", "http://example.org/p", None),
            (
                1,
                48,
                "iri",
                "http://example.org/a b/428",
                Some("invalid-char")
            ),
            (2, 2, "iri", "http://example.org/s", None),
            (2, 25, "iri", "http://example.org/p", None),
            (
                2,
                48,
                "iri",
                "http://example.org/a%GZ/5",
                Some("bad-percent")
            ),
            (3, 2, "iri", "http://example.org/s", None),
            (3, 25, "iri", "http://example.org/p", None),
            (3, 48, "relative-ref", "resource/9", None),
        ]
    );
    // The error is the input's: offset and length point into `input`.
    assert_eq!(records[2]["error"]["offset"], 20);
    assert_eq!(records[2]["error"]["len"], 1);
    assert_eq!(records[5]["error"]["offset"], 20);
    assert_eq!(records[5]["error"]["len"], 3);
    // The human output says so.
    pidkit()
        .args(["extract", "--color=never", "--no-summary"])
        .write_stdin("<http://example.org/a b/428>\n")
        .assert()
        .code(0)
        .stdout(
            "<stdin>:1:2: iri http://example.org/a b/428 \
             (invalid, invalid-char: space is not allowed here)\n",
        );
}

/// Issue 28 item 7: `--kind` reports only the kinds named (validated against the library's
/// list: an unknown one is a usage error), `--unique` each identifier once by its key at the
/// scheme rung (its first occurrence, across files), and the TSV has `name` and `key`.
#[test]
fn kind_filter_unique_and_the_name_and_key_columns() {
    let text = "doi:10.1000/ABC, https://doi.org/10.1000/abc and arXiv:2101.00001v2 \
                http://Example.org/a <resource/9> http://example.org:80/a 10.1000/abc.\n";
    pidkit()
        .args(["extract", "--kind", "doi,arxiv", "--no-summary"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(
            "<stdin>:1:1: doi doi:10.1000/ABC\n\
             <stdin>:1:18: doi https://doi.org/10.1000/abc\n\
             <stdin>:1:50: arxiv arXiv:2101.00001v2\n\
             <stdin>:1:127: doi 10.1000/abc\n",
        );
    pidkit()
        .args(["extract", "--unique", "--color=never"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(
            "<stdin>:1:1: doi doi:10.1000/ABC\n\
             <stdin>:1:50: arxiv arXiv:2101.00001v2\n\
             <stdin>:1:69: iri http://Example.org/a\n\
             <stdin>:1:91: relative-ref resource/9\n",
        )
        .stderr(contains("4 identifiers found"));
    pidkit()
        .args(["extract", "--kind", "relative-ref,iri", "--unique", "--tsv"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(
            "file\tline\tcolumn\tkind\tinput\tname\tkey\n\
             <stdin>\t1\t69\tiri\thttp://Example.org/a\t\\N\thttp://example.org/a\n\
             <stdin>\t1\t91\trelative-ref\tresource/9\t\\N\tresource/9\n",
        );
    let out = pidkit()
        .args(["extract", "--tsv", "--kind", "doi"])
        .write_stdin(text)
        .assert()
        .code(0);
    let tsv = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        tsv.lines().nth(1),
        Some("<stdin>\t1\t1\tdoi\tdoi:10.1000/ABC\t10.1000/ABC\tdoi:10.1000/ABC")
    );
    // Nothing of the kinds asked for: exit 1, as for nothing found.
    pidkit()
        .args(["extract", "--kind", "orcid", "--no-summary"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stdout("");
    // Across files: the first occurrence only.
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.md"), dir.path().join("b.bib"));
    std::fs::write(&a, "See doi:10.1000/182.\n").unwrap();
    std::fs::write(
        &b,
        "doi = {10.1000/182},\nurl = {https://DOI.org/10.1000/183}\n",
    )
    .unwrap();
    let out = pidkit()
        .args(["extract", "--unique", "--json"])
        .arg(&a)
        .arg(&b)
        .assert()
        .code(0);
    let inputs: Vec<String> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["input"].to_string())
        .collect();
    assert_eq!(
        inputs,
        ["\"doi:10.1000/182\"", "\"https://DOI.org/10.1000/183\""]
    );
    // An unknown kind is a usage error.
    pidkit()
        .args(["extract", "--kind", "doi,nope"])
        .write_stdin(text)
        .assert()
        .code(2)
        .stderr(contains("unknown kind 'nope'"));
}
