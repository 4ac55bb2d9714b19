"""pandas: pidkit's batch functions on a ``pandas.Series`` (through Arrow), keeping its index
and name — and so the Dask recipe, one ``map_partitions`` per function.

>>> import pandas as pd
>>> import pidkit.pandas as pid
>>> s = pd.Series(["https://doi.org/10.1000/ABC", None, "urn:ISBN:0-451-45052-3"], name="id")
>>> pid.key(s).tolist()
['doi:10.1000/ABC', <NA>, 'urn:isbn:9780451450524']
>>> pid.key(pd.Series(["DOI: 10.1000/abc.", "(10.1000/ABC)"]), clean=True).tolist()
['doi:10.1000/ABC', 'doi:10.1000/ABC']

Each function takes the options of its :mod:`pidkit.arrow` namesake (``clean``, ``deny``,
``allow``, ``as_``, ``level`` …).

Dask (a ``dask.dataframe`` ``ddf`` with a string column ``ref``)::

    import pidkit.pandas as pid
    ddf["doi"] = ddf["ref"].map_partitions(pid.doi_name, meta=("ref", "string[pyarrow]"))
    ddf["ok"] = ddf["ref"].map_partitions(pid.check, meta=("ref", "boolean"))

Each worker imports ``pidkit`` (install the wheel in the workers' environment).

A value that is not text — a ``str`` with a lone surrogate, from ``errors="surrogateescape"`` —
gets the CLI's answer for a line that is not UTF-8 (``check`` False, ``kind`` ``unknown``, null
from the transforms); the other rows are answered as usual.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import pyarrow as pa

from . import _engine

__all__ = ["check", "doi_name", "key", "kind", "normalize", "to_iri", "to_uri"]


def _to_arrow(s: pd.Series) -> Any:
    """The series' Arrow strings without a copy when pyarrow-backed; else converted."""
    try:
        arr = pa.array(s, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        arr = pa.array(s.astype(object), pa.large_string(), from_pandas=True)
    if pa.types.is_null(arr.type):
        arr = arr.cast(pa.string())
    return arr


def _to_pandas(out: Any, like: pd.Series) -> pd.Series:
    if isinstance(out, pa.ChunkedArray):
        out = out.combine_chunks()
    if pa.types.is_boolean(out.type):
        dtype: Any = "boolean"
    else:
        out = out.cast(pa.large_string()) if pa.types.is_string_view(out.type) else out
        dtype = pd.ArrowDtype(out.type)
    return pd.Series(pd.array(out, dtype=dtype) if dtype != "boolean" else pd.array(out.to_pylist(), dtype="boolean"),
                     index=like.index, name=like.name)


# The answer for a value that is not text (a ``str`` with a lone surrogate, from
# ``errors="surrogateescape"``): the CLI's for a line that is not UTF-8 — not valid, kind
# ``unknown`` — and null from the transforms, as for any invalid input.
_NOT_TEXT = {"check": False, "kind": "unknown"}


def _not_text(v: Any) -> bool:
    """A ``str`` with no UTF-8 form (a lone surrogate), which no Arrow string can hold."""
    if not isinstance(v, str):
        return False
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _make(name: str):
    def fn(s: pd.Series, **options: Any) -> pd.Series:
        apply = _engine.function(name, options)
        try:
            return _to_pandas(apply(_to_arrow(s)), s)
        except UnicodeEncodeError:
            pass
        # Some values are not text: the others go through Arrow, these get their own answer.
        bad = [_not_text(v) for v in s]
        rest = s.astype(object).where(~pd.Series(bad, index=s.index), None)
        out = _to_pandas(apply(_to_arrow(rest)), s)
        if name in _NOT_TEXT:
            out = out.copy()
            out[bad] = _NOT_TEXT[name]
        return out

    fn.__name__ = name
    fn.__doc__ = f"The Series through :func:`pidkit.arrow.{name}` (same options), index and name kept."
    return fn


check = _make("check")
kind = _make("kind")
normalize = _make("normalize")
key = _make("key")
to_uri = _make("to_uri")
to_iri = _make("to_iri")
doi_name = _make("doi_name")
