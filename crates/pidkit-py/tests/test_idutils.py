"""``pidkit.idutils`` against the real idutils: the same answers except the documented ones.

The values are ``generate.zoo`` (every scheme of both libraries, valid and invalid, bare,
labelled, as URLs, with surrounding junk) and the curated inputs of ``idutils_diff.CURATED``.
On each value every function is called in both libraries — ``detect_identifier_schemes``,
``is_<scheme>`` of every scheme, ``normalize_pid`` and ``to_url`` for every scheme either
detects — and every disagreement must be a row of ``idutils_diff.DIFFERENCES``, the list that
``docs/idutils.md`` shows.
"""

from __future__ import annotations

import collections
import inspect
import sys
from pathlib import Path

import pytest

idutils = pytest.importorskip("idutils")

sys.path.insert(0, str(Path(__file__).resolve().parent))

import idutils_diff as D  # noqa: E402

import pidkit  # noqa: E402
import pidkit.idutils as ours  # noqa: E402

VALUES = D.test_values()
DOCUMENTED = {d.key: d for d in D.DIFFERENCES}


@pytest.fixture(scope="module")
def observed():
    return D.observed(VALUES)


def test_the_data_covers_every_scheme():
    """Each of idutils' schemes is detected by idutils on some value of the data."""
    found = set()
    for v in VALUES:
        found.update(D.call(idutils.detect_identifier_schemes, v) or [])
    missing = set(D.SCHEMES) - found
    assert not missing, missing


def test_every_disagreement_is_documented(observed):
    """Each disagreement on the test data is a documented row (docs/idutils.md)."""
    unknown = {k: v for k, v in observed.items() if k not in DOCUMENTED}
    lines = [f"{k}: {ex!r} ({n} values)" for k, (ex, n) in sorted(unknown.items())]
    assert not unknown, "undocumented differences from idutils:\n" + "\n".join(lines)


def test_every_documented_difference_holds():
    """Each row's example still shows its difference (no stale rows)."""
    stale = [d for d in D.DIFFERENCES if d.key not in D.keys_of(d.example)]
    assert not stale, "\n".join(f"{d.key}: {d.example!r} → {sorted(D.keys_of(d.example))}" for d in stale)


def test_the_doc_is_the_list():
    """docs/idutils.md holds the table the list renders (``python idutils_diff.py`` writes it)."""
    text = D.DOC.read_text(encoding="utf-8")
    table = text.split(D.BEGIN, 1)[1].split(D.END, 1)[0]
    assert table.strip() == D.render().strip()


def test_most_answers_agree(observed):
    """The differences are the exception: most values get idutils' answer everywhere."""
    differing = collections.Counter()
    for v in VALUES:
        if D.keys_of(v):
            differing["values"] += 1
    assert differing["values"] < len(VALUES)


def _idutils_functions():
    for name in dir(idutils):
        obj = getattr(idutils, name)
        if name.startswith("_") or not callable(obj) or isinstance(obj, type):
            continue
        module = getattr(obj, "__module__", "") or ""
        if module.startswith("idutils.") and name.startswith(("is_", "normalize_", "detect_", "to_url")):
            yield name, obj
        elif module.startswith("isbnlib") and name.startswith("is_"):
            yield name, obj


@pytest.mark.parametrize("name,fn", list(_idutils_functions()))
def test_same_functions_and_signatures(name, fn):
    """Every is_/normalize_/detect/to_url function of idutils, with the same parameters."""
    mine = getattr(ours, name)
    assert mine.__module__ == "pidkit.idutils"
    theirs = inspect.signature(fn).parameters
    assert [(p.name, p.default) for p in inspect.signature(mine).parameters.values()] == [
        (p.name, p.default) for p in theirs.values()
    ]


def test_idutils_other_names_are_idutils_own():
    assert ours.IDUTILS_LANDING_URLS is idutils.IDUTILS_LANDING_URLS
    assert ours.doi_regexp is idutils.doi_regexp
    with pytest.raises(AttributeError):
        ours.no_such_name  # noqa: B018
    assert [s for s, _ in ours.IDUTILS_PID_SCHEMES] == D.SCHEMES


def _normalizer_name(scheme):
    return {"wikidata": "normalize_qid"}.get(scheme, f"normalize_{scheme}")


@pytest.mark.parametrize(
    "scheme", sorted(s for s in ours.SCHEME_KINDS if hasattr(idutils, _normalizer_name(s)))
)
def test_normalizers_agree_with_normalize_pid(scheme):
    """``normalize_<scheme>`` and ``normalize_pid(…, scheme)`` are one function."""
    fn = getattr(ours, _normalizer_name(scheme))
    for v in VALUES[:2000]:
        assert D.call(fn, v) == D.call(ours.normalize_pid, v, scheme), v


def test_normalize_raises_a_parse_error():
    with pytest.raises(pidkit.ParseError):
        ours.normalize_doi("not a doi")
    assert ours.normalize_pid("", "doi") == ""
    assert ours.normalize_pid("x", "no-such-scheme") == "x"


def test_delegated_schemes_are_idutils_answers():
    for v in ["SRR123456", "PRJNA123", "ENSG00000139618", "a@b.com", "W2741809807"]:
        detected = idutils.detect_identifier_schemes(v)
        assert ours.detect_identifier_schemes(v) == detected
        for s in detected:
            assert ours.normalize_pid(v, s) == idutils.normalize_pid(v, s)
            assert ours.to_url(v, s) == idutils.to_url(v, s)


def test_without_idutils_delegated_schemes_are_not_recognized(monkeypatch):
    monkeypatch.setattr(ours, "_idutils", None)
    assert ours.is_sra("SRR123456") is False
    assert ours.is_lsid("urn:lsid:ubio.org:namebank:11815") is False
    assert ours.detect_identifier_schemes("SRR123456") == []
    assert ours.detect_identifier_schemes("urn:lsid:ubio.org:namebank:11815") == ["urn"]
    assert ours.normalize_pid("SRR123456", "sra") == "SRR123456"
    assert ours.normalize_openalex("W2741809807") == "W2741809807"
    assert ours.to_url("SRR123456", "sra") == ""
    assert ours.detect_identifier_schemes("10.1000/182") == ["doi"]
    with pytest.raises(AttributeError):
        ours.doi_regexp  # noqa: B018
