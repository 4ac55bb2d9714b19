//! Replays every committed fuzz regression input (`fuzz/regressions/<target>/`) through the
//! functions the cargo-fuzz targets call, so CI guards them on stable without libFuzzer.

use std::path::PathBuf;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    files
}

#[test]
fn handle_json_regressions() {
    for (path, bytes) in inputs("handle_json") {
        eprintln!("{}", path.display());
        pidkit_resolve::fuzz::handle_json(&bytes);
    }
}

#[test]
fn votable_regressions() {
    for (path, bytes) in inputs("votable") {
        eprintln!("{}", path.display());
        pidkit_resolve::fuzz::votable(&bytes);
    }
}
