"""Figures as CSV, the tables analysts paste into spreadsheets: `Accept: text/csv` or
`?format=csv` on financials, statement and screen. A miss stays JSON."""

from __future__ import annotations

import csv
import io
from typing import Any

from pydantic import BaseModel

from filings.financials.schemas import FinancialsResponse, ScreenResponse, StatementResponse
from filings.web.deps import as_json

CSV = "text/csv; charset=utf-8"


def _write(rows: list[list[Any]]) -> tuple[bytes, str]:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode(), CSV


def _financials(answer: FinancialsResponse) -> tuple[bytes, str]:
    years = sorted(answer.by_year, reverse=True)
    metrics = list(dict.fromkeys(m for y in years for m in answer.by_year[y]))
    rows: list[list[Any]] = [["metric", *years]]
    rows += [[m, *(answer.by_year[y].get(m, "") for y in years)] for m in metrics]
    return _write(rows)


def _statement(answer: StatementResponse) -> tuple[bytes, str]:
    periods = answer.periods
    keys = list(dict.fromkeys(k for p in periods for k in p.metrics))
    labels = {k: next(p.metrics[k].metric_name for p in periods if k in p.metrics) for k in keys}
    rows: list[list[Any]] = [["metric", "label", *(p.period for p in periods)]]
    for key in keys:
        values = [p.metrics[key].value if key in p.metrics else "" for p in periods]
        rows.append([key, labels[key] or "", *values])
    return _write(rows)


def _screen(answer: ScreenResponse) -> tuple[bytes, str]:
    rows: list[list[Any]] = [
        [
            "rank",
            "company_name",
            "ticker",
            "country",
            "currency",
            f"{answer.metric} {answer.year}",
            f"{answer.metric} {answer.compare_year or ''}".strip(),
            "growth_pct",
        ]
    ]
    for rank, c in enumerate(answer.companies, start=1):
        rows.append(
            [
                rank,
                c.company_name,
                c.ticker or "",
                c.country,
                c.currency or "",
                c.value_anchor,
                "" if c.value_compare is None else c.value_compare,
                "" if c.growth_pct is None else c.growth_pct,
            ]
        )
    return _write(rows)


def csv_table(answer: BaseModel) -> tuple[bytes, str]:
    """An answer of financials, statement or screen as CSV; any other answer as JSON."""
    if isinstance(answer, FinancialsResponse):
        return _financials(answer)
    if isinstance(answer, StatementResponse):
        return _statement(answer)
    if isinstance(answer, ScreenResponse):
        return _screen(answer)
    return as_json(answer)
