//! Dot segments (`.`, `..`) in a handle's local name or a DOI's suffix, which URL parsers remove (RFC 3986 §3.3, §5.2.4).

/// Whether `segment` is `.` or `..`, a dot segment (RFC 3986 §3.3).
pub(crate) fn is_dot_segment(segment: &str) -> bool {
    segment == "." || segment == ".."
}

/// Whether one of the `/`-separated segments of `suffix` is a dot segment.
pub(crate) fn has_dot_segment(suffix: &str) -> bool {
    let mut segments = suffix.as_bytes().split(|&b| b == b'/');
    segments.any(|s| s == b"." || s == b"..")
}
