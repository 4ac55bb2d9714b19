"""A drop-in for idutils (inveniosoftware/idutils 1.7): ``import pidkit.idutils as idutils``.

The same public functions with the same signatures and return conventions —
``detect_identifier_schemes(val)``, ``normalize_pid(val, scheme)``,
``to_url(val, scheme, url_scheme="http")``, every ``is_<scheme>(val)`` and
``normalize_<scheme>(val)`` — with idutils' scheme names, answered by pidkit: each value is read
by :func:`pidkit.parse` / :func:`pidkit.check` as the scheme it is asked about, so the decisions
are the library's and none is re-implemented here. Where idutils' answer breaks its
registry's rules (it keeps ``?noredirect`` in a DOI, calls ``<10.5066/P9_B754>`` an ISBN,
accepts an ORCID iD with a wrong check digit …), pidkit's answer differs: every such
difference is listed, with its rule, in the table of `docs/idutils.md <../../../../docs/idutils.md>`_
(``docs/idutils.md`` in pidkit's repository), and the tests hold this module to idutils
everywhere else.

>>> import pidkit.idutils as idutils
>>> idutils.detect_identifier_schemes("https://doi.org/10.1000/182")
['doi', 'url']
>>> idutils.normalize_pid("DOI: 10.1000/182", "doi")
'10.1000/182'
>>> idutils.to_url("0000-0002-1825-0097", "orcid", url_scheme="https")
'https://orcid.org/0000-0002-1825-0097'
>>> bool(idutils.is_orcid("0000-0002-1825-0096"))   # idutils: True; the check digit is 7
False
>>> idutils.normalize_isbn("0-451-45052-3")
'978-0-451-45052-4'

Conventions, as idutils':

* ``is_<scheme>(val)`` returns a truth value (``True``/``False`` here, where idutils returns a
  ``re.Match`` or ``None`` for some schemes: test it with ``if``, not ``is None``).
* ``normalize_<scheme>(val)`` returns idutils' normal form of the scheme (a bare DOI name, a
  handle, ``arXiv:…``, ``gnd:…``, ``viaf:…``, a hyphenated ISBN-13 …), taken from pidkit's
  reading; a value that is not an identifier of the scheme raises :class:`pidkit.ParseError`
  (a ``ValueError``; idutils raises ``AttributeError`` for most and returns a malformed string
  for some). ``normalize_pid`` gives back a false ``val`` and a ``val`` of a scheme it does not
  know unchanged. For the schemes idutils does not normalize (ARK, PURL, PMCID, ISNI, EAN,
  ASCL, SWHID, RRID, LSID, URLs) ``normalize_pid`` gives pidkit's normal form.
* ``detect_identifier_schemes(val)`` lists the schemes pidkit reads ``val`` as under
  auto-detection (its reading first, then the other candidates: :attr:`pidkit.Check.candidates`),
  then ``url`` when ``val`` is an absolute IRI with an authority, then the schemes below that
  idutils detects.

Schemes pidkit leaves out on purpose — ``istc``, ``sra``, ``bioproject``, ``biosample``,
``ensembl``, ``uniprot``, ``refseq``, ``genome``, ``geo``, ``arrayexpress_array``,
``arrayexpress_experiment``, ``email``, ``sha1``, ``openalex``, ``cstr``, ``raid``, the custom
schemes of idutils' entry points, and the LSID part of ``lsid`` (a URN: pidkit reads the URN)
— are delegated to idutils' own functions when idutils is installed, and are otherwise not
recognized (``False``, never detected; their normalizers give ``val`` back, ``to_url`` ``""``).
Any other public name of idutils (its regular expressions, ``IDUTILS_LANDING_URLS``,
``custom_schemes_registry`` …) is idutils' own, looked up there.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Optional

import pidkit

try:  # idutils is optional: only the schemes pidkit leaves out need it.
    import idutils as _idutils
except ImportError:  # pragma: no cover - exercised where idutils is not installed
    _idutils = None


#: idutils' scheme name → the pidkit kind that reads it (``url`` is any absolute IRI with an
#: authority; ``lsid`` is a URN whose LSID part idutils checks).
SCHEME_KINDS: dict[str, str] = {
    "doi": "doi",
    "ark": "ark",
    "handle": "hdl",
    "purl": "purl",
    "lsid": "urn",
    "urn": "urn",
    "ads": "ads",
    "arxiv": "arxiv",
    "ascl": "ascl",
    "hal": "hal",
    "pmcid": "pmcid",
    "isbn": "isbn",
    "issn": "issn",
    "orcid": "orcid",
    "isni": "isni",
    "ean13": "ean",
    "ean8": "ean",
    "gnd": "gnd",
    "ror": "ror",
    "pmid": "pmid",
    "url": "iri",
    "swh": "swh",
    "viaf": "viaf",
    "wikidata": "wikidata",
    "rrid": "rrid",
}

#: idutils' schemes pidkit does not read, answered by idutils itself when it is installed.
DELEGATED_SCHEMES: tuple[str, ...] = (
    "istc",
    "sra",
    "bioproject",
    "biosample",
    "ensembl",
    "uniprot",
    "refseq",
    "genome",
    "geo",
    "arrayexpress_array",
    "arrayexpress_experiment",
    "email",
    "sha1",
    "openalex",
    "cstr",
    "raid",
)

# pidkit kind → idutils' name, for detection (EAN by its type: a UPC-A is the EAN-13 with a
# leading zero, GS1 General Specifications §3.2).
_KIND_SCHEME = {k: s for s, k in SCHEME_KINDS.items() if s not in ("lsid", "ean13", "ean8", "url")}


def _read(val: Any, kind: str) -> Optional[pidkit.Identifier]:
    """``val`` read as ``kind``, or None where it is not one."""
    try:
        return pidkit.parse(val, as_=kind)
    except pidkit.ParseError:
        return None


def _must(val: Any, kind: str) -> pidkit.Identifier:
    return pidkit.parse(val, as_=kind)


def _ean_type(val: Any) -> Optional[str]:
    p = _read(val, "ean")
    return None if p is None else p.details["type"]


def _is_url_reading(p: Optional[pidkit.Identifier]) -> bool:
    return p is not None and bool(p.authority)


# --- is_<scheme> ------------------------------------------------------------------------------


def _is(scheme: str, kind: str, what: str) -> Callable[[Any], bool]:
    def test(val: Any) -> bool:
        return _read(val, kind) is not None

    test.__name__ = test.__qualname__ = "is_" + scheme
    test.__doc__ = f"Whether ``val`` is {what}, by pidkit's reading."
    return test


is_doi = _is("doi", "doi", "a DOI")
is_ark = _is("ark", "ark", "an ARK")
is_handle = _is("handle", "hdl", "a handle")
is_purl = _is("purl", "purl", "a PURL")
is_urn = _is("urn", "urn", "a URN")
is_ads = _is("ads", "ads", "an ADS bibcode")
is_arxiv = _is("arxiv", "arxiv", "an arXiv identifier")
is_ascl = _is("ascl", "ascl", "an ASCL ID")
is_hal = _is("hal", "hal", "a HAL identifier")
is_pmcid = _is("pmcid", "pmcid", "a PubMed Central ID")
is_isbn = _is("isbn", "isbn", "an ISBN-10 or ISBN-13")
is_issn = _is("issn", "issn", "an ISSN")
is_orcid = _is("orcid", "orcid", "an ORCID iD")
is_isni = _is("isni", "isni", "an ISNI")
is_ean = _is("ean", "ean", "an EAN-13, EAN-8 or UPC-A")
is_gnd = _is("gnd", "gnd", "a GND identifier")
is_ror = _is("ror", "ror", "a ROR ID")
is_pmid = _is("pmid", "pmid", "a PubMed ID")
is_swh = _is("swh", "swh", "a SWHID")
is_viaf = _is("viaf", "viaf", "a VIAF ID")
is_wikidata = _is("wikidata", "wikidata", "a Wikidata entity ID")
is_rrid = _is("rrid", "rrid", "an RRID")


def is_ean13(val: Any) -> bool:
    """Whether ``val`` is an EAN-13 (or a UPC-A, the EAN-13 with a leading zero)."""
    return _ean_type(val) in ("ean-13", "upc-a")


def is_ean8(val: Any) -> bool:
    """Whether ``val`` is an EAN-8."""
    return _ean_type(val) == "ean-8"


def _isbn_length(val: Any) -> Optional[int]:
    """13 or 10: the ISBN ``val`` is written as; None where it is not an ISBN."""
    p = _read(val, "isbn")
    if p is None:
        return None
    # pidkit accepted ``val``; its ISBN-13 written out (after any label) is the 13 form.
    written = re.sub(r"[^0-9Xx]", "", val)
    return 13 if written.endswith(p.details["isbn13"]) else 10


def is_isbn10(isbn10: Any) -> bool:
    """Whether ``isbn10`` is an ISBN written as an ISBN-10."""
    return _isbn_length(isbn10) == 10


def is_isbn13(isbn13: Any) -> bool:
    """Whether ``isbn13`` is an ISBN written as an ISBN-13."""
    return _isbn_length(isbn13) == 13


def is_url(val: Any) -> bool:
    """Whether ``val`` is an absolute IRI with an authority (``scheme://host…``)."""
    return _is_url_reading(_read(val, "iri"))


def is_rfc3987_iri(val: Any) -> bool:
    """Whether ``val`` is an IRI by the grammar of RFC 3987."""
    try:
        return pidkit.check(val, as_="iri", profile="rfc3987").valid
    except (TypeError, ValueError):
        return False


def is_arxiv_post_2007(val: Any) -> bool:
    """Whether ``val`` is an arXiv identifier of the scheme of April 2007 (``YYMM.NNNNN``)."""
    p = _read(val, "arxiv")
    return p is not None and p.details["scheme"] == "new"


def is_arxiv_pre_2007(val: Any) -> bool:
    """Whether ``val`` is an arXiv identifier of the old scheme (``archive/YYMMNNN``)."""
    p = _read(val, "arxiv")
    return p is not None and p.details["scheme"] == "old"


def is_lsid(val: Any) -> bool:
    """Whether ``val`` is an LSID: a URN by pidkit's reading, an LSID by idutils'."""
    p = _read(val, "urn")
    if p is None or p.details["nid"].lower() != "lsid" or _idutils is None:
        return False
    return bool(_idutils.is_lsid(val))


def _delegated_test(scheme: str) -> Callable[[Any], bool]:
    def test(val: Any) -> bool:
        if _idutils is None:
            return False
        return bool(getattr(_idutils, "is_" + scheme)(val))

    test.__name__ = test.__qualname__ = "is_" + scheme
    test.__doc__ = f"idutils' ``is_{scheme}`` (pidkit does not read this scheme); False without idutils."
    return test


is_istc = _delegated_test("istc")
is_sra = _delegated_test("sra")
is_bioproject = _delegated_test("bioproject")
is_biosample = _delegated_test("biosample")
is_ensembl = _delegated_test("ensembl")
is_uniprot = _delegated_test("uniprot")
is_refseq = _delegated_test("refseq")
is_genome = _delegated_test("genome")
is_geo = _delegated_test("geo")
is_arrayexpress_array = _delegated_test("arrayexpress_array")
is_arrayexpress_experiment = _delegated_test("arrayexpress_experiment")
is_email = _delegated_test("email")
is_sha1 = _delegated_test("sha1")
is_openalex = _delegated_test("openalex")
is_cstr = _delegated_test("cstr")
is_raid = _delegated_test("raid")
is_rfc3987_ipath_absolute = _delegated_test("rfc3987_ipath_absolute")

#: (scheme, test) for every scheme of idutils, in idutils' order (its ``IDUTILS_PID_SCHEMES``).
IDUTILS_PID_SCHEMES: list[tuple[str, Callable[[Any], bool]]] = [
    (s, globals()["is_" + s])
    for s in (
        "doi ark handle purl lsid urn ads arxiv ascl hal pmcid isbn issn orcid isni ean13 ean8 "
        "istc gnd ror pmid url sra bioproject biosample ensembl uniprot refseq genome geo "
        "arrayexpress_array arrayexpress_experiment swh viaf email sha1 wikidata openalex cstr "
        "rrid raid"
    ).split()
]


# --- detection --------------------------------------------------------------------------------


def _scheme_of(kind: str, val: Any) -> Optional[str]:
    if kind == "ean":
        return "ean8" if _ean_type(val) == "ean-8" else "ean13"
    if kind == "urn":
        return "lsid" if is_lsid(val) else "urn"
    return _KIND_SCHEME.get(kind)


def detect_identifier_schemes(val: Any) -> list[str]:
    """The schemes ``val`` is an identifier of: pidkit's reading first, then the other schemes
    that read it, then ``url``, then idutils' answer for the schemes pidkit leaves out.

    >>> detect_identifier_schemes("0000-0002-1825-0097")
    ['orcid', 'isni']
    >>> detect_identifier_schemes("urn:lsid:ubio.org:namebank:11815")
    ['lsid', 'urn']
    >>> detect_identifier_schemes("not an identifier")
    []
    """
    c = pidkit.check(val)
    kinds = list(c.candidates) or ([c.kind] if c.valid else [])
    schemes: list[str] = []
    for kind in kinds:
        s = _scheme_of(kind, val)
        if s == "lsid":
            schemes += ["lsid", "urn"]
        elif s is not None and s not in schemes:
            schemes.append(s)
    if is_url(val):
        schemes.append("url")
    if _idutils is not None:
        schemes += _delegated_detection(val, schemes)
    return schemes


@functools.cache
def _delegated_tests() -> tuple[list, list]:
    """idutils' validators of the schemes pidkit leaves out and its scheme filters, its custom
    schemes' included: built once (idutils loads its custom schemes from entry points once,
    when its registry is first used), not for every value (a third of the drop-in's time)."""
    tests = [(s, t) for s, t in _idutils.IDUTILS_PID_SCHEMES if s in DELEGATED_SCHEMES]
    tests += _idutils.custom_schemes_registry().pick_scheme_key("validator")
    filters = _idutils.IDUTILS_SCHEME_FILTER + _idutils.custom_schemes_registry().pick_scheme_key("filter")
    return tests, filters


def _delegated_detection(val: Any, found: list[str]) -> list[str]:
    """idutils' detection of the schemes pidkit leaves out, after idutils' own filter of them."""
    tests, filters = _delegated_tests()
    extra = [s for s, t in tests if t(val)]
    if not extra:
        return []
    everything = found + extra
    for first, remove in filters:
        if first in everything:
            extra = [s for s in extra if s not in remove]
    return extra


# --- normalization ----------------------------------------------------------------------------


def normalize_doi(val: Any) -> str:
    """The DOI name (``10.1000/182``) of a DOI in any written form."""
    return _must(val, "doi").details["name"]


def normalize_handle(val: Any) -> str:
    """The handle (``20.500.12345/abc``) of a handle in any written form."""
    return _must(val, "hdl").details["name"]


def normalize_ads(val: Any) -> str:
    """The 19-character bibcode."""
    return _must(val, "ads").details["bibcode"]


def normalize_orcid(val: Any) -> str:
    """The ORCID iD as ``0000-0002-1825-0097``."""
    return _must(val, "orcid").details["id"]


def normalize_gnd(val: Any) -> str:
    """``gnd:`` and the GND identifier."""
    return "gnd:" + _must(val, "gnd").details["id"]


def normalize_urn(val: Any) -> str:
    """The URN in pidkit's normal form (RFC 8141 §3.1: ``urn:`` and the NID in lower case)."""
    return _must(val, "urn").normalize()


def normalize_pmid(val: Any) -> str:
    """The PubMed ID's digits."""
    return _must(val, "pmid").details["id"]


def normalize_arxiv(val: Any) -> str:
    """``arXiv:`` and the identifier with its version (an old one without its subject class)."""
    return _must(val, "arxiv").normalize()


def normalize_hal(val: Any) -> str:
    """The HAL identifier (``hal-01234567v2``)."""
    return _must(val, "hal").details["id"]


def normalize_isbn(val: Any) -> str:
    """The ISBN-13, hyphenated by the International ISBN Agency's ranges (its 13 digits where
    the ranges do not assign it)."""
    return _must(val, "isbn").normalize()


def normalize_issn(val: Any) -> str:
    """The ISSN as ``NNNN-NNNC``."""
    return _must(val, "issn").details["issn"]


def normalize_ror(val: Any) -> str:
    """The ROR ID's nine characters."""
    return _must(val, "ror").details["id"]


def normalize_viaf(val: Any) -> str:
    """``viaf:`` and the VIAF ID."""
    return "viaf:" + _must(val, "viaf").details["id"]


def normalize_qid(val: Any) -> str:
    """The Wikidata entity ID (``Q42``)."""
    return _must(val, "wikidata").details["id"]


def _delegated_normalizer(name: str) -> Callable[[Any], Any]:
    def normalize(val: Any) -> Any:
        if _idutils is None:
            return val
        return getattr(_idutils, name)(val)

    normalize.__name__ = normalize.__qualname__ = name
    normalize.__doc__ = f"idutils' ``{name}`` (pidkit does not read this scheme); ``val`` without idutils."
    return normalize


normalize_openalex = _delegated_normalizer("normalize_openalex")
normalize_raid = _delegated_normalizer("normalize_raid")


def _normal_form(kind: str) -> Callable[[Any], str]:
    return lambda val: _must(val, kind).normalize()


def _ean13(val: Any) -> str:
    p = _must(val, "ean")
    return p.details["gtin13"] if p.details["type"] != "ean-8" else p.normalize()


def _lsid(val: Any) -> str:
    if not is_lsid(val):
        raise pidkit.ParseError(f"not an LSID: {val!r}")
    return normalize_urn(val)


_NORMALIZERS: dict[str, Callable[[Any], str]] = {
    "doi": normalize_doi,
    "handle": normalize_handle,
    "ads": normalize_ads,
    "pmid": normalize_pmid,
    "arxiv": normalize_arxiv,
    "orcid": normalize_orcid,
    "gnd": normalize_gnd,
    "isbn": normalize_isbn,
    "issn": normalize_issn,
    "hal": normalize_hal,
    "ror": normalize_ror,
    "urn": normalize_urn,
    "viaf": normalize_viaf,
    "wikidata": normalize_qid,
    # Schemes idutils gives back as written: pidkit's normal form.
    "ark": lambda val: _must(val, "ark").details["normal"],
    "purl": _normal_form("purl"),
    "pmcid": lambda val: _must(val, "pmcid").details["id"],
    "isni": lambda val: _must(val, "isni").details["isni"],
    "ean13": _ean13,
    "ean8": _ean13,
    "ascl": _normal_form("ascl"),
    "swh": _normal_form("swh"),
    "rrid": lambda val: _must(val, "rrid").details["id"],
    "lsid": _lsid,
    "url": _normal_form("iri"),
}


def normalize_pid(val: Any, scheme: str) -> Any:
    """``val`` in idutils' normal form of ``scheme``: e.g. ``doi:10.1234/foo``,
    ``http://dx.doi.org/10.1234/foo`` and ``10.1234/foo`` all give ``10.1234/foo``.

    >>> normalize_pid("https://doi.org/10.1234/foo?noredirect", "doi")
    '10.1234/foo'
    >>> normalize_pid("arxiv:math.GT/0309136", "arxiv")
    'arXiv:math/0309136'
    >>> normalize_pid("not a doi", "doi")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    pidkit.ParseError: doi-directory-indicator: a DOI prefix starts with the directory indicator '10.' ...
    """
    if not val:
        return val
    normalizer = _NORMALIZERS.get(scheme)
    if normalizer is not None:
        if scheme == "ean13" and is_ean8(val) or scheme == "ean8" and not is_ean8(val):
            raise pidkit.ParseError(f"not an {scheme.upper()}: {val!r}")
        return normalizer(val)
    if _idutils is not None:
        return _idutils.normalize_pid(val, scheme)
    return val


# --- URLs -------------------------------------------------------------------------------------

# The schemes whose reading has a resolver URL (``url``, or the entity ``uri`` of authority
# files, which resolves).
_URL_FIELD = {
    "doi": "url", "handle": "url", "arxiv": "url", "ascl": "url", "orcid": "url", "pmid": "url",
    "pmcid": "url", "ads": "url", "hal": "url", "swh": "url", "ror": "url", "rrid": "url",
    "isni": "url", "issn": "url", "gnd": "uri", "viaf": "uri", "wikidata": "uri",
}
_HTTPS_ONLY = ("viaf", "wikidata")  # as idutils: these resolvers are given as https always


def _with_scheme(url: str, url_scheme: str) -> str:
    rest = url.split(":", 1)[1]
    return f"{url_scheme}:{rest}"


def to_url(val: Any, scheme: str, url_scheme: str = "http") -> str:
    """The landing page's URL of the identifier ``val`` of ``scheme``, with ``url_scheme``
    (``http`` or ``https``); ``""`` where the scheme has no resolver.

    >>> to_url("doi:10.1000/182", "doi", url_scheme="https")
    'https://doi.org/10.1000/182'
    >>> to_url("gnd:4022153-2", "gnd")
    'http://d-nb.info/gnd/4022153-2'
    """
    if scheme in _URL_FIELD:
        p = _must(val, SCHEME_KINDS[scheme])
        url = p.details[_URL_FIELD[scheme]]
        return _with_scheme(url, "https" if scheme in _HTTPS_ONLY else url_scheme)
    if scheme == "urn":
        pid = normalize_urn(val)
        if not pid.startswith("urn:nbn:"):
            return ""
        return f"{url_scheme}://nbn-resolving.org/{pid}"
    if scheme in ("purl", "url"):
        return normalize_pid(val, scheme)
    if scheme in _NORMALIZERS:
        normalize_pid(val, scheme)  # an error for what is not one
        return ""
    if _idutils is not None:
        return _idutils.to_url(val, scheme, url_scheme=url_scheme)
    return ""


#: Every public name of this module, as ``from idutils import *`` gives idutils' own.
__all__ = sorted(
    n
    for n, o in list(globals().items())
    if not n.startswith("_")
    and (n.isupper() or callable(o) and getattr(o, "__module__", None) == __name__)
)


def __getattr__(name: str) -> Any:
    """idutils' other public names (its regular expressions, ``IDUTILS_LANDING_URLS``,
    ``IDUTILS_SCHEME_FILTER``, ``custom_schemes_registry`` …), where idutils is installed."""
    if _idutils is not None and not name.startswith("_") and hasattr(_idutils, name):
        return getattr(_idutils, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
