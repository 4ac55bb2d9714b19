//! DOI metadata (content negotiation) and registration agencies (the RA service) against the
//! in-process server: every format, outcome and bound (issue 30), the cache, offline answers,
//! the polite User-Agent, and the pace that 429s and rate-limit headers set for every worker.

use std::time::{Duration, Instant};

use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{
    AgencyOutcome, Cache, ClientConfig, Config, Endpoints, MetadataFormat, MetadataOutcome,
    Outcome, Resolver, Source, Table,
};

fn config(server: &TestServer, format: Option<&str>, agency: bool) -> Config {
    Config {
        client: ClientConfig {
            connect_timeout: Duration::from_millis(500),
            timeout: Duration::from_millis(1500),
            retries: 2,
            backoff_base: Duration::from_millis(10),
            backoff_max: Duration::from_millis(40),
            max_retry_after: Duration::from_secs(2),
            mailto: Some("ops@example.org".into()),
            ..ClientConfig::default()
        },
        endpoints: Endpoints::default().with("doi", server.url()),
        metadata: format.map(|f| MetadataFormat::parse(f, None).unwrap()),
        agency,
        ..Config::default()
    }
}

fn resolver(server: &TestServer, format: Option<&str>, agency: bool) -> Resolver {
    Resolver::new(config(server, format, agency))
}

#[test]
fn csl_json_is_parsed_into_the_record_through_the_agency_redirect() {
    let server = TestServer::start();
    let r =
        resolver(&server, Some("csl-json"), true).resolve("https://doi.org/10.1038/nature12373");
    assert_eq!(r.outcome, Outcome::Resolved);
    let m = r.metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Found, "{:?}", m.reason);
    assert_eq!(m.format, "csl-json");
    let v = m.value.unwrap();
    assert_eq!(v["title"], "Nanometre-scale thermometry in a living cell");
    assert_eq!(v["author"][0]["family"], "Kucsko");
    assert_eq!(v["issued"]["date-parts"][0][0], 2013);
    // The proxy redirected to the agency's service: two requests, the answer from the second.
    assert_eq!(m.attempts, 1);
    assert!(m.url.unwrap().ends_with("/transform/10.1038/nature12373"));
    assert_eq!(
        m.content_type.as_deref(),
        Some("application/vnd.citationstyles.csl+json")
    );
    let a = r.agency.unwrap();
    assert_eq!(
        (a.outcome, a.name.as_deref()),
        (AgencyOutcome::Found, Some("Crossref"))
    );
    assert_eq!(a.prefix.as_deref(), Some("10.1038"));
    // Every request polite, with the Accept each one needs.
    let reqs = server.requests();
    let cn: Vec<_> = reqs
        .iter()
        .filter(|q| !q.target.starts_with("/api/"))
        .collect();
    assert_eq!(cn.len(), 3, "{reqs:?}");
    for q in &reqs {
        let ua = q.header("user-agent").unwrap();
        assert!(ua.contains("mailto:ops@example.org"), "{} {ua}", q.target);
    }
    let first = cn
        .iter()
        .find(|q| q.target == "/10.1038/nature12373")
        .unwrap();
    assert_eq!(
        first.header("accept"),
        Some("application/vnd.citationstyles.csl+json")
    );
    let redirected = cn
        .iter()
        .find(|q| q.target.starts_with("/transform/"))
        .unwrap();
    assert_eq!(
        redirected.header("accept"),
        Some("application/vnd.citationstyles.csl+json")
    );
    assert!(cn.iter().any(|q| q.target == "/ra/10.1038"));
}

#[test]
fn every_format_and_a_short_doi_follows_its_alias() {
    let server = TestServer::start();
    for (format, says) in [
        ("bibtex", "@book{"),
        ("ris", "TY  - BOOK"),
        (
            "citeproc-style:apa",
            "International DOI Foundation (2019). DOI Handbook.",
        ),
    ] {
        let r = resolver(&server, Some(format), false).resolve("10/abc");
        let m = r.metadata.unwrap();
        assert_eq!(
            m.outcome,
            MetadataOutcome::Found,
            "{format}: {:?}",
            m.reason
        );
        let text = m.value.unwrap();
        assert!(text.as_str().unwrap().contains(says), "{format}: {text}");
    }
    let accepts: Vec<String> = server
        .requests()
        .iter()
        .filter(|q| q.target == "/10.1000/182")
        .filter_map(|q| q.header("accept").map(str::to_owned))
        .collect();
    assert_eq!(
        accepts,
        [
            "application/x-bibtex",
            "application/x-research-info-systems",
            "text/x-bibliography; style=apa; locale=en-US"
        ]
    );
    // An unknown style is the agency's error, not "no metadata".
    let r = resolver(&server, Some("citeproc-style:nope"), false).resolve("10.1000/182");
    let m = r.metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Unknown);
    assert!(m.reason.unwrap().starts_with("HTTP 400"));
}

#[test]
fn no_metadata_is_an_answer_and_skipped_inputs_say_why() {
    let server = TestServer::start();
    let res = resolver(&server, Some("csl-json"), true);
    for (doi, says) in [
        ("10.5555/cn-204", "HTTP 204"),
        ("10.5555/cn-404", "HTTP 404"),
        ("10.5555/cn-406", "does not offer csl-json"),
        ("10.5555/cn-html", "offers no content negotiation"),
    ] {
        let r = res.resolve(doi);
        let m = r.metadata.clone().unwrap();
        assert_eq!(m.outcome, MetadataOutcome::NoMetadata, "{doi}");
        assert!(
            m.reason.as_deref().unwrap().contains(says),
            "{doi}: {:?}",
            m.reason
        );
        assert_eq!(r.exit_class(), 0, "{doi}");
    }
    // A DOI that does not exist is not asked; neither is anything but a DOI.
    let r = res.resolve("10.5555/missing/1");
    assert_eq!(r.outcome, Outcome::NotFound);
    let m = r.metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Skipped);
    assert_eq!(m.reason.as_deref(), Some("not asked: the DOI is not-found"));
    assert_eq!(
        r.agency.unwrap().outcome,
        AgencyOutcome::Found,
        "the prefix is still Crossref's"
    );
    for input in ["ivo://org.gavo.dc", "not a doi", "hdl:20.500.12345/abc"] {
        let r = res.resolve(input);
        assert_eq!(
            r.metadata.unwrap().outcome,
            MetadataOutcome::Skipped,
            "{input}"
        );
        assert_eq!(r.agency.unwrap().outcome, AgencyOutcome::Skipped, "{input}");
    }
    assert_eq!(server.count("/10.5555/missing"), 0);
}

#[test]
fn hostile_answers_are_bounded_and_rejected() {
    let server = TestServer::start();
    let res = resolver(&server, Some("csl-json"), false);
    for (doi, says) in [
        // 50 MB with its length: refused before reading; chunked: cut at the limit.
        ("10.5555/cn-huge", "byte limit"),
        ("10.5555/cn-huge-chunked", "byte limit"),
        ("10.5555/cn-invalid-json", "invalid JSON"),
        ("10.5555/cn-deep", "recursion limit"),
        (
            "10.5555/cn-other-doi",
            "is for the DOI \"10.1038/nature12373\"",
        ),
        ("10.5555/cn-no-doi", "without a DOI"),
        ("10.5555/cn-500", "HTTP 500"),
        ("10.5555/cn-ftp", "not an http(s) URL"),
    ] {
        let r = res.resolve(doi);
        let m = r.metadata.clone().unwrap();
        assert_eq!(m.outcome, MetadataOutcome::Unknown, "{doi}: {:?}", m.reason);
        assert!(
            m.reason.as_deref().unwrap().contains(says),
            "{doi}: {:?}",
            m.reason
        );
        assert_eq!(r.exit_class(), 3, "{doi}");
    }
    // A billion braces of BibTeX: cut at the limit, never held.
    let r = resolver(&server, Some("bibtex"), false).resolve("10.5555/cn-braces");
    let m = r.metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Unknown);
    assert!(m.reason.unwrap().contains("2097152 byte limit"));
    // Not UTF-8.
    let r = resolver(&server, Some("bibtex"), false).resolve("10.5555/cn-latin1");
    assert!(r.metadata.unwrap().reason.unwrap().contains("not UTF-8"));
    // A slow agency: the input's deadline ends it.
    let mut cfg = config(&server, Some("csl-json"), false);
    cfg.deadline = Duration::from_millis(800);
    // (The fixture answers after 3 s: an unknown outcome is the deadline's doing.)
    let m = Resolver::new(cfg)
        .resolve("10.5555/cn-slow")
        .metadata
        .unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Unknown);
    assert!(
        m.reason.unwrap().contains("deadline"),
        "the deadline ends it"
    );
}

#[test]
fn a_redirect_to_the_agency_at_another_origin_is_followed() {
    let server = TestServer::start();
    let agency = TestServer::start();
    let port = agency.url().rsplit(':').next().unwrap().to_owned();
    let doi = format!("10.5555/cn-away-{port}");
    let r = resolver(&server, Some("csl-json"), false).resolve(&doi);
    let m = r.metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Found, "{:?}", m.reason);
    assert!(m.url.unwrap().starts_with(&agency.url()));
    assert_eq!(agency.count("/transform/"), 1);
    assert!(
        agency.requests()[0]
            .header("user-agent")
            .unwrap()
            .contains("mailto:")
    );
}

#[test]
fn agencies_are_asked_once_per_prefix_and_read_strictly() {
    let server = TestServer::start();
    let res = resolver(&server, None, true);
    let inputs: Vec<String> = (0..40).map(|i| format!("10.5555/bench/{i}")).collect();
    let mut out = Vec::new();
    res.resolve_all(inputs, 8, |r| out.push(r));
    assert_eq!(out.len(), 40);
    assert!(
        out.iter()
            .all(|r| r.agency.as_ref().unwrap().name.as_deref() == Some("Crossref"))
    );
    assert_eq!(server.count("/ra/"), 1, "one request for the prefix");
    let networked = out
        .iter()
        .filter(|r| r.agency.as_ref().unwrap().source == Source::Network)
        .count();
    assert_eq!(networked, 1);
    for (doi, outcome, says) in [
        (
            "10.9999/x",
            AgencyOutcome::NotRegistered,
            "no registration agency holds the prefix 10.9999",
        ),
        ("10.4441/x", AgencyOutcome::Unknown, "says \"Unknown\""),
        ("10.4447/x", AgencyOutcome::Unknown, "says \"Invalid DOI\""),
        ("10.4442/x", AgencyOutcome::Unknown, "JSON array"),
        (
            "10.4443/x",
            AgencyOutcome::Unknown,
            "not the prefix 10.4443",
        ),
        ("10.4444/x", AgencyOutcome::Unknown, "65536 byte limit"),
        ("10.4445/x", AgencyOutcome::Unknown, "control characters"),
    ] {
        let a = res.resolve(doi).agency.unwrap();
        assert_eq!(a.outcome, outcome, "{doi}: {:?}", a.reason);
        assert!(
            a.reason.as_deref().unwrap().contains(says),
            "{doi}: {:?}",
            a.reason
        );
    }
    // An unknown answer is not remembered: asked again, then found after its 429.
    let a = res.resolve("10.4446/x").agency.unwrap();
    assert_eq!(a.outcome, AgencyOutcome::Found, "{:?}", a.reason);
    assert_eq!(a.attempts, 2);
    let before = server.count("/ra/10.4441");
    res.resolve("10.4441/y");
    assert_eq!(server.count("/ra/10.4441"), before + 1);
}

#[test]
fn metadata_and_agencies_are_cached_in_their_own_tables_and_answer_offline() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    {
        let res =
            resolver(&server, Some("csl-json"), true).with_cache(Cache::open(dir.path()).unwrap());
        for d in [
            "10.1038/nature12373",
            "10.5555/cn-204",
            "10.5555/cn-invalid-json",
            "10.9999/x",
        ] {
            res.resolve(d);
        }
        let cache = res.cache().unwrap();
        cache.flush().unwrap();
        // Found and no-metadata are kept; an unknown answer is not.
        assert_eq!(cache.len_in(Table::Metadata).unwrap(), 2);
        assert_eq!(cache.len_in(Table::Agencies).unwrap(), 3);
    }
    let sent = server.requests().len();
    let mut cfg = config(&server, Some("csl-json"), true);
    cfg.offline = true;
    let res = Resolver::new(cfg).with_cache(Cache::open(dir.path()).unwrap());
    let r = res.resolve("10.1038/nature12373");
    let m = r.metadata.unwrap();
    assert_eq!(
        (m.outcome, m.source),
        (MetadataOutcome::Found, Source::Cache)
    );
    assert_eq!(
        m.value.unwrap()["title"],
        "Nanometre-scale thermometry in a living cell"
    );
    assert_eq!(r.agency.unwrap().source, Source::Cache);
    let m = res.resolve("10.5555/cn-204").metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::NoMetadata);
    let a = res.resolve("10.9999/x").agency.unwrap();
    assert_eq!(a.outcome, AgencyOutcome::NotRegistered);
    drop(res);
    // Another format is another key: not in the cache, and offline.
    let mut cfg = config(&server, Some("bibtex"), false);
    cfg.offline = true;
    let r = Resolver::new(cfg)
        .with_cache(Cache::open(dir.path()).unwrap())
        .resolve("10.1038/nature12373");
    let m = r.metadata.unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Unknown);
    assert_eq!(m.reason.as_deref(), Some("not in the cache, and offline"));
    assert_eq!(server.requests().len(), sent, "offline sends nothing");
}

#[test]
fn rate_limit_headers_pace_every_worker() {
    let server = TestServer::start();
    let res = resolver(&server, Some("csl-json"), false);
    // 5 requests per second, said by every answer: after the first, requests to the host are
    // 200 ms apart whichever worker sends them.
    let inputs: Vec<String> = (0..8).map(|i| format!("10.5555/rl/{i}")).collect();
    let mut out = Vec::new();
    res.resolve_all(inputs, 4, |r| out.push(r));
    for r in &out {
        let m = r.metadata.as_ref().unwrap();
        assert_eq!(m.outcome, MetadataOutcome::Found, "{:?}", m.reason);
    }
    let mut times: Vec<Instant> = server.requests().iter().map(|q| q.at).collect();
    times.sort();
    // The first answer arrives before the pace is known; the last 8 requests of the 24 (Handle
    // API, proxy, agency's service per DOI) are paced.
    let tail = &times[times.len() - 8..];
    let spread = tail[7] - tail[0];
    assert!(spread >= Duration::from_millis(7 * 180), "{spread:?}");
}

#[test]
fn a_429_pauses_every_worker_not_only_the_one_told() {
    let server = TestServer::start();
    let mut cfg = config(&server, Some("csl-json"), false);
    cfg.client.retries = 3;
    let res = Resolver::new(cfg);
    let mut inputs = vec!["10.5555/cn-429".to_owned()];
    inputs.extend((0..30).map(|i| format!("10.5555/bench/{i}")));
    let mut out = Vec::new();
    res.resolve_all(inputs, 4, |r| out.push(r));
    let m = out[0].metadata.as_ref().unwrap();
    assert_eq!(m.outcome, MetadataOutcome::Found, "{:?}", m.reason);
    assert_eq!(m.attempts, 2);
    let reqs = server.requests();
    let limited = reqs
        .iter()
        .filter(|q| q.target.contains("cn-429") && !q.target.starts_with("/api/"))
        .map(|q| q.at)
        .min()
        .unwrap();
    // Retry-After: 1 — no worker sends to the host in the second after the 429 (a request
    // already on its way may land in the first few milliseconds).
    let during: Vec<&str> = reqs
        .iter()
        .filter(|q| q.at > limited + Duration::from_millis(100))
        .filter(|q| q.at < limited + Duration::from_millis(900))
        .map(|q| q.target.as_str())
        .collect();
    assert!(during.is_empty(), "sent during the pause: {during:?}");
    assert!(out.iter().all(|r| r.outcome == Outcome::Resolved));
}
