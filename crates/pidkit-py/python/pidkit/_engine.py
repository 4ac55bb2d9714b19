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
NESTED_FUNCTIONS = ("identify", "parse", "extract")

#: The options with which every function that reads identifiers reads its inputs: the CLI's
#: ``--as``, ``--profile``, ``--clean``, ``--deny-warnings``, ``--deny`` and ``--allow``.
READS = ("as_", "profile", "clean", "deny_warnings", "deny", "allow")

#: The options each function takes (beyond the data).
OPTIONS: dict[str, tuple[str, ...]] = {
    "check": READS,
    "kind": READS,
    "normalize": ("level", *READS, "pid_form", "pid_case"),
    "key": ("level", *READS),
    "identify": ("level", *READS, "pid_form", "pid_case"),
    "to_uri": ("idna", "query_encoding", *READS, "pid_form", "pid_case"),
    "to_iri": ("unicode_hosts", "idna", *READS, "pid_form", "pid_case"),
    "doi_name": READS,
    "parse": READS,
    "extract": (),
}


def result_type(name: str) -> pa.DataType:
    """The Arrow type of ``pidkit.arrow.<name>``'s result, as the function itself makes it: the
    nested results (``parse``'s struct with a member per scheme of the library's list,
    ``extract``'s list of structs) are never written out by hand, so a new scheme's columns
    reach every engine."""
    return getattr(_arrow, name)(pa.array([], pa.string())).type


def duckdb_type(t: pa.DataType) -> str:
    """The DuckDB SQL type of the Arrow type ``t`` (the types the batch functions return)."""
    if pa.types.is_struct(t):
        members = ", ".join(f'"{f.name}" {duckdb_type(f.type)}' for f in t)
        return f"STRUCT({members})"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"{duckdb_type(t.value_type)}[]"
    if pa.types.is_boolean(t):
        return "BOOLEAN"
    if pa.types.is_unsigned_integer(t):
        return "UBIGINT"
    if pa.types.is_integer(t):
        return "BIGINT"
    return "VARCHAR"


def spark_type(t: pa.DataType) -> str:
    """The Spark SQL (DDL) type of the Arrow type ``t`` (the types the batch functions return)."""
    if pa.types.is_struct(t):
        members = ",".join(f"`{f.name}`:{spark_type(f.type)}" for f in t)
        return f"struct<{members}>"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"array<{spark_type(t.value_type)}>"
    if pa.types.is_boolean(t):
        return "boolean"
    if pa.types.is_integer(t):
        return "bigint"
    return "string"


def applicable(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of ``options`` that ``name`` takes (for options bound to many functions at
    once: ``register(con, level="scheme")``); ``None`` values left out (the defaults)."""
    return {k: v for k, v in options.items() if k in OPTIONS[name] and v is not None}


def hashable(options: dict[str, Any]) -> tuple:
    """``options`` as a sorted tuple that can key a cache (lists of codes as tuples)."""
    return tuple(
        sorted((k, tuple(v) if isinstance(v, (list, set, frozenset)) else v) for k, v in options.items())
    )


def function(name: str, options: dict[str, Any], strict: bool = True) -> Callable[[Any], Any]:
    """``pidkit.arrow.<name>`` with ``options`` bound: with ``strict``, an option ``name`` does
    not take is a ``TypeError`` (as calling it would be); else left out."""
    fn = getattr(_arrow, name)
    if strict:
        unknown = sorted(set(options) - set(OPTIONS[name]))
        if unknown:
            raise TypeError(
                f"pidkit {name}() got unexpected options {', '.join(unknown)} "
                f"(it takes {', '.join(OPTIONS[name]) or 'none'})"
            )
    bound = applicable(name, options)
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
