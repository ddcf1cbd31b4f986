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
from sqlalchemy.exc import SQLAlchemyError
from starlette.routing import Route

from filings import API_VERSION
from filings.access.gate import AccessGate, utc_now
from filings.access.middleware import AccessMiddleware
from filings.access.store import AccessStore
from filings.access.store_redis import RedisAccessStore
from filings.access.store_sql import SqlAccessStore
from filings.access.waiters import TwinWaiters
from filings.account.router import router as account_router
from filings.api.operations import OPERATIONS
from filings.api.routes import operation_router
from filings.api.state import Services, services_of
from filings.companies.service import CompanyDirectory
from filings.core.collector import serving
from filings.core.errors import ConfigurationError
from filings.core.settings import MEBIBYTE, MIN_SECRET_LENGTH, Settings
from filings.db.engine import Database, open_database
from filings.db.generation import GenerationClock
from filings.documents.router import png_router
from filings.financials.queries import PeriodCache
from filings.mcp.server import KeyCheck, build_mcp, http_key
from filings.search import lexicon
from filings.search.service import SearchEngine
from filings.search.vectors import embed_missing, passage_embedder
from filings.web.answers import AnswerCache
from filings.web.docs import install_docs
from filings.web.document import complete
from filings.web.envelope import install_error_handlers
from filings.web.health import router as health_router
from filings.web.middleware import (
    BlockedNetworkMiddleware,
    BodyLimitMiddleware,
    CorrelationMiddleware,
    EntityTagMiddleware,
    MaintenanceMiddleware,
    TimeoutMiddleware,
)

API_PREFIX = "/api/v1/data"
MCP_PATH = "/mcp"
DESCRIPTION = """Read-only JSON REST service over company financial filings of Helsinki- and
Stockholm-listed issuers and US issuers registered with the SEC. Every request needs
`Authorization: Bearer <API_KEY>`. A 200 answer may be a miss: check for `error` first (each
answer's schema is `oneOf` its data and the miss). GET answers carry an `ETag`: send it back in
`If-None-Match` for a 304 that does not count against the quota."""


def _api_document(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """The OpenAPI generator, completed with what the edge adds (`web/document.py`)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        document = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        app.openapi_schema = complete(document, API_PREFIX)
        return app.openapi_schema

    return openapi


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
    services = build_services(settings, database, store, clock)
    mcp_starts: list[Callable[[], Any]] = []  # starts the MCP endpoint's session manager

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        stop = threading.Event()
        # the lexicon's dictionaries load beside the first requests (a question before then
        # waits for them, and is answered the same)
        threading.Thread(target=lexicon.warm, name="lexicon", daemon=True).start()
        if settings.index_vectors:
            start_vector_indexer(services.database, settings, stop)
        async with AsyncExitStack() as running:
            for start in mcp_starts:
                await running.enter_async_context(start().run())
            running.enter_context(serving())
            yield
        stop.set()
        services.store.close()
        services.database.dispose()

    app = FastAPI(
        title="filings",
        version=API_VERSION,
        description=DESCRIPTION,
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.services = services  # the one object the app shares (`services_of`)
    app.include_router(operation_router(OPERATIONS, API_PREFIX))
    app.include_router(png_router)
    app.include_router(health_router)
    app.include_router(account_router)
    install_docs(app)
    install_error_handlers(app)
    mcp_starts.append(_mount_mcp(app, services))
    app.openapi = _api_document(app)  # type: ignore[method-assign]
    # Added innermost first: entity tags inside access (a 304 is settled as not counted),
    # access runs last, correlation ids first.
    app.add_middleware(EntityTagMiddleware, prefix=API_PREFIX)
    app.add_middleware(
        AccessMiddleware,
        gate=services.gate,
        routes=app.router.routes,
        prefix=API_PREFIX,
        waiters=services.waiters,
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


def build_services(
    settings: Settings,
    database: Database | None = None,
    store: AccessStore | None = None,
    clock: Callable[[], datetime] = utc_now,
) -> Services:
    """The app's shared state: database, stores, caches, the access gate."""
    database = database or open_database(settings.database_url, timeout=settings.database_timeout)
    store = store or build_access_store(settings, database)
    generation = GenerationClock(settings.data_poll_seconds)
    gate = AccessGate(
        database,
        store,
        secret=settings.key_hash_secret.get_secret_value(),
        wait_seconds=settings.effective_idempotency_wait(),
        clock=clock,
        threads=settings.access_threads,
    )
    return Services(
        settings=settings,
        database=database,
        answers=AnswerCache(generation, settings.answer_cache_mb * MEBIBYTE),
        readiness={"access_store": store.ping},
        directory=CompanyDirectory(generation),
        periods=PeriodCache(),
        engine=SearchEngine(),
        store=store,
        gate=gate,
        waiters=TwinWaiters(),
    )


def _mount_mcp(app: FastAPI, services: Services) -> Callable[[], Any]:
    """The MCP tools at `/mcp` (streamable HTTP, stateless, JSON answers) behind the API keys.
    Returns what the app's lifespan calls to start a session manager (one per run of the
    lifespan: a manager runs once)."""
    server = build_mcp(services, http_key)

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

    check = KeyCheck(endpoint, services.gate)
    app.router.routes.append(Route(MCP_PATH, endpoint=check, methods=["GET", "POST", "DELETE"]))
    return start


def stdio_mcp(settings: Settings, key: str) -> MCPServer:
    """The MCP tools for the stdio transport: the app's services, every call made with `key`."""
    return build_mcp(services_of(create_app(settings)), lambda _: key)


VECTOR_POLL_SECONDS = 30.0  # how often the indexer looks for passages stored since its last pass


def start_vector_indexer(database: Database, settings: Settings, stop: threading.Event) -> None:
    """Compute missing passage vectors in a background thread, and again for passages stored
    while the server runs (an ingestion running beside it); search answers from full text until
    they are complete."""

    def run() -> None:
        log = logging.getLogger("filings.search")
        try:
            embedder = passage_embedder(settings.index_threads or 1, settings.vector_cache)
            while not stop.is_set():
                try:
                    count = embed_missing(database, embedder, stop=stop)
                except SQLAlchemyError as error:  # the store is away: the next pass tries again
                    log.warning("vector indexing pass failed: %s", str(error).splitlines()[0])
                    count = 0
                if count:
                    log.info("indexed %d passage vectors", count)
                stop.wait(VECTOR_POLL_SECONDS)
        except Exception:  # the server goes on with full-text search
            log.exception("vector indexing stopped")

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
