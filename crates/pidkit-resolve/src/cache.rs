//! The persistent answer cache: one redb database file, keyed by the identifier's equivalence
//! key, each entry with the time it expires (the record's TTL, or a short negative TTL).
//!
//! Writes go through one background thread that commits in batches (one fsync per batch, not
//! per answer); every commit is atomic, so a killed process loses at most the last batch and
//! never leaves a corrupt file.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use redb::{Database, ReadableDatabase, TableDefinition};

use crate::Outcome;

const TABLE: TableDefinition<&str, &[u8]> = TableDefinition::new("answers");
/// The file inside the cache directory.
pub const FILE_NAME: &str = "resolve-v1.redb";
/// Layout version of a stored value.
const FORMAT: u8 = 1;
// A stored value: FORMAT, outcome byte, stored and expires as u64 LE milliseconds, the body.
/// Memory redb may use for its page cache (its default is 1 GiB, too much for a CLI).
const CACHE_BYTES: usize = 32 << 20;
/// Answers committed together.
const BATCH: usize = 512;
/// The longest an answer waits before it is committed.
const LINGER: Duration = Duration::from_millis(50);

/// A cached answer.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use pidkit_resolve::{Entry, Outcome};
/// let now = SystemTime::now();
/// let e = Entry { outcome: Outcome::Resolved, stored: now, expires: now + Duration::from_secs(60), body: b"{}".to_vec() };
/// assert!(e.is_fresh(now));
/// assert!(!e.is_fresh(now + Duration::from_secs(61)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The outcome the body stands for.
    pub outcome: Outcome,
    /// When the answer was received.
    pub stored: SystemTime,
    /// When it stops being valid.
    pub expires: SystemTime,
    /// The service's answer (Handle JSON, or the registry record as JSON).
    pub body: Vec<u8>,
}

impl Entry {
    /// Whether the entry is still valid at `now`.
    pub fn is_fresh(&self, now: SystemTime) -> bool {
        now < self.expires
    }

    fn encode(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(18 + self.body.len());
        v.push(FORMAT);
        v.push(self.outcome.to_byte());
        v.extend_from_slice(&unix(self.stored).to_le_bytes());
        v.extend_from_slice(&unix(self.expires).to_le_bytes());
        v.extend_from_slice(&self.body);
        v
    }

    fn decode(v: &[u8]) -> Option<Entry> {
        let (&[format, outcome], rest) = v.split_first_chunk::<2>()?;
        let (stored, rest) = rest.split_first_chunk::<8>()?;
        let (expires, body) = rest.split_first_chunk::<8>()?;
        (format == FORMAT).then_some(())?;
        Some(Entry {
            outcome: Outcome::from_byte(outcome)?,
            stored: from_unix(u64::from_le_bytes(*stored)),
            expires: from_unix(u64::from_le_bytes(*expires)),
            body: body.to_vec(),
        })
    }
}

/// Milliseconds since the Unix epoch (0 before it).
fn unix(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn from_unix(ms: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(ms)
}

/// Why the cache could not be used.
#[derive(Debug)]
pub struct CacheError(pub String);

impl std::fmt::Display for CacheError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CacheError {}

fn err(what: &str, e: impl std::fmt::Display) -> CacheError {
    CacheError(format!("{what}: {e}"))
}

enum Msg {
    Put(String, Vec<u8>),
    Flush(mpsc::Sender<Result<(), String>>),
}

/// The on-disk cache. Reads are direct and concurrent; writes are batched by a background
/// thread; dropping the cache commits what is pending.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use pidkit_resolve::{Cache, Entry, Outcome};
/// let dir = std::env::temp_dir().join(format!("pidkit-doc-cache-{}", std::process::id()));
/// let cache = Cache::open(&dir)?;
/// let now = SystemTime::now();
/// let entry = Entry { outcome: Outcome::NotFound, stored: now, expires: now + Duration::from_secs(300), body: br#"{"responseCode":100}"#.to_vec() };
/// cache.put("doi:10.1000/X", &entry);
/// cache.flush()?;
/// assert_eq!(cache.get("doi:10.1000/X")?.map(|e| e.outcome), Some(Outcome::NotFound));
/// # drop(cache); std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), pidkit_resolve::CacheError>(())
/// ```
pub struct Cache {
    db: Arc<Database>,
    tx: Mutex<Option<mpsc::Sender<Msg>>>,
    writer: Mutex<Option<JoinHandle<()>>>,
    path: PathBuf,
}

impl Cache {
    /// The platform's cache directory for pidkit (`$XDG_CACHE_HOME/pidkit`, `~/.cache/pidkit`,
    /// `~/Library/Caches/pidkit`, `%LOCALAPPDATA%\pidkit`).
    ///
    /// ```
    /// if let Some(dir) = pidkit_resolve::Cache::default_dir() {
    ///     assert!(dir.ends_with("pidkit"));
    /// }
    /// ```
    pub fn default_dir() -> Option<PathBuf> {
        dirs::cache_dir().map(|d| d.join("pidkit"))
    }

    /// Open (or create) the cache in `dir`. Another process holding it is waited for up to two
    /// seconds; a file left by a killed process is repaired by redb on open.
    pub fn open(dir: &Path) -> Result<Cache, CacheError> {
        std::fs::create_dir_all(dir).map_err(|e| err(&format!("{}", dir.display()), e))?;
        let path = dir.join(FILE_NAME);
        let deadline = Instant::now() + Duration::from_secs(2);
        let db = loop {
            match Database::builder()
                .set_cache_size(CACHE_BYTES)
                .create(&path)
            {
                Ok(db) => break db,
                Err(redb::DatabaseError::DatabaseAlreadyOpen) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(redb::DatabaseError::DatabaseAlreadyOpen) => {
                    return Err(CacheError(format!(
                        "{} is in use by another process",
                        path.display()
                    )));
                }
                Err(e) => return Err(err(&format!("{}", path.display()), e)),
            }
        };
        // Create the table once so that readers never meet a missing table.
        let txn = db.begin_write().map_err(|e| err("cache", e))?;
        txn.open_table(TABLE).map_err(|e| err("cache", e))?;
        txn.commit().map_err(|e| err("cache", e))?;
        let db = Arc::new(db);
        let (tx, rx) = mpsc::channel();
        let writer_db = Arc::clone(&db);
        let writer = std::thread::Builder::new()
            .name("pidkit-cache".into())
            .spawn(move || write_loop(&writer_db, &rx))
            .map_err(|e| err("cache writer", e))?;
        Ok(Cache {
            db,
            tx: Mutex::new(Some(tx)),
            writer: Mutex::new(Some(writer)),
            path,
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The entry stored under `key`, fresh or not; `None` when absent or unreadable.
    pub fn get(&self, key: &str) -> Result<Option<Entry>, CacheError> {
        let txn = self.db.begin_read().map_err(|e| err("cache read", e))?;
        let table = txn.open_table(TABLE).map_err(|e| err("cache read", e))?;
        let value = table.get(key).map_err(|e| err("cache read", e))?;
        Ok(value.and_then(|v| Entry::decode(v.value())))
    }

    /// Store `entry` under `key` (committed by the writer thread within a few milliseconds).
    pub fn put(&self, key: &str, entry: &Entry) {
        if let Some(tx) = self.tx.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            let _ = tx.send(Msg::Put(key.to_owned(), entry.encode()));
        }
    }

    /// Wait until everything put so far is committed to disk.
    pub fn flush(&self) -> Result<(), CacheError> {
        let (ack, done) = mpsc::channel();
        if let Some(tx) = self.tx.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            tx.send(Msg::Flush(ack))
                .map_err(|_| CacheError("cache writer stopped".into()))?;
        }
        match done.recv() {
            Ok(r) => r.map_err(CacheError),
            Err(_) => Err(CacheError("cache writer stopped".into())),
        }
    }

    /// Number of entries stored.
    pub fn len(&self) -> Result<u64, CacheError> {
        use redb::ReadableTableMetadata;
        let txn = self.db.begin_read().map_err(|e| err("cache read", e))?;
        let table = txn.open_table(TABLE).map_err(|e| err("cache read", e))?;
        table.len().map_err(|e| err("cache read", e))
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> Result<bool, CacheError> {
        Ok(self.len()? == 0)
    }
}

impl Drop for Cache {
    fn drop(&mut self) {
        drop(self.tx.lock().unwrap_or_else(|e| e.into_inner()).take());
        if let Some(w) = self.writer.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = w.join();
        }
    }
}

/// The writer thread: gather puts for up to [`LINGER`] or [`BATCH`] entries, commit them in
/// one transaction, then answer the flushes that were waiting.
fn write_loop(db: &Database, rx: &mpsc::Receiver<Msg>) {
    let mut batch: Vec<(String, Vec<u8>)> = Vec::new();
    let mut acks: Vec<mpsc::Sender<Result<(), String>>> = Vec::new();
    while let Ok(first) = rx.recv() {
        let deadline = Instant::now() + LINGER;
        let mut next = Some(first);
        let mut open = true;
        while let Some(msg) = next.take() {
            match msg {
                Msg::Put(k, v) => batch.push((k, v)),
                Msg::Flush(ack) => acks.push(ack),
            }
            if batch.len() >= BATCH || !acks.is_empty() {
                break;
            }
            match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(m) => next = Some(m),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => open = false,
            }
        }
        let result = commit(db, &batch).map_err(|e| e.to_string());
        batch.clear();
        for ack in acks.drain(..) {
            let _ = ack.send(result.clone());
        }
        if !open {
            break;
        }
    }
}

fn commit(db: &Database, batch: &[(String, Vec<u8>)]) -> Result<(), redb::Error> {
    if batch.is_empty() {
        return Ok(());
    }
    let txn = db.begin_write()?;
    {
        let mut table = txn.open_table(TABLE)?;
        for (k, v) in batch {
            table.insert(k.as_str(), v.as_slice())?;
        }
    }
    txn.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_bad_bytes_are_ignored() {
        let now = from_unix(unix(SystemTime::now()));
        let e = Entry {
            outcome: Outcome::NoValues,
            stored: now,
            expires: now + Duration::from_secs(5),
            body: b"{\"responseCode\":200}".to_vec(),
        };
        assert_eq!(Entry::decode(&e.encode()), Some(e.clone()));
        let bytes = e.encode();
        for cut in 0..18 {
            assert_eq!(Entry::decode(&bytes[..cut]), None);
        }
        let mut wrong = bytes.clone();
        wrong[0] = 9;
        assert_eq!(Entry::decode(&wrong), None);
        wrong[0] = FORMAT;
        wrong[1] = 200;
        assert_eq!(Entry::decode(&wrong), None);
    }
}
