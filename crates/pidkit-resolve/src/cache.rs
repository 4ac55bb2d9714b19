//! The persistent answer cache: one redb database file, keyed by the identifier's equivalence
//! key, each entry with the time it expires (the record's TTL, or a short negative TTL).
//!
//! Writes go through one background thread that commits in batches (one fsync per batch, not
//! per answer); every commit is atomic, so a killed process loses at most the last batch and
//! never leaves a corrupt file.
//!
//! A cache is disposable, but only a file shown to be damaged is treated as such: redb reports
//! it corrupted, an entry fails its CRC-32, or the store panics (every call into it runs under
//! `catch_unwind`). Such a file is met with one warning and moved aside as
//! `resolve-v1.redb.corrupt-<unix time>`; the run goes on without the cache (or, when the damage
//! shows at open, with a fresh file). Any other failure — a file this user may not write,
//! a read-only file system, a lock held by another process, an I/O error, a format of another
//! redb version — leaves the file alone: a file that can be read is opened read-only (answers
//! are read from it, none stored), else the run goes on without the cache; one warning either
//! way.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use redb::{Database, ReadOnlyDatabase, ReadableDatabase, TableDefinition};

use crate::Outcome;

// The names are also in `Table::name`.
const TABLE: TableDefinition<&str, &[u8]> = TableDefinition::new("answers");
const METADATA: TableDefinition<&str, &[u8]> = TableDefinition::new("metadata");
const AGENCIES: TableDefinition<&str, &[u8]> = TableDefinition::new("agencies");

/// A table of the cache: each kind of answer has its own, with its own keys and lifetimes.
///
/// ```
/// assert_eq!(pidkit_resolve::Table::Metadata.name(), "metadata");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// Resolution answers (Handle records, registry records, redirects), by identifier.
    Answers,
    /// DOI metadata from content negotiation, by DOI and format.
    Metadata,
    /// Registration agencies, by DOI prefix.
    Agencies,
}

impl Table {
    /// The table's name in the file.
    pub fn name(self) -> &'static str {
        match self {
            Table::Answers => "answers",
            Table::Metadata => "metadata",
            Table::Agencies => "agencies",
        }
    }

    fn definition(self) -> TableDefinition<'static, &'static str, &'static [u8]> {
        match self {
            Table::Answers => TABLE,
            Table::Metadata => METADATA,
            Table::Agencies => AGENCIES,
        }
    }

    const ALL: [Table; 3] = [Table::Answers, Table::Metadata, Table::Agencies];
}
/// The file inside the cache directory.
pub const FILE_NAME: &str = "resolve-v1.redb";
/// Layout version of a stored value (1 had no checksum; its entries read as absent).
const FORMAT: u8 = 2;
// A stored value: FORMAT, outcome byte, stored and expires as u64 LE milliseconds, the CRC-32
// (LE) of everything else, the body.
const HEADER: usize = 22;
/// Memory redb may use for its page cache (its default is 1 GiB, too much for a CLI).
const CACHE_BYTES: usize = 32 << 20;
/// Answers committed together.
const BATCH: usize = 512;
/// The longest an answer waits before it is committed.
const LINGER: Duration = Duration::from_millis(50);
/// Messages that may wait for the writer: a put beyond them waits until the writer has taken
/// one (its commit is the bottleneck), so that answers stored faster than the disk takes them
/// cannot pile up in memory.
const QUEUE: usize = 4 * BATCH;

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
        let mut v = Vec::with_capacity(HEADER + self.body.len());
        v.push(FORMAT);
        v.push(self.outcome.to_byte());
        v.extend_from_slice(&unix(self.stored).to_le_bytes());
        v.extend_from_slice(&unix(self.expires).to_le_bytes());
        v.extend_from_slice(&[0; 4]);
        v.extend_from_slice(&self.body);
        let crc = checksum(&v);
        v[18..HEADER].copy_from_slice(&crc.to_le_bytes());
        v
    }

    /// The entry, `Ok(None)` for a value of another layout version (left by an older pidkit),
    /// `Err` for a value that is damaged (bad checksum, cut short, unknown outcome).
    fn decode(v: &[u8]) -> Result<Option<Entry>, &'static str> {
        if v.first().is_some_and(|&f| f != FORMAT) {
            return Ok(None);
        }
        let short = "an entry is cut short";
        let (&[_, outcome], rest) = v.split_first_chunk::<2>().ok_or(short)?;
        let (stored, rest) = rest.split_first_chunk::<8>().ok_or(short)?;
        let (expires, rest) = rest.split_first_chunk::<8>().ok_or(short)?;
        let (crc, body) = rest.split_first_chunk::<4>().ok_or(short)?;
        if checksum(v) != u32::from_le_bytes(*crc) {
            return Err("an entry fails its checksum");
        }
        Ok(Some(Entry {
            outcome: Outcome::from_byte(outcome).ok_or("an entry has an unknown outcome")?,
            stored: from_unix(u64::from_le_bytes(*stored)),
            expires: from_unix(u64::from_le_bytes(*expires)),
            body: body.to_vec(),
        }))
    }
}

/// CRC-32 of an encoded value, its own four bytes (18..22) read as zeros.
fn checksum(v: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&v[..v.len().min(18)]);
    h.update(&[0; 4]);
    h.update(v.get(HEADER..).unwrap_or(&[]));
    h.finalize()
}

/// Milliseconds since the Unix epoch (0 before it).
fn unix(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn from_unix(ms: u64) -> SystemTime {
    UNIX_EPOCH
        .checked_add(Duration::from_millis(ms))
        .unwrap_or(UNIX_EPOCH)
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

/// An encoded entry to write: its table, key and value.
type Row = (Table, String, Vec<u8>);

enum Msg {
    Put(Row),
    /// Entries to commit at once, then acknowledge.
    Batch(Vec<Row>, mpsc::Sender<Result<(), String>>),
    Flush(mpsc::Sender<Result<(), String>>),
}

/// Where warnings about the cache go.
type Warn = Box<dyn Fn(&str) + Send + Sync>;

/// A failure of the store.
#[derive(Debug)]
enum Fault {
    /// The file is shown to be damaged: redb found it corrupted, an entry failed its checksum,
    /// or the store panicked. Only this moves a file aside.
    Damage(String),
    /// Anything else (permission, lock, I/O, another format version): the file is left alone.
    Trouble(String),
}

impl Fault {
    fn text(&self) -> &str {
        match self {
            Fault::Damage(m) | Fault::Trouble(m) => m,
        }
    }
}

/// A redb error as a fault: corruption is damage, and so is a file that is not a redb database
/// (its magic number, which redb reports as invalid data); the rest is trouble.
fn fault(e: impl Into<redb::Error>) -> Fault {
    match e.into() {
        e @ redb::Error::Corrupted(_) => Fault::Damage(e.to_string()),
        redb::Error::Io(io)
            if io.kind() == std::io::ErrorKind::InvalidData
                && io.to_string().contains("magic number") =>
        {
            Fault::Damage(format!("not a redb database ({io})"))
        }
        // A page the file's own metadata places past its end.
        redb::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            Fault::Damage(format!("cut short ({io})"))
        }
        e => Fault::Trouble(e.to_string()),
    }
}

/// Whether the store still works; the first failure warns (and moves a damaged file aside).
struct Health {
    broken: AtomicBool,
    path: PathBuf,
    warn: Warn,
}

impl Health {
    fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Acquire)
    }

    /// The store failed (`what`): the first time, warn, and move the file aside if it is
    /// damaged; from then on the cache is not used.
    fn fail(&self, what: &str, f: &Fault) {
        if self.broken.swap(true, Ordering::AcqRel) {
            return;
        }
        let e = f.text();
        let message = match f {
            Fault::Damage(_) => match move_aside(&self.path) {
                Ok(aside) => format!(
                    "the cache {} is damaged ({what}: {e}); moved it aside to {} and going on \
                     without the cache (the next run starts a fresh one)",
                    self.path.display(),
                    aside.display()
                ),
                Err(m) => format!(
                    "the cache {} is damaged ({what}: {e}) and could not be moved aside ({m}); \
                     going on without the cache",
                    self.path.display()
                ),
            },
            Fault::Trouble(_) => format!(
                "the cache {} failed ({what}: {e}); going on without the cache (the file is \
                 left as it is)",
                self.path.display()
            ),
        };
        (self.warn)(&message);
    }

    /// Run `f` on the store unless it is broken; a fault or a panic inside breaks it.
    fn guard<T>(&self, what: &str, f: impl FnOnce() -> Result<T, Fault>) -> Option<T> {
        if self.is_broken() {
            return None;
        }
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(Ok(v)) => Some(v),
            Ok(Err(e)) => {
                self.fail(what, &e);
                None
            }
            Err(p) => {
                let e = Fault::Damage(format!("the store panicked: {}", panic_text(&*p)));
                self.fail(what, &e);
                None
            }
        }
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_owned())
}

/// Rename `path` to `path.corrupt-<unix seconds>` (with a counter if that exists already).
fn move_aside(path: &Path) -> std::io::Result<PathBuf> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".corrupt-{secs}"));
    let mut aside = PathBuf::from(&name);
    let mut n = 1;
    while aside.exists() {
        let mut next = name.clone();
        next.push(format!("-{n}"));
        aside = PathBuf::from(next);
        n += 1;
    }
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

/// Why a file could not be opened.
enum OpenError {
    /// Another process holds it, past the wait.
    InUse,
    /// The failure, damage or not.
    Failed(Fault),
}

/// Open (or create) the database at `path` and its table, waiting up to two seconds for
/// another process's lock; a panic of the store is damage.
fn open_db(path: &Path) -> Result<Database, OpenError> {
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let attempt = catch_unwind(|| {
            let db = Database::builder()
                .set_cache_size(CACHE_BYTES)
                .create(path)?;
            // Create the tables once so that readers never meet a missing table.
            let txn = db.begin_write()?;
            for t in Table::ALL {
                txn.open_table(t.definition())?;
            }
            txn.commit()?;
            Ok::<_, redb::Error>(db)
        });
        match attempt {
            Ok(Ok(db)) => return Ok(db),
            Ok(Err(redb::Error::DatabaseAlreadyOpen)) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(50));
            }
            Ok(Err(redb::Error::DatabaseAlreadyOpen)) => return Err(OpenError::InUse),
            Ok(Err(e)) => return Err(OpenError::Failed(fault(e))),
            Err(p) => {
                return Err(OpenError::Failed(Fault::Damage(format!(
                    "the store panicked: {}",
                    panic_text(&*p)
                ))));
            }
        }
    }
}

/// Open the database at `path` for reading only (it must have the table); a panic of the store
/// is damage.
fn open_read_only(path: &Path) -> Result<ReadOnlyDatabase, OpenError> {
    let attempt = catch_unwind(|| {
        let db = Database::builder()
            .set_cache_size(CACHE_BYTES)
            .open_read_only(path)?;
        // The table must be there: a reader never creates it.
        let txn = db.begin_read()?;
        txn.open_table(TABLE)?;
        drop(txn);
        Ok::<_, redb::Error>(db)
    });
    match attempt {
        Ok(Ok(db)) => Ok(db),
        Ok(Err(redb::Error::DatabaseAlreadyOpen)) => Err(OpenError::InUse),
        Ok(Err(e)) => Err(OpenError::Failed(fault(e))),
        Err(p) => Err(OpenError::Failed(Fault::Damage(format!(
            "the store panicked: {}",
            panic_text(&*p)
        )))),
    }
}

/// The database: written by this process, or only read.
enum Store {
    Write(Database),
    Read(ReadOnlyDatabase),
}

impl Store {
    fn begin_read(&self) -> Result<redb::ReadTransaction, redb::TransactionError> {
        match self {
            Store::Write(db) => db.begin_read(),
            Store::Read(db) => db.begin_read(),
        }
    }
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
    /// `None` only while dropping.
    db: Option<Arc<Store>>,
    tx: Mutex<Option<mpsc::SyncSender<Msg>>>,
    writer: Mutex<Option<JoinHandle<()>>>,
    path: PathBuf,
    health: Arc<Health>,
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
    /// seconds, then it is an error ("in use"); a file left by a killed process is repaired by
    /// redb on open. A damaged file is moved aside and replaced by a fresh one; a file this
    /// process may read but not write is opened read-only; both with a warning on stderr (see
    /// [`Cache::open_with_warnings`]). Any other failure is an error, and leaves the file alone.
    pub fn open(dir: &Path) -> Result<Cache, CacheError> {
        Cache::open_with_warnings(dir, |m| eprintln!("pidkit: warning: {m}"))
    }

    /// [`Cache::open`], with the warnings about the cache (at most one at open, one while it is
    /// used) sent to `warn` instead of stderr.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("pidkit-doc-damaged-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("resolve-v1.redb"), b"not a database at all").unwrap();
    /// let warnings = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    /// let sink = std::sync::Arc::clone(&warnings);
    /// let cache = pidkit_resolve::Cache::open_with_warnings(&dir, move |m| {
    ///     sink.lock().unwrap().push(m.to_owned())
    /// })?;
    /// assert!(cache.is_empty()?); // a fresh file
    /// assert!(warnings.lock().unwrap()[0].contains("moved it aside"));
    /// # drop(cache); std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), pidkit_resolve::CacheError>(())
    /// ```
    pub fn open_with_warnings(
        dir: &Path,
        warn: impl Fn(&str) + Send + Sync + 'static,
    ) -> Result<Cache, CacheError> {
        std::fs::create_dir_all(dir).map_err(|e| err(&format!("{}", dir.display()), e))?;
        let path = dir.join(FILE_NAME);
        let in_use = || CacheError(format!("{} is in use by another process", path.display()));
        let failed = |e: &str| err(&format!("{}", path.display()), e);
        let store = match open_db(&path) {
            Ok(db) => Store::Write(db),
            Err(OpenError::InUse) => return Err(in_use()),
            Err(OpenError::Failed(Fault::Trouble(e))) => match open_read_only(&path) {
                // Not writable here (permission, a read-only file system …) but readable.
                Ok(db) => {
                    warn(&format!(
                        "the cache {} cannot be written ({e}); reading answers from it, storing \
                         none",
                        path.display()
                    ));
                    Store::Read(db)
                }
                Err(OpenError::Failed(Fault::Damage(d))) => {
                    Store::Write(Cache::fresh(&path, &d, &warn)?)
                }
                // Neither: the error of the first open says why; the file stays as it is.
                Err(_) => return Err(failed(&e)),
            },
            Err(OpenError::Failed(Fault::Damage(e))) => {
                Store::Write(Cache::fresh(&path, &e, &warn)?)
            }
        };
        let health = Arc::new(Health {
            broken: AtomicBool::new(false),
            path: path.clone(),
            warn: Box::new(warn),
        });
        let db = Arc::new(store);
        let (tx, writer) = if matches!(*db, Store::Write(_)) {
            let (tx, rx) = mpsc::sync_channel(QUEUE);
            let (writer_db, writer_health) = (Arc::clone(&db), Arc::clone(&health));
            let writer = std::thread::Builder::new()
                .name("pidkit-cache".into())
                .spawn(move || {
                    if let Store::Write(db) = &*writer_db {
                        write_loop(db, &rx, &writer_health);
                    }
                })
                .map_err(|e| err("cache writer", e))?;
            (Some(tx), Some(writer))
        } else {
            (None, None)
        };
        Ok(Cache {
            db: Some(db),
            tx: Mutex::new(tx),
            writer: Mutex::new(writer),
            path,
            health,
        })
    }

    /// Move the damaged file at `path` aside (`damage` says how it is damaged) and start a
    /// fresh one, with a warning.
    fn fresh(path: &Path, damage: &str, warn: &impl Fn(&str)) -> Result<Database, CacheError> {
        let failed = |e: String| err(&format!("{}", path.display()), e);
        let aside = move_aside(path)
            .map_err(|m| failed(format!("{damage}; and it could not be moved aside: {m}")))?;
        warn(&format!(
            "the cache {} is damaged ({damage}); moved it aside to {} and started a fresh one",
            path.display(),
            aside.display()
        ));
        match open_db(path) {
            Ok(db) => Ok(db),
            Err(OpenError::InUse) => Err(CacheError(format!(
                "{} is in use by another process",
                path.display()
            ))),
            Err(OpenError::Failed(e)) => Err(failed(e.text().to_owned())),
        }
    }

    /// Whether answers are only read from this cache, never stored (the file could be read but
    /// not written).
    pub fn is_read_only(&self) -> bool {
        matches!(self.db.as_deref(), Some(Store::Read(_)))
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the store failed during this run (and is no longer used): damaged (the file was
    /// moved aside) or failing otherwise (left alone).
    pub fn is_damaged(&self) -> bool {
        self.health.is_broken()
    }

    /// The entry stored under `key`, fresh or not; `None` when absent, or when the cache failed
    /// (which this call may discover: the warning is given then).
    pub fn get(&self, key: &str) -> Result<Option<Entry>, CacheError> {
        self.get_in(Table::Answers, key)
    }

    /// The entry stored under `key` in `table` ([`Cache::get`] for another table). A file
    /// written by an older pidkit, opened read-only, may not have the table: nothing is in it.
    pub fn get_in(&self, table: Table, key: &str) -> Result<Option<Entry>, CacheError> {
        let Some(db) = &self.db else { return Ok(None) };
        let entry = self.health.guard("cache read", || {
            let txn = db.begin_read().map_err(fault)?;
            let table = match txn.open_table(table.definition()) {
                Ok(t) => t,
                Err(redb::TableError::TableDoesNotExist(_)) => return Ok(None),
                Err(e) => return Err(fault(e)),
            };
            let value = table.get(key).map_err(fault)?;
            match value.map(|v| Entry::decode(v.value())) {
                None => Ok(None),
                Some(decoded) => decoded.map_err(|e| Fault::Damage(e.to_owned())),
            }
        });
        Ok(entry.flatten())
    }

    /// Store `entry` under `key` (committed by the writer thread within a few milliseconds;
    /// dropped when the cache failed or is read-only). When 2,048 entries are waiting for the
    /// writer, this waits for room: memory stays bounded however slow the disk.
    pub fn put(&self, key: &str, entry: &Entry) {
        self.put_in(Table::Answers, key, entry);
    }

    /// Store `entry` under `key` in `table` ([`Cache::put`] for another table).
    pub fn put_in(&self, table: Table, key: &str, entry: &Entry) {
        if self.health.is_broken() {
            return;
        }
        if let Some(tx) = self.sender() {
            let _ = tx.send(Msg::Put((table, key.to_owned(), entry.encode())));
        }
    }

    /// Store every entry of `entries` and wait until they are committed, in one transaction
    /// with whatever was put before and not yet committed: a file written this way has the
    /// same layout every time.
    pub fn put_all(
        &self,
        entries: impl IntoIterator<Item = (String, Entry)>,
    ) -> Result<(), CacheError> {
        let batch: Vec<Row> = entries
            .into_iter()
            .map(|(k, e)| (Table::Answers, k, e.encode()))
            .collect();
        self.wait_for(|ack| Msg::Batch(batch, ack))
    }

    /// Wait until everything put so far is committed to disk.
    pub fn flush(&self) -> Result<(), CacheError> {
        self.wait_for(Msg::Flush)
    }

    /// The writer's queue (`None`: read-only, or dropping), taken out of its lock: a send may
    /// wait for room ([`QUEUE`]), and other threads need not wait for the lock meanwhile.
    fn sender(&self) -> Option<mpsc::SyncSender<Msg>> {
        self.tx.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Send the writer `msg` and wait for its answer (at once when nothing is written).
    fn wait_for(
        &self,
        msg: impl FnOnce(mpsc::Sender<Result<(), String>>) -> Msg,
    ) -> Result<(), CacheError> {
        let (ack, done) = mpsc::channel();
        match self.sender() {
            Some(tx) => tx
                .send(msg(ack))
                .map_err(|_| CacheError("cache writer stopped".into()))?,
            // Read-only: nothing is ever written.
            None => return Ok(()),
        }
        match done.recv() {
            Ok(r) => r.map_err(CacheError),
            Err(_) => Err(CacheError("cache writer stopped".into())),
        }
    }

    /// Number of resolution answers stored ([`Table::Answers`]).
    pub fn len(&self) -> Result<u64, CacheError> {
        self.len_in(Table::Answers)
    }

    /// Number of entries stored in `table`.
    pub fn len_in(&self, table: Table) -> Result<u64, CacheError> {
        use redb::ReadableTableMetadata;
        let Some(db) = &self.db else { return Ok(0) };
        self.health
            .guard("cache read", || {
                let txn = db.begin_read().map_err(fault)?;
                let table = match txn.open_table(table.definition()) {
                    Ok(t) => t,
                    Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
                    Err(e) => return Err(fault(e)),
                };
                table.len().map_err(fault)
            })
            .ok_or_else(|| CacheError(format!("{} failed", self.path.display())))
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
        // Closing a damaged database may panic too.
        let db = self.db.take();
        let _ = catch_unwind(AssertUnwindSafe(move || drop(db)));
    }
}

/// The writer thread: gather puts for up to [`LINGER`] or [`BATCH`] entries, commit them in
/// one transaction, then answer the flushes that were waiting. A failed commit (or a panic in
/// it) stops the cache (a corrupted file is moved aside); later puts are dropped.
fn write_loop(db: &Database, rx: &mpsc::Receiver<Msg>, health: &Health) {
    let mut batch: Vec<Row> = Vec::new();
    let mut acks: Vec<mpsc::Sender<Result<(), String>>> = Vec::new();
    while let Ok(first) = rx.recv() {
        let deadline = Instant::now() + LINGER;
        let mut next = Some(first);
        let mut open = true;
        while let Some(msg) = next.take() {
            match msg {
                Msg::Put(row) => batch.push(row),
                Msg::Batch(entries, ack) => {
                    batch.extend(entries);
                    acks.push(ack);
                }
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
        let result = health
            .guard("cache write", || commit(db, &batch).map_err(fault))
            .ok_or_else(|| "the cache failed; nothing more is written".to_owned());
        batch.clear();
        for ack in acks.drain(..) {
            let _ = ack.send(result.clone());
        }
        if !open {
            break;
        }
    }
}
fn commit(db: &Database, batch: &[Row]) -> Result<(), redb::Error> {
    if batch.is_empty() {
        return Ok(());
    }
    let txn = db.begin_write()?;
    for t in Table::ALL {
        if !batch.iter().any(|(table, _, _)| *table == t) {
            continue;
        }
        let mut table = txn.open_table(t.definition())?;
        for (_, k, v) in batch.iter().filter(|(table, _, _)| *table == t) {
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
        assert_eq!(Entry::decode(&e.encode()), Ok(Some(e.clone())));
        let bytes = e.encode();
        assert_eq!(Entry::decode(&[]), Err("an entry is cut short"));
        for cut in 1..bytes.len() {
            assert!(Entry::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        // An older layout reads as absent.
        let mut wrong = bytes.clone();
        wrong[0] = 1;
        assert_eq!(Entry::decode(&wrong), Ok(None));
        // Any flipped bit is caught by the checksum.
        for bit in 8..bytes.len() * 8 {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            assert!(Entry::decode(&flipped).is_err(), "bit {bit}");
        }
    }

    #[test]
    fn puts_wait_for_a_slow_writer_instead_of_piling_up() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let cache = Arc::new(Cache::open_with_warnings(dir.path(), |_| {}).unwrap());
        let Some(Store::Write(db)) = cache.db.as_deref() else {
            panic!("a writable cache")
        };
        // A write transaction held here stands for a disk that does not keep up: the writer's
        // first commit waits for it.
        let held = db.begin_write().unwrap();
        let n = BATCH + QUEUE + 200;
        let done = Arc::new(AtomicUsize::new(0));
        let putter = {
            let (cache, done) = (Arc::clone(&cache), Arc::clone(&done));
            std::thread::spawn(move || {
                let now = from_unix(unix(SystemTime::now()));
                let e = Entry {
                    outcome: Outcome::NotFound,
                    stored: now,
                    expires: now + Duration::from_secs(60),
                    body: Vec::new(),
                };
                for i in 0..n {
                    cache.put(&format!("doi:10.1000/{i}"), &e);
                    done.fetch_add(1, Ordering::SeqCst);
                }
            })
        };
        std::thread::sleep(LINGER * 6);
        // The writer holds one batch, the queue the next QUEUE entries: the rest wait.
        let waiting = done.load(Ordering::SeqCst);
        assert!(
            waiting <= BATCH + QUEUE + 1,
            "{waiting} puts went through of {n}"
        );
        drop(held);
        putter.join().unwrap();
        cache.flush().unwrap();
        assert_eq!(cache.len().unwrap(), n as u64, "every entry is stored");
    }
}
