"""Point-in-time figures: every version of every figure row, and the days it was the known one.

The figures known on a day are those the standardization makes from the facts of filings filed
on or before it. Standardizing again at each periodic filing's date and comparing with the day
before gives every version: a row that appears or changes starts a version (`known_from`, that
filing date), and the version before it ends then (`known_until`). Restatements, concept changes,
derived quarters and stock splits are all as they were known on that day.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from datetime import date

from filings.core.concepts import PERIODIC_FORMS
from filings.ingest.standardize.depreciation import statement_lines
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import standardize
from filings.ingest.standardize.preliminary import settle
from filings.ingest.standardize.rows import MetricRow

Version = tuple[MetricRow, date, date | None]


def versions_over(days: list[date], rows_on: Callable[[date], list[MetricRow]]) -> list[Version]:
    """Every version of every row, given the rows known on each of `days` (ascending): a row
    that appears or changes (in value, source or being preliminary) on a day starts a version
    and ends the one before."""
    out: list[Version] = []
    known: dict[tuple[str, str], tuple[MetricRow, date]] = {}
    for day in days:
        now = {(r.metric_key, r.period_key): r for r in rows_on(day)}
        for key, (row, since) in list(known.items()):
            new = now.get(key)
            if new is None or (new.value, new.source, new.preliminary) != (
                row.value,
                row.source,
                row.preliminary,
            ):
                out.append((row, since, day))
                del known[key]
        for key, row in now.items():
            if key not in known:
                known[key] = (row, day)
    out.extend((row, since, None) for row, since in known.values())
    return sorted(out, key=lambda v: (v[1], v[0].metric_key, v[0].period_key))


def versions(
    facts: list[Fact],
    fye: tuple[int, int] | None,
    preliminary: list[MetricRow] | None = None,
) -> list[Version]:
    """Every version of every row the facts give over time, oldest first; `preliminary`: the
    rows results releases gave, each known from its release's day until a periodic report
    covers its period."""
    ordered = sorted(facts, key=lambda f: f.filed)
    # where the company's statements place a line is its presentation, known from any filing
    lines = statement_lines(facts)
    released = [(r.filed_date, r) for r in preliminary or [] if r.filed_date is not None]
    days = sorted({f.filed for f in ordered if f.form in PERIODIC_FORMS} | {d for d, _ in released})
    filed = [f.filed for f in ordered]

    def rows_on(day: date) -> list[MetricRow]:
        taken = bisect_right(filed, day)
        rows = standardize(ordered[:taken], fye, lines) if taken else []
        return settle(rows, [r for when, r in released if when <= day])[0]

    return versions_over(days, rows_on)
