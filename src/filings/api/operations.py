"""The nine operations of the API (contract section 4), each declared once.

Adding an operation is one entry here (its arguments model in the domain's `schemas.py`, its
work in the domain's `service.py`): the HTTP route, the MCP tool, the cache key and the API
document follow.
"""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import Connection

from filings.api.operation import Call, Operation, Work
from filings.companies import service as companies
from filings.companies.schemas import (
    GeographyQuery,
    ProfileQuery,
    ProfileResponse,
    RevenueGeography,
)
from filings.companies.sections import only_sections
from filings.documents import service as documents
from filings.documents.schemas import (
    FilingSearchRequest,
    FilingSearchResponse,
    Snapshot,
    SnapshotQuery,
)
from filings.documents.snapshots import SnapshotLinks
from filings.financials import service as financials
from filings.financials.schemas import (
    CompareRequest,
    CompareResponse,
    FinancialsQuery,
    FinancialsResponse,
    QuarterlyNotAvailable,
    ScreenRequest,
    ScreenResponse,
    StatementQuery,
    StatementResponse,
)
from filings.financials.selection import only_figures, only_kpis, only_lines
from filings.financials.tables import csv_table
from filings.search import service as search
from filings.search.schemas import ContentSearchRequest, ContentSearchResponse


def _search_filings(a: FilingSearchRequest, call: Call) -> Work:
    return lambda conn: documents.search_filings(conn, call.services.directory, a)


def _content_search(a: ContentSearchRequest, call: Call) -> Work:
    s = call.services
    return lambda conn: search.content_search(conn, s.directory, a, s.engine)


def _snapshot(a: SnapshotQuery, call: Call) -> Work:
    links = SnapshotLinks.of(call.services.settings)

    def work(conn: Connection) -> Snapshot:
        answer = documents.snapshot(conn, a.page_id, a.dpi, links, call.now)
        if answer.snapshot_url and answer.snapshot_url.startswith("/"):
            answer.snapshot_url = call.origin + answer.snapshot_url  # absolute on every surface
        return answer

    return work


def _financials(a: FinancialsQuery, call: Call) -> Work:
    s = call.services

    def work(conn: Connection) -> BaseModel:
        answer = financials.financials(
            conn,
            s.directory,
            s.periods,
            company=a.company,
            years=a.years,
            market=a.market,
            period_type=a.period_type,
            year=a.year,
            quarter=a.quarter,
            as_of=a.as_of,
        )
        return answer if a.fields is None else only_figures(answer, a.fields)

    return work


def _statement(a: StatementQuery, call: Call) -> Work:
    s = call.services

    def work(conn: Connection) -> BaseModel:
        answer = financials.statement(
            conn,
            s.directory,
            s.periods,
            company=a.company,
            statement=a.statement,
            years=a.years,
            market=a.market,
            period_type=a.period_type,
            year=a.year,
            quarter=a.quarter,
            as_of=a.as_of,
        )
        return answer if a.fields is None else only_lines(answer, a.fields)

    return work


def _profile(a: ProfileQuery, call: Call) -> Work:
    s = call.services

    def work(conn: Connection) -> BaseModel:
        answer = companies.profile(
            conn,
            s.directory,
            company=a.company,
            locale=a.locale,
            include_full_text=a.include_full_text,
        )
        return answer if a.sections is None else only_sections(answer, a.sections)

    return work


def _geography(a: GeographyQuery, call: Call) -> Work:
    s = call.services
    return lambda conn: companies.revenue_geography(
        conn, s.directory, company=a.company, year=a.year
    )


def _compare(a: CompareRequest, call: Call) -> Work:
    s = call.services

    def work(conn: Connection) -> BaseModel:
        answer = financials.compare(conn, s.directory, s.periods, a)
        return answer if a.fields is None else only_kpis(answer, a.fields)

    return work


def _screen(a: ScreenRequest, call: Call) -> Work:
    return lambda conn: financials.screen(conn, a)


SEARCH_FILINGS = Operation(
    name="search_filings",
    method="POST",
    path="/filings/search",
    tag="filings",
    arguments=FilingSearchRequest,
    answers=(FilingSearchResponse,),
    summary="Search filings by company, fiscal-year range, document type and market",
    description="Filings newest filed first, each with a citation label; `has_more` tells when "
    "narrowing would reach more. About 0.5 KB a filing (20 by default: 11 KB).",
    work=_search_filings,
)
CONTENT_SEARCH = Operation(
    name="content_search",
    method="POST",
    path="/filings/content-search",
    tag="search",
    arguments=ContentSearchRequest,
    answers=(ContentSearchResponse,),
    summary="Semantic search inside filings, returning passages with page references",
    description="Passages that answer a question (English, Finnish or Swedish), best first; "
    "each hit's page_id resolves with the snapshot endpoint. About 1.3 KB a passage (5 by "
    "default: 7 KB).",
    work=_content_search,
    cached=False,  # the vector index grows in the background
)
GET_SNAPSHOT = Operation(
    name="get_snapshot",
    method="GET",
    path="/filings/{page_id}/snapshot",
    tag="filings",
    arguments=SnapshotQuery,
    answers=(Snapshot,),
    summary="Resolve a page id to a viewable source",
    description="A signed, expiring link to a PNG of a Nordic page (or the text of a release), "
    "the SEC document a US page (`<accession>_<page>`) is in, or the SEC filing index of an "
    "accession number; under 1 KB.",
    work=_snapshot,
    cached=False,  # its links expire
)
GET_FINANCIALS = Operation(
    name="get_financials",
    method="GET",
    path="/companies/{company:path}/financials",
    tag="financials",
    arguments=FinancialsQuery,
    answers=(FinancialsResponse,),
    summary="Key financial figures by year and the latest period",
    description="`years` sizes by_year; `year`/`quarter` pin latest_period; `period_type` "
    "selects it; each latest value has its unit and source. About 1 KB a year plus 5-7 KB "
    "for latest_period (AAPL: 13 KB by default); `fields` keeps only some metrics.",
    work=_financials,
    csv=csv_table,
)
GET_STATEMENT = Operation(
    name="get_statement",
    method="GET",
    path="/companies/{company:path}/statement",
    tag="financials",
    arguments=StatementQuery,
    answers=(StatementResponse, QuarterlyNotAvailable),
    summary="A full financial statement, up to 25 periods",
    description="Statement periods newest first, each line with the issuer's own label and its "
    "source. About 4 KB a period (AAPL: 39 KB for the default 10 years, 100 KB for 25 quarters); "
    "`fields` keeps only some lines (revenue and net income of 10 years: 6 KB), `years` fewer "
    "periods.",
    work=_statement,
    csv=csv_table,
)
GET_PROFILE = Operation(
    name="get_profile",
    method="GET",
    path="/companies/{company:path}/profile",
    tag="companies",
    arguments=ProfileQuery,
    answers=(ProfileResponse,),
    summary="A qualitative company profile drawn from filings",
    description="Sections of the profile (overview, strategy and more), every sentence cited "
    "to its page; a company without one is a not_found miss. About 5-15 KB (AAPL: 11 KB); "
    "with include_full_text up to 100 KB (AAPL: 91 KB); `sections` keeps only some.",
    work=_profile,
)
GET_REVENUE_GEOGRAPHY = Operation(
    name="get_revenue_geography",
    method="GET",
    path="/companies/{company:path}/revenue-geography",
    tag="companies",
    arguments=GeographyQuery,
    answers=(RevenueGeography,),
    summary="Revenue split by country and region for one fiscal year",
    description="Countries (ISO alpha-2), regions and catch-alls of one fiscal year, each "
    "cited. About 1 KB.",
    work=_geography,
)
COMPARE_COMPANIES = Operation(
    name="compare_companies",
    method="POST",
    path="/companies/compare",
    tag="financials",
    arguments=CompareRequest,
    answers=(CompareResponse,),
    summary="Side-by-side key figures of 2 to 5 companies",
    description="Nordic and US issuers may be mixed; unresolved inputs are listed in "
    "not_found. About 0.3 KB a company and year (3 companies, 3 years: 3 KB); `fields` keeps "
    "only some metrics.",
    work=_compare,
)
SCREEN_COMPANIES = Operation(
    name="screen_companies",
    method="POST",
    path="/companies/screen",
    tag="financials",
    arguments=ScreenRequest,
    answers=(ScreenResponse,),
    summary="Rank the company universe by growth or value of a metric",
    description="Growth is the compound annual growth rate in percent; values are never "
    "converted between currencies (see `currencies` and `warning`). About 0.2 KB a company "
    "(20 by default: 4-5 KB).",
    work=_screen,
    csv=csv_table,
)

# In the contract's order (4.1 to 4.9).
OPERATIONS: tuple[Operation, ...] = (  # type: ignore[type-arg]
    SEARCH_FILINGS,
    CONTENT_SEARCH,
    GET_SNAPSHOT,
    GET_FINANCIALS,
    GET_STATEMENT,
    GET_PROFILE,
    GET_REVENUE_GEOGRAPHY,
    COMPARE_COMPANIES,
    SCREEN_COMPANIES,
)
