"""HTTP routes of company profiles (4.6) and revenue geography (4.7)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from filings.companies import service
from filings.companies.deps import company_directory
from filings.companies.schemas import ProfileResponse, RevenueGeography
from filings.companies.service import CompanyDirectory
from filings.core.misses import Miss
from filings.web.deps import AppState, MaxRetries, app_state, run_cached
from filings.web.envelope import ERROR_RESPONSES

router = APIRouter(tags=["companies"])
CompanyPath = Annotated[str, Path(min_length=1, description="Name, ticker, ISIN or CIK.")]


@router.get(
    "/companies/{company}/profile",
    operation_id="get_profile",
    response_model=ProfileResponse | Miss,
    responses=ERROR_RESPONSES,
    summary="A qualitative company profile drawn from filings",
)
async def profile(
    company: CompanyPath,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    locale: Annotated[
        str,
        Query(
            pattern="^(en|fi)$",
            description=(
                "en or fi: headings and tags in that language, the text drawn from documents "
                "in it where they exist; the profile says when its text is in another."
            ),
        ),
    ] = "en",
    include_full_text: Annotated[
        bool, Query(description="Also return the full text of the overview's source section.")
    ] = False,
    max_retries: MaxRetries = 2,
) -> Response:
    """Sections of the profile; a company without one is a not_found miss."""
    return await run_cached(
        state,
        ("profile", company, locale, include_full_text),
        lambda conn: service.profile(
            conn, directory, company=company, locale=locale, include_full_text=include_full_text
        ),
        max_retries,
    )


@router.get(
    "/companies/{company}/revenue-geography",
    operation_id="get_revenue_geography",
    response_model=RevenueGeography | Miss,
    responses=ERROR_RESPONSES,
    summary="Revenue split by country and region for one fiscal year",
)
async def revenue_geography(
    company: CompanyPath,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    year: Annotated[
        int | None,
        Query(description="Fiscal year; default: the newest year with revenue geography."),
    ] = None,
    max_retries: MaxRetries = 2,
) -> Response:
    """Countries (ISO alpha-2), regions and catch-alls of one fiscal year."""
    return await run_cached(
        state,
        ("revenue_geography", company, year),
        lambda conn: service.revenue_geography(conn, directory, company=company, year=year),
        max_retries,
    )
