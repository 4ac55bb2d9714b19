//! The errors and warning codes of arXiv identifiers ("Understanding the arXiv identifier",
//! "arXiv identifier scheme - information for interacting services"), one row each.

use crate::error::{Error, describe, error_enum};
use crate::iri::IriError;

/// An error of an arXiv identifier, at a byte offset of the input.
pub type ArxivParseError = Error<ArxivError>;

error_enum! {
    /// What is wrong with an arXiv identifier. Every code starts `arxiv-`; the messages name the
    /// arXiv help page that makes the rule ("Understanding the arXiv identifier", at
    /// <https://info.arxiv.org/help/arxiv_identifier.html>, unless said otherwise).
    ///
    /// ```
    /// use pidkit::arxiv::{Arxiv, ArxivError};
    /// let e = Arxiv::parse("2113.00001").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset, e.len), (ArxivError::Month, "arxiv-month", 2, 2));
    /// ```
    pub enum ArxivError {
        /// Nothing but whitespace.
        Empty => "arxiv-empty",
            "empty: an arXiv identifier reads YYMM.NNNNN or archive/YYMMNNN (Understanding the arXiv identifier)";
        /// A URL whose host is not arXiv's: `arxiv.org`, `www.arxiv.org` or `export.arxiv.org`.
        UrlHost(host: String) => "arxiv-url-host",
            format!("'{host}' is not arXiv: an arXiv URL is at arxiv.org (or www.arxiv.org, export.arxiv.org)"),
            hint: "write the identifier as arXiv:YYMM.NNNNN, or its URL https://arxiv.org/abs/YYMM.NNNNN";
        /// An arXiv URL whose path is not `/abs/ID` or `/pdf/ID`: it names a page, not a paper.
        UrlPath => "arxiv-url-path",
            "an arXiv URL names a paper by its path /abs/ID or /pdf/ID (Understanding the arXiv identifier)",
            hint: "https://arxiv.org/abs/2101.00001 (the abstract page) or https://arxiv.org/pdf/2101.00001";
        /// The URL is not a valid IRI (a character its query or fragment cannot hold).
        UrlInvalid(e: IriError) => "arxiv-url-invalid",
            format!("the arXiv URL is not a valid URL: {e}"),
            hint_if: e.hint();
        /// A label or URL with no identifier after it.
        MissingId => "arxiv-missing-id",
            "no identifier after the label or URL: arXiv:YYMM.NNNNN or arXiv:archive/YYMMNNN (Understanding the arXiv identifier)";
        /// A character that cannot stand where it stands: after the identifier and its version,
        /// or where the identifier starts.
        Char(c: char) => "arxiv-char",
            format!(
                "character {} is not part of an arXiv identifier: YYMM.NNNNN or archive/YYMMNNN, then optionally vN (Understanding the arXiv identifier)",
                describe(*c)
            ),
            hint_if: char_hint(*c);
        /// A new-scheme identifier whose first block is not four digits `YYMM`.
        Yymm => "arxiv-yymm",
            "a new-scheme arXiv identifier starts with four digits, YYMM (two of the year, two of the month), then '.' (Understanding the arXiv identifier)",
            hint: "arXiv:2101.00001 is January 2021, number 00001";
        /// `YYMM` not followed by `.` and the sequence number.
        MissingDot => "arxiv-missing-dot",
            "YYMM must be followed by '.' and the sequence number: YYMM.NNNNN (Understanding the arXiv identifier)";
        /// A month outside 01 to 12 in `YYMM`.
        Month => "arxiv-month",
            "the month of YYMM must be 01 (January) to 12 (December) (Understanding the arXiv identifier)",
            hint: "check for swapped digits: YYMM is year then month";
        /// A new-scheme `YYMM` before `0704`: the scheme started in April 2007 (YY 00 to 06 would
        /// be 2100 to 2106).
        NewDate => "arxiv-new-scheme-date",
            "new-scheme identifiers start at 0704 (April 2007); YY from 07 is 2007 to 2099, and 00 to 06 would be 2100 to 2106 (Understanding the arXiv identifier)",
            hint: "identifiers before April 2007 are old-scheme: archive/YYMMNNN, such as hep-th/9901001";
        /// `YYMM.` with no sequence number.
        NumberMissing => "arxiv-number-missing",
            "no sequence number after 'YYMM.': four digits up to 1412, five from 1501 (Understanding the arXiv identifier)";
        /// A sequence number of the wrong length for its month: four digits from 0704 through
        /// 1412, five from 1501.
        NumberDigits(expected: usize, fix: Option<String>) => "arxiv-number-digits",
            format!(
                "the sequence number must have {} digits in this month: four from 0704 through 1412, five from 1501 (Understanding the arXiv identifier)",
                if *expected == 4 { "four" } else { "five" }
            ),
            hint_if: fix.as_ref().map(|f| format!("did you mean {f}?"));
        /// A sequence number of zeros: numbers start at `0001` (`00001` from 1501).
        NumberZero => "arxiv-number-zero",
            "the sequence number starts at 0001 (00001 from 1501): zero names no paper (Understanding the arXiv identifier)";
        /// Seven digits without an archive: an old-scheme number needs its archive.
        MissingArchive => "arxiv-missing-archive",
            "seven digits alone are an old-scheme number without its archive: identifiers up to March 2007 are archive/YYMMNNN (Understanding the arXiv identifier)",
            hint: "add the archive the paper was submitted to: hep-th/9901001, math/0309136";
        /// An old-scheme archive that is not one of arXiv's.
        UnknownArchive(name: String) => "arxiv-archive",
            format!("'{name}' is not an arXiv archive of the old scheme (the list of archives on arXiv's front page; Understanding the arXiv identifier)"),
            hint: "the archives are hep-th, hep-ph, hep-ex, hep-lat, astro-ph, cond-mat, gr-qc, quant-ph, math, math-ph, nlin, nucl-th, nucl-ex, physics, cs, q-bio, and the retired acc-phys, adap-org, alg-geom, ao-sci, atom-ph, bayes-an, chao-dyn, chem-ph, cmp-lg, comp-gas, dg-ga, funct-an, mtrl-th, patt-sol, plasm-ph, q-alg, solv-int, supr-con";
        /// An archive that started after March 2007 (`q-fin`, `stat`, `econ`, `eess`): its
        /// papers have new-scheme identifiers only.
        NewArchive(name: String) => "arxiv-archive-new-scheme",
            format!("the archive '{name}' started after March 2007: its papers have new-scheme identifiers only, YYMM.NNNNN (Understanding the arXiv identifier)"),
            hint: "write the identifier without the archive: arXiv:YYMM.NNNNN";
        /// `archive.` with no subject class before `/`.
        SubjectClassEmpty => "arxiv-subject-class-empty",
            "'.' after the archive must be followed by a subject class, as in math.GT/0309136 (Understanding the arXiv identifier)",
            hint: "remove the '.', or add the subject class";
        /// The archive (and subject class) not followed by `/`.
        MissingSlash => "arxiv-missing-slash",
            "an old-scheme identifier is archive/YYMMNNN: a '/' follows the archive and subject class (Understanding the arXiv identifier)",
            hint: "hep-th/9901001";
        /// An old-scheme number that is not seven digits `YYMMNNN`.
        OldDigits => "arxiv-old-digits",
            "an old-scheme number has seven digits, YYMMNNN: the year and month, then three digits of the paper's number in that month and archive (Understanding the arXiv identifier)";
        /// An old-scheme `YYMM` outside `9108` to `0703`, the months that scheme was used.
        OldDate => "arxiv-old-scheme-date",
            "old-scheme identifiers run from 9108 (August 1991) to 0703 (March 2007) (Understanding the arXiv identifier)",
            hint: "from April 2007 identifiers name no archive: arXiv:0704.0001";
        /// `v` with no version number after it.
        VersionMissing => "arxiv-version-missing",
            "'v' must be followed by the version number, v1 or more (Understanding the arXiv identifier)";
        /// Version `v0`: versions start at `v1`.
        VersionZero => "arxiv-version-zero",
            "version numbers start at v1: v0 names no version (Understanding the arXiv identifier)",
            hint: "v1 is the first version; leave the version out to name the paper";
        /// A version number written with leading zeros (`v02`).
        VersionLeadingZero(fixed: String) => "arxiv-version-leading-zero",
            "a version number has no leading zeros: v1, v2 … (Understanding the arXiv identifier)",
            hint: format!("write {fixed}");
    }
}

/// A hint for a character where none belongs.
fn char_hint(c: char) -> Option<String> {
    match c {
        '/' => Some("remove the '/': the identifier ends with its number and version".into()),
        c if c.is_whitespace() => Some(
            "remove it: an arXiv identifier holds no whitespace (a line break or a copied space?)"
                .into(),
        ),
        _ => None,
    }
}

impl From<Error<IriError>> for ArxivParseError {
    fn from(e: Error<IriError>) -> Self {
        Error {
            kind: ArxivError::UrlInvalid(e.kind),
            offset: e.offset,
            len: e.len,
        }
    }
}

/// The codes of the checks of arXiv identifiers ([`super::Arxiv::warnings`]), one constant
/// each, all `arxiv-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends before or after the identifier as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("arxiv-surrounding-space");
    /// Upper case in an archive name or in the `v` of a version: arXiv writes them in lower
    /// case ("Understanding the arXiv identifier").
    pub const CASE: WarningCode = WarningCode::new("arxiv-case");
    /// An old-scheme identifier written with its subject class (`math.GT/0309136`): the
    /// preferred external identifier leaves it out, and it is not part of the identity
    /// ("arXiv identifier scheme - information for interacting services").
    pub const SUBJECT_CLASS: WarningCode = WarningCode::new("arxiv-subject-class");
    /// An old-scheme identifier dated outside the months its archive took submissions
    /// (arXiv's archive list, e.g. `alg-geom` from 9202 to 9712).
    pub const ARCHIVE_DATES: WarningCode = WarningCode::new("arxiv-archive-dates");
    /// A query after an arXiv URL: not part of the identifier.
    pub const URL_QUERY: WarningCode = WarningCode::new("arxiv-url-query");
    /// A fragment after an arXiv URL: not part of the identifier.
    pub const URL_FRAGMENT: WarningCode = WarningCode::new("arxiv-url-fragment");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[
        SURROUNDING_SPACE,
        CASE,
        SUBJECT_CLASS,
        ARCHIVE_DATES,
        URL_QUERY,
        URL_FRAGMENT,
    ];
}
