//! The Handle API's JSON answer (Handle.Net Technical Manual §14; DOI URI scheme §4) read in one
//! pass into what a resolution needs, with bounded memory and without ambiguity:
//!
//! - every value is read, one at a time, for the URL values, the `HS_ALIAS` and the TTLs; the
//!   answer is never held as a whole JSON tree;
//! - the `record` keeps the answer's members and its first values up to [`MAX_RECORD_BYTES`] of
//!   JSON text; what does not fit is counted in the record (`values_omitted`,
//!   `members_omitted`), never dropped silently;
//! - a member that decides the answer (`responseCode`, `handle`, `values`, `message`; a value's
//!   `index`, `type`, `data`, `ttl` …; the data's `format` and `value`) may appear once: with two,
//!   the answer means two things (RFC 8259 §4 leaves the choice to the reader), and it is refused;
//! - a malformed member is named: a TTL of 1.5 seconds, an index past 2³² − 1 …

use std::borrow::Cow;
use std::fmt;
use std::time::{Duration, SystemTime};

use serde::Deserialize;
use serde::de::{
    self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// The most JSON text of one Handle API answer kept in a resolution's `record` (64 KiB, some
/// fifty times a large real record): the members and the first values that fit. The rest of the
/// values are still read for the TTL and the `HS_ALIAS`, and counted in the record's
/// `values_omitted` (the URLs listed are those of the values kept). In memory, the kept record
/// takes at most about 20 times its text.
pub const MAX_RECORD_BYTES: usize = 64 << 10;

/// The TTL a value without one gets (the Handle System's default, RFC 3651 §3.1).
pub(crate) const DEFAULT_TTL: Duration = Duration::from_secs(86_400);
/// The longest a record is cached, whatever TTL the server gives (relative or absolute): the
/// server's number is never used in arithmetic that could overflow.
pub const MAX_TTL: Duration = Duration::from_secs(30 * 86_400);

/// The longest text of a server's `message` (or a handle it names) repeated in a reason.
const MAX_QUOTED: usize = 300;

/// Record members pidkit writes itself: an answer that has them is refused.
const RESERVED: [&str; 2] = ["values_omitted", "members_omitted"];

/// A Handle API answer as read.
#[derive(Debug)]
pub(crate) struct HandleAnswer {
    /// `responseCode`.
    pub code: u32,
    /// `handle`, as sent.
    pub handle: Option<String>,
    /// `message`, cut to a few hundred characters (for reasons).
    pub message: Option<String>,
    /// The record: the answer's members and values, as far as they fit.
    pub record: Value,
    /// The text of the `URL` values kept in the record.
    pub urls: Vec<String>,
    /// The text of the first `HS_ALIAS` value (of all values).
    pub alias: Option<String>,
    /// When the record stops being valid: the earliest TTL of all values, at most [`MAX_TTL`]
    /// away; `None` when a value must not be cached (TTL 0 or negative, a time that cannot be
    /// read).
    pub expires: Option<SystemTime>,
    /// Values in the answer.
    pub values: usize,
    /// Values not kept in the record.
    pub values_omitted: usize,
    /// `URL` values among them.
    pub urls_omitted: usize,
    /// Other members not kept in the record.
    pub members_omitted: usize,
}

impl HandleAnswer {
    /// Whether the record holds the whole answer.
    pub fn complete(&self) -> bool {
        self.values_omitted == 0 && self.members_omitted == 0
    }
}

/// Why a body is not a Handle API answer.
#[derive(Debug)]
pub(crate) enum Fault {
    /// Not JSON (the parser's message).
    Syntax(serde_json::Error),
    /// JSON without a `responseCode`.
    NoCode,
    /// A Handle API answer with a malformed or repeated member (what is wrong, and where).
    Malformed(String),
}

/// Read `body` as a Handle API answer; TTLs are counted from `now`.
pub(crate) fn parse(body: &[u8], now: SystemTime) -> Result<HandleAnswer, Fault> {
    let mut st = State::new(now);
    let mut de = serde_json::Deserializer::from_slice(body);
    let read = Top { st: &mut st }
        .deserialize(&mut de)
        .and_then(|()| de.end());
    if let Err(e) = read {
        return Err(match e.classify() {
            serde_json::error::Category::Data => Fault::Malformed(e.to_string()),
            _ => Fault::Syntax(e),
        });
    }
    st.finish()
}

/// `s` cut to [`MAX_QUOTED`] bytes (on a character boundary), with `…` when cut.
pub(crate) fn clip(s: &str) -> Cow<'_, str> {
    if s.len() <= MAX_QUOTED {
        return Cow::Borrowed(s);
    }
    let mut end = MAX_QUOTED;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}…", &s[..end]))
}

/// What the reader gathers.
struct State {
    now: SystemTime,
    code: Option<u32>,
    handle: Option<String>,
    message: Option<String>,
    /// `None`: no `values` member; `Some(None)`: `null`.
    values: Option<Option<Vec<Value>>>,
    extra: Map<String, Value>,
    kept_bytes: usize,
    /// Set once a value does not fit: the values kept are the first ones.
    full: bool,
    urls: Vec<String>,
    alias: Option<String>,
    count: usize,
    values_omitted: usize,
    urls_omitted: usize,
    members_omitted: usize,
    earliest: Option<SystemTime>,
    no_cache: bool,
}

impl State {
    fn new(now: SystemTime) -> State {
        State {
            now,
            code: None,
            handle: None,
            message: None,
            values: None,
            extra: Map::new(),
            kept_bytes: 0,
            full: false,
            urls: Vec::new(),
            alias: None,
            count: 0,
            values_omitted: 0,
            urls_omitted: 0,
            members_omitted: 0,
            earliest: None,
            no_cache: false,
        }
    }

    /// Whether `len` more bytes of JSON text fit in the record (and count them if so).
    fn fits(&mut self, len: usize) -> bool {
        if self.kept_bytes.saturating_add(len) > MAX_RECORD_BYTES {
            return false;
        }
        self.kept_bytes += len;
        true
    }

    /// One value's TTL into the record's expiry (RFC 3651 §3.1: relative seconds or an absolute
    /// time). Saturating: no TTL can overflow the clock.
    fn ttl(&mut self, ttl: Option<Ttl>) {
        let now = self.now;
        let Some(latest) = now.checked_add(MAX_TTL) else {
            self.no_cache = true;
            return;
        };
        let t = match ttl {
            None => now.checked_add(DEFAULT_TTL),
            Some(Ttl::Seconds(n)) if n > 0 => {
                now.checked_add(Duration::from_secs(n.try_into().unwrap_or(u64::MAX)).min(MAX_TTL))
            }
            Some(Ttl::Huge) => Some(latest),
            Some(Ttl::Seconds(_)) => {
                self.no_cache = true;
                return;
            }
            Some(Ttl::Until(s)) => match humantime::parse_rfc3339_weak(s.trim()) {
                Ok(t) => Some(t),
                Err(_) => {
                    self.no_cache = true;
                    return;
                }
            },
        }
        .map_or(latest, |t| t.min(latest));
        self.earliest = Some(self.earliest.map_or(t, |e| e.min(t)));
    }

    fn finish(self) -> Result<HandleAnswer, Fault> {
        let code = self.code.ok_or(Fault::NoCode)?;
        let expires = if self.no_cache {
            None
        } else {
            let latest = self.now.checked_add(MAX_TTL);
            let default = self.now.checked_add(DEFAULT_TTL);
            match (self.earliest, default, latest) {
                (Some(t), _, _) => Some(t),
                (None, Some(d), Some(l)) => Some(d.min(l)),
                _ => None,
            }
        };
        let mut record = self.extra;
        record.insert("responseCode".into(), Value::from(code));
        if let Some(h) = &self.handle {
            record.insert("handle".into(), Value::String(h.clone()));
        }
        match self.values {
            Some(Some(v)) => {
                record.insert("values".into(), Value::Array(v));
            }
            Some(None) => {
                record.insert("values".into(), Value::Null);
            }
            None => {}
        }
        if self.values_omitted > 0 {
            record.insert("values_omitted".into(), Value::from(self.values_omitted));
        }
        if self.members_omitted > 0 {
            record.insert("members_omitted".into(), Value::from(self.members_omitted));
        }
        Ok(HandleAnswer {
            code,
            handle: self.handle,
            message: self.message,
            record: Value::Object(record),
            urls: self.urls,
            alias: self.alias,
            expires,
            values: self.count,
            values_omitted: self.values_omitted,
            urls_omitted: self.urls_omitted,
            members_omitted: self.members_omitted,
        })
    }
}

/// A value's TTL as sent.
enum Ttl {
    Seconds(i64),
    /// More seconds than an i64 holds.
    Huge,
    Until(String),
}

/// The answer: a JSON object, its members read one by one.
struct Top<'s> {
    st: &'s mut State,
}

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

/// Refuse a second `name`.
fn once<E: de::Error>(seen: &mut bool, name: &str, within: &str) -> Result<(), E> {
    if std::mem::replace(seen, true) {
        return Err(E::custom(format!(
            "the member \"{name}\" appears twice{within}, so the answer means two things"
        )));
    }
    Ok(())
}

impl<'de> Visitor<'de> for Top<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Handle API answer (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let st = self.st;
        let (mut code, mut handle, mut message, mut values) = (false, false, false, false);
        while let Some(Text(key)) = map.next_key()? {
            match key.as_ref() {
                "responseCode" => {
                    once(&mut code, "responseCode", "")?;
                    let n = map.next_value_seed(NumOf("responseCode"))?;
                    st.code = Some(n.whole_u32("responseCode")?);
                }
                "handle" => {
                    once(&mut handle, "handle", "")?;
                    let h = map.next_value_seed(StrOf("handle"))?;
                    st.handle = Some(h.into_owned());
                }
                "message" => {
                    once(&mut message, "message", "")?;
                    let m = map.next_value_seed(StrOf("message"))?;
                    if st.fits(m.len() + "\"message\":\"\",".len()) {
                        st.extra
                            .insert("message".into(), Value::String(m.clone().into_owned()));
                    } else {
                        st.members_omitted += 1;
                    }
                    st.message = Some(clip(&m).into_owned());
                }
                "values" => {
                    once(&mut values, "values", "")?;
                    let list: Option<()> =
                        map.next_value_seed(Optional(Values { st: &mut *st }))?;
                    if list.is_none() {
                        st.values = Some(None);
                    }
                }
                name if RESERVED.contains(&name) => {
                    return Err(A::Error::custom(format!(
                        "the answer has a member \"{name}\", a name pidkit writes in the record \
                         itself"
                    )));
                }
                _ => {
                    let raw: &'de RawValue = map.next_value()?;
                    if st.fits(raw.get().len() + key.len() + 3) {
                        let v: Value = serde_json::from_str(raw.get())
                            .map_err(|e| A::Error::custom(bare(&e)))?;
                        st.extra.insert(key.into_owned(), v);
                    } else {
                        st.members_omitted += 1;
                    }
                }
            }
        }
        Ok(())
    }
}

/// `null` or what `T` reads (`None` for `null`).
struct Optional<T>(T);

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Optional<T> {
    type Value = Option<T::Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de, T: DeserializeSeed<'de>> Visitor<'de> for Optional<T> {
    type Value = Option<T::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("null or a list of values")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Some)
    }
}

/// The `values` array, one value at a time.
struct Values<'s> {
    st: &'s mut State,
}

impl<'de> DeserializeSeed<'de> for Values<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Values<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"values\" as a list of values")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let st = self.st;
        let mut kept = Vec::new();
        while let Some(raw) = seq.next_element::<&'de RawValue>()? {
            let at = st.count;
            st.count += 1;
            let text = raw.get();
            let head: Head<'_> = serde_json::from_str(text)
                .map_err(|e| A::Error::custom(format!("values[{at}]: {}", bare(&e))))?;
            st.ttl(head.ttl);
            let is_url = head.kind.eq_ignore_ascii_case("URL");
            let string = head.format.eq_ignore_ascii_case("string");
            if st.alias.is_none() && string && head.kind.eq_ignore_ascii_case("HS_ALIAS") {
                st.alias = head.text.as_deref().map(str::to_owned);
            }
            if !st.full && st.fits(text.len() + 1) {
                let v: Value = serde_json::from_str(text)
                    .map_err(|e| A::Error::custom(format!("values[{at}]: {}", bare(&e))))?;
                if let (true, true, Some(u)) = (is_url, string, head.text.as_deref()) {
                    st.urls.push(u.to_owned());
                }
                kept.push(v);
            } else {
                st.full = true;
                st.values_omitted += 1;
                if is_url && string && head.text.is_some() {
                    st.urls_omitted += 1;
                }
            }
        }
        st.values = Some(Some(kept));
        Ok(())
    }
}

/// A serde_json error's message without its position (the caller says where).
fn bare(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(p) if e.line() > 0 => s[..p].to_owned(),
        _ => s,
    }
}

/// Text: borrowed from the body when it has no escapes.
struct Text<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(s)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A string member, named in the error (`invalid type: integer `5`, expected "handle" as a
/// string`).
struct StrOf(&'static str);

impl<'de> DeserializeSeed<'de> for StrOf {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for StrOf {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" as a string", self.0)
    }
    fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(s))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(s.to_owned()))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(s))
    }
}

/// `null` or a string member (named in the error).
struct OptStrOf(&'static str);

impl<'de> DeserializeSeed<'de> for OptStrOf {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for OptStrOf {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" as a string", self.0)
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        StrOf(self.0).deserialize(d).map(drop)
    }
}

/// A number member (named in the error).
struct NumOf(&'static str);

impl<'de> DeserializeSeed<'de> for NumOf {
    type Value = Num;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Num, D::Error> {
        d.deserialize_any(self)
    }
}

impl Visitor<'_> for NumOf {
    type Value = Num;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" as a number", self.0)
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Num, E> {
        Ok(Num::U(n))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Num, E> {
        Ok(Num::I(n))
    }
    fn visit_f64<E: de::Error>(self, x: f64) -> Result<Num, E> {
        Ok(Num::F(x))
    }
}

/// A JSON number as sent.
#[derive(Clone, Copy)]
enum Num {
    U(u64),
    I(i64),
    F(f64),
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::U(n) => write!(f, "{n}"),
            Num::I(n) => write!(f, "{n}"),
            Num::F(x) => write!(f, "{x}"),
        }
    }
}

impl Num {
    /// A whole number from 0 to 2³² − 1 (a response code, an index), or the fault named.
    fn whole_u32<E: de::Error>(self, what: &str) -> Result<u32, E> {
        let whole = match self {
            Num::U(n) => Some(i128::from(n)),
            Num::I(n) => Some(i128::from(n)),
            Num::F(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e30 => Some(x as i128),
            Num::F(_) => None,
        };
        match whole {
            None => Err(E::custom(format!("{what} is {self}, not a whole number"))),
            Some(n) => u32::try_from(n).map_err(|_| {
                E::custom(format!(
                    "{what} is {self}, out of range (0 to {})",
                    u32::MAX
                ))
            }),
        }
    }
}

/// What the resolver reads of one value: its type, its data's format and text, its TTL; its
/// index is checked. Other members are skipped (they are in the record when it is kept).
struct Head<'de> {
    kind: Cow<'de, str>,
    format: Cow<'de, str>,
    /// The data's value when it is a string.
    text: Option<Cow<'de, str>>,
    ttl: Option<Ttl>,
}

impl<'de> Deserialize<'de> for Head<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(HeadVisitor)
    }
}

struct HeadVisitor;

impl<'de> Visitor<'de> for HeadVisitor {
    type Value = Head<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a handle value (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Head<'de>, A::Error> {
        let mut seen = [false; 7];
        let (mut kind, mut data, mut ttl) = (None, None, None);
        let mut index = false;
        let within = " in one value";
        while let Some(Text(key)) = map.next_key()? {
            match key.as_ref() {
                "index" => {
                    once(&mut seen[0], "index", within)?;
                    let n = map.next_value_seed(NumOf("index"))?;
                    n.whole_u32::<A::Error>("index")?;
                    index = true;
                }
                "type" => {
                    once(&mut seen[1], "type", within)?;
                    kind = Some(map.next_value_seed(StrOf("type"))?);
                }
                "data" => {
                    once(&mut seen[2], "data", within)?;
                    data = Some(map.next_value::<Data<'de>>()?);
                }
                "ttl" => {
                    once(&mut seen[3], "ttl", within)?;
                    ttl = map.next_value::<Option<TtlText>>()?.map(|t| t.0);
                }
                "timestamp" => {
                    once(&mut seen[4], "timestamp", within)?;
                    map.next_value_seed(OptStrOf("timestamp"))?;
                }
                "permissions" => {
                    once(&mut seen[5], "permissions", within)?;
                    map.next_value_seed(OptStrOf("permissions"))?;
                }
                "references" => {
                    once(&mut seen[6], "references", within)?;
                    let _: Option<Vec<IgnoredAny>> = map.next_value()?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let missing = |what: &str| A::Error::custom(format!("a value without {what}"));
        if !index {
            return Err(missing("an index"));
        }
        let kind = kind.ok_or_else(|| missing("a type"))?;
        let data = data.ok_or_else(|| missing("data"))?;
        Ok(Head {
            kind,
            format: data.format,
            text: data.text,
            ttl,
        })
    }
}

/// A value's TTL member: seconds (a whole number) or a time (a string).
struct TtlText(Ttl);

impl<'de> Deserialize<'de> for TtlText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TtlText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"ttl\" as whole seconds or a time")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
                Ok(TtlText(i64::try_from(n).map_or(Ttl::Huge, Ttl::Seconds)))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
                Ok(TtlText(Ttl::Seconds(n)))
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Self::Value, E> {
                let ttl = if x.fract() != 0.0 || !x.is_finite() {
                    return Err(E::custom(format!(
                        "ttl is {x}, neither whole seconds nor a time"
                    )));
                } else if x >= 9.2e18 {
                    Ttl::Huge
                } else if x <= -9.2e18 {
                    Ttl::Seconds(-1)
                } else {
                    Ttl::Seconds(x as i64)
                };
                Ok(TtlText(ttl))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(TtlText(Ttl::Until(s.to_owned())))
            }
        }
        d.deserialize_any(V)
    }
}

/// A value's `data`: its `format` and, when it is a string, its `value`.
struct Data<'de> {
    format: Cow<'de, str>,
    text: Option<Cow<'de, str>>,
}

impl<'de> Deserialize<'de> for Data<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Data<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value's data (a JSON object with a format and a value)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Data<'de>, A::Error> {
                let (mut format, mut value) = (None, None);
                let (mut seen_format, mut seen_value) = (false, false);
                let within = " in one value's data";
                while let Some(Text(key)) = map.next_key()? {
                    match key.as_ref() {
                        "format" => {
                            once(&mut seen_format, "format", within)?;
                            format = Some(map.next_value_seed(StrOf("format"))?);
                        }
                        "value" => {
                            once(&mut seen_value, "value", within)?;
                            value = Some(map.next_value::<MaybeText<'de>>()?.0);
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                let format =
                    format.ok_or_else(|| A::Error::custom("a value's data without a format"))?;
                let value =
                    value.ok_or_else(|| A::Error::custom("a value's data without a value"))?;
                Ok(Data {
                    format,
                    text: value,
                })
            }
        }
        d.deserialize_map(V)
    }
}

/// Any JSON value: its text when it is a string, nothing otherwise (skipped, never built).
struct MaybeText<'de>(Option<Cow<'de, str>>);

impl<'de> Deserialize<'de> for MaybeText<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = MaybeText<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
                Ok(MaybeText(Some(Cow::Borrowed(s))))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(MaybeText(Some(Cow::Owned(s.to_owned()))))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
                Ok(MaybeText(Some(Cow::Owned(s))))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_any(V)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(MaybeText(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(MaybeText(None))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<HandleAnswer, Fault> {
        parse(json.as_bytes(), SystemTime::now())
    }

    fn fault(json: &str) -> String {
        match read(json) {
            Err(Fault::Malformed(m)) => m,
            Err(Fault::Syntax(e)) => panic!("a syntax error: {e}"),
            Err(Fault::NoCode) => panic!("no code"),
            Ok(a) => panic!("read: {a:?}"),
        }
    }

    const URL: &str =
        r#"{"index":1,"type":"URL","data":{"format":"string","value":"http://good/"}}"#;

    #[test]
    fn the_record_is_the_answer_when_it_fits() {
        let json = format!(
            r#"{{"responseCode":1,"handle":"10.1/x","values":[{URL},
            {{"index":2,"type":"HS_ALIAS","data":{{"format":"string","value":"10.1/y"}},"ttl":60,"timestamp":"2020"}}],"extension":{{"a":[1,2]}}}}"#
        );
        let a = read(&json).unwrap();
        assert_eq!(a.record, serde_json::from_str::<Value>(&json).unwrap());
        assert!(a.complete());
        assert_eq!((a.code, a.handle.as_deref()), (1, Some("10.1/x")));
        assert_eq!(a.urls, ["http://good/"]);
        assert_eq!(a.alias.as_deref(), Some("10.1/y"));
        assert_eq!(a.values, 2);
        // `values: null` and no values at all are both kept as sent.
        let a = read(r#"{"responseCode":200,"handle":"10.1/x","values":null}"#).unwrap();
        assert_eq!(a.record["values"], Value::Null);
        let a = read(r#"{"responseCode":100}"#).unwrap();
        assert_eq!(a.record, serde_json::json!({"responseCode": 100}));
    }

    #[test]
    fn duplicate_members_are_refused_where_they_decide_the_answer() {
        // Issue 31, Low 12: the last of two members won, so a second "handle" or
        // "responseCode" made an answer resolved with http://evil/.
        let evil = r#"{"index":1,"type":"URL","data":{"format":"string","value":"http://evil/"}}"#;
        for (json, name) in [
            (
                format!(r#"{{"responseCode":1,"handle":"10.1/x","values":[{URL}],"handle":"10.9/evil"}}"#),
                "handle",
            ),
            (
                format!(r#"{{"responseCode":100,"handle":"10.1/x","values":[{URL}],"responseCode":1}}"#),
                "responseCode",
            ),
            (
                format!(r#"{{"responseCode":1,"handle":"10.1/x","values":[{URL}],"values":[{evil}]}}"#),
                "values",
            ),
            (
                r#"{"responseCode":2,"message":"a","message":"b"}"#.to_owned(),
                "message",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1,"index":2,"type":"URL","data":{"format":"string","value":"u"}}]}"#.to_owned(),
                "index",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1,"type":"EMAIL","type":"URL","data":{"format":"string","value":"u"}}]}"#.to_owned(),
                "type",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1,"type":"URL","data":{"format":"string","value":"u"},"data":{"format":"string","value":"http://evil/"}}]}"#.to_owned(),
                "data",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1,"type":"URL","data":{"format":"string","value":"u","value":"http://evil/"}}]}"#.to_owned(),
                "value",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1,"type":"URL","data":{"format":"hex","format":"string","value":"u"}}]}"#.to_owned(),
                "format",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1,"type":"URL","data":{"format":"string","value":"u"},"ttl":0,"ttl":86400}]}"#.to_owned(),
                "ttl",
            ),
        ] {
            let m = fault(&json);
            assert!(
                m.contains(&format!("the member \"{name}\" appears twice")),
                "{name}: {m}"
            );
        }
        // Members of no consequence may repeat (the record keeps the last, as JSON readers do).
        let a = read(r#"{"responseCode":1,"handle":"10.1/x","x":1,"x":2}"#).unwrap();
        assert_eq!(a.record["x"], 2);
    }

    #[test]
    fn malformed_members_are_named() {
        // Issue 31, Low 13: a float TTL or an out-of-range index was "JSON without a numeric
        // responseCode".
        let value = |extra: &str| {
            format!(
                r#"{{"responseCode":1,"handle":"10.1/x","values":[{URL},{{"index":2,"type":"URL","data":{{"format":"string","value":"u"}}{extra}}}]}}"#
            )
        };
        for (json, says) in [
            (value(r#","ttl":1.5"#), "values[1]: ttl is 1.5, neither whole seconds nor a time"),
            (value(r#","ttl":[1]"#), "expected \"ttl\" as whole seconds or a time"),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":4294967296,"type":"URL","data":{"format":"string","value":"u"}}]}"#.to_owned(),
                "index is 4294967296, out of range (0 to 4294967295)",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":-1,"type":"URL","data":{"format":"string","value":"u"}}]}"#.to_owned(),
                "index is -1, out of range",
            ),
            (
                r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":1.5,"type":"URL","data":{"format":"string","value":"u"}}]}"#.to_owned(),
                "index is 1.5, not a whole number",
            ),
            (r#"{"responseCode":1.5}"#.to_owned(), "responseCode is 1.5, not a whole number"),
            (r#"{"responseCode":"1"}"#.to_owned(), "expected \"responseCode\" as a number"),
            (r#"{"responseCode":1,"handle":7}"#.to_owned(), "expected \"handle\" as a string"),
            (r#"{"responseCode":1,"values":{}}"#.to_owned(), "expected \"values\" as a list"),
            (
                r#"{"responseCode":1,"values":[{"index":1,"data":{"format":"string","value":"u"}}]}"#.to_owned(),
                "a value without a type",
            ),
            (
                r#"{"responseCode":1,"values_omitted":3}"#.to_owned(),
                "a name pidkit writes in the record itself",
            ),
            ("[1,2]".to_owned(), "expected a Handle API answer (a JSON object)"),
        ] {
            let m = fault(&json);
            assert!(m.contains(says), "{json}\n{m}");
        }
        // A whole number written as a float is that number.
        let a = read(&value(r#","ttl":60.0"#)).unwrap();
        assert!(a.expires.is_some());
        assert!(matches!(read(r#"{"message":"hello"}"#), Err(Fault::NoCode)));
        assert!(matches!(
            read(r#"{"responseCode":1"#),
            Err(Fault::Syntax(_))
        ));
        assert!(matches!(
            read(r#"{"responseCode":1} x"#),
            Err(Fault::Syntax(_))
        ));
    }

    #[test]
    fn a_large_answer_keeps_a_bounded_record_and_says_what_it_left_out() {
        // Issue 31, High 2: an answer of 100,000 values was held as a JSON tree and a record
        // (about 24 times the body); the record now keeps MAX_RECORD_BYTES of it.
        let n = 20_000;
        let mut json = String::from(r#"{"responseCode":1,"handle":"10.1/x","values":["#);
        for i in 0..n {
            if i > 0 {
                json.push(',');
            }
            json.push_str(&format!(
                r#"{{"index":{},"type":"URL","data":{{"format":"string","value":"https://e.org/{i}"}}}}"#,
                i + 1
            ));
        }
        // The alias and the shortest TTL are in values the record leaves out: still read.
        json.push_str(r#",{"index":99999,"type":"HS_ALIAS","data":{"format":"string","value":"10.1/y"},"ttl":7}]}"#);
        assert!(json.len() > 20 * MAX_RECORD_BYTES);
        let now = SystemTime::now();
        let a = parse(json.as_bytes(), now).unwrap();
        assert!(!a.complete());
        assert_eq!(a.values, n + 1);
        let kept = a.record["values"].as_array().unwrap().len();
        assert_eq!(kept + a.values_omitted, n + 1);
        assert_eq!(a.record["values_omitted"], a.values_omitted);
        assert_eq!(a.urls.len(), kept, "the URLs of the values kept");
        assert_eq!(a.urls_omitted, n - kept);
        let text = serde_json::to_string(&a.record).unwrap();
        assert!(text.len() <= MAX_RECORD_BYTES + 200, "{}", text.len());
        assert!(kept > 100, "{kept}");
        assert_eq!(a.alias.as_deref(), Some("10.1/y"));
        assert_eq!(a.expires, Some(now + Duration::from_secs(7)));
        // An extra member too large to keep is counted, not kept.
        let big = format!(
            r#"{{"responseCode":1,"handle":"10.1/x","big":"{}","values":[{URL}]}}"#,
            "x".repeat(MAX_RECORD_BYTES)
        );
        let a = read(&big).unwrap();
        assert_eq!(a.members_omitted, 1);
        assert!(a.record.get("big").is_none());
        assert_eq!(a.urls, ["http://good/"]);
    }

    #[test]
    fn a_message_is_clipped_in_reasons() {
        let json = format!(r#"{{"responseCode":2,"message":"{}"}}"#, "é".repeat(1000));
        let a = read(&json).unwrap();
        let m = a.message.unwrap();
        assert!(m.len() <= MAX_QUOTED + 3 && m.ends_with('…'), "{m}");
        assert_eq!(a.members_omitted, 0, "2 KB fit in the record");
    }
}
