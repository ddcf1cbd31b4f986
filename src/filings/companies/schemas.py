"""Response shapes of the company profile (4.6) and revenue geography (4.7)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from filings.core.arguments import CompanyArgument, split_commas
from filings.core.markets import MARKET_KEYS
from filings.core.numbers import JsonDecimal
from filings.core.shapes import AnswerShape

# The sections a profile may hold (besides the company, locale and source it always names).
PROFILE_SECTIONS = [
    "overview",
    "products_services",
    "customers",
    "strategy",
    "geography",
    "risks",
    "accounting",
]


class ProfileQuery(BaseModel):
    """Arguments of get_profile (GET /companies/{company}/profile)."""

    model_config = ConfigDict(extra="forbid")

    company: CompanyArgument
    locale: str = Field(
        default="en",
        pattern="^(en|fi)$",
        description="en or fi; the profile says when it is in another.",
    )
    include_full_text: bool = Field(
        default=False,
        description="Also return the full text of the overview's source section (large: tens "
        "of kilobytes).",
    )
    sections: Annotated[
        list[str] | None,
        BeforeValidator(split_commas),
        Field(
            description="Only these sections (repeat the parameter or separate them with "
            f"commas): {', '.join(PROFILE_SECTIONS)}; omitted: every section."
        ),
    ] = None


class GeographyQuery(BaseModel):
    """Arguments of get_revenue_geography (GET /companies/{company}/revenue-geography)."""

    model_config = ConfigDict(extra="forbid")

    company: CompanyArgument
    year: int | None = Field(
        default=None, description="Fiscal year; default: the newest year with revenue geography."
    )


class ProfileResponse(AnswerShape):
    """A qualitative profile drawn from filings; further sections may be present."""

    model_config = ConfigDict(extra="allow")

    company_name: str | None = Field(default=None, description="The company's name as filed.")
    locale: str | None = Field(
        default=None, description="The language the profile is in (en or fi)."
    )
    source: str | None = Field(
        default=None,
        description=(
            "How the profile was made (extractive: sentences chosen from filings, each cited)."
        ),
    )
    updated_at: str | None = Field(
        default=None, description="Filing date of the newest document the profile draws on."
    )
    overview: str | None = Field(
        default=None, description="What the company does, in sentences taken from its filings."
    )
    strategy: str | None = Field(
        default=None,
        description="The company's stated strategy, in sentences taken from its filings.",
    )


class GeoEntry(AnswerShape):
    """One country, region or catch-all line of revenue."""

    name: str | None = Field(default=None, description="The name as the filing gives it.")
    iso_alpha2: str | None = Field(
        default=None, description="ISO 3166-1 alpha-2 code of a country."
    )
    entity_type: str | None = Field(
        default=None,
        description="country, region or other (a catch-all such as 'Other countries').",
    )
    revenue: JsonDecimal | None = Field(
        default=None,
        description="Revenue attributed to it in the fiscal year, in the reporting currency.",
    )
    page_id: str | None = Field(
        default=None, description="The page (Nordic) or accession (US) that states the value."
    )


class RevenueGeography(AnswerShape):
    """Revenue split by country and region for one fiscal year (spec 2.7)."""

    company_name: str | None = Field(default=None, description="The company's name as filed.")
    company_id: str | None = Field(default=None, description="The service's id of the company.")
    market: str | None = Field(default=None, description=f"{' or '.join(MARKET_KEYS)}.")
    year: int | None = Field(default=None, description="The fiscal year.")
    currency: str | None = Field(default=None, description="The reporting currency (ISO 4217).")
    unit: str | None = Field(
        default=None, description="The unit of every amount (the reporting currency)."
    )
    total_revenue: JsonDecimal | None = Field(default=None, description="The year's total revenue.")
    total_revenue_mappable: JsonDecimal | None = Field(
        default=None, description="The part of total revenue the lines above account for."
    )
    countries: list[GeoEntry] = Field(description="Revenue by country.")
    regions: list[GeoEntry] = Field(
        description="Revenue by region (Europe, Americas, Asia Pacific ...)."
    )
    other: list[GeoEntry] = Field(
        description=(
            "Catch-all lines that name no country or region (Other countries, Rest of world)."
        )
    )
