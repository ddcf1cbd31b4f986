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
from decimal import Decimal

from filings.core.metrics import METRICS
from filings.ingest.nordic import statements as st
from filings.ingest.nordic.composed import composed_lines, derived_liabilities, property_revenue
from filings.ingest.nordic.documents import DocumentText
from filings.ingest.nordic.labels import (
    PARENT_OWNERS,
    lookup,
    metrics_for_label,
    normalize,
    slug,
)
from filings.ingest.nordic.prose import prose_figures
from filings.ingest.nordic.reading import (
    BALANCES,
    PROSE,
    ROUNDED,
    TOTAL_OPERATIONS,
    Context,
    Reader,
    columns_of,
    metric_row,
    sign,
    table_tier,
    value_of,
)
from filings.ingest.nordic.tables import Unit, find_unit, to_decimal
from filings.ingest.nordic.text_tables import flatten_text_tables
from filings.ingest.standardize.derive import derive_metrics
from filings.ingest.standardize.rows import MetricRow

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


_PROFIT_KEYS = frozenset({"net_income", "net_income_to_parent", "eps_basic", "eps_diluted"})


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


_CURRENCY_WORD = re.compile(r"\b(SEK|EUR|NOK|DKK|USD)\b|\b(kr|euroa|euro)\b", re.I)


def _line_unit(line: st.Line, table: st.Table, currency: str | None) -> Unit | None:
    """A unit the label states (`Net sales, EUR million`), else the table's; a per-share line
    needs only a currency (`Earnings per share, SEK`), from its label, its table or the
    document."""
    unit = find_unit(line.label) or table.unit
    if unit is not None or not _PER_SHARE_LABEL.search(normalize(line.label).text):
        return unit
    named = _CURRENCY_WORD.search(line.label)
    if named is not None:
        code = (named.group(1) or "").upper() or (
            "SEK" if named.group(2).lower() == "kr" else "EUR"
        )
        return Unit(code, 0)
    return Unit(currency, 0) if currency else None


def _read_table(reader: Reader, table: st.Table) -> None:
    tier = table_tier(table, reader.text.kind)
    page_id = f"{reader.text.docid}_{table.page}"
    issuer = table.statement and not table.excluded and table.kind in STATEMENT_CODES
    issuer = issuer and (table.unit is None or not table.unit.rounded)
    seen: dict[str, int] = {}
    for line in table.lines:
        keys = map_line(line, table) if tier is not None else ()
        unit = _line_unit(line, table, reader.currency)
        if unit is None:
            continue
        for key in keys:
            periods = columns_of(table, reader.context, key in BALANCES)
            for column, printed in zip(periods, line.values, strict=True):
                value = value_of(printed, reader.comma) if printed else None
                if column is None or value is None:
                    continue
                value = sign(key, value, table)
                row = metric_row(
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
    reader: Reader,
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
    periods = columns_of(table, reader.context, table.kind == st.BALANCE)
    for column, printed in zip(periods, line.values, strict=True):
        value = value_of(printed, reader.comma) if printed else None
        if column is None or value is None:
            continue
        row = metric_row(key, line.label, value, column, unit, page_id, reader.text.docid, False)
        reader.lines.append(row)


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
    units = [t.unit.currency for t in tables if t.unit is not None]
    main = max(set(units), key=units.count) if units else currency
    reader = Reader(text, context, st.comma_decimal(tables, None), {}, [], currency=main)
    for table in tables:
        _read_table(reader, table)
    composed_lines(reader, tables)
    property_revenue(reader, tables)
    # A document whose tables print all operations' profit on a line of its own presents
    # its other profit lines for continuing operations: its prose's profit figures too.
    continuing_only = any(
        normalize(line.label).total_operations for table in tables for line in table.lines
    )
    for row in prose_figures(text, year, quarter, reader.comma):
        if continuing_only and row.metric_key in _PROFIT_KEYS:
            continue
        reader.offer(PROSE, row)
    rows = reader.sure()
    if not rows:
        return _unique(reader.lines)
    rows += derived_liabilities(rows)
    derived = derive_metrics(rows, rows[0].currency or currency or "")
    return rows + derived + _unique(reader.lines)


def _unique(rows: list[MetricRow]) -> list[MetricRow]:
    """Issuer lines, one per key and period (the first printed)."""
    out: dict[tuple[str, str], MetricRow] = {}
    for row in rows:
        out.setdefault((row.metric_key, row.period_key), row)
    return list(out.values())
