"""HTTP routes behind signed snapshot links (the PNG of a page, the text of a release): no
bearer key, but the signature must hold. The snapshot operation that makes the links is
declared with the others in `filings.api.operations`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, TypeVar

from fastapi import APIRouter, Depends, Query
from fastapi.responses import FileResponse, PlainTextResponse
from sqlalchemy import Connection

from filings.core.errors import Forbidden, NotFound, ServiceUnavailable
from filings.core.misses import RETRYABLE, Miss
from filings.documents import service
from filings.documents.snapshots import SnapshotLinks
from filings.web.deps import AppState, app_state, run_service
from filings.web.envelope import ErrorEnvelope

T = TypeVar("T")
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
    links = SnapshotLinks.of(state.settings)
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
