"""What every part of the Nordic figure reader shares: the document's period and how table
columns resolve against it, how much each kind of table is trusted, the signs of costs, the
rows stored, and which of two printings of a number is the finer one."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from filings.core.metrics import BALANCE_KEYS, METRICS, PER_SHARE_KEYS, metric_unit
from filings.ingest.nordic import statements as st
from filings.ingest.nordic.documents import DocumentText
from filings.ingest.nordic.labels import EXPENSES
from filings.ingest.nordic.periods import Column, span_column
from filings.ingest.nordic.tables import Unit, to_decimal
from filings.ingest.standardize.rows import MetricRow

BALANCES = BALANCE_KEYS | {"order_book", "investment_properties"}


SUMMARY_PAGES = 3  # untitled tables of the first pages summarise the group
STATEMENT, KEY_FIGURES, SUMMARY, PROSE, ROUNDED = 40, 30, 20, 10, 0


TOTAL_OPERATIONS = 1  # a profit line of all operations beats one that may be continuing only


_COST_WORDS = re.compile(r"cost|expense|kostnad|kulut|tax|skatt|vero|depreciation|avskrivn|poisto")


@dataclass(frozen=True)
class Context:
    """What the document is: its type, fiscal year and, for an interim report, quarter."""

    doc_type: str
    year: int
    quarter: int | None

    @property
    def interim(self) -> bool:
        """An interim report for a quarter before the fourth."""
        return self.quarter is not None and self.quarter < 4


@dataclass(frozen=True)
class Candidate:
    """A value read, with how much its table is trusted."""

    tier: int
    row: MetricRow


def _flow_columns(columns: list[Column | None], context: Context) -> list[Column | None]:
    """Each column's period for a flow line: labelled columns as printed; bare years by the
    document's own period, or None where that would be a guess. Columns headed only by the
    date the periods end on (`Sep. 30 2023`: "3 months ended", "9 months ended") are years
    whose periods the document's own period names."""
    if columns and all(c is not None and c.kind == "instant" for c in columns):
        ends = {(c.end.month, c.end.day) for c in columns if c is not None}
        q = context.quarter or 4
        if ends == {(3 * q, Column("quarter", 2000, 3 * q - 2, 3 * q).end.day)}:
            columns = [Column("bare", c.end.year) if c is not None else None for c in columns]
    bare = [c for c in columns if c is not None and c.kind == "bare"]
    if not bare:
        return [c if c is None or c.kind != "instant" else None for c in columns]
    if len(bare) == len(columns):
        return _all_bare(columns, context)
    out: list[Column | None] = []
    years = [c.year for c in bare]
    for column in columns:
        if column is None or column.kind != "bare":
            out.append(None if column is not None and column.kind == "instant" else column)
        elif not context.interim:
            out.append(Column("annual", column.year) if years.count(column.year) == 1 else None)
        elif context.year in years and column.year in (context.year, context.year - 1):
            out.append(span_column(1, 3 * (context.quarter or 4), column.year))
        elif column.year == context.year - 1 and years == [column.year]:
            out.append(Column("annual", column.year))
        else:
            out.append(None)
    return out


def _all_bare(columns: list[Column | None], context: Context) -> list[Column | None]:
    years = [c.year if c is not None else 0 for c in columns]
    if not context.interim:
        if max(years) > context.year:
            return [None] * len(columns)
        # a year printed twice (restated, or under two accounting standards) is unsure
        return [Column("annual", y) if years.count(y) == 1 else None for y in years]
    y, q = context.year, context.quarter or 4
    quarter = [span_column(3 * q - 2, 3 * q, year) for year in (y, y - 1)]
    to_date = [span_column(1, 3 * q, year) for year in (y, y - 1)]
    if years == [y, y - 1, y, y - 1]:
        return [*quarter, *to_date]
    if years == [y, y - 1, y, y - 1, y - 1]:
        return [*quarter, *to_date, Column("annual", y - 1)]
    if q == 1 and years == [y, y - 1]:
        return quarter
    if q == 1 and years == [y, y - 1, y - 1]:
        return [*quarter, Column("annual", y - 1)]
    return [None] * len(columns)


def _balance_columns(
    flows: list[Column | None], columns: list[Column | None]
) -> list[Column | None]:
    """Each column's balance date: a printed date, else the end of the column's period."""
    out: list[Column | None] = []
    for printed, flow in zip(columns, flows, strict=True):
        if printed is not None and printed.kind == "instant":
            out.append(printed)
        elif flow is not None:
            out.append(
                Column("instant", flow.end.year, last_month=flow.end.month, day=flow.end.day)
            )
        else:
            out.append(None)
    return out


@dataclass
class Reader:
    """Everything read from one document."""

    text: DocumentText
    context: Context
    comma: bool
    best: dict[tuple[str, str], Candidate]
    lines: list[MetricRow]
    conflicts: dict[tuple[str, str], int] = field(default_factory=dict)
    currency: str | None = None  # the document's reporting currency, as its tables state it

    def offer(self, tier: int, row: MetricRow) -> None:
        """Keep a value unless a better printing of the same metric and period is held: a
        more trusted table's, unless it only rounds the held one; a finer printing of the
        same number always wins. Two different values of one line in equally trusted tables
        are a conflict: neither is sure."""
        key = (row.metric_key, row.period_key)
        held = self.best.get(key)
        if (
            held is None
            or finer_printing(row.value, held.row.value)
            or (tier > held.tier and not finer_printing(held.row.value, row.value))
        ):
            self.best[key] = Candidate(tier, row)
        elif (
            tier == held.tier
            and row.value != held.row.value
            and not finer_printing(held.row.value, row.value)
        ):
            self.conflicts[key] = max(tier, self.conflicts.get(key, tier))

    def sure(self) -> list[MetricRow]:
        """The values kept, without lines two equally trusted tables print differently
        (unless a more trusted table settles them)."""
        return [
            held.row for key, held in self.best.items() if self.conflicts.get(key, -1) < held.tier
        ]


def table_tier(table: st.Table, kind: str) -> int | None:
    """How much a table is trusted, or None when it is never read."""
    if table.excluded or table.kind in (st.EQUITY_CHANGES, st.COMPREHENSIVE):
        return None
    if table.unit is not None and table.unit.rounded:
        return ROUNDED
    if table.statement and table.kind in (st.INCOME, st.BALANCE, st.CASH_FLOW):
        return STATEMENT
    if table.key_figures and not table.reconciliation:
        return KEY_FIGURES
    if kind == "release" or table.page <= SUMMARY_PAGES or table.reconciliation:
        return SUMMARY
    return None


def sign(key: str, printed: Decimal, table: st.Table) -> Decimal:
    """Costs and outflows as positive amounts. An income statement that prints its costs
    negative has the sign turned (a positive tax line there is a tax income); a cash-flow
    statement prints outflows negative (capital expenditure, dividends, buy-backs) and
    adds depreciation back as a positive amount; a key-figure table states magnitudes."""
    if key not in EXPENSES:
        return printed
    if table.kind == st.CASH_FLOW and table.statement:
        return printed if key == "depreciation_and_amortization" else -printed
    if table.kind == st.INCOME and table.statement:
        return -printed if _costs_negative(table) else printed
    return abs(printed)


def _costs_negative(table: st.Table) -> bool:
    signs = []
    for line in table.lines:
        if _COST_WORDS.search(line.label.lower()) and line.values[0] not in (None, "-"):
            value = to_decimal(line.values[0] or "")
            if value is not None and value != 0:
                signs.append(value < 0)
    return not signs or sum(signs) * 2 >= len(signs)


def value_of(text: str, comma: bool) -> Decimal | None:
    return to_decimal(text, comma)


def metric_row(
    key: str,
    label: str,
    printed: Decimal,
    column: Column,
    unit: Unit,
    page_id: str,
    docid: str,
    rounded: bool,
) -> MetricRow:
    value = printed
    if key not in PER_SHARE_KEYS:
        value = value.scaleb(unit.exponent)
        if value == value.to_integral_value():
            value = value.quantize(Decimal(1))
    source = f"{docid} page {page_id.rsplit('_', 1)[1]}"
    if rounded:
        source += f" (rounded: printed in {unit.currency} billions)"
    kind = column.kind if column.kind in ("quarter", "ytd", "annual", "instant") else "annual"
    unit_text = metric_unit(key, unit.currency) if key in METRICS else unit.currency
    return MetricRow(
        metric_key=key,
        period_kind=kind,
        period_start=column.start,
        period_end=column.end,
        fiscal_year=column.end.year,
        fiscal_quarter=None if kind == "annual" else column.quarter,
        value=value,
        unit=unit_text,
        currency=unit.currency,
        metric_name=label,
        source=source,
        page_id=page_id,
    )


def columns_of(table: st.Table, context: Context, balance: bool) -> list[Column | None]:
    """Each column's period for a flow line (or a balance line) of a table."""
    columns = _titled(list(table.layout.periods), table.titles)
    flows = _flow_columns(columns, context)
    return _balance_columns(flows, columns) if balance else flows


_TITLE_PERIOD = re.compile(
    r"\b(?:q[1-4]|quarter|kvartal\w*|neljännes|(?:jan|januari|tammi)\w*\s*[-–]\s*\w+|"
    r"(?:oct|okt|october|oktober|loka)\w*\s*[-–]\s*\w+|(?:jul|juli|july|heinä)\w*\s*[-–]\s*\w+|"
    r"(?:apr|april|huhti)\w*\s*[-–]\s*\w+|nine months|six months|half[- ]year|"
    r"\d{1,2}\s*[-–]\s*\d{1,2}/)",
    re.I,
)


def _titled(columns: list[Column | None], titles: list[str]) -> list[Column | None]:
    """Bare years under a title that names one period of the year (`Fourth quarter`, `Key
    figures, January-September`) are that period of each year; a title naming another kind
    of period (a year) leaves them to the document."""
    if not columns or any(c is None or c.kind != "bare" for c in columns):
        return columns
    text = " ".join(titles[-2:])
    if not _TITLE_PERIOD.search(text):
        return columns
    from filings.ingest.nordic.prose import heading_period  # the words of a heading

    named = heading_period(text, columns[0].year if columns[0] else 0, None)
    if named is None or named.kind not in ("quarter", "ytd"):
        return [None] * len(columns)  # a period named, but not one sure enough: left out
    years = [c.year for c in columns if c is not None]
    if len(set(years)) != len(years):
        return [None] * len(columns)
    return [Column(named.kind, y, named.first_month, named.last_month) for y in years]


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
