//! The errors and warning codes of RRIDs (Resource Identification Initiative; SciCrunch's
//! Resource Identification Portal), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of an RRID, at a byte offset of the input.
pub type RridParseError = Error<RridError>;

error_enum! {
    /// What is wrong with an RRID in one of its written forms. Every code starts `rrid-`.
    ///
    /// ```
    /// use pidkit::rrid::{Rrid, RridError};
    /// let e = Rrid::parse("RRID:SCR_1905").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("rrid-accession", 9, 4));
    /// ```
    pub enum RridError {
        /// Nothing that reads as an RRID: empty, or a URL of another site.
        NotRrid => "rrid-not-rrid",
            "not an RRID: expected RRID:AB_2138153, RRID:SCR_001905 or https://scicrunch.org/resolver/RRID:… (Resource Identification Initiative)",
            hint: "an RRID is RRID:, the registry's prefix, _ and the accession, e.g. RRID:AB_2138153";
        /// Nothing after `RRID:` or in the URL.
        Empty => "rrid-empty",
            "the identifier after RRID: is missing (Resource Identification Initiative)";
        /// A character that cannot appear in an RRID (a space, a slash, a comma …).
        Char(c: char) => "rrid-char",
            format!("{} cannot appear in an RRID: letters, digits, _ - . and : (Resource Identification Portal)", describe(*c)),
            hint_if: char_hint(*c);
        /// No registry prefix before the accession (`RRID:2138153`, `RRID:_1`).
        Registry => "rrid-registry",
            "an RRID starts with its registry's prefix and a separator: AB_ (antibodies), SCR_ (tools), CVCL_ (cell lines), IMSR_JAX: (mice) … (Resource Identification Portal)",
            hint: "write the registry's prefix in front, e.g. RRID:AB_2138153";
        /// The label twice (`RRID:RRID:AB_2138153`, as some CURIEs write it): `RRID` is no
        /// registry's prefix.
        DoubleLabel => "rrid-double-label",
            "RRID: is written once: RRID is the label, not a registry's prefix (Resource Identification Initiative)",
            hint: "remove the second RRID:";
        /// Nothing after the registry's separator (`RRID:AB_`).
        MissingAccession => "rrid-missing-accession",
            "the accession after the registry's prefix is missing (Resource Identification Portal)";
        /// An accession that does not have its registry's shape: digits for the Antibody
        /// Registry, six digits for the SciCrunch Registry, four letters and digits for
        /// Cellosaurus …
        Accession(registry: &'static str, shape: &'static str) => "rrid-accession",
            format!("an RRID of {registry} has {shape} after its prefix (Resource Identification Portal)");
        /// A scicrunch.org or identifiers.org URL that holds no RRID.
        Url => "rrid-url",
            "this URL names no RRID: https://scicrunch.org/resolver/RRID:… or https://identifiers.org/RRID:… (Resource Identification Portal)",
            hint: "the resolver's URL is https://scicrunch.org/resolver/ and the RRID";
    }
}

fn char_hint(c: char) -> Option<String> {
    match c {
        ' ' => Some("remove the space".into()),
        '.' | ',' | ';' | ')' | ']' => Some(format!("'{c}' here is punctuation of the sentence around the RRID: leave it out")),
        _ => None,
    }
}

/// The codes of the RRID checks, all `rrid-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the RRID as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("rrid-surrounding-space");
    /// The label written otherwise than `RRID:` (`rrid:`, `Rrid:`).
    pub const LABEL_CASE: WarningCode = WarningCode::new("rrid-label-case");
    /// Spaces between `RRID:` and the identifier (`RRID: AB_2138153`): not part of it.
    pub const SPACE: WarningCode = WarningCode::new("rrid-space");
    /// No `RRID:` label (read as an RRID when asked): RRIDs are written with it so that they can
    /// be found in text.
    pub const NO_LABEL: WarningCode = WarningCode::new("rrid-no-label");
    /// A registry's prefix in another case than its own (`ab_`, `ADDGENE_`).
    pub const REGISTRY_CASE: WarningCode = WarningCode::new("rrid-registry-case");
    /// A separator other than the registry's own (`RRID:IMSR_JAX_000664`, `RRID:AB:1`).
    pub const SEPARATOR: WarningCode = WarningCode::new("rrid-separator");
    /// A registry's prefix not in pidkit's list: check the RRID.
    pub const UNKNOWN_REGISTRY: WarningCode = WarningCode::new("rrid-unknown-registry");
    /// What follows the RRID in a URL (a query, a fragment, a path): left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("rrid-url-extra");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        SURROUNDING_SPACE,
        LABEL_CASE,
        SPACE,
        NO_LABEL,
        REGISTRY_CASE,
        SEPARATOR,
        UNKNOWN_REGISTRY,
        URL_EXTRA,
    ];
}

impl RridError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> RridParseError {
        Error::new(self, offset, len)
    }
}
