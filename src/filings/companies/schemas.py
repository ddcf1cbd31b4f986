"""Response shapes of the company profile (4.6) and revenue geography (4.7)."""

from __future__ import annotations

from datetime import date
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
        description=(
            "en or fi: headings and tags in that language, the text drawn from documents "
            "in it where they exist; the profile says when its text is in another."
        ),
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
        default=None, description="The language the profile's text is in (en, fi or sv)."
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
    share: JsonDecimal | None = Field(
        default=None,
        description=(
            "Percent of the period's revenue, where the report prints shares; `revenue` is then "
            "this share of the printed total (share_base)."
        ),
    )
    included_in: str | None = Field(
        default=None,
        description=(
            "An 'of which' line: the lines it is part of (not to be added to them), e.g. "
            "Sweden within Europe, Middle East and Africa."
        ),
    )


class GeoPeriod(BaseModel):
    """The period a breakdown covers."""

    kind: str | None = Field(default=None, description="annual, ytd (year to date) or quarter.")
    label: str | None = Field(default=None, description="As reports print it: Jan-Sep 2025.")
    start: date | None = Field(default=None, description="First day.")
    end: date | None = Field(default=None, description="Last day.")


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
            "Catch-all lines that name no country or region (Other countries, Rest of world), "
            "and adjustments a table prints among them (eliminations of internal sales)."
        )
    )
    period: GeoPeriod | None = Field(
        default=None,
        description=(
            "The period the lines cover: the fiscal year, or when the documents break only part "
            "of it down, the longest year to date or the latest quarter they do."
        ),
    )
    source: str | None = Field(
        default=None,
        description=(
            "Where the lines were read: xbrl_dimensions (a 10-K's tagged facts), esef (an ESEF "
            "report's tagged facts) or report_table (a table the report prints)."
        ),
    )
    basis: str | None = Field(
        default=None,
        description=(
            "amounts (printed amounts) or shares_of_total (printed percentages turned into "
            "amounts with the period's printed revenue, share_base)."
        ),
    )
    table_title: str | None = Field(default=None, description="The table's title as printed.")
    table_page_id: str | None = Field(default=None, description="The page the table is on.")
    share_base: JsonDecimal | None = Field(
        default=None, description="The printed revenue the shares were applied to."
    )
    share_base_page_id: str | None = Field(
        default=None, description="The page that prints share_base."
    )
    printed_total: JsonDecimal | None = Field(
        default=None, description="The total line the table prints under its lines."
    )
    adds_up: bool | None = Field(
        default=None,
        description=(
            "Whether the countries, regions and other lines (not the 'of which' lines) add up "
            "to the total revenue within the rounding of the printed values; null when there is "
            "no total to check against."
        ),
    )
    years_available: list[int] = Field(
        default_factory=list, description="Fiscal years with a breakdown, newest first."
    )
