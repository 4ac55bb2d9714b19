//! End-to-end tests of `normalize`, `to-uri`, `to-iri`, `compare`, `join`, `dedupe`, and of the
//! `--as leiri|web`, `--display` and warning options, with their exit codes.

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
fn normalize_at_each_level() {
    let s = stdout(
        pidkit().args([
            "normalize",
            "--level",
            "syntax",
            "HTTP://www.EXAMPLE.com/a/./b/../c/%7euser",
            "http://example.com:80",
        ]),
        0,
    );
    assert_eq!(
        s,
        "http://www.example.com/a/c/~user\nhttp://example.com:80\n"
    );
    // The default rung is scheme (issue 14).
    let s = stdout(pidkit().args(["normalize", "http://example.com:80"]), 0);
    assert_eq!(s, "http://example.com/\n");
    let s = stdout(
        pidkit().args([
            "normalize",
            "--level",
            "scheme",
            "http://example.com:80",
            "http://例え.jp",
            "URN:ISBN:0-451-45052-3",
            "DOI: 10.1000/abc",
        ]),
        0,
    );
    assert_eq!(
        s,
        "http://example.com/\nhttp://xn--r8jz45g.jp/\nurn:isbn:9780451450524\nhttps://doi.org/10.1000/abc\n"
    );
    let s = stdout(
        pidkit().args(["normalize", "--level", "simple", "HTTP://A/"]),
        0,
    );
    assert_eq!(s, "HTTP://A/\n");
    let recs = json_lines(&stdout(
        pidkit().args(["normalize", "--json", "http://a/%7e"]),
        0,
    ));
    assert_eq!(recs[0]["normalized"], "http://a/~");
    // Errors go to stderr in human mode, with their line; stdout keeps one line per input,
    // empty where it failed, so it lines up with the input.
    pidkit()
        .args([
            "normalize",
            "http://b c/",
            "http://a/",
            "http://[",
            "http://c/",
        ])
        .assert()
        .code(1)
        .stdout("\nhttp://a/\n\nhttp://c/\n")
        .stderr(contains("1: error invalid-char"))
        .stderr(contains("3: error bad-ipv6"));
}

#[test]
fn to_uri_and_to_iri() {
    let s = stdout(
        pidkit().args([
            "to-uri",
            "http://r\u{e9}sum\u{e9}.example.org/\u{fc}?q=\u{e4}",
            "urn:x-example:\u{e9}",
        ]),
        0,
    );
    assert_eq!(
        s,
        "http://xn--rsum-bpad.example.org/%C3%BC?q=%C3%A4\nurn:x-example:%C3%A9\n"
    );
    // IDNA only for DNS schemes unless asked.
    assert_eq!(
        stdout(pidkit().args(["to-uri", "--as", "iri", "foo://\u{e9}/"]), 0),
        "foo://%C3%A9/\n"
    );
    assert_eq!(
        stdout(
            pidkit().args(["to-uri", "--as", "iri", "--idna", "any", "foo://\u{e9}/"]),
            0
        ),
        "foo://xn--9ca/\n"
    );
    // §3.5: the query in a legacy document charset.
    assert_eq!(
        stdout(
            pidkit().args([
                "to-uri",
                "--query-encoding",
                "windows-1252",
                "http://a/\u{e9}?q=\u{e9}"
            ]),
            0
        ),
        "http://a/%C3%A9?q=%E9\n"
    );
    let recs = json_lines(&stdout(
        pidkit().args(["to-uri", "--json", "10.1000/182"]),
        0,
    ));
    assert_eq!(recs[0]["uri"], "doi:10.1000/182");
    // ToASCII failure is an error with its own code.
    let recs = json_lines(&stdout(
        pidkit().args(["to-uri", "--json", "http://a\u{2488}.example/"]),
        1,
    ));
    assert_eq!(recs[0]["error"]["code"], "idna");

    // RFC 3987 §3.2.1 examples.
    let s = stdout(
        pidkit().args([
            "to-iri",
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D%FCrst",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ]),
        0,
    );
    assert_eq!(
        s,
        "http://www.example.org/D\u{fc}rst\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%E2%80%AE\n"
    );
    let s = stdout(
        pidkit().args([
            "to-iri",
            "--unicode-hosts",
            "http://xn--99zt52a.example.org/",
        ]),
        0,
    );
    assert_eq!(s, "http://\u{7d0d}\u{8c46}.example.org/\n");
    let recs = json_lines(&stdout(
        pidkit().args(["to-iri", "--json", "http://a/%C3%A9"]),
        0,
    ));
    assert_eq!(recs[0]["iri"], "http://a/\u{e9}");
}

#[test]
fn display_form_wraps_right_to_left_text() {
    let s = stdout(
        pidkit().args([
            "check",
            "--display",
            "--color",
            "never",
            "http://example.org/\u{5d0}\u{5d1}",
        ]),
        0,
    );
    assert!(
        s.contains("http://example.org/\u{202a}\u{5d0}\u{5d1}\u{202c}")
            || s.contains("\u{202a}http://example.org/\u{5d0}\u{5d1}\u{202c}"),
        "{s}"
    );
    let s = stdout(
        pidkit().args(["to-iri", "--display=ascii", "http://a/%C3%A9"]),
        0,
    );
    assert_eq!(s, "http://a/%C3%A9\n");
}

#[test]
fn iri_warnings_and_deny_warnings() {
    let recs = json_lines(&stdout(
        pidkit().args([
            "check",
            "--json",
            "http://example.org/ab.\u{5d2}\u{5d3}1",
            "http://a/%c3%a9",
            "http://u:pw@a/",
        ]),
        0,
    ));
    assert_eq!(recs[0]["warnings"][0]["code"], "bidi-rtl-boundary");
    assert_eq!(recs[1]["warnings"][0]["code"], "lowercase-hex");
    assert_eq!(recs[1]["warnings"][0]["offset"], 9);
    assert_eq!(recs[2]["warnings"][0]["code"], "password-in-userinfo");
    pidkit()
        .args(["check", "--deny-warnings", "http://a/%c3%a9"])
        .assert()
        .code(1)
        .stdout(contains("denied"));
}

#[test]
fn leiri_and_web_address_input() {
    let recs = json_lines(&stdout(
        pidkit().args(["parse", "--json", "--as", "leiri", "http://example.org/a b"]),
        0,
    ));
    assert_eq!(recs[0]["mapped"], "http://example.org/a%20b");
    assert_eq!(recs[0]["components"]["path"], "/a%20b");
    let recs = json_lines(&stdout(
        pidkit().args([
            "check",
            "--json",
            "--as",
            "web",
            " http://example.org\\a\\b ",
        ]),
        0,
    ));
    assert_eq!(recs[0]["mapped"], "http://example.org/a/b");
    // Errors point into the input as given.
    let recs = json_lines(&stdout(
        pidkit().args(["check", "--json", "--as", "web", "  http://[::1/"]),
        1,
    ));
    assert_eq!(recs[0]["error"]["code"], "bad-ipv6");
    assert_eq!(recs[0]["error"]["offset"], 9);
}

#[test]
fn compare_exit_codes() {
    pidkit()
        .args([
            "compare",
            "http://example.com/~user",
            "http://example.com/%7Euser",
        ])
        .assert()
        .code(0)
        .stdout(contains("equivalent"));
    pidkit()
        .args([
            "compare",
            "--level",
            "syntax",
            "http://example.com",
            "http://example.com:80/",
        ])
        .assert()
        .code(1)
        .stdout(contains("different"));
    // The default rung is scheme, and the output names the rule that decided.
    pidkit()
        .args(["compare", "http://example.com", "http://example.com:80/"])
        .assert()
        .code(0)
        .stdout(contains(
            "equivalent at level scheme: scheme-based normalization",
        ));
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "http://example.com",
            "http://example.com:80/",
        ])
        .assert()
        .code(0);
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "http://example.com/?",
            "http://example.com/",
        ])
        .assert()
        .code(1);
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "doi:10.1000/ABC",
            "https://doi.org/10.1000/abc",
        ])
        .assert()
        .code(0);
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "ivo://CDS.VizieR/J/A+A/1?x",
            "ivo://cds.vizier/j/a+a/1?x",
        ])
        .assert()
        .code(0);
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "ivo://cds.vizier/j?x",
            "ivo://cds.vizier/j?X",
        ])
        .assert()
        .code(1);
    // RFC 2141 §6: examples 1-3 are lexically equivalent, 4 is not.
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "URN:foo:a123,456",
            "urn:FOO:a123,456",
        ])
        .assert()
        .code(0);
    pidkit()
        .args([
            "compare",
            "--level",
            "scheme",
            "urn:foo:a123,456",
            "urn:foo:A123,456",
        ])
        .assert()
        .code(1);
    pidkit()
        .args(["compare", "http://a b/", "http://a/"])
        .assert()
        .code(2)
        .stderr(contains("invalid-char"));
    let out = stdout(
        pidkit().args(["compare", "--json", "--as", "iri-ref", "a", "b"]),
        1,
    );
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (
            rec["a"]["input"].as_str(),
            rec["b"]["input"].as_str(),
            rec["level"].as_str(),
            rec["equivalent"].as_bool()
        ),
        (Some("a"), Some("b"), Some("scheme"), Some(false))
    );
    assert_eq!(
        (&rec["a"]["key"], &rec["b"]["key"]),
        (&"a".into(), &"b".into())
    );
}

#[test]
fn compare_gives_both_inputs_their_error() {
    // Both invalid: both errors, in the record and on stderr, and exit 2.
    let out = pidkit()
        .args(["compare", "--json", "http://a b/", "doi:10.1000"])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let rec: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(rec["equivalent"], Value::Null);
    assert_eq!(rec["a"]["error"]["code"], "invalid-char");
    assert_eq!(rec["a"]["error"]["offset"], 8);
    assert_eq!(rec["b"]["kind"], "doi");
    assert_eq!(rec["b"]["error"]["code"], "doi-missing-slash");
    assert_eq!(
        (&rec["a"]["key"], &rec["b"]["valid"]),
        (&Value::Null, &false.into())
    );
    pidkit()
        .args(["compare", "http://a b/", "doi:10.1000"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("1: error invalid-char"))
        .stderr(contains("2: error doi-missing-slash"));
    // One invalid: the valid one has its key, the verdict is null.
    let out = stdout(
        pidkit().args(["compare", "--json", "http://a/", "http://["]),
        2,
    );
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(rec["a"]["valid"], true);
    assert_eq!(rec["a"]["key"], Value::Null, "no comparison, no key");
    assert_eq!(rec["b"]["error"]["code"], "bad-ipv6");
    // TSV: a header and one row per input.
    let out = stdout(
        pidkit().args(["compare", "--tsv", "http://a", "http://a:80/"]),
        0,
    );
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0][..4], ["line", "input", "kind", "valid"]);
    assert_eq!(
        rows[0][10..],
        ["key", "level", "equivalent", "rung", "rule"]
    );
    assert_eq!(rows[1][..2], ["1", "http://a"]);
    assert_eq!(rows[2][..2], ["2", "http://a:80/"]);
    assert_eq!(rows[2][10..13], ["http://a/", "scheme", "true"]);
}

#[test]
fn join_resolves_rfc3986_examples() {
    let s = stdout(
        pidkit().args([
            "join",
            "http://a/b/c/d;p?q",
            "g:h",
            "../g",
            "?y",
            "#s",
            "g;x=1/../y",
            "../../../g",
            "http:g",
        ]),
        0,
    );
    assert_eq!(
        s,
        "g:h\nhttp://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/y\nhttp://a/g\nhttp:g\n"
    );
    assert_eq!(
        stdout(
            pidkit().args(["join", "--non-strict", "http://a/b/c/d;p?q", "http:g"]),
            0
        ),
        "http://a/b/c/g\n"
    );
    let recs = json_lines(&stdout(
        pidkit()
            .args(["join", "--json", "http://a/b/"])
            .write_stdin("c\nd e\n"),
        1,
    ));
    assert_eq!(
        (
            recs[0]["base"].as_str(),
            recs[0]["input"].as_str(),
            recs[0]["resolved"].as_str()
        ),
        (Some("http://a/b/"), Some("c"), Some("http://a/b/c"))
    );
    assert_eq!(recs[1]["error"]["code"], "invalid-char");
    pidkit()
        .args(["join", "relative/base", "x"])
        .assert()
        .code(2)
        .stderr(contains("the base is not an IRI"));
}

#[test]
fn dedupe_groups_equivalents() {
    let input = "http://example.com\nHTTP://example.com:80/\nhttp://x/\n10.1000/a\ndoi:10.1000/A\nhttps://doi.org/10.1000/A\nbad path\n";
    let s = String::from_utf8(
        pidkit()
            .args(["dedupe", "--level", "scheme", "--json"])
            .write_stdin(input)
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    // Two groups, then the invalid line's record (records in order of their first line).
    let recs = json_lines(&s);
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[0]["key"], "http://example.com/");
    assert_eq!(
        recs[0]["members"],
        serde_json::json!([
            {"line": 1, "input": "http://example.com", "kind": "iri"},
            {"line": 2, "input": "HTTP://example.com:80/", "kind": "iri"}
        ])
    );
    let inputs: Vec<&Value> = recs[1]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["input"])
        .collect();
    assert_eq!(
        inputs,
        ["10.1000/a", "doi:10.1000/A", "https://doi.org/10.1000/A"]
    );
    assert_eq!(
        (&recs[2]["line"], &recs[2]["input"], &recs[2]["valid"]),
        (&7.into(), &"bad path".into(), &false.into())
    );
    assert_eq!(recs[2]["error"]["code"], "invalid-char");
    let all = stdout(
        pidkit()
            .args(["dedupe", "--all", "--json"])
            .write_stdin("http://a/\nhttp://b/\nhttp://a/\n"),
        0,
    );
    assert_eq!(json_lines(&all).len(), 2);
    pidkit()
        .args(["dedupe"])
        .write_stdin("http://a/\nhttp://b/\n")
        .assert()
        .code(0)
        .stdout("")
        .stderr(contains(
            "2 distinct at level scheme, 0 duplicate(s), 0 invalid",
        ));
}

#[test]
fn dedupe_gives_invalid_lines_records_in_order() {
    let input: &[u8] = b"x y\nhttp://a/\nhttp://A/\n\xff\nhttp://b/\nhttp://[\nhttp://b:80/\n";
    let s = String::from_utf8(
        pidkit()
            .args(["dedupe", "--json"])
            .write_stdin(input.to_vec())
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    // Each record at its first line: the invalid line 1, the group of 2 and 3, the invalid
    // line 4 (not text), the group of 5 and 7 — line 6 (invalid) after the group that starts
    // before it.
    let recs = json_lines(&s);
    let first = |r: &Value| {
        r.get("line")
            .or_else(|| r["members"].get(0).map(|m| &m["line"]))
            .cloned()
    };
    let lines: Vec<Option<Value>> = recs.iter().map(first).collect();
    let want: Vec<Option<Value>> = [1, 2, 4, 5, 6].iter().map(|&n| Some(n.into())).collect();
    assert_eq!(lines, want, "{s}");
    assert_eq!(recs[2]["kind"], "unknown");
    assert_eq!(recs[2]["error"]["code"], "invalid-utf8");
    assert_eq!(recs[4]["error"]["code"], "bad-ipv6");
    // TSV: a header, one row per member and per invalid line, in the same order.
    let s = String::from_utf8(
        pidkit()
            .args(["dedupe", "--tsv"])
            .write_stdin(input.to_vec())
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    let rows: Vec<Vec<&str>> = s.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "line", "input", "kind", "valid", "error", "offset", "len", "message", "hint",
            "warnings", "key", "rule"
        ]
    );
    let firsts: Vec<(&str, &str, &str)> = rows[1..].iter().map(|r| (r[0], r[3], r[10])).collect();
    assert_eq!(
        firsts,
        [
            ("1", "false", "\\N"),
            ("2", "true", "http://a/"),
            ("3", "true", "http://a/"),
            ("4", "false", "\\N"),
            ("5", "true", "http://b/"),
            ("7", "true", "http://b/"),
            ("6", "false", "\\N"),
        ]
    );
}

#[test]
fn help_carries_examples() {
    for cmd in [
        "check",
        "parse",
        "normalize",
        "to-uri",
        "to-iri",
        "compare",
        "join",
        "dedupe",
        "extract",
        "resolve",
    ] {
        pidkit()
            .args([cmd, "--help"])
            .assert()
            .code(0)
            .stdout(contains("Examples:"));
    }
    pidkit()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(contains("Examples:"));
}

/// `key` prints what `compare` and `dedupe` compare: equal keys exactly when `compare` says
/// equivalent, at every level (issue 28 item 3).
#[test]
fn key_is_what_compare_compares() {
    let inputs = [
        "https://doi.org/10.1000/abc",
        "DOI: 10.1000/ABC",
        "doi:10.1000/ABC",
        "10.1000/abd",
        "http://Example.com:80/%7euser",
        "http://example.com/~user",
        "urn:ISBN:0451450523",
        "URN:isbn:0451450523",
        "ivo://CDS.VizieR/J/A+A/672/A1",
        "ivo://cds.vizier/J/A+A/672/A1",
        "0000-0002-1825-0097",
        "https://orcid.org/0000-0002-1825-0097",
    ];
    for level in ["simple", "syntax", "scheme"] {
        let out = stdout(
            pidkit()
                .args(["key", "--clean", "--level", level])
                .args(inputs),
            0,
        );
        let keys: Vec<&str> = out.lines().collect();
        assert_eq!(keys.len(), inputs.len(), "{level}: {out}");
        for (i, a) in inputs.iter().enumerate() {
            for (j, b) in inputs.iter().enumerate().skip(i + 1) {
                let same = pidkit()
                    .args(["compare", "--level", level, a, b])
                    .output()
                    .unwrap()
                    .status
                    .code();
                assert_eq!(
                    keys[i] == keys[j],
                    same == Some(0),
                    "{level}: {a} ({}) vs {b} ({}): compare exit {same:?}",
                    keys[i],
                    keys[j]
                );
            }
        }
    }
    let out = stdout(pidkit().args(["key", "https://doi.org/10.1000/abc"]), 0);
    assert_eq!(out, "doi:10.1000/ABC\n");
}

/// The transforms print one line per input line, always: a blank input line gives an empty
/// output line, an invalid one an empty line (its error on stderr); `--skip-blank` drops blank
/// lines (issue 28 item 4).
#[test]
fn transforms_keep_one_output_line_per_input_line() {
    let input = "10.1000/ABC\n\nhttp://x y/\n   \nhttps://doi.org/10.1000/abc\n";
    for command in ["normalize", "to-uri", "to-iri", "key"] {
        let out = pidkit().arg(command).write_stdin(input).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(lines.len(), 5, "{command}: {text:?}");
        assert!(lines[1].is_empty() && lines[2].is_empty() && lines[3].is_empty());
        assert!(
            !lines[0].is_empty() && !lines[4].is_empty(),
            "{command}: {text:?}"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("3: error invalid-char"), "{command}: {err}");
        assert!(err.contains("2 blank line(s)\n"), "{command}: {err}");
        let skipped = pidkit()
            .args([command, "--skip-blank"])
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(skipped.stdout).unwrap().lines().count(),
            3
        );
    }
    let tsv = stdout(
        pidkit()
            .args(["key", "--tsv", "--no-summary"])
            .write_stdin("\n10.1000/a\n"),
        0,
    );
    assert_eq!(
        tsv.lines().nth(1),
        Some("1\t\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N")
    );
}
