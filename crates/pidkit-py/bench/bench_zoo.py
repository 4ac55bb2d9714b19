"""A mixed column of every kind on one core: pidkit.arrow against idutils and python-stdnum.
Not a test: it prints a Markdown table.

    python crates/pidkit-py/bench/bench_zoo.py              # 1 M values (fixed seed)
    python crates/pidkit-py/bench/bench_zoo.py --n 200000

The values come from ``generate.zoo`` (every scheme pidkit and idutils know — DOIs, handles,
ARKs, PURLs, URNs, arXiv, PMCID, PMID, ORCID, ISNI, ROR, Wikidata, GND, VIAF, ASCL, HAL, RRID,
ADS, SWHIDs, ISBN, ISSN, EAN, URLs — plus idutils' bio accession numbers and the like, and junk;
valid and invalid, bare, labelled, as URLs; 1 % nulls). The contenders, on the same values:

* ``pidkit.arrow.identify``: the kind (the scheme, as idutils' detection), validity and normal
  form of each value from one reading — idutils' ``detect_identifier_schemes`` +
  ``normalize_pid``; then ``kind`` followed by ``normalize`` (two readings, the way before
  ``identify``), and ``normalize``, ``check`` and ``kind`` alone;
* idutils: ``detect_identifier_schemes`` then ``normalize_pid`` with the first scheme, per
  value in a Python loop;
* ``pidkit.idutils``, the drop-in, in the same loop (its per-value cost);
* python-stdnum: check digits only, for the kinds it has (ISBN, ISSN, ISMN, EAN, ISNI — ORCID
  iDs are ISNIs to it): each value validated by those modules in turn until one accepts it.

Each figure is the best of ``--repeat`` runs (the Python loops' too), in wall-clock time, or
with ``--clock cpu`` in the process's CPU time (``time.process_time``: on a machine shared with
other jobs, the time spent working rather than waiting for a core; every contender runs on
one thread).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate  # noqa: E402


CLOCK = time.perf_counter


def best(fn, repeat):
    times = []
    out = None
    for _ in range(repeat):
        t = CLOCK()
        out = fn()
        times.append(CLOCK() - t)
    return min(times), out


def idutils_loop(values):
    import idutils

    def one(v):
        if v is None:
            return None
        try:
            schemes = idutils.detect_identifier_schemes(v)
            return (schemes[0], idutils.normalize_pid(v, schemes[0])) if schemes else None
        except Exception:  # it raises on some inputs (urlparse's ValueError, None.group …)
            return None

    return lambda: [one(v) for v in values]


def drop_in_loop(values):
    import pidkit
    import pidkit.idutils as idutils

    def one(v):
        if v is None:
            return None
        try:
            schemes = idutils.detect_identifier_schemes(v)
            return (schemes[0], idutils.normalize_pid(v, schemes[0])) if schemes else None
        except pidkit.ParseError:
            return None

    return lambda: [one(v) for v in values]


def stdnum_loop(values):
    from stdnum import ean, isbn, ismn, isni, issn

    modules = [isbn, issn, ismn, ean, isni]

    def one(v):
        if v is None:
            return None
        for m in modules:
            if m.is_valid(v):
                return m.__name__
        return None

    return lambda: [one(v) for v in values]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1_000_000, help="values (default 1 M)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each case (the best is kept)")
    ap.add_argument("--loop-repeat", type=int, default=None,
                    help="runs of the Python loops (default: --repeat)")
    ap.add_argument("--no-loops", action="store_true",
                    help="pidkit.arrow only (the Python loops take minutes)")
    ap.add_argument("--idutils-ns", type=float, default=None,
                    help="with --no-loops: idutils' ns/value from an earlier run, for the × column")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="wall-clock time (default) or the process's CPU time")
    a = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if a.clock == "cpu" else time.perf_counter
    import pidkit.arrow as pa_pid

    t = time.perf_counter()
    values = generate.zoo(a.n)
    n = len(values)
    print(f"generated {n:,} values of {len(generate.ZOO)} kinds in {time.perf_counter() - t:.1f} s (seed 27)")
    arr = pa.array(values, pa.string())
    loops = a.loop_repeat or a.repeat

    rows = []
    t, _ = best(lambda: pa_pid.identify(arr), a.repeat)
    rows.append(("pidkit.arrow.identify (detect + normalize, one pass)", t))
    t, _ = best(lambda: (pa_pid.kind(arr), pa_pid.normalize(arr)), a.repeat)
    rows.append(("pidkit.arrow.kind, then normalize (two passes)", t))
    t, _ = best(lambda: pa_pid.normalize(arr), a.repeat)
    rows.append(("pidkit.arrow.normalize", t))
    t, _ = best(lambda: pa_pid.check(arr), a.repeat)
    rows.append(("pidkit.arrow.check", t))
    t, _ = best(lambda: pa_pid.kind(arr), a.repeat)
    rows.append(("pidkit.arrow.kind", t))
    idutils_row = "idutils detect_identifier_schemes + normalize_pid (Python loop)"
    if a.no_loops:
        base = (a.idutils_ns or float("nan")) * n / 1e9
    else:
        t, _ = best(idutils_loop(values), loops)
        rows.append((idutils_row, t))
        t, _ = best(drop_in_loop(values), loops)
        rows.append(("pidkit.idutils, the same calls (Python loop)", t))
        t, _ = best(stdnum_loop(values), loops)
        rows.append(("python-stdnum is_valid, ISBN/ISSN/ISMN/EAN/ISNI (Python loop)", t))
        base = dict(rows)[idutils_row]
    print(f"\n### One core, {n:,} values of every kind ({a.clock} time, best of {a.repeat})\n")
    print("| contender | time | ns/value | × idutils |")
    print("|---|---:|---:|---:|")
    for name, t in rows:
        print(f"| {name} | {t:.2f} s | {t / n * 1e9:,.0f} | {base / t:.1f}× |")


if __name__ == "__main__":
    main()
