"""What every route shares: the app's services, `max_retries`, and running service work."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Annotated, TypeVar

import anyio
from fastapi import Query, Request
from sqlalchemy import Connection

from filings.core.errors import TransientFailure
from filings.core.misses import Miss, miss
from filings.core.settings import Settings
from filings.db.engine import Database
from filings.db.retry import run_with_retries

T = TypeVar("T")


@dataclass
class AppState:
    """Built once at start-up and shared by every request."""

    settings: Settings
    database: Database


def app_state(request: Request) -> AppState:
    """The AppState of the running app."""
    state: AppState = request.app.state.filings
    return state


MaxRetries = Annotated[
    int,
    Query(
        ge=0,
        le=5,
        description="How many times the server retries a transient failure of a data source "
        "(a locked database, an unreachable search backend or cache) before answering with a "
        "miss of the matching failure_kind.",
    ),
]


def _attempts(state: AppState, work: Callable[[Connection], T], max_retries: int) -> T | Miss:
    try:
        return run_with_retries(state.database, work, max_retries)
    except TransientFailure as failure:
        return miss(
            failure.error,
            failure.failure_kind,
            hint="A data source failed; retry with backoff.",
        )


async def run_service(
    state: AppState, work: Callable[[Connection], T], max_retries: int
) -> T | Miss:
    """Run blocking service work in a worker thread, off the event loop.

    The thread is abandoned if the request times out, so the 504 is not held up by it.
    """
    job = partial(_attempts, state, work, max_retries)
    return await anyio.to_thread.run_sync(job, abandon_on_cancel=True)
