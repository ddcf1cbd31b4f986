"""The vocabulary of revenue geography: what a place name or an XBRL member stands for.

A name is a **catch-all** ("Other countries", "Rest of world", "International", "Övriga länder",
"Muut maat"), else a **region** of several countries (a small vocabulary in English, Swedish and
Finnish, below), else a **country**: ISO 3166 alpha-2 from a `country:XX` member or from the name
through pycountry, in English or in pycountry's Swedish and Finnish translations. No hand-made
list of countries.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from functools import lru_cache

import pycountry

CATCH_ALLS = (
    "other",
    "others",
    "rest of world",
    "rest of the world",
    "international",
    "non us",
    "non-us",
    "foreign",
    "övriga",
    "övriga länder",
    "övriga världen",
    "muut",
    "muut maat",
    "muu maailma",
)
# Regions: several countries under one name, as reports print them.
REGIONS = frozenset(
    {
        "africa",
        "americas",
        "asia",
        "asia pacific",
        "asia and australia",
        "asia & australia",
        "asia and oceania",
        "australia and asia",
        "china including hong kong",
        "emea",
        "europe",
        "europe middle east and africa",
        "greater china",
        "latin america",
        "middle east",
        "middle east and africa",
        "nordic countries",
        "nordics",
        "north america",
        "oceania",
        "rest of asia pacific",
        "rest of europe",
        "rest of nordics",
        "south america",
        # Swedish
        "asien",
        "asien och australien",
        "europa",
        "mellanöstern",
        "norden",
        "nordamerika",
        "sydamerika",
        "övriga europa",
        "övriga norden",
        # Finnish
        "aasia",
        "aasia ja australia",
        "eurooppa",
        "muu eurooppa",
        "pohjois-amerikka",
        "pohjoismaat",
        "etelä-amerikka",
        "lähi-itä",
    }
)
_COUNTRY_MEMBER = re.compile(r"^country:([A-Z]{2})$")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SMALL_WORDS = {"and", "of", "the", "including", "excluding", "in"}


@dataclass(frozen=True)
class Place:
    """What a name stands for: a `country` (with its code), a `region` or an `other`."""

    kind: str  # country | region | other
    name: str
    iso_alpha2: str | None = None

    @property
    def entity_type(self) -> str:
        """The contract's `entity_type`: country, multi_region or other."""
        return {"country": "country", "region": "multi_region"}.get(self.kind, "other")


def _key(name: str) -> str:
    return " ".join(name.lower().replace(",", " ").replace(".", " ").split())


@lru_cache(maxsize=1)
def _country_names() -> dict[str, str]:
    """Country names in English, Swedish and Finnish (pycountry's translations), by key."""
    names: dict[str, str] = {}
    translations = [
        gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[language])
        for language in ("sv", "fi")
    ]
    for country in pycountry.countries:
        for name in {country.name, getattr(country, "common_name", country.name)}:
            names[_key(name)] = country.alpha_2
            for translation in translations:
                names[_key(translation.gettext(name))] = country.alpha_2
    names.update({"us": "US", "u s": "US", "usa": "US", "uk": "GB"})
    return names


def classify(name: str) -> Place | None:
    """What a printed name stands for; None when it is no place this vocabulary knows."""
    key = _key(name)
    if not key:
        return None
    if key in REGIONS:  # before the prefixes: "Övriga Europa" is a region
        return Place("region", name)
    if key in CATCH_ALLS or key.startswith(("other ", "övriga ", "muut ")):
        return Place("other", name)
    code = _country_names().get(key)
    if code is None:
        try:
            code = pycountry.countries.lookup(name.strip()).alpha_2
        except LookupError:
            return None
    return Place("country", name, code)


def member_label(member: str) -> str:
    """A member's name as words: `aapl:RestOfAsiaPacificSegmentMember` -> Rest of Asia Pacific."""
    local = member.split(":", 1)[-1]
    local = re.sub(r"(Segment)?Member$", "", local)
    words = _CAMEL.split(local)
    return " ".join(
        w.lower() if i and w.lower() in _SMALL_WORDS else w for i, w in enumerate(words)
    )


def classify_member(member: str) -> Place | None:
    """What an XBRL member of a geographic axis stands for."""
    code = _COUNTRY_MEMBER.match(member)
    if code:
        country = pycountry.countries.get(alpha_2=code.group(1))
        name = getattr(country, "common_name", None) or (country.name if country else code.group(1))
        return Place("country", name, code.group(1))
    return classify(member_label(member))
