//! The Handle API URL that resolves a handle through the HDL.NET proxy (Handle.Net Technical
//! Manual §14.5.1 `GET /api/handles/{handle}`), built by [`HandleApiUrl`]: the base, the handle
//! written like the scheme-specific part of a `doi:` URI, and the API's `type` / `index`
//! parameters.

use super::name::Handle;
use crate::handle_system::HandleApiUrl;

impl Handle<'_> {
    /// The Handle API URL that resolves this handle through the HDL.NET proxy
    /// (`https://hdl.handle.net/api/handles/`, [`HandleApiUrl::base`] to ask another server):
    /// the prefix, `/`, and the local name with each byte outside unreserved, sub-delims, `:`
    /// and `@` percent-encoded (its own `/` as `%2F`, as doi URI scheme §2 writes a suffix), and
    /// a `.` or `..` segment of the local name written `%2E` so that no client or server
    /// removes it (RFC 3986 §5.2.4). Network access is not this crate's business.
    ///
    /// ```
    /// let h = pidkit::hdl::Handle::parse("0.NA/20.500.12345")?;
    /// assert_eq!(h.api_url().with_type("HS_SITE").to_string(),
    ///            "https://hdl.handle.net/api/handles/0.NA/20.500.12345?type=HS_SITE");
    /// let dots = pidkit::hdl::Handle::parse("20.500/a/../b")?;
    /// assert_eq!(dots.api_url().to_string(), "https://hdl.handle.net/api/handles/20.500/a%2F%2E%2E%2Fb");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn api_url(&self) -> HandleApiUrl<'_> {
        HandleApiUrl::new(
            self.prefix(),
            self.local_name(),
            HandleApiUrl::HANDLE_NET_BASE,
        )
    }
}
