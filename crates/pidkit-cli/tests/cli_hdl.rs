//! End-to-end tests of handles in every command: `--as hdl` for bare names, auto-detection of
//! the `hdl:`, `info:hdl/` and proxy URL forms, the `hdl` object of `parse --json`, the
//! Scheme-rung equivalence with DOIs, and extraction.

use assert_cmd::Command;
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
fn check_detects_uri_and_url_forms_and_reads_bare_names_only_when_asked() {
    let s = stdout(
        pidkit().args([
            "check",
            "--color",
            "never",
            "hdl:20.500.12345/abc",
            "info:hdl/4263537/4000",
            "https://hdl.handle.net/2027/mdp.39015078552874",
            "20.500.12345/abc",
        ]),
        1,
    );
    assert_eq!(
        s,
        "1: ok [hdl] hdl:20.500.12345/abc\n\
         2: ok [hdl] info:hdl/4263537/4000\n\
         3: ok [hdl] https://hdl.handle.net/2027/mdp.39015078552874\n\
         4: error not-an-identifier: not an identifier: shaped like a Handle or DOI name (prefix/suffix), but a DOI prefix starts with 10.: read it --as hdl if it is a Handle (at byte 0)\n\
         \x20 20.500.12345/abc\n\
         \x20 ^^^^^^^^^^^^^^^^\n\
         \x20 hint: if a relative reference is meant, read it --as iri-ref\n"
    );
    let s = stdout(
        pidkit().args([
            "check",
            "--as",
            "hdl",
            "--color",
            "never",
            "20.500.12345/abc",
            "10.1000/182",
        ]),
        0,
    );
    assert_eq!(
        s,
        "1: ok [hdl] 20.500.12345/abc\n\
         2: ok [hdl] 10.1000/182\n\
         \x20 warning hdl-doi: this handle is a DOI (prefix '10.1000'): DOI rules apply, and doi:10.1000/182 names it too\n\
         \x20   10.1000/182\n\
         \x20   ^^^^^^^\n"
    );
}

#[test]
fn check_json_errors_and_warnings_with_offsets() {
    let recs = json_lines(&stdout(
        pidkit().args([
            "check",
            "--json",
            "https://hdl.handle.net/20.500.12345/a%zz",
            "hdl:20..500/x",
            "https://hdl.handle.net/20.500.12345/x?noredirect",
        ]),
        1,
    ));
    assert_eq!(recs[0]["kind"], "hdl");
    assert_eq!(recs[0]["error"]["code"], "bad-percent");
    assert_eq!(recs[0]["error"]["offset"], 37);
    assert_eq!(recs[1]["error"]["code"], "hdl-empty-prefix-segment");
    assert_eq!(recs[1]["error"]["offset"], 7);
    assert_eq!(recs[2]["valid"], true);
    assert_eq!(recs[2]["warnings"][0]["code"], "hdl-query");
    assert_eq!(recs[2]["warnings"][0]["offset"], 37);
    assert_eq!(recs[2]["warnings"][0]["len"], 11);
    // --deny-warnings turns the dropped query into an error.
    pidkit()
        .args([
            "check",
            "--deny-warnings",
            "https://hdl.handle.net/1/x?noredirect",
        ])
        .assert()
        .code(1);
}

#[test]
fn parse_json_has_the_hdl_object() {
    let recs = json_lines(&stdout(
        pidkit().args([
            "parse",
            "--json",
            "http://hdl.handle.net/20.500.12345/D%C3%BCrst/1",
        ]),
        0,
    ));
    assert_eq!(recs[0]["kind"], "hdl");
    assert!(recs[0].get("components").is_none());
    assert_eq!(
        recs[0]["hdl"],
        serde_json::json!({
            "name": "20.500.12345/Dürst/1",
            "prefix": "20.500.12345",
            "suffix": "Dürst/1",
            "uri": "hdl:20.500.12345/D%C3%BCrst%2F1",
            "url": "https://hdl.handle.net/20.500.12345/D%C3%BCrst/1",
            "form": "url",
        })
    );
    let s = stdout(
        pidkit().args([
            "parse",
            "--color",
            "never",
            "--as",
            "hdl",
            "0.NA/20.500.12345",
        ]),
        0,
    );
    assert_eq!(
        s,
        "1: ok [hdl] 0.NA/20.500.12345\n\
         \x20 name          0.NA/20.500.12345\n\
         \x20 prefix        0.NA\n\
         \x20 suffix        20.500.12345\n\
         \x20 uri           hdl:0.NA/20.500.12345\n\
         \x20 url           https://hdl.handle.net/0.NA/20.500.12345\n\
         \x20 form          name\n"
    );
}

#[test]
fn normalize_gives_the_hdl_uri_and_compare_knows_dois_are_handles() {
    let s = stdout(
        pidkit().args([
            "normalize",
            "--level",
            "syntax",
            "info:hdl/20.500.12345/a%2Fb",
            "https://hdl.handle.net/20.500.12345/Ab?noredirect",
        ]),
        0,
    );
    // normalize shows handles at the proxy, as given; a proxy URL keeps its query (issue 14).
    assert_eq!(
        s,
        "https://hdl.handle.net/20.500.12345/a/b\nhttps://hdl.handle.net/20.500.12345/Ab?noredirect\n"
    );
    let s = stdout(
        pidkit().args([
            "normalize",
            "--level",
            "scheme",
            "hdl:20.500.12345/Ab",
            "hdl:10.1000/abc",
        ]),
        0,
    );
    // Each is shown at the proxy, as given; hdl:10.1000/abc's key is the DOI's (see compare).
    assert_eq!(
        s,
        "https://hdl.handle.net/20.500.12345/Ab\nhttps://hdl.handle.net/10.1000/abc\n"
    );
    let s = stdout(
        pidkit().args([
            "normalize",
            "--as",
            "hdl",
            "--level",
            "scheme",
            "20.500.12345/x",
        ]),
        0,
    );
    assert_eq!(s, "https://hdl.handle.net/20.500.12345/x\n");
    let s = stdout(
        pidkit().args([
            "compare",
            "--level",
            "scheme",
            "https://hdl.handle.net/10.1000/ABC",
            "doi:10.1000/abc",
        ]),
        0,
    );
    assert!(
        s.starts_with("equivalent at level scheme: handles compare"),
        "{s}"
    );
    pidkit()
        .args([
            "compare",
            "--level",
            "syntax",
            "hdl:20.500.12345/a",
            "hdl:20.500.12345/A",
        ])
        .assert()
        .code(1);
    pidkit()
        .args(["compare", "--as", "hdl", "--level", "scheme", "1/a", "1/A"])
        .assert()
        .code(0);
    pidkit()
        .args(["compare", "hdl:1", "hdl:1/a"])
        .assert()
        .code(2);
}

#[test]
fn dedupe_groups_the_forms_of_a_handle() {
    let out = pidkit()
        .args(["dedupe", "--level", "scheme", "--quiet"])
        .write_stdin(
            "hdl:20.500.12345/abc\nhttps://hdl.handle.net/20.500.12345/ABC\n\
             info:hdl/10.1000/x\nhttps://doi.org/10.1000/X\n",
        )
        .assert()
        .code(0);
    let s = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(s.starts_with("hdl:20.500.12345/ABC (2)\n"), "{s}");
    assert!(s.contains("doi:10.1000/X (2)\n"), "{s}");
}

#[test]
fn to_uri_and_to_iri_as_hdl() {
    let s = stdout(
        pidkit().args([
            "to-uri",
            "--as",
            "hdl",
            "https://hdl.handle.net/20.500.12345/é/x",
            "20.500.12345/a b",
        ]),
        0,
    );
    assert_eq!(
        s,
        "https://hdl.handle.net/20.500.12345/%C3%A9/x\nhdl:20.500.12345/a%20b\n"
    );
    let s = stdout(
        pidkit().args(["to-iri", "--as", "hdl", "hdl:20.500.12345/%C3%A9"]),
        0,
    );
    assert_eq!(s, "hdl:20.500.12345/é\n");
}

#[test]
fn extract_finds_handle_forms() {
    let s = stdout(
        pidkit()
            .args(["extract", "--color", "never"])
            .write_stdin("See hdl:10.1000/182 and (https://hdl.handle.net/2027/mdp.39015?x).\n"),
        0,
    );
    assert_eq!(
        s,
        "<stdin>:1:5: hdl hdl:10.1000/182\n\
         <stdin>:1:26: hdl https://hdl.handle.net/2027/mdp.39015\n"
    );
}
