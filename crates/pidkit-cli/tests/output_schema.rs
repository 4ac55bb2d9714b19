//! The output schema (docs/output.md, docs/schema/*.json) is what the commands really write:
//! every command runs over valid, invalid and undecodable input, in every JSON format, and each
//! record is validated against its JSON Schema file (draft 2020-12, the `jsonschema` crate).
//! The document itself is held to the files: every field they define is named in it, the TSV
//! headers it lists are the ones printed, and its JSON examples validate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use assert_cmd::Command;
use jsonschema::{Retrieve, Uri, Validator};
use pidkit_resolve::testserver::TestServer;
use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn schema_dir() -> PathBuf {
    PathBuf::from(ROOT).join("docs/schema")
}

fn load(name: &str) -> Value {
    let path = schema_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// Hands the validator the files of docs/schema/ for the relative references between them
/// (`common.json#/$defs/…`), and nothing else: no network, no other file.
struct SchemaFiles;

impl Retrieve for SchemaFiles {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri.path().as_str().trim_start_matches('/');
        if name.contains('/') || !name.ends_with(".json") {
            return Err(format!("not a schema file of docs/schema: {uri}").into());
        }
        Ok(load(name))
    }
}

fn validator(command: &str) -> Validator {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_retriever(SchemaFiles)
        .build(&load(&format!("{command}.json")))
        .unwrap_or_else(|e| panic!("{command}.json is not a valid schema: {e}"))
}

fn pidkit() -> Command {
    let mut c = Command::cargo_bin("pidkit").unwrap();
    c.env("NO_COLOR", "1");
    c
}

/// The records of a run, each validated against `command`'s schema; panics with every
/// violation found.
fn check_records(command: &str, what: &str, stdout: &[u8]) -> Vec<Value> {
    let v = validator(command);
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    let mut failures = Vec::new();
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}: {e}: {l}")))
        .collect();
    for r in &records {
        for e in v.iter_errors(r) {
            failures.push(format!("{what}: {e} at {}\n  {r}", e.instance_path()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(!records.is_empty(), "{what}: no records");
    records
}

/// Inputs that reach every branch of the line commands: each kind, valid and invalid, warnings,
/// an empty line (kept with --keep-blank), and bytes that are not UTF-8.
const LINES: &[u8] = b"http://user@[::1]:8080/a/b?q#f\n\
../images/logo.png?v=2#header\n\
http://exa mple.org/\n\
http://a/%c3%a9\n\
N/A\n\
10.1000/182\n\
https://doi.org/10.1000/abc?noredirect\n\
DOI: 10.1038/nphys1170\n\
doi:10.1000\n\
10/abc\n\
hdl:20.500.12345/abc\n\
https://hdl.handle.net/10.1000/182?noredirect\n\
info:hdl/20..500/x\n\
urn:isbn:0451450523\n\
urn:example:a?+r?=q#f\n\
urn:x:a~b\n\
ivo://ivoa.net/std/TAP#sync-1.0\n\
ivo://CDS.VizieR/J/A+A/672/A1\n\
ivo://a/b\n\
http://\xff\xfe/\n\
\n\
http://xn--99zt52a.example.org/%e2%80%ae\n\
http://r\xc3\xa9sum\xc3\xa9.example.org/men\xc3\xbc\n\
http://a\xe2\x92\x88.example/\n";

/// Run `args` over [`LINES`] on stdin and validate every record against `command`'s schema.
fn run_lines(command: &str, args: &[&str]) -> Vec<Value> {
    let out = pidkit()
        .args(args)
        .arg("--keep-blank")
        .write_stdin(LINES.to_vec())
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {out:?}"
    );
    let records = check_records(command, &args.join(" "), &out.stdout);
    assert_eq!(
        records.len(),
        LINES.split(|&b| b == b'\n').count() - 1,
        "{args:?}: one record per input line"
    );
    records
}

/// The branches of the input record were taken: valid and invalid records, an error with a
/// hint, a line that is not text.
fn assert_coverage(what: &str, records: &[Value]) {
    let has = |f: &dyn Fn(&Value) -> bool| records.iter().any(f);
    assert!(has(&|r| r["valid"] == true), "{what}: a valid record");
    assert!(has(&|r| r["error"]["hint"].is_string()), "{what}: a hint");
    assert!(
        has(&|r| r["kind"] == "unknown"),
        "{what}: a line that is not text"
    );
}

#[test]
fn check_parse_and_the_transforms_match_their_schemas() {
    let mut all = Vec::new();
    for (command, extra) in [
        ("check", &[][..]),
        ("check", &["--deny-warnings"]),
        ("check", &["--as", "leiri"]),
        ("check", &["--as", "uri-ref"]),
        ("parse", &[]),
        ("parse", &["--as", "web"]),
        ("normalize", &[]),
        ("normalize", &["--level", "syntax", "--doi-form", "name"]),
        ("to-uri", &[]),
        ("to-uri", &["--as", "iri-ref"]),
        ("to-iri", &["--unicode-hosts"]),
        ("key", &[]),
        ("key", &["--level", "syntax", "--clean"]),
    ] {
        let mut args = vec![command, "--json"];
        args.extend(extra);
        let records = run_lines(command, &args);
        assert_coverage(&args.join(" "), &records);
        all.extend(records);
    }
    // Across the runs: an error without a hint, warnings, each kind.
    assert!(
        all.iter()
            .any(|r| r["error"].is_object() && r["error"]["hint"].is_null())
    );
    assert!(
        all.iter()
            .any(|r| !r["warnings"].as_array().unwrap().is_empty())
    );
    let kinds: BTreeSet<&str> = all.iter().filter_map(|r| r["kind"].as_str()).collect();
    for k in [
        "iri",
        "relative-ref",
        "uri",
        "doi",
        "hdl",
        "urn",
        "ivo",
        "unknown",
    ] {
        assert!(kinds.contains(k), "no record of kind {k}: {kinds:?}");
    }
    // The branches of parse: components and each scheme's object.
    let records = run_lines("parse", &["parse", "--json"]);
    for member in ["components", "doi", "hdl", "urn", "ivo"] {
        assert!(
            records.iter().any(|r| r.get(member).is_some()),
            "parse gave no {member}"
        );
    }
    // Lenient input adds mapped; to-uri fails on an IDNA error of a valid IRI.
    let leiri = run_lines("check", &["check", "--json", "--as", "leiri"]);
    assert!(leiri.iter().any(|r| r["mapped"].is_string()));
    let uris = run_lines("to-uri", &["to-uri", "--json"]);
    assert!(
        uris.iter()
            .any(|r| r["error"]["code"] == "idna" && r["uri"].is_null())
    );
    // Under --deny-warnings an input can be invalid with no error.
    let denied = run_lines("check", &["check", "--json", "--deny-warnings"]);
    assert!(
        denied
            .iter()
            .any(|r| r["valid"] == false && r["error"].is_null())
    );
    // Arguments, the empty one included.
    let out = pidkit()
        .args(["normalize", "--json", "--as", "iri-ref", "", "HTTP://A/"])
        .output()
        .unwrap();
    check_records("normalize", "normalize arguments", &out.stdout);
}

/// Without --keep-blank, each blank line of the stream gets a blank record that matches its
/// command's schema, and only blank lines do.
#[test]
fn blank_records_match_their_schemas() {
    for command in ["check", "parse", "normalize", "to-uri", "to-iri", "key"] {
        let out = pidkit()
            .args([command, "--json"])
            .write_stdin(b"http://a/\n\n \t\n10.1000/182\n".to_vec())
            .output()
            .unwrap();
        let records = check_records(command, command, &out.stdout);
        assert_eq!(records.len(), 4, "{command}");
        let blank: Vec<bool> = records.iter().map(|r| r["blank"] == true).collect();
        assert_eq!(blank, [false, true, true, false], "{command}");
        assert_eq!(records[2]["input"], " \t", "{command}");
    }
}

#[test]
fn join_matches_its_schema() {
    for extra in [&[][..], &["--non-strict"]] {
        let mut args = vec!["join", "--json"];
        args.extend(extra);
        args.push("http://a/b/c/d;p?q");
        let records = run_lines("join", &args);
        assert!(records.iter().any(|r| r["resolved"].is_string()));
        assert!(records.iter().any(|r| r["resolved"].is_null()));
        assert!(records.iter().any(|r| r["kind"] == "unknown"));
    }
}

#[test]
fn compare_matches_its_schema() {
    for pair in [
        ["http://example.com", "http://example.com:80/"],
        ["doi:10.1000/ABC", "https://doi.org/10.1000/abc"],
        ["http://a/", "http://b/"],
        ["urn:example:%41", "urn:example:A"],
        ["N/A", "ivo://CDS.VizieR/J/A+A/672/A1"],
        ["http://a b/", "doi:10.1000"],
        ["http://a/", "http://["],
        ["", ""],
    ] {
        for level in ["simple", "syntax", "scheme"] {
            let out = pidkit()
                .args(["compare", "--json", "--level", level])
                .args(pair)
                .output()
                .unwrap();
            let recs = check_records("compare", &format!("compare {pair:?}"), &out.stdout);
            assert_eq!(recs.len(), 1);
            let want = match &recs[0]["equivalent"] {
                Value::Bool(true) => 0,
                Value::Bool(false) => 1,
                _ => 2,
            };
            assert_eq!(out.status.code(), Some(want), "{pair:?} {level}");
        }
    }
    // `mapped` under --as web, on one side only.
    let out = pidkit()
        .args([
            "compare",
            "--json",
            "--as",
            "web",
            "http://a/b c",
            "http://a/b%20c",
        ])
        .output()
        .unwrap();
    let recs = check_records("compare", "compare --as web", &out.stdout);
    assert_eq!(recs[0]["a"]["mapped"], "http://a/b%20c");
}

#[test]
fn dedupe_matches_its_schema() {
    for extra in [
        &[][..],
        &["--all"],
        &["--level", "simple"],
        &["--as", "doi"],
    ] {
        let mut args = vec!["dedupe", "--json"];
        args.extend(extra);
        let input = [
            LINES,
            b"HTTP://user@[::1]:8080/a/b?q#f\nhdl:10.1000/182\n10.1000/182\n",
        ]
        .concat();
        let out = pidkit().args(&args).write_stdin(input).output().unwrap();
        let recs = check_records("dedupe", &args.join(" "), &out.stdout);
        assert!(
            recs.iter().any(|r| r["members"].is_array()),
            "{args:?}: a group"
        );
        assert!(
            recs.iter().any(|r| r["error"].is_object()),
            "{args:?}: an invalid line"
        );
    }
}

#[test]
fn extract_matches_its_schema() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/extract");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_some_and(|n| n != "expected.txt"))
        .collect();
    files.sort();
    files.push(PathBuf::from(ROOT).join("examples/paper.md"));
    files.push(PathBuf::from(ROOT).join("examples/references.txt"));
    let dir = tempfile::tempdir().unwrap();
    let handles = dir.path().join("handles.txt");
    std::fs::write(
        &handles,
        "See hdl:20.500.12345/abc, https://hdl.handle.net/10.1000/182 and info:hdl/1/x.\n",
    )
    .unwrap();
    files.push(handles);
    let triples = dir.path().join("data.nt");
    std::fs::write(
        &triples,
        "<http://example.org/s> <http://example.org/a b/428> <resource/9> .\n",
    )
    .unwrap();
    files.push(triples);
    let out = pidkit()
        .args(["extract", "--json"])
        .args(&files)
        .output()
        .unwrap();
    let recs = check_records("extract", "extract", &out.stdout);
    assert!(
        recs.iter().any(|r| r.get("truncated").is_some()),
        "a record with `truncated`"
    );
    assert!(
        recs.iter().any(|r| r["error"]["code"] == "invalid-char"),
        "a record with `error`"
    );
    assert!(
        recs.iter().any(|r| r["kind"] == "relative-ref"),
        "a relative reference"
    );
    for member in ["doi", "hdl", "urn", "ivo"] {
        assert!(
            recs.iter().any(|r| r.get(member).is_some()),
            "extract gave no {member} object"
        );
    }
}

#[test]
fn resolve_matches_its_schema() {
    let server = TestServer::start();
    let input = b"10.1000/182\n10/abc\n10.5555/missing\n10.5555/no-values\n10.5555/server-error\n\
10.5555/html\nivo://org.gavo.dc\nivo://org.gavo.dc/nothing\nhdl:20.500.12345/abc\n10.1000\nbad id\n\
https://example.org/\n10.1000/\xff\n";
    let out = pidkit()
        .args(["resolve", "--no-cache", "--json", "--retries", "0"])
        .args(["--resolver", &server.url()])
        .args(["--handle-resolver", &server.url()])
        .args(["--registry", &format!("{}/tap", server.url())])
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    let recs = check_records("resolve", "resolve", &out.stdout);
    assert_eq!(recs.len(), 13);
    let outcomes: BTreeSet<&str> = recs
        .iter()
        .map(|r| r["outcome"].as_str().unwrap())
        .collect();
    for o in ["resolved", "not-found", "invalid"] {
        assert!(outcomes.contains(o), "no {o} among {outcomes:?}");
    }
    assert_eq!(recs[12]["kind"], "unknown");
    assert_eq!(recs[12]["error"]["code"], "invalid-utf8");
}

#[test]
fn resolve_with_metadata_and_agency_matches_its_schema() {
    let server = TestServer::start();
    let input = "10.1038/nature12373\n10/abc\n10.5555/cn-204\n10.5555/cn-500\n\
10.5555/missing/1\n10.9999/x\n10.4441/x\nivo://org.gavo.dc\nnot a doi\n";
    for format in ["csl-json", "bibtex", "ris", "citeproc-style:apa"] {
        let out = pidkit()
            .args([
                "resolve",
                "--no-cache",
                "--json",
                "--retries",
                "0",
                "--agency",
            ])
            .args(["--metadata", format])
            .args(["--resolver", &server.url()])
            .args(["--registry", &format!("{}/tap", server.url())])
            .write_stdin(input)
            .output()
            .unwrap();
        let recs = check_records("resolve", format, &out.stdout);
        assert_eq!(recs.len(), 9);
        let outcomes: BTreeSet<&str> = recs
            .iter()
            .map(|r| r["metadata"]["outcome"].as_str().unwrap())
            .collect();
        for o in ["found", "no-metadata", "unknown", "skipped"] {
            assert!(outcomes.contains(o), "{format}: no {o} among {outcomes:?}");
        }
        let agencies: BTreeSet<&str> = recs
            .iter()
            .map(|r| r["agency"]["outcome"].as_str().unwrap())
            .collect();
        assert_eq!(agencies.len(), 4, "{agencies:?}");
    }
}

#[test]
fn the_schemas_are_strict_so_the_tests_above_can_fail() {
    // Records of the unversioned output, and a record with a member the schema does not know.
    let cases = [
        (
            "check",
            r#"{"line":1,"input":"x","kind":"iri","valid":true,"error":null,"warnings":[]}"#,
        ),
        (
            "check",
            r#"{"schema":1,"line":1,"input":"x","kind":"iri","valid":true,"error":null,"warnings":[],"extra":1}"#,
        ),
        (
            "check",
            r#"{"schema":1,"line":1,"input":"x","kind":"iri","valid":false,"error":{"code":"c","offset":0,"len":0,"message":"m"},"warnings":[]}"#,
        ),
        (
            "compare",
            r#"{"a":"x","b":"y","level":"scheme","equivalent":true,"rung":"scheme","rule":"r","a_normalized":"x","b_normalized":"x"}"#,
        ),
        (
            "dedupe",
            r#"{"schema":1,"key":"k","kind":"iri","rule":"r","members":["a","b"],"lines":[1,2]}"#,
        ),
        (
            "extract",
            r#"{"schema":1,"file":"f","line":1,"column":1,"kind":"doi","match":"10.1/x","doi":"10.1/x"}"#,
        ),
        (
            "normalize",
            r#"{"schema":1,"line":1,"input":"x y","kind":"iri","valid":false,"error":{"code":"invalid-char","offset":1,"len":1,"message":"m","hint":null},"warnings":[]}"#,
        ),
        (
            "parse",
            r#"{"schema":1,"line":1,"input":"10.1/x","kind":"doi","valid":true,"error":null,"warnings":[]}"#,
        ),
        (
            "check",
            r#"{"schema":2,"line":1,"input":"x","kind":"iri","valid":true,"error":null,"warnings":[]}"#,
        ),
        (
            "check",
            r#"{"schema":1,"line":1,"input":"","blank":true,"kind":"iri"}"#,
        ),
        ("key", r#"{"schema":1,"line":1,"input":"","blank":true}"#),
        (
            "normalize",
            r#"{"schema":1,"line":1,"input":"","blank":true,"normalized":"x"}"#,
        ),
    ];
    for (command, record) in cases {
        let value: Value = serde_json::from_str(record).unwrap();
        assert!(
            !validator(command).is_valid(&value),
            "{command}.json accepts {record}"
        );
    }
}

/// Every property a schema file names, with the file it is in.
fn properties(v: &Value, file: &str, out: &mut BTreeMap<String, String>) {
    match v {
        Value::Object(m) => {
            if let Some(Value::Object(props)) = m.get("properties") {
                for name in props.keys() {
                    out.entry(name.clone()).or_insert_with(|| file.to_owned());
                }
            }
            for (_, x) in m {
                properties(x, file, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| properties(x, file, out)),
        _ => {}
    }
}

fn output_md() -> String {
    std::fs::read_to_string(PathBuf::from(ROOT).join("docs/output.md")).unwrap()
}

#[test]
fn the_document_names_every_field_of_the_schema_files() {
    let doc = output_md();
    let mut names = BTreeMap::new();
    for entry in std::fs::read_dir(schema_dir()).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        properties(&load(&file), &file, &mut names);
        assert!(
            file == "common.json" || doc.contains(&format!("(schema/{file})")),
            "docs/output.md does not link {file}"
        );
    }
    let missing: Vec<String> = names
        .iter()
        .filter(|(name, _)| !doc.contains(&format!("`{name}`")))
        .map(|(name, file)| format!("{name} ({file})"))
        .collect();
    assert!(missing.is_empty(), "not in docs/output.md: {missing:?}");
}

#[test]
fn the_tsv_headers_are_the_documented_ones() {
    let doc = output_md();
    let runs: [&[&str]; 11] = [
        &["check"],
        &["parse"],
        &["normalize"],
        &["key"],
        &["to-uri"],
        &["to-iri"],
        &["join", "http://a/"],
        &["dedupe", "--no-summary"],
        &["extract", "--no-summary"],
        &["compare", "a", "b"],
        &["compare", "a", "b c"],
    ];
    for args in runs {
        let out = pidkit()
            .args(args)
            .arg("--tsv")
            .write_stdin("http://a/\nb c\n")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let mut rows = text.lines();
        let header = rows.next().unwrap_or_else(|| panic!("{args:?}: no header"));
        let width = header.split('\t').count();
        assert!(
            doc.contains(&format!("`{}`", header.replace('\t', " "))),
            "{args:?}: docs/output.md does not list the header {header:?}"
        );
        for row in rows {
            assert_eq!(row.split('\t').count(), width, "{args:?}: {row:?}");
        }
    }
}

#[test]
fn the_documents_json_examples_validate() {
    let doc = output_md();
    let mut checked = 0;
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(command) = line
            .strip_prefix("<!-- schema: ")
            .and_then(|l| l.strip_suffix(" -->"))
        else {
            continue;
        };
        assert_eq!(
            lines.next(),
            Some("```json"),
            "a ```json block after {line}"
        );
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        check_records(command, line, block.join("\n").as_bytes());
        checked += 1;
    }
    assert!(checked >= 2, "the static examples of docs/output.md");
}

/// Tables and RDF files (`--format`): every record of every command — cells, blank cells, a
/// missing column, bytes that are not UTF-8, IRIs of each term, a syntax error, a relative IRI —
/// matches its schema, with `row`, `column` and `term`; the TSV headers are the documented ones.
#[test]
fn table_and_rdf_records_match_their_schemas() {
    let csv =
        &b"id,doi\n1,10.1000/a\n2,\n3\n4,\"x y\"\n5,http://\xff/\n6,https://doi.org/10.1000/A\n"[..];
    let nt = &b"<http://a/s> <http://a/p> <x y> .\n<s> <p> .\n_:b <http://a/p> \"1\"^^<http://a/t> .\n<http://a/s> <http://a/p> <http://a/o> <http://a/g> .\n<rel> <http://a/p> <http://a/o> .\n"[..];
    let runs: [(&[&str], &[u8]); 4] = [
        (&["--format", "csv", "--column", "doi"], csv),
        (&["--format", "csv", "--no-header", "--column", "2"], csv),
        (&["--format", "ntriples"], nt),
        (&["--format", "nquads"], nt),
    ];
    let mut all = Vec::new();
    for command in [
        "check",
        "parse",
        "normalize",
        "to-uri",
        "to-iri",
        "key",
        "dedupe",
    ] {
        for (args, input) in runs {
            let mut a = vec![command, "--json", "--no-summary"];
            a.extend(args);
            if command == "dedupe" {
                a.push("--all");
            }
            let out = pidkit()
                .args(&a)
                .write_stdin(input.to_vec())
                .output()
                .unwrap();
            assert!(out.status.code().is_some_and(|c| c <= 1), "{a:?}: {out:?}");
            all.extend(check_records(command, &a.join(" "), &out.stdout));
        }
    }
    let has = |f: &dyn Fn(&Value) -> bool| all.iter().any(f);
    assert!(has(&|r| r["row"].is_u64() && r["column"] == "doi"));
    assert!(has(&|r| r["column"] == 2 && r["blank"] == true));
    assert!(has(&|r| r["error"]["code"] == "missing-column"));
    assert!(has(
        &|r| r["error"]["code"] == "invalid-utf8" && r["row"] == 5
    ));
    assert!(has(
        &|r| r["error"]["code"] == "rdf-syntax" && r.get("term").is_none()
    ));
    assert!(has(&|r| r["error"]["code"] == "rdf-relative-iri"));
    for term in ["subject", "predicate", "object", "graph", "datatype"] {
        assert!(has(&|r| r["term"] == term), "no {term}");
    }
    assert!(has(&|r| r["members"][0]["row"].is_u64()));
    assert!(has(&|r| r["members"][0]["term"].is_string()));
    // The TSV headers with --format are the documented ones.
    let doc = output_md();
    for (args, input) in runs {
        let out = pidkit()
            .args(["check", "--tsv", "--no-summary"])
            .args(args)
            .write_stdin(input.to_vec())
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let header = text.lines().next().unwrap();
        assert!(
            doc.contains(&format!("`{}`", header.replace('\t', " "))),
            "{args:?}: docs/output.md does not list the header {header:?}"
        );
        let width = header.split('\t').count();
        for row in text.lines() {
            assert_eq!(row.split('\t').count(), width, "{args:?}: {row:?}");
        }
    }
}

/// `value` without the object members that hold nothing (`null`, `[]`), at every depth: what
/// `--compact` promises (docs/output.md, "Compact records").
fn without_empty_members(value: &Value) -> Value {
    match value {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(_, v)| !v.is_null() && v.as_array().is_none_or(|a| !a.is_empty()))
                .map(|(k, v)| (k.clone(), without_empty_members(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_empty_members).collect()),
        v => v.clone(),
    }
}

#[test]
fn compact_records_are_the_full_ones_without_their_empty_members() {
    let table = b"id,ref\n1,10.1000/182\n2,doi:10.1000\n3\n4,http://a/%c3%a9\n".to_vec();
    let rdf =
        b"<http://a/s> <http://a/p> <rel> .\n<http://a/%c3%a9> <http://a/p> \"x\" .\nnot rdf\n"
            .to_vec();
    let text = b"See doi:10.1000/182 and https://example.org/a?b and arXiv:2101.00001.\n".to_vec();
    let runs: Vec<(Vec<&str>, Vec<u8>)> = vec![
        (vec!["check", "--json"], LINES.to_vec()),
        (vec!["check", "--json", "--keep-blank"], LINES.to_vec()),
        (
            vec!["check", "--json", "--clean", "--as", "leiri"],
            LINES.to_vec(),
        ),
        (vec!["parse", "--json"], LINES.to_vec()),
        (vec!["normalize", "--json"], LINES.to_vec()),
        (vec!["key", "--json", "--level", "syntax"], LINES.to_vec()),
        (vec!["to-uri", "--json"], LINES.to_vec()),
        (vec!["to-iri", "--json"], LINES.to_vec()),
        (vec!["join", "--json", "http://a/b/c/d;p?q"], LINES.to_vec()),
        (vec!["dedupe", "--json", "--all"], LINES.to_vec()),
        (
            vec!["compare", "--json", "10.1000/ABC", "doi:10.1000/abc"],
            vec![],
        ),
        (
            vec!["compare", "--json", "10.1000/ABC", "doi:10.1000"],
            vec![],
        ),
        (vec!["extract", "--json"], text),
        (vec!["resolve", "--json", "--offline"], LINES.to_vec()),
        (
            vec!["check", "--json", "--format", "csv", "--column", "ref"],
            table.clone(),
        ),
        (
            vec!["key", "--json", "--format", "csv", "--column", "ref"],
            table,
        ),
        (vec!["normalize", "--json", "--format", "ntriples"], rdf),
    ];
    let mut left_out = 0;
    for (args, stdin) in runs {
        let full = pidkit()
            .args(&args)
            .write_stdin(stdin.clone())
            .output()
            .unwrap();
        let compact = pidkit()
            .args(&args)
            .arg("--compact")
            .write_stdin(stdin)
            .output()
            .unwrap();
        assert_eq!(full.status.code(), compact.status.code(), "{args:?}");
        let (full, compact) = (
            String::from_utf8(full.stdout).unwrap(),
            String::from_utf8(compact.stdout).unwrap(),
        );
        assert!(!full.is_empty(), "{args:?}: no records");
        assert_eq!(full.lines().count(), compact.lines().count(), "{args:?}");
        for (f, c) in full.lines().zip(compact.lines()) {
            let f: Value = serde_json::from_str(f).unwrap();
            let c: Value = serde_json::from_str(c).unwrap();
            assert_eq!(without_empty_members(&f), c, "{args:?}");
            left_out += usize::from(f != c);
        }
    }
    assert!(left_out > 50, "only {left_out} records were compacted");
    // Only with --json.
    let out = pidkit()
        .args(["check", "--compact", "10.1000/182"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
