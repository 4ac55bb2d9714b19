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
