"""The periods of a table's columns, as Nordic and US reports print them, in English, Swedish
and Finnish: `Jul-Sep 2025`, `Q3`, `jan-sep`, `heinä-syyskuu`, `10-12/2024`, `Full year`, years.

Labels pair with the years of the header in order; newest first, a label whose period ends no
earlier in the year than the one before it starts an older year (`Q3 Q2 Q1 Q4` is 2025, 2025,
2025, 2024); without years the document's fiscal year is the first. `Q1` is a quarter, `Jan-Mar`
a year to date. Bare years are fiscal years only in a report of a whole year, ending in December
unless the document says otherwise ("for the fiscal year ended January 28, 2023").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from itertools import pairwise

from filings.ingest.nordic.periods import FINNISH_MONTH_STEMS, MONTH_WORDS
from filings.ingest.nordic.text_tables import MONTH_NAMES

YEAR = re.compile(r"(?<![\d,.])(19[89]\d|20\d\d)(?![\d,.])")

_MONTH = (
    r"jan|feb|mar|apr|may|maj|jun|jul|aug|sep|oct|okt|nov|dec|tammi|helmi|maalis|huhti|touko|"
    r"kesä|heinä|elo|syys|loka|marras|joulu"
)

PERIOD_LABEL = re.compile(
    rf"\b(?P<m1>{_MONTH})[a-zäö]*\.?\s*[-–]\s*(?P<m2>{_MONTH})[a-zäö]*\.?"
    r"|\b(?P<n1>1[0-2]|0?[1-9])\s*[-–]\s*(?P<n2>1[0-2]|0?[1-9])\s*/\s*(?=(19|20)\d\d)"
    r"|\bQ(?P<q>[1-4])\b|\b(?P<q2>[1-4])Q\b"
    r"|\b(?P<full>full[\s-]year|FY|helår(et)?|koko\s+vuosi|financial\s+year)\b",
    re.IGNORECASE,
)


# A quarter with a year of two digits: "Q4/24" (Stora Enso, Outokumpu)
_SHORT_YEAR = re.compile(r"\b(?P<label>Q[1-4]|[1-4]Q)\s*/\s*(?P<year>\d\d)(?![\d,.])")


@dataclass(frozen=True)
class Period:
    """What a column covers: a fiscal year, a year to date or a quarter, and its months."""

    kind: str  # annual | ytd | quarter
    year: int
    first_month: int
    last_month: int

    @property
    def start(self) -> date:
        """The first day of the period (of the year before, for a fiscal year that ends in
        another month than December: Best Buy's 2023 runs from February 2022 to January 2023)."""
        return date(self.year - (self.first_month > self.last_month), self.first_month, 1)

    @property
    def end(self) -> date:
        """The last day of the period."""
        following = date(self.year + (self.last_month == 12), self.last_month % 12 + 1, 1)
        return date.fromordinal(following.toordinal() - 1)

    @property
    def label(self) -> str:
        """As reports print it: Jan-Sep 2025, Jul-Sep 2025, 2024."""
        if self.kind == "annual":
            return str(self.year)
        first, last = MONTH_NAMES[self.first_month - 1], MONTH_NAMES[self.last_month - 1]
        return f"{first}-{last} {self.year}"

    def rank(self) -> tuple[int, int, int]:
        """How much of the year a period covers: a year before a year to date before a quarter,
        a longer before a shorter, a later quarter before an earlier one."""
        kind = {"annual": 2, "ytd": 1}.get(self.kind, 0)
        return (kind, (self.last_month - self.first_month) % 12, self.last_month)


def _month(text: str) -> int:
    key = text.lower()
    for prefix, number in FINNISH_MONTH_STEMS.items():
        if key.startswith(prefix):
            return number
    return MONTH_WORDS.get(key, MONTH_WORDS.get(key[:3], 0))


def _label_span(match: re.Match[str]) -> tuple[int, int, str]:
    """(first month, last month, kind) of a period label: `Q1` is a quarter, `Jan-Mar` the
    year to date (the same months), `Jul-Sep` a quarter, `Jan-Dec` or `Full year` the year."""
    quarter = match.group("q") or match.group("q2")
    if quarter:
        return 3 * int(quarter) - 2, 3 * int(quarter), "quarter"
    if match.group("m1"):
        first, last = _month(match.group("m1")), _month(match.group("m2"))
    elif match.group("n1"):
        first, last = int(match.group("n1")), int(match.group("n2"))
    else:
        first, last = 1, 12
    span = last - first + 1
    kind = "annual" if span == 12 else ("quarter" if span == 3 and first != 1 else "ytd")
    return first, last, kind


def read_periods(
    header: str, fiscal_year: int | None, whole_year: bool, year_end: int = 12
) -> list[Period]:
    """The periods of a header's columns, in order; [] when they cannot be told. A bare year
    is a fiscal year ending in the month `year_end`."""
    header = _SHORT_YEAR.sub(lambda m: f"{m['label']}/20{m['year']}", header)
    labels = list(PERIOD_LABEL.finditer(header))
    spans = [_label_span(m) for m in labels]
    found = list(YEAR.finditer(header))
    years = [int(m.group(1)) for m in found]
    if spans and len(years) > len(spans):
        mixed = _labelled_and_bare(labels, found, year_end, whole_year)
        if mixed:
            return mixed
    if not spans:
        return (
            [Period("annual", y, year_end % 12 + 1, year_end) for y in years] if whole_year else []
        )
    if len(years) == len(spans):
        return [Period(k, y, a, b) for (a, b, k), y in zip(spans, years, strict=True)]
    runs: list[list[tuple[int, int, str]]] = [[]]
    for span in spans:  # newest first: a period ending no earlier than the last starts a year
        if runs[-1] and span[1] >= runs[-1][-1][1]:
            runs.append([])
        runs[-1].append(span)
    if years and len(years) != len(runs):
        return []
    first = years[0] if years else fiscal_year
    if first is None:
        return []
    run_years = years or [first - i for i in range(len(runs))]
    return [
        Period(kind, year, a, b)
        for run, year in zip(runs, run_years, strict=True)
        for a, b, kind in run
    ]


def _labelled_and_bare(
    labels: list[re.Match[str]], years: list[re.Match[str]], year_end: int, whole_year: bool
) -> list[Period]:
    """A header with more years than labels: "Q4/2024 Q4/2023 2024 2023" (a label's year, then
    bare years: fiscal years, in a report of a whole year) or "Oct-Dec 2024 2023 Jan-Dec 2024
    2023" (a label over the years after it, newest first). [] when it cannot be told: a label
    apart from any year, a bare year before a label, the same period twice."""
    groups: list[tuple[re.Match[str] | None, list[int]]] = []
    label_at = 0
    for year in years:
        while label_at < len(labels) and labels[label_at].end() <= year.start():
            groups.append((labels[label_at], []))
            label_at += 1
        label = groups[-1][0] if groups else None
        if label is not None and re.fullmatch(r"[\s/\d]*", year.string[label.end() : year.start()]):
            groups[-1][1].append(int(year.group(1)))
        else:
            groups.append((None, [int(year.group(1))]))
    if label_at < len(labels):
        return []  # a label after the last year
    out: list[Period] = []
    for position, (label, group) in enumerate(groups):
        if label is None:
            if not whole_year or any(g[0] is not None for g in groups[position:]):
                return []
            out += [Period("annual", y, year_end % 12 + 1, year_end) for y in group]
            continue
        if not group:
            return []
        first, last, kind = _label_span(label)
        shared = all(a > b for a, b in pairwise(group))
        bound, bare = (group, []) if shared else (group[:1], group[1:])
        if bare and not whole_year:
            return []
        out += [Period(kind, y, first, last) for y in bound]
        out += [Period("annual", y, year_end % 12 + 1, year_end) for y in bare]
    keys = [(p.kind, p.year, p.first_month, p.last_month) for p in out]
    return out if len(set(keys)) == len(keys) else []
