"""HTTP routes of filing search (4.1) and page snapshots (4.3)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Annotated, TypeVar

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import FileResponse, PlainTextResponse
from sqlalchemy import Connection

from filings.companies.deps import company_directory
from filings.companies.service import CompanyDirectory
from filings.core.errors import Forbidden, NotFound, ServiceUnavailable
from filings.core.misses import RETRYABLE, Miss
from filings.documents import service
from filings.documents.schemas import FilingSearchRequest, FilingSearchResponse, Snapshot
from filings.documents.snapshots import SnapshotLinks
from filings.web.deps import AppState, MaxRetries, app_state, json_response, run_cached, run_service
from filings.web.envelope import ERROR_RESPONSES, POST_ERROR_RESPONSES, ErrorEnvelope

router = APIRouter(tags=["filings"])
T = TypeVar("T")


@router.post(
    "/filings/search",
    operation_id="search_filings",
    response_model=FilingSearchResponse | Miss,
    responses=POST_ERROR_RESPONSES,
    summary="Search filings by company, fiscal-year range, document type and market",
)
async def search_filings(
    body: FilingSearchRequest,
    state: Annotated[AppState, Depends(app_state)],
    directory: Annotated[CompanyDirectory, Depends(company_directory)],
    max_retries: MaxRetries = 2,
) -> Response:
    """Filings newest filed first; `has_more` tells when narrowing would reach more."""
    work = partial(service.search_filings, directory=directory, request=body)
    question = ("search_filings", body.model_dump_json())
    return await run_cached(state, question, lambda conn: work(conn), max_retries)


@router.get(
    "/filings/{page_id}/snapshot",
    operation_id="get_snapshot",
    response_model=Snapshot | Miss,
    responses=ERROR_RESPONSES,
    summary="Resolve a page id to a viewable source",
)
async def snapshot(
    request: Request,
    page_id: Annotated[
        str,
        Path(
            min_length=1,
            description="A Nordic page id `<docid>_<page>` (from a search hit or a figure's "
            "page_id), or a US accession number.",
        ),
    ],
    state: Annotated[AppState, Depends(app_state)],
    dpi: Annotated[
        int, Query(ge=72, le=300, description="Resolution of a rendered page image (72 to 300).")
    ] = 150,
    max_retries: MaxRetries = 2,
) -> Response:
    """A PNG of a Nordic page or the SEC filing index of an accession number."""
    links = snapshot_links(state)
    now = datetime.now(UTC)
    answer = await run_service(
        state, lambda conn: service.snapshot(conn, page_id, dpi, links, now), max_retries
    )
    if isinstance(answer, Snapshot) and answer.snapshot_url and answer.snapshot_url.startswith("/"):
        answer.snapshot_url = str(request.base_url).rstrip("/") + answer.snapshot_url
    return json_response(answer)


def snapshot_links(state: AppState) -> SnapshotLinks:
    """The signer of snapshot links, from the settings."""
    secret = state.settings.snapshot_secret.get_secret_value()
    return SnapshotLinks(secret=secret, data_dir=state.settings.data_dir)


png_router = APIRouter(tags=["snapshots"])


CACHED_PRIVATELY = {"Cache-Control": "private, max-age=3600"}


async def _behind_signed_link(
    state: AppState,
    page_id: str,
    link: tuple[int, int, str],
    work: Callable[[Connection, SnapshotLinks], T | None],
) -> T | None:
    """What a signed snapshot link leads to: 403 unless the signature holds, 503 when a store
    fails, else what `work` finds (None: nothing there)."""
    dpi, expires, signature = link
    links = snapshot_links(state)
    if not links.valid(page_id, dpi, expires, signature, datetime.now(UTC)):
        raise Forbidden("Invalid or expired snapshot link")
    found = await run_service(state, lambda conn: work(conn, links), 0)
    if isinstance(found, Miss):
        if found.failure_kind in RETRYABLE:
            raise ServiceUnavailable(found.error)
        return None
    return found


@png_router.get(
    "/api/v1/snapshots/{page_id}.png",
    include_in_schema=False,
    response_class=FileResponse,
    responses={403: {"model": ErrorEnvelope}},
)
async def snapshot_png(
    page_id: str,
    state: Annotated[AppState, Depends(app_state)],
    dpi: Annotated[int, Query(ge=72, le=300)],
    expires: int,
    signature: str,
) -> FileResponse:
    """The PNG behind a signed snapshot link; no bearer key, but the signature must hold."""
    path = await _behind_signed_link(
        state,
        page_id,
        (dpi, expires, signature),
        lambda conn, links: service.snapshot_png(conn, page_id, dpi, links),
    )
    if path is None:
        raise NotFound("This page cannot be rendered")
    return FileResponse(path, media_type="image/png", headers=CACHED_PRIVATELY)


@png_router.get(
    "/api/v1/snapshots/{page_id}.txt",
    include_in_schema=False,
    response_class=PlainTextResponse,
    responses={403: {"model": ErrorEnvelope}},
)
async def snapshot_text(
    page_id: str,
    state: Annotated[AppState, Depends(app_state)],
    dpi: Annotated[int, Query(ge=72, le=300)],
    expires: int,
    signature: str,
) -> PlainTextResponse:
    """The text of a release behind a signed snapshot link; no bearer key, but the signature
    must hold."""
    text = await _behind_signed_link(
        state,
        page_id,
        (dpi, expires, signature),
        lambda conn, _: service.release_text(conn, page_id),
    )
    if text is None:
        raise NotFound("This page has no text")
    return PlainTextResponse(text, headers=CACHED_PRIVATELY)
