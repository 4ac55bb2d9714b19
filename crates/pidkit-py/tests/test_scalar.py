"""The scalar API against the CLI: the same kind, validity, error, warnings, normal forms and
keys for a sample of the generated identifiers, and ParseError messages as the CLI prints them."""

from __future__ import annotations

import pytest

import pidkit

SAMPLE = 4000


@pytest.fixture(scope="session")
def sample(ids):
    return ids[:SAMPLE]


def test_check_matches_the_cli(sample, cli):
    for v, rec in zip(sample, cli.records(("check",), sample)):
        if v is None:
            continue
        c = pidkit.check(v)
        assert (c.kind, c.valid, bool(c)) == (rec["kind"], rec["valid"], rec["valid"]), v
        if rec["error"] is None:
            assert c.error is None
        else:
            e = c.error
            assert isinstance(e, pidkit.ParseError) and isinstance(e, ValueError)
            assert (e.code, e.offset, e.len, e.message, e.hint) == (
                rec["error"]["code"], rec["error"]["offset"], rec["error"]["len"],
                rec["error"]["message"], rec["error"].get("hint"),
            ), v
            assert e.char_offset == len(v.encode()[: e.offset].decode("utf-8", "ignore"))
        assert [(w.code, w.offset, w.len, w.message) for w in c.warnings] == [
            (w["code"], w["offset"], w["len"], w["message"]) for w in rec["warnings"]
        ], v
        assert c.mapped == rec.get("mapped")


def test_parse_gives_typed_objects_that_agree_with_the_cli(sample, cli):
    kinds = {"iri": pidkit.Iri, "uri": pidkit.Iri, "relative-ref": pidkit.Iri, **pidkit.SCHEME_CLASSES}
    assert {"doi", "hdl", "urn", "ivo", "ark"} <= set(pidkit.SCHEME_CLASSES)
    for v, rec in zip(sample, cli.records(("parse",), sample)):
        if v is None:
            continue
        if not rec["valid"]:
            with pytest.raises(pidkit.ParseError) as e:
                pidkit.parse(v)
            assert e.value.code == rec["error"]["code"]
            continue
        p = pidkit.parse(v)
        assert type(p) is kinds[rec["kind"]] and p.kind == rec["kind"], v
        assert isinstance(p, pidkit.Identifier)
        assert str(p) == v and p.input == v
        assert p.components == rec.get("components"), v
        if isinstance(p, pidkit.Iri) and rec.get("components"):
            c = rec["components"]
            assert (p.scheme, p.authority, p.userinfo, p.host, p.host_kind, p.port, p.path, p.query, p.fragment) == (
                c["scheme"], c["authority"], c["userinfo"], c["host"], c["host_kind"], c["port"], c["path"], c["query"], c["fragment"],
            )
        # The scheme's object of `parse --json` is the object's `details`, and each of its
        # members an attribute (those an Identifier has already, such as `kind`, excepted).
        if rec["kind"] in pidkit.SCHEME_CLASSES:
            assert p.details == rec[rec["kind"]], v
            for name, value in rec[rec["kind"]].items():
                if not hasattr(pidkit.Iri, name):
                    assert getattr(p, name) == value, (v, name)
        assert [w.code for w in p.warnings] == [w["code"] for w in rec["warnings"]]


@pytest.mark.parametrize("level", ["simple", "syntax", "scheme"])
def test_normalize_and_key_match_the_cli(sample, expected, level):
    norm = expected.normalize(level)[:SAMPLE]
    keys = expected.key(level)[:SAMPLE]
    for v, n, k in zip(sample, norm, keys):
        if v is None or n is None:
            continue
        p = pidkit.parse(v)
        assert p.normalize(level) == n, v
        assert p.key(level) == k, v


def test_conversions_match_the_cli(sample, cli):
    uris = cli.field(("to-uri",), sample, "uri")
    for v, u in zip(sample, uris):
        if v is None or u is None:
            continue
        try:
            p = pidkit.parse(v)
        except pidkit.ParseError:
            continue  # to-uri reads a URN or IVOID that is not one as an IRI reference
        if p.kind in ("urn", "ivo", "doi", "iri", "relative-ref"):
            assert p.to_uri() == u, v


def test_errors_read_like_the_clis(sample, cli):
    """``str(ParseError)`` is the CLI's human error without the line number."""
    bad = [v for v, rec in zip(sample, cli.records(("check",), sample)) if v is not None and not rec["valid"]][:300]
    for v in bad:
        if v.startswith("\ufeff"):
            continue  # at the start of a stream, the CLI removes a byte-order mark
        p = cli.run(["check", "--color", "never", "--keep-blank"], stdin=v + "\n")
        human = p.stdout
        assert human.startswith("1: error "), human
        with pytest.raises(pidkit.ParseError) as e:
            pidkit.parse(v)
        assert str(e.value) + "\n" == human[len("1: error "):], v


def test_equality_and_hash_go_by_the_key():
    a = pidkit.parse("http://example.com/%7Euser")
    b = pidkit.parse("HTTP://example.com/~user")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert pidkit.parse("http://example.com/?") != pidkit.parse("http://example.com/")
    # The default level is the library's (the CLI's --level default).
    same = pidkit.compare("http://example.com", "http://example.com:80/", level=pidkit.DEFAULT_LEVEL)
    assert (pidkit.parse("http://example.com") == pidkit.parse("http://example.com:80/")) == same
    assert pidkit.parse("http://a/") != "http://a/"
    assert repr(pidkit.parse("urn:isbn:0451450523")) == "Urn('urn:isbn:0451450523')"


def test_compare_join_extract_detect():
    assert pidkit.compare("http://example.com", "http://example.com:80/", level="scheme")
    assert not pidkit.compare("http://example.com", "http://example.com:80/", level="syntax")
    with pytest.raises(pidkit.ParseError):
        pidkit.compare("http://a b/", "http://a/")
    assert pidkit.join("http://a/b/c/d;p?q", "../../../g") == "http://a/g"
    assert pidkit.join("http://a/b", "http:g", non_strict=True) == "http://a/g"
    with pytest.raises(pidkit.ParseError, match="the base is not an IRI"):
        pidkit.join("a/b", "c")
    f = pidkit.extract("x <https://exam\n  ple.org/> y")
    assert [(x.start, x.end, x.text) for x in f] == [(3, 26, "https://example.org/")]
    assert pidkit.detect("  10.1000/182 ") == "doi"


def test_lenient_readings_keep_the_input_and_show_the_mapping():
    p = pidkit.parse("  http://example.org\\a b", as_="web")
    assert (str(p), p.input) == ("http://example.org/a%20b", "  http://example.org\\a b")
    with pytest.raises(ValueError, match="unknown reading"):
        pidkit.parse("x", as_="klingon")


def test_the_issue_one_liner():
    assert pidkit.parse("doi:10.1000/182").key() == "doi:10.1000/182"


def test_error_messages_show_controls_and_separators_escaped():
    # The caret line is the library's (pidkit::caret, as the CLI draws it): a line separator,
    # an escape or a bidi isolate in the input cannot break, colour or reorder the message.
    for ch in ("\u2028", "\u2029", "\x1b", "\u2066", "\u061c"):
        with pytest.raises(pidkit.ParseError) as e:
            pidkit.parse(f"http://a b/{ch}")
        msg = str(e.value)
        assert ch not in msg, repr(msg)
        assert f"<U+{ord(ch):04X}>" in msg, repr(msg)
        # The caret stays under the space (column 8 of the shown line, after the indent).
        shown, caret = msg.splitlines()[1:3]
        assert caret.index("^") == shown.index(" b/"), (shown, caret)


def _same_identifier(x, y):
    """Everything an identifier shows, the same on both."""
    assert type(y) is type(x)
    assert (repr(y), str(y), y.input, y.kind) == (repr(x), str(x), x.input, x.kind)
    assert (y.key(), y.normalize(), y.components) == (x.key(), x.normalize(), x.components)
    assert [(w.code, w.offset) for w in y.warnings] == [(w.code, w.offset) for w in x.warnings]
    assert y == x and hash(y) == hash(x)


def test_identifiers_pickle_as_the_call_that_made_them(sample):
    import pickle

    made = 0
    for v in sample:
        if v is None or not pidkit.check(v):
            continue
        x = pidkit.parse(v)
        for protocol in (0, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL):
            _same_identifier(x, pickle.loads(pickle.dumps(x, protocol)))
        made += 1
    assert made > 1000
    # The options of the call travel with it: read again without them, these would differ.
    for s, kw in [
        ("http://a/b c", {"as_": "leiri"}),
        ("example.org/a b", {"as_": "web"}),
        ("10.1000/a b", {"as_": "doi", "profile": "legacy"}),
        ("urn:x-y:a", {"profile": "rfc2141"}),
        ("http://example.org/résumé", {"as_": "iri"}),
    ]:
        x = pidkit.parse(s, **kw)
        y = pickle.loads(pickle.dumps(x))
        _same_identifier(x, y)
        assert pickle.dumps(y) == pickle.dumps(x)


def test_identifiers_are_their_own_copies():
    import copy

    x = pidkit.parse("https://doi.org/10.1000/182")
    assert copy.copy(x) is x and copy.deepcopy(x) is x
    assert copy.deepcopy([x, {"k": x}])[1]["k"] is x


def test_checks_warnings_and_findings_pickle():
    import pickle

    for s, kw in [
        ("http://exa mple.org/", {}),
        ("doi:10.1000/182", {}),
        ("http://a/b c", {"as_": "leiri"}),
        ("http://xn--a.example/", {"deny_warnings": True}),
    ]:
        c = pidkit.check(s, **kw)
        d = pickle.loads(pickle.dumps(c))
        assert (d.input, d.kind, d.valid, bool(d), d.mapped) == (c.input, c.kind, c.valid, bool(c), c.mapped)
        assert d.warnings == c.warnings
        assert (d.error is None) == (c.error is None)
        if c.error is not None:
            assert (d.error.code, d.error.offset, d.error.len, str(d.error)) == (
                c.error.code, c.error.offset, c.error.len, str(c.error))
    warned = pidkit.check("http://xn--a.example/").warnings
    assert warned and pickle.loads(pickle.dumps(warned)) == warned
    w = warned[0]
    assert pidkit.CheckWarning(w.code, w.offset, w.len, w.message) == w
    found = pidkit.extract("see doi:10.1000/182 and <http://example.org/a>")
    assert len(found) == 2 and pickle.loads(pickle.dumps(found)) == found
    f = found[0]
    assert pidkit.Found(f.start, f.end, f.kind, f.text, f.name, f.truncated) == f
    with pytest.raises(ValueError, match="unknown kind"):
        pidkit.Found(0, 1, "klingon", "x", None, False)


def test_identifiers_cross_process_boundaries():
    """What Spark's RDDs, Dask bags and multiprocessing do with results: pickle them."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    inputs = ["doi:10.1000/182", "http://例え.jp/a", "urn:isbn:0451450523", "ivo://ivoa.net/std/x"]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        got = list(pool.map(pidkit.parse, inputs))
    for x, y in zip([pidkit.parse(s) for s in inputs], got):
        _same_identifier(x, y)


@pytest.mark.parametrize(
    "s, char_offset, byte_offset",
    [
        ("http://a/b\udcffc", 10, 10),  # what errors="surrogateescape" makes of a byte 0xFF
        ("\ud800", 0, 0),
        ("http://例え.jp/\udc80", 13, 17),
        ("doi:10.1000/\ud83d\ude00", 12, 12),  # a UTF-16 pair as two code points
    ],
)
def test_a_str_with_a_lone_surrogate_is_not_text(s, char_offset, byte_offset):
    """The CLI's answer for a line that is not UTF-8: kind unknown, invalid-utf8, where."""
    import pickle
    import unicodedata

    with pytest.raises(pidkit.ParseError) as raised:
        pidkit.parse(s)
    e = raised.value
    assert (e.code, e.offset, e.len, e.char_offset) == ("invalid-utf8", byte_offset, 3, char_offset)
    assert e.input is s and "lone surrogate U+" in e.message and e.hint
    lines = str(e).splitlines()
    assert lines[0].startswith("invalid-utf8: lone surrogate") and lines[2].strip() == "^"
    # The caret under the surrogate (shown as U+FFFD), after the columns of what precedes it.
    head = lines[1][2:].encode()[:byte_offset].decode()
    columns = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in head)
    assert lines[1][2 + len(head)] == "\ufffd" and lines[2].index("^") - 2 == columns
    c = pidkit.check(s)
    assert (c.kind, c.valid, bool(c), c.error.code, c.warnings, c.mapped) == (
        "unknown", False, False, "invalid-utf8", [], None)
    assert c.input is s
    d = pickle.loads(pickle.dumps(c))
    assert (d.input, d.kind, d.error.code, d.error.offset) == (s, "unknown", "invalid-utf8", byte_offset)
    for call in (lambda: pidkit.compare(s, "x"), lambda: pidkit.compare("x", s),
                 lambda: pidkit.join("http://a/", s), lambda: pidkit.join(s, "x")):
        with pytest.raises(pidkit.ParseError, match="invalid-utf8"):
            call()


def test_extract_and_detect_read_around_lone_surrogates():
    text = "see \udcff doi:10.1000/182, \ud83d\ude00 and http://example.org/\udc80x"
    found = pidkit.extract(text)
    # The positions are the str's own: a surrogate counts as the one character it is.
    assert [text[f.start:f.end] for f in found] == ["doi:10.1000/182", "http://example.org/"]
    assert pidkit.detect("http://a/\udcff") == "iri"
    assert pidkit.detect("10.1000/\udcff") == "doi"
