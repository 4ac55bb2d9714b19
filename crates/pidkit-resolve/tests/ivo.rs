//! IVOID resolution (Identifiers 2.0 §2.5) against the in-process RegTAP service.

use std::time::Duration;

use pidkit::Kind;
use pidkit_resolve::testserver::TestServer;
use pidkit_resolve::{ClientConfig, Config, Endpoints, MAX_ROWS, Outcome, Resolver, regtap_query};
use serde_json::json;

fn setup() -> (TestServer, Resolver) {
    let server = TestServer::start();
    let resolver = Resolver::new(Config {
        client: ClientConfig {
            timeout: Duration::from_millis(800),
            retries: 1,
            backoff_base: Duration::from_millis(10),
            ..ClientConfig::default()
        },
        endpoints: Endpoints::default()
            .with("doi", server.url())
            .with("registry", server.tap_url()),
        ..Config::default()
    });
    (server, resolver)
}

#[test]
fn registry_part_is_looked_up_lowercased_with_a_sync_adql_query() {
    let (server, resolver) = setup();
    let r = resolver.resolve("IVO://ORG.gavo.DC");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.kind, Some(Kind::Ivo));
    assert_eq!(r.name.as_deref(), Some("ivo://org.gavo.dc"));
    let reqs = server.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0].method, "POST");
    assert_eq!(reqs[0].target, "/tap/sync");
    assert!(reqs[0].body.contains("REQUEST=doQuery"), "{}", reqs[0].body);
    assert!(reqs[0].body.contains("LANG=ADQL"), "{}", reqs[0].body);
    assert_eq!(reqs[0].query().unwrap(), regtap_query("ivo://org.gavo.dc"));
    assert!(
        reqs[0]
            .header("content-type")
            .unwrap()
            .starts_with("application/x-www-form-urlencoded")
    );
}

#[test]
fn the_record_has_title_type_capabilities_and_access_urls() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("ivo://org.gavo.dc");
    let record = r.record.unwrap();
    assert_eq!(record["ivoid"], "ivo://org.gavo.dc");
    assert_eq!(record["title"], "GAVO Data Center TAP service");
    assert_eq!(record["type"], "vs:catalogservice");
    assert_eq!(
        record["capabilities"],
        json!([
            {"standard_id": "ivo://ivoa.net/std/tap", "type": "tr:tablesaccess", "interfaces": [
                {"type": "vs:paramhttp", "role": "std", "url_use": "base",
                 "access_url": "http://dc.zah.uni-heidelberg.de/tap"}]},
            {"standard_id": "ivo://ivoa.net/std/vosi#capabilities", "type": null, "interfaces": [
                {"type": "vs:paramhttp", "role": "std", "url_use": "full",
                 "access_url": "http://dc.zah.uni-heidelberg.de/__system__/tap/run/capabilities"}]},
            {"standard_id": null, "type": null, "interfaces": [
                {"type": "vr:webbrowser", "role": null, "url_use": "full",
                 "access_url": "http://dc.zah.uni-heidelberg.de/__system__/adql/query/form"}]},
        ])
    );
    assert_eq!(
        r.urls,
        [
            "http://dc.zah.uni-heidelberg.de/tap",
            "http://dc.zah.uni-heidelberg.de/__system__/tap/run/capabilities",
            "http://dc.zah.uni-heidelberg.de/__system__/adql/query/form",
        ]
    );
}

#[test]
fn binary2_answers_are_read() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("ivo://binary2.example/svc");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(
        r.record.as_ref().unwrap()["ivoid"],
        "ivo://binary2.example/svc"
    );
    assert_eq!(r.urls, ["http://dc.zah.uni-heidelberg.de/tap"]);
}

#[test]
fn no_record_means_not_found() {
    let (_server, resolver) = setup();
    let r = resolver.resolve("ivo://nowhere.example/gone");
    assert_eq!(r.outcome, Outcome::NotFound);
    assert!(r.reason.unwrap().contains("SHOULD assume it is obsolete"));
}

#[test]
fn tap_errors_and_html_pages() {
    let (server, resolver) = setup();
    let r = resolver.resolve("ivo://error.example/x");
    assert_eq!(r.outcome, Outcome::Error);
    assert_eq!(
        r.reason.as_deref(),
        Some("the registry reported an error: Field query: Could not parse your query")
    );
    assert_eq!(r.attempts, 1, "a 400 is not retried");
    let r = resolver.resolve("ivo://html.example/x");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(
        r.reason
            .unwrap()
            .starts_with("HTTP 200 (text/html): not a VOTable answer")
    );
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn local_parts_resolve_through_the_registry_part() {
    let (server, resolver) = setup();
    let r = resolver.resolve("ivo://org.gavo.dc?some/dataset#Part1");
    assert_eq!(r.outcome, Outcome::Resolved);
    assert_eq!(r.name.as_deref(), Some("ivo://org.gavo.dc"));
    assert!(
        r.reason
            .unwrap()
            .contains("local part \"?some/dataset#Part1\"")
    );
    assert_eq!(
        server.requests()[0].query().unwrap(),
        regtap_query("ivo://org.gavo.dc")
    );
}

#[test]
fn registry_down_is_unknown() {
    let server = TestServer::start();
    let resolver = Resolver::new(Config {
        endpoints: Endpoints::default()
            .with("registry", format!("{}/no-such-service", server.url())),
        client: ClientConfig {
            retries: 0,
            ..ClientConfig::default()
        },
        ..Config::default()
    });
    let r = resolver.resolve("ivo://org.gavo.dc");
    assert_eq!(r.outcome, Outcome::Unknown);
    assert!(
        r.reason
            .unwrap()
            .starts_with("HTTP 404 (text/plain): not a VOTable answer")
    );
}

// ---- issue 11: hostile registry answers --------------------------------------------------

#[test]
fn a_binary_table_without_fields_is_refused_at_once() {
    // High 1: rows of zero bytes made the decoder loop forever while memory grew.
    let (_server, resolver) = setup();
    let r = resolver.resolve("ivo://zero-width.example/x");
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(
        reason.contains("not a VOTable answer") && reason.contains("takes no bytes"),
        "{reason}"
    );
}

#[test]
fn a_row_about_another_resource_is_not_used() {
    // Medium 7: a row for ivo://other.org/evil answered ivo://other.example/x.
    let (_server, resolver) = setup();
    let r = resolver.resolve("ivo://other.example/x");
    assert_eq!(r.outcome, Outcome::Unknown, "{:?}", r.urls);
    assert!(r.urls.is_empty());
    assert!(r.record.is_none());
    let reason = r.reason.unwrap();
    assert!(reason.contains("\"ivo://other.org/evil\""), "{reason}");
    // §2.6: the Registry part is compared case-insensitively, so a row written in another
    // case is about the same resource.
    let r = resolver.resolve("ivo://case.example/x");
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls, ["http://example.org/tap/0"]);
}

#[test]
fn too_many_rows_are_refused() {
    // Medium 10: 40,000 capability rows under the body limit cost 10 s; past MAX_ROWS rows an
    // answer is refused. Issue 31, High 2: 10,000 rows took 48 MB to read and 10 MB to keep;
    // MAX_ROWS is 1,000 now, and the XML tree is bounded too.
    let (_server, resolver) = setup();
    let r = resolver.resolve(&format!("ivo://rows.example/{MAX_ROWS}"));
    assert_eq!(r.outcome, Outcome::Resolved, "{:?}", r.reason);
    assert_eq!(r.urls.len(), MAX_ROWS);
    let r = resolver.resolve(&format!("ivo://rows.example/{}", MAX_ROWS + 1));
    assert_eq!(r.outcome, Outcome::Unknown);
    let reason = r.reason.unwrap();
    assert!(reason.contains("more than 1000 rows"), "{reason}");
    for (id, says) in [
        ("ivo://many.example/x", "more than 100000 XML nodes"),
        ("ivo://wide.example/x", "more than 100000 XML nodes"),
    ] {
        let r = resolver.resolve(id);
        assert_eq!(r.outcome, Outcome::Unknown, "{id}");
        let reason = r.reason.unwrap();
        assert!(reason.contains(says), "{id}: {reason}");
    }
}

#[test]
fn registry_non_answers_are_unknown_and_never_cached() {
    // Issue 31, High 4: each of these was "not-found" ("clients SHOULD assume it is
    // obsolete"), exit 1, and served from the cache afterwards.
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let resolver = Resolver::new(Config {
        client: ClientConfig {
            retries: 0,
            ..ClientConfig::default()
        },
        endpoints: Endpoints::default().with("registry", server.tap_url()),
        ..Config::default()
    })
    .with_cache(pidkit_resolve::Cache::open(dir.path()).unwrap());
    let cases = [
        ("ivo://empty-votable.example/x", "a VOTable without a TABLE"),
        ("ivo://no-data.example/x", "a table without DATA"),
        (
            "ivo://no-ivoid.example/x",
            "a table without the ivoid column",
        ),
        (
            "ivo://quota.example/x",
            "the query status is \"QUOTA_EXCEEDED\" (Too many queries today), neither OK nor OVERFLOW",
        ),
        (
            "ivo://quota-table.example/x",
            "the query status is \"QUOTA_EXCEEDED\"",
        ),
        (
            "ivo://overflow-empty.example/x",
            "no rows, and an OVERFLOW status",
        ),
    ];
    for round in 0..2 {
        for (id, says) in cases {
            let r = resolver.resolve(id);
            assert_eq!(r.outcome, Outcome::Unknown, "{id}: {:?}", r.reason);
            assert_eq!(r.outcome.exit_class(), 3);
            assert_eq!(
                r.source,
                pidkit_resolve::Source::Network,
                "round {round}: {id}"
            );
            let reason = r.reason.unwrap();
            assert!(reason.contains(says), "{id}: {reason}");
        }
        resolver.cache().unwrap().flush().unwrap();
    }
    assert!(resolver.cache().unwrap().is_empty().unwrap());
    assert_eq!(server.requests().len(), 2 * cases.len());
    // An empty table that answers the query is still "no record", and cached.
    let r = resolver.resolve("ivo://nowhere.example/gone");
    assert_eq!(r.outcome, Outcome::NotFound);
    resolver.cache().unwrap().flush().unwrap();
    assert_eq!(resolver.cache().unwrap().len().unwrap(), 1);
}
