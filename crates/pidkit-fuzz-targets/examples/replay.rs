//! Runs inputs through the fuzz targets on stable Rust, without libFuzzer: a whole corpus
//! (`fuzz/corpus/<target>/`), a crash artifact, or any folder of inputs.
//!
//! ```sh
//! cargo run --release -p pidkit-fuzz-targets --example replay                    # fuzz/corpus/*
//! cargo run --release -p pidkit-fuzz-targets --example replay -- parse FILE_OR_DIR
//! ```

use std::path::{Path, PathBuf};

use pidkit_fuzz_targets::{TARGETS, Target};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let jobs: Vec<(&str, Target, PathBuf)> = match args.as_slice() {
        [] => TARGETS
            .iter()
            .map(|&(name, run)| (name, run, corpus.join(name)))
            .collect(),
        [name, path] => {
            let (name, run) = *TARGETS
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("no target {name}"));
            vec![(name, run, PathBuf::from(path))]
        }
        _ => {
            eprintln!("usage: replay [TARGET FILE_OR_DIR]");
            std::process::exit(2);
        }
    };
    for (name, run, path) in jobs {
        let files: Vec<PathBuf> = if path.is_dir() {
            let mut f: Vec<PathBuf> = std::fs::read_dir(&path)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .collect();
            f.sort();
            f
        } else {
            vec![path.clone()]
        };
        let start = std::time::Instant::now();
        for file in &files {
            let data = std::fs::read(file).unwrap();
            if std::panic::catch_unwind(|| run(&data)).is_err() {
                eprintln!("{name}: {} fails", file.display());
                std::process::exit(1);
            }
        }
        println!(
            "{name}: {} inputs in {:.2} s",
            files.len(),
            start.elapsed().as_secs_f64()
        );
    }
}
