//! How an identifier resolves: the service a scheme names and what it is asked
//! ([`super::Scheme::route`]). The library says where to ask; `pidkit-resolve` asks.

/// How a service is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Protocol {
    /// The Handle System's HTTP JSON API (`{base}/api/handles/{handle}`, Handle.Net Technical
    /// Manual §14): the handle's record, its `URL` values, its `HS_ALIAS` values followed.
    HandleApi,
    /// An IVOA Registry's RegTAP service (`{base}/sync`, RegTAP 1.1): the resource record of an
    /// IVOID's registry part.
    RegTap,
    /// A resolver that answers with an HTTP redirect (`{base}/{name}`): where it sends the
    /// client is the answer (ARKs at N2T or their NMA).
    Redirect,
}

/// A resolution service: a name, the default address, and the command-line option that
/// changes it (`pidkit resolve --resolver URL` for DOIs …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Service {
    /// Its name (`doi`, `handle`, `registry` …): the key of its address in the resolver's
    /// configuration and its cache.
    pub name: &'static str,
    /// The long option of `pidkit resolve` that sets its address (without `--`).
    pub flag: &'static str,
    /// The environment variable that sets its address when the option is not given.
    pub env: &'static str,
    /// Its default address (a base URL).
    pub default: &'static str,
    /// How it is asked.
    pub protocol: Protocol,
    /// What it resolves, in a sentence: `DOI name`, `handle`, `registry part` …
    pub item: &'static str,
    /// One line for people (the option's help).
    pub about: &'static str,
    /// Whether the service also gives an identifier's record by content negotiation and its
    /// registration agency by prefix (the DOI proxy: `pidkit resolve --metadata`, `--agency`).
    pub records: bool,
}

/// What to ask to resolve one identifier.
///
/// ```
/// use pidkit::scheme::Protocol;
/// let r = pidkit::Identifier::parse("https://doi.org/10.1000/182")?.route().unwrap();
/// assert_eq!((r.service.protocol, r.name.as_str()), (Protocol::HandleApi, "10.1000/182"));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Route {
    /// The service that answers.
    pub service: &'static Service,
    /// What it is asked for: a handle (`10.1000/182`), an IVOID's registry part as RegTAP
    /// stores it, a path under the service's address (`ark:12345/x`).
    pub name: String,
    /// Where the identifier itself says it is served, when it does (the NMA of an ARK written
    /// as `https://NMA/ark:…`): asked instead of the service's default address, unless the
    /// user set one.
    pub at: Option<String>,
    /// What the service's answer does not cover, for people, said with a resolved answer (an
    /// IVOID's local part, which the resource itself dereferences).
    pub note: Option<String>,
}

impl Route {
    /// A route to `service` for `name`.
    pub fn new(service: &'static Service, name: impl Into<String>) -> Route {
        Route {
            service,
            name: name.into(),
            at: None,
            note: None,
        }
    }

    /// The same route, with a note for a resolved answer.
    pub fn note(self, note: impl Into<String>) -> Route {
        Route {
            note: Some(note.into()),
            ..self
        }
    }

    /// The same route, served at `at` by the identifier's own account.
    pub fn at(self, at: impl Into<String>) -> Route {
        Route {
            at: Some(at.into()),
            ..self
        }
    }
}
