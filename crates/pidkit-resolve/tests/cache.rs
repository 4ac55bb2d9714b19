//! The on-disk cache: hits by DOI equivalence, TTL expiry (relative and absolute), short
//! negative caching, nothing cached that is not an answer, offline use, persistence, and a
//! writer process killed mid-write that never leaves a corrupt file.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{Cache, ClientConfig, Config, Endpoints, Entry, Outcome, Resolver, Source};

fn config(server: &TestServer) -> Config {
    Config {
        client: ClientConfig {
            timeout: Duration::from_millis(800),
            retries: 0,
            ..ClientConfig::default()
        },
        endpoints: Endpoints::default()
            .with("doi", server.url())
            .with("registry", server.tap_url()),
        negative_ttl: Duration::from_secs(1),
        ..Config::default()
    }
}

fn cached(server: &TestServer, dir: &std::path::Path) -> Resolver {
    Resolver::new(config(server)).with_cache(Cache::open(dir).unwrap())
}

fn flush(r: &Resolver) {
    r.cache().unwrap().flush().unwrap();
}

#[test]
fn equivalent_dois_hit_the_same_entry() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    let first = resolver.resolve("doi:10.1000/182");
    assert_eq!(
        (first.outcome, first.source),
        (Outcome::Resolved, Source::Network)
    );
    flush(&resolver);
    // §3: equivalent names (Basic Latin case-insensitive), any written form.
    for form in [
        "10.1000/182",
        "DOI: 10.1000/182",
        "https://doi.org/10.1000/182",
    ] {
        let r = resolver.resolve(form);
        assert_eq!(
            (r.outcome, r.source),
            (Outcome::Resolved, Source::Cache),
            "{form}"
        );
        assert_eq!(r.record, first.record);
        assert_eq!(r.urls, first.urls);
        assert_eq!(r.attempts, 0);
    }
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn relative_ttl_expires() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    assert_eq!(resolver.resolve("10.5555/ttl-1").source, Source::Network);
    flush(&resolver);
    assert_eq!(resolver.resolve("10.5555/ttl-1").source, Source::Cache);
    std::thread::sleep(Duration::from_millis(1100));
    let r = resolver.resolve("10.5555/ttl-1");
    assert_eq!((r.outcome, r.source), (Outcome::Resolved, Source::Network));
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn ttl_zero_is_never_cached() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    for _ in 0..2 {
        assert_eq!(resolver.resolve("10.5555/ttl-0").source, Source::Network);
        flush(&resolver);
    }
    assert_eq!(server.requests().len(), 2);
    assert!(resolver.cache().unwrap().is_empty().unwrap());
}

#[test]
fn absolute_ttl_expires() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    let r = resolver.resolve("10.5555/ttl-abs-2");
    assert_eq!((r.outcome, r.source), (Outcome::Resolved, Source::Network));
    let ttl = r.record.unwrap()["values"][0]["ttl"].clone();
    assert!(ttl.is_string(), "an ISO 8601 time: {ttl}");
    flush(&resolver);
    assert_eq!(resolver.resolve("10.5555/ttl-abs-2").source, Source::Cache);
    std::thread::sleep(Duration::from_millis(2100));
    assert_eq!(
        resolver.resolve("10.5555/ttl-abs-2").source,
        Source::Network
    );
}

#[test]
fn not_found_is_cached_briefly() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    assert_eq!(resolver.resolve("10.5555/gone").source, Source::Network);
    flush(&resolver);
    let r = resolver.resolve("10.5555/gone");
    assert_eq!((r.outcome, r.source), (Outcome::NotFound, Source::Cache));
    assert!(r.reason.unwrap().contains("responseCode 100"));
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(resolver.resolve("10.5555/gone").source, Source::Network);
    // No values: negative too.
    resolver.resolve("10.5555/no-values");
    flush(&resolver);
    let r = resolver.resolve("10.5555/no-values");
    assert_eq!((r.outcome, r.source), (Outcome::NoValues, Source::Cache));
}

#[test]
fn only_answers_are_cached() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    for name in [
        "10.5555/html",
        "10.5555/server-error",
        "10.5555/invalid-json",
    ] {
        for _ in 0..2 {
            assert_eq!(resolver.resolve(name).source, Source::Network, "{name}");
            flush(&resolver);
        }
    }
    assert_eq!(server.requests().len(), 6);
    assert!(resolver.cache().unwrap().is_empty().unwrap());
}

#[test]
fn type_parameters_have_their_own_entries() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let plain = cached(&server, dir.path());
    plain.resolve("10.1000/182");
    flush(&plain);
    drop(plain);
    let typed = Resolver::new(Config {
        types: vec!["URL".into()],
        ..config(&server)
    })
    .with_cache(Cache::open(dir.path()).unwrap());
    assert_eq!(typed.resolve("10.1000/182").source, Source::Network);
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn short_dois_and_ivoids_are_cached_too() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = cached(&server, dir.path());
    let first = resolver.resolve("10/abc");
    let reg = resolver.resolve("ivo://org.gavo.dc");
    flush(&resolver);
    let again = resolver.resolve("10/ABC");
    assert_eq!(
        (again.outcome, again.source),
        (Outcome::Resolved, Source::Cache)
    );
    assert_eq!(again.aliases, first.aliases);
    assert_eq!(again.urls, first.urls);
    let reg_again = resolver.resolve("IVO://org.GAVO.dc");
    assert_eq!(reg_again.source, Source::Cache);
    assert_eq!(reg_again.record, reg.record);
    assert_eq!(reg_again.urls, reg.urls);
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn offline_uses_the_cache_only_and_stale_entries_too() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    {
        let online = cached(&server, dir.path());
        online.resolve("10.1000/182");
        online.resolve("10.5555/ttl-1");
    } // dropped: pending writes committed
    std::thread::sleep(Duration::from_millis(1100));
    let before = server.requests().len();
    let offline = Resolver::new(Config {
        offline: true,
        ..config(&server)
    })
    .with_cache(Cache::open(dir.path()).unwrap());
    let r = offline.resolve("10.1000/182");
    assert_eq!((r.outcome, r.source), (Outcome::Resolved, Source::Cache));
    let r = offline.resolve("10.5555/ttl-1");
    assert_eq!(
        (r.outcome, r.source),
        (Outcome::Resolved, Source::StaleCache)
    );
    let r = offline.resolve("10.1038/nature12373");
    assert_eq!((r.outcome, r.source), (Outcome::Unknown, Source::None));
    assert_eq!(r.reason.as_deref(), Some("not in the cache, and offline"));
    let r = offline.resolve("ivo://org.gavo.dc");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert_eq!(server.requests().len(), before, "offline sends nothing");
}

#[test]
fn no_cache_always_asks() {
    let server = TestServer::start();
    let resolver = Resolver::new(config(&server));
    for _ in 0..3 {
        assert_eq!(resolver.resolve("10.1000/182").source, Source::Network);
    }
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn a_second_process_cannot_open_a_held_cache() {
    let dir = tempfile::tempdir().unwrap();
    let held = Cache::open(dir.path()).unwrap();
    let started = std::time::Instant::now();
    let err = Cache::open(dir.path()).err().expect("held");
    assert!(err.to_string().contains("in use"), "{err}");
    assert!(started.elapsed() >= Duration::from_secs(2));
    drop(held);
    Cache::open(dir.path()).unwrap();
}

// ---- a writer killed mid-write ------------------------------------------------------------

const CHILD_ENV: &str = "PIDKIT_CACHE_CRASH_CHILD";

fn crash_key(i: u64) -> String {
    format!("doi:10.5555/CRASH-{i}")
}

fn crash_entry(i: u64) -> Entry {
    let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    Entry {
        outcome: Outcome::Resolved,
        stored: now,
        expires: now + Duration::from_secs(i),
        // Large enough that commits span many pages.
        body: format!(
            "{{\"n\":{i},\"pad\":\"{}\"}}",
            "x".repeat(3000 + (i % 7) as usize * 500)
        )
        .into_bytes(),
    }
}

/// Not a test on its own: the child process of the crash test, writing until it is killed.
#[test]
fn crash_child() {
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let cache = Cache::open(std::path::Path::new(&dir)).unwrap();
    let start = cache.len().unwrap();
    println!("ready {start}");
    for i in start.. {
        cache.put(&crash_key(i), &crash_entry(i));
        if i % 25 == 0 {
            cache.flush().unwrap();
        }
    }
}

/// Kills the child process however the test ends.
struct Killer(std::process::Child);

impl Drop for Killer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Spawn a writer, kill it (SIGKILL) at a random moment, reopen the file and check every
/// entry; ten times over. Commits are atomic and in order, so the entries are always exactly
/// the keys 0..len, each intact, and len never goes back.
#[test]
fn killed_writer_never_corrupts_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut last = 0;
    for round in 0..10 {
        let mut child = Killer(
            Command::new(&exe)
                .args(["--exact", "crash_child", "--nocapture", "--test-threads=1"])
                .env(CHILD_ENV, dir.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
        // The harness prints "test crash_child ... " before the child's own line.
        let ready = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| l.split_once("ready ").map(|(_, n)| n.trim().to_owned()))
            .expect("the child started");
        let started_at: u64 = ready.parse().unwrap();
        assert_eq!(
            started_at, last,
            "round {round}: the child saw every committed entry"
        );
        std::thread::sleep(Duration::from_millis(40 + fastrand::u64(0..160)));
        child.0.kill().unwrap();
        child.0.wait().unwrap();

        let cache = Cache::open(dir.path()).expect("reopens after a kill");
        let len = cache.len().unwrap();
        assert!(len >= last, "round {round}: {len} < {last}");
        for i in 0..len {
            let got = cache.get(&crash_key(i)).unwrap();
            assert_eq!(
                got,
                Some(crash_entry(i)),
                "round {round}: entry {i} of {len}"
            );
        }
        assert_eq!(cache.get(&crash_key(len)).unwrap(), None);
        eprintln!("round {round}: {len} entries intact");
        last = len;
    }
    assert!(last > 0, "the children wrote something");
}

// ---- a damaged cache file (issue 11, Medium 4) -------------------------------------------

const DAMAGE_KEYS: usize = 300;

fn bench_doi(i: usize) -> String {
    format!("10.5555/bench/{i}")
}

/// A real cache file: the resolver's own answers for DAMAGE_KEYS DOIs, written by one writer
/// in one transaction (in key order), so that its layout is the same every run (the resolver's
/// own writes are batched by time, and the damage a flipped bit does depends on the layout).
fn real_cache_file(server: &TestServer) -> Vec<u8> {
    let answers = tempfile::tempdir().unwrap();
    let resolver = cached(server, answers.path());
    resolver.resolve_all((0..DAMAGE_KEYS).map(bench_doi), 4, |r| {
        assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    });
    flush(&resolver);
    let entries: Vec<(String, Entry)> = (0..DAMAGE_KEYS)
        .map(|i| {
            let key = format!("doi:10.5555/BENCH/{i}");
            let entry = resolver
                .cache()
                .unwrap()
                .get(&key)
                .unwrap()
                .expect("cached");
            // Fixed times: the same bytes every run (the copies are read offline, where an
            // expired entry still answers).
            let stored = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
            let expires = stored + Duration::from_secs(86_400);
            (
                key,
                Entry {
                    stored,
                    expires,
                    ..entry
                },
            )
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    {
        let cache = Cache::open(dir.path()).unwrap();
        cache.put_all(entries).unwrap();
    }
    std::fs::read(dir.path().join("resolve-v1.redb")).unwrap()
}

type Warnings = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

fn open_collecting(dir: &std::path::Path) -> (Cache, Warnings) {
    let warnings = Warnings::default();
    let sink = std::sync::Arc::clone(&warnings);
    let cache = Cache::open_with_warnings(dir, move |m| sink.lock().unwrap().push(m.to_owned()))
        .expect("a damaged cache still opens (fresh)");
    (cache, warnings)
}

/// What one damaged copy gives: every input its answer, never a wrong one; the number of
/// warnings; whether the file was moved aside.
fn run_damaged(server: &TestServer, bytes: Vec<u8>) -> (usize, bool) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("resolve-v1.redb"), bytes).unwrap();
    let (cache, warnings) = open_collecting(dir.path());
    let resolver = Resolver::new(Config {
        offline: true,
        ..config(server)
    })
    .with_cache(cache);
    let mut answered = 0;
    resolver.resolve_all((0..DAMAGE_KEYS).map(bench_doi), 4, |r| {
        let i: usize = r.input.rsplit('/').next().unwrap().parse().unwrap();
        match r.outcome {
            Outcome::Resolved => assert_eq!(
                r.urls,
                [format!("https://example.org/article/{i}")],
                "a damaged cache never gives a wrong answer"
            ),
            Outcome::Unknown => {
                assert_eq!(r.reason.as_deref(), Some("not in the cache, and offline"));
            }
            other => panic!("{}: {other}: {:?}", r.input, r.reason),
        }
        answered += 1;
    });
    assert_eq!(answered, DAMAGE_KEYS, "every input gets its answer");
    drop(resolver);
    let warnings = warnings.lock().unwrap().clone();
    assert!(warnings.len() <= 1, "warned once: {warnings:?}");
    let moved = std::fs::read_dir(dir.path()).unwrap().any(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .contains(".redb.corrupt-")
    });
    assert_eq!(moved, !warnings.is_empty(), "{warnings:?}");
    if moved {
        // The next run has a working cache again (no "All roots are corrupted").
        let (cache, again) = open_collecting(dir.path());
        cache.put("doi:10.5555/AFTER", &crash_entry(1));
        cache.flush().unwrap();
        assert_eq!(
            cache.get("doi:10.5555/AFTER").unwrap(),
            Some(crash_entry(1))
        );
        assert!(again.lock().unwrap().is_empty());
    }
    (warnings.len(), moved)
}

#[test]
fn bit_flipped_cache_files_warn_once_and_every_input_gets_its_answer() {
    let server = TestServer::start();
    let original = real_cache_file(&server);
    // Issue 31: the file was written in the resolver's time-batched commits, so its layout,
    // and how many copies showed damage, changed from run to run (8 to 35 of 48). Written in
    // one transaction it is the same file every time.
    assert!(
        real_cache_file(&server) == original,
        "the original file is the same every time"
    );
    let mut damaged = 0;
    for seed in 0..48u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut bytes = original.clone();
        match seed % 4 {
            // A few flipped bits anywhere.
            0 | 1 => {
                for _ in 0..rng.usize(1..=16) {
                    let at = rng.usize(..bytes.len());
                    bytes[at] ^= 1 << rng.u8(..8);
                }
            }
            // Flipped bits in the header and first pages, where redb keeps its roots.
            2 => {
                for _ in 0..rng.usize(1..=8) {
                    let at = rng.usize(..bytes.len().min(8192));
                    bytes[at] ^= 1 << rng.u8(..8);
                }
            }
            // A 4 KiB page overwritten with noise.
            _ => {
                let page = rng.usize(..bytes.len() / 4096) * 4096;
                for b in &mut bytes[page..page + 4096] {
                    *b = rng.u8(..);
                }
            }
        }
        // A watchdog, so that a hang fails the test instead of stalling it.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::scope(|s| {
            s.spawn(|| {
                let _ = tx.send(run_damaged(&server, bytes));
            });
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok((warnings, _)) => damaged += warnings,
                Err(e) => panic!("seed {seed}: no result ({e}): a panic above, or a hang"),
            }
        });
    }
    // Flips in free pages go unnoticed, rightly; how many copies show damage depends on the
    // file's layout (11 of 48 with redb 4.5, every run). A few at least, or the test would not
    // be testing anything.
    eprintln!("the damage was noticed in {damaged} of 48 copies");
    assert!(
        damaged >= 3,
        "the damage was noticed in {damaged} of 48 copies"
    );
    // A file that is not a database at all.
    let (warnings, moved) = run_damaged(&server, b"not a redb file".repeat(1000));
    assert_eq!((warnings, moved), (1, true));
    assert_eq!(
        server.requests().len(),
        2 * DAMAGE_KEYS,
        "offline: nothing sent (the original was made twice)"
    );
}

// ---- a cache that is not damaged, only not ours to write (issue 31, High 3) ---------------

/// The files of `dir`, sorted.
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A cache in `dir` holding one resolved answer under `doi:10.5555/KEPT`.
fn one_entry_cache(dir: &std::path::Path) {
    let cache = Cache::open(dir).unwrap();
    cache.put("doi:10.5555/KEPT", &crash_entry(7));
    cache.flush().unwrap();
}

const RO_CHILD_ENV: &str = "PIDKIT_CACHE_RO_CHILD";

/// Not a test on its own: the child process of the permission test, run as a user that may
/// read the cache file but not write it. It opens the cache, reads the entry, tries to store
/// another one, and says what happened on one line.
#[test]
fn read_only_child() {
    let Ok(dir) = std::env::var(RO_CHILD_ENV) else {
        return;
    };
    let warnings = Warnings::default();
    let sink = std::sync::Arc::clone(&warnings);
    let opened = Cache::open_with_warnings(std::path::Path::new(&dir), move |m| {
        sink.lock().unwrap().push(m.to_owned())
    });
    let cache = match opened {
        Ok(c) => c,
        Err(e) => {
            println!("result: error {e}");
            return;
        }
    };
    let got = cache.get("doi:10.5555/KEPT").unwrap() == Some(crash_entry(7));
    cache.put("doi:10.5555/NEW", &crash_entry(8));
    let flushed = cache.flush().is_ok();
    let stored = cache.get("doi:10.5555/NEW").unwrap().is_some();
    let warnings = warnings.lock().unwrap().clone();
    println!(
        "result: read_only={} got={got} flushed={flushed} stored={stored} damaged={} \
         warnings={}",
        cache.is_read_only(),
        cache.is_damaged(),
        warnings.len()
    );
    for w in warnings {
        println!("warning: {w}");
    }
}

/// Whether this process may write a file whose mode denies it (root may).
fn chmod_does_not_deny() -> bool {
    use std::os::unix::fs::PermissionsExt;
    let probe = tempfile::NamedTempFile::new().unwrap();
    std::fs::set_permissions(probe.path(), std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(probe.path())
        .is_ok()
}

#[test]
fn a_cache_file_this_user_may_not_write_is_read_and_left_alone() {
    // High 3: EACCES on open was taken for damage: the file was renamed to *.corrupt-<time>
    // and an empty one created (with --offline too), so two users sharing a cache directory
    // moved each other's cache aside. Here the directory is writable (as a shared one is) and
    // the file is not.
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    one_entry_cache(dir.path());
    let file = dir.path().join("resolve-v1.redb");
    let before = std::fs::read(&file).unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut child;
    if chmod_does_not_deny() {
        // Root: the mode denies nothing, so the child runs as another user (nobody), for whom
        // the file (root's, 0644) is read-only.
        if Command::new("setpriv").arg("--version").output().is_err() {
            eprintln!(
                "\n*** SKIPPED a_cache_file_this_user_may_not_write_is_read_and_left_alone: \
                 running as root and setpriv(1) is missing, so no user can be denied ***\n"
            );
            return;
        }
        child = Command::new("setpriv");
        child
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&exe);
    } else {
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        child = Command::new(&exe);
    }
    let out = child
        .args([
            "--exact",
            "read_only_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(RO_CHILD_ENV, dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .find_map(|l| l.split_once("result: ").map(|(_, r)| r.to_owned()))
        .unwrap_or_else(|| {
            panic!(
                "no result from the child: {stdout}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    assert_eq!(
        line, "read_only=true got=true flushed=true stored=false damaged=false warnings=1",
        "{stdout}"
    );
    assert!(
        stdout.contains("cannot be written (I/O error: Permission denied")
            && stdout.contains("reading answers from it, storing none"),
        "{stdout}"
    );
    assert_eq!(
        files(dir.path()),
        ["resolve-v1.redb"],
        "nothing moved aside"
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the file is untouched"
    );
}

#[test]
fn a_cache_path_that_cannot_be_opened_is_left_alone() {
    // High 3: any failure to open moved the path aside, whatever it was; here a directory
    // stands where the file should be (an I/O error, not damage), which works as root too.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("resolve-v1.redb");
    std::fs::create_dir(&path).unwrap();
    std::fs::write(path.join("keep"), b"mine").unwrap();
    let warnings = Warnings::default();
    let sink = std::sync::Arc::clone(&warnings);
    let err =
        Cache::open_with_warnings(dir.path(), move |m| sink.lock().unwrap().push(m.to_owned()))
            .err()
            .expect("a directory is no cache");
    assert!(err.to_string().contains("resolve-v1.redb"), "{err}");
    assert!(
        warnings.lock().unwrap().is_empty(),
        "{:?}",
        warnings.lock().unwrap()
    );
    assert_eq!(
        files(dir.path()),
        ["resolve-v1.redb"],
        "nothing moved aside"
    );
    assert_eq!(std::fs::read(path.join("keep")).unwrap(), b"mine");
}

#[test]
fn a_cache_held_by_another_cache_is_left_alone() {
    // High 3: a lock is not damage. The second open says "in use" (the caller goes on without
    // the cache) and the holder's file and entries stay as they are.
    let dir = tempfile::tempdir().unwrap();
    one_entry_cache(dir.path());
    let held = Cache::open(dir.path()).unwrap();
    let warnings = Warnings::default();
    let sink = std::sync::Arc::clone(&warnings);
    let err =
        Cache::open_with_warnings(dir.path(), move |m| sink.lock().unwrap().push(m.to_owned()))
            .err()
            .expect("held");
    assert!(err.to_string().contains("in use"), "{err}");
    assert!(warnings.lock().unwrap().is_empty());
    assert_eq!(files(dir.path()), ["resolve-v1.redb"]);
    assert_eq!(
        held.get("doi:10.5555/KEPT").unwrap(),
        Some(crash_entry(7)),
        "the holder's cache works on"
    );
    held.put("doi:10.5555/MORE", &crash_entry(9));
    held.flush().unwrap();
    drop(held);
    let again = Cache::open(dir.path()).unwrap();
    assert_eq!(again.len().unwrap(), 2);
}
