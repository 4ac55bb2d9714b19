//! A million lines of every kind a research-data column holds, for the CLI benches: the schemes
//! pidkit reads (DOIs, handles, ARKs, PURLs, URNs, IVOIDs, arXiv, PMCID, PMID, ORCID, ISNI, ROR,
//! Wikidata, GND, VIAF, ASCL, HAL, RRID, ADS, SWHIDs, ISBN, ISSN, EAN), URLs and junk, each kind
//! equally often, in its written forms (bare, labelled, as URLs), about one value in eight
//! broken — the shape of `crates/pidkit-py/bench/generate.py`'s `zoo`, which the Python and
//! Rust profiles use, drawn here with a fixed LCG so that the Rust benches need no Python. The
//! DOIs, URLs and IVOIDs come from the shared corpora (`common::corpus`'s pools).

/// A fixed-seed linear congruential generator (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n.max(1)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn digits(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The GS1 check digit (EAN-13, EAN-8, ISBN-13) of `body`.
fn gtin_check(body: &str) -> char {
    let sum: u32 = body
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, d)| u32::from(d - b'0') * if i % 2 == 0 { 3 } else { 1 })
        .sum();
    char::from(b'0' + ((10 - sum % 10) % 10) as u8)
}

/// ISO/IEC 7064 MOD 11-2 (ORCID, ISNI) of fifteen digits.
fn mod11_2(body: &str) -> char {
    let total = body
        .bytes()
        .fold(0u32, |t, d| (t + u32::from(d - b'0')) * 2);
    match (12 - total % 11) % 11 {
        10 => 'X',
        r => char::from(b'0' + r as u8),
    }
}

/// The ISSN check character of seven digits (weights 8 to 2, MOD 11).
fn issn_check(body: &str) -> char {
    let sum: u32 = body
        .bytes()
        .zip((2..=8).rev())
        .map(|(d, w)| u32::from(d - b'0') * w)
        .sum();
    match (11 - sum % 11) % 11 {
        10 => 'X',
        r => char::from(b'0' + r as u8),
    }
}

/// A ROR ID's last six characters before its check digits (Crockford base 32, lower case) and
/// those two digits (ISO/IEC 7064 MOD 97-10).
fn ror(r: &mut Lcg) -> String {
    const CROCKFORD: &[u8] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let six: Vec<u8> = (0..6).map(|_| CROCKFORD[r.below(32)]).collect();
    let n = six.iter().fold(0u64, |n, c| {
        n * 32 + CROCKFORD.iter().position(|x| x == c).unwrap_or(0) as u64
    });
    let check = 98 - (n * 100) % 97;
    format!("0{}{check:02}", String::from_utf8_lossy(&six))
}

/// `s` with one character changed (a broken value): a digit or letter replaced, or a character
/// dropped.
fn broken(r: &mut Lcg, s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return "?".into();
    }
    let at = chars.len() - 1 - r.below(chars.len().min(4));
    let mut out: String = chars[..at].iter().collect();
    match r.below(3) {
        0 => {}
        1 => out.push(if chars[at] == '7' { '3' } else { '7' }),
        _ => out.push('Z'),
    }
    out.extend(&chars[at + 1..]);
    out
}

/// One value of kind `k` (an index into the kinds below), in one of its written forms.
fn value(r: &mut Lcg, k: usize, pools: &Pools) -> String {
    let pick = |r: &mut Lcg, pool: &[String]| pool[r.below(pool.len())].clone();
    match k {
        0 => {
            let name = pick(r, &pools.dois);
            let form = r.pick(&[
                "",
                "doi:",
                "https://doi.org/",
                "DOI: ",
                "http://dx.doi.org/",
            ]);
            format!("{form}{name}")
        }
        1 => {
            let id = format!("20.500.{}/{}", r.digits(5), r.digits(6));
            let form = r.pick(&["hdl:", "https://hdl.handle.net/", ""]);
            format!("{form}{id}")
        }
        2 => {
            let id = format!(
                "ark:/{}/{}{}",
                r.digits(5),
                r.pick(&["b", "tf", "c"]),
                r.digits(8)
            );
            let form = r.pick(&["", "https://n2t.net/", "https://example.org/"]);
            format!("{form}{id}")
        }
        3 => {
            let host = r.pick(&[
                "https://purl.org/dc/terms/",
                "http://purl.obolibrary.org/obo/GO_",
                "https://w3id.org/ro/crate/",
            ]);
            format!("{host}{}", r.digits(7))
        }
        4 => match r.below(3) {
            0 => format!("urn:nbn:de:{}-{}", r.digits(4), r.digits(8)),
            1 => format!("urn:lsid:ipni.org:names:{}-1", r.digits(6)),
            _ => format!("URN:ISSN:{}", issn(r)),
        },
        5 => pick(r, &pools.ivoids),
        6 => {
            let id = match r.below(3) {
                0 => format!(
                    "{:02}{:02}.{}",
                    15 + r.below(10),
                    1 + r.below(12),
                    r.digits(5)
                ),
                1 => format!(
                    "{:02}{:02}.{}v{}",
                    8 + r.below(7),
                    1 + r.below(12),
                    r.digits(4),
                    1 + r.below(4)
                ),
                _ => format!(
                    "{}/{:02}{:02}{}",
                    r.pick(&["hep-th", "math.AG", "astro-ph", "cond-mat"]),
                    92 + r.below(8),
                    1 + r.below(12),
                    r.digits(3)
                ),
            };
            let form = r.pick(&["arXiv:", "https://arxiv.org/abs/", "arxiv:", ""]);
            format!("{form}{id}")
        }
        7 => {
            let n = 1 + r.below(12_000_000);
            let form = r.pick(&[
                "PMC",
                "https://pmc.ncbi.nlm.nih.gov/articles/PMC",
                "PMCID: PMC",
            ]);
            format!("{form}{n}")
        }
        8 => {
            let n = 1 + r.below(40_000_000);
            match r.below(3) {
                0 => n.to_string(),
                1 => format!("PMID: {n}"),
                _ => format!("https://pubmed.ncbi.nlm.nih.gov/{n}/"),
            }
        }
        9 => {
            let body = format!("000{}{}", r.pick(&["0", "2", "9"]), r.digits(11));
            let id = format!("{body}{}", mod11_2(&body));
            let grouped = format!("{}-{}-{}-{}", &id[..4], &id[4..8], &id[8..12], &id[12..]);
            let form = r.pick(&["", "https://orcid.org/", "orcid:"]);
            format!("{form}{grouped}")
        }
        10 => {
            let body = format!("0000000{}", r.digits(8));
            let id = format!("{body}{}", mod11_2(&body));
            match r.below(3) {
                0 => format!("{} {} {} {}", &id[..4], &id[4..8], &id[8..12], &id[12..]),
                1 => format!("ISNI {id}"),
                _ => format!("https://isni.org/isni/{id}"),
            }
        }
        11 => {
            let id = ror(r);
            let form = r.pick(&["https://ror.org/", "ror.org/", ""]);
            format!("{form}{id}")
        }
        12 => {
            let id = format!("{}{}", r.pick(&["Q", "P", "L"]), 1 + r.below(120_000_000));
            let form = r.pick(&[
                "",
                "wd:",
                "https://www.wikidata.org/wiki/",
                "http://www.wikidata.org/entity/",
            ]);
            format!("{form}{id}")
        }
        13 => {
            // GND numbers of persons and works, with their check character.
            let body = format!("1{}", r.digits(8));
            let id = format!("{body}{}", mod11_gnd(&body));
            let form = r.pick(&["", "https://d-nb.info/gnd/", "GND: "]);
            format!("{form}{id}")
        }
        14 => {
            let n = 1 + r.below(300_000_000);
            let form = r.pick(&["https://viaf.org/viaf/", "viaf:", "VIAF "]);
            format!("{form}{n}")
        }
        15 => format!(
            "ascl:{:02}{:02}.{:03}",
            10 + r.below(15),
            1 + r.below(12),
            1 + r.below(40)
        ),
        16 => {
            let id = format!(
                "{}-{}",
                r.pick(&["hal", "inserm", "tel", "halshs"]),
                r.pick(&["0", "0", "1"]).to_owned() + &r.digits(7)
            );
            let v = if r.chance(30) {
                format!("v{}", 1 + r.below(3))
            } else {
                String::new()
            };
            let form = r.pick(&["", "https://hal.science/"]);
            format!("{form}{id}{v}")
        }
        17 => match r.below(3) {
            0 => format!("RRID:AB_{}", r.digits(6)),
            1 => format!("RRID:SCR_{}", r.digits(6)),
            _ => format!("RRID:CVCL_{}", r.digits(4)),
        },
        18 => {
            let journal = r.pick(&["ApJ..", "A&A..", "MNRAS", "AJ...", "Natur", "PhRvD"]);
            let volume = format!("{:.>4}", 1 + r.below(999));
            let page = format!("{:.>4}", 1 + r.below(9999));
            let q = r.pick(&[".", ".", "L"]);
            let initial = char::from(b'A' + r.below(26) as u8);
            format!("{}{journal}{volume}{q}{page}{initial}", 1950 + r.below(75))
        }
        19 => {
            let hex: String = (0..40)
                .map(|_| char::from(b"0123456789abcdef"[r.below(16)]))
                .collect();
            let t = r.pick(&["cnt", "dir", "rev", "rel", "snp"]);
            let q = if r.chance(20) {
                ";origin=https://github.com/example/repo"
            } else {
                ""
            };
            format!("swh:1:{t}:{hex}{q}")
        }
        20 => {
            let body = format!("978{}", r.digits(9));
            let id = format!("{body}{}", gtin_check(&body));
            match r.below(3) {
                0 => id,
                1 => format!(
                    "ISBN {}-{}-{}-{}",
                    &id[..3],
                    &id[3..4],
                    &id[4..12],
                    &id[12..]
                ),
                _ => format!("ISBN: {id}"),
            }
        }
        21 => {
            let id = issn(r);
            let form = r.pick(&[
                "",
                "ISSN ",
                "eISSN: ",
                "https://portal.issn.org/resource/ISSN/",
            ]);
            format!("{form}{id}")
        }
        22 => {
            let body = format!("{}{}", r.pick(&["40", "50", "87", "30"]), r.digits(10));
            let id = format!("{body}{}", gtin_check(&body));
            let form = r.pick(&["", "EAN ", "GTIN "]);
            format!("{form}{id}")
        }
        23 => pick(r, &pools.iris),
        _ => r
            .pick(&[
                "N/A",
                "none",
                "-",
                "TBD",
                "null",
                "see above",
                "10./zenodo.5476826",
                "(10.1000/182)",
                "n.d.",
                "ISBN pending",
            ])
            .to_owned(),
    }
}

/// The kinds of [`value`]: 23 schemes, URLs and junk.
const KINDS: usize = 25;

/// An ISSN with its check character, hyphenated.
fn issn(r: &mut Lcg) -> String {
    let body = r.digits(7);
    format!("{}-{}{}", &body[..4], &body[4..], issn_check(&body))
}

/// The GND check character of the digits before it (weights from 2 up, right to left; MOD 11,
/// 10 written `X`).
fn mod11_gnd(body: &str) -> char {
    let sum: u32 = body
        .bytes()
        .rev()
        .zip(2..)
        .map(|(d, w)| u32::from(d - b'0') * w)
        .sum();
    match (11 - sum % 11) % 11 {
        10 => 'X',
        r => char::from(b'0' + r as u8),
    }
}

/// The values drawn from the shared corpora.
struct Pools {
    dois: Vec<String>,
    iris: Vec<String>,
    ivoids: Vec<String>,
}

impl Pools {
    /// The Crossref DOIs, the URLs of two URL corpora and the IVOIDs of the conformance data in
    /// `dir`.
    fn read(dir: &std::path::Path) -> Pools {
        let lines = |rel: &str, column: usize| -> Vec<String> {
            let text = std::fs::read_to_string(dir.join(rel)).unwrap_or_default();
            text.trim_start_matches('\u{FEFF}')
                .lines()
                .filter_map(|l| l.split('\t').nth(column))
                .filter(|l| !l.trim().is_empty())
                .map(String::from)
                .collect()
        };
        let mut iris = lines("url-various-datasets/others/kasztp.txt", 0);
        iris.extend(lines("url-various-datasets/others/userbait.txt", 0));
        Pools {
            dois: lines("doi/crossref-sample-dois.txt", 0),
            iris,
            ivoids: lines("ivoa/ivoids.tsv", 0).into_iter().skip(1).collect(),
        }
    }
}

/// The corpus of `lines` values written once to a temporary file (the binary reads it as a
/// user's file), from the conformance data in `dir`.
pub fn corpus_file(dir: &std::path::Path, lines: usize) -> std::path::PathBuf {
    let path = std::env::temp_dir().join("pidkit-bench-every-kind-1m.txt");
    std::fs::write(&path, corpus(&Pools::read(dir), lines)).expect("write the corpus");
    path
}

/// `lines` values of every kind, one a line.
fn corpus(pools: &Pools, lines: usize) -> String {
    let mut r = Lcg(0x5DEE_CE66_D1CE_B00C);
    let mut out = String::with_capacity(lines * 40);
    for _ in 0..lines {
        let k = r.below(KINDS);
        let v = value(&mut r, k, pools);
        let v = if k < KINDS - 1 && r.chance(12) {
            broken(&mut r, &v)
        } else {
            v
        };
        // A value is one line: the pools' values have no line breaks, the generated none.
        out.push_str(&v);
        out.push('\n');
    }
    out
}
