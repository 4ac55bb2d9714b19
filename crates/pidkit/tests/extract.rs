//! Extraction closer to what people write (issue 16 item 4): identifiers inside JSON strings,
//! broken across lines in reference lists, ended by the sentence punctuation of other
//! scripts, escaped by BibTeX; resolver URLs that hold no DOI; and the cut points that let
//! text be searched in blocks on several threads.

use pidkit::Kind;
use pidkit::extract::{identifiers, split_point};
use proptest::prelude::*;

/// `(kind, text as read, text as written, truncated)` of every identifier found.
fn found(text: &str) -> Vec<(Kind, String, &str, bool)> {
    identifiers(text)
        .map(|f| {
            (
                f.kind,
                f.text.into_owned(),
                &text[f.start..f.end],
                f.truncated,
            )
        })
        .collect()
}

/// `(kind, text as read)`.
fn read(text: &str) -> Vec<(Kind, String)> {
    identifiers(text)
        .map(|f| (f.kind, f.text.into_owned()))
        .collect()
}

/// The DOI name of a DOI found (the `name` field of its parts).
fn doi_name(f: &pidkit::extract::Found<'_>) -> Option<String> {
    let id = f.read().result.ok()?;
    id.details()?.value(0).as_str().map(str::to_owned)
}

fn doi_names(text: &str) -> Vec<String> {
    identifiers(text)
        .filter(|f| f.kind == Kind::Doi)
        .filter_map(|f| doi_name(&f))
        .collect()
}

#[test]
fn json_escaped_slashes_and_unicode() {
    let json = r#"{"url":"https:\/\/example.org\/a\/b?x=1\u0026y=2","doi":"10.1000\/182",
"link":"https:\/\/doi.org\/10.1000\/183","hdl":"https:\/\/hdl.handle.net\/1721.1\/12345",
"info":"info:doi\/10.1000\/184","name":"caf\u00e9 https:\/\/example.org\/caf\u00e9\/"}"#;
    assert_eq!(
        found(json),
        [
            (
                Kind::Iri,
                "https://example.org/a/b?x=1&y=2".into(),
                r"https:\/\/example.org\/a\/b?x=1\u0026y=2",
                false
            ),
            (Kind::Doi, "10.1000/182".into(), r"10.1000\/182", false),
            (
                Kind::Doi,
                "https://doi.org/10.1000/183".into(),
                r"https:\/\/doi.org\/10.1000\/183",
                false
            ),
            (
                Kind::Hdl,
                "https://hdl.handle.net/1721.1/12345".into(),
                r"https:\/\/hdl.handle.net\/1721.1\/12345",
                false
            ),
            (
                Kind::Doi,
                "info:doi/10.1000/184".into(),
                r"info:doi\/10.1000\/184",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/café/".into(),
                r"https:\/\/example.org\/caf\u00e9\/",
                false
            ),
        ]
    );
    assert_eq!(
        doi_names(json),
        ["10.1000/182", "10.1000/183", "10.1000/184"]
    );
    // JSON's escapes of whitespace end a DOI: they are not part of it.
    assert_eq!(
        doi_names(r#"{"t":"a DOI doi:10.1000/184\tin it, 10.1000/185\n"}"#),
        ["10.1000/184", "10.1000/185"]
    );
    // A JSON escape that is no IRI character (a quote) ends the IRI; so does the string's end.
    assert_eq!(
        read(r#""see https:\/\/a.example\/x\u0022y" and "http:\/\/b.example\/""#),
        [
            (Kind::Iri, "https://a.example/x".into()),
            (Kind::Iri, "http://b.example/".into())
        ]
    );
}

#[test]
fn bibtex_escapes() {
    let bib = r"@misc{k,
  doi = {10.1000/ab\_cd},
  url = {https://example.org/a\_b\%20c\#d},
  note = {See {https://example.org/x{\_}y} and 10.1000/x{\_}y\~{}z.}
}";
    assert_eq!(
        read(bib),
        [
            (Kind::Doi, "10.1000/ab_cd".into()),
            (Kind::Iri, "https://example.org/a_b%20c#d".into()),
            (Kind::Iri, "https://example.org/x_y".into()),
            (Kind::Doi, "10.1000/x_y~z".into()),
        ]
    );
    assert_eq!(doi_names(bib), ["10.1000/ab_cd", "10.1000/x_y~z"]);
}

#[test]
fn sentence_punctuation_of_other_scripts_ends_an_identifier() {
    let text = "詳細はhttps://example.org/a。次にhttps://example.org/b、そして（https://example.org/c）を参照。\
                DOIは10.1000/182。Arabic: https://example.org/d، then https://example.org/e؟ \
                Hindi: https://example.org/f। \u{201C}https://example.org/g\u{201D} «https://example.org/h» \
                https://ja.wikipedia.org/wiki/ジョン・レノン and https://example.org/「はやぶさ」.";
    assert_eq!(
        read(text),
        [
            (Kind::Iri, "https://example.org/a".into()),
            (Kind::Iri, "https://example.org/b".into()),
            (Kind::Iri, "https://example.org/c".into()),
            (Kind::Doi, "10.1000/182".into()),
            (Kind::Iri, "https://example.org/d".into()),
            (Kind::Iri, "https://example.org/e".into()),
            (Kind::Iri, "https://example.org/f".into()),
            (Kind::Iri, "https://example.org/g".into()),
            (Kind::Iri, "https://example.org/h".into()),
            (
                Kind::Iri,
                "https://ja.wikipedia.org/wiki/ジョン・レノン".into()
            ),
            (Kind::Iri, "https://example.org/「はやぶさ」".into()),
        ]
    );
    // A closing bracket of another script that closes nothing inside ends a DOI or handle.
    assert_eq!(
        read("論文（https://doi.org/10.1234/abcd.5679）も、（hdl:2261/12345）も参考になる"),
        [
            (Kind::Doi, "https://doi.org/10.1234/abcd.5679".into()),
            (Kind::Hdl, "hdl:2261/12345".into()),
        ]
    );
    // A letter of a script written with spaces glued in front hides a scheme; CJK does not.
    assert_eq!(read("éhttps://a.example/ жhttps://b.example/"), []);
    assert_eq!(
        read("日本https://c.example/"),
        [(Kind::Iri, "https://c.example/".into())]
    );
}

#[test]
fn a_resolver_url_without_a_doi_is_no_doi() {
    assert_eq!(
        found("See https://doi.org/10.1000/ and https://doi.org/ here."),
        [
            (
                Kind::Iri,
                "https://doi.org/10.1000/".into(),
                "https://doi.org/10.1000/",
                false
            ),
            (
                Kind::Iri,
                "https://doi.org/".into(),
                "https://doi.org/",
                false
            ),
        ]
    );
    // A shortDOI URL found as an IRI carries its name.
    assert_eq!(doi_names("https://doi.org/aabbe"), ["10/aabbe"]);
    // The doi: scheme keeps its kind, as an invalid URN stays a URN.
    assert_eq!(read("doi:10.1000/"), [(Kind::Doi, "doi:10.1000/".into())]);
}

#[test]
fn broken_lines_that_are_joined() {
    let refs = "[1] Smith J. Cells. Cell. 2020;180:1. https://doi.org/10.1016/j.cell.2020.\n    01.001\n\
                [2] Report. Available: https://www.example.org/\n    publications/2020/report.pdf\n\
                [3] The data, https://doi.org/10.5281/\nzenodo.1234567 (2021).\n\
                [4] Handbook, https://doi.org/\n    10.1000/182.\n\
                [5] Page https://example.org/a-long-\n  path/with_parts?q=1&\n  r=2, visited.\n\
                [6] DOI:\n    10.1000/183\n\
                [7] Thesis, hdl:1721.1/\n  12345.";
    assert_eq!(
        found(refs),
        [
            (
                Kind::Doi,
                "https://doi.org/10.1016/j.cell.2020.01.001".into(),
                "https://doi.org/10.1016/j.cell.2020.\n    01.001",
                false
            ),
            (
                Kind::Iri,
                "https://www.example.org/publications/2020/report.pdf".into(),
                "https://www.example.org/\n    publications/2020/report.pdf",
                false
            ),
            (
                Kind::Doi,
                "https://doi.org/10.5281/zenodo.1234567".into(),
                "https://doi.org/10.5281/\nzenodo.1234567",
                false
            ),
            (
                Kind::Doi,
                "https://doi.org/10.1000/182".into(),
                "https://doi.org/\n    10.1000/182",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/a-long-path/with_parts?q=1&r=2".into(),
                "https://example.org/a-long-\n  path/with_parts?q=1&\n  r=2",
                false
            ),
            (
                Kind::Doi,
                "DOI: 10.1000/183".into(),
                "DOI:\n    10.1000/183",
                false
            ),
            (
                Kind::Hdl,
                "hdl:1721.1/12345".into(),
                "hdl:1721.1/\n  12345",
                false
            ),
        ]
    );
    assert_eq!(
        doi_names(refs),
        [
            "10.1016/j.cell.2020.01.001",
            "10.5281/zenodo.1234567",
            "10.1000/182",
            "10.1000/183"
        ]
    );
}

#[test]
fn broken_lines_that_are_not_joined() {
    // A plain word, a list marker, another identifier, a blank line: not a continuation.
    let text = "Retrieved from https://www.example.org/files/\nAccessed 1 May 2020.\n\
                See https://example.org/a/\n[12] Next reference.\n\
                Both https://example.org/b/\nhttps://example.org/c/ are listed.\n\
                The end: https://example.org/d.\nThen 2020 came.\n\
                Last https://example.org/e/\n\n2021/x is a new paragraph.\n\
                DOI 10.1000/184.\nThe next sentence.";
    assert_eq!(
        found(text),
        [
            (
                Kind::Iri,
                "https://www.example.org/files/".into(),
                "https://www.example.org/files/",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/a/".into(),
                "https://example.org/a/",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/b/".into(),
                "https://example.org/b/",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/c/".into(),
                "https://example.org/c/",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/d".into(),
                "https://example.org/d",
                false
            ),
            (
                Kind::Iri,
                "https://example.org/e/".into(),
                "https://example.org/e/",
                false
            ),
            (
                Kind::Doi,
                "DOI 10.1000/184".into(),
                "DOI 10.1000/184",
                false
            ),
        ]
    );
}

#[test]
fn broken_lines_that_are_reported_as_truncated() {
    // It ends where an identifier rarely ends, and the next word does not say it goes on.
    assert_eq!(
        found("See https://example.org/some-\nthing else, and 10.1000/a_\nb too."),
        [
            (
                Kind::Iri,
                "https://example.org/some-".into(),
                "https://example.org/some-",
                true
            ),
            (Kind::Doi, "10.1000/a_".into(), "10.1000/a_", true),
        ]
    );
    // A DOI with no suffix before a line that cannot be one: no DOI at all.
    assert_eq!(read("10.1000/\n\"quoted\""), []);
}

#[test]
fn lines_broken_inside_angle_brackets_are_still_read_whole() {
    assert_eq!(
        read(
            "<https://example.org/a-\n  b>, and a blank line ends it: <https://example.org/c\n\nd>"
        ),
        [
            (Kind::Iri, "https://example.org/a-b".into()),
            (Kind::Iri, "https://example.org/c".into()),
        ]
    );
}

/// `(kind, text as read, truncated, bracketed)` of every identifier found, with the code of
/// the error of its reading (by its kind's rules) where it has one.
type Report = (Kind, String, bool, bool, Option<&'static str>);

fn report(text: &str) -> Vec<Report> {
    identifiers(text)
        .map(|f| {
            let error = f.read().result.err().map(|e| e.code());
            (f.kind, f.text.to_string(), f.truncated, f.bracketed, error)
        })
        .collect()
}

/// Issue 28 item 7, the wrapped DOIs: inside `<…>` the whitespace that wraps a DOI URL across
/// lines is no part of it (RFC 3986 Appendix C), so the DOI is read whole — it was cut at the
/// line end (`10.1103/PhysRev`, not even flagged), and three papers then had one key. Every
/// written form inside the brackets, indented or not, CRLF or LF.
#[test]
fn dois_wrapped_inside_angle_brackets_are_read_whole() {
    let cases = [
        "<https://doi.org/10.1103/PhysRev\nLett.128.439250>",
        "<https://doi.org/10.1103/PhysRev\r\n    Lett.128.439250>",
        "<URL:https://dx.doi.org/10.1103/PhysRev\n Lett.128.439250>",
        "< https://doi.org/10.1103/PhysRev\n\tLett.128.439250 >",
        "<doi:10.1103/PhysRev\nLett.128.439250>",
        "<https://doi.org/10.1103/PhysRev\nLett.\n128.439250>",
        "<https://doi.org/10.11\n03/PhysRevLett.128.439250>",
        "<https://doi.org/10.1103/PhysRev\nLett.128.439250\n>",
        "<https://doi.org/10.1103/Phys\nRev\nLett.128.439250>",
    ];
    for text in cases {
        let found: Vec<_> = identifiers(text).collect();
        assert_eq!(found.len(), 1, "{text:?}");
        let f = &found[0];
        assert_eq!(f.kind, Kind::Doi, "{text:?}");
        assert!(!f.truncated, "{text:?}");
        assert_eq!(
            doi_name(f).as_deref(),
            Some("10.1103/PhysRevLett.128.439250"),
            "{text:?}"
        );
        assert_eq!(&text[f.end..].trim_start()[..1], ">", "{text:?}");
    }
    // Three papers wrapped at the same place are three DOIs (issue 28: `dedupe` merged them).
    let text = "<https://doi.org/10.1103/PhysRev\nLett.128.439250>\n\
                <https://doi.org/10.1103/PhysRev\nLett.129.011101>\n\
                <https://doi.org/10.1103/PhysRev\nD.105.023520>";
    assert_eq!(
        doi_names(text),
        [
            "10.1103/PhysRevLett.128.439250",
            "10.1103/PhysRevLett.129.011101",
            "10.1103/PhysRevD.105.023520"
        ]
    );
    // The DOI finder on its own reads the brackets the same way (but where the prefix is
    // broken: no DOI starts at `10.11`, and the IRI reads as the DOI above).
    for text in cases.iter().filter(|t| !t.contains("10.11\n")) {
        let f: Vec<_> = pidkit::doi::find_iter(text).collect();
        assert_eq!(f.len(), 1, "{text:?}");
        assert_eq!(
            (f[0].doi.as_str(), f[0].truncated),
            ("10.1103/PhysRevLett.128.439250", false),
            "{text:?}"
        );
    }
}

/// Issue 28 item 7, other brackets: an identifier written right after `(`, `[`, `{` (or a `<`
/// with no `>`) that runs to its first line end before the bracket closes is joined where the
/// next word is its rest and the bracket's end, and flagged `truncated` otherwise — it was cut
/// silently.
#[test]
fn identifiers_broken_inside_other_brackets() {
    assert_eq!(
        doi_names(
            "(https://doi.org/10.1103/PhysRev\nLett.128.439250). \
             doi = {10.1103/PhysRev\n  Lett.128.439250},\n\
             [doi:10.1103/PhysRev\nD.105.023520]"
        ),
        [
            "10.1103/PhysRevLett.128.439250",
            "10.1103/PhysRevLett.128.439250",
            "10.1103/PhysRevD.105.023520"
        ]
    );
    assert_eq!(
        found("(https://example.org/paper\nv2.pdf)."),
        [(
            Kind::Iri,
            "https://example.org/paperv2.pdf".into(),
            "https://example.org/paper\nv2.pdf",
            false
        )]
    );
    // Not its end, or a plain word: it may have been cut.
    assert_eq!(
        report(
            "(https://doi.org/10.1103/PhysRev\nLett.128.439250 and more)\n\
             (https://example.org/page\nhere)\n\
             <https://doi.org/10.1103/PhysRev\nLett.128.439250 <- no closing bracket\n"
        ),
        [
            (
                Kind::Doi,
                "https://doi.org/10.1103/PhysRev".into(),
                true,
                false,
                None
            ),
            (
                Kind::Iri,
                "https://example.org/page".into(),
                true,
                false,
                None
            ),
            (
                Kind::Doi,
                "https://doi.org/10.1103/PhysRev".into(),
                true,
                false,
                None
            ),
        ]
    );
    // Brackets of another kind inside do not close it.
    assert_eq!(
        report("[https://example.org/(a)\nb]"),
        [(
            Kind::Iri,
            "https://example.org/(a)".into(),
            true,
            false,
            None
        )]
    );
    // Not right after the bracket, or a closing bracket of its kind in the identifier (here
    // balanced, which the rule does not tell from closing): the rules outside brackets.
    assert_eq!(
        report("(see https://example.org/page\nhere) (https://a.example/Foo_(bar)\nv2.1)"),
        [
            (
                Kind::Iri,
                "https://example.org/page".into(),
                false,
                false,
                None
            ),
            (
                Kind::Iri,
                "https://a.example/Foo_(bar)".into(),
                false,
                false,
                None
            ),
        ]
    );
}

/// Issue 28 item 7, the rewritten IRIs of an N-Triples file: the text of a `<…>` is reported
/// as written, with its error — not with its space left out (`http://example.org/ab/428`, a
/// valid IRI that is not in the file), not cut before a bad `%` (`http://example.org/a`).
#[test]
fn a_bracketed_iri_is_reported_as_written_with_its_error() {
    let nt = "<http://example.org/s> <http://example.org/a b/428> \"x\" .\n\
              <http://example.org/s> <http://example.org/p> <http://example.org/a%GZ/5> .\n";
    assert_eq!(
        report(nt),
        [
            (Kind::Iri, "http://example.org/s".into(), false, true, None),
            (
                Kind::Iri,
                "http://example.org/a b/428".into(),
                false,
                true,
                Some("invalid-char")
            ),
            (Kind::Iri, "http://example.org/s".into(), false, true, None),
            (Kind::Iri, "http://example.org/p".into(), false, true, None),
            (
                Kind::Iri,
                "http://example.org/a%GZ/5".into(),
                false,
                true,
                Some("bad-percent")
            ),
        ]
    );
    // The span is the brackets' text; the IRI finder gives the IRI grammar's error.
    let text = "<http://example.org/a%GZ/5>";
    let f = pidkit::extract::iris(text).next().unwrap();
    assert_eq!(
        (f.start, f.end, f.bracketed, f.relative),
        (1, 26, true, false)
    );
    assert_eq!(
        f.error.map(|e| (e.code(), e.offset)),
        Some(("bad-percent", 20))
    );
    // A DOI URL with a space is read whole too: as a DOI with a space (a warning), not as the
    // DOI before the space.
    assert_eq!(
        report("<https://doi.org/10.1000/a b>"),
        [(
            Kind::Doi,
            "https://doi.org/10.1000/a b".into(),
            false,
            true,
            None
        )]
    );
    // Outside brackets nothing changes: an IRI ends where the text stops being one.
    assert_eq!(
        report("see http://example.org/a%GZ/5 here"),
        [(Kind::Iri, "http://example.org/a".into(), false, false, None)]
    );
    // Text in brackets that is no IRI at all is not reported.
    assert_eq!(
        report("<xsl:template match=\"/\"> <a href=\"http://a.example/\">"),
        [(Kind::Iri, "http://a.example/".into(), false, false, None)]
    );
}

/// Issue 28 item 7: a relative reference inside `<…>` (N-Triples and Turtle style) is
/// reported as one; what else text puts in angle brackets is not.
#[test]
fn relative_references_inside_angle_brackets() {
    assert_eq!(
        report("<resource/9> <../a/b?q> <#me> <10.1000/182>"),
        [
            (Kind::RelativeRef, "resource/9".into(), false, true, None),
            (Kind::RelativeRef, "../a/b?q".into(), false, true, None),
            (Kind::RelativeRef, "#me".into(), false, true, None),
            (Kind::Doi, "10.1000/182".into(), false, false, None),
        ]
    );
    for not in [
        "From: Ana <ana@example.pt>",
        "</a> <br/> <p> <em>x</em>",
        "#include <sys/types.h>",
        "Vec<a/b> and Map<K,V>",
        "if a < b/c > d",
        "< resource/9>",
        "<...> <//> <>",
    ] {
        assert_eq!(report(not), [], "{not}");
    }
}

/// Issue 28 item 7: a scheme's finder that does not know `<…>` (here the handle finder) cut
/// at a line break the brackets read across: the brackets' text wins, read by its scheme.
#[test]
fn the_brackets_win_over_a_find_cut_at_their_line_break() {
    assert_eq!(
        report("<https://hdl.handle.net/20.500.12345/ab\ncd>"),
        [(
            Kind::Hdl,
            "https://hdl.handle.net/20.500.12345/abcd".into(),
            false,
            true,
            None
        )]
    );
    // A DOI inside a publisher's link, cut at the wrap: the link, whole.
    assert_eq!(
        report("<https://example.org/x?doi=10.1000/a\nb>"),
        [(
            Kind::Iri,
            "https://example.org/x?doi=10.1000/ab".into(),
            false,
            true,
            None
        )]
    );
}

#[test]
fn identifiers_is_lazy_and_resumable() {
    let text = "a https://a.example/ b doi:10.1000/1 c hdl:1/2 d urn:isbn:0451450523";
    let mut it = identifiers(text);
    assert_eq!(it.next().map(|f| f.kind), Some(Kind::Iri));
    let rest: Vec<Kind> = it.clone().map(|f| f.kind).collect();
    assert_eq!(rest, [Kind::Doi, Kind::Hdl, Kind::Urn]);
    assert_eq!(it.count(), 3);
    let mut done = identifiers("nothing here");
    assert!(done.next().is_none() && done.next().is_none());
}

/// `(start, end, kind, text)` of every identifier, offsets moved by `base`.
fn spans(text: &str, base: usize) -> Vec<(usize, usize, Kind, String, bool)> {
    identifiers(text)
        .map(|f| {
            (
                base + f.start,
                base + f.end,
                f.kind,
                f.text.into_owned(),
                f.truncated,
            )
        })
        .collect()
}

fn assert_cut_is_exact(text: &str, cut: usize) {
    let whole = spans(text, 0);
    let mut parts = spans(&text[..cut], 0);
    parts.extend(spans(&text[cut..], cut));
    assert_eq!(whole, parts, "cut at {cut} of {text:?}");
}

#[test]
fn split_points_never_change_what_is_found() {
    let text = "x https://doi.org/\n10.1000/182 y\nDOI:\n10.1000/5 z\n<http://a.example/\nb> w\n\
                https://example.org/a-\nb/c\nplain line\nhttps://example.org/d/\n[4] next\n";
    let mut at = text.len() - 1;
    let mut cuts = Vec::new();
    while let Some(cut) = split_point(text.as_bytes(), at) {
        assert_cut_is_exact(text, cut);
        cuts.push(&text[cut..]);
        at = cut - 1;
    }
    // The unsafe line ends are skipped: after "doi.org/", "DOI:", inside "<…>", after "a-";
    // "d/" may be cut after, since "[4]" is a list marker.
    assert_eq!(
        cuts.iter()
            .map(|c| c.lines().next().unwrap())
            .collect::<Vec<_>>(),
        [
            "[4] next",
            "https://example.org/d/",
            "plain line",
            "https://example.org/a-",
            "<http://a.example/",
            "DOI:",
        ]
    );
}

/// Pieces that make identifiers, broken lines, brackets and labels likely.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "https://",
        "http://a.example/",
        "doi.org/",
        "10.1000/",
        "10.1000/x",
        "DOI:",
        "doi ",
        "hdl:1/",
        "urn:isbn:0451450523",
        "<",
        ">",
        "\n",
        "\n\n",
        "\r\n",
        " ",
        "  ",
        "/",
        "-",
        "_",
        ".",
        "~",
        "=",
        "&",
        "a",
        "b2",
        "01.001",
        "[1]",
        "12.",
        "www.x",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "<URL:",
        "Lett.1)",
        "b.2}",
        "c3]",
        "d.4>",
        "\t",
        "\\/",
        "\\_",
        "。",
        "é",
        "\"",
        "x:y",
        "&amp;",
        "%2F",
        "?q=1",
        "#f",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_split_point_is_exact(pieces in prop::collection::vec(piece(), 0..60), at in 0usize..400) {
        let text: String = pieces.concat();
        if let Some(cut) = split_point(text.as_bytes(), at) {
            prop_assert!(cut <= at.min(text.len()) && text.as_bytes()[cut - 1] == b'\n');
            let whole = spans(&text, 0);
            let mut parts = spans(&text[..cut], 0);
            parts.extend(spans(&text[cut..], cut));
            prop_assert_eq!(whole, parts, "cut at {} of {:?}", cut, text);
        }
    }

    #[test]
    fn found_text_is_read_from_its_span(pieces in prop::collection::vec(piece(), 0..40)) {
        let text: String = pieces.concat();
        let mut last = 0;
        for f in identifiers(&text) {
            prop_assert!(last <= f.start && f.start < f.end && f.end <= text.len());
            prop_assert!(text.is_char_boundary(f.start) && text.is_char_boundary(f.end));
            last = f.end;
        }
    }
}
