"""The API's answers and requests as pydantic models, generated from openapi.json by
`generate_models.py`; do not edit by hand. Unknown keys are kept (`extra="allow"`), so a newer
server's additions never break an older client. `ANSWERS` lists, per operation, the shapes its
200 answer is one of (data first, then the miss): every field of a data shape is required and a
miss requires `error` and `failure_kind`, so exactly one shape validates an answer."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Alternative(BaseModel):
    """A candidate offered when a company argument did not resolve to one company."""

    model_config = ConfigDict(extra="allow")
    company_id: str | None = Field(..., description="The service's id of the company (aapl, cik1046179).")
    display_name: str | None = Field(..., description="The company's short name.")
    market: str | None = Field(..., description="nordic or us.")
    ticker: str | None = Field(..., description="The company's first ticker, when it has one.")


class CompareEntry(BaseModel):
    """One company of a comparison (spec 2.8)."""

    model_config = ConfigDict(extra="allow")
    by_year: dict[str, dict[str, Any]] = Field(..., description="Fiscal year -> metric key -> value, for the newest `years` years.")
    company_name: str | None = Field(..., description="The company's name as filed.")
    display_name: str | None = Field(..., description="The company's short name.")
    latest_year: dict[str, Any] = Field(..., description="The newest fiscal year with figures.")
    market: str | None = Field(..., description="nordic or us.")
    ticker: str | None = Field(..., description="The company's first ticker.")


class CompareRequest(BaseModel):
    """Body of POST /companies/compare."""

    model_config = ConfigDict(extra="allow")
    as_of: str | None = Field(None, description="The figures as they were known on this day (filings filed on or before it); companies without point-in-time figures are listed in not_found.")
    companies: list[str] = Field(..., description="Names or tickers.")
    fields: list[str] | None = Field(None, description="Only these of the compared metrics (repeat or separate with commas): revenue, operating_income, ebitda, net_income, eps, operating_margin, net_margin, free_cash_flow, total_assets, equity, equity_ratio; omitted: all of them.")
    years: int = Field(3, description="How many of the newest fiscal years to show (1 to 10).")


class CompareResponse(BaseModel):
    """Answer of compare."""

    model_config = ConfigDict(extra="allow")
    companies: list[CompareEntry] = Field(..., description="One entry per company resolved, in the order asked.")
    kpis: list[str] = Field(..., description="The metric keys compared.")
    not_found: list[str] = Field(..., description="Inputs that did not resolve to one company.")


class ContentHit(BaseModel):
    """One passage found inside a filing (spec 2.2)."""

    model_config = ConfigDict(extra="allow")
    citation_label: str | None = Field(..., description="How to cite the passage: its document and page (with the number printed on the page where known).")
    company_name: str | None = Field(..., description="The issuer of the document.")
    content: str | None = Field(..., description="The passage, as the filing says it.")
    content_title: str | None = Field(..., description="The nearest heading (or the item's title).")
    docid: str | None = Field(..., description="Nordic docid; US accession number.")
    document_type: str | None = Field(..., description="The document's type (annual_report, interim_report, stock_exchange_release, 10-K, 10-Q, 8-K ...).")
    page_id: str | None = Field(..., description="Resolvable with the snapshot endpoint: `<docid>_<page>`, for a US filing `<accession>_<page>`.")
    page_number: int | None = Field(..., description="The page the passage is on, where known (US: counted over the filing's documents at their page breaks).")
    score: float | None = Field(..., description="Relevance in [0, 1].")
    source_url: str | None = Field(..., description="Where the document can be read: the filing on the SEC's site, or the service's page snapshot.")
    year: str | None = Field(..., description="Fiscal year of the filing.")


class ContentSearchRequest(BaseModel):
    """Body of POST /filings/content-search."""

    model_config = ConfigDict(extra="allow")
    company: str | None = Field(None, description="Name, ticker or ISIN; only its passages.")
    document_type: str | None = Field(None, description="annual_report, interim_report, stock_exchange_release, 10-K...")
    limit: int = Field(5, description="Hits to return, 1 to 20.")
    query: str = Field(..., description="Natural-language query, in English, Finnish or Swedish; taken as words, never as query syntax.")
    year: int | None = Field(None, description="Fiscal year of the filing.")


class ContentSearchResponse(BaseModel):
    """Answer of content search."""

    model_config = ConfigDict(extra="allow")
    index: IndexStatus = Field(..., description="How much of the corpus the vector index covers while it is being built.")
    mode: Literal["hybrid", "fulltext"] = Field(..., description="hybrid: full text and vectors fused; fulltext: the vectors are still being computed (see `index`), so full-text ranking alone.")
    query: str = Field(..., description="The query as received.")
    results: list[ContentHit] = Field(..., description="Passages, best first.")
    total: int = Field(..., description="Passages that matched (before `limit`).")


class DetailOnly(BaseModel):
    """Body of a refusal made before the API (404, 405, 413, 403, 504)."""

    model_config = ConfigDict(extra="allow")
    detail: str = Field(..., description="What went wrong, for people.")


class ErrorEnvelope(BaseModel):
    """Body of every HTTP error the API itself produces."""

    model_config = ConfigDict(extra="allow")
    correlation_id: str = Field(..., description="Also sent as the X-Correlation-Id header.")
    error: str = Field(..., description="Message; 'Internal server error' on 500.")
    path: str = Field(..., description="The request path.")
    status_code: int = Field(..., description="The HTTP status, repeated.")


class FilingItem(BaseModel):
    """One filing row (spec 2.1); empty fields are omitted."""

    model_config = ConfigDict(extra="allow")
    accession_number: str | None = Field(None, description="SEC accession number (US).")
    cik: str | None = Field(None, description="SEC Central Index Key, 10 digits (US).")
    citation_label: str | None = Field(None, description="How to cite the filing, in words.")
    citation_markdown: str | None = Field(None, description="The citation as a Markdown link to the filing or its first page.")
    company_name: str = Field(..., description="The issuer's name as filed.")
    docid: str | None = Field(None, description="The document id: Nordic page ids are `<docid>_<page>`; for US filings the accession number when the search named a company.")
    document_type: str = Field(..., description="annual_report, interim_report, stock_exchange_release, 10-K, 10-Q, 8-K ...")
    document_type_label: str | None = Field(None, description="The document type in words.")
    filed_date: str | None = Field(None, description="The date the SEC received the filing (US).")
    fiscal_year: str | int | None = Field(None, description="The fiscal year the filing reports on.")
    market: str = Field(..., description="nordic or us.")
    metadata_quality: MetadataQuality | None = Field(None, description="Which dates are tracked for this market.")
    page_count: int | None = Field(None, description="Pages of the document (Nordic).")
    period_end: str | None = Field(None, description="The end of the period the filing reports on (US).")
    quarter: int | None = Field(None, description="The fiscal quarter of an interim report.")
    result_kind: str | None = Field(None, description="filing, or company_index for a company held without filing-level data.")
    ticker: str | None = Field(None, description="The company's first ticker.")
    year: str | int | None = Field(None, description="The fiscal year, as the contract's `year` key.")


class FilingSearchRequest(BaseModel):
    """Body of POST /filings/search; every field is optional."""

    model_config = ConfigDict(extra="allow")
    company: str | None = Field(None, description="Company name, ticker or ISIN; fuzzy match.")
    document_type: str | None = Field(None, description="One of: annual_report, interim_report, stock_exchange_release, 10-K, 10-Q, 8-K, earnings_release.")
    limit: int = Field(20, description="Rows to return; there is no offset.")
    market: str | None = Field(None, description="nordic or us; omit to search both markets.")
    year_from: int | None = Field(None, description="Earliest fiscal year.")
    year_to: int | None = Field(None, description="Latest fiscal year.")


class FilingSearchResponse(BaseModel):
    """Answer of filing search."""

    model_config = ConfigDict(extra="allow")
    filings: list[FilingItem] = Field(..., description="Filings, newest first.")
    has_more: bool = Field(..., description="True when more matches exist than were returned.")
    resolution: Resolution | None = Field(None, description="Present when company was given.")
    total: int = Field(..., description="Rows in this response.")
    total_available: int = Field(..., description="All matches before the limit.")


class FinancialsResponse(BaseModel):
    """Key figures of one company (spec 2.4)."""

    model_config = ConfigDict(extra="allow")
    by_year: dict[str, dict[str, Any]] = Field(..., description="Year key (string) to metric values of that fiscal year.")
    company_name: str = Field(..., description="The company's name as filed.")
    currency: str | None = Field(..., description="The reporting currency (ISO 4217); values are never converted.")
    display_name: str | None = Field(..., description="The company's short name.")
    exchange: str | None = Field(..., description="The MIC of the company's exchange (XNAS, XHEL, XSTO ...).")
    latest_period: LatestPeriod | None = Field(..., description="The newest period (or the one `year`/`quarter` pin) with every metric of it.")
    market: str | None = Field(..., description="nordic or us.")
    preliminary: dict[str, list[str]] = Field(..., description="Year key -> the metric keys of `by_year` whose values are preliminary (a results release's, before the annual report); empty when none is.")
    ticker: str | None = Field(..., description="The company's first ticker.")


class GeoEntry(BaseModel):
    """One country, region or catch-all line of revenue."""

    model_config = ConfigDict(extra="allow")
    entity_type: str | None = Field(..., description="country, region or other (a catch-all such as 'Other countries').")
    included_in: str | None = Field(..., description="An 'of which' line: the lines it is part of (not to be added to them), e.g. Sweden within Europe, Middle East and Africa.")
    iso_alpha2: str | None = Field(..., description="ISO 3166-1 alpha-2 code of a country.")
    name: str | None = Field(..., description="The name as the filing gives it.")
    page_id: str | None = Field(..., description="The page (Nordic) or accession (US) that states the value.")
    revenue: float | None = Field(..., description="Revenue attributed to it in the fiscal year, in the reporting currency.")
    share: float | None = Field(..., description="Percent of the period's revenue, where the report prints shares; `revenue` is then this share of the printed total (share_base).")


class GeoPeriod(BaseModel):
    """The period a breakdown covers."""

    model_config = ConfigDict(extra="allow")
    end: str | None = Field(None, description="Last day.")
    kind: str | None = Field(None, description="annual, ytd (year to date) or quarter.")
    label: str | None = Field(None, description="As reports print it: Jan-Sep 2025.")
    start: str | None = Field(None, description="First day.")


class IndexStatus(BaseModel):
    """How far the vector index is."""

    model_config = ConfigDict(extra="allow")
    passages: int = Field(..., description="Passages held for content search.")
    with_vectors: int = Field(..., description="Passages whose vectors are computed; the rest are found by full text only.")


class LatestPeriod(BaseModel):
    """The newest (or pinned) period with its figures."""

    model_config = ConfigDict(extra="allow")
    metrics: dict[str, MetricValue] | None = Field(..., description="Metric key -> value with its unit and source.")
    period_end: str | None = Field(..., description="Last day of the period (ISO 8601).")
    period_label: str | None = Field(..., description="The period as people write it (FY2024, Q3 2025).")
    period_type: str | None = Field(..., description="annual or quarterly.")
    preliminary: bool = Field(..., description="True when figures of the period are preliminary: a results release states them and its periodic report has not yet arrived.")
    quarter: int | None = Field(..., description="Fiscal quarter 1 to 4; null for a fiscal year.")
    source: str | None = Field(..., description="The filing most of the period's figures come from.")
    year: int | None = Field(..., description="Fiscal year.")


class MaintenanceBody(BaseModel):
    """Body of a 503: the envelope plus the spec's maintenance keys (false when a store is down)."""

    model_config = ConfigDict(extra="allow")
    correlation_id: str = Field(..., description="Also sent as the X-Correlation-Id header.")
    detail: str = Field(..., description="What is going on, for people.")
    error: str = Field(..., description="Message; 'Internal server error' on 500.")
    maintenance: bool = Field(True, description="True while the service is in maintenance.")
    path: str = Field(..., description="The request path.")
    retryable: bool = Field(True, description="Whether the same request may succeed later.")
    status_code: int = Field(..., description="The HTTP status, repeated.")


class MetadataQuality(BaseModel):
    """What Nordic rows do not track."""

    model_config = ConfigDict(extra="allow")
    filed_date: str = Field(..., description="How reliable filed_date is for this market.")
    period_end: str = Field(..., description="How reliable period_end is for this market.")


class MetricValue(BaseModel):
    """One figure of `latest_period.metrics`."""

    model_config = ConfigDict(extra="allow")
    page_id: str | None = Field(..., description="The page (Nordic) that states the value, to cite and to open as a snapshot.")
    preliminary: bool = Field(..., description="True for a figure a results release (an 8-K earnings release, a year-end release) states before the periodic report does; `source` names the release and its page. The report's figure replaces it when it arrives.")
    source: str | None = Field(..., description="Where the value comes from: XBRL concept and accession, a document page, or how it was derived.")
    unit: str | None = Field(..., description="USD, SEK, TWD ...; USD/share; % for ratios.")
    value: float | None = Field(..., description="The value as reported, in the unit given (never scaled, never converted).")


class Miss(BaseModel):
    """A miss body: `error`, `failure_kind`, and explanatory extras; empty ones omitted."""

    model_config = ConfigDict(extra="allow")
    alternatives: list[Alternative] | list[str] | None = Field(None, description="Close candidates, or the allowed values of an argument.")
    cik: str | None = Field(None, description="The SEC CIK of the company the argument resolved to.")
    company: str | None = Field(None, description="The company argument sent.")
    error: str = Field(..., description="What went wrong, for people; branch on failure_kind.")
    failure_kind: str = Field(..., description="Machine-readable reason: see spec 7.3.")
    hint: str | None = Field(None, description="How to get an answer instead.")
    locale: str | None = Field(None, description="The locale asked for (profiles).")
    resolved_name: str | None = Field(None, description="The company the argument resolved to, when it resolved but has nothing to answer with.")
    ticker: str | None = Field(None, description="That company's first ticker.")


class ProfileResponse(BaseModel):
    """A qualitative profile drawn from filings; further sections may be present."""

    model_config = ConfigDict(extra="allow")
    company_name: str | None = Field(..., description="The company's name as filed.")
    locale: str | None = Field(..., description="The language the profile's text is in (en, fi or sv).")
    overview: str | None = Field(..., description="What the company does, in sentences taken from its filings.")
    source: str | None = Field(..., description="How the profile was made (extractive: sentences chosen from filings, each cited).")
    strategy: str | None = Field(..., description="The company's stated strategy, in sentences taken from its filings.")
    updated_at: str | None = Field(..., description="Filing date of the newest document the profile draws on.")


class QuarterlyNotAvailable(BaseModel):
    """The quarterly Nordic statement answer: `error` without failure_kind (spec 4.5)."""

    model_config = ConfigDict(extra="allow")
    company_name: str | None = Field(..., description="The company's name as filed.")
    detail: str = Field(..., description="What the company publishes instead.")
    error: str = Field(..., description="Why there are no quarterly figures.")
    market: str | None = Field(..., description="nordic or us.")


class Resolution(BaseModel):
    """How the company argument was resolved."""

    model_config = ConfigDict(extra="allow")
    input_company: str = Field(..., description="The company argument as sent.")
    market: str = Field(..., description="The market of the company it resolved to.")
    resolved_name: str = Field(..., description="The company it resolved to.")
    ticker: str | None = Field(..., description="That company's first ticker.")


class RevenueGeography(BaseModel):
    """Revenue split by country and region for one fiscal year (spec 2.7)."""

    model_config = ConfigDict(extra="allow")
    adds_up: bool | None = Field(..., description="Whether the countries, regions and other lines (not the 'of which' lines) add up to the total revenue within the rounding of the printed values; null when there is no total to check against.")
    basis: str | None = Field(..., description="amounts (printed amounts) or shares_of_total (printed percentages turned into amounts with the period's printed revenue, share_base).")
    company_id: str | None = Field(..., description="The service's id of the company.")
    company_name: str | None = Field(..., description="The company's name as filed.")
    countries: list[GeoEntry] = Field(..., description="Revenue by country.")
    currency: str | None = Field(..., description="The reporting currency (ISO 4217).")
    market: str | None = Field(..., description="nordic or us.")
    other: list[GeoEntry] = Field(..., description="Catch-all lines that name no country or region (Other countries, Rest of world), and adjustments a table prints among them (eliminations of internal sales).")
    period: GeoPeriod | None = Field(..., description="The period the lines cover: the fiscal year, or when the documents break only part of it down, the longest year to date or the latest quarter they do.")
    printed_total: float | None = Field(..., description="The total line the table prints under its lines.")
    regions: list[GeoEntry] = Field(..., description="Revenue by region (Europe, Americas, Asia Pacific ...).")
    share_base: float | None = Field(..., description="The printed revenue the shares were applied to.")
    share_base_page_id: str | None = Field(..., description="The page that prints share_base.")
    source: str | None = Field(..., description="Where the lines were read: xbrl_dimensions (a 10-K's tagged facts), esef (an ESEF report's tagged facts) or report_table (a table the report prints).")
    table_page_id: str | None = Field(..., description="The page the table is on.")
    table_title: str | None = Field(..., description="The table's title as printed.")
    total_revenue: float | None = Field(..., description="The year's total revenue.")
    total_revenue_mappable: float | None = Field(..., description="The part of total revenue the lines above account for.")
    unit: str | None = Field(..., description="The unit of every amount (the reporting currency).")
    year: int | None = Field(..., description="The fiscal year.")
    years_available: list[int] = Field(..., description="Fiscal years with a breakdown, newest first.")


class ScreenRequest(BaseModel):
    """Body of POST /companies/screen; every field is optional."""

    model_config = ConfigDict(extra="allow")
    as_of: str | None = Field(None, description="Rank the values as they were known on this day (filings filed on or before it); only companies with point-in-time figures take part.")
    compare_years: int = Field(1, description="Years between the compared year and `year`, for growth (1 to 10).")
    country: str | None = Field(None, description="FI, SE or US.")
    currency: str | None = Field(None, description="Rank only values reported in this ISO 4217 currency (USD, SEK, EUR, TWD). Values are never converted between currencies.")
    direction: str = Field('desc', description="desc or asc.")
    industry: str | None = Field(None, description="Substring of the industry.")
    metric: str = Field('revenue', description="The metric to rank by: revenue, cost_of_revenue, gross_profit, research_and_development, selling_general_and_administrative, depreciation_and_amortization, ebitda, operating_income, net_financial_items, pretax_income, income_tax, net_income, net_income_to_parent, eps_basic, eps_diluted, eps, dividend_per_share, cash_and_equivalents, current_assets, property_plant_equipment, goodwill, intangible_assets, total_assets, current_liabilities, total_debt, total_liabilities, equity, equity_to_parent, net_debt, operating_cash_flow, capital_expenditure, free_cash_flow, investing_cash_flow, financing_cash_flow, dividends_paid, share_repurchases, gross_margin, operating_margin, ebitda_margin, net_margin, equity_ratio, return_on_equity, order_intake, order_book, rental_income, net_operating_income, income_from_property_management, property_value_changes, investment_properties; aliases accepted (ebit = operating_income, operating_profit = operating_income, sales = revenue, net_sales = revenue, revenues = revenue, turnover = revenue, profit_before_tax = pretax_income, net_profit = net_income, earnings_per_share = eps, capex = capital_expenditure, fcf = free_cash_flow, total_equity = equity, cash = cash_and_equivalents).")
    min_value: float | None = Field(None, description="Leave out companies ranked below this (the value, or the growth in percent).")
    mode: str = Field('growth', description="growth or value.")
    tag_slugs: list[str] | None = Field(None, description="Only companies with any of these tags (sector slugs such as semiconductors).")
    top_n: int = Field(20, description="How many companies to return (1 to 100).")
    year: int | None = Field(None, description="The fiscal year to rank; default: the newest year most companies have.")


class ScreenResponse(BaseModel):
    """Answer of screen."""

    model_config = ConfigDict(extra="allow")
    companies: list[ScreenedCompany] = Field(..., description="The ranked companies, best first by `direction`.")
    compare_year: int | None = Field(..., description="The year growth is measured from (growth mode).")
    coverage: dict[str, int] = Field(..., description="with_data: companies ranked; returned: companies in the answer.")
    currencies: list[str] = Field(..., description="The reporting currencies of the ranked values, most frequent first.")
    filters: dict[str, Any] = Field(..., description="The filters applied, as sent.")
    metric: str = Field(..., description="The canonical metric key ranked.")
    mode: str = Field(..., description="growth or value.")
    warning: str | None = Field(..., description="Set when the ranked values are in more than one currency: in value mode they are compared as reported, without conversion.")
    year: int | None = Field(..., description="The fiscal year ranked.")


class ScreenedCompany(BaseModel):
    """One ranked company (spec 2.9)."""

    model_config = ConfigDict(extra="allow")
    company_name: str | None = Field(..., description="The company's name as filed.")
    country: str | None = Field(..., description="ISO 3166-1 alpha-2 country of the listing market.")
    currency: str | None = Field(..., description="The reporting currency of the values.")
    display_name: str | None = Field(..., description="The company's short name.")
    growth_pct: float | None = Field(..., description="Compound annual growth in percent, from value_compare to value_anchor.")
    industry: str | None = Field(..., description="The company's industry as its registry gives it.")
    market: str | None = Field(..., description="nordic or us.")
    ticker: str | None = Field(..., description="The company's first ticker.")
    value_anchor: float | None = Field(..., description="The metric's value in the ranked year.")
    value_compare: float | None = Field(..., description="The metric's value in the compared year.")


class Snapshot(BaseModel):
    """A page resolved to a viewable source (spec 2.3); else `available` false with a `reason`."""

    model_config = ConfigDict(extra="allow")
    available: bool = Field(..., description="Whether the page can be viewed; `reason` says why not.")
    company_name: str | None = Field(..., description="The issuer of the document.")
    document_type: str | None = Field(..., description="The document's type.")
    dpi: int | None = Field(..., description="Resolution of the rendered page image.")
    kind: str | None = Field(..., description="rendered_png (a Nordic report page), release_text (a release, as text) or edgar_link (a US page's document, or an accession's filing index, on the SEC's site).")
    page_id: str = Field(..., description="The page id asked for.")
    page_number: int | None = Field(..., description="The page within the document (a US filing's: counted over its documents).")
    quarter: int | None = Field(..., description="Fiscal quarter of the document, when it is an interim report.")
    reason: str | None = Field(..., description="Why the page cannot be resolved.")
    snapshot_url: str | None = Field(..., description="A link to the page (a signed link that expires), or to the page's document or the filing on the SEC's site.")
    year: str | None = Field(..., description="Fiscal year of the document.")


class StatementLine(BaseModel):
    """One line of a statement period."""

    model_config = ConfigDict(extra="allow")
    currency: str | None = Field(..., description="The reporting currency.")
    metric_name: str | None = Field(..., description="The line's label as the issuer printed it.")
    page_id: str | None = Field(..., description="The page (Nordic) that states the line.")
    preliminary: bool = Field(..., description="True for a line a results release states before the periodic report does; `source` names the release and its page.")
    source: str | None = Field(..., description="Where the value comes from.")
    unit: str | None = Field(..., description="USD, SEK ...; USD/share for per-share lines.")
    value: float | None = Field(..., description="The value as reported.")


class StatementPeriod(BaseModel):
    """One period column of a statement."""

    model_config = ConfigDict(extra="allow")
    metrics: dict[str, StatementLine] = Field(..., description="Metric key -> line.")
    period: str | None = Field(..., description="The period as people write it (FY2024, Q3 2025).")
    period_end: str | None = Field(..., description="Last day of the period (ISO 8601).")
    quarter: int | None = Field(..., description="Fiscal quarter; null for a fiscal year.")
    source: str | None = Field(..., description="The filing most of the period's lines come from.")
    year: int | None = Field(..., description="Fiscal year.")


class StatementResponse(BaseModel):
    """A full statement (spec 2.5)."""

    model_config = ConfigDict(extra="allow")
    company_name: str = Field(..., description="The company's name as filed.")
    currency: str | None = Field(..., description="The reporting currency (ISO 4217).")
    market: str | None = Field(..., description="nordic or us.")
    period_type: str = Field(..., description="annual or quarterly.")
    periods: list[StatementPeriod] = Field(..., description="Periods newest first.")
    statement: str = Field(..., description="income_statement, balance_sheet or cash_flow.")


class ValidationEnvelope(BaseModel):
    """Body of a 422: the envelope plus every problem, joined and as a list."""

    model_config = ConfigDict(extra="allow")
    correlation_id: str = Field(..., description="Also sent as the X-Correlation-Id header.")
    detail: str = Field(..., description="All problems joined with '; '.")
    details: list[str] = Field(..., description="One entry per problem: `location: message (type)`.")
    error: str = Field(..., description="Message; 'Internal server error' on 500.")
    path: str = Field(..., description="The request path.")
    status_code: int = Field(..., description="The HTTP status, repeated.")


Alternative.model_rebuild()
CompareEntry.model_rebuild()
CompareRequest.model_rebuild()
CompareResponse.model_rebuild()
ContentHit.model_rebuild()
ContentSearchRequest.model_rebuild()
ContentSearchResponse.model_rebuild()
DetailOnly.model_rebuild()
ErrorEnvelope.model_rebuild()
FilingItem.model_rebuild()
FilingSearchRequest.model_rebuild()
FilingSearchResponse.model_rebuild()
FinancialsResponse.model_rebuild()
GeoEntry.model_rebuild()
GeoPeriod.model_rebuild()
IndexStatus.model_rebuild()
LatestPeriod.model_rebuild()
MaintenanceBody.model_rebuild()
MetadataQuality.model_rebuild()
MetricValue.model_rebuild()
Miss.model_rebuild()
ProfileResponse.model_rebuild()
QuarterlyNotAvailable.model_rebuild()
Resolution.model_rebuild()
RevenueGeography.model_rebuild()
ScreenRequest.model_rebuild()
ScreenResponse.model_rebuild()
ScreenedCompany.model_rebuild()
Snapshot.model_rebuild()
StatementLine.model_rebuild()
StatementPeriod.model_rebuild()
StatementResponse.model_rebuild()
ValidationEnvelope.model_rebuild()

ANSWERS: dict[str, tuple[type[BaseModel], ...]] = {
    'compare_companies': (CompareResponse, Miss,),
    'content_search': (ContentSearchResponse, Miss,),
    'get_financials': (FinancialsResponse, Miss,),
    'get_profile': (ProfileResponse, Miss,),
    'get_revenue_geography': (RevenueGeography, Miss,),
    'get_snapshot': (Snapshot, Miss,),
    'get_statement': (StatementResponse, QuarterlyNotAvailable, Miss,),
    'screen_companies': (ScreenResponse, Miss,),
    'search_filings': (FilingSearchResponse, Miss,),
}
