//! Every warning code the library can give is listed in the warning table of the guide
//! (`docs/warnings.md`), and no two families share a code (issue 12: codes typed, one row each,
//! prefixed per scheme).

use std::collections::HashSet;

use pidkit::WarningCode;

/// Every family of warning codes, from the library's list of schemes.
fn families() -> Vec<(&'static str, &'static [WarningCode])> {
    pidkit::scheme::warning_codes()
}

#[test]
fn every_warning_code_is_in_the_warning_table() {
    let table = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/warnings.md"
    ))
    .unwrap();
    for (family, codes) in families() {
        for code in codes {
            assert!(
                table.contains(&format!("`{code}`")),
                "{family} warning code {code} is missing from docs/warnings.md"
            );
        }
    }
}

#[test]
fn codes_are_unique_and_scheme_codes_carry_their_prefix() {
    let mut seen = HashSet::new();
    for (family, codes) in families() {
        for code in codes {
            assert!(seen.insert(code.as_str()), "{code} is defined twice");
            let scheme = pidkit::Kind::ALL
                .iter()
                .any(|k| k.reading().is_some() && k.name() == family);
            if scheme {
                assert!(code.as_str().starts_with(&format!("{family}-")), "{code}");
            }
        }
    }
}
