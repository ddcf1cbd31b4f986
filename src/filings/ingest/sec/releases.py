"""The figures of an earnings release: the income statement an 8-K's EX-99 press release prints
(Item 2.02, "Results of Operations and Financial Condition"), weeks before the 10-Q or 10-K.

Read from the release's own tables, by the language of US financial statements, never one
issuer's layout:
- the table: titled as an income statement ("Condensed Consolidated Statements of Income",
  "Statements of Operations", "... of Earnings"), not comprehensive income, not a non-GAAP
  reconciliation, with its unit printed above or in it ("In millions, except per share data",
  "Amounts in Thousands"); a table without a unit is passed over;
- its columns: each value column's headings, read from every heading row above it (a heading
  that spans columns stands over all of them): the period's length ("Three Months Ended",
  "Thirteen Weeks Ended", "Quarter Ended", "Year Ended", "Fifty-Two Weeks Ended") and its last
  day ("March 3, 2023"); year-to-date columns (six or nine months, 26 or 39 weeks) are passed
  over, and so is a column whose length or day is not printed;
- its rows: total revenue (or net sales), operating income, net income, the net income
  attributable to the company, and basic and diluted earnings per share (under a heading row
  such as "Net income per share:" or "EARNINGS PER SHARE:"). Money is scaled by the unit;
  per-share values are as printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from lxml import etree

from filings.ingest.sec.html_text import (
    Page,
    clean,
    is_data_row,
    is_value,
    read_pages,
    table_rows,
)

_TITLE = re.compile(
    r"statements? of (consolidated )?(income|operations|earnings)|income statements?", re.I
)
_NOT_THE_STATEMENT = re.compile(r"comprehensive|non-gaap|reconciliation|segment", re.I)
_UNIT = re.compile(r"\b(in|amounts in|dollars in)\s+(thousands|millions|billions)\b", re.I)
_SCALES = {"thousands": 3, "millions": 6, "billions": 9}
_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_DAY = re.compile(
    r"\b(" + "|".join(_MONTHS) + r")\.?\s+(\d{1,2})\s*,?\s*((?:19|20)\d{2})\b", re.IGNORECASE
)
_NUMBER_WORDS = {
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "sixteen": 16,
    "seventeen": 17,
    "twenty-six": 26,
    "thirty-nine": 39,
    "fifty-two": 52,
    "fifty-three": 53,
}
_WEEKS = re.compile(r"\b(\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")[\s-]+weeks?\b", re.I)
_QUARTER = re.compile(r"\b(three|3)[\s-]+months?\b|\bquarters?\b|\bfourth quarter\b", re.I)
_YEAR = re.compile(r"\b(twelve|12)[\s-]+months?\b|\b(fiscal )?years?\b", re.I)
_TO_DATE = re.compile(r"\b(six|nine|6|9)[\s-]+months?\b|\byear[\s-]to[\s-]date\b", re.I)
QUARTER_WEEKS = range(12, 18)
DASHES = ("\u2014", "\u2013", "-")  # a dash in a value cell: none
YEAR_WEEKS = (52, 53)

# Row labels, lower case, without punctuation: metric key by the label's pattern.
_ROWS = (
    ("revenue", re.compile(r"^total (net )?(revenues?|sales)\b")),
    ("revenue", re.compile(r"^(net )?(revenues?|sales)\b(?! per)")),
    (
        "operating_income",
        re.compile(
            r"^(total )?(operating (income|loss|profit)|"
            r"income (loss )?from operations|(loss|income) from operations)\b"
        ),
    ),
    (
        "net_income_to_parent",
        re.compile(r"^net (income|earnings)( loss)? attributable to (?!non ?controlling)"),
    ),
    ("net_income", re.compile(r"^net (income|earnings|loss)( loss)?$")),
)
_EPS = re.compile(r"per (common )?share|earnings per|eps\b")
_SHARE_COUNTS = re.compile(r"shares|weighted")


@dataclass(frozen=True)
class ReleaseFigure:
    """One figure an earnings release prints for a period."""

    metric_key: str
    period_kind: str  # quarter | annual
    period_end: date
    period_days: int | None  # when the heading counts weeks; None for months and years
    value: Decimal
    label: str  # as printed
    page_number: int
    currency: str | None = None  # from the money sign its table prints ($: USD)


@dataclass(frozen=True)
class _Column:
    kind: str
    end: date
    days: int | None


def _label_key(text: str) -> str:
    text = re.sub(r"\(\d\)|\([a-z]\)|[*†]", " ", text.lower())
    return " ".join(re.sub(r"[^a-z0-9 ]", " ", text).split())


def _column(heading: str) -> _Column | None:
    """The period a column heading names, None for a year to date or an unreadable one."""
    day = _DAY.search(heading)
    if day is None or _TO_DATE.search(heading):
        return None
    end = date(int(day.group(3)), _MONTHS.index(day.group(1).lower()) + 1, int(day.group(2)))
    weeks = _WEEKS.search(heading)
    if weeks:
        count = _NUMBER_WORDS.get(weeks.group(1).lower()) or int(weeks.group(1))
        if count in QUARTER_WEEKS:
            return _Column("quarter", end, count * 7)
        return _Column("annual", end, count * 7) if count in YEAR_WEEKS else None
    if _QUARTER.search(heading):
        return _Column("quarter", end, None)
    if _YEAR.search(heading):
        return _Column("annual", end, None)
    return None


def _headings(rows: list[list[tuple[int, str]]]) -> dict[int, str]:
    """Each column's heading: in every heading row, the nearest cell at or left of it."""
    out: dict[int, list[str]] = {}
    columns = {column for row in rows for column, _ in row}
    for row in rows:
        for column in columns:
            left = [text for c, text in row if c <= column]
            if left:
                out.setdefault(column, []).append(left[-1])
    return {column: " ".join(texts) for column, texts in out.items()}


def _amount(text: str) -> Decimal | None:
    compact = text.replace("$", "").replace(",", "").replace(" ", "")
    if compact in DASHES:
        return Decimal(0)
    negative = compact.startswith("(") and compact.endswith(")")
    try:
        value = Decimal(compact.strip("()"))
    except InvalidOperation:
        return None
    return -value if negative else value


def _scaled(amount: Decimal, scale: int) -> Decimal:
    value = amount.scaleb(scale)
    return value.quantize(Decimal(1)) if value == value.to_integral_value() else value


def _metric(label: str, section: str) -> str | None:
    key = _label_key(label)
    if _SHARE_COUNTS.search(key):
        return None
    if _EPS.search(key) or _EPS.search(section):
        whole = f"{section} {key}"
        if "diluted" in whole:
            return "eps_diluted"
        return "eps_basic" if "basic" in whole else None
    for metric, pattern in _ROWS:
        if pattern.search(key):
            return metric
    return None


_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}


def _currency(rows: list[list[tuple[int, str]]]) -> str | None:
    """The currency of a table's money, from the signs it prints; None for none or several."""
    signs = {sign for row in rows for _, text in row for sign in _SIGNS if text.startswith(sign)}
    return _SIGNS[signs.pop()] if len(signs) == 1 else None


def _statement_rows(
    rows: list[list[tuple[int, str]]], scale: int, page: int
) -> list[ReleaseFigure]:
    start = next((i for i, r in enumerate(rows) if is_data_row(r)), None)
    if start is None:
        return []
    columns = {c: col for c, h in _headings(rows[:start]).items() if (col := _column(h))}
    out: list[ReleaseFigure] = []
    seen: set[tuple[str, str, date]] = set()
    currency = _currency(rows)
    section = ""
    for row in rows[start:]:
        label = row[0][1] if not is_value(row[0][1]) else ""
        values = [(c, t) for c, t in row if is_value(t)]
        if not values:
            section = _label_key(label)
            continue
        metric = _metric(label, section) if label else None
        if metric is None:
            continue
        for column, text in values:
            where = columns.get(column) or columns.get(column - 1)
            amount = _amount(text)
            if where is None or amount is None or (metric, where.kind, where.end) in seen:
                continue
            seen.add((metric, where.kind, where.end))  # the first row of a metric is its line
            value = amount if metric.startswith("eps") else _scaled(amount, scale)
            out.append(
                ReleaseFigure(
                    metric, where.kind, where.end, where.days, value, label, page, currency
                )
            )
    return out


def _unit(texts: list[str]) -> int | None:
    for text in texts:
        found = _UNIT.search(text)
        if found:
            return _SCALES[found.group(2).lower()]
    return None


def _table_figures(table: etree._Element, above: list[str], page: Page) -> list[ReleaseFigure]:
    rows = table_rows(table)
    title = [clean(t) for t in above] + [t for row in rows[:4] for _, t in row if len(row) == 1]
    if not any(_TITLE.search(t) for t in title) or any(_NOT_THE_STATEMENT.search(t) for t in title):
        return []
    scale = _unit(title)
    return [] if scale is None else _statement_rows(rows, scale, page.number)


def read_release(document: bytes) -> list[ReleaseFigure]:
    """The income-statement figures an earnings release prints for the period it announces
    (its newest; the comparative columns a periodic report stated long ago are passed over),
    each with its page."""
    figures: list[ReleaseFigure] = []
    taken: set[tuple[str, str, date]] = set()
    for page in read_pages(document):
        for table, above in page.tables:
            for figure in _table_figures(table, above, page):
                key = (figure.metric_key, figure.period_kind, figure.period_end)
                if key not in taken:  # the first statement printing a period is the one read
                    taken.add(key)
                    figures.append(figure)
    newest = max((f.period_end for f in figures), default=None)
    return [f for f in figures if f.period_end == newest]
