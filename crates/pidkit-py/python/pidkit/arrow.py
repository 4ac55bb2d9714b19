"""Arrow-native batch functions.

Input: any Arrow string data — ``utf8`` (``pa.string()``), ``large_utf8`` (``pa.large_string()``)
or ``utf8_view`` (``pa.string_view()``) — as a ``pyarrow.Array``, a ``pyarrow.ChunkedArray``, or
anything that exports ``__arrow_c_array__`` or ``__arrow_c_stream__`` (Polars series, DuckDB and
nanoarrow arrays, arro3). Output: a ``pyarrow.Array`` for an array, a ``pyarrow.ChunkedArray``
for a stream, with one row per input row in the same order; a null input gives a null output;
string outputs keep the input's string type. The work runs in Rust with the GIL released.

Every row is read as ``pidkit check|normalize|key|to-uri|to-iri|parse --json`` reads a line,
and the results are byte for byte the CLI's; an input that is not valid gives null (``check``
gives False).

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

Every function that reads identifiers takes the options of the CLI's line commands:

* ``as_`` (``--as``): ``auto`` (the default: decided from each value's shape), ``iri``,
  ``iri-ref``, ``uri``, ``uri-ref``, ``leiri``, ``web``, or a scheme's name (``doi``, ``urn`` …);
* ``profile`` (``--profile``): rule sets, separated by commas;
* ``clean`` (``--clean``): each value cleaned first, as ``extract`` reads identifiers in text —
  a byte-order mark, whitespace, ``DOI:`` labels, brackets and quotes around, trailing sentence
  punctuation, BibTeX, JSON and HTML escapes removed, each removal a ``cleaned-*`` warning;
* ``deny_warnings`` (``--deny-warnings``), ``deny`` (``--deny``) and ``allow`` (``--allow``):
  the warnings that make a value invalid — every one, those of the codes in ``deny``, never
  those in ``allow`` (codes as a list or a string separated by commas; an unknown code raises
  ``ValueError`` naming the codes it resembles). A value they make invalid is invalid
  everywhere: ``check`` False, null from the other functions (``kind`` excepted: it is the
  kind the value was read as, valid or not, as in the CLI).

``pid_form`` and ``pid_case`` (``--pid-form``, ``--pid-case``) say how DOIs and handles are
written in output; ``None`` (the default) is the library's default, as for the CLI. As in the
CLI, ``pid_case`` is an option of ``normalize`` and ``identify`` only: ``to_uri`` and
``to_iri`` keep the case of names and raise ``ValueError`` when it is given.

>>> messy = pa.array(["DOI: 10.1000/ABC.", "(https://doi.org/10.1000/abc)", "10.1000/abc"])
>>> pa_pid.key(messy, clean=True).to_pylist()
['doi:10.1000/ABC', 'doi:10.1000/ABC', 'doi:10.1000/ABC']
>>> pa_pid.check(messy, clean=True, deny="cleaned-wrapper").to_pylist()
[True, False, True]
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Union

import pyarrow as pa

from . import _pidkit

ArrowStrings = Any
"""Arrow string data: a pyarrow Array/ChunkedArray or any ``__arrow_c_array__`` /
``__arrow_c_stream__`` exporter."""

ArrowResult = Union[pa.Array, pa.ChunkedArray]

Codes = Union[str, Iterable[str], None]
"""Warning codes: a list (any iterable) of strings, or one string of codes separated by commas."""

__all__ = [
    "check",
    "doi_name",
    "extract",
    "identify",
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
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Booleans: is each input a valid identifier of its kind? (``pidkit check``'s ``valid``.)

    >>> check(pa.array(["http://a/", "http://[::1", None])).to_pylist()
    [True, False, None]
    >>> check(pa.array(["http://a/%7e"]), deny=["lowercase-hex"]).to_pylist()
    [False]
    """
    return _wrap(
        _pidkit.arrow_check(
            data, as_=as_, profile=profile, clean=clean, deny_warnings=deny_warnings, deny=deny, allow=allow
        )
    )


def kind(
    data: ArrowStrings,
    *,
    as_: str = "auto",
    profile: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Strings: the kind each input is read as — ``iri``, ``uri``, ``relative-ref``, or a
    scheme's (``doi``, ``urn``, ``ivo``, ``ark`` …) — also when it is invalid (the warning
    options are checked, and change no kind).

    >>> kind(pa.array(["urn:x:y", "ivo://ivoa.net/std/TAP", "<doi:10.1/x>"]), clean=True).to_pylist()
    ['urn', 'ivo', 'doi']
    """
    return _wrap(
        _pidkit.arrow_kind(
            data, as_=as_, profile=profile, clean=clean, deny_warnings=deny_warnings, deny=deny, allow=allow
        )
    )


def normalize(
    data: ArrowStrings,
    *,
    level: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: Optional[str] = None,
    pid_case: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Strings: the normal form at ``level`` (``simple``, ``syntax`` or ``scheme``; the default
    is the library's, :data:`pidkit.DEFAULT_LEVEL`) — what ``pidkit normalize`` prints. Null
    where invalid.

    >>> normalize(pa.array(["http://例え.jp:80", "URN:ISBN:0-451-45052-3"]), level="scheme").to_pylist()
    ['http://xn--r8jz45g.jp/', 'urn:isbn:9780451450524']
    """
    return _wrap(
        _pidkit.arrow_normalize(
            data,
            level=level,
            as_=as_,
            profile=profile,
            pid_form=pid_form,
            pid_case=pid_case,
            clean=clean,
            deny_warnings=deny_warnings,
            deny=deny,
            allow=allow,
        )
    )


def key(
    data: ArrowStrings,
    *,
    level: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Strings: the equivalence key at ``level`` — equal keys, equivalent identifiers (what
    ``pidkit key`` prints and ``pidkit compare`` and ``pidkit dedupe`` compare; a DOI in any
    written form has its ``doi:`` URI as key). Null where invalid.

    >>> key(pa.array(["https://doi.org/10.1000/abc", "doi:10.1000/ABC"]), level="scheme").to_pylist()
    ['doi:10.1000/ABC', 'doi:10.1000/ABC']
    """
    return _wrap(
        _pidkit.arrow_key(
            data,
            level=level,
            as_=as_,
            profile=profile,
            clean=clean,
            deny_warnings=deny_warnings,
            deny=deny,
            allow=allow,
        )
    )


def identify(
    data: ArrowStrings,
    *,
    level: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: Optional[str] = None,
    pid_case: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Structs ``{kind, valid, normalized}``: what each input is, whether it is valid, and its
    normal form (null where invalid) — the members of ``pidkit normalize --json``'s record, from
    one reading of each row: :func:`kind`, :func:`check` and :func:`normalize` at the cost of
    one of them (``valid`` is ``normalize``'s: under ``deny_warnings`` the warnings that decide
    it are those of the normal form, as in the CLI's record).

    >>> for row in identify(pa.array(["https://doi.org/10.1000/abc", "PMID: 123", "N/A", None])).to_pylist():
    ...     print(row)
    {'kind': 'doi', 'valid': True, 'normalized': 'https://doi.org/10.1000/abc'}
    {'kind': 'pmid', 'valid': True, 'normalized': 'PMID:123'}
    {'kind': 'relative-ref', 'valid': False, 'normalized': None}
    None
    """
    return _wrap(
        _pidkit.arrow_identify(
            data,
            level=level,
            as_=as_,
            profile=profile,
            pid_form=pid_form,
            pid_case=pid_case,
            clean=clean,
            deny_warnings=deny_warnings,
            deny=deny,
            allow=allow,
        )
    )


def to_uri(
    data: ArrowStrings,
    *,
    idna: str = "dns",
    query_encoding: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: Optional[str] = None,
    pid_case: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
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
            clean=clean,
            deny_warnings=deny_warnings,
            deny=deny,
            allow=allow,
        )
    )


def to_iri(
    data: ArrowStrings,
    *,
    unicode_hosts: bool = False,
    idna: str = "dns",
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: Optional[str] = None,
    pid_case: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
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
            clean=clean,
            deny_warnings=deny_warnings,
            deny=deny,
            allow=allow,
        )
    )


def doi_name(
    data: ArrowStrings,
    *,
    as_: str = "auto",
    profile: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Strings: the DOI name of each DOI in any written form (``10.1000/182``); null for
    anything else and for invalid DOIs.

    >>> doi_name(pa.array(["http://dx.doi.org/10.1000/182", "urn:doi:10.1000:182", "http://a/"])).to_pylist()
    ['10.1000/182', '10.1000/182', None]
    """
    return _wrap(
        _pidkit.arrow_doi_name(
            data, as_=as_, profile=profile, clean=clean, deny_warnings=deny_warnings, deny=deny, allow=allow
        )
    )


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
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> ArrowResult:
    """Structs: the record of ``pidkit parse --json`` without ``line`` and ``input`` —
    ``kind``, ``valid``, ``error`` {code, offset, len, message, hint}, ``warnings`` (list of
    {code, offset, len, message, count, offsets}: ``count`` and ``offsets`` for a code found
    more than once, else null), ``mapped``, ``components`` (the IRI parts), then one struct per
    scheme of the library's list (``doi``, ``hdl``, ``urn``, ``ivo``, ``ark`` …: the scheme's
    fields, as in ``pidkit.SCHEME_CLASSES``); absent parts are null.

    >>> row = parse(pa.array(["http://[::1"])).to_pylist()[0]
    >>> row["kind"], row["valid"], row["error"]["code"], row["error"]["offset"]
    ('iri', False, 'bad-ipv6', 7)
    """
    return _wrap(
        _pidkit.arrow_parse(
            data, as_=as_, profile=profile, clean=clean, deny_warnings=deny_warnings, deny=deny, allow=allow
        )
    )
