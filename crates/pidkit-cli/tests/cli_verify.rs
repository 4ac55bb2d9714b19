//! `pidkit verify` end to end against the test server (issue 30 item 4): the worked example of
//! docs/metadata.md (its ```text block is what the command prints; `PIDKIT_BLESS=1` writes it),
//! every input format, the statuses and exit codes, the JSON schema, hostile files.

use assert_cmd::Command;
use pidkit_resolve::testserver::TestServer;
use predicates::prelude::*;
use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn pidkit(server: &TestServer) -> Command {
    let mut cmd = Command::cargo_bin("pidkit").unwrap();
    cmd.current_dir(ROOT)
        .env("NO_COLOR", "1")
        .env_remove("PIDKIT_RESOLVER")
        .env_remove("PIDKIT_MAILTO")
        .env_remove("PIDKIT_CACHE_DIR")
        .args(["verify", "--no-cache", "--resolver"])
        .arg(server.url())
        .args(["--timeout", "2", "--retries", "1"]);
    cmd
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The summary's time varies: `in 0.01 s` → `in ? s`.
fn mask(s: &str) -> String {
    s.lines()
        .map(
            |l| match (l.starts_with("pidkit: "), l.find(" in "), l.find(" s: ")) {
                (true, Some(a), Some(b)) if a < b => format!("{} in ? s{}\n", &l[..a], &l[b + 2..]),
                _ => format!("{l}\n"),
            },
        )
        .collect()
}

/// The worked example of docs/metadata.md: the command after the marker, and the output the
/// block shows.
fn worked_example(doc: &str) -> (String, String) {
    let at = doc
        .find("<!-- verify-example -->")
        .expect("the marker in docs/metadata.md");
    let block = &doc[at..];
    let start = block.find("```text\n").unwrap() + "```text\n".len();
    let end = block[start..].find("```").unwrap();
    let text = &block[start..start + end];
    let (command, output) = text.split_once('\n').unwrap();
    (command.to_owned(), output.to_owned())
}

#[test]
fn the_worked_example_of_the_docs_is_what_verify_prints() {
    let server = TestServer::start();
    let path = format!("{ROOT}/docs/metadata.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (command, shown) = worked_example(&doc);
    assert_eq!(
        command,
        "$ pidkit verify --no-cache --resolver http://127.0.0.1:PORT examples/refs.bib"
    );
    let out = pidkit(&server)
        .arg("examples/refs.bib")
        .assert()
        .code(1)
        .get_output()
        .clone();
    let mut printed = String::from_utf8(out.stdout).unwrap();
    printed.push_str(&String::from_utf8(out.stderr).unwrap());
    if std::env::var_os("PIDKIT_BLESS").is_some() && mask(&printed) != mask(&shown) {
        let old = format!("{command}\n{shown}");
        let new = format!("{command}\n{printed}");
        std::fs::write(&path, doc.replacen(&old, &new, 1)).unwrap();
        return;
    }
    assert_eq!(
        mask(&printed),
        mask(&shown),
        "docs/metadata.md's worked example is stale"
    );
    // Every seeded mistake is reported: the wrong year, the wrong DOI, the DOI never
    // registered; the title that differs only by case, punctuation and LaTeX matches.
    for says in [
        "muller2019: match",
        "smith2020: mismatch",
        "  year: reference \"2021\", DOI record \"2020\"",
        "oneil2018: mismatch",
        "  title: reference \"The {B}-Tree: Past, Present \\& Future\", DOI record \"Graphene Membranes for Desalination at Scale\"",
        "ghost2018: unresolved",
        "nometa: no-metadata",
        "knuth1984: no-doi",
    ] {
        assert!(printed.contains(says), "{says:?} not in:\n{printed}");
    }
}

#[test]
fn json_records_carry_both_values_of_each_difference() {
    let server = TestServer::start();
    let out = pidkit(&server)
        .args(["--json", "examples/refs.bib"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    let status: Vec<&str> = recs.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(
        status,
        [
            "match",
            "mismatch",
            "mismatch",
            "match",
            "match",
            "unresolved",
            "no-metadata",
            "no-doi"
        ]
    );
    assert_eq!(recs[0]["title_similarity"], 1.0);
    assert_eq!(
        recs[0]["record"]["container"],
        "The Journal of Chemical Physics"
    );
    let fields: Vec<&str> = recs[2]["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["title", "author", "year", "container"]);
    assert_eq!(recs[2]["differences"][1]["reference"], "O'Neil");
    assert_eq!(recs[2]["differences"][1]["record"], "Smith");
    assert_eq!(recs[5]["line"], 46);
}

#[test]
fn csl_json_ris_and_markdown_references() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let csl = dir.path().join("refs.json");
    std::fs::write(
        &csl,
        r#"[
  {"id": "a", "DOI": "10.5555/tlex.2019.001", "title": "Tautomeric equilibria of DNA bases in über-dense solvents. A review", "author": [{"family": "Müller", "given": "A."}], "issued": {"date-parts": [[2019]]}, "container-title": "J Chem Phys"},
  {"id": "b", "DOI": "10.5555/tlex.2020.014", "title": "Graphene membranes for desalination at scale", "author": [{"family": "Smith"}], "issued": {"date-parts": [[2020]]}, "container-title": "Nature"}
]"#,
    )
    .unwrap();
    let ris = dir.path().join("refs.ris");
    std::fs::write(
        &ris,
        "TY  - JOUR\r\nID  - k\r\nTI  - Nanometre-scale thermometry in a living cell\r\nAU  - Kucsko, G.\r\nPY  - 2013\r\nJO  - Nature\r\nDO  - 10.1038/nature12373\r\nER  - \r\nTY  - JOUR\r\nTI  - Nanometre-scale thermometry in a living cell\r\nAU  - Kucsko, G.\r\nPY  - 2015\r\nDO  - 10.1038/nature12373\r\nER  - \r\n",
    )
    .unwrap();
    let md = dir.path().join("paper.md");
    std::fs::write(
        &md,
        "# References\n\n1. Müller, A., Ng, B. (2019). Tautomeric equilibria of DNA bases in\n   Über-dense solvents: a review. J. Chem. Phys. https://doi.org/10.5555/tlex.2019.001\n2. Smith, J. (2021). Graphene membranes for desalination at scale.\n   doi:10.5555/tlex.2020.014\n3. O'Neil, P. (2018). The B-tree: past, present and future. 10.5555/tlex.2020.014\n",
    )
    .unwrap();
    let out = pidkit(&server)
        .arg("--json")
        .args([&csl, &ris, &md])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    let got: Vec<(&str, &str, Vec<&str>)> = recs
        .iter()
        .map(|r| {
            (
                r["format"].as_str().unwrap(),
                r["status"].as_str().unwrap(),
                r["differences"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d["field"].as_str().unwrap())
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("csl-json", "match", vec![]),
            ("csl-json", "mismatch", vec!["container"]),
            ("ris", "match", vec![]),
            ("ris", "mismatch", vec!["year"]),
            ("text", "match", vec![]),
            ("text", "mismatch", vec!["year"]),
            ("text", "mismatch", vec!["title", "author", "year"]),
        ]
    );
    assert_eq!(recs[4]["line"], 4);
    assert_eq!(recs[2]["key"], "k");
}

#[test]
fn the_threshold_decides_title_matches() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let bib = dir.path().join("near.bib");
    std::fs::write(
        &bib,
        "@article{n, title = {Graphene membranes for the desalination at scale}, doi = {10.5555/tlex.2020.014}}\n",
    )
    .unwrap();
    pidkit(&server)
        .arg(&bib)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("n: match"));
    pidkit(&server)
        .args(["--threshold", "0.95"])
        .arg(&bib)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("(similarity 0.92)"));
    pidkit(&server)
        .args(["--threshold", "1.5"])
        .arg(&bib)
        .assert()
        .code(2);
}

#[test]
fn a_year_with_its_letter_and_a_braced_doi_match() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let bib = dir.path().join("y.bib");
    std::fs::write(
        &bib,
        "@article{y, title = {Graphene membranes for desalination at scale}, year = {2020a},\n  doi = {10.5555/{tlex}.2020.014}}\n",
    )
    .unwrap();
    let out = pidkit(&server)
        .args(["--json"])
        .arg(&bib)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "match", "{}", recs[0]);
    assert_eq!(recs[0]["doi"], "10.5555/tlex.2020.014");
    assert_eq!(recs[0]["checked"], serde_json::json!(["title", "year"]));
}

#[test]
fn unknown_answers_unreadable_entries_and_hostile_files() {
    let server = TestServer::start();
    let dir = tempfile::tempdir().unwrap();
    let bib = dir.path().join("odd.bib");
    std::fs::write(
        &bib,
        "@article{other, title = {X}, doi = {10.5555/cn-other-doi}}\n@article{broken, title = {unclosed\n@article{bad, doi = {10.5555}}\n",
    )
    .unwrap();
    let out = pidkit(&server)
        .arg("--json")
        .arg(&bib)
        .assert()
        .code(3)
        .get_output()
        .stdout
        .clone();
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[0]["status"], "unknown");
    assert!(
        recs[0]["reason"]
            .as_str()
            .unwrap()
            .contains("is for the DOI")
    );
    assert_eq!(recs[1]["status"], "unreadable");
    assert_eq!(recs[1]["line"], 2);
    assert_eq!(recs[2]["status"], "unresolved");
    assert!(
        recs[2]["reason"]
            .as_str()
            .unwrap()
            .starts_with("not a valid DOI")
    );
    // A million nested braces: read in linear time, one reference.
    let deep = dir.path().join("deep.bib");
    std::fs::write(
        &deep,
        format!(
            "@article{{d, title = {}x{}, doi = {{10.5555/tlex.2019.001}}}}\n",
            "{".repeat(1_000_000),
            "}".repeat(1_000_000)
        ),
    )
    .unwrap();
    pidkit(&server)
        .arg(&deep)
        .assert()
        .stdout(predicate::str::contains("d: mismatch"));
    // Not a file, not JSON: exit 2 with the file named, before any request.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{").unwrap();
    let before = server.requests().len();
    pidkit(&server)
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad.json: not CSL-JSON"));
    // Larger than 64 MiB (a sparse file: no disk used): refused, naming the file.
    let big = dir.path().join("big.bib");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    pidkit(&server)
        .arg(&big)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("big.bib is larger than 64 MiB"));
    pidkit(&server)
        .arg("no/such/file.bib")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no/such/file.bib"));
    assert_eq!(server.requests().len(), before);
}

#[test]
fn verify_matches_its_schema() {
    let server = TestServer::start();
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/docs/schema/verify.json")).unwrap(),
    )
    .unwrap();
    let out = pidkit(&server)
        .args(["--json", "examples/refs.bib"])
        .output()
        .unwrap();
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_retriever(Common)
        .build(&schema)
        .unwrap();
    for r in json_lines(&out.stdout) {
        let errors: Vec<String> = validator.iter_errors(&r).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}\n{r}");
    }
}

/// Hands the validator docs/schema/common.json.
struct Common;

impl jsonschema::Retrieve for Common {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri.path().as_str().trim_start_matches('/');
        if name != "common.json" {
            return Err(format!("not a schema file: {uri}").into());
        }
        Ok(serde_json::from_str(&std::fs::read_to_string(format!(
            "{ROOT}/docs/schema/common.json"
        ))?)?)
    }
}
