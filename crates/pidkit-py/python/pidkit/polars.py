"""Polars: an expression namespace ``pid`` (and the same on Series), registered on import.

>>> import polars as pl
>>> import pidkit.polars  # registers .pid
>>> df = pl.DataFrame({"ref": ["https://doi.org/10.1000/ABC", None, "DOI: 10.1038/nphys1170"]})
>>> df.select(pl.col("ref").pid.doi_name())["ref"].to_list()
['10.1000/ABC', None, '10.1038/nphys1170']
>>> df["ref"].pid.key().to_list()
['doi:10.1000/ABC', None, 'doi:10.1038/NPHYS1170']

The functions run on each batch of the column through :mod:`pidkit.arrow` (Polars strings go
in as Arrow ``string_view`` without a copy), so they work in lazy and streaming queries too.
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

from typing import Any

import polars as pl
import pyarrow as pa

from . import _engine

_FUNCTIONS = _engine.BOOL_FUNCTIONS + _engine.STRING_FUNCTIONS + _engine.NESTED_FUNCTIONS


def _checked(name: str, options: dict[str, Any]) -> Any:
    """``pidkit.arrow.<name>`` with ``options``, tried on no rows: an unknown option or value
    fails when the expression is made, not in the middle of a query."""
    fn = _engine.function(name, options)
    fn(pa.array([], pa.string()))
    return fn


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
            fn = _checked(name, options)
            dtype = _dtype(name)
            kwargs: dict[str, Any] = {"is_elementwise": True}
            if dtype is not None:
                kwargs["return_dtype"] = dtype
            return self._expr.map_batches(lambda s: _series(fn, s), **kwargs)

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
            return _series(_engine.function(name, options), self._s)

        method.__name__ = name
        return method
