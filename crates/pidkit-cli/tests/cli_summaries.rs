//! Issue 16, item 2 (and the colour part of item 5): every command that reads a stream ends it
//! with a summary that counts errors by code as it counts warnings; `-q` keeps the summary and
//! `--no-summary` drops it, the same in every command; colours come from anstyle through
//! anstream and follow `--color`, `NO_COLOR` and `CLICOLOR_FORCE`.

use assert_cmd::Command;
use pidkit_resolve::testserver::TestServer;

fn pidkit() -> Command {
    let mut c = Command::cargo_bin("pidkit").unwrap();
    c.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    c.env_remove("CLICOLOR");
    c
}

/// (stdout, stderr) of a run, whatever its exit status.
fn run(c: &mut Command) -> (String, String) {
    let out = c.output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The summary lines of stderr: the one starting `pidkit: N identifier` and the count lines
/// after it.
fn summary(stderr: &str) -> Option<String> {
    let start = stderr.find("pidkit: ").filter(|&i| {
        stderr[i..]
            .split_whitespace()
            .nth(2)
            .is_some_and(|w| w.starts_with("identifier"))
    })?;
    Some(stderr[start..].to_owned())
}

const INPUT: &str = "http://a/\nhttp://a b/\nhttp://[::1\nhttp://c d/\n%zz\nhttp://a/%c3%a9\n";

#[test]
fn every_line_command_counts_errors_by_code_and_keeps_its_summary_under_quiet() {
    let runs: [&[&str]; 7] = [
        &["check"],
        &["parse"],
        &["normalize"],
        &["to-uri"],
        &["to-iri"],
        &["join", "http://x/"],
        &["dedupe"],
    ];
    for args in runs {
        for format in [None, Some("--json"), Some("--tsv")] {
            let with = |extra: &[&str]| {
                run(pidkit()
                    .args(args)
                    .args(format)
                    .args(extra)
                    .write_stdin(INPUT))
            };
            let (_, err) = with(&[]);
            let s = summary(&err).unwrap_or_else(|| panic!("{args:?} {format:?}: {err}"));
            assert!(s.starts_with("pidkit: 6 identifiers in "), "{args:?}: {s}");
            // The join reads references: `%zz` is its only bad-percent, as everywhere.
            assert!(
                s.contains("\n  errors: bad-ipv6 1, bad-percent 1, invalid-char 2"),
                "{args:?} {format:?}: {s}"
            );
            // -q: the summary stays.
            let (_, err) = with(&["-q"]);
            assert_eq!(
                summary(&err).map(|s| s.lines().count()),
                Some(s.lines().count()),
                "{args:?} {format:?} -q: {err}"
            );
            // --no-summary: gone, and nothing else changes on stdout.
            let (out_quiet, err) = with(&["--no-summary"]);
            assert_eq!(summary(&err), None, "{args:?} --no-summary: {err}");
            assert_eq!(
                out_quiet,
                with(&[]).0,
                "{args:?}: --no-summary changes only stderr"
            );
        }
    }
}

#[test]
fn check_lists_kinds_errors_and_warnings() {
    let (_, err) = run(pidkit().args(["check"]).write_stdin(INPUT));
    assert_eq!(
        summary(&err).unwrap().lines().skip(1).collect::<Vec<_>>(),
        [
            "  kinds: iri 6",
            "  errors: bad-ipv6 1, bad-percent 1, invalid-char 2",
            "  warnings: lowercase-hex 1",
        ]
    );
}

#[test]
fn quiet_drops_only_what_is_fine() {
    // check: the ok line without warnings goes, problems and the warned line stay.
    let (out, _) = run(pidkit().args(["check", "-q"]).write_stdin(INPUT));
    assert!(!out.contains("1: ok"), "{out}");
    assert!(out.contains("6: ok [iri] http://a/%c3%a9"), "{out}");
    assert!(out.contains("2: error invalid-char"), "{out}");
    // The transforms' results are their output: -q keeps every line.
    let (out, _) = run(pidkit().args(["normalize", "-q"]).write_stdin(INPUT));
    assert_eq!(out, "http://a/\n\n\n\n\nhttp://a/é\n");
    // --json is never shortened.
    let (out, _) = run(pidkit().args(["check", "-q", "--json"]).write_stdin(INPUT));
    assert_eq!(out.lines().count(), 6);
}

#[test]
fn dedupe_summary_counts_kinds_and_errors() {
    let (_, err) = run(pidkit()
        .args(["dedupe", "-q"])
        .write_stdin("doi:10.1000/A\n10.1000/a\nx y\n\n10.1000\n"));
    assert_eq!(
        summary(&err).unwrap().lines().skip(1).collect::<Vec<_>>(),
        [
            "  kinds: doi 3, iri 1",
            "  errors: doi-missing-slash 1, invalid-char 1",
        ],
        "{err}"
    );
    assert!(
        err.contains("4 identifiers in ") && err.contains("; 1 blank line(s) skipped"),
        "{err}"
    );
}

#[test]
fn extract_has_a_summary_and_the_same_flags() {
    let text = "See doi:10.1000/182, urn:isbn:0451450523 and <https://example.org/a>.\n";
    let (_, err) = run(pidkit().args(["extract"]).write_stdin(text));
    assert_eq!(
        summary(&err).unwrap().lines().nth(1),
        Some("  kinds: doi 1, iri 1, urn 1")
    );
    assert!(
        err.starts_with("pidkit: 3 identifiers found in 1 file in "),
        "{err}"
    );
    let (out, err) = run(pidkit().args(["extract", "-q"]).write_stdin(text));
    assert_eq!(out.lines().count(), 3, "extract's findings are its output");
    assert!(summary(&err).is_some());
    let (_, err) = run(pidkit().args(["extract", "--no-summary"]).write_stdin(text));
    assert_eq!(err, "");
}

#[test]
fn resolve_counts_errors_by_code_and_keeps_its_summary_under_quiet() {
    let server = TestServer::start();
    let resolve = || {
        let mut c = pidkit();
        c.args(["resolve", "--no-cache", "--resolver", &server.url()]);
        c.args(["--registry", &format!("{}/tap", server.url())]);
        c
    };
    let input = "10.1000/182\n10.1000\ndoi:10.1000\nbad id\n";
    let (out, err) = run(resolve().arg("-q").write_stdin(input));
    assert!(!out.contains("10.1000/182: resolved"), "{out}");
    let s = summary(&err).unwrap_or_else(|| panic!("{err}"));
    assert!(s.contains("1 resolved, 3 invalid"), "{s}");
    assert!(
        s.ends_with("\n  errors: doi-missing-slash 2, invalid-char 1\n"),
        "{s}"
    );
    let (_, err) = run(resolve().arg("--no-summary").write_stdin(input));
    assert_eq!(summary(&err), None, "{err}");
}

// ---- colours ------------------------------------------------------------------------------

/// `s` without ANSI escape sequences (`ESC [ … letter`).
fn strip(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

const ESC: &str = "\u{1b}[";

#[test]
fn color_follows_the_flag_and_the_environment() {
    let check = |flag: &str, env: &[(&str, &str)]| {
        let mut c = pidkit();
        c.args(["check", flag, "http://a/", "http://a b/"]);
        for (k, v) in env {
            c.env(k, v);
        }
        run(&mut c).0
    };
    let plain = check("--color=never", &[]);
    assert!(!plain.contains(ESC), "{plain:?}");
    // Piped (the tests' stdout is not a terminal): no colour by default.
    assert_eq!(check("--color=auto", &[]), plain);
    // always: colour, whatever NO_COLOR says; the text is the same.
    let colored = check("--color=always", &[("NO_COLOR", "1")]);
    assert!(colored.contains(ESC), "{colored:?}");
    assert_eq!(strip(&colored), plain);
    // The styles are anstyle's: a bold red "error", a green "ok".
    assert!(
        colored.contains(&format!("{}error", anstyle_red())),
        "{colored:?}"
    );
    // auto: CLICOLOR_FORCE turns colour on where there is no terminal, NO_COLOR wins over it,
    // and --color never overrides both.
    assert!(check("--color=auto", &[("CLICOLOR_FORCE", "1")]).contains(ESC));
    assert_eq!(
        check(
            "--color=auto",
            &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]
        ),
        plain
    );
    assert_eq!(check("--color=never", &[("CLICOLOR_FORCE", "1")]), plain);
}

/// The escape sequence anstyle writes for bold red.
fn anstyle_red() -> String {
    let style = anstyle::AnsiColor::Red.on_default().bold();
    style.render().to_string()
}

#[test]
fn stderr_is_coloured_on_its_own_and_data_never() {
    // The transforms' errors go to stderr: coloured there; the results on stdout are data.
    let mut c = pidkit();
    c.args(["normalize", "--color", "always", "http://a/", "http://a b/"]);
    let (out, err) = run(&mut c);
    assert_eq!(out, "http://a/\n\n");
    assert!(err.contains(ESC), "{err:?}");
    assert!(strip(&err).starts_with("2: error invalid-char"), "{err:?}");
    let (_, err) = run(pidkit().args(["normalize", "http://a b/"]));
    assert!(!err.contains(ESC), "{err:?}");
    // JSON and TSV carry no colour even when it is asked for.
    for format in ["--json", "--tsv"] {
        let mut c = pidkit();
        c.args([
            "check",
            format,
            "--color",
            "always",
            "http://a b/",
            "x\u{1b}[31my",
        ]);
        let (out, _) = run(&mut c);
        assert!(!out.contains("\u{1b}[1m"), "{format}: {out:?}");
        if format == "--tsv" {
            // An escape character from the input is data, passed through as it is.
            assert!(out.contains("x\u{1b}[31my"), "{out:?}");
        }
    }
    // compare's errors, dedupe's and resolve's human output follow the flag too.
    let (_, err) = run(pidkit().args(["compare", "--color", "always", "a b", "c"]));
    assert!(err.contains(ESC), "{err:?}");
    let (_, err) = run(pidkit()
        .args(["dedupe", "--color", "always"])
        .write_stdin("a b\n"));
    assert!(err.contains(ESC), "{err:?}");
    let (out, _) = run(pidkit().args(["dedupe", "--color", "always", "http://a/", "HTTP://A/"]));
    assert!(out.contains(ESC), "{out:?}");
}
