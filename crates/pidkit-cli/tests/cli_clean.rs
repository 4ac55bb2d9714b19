//! `--clean` (issue 16 item 3): a list of identifiers as spreadsheets, BibTeX files and pasted
//! text hold them — trailing punctuation, brackets and quotes, labels, escapes, a byte-order
//! mark — cleaned by the rules `extract` follows, every removal reported, errors located in the
//! input as given.

use assert_cmd::Command;
use serde_json::Value;

fn pidkit() -> Command {
    Command::cargo_bin("pidkit").unwrap()
}

fn run(args: &[&str], stdin: Option<&str>, code: i32) -> (String, String) {
    let mut c = pidkit();
    c.args(args);
    if let Some(s) = stdin {
        c.write_stdin(s);
    }
    let out = c.assert().code(code).get_output().clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `(code, offset, len)` of each warning of a record.
fn warned(v: &Value) -> Vec<(String, u64, u64)> {
    v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["code"].as_str().unwrap().to_owned(),
                w["offset"].as_u64().unwrap(),
                w["len"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn w(code: &str, offset: u64, len: u64) -> (String, u64, u64) {
    (code.to_owned(), offset, len)
}

#[test]
fn a_dot_from_a_spreadsheet_is_cleaned_and_said() {
    // Without --clean the dot is part of the DOI name; with it, it is removed and reported.
    let (out, _) = run(&["normalize", "10.1000/182."], None, 0);
    assert_eq!(out, "https://doi.org/10.1000/182.\n");
    let (out, err) = run(&["normalize", "--clean", "10.1000/182."], None, 0);
    assert_eq!(out, "https://doi.org/10.1000/182\n");
    assert!(
        err.contains("warning cleaned-punctuation: removed \".\""),
        "{err}"
    );
    let (out, _) = run(&["check", "--clean", "--json", "10.1000/182."], None, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["input"], "10.1000/182.");
    assert_eq!(v["mapped"], "10.1000/182");
    assert_eq!(v["kind"], "doi");
    assert_eq!(warned(v), [w("cleaned-punctuation", 11, 1)]);
    // --deny-warnings counts a cleaned input as not clean.
    run(
        &["check", "--clean", "--deny-warnings", "10.1000/182."],
        None,
        1,
    );
}

#[test]
fn every_kind_of_removal() {
    let list = "\u{FEFF}  DOI: 10.1000/182  \n\
                <https://example.org/a>\n\
                (10.1000/a(1)b).\n\
                {10.1000/ab\\_cd}\n\
                \"https:\\/\\/example.org\\/x?a=1&amp;b=2\",\n\
                “urn:isbn:0451450523”。\n\
                DOI: https://doi.org/10.1000/183;\n\
                https://example.org/ok\n";
    let (out, err) = run(&["check", "--clean", "--json"], Some(list), 0);
    let v = json_lines(&out);
    let mapped: Vec<&str> = v
        .iter()
        .map(|r| r["mapped"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        mapped,
        [
            "10.1000/182",
            "https://example.org/a",
            "10.1000/a(1)b",
            "10.1000/ab_cd",
            "https://example.org/x?a=1&b=2",
            "urn:isbn:0451450523",
            "https://doi.org/10.1000/183",
            "-",
        ]
    );
    // The stream's byte-order mark is removed by the reader and said once; the rest is
    // reported per line, in the input as given.
    assert!(err.contains("byte-order mark"), "{err}");
    assert_eq!(
        warned(&v[0]),
        [w("cleaned-space", 0, 20), w("cleaned-label", 2, 5),]
    );
    assert_eq!(warned(&v[1]), [w("cleaned-wrapper", 0, 23)]);
    assert_eq!(
        warned(&v[2]),
        [w("cleaned-wrapper", 0, 15), w("cleaned-punctuation", 15, 1)]
    );
    assert_eq!(
        warned(&v[3]),
        [w("cleaned-wrapper", 0, 16), w("cleaned-escape", 11, 2)]
    );
    assert_eq!(
        warned(&v[4]),
        [
            w("cleaned-wrapper", 0, 38),
            w("cleaned-escape", 7, 27),
            w("cleaned-punctuation", 38, 1)
        ]
    );
    assert_eq!(
        warned(&v[5]),
        [w("cleaned-wrapper", 0, 25), w("cleaned-punctuation", 25, 3)]
    );
    assert_eq!(
        warned(&v[6]),
        [w("cleaned-label", 0, 5), w("cleaned-punctuation", 32, 1)]
    );
    assert!(v.iter().all(|r| r["valid"] == true));
    assert_eq!(v[7]["warnings"], serde_json::json!([]));
    // The summary counts what was cleaned, by kind.
    assert!(err.contains("cleaned-wrapper 5"), "{err}");
}

#[test]
fn errors_point_into_the_input_as_given() {
    let (out, _) = run(
        &["check", "--clean", "--json", "  (http://a/b\\_c/%zz)."],
        None,
        1,
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["mapped"], "http://a/b_c/%zz");
    assert_eq!(v["error"]["code"], "bad-percent");
    assert_eq!(
        (v["error"]["offset"].as_u64(), v["error"]["len"].as_u64()),
        (Some(17), Some(3))
    );
    // Human output: the caret under the input as given.
    let (out, _) = run(&["check", "--clean", "  (http://a/b\\_c/%zz)."], None, 1);
    assert!(
        out.contains("  (http://a/b\\_c/%zz).\n                   ^^^\n"),
        "{out}"
    );
    // Warnings of the identifier point into the input too.
    let (out, _) = run(
        &["check", "--clean", "--json", "<http://example.org/ab.גד1>"],
        None,
        0,
    );
    let v = &json_lines(&out)[0];
    let bidi: Vec<_> = warned(v)
        .into_iter()
        .filter(|(c, ..)| c.starts_with("bidi"))
        .collect();
    let (_, input_offset, _) = bidi[0];
    let (out, _) = run(&["check", "--json", "http://example.org/ab.גד1"], None, 0);
    let (_, plain_offset, _) = warned(&json_lines(&out)[0])[0];
    assert_eq!(input_offset, plain_offset + 1);
}

#[test]
fn with_the_lenient_readings() {
    // --clean first, then --as leiri: the error is located in the input as given.
    let (out, _) = run(
        &[
            "check",
            "--clean",
            "--as",
            "leiri",
            "--json",
            "“http://a/b c%zz”.",
        ],
        None,
        1,
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["mapped"], "http://a/b%20c%zz");
    assert_eq!(v["error"]["code"], "bad-percent");
    assert_eq!(v["error"]["offset"], 15);
    let (out, _) = run(
        &[
            "check",
            "--clean",
            "--as",
            "web",
            "--json",
            "“http://a/b c”.",
        ],
        None,
        0,
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["mapped"], "http://a/b%20c");
}

#[test]
fn to_uri_dedupe_and_parse() {
    let (out, _) = run(
        &["to-uri", "--clean", "<http://résumé.example.org/ä>."],
        None,
        0,
    );
    assert_eq!(out, "http://xn--rsum-bpad.example.org/%C3%A4\n");
    let (out, _) = run(
        &["dedupe", "--clean", "--json"],
        Some("10.1000/ABC.\n(10.1000/abc)\n\"https://doi.org/10.1000/Abc\"\nhttp://a/%zz\n"),
        1,
    );
    let v = json_lines(&out);
    assert_eq!(v.len(), 2, "one group and the invalid line's record");
    assert_eq!(v[0]["key"], "doi:10.1000/ABC");
    let members: Vec<_> = v[0]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["input"].as_str().unwrap())
        .collect();
    assert_eq!(
        members,
        [
            "10.1000/ABC.",
            "(10.1000/abc)",
            "\"https://doi.org/10.1000/Abc\""
        ]
    );
    assert_eq!(
        (v[1]["line"].as_u64(), v[1]["valid"].as_bool()),
        (Some(4), Some(false))
    );
    let (out, _) = run(
        &["parse", "--clean", "--json", "[urn:isbn:0451450523]"],
        None,
        0,
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["urn"]["nid"], "isbn");
    // Without --clean nothing changes.
    let (out, _) = run(&["check", "--json", "[urn:isbn:0451450523]"], None, 1);
    assert!(json_lines(&out)[0].get("mapped").is_none());
}
