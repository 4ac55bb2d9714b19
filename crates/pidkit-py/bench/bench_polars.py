"""Polars: the ``pid`` namespace as the native plugin against the same functions through
``map_batches`` and pidkit.arrow (the road a Polars that cannot load the plugin takes), and
against what Polars alone does (lower-case, a regular expression). Not a test: it prints a
Markdown table, the best wall-clock time of ``--repeat`` runs of each, in one process.

    python crates/pidkit-py/bench/bench_polars.py            # 2 M rows (fixed seeds)
    python crates/pidkit-py/bench/bench_polars.py --n 10000000 --repeat 3

Three columns: DOIs as reference lists write them (``generate.dois``), a column of every
kind (``generate.zoo``), and short texts with identifiers in them (``generate.texts``, a tenth
of the rows, for ``extract``). Polars runs each query on its own thread pool (``POLARS_MAX_THREADS``;
this machine's cores by default); the frame is one chunk, as a Parquet file of one row group
would give it, and the rows are split across the threads by Polars' engine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate  # noqa: E402

import pidkit.polars  # noqa: E402

# What Polars alone does with a DOI column: the reference-list regex and DOI's ASCII case
# folding (a key without the scheme's rules: no labels, no percent-decoding, no checks).
DOI_RE = r"(?i)^\s*(?:doi:\s*|https?://(?:dx\.)?doi\.org/|doi\.org/)?(10\.\d{4,9}/\S+)\s*$"


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def road(native: bool):
    pidkit.polars.NATIVE = native and NATIVE


def timed(df: pl.DataFrame, make, native: bool, repeat: int) -> float:
    """The query ``make()`` builds, on ``df``, on one road (the expression is made on that road)."""
    road(native)
    expr = make()
    try:
        return best(lambda: df.lazy().select(expr).collect(), repeat)
    finally:
        road(True)


NATIVE = pidkit.polars.NATIVE


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2_000_000, help="rows of each column (default 2 M)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each case (best is kept)")
    a = ap.parse_args()
    if not NATIVE:
        sys.exit("this Polars did not load pidkit's plugin: nothing to compare")
    t = time.perf_counter()
    columns = {
        "DOIs": pl.DataFrame({"v": generate.dois(a.n)}, schema={"v": pl.String}),
        "every kind": pl.DataFrame({"v": generate.zoo(a.n)}, schema={"v": pl.String}),
        "texts": pl.DataFrame({"v": generate.texts(a.n // 10)}, schema={"v": pl.String}),
    }
    print(f"generated {a.n:,} rows of each column in {time.perf_counter() - t:.1f} s")
    threads = os.environ.get("POLARS_MAX_THREADS") or pl.thread_pool_size()
    print(f"Polars {pl.__version__}, {threads} threads; best of {a.repeat}\n")
    v = pl.col("v")
    cases = {
        "DOIs": ["doi_name", "key", "check", "identify"],
        "every kind": ["key", "check", "kind", "normalize", "identify", "to_uri", "to_iri", "parse"],
        "texts": ["extract"],
    }
    print("| column | function | native plugin | map_batches (pidkit.arrow) | ratio | ns/row (native) |")
    print("|---|---|---:|---:|---:|---:|")
    for column, names in cases.items():
        df = columns[column]
        for name in names:
            native = timed(df, lambda: getattr(v.pid, name)(), True, a.repeat)
            batches = timed(df, lambda: getattr(v.pid, name)(), False, a.repeat)
            print(
                f"| {column} | `pid.{name}()` | {native:.3f} s | {batches:.3f} s "
                f"| {batches / native:.2f}× | {native * 1e9 / df.height:.0f} |"
            )
    df = columns["DOIs"]
    plain = best(lambda: df.lazy().select(v.str.extract(DOI_RE, 1).str.to_uppercase()).collect(), a.repeat)
    native = timed(df, lambda: v.pid.key(), True, a.repeat)
    print(
        f"\nDOIs, Polars alone (`str.extract(regex).str.to_uppercase()`): {plain:.3f} s; "
        f"`pid.key()` {native:.3f} s ({plain / native:.2f}× faster)"
    )


if __name__ == "__main__":
    main()
