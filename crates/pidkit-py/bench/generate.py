"""Fixed-seed generators of identifiers, shared by the engine tests and the benchmark.

``identifiers(n, seed)``: every kind pidkit reads (IRIs, URIs, relative references, DOIs in all
their written forms, URNs, IVOIDs), valid and invalid, plus junk and nulls (``None``).

``dois(n, seed)``: DOIs as they appear in reference lists and metadata dumps — bare names,
``doi:``/``DOI:`` prefixes, resolver URLs old and new, mixed case, percent-encoding, SICI
suffixes — with 5 % junk and 1 % nulls.

Neither produces line breaks or blank strings, so every non-null value is one line for the CLI.
"""

from __future__ import annotations

import random
from typing import Optional

_ASCII_WORDS = [
    "a", "b", "data", "index", "résumé", "menü", "パス", "ファイル", "mañana", "über", "x",
    "dir", "file.html", "~user", "%7euser", "%7Euser", "%C3%A9", "%c3%a9", "%E2%80%AE", "%FC",
    ".", "..", "a;b=c", "ab.גד1", "مرحبا", "Dürst", "%20", "100%25", "a+b", "(1)", "[x]",
]
_HOSTS = [
    "example.org", "www.Example.COM", "例え.jp", "résumé.example.org", "xn--rsum-bpad.example.org",
    "127.0.0.1", "[2001:db8::7]", "[::1]", "[v1.fe]", "EXAMPLE.com", "ar.example", "ש.example.org",
    "раураl.com", "a-b.c", "xn--99zt52a.example.org", "host_with_underscore", "",
]
_SCHEMES = ["http", "https", "HTTP", "ftp", "ws", "mailto", "file", "tag", "foo+bar", "1bad", "h"]
_JUNK = [
    "http://exa mple.org/", "http://[::1/", "https://example.org/%GZ", "1http://example.org/",
    "http://example.org/\u202eevil\u202c.txt", "urn:x:a~b", "ivo://a/b", "doi:10.1000",
    "no id", "  ", "\t", "%", "::::", "http://", "http://a:b:c/", "<>", "\"", "\\", "{}|^`",
    "doi:", "10.", "urn:", "ivo://", "ivo://ivoa.net:80/std", "http://user@@host/",
    "\x00", "\x7f", "\ufeff", "\u200b", "\U0001F600", "ｈｔｔｐ://ｅｘａｍｐｌｅ.com",
]


def _word(r: random.Random) -> str:
    return r.choice(_ASCII_WORDS)


def _path(r: random.Random) -> str:
    return "".join("/" + _word(r) for _ in range(r.randint(0, 4)))


def _iri(r: random.Random) -> str:
    scheme = r.choice(_SCHEMES)
    if scheme in ("mailto", "tag"):
        return f"{scheme}:{_word(r)}@{r.choice(_HOSTS)}"
    user = r.choice(["", "", "", "user@", "u:p@", "ü@"])
    port = r.choice(["", "", "", ":80", ":8080", ":443", ":", ":99999"])
    s = f"{scheme}://{user}{r.choice(_HOSTS)}{port}{_path(r)}"
    if r.random() < 0.3:
        s += "?" + r.choice(["q=1", "x=%c3%a9", "a=b&c=ä", "", "lang=fr"])
    if r.random() < 0.2:
        s += "#" + r.choice(["top", "", "sync-1.0", "a#b", "é"])
    return s


def _relative(r: random.Random) -> str:
    return r.choice(["", "../", "./", "/", "?", "#", "//host/"]) + _word(r) + _path(r)


def _doi_name(r: random.Random) -> str:
    prefix = "10." + str(r.choice([1000, 1002, 1038, 1061, 1103, 5555, 6338, 17487, 1234567]))
    suffix = r.choice(
        [
            f"{r.randint(1, 10**6)}",
            f"nphys{r.randint(1000, 9999)}",
            "(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
            f"j.cell.{r.randint(2000, 2024)}.{r.randint(1, 99):02d}.{r.randint(1, 999):03d}",
            f"ABC-{r.randint(1, 99)}/x.y_z",
            "a b",
            "RFC3986",
            f"S0{r.randint(100, 999)}-{r.randint(1000, 9999)}(99)0{r.randint(1000, 9999)}-X",
            "ü",
            "a%2Fb",
            "",
        ]
    )
    return f"{prefix}/{suffix}"


def _doi(r: random.Random) -> str:
    name = _doi_name(r)
    if r.random() < 0.3:
        name = name.upper() if r.random() < 0.5 else name.lower()
    form = r.choice(
        [
            "{}", "doi:{}", "DOI: {}", "doi {}", "https://doi.org/{}", "http://dx.doi.org/{}",
            "https://www.doi.org/{}", "doi.org/{}", "info:doi/{}", "https://doi.org/api/handles/{}",
        ]
    )
    if "://" in form and r.random() < 0.3:
        name = name.replace("<", "%3C").replace(">", "%3E").replace(" ", "%20")
    s = form.format(name)
    if r.random() < 0.05:
        s = "urn:doi:" + name.replace("/", ":", 1)
    if r.random() < 0.03:
        s = r.choice(["10/aabbe", "https://doi.org/aabbe", "doi:10/abc"])
    return s


def _urn(r: random.Random) -> str:
    return r.choice(
        [
            f"urn:isbn:{r.randint(10**9, 10**10 - 1)}",
            "urn:isbn:0451450523", "URN:ISBN:0-451-45052-3", "urn:ISBN:978-0-451-45052-4",
            "urn:issn:0167-6423", "URN:ISSN:0167-6424",
            f"urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c{r.randint(1000, 9999)}",
            "urn:uuid:not-a-uuid", f"urn:ietf:rfc:{r.randint(1, 9999)}",
            "urn:nbn:de:bvb:19-146642", f"urn:example:a?+r?=q#f{r.randint(1, 9)}",
            "urn:example:résumé", "urn:x-foo:bar", "urn:oid:1.2.3.4", "urn:unknownnid:x%2Fy",
            "urn:x:y", "urn:a:", "urn:example:a/b?c",
        ]
    )


def _ivo(r: random.Random) -> str:
    return r.choice(
        [
            "ivo://ivoa.net/std/TAP#sync-1.0", "ivo://CDS.VizieR/J/A+A/672/A1",
            "ivo://eso.org/ID?ADP.2014-05-16T12:23:41.967", "ivo://org.gavo.dc",
            f"ivo://ivoa.net/std/SIA#query-aux-{r.randint(1, 3)}.0", "ivo://a/b",
            "ivo://ivo~a.net/x", "ivo://ivoa.net//x", "ivo://ivoa.net/./x", "ivo://ivoa.net/a%41",
            f"IVO://Example.Org/Res/{r.randint(1, 10**5)}",
        ]
    )


def _hdl(r: random.Random) -> str:
    name = r.choice(["20.500.12345/abc", f"2027/{r.randint(1, 10**6)}", "1721.1/58329", "0.NA/10.1000", "20.500.1/ü", "a b/c"])
    return r.choice(["hdl:{}", "info:hdl/{}", "https://hdl.handle.net/{}", "http://hdl.handle.net/{}?noredirect", "hdl.handle.net/{}", "hdl: {}"]).format(name)


def _junk(r: random.Random) -> str:
    if r.random() < 0.5:
        return r.choice(_JUNK)
    alphabet = "abcXYZ019 :/?#[]@!$&'()*+,;=%-._~é\u202e\u00a0\x01<>\"{}|\\^`"
    return "".join(r.choice(alphabet) for _ in range(r.randint(1, 30)))


def _no_blank(s: str) -> str:
    """The CLI skips blank lines, so a generated value is never only whitespace."""
    return s if s.strip() else "x" + s


def identifiers(n: int, seed: int = 13) -> list[Optional[str]]:
    """``n`` identifiers of every kind, valid and invalid, junk, and about 3 % nulls."""
    r = random.Random(seed)
    makers = [(_iri, 28), (_relative, 8), (_doi, 24), (_hdl, 4), (_urn, 11), (_ivo, 8), (_junk, 14)]
    choices = [m for m, w in makers for _ in range(w)]
    out: list[Optional[str]] = []
    for _ in range(n):
        if r.random() < 0.03:
            out.append(None)
            continue
        s = r.choice(choices)(r)
        if r.random() < 0.02:
            s = " " + s
        out.append(_no_blank(s))
    return out


def texts(n: int, seed: int = 17) -> list[Optional[str]]:
    """``n`` short texts with identifiers in running prose (for ``extract``), about 3 % nulls."""
    r = random.Random(seed)
    words = ["See", "the", "paper", "and", "(also", "cf.", "«", "»", "—", "data:", "at"]
    out: list[Optional[str]] = []
    for _ in range(n):
        if r.random() < 0.03:
            out.append(None)
            continue
        parts = []
        for _ in range(r.randint(1, 6)):
            parts.append(r.choice(words))
            x = r.random()
            if x < 0.25:
                parts.append(_iri(r) + r.choice(["", ".", ",", ")", ";"]))
            elif x < 0.45:
                parts.append(_doi(r) + r.choice(["", ".", ","]))
            elif x < 0.55:
                parts.append(_urn(r))
            elif x < 0.6:
                parts.append(_ivo(r))
            elif x < 0.65:
                parts.append("<" + _iri(r) + ">")
        out.append(_no_blank(" ".join(parts)))
    return out


def dois(n: int, seed: int = 2024) -> list[Optional[str]]:
    """``n`` DOIs written as in reference strings: 5 % junk, 1 % nulls."""
    r = random.Random(seed)
    prefixes = ["10.1000", "10.1002", "10.1016", "10.1038", "10.1103", "10.1371", "10.3390",
                "10.5281", "10.48550", "10.1093", "10.1126", "10.1145"]
    forms = ["{}", "{}", "doi:{}", "DOI: {}", "DOI:{}", "https://doi.org/{}", "http://dx.doi.org/{}",
             "https://dx.doi.org/{}", "doi.org/{}", "https://doi.org/{}?noredirect"]
    out: list[Optional[str]] = []
    for i in range(n):
        x = r.random()
        if x < 0.01:
            out.append(None)
            continue
        if x < 0.06:
            out.append(r.choice(["n/a", "see above", "10.1000", "doi:", "ISBN 0-451-45052-3",
                                 "https://example.org/paper.pdf", f"ref {i}"]))
            continue
        prefix = r.choice(prefixes)
        y = r.random()
        if y < 0.4:
            suffix = f"j.{r.choice(['cell', 'neuron', 'jcp'])}.{r.randint(2000, 2024)}.{r.randint(1, 12):02d}.{r.randint(1, 999):03d}"
        elif y < 0.6:
            suffix = f"s{r.randint(41586, 41599)}-0{r.randint(10, 24)}-{r.randint(1000, 9999)}-{r.randint(0, 9)}"
        elif y < 0.75:
            suffix = f"PhysRevLett.{r.randint(100, 130)}.{r.randint(10000, 99999)}"
        elif y < 0.85:
            suffix = f"zenodo.{r.randint(10**6, 10**7)}"
        elif y < 0.93:
            suffix = f"arXiv.{r.randint(1000, 2499)}.{r.randint(10000, 99999)}"
        else:
            suffix = f"(SICI)1097-4571({r.randint(1990, 1999)}06)49:8<693::AID-ASI{r.randint(1, 9)}>3.0.CO;2-{r.randint(0, 9)}"
        name = f"{prefix}/{suffix}"
        z = r.random()
        if z < 0.15:
            name = name.upper()
        elif z < 0.25:
            name = name.lower()
        form = r.choice(forms)
        if "//" in form and ("<" in name or r.random() < 0.1):
            name = name.replace("<", "%3C").replace(">", "%3E").replace(";", "%3B")
        out.append(form.format(name))
    return out


# --- The zoo: every kind pidkit and idutils know, in every written form -----------------------
#
# ``ZOO`` maps a kind to a maker ``(random.Random) -> str``. Each maker gives a valid value most of
# the time (check digits computed here, from the registries' published algorithms), written bare,
# labelled or as a resolver URL, and otherwise a broken one: a wrong check digit, a digit too
# many or too few, surrounding junk (whitespace, trailing punctuation, angle brackets, quotes,
# a resolver URL's ``?noredirect``). The kinds pidkit leaves out on purpose (biological
# accession numbers, ISTC, e-mail addresses, SHA-1 hashes, OpenAlex, CSTR, RAiD, LSID) are
# here too, for ``pidkit.idutils``' delegation to idutils. ``zoo(n, seed)`` mixes them all.

_B32 = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford's base 32, as ROR IDs spell it


def _mod11_2(digits: str) -> str:
    """ISO 7064 MOD 11-2 (ISNI, ORCID)."""
    total = 0
    for d in digits:
        total = (total + int(d)) * 2
    c = (12 - total % 11) % 11
    return "X" if c == 10 else str(c)


def _isbn10_check(d9: str) -> str:
    c = (11 - sum((10 - i) * int(x) for i, x in enumerate(d9)) % 11) % 11
    return "X" if c == 10 else str(c)


def _gtin_check(body: str) -> str:
    """The GS1 check digit (EAN-13, EAN-8, ISBN-13, UPC-A): weights 3, 1 from the right."""
    total = sum(int(x) * (3 if i % 2 == 0 else 1) for i, x in enumerate(reversed(body)))
    return str((10 - total % 10) % 10)


def _issn_check(d7: str) -> str:
    c = (11 - sum((8 - i) * int(x) for i, x in enumerate(d7)) % 11) % 11
    return "X" if c == 10 else str(c)


def _gnd_check(body: str) -> str:
    """GND's MOD 11 check character (weights 2, 3, … from the right)."""
    total = sum(int(x) * (i + 2) for i, x in enumerate(reversed(body)))
    c = (11 - total % 11) % 11
    return "X" if c == 10 else str(c)


def _digits(r: random.Random, k: int) -> str:
    return "".join(r.choice("0123456789") for _ in range(k))


def _wrong(r: random.Random, check: str) -> str:
    """Another check character than ``check``."""
    return r.choice([c for c in "0123456789X" if c != check])


def _dress(r: random.Random, s: str) -> str:
    """Surrounding junk, as values arrive from forms and spreadsheets."""
    return r.choice(["{} ", " {}", "{}.", "{},", "{})", "({})", "<{}>", '"{}"', "{};", "\t{}"]).format(s)


def _form(r: random.Random, value: str, forms: list[str]) -> str:
    return r.choice(forms).format(value)


def _maybe_junk(r: random.Random, s: str, p: float = 0.12) -> str:
    return _dress(r, s) if r.random() < p else s


def _z_doi(r: random.Random) -> str:
    s = _doi(r)
    x = r.random()
    if x < 0.1:
        s = s + "?noredirect" if "://" in s else s + "."
    elif x < 0.15:
        s = r.choice(["<10.5066/P9_B754>", "10.5066/P9_B754", "info:doi/10.1000/182", "doi:10.1000/182."])
    return _maybe_junk(r, s)


def _z_handle(r: random.Random) -> str:
    s = _hdl(r)
    if r.random() < 0.2:
        s = r.choice(["20.500.12345/abc", "2027/mdp.39015", "1721.1/58329"])
    return _maybe_junk(r, s)


def _z_ark(r: random.Random) -> str:
    naan = r.choice(["12345", "13030", "67531", "99166", "b5060", "1234x"])
    blade = r.choice(["x6np1wh8k", "tf2v19n9k8", "m5zp2f4v", "qt9bz9r2mz", "a-b.c", "x6np1wh8k/page.v2", "x?info"])
    form = r.choice(["ark:/{}/{}", "ark:{}/{}", "https://n2t.net/ark:/{}/{}", "http://ark.cdlib.org/ark:/{}/{}", "ARK:/{}/{}", "ark:/{}"])
    s = form.format(naan, blade) if form.count("{}") == 2 else form.format(naan)
    return _maybe_junk(r, s)


def _z_purl(r: random.Random) -> str:
    host = r.choice(["purl.org", "purl.oclc.org", "purl.net", "purl.fdlp.gov", "w3id.org", "purl.com", "example.org"])
    path = r.choice(["/dc/terms/", "/net/a/b", "/GPO/LPS12345", "/ro/crate", "", "/x y"])
    return _maybe_junk(r, f"{r.choice(['http', 'https', 'HTTP', 'ftp'])}://{host}{path}")


def _z_urn(r: random.Random) -> str:
    if r.random() < 0.7:
        s = _urn(r)
    else:
        s = r.choice([
            "urn:nbn:de:bvb:19-146642", "urn:nbn:fi-fe19981001", "URN:NBN:de:101:1-2014",
            "https://nbn-resolving.org/urn:nbn:de:bvb:19-146642", "urn:ietf:rfc:2648",
            "urn:lsid:ubio.org:namebank:11815", "URN:LSID:zoobank.org:act:8BDC0735-FEA4-4298-83FA-D04F67C3FBEC",
            "urn:lsid:a:b", "urn:lsid:ipni.org:names:20012728-1:1.1",
        ])
    return _maybe_junk(r, s)


def _z_arxiv(r: random.Random) -> str:
    x = r.random()
    if x < 0.6:
        yymm = f"{r.randint(7, 25):02d}{r.randint(1, 12):02d}"
        num = _digits(r, 4 if yymm < "1501" else 5)
        s = f"{yymm}.{num}"
    else:
        s = f"{r.choice(['hep-th', 'math', 'math.GT', 'cond-mat', 'astro-ph', 'cs'])}/{r.randint(91, 99)}{r.randint(1, 12):02d}{_digits(r, 3)}"
    if r.random() < 0.3:
        s += f"v{r.randint(1, 9)}"
    if r.random() < 0.1:
        s = s.replace(".", ".0", 1) if "/" not in s else s + "0"
    form = _form(r, s, ["{}", "arXiv:{}", "arxiv:{}", "ARXIV:{}", "https://arxiv.org/abs/{}", "http://arxiv.org/pdf/{}", "arXiv: {}"])
    return _maybe_junk(r, form)


def _z_pmcid(r: random.Random) -> str:
    s = f"PMC{r.randint(1, 12_000_000)}"
    s = r.choice([s, s, s.lower(), "PMCID: " + s, f"https://www.ncbi.nlm.nih.gov/pmc/articles/{s}/",
                  f"https://pmc.ncbi.nlm.nih.gov/articles/{s}", "PMC", "PMC0"])
    return _maybe_junk(r, s)


def _z_pmid(r: random.Random) -> str:
    s = str(r.randint(1, 40_000_000))
    s = r.choice([s, s, s, "PMID: " + s, "pmid:" + s, f"https://pubmed.ncbi.nlm.nih.gov/{s}/",
                  f"https://pubmed.ncbi.nlm.nih.gov/{s}", "0" + s, s + "0" * 4])
    return _maybe_junk(r, s)


def _orcid_number(r: random.Random) -> str:
    n = r.choice([r.randint(15_000_000, 35_000_000), r.randint(900_000_000_000, 900_100_000_000),
                  r.randint(0, 10**15 - 1)])
    return f"{n:015d}"


def _group4(s: str, sep: str = "-") -> str:
    return sep.join(s[i:i + 4] for i in range(0, 16, 4))


def _z_orcid(r: random.Random) -> str:
    body = _orcid_number(r)
    check = _mod11_2(body)
    if r.random() < 0.15:
        check = _wrong(r, check)
    s = _group4(body + check)
    s = _form(r, s, ["{}", "{}", "https://orcid.org/{}", "http://orcid.org/{}", "ORCID: {}", "orcid.org/{}",
                     "{}", "https://orcid.org/{}/"])
    if r.random() < 0.05:
        s = s.replace("-", "")
    return _maybe_junk(r, s)


def _z_isni(r: random.Random) -> str:
    body = "000" + _digits(r, 12)
    check = _mod11_2(body)
    if r.random() < 0.15:
        check = _wrong(r, check)
    sep = r.choice([" ", "", "-"])
    s = _group4(body + check, sep)
    s = _form(r, s, ["{}", "{}", "ISNI {}", "https://isni.org/isni/{}", "http://isni.org/isni/{}", "ISNI: {}"])
    if "isni.org" in s:
        s = s.replace(" ", "").replace("-", "")
    return _maybe_junk(r, s)


def _z_ror(r: random.Random) -> str:
    n = r.randint(0, 32**6 - 1)
    enc = ""
    for _ in range(6):
        enc = _B32[n % 32] + enc
        n //= 32
    m = 0
    for c in enc:
        m = m * 32 + _B32.index(c)
    check = f"{98 - (m * 100) % 97:02d}"
    if r.random() < 0.15:
        check = f"{(int(check) + r.randint(1, 50)) % 100:02d}"
    s = "0" + enc + check
    if r.random() < 0.1:
        s = s.upper()
    s = _form(r, s, ["{}", "https://ror.org/{}", "http://ror.org/{}", "ror.org/{}", "ROR: {}", "https://ror.org/{}"])
    return _maybe_junk(r, s)


def _z_wikidata(r: random.Random) -> str:
    s = r.choice(["Q", "Q", "Q", "P", "L", "q"]) + str(r.randint(1, 130_000_000))
    s = _form(r, s, ["{}", "{}", "wd:{}", "wikidata:{}", "https://www.wikidata.org/entity/{}",
                     "http://www.wikidata.org/entity/{}", "https://www.wikidata.org/wiki/{}", "Q0{}"])
    return _maybe_junk(r, s)


def _z_gnd(r: random.Random) -> str:
    x = r.random()
    if x < 0.4:
        body = "1" + r.choice(["", "0", "1", "2"]) + _digits(r, 7)
        s = body + _gnd_check(body)
    elif x < 0.7:
        body = r.choice(["4", "7"]) + _digits(r, 6)
        s = f"{body}-{_gnd_check(body)}"
    elif x < 0.85:
        body = str(r.randint(1, 10**8 - 1))
        s = f"{body}-{_gnd_check(body)}"
    else:
        s = r.choice(["118540238", "4022153-2", "118540239", "10-3", "1234567-0"])
    if r.random() < 0.1:
        s = s[:-1] + _wrong(r, s[-1])
    s = _form(r, s, ["{}", "gnd:{}", "GND:{}", "https://d-nb.info/gnd/{}", "http://d-nb.info/gnd/{}",
                     "d-nb.info/gnd/{}", "(DE-588){}", "GND {}"])
    return _maybe_junk(r, s)


def _z_viaf(r: random.Random) -> str:
    s = str(r.choice([r.randint(10, 10**9), r.randint(10**18, 10**22)]))
    s = _form(r, s, ["{}", "viaf:{}", "VIAF:{}", "https://viaf.org/viaf/{}", "http://viaf.org/viaf/{}",
                     "https://www.viaf.org/viaf/{}", "https://viaf.org/viaf/{}/", "0{}"])
    return _maybe_junk(r, s)


def _z_ascl(r: random.Random) -> str:
    s = f"{r.randint(10, 25):02d}{r.randint(1, 12):02d}.{r.randint(1, 999):03d}"
    s = _form(r, s, ["ascl:{}", "ascl:{}", "ASCL:{}", "https://ascl.net/{}", "{}", "ascl:{}0", "ascl: {}"])
    return _maybe_junk(r, s)


def _z_hal(r: random.Random) -> str:
    s = r.choice(["hal-", "hal-", "tel-", "inria-", "halshs-", "cea-", "ha-", "sic_", "HAL-"]) + _digits(r, 8)
    if r.random() < 0.3:
        s += f"v{r.randint(1, 5)}"
    s = _form(r, s, ["{}", "{}", "hal:{}", "HAL:{}", "https://hal.science/{}", "https://hal.archives-ouvertes.fr/{}",
                     "{}v"])
    return _maybe_junk(r, s)


def _z_rrid(r: random.Random) -> str:
    s = r.choice([f"AB_{r.randint(1, 10**7)}", f"CVCL_{r.choice('0123456789ABCDEF')}{_digits(r, 3)}",
                  f"SCR_{r.randint(0, 10**6):06d}", f"IMSR_JAX:{_digits(r, 6)}", f"Addgene_{r.randint(1, 10**6)}",
                  "XYZ_1", "AB"])
    s = _form(r, s, ["RRID:{}", "RRID:{}", "rrid:{}", "RRID: {}", "{}", "https://scicrunch.org/resolver/RRID:{}"])
    return _maybe_junk(r, s)


def _z_ads(r: random.Random) -> str:
    s = r.choice(["1974AJ.....79..819H", "2019ApJ...882L..24A", "1988A&A...194....1M", "2020MNRAS.491.1234S",
                  "1992ApJ...400L..15W", "2016PhRvL.116f1102A", "1974AJ.....79..819", "1974AJ....79..819H",
                  f"{r.randint(1900, 2025)}{r.choice(['ApJ', 'AJ', 'MNRAS', 'A&A'])}" + "." * 3 + f"{r.randint(100, 999)}..{r.randint(1, 999):3d}{r.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ.')}"])
    s = s.replace(" ", ".")
    s = _form(r, s, ["{}", "{}", "ads:{}", "ADS:{}", "bibcode:{}", "https://ui.adsabs.harvard.edu/abs/{}/abstract",
                     "https://ui.adsabs.harvard.edu/abs/{}"])
    return _maybe_junk(r, s)


def _z_swh(r: random.Random) -> str:
    h = "".join(r.choice("0123456789abcdef") for _ in range(40))
    s = f"swh:1:{r.choice(['cnt', 'dir', 'rev', 'rel', 'snp', 'xyz'])}:{h}"
    x = r.random()
    if x < 0.2:
        s += r.choice([";origin=https://github.com/a/b", ";lines=9-15", ";path=/src/a.c", ";visit=swh:1:snp:" + h,
                       ";origin=not an iri", ";foo=bar"])
    elif x < 0.3:
        s = "https://archive.softwareheritage.org/" + s
    elif x < 0.35:
        s = s[:-1]
    elif x < 0.4:
        s = s.upper()
    return _maybe_junk(r, s)


def _z_isbn(r: random.Random) -> str:
    if r.random() < 0.5:
        d9 = r.choice(["0", "1", "3", "2", "7", "9"]) + _digits(r, 8)
        s = d9 + _isbn10_check(d9)
    else:
        body = r.choice(["978", "979"]) + r.choice(["0", "1", "3", "8", "10"]) + _digits(r, 9)
        body = body[:12]
        s = body + _gtin_check(body)
    if r.random() < 0.15:
        s = s[:-1] + _wrong(r, s[-1])
    if r.random() < 0.3 and len(s) == 10:
        s = f"{s[0]}-{s[1:4]}-{s[4:9]}-{s[9]}"
    elif r.random() < 0.3 and len(s) == 13:
        s = f"{s[:3]}-{s[3]}-{s[4:7]}-{s[7:12]}-{s[12]}"
    s = _form(r, s, ["{}", "{}", "ISBN {}", "ISBN: {}", "isbn:{}", "ISBN-13: {}", "ISBN-10 {}", "urn:isbn:{}"])
    return _maybe_junk(r, s)


def _z_issn(r: random.Random) -> str:
    d7 = _digits(r, 7)
    c = _issn_check(d7)
    if r.random() < 0.15:
        c = _wrong(r, c)
    s = r.choice([f"{d7[:4]}-{d7[4:]}{c}", f"{d7}{c}", f"{d7[:4]}-{d7[4:]}{c.lower()}", f"{d7[:4]} {d7[4:]}{c}"])
    s = _form(r, s, ["{}", "{}", "ISSN {}", "ISSN: {}", "eISSN {}", "https://portal.issn.org/resource/ISSN/{}", "urn:issn:{}"])
    return _maybe_junk(r, s)


def _z_ean(r: random.Random) -> str:
    x = r.random()
    if x < 0.5:
        body = r.choice(["400", "500", "301", "977", "979", "0", "871"]) + _digits(r, 10)
        body = body[:12]
    elif x < 0.8:
        body = _digits(r, 7)
    else:
        body = _digits(r, 11)  # UPC-A
    s = body + _gtin_check(body)
    if r.random() < 0.15:
        s = s[:-1] + str((int(s[-1]) + r.randint(1, 9)) % 10)
    s = _form(r, s, ["{}", "{}", "{}", "EAN {}", "EAN-13: {}", "GTIN {}"])
    return _maybe_junk(r, s)


def _z_url(r: random.Random) -> str:
    return _maybe_junk(r, _iri(r), 0.05)


def _z_other(r: random.Random) -> str:
    """Kinds pidkit leaves out: idutils' own (bio accession numbers, ISTC, e-mail, SHA-1,
    OpenAlex, CSTR, RAiD), and IVOIDs, which idutils does not know."""
    istc_body = "".join(r.choice("0123456789ABCDEF") for _ in range(15))
    total = sum(int(x, 16) * [11, 9, 3, 1][i % 4] for i, x in enumerate(istc_body))
    istc = istc_body + format(total % 16, "X")
    return r.choice([
        f"SRR{r.randint(1, 10**7)}", f"ERX{r.randint(1, 10**6)}", f"PRJNA{r.randint(1, 10**6)}",
        f"PRJEB{r.randint(1, 10**5)}", f"SAMN{r.randint(1, 10**8)}", f"SAMEA{r.randint(1, 10**7)}",
        f"ENSG{r.randint(0, 10**11 - 1):011d}", f"ENSMUST{r.randint(0, 10**11 - 1):011d}.{r.randint(1, 9)}",
        r.choice(["P12345", "Q9Y6K9", "A0A023GPI8", "O15530"]), f"NM_{r.randint(1, 10**6):06d}.{r.randint(1, 5)}",
        f"NC_{r.randint(1, 10**6):06d}", f"GCA_{r.randint(1, 10**9):09d}.{r.randint(1, 3)}",
        f"GSE{r.randint(1, 300000)}", f"GPL{r.randint(1, 30000)}", f"E-MTAB-{r.randint(1, 9999)}",
        f"A-AFFY-{r.randint(1, 200)}", istc, istc[:-1] + ("0" if istc[-1] != "0" else "1"),
        f"{r.choice(['a', 'jane.doe', 'x_y'])}@{r.choice(['example.org', 'cern.ch', 'b'])}",
        "".join(r.choice("0123456789abcdef") for _ in range(40)),
        f"W{r.randint(10**6, 10**10)}", f"https://openalex.org/A{r.randint(10**6, 10**9)}",
        "cstr:31253.11.sciencedb.j00001", "https://raid.org/10.25.10.1234/abc123",
        f"ivo://ivoa.net/std/{r.choice(['TAP', 'SIA', 'ConeSearch'])}",
    ])


ZOO = {
    "doi": _z_doi, "handle": _z_handle, "ark": _z_ark, "purl": _z_purl, "urn": _z_urn,
    "arxiv": _z_arxiv, "pmcid": _z_pmcid, "pmid": _z_pmid, "orcid": _z_orcid, "isni": _z_isni,
    "ror": _z_ror, "wikidata": _z_wikidata, "gnd": _z_gnd, "viaf": _z_viaf, "ascl": _z_ascl,
    "hal": _z_hal, "rrid": _z_rrid, "ads": _z_ads, "swh": _z_swh, "isbn": _z_isbn, "issn": _z_issn,
    "ean": _z_ean, "url": _z_url, "other": _z_other, "junk": _junk,
}
"""A maker for every kind (idutils' scheme names where they differ from pidkit's), plus the
kinds pidkit leaves out (``other``) and junk."""


def zoo(n: int, seed: int = 27, kinds: Optional[list[str]] = None) -> list[Optional[str]]:
    """``n`` values of every kind of :data:`ZOO` (or of ``kinds``), each kind equally often,
    valid and invalid, in every written form; about 1 % nulls."""
    r = random.Random(seed)
    makers = [ZOO[k] for k in (kinds or list(ZOO))]
    out: list[Optional[str]] = []
    for _ in range(n):
        if r.random() < 0.01:
            out.append(None)
            continue
        out.append(_no_blank(r.choice(makers)(r)))
    return out
