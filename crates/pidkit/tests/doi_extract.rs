//! Finding DOIs in running text: Markdown, HTML, BibTeX, LaTeX and prose written the way people
//! write them.

use pidkit::doi::{DoiForm, find_iter};

/// (matched text, DOI name, form) for every DOI found.
fn found(text: &str) -> Vec<(&str, String, DoiForm)> {
    find_iter(text)
        .map(|f| (&text[f.start..f.end], f.doi.as_str().to_owned(), f.form))
        .collect()
}

fn names(text: &str) -> Vec<String> {
    find_iter(text).map(|f| f.doi.as_str().to_owned()).collect()
}

#[test]
fn prose() {
    let text = "The handbook (doi:10.1000/182) says so. Earlier work [10.1038/nature12373] disagrees; \
                see also 10.1061/(asce)0733-9402(1983)109:3(201). Or was it 10.1002/(sici)1097-0258(19971130)16:22<2529::aid-sim692>3.0.co;2-j?\n\
                A DOI such as DOI: 10.5240/7481-838B-59CA-63D0-B9A8-E, identifies a film.";
    assert_eq!(
        found(text),
        [
            ("doi:10.1000/182", "10.1000/182".into(), DoiForm::Uri),
            (
                "10.1038/nature12373",
                "10.1038/nature12373".into(),
                DoiForm::Name
            ),
            (
                "10.1061/(asce)0733-9402(1983)109:3(201)",
                "10.1061/(asce)0733-9402(1983)109:3(201)".into(),
                DoiForm::Name
            ),
            (
                "10.1002/(sici)1097-0258(19971130)16:22<2529::aid-sim692>3.0.co;2-j",
                "10.1002/(sici)1097-0258(19971130)16:22<2529::aid-sim692>3.0.co;2-j".into(),
                DoiForm::Name
            ),
            (
                "DOI: 10.5240/7481-838B-59CA-63D0-B9A8-E",
                "10.5240/7481-838B-59CA-63D0-B9A8-E".into(),
                DoiForm::Label
            ),
        ]
    );
}

#[test]
fn prose_that_is_not_a_doi() {
    for text in [
        "She scored 10.5/20 and ran 10.25 km.",
        "arXiv:1910.12345/v2 is a preprint",
        "version v10.1000/182",
        "x10.1000/182",
        "10.1000/ followed by nothing",
        "Section 10.1234.",
    ] {
        assert_eq!(names(text), Vec::<String>::new(), "{text}");
    }
}

#[test]
fn trailing_punctuation_and_brackets() {
    for (text, name) in [
        ("10.1000/182.", "10.1000/182"),
        ("10.1000/182...", "10.1000/182"),
        ("“10.1000/182”", "10.1000/182"),
        ("'10.1000/182',", "10.1000/182"),
        ("**10.1000/182**", "10.1000/182"),
        ("(see 10.1000/182)", "10.1000/182"),
        ("(see 10.1000/a(1)b)", "10.1000/a(1)b"),
        (
            "[10.1577/1548-8659(1961)90[490:uoafis]2.0.co;2]",
            "10.1577/1548-8659(1961)90[490:uoafis]2.0.co;2",
        ),
        (
            "10.1002/1097-0142(19900515)65:10<2349::aid-cncr2820651031>3.0.co;2-#.",
            "10.1002/1097-0142(19900515)65:10<2349::aid-cncr2820651031>3.0.co;2-#",
        ),
        ("（10.1000/182）。", "10.1000/182"),
        ("10.1000/182:", "10.1000/182"),
    ] {
        assert_eq!(names(text), [name], "{text}");
    }
}

#[test]
fn markdown() {
    let md = "# References\n\n\
              1. Paskin N. [The DOI Handbook](https://doi.org/10.1000/182). 2019.\n\
              2. [10.1038/nature12373](https://doi.org/10.1038/nature12373)\n\
              3. <https://dx.doi.org/10.1126/science.169.3946.635>\n\
              4. `doi:10.1093/nar/gkaa1100` and *10.1016/j.cell.2020.01.001*\n\
              | id | doi |\n|---|---|\n| 1 | 10.1371/journal.pone.0000001 |\n";
    assert_eq!(
        found(md),
        [
            (
                "https://doi.org/10.1000/182",
                "10.1000/182".into(),
                DoiForm::Url
            ),
            (
                "10.1038/nature12373",
                "10.1038/nature12373".into(),
                DoiForm::Name
            ),
            (
                "https://doi.org/10.1038/nature12373",
                "10.1038/nature12373".into(),
                DoiForm::Url
            ),
            (
                "https://dx.doi.org/10.1126/science.169.3946.635",
                "10.1126/science.169.3946.635".into(),
                DoiForm::Url
            ),
            (
                "doi:10.1093/nar/gkaa1100",
                "10.1093/nar/gkaa1100".into(),
                DoiForm::Uri
            ),
            (
                "10.1016/j.cell.2020.01.001",
                "10.1016/j.cell.2020.01.001".into(),
                DoiForm::Name
            ),
            (
                "10.1371/journal.pone.0000001",
                "10.1371/journal.pone.0000001".into(),
                DoiForm::Name
            ),
        ]
    );
}

#[test]
fn html() {
    let html = r#"<p>Cite as <a href="https://doi.org/10.1002/(SICI)1097-4601(2000)32:7%3C435::AID-KIN6%3E3.0.CO;2-4">10.1002/(SICI)1097-4601(2000)32:7&lt;435::AID-KIN6&gt;3.0.CO;2-4</a>.</p>
<meta name="citation_doi" content="10.1000/182"><span class="doi">doi:10.5555/12345678</span><br>
<li>https://www.doi.org/10.1109/5.771073&nbsp;(PDF)</li>"#;
    let sici = "10.1002/(SICI)1097-4601(2000)32:7<435::AID-KIN6>3.0.CO;2-4";
    assert_eq!(
        found(html),
        [
            (
                "https://doi.org/10.1002/(SICI)1097-4601(2000)32:7%3C435::AID-KIN6%3E3.0.CO;2-4",
                sici.into(),
                DoiForm::Url
            ),
            (
                "10.1002/(SICI)1097-4601(2000)32:7&lt;435::AID-KIN6&gt;3.0.CO;2-4",
                sici.into(),
                DoiForm::Name
            ),
            ("10.1000/182", "10.1000/182".into(), DoiForm::Name),
            (
                "doi:10.5555/12345678",
                "10.5555/12345678".into(),
                DoiForm::Uri
            ),
            (
                "https://www.doi.org/10.1109/5.771073",
                "10.1109/5.771073".into(),
                DoiForm::Url
            ),
        ]
    );
}

#[test]
fn bibtex_and_latex() {
    let bib = r#"@article{key,
  title = {A {DOI} study},
  doi = {10.1175/1520-0493(1935)63<c91:ciwmon>2.0.co;2},
  url = "https://doi.org/10.1038/s41586-020-2649-2",
  note = {\url{http://dx.doi.org/10.1145/3368089.3409741}, urn:doi:10.1000:182 and info:doi/10.1000/183}
}"#;
    assert_eq!(
        found(bib),
        [
            (
                "10.1175/1520-0493(1935)63<c91:ciwmon>2.0.co;2",
                "10.1175/1520-0493(1935)63<c91:ciwmon>2.0.co;2".into(),
                DoiForm::Name
            ),
            (
                "https://doi.org/10.1038/s41586-020-2649-2",
                "10.1038/s41586-020-2649-2".into(),
                DoiForm::Url
            ),
            (
                "http://dx.doi.org/10.1145/3368089.3409741",
                "10.1145/3368089.3409741".into(),
                DoiForm::Url
            ),
            ("urn:doi:10.1000:182", "10.1000/182".into(), DoiForm::Urn),
            (
                "info:doi/10.1000/183",
                "10.1000/183".into(),
                DoiForm::InfoUri
            ),
        ]
    );
}

#[test]
fn urls_of_other_sites() {
    let text = "https://onlinelibrary.wiley.com/doi/10.1002/anie.201915678?af=R and \
                https://example.org/lookup?doi=10.1000%2F182&format=json and \
                https://doi.org/api/handles/10.1000/182?type=URL#x and https://doi.org/10.1000/a%23b#frag";
    assert_eq!(
        found(text),
        [
            (
                "10.1002/anie.201915678",
                "10.1002/anie.201915678".into(),
                DoiForm::Name
            ),
            ("10.1000%2F182", "10.1000/182".into(), DoiForm::Name),
            (
                "https://doi.org/api/handles/10.1000/182",
                "10.1000/182".into(),
                DoiForm::HandleApi
            ),
            (
                "https://doi.org/10.1000/a%23b",
                "10.1000/a#b".into(),
                DoiForm::Url
            ),
        ]
    );
}

#[test]
fn spans_are_char_boundaries_in_any_text() {
    let text = "Ünïcödé 10.1000/ÄÖÜ… «10.1000/x» 10.1000/日本語。";
    assert_eq!(names(text), ["10.1000/ÄÖÜ", "10.1000/x", "10.1000/日本語"]);
}
