//! Property tests for DOIs: round trips through every output form, idempotence, no panics.

use pidkit::doi::{self, Doi, DoiProfile, DoiUri, is_graphic};
use proptest::prelude::*;

/// Suffix characters: ASCII graphic (and space), Latin-1 letters, combining marks, CJK,
/// look-alike punctuation, astral characters.
fn suffix_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => proptest::char::range(' ', '~'),
        1 => proptest::char::range('\u{C0}', '\u{17F}'),
        1 => proptest::char::range('\u{300}', '\u{36F}'),
        1 => proptest::char::range('\u{2010}', '\u{2044}'),
        1 => proptest::char::range('\u{4E00}', '\u{4E2F}'),
        1 => proptest::char::range('\u{10300}', '\u{1031F}'),
    ]
    .prop_filter("graphic", |c| is_graphic(*c))
}

fn doi_name() -> impl Strategy<Value = String> {
    (
        "[0-9]{1,6}(\\.[0-9a-z]{1,3}){0,2}",
        proptest::collection::vec(suffix_char(), 1..24),
    )
        .prop_map(|(reg, suffix)| format!("10.{reg}/{}", suffix.into_iter().collect::<String>()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn uri_round_trip(name in doi_name()) {
        let doi = Doi::parse(&name).unwrap();
        let uri = doi.to_uri();
        prop_assert!(uri.is_ascii());
        prop_assert_eq!(uri[4..].matches('/').count(), 1);
        prop_assert_eq!(Doi::from_uri(&uri).unwrap(), doi.clone());
        prop_assert_eq!(doi::recognize(&uri).unwrap().doi, doi.clone());
        let api = doi.api_url().to_string();
        prop_assert_eq!(doi::recognize(&api).unwrap().doi, doi);
    }

    #[test]
    fn url_round_trip(name in doi_name()) {
        let doi = Doi::parse(&name).unwrap();
        let url = doi.to_url();
        prop_assert!(url.bytes().all(|b| b.is_ascii_graphic()));
        prop_assert_eq!(doi::recognize(&url).unwrap().doi, doi);
    }

    #[test]
    fn other_forms_round_trip(name in doi_name()) {
        let doi = Doi::parse(&name).unwrap();
        let info = format!("info:doi/{}", &doi.to_uri()[4..]);
        prop_assert_eq!(doi::recognize(&info).unwrap().doi, doi.clone());
        let urn = format!("urn:doi:{}:{}", doi.prefix(), &doi.to_uri()[4 + doi.prefix().len() + 1..]);
        prop_assert_eq!(doi::recognize(&urn).unwrap().doi, doi.clone());
        let label = format!("DOI: {name}");
        if !name.ends_with(char::is_whitespace) {
            prop_assert_eq!(doi::recognize(&label).unwrap().doi, doi);
        }
    }

    #[test]
    fn equivalence_is_ascii_case_folding(name in doi_name()) {
        let doi = Doi::parse(&name).unwrap();
        let upper = name.to_ascii_uppercase();
        let lower = name.to_ascii_lowercase();
        let (u, l) = (Doi::parse(&upper).unwrap(), Doi::parse(&lower).unwrap());
        prop_assert!(doi.equivalent(&u) && doi.equivalent(&l) && u.equivalent(&l));
        prop_assert_eq!(doi.key(), u.key());
        prop_assert_eq!(u.key().to_string(), upper);
        // Unicode case mapping is not applied.
        let unicode_upper = name.to_uppercase();
        if unicode_upper.to_ascii_lowercase() != lower
            && let Ok(x) = Doi::parse(&unicode_upper) {
                prop_assert!(!doi.equivalent(&x));
            }
    }

    #[test]
    fn legacy_canonical_is_a_fixed_point(name in doi_name()) {
        let doi = Doi::parse(&name).unwrap();
        let c = doi.to_legacy_canonical();
        let again = DoiUri::parse(&c, DoiProfile::Legacy).unwrap();
        prop_assert_eq!(again.to_legacy_canonical(), c.clone());
        prop_assert!(again.doi().equivalent(&Doi::parse(&name.to_ascii_uppercase()).unwrap()));
    }

    #[test]
    fn found_in_a_sentence(reg in "[1-9][0-9]{3,5}(\\.[0-9]{1,3})?", suffix in proptest::collection::vec(suffix_char(), 0..24)) {
        // A careful reader stops at whitespace, quotes, unbalanced brackets (of any script:
        // `）` `”` `›`), markup and the sentence punctuation of other scripts (`。`), reads
        // `\_` `\#` … as BibTeX escapes, and leaves trailing punctuation out: keep those out
        // of the generated name, end it with a letter.
        use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
        let bracket = |c: char| {
            !"\u{2018}\u{2019}\u{201B}".contains(c)
                && matches!(
                    c.general_category(),
                    G::OpenPunctuation | G::ClosePunctuation | G::InitialPunctuation | G::FinalPunctuation
                )
        };
        let suffix: String = suffix
            .into_iter()
            .map(|c| {
                if c.is_whitespace() || "\"`<>&()[]{}\\".contains(c) || pidkit::extract::ends_identifier(c) || bracket(c) {
                    '-'
                } else {
                    c
                }
            })
            .collect();
        let name = format!("10.{reg}/{suffix}z");
        let doi = Doi::parse(&name).unwrap();
        let text = format!("Cited as {}. And as {}, bare: {name}.", doi.to_url(), doi.to_uri());
        let found: Vec<_> = doi::find_iter(&text).collect();
        prop_assert_eq!(found.len(), 3, "{}", text);
        prop_assert!(found.iter().all(|f| f.doi == doi), "{}", text);
    }

    #[test]
    fn nothing_panics(s in "\\PC{0,40}", t in "(doi:|https://doi.org/|urn:doi:|info:doi/|10\\.1000/|%[0-9A-F]{2}|[()<>&;#?/ ]|\\PC){0,12}") {
        for input in [&s, &t] {
            let _ = Doi::parse(input);
            let _ = Doi::parse_with(input, DoiProfile::Legacy);
            let _ = DoiUri::parse(input, DoiProfile::Current);
            let _ = DoiUri::parse(input, DoiProfile::Legacy);
            if let Ok(r) = doi::recognize(input) {
                let _ = doi::warnings(&r.doi);
                let uri = r.doi.to_uri();
                prop_assert_eq!(doi::recognize(&uri).unwrap().doi, r.doi);
            }
            if let Err(e) = doi::recognize(input) {
                prop_assert!(e.offset + e.len <= input.len());
                prop_assert!(input.is_char_boundary(e.offset));
            }
            for f in doi::find_iter(input) {
                prop_assert!(f.start < f.end && input.is_char_boundary(f.start) && input.is_char_boundary(f.end));
                prop_assert!(Doi::parse(f.doi.as_str()).is_ok());
            }
        }
    }
}
