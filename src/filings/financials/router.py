"""HTTP routes of key figures (4.4), statements (4.5), compare (4.8) and screen (4.9)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from filings.companies.deps import company_directory
from filings.companies.service import CompanyDirectory
from filings.core.misses import Miss
from filings.financials import service
from filings.financials.deps import period_cache
from filings.financials.queries import PeriodCache
from filings.financials.schemas import (
    CompareRequest,
    CompareResponse,
    FinancialsResponse,
    QuarterlyNotAvailable,
    ScreenRequest,
    ScreenResponse,
    StatementResponse,
)
from filings.financials.tables import renderer, wants_csv
from filings.web.deps import AppState, MaxRetries, app_state, run_cached
from filings.web.envelope import ERROR_RESPONSES, POST_ERROR_RESPONSES

router = APIRouter(tags=["financials"])
CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {
            "text/csv": {
                "schema": {"type": "string"},
                "example": "metric,2025,2024\r\nrevenue,416161000000,391035000000\r\n",
            }
        },
        "description": "The answer; as CSV with `format=csv` or `Accept: text/csv`.",
    }
}
CompanyPath = Annotated[str, Path(min_length=1, description="Name, ticker, ISIN or CIK.")]
Market = Annotated[str | None, Query(description="nordic or us; narrows resolution.")]
Format = Annotated[
    str | None,
    Query(
        pattern="^(json|csv)$",
        description="csv for a table to paste into a spreadsheet (also `Accept: text/csv`); "
        "a miss stays JSON.",
    ),
]
AsOf = Annotated[
    date | None,
    Query(
        description="The figures as they were known on this day (YYYY-MM-DD): only filings "
        "filed on or before it, restatements filed later unseen. Omitted: today's figures.",
    ),
]
Quarter = Annotated[
    int | None,
    Query(
        ge=1,
        le=4,
        description=(
            "Fiscal quarter 1 to 4; pins the quarter (of `year`, or of "
            "the newest year that has it)."
        ),
    ),
]
Year = Annotated[
    int | None,
    Query(
        description=(
            "Fiscal year to pin (the year in which the fiscal year ends); default: the newest."
        )
    ),
]


@router.get(
    "/companies/{company}/financials",
    operation_id="get_financials",
    response_model=FinancialsResponse | Miss,
    responses={**ERROR_RESPONSES, **CSV_RESPONSE},
    summary="Key financial figures by year and the latest period",
)
async def financials(
    request: Request,
    company: CompanyPath,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    cache: Annotated[PeriodCache, Depends(period_cache)],
    years: Annotated[
        int, Query(ge=1, le=10, description="How many of the newest fiscal years by_year holds.")
    ] = 5,
    market: Market = None,
    period_type: Annotated[str, Query(description="auto, annual or quarterly.")] = "auto",
    year: Year = None,
    quarter: Quarter = None,
    max_retries: MaxRetries = 2,
    format: Format = None,
    as_of: AsOf = None,
) -> Response:
    """`years` sizes by_year; `year`/`quarter` pin latest_period; `period_type` selects it."""
    as_csv = wants_csv(request, format)
    question = ("financials", company, years, market, period_type, year, quarter, as_of, as_csv)
    return await run_cached(
        state,
        question,
        lambda conn: service.financials(
            conn,
            directory,
            cache,
            company=company,
            years=years,
            market=market,
            period_type=period_type,
            year=year,
            quarter=quarter,
            as_of=as_of,
        ),
        max_retries,
        renderer(as_csv),
    )


@router.get(
    "/companies/{company}/statement",
    operation_id="get_statement",
    response_model=StatementResponse | QuarterlyNotAvailable | Miss,
    responses={**ERROR_RESPONSES, **CSV_RESPONSE},
    summary="A full financial statement, up to 25 periods",
)
async def statement(
    request: Request,
    company: CompanyPath,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    cache: Annotated[PeriodCache, Depends(period_cache)],
    statement: Annotated[
        str, Query(description="income_statement, balance_sheet or cash_flow.")
    ] = "income_statement",
    years: Annotated[
        int, Query(ge=1, le=25, description="How many periods to return, newest first (1 to 25).")
    ] = 10,
    market: Market = None,
    period_type: Annotated[str, Query(description="annual, quarterly or auto.")] = "annual",
    year: Year = None,
    quarter: Quarter = None,
    max_retries: MaxRetries = 2,
    format: Format = None,
    as_of: AsOf = None,
) -> Response:
    """Statement periods newest first, each line with the issuer's own label."""
    as_csv = wants_csv(request, format)
    question = (
        "statement",
        company,
        statement,
        years,
        market,
        period_type,
        year,
        quarter,
        as_of,
        as_csv,
    )
    return await run_cached(
        state,
        question,
        lambda conn: service.statement(
            conn,
            directory,
            cache,
            company=company,
            statement=statement,
            years=years,
            market=market,
            period_type=period_type,
            year=year,
            quarter=quarter,
            as_of=as_of,
        ),
        max_retries,
        renderer(as_csv),
    )


@router.post(
    "/companies/compare",
    operation_id="compare_companies",
    response_model=CompareResponse | Miss,
    responses=POST_ERROR_RESPONSES,
    summary="Side-by-side key figures of 2 to 5 companies",
)
async def compare(
    body: CompareRequest,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    cache: Annotated[PeriodCache, Depends(period_cache)],
    max_retries: MaxRetries = 2,
) -> Response:
    """Nordic and US issuers may be mixed; unresolved inputs are listed in not_found."""
    return await run_cached(
        state,
        ("compare", body.model_dump_json()),
        lambda conn: service.compare(conn, directory, cache, body),
        max_retries,
    )


@router.post(
    "/companies/screen",
    operation_id="screen_companies",
    response_model=ScreenResponse | Miss,
    responses={**POST_ERROR_RESPONSES, **CSV_RESPONSE},
    summary="Rank the company universe by growth or value of a metric",
)
async def screen(
    request: Request,
    body: ScreenRequest,
    state: Annotated[AppState, Depends(app_state)],
    max_retries: MaxRetries = 2,
    format: Format = None,
) -> Response:
    """Growth is the compound annual growth rate in percent; no currency conversion."""
    as_csv = wants_csv(request, format)
    return await run_cached(
        state,
        ("screen", body.model_dump_json(), as_csv),
        lambda conn: service.screen(conn, body),
        max_retries,
        renderer(as_csv),
    )
