"""Arrow-native batch functions.

Input: any Arrow string data — ``utf8`` (``pa.string()``), ``large_utf8`` (``pa.large_string()``)
or ``utf8_view`` (``pa.string_view()``) — as a ``pyarrow.Array``, a ``pyarrow.ChunkedArray``, or
anything that exports ``__arrow_c_array__`` or ``__arrow_c_stream__`` (Polars series, DuckDB and
nanoarrow arrays, arro3). Output: a ``pyarrow.Array`` for an array, a ``pyarrow.ChunkedArray``
for a stream, with one row per input row in the same order; a null input gives a null output;
string outputs keep the input's string type. The work runs in Rust with the GIL released.

Every row is read as ``pidkit check|normalize|to-uri|to-iri|parse --json`` reads a line, and the
results are byte for byte the CLI's; an invalid input gives null (``check`` gives False).

>>> import pyarrow as pa
>>> import pidkit.arrow as pa_pid
>>> ids = pa.array(["https://doi.org/10.1000/ABC", "DOI: 10.1038/nphys1170", "no id", None])
>>> pa_pid.key(ids).to_pylist()
['doi:10.1000/ABC', 'doi:10.1038/NPHYS1170', None, None]
>>> pa_pid.check(ids).to_pylist()
[True, True, False, None]
>>> pa_pid.doi_name(ids).to_pylist()
['10.1000/ABC', '10.1038/nphys1170', None, None]
>>> pa_pid.kind(ids).to_pylist()
['doi', 'doi', 'iri', None]
"""

from __future__ import annotations

from typing import Any, Optional, Union

import pyarrow as pa

from . import _pidkit

ArrowStrings = Any
"""Arrow string data: a pyarrow Array/ChunkedArray or any ``__arrow_c_array__`` /
``__arrow_c_stream__`` exporter."""

ArrowResult = Union[pa.Array, pa.ChunkedArray]

__all__ = [
    "check",
    "doi_name",
    "extract",
    "join",
    "key",
    "kind",
    "normalize",
    "parse",
    "to_iri",
    "to_uri",
]


def _wrap(result: Any) -> ArrowResult:
    """The native result (an arro3 Array or ChunkedArray) as pyarrow, without a copy."""
    if hasattr(result, "__arrow_c_array__"):
        return pa.array(result)
    return pa.chunked_array(result)


def check(
    data: ArrowStrings,
    *,
    as_: str = "auto",
    profile: Optional[str] = None,
    deny_warnings: bool = False,
) -> ArrowResult:
    """Booleans: is each input a valid identifier of its kind? (``pidkit check``'s ``valid``.)

    >>> check(pa.array(["http://a/", "http://[::1", None])).to_pylist()
    [True, False, None]
    """
    return _wrap(_pidkit.arrow_check(data, as_=as_, profile=profile, deny_warnings=deny_warnings))


def kind(data: ArrowStrings, *, as_: str = "auto", profile: Optional[str] = None) -> ArrowResult:
    """Strings: the kind each input is read as — ``iri``, ``uri``, ``relative-ref``, or a
    scheme's (``doi``, ``urn``, ``ivo``, ``ark`` …) — also when it is invalid.

    >>> kind(pa.array(["urn:x:y", "ivo://ivoa.net/std/TAP"])).to_pylist()
    ['urn', 'ivo']
    """
    return _wrap(_pidkit.arrow_kind(data, as_=as_, profile=profile))


def normalize(
    data: ArrowStrings,
    *,
    level: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: str = "auto",
    pid_case: str = "upper",
) -> ArrowResult:
    """Strings: the normal form at ``level`` (``simple``, ``syntax`` or ``scheme``; the default
    is the library's, :data:`pidkit.DEFAULT_LEVEL`) — what ``pidkit normalize`` prints. Null
    where invalid.

    >>> normalize(pa.array(["http://例え.jp:80", "URN:ISBN:0-451-45052-3"]), level="scheme").to_pylist()
    ['http://xn--r8jz45g.jp/', 'urn:isbn:9780451450524']
    """
    return _wrap(
        _pidkit.arrow_normalize(
            data, level=level, as_=as_, profile=profile, pid_form=pid_form, pid_case=pid_case
        )
    )


def key(
    data: ArrowStrings,
    *,
    level: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
) -> ArrowResult:
    """Strings: the equivalence key at ``level`` — equal keys, equivalent identifiers (what
    ``pidkit compare`` and ``pidkit dedupe`` compare; a DOI in any written form has its
    ``doi:`` URI as key). Null where invalid.

    >>> key(pa.array(["https://doi.org/10.1000/abc", "doi:10.1000/ABC"]), level="scheme").to_pylist()
    ['doi:10.1000/ABC', 'doi:10.1000/ABC']
    """
    return _wrap(_pidkit.arrow_key(data, level=level, as_=as_, profile=profile))


def to_uri(
    data: ArrowStrings,
    *,
    idna: str = "dns",
    query_encoding: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: str = "auto",
    pid_case: str = "upper",
) -> ArrowResult:
    """Strings: each IRI as a URI (§3.3–3.6; ``idna``: ``dns``, ``any`` or ``never``); DOIs give
    their ``doi:`` URI. Null where invalid.

    >>> to_uri(pa.array(["http://résumé.example.org/menü?q=ä"])).to_pylist()
    ['http://xn--rsum-bpad.example.org/men%C3%BC?q=%C3%A4']
    """
    return _wrap(
        _pidkit.arrow_to_uri(
            data,
            idna=idna,
            query_encoding=query_encoding,
            as_=as_,
            profile=profile,
            pid_form=pid_form,
            pid_case=pid_case,
        )
    )


def to_iri(
    data: ArrowStrings,
    *,
    unicode_hosts: bool = False,
    idna: str = "dns",
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: str = "auto",
    pid_case: str = "upper",
) -> ArrowResult:
    """Strings: each URI as an IRI (§3.7). Null where invalid.

    >>> to_iri(pa.array(["http://www.example.org/D%C3%BCrst"])).to_pylist()
    ['http://www.example.org/Dürst']
    """
    return _wrap(
        _pidkit.arrow_to_iri(
            data,
            unicode_hosts=unicode_hosts,
            idna=idna,
            as_=as_,
            profile=profile,
            pid_form=pid_form,
            pid_case=pid_case,
        )
    )


def doi_name(
    data: ArrowStrings, *, as_: str = "auto", profile: Optional[str] = None
) -> ArrowResult:
    """Strings: the DOI name of each DOI in any written form (``10.1000/182``); null for
    anything else and for invalid DOIs.

    >>> doi_name(pa.array(["http://dx.doi.org/10.1000/182", "urn:doi:10.1000:182", "http://a/"])).to_pylist()
    ['10.1000/182', '10.1000/182', None]
    """
    return _wrap(_pidkit.arrow_doi_name(data, as_=as_, profile=profile))


def join(
    base: str, data: ArrowStrings, *, non_strict: bool = False, profile: Optional[str] = None
) -> ArrowResult:
    """Strings: each reference resolved against the IRI ``base`` (RFC 3986 §5.2); null where
    the reference is invalid. An invalid base raises :class:`pidkit.ParseError`.

    >>> join("http://a/b/c/d;p?q", pa.array(["../g", "?y", "#s"])).to_pylist()
    ['http://a/b/g', 'http://a/b/c/d;p?y', 'http://a/b/c/d;p?q#s']
    """
    return _wrap(_pidkit.arrow_join(base, data, non_strict=non_strict, profile=profile))


def extract(data: ArrowStrings) -> ArrowResult:
    """Lists of structs ``{start, end, kind, match, name, truncated}``: every identifier in each
    text (``start``/``end`` are 0-based character offsets, end exclusive; ``name``: its name
    within its scheme — a DOI name, a handle … — or None; ``truncated``: it runs to a line end
    where it may go on in the next line, and was not joined).

    >>> found = extract(pa.array(["See doi:10.1000/182 and http://a.org/x."])).to_pylist()[0]
    >>> found[0]["name"], found[1]
    ('10.1000/182', {'start': 24, 'end': 38, 'kind': 'iri', 'match': 'http://a.org/x', 'name': None, 'truncated': False})
    """
    return _wrap(_pidkit.arrow_extract(data))


def parse(
    data: ArrowStrings,
    *,
    as_: str = "auto",
    profile: Optional[str] = None,
    deny_warnings: bool = False,
) -> ArrowResult:
    """Structs: the record of ``pidkit parse --json`` without ``line`` and ``input`` —
    ``kind``, ``valid``, ``error`` {code, offset, len, message, hint}, ``warnings`` (list of
    {code, offset, len, message}), ``mapped``, ``components`` (the IRI parts), then one struct
    per scheme of the library's list (``doi``, ``hdl``, ``urn``, ``ivo``, ``ark`` …: the
    scheme's fields, as in ``pidkit.SCHEME_CLASSES``); absent parts are null.

    >>> row = parse(pa.array(["http://[::1"])).to_pylist()[0]
    >>> row["kind"], row["valid"], row["error"]["code"], row["error"]["offset"]
    ('iri', False, 'bad-ipv6', 7)
    """
    return _wrap(
        _pidkit.arrow_parse(data, as_=as_, profile=profile, deny_warnings=deny_warnings)
    )
