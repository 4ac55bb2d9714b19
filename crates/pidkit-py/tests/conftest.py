"""Shared fixtures: the generated identifiers and the CLI's answers for them.

Every expectation in these tests is what the ``pidkit`` binary prints for the same input with
``--json``: the Python package must give the same answers. The binary is ``$PIDKIT_CLI`` if
set, else built with ``cargo build -p pidkit-cli`` (a no-op when it is fresh).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from functools import cached_property
from pathlib import Path
from typing import Any, Optional

import pytest

import pidkit

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import generate  # noqa: E402

#: Rows in the generated data sets (the issue asks for 200k).
ROWS = int(os.environ.get("PIDKIT_TEST_ROWS", "200000"))


def cli_path() -> Path:
    exe = os.environ.get("PIDKIT_CLI")
    if exe:
        return Path(exe)
    subprocess.run(
        ["cargo", "build", "-q", "-p", "pidkit-cli"], cwd=ROOT, check=True
    )
    return ROOT / "target" / "debug" / "pidkit"


class Cli:
    """Runs the CLI on a list of values (None for nulls) and aligns its JSON records with it."""

    def __init__(self, exe: Path) -> None:
        self.exe = exe
        self._cache: dict[tuple, list] = {}

    def run(self, args: list[str], stdin: Optional[str] = None, check: bool = False) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.exe), *args],
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=check,
        )

    def records(self, args: tuple[str, ...], values: list[Optional[str]]) -> list[Optional[dict]]:
        """One JSON record per non-null value (``--input`` file, one value a line), None for nulls."""
        key = (args, id(values))
        if key not in self._cache:
            lines = [v for v in values if v is not None]
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
                f.write("\n".join(lines) + "\n")
                path = f.name
            try:
                p = self.run([*args, "--json", "--input", path])
            finally:
                os.unlink(path)
            assert p.returncode in (0, 1), p.stderr
            recs = [json.loads(line) for line in p.stdout.splitlines()]
            assert len(recs) == len(lines), (args, len(recs), len(lines))
            it = iter(recs)
            out = []
            for n, v in enumerate(values):
                out.append(None if v is None else next(it))
            self._cache[key] = out
        return self._cache[key]

    def field(self, args: tuple[str, ...], values: list[Optional[str]], name: str) -> list[Any]:
        return [None if r is None else r.get(name) for r in self.records(args, values)]

    def keys(self, values: list[Optional[str]], level: Optional[str]) -> list[Optional[str]]:
        """The ``dedupe`` key of every value (None for nulls and invalid values)."""
        key = (("dedupe", level), id(values))
        if key not in self._cache:
            lines = [v for v in values if v is not None]
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
                f.write("\n".join(lines) + "\n")
                path = f.name
            try:
                lv = [] if level is None else ["--level", level]
                p = self.run(["dedupe", "--all", *lv, "--json", "--input", path])
            finally:
                os.unlink(path)
            by_line: dict[int, str] = {}
            for line in p.stdout.splitlines():
                g = json.loads(line)
                # A group lists its members; an invalid line is a record of its own, no key.
                for m in g.get("members", []):
                    by_line[m["line"]] = g["key"]
            out: list[Optional[str]] = []
            n = 0
            for v in values:
                if v is None:
                    out.append(None)
                else:
                    n += 1
                    out.append(by_line.get(n))
            self._cache[key] = out
        return self._cache[key]


def parse_record(rec: Optional[dict]) -> Optional[dict]:
    """A ``parse --json`` record in the shape of ``pidkit.arrow.parse``'s struct: no ``line``
    and ``input``, absent members null, an error's absent hint null."""
    if rec is None:
        return None
    members = ("kind", "valid", "error", "warnings", "mapped", "components", *pidkit.SCHEME_CLASSES)
    out = {k: rec.get(k) for k in members}
    if out["error"] is not None:
        e = out["error"]
        out["error"] = {k: e.get(k) for k in ("code", "offset", "len", "message", "hint")}
    # A warning's `count` and `offsets` are there only for a code found more than once.
    out["warnings"] = [
        {k: w.get(k) for k in ("code", "offset", "len", "message", "count", "offsets")}
        for w in out["warnings"] or []
    ]
    return out


class Expected:
    """The CLI's answers for a data set, computed once per session and per option."""

    def __init__(self, cli: Cli, values: list[Optional[str]]) -> None:
        self.cli = cli
        self.values = values

    def valid(self) -> list:
        return self.cli.field(("check",), self.values, "valid")

    def kind(self) -> list:
        return self.cli.field(("check",), self.values, "kind")

    def normalize(self, level: Optional[str] = None) -> list:
        args = ("normalize",) if level is None else ("normalize", "--level", level)
        return self.cli.field(args, self.values, "normalized")

    def to_uri(self) -> list:
        return self.cli.field(("to-uri",), self.values, "uri")

    def to_iri(self) -> list:
        return self.cli.field(("to-iri",), self.values, "iri")

    def key(self, level: Optional[str] = None) -> list:
        return self.cli.keys(self.values, level)

    def parse(self) -> list:
        return [parse_record(r) for r in self.cli.records(("parse",), self.values)]

    def doi_name(self) -> list:
        return [None if r is None or r.get("doi") is None else r["doi"]["name"] for r in self.cli.records(("parse",), self.values)]

    def join(self, base: str) -> list:
        return self.cli.field(("join", base), self.values, "resolved")


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(cli_path())


@pytest.fixture(scope="session")
def ids() -> list[Optional[str]]:
    return generate.identifiers(ROWS)


@pytest.fixture(scope="session")
def expected(cli: Cli, ids: list[Optional[str]]) -> Expected:
    return Expected(cli, ids)


@pytest.fixture(scope="session")
def texts() -> list[Optional[str]]:
    return generate.texts(max(ROWS // 50, 100))


@pytest.fixture(scope="session")
def expected_extract(cli: Cli, texts: list[Optional[str]]) -> list[Optional[list[dict]]]:
    """What ``pidkit extract --json`` finds in each text (texts one a paragraph), as
    ``{start, kind, match, name}`` with character offsets."""
    rows = [(i, t) for i, t in enumerate(texts) if t is not None]
    body = "\n\n".join(t for _, t in rows) + "\n"
    p = cli.run(["extract", "--json"], stdin=body)
    assert p.returncode in (0, 1), p.stderr
    # Line numbers of each text: text k starts at line 2k+1.
    out: list[Optional[list[dict]]] = [None if t is None else [] for t in texts]
    for line in p.stdout.splitlines():
        f = json.loads(line)
        k = (f["line"] - 1) // 2
        i, t = rows[k]
        start = f["column"] - 1
        out[i].append({"start": start, "kind": f["kind"], "match": f["input"], "name": f.get("name")})
    return out
