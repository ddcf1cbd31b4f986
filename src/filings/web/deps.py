"""What every route shares: the edge's state, `max_retries`, and running service work."""

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
    """What the HTTP edge needs of the app's state (`filings.api.state.Services` extends it):
    built once at start-up and shared by every request. `readiness` names the checks of
    `/health/ready`, each raising when its store does not answer."""

    settings: Settings
    database: Database
    answers: AnswerCache
    readiness: dict[str, Callable[[], None]]


async def app_state(request: Request) -> AppState:
    """The AppState of the running app. The dependencies that read the app's state are `async`:
    FastAPI runs a plain `def` dependency in a worker thread, a thread hop per request for an
    attribute read."""
    state: AppState = request.app.state.services
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


Render = Callable[[BaseModel], tuple[bytes, str]]


def wants_csv(accept: str, format_: str | None) -> bool:
    """Whether the caller asked for CSV: `format=csv`, or `text/csv` before JSON in Accept."""
    if format_ is not None:
        return format_ == "csv"
    return "text/csv" in accept and "application/json" not in accept.split("text/csv")[0]


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
    """`answer_bytes` as a response."""
    body, media_type = await answer_bytes(state, question, work, max_retries, render)
    return Response(body, media_type=media_type)


async def answer_bytes(
    state: AppState,
    question: Hashable | None,
    work: Callable[[Connection], BaseModel],
    max_retries: int,
    render: Render = as_json,
) -> tuple[bytes, str]:
    """The answer of `work` as bytes and a media type, for HTTP and MCP alike. An answer that
    depends only on the data and the `question` (which names the operation and every argument
    but `max_retries`, the format included) is kept: a kept answer of the current data
    generation is sent at once, from the event loop. `question` None: never kept. `render`
    turns the answer into bytes (JSON; CSV for the tables that offer it); a miss is JSON."""
    if question is None:
        fresh = await run_service(state, work, max_retries)
        return as_json(fresh) if isinstance(fresh, Miss) else render(fresh)
    kept = state.answers.get(question)
    if kept is not None:
        return kept

    def made(conn: Connection) -> tuple[int, BaseModel]:
        return state.answers.generation(conn), work(conn)

    outcome = await run_service(state, made, max_retries)
    if isinstance(outcome, Miss):  # the data source failed
        return as_json(outcome)
    generation, answer = outcome
    body, media_type = as_json(answer) if isinstance(answer, Miss) else render(answer)
    state.answers.put(question, generation, answer, body, media_type)
    return body, media_type


async def run_service(
    state: AppState, work: Callable[[Connection], T], max_retries: int
) -> T | Miss:
    """Run blocking service work in a worker thread, off the event loop.

    The thread is abandoned if the request times out, so the 504 is not held up by it.
    """
    job = partial(_attempts, state, work, max_retries)
    return await anyio.to_thread.run_sync(job, abandon_on_cancel=True)
