//! The network options `resolve` and `verify` share — the pool, pacing, time limits, retries,
//! the contact address and the cache — and the resolver they make.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use pidkit_resolve::{
    Cache, ClientConfig, Config, ConfigError, MAX_RATE, MAX_RETRIES, MIN_RATE, Resolver,
};

/// Options of every command that sends requests.
#[derive(Args)]
pub struct NetArgs {
    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// At most N requests per second, from 0.01 (one every 100 s) to 1000 (e.g. 5 or 5/s)
    #[arg(long, value_name = "N/s", value_parser = parse_rate)]
    rate: Option<f64>,
    /// Seconds allowed for one whole request, body included
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_secs,
          overrides_with = "timeout")]
    timeout: f64,
    /// Seconds allowed to connect
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_secs)]
    connect_timeout: f64,
    /// Seconds allowed for one input in all, up to 3600: every attempt, retry, Retry-After
    /// wait and HS_ALIAS hop fits in it (each attempt's timeout is cut to the time left); past
    /// it the input is unknown
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_secs,
          overrides_with = "deadline")]
    deadline: f64,
    /// Retries on 5xx, 429, timeouts and connection errors (exponential backoff with jitter),
    /// 0 to 10
    #[arg(
        long,
        value_name = "N",
        default_value_t = 3,
        overrides_with = "retries",
        value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_RETRIES))
    )]
    retries: u32,
    /// Largest response body accepted, in bytes: on the wire and again after gzip decoding
    #[arg(long, value_name = "BYTES", default_value_t = 8 << 20)]
    max_size: u64,
    /// Contact address sent in the User-Agent, as polite API use asks (Crossref's polite pool;
    /// printable ASCII without spaces or parentheses)
    #[arg(long, value_name = "EMAIL", env = "PIDKIT_MAILTO")]
    mailto: Option<String>,
    /// Answer from the cache only (expired entries too); send nothing
    #[arg(long, conflicts_with = "no_cache")]
    pub offline: bool,
    /// Neither read nor write the cache
    #[arg(long)]
    no_cache: bool,
    /// Cache directory (default: the user's cache directory, then pidkit)
    #[arg(long, value_name = "DIR", env = "PIDKIT_CACHE_DIR")]
    cache_dir: Option<PathBuf>,
}

impl NetArgs {
    /// `base` with these options' client, pool, deadline and `--offline`.
    pub fn config(&self, base: Config) -> Config {
        Config {
            client: ClientConfig {
                connect_timeout: Duration::from_secs_f64(self.connect_timeout),
                timeout: Duration::from_secs_f64(self.timeout),
                retries: self.retries,
                max_body: self.max_size,
                // An empty value (PIDKIT_MAILTO= in an env file) is no address.
                mailto: self.mailto.clone().filter(|m| !m.is_empty()),
                rate: self.rate,
                ..base.client
            },
            offline: self.offline,
            pool: usize::from(self.concurrency),
            deadline: Duration::from_secs_f64(self.deadline),
            ..base
        }
    }

    /// The resolver of `cfg` (checked first: a value that cannot go into a request is a usage
    /// error, exit 2, before the cache is opened), with the cache unless `--no-cache`. A cache
    /// that cannot be opened is an error under `--offline`, otherwise a warning: the command
    /// goes on `doing` without it.
    pub fn resolver(&self, cfg: Config, doing: &str) -> Result<Resolver, String> {
        cfg.validate().map_err(|e| usage(&e))?;
        let resolver = Resolver::new(cfg);
        if self.no_cache {
            return Ok(resolver);
        }
        let dir = self
            .cache_dir
            .clone()
            .or_else(Cache::default_dir)
            .ok_or("no cache directory: give --cache-dir DIR or --no-cache")?;
        match Cache::open(&dir) {
            Ok(cache) => Ok(resolver.with_cache(cache)),
            Err(e) if self.offline => Err(format!("--offline needs the cache: {e}")),
            Err(e) => {
                let _ = writeln!(
                    io::stderr(),
                    "pidkit: warning: cache unavailable ({e}); {doing} without it"
                );
                Ok(resolver)
            }
        }
    }
}

/// A configuration error as a usage error, naming the option it came from.
fn usage(e: &ConfigError) -> String {
    match e {
        ConfigError::Address {
            service,
            url,
            reason,
        } => {
            let option = pidkit::scheme::services()
                .into_iter()
                .find(|s| s.name == service)
                .map_or_else(
                    || format!("the {service} service's address"),
                    |s| format!("--{} (or {})", s.flag, s.env),
                );
            format!("{option}: {url:?} {reason}")
        }
        ConfigError::Header { value, reason, .. } => {
            format!("--mailto (or PIDKIT_MAILTO): {value:?} {reason}")
        }
        other => other.to_string(),
    }
}

fn parse_rate(s: &str) -> Result<f64, String> {
    let n = s.strip_suffix("/s").unwrap_or(s);
    match n.trim().parse::<f64>() {
        Ok(r) if (MIN_RATE..=MAX_RATE).contains(&r) => Ok(r),
        _ => Err(format!(
            "{s:?} is not a rate from {MIN_RATE} to {MAX_RATE} requests per second \
             (e.g. 5, 0.5/s)"
        )),
    }
}

fn parse_secs(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t < 1e6 => Ok(t),
        _ => Err(format!("{s:?} is not a number of seconds")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_seconds() {
        assert_eq!(parse_rate("5"), Ok(5.0));
        assert_eq!(parse_rate("0.5/s"), Ok(0.5));
        assert!(parse_rate("0").is_err());
        assert!(parse_rate("fast").is_err());
        // Issue 11, Low 13: a tiny rate panicked (1e-300) or slept for decades (1e-9).
        for bad in ["1e-300", "1e-9", "0.009", "1001", "inf", "NaN", "-1"] {
            assert!(parse_rate(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_rate("0.01/s"), Ok(0.01));
        assert_eq!(parse_rate("1000"), Ok(1000.0));
        assert!(parse_secs("-1").is_err());
        assert_eq!(parse_secs("2.5"), Ok(2.5));
    }
}
