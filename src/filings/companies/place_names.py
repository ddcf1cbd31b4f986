"""Place names in the locale a profile is asked in (its geography tags).

A country's name comes from pycountry's Finnish and Swedish translations; a region's from a
small glossary of the regions reports name (English to Finnish and Swedish); "Rest of" or
"Other" before a region, and a market area of several places ("Africa/Middle East",
"South East Asia, Oceania and India"), part by part. A name the glossary does not know in full,
or one already printed in another language, is left as printed: a tag is never half
translated.
"""

from __future__ import annotations

import gettext
import re
from functools import lru_cache

import pycountry

from filings.companies.geography import country_code

# English region name (lower case) -> (Finnish, Swedish)
REGION_NAMES: dict[str, tuple[str, str]] = {
    "africa": ("Afrikka", "Afrika"),
    "americas": ("Amerikka", "Amerika"),
    "north america": ("Pohjois-Amerikka", "Nordamerika"),
    "south america": ("Etelä-Amerikka", "Sydamerika"),
    "central america": ("Keski-Amerikka", "Centralamerika"),
    "latin america": ("Latinalainen Amerikka", "Latinamerika"),
    "caribbean": ("Karibia", "Karibien"),
    "asia": ("Aasia", "Asien"),
    "asia pacific": ("Aasian ja Tyynenmeren alue", "Asien och Stillahavsområdet"),
    "asia-pacific": ("Aasian ja Tyynenmeren alue", "Asien och Stillahavsområdet"),
    "apac": ("Aasian ja Tyynenmeren alue", "Asien och Stillahavsområdet"),
    "north east asia": ("Koillis-Aasia", "Nordostasien"),
    "northeast asia": ("Koillis-Aasia", "Nordostasien"),
    "south east asia": ("Kaakkois-Aasia", "Sydostasien"),
    "southeast asia": ("Kaakkois-Aasia", "Sydostasien"),
    "far east": ("Kaukoitä", "Fjärran Östern"),
    "greater china": ("Suur-Kiina", "Storkina"),
    "oceania": ("Oseania", "Oceanien"),
    "australasia": ("Australaasia", "Australasien"),
    "europe": ("Eurooppa", "Europa"),
    "central europe": ("Keski-Eurooppa", "Centraleuropa"),
    "eastern europe": ("Itä-Eurooppa", "Östeuropa"),
    "western europe": ("Länsi-Eurooppa", "Västeuropa"),
    "northern europe": ("Pohjois-Eurooppa", "Nordeuropa"),
    "southern europe": ("Etelä-Eurooppa", "Sydeuropa"),
    "european union": ("Euroopan unioni", "Europeiska unionen"),
    "eu": ("EU", "EU"),
    "eurozone": ("Euroalue", "Euroområdet"),
    "emea": ("EMEA", "EMEA"),
    "middle east": ("Lähi-itä", "Mellanöstern"),
    "north africa": ("Pohjois-Afrikka", "Nordafrika"),
    "sub-saharan africa": ("Saharan eteläpuolinen Afrikka", "Afrika söder om Sahara"),
    "nordic countries": ("Pohjoismaat", "Norden"),
    "nordics": ("Pohjoismaat", "Norden"),
    "nordic region": ("Pohjoismaat", "Norden"),
    "scandinavia": ("Skandinavia", "Skandinavien"),
    "baltics": ("Baltian maat", "Baltikum"),
    "baltic countries": ("Baltian maat", "Baltikum"),
    "baltic states": ("Baltian maat", "Baltikum"),
    "benelux": ("Benelux-maat", "Beneluxländerna"),
    "dach": ("DACH-maat", "DACH-länderna"),
    "emerging markets": ("Kehittyvät markkinat", "Tillväxtmarknader"),
    "rest of world": ("Muu maailma", "Övriga världen"),
    "rest of the world": ("Muu maailma", "Övriga världen"),
    "other countries": ("Muut maat", "Övriga länder"),
    "international": ("Kansainvälinen", "Internationellt"),
    "western hemisphere": ("Läntinen pallonpuolisko", "Västra halvklotet"),
}
_LOCALES = {"fi": 0, "sv": 1}
_REST = re.compile(r"^(rest of( the)?|other)\s+(?P<place>.+)$", re.IGNORECASE)
_REST_WORD = {"fi": "Muu", "sv": "Övriga"}
_PARTS = re.compile(r"(\s*(?:,|/|&|\band\b)\s*)", re.IGNORECASE)
_AND = {"fi": " ja ", "sv": " och "}
# A place with or without another: "Americas excluding United States", "China including Hong Kong"
_WITH = re.compile(
    r"^(?P<whole>.+?),?\s+(?P<how>excluding|other than|except|including)\s+(?P<part>.+)$",
    re.IGNORECASE,
)
_WITH_WORDS = {"fi": ("pois lukien", "mukaan lukien"), "sv": ("utom", "inklusive")}


def local_place(name: str, locale: str) -> str:
    """A place's name (a tag: a region or market area; an ISO code stays a code) in `locale`,
    or as printed when the glossary does not know every part of it."""
    if locale not in _LOCALES or re.fullmatch(r"[A-Z]{2}", name):
        return name
    return _translated(name, locale) or name


def _translated(name: str, locale: str) -> str | None:
    with_ = _WITH.match(name)
    if with_ is not None:
        whole, part = _translated(with_["whole"], locale), _translated(with_["part"], locale)
        if whole is None or part is None:
            return None
        word = _WITH_WORDS[locale][with_["how"].lower() == "including"]
        return f"{whole} {word} {part}"
    pieces = _PARTS.split(name)
    out = []
    for position, piece in enumerate(pieces):
        if position % 2:  # a joiner: ", " "/" " and "
            out.append(_AND[locale] if piece.strip().lower() == "and" else piece)
            continue
        local = _one_place(piece.strip(), locale)
        if local is None:
            return None
        out.append(local)
    return "".join(out)


def _one_place(name: str, locale: str) -> str | None:
    key = " ".join(name.lower().split())
    if key in REGION_NAMES:
        return REGION_NAMES[key][_LOCALES[locale]]
    rest = _REST.match(name)
    if rest is not None:
        place = _one_place(rest["place"], locale)
        if place is None:
            return None
        return f"{_REST_WORD[locale]} {place}"
    code = country_code(name)
    return _country_name(code, locale) if code else None


@lru_cache(maxsize=512)
def _country_name(code: str, locale: str) -> str | None:
    country = pycountry.countries.get(alpha_2=code)
    if country is None:
        return None
    translation = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[locale])
    for name in (getattr(country, "common_name", None), country.name):
        if name and translation.gettext(name) != name:
            return translation.gettext(name)
    return getattr(country, "common_name", None) or country.name
