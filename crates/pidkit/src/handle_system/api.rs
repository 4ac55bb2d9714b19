//! The Handle API URL that resolves a handle (Handle.Net Technical Manual §14.5.1 `GET /api/handles/{handle}`; doi URI scheme §4 for DOIs).

use std::borrow::Cow;
use std::fmt;

use super::dot_segments::{has_dot_segment, is_dot_segment};
use super::percent::write_encoded;
use super::uri::write_ssp;
use crate::chars::{self, PCHAR};

/// The path of the Handle API on a proxy server, after its host (Handle.Net Technical Manual
/// §14.1): `https://hdl.handle.net/api/handles/…`, `https://doi.org/api/handles/…`.
pub(crate) const API_PATH: &str = "api/handles/";

/// A Handle API request URL for a handle ([`Handle::api_url`](crate::hdl::Handle::api_url)), a
/// DOI among them ([`Doi::api_url`](crate::doi::Doi::api_url)), built step by step; `Display`
/// writes it.
///
/// Also at `pidkit::doi::HandleApiUrl` and `pidkit::hdl::HandleApiUrl`:
/// ```
/// use pidkit::{doi, handle_system, hdl};
/// let name = doi::Doi::parse("10.1000/182")?;
/// let url: handle_system::HandleApiUrl<'_> = name.api_url();
/// let _: (doi::HandleApiUrl<'_>, hdl::HandleApiUrl<'_>) = (url.clone(), url);
/// # Ok::<(), pidkit::ParseError>(())
/// ```
///
/// ```
/// use pidkit::hdl::Handle;
/// let h = Handle::parse("20.500.12345/abc/def")?;
/// assert_eq!(h.api_url().to_string(), "https://hdl.handle.net/api/handles/20.500.12345/abc%2Fdef");
///
/// use pidkit::doi::Doi;
/// let doi = Doi::parse("10.1000/182")?;
/// assert_eq!(doi.api_url().to_string(), "https://doi.org/api/handles/10.1000/182");
/// let url = doi.api_url().with_type("URL").with_type("HS_ADMIN").with_index(1);
/// assert_eq!(url.to_string(), "https://doi.org/api/handles/10.1000/182?type=URL&type=HS_ADMIN&index=1");
/// let url = doi.api_url().base("http://localhost:8000/api/handles");
/// assert_eq!(url.to_string(), "http://localhost:8000/api/handles/10.1000/182");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandleApiUrl<'d> {
    prefix: &'d str,
    suffix: &'d str,
    base: Cow<'d, str>,
    params: Vec<(&'static str, Cow<'d, str>)>,
}

impl<'d> HandleApiUrl<'d> {
    /// The resolver base of the DOI system's Handle API (doi URI scheme §4): where
    /// [`Doi::api_url`](crate::doi::Doi::api_url) starts.
    /// ```
    /// assert_eq!(pidkit::hdl::HandleApiUrl::DEFAULT_BASE, "https://doi.org/api/handles/");
    /// ```
    pub const DEFAULT_BASE: &'static str = "https://doi.org/api/handles/";

    /// The Handle API of CNRI's HDL.NET proxy, which resolves any handle through the Global
    /// Handle Registry: where [`Handle::api_url`](crate::hdl::Handle::api_url) starts.
    /// ```
    /// assert_eq!(pidkit::hdl::HandleApiUrl::HANDLE_NET_BASE, "https://hdl.handle.net/api/handles/");
    /// ```
    pub const HANDLE_NET_BASE: &'static str = "https://hdl.handle.net/api/handles/";

    /// The URL of the handle `prefix` `/` `local_name` under `base` (which ends with `/`).
    pub(crate) fn new(prefix: &'d str, local_name: &'d str, base: &'static str) -> Self {
        HandleApiUrl {
            prefix,
            suffix: local_name,
            base: Cow::Borrowed(base),
            params: Vec::new(),
        }
    }

    /// Use another resolver base (a Handle server, a mirror, a test server); a final `/` is
    /// added when missing.
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.1000/182")?;
    /// let url = doi.api_url().base("https://hdl.handle.net/api/handles");
    /// assert_eq!(url.to_string(), "https://hdl.handle.net/api/handles/10.1000/182");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn base(mut self, base: impl Into<Cow<'d, str>>) -> Self {
        let mut base = base.into();
        if !base.ends_with('/') {
            base.to_mut().push('/');
        }
        self.base = base;
        self
    }

    /// Ask only for values of this type (repeatable: `type=URL&type=HS_ADMIN`).
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.1000/182")?;
    /// let url = doi.api_url().with_type("10320/loc");
    /// assert_eq!(url.to_string(), "https://doi.org/api/handles/10.1000/182?type=10320%2Floc");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn with_type(mut self, value_type: impl Into<Cow<'d, str>>) -> Self {
        self.params.push(("type", value_type.into()));
        self
    }

    /// Ask only for the value at this index (repeatable).
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.1000/182")?;
    /// let url = doi.api_url().with_index(1).with_index(100);
    /// assert_eq!(url.to_string(), "https://doi.org/api/handles/10.1000/182?index=1&index=100");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn with_index(mut self, index: u32) -> Self {
        self.params.push(("index", Cow::Owned(index.to_string())));
        self
    }
}

impl fmt::Display for HandleApiUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.base)?;
        if has_dot_segment(self.suffix) {
            // §4's path carries the suffix's own `/` as `%2F` already; its `.` and `..`
            // segments are written `%2E`, and a suffix that is one of them is joined to the
            // prefix with `%2F`, so that no server or client removes it as a dot segment
            // (RFC 3986 §5.2.4) and asks for another handle.
            write_encoded(f, self.prefix, |b| chars::is(b, PCHAR))?;
            f.write_str(if is_dot_segment(self.suffix) {
                "%2F"
            } else {
                "/"
            })?;
            for (i, segment) in self.suffix.split('/').enumerate() {
                if i > 0 {
                    f.write_str("%2F")?;
                }
                if is_dot_segment(segment) {
                    segment.bytes().try_for_each(|_| f.write_str("%2E"))?;
                } else {
                    write_encoded(f, segment, |b| chars::is(b, PCHAR))?;
                }
            }
        } else {
            write_ssp(f, self.prefix, self.suffix)?;
        }
        for (i, (key, value)) in self.params.iter().enumerate() {
            f.write_str(if i == 0 { "?" } else { "&" })?;
            f.write_str(key)?;
            f.write_str("=")?;
            write_encoded(f, value, chars::is_unreserved)?;
        }
        Ok(())
    }
}
