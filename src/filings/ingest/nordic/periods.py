"""Period column headers of Nordic reports, in English, Swedish and Finnish: month ranges
(`Jul-Sep`, `okt-dec`, `tammi-joulukuu`, `10-12/2024`), quarters (`Q4`, `Q4/24`, `Q4 2024`),
halves and years to date (`H1`, `9M`, `Q1-Q3`), full years (`Full year`, `FY 2024`, `Jan-Dec`,
`1-12/2024`, `Helår`, `Koko vuosi`), balance dates (`Sep. 30, 2023`, `30 September 2025`,
`31.12.2024`, `2024-12-31`) and bare years.

A header is read into a sequence of items: a period that carries its own year, a label that
needs one, or a bare year. Labels pair with the years that follow them in order; labels that
each span the same number of years (`Q3 Jan-Sep` over `2025 2024 2025 2024`) are spread over
them; a run of quarters without years (`Q3 Q2 Q1 Q4 Q3`) steps back a year where the quarter
number rises. A header whose columns cannot be named without a guess gives bare years, and the
document's own period decides (figures.py) or the table is left out.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from datetime import date

_EN = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_SV = {
    "januari": 1,
    "februari": 2,
    "mars": 3,
    "maj": 5,
    "juni": 6,
    "juli": 7,
    "augusti": 8,
    "oktober": 10,
    "okt": 10,
}
FINNISH_MONTH_STEMS = {
    "tammi": 1,
    "helmi": 2,
    "maalis": 3,
    "huhti": 4,
    "touko": 5,
    "kesä": 6,
    "heinä": 7,
    "elo": 8,
    "syys": 9,
    "loka": 10,
    "marras": 11,
    "joulu": 12,
}
MONTH_WORDS = {**_EN, **_SV}
_FI = "|".join(sorted(FINNISH_MONTH_STEMS, key=len, reverse=True))
_WORD = "|".join(sorted(MONTH_WORDS, key=len, reverse=True))
# A month word: an English or Swedish name or abbreviation, or a Finnish stem with its `kuu`.
MONTH = rf"(?:(?:{_FI})(?:kuu(?:ta|n|ssa|lta|hun)?)?|(?:{_WORD})\.?)(?![a-zåäö])"
_DASH = r"\s*(?:-{1,3}|[–—‒]|to|till|–)\s*"
_YEAR4 = r"(?:19[89]\d|20\d\d)"
_YEAR = rf"(?:{_YEAR4}|'?\d\d)"


def month_number(word: str) -> int | None:
    """The month a word names (`Sep.`, `oktober`, `heinäkuu`, `joulu`), or None."""
    text = word.lower().rstrip(".")
    if text in MONTH_WORDS:
        return MONTH_WORDS[text]
    for stem, number in FINNISH_MONTH_STEMS.items():
        if text.startswith(stem) and (
            len(text) == len(stem) or text[len(stem) :].startswith("kuu")
        ):
            return number
    return None


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
        if self.kind == "instant":
            return None
        year = self.year if self.first_month <= self.last_month else self.year - 1
        return date(year, self.first_month, 1)

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

    @property
    def key(self) -> tuple[str, date | None, date]:
        """What makes two columns the same period."""
        return (self.kind, self.start, self.end)


def span_column(first: int, last: int, year: int) -> Column | None:
    """The column of months `first` to `last` of a year: a quarter, a year to date from
    January, or the full year; other spans (two months, July to December) are not a period a
    key figure is kept for."""
    months = last - first + 1
    if months == 12 and first == 1:
        return Column("annual", year)
    if months == 3 and first % 3 == 1:
        return Column("quarter", year, first, last)
    if first == 1 and last % 3 == 0 and 0 < months < 12:
        return Column("ytd", year, first, last)
    return None


def quarter_column(quarter: int, year: int) -> Column:
    """The column of a calendar quarter."""
    return Column("quarter", year, 3 * quarter - 2, 3 * quarter)


def _year(text: str) -> int:
    digits = text.strip("'")
    value = int(digits)
    return value + 2000 if value < 100 else value


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
# Quarters named by their ordinal, in English, Swedish and Finnish.
ORDINAL_QUARTERS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "första": 1,
    "andra": 2,
    "tredje": 3,
    "fjärde": 4,
    "ensimmäinen": 1,
    "toinen": 2,
    "kolmas": 3,
    "neljäs": 4,
}


def _month_end(month: int, day: int) -> bool:
    """Whether a day is the last of its month (February's 28th or 29th)."""
    return _day_ok(month, day) and (not _day_ok(month, day + 1) or (month, day) == (2, 28))


def _day_ok(month: int, day: int) -> bool:
    try:
        date(2000, month, day)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Item:
    """A piece of a header: a period with its year, a label that needs one, or a bare year."""

    position: int
    end: int
    column: Column | None  # with its year; year 0 when the label needs one
    needs_year: bool = False
    bare_year: int | None = None
    skip: bool = False  # a column that is no period of ours (rolling 12 months, change)


_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # 1.1.-31.12.2024, 1.10.–31.12.2024 (Finnish date ranges)
    (
        "dmrange",
        re.compile(
            rf"\b1\.(\d{{1,2}})\.?{_DASH}(\d{{1,2}})\.(\d{{1,2}})\.\s*({_YEAR4})\b",
        ),
    ),
    # 10/2022-9/2023, 1/2024-12/2024: a span of months across years
    (
        "mymy",
        re.compile(rf"\b(\d{{1,2}})\s*/\s*({_YEAR4}){_DASH}(\d{{1,2}})\s*/\s*({_YEAR4})\b"),
    ),
    # 2024-12-31
    ("iso", re.compile(rf"\b({_YEAR4})-(\d\d)-(\d\d)\b")),
    # 31.12.2024, 30.9.2025, 31/12/2024
    ("dmy", re.compile(rf"\b(\d{{1,2}})[./](\d{{1,2}})[./]\s?({_YEAR4})\b")),
    # 10-12/2024, 1–12/24, 7-9/2025
    ("mrange", re.compile(rf"\b(\d{{1,2}}){_DASH}(\d{{1,2}})(?:\s*/\s*({_YEAR})|\s+({_YEAR4}))\b")),
    # I-IV/2024, IV/2024, I–III/25: quarters in Roman numerals, as Finnish reports print them
    (
        "roman",
        re.compile(rf"\b(I{{1,3}}|IV)(?:{_DASH}(I{{1,3}}|IV))?\s*/\s*({_YEAR})\b"),
    ),
    # 1 Oct–31 Dec 2024, 1 januari–31 december: a span of whole months, days printed
    (
        "dmdm",
        re.compile(
            rf"\b(\d{{1,2}})\.?\s*({MONTH}){_DASH}(\d{{1,2}})\.?\s*({MONTH})(?:\s+({_YEAR4}))?",
            re.I,
        ),
    ),
    # Kv 4 2024, kv4, Kvartal 4; Fourth quarter, Fjärde kvartalet (a label that needs a year)
    (
        "kv",
        re.compile(
            r"\b(?:kv(?:artal)?\.?\s?([1-4])\b|(first|second|third|fourth|första|andra|tredje|"
            r"fjärde)\s+(?:quarter|kvartalet|kvartal)\b)",
            re.I,
        ),
    ),
    # Q1-Q3 2025, Q1–Q4
    (
        "qrange",
        re.compile(rf"\bQ([1-4]){_DASH}Q([1-4])(?:\s*/\s*({_YEAR4}|\d\d)\b)?", re.I),
    ),
    # Jul-Sep 2025, okt-dec, tammi–joulukuu 2024, July - September
    (
        "range",
        re.compile(rf"(?<![A-Za-zåäö])({MONTH}){_DASH}({MONTH})(?:\s+'?(\d\d)(?![\d.,%]))?", re.I),
    ),
    # Sep. 30, 2023 / Sep 30 / Dec. 31
    (
        "md",
        re.compile(rf"(?<![A-Za-zåäö])({MONTH})\s+(\d{{1,2}})\b,?()", re.I),
    ),
    # 30 September 2025 / 31 Dec / 30 sep 2025
    (
        "dm",
        re.compile(rf"\b(\d{{1,2}})\.?\s+({MONTH})()", re.I),
    ),
    # Q4/24, Q4 2024, Q4, 2024 Q4 is read as a year then a label
    (
        "quarter",
        re.compile(rf"\bQ([1-4])(?:\s*/\s*({_YEAR4}|\d\d)\b|\s+'?(\d\d)(?![\d.,%]))?", re.I),
    ),
    # 4Q24, 4Q 2024
    ("qfirst", re.compile(rf"\b([1-4])Q(?:\s*/?\s*({_YEAR4}|\d\d))?\b", re.I)),
    # H1 2025, 1H, 6M, 9M, 12M
    ("half", re.compile(rf"\b(?:H([12])|([12])H)(?:\s*/\s*({_YEAR4}|\d\d)\b)?", re.I)),
    ("months", re.compile(r"\b(3|6|9|12)\s?M\b()")),
    # Rolling / last twelve months: no fiscal period
    (
        "rolling",
        re.compile(
            r"\b(?:rolling\s*12(?:\s*months?|\s*m)?|LTM|R12|12\s*months?\s*rolling|"
            r"rullande\s*12(?:\s*mån(?:ader)?)?|liukuva\s*12(?:\s*kk)?|last\s+(?:12|twelve)\s+months)\b",
            re.I,
        ),
    ),
    # Full year 2024, FY 2024, FY2024, Helår, Koko vuosi, Year
    (
        "full",
        re.compile(
            rf"\b(?:full[\s-]*year|helår|helåret|koko\s+vuosi|tilikausi|year)\b\.?()"
            rf"|\bFY\s?(?:({_YEAR4})\b|'?(\d\d)(?![\d.,%]))?",
            re.I,
        ),
    ),
    ("year", re.compile(rf"\b({_YEAR4})\b")),
]


def _item(kind: str, m: re.Match[str]) -> Item | None:
    """The header item a pattern's match stands for, or None when it is not a period."""
    groups = m.groups()
    at, end = m.start(), m.end()
    if kind == "dmrange":
        first, day, last, year = int(groups[0]), int(groups[1]), int(groups[2]), int(groups[3])
        column = span_column(first, last, year) if _day_ok(last, day) else None
        return Item(at, end, column, skip=column is None)
    if kind == "mymy":
        first, start_year = int(groups[0]), int(groups[1])
        last, year = int(groups[2]), int(groups[3])
        months = (year - start_year) * 12 + last - first + 1
        if not (1 <= first <= 12 and 1 <= last <= 12) or months <= 0:
            return None
        column = span_column(first, last, year) if months <= 12 else None
        if months == 12 and first != 1:
            column = Column("annual", year, first, last)  # a financial year to `last`
        return Item(at, end, column, skip=column is None)
    if kind == "iso":
        year, month, day = int(groups[0]), int(groups[1]), int(groups[2])
        if not (1 <= month <= 12 and _day_ok(month, day)):
            return None
        return Item(at, end, Column("instant", year, last_month=month, day=day))
    if kind == "dmy":
        day, month, year = int(groups[0]), int(groups[1]), int(groups[2])
        if not (1 <= month <= 12 and _day_ok(month, day)):
            return None
        return Item(at, end, Column("instant", year, last_month=month, day=day))
    if kind == "roman":
        first = _ROMAN[groups[0]]
        last = _ROMAN[groups[1]] if groups[1] else first
        year = _year(groups[2])
        column = span_column(3 * first - 2, 3 * last, year) if first <= last else None
        return Item(at, end, column, skip=column is None)
    if kind == "dmdm":
        opened, closed = month_number(groups[1]), month_number(groups[3])
        if opened is None or closed is None or int(groups[0]) != 1:
            return None
        if not _month_end(closed, int(groups[2])):
            return None
        year = int(groups[4]) if groups[4] else 0
        column = span_column(opened, closed, year) if opened <= closed else None
        return Item(at, end, column, needs_year=not year, skip=column is None)
    if kind == "kv":
        quarter = int(groups[0]) if groups[0] else ORDINAL_QUARTERS[groups[1].lower()]
        return Item(at, end, quarter_column(quarter, 0), needs_year=True)
    if kind == "mrange":
        first, last = int(groups[0]), int(groups[1])
        year = _year(groups[2] or groups[3])
        if not 1 <= first <= last <= 12:
            return None
        column = span_column(first, last, year)
        return Item(at, end, column, skip=column is None)
    if kind == "qrange":
        first, last = int(groups[0]), int(groups[1])
        year = _year(groups[2]) if groups[2] else 0
        column = span_column(3 * first - 2, 3 * last, year) if first <= last else None
        return Item(at, end, column, needs_year=not year, skip=column is None)
    if kind == "range":
        opening, closing = month_number(groups[0]), month_number(groups[1])
        if opening is None or closing is None:
            return None
        year = _year(groups[2]) if groups[2] else 0
        column = span_column(opening, closing, year) if opening <= closing else None
        return Item(at, end, column, needs_year=not year, skip=column is None)
    if kind in ("md", "dm"):
        word, day_text = (groups[0], groups[1]) if kind == "md" else (groups[1], groups[0])
        named = month_number(word)
        day = int(day_text)
        if named is None or not _day_ok(named, day):
            return None
        year = int(groups[2]) if groups[2] else 0
        return Item(
            at, end, Column("instant", year, last_month=named, day=day), needs_year=not year
        )
    if kind in ("quarter", "qfirst"):
        quarter = int(groups[0])
        printed = next((g for g in groups[1:] if g), None)
        year = _year(printed) if printed else 0
        return Item(at, end, quarter_column(quarter, year), needs_year=not year)
    if kind == "half":
        half = int(groups[0] or groups[1])
        year = _year(groups[2]) if groups[2] else 0
        column = Column("ytd", year, 1, 6) if half == 1 else None
        return Item(at, end, column, needs_year=not year, skip=column is None)
    if kind == "months":
        months = int(groups[0])
        year = int(groups[1]) if groups[1] else 0
        column = span_column(1, months, year)
        return Item(at, end, column, needs_year=not year, skip=column is None)
    if kind == "rolling":
        return Item(at, end, None, skip=True)
    if kind == "full":
        printed = next((g for g in groups if g), None)
        year = _year(printed) if printed else 0
        return Item(at, end, Column("annual", year), needs_year=not year)
    return Item(at, end, None, bare_year=int(groups[0]))


def header_items(header: str) -> list[Item]:
    """The period items of a header, left to right, none inside another."""
    found: list[Item] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(header):
            item = _item(kind, match)
            if item is not None:
                found.append(item)
    found.sort(key=lambda i: (i.position, -(i.end - i.position)))
    kept: list[Item] = []
    end = -1
    for item in found:  # earlier patterns and longer matches win
        if item.position >= end:
            kept.append(item)
            end = item.end
    return kept


def _with_year(column: Column, year: int) -> Column:
    return Column(column.kind, year, column.first_month, column.last_month, column.day)


def _next_quarter(quarter: int, step: int) -> int:
    return (quarter - 1 + step) % 4 + 1


def _quarter_run(labels: list[Item], years: list[int], fallback: int | None) -> list[Column] | None:
    """Quarters printed without years (`Q3 Q2 Q1 Q4 Q3`): the first takes the first year
    printed (or the document's), and the year steps where the quarter number turns round."""
    columns = [i.column for i in labels]
    kinds = {c.kind if c is not None else "" for c in columns}
    if len(columns) < 3 or not (kinds == {"quarter"} or kinds <= {"ytd", "annual"}):
        return None
    if kinds != {"quarter"} and any(c is None or c.first_month != 1 for c in columns):
        return None
    quarters = [c.quarter for c in columns if c is not None]
    step = -1 if quarters[1] == _next_quarter(quarters[0], -1) else 1
    if any(b != _next_quarter(a, step) for a, b in itertools.pairwise(quarters)):
        return None
    year = years[0] if years else fallback
    if year is None:
        return None
    out: list[Column] = []
    for index, quarter in enumerate(quarters):
        if index and quarter == (4 if step < 0 else 1):
            year += step
        if kinds == {"quarter"}:
            out.append(quarter_column(quarter, year))
        else:
            out.append(span_column(1, 3 * quarter, year) or quarter_column(quarter, year))
    if years and sorted({c.year for c in out}) != sorted(set(years)):
        return None
    return out


def read_columns(header: str, fallback_year: int | None = None) -> list[Column]:
    """The period columns a header names, left to right (`bare` where only a year is printed
    and nothing says which period of it); columns that are no period of ours are left out."""
    return [c for _, c in placed_columns(header, fallback_year) if c is not None]


def header_columns(header: str, fallback_year: int | None = None) -> list[Column | None]:
    """Every value column of a header in order, None for one that is no period of ours (a
    rolling twelve months)."""
    return [c for _, c in placed_columns(header, fallback_year)]


Placed = list[tuple[int, Column | None]]


def placed_columns(header: str, fallback_year: int | None = None) -> Placed:
    """Every value column of a header with its position in the header text."""
    items = header_items(header)
    labels = [i for i in items if i.needs_year]
    bare = [i.bare_year for i in items if i.bare_year is not None]
    if labels and len(bare) < len(labels):
        run = _quarter_run(labels, bare, fallback_year)
        if run is not None:
            return _merge(items, dict(zip([id(i) for i in labels], run, strict=True)))
        if not bare:
            return []
    if labels and bare and len(bare) % len(labels) == 0 and len(bare) > len(labels):
        spread = _spread(items, labels)
        if spread is not None:
            return spread
    years_first = _years_first(items, header)
    if years_first is not None:
        return years_first
    return _paired(items, header)


def _years_first(items: list[Item], header: str) -> Placed | None:
    """Years printed before their labels: each year right before its label (`2024 Q4 2023 Q4
    2024 Full-year 2023 Full-year`, `2024 okt–dec`), or all the years on a line above all the
    labels, as many of each; paired in order. None when the header is not so printed."""
    periods = [i for i in items if i.needs_year or i.bare_year is not None]
    labels = [i for i in periods if i.needs_year]
    years = [i for i in periods if i.bare_year is not None]
    if not labels or len(labels) != len(years) or periods[0].bare_year is None:
        return None
    alternating = all(
        a.bare_year is not None and b.needs_year and not header[a.end : b.position].strip(" ,.")
        for a, b in zip(periods[::2], periods[1::2], strict=True)
    )
    stacked = max(i.position for i in years) < min(i.position for i in labels)
    if not (alternating or stacked):
        return None
    named: dict[int, tuple[int, Column | None]] = {}
    for year, label in zip(years, labels, strict=True):
        if year.bare_year is None:
            return None
        column = None if label.column is None else _with_year(label.column, year.bare_year)
        named[id(label)] = (year.position, column)
    out: Placed = []
    for item in items:
        if id(item) in named:
            out.append(named[id(item)])
        elif item.skip and not item.needs_year:
            out.append((item.position, None))
        elif item.column is not None and not item.needs_year:
            out.append((item.position, item.column))
    keys = [c.key for _, c in out if c is not None]
    return out if len(set(keys)) == len(keys) else None


def _merge(items: list[Item], named: dict[int, Column]) -> Placed:
    out: Placed = []
    for item in items:
        if id(item) in named:
            out.append((item.position, named[id(item)]))
        elif item.skip:
            out.append((item.position, None))
        elif item.column is not None and not item.needs_year:
            out.append((item.position, item.column))
    return out


def _spread(items: list[Item], labels: list[Item]) -> Placed | None:
    """Labels that each span the same number of years, the years printed after them all."""
    if any(i.skip for i in labels) or any(i.column is not None and not i.needs_year for i in items):
        return None
    years = [i for i in items if i.bare_year is not None]
    if min(i.position for i in years) < max(i.position for i in labels):
        return None
    per = len(years) // len(labels)
    out: Placed = []
    for index, label in enumerate(labels):
        for year in years[index * per : (index + 1) * per]:
            if label.column is not None and year.bare_year is not None:
                out.append((year.position, _with_year(label.column, year.bare_year)))
    keys = [c.key for _, c in out if c is not None]
    return out if len(set(keys)) == len(keys) else None


def _adjacent(header: str, items: list[Item]) -> bool:
    """Whether every label is printed right before a year (`Q4 2024 Q4 2023 2024 2023`), the
    years left over all after the last label and each a different one."""
    labels = [i for i, item in enumerate(items) if item.needs_year]
    for index in labels:
        if index + 1 >= len(items) or items[index + 1].bare_year is None:
            return False
        between = header[items[index].end : items[index + 1].position]
        if between.strip(" ,."):
            return False
    paired = {index + 1 for index in labels}
    rest = [i for i, item in enumerate(items) if item.bare_year is not None and i not in paired]
    if any(i < labels[-1] for i in rest):
        return False
    years = [items[i].bare_year for i in rest]
    return len(set(years)) == len(years)


def _paired(items: list[Item], header: str) -> Placed:
    """Labels pair with the years that follow them, in order; a year without a label is bare."""
    queue: list[Item] = []
    out: Placed = []
    labels = [i for i in items if i.needs_year]
    years = [i for i in items if i.bare_year is not None]
    adjacent = bool(labels) and _adjacent(header, items)
    if labels and len(labels) != len(years) and not adjacent:
        labels = []  # labels do not name every year: the document's period decides
    for item in items:
        if item.needs_year:
            if labels:
                queue.append(item)
            continue
        if item.bare_year is not None:
            label = queue.pop(0) if queue else None
            if label is not None and label.column is not None:
                out.append((item.position, _with_year(label.column, item.bare_year)))
            elif label is not None and label.skip:
                out.append((item.position, None))  # `H2 2024`: a year of no period of ours
            else:
                out.append((item.position, Column("bare", item.bare_year)))
        elif item.skip:
            out.append((item.position, None))
        elif item.column is not None:
            out.append((item.position, item.column))
    keys = [c.key for _, c in out if c is not None and c.kind != "bare"]
    if queue or len(set(keys)) != len(keys):
        return [(p, Column("bare", c.year) if c is not None else None) for p, c in out]
    return out
