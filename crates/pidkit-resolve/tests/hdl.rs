//! Handle resolution (issue 12): handles go to the Handle System's proxy through the same
//! Handle API, with the same outcomes, alias following and cache as DOIs.

use std::time::Duration;

use pidkit::Kind;
use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{Cache, ClientConfig, Config, Endpoints, Outcome, Resolver, Source};

fn config(server: &TestServer) -> Config {
    Config {
        client: ClientConfig {
            timeout: Duration::from_millis(600),
            retries: 1,
            backoff_base: Duration::from_millis(10),
            backoff_max: Duration::from_millis(40),
            ..ClientConfig::default()
        },
        // DOIs would go elsewhere: only the handle endpoint is this server.
        endpoints: Endpoints::default()
            .with("doi", "http://127.0.0.1:9")
            .with("handle", server.url()),
        ..Config::default()
    }
}

#[test]
fn every_written_form_of_a_handle_resolves_through_the_handle_endpoint() {
    let server = TestServer::start();
    let resolver = Resolver::new(config(&server));
    for input in [
        "hdl:20.500.12345/abc",
        "info:hdl/20.500.12345/ABC",
        "https://hdl.handle.net/20.500.12345/abc?noredirect",
        "hdl.handle.net/20.500.12345/abc",
    ] {
        let r = resolver.resolve(input);
        assert_eq!(r.outcome, Outcome::Resolved, "{input}: {:?}", r.reason);
        assert_eq!(r.kind, Some(Kind::Hdl));
        assert_eq!(
            r.urls,
            ["https://repository.example.org/items/abc"],
            "{input}"
        );
    }
    assert!(
        server
            .requests()
            .iter()
            .all(|q| q.target.starts_with("/api/handles/20.500.12345/")),
        "{:?}",
        server.requests()
    );
}

#[test]
fn aliases_not_found_and_the_cache_work_as_for_dois() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::open(dir.path()).unwrap();
    let resolver = Resolver::new(config(&server)).with_cache(cache);
    let r = resolver.resolve("hdl:20.500.12345/old");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.aliases, ["20.500.12345/abc"]);
    let r = resolver.resolve("hdl:20.500.12345/missing");
    assert_eq!(r.outcome, Outcome::NotFound);
    assert!(
        r.reason
            .unwrap()
            .contains("the handle \"20.500.12345/missing\" was not found")
    );
    // A second time: from the cache (handles are ASCII case-insensitive there too).
    resolver.cache().unwrap().flush().unwrap();
    let before = server.count("/api/handles/");
    let r = resolver.resolve("hdl:20.500.12345/ABC");
    assert_eq!((r.outcome, r.source), (Outcome::Resolved, Source::Cache));
    assert_eq!(server.count("/api/handles/"), before);
}

#[test]
fn an_invalid_handle_never_reaches_the_network() {
    let server = TestServer::start();
    let resolver = Resolver::new(config(&server));
    let r = resolver.resolve("hdl:20..500/x");
    assert_eq!(r.outcome, Outcome::Invalid);
    assert_eq!(r.error.unwrap().code(), "hdl-empty-prefix-segment");
    assert!(server.requests().is_empty());
}
