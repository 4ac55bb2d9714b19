//! Issue 27: a research-data column of every kind of identifier — each value read by the rules
//! of its kind, with the right verdict; values that are no identifier said to be none; bare
//! values two schemes share reported with their candidates; identifiers of two schemes that
//! name one thing compared as one.

use pidkit::{Identifier, Kind, Level, ReadOptions, read};

/// (input, kind, error code or "" when valid)
const COLUMN: &[(&str, &str, &str)] = &[
    ("10.1000/182", "doi", ""),
    ("https://doi.org/10.5281/zenodo.5476826", "doi", ""),
    ("10./zenodo.5476826", "doi", "doi-empty-registrant-part"),
    ("hdl:20.500.12345/abc", "hdl", ""),
    ("urn:isbn:0451450523", "urn", ""),
    ("ivo://ivoa.net/std/TAP", "ivo", ""),
    ("ark:/13030/tf5p30086k", "ark", ""),
    ("https://n2t.net/ark:/12345/x6np1wh8k?info", "ark", ""),
    ("https://orcid.org/0000-0002-1825-0097", "orcid", ""),
    ("0000-0002-1825-0096", "orcid", "orcid-check"),
    ("https://isni.org/isni/0000000121032683", "isni", ""),
    ("https://ror.org/05dxps055", "ror", ""),
    ("arXiv:2101.00001v2", "arxiv", ""),
    ("https://arxiv.org/abs/hep-th/9901001", "arxiv", ""),
    ("PMID: 15626865", "pmid", ""),
    ("PMC243493", "pmcid", ""),
    ("978-0-596-52068-7", "isbn", ""),
    ("9784189280746", "isbn", "isbn-check-digit"),
    ("ISBN: 0-596-52068-9", "isbn", ""),
    ("0378-5955", "issn", ""),
    ("ISSN 0378-5956", "issn", "issn-check-digit"),
    ("4006381333931", "ean", ""),
    (
        "swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2",
        "swh",
        "",
    ),
    ("http://purl.org/dc/terms/title", "purl", ""),
    ("https://example.org/a", "iri", ""),
    ("N/A", "relative-ref", "not-an-identifier"),
    ("none", "relative-ref", "not-an-identifier"),
    ("", "relative-ref", "not-an-identifier"),
    ("../images/logo.png", "relative-ref", "not-an-identifier"),
];

#[test]
fn a_column_of_every_kind_gets_the_right_kind_and_verdict() {
    let opts = ReadOptions::default();
    let mut wrong = Vec::new();
    for (input, kind, code) in COLUMN {
        let r = read(input, &opts);
        let got = (
            r.kind.name(),
            r.result.as_ref().err().map_or("", |e| e.code()),
        );
        if got != (*kind, *code) {
            wrong.push(format!("{input:?}: {got:?}, expected {:?}", (kind, code)));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_check_digit_error_hints_the_expected_character() {
    for (input, expected) in [
        ("9784189280746", "'3'"),
        ("0000-0002-1825-0096", "'7'"),
        ("ISSN 0378-5956", "'5'"),
    ] {
        let e = Identifier::parse(input).unwrap_err();
        let text = format!("{} {}", e.kind, e.hint().unwrap_or_default());
        assert!(text.contains(expected), "{input}: {text}");
    }
}

#[test]
fn bare_values_two_schemes_read_have_candidates() {
    let opts = ReadOptions::default();
    for (input, first, others) in [
        ("0000000218250097", Kind::Orcid, &[Kind::Isni][..]),
        ("9783468111242", Kind::Isbn, &[Kind::Ean][..]),
        ("15626865", Kind::Issn, &[Kind::Pmid][..]),
    ] {
        assert_eq!(read(input, &opts).kind, first, "{input}");
        let c = pidkit::reading::candidates(input, &opts);
        assert_eq!(c[0], first, "{input}");
        assert_eq!(&c[1..], others, "{input}");
    }
    assert!(pidkit::reading::candidates("10.1000/182", &opts).is_empty());
}

#[test]
fn an_arxiv_doi_and_its_arxiv_identifier_name_one_paper() {
    let p = |s| Identifier::parse(s).unwrap();
    let c = p("10.48550/arXiv.2101.00001").compare(&p("arXiv:2101.00001"), Level::Scheme);
    assert!(c.equivalent);
    assert!(c.rule.contains("10.48550/arXiv"), "{}", c.rule);
    // Not below the scheme rung: the written forms differ.
    let c = p("10.48550/arXiv.2101.00001").compare(&p("arXiv:2101.00001"), Level::Syntax);
    assert!(!c.equivalent);
    // … and said to be one thing there, not "another version" (the version is the same).
    let note = c.note.unwrap_or_default();
    assert!(note.contains("equivalent at level scheme"), "{note}");
    // Below the scheme rung, a versioned arXiv id and the paper's DOI are still related.
    let c = p("arXiv:2101.00001v2").compare(&p("10.48550/arXiv.2101.00001"), Level::Syntax);
    assert!(c.note.unwrap_or_default().contains("another version"));
    // A version is part of the identity: v2 is not v3, nor the paper's DOI, but related.
    for (a, b) in [
        ("arXiv:2101.00001v2", "arXiv:2101.00001v3"),
        (
            "https://arxiv.org/abs/2101.00001v2",
            "10.48550/arXiv.2101.00001",
        ),
    ] {
        let c = p(a).compare(&p(b), Level::Scheme);
        assert!(!c.equivalent, "{a} {b}");
        assert_eq!(
            c.note,
            Some("the same paper, another version (a version is part of an arXiv identifier)"),
            "{a} {b}"
        );
    }
    let c = p("arXiv:2101.00001").compare(&p("arXiv:2101.00002"), Level::Scheme);
    assert_eq!((c.equivalent, c.note), (false, None));
}
