//! A handle that is a DOI, read as one ([`Handle::as_doi`]; DOI Handbook §2.2): the one place
//! that knows both the `hdl` and the `doi` unit. It sits above both, so that neither imports
//! the other; what they share lies below them, in [`crate::handle_system`].

use crate::doi::Doi;
use crate::hdl::Handle;

impl Handle<'_> {
    /// This handle as a DOI name, when it is one ([`Handle::is_doi`]).
    /// ```
    /// let h = pidkit::hdl::Handle::parse("10.1000/182")?;
    /// assert_eq!(h.as_doi().unwrap().to_uri(), "doi:10.1000/182");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn as_doi(&self) -> Option<Doi<'_>> {
        if !self.is_doi() {
            return None;
        }
        Doi::parse(self.as_str()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handle is a DOI exactly when its prefix is the DOI directory's and it is a valid DOI
    /// name (the rule `is_doi` had when it asked `Doi::parse`), and then the DOI has its prefix
    /// and the `doi:` URI and key URI that the `hdl` unit writes for it without the `doi` unit.
    #[test]
    fn a_handle_that_is_a_doi_reads_as_that_doi() {
        use proptest::prelude::*;
        let prefix = ["10", "10.", "1", "0", ".", "20", "a", "\u{200B}"];
        let suffix = [
            "a", "A", "é", "/", "-", " ", ".", "..", "%2F", "\u{200B}", "\u{2212}", "10.1/x",
        ];
        let part = |pieces: &[&'static str], n| {
            prop::collection::vec(prop::sample::select(pieces.to_vec()), n).prop_map(|v| v.concat())
        };
        let strategy =
            (part(&prefix, 1..5), part(&suffix, 0..5)).prop_map(|(p, s)| format!("{p}/{s}"));
        // How many of the inputs were handles, and DOIs.
        let seen = std::cell::Cell::new((0, 0));
        proptest!(ProptestConfig::with_cases(20_000), |(s in strategy)| {
            let Ok(h) = Handle::parse(&s) else { return Ok(()) };
            let (handles, dois) = seen.get();
            seen.set((handles + 1, dois + usize::from(h.is_doi())));
            let p = h.prefix();
            let old_rule = (p == "10" || p.starts_with("10.")) && Doi::parse(&s).is_ok();
            prop_assert_eq!(h.is_doi(), old_rule, "{:?}", s);
            let Some(doi) = h.as_doi() else { return Ok(()) };
            prop_assert_eq!(doi.prefix(), h.prefix());
            prop_assert_eq!(crate::hdl::key_uri(&h), doi.key_uri());
            let w = crate::hdl::warnings(&h);
            let said = format!("and {} names it too", doi.uri());
            prop_assert!(w[0].message.ends_with(&said), "{:?}", w[0].message);
        });
        let (handles, dois) = seen.get();
        assert!(dois > 1_000 && handles - dois > 1_000, "{handles} {dois}");
        for (s, doi) in [
            ("10.1000/182", true),
            ("10/aabbe", true),
            ("100.1/x", false),
        ] {
            assert_eq!(Handle::parse(s).unwrap().is_doi(), doi, "{s}");
        }
    }
}
