//! Tests of the ARK unit against every ARK example of draft-kunze-ark (section by section), the equivalences of "Normalization and Lexical Equivalence", error offsets, and properties.

use super::*;
use crate::ErrorCode;

fn ark(s: &str) -> Ark<'_> {
    Ark::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn key(s: &str) -> String {
    ark(s).key().into_owned()
}

/// The code, offset and length of the error of `s`.
fn err(s: &str) -> (&'static str, usize, usize) {
    match Ark::parse(s) {
        Ok(a) => panic!("{s:?} parsed: {a:?}"),
        Err(e) => (e.code(), e.offset, e.len),
    }
}

fn warning_codes(s: &str) -> Vec<&'static str> {
    ark(s).warnings().iter().map(|w| w.code.as_str()).collect()
}

fn all_equivalent(arks: &[&str]) {
    let k = key(arks[0]);
    for a in arks {
        assert_eq!(key(a), k, "{a:?} and {:?}", arks[0]);
        assert!(ark(a).equivalent(&ark(arks[0])));
    }
}

fn all_different(arks: &[&str]) {
    for (i, a) in arks.iter().enumerate() {
        for b in &arks[i + 1..] {
            assert_ne!(key(a), key(b), "{a:?} and {b:?}");
        }
    }
}

// --- "Informative references": the spec's own ARKs, at N2T in the old label form. ---

#[test]
fn references_are_arks_with_noid_check_characters() {
    for s in [
        "https://n2t.net/ark:/13030/c7x921j3h",
        "https://n2t.net/ark:/13030/c7n00zt1z",
        "https://n2t.net/ark:/13030/c7sn0141m",
        "https://n2t.net/ark:/13030/c7rr1pm49",
        "https://n2t.net/ark:/13030/c7833mx7t",
    ] {
        let a = ark(s);
        assert_eq!(
            (a.nma(), a.naan(), a.shoulder()),
            (Some("n2t.net"), "13030", Some("c7"))
        );
        assert_eq!(a.label_form(), "ark:/");
        assert_eq!(a.key(), s.replace("https://n2t.net/ark:/", "ark:"));
        // Minted by NOID with a check character: they verify.
        a.verify_check_char().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert!(Ark::parse_with(s, ArkOptions { check_char: true }).is_ok());
        // Written forms are not problems: the NMA and the old label are left out of the
        // normal form (normalize says so), not warned about.
        assert!(warning_codes(s).is_empty(), "{s}");
    }
}

// --- "ARK Anatomy" ---

#[test]
fn anatomy() {
    let a = ark("https://example.org/ark:12345/x6np1wh8k/c3/s5.v7.xsl");
    assert_eq!(a.resolver_service(), Some("https://example.org/"));
    assert_eq!(a.nma(), Some("example.org"));
    assert_eq!((a.label(), a.label_form()), ("ark:", "ark:"));
    assert_eq!(a.naan(), "12345");
    assert_eq!(
        (a.name(), a.shoulder(), a.blade()),
        ("x6np1wh8k", Some("x6"), "np1wh8k")
    );
    assert_eq!(a.qualifier(), Some("/c3/s5.v7.xsl"));
    assert_eq!(a.check_zone(), "12345/x6np1wh8k");
    assert_eq!((a.inflection(), a.query()), (None, None));
    assert_eq!(a.to_ark_uri(), "ark:12345/x6np1wh8k/c3/s5.v7.xsl");
    assert_eq!(a.key(), "ark:12345/x6np1wh8k/c3/s5.v7.xsl");
    assert_eq!(
        a.to_n2t_url(),
        "https://n2t.net/ark:12345/x6np1wh8k/c3/s5.v7.xsl"
    );
    assert_eq!(
        a.nma_url().as_deref(),
        Some("https://example.org/ark:12345/x6np1wh8k/c3/s5.v7.xsl")
    );
}

#[test]
fn anatomy_table_compact_and_fully_qualified_forms() {
    // The NAAN's compact form `ark:12345` names an authority, not an object: no Name.
    assert_eq!(err("ark:12345"), ("ark-missing-slash", 9, 0));
    assert_eq!(
        err("https://example.org/ark:12345"),
        ("ark-missing-slash", 29, 0)
    );
    // The shoulder's forms are ARKs whose Name is the shoulder alone.
    for s in ["ark:12345/x6", "https://example.org/ark:12345/x6"] {
        let a = ark(s);
        assert_eq!((a.name(), a.shoulder(), a.blade()), ("x6", Some("x6"), ""));
    }
}

// --- "The Name Mapping Authority (NMA)" ---

#[test]
fn nma_is_identity_inert() {
    let arks = [
        "http://example.org/rslvr/ark:12345/x6np1wh8k",
        "https://example.com/ark:12345/x6np1wh8k",
        "ark:12345/x6np1wh8k",
    ];
    all_equivalent(&arks);
    let a = ark(arks[0]);
    assert_eq!(a.nma(), Some("example.org/rslvr"));
    assert_eq!(a.resolver_service(), Some("http://example.org/rslvr/"));
    assert_eq!(ark(arks[1]).nma(), Some("example.com"));
    assert_eq!(ark(arks[2]).nma(), None);
    assert_eq!(ark(arks[2]).nma_url(), None);
}

#[test]
fn nma_forms() {
    for (s, nma) in [
        (
            "https://lhc.nlm.nih.gov:8080/ark:12026/x1",
            "lhc.nlm.nih.gov:8080",
        ),
        ("HTTPS://N2T.NET/ARK:12345/x1", "N2T.NET"),
        ("http://[2001:db8::1]/ark:12345/x1", "[2001:db8::1]"),
        ("https://192.0.2.1/a/b/ark:12345/x1", "192.0.2.1/a/b"),
        ("https://例え.jp/ark:12345/x1", "例え.jp"),
        ("https://ark.example/ark:12345/x1", "ark.example"),
        ("http://ark:80/ark:12345/x1", "ark:80"),
    ] {
        assert_eq!(ark(s).nma(), Some(nma), "{s}");
    }
    // The path ends at the first "/ark:".
    assert_eq!(err("https://h/ark:/ark:12345/x1"), ("ark-naan-char", 15, 1));
}

#[test]
fn nma_errors() {
    assert_eq!(
        err("ftp://example.org/ark:12345/x"),
        ("ark-nma-scheme", 0, 3)
    );
    assert_eq!(err("doi:x/ark:12345/x"), ("ark-nma-scheme", 0, 3));
    assert_eq!(
        err("https://user@example.org/ark:12345/x"),
        ("ark-nma-userinfo", 8, 5)
    );
    assert_eq!(err("https:///ark:12345/x"), ("ark-nma-host", 8, 0));
    assert_eq!(err("https:example.org/ark:12345/x"), ("ark-nma-host", 6, 0));
    assert_eq!(
        err("https://exa mple.org/ark:12345/x"),
        ("ark-nma-invalid", 11, 1)
    );
    assert_eq!(
        err("https://example.org:8o/ark:12345/x"),
        ("ark-nma-invalid", 21, 1)
    );
    let e = Ark::parse("https://exa mple.org/ark:12345/x").unwrap_err();
    assert_eq!(e.hint().as_deref(), Some("percent-encode the space as %20"));
}

// --- "The ARK Label Part (ark:)" ---

#[test]
fn old_and_new_labels_are_equivalent() {
    all_equivalent(&["ark:/12345/x6np1wh8k", "ark:12345/x6np1wh8k"]);
    assert_eq!(ark("ark:/12345/x6np1wh8k").label_form(), "ark:/");
    assert_eq!(ark("ark:12345/x6np1wh8k").label_form(), "ark:");
    // The label is case-insensitive on input.
    all_equivalent(&[
        "ARK:12345/x6np1wh8k",
        "Ark:/12345/x6np1wh8k",
        "aRk:12345/x6np1wh8k",
    ]);
    assert_eq!(ark("ARK:/12345/x").label(), "ARK:/");
    assert_eq!(
        warning_codes("ARK:/12345/x"),
        ["ark-label-case", "ark-transient-naan"]
    );
}

#[test]
fn not_arks() {
    for s in [
        "",
        "12345/x6np1wh8k",
        "urn:ark:12345/x",
        "https://example.org/arkansas",
        "https://example.org/x?q=/ark:12345/x",
        "https://example.org/x#/ark:12345/x",
        "x ark:12345/x",
    ] {
        let (code, offset, len) = err(s);
        assert_eq!((code, offset, len), ("ark-not-ark", 0, s.len()), "{s:?}");
    }
    let e = Ark::parse("12345/x").unwrap_err();
    assert!(e.to_string().starts_with("not an ARK"));
    assert!(e.hint().unwrap().contains("ark:NAAN/Name"));
}

// --- "The Name Assigning Authority Number (NAAN)" ---

#[test]
fn naan_is_betanumeric_and_case_insensitive() {
    let digits_and_consonants = "bcdfghjkmnpqrstvwxz0123456789";
    let a = format!("ark:{digits_and_consonants}/x");
    assert_eq!(ark(&a).naan(), digits_and_consonants);
    all_equivalent(&["ark:B1234/x", "ark:b1234/x"]);
    assert_eq!(key("ark:BCDFG/X"), "ark:bcdfg/X");
    // Vowels, 'l' and 'y' are not betanumeric.
    for (s, at) in [
        ("ark:12a45/x", 6),
        ("ark:1l/x", 5),
        ("ark:1y/x", 5),
        ("ark:E/x", 4),
    ] {
        assert_eq!(err(s), ("ark-naan-char", at, 1), "{s}");
    }
    assert!(
        Ark::parse("ark:12a45/x")
            .unwrap_err()
            .hint()
            .unwrap()
            .contains("no vowels")
    );
    assert_eq!(err("ark:12345.x"), ("ark-naan-char", 9, 1));
    assert_eq!(err("ark:12_45/x"), ("ark-naan-char", 6, 1));
    assert_eq!(err("ark:1é/x"), ("ark-naan-char", 5, 2));
    assert_eq!(err("ark:12 45/x"), ("ark-whitespace", 6, 1));
}

#[test]
fn naan_length() {
    // At least 16 octets must be supported; long NAANs are read up to MAX_NAAN_LEN bytes.
    let n16 = "1".repeat(16);
    assert_eq!(ark(&format!("ark:{n16}/x")).naan(), n16);
    let max = "2".repeat(MAX_NAAN_LEN);
    assert!(Ark::parse(&format!("ark:{max}/x")).is_ok());
    let over = format!("ark:{max}3/x");
    assert_eq!(err(&over), ("ark-naan-too-long", 4, MAX_NAAN_LEN + 1));
    assert!(warning_codes(&format!("ark:{n16}/x")).contains(&"ark-naan-form"));
}

#[test]
fn naan_missing() {
    assert_eq!(err("ark:"), ("ark-naan-empty", 4, 0));
    assert_eq!(err("ark:/"), ("ark-naan-empty", 5, 0));
    // `ark:/` then a betanumeric Name and no NAAN: the Name reads as a NAAN.
    assert_eq!(err("ark:/x6np1wh8k"), ("ark-missing-slash", 14, 0));
    let e = Ark::parse("ark://12345/x").unwrap_err();
    assert_eq!((e.code(), e.offset, e.len), ("ark-naan-empty", 5, 1));
    assert_eq!(
        e.hint().as_deref(),
        Some("remove the extra '/': ark:12345/… or ark:/12345/…")
    );
    assert_eq!(err("ark:---/x"), ("ark-naan-empty", 4, 3));
    assert_eq!(err("ark:?info"), ("ark-naan-empty", 4, 0));
    assert_eq!(err("ark:12345?info"), ("ark-missing-slash", 9, 0));
}

#[test]
fn shared_naans() {
    assert_eq!(warning_codes("ark:12345/x54"), ["ark-transient-naan"]);
    assert_eq!(warning_codes("ark:99999/fk4x54"), ["ark-transient-naan"]);
    assert!(warning_codes("ark:99152/t4x54").is_empty());
    assert!(warning_codes("ark:99166/w6x54").is_empty());
    let w = &ark("ark:99999/fk4x54").warnings()[0];
    assert_eq!((w.offset, w.len), (4, 5));
    assert!(w.message.contains("test"));
}

// --- "The Name Part" and "Optional: Shoulders" ---

#[test]
fn name_is_required() {
    assert_eq!(err("ark:12345/"), ("ark-name-empty", 10, 0));
    assert_eq!(err("ark:12345//"), ("ark-name-empty", 10, 1));
    assert_eq!(err("ark:12345/-/.-"), ("ark-name-empty", 10, 4));
    assert_eq!(err("ark:12345/?info"), ("ark-name-empty", 10, 0));
    // "all strings beginning with "ark:12345/"" (Assigners of ARKs): a prefix, not an ARK.
    assert_eq!(
        err("https://digital.library.unt.edu/ark:/67531/"),
        ("ark-name-empty", 43, 0)
    );
}

#[test]
fn primordinal_shoulders() {
    let a = ark("ark:12345/x6np1wh8k/c2/s4.pdf");
    assert_eq!(
        (a.shoulder(), a.blade(), a.qualifier()),
        (Some("x6"), "np1wh8k", Some("/c2/s4.pdf"))
    );
    assert!(!warning_codes("ark:12345/x6np1wh8k/c2/s4.pdf").contains(&"ark-shoulder-slash"));
    // "INCORRECT": a '/' between shoulder and blade.
    let wrong = ark("ark:12345/x6/np1wh8k/c2/s4.pdf");
    assert_eq!(
        (wrong.name(), wrong.shoulder(), wrong.blade()),
        ("x6", Some("x6"), "")
    );
    let w = wrong.warnings();
    let w = w.iter().find(|w| w.code == codes::SHOULDER_SLASH).unwrap();
    assert_eq!((w.offset, w.len), (12, 1));
    for (s, sh) in [
        ("ark:12148/bpt6k5619759j", Some("bpt6")),
        ("ark:99999/fk4x54", Some("fk4")),
        ("ark:13030/c7n00zt1z", Some("c7")),
        ("ark:67531/metadc107835", None), // vowels
        ("ark:12345/123456", None),       // no consonant
        ("ark:12345/X6np", None),         // uppercase is not betanumeric
        ("ark:12345/xyz", None),          // no digit
        ("ark:12345/x-6np", None),        // the shoulder as written
        ("ark:12345/x6-np1wh8k", Some("x6")),
    ] {
        assert_eq!(ark(s).shoulder(), sh, "{s}");
    }
    assert_eq!(ark("ark:12345/x6-np1wh8k").blade(), "-np1wh8k");
}

// --- "The Qualifier Part", "ARKs that Reveal Object Hierarchy" and "… Object Variants" ---

#[test]
fn qualifier_is_component_path_then_variant_path() {
    let a = ark("https://example.org/ark:12345/x6np1wh8k/c3/s5.v7.xsl");
    assert_eq!(a.qualifier(), Some("/c3/s5.v7.xsl"));
    assert_eq!(ark("ark:12345/x6np1wh8k").qualifier(), None);
}

#[test]
fn hierarchy() {
    let arks = ["ark:12345/x54/xz/321", "ark:12345/x54/xz", "ark:12345/x54"];
    all_different(&arks);
    for s in arks {
        assert_eq!(ark(s).name(), "x54");
    }
    assert_eq!(ark(arks[0]).qualifier(), Some("/xz/321"));
    // No slashes, no declared relatedness: five names.
    let flat = [
        "ark:12345/x54_xz_321",
        "ark:12345/x54_xz",
        "ark:12345/x54xz321",
        "ark:12345/x54xz",
        "ark:12345/x54",
    ];
    all_different(&flat);
    for s in flat {
        assert_eq!((ark(s).name(), ark(s).qualifier()), (&s[10..], None));
    }
}

#[test]
fn slashes_need_non_structural_characters_on_both_sides() {
    // "initial or final slashes may be removed, and double slashes may be converted into
    // single slashes."
    all_equivalent(&[
        "ark:12345/x54/xz",
        "ark:12345//x54//xz/",
        "ark:12345/x54/xz//",
        "ark:/12345//x54/xz",
    ]);
    assert_eq!(warning_codes("ark:13030/x54//xz"), ["ark-structural"]);
    let w = &ark("ark:13030/x54//xz").warnings()[0];
    assert_eq!((w.offset, w.len), (14, 1));
    assert_eq!(ark("ark:12345//x54/xz").name(), "x54");
}

#[test]
fn variants() {
    for s in [
        "ark:12345/x54.24",
        "ark:12345/x4z/x54.24",
        "ark:12345/x54.v18.fr.odf",
    ] {
        assert!(Ark::parse(s).is_ok(), "{s}");
    }
    assert_eq!(ark("ark:12345/x4z/x54.24").qualifier(), Some("/x54.24"));
    // Variants of each other: one root name.
    let siblings = [
        "ark:12345/x54.v18.fr.odf",
        "ark:12345/x54.321xz",
        "ark:12345/x54.44",
    ];
    all_different(&siblings);
    for s in siblings {
        assert_eq!(ark(s).name(), "x54");
    }
    // Publishing x54.v18.fr.odf implies these four.
    all_different(&[
        "ark:12345/x54.v18.fr.odf",
        "ark:12345/x54.v18.fr",
        "ark:12345/x54.v18",
        "ark:12345/x54",
    ]);
    // "initial or final periods may be removed, and adjacent periods may be converted into a
    // single period."
    all_equivalent(&[
        "ark:12345/x54.v18",
        "ark:12345/.x54..v18.",
        "ark:12345/x54.v18...",
    ]);
}

// --- "Character Repertoires" ---

#[test]
fn repertoire() {
    assert!(Ark::parse("ark:12345/aZ09=~*+@_$%25-./x").is_ok());
    for (s, code, at, len) in [
        ("ark:12345/x#1", "ark-char", 11, 1),
        ("ark:12345/x:1", "ark-char", 11, 1),
        ("ark:12345/x,1", "ark-char", 11, 1),
        ("ark:12345/x!", "ark-char", 11, 1),
        ("ark:12345/x\u{7f}", "ark-char", 11, 1),
        ("ark:12345/x\u{0}", "ark-char", 11, 1),
        ("ark:12345/x y", "ark-whitespace", 11, 1),
        ("ark:12345/x\ny", "ark-whitespace", 11, 1),
        ("ark:12345/x\u{A0}y", "ark-whitespace", 11, 2),
        ("ark:12345/xé", "ark-non-ascii", 11, 2),
        ("ark:12345/x😀", "ark-non-ascii", 11, 4),
        (" ark:12345/x", "ark-whitespace", 0, 1),
        ("ark:12345/x%", "ark-bad-percent", 11, 1),
        ("ark:12345/x%4", "ark-bad-percent", 11, 1),
        ("ark:12345/x%4g", "ark-bad-percent", 11, 1),
        ("ark:12345/x%-41", "ark-bad-percent", 11, 1),
        ("ark:12345/x%é", "ark-bad-percent", 11, 1),
    ] {
        assert_eq!(err(s), (code, at, len), "{s:?}");
    }
    let e = Ark::parse("ark:12345/xé").unwrap_err();
    assert_eq!(
        e.hint().as_deref(),
        Some("percent-encode 'é' (U+00E9) as %C3%A9")
    );
    let e = Ark::parse("ark:12345/x}").unwrap_err();
    assert_eq!(e.hint().as_deref(), Some("percent-encode '}' as %7D"));
    assert_eq!(
        Ark::parse("ark:12345/x%").unwrap_err().hint().as_deref(),
        Some("write a literal '%' as %25")
    );
}

#[test]
fn structural_characters_at_the_end_are_ignored() {
    // "The characters '/' and '.' are ignored if either appears as the last character".
    all_equivalent(&[
        "ark:12345/x54",
        "ark:12345/x54/",
        "ark:12345/x54.",
        "ark:12345/x54./",
    ]);
}

#[test]
fn hyphens_are_identity_inert() {
    all_equivalent(&[
        "ark:12345/x5-4-xz-321",
        "https://sneezy.dopey.com/ark:12345/x54--xz32-1",
        "ark:12345/x54xz321",
    ]);
    assert_eq!(key("ark:12345/x5-4-xz-321"), "ark:12345/x54xz321");
    assert_eq!(warning_codes("ark:13030/x5-4-xz-321"), ["ark-hyphen"]);
    let w = &ark("ark:13030/x5-4-xz-321").warnings()[0];
    assert_eq!((w.offset, w.len), (12, 1));
    assert!(w.message.starts_with("3 hyphens"));
    // Also in the NAAN, and around structural characters.
    all_equivalent(&["ark:13-030/x54", "ark:13030/x54", "ark:13030/-x54-/"]);
}

#[test]
fn hyphen_like_characters() {
    // U+00AD and U+2010 to U+2015 arrive in place of hyphens: removed like them.
    for c in [
        '\u{AD}', '\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2015}',
    ] {
        let s = format!("ark:13030/x54{c}xz321");
        assert_eq!(key(&s), "ark:13030/x54xz321", "{s}");
        let w = ark(&s).warnings();
        assert_eq!(w.len(), 1);
        assert_eq!(
            (w[0].code, w[0].offset, w[0].len),
            (codes::HYPHEN_LIKE, 13, c.len_utf8())
        );
    }
    // U+2212 MINUS SIGN is not one.
    assert_eq!(err("ark:13030/x54\u{2212}xz"), ("ark-non-ascii", 13, 3));
    assert_eq!(key("ark:13\u{2013}030/x"), "ark:13030/x");
}

#[test]
fn percent_encoding() {
    // Step 5: the two characters after '%' are uppercased; nothing is decoded.
    all_equivalent(&["ark:13030/x%7db", "ark:13030/x%7Db"]);
    all_different(&["ark:13030/x%7Db", "ark:13030/x%7DB"]);
    assert_eq!(key("ark:13030/x%7db"), "ark:13030/x%7Db");
    assert_eq!(key("ark:13030/x%2fb"), "ark:13030/x%2Fb");
    // "use %ACT instead of %acT": the T is not part of the encoding.
    assert_eq!(key("ark:13030/x%acT"), "ark:13030/x%ACT");
    let w = ark("ark:13030/x%acT").warnings();
    assert_eq!(
        (w[0].code, w[0].offset, w[0].len),
        (codes::PERCENT_CASE, 11, 3)
    );
    // Never encode what needs no encoding; encode reserved characters only to conceal them.
    assert_eq!(warning_codes("ark:13030/x%41"), ["ark-encoded-unreserved"]);
    assert_eq!(warning_codes("ark:13030/x%2F"), ["ark-encoded-reserved"]);
    assert!(warning_codes("ark:13030/x%25").is_empty());
    // An encoded structural character is not structural.
    all_different(&["ark:13030/x%2Fy", "ark:13030/x/y"]);
    assert_eq!(ark("ark:13030/x%2Fy").name(), "x%2Fy");
}

#[test]
fn long_arks() {
    let name = "x".repeat(300);
    let s = format!("ark:13030/{name}");
    assert_eq!(warning_codes(&s), ["ark-long"]);
    assert!(warning_codes(&format!("ark:13030/{}", "x".repeat(245))).is_empty());
}

// --- "Normalization and Lexical Equivalence" ---

#[test]
fn the_required_equivalence() {
    let a = ark("https://n2t.net/ark:/12345/x6-np1wh8k/page.v2/");
    let b = ark("ark:12345/x6np1wh8k/page.v2");
    assert_eq!(a.key(), "ark:12345/x6np1wh8k/page.v2");
    assert_eq!(a.key(), b.key());
    assert!(matches!(b.key(), Cow::Borrowed(_)));
}

#[test]
fn each_step_in_order() {
    let n = ark("https://n2t.net/ARK:/B2345/x6-np1%2fwh8k//page.v2/?info").normalize();
    assert_eq!(n.text, "ark:b2345/x6np1%2Fwh8k/page.v2");
    let got: Vec<String> = n.removed.iter().map(Removal::to_string).collect();
    assert_eq!(
        got,
        [
            "step 1: removed the Resolver Service 'https://n2t.net/' (its NMA 'n2t.net' is identity inert)",
            "step 2: removed the inflection '?info'",
            "step 3: converted the label 'ARK:/' to 'ark:'",
            "step 4: lowercased the NAAN 'B2345'",
            "step 5: uppercased the hex digits of 1 %-encoded octet",
            "step 6: removed 1 hyphen",
            "step 7: noted the inflection '?info'",
            "step 8: removed 2 structural characters ('/' or '.') at the ends or in a row",
        ]
    );
    let q = ark("ark:12345/x?a=b").normalize();
    assert_eq!(
        q.removed[0].to_string(),
        "step 2: removed the query string '?a=b'"
    );
    assert_eq!(q.text, "ark:12345/x");
}

#[test]
fn step_2_removes_queries_and_inflections() {
    all_equivalent(&[
        "ark:67531/metadc107835",
        "ark:67531/metadc107835?info",
        "ark:67531/metadc107835?",
        "ark:67531/metadc107835??",
        "ark:67531/metadc107835?x=1&y=%20",
    ]);
}

#[test]
fn step_3_only_the_label_loses_its_slash() {
    all_equivalent(&["ark:/12345/x", "ARK:/12345/x", "ark:12345/x"]);
    assert_eq!(key("ARK:/12345/X"), "ark:12345/X");
}

#[test]
fn steps_4_and_5_keep_the_case_of_everything_else() {
    // "Comparisons between normalized ARKs are case-sensitive".
    all_different(&["ark:12345/X6NP1WH8K", "ark:12345/x6np1wh8k"]);
    assert_eq!(key("ark:12345/X6NP1WH8K"), "ark:12345/X6NP1WH8K");
    all_different(&["ark:12345/x/Page", "ark:12345/x/page"]);
}

#[test]
fn step_6_before_step_8_before_step_9() {
    // Hyphens go first, so these are rows of structural characters.
    assert_eq!(key("ark:12345/x-/-/y"), "ark:12345/x/y");
    assert_eq!(key("ark:12345/x.-.y"), "ark:12345/x.y");
    // Step 8 replaces "./" by '.', so no component is left between a period and a slash.
    assert_eq!(key("ark:12345/x54./page"), "ark:12345/x54.page");
    // A final slash goes at step 8: not a period-slash component.
    assert_eq!(key("ark:12345/x54/page.v2/"), "ark:12345/x54/page.v2");
}

#[test]
fn step_9_rejects_a_period_component_slash() {
    assert_eq!(err("ark:12345/x54.v2/page"), ("ark-variant-path", 13, 4));
    assert_eq!(err("ark:12345/x54/a.b.c/d"), ("ark-variant-path", 17, 3));
    assert_eq!(
        err("https://n2t.net/ark:12345/x54.v2//page"),
        ("ark-variant-path", 29, 4)
    );
    // The span covers hyphens and extra slashes between.
    assert_eq!(err("ark:12345/x54.v-2-//page"), ("ark-variant-path", 13, 6));
    let e = Ark::parse("ark:12345/x54.v2/page").unwrap_err();
    assert!(e.to_string().contains("step 9"));
    assert!(e.hint().unwrap().contains("x54/page.v2"));
}

#[test]
fn normal_forms_borrow_when_they_can() {
    for s in [
        "ark:12345/x6np1wh8k",
        "https://n2t.net/ark:12345/x6np1wh8k?info",
    ] {
        assert!(
            matches!(ark(s).key(), Cow::Borrowed("ark:12345/x6np1wh8k")),
            "{s}"
        );
    }
    assert!(matches!(
        ark("ark:12345/x6np1wh8k").to_ark_uri(),
        Cow::Borrowed(_)
    ));
    assert!(matches!(ark("ark:/12345/x6np1wh8k").key(), Cow::Owned(_)));
}

// --- NOID check character ---

#[test]
fn check_characters() {
    assert_eq!(noid_check_char("13030/xf93gt2"), Some('q'));
    assert!(ark("ark:13030/xf93gt2q").verify_check_char().is_ok());
    // Qualifiers are not covered; hyphens, the label form and the NAAN's case do not count.
    for s in [
        "ark:/13030/xf93gt2q/c1.pdf",
        "ark:13030/xf9-3gt2q",
        "ARK:13030/xf93gt2-q",
        "ark:13030/xf93gt2q?info",
    ] {
        assert!(ark(s).verify_check_char().is_ok(), "{s}");
    }
    // A substitution or a transposition is caught.
    for s in [
        "ark:13030/xf93gt2r",
        "ark:13030/xf39gt2q",
        "ark:13030/fx93gt2q",
    ] {
        let e = ark(s).verify_check_char().unwrap_err();
        assert_eq!(
            (e.code(), e.offset, e.len),
            ("ark-check-char", 17, 1),
            "{s}"
        );
        assert_eq!(
            Ark::parse_with(s, ArkOptions { check_char: true }).unwrap_err(),
            e
        );
    }
    let e = ark("ark:13030/xf93gt2r").verify_check_char().unwrap_err();
    assert_eq!(e.kind, ArkError::CheckChar('q', 'r'));
    assert!(e.hint().unwrap().contains("'q'"));
    // The check character offset skips trailing hyphens.
    assert_eq!(
        ark("ark:13030/xf93gt2r-")
            .verify_check_char()
            .unwrap_err()
            .offset,
        17
    );
    // Never by default.
    assert!(Ark::parse("ark:13030/xf93gt2r").is_ok());
}

// --- "Finding a Resolver Service" and THUMP ---

#[test]
fn thump_inflections() {
    let a = ark("https://n2t.net/ark:67531/metadc107835?info");
    assert_eq!(
        (a.nma(), a.inflection(), a.query()),
        (Some("n2t.net"), Some("?info"), None)
    );
    assert_eq!(a.name(), "metadc107835");
    assert_eq!(a.to_ark_uri(), "ark:67531/metadc107835?info");
    assert_eq!(a.key(), "ark:67531/metadc107835");
    for (s, i) in [
        ("ark:67531/metadc107835?", "?"),
        ("ark:67531/metadc107835??", "??"),
    ] {
        assert_eq!(ark(s).inflection(), Some(i));
        assert_eq!(warning_codes(s), ["ark-old-inflection"]);
    }
    // Not inflections: queries, warned.
    for (s, q) in [
        ("ark:67531/metadc107835?INFO", "INFO"),
        ("ark:67531/metadc107835???", "??"),
        ("ark:67531/metadc107835?info=1", "info=1"),
        ("ark:67531/metadc107835?é", "é"),
    ] {
        let a = ark(s);
        assert_eq!((a.inflection(), a.query()), (None, Some(q)), "{s}");
        assert_eq!(warning_codes(s), ["ark-query"]);
    }
    assert_eq!(err("ark:67531/metadc107835?a b"), ("ark-whitespace", 24, 1));
    assert_eq!(err("ark:67531/metadc107835?a#b"), ("ark-query-char", 24, 1));
    assert_eq!(
        err("ark:67531/metadc107835?a%zz"),
        ("ark-bad-percent", 24, 1)
    );
}

#[test]
fn a_host_typed_into_a_browser_is_not_a_resolver_service() {
    // "entering the string n2t.net/ark:67531/metadc107835?info into the browser's location
    // field": a browser adds the scheme, an ARK reader asks for it.
    let e = Ark::parse("n2t.net/ark:67531/metadc107835?info").unwrap_err();
    assert_eq!((e.code(), e.offset, e.len), ("ark-nma-scheme", 0, 7));
    assert!(e.to_string().contains("no URI scheme"));
    assert!(e.hint().unwrap().contains("https://"));
    // The THUMP Link header's relative reference.
    assert_eq!(err("/ark:67531/metadc107835"), ("ark-nma-scheme", 0, 0));
}

#[test]
fn thump_session_arks() {
    all_equivalent(&[
        "https://n2t.net/ark:67531/metadc107835?info",
        "https://digital.library.unt.edu/ark:/67531/metadc107835",
        "ark:67531/metadc107835",
    ]);
}

// --- "Advice to Web Clients" ---

#[test]
fn web_clients() {
    all_equivalent(&[
        "https://example.org/ark:14697/b12345x",
        "https://n2t.net/ark:14697/b12345x",
    ]);
    let a = ark("https://example.org/ark:14697/b12345x");
    assert_eq!((a.shoulder(), a.blade()), (Some("b1"), "2345x"));
    assert_eq!(a.to_n2t_url(), "https://n2t.net/ark:14697/b12345x");
}

// --- Forms, parts, detection ---

#[test]
fn forms() {
    let a = ark("HTTP://Example.org/a/ARK:/13030/X-1?info");
    assert_eq!(a.to_ark_uri(), "ark:13030/X-1?info");
    assert_eq!(a.to_n2t_url(), "https://n2t.net/ark:13030/X-1?info");
    assert_eq!(
        a.nma_url().as_deref(),
        Some("HTTP://Example.org/a/ark:13030/X-1?info")
    );
    assert_eq!(a.to_string(), a.input());
    assert_eq!(
        format!("{a:?}"),
        "Ark(\"HTTP://Example.org/a/ARK:/13030/X-1?info\")"
    );
}

#[test]
fn parts_are_fields() {
    use crate::scheme::{Fields, Value};
    let p = ark("https://n2t.net/ark:/12345/x6np1wh8k/c3.v7?info").parts();
    let names: Vec<&str> = ArkParts::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "naan",
            "shoulder",
            "blade",
            "qualifier",
            "inflection",
            "nma",
            "normal"
        ]
    );
    assert!(ArkParts::FIELDS.iter().all(|f| !f.about.is_empty()));
    let values: Vec<Value<'_>> = (0..8).map(|i| p.value(i)).collect();
    assert_eq!(
        values,
        [
            Value::Str("12345"),
            Value::Str("x6"),
            Value::Str("np1wh8k"),
            Value::Str("/c3.v7"),
            Value::Str("?info"),
            Value::Str("n2t.net"),
            Value::Str("ark:12345/x6np1wh8k/c3.v7"),
            Value::Null,
        ]
    );
    let q = ark("ark:12345/123").parts();
    assert_eq!(
        (q.shoulder, q.qualifier, q.inflection, q.nma),
        (None, None, None, None)
    );
}

#[test]
fn claims_by_shape() {
    for t in [
        "ark:12345/x",
        "ARK:/12345/x",
        "ark:",
        "https://n2t.net/ark:12345/x",
        "HTTP://N2T.NET/ARK:/12345/x",
        "http://example.org/rslvr/ark:12345/x6np1wh8k",
        "https://h:8080/a/b/ark:1/x",
    ] {
        assert!(claims(t.as_bytes()), "{t}");
    }
    for t in [
        "",
        "ark",
        "arkansas",
        "https://example.org/arkansas",
        "https://example.org/x/ark",
        "https://example.org/xark:1/x",
        "https://example.org?/ark:1/x",
        "https://example.org/#/ark:1/x",
        "ftp://example.org/ark:1/x",
        "n2t.net/ark:1/x",
        "urn:ark:1/x",
        "https://ark:1/x",
    ] {
        assert!(!claims(t.as_bytes()), "{t}");
    }
}

#[test]
fn codes_are_unique_and_prefixed() {
    let mut seen = std::collections::HashSet::new();
    for c in codes::ALL {
        assert!(c.as_str().starts_with("ark-"), "{c}");
        assert!(seen.insert(c.as_str()), "{c} twice");
    }
    let errors = [
        ArkError::NotArk,
        ArkError::Whitespace(' '),
        ArkError::NmaScheme(String::new()),
        ArkError::NmaScheme("ftp".into()),
        ArkError::NmaInvalid(crate::iri::IriError::BadPercent),
        ArkError::NmaUserinfo,
        ArkError::NmaHost,
        ArkError::NaanEmpty(true),
        ArkError::NaanChar('a'),
        ArkError::NaanTooLong,
        ArkError::MissingSlash,
        ArkError::NameEmpty,
        ArkError::Char('#'),
        ArkError::NonAscii('é'),
        ArkError::BadPercent,
        ArkError::VariantPath,
        ArkError::QueryChar('#'),
        ArkError::CheckChar('q', 'r'),
    ];
    let mut codes = std::collections::HashSet::new();
    for e in &errors {
        assert!(e.code().starts_with("ark-"), "{}", e.code());
        assert!(!e.to_string().is_empty());
        codes.insert(e.code());
    }
    assert_eq!(codes.len(), errors.len() - 1); // NmaScheme twice
}

// --- Properties ---

/// Checks that hold for any input: no panic; an error points at whole characters inside the
/// input; an ARK's warnings too, its normal form is an ARK that is its own normal form, and its
/// Compact form reads back as the same parts.
fn invariants(s: &str) {
    match Ark::parse(s) {
        Err(e) => {
            let end = e.offset + e.len;
            assert!(
                end <= s.len() && s.is_char_boundary(e.offset) && s.is_char_boundary(end),
                "{s:?}: {e:?}"
            );
            let _ = (e.to_string(), e.hint());
        }
        Ok(a) => {
            assert!(claims(s.as_bytes()), "{s:?} is an ARK but not claimed");
            for w in a.warnings() {
                let end = w.offset + w.len;
                assert!(
                    end <= s.len() && s.is_char_boundary(w.offset) && s.is_char_boundary(end),
                    "{s:?}: {w:?}"
                );
            }
            let n = a.normalize();
            assert_eq!(n.text, a.key());
            assert!(n.text.is_ascii());
            let again =
                Ark::parse(&n.text).unwrap_or_else(|e| panic!("{s:?} -> {:?}: {e}", n.text));
            assert_eq!(again.key(), n.text, "not idempotent: {s:?}");
            assert!(again.normalize().removed.is_empty());
            let uri = a.to_ark_uri();
            let back = Ark::parse(&uri).unwrap_or_else(|e| panic!("{s:?} -> {uri:?}: {e}"));
            assert_eq!(
                (
                    back.naan(),
                    back.name(),
                    back.qualifier(),
                    back.inflection(),
                    back.query(),
                    back.nma()
                ),
                (
                    a.naan(),
                    a.name(),
                    a.qualifier(),
                    a.inflection(),
                    a.query(),
                    None
                ),
                "{s:?} -> {uri:?}"
            );
            assert_eq!(back.key(), a.key());
            assert_eq!(
                Ark::parse(&a.to_n2t_url()).map(|b| b.key().into_owned()),
                Ok(a.key().into_owned())
            );
            let _ = (
                a.parts(),
                a.verify_check_char(),
                a.shoulder(),
                a.blade(),
                a.nma_url(),
            );
        }
    }
    let _ = claims(s.as_bytes());
}

#[test]
fn invariants_on_edge_cases() {
    for s in [
        "",
        "ark:",
        "ark:/",
        "ark://",
        "ark:1/",
        "ark:1/-",
        "ark:1/.",
        "ark:1/x.",
        "ark:1/x?",
        "ark:1/x%",
        "https://",
        "https://x/ark:",
        "https://x/ark:1/x?info",
        "ark:1/x\u{2010}",
        "ark:\u{2010}1/x",
        "ark:1/x/\u{AD}/y",
        "ARK:/1/%aa-%bb",
        "ark:1/.-./x.-./y",
        "ark:1/a.b/",
    ] {
        invariants(s);
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// A canonical ARK: lowercase NAAN, a Name, components, variants, uppercase `%XX`.
    fn canonical() -> impl Strategy<Value = String> {
        (
            "[0-9bcdfghjkmnpqrstvwxz]{1,8}",
            "[A-Za-z0-9=~*+@_$]{1,6}(%[0-9A-F]{2})?[A-Za-z0-9]{0,3}",
            proptest::collection::vec("[A-Za-z0-9_]{1,4}", 0..3),
            proptest::collection::vec("[A-Za-z0-9]{1,3}", 0..3),
        )
            .prop_map(|(naan, name, parts, variants)| {
                let mut s = format!("ark:{naan}/{name}");
                for p in parts {
                    s.push('/');
                    s.push_str(&p);
                }
                for v in variants {
                    s.push('.');
                    s.push_str(&v);
                }
                s
            })
    }

    /// Insert `-` (or a hyphen-like character) after the label at the given positions, never
    /// inside a `%XX`.
    fn with_hyphens(s: &str, at: &[(usize, bool)]) -> String {
        let (label, rest) = s.split_at(4);
        let b = rest.as_bytes();
        let ok: Vec<usize> = (0..=rest.len())
            .filter(|&i| !(1..=2).any(|k| i >= k && b[i - k] == b'%'))
            .collect();
        let mut cut: Vec<(usize, bool)> = at
            .iter()
            .map(|&(i, like)| (ok[i % ok.len()], like))
            .collect();
        cut.sort();
        let mut out = label.to_owned();
        let mut prev = 0;
        for (i, like) in cut {
            out.push_str(&rest[prev..i]);
            out.push(if like { '\u{2010}' } else { '-' });
            prev = i;
        }
        out.push_str(&rest[prev..]);
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(s in ".{0,40}") {
            invariants(&s);
        }

        #[test]
        fn never_panics_on_ark_shaped_strings(
            head in "(ark:|ARK:/|ark://|https://n2t\\.net/ark:|http://h:8/p/ark:/|n2t\\.net/ark:|)",
            tail in "[0-9a-zA-Z/.%?\\-=_\u{2010} #:é]{0,24}",
        ) {
            invariants(&format!("{head}{tail}"));
        }

        #[test]
        fn canonical_arks_are_their_own_normal_form(s in canonical()) {
            let a = Ark::parse(&s).unwrap();
            prop_assert_eq!(a.key(), s.as_str());
            prop_assert!(matches!(a.key(), Cow::Borrowed(_)));
            prop_assert!(a.normalize().removed.is_empty());
            invariants(&s);
        }

        #[test]
        fn normal_form_does_not_depend_on_the_written_form(
            s in canonical(),
            old in any::<bool>(),
            label in "(ark|ARK|Ark|aRK)",
            nma in "(|https://n2t\\.net/|http://example\\.org/rslvr/|HTTPS://a\\.b:8080/)",
            upper_naan in any::<bool>(),
            hyphens in proptest::collection::vec((any::<usize>(), any::<bool>()), 0..4),
            tail in "(|/|\\.|//)",
            query in "(|\\?|\\?\\?|\\?info|\\?a=b)",
            lower_hex in any::<bool>(),
        ) {
            let (_, rest) = s.split_at(4);
            let (naan, after) = rest.split_once('/').unwrap();
            let naan = if upper_naan { naan.to_ascii_uppercase() } else { naan.to_owned() };
            let after = if lower_hex {
                // The two characters after each '%' lowercased.
                let mut out = String::new();
                let mut k = 0;
                for (i, c) in after.char_indices() {
                    if c == '%' { k = i + 3; out.push(c); }
                    else if i < k { out.push(c.to_ascii_lowercase()); }
                    else { out.push(c); }
                }
                out
            } else { after.to_owned() };
            let compact = with_hyphens(&format!("ark:{naan}/{after}{tail}"), &hyphens);
            let slash = if old { "/" } else { "" };
            let written = format!("{nma}{label}:{slash}{}{query}", &compact[4..]);
            let a = Ark::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(a.key(), s.as_str(), "{}", written);
            prop_assert!(a.equivalent(&Ark::parse(&s).unwrap()));
            invariants(&written);
        }
    }
}
