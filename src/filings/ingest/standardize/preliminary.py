"""Preliminary figures: what a company's results release states for a period before the
periodic report that will state it (a US 8-K's earnings release, Item 2.02 with its EX-99.1; a
Nordic year-end release before the annual report). Market-neutral: a reader turns what it read
into `ReleasedFigure`s, and this module makes them rows and settles them against the reported
ones.

- A released figure becomes a row marked `preliminary`, labelled with the company's fiscal
  calendar, its `source` naming the release and its page.
- A periodic report replaces it: once any reported figure covers the period (same kind, same last
  day), the period's preliminary rows give way, whether or not the report states that metric, and
  where both state a metric with different values the difference is reported (`Difference`).
- Derived values of a preliminary period (eps from diluted EPS, margins) are preliminary too.
- Versions (`as_of`) keep the preliminary value from the release's day until the report's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from decimal import Decimal

from filings.core.metrics import metric_unit
from filings.core.periods import fiscal_quarter_of, fiscal_year_of
from filings.ingest.standardize.derive import derive_metrics
from filings.ingest.standardize.rows import MetricRow

# Where the period before a released one ended, in days before its end, by kind: a 12- to
# 17-week quarter, a 52- or 53-week year (or three months and twelve).
PREVIOUS_END = {"quarter": range(83, 120), "annual": range(363, 372)}
CALENDAR_MONTHS = {"quarter": 3, "annual": 12}
WEEKS_DAYS = {"quarter": 91, "annual": 364}  # 13 and 52 weeks, when nothing else tells


@dataclass(frozen=True)
class ReleasedFigure:
    """A figure a results release states, as its reader found it."""

    metric_key: str
    period_kind: str  # quarter | annual
    period_end: date
    period_days: int | None  # when the release counts the period's weeks
    value: Decimal
    label: str  # as printed
    filed: date  # the day the release was filed or published
    source: str  # names the release and its page
    accession: str | None = None  # US: the 8-K's accession number
    page_id: str | None = None  # Nordic: the release page's id


@dataclass(frozen=True)
class Difference:
    """A preliminary figure that its periodic report states otherwise."""

    metric_key: str
    period_kind: str
    fiscal_year: int
    fiscal_quarter: int | None
    period_end: date
    preliminary: Decimal
    reported: Decimal
    release: str  # the preliminary row's source
    report: str  # the reported row's source


def _month_end(day: date) -> bool:
    return (day + timedelta(days=1)).day == 1


def _months_before(end: date, months: int) -> date:
    """The first day of the calendar period of `months` months that ends on month end `end`."""
    month = end.month - months + 1
    year = end.year + (month - 1) // 12
    return date(year, (month - 1) % 12 + 1, 1)


def period_start(figure: ReleasedFigure, ends: set[date]) -> date:
    """The first day of a released period: from its weeks where the release counts them; else
    the day after the company's previous period end its figures know; else a calendar quarter
    or year when it ends on a month's last day; else 13 or 52 weeks."""
    end = figure.period_end
    if figure.period_days:
        return end - timedelta(days=figure.period_days - 1)
    window = PREVIOUS_END[figure.period_kind]
    before = [d for d in ends if (end - d).days in window]
    if before:
        return max(before) + timedelta(days=1)
    if _month_end(end):
        return _months_before(end, CALENDAR_MONTHS[figure.period_kind])
    return end - timedelta(days=WEEKS_DAYS[figure.period_kind] - 1)


def release_rows(
    figures: Iterable[ReleasedFigure],
    *,
    fye: tuple[int, int],
    offset: int,
    currency: str,
    ends: set[date],
) -> list[MetricRow]:
    """The released figures as preliminary rows, labelled with the company's fiscal calendar
    (`fye`, its year end; `offset`, its own labels against the calendar's); `ends`: the period
    ends and balance dates its figures know."""
    rows = []
    for figure in figures:
        end = figure.period_end
        if figure.period_kind == "annual":
            year, quarter = fiscal_year_of(end), None
        else:
            year, quarter = fiscal_quarter_of(end, *fye)
        rows.append(
            MetricRow(
                metric_key=figure.metric_key,
                period_kind=figure.period_kind,
                period_start=period_start(figure, ends),
                period_end=end,
                fiscal_year=year + offset,
                fiscal_quarter=quarter,
                value=figure.value,
                unit=metric_unit(figure.metric_key, currency),
                currency=currency,
                metric_name=figure.label,
                source=figure.source,
                accession_number=figure.accession,
                page_id=figure.page_id,
                filed_date=figure.filed,
                preliminary=True,
            )
        )
    return rows


def _period(row: MetricRow) -> tuple[str, date]:
    return row.period_kind, row.period_end


def settle(
    reported: list[MetricRow], preliminary: list[MetricRow]
) -> tuple[list[MetricRow], list[Difference]]:
    """The reported rows with the preliminary ones no periodic report covers yet (and their
    derived values), and the differences where a report states a preliminary figure otherwise.
    Of two releases stating one figure, the newer wins."""
    if not preliminary:
        return reported, []
    covered = {_period(r): r for r in reported if r.period_kind in ("quarter", "annual")}
    by_metric = {(r.metric_key, *_period(r)): r for r in reported}
    newest: dict[tuple[str, str, date], MetricRow] = {}
    for row in sorted(preliminary, key=lambda r: (r.filed_date or date.min, r.source)):
        newest[(row.metric_key, *_period(row))] = row
    kept: list[MetricRow] = []
    differences: list[Difference] = []
    for key, row in newest.items():
        if _period(row) not in covered:
            kept.append(row)
            continue
        found = by_metric.get(key)
        if found is not None and found.value != row.value:
            differences.append(_difference(row, found))
    derived: list[MetricRow] = []
    if kept:
        for made in derive_metrics(kept, kept[0].currency or ""):
            if (made.metric_key, *_period(made)) not in by_metric:
                derived.append(replace(made, preliminary=True))
    return reported + kept + derived, differences


def _difference(preliminary: MetricRow, reported: MetricRow) -> Difference:
    return Difference(
        metric_key=preliminary.metric_key,
        period_kind=preliminary.period_kind,
        fiscal_year=reported.fiscal_year,
        fiscal_quarter=reported.fiscal_quarter,
        period_end=reported.period_end,
        preliminary=preliminary.value,
        reported=reported.value,
        release=preliminary.source,
        report=reported.source,
    )
