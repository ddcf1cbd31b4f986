"""Request and response shapes of financials, statement, compare and screen (4.4, 4.5, 4.8, 4.9)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from filings.core.numbers import JsonDecimal

PERIOD_TYPES = ["auto", "annual", "quarterly"]
STATEMENTS = ["income_statement", "balance_sheet", "cash_flow"]
SCREEN_MODES = ["growth", "value"]
DIRECTIONS = ["desc", "asc"]
COUNTRIES = ["FI", "SE", "US"]


class MetricValue(BaseModel):
    """One figure of `latest_period.metrics`."""

    value: JsonDecimal | None = None
    unit: str | None = None
    source: str | None = None
    page_id: str | None = None


class LatestPeriod(BaseModel):
    """The newest (or pinned) period with its figures."""

    period_label: str | None = None
    period_type: str | None = None
    year: int | None = None
    quarter: int | None = None
    period_end: str | None = None
    source: str | None = None
    metrics: dict[str, MetricValue] | None = None


class FinancialsResponse(BaseModel):
    """Key figures of one company (spec 2.4)."""

    company_name: str
    display_name: str | None = None
    market: str | None = None
    ticker: str | None = None
    exchange: str | None = None
    currency: str | None = None
    by_year: dict[str, dict[str, Any]] = Field(
        description="Year key (string) to metric values of that fiscal year."
    )
    latest_period: LatestPeriod | None = None


class StatementLine(BaseModel):
    """One line of a statement period."""

    metric_name: str | None = None
    value: JsonDecimal | None = None
    unit: str | None = None
    currency: str | None = None
    source: str | None = None
    page_id: str | None = None


class StatementPeriod(BaseModel):
    """One period column of a statement."""

    year: int | None = None
    quarter: int | None = None
    period: str | None = None
    period_end: str | None = None
    source: str | None = None
    metrics: dict[str, StatementLine]


class StatementResponse(BaseModel):
    """A full statement (spec 2.5)."""

    company_name: str
    market: str | None = None
    statement: str
    period_type: str
    currency: str | None = None
    periods: list[StatementPeriod]


class QuarterlyNotAvailable(BaseModel):
    """The quarterly Nordic statement answer: `error` without failure_kind (spec 4.5)."""

    error: str = "quarterly_line_items_not_available"
    detail: str
    company_name: str | None = None
    market: str | None = None


class CompareRequest(BaseModel):
    """Body of POST /companies/compare."""

    model_config = ConfigDict(extra="forbid")

    companies: list[str] = Field(min_length=2, max_length=5, description="Names or tickers.")
    years: int = Field(default=3, ge=1, le=10)


class CompareEntry(BaseModel):
    """One company of a comparison (spec 2.8)."""

    company_name: str | None = None
    display_name: str | None = None
    market: str | None = None
    ticker: str | None = None
    latest_year: dict[str, Any] = Field(default_factory=dict)
    by_year: dict[str, dict[str, Any]] = Field(default_factory=dict)


class CompareResponse(BaseModel):
    """Answer of compare."""

    companies: list[CompareEntry]
    kpis: list[str]
    not_found: list[str]


class ScreenRequest(BaseModel):
    """Body of POST /companies/screen; every field is optional."""

    model_config = ConfigDict(extra="forbid")

    metric: str = Field(default="revenue", description="A metric key (aliases accepted).")
    mode: str = Field(default="growth", description="growth or value.")
    year: int | None = None
    compare_years: int = Field(default=1, ge=1, le=10)
    country: str | None = Field(default=None, description="FI, SE or US.")
    industry: str | None = Field(default=None, description="Substring of the industry.")
    tag_slugs: list[str] | None = None
    top_n: int = Field(default=20, ge=1, le=100)
    direction: str = Field(default="desc", description="desc or asc.")
    min_value: float | None = None
    currency: str | None = Field(
        default=None,
        pattern="^[A-Za-z]{3}$",
        description="Rank only values reported in this ISO 4217 currency (USD, SEK, EUR, TWD). "
        "Values are never converted between currencies.",
    )


class ScreenedCompany(BaseModel):
    """One ranked company (spec 2.9)."""

    company_name: str | None = None
    display_name: str | None = None
    ticker: str | None = None
    country: str | None = None
    industry: str | None = None
    market: str | None = None
    currency: str | None = None
    value_anchor: JsonDecimal | None = None
    value_compare: JsonDecimal | None = None
    growth_pct: JsonDecimal | None = None


class ScreenResponse(BaseModel):
    """Answer of screen."""

    metric: str
    mode: str
    year: int | None = None
    compare_year: int | None = None
    filters: dict[str, Any]
    companies: list[ScreenedCompany]
    coverage: dict[str, int]
    currencies: list[str] = Field(
        default_factory=list,
        description="The reporting currencies of the ranked values, most frequent first.",
    )
    warning: str | None = Field(
        default=None,
        description="Set when the ranked values are in more than one currency: in value mode "
        "they are compared as reported, without conversion.",
    )
