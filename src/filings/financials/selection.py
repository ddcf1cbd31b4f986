"""`fields`: an answer of financials, statement or compare narrowed to some metrics, so that a
client (an agent above all) asks for what it reads and no more."""

from __future__ import annotations

from filings.core.metrics import METRICS, canonical_metric, statement_metrics
from filings.core.metrics import Statement as StatementKind
from filings.core.misses import Miss, invalid_choice
from filings.financials.schemas import (
    COMPARE_KPIS,
    CompareResponse,
    FinancialsResponse,
    QuarterlyNotAvailable,
    StatementResponse,
)


def metric_keys(fields: list[str], allowed: list[str]) -> list[str] | Miss:
    """The canonical keys of `fields` (aliases accepted), or the miss naming the first that is
    not one of `allowed`."""
    keys: list[str] = []
    for name in fields:
        key = canonical_metric(name)
        if key is None or key not in allowed:
            return invalid_choice("fields", name, allowed)
        keys.append(key)
    return list(dict.fromkeys(keys))


def only_figures(answer: FinancialsResponse | Miss, fields: list[str]) -> FinancialsResponse | Miss:
    """Key figures with only the metrics of `fields`."""
    if isinstance(answer, Miss):
        return answer
    keys = metric_keys(fields, list(METRICS))
    if isinstance(keys, Miss):
        return keys
    wanted = set(keys)
    by_year = {
        y: {k: v for k, v in row.items() if k in wanted} for y, row in answer.by_year.items()
    }
    latest = answer.latest_period
    if latest is not None and latest.metrics is not None:
        metrics = {k: v for k, v in latest.metrics.items() if k in wanted}
        latest = latest.model_copy(update={"metrics": metrics})
    return answer.model_copy(update={"by_year": by_year, "latest_period": latest})


def only_lines(
    answer: StatementResponse | QuarterlyNotAvailable | Miss, fields: list[str]
) -> StatementResponse | QuarterlyNotAvailable | Miss:
    """A statement with only the lines of `fields` (keys of that statement)."""
    if not isinstance(answer, StatementResponse):
        return answer
    keys = metric_keys(fields, statement_metrics(StatementKind(answer.statement)))
    if isinstance(keys, Miss):
        return keys
    periods = [
        p.model_copy(update={"metrics": {k: p.metrics[k] for k in keys if k in p.metrics}})
        for p in answer.periods
    ]
    return answer.model_copy(update={"periods": periods})


def only_kpis(answer: CompareResponse, fields: list[str]) -> CompareResponse | Miss:
    """A comparison of only the metrics of `fields` (of those compare shows)."""
    keys = metric_keys(fields, COMPARE_KPIS)
    if isinstance(keys, Miss):
        return keys
    wanted = set(keys)
    companies = [
        entry.model_copy(
            update={
                "latest_year": {
                    k: v
                    for k, v in entry.latest_year.items()
                    if k in wanted or k not in COMPARE_KPIS
                },
                "by_year": {
                    y: {k: v for k, v in row.items() if k in wanted}
                    for y, row in entry.by_year.items()
                },
            }
        )
        for entry in answer.companies
    ]
    return answer.model_copy(update={"companies": companies, "kpis": keys})
