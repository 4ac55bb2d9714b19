"""DuckDB: pidkit's batch functions as SQL functions (Arrow UDFs, nulls handled by pidkit).

>>> import duckdb
>>> import pidkit.duckdb
>>> con = duckdb.connect()
>>> names = pidkit.duckdb.register(con)
>>> con.sql("SELECT pid_normalize('HTTP://Example.COM/a/./b') AS n").fetchall()
[('http://example.com/a/b',)]
>>> con.sql("SELECT pid_doi_name(x) FROM (VALUES ('doi:10.1000/182'), (NULL)) t(x)").fetchall()
[('10.1000/182',), (None,)]

Options (``level``, ``as_``, ``profile``, ``clean``, ``deny``, ``allow`` …: those of
:mod:`pidkit.arrow`) are bound at registration, each to the functions that take it; register
again under another prefix for other options:

>>> _ = pidkit.duckdb.register(con, prefix="pidc_", clean=True)
>>> con.sql("SELECT pidc_key(x) AS k, count(*) AS n FROM (VALUES ('https://doi.org/10.1000/abc'), "
...         "('DOI: 10.1000/ABC.'), ('(10.1000/abc)')) t(x) GROUP BY k").fetchall()
[('doi:10.1000/ABC', 3)]
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
    if name in _engine.NESTED_FUNCTIONS:
        return duckdb.sqltype(_engine.duckdb_type(_engine.result_type(name)))
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
    ``{prefix}to_uri``, ``{prefix}to_iri``, ``{prefix}doi_name``, ``{prefix}identify``,
    ``{prefix}parse``, ``{prefix}extract`` (one VARCHAR argument) and ``{prefix}join(base, ref)``
    on ``con``, with ``options`` bound (each to the functions that take it; an option no
    function takes is a ``TypeError``, a bad value a ``ValueError``, here rather than in a
    query). Returns the names."""
    known = {o for names in _engine.OPTIONS.values() for o in names} | {"non_strict"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise TypeError(f"pidkit.duckdb.register got unexpected options {', '.join(unknown)}")
    varchar = duckdb.sqltype("VARCHAR")
    names = []
    for name in _engine.BOOL_FUNCTIONS + _engine.STRING_FUNCTIONS + _engine.NESTED_FUNCTIONS:
        fn = _engine.function(name, options, strict=False)
        fn(pa.array([], pa.string()))  # a bad option value fails now
        con.create_function(
            prefix + name,
            _sql_function(fn),
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
