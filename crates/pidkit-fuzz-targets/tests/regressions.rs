//! Replays every committed fuzz regression input through its target on stable Rust, so CI
//! guards what fuzzing once found without nightly or libFuzzer.
//!
//! `fuzz/regressions/<target>/` holds the inputs (any file name; one input per file). A folder
//! named after a target of another crate (pidkit-resolve's readers) is that crate's to replay.

use std::path::{Path, PathBuf};

use pidkit_fuzz_targets::TARGETS;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

#[test]
fn every_regression_input_passes_its_target() {
    let mut replayed = 0;
    for (name, run) in TARGETS {
        let dir = fuzz_dir().join("regressions").join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files.iter().filter(|f| f.is_file()) {
            let data = std::fs::read(file).unwrap();
            if std::panic::catch_unwind(|| run(&data)).is_err() {
                panic!("{} fails target {name}", file.display());
            }
            replayed += 1;
        }
    }
    eprintln!("REGRESSIONS replayed: {replayed}");
    assert!(
        replayed > 0,
        "no regression inputs under {}",
        fuzz_dir().display()
    );
}

/// `fuzz/fuzz_targets/<name>.rs` exists for every target and calls the function of that name,
/// and `fuzz/Cargo.toml` declares it: the two lists cannot drift apart.
#[test]
fn every_target_has_its_fuzz_target() {
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    for (name, _) in TARGETS {
        let path = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let source =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            source.contains(&format!("pidkit_fuzz_targets::{name}(data)")),
            "{} does not call pidkit_fuzz_targets::{name}",
            path.display()
        );
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml has no [[bin]] {name}"
        );
    }
}
