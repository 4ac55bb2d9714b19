//! The DOI directory among handle prefixes: `10` and the prefixes derived from it (DOI Handbook §2.2).

/// Whether `prefix` (a handle's prefix, a DOI name's prefix) is the DOI directory's: the
/// directory indicator `10` alone (a shortDOI's) or followed by `.` and a registrant code
/// (`10.1000`). A handle under it is a DOI, named by the DOI rules.
#[inline]
pub(crate) fn is_doi_prefix(prefix: &[u8]) -> bool {
    prefix.starts_with(b"10.") || prefix == b"10"
}
