"""The apps the benchmark serves, as uvicorn factories."""

from __future__ import annotations

from fastapi import FastAPI
from sqlalchemy import Connection

from filings.access.middleware import AccessMiddleware
from filings.app import create_app
from filings.core.settings import Settings
from filings.financials import service as financials_service
from filings.web.deps import run_service


def bare_app() -> FastAPI:
    """The baseline: FastAPI returning a constant JSON object."""
    app = FastAPI()

    @app.get("/bare")
    async def bare() -> dict[str, object]:
        return {"filings": [], "total": 0, "total_available": 0, "has_more": False}

    return app


def service_app() -> FastAPI:
    """The real service, configured from the environment."""
    return create_app(Settings())


def service_app_without_access() -> FastAPI:
    """The real service with the access layer taken out, to measure what access adds."""
    app = create_app(Settings())
    app.user_middleware = [m for m in app.user_middleware if m.cls is not AccessMiddleware]
    return app


def handler_styles_app() -> FastAPI:
    """The financials service behind a sync handler and behind the async one, without access."""
    app = service_app_without_access()
    state = app.state.filings
    directory = app.state.company_directory
    cache = app.state.period_cache

    def work(conn: Connection, company: str) -> object:
        return financials_service.financials(
            conn,
            directory,
            cache,
            company=company,
            years=5,
            market=None,
            period_type="auto",
            year=None,
            quarter=None,
        )

    @app.get("/bench/sync/{company}")
    def sync_handler(company: str) -> object:  # FastAPI runs it in its threadpool
        with state.database.transaction() as conn:
            return work(conn, company)

    @app.get("/bench/async/{company}")
    async def async_handler(company: str) -> object:  # how the service's routes run
        return await run_service(state, lambda conn: work(conn, company), 2)

    return app
