"""Response shapes of the company profile (4.6) and revenue geography (4.7)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from filings.core.numbers import JsonDecimal


class ProfileResponse(BaseModel):
    """A qualitative profile drawn from filings; further sections may be present."""

    model_config = ConfigDict(extra="allow")

    company_name: str | None = None
    locale: str | None = None
    source: str | None = None
    updated_at: str | None = None
    overview: str | None = None
    strategy: str | None = None


class GeoEntry(BaseModel):
    """One country, region or catch-all line of revenue."""

    name: str | None = None
    iso_alpha2: str | None = None
    entity_type: str | None = None
    revenue: JsonDecimal | None = None
    page_id: str | None = None


class RevenueGeography(BaseModel):
    """Revenue split by country and region for one fiscal year (spec 2.7)."""

    company_name: str | None = None
    company_id: str | None = None
    market: str | None = None
    year: int | None = None
    currency: str | None = None
    unit: str | None = None
    total_revenue: JsonDecimal | None = None
    total_revenue_mappable: JsonDecimal | None = None
    countries: list[GeoEntry]
    regions: list[GeoEntry]
    other: list[GeoEntry]
