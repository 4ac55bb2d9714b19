"""pidkit.arrow against the CLI: 200k generated identifiers of every kind, junk and nulls, in
every Arrow string type and container; nulls, order and string types kept."""

from __future__ import annotations

import struct
import sys
import threading
import time

import pyarrow as pa

import pytest

import pidkit
import pidkit.arrow as pa_pid
from pidkit import _pidkit

STRING_TYPES = [pa.string(), pa.large_string(), pa.string_view()]


def as_list(result) -> list:
    return result.to_pylist()


@pytest.fixture(scope="session")
def arr(ids):
    return pa.array(ids, pa.string())


def test_check_and_kind_match_the_cli(arr, expected):
    assert as_list(pa_pid.check(arr)) == expected.valid()
    assert as_list(pa_pid.kind(arr)) == expected.kind()


@pytest.mark.parametrize("level", ["simple", "syntax", "scheme"])
def test_normalize_matches_the_cli(arr, expected, level):
    assert as_list(pa_pid.normalize(arr, level=level)) == expected.normalize(level)


def test_default_level_is_the_clis(arr, expected):
    assert pidkit.DEFAULT_LEVEL in ("simple", "syntax", "scheme")
    assert as_list(pa_pid.normalize(arr)) == expected.normalize()
    assert as_list(pa_pid.normalize(arr, level=pidkit.DEFAULT_LEVEL)) == expected.normalize()
    assert as_list(pa_pid.key(arr)) == expected.key()


@pytest.mark.parametrize("level", ["syntax", "scheme"])
def test_key_matches_dedupe(arr, expected, level):
    assert as_list(pa_pid.key(arr, level=level)) == expected.key(level)


def test_conversions_match_the_cli(arr, expected):
    assert as_list(pa_pid.to_uri(arr)) == expected.to_uri()
    assert as_list(pa_pid.to_iri(arr)) == expected.to_iri()


def test_parse_is_the_cli_record(arr, expected):
    got = as_list(pa_pid.parse(arr))
    want = expected.parse()
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, (i, arr[i])


def test_parse_of_a_column_of_one_kind_is_the_cli_record(cli):
    # A scheme with no row in the column builds no columns (its struct is made null at once),
    # and one with rows writes the other rows' nulls in runs: a column of DOIs (with nulls and
    # an invalid row) takes both roads, in every family of string type.
    from conftest import Expected

    import generate

    values = generate.dois(3_000, seed=11)
    values[5:5] = [None, "10.1000", None]
    want = Expected(cli, values).parse()
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        got = as_list(pa_pid.parse(pa.array(values, t)))
        assert got == want, t
    # One row of another kind at the very end: a run of nulls in its struct, then its row.
    values = [*values, "urn:isbn:0451450523"]
    assert as_list(pa_pid.parse(pa.array(values, pa.string()))) == Expected(cli, values).parse()


def test_doi_name_is_the_parse_records(arr, expected):
    assert as_list(pa_pid.doi_name(arr)) == expected.doi_name()


def test_a_column_of_every_kind_gets_each_rows_own_answer():
    # The batch functions work a column out in groups of alike values (pidkit-record's
    # Grouped, in chunks of 16,384 rows) and hand the answers back in the column's order:
    # every row's answer is the one-value function's, across chunk edges, nulls included.
    import generate

    values = generate.zoo(40_000, seed=5)
    arr = pa.array(values, pa.string())
    got = pa_pid.identify(arr).to_pylist()
    check, kind = as_list(pa_pid.check(arr)), as_list(pa_pid.kind(arr))
    norm, key = as_list(pa_pid.normalize(arr)), as_list(pa_pid.key(arr))
    for i, v in enumerate(values):
        if v is None:
            assert (got[i], check[i], kind[i], norm[i], key[i]) == (None,) * 5, i
            continue
        c = pidkit.check(v)
        want_norm = pidkit.normalize(v) if c.valid else None
        want_key = pidkit.key(v) if c.valid else None
        assert got[i] == {"kind": c.kind, "valid": c.valid, "normalized": want_norm}, (i, v)
        assert (check[i], kind[i], norm[i], key[i]) == (c.valid, c.kind, want_norm, want_key), (i, v)


def test_conversions_refuse_pid_case_as_the_cli_has_none():
    # pidkit to-uri and to-iri keep the case of names (only normalize has --pid-case): asked
    # for a case, the conversions say so rather than ignore it.
    a = pa.array(["10.1000/ABC"])
    for convert in (pa_pid.to_uri, pa_pid.to_iri, pidkit.to_uri, pidkit.to_iri):
        arg = a if convert in (pa_pid.to_uri, pa_pid.to_iri) else "10.1000/ABC"
        with pytest.raises(ValueError, match="keep the case"):
            convert(arg, pid_case="lower")
    assert pa_pid.to_uri(a, pid_form="url").to_pylist() == ["https://doi.org/10.1000/ABC"]
    with pytest.raises(ValueError, match="keep the case"):
        pidkit.parse("10.1000/ABC").to_uri(pid_case="upper")


def test_join_matches_the_cli(cli, ids):
    refs = [v for v in ids if v is None or pidkit.detect(v) == "relative-ref"][:20000]
    base = "http://a/b/c/d;p?q"
    want = cli.field(("join", base), refs, "resolved")
    assert as_list(pa_pid.join(base, pa.array(refs, pa.string()))) == want
    with pytest.raises(pidkit.ParseError) as e:
        pa_pid.join("a/b", pa.array(["c"]))
    assert e.value.code == "bad-scheme" or e.value.code.startswith("no-scheme") or e.value.code


def test_extract_matches_the_cli(texts, expected_extract):
    got = as_list(pa_pid.extract(pa.array(texts, pa.string())))
    for i, (g, w) in enumerate(zip(got, expected_extract)):
        if w is None:
            assert g is None
            continue
        assert [{k: f[k] for k in ("start", "kind", "match", "name")} for f in g] == w, (i, texts[i])
        for f in g:
            assert texts[i][f["start"]:f["end"]] == f["match"] or "<" in texts[i]


@pytest.mark.parametrize("t", STRING_TYPES, ids=str)
def test_every_string_type_gives_the_same_answers_in_its_own_type(ids, expected, t):
    a = pa.array(ids[:20000], t)
    out = pa_pid.normalize(a)
    assert out.type == t
    assert out.to_pylist() == expected.normalize()[:20000]
    assert pa_pid.check(a).to_pylist() == expected.valid()[:20000]
    assert pa_pid.parse(a).type.field("kind").type == t


def test_chunked_arrays_and_streams_keep_chunks_order_and_nulls(ids, expected):
    chunks = [pa.array(ids[i : i + 7000], pa.large_string()) for i in range(0, 70000, 7000)]
    ca = pa.chunked_array(chunks)
    out = pa_pid.normalize(ca)
    assert isinstance(out, pa.ChunkedArray)
    assert [len(c) for c in out.chunks] == [len(c) for c in chunks]
    assert out.type == pa.large_string()
    assert out.to_pylist() == expected.normalize()[:70000]


def test_empty_and_all_null_input():
    assert pa_pid.normalize(pa.array([], pa.string())).to_pylist() == []
    assert pa_pid.check(pa.array([None, None])).to_pylist() == [None, None]
    assert pa_pid.normalize(pa.array([None, None], pa.null())).to_pylist() == [None, None]
    empty = pa.chunked_array([], pa.string_view())
    out = pa_pid.normalize(empty)
    assert isinstance(out, pa.ChunkedArray) and len(out) == 0 and out.type == pa.string_view()
    assert pa_pid.parse(pa.array([None])).to_pylist() == [None]
    assert pa_pid.extract(pa.array([None, ""])).to_pylist() == [None, []]


def test_sliced_arrays_read_their_own_rows():
    a = pa.array(["x", "HTTP://A/", None, "doi:10.1/X", "y"])[1:4]
    assert pa_pid.normalize(a).to_pylist() == ["http://a/", None, "https://doi.org/10.1/X"]


@pytest.mark.parametrize("t", [pa.string(), pa.large_string()])
def test_chunks_that_are_slices_of_one_array_give_the_whole_arrays_answers(ids, expected, t):
    # A table's batches and a chunked array's slices share one values buffer: each is read
    # (and checked) over its own rows, at odd offsets too (nulls in a bitmap not byte-aligned).
    whole = pa.array(ids[:30000], t)
    cuts = [0, 3, 1000, 1001, 7777, 20000, 30000]
    ca = pa.chunked_array([whole.slice(a, b - a) for a, b in zip(cuts, cuts[1:])])
    assert pa_pid.normalize(ca).to_pylist() == expected.normalize()[:30000]
    assert pa_pid.doi_name(whole.slice(7777)).to_pylist() == pa_pid.doi_name(whole).to_pylist()[7777:]


@pytest.mark.parametrize("t", [pa.string(), pa.large_string(), pa.string_view()])
def test_an_empty_slice_at_an_offset_gives_an_empty_answer(t):
    # An empty slice keeps its parent's offset (30 bytes into the text here) past an empty
    # values buffer once exported: there are no rows to read, so nothing is refused.
    a = pa.array(["10.1000/abc", "hdl:20.500.1/x", "https://a/"], t)
    batch = pa.record_batch([a], names=["id"])
    for empty in (a[3:], a[1:1], a.slice(2, 0), batch.slice(2, 0).column(0)):
        for f in (pa_pid.check, pa_pid.normalize, pa_pid.key, pa_pid.kind, pa_pid.doi_name):
            assert f(empty).to_pylist() == []
        assert pa_pid.parse(empty).to_pylist() == []
        assert pa_pid.extract(empty).to_pylist() == []


def test_a_column_of_nulls_costs_no_memory_per_row():
    # parse pushed a null into each of its ~100 child columns per row: 10 M nulls took 13.7 s and
    # 2.9 GB. An all-null array now gives an all-null answer of untouched zeroed pages; measured
    # in a fresh process (the peak RSS of this one is whatever the tests before left).
    import subprocess

    code = (
        "import resource, pyarrow as pa, pidkit.arrow as p\n"
        "a = pa.nulls(10_000_000, pa.string())\n"
        "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "out = [p.parse(a), p.extract(a), p.identify(a), p.normalize(a)]\n"
        "assert all(len(o) == len(a) and o.null_count == len(a) for o in out), out\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base)\n"
    )
    grew_kib = int(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)
    assert grew_kib < 200_000, f"{grew_kib} KiB for 10 M null rows"


def test_a_slice_is_checked_over_its_own_rows():
    # Offsets 0, 2, 3, 4 into b"ok\xffz": row 1 is not UTF-8.
    bad = pa.Array.from_buffers(
        pa.string(), 3, [None, pa.py_buffer(struct.pack("<4i", 0, 2, 3, 4)), pa.py_buffer(b"ok\xffz")]
    )
    with pytest.raises(ValueError, match="invalid Arrow data"):
        pa_pid.check(bad)
    with pytest.raises(ValueError, match="invalid Arrow data"):
        pa_pid.check(bad.slice(1))
    # The rows around the bad one are text.
    assert pa_pid.kind(bad.slice(0, 1)).to_pylist() == ["relative-ref"]
    assert pa_pid.kind(bad.slice(2)).to_pylist() == ["relative-ref"]
    # No rows, and no offsets at all (the format allows an empty offsets buffer then).
    for t in (pa.string(), pa.large_string()):
        empty = pa.Array.from_buffers(t, 0, [None, pa.py_buffer(b""), pa.py_buffer(b"")])
        assert pa_pid.normalize(empty).to_pylist() == []
    # Offsets that go back are refused, not read.
    backwards = pa.Array.from_buffers(
        pa.string(), 3, [None, pa.py_buffer(struct.pack("<4i", 0, 3, 1, 4)), pa.py_buffer(b"abcd")]
    )
    with pytest.raises(ValueError, match="invalid Arrow data"):
        pa_pid.check(backwards.slice(1))
    # UTF-8 text, but rows that end and start inside a character ("é" is two bytes): refused,
    # as slices too; the row after it is text.
    split = pa.Array.from_buffers(
        pa.string(), 3, [None, pa.py_buffer(struct.pack("<4i", 0, 2, 3, 4)), pa.py_buffer("aéb".encode())]
    )
    for a in (split, split.slice(0, 2)):
        with pytest.raises(ValueError, match="invalid Arrow data: .*a row starts or ends inside a UTF-8 character"):
            pa_pid.check(a)
    for a in (split.slice(0, 1), split.slice(1, 1)):
        with pytest.raises(ValueError, match="invalid Arrow data: .*text is not UTF-8"):
            pa_pid.check(a)
    # The row "b" is text: under auto-detection no identifier, read as a reference it is one.
    assert pa_pid.check(split.slice(2)).to_pylist() == [False]
    assert pa_pid.check(split.slice(2), as_="iri-ref").to_pylist() == [True]


def test_null_answers_fall_on_their_rows_across_every_word_of_the_bitmap():
    """A string answer's null rows (null input, no answer) are set when the column is
    finished, 64 rows to a word: every row keeps its own, at word edges and past them."""
    nulls = {0, 5, 63, 64, 65, 127, 128, 500, 998, 999}
    junk = {1, 62, 66, 200, 997}
    rows = [None if i in nulls else ("not a doi %d" % i if i in junk else "doi:10.1000/%d" % i) for i in range(1000)]
    want = [None if i in nulls or i in junk else "10.1000/%d" % i for i in range(1000)]
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        a = pa.array(rows, t)
        for n in (1000, 999, 64, 63, 1):
            got = pa_pid.doi_name(a.slice(0, n))
            assert got.to_pylist() == want[:n]
            assert got.null_count == sum(v is None for v in want[:n])
        # No null at all: no validity bitmap either.
        clean = pa_pid.doi_name(pa.array(["10.1000/%d" % i for i in range(200)], t))
        assert clean.null_count == 0 and clean.buffers()[0] is None


def test_rows_past_the_first_thousand_are_checked_as_they_are_read():
    """Rows are checked in blocks as they are read: a fault in a later block, one where a
    character spans two blocks, and one in a null row are each refused with the whole
    array's error; the same rows without the fault get their answers."""
    n = 5000
    text = bytearray(b"10.1000/x" * n)
    offsets = [9 * i for i in range(n + 1)]

    def array(text, offsets, nulls=None, t=pa.string()):
        fmt = "<%di" if t == pa.string() else "<%dq"
        validity = None if nulls is None else pa.array([i not in nulls for i in range(n)]).buffers()[1]
        return pa.Array.from_buffers(t, n, [validity, pa.py_buffer(struct.pack(fmt % (n + 1), *offsets)), pa.py_buffer(bytes(text))])

    for t in (pa.string(), pa.large_string()):
        good = array(text, offsets, t=t)
        assert pa_pid.doi_name(good).to_pylist() == ["10.1000/x"] * n
        assert pa_pid.check(good.slice(1500)).to_pylist() == [True] * (n - 1500)
        bad = bytearray(text)
        bad[9 * 3000 + 4] = 0xFF
        with pytest.raises(ValueError, match="invalid Arrow data: .*text is not UTF-8"):
            pa_pid.doi_name(array(bad, offsets, t=t))
        with pytest.raises(ValueError, match="invalid Arrow data: .*text is not UTF-8"):
            pa_pid.normalize(array(bad, offsets, t=t).slice(2000))
        # The row at 3000 is null: its text is checked all the same.
        with pytest.raises(ValueError, match="invalid Arrow data"):
            pa_pid.doi_name(array(bad, offsets, nulls={3000}, t=t))
        # "é" (two bytes) across the end of row 1023, the end of the first block.
        split = bytearray(text)
        split[9 * 1024 - 1 : 9 * 1024 + 1] = "é".encode()
        with pytest.raises(ValueError, match="invalid Arrow data: .*a row starts or ends inside a UTF-8 character"):
            pa_pid.check(array(split, offsets, t=t))
        # Offsets that go back in a later block, in a null row too.
        back = list(offsets)
        back[2500] = back[2499] - 1
        for nulls in (None, {2499}):
            with pytest.raises(ValueError, match="invalid Arrow data: .*out of order"):
                pa_pid.kind(array(text, back, nulls=nulls, t=t))


def test_any_arrow_exporter_is_accepted():
    class Exporter:
        """Only the PyCapsule interface, as DuckDB, Polars or nanoarrow give it."""

        def __init__(self, obj):
            self.obj = obj

        def __arrow_c_array__(self, requested_schema=None):
            return self.obj.__arrow_c_array__(requested_schema)

    class StreamExporter:
        def __init__(self, obj):
            self.obj = obj

        def __arrow_c_stream__(self, requested_schema=None):
            return self.obj.__arrow_c_stream__(requested_schema)

    a = pa.array(["HTTP://A/", None])
    assert pa_pid.normalize(Exporter(a)).to_pylist() == ["http://a/", None]
    s = StreamExporter(pa.chunked_array([a, a]))
    out = pa_pid.normalize(s)
    assert isinstance(out, pa.ChunkedArray) and out.to_pylist() == ["http://a/", None] * 2


def test_non_string_data_is_refused_with_a_clear_error():
    with pytest.raises(TypeError, match="expected Arrow string data"):
        pa_pid.normalize(pa.array([1, 2]))
    with pytest.raises(TypeError, match="expected Arrow string data"):
        pa_pid.normalize(pa.chunked_array([pa.array([b"x"])]))
    with pytest.raises(ValueError, match="Expected object with __arrow_c_array__"):
        pa_pid.normalize(["not arrow"])


def test_bad_options_are_refused():
    a = pa.array(["x"])
    with pytest.raises(ValueError, match="unknown level 'fuzzy'"):
        pa_pid.normalize(a, level="fuzzy")
    with pytest.raises(ValueError, match="unknown reading 'klingon'"):
        pa_pid.check(a, as_="klingon")
    with pytest.raises(ValueError, match="unknown profile"):
        pa_pid.check(a, profile="rfc0")
    with pytest.raises(ValueError, match="unknown idna"):
        pa_pid.to_uri(a, idna="sometimes")
    with pytest.raises(ValueError, match="unknown encoding label"):
        pa_pid.to_uri(a, query_encoding="klingon")


def test_invalid_utf8_from_a_producer_is_an_error_not_a_crash():
    data = pa.py_buffer(b"ok\xff\xfe")
    offsets = pa.py_buffer(pa.array([0, 2, 4], pa.int32()).buffers()[1])
    bad = pa.Array.from_buffers(pa.string(), 2, [None, offsets, data])
    with pytest.raises(ValueError, match="invalid Arrow data"):
        pa_pid.normalize(bad)


def test_options_reach_every_row():
    a = pa.array(["  http://example.org\\a b", "urn:x:y", "doi:10.1000/182#f"])
    assert pa_pid.normalize(a, as_="web").to_pylist()[0] == "http://example.org/a%20b"
    assert pa_pid.check(a, profile="rfc2141").to_pylist()[1] is True
    assert pa_pid.check(a, profile="legacy").to_pylist()[2] is True
    assert pa_pid.check(pa.array(["http://раураl.com/"]), deny_warnings=True).to_pylist() == [False]
    assert pa_pid.to_iri(pa.array(["http://xn--99zt52a.example.org/"]), unicode_hosts=True).to_pylist() == [
        "http://納豆.example.org/"
    ]


def test_the_gil_is_released_during_the_work(ids):
    """With a huge switch interval, another thread runs only when this one releases the GIL."""
    big = pa.array([v for v in ids if v is not None] * 3, pa.string())
    count = 0
    stop = False

    def spin():
        nonlocal count
        while not stop:
            count += 1
            time.sleep(0)  # releases the GIL on purpose, so the main thread can take it back

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    t = threading.Thread(target=spin)
    t.start()
    try:
        while count == 0:
            time.sleep(0.001)
        # Control: pure-Python work of the same kind never lets the other thread in.
        before = count
        sum(len(v) for v in big.to_pylist()[:200000])
        control = count - before
        before = count
        _pidkit.arrow_normalize(big)
        during = count - before
    finally:
        stop = True
        t.join()
        sys.setswitchinterval(old)
    assert control == 0
    assert during > 0


@pytest.mark.parametrize("as_", ["leiri", "web", "uri", "iri-ref", "doi", "urn", "ivo"])
def test_every_reading_matches_the_cli(cli, ids, as_):
    sample = ids[:5000]
    a = pa.array(sample, pa.string())
    recs = cli.records(("check", "--as", as_), sample)
    assert pa_pid.kind(a, as_=as_).to_pylist() == [None if r is None else r["kind"] for r in recs]
    assert pa_pid.check(a, as_=as_).to_pylist() == [None if r is None else r["valid"] for r in recs]
    norm = cli.field(("normalize", "--as", as_), sample, "normalized")
    assert pa_pid.normalize(a, as_=as_).to_pylist() == norm


@pytest.mark.parametrize("form", ["auto", "name", "uri", "url"])
@pytest.mark.parametrize("case", ["upper", "lower"])
def test_doi_output_forms_match_the_cli(cli, ids, form, case):
    sample = ids[:5000]
    a = pa.array(sample, pa.string())
    flags = ("--pid-form", form, "--pid-case", case)
    want = cli.field(("normalize", "--level", "scheme", *flags), sample, "normalized")
    assert pa_pid.normalize(a, level="scheme", pid_form=form, pid_case=case).to_pylist() == want
    # The conversions keep a PID's case as written (the CLI's --pid-case is normalize's alone).
    want = cli.field(("to-uri", "--pid-form", form), sample, "uri")
    assert pa_pid.to_uri(a, pid_form=form).to_pylist() == want
    want = cli.field(("to-iri", "--pid-form", form), sample, "iri")
    assert pa_pid.to_iri(a, pid_form=form).to_pylist() == want


def test_deny_warnings_matches_the_cli(cli, ids):
    sample = ids[:5000]
    a = pa.array(sample, pa.string())
    want = cli.field(("check", "--deny-warnings"), sample, "valid")
    assert pa_pid.check(a, deny_warnings=True).to_pylist() == want
    got = pa_pid.parse(a, deny_warnings=True).to_pylist()
    assert [None if g is None else g["valid"] for g in got] == cli.field(("parse", "--deny-warnings"), sample, "valid")


@pytest.mark.parametrize("args", [(), ("--level", "syntax"), ("--as", "leiri"), ("--as", "doi")], ids=str)
def test_key_is_the_key_commands(cli, ids, args):
    """``key`` is ``pidkit key``'s record: its ``key`` where ``valid``, else null."""
    sample = [v for v in ids[:5000] if v is None or ("\n" not in v and "\r" not in v)]
    opts = {"level": args[1]} if args[:1] == ("--level",) else {"as_": args[1]} if args else {}
    want = [None if r is None or not r["valid"] else r["key"] for r in cli.records(("key", *args), sample)]
    assert pa_pid.key(pa.array(sample, pa.string()), **opts).to_pylist() == want
