"""``pidkit.resolve``: identifiers resolved against ``pidkit test-server`` (started on 127.0.0.1
for this module, never the network), compared with what ``pidkit resolve --json`` answers."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator

import pytest

import pidkit

from conftest import cli_path


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The test server's address; it stops when its stdin is closed."""
    proc = subprocess.Popen(
        [str(cli_path()), "test-server", "--stop-on-eof"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    url = proc.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), url
    try:
        yield url
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def test_metadata_and_agency_one_row_per_input_in_order(server: str) -> None:
    ids = [f"10.5555/missing/{i}" if i % 10 == 7 else f"10.5555/bench/{i}" for i in range(200)]
    rows = pidkit.resolve(ids, metadata="csl-json", agency=True, resolver=server, cache=False, concurrency=8)
    assert len(rows) == len(ids)
    for i, (row, doi) in enumerate(zip(rows, ids)):
        assert row["input"] == doi
        assert row["agency"] == "Crossref"
        assert row["agency_outcome"] == "found"
        if i % 10 == 7:
            assert row["outcome"] == "not-found"
            assert row["metadata_outcome"] == "skipped"
            assert row["metadata"] is None and row["title"] is None
        else:
            assert row["outcome"] == "resolved"
            assert row["metadata_outcome"] == "found"
            assert row["title"] == f"Test record {i}"
            assert json.loads(row["metadata"])["DOI"] == doi
    # Every row has the same keys, so a DataFrame takes them as they are.
    assert len({tuple(r) for r in rows}) == 1


def test_answers_are_the_clis(server: str) -> None:
    ids = ["10.1038/nature12373", "10.5555/cn-204", "10.9999/x", "not a doi"]
    rows = pidkit.resolve(ids, metadata="csl-json", agency=True, resolver=server, cache=False)
    out = subprocess.run(
        [str(cli_path()), "resolve", "--json", "--no-cache", "--metadata", "csl-json", "--agency",
         "--resolver", server, *ids],
        capture_output=True, text=True, encoding="utf-8",
    )
    cli = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(cli) == len(rows)
    for row, rec in zip(rows, cli):
        assert row["input"] == rec["input"]
        assert row["outcome"] == rec["outcome"]
        assert row["urls"] == rec["urls"]
        assert row["metadata_outcome"] == (rec.get("metadata") or {}).get("outcome")
        assert row["agency_outcome"] == (rec.get("agency") or {}).get("outcome")
        assert row["agency"] == (rec.get("agency") or {}).get("name")
    assert rows[1]["metadata_outcome"] == "no-metadata"
    assert rows[2]["agency_outcome"] == "not-registered"
    assert rows[3]["outcome"] == "invalid"


def test_text_formats_nulls_and_bad_options(server: str) -> None:
    rows = pidkit.resolve(["10.1038/nature12373", None], metadata="bibtex", resolver=server, cache=False)
    assert rows[0]["metadata_outcome"] == "found"
    assert rows[0]["metadata"].lstrip().startswith("@")
    assert rows[0]["title"] is None
    assert rows[1]["input"] is None and rows[1]["outcome"] is None
    assert "record" not in rows[0]
    rows = pidkit.resolve(["10.1038/nature12373"], record=True, resolver=server, cache=False)
    assert json.loads(rows[0]["record"])["handle"] == "10.1038/nature12373"
    with pytest.raises(TypeError):
        pidkit.resolve("10.1038/nature12373", resolver=server, cache=False)
    # Each bad option raises before any request (the server is named all the same: never the
    # network, whatever happens).
    bad: list[dict] = [
        {"metadata": "endnote"},
        {"locale": "de-DE", "metadata": "csl-json"},
        {"rate": 0},
        {"retries": 11},
        {"timeout": -1},
        {"concurrency": 0},
        {"resolver": "ftp://127.0.0.1/"},
    ]
    for kw in bad:
        with pytest.raises(ValueError):
            pidkit.resolve(["10.1/x"], **{"resolver": server, "cache": False, **kw})
    with pytest.raises(TypeError):
        pidkit.resolve([1], resolver=server, cache=False)


def test_hostile_answers_are_rows_not_exceptions(server: str) -> None:
    ids = ["10.5555/cn-huge", "10.5555/cn-invalid-json", "10.5555/cn-other-doi", "10.5555/cn-braces"]
    rows = pidkit.resolve(ids, metadata="csl-json", resolver=server, cache=False, retries=0, timeout=10)
    assert [r["metadata_outcome"] for r in rows] == ["unknown"] * 4, rows


def test_cache_and_offline(server: str, tmp_path) -> None:
    first = pidkit.resolve(["10.1038/nature12373"], metadata="csl-json", agency=True, resolver=server, cache_dir=str(tmp_path))
    again = pidkit.resolve(["10.1038/nature12373"], metadata="csl-json", agency=True, offline=True, cache_dir=str(tmp_path))
    assert first[0]["title"] == again[0]["title"] is not None
    assert again[0]["source"] == "cache"
    assert again[0]["attempts"] == 0


def test_a_dataframe_takes_the_rows(server: str) -> None:
    polars = pytest.importorskip("polars")
    rows = pidkit.resolve(["10.1038/nature12373", "10.5555/missing/1"], metadata="csl-json", agency=True, resolver=server, cache=False)
    df = polars.DataFrame(rows)
    assert df.height == 2
    assert df["outcome"].to_list() == ["resolved", "not-found"]
    pandas = pytest.importorskip("pandas")
    assert list(pandas.DataFrame(rows)["agency"]) == ["Crossref", "Crossref"]
    # A Series with gaps (NaN, pd.NA) goes in as it is: a row of None for each gap.
    series = pandas.Series(["10.1038/nature12373", float("nan"), pandas.NA], dtype=object)
    rows = pidkit.resolve(series, resolver=server, cache=False)
    assert [r["outcome"] for r in rows] == ["resolved", None, None]
