"""pidkit: IRIs, URIs, DOIs, URNs and IVOA identifiers, to the letter of the spec.

The scalar API reads one identifier at a time; :mod:`pidkit.arrow` does whole Arrow arrays
(and through it :mod:`pidkit.spark`, :mod:`pidkit.polars`, :mod:`pidkit.duckdb` and
:mod:`pidkit.pandas`). Both give the answers of the ``pidkit`` command-line tool.

>>> import pidkit
>>> doi = pidkit.parse("https://doi.org/10.1000/182")
>>> doi
Doi('https://doi.org/10.1000/182')
>>> doi.name, doi.key()
('10.1000/182', 'doi:10.1000/182')
>>> pidkit.parse("HTTP://Example.COM/a/./b").normalize()
'http://example.com/a/b'
>>> pidkit.compare("http://example.com", "http://example.com:80/", level="scheme")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional, Union

from . import _pidkit
from ._pidkit import (
    DEFAULT_LEVEL,
    SCHEME_CLASSES,
    Check,
    CheckWarning,
    Found,
    Identifier,
    Iri,
    IriPid,
    ParseError,
    Pid,
    __version__,
)

# The class of each scheme's identifiers (Doi, Handle, Urn, Ivoid, Ark …), made by the
# extension from the library's list of schemes: a new scheme's class appears here by itself.
globals().update({cls.__name__: cls for cls in SCHEME_CLASSES.values()})

if TYPE_CHECKING:

    def __getattr__(name: str) -> Union[type[Pid], type[IriPid]]: ...


__all__ = [
    "DEFAULT_LEVEL",
    "SCHEME_CLASSES",
    "Check",
    "CheckWarning",
    "Found",
    "Identifier",
    "Iri",
    "IriPid",
    "ParseError",
    "Pid",
    "__version__",
    "check",
    "compare",
    "detect",
    "extract",
    "join",
    "key",
    "normalize",
    "parse",
    "resolve",
    "to_iri",
    "to_uri",
    *sorted(cls.__name__ for cls in SCHEME_CLASSES.values()),
]


#: Warning codes for ``deny=`` and ``allow=``: a list (any iterable) of strings, or one string
#: of codes separated by commas (as the CLI's ``--deny``).
Codes = Union[str, Iterable[str], None]


def parse(
    s: str,
    as_: str = "auto",
    profile: Optional[str] = None,
    *,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> Identifier:
    """Read ``s`` by the rules of its kind and return a typed object.

    ``as_`` is what to read it as: ``auto`` (decided from its shape, the default), ``iri``,
    ``iri-ref``, ``uri``, ``uri-ref``, ``leiri`` or ``web`` (the last two map what people paste
    to a valid IRI first), or a scheme's name (``doi``, ``hdl``, ``urn``, ``ivo``, ``ark`` …).
    ``profile`` picks rule sets, separated by commas, each of one family: ``bis`` (default),
    ``rfc3987``, ``rfc3986`` for IRIs; the schemes' own (``rfc2141`` for URNs, ``legacy`` for
    DOIs, ``ark-check-char`` for ARKs …).

    The result is an :class:`Iri` (also URIs and relative references) or the class of its
    scheme (:class:`Doi`, :class:`Handle`, :class:`Urn`, :class:`Ivoid`, :class:`Ark` …:
    :data:`SCHEME_CLASSES`), whose parts are attributes and the dict ``details``; ``==`` and
    ``hash()`` compare equivalence keys at the default level (:data:`DEFAULT_LEVEL`, the
    library's). Invalid input raises :class:`ParseError` (a ``ValueError``).

    The options of the CLI's line commands: ``clean`` (``--clean``) cleans ``s`` first, as
    ``extract`` reads identifiers in text (labels, brackets and quotes, trailing punctuation,
    escapes: ``str()`` of the result is the cleaned text); ``deny_warnings``, ``deny`` and
    ``allow`` (``--deny-warnings``, ``--deny CODE,…``, ``--allow CODE,…``) make warnings
    errors — an input with a denied warning raises :class:`ParseError` whose ``code`` is the
    warning's. An unknown warning code raises ``ValueError``.

    >>> iri = parse("http://user@例え.jp:8080/パス?q=1#top")
    >>> iri.kind, iri.host, iri.port, iri.path
    ('iri', '例え.jp', '8080', '/パス')
    >>> iri.to_uri()
    'http://user@xn--r8jz45g.jp:8080/%E3%83%91%E3%82%B9?q=1#top'
    >>> parse("DOI: 10.1000/abc").normalize(level="scheme")
    'https://doi.org/10.1000/abc'
    >>> urn = parse("URN:ISBN:0-451-45052-3")
    >>> urn.nid, urn.key("scheme")
    ('ISBN', 'urn:isbn:9780451450524')
    >>> ark = parse("https://n2t.net/ark:/12345/x6-np1wh8k/page.v2")
    >>> ark, ark.naan, ark.key()
    (Ark('https://n2t.net/ark:/12345/x6-np1wh8k/page.v2'), '12345', 'ark:12345/x6np1wh8k/page.v2')
    >>> parse("ivo://CDS.VizieR/J/A+A/672/A1").warnings[0].code
    'ivo-key-sub-delim'
    >>> parse("http://example.org/%7euser") == parse("http://example.org/~user")
    True
    >>> parse("http://exa mple.org/")
    Traceback (most recent call last):
      ...
    pidkit.ParseError: invalid-char: space is not allowed here (at byte 10)
      http://exa mple.org/
                ^
      hint: percent-encode the space as %20
    >>> str(parse("(doi:10.1000/182).", clean=True))
    'doi:10.1000/182'
    >>> parse("http://a/%7e", deny="lowercase-hex").key()
    Traceback (most recent call last):
      ...
    pidkit.ParseError: lowercase-hex: percent-encodings should use uppercase hex digits (RFC 3986 §2.1) (at byte 9)
      http://a/%7e
               ^^^
      hint: the warning lowercase-hex is denied (deny=, deny_warnings=): allow="lowercase-hex" accepts it
    """
    return _pidkit.parse(s, as_, profile, clean, deny, allow, deny_warnings)


def check(
    s: str,
    as_: str = "auto",
    profile: Optional[str] = None,
    deny_warnings: bool = False,
    *,
    clean: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> Check:
    """Check ``s`` as ``pidkit check`` does: a :class:`Check` that is true when valid.

    ``clean``, ``deny_warnings``, ``deny`` and ``allow`` are the CLI's ``--clean``,
    ``--deny-warnings``, ``--deny`` and ``--allow`` (see :func:`parse`).

    >>> c = check("http://[::1")
    >>> bool(c), c.kind, c.error.code, c.error.offset
    (False, 'iri', 'bad-ipv6', 7)
    >>> check("http://раураl.com/").warnings[1].code
    'confusable'
    >>> check("  http://example.org\\\\a b", as_="web").mapped
    'http://example.org/a%20b'

    A ``str`` with a lone surrogate (text decoded with ``errors="surrogateescape"``) has no
    UTF-8 form: it gets the CLI's answer for a line that is not UTF-8.

    >>> c = check("http://a/\\udcff")
    >>> c.kind, c.error.code, c.error.offset
    ('unknown', 'invalid-utf8', 9)

    Cleaning says what it removed, and a policy decides whether that matters:

    >>> c = check("DOI: 10.1000/182.", clean=True)
    >>> c.valid, c.mapped, [w.code for w in c.warnings]
    (True, '10.1000/182', ['cleaned-label', 'cleaned-punctuation'])
    >>> bool(check("DOI: 10.1000/182.", clean=True, deny_warnings=True, allow="cleaned-label"))
    False
    >>> bool(check("DOI: 10.1000/182.", clean=True, deny_warnings=True, allow=["cleaned-label", "cleaned-punctuation"]))
    True
    """
    return _pidkit.check(s, as_, profile, deny_warnings, clean, deny, allow)


def compare(
    a: str,
    b: str,
    level: Optional[str] = None,
    as_: str = "auto",
    profile: Optional[str] = None,
    *,
    clean: bool = False,
) -> bool:
    """Whether ``a`` and ``b`` are equivalent at ``level`` (``simple``, ``syntax`` or
    ``scheme``; default :data:`DEFAULT_LEVEL`), each read by the rules of its kind. Invalid
    input raises :class:`ParseError`. ``clean`` cleans each first, as ``pidkit dedupe
    --clean`` does.

    >>> compare("http://example.com/~user", "http://example.com/%7Euser")
    True
    >>> compare("doi:10.1000/ABC", "https://doi.org/10.1000/abc", level="scheme")
    True
    >>> compare("http://example.com/?", "http://example.com/", level="scheme")
    False
    >>> compare("https://doi.org/10.1000/abc", "DOI: 10.1000/ABC.", clean=True)
    True
    """
    return _pidkit.compare(a, b, level, as_, profile, clean)


def normalize(
    s: str,
    level: Optional[str] = None,
    *,
    as_: str = "auto",
    profile: Optional[str] = None,
    pid_form: Optional[str] = None,
    pid_case: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> str:
    """The normal form of ``s`` at ``level`` (default :data:`DEFAULT_LEVEL`): what ``pidkit
    normalize`` prints. DOIs and handles are written as ``pid_form`` (``auto``, ``name``,
    ``uri``, ``url``) and ``pid_case`` (``upper``, ``lower``) say, ``None`` for the library's
    defaults. Input that is not valid raises :class:`ParseError` (also for a denied warning:
    see :func:`parse` for ``clean``, ``deny_warnings``, ``deny`` and ``allow``).

    >>> normalize("HTTP://Example.COM:80/a/./b")
    'http://example.com/a/b'
    >>> normalize("(doi:10.1000/abc),", clean=True)
    'https://doi.org/10.1000/abc'
    """
    return _pidkit.normalize(
        s,
        level,
        as_=as_,
        profile=profile,
        pid_form=pid_form,
        pid_case=pid_case,
        clean=clean,
        deny_warnings=deny_warnings,
        deny=deny,
        allow=allow,
    )


def key(
    s: str,
    level: Optional[str] = None,
    *,
    as_: str = "auto",
    profile: Optional[str] = None,
    clean: bool = False,
    deny_warnings: bool = False,
    deny: Codes = None,
    allow: Codes = None,
) -> str:
    """The equivalence key of ``s`` at ``level`` (default :data:`DEFAULT_LEVEL`): what ``pidkit
    key`` prints, and what :func:`compare` and ``pidkit dedupe`` compare — equal keys,
    equivalent identifiers. Input that is not valid raises :class:`ParseError`.

    >>> key("https://doi.org/10.1000/abc") == key("DOI: 10.1000/ABC")
    True
    >>> key("DOI: 10.1000/ABC.", clean=True)
    'doi:10.1000/ABC'
    """
    return _pidkit.key(
        s,
        level,
        as_=as_,
        profile=profile,
        clean=clean,
        deny_warnings=deny_warnings,
        deny=deny,
        allow=allow,
    )


def to_uri(
    s: str,
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
) -> str:
    """The URI of ``s`` (§3.3–3.6; what ``pidkit to-uri`` prints). Input that is not valid
    raises :class:`ParseError`. DOI and handle names keep their case: ``pid_case`` is an
    option of :func:`normalize` (given here, it raises ``ValueError``).

    >>> to_uri("http://résumé.example.org/menü")
    'http://xn--rsum-bpad.example.org/men%C3%BC'
    """
    return _pidkit.to_uri(
        s,
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


def to_iri(
    s: str,
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
) -> str:
    """The IRI of ``s`` (§3.7; what ``pidkit to-iri`` prints). Input that is not valid raises
    :class:`ParseError`. DOI and handle names keep their case: ``pid_case`` is an option of
    :func:`normalize` (given here, it raises ``ValueError``).

    >>> to_iri("http://www.example.org/D%C3%BCrst")
    'http://www.example.org/Dürst'
    """
    return _pidkit.to_iri(
        s,
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


def join(
    base: str, reference: str, non_strict: bool = False, profile: Optional[str] = None
) -> str:
    """Resolve ``reference`` against the IRI ``base`` (RFC 3986 §5.2).

    >>> join("http://a/b/c/d;p?q", "../g")
    'http://a/b/g'
    >>> join("http://a/b/c/d;p?q", "g;x=1/../y")
    'http://a/b/c/y'
    """
    return _pidkit.join(base, reference, non_strict, profile)


def extract(text: str) -> list[Found]:
    """Every identifier in running text, in order: :class:`Found` objects whose ``start`` and
    ``end`` are character offsets (``text[f.start:f.end]``).

    >>> text = "See doi:10.1000/182, urn:isbn:0451450523 and <https://example.org/a>."
    >>> [(f.kind, f.text) for f in extract(text)]
    [('doi', 'doi:10.1000/182'), ('urn', 'urn:isbn:0451450523'), ('iri', 'https://example.org/a')]
    >>> f = extract("→ doi:10.1000/182")[0]
    >>> f.start, f.end, f.name
    (2, 17, '10.1000/182')

    A lone surrogate in ``text`` is part of no identifier and one character, as in the ``str``.
    """
    return _pidkit.extract(text)


def detect(s: str) -> str:
    """The kind of ``s`` from its shape alone, before any validation.

    >>> [detect(s) for s in ["10.1000/182", "urn:isbn:1", "ivo://a.b/c", "http://a/", "a/b"]]
    ['doi', 'urn', 'ivo', 'iri', 'relative-ref']
    """
    return _pidkit.detect(s)


def resolve(
    ids: Iterable[Optional[str]],
    *,
    metadata: Optional[str] = None,
    locale: Optional[str] = None,
    agency: bool = False,
    record: bool = False,
    resolver: Optional[str] = None,
    mailto: Optional[str] = None,
    concurrency: int = 4,
    rate: Optional[float] = None,
    timeout: float = 30.0,
    deadline: float = 60.0,
    retries: int = 3,
    offline: bool = False,
    cache_dir: Optional[str] = None,
    cache: bool = True,
) -> list[dict[str, Any]]:
    """Resolve identifiers over the network, as ``pidkit resolve`` does: one dict per input, in
    order (``None``, ``NaN`` or ``pd.NA`` in gives a row of ``None``), ready for
    ``polars.DataFrame(rows)`` or ``pandas.DataFrame(rows)``. The GIL is released while the
    requests run.

    Every row has ``input``, ``kind``, ``name``, ``outcome`` (``resolved``, ``not-found``,
    ``no-values``, ``invalid``, ``unknown`` …), ``reason``, ``urls``, ``aliases``, ``source`` and
    ``attempts``. ``agency=True`` adds ``agency`` (the registration agency's name, from the DOI
    proxy's RA service, asked once per prefix), ``agency_outcome`` (``found``,
    ``not-registered``, ``unknown``, ``skipped``) and ``agency_reason``. ``metadata=FORMAT``
    (``csl-json``, ``bibtex``, ``ris`` or ``citeproc-style:NAME`` with ``locale``) adds
    ``metadata_outcome`` (``found``, ``no-metadata``, ``unknown``, ``skipped``),
    ``metadata_reason``, ``metadata`` (a CSL-JSON record as a JSON string, the other formats as
    text) and, from a CSL-JSON record, ``title``, ``author`` (the first author's family name),
    ``year`` and ``container``. ``record=True`` adds the Handle record as a JSON string.

    ``resolver`` is the DOI proxy's address (``https://doi.org``); ``mailto`` goes into the
    ``User-Agent`` (Crossref's polite pool); ``cache=False`` uses no cache, ``cache_dir`` another
    one; ``offline=True`` answers from the cache only. A bad option raises ``ValueError``; a
    DOI that is missing or has no metadata is a row saying so, never an exception.

    >>> rows = resolve(["10.1038/nature12373"], metadata="csl-json", agency=True)  # doctest: +SKIP
    >>> rows[0]["agency"], rows[0]["year"]  # doctest: +SKIP
    ('Crossref', 2013)
    """
    return _pidkit.resolve(
        ids,
        metadata=metadata,
        locale=locale,
        agency=agency,
        record=record,
        resolver=resolver,
        mailto=mailto,
        concurrency=concurrency,
        rate=rate,
        timeout=timeout,
        deadline=deadline,
        retries=retries,
        offline=offline,
        cache_dir=cache_dir,
        cache=cache,
    )
