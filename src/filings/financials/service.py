"""Financial figures: key figures, statements, comparisons and screens, for both markets."""

from __future__ import annotations

import math
from collections import Counter
from datetime import date
from decimal import Decimal

from sqlalchemy import Connection

from filings.companies.queries import primary_tickers
from filings.companies.service import (
    Company,
    CompanyDirectory,
    check_market,
    company_not_found,
    resolve_company,
)
from filings.core.markets import SCREEN_COUNTRIES
from filings.core.markets import market as market_of
from filings.core.metrics import METRICS, Statement, canonical_metric, statement_metrics
from filings.core.misses import Miss, invalid_choice
from filings.core.numbers import round_percent, to_json_number
from filings.core.periods import period_label
from filings.financials.queries import (
    Period,
    PeriodCache,
    YearValue,
    annual_values,
    company_rows,
    has_history,
    newest_fiscal_year,
    universe_query,
    years_with_values,
)
from filings.financials.schemas import (
    COMPARE_KPIS,
    DIRECTIONS,
    PERIOD_TYPES,
    SCREEN_MODES,
    STATEMENTS,
    CompareEntry,
    CompareRequest,
    CompareResponse,
    FinancialsResponse,
    LatestPeriod,
    MetricValue,
    QuarterlyNotAvailable,
    ScreenedCompany,
    ScreenRequest,
    ScreenResponse,
    StatementLine,
    StatementPeriod,
    StatementResponse,
)

FIGURE_KEYS = tuple(METRICS)  # financials shows the vocabulary, never an issuer's own lines
LINE_PREFIX = "line:"  # an issuer's own statement line: line:<statement>:<label>


def _check(argument: str, value: str | None, allowed: list[str]) -> Miss | None:
    if value is not None and value not in allowed:
        return invalid_choice(argument, value, allowed)
    return None


def _no_history(conn: Connection, company: Company, text: str, as_of: date | None) -> Miss | None:
    """The miss for `as_of` on a company whose point-in-time versions are not kept."""
    if as_of is None or has_history(conn, company.pk):
        return None
    return company_not_found(
        company,
        text,
        f"No point-in-time figures for {company.display_name}",
        "Figures as known on a date are kept for US companies ingested with "
        "`filings ingest sec --history`, for Nordic companies from their documents' publication "
        "dates and for their ESEF annual reports (`filings ingest esef`); ask without as_of for "
        "today's figures.",
        as_of=as_of.isoformat(),
    )


def _no_figures(company: Company, text: str) -> Miss:
    return company_not_found(
        company,
        text,
        f"No financial figures for {company.display_name}",
        "No figures have been ingested for this company.",
    )


def _label(period: Period) -> str:
    return period_label(period.fiscal_year, period.quarter)


def _by_year(annual: list[Period], years: int) -> dict[str, dict[str, object]]:
    return {
        str(p.fiscal_year): {k: to_json_number(f.value) for k, f in sorted(p.figures.items())}
        for p in annual[:years]
    }


def _period_source(period: Period) -> str | None:
    accessions = [f.accession_number for f in period.figures.values() if f.accession_number]
    if accessions:
        return max(set(accessions), key=accessions.count)
    pages = [f.page_id.rsplit("_", 1)[0] for f in period.figures.values() if f.page_id]
    return max(set(pages), key=pages.count) if pages else None


def _preliminary(annual: list[Period], years: int) -> dict[str, list[str]]:
    """Per year of `by_year`, its metric keys whose values are preliminary."""
    found = {
        str(p.fiscal_year): sorted(k for k, f in p.figures.items() if f.preliminary)
        for p in annual[:years]
    }
    return {year: keys for year, keys in found.items() if keys}


def _latest(period: Period) -> LatestPeriod:
    figures = period.figures.values()
    return LatestPeriod(
        period_label=_label(period),
        period_type="annual" if period.quarter is None else "quarterly",
        year=period.fiscal_year,
        quarter=period.quarter,
        period_end=period.period_end.isoformat(),
        source=_period_source(period),
        metrics={
            key: MetricValue(
                value=f.value,
                unit=f.unit,
                source=f.source,
                page_id=f.page_id,
                preliminary=f.preliminary,
            )
            for key, f in sorted(period.figures.items())
        },
        preliminary=any(f.preliminary for f in figures),
    )


def _pick_period(
    annual: list[Period],
    quarterly: list[Period],
    period_type: str,
    year: int | None,
    quarter: int | None,
) -> Period | None:
    if quarter is not None or (period_type == "quarterly"):
        candidates = [p for p in quarterly if (year is None or p.fiscal_year == year)]
        candidates = [p for p in candidates if quarter is None or p.quarter == quarter]
    elif period_type == "annual" or year is not None:
        candidates = [p for p in annual if year is None or p.fiscal_year == year]
    else:
        candidates = sorted(
            [*annual, *quarterly], key=lambda p: (p.period_end, p.quarter is None), reverse=True
        )
    return candidates[0] if candidates else None


def _available(annual: list[Period], quarterly: list[Period]) -> str:
    labels = [_label(p) for p in annual[:10]] + [_label(p) for p in quarterly[:8]]
    return "Available periods: " + ", ".join(labels)


def financials(
    conn: Connection,
    directory: CompanyDirectory,
    cache: PeriodCache,
    *,
    company: str,
    years: int,
    market: str | None,
    period_type: str,
    year: int | None,
    quarter: int | None,
    as_of: date | None = None,
) -> FinancialsResponse | Miss:
    """Key figures by year and the latest (or pinned) period of one company, as they were
    known on `as_of` when given."""
    problem = check_market(market) or _check("period_type", period_type, PERIOD_TYPES)
    if problem is not None:
        return problem
    resolved = resolve_company(conn, directory, company, market)
    if isinstance(resolved, Miss):
        return resolved
    untracked = _no_history(conn, resolved, company, as_of)
    if untracked is not None:
        return untracked
    newest = newest_fiscal_year(conn, resolved.pk, as_of)
    if newest is None:
        return _no_figures(resolved, company)
    since = min(newest - years, year if year is not None else newest)
    annual, quarterly = cache.periods(
        conn, resolved.pk, resolved.updated_at, FIGURE_KEYS, since_year=since, as_of=as_of
    )
    latest = _pick_period(annual, quarterly, period_type, year, quarter)
    if latest is None and (year is not None or quarter is not None):
        return company_not_found(
            resolved, company, "No figures for the period asked", _available(annual, quarterly)
        )
    return FinancialsResponse(
        company_name=resolved.company_name,
        display_name=resolved.display_name,
        market=resolved.market,
        ticker=resolved.ticker,
        exchange=resolved.exchange,
        currency=resolved.currency,
        by_year=_by_year(annual, years),
        latest_period=_latest(latest) if latest else None,
        preliminary=_preliminary(annual, years),
    )


def _statement_period(period: Period, keys: list[str], lines: str) -> StatementPeriod | None:
    """A period's statement lines: the vocabulary's, then the issuer's own lines (no key fits
    them) under `line:<label>`, in the order they were printed."""
    chosen = [(key, f) for key in keys if (f := period.figures.get(key)) is not None]
    chosen += [(key, f) for key, f in period.figures.items() if key.startswith(lines)]
    if not chosen:
        return None
    return StatementPeriod(
        year=period.fiscal_year,
        quarter=period.quarter,
        period=str(period.fiscal_year) if period.quarter is None else _label(period),
        period_end=period.period_end.isoformat(),
        source=_period_source(period),
        metrics={
            (
                LINE_PREFIX + key.removeprefix(lines) if key.startswith(lines) else key
            ): StatementLine(
                metric_name=f.metric_name,
                value=f.value,
                unit=f.unit,
                currency=f.currency,
                source=f.source,
                page_id=f.page_id,
                preliminary=f.preliminary,
            )
            for key, f in chosen
        },
    )


def statement(
    conn: Connection,
    directory: CompanyDirectory,
    cache: PeriodCache,
    *,
    company: str,
    statement: str,
    years: int,
    market: str | None,
    period_type: str,
    year: int | None,
    quarter: int | None,
    as_of: date | None = None,
) -> StatementResponse | QuarterlyNotAvailable | Miss:
    """One statement of one company, up to `years` periods, newest first (as known on
    `as_of` when given)."""
    problem = (
        check_market(market)
        or _check("statement", statement, STATEMENTS)
        or _check("period_type", period_type, PERIOD_TYPES)
    )
    if problem is not None:
        return problem
    resolved = resolve_company(conn, directory, company, market)
    if isinstance(resolved, Miss):
        return resolved
    if period_type == "quarterly" and not market_of(resolved.market).quarterly_line_items:
        return QuarterlyNotAvailable(
            detail="Nordic reports give quarterly key figures, not quarterly statement line "
            "items; ask for period_type=annual, or use the financials endpoint for quarters.",
            company_name=resolved.company_name,
            market=resolved.market,
        )
    keys = statement_metrics(Statement(statement))
    untracked = _no_history(conn, resolved, company, as_of)
    if untracked is not None:
        return untracked
    newest = newest_fiscal_year(conn, resolved.pk, as_of)
    if newest is None:
        return _no_figures(resolved, company)
    # A year holds at most five periods (four quarters and the year), so this covers `years`.
    span = years if period_type == "annual" else years // 4 + 2
    since = min(newest - span, year if year is not None else newest)
    lines = f"{LINE_PREFIX}{statement}:"
    annual, quarterly = cache.periods(
        conn, resolved.pk, resolved.updated_at, keys, since, as_of, lines
    )
    if period_type == "quarterly" and not quarterly:
        # A filer of annual reports only (a 20-F filer such as TSMC): no quarter to show, and
        # annual rows would pass for quarters.
        return company_not_found(
            resolved,
            company,
            f"No quarterly figures for {resolved.display_name} in the years asked",
            "Its filings held here give annual figures only for these years (a 20-F filer "
            "reports annually); ask for period_type=annual.",
        )
    if period_type == "auto":
        chosen = sorted(
            [*annual, *quarterly], key=lambda p: (p.period_end, p.quarter is None), reverse=True
        )
    else:
        chosen = annual if period_type == "annual" else quarterly
    chosen = [p for p in chosen if (year is None or p.fiscal_year == year)]
    chosen = [p for p in chosen if (quarter is None or p.quarter == quarter)]
    periods = [sp for p in chosen if (sp := _statement_period(p, keys, lines)) is not None]
    periods = periods[:years]
    return StatementResponse(
        company_name=resolved.company_name,
        market=resolved.market,
        statement=statement,
        period_type=period_type,
        currency=resolved.currency,
        periods=periods,
    )


def compare(
    conn: Connection, directory: CompanyDirectory, cache: PeriodCache, request: CompareRequest
) -> CompareResponse:
    """Side-by-side key figures of 2 to 5 companies; unresolved inputs are listed in not_found."""
    entries: list[CompareEntry] = []
    not_found: list[str] = []
    for text in request.companies:
        resolved = resolve_company(conn, directory, text)
        if isinstance(resolved, Miss):
            not_found.append(text)
            continue
        if request.as_of is not None and not has_history(conn, resolved.pk):
            not_found.append(text)  # no figures as of a date are kept for it
            continue
        annual, _ = cache.periods(
            conn, resolved.pk, resolved.updated_at, COMPARE_KPIS, as_of=request.as_of
        )
        by_year = {
            str(p.fiscal_year): {
                k: to_json_number(p.figures[k].value) for k in COMPARE_KPIS if k in p.figures
            }
            for p in annual[: request.years]
        }
        latest: dict[str, object] = {}
        # The newest year with results, not one that only has a year-end balance yet.
        with_results = [p for p in annual if "revenue" in p.figures or "net_income" in p.figures]
        if with_results:
            newest = with_results[0]
            latest = {"year": str(newest.fiscal_year), "currency": resolved.currency}
            latest |= {
                k: to_json_number(newest.figures[k].value)
                for k in COMPARE_KPIS
                if k in newest.figures
            }
        entries.append(
            CompareEntry(
                company_name=resolved.company_name,
                display_name=resolved.display_name,
                market=resolved.market,
                ticker=resolved.ticker,
                latest_year=latest,
                by_year=by_year,
            )
        )
    return CompareResponse(companies=entries, kpis=list(COMPARE_KPIS), not_found=not_found)


def _rough_growth(anchor: YearValue, base: YearValue | None, years: int) -> float | None:
    """The compound annual growth in percent, in floats, for ranking."""
    if base is None or anchor.number <= 0 or base.number <= 0:
        return None
    return float((math.pow(anchor.number / base.number, 1 / years) - 1) * 100)


def _growth(anchor: Decimal, base: Decimal, years: int) -> Decimal | None:
    if anchor <= 0 or base <= 0:
        return None  # a compound rate needs two positive values
    rate = (math.pow(float(anchor / base), 1 / years) - 1) * 100
    return round_percent(Decimal(repr(rate)))


def screen(conn: Connection, request: ScreenRequest) -> ScreenResponse | Miss:
    """Rank the universe by a metric's compound annual growth or value."""
    key = canonical_metric(request.metric)
    if key is None:
        return invalid_choice("metric", request.metric, sorted(METRICS))
    problem = (
        _check("mode", request.mode, SCREEN_MODES)
        or _check("direction", request.direction, DIRECTIONS)
        or _check("country", request.country, SCREEN_COUNTRIES)
    )
    if problem is not None:
        return problem
    universe = universe_query(
        country=request.country, industry=request.industry, tag_slugs=request.tag_slugs
    )
    year = request.year or _common_year(years_with_values(conn, key, universe, request.as_of))
    compare_year = None if year is None else year - request.compare_years
    wanted = [] if year is None else [year, *([compare_year] if compare_year is not None else [])]
    values = annual_values(conn, key, wanted, universe, request.as_of)
    # Ranked in floats (5,000 companies' growth in Decimal costs more than the query); the
    # answer's values and growth rates are then computed exactly for the companies returned.
    minimum = request.min_value
    wanted_currency = request.currency.upper() if request.currency else None
    scored: list[tuple[float, int, YearValue, YearValue | None]] = []
    currencies: Counter[str] = Counter()
    for pk, by_year in values.items():
        anchor = by_year.get(year) if year is not None else None
        if anchor is None or (wanted_currency and anchor.currency != wanted_currency):
            continue
        base = by_year.get(compare_year) if compare_year is not None else None
        if request.mode == "value":
            score: float | None = anchor.number
        else:
            score = _rough_growth(anchor, base, request.compare_years)
        if score is None or (minimum is not None and round(score, 2) < minimum):
            continue
        scored.append((score, pk, anchor, base))
        currencies[anchor.currency or "?"] += 1
    scored.sort(key=lambda item: (item[0], -item[1]), reverse=request.direction == "desc")
    chosen = [
        (
            pk,
            anchor,
            base,
            _growth(anchor.value, base.value, request.compare_years) if base else None,
        )
        for _, pk, anchor, base in scored[: request.top_n]
    ]
    tickers = primary_tickers(conn, {pk for pk, *_ in chosen})
    listed = company_rows(conn, (pk for pk, *_ in chosen))
    rows = [
        _screened(listed[pk], tickers.get(pk), anchor, base, growth)
        for pk, anchor, base, growth in chosen
    ]
    filters = request.model_dump(
        include={"country", "industry", "tag_slugs", "min_value", "direction", "top_n", "currency"},
        exclude_none=True,
    )
    listed_currencies = [c for c, _ in currencies.most_common()]
    return ScreenResponse(
        metric=key,
        mode=request.mode,
        year=year,
        compare_year=compare_year if request.mode == "growth" else None,
        filters=filters,
        companies=rows,
        coverage={"with_data": len(scored), "returned": len(rows)},
        currencies=listed_currencies,
        warning=_currency_warning(listed_currencies, request.mode),
    )


def _currency_warning(currencies: list[str], mode: str) -> str | None:
    """What a reader of a ranking across currencies must know."""
    if len(currencies) < 2:
        return None
    listed = ", ".join(currencies)
    if mode == "value":
        return (
            f"Values are in their reporting currencies ({listed}) and compared as reported, "
            "without conversion; send currency to rank one currency."
        )
    return (
        f"Growth rates are computed in each company's reporting currency ({listed}); "
        "send currency to rank one currency."
    )


def _common_year(counts: dict[int, int]) -> int | None:
    """The newest fiscal year that most of the universe has a value for."""
    if not counts:
        return None
    return max(counts, key=lambda y: (counts[y], y))


def _screened(
    company: dict[str, object],
    ticker: str | None,
    anchor: YearValue,
    base: YearValue | None,
    growth: Decimal | None,
) -> ScreenedCompany:
    return ScreenedCompany(
        company_name=str(company["company_name"]),
        display_name=str(company["display_name"]),
        ticker=ticker,
        country=str(company["country"]),
        industry=company["industry"] if isinstance(company["industry"], str) else None,
        market=str(company["market"]),
        currency=anchor.currency,
        value_anchor=anchor.value,
        value_compare=base.value if base else None,
        growth_pct=growth,
    )
