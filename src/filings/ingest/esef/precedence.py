"""ESEF against the PDF and release reader: for an annual figure (a fiscal year, or a balance at
its end) that an ESEF filing states, the ESEF figure is the one stored, whichever was ingested
first. Where the two differ by more than the rounding of the coarser printing, the difference
is reported, as a list a person can check; it is never overwritten silently.

Two hooks, one per order of arrival:
- `give_way` (ESEF ingestion): rows of other sources at the ESEF rows' (metric, period) are
  compared and removed before the ESEF rows are written;
- `without_esef_periods` (the Nordic reader, `nordic/pipeline.py`): rows it read for a (metric,
  period) an ESEF filing already holds are compared and left out.
Derived rows (margins, EBITDA made from its parts) are not compared: their inputs are.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection

from filings.ingest.esef.queries import Printed, delete_rows, esef_decimals, rows_at
from filings.ingest.standardize.rows import MetricRow


@dataclass(frozen=True)
class Disagreement:
    """An annual figure two sources state differently, beyond rounding."""

    company: str
    metric_key: str
    period_key: str
    esef_value: Decimal
    esef_source: str
    other_value: Decimal
    other_source: str
    other_page_id: str | None

    def describe(self) -> str:
        """One line for a person to check."""
        page = f", page {self.other_page_id}" if self.other_page_id else ""
        return (
            f"{self.company} {self.metric_key} {self.period_key}: ESEF {self.esef_value} "
            f"({self.esef_source}) kept; {self.other_value} ({self.other_source}{page}) dropped"
        )


def printing_unit(value: Decimal) -> Decimal:
    """The unit a value was printed to, read from its last non-zero digit (2948100000: 100000;
    1.61: 0.01)."""
    if value == 0:
        return Decimal(1)
    return Decimal(1).scaleb(int(value.normalize().as_tuple().exponent))


def decimals_unit(decimals: str | None) -> Decimal | None:
    """The unit an XBRL `decimals` says a value was printed to (-5: 100000; INF: exact)."""
    if decimals is None or not decimals.lstrip("-").isdigit():
        return Decimal(0) if decimals == "INF" else None
    return Decimal(1).scaleb(-int(decimals))


def beyond_rounding(first: Decimal, second: Decimal, first_unit: Decimal | None = None) -> bool:
    """Whether two printings of one figure differ by more than half the coarser one's unit
    (15,151 million and 15.2 billion agree; 2,948.1 and 2,949 million do not). Each unit is
    read from the value's last non-zero digit, or given (`first_unit`, from `decimals`)."""
    unit = max(printing_unit(first) if first_unit is None else first_unit, printing_unit(second))
    return abs(first - second) * 2 > unit


def _compare(
    company: str, esef: MetricRow | Any, other: MetricRow | Any, printed: Printed
) -> Disagreement | None:
    if esef.derived or other.derived:
        return None
    esef_value, other_value = Decimal(str(esef.value)), Decimal(str(other.value))
    decimals = printed.get((esef.period_start, esef.period_end, format(esef_value, "f")))
    if not beyond_rounding(esef_value, other_value, decimals_unit(decimals)):
        return None
    return Disagreement(
        company=company,
        metric_key=esef.metric_key,
        period_key=esef.period_key,
        esef_value=esef_value,
        esef_source=esef.source,
        other_value=other_value,
        other_source=other.source,
        other_page_id=other.page_id,
    )


def give_way(
    conn: Connection, company_pk: int, company: str, esef_rows: list[MetricRow]
) -> list[Disagreement]:
    """Remove other sources' rows where ESEF rows go; the disagreements among them."""
    by_key = {(r.metric_key, r.period_key): r for r in esef_rows}
    others = rows_at(conn, company_pk, set(by_key), esef=False)
    printed = esef_decimals(conn, company_pk) if others else {}
    found = [
        d
        for other in others
        if (d := _compare(company, by_key[(other.metric_key, other.period_key)], other, printed))
    ]
    delete_rows(conn, [int(other.id) for other in others])
    return found


def without_esef_periods(
    conn: Connection, company_pk: int, company: str, rows: list[MetricRow]
) -> tuple[list[MetricRow], list[Disagreement]]:
    """The rows another reader made, without those at a (metric, period) an ESEF filing of the
    company states; the disagreements among those left out."""
    held = {
        (r.metric_key, r.period_key): r
        for r in rows_at(conn, company_pk, {(r.metric_key, r.period_key) for r in rows}, esef=True)
    }
    printed = esef_decimals(conn, company_pk) if held else {}
    kept, found = [], []
    for row in rows:
        esef = held.get((row.metric_key, row.period_key))
        if esef is None:
            kept.append(row)
        elif (difference := _compare(company, esef, row, printed)) is not None:
            found.append(difference)
    return kept, found
