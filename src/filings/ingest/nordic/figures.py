"""Key figures from Nordic reports: the statement and key-figure tables of interim and annual
reports and of release texts, every period shown, each value with its page and printed label.

Group statements are preferred to summaries; parent-company and segment tables are never used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from filings.core.metrics import BALANCE_KEYS, PER_SHARE_KEYS, metric_unit
from filings.ingest.nordic.documents import DocumentText
from filings.ingest.nordic.labels import EXPENSES, metrics_for_label
from filings.ingest.nordic.tables import (
    Column,
    Unit,
    find_unit,
    read_columns,
    read_slots,
    split_row,
)
from filings.ingest.nordic.text_tables import flatten_text_tables
from filings.ingest.standardize.derive import derive_metrics
from filings.ingest.standardize.rows import MetricRow

BALANCES = BALANCE_KEYS | {"order_book"}
_SKIP_CONTEXT = re.compile(
    r"parent company|moderbolag|emoyhtiö|business area|segment|division|market area|per region",
    re.I,
)
_GROUP_CONTEXT = re.compile(
    r"consolidated|condensed|koncern|konserni|income statement|balance sheet|"
    r"cash[\s-]flow statement|statement of cash flows|financial position|key figures",
    re.I,
)
SUMMARY_PAGES = 3  # tables on the first pages summarise the group
_PERIOD_WORDS = re.compile(
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|q[1-4]|full|year|fy|\d{1,4},?|"
    r"[-–]|note|notes|change|yoy|qoq|rolling|months?|ended|%|msek|meur|sek|eur|million|m|b\.?|"
    r"bn|billion|"
    r"thousand|oct-dec|jan-dec|jul-sep|jan-sep|apr-jun|jan-jun|jan-mar",
    re.I,
)
MAX_GAP = 3
MAX_HEADER = 30
TITLE_LENGTH = 80


@dataclass(frozen=True)
class _Context:
    doc_type: str
    year: int
    quarter: int | None


def _is_header_line(line: str) -> bool:
    rest = _PERIOD_WORDS.sub(" ", line)
    return not re.search(r"[A-Za-zÅÄÖåäö]{3,}", rest)


def _lines(page: str, kind: str) -> list[str]:
    if kind != "release":
        return [line.strip() for line in page.split("\n") if line.strip()]
    out = []
    for line in flatten_text_tables(page):
        if line.strip().startswith("|"):
            cells = [c.strip().replace("\\*", "") for c in line.strip().strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the |---|---| separator
            out.append(" ".join(c for c in cells if c))
        elif line.strip():
            out.append(line.strip())
    return out


def _by_context(columns: list[Column], context: _Context, balance: bool) -> list[Column | None]:
    years = [c.year for c in columns]
    if context.doc_type == "annual_report" or context.quarter is None:
        if balance:
            return [Column("instant", y, last_month=12, day=31) for y in years]
        return [Column("annual", y) for y in years]
    q = context.quarter
    if balance:
        return [Column("instant", y, last_month=3 * q, day=None) for y in years]
    quarter = [Column("quarter", y, 3 * q - 2, 3 * q) for y in years[:2]]
    to_date = [Column("ytd" if q > 1 else "quarter", y, 1, 3 * q) for y in years[2:4]]
    if len(years) == 4:
        return [*quarter, *to_date]
    if len(years) == 5:
        return [*quarter, *to_date, Column("annual", years[4])]
    return [None] * len(years)


def _resolve(columns: list[Column], context: _Context, balance: bool) -> list[Column | None]:
    """Each column's period for a balance or a flow line."""
    if all(c.kind in ("bare", "instant") for c in columns) and not (
        balance and all(c.kind == "instant" for c in columns)
    ):
        return _by_context(columns, context, balance)
    resolved: list[Column | None] = []
    for column in columns:
        if balance and column.kind != "instant":
            resolved.append(Column("instant", column.year, last_month=column.last_month))
        elif not balance and column.kind in ("instant", "bare"):
            resolved.append(None)
        else:
            resolved.append(column)
    return resolved


def _row(
    metric: str, label: str, value: Decimal, column: Column, unit: Unit, page_id: str, docid: str
) -> MetricRow:
    if metric in EXPENSES and value < 0:
        value = -value
    if metric not in PER_SHARE_KEYS:
        value = value.scaleb(unit.exponent)
        if value == value.to_integral_value():
            value = value.quantize(Decimal(1))
    kind = {"quarter": "quarter", "ytd": "ytd", "annual": "annual", "instant": "instant"}[
        column.kind
    ]
    return MetricRow(
        metric_key=metric,
        period_kind=kind,
        period_start=column.start,
        period_end=column.end,
        fiscal_year=column.year,
        fiscal_quarter=None if kind == "annual" else column.quarter,
        value=value,
        unit=metric_unit(metric, unit.currency),
        currency=unit.currency,
        metric_name=label,
        source=f"{docid} page {page_id.rsplit('_', 1)[1]}",
        page_id=page_id,
    )


def _table_rows(
    lines: list[str],
    start: int,
    columns: list[Column],
    slots: list[bool] | None,
    unit: Unit,
    context: _Context,
    page_id: str,
    docid: str,
) -> list[MetricRow]:
    rows: list[MetricRow] = []
    gap = 0
    previous = ""
    for line in lines[start:]:
        if find_unit(line) is not None and rows:
            break  # the next table
        parsed = split_row(line, len(columns), slots=slots)
        if parsed is None:
            gap += 1
            previous = line if len(line) < 120 else ""
            if gap > MAX_GAP and rows:
                break
            continue
        gap = 0
        label, values = parsed
        metrics = metrics_for_label(label)
        if not metrics and previous:  # a label printed over two lines
            metrics = metrics_for_label(f"{previous} {label}")
            label = f"{previous} {label}" if metrics else label
        previous = ""
        for metric in metrics:
            periods = _resolve(columns, context, metric in BALANCES)
            for column, value in zip(periods, values, strict=True):
                if column is not None and value is not None:
                    rows.append(_row(metric, label, value, column, unit, page_id, docid))
    return rows


def _priority(heading: str, page_number: int) -> int:
    """Group statements first, then summary tables of the first pages, then the rest."""
    if _GROUP_CONTEXT.search(heading):
        return 3
    return 2 if page_number <= SUMMARY_PAGES else 1


def _page_rows(
    lines: list[str], context: _Context, page_id: str, docid: str
) -> list[tuple[int, MetricRow]]:
    found: list[tuple[int, MetricRow]] = []
    page_number = int(page_id.rsplit("_", 1)[1])
    for index, line in enumerate(lines):
        unit = find_unit(line)
        if unit is None:
            continue
        before = [lines[i] for i in range(max(0, index - 2), index) if _is_header_line(lines[i])]
        after: list[str] = []
        cursor = index + 1
        while cursor < len(lines) and _is_header_line(lines[cursor]) and len(after) < MAX_HEADER:
            after.append(lines[cursor])
            cursor += 1
        header = " ".join([*before, line, *after])
        columns = read_columns(header)
        if not columns:
            continue
        slots = read_slots(header)
        if slots is not None and sum(slots) != len(columns):
            slots = None
        # Only short, title-like lines name a table; prose above it may mention segments.
        titles = [
            t
            for t in lines[max(0, index - 3) : index]
            if len(t) < TITLE_LENGTH and not t.startswith(("•", "-", "–", "*"))
        ]
        heading = " ".join([*titles, line])
        if _SKIP_CONTEXT.search(heading):
            continue
        priority = _priority(heading, page_number)
        for row in _table_rows(lines, cursor, columns, slots, unit, context, page_id, docid):
            found.append((priority, row))
    return found


def _last_digit(value: Decimal) -> int:
    """The place of a value's last non-zero digit (15,200,000,000: 8; 15,151,000,000: 6)."""
    if value == 0:
        return 0
    return int(value.normalize().as_tuple().exponent)


def finer_printing(value: Decimal, than: Decimal) -> bool:
    """Whether `value` prints the same number as `than` more precisely: its last digit is at
    least two places finer and it rounds to `than` (15,151 million is 15.2 billion, printed
    finer). One place is not enough: 3,360 and 3,361 million are two lines, not one rounded."""
    place = _last_digit(than)
    if _last_digit(value) > place - 2:
        return False
    return value.quantize(Decimal(1).scaleb(place), rounding=ROUND_HALF_UP) == than


def extract_figures(
    text: DocumentText, doc_type: str, year: int | None, quarter: int | None, currency: str | None
) -> list[MetricRow]:
    """Metric rows read from the document's statement and key-figure tables."""
    if year is None:
        return []
    context = _Context(doc_type, year, quarter)
    best: dict[tuple[str, str], tuple[int, MetricRow]] = {}
    for number, page in enumerate(text.pages, start=1):
        page_id = f"{text.docid}_{number}"
        for priority, row in _page_rows(_lines(page, text.kind), context, page_id, text.docid):
            key = (row.metric_key, row.period_key)
            held = best.get(key)
            # The most precise printing of the same line wins (the statement's 15,151 SEK
            # million over the summary's "15.2 b."); otherwise the table's priority decides.
            if (
                held is None
                or finer_printing(row.value, held[1].value)
                or (priority > held[0] and not finer_printing(held[1].value, row.value))
            ):
                best[key] = (priority, row)
    rows = [row for _, row in best.values()]
    if not rows:
        return []
    derived = derive_metrics(rows, rows[0].currency or currency or "")
    return rows + [replace(d, page_id=d.page_id) for d in derived]
