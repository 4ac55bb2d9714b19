//! The IRI grammar (draft-duerst-iri-bis-07 §2.2, RFC 3987 §2.2, RFC 3986 §3) against the
//! external validity and component data in `../shared/conformance`, read in place.
//!
//! Every case is counted in a [`Tally`]; a case where we differ on purpose is listed right
//! here with the spec sentence that decides it. Run with `--nocapture` to see the
//! `AGREEMENT` lines docs/conformance.md quotes.

mod common;

use common::{Tally, json};
use pidkit::iri::IriParseError as ParseError;
use pidkit::{Iri, IriRef, Profile, Rule};
use serde_json::Value;

const ALL: [Profile; 3] = [Profile::IriBis, Profile::Rfc3987, Profile::Rfc3986Uri];

/// The strings of a JSON array.
fn strs(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|s| s.as_str().expect("a string"))
        .collect()
}

/// Record one case: `agree` is whether our answer matches the set's; `deliberate` the spec
/// sentence if this case is listed as a deliberate difference. A listed case on which we
/// happen to agree is itself a failure (a stale list hides regressions).
fn judge(t: &mut Tally, agree: bool, deliberate: Option<&str>, what: impl FnOnce() -> String) {
    match (agree, deliberate) {
        (true, None) => t.check(true, what),
        (false, Some(_)) => t.deliberate(),
        (false, None) => t.check(false, what),
        (true, Some(_)) => t.check(false, || {
            format!("listed as deliberate, but agrees: {}", what())
        }),
    }
}

fn lookup<'a>(list: &'a [(&str, &'a str)], input: &str) -> Option<&'a str> {
    list.iter().find(|(s, _)| *s == input).map(|(_, why)| *why)
}

fn show(r: &Result<IriRef<&str>, ParseError>) -> String {
    match r {
        Ok(_) => "accepted".into(),
        Err(e) => format!("rejected: {} at {}", e.code(), e.offset),
    }
}

/// The seed draft lets a fragment contain '#'; RFC 3987 and RFC 3986 do not.
const FRAGMENT_HASH: &str = "draft-duerst-iri-bis-07 §2.2: `ifragment = *( ipchar / \"/\" / \"?\" / \"#\" )` \
     (RFC 3987 §2.2 and RFC 3986 §3.5 have no \"#\"; the draft intends it)";

// ---------------------------------------------------------------------------------------------
// oxigraph/oxiri tests/lib.rs

#[test]
fn oxiri_validity() {
    let Some(set) = json("oxiri/validity.json") else {
        return;
    };
    let mut t = Tally::new("oxiri/validity.json");
    for s in strs(&set["valid"]) {
        for profile in [Profile::IriBis, Profile::Rfc3987] {
            let r = Iri::parse_with(s, profile);
            let ok = r.as_ref().is_ok_and(|iri| iri.as_str() == s);
            judge(&mut t, ok, None, || {
                format!("valid {s:?} under {profile:?}: {:?}", r.err())
            });
        }
    }
    for s in strs(&set["valid_relative"]) {
        for profile in [Profile::IriBis, Profile::Rfc3987] {
            let r = IriRef::parse_with(s, profile);
            judge(&mut t, r.is_ok(), None, || {
                format!("valid_relative {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    for s in strs(&set["invalid"]) {
        for profile in ALL {
            let r = IriRef::parse_with(s, profile);
            // oxiri's `invalid` list is "parse, then resolve against http://a/b/c/d;p?q must
            // fail"; every entry already fails in our parser, so none needs the resolver.
            judge(&mut t, r.is_err(), None, || {
                format!("invalid {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    // `invalid_with_base`: both strings are valid IRI references (§2.2); what fails in oxiri is
    // the resolution (base without scheme, or oxiri's own rule for `x:` + `.//C:::`). Not a
    // parser question: N/A here, asserted only to parse, and left to the resolver's tests.
    let na = set["invalid_with_base"].as_array().unwrap();
    for case in na {
        for key in ["ref", "base"] {
            let s = case[key].as_str().unwrap();
            assert!(
                IriRef::parse(s).is_ok(),
                "{key} {s:?} is a valid IRI reference"
            );
        }
    }
    println!(
        "N/A oxiri/validity.json invalid_with_base: {} resolution-only cases",
        na.len()
    );
    t.finish();
}

// ---------------------------------------------------------------------------------------------
// lo48576/iri-string tests/string_types_interop.rs, tests/gh-issues.rs

#[test]
fn iri_string_validity() {
    let Some(set) = json("iri-string/validity.json") else {
        return;
    };
    let mut t = Tally::new("iri-string/validity.json");
    let deliberate = [("##", FRAGMENT_HASH)];

    for s in strs(&set["uri_absolute_without_fragment"]) {
        for profile in ALL {
            let r = Iri::parse_absolute(s, profile).map(Iri::into_ref);
            judge(&mut t, r.is_ok(), None, || {
                format!("absolute URI {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    for s in strs(&set["uri_absolute_with_fragment"]) {
        for profile in ALL {
            let r = Iri::parse_with(s, profile).map(Iri::into_ref);
            let no_frag = Iri::parse_absolute(s, profile).map(Iri::into_ref);
            let ok = r.is_ok()
                && no_frag
                    .as_ref()
                    .is_err_and(|e| e.code() == "unexpected-fragment");
            judge(&mut t, ok, None, || {
                format!("URI with fragment {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    for s in strs(&set["uri_relative"]) {
        for profile in ALL {
            let r = IriRef::parse_relative(s, profile);
            judge(&mut t, r.is_ok(), None, || {
                format!("relative URI {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    for key in [
        "iri_absolute_without_fragment",
        "iri_absolute_with_fragment",
    ] {
        let rule = if key.ends_with("without_fragment") {
            Rule::AbsoluteIri
        } else {
            Rule::Iri
        };
        for s in strs(&set[key]) {
            // Valid IRIs that are not URIs: accepted by the IRI profiles, refused by RFC 3986.
            for profile in ALL {
                let r = IriRef::parse_rule(s, rule, profile);
                let want_ok = profile != Profile::Rfc3986Uri;
                let ok = match &r {
                    Ok(_) => want_ok,
                    Err(e) => !want_ok && e.code() == "non-ascii",
                };
                judge(&mut t, ok, None, || {
                    format!("{key} {s:?} under {profile:?}: {}", show(&r))
                });
            }
        }
    }
    for s in strs(&set["invalid"]) {
        for profile in ALL {
            let r = IriRef::parse_with(s, profile);
            let why = (profile == Profile::IriBis)
                .then(|| lookup(&deliberate, s))
                .flatten();
            judge(&mut t, r.is_err(), why, || {
                format!("invalid {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    let gh = &set["gh_issues"];
    for s in strs(&gh["valid_uri_reference"]) {
        for profile in ALL {
            let r = IriRef::parse_with(s, profile);
            judge(&mut t, r.is_ok(), None, || {
                format!("gh valid {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    for s in strs(&gh["invalid_uri_reference"]) {
        for profile in ALL {
            let r = IriRef::parse_with(s, profile);
            let ok = r
                .as_ref()
                .is_err_and(|e| matches!(e.code(), "bad-ipv6" | "bad-ipvfuture"));
            judge(&mut t, ok, None, || {
                format!("gh invalid {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    t.finish();
}

// ---------------------------------------------------------------------------------------------
// yescallop/fluent-uri-rs tests/parse.rs

/// Our answer for each of fluent-uri's invalid inputs: code and byte offset of the first
/// offending character. fluent-uri's `error_index` is where its scanner stopped; the two agree
/// where that is the offending character and differ by design where fluent-uri points past a
/// construct we point at the start of (the `%` of a bad triplet, the `[` of a bad literal, the
/// first character of a bad port), because our offset is the first offending character.
const FLUENT_OURS: &[(&str, &str, &str, usize)] = &[
    ("foo", "Uri", "missing-scheme", 0),
    (":hello", "Uri", "bad-scheme", 0),
    ("3ttp://a.com", "Uri", "bad-scheme", 0),
    ("exam=ple:foo", "Uri", "invalid-char", 4),
    ("(:", "Uri", "bad-scheme", 0),
    ("a%20:foo", "Uri", "invalid-char", 1),
    (":hello", "UriRef", "colon-in-first-segment", 0),
    ("3ttp://a.com", "UriRef", "bad-scheme", 0),
    ("exam=ple:foo", "UriRef", "colon-in-first-segment", 8),
    ("(:", "UriRef", "colon-in-first-segment", 1),
    ("a%20:foo", "UriRef", "colon-in-first-segment", 4),
    ("foo\\bar", "UriRef", "invalid-char", 3),
    ("foo%xxd", "UriRef", "bad-percent", 3),
    ("text%a", "UriRef", "bad-percent", 4),
    ("%", "UriRef", "bad-percent", 0),
    ("http://example.com:80ab", "UriRef", "bad-port", 21),
    ("http://user@example.com:80ab", "UriRef", "bad-port", 26),
    ("http://user:pass:example.com/", "UriRef", "bad-port", 12),
    ("https://[::1/", "UriRef", "bad-ipv6", 8),
    ("https://[::1]wrong", "UriRef", "invalid-char", 13),
    ("http://[:]", "UriRef", "bad-ipv6", 7),
    ("http://[]", "UriRef", "bad-ipv6", 7),
    ("http://[vG.addr]", "UriRef", "bad-ipvfuture", 7),
    ("http://[v.addr]", "UriRef", "bad-ipvfuture", 7),
    ("ftp://[vF.]", "UriRef", "bad-ipvfuture", 6),
    ("ftp://[vF.%20]", "UriRef", "bad-ipvfuture", 6),
    ("ftp://[fe80::abcd%eth0]", "UriRef", "bad-ipv6", 6),
    ("example://[44:55::66::77]", "UriRef", "bad-ipv6", 10),
    ("//[::01.1.1.1]", "UriRef", "bad-ipv6", 2),
    ("//[::00.1.1.1]", "UriRef", "bad-ipv6", 2),
];

#[test]
fn fluent_uri_parse() {
    let Some(set) = json("fluent-uri/parse.json") else {
        return;
    };
    let mut t = Tally::new("fluent-uri/parse.json");
    for s in strs(&set["valid"]) {
        for profile in ALL {
            let r = IriRef::parse_with(s, profile);
            judge(&mut t, r.is_ok(), None, || {
                format!("valid {s:?} under {profile:?}: {}", show(&r))
            });
        }
    }
    let (mut same_offset, mut compared) = (0, 0);
    for case in set["invalid"].as_array().unwrap() {
        let s = case["input"].as_str().unwrap();
        let as_uri = case["parse_as"].as_str().unwrap().starts_with("Uri ");
        let rule = if as_uri {
            Rule::Iri
        } else {
            Rule::IriReference
        };
        let ours = FLUENT_OURS
            .iter()
            .find(|(i, r, ..)| *i == s && (*r == "Uri") == as_uri)
            .unwrap_or_else(|| panic!("{s:?} ({}) is missing from FLUENT_OURS", case["parse_as"]));
        for profile in ALL {
            let r = IriRef::parse_rule(s, rule, profile);
            let ok = r
                .as_ref()
                .is_err_and(|e| (e.code(), e.offset) == (ours.2, ours.3));
            judge(&mut t, ok, None, || {
                format!(
                    "invalid {s:?} as {rule:?} under {profile:?}: {}, expected {} at {}",
                    show(&r),
                    ours.2,
                    ours.3
                )
            });
        }
        compared += 1;
        // fluent-uri counts chars, we count bytes; every input here is ASCII.
        if case["error_index"].as_u64() == Some(ours.3 as u64) {
            same_offset += 1;
        }
    }
    println!(
        "OFFSETS fluent-uri/parse.json: {same_offset}/{compared} error positions equal to fluent-uri's error_index"
    );
    t.finish();
}

// ---------------------------------------------------------------------------------------------
// apache/jena jena-iri test.xml (derived iri-properties.json)

/// jena-iri violation codes that are IRI grammar errors (RFC 3987 §2.2): characters that no
/// production allows. The other codes in the set are warnings or scheme-specific policy
/// (LOWERCASE_PREFERRED, UNREGISTERED_IANA_SCHEME, REQUIRED_COMPONENT_MISSING,
/// SCHEME_PATTERN_MATCH_FAILED, NON_INITIAL_DOT_SEGMENT, DOUBLE_DASH_IN_REG_NAME, NOT_DNS_NAME,
/// BAD_IDN, DNS_LABEL_DASH_START_OR_END, PERCENT — jena's lexer flags every `%XX` with it).
const JENA_GRAMMAR_ERRORS: &[&str] = &[
    "ILLEGAL_CHARACTER",
    "UNWISE_CHARACTER",
    "CONTROL_CHARACTER",
    "WHITESPACE",
    "DOUBLE_WHITESPACE",
    "NOT_XML_SCHEMA_WHITESPACE",
    "NON_XML_CHARACTER",
    "ILLEGAL_PERCENT_ENCODING",
];
/// A non-ASCII character: fine in an IRI, an error in a URI (RFC 3986 §2).
const JENA_URI_ONLY_ERRORS: &[&str] = &["NON_URI_CHARACTER"];

#[test]
fn jena_iri_validity() {
    let Some(set) = json("jena-iri/iri-properties.json") else {
        return;
    };
    let cases = set["cases"].as_array().unwrap();
    // jena-iri follows RFC 3987: its fragments may not contain '#'.
    let deliberate = [
        ("ht#tp://jjc3.org/demo.mp3#frag", FRAGMENT_HASH),
        ("http://jjc#3.org/demo.mp3#frag", FRAGMENT_HASH),
    ];
    for (name, profile) in [
        ("jena-iri/iri-properties.json (bis)", Profile::IriBis),
        ("jena-iri/iri-properties.json (rfc3987)", Profile::Rfc3987),
        (
            "jena-iri/iri-properties.json (rfc3986)",
            Profile::Rfc3986Uri,
        ),
    ] {
        let mut t = Tally::new(name);
        for case in cases {
            let s = case["iri"].as_str().unwrap();
            let violations = strs(&case["violations"]);
            let error = violations.iter().any(|v| {
                JENA_GRAMMAR_ERRORS.contains(v)
                    || (profile == Profile::Rfc3986Uri && JENA_URI_ONLY_ERRORS.contains(v))
            });
            let r = IriRef::parse_with(s, profile);
            let why = (profile == Profile::IriBis)
                .then(|| lookup(&deliberate, s))
                .flatten();
            judge(&mut t, r.is_ok() != error, why, || {
                format!("{s:?}: jena violations {violations:?}, we {}", show(&r))
            });
        }
        t.finish();
    }
}

#[test]
fn jena_iri_components() {
    let Some(set) = json("jena-iri/iri-properties.json") else {
        return;
    };
    let mut t = Tally::new("jena-iri/iri-properties.json (components)");
    for case in set["cases"].as_array().unwrap() {
        let s = case["iri"].as_str().unwrap();
        // Components are compared where the grammar accepts the input (jena also splits
        // invalid strings leniently; those are the validity test's business).
        let Ok(r) = IriRef::parse(s) else { continue };
        let opt = |k: &str| case[k].as_str().map(str::to_owned);
        let port = case["getPort"].as_i64().unwrap();
        let want = (
            opt("getScheme"),
            opt("getRawUserinfo"),
            opt("getRawHost"),
            (port >= 0).then(|| port.to_string()),
            opt("getRawPath").unwrap_or_default(),
            opt("getRawQuery"),
            opt("getRawFragment"),
            case["isRootless"].as_bool().unwrap(),
            case["isAbsolute"].as_bool().unwrap(),
            case["toString"].as_str().unwrap().to_owned(),
        );
        let rootless = r.is_absolute()
            && r.authority().is_none()
            && !r.path().is_empty()
            && !r.path().starts_with('/');
        let got = (
            r.scheme().map(str::to_owned),
            r.userinfo().map(str::to_owned),
            r.host_str().map(str::to_owned),
            // jena's getPort is -1 for an absent or empty port.
            r.port().filter(|p| !p.is_empty()).map(str::to_owned),
            r.path().to_owned(),
            r.query().map(str::to_owned),
            r.fragment().map(str::to_owned),
            rootless,
            r.is_absolute(),
            r.to_string(),
        );
        t.check(got == want, || format!("{s:?}: jena {want:?}, we {got:?}"));
    }
    t.finish();
}

// ---------------------------------------------------------------------------------------------
// w3c/rdf-tests negative syntax tests

#[test]
fn w3c_rdf_bad_iri_syntax() {
    let Some(set) = json("w3c-rdf-tests/bad-iri-syntax-tests.json") else {
        return;
    };
    let mut grammar = Tally::new("w3c-rdf-tests/bad-iri-syntax-tests.json (IRI grammar)");
    let mut relative =
        Tally::new("w3c-rdf-tests/bad-iri-syntax-tests.json (relative where absolute required)");
    let mut na = 0;
    for case in set["cases"].as_array().unwrap() {
        let category = case["category"].as_str().unwrap();
        let file = case["file"].as_str().unwrap();
        if category.starts_with("IRI grammar") {
            let s = case["decoded_iri"].as_str().unwrap();
            for profile in ALL {
                let r = IriRef::parse_with(s, profile);
                judge(&mut grammar, r.is_err(), None, || {
                    format!("{file}: {s:?} under {profile:?}: {}", show(&r))
                });
            }
        } else if category.starts_with("relative IRI") {
            // A valid IRI reference that is not an IRI: the grammar's start rule decides.
            let s = case["bad_iriref_raw"].as_str().unwrap();
            for profile in ALL {
                let as_ref = IriRef::parse_with(s, profile);
                let as_iri = Iri::parse_with(s, profile);
                let ok =
                    as_ref.is_ok() && as_iri.as_ref().is_err_and(|e| e.code() == "missing-scheme");
                judge(&mut relative, ok, None, || {
                    format!("{file}: {s:?} under {profile:?}: {:?}", as_iri.err())
                });
            }
        } else {
            na += 1; // Turtle/N-Triples escape syntax (`\u00ZZ`, `\n`), not an IRI question.
        }
    }
    println!("N/A w3c-rdf-tests/bad-iri-syntax-tests.json: {na} RDF escape-syntax cases");
    grammar.finish();
    relative.finish();
}

// ---------------------------------------------------------------------------------------------
// Component splits: RFC 3986 §3 / Appendix B, iri-string tests/components

fn components(r: &IriRef<&str>) -> [Option<String>; 5] {
    [
        r.scheme().map(str::to_owned),
        r.authority().map(str::to_owned),
        Some(r.path().to_owned()),
        r.query().map(str::to_owned),
        r.fragment().map(str::to_owned),
    ]
}

#[test]
fn rfc3986_parse_examples() {
    let Some(set) = json("rfc3986/parse-examples.json") else {
        return;
    };
    let mut t = Tally::new("rfc3986/parse-examples.json");
    for case in set.as_array().unwrap() {
        let s = case["uri"].as_str().unwrap();
        for profile in ALL {
            let r = Iri::parse_with(s, profile).map(Iri::into_ref);
            let Ok(r) = r else {
                t.check(false, || {
                    format!("§{} {s:?} under {profile:?}: {}", case["section"], show(&r))
                });
                continue;
            };
            let c = &case["components"];
            let ok = c.is_null()
                || components(&r)
                    == ["scheme", "authority", "path", "query", "fragment"]
                        .map(|k| c[k].as_str().map(str::to_owned));
            t.check(ok && r == s, || {
                format!("§{} {s:?}: {:?} vs {c}", case["section"], components(&r))
            });
        }
    }
    t.finish();
}

#[test]
fn iri_string_components() {
    let Some(set) = json("iri-string/components-normalization.json") else {
        return;
    };
    let mut t = Tally::new("iri-string/components-normalization.json (components)");
    for case in set["cases"].as_array().unwrap() {
        let s = case["input"].as_str().unwrap();
        let c = &case["components"];
        let want: Vec<Option<&str>> = [
            "scheme", "user", "password", "host", "port", "path", "query", "fragment",
        ]
        .iter()
        .map(|k| c[*k].as_str())
        .collect();
        let r = IriRef::parse(s);
        let Ok(r) = r else {
            t.check(false, || format!("{s:?}: {}", show(&r)));
            continue;
        };
        let (user, password) = match r.userinfo() {
            Some(u) => match u.split_once(':') {
                Some((user, pw)) => (Some(user), Some(pw)),
                None => (Some(u), None),
            },
            None => (None, None),
        };
        let got = vec![
            r.scheme(),
            user,
            password,
            r.host_str(),
            r.port(),
            Some(r.path()),
            r.query(),
            r.fragment(),
        ];
        t.check(got == want, || format!("{s:?}: set {want:?}, we {got:?}"));
    }
    t.finish();
}
