//! The test server's DOI content negotiation and RA service (see [`crate::testserver`]): the
//! records it holds, the formats it makes of them, and its hostile answers.

use std::time::Duration;

use crate::testserver::Reply;

/// A work the server has metadata for.
struct Work {
    doi: &'static str,
    kind: &'static str,
    title: &'static str,
    /// `(family, given)`; a family without a given name is a `literal` (an organisation).
    authors: &'static [(&'static str, &'static str)],
    year: u32,
    container: Option<&'static str>,
    container_short: Option<&'static str>,
    publisher: &'static str,
}

/// The records (the DOIs of the guide's examples, docs/metadata.md and docs/python.md, and the worked example of `pidkit verify`).
const WORKS: &[Work] = &[
    Work {
        doi: "10.1000/182",
        kind: "book",
        title: "DOI Handbook",
        authors: &[("International DOI Foundation", "")],
        year: 2019,
        container: None,
        container_short: None,
        publisher: "International DOI Foundation",
    },
    Work {
        doi: "10.1038/nature12373",
        kind: "article-journal",
        title: "Nanometre-scale thermometry in a living cell",
        authors: &[
            ("Kucsko", "G."),
            ("Maurer", "P. C."),
            ("Yao", "N. Y."),
            ("Kubo", "M."),
            ("Noh", "H. J."),
            ("Lo", "P. K."),
            ("Park", "H."),
            ("Lukin", "M. D."),
        ],
        year: 2013,
        container: Some("Nature"),
        container_short: Some("Nature"),
        publisher: "Springer Science and Business Media LLC",
    },
    Work {
        doi: "10.5555/tlex.2019.001",
        kind: "article-journal",
        title: "Tautomeric Equilibria of DNA Bases in Über-Dense Solvents: A Review",
        authors: &[("Müller", "Anna"), ("Ng", "Bo"), ("Étienne", "Céline")],
        year: 2019,
        container: Some("The Journal of Chemical Physics"),
        container_short: Some("J. Chem. Phys."),
        publisher: "AIP Publishing",
    },
    Work {
        doi: "10.5555/tlex.2020.014",
        kind: "article-journal",
        title: "Graphene Membranes for Desalination at Scale",
        authors: &[("Smith", "John"), ("Okafor", "Ngozi")],
        year: 2020,
        container: Some("Physical Review Letters"),
        container_short: Some("Phys. Rev. Lett."),
        publisher: "American Physical Society (APS)",
    },
    Work {
        doi: "10.5555/tlex.2018.007",
        kind: "paper-conference",
        title: "The B-Tree: Past, Present & Future",
        authors: &[("O'Neil", "Patrick"), ("van der Berg", "Jan")],
        year: 2018,
        container: Some(
            "Proceedings of the 44th International Conference on Very Large Data Bases",
        ),
        container_short: None,
        publisher: "VLDB Endowment",
    },
    Work {
        doi: "10.5281/zenodo.1234567",
        kind: "dataset",
        title: "Ocean temperature records, 1950–2020",
        authors: &[("Hansen", "Ida")],
        year: 2021,
        container: None,
        container_short: None,
        publisher: "Zenodo",
    },
];

/// Whether the server's Handle API holds a record for `lower` (a lowercased DOI name) because
/// its content negotiation does: the works, `10.5555/bench/…`, and the content negotiation
/// fixtures `10.5555/cn-…` and `10.5555/rl/…`.
pub(crate) fn has_record(lower: &str) -> bool {
    WORKS.iter().any(|w| w.doi.eq_ignore_ascii_case(lower))
        || lower.starts_with("10.5555/cn-")
        || lower.starts_with("10.5555/rl/")
        || lower == "10.5555/tlex.nometa"
}

fn csl(w: &Work, doi: &str) -> serde_json::Value {
    let authors: Vec<serde_json::Value> = w
        .authors
        .iter()
        .map(|(family, given)| {
            if given.is_empty() {
                serde_json::json!({ "literal": family })
            } else {
                serde_json::json!({ "family": family, "given": given, "sequence": "additional" })
            }
        })
        .collect();
    let mut v = serde_json::json!({
        "type": w.kind,
        "DOI": doi,
        "URL": format!("https://doi.org/{doi}"),
        "title": w.title,
        "author": authors,
        "issued": { "date-parts": [[w.year]] },
        "publisher": w.publisher,
    });
    if let Some(c) = w.container {
        v["container-title"] = c.into();
    }
    if let Some(c) = w.container_short {
        v["container-title-short"] = c.into();
    }
    v
}

fn bibtex(w: &Work, doi: &str) -> String {
    let authors: Vec<String> = w
        .authors
        .iter()
        .map(|(f, g)| {
            if g.is_empty() {
                format!("{{{f}}}")
            } else {
                format!("{f}, {g}")
            }
        })
        .collect();
    let kind = match w.kind {
        "article-journal" => "article",
        "paper-conference" => "inproceedings",
        "book" => "book",
        _ => "misc",
    };
    let mut s = format!(
        "@{kind}{{{}_{},\n\ttitle = {{{}}},\n\tauthor = {{{}}},\n\tyear = {{{}}},\n\tdoi = {{{doi}}},\n",
        w.authors[0].0.split_whitespace().last().unwrap_or("x"),
        w.year,
        w.title,
        authors.join(" and "),
        w.year
    );
    if let Some(c) = w.container {
        s.push_str(&format!("\tjournal = {{{c}}},\n"));
    }
    s.push_str(&format!("\tpublisher = {{{}}}\n}}", w.publisher));
    s
}

fn ris(w: &Work, doi: &str) -> String {
    let ty = match w.kind {
        "article-journal" => "JOUR",
        "paper-conference" => "CONF",
        "book" => "BOOK",
        _ => "DATA",
    };
    let mut s = format!("TY  - {ty}\r\nDO  - {doi}\r\nTI  - {}\r\n", w.title);
    for (f, g) in w.authors {
        if g.is_empty() {
            s.push_str(&format!("AU  - {f}\r\n"));
        } else {
            s.push_str(&format!("AU  - {f}, {g}\r\n"));
        }
    }
    s.push_str(&format!("PY  - {}\r\n", w.year));
    if let Some(c) = w.container {
        s.push_str(&format!("T2  - {c}\r\n"));
    }
    s.push_str("ER  - \r\n");
    s
}

fn citation(w: &Work, doi: &str) -> String {
    let (f, g) = w.authors[0];
    let who = if g.is_empty() {
        f.to_owned()
    } else {
        format!("{f}, {}.", g.chars().next().unwrap_or('X'))
    };
    let more = if w.authors.len() > 1 { ", et al." } else { "" };
    let container = w.container.map_or(String::new(), |c| format!(" {c}."));
    format!(
        "{who}{more} ({}). {}.{container} https://doi.org/{doi}",
        w.year, w.title
    )
}

/// The format an `Accept` header asks for: `csl`, `bibtex`, `ris`, or a citation with its
/// style.
fn asked(accept: &str) -> Option<(&'static str, Option<String>)> {
    let a = accept.to_ascii_lowercase();
    if a.contains("citationstyles.csl+json") {
        Some(("csl", None))
    } else if a.contains("x-bibtex") {
        Some(("bibtex", None))
    } else if a.contains("research-info-systems") {
        Some(("ris", None))
    } else if a.contains("x-bibliography") {
        let style = a
            .split(';')
            .find_map(|p| p.trim().strip_prefix("style=").map(str::to_owned))
            .unwrap_or_else(|| "apa".into());
        Some(("citation", Some(style)))
    } else {
        None
    }
}

/// The work of a DOI (a bench DOI gets one made up).
fn work_of(lower: &str) -> Option<Work> {
    if let Some(w) = WORKS.iter().find(|w| w.doi.eq_ignore_ascii_case(lower)) {
        return Some(Work { ..*w });
    }
    let n = lower
        .strip_prefix("10.5555/bench/")
        .or_else(|| lower.strip_prefix("10.5555/rl/"))
        .or_else(|| lower.strip_prefix("10.5555/cn-"))?;
    let title: &'static str = Box::leak(format!("Test record {n}").into_boxed_str());
    Some(Work {
        doi: "",
        kind: "article-journal",
        title,
        authors: &[("Tester", "Theo")],
        year: 2020,
        container: Some("Journal of Test Records"),
        container_short: Some("J. Test Rec."),
        publisher: "Test Publisher",
    })
}

/// The answer in the format asked for, of `doi`'s work `w`.
fn formatted(w: &Work, doi: &str, accept: &str) -> Reply {
    match asked(accept) {
        Some(("csl", _)) => Reply::new(
            200,
            "application/vnd.citationstyles.csl+json",
            csl(w, doi).to_string(),
        ),
        Some(("bibtex", _)) => Reply::new(200, "application/x-bibtex", bibtex(w, doi)),
        Some(("ris", _)) => Reply::new(200, "application/x-research-info-systems", ris(w, doi)),
        Some(("citation", Some(style))) if style == "apa" => {
            Reply::new(200, "text/x-bibliography", citation(w, doi))
        }
        Some(("citation", _)) => Reply::new(400, "text/plain", "Unknown style"),
        _ => Reply::new(406, "text/plain", "Not acceptable"),
    }
}

/// `GET /{name}` (the proxy: redirects to the agency's service, as doi.org does) or
/// `GET /transform/{name}` (the agency's service: the record), with `accept`; `hits` counts
/// the requests for `name`.
pub(crate) fn negotiate(name: &str, accept: &str, transformed: bool, hits: u32) -> Reply {
    let lower = name.to_ascii_lowercase();
    if accept.to_ascii_lowercase().contains("text/html") || accept.is_empty() {
        let mut r = Reply::new(302, "text/html", "");
        r.headers
            .push(("Location", format!("https://example.org/landing/{name}")));
        return r;
    }
    // Hostile and odd answers, straight from the proxy.
    if let Some(r) = hostile(name, &lower, accept, transformed, hits) {
        return r;
    }
    if lower.starts_with("10.5555/tlex.2018.999") || lower.starts_with("10.5555/missing/") {
        return Reply::new(404, "text/plain", "DOI Not Found");
    }
    let Some(w) = work_of(&lower) else {
        return Reply::new(404, "text/plain", "DOI Not Found");
    };
    if !transformed && !lower.starts_with("10.5555/bench/") {
        let mut r = Reply::new(302, "text/plain", "");
        r.headers.push(("Location", format!("/transform/{name}")));
        return r;
    }
    let mut r = formatted(&w, name, accept);
    if lower.starts_with("10.5555/rl/") {
        r.headers.push(("X-Rate-Limit-Limit", "5".into()));
        r.headers.push(("X-Rate-Limit-Interval", "1s".into()));
    }
    r
}

fn hostile(name: &str, lower: &str, accept: &str, transformed: bool, hits: u32) -> Option<Reply> {
    let csl = "application/vnd.citationstyles.csl+json";
    let record = |title: &str| {
        serde_json::json!({ "type": "article-journal", "DOI": name, "title": title }).to_string()
    };
    Some(match lower {
        "10.5555/tlex.nometa" | "10.5555/cn-204" => Reply::new(204, "text/plain", ""),
        "10.5555/cn-404" => Reply::new(404, "text/plain", "Resource not found."),
        "10.5555/cn-406" => Reply::new(406, "text/plain", "Not acceptable"),
        "10.5555/cn-500" => Reply::new(500, "text/html", "<html><body>Error</body></html>"),
        "10.5555/cn-html" => Reply::new(
            200,
            "text/html; charset=utf-8",
            "<!DOCTYPE html><html><head><title>Article</title></head><body>Landing</body></html>",
        ),
        "10.5555/cn-invalid-json" => Reply::new(200, csl, format!("{{\"DOI\":\"{name}\",\"title\":\"cut")),
        "10.5555/cn-deep" => Reply::new(200, csl, format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000))),
        "10.5555/cn-other-doi" => Reply::new(
            200,
            csl,
            serde_json::json!({ "type": "article-journal", "DOI": "10.1038/nature12373", "title": "Nanometre-scale thermometry in a living cell" }).to_string(),
        ),
        "10.5555/cn-no-doi" => Reply::new(200, csl, r#"{"type":"article-journal","title":"Which one?"}"#),
        "10.5555/cn-latin1" => Reply::new(200, "application/x-bibtex", b"@article{x, title = {Caf\xe9}}".to_vec()),
        "10.5555/cn-slow" => Reply {
            delay: Duration::from_secs(3),
            ..Reply::new(200, csl, record("Slow"))
        },
        "10.5555/cn-429" if hits == 1 => Reply {
            headers: vec![("Retry-After", "1".into())],
            ..Reply::new(429, "text/plain", "Too many requests")
        },
        "10.5555/cn-429" => Reply::new(200, csl, record("After a 429")),
        "10.5555/cn-ftp" => {
            let mut r = Reply::new(302, "text/plain", "");
            r.headers.push(("Location", format!("ftp://127.0.0.1/{name}")));
            r
        }
        // A CSL record of 50 MB, with its length, and the same chunked.
        "10.5555/cn-huge" | "10.5555/cn-huge-chunked" => Reply {
            chunked: lower.ends_with("chunked"),
            repeat: Some((b"x".to_vec(), 50 << 20, b"\"}".to_vec())),
            ..Reply::new(200, csl, format!("{{\"DOI\":\"{name}\",\"title\":\""))
        },
        // A BibTeX body of a billion opening braces, chunked.
        "10.5555/cn-braces" => Reply {
            chunked: true,
            repeat: Some((b"{".to_vec(), 1_000_000_000, Vec::new())),
            ..Reply::new(200, "application/x-bibtex", "@article{braces, title = ")
        },
        _ => {
            if let Some(port) = lower.strip_prefix("10.5555/cn-away-").filter(|_| !transformed) {
                // The agency's service at another origin (as doi.org sends to api.crossref.org).
                let mut r = Reply::new(302, "text/plain", "");
                r.headers.push((
                    "Location",
                    format!("http://127.0.0.1:{port}/transform/{name}"),
                ));
                return (!accept.is_empty()).then_some(r);
            }
            return None;
        }
    })
}

/// `GET /ra/{prefix}`: the RA service's answer (`hits` counts the requests for the prefix).
pub(crate) fn agency(prefix: &str, hits: u32) -> Reply {
    let json = "application/json;charset=UTF-8";
    let row = |ra: &str| format!(r#"[{{"DOI":"{prefix}","RA":"{ra}"}}]"#);
    let status = |s: &str| format!(r#"[{{"DOI":"{prefix}","status":"{s}"}}]"#);
    match prefix {
        "10.1000" => Reply::new(200, json, row("International DOI Foundation")),
        "10.1038" | "10.5555" => Reply::new(200, json, row("Crossref")),
        "10.5281" => Reply::new(200, json, row("DataCite")),
        "10.4441" => Reply::new(200, json, status("Unknown")),
        "10.4442" => Reply::new(200, json, r#"[{"DOI":"10.4442","RA":"Cross"#),
        "10.4443" => Reply::new(200, json, r#"[{"DOI":"10.1038","RA":"Crossref"}]"#),
        "10.4444" => Reply {
            repeat: Some((b" ".to_vec(), 1 << 20, b"]".to_vec())),
            ..Reply::new(200, json, r#"[{"DOI":"10.4444","RA":"Crossref"}"#)
        },
        "10.4445" => Reply::new(
            200,
            json,
            r#"[{"DOI":"10.4445","RA":"Cross\u001b[31mref\n"}]"#,
        ),
        "10.4446" if hits == 1 => Reply {
            headers: vec![("Retry-After", "1".into())],
            ..Reply::new(429, "text/plain", "Too many requests")
        },
        "10.4446" => Reply::new(200, json, row("Crossref")),
        "10.4447" => Reply::new(200, json, status("Invalid DOI")),
        _ => Reply::new(200, json, status("DOI does not exist")),
    }
}
