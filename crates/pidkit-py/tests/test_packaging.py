"""The package's extras (``pyproject.toml``) and the pinned test dependencies
(``crates/pidkit-py/requirements.txt``) agree: every engine an extra installs is pinned for the
tests, at a version the extra's range admits, and ``all`` is every extra."""

from __future__ import annotations

import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import ROOT


def extras() -> dict[str, list[Requirement]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {k: [Requirement(r) for r in v] for k, v in project["optional-dependencies"].items()}


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "crates" / "pidkit-py" / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            out[canonicalize_name(name)] = version
    return out


def test_every_engine_has_an_extra():
    assert {"arrow", "pandas", "polars", "duckdb", "spark", "all"} <= set(extras())


def test_the_pins_are_within_the_extras():
    pinned = pins()
    for extra, reqs in extras().items():
        for r in reqs:
            if canonicalize_name(r.name) == "pidkit":
                continue
            name = canonicalize_name(r.name)
            assert name in pinned, f"{r.name} (extra {extra}) is not pinned in requirements.txt"
            assert r.specifier.contains(pinned[name], prereleases=True), (extra, str(r), pinned[name])


def test_all_is_every_extra():
    (me,) = extras()["all"]
    assert canonicalize_name(me.name) == "pidkit"
    assert me.extras == set(extras()) - {"all"}
