"""Point-in-time versions of figures printed by several documents of one company (its Nordic
reports and releases, its ESEF reports): each printing is the known figure from its document's
date until the next printing of the same line, so a later document that prints a different
comparative (a restatement) starts a new version.

A source that rules a line (an ESEF report, for the annual figures it tags: docs/decisions.md,
ESEF) is not displaced by a later printing of another source: from the ESEF report's date on,
a later interim report's comparative of the same year is kept as printed but never becomes
the known figure (its window is empty), as the current figures keep ESEF's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, or_, select, update

from filings.db.tables import metric_history
from filings.ingest.load import insert_many, metric_columns
from filings.ingest.standardize.rows import MetricRow

Key = tuple[str, str]  # (metric key, period key)


def _printings(conn: Connection, company_pk: int, keys: set[Key]) -> dict[Key, list[Any]]:
    found: dict[Key, list[Any]] = defaultdict(list)
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
            metric_history.c.accession_number,
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
    return found


def _windows(printings: list[Any], ruling: set[str]) -> list[tuple[Any, date | None]]:
    """Each printing with the day it stops being the known one (None: still is)."""
    printings = sorted(printings, key=lambda r: (r.known_from, r.source, r.id))
    in_effect: list[Any] = []  # the printings that became the known one, in order
    for row in printings:
        ruled = in_effect and in_effect[-1].accession_number in ruling
        if not ruled or row.accession_number in ruling:
            in_effect.append(row)
    out = []
    for row in printings:
        if row not in in_effect:
            out.append((row, row.known_from))  # shadowed: never the known one
            continue
        following = in_effect[in_effect.index(row) + 1 :]
        out.append((row, following[0].known_from if following else None))
    return out


def chain_versions(
    conn: Connection,
    company_pk: int,
    keys: Iterable[Key],
    ruling: frozenset[str] | set[str] = frozenset(),
) -> None:
    """Set each printing's `known_until` for the lines `keys`; printings whose accession (an
    ESEF report's docid) is in `ruling` are not displaced by later printings of others."""
    changes: list[dict[str, Any]] = []
    for printings in _printings(conn, company_pk, set(keys)).values():
        for row, until in _windows(printings, set(ruling)):
            if row.known_until != until:
                changes.append({"row_id": row.id, "until": until})
    if changes:
        conn.execute(
            update(metric_history)
            .where(metric_history.c.id == bindparam("row_id"))
            .values(known_until=bindparam("until")),
            changes,
        )


def replace_printings(
    conn: Connection,
    company_pk: int,
    stale: list[Any],
    printings: list[tuple[MetricRow, date]],
    ruling: frozenset[str] | set[str] = frozenset(),
) -> None:
    """Replace the history rows `stale` (rows with `id`, `metric_key`, `period_key`) by
    `printings` (each row with the day it was printed), then chain the lines touched."""
    keys = {(r.metric_key, r.period_key) for r in stale}
    if stale:
        conn.execute(delete(metric_history).where(metric_history.c.id.in_([r.id for r in stale])))
    rows = []
    for row, since in printings:
        values = metric_columns(row, None)
        values.pop("filing_pk")
        rows.append({"company_pk": company_pk, **values, "known_from": since, "known_until": None})
        keys.add((row.metric_key, row.period_key))
    if rows:
        insert_many(conn, metric_history, rows)
    chain_versions(conn, company_pk, keys, ruling)
