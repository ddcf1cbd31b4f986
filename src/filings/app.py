"""Assembling the service: `create_app(settings)` builds the ASGI app with its edge layers."""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import datetime
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.routing import Route

from filings import API_VERSION
from filings.access.gate import AccessGate, utc_now
from filings.access.middleware import AccessMiddleware
from filings.access.store import AccessStore
from filings.access.store_redis import RedisAccessStore
from filings.access.store_sql import SqlAccessStore
from filings.access.waiters import TwinWaiters
from filings.account.router import Pages
from filings.account.router import router as account_router
from filings.companies.router import router as companies_router
from filings.companies.service import CompanyDirectory
from filings.core.collector import serving
from filings.core.errors import ConfigurationError
from filings.core.settings import MEBIBYTE, MIN_SECRET_LENGTH, Settings
from filings.db.engine import Database, open_database
from filings.db.generation import GenerationClock
from filings.documents.router import png_router
from filings.documents.router import router as filings_router
from filings.financials.queries import PeriodCache
from filings.financials.router import router as financials_router
from filings.mcp.server import KeyCheck, Services, build_mcp, http_key
from filings.search.router import router as search_router
from filings.search.service import SearchEngine
from filings.search.vectors import E5Embedder, embed_missing
from filings.web.answers import AnswerCache
from filings.web.deps import AppState
from filings.web.envelope import install_error_handlers
from filings.web.examples import add_examples
from filings.web.health import router as health_router
from filings.web.middleware import (
    BlockedNetworkMiddleware,
    BodyLimitMiddleware,
    CorrelationMiddleware,
    MaintenanceMiddleware,
    TimeoutMiddleware,
)

API_PREFIX = "/api/v1/data"
MCP_PATH = "/mcp"
DESCRIPTION = """Read-only JSON REST service over company financial filings of Helsinki- and
Stockholm-listed issuers and US issuers registered with the SEC. Every request needs
`Authorization: Bearer <API_KEY>`. A 200 answer may be a miss: check for `error` first."""


def _openapi_with_access(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """The OpenAPI generator, plus what the access layer adds: key schemes and Idempotency-Key."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        document = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        document.setdefault("components", {})["securitySchemes"] = {
            "bearer": {"type": "http", "scheme": "bearer", "description": "svc_... API key"},
            "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
        }
        for path, operations in document["paths"].items():
            if not path.startswith(API_PREFIX):
                continue
            for method, operation in operations.items():
                operation["security"] = [{"bearer": []}, {"apiKeyHeader": []}]
                if method == "post":
                    operation.setdefault("parameters", []).append(IDEMPOTENCY_PARAMETER)
        add_examples(document, API_PREFIX)
        app.openapi_schema = document
        return document

    return openapi


IDEMPOTENCY_PARAMETER = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "At most 200 characters (longer: 400). The same key with the same body "
    "replays the first answer without spending quota; with another body: 422. Kept 24 hours.",
    "schema": {"type": "string", "maxLength": 200},
}


def build_access_store(settings: Settings, database: Database) -> AccessStore:
    """Redis when `FILINGS_REDIS_URL` is set (several hosts), else the SQL database."""
    if settings.redis_url:
        return RedisAccessStore(
            settings.redis_url, settings.redis_namespace, timeout=settings.redis_timeout
        )
    return SqlAccessStore(database)


def create_app(
    settings: Settings,
    database: Database | None = None,
    store: AccessStore | None = None,
    clock: Callable[[], datetime] = utc_now,
) -> FastAPI:
    """The ASGI app for `settings`; `database` and `store` override those the settings name.

    `clock` is the access gate's time source (rate windows, quota months, plan expiry).
    """
    database = database or open_database(settings.database_url, timeout=settings.database_timeout)
    store = store or build_access_store(settings, database)

    search_engine = SearchEngine()
    mcp_starts: list[Callable[[], Any]] = []  # starts the MCP endpoint's session manager

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        stop = threading.Event()
        if settings.index_vectors:
            start_vector_indexer(database, search_engine, stop)
        async with AsyncExitStack() as running:
            for start in mcp_starts:
                await running.enter_async_context(start().run())
            running.enter_context(serving())
            yield
        stop.set()
        store.close()
        database.dispose()

    app = FastAPI(
        title="filings",
        version=API_VERSION,
        description=DESCRIPTION,
        docs_url="/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    generation = GenerationClock(settings.data_poll_seconds)
    answers = AnswerCache(generation, settings.answer_cache_mb * MEBIBYTE)
    app.state.filings = AppState(settings=settings, database=database, answers=answers)
    app.state.company_directory = CompanyDirectory(generation)
    app.state.period_cache = PeriodCache()
    app.state.search_engine = search_engine
    for router in (filings_router, search_router, financials_router, companies_router):
        app.include_router(router, prefix=API_PREFIX)
    app.include_router(png_router)
    app.include_router(health_router)
    app.include_router(account_router)
    app.state.access_store = store
    app.state.account_pages = Pages(database, store, settings.key_hash_secret.get_secret_value())
    install_error_handlers(app)
    gate = AccessGate(
        database,
        store,
        secret=settings.key_hash_secret.get_secret_value(),
        wait_seconds=settings.effective_idempotency_wait(),
        clock=clock,
        threads=settings.access_threads,
    )
    mcp_starts.append(_mount_mcp(app, gate, search_engine))
    app.openapi = _openapi_with_access(app)  # type: ignore[method-assign]
    # Added innermost first: access runs last, correlation ids first.
    app.state.twin_waiters = TwinWaiters()
    app.add_middleware(
        AccessMiddleware,
        gate=gate,
        routes=app.router.routes,
        prefix=API_PREFIX,
        waiters=app.state.twin_waiters,
    )
    app.add_middleware(
        MaintenanceMiddleware,
        enabled=settings.maintenance,
        message=settings.maintenance_message,
        retry_after=settings.maintenance_retry_after,
    )
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(TimeoutMiddleware, seconds=settings.request_timeout)
    app.add_middleware(BlockedNetworkMiddleware, networks=settings.blocked_network_objects)
    app.add_middleware(CorrelationMiddleware)
    logging.getLogger("filings").setLevel(logging.INFO)
    return app


def _mount_mcp(app: FastAPI, gate: AccessGate, engine: SearchEngine) -> Callable[[], Any]:
    """The MCP tools at `/mcp` (streamable HTTP, stateless, JSON answers) behind the API keys.
    Returns what the app's lifespan calls to start a session manager (one per run of the
    lifespan: a manager runs once)."""
    services = Services(
        app.state.filings,
        app.state.company_directory,
        app.state.period_cache,
        engine,
        gate,
        http_key,
    )
    server = build_mcp(services)
    app.state.mcp_services = services

    def start() -> Any:
        # Built for its session manager; the route below is the app's own. Keys, not the Host
        # header, protect it, so DNS-rebinding checks (meant for open local servers) are off.
        server.streamable_http_app(
            streamable_http_path=MCP_PATH,
            stateless_http=True,
            json_response=True,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        return server.session_manager

    async def endpoint(scope: Any, receive: Any, send: Any) -> None:
        await server.session_manager.asgi_app(scope, receive, send)

    route = Route(MCP_PATH, endpoint=KeyCheck(endpoint, gate), methods=["GET", "POST", "DELETE"])
    app.router.routes.append(route)
    return start


def stdio_mcp(settings: Settings, key: str) -> MCPServer:
    """The MCP tools for the stdio transport: the app's services, every call made with `key`."""
    app = create_app(settings)
    services: Services = app.state.mcp_services
    return build_mcp(
        Services(
            services.state,
            services.directory,
            services.periods,
            services.engine,
            services.gate,
            lambda _: key,
        )
    )


def start_vector_indexer(database: Database, engine: SearchEngine, stop: threading.Event) -> None:
    """Compute missing passage vectors in a background thread; search answers from full text
    until they are complete."""

    def run() -> None:
        try:
            count = embed_missing(database, E5Embedder(threads=1), stop=stop)
            if count:
                logging.getLogger("filings.search").info("indexed %d passage vectors", count)
        except Exception:  # the server goes on with full-text search
            logging.getLogger("filings.search").exception("vector indexing stopped")

    threading.Thread(target=run, name="vector-indexer", daemon=True).start()


def app_from_environment() -> FastAPI:
    """The app configured from `FILINGS_*` variables; the uvicorn factory of `filings serve`.

    Refuses default or short secrets outside development mode.
    """
    settings = Settings()
    problems = settings.secret_problems()
    if problems:
        raise ConfigurationError(refusal_to_serve(problems))
    return create_app(settings)


def refusal_to_serve(problems: list[str]) -> str:
    """The one sentence with which the server refuses to start on unfit secrets."""
    return (
        f"refusing to serve: {'; '.join(problems)}; set a random secret of at least "
        f"{MIN_SECRET_LENGTH} characters, or FILINGS_DEV_MODE=true for local development"
    )
