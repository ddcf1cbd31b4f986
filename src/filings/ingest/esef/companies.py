"""Which listed company an ESEF filer is. The instruments list carries no LEI, so a filer is
matched by its LEI once known, else by name within its country:

1. the LEI, kept as an identifier since an earlier report matched;
2. the name, normalized as company resolution does (case, accents, punctuation and legal forms
   such as Oyj, AB (publ) dropped), equal to a listing's name or alias;
3. the name containing a listing's name as whole words, or contained in it ("Enento Group Oyj"
   and the listing "Enento", "Telefonaktiebolaget LM Ericsson" and "Ericsson"), when one
   listing matches with the most words.

Anything else (no listing, or several equally good) is reported and the report skipped: a
company is never made up from a filing.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection

from filings.companies.resolve import normalize_name
from filings.core.errors import MalformedInput
from filings.ingest.esef.queries import company_by_lei, nordic_names
from filings.ingest.esef.vocabulary import COUNTRIES


@dataclass(frozen=True)
class Match:
    """The company a filer is, and how it was found."""

    company_pk: int
    company_name: str
    how: str  # lei | name | name contained


def _contains(longer: list[str], shorter: list[str]) -> bool:
    size = len(shorter)
    return any(longer[i : i + size] == shorter for i in range(len(longer) - size + 1))


def _contained(filer: list[str], names: list[list[str]]) -> int:
    """How many words of the filer's name a listing shares as a run of whole words (0: none)."""
    best = 0
    for name in names:
        if not name:
            continue
        if _contains(filer, name) or _contains(name, filer):
            best = max(best, min(len(name), len(filer)))
    return best


def match_company(conn: Connection, lei: str | None, name: str, country: str | None) -> Match:
    """The listed company a filer is; MalformedInput saying why none can be chosen."""
    if lei is not None and (held := company_by_lei(conn, lei)) is not None:
        return Match(int(held.id), held.company_name, "lei")
    if country is not None and country not in COUNTRIES:
        raise MalformedInput(f"{name}: a filer of {country}, a country without listings here")
    listed = nordic_names(conn, [country] if country else COUNTRIES)
    filer = normalize_name(name)
    exact = [pk for pk, (_, names) in listed.items() if filer in map(normalize_name, names)]
    if len(exact) == 1:
        return Match(exact[0], listed[exact[0]][0], "name")
    if len(exact) > 1:
        raise MalformedInput(f"{name}: several listings have this name")
    words = filer.split()
    scores = {
        pk: score
        for pk, (_, names) in listed.items()
        if (score := _contained(words, [normalize_name(n).split() for n in names]))
    }
    best = [pk for pk, score in scores.items() if scores and score == max(scores.values())]
    if len(best) == 1:
        return Match(best[0], listed[best[0]][0], "name contained")
    where = f" in {country}" if country else ""
    if best:
        found = ", ".join(sorted(listed[pk][0] for pk in best))
        raise MalformedInput(f"{name}: several listings{where} match ({found})")
    raise MalformedInput(
        f"{name}: no listed company{where} has this name (load the listings with --instruments)"
    )
