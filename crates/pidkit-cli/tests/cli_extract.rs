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
    assert_eq!(text.lines().next(), Some("file\tline\tcolumn\tkind\tinput"));
    assert_eq!(
        text.lines().nth(1),
        Some("page.html\t3\t20\tiri\thttp://ש.example.org/אבג/?q=1&r=2")
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
        "<stdin>\t200000\t17\tiri\thttp://h.example/199999"
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
    assert_eq!(lines[1], "<stdin>\t1\t3\tiri\thttp://a/0");
    assert_eq!(lines[2], "<stdin>\t1\t14\tiri\thttp://a/1");
    assert_eq!(
        lines[N],
        format!("<stdin>\t1\t{}\tiri\thttp://a/9", 3 + 11 * (N - 1))
    );
    assert_eq!(lines[N + 1], "<stdin>\t2\t3\turn\turn:isbn:0451450523");
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
                l.trim_end_matches(" (truncated at the line end?)")
                    .to_owned()
            })
            .collect();
        assert_eq!(got.len(), expected.len(), "--threads {threads}");
        let first_difference = got.iter().zip(&expected).position(|(a, b)| a != b);
        assert_eq!(first_difference, None, "--threads {threads}");
    }
}
