//! The resolver: the library reads the input and says how it resolves ([`pidkit::scheme::Route`]:
//! which service, asked what, by which protocol); this answers from the cache when it may,
//! otherwise asks the service, and says what happened. It names no scheme: a protocol is
//! followed the same way for every scheme whose route names it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime};

use pidkit::hdl::Handle;
use pidkit::scheme::{Protocol, Route};
use pidkit::{Kind, ParseError, ReadOptions};

use crate::agency::{self, Agency, AgencyOutcome};
use crate::cache::{Cache, Entry, Table};
use crate::handle_api::Named;
use crate::http::{Client, ClientConfig};
use crate::metadata::{self, Metadata, MetadataFormat, MetadataOutcome};
use crate::outcome::{Outcome, Resolution, Source, Step};
use crate::{handle_api, redirect, registry};

/// The DOI system's resolver (DOI URI scheme §4): the default address of the `doi` service.
pub const DEFAULT_RESOLVER: &str = "https://doi.org";
/// The Handle System's proxy, which answers for every handle (Handle.Net Technical Manual §14).
pub const DEFAULT_HANDLE_RESOLVER: &str = "https://hdl.handle.net";
/// The GAVO registry's TAP service, pyvo's default RegTAP endpoint (also read by pyvo from
/// `IVOA_REGISTRY`).
pub const DEFAULT_REGISTRY: &str = "http://reg.g-vo.org/tap";
/// How many `HS_ALIAS` values are followed before giving up (shortDOI → DOI is one).
pub const MAX_ALIASES: usize = 4;
/// The default time allowed for one input ([`Config::deadline`]).
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(60);
/// The shortest deadline for one input.
pub const MIN_DEADLINE: Duration = Duration::from_millis(10);
/// The longest deadline for one input: an hour.
pub const MAX_DEADLINE: Duration = Duration::from_secs(3600);

/// The address of every resolution service ([`pidkit::scheme::services`]), by the service's
/// name (`doi`, `handle`, `registry` …): each its default unless set.
///
/// ```
/// let e = pidkit_resolve::Endpoints::default().with("doi", "http://127.0.0.1:8080");
/// assert_eq!(e.get("doi"), Some("http://127.0.0.1:8080"));
/// assert_eq!(e.get("registry"), Some("http://reg.g-vo.org/tap"));
/// assert!(e.is_set("doi") && !e.is_set("registry"));
/// ```
#[derive(Clone, Debug)]
pub struct Endpoints {
    addresses: BTreeMap<&'static str, String>,
    set: BTreeSet<String>,
}

impl Default for Endpoints {
    fn default() -> Self {
        Endpoints {
            addresses: pidkit::scheme::services()
                .into_iter()
                .map(|s| (s.name, s.default.to_owned()))
                .collect(),
            set: BTreeSet::new(),
        }
    }
}

impl Endpoints {
    /// The same endpoints with the address of service `name` set to `url` (a name no service
    /// has is kept, and never asked).
    pub fn with(mut self, name: &str, url: impl Into<String>) -> Endpoints {
        self.set(name, url);
        self
    }

    /// Set the address of service `name`.
    pub fn set(&mut self, name: &str, url: impl Into<String>) {
        let url = url.into();
        match pidkit::scheme::services()
            .into_iter()
            .find(|s| s.name == name)
        {
            Some(s) => {
                self.addresses.insert(s.name, url);
            }
            None => {
                let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
                self.addresses.insert(leaked, url);
            }
        }
        self.set.insert(name.to_owned());
    }

    /// The address of service `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.addresses.get(name).map(String::as_str)
    }

    /// Whether the address of service `name` was set rather than defaulted.
    pub fn is_set(&self, name: &str) -> bool {
        self.set.contains(name)
    }

    /// Check every address: an absolute http or https URL (ASCII) with a host, and no user
    /// name, query or fragment (the resolver appends its path: `/api/handles/…`, `/sync`).
    ///
    /// ```
    /// use pidkit_resolve::Endpoints;
    /// assert!(Endpoints::default().validate().is_ok());
    /// let e = Endpoints::default().with("registry", "not a url").validate().unwrap_err();
    /// assert!(e.to_string().starts_with("the address of the registry service \"not a url\""));
    /// ```
    pub fn validate(&self) -> Result<(), crate::ConfigError> {
        for (name, url) in &self.addresses {
            crate::check::check_address(url).map_err(|reason| crate::ConfigError::Address {
                service: (*name).to_owned(),
                url: url.clone(),
                reason,
            })?;
        }
        Ok(())
    }
}

/// Everything a [`Resolver`] needs to know.
///
/// ```
/// let cfg = pidkit_resolve::Config::default();
/// assert_eq!(cfg.endpoints.get("doi"), Some("https://doi.org"));
/// assert_eq!(cfg.endpoints.get("registry"), Some("http://reg.g-vo.org/tap"));
/// assert_eq!(cfg.negative_ttl.as_secs(), 300);
/// ```
#[derive(Clone, Debug)]
pub struct Config {
    /// HTTP behaviour: timeouts, retries, body limit, contact, rate.
    pub client: ClientConfig,
    /// The address of each resolution service: the Handle API's origin for DOIs (`doi`,
    /// requests go to `{url}/api/handles/{handle}`) and other handles (`handle`), the RegTAP
    /// service (`registry`, queries go to `{url}/sync`) …
    pub endpoints: Endpoints,
    /// Ask the Handle API only for values of these types (`type=`, repeatable).
    pub types: Vec<String>,
    /// Ask the Handle API only for values at these indexes (`index=`, repeatable).
    pub indexes: Vec<u32>,
    /// How long "not found" and "no values" answers are cached.
    pub negative_ttl: Duration,
    /// How long registry records and redirects are cached (they carry no TTL of their own).
    pub registry_ttl: Duration,
    /// Answer from the cache only (stale entries included); never use the network.
    pub offline: bool,
    /// Connections kept open per host (the batch concurrency is a good value).
    pub pool: usize,
    /// The time allowed for one input, from its start to its answer, whatever happens in
    /// between: every attempt, retry, backoff, `Retry-After` wait, rate-limit wait and
    /// `HS_ALIAS` hop (each attempt's timeouts are cut to the time left, and a wait that would
    /// end past it is not begun). Past it the input is `unknown`, with a reason naming it.
    /// [`MIN_DEADLINE`]..=[`MAX_DEADLINE`]; [`DEFAULT_DEADLINE`] by default. The metadata and
    /// agency requests of a DOI fit in it too.
    pub deadline: Duration,
    /// Ask the DOI proxy for each DOI's metadata in this format (content negotiation), once
    /// the DOI resolved; `None` (the default) asks nothing.
    pub metadata: Option<MetadataFormat>,
    /// Ask the DOI proxy's RA service for the registration agency of each DOI's prefix (once
    /// per prefix).
    pub agency: bool,
    /// How long metadata is cached ([`crate::DEFAULT_METADATA_TTL`]); "no metadata" answers
    /// live [`Config::negative_ttl`].
    pub metadata_ttl: Duration,
    /// How long a prefix's agency is cached ([`crate::DEFAULT_AGENCY_TTL`]); "not registered"
    /// answers live [`Config::negative_ttl`].
    pub agency_ttl: Duration,
}

impl Config {
    /// Check the configuration before any request ([`ClientConfig::validate`],
    /// [`Endpoints::validate`]). [`Resolver::new`] checks it too: a resolver with a bad
    /// configuration answers every input `unknown` with the error, and sends nothing.
    ///
    /// ```
    /// let mut cfg = pidkit_resolve::Config::default();
    /// assert!(cfg.validate().is_ok());
    /// cfg.endpoints.set("doi", "https://doi.org/?x=1");
    /// assert!(cfg.validate().unwrap_err().to_string().contains("query"));
    /// ```
    pub fn validate(&self) -> Result<(), crate::ConfigError> {
        self.client.validate()?;
        if !(MIN_DEADLINE..=MAX_DEADLINE).contains(&self.deadline) {
            return Err(crate::ConfigError::Deadline(self.deadline));
        }
        if let Some(f) = &self.metadata {
            f.check().map_err(|reason| crate::ConfigError::Header {
                what: "metadata format",
                value: f.name(),
                reason,
            })?;
        }
        self.endpoints.validate()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            client: ClientConfig::default(),
            endpoints: Endpoints::default(),
            types: Vec::new(),
            indexes: Vec::new(),
            negative_ttl: Duration::from_secs(300),
            registry_ttl: Duration::from_secs(86_400),
            offline: false,
            pool: 4,
            deadline: DEFAULT_DEADLINE,
            metadata: None,
            agency: false,
            metadata_ttl: crate::DEFAULT_METADATA_TTL,
            agency_ttl: crate::DEFAULT_AGENCY_TTL,
        }
    }
}

/// The handle an `HS_ALIAS` value names, read as any written form of an identifier of `kind`
/// (shortDOIs alias DOIs; a handle aliases a handle).
fn alias_target(kind: Kind, alias: &str) -> Result<Handle<'static>, ParseError> {
    let opts = ReadOptions::default().with_read_as(kind.reading().unwrap_or_default());
    let id = pidkit::read(alias.trim(), &opts).result?;
    let name = id.route().map(|r| r.name).unwrap_or_default();
    Ok(Handle::parse(&name)?.into_owned())
}

/// "a DOI, a handle or an IVOA identifier": the kinds pidkit resolves, for messages.
fn resolvable() -> String {
    let titles: Vec<String> = Kind::ALL
        .iter()
        .filter(|k| k.service().is_some())
        .map(|k| {
            let t = k.title();
            let an = t.starts_with(['A', 'E', 'I', 'O', 'a', 'e', 'i', 'o', 'u']);
            format!("{} {t}", if an { "an" } else { "a" })
        })
        .collect();
    match titles.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => titles.concat(),
    }
}

/// Resolves identifiers of every scheme with a route; shareable between threads.
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
    /// Why the configuration cannot be used ([`Config::validate`]), if it cannot.
    invalid: Option<crate::ConfigError>,
    /// The agency of each prefix asked in this run, so that a prefix is asked once however
    /// many of its DOIs are resolved at once (the first asks; the others wait for its answer).
    agencies: Mutex<HashMap<String, Arc<OnceLock<Agency>>>>,
}

/// The prefixes whose agency is remembered in one run at most (past it, the cache answers).
const MAX_REMEMBERED_PREFIXES: usize = 100_000;

impl Resolver {
    /// A resolver without a cache. A configuration that [`Config::validate`] refuses gives a
    /// resolver that answers every input `unknown` with the error and sends nothing (use
    /// [`Resolver::try_new`] to be told at once).
    pub fn new(cfg: Config) -> Resolver {
        let invalid = cfg.validate().err();
        let client = Client::new(cfg.client.clone(), cfg.pool, cfg.deadline);
        Resolver {
            cfg,
            client,
            cache: None,
            invalid,
            agencies: Mutex::new(HashMap::new()),
        }
    }

    /// A resolver without a cache, or why `cfg` cannot be used.
    ///
    /// ```
    /// let mut cfg = pidkit_resolve::Config::default();
    /// cfg.client.mailto = Some("me@example.org\r".into());
    /// assert!(pidkit_resolve::Resolver::try_new(cfg).is_err());
    /// ```
    pub fn try_new(cfg: Config) -> Result<Resolver, crate::ConfigError> {
        cfg.validate()?;
        Ok(Resolver::new(cfg))
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

    /// Resolve one identifier: any identifier whose scheme has a route (a DOI in any written
    /// form, shortDOIs too; a handle; an IVOID …).
    pub fn resolve(&self, input: &str) -> Resolution {
        let r = self.resolve_input(input);
        self.finish(r)
    }

    /// [`Resolver::resolve`] before [`Resolver::finish`].
    fn resolve_input(&self, input: &str) -> Resolution {
        // The library decides what the input is (`pidkit::read`); surrounding whitespace is
        // not part of the identifier here, and error offsets stay bytes of `input`.
        let text = input.trim();
        let lead = input.len() - input.trim_start().len();
        if text.is_empty() {
            let e = pidkit::Error {
                kind: pidkit::iri::IriError::Empty.into(),
                offset: 0,
                len: input.len(),
            };
            return invalid(input, e, "empty input");
        }
        let reading = pidkit::read(text, &ReadOptions::default());
        let kind = reading.kind;
        match reading.result {
            Ok(id) => match id.route() {
                Some(route) => self.resolve_route(input, kind, route),
                None => Resolution::invalid(
                    input,
                    format!(
                        "not {}: it reads as {kind}, which pidkit does not resolve",
                        resolvable()
                    ),
                ),
            },
            Err(e) if kind.service().is_some() => invalid(
                input,
                e.shifted(lead),
                &format!("not a valid {}", kind.title()),
            ),
            // Something else: said as what it reads as, with the error of that reading if it
            // has one (`bad id` is an IRI reference with a space, not a broken DOI prefix).
            Err(e) => invalid(
                input,
                e.shifted(lead),
                &format!("not {} (read as {kind})", resolvable()),
            ),
        }
    }

    /// Resolve an identifier of `kind` by its route ([`pidkit::Identifier::route`]): the
    /// service's protocol is followed the same way for every scheme.
    ///
    /// ```no_run
    /// let id = pidkit::Identifier::parse("10/aabbe")?;
    /// let route = id.route().unwrap();
    /// let r = pidkit_resolve::Resolver::new(Default::default()).resolve_route("10/aabbe", id.kind(), route);
    /// println!("{} → {:?}", r.outcome, r.aliases);
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn resolve_route(&self, input: &str, kind: Kind, route: Route) -> Resolution {
        let r = self.resolve_by_route(input, kind, route);
        self.finish(r)
    }

    /// The metadata and agency members a resolution is given when the configuration asks for
    /// them and its lookups did not set them: `skipped`, with the reason.
    fn finish(&self, mut r: Resolution) -> Resolution {
        let records = r.kind.and_then(Kind::service).is_some_and(|s| s.records);
        let why = || match (r.outcome, r.kind) {
            (Outcome::Invalid, _) | (_, None) => {
                "not asked: the input is not a valid identifier".to_owned()
            }
            (_, Some(k)) if !records => format!(
                "not asked: the {} service gives no records (content negotiation is the DOI proxy's)",
                k.title()
            ),
            (o, Some(k)) => format!("not asked: the {} is {o}", k.title()),
        };
        if let (Some(f), None) = (&self.cfg.metadata, &r.metadata) {
            r.metadata = Some(Metadata::new(f, MetadataOutcome::Skipped, why()));
        }
        if self.cfg.agency && r.agency.is_none() {
            r.agency = Some(Agency::new(None, AgencyOutcome::Skipped, why()));
        }
        r
    }

    fn resolve_by_route(&self, input: &str, kind: Kind, route: Route) -> Resolution {
        if let Some(e) = &self.invalid {
            let mut r = Resolution::new(input, Some(kind), Outcome::Unknown, None);
            r.reason = Some(format!("not resolved: the configuration is invalid: {e}"));
            return r;
        }
        // The input's deadline: every request, retry, wait and alias hop fits before it.
        let until = Instant::now() + self.cfg.deadline;
        match route.service.protocol {
            Protocol::HandleApi => match Handle::parse(&route.name) {
                Ok(h) => {
                    let mut res = self.resolve_named(input, kind, &route, h.into_owned(), until);
                    // Content negotiation and the RA service, where the service has them.
                    if route.service.records {
                        self.enrich(&mut res, &route, until);
                    }
                    res
                }
                Err(e) => invalid(
                    input,
                    e.into(),
                    &format!("this {} is not a handle", kind.title()),
                ),
            },
            Protocol::RegTap => self.resolve_registry(input, kind, &route, until),
            Protocol::Redirect => self.resolve_redirect(input, kind, &route, until),
            _ => Resolution::invalid(
                input,
                format!(
                    "pidkit does not speak the protocol of the {} service",
                    route.service.name
                ),
            ),
        }
    }

    /// The address to ask for `route`: the one set for its service, else the identifier's own
    /// (an ARK's NMA), else the service's default.
    fn address(&self, route: &Route) -> String {
        let name = route.service.name;
        let set = self.cfg.endpoints.is_set(name);
        match (&route.at, set) {
            (Some(at), false) => at.clone(),
            _ => self
                .cfg
                .endpoints
                .get(name)
                .unwrap_or(route.service.default)
                .to_owned(),
        }
    }

    /// A name through the Handle API, following `HS_ALIAS` values (shortDOIs).
    fn resolve_named(
        &self,
        input: &str,
        kind: Kind,
        route: &Route,
        handle: Handle<'static>,
        until: Instant,
    ) -> Resolution {
        let mut res = Resolution::new(input, Some(kind), Outcome::Unknown, None);
        res.name = Some(handle.as_str().to_owned());
        let base = self.address(route);
        let what = route.service.item;
        let mut current = Named { kind, what, handle };
        let mut seen = vec![current.handle.key().to_string()];
        loop {
            let step = self.lookup(&current, &base, until);
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
                    res.reason = Some(format!("the HS_ALIAS value {alias:?} is not a {what}: {e}"));
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
                what,
                handle: target,
            };
        }
        res
    }

    /// One Handle API lookup at `base` (no alias following), through the cache.
    fn lookup(&self, name: &Named<'_>, base: &str, until: Instant) -> Step {
        let key = handle_api::cache_key(name, &self.cfg.types, &self.cfg.indexes);
        if let Some(step) = self.cached(&key, |e| handle_api::from_entry(name, e)) {
            return step;
        }
        if self.cfg.offline {
            return Step::unknown("not in the cache, and offline".into());
        }
        let mut url = name
            .handle
            .api_url()
            .base(format!("{}/api/handles/", base.trim_end_matches('/')));
        for t in &self.cfg.types {
            url = url.with_type(t.as_str());
        }
        for &i in &self.cfg.indexes {
            url = url.with_index(i);
        }
        let url = url.to_string();
        let answer = self.client.send(&crate::http::Request::Get(&url), until);
        let (step, entry) = handle_api::classify(name, answer, &self.cfg);
        if let (Some(cache), Some(entry)) = (&self.cache, entry) {
            cache.put(&key, &entry);
        }
        step
    }

    /// Look a name up in a RegTAP registry (an IVOID's registry part, Identifiers 2.0 §2.5).
    fn resolve_registry(
        &self,
        input: &str,
        kind: Kind,
        route: &Route,
        until: Instant,
    ) -> Resolution {
        let mut res = Resolution::new(input, Some(kind), Outcome::Unknown, None);
        res.name = Some(route.name.clone());
        let key = format!("{}:{}", kind.name(), route.name);
        let step = match self.cached(&key, registry::from_entry) {
            Some(step) => step,
            None if self.cfg.offline => Step::unknown("not in the cache, and offline".into()),
            None => {
                let base = self.address(route);
                let (step, entry) =
                    registry::lookup(&self.client, &self.cfg, &base, &route.name, until);
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
        if res.outcome == Outcome::Resolved && route.note.is_some() {
            res.reason = route.note.clone();
        }
        res
    }

    /// Ask a resolver that answers with a redirect (`{address}/{name}`): where it sends the
    /// client is the answer.
    fn resolve_redirect(
        &self,
        input: &str,
        kind: Kind,
        route: &Route,
        until: Instant,
    ) -> Resolution {
        let mut res = Resolution::new(input, Some(kind), Outcome::Unknown, None);
        res.name = Some(route.name.clone());
        let base = self.address(route);
        let url = format!("{}/{}", base.trim_end_matches('/'), route.name);
        let key = format!("{}:{}", kind.name(), url);
        let step = match self.cached(&key, redirect::from_entry) {
            Some(step) => step,
            None if self.cfg.offline => Step::unknown("not in the cache, and offline".into()),
            None => {
                let (step, entry) =
                    redirect::lookup(&self.client, &self.cfg, &url, route.service.item, until);
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
        if res.outcome == Outcome::Resolved && route.note.is_some() {
            res.reason = route.note.clone();
        }
        res
    }

    /// A resolved DOI's metadata and its prefix's agency, as the configuration asks; the name
    /// asked about is the one the aliases led to (a shortDOI's DOI).
    fn enrich(&self, res: &mut Resolution, route: &Route, until: Instant) {
        if self.cfg.metadata.is_none() && !self.cfg.agency {
            return;
        }
        let Some(name) = res.aliases.last().or(res.name.as_ref()) else {
            return;
        };
        let Ok(doi) = pidkit::doi::Doi::parse(name).map(|d| d.into_owned()) else {
            return;
        };
        let base = self.address(route);
        if let Some(format) = &self.cfg.metadata
            && matches!(res.outcome, Outcome::Resolved | Outcome::NoValues)
        {
            res.metadata = Some(self.metadata_of(&doi, format, &base, until));
        }
        if self.cfg.agency && doi.prefix() != "10" {
            res.agency = Some(self.agency_of(doi.prefix(), &base, until));
        }
    }

    /// `doi`'s metadata in `format` from the proxy at `base`, through the cache.
    fn metadata_of(
        &self,
        doi: &pidkit::doi::Doi<'_>,
        format: &MetadataFormat,
        base: &str,
        until: Instant,
    ) -> Metadata {
        let key = metadata::cache_key(doi, format);
        if let Some(m) = self.cached_in(Table::Metadata, &key, |e| metadata::from_entry(format, e))
        {
            return m;
        }
        if self.cfg.offline {
            return Metadata::new(
                format,
                MetadataOutcome::Unknown,
                "not in the cache, and offline".into(),
            );
        }
        let path = doi.to_url();
        let path = path.strip_prefix("https://doi.org/").unwrap_or(&path);
        let url = format!("{}/{path}", base.trim_end_matches('/'));
        let accept = format.accept();
        let answer = self.client.send_limited(
            &crate::http::Request::Negotiate(&url, &accept),
            until,
            crate::MAX_METADATA_BYTES,
        );
        let (m, entry) = metadata::classify(
            doi,
            format,
            answer,
            self.cfg.metadata_ttl,
            self.cfg.negative_ttl,
        );
        if let (Some(cache), Some(entry)) = (&self.cache, entry) {
            cache.put_in(Table::Metadata, &key, &entry);
        }
        m
    }

    /// The agency of `prefix` from the RA service at `base`: asked once per prefix in a run
    /// (the other inputs of the prefix wait for that answer), through the cache.
    fn agency_of(&self, prefix: &str, base: &str, until: Instant) -> Agency {
        let key = format!("ra:{prefix}");
        let cell = {
            let mut memo = self.agencies.lock().unwrap_or_else(|e| e.into_inner());
            if memo.len() >= MAX_REMEMBERED_PREFIXES && !memo.contains_key(&key) {
                None
            } else {
                Some(Arc::clone(memo.entry(key.clone()).or_default()))
            }
        };
        let Some(cell) = cell else {
            return self.ask_agency(prefix, &key, base, until);
        };
        let mut first = false;
        let mut answer = cell
            .get_or_init(|| {
                first = true;
                self.ask_agency(prefix, &key, base, until)
            })
            .clone();
        if answer.outcome == AgencyOutcome::Unknown {
            // Not remembered: a later input asks again.
            let mut memo = self.agencies.lock().unwrap_or_else(|e| e.into_inner());
            if memo.get(&key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
                memo.remove(&key);
            }
        }
        if !first && answer.source == Source::Network {
            // Another input of the prefix asked: this one sent nothing.
            answer.source = Source::Cache;
            answer.attempts = 0;
        }
        answer
    }

    fn ask_agency(&self, prefix: &str, key: &str, base: &str, until: Instant) -> Agency {
        if let Some(a) = self.cached_in(Table::Agencies, key, |e| agency::from_entry(prefix, e)) {
            return a;
        }
        if self.cfg.offline {
            return Agency::new(
                Some(prefix),
                AgencyOutcome::Unknown,
                "not in the cache, and offline".into(),
            );
        }
        let url = format!("{}/ra/{prefix}", base.trim_end_matches('/'));
        let answer = self.client.send_limited(
            &crate::http::Request::Get(&url),
            until,
            crate::MAX_AGENCY_BYTES,
        );
        let (a, entry) =
            agency::classify(prefix, answer, self.cfg.agency_ttl, self.cfg.negative_ttl);
        if let (Some(cache), Some(entry)) = (&self.cache, entry) {
            cache.put_in(Table::Agencies, key, &entry);
        }
        a
    }

    /// A cached value of `table` for `key` if it may be used: fresh, or any when offline; its
    /// source says which.
    fn cached_in<T: HasSource>(
        &self,
        table: Table,
        key: &str,
        build: impl FnOnce(&Entry) -> Option<T>,
    ) -> Option<T> {
        let entry = self.cache.as_ref()?.get_in(table, key).ok()??;
        let fresh = entry.is_fresh(SystemTime::now());
        if !fresh && !self.cfg.offline {
            return None;
        }
        let mut v = build(&entry)?;
        v.set_source(if fresh {
            Source::Cache
        } else {
            Source::StaleCache
        });
        Some(v)
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

/// Values that say where they came from.
trait HasSource {
    fn set_source(&mut self, s: Source);
}

impl HasSource for Metadata {
    fn set_source(&mut self, s: Source) {
        self.source = s;
    }
}

impl HasSource for Agency {
    fn set_source(&mut self, s: Source) {
        self.source = s;
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
