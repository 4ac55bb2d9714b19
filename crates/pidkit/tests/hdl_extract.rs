//! Finding handles in running text — prose, Markdown, HTML, BibTeX — alone and among the other
//! identifiers (`pidkit::extract::identifiers`).

use pidkit::Kind;
use pidkit::hdl::{HdlForm, find_iter};

/// (matched text, handle, form) for every handle found.
fn found(text: &str) -> Vec<(&str, String, HdlForm)> {
    find_iter(text)
        .map(|f| (&text[f.start..f.end], f.handle.as_str().to_owned(), f.form))
        .collect()
}

/// (kind, matched text) for every identifier found.
fn identifiers(text: &str) -> Vec<(Kind, String)> {
    pidkit::extract::identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect()
}

#[test]
fn prose_and_punctuation() {
    let text = "The thesis (hdl:1721.1/12345) cites hdl:2027/mdp.39015078552874. \
                Its record: info:hdl/4263537/4000; mirror: http://hdl.handle.net/10919/23456!\n\
                See also “hdl.handle.net/20.500.12345/a(b)c”, and https://hdl.handle.net/20.500.12345/x?noredirect.";
    assert_eq!(
        found(text),
        [
            ("hdl:1721.1/12345", "1721.1/12345".into(), HdlForm::Uri),
            (
                "hdl:2027/mdp.39015078552874",
                "2027/mdp.39015078552874".into(),
                HdlForm::Uri
            ),
            (
                "info:hdl/4263537/4000",
                "4263537/4000".into(),
                HdlForm::InfoUri
            ),
            (
                "http://hdl.handle.net/10919/23456",
                "10919/23456".into(),
                HdlForm::Url
            ),
            (
                "hdl.handle.net/20.500.12345/a(b)c",
                "20.500.12345/a(b)c".into(),
                HdlForm::Url
            ),
            (
                "https://hdl.handle.net/20.500.12345/x",
                "20.500.12345/x".into(),
                HdlForm::Url
            ),
        ]
    );
}

#[test]
fn markup() {
    let md = "* [Report](https://hdl.handle.net/2142/12345) and <hdl:2142/678>\n";
    assert_eq!(
        found(md),
        [
            (
                "https://hdl.handle.net/2142/12345",
                "2142/12345".into(),
                HdlForm::Url
            ),
            ("hdl:2142/678", "2142/678".into(), HdlForm::Uri),
        ]
    );
    let html =
        r#"<a href="https://hdl.handle.net/api/handles/2142/1%202">record</a> &lt;hdl:2142/9&gt;"#;
    assert_eq!(
        found(html),
        [
            (
                "https://hdl.handle.net/api/handles/2142/1%202",
                "2142/1 2".into(),
                HdlForm::HandleApi
            ),
            ("hdl:2142/9", "2142/9".into(), HdlForm::Uri),
        ]
    );
    let bib = "@misc{x, url = {http://hdl.handle.net/1721.1/5}, note = {hdl:1721.1/6}}";
    assert_eq!(
        found(bib),
        [
            (
                "http://hdl.handle.net/1721.1/5",
                "1721.1/5".into(),
                HdlForm::Url
            ),
            ("hdl:1721.1/6", "1721.1/6".into(), HdlForm::Uri),
        ]
    );
}

#[test]
fn text_that_is_no_handle() {
    for text in [
        "hdl: a label, not a handle",
        "the hdl:abc form has no slash",
        "xhdl:1/2 and www.hdl.handle.net/1/2 and myhdl.handle.net/1/2",
        "https://example.org/hdl:1/2 and https://example.org/hdl.handle.net/1/2",
        "hdl:1/ is empty; hdl:/x has no prefix; hdl:1..2/x has an empty segment",
        "a bare 20.500.12345/abc is prose",
    ] {
        assert_eq!(found(text), [], "{text}");
    }
}

#[test]
fn handles_win_over_the_dois_and_iris_in_them() {
    let text = "Both hdl:10.1000/182 and https://hdl.handle.net/10.1000/183?noredirect name DOIs, \
                as do doi:10.1000/184 and 10.1000/185; hdl:20.500.12345/abc is a handle, \
                https://example.org/x an IRI.";
    assert_eq!(
        identifiers(text),
        [
            (Kind::Hdl, "hdl:10.1000/182".into()),
            (Kind::Hdl, "https://hdl.handle.net/10.1000/183".into()),
            (Kind::Doi, "doi:10.1000/184".into()),
            (Kind::Doi, "10.1000/185".into()),
            (Kind::Hdl, "hdl:20.500.12345/abc".into()),
            (Kind::Iri, "https://example.org/x".into()),
        ]
    );
    // A DOI that starts first keeps what it spans.
    assert_eq!(
        identifiers("10.1000/a,hdl:1/x"),
        [(Kind::Doi, "10.1000/a,hdl:1/x".into())]
    );
    // Text the handle finder rejects is still an IRI of the scheme, as for other schemes.
    assert_eq!(identifiers("see hdl:abc."), [(Kind::Hdl, "hdl:abc".into())]);
}
