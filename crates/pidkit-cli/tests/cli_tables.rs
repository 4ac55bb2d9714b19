//! Issue 28 items 1 and 2: tables (`--format csv|tsv`, `--column`, `--output csv|tsv`) and RDF
//! (`--format ntriples|nquads`) as input of the line commands and `dedupe`.

use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;

fn pidkit() -> Command {
    let mut c = Command::cargo_bin("pidkit").unwrap();
    c.env("NO_COLOR", "1");
    c
}

/// Run `args` over `input` on stdin: stdout, stderr, exit code.
fn run(args: &[&str], input: impl Into<Vec<u8>>) -> (String, String, Option<i32>) {
    let out = pidkit()
        .args(args)
        .arg("--no-summary")
        .write_stdin(input.into())
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

const REFS: &str = "id,note,doi\r\n\
1,\"commas, and \"\"quotes\"\"\",10.1000/ABC\r\n\
2,\"two\r\nlines\",https://doi.org/10.1000/abc\r\n\
\r\n\
3,short\r\n\
4,,\"\"\r\n\
5,x,\"doi:10.1000/a,b\"\r\n";

#[test]
fn quoted_cells_keep_rows_and_lines_apart() {
    let (out, _, code) = run(
        &["check", "--json", "--format", "csv", "--column", "doi"],
        REFS,
    );
    assert_eq!(code, Some(1));
    let r = records(&out);
    let at: Vec<(u64, u64)> = r
        .iter()
        .map(|r| (r["row"].as_u64().unwrap(), r["line"].as_u64().unwrap()))
        .collect();
    // The empty line (line 5) is no row; row 2's note spans lines 3-4.
    assert_eq!(at, [(1, 2), (2, 3), (3, 6), (4, 7), (5, 8)]);
    assert!(r.iter().all(|r| r["column"] == "doi"));
    assert_eq!(r[0]["input"], "10.1000/ABC");
    assert_eq!(r[4]["input"], "doi:10.1000/a,b");
    assert_eq!(r[2]["error"]["code"], "missing-column");
    assert_eq!(r[2]["input"], "3,short");
    assert_eq!(r[2]["error"]["offset"], 7);
    assert_eq!(r[3]["blank"], true, "a quoted empty cell is blank");
    // By number, with or without a header; without one the column is a number.
    let (out, _, _) = run(&["key", "--json", "--format", "csv", "--column", "3"], REFS);
    assert_eq!(records(&out)[1]["column"], "doi");
    let (out, _, _) = run(
        &[
            "key",
            "--json",
            "--format",
            "csv",
            "--no-header",
            "--column",
            "3",
        ],
        REFS,
    );
    let r = records(&out);
    assert_eq!(
        (r[0]["row"].as_u64(), r[0]["line"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(r[0]["column"], 3);
    assert_eq!(r[0]["input"], "doi");
}

#[test]
fn the_table_is_written_back_with_columns_added() {
    let (out, _, _) = run(
        &[
            "key", "--format", "csv", "--column", "doi", "--output", "csv",
        ],
        REFS,
    );
    assert_eq!(
        out,
        "id,note,doi,kind,valid,error,key\r\n\
1,\"commas, and \"\"quotes\"\"\",10.1000/ABC,doi,true,,doi:10.1000/ABC\r\n\
2,\"two\r\nlines\",https://doi.org/10.1000/abc,doi,true,,doi:10.1000/ABC\r\n\
\r\n\
3,short,,unknown,false,missing-column,\r\n\
4,,\"\",,,,\r\n\
5,x,\"doi:10.1000/a,b\",doi,true,,\"doi:10.1000/A,B\"\r\n"
    );
    // A header that has the names already: pidkit_ before them.
    let (out, _, _) = run(
        &[
            "check", "--format", "tsv", "--output", "tsv", "--column", "id",
        ],
        "id\tkind\tvalid\n10.1000/1\ta\tb\n",
    );
    assert_eq!(
        out,
        "id\tkind\tvalid\tpidkit_kind\tpidkit_valid\terror\n10.1000/1\ta\tb\tdoi\ttrue\t\n"
    );
    // CSV into TSV: cell by cell, quoted only where needed.
    let (out, _, _) = run(
        &[
            "to-uri", "--format", "csv", "--column", "u", "--output", "tsv",
        ],
        "u,n\n\"http://a/é\",\"x\ty\"\n",
    );
    assert_eq!(
        out,
        "u\tn\tkind\tvalid\terror\turi\nhttp://a/é\t\"x\ty\"\tiri\ttrue\t\thttp://a/%C3%A9\n"
    );
}

#[test]
fn bytes_that_are_not_text_in_other_cells_are_replaced_and_said() {
    // The output is text: a cell pidkit copies that is not valid in the input's encoding is
    // written with U+FFFD, and a warning says how many rows and where the first is. No row is
    // left out.
    let table = b"id,ref,note\n1,10.1000/182,caf\xe9\n2,10.1000/183,ok\n3,10.1000/184,\xff\xfe\n";
    for command in ["key", "dedupe"] {
        let (out, err, code) = run(
            &[
                command, "--format", "csv", "--column", "ref", "--output", "csv",
            ],
            table.to_vec(),
        );
        assert_eq!(code, Some(0), "{command}: {err}");
        let rows: Vec<&str> = out.lines().collect();
        assert_eq!(rows.len(), 4, "{command}: {out}");
        assert!(
            rows[1].starts_with("1,10.1000/182,caf\u{FFFD},"),
            "{command}: {out}"
        );
        assert!(
            rows[3].starts_with("3,10.1000/184,\u{FFFD}\u{FFFD},"),
            "{command}: {out}"
        );
        assert!(
            err.contains(
                "2 row(s) held bytes that are not valid UTF-8 (the first on line 2): they are \
                 written back with U+FFFD"
            ),
            "{command}: {err}"
        );
    }
    // In the table's own encoding, named, nothing is replaced and nothing is said.
    let (out, err, _) = run(
        &[
            "key",
            "--format",
            "csv",
            "--column",
            "ref",
            "--output",
            "csv",
            "--encoding",
            "latin1",
        ],
        b"id,ref,note\n1,10.1000/182,caf\xe9\n".to_vec(),
    );
    assert!(out.contains("café"), "{out}");
    assert!(!err.contains("U+FFFD"), "{err}");
}

#[test]
fn dedupe_groups_rows_and_writes_the_deduplicated_table() {
    let (out, _, code) = run(
        &["dedupe", "--json", "--format", "csv", "--column", "doi"],
        REFS,
    );
    assert_eq!(code, Some(1));
    let r = records(&out);
    let members = r[0]["members"].as_array().unwrap();
    assert_eq!(members.len(), 2);
    assert_eq!(members[1]["row"], 2);
    assert_eq!(members[1]["line"], 3);
    assert_eq!(members[1]["column"], "doi");
    assert!(r.iter().any(|r| r["error"]["code"] == "missing-column"));
    let (out, _, _) = run(
        &[
            "dedupe", "--format", "csv", "--column", "doi", "--output", "csv",
        ],
        REFS,
    );
    // Row 2 is a duplicate of row 1: left out; the rest stay, in order.
    assert_eq!(
        out,
        "id,note,doi,kind,valid,error,key\r\n\
1,\"commas, and \"\"quotes\"\"\",10.1000/ABC,doi,true,,doi:10.1000/ABC\r\n\
\r\n\
3,short,,unknown,false,missing-column,\r\n\
4,,\"\",,,,\r\n\
5,x,\"doi:10.1000/a,b\",doi,true,,\"doi:10.1000/A,B\"\r\n"
    );
}

#[test]
fn usage_errors_name_the_columns() {
    for (args, says) in [
        (&["check", "--format", "csv"][..], "the table has 3 columns"),
        (
            &["check", "--format", "csv", "--column", "DOIs"],
            "no such column",
        ),
        (
            &["check", "--format", "csv", "--column", "9"],
            "the header has 3",
        ),
        (&["check", "--column", "doi"], "--column is for tables"),
        (&["check", "--output", "csv"], "--output is for tables"),
        (
            &["check", "--format", "csv", "--column", "doi", "10.1/x"],
            "not arguments",
        ),
    ] {
        let (_, err, code) = run(args, REFS);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    pidkit()
        .args(["check", "--output", "csv", "--json", "--format", "csv"])
        .write_stdin("a\n")
        .assert()
        .code(2);
}

const NT: &str = "<http://a/s> <http://a/p> <http://exa mple.org/> .\n\
# a comment\n\
\n\
<http://a/s> <http://a/p\\u00E9> \"1\"^^<http://www.w3.org/2001/XMLSchema#int> .\n\
<rel/x> <http://a/%zz> _:b .\n\
<http://a/s> <http://a/p> .\n\
_:x <http://a/p> \"x\"@en .\n";

#[test]
fn ntriples_iris_are_reported_as_written_with_line_and_column() {
    let (out, _, code) = run(&["check", "--json", "--format", "ntriples"], NT);
    assert_eq!(code, Some(1));
    let r = records(&out);
    let seen: Vec<(u64, u64, &str, &str, &str)> = r
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["column"].as_u64().unwrap(),
                r["term"].as_str().unwrap_or("-"),
                r["input"].as_str().unwrap(),
                r["error"]["code"].as_str().unwrap_or("ok"),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (1, 2, "subject", "http://a/s", "ok"),
            (1, 15, "predicate", "http://a/p", "ok"),
            (1, 28, "object", "http://exa mple.org/", "invalid-char"),
            (4, 2, "subject", "http://a/s", "ok"),
            (4, 15, "predicate", "http://a/pé", "ok"),
            (
                4,
                39,
                "datatype",
                "http://www.w3.org/2001/XMLSchema#int",
                "ok"
            ),
            (5, 2, "subject", "rel/x", "rdf-relative-iri"),
            (5, 10, "predicate", "http://a/%zz", "bad-percent"),
            (6, 27, "-", "<http://a/s> <http://a/p> .", "rdf-syntax"),
            (7, 6, "predicate", "http://a/p", "ok"),
        ]
    );
    assert_eq!(r[8]["kind"], "unknown");
    assert_eq!(r[8]["error"]["offset"], 26);
    // --as iri-ref lets relative references through; N-Quads takes a graph.
    let (out, _, _) = run(
        &["check", "--json", "--format", "ntriples", "--as", "iri-ref"],
        "<rel/x> <http://a/p> <http://a/o> .\n",
    );
    assert_eq!(records(&out)[0]["valid"], true);
    let (out, _, _) = run(
        &["normalize", "--json", "--format", "nquads"],
        "<http://a/s> <http://a/p> <http://a/o> <HTTP://A:80/g> .\n",
    );
    let r = records(&out);
    assert_eq!(r[3]["term"], "graph");
    assert_eq!(r[3]["normalized"], "http://a/g");
    // Human output: line:column term, and a caret under the error.
    let (out, _, _) = run(&["check", "-q", "--format", "ntriples"], NT);
    assert!(out.contains("1:28 object: error invalid-char"), "{out}");
    assert!(out.contains("6:27: error rdf-syntax"), "{out}");
}

#[test]
fn hostile_tables_and_lines_end_in_error_records() {
    // An unclosed quote makes the rest one record: over 16 MiB, it is skipped and reported.
    let big = format!("doi\n10.1000/1\n\"{}\n", "x".repeat(17 << 20));
    let (out, _, code) = run(&["check", "--json", "--format", "csv"], big);
    assert_eq!(code, Some(1));
    let r = records(&out);
    assert_eq!(r.len(), 2);
    assert_eq!(r[1]["error"]["code"], "record-too-long");
    assert_eq!(r[1]["line"], 3);
    // A line over 16 MiB of N-Triples, then a good one.
    let big = format!(
        "<http://a/{}> <http://a/p> <http://a/o> .\n<http://a/s> <http://a/p> <http://a/o> .\n",
        "x".repeat(17 << 20)
    );
    let (out, _, _) = run(&["check", "--json", "--format", "ntriples"], big);
    let r = records(&out);
    assert_eq!(r[0]["error"]["code"], "line-too-long");
    assert_eq!(r.len(), 4);
    assert_eq!(r[1]["line"], 2);
}

/// Pseudo-random bytes (xorshift) made of the characters that matter to the readers.
fn noise(seed: u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            alphabet[(x % alphabet.len() as u64) as usize]
        })
        .collect()
}

#[test]
fn noise_never_crashes_the_readers() {
    let csv: &[u8] = b"ab,\"\r\n \t\xff\xc3";
    let nt: &[u8] = b"<>\"\\u0_:.@^# \n\r\tax%\xe2\x82";
    for seed in 1..12 {
        for (format, alphabet) in [("csv", csv), ("tsv", csv), ("ntriples", nt), ("nquads", nt)] {
            let input = noise(seed * 7919, 3000, alphabet);
            let mut args = vec!["check", "--json", "--format", format];
            if format.ends_with("sv") {
                args.extend(["--no-header", "--column", "2"]);
            }
            let (out, err, code) = run(&args, input.clone());
            assert!(
                code.is_some_and(|c| c <= 1),
                "{format} seed {seed}: {code:?} {err}"
            );
            let r = records(&out);
            assert!(r.iter().all(|r| r["line"].as_u64() >= Some(1)));
            if format.ends_with("sv") {
                let (_, err, code) = run(
                    &[
                        "dedupe",
                        "--format",
                        format,
                        "--no-header",
                        "--column",
                        "1",
                        "--output",
                        "csv",
                    ],
                    input,
                );
                assert!(code.is_some_and(|c| c <= 1), "{err}");
            }
        }
    }
}
