"""The vocabulary of revenue geography: what a place name or an XBRL member stands for.

A name is a **catch-all** ("Other countries", "Rest of world", "International", "Övriga länder",
"Muut maat"), else a **region** of several countries (a small vocabulary in English, Swedish and
Finnish, below; a compass word before a place, "North East Asia"; places joined into one market
area, "South East Asia, Oceania and India", "Africa/Middle East"; "Rest of" or "Other" before a
place), else a **country**: ISO 3166 alpha-2 from a `country:XX` member or from the name through
pycountry (its name, common and official names, in English or in pycountry's Swedish and Finnish
translations), and the few short forms reports use that pycountry does not give (`SHORT_FORMS`).
Footnote marks printed beside a name (`Europe ¹⁾ ²⁾`, `Other 1)`) are not part of it.
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
    "utlandet",
    "ulkomaat",
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
        "central america",
        "caribbean",
        "baltics",
        "baltic countries",
        "baltic states",
        "baltic region",
        "nordic region",
        "scandinavia",
        "eu",
        "european union",
        "eurozone",
        "apac",
        "asia-pacific",
        "latam",
        "dach",
        "benelux",
        "cis",
        "far east",
        "australasia",
        "sub-saharan africa",
        "north africa",
        "emerging markets",
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
        "afrika",
        "oceanien",
        "baltikum",
        "skandinavien",
        "amerika",
        "latinamerika",
        "mellanöstern och afrika",
        # Finnish
        "aasia",
        "aasia ja australia",
        "eurooppa",
        "muu eurooppa",
        "pohjois-amerikka",
        "pohjoismaat",
        "etelä-amerikka",
        "lähi-itä",
        "afrikka",
        "oseania",
        "baltia",
        "baltian maat",
        "skandinavia",
        "amerikka",
        "latinalainen amerikka",
    }
)
# Common short forms of country names that pycountry does not list (it has Russian Federation,
# Türkiye, Korea, Republic of); reports print these.
SHORT_FORMS = {
    "russia": "RU",
    "turkey": "TR",
    "korea": "KR",
    "great britain": "GB",
    "britain": "GB",
    "holland": "NL",
    "storbritannien": "GB",
    "ryssland": "RU",
    "iso-britannia": "GB",
    "venäjä": "RU",
    "korea republic": "KR",
    "macau": "MO",  # the spelling of the casinos' filings (pycountry's is "Macao")
}
_COMPASS = re.compile(  # the longer words first: "South East" before "South"
    r"^(north[- ]?east|north[- ]?west|south[- ]?east|south[- ]?west|northern|southern|eastern|"
    r"western|central|north|south|east|west|nordöstra|sydöstra|nord|syd|öst|väst|mellan|"
    r"kaakkois-|koillis-|pohjois-|etelä-|itä-|länsi-|keski-)\s*",
    re.IGNORECASE,
)
_JOINERS = re.compile(r"\s*(?:,|/|&|\+|\band\b|\boch\b|\bja\b|\bsamt\b)\s*", re.IGNORECASE)
# A region less a place: "Asia, other than China", "Europe excluding Sweden", "Europa utom
# Sverige", "Eurooppa pl. Suomi"
_LESS = re.compile(
    r"^(?P<whole>.+?),?\s+(other\s+than|excluding|except|excl\.?|utom|exklusive|exkl\.?|"
    r"pl\.|paitsi)\s+(?P<part>.+)$",
    re.IGNORECASE,
)
_REST_OF = re.compile(
    r"^(rest of( the)?|other|others|remaining|övriga|övrig|resten av|muu|muut|muualla)\s+",
    re.IGNORECASE,
)
# A place's complement, the rest of the world seen from it: "Non-United States", "Non-U.S.",
# "Outside the United States", "Utanför Sverige" (Finnish says "ulkomaat", a catch-all).
_OUTSIDE = re.compile(r"^(non-?|outside( of)?( the)?|utanför)\s*", re.IGNORECASE)
_NOWHERE = {
    "",
    "countries",
    "country",
    "markets",
    "market",
    "world",
    "the world",
    "regions",
    "länder",
    "marknader",
    "världen",
    "maat",
    "markkinat",
    "maailma",
    "alueet",
}
# Footnote marks: superscripts, "1)", "*", a closing colon.
_MARKS = re.compile(r"(\s*([¹²³⁴⁵⁶⁷⁸⁹⁰]+⁾?|\(?\d\)|\*+|:))+\s*$")
_OF_WHICH = re.compile(
    r"^(of which|whereof|thereof|varav|därav|josta|mistä)\b(\s+(in|i|to))?\s*", re.IGNORECASE
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
        for name in {
            country.name,
            getattr(country, "common_name", country.name),
            getattr(country, "official_name", country.name),
        }:
            names[_key(name)] = country.alpha_2
            for translation in translations:
                names[_key(translation.gettext(name))] = country.alpha_2
    names.update({"us": "US", "u s": "US", "usa": "US", "uk": "GB", **SHORT_FORMS})
    return names


def clean_name(name: str) -> str:
    """A printed row label without its footnote marks and closing colon."""
    return _MARKS.sub("", " ".join(name.split())).strip()


def of_which(name: str) -> str | None:
    """The place an "of which" line names (`Of which in Sweden` -> Sweden), or None."""
    cleaned = clean_name(name)
    cleaned = re.sub(r"^[¹²³⁴⁵⁶⁷⁸⁹⁰⁾()\d\s]+", "", cleaned)  # a footnote mark before it
    match = _OF_WHICH.match(cleaned)
    return cleaned[match.end() :].strip() if match else None


def country_code(name: str) -> str | None:
    """A country's ISO code from its name (English, Swedish, Finnish, a common short form); never
    from a code-like word ("ROU", "AI" and "IT" are words in reports, not countries)."""
    return _country_names().get(_key(name))


@lru_cache(maxsize=1)
def _us_states() -> frozenset[str]:
    """The keys of the United States' states and its federal district (pycountry)."""
    return frozenset(
        _key(s.name)
        for s in pycountry.subdivisions
        if s.country_code == "US" and s.type in ("State", "District")
    )


def us_state(name: str) -> bool:
    """Whether a name is one of the United States' states or the District of Columbia: where a
    US issuer operates is often said by state ("Detroit, Michigan; Biloxi, Mississippi")."""
    return _key(clean_name(name)) in _us_states()


def _is_place(name: str) -> bool:
    """Whether a part of a composite name is a country or region on its own."""
    key = _key(name)
    bare = _COMPASS.sub("", key)
    return bool(
        key in REGIONS or bare in REGIONS or country_code(name) or (bare and country_code(bare))
    )


def classify(name: str) -> Place | None:
    """What a printed name stands for; None when it is no place this vocabulary knows."""
    name = clean_name(name)
    key = _key(name)
    if not key:
        return None
    code = country_code(name)  # before the compass: South Africa is a country
    if code is not None:
        return Place("country", name, code)
    if key in REGIONS:
        return Place("region", name)
    if key in CATCH_ALLS or complement_of(name) is not None:
        return Place("other", name)
    rest = _REST_OF.match(key)
    if rest is not None:  # "Rest of Europe" is a region, "Other countries" a catch-all
        remainder = key[rest.end() :]
        if remainder in _NOWHERE:
            return Place("other", name)
        return Place("region", name) if _is_place(remainder) else None
    if _is_place(_COMPASS.sub("", key)):  # "North East Asia", "Nordeuropa"
        return Place("region", name)
    less = _LESS.match(name)
    if less is not None and _is_place(less["whole"]) and _is_place(less["part"]):
        return Place("region", name)
    parts = [p for p in _JOINERS.split(name) if p and p.strip()]
    if len(parts) >= 2 and all(_is_place(p) for p in parts):
        return Place("region", name)  # a market area of several places
    # places and the rest ("Latin America, Caribbean and other"): a catch-all
    if len(parts) >= 2 and _key(parts[-1]) in CATCH_ALLS and all(_is_place(p) for p in parts[:-1]):
        return Place("other", name)
    return None


def complement_of(name: str) -> str | None:
    """The place whose complement a name is ("Non-United States": United States), or None."""
    key = _key(clean_name(name))
    outside = _OUTSIDE.match(key)
    if outside is None or outside.end() == len(key):
        return None
    rest = re.sub(r"^(u s|us)$", "united states", key[outside.end() :])
    return rest if _is_place(rest) else None


def member_label(member: str) -> str:
    """A member's name as words: `aapl:RestOfAsiaPacificSegmentMember` -> Rest of Asia Pacific,
    `us-gaap:NonUsMember` -> Non-US."""
    local = member.split(":", 1)[-1]
    local = re.sub(r"(Segment)?Member$", "", local)
    words = _CAMEL.split(local)
    label = " ".join(
        w.lower() if i and w.lower() in _SMALL_WORDS else w for i, w in enumerate(words)
    )
    return re.sub(r"\bNon US\b", "Non-US", re.sub(r"\bUs\b", "US", label))


def classify_member(member: str) -> Place | None:
    """What an XBRL member of a geographic axis stands for."""
    code = _COUNTRY_MEMBER.match(member)
    if code:
        country = pycountry.countries.get(alpha_2=code.group(1))
        name = getattr(country, "common_name", None) or (country.name if country else code.group(1))
        return Place("country", name, code.group(1))
    return classify(member_label(member))


# Capitalised words that may name a place ("Sweden", "Central Europe", "U.S.", "Asia/Oceania")
# and the common noun of a region's name after them ("the Baltic countries", "the Nordic region")
_CAPITALISED = re.compile(
    r"\b[A-ZÅÄÖ][\w\u2019'.-]*(?:(?:\s+|/)[A-ZÅÄÖ][\w\u2019'.-]*)*"
    r"(?:\s+(?:countries|states|region)\b)?"
)


def places_in(text: str, language: str = "en") -> list[Place]:
    """The countries and regions a text names, in the order it names them, each once: within a
    run of capitalised words the longest span that is a place ("Central Europe", not "Europe";
    "New Jersey", a state, names no Jersey;
    "the Baltic operations" names none; in Swedish also a genitive, in Finnish a case of the name).
    Catch-alls ("International") are no place here, nor places excepted ("with the exception of
    China", "outside the United States", "utom Sverige") up to the clause's end."""
    found: dict[str, Place] = {}
    for run in _CAPITALISED.finditer(_EXCEPTED.sub(" ", text)):
        words = [_POSSESSIVE.sub("", w) for w in run.group().split()]
        start = 0
        while start < len(words):
            for end in range(len(words), start, -1):
                span = " ".join(words[start:end])
                if end - start > 1 and language == "en" and us_state(span):
                    start = end  # a state of the US, not the country in its name ("New Jersey")
                    break
                place = _named(span, language)
                if place is not None and place.kind != "other":
                    # one region by one name ("the Baltic countries", "the Baltic region")
                    if _key(place.name) in _ONE_NAME:
                        place = Place(place.kind, _ONE_NAME[_key(place.name)])
                    found.setdefault(place.iso_alpha2 or _key(place.name), place)
                    start = end
                    break
            else:
                start += 1
    return list(found.values())


_ONE_NAME = {
    "baltic countries": "Baltics",
    "baltic states": "Baltics",
    "baltic region": "Baltics",
    "nordic countries": "Nordics",
    "nordic region": "Nordics",
}
_EXCEPTED = re.compile(
    r"\b(with the exception of|except( for| in)?|excluding|other than|outside( of)?|utom|"
    r"med undantag( av)?|exklusive|paitsi)\b[^.;:]*",
    re.IGNORECASE,
)
_POSSESSIVE = re.compile(r"(\u2019s|'s|[.,:;\u2019'])+$")
# Finnish case endings after a place's stem ("Suomessa", "Ruotsiin", "Euroopan", "Kiinasta")
_FINNISH_CASES = (
    *("ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "hin", "seen"),
    *("an", "än", "en", "in", "on", "na", "nä", "n"),
)
_SHORTENED = re.compile(r"([kpt])(?=[aeiouyäö]$)")


def _named(words: str, language: str) -> Place | None:
    """The place a span of words names: as printed, in a Swedish genitive ("Sveriges") or in a
    Finnish case of its name ("Ruotsissa", "Euroopan", "Pohjois-Amerikassa")."""
    place = classify(words)
    if place is not None or len(words) < 4 or language not in ("sv", "fi"):
        return place
    if language == "sv" and words.endswith("s"):
        place = classify(words[:-1])
        if place is not None:
            return place
    for ending in _FINNISH_CASES if language == "fi" else ():
        if not words.endswith(ending):
            continue
        stem = words[: -len(ending)]
        # the nominative from the stem: Suome- -> Suomi, Euroopa- -> Eurooppa, Ruotsi- -> Ruotsi
        for candidate in (_SHORTENED.sub(r"\1\1", stem), stem, stem[:-1] + "i"):
            place = classify(candidate) if len(candidate) >= 4 else None
            if place is not None:
                return Place(place.kind, candidate, place.iso_alpha2)
    return None
