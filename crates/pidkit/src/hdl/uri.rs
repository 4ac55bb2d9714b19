//! The `hdl:` URI of a handle and its proxy URL: the handle written with the byte rule of the
//! doi URI scheme §2, and with the URL presentation the HDL.NET proxy and the DOI Handbook
//! (§2.5.2.4) ask for.

use std::fmt;

use super::forms::PROXY;
use super::name::Handle;
use crate::handle_system::{self, API_PATH, write_ssp, write_url_path};

/// The `hdl:` URI of a handle, written on demand (see [`Handle::uri`]).
/// ```
/// let h = pidkit::hdl::Handle::parse("20.500/a<b>")?;
/// assert_eq!(format!("<{}>", h.uri()), "<hdl:20.500/a%3Cb%3E>");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct AsUri<'d>(&'d str, &'d str);

impl fmt::Display for AsUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("hdl:")?;
        write_ssp(f, self.0, self.1)
    }
}

/// The proxy URL of a handle, written on demand (see [`Handle::url`]).
/// ```
/// let h = pidkit::hdl::Handle::parse("20.500/a b?")?;
/// assert_eq!(format!("<{}>", h.url()), "<https://hdl.handle.net/20.500/a%20b%3F>");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct AsUrl<'d>(&'d str);

impl fmt::Display for AsUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PROXY)?;
        // A handle `api/handles/…` (prefix `api`) would read as the proxy's Handle API path:
        // its first `/` is written `%2F`.
        match self.0.strip_prefix("api/") {
            Some(rest) if self.0.starts_with(API_PATH) => {
                f.write_str("api%2F")?;
                write_url_path(f, rest)
            }
            _ => write_url_path(f, self.0),
        }
    }
}

impl Handle<'_> {
    /// The `hdl:` URI, as a value that writes itself: `hdl:`, the prefix, `/`, the local name,
    /// each UTF-8 byte outside unreserved, sub-delims, `:` and `@` percent-encoded (the byte
    /// rule of the doi URI scheme §2; so a `/` inside the local name is `%2F`, and `%`, `?`,
    /// `#` and spaces are always encoded).
    ///
    /// ```
    /// let h = pidkit::hdl::Handle::parse("20.500.12345/Dürst/1")?;
    /// assert_eq!(h.uri().to_string(), "hdl:20.500.12345/D%C3%BCrst%2F1");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn uri(&self) -> AsUri<'_> {
        AsUri(self.prefix(), self.local_name())
    }

    /// [`Handle::uri`] as a `String`.
    /// ```
    /// assert_eq!(pidkit::hdl::Handle::parse("2381/12345")?.to_uri(), "hdl:2381/12345");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len() + 8);
        let _ = fmt::Write::write_fmt(&mut out, format_args!("{}", self.uri()));
        out
    }

    /// The `hdl:` URI of the handle with its ASCII letters in upper case: the normal form of
    /// handle equivalence (the Global Handle Registry compares ASCII case-insensitively), so two
    /// handles are equivalent exactly when their `key_uri`s are equal.
    ///
    /// ```
    /// let h = pidkit::hdl::Handle::parse("0.na/20.500.abc/é")?;
    /// assert_eq!(h.key_uri(), "hdl:0.NA/20.500.ABC%2F%C3%A9");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key_uri(&self) -> String {
        handle_system::key_uri("hdl:", self.as_str(), self.prefix().len())
    }

    /// The proxy URL `https://hdl.handle.net/…`, as a value that writes itself: encoded for
    /// URL presentation as the proxy and the DOI Handbook (§2.5.2.4) ask: `%` `"` `#` space `?`
    /// and `<` `>` `{` `}` `^` `[` `]` `` ` `` `|` `\` `+` percent-encoded, as are controls and
    /// non-ASCII characters (UTF-8); `/` stays literal, except around a `.` or `..` segment of
    /// the local name, which URL parsers would remove: it is written `%2E` / `%2E%2E` and the
    /// slashes around it `%2F`.
    ///
    /// ```
    /// let h = pidkit::hdl::Handle::parse("20.500.12345/a#1/./b")?;
    /// assert_eq!(h.url().to_string(), "https://hdl.handle.net/20.500.12345/a%231%2F%2E%2Fb");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn url(&self) -> AsUrl<'_> {
        AsUrl(self.as_str())
    }

    /// [`Handle::url`] as a `String`.
    /// ```
    /// let h = pidkit::hdl::Handle::parse("2381/12345")?;
    /// assert_eq!(h.to_url(), "https://hdl.handle.net/2381/12345");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_url(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len() + 24);
        let _ = fmt::Write::write_fmt(&mut out, format_args!("{}", self.url()));
        out
    }
}
