//! Locating the external conformance data (`../shared/conformance`), read in place.
//!
//! `PIDKIT_CONFORMANCE_DIR` overrides the default `<workspace>/../shared/conformance`.
//! Where the data is absent a test prints that it skipped and passes — except under CI
//! (`CI=true`), where missing data fails the run.
#![allow(dead_code)]

use std::path::PathBuf;

/// The conformance directory, if it exists.
pub fn dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("PIDKIT_CONFORMANCE_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance"),
    };
    dir.is_dir().then_some(dir)
}

/// The text of `rel` (a path inside the conformance directory), or `None` after printing that
/// the test is skipped. Panics under CI when the data is missing.
pub fn read(rel: &str) -> Option<String> {
    let path = dir().map(|d| d.join(rel));
    match path.as_ref().and_then(|p| std::fs::read_to_string(p).ok()) {
        Some(text) => Some(text),
        None if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!(
                "conformance data {rel} is missing (set PIDKIT_CONFORMANCE_DIR); CI=true requires it"
            )
        }
        None => {
            skipped(rel);
            None
        }
    }
}

/// Say that the test skipped `rel` (a path inside the conformance directory, or `*` for all of
/// it) because its data is missing: on stderr, and in the file `PIDKIT_SKIPPED_LOG` names, which
/// `scripts/test-all` reads to end its run with the list (cargo hides a passing test's output).
pub fn skipped(rel: &str) {
    eprintln!("SKIPPED: conformance data {rel} not found (set PIDKIT_CONFORMANCE_DIR)");
    if let Some(log) = std::env::var_os("PIDKIT_SKIPPED_LOG") {
        use std::io::Write;
        let line = format!("{rel}\t{}\n", env!("CARGO_CRATE_NAME"));
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
        {
            let _ = f.write_all(line.as_bytes());
        }
    }
}

/// `rel` parsed as JSON.
pub fn json(rel: &str) -> Option<serde_json::Value> {
    let text = read(rel)?;
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{rel}: {e}")))
}

/// Agreement bookkeeping for one external set: every case is counted, every disagreement
/// that is not a listed deliberate difference fails the test with the full list.
pub struct Tally {
    pub set: &'static str,
    pub total: usize,
    pub agree: usize,
    pub deliberate: usize,
    pub failures: Vec<String>,
}

impl Tally {
    pub fn new(set: &'static str) -> Self {
        Tally {
            set,
            total: 0,
            agree: 0,
            deliberate: 0,
            failures: Vec::new(),
        }
    }

    /// Record one case: `ok` is whether we agree with the set.
    pub fn check(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.total += 1;
        if ok {
            self.agree += 1;
        } else {
            self.failures.push(describe());
        }
    }

    /// Record a case where we differ on purpose (listed, with the spec reason, at the call site).
    pub fn deliberate(&mut self) {
        self.total += 1;
        self.deliberate += 1;
    }

    /// Print the agreement line (the figures of docs/conformance.md) and fail on unexpected disagreements.
    pub fn finish(self) {
        println!(
            "AGREEMENT {}: {}/{} agree, {} deliberate differences",
            self.set, self.agree, self.total, self.deliberate
        );
        assert!(self.total > 0, "{}: no cases were run", self.set);
        assert!(
            self.failures.is_empty(),
            "{}: {} unexpected disagreements:\n{}",
            self.set,
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// A URI with its `%XX` in uppercase and the unreserved ones decoded: §3.7's round trip holds
/// "except for potential case differences in percent-encoding and for potential
/// percent-encoded unreserved characters".
pub fn canon(uri: &str) -> String {
    let b = uri.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        match pidkit::pct::decode_at(b, i) {
            Some(v) if pidkit::chars::is_unreserved(v) => out.push(v as char),
            Some(v) => out.push_str(&format!("%{v:02X}")),
            None => {
                let c = uri[i..].chars().next().unwrap_or('\u{FFFD}');
                out.push(c);
                i += c.len_utf8();
                continue;
            }
        }
        i += 3;
    }
    out
}
