//! The documentation shows real output: every ```console block of README.md and of every
//! Markdown file under docs/ (recursively) is run here and its output compared. A block lists
//! `$ pidkit …` commands (run from the workspace root), each followed by exactly what it prints
//! (stdout, then stderr; timings in summaries masked). Arguments may be quoted with '…' or "…".
//! `PIDKIT_BLESS=1` writes what pidkit prints into the documents instead of failing.
//!
//! Every command runs with the resolution services pointed at the in-process test server
//! (`pidkit_resolve::testserver`) and a fresh cache directory, so that `pidkit resolve`
//! examples are run too, without the network, and print the same every time.

use assert_cmd::Command;
use pidkit_resolve::testserver::TestServer;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Split a command line the way a POSIX shell would for the simple quoting used in the README.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                cur.extend(chars.by_ref().take_while(|&q| q != '\''));
            }
            '"' => {
                in_word = true;
                cur.extend(chars.by_ref().take_while(|&q| q != '"'));
            }
            ' ' if in_word => {
                out.push(std::mem::take(&mut cur));
                in_word = false;
            }
            ' ' => {}
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// (command line, expected output) of every command in the README's console blocks.
fn examples(readme: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block && line.trim() == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_owned(), String::new()));
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    out
}

/// The least number of console examples a document must keep, where a drop would mean that
/// examples were lost (a file not listed needs none; a new file's examples are run all the same).
const MINIMUM: &[(&str, usize)] = &[
    ("README.md", 8),
    ("docs/cli.md", 25),
    ("docs/extract.md", 3),
    ("docs/every-kind.md", 1),
    ("docs/output.md", 8),
    ("docs/resolve.md", 2),
    ("docs/metadata.md", 1),
    ("docs/schemes/doi.md", 3),
    ("docs/schemes/hdl.md", 5),
    ("docs/schemes/urn.md", 3),
    ("docs/schemes/ivo.md", 2),
];

/// Every Markdown file under `dir`, recursively, as paths relative to the workspace root.
fn markdown_files(dir: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(format!("{ROOT}/{dir}"))
        .unwrap()
        .map(|e| e.unwrap())
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = format!("{dir}/{}", e.file_name().to_string_lossy());
        if e.file_type().unwrap().is_dir() {
            markdown_files(&name, out);
        } else if name.ends_with(".md") {
            out.push(name);
        }
    }
}

#[test]
fn every_console_example_in_the_readme_and_the_guide_prints_what_it_shows() {
    let mut docs = vec!["README.md".to_owned()];
    markdown_files("docs", &mut docs);
    for (doc, _) in MINIMUM {
        assert!(docs.iter().any(|d| d == doc), "{doc} is listed but missing");
    }
    let server = TestServer::start();
    let services = Services {
        handle: server.url(),
        registry: server.tap_url(),
    };
    let mut failures = Vec::new();
    for doc in &docs {
        let min = MINIMUM
            .iter()
            .find(|(d, _)| d == doc)
            .map(|&(_, n)| n)
            // Every scheme page shows its scheme at work.
            .unwrap_or(
                if doc.starts_with("docs/schemes/") && !doc.ends_with("README.md") {
                    3
                } else {
                    0
                },
            );
        if let Err(e) = std::panic::catch_unwind(|| run_examples(doc, min, &services)) {
            failures.push(
                e.downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_else(|| format!("{doc}: failed")),
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Where `pidkit resolve` sends its requests in the examples: the test server.
struct Services {
    handle: String,
    registry: String,
}

/// Run the console examples of `doc` (at least `min` of them) and compare their output.
fn run_examples(doc: &str, min: usize, services: &Services) {
    let readme = std::fs::read_to_string(format!("{ROOT}/{doc}")).unwrap();
    let examples = examples(&readme);
    assert!(
        examples.len() >= min,
        "{doc} has {} console examples, fewer than {min}",
        examples.len()
    );
    let mut failures = Vec::new();
    let mut blessed: Vec<(String, String, String)> = Vec::new();
    for (cmd, expected) in &examples {
        let w = words(cmd);
        assert_eq!(
            w[0], "pidkit",
            "README console commands start with pidkit: {cmd}"
        );
        let cache = tempfile::tempdir().unwrap();
        let out = Command::cargo_bin("pidkit")
            .unwrap()
            .current_dir(ROOT)
            .env("NO_COLOR", "1")
            .env("PIDKIT_RESOLVER", &services.handle)
            .env("PIDKIT_HANDLE_RESOLVER", &services.handle)
            .env("IVOA_REGISTRY", &services.registry)
            .env("PIDKIT_CACHE_DIR", cache.path())
            .env_remove("PIDKIT_MAILTO")
            .env_remove("PIDKIT_ARK_RESOLVER")
            .env_remove("PIDKIT_SWH_RESOLVER")
            .args(&w[1..])
            .output()
            .unwrap();
        let mut got = String::from_utf8_lossy(&out.stdout).into_owned();
        got.push_str(&String::from_utf8_lossy(&out.stderr));
        // Timings in summaries vary from run to run.
        let got = mask_timing(&got);
        if got != mask_timing(expected) {
            let mut printed = String::from_utf8_lossy(&out.stdout).into_owned();
            printed.push_str(&String::from_utf8_lossy(&out.stderr));
            blessed.push((cmd.clone(), expected.clone(), printed));
            failures.push(format!(
                "$ {cmd}\n--- {doc} shows:\n{expected}--- pidkit printed:\n{got}"
            ));
        }
    }
    // `PIDKIT_BLESS=1`: write what pidkit printed into the document, in place of each stale
    // output (review the diff: the text around the examples may need to change too).
    if std::env::var_os("PIDKIT_BLESS").is_some() && !blessed.is_empty() {
        let mut text = readme.clone();
        for (cmd, expected, printed) in &blessed {
            let old = format!("$ {cmd}\n{expected}");
            let new = format!("$ {cmd}\n{printed}");
            text = text.replacen(&old, &new, 1);
        }
        std::fs::write(format!("{ROOT}/{doc}"), text).unwrap();
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Summary lines carry timings that vary from run to run: "in 0.01 s (5,098/s)" → "in ? s (?/s)".
fn mask_timing(s: &str) -> String {
    s.lines()
        .map(|l| {
            if !l.starts_with("pidkit: ") {
                return format!("{l}\n");
            }
            let words: Vec<String> = l
                .split(' ')
                .map(|w| {
                    let digits = w.trim_start_matches('(').trim_end_matches([':', ')', ',']);
                    if w.starts_with('(') && w.ends_with("/s):") {
                        "(?/s):".to_owned()
                    } else if !digits.is_empty()
                        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
                        && w.contains('.')
                    {
                        "?".to_owned()
                    } else {
                        w.to_owned()
                    }
                })
                .collect();
            words.join(" ") + "\n"
        })
        .collect()
}

#[test]
fn the_shell_splitting_is_right() {
    assert_eq!(
        words("pidkit check 'a b' \"c d\" e"),
        ["pidkit", "check", "a b", "c d", "e"]
    );
    assert_eq!(
        words("pidkit x --level=scheme ''"),
        ["pidkit", "x", "--level=scheme", ""]
    );
    assert_eq!(
        mask_timing("pidkit: 3 identifiers in 0.01 s (5,098/s): 2 valid\n"),
        "pidkit: 3 identifiers in ? s (?/s): 2 valid\n"
    );
    assert_eq!(
        mask_timing("pidkit: 10 identifiers in 0.00 s: 5 distinct\nok 1.5\n"),
        "pidkit: 10 identifiers in ? s: 5 distinct\nok 1.5\n"
    );
}

/// The command line chapter lists every command `pidkit --help` lists, so a new command gets
/// its place in the guide.
#[test]
fn every_command_is_in_the_command_line_chapter() {
    let out = Command::cargo_bin("pidkit")
        .unwrap()
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() >= 10, "{help}");
    let cli = std::fs::read_to_string(format!("{ROOT}/docs/cli.md")).unwrap();
    let block = &cli[cli.find("## Commands").unwrap()..];
    let block = &block[..block[3..].find("\n## ").unwrap()];
    let missing: Vec<_> = commands
        .iter()
        .filter(|c| !block.split_whitespace().any(|w| w == **c))
        .collect();
    assert!(
        missing.is_empty(),
        "not in docs/cli.md's Commands: {missing:?}"
    );
}
