//! An HTTP/1.1 server on 127.0.0.1 (a random port) that answers like doi.org's Handle API and
//! like a RegTAP service, for tests and benchmarks without the internet (feature `test-server`).
//!
//! Handle API, `GET /api/handles/{name}` (names are matched case-insensitively, after
//! percent-decoding, as the Handle system does):
//!
//! | name | answer |
//! |---|---|
//! | `10.1000/182` | the DOI URI scheme's Figure 1 (responseCode 1, HTTP 200) |
//! | `10.1038/nature12373` | a Crossref-style record (URL, `700050`, `HS_ADMIN`) |
//! | `10.5555/no-values` (or any name with `type=NONE`) | responseCode 200, HTTP 200 |
//! | `10.5555/server-error` | responseCode 2, HTTP 500 |
//! | `10/abc` | a shortDOI: an `HS_ALIAS` value naming `10.1000/182` |
//! | `10/loop` | an `HS_ALIAS` naming itself |
//! | `10.5555/slow` | Figure 1 after 3 seconds |
//! | `10.5555/rate-limited` | 429 with `Retry-After: 1`, then a record |
//! | `10.5555/rate-limited-long` | 429 with `Retry-After: 3600`, always |
//! | `10.5555/rate-limited-always` | 429 with `Retry-After: 1`, always |
//! | `10.5555/chain-K` (K from 0 to 3) | 429 with `Retry-After: 1` the first time, then an `HS_ALIAS` value naming `10.5555/chain-K+1`; `10.5555/chain-4` is a record |
//! | `10.5555/flaky` | 500 (HTML) the first time, then a record |
//! | `10.5555/truncated` | a `Content-Length` of 400 and 60 bytes, then the connection closes |
//! | `10.5555/invalid-json` | HTTP 200, `application/json`, a cut-off JSON text |
//! | `10.5555/not-handle` | HTTP 200, JSON that is not a Handle answer |
//! | `10.5555/html` | HTTP 200, an HTML page |
//! | `10.5555/forbidden` | HTTP 403, a front end's HTML page |
//! | `10.5555/huge` | HTTP 200, a 3 MB JSON body with its `Content-Length` |
//! | `10.5555/huge-chunked` | the same, chunked (no length known in advance) |
//! | `10.5555/ttl-1` | a record whose values have a TTL of 1 second |
//! | `10.5555/ttl-0` | a record whose values have a TTL of 0 (not to be cached) |
//! | `10.5555/ttl-abs-N` | a record whose TTL is an absolute time N seconds from now |
//! | `10.5555/mismatch` | a record for another handle |
//! | `10.5555/no-handle` | a record without a `handle` member |
//! | `10.5555/ttl-huge` | a record whose TTL is `i64::MAX` seconds |
//! | `10.5555/gzip-bomb` | `Content-Encoding: gzip`: a few KB on the wire, a 4 MiB record decoded |
//! | `10.5555/hostile-text` | a record whose URL holds an ANSI escape, U+202E and a newline |
//! | `10.5555/bench/…` | a small record with one URL value |
//! | `10.5555/dup-handle` | a record with a second `handle` member, for another name |
//! | `10.5555/dup-code` | a "not found" with a second `responseCode` of 1, and a URL value |
//! | `10.5555/dup-url` | a URL value whose data has a second `value` |
//! | `10.5555/float-ttl` | a record whose value has a TTL of 1.5 |
//! | `10.5555/big-index` | a record whose value has the index 4294967296 |
//! | `10.5555/moved` | 301 to itself on this server (`?served`), which answers a record |
//! | `10.5555/redirect-to-PORT` | 302 to the same name at `http://127.0.0.1:PORT` (another origin), which answers `http://evil/` |
//! | `10.5555/values-N` | a record of N URL values (N at most 200,000; 100,000 is about 7.5 MB) |
//! | anything else | responseCode 100, HTTP 404 |
//!
//! ARKs at an ARK resolver (N2T) or their NMA, `GET /ark:{NAAN}/{Name}` (`Protocol::Redirect`):
//!
//! | path | answer |
//! |---|---|
//! | `/ark:12345/x6np1wh8k…` | 302 to `https://example.org/objects/x6np1wh8k…` (the rest kept) |
//! | `/ark:12345/x6np1wh8k?info` | 200, `text/plain`: the ERC record |
//! | `/ark:12345/relative` | 301 to `/objects/relative` (a relative `Location`) |
//! | `/ark:12345/no-location` | 302 without a `Location` |
//! | `/ark:12345/hostile` | 302 to a `Location` with U+202E (no IRI holds it) |
//! | any other `/ark:…` | 404 |
//!
//! TAP, `POST /tap/sync` (`REQUEST=doQuery`, `LANG=ADQL`, `QUERY=…`): the IVOID literal of the
//! query's `WHERE` decides: `ivo://org.gavo.dc` a resource with capabilities (TABLEDATA),
//! `ivo://binary2.example/svc` the same in BINARY2, `ivo://error.example/x` a TAP error document
//! (HTTP 400), `ivo://html.example/x` an HTML page, `ivo://zero-width.example/x` a BINARY table
//! without fields, `ivo://other.example/x` a row for `ivo://other.org/evil`,
//! `ivo://case.example/x` a row for `ivo://CASE.Example/x`, `ivo://many.example/x` 12,000
//! capability rows, `ivo://rows.example/N` N capability rows (at most 20,000),
//! `ivo://wide.example/x` one row of 1,600,000 empty cells (8 MB); non-answers:
//! `ivo://empty-votable.example/x` `<VOTABLE/>`, `ivo://no-data.example/x` a TABLE without
//! DATA, `ivo://no-ivoid.example/x` an empty table without the `ivoid` field,
//! `ivo://quota.example/x` `QUERY_STATUS="QUOTA_EXCEEDED"` without a table,
//! `ivo://quota-table.example/x` the same with an empty table, `ivo://overflow-empty.example/x`
//! OVERFLOW with no rows; anything else an empty table (no record). `POST /tap-moved/sync`
//! answers 303 See Other to `GET /tap-results?QUERY=…` on this server, which answers as
//! `/tap/sync` would; `POST /tap-away-PORT/sync` to the same on `http://127.0.0.1:PORT`.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use base64::Engine as _;

/// The Handle record of Figure 1 of the DOI URI scheme, as doi.org returns it.
pub const FIGURE_1: &str = r#"{"responseCode":1,"handle":"10.1000/182","values":[{"index":1,"type":"URL","data":{"format":"string","value":"http://www.doi.org/hb.html"},"ttl":86400,"timestamp":"2004-01-21T14:14:17Z"},{"index":100,"type":"HS_ADMIN","data":{"format":"admin","value":{"handle":"0.na/10.1000","index":200,"permissions":"011111110010","legacyByteLength":true}},"ttl":86400,"timestamp":"2000-06-23T15:17:46Z"}]}"#;

/// A Crossref-style record: a URL, Crossref's `700050` timestamp value and the admin value.
pub const CROSSREF: &str = r#"{"responseCode":1,"handle":"10.1038/nature12373","values":[{"index":1,"type":"URL","data":{"format":"string","value":"https://www.nature.com/articles/nature12373"},"ttl":86400,"timestamp":"2019-03-26T10:47:38Z"},{"index":700050,"type":"700050","data":{"format":"string","value":"20190326104738"},"ttl":86400,"timestamp":"2019-03-26T10:47:38Z"},{"index":100,"type":"HS_ADMIN","data":{"format":"admin","value":{"handle":"0.na/10.1038","index":200,"permissions":"111111110010"}},"ttl":86400,"timestamp":"2013-07-31T09:02:48Z"}]}"#;

/// The decoded size of the `10.5555/gzip-bomb` answer (its compressed body is a few KB).
pub const GZIP_BOMB_DECODED: usize = 4 << 20;

/// The gzip body of `10.5555/gzip-bomb`: a Handle record of [`GZIP_BOMB_DECODED`] bytes.
/// Compressed once per process; a test with a short timeout calls this first, so that the
/// compression (slow in a debug build) is not inside the request.
pub fn gzip_bomb() -> &'static [u8] {
    static BOMB: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BOMB.get_or_init(|| {
        let filler = "x".repeat(GZIP_BOMB_DECODED);
        let body = format!(
            r#"{{"responseCode":1,"handle":"10.5555/gzip-bomb","values":[{{"index":1,"type":"URL","data":{{"format":"string","value":"https://example.org/{filler}"}}}}]}}"#
        );
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let _ = gz.write_all(body.as_bytes());
        gz.finish().unwrap_or_default()
    })
}

/// One request the server received.
#[derive(Clone, Debug)]
pub struct Logged {
    /// `GET` or `POST`.
    pub method: String,
    /// The request target (path and query), as sent.
    pub target: String,
    /// Header names (lowercased) and values.
    pub headers: Vec<(String, String)>,
    /// The request body (form-decoded `QUERY` for TAP requests is in [`Logged::query`]).
    pub body: String,
    /// When the request arrived.
    pub at: std::time::Instant,
}

impl Logged {
    /// The value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The decoded `QUERY` parameter of a TAP request.
    pub fn query(&self) -> Option<String> {
        form_value(&self.body, "QUERY")
    }
}

#[derive(Default)]
struct State {
    log: Vec<Logged>,
    hits: HashMap<String, u32>,
}

/// The running server; it stops when dropped.
///
/// ```
/// let server = pidkit_resolve::testserver::TestServer::start();
/// assert!(server.url().starts_with("http://127.0.0.1:"));
/// ```
pub struct TestServer {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
}

impl TestServer {
    /// Start on 127.0.0.1 with a port chosen by the system.
    pub fn start() -> TestServer {
        TestServer::start_on(0).expect("bind 127.0.0.1:0")
    }

    /// Start on 127.0.0.1 at `port` (0: a port chosen by the system).
    pub fn start_on(port: u16) -> std::io::Result<TestServer> {
        let listener = TcpListener::bind(("127.0.0.1", port))?;
        let addr = listener.local_addr()?;
        let state = Arc::new(Mutex::new(State::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (st, sp) = (Arc::clone(&state), Arc::clone(&stop));
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                if sp.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(conn) = conn else { continue };
                let st = Arc::clone(&st);
                std::thread::spawn(move || serve(conn, &st));
            }
        });
        Ok(TestServer { addr, state, stop })
    }

    /// `http://127.0.0.1:PORT` (the Handle API base, like `https://doi.org`).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The TAP service's base URL.
    pub fn tap_url(&self) -> String {
        format!("http://{}/tap", self.addr)
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Logged> {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .log
            .clone()
    }

    /// How many requests had a target starting with `prefix`.
    pub fn count(&self, prefix: &str) -> usize {
        let st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.log
            .iter()
            .filter(|l| l.target.starts_with(prefix))
            .count()
    }

    /// Forget the log and the per-name counters (so `flaky` fails once more).
    pub fn reset(&self) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = State::default();
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

/// A response and how to send it.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) content_type: &'static str,
    pub(crate) headers: Vec<(&'static str, String)>,
    pub(crate) body: Vec<u8>,
    pub(crate) delay: Duration,
    /// Send this many body bytes, then close (a truncated body).
    pub(crate) cut: Option<usize>,
    pub(crate) chunked: bool,
    /// After `body`: this unit so many times, then this tail, streamed (a body of any size
    /// without holding it: a 50 MB record, a billion braces).
    pub(crate) repeat: Option<(Vec<u8>, u64, Vec<u8>)>,
}

impl Reply {
    pub(crate) fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
            delay: Duration::ZERO,
            cut: None,
            chunked: false,
            repeat: None,
        }
    }
    pub(crate) fn json(status: u16, body: impl Into<Vec<u8>>) -> Reply {
        Reply::new(status, "application/json;charset=UTF-8", body)
    }
}

fn serve(conn: TcpStream, state: &Mutex<State>) {
    let _ = conn.set_read_timeout(Some(Duration::from_secs(30)));
    let _ = conn.set_nodelay(true);
    let Ok(mut writer) = conn.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(conn);
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let mut parts = line.split_whitespace();
        let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
            return;
        };
        let (method, target) = (method.to_owned(), target.to_owned());
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            match reader.read_line(&mut h) {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((n, v)) = h.split_once(':') {
                headers.push((n.trim().to_ascii_lowercase(), v.trim().to_owned()));
            }
        }
        let len = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .and_then(|(_, v)| v.parse::<usize>().ok())
            .unwrap_or(0);
        let mut body = vec![0; len.min(1 << 20)];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let close = headers
            .iter()
            .any(|(n, v)| n == "connection" && v.eq_ignore_ascii_case("close"));
        let logged = Logged {
            method,
            target,
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
            at: std::time::Instant::now(),
        };
        let reply = route(&logged, state);
        state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .log
            .push(logged);
        if !reply.delay.is_zero() {
            std::thread::sleep(reply.delay);
        }
        if send(&mut writer, &reply).is_err() || reply.cut.is_some() || close {
            return;
        }
    }
}

fn send(w: &mut TcpStream, r: &Reply) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\n",
        r.status,
        reason(r.status),
        r.content_type
    );
    for (n, v) in &r.headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    if let Some((unit, times, tail)) = &r.repeat {
        // Streamed in blocks of about 64 KB: the client stops reading at its limit and the
        // write fails, which ends the answer.
        let per = (64 * 1024 / unit.len().max(1)).max(1) as u64;
        let block = unit.repeat(per as usize);
        let total = r.body.len() as u64 + unit.len() as u64 * times + tail.len() as u64;
        let framed = |w: &mut TcpStream, data: &[u8]| -> std::io::Result<()> {
            if r.chunked {
                w.write_all(format!("{:x}\r\n", data.len()).as_bytes())?;
                w.write_all(data)?;
                w.write_all(b"\r\n")
            } else {
                w.write_all(data)
            }
        };
        if r.chunked {
            head.push_str("Transfer-Encoding: chunked\r\n\r\n");
        } else {
            head.push_str(&format!("Content-Length: {total}\r\n\r\n"));
        }
        w.write_all(head.as_bytes())?;
        framed(w, &r.body)?;
        let mut left = *times;
        while left > 0 {
            let n = left.min(per);
            framed(w, &block[..unit.len() * n as usize])?;
            left -= n;
        }
        if !tail.is_empty() {
            framed(w, tail)?;
        }
        if r.chunked {
            w.write_all(b"0\r\n\r\n")?;
        }
    } else if r.chunked {
        head.push_str("Transfer-Encoding: chunked\r\n\r\n");
        w.write_all(head.as_bytes())?;
        for chunk in r.body.chunks(16 * 1024) {
            w.write_all(format!("{:x}\r\n", chunk.len()).as_bytes())?;
            w.write_all(chunk)?;
            w.write_all(b"\r\n")?;
        }
        w.write_all(b"0\r\n\r\n")?;
    } else {
        head.push_str(&format!("Content-Length: {}\r\n\r\n", r.body.len()));
        w.write_all(head.as_bytes())?;
        let n = r.cut.unwrap_or(r.body.len()).min(r.body.len());
        w.write_all(&r.body[..n])?;
    }
    w.flush()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        301 => "Moved Permanently",
        302 => "Found",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        406 => "Not Acceptable",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        _ => "Status",
    }
}

fn route(req: &Logged, state: &Mutex<State>) -> Reply {
    let (path, query) = req.target.split_once('?').unwrap_or((&req.target, ""));
    if let Some(name) = path.strip_prefix("/api/handles/") {
        let name = percent_decode(name);
        let hits = {
            let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
            let n = st.hits.entry(name.to_ascii_lowercase()).or_insert(0);
            *n += 1;
            *n
        };
        return handle(&name, query, hits);
    }
    if path == "/tap/sync" && req.method == "POST" {
        return tap(&req.query().unwrap_or_default());
    }
    // A TAP service that answers a sync query with a redirect to its result (TAP 1.1 §2.2,
    // 303 See Other): on this server, or on another one (`/tap-away-PORT`).
    if let Some(prefix) = path.strip_suffix("/sync").filter(|_| req.method == "POST")
        && let Some(rest) = prefix.strip_prefix("/tap-")
    {
        let raw = req
            .body
            .split('&')
            .find(|p| p.starts_with("QUERY="))
            .unwrap_or("QUERY=");
        let to = match rest.strip_prefix("away-") {
            Some(port) => format!("http://127.0.0.1:{port}/tap-results?{raw}"),
            None => format!("/tap-results?{raw}"),
        };
        let mut r = Reply::new(303, "text/plain", "");
        r.headers.push(("Location", to));
        return r;
    }
    if path == "/tap-results" && req.method == "GET" {
        return tap(&form_value(query, "QUERY").unwrap_or_default());
    }
    if let Some(ark) = path.strip_prefix("/ark:") {
        return ark_reply(ark, query);
    }
    if let Some(prefix) = path.strip_prefix("/ra/") {
        let prefix = percent_decode(prefix);
        let hits = hit(state, &format!("ra:{prefix}"));
        return crate::testserver_cn::agency(&prefix, hits);
    }
    // Content negotiation: `GET /{DOI}` with an Accept header other than HTML, and the
    // agency's service it redirects to, `/transform/{DOI}`.
    let cn = path
        .strip_prefix("/transform/")
        .map(|n| (n, true))
        .or_else(|| {
            path.strip_prefix('/')
                .filter(|n| n.starts_with("10."))
                .map(|n| (n, false))
        });
    if let Some((name, transformed)) = cn
        && req.method == "GET"
    {
        let name = percent_decode(name);
        let hits = hit(state, &format!("cn:{}", name.to_ascii_lowercase()));
        let accept = req.header("accept").unwrap_or("");
        return crate::testserver_cn::negotiate(&name, accept, transformed, hits);
    }
    Reply::new(404, "text/plain", "no such path")
}

/// The answer of an ARK resolver for `ark:{ark}` (`query` after `?`).
fn ark_reply(ark: &str, query: &str) -> Reply {
    let redirect = |status: u16, to: &str| {
        let mut r = Reply::new(status, "text/html", "");
        r.headers.push(("Location", to.to_owned()));
        r
    };
    match (ark, query) {
        ("12345/x6np1wh8k", "info") => Reply::new(
            200,
            "text/plain; charset=utf-8",
            "erc:\nwho: Example, A.\nwhat: An example object\nwhen: 2024\nwhere: ark:12345/x6np1wh8k\n",
        ),
        ("12345/relative", _) => redirect(301, "/objects/relative"),
        ("12345/no-location", _) => Reply::new(302, "text/html", ""),
        ("12345/hostile", _) => redirect(302, "https://example.org/\u{202e}evil"),
        (a, _) if a.starts_with("12345/x6np1wh8k") => {
            let rest = &a["12345/".len()..];
            redirect(302, &format!("https://example.org/objects/{rest}"))
        }
        _ => Reply::new(404, "text/plain", "no such ARK"),
    }
}

fn record(handle: &str, url: &str, ttl: &str) -> String {
    format!(
        r#"{{"responseCode":1,"handle":"{handle}","values":[{{"index":1,"type":"URL","data":{{"format":"string","value":"{url}"}},"ttl":{ttl},"timestamp":"2020-01-01T00:00:00Z"}}]}}"#
    )
}

/// A record of `n` URL values, compact (about 75 bytes a value).
fn many_values(handle: &str, n: usize) -> String {
    let mut body = format!(
        r#"{{"responseCode":1,"handle":"{}","values":["#,
        json_escape(handle)
    );
    for i in 0..n {
        if i > 0 {
            body.push(',');
        }
        body.push_str(&format!(
            r#"{{"index":{},"type":"URL","data":{{"format":"string","value":"https://e.org/{i}"}}}}"#,
            i + 1
        ));
    }
    body.push_str("]}");
    body
}

/// Count a hit on `key`; the count so far.
fn hit(state: &Mutex<State>, key: &str) -> u32 {
    let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
    let n = st.hits.entry(key.to_owned()).or_insert(0);
    *n += 1;
    *n
}

fn handle(name: &str, query: &str, hits: u32) -> Reply {
    let lower = name.to_ascii_lowercase();
    let not_found = || {
        Reply::json(
            404,
            format!(r#"{{"responseCode":100,"handle":"{}"}}"#, json_escape(name)),
        )
    };
    if query.split('&').any(|p| p == "type=NONE") || lower == "10.5555/no-values" {
        return Reply::json(
            200,
            format!(
                r#"{{"responseCode":200,"handle":"{}","values":[]}}"#,
                json_escape(name)
            ),
        );
    }
    if let Some(n) = lower.strip_prefix("10.5555/bench/") {
        return Reply::json(
            200,
            record(name, &format!("https://example.org/article/{n}"), "86400"),
        );
    }
    // Redirects: to this server (followed), or to another port (another origin: refused).
    let served = query.split('&').any(|p| p == "served");
    if lower == "10.5555/moved" {
        if served {
            return Reply::json(200, record(name, "https://example.org/moved", "86400"));
        }
        let mut r = Reply::new(301, "text/plain", "");
        r.headers
            .push(("Location", format!("/api/handles/{name}?served")));
        return r;
    }
    if let Some(port) = lower.strip_prefix("10.5555/redirect-to-") {
        if served {
            return Reply::json(200, record(name, "http://evil/", "86400"));
        }
        let mut r = Reply::new(302, "text/plain", "");
        r.headers.push((
            "Location",
            format!("http://127.0.0.1:{port}/api/handles/{name}?served"),
        ));
        return r;
    }
    if let Some(n) = lower.strip_prefix("10.5555/values-") {
        let n: usize = n.parse::<usize>().unwrap_or(1).min(200_000);
        return Reply::json(200, many_values(name, n));
    }
    if let Some(k) = lower.strip_prefix("10.5555/chain-") {
        let k: u32 = k.parse().unwrap_or(4);
        if hits == 1 {
            return Reply {
                headers: vec![("Retry-After", "1".into())],
                ..Reply::new(429, "text/html", "<html><body>Slow down</body></html>")
            };
        }
        if k >= 4 {
            return Reply::json(
                200,
                record(name, "https://example.org/end-of-chain", "86400"),
            );
        }
        return Reply::json(
            200,
            format!(
                r#"{{"responseCode":1,"handle":"{}","values":[{{"index":1,"type":"HS_ALIAS","data":{{"format":"string","value":"10.5555/chain-{}"}}}}]}}"#,
                json_escape(name),
                k + 1
            ),
        );
    }
    if let Some(secs) = lower.strip_prefix("10.5555/ttl-abs-") {
        let secs: u64 = secs.parse().unwrap_or(1);
        let when = SystemTime::now() + Duration::from_secs(secs);
        let t = humantime::format_rfc3339_seconds(when);
        return Reply::json(
            200,
            record(name, "https://example.org/abs", &format!("\"{t}\"")),
        );
    }
    match lower.as_str() {
        // A handle that is not a DOI, and an alias to it (HS_ALIAS works for any handle).
        "20.500.12345/abc" => Reply::json(
            200,
            record(name, "https://repository.example.org/items/abc", "86400"),
        ),
        "20.500.12345/old" => Reply::json(
            200,
            r#"{"responseCode":1,"handle":"20.500.12345/old","values":[{"index":1,"type":"HS_ALIAS","data":{"format":"string","value":"hdl:20.500.12345/abc"},"ttl":86400,"timestamp":"2011-05-06T09:00:00Z"}]}"#,
        ),
        "10.1000/182" => Reply::json(200, FIGURE_1),
        "10.1038/nature12373" => Reply::json(200, CROSSREF),
        "10.5555/server-error" => Reply::json(
            500,
            r#"{"responseCode":2,"message":"Error resolving handle"}"#,
        ),
        "10/abc" => Reply::json(
            200,
            r#"{"responseCode":1,"handle":"10/abc","values":[{"index":1,"type":"HS_ALIAS","data":{"format":"string","value":"10.1000/182"},"ttl":86400,"timestamp":"2011-05-06T09:00:00Z"}]}"#,
        ),
        "10/loop" => Reply::json(
            200,
            r#"{"responseCode":1,"handle":"10/loop","values":[{"index":1,"type":"HS_ALIAS","data":{"format":"string","value":"10/loop"},"ttl":86400,"timestamp":"2011-05-06T09:00:00Z"}]}"#,
        ),
        "10.5555/slow" => Reply {
            delay: Duration::from_secs(3),
            ..Reply::json(200, FIGURE_1)
        },
        "10.5555/rate-limited" if hits == 1 => Reply {
            headers: vec![("Retry-After", "1".into())],
            ..Reply::new(429, "text/html", "<html><body>Slow down</body></html>")
        },
        "10.5555/rate-limited" => {
            Reply::json(200, record(name, "https://example.org/after-429", "86400"))
        }
        "10.5555/rate-limited-long" => Reply {
            headers: vec![("Retry-After", "3600".into())],
            ..Reply::new(
                429,
                "text/html",
                "<html><body>Come back later</body></html>",
            )
        },
        "10.5555/rate-limited-always" => Reply {
            headers: vec![("Retry-After", "1".into())],
            ..Reply::new(429, "text/html", "<html><body>Slow down</body></html>")
        },
        "10.5555/flaky" if hits == 1 => {
            Reply::new(500, "text/html", "<html><body>Internal error</body></html>")
        }
        "10.5555/flaky" => Reply::json(200, record(name, "https://example.org/after-500", "86400")),
        "10.5555/truncated" => Reply {
            cut: Some(60),
            ..Reply::json(200, format!("{FIGURE_1:<400}").into_bytes())
        },
        "10.5555/invalid-json" => Reply::json(200, r#"{"responseCode":1,"handle":"10.5555/inv"#),
        "10.5555/not-handle" => Reply::json(200, r#"{"message":"hello"}"#),
        "10.5555/html" => Reply::new(
            200,
            "text/html; charset=utf-8",
            "<!DOCTYPE html><html><head><title>DOI</title></head><body>Not an API</body></html>",
        ),
        "10.5555/forbidden" => Reply::new(
            403,
            "text/html",
            "<html><head><title>Attention Required!</title></head><body>Blocked</body></html>",
        ),
        "10.5555/huge" | "10.5555/huge-chunked" => {
            let filler = "x".repeat(3 << 20);
            let body = format!(
                r#"{{"responseCode":1,"handle":"{name}","values":[{{"index":1,"type":"URL","data":{{"format":"string","value":"https://example.org/{filler}"}}}}]}}"#
            );
            Reply {
                chunked: lower.ends_with("chunked"),
                ..Reply::json(200, body)
            }
        }
        "10.5555/dup-handle" => Reply::json(
            200,
            r#"{"responseCode":1,"handle":"10.5555/dup-handle","values":[{"index":1,"type":"URL","data":{"format":"string","value":"http://evil/"}}],"handle":"10.9999/evil"}"#,
        ),
        "10.5555/dup-code" => Reply::json(
            200,
            r#"{"responseCode":100,"handle":"10.5555/dup-code","values":[{"index":1,"type":"URL","data":{"format":"string","value":"http://evil/"}}],"responseCode":1}"#,
        ),
        "10.5555/dup-url" => Reply::json(
            200,
            r#"{"responseCode":1,"handle":"10.5555/dup-url","values":[{"index":1,"type":"URL","data":{"format":"string","value":"https://example.org/","value":"http://evil/"}}]}"#,
        ),
        "10.5555/float-ttl" => Reply::json(200, record(name, "https://example.org/f", "1.5")),
        "10.5555/big-index" => Reply::json(
            200,
            r#"{"responseCode":1,"handle":"10.5555/big-index","values":[{"index":4294967296,"type":"URL","data":{"format":"string","value":"https://example.org/i"}}]}"#,
        ),
        "10.5555/ttl-1" => Reply::json(200, record(name, "https://example.org/ttl-1", "1")),
        "10.5555/ttl-0" => Reply::json(200, record(name, "https://example.org/ttl-0", "0")),
        "10.5555/mismatch" => Reply::json(
            200,
            record("10.9999/other", "https://example.org/other", "86400"),
        ),
        "10.5555/no-handle" => Reply::json(
            200,
            r#"{"responseCode":1,"values":[{"index":1,"type":"URL","data":{"format":"string","value":"https://example.org/evil"},"ttl":86400}]}"#,
        ),
        "10.5555/ttl-huge" => Reply::json(
            200,
            record(name, "https://example.org/ttl-huge", "9223372036854775807"),
        ),
        "10.5555/gzip-bomb" => Reply {
            headers: vec![("Content-Encoding", "gzip".into())],
            ..Reply::json(200, gzip_bomb().to_vec())
        },
        "10.5555/hostile-text" => Reply::json(
            200,
            record(
                name,
                r"https://example.org/\u001b[31mred\u202egnp.exe\n10.1000/182: resolved",
                "86400",
            ),
        ),
        // The DOIs of the content negotiation fixtures (testserver_cn.rs).
        _ if crate::testserver_cn::has_record(&lower) => Reply::json(
            200,
            record(
                name,
                &format!("https://example.org/landing/{}", json_escape(name)),
                "86400",
            ),
        ),
        _ => not_found(),
    }
}

fn tap(adql: &str) -> Reply {
    // The IVOID literal: the first '…' after WHERE, with '' for a quote.
    let ivoid = adql
        .find("WHERE")
        .and_then(|w| adql[w..].find('\'').map(|q| w + q + 1))
        .map(|start| {
            let mut out = String::new();
            let mut chars = adql[start..].chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\'' {
                    if chars.peek() == Some(&'\'') {
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push(c);
            }
            out
        })
        .unwrap_or_default();
    const FIELDS: [&str; 10] = [
        "ivoid",
        "res_type",
        "res_title",
        "cap_index",
        "standard_id",
        "cap_type",
        "intf_type",
        "intf_role",
        "url_use",
        "access_url",
    ];
    let gavo: [[&str; 10]; 3] = [
        [
            "ivo://org.gavo.dc",
            "vs:catalogservice",
            "GAVO Data Center TAP service",
            "1",
            "ivo://ivoa.net/std/tap",
            "tr:tablesaccess",
            "vs:paramhttp",
            "std",
            "base",
            "http://dc.zah.uni-heidelberg.de/tap",
        ],
        [
            "ivo://org.gavo.dc",
            "vs:catalogservice",
            "GAVO Data Center TAP service",
            "2",
            "ivo://ivoa.net/std/vosi#capabilities",
            "",
            "vs:paramhttp",
            "std",
            "full",
            "http://dc.zah.uni-heidelberg.de/__system__/tap/run/capabilities",
        ],
        [
            "ivo://org.gavo.dc",
            "vs:catalogservice",
            "GAVO Data Center TAP service",
            "3",
            "",
            "",
            "vr:webbrowser",
            "",
            "full",
            "http://dc.zah.uni-heidelberg.de/__system__/adql/query/form",
        ],
    ];
    let fields: String = FIELDS
        .iter()
        .map(|f| format!(r#"<FIELD name="{f}" datatype="char" arraysize="*"/>"#))
        .collect();
    let doc = |status: &str, data: String| {
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?>
<VOTABLE version="1.3" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="{status}"/><TABLE>{fields}<DATA>{data}</DATA></TABLE></RESOURCE></VOTABLE>"#
        )
    };
    let votable = "application/x-votable+xml";
    match ivoid.as_str() {
        "ivo://org.gavo.dc" => {
            let rows: String = gavo
                .iter()
                .map(|r| {
                    let tds: String = r
                        .iter()
                        .map(|v| {
                            if v.is_empty() {
                                "<TD/>".to_owned()
                            } else {
                                format!("<TD>{}</TD>", xml_escape(v))
                            }
                        })
                        .collect();
                    format!("<TR>{tds}</TR>")
                })
                .collect();
            Reply::new(
                200,
                votable,
                doc("OK", format!("<TABLEDATA>{rows}</TABLEDATA>")),
            )
        }
        "ivo://binary2.example/svc" => {
            let mut raw = Vec::new();
            for r in &gavo[..1] {
                let mut mask = [0u8; 2];
                for (k, v) in r.iter().enumerate() {
                    if v.is_empty() {
                        mask[k / 8] |= 0x80 >> (k % 8);
                    }
                }
                raw.extend_from_slice(&mask);
                for v in r {
                    let v = v.replace("org.gavo.dc", "binary2.example/svc");
                    raw.extend_from_slice(&(v.len() as u32).to_be_bytes());
                    raw.extend_from_slice(v.as_bytes());
                }
            }
            let b64 = base64::engine::general_purpose::STANDARD.encode(&raw);
            Reply::new(
                200,
                votable,
                doc(
                    "OK",
                    format!(r#"<BINARY2><STREAM encoding="base64">{b64}</STREAM></BINARY2>"#),
                ),
            )
        }
        "ivo://error.example/x" => Reply::new(
            400,
            votable,
            r#"<?xml version="1.0"?><VOTABLE version="1.3" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="ERROR">Field query: Could not parse your query</INFO></RESOURCE></VOTABLE>"#,
        ),
        "ivo://wide.example/x" => {
            // 8 MB of empty cells in one row: within the body limit, past MAX_CELLS.
            let row = format!("<TR>{}</TR>", "<TD/>".repeat(1_600_000));
            Reply::new(
                200,
                votable,
                doc("OK", format!("<TABLEDATA>{row}</TABLEDATA>")),
            )
        }
        // Non-answers (issue 31, High 4): none is "no record".
        "ivo://empty-votable.example/x" => Reply::new(200, votable, "<VOTABLE/>"),
        "ivo://no-data.example/x" => Reply::new(
            200,
            votable,
            format!(
                r#"<VOTABLE version="1.3"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="OK"/><TABLE>{fields}</TABLE></RESOURCE></VOTABLE>"#
            ),
        ),
        "ivo://no-ivoid.example/x" => Reply::new(
            200,
            votable,
            r#"<VOTABLE version="1.3"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="OK"/><TABLE><FIELD name="res_title" datatype="char" arraysize="*"/><DATA><TABLEDATA></TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>"#,
        ),
        "ivo://quota.example/x" => Reply::new(
            200,
            votable,
            r#"<VOTABLE version="1.3"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="QUOTA_EXCEEDED">Too many queries today</INFO></RESOURCE></VOTABLE>"#,
        ),
        "ivo://quota-table.example/x" => Reply::new(
            200,
            votable,
            doc("QUOTA_EXCEEDED", "<TABLEDATA></TABLEDATA>".into()),
        ),
        "ivo://overflow-empty.example/x" => Reply::new(
            200,
            votable,
            doc("OVERFLOW", "<TABLEDATA></TABLEDATA>".into()),
        ),
        "ivo://html.example/x" => Reply::new(
            200,
            "text/html",
            "<!DOCTYPE html><html><body>Maintenance</body></html>",
        ),
        "ivo://zero-width.example/x" => Reply::new(
            200,
            votable,
            r#"<VOTABLE><RESOURCE><TABLE><DATA><BINARY><STREAM encoding="base64">AAAA</STREAM></BINARY></DATA></TABLE></RESOURCE></VOTABLE>"#,
        ),
        id if id.starts_with("ivo://rows.example/") => {
            let n: usize = id["ivo://rows.example/".len()..]
                .parse::<usize>()
                .unwrap_or(1)
                .min(20_000);
            let rows: String = (0..n)
                .map(|i| {
                    format!(
                        "<TR><TD>{id}</TD><TD>vs:catalogservice</TD><TD>T</TD><TD>{i}</TD>\
                         <TD>ivo://ivoa.net/std/tap</TD><TD/><TD>vs:paramhttp</TD><TD>std</TD>\
                         <TD>base</TD><TD>http://example.org/tap/{i}</TD></TR>"
                    )
                })
                .collect();
            Reply::new(
                200,
                votable,
                doc("OK", format!("<TABLEDATA>{rows}</TABLEDATA>")),
            )
        }
        id @ ("ivo://other.example/x" | "ivo://case.example/x" | "ivo://many.example/x") => {
            let (about, n) = match id {
                "ivo://other.example/x" => ("ivo://other.org/evil", 1),
                "ivo://case.example/x" => ("ivo://CASE.Example/x", 1),
                _ => ("ivo://many.example/x", 12_000),
            };
            let rows: String = (0..n)
                .map(|i| {
                    format!(
                        "<TR><TD>{about}</TD><TD>vs:catalogservice</TD><TD>T</TD><TD>{i}</TD>\
                         <TD>ivo://ivoa.net/std/tap</TD><TD/><TD>vs:paramhttp</TD><TD>std</TD>\
                         <TD>base</TD><TD>http://example.org/tap/{i}</TD></TR>"
                    )
                })
                .collect();
            Reply::new(
                200,
                votable,
                doc("OK", format!("<TABLEDATA>{rows}</TABLEDATA>")),
            )
        }
        _ => Reply::new(200, votable, doc("OK", "<TABLEDATA></TABLEDATA>".into())),
    }
}

fn json_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;")
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of `key` in an `application/x-www-form-urlencoded` body.
fn form_value(body: &str, key: &str) -> Option<String> {
    body.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == key).then(|| percent_decode(&v.replace('+', " ")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_values_decode() {
        assert_eq!(
            form_value("A=1&QUERY=SELECT+*+FROM+t+WHERE+x+%3D+%27a%27", "QUERY").as_deref(),
            Some("SELECT * FROM t WHERE x = 'a'")
        );
    }
}
