"""Reading figures: a company's metric rows grouped into fiscal periods."""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Connection, Row, Select, and_, func, or_, select

from filings.db.tables import companies, company_tags, metric_history, metric_values


@dataclass(frozen=True)
class Figure:
    """One stored metric value."""

    metric_key: str
    value: Decimal
    unit: str | None
    currency: str | None
    metric_name: str | None
    source: str
    page_id: str | None
    accession_number: str | None
    derived: str | None
    preliminary: bool = False  # a results release's figure, until its periodic report


@dataclass
class Period:
    """A fiscal year (`quarter` None) or quarter, with every figure reported for it."""

    fiscal_year: int
    quarter: int | None
    period_end: date
    figures: dict[str, Figure] = field(default_factory=dict)

    @property
    def key(self) -> tuple[int, int]:
        """Sort key: newer first when sorted in reverse; a year sorts after its Q4."""
        return (self.fiscal_year, 5 if self.quarter is None else self.quarter)


def _figure(r: Row[Any]) -> Figure:
    return Figure(
        metric_key=r.metric_key,
        value=Decimal(r.value),
        unit=r.unit,
        currency=r.currency,
        metric_name=r.metric_name,
        source=r.source,
        page_id=r.page_id,
        accession_number=r.accession_number,
        derived=r.derived,
        preliminary=bool(r.preliminary),
    )


def _figures(as_of: date | None) -> Any:
    """The figures as they are (None), or the versions known on `as_of` (a subquery of
    metric_history shaped as metric_values)."""
    if as_of is None:
        return metric_values
    return (
        select(*(c for c in metric_history.c if c.name not in ("known_from", "known_until")))
        .where(
            metric_history.c.known_from <= as_of,
            or_(metric_history.c.known_until.is_(None), metric_history.c.known_until > as_of),
        )
        .subquery("figures")
    )


def has_history(conn: Connection, company_pk: int) -> bool:
    """Whether point-in-time versions are kept for the company."""
    found = conn.execute(
        select(metric_history.c.id).where(metric_history.c.company_pk == company_pk).limit(1)
    )
    return found.first() is not None


def newest_fiscal_year(conn: Connection, company_pk: int, as_of: date | None = None) -> int | None:
    """The newest fiscal year the company has any figure for (known on `as_of`)."""
    figures = _figures(as_of)
    query = select(func.max(figures.c.fiscal_year)).where(figures.c.company_pk == company_pk)
    year = conn.execute(query).scalar_one_or_none()
    return int(year) if year is not None else None


def company_periods(
    conn: Connection,
    company_pk: int,
    metrics: Iterable[str] | None = None,
    since_year: int | None = None,
    as_of: date | None = None,
    lines: str | None = None,
) -> tuple[list[Period], list[Period]]:
    """(annual periods, quarterly periods) of a company, newest first (as known on `as_of`).

    A fiscal year holds its annual flows and the balances at its end; a quarter holds its
    three-month flows and the balances at its end. `lines` adds the issuer's own statement
    lines whose keys start with it (`line:balance_sheet:`), in the order they were printed.
    """
    figures = _figures(as_of)
    query = select(figures).where(figures.c.company_pk == company_pk)
    if metrics is not None:
        wanted = figures.c.metric_key.in_(list(metrics))
        if lines is not None:
            wanted = or_(wanted, figures.c.metric_key.startswith(lines, autoescape=True))
        query = query.where(wanted)
    if since_year is not None:
        query = query.where(figures.c.fiscal_year >= since_year)
    annual: dict[int, Period] = {}
    quarterly: dict[tuple[int, int], Period] = {}
    instants: dict[tuple[int, int], list[Row[Any]]] = defaultdict(list)
    for row in conn.execute(query.order_by(figures.c.period_end, figures.c.id)):
        if row.period_kind == "annual":
            period = annual.setdefault(
                row.fiscal_year, Period(row.fiscal_year, None, row.period_end)
            )
        elif row.period_kind == "quarter" and row.fiscal_quarter:
            key = (row.fiscal_year, row.fiscal_quarter)
            period = quarterly.setdefault(key, Period(*key, row.period_end))
        else:
            instants[(row.fiscal_year, row.fiscal_quarter or 0)].append(row)
            continue
        period.period_end = max(period.period_end, row.period_end)
        period.figures[row.metric_key] = _figure(row)
    for (year, quarter), rows in instants.items():
        end = max(row.period_end for row in rows)
        targets = [quarterly.setdefault((year, quarter), Period(year, quarter, end))]
        if quarter == 4:
            targets.append(annual.setdefault(year, Period(year, None, end)))
        for row in rows:
            figure = _figure(row)
            for target in targets:
                target.figures.setdefault(row.metric_key, figure)
    return _newest_first(annual.values()), _newest_first(quarterly.values())


def _newest_first(periods: Iterable[Period]) -> list[Period]:
    return sorted(periods, key=lambda p: p.key, reverse=True)


def _year_end_rows(figures: Any, metric_key: str) -> ColumnElement[bool]:
    """A metric's rows that stand for a fiscal year: its annual value, or its year-end balance."""
    return and_(
        figures.c.metric_key == metric_key,
        or_(
            figures.c.period_kind == "annual",
            and_(figures.c.period_kind == "instant", figures.c.fiscal_quarter == 4),
        ),
    )


def years_with_values(
    conn: Connection, metric_key: str, universe: Select[Any] | None, as_of: date | None = None
) -> dict[int, int]:
    """fiscal year -> how many companies (of `universe`, a select of company pks, or all) have
    the metric's value for it; read from the (metric, year) index."""
    figures = _figures(as_of)
    query = select(figures.c.fiscal_year, func.count(figures.c.company_pk.distinct())).where(
        _year_end_rows(figures, metric_key)
    )
    if universe is not None:
        query = query.where(figures.c.company_pk.in_(universe))
    return {int(year): int(n) for year, n in conn.execute(query.group_by(figures.c.fiscal_year))}


@dataclass(frozen=True)
class YearValue:
    """A metric's value for one company and fiscal year, as a screen ranks it: the exact
    decimal text as stored, and a float to rank by."""

    text: str
    currency: str | None

    @property
    def value(self) -> Decimal:
        """The exact value."""
        return Decimal(self.text)

    @property
    def number(self) -> float:
        """The value as a float, for ranking only."""
        return float(self.text)


def annual_values(
    conn: Connection,
    metric_key: str,
    years: Iterable[int],
    universe: Select[Any] | None,
    as_of: date | None = None,
) -> dict[int, dict[int, YearValue]]:
    """company pk -> fiscal year -> the metric's annual (or year-end) value, for `years` only,
    of the companies of `universe` (a select of company pks; None: all); read from the
    (metric, year) index alone."""
    out: dict[int, dict[int, YearValue]] = defaultdict(dict)
    figures = _figures(as_of)
    query = select(
        figures.c.company_pk, figures.c.fiscal_year, figures.c.value, figures.c.currency
    ).where(_year_end_rows(figures, metric_key), figures.c.fiscal_year.in_(list(years)))
    if universe is not None:
        query = query.where(figures.c.company_pk.in_(universe))
    for pk, year, value, currency in conn.execute(query.order_by(figures.c.period_end)).all():
        out[pk][year] = YearValue(value, currency)
    return out


class PeriodCache:
    """Recently read periods of companies, keyed by the version of each company's data
    (`companies.updated_at`, which ingestion moves whenever a company's figures change)."""

    def __init__(self, size: int = 256):
        self.size = size
        self._entries: OrderedDict[tuple[object, ...], tuple[list[Period], list[Period]]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def periods(
        self,
        conn: Connection,
        company_pk: int,
        version: object,
        metrics: Iterable[str] | None = None,
        since_year: int | None = None,
        as_of: date | None = None,
        lines: str | None = None,
    ) -> tuple[list[Period], list[Period]]:
        """`company_periods`, from the cache when the company's data has not changed."""
        key = (
            company_pk,
            str(version),
            tuple(metrics) if metrics is not None else None,
            since_year,
            as_of,
            lines,
        )
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
        found = company_periods(conn, company_pk, metrics, since_year, as_of, lines)
        with self._lock:
            self._entries[key] = found
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return found


def screen_universe(
    conn: Connection,
    *,
    country: str | None = None,
    industry: str | None = None,
    tag_slugs: list[str] | None = None,
) -> set[int]:
    """The primary keys of the companies a screen ranks (see `universe_query`)."""
    query = universe_query(country=country, industry=industry, tag_slugs=tag_slugs)
    return set(conn.scalars(query if query is not None else select(companies.c.id)))


def universe_query(
    *,
    country: str | None = None,
    industry: str | None = None,
    tag_slugs: list[str] | None = None,
) -> Select[Any] | None:
    """A select of the company pks a screen ranks; None when nothing narrows the universe.

    `industry` matches as a case-insensitive substring, taken literally: `%` and `_` are
    characters, never LIKE wildcards.
    """
    if not (country or industry or tag_slugs):
        return None
    query = select(companies.c.id)
    if country:
        query = query.where(companies.c.country == country)
    if industry:
        query = query.where(companies.c.industry.icontains(industry, autoescape=True))
    if tag_slugs:
        tagged = select(company_tags.c.company_pk).where(company_tags.c.slug.in_(tag_slugs))
        query = query.where(companies.c.id.in_(tagged))
    return query


def company_rows(conn: Connection, pks: Iterable[int]) -> dict[int, dict[str, object]]:
    """The companies with these primary keys, as mappings."""
    query = select(companies).where(companies.c.id.in_(list(pks)))
    return {row.id: dict(row._mapping) for row in conn.execute(query)}
