"""Point-in-time Nordic figures: every printing of a figure, known from the publication date
of the document that printed it until the next document that printed the same line.

Each document's figures are kept in `metric_history` as printed (`known_from` its publication
date). Per company, metric and period the printings are ordered by date; each is the known
figure until the next one is published (`known_until`), so a later document that prints a
different comparative (a restatement) starts a version, as a US filing does. A document
without a publication date adds no version: nothing says since when it was known.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, or_, select, update

from filings.db.tables import metric_history
from filings.ingest.load import insert_many, metric_columns
from filings.ingest.standardize.rows import MetricRow

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
    keys = {(r.metric_key, r.period_key) for r in stored} | set(wanted)
    if stored:
        conn.execute(delete(metric_history).where(metric_history.c.id.in_([r.id for r in stored])))
    if wanted:
        insert_many(
            conn,
            metric_history,
            [
                {"company_pk": company_pk, **values, "known_from": published, "known_until": None}
                for values in wanted.values()
            ],
        )
    _chain(conn, company_pk, keys)
    return True


def _chain(conn: Connection, company_pk: int, keys: set[tuple[str, str]]) -> None:
    """Each printing is known until the next printing of the same line is published."""
    found: dict[tuple[str, str], list[Any]] = defaultdict(list)
    listed = sorted(keys)
    for start in range(0, len(listed), 200):
        chunk = listed[start : start + 200]
        query = select(
            metric_history.c.id,
            metric_history.c.metric_key,
            metric_history.c.period_key,
            metric_history.c.known_from,
            metric_history.c.known_until,
            metric_history.c.source,
        ).where(
            metric_history.c.company_pk == company_pk,
            or_(
                *(
                    and_(metric_history.c.metric_key == m, metric_history.c.period_key == p)
                    for m, p in chunk
                )
            ),
        )
        for row in conn.execute(query):
            found[(row.metric_key, row.period_key)].append(row)
    changes: list[dict[str, Any]] = []
    for printings in found.values():
        printings.sort(key=lambda r: (r.known_from, r.source, r.id))
        for row, following in zip(printings, [*printings[1:], None], strict=True):
            until = following.known_from if following is not None else None
            if row.known_until != until:
                changes.append({"row_id": row.id, "until": until})
    if changes:
        conn.execute(
            update(metric_history)
            .where(metric_history.c.id == bindparam("row_id"))
            .values(known_until=bindparam("until")),
            changes,
        )
