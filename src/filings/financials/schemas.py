"""Request and response shapes of financials, statement, compare and screen (4.4, 4.5, 4.8, 4.9)."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from filings.core.arguments import (
    AsOfArgument,
    CompanyArgument,
    MarketArgument,
    MetricsArgument,
    QuarterArgument,
    YearArgument,
)
from filings.core.markets import MARKET_KEYS, SCREEN_COUNTRIES
from filings.core.metrics import METRIC_ALIASES, METRICS
from filings.core.numbers import JsonDecimal
from filings.core.shapes import AnswerShape

_COUNTRY_CHOICES = f"{', '.join(SCREEN_COUNTRIES[:-1])} or {SCREEN_COUNTRIES[-1]}"

PERIOD_TYPES = ["auto", "annual", "quarterly"]
STATEMENTS = ["income_statement", "balance_sheet", "cash_flow"]
SCREEN_MODES = ["growth", "value"]
DIRECTIONS = ["desc", "asc"]
# The metrics compare shows, in its order.
COMPARE_KPIS = [
    "revenue",
    "operating_income",
    "ebitda",
    "net_income",
    "eps",
    "operating_margin",
    "net_margin",
    "free_cash_flow",
    "total_assets",
    "equity",
    "equity_ratio",
]


class FinancialsQuery(BaseModel):
    """Arguments of get_financials (GET /companies/{company}/financials)."""

    model_config = ConfigDict(extra="forbid")

    company: CompanyArgument
    years: int = Field(
        default=5, ge=1, le=10, description="How many of the newest fiscal years by_year holds."
    )
    market: MarketArgument = None
    period_type: str = Field(
        default="auto",
        description="auto, annual or quarterly: which kind of period latest_period is.",
    )
    year: YearArgument = None
    quarter: QuarterArgument = None
    as_of: AsOfArgument = None
    fields: MetricsArgument = None


class StatementQuery(BaseModel):
    """Arguments of get_statement (GET /companies/{company}/statement)."""

    model_config = ConfigDict(extra="forbid")

    company: CompanyArgument
    statement: str = Field(
        default="income_statement", description=f"{', '.join(STATEMENTS[:-1])} or {STATEMENTS[-1]}."
    )
    years: int = Field(
        default=10, ge=1, le=25, description="How many periods to return, newest first (1 to 25)."
    )
    market: MarketArgument = None
    period_type: str = Field(
        default="annual",
        description="annual, quarterly or auto (quarters and years mixed, newest first).",
    )
    year: YearArgument = None
    quarter: QuarterArgument = None
    as_of: AsOfArgument = None
    fields: MetricsArgument = None


class MetricValue(AnswerShape):
    """One figure of `latest_period.metrics`."""

    value: JsonDecimal | None = Field(
        default=None,
        description="The value as reported, in the unit given (never scaled, never converted).",
    )
    unit: str | None = Field(
        default=None, description="USD, SEK, TWD ...; USD/share; % for ratios."
    )
    source: str | None = Field(
        default=None,
        description=(
            "Where the value comes from: XBRL concept and accession, a "
            "document page, or how it was derived."
        ),
    )
    page_id: str | None = Field(
        default=None,
        description="The page (Nordic) that states the value, to cite and to open as a snapshot.",
    )
    preliminary: bool = Field(
        default=False,
        description="True for a figure a results release (an 8-K earnings release, a year-end "
        "release) states before the periodic report does; `source` names the release and its "
        "page. The report's figure replaces it when it arrives.",
    )


class LatestPeriod(AnswerShape):
    """The newest (or pinned) period with its figures."""

    period_label: str | None = Field(
        default=None, description="The period as people write it (FY2024, Q3 2025)."
    )
    period_type: str | None = Field(default=None, description="annual or quarterly.")
    year: int | None = Field(default=None, description="Fiscal year.")
    quarter: int | None = Field(
        default=None, description="Fiscal quarter 1 to 4; null for a fiscal year."
    )
    period_end: str | None = Field(default=None, description="Last day of the period (ISO 8601).")
    source: str | None = Field(
        default=None, description="The filing most of the period's figures come from."
    )
    metrics: dict[str, MetricValue] | None = Field(
        default=None, description="Metric key -> value with its unit and source."
    )
    preliminary: bool = Field(
        default=False,
        description="True when figures of the period are preliminary: a results release "
        "states them and its periodic report has not yet arrived.",
    )


class FinancialsResponse(AnswerShape):
    """Key figures of one company (spec 2.4)."""

    company_name: str = Field(description="The company's name as filed.")
    display_name: str | None = Field(default=None, description="The company's short name.")
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")
    ticker: str | None = Field(default=None, description="The company's first ticker.")
    exchange: str | None = Field(
        default=None, description="The MIC of the company's exchange (XNAS, XHEL, XSTO ...)."
    )
    currency: str | None = Field(
        default=None, description="The reporting currency (ISO 4217); values are never converted."
    )
    by_year: dict[str, dict[str, Any]] = Field(
        description="Year key (string) to metric values of that fiscal year."
    )
    latest_period: LatestPeriod | None = Field(
        default=None,
        description="The newest period (or the one `year`/`quarter` pin) with every metric of it.",
    )
    preliminary: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Year key -> the metric keys of `by_year` whose values are preliminary "
        "(a results release's, before the annual report); empty when none is.",
    )


class StatementLine(AnswerShape):
    """One line of a statement period."""

    metric_name: str | None = Field(
        default=None, description="The line's label as the issuer printed it."
    )
    value: JsonDecimal | None = Field(default=None, description="The value as reported.")
    unit: str | None = Field(
        default=None, description="USD, SEK ...; USD/share for per-share lines."
    )
    currency: str | None = Field(default=None, description="The reporting currency.")
    source: str | None = Field(default=None, description="Where the value comes from.")
    page_id: str | None = Field(default=None, description="The page (Nordic) that states the line.")
    preliminary: bool = Field(
        default=False,
        description="True for a line a results release states before the periodic report "
        "does; `source` names the release and its page.",
    )


class StatementPeriod(AnswerShape):
    """One period column of a statement."""

    year: int | None = Field(default=None, description="Fiscal year.")
    quarter: int | None = Field(default=None, description="Fiscal quarter; null for a fiscal year.")
    period: str | None = Field(
        default=None, description="The period as people write it (FY2024, Q3 2025)."
    )
    period_end: str | None = Field(default=None, description="Last day of the period (ISO 8601).")
    source: str | None = Field(
        default=None, description="The filing most of the period's lines come from."
    )
    metrics: dict[str, StatementLine] = Field(description="Metric key -> line.")


class StatementResponse(AnswerShape):
    """A full statement (spec 2.5)."""

    company_name: str = Field(description="The company's name as filed.")
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")
    statement: str = Field(description="income_statement, balance_sheet or cash_flow.")
    period_type: str = Field(description="annual or quarterly.")
    currency: str | None = Field(default=None, description="The reporting currency (ISO 4217).")
    periods: list[StatementPeriod] = Field(description="Periods newest first.")


class QuarterlyNotAvailable(AnswerShape):
    """The quarterly Nordic statement answer: `error` without failure_kind (spec 4.5)."""

    error: str = Field(
        default="quarterly_line_items_not_available",
        description="Why there are no quarterly figures.",
    )
    detail: str = Field(description="What the company publishes instead.")
    company_name: str | None = Field(default=None, description="The company's name as filed.")
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")


class CompareRequest(BaseModel):
    """Body of POST /companies/compare."""

    model_config = ConfigDict(extra="forbid")

    companies: list[str] = Field(min_length=2, max_length=5, description="Names or tickers.")
    as_of: date | None = Field(
        default=None,
        description="The figures as they were known on this day (filings filed on or before "
        "it); companies without point-in-time figures are listed in not_found.",
    )
    years: int = Field(
        description="How many of the newest fiscal years to show (1 to 10).", default=3, ge=1, le=10
    )
    fields: MetricsArgument = Field(
        default=None,
        description="Only these of the compared metrics (repeat or separate with commas): "
        f"{', '.join(COMPARE_KPIS)}; omitted: all of them.",
    )


class CompareEntry(AnswerShape):
    """One company of a comparison (spec 2.8)."""

    company_name: str | None = Field(default=None, description="The company's name as filed.")
    display_name: str | None = Field(default=None, description="The company's short name.")
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")
    ticker: str | None = Field(default=None, description="The company's first ticker.")
    latest_year: dict[str, Any] = Field(
        description="The newest fiscal year with figures.", default_factory=dict
    )
    by_year: dict[str, dict[str, Any]] = Field(
        description="Fiscal year -> metric key -> value, for the newest `years` years.",
        default_factory=dict,
    )


class CompareResponse(AnswerShape):
    """Answer of compare."""

    companies: list[CompareEntry] = Field(
        description="One entry per company resolved, in the order asked."
    )
    kpis: list[str] = Field(description="The metric keys compared.")
    not_found: list[str] = Field(description="Inputs that did not resolve to one company.")


class ScreenRequest(BaseModel):
    """Body of POST /companies/screen; every field is optional."""

    model_config = ConfigDict(extra="forbid")

    metric: str = Field(
        default="revenue",
        description="The metric to rank by: "
        + ", ".join(METRICS)
        + "; aliases accepted ("
        + ", ".join(f"{a} = {k}" for a, k in METRIC_ALIASES.items())
        + ").",
    )
    mode: str = Field(default="growth", description="growth or value.")
    year: int | None = Field(
        default=None,
        description="The fiscal year to rank; default: the newest year most companies have.",
    )
    compare_years: int = Field(
        description="Years between the compared year and `year`, for growth (1 to 10).",
        default=1,
        ge=1,
        le=10,
    )
    country: str | None = Field(
        default=None, description=f"{', '.join(SCREEN_COUNTRIES[:-1])} or {SCREEN_COUNTRIES[-1]}."
    )
    industry: str | None = Field(default=None, description="Substring of the industry.")
    tag_slugs: list[str] | None = Field(
        default=None,
        description="Only companies with any of these tags (sector slugs such as semiconductors).",
    )
    top_n: int = Field(
        description="How many companies to return (1 to 100).", default=20, ge=1, le=100
    )
    direction: str = Field(default="desc", description="desc or asc.")
    min_value: float | None = Field(
        default=None,
        description="Leave out companies ranked below this (the value, or the growth in percent).",
    )
    as_of: date | None = Field(
        default=None,
        description="Rank the values as they were known on this day (filings filed on or "
        "before it); only companies with point-in-time figures take part.",
    )
    currency: str | None = Field(
        default=None,
        pattern="^[A-Za-z]{3}$",
        description="Rank only values reported in this ISO 4217 currency (USD, SEK, EUR, TWD). "
        "Values are never converted between currencies.",
    )


class ScreenedCompany(AnswerShape):
    """One ranked company (spec 2.9)."""

    company_name: str | None = Field(default=None, description="The company's name as filed.")
    display_name: str | None = Field(default=None, description="The company's short name.")
    ticker: str | None = Field(default=None, description="The company's first ticker.")
    country: str | None = Field(
        default=None, description="ISO 3166-1 alpha-2 country of the listing market."
    )
    industry: str | None = Field(
        default=None, description="The company's industry as its registry gives it."
    )
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")
    currency: str | None = Field(default=None, description="The reporting currency of the values.")
    value_anchor: JsonDecimal | None = Field(
        default=None, description="The metric's value in the ranked year."
    )
    value_compare: JsonDecimal | None = Field(
        default=None, description="The metric's value in the compared year."
    )
    growth_pct: JsonDecimal | None = Field(
        default=None,
        description="Compound annual growth in percent, from value_compare to value_anchor.",
    )


class ScreenResponse(AnswerShape):
    """Answer of screen."""

    metric: str = Field(description="The canonical metric key ranked.")
    mode: str = Field(description="growth or value.")
    year: int | None = Field(default=None, description="The fiscal year ranked.")
    compare_year: int | None = Field(
        default=None, description="The year growth is measured from (growth mode)."
    )
    filters: dict[str, Any] = Field(description="The filters applied, as sent.")
    companies: list[ScreenedCompany] = Field(
        description="The ranked companies, best first by `direction`."
    )
    coverage: dict[str, int] = Field(
        description="with_data: companies ranked; returned: companies in the answer."
    )
    currencies: list[str] = Field(
        default_factory=list,
        description="The reporting currencies of the ranked values, most frequent first.",
    )
    warning: str | None = Field(
        default=None,
        description="Set when the ranked values are in more than one currency: in value mode "
        "they are compared as reported, without conversion.",
    )
