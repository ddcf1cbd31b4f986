"""Reading figure tables out of report text: the unit and scale, the period of each column, and
the numbers of each row (thousands separated by spaces, commas or dots; notes and % columns)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_UNIT = re.compile(
    r"\b(?:(MSEK|MEUR|MNOK|MDKK|TSEK|TEUR|KSEK|SEKm|EURm|NOKm)"
    r"|(SEK|EUR|NOK|DKK|USD)\s*(million|millions|m|mn|thousand|thousands|k|billion|bn|b)\b\.?)",
)
_SCALE_WORDS = {
    "million": 6,
    "millions": 6,
    "m": 6,
    "mn": 6,
    "thousand": 3,
    "thousands": 3,
    "k": 3,
    "billion": 9,
    "bn": 9,
    "b": 9,
}
_PREFIXED = {"M": 6, "T": 3, "K": 3}
_RANGE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*[-–]\s*"
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?",
    re.I,
)
_DATE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b,?", re.I
)
_DATE_DM = re.compile(
    r"\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?", re.I
)
_QUARTER = re.compile(r"\bQ([1-4])\b", re.I)
_FULL_YEAR = re.compile(r"\b(full[\s-]year|FY)\b", re.I)
_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")


@dataclass(frozen=True)
class Unit:
    """A table's currency and scale (MSEK: SEK, 10^6)."""

    currency: str
    exponent: int


def find_unit(text: str) -> Unit | None:
    """The unit a table header states."""
    match = _UNIT.search(text)
    if match is None:
        return None
    if match.group(1):
        word = match.group(1)
        if word.endswith("m"):
            return Unit(word[:3].upper(), 6)
        return Unit(word[1:].upper(), _PREFIXED[word[0].upper()])
    return Unit(match.group(2).upper(), _SCALE_WORDS[match.group(3).lower()])


@dataclass(frozen=True)
class Column:
    """The period of a column: a quarter, a year to date, a year, or a balance at a date."""

    kind: str  # quarter | ytd | annual | instant | bare
    year: int
    first_month: int = 1
    last_month: int = 12
    day: int | None = None

    @property
    def start(self) -> date | None:
        """First day of a duration; None for a balance."""
        return None if self.kind == "instant" else date(self.year, self.first_month, 1)

    @property
    def end(self) -> date:
        """Last day of the period (the balance date of an instant)."""
        if self.day is not None:
            return date(self.year, self.last_month, self.day)
        next_month = date(self.year + (self.last_month == 12), self.last_month % 12 + 1, 1)
        return date.fromordinal(next_month.toordinal() - 1)

    @property
    def quarter(self) -> int:
        """The calendar quarter the period ends in."""
        return (self.last_month - 1) // 3 + 1


def _pending(text: str) -> list[tuple[int, re.Match[str], str]]:
    found: list[tuple[int, re.Match[str], str]] = []
    for kind, pattern in (
        ("range", _RANGE),
        ("date", _DATE),
        ("datedm", _DATE_DM),
        ("quarter", _QUARTER),
        ("full", _FULL_YEAR),
    ):
        found.extend((m.start(), m, kind) for m in pattern.finditer(text))
    found.sort(key=lambda item: item[0])
    kept, end = [], -1
    for start, match, kind in found:  # drop matches inside an earlier one
        if start >= end:
            kept.append((start, match, kind))
            end = match.end()
    return kept


def _column(kind: str, match: re.Match[str], year: int) -> Column:
    if kind == "range":
        first, last = MONTHS[match.group(1)[:3].lower()], MONTHS[match.group(2)[:3].lower()]
        span = last - first + 1
        return Column(
            "quarter" if span == 3 else ("annual" if span == 12 else "ytd"), year, first, last
        )
    if kind == "date":
        return Column(
            "instant", year, last_month=MONTHS[match.group(1)[:3].lower()], day=int(match.group(2))
        )
    if kind == "datedm":
        return Column(
            "instant", year, last_month=MONTHS[match.group(2)[:3].lower()], day=int(match.group(1))
        )
    if kind == "quarter":
        q = int(match.group(1))
        return Column("quarter", year, 3 * q - 2, 3 * q)
    return Column("annual", year)


def read_columns(header: str) -> list[Column]:
    """Columns of a header: labels (Jul-Sep, Q3, Sep. 30, Full year) pair with years in order."""
    labels = _pending(header)
    years = [(m.start(), int(m.group(1))) for m in _YEAR.finditer(header)]
    if len(labels) != len(years):
        labels = []  # labels do not name every column: the document's period decides
    columns: list[Column] = []
    queue: list[tuple[re.Match[str], str]] = []
    events = sorted(
        [(p, "label", (m, k)) for p, m, k in labels] + [(p, "year", y) for p, y in years],
        key=lambda e: e[0],
    )
    for _, what, payload in events:
        if what == "label":
            queue.append(payload)  # type: ignore[arg-type]
            continue
        year = payload if isinstance(payload, int) else 0
        if queue:
            match, kind = queue.pop(0)
            columns.append(_column(kind, match, year))
        else:
            columns.append(Column("bare", year))
    return columns


_CHANGE = re.compile(r"\b(?:yoy|qoq|change|growth)\b", re.I)


def read_slots(header: str) -> list[bool] | None:
    """Which value positions of a row are periods (True) and which change columns (False), when
    the header names its change columns (`Q3 2025 Q3 2024 YoY change ...`); else None."""
    changes = [m.start() for m in _CHANGE.finditer(header)]
    if not changes:
        return None
    merged: list[int] = []
    for position in changes:  # "YoY change" is one column
        if not merged or position - merged[-1] > 12:
            merged.append(position)
    years = [m.start() for m in _YEAR.finditer(header)]
    events = sorted([(p, True) for p in years] + [(p, False) for p in merged])
    return [is_period for _, is_period in events]


_NUMBER = re.compile(r"^\(?[-−–]?\d[\d,.]*\)?%?$")
_HEAD = re.compile(r"^\(?[-−–]?\d{1,3}([.,]\d+)?\)?$")
_TAIL = re.compile(r"^\d{3}([.,]\d+)?\)?$")
_DASH = {"-", "–", "—", "n/a", "n.a."}


def _to_decimal(text: str, comma_decimal: bool) -> Decimal | None:
    negative = text.startswith(("-", "−", "–", "(")) and text != "-"
    digits = text.strip("()-−–")
    if comma_decimal:
        digits = digits.replace(".", "").replace(" ", "").replace(",", ".")
    else:
        digits = digits.replace(",", "").replace(" ", "")
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return None
    return -value if negative else value


def _space_grouped(tokens: list[str], count: int) -> list[list[str]] | None:
    """Split tokens into `count` numbers whose thousands are separated by spaces, preferring the
    split with the most even number of digits (comparison figures are alike in size)."""
    best: tuple[float, list[list[str]]] | None = None
    n = len(tokens)
    if n > 24 or count > n:
        return None
    for cuts in itertools.combinations(range(1, n), count - 1):
        bounds = [0, *cuts, n]
        groups = [tokens[a:b] for a, b in itertools.pairwise(bounds)]
        if not all(_HEAD.match(g[0]) and all(_TAIL.match(t) for t in g[1:]) for g in groups):
            continue
        sizes = [sum(len(t.strip("()-−–").split(".")[0]) for t in g) for g in groups]
        spread = max(sizes) - min(sizes)
        if best is None or spread < best[0]:
            best = (spread, groups)
    return best[1] if best else None


def split_row(
    line: str, columns: int, comma_decimal: bool = False, slots: list[bool] | None = None
) -> tuple[str, list[Decimal | None]] | None:
    """(label, one value per column) of a table line, or None when it is not such a line."""
    tokens = line.split()
    tail: list[str] = []
    while tokens and (_NUMBER.match(tokens[-1]) or tokens[-1] in _DASH):
        tail.insert(0, tokens.pop())
    label = " ".join(tokens).strip()
    if slots is not None and len(tail) == len(slots) and re.search(r"[A-Za-zÅÄÖåäö]", label):
        picked = [t for t, is_period in zip(tail, slots, strict=True) if is_period]
        return label, [None if t in _DASH else _to_decimal(t, comma_decimal) for t in picked]
    values = [t for t in tail if not t.endswith("%")]
    if not label or len(values) < columns or not re.search(r"[A-Za-zÅÄÖåäö]", label):
        return None
    if any("," in t or "." in t for t in values if t not in _DASH) or all(
        t in _DASH or not _TAIL.match(t) for t in values[1:]
    ):
        picked = values[-columns:]  # one token per number; leading extras are note references
        return label, [None if t in _DASH else _to_decimal(t, comma_decimal) for t in picked]
    groups = _space_grouped(values, columns)
    if groups is None:
        groups = [[t] for t in values[-columns:]]
    return label, [_to_decimal("".join(g), comma_decimal) for g in groups]
