//! Issue 16, item 5: what users of command-line tools expect — help texts that say what they
//! mean (no doubled backslashes), shell completions and man pages generated from the clap
//! definitions, and a hint instead of a silent wait on a terminal without input.

use std::io::Write;
use std::process::{Command as Std, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn pidkit() -> Command {
    Command::cargo_bin("pidkit").unwrap()
}

fn stdout(c: &mut Command, code: i32) -> String {
    String::from_utf8(c.assert().code(code).get_output().stdout.clone()).unwrap()
}

/// The commands `pidkit --help` lists (its "Commands:" section, `help` aside).
fn commands() -> Vec<String> {
    let help = stdout(pidkit().arg("--help"), 0);
    let list = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands: section")
        .split("\n\n")
        .next()
        .unwrap();
    let names: Vec<String> = list
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&n| n != "help")
        .map(str::to_owned)
        .collect();
    assert!(names.len() >= 12, "{names:?}");
    names
}

#[test]
fn help_texts_have_no_doubled_backslashes() {
    let mut texts = vec![stdout(pidkit().arg("--help"), 0)];
    for cmd in commands() {
        for flag in ["--help", "-h"] {
            texts.push(stdout(pidkit().args([cmd.as_str(), flag]), 0));
        }
    }
    for t in &texts {
        assert!(!t.contains("\\\\"), "a doubled backslash in:\n{t}");
    }
    // What the doc comments mean, said once: TSV's null and the Web Address backslash.
    let check = stdout(pidkit().args(["check", "--help"]), 0);
    assert!(check.contains(r"(\N marks an absent value)"), "{check}");
    assert!(check.contains(r"(also '\' read as '/'"), "{check}");
    // A shell line continuation stays one backslash.
    let resolve = stdout(pidkit().args(["resolve", "--help"]), 0);
    assert!(resolve.contains("PORT \\\n"), "{resolve}");
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(pidkit().args(["completions", shell]), 0);
        for word in [
            "pidkit",
            "to-uri",
            "deny-warnings",
            "doi-form",
            "completions",
        ] {
            assert!(script.contains(word), "{shell}: no {word:?}");
        }
    }
    // The bash script is valid bash (when bash is there to say so).
    let script = stdout(pidkit().args(["completions", "bash"]), 0);
    if let Ok(mut bash) = Std::new("bash").arg("-n").stdin(Stdio::piped()).spawn() {
        bash.stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        assert!(bash.wait().unwrap().success(), "bash -n refuses the script");
    }
    pidkit().args(["completions", "cmd.exe"]).assert().code(2);
}

#[test]
fn man_pages_for_the_tool_and_every_command() {
    let page = stdout(pidkit().arg("man"), 0);
    assert!(page.contains(".TH pidkit 1"), "{page}");
    assert!(page.contains(&format!("pidkit {}", env!("CARGO_PKG_VERSION"))));
    assert!(page.contains("pidkit\\-check(1)"), "the SUBCOMMANDS list");
    assert!(page.contains("Exit status"), "the after-help text");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man1");
    pidkit().args(["man", "--dir"]).arg(&out).assert().code(0);
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut want: Vec<String> = commands().iter().map(|c| format!("pidkit-{c}.1")).collect();
    want.push("pidkit.1".into());
    want.sort();
    assert_eq!(files, want);
    let check = std::fs::read_to_string(out.join("pidkit-check.1")).unwrap();
    assert!(check.contains(".TH pidkit-check 1"), "{check}");
    assert!(check.contains("deny\\-warnings"), "{check}");
    // Written again over the pages: replaced whole; a symbolic link in a page's place is
    // refused and named, and what it points to is left alone (issue 31 item 18).
    pidkit().args(["man", "--dir"]).arg(&out).assert().code(0);
    #[cfg(unix)]
    {
        let target = dir.path().join("elsewhere");
        std::fs::write(&target, "mine").unwrap();
        std::fs::remove_file(out.join("pidkit.1")).unwrap();
        std::os::unix::fs::symlink(&target, out.join("pidkit.1")).unwrap();
        pidkit()
            .args(["man", "--dir"])
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("pidkit.1 is a symbolic link"));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine");
    }
}

/// The commands that read stdin when given no input, with the arguments they need anyway.
const READERS: &[&[&str]] = &[
    &["check"],
    &["parse"],
    &["normalize"],
    &["to-uri"],
    &["to-iri"],
    &["dedupe"],
    &["join", "http://a/b"],
    &["extract"],
    &["resolve", "--no-cache"],
];

/// Run pidkit with a pseudo-terminal as stdin (and `typed` written to the terminal), stdout
/// and stderr piped: the exit code, stdout and stderr. Fails rather than hangs.
#[cfg(unix)]
fn on_a_terminal(args: &[&str], typed: Option<&[u8]>) -> (Option<i32>, String, String) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(name.to_str().unwrap())
        .unwrap();
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("pidkit"))
        .args(args)
        .stdin(slave)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut master = std::fs::File::from(master);
    if let Some(text) = typed {
        master.write_all(text).unwrap();
    }
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("pidkit {args:?} waited on the terminal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[cfg(unix)]
#[test]
fn a_terminal_without_input_gets_a_hint_instead_of_a_wait() {
    for args in READERS {
        let (code, out, err) = on_a_terminal(args, None);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let cmd = args[..args.len().min(2)].join(" ");
        let cmd = if args[0] == "join" {
            cmd
        } else {
            args[0].to_owned()
        };
        assert!(err.starts_with("pidkit: no input: no "), "{args:?}: {err}");
        assert!(err.contains("stdin is a terminal"), "{args:?}: {err}");
        assert!(
            err.contains(&format!("| pidkit {cmd}\n")),
            "{args:?}: {err}"
        );
        assert!(err.contains(&format!("pidkit {cmd} -")), "{args:?}: {err}");
    }
    // Input given another way: no hint, whatever stdin is.
    let (code, out, _) = on_a_terminal(&["check", "10.1000/182"], None);
    assert_eq!((code, out.as_str()), (Some(0), "1: ok [doi] 10.1000/182\n"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ids.txt");
    std::fs::write(&file, "10.1000/182\n").unwrap();
    let (code, out, _) = on_a_terminal(&["parse", "--json", "-i", file.to_str().unwrap()], None);
    assert_eq!(code, Some(0));
    assert!(out.starts_with(r#"{"schema":1,"line":1,"#), "{out}");
    // `compare` never reads stdin.
    let (code, _, _) = on_a_terminal(&["compare", "a:b", "a:b"], None);
    assert_eq!(code, Some(0));
}

#[cfg(unix)]
#[test]
fn a_lone_dash_reads_what_is_typed_at_the_terminal() {
    // One line, then Ctrl-D (the terminal's end of input).
    let (code, out, err) = on_a_terminal(&["check", "-"], Some(b"10.1000/182\n\x04"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "1: ok [doi] 10.1000/182\n");
    let (code, out, err) = on_a_terminal(&["normalize", "--input", "-"], Some(b"HTTP://A/\n\x04"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "http://a/\n");
}

/// `-q` is one flag of every command that reads a stream, and each command's help says what it
/// leaves out there — none speaks of another command's output (issue 28 item 9).
#[test]
fn quiet_is_explained_by_each_command() {
    let help = |cmd: &str| {
        let out = Command::cargo_bin("pidkit")
            .unwrap()
            .args([cmd, "--help"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let at = text
            .find("--quiet")
            .unwrap_or_else(|| panic!("{cmd}: no --quiet"));
        text[at..].split("\n\n").next().unwrap().to_owned()
    };
    for cmd in ["check", "parse"] {
        assert!(help(cmd).contains("ok without warnings"), "{cmd}");
    }
    assert!(help("resolve").contains("resolved"));
    for cmd in [
        "normalize",
        "to-uri",
        "to-iri",
        "key",
        "join",
        "dedupe",
        "extract",
    ] {
        let h = help(cmd);
        assert!(h.contains("nothing to leave out"), "{cmd}: {h}");
        assert!(!h.contains("check"), "{cmd}: {h}");
    }
}

/// Output through a pipe to another process: pidkit widens the pipe to 1 MiB (Linux), so a
/// million records wake the reader a sixteenth as often; the records are the same.
#[cfg(target_os = "linux")]
#[test]
fn a_pipe_on_stdout_is_widened() {
    let mut child = Std::new(env!("CARGO_BIN_EXE_pidkit"))
        .args(["check", "--json", "10.1000/182"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut out, &mut text).unwrap();
    assert!(child.wait().unwrap().success());
    assert!(
        text.starts_with("{\"schema\":1,\"line\":1,\"input\":\"10.1000/182\""),
        "{text}"
    );
    // The pipe is the one the child wrote to: its size is what the child set.
    let size = rustix::pipe::fcntl_getpipe_size(&out).unwrap();
    let limit: usize = std::fs::read_to_string("/proc/sys/fs/pipe-max-size")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    if limit >= 1 << 20 {
        assert_eq!(size, 1 << 20);
    } else {
        // A system that caps pipes lower refuses the size to users (not to root).
        assert!(
            size == 1 << 20 || size == 1 << 16,
            "pipe size {size}, limit {limit}"
        );
    }
}
