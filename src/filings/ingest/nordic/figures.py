"""Key figures and statement lines from Nordic reports: the income statement, balance sheet,
cash-flow statement and key-figure tables of interim reports, year-end releases and annual
reports, every period printed, each value with its page and printed label.

Precedence within a document (decisions.md, Nordic figures): the group's statements, then
key-figure tables, then untitled summary tables of the first pages or of a release, then
figures of bullet lists; a value in billions (`SEK b.`) only where nothing more precise is
printed, and its `source` says it is rounded. Parent-company, segment, business-area and note
tables are never read. A line of a statement that carries no standard metric is kept under
the issuer's label (`line:<statement>:<label>`), for the statement endpoint.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from filings.core.metrics import BALANCE_KEYS, METRICS, PER_SHARE_KEYS, metric_unit
from filings.ingest.nordic import statements as st
from filings.ingest.nordic.documents import DocumentText
from filings.ingest.nordic.labels import (
    EXPENSES,
    PARENT_OWNERS,
    is_administrative,
    is_borrowing,
    is_selling,
    lookup,
    metrics_for_label,
    normalize,
    slug,
)
from filings.ingest.nordic.periods import Column, span_column
from filings.ingest.nordic.prose import prose_figures
from filings.ingest.nordic.tables import Unit, find_unit, to_decimal
from filings.ingest.nordic.text_tables import flatten_text_tables
from filings.ingest.standardize.derive import derive_metrics
from filings.ingest.standardize.rows import MetricRow

BALANCES = BALANCE_KEYS | {"order_book", "investment_properties"}
SUMMARY_PAGES = 3  # untitled tables of the first pages summarise the group
STATEMENT, KEY_FIGURES, SUMMARY, PROSE, ROUNDED = 40, 30, 20, 10, 0
TOTAL_OPERATIONS = 1  # a profit line of all operations beats one that may be continuing only
LINE_PREFIX = "line:"
STATEMENT_CODES = {
    st.INCOME: "income_statement",
    st.COMPREHENSIVE: "income_statement",
    st.BALANCE: "balance_sheet",
    st.CASH_FLOW: "cash_flow",
}
MAX_KEY = 60
# Where each metric may be read: its own statement, or a key-figure or summary table.
_HOME: dict[str, frozenset[str]] = {
    **{k: frozenset({st.INCOME}) for k in st.HOME[st.INCOME]},
    **{k: frozenset({st.BALANCE}) for k in st.HOME[st.BALANCE]},
    **{k: frozenset({st.CASH_FLOW}) for k in st.HOME[st.CASH_FLOW]},
    "depreciation_and_amortization": frozenset({st.INCOME, st.CASH_FLOW}),
    "ebitda": frozenset({st.INCOME}),
    "net_income_to_parent": frozenset({st.INCOME}),
    "cash_and_equivalents": frozenset({st.BALANCE}),
    "intangible_assets": frozenset({st.BALANCE}),
    "capital_expenditure": frozenset({st.CASH_FLOW}),
    "dividends_paid": frozenset({st.CASH_FLOW}),
    "share_repurchases": frozenset({st.CASH_FLOW}),
    "dividend_per_share": frozenset({st.INCOME}),
    "order_intake": frozenset(),
    "order_book": frozenset(),
}
# Lines read only from their statement: their sign or meaning needs it.
STATEMENT_ONLY = frozenset(
    {
        "income_tax",
        "intangible_assets",
        "dividends_paid",
        "share_repurchases",
        "cost_of_revenue",
        "research_and_development",
        "selling_general_and_administrative",
    }
)
_NOT_MONEY = re.compile(
    r"\b(?:number of shares|antal aktier|osakkeiden|osakemäärä|per share|per aktie|"
    r"osakekohtai\w*|employees|anställda|henkilöstö\w*|ratio|days|dagar|tonnes|tons|kpl|pcs|"
    r"number of|antal|lukumäärä)\b|%",
    re.I,
)
_PER_SHARE_LABEL = re.compile(
    r"earnings per share|eps|dividend|resultat per aktie|osakekohtai|osinko"
)
_PARENT_HEADING = re.compile(r"attributable|hänförligt|hänförlig|jakautuminen|kuuluu", re.I)
_COMPREHENSIVE_HEADING = re.compile(r"comprehensive|totalresultat|laaja", re.I)
_OPERATIONS_HEADING = re.compile(
    r"(continuing operations|kvarvarande verksamhet|jatkuvat toiminnot)|"
    r"(total operations|all operations|total verksamhet|koko toiminta)|"
    r"(discontinued operations|avvecklad verksamhet|lopetetut toiminnot)",
    re.I,
)
_NCI = re.compile(r"non-?controlling|minority|innehav utan bestämmande|määräysvallattomien", re.I)
_COST_WORDS = re.compile(r"cost|expense|kostnad|kulut|tax|skatt|vero|depreciation|avskrivn|poisto")


_PROFIT_KEYS = frozenset({"net_income", "net_income_to_parent", "eps_basic", "eps_diluted"})


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
        if len(set(years)) == len(years) and max(years) <= context.year:
            return [Column("annual", y) for y in years]
        return [None] * len(columns)
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
class _Reader:
    """Everything read from one document."""

    text: DocumentText
    context: Context
    comma: bool
    best: dict[tuple[str, str], Candidate]
    lines: list[MetricRow]

    def offer(self, tier: int, row: MetricRow) -> None:
        """Keep a value unless a better printing of the same metric and period is held: a
        more trusted table's, unless it only rounds the held one; a finer printing of the
        same number always wins."""
        key = (row.metric_key, row.period_key)
        held = self.best.get(key)
        if (
            held is None
            or finer_printing(row.value, held.row.value)
            or (tier > held.tier and not finer_printing(held.row.value, row.value))
        ):
            self.best[key] = Candidate(tier, row)


def _tier(table: st.Table, kind: str) -> int | None:
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


def _qualifier(line: st.Line, table: st.Table) -> str | None:
    """'continuing', 'total' or 'discontinued': which operations a profit line is of."""
    found = None
    for heading in line.headings:
        match = _OPERATIONS_HEADING.search(heading)
        if match:
            found = (
                "continuing" if match.group(1) else ("total" if match.group(2) else "discontinued")
            )
    if found is None and table.continuing:
        return "continuing"
    return found


def map_line(line: st.Line, table: st.Table) -> tuple[str, ...]:
    """The metric keys a table line carries where it sits (none for a qualified line, a
    margin, a line of the wrong statement)."""
    label = normalize(line.label)
    not_money = label.percent or (
        _NOT_MONEY.search(line.label) is not None and "per share" not in label.text
    )
    if not_money and not _PER_SHARE_LABEL.search(label.text):
        return ()
    keys = metrics_for_label(line.label)
    heading = line.headings[-1] if line.headings else ""
    if not keys and _PARENT_HEADING.search(heading) and PARENT_OWNERS.match(label.text):
        if _COMPREHENSIVE_HEADING.search(heading):
            return ()
        keys = ("equity_to_parent",) if table.kind == st.BALANCE else ("net_income_to_parent",)
    if not keys and re.fullmatch(
        r"(?:stockholders|shareholders)' equity|aktieägarnas eget kapital", label.text
    ):
        has_nci = any(_NCI.search(other.label) for other in table.lines)
        keys = ("equity_to_parent",) if has_nci else ("equity",)
    out = []
    for key in keys:
        if not _allowed(key, line, table, label.continuing, label.total_operations):
            continue
        out.append(key)
    return tuple(out)


def _allowed(key: str, line: st.Line, table: st.Table, continuing: bool, total: bool) -> bool:
    home = _HOME.get(key)
    if home is None:
        return False
    in_statement = table.kind in (st.INCOME, st.BALANCE, st.CASH_FLOW) and not table.key_figures
    if in_statement and home and table.kind not in home:
        return False
    if key in STATEMENT_ONLY and not (table.statement and table.kind in home):
        return False
    if key in ("net_income", "net_income_to_parent", "eps_basic", "eps_diluted"):
        qualifier = "continuing" if continuing else ("total" if total else _qualifier(line, table))
        if qualifier in ("continuing", "discontinued"):
            return False
        if qualifier is None and any(
            normalize(other.label).total_operations for other in table.lines
        ):
            return False  # the table prints all operations on a line of its own
    if (
        key == "capital_expenditure"
        and not table.statement
        and any(
            re.search(r"capital expenditure.*excl\w*\.? acquisitions?", other.label, re.I)
            for other in table.lines
        )
    ):
        return False  # the plain line includes acquisitions
    if key == "intangible_assets" and not _intangible_ok(line, table):
        return False
    return key in METRICS


def _intangible_ok(line: st.Line, table: st.Table) -> bool:
    """Intangible assets other than goodwill: the table prints goodwill on a line of its own,
    and this line is not a subtotal that includes it."""
    goodwill = [o for o in table.lines if lookup(normalize(o.label).text) == "goodwill"]
    if not goodwill:
        return False
    value = to_decimal(line.values[0] or "")
    if value is None:
        return False
    before = [o for o in table.lines if o.position < line.position and not o.unlabelled]
    for start in range(len(before)):
        part = before[start:]
        added = sum((to_decimal(o.values[0] or "0") or Decimal(0) for o in part), Decimal(0))
        if any(o in goodwill for o in part) and abs(added - value) <= len(part):
            return False
    return True


def _sign(key: str, printed: Decimal, table: st.Table) -> Decimal:
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


def _line_unit(line: st.Line, table: st.Table) -> Unit | None:
    """A unit the label states (`Net sales, EUR million`), else the table's."""
    return find_unit(line.label) or table.unit


def _value(text: str, comma: bool) -> Decimal | None:
    return to_decimal(text, comma)


def _metric_row(
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


def _periods(table: st.Table, context: Context, balance: bool) -> list[Column | None]:
    columns = list(table.layout.periods)
    flows = _flow_columns(columns, context)
    return _balance_columns(flows, columns) if balance else flows


def _read_table(reader: _Reader, table: st.Table) -> None:
    tier = _tier(table, reader.text.kind)
    page_id = f"{reader.text.docid}_{table.page}"
    issuer = table.statement and not table.excluded and table.kind in STATEMENT_CODES
    issuer = issuer and (table.unit is None or not table.unit.rounded)
    seen: dict[str, int] = {}
    for line in table.lines:
        keys = map_line(line, table) if tier is not None else ()
        unit = _line_unit(line, table)
        if unit is None:
            continue
        for key in keys:
            periods = _periods(table, reader.context, key in BALANCES)
            for column, printed in zip(periods, line.values, strict=True):
                value = _value(printed, reader.comma) if printed else None
                if column is None or value is None:
                    continue
                value = _sign(key, value, table)
                row = _metric_row(
                    key,
                    line.label,
                    value,
                    column,
                    unit,
                    page_id,
                    reader.text.docid,
                    tier == ROUNDED,
                )
                bonus = TOTAL_OPERATIONS if normalize(line.label).total_operations else 0
                reader.offer((tier or ROUNDED) + bonus, row)
        if (
            issuer
            and not keys
            and not (table.kind == st.COMPREHENSIVE and metrics_for_label(line.label))
        ):
            _issuer_line(reader, table, line, unit, page_id, seen)


def _issuer_line(
    reader: _Reader,
    table: st.Table,
    line: st.Line,
    unit: Unit,
    page_id: str,
    seen: dict[str, int],
) -> None:
    """A statement line no standard metric fits, kept under the issuer's label."""
    label = normalize(line.label)
    if label.percent or label.text == "" or _NOT_MONEY.search(line.label):
        return
    code = STATEMENT_CODES[table.kind]
    base = f"{LINE_PREFIX}{code}:"
    name = slug(line.label)[: MAX_KEY - len(base) - 3]
    seen[name] = seen.get(name, 0) + 1
    key = base + (name if seen[name] == 1 else f"{name}_{seen[name]}")
    periods = _periods(table, reader.context, table.kind == st.BALANCE)
    for column, printed in zip(periods, line.values, strict=True):
        value = _value(printed, reader.comma) if printed else None
        if column is None or value is None:
            continue
        row = _metric_row(key, line.label, value, column, unit, page_id, reader.text.docid, False)
        reader.lines.append(row)


def _composed(reader: _Reader, tables: Iterable[st.Table]) -> None:
    """Lines a statement prints in parts: selling plus administrative expenses, borrowings
    non-current plus current, liabilities as assets less equity."""
    for table in tables:
        if _tier(table, reader.text.kind) != STATEMENT:
            continue
        if table.kind == st.INCOME:
            _sga(reader, table)
        if table.kind == st.BALANCE:
            _total_debt(reader, table)


def _sum_lines(reader: _Reader, table: st.Table, parts: list[st.Line], key: str, name: str) -> None:
    page_id = f"{reader.text.docid}_{table.page}"
    periods = _periods(table, reader.context, key in BALANCES)
    unit = table.unit
    if unit is None:
        return
    for index, column in enumerate(periods):
        if column is None:
            continue
        values = [_value(p.values[index] or "", reader.comma) for p in parts]
        if any(v is None for v in values):
            continue
        total = sum((v for v in values if v is not None), Decimal(0))
        row = _metric_row(
            key, name, _sign(key, total, table), column, unit, page_id, reader.text.docid, False
        )
        row = replace(
            row,
            source=f"derived: {name} ({row.source})",
            derived=key,
        )
        if (key, row.period_key) not in reader.best:
            reader.offer(STATEMENT, row)


def _sga(reader: _Reader, table: st.Table) -> None:
    if any(
        lookup(normalize(line.label).text) == "selling_general_and_administrative"
        for line in table.lines
    ):
        return
    selling = [line for line in table.lines if is_selling(normalize(line.label).text)]
    admin = [line for line in table.lines if is_administrative(normalize(line.label).text)]
    if len(selling) == 1 and len(admin) == 1:
        name = f"{selling[0].label} + {admin[0].label}"
        _sum_lines(
            reader, table, [selling[0], admin[0]], "selling_general_and_administrative", name
        )


def _segment(table: st.Table, line: st.Line) -> str | None:
    """'current' or 'noncurrent': the part of the balance sheet a liability line is in, from
    its label, the heading above it, or the next subtotal below it."""
    for text in (line.label, *reversed(line.headings)):
        found = _segment_of(text)
        if found:
            return found
    for other in table.lines[line.position + 1 :]:
        if re.match(
            r"^(?:total )?(?:non-?current|current|long-term|short-term) liabilities",
            normalize(other.label).text,
        ):
            return _segment_of(other.label)
    return None


def _segment_of(text: str) -> str | None:
    lowered = text.lower()
    if re.search(r"non-?current|long-term|långfristig|pitkäaikai", lowered):
        return "noncurrent"
    if re.search(r"\bcurrent\b|short-term|kortfristig|lyhytaikai", lowered):
        return "current"
    return None


def _total_debt(reader: _Reader, table: st.Table) -> None:
    """Total debt: the borrowing lines of both parts of the balance sheet, each counted once;
    only when borrowings are printed in both parts (a part unread would make it too low)."""
    parts = [line for line in table.lines if is_borrowing(normalize(line.label).text)]
    segments = {_segment(table, line) for line in parts}
    if not parts or segments != {"current", "noncurrent"}:
        return
    name = "total debt: " + " + ".join(
        f"{line.label} ({_segment(table, line)})".replace("noncurrent", "non-current")
        for line in parts
    )
    _sum_lines(reader, table, parts, "total_debt", name)


def _derived_liabilities(rows: list[MetricRow]) -> list[MetricRow]:
    """Total liabilities where a balance sheet prints total assets and equity but not the
    liabilities' total: assets less equity."""
    by_period: dict[str, dict[str, MetricRow]] = {}
    for row in rows:
        if row.period_kind == "instant":
            by_period.setdefault(row.period_key, {})[row.metric_key] = row
    out = []
    for found in by_period.values():
        if "total_liabilities" in found or not {"total_assets", "equity"} <= found.keys():
            continue
        assets, equity = found["total_assets"], found["equity"]
        if assets.page_id != equity.page_id:
            continue
        out.append(
            replace(
                assets,
                metric_key="total_liabilities",
                value=assets.value - equity.value,
                metric_name="total assets - total equity",
                source=f"derived: total assets - total equity ({assets.source}; {equity.source})",
                derived="total_liabilities",
            )
        )
    return out


def _property_revenue(reader: _Reader, tables: list[st.Table]) -> None:
    """A property company's revenue is its rental income, where the income statement opens
    with it and prints no other income line before its costs."""
    for table in tables:
        if _tier(table, reader.text.kind) != STATEMENT or table.kind != st.INCOME:
            continue
        if not table.lines or lookup(normalize(table.lines[0].label).text) != "rental_income":
            continue
        if any(lookup(normalize(line.label).text) == "revenue" for line in table.lines):
            continue
        if len(table.lines) > 1 and not _COST_WORDS.search(table.lines[1].label.lower()):
            continue
        for (key, period), held in list(reader.best.items()):
            if key == "rental_income" and held.row.page_id == f"{reader.text.docid}_{table.page}":
                row = replace(
                    held.row, metric_key="revenue", unit=metric_unit("revenue", held.row.currency)
                )
                if ("revenue", period) not in reader.best:
                    reader.offer(STATEMENT, row)


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


def document_lines(text: DocumentText) -> list[str]:
    """The pages of a document as the table reader reads them (a release's tables flattened)."""
    if text.kind != "release":
        return text.pages
    return ["\n".join(flatten_text_tables(page)) for page in text.pages]


def read_tables(text: DocumentText, year: int | None) -> list[st.Table]:
    """Every table of a document, classified."""
    tables: list[st.Table] = []
    for number, page in enumerate(document_lines(text), start=1):
        found = st.find_tables(page, number, year)
        if text.kind == "pdf":
            st.claim_page_titles(found, page)
        tables.extend(found)
    return tables


def extract_figures(
    text: DocumentText, doc_type: str, year: int | None, quarter: int | None, currency: str | None
) -> list[MetricRow]:
    """Metric rows read from the document's statements, key-figure tables and bullet lists,
    and the issuer's own statement lines."""
    if year is None:
        return []
    context = Context(doc_type, year, quarter)
    tables = read_tables(text, year)
    reader = _Reader(text, context, st.comma_decimal(tables, None), {}, [])
    for table in tables:
        _read_table(reader, table)
    _composed(reader, tables)
    _property_revenue(reader, tables)
    # A document whose tables print all operations' profit on a line of its own presents
    # its other profit lines for continuing operations: its prose's profit figures too.
    continuing_only = any(
        normalize(line.label).total_operations for table in tables for line in table.lines
    )
    for row in prose_figures(text, year, quarter, reader.comma):
        if continuing_only and row.metric_key in _PROFIT_KEYS:
            continue
        reader.offer(PROSE, row)
    rows = [candidate.row for candidate in reader.best.values()]
    if not rows:
        return _unique(reader.lines)
    rows += _derived_liabilities(rows)
    derived = derive_metrics(rows, rows[0].currency or currency or "")
    return rows + derived + _unique(reader.lines)


def _unique(rows: list[MetricRow]) -> list[MetricRow]:
    """Issuer lines, one per key and period (the first printed)."""
    out: dict[tuple[str, str], MetricRow] = {}
    for row in rows:
        out.setdefault((row.metric_key, row.period_key), row)
    return list(out.values())
