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
    assert_eq!(
        sici["doi"],
        "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0"
    );
    // Columns count characters: the Japanese IRI starts a line, the Hebrew one after Hebrew text.
    let out = pidkit()
        .args(["extract", "--tsv", "page.html"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.lines().next(), Some("file\tline\tcolumn\tkind\tmatch"));
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
