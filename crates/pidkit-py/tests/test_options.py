"""The CLI's reading options — ``--clean``, ``--deny``, ``--allow``, ``--deny-warnings``,
``--as`` — in the scalar API and ``pidkit.arrow``: the same answers as ``pidkit … --json`` with
the same flags, on the generated identifiers and on the same values pasted messily (labels,
brackets, quotes, trailing punctuation, spaces). A column function gives its value where the
CLI's record is ``valid``, null elsewhere; ``kind`` is the record's kind, valid or not."""

from __future__ import annotations

import pickle
import random
import re
from typing import Optional

import pyarrow as pa
import pytest

import pidkit
import pidkit.arrow as pa_pid

SAMPLE = 5000

#: Option sets, each as the Python keywords and the CLI's flags.
CASES = [
    ({"clean": True}, ("--clean",)),
    ({"clean": True, "deny": ["cleaned-label", "cleaned-wrapper"]}, ("--clean", "--deny", "cleaned-label,cleaned-wrapper")),
    ({"clean": True, "deny_warnings": True, "allow": "cleaned-punctuation,cleaned-space"},
     ("--clean", "--deny-warnings", "--allow", "cleaned-punctuation,cleaned-space")),
    ({"deny": "lowercase-hex,doi-url-query"}, ("--deny", "lowercase-hex,doi-url-query")),
    ({"deny_warnings": True, "allow": ("confusable",)}, ("--deny-warnings", "--allow", "confusable")),
    ({"clean": True, "as_": "doi"}, ("--clean", "--as", "doi")),
    ({"clean": True, "as_": "web"}, ("--clean", "--as", "web")),
]
CASE_IDS = [" ".join(flags) for _, flags in CASES]

WRAPS = [
    "DOI: {}", "doi {}", "({})", "[{}]", "<{}>", "{}.", "{},", "{};", '"{}"', "“{}”", "  {}  ",
    "({}).", "URL: {}", "{}", "{}", "{}",
]


def messy(values: list[Optional[str]], seed: int = 28) -> list[Optional[str]]:
    """``values`` pasted as people paste them: each wrapped in a label, brackets, quotes,
    trailing punctuation or spaces (some left as they are); nulls kept."""
    r = random.Random(seed)
    return [None if v is None else r.choice(WRAPS).format(v) for v in values]


@pytest.fixture(scope="module")
def values(ids) -> list[Optional[str]]:
    """Generated identifiers and the same pasted messily, without values holding a line
    break (the CLI reads lines)."""
    sample = [v for v in ids[:SAMPLE] if v is None or not re.search(r"[\r\n]", v)]
    return sample + messy(sample)


def gated(recs: list, member: str) -> list:
    """A transform's column: the record's value where it is valid, else null."""
    return [None if r is None or not r["valid"] else r.get(member) for r in recs]


@pytest.mark.parametrize("opts,flags", CASES, ids=CASE_IDS)
def test_arrow_functions_match_the_cli(cli, values, opts, flags):
    a = pa.array(values, pa.string())
    check = cli.records(("check", *flags), values)
    assert pa_pid.check(a, **opts).to_pylist() == [None if r is None else r["valid"] for r in check]
    assert pa_pid.kind(a, **opts).to_pylist() == [None if r is None else r["kind"] for r in check]
    norm = cli.records(("normalize", *flags), values)
    assert pa_pid.normalize(a, **opts).to_pylist() == gated(norm, "normalized")
    ident = pa_pid.identify(a, **opts).to_pylist()
    assert ident == [
        None if r is None else {"kind": r["kind"], "valid": r["valid"], "normalized": r["normalized"] if r["valid"] else None}
        for r in norm
    ]
    assert pa_pid.key(a, **opts).to_pylist() == gated(cli.records(("key", *flags), values), "key")
    assert pa_pid.to_uri(a, **opts).to_pylist() == gated(cli.records(("to-uri", *flags), values), "uri")
    assert pa_pid.to_iri(a, **opts).to_pylist() == gated(cli.records(("to-iri", *flags), values), "iri")


@pytest.mark.parametrize("opts,flags", CASES[:3], ids=CASE_IDS[:3])
def test_arrow_parse_and_doi_name_match_the_cli(cli, values, opts, flags):
    from conftest import parse_record

    a = pa.array(values, pa.string())
    recs = cli.records(("parse", *flags), values)
    assert pa_pid.parse(a, **opts).to_pylist() == [parse_record(r) for r in recs]
    want = [None if r is None or not r["valid"] or r.get("doi") is None else r["doi"]["name"] for r in recs]
    assert pa_pid.doi_name(a, **opts).to_pylist() == want


@pytest.mark.parametrize("opts,flags", CASES, ids=CASE_IDS)
def test_scalar_functions_match_the_cli(cli, values, opts, flags):
    sample = values[:1000] + values[SAMPLE : SAMPLE + 1000]
    check = cli.records(("check", *flags), sample)
    transforms = [
        (pidkit.normalize, "normalize", "normalized"),
        (pidkit.key, "key", "key"),
        (pidkit.to_uri, "to-uri", "uri"),
        (pidkit.to_iri, "to-iri", "iri"),
    ]
    want = {name: cli.records((name, *flags), sample) for _, name, _ in transforms}
    for i, v in enumerate(sample):
        if v is None:
            continue
        c = pidkit.check(v, **opts)
        rec = check[i]
        assert (c.valid, c.kind, c.mapped) == (rec["valid"], rec["kind"], rec.get("mapped")), v
        assert [(w.code, w.offset, w.len) for w in c.warnings] == [
            (w["code"], w["offset"], w["len"]) for w in rec["warnings"]
        ], v
        for fn, name, member in transforms:
            r = want[name][i]
            if r["valid"]:
                assert fn(v, **opts) == r[member], (name, v)
            else:
                with pytest.raises(pidkit.ParseError) as e:
                    fn(v, **opts)
                # An error's code, or the code of the warning that was denied.
                codes = [r["error"]["code"]] if r["error"] else [w["code"] for w in r["warnings"]]
                assert e.value.code in codes, (name, v)
        if rec["valid"]:
            p = pidkit.parse(v, **opts)
            assert p.kind == rec["kind"] and str(p) == rec.get("mapped", v), v
        else:
            with pytest.raises(pidkit.ParseError):
                pidkit.parse(v, **opts)


def test_clean_makes_pasted_identifiers_read():
    # Brackets and a trailing comma: no identifier as given, a DOI once cleaned.
    assert not pidkit.check("(10.1000/182),")
    c = pidkit.check("(10.1000/182),", clean=True)
    assert c.valid and c.mapped == "10.1000/182"
    assert [w.code for w in c.warnings] == ["cleaned-wrapper", "cleaned-punctuation"]
    # A comma may end a DOI: without cleaning it stays in the key.
    assert pidkit.key("10.1000/182,") == "doi:10.1000/182,"
    assert pidkit.key("10.1000/182,", clean=True) == "doi:10.1000/182"
    a = pa.array(["(10.1000/182),", "10.1000/182,"])
    assert pa_pid.check(a).to_pylist() == [False, True]
    assert pa_pid.check(a, clean=True).to_pylist() == [True, True]
    assert pa_pid.key(a, clean=True).to_pylist() == ["doi:10.1000/182"] * 2


def test_key_groups_a_doi_however_written():
    forms = ["https://doi.org/10.1000/abc", "DOI: 10.1000/ABC", "doi:10.1000/abc", "http://dx.doi.org/10.1000/ABC"]
    assert {pidkit.key(f) for f in forms} == {"doi:10.1000/ABC"}
    assert set(pa_pid.key(pa.array(forms)).to_pylist()) == {"doi:10.1000/ABC"}
    assert pidkit.compare(forms[0], forms[1])
    assert pidkit.key("  DOI: 10.1000/ABC.", clean=True) == "doi:10.1000/ABC"


def test_deny_and_allow_flip_validity():
    v = "http://a/%7e"  # lowercase-hex
    assert pidkit.check(v)
    assert not pidkit.check(v, deny=["lowercase-hex"])
    assert not pidkit.check(v, deny="lowercase-hex")
    assert not pidkit.check(v, deny_warnings=True)
    assert pidkit.check(v, deny_warnings=True, allow=["lowercase-hex"])
    assert pidkit.check(v, deny="lowercase-hex", allow="lowercase-hex")
    a = pa.array([v, "http://a/"])
    assert pa_pid.check(a, deny="lowercase-hex").to_pylist() == [False, True]
    assert pa_pid.normalize(a, deny_warnings=True).to_pylist() == ["http://a/~", "http://a/"]
    assert pa_pid.kind(a, deny="lowercase-hex").to_pylist() == ["iri", "iri"]
    with pytest.raises(pidkit.ParseError) as e:
        pidkit.parse(v, deny="lowercase-hex")
    assert (e.value.code, e.value.offset, e.value.len) == ("lowercase-hex", 9, 3)
    assert 'allow="lowercase-hex"' in e.value.hint
    # Cleaning is a warning too: denied, a pasted DOI is refused; allowed, it passes.
    assert not pidkit.check("DOI: 10.1000/1.", clean=True, deny_warnings=True)
    assert pidkit.check("DOI: 10.1000/1.", clean=True, deny_warnings=True, allow="cleaned-label,cleaned-punctuation")


def test_unknown_codes_are_the_librarys_error(cli):
    p = cli.run(["check", "--deny", "lowercase-hexx", "x"])
    assert p.returncode == 2
    message = p.stderr.strip().removeprefix("pidkit: ")
    assert message.startswith("unknown warning code 'lowercase-hexx'")
    calls = [
        lambda: pidkit.check("x", deny=["lowercase-hexx"]),
        lambda: pidkit.parse("x", deny="lowercase-hexx"),
        lambda: pidkit.normalize("x", deny="lowercase-hexx"),
        lambda: pidkit.key("x", deny="lowercase-hexx"),
        lambda: pa_pid.check(pa.array(["x"]), deny="lowercase-hexx"),
        lambda: pa_pid.kind(pa.array(["x"]), deny="lowercase-hexx"),
        lambda: pa_pid.identify(pa.array(["x"]), deny="lowercase-hexx"),
        lambda: pa_pid.parse(pa.array(["x"]), deny="lowercase-hexx"),
        lambda: pa_pid.to_uri(pa.array(["x"]), deny="lowercase-hexx"),
    ]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == message
    with pytest.raises(ValueError, match="unknown warning code 'nope'"):
        pa_pid.key(pa.array(["x"]), allow=["cleaned-label", "nope"])
    with pytest.raises(TypeError, match="deny= takes warning codes"):
        pidkit.check("x", deny=3)
    with pytest.raises(TypeError, match="allow= takes warning codes"):
        pa_pid.check(pa.array(["x"]), allow=[1])


def test_pid_output_defaults_are_the_librarys(cli):
    """No form or case is written into a signature: ``None`` is the library's default, which
    the CLI's defaults are too."""
    v = ["https://doi.org/10.1000/abc", "doi:10.1000/abc", "hdl:20.500.1/abc", "10.1000/abc"]
    assert pa_pid.normalize(pa.array(v)).to_pylist() == cli.field(("normalize",), v, "normalized")
    assert [pidkit.normalize(x) for x in v] == cli.field(("normalize",), v, "normalized")
    assert [pidkit.parse(x).normalize() for x in v] == cli.field(("normalize",), v, "normalized")
    assert [pidkit.to_uri(x) for x in v] == cli.field(("to-uri",), v, "uri")


def test_options_survive_pickling():
    c = pidkit.check("DOI: 10.1000/x.", clean=True, deny="cleaned-label")
    again = pickle.loads(pickle.dumps(c))
    assert (again.valid, again.mapped, [w.code for w in again.warnings]) == (
        c.valid, c.mapped, [w.code for w in c.warnings])
    assert not again.valid
    p = pidkit.parse("(doi:10.1000/x).", clean=True)
    q = pickle.loads(pickle.dumps(p))
    assert type(q) is type(p) and str(q) == str(p) == "doi:10.1000/x" and q == p
    w = pidkit.check("http://a/%7e/%7e").warnings[0]
    assert (w.count, w.offsets) == (2, [13])
    assert pickle.loads(pickle.dumps(w)) == w


def test_scheme_classes_take_the_options():
    d = pidkit.Doi("DOI: 10.1000/ABC.", clean=True)
    assert d.name == "10.1000/ABC" and d.input == "DOI: 10.1000/ABC."
    with pytest.raises(pidkit.ParseError) as e:
        pidkit.Doi("DOI: 10.1000/ABC.", clean=True, deny="cleaned-label")
    assert e.value.code == "cleaned-label"
