"""HTTP route of content search (4.2)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from filings.companies.deps import company_directory
from filings.companies.service import CompanyDirectory
from filings.core.misses import Miss
from filings.search import service
from filings.search.schemas import ContentSearchRequest, ContentSearchResponse
from filings.web.deps import AppState, MaxRetries, app_state, run_json
from filings.web.envelope import POST_ERROR_RESPONSES

router = APIRouter(tags=["search"])


@router.post(
    "/filings/content-search",
    operation_id="content_search",
    response_model=ContentSearchResponse | Miss,
    responses=POST_ERROR_RESPONSES,
    summary="Semantic search inside filings, returning passages with page references",
)
async def content_search(
    request: Request,
    body: ContentSearchRequest,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    max_retries: MaxRetries = 2,
) -> Response:
    """Passages best first; each hit's page_id resolves with the snapshot endpoint."""
    engine: service.SearchEngine = request.app.state.search_engine
    return await run_json(
        state, lambda conn: service.content_search(conn, directory, body, engine), max_retries
    )
