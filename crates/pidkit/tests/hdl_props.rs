//! Property tests for handles: round trips through every written form, equivalence, the
//! typed reading's normal forms, extraction, and no panics on arbitrary text.

use pidkit::doi::is_graphic;
use pidkit::hdl::{self, Handle, HdlForm};
use pidkit::{Identifier, Level};
use proptest::prelude::*;

/// Handle characters: ASCII graphic (and space), Latin-1 letters, combining marks, CJK,
/// look-alike punctuation, astral characters.
fn name_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => proptest::char::range(' ', '~'),
        1 => proptest::char::range('\u{C0}', '\u{17F}'),
        1 => proptest::char::range('\u{300}', '\u{36F}'),
        1 => proptest::char::range('\u{2010}', '\u{2044}'),
        1 => proptest::char::range('\u{4E00}', '\u{4E2F}'),
        1 => proptest::char::range('\u{10300}', '\u{1031F}'),
    ]
    .prop_filter("printable", |c| is_graphic(*c))
}

/// A prefix segment: anything printable but `.` and `/`, mostly digits as assigned.
fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[0-9]{1,6}",
        1 => proptest::collection::vec(name_char().prop_filter("no . or /", |c| *c != '.' && *c != '/'), 1..6)
            .prop_map(|v| v.into_iter().collect()),
    ]
}

fn handle_name() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(segment(), 1..4),
        proptest::collection::vec(name_char(), 1..24),
    )
        .prop_map(|(segments, local)| {
            format!(
                "{}/{}",
                segments.join("."),
                local.into_iter().collect::<String>()
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn uri_round_trip(name in handle_name()) {
        let h = Handle::parse(&name).unwrap();
        let uri = h.to_uri();
        prop_assert!(uri.is_ascii() && !uri.contains(['?', '#', ' ']));
        prop_assert_eq!(uri[4..].matches('/').count(), 1);
        let r = hdl::recognize(&uri).unwrap();
        prop_assert_eq!((&r.handle, r.form), (&h, HdlForm::Uri));
        let info = format!("info:hdl/{}", &uri[4..]);
        prop_assert_eq!(hdl::recognize(&info).unwrap().handle, h.clone());
        let api = h.api_url().to_string();
        let r = hdl::recognize(&api).unwrap();
        prop_assert_eq!((&r.handle, r.form), (&h, HdlForm::HandleApi));
        prop_assert!(r.warnings().iter().all(|w| w.code != hdl::codes::QUERY));
    }

    #[test]
    fn url_round_trip(name in handle_name()) {
        let h = Handle::parse(&name).unwrap();
        let url = h.to_url();
        prop_assert!(url.bytes().all(|b| b.is_ascii_graphic()));
        let r = hdl::recognize(&url).unwrap();
        prop_assert_eq!((&r.handle, r.form), (&h, HdlForm::Url));
        let http = url.replacen("https://", "http://", 1);
        prop_assert_eq!(hdl::recognize(&http).unwrap().handle, h.clone());
        let with_query = format!("{url}?noredirect#x");
        let r = hdl::recognize(&with_query).unwrap();
        prop_assert_eq!((r.query(), r.fragment()), (Some("noredirect"), Some("x")));
        prop_assert_eq!(r.handle, h);
    }

    #[test]
    fn equivalence_is_ascii_case_folding(name in handle_name()) {
        let h = Handle::parse(&name).unwrap();
        let upper = name.to_ascii_uppercase();
        let lower = name.to_ascii_lowercase();
        let (u, l) = (Handle::parse(&upper).unwrap(), Handle::parse(&lower).unwrap());
        prop_assert!(h.equivalent(&u) && h.equivalent(&l) && u.equivalent(&l));
        prop_assert_eq!(h.key(), l.key());
        prop_assert_eq!(u.key().to_string(), upper.clone());
        prop_assert_eq!(h.key_uri(), l.key_uri());
        // The typed reading: every form of the handle has one key, and it is a fixed point.
        let key = Identifier::parse(&h.to_uri()).unwrap().key(Level::Scheme).as_str().to_owned();
        for form in [u.to_url(), l.api_url().to_string()] {
            let id = Identifier::parse(&form).unwrap();
            let k = id.key(Level::Scheme);
            prop_assert_eq!(k.as_str(), key.as_str());
        }
        let again = Identifier::parse(&key).unwrap();
        let again_key = again.key(Level::Scheme);
        prop_assert_eq!(again_key.as_str(), key.as_str());
        // Unicode case mapping is not applied.
        let unicode_upper = name.to_uppercase();
        if unicode_upper.to_ascii_lowercase() != lower
            && let Ok(x) = Handle::parse(&unicode_upper) {
                prop_assert!(!h.equivalent(&x));
            }
    }

    #[test]
    fn found_in_a_sentence(prefix in "[1-9][0-9]{0,4}(\\.[0-9]{1,5}){0,2}", local in proptest::collection::vec(name_char(), 0..24)) {
        // A careful reader stops at whitespace, characters URIs cannot hold, unbalanced
        // brackets and entities, and leaves trailing punctuation out: keep those out of the
        // generated name, end it with a letter.
        let local: String = local
            .into_iter()
            .map(|c| if c.is_whitespace() || "\"`<>&()[]{}|\\^?#%".contains(c) { '-' } else { c })
            .collect();
        let name = format!("{prefix}/{local}z");
        let h = Handle::parse(&name).unwrap();
        let text = format!("Cited as {}. And as {}, or <{}>.", h.to_url(), h.uri(), h.api_url());
        let found: Vec<_> = hdl::find_iter(&text).collect();
        prop_assert_eq!(found.len(), 3, "{}", text);
        prop_assert!(found.iter().all(|f| f.handle == h), "{}", text);
        let all: Vec<_> = pidkit::extract::identifiers(&text).collect();
        prop_assert_eq!(all.len(), 3, "{}", text);
        prop_assert!(all.iter().all(|f| f.kind == pidkit::Kind::Hdl), "{}", text);
    }

    #[test]
    fn nothing_panics(s in "\\PC{0,40}", t in "(hdl:|info:hdl/|https://hdl.handle.net/|api/handles/|10\\.1000/|%[0-9A-F]{2}|[()<>&;#?/. ]|\\PC){0,12}") {
        for input in [&s, &t] {
            let _ = Handle::parse(input);
            match hdl::recognize(input) {
                Ok(r) => {
                    let _ = r.warnings();
                    let _ = r.details();
                    let (uri, url) = (r.handle.to_uri(), r.handle.to_url());
                    prop_assert_eq!(&hdl::recognize(&uri).unwrap().handle, &r.handle);
                    prop_assert_eq!(&hdl::recognize(&url).unwrap().handle, &r.handle);
                }
                Err(e) => {
                    prop_assert!(e.offset + e.len <= input.len());
                    prop_assert!(input.is_char_boundary(e.offset));
                }
            }
            for f in hdl::find_iter(input) {
                prop_assert!(f.start < f.end && input.is_char_boundary(f.start) && input.is_char_boundary(f.end));
                prop_assert!(Handle::parse(f.handle.as_str()).is_ok());
            }
        }
    }
}
