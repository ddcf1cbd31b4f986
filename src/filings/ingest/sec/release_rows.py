"""The US side of preliminary figures: an 8-K earnings release's figures as released figures,
each citing the release and its page, and as rows on the company's fiscal calendar."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from filings.ingest.sec.documents_load import StoredRelease
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.preliminary import ReleasedFigure, release_rows
from filings.ingest.standardize.rows import MetricRow


def released(stored: StoredRelease) -> ReleasedFigure:
    """One stored release figure, with the source that cites it."""
    figure = stored.figure
    source = (
        f"preliminary: {figure.label}, earnings release {stored.document} "
        f"({stored.document_type}) of 8-K {stored.accession}, page {figure.page_number}"
    )
    return ReleasedFigure(
        metric_key=figure.metric_key,
        period_kind=figure.period_kind,
        period_end=figure.period_end,
        period_days=figure.period_days,
        value=figure.value,
        label=figure.label,
        filed=stored.filed,
        source=source,
        accession=stored.accession,
    )


def preliminary_rows(
    stored: Iterable[StoredRelease],
    facts: list[Fact],
    *,
    fye: tuple[int, int] | None,
    offset: int,
    currency: str | None,
) -> list[MetricRow]:
    """The company's release figures as preliminary rows. A figure in a currency other than
    the company's reporting currency, or of a company whose fiscal year end is unknown, is
    left out (its period could not be labelled, or compared)."""
    if fye is None:
        return []
    ends = {f.end for f in facts} | {f.start - timedelta(days=1) for f in facts if f.start}
    by_currency: dict[str, list[ReleasedFigure]] = {}
    for item in stored:
        held = item.figure.currency or currency
        if held is not None and (currency is None or held == currency):
            by_currency.setdefault(held, []).append(released(item))
    return [
        row
        for held, figures in by_currency.items()
        for row in release_rows(figures, fye=fye, offset=offset, currency=held, ends=ends)
    ]
