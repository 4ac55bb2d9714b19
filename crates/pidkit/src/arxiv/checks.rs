//! The checks of arXiv identifiers that are valid but worth a second look ("Understanding the
//! arXiv identifier", "information for interacting services", arXiv's archive list).

use crate::error::Warning;

use super::{Arxiv, codes, syntax};

/// The warnings of a parsed identifier, in the order of [`codes::ALL`].
pub(crate) fn warnings(a: &Arxiv<'_>) -> Vec<Warning> {
    let s = a.input();
    let sp = &a.spans;
    let mut out =
        crate::scheme::space_warnings(s, codes::SURROUNDING_SPACE, "arXiv identifier");
    let mut warn = |code, offset, len, message: String| {
        out.push(Warning::new(code, offset, len, message));
    };
    if let (Some(archive), Some((at, end))) = (a.archive(), sp.archive)
        && archive.bytes().any(|c| c.is_ascii_uppercase())
    {
        warn(
            codes::CASE,
            at,
            end - at,
            format!(
                "the archive '{archive}' is written '{}' by arXiv (Understanding the arXiv identifier)",
                archive.to_ascii_lowercase()
            ),
        );
    }
    if let Some((v, _)) = sp.version
        && s.as_bytes()[v - 1] == b'V'
    {
        warn(
            codes::CASE,
            v - 1,
            1,
            "the version is written with a lower-case 'v' (Understanding the arXiv identifier)"
                .into(),
        );
    }
    if let (Some(sc), Some((at, end))) = (a.subject_class(), sp.subject) {
        warn(
            codes::SUBJECT_CLASS,
            at - 1,
            end - at + 1,
            format!(
                "the subject class '{sc}' is not part of the identifier: arXiv's preferred form is arXiv:{} (arXiv identifier for services)",
                a.id()
            ),
        );
    }
    if let Some(name) = a.archive()
        && let Some(archive) = syntax::find_archive(name.as_bytes())
    {
        let month = syntax::yyyymm_old(s.as_bytes(), sp.yymm);
        let end = archive.end.unwrap_or(200703);
        if month < archive.start || month > end {
            warn(
                codes::ARCHIVE_DATES,
                sp.yymm,
                4,
                format!(
                    "the archive {} took submissions from {} to {}, not in {}: check the archive and date (arXiv's archive list)",
                    archive.name,
                    yymm_of(archive.start),
                    yymm_of(end),
                    a.yymm()
                ),
            );
        }
    }
    if let Some((q, end)) = sp.query {
        warn(
            codes::URL_QUERY,
            q - 1,
            end - q + 1,
            format!(
                "the query '?{}' of the URL is not part of the arXiv identifier: left out of it",
                &s[q..end]
            ),
        );
    }
    if let Some((f, end)) = sp.fragment {
        warn(
            codes::URL_FRAGMENT,
            f - 1,
            end - f + 1,
            format!(
                "the fragment '#{}' of the URL is not part of the arXiv identifier: left out of it",
                &s[f..end]
            ),
        );
    }
    out
}

/// `YYYYMM` as arXiv's four digits `YYMM`.
fn yymm_of(yyyymm: u32) -> String {
    format!("{:04}", yyyymm % 10000)
}
