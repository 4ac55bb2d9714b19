"""DOI normalization at scale: pidkit.arrow against idutils and a pure-Python regex on one core,
and inside Spark (local[2]) pidkit's Arrow UDF against idutils in a pandas_udf and Spark's own
regexp_extract. Not a test: it prints a Markdown table and the differences from idutils.

    python crates/pidkit-py/bench/bench_dois.py            # 10 M DOIs (fixed seed)
    python crates/pidkit-py/bench/bench_dois.py --n 1000000 --spark-n 1000000

With ``target/pidkit-spark.jar`` built (``scripts/build-spark-jar``; ``--spark-jar`` to name
another), Spark also runs pidkit's JVM functions (``engine="jvm"``).

The DOIs come from ``generate.dois`` (reference-string forms, mixed case, percent-encoding,
5 % junk, 1 % nulls). Each single-core figure, the Python loops' too, is the best of ``--repeat``
runs.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import time
from pathlib import Path

import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate  # noqa: E402

# The pure-Python baseline: the usual reference-list regex (prefix, then 10.NNNN/suffix).
DOI_RE = re.compile(r"^\s*(?:doi:\s*|https?://(?:dx\.)?doi\.org/|doi\.org/)?(10\.\d{4,9}/\S+)\s*$", re.I)


def regex_doi(s):
    if s is None:
        return None
    m = DOI_RE.match(s)
    return m.group(1) if m else None


def idutils_doi(s):
    import idutils

    if s is None:
        return None
    try:
        return idutils.normalize_doi(s)
    except Exception:  # it raises on what it does not recognise
        return None


def best(fn, repeat):
    times = []
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def one_core(values, repeat):
    import pidkit.arrow as pa_pid

    arr = pa.array(values, pa.string())
    n = len(values)
    rows = []
    t, names = best(lambda: pa_pid.doi_name(arr), repeat)
    rows.append(("pidkit.arrow.doi_name", t))
    # The same rows as Parquet files and Spark hand them over: chunks of 10,000 (each its own
    # small output array, where one 10 M array pays for fresh pages of memory).
    chunked = pa.chunked_array([arr.slice(i, 10_000) for i in range(0, n, 10_000)])
    t, _ = best(lambda: pa_pid.doi_name(chunked), repeat)
    rows.append(("pidkit.arrow.doi_name, chunks of 10,000", t))
    t, _ = best(lambda: pa_pid.normalize(arr), repeat)
    rows.append(("pidkit.arrow.normalize", t))
    t, _ = best(lambda: pa_pid.check(arr), repeat)
    rows.append(("pidkit.arrow.check", t))
    # The Python loops get the same best-of-`repeat` as pidkit: their time varies between runs
    # by as much as pidkit's, and the ratio is of the best of each.
    t, ids = best(lambda: [idutils_doi(s) for s in values], repeat)
    rows.append(("idutils.normalize_doi (Python loop)", t))
    t, _ = best(lambda: [regex_doi(s) for s in values], repeat)
    rows.append(("pure-Python regex (Python loop)", t))
    base = dict(rows)["idutils.normalize_doi (Python loop)"]
    print(f"\n### One core, {n:,} DOIs\n")
    print("| function | time | DOIs/s | × idutils |")
    print("|---|---:|---:|---:|")
    for name, t in rows:
        print(f"| {name} | {t:.2f} s | {n / t / 1e6:.2f} M | {base / t:.1f}× |")
    return names.to_pylist(), ids


def differences(values, pidkit_names, idutils_names, show=3):
    """Every disagreement between pidkit's DOI name and idutils', grouped by reason."""
    groups = collections.defaultdict(list)
    for v, p, i in zip(values, pidkit_names, idutils_names):
        if p == i:
            continue
        if p is None and i is not None:
            reason = "idutils accepts, pidkit rejects"
        elif p is not None and i is None:
            reason = "pidkit accepts, idutils rejects"
        elif p == i.split("?")[0]:
            reason = "idutils keeps a resolver URL's query (`?noredirect`), pidkit drops it"
        elif p == _unquote(i):
            reason = "idutils keeps percent-encoding, pidkit decodes it"
        elif p == _unquote(i.split("?")[0]):
            reason = "both: query kept and percent-encoding kept by idutils"
        else:
            reason = "other"
        groups[reason].append((v, p, i))
    agree = sum(1 for p, i in zip(pidkit_names, idutils_names) if p == i)
    print(f"\n### Differences from idutils: {agree:,} of {len(values):,} identical\n")
    print("| reason | rows | example: input → pidkit / idutils |")
    print("|---|---:|---|")
    for reason, rows in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        ex = "; ".join(f"`{v}` → `{p}` / `{i}`" for v, p, i in rows[:show])
        print(f"| {reason} | {len(rows):,} | {ex} |")


def _unquote(s):
    from urllib.parse import unquote

    return unquote(s)


def spark_bench(values, repeat, jar):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    import pandas as pd
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    import pidkit.spark as pid

    spark = (
        SparkSession.builder.master("local[2]")
        .appName("pidkit-bench")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "10000")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "6g")
        .config("spark.jars", jar or "")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    n = len(values)
    df = spark.createDataFrame(pa.table({"ref": pa.array(values, pa.string())})).repartition(8).cache()
    df.count()

    def idutils_series(s: pd.Series) -> pd.Series:
        return s.map(idutils_doi)

    idutils_series.__annotations__ = {"s": pd.Series, "return": pd.Series}
    idutils_udf = F.pandas_udf(idutils_series, "string")
    regex = r"^\s*(?:(?i)doi:\s*|https?://(?:dx\.)?doi\.org/|doi\.org/)?(10\.\d{4,9}/\S+)\s*$"
    # The floor of any Python UDF: an Arrow UDF that returns its input does the JVM → Python →
    # JVM round trip and nothing else.
    identity = F.arrow_udf(lambda s: s, "string") if pid.has_arrow_udf() else None
    cases = [
        ("pidkit.spark.doi_name (Arrow UDF)", pid.doi_name("ref")),
        ("pidkit.spark.normalize (Arrow UDF)", pid.normalize("ref")),
        ("idutils.normalize_doi in a pandas_udf", idutils_udf("ref")),
        ("regexp_extract (JVM)", F.regexp_extract("ref", regex, 1)),
    ]
    if identity is not None:
        cases.append(("Arrow UDF returning its input (the floor)", identity("ref")))
    # The floors of any function in the JVM: the column written as it is, and a built-in
    # string function of Spark's own (upper-casing, on its UTF-8 strings, no UDF).
    cases.append(("the column itself (the JVM floor)", F.col("ref")))
    cases.append(("upper (a built-in string function)", F.upper("ref")))
    if jar:
        cases[2:2] = [
            ("pidkit.spark.doi_name (JVM UDF)", pid.doi_name("ref", engine="jvm")),
            ("pidkit.spark.normalize (JVM UDF)", pid.normalize("ref", engine="jvm")),
        ]
    rows = []
    for name, col in cases:
        t, _ = best(lambda: df.select(col.alias("x")).write.format("noop").mode("overwrite").save(), repeat)
        rows.append((name, t))
    base = dict(rows)["idutils.normalize_doi in a pandas_udf"]
    print(f"\n### Spark local[2], {n:,} DOIs (8 partitions, Arrow batches of 10,000)\n")
    print("| expression | time | DOIs/s | × idutils |")
    print("|---|---:|---:|---:|")
    for name, t in rows:
        print(f"| {name} | {t:.2f} s | {n / t / 1e6:.2f} M | {base / t:.1f}× |")
    spark.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000_000, help="DOIs on one core (default 10 M)")
    ap.add_argument("--spark-n", type=int, default=None, help="DOIs in Spark (default: --n)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each fast case (best is kept)")
    ap.add_argument("--no-spark", action="store_true")
    default_jar = Path(__file__).resolve().parents[3] / "target" / "pidkit-spark.jar"
    ap.add_argument("--spark-jar", default=str(default_jar) if default_jar.exists() else None,
                    help="pidkit-spark.jar for the JVM functions (default: target/pidkit-spark.jar if built)")
    a = ap.parse_args()
    t = time.perf_counter()
    values = generate.dois(a.n)
    print(f"generated {a.n:,} DOIs in {time.perf_counter() - t:.1f} s (seed 2024)")
    names, ids = one_core(values, a.repeat)
    differences(values, names, ids)
    if not a.no_spark:
        spark_bench(values[: a.spark_n or a.n], max(1, a.repeat - 1), a.spark_jar)


if __name__ == "__main__":
    main()
