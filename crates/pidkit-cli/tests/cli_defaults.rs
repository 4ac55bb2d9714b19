//! Issue 14: answers a PID user can trust without flags — scheme equivalence by default,
//! RFC 8141's MUST NOT, the empty reference, every explicit argument answered, and detection
//! that never rewrites or drops silently.

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;

fn pidkit() -> Command {
    Command::cargo_bin("pidkit").unwrap()
}

fn stdout(c: &mut Command, code: i32) -> String {
    String::from_utf8(c.assert().code(code).get_output().stdout.clone()).unwrap()
}

fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn dedupe_groups_doi_case_variants_without_flags_and_says_why() {
    let out = stdout(
        pidkit()
            .args(["dedupe", "--json"])
            .write_stdin("doi:10.1000/ABC\n10.1000/abc\nhttps://doi.org/10.1000/Abc\n"),
        0,
    );
    let groups = json_lines(&out);
    assert_eq!(groups.len(), 1, "{out}");
    let g = &groups[0];
    assert_eq!(g["key"], "doi:10.1000/ABC");
    assert_eq!(g["kind"], "doi");
    assert_eq!(
        g["rule"],
        "DOI names compare case-insensitively in ASCII (doi URI scheme §3)"
    );
    let lines: Vec<&Value> = g["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["line"])
        .collect();
    assert_eq!(lines, [1, 2, 3]);
}

#[test]
fn compare_asks_the_kinds_question_without_flags() {
    let ok = |a: &str, b: &str, as_: &str, rule: &str| {
        pidkit()
            .args(["compare", "--as", as_, a, b])
            .assert()
            .code(0)
            .stdout(contains(rule));
    };
    ok(
        "doi:10.1000/ABC",
        "doi:10.1000/abc",
        "doi",
        "equivalent at level scheme: DOI names compare case-insensitively in ASCII (doi URI scheme §3)",
    );
    // RFC 8141 §3.2's own example.
    ok(
        "urn:foo:a123,456",
        "urn:FOO:a123,456",
        "urn",
        "equivalent at level syntax: URN-equivalence",
    );
    // IVOA Identifiers §2.6: the registry part is case-insensitive.
    ok(
        "ivo://CDS.VizieR/J/A+A/672/A1",
        "ivo://cds.vizier/j/a+a/672/a1",
        "ivo",
        "the registry part compares case-insensitively (IVOA Identifiers 2.0 §2.6)",
    );
}

#[test]
fn urns_are_never_percent_decoded() {
    for level in ["simple", "syntax", "scheme"] {
        pidkit()
            .args([
                "compare",
                "--level",
                level,
                "urn:example:%41",
                "urn:example:A",
            ])
            .assert()
            .code(1)
            .stdout(contains("different"));
    }
    let s = stdout(pidkit().args(["normalize", "urn:example:%41%2f"]), 0);
    assert_eq!(s, "urn:example:%41%2F\n");
}

#[test]
fn every_explicit_argument_is_answered_the_empty_one_too() {
    let out = stdout(pidkit().args(["check", "--json", "--as", "iri-ref", ""]), 0);
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 1);
    assert_eq!(
        (
            recs[0]["input"].as_str(),
            recs[0]["kind"].as_str(),
            recs[0]["valid"].as_bool()
        ),
        (Some(""), Some("relative-ref"), Some(true))
    );
    // RFC 3986 §5.4.1: "" against http://a/b/c/d;p?q is the base.
    let s = stdout(pidkit().args(["join", "http://a/b/c/d;p?q", ""]), 0);
    assert_eq!(s, "http://a/b/c/d;p?q\n");
    // From a stream, blank lines are skipped unless --keep-blank makes them references.
    let s = stdout(
        pidkit()
            .args(["join", "http://a/b/c/d;p?q#f"])
            .write_stdin("g\n\n"),
        0,
    );
    assert_eq!(s, "http://a/b/c/g\n");
    let s = stdout(
        pidkit()
            .args(["join", "--keep-blank", "http://a/b/c/d;p?q#f"])
            .write_stdin("g\n\n"),
        0,
    );
    assert_eq!(s, "http://a/b/c/g\nhttp://a/b/c/d;p?q\n");
    // check --json --keep-blank: one record per input line, so line numbers join exactly (the
    // blank line is no identifier: exit 1).
    let out = stdout(
        pidkit()
            .args(["check", "--json", "--keep-blank"])
            .write_stdin("http://a/\n\nhttp://b/\n"),
        1,
    );
    let lines: Vec<_> = json_lines(&out)
        .iter()
        .map(|r| r["line"].as_u64())
        .collect();
    assert_eq!(lines, [Some(1), Some(2), Some(3)]);
}

#[test]
fn a_doi_url_stays_a_url_and_nothing_is_dropped_silently() {
    let s = stdout(pidkit().args(["to-uri", "https://doi.org/10.1000/182"]), 0);
    assert_eq!(s, "https://doi.org/10.1000/182\n");
    let s = stdout(
        pidkit().args(["normalize", "https://doi.org/10.1000/abc?noredirect#x"]),
        0,
    );
    assert_eq!(s, "https://doi.org/10.1000/abc?noredirect#x\n");
    // Another form on request; what it cannot hold is said.
    pidkit()
        .args([
            "normalize",
            "--doi-form",
            "uri",
            "--doi-case",
            "lower",
            "https://doi.org/10.1000/ABC?noredirect",
        ])
        .assert()
        .code(0)
        .stdout("doi:10.1000/abc\n")
        .stderr(contains("doi-url-query"));
    let s = stdout(
        pidkit().args(["normalize", "--doi-form", "url", "DOI: 10.1000/x"]),
        0,
    );
    assert_eq!(s, "https://doi.org/10.1000/x\n");
    let s = stdout(
        pidkit().args(["normalize", "--pid-case", "upper", "DOI: 10.1000/x"]),
        0,
    );
    assert_eq!(s, "https://doi.org/10.1000/X\n");
    pidkit()
        .args(["check", "https://doi.org/"])
        .assert()
        .code(1)
        .stdout(contains("doi-url-without-name"));
}

#[test]
fn strings_that_are_references_only_by_the_loosest_reading_are_flagged() {
    // Issue 27: under auto-detection they are no identifiers at all, each said why.
    let out = stdout(
        pidkit().args([
            "check",
            "--json",
            "N/A",
            "(10.1000/182)",
            "11.1000/abc",
            "a/b.html",
            "10./zenodo.5476826",
        ]),
        1,
    );
    let errors: Vec<(String, String)> = json_lines(&out)
        .iter()
        .map(|r| {
            let e = &r["error"];
            (
                e["code"].as_str().unwrap().to_owned(),
                e["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want = [
        ("not-an-identifier", "placeholder for a missing value"),
        ("not-an-identifier", "wrapped in brackets or quotes"),
        ("not-an-identifier", "read it --as hdl if it is a Handle"),
        ("not-an-identifier", "a relative reference"),
        ("doi-empty-registrant-part", "empty registrant code"),
    ];
    for ((code, message), (want_code, want_text)) in errors.iter().zip(want) {
        assert_eq!(code, want_code, "{message}");
        assert!(message.contains(want_text), "{message}");
    }
    assert_eq!(errors.len(), want.len());
    // Asked for explicitly, a relative reference is not second-guessed.
    let out = stdout(
        pidkit().args(["check", "--json", "--as", "iri-ref", "N/A"]),
        0,
    );
    assert_eq!(json_lines(&out)[0]["warnings"], serde_json::json!([]));
}

#[test]
fn an_argument_naming_a_file_gets_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("column.txt");
    std::fs::write(&file, "10.1000/182\n").unwrap();
    pidkit()
        .current_dir(dir.path())
        .args(["check", "column.txt"])
        .assert()
        .stderr(contains("did you mean --input column.txt?"));
}

#[test]
fn a_byte_order_mark_is_removed_and_said_once() {
    let out = pidkit()
        .args(["check", "--json"])
        .write_stdin("\u{feff}10.1000/182\nhttp://a/\n")
        .assert()
        .code(0)
        .stderr(contains("byte-order mark"))
        .get_output()
        .clone();
    let recs = json_lines(std::str::from_utf8(&out.stdout).unwrap());
    assert_eq!(recs[0]["input"], "10.1000/182");
    assert_eq!(recs[0]["valid"], true);
}

#[test]
fn dedupe_and_compare_read_leiri_and_web_input_as_check_does() {
    // `--as web` maps what people paste (§7.2) before reading, in every command: a space in a
    // path is %20 for dedupe and compare as it is for check.
    let out = stdout(
        pidkit().args([
            "dedupe",
            "--as",
            "web",
            "--json",
            "http://a/b c",
            "http://a/b%20c",
        ]),
        0,
    );
    let v = json_lines(&out);
    assert_eq!(v.len(), 1, "{out}");
    assert_eq!(v[0]["key"], "http://a/b%20c");
    assert_eq!(v[0]["members"].as_array().unwrap().len(), 2);
    let out = stdout(
        pidkit().args([
            "compare",
            "--as",
            "web",
            "--json",
            "http://a/b c",
            "http://a/b%20c",
        ]),
        0,
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["equivalent"], true);
    assert_eq!(v["a"]["mapped"], "http://a/b%20c");
    assert!(
        v["b"].get("mapped").is_none(),
        "unchanged input has no mapped"
    );
    // An error still points into the input as given (the same offset check gives).
    let out = stdout(
        pidkit().args([
            "compare",
            "--as",
            "leiri",
            "--json",
            "http://a/b c/%zz",
            "x",
        ]),
        2,
    );
    let check = stdout(
        pidkit().args(["check", "--as", "leiri", "--json", "http://a/b c/%zz"]),
        1,
    );
    let (v, c) = (&json_lines(&out)[0], &json_lines(&check)[0]);
    assert_eq!(v["a"]["error"], c["error"]);
    assert_eq!(v["a"]["error"]["offset"], 13);
    // Without --as nothing is mapped: the space is an error.
    stdout(pidkit().args(["dedupe", "http://a/b c"]), 1);
}
