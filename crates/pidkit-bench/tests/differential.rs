//! Differential testing against the peers (issue 11): validity of IRI and URI references and
//! RFC 3986 §5.2 reference resolution, pidkit against oxiri, iri-string and fluent-uri, over the
//! shared corpora plus deterministic, seeded mutations of them.
//!
//! Every disagreement must be one of the deliberate differences listed in [`DELIBERATE`], each
//! with the sentence of the spec that decides it; any other fails the test with the inputs.
//! The peers implement RFC 3987 (oxiri, iri-string, fluent-uri) and RFC 3986 (iri-string,
//! fluent-uri), so pidkit is compared under `Profile::Rfc3987` and `Profile::Rfc3986Uri`.
//!
//! CI runs a bounded sample (a few seconds): each corpus file's first lines and 4,000 mutants.
//! `PIDKIT_DIFFERENTIAL=long` (or a number of mutants, e.g. `PIDKIT_DIFFERENTIAL=2000000`) runs
//! whole corpora and that many mutants; `PIDKIT_DIFFERENTIAL_SEED` picks another seed.
//!
//! ```sh
//! cargo test -p pidkit-bench --test differential -- --nocapture                 # CI sample
//! PIDKIT_DIFFERENTIAL=long cargo test --release -p pidkit-bench --test differential -- --nocapture
//! ```

use std::collections::{BTreeMap, BTreeSet};

use iri_string::format::ToDedicatedString;
use pidkit::{Iri, IriRef, Profile};
use pidkit_bench::conformance_dir;

// ---- the deliberate differences ----

/// Which comparison a disagreement comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Check {
    /// `IRI-reference` validity (RFC 3987 §2.2).
    IriValidity,
    /// `URI-reference` validity (RFC 3986 §4.1).
    UriValidity,
    /// Strict resolution (RFC 3986 §5.2).
    Resolution,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Peer {
    Oxiri,
    IriString,
    FluentUri,
}

/// One disagreement: the input(s), what pidkit says, what the peer says.
#[derive(Debug, Clone)]
struct Case {
    check: Check,
    peer: Peer,
    /// The reference (validity) or `base`, `reference` (resolution).
    input: Vec<String>,
    ours: Option<String>,
    theirs: Option<String>,
}

impl Case {
    fn input(&self) -> &str {
        self.input.last().map_or("", String::as_str)
    }
    fn base(&self) -> &str {
        self.input.first().map_or("", String::as_str)
    }
}

/// A reasoned difference: which cases it covers, and the sentence that decides them.
struct Deliberate {
    id: &'static str,
    applies: fn(&Case) -> bool,
    spec: &'static str,
}

fn has_bidi_format(s: &str) -> bool {
    s.chars()
        .any(|c| matches!(c as u32, 0x200E | 0x200F | 0x202A..=0x202E))
}

/// A dot segment, literal or percent-encoded: `.`, `..`, `%2E`, `.%2E`, `%2E.`, `%2E%2E`.
fn dot_segment(seg: &str, encoded: bool) -> bool {
    let s = seg.to_ascii_lowercase();
    let plain = s == "." || s == "..";
    let pct = matches!(s.as_str(), "%2e" | ".%2e" | "%2e." | "%2e%2e");
    if encoded { pct } else { plain }
}

/// Whether the path of `s` (parsed as an IRI reference) has a dot segment of that kind.
fn path_has_dots(s: &str, encoded: bool) -> bool {
    IriRef::parse(s).is_ok_and(|r| r.path().split('/').any(|seg| dot_segment(seg, encoded)))
}

/// The deliberate differences, each with the spec sentence that decides it. docs/conformance.md's
/// conformance sections list the same ones for the fixed test sets.
const DELIBERATE: &[Deliberate] = &[
    Deliberate {
        id: "bidi-format-chars",
        applies: |c| {
            c.check == Check::IriValidity && c.ours.is_none() && has_bidi_format(c.input())
        },
        spec: "RFC 3987 §4.1: \"IRIs MUST NOT contain bidirectional formatting characters (LRM, \
               RLM, LRE, RLE, LRO, RLO, and PDF).\" The peers accept them; pidkit rejects them.",
    },
    Deliberate {
        id: "percent-encoded-dot-segments",
        applies: |c| {
            c.check == Check::Resolution
                && (path_has_dots(c.base(), true) || path_has_dots(c.input(), true))
        },
        spec: "RFC 3986 §2.3: percent-encoded periods \"should be decoded to their corresponding \
               unreserved characters by URI normalizers\", and URIs that differ only there are \
               equivalent: pidkit reads `%2E` as `.` in dot segments (as iri-string does); oxiri \
               and fluent-uri keep `.%2E` as a plain segment.",
    },
    Deliberate {
        id: "base-path-used-as-written",
        applies: |c| c.check == Check::Resolution && path_has_dots(c.base(), false),
        spec: "RFC 3986 §5.2.2: for an empty reference path \"T.path = Base.path\", and §5.2.3: \
               merge returns \"the reference's path component appended to all but the last \
               segment of the base URI's path\" before §5.2.4 removes dot segments: the base \
               path is used as written (`foo:/bar/..` + `.` is `foo:/bar/`). oxiri and \
               fluent-uri remove the base's dot segments first.",
    },
    Deliberate {
        id: "no-authority-double-slash",
        applies: |c| {
            c.check == Check::Resolution
                && c.theirs.is_none()
                && c.ours
                    .as_deref()
                    .and_then(|t| Iri::parse(t).ok())
                    .is_some_and(|t| t.authority().is_none() && t.path().starts_with("/.//"))
        },
        spec: "RFC 3986 §3.3: \"If a URI does not contain an authority component, then the path \
               cannot begin with two slash characters (\"//\")\": where §5.2 would build one, \
               pidkit writes the path `/.//…`, which remove_dot_segments (§5.2.4) maps to the \
               same path, as the WHATWG URL Standard, iri-string and fluent-uri do; oxiri \
               refuses to resolve.",
    },
    Deliberate {
        id: "fluent-rootless-reference-path",
        applies: |c| {
            c.check == Check::Resolution
                && c.peer == Peer::FluentUri
                && IriRef::parse(c.input()).is_ok_and(|r| {
                    r.scheme().is_some()
                        && r.authority().is_none()
                        && !r.path().starts_with('/')
                        && r.path().split('/').any(|seg| dot_segment(seg, false))
                })
        },
        spec: "RFC 3986 §5.2.2: \"if defined(R.scheme) then ... T.path = \
               remove_dot_segments(R.path)\", for a rootless path too (`foo:bar/../ba` is \
               `foo:/ba`); fluent-uri leaves a rootless reference path as it is.",
    },
    Deliberate {
        id: "fluent-base-with-fragment",
        applies: |c| {
            c.check == Check::Resolution
                && c.peer == Peer::FluentUri
                && c.theirs.is_none()
                && c.base().contains('#')
        },
        spec: "RFC 3986 §5.1: a base URI \"must be converted to absolute form and stripped of any \
               fragment component prior to its use as a base URI\"; §5.2.1 then resolves. \
               fluent-uri refuses such a base (BaseWithFragment); pidkit strips the fragment.",
    },
    Deliberate {
        id: "fluent-opaque-base",
        applies: |c| {
            c.check == Check::Resolution
                && c.peer == Peer::FluentUri
                && c.theirs.is_none()
                && pidkit::Iri::parse(c.base())
                    .is_ok_and(|b| b.authority().is_none() && !b.path().starts_with('/'))
        },
        spec: "RFC 3986 §5.2.2 resolves any reference against any base: \"T.path = \
               merge(Base.path, R.path)\" has no exception for a rootless base path. fluent-uri \
               refuses a relative reference against one (InvalidReferenceAgainstOpaqueBase).",
    },
];

// ---- inputs ----

/// The sample size: `None` for CI's bounded sample, `Some(mutants)` for a long run.
fn long_run() -> Option<usize> {
    match std::env::var("PIDKIT_DIFFERENTIAL").ok()?.as_str() {
        "long" => Some(1_000_000),
        n => n.parse().ok(),
    }
}

/// Lines per corpus file in the CI sample.
const SAMPLE_LINES: usize = 400;
const SAMPLE_MUTANTS: usize = 4_000;

fn collect_strings(v: &serde_json::Value, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::String(s) => {
            out.insert(s.clone());
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_strings(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| collect_strings(x, out)),
        _ => {}
    }
}

fn collect_pairs(v: &serde_json::Value, out: &mut BTreeSet<(String, String)>) {
    match v {
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_pairs(x, out)),
        serde_json::Value::Object(m) => {
            let base = m.get("base").and_then(|b| b.as_str());
            for key in ["ref", "relative", "reference", "input"] {
                if let (Some(b), Some(r)) = (base, m.get(key).and_then(|r| r.as_str())) {
                    out.insert((b.to_owned(), r.to_owned()));
                }
            }
            m.values().for_each(|x| collect_pairs(x, out));
        }
        _ => {}
    }
}

/// `\uD800`–`\uDFFF` escapes removed: serde_json refuses lone surrogates (a few
/// JavaScript-only cases of wpt-url and cweb-url-testing).
fn without_surrogate_escapes(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut last) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        // An escape: `\uD8xx`–`\uDFxx` is dropped, any other is kept whole (so that an escaped
        // backslash never starts another escape).
        let surrogate = b.get(i + 1) == Some(&b'u')
            && b.get(i + 2).is_some_and(|c| c.eq_ignore_ascii_case(&b'd'))
            && b.get(i + 3)
                .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'8'..=b'9' | b'a'..=b'f'))
            && b.len() >= i + 6;
        if surrogate {
            out.push_str(&text[last..i]);
            last = i + 6;
            i += 6;
        } else {
            i += 2;
        }
    }
    out.push_str(&text[last.min(text.len())..]);
    out
}

struct Inputs {
    references: Vec<String>,
    pairs: Vec<(String, String)>,
}

fn inputs(lines_per_file: usize) -> Option<Inputs> {
    let dir = conformance_dir()?;
    let mut refs = BTreeSet::new();
    let mut pairs = BTreeSet::new();
    let json_sets = [
        "oxiri/validity.json",
        "oxiri/resolution.json",
        "iri-string/validity.json",
        "iri-string/resolution.json",
        "iri-string/components-normalization.json",
        "fluent-uri/parse.json",
        "fluent-uri/resolve.json",
        "fluent-uri/normalize.json",
        "jena-iri/iri-properties.json",
        "jena-iri/resolve.json",
        "rfc3986/parse-examples.json",
        "rfc3986/resolution-examples.json",
        "rfc3986/normalization-examples.json",
        "rfc3987/comparison-examples.json",
        "rfc3987/iri-to-uri-examples.json",
        "w3c-rdf-tests/iri-resolution.json",
        "w3c-rdf-tests/bad-iri-syntax-tests.json",
        "cweb-url-testing/urls.json",
        "wpt-url/urltestdata.json",
    ];
    for rel in json_sets {
        let Ok(text) = std::fs::read_to_string(dir.join(rel)) else {
            continue;
        };
        let v: serde_json::Value = serde_json::from_str(&without_surrogate_escapes(&text))
            .unwrap_or_else(|e| panic!("{rel}: {e}"));
        collect_strings(&v, &mut refs);
        collect_pairs(&v, &mut pairs);
    }
    let line_sets = [
        "i18n-iri-index/non-ascii-iris.tsv",
        "url-various-datasets/files/node_files.txt",
        "url-various-datasets/files/isaacs_files.txt",
        "url-various-datasets/others/kasztp.txt",
        "url-various-datasets/others/userbait.txt",
    ];
    for rel in line_sets {
        let Ok(text) = std::fs::read_to_string(dir.join(rel)) else {
            continue;
        };
        for line in text.lines().take(lines_per_file) {
            for field in line.split('\t') {
                refs.insert(field.to_owned());
            }
        }
    }
    for (b, r) in pidkit_bench::cc_pairs()
        .into_iter()
        .take(lines_per_file.saturating_mul(5))
    {
        refs.insert(b.clone());
        refs.insert(r.clone());
        pairs.insert((b, r));
    }
    Some(Inputs {
        references: refs.into_iter().collect(),
        pairs: pairs.into_iter().collect(),
    })
}

// ---- deterministic mutations ----

/// SplitMix64: a small, well-known generator, enough for reproducible mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces the mutator inserts: the grammar's delimiters and the characters its rules single out.
const PIECES: &[&str] = &[
    ":",
    "/",
    "//",
    "?",
    "#",
    "[",
    "]",
    "@",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "%",
    "%2",
    "%zz",
    "%2F",
    "%2E",
    "%C3%A9",
    "%FF",
    "-",
    ".",
    "..",
    "./",
    "../",
    "_",
    "~",
    " ",
    "\\",
    "<",
    ">",
    "\"",
    "{",
    "}",
    "|",
    "^",
    "`",
    "\u{7F}",
    "\t",
    "\n",
    "a",
    "Z",
    "0",
    "9",
    ":80",
    ":x",
    "[::1]",
    "[v1.x]",
    "[::ffff:1.2.3.4]",
    "1.2.3.4",
    "http:",
    "x:",
    "é",
    "\u{A0}",
    "\u{200E}",
    "\u{202E}",
    "\u{2067}",
    "\u{E000}",
    "\u{F8FF}",
    "\u{FDD0}",
    "\u{FFFD}",
    "\u{FFFF}",
    "\u{E0041}",
    "\u{F0000}",
    "\u{10FFFD}",
    "\u{1F600}",
    "\u{3000}",
    "ａ",
    "xn--",
];

fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(rng: &mut Rng, pool: &[String]) -> String {
    let mut s = pool[rng.below(pool.len())].clone();
    for _ in 0..1 + rng.below(3) {
        let i = floor(&s, rng.below(s.len() + 1));
        let j = floor(&s, i + rng.below(8));
        match rng.below(5) {
            0 => s.insert_str(i, PIECES[rng.below(PIECES.len())]),
            1 => s.replace_range(i..j, ""),
            2 => s.replace_range(i..j, PIECES[rng.below(PIECES.len())]),
            3 => {
                let piece = s[i..j].to_owned();
                s.insert_str(j, &piece);
            }
            _ => {
                let other = &pool[rng.below(pool.len())];
                let k = floor(other, rng.below(other.len() + 1));
                s.replace_range(i.., &other[k..]);
            }
        }
    }
    s
}

// ---- the peers ----

fn peer_valid_iri(peer: Peer, s: &str) -> bool {
    match peer {
        Peer::Oxiri => oxiri::IriRef::parse(s).is_ok(),
        Peer::IriString => iri_string::types::IriReferenceStr::new(s).is_ok(),
        Peer::FluentUri => fluent_uri::IriRef::parse(s).is_ok(),
    }
}

fn peer_valid_uri(peer: Peer, s: &str) -> Option<bool> {
    match peer {
        Peer::Oxiri => None, // IRIs only
        Peer::IriString => Some(iri_string::types::UriReferenceStr::new(s).is_ok()),
        Peer::FluentUri => Some(fluent_uri::UriRef::parse(s).is_ok()),
    }
}

/// The peer's strict resolution, when it parses both and resolves.
fn peer_resolve(peer: Peer, b: &str, r: &str) -> Option<Option<String>> {
    match peer {
        Peer::Oxiri => {
            let (base, r) = (oxiri::Iri::parse(b).ok()?, oxiri::IriRef::parse(r).ok()?);
            Some(base.resolve(&r).ok().map(|t| t.into_inner()))
        }
        Peer::IriString => {
            let base = iri_string::types::IriStr::new(b).ok()?;
            let r = iri_string::types::IriReferenceStr::new(r).ok()?;
            Some(Some(
                r.resolve_against(base.to_absolute())
                    .to_dedicated_string()
                    .to_string(),
            ))
        }
        Peer::FluentUri => {
            let (base, r) = (
                fluent_uri::Iri::parse(b).ok()?,
                fluent_uri::IriRef::parse(r).ok()?,
            );
            Some(r.resolve_against(&base).ok().map(|t| t.into_string()))
        }
    }
}

const PEERS: [Peer; 3] = [Peer::Oxiri, Peer::IriString, Peer::FluentUri];

// ---- the run ----

#[derive(Default)]
struct Report {
    compared: BTreeMap<(Check, Peer), usize>,
    deliberate: BTreeMap<&'static str, BTreeMap<Peer, usize>>,
    examples: BTreeMap<&'static str, Case>,
    unexplained: Vec<Case>,
}

impl Report {
    fn compare(&mut self, case: Case) {
        *self.compared.entry((case.check, case.peer)).or_default() += 1;
        if case.ours == case.theirs {
            return;
        }
        match DELIBERATE.iter().find(|d| (d.applies)(&case)) {
            Some(d) => {
                *self
                    .deliberate
                    .entry(d.id)
                    .or_default()
                    .entry(case.peer)
                    .or_default() += 1;
                self.examples.entry(d.id).or_insert(case);
            }
            None => self.unexplained.push(case),
        }
    }
}

fn verdict(ok: bool) -> Option<String> {
    ok.then(|| "valid".to_owned())
}

fn validity(report: &mut Report, s: &str) {
    let ours = IriRef::parse_with(s, Profile::Rfc3987).is_ok();
    let ours_uri = IriRef::parse_with(s, Profile::Rfc3986Uri).is_ok();
    for peer in PEERS {
        report.compare(Case {
            check: Check::IriValidity,
            peer,
            input: vec![s.to_owned()],
            ours: verdict(ours),
            theirs: verdict(peer_valid_iri(peer, s)),
        });
        if let Some(theirs) = peer_valid_uri(peer, s) {
            report.compare(Case {
                check: Check::UriValidity,
                peer,
                input: vec![s.to_owned()],
                ours: verdict(ours_uri),
                theirs: verdict(theirs),
            });
        }
    }
}

fn resolution(report: &mut Report, b: &str, r: &str) {
    let (Ok(base), Ok(reference)) = (
        Iri::parse_with(b, Profile::Rfc3987),
        IriRef::parse_with(r, Profile::Rfc3987),
    ) else {
        return;
    };
    let ours = base.resolve(&reference).into_inner();
    for peer in PEERS {
        if let Some(theirs) = peer_resolve(peer, b, r) {
            report.compare(Case {
                check: Check::Resolution,
                peer,
                input: vec![b.to_owned(), r.to_owned()],
                ours: Some(ours.clone()),
                theirs,
            });
        }
    }
}

#[test]
fn pidkit_agrees_with_its_peers_but_for_the_listed_differences() {
    let long = long_run();
    let Some(inputs) = inputs(if long.is_some() {
        usize::MAX
    } else {
        SAMPLE_LINES
    }) else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("conformance data missing (set PIDKIT_CONFORMANCE_DIR); CI=true requires it");
        }
        pidkit_bench::skipped("*");
        return;
    };
    let mutants = long.unwrap_or(SAMPLE_MUTANTS);
    let seed = std::env::var("PIDKIT_DIFFERENTIAL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x005E_ED1D_u64);
    let mut report = Report::default();
    for s in &inputs.references {
        validity(&mut report, s);
    }
    for (b, r) in &inputs.pairs {
        resolution(&mut report, b, r);
    }
    // Mutants: references, and references resolved against valid bases of the corpora.
    let bases: Vec<String> = inputs
        .references
        .iter()
        .filter(|s| Iri::parse_with(s.as_str(), Profile::Rfc3987).is_ok())
        .cloned()
        .collect();
    let mut rng = Rng(seed);
    for _ in 0..mutants {
        let m = mutate(&mut rng, &inputs.references);
        validity(&mut report, &m);
        if !bases.is_empty() {
            let b = &bases[rng.below(bases.len())];
            resolution(&mut report, b, &m);
            let mb = mutate(&mut rng, &bases);
            resolution(
                &mut report,
                &mb,
                &inputs.references[rng.below(inputs.references.len())],
            );
        }
    }
    for ((check, peer), n) in &report.compared {
        eprintln!("DIFFERENTIAL {check:?} vs {peer:?}: {n} compared");
    }
    for d in DELIBERATE {
        let by_peer = report.deliberate.get(d.id).cloned().unwrap_or_default();
        let n: usize = by_peer.values().sum();
        eprintln!(
            "DIFFERENTIAL deliberate {}: {n} {by_peer:?} ({})",
            d.id, d.spec
        );
        if let Some(c) = report.examples.get(d.id) {
            eprintln!(
                "    e.g. {:?} vs {:?}: ours {:?}, theirs {:?}",
                c.peer, c.input, c.ours, c.theirs
            );
        }
    }
    eprintln!(
        "DIFFERENTIAL seed {seed:#x}, {} references, {} pairs, {mutants} mutants: {} unexplained",
        inputs.references.len(),
        inputs.pairs.len(),
        report.unexplained.len()
    );
    if !report.unexplained.is_empty() {
        let mut shown: BTreeMap<(Check, Peer), Vec<&Case>> = BTreeMap::new();
        for c in &report.unexplained {
            shown.entry((c.check, c.peer)).or_default().push(c);
        }
        let mut msg = String::new();
        for ((check, peer), cases) in shown {
            msg += &format!("\n{check:?} vs {peer:?}: {} cases, e.g.\n", cases.len());
            for c in cases.iter().take(40) {
                msg += &format!(
                    "  {:?}: ours {:?}, theirs {:?}\n",
                    c.input, c.ours, c.theirs
                );
            }
        }
        panic!("disagreements that are not listed as deliberate:{msg}");
    }
}
