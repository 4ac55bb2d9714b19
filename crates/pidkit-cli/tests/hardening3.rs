//! Issue 31, the third hostile-input trial: each test fails without its fix.

use assert_cmd::Command;
use serde_json::Value;

fn pidkit() -> Command {
    Command::cargo_bin("pidkit").unwrap()
}

/// High 1: a line of repeated warnings gave output (and memory) quadratic in its length — one
/// warning per occurrence, each echoing the whole line. Now repeated findings of a code are one
/// warning with a count, and the echoed context is a window around the caret.
#[test]
fn output_of_repeated_warnings_is_linear_in_the_input() {
    let line = format!("http://a/{}", "%E2%80%AE".repeat(20_000)); // 180 KB
    for args in [&["check"][..], &["parse"], &["check", "--json"]] {
        let out = pidkit()
            .args(args)
            .write_stdin(format!("{line}\n"))
            .output()
            .unwrap();
        assert!(
            out.stdout.len() < 2 * line.len() + 4096,
            "{args:?}: {} bytes of output for a {} byte line",
            out.stdout.len(),
            line.len()
        );
    }
    let out = pidkit()
        .args(["check", "--json"])
        .write_stdin(format!("{line}\n"))
        .output()
        .unwrap();
    let rec: Value = serde_json::from_slice(&out.stdout).unwrap();
    let w = &rec["warnings"];
    assert_eq!(w.as_array().unwrap().len(), 1);
    assert_eq!(w[0]["code"], "bidi-control");
    assert_eq!(w[0]["count"], 20_000);
    assert_eq!(w[0]["offsets"].as_array().unwrap().len(), 16);
    assert_eq!(w[0]["offsets"][0], 18);
    // Raw bidi characters under --as web: the same (24 GB of output before).
    let raw = format!("http://a/{}", "\u{202E}".repeat(50_000));
    let out = pidkit()
        .args(["check", "--as", "web"])
        .write_stdin(format!("{raw}\n"))
        .output()
        .unwrap();
    assert!(out.stdout.len() < 20 * raw.len(), "{}", out.stdout.len());
    // The caret line of a long input is a window around the span.
    let long = format!("http://a/{}%ZZ", "x".repeat(100_000));
    let out = pidkit().args(["check", &long]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let caret_line = text.lines().nth(1).unwrap();
    assert!(
        caret_line.starts_with("  …") && caret_line.len() < 200,
        "{caret_line}"
    );
}

/// High 5: a malformed byte became U+FFFD and DOIs and handles ran through it, so `extract`
/// reported identifiers the document does not hold. A replacement character ends every
/// identifier.
#[test]
fn extract_reports_only_identifiers_that_are_in_the_text() {
    let out = pidkit()
        .args(["extract", "--no-summary"])
        .write_stdin(&b"10.1000/ab\xffcd and hdl:1/a\xfe\n"[..])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text, "<stdin>:1:1: doi 10.1000/ab\n<stdin>:1:19: hdl hdl:1/a\n",
        "{text}"
    );
    assert!(!text.contains('\u{FFFD}'));
}

// High 5 and Medium 7 (a line over 16 MiB cut inside a character; its columns): unit test
// `long_lines_are_cut_on_characters_and_columns_go_on` in crates/pidkit-cli/src/extract.rs, with
// small blocks (16 MiB through a debug build takes most of a minute).

/// Low 15: `--clean` that removed everything reported ok with an empty result, and `dedupe`
/// grouped such inputs under the key "".
#[test]
fn an_input_that_cleans_to_nothing_is_an_error() {
    for v in ["(", "\"", "**", "<>", "“”"] {
        let out = pidkit()
            .args(["check", "--json", "--clean", "--as", "iri-ref", v])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{v}");
        let rec: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(rec["error"]["code"], "empty-after-clean", "{v}");
    }
    let out = pidkit()
        .args(["dedupe", "--json", "--clean", "--as", "iri-ref", "--all"])
        .write_stdin("(\n\"\n**\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("\"key\":\"\""), "{text}");
    assert_eq!(text.matches("empty-after-clean").count(), 3, "{text}");
}

/// Low 16: one definition of blank — Unicode White_Space — for every command: lines of only
/// VT, FF, NEL, NBSP, U+2028 or U+3000 are blank alike (VT was not): answered with a blank
/// record by the line commands, skipped by dedupe.
#[test]
fn blank_is_unicode_white_space_everywhere() {
    let blank = [
        "\u{B}", "\u{C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", " \t ",
    ];
    let input = format!("http://a/\n{}\n", blank.join("\n"));
    for args in [
        &["check"][..],
        &["normalize"],
        &["dedupe"],
        &["resolve", "--offline", "--no-cache"],
    ] {
        let out = pidkit()
            .args(args)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        match args[0] {
            "resolve" => {}
            "dedupe" => assert!(err.contains("7 blank line(s) skipped"), "{args:?}: {err}"),
            _ => {
                assert!(err.contains("7 blank line(s)\n"), "{args:?}: {err}");
                let lines = String::from_utf8(out.stdout).unwrap().lines().count();
                assert_eq!(lines, 8, "{args:?}: one line per input line");
            }
        }
    }
    assert!(pidkit::chars::is_blank("\u{B}") && !pidkit::chars::is_blank("\u{200B}"));
}

/// A line over 16 MiB is never held whole: it is skipped as it is read and answered with a
/// `line-too-long` record, the lines around it keep their numbers and answers, in every line
/// command — with a newline after it or at the end of the input (issue 28's report: the plain
/// line reader had no bound, as the table and RDF readers have).
#[test]
fn a_line_over_16_mib_is_skipped_as_it_is_read_and_said() {
    let long = 17 << 20;
    let mut input = b"10.1000/182\nhttp://a/".to_vec();
    input.resize(input.len() + long, b'x');
    input.extend_from_slice(b"\nhttp://b/\n");
    input.resize(input.len() + long, b'y');
    for args in [
        &["check", "--json"][..],
        &["dedupe", "--json"],
        &["key", "--json"],
        &["join", "--json", "http://a/"],
        &["resolve", "--json", "--offline"],
    ] {
        let cache = tempfile::tempdir().unwrap();
        let out = pidkit()
            .args(args)
            .arg("--no-summary")
            .env("PIDKIT_CACHE_DIR", cache.path())
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(1 | 3)), "{args:?}");
        let recs: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let too_long: Vec<u64> = recs
            .iter()
            .filter(|r| r["error"]["code"] == "line-too-long")
            .map(|r| r["line"].as_u64().unwrap())
            .collect();
        assert_eq!(too_long, [2, 4], "{args:?}");
        if args[0] != "dedupe" {
            let lines: Vec<u64> = recs.iter().map(|r| r["line"].as_u64().unwrap()).collect();
            assert_eq!(lines, [1, 2, 3, 4], "{args:?}");
            assert_eq!(recs[2]["input"], "http://b/");
        }
    }
}
