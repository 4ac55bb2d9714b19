//! Unit tests of the extraction rules.

use super::*;

fn found(text: &str) -> Vec<String> {
    iris(text).map(|f| f.iri.into_owned()).collect()
}

#[test]
fn rfc3986_appendix_c_example() {
    let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
                but you can probably pick it up from <ftp://foo.example.\n\
                com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
                ietf/uri/historical.html#WARNING>.";
    assert_eq!(
        found(text),
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
    let f: Vec<_> = iris(text).collect();
    assert_eq!(&text[f[0].start..f[0].end], "http://www.w3.org/Addressing/");
    assert!(text[f[1].start..f[1].end].starts_with("ftp://foo.example.\n"));
}

#[test]
fn punctuation_and_brackets() {
    assert_eq!(found("See http://a.example/x."), ["http://a.example/x"]);
    assert_eq!(found("(see http://a.example/x)"), ["http://a.example/x"]);
    assert_eq!(
        found("the page http://en.wikipedia.org/wiki/Foo_(bar), done"),
        ["http://en.wikipedia.org/wiki/Foo_(bar)"]
    );
    assert_eq!(
        found("[link](https://a.example/p?q=1#f)!"),
        ["https://a.example/p?q=1#f"]
    );
    assert_eq!(found("**https://a.example/**"), ["https://a.example/"]);
    assert_eq!(found("__https://a.example/b__"), ["https://a.example/b"]);
    assert_eq!(found("a_https://a.example/b_c_"), ["https://a.example/b_c"]);
    assert_eq!(found("_urn:isbn:0451450523_"), ["urn:isbn:0451450523"]);
    assert_eq!(found("x urn:a:b_c_ y"), ["urn:a:b_c_"]);
    assert_eq!(
        found("<a href=\"http://a.example/?q=1&amp;r=2\">"),
        ["http://a.example/?q=1&r=2"]
    );
    assert_eq!(found("<URL:http://a.example/>"), ["http://a.example/"]);
    // A space within a line is in the text as written (issue 28 item 7: it was removed, which
    // made another IRI); only whitespace that wraps the text across lines is left out.
    assert_eq!(
        found("a <b> c <http://x.example/ y>"),
        ["http://x.example/ y"]
    );
}

#[test]
fn non_ascii_does_not_end_an_iri() {
    assert_eq!(found("→ http://ש.example/אבג ←"), ["http://ש.example/אבג"]);
    assert_eq!(
        found("voir https://example.org/résumé."),
        ["https://example.org/résumé"]
    );
}

#[test]
fn opaque_schemes_and_false_friends() {
    assert_eq!(
        found("urn:isbn:0451450523 and mailto:a@b.example."),
        ["urn:isbn:0451450523", "mailto:a@b.example"]
    );
    assert!(found("Note: this is it. Time 12:30, ratio a:b").is_empty());
    assert!(found("word:thing and xhttp").is_empty());
    assert_eq!(
        found("ivo://ivoa.net/std/TAP#sync-1.0,"),
        ["ivo://ivoa.net/std/TAP#sync-1.0"]
    );
    assert_eq!(
        found("html: <a href=\"http://a.example/x\">"),
        ["http://a.example/x"]
    );
    assert_eq!(
        found("bibtex url = {http://a.example/x}"),
        ["http://a.example/x"]
    );
    assert_eq!(found("bad http://a.example/%zz end"), ["http://a.example/"]);
    // Found by fuzzing: an IRI cut at a bad port ends before a colon whose scheme would
    // reach back into it; no overlap.
    assert_eq!(found("%FFhttps://urn:ex:s297d"), ["FFhttps://urn"]);
    assert_eq!(found("http://a:b:c"), ["http://a"]);
}

#[test]
fn dois_win_over_the_iris_they_overlap() {
    let text = "Wiley: https://doi.org/10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0. \
                Also <http://a.example/x>, 10.1061/(asce)0733-9402(1983)109:3(201), \
                ivo://ivoa.net/std/TAP and DOI: 10.1038/nphys1170.";
    let found: Vec<(&str, String, Option<String>)> = identifiers(text)
        .map(|f| {
            (
                f.kind.name(),
                f.text.clone().into_owned(),
                (f.kind == Kind::Doi)
                    .then(|| {
                        let id = f.read().result.ok()?;
                        id.details()?.value(0).as_str().map(str::to_owned)
                    })
                    .flatten(),
            )
        })
        .collect();
    let doi = |t: &str, n: &str| ("doi", t.to_owned(), Some(n.to_owned()));
    assert_eq!(
        found,
        [
            doi(
                "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
                "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0"
            ),
            ("iri", "http://a.example/x".to_owned(), None),
            doi(
                "10.1061/(asce)0733-9402(1983)109:3(201)",
                "10.1061/(asce)0733-9402(1983)109:3(201)"
            ),
            ("ivo", "ivo://ivoa.net/std/TAP".to_owned(), None),
            doi("DOI: 10.1038/nphys1170", "10.1038/nphys1170"),
        ]
    );
}

#[test]
fn never_panics_on_odd_text() {
    for t in [
        "<",
        ":",
        "<:>",
        "a:",
        "<a:",
        "http:",
        "http://",
        "<http://\n\n>",
        "é:é",
        "<URL:>",
    ] {
        let _ = found(t);
        let _ = identifiers(t);
    }
}
