"""The engine adapters on real engines — PySpark in local[2] mode, a Dask LocalCluster with two
workers, Polars and DuckDB — over the 200k generated identifiers (every kind, junk, nulls):
the output is the CLI's, row for row, in order, nulls kept, over many Arrow batches."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pyarrow as pa
import pytest

import pidkit.arrow as pa_pid

BATCH = 10000


@pytest.fixture(scope="module")
def table(ids):
    return pa.table({"i": pa.array(range(len(ids)), pa.int64()), "id": pa.array(ids, pa.string())})


# ---------------------------------------------------------------- Spark


def spark_jar() -> Optional[str]:
    """pidkit-spark.jar (the JVM functions): ``$PIDKIT_SPARK_JAR``, else target/pidkit-spark.jar
    of this clone if built (scripts/test-all builds it)."""
    jar = os.environ.get("PIDKIT_SPARK_JAR") or str(Path(__file__).resolve().parents[3] / "target" / "pidkit-spark.jar")
    return jar if Path(jar).is_file() else None


@pytest.fixture(scope="module")
def spark():
    os.environ.setdefault("PYSPARK_PYTHON", os.sys.executable)
    # Loopback only: on a machine whose host name does not resolve (a sandboxed CI runner
    # without DNS), Spark's look-up of its own address can stall for minutes.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("SPARK_LOCAL_HOSTNAME", "localhost")
    from pyspark.sql import SparkSession

    s = (
        SparkSession.builder.master("local[2]")
        .appName("pidkit-tests")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.jars", spark_jar() or "")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(BATCH))
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("ERROR")
    # A job through a Python worker before any test: if the session cannot run one, this
    # module-scoped fixture fails once (under pytest-timeout) and every Spark test reports
    # that error at once instead of each waiting out its own timeout.
    assert s.createDataFrame([(1,), (2,)], "a int").rdd.map(lambda r: r.a * 2).collect() == [2, 4]
    yield s
    s.stop()


@pytest.fixture(scope="module")
def sdf(spark, table):
    return spark.createDataFrame(table).repartition(4, "i").sortWithinPartitions("i").cache()


def spark_rows(df, col: str) -> list:
    t = df.orderBy("i").toArrow()
    assert t.column("i").to_pylist() == list(range(t.num_rows))
    return t.column(col).to_pylist()


def test_spark_string_and_bool_functions_match_the_cli(sdf, expected):
    import pidkit.spark as pid

    df = sdf.select(
        "i",
        pid.check("id").alias("valid"),
        pid.kind("id").alias("kind"),
        pid.normalize("id", level="scheme").alias("norm"),
        pid.key("id").alias("key"),
        pid.to_uri("id").alias("uri"),
        pid.to_iri("id").alias("iri"),
        pid.doi_name("id").alias("doi"),
    )
    t = df.orderBy("i").toArrow()
    assert t.column("i").to_pylist() == list(range(len(expected.values)))
    assert t.column("valid").to_pylist() == expected.valid()
    assert t.column("kind").to_pylist() == expected.kind()
    assert t.column("norm").to_pylist() == expected.normalize("scheme")
    assert t.column("key").to_pylist() == expected.key()
    assert t.column("uri").to_pylist() == expected.to_uri()
    assert t.column("iri").to_pylist() == expected.to_iri()
    assert t.column("doi").to_pylist() == expected.doi_name()


@pytest.fixture(scope="module")
def jvm(spark):
    """The JVM functions need pidkit-spark.jar: skipped without it, except under CI."""
    if spark_jar() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pidkit-spark.jar is missing (scripts/build-spark-jar builds it; scripts/test-all does)")
        pytest.skip("pidkit-spark.jar not built (scripts/build-spark-jar): JVM functions skipped")
    return spark


def test_spark_jvm_functions_match_the_cli(jvm, sdf, expected):
    import pidkit.spark as pid

    df = sdf.select(
        "i",
        pid.check("id", engine="jvm").alias("valid"),
        pid.kind("id", engine="jvm").alias("kind"),
        pid.normalize("id", level="scheme", engine="jvm").alias("norm"),
        pid.normalize("id", engine="jvm").alias("norm_default"),
        pid.key("id", engine="jvm").alias("key"),
        pid.doi_name("id", engine="jvm").alias("doi"),
    )
    t = df.orderBy("i").toArrow()
    assert t.column("i").to_pylist() == list(range(len(expected.values)))
    assert t.column("valid").to_pylist() == expected.valid()
    assert t.column("kind").to_pylist() == expected.kind()
    assert t.column("norm").to_pylist() == expected.normalize("scheme")
    assert t.column("norm_default").to_pylist() == expected.normalize()
    assert t.column("key").to_pylist() == expected.key()
    assert t.column("doi").to_pylist() == expected.doi_name()


def test_spark_jvm_options_are_the_arrow_functions(jvm, sdf, cli, expected):
    """Every option the JVM functions take gives what the Arrow function gives with it."""
    import pidkit.spark as pid

    cases = [
        ("normalize", dict(pid_form="url", pid_case="lower", level="syntax")),
        ("normalize", dict(as_="iri-ref", profile="rfc3987")),
        ("key", dict(level="simple", as_="uri-ref")),
        ("check", dict(deny_warnings=True, profile="legacy")),
        ("kind", dict(as_="leiri")),
        ("doi_name", dict(as_="doi", profile="legacy")),
    ]
    cols = []
    for n, (name, opts) in enumerate(cases):
        fn = getattr(pid, name)
        cols += [fn("id", engine="jvm", **opts).alias(f"j{n}"), fn("id", **opts).alias(f"a{n}")]
    t = sdf.select("i", *cols).orderBy("i").toArrow()
    for n, case in enumerate(cases):
        assert t.column(f"j{n}").to_pylist() == t.column(f"a{n}").to_pylist(), case


def test_spark_jvm_sql_functions(jvm, sdf, expected):
    import pidkit.spark as pid

    names = pid.register(jvm, prefix="jpid_", engine="jvm", level="scheme")
    assert "jpid_normalize" in names and "jpid_to_uri" in names and "jpid_join" in names
    sdf.createOrReplaceTempView("jids")
    t = jvm.sql(
        "SELECT i, jpid_normalize(id) AS n, jpid_check(id) AS ok, jpid_doi_name(id) AS d, "
        "jpid_to_uri(id) AS u FROM jids ORDER BY i"
    ).toArrow()
    assert t.column("n").to_pylist() == expected.normalize("scheme")
    assert t.column("ok").to_pylist() == expected.valid()
    assert t.column("d").to_pylist() == expected.doi_name()
    assert t.column("u").to_pylist() == expected.to_uri()


def test_spark_jvm_refuses_what_it_does_not_have(jvm):
    import pidkit.spark as pid

    with pytest.raises(ValueError, match="no JVM engine"):
        pid.to_uri("id", engine="jvm")
    with pytest.raises(ValueError, match="unknown level"):
        pid.normalize("id", level="exact", engine="jvm")
    with pytest.raises(ValueError, match="unknown warning code"):
        pid.normalize("id", deny="doi-nothing", engine="jvm")
    with pytest.raises(ValueError, match="unknown engine"):
        pid.normalize("id", engine="scala")


def test_spark_runs_many_arrow_batches(sdf, ids):
    from pyspark.sql import functions as F

    def batch_len(s: pa.Array) -> pa.Array:
        return pa.array([len(s)] * len(s), pa.int64())

    sizes = sdf.select(F.arrow_udf(batch_len, "bigint")("id").alias("n")).groupBy("n").count().collect()
    assert max(r["n"] for r in sizes) <= BATCH
    batches = sum(r["count"] // r["n"] for r in sizes)
    assert batches >= len(ids) // BATCH


def test_spark_parse_is_the_cli_record(sdf, expected):
    import pidkit.spark as pid

    got = spark_rows(sdf.select("i", pid.parse("id").alias("p")), "p")
    assert got == expected.parse()


@pytest.mark.parametrize("large", ["true", "false"])
def test_spark_with_and_without_large_string_types(spark, sdf, expected, large):
    import pidkit.spark as pid

    spark.conf.set("spark.sql.execution.arrow.useLargeVarTypes", large)
    try:
        got = spark_rows(sdf.select("i", pid.normalize("id").alias("n")), "n")
    finally:
        spark.conf.unset("spark.sql.execution.arrow.useLargeVarTypes")
    assert got == expected.normalize()


def test_spark_pandas_udf_fallback(sdf, expected):
    import pidkit.spark as pid

    got = spark_rows(sdf.select("i", pid.normalize("id", engine="pandas").alias("n")), "n")
    assert got == expected.normalize()


def test_spark_sql_functions(spark, sdf, expected, cli):
    import pidkit.spark as pid

    names = pid.register(spark, level="scheme")
    assert "pid_normalize" in names and "pid_join" in names
    sdf.createOrReplaceTempView("ids")
    t = spark.sql(
        "SELECT i, pid_normalize(id) AS n, pid_check(id) AS ok, pid_join('http://a/b/c/d;p?q', id) AS j "
        "FROM ids ORDER BY i"
    ).toArrow()
    assert t.column("n").to_pylist() == expected.normalize("scheme")
    assert t.column("ok").to_pylist() == expected.valid()
    assert t.column("j").to_pylist() == cli.field(("join", "http://a/b/c/d;p?q"), expected.values, "resolved")


def test_spark_extract(spark, texts, expected_extract):
    import pidkit.spark as pid

    t = pa.table({"i": pa.array(range(len(texts)), pa.int64()), "text": pa.array(texts, pa.string())})
    got = spark_rows(spark.createDataFrame(t).select("i", pid.extract("text").alias("f")), "f")
    assert [None if g is None else [{k: f[k] for k in ("start", "kind", "match", "name")} for f in g] for g in got] == expected_extract


def test_spark_rdds_carry_the_scalar_objects(spark, ids):
    """Objects made on the executors come back to the driver (pickled), equal and typed."""
    import pidkit

    valid = [v for v in ids[:20000] if v is not None and pidkit.check(v)][:3000]
    got = spark.sparkContext.parallelize(valid, 4).map(pidkit.parse).collect()
    want = [pidkit.parse(v) for v in valid]
    assert [type(x) for x in got] == [type(x) for x in want]
    assert [(str(x), x.key(), x.normalize()) for x in got] == [(str(x), x.key(), x.normalize()) for x in want]
    checks = spark.sparkContext.parallelize(ids[:3000], 4).filter(lambda v: v is not None).map(pidkit.check).collect()
    assert [(c.input, c.valid, c.kind) for c in checks] == [
        (c.input, c.valid, c.kind) for c in map(pidkit.check, [v for v in ids[:3000] if v is not None])
    ]


def test_pandas_series_with_values_that_are_not_text():
    """A lone surrogate in one value fails no batch: that row gets the CLI's answer for a line
    that is not UTF-8, the others theirs."""
    import pandas as pd

    import pidkit.pandas as pid

    s = pd.Series(["doi:10.1000/182", "http://a/\udcff", None, "urn:ISBN:0-451-45052-3"], index=[5, 6, 7, 8], name="id")
    assert pid.check(s).tolist() == [True, False, pd.NA, True]
    assert pid.kind(s).tolist() == ["doi", "unknown", pd.NA, "urn"]
    assert pid.key(s).tolist() == ["doi:10.1000/182", pd.NA, pd.NA, "urn:isbn:9780451450524"]
    assert pid.doi_name(s).tolist() == ["10.1000/182", pd.NA, pd.NA, pd.NA]
    assert list(pid.check(s).index) == [5, 6, 7, 8] and pid.kind(s).name == "id"


# ---------------------------------------------------------------- Dask


def test_dask_map_partitions_on_a_local_cluster(table, expected):
    import dask.dataframe as dd
    from distributed import Client, LocalCluster

    import pidkit.pandas as pid

    pdf = table.to_pandas(types_mapper=lambda t: __import__("pandas").ArrowDtype(t) if pa.types.is_string(t) else None)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1") as cluster, Client(cluster):
        ddf = dd.from_pandas(pdf, npartitions=20)
        ddf["norm"] = ddf["id"].map_partitions(pid.normalize, level="scheme", meta=("id", "string[pyarrow]"))
        ddf["ok"] = ddf["id"].map_partitions(pid.check, meta=("id", "boolean"))
        ddf["doi"] = ddf["id"].map_partitions(pid.doi_name, meta=("id", "string[pyarrow]"))
        out = ddf.compute()
    assert out["i"].tolist() == list(range(len(expected.values)))
    none = lambda xs: [None if x is None or x is __import__("pandas").NA else x for x in xs]  # noqa: E731
    assert none(out["norm"].tolist()) == expected.normalize("scheme")
    assert none(out["ok"].tolist()) == expected.valid()
    assert none(out["doi"].tolist()) == expected.doi_name()


# ---------------------------------------------------------------- Polars


def test_polars_namespace_matches_the_cli(table, expected, polars_road):
    import polars as pl

    import pidkit.polars  # noqa: F401

    # Many chunks: a frame built from 20 slices, not rechunked.
    df = pl.concat([pl.from_arrow(table.slice(k, BATCH)) for k in range(0, table.num_rows, BATCH)], rechunk=False)
    assert df["id"].n_chunks() > 1
    out = df.select(
        pl.col("i"),
        pl.col("id").pid.check().alias("ok"),
        pl.col("id").pid.normalize(level="scheme").alias("norm"),
        pl.col("id").pid.to_uri().alias("uri"),
        pl.col("id").pid.doi_name().alias("doi"),
        pl.col("id").pid.kind().alias("kind"),
    )
    assert out["i"].to_list() == list(range(len(expected.values)))
    assert out["ok"].to_list() == expected.valid()
    assert out["norm"].to_list() == expected.normalize("scheme")
    assert out["uri"].to_list() == expected.to_uri()
    assert out["doi"].to_list() == expected.doi_name()
    assert out["kind"].to_list() == expected.kind()
    lazy = df.lazy().select(pl.col("id").pid.key()).collect(engine="streaming")
    assert lazy["id"].to_list() == expected.key()
    parsed = df["id"].pid.parse()
    assert parsed.to_list() == expected.parse()


@pytest.fixture(params=["native", "arrow"])
def polars_road(request, monkeypatch):
    """Each Polars test on both roads: the native plugin, and the Arrow batch functions it
    falls back to when a Polars cannot load it."""
    import pidkit.polars

    if request.param == "arrow":
        monkeypatch.setattr(pidkit.polars, "NATIVE", False)
    return request.param


def test_polars_loads_the_native_plugin():
    # The pinned Polars runs the plugin: were it to fall back without a word, every Polars test
    # would pass on the Arrow road and the plugin would go untested.
    import pidkit.polars

    assert pidkit.polars.NATIVE is True


def test_polars_plugin_answers_as_the_arrow_functions_row_by_row():
    # The plugin reads every row through the same spec as pidkit.arrow, in groups of alike
    # values: on a column of every kind (40,000 rows, nulls, chunk edges) and with options,
    # each row gets the batch function's answer.
    import generate
    import polars as pl

    import pidkit.polars  # noqa: F401

    values = generate.zoo(40_000, seed=7)
    arr = pa.array(values, pa.string())
    df = pl.DataFrame({"v": values}, schema={"v": pl.String})
    cases = [
        ("check", {}),
        ("check", {"deny_warnings": True}),
        ("kind", {"as_": "doi"}),
        ("normalize", {}),
        ("normalize", {"level": "scheme", "pid_form": "url", "pid_case": "lower"}),
        ("key", {"clean": True, "deny": "cleaned-wrapper"}),
        ("doi_name", {}),
        ("identify", {"level": "simple", "profile": "legacy,rfc2141"}),
        ("to_uri", {}),
        ("to_uri", {"idna": "any", "query_encoding": "windows-1252", "pid_form": "url"}),
        ("to_uri", {"clean": True, "deny": ["cleaned-wrapper"], "allow": "cleaned-label"}),
        ("to_iri", {}),
        ("to_iri", {"unicode_hosts": True, "idna": "never", "as_": "iri-ref"}),
        ("parse", {}),
        ("parse", {"clean": True, "deny": "cleaned-wrapper", "profile": "legacy,rfc2141", "as_": "iri-ref"}),
        ("extract", {}),
    ]
    for name, options in cases:
        got = df.select(getattr(pl.col("v").pid, name)(**options))["v"].to_list()
        want = getattr(pa_pid, name)(arr, **options).to_pylist()
        assert got == want, (name, options)


def test_polars_columns_of_other_types(polars_road):
    import polars as pl

    import pidkit.polars  # noqa: F401

    nulls = pl.DataFrame({"v": [None, None]})
    assert nulls.select(pl.col("v").pid.check())["v"].to_list() == [None, None]
    assert nulls.select(pl.col("v").pid.identify())["v"].to_list() == [None, None]
    empty = pl.DataFrame({"v": []}, schema={"v": pl.String})
    assert empty.select(pl.col("v").pid.key())["v"].dtype == pl.String
    assert empty.select(pl.col("v").pid.identify())["v"].dtype == pl.Struct(
        {"kind": pl.String, "valid": pl.Boolean, "normalized": pl.String}
    )
    # Other types are read as Polars casts them to strings; the plugin is handed strings alone
    # (a categorical handed to it as it is would abort the process in the plugin's import).
    pmids = pl.DataFrame({"v": [31452104, None]})
    assert pmids.select(pl.col("v").pid.kind(as_="pmid"))["v"].to_list() == ["pmid", None]
    assert pmids["v"].pid.check(as_="pmid").to_list() == [True, None]
    for dtype in (pl.Categorical, pl.Enum(["10.1000/A", "nope"])):
        cat = pl.DataFrame({"v": ["10.1000/A", "nope", None]}, schema={"v": dtype})
        assert cat.select(pl.col("v").pid.key())["v"].to_list() == ["doi:10.1000/A", None, None]
        assert cat["v"].pid.identify().to_list()[1]["valid"] is False
    utf8 = pl.DataFrame({"v": [b"10.1000/A"]})
    assert utf8.select(pl.col("v").pid.key())["v"].to_list() == ["doi:10.1000/A"]
    with pytest.raises(pl.exceptions.ComputeError, match="invalid utf8"):
        pl.DataFrame({"v": [b"10.1000/A", b"\xff"]}).select(pl.col("v").pid.key())
    with pytest.raises(pl.exceptions.InvalidOperationError):
        pl.DataFrame({"v": [["10.1000/A"]]}).select(pl.col("v").pid.key())
    # In a group_by (the plugin is elementwise: each group's rows, each row's own answer).
    df = pl.DataFrame({"g": [1, 1, 2], "v": ["10.1000/A", "doi:10.1000/a", "nope"]})
    out = df.group_by("g", maintain_order=True).agg(pl.col("v").pid.key())
    assert out.rows() == [(1, ["doi:10.1000/A", "doi:10.1000/A"]), (2, [None])]


def test_polars_join(table, expected, cli, polars_road):
    import polars as pl

    import pidkit.polars  # noqa: F401
    from pidkit import _engine

    base = "http://a/b/c/d;p?q"
    want = cli.field(("join", base), expected.values, "resolved")
    df = pl.concat([pl.from_arrow(table.slice(k, BATCH)) for k in range(0, table.num_rows, BATCH)], rechunk=False)
    assert df.select(pl.col("id").pid.join(base))["id"].to_list() == want
    assert df["id"].pid.join(base).to_list() == want
    lazy = df.lazy().select(pl.col("id").pid.join(base)).collect(engine="streaming")
    assert lazy["id"].to_list() == want
    # A base per row, each row's own: a null base or one that is no IRI gives null, as the
    # other engines' join of two columns does.
    bases = [[base, None, "not a base", "https://x.example/a/b?c", "urn:x:y"][i % 5] for i in range(df.height)]
    with_bases = df.with_columns(pl.Series("b", bases, pl.String))
    by_row = _engine.join_columns(pa.array(bases, pa.string()), pa.array(expected.values, pa.string())).to_pylist()
    assert with_bases.select(pl.col("id").pid.join(pl.col("b")))["id"].to_list() == by_row
    assert with_bases["id"].pid.join(with_bases["b"]).to_list() == by_row
    assert with_bases.select(pl.col("id").pid.join(pl.lit(base)))["id"].to_list() == want
    # RFC 3986 §5.4.2: "http:g" is "http:g" to a strict parser, "http://a/b/c/g" otherwise.
    g = pl.DataFrame({"r": ["http:g", None]})
    assert g.select(pl.col("r").pid.join(base))["r"].to_list() == ["http:g", None]
    assert g.select(pl.col("r").pid.join(base, non_strict=True))["r"].to_list() == ["http://a/b/c/g", None]
    with pytest.raises(pidkit.ParseError):
        pl.col("r").pid.join("not a base")
    with pytest.raises(ValueError, match="profile"):
        pl.col("r").pid.join(pl.col("b"), profile="no-such-profile")


def test_polars_extract(texts, expected_extract, polars_road):
    import polars as pl

    import pidkit.polars  # noqa: F401

    # Many chunks, as in the namespace's test above.
    t = pa.table({"text": pa.array(texts, pa.string())})
    df = pl.concat([pl.from_arrow(t.slice(k, 37)) for k in range(0, t.num_rows, 37)], rechunk=False)
    got = df.select(pl.col("text").pid.extract())["text"].to_list()
    assert [None if g is None else [{k: f[k] for k in ("start", "kind", "match", "name")} for f in g] for g in got] == expected_extract
    assert df["text"].pid.extract().to_list() == got
    lazy = df.lazy().select(pl.col("text").pid.extract()).collect(engine="streaming")
    assert lazy["text"].to_list() == got


def test_polars_nested_columns_have_their_type_before_any_row():
    # The plugin's parse and extract say their struct and list types to a lazy query's schema
    # without running (the Arrow road infers them from the first batch); an empty column and
    # a column of nulls have the same type as a column of values.
    import polars as pl

    import pidkit.polars  # noqa: F401

    df = pl.DataFrame({"v": ["doi:10.1000/ABC", None, "see https://doi.org/10.1000/x"]})
    for name in ("parse", "extract"):
        expr = getattr(pl.col("v").pid, name)()
        schema = df.lazy().select(expr).collect_schema()["v"]
        assert df.select(expr)["v"].dtype == schema, name
        empty = pl.DataFrame({"v": []}, schema={"v": pl.String}).select(expr)
        assert empty["v"].dtype == schema, name
        nulls = pl.DataFrame({"v": [None, None]}, schema={"v": pl.String}).select(expr)
        assert nulls["v"].dtype == schema and nulls["v"].to_list() == [None, None], name
    assert isinstance(df.lazy().select(pl.col("v").pid.parse()).collect_schema()["v"], pl.Struct)


# ---------------------------------------------------------------- DuckDB


def test_duckdb_sql_functions_match_the_cli(table, expected, cli, texts, expected_extract):
    import duckdb

    import pidkit.duckdb

    con = duckdb.connect()
    con.execute("SET threads TO 2")
    pidkit.duckdb.register(con)
    con.register("ids", table)
    t = con.sql(
        "SELECT i, pid_check(id) AS ok, pid_kind(id) AS kind, pid_normalize(id) AS norm, pid_key(id) AS key, "
        "pid_to_uri(id) AS uri, pid_to_iri(id) AS iri, pid_doi_name(id) AS doi, "
        "pid_join('http://a/b/c/d;p?q', id) AS j FROM ids ORDER BY i"
    ).arrow()
    t = t.read_all() if hasattr(t, "read_all") else t
    assert t.column("i").to_pylist() == list(range(len(expected.values)))
    assert t.column("ok").to_pylist() == expected.valid()
    assert t.column("kind").to_pylist() == expected.kind()
    assert t.column("norm").to_pylist() == expected.normalize()
    assert t.column("key").to_pylist() == expected.key()
    assert t.column("uri").to_pylist() == expected.to_uri()
    assert t.column("iri").to_pylist() == expected.to_iri()
    assert t.column("doi").to_pylist() == expected.doi_name()
    assert t.column("j").to_pylist() == cli.field(("join", "http://a/b/c/d;p?q"), expected.values, "resolved")
    p = con.sql("SELECT pid_parse(id) AS p FROM ids ORDER BY i").arrow()
    p = p.read_all() if hasattr(p, "read_all") else p
    assert p.column("p").to_pylist() == expected.parse()
    con.register("texts", pa.table({"i": pa.array(range(len(texts))), "t": pa.array(texts, pa.string())}))
    e = con.sql("SELECT pid_extract(t) AS f FROM texts ORDER BY i").arrow()
    e = e.read_all() if hasattr(e, "read_all") else e
    got = e.column("f").to_pylist()
    assert [None if g is None else [{k: f[k] for k in ("start", "kind", "match", "name")} for f in g] for g in got] == expected_extract


# ---------------------------------------------------------------- the CLI's reading options

#: The options the engine tests pass, and the CLI's flags for them.
OPTS = {"clean": True, "deny": ["cleaned-wrapper"], "allow": "cleaned-label"}
FLAGS = ("--clean", "--deny", "cleaned-wrapper", "--allow", "cleaned-label")


@pytest.fixture(scope="module")
def messy_values(ids):
    """10,000 generated identifiers and the same pasted messily (labels, brackets, quotes,
    trailing punctuation), without line breaks (the CLI reads lines)."""
    from test_options import messy

    sample = [v for v in ids[:10000] if v is None or ("\n" not in v and "\r" not in v)]
    return sample + messy(sample)


@pytest.fixture(scope="module")
def messy_expected(cli, messy_values):
    """The CLI's answers with ``FLAGS``: a transform's value where the record is valid."""

    def gated(cmd, member):
        return [None if r is None or not r["valid"] else r[member] for r in cli.records((cmd, *FLAGS), messy_values)]

    check = cli.records(("check", *FLAGS), messy_values)
    norm = cli.records(("normalize", *FLAGS), messy_values)
    return {
        "valid": [None if r is None else r["valid"] for r in check],
        "kind": [None if r is None else r["kind"] for r in check],
        "normalized": gated("normalize", "normalized"),
        "key": gated("key", "key"),
        "uri": gated("to-uri", "uri"),
        "identify": [
            None if r is None else {"kind": r["kind"], "valid": r["valid"], "normalized": r["normalized"] if r["valid"] else None}
            for r in norm
        ],
    }


@pytest.fixture(scope="module")
def messy_table(messy_values):
    return pa.table({"i": pa.array(range(len(messy_values)), pa.int64()), "id": pa.array(messy_values, pa.string())})


def test_polars_takes_the_clis_options(messy_table, messy_expected, polars_road):
    import polars as pl

    import pidkit.polars  # noqa: F401

    df = pl.from_arrow(messy_table)
    out = df.lazy().select(
        pl.col("id").pid.check(**OPTS).alias("ok"),
        pl.col("id").pid.kind(**OPTS).alias("kind"),
        pl.col("id").pid.normalize(**OPTS).alias("norm"),
        pl.col("id").pid.key(**OPTS).alias("key"),
        pl.col("id").pid.to_uri(**OPTS).alias("uri"),
        pl.col("id").pid.identify(**OPTS).alias("ident"),
    ).collect(engine="streaming")
    assert out["ok"].to_list() == messy_expected["valid"]
    assert out["kind"].to_list() == messy_expected["kind"]
    assert out["norm"].to_list() == messy_expected["normalized"]
    assert out["key"].to_list() == messy_expected["key"]
    assert out["uri"].to_list() == messy_expected["uri"]
    assert out["ident"].to_list() == messy_expected["identify"]
    assert df["id"].pid.key(**OPTS).to_list() == messy_expected["key"]
    with pytest.raises(ValueError, match="unknown warning code 'cleaned-nothing'"):
        pl.col("id").pid.key(deny="cleaned-nothing")
    with pytest.raises(TypeError, match="unexpected options idna"):
        pl.col("id").pid.key(idna="any")
    with pytest.raises(ValueError, match="unknown idna 'dnz'"):
        pl.col("id").pid.to_uri(idna="dnz")
    with pytest.raises(ValueError, match="keep the case"):
        pl.col("id").pid.to_iri(pid_case="lower")
    with pytest.raises(TypeError, match="unexpected options unicode_hosts"):
        pl.col("id").pid.to_uri(unicode_hosts=True)


def test_duckdb_takes_the_clis_options(messy_table, messy_expected):
    import duckdb

    import pidkit.duckdb

    con = duckdb.connect()
    con.execute("SET threads TO 2")
    names = pidkit.duckdb.register(con, prefix="pidc_", **OPTS)
    assert "pidc_identify" in names
    con.register("messy", messy_table)
    t = con.sql(
        "SELECT i, pidc_check(id) AS ok, pidc_kind(id) AS kind, pidc_normalize(id) AS norm, "
        "pidc_key(id) AS key, pidc_to_uri(id) AS uri, pidc_identify(id) AS ident FROM messy ORDER BY i"
    ).arrow()
    t = t.read_all() if hasattr(t, "read_all") else t
    assert t.column("ok").to_pylist() == messy_expected["valid"]
    assert t.column("kind").to_pylist() == messy_expected["kind"]
    assert t.column("norm").to_pylist() == messy_expected["normalized"]
    assert t.column("key").to_pylist() == messy_expected["key"]
    assert t.column("uri").to_pylist() == messy_expected["uri"]
    assert t.column("ident").to_pylist() == messy_expected["identify"]
    with pytest.raises(ValueError, match="unknown warning code"):
        pidkit.duckdb.register(con, prefix="bad_", deny="no-such-code")
    with pytest.raises(TypeError, match="unexpected options"):
        pidkit.duckdb.register(con, prefix="bad_", levels="scheme")


def test_pandas_takes_the_clis_options(messy_values, messy_expected):
    import pandas as pd

    import pidkit.pandas as pid

    s = pd.Series(messy_values, dtype="string[pyarrow]")
    none = lambda xs: [None if x is None or x is pd.NA else x for x in xs]  # noqa: E731
    assert none(pid.key(s, **OPTS).tolist()) == messy_expected["key"]
    assert none(pid.check(s, **OPTS).tolist()) == messy_expected["valid"]
    assert none(pid.normalize(s, **OPTS).tolist()) == messy_expected["normalized"]


def test_spark_takes_the_clis_options(spark, messy_table, messy_expected):
    import pidkit.spark as pid

    df = spark.createDataFrame(messy_table).repartition(4, "i")
    t = df.select(
        "i",
        pid.check("id", **OPTS).alias("ok"),
        pid.kind("id", **OPTS).alias("kind"),
        pid.normalize("id", **OPTS).alias("norm"),
        pid.key("id", **OPTS).alias("key"),
        pid.to_uri("id", **OPTS).alias("uri"),
        pid.identify("id", **OPTS).alias("ident"),
    ).orderBy("i").toArrow()
    assert t.column("ok").to_pylist() == messy_expected["valid"]
    assert t.column("kind").to_pylist() == messy_expected["kind"]
    assert t.column("norm").to_pylist() == messy_expected["normalized"]
    assert t.column("key").to_pylist() == messy_expected["key"]
    assert t.column("uri").to_pylist() == messy_expected["uri"]
    assert t.column("ident").to_pylist() == messy_expected["identify"]
    with pytest.raises(ValueError, match="unknown warning code"):
        pid.key("id", deny="no-such-code")


def test_spark_jvm_functions_take_the_clis_options(jvm, messy_table, messy_expected):
    """The deny and allow lists travel beside the code (the policy string) and are read once
    per executor JVM; every row's answer is the CLI's."""
    import pidkit.spark as pid

    df = jvm.createDataFrame(messy_table).repartition(4, "i")
    t = df.select(
        "i",
        pid.check("id", engine="jvm", **OPTS).alias("ok"),
        pid.kind("id", engine="jvm", **OPTS).alias("kind"),
        pid.normalize("id", engine="jvm", **OPTS).alias("norm"),
        pid.key("id", engine="jvm", **OPTS).alias("key"),
        pid.key("id", engine="jvm", clean=True).alias("key_clean"),
    ).orderBy("i").toArrow()
    assert t.column("ok").to_pylist() == messy_expected["valid"]
    assert t.column("kind").to_pylist() == messy_expected["kind"]
    assert t.column("norm").to_pylist() == messy_expected["normalized"]
    assert t.column("key").to_pylist() == messy_expected["key"]
    want = pa_pid.key(messy_table.column("id"), clean=True).to_pylist()
    assert t.column("key_clean").to_pylist() == want
    names = pid.register(jvm, prefix="jpidc_", engine="jvm", **OPTS)
    assert "jpidc_key" in names
    df.createOrReplaceTempView("jmessy")
    s = jvm.sql("SELECT i, jpidc_key(id) AS k, jpidc_check(id) AS ok FROM jmessy ORDER BY i").toArrow()
    assert s.column("k").to_pylist() == messy_expected["key"]
    assert s.column("ok").to_pylist() == messy_expected["valid"]
    with pytest.raises(ValueError, match="unknown warning code"):
        pid.check("id", engine="jvm", allow=["no-such-code"])
