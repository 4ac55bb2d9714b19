//! The configuration checked before any request: values that go into an HTTP header, service
//! addresses, bounded numbers. A value a header cannot carry would make the HTTP client fail
//! (it panics on a control character in the `User-Agent`) for every input; an address that is
//! not an absolute http(s) URL would give `unknown` for every input, or, with a `#fragment`,
//! swallow the path the resolver appends. Both are said once, at the start.

/// Why a [`crate::Config`] cannot be used.
///
/// ```
/// use pidkit_resolve::{Config, ConfigError};
/// let mut cfg = Config::default();
/// cfg.client.mailto = Some("me@example.org\r".into());
/// assert!(matches!(cfg.validate(), Err(ConfigError::Header { .. })));
/// cfg.client.mailto = None;
/// cfg.endpoints.set("doi", "https://doi.org/#x");
/// let e = cfg.validate().unwrap_err();
/// assert_eq!(e.to_string(), "the address of the doi service \"https://doi.org/#x\" has a fragment (#…), which would swallow the path pidkit appends");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigError {
    /// A value that goes into an HTTP header has a character no header may carry (a control
    /// character such as the `\r` of a CRLF file, a non-ASCII character, or one that would end
    /// the `User-Agent`'s comment).
    Header {
        /// What the value is (`mailto`).
        what: &'static str,
        /// The value, as given.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A service address that is not an absolute http or https URL without user name, query or
    /// fragment.
    Address {
        /// The service's name (`doi`, `registry` …; [`pidkit::scheme::Service::name`]).
        service: String,
        /// The address, as given.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// More retries than [`crate::MAX_RETRIES`].
    Retries(u32),
    /// A per-input deadline outside [`crate::MIN_DEADLINE`]..=[`crate::MAX_DEADLINE`].
    Deadline(std::time::Duration),
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Header {
                what,
                value,
                reason,
            } => write!(f, "the {what} value {value:?} {reason}"),
            ConfigError::Address {
                service,
                url,
                reason,
            } => write!(f, "the address of the {service} service {url:?} {reason}"),
            ConfigError::Retries(n) => write!(
                f,
                "{n} retries is more than the {} allowed",
                crate::MAX_RETRIES
            ),
            ConfigError::Deadline(d) => write!(
                f,
                "a deadline of {} s for one input is outside {} to {} s",
                d.as_secs_f64(),
                crate::MIN_DEADLINE.as_secs_f64(),
                crate::MAX_DEADLINE.as_secs()
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The longest contact address sent (an e-mail address has at most 254 characters).
const MAX_MAILTO: usize = 254;

/// Why `value` cannot be the contact address of the `User-Agent` (its comment, RFC 9110 §5.6.5
/// and §10.1.5): it must be printable ASCII without spaces, parentheses or backslashes.
pub(crate) fn check_mailto(value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err("is empty".into());
    }
    if value.len() > MAX_MAILTO {
        return Err(format!("is longer than {MAX_MAILTO} characters"));
    }
    if let Some((at, c)) = value.char_indices().find(|&(_, c)| c.is_control()) {
        return Err(format!(
            "has the control character U+{:04X} at byte {at} (a CRLF line end?): an HTTP header \
             cannot carry it",
            u32::from(c)
        ));
    }
    if let Some((at, c)) = value
        .char_indices()
        .find(|&(_, c)| !c.is_ascii_graphic() || matches!(c, '(' | ')' | '\\'))
    {
        return Err(format!(
            "has {c:?} at byte {at}: a contact address in the User-Agent is printable ASCII \
             without spaces, parentheses or backslashes"
        ));
    }
    Ok(())
}

/// Why `url` cannot be a service address: it must be an absolute http or https URL (ASCII: a
/// URI, hosts in Punycode) with a host, without user name, query or fragment.
pub(crate) fn check_address(url: &str) -> Result<(), String> {
    let iri = pidkit::Iri::parse(url)
        .map_err(|e| format!("is not an absolute http or https URL ({e})"))?;
    let scheme = iri.scheme().to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(format!(
            "is not an http or https URL (its scheme is {scheme:?})"
        ));
    }
    if !url.is_ascii() {
        return Err("is not ASCII: write the host in Punycode and percent-encode the path".into());
    }
    if iri.userinfo().is_some() {
        return Err("has a user name (user@…): credentials are not sent that way".into());
    }
    if iri.host().is_none_or(|h| h.as_str().is_empty()) {
        return Err("has no host".into());
    }
    if let Some(port) = iri.port().filter(|p| !p.is_empty())
        && port.parse::<u16>().is_err()
    {
        return Err(format!("has the port {port}, past 65535"));
    }
    if iri.query().is_some() {
        return Err("has a query (?…), which the request would mangle".into());
    }
    if iri.fragment().is_some() {
        return Err("has a fragment (#…), which would swallow the path pidkit appends".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_addresses() {
        assert_eq!(check_mailto("ops@example.org"), Ok(()));
        assert_eq!(check_mailto("a+b.c@x-y.example"), Ok(()));
        for (bad, says) in [
            ("me@example.org\r", "control character U+000D at byte 14"),
            ("me@\nexample.org", "U+000A"),
            ("me\u{0}@x", "U+0000"),
            ("me @x", "' ' at byte 2"),
            ("josé@x", "'é' at byte 3"),
            ("me)@x", "')'"),
            ("", "is empty"),
        ] {
            let e = check_mailto(bad).unwrap_err();
            assert!(e.contains(says), "{bad:?}: {e}");
        }
        assert!(check_mailto(&"a".repeat(255)).is_err());
    }

    #[test]
    fn service_addresses() {
        for good in [
            "https://doi.org",
            "http://reg.g-vo.org/tap",
            "HTTP://127.0.0.1:8080/",
            "http://[::1]:80/x",
        ] {
            assert_eq!(check_address(good), Ok(()), "{good}");
        }
        for (bad, says) in [
            ("not a url", "is not an absolute http or https URL ("),
            ("doi.org", "not an absolute"),
            ("ftp://doi.org", "scheme is \"ftp\""),
            ("https://doi.org/#frag", "fragment"),
            ("https://doi.org/?a=b", "query"),
            ("https://user:pw@doi.org", "user name"),
            ("https:///path", "no host"),
            ("http://a:99999/", "port 99999"),
            ("https://bücher.example", "not ASCII"),
            (
                "https://doi.org\r",
                "is not an absolute http or https URL (",
            ),
        ] {
            let e = check_address(bad).unwrap_err();
            assert!(e.contains(says), "{bad:?}: {e}");
        }
    }
}
