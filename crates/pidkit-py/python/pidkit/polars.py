"""Polars: an expression namespace ``pid`` (and the same on Series), registered on import.

>>> import polars as pl
>>> import pidkit.polars  # registers .pid
>>> df = pl.DataFrame({"ref": ["https://doi.org/10.1000/ABC", None, "DOI: 10.1038/nphys1170"]})
>>> df.select(pl.col("ref").pid.doi_name())["ref"].to_list()
['10.1000/ABC', None, '10.1038/nphys1170']
>>> df["ref"].pid.key().to_list()
['doi:10.1000/ABC', None, 'doi:10.1038/NPHYS1170']

Every function is a native Polars plugin (``pidkit._pidkit`` is one): it runs in Rust inside
Polars' engine, on its own string buffers, in lazy and streaming queries and on Polars'
threads, with no Python per batch. Should this Polars not load the plugin, every function runs
on each batch through :mod:`pidkit.arrow` instead, with the same answers (:data:`NATIVE` says
which road is taken). Each takes the options of its :mod:`pidkit.arrow` namesake (``clean``,
``deny``, ``allow``, ``as_``, ``level`` …), checked when the expression is made. ``identify``
and ``parse`` give struct columns and ``extract`` a list of structs. ``join(base)`` resolves
references against a base: one IRI for every row (a string), or each row's own (an
expression).

>>> refs = pl.DataFrame({"ref": ["../g", "?y", "a b"], "base": ["http://a/b/c/d;p?q", None, "http://x/"]})
>>> refs.select(pl.col("ref").pid.join("http://a/b/c/d;p?q"))["ref"].to_list()
['http://a/b/g', 'http://a/b/c/d;p?y', None]
>>> refs.select(pl.col("ref").pid.join(pl.col("base")))["ref"].to_list()
['http://a/b/g', None, None]

>>> messy = pl.DataFrame({"ref": ["https://doi.org/10.1000/abc", "DOI: 10.1000/ABC.", "(10.1000/abc)"]})
>>> messy.group_by(pl.col("ref").pid.key(clean=True).alias("key")).len().to_dicts()
[{'key': 'doi:10.1000/ABC', 'len': 3}]
>>> messy.select(pl.col("ref").pid.identify(clean=True).struct.unnest()).row(1)
('doi', True, 'https://doi.org/10.1000/ABC')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa

from . import _engine, _pidkit
from . import arrow as _arrow

_FUNCTIONS = _engine.BOOL_FUNCTIONS + _engine.STRING_FUNCTIONS + _engine.NESTED_FUNCTIONS

#: The functions of the native plugin: the plugin's function, and the ``pidkit-record`` spec
#: it reads its options from (``identify`` gives the ``normalize`` record's members); the
#: others (no spec: ``None``) take their options as ``pidkit.arrow``'s functions do.
_PLUGIN = {
    "check": ("pid_check", "check"),
    "kind": ("pid_string", "kind"),
    "normalize": ("pid_string", "normalize"),
    "key": ("pid_string", "key"),
    "doi_name": ("pid_string", "doi_name"),
    "identify": ("pid_identify", "normalize"),
    "to_uri": ("pid_convert", None),
    "to_iri": ("pid_convert", None),
    "parse": ("pid_parse", None),
    "extract": ("pid_extract", None),
}

#: The reading options and their defaults (``pidkit.arrow.parse``'s, and the conversions').
_READ_DEFAULTS = {
    "as_": "auto",
    "profile": None,
    "clean": False,
    "deny_warnings": False,
    "deny": None,
    "allow": None,
}

#: The conversions' options and their defaults (``pidkit.arrow.to_uri``'s and ``to_iri``'s).
_CONVERSION_DEFAULTS = {
    "idna": "dns",
    "query_encoding": None,
    "unicode_hosts": False,
    "pid_form": None,
    **_READ_DEFAULTS,
}


def _checked(name: str, options: dict[str, Any]) -> Any:
    """``pidkit.arrow.<name>`` with ``options``, tried on no rows: an unknown option or value
    fails when the expression is made, not in the middle of a query."""
    fn = _engine.function(name, options)
    fn(pa.array([], pa.string()))
    return fn


def _codes(v: Any) -> list[str]:
    """``deny=`` or ``allow=`` as a list of codes (a string of codes separated by commas, or
    an iterable of strings; the Arrow function has checked them)."""
    if v is None:
        return []
    if isinstance(v, str):
        return v.split(",")
    return [str(c) for c in v]


def _kwargs(name: str, options: dict[str, Any]) -> dict[str, Any] | None:
    """The plugin's options for ``name``, checked here (a bad option fails when the expression
    is made): a spec's code and policy, or the reading's (and a conversion's) options in full;
    ``extract`` takes none."""
    spec = _PLUGIN[name][1]
    if spec is not None:
        _engine.function(name, options)  # an option ``name`` does not take: TypeError
        code, policy = _pidkit.jvm_spec(spec, **_engine.applicable(name, options))
        return {"code": code, "policy": policy}
    _checked(name, options)  # the Arrow function's TypeError or ValueError
    if name == "extract":
        return None
    defaults = _READ_DEFAULTS if name == "parse" else _CONVERSION_DEFAULTS
    given = {**defaults, **{k: v for k, v in options.items() if v is not None}}
    given.update(deny=_codes(given["deny"]), allow=_codes(given["allow"]))
    if name == "parse":
        return given
    return {"to": name.removeprefix("to_"), **given}


def _plugin(name: str, expr: pl.Expr, options: dict[str, Any]) -> pl.Expr:
    """The native plugin's expression of ``name`` on ``expr`` with ``options``."""
    return pl.plugins.register_plugin_function(
        plugin_path=Path(_pidkit.__file__),
        function_name=_PLUGIN[name][0],
        args=expr,
        kwargs=_kwargs(name, options),
        is_elementwise=True,
    )


def _join_plugin(refs: pl.Expr, bases: pl.Expr, non_strict: bool, profile: str | None) -> pl.Expr:
    """The native plugin's ``join`` of the references ``refs`` against ``bases``."""
    return pl.plugins.register_plugin_function(
        plugin_path=Path(_pidkit.__file__),
        function_name="pid_join",
        args=[refs, bases],
        kwargs={"non_strict": non_strict, "profile": profile},
        is_elementwise=True,
    )


def _native() -> bool:
    """Whether this Polars runs the plugin: one expression of each of its functions on a
    small frame, answered as :mod:`pidkit.arrow` answers."""
    values = ["doi:10.1000/ABC", None, "nope", "0000-0002-1825-0097", "http://\u00fc.example/\u00e4"]
    base = "http://a/b/c/d;p?q"
    try:
        arr = pa.array(values, pa.string())
        got = pl.DataFrame({"v": values}).select(
            *(_plugin(name, pl.col("v"), {}).alias(name) for name in _PLUGIN),
            _join_plugin(pl.col("v"), pl.lit(base, pl.String), False, None).alias("join"),
        )
        return got["join"].to_list() == _arrow.join(base, arr).to_pylist() and all(
            got[name].to_list() == _engine.function(name, {})(arr).to_pylist() for name in _PLUGIN
        )
    except Exception:  # noqa: BLE001 - any failure to load or run the plugin: the Arrow road
        return False


#: Whether the functions run as the native plugin (``False``: this Polars did not load it, and
#: they run on each batch through :mod:`pidkit.arrow`).
NATIVE: bool = _native()


def _text(expr: pl.Expr) -> pl.Expr:
    """The column as strings, as Polars casts it: categoricals and enums by their values,
    integers (PubMed IDs) and binary that is UTF-8 by their text; a type Polars cannot cast to
    strings (lists, structs) is Polars' error. The plugin is handed strings alone."""
    return expr.cast(pl.String)


def _series(fn: Any, s: pl.Series) -> pl.Series:
    if s.dtype == pl.Null:
        s = s.cast(pl.String)
    out = fn(s)
    if isinstance(out, pa.ChunkedArray) and out.num_chunks == 0:
        out = pa.array([], out.type)
    return pl.Series(s.name, out)


def _dtype(name: str) -> Any:
    if name == "check":
        return pl.Boolean
    if name in _engine.STRING_FUNCTIONS:
        return pl.String
    if name == "identify":
        return pl.Struct({"kind": pl.String, "valid": pl.Boolean, "normalized": pl.String})
    return None  # parse, extract: inferred from the first batch


def _join(refs: pl.Expr, base: str | pl.Expr, non_strict: bool, profile: str | None) -> pl.Expr:
    """``join`` on either road; a string base is checked here (an invalid one raises
    :class:`pidkit.ParseError`, as :func:`pidkit.arrow.join` does), and the profiles."""
    empty = pa.array([], pa.string())
    _arrow.join(base if isinstance(base, str) else "x:", empty, non_strict=non_strict, profile=profile)
    refs = _text(refs)
    if isinstance(base, str):
        if not NATIVE:
            fn = lambda data: _arrow.join(base, data, non_strict=non_strict, profile=profile)  # noqa: E731
            return refs.map_batches(lambda s: _series(fn, s), return_dtype=pl.String, is_elementwise=True)
        bases = pl.lit(base, pl.String)
    else:
        bases = _text(base)
        if not NATIVE:

            def columns(ss: list[pl.Series]) -> pl.Series:
                r, b = (x.cast(pl.String).to_arrow() for x in ss)
                if len(b) == 1 and len(r) != 1:  # a literal base: every row's
                    b = pa.array([b[0].as_py()] * len(r), pa.string())
                return pl.Series(ss[0].name, _engine.join_columns(b, r, non_strict, profile), pl.String)

            return pl.map_batches([refs, bases], columns, return_dtype=pl.String, is_elementwise=True)
    return _join_plugin(refs, bases, non_strict, profile)


@pl.api.register_expr_namespace("pid")
class PidExpr:
    """``pl.col(...).pid.<function>(**options)``: see :mod:`pidkit.arrow`."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def join(self, base: str | pl.Expr, *, non_strict: bool = False, profile: str | None = None) -> pl.Expr:
        """Each reference resolved against ``base`` (RFC 3986 §5.2), as
        :func:`pidkit.arrow.join`: an IRI for every row (a string; an invalid one raises
        :class:`pidkit.ParseError` here), or an expression, each row's own base (null where
        it is null or not an IRI). Null where the reference is null or invalid."""
        return _join(self._expr, base, non_strict, profile)

    def __getattr__(self, name: str):
        if name not in _FUNCTIONS:
            raise AttributeError(name)

        def method(**options: Any) -> pl.Expr:
            expr = _text(self._expr)
            if NATIVE and name in _PLUGIN:
                return _plugin(name, expr, options)
            fn = _checked(name, options)
            dtype = _dtype(name)
            kwargs: dict[str, Any] = {"is_elementwise": True}
            if dtype is not None:
                kwargs["return_dtype"] = dtype
            return expr.map_batches(lambda s: _series(fn, s), **kwargs)

        method.__name__ = name
        return method


@pl.api.register_series_namespace("pid")
class PidSeries:
    """``series.pid.<function>(**options)``: see :mod:`pidkit.arrow`."""

    def __init__(self, s: pl.Series) -> None:
        self._s = s

    def join(self, base: str | pl.Series, *, non_strict: bool = False, profile: str | None = None) -> pl.Series:
        """:meth:`PidExpr.join` on this series: ``base`` an IRI, or a series of them."""
        frame = self._s.to_frame("ref")
        b: str | pl.Expr = base
        if isinstance(base, pl.Series):
            frame = frame.with_columns(base.alias("base"))
            b = pl.col("base")
        return frame.select(_join(pl.col("ref"), b, non_strict, profile)).to_series().alias(self._s.name)

    def __getattr__(self, name: str):
        if name not in _FUNCTIONS:
            raise AttributeError(name)

        def method(**options: Any) -> pl.Series:
            s = self._s.cast(pl.String)
            if NATIVE and name in _PLUGIN:
                return s.to_frame().select(_plugin(name, pl.col(s.name), options)).to_series()
            return _series(_engine.function(name, options), s)

        method.__name__ = name
        return method
