"""What every route shares: the app's services, `max_retries`, and running service work."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Annotated, TypeVar

import anyio
from fastapi import Query, Request, Response
from pydantic import BaseModel
from sqlalchemy import Connection

from filings.core.errors import TransientFailure
from filings.core.misses import Miss, miss
from filings.core.settings import Settings
from filings.db.engine import Database
from filings.db.retry import run_with_retries
from filings.web.answers import AnswerCache

T = TypeVar("T")


@dataclass
class AppState:
    """Built once at start-up and shared by every request."""

    settings: Settings
    database: Database
    answers: AnswerCache


async def app_state(request: Request) -> AppState:
    """The AppState of the running app. The dependencies that read the app's state are `async`:
    FastAPI runs a plain `def` dependency in a worker thread, a thread hop per request (three
    on the financials routes) for an attribute read."""
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


def json_response(result: BaseModel) -> Response:
    """A model as the JSON response, serialized once by pydantic: the routes declare their
    response models for the API document, and return this so that FastAPI does not validate
    and convert the finished answer a second time."""
    return Response(result.model_dump_json(), media_type="application/json")


async def run_json(
    state: AppState, work: Callable[[Connection], BaseModel], max_retries: int
) -> Response:
    """`run_service`, answered as JSON."""
    return json_response(await run_service(state, work, max_retries))


Render = Callable[[BaseModel], tuple[bytes, str]]


def as_json(answer: BaseModel) -> tuple[bytes, str]:
    """An answer as the API's JSON."""
    return answer.model_dump_json().encode(), "application/json"


async def run_cached(
    state: AppState,
    question: Hashable,
    work: Callable[[Connection], BaseModel],
    max_retries: int,
    render: Render = as_json,
) -> Response:
    """`run_json` for answers that depend only on the data and the `question` (which names
    the endpoint and every argument but `max_retries`, the format included): a kept answer of
    the current data generation is sent at once, from the event loop. `render` turns the
    answer into bytes and a media type (JSON; CSV for the tables that offer it)."""
    kept = state.answers.get(question)
    if kept is not None:
        return Response(kept[0], media_type=kept[1])

    def made(conn: Connection) -> tuple[int, BaseModel]:
        return state.answers.generation(conn), work(conn)

    outcome = await run_service(state, made, max_retries)
    if isinstance(outcome, Miss):  # the data source failed
        return json_response(outcome)
    generation, answer = outcome
    body, media_type = as_json(answer) if isinstance(answer, Miss) else render(answer)
    state.answers.put(question, generation, answer, body, media_type)
    return Response(body, media_type=media_type)


async def run_service(
    state: AppState, work: Callable[[Connection], T], max_retries: int
) -> T | Miss:
    """Run blocking service work in a worker thread, off the event loop.

    The thread is abandoned if the request times out, so the 504 is not held up by it.
    """
    job = partial(_attempts, state, work, max_retries)
    return await anyio.to_thread.run_sync(job, abandon_on_cancel=True)
