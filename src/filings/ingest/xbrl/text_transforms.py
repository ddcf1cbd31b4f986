"""Transformation rules for non-numeric inline XBRL facts: ixt (dates, booleans) and the SEC's
own ixt-sec rules (state and exchange names, filer categories, durations, ballot boxes)."""

from __future__ import annotations

import re
from datetime import date

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.transforms import number_words

_MONTHS = {
    m: i
    for i, m in enumerate(
        (
            "january february march april may june july august september october november december"
        ).split(),
        1,
    )
}

STATES = {
    "alabama": "AL",
    "alaska": "AK",
    "arizona": "AZ",
    "arkansas": "AR",
    "california": "CA",
    "colorado": "CO",
    "connecticut": "CT",
    "delaware": "DE",
    "district of columbia": "DC",
    "florida": "FL",
    "georgia": "GA",
    "hawaii": "HI",
    "idaho": "ID",
    "illinois": "IL",
    "indiana": "IN",
    "iowa": "IA",
    "kansas": "KS",
    "kentucky": "KY",
    "louisiana": "LA",
    "maine": "ME",
    "maryland": "MD",
    "massachusetts": "MA",
    "michigan": "MI",
    "minnesota": "MN",
    "mississippi": "MS",
    "missouri": "MO",
    "montana": "MT",
    "nebraska": "NE",
    "nevada": "NV",
    "new hampshire": "NH",
    "new jersey": "NJ",
    "new mexico": "NM",
    "new york": "NY",
    "north carolina": "NC",
    "north dakota": "ND",
    "ohio": "OH",
    "oklahoma": "OK",
    "oregon": "OR",
    "pennsylvania": "PA",
    "rhode island": "RI",
    "south carolina": "SC",
    "south dakota": "SD",
    "tennessee": "TN",
    "texas": "TX",
    "utah": "UT",
    "vermont": "VT",
    "virginia": "VA",
    "washington": "WA",
    "west virginia": "WV",
    "wisconsin": "WI",
    "wyoming": "WY",
    "puerto rico": "PR",
}
EXCHANGES = {
    "nasdaq": "NASDAQ",
    "new york stock exchange": "NYSE",
    "nyse": "NYSE",
    "nyse american": "NYSEAMER",
    "nyse arca": "NYSEArca",
    "cboe": "CboeBZX",
    "boston": "BOX",
    "chicago": "CHX",
    "philadelphia": "Phlx",
    "investors exchange": "IEX",
}
FILER_CATEGORIES = {
    "large accelerated filer": "Large Accelerated Filer",
    "accelerated filer": "Accelerated Filer",
    "non-accelerated filer": "Non-accelerated Filer",
}
DURATION_UNITS = {"year": "Y", "month": "M", "day": "D"}


def _exchange(text: str) -> str:
    lowered = text.lower()
    for needle in sorted(EXCHANGES, key=len, reverse=True):
        if needle in lowered:
            return EXCHANGES[needle]
    raise MalformedInput(f"unknown exchange name {text!r}")


def _count(text: str) -> str:
    return text if text.isdigit() else str(number_words(text))


def _duration(text: str, unit: str | None) -> str:
    if unit is not None:
        number = (
            text.strip() if re.fullmatch(r"\d+(\.\d+)?", text.strip()) else str(number_words(text))
        )
        return f"P{number}{unit}"
    # "three-year" printed with a non-breaking hyphen (U+2011), as in Meta's 10-K
    plain = re.sub(r"[\u2010-\u2015\u2212]", "-", text.lower())
    parts = re.findall(r"([a-z0-9]+(?:-[a-z]+)?)[\s\-]+(year|month|day)s?", plain)
    if not parts:
        raise MalformedInput(f"not a duration: {text!r}")
    return "P" + "".join(f"{_count(n)}{DURATION_UNITS[u]}" for n, u in parts)


def sec_text_value(text: str, rule: str) -> str | None:
    """The value under an ixt-sec rule, or None when `rule` is not one of them."""
    stripped = " ".join(text.split())
    lowered = stripped.lower()
    if rule == "stateprovnameen":
        return STATES.get(lowered, stripped)
    if rule == "exchnameen":
        return _exchange(stripped)
    if rule == "entityfilercategoryen":
        return FILER_CATEGORIES.get(lowered, stripped)
    if rule == "boolballotbox":
        return "true" if stripped in {"☒", "☑", "✓", "x", "X"} else "false"
    if rule in ("duryear", "durmonth", "durday"):
        return _duration(stripped, DURATION_UNITS[rule[3:]])
    if rule == "durwordsen":
        return _duration(stripped, None)
    return None


def text_value(text: str, rule: str | None) -> str:
    """The value of a non-numeric fact: dates become ISO dates, booleans true/false."""
    stripped = " ".join(text.split())
    if rule is None:
        return stripped
    if (sec_value := sec_text_value(stripped, rule)) is not None:
        return sec_value
    if rule == "fixed-true":
        return "true"
    if rule == "fixed-false":
        return "false"
    if rule in ("date-monthname-day-year-en", "datemonthdayyearen"):
        match = re.match(r"([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})", stripped)
        if match and match.group(1).lower() in _MONTHS:
            month = _MONTHS[match.group(1).lower()]
            return date(int(match.group(3)), month, int(match.group(2))).isoformat()
        raise MalformedInput(f"not a date: {text!r}")
    return stripped
