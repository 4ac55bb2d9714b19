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
use crate::options;
use crate::record::{self, Op, with_record};
use pidkit::{Identifier as Id, Kind, ReadOptions};

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

/// The arguments of `pidkit.parse` that a pickled identifier is made again with.
type ParseArgs = (String, String, Option<String>);

/// The arguments of `pidkit.check` that a pickled `Check` is made again with.
type CheckArgs = (Py<PyString>, String, Option<String>, bool);

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
/// bytes of the input) and a `message`.
#[pyclass(module = "pidkit", frozen, get_all, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct CheckWarning {
    code: String,
    offset: usize,
    len: usize,
    message: String,
}

#[pymethods]
impl CheckWarning {
    /// A warning from its fields (what a pickle holds).
    #[new]
    fn new(code: String, offset: usize, len: usize, message: String) -> Self {
        CheckWarning {
            code,
            offset,
            len,
            message,
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyType>, (String, usize, usize, String)) {
        let w = slf.get();
        (
            slf.get_type(),
            (w.code.clone(), w.offset, w.len, w.message.clone()),
        )
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "CheckWarning(code={}, offset={}, len={}, message={})",
            pyrepr(py, &self.code),
            self.offset,
            self.len,
            pyrepr(py, &self.message)
        )
    }
}

fn warnings(ws: &[pidkit::Warning]) -> Vec<CheckWarning> {
    ws.iter()
        .map(|w| CheckWarning {
            code: w.code.as_str().to_owned(),
            offset: w.offset,
            len: w.len,
            message: w.message.clone(),
        })
        .collect()
}

/// An identifier read by the rules of its kind. `str()` is the text read (after `leiri`/`web`
/// preprocessing), `==` and `hash()` go by the equivalence key at the default level.
#[pyclass(module = "pidkit", subclass, frozen)]
pub struct Identifier {
    input: String,
    text: String,
    opts: ReadOptions,
    /// `parse`'s `as_` and `profile` as given: a pickle reads the input again with them.
    call: (String, Option<String>),
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

    /// The normal form at `level` (what `pidkit normalize` prints); DOIs written as
    /// `doi_form` (`auto`, `name`, `uri`, `url`) and `doi_case` (`upper`, `lower`) ask.
    #[pyo3(signature = (level = None, *, doi_form = "auto", doi_case = "upper"))]
    fn normalize(
        &self,
        py: Python<'_>,
        level: Option<&str>,
        doi_form: &str,
        doi_case: &str,
    ) -> PyResult<String> {
        let level = options::level(level)?;
        let out = options::pid_output(doi_form, doi_case)?;
        self.with(py, |id| id.normalize_as(level, &out).into_owned())
    }

    /// The URI (§3.3–3.6; what `pidkit to-uri` prints).
    #[pyo3(signature = (*, idna = "dns", query_encoding = None, doi_form = "auto", doi_case = "upper"))]
    fn to_uri(
        &self,
        py: Python<'_>,
        idna: &str,
        query_encoding: Option<&str>,
        doi_form: &str,
        doi_case: &str,
    ) -> PyResult<String> {
        let t = options::to_uri(idna, query_encoding)?;
        let out = options::pid_output(doi_form, doi_case)?;
        self.with(py, |id| id.to_uri_as(&t, &out).map(|k| k.into_owned()))?
            .map_err(|e| parse_error(py, &self.text, &e, None))
    }

    /// The IRI (§3.7; what `pidkit to-iri` prints).
    #[pyo3(signature = (*, unicode_hosts = false, idna = "dns", doi_form = "auto", doi_case = "upper"))]
    fn to_iri(
        &self,
        py: Python<'_>,
        unicode_hosts: bool,
        idna: &str,
        doi_form: &str,
        doi_case: &str,
    ) -> PyResult<String> {
        let t = options::to_iri(unicode_hosts, idna)?;
        let out = options::pid_output(doi_form, doi_case)?;
        self.with(py, |id| id.to_iri_as(&t, &out).map(|k| k.into_owned()))?
            .map_err(|e| parse_error(py, &self.text, &e, None))
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    /// Pickled as the call that made it, `pidkit.parse(input, as_, profile)`: reading is
    /// deterministic, so the copy is of the same class and equal in every attribute (and a
    /// pickle holds no more than the input and two option names).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, ParseArgs)> {
        let parse = py.import("pidkit")?.getattr("parse")?;
        Ok((
            parse,
            (self.input.clone(), self.call.0.clone(), self.call.1.clone()),
        ))
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

/// A DOI in any written form: its name, prefix, suffix, `doi:` URI and `https://doi.org/` URL.
#[pyclass(module = "pidkit", extends = Identifier, frozen)]
pub struct Doi;

impl Doi {
    fn get<R>(
        slf: &PyRef<'_, Self>,
        py: Python<'_>,
        f: impl FnOnce(&pidkit::doi::Recognized<'_>) -> R,
    ) -> PyResult<R> {
        let base = slf.as_super();
        let r = base.with(py, |id| match id {
            Id::Doi(d) => Some(f(d)),
            _ => None,
        })?;
        r.ok_or_else(|| PyValueError::new_err("not a DOI"))
    }
}

#[pymethods]
impl Doi {
    /// The DOI name, e.g. `10.1000/182`.
    #[getter]
    fn name(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.doi.as_str().to_owned())
    }
    /// The prefix, e.g. `10.1000`.
    #[getter]
    fn prefix(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.doi.prefix().to_owned())
    }
    /// The suffix.
    #[getter]
    fn suffix(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.doi.suffix().to_owned())
    }
    /// The `doi:` URI.
    #[getter]
    fn uri(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.doi.to_uri())
    }
    /// The `https://doi.org/` URL.
    #[getter]
    fn url(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.doi.to_url())
    }
    /// The form it was written in: `name`, `label`, `uri`, `info-uri`, `urn`, `url`, `handle-api`.
    #[getter]
    fn form(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<&'static str> {
        Self::get(&slf, py, |d| d.form.name())
    }
    /// Whether it is a shortDOI (`10/abc`).
    #[getter]
    fn is_short(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<bool> {
        Self::get(&slf, py, |d| d.doi.is_short())
    }
}

/// A handle in any written form (`hdl:`, `info:hdl/`, the proxy URL, a bare name).
#[pyclass(module = "pidkit", extends = Identifier, frozen)]
pub struct Handle;

impl Handle {
    fn get<R>(
        slf: &PyRef<'_, Self>,
        py: Python<'_>,
        f: impl FnOnce(&pidkit::hdl::HdlDetails) -> R,
    ) -> PyResult<R> {
        let base = slf.as_super();
        let r = base.with(py, |id| match id.details() {
            Some(pidkit::Details::Hdl(d)) => Some(f(&d)),
            _ => None,
        })?;
        r.ok_or_else(|| PyValueError::new_err("not a handle"))
    }
}

#[pymethods]
impl Handle {
    /// The handle, e.g. `20.500.12345/abc`.
    #[getter]
    fn name(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.name.clone())
    }
    /// The prefix (naming authority).
    #[getter]
    fn prefix(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.prefix.clone())
    }
    /// The local name.
    #[getter]
    fn suffix(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.suffix.clone())
    }
    /// The `hdl:` URI.
    #[getter]
    fn uri(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.uri.clone())
    }
    /// The proxy URL.
    #[getter]
    fn url(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<String> {
        Self::get(&slf, py, |d| d.url.clone())
    }
    /// The form it was written in.
    #[getter]
    fn form(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<&'static str> {
        Self::get(&slf, py, |d| d.form)
    }
}

/// A URN (RFC 8141, or RFC 2141 with `profile="rfc2141"`).
#[pyclass(module = "pidkit", extends = Iri, frozen)]
pub struct Urn;

macro_rules! view_getters {
    ($ty:ident, $variant:ident, $( $(#[$doc:meta])* $name:ident : $ret:ty = |$p:ident| $e:expr ),* $(,)?) => {
        #[pymethods]
        impl $ty {
            $(
                $(#[$doc])*
                #[getter]
                fn $name(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<$ret> {
                    let iri = slf.as_super();
                    let base = iri.as_super();
                    let r = base.with(py, |id| match id {
                        Id::$variant(v) => {
                            let $p = v.parts();
                            Some($e)
                        }
                        _ => None,
                    })?;
                    r.ok_or_else(|| PyValueError::new_err(concat!("not a ", stringify!($variant))))
                }
            )*
        }
    };
}

view_getters!(
    Urn, Urn,
    /// The namespace identifier, as written.
    nid: String = |p| p.nid.to_owned(),
    /// The namespace specific string, as written.
    nss: String = |p| p.nss.to_owned(),
    /// The r-component, without `?+`.
    r_component: Option<String> = |p| p.r_component.map(str::to_owned),
    /// The q-component, without `?=`.
    q_component: Option<String> = |p| p.q_component.map(str::to_owned),
    /// The f-component, without `#`.
    f_component: Option<String> = |p| p.f_component.map(str::to_owned),
    /// `formal`, `informal`, `experimental` or the like.
    namespace_class: String = |p| p.namespace_class.to_owned(),
);

/// An IVOA identifier.
#[pyclass(module = "pidkit", extends = Iri, frozen)]
pub struct Ivoid;

view_getters!(
    Ivoid, Ivo,
    /// The resource key (`""` or starting with `/`).
    resource_key: String = |p| p.resource_key.to_owned(),
    /// Scheme, authority and resource key.
    registry_part: String = |p| p.registry_part.to_owned(),
    /// What the identifier names: `standard`, `authority`, `resource` and the like.
    ivoid_kind: String = |p| p.kind.to_owned(),
);

/// Read `s` as `as_` and `profile` say; the typed object, or `ParseError`.
#[pyfunction]
#[pyo3(signature = (s, /, as_ = "auto", profile = None))]
pub fn parse(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    as_: &str,
    profile: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let s = utf8(s)?;
    let opts = options::read(as_, profile)?;
    let made = with_record(s, &opts, &Op::Read { warnings: false }, false, |r| {
        let id = match &r.reading {
            Ok(id) => id,
            Err(e) => return Err(parse_error(py, s, e, None)),
        };
        let base = Identifier {
            input: s.to_owned(),
            text: r.mapped.unwrap_or(s).to_owned(),
            opts,
            call: (as_.to_owned(), profile.map(str::to_owned)),
            kind: r.kind,
            notes: warnings(r.notes),
        };
        let init = PyClassInitializer::from(base);
        let obj = match id {
            Id::Iri(_) | Id::Uri(_) => Bound::new(py, init.add_subclass(Iri))?.into_any(),
            Id::Doi(_) => Bound::new(py, init.add_subclass(Doi))?.into_any(),
            Id::Hdl(_) => Bound::new(py, init.add_subclass(Handle))?.into_any(),
            Id::Urn(_) => Bound::new(py, init.add_subclass(Iri).add_subclass(Urn))?.into_any(),
            Id::Ivo(_) => Bound::new(py, init.add_subclass(Iri).add_subclass(Ivoid))?.into_any(),
        };
        Ok(obj.unbind())
    })?;
    Ok(made)
}

/// The outcome of `check`: `.valid` (also the truth value), `.kind`, `.error` (a `ParseError`,
/// not raised, or None), `.warnings`, `.mapped` (what `leiri`/`web` made of the input).
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
    /// `check`'s `as_`, `profile` and `deny_warnings` as given, for pickling.
    call: (String, Option<String>, bool),
}

#[pymethods]
impl Check {
    fn __bool__(&self) -> bool {
        self.valid
    }

    /// Pickled as the call that made it, `pidkit.check(input, as_, profile, deny_warnings)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, CheckArgs)> {
        let check = py.import("pidkit")?.getattr("check")?;
        let (as_, profile, deny) = self.call.clone();
        Ok((check, (self.input.clone_ref(py), as_, profile, deny)))
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
#[pyo3(signature = (s, /, as_ = "auto", profile = None, deny_warnings = false))]
pub fn check(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    as_: &str,
    profile: Option<&str>,
    deny_warnings: bool,
) -> PyResult<Check> {
    let opts = options::read(as_, profile)?;
    let call = (as_.to_owned(), profile.map(str::to_owned), deny_warnings);
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
                call,
            });
        }
        Err(e) => return Err(e),
    };
    Ok(with_record(
        text,
        &opts,
        &Op::Read { warnings: true },
        deny_warnings,
        |r| Check {
            input,
            kind: r.kind.name(),
            valid: r.valid,
            error: r
                .error()
                .map(|e| parse_error(py, text, e, None).into_value(py).into_any()),
            warnings: warnings(&r.warnings),
            mapped: r.mapped.map(str::to_owned),
            call,
        },
    ))
}

/// Are `a` and `b` equivalent at `level`? (`pidkit compare`; `ParseError` on invalid input.)
#[pyfunction]
#[pyo3(signature = (a, b, /, level = None, as_ = "auto", profile = None))]
pub fn compare(
    py: Python<'_>,
    a: &Bound<'_, PyString>,
    b: &Bound<'_, PyString>,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
) -> PyResult<bool> {
    let (a, b) = (utf8(a)?, utf8(b)?);
    let opts = options::read(as_, profile)?;
    let level = options::level(level)?;
    let ka = record::key(a, &opts, level).map_err(|e| parse_error(py, a, &e, None))?;
    let kb = record::key(b, &opts, level).map_err(|e| parse_error(py, b, &e, None))?;
    Ok(ka == kb)
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
/// `kind`, `text` (the identifier as it should be read), `doi` (the DOI name, for DOIs) and
/// `truncated` (it runs to a line end where it may go on in the next line, and was not joined).
#[pyclass(module = "pidkit", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Found {
    start: usize,
    end: usize,
    kind: &'static str,
    text: String,
    doi: Option<String>,
    truncated: bool,
}

#[pymethods]
impl Found {
    /// A finding from its fields (what a pickle holds).
    #[new]
    #[pyo3(signature = (start, end, kind, text, doi, truncated))]
    fn new(
        start: usize,
        end: usize,
        kind: &str,
        text: String,
        doi: Option<String>,
        truncated: bool,
    ) -> PyResult<Self> {
        let kind = kind.parse::<Kind>().map_err(PyValueError::new_err)?.name();
        Ok(Found {
            start,
            end,
            kind,
            text,
            doi,
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
                f.doi.clone(),
                f.truncated,
            ),
        )
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Found(start={}, end={}, kind={}, text={}, doi={}, truncated={})",
            self.start,
            self.end,
            pyrepr(py, self.kind),
            pyrepr(py, &self.text),
            pyrepr_opt(py, self.doi.as_deref()),
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
            .map(|f| Found {
                start: chars.at(f.start),
                end: chars.at(f.end),
                kind: f.kind.name(),
                text: f.text.into_owned(),
                doi: f.doi.map(|d| d.as_str().to_owned()),
                truncated: f.truncated,
            })
            .collect()
    }))
}

/// The kind of `s` from its shape alone: `doi`, `urn`, `ivo`, `iri` or `relative-ref`.
#[pyfunction]
pub fn detect(s: &Bound<'_, PyString>) -> PyResult<&'static str> {
    // A lone surrogate read as U+FFFD: the shape is the same.
    Ok(pidkit::detect::detect(&lossy(s)?).name())
}
