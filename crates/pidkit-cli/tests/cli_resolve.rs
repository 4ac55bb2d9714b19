//! `pidkit resolve` end to end, against the in-process Handle API / TAP server on 127.0.0.1.

use assert_cmd::Command;
use pidkit_resolve::testserver::TestServer;
use predicates::prelude::*;
use serde_json::Value;

/// The command pointed at `server`, with quick timeouts, no cache and no inherited settings.
fn pidkit(server: &TestServer) -> Command {
    let mut cmd = Command::cargo_bin("pidkit").unwrap();
    cmd.env_remove("PIDKIT_RESOLVER")
        .env_remove("IVOA_REGISTRY")
        .env_remove("PIDKIT_MAILTO")
        .env_remove("PIDKIT_CACHE_DIR")
        .args(["resolve", "--resolver"])
        .arg(server.url())
        .arg("--registry")
        .arg(server.tap_url())
        .args(["--timeout", "0.8", "--retries", "1"]);
    cmd
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn all_resolved_exits_0_with_the_contract_fields() {
    let server = TestServer::start();
    let out = pidkit(&server)
        .args([
            "--no-cache",
            "--json",
            "doi:10.1000/182",
            "10/abc",
            "ivo://org.gavo.dc",
        ])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("3 identifiers in"))
        .stderr(predicate::str::contains(
            "3 resolved; 0 from the cache, 4 requests",
        ))
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 3);
    for (k, r) in recs.iter().enumerate() {
        assert_eq!(r["line"], k + 1);
        for field in ["input", "outcome", "reason", "urls", "record"] {
            assert!(r.get(field).is_some(), "{field} missing in {r}");
        }
        assert_eq!(r["outcome"], "resolved");
    }
    assert_eq!(recs[0]["input"], "doi:10.1000/182");
    assert_eq!(
        recs[0]["urls"],
        serde_json::json!(["http://www.doi.org/hb.html"])
    );
    assert_eq!(recs[0]["record"]["values"][1]["type"], "HS_ADMIN");
    assert_eq!(recs[1]["aliases"], serde_json::json!(["10.1000/182"]));
    assert_eq!(recs[2]["record"]["title"], "GAVO Data Center TAP service");
    assert_eq!(recs[2]["urls"][0], "http://dc.zah.uni-heidelberg.de/tap");
}

#[test]
fn not_found_or_invalid_exits_1() {
    let server = TestServer::start();
    let out = pidkit(&server)
        .args([
            "--no-cache",
            "--json",
            "10.1000/182",
            "10.5555/missing",
            "not a doi",
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    let outcomes: Vec<&str> = recs
        .iter()
        .map(|r| r["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["resolved", "not-found", "invalid"]);
    assert_eq!(recs[2]["error"]["code"], "doi-directory-indicator");
    assert_eq!(recs[2]["error"]["offset"], 0);
    pidkit(&server)
        .args(["--no-cache", "10.5555/no-values"])
        .assert()
        .code(1);
}

#[test]
fn any_unknown_exits_3() {
    let server = TestServer::start();
    for name in [
        "10.5555/html",
        "10.5555/server-error",
        "10.5555/invalid-json",
    ] {
        pidkit(&server)
            .args(["--no-cache", "10.5555/missing", name])
            .assert()
            .code(3);
    }
    // A body over --max-size.
    pidkit(&server)
        .args([
            "--no-cache",
            "--json",
            "--max-size",
            "100000",
            "10.5555/huge",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("100000 byte limit"));
    // A slow server: --timeout, never a hang.
    let started = std::time::Instant::now();
    pidkit(&server)
        .args([
            "--no-cache",
            "--json",
            "--timeout",
            "0.3",
            "--retries",
            "0",
            "10.5555/slow",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("timed out"));
    assert!(started.elapsed() < std::time::Duration::from_secs(3));
}

#[test]
fn stdin_order_is_kept_at_any_concurrency() {
    let server = TestServer::start();
    let mut input = String::new();
    for i in 0..120 {
        match i {
            10 => input.push_str("10.5555/flaky\n"),
            20 => input.push('\n'),
            30 => input.push_str("10.5555/missing\n"),
            _ => input.push_str(&format!("10.5555/bench/{i}\n")),
        }
    }
    for c in ["1", "16"] {
        server.reset();
        let out = pidkit(&server)
            .args(["--no-cache", "--json", "--concurrency", c])
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stderr(predicate::str::contains("1 blank line(s) skipped"))
            .get_output()
            .stdout
            .clone();
        let recs = json_lines(&out);
        assert_eq!(recs.len(), 119);
        let inputs: Vec<&str> = recs.iter().map(|r| r["input"].as_str().unwrap()).collect();
        let expected: Vec<&str> = input.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(inputs, expected, "concurrency {c}");
        let lines: Vec<u64> = recs.iter().map(|r| r["line"].as_u64().unwrap()).collect();
        assert_eq!(lines[19], 20);
        assert_eq!(lines[20], 22, "line numbers count the blank line");
        assert_eq!(recs[10]["outcome"], "resolved", "flaky: retried");
        assert_eq!(recs[10]["attempts"], 2);
    }
}

#[test]
fn human_output() {
    let server = TestServer::start();
    pidkit(&server)
        .args(["--no-cache", "--color", "never", "10/abc", "10.5555/missing", "ivo://org.gavo.dc", "10.1000"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "10/abc: resolved (alias of 10.1000/182)\n  http://www.doi.org/hb.html\n",
        ))
        .stdout(predicate::str::contains(
            "10.5555/missing: not-found\n  the DOI name \"10.5555/missing\" was not found (Handle responseCode 100)\n",
        ))
        .stdout(predicate::str::contains(
            "ivo://org.gavo.dc: resolved\n  GAVO Data Center TAP service (vs:catalogservice)\n  ivo://ivoa.net/std/tap: http://dc.zah.uni-heidelberg.de/tap\n",
        ))
        .stdout(predicate::str::contains("10.1000: invalid\n  error doi-missing-slash"))
        .stdout(predicate::str::contains("  10.1000\n         ^"));
    // --quiet: only what did not resolve, no summary.
    pidkit(&server)
        .args(["--no-cache", "--quiet", "10.1000/182", "10.5555/missing"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("10.5555/missing: not-found"))
        .stderr("");
}

#[test]
fn cache_hits_offline_and_no_cache() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    pidkit(&server)
        .args(["--cache-dir", cache, "10.1000/182", "10.5555/missing"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("0 from the cache, 2 requests"));
    assert_eq!(server.requests().len(), 2);
    // Equivalent forms hit the same entries; not-found is cached briefly too.
    pidkit(&server)
        .args([
            "--cache-dir",
            cache,
            "--json",
            "DOI:10.1000/182",
            "10.5555/MISSING",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(r#""source":"cache""#))
        .stderr(predicate::str::contains("2 from the cache, 0 requests"));
    assert_eq!(server.requests().len(), 2);
    // Offline: the cache only; what is not there stays unknown.
    pidkit(&server)
        .args([
            "--cache-dir",
            cache,
            "--offline",
            "--json",
            "10.1000/182",
            "10.1038/nature12373",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("not in the cache, and offline"));
    assert_eq!(server.requests().len(), 2);
    // --no-cache asks again.
    pidkit(&server)
        .args(["--no-cache", "10.1000/182"])
        .assert()
        .code(0);
    assert_eq!(server.requests().len(), 3);
    // The cache directory can come from the environment.
    pidkit(&server)
        .env("PIDKIT_CACHE_DIR", cache)
        .args(["10.1000/182"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("1 from the cache"));
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn polite_user_agent_and_parameters() {
    let server = TestServer::start();
    pidkit(&server)
        .args([
            "--no-cache",
            "--mailto",
            "ops@example.org",
            "--type",
            "URL",
            "--index",
            "1",
            "10.1000/182",
        ])
        .assert()
        .code(0);
    let req = &server.requests()[0];
    assert_eq!(req.target, "/api/handles/10.1000/182?type=URL&index=1");
    let ua = req.header("user-agent").unwrap();
    assert!(
        ua.starts_with("pidkit/") && ua.contains("mailto:ops@example.org"),
        "{ua}"
    );
    // From the environment too.
    server.reset();
    pidkit(&server)
        .env("PIDKIT_MAILTO", "env@example.org")
        .args(["--no-cache", "10.1000/182"])
        .assert()
        .code(0);
    assert!(
        server.requests()[0]
            .header("user-agent")
            .unwrap()
            .contains("mailto:env@example.org")
    );
}

#[test]
fn usage_errors_exit_2() {
    let server = TestServer::start();
    for bad in [
        &["--concurrency", "0"][..],
        &["--rate", "fast"],
        &["--timeout", "-1"],
        &["--offline", "--no-cache"],
    ] {
        pidkit(&server)
            .args(bad)
            .arg("10.1000/182")
            .assert()
            .code(2);
    }
    pidkit(&server)
        .args(["--no-cache", "--input", "/nonexistent/ids.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read input"));
    assert!(server.requests().is_empty());
}

#[test]
fn lines_that_are_not_utf8_are_invalid() {
    let server = TestServer::start();
    let out = pidkit(&server)
        .args(["--no-cache", "--json"])
        .write_stdin(b"10.1000/182\n10.1000/\xff\n".to_vec())
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    assert_eq!(recs[1]["outcome"], "invalid");
    assert_eq!(recs[1]["reason"], "line 2 is not valid UTF-8 (byte 8)");
}
