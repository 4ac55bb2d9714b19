//! The scalar API: typed identifier objects, `check`, `compare`, `join`, `extract`, `detect`, and
//! `ParseError`. Every answer goes through [`crate::record`] (the CLI's reading of one input).

use std::borrow::Cow;
use std::hash::{DefaultHasher, Hash, Hasher};

use pidkit::{Iri as RustIri, Level, ReferenceResolution};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyType};

use crate::message;
use crate::options::{self, Codes};
use crate::record::{self, Op, Record, Request, with_record};
use pidkit::{Identifier as Id, Kind, ReadOptions, Warning};

pyo3::create_exception!(
    pidkit,
    ParseError,
    PyValueError,
    "Input that is not an identifier of its kind: `.code` (stable), `.offset` and `.len` (UTF-8 bytes of the input), `.char_offset` (characters), `.hint`, `.input`; the message shows a caret."
);

/// A `ParseError` for `input` (not raised): attributes set, message with the caret.
pub fn parse_error(
    py: Python<'_>,
    input: &str,
    e: &pidkit::ParseError,
    prefix: Option<&str>,
) -> PyErr {
    let mut text = message::error(input, e);
    if let Some(p) = prefix {
        text = format!("{p}: {text}");
    }
    let fields = ErrorFields {
        code: e.code(),
        offset: e.offset,
        len: e.len,
        char_offset: message::char_offset(input, e.offset),
        message: e.kind.to_string(),
        hint: e.hint(),
    };
    fields.into_error(py, text, input)
}

/// The attributes of a Python `ParseError`.
struct ErrorFields {
    code: &'static str,
    offset: usize,
    len: usize,
    char_offset: usize,
    message: String,
    hint: Option<String>,
}

impl ErrorFields {
    /// The `ParseError` (not raised) with the full message `text`, for `input`.
    fn into_error<'py>(
        self,
        py: Python<'py>,
        text: String,
        input: impl IntoPyObject<'py>,
    ) -> PyErr {
        let err = ParseError::new_err(text);
        let v = err.value(py);
        let set = || -> PyResult<()> {
            v.setattr("code", self.code)?;
            v.setattr("offset", self.offset)?;
            v.setattr("len", self.len)?;
            v.setattr("char_offset", self.char_offset)?;
            v.setattr("message", self.message)?;
            v.setattr("hint", self.hint)?;
            v.setattr("input", input)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }
}

/// A Python `str` as UTF-8 text; for a `str` that has none — one holding a lone surrogate, as
/// text decoded with `errors="surrogateescape"` does (file names, `sys.argv`) — the
/// `ParseError` the CLI gives a line that is not UTF-8 (`invalid-utf8`), at the first one.
/// Offsets count the surrogate as the three bytes `surrogatepass` writes it as.
pub fn utf8<'a>(s: &'a Bound<'_, PyString>) -> PyResult<&'a str> {
    let e = match s.to_str() {
        Ok(text) => return Ok(text),
        Err(e) => e,
    };
    let py = s.py();
    let wide = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = wide.cast::<PyBytes>()?.as_bytes();
    let offset = match std::str::from_utf8(bytes) {
        Err(bad) => bad.valid_up_to(),
        Ok(_) => return Err(e), // not a surrogate: what the conversion said
    };
    let unit = match bytes.get(offset..offset + 3) {
        Some(&[_, b1, b2]) => 0xD000 | u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F),
        _ => return Err(e),
    };
    let shown = replaced(bytes);
    let message = format!("lone surrogate U+{unit:04X} is not a character");
    let hint = "decode the bytes with their real encoding (a lone surrogate comes from errors=\"surrogateescape\" or half a UTF-16 pair)";
    let text = message::report(&shown, "invalid-utf8", &message, offset, 3, Some(hint));
    let fields = ErrorFields {
        code: "invalid-utf8",
        offset,
        len: 3,
        char_offset: shown[..offset].chars().count(),
        message,
        hint: Some(hint.to_owned()),
    };
    Err(fields.into_error(py, text, s))
}

/// `s` with each lone surrogate as U+FFFD: one character for one, and three bytes for the three
/// of `surrogatepass`, so that byte and character offsets are the `str`'s own.
fn lossy<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    if let Ok(text) = s.to_str() {
        return Ok(Cow::Borrowed(text));
    }
    let wide = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
    Ok(Cow::Owned(replaced(wide.cast::<PyBytes>()?.as_bytes())))
}

/// The `surrogatepass` bytes of a `str` with every surrogate (`ED A0..BF xx`) as U+FFFD
/// (`EF BF BD`); any other invalid byte (there is none) as U+FFFD too.
fn replaced(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                out.extend_from_slice(text.as_bytes());
                break;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                out.extend_from_slice(good);
                out.extend_from_slice("\u{FFFD}".as_bytes());
                let surrogate = matches!(bad, [0xED, 0xA0..=0xBF, _, ..]);
                rest = &bad[if surrogate {
                    3
                } else {
                    e.error_len().unwrap_or(bad.len())
                }..];
            }
        }
    }
    // Valid by construction; the lossy reading only stands in for an `expect`.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The arguments of `pidkit._pidkit.parse` that a pickled identifier is made again with:
/// the input, `as_`, `profile` and `clean` (the policy only decided whether it was made).
type ParseArgs = (String, String, Option<String>, bool);

/// The arguments of `pidkit._pidkit.check` that a pickled `Check` is made again with.
type CheckArgs = (
    Py<PyString>,
    String,
    Option<String>,
    bool,
    bool,
    Vec<String>,
    Vec<String>,
);

/// `check`'s options as given: `as_`, `profile`, `deny_warnings`, `clean`, `deny`, `allow`.
type CheckCall = (String, Option<String>, bool, bool, Vec<String>, Vec<String>);

/// `Found`'s fields in its constructor's order.
type FoundFields = (usize, usize, &'static str, String, Option<String>, bool);

/// Python's `repr()` of a string.
fn pyrepr(py: Python<'_>, s: &str) -> String {
    PyString::new(py, s)
        .repr()
        .map_or_else(|_| format!("{s:?}"), |r| r.to_string())
}

/// Python's `repr()` of an optional string.
fn pyrepr_opt(py: Python<'_>, s: Option<&str>) -> String {
    s.map_or_else(|| "None".to_owned(), |s| pyrepr(py, s))
}

/// Byte offsets → character offsets, for offsets that mostly increase.
pub struct CharIndex<'t> {
    text: &'t str,
    byte: usize,
    chars: usize,
}

impl<'t> CharIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        CharIndex {
            text,
            byte: 0,
            chars: 0,
        }
    }

    /// The character offset of byte `offset` (a char boundary).
    pub fn at(&mut self, offset: usize) -> usize {
        if offset < self.byte {
            (self.byte, self.chars) = (0, 0);
        }
        self.chars += message::char_offset(&self.text[self.byte..], offset - self.byte);
        self.byte = offset;
        self.chars
    }
}

/// A warning about a valid identifier: a stable `code`, the span (`offset`, `len` in UTF-8
/// bytes of the input) and a `message`; a code found more than once is one warning, with
/// `count` (how many in all) and `offsets` (the further findings' offsets, at most 16), as in
/// the CLI's JSON.
#[pyclass(module = "pidkit", frozen, get_all, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct CheckWarning {
    code: String,
    offset: usize,
    len: usize,
    message: String,
    count: usize,
    offsets: Vec<usize>,
}

/// `CheckWarning`'s fields in its constructor's order.
type WarningFields = (String, usize, usize, String, usize, Vec<usize>);

#[pymethods]
impl CheckWarning {
    /// A warning from its fields (what a pickle holds).
    #[new]
    #[pyo3(signature = (code, offset, len, message, count = 1, offsets = Vec::new()))]
    fn new(
        code: String,
        offset: usize,
        len: usize,
        message: String,
        count: usize,
        offsets: Vec<usize>,
    ) -> Self {
        CheckWarning {
            code,
            offset,
            len,
            message,
            count,
            offsets,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, WarningFields) {
        let w = slf.get();
        (
            slf.get_type(),
            (
                w.code.clone(),
                w.offset,
                w.len,
                w.message.clone(),
                w.count,
                w.offsets.clone(),
            ),
        )
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let repeated = match self.count {
            1 => String::new(),
            n => format!(", count={n}, offsets={:?}", self.offsets),
        };
        format!(
            "CheckWarning(code={}, offset={}, len={}, message={}{repeated})",
            pyrepr(py, &self.code),
            self.offset,
            self.len,
            pyrepr(py, &self.message)
        )
    }
}

fn warnings(ws: &[Warning]) -> Vec<CheckWarning> {
    ws.iter()
        .map(|w| CheckWarning {
            code: w.code.as_str().to_owned(),
            offset: w.offset,
            len: w.len,
            message: w.message.clone(),
            count: w.count,
            offsets: w.more.clone(),
        })
        .collect()
}

/// The error of an input that a denied warning makes invalid (`deny=`, `deny_warnings=`): a
/// `ParseError` whose code is the warning's, its span and message the warning's, pointing
/// where the CLI's report of the warning points (the input as given, or under
/// `as_="leiri"|"web"` the text read).
fn denied(py: Python<'_>, input: &str, r: &Record<'_, '_>, req: &Request) -> Option<PyErr> {
    let w = r
        .warnings
        .iter()
        .find(|w| req.policy.denies(w.code.as_str()))?;
    let code = w.code.as_str();
    let in_input = code.starts_with("cleaned-") || (req.clean && req.opts.lenient().is_none());
    let text = match in_input {
        true => input,
        false => r.mapped.unwrap_or(input),
    };
    let hint = format!(
        "the warning {code} is denied (deny=, deny_warnings=): allow=\"{code}\" accepts it"
    );
    let report = message::report(text, code, &w.message, w.offset, w.len, Some(&hint));
    let fields = ErrorFields {
        code,
        offset: w.offset,
        len: w.len,
        char_offset: message::char_offset(text, w.offset),
        message: w.message.clone(),
        hint: Some(hint),
    };
    Some(fields.into_error(py, report, input))
}

/// The result of a transform (`normalize`, `key`, `to_uri`, `to_iri`) of `s`, or the
/// `ParseError` of an input that is not valid (an error, or a denied warning).
fn transformed(py: Python<'_>, s: &Bound<'_, PyString>, req: &Request) -> PyResult<String> {
    let text = utf8(s)?;
    with_record(text, req, |r| {
        if let Some(e) = r.error() {
            return Err(parse_error(py, text, e, None));
        }
        if !r.valid
            && let Some(e) = denied(py, text, r, req)
        {
            return Err(e);
        }
        r.value()
            .map(str::to_owned)
            .ok_or_else(|| PyValueError::new_err("no result"))
    })
}

/// An identifier read by the rules of its kind. `str()` is the text read (after `leiri`/`web`
/// preprocessing), `==` and `hash()` go by the equivalence key at the default level.
#[pyclass(module = "pidkit", subclass, frozen)]
pub struct Identifier {
    input: String,
    text: String,
    opts: ReadOptions,
    /// `parse`'s `as_`, `profile` and `clean` as given: a pickle reads the input again with
    /// them.
    call: (String, Option<String>, bool),
    kind: Kind,
    /// The reading's own notes (`looks-like-text`), which `warnings` starts with.
    notes: Vec<CheckWarning>,
}

impl Identifier {
    /// Read the text again (it was valid) and apply `f` to the identifier.
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&Id<'_>) -> R) -> PyResult<R> {
        match pidkit::read(&self.text, &self.opts).result {
            Ok(id) => Ok(f(&id)),
            Err(e) => Err(parse_error(py, &self.text, &e, None)),
        }
    }

    fn key_at(&self, py: Python<'_>, level: Level) -> PyResult<String> {
        self.with(py, |id| id.key(level).as_str().to_owned())
    }
}

#[pymethods]
impl Identifier {
    /// The input as given.
    #[getter]
    fn input(&self) -> &str {
        &self.input
    }

    /// `iri`, `uri`, `relative-ref`, `doi`, `urn` or `ivo`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind.name()
    }

    /// The checks of the kind: a list of `CheckWarning` (empty when there is nothing to say).
    #[getter]
    fn warnings(&self, py: Python<'_>) -> PyResult<Vec<CheckWarning>> {
        let mut w = self.notes.clone();
        w.extend(self.with(py, |id| warnings(&id.warnings()))?);
        Ok(w)
    }

    /// The generic IRI components (a dict), or None for a DOI in a form that is not an IRI.
    #[getter]
    fn components<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let parts = self.with(py, |id| {
            id.as_iri().map(|i| {
                let p = i.parts();
                [
                    ("scheme", p.scheme.map(str::to_owned)),
                    ("authority", p.authority.map(str::to_owned)),
                    ("userinfo", p.userinfo.map(str::to_owned)),
                    ("host", p.host.map(str::to_owned)),
                    ("host_kind", p.host_kind.map(str::to_owned)),
                    ("port", p.port.map(str::to_owned)),
                    ("path", Some(p.path.to_owned())),
                    ("query", p.query.map(str::to_owned)),
                    ("fragment", p.fragment.map(str::to_owned)),
                ]
            })
        })?;
        parts
            .map(|parts| {
                let d = PyDict::new(py);
                for (k, v) in parts {
                    d.set_item(k, v)?;
                }
                Ok(d)
            })
            .transpose()
    }

    /// The equivalence key at `level` (`simple`, `syntax`, `scheme`; default: the library's): what
    /// `compare` and `dedupe` compare.
    #[pyo3(signature = (level = None))]
    fn key(&self, py: Python<'_>, level: Option<&str>) -> PyResult<String> {
        self.key_at(py, options::level(level)?)
    }

    /// The normal form at `level` (what `pidkit normalize` prints); DOIs and handles written
    /// as `pid_form` (`auto`, `name`, `uri`, `url`) and `pid_case` (`upper`, `lower`) ask,
    /// `None` for the library's defaults.
    #[pyo3(signature = (level = None, *, pid_form = None, pid_case = None))]
    fn normalize(
        &self,
        py: Python<'_>,
        level: Option<&str>,
        pid_form: Option<&str>,
        pid_case: Option<&str>,
    ) -> PyResult<String> {
        let level = options::level(level)?;
        let out = options::pid_output(pid_form, pid_case)?;
        self.with(py, |id| id.normalize_as(level, &out).into_owned())
    }

    /// The URI (§3.3–3.6; what `pidkit to-uri` prints).
    #[pyo3(signature = (*, idna = "dns", query_encoding = None, pid_form = None, pid_case = None))]
    fn to_uri(
        &self,
        py: Python<'_>,
        idna: &str,
        query_encoding: Option<&str>,
        pid_form: Option<&str>,
        pid_case: Option<&str>,
    ) -> PyResult<String> {
        let t = options::to_uri(idna, query_encoding)?;
        let out = options::conversion_output(pid_form, pid_case)?;
        self.with(py, |id| id.to_uri_as(&t, &out).map(|k| k.into_owned()))?
            .map_err(|e| parse_error(py, &self.text, &e, None))
    }

    /// The IRI (§3.7; what `pidkit to-iri` prints).
    #[pyo3(signature = (*, unicode_hosts = false, idna = "dns", pid_form = None, pid_case = None))]
    fn to_iri(
        &self,
        py: Python<'_>,
        unicode_hosts: bool,
        idna: &str,
        pid_form: Option<&str>,
        pid_case: Option<&str>,
    ) -> PyResult<String> {
        let t = options::to_iri(unicode_hosts, idna)?;
        let out = options::conversion_output(pid_form, pid_case)?;
        self.with(py, |id| id.to_iri_as(&t, &out).map(|k| k.into_owned()))?
            .map_err(|e| parse_error(py, &self.text, &e, None))
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    /// Pickled as the call that made it, `pidkit.parse(input, as_, profile, clean)`: reading
    /// is deterministic, so the copy is of the same class and equal in every attribute (and a
    /// pickle holds no more than the input and three options).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, ParseArgs)> {
        let parse = py.import("pidkit._pidkit")?.getattr("parse")?;
        let (as_, profile, clean) = self.call.clone();
        Ok((parse, (self.input.clone(), as_, profile, clean)))
    }

    /// Identifiers are immutable: a copy is the object itself (as for `str` and `tuple`).
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().qualname()?;
        Ok(format!("{name}({})", pyrepr(slf.py(), &slf.get().input)))
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Ok(other) = other.cast::<Identifier>() else {
            return Ok(py.NotImplemented());
        };
        let eq = self.key_at(py, options::default_level())?
            == other.get().key_at(py, options::default_level())?;
        match op {
            CompareOp::Eq => Ok(eq.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!eq).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        let mut h = DefaultHasher::new();
        self.key_at(py, options::default_level())?.hash(&mut h);
        Ok(h.finish())
    }
}

/// An IRI, a URI or a relative reference, with its components.
#[pyclass(module = "pidkit", extends = Identifier, subclass, frozen)]
pub struct Iri;

impl Iri {
    fn part<R>(
        slf: &PyRef<'_, Self>,
        py: Python<'_>,
        f: impl FnOnce(pidkit::IriParts<'_>) -> R,
    ) -> PyResult<R> {
        let base = slf.as_super();
        let r = base.with(py, |id| id.as_iri().map(|i| f(i.parts())))?;
        r.ok_or_else(|| PyValueError::new_err("not an IRI"))
    }
}

#[pymethods]
impl Iri {
    /// The scheme, without `:`.
    #[getter]
    fn scheme(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.scheme.map(str::to_owned))
    }
    /// The authority, without `//`.
    #[getter]
    fn authority(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.authority.map(str::to_owned))
    }
    /// The userinfo, without `@`.
    #[getter]
    fn userinfo(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.userinfo.map(str::to_owned))
    }
    /// The host as written (IP literals with their brackets).
    #[getter]
    fn host(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.host.map(str::to_owned))
    }
    /// `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    #[getter]
    fn host_kind(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<&'static str>> {
        Self::part(&slf, py, |p| p.host_kind)
    }
    /// The port, without `:`.
    #[getter]
    fn port(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.port.map(str::to_owned))
    }
    /// The path (possibly empty).
    #[getter]
    fn path(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::part(&slf, py, |p| p.path.to_owned())
    }
    /// The query, without `?`.
    #[getter]
    fn query(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.query.map(str::to_owned))
    }
    /// The fragment, without `#`.
    #[getter]
    fn fragment(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Option<String>> {
        Self::part(&slf, py, |p| p.fragment.map(str::to_owned))
    }
}

/// The typed classes of the schemes (`Doi`, `Handle`, `Urn` …), one per kind of the library's
/// list, made at import ([`scheme_classes`]): subclasses of [`Pid`] or, for schemes whose every
/// form is an IRI, of [`IriPid`].
static CLASSES: pyo3::sync::PyOnceLock<Vec<(Kind, Py<PyType>)>> = pyo3::sync::PyOnceLock::new();

/// Make the class of every scheme of the library's list (named [`Kind::type_name`], its
/// docstring [`pidkit::ReadAs::about`]) and add it to the module `m`, with the dict
/// `SCHEME_CLASSES` (kind name → class).
pub fn scheme_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let mut made = Vec::new();
    let by_kind = PyDict::new(py);
    for &kind in Kind::ALL {
        let Some(reading) = kind.reading() else {
            continue;
        };
        let base = if kind.is_iri_based() {
            py.get_type::<IriPid>()
        } else {
            py.get_type::<Pid>()
        };
        let attrs = PyDict::new(py);
        attrs.set_item(
            "__doc__",
            format!(
                "{} ({}): its parts are attributes ({}), and `details`.",
                reading.about(),
                kind.name(),
                kind.fields()
                    .iter()
                    .map(|f| f.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )?;
        attrs.set_item("__module__", "pidkit")?;
        attrs.set_item("_kind", kind.name())?;
        let cls = py
            .get_type::<PyType>()
            .call1((kind.type_name(), (base,), attrs))?
            .cast_into::<PyType>()?;
        m.add(kind.type_name(), &cls)?;
        by_kind.set_item(kind.name(), &cls)?;
        made.push((kind, cls.unbind()));
    }
    m.add("SCHEME_CLASSES", by_kind)?;
    let _ = CLASSES.set(py, made);
    Ok(())
}

/// The class of identifiers of `kind`, if it is a scheme's.
fn class_of(py: Python<'_>, kind: Kind) -> Option<Bound<'_, PyType>> {
    CLASSES
        .get(py)?
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, c)| c.bind(py).clone())
}

/// The base object of an identifier of a scheme, read from `s` as the class `cls` asks (its
/// kind, unless `as_` says otherwise); a `ParseError` when it is not one.
fn read_pid(
    py: Python<'_>,
    cls: &Bound<'_, PyType>,
    s: &Bound<'_, PyString>,
    as_: Option<&str>,
    (profile, clean, deny_warnings): (Option<&str>, bool, bool),
    codes: &Codes,
) -> PyResult<Identifier> {
    let own: Option<String> = cls.getattr("_kind").ok().and_then(|k| k.extract().ok());
    let as_ = as_.or(own.as_deref()).unwrap_or("auto");
    let base = read_identifier(py, s, &codes.reads(as_, profile, clean, deny_warnings))?;
    let class_kind = own.as_deref().map(str::parse::<Kind>).transpose();
    match class_kind.map_err(PyValueError::new_err)? {
        Some(k) if k != base.kind => Err(PyValueError::new_err(format!(
            "{:?} reads as {}, not {}",
            base.input,
            base.kind,
            k.name()
        ))),
        None if base.kind.reading().is_none() => Err(PyValueError::new_err(format!(
            "{:?} reads as {}, which is no scheme's: use pidkit.parse",
            base.input, base.kind
        ))),
        _ => Ok(base),
    }
}

/// The parts of the identifier `base` holds, as `(field, value)` pairs.
fn fields(py: Python<'_>, base: &Identifier) -> PyResult<Vec<(&'static str, Py<PyAny>)>> {
    base.with(py, |id| -> PyResult<Vec<(&'static str, Py<PyAny>)>> {
        let Some(d) = id.details() else {
            return Ok(Vec::new());
        };
        d.fields()
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let v = match d.value(i) {
                    pidkit::scheme::Value::Str(s) => s.into_pyobject(py)?.into_any().unbind(),
                    pidkit::scheme::Value::Bool(b) => {
                        b.into_pyobject(py)?.to_owned().into_any().unbind()
                    }
                    _ => py.None(),
                };
                Ok((f.name, v))
            })
            .collect()
    })?
}

/// The `details` dict of `base`.
fn details_dict<'py>(py: Python<'py>, base: &Identifier) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in fields(py, base)? {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// The field `name` of `base`, or `AttributeError`.
fn field(py: Python<'_>, base: &Identifier, name: &str) -> PyResult<Py<PyAny>> {
    fields(py, base)?
        .into_iter()
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
        .ok_or_else(|| {
            pyo3::exceptions::PyAttributeError::new_err(format!(
                "'{}' identifier has no attribute '{name}'",
                base.kind.type_name()
            ))
        })
}

/// An identifier of a scheme whose written forms are not all IRIs (a DOI, a handle …): its
/// parts (the scheme's fields) are attributes and the dict `details`. `Pid(s)` of a scheme's
/// class (`pidkit.Doi(s)`) reads `s` as that scheme.
#[pyclass(module = "pidkit", extends = Identifier, subclass, frozen)]
pub struct Pid;

#[pymethods]
impl Pid {
    /// Read `s` as this class's scheme (or as `as_` says), with `pidkit.parse`'s options.
    #[new]
    #[classmethod]
    #[pyo3(signature = (s, /, as_ = None, profile = None, clean = false, *, deny = None, allow = None, deny_warnings = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        cls: &Bound<'_, PyType>,
        s: &Bound<'_, PyString>,
        as_: Option<&str>,
        profile: Option<&str>,
        clean: bool,
        deny: Option<Bound<'_, PyAny>>,
        allow: Option<Bound<'_, PyAny>>,
        deny_warnings: bool,
    ) -> PyResult<PyClassInitializer<Self>> {
        let base = read_pid(
            cls.py(),
            cls,
            s,
            as_,
            (profile, clean, deny_warnings),
            &Codes::new(deny.as_ref(), allow.as_ref())?,
        )?;
        Ok(PyClassInitializer::from(base).add_subclass(Pid))
    }

    /// The parts of the identifier by its scheme's rules (the scheme's object of
    /// `pidkit parse --json`), as a dict.
    #[getter]
    fn details<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        details_dict(py, slf.as_super())
    }

    fn __getattr__(slf: PyRef<'_, Self>, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        field(py, slf.as_super(), name)
    }
}

/// An identifier of a scheme whose every form is an IRI (a URN, an IVOID …): an [`Iri`] with
/// its components, and its scheme's parts as attributes and the dict `details`.
#[pyclass(module = "pidkit", extends = Iri, subclass, frozen)]
pub struct IriPid;

#[pymethods]
impl IriPid {
    /// Read `s` as this class's scheme (or as `as_` says), with `pidkit.parse`'s options.
    #[new]
    #[classmethod]
    #[pyo3(signature = (s, /, as_ = None, profile = None, clean = false, *, deny = None, allow = None, deny_warnings = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        cls: &Bound<'_, PyType>,
        s: &Bound<'_, PyString>,
        as_: Option<&str>,
        profile: Option<&str>,
        clean: bool,
        deny: Option<Bound<'_, PyAny>>,
        allow: Option<Bound<'_, PyAny>>,
        deny_warnings: bool,
    ) -> PyResult<PyClassInitializer<Self>> {
        let base = read_pid(
            cls.py(),
            cls,
            s,
            as_,
            (profile, clean, deny_warnings),
            &Codes::new(deny.as_ref(), allow.as_ref())?,
        )?;
        Ok(PyClassInitializer::from(base)
            .add_subclass(Iri)
            .add_subclass(IriPid))
    }

    /// The parts of the identifier by its scheme's rules (the scheme's object of
    /// `pidkit parse --json`), as a dict.
    #[getter]
    fn details<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        details_dict(py, slf.as_super().as_super())
    }

    fn __getattr__(slf: PyRef<'_, Self>, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        field(py, slf.as_super().as_super(), name)
    }
}

/// The base object of the identifier `s` read as `reads` say (cleaned first under `clean`:
/// its text is the cleaned one), or `ParseError` — also for a warning the policy denies.
fn read_identifier(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    reads: &pidkit_record::options::Reads<'_>,
) -> PyResult<Identifier> {
    let s = utf8(s)?;
    let req = options::request(Op::Read, reads)?;
    let opts = req.opts;
    with_record(s, &req, |r| match &r.reading {
        Ok(_) if !r.valid => Err(denied(py, s, r, &req)
            .unwrap_or_else(|| PyValueError::new_err("the input is not valid"))),
        Ok(_) => Ok(Identifier {
            input: s.to_owned(),
            text: r.mapped.unwrap_or(s).to_owned(),
            opts,
            call: (
                reads.as_.to_owned(),
                reads.profile.map(str::to_owned),
                reads.clean,
            ),
            kind: r.kind,
            notes: warnings(r.notes),
        }),
        Err(e) => Err(parse_error(py, s, e, None)),
    })
}

/// Read `s` as `as_` and `profile` say, cleaned first under `clean`; the typed object, or
/// `ParseError` (also for a warning `deny`/`deny_warnings` deny and `allow` does not allow).
#[pyfunction]
#[pyo3(signature = (s, /, as_ = "auto", profile = None, clean = false, deny = None, allow = None, deny_warnings = false))]
#[allow(clippy::too_many_arguments)]
pub fn parse(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
    deny_warnings: bool,
) -> PyResult<Py<PyAny>> {
    let codes = Codes::new(deny.as_ref(), allow.as_ref())?;
    let base = read_identifier(py, s, &codes.reads(as_, profile, clean, deny_warnings))?;
    if let Some(cls) = class_of(py, base.kind) {
        // The scheme's class reads the input again, as that kind (reading is deterministic;
        // the policy has had its say).
        return Ok(cls.call1((s, as_, profile, clean))?.unbind());
    }
    let init = PyClassInitializer::from(base).add_subclass(Iri);
    Ok(Bound::new(py, init)?.into_any().unbind())
}

/// The outcome of `check`: `.valid` (also the truth value), `.kind`, `.error` (a `ParseError`,
/// not raised, or None), `.warnings`, `.mapped` (what `leiri`/`web` made of the input),
/// `.candidates` (every kind two or more schemes read it as).
#[pyclass(module = "pidkit", frozen)]
pub struct Check {
    #[pyo3(get)]
    input: Py<PyString>,
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    valid: bool,
    #[pyo3(get)]
    error: Option<Py<PyAny>>,
    #[pyo3(get)]
    warnings: Vec<CheckWarning>,
    #[pyo3(get)]
    mapped: Option<String>,
    /// Every kind that could take the input when two or more schemes read it (the first is
    /// `kind`; `as_` decides), else empty.
    #[pyo3(get)]
    candidates: Vec<&'static str>,
    /// `check`'s options as given, for pickling.
    call: CheckCall,
}

#[pymethods]
impl Check {
    fn __bool__(&self) -> bool {
        self.valid
    }

    /// Pickled as the call that made it, `pidkit.check(input, as_, profile, deny_warnings,
    /// clean, deny, allow)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, CheckArgs)> {
        let check = py.import("pidkit._pidkit")?.getattr("check")?;
        let (as_, profile, deny_warnings, clean, deny, allow) = self.call.clone();
        let input = self.input.clone_ref(py);
        Ok((
            check,
            (input, as_, profile, deny_warnings, clean, deny, allow),
        ))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let error = match &self.error {
            Some(e) => e.bind(py).getattr("code")?.repr()?.to_string(),
            None => "None".to_owned(),
        };
        Ok(format!(
            "Check(input={}, kind={}, valid={}, error={}, warnings={})",
            self.input.bind(py).repr()?,
            pyrepr(py, self.kind),
            if self.valid { "True" } else { "False" },
            error,
            self.warnings.len()
        ))
    }
}

/// Check `s` (what `pidkit check` reports).
#[pyfunction]
#[pyo3(signature = (s, /, as_ = "auto", profile = None, deny_warnings = false, clean = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn check(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    as_: &str,
    profile: Option<&str>,
    deny_warnings: bool,
    clean: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Check> {
    let codes = Codes::new(deny.as_ref(), allow.as_ref())?;
    let req = options::request(Op::Read, &codes.reads(as_, profile, clean, deny_warnings))?
        .warnings(true);
    let (deny, allow) = codes.lists();
    let call = (
        as_.to_owned(),
        profile.map(str::to_owned),
        deny_warnings,
        clean,
        deny,
        allow,
    );
    let input = s.clone().unbind();
    let text = match utf8(s) {
        Ok(text) => text,
        // Not text at all: the CLI's kind and error for a line that is not UTF-8.
        Err(e) if e.is_instance_of::<ParseError>(py) => {
            return Ok(Check {
                input,
                kind: "unknown",
                valid: false,
                error: Some(e.into_value(py).into_any()),
                warnings: Vec::new(),
                mapped: None,
                candidates: Vec::new(),
                call,
            });
        }
        Err(e) => return Err(e),
    };
    Ok(with_record(text, &req, |r| Check {
        input,
        kind: r.kind.name(),
        valid: r.valid,
        error: r
            .error()
            .map(|e| parse_error(py, text, e, None).into_value(py).into_any()),
        warnings: warnings(&r.warnings),
        mapped: r.mapped.map(str::to_owned),
        candidates: r.candidates.iter().map(|k| k.name()).collect(),
        call,
    }))
}

/// Are `a` and `b` equivalent at `level`? (`pidkit compare`; `ParseError` on invalid input.)
/// Under `clean`, each is cleaned first, as `pidkit dedupe --clean` does.
#[pyfunction]
#[pyo3(signature = (a, b, /, level = None, as_ = "auto", profile = None, clean = false))]
#[allow(clippy::too_many_arguments)]
pub fn compare(
    py: Python<'_>,
    a: &Bound<'_, PyString>,
    b: &Bound<'_, PyString>,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
) -> PyResult<bool> {
    let (a, b) = (utf8(a)?, utf8(b)?);
    let opts = options::read(as_, profile)?;
    let level = options::level(level)?;
    let key = |s: &str| -> PyResult<String> {
        if !clean {
            let k = record::key(s, &opts, level).map_err(|e| parse_error(py, s, &e, None))?;
            return Ok(k.into_owned());
        }
        let c = pidkit::extract::clean(s);
        let k = match c.emptied() {
            Some(e) => Err(e),
            None => record::key(&c.text, &opts, level)
                .map(std::borrow::Cow::into_owned)
                .map_err(|e| c.locate(e)),
        };
        k.map_err(|e| parse_error(py, s, &e, None))
    };
    Ok(key(a)? == key(b)?)
}

/// The normal form of `s` at `level` (`pidkit normalize`); `ParseError` where it is not
/// valid (an error, or a denied warning).
#[pyfunction]
#[pyo3(signature = (s, /, level = None, *, as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn normalize(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let op = Op::Normalize(
        options::level(level)?,
        options::pid_output(pid_form, pid_case)?,
    );
    let codes = Codes::new(deny.as_ref(), allow.as_ref())?;
    let req = options::request(op, &codes.reads(as_, profile, clean, deny_warnings))?;
    transformed(py, s, &req)
}

/// The equivalence key of `s` at `level` (`pidkit key`); `ParseError` where it is not valid.
#[pyfunction]
#[pyo3(signature = (s, /, level = None, *, as_ = "auto", profile = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn key(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let op = Op::Key(options::level(level)?);
    let codes = Codes::new(deny.as_ref(), allow.as_ref())?;
    let req = options::request(op, &codes.reads(as_, profile, clean, deny_warnings))?;
    transformed(py, s, &req)
}

/// The URI of `s` (`pidkit to-uri`); `ParseError` where it is not valid.
#[pyfunction]
#[pyo3(signature = (s, /, *, idna = "dns", query_encoding = None, as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn to_uri(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    idna: &str,
    query_encoding: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let op = Op::ToUri(
        options::to_uri(idna, query_encoding)?,
        options::conversion_output(pid_form, pid_case)?,
    );
    let codes = Codes::new(deny.as_ref(), allow.as_ref())?;
    let req = options::request(op, &codes.reads(as_, profile, clean, deny_warnings))?;
    transformed(py, s, &req)
}

/// The IRI of `s` (`pidkit to-iri`); `ParseError` where it is not valid.
#[pyfunction]
#[pyo3(signature = (s, /, *, unicode_hosts = false, idna = "dns", as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn to_iri(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    unicode_hosts: bool,
    idna: &str,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let op = Op::ToIri(
        options::to_iri(unicode_hosts, idna)?,
        options::conversion_output(pid_form, pid_case)?,
    );
    let codes = Codes::new(deny.as_ref(), allow.as_ref())?;
    let req = options::request(op, &codes.reads(as_, profile, clean, deny_warnings))?;
    transformed(py, s, &req)
}

/// Resolve `reference` against `base` (RFC 3986 §5.2; `pidkit join`).
#[pyfunction]
#[pyo3(signature = (base, reference, /, non_strict = false, profile = None))]
pub fn join(
    py: Python<'_>,
    base: &Bound<'_, PyString>,
    reference: &Bound<'_, PyString>,
    non_strict: bool,
    profile: Option<&str>,
) -> PyResult<String> {
    let (base, reference) = (utf8(base)?, utf8(reference)?);
    let opts = options::read("iri-ref", profile)?;
    let b = RustIri::parse_with(base, opts.iri)
        .map_err(|e| parse_error(py, base, &e.widen(), Some("the base is not an IRI")))?;
    // The reference is read as an IRI reference, as `pidkit join` reads it.
    let id = pidkit::read(reference, &opts)
        .result
        .map_err(|e| parse_error(py, reference, &e, None))?;
    let Some(r) = id.as_iri() else {
        return Err(PyValueError::new_err("not an IRI reference"));
    };
    let mode = if non_strict {
        ReferenceResolution::NonStrict
    } else {
        ReferenceResolution::Strict
    };
    let mut buf = String::new();
    let n = b.resolve_into(&r, mode, &mut buf).as_str().len();
    buf.truncate(n);
    Ok(buf)
}

/// An identifier found in text: `start`/`end` (character offsets, so `text[start:end]`),
/// `kind`, `text` (the identifier as it should be read), `name` (its name within its scheme:
/// a DOI name, a handle …, or None) and
/// `truncated` (it runs to a line end where it may go on in the next line, and was not joined).
#[pyclass(module = "pidkit", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Found {
    start: usize,
    end: usize,
    kind: &'static str,
    text: String,
    name: Option<String>,
    truncated: bool,
}

#[pymethods]
impl Found {
    /// A finding from its fields (what a pickle holds).
    #[new]
    #[pyo3(signature = (start, end, kind, text, name, truncated))]
    fn new(
        start: usize,
        end: usize,
        kind: &str,
        text: String,
        name: Option<String>,
        truncated: bool,
    ) -> PyResult<Self> {
        let kind = kind.parse::<Kind>().map_err(PyValueError::new_err)?.name();
        Ok(Found {
            start,
            end,
            kind,
            text,
            name,
            truncated,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, FoundFields) {
        let f = slf.get();
        (
            slf.get_type(),
            (
                f.start,
                f.end,
                f.kind,
                f.text.clone(),
                f.name.clone(),
                f.truncated,
            ),
        )
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Found(start={}, end={}, kind={}, text={}, name={}, truncated={})",
            self.start,
            self.end,
            pyrepr(py, self.kind),
            pyrepr(py, &self.text),
            pyrepr_opt(py, self.name.as_deref()),
            if self.truncated { "True" } else { "False" }
        )
    }
}

/// Every identifier in `text`, in order (`pidkit extract`).
#[pyfunction]
pub fn extract(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Vec<Found>> {
    // A lone surrogate (which no identifier holds) is read as U+FFFD, also one character: the
    // positions are the text's own.
    let text = lossy(text)?;
    let text = &*text;
    Ok(py.detach(|| {
        let mut chars = CharIndex::new(text);
        pidkit::extract::identifiers(text)
            .map(|f| {
                let name = f
                    .read()
                    .result
                    .ok()
                    .and_then(|id| id.name())
                    .map(Cow::into_owned);
                Found {
                    start: chars.at(f.start),
                    end: chars.at(f.end),
                    kind: f.kind.name(),
                    text: f.text.clone().into_owned(),
                    name,
                    truncated: f.truncated,
                }
            })
            .collect()
    }))
}

/// The kind of `s` from its shape alone: a scheme's (`doi`, `urn` …), `iri` or `relative-ref`.
#[pyfunction]
pub fn detect(s: &Bound<'_, PyString>) -> PyResult<&'static str> {
    // A lone surrogate read as U+FFFD: the shape is the same.
    Ok(pidkit::detect::detect(&lossy(s)?).name())
}
