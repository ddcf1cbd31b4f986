"""Lines a statement prints in parts, composed where it prints no total: selling plus
administrative expenses, borrowings non-current plus current, liabilities as assets less
equity, and a property company's rental income as its revenue. Each is marked derived and
names its lines."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal

from filings.core.metrics import metric_unit
from filings.ingest.nordic import statements as st
from filings.ingest.nordic.labels import (
    is_administrative,
    is_borrowing,
    is_selling,
    lookup,
    normalize,
)
from filings.ingest.nordic.reading import (
    _COST_WORDS,
    BALANCES,
    STATEMENT,
    Reader,
    columns_of,
    metric_row,
    sign,
    table_tier,
    value_of,
)
from filings.ingest.standardize.rows import MetricRow


def composed_lines(reader: Reader, tables: Iterable[st.Table]) -> None:
    """Lines a statement prints in parts: selling plus administrative expenses, borrowings
    non-current plus current, liabilities as assets less equity."""
    for table in tables:
        if table_tier(table, reader.text.kind) != STATEMENT:
            continue
        if table.kind == st.INCOME:
            _sga(reader, table)
        if table.kind == st.BALANCE:
            _total_debt(reader, table)


def _sum_lines(reader: Reader, table: st.Table, parts: list[st.Line], key: str, name: str) -> None:
    page_id = f"{reader.text.docid}_{table.page}"
    periods = columns_of(table, reader.context, key in BALANCES)
    unit = table.unit
    if unit is None:
        return
    for index, column in enumerate(periods):
        if column is None:
            continue
        values = [value_of(p.values[index] or "", reader.comma) for p in parts]
        if any(v is None for v in values):
            continue
        total = sum((v for v in values if v is not None), Decimal(0))
        row = metric_row(
            key, name, sign(key, total, table), column, unit, page_id, reader.text.docid, False
        )
        row = replace(
            row,
            source=f"derived: {name} ({row.source})",
            derived=key,
        )
        if (key, row.period_key) not in reader.best:
            reader.offer(STATEMENT, row)


def _sga(reader: Reader, table: st.Table) -> None:
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


def _total_debt(reader: Reader, table: st.Table) -> None:
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


def derived_liabilities(rows: list[MetricRow]) -> list[MetricRow]:
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


def property_revenue(reader: Reader, tables: list[st.Table]) -> None:
    """A property company's revenue is its rental income, where the income statement opens
    with it and prints no other income line before its costs."""
    for table in tables:
        if table_tier(table, reader.text.kind) != STATEMENT or table.kind != st.INCOME:
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
