"""The apps the benchmark serves, as uvicorn factories."""

from __future__ import annotations

from fastapi import FastAPI

from filings.access.middleware import AccessMiddleware
from filings.app import create_app
from filings.core.settings import Settings


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
