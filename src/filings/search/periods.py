"""The period a question names: years (`2024`, `FY2025`, `Q3/2024`) and a quarter, in English,
Finnish and Swedish (`Q3`, `third quarter`, `kolmannella neljänneksellä`, `tredje kvartalet`).
Content search boosts the passages of filings of that period (`search/service.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

_YEAR = re.compile(r"(?<![\d.,])(?:FY|fy)?((?:19|20)\d\d)(?![\d.,]\d)")
_Q = re.compile(r"\b(?:Q|q)([1-4])\b|\b([1-4])Q\b|\bQ([1-4])(?=[/ -]?(?:19|20)\d\d)")
# Ordinal stems of each quarter and the words for a quarter, in en, fi and sv.
_ORDINALS = {
    1: ("first", "1st", "ensimmäi", "första", "1:a"),
    2: ("second", "2nd", "toise", "toinen", "andra", "2:a"),
    3: ("third", "3rd", "kolma", "kolmas", "tredje", "3:e"),
    4: ("fourth", "4th", "neljänne", "neljäs", "fjärde", "4:e"),
}
_QUARTER_WORD = re.compile(r"^(?:quarter|neljännes|neljänneks|vuosineljännes|kvartal)", re.I)


@dataclass(frozen=True)
class NamedPeriod:
    """The fiscal years and quarter a question names (none named: empty, None)."""

    years: frozenset[int] = frozenset()
    quarter: int | None = None

    def __bool__(self) -> bool:
        return bool(self.years) or self.quarter is not None


def _quarter(text: str) -> int | None:
    found = _Q.search(text)
    if found:
        return int(next(g for g in found.groups() if g))
    words = re.findall(r"[\w:]+", text.lower())
    for word, following in pairwise([*words, ""]):
        for quarter, stems in _ORDINALS.items():
            # `third quarter`, `third-quarter`, `kolmannella neljänneksellä`, `tredje kvartalet`
            if any(word.startswith(s) for s in stems) and _QUARTER_WORD.match(following):
                # `neljännellä neljänneksellä`: the fourth (the word that names a quarter is
                # itself `neljännes`, so its ordinal must not be taken from it)
                if quarter == 4 and word.startswith("neljännes"):
                    continue
                return quarter
    return None


def period_words(text: str) -> set[str]:
    """The words (lower-cased) of the quarters a text names in words (`third quarter`,
    `kolmannella neljänneksellä`, `tredje kvartalet`): the named period stands for them."""
    words = re.findall(r"[\w:]+", text.lower())
    found: set[str] = set()
    for word, following in pairwise([*words, ""]):
        ordinal = any(word.startswith(s) for stems in _ORDINALS.values() for s in stems)
        if ordinal and _QUARTER_WORD.match(following):
            found |= {word, following}
    return found


def named_period(text: str) -> NamedPeriod:
    """The years and quarter a question names."""
    years = frozenset(int(y) for y in _YEAR.findall(text))
    return NamedPeriod(years, _quarter(text))
