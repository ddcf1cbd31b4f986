"""Point-in-time Nordic figures: every printing of a figure, known from the publication date
of the document that printed it until the next document that printed the same line.

Each document's figures are kept in `metric_history` as printed (`known_from` its publication
date). Per company, metric and period the printings are ordered by date; each is the known
figure until the next one is published (`known_until`), so a later document that prints a
different comparative (a restatement) starts a version, as a US filing does. A document
without a publication date adds no version: nothing says since when it was known.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, select

from filings.db.tables import metric_history
from filings.ingest.esef.queries import esef_filings
from filings.ingest.load import metric_columns
from filings.ingest.standardize.rows import MetricRow
from filings.ingest.versions import replace_printings

_COMPARED = ("value", "unit", "currency", "metric_name", "source", "page_id", "derived")


def _document_rows(conn: Connection, company_pk: int, docid: str) -> list[Any]:
    return list(
        conn.execute(
            select(metric_history).where(
                metric_history.c.company_pk == company_pk,
                metric_history.c.page_id.like(f"{docid}\\_%", escape="\\"),
            )
        ).all()
    )


def _same(
    stored: list[Any], wanted: dict[tuple[str, str], dict[str, Any]], since: date | None
) -> bool:
    if len(stored) != len(wanted):
        return False
    for row in stored:
        values = wanted.get((row.metric_key, row.period_key))
        if values is None or row.known_from != since:
            return False
        for name in _COMPARED:
            if name == "value":
                if Decimal(str(row.value)) != Decimal(str(values["value"])):
                    return False
            elif getattr(row, name) != values[name]:
                return False
    return True


def sync_printings(
    conn: Connection, company_pk: int, docid: str, published: date | None, rows: list[MetricRow]
) -> bool:
    """Make one document's printings in `metric_history` exactly `rows` (none without a
    publication date) and re-chain the versions of the lines it touches; whether anything
    was written."""
    wanted: dict[tuple[str, str], dict[str, Any]] = {}
    if published is not None:
        for row in rows:
            values = metric_columns(row, None)
            values.pop("filing_pk")
            wanted[(row.metric_key, row.period_key)] = values
    stored = _document_rows(conn, company_pk, docid)
    if _same(stored, wanted, published):
        return False
    printed = [(row, published) for row in rows] if published is not None else []
    ruling = set(esef_filings(conn, company_pk))
    replace_printings(conn, company_pk, stored, printed, ruling)
    return True
