//! The on-disk cache: hits by DOI equivalence, TTL expiry (relative and absolute), short
//! negative caching, nothing cached that is not an answer, offline use, persistence, and a
//! writer process killed mid-write that never leaves a corrupt file.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{Cache, ClientConfig, Config, Entry, Outcome, Resolver, Source};

fn config(server: &TestServer) -> Config {
    Config {
        client: ClientConfig {
            timeout: Duration::from_millis(800),
            retries: 0,
            ..ClientConfig::default()
        },
        resolver: server.url(),
        registry: server.tap_url(),
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
