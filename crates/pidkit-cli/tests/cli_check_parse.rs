//! End-to-end tests of `pidkit check` and `pidkit parse`: arguments, stdin, JSON Lines, carets,
//! exit codes (0 valid, 1 invalid, 2 usage or I/O error).

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;

fn pidkit() -> Command {
    Command::cargo_bin("pidkit").unwrap()
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    std::str::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn check_valid_arguments_exit_0() {
    pidkit()
        .args([
            "check",
            "--as",
            "iri-ref",
            "http://example.org/résumé",
            "../a?b#c",
        ])
        .assert()
        .code(0)
        .stdout(contains("1: ok [iri] http://example.org/résumé"))
        .stdout(contains("2: ok [relative-ref] ../a?b#c"));
    // Under auto-detection a relative reference is no identifier (issue 27).
    pidkit()
        .args(["check", "../a?b#c"])
        .assert()
        .code(1)
        .stdout(contains(
            "1: error not-an-identifier: not an identifier: no identifier scheme claims it",
        ))
        .stdout(contains(
            "hint: if a relative reference is meant, read it --as iri-ref",
        ));
}

#[test]
fn check_points_a_caret_at_the_error_and_exits_1() {
    let out = pidkit()
        .args(["check", "--color", "never", "http://exa mple.org/"])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "1: error invalid-char: space is not allowed here (at byte 10)"
    );
    assert_eq!(lines[1], "  http://exa mple.org/");
    assert_eq!(lines[2], "            ^");
    assert_eq!(lines[3], "  hint: percent-encode the space as %20");
}

#[test]
fn check_json_follows_the_contract() {
    let out = pidkit()
        .args(["check", "--json", "http://[::1", "%GZ", "http://a/"])
        .assert()
        .code(1);
    let recs = json_lines(&out.get_output().stdout);
    assert_eq!(recs.len(), 3);
    assert!(
        recs.iter().all(|r| r["schema"] == 1),
        "every record says its schema"
    );
    assert_eq!(recs[0]["line"], 1);
    assert_eq!(recs[0]["input"], "http://[::1");
    assert_eq!(recs[0]["valid"], false);
    assert_eq!(recs[0]["error"]["code"], "bad-ipv6");
    assert_eq!(recs[0]["error"]["offset"], 7);
    assert_eq!(recs[0]["error"]["len"], 4);
    assert!(
        recs[0]["error"]["hint"].is_null(),
        "no hint: null, not absent"
    );
    assert_eq!(recs[1]["error"]["code"], "bad-percent");
    assert_eq!(recs[1]["error"]["hint"], "write a literal '%' as %25");
    assert_eq!(recs[1]["error"]["offset"], 0);
    assert_eq!(recs[2]["valid"], true);
    assert_eq!(recs[2]["kind"], "iri");
    assert!(recs[2]["error"].is_null());
    assert_eq!(recs[2]["warnings"], Value::Array(vec![]));
    assert!(
        recs[2].get("components").is_none(),
        "check does not print components"
    );
}

#[test]
fn stdin_line_mode_keeps_line_numbers_and_order() {
    let input: String = (0..5000)
        .map(|i| format!("http://h/{i}\n"))
        .collect::<String>()
        + "bad path\n";
    let out = pidkit()
        .args(["check", "--json"])
        .write_stdin(input)
        .assert()
        .code(1);
    let recs = json_lines(&out.get_output().stdout);
    assert_eq!(recs.len(), 5001);
    for (i, r) in recs.iter().take(5000).enumerate() {
        assert_eq!(r["line"], i + 1);
        assert_eq!(r["input"], format!("http://h/{i}"));
    }
    assert_eq!(recs[5000]["line"], 5001);
    assert_eq!(recs[5000]["error"]["offset"], 3);
}

#[test]
fn blank_lines_get_a_record_or_are_skipped_when_asked() {
    // By default each blank line is answered, so output lines up with input (issue 28).
    pidkit()
        .args(["check", "--as", "iri-ref"])
        .write_stdin("a\n\n  \nb\r\n")
        .assert()
        .code(0)
        .stdout("1: ok [relative-ref] a\n2: blank line\n3: blank line\n4: ok [relative-ref] b\n")
        .stderr(contains("2 valid, 0 invalid; 2 blank line(s)\n"));
    let out = pidkit()
        .args(["check", "--json", "--as", "iri-ref"])
        .write_stdin("a\n\n  \nb\r\n")
        .assert()
        .code(0);
    let recs = json_lines(&out.get_output().stdout);
    assert_eq!(recs.len(), 4);
    assert_eq!(
        recs[2],
        serde_json::json!({"schema": 1, "line": 3, "input": "  ", "blank": true})
    );
    pidkit()
        .args(["check", "--as", "iri-ref", "--skip-blank"])
        .write_stdin("a\n\n  \nb\r\n")
        .assert()
        .code(0)
        .stdout("1: ok [relative-ref] a\n4: ok [relative-ref] b\n")
        .stderr(contains("2 blank line(s) skipped"));
    // --keep-blank reads them: the empty string is no identifier.
    pidkit()
        .args(["check", "--keep-blank"])
        .write_stdin("10.1000/182\n\n")
        .assert()
        .code(1)
        .stdout(contains("2: error"));
    pidkit()
        .args(["check", "--keep-blank", "--skip-blank"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(contains("cannot be used with"));
}

#[test]
fn empty_input_is_fine() {
    pidkit()
        .args(["check"])
        .write_stdin("")
        .assert()
        .code(0)
        .stdout("");
}

#[test]
fn invalid_utf8_names_the_line() {
    let out = pidkit()
        .args(["check", "--json"])
        .write_stdin(b"ok\nab\xffcd\n".to_vec())
        .assert()
        .code(1);
    let recs = json_lines(&out.get_output().stdout);
    assert_eq!(recs[1]["line"], 2);
    assert_eq!(recs[1]["error"]["code"], "invalid-utf8");
    assert_eq!(recs[1]["error"]["offset"], 2);
}

#[test]
fn very_long_line() {
    let long = format!("http://example.org/{}", "a".repeat(5 << 20));
    pidkit()
        .args(["check", "--json"])
        .write_stdin(long + " x\n")
        .assert()
        .code(1);
}

#[test]
fn profiles_change_the_answer() {
    pidkit().args(["check", "http://a/a#b#c"]).assert().code(0);
    pidkit()
        .args(["check", "--profile", "rfc3987", "http://a/a#b#c"])
        .assert()
        .code(1)
        .stdout(contains("invalid-char"));
    pidkit()
        .args(["check", "--as", "uri", "http://é/"])
        .assert()
        .code(1)
        .stdout(contains("non-ascii"));
    pidkit()
        .args(["check", "--as", "iri", "rel/ative"])
        .assert()
        .code(1)
        .stdout(contains("missing-scheme"));
}

/// Issue 28 item 8: under the default profile an IRI that only the draft's grammar accepts is
/// valid with the warning `not-rfc3987` (so RDF users see it); under `--profile rfc3987` it is
/// invalid, and the warning is not given on top.
#[test]
fn not_rfc3987_is_a_warning_under_the_default_profile() {
    let out = pidkit()
        .args(["check", "--json", "http://example.org/#a#b"])
        .assert()
        .code(0);
    let rec = &json_lines(&out.get_output().stdout)[0];
    assert_eq!(rec["valid"], true);
    assert_eq!(rec["warnings"][0]["code"], "not-rfc3987");
    assert_eq!(rec["warnings"][0]["offset"], 21);
    pidkit()
        .args(["check", "--deny-warnings", "http://example.org/#a#b"])
        .assert()
        .code(1)
        .stdout(contains("not-rfc3987"));
    let out = pidkit()
        .args([
            "check",
            "--json",
            "--profile",
            "rfc3987",
            "http://example.org/#a#b",
        ])
        .assert()
        .code(1);
    let rec = &json_lines(&out.get_output().stdout)[0];
    assert_eq!(rec["error"]["code"], "invalid-char");
    assert_eq!(rec["warnings"], serde_json::json!([]));
}

#[test]
fn parse_prints_components() {
    let out = pidkit()
        .args(["parse", "--json", "http://user@[::1]:8080/a/b?q#f"])
        .assert()
        .code(0);
    let rec = &json_lines(&out.get_output().stdout)[0];
    let c = &rec["components"];
    assert_eq!(c["scheme"], "http");
    assert_eq!(c["userinfo"], "user");
    assert_eq!(c["host"], "[::1]");
    assert_eq!(c["host_kind"], "ipv6");
    assert_eq!(c["port"], "8080");
    assert_eq!(c["path"], "/a/b");
    assert_eq!(c["query"], "q");
    assert_eq!(c["fragment"], "f");
    pidkit()
        .args(["parse", "mailto:a@b"])
        .assert()
        .code(0)
        .stdout(contains(
            "  scheme    \"mailto\"\n  userinfo  -\n  host      -",
        ));
}

#[test]
fn usage_and_io_errors_exit_2() {
    pidkit()
        .args(["check", "--as", "nonsense", "x"])
        .assert()
        .code(2);
    pidkit()
        .args(["check", "--profile", "nope", "x"])
        .assert()
        .code(2);
    pidkit()
        .args(["check", "--input", "/nonexistent/file"])
        .assert()
        .code(2)
        .stderr(contains("cannot read input"));
    pidkit().args(["frobnicate"]).assert().code(2);
}

#[test]
fn tsv_has_a_header_and_marks_absent_values() {
    pidkit()
        .args(["parse", "--tsv", "--as", "iri-ref", "http://a/b?c", "x#y"])
        .assert()
        .code(0)
        .stdout(
            "line\tinput\tkind\tvalid\terror\toffset\tlen\tmessage\thint\twarnings\t\
             scheme\tauthority\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\n\
             1\thttp://a/b?c\tiri\ttrue\t\\N\t\\N\t\\N\t\\N\t\\N\t\t\
             http\ta\t\\N\ta\treg-name\t\\N\t/b\tc\t\\N\n\
             2\tx#y\trelative-ref\ttrue\t\\N\t\\N\t\\N\t\\N\t\\N\t\t\
             \\N\t\\N\t\\N\t\\N\t\\N\t\\N\tx\t\\N\ty\n",
        );
    pidkit()
        .args(["check", "--tsv", "--json", "x"])
        .assert()
        .code(2);
}

#[test]
fn legacy_encodings_are_decoded_and_nfc_normalized() {
    // windows-1258 writes é as e + U+0301 (combining acute, byte 0xEC): NFC composes it.
    let out = pidkit()
        .args(["check", "--json", "--encoding", "windows-1258"])
        .write_stdin(b"http://x/re\xecsume\n".to_vec())
        .assert()
        .code(0);
    assert_eq!(
        json_lines(&out.get_output().stdout)[0]["input"],
        "http://x/r\u{e9}sume"
    );
    // Malformed Shift_JIS is reported with its line and byte offset.
    let out = pidkit()
        .args(["check", "--json", "--encoding", "shift_jis"])
        .write_stdin(b"http://x/\x82\xa0\nhttp://x/\x81 \n".to_vec())
        .assert()
        .code(1);
    let recs = json_lines(&out.get_output().stdout);
    assert_eq!(recs[0]["input"], "http://x/あ");
    assert_eq!(recs[1]["line"], 2);
    assert_eq!(recs[1]["error"]["code"], "invalid-encoding");
    assert_eq!(recs[1]["error"]["offset"], 9);
    pidkit()
        .args(["check", "--encoding", "utf-16le"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(contains("convert it to UTF-8"));
    pidkit()
        .args(["check", "--encoding", "klingon"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(contains("unknown encoding"));
}

#[test]
fn batch_runs_end_with_a_summary_on_stderr() {
    pidkit()
        .args(["check", "--json"])
        .write_stdin("http://a/\n../b\nhttp://x y/\n\n")
        .assert()
        .code(1)
        .stderr(contains("pidkit: 3 identifiers in "))
        .stderr(contains("1 valid, 2 invalid; 1 blank line(s)\n"))
        .stderr(contains("kinds: iri 2, relative-ref 1"))
        .stderr(contains("errors: invalid-char 1, not-an-identifier 1"));
    // Not for identifiers given as arguments, nor with --no-summary; --quiet keeps it.
    pidkit()
        .args(["check", "http://a/"])
        .assert()
        .code(0)
        .stderr("");
    pidkit()
        .args(["check", "--no-summary", "-q"])
        .write_stdin("http://a/\n")
        .assert()
        .code(0)
        .stderr("")
        .stdout("");
    pidkit()
        .args(["check", "-q"])
        .write_stdin("http://a/\n")
        .assert()
        .code(0)
        .stderr(contains("pidkit: 1 identifier in "))
        .stdout("");
}

#[test]
fn auto_detection_reports_the_kind_and_uses_its_rules() {
    let out = pidkit()
        .args([
            "check",
            "--json",
            "doi:10.1000/182",
            "urn:isbn:0451450523",
            "ivo://ivoa.net/std/TAP",
            "http://a/",
            "a/b",
            "urn:x:y",
            "doi:10.1000",
        ])
        .assert()
        .code(1);
    let recs = json_lines(&out.get_output().stdout);
    let kinds: Vec<(&str, bool)> = recs
        .iter()
        .map(|r| (r["kind"].as_str().unwrap(), r["valid"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("doi", true),
            ("urn", true),
            ("ivo", true),
            ("iri", true),
            ("relative-ref", false),
            ("urn", false),
            ("doi", false),
        ]
    );
    assert_eq!(recs[5]["error"]["code"], "urn-nid-too-short");
    // --profile rfc2141 applies to URNs only.
    pidkit()
        .args(["check", "--profile", "rfc2141", "urn:x:y", "http://a/"])
        .assert()
        .code(0);
}

#[test]
fn parse_adds_the_scheme_objects() {
    let out = pidkit()
        .args([
            "parse",
            "--json",
            "https://doi.org/10.1000/182",
            "urn:example:a?+r?=q#f",
            "ivo://ivoa.net/std/TAP#sync-1.0",
        ])
        .assert()
        .code(0);
    let recs = json_lines(&out.get_output().stdout);
    let d = &recs[0]["doi"];
    assert_eq!(d["name"], "10.1000/182");
    assert_eq!(d["prefix"], "10.1000");
    assert_eq!(d["suffix"], "182");
    assert_eq!(d["uri"], "doi:10.1000/182");
    assert_eq!(d["url"], "https://doi.org/10.1000/182");
    assert_eq!(d["form"], "url");
    assert!(recs[0].get("components").is_none());
    let u = &recs[1]["urn"];
    assert_eq!(
        (u["nid"].as_str(), u["nss"].as_str()),
        (Some("example"), Some("a"))
    );
    assert_eq!(
        (
            u["r_component"].as_str(),
            u["q_component"].as_str(),
            u["f_component"].as_str()
        ),
        (Some("r"), Some("q"), Some("f"))
    );
    assert_eq!(u["namespace_class"], "formal");
    assert_eq!(recs[1]["components"]["scheme"], "urn");
    let i = &recs[2]["ivo"];
    assert_eq!(i["authority"], "ivoa.net");
    assert_eq!(i["resource_key"], "/std/TAP");
    assert_eq!(i["registry_part"], "ivo://ivoa.net/std/TAP");
    assert_eq!(i["kind"], "standard");
}

#[test]
fn deny_warnings_makes_warnings_errors() {
    pidkit()
        .args(["check", "ivo://CDS.VizieR/J/A+A/672/A1"])
        .assert()
        .code(0)
        .stdout(contains("warning ivo-key-sub-delim"));
    pidkit()
        .args(["check", "--deny-warnings", "ivo://CDS.VizieR/J/A+A/672/A1"])
        .assert()
        .code(1);
}

/// `--deny CODE,…` fails an input for those warnings alone, `--allow CODE,…` never does, even
/// under `--deny-warnings`; an unknown code is a usage error that suggests the near ones
/// (issue 28 item 5).
#[test]
fn deny_and_allow_name_the_warnings_that_fail_an_input() {
    let url = "https://doi.org/10.1000/abc?noredirect";
    pidkit().args(["check", url]).assert().code(0);
    pidkit()
        .args(["check", "--deny", "doi-url-query", url])
        .assert()
        .code(1)
        .stdout(contains("1: denied [doi]"));
    pidkit()
        .args(["check", "--deny", "doi-space,lowercase-hex", url])
        .assert()
        .code(0);
    pidkit()
        .args(["check", "--deny-warnings", url])
        .assert()
        .code(1);
    pidkit()
        .args(["check", "--deny-warnings", "--allow", "doi-url-query", url])
        .assert()
        .code(0);
    // Cleaning passes with the cleaned-* codes allowed, and fails on what else is found.
    pidkit()
        .args([
            "check",
            "--clean",
            "--deny-warnings",
            "--allow",
            "cleaned-label,cleaned-punctuation",
            "DOI: 10.1000/182.",
        ])
        .assert()
        .code(0);
    let out = pidkit()
        .args([
            "check",
            "--json",
            "--allow",
            "cleaned-label",
            "--deny",
            "doi-url-query",
        ])
        .args([url, "http://a/%7e"])
        .assert()
        .code(1);
    let recs = json_lines(&out.get_output().stdout);
    assert_eq!(
        (recs[0]["valid"].clone(), recs[1]["valid"].clone()),
        (false.into(), true.into())
    );
    pidkit()
        .args(["check", "--deny", "doi-url", url])
        .assert()
        .code(2)
        .stderr(contains("unknown warning code 'doi-url'; did you mean"))
        .stderr(contains("doi-url-query"));
}
