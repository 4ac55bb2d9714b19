//! `pidkit resolve --metadata FORMAT --agency` end to end against the test server (issue 30):
//! a thousand DOIs with one in ten missing, the formats, usage errors, exit statuses, the
//! cache and `--offline`, and the hidden `pidkit test-server` command.

use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::time::Instant;

use assert_cmd::Command;
use pidkit_resolve::testserver::TestServer;
use predicates::prelude::*;
use serde_json::Value;

fn pidkit(server: &TestServer) -> Command {
    let mut cmd = Command::cargo_bin("pidkit").unwrap();
    cmd.env_remove("PIDKIT_RESOLVER")
        .env_remove("PIDKIT_MAILTO")
        .env_remove("PIDKIT_CACHE_DIR")
        .env("NO_COLOR", "1")
        .args(["resolve", "--resolver"])
        .arg(server.url())
        .args(["--timeout", "2", "--retries", "1"]);
    cmd
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_thousand_dois_with_one_in_ten_missing_give_one_record_each() {
    let server = TestServer::start();
    let input: String = (0..1000)
        .map(|i| {
            if i % 10 == 7 {
                format!("10.5555/missing/{i}\n")
            } else {
                format!("10.5555/bench/{i}\n")
            }
        })
        .collect();
    let started = Instant::now();
    let out = pidkit(&server)
        .args(["--no-cache", "--json", "--metadata", "csl-json", "--agency"])
        .args(["--concurrency", "8", "--mailto", "ops@example.org"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("900 resolved, 100 not-found"))
        .stderr(predicate::str::contains("metadata: found 900, skipped 100"))
        .stderr(predicate::str::contains("agency: found 1000"))
        .get_output()
        .stdout
        .clone();
    let elapsed = started.elapsed();
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 1000, "one record per input");
    for (i, (r, line)) in recs.iter().zip(input.lines()).enumerate() {
        assert_eq!(r["input"], line);
        assert_eq!(r["line"], i + 1);
        assert_eq!(r["agency"]["name"], "Crossref");
        if i % 10 == 7 {
            assert_eq!(r["outcome"], "not-found");
            assert_eq!(r["metadata"]["outcome"], "skipped");
            assert_eq!(r["metadata"]["reason"], "not asked: the DOI is not-found");
        } else {
            assert_eq!(r["metadata"]["outcome"], "found", "{r}");
            assert_eq!(r["metadata"]["value"]["DOI"], line);
            assert_eq!(r["metadata"]["value"]["title"], format!("Test record {i}"));
        }
    }
    // One RA request for the prefix; no content negotiation for the missing ones; every request
    // polite.
    assert_eq!(server.count("/ra/"), 1);
    assert_eq!(server.count("/10.5555/missing"), 0);
    assert_eq!(server.count("/10.5555/bench"), 900);
    assert!(server.requests().iter().all(|q| {
        q.header("user-agent")
            .unwrap()
            .contains("mailto:ops@example.org")
    }));
    eprintln!("1,000 DOIs with metadata and agency: {elapsed:?}");
}

#[test]
fn formats_human_output_and_exit_statuses() {
    let server = TestServer::start();
    pidkit(&server)
        .args(["--no-cache", "--metadata", "csl-json", "--agency"])
        .args(["10.1038/nature12373", "10.5555/cn-204", "10.9999/x"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "10.1038/nature12373: resolved\n  https://www.nature.com/articles/nature12373\n  \
             agency: Crossref\n  metadata (csl-json):\n    title: Nanometre-scale thermometry \
             in a living cell\n    first author: Kucsko\n    year: 2013\n    container: Nature\n",
        ))
        .stdout(predicate::str::contains(
            "  metadata (csl-json): no-metadata\n    HTTP 204 (text/plain): the agency has no \
             metadata for this DOI\n",
        ))
        .stdout(predicate::str::contains(
            "  agency: not-registered\n    no registration agency holds the prefix 10.9999",
        ));
    // No metadata is an answer: exit 0.
    pidkit(&server)
        .args([
            "--no-cache",
            "--metadata",
            "ris",
            "10.5555/cn-406",
            "10.1000/182",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "    TY  - BOOK\n    DO  - 10.1000/182\n",
        ));
    // Metadata that stays unknown is exit 3, like any unknown answer.
    pidkit(&server)
        .args([
            "--no-cache",
            "--json",
            "--metadata",
            "csl-json",
            "10.5555/cn-other-doi",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains(r#""outcome":"unknown""#));
    pidkit(&server)
        .args(["--no-cache", "--agency", "10.4441/x"])
        .assert()
        .code(3);
    // A formatted citation in a locale.
    let out = pidkit(&server)
        .args([
            "--no-cache",
            "--json",
            "--metadata",
            "citeproc-style:apa",
            "--locale",
            "de-DE",
        ])
        .arg("10.1000/182")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let r = &json_lines(&out)[0];
    assert_eq!(
        r["metadata"]["value"],
        "International DOI Foundation (2019). DOI Handbook. https://doi.org/10.1000/182"
    );
    let accept = server
        .requests()
        .iter()
        .rev()
        .find(|q| q.target == "/10.1000/182")
        .and_then(|q| q.header("accept").map(str::to_owned));
    assert_eq!(
        accept.as_deref(),
        Some("text/x-bibliography; style=apa; locale=de-DE")
    );
}

#[test]
fn bad_options_are_usage_errors_before_any_request() {
    let server = TestServer::start();
    for (args, says) in [
        (&["--metadata", "xml"][..], "is not a metadata format"),
        (
            &["--metadata", "bibtex", "--locale", "de-DE"][..],
            "a locale applies",
        ),
        (&["--metadata", "citeproc-style:a b"][..], "citation style"),
        (
            &["--metadata", "citeproc-style:apa", "--locale", "en\r"][..],
            "locale",
        ),
        (&["--locale", "de-DE"][..], "--metadata"),
    ] {
        pidkit(&server)
            .args(["--no-cache"])
            .args(args)
            .arg("10.1000/182")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    assert!(server.requests().is_empty());
}

#[test]
fn metadata_is_cached_and_answers_offline() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        pidkit(&server)
            .args(["--json", "--metadata", "bibtex", "--agency", "--cache-dir"])
            .arg(dir.path())
            .args(extra)
            .arg("10.5555/tlex.2019.001")
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone()
    };
    let first = json_lines(&run(&[]))[0].clone();
    assert_eq!(first["metadata"]["source"], "network");
    let sent = server.requests().len();
    let again = json_lines(&run(&["--offline"]))[0].clone();
    assert_eq!(again["metadata"]["source"], "cache");
    assert_eq!(again["agency"]["source"], "cache");
    assert_eq!(again["metadata"]["value"], first["metadata"]["value"]);
    assert_eq!(server.requests().len(), sent);
}

#[test]
fn the_test_server_command_prints_its_address_and_stops_with_its_stdin() {
    let mut child = Process::new(env!("CARGO_BIN_EXE_pidkit"))
        .args(["test-server", "--stop-on-eof"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = lines.next().unwrap().unwrap();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let options = lines.next().unwrap().unwrap();
    assert!(
        options.starts_with(&format!("--resolver {url} ")),
        "{options}"
    );
    Command::cargo_bin("pidkit")
        .unwrap()
        .args([
            "resolve",
            "--no-cache",
            "--metadata",
            "csl-json",
            "--resolver",
            &url,
        ])
        .arg("10.1038/nature12373")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "title: Nanometre-scale thermometry",
        ));
    drop(child.stdin.take());
    let status = child.wait().unwrap();
    assert!(status.success());
    // Hidden from the help, shown in resolve's.
    Command::cargo_bin("pidkit")
        .unwrap()
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("test-server").not());
    Command::cargo_bin("pidkit")
        .unwrap()
        .args(["resolve", "--help"])
        .assert()
        .stdout(predicate::str::contains("pidkit test-server &"));
}
