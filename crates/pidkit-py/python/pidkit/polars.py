"""Polars: an expression namespace ``pid`` (and the same on Series), registered on import.

>>> import polars as pl
>>> import pidkit.polars  # registers .pid
>>> df = pl.DataFrame({"ref": ["https://doi.org/10.1000/ABC", None, "DOI: 10.1038/nphys1170"]})
>>> df.select(pl.col("ref").pid.doi_name())["ref"].to_list()
['10.1000/ABC', None, '10.1038/nphys1170']
>>> df["ref"].pid.key().to_list()
['doi:10.1000/ABC', None, 'doi:10.1038/NPHYS1170']

``check``, ``kind``, ``normalize``, ``key``, ``doi_name``, ``identify``, ``to_uri`` and
``to_iri`` are a native Polars plugin (``pidkit._pidkit`` is one): they run in Rust inside
Polars' engine, on its own string buffers, in lazy and streaming queries and on Polars'
threads, with no Python per batch. ``parse`` and ``extract`` run on each batch through
:mod:`pidkit.arrow` (Polars strings go in as Arrow ``string_view`` without a copy). Should
this Polars not load the plugin, every function takes that road (:data:`NATIVE` says which).
Each takes the options of its :mod:`pidkit.arrow` namesake (``clean``, ``deny``, ``allow``,
``as_``, ``level`` …), checked when the expression is made. ``identify`` and ``parse`` give
struct columns and ``extract`` a list of structs.

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

_FUNCTIONS = _engine.BOOL_FUNCTIONS + _engine.STRING_FUNCTIONS + _engine.NESTED_FUNCTIONS

#: The functions of the native plugin: the plugin's function, and the ``pidkit-record`` spec
#: it reads its options from (``identify`` gives the ``normalize`` record's members); the
#: conversions (no spec: ``None``) take their options as ``pidkit.arrow``'s functions do.
_PLUGIN = {
    "check": ("pid_check", "check"),
    "kind": ("pid_string", "kind"),
    "normalize": ("pid_string", "normalize"),
    "key": ("pid_string", "key"),
    "doi_name": ("pid_string", "doi_name"),
    "identify": ("pid_identify", "normalize"),
    "to_uri": ("pid_convert", None),
    "to_iri": ("pid_convert", None),
}

#: The conversions' options and their defaults (``pidkit.arrow.to_uri``'s and ``to_iri``'s).
_CONVERSION_DEFAULTS = {
    "idna": "dns",
    "query_encoding": None,
    "unicode_hosts": False,
    "as_": "auto",
    "profile": None,
    "pid_form": None,
    "clean": False,
    "deny_warnings": False,
    "deny": None,
    "allow": None,
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


def _kwargs(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The plugin's options for ``name``, checked here (a bad option fails when the expression
    is made): a spec's code and policy, or a conversion's options in full."""
    spec = _PLUGIN[name][1]
    if spec is not None:
        _engine.function(name, options)  # an option ``name`` does not take: TypeError
        code, policy = _pidkit.jvm_spec(spec, **_engine.applicable(name, options))
        return {"code": code, "policy": policy}
    _checked(name, options)  # the Arrow function's TypeError or ValueError
    given = {**_CONVERSION_DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    given.update(deny=_codes(given["deny"]), allow=_codes(given["allow"]))
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


def _native() -> bool:
    """Whether this Polars runs the plugin: one expression of each of its functions on a
    small frame, answered as :mod:`pidkit.arrow` answers."""
    values = ["doi:10.1000/ABC", None, "nope", "0000-0002-1825-0097", "http://\u00fc.example/\u00e4"]
    try:
        got = pl.DataFrame({"v": values}).select(
            _plugin(name, pl.col("v"), {}).alias(name) for name in _PLUGIN
        )
        return all(
            got[name].to_list() == _engine.function(name, {})(pa.array(values, pa.string())).to_pylist()
            for name in _PLUGIN
        )
    except Exception:  # noqa: BLE001 - any failure to load or run the plugin: the Arrow road
        return False


#: Whether ``check``, ``kind``, ``normalize``, ``key``, ``doi_name``, ``identify``, ``to_uri``
#: and ``to_iri`` run as the native plugin (``False``: this Polars did not load it, and they
#: run through :mod:`pidkit.arrow` like the other functions).
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


@pl.api.register_expr_namespace("pid")
class PidExpr:
    """``pl.col(...).pid.<function>(**options)``: see :mod:`pidkit.arrow`."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

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
