//! The HTTP client (RFC 9110): connect and total timeouts, bounded retries with exponential
//! backoff and jitter, `Retry-After` (§10.2.3), a maximum body size (on the wire and decoded),
//! a polite `User-Agent`, an optional request rate limit shared by all threads, and a pace per
//! host that the servers set: a 429 or 503 with `Retry-After`, or the agencies' rate-limit
//! headers (`X-Rate-Limit-Limit` / `X-Rate-Limit-Interval`, `X-RateLimit-*`, `RateLimit-*`),
//! slow every worker that asks that host, not only the one that was told. A failed DNS lookup
//! is final: it is not retried.

use std::collections::HashMap;
use std::io::Read as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// How the client talks to servers. [`Default`] suits polite batch use of public services.
///
/// ```
/// use std::time::Duration;
/// let cfg = pidkit_resolve::ClientConfig {
///     timeout: Duration::from_secs(5),
///     retries: 1,
///     ..Default::default()
/// };
/// assert!(cfg.user_agent(None).starts_with("pidkit/"));
/// ```
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// Time allowed to open a connection (DNS, TCP and TLS).
    pub connect_timeout: Duration,
    /// Time allowed for one whole exchange: connect, send, headers and the complete body.
    pub timeout: Duration,
    /// Retries after the first attempt (on 5xx, 429, timeouts and connection errors), at most
    /// [`MAX_RETRIES`].
    pub retries: u32,
    /// The first backoff delay; each retry doubles it, with jitter.
    pub backoff_base: Duration,
    /// The largest backoff delay.
    pub backoff_max: Duration,
    /// The longest `Retry-After` the client waits for; a longer one ends the retries.
    pub max_retry_after: Duration,
    /// The largest response body accepted, in bytes: on the wire, and again after a
    /// `Content-Encoding` (gzip) is decoded.
    pub max_body: u64,
    /// A contact address sent in the `User-Agent` (as polite API use asks): printable ASCII
    /// without spaces, parentheses or backslashes ([`ClientConfig::validate`]).
    pub mailto: Option<String>,
    /// At most this many requests per second over all threads (`None`: no limit). Values
    /// outside [`MIN_RATE`]..=[`MAX_RATE`] are clamped to that range.
    pub rate: Option<f64>,
}

/// The most retries after the first attempt: with the largest backoff and `Retry-After`, more
/// would hold one input for many minutes.
pub const MAX_RETRIES: u32 = 10;

/// The slowest request rate, in requests per second: one request every 100 seconds.
pub const MIN_RATE: f64 = 0.01;
/// The fastest request rate that is enforced, in requests per second.
pub const MAX_RATE: f64 = 1000.0;

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
            retries: 3,
            backoff_base: Duration::from_millis(500),
            backoff_max: Duration::from_secs(10),
            max_retry_after: Duration::from_secs(60),
            max_body: 8 << 20,
            mailto: None,
            rate: None,
        }
    }
}

impl ClientConfig {
    /// Check what goes into the requests: the contact address (and so the `User-Agent`) must be
    /// a header value, the retries at most [`MAX_RETRIES`].
    ///
    /// ```
    /// let mut cfg = pidkit_resolve::ClientConfig::default();
    /// assert!(cfg.validate().is_ok());
    /// cfg.mailto = Some("ops@example.org\r".into()); // from a CRLF env file
    /// let e = cfg.validate().unwrap_err().to_string();
    /// assert!(e.contains("control character U+000D"), "{e}");
    /// cfg.mailto = None;
    /// cfg.retries = 11;
    /// assert!(cfg.validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), crate::ConfigError> {
        if let Some(m) = &self.mailto {
            crate::check::check_mailto(m).map_err(|reason| crate::ConfigError::Header {
                what: "mailto",
                value: m.clone(),
                reason,
            })?;
        }
        if self.retries > MAX_RETRIES {
            return Err(crate::ConfigError::Retries(self.retries));
        }
        Ok(())
    }

    /// The `User-Agent` header: `pidkit/VERSION (+REPOSITORY; mailto:ADDRESS)`, each part in
    /// parentheses only when there is one (the package names no repository today).
    ///
    /// ```
    /// let cfg = pidkit_resolve::ClientConfig::default();
    /// let ua = cfg.user_agent(Some("me@example.org"));
    /// assert!(ua.starts_with("pidkit/") && ua.ends_with("mailto:me@example.org)"));
    /// assert!(!ua.contains("(+;") && !ua.contains("()"));
    /// assert!(!cfg.user_agent(None).contains("()"));
    /// ```
    pub fn user_agent(&self, mailto: Option<&str>) -> String {
        let repository = env!("CARGO_PKG_REPOSITORY");
        let notes: Vec<String> = [
            (!repository.is_empty()).then(|| format!("+{repository}")),
            mailto
                .or(self.mailto.as_deref())
                .map(|m| format!("mailto:{m}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        let base = concat!("pidkit/", env!("CARGO_PKG_VERSION"));
        if notes.is_empty() {
            base.to_owned()
        } else {
            format!("{base} ({})", notes.join("; "))
        }
    }
}

/// A request the client can send.
pub(crate) enum Request<'a> {
    /// `GET url`.
    Get(&'a str),
    /// `GET url` without following a redirect: a 3xx answer is the answer, its `Location` in
    /// [`Answer::location`].
    GetNoRedirect(&'a str),
    /// `POST url` with an `application/x-www-form-urlencoded` body.
    PostForm(&'a str, &'a [(&'a str, &'a str)]),
    /// `GET url` with this `Accept` (DOI content negotiation): redirects are followed to other
    /// origins too, since the DOI proxy sends such a request on to the registration agency's
    /// metadata service, but never from https to http.
    Negotiate(&'a str, &'a str),
}

/// An HTTP answer with its complete body.
#[derive(Debug)]
pub(crate) struct Answer {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
    /// Requests sent, retries included.
    pub attempts: u32,
    /// The answer's `Retry-After`, if any.
    pub retry_after: Option<Duration>,
    /// The answer's `Location`, if any (as sent: it may be relative).
    pub location: Option<String>,
    /// The URL that gave this answer (after the redirects followed).
    pub url: String,
}

/// Why no complete answer arrived.
#[derive(Debug)]
pub(crate) struct Failure {
    /// A sentence for the `reason` field.
    pub reason: String,
    /// Requests sent, retries included.
    pub attempts: u32,
}

/// One attempt's result, before the retry decision.
enum Attempt {
    Answer(Answer),
    /// A failure worth retrying (timeout, connection error, truncated body).
    Transient(String),
    /// A failure that would repeat (too large, bad URL, TLS, no such host).
    Fatal(String),
    /// A wait for a host's pace would end past the input's deadline.
    Deadline(String),
}

/// Spaces requests at least `1/rate` seconds apart, over all threads.
struct RateLimiter {
    interval: Duration,
    next: Mutex<Instant>,
}

impl RateLimiter {
    /// Wait for this thread's turn; `false` (without taking a turn) when the turn would come
    /// after `until`.
    fn wait(&self, until: Instant) -> bool {
        let now = Instant::now();
        let slot = {
            let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
            let slot = (*next).max(now);
            if slot > until {
                return false;
            }
            *next = slot + self.interval;
            slot
        };
        if slot > now {
            std::thread::sleep(slot - now);
        }
        true
    }
}

/// What one attempt gave, in a few words (for the reason of an input out of time); `wait` is
/// the retry's wait that would have passed the deadline.
fn describe(a: &Attempt, wait: Option<Duration>) -> String {
    let what = match a {
        Attempt::Answer(a) => format!(
            "HTTP {}{}",
            a.status,
            a.retry_after.map_or(String::new(), |d| format!(
                ", Retry-After {} s",
                d.as_secs()
            ))
        ),
        Attempt::Transient(r) | Attempt::Fatal(r) | Attempt::Deadline(r) => r.clone(),
    };
    match wait {
        Some(d) => format!(
            "{what}; a retry in {} s would end past the deadline",
            fmt_secs(d)
        ),
        None => what,
    }
}

/// Seconds for people: `2`, `0.5`, `1.25`.
fn fmt_secs(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The shared client: one connection pool, one rate limiter.
pub(crate) struct Client {
    agent: ureq::Agent,
    cfg: ClientConfig,
    limiter: Option<RateLimiter>,
    /// The pace each host asked for (429, `Retry-After`, rate-limit headers), for every worker.
    pacer: Pacer,
    sent: AtomicU64,
    /// The time allowed for one input ([`crate::Config::deadline`]), for reasons.
    deadline: Duration,
}

impl Client {
    pub fn new(cfg: ClientConfig, pool: usize, deadline: Duration) -> Client {
        let config = ureq::Agent::config_builder()
            .timeout_connect(Some(cfg.connect_timeout))
            .timeout_global(Some(cfg.timeout))
            .http_status_as_error(false)
            .user_agent(cfg.user_agent(None))
            .max_idle_connections_per_host(pool.max(1))
            .max_idle_connections(pool.max(1) * 2)
            .build();
        let agent = ureq::Agent::with_parts(
            config,
            ureq::unversioned::transport::DefaultConnector::default(),
            FinalDns::default(),
        );
        let limiter = cfg
            .rate
            .filter(|r| !r.is_nan() && *r > 0.0)
            .map(|r| RateLimiter {
                interval: Duration::from_secs_f64(1.0 / r.clamp(MIN_RATE, MAX_RATE)),
                next: Mutex::new(Instant::now()),
            });
        Client {
            agent,
            cfg,
            limiter,
            pacer: Pacer::default(),
            sent: AtomicU64::new(0),
            deadline,
        }
    }

    /// Requests sent so far (retries included).
    pub fn requests_sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }

    /// Send `req`, retrying transient failures, 5xx and 429 within the configured bounds, and
    /// all before `until` (the input's deadline): each attempt's timeouts are cut to the time
    /// left, and a wait (backoff, `Retry-After`, the rate limit) that would end past it is not
    /// begun. Past the deadline the result is a failure that names it.
    pub fn send(&self, req: &Request<'_>, until: Instant) -> Result<Answer, Failure> {
        self.send_limited(req, until, self.cfg.max_body)
    }

    /// [`Client::send`], accepting a body of at most `max_body` bytes (at most the configured
    /// limit).
    pub fn send_limited(
        &self,
        req: &Request<'_>,
        until: Instant,
        max_body: u64,
    ) -> Result<Answer, Failure> {
        let max_body = max_body.min(self.cfg.max_body);
        let mut attempt = 0;
        // What the last attempt gave, for the reason when the deadline ends the retries.
        let mut last: Option<String> = None;
        loop {
            let deadline = |last: Option<String>, attempts: u32| {
                Err(Failure {
                    reason: self.past_deadline(last.as_deref()),
                    attempts,
                })
            };
            if let Some(l) = &self.limiter
                && !l.wait(until)
            {
                return deadline(last, attempt);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return deadline(last, attempt);
            }
            self.sent.fetch_add(1, Ordering::Relaxed);
            let result = self.once(req, until, max_body);
            let cut = left < self.cfg.timeout.max(self.cfg.connect_timeout);
            let delay = match &result {
                Attempt::Answer(a) if a.status == 429 || a.status >= 500 => match a.retry_after {
                    Some(d) if d > self.cfg.max_retry_after => None,
                    Some(d) => Some(d),
                    None => Some(self.backoff(attempt)),
                },
                Attempt::Transient(_) => Some(self.backoff(attempt)),
                _ => None,
            };
            if let Some(d) = delay.filter(|_| attempt < self.cfg.retries) {
                // A retry whose wait ends at or past the deadline is not begun.
                if Instant::now() + d >= until {
                    return deadline(Some(describe(&result, Some(d))), attempt + 1);
                }
                std::thread::sleep(d);
                last = Some(describe(&result, None));
                attempt += 1;
                continue;
            }
            return match result {
                Attempt::Answer(mut a) => {
                    a.attempts = attempt + 1;
                    Ok(a)
                }
                // An attempt cut short by the deadline failed because of it.
                Attempt::Transient(reason) if cut && Instant::now() >= until => {
                    deadline(Some(reason), attempt + 1)
                }
                Attempt::Deadline(reason) => deadline(Some(reason), attempt + 1),
                Attempt::Transient(reason) | Attempt::Fatal(reason) => Err(Failure {
                    reason,
                    attempts: attempt + 1,
                }),
            };
        }
    }

    /// The reason of an input that ran out of time.
    fn past_deadline(&self, last: Option<&str>) -> String {
        let last = last.map_or(String::new(), |l| format!(" (the last attempt: {l})"));
        format!(
            "no answer within the deadline of {} s for one input{last}",
            fmt_secs(self.deadline)
        )
    }

    /// Exponential backoff with "equal jitter": half the delay fixed, half random.
    fn backoff(&self, attempt: u32) -> Duration {
        let exp = self
            .cfg
            .backoff_base
            .saturating_mul(1u32 << attempt.min(20))
            .min(self.cfg.backoff_max);
        let half = exp / 2;
        half + half.mul_f64(fastrand::f64())
    }

    /// One exchange, within `until` (the input's deadline): the configured timeouts, cut to
    /// the time left. `Get` and `PostForm` follow redirects to the same origin (scheme, host
    /// and port; RFC 6454), at most [`MAX_REDIRECTS`]: 303, and 301 or 302 after a POST, as a
    /// GET, the others with the same request (RFC 9110 §15.4). A redirect to another origin is
    /// not followed: a service is asked only at the address it was given, and the reason says
    /// where it pointed.
    fn once(&self, req: &Request<'_>, until: Instant, max_body: u64) -> Attempt {
        let (mut url, mut form, accept, follow) = match req {
            Request::Get(url) => ((*url).to_owned(), None, "application/json", true),
            Request::GetNoRedirect(url) => (
                (*url).to_owned(),
                None,
                "text/plain, text/html;q=0.9, */*;q=0.5",
                false,
            ),
            Request::PostForm(url, form) => (
                (*url).to_owned(),
                Some(*form),
                "application/x-votable+xml, text/xml;q=0.9",
                true,
            ),
            Request::Negotiate(url, accept) => ((*url).to_owned(), None, *accept, true),
        };
        let any_origin = matches!(req, Request::Negotiate(..));
        // Every worker waits for the pace the host asked for (nothing when it asked none): before
        // the exchange's time starts, and again before each redirect followed.
        let paced = |url: &str| {
            self.pacer.wait(url, until).map_err(|wait| {
                Attempt::Deadline(format!(
                    "{} asked for a pause of {} s, which would end past the deadline",
                    origin(url).map_or_else(
                        || "the server".to_owned(),
                        |(s, h, p)| format!("{s}://{h}:{p}")
                    ),
                    fmt_secs(wait)
                ))
            })
        };
        if let Err(a) = paced(&url) {
            return a;
        }
        // The exchange's own budget (--timeout) runs across its redirects, as ureq's did.
        let end = (Instant::now() + self.cfg.timeout).min(until);
        let mut hop = 0;
        let mut resp = loop {
            if hop > 0
                && let Err(a) = paced(&url)
            {
                return a;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Attempt::Transient(format!(
                    "timed out following redirects (at {})",
                    crate::handle_json::clip(&url)
                ));
            }
            if hop > 0 {
                self.sent.fetch_add(1, Ordering::Relaxed);
            }
            let (total, connect) = (Some(left), Some(self.cfg.connect_timeout.min(left)));
            let sent = match form {
                None => self
                    .agent
                    .get(&url)
                    .config()
                    .timeout_global(total)
                    .timeout_connect(connect)
                    .max_redirects(0)
                    .build()
                    .header("Accept", accept)
                    .call(),
                Some(form) => self
                    .agent
                    .post(&url)
                    .config()
                    .timeout_global(total)
                    .timeout_connect(connect)
                    .max_redirects(0)
                    .build()
                    .header("Accept", accept)
                    .send_form(form.iter().copied()),
            };
            let resp = match sent {
                Ok(r) => r,
                Err(e) => return classify(e, "request"),
            };
            let status = resp.status().as_u16();
            self.pacer.observe(&url, status, resp.headers(), &self.cfg);
            let location = resp
                .headers()
                .get("location")
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
            let Some(location) = location.filter(|_| follow && is_redirect(status)) else {
                break resp;
            };
            let Some(target) = crate::redirect::absolute(&url, &location).filter(|t| t.is_ascii())
            else {
                return Attempt::Fatal(format!(
                    "HTTP {status}: a redirect whose Location {:?} is not a URL: not followed",
                    crate::handle_json::clip(&location)
                ));
            };
            if let Some(refused) = refuse_redirect(&url, &target, any_origin) {
                return Attempt::Fatal(format!("HTTP {status}: {refused}"));
            }
            if origin(&target).is_none() || (!any_origin && origin(&target) != origin(&url)) {
                return Attempt::Fatal(format!(
                    "HTTP {status}: a redirect to {:?}, another origin than {}: not followed \
                     (a service is asked only at the address it was given)",
                    crate::handle_json::clip(&target),
                    origin(&url).map_or_else(String::new, |(s, h, p)| format!("{s}://{h}:{p}"))
                ));
            }
            if hop == MAX_REDIRECTS {
                return Attempt::Fatal(format!(
                    "HTTP {status}: more than {MAX_REDIRECTS} redirects"
                ));
            }
            if status == 303 || (form.is_some() && matches!(status, 301 | 302)) {
                form = None;
            }
            url = target;
            hop += 1;
        };
        let status = resp.status().as_u16();
        let content_type = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let retry_after = resp
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(parse_retry_after);
        // As bytes: a non-ASCII Location is still a Location (one no IRI may hold turns into
        // U+FFFD here, which the redirect reader refuses as it refuses any non-IRI).
        let location = resp
            .headers()
            .get("location")
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        let declared = resp
            .headers()
            .get("content-length")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if let Some(n) = declared.filter(|&n| n > max_body) {
            return Attempt::Fatal(too_large(n, max_body));
        }
        // The wire limit is ureq's; the decoded body (after gzip) is limited here, so a small
        // compressed body cannot expand without bound.
        // Sized by the declared length when there is one (within the limit): the buffer does
        // not grow by doubling to twice the body.
        let mut body = Vec::with_capacity(declared.map_or(0, |n| n.min(16 << 20) as usize));
        let read = resp
            .body_mut()
            .with_config()
            .limit(max_body)
            .reader()
            .take(max_body.saturating_add(1))
            .read_to_end(&mut body);
        match read.map_err(ureq::Error::from) {
            Ok(_) if body.len() as u64 > max_body => Attempt::Fatal(format!(
                "decoded response body larger than the {max_body} byte limit"
            )),
            Ok(_) => Attempt::Answer(Answer {
                status,
                content_type,
                body,
                attempts: 0,
                retry_after,
                location,
                url,
            }),
            Err(ureq::Error::BodyExceedsLimit(_)) => Attempt::Fatal(format!(
                "response body larger than the {max_body} byte limit"
            )),
            Err(e) => classify(e, "response body"),
        }
    }
}

/// The most redirects followed within one exchange (all to the same origin).
pub const MAX_REDIRECTS: u32 = 5;

/// Whether `status` redirects (RFC 9110 §15.4) to its `Location`.
fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}

/// The origin of an http(s) URL (RFC 6454 §4): scheme and host in lowercase, and the port,
/// the scheme's default when none is written.
fn origin(url: &str) -> Option<(String, String, u16)> {
    let u: ureq::http::Uri = url.parse().ok()?;
    let scheme = u.scheme_str()?.to_ascii_lowercase();
    let host = u.host()?.to_ascii_lowercase();
    let default = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    Some((scheme, host, u.port_u16().unwrap_or(default)))
}

/// Why a redirect from `from` to `to` is refused whatever the origin rule: from https to http
/// (a downgrade that would send the request in clear), or to a scheme other than http(s).
fn refuse_redirect(from: &str, to: &str, any_origin: bool) -> Option<String> {
    let scheme = |u: &str| u.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
    let (a, b) = (scheme(from)?, scheme(to)?);
    if b != "http" && b != "https" {
        return Some(format!(
            "a redirect to {:?}, not an http(s) URL: not followed",
            crate::handle_json::clip(to)
        ));
    }
    (any_origin && a == "https" && b == "http").then(|| {
        format!(
            "a redirect from https to {:?} (plain http): not followed",
            crate::handle_json::clip(to)
        )
    })
}

/// The hosts whose pace is tracked at most (a lane each): past it, new hosts are not paced.
const MAX_LANES: usize = 1024;
/// The longest spacing between two requests to one host that a server can ask for.
const MAX_INTERVAL: Duration = Duration::from_secs(10);
/// The spacing a 429 without a rate-limit header starts from (then doubles with each 429).
const MIN_429_INTERVAL: Duration = Duration::from_millis(100);

/// The pace of one host (`scheme://host:port`).
#[derive(Debug, Clone, Copy)]
struct Lane {
    /// Spacing between two requests: the server's advertised rate, grown after each 429.
    interval: Duration,
    /// The spacing the server's rate-limit headers ask for (the floor the interval decays to).
    floor: Duration,
    /// No request before this time: the next slot, or the end of a pause (`Retry-After`, a
    /// spent quota).
    next: Instant,
}

/// The pace every host asked for, shared by all workers: a 429 or 503 with `Retry-After`
/// pauses the host for every worker, a 429 doubles the spacing (up to [`MAX_INTERVAL`]), the
/// rate-limit headers set it (`X-Rate-Limit-Limit: 50` with `X-Rate-Limit-Interval: 1s` is one
/// request every 20 ms), a spent quota (`X-RateLimit-Remaining: 0` or `RateLimit-Remaining: 0`)
/// pauses until the reset; answers without either let the spacing decay back to the floor.
#[derive(Default)]
struct Pacer {
    lanes: Mutex<HashMap<String, Lane>>,
}

impl Pacer {
    /// The key of `url`'s host.
    fn key(url: &str) -> Option<String> {
        origin(url).map(|(s, h, p)| format!("{s}://{h}:{p}"))
    }

    /// Wait for this host's next slot; `Err(wait)` (without taking it) when it comes after
    /// `until`.
    fn wait(&self, url: &str, until: Instant) -> Result<(), Duration> {
        let Some(key) = Pacer::key(url) else {
            return Ok(());
        };
        let now = Instant::now();
        let slot = {
            let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
            let Some(lane) = lanes.get_mut(&key) else {
                return Ok(());
            };
            let slot = lane.next.max(now);
            if slot > until {
                return Err(slot - now);
            }
            lane.next = slot + lane.interval;
            slot
        };
        if slot > now {
            std::thread::sleep(slot - now);
        }
        Ok(())
    }

    /// Learn from an answer of `url`'s host.
    fn observe(&self, url: &str, status: u16, headers: &ureq::http::HeaderMap, cfg: &ClientConfig) {
        let get = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::trim)
        };
        let advertised = rate_interval(get("x-rate-limit-limit"), get("x-rate-limit-interval"));
        let pause = [
            ("x-ratelimit-remaining", "x-ratelimit-reset"),
            ("ratelimit-remaining", "ratelimit-reset"),
        ]
        .into_iter()
        .filter(|(r, _)| get(r).and_then(|v| v.parse::<u64>().ok()) == Some(0))
        .find_map(|(_, reset)| get(reset).and_then(reset_after))
        .or_else(|| {
            matches!(status, 429 | 503)
                .then(|| get("retry-after").and_then(parse_retry_after))
                .flatten()
        })
        .map(|d| d.min(cfg.max_retry_after));
        let limited = status == 429;
        if advertised.is_none() && pause.is_none() && !limited {
            // Nothing said: a lane that exists relaxes towards its floor.
            if let Some(key) = Pacer::key(url) {
                let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(lane) = lanes.get_mut(&key) {
                    lane.interval = (lane.interval - lane.interval / 8).max(lane.floor);
                }
            }
            return;
        }
        let Some(key) = Pacer::key(url) else { return };
        let now = Instant::now();
        let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        if !lanes.contains_key(&key) && lanes.len() >= MAX_LANES {
            return;
        }
        let lane = lanes.entry(key).or_insert(Lane {
            interval: Duration::ZERO,
            floor: Duration::ZERO,
            next: now,
        });
        if let Some(a) = advertised {
            lane.floor = a;
            lane.interval = lane.interval.max(a);
        }
        if limited {
            lane.interval = (lane.interval * 2).clamp(MIN_429_INTERVAL, MAX_INTERVAL);
            let until = now + pause.unwrap_or(lane.interval);
            lane.next = lane.next.max(until);
        } else if let Some(p) = pause {
            lane.next = lane.next.max(now + p);
        }
    }
}

/// The spacing a rate of `limit` requests per `interval` asks for (Crossref's
/// `X-Rate-Limit-Limit: 50`, `X-Rate-Limit-Interval: 1s`), at most [`MAX_INTERVAL`].
fn rate_interval(limit: Option<&str>, interval: Option<&str>) -> Option<Duration> {
    let limit = limit?.parse::<u32>().ok().filter(|&n| n > 0)?;
    let per = parse_interval(interval.unwrap_or("1s"))?;
    Some((per / limit).min(MAX_INTERVAL))
}

/// `1s`, `60s`, `1m`, `500ms`, or bare seconds; at most an hour.
fn parse_interval(v: &str) -> Option<Duration> {
    let v = v.trim();
    let (n, unit) = match v.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => (&v[..i], v[i..].trim()),
        None => (v, "s"),
    };
    let n: f64 = n
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite() && *n >= 0.0)?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" | "sec" | "" => n,
        "m" | "min" => n * 60.0,
        "h" => n * 3600.0,
        _ => return None,
    };
    (secs <= 3600.0).then(|| Duration::from_secs_f64(secs))
}

/// A quota's reset (`X-RateLimit-Reset`, `RateLimit-Reset`): seconds from now, or a Unix time
/// when it is one (past 2001).
fn reset_after(v: &str) -> Option<Duration> {
    let n = v.trim().parse::<u64>().ok()?;
    if n > 1_000_000_000 {
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(n);
        return Some(
            at.duration_since(SystemTime::now())
                .unwrap_or(Duration::ZERO),
        );
    }
    Some(Duration::from_secs(n))
}

/// ureq's resolver, except that a failed lookup is `HostNotFound` (final, never retried): the
/// system resolver has already retried, and a machine without DNS would otherwise send every
/// request of a batch several times over. A lookup that times out stays a timeout.
#[derive(Debug, Default)]
struct FinalDns(ureq::unversioned::resolver::DefaultResolver);

impl ureq::unversioned::resolver::Resolver for FinalDns {
    fn resolve(
        &self,
        uri: &ureq::http::Uri,
        config: &ureq::config::Config,
        timeout: ureq::unversioned::transport::NextTimeout,
    ) -> Result<ureq::unversioned::resolver::ResolvedSocketAddrs, ureq::Error> {
        match self.0.resolve(uri, config, timeout) {
            Err(ureq::Error::Io(_)) => Err(ureq::Error::HostNotFound),
            other => other,
        }
    }
}

fn too_large(n: u64, max: u64) -> String {
    format!("response body of {n} bytes is larger than the {max} byte limit")
}

/// Sort a transport error into retry-worthy or not, with a sentence for the user.
fn classify(e: ureq::Error, during: &str) -> Attempt {
    use ureq::Error as E;
    match e {
        E::Timeout(t) => Attempt::Transient(format!("timed out ({t}) during the {during}")),
        E::ConnectionFailed => Attempt::Transient("connection failed".into()),
        E::Io(io) if during == "response body" => {
            Attempt::Transient(format!("truncated response body: {io}"))
        }
        E::Io(io) => Attempt::Transient(format!("connection error: {io}")),
        E::Protocol(p) => Attempt::Transient(format!("HTTP protocol error in the {during}: {p}")),
        E::BodyStalled => Attempt::Transient("the response body stalled".into()),
        E::Decompress(what, io) => {
            Attempt::Transient(format!("truncated or corrupt {what} response body: {io}"))
        }
        E::HostNotFound => Attempt::Fatal("host not found (the DNS lookup failed)".into()),
        E::BodyExceedsLimit(n) => Attempt::Fatal(format!("response body exceeds {n} bytes")),
        other => Attempt::Fatal(format!("{other}")),
    }
}

/// `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
fn parse_retry_after(v: &str) -> Option<Duration> {
    let v = v.trim();
    if let Ok(secs) = v.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when = httpdate::parse_http_date(v).ok()?;
    Some(
        when.duration_since(SystemTime::now())
            .unwrap_or(Duration::ZERO),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_takes_seconds_and_dates() {
        assert_eq!(parse_retry_after("120"), Some(Duration::from_secs(120)));
        assert_eq!(parse_retry_after(" 0 "), Some(Duration::ZERO));
        // A date in the past means "now".
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(Duration::ZERO)
        );
        let later = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(100));
        let d = parse_retry_after(&later).unwrap();
        assert!(
            d > Duration::from_secs(95) && d <= Duration::from_secs(100),
            "{d:?}"
        );
        assert_eq!(parse_retry_after("soon"), None);
        assert_eq!(parse_retry_after("-5"), None);
    }

    #[test]
    fn backoff_doubles_with_jitter_and_is_capped() {
        let client = Client::new(
            ClientConfig {
                backoff_base: Duration::from_millis(100),
                backoff_max: Duration::from_millis(700),
                ..Default::default()
            },
            1,
            Duration::from_secs(60),
        );
        for _ in 0..50 {
            let d0 = client.backoff(0);
            assert!(d0 >= Duration::from_millis(50) && d0 <= Duration::from_millis(100));
            let d2 = client.backoff(2);
            assert!(d2 >= Duration::from_millis(200) && d2 <= Duration::from_millis(400));
            let d9 = client.backoff(9);
            assert!(d9 >= Duration::from_millis(350) && d9 <= Duration::from_millis(700));
            assert!(client.backoff(40) <= Duration::from_millis(700));
        }
        // Jitter: not every delay is the same.
        let set: std::collections::HashSet<_> = (0..20).map(|_| client.backoff(3)).collect();
        assert!(set.len() > 1);
    }

    #[test]
    fn any_rate_gives_a_bounded_interval_without_panicking() {
        // Issue 11, Low 13: 1e-300 overflowed Duration (a panic), 1e-9 slept for decades.
        for (rate, interval) in [
            (1e-300, Duration::from_secs(100)),
            (1e-9, Duration::from_secs(100)),
            (f64::INFINITY, Duration::from_millis(1)),
            (0.5, Duration::from_secs(2)),
        ] {
            let client = Client::new(
                ClientConfig {
                    rate: Some(rate),
                    ..Default::default()
                },
                1,
                Duration::from_secs(60),
            );
            assert_eq!(client.limiter.map(|l| l.interval), Some(interval), "{rate}");
        }
        for off in [0.0, -1.0, f64::NAN] {
            let client = Client::new(
                ClientConfig {
                    rate: Some(off),
                    ..Default::default()
                },
                1,
                Duration::from_secs(60),
            );
            assert!(client.limiter.is_none(), "{off}");
        }
    }

    #[test]
    fn rate_limit_headers_give_a_spacing() {
        let ms = Duration::from_millis;
        assert_eq!(rate_interval(Some("50"), Some("1s")), Some(ms(20)));
        assert_eq!(rate_interval(Some("5"), None), Some(ms(200)));
        assert_eq!(
            rate_interval(Some("10"), Some("1m")),
            Some(Duration::from_secs(6))
        );
        // Capped, and nonsense ignored.
        assert_eq!(rate_interval(Some("1"), Some("3600s")), Some(MAX_INTERVAL));
        for (l, i) in [
            ("0", "1s"),
            ("x", "1s"),
            ("5", "1 fortnight"),
            ("5", "-1s"),
            ("5", "1e9s"),
        ] {
            assert_eq!(rate_interval(Some(l), Some(i)), None, "{l} {i}");
        }
        assert_eq!(parse_interval("500ms"), Some(ms(500)));
        assert_eq!(reset_after("30"), Some(Duration::from_secs(30)));
        assert_eq!(
            reset_after("1000000001"),
            Some(Duration::ZERO),
            "a Unix time in the past"
        );
        assert_eq!(reset_after("soon"), None);
    }

    #[test]
    fn redirects_never_downgrade_or_leave_http() {
        assert_eq!(
            refuse_redirect("https://doi.org/x", "https://api.crossref.org/y", true),
            None
        );
        assert_eq!(
            refuse_redirect("http://127.0.0.1:1/x", "http://127.0.0.1:2/y", true),
            None
        );
        let down = refuse_redirect("https://doi.org/x", "http://api.example/y", true).unwrap();
        assert!(down.contains("from https"), "{down}");
        assert!(refuse_redirect("https://doi.org/x", "ftp://x/y", false).is_some());
        assert!(refuse_redirect("https://doi.org/x", "javascript:alert(1)", true).is_some());
    }

    #[test]
    fn a_429_paces_the_host_for_everyone() {
        let pacer = Pacer::default();
        let cfg = ClientConfig::default();
        let mut h = ureq::http::HeaderMap::new();
        let far = Instant::now() + Duration::from_secs(60);
        // Nothing said: no lane, no wait.
        pacer.observe("http://a.example/", 200, &h, &cfg);
        assert!(pacer.lanes.lock().unwrap().is_empty());
        h.insert("retry-after", "1".parse().unwrap());
        pacer.observe("http://a.example/x", 429, &h, &cfg);
        let started = Instant::now();
        assert!(pacer.wait("http://a.example/other", far).is_ok());
        assert!(started.elapsed() >= Duration::from_millis(900));
        // Another host is not slowed; a pause past the deadline is not waited for.
        let started = Instant::now();
        assert!(pacer.wait("http://b.example/", far).is_ok());
        // (Slowed, it would wait the second of a.example's lane: 500 ms leaves a loaded
        // machine room.)
        assert!(started.elapsed() < Duration::from_millis(500));
        pacer.observe("http://a.example/x", 429, &h, &cfg);
        assert!(pacer.wait("http://a.example/", Instant::now()).is_err());
        // Spent quotas pause too.
        let mut q = ureq::http::HeaderMap::new();
        q.insert("x-ratelimit-remaining", "0".parse().unwrap());
        q.insert("x-ratelimit-reset", "2".parse().unwrap());
        pacer.observe("http://c.example/", 200, &q, &cfg);
        let lane = pacer.lanes.lock().unwrap()["http://c.example:80"];
        assert!(lane.next > Instant::now() + Duration::from_millis(1500));
    }

    #[test]
    fn rate_limiter_spaces_requests() {
        let l = RateLimiter {
            interval: Duration::from_millis(20),
            next: Mutex::new(Instant::now()),
        };
        let start = Instant::now();
        let far = start + Duration::from_secs(60);
        for _ in 0..6 {
            assert!(l.wait(far));
        }
        // Six slots: the first now, then five intervals.
        assert!(start.elapsed() >= Duration::from_millis(100));
        // A turn past the deadline is not taken (and not waited for).
        let before = *l.next.lock().unwrap();
        assert!(!l.wait(Instant::now()));
        assert_eq!(*l.next.lock().unwrap(), before);
    }
}
