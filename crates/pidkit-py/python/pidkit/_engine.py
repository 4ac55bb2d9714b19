"""What the engine adapters share: the batch functions by name, their result types, and a
row-wise ``join`` for engines that pass the base as a column."""

from __future__ import annotations

from typing import Any, Callable

import pyarrow as pa
import pyarrow.compute as pc

from . import ParseError
from . import arrow as _arrow

#: Functions of one string column, and what they return.
STRING_FUNCTIONS = ("kind", "normalize", "key", "to_uri", "to_iri", "doi_name")
BOOL_FUNCTIONS = ("check",)
NESTED_FUNCTIONS = ("parse", "extract")

#: The options each function takes (beyond the data).
OPTIONS: dict[str, tuple[str, ...]] = {
    "check": ("as_", "profile", "deny_warnings"),
    "kind": ("as_", "profile"),
    "normalize": ("level", "as_", "profile", "doi_form", "doi_case"),
    "key": ("level", "as_", "profile"),
    "to_uri": ("idna", "query_encoding", "as_", "profile", "doi_form", "doi_case"),
    "to_iri": ("unicode_hosts", "idna", "as_", "profile", "doi_form", "doi_case"),
    "doi_name": ("as_", "profile"),
    "parse": ("as_", "profile", "deny_warnings"),
    "extract": (),
}


def function(name: str, options: dict[str, Any]) -> Callable[[Any], Any]:
    """``pidkit.arrow.<name>`` with the options that apply to it bound."""
    fn = getattr(_arrow, name)
    bound = {k: v for k, v in options.items() if k in OPTIONS[name] and v is not None}
    return lambda data: fn(data, **bound)


def join_columns(base: Any, refs: Any, non_strict: bool = False, profile: Any = None) -> pa.Array:
    """``join`` with the base as a column: one call per distinct base; a null or invalid base
    gives null."""
    base = pa.array(base) if not isinstance(base, (pa.Array, pa.ChunkedArray)) else base
    refs = pa.array(refs) if not isinstance(refs, (pa.Array, pa.ChunkedArray)) else refs
    if isinstance(base, pa.ChunkedArray):
        base = base.combine_chunks()
    if isinstance(refs, pa.ChunkedArray):
        refs = refs.combine_chunks()
    out_type = refs.type if refs.type in (pa.string(), pa.large_string(), pa.string_view()) else pa.string()
    result: list = [None] * len(refs)
    for b in pc.unique(base.drop_null()).to_pylist():
        idx = pc.indices_nonzero(pc.equal(base, b))
        try:
            joined = _arrow.join(b, refs.take(idx), non_strict=non_strict, profile=profile)
        except ParseError:
            continue
        for i, v in zip(idx.to_pylist(), joined.to_pylist()):
            result[i] = v
    return pa.array(result, out_type)
