"""The app's shared state as one typed object, built at start-up and read by every request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from filings.access.gate import AccessGate
from filings.access.store import AccessStore
from filings.access.waiters import TwinWaiters
from filings.companies.service import CompanyDirectory
from filings.financials.queries import PeriodCache
from filings.search.service import SearchEngine
from filings.web.deps import AppState


@dataclass
class Services(AppState):
    """What the operations, the MCP tools, the access layer and the account page share: the
    edge's state (settings, database, answer cache) and the domains' caches and stores."""

    directory: CompanyDirectory
    periods: PeriodCache
    engine: SearchEngine
    store: AccessStore
    gate: AccessGate
    waiters: TwinWaiters


def services_of(app: Any) -> Services:
    """The Services of a running app (a FastAPI or Starlette app, or its `request.app`)."""
    services = app.state.services
    if not isinstance(services, Services):  # pragma: no cover - create_app always sets it
        raise TypeError("the app was not built by create_app")
    return services
