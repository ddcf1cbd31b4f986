"""What reading ESEF needs to know of places, languages and words, kept in one place (which
countries' filers are matched to the Nordic listings is the market registry's: the countries of
its served Nordic venues, `core/markets.py`).

- Country names as the reports' mandatory text facts write them (CountryOfIncorporation,
  DomicileOfEntity), in English, Finnish and Swedish.
- The order in which language editions of one report are preferred for labels.
- The words that mark a company's own adjusted measure ("comparable operating profit"), which
  never stands in for an IFRS line.
"""

from __future__ import annotations

import re

from filings.core.markets import NORDIC

INDEX_HOST = "https://filings.xbrl.org"  # the public ESEF index (a non-profit's service)

# Countries whose ESEF filers this service matches to its listings: the served Nordic venues'.
COUNTRIES = frozenset(NORDIC.countries)

COUNTRY_NAMES = {
    "finland": "FI",
    "suomi": "FI",
    "republic of finland": "FI",
    "suomen tasavalta": "FI",
    "sweden": "SE",
    "sverige": "SE",
    "ruotsi": "SE",
    "kingdom of sweden": "SE",
    "konungariket sverige": "SE",
}

# Editions of one report in several languages: the first language here that is held gives the
# labels (`metric_name`); the figures are the same in every edition.
LANGUAGE_PREFERENCE = ("en", "sv", "fi")

# A company's own adjusted measure, by the words of its name or label: such a concept never
# stands in for the IFRS line it is anchored to.
_ADJUSTED = re.compile(
    r"\b(comparable|adjusted|underlying|operative|operational|recurring|normali[sz]ed|"
    r"pro\s?forma|excluding|items affecting comparability|alternative performance|"
    r"vertailukelpoi\w*|oikaist\w*|operatiivi\w*|kertaluonteis\w*|"
    r"jämförbar\w*|jämförelsestörande|justera\w*|underliggande|exklusive)\b",
    re.IGNORECASE,
)


def country_of(name: str | None) -> str | None:
    """The ISO alpha-2 code of a country name as a report writes it (`Suomi`, `Sweden`)."""
    if not name:
        return None
    return COUNTRY_NAMES.get(" ".join(name.casefold().split()).strip(" ."))


def spaced_words(local_name: str) -> str:
    """A concept's local name as words: `OperativeEBIT` -> `Operative EBIT`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", local_name)


def is_adjusted_measure(*texts: str | None) -> bool:
    """Whether a concept's name or labels mark it as a company's adjusted measure."""
    return any(text and _ADJUSTED.search(spaced_words(text)) for text in texts)


def language_rank(language: str | None) -> int:
    """How much a language edition is preferred for labels (lower first)."""
    code = (language or "").lower()[:2]
    return (
        LANGUAGE_PREFERENCE.index(code) if code in LANGUAGE_PREFERENCE else len(LANGUAGE_PREFERENCE)
    )
