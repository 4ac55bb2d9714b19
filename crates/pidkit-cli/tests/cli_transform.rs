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
        "http://example.com/\nhttp://xn--r8jz45g.jp/\nurn:isbn:9780451450524\ndoi:10.1000/ABC\n"
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
    // Errors go to stderr in human mode, so stdout stays a clean list.
    pidkit()
        .args(["normalize", "http://a/", "http://b c/"])
        .assert()
        .code(1)
        .stdout("http://a/\n")
        .stderr(contains("2: error invalid-char"));
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
    let out = stdout(pidkit().args(["compare", "--json", "a", "b"]), 1);
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (
            rec["a"].as_str(),
            rec["b"].as_str(),
            rec["level"].as_str(),
            rec["equivalent"].as_bool()
        ),
        (Some("a"), Some("b"), Some("scheme"), Some(false))
    );
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
    let groups = json_lines(&s);
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0]["key"], "http://example.com/");
    assert_eq!(
        groups[0]["members"],
        serde_json::json!(["http://example.com", "HTTP://example.com:80/"])
    );
    assert_eq!(groups[0]["lines"], serde_json::json!([1, 2]));
    assert_eq!(
        groups[1]["members"],
        serde_json::json!(["10.1000/a", "doi:10.1000/A", "https://doi.org/10.1000/A"])
    );
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
