//! The resolver: recognises the input (any written form of a DOI, or an IVOID), answers from
//! the cache when it may, otherwise asks the Handle API or the registry, and says what happened.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use pidkit::doi::{self, Doi};
use pidkit::hdl::Handle;
use pidkit::ivo::Ivoid;
use pidkit::{Identifier, Kind, ParseError, ReadOptions};

use crate::cache::{Cache, Entry};
use crate::handle_api::Named;
use crate::http::{Client, ClientConfig};
use crate::outcome::{Outcome, Resolution, Source, Step};
use crate::{handle_api, registry};

/// The DOI system's resolver (DOI URI scheme §4).
pub const DEFAULT_RESOLVER: &str = "https://doi.org";
/// The Handle System's proxy, which answers for every handle (Handle.Net Technical Manual §14).
pub const DEFAULT_HANDLE_RESOLVER: &str = "https://hdl.handle.net";
/// The GAVO registry's TAP service, pyvo's default RegTAP endpoint (also read by pyvo from
/// `IVOA_REGISTRY`).
pub const DEFAULT_REGISTRY: &str = "http://reg.g-vo.org/tap";
/// How many `HS_ALIAS` values are followed before giving up (shortDOI → DOI is one).
pub const MAX_ALIASES: usize = 4;

/// Everything a [`Resolver`] needs to know.
///
/// ```
/// let cfg = pidkit_resolve::Config::default();
/// assert_eq!(cfg.resolver, "https://doi.org");
/// assert_eq!(cfg.registry, "http://reg.g-vo.org/tap");
/// assert_eq!(cfg.negative_ttl.as_secs(), 300);
/// ```
#[derive(Clone, Debug)]
pub struct Config {
    /// HTTP behaviour: timeouts, retries, body limit, contact, rate.
    pub client: ClientConfig,
    /// The Handle API's origin for DOIs; requests go to `{resolver}/api/handles/{ssp}`.
    pub resolver: String,
    /// The Handle API's origin for other handles (`hdl:`, `hdl.handle.net` URLs).
    pub handle_resolver: String,
    /// The RegTAP service's base URL; queries go to `{registry}/sync`.
    pub registry: String,
    /// Ask the Handle API only for values of these types (`type=`, repeatable).
    pub types: Vec<String>,
    /// Ask the Handle API only for values at these indexes (`index=`, repeatable).
    pub indexes: Vec<u32>,
    /// How long "not found" and "no values" answers are cached.
    pub negative_ttl: Duration,
    /// How long registry records are cached (they carry no TTL of their own).
    pub registry_ttl: Duration,
    /// Answer from the cache only (stale entries included); never use the network.
    pub offline: bool,
    /// Connections kept open per host (the batch concurrency is a good value).
    pub pool: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            client: ClientConfig::default(),
            resolver: DEFAULT_RESOLVER.into(),
            handle_resolver: DEFAULT_HANDLE_RESOLVER.into(),
            registry: DEFAULT_REGISTRY.into(),
            types: Vec::new(),
            indexes: Vec::new(),
            negative_ttl: Duration::from_secs(300),
            registry_ttl: Duration::from_secs(86_400),
            offline: false,
            pool: 4,
        }
    }
}

/// The handle an `HS_ALIAS` value names: for a DOI, any written form of a DOI (shortDOIs alias
/// DOIs); for a handle, any written form of a handle.
fn alias_target(kind: Kind, alias: &str) -> Result<Handle<'static>, ParseError> {
    if kind == Kind::Doi {
        let r = doi::recognize(alias)?;
        Ok(Handle::parse(r.doi.as_str())?.into_owned())
    } else {
        let r = pidkit::hdl::recognize(alias)?;
        Ok(r.handle.into_owned())
    }
}

/// Resolves DOIs and IVOIDs; shareable between threads.
///
/// ```no_run
/// use pidkit_resolve::{Config, Outcome, Resolver};
/// let resolver = Resolver::new(Config::default());
/// let r = resolver.resolve("doi:10.1000/182");
/// assert_eq!(r.outcome, Outcome::Resolved);
/// println!("{:?}", r.urls);
/// ```
pub struct Resolver {
    cfg: Config,
    client: Client,
    cache: Option<Cache>,
}

impl Resolver {
    /// A resolver without a cache.
    pub fn new(cfg: Config) -> Resolver {
        let client = Client::new(cfg.client.clone(), cfg.pool);
        Resolver {
            cfg,
            client,
            cache: None,
        }
    }

    /// Use `cache` for answers (and, when offline, as the only source).
    pub fn with_cache(mut self, cache: Cache) -> Resolver {
        self.cache = Some(cache);
        self
    }

    /// The cache, if any.
    pub fn cache(&self) -> Option<&Cache> {
        self.cache.as_ref()
    }

    /// The default cache directory ([`Cache::default_dir`]).
    pub fn default_cache_dir() -> Option<PathBuf> {
        Cache::default_dir()
    }

    /// HTTP requests sent so far, retries included.
    pub fn requests_sent(&self) -> u64 {
        self.client.requests_sent()
    }

    /// Resolve one identifier: a DOI in any written form (`10.1000/182`, `doi:…`,
    /// `https://doi.org/…`, `urn:doi:…`, `info:doi/…`, a shortDOI `10/abc`), or an IVOID.
    pub fn resolve(&self, input: &str) -> Resolution {
        // The library decides what the input is (`pidkit::read`); surrounding whitespace is
        // not part of the identifier here, and error offsets stay bytes of `input`.
        let text = input.trim();
        let lead = input.len() - input.trim_start().len();
        if text.is_empty()
            && let Err(e) = doi::recognize(input)
        {
            return invalid(input, e.into(), "empty input");
        }
        let reading = pidkit::read(text, &ReadOptions::default());
        match reading.result {
            Ok(Identifier::Doi(r)) => self.resolve_doi(input, &r.doi),
            Ok(Identifier::Hdl(r)) => self.resolve_handle(input, &r.handle),
            Ok(Identifier::Ivo(id)) => self.resolve_ivoid(input, &id),
            Err(e) if reading.kind == Kind::Ivo => {
                invalid(input, e.shifted(lead), "not a valid IVOA identifier")
            }
            Err(e) if reading.kind == Kind::Doi => {
                invalid(input, e.shifted(lead), "not a valid DOI")
            }
            Err(e) if reading.kind == Kind::Hdl => {
                invalid(input, e.shifted(lead), "not a valid handle")
            }
            // Something else: said as what it reads as, with the error of that reading if it
            // has one (`bad id` is an IRI reference with a space, not a broken DOI prefix).
            Err(e) => invalid(
                input,
                e.shifted(lead),
                &format!(
                    "not a DOI, a handle or an IVOA identifier (read as {})",
                    reading.kind
                ),
            ),
            Ok(_) => Resolution::invalid(
                input,
                format!(
                    "not a DOI, a handle or an IVOA identifier: it reads as {} (DOIs: 10.1000/182, doi:10.1000/182, https://doi.org/10.1000/182; handles: hdl:20.500.12345/x, https://hdl.handle.net/20.500.12345/x)",
                    reading.kind
                ),
            ),
        }
    }

    /// Resolve a DOI name through the Handle API, following `HS_ALIAS` values (shortDOIs).
    ///
    /// ```no_run
    /// let doi = pidkit::doi::Doi::parse("10/aabbe")?;
    /// let r = pidkit_resolve::Resolver::new(Default::default()).resolve_doi("10/aabbe", &doi);
    /// println!("{} → {:?}", r.outcome, r.aliases);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve_doi(&self, input: &str, doi: &Doi<'_>) -> Resolution {
        match Handle::parse(doi.as_str()) {
            Ok(h) => self.resolve_named(input, Kind::Doi, h.into_owned()),
            Err(e) => invalid(input, e.into(), "this DOI name is not a handle"),
        }
    }

    /// Resolve a handle through the Handle API of [`Config::handle_resolver`], following
    /// `HS_ALIAS` values.
    ///
    /// ```no_run
    /// let h = pidkit::hdl::Handle::parse("20.500.12345/abc")?;
    /// let r = pidkit_resolve::Resolver::new(Default::default()).resolve_handle("hdl:20.500.12345/abc", &h);
    /// println!("{} {:?}", r.outcome, r.urls);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve_handle(&self, input: &str, handle: &Handle<'_>) -> Resolution {
        self.resolve_named(input, Kind::Hdl, handle.clone().into_owned())
    }

    /// A DOI or a handle through the Handle API, following `HS_ALIAS` values (shortDOIs).
    fn resolve_named(&self, input: &str, kind: Kind, handle: Handle<'static>) -> Resolution {
        let mut res = Resolution::new(input, Some(kind), Outcome::Unknown, None);
        res.name = Some(handle.as_str().to_owned());
        let mut current = Named { kind, handle };
        let mut seen = vec![current.handle.key().to_string()];
        loop {
            let step = self.lookup(&current);
            res.attempts += step.attempts;
            res.source = merge_source(res.source, step.source);
            res.outcome = step.outcome;
            res.reason = step.reason;
            res.urls = step.urls;
            res.record = step.record;
            let Some(alias) = step.alias else { break };
            if res.outcome != Outcome::Resolved {
                break;
            }
            let target = match alias_target(kind, &alias) {
                Ok(h) => h,
                Err(e) => {
                    res.outcome = Outcome::Unknown;
                    res.reason = Some(format!(
                        "the HS_ALIAS value {alias:?} is not a {}: {e}",
                        if kind == Kind::Doi {
                            "DOI name"
                        } else {
                            "handle"
                        }
                    ));
                    break;
                }
            };
            let key = target.key().to_string();
            if seen.contains(&key) || seen.len() > MAX_ALIASES {
                res.outcome = Outcome::Unknown;
                res.reason = Some(format!(
                    "HS_ALIAS values loop or go deeper than {MAX_ALIASES}: {} → {}",
                    seen.join(" → "),
                    target.as_str()
                ));
                break;
            }
            seen.push(key);
            res.aliases.push(target.as_str().to_owned());
            current = Named {
                kind,
                handle: target,
            };
        }
        res
    }

    /// The origin of the Handle API that answers for names of `kind` (the endpoint table).
    fn endpoint(&self, kind: Kind) -> &str {
        match kind {
            Kind::Hdl => &self.cfg.handle_resolver,
            _ => &self.cfg.resolver,
        }
    }

    /// One Handle API lookup (no alias following), through the cache.
    fn lookup(&self, name: &Named<'_>) -> Step {
        let key = handle_api::cache_key(name, &self.cfg.types, &self.cfg.indexes);
        if let Some(step) = self.cached(&key, |e| handle_api::from_entry(name, e)) {
            return step;
        }
        if self.cfg.offline {
            return Step::unknown("not in the cache, and offline".into());
        }
        let mut url = name.handle.api_url().base(format!(
            "{}/api/handles/",
            self.endpoint(name.kind).trim_end_matches('/')
        ));
        for t in &self.cfg.types {
            url = url.with_type(t.as_str());
        }
        for &i in &self.cfg.indexes {
            url = url.with_index(i);
        }
        let url = url.to_string();
        let answer = self.client.send(&crate::http::Request::Get(&url));
        let (step, entry) = handle_api::classify(name, answer, &self.cfg);
        if let (Some(cache), Some(entry)) = (&self.cache, entry) {
            cache.put(&key, &entry);
        }
        step
    }

    /// Resolve an IVOID: its Registry part is looked up in the RegTAP registry (§2.5).
    ///
    /// ```no_run
    /// let id = pidkit::ivo::Ivoid::parse("ivo://org.gavo.dc/tap")?;
    /// let r = pidkit_resolve::Resolver::new(Default::default()).resolve_ivoid("ivo://org.gavo.dc/tap", &id);
    /// println!("{} {:?}", r.outcome, r.urls);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve_ivoid<T: AsRef<str>>(&self, input: &str, id: &Ivoid<T>) -> Resolution {
        let mut res = Resolution::new(input, Some(Kind::Ivo), Outcome::Unknown, None);
        // RegTAP stores the Registry part lowercased (Identifiers 2.0 §2.6).
        let registry_part = match Ivoid::parse(id.registry_part()) {
            Ok(r) => r.to_regtap().into_owned(),
            Err(_) => id.registry_part().to_ascii_lowercase(),
        };
        res.name = Some(registry_part.clone());
        let key = format!("ivo:{registry_part}");
        let step = match self.cached(&key, registry::from_entry) {
            Some(step) => step,
            None if self.cfg.offline => Step::unknown("not in the cache, and offline".into()),
            None => {
                let (step, entry) = registry::lookup(&self.client, &self.cfg, &registry_part);
                if let (Some(cache), Some(entry)) = (&self.cache, entry) {
                    cache.put(&key, &entry);
                }
                step
            }
        };
        res.outcome = step.outcome;
        res.reason = step.reason;
        res.urls = step.urls;
        res.record = step.record;
        res.attempts = step.attempts;
        res.source = step.source;
        if res.outcome == Outcome::Resolved && !id.local_part().is_empty() {
            res.reason = Some(format!(
                "resolved the Registry part; the local part {:?} is for the resource itself to \
                 dereference (Identifiers 2.0 §2.5)",
                id.local_part()
            ));
        }
        res
    }

    /// Resolve many identifiers with `concurrency` threads, calling `emit` in input order.
    ///
    /// ```no_run
    /// let resolver = pidkit_resolve::Resolver::new(Default::default());
    /// let ids = ["10.1000/182", "ivo://org.gavo.dc"].map(String::from);
    /// resolver.resolve_all(ids, 4, |r| println!("{} {}", r.input, r.outcome));
    /// ```
    pub fn resolve_all(
        &self,
        inputs: impl IntoIterator<Item = String>,
        concurrency: usize,
        mut emit: impl FnMut(Resolution),
    ) {
        crate::ordered(
            inputs,
            concurrency,
            |s| self.resolve(s),
            |s, r| emit(r.unwrap_or_else(|panic| Resolution::failed(&s, &panic))),
        );
    }

    /// A cached answer for `key` if it may be used: fresh, or any when offline.
    fn cached(&self, key: &str, build: impl FnOnce(&Entry) -> Option<Step>) -> Option<Step> {
        let entry = self.cache.as_ref()?.get(key).ok()??;
        let fresh = entry.is_fresh(SystemTime::now());
        if !fresh && !self.cfg.offline {
            return None;
        }
        let mut step = build(&entry)?;
        step.source = if fresh {
            Source::Cache
        } else {
            Source::StaleCache
        };
        Some(step)
    }
}

/// The source of a chain of lookups: the network if any step used it.
fn merge_source(a: Source, b: Source) -> Source {
    match (a, b) {
        (Source::None, x) | (x, Source::None) => x,
        (Source::Network, _) | (_, Source::Network) => Source::Network,
        (Source::StaleCache, _) | (_, Source::StaleCache) => Source::StaleCache,
        _ => Source::Cache,
    }
}

fn invalid(input: &str, e: ParseError, what: &str) -> Resolution {
    let mut r = Resolution::invalid(input, format!("{what}: {e}"));
    r.error = Some(e);
    r
}
