"""DuckDB: pidkit's batch functions as SQL functions (Arrow UDFs, nulls handled by pidkit).

>>> import duckdb
>>> import pidkit.duckdb
>>> con = duckdb.connect()
>>> names = pidkit.duckdb.register(con)
>>> con.sql("SELECT pid_normalize('HTTP://Example.COM/a/./b') AS n").fetchall()
[('http://example.com/a/b',)]
>>> con.sql("SELECT pid_doi_name(x) FROM (VALUES ('doi:10.1000/182'), (NULL)) t(x)").fetchall()
[('10.1000/182',), (None,)]

Options (``level``, ``as_``, ``profile``, …) are bound at registration; register again under
another prefix for other options: ``register(con, prefix="pid_scheme_", level="scheme")``.
"""

from __future__ import annotations

from typing import Any

import duckdb
import pyarrow as pa

from . import _engine

#: DuckDB SQL types of the nested results, made from the Arrow types the functions return.
PARSE_TYPE = _engine.duckdb_type(_engine.result_type("parse"))
EXTRACT_TYPE = _engine.duckdb_type(_engine.result_type("extract"))


def _sql_type(name: str) -> Any:
    if name == "check":
        return duckdb.sqltype("BOOLEAN")
    if name == "parse":
        return duckdb.sqltype(PARSE_TYPE)
    if name == "extract":
        return duckdb.sqltype(EXTRACT_TYPE)
    return duckdb.sqltype("VARCHAR")


def _plain(out: Any) -> Any:
    """DuckDB takes plain (not chunked) arrays back."""
    return out.combine_chunks() if isinstance(out, pa.ChunkedArray) else out


def _sql_function(fn: Any) -> Any:
    """A one-argument function for DuckDB (it counts the parameters)."""

    def sql(data: Any) -> Any:
        return _plain(fn(data))

    return sql


def register(con: duckdb.DuckDBPyConnection, prefix: str = "pid_", **options: Any) -> list[str]:
    """Register ``{prefix}check``, ``{prefix}kind``, ``{prefix}normalize``, ``{prefix}key``,
    ``{prefix}to_uri``, ``{prefix}to_iri``, ``{prefix}doi_name``, ``{prefix}parse``,
    ``{prefix}extract`` (one VARCHAR argument) and ``{prefix}join(base, ref)`` on ``con``, with
    ``options`` bound. Returns the names."""
    varchar = duckdb.sqltype("VARCHAR")
    names = []
    for name in _engine.BOOL_FUNCTIONS + _engine.STRING_FUNCTIONS + _engine.NESTED_FUNCTIONS:
        con.create_function(
            prefix + name,
            _sql_function(_engine.function(name, options)),
            [varchar],
            _sql_type(name),
            type="arrow",
            null_handling="special",
            side_effects=False,
        )
        names.append(prefix + name)
    non_strict, profile = bool(options.get("non_strict", False)), options.get("profile")
    con.create_function(
        prefix + "join",
        lambda base, refs: _engine.join_columns(base, refs, non_strict, profile),
        [varchar, varchar],
        varchar,
        type="arrow",
        null_handling="special",
        side_effects=False,
    )
    names.append(prefix + "join")
    return names
