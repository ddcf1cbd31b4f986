"""Liveness and readiness, outside the API: no key, no quota."""

from __future__ import annotations

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from filings.core.errors import FilingsError
from filings.db.engine import Database
from filings.web.deps import app_state

router = APIRouter(include_in_schema=True, tags=["health"])


@router.get("/", include_in_schema=False)
async def root() -> RedirectResponse:
    """The interactive API document."""
    return RedirectResponse("/docs")


@router.get("/health", summary="Whether the server is alive", operation_id="health")
async def health() -> dict[str, str]:
    """Answers while the process serves requests; asks no store."""
    return {"status": "ok"}


@router.get(
    "/health/ready",
    summary="Whether the server can answer: its database and access store respond",
    operation_id="health_ready",
    responses={503: {"description": "A store did not answer."}},
)
async def ready(request: Request) -> JSONResponse:
    """The database answers a query, and the access store (SQL or Redis) answers, each within
    its configured timeout."""
    state = await app_state(request)
    checks = {"database": lambda: _database_ok(state.database), **state.readiness}
    results: dict[str, str] = {}
    for name, check in checks.items():
        try:
            await anyio.to_thread.run_sync(check, abandon_on_cancel=True)
            results[name] = "ok"
        except (SQLAlchemyError, FilingsError, OSError) as exc:
            results[name] = f"unavailable: {type(exc).__name__}"
    ok = all(v == "ok" for v in results.values())
    body = {"status": "ready" if ok else "unavailable", **results}
    return JSONResponse(body, status_code=200 if ok else 503)


def _database_ok(database: Database) -> None:
    with database.transaction() as conn:
        conn.execute(text("SELECT 1"))
