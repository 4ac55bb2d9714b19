//! DOI resolution against the in-process Handle API server: every outcome, retry, timeout and
//! limit of issue 8, and the DOI URI scheme §4's Figure 1.

use std::time::{Duration, Instant};

use pidkit_resolve::testserver::{CROSSREF, FIGURE_1, TestServer};
use pidkit_resolve::{ClientConfig, Config, Endpoints, Outcome, Resolver, Source};
use serde_json::Value;

/// Quick timeouts and backoff so that the failure scenarios finish fast.
pub fn config(server: &TestServer) -> Config {
    Config {
        client: ClientConfig {
            connect_timeout: Duration::from_millis(500),
            timeout: Duration::from_millis(600),
            retries: 2,
            backoff_base: Duration::from_millis(10),
            backoff_max: Duration::from_millis(40),
            max_retry_after: Duration::from_secs(2),
            max_body: 1 << 20,
            mailto: Some("ops@example.org".into()),
            rate: None,
        },
        endpoints: Endpoints::default()
            .with("doi", server.url())
            .with("registry", server.tap_url()),
        ..Config::default()
    }
}

fn setup() -> (TestServer, Resolver) {
    let server = TestServer::start();
    let resolver = Resolver::new(config(&server));
    (server, resolver)
}

#[test]
fn figure_1_resolves_to_its_record() {
    let (server, resolver) = setup();
    let r = resolver.resolve("doi:10.1000/182");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.reason, None);
    assert_eq!(r.urls, ["http://www.doi.org/hb.html"]);
    assert_eq!(r.name.as_deref(), Some("10.1000/182"));
    assert_eq!(r.attempts, 1);
    assert_eq!(r.source, Source::Network);
    let expected: Value = serde_json::from_str(FIGURE_1).unwrap();
    assert_eq!(r.record, Some(expected));
    // §4: GET {resolver}/api/handles/{scheme-specific part}, politely.
    let reqs = server.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0].method, "GET");
    assert_eq!(reqs[0].target, "/api/handles/10.1000/182");
    let ua = reqs[0].header("user-agent").unwrap();
    assert!(ua.starts_with("pidkit/"), "{ua}");
    assert!(ua.contains("mailto:ops@example.org"), "{ua}");
    assert_eq!(reqs[0].header("accept"), Some("application/json"));
}

#[test]
fn every_written_form_asks_for_the_same_name() {
    let (server, resolver) = setup();
    for form in [
        "10.1000/182",
        "DOI: 10.1000/182",
        "https://doi.org/10.1000/182",
        "http://dx.doi.org/10.1000/182",
        "info:doi/10.1000/182",
        "urn:doi:10.1000:182",
        "https://doi.org/api/handles/10.1000/182",
        "  doi:10.1000%2F182  ",
    ] {
        let r = resolver.resolve(form);
        assert_eq!(r.outcome, Outcome::Resolved, "{form}: {:?}", r.reason);
        assert_eq!(r.input, form);
        assert_eq!(r.urls, ["http://www.doi.org/hb.html"], "{form}");
    }
    assert!(
        server
            .requests()
            .iter()
            .all(|q| q.target == "/api/handles/10.1000/182")
    );
}

#[test]
fn the_suffix_slash_is_percent_encoded_in_the_request() {
    let (server, resolver) = setup();
    let r = resolver.resolve("10.5555/bench/7");
    assert_eq!(r.outcome, Outcome::Resolved);
    assert_eq!(r.urls, ["https://example.org/article/7"]);
    // The doi: URI's scheme-specific part encodes "/" inside the suffix (§2).
    assert_eq!(
        server.requests()[0].target,
        "/api/handles/10.5555/bench%2F7"
    );
}

#[test]
fn crossref_style_record() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("https://doi.org/10.1038/NATURE12373");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://www.nature.com/articles/nature12373"]);
    let expected: Value = serde_json::from_str(CROSSREF).unwrap();
    assert_eq!(r.record, Some(expected));
}

#[test]
fn not_found_is_response_code_100_with_404() {
    let (server, resolver) = setup();
    let r = resolver.resolve("10.5555/does-not-exist");
    assert_eq!(r.outcome, Outcome::NotFound);
    assert!(r.reason.as_deref().unwrap().contains("responseCode 100"));
    assert!(r.urls.is_empty());
    assert_eq!(r.record.as_ref().unwrap()["responseCode"], 100);
    assert_eq!(r.attempts, 1, "a 404 is an answer, not retried");
    assert_eq!(server.requests().len(), 1);
    assert_eq!(r.outcome.exit_class(), 1);
}

#[test]
fn no_values_is_response_code_200() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("10.5555/no-values");
    assert_eq!(r.outcome, Outcome::NoValues);
    assert_eq!(
        r.reason.as_deref(),
        Some("the DOI name has no values (Handle responseCode 200)")
    );
}

#[test]
fn type_and_index_parameters() {
    let server = TestServer::start();
    let resolver = Resolver::new(Config {
        types: vec!["URL".into(), "HS_ADMIN".into()],
        indexes: vec![1],
        ..config(&server)
    });
    assert_eq!(resolver.resolve("10.1000/182").outcome, Outcome::Resolved);
    assert_eq!(
        server.requests()[0].target,
        "/api/handles/10.1000/182?type=URL&type=HS_ADMIN&index=1"
    );
    let resolver = Resolver::new(Config {
        types: vec!["NONE".into()],
        ..config(&server)
    });
    let r = resolver.resolve("10.1000/182");
    assert_eq!(r.outcome, Outcome::NoValues);
    assert_eq!(
        r.reason.as_deref(),
        Some("the DOI name has no values of type NONE (Handle responseCode 200)")
    );
}

#[test]
fn server_error_is_retried_then_reported() {
    let (server, resolver) = setup();
    let r = resolver.resolve("10.5555/server-error");
    assert_eq!(r.outcome, Outcome::Error);
    assert_eq!(r.attempts, 3, "first try and two retries");
    assert_eq!(server.requests().len(), 3);
    let reason = r.reason.unwrap();
    assert!(reason.contains("responseCode 2"), "{reason}");
    assert!(reason.contains("Error resolving handle"), "{reason}");
    assert!(reason.contains("after 3 attempts"), "{reason}");
    assert_eq!(r.outcome.exit_class(), 3);
}

#[test]
fn five_hundred_then_success() {
    let (server, resolver) = setup();
    let r = resolver.resolve("10.5555/flaky");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://example.org/after-500"]);
    assert_eq!(r.attempts, 2);
    assert_eq!(server.count("/api/handles/10.5555/flaky"), 2);
}

#[test]
fn too_many_requests_honours_retry_after() {
    let (server, resolver) = setup();
    let start = Instant::now();
    let r = resolver.resolve("10.5555/rate-limited");
    let took = start.elapsed();
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://example.org/after-429"]);
    assert_eq!(r.attempts, 2);
    // Retry-After: 1 was waited for (not the 10 ms backoff).
    assert!(took >= Duration::from_millis(950), "{took:?}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn retry_after_past_the_limit_is_not_waited_for() {
    let (server, resolver) = setup();
    let start = Instant::now();
    let r = resolver.resolve("10.5555/rate-limited-long");
    // Waiting would take the hour of `Retry-After: 3600`: 5 s leaves a loaded machine room.
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(r.outcome, Outcome::Unknown);
    assert_eq!(r.attempts, 1);
    assert_eq!(server.requests().len(), 1);
    let reason = r.reason.unwrap();
    assert!(reason.starts_with("HTTP 429"), "{reason}");
    assert!(
        reason.contains("Retry-After 3600 s, past the 2 s limit"),
        "{reason}"
    );
}

#[test]
fn a_slow_answer_times_out_without_hanging() {
    let (server, resolver) = setup();
    let start = Instant::now();
    let r = resolver.resolve("10.5555/slow");
    let took = start.elapsed();
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(
        r.reason.as_deref().unwrap().contains("timed out"),
        "{:?}",
        r.reason
    );
    assert_eq!(r.attempts, 3, "timeouts are retried, boundedly");
    assert_eq!(server.count("/api/handles/10.5555/slow"), 3);
    // 3 × 600 ms plus backoff, far from the server's 3 s delay per attempt.
    assert!(took < Duration::from_millis(2500), "{took:?}");
}

#[test]
fn truncated_body() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("10.5555/truncated");
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(reason.contains("truncated"), "{reason}");
    assert_eq!(r.attempts, 3);
}

#[test]
fn invalid_json_and_json_that_is_not_a_handle_answer() {
    let (server, resolver) = setup();
    let r = resolver.resolve("10.5555/invalid-json");
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(
        reason.starts_with(
            "HTTP 200 (application/json;charset=UTF-8): invalid JSON (EOF while parsing"
        ),
        "{reason}"
    );
    assert_eq!(r.attempts, 1, "a bad body is not retried");
    let r = resolver.resolve("10.5555/not-handle");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(r.reason.unwrap().contains("without a numeric responseCode"));
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn html_pages_and_front_end_refusals_are_unknown() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("10.5555/html");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert_eq!(
        r.reason.as_deref(),
        Some("HTTP 200 (text/html; charset=utf-8): an HTML page, not a Handle API answer")
    );
    let r = resolver.resolve("10.5555/forbidden");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert_eq!(
        r.reason.as_deref(),
        Some("HTTP 403 (text/html): an HTML page, not a Handle API answer")
    );
    assert_eq!(r.attempts, 1);
}

#[test]
fn oversized_bodies_are_refused() {
    let (_server, resolver) = setup();
    for name in ["10.5555/huge", "10.5555/huge-chunked"] {
        let r = resolver.resolve(name);
        assert_eq!(r.outcome, Outcome::Unknown, "{name}");
        let reason = r.reason.unwrap();
        assert!(reason.contains("1048576 byte limit"), "{name}: {reason}");
        assert_eq!(r.attempts, 1, "{name}: not retried");
    }
}

#[test]
fn an_answer_for_another_handle_is_not_trusted() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("10.5555/mismatch");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(
        r.reason
            .unwrap()
            .contains("is for the handle \"10.9999/other\""),
    );
}

#[test]
fn an_answer_without_a_handle_member_is_not_trusted() {
    // Issue 11, Medium 7: the server's URLs were taken although the answer named no handle.
    let (_server, resolver) = setup();
    let r = resolver.resolve("10.5555/no-handle");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(r.urls.is_empty());
    assert!(r.reason.unwrap().contains("no \"handle\" member"));
    // DOI equivalence (§3): the handle in another Basic Latin case is the same name.
    let r = resolver.resolve("10.5555/TTL-1");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
}

#[test]
fn a_huge_ttl_is_clamped_not_a_panic() {
    // Issue 11, High 2: "ttl": i64::MAX overflowed `SystemTime + Duration` and panicked.
    let (_server, resolver) = setup();
    let r = resolver.resolve("10.5555/ttl-huge");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://example.org/ttl-huge"]);
    let dir = tempfile::tempdir().unwrap();
    let (server, _) = setup();
    let cached =
        Resolver::new(config(&server)).with_cache(pidkit_resolve::Cache::open(dir.path()).unwrap());
    assert_eq!(
        cached.resolve("10.5555/ttl-huge").outcome,
        Outcome::Resolved
    );
    cached.cache().unwrap().flush().unwrap();
    let entry = cached
        .cache()
        .unwrap()
        .get("doi:10.5555/TTL-HUGE")
        .unwrap()
        .unwrap();
    let life = entry.expires.duration_since(entry.stored).unwrap();
    assert!(life <= pidkit_resolve::MAX_TTL, "{life:?}");
}

#[test]
fn a_gzip_bomb_is_refused_by_its_decoded_size() {
    // Issue 11, High 3: --max-size was applied to the compressed bytes only.
    let (server, resolver) = setup();
    assert!(pidkit_resolve::testserver::gzip_bomb().len() < 100_000); // compressed before
    let r = resolver.resolve("10.5555/gzip-bomb");
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(
        reason.contains("decoded response body larger than the 1048576 byte limit"),
        "{reason}"
    );
    assert_eq!(r.attempts, 1, "not retried");
    // The client asked for gzip, and the server sent it.
    assert!(
        server.requests()[0]
            .header("accept-encoding")
            .is_some_and(|v| v.contains("gzip"))
    );
}

#[test]
fn a_failed_dns_lookup_is_not_retried() {
    // Issue 16, item 6: offline, every request was sent 1 + retries times.
    let server = TestServer::start();
    let resolver = Resolver::new(Config {
        endpoints: Endpoints::default().with("doi", "http://pidkit-test.invalid"),
        ..config(&server)
    });
    let r = resolver.resolve("10.1000/182");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert_eq!(r.attempts, 1, "{:?}", r.reason);
    assert!(r.reason.unwrap().contains("host not found"));
}

#[test]
fn short_dois_expand_through_hs_alias() {
    let (server, resolver) = setup();
    let r = resolver.resolve("10/abc");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.name.as_deref(), Some("10/abc"));
    assert_eq!(r.aliases, ["10.1000/182"]);
    assert_eq!(r.urls, ["http://www.doi.org/hb.html"]);
    assert_eq!(r.record.unwrap()["handle"], "10.1000/182");
    assert_eq!(r.attempts, 2);
    let targets: Vec<String> = server.requests().into_iter().map(|q| q.target).collect();
    assert_eq!(targets, ["/api/handles/10/abc", "/api/handles/10.1000/182"]);
    // The same through doi.org's short URL form.
    let r = resolver.resolve("https://doi.org/abc");
    assert_eq!(r.aliases, ["10.1000/182"]);
    // An alias naming itself stops at once.
    let r = resolver.resolve("10/loop");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(r.reason.unwrap().contains("loop"));
}

#[test]
fn connection_refused_is_retried_then_unknown() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let server = TestServer::start();
    let resolver = Resolver::new(Config {
        endpoints: Endpoints::default().with("doi", format!("http://127.0.0.1:{port}")),
        ..config(&server)
    });
    let r = resolver.resolve("10.1000/182");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert_eq!(r.attempts, 3);
    let reason = r.reason.unwrap();
    assert!(
        reason.contains("connect") || reason.contains("refused"),
        "{reason}"
    );
}

#[test]
fn invalid_input_never_reaches_the_network() {
    let (server, resolver) = setup();
    for (input, code) in [
        ("", "empty"),
        ("hello world", "invalid-char"),
        ("11.1000/x y", "invalid-char"),
        ("10.1000", "doi-missing-slash"),
        ("ivo://a2", "ivo-authority-too-short"),
        ("  IVO://x", "ivo-authority-too-short"),
    ] {
        let r = resolver.resolve(input);
        assert_eq!(r.outcome, Outcome::Invalid, "{input:?}");
        assert_eq!(
            r.error.as_ref().map(|e| e.code()),
            Some(code),
            "{input:?}: {:?}",
            r.error
        );
        assert_eq!(r.outcome.exit_class(), 1);
    }
    // A valid identifier of another kind is said as what it reads as.
    let r = resolver.resolve("https://example.org/10.1000/182");
    assert_eq!(r.outcome, Outcome::Invalid);
    assert!(
        r.reason.as_deref().unwrap().contains("it reads as iri"),
        "{:?}",
        r.reason
    );
    let r = resolver.resolve("  IVO://x");
    assert_eq!(
        r.error.unwrap().offset,
        8,
        "offsets count the leading blanks"
    );
    assert!(server.requests().is_empty());
}

#[test]
fn rate_limit_spaces_requests() {
    let server = TestServer::start();
    let mut cfg = config(&server);
    cfg.client.rate = Some(20.0);
    let resolver = Resolver::new(cfg);
    let start = Instant::now();
    let ids: Vec<String> = (0..10).map(|i| format!("10.5555/bench/{i}")).collect();
    let mut n = 0;
    resolver.resolve_all(ids, 8, |r| {
        assert_eq!(r.outcome, Outcome::Resolved);
        n += 1;
    });
    assert_eq!(n, 10);
    // Ten requests at 20/s: the last one starts at least 450 ms after the first.
    assert!(
        start.elapsed() >= Duration::from_millis(440),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(resolver.requests_sent(), 10);
}

#[test]
fn batches_keep_input_order() {
    let (server, resolver) = setup();
    let mut ids: Vec<String> = (0..300).map(|i| format!("10.5555/bench/{i}")).collect();
    ids[17] = "10.5555/flaky".into(); // slower: a retry
    ids[40] = "not a doi".into();
    ids[41] = "10.5555/missing".into();
    let mut seen = Vec::new();
    resolver.resolve_all(ids.clone(), 16, |r| seen.push((r.input.clone(), r.outcome)));
    let inputs: Vec<&str> = seen.iter().map(|(i, _)| i.as_str()).collect();
    assert_eq!(inputs, ids.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(seen[17].1, Outcome::Resolved);
    assert_eq!(seen[40].1, Outcome::Invalid);
    assert_eq!(seen[41].1, Outcome::NotFound);
    assert_eq!(server.requests().len(), 300);
}

#[test]
fn json_shape_of_a_resolution() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("10/abc");
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["input"], "10/abc");
    assert_eq!(v["outcome"], "resolved");
    assert_eq!(v["reason"], Value::Null);
    assert_eq!(v["urls"], serde_json::json!(["http://www.doi.org/hb.html"]));
    assert_eq!(v["record"]["responseCode"], 1);
    assert_eq!(v["aliases"], serde_json::json!(["10.1000/182"]));
    assert_eq!(v["kind"], "doi");
    assert_eq!(v["source"], "network");
    let r = resolver.resolve("10.1000");
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["outcome"], "invalid");
    assert_eq!(v["error"]["code"], "doi-missing-slash");
    assert_eq!(v["record"], Value::Null);
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Offline and without a cache nothing is sent; no input panics.
        #[test]
        fn any_input_gives_an_outcome(s in "\\PC{0,40}|(doi:|ivo://|10\\.|https://doi.org/)[ -~]{0,20}") {
            let resolver = Resolver::new(Config { offline: true, ..Config::default() });
            let r = resolver.resolve(&s);
            prop_assert!(matches!(r.outcome, Outcome::Invalid | Outcome::Unknown));
            prop_assert_eq!(resolver.requests_sent(), 0);
        }
    }
}

#[test]
fn https_is_built_in() {
    // The https:// default (doi.org) needs a TLS stack: a raw listener on 127.0.0.1 sees a TLS
    // ClientHello (record type 22, version 3.x) — without touching the internet.
    use std::io::Read;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let peer = std::thread::spawn(move || {
        let (mut conn, _) = listener.accept().unwrap();
        let mut head = [0u8; 3];
        conn.read_exact(&mut head).unwrap();
        head
    });
    let server = TestServer::start();
    let mut cfg = config(&server);
    cfg.endpoints
        .set("doi", format!("https://127.0.0.1:{port}"));
    cfg.client.retries = 0;
    let r = Resolver::new(cfg).resolve("10.1000/182");
    assert_eq!(r.outcome, Outcome::Unknown);
    let head = peer.join().unwrap();
    assert_eq!((head[0], head[1]), (0x16, 0x03), "a TLS handshake record");
}

// ---- issue 31 -----------------------------------------------------------------------------

#[test]
fn duplicate_members_make_an_answer_unknown() {
    // Low 12: the last of two members won: a second "handle" or "responseCode" made these
    // resolved with http://evil/.
    let (_server, resolver) = setup();
    for (name, member) in [
        ("10.5555/dup-handle", "handle"),
        ("10.5555/dup-code", "responseCode"),
        ("10.5555/dup-url", "value"),
    ] {
        let r = resolver.resolve(name);
        assert_eq!(r.outcome, Outcome::Unknown, "{name}: {:?}", r.urls);
        assert!(r.urls.is_empty() && r.record.is_none(), "{name}");
        let reason = r.reason.unwrap();
        assert!(
            reason.contains(&format!("the member \"{member}\" appears twice")),
            "{name}: {reason}"
        );
    }
}

#[test]
fn a_malformed_member_is_named_in_the_reason() {
    // Low 13: these were "JSON without a numeric responseCode".
    let (_server, resolver) = setup();
    for (name, says) in [
        (
            "10.5555/float-ttl",
            "ttl is 1.5, neither whole seconds nor a time",
        ),
        ("10.5555/big-index", "index is 4294967296, out of range"),
    ] {
        let r = resolver.resolve(name);
        assert_eq!(r.outcome, Outcome::Unknown, "{name}");
        let reason = r.reason.unwrap();
        assert!(
            reason.contains("a malformed Handle API answer") && reason.contains(says),
            "{name}: {reason}"
        );
        assert!(!reason.contains("responseCode"), "{name}: {reason}");
    }
}

#[test]
fn a_record_of_100000_values_is_kept_in_part_and_says_so() {
    // High 2: one answer of 8 MB (inside the default --max-size) cost about 200 MB: the answer
    // as a JSON tree, a Handle record and the record of the output, all at once. The record now
    // keeps MAX_RECORD_BYTES of JSON and counts what it leaves out.
    let server = TestServer::start();
    let big = || {
        let mut cfg = config(&server);
        cfg.client.max_body = 8 << 20;
        cfg.client.timeout = Duration::from_secs(20);
        cfg
    };
    let resolver = Resolver::new(big());
    let r = resolver.resolve("10.5555/values-97000");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    let record = r.record.as_ref().unwrap();
    let kept = record["values"].as_array().unwrap().len();
    assert_eq!(record["values_omitted"], 97_000 - kept);
    assert!(kept > 100 && kept < 1000, "{kept}");
    assert_eq!(r.urls.len(), kept, "the URLs of the values kept");
    let text = serde_json::to_string(record).unwrap();
    assert!(
        text.len() <= pidkit_resolve::MAX_RECORD_BYTES + 200,
        "{}",
        text.len()
    );
    let reason = r.reason.unwrap();
    assert!(
        reason.contains(&format!(
            "the record keeps {kept} of the answer's 97000 values and leaves out {}",
            97_000 - kept
        )),
        "{reason}"
    );
    // Not cached: from the cache it would answer with fewer URLs than the network.
    let dir = tempfile::tempdir().unwrap();
    let cached = Resolver::new(big()).with_cache(pidkit_resolve::Cache::open(dir.path()).unwrap());
    assert_eq!(
        cached.resolve("10.5555/values-50000").outcome,
        Outcome::Resolved
    );
    cached.cache().unwrap().flush().unwrap();
    assert!(cached.cache().unwrap().is_empty().unwrap());
    // A record that fits is kept whole, and cached.
    let r = cached.resolve("10.5555/values-100");
    let values = r.record.as_ref().unwrap()["values"].as_array().unwrap();
    assert_eq!(values.len(), 100);
    assert_eq!(r.urls.len(), 100);
    assert_eq!(r.reason, None);
    cached.cache().unwrap().flush().unwrap();
    let again = cached.resolve("10.5555/values-100");
    assert_eq!((again.source, again.record), (Source::Cache, r.record));
}

#[test]
fn a_contact_address_no_header_can_carry_never_reaches_the_client() {
    // Medium 8: a trailing \r (a CRLF env file) in the contact address made the HTTP client
    // panic while building the User-Agent, for every input ("a bug in pidkit").
    let server = TestServer::start();
    for bad in ["ops@example.org\r", "ops@example.org\n", "josé@example.org"] {
        let mut cfg = config(&server);
        cfg.client.mailto = Some(bad.into());
        let r = Resolver::new(cfg).resolve("10.1000/182");
        assert_eq!(r.outcome, Outcome::Unknown, "{bad:?}");
        let reason = r.reason.unwrap();
        assert!(
            reason.contains("the configuration is invalid: the mailto value"),
            "{bad:?}: {reason}"
        );
        assert_eq!(r.attempts, 0);
    }
    assert!(server.requests().is_empty(), "nothing was sent");
}

#[test]
fn the_configuration_is_checked_before_any_request() {
    // Medium 8, Low 10, Low 11: the library says why a configuration cannot be used.
    let server = TestServer::start();
    let mut cfg = config(&server);
    cfg.client.mailto = Some("ops@example.org\r".into());
    assert!(matches!(
        Resolver::try_new(cfg).err(),
        Some(pidkit_resolve::ConfigError::Header { what: "mailto", .. })
    ));
    let mut cfg = config(&server);
    cfg.client.retries = pidkit_resolve::MAX_RETRIES + 1;
    assert_eq!(
        cfg.validate(),
        Err(pidkit_resolve::ConfigError::Retries(11))
    );
    cfg.client.retries = pidkit_resolve::MAX_RETRIES;
    assert_eq!(cfg.validate(), Ok(()));
    // Every service's address, defaults included.
    for service in pidkit::scheme::services() {
        let cfg = Config {
            endpoints: Endpoints::default().with(service.name, "not a url"),
            ..config(&server)
        };
        match cfg.validate() {
            Err(pidkit_resolve::ConfigError::Address { service: s, .. }) => {
                assert_eq!(s, service.name)
            }
            other => panic!("{}: {other:?}", service.name),
        }
    }
}

#[test]
fn a_bad_service_address_is_said_once_and_nothing_is_sent() {
    // Low 11: "not a url" gave `unknown` per input from the HTTP client, and a #fragment
    // swallowed the API path (GET /x instead of /x/api/handles/…).
    let server = TestServer::start();
    for (address, says) in [
        (
            "not a url".to_owned(),
            "is not an absolute http or https URL",
        ),
        (format!("{}/x#frag", server.url()), "has a fragment"),
        (format!("{}/x?a=b", server.url()), "has a query"),
        (
            format!("http://user:pw@{}", &server.url()["http://".len()..]),
            "has a user name",
        ),
    ] {
        let resolver = Resolver::new(Config {
            endpoints: Endpoints::default().with("doi", address.as_str()),
            ..config(&server)
        });
        let r = resolver.resolve("10.1000/182");
        assert_eq!(r.outcome, Outcome::Unknown, "{address}");
        let reason = r.reason.unwrap();
        assert!(
            reason.contains("the configuration is invalid: the address of the doi service")
                && reason.contains(says),
            "{address}: {reason}"
        );
    }
    assert!(server.requests().is_empty(), "{:?}", server.requests());
}

// ---- the deadline of one input (issue 31, Medium 9) --------------------------------------
// The deadline is the feature: these tests measure time, with margins of 1.5 s and more.

/// The test configuration with a deadline, a long timeout and many retries: only the deadline
/// can end these inputs early.
fn with_deadline(server: &TestServer, deadline: Duration) -> Config {
    let mut cfg = config(server);
    cfg.deadline = deadline;
    cfg.client.timeout = Duration::from_secs(20);
    cfg.client.retries = 10;
    cfg
}

#[test]
fn the_deadline_cuts_a_slow_answer_whatever_the_timeout() {
    let server = TestServer::start();
    let resolver = Resolver::new(with_deadline(&server, Duration::from_millis(800)));
    let start = Instant::now();
    let r = resolver.resolve("10.5555/slow"); // 3 s per attempt
    let took = start.elapsed();
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(
        reason.starts_with(
            "no answer within the deadline of 0.8 s for one input (the last attempt: timed out"
        ),
        "{reason}"
    );
    assert_eq!(r.attempts, 1);
    assert!(took < Duration::from_millis(800 + 1500), "{took:?}");
}

#[test]
fn the_deadline_stops_retry_after_waits() {
    // 429 with Retry-After: 1 on every attempt, ten retries allowed: 10 s without a deadline.
    let server = TestServer::start();
    let resolver = Resolver::new(with_deadline(&server, Duration::from_millis(2500)));
    let start = Instant::now();
    let r = resolver.resolve("10.5555/rate-limited-always");
    let took = start.elapsed();
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(
        reason.starts_with("no answer within the deadline of 2.5 s for one input")
            && reason
                .contains("HTTP 429, Retry-After 1 s; a retry in 1 s would end past the deadline"),
        "{reason}"
    );
    // At 0 s, 1 s and 2 s; the wait after the third would end at 3 s.
    assert_eq!(r.attempts, 3);
    assert_eq!(server.requests().len(), 3);
    assert!(took < Duration::from_millis(2500 + 1500), "{took:?}");
}

#[test]
fn the_deadline_spans_every_alias_hop() {
    // Issue 31, Medium 9: 429 with Retry-After before each of four HS_ALIAS hops held one DOI
    // for 72 s at --timeout 2. The hops share one deadline.
    let server = TestServer::start();
    let resolver = Resolver::new(with_deadline(&server, Duration::from_millis(2500)));
    let start = Instant::now();
    let r = resolver.resolve("10.5555/chain-0");
    let took = start.elapsed();
    assert_eq!(r.outcome, Outcome::Unknown, "{:?}", r.urls);
    let reason = r.reason.unwrap();
    assert!(
        reason.starts_with("no answer within the deadline of 2.5 s for one input"),
        "{reason}"
    );
    // chain-0 (429, then the alias at 1 s), chain-1 (429, then the alias at 2 s), chain-2
    // (429): its Retry-After would end past 2.5 s.
    assert_eq!(r.aliases, ["10.5555/chain-1", "10.5555/chain-2"]);
    assert_eq!(r.attempts, 5);
    assert!(took < Duration::from_millis(2500 + 1500), "{took:?}");
    // With time enough, the chain ends in a record (five hops, a second each).
    let resolver = Resolver::new(with_deadline(&server, Duration::from_secs(20)));
    server.reset();
    let r = resolver.resolve("10.5555/chain-0");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://example.org/end-of-chain"]);
}

// ---- redirects (issue 31, Low 14) ---------------------------------------------------------

fn port(server: &TestServer) -> String {
    server.url().rsplit(':').next().unwrap().to_owned()
}

#[test]
fn a_redirect_to_another_origin_is_not_followed_and_is_reported() {
    // Low 14: a 302 to another port or host was followed silently, and its answer used: here
    // the other server answers the same name with http://evil/.
    let (server, resolver) = setup();
    let other = TestServer::start();
    let name = format!("10.5555/redirect-to-{}", port(&other));
    let r = resolver.resolve(&name);
    assert_eq!(r.outcome, Outcome::Unknown, "{:?}", r.urls);
    assert!(r.urls.is_empty());
    let reason = r.reason.unwrap();
    assert!(
        reason.starts_with(&format!(
            "HTTP 302: a redirect to \"http://127.0.0.1:{}/api/handles/{name}?served\", another \
             origin than http://127.0.0.1:{}: not followed",
            port(&other),
            port(&server)
        )),
        "{reason}"
    );
    assert_eq!(r.attempts, 1, "not retried");
    assert!(
        other.requests().is_empty(),
        "the other origin was never asked"
    );
    // A redirect within the service's origin is followed.
    let r = resolver.resolve("10.5555/moved");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["https://example.org/moved"]);
    let targets: Vec<String> = server
        .requests()
        .into_iter()
        .map(|q| q.target)
        .filter(|t| t.contains("moved"))
        .collect();
    assert_eq!(
        targets,
        [
            "/api/handles/10.5555/moved",
            "/api/handles/10.5555/moved?served"
        ]
    );
}

#[test]
fn a_registry_redirect_is_followed_within_its_origin_only() {
    // Low 14: TAP 1.1 lets a sync query answer 303 See Other to its result; to the same
    // origin it is followed (as a GET), to another one it is refused.
    let server = TestServer::start();
    let other = TestServer::start();
    let registry = |base: String| {
        Resolver::new(Config {
            endpoints: Endpoints::default().with("registry", base),
            ..config(&server)
        })
    };
    let r = registry(format!("{}/tap-moved", server.url())).resolve("ivo://org.gavo.dc");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls[0], "http://dc.zah.uni-heidelberg.de/tap");
    let methods: Vec<(String, String)> = server
        .requests()
        .into_iter()
        .map(|q| (q.method, q.target.split('?').next().unwrap().to_owned()))
        .collect();
    assert_eq!(
        methods,
        [
            ("POST".to_owned(), "/tap-moved/sync".to_owned()),
            ("GET".to_owned(), "/tap-results".to_owned())
        ]
    );
    let away = format!("{}/tap-away-{}", server.url(), port(&other));
    let r = registry(away).resolve("ivo://org.gavo.dc");
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(
        reason.starts_with("HTTP 303: a redirect to \"http://127.0.0.1:")
            && reason.contains("another origin"),
        "{reason}"
    );
    assert!(other.requests().is_empty());
}
