"""PySpark: pidkit's batch functions as column functions and SQL functions.

Each function takes a column (name or ``Column``) and the options of its
:mod:`pidkit.arrow` namesake, and returns a ``Column``; the work is done per Arrow batch
(``spark.sql.execution.arrow.maxRecordsPerBatch`` rows) on the executors, which need the
``pidkit`` wheel installed (see the README, "Python and at scale").

On Spark 4.1 and later the functions are Arrow UDFs (``arrow_udf``: Arrow batches straight
into Rust); on earlier versions, pandas UDFs over the same Arrow functions (``parse`` and
``extract``, whose results are nested, need 4.1).

``engine="jvm"`` (``check``, ``kind``, ``normalize``, ``key``, ``doi_name``): Java UDFs that
call pidkit's native library inside the executors' JVMs, with no Python worker and no Arrow
round trip (``doi_name`` in 0.6–0.7× the Arrow UDF's time). They need ``pidkit-spark.jar``
(``scripts/build-spark-jar``) in ``spark.jars``; see the README. Their options travel as a
number (the function and every option from a short list) and a string (the ``deny`` and
``allow`` lists), both checked on the driver when the column is made.

Every function takes the options of its :mod:`pidkit.arrow` namesake: ``clean``, ``deny``,
``allow``, ``deny_warnings``, ``as_``, ``profile``, ``level``, ``pid_form``, ``pid_case`` ….

>>> import pidkit.spark as pid  # doctest: +SKIP
>>> df = spark.read.parquet("refs.parquet")  # doctest: +SKIP
>>> df.withColumn("doi", pid.doi_name("ref")).withColumn("ok", pid.check("ref"))  # doctest: +SKIP
>>> pid.register(spark)  # SQL: SELECT pid_normalize(url, 'scheme') ...  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any, Iterable, Optional, Union

import pyarrow as pa
from pyspark.sql import Column, SparkSession
from pyspark.sql import functions as F

from . import _engine

ColumnOrName = Union[Column, str]

#: Warning codes for ``deny=`` and ``allow=``: a list of strings, or one string of codes
#: separated by commas.
Codes = Union[str, Iterable[str], None]

#: Spark SQL types of the nested results, made from the Arrow types the functions return.
PARSE_TYPE = _engine.spark_type(_engine.result_type("parse"))
EXTRACT_TYPE = _engine.spark_type(_engine.result_type("extract"))


def _return_type(name: str) -> str:
    if name == "check":
        return "boolean"
    if name == "parse":
        return PARSE_TYPE
    if name == "extract":
        return EXTRACT_TYPE
    if name in _engine.NESTED_FUNCTIONS:
        return _engine.spark_type(_engine.result_type(name))
    return "string"


def has_arrow_udf() -> bool:
    """Whether this Spark has Arrow UDFs (4.1 and later)."""
    return hasattr(F, "arrow_udf")


@lru_cache(maxsize=None)
def _udf(name: str, options: tuple, engine: str) -> Any:
    fn = _engine.function(name, dict(options))
    rtype = _return_type(name)
    if engine == "arrow":

        def arrow_fn(s: pa.Array) -> pa.Array:
            out = fn(s)
            return out.combine_chunks() if isinstance(out, pa.ChunkedArray) else out

        return F.arrow_udf(arrow_fn, rtype)
    if name in _engine.NESTED_FUNCTIONS:
        raise NotImplementedError(f"pidkit.spark.{name} needs Arrow UDFs (Spark 4.1 or later)")
    import pandas as pd

    def pandas_fn(s: pd.Series) -> pd.Series:
        out = fn(pa.array(s, pa.large_string(), from_pandas=True))
        return out.to_pandas()

    # Spark reads the type hints; real types, not the strings of postponed annotations.
    pandas_fn.__annotations__ = {"s": pd.Series, "return": pd.Series}
    return F.pandas_udf(pandas_fn, rtype)


#: The functions ``engine="jvm"`` offers (pidkit-spark.jar's Java UDFs).
JVM_FUNCTIONS = ("check", "kind", "normalize", "key", "doi_name")


def _engine_name(engine: Optional[str], name: Optional[str] = None) -> str:
    if engine is None:
        return "arrow" if has_arrow_udf() else "pandas"
    if engine == "jvm" and name is not None and name not in JVM_FUNCTIONS:
        raise ValueError(f"pidkit.spark.{name} has no JVM engine (only {', '.join(JVM_FUNCTIONS)})")
    if engine not in ("arrow", "pandas", "jvm"):
        raise ValueError(f"unknown engine '{engine}' (expected arrow, pandas or jvm)")
    return engine


def _jvm_udf(spark: SparkSession, name: str, options: dict, sql_name: Optional[str] = None) -> str:
    """Register the Java UDF of ``name`` with ``options`` in ``spark`` as ``sql_name`` (by
    default a name made of the function, its code and its policy) and return that name.
    Registering again replaces the same function (a few milliseconds, once per column built,
    not per row).

    The options travel as ``jvm_spec``'s two values: the code, an ``int`` packing the function
    and every option from a short list, and the policy, a string holding the ``deny`` and
    ``allow`` lists of warning codes (``deny=CODE,…;allow=CODE,…``), which no number of bits
    holds. Both are fields of the Java UDF, serialized with it; each executor JVM parses the
    policy once, on the function's first row, and keeps it for every task."""
    from ._pidkit import jvm_spec

    code, policy = jvm_spec(name, **{k: v for k, v in options.items() if v is not None})
    tag = hashlib.sha1(policy.encode()).hexdigest()[:8] if policy else "0"
    fname = sql_name or f"pidkit_jvm_{name}_{code}_{tag}"
    jvm = spark._jvm
    try:
        cls = jvm.org.pidkit.spark.CheckUdf if name == "check" else jvm.org.pidkit.spark.StringUdf
        udf = cls(code, policy)
    except Exception as e:
        raise RuntimeError(
            "pidkit.spark: engine='jvm' needs pidkit-spark.jar on Spark's classpath "
            "(build it with scripts/build-spark-jar, then spark.jars=target/pidkit-spark.jar): "
            f"{e}"
        ) from None
    types = jvm.org.apache.spark.sql.types.DataTypes
    spark._jsparkSession.udf().register(fname, udf, types.BooleanType if name == "check" else types.StringType)
    return fname


def _active_session() -> SparkSession:
    spark = SparkSession.getActiveSession()
    if spark is None:
        raise RuntimeError("pidkit.spark: engine='jvm' needs an active SparkSession")
    return spark


def _apply(name: str, col: ColumnOrName, engine: Optional[str], **options: Any) -> Column:
    eng = _engine_name(engine, name)
    if eng == "jvm":
        return F.call_function(_jvm_udf(_active_session(), name, options), col)
    # A bad option fails here, on the driver, not in the executors' first batch.
    _engine.function(name, options)(pa.array([], pa.string()))
    return _udf(name, _engine.hashable(options), eng)(col)


def check(col: ColumnOrName, *, as_: str = "auto", profile: Optional[str] = None,
          clean: bool = False, deny_warnings: bool = False, deny: Codes = None,
          allow: Codes = None, engine: Optional[str] = None) -> Column:
    """Boolean column: valid identifiers (:func:`pidkit.arrow.check`)."""
    return _apply("check", col, engine, as_=as_, profile=profile, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def kind(col: ColumnOrName, *, as_: str = "auto", profile: Optional[str] = None,
         clean: bool = False, deny_warnings: bool = False, deny: Codes = None,
         allow: Codes = None, engine: Optional[str] = None) -> Column:
    """String column: the kind (:func:`pidkit.arrow.kind`)."""
    return _apply("kind", col, engine, as_=as_, profile=profile, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def normalize(col: ColumnOrName, *, level: Optional[str] = None, as_: str = "auto",
              profile: Optional[str] = None, pid_form: Optional[str] = None,
              pid_case: Optional[str] = None, clean: bool = False, deny_warnings: bool = False,
              deny: Codes = None, allow: Codes = None, engine: Optional[str] = None) -> Column:
    """String column: the normal form (:func:`pidkit.arrow.normalize`)."""
    return _apply("normalize", col, engine, level=level, as_=as_, profile=profile,
                  pid_form=pid_form, pid_case=pid_case, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def key(col: ColumnOrName, *, level: Optional[str] = None, as_: str = "auto",
        profile: Optional[str] = None, clean: bool = False, deny_warnings: bool = False,
        deny: Codes = None, allow: Codes = None, engine: Optional[str] = None) -> Column:
    """String column: the equivalence key (:func:`pidkit.arrow.key`) — group or join on it."""
    return _apply("key", col, engine, level=level, as_=as_, profile=profile, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def identify(col: ColumnOrName, *, level: Optional[str] = None, as_: str = "auto",
             profile: Optional[str] = None, pid_form: Optional[str] = None,
             pid_case: Optional[str] = None, clean: bool = False, deny_warnings: bool = False,
             deny: Codes = None, allow: Codes = None) -> Column:
    """Struct column ``{kind, valid, normalized}`` from one reading of each row
    (:func:`pidkit.arrow.identify`; an Arrow UDF)."""
    return _apply("identify", col, "arrow", level=level, as_=as_, profile=profile,
                  pid_form=pid_form, pid_case=pid_case, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def to_uri(col: ColumnOrName, *, idna: str = "dns", query_encoding: Optional[str] = None,
           as_: str = "auto", profile: Optional[str] = None, pid_form: Optional[str] = None,
           pid_case: Optional[str] = None, clean: bool = False, deny_warnings: bool = False,
           deny: Codes = None, allow: Codes = None, engine: Optional[str] = None) -> Column:
    """String column: the URI (:func:`pidkit.arrow.to_uri`)."""
    return _apply("to_uri", col, engine, idna=idna, query_encoding=query_encoding, as_=as_,
                  profile=profile, pid_form=pid_form, pid_case=pid_case, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def to_iri(col: ColumnOrName, *, unicode_hosts: bool = False, idna: str = "dns", as_: str = "auto",
           profile: Optional[str] = None, pid_form: Optional[str] = None,
           pid_case: Optional[str] = None, clean: bool = False, deny_warnings: bool = False,
           deny: Codes = None, allow: Codes = None, engine: Optional[str] = None) -> Column:
    """String column: the IRI (:func:`pidkit.arrow.to_iri`)."""
    return _apply("to_iri", col, engine, unicode_hosts=unicode_hosts, idna=idna, as_=as_,
                  profile=profile, pid_form=pid_form, pid_case=pid_case, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def doi_name(col: ColumnOrName, *, as_: str = "auto", profile: Optional[str] = None,
             clean: bool = False, deny_warnings: bool = False, deny: Codes = None,
             allow: Codes = None, engine: Optional[str] = None) -> Column:
    """String column: the DOI name of DOIs in any written form (:func:`pidkit.arrow.doi_name`)."""
    return _apply("doi_name", col, engine, as_=as_, profile=profile, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def parse(col: ColumnOrName, *, as_: str = "auto", profile: Optional[str] = None,
          clean: bool = False, deny_warnings: bool = False, deny: Codes = None,
          allow: Codes = None) -> Column:
    """Struct column: the ``pidkit parse --json`` record (:func:`pidkit.arrow.parse`)."""
    return _apply("parse", col, "arrow", as_=as_, profile=profile, clean=clean,
                  deny_warnings=deny_warnings, deny=deny, allow=allow)


def extract(col: ColumnOrName) -> Column:
    """Array-of-struct column: the identifiers in each text (:func:`pidkit.arrow.extract`)."""
    return _apply("extract", col, "arrow")


@lru_cache(maxsize=None)
def _join_udf(non_strict: bool, profile: Optional[str], engine: str) -> Any:
    if engine == "arrow":

        def arrow_fn(base: pa.Array, refs: pa.Array) -> pa.Array:
            return _engine.join_columns(base, refs, non_strict, profile)

        return F.arrow_udf(arrow_fn, "string")
    import pandas as pd

    def pandas_fn(base: pd.Series, refs: pd.Series) -> pd.Series:
        return _engine.join_columns(
            pa.array(base, pa.large_string(), from_pandas=True),
            pa.array(refs, pa.large_string(), from_pandas=True),
            non_strict,
            profile,
        ).to_pandas()

    pandas_fn.__annotations__ = {"base": pd.Series, "refs": pd.Series, "return": pd.Series}
    return F.pandas_udf(pandas_fn, "string")


def join(base: Union[ColumnOrName, str], col: ColumnOrName, *, non_strict: bool = False,
         profile: Optional[str] = None, literal_base: bool = True, engine: Optional[str] = None) -> Column:
    """String column: references resolved against ``base`` — an IRI (a Python string, the
    default) or, with ``literal_base=False``, a column of IRIs."""
    b = F.lit(base) if literal_base and isinstance(base, str) else base
    return _join_udf(non_strict, profile, _engine_name(engine))(b, col)


def register(spark: SparkSession, prefix: str = "pid_", engine: Optional[str] = None, **options: Any) -> list[str]:
    """Register the functions for Spark SQL as ``{prefix}check``, ``{prefix}normalize``, …,
    ``{prefix}join(base, ref)``, with ``options`` (``level``, ``as_``, ``profile``, ``clean``,
    ``deny``, ``allow`` …) bound, each to the functions that take it. Returns the names
    registered.

    >>> pid.register(spark, level="scheme")  # doctest: +SKIP
    >>> spark.sql("SELECT pid_key(url) AS k, count(*) FROM links GROUP BY k")  # doctest: +SKIP
    """
    eng = _engine_name(engine)
    # With the JVM engine, the functions it has are Java UDFs and the others Arrow UDFs.
    py_eng = _engine_name(None) if eng == "jvm" else eng
    names = []
    known = {o for names in _engine.OPTIONS.values() for o in names} | {"non_strict"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise TypeError(f"pidkit.spark.register got unexpected options {', '.join(unknown)}")
    for name in _engine.BOOL_FUNCTIONS + _engine.STRING_FUNCTIONS + (_engine.NESTED_FUNCTIONS if py_eng == "arrow" else ()):
        opts = _engine.applicable(name, options)
        if eng == "jvm" and name in JVM_FUNCTIONS:
            _jvm_udf(spark, name, opts, sql_name=prefix + name)
        else:
            _engine.function(name, opts)(pa.array([], pa.string()))  # bad values fail here
            spark.udf.register(prefix + name, _udf(name, _engine.hashable(opts), py_eng))
        names.append(prefix + name)
    spark.udf.register(prefix + "join", _join_udf(bool(options.get("non_strict", False)), options.get("profile"), py_eng))
    names.append(prefix + "join")
    return names
