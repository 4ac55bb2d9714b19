//! ARK resolution (issue 26): an ARK's route is a redirect, asked at the ARK resolver (N2T by
//! default) or at the ARK's own NMA; the redirect's target is the answer, `?info` gives the
//! metadata, and the outcomes and cache are those of every other protocol.

use std::time::Duration;

use pidkit::Kind;
use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{Cache, ClientConfig, Config, Endpoints, Outcome, Resolver, Source};

fn config(endpoints: Endpoints) -> Config {
    Config {
        client: ClientConfig {
            timeout: Duration::from_millis(600),
            retries: 1,
            backoff_base: Duration::from_millis(10),
            backoff_max: Duration::from_millis(40),
            ..ClientConfig::default()
        },
        endpoints,
        ..Config::default()
    }
}

#[test]
fn a_compact_ark_resolves_at_the_ark_resolver() {
    let server = TestServer::start();
    let resolver = Resolver::new(config(Endpoints::default().with("ark", server.url())));
    for input in [
        "ark:12345/x6np1wh8k",
        "ARK:/12345/x6np1wh8k",
        "ark:/12345/x6np1wh8k/page.v2",
    ] {
        let r = resolver.resolve(input);
        assert_eq!(r.outcome, Outcome::Resolved, "{input}: {:?}", r.reason);
        assert_eq!(r.kind, Some(Kind::Ark));
        assert!(
            r.urls[0].starts_with("https://example.org/objects/x6np1wh8k"),
            "{input}: {:?}",
            r.urls
        );
    }
    let r = resolver.resolve("ark:12345/x6np1wh8k/page.v2");
    assert_eq!(r.urls, ["https://example.org/objects/x6np1wh8k/page.v2"]);
    assert_eq!(r.name.as_deref(), Some("ark:12345/x6np1wh8k/page.v2"));
    // Sent as written (the resolver does its own normalization), the old label as `ark:`.
    assert_eq!(server.count("/ark:12345/x6np1wh8k"), 4);
}

#[test]
fn an_ark_at_an_nma_is_asked_there_unless_a_resolver_is_given() {
    let server = TestServer::start();
    let input = format!("{}/ark:/12345/x6np1wh8k", server.url());
    // No ARK resolver set: the NMA (this server) answers.
    let r = Resolver::new(config(Endpoints::default())).resolve(&input);
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://example.org/objects/x6np1wh8k"]);
    assert_eq!(server.count("/ark:12345/x6np1wh8k"), 1);
    // A resolver set by the user wins over the NMA (which is identity inert).
    let other = TestServer::start();
    let r = Resolver::new(config(Endpoints::default().with("ark", other.url()))).resolve(&input);
    assert_eq!(r.outcome, Outcome::Resolved);
    assert_eq!(other.count("/ark:"), 1);
    assert_eq!(server.count("/ark:"), 1);
}

#[test]
fn info_gives_the_metadata_and_other_answers_their_outcome() {
    let server = TestServer::start();
    let resolver = Resolver::new(config(Endpoints::default().with("ark", server.url())));
    let r = resolver.resolve("ark:12345/x6np1wh8k?info");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    let rec = r.record.as_ref().unwrap();
    assert!(
        rec["metadata"]
            .as_str()
            .unwrap()
            .contains("what: An example object")
    );
    assert_eq!(rec["content_type"], "text/plain; charset=utf-8");

    let r = resolver.resolve("ark:12345/relative");
    assert_eq!(r.urls, [format!("{}/objects/relative", server.url())]);

    let r = resolver.resolve("ark:12345/missing");
    assert_eq!(r.outcome, Outcome::NotFound);
    assert!(r.reason.unwrap().contains("no such ARK"));

    for (input, why) in [
        ("ark:12345/no-location", "without a Location"),
        ("ark:12345/hostile", "not a URL this resolver accepts"),
    ] {
        let r = resolver.resolve(input);
        assert_eq!(r.outcome, Outcome::Unknown, "{input}");
        assert!(
            r.reason.as_deref().unwrap().contains(why),
            "{input}: {:?}",
            r.reason
        );
    }

    // A query that is no inflection is not part of the ARK, and is not sent.
    let r = resolver.resolve("ark:12345/x6np1wh8k?utm=x");
    assert_eq!(r.outcome, Outcome::Resolved);
    assert!(server.requests().iter().all(|q| !q.target.contains("utm")));
}

#[test]
fn answers_are_cached_and_served_offline() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let endpoints = Endpoints::default().with("ark", server.url());
    let resolver =
        Resolver::new(config(endpoints.clone())).with_cache(Cache::open(dir.path()).unwrap());
    assert_eq!(
        resolver.resolve("ark:12345/x6np1wh8k").source,
        Source::Network
    );
    assert_eq!(
        resolver.resolve("ark:12345/missing").outcome,
        Outcome::NotFound
    );
    drop(resolver);
    let offline = Resolver::new(Config {
        offline: true,
        ..config(endpoints)
    })
    .with_cache(Cache::open(dir.path()).unwrap());
    let r = offline.resolve("ark:12345/x6np1wh8k");
    assert_eq!((r.outcome, r.source), (Outcome::Resolved, Source::Cache));
    assert_eq!(r.urls, ["https://example.org/objects/x6np1wh8k"]);
    assert_eq!(
        offline.resolve("ark:12345/missing").outcome,
        Outcome::NotFound
    );
    assert_eq!(offline.resolve("ark:12345/other").outcome, Outcome::Unknown);
}

#[test]
fn invalid_arks_are_said_so() {
    let resolver = Resolver::new(config(
        Endpoints::default().with("ark", "http://127.0.0.1:9"),
    ));
    let r = resolver.resolve("ark:12345/x6np1wh8k#p1");
    assert_eq!(r.outcome, Outcome::Invalid);
    assert_eq!(r.error.as_ref().map(|e| e.code()), Some("ark-char"));
    assert!(r.reason.unwrap().starts_with("not a valid ARK"));
}
