//! Issue 11's CLI items for every command: arguments together with `--input` (Low 11), the
//! `--threads` bound (Low 12), a closed stdout (Low 16) and terminal-safe human output of input
//! text (Medium 8).

use std::io::Write;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use pidkit_resolve::testserver::TestServer;
use predicates::str::contains;

fn pidkit() -> Command {
    let mut cmd = Command::cargo_bin("pidkit").unwrap();
    cmd.env_remove("PIDKIT_RESOLVER")
        .env_remove("IVOA_REGISTRY")
        .env_remove("PIDKIT_CACHE_DIR");
    cmd
}

/// Every command that reads identifiers from arguments or `--input`, with the arguments that
/// come before the identifiers.
const LINE_COMMANDS: [&[&str]; 8] = [
    &["check"],
    &["parse"],
    &["normalize"],
    &["to-uri"],
    &["to-iri"],
    &["join", "http://a/b/c"],
    &["dedupe"],
    &["resolve", "--no-cache", "--resolver", "http://127.0.0.1:9"],
];

#[test]
fn arguments_and_input_file_together_are_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ids.txt");
    std::fs::write(&file, "http://example.org/\n").unwrap();
    for cmd in LINE_COMMANDS {
        pidkit()
            .args(cmd)
            .arg("--input")
            .arg(&file)
            .arg("http://example.org/x")
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(
                "identifiers given both as arguments (1) and with --input",
            ))
            .stderr(contains("give one or the other"));
    }
    // Either alone is fine.
    pidkit()
        .args(["check", "--input"])
        .arg(&file)
        .assert()
        .code(0);
    pidkit()
        .args(["check", "http://example.org/x"])
        .assert()
        .code(0);
}

#[test]
fn threads_are_bounded() {
    for cmd in [
        &["check"][..],
        &["normalize"],
        &["dedupe"],
        &["join", "http://a/"],
    ] {
        for bad in ["10000", "257", "0", "many"] {
            // Before the bound, 10000 threads did not finish in a minute: fail, never hang.
            pidkit()
                .args(cmd)
                .args(["--threads", bad, "http://example.org/"])
                .timeout(Duration::from_secs(30))
                .assert()
                .code(2)
                .stderr(contains("is not a number of threads from 1 to 256"));
        }
    }
    pidkit()
        .args(["check", "--threads", "256", "http://example.org/"])
        .assert()
        .code(0);
    pidkit()
        .args(["check", "--help"])
        .assert()
        .stdout(contains("Worker threads, 1 to 256"));
}

/// Spawn `pidkit args`, close the read end of its stdout at once, feed it `input`, and return
/// its exit status and stderr.
fn with_closed_stdout(args: &[&str], input: Vec<u8>) -> (Option<i32>, String) {
    let mut child: Child = Process::new(assert_cmd::cargo::cargo_bin("pidkit"))
        .args(args)
        .env_remove("PIDKIT_CACHE_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before anything was written
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        // The child may stop reading early: errors here are expected.
        let _ = stdin.write_all(&input);
    });
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("pidkit {args:?} did not end with its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = feeder.join();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stdout_ends_every_command_quietly_with_status_0() {
    let lines: String = (0..30_000)
        .map(|i| format!("http://example.org/a/{i}\n"))
        .collect();
    let text: String = (0..30_000)
        .map(|i| format!("see https://example.org/p/{i} and doi:10.1000/{i}.\n"))
        .collect();
    let server = TestServer::start();
    let dois: String = (0..4000).map(|i| format!("10.5555/bench/{i}\n")).collect();
    let url = server.url();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["check", "--json"], &lines),
        (vec!["check"], &lines),
        (vec!["parse", "--json"], &lines),
        (vec!["parse", "--tsv"], &lines),
        (vec!["normalize"], &lines),
        (vec!["to-uri", "--json"], &lines),
        (vec!["to-iri"], &lines),
        (vec!["join", "http://a/b/c"], &lines),
        (vec!["dedupe", "--all"], &lines),
        (vec!["extract"], &text),
        (vec!["compare", "http://a/", "http://A/"], ""),
        (
            vec!["resolve", "--no-cache", "--json", "--resolver", &url],
            &dois,
        ),
        (vec!["resolve", "--no-cache", "--resolver", &url], &dois),
    ];
    for (args, input) in cases {
        server.reset();
        let (code, stderr) = with_closed_stdout(&args, input.as_bytes().to_vec());
        assert_eq!(code, Some(0), "pidkit {args:?}: {stderr}");
        assert_eq!(stderr, "", "pidkit {args:?} is quiet");
        if args[0] == "resolve" {
            // It stopped reading input once the output could not be written (after its
            // 64 KiB output buffer): far fewer requests than inputs.
            let sent = server.requests().len();
            assert!(
                sent < 2000,
                "pidkit {args:?} sent {sent} requests for 4000 inputs"
            );
        }
    }
}

#[test]
fn human_output_escapes_terminal_controls_of_the_input() {
    // Medium 8: a valid IRI may hold U+2028 (a line separator), U+FEFF or ALM; an invalid one
    // anything at all. None of it reaches the terminal as it is.
    pidkit()
        .args([
            "check",
            "--color",
            "never",
            "http://a/\u{2028}x",
            "http://a/\u{61C}",
        ])
        .assert()
        .code(0)
        .stdout(contains("1: ok [iri] http://a/<U+2028>x\n"))
        .stdout(contains("2: ok [iri] http://a/<U+061C>\n"))
        .stdout(predicates::str::contains("\u{2028}").not())
        .stdout(predicates::str::contains("\u{61C}").not());
    let out = pidkit()
        .args([
            "parse",
            "--color",
            "never",
            "http://a/\u{2028}?\u{feff}",
            "x\u{1b}[2J\r",
        ])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("1: ok [iri] http://a/<U+2028>?<U+FEFF>\n"),
        "{stdout}"
    );
    assert!(stdout.contains("x<U+001B>[2J<U+000D>"), "{stdout}");
    for raw in ['\u{2028}', '\u{feff}', '\u{1b}', '\r'] {
        assert!(!stdout.contains(raw), "{raw:?} in {stdout}");
    }
}

use predicates::prelude::PredicateBooleanExt as _;
