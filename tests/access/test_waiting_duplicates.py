"""Duplicates of a running request wait off the worker threads, within a bound of their own.

These run many requests on one event loop, as one uvicorn worker does, so that they share its
pool of worker threads (40): duplicates that held a thread while waiting would starve the rest.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from filings.api.state import services_of
from filings.app import create_app
from filings.core.settings import Settings
from filings.search import service as search_service
from tests.access.conftest import Deployment

CONTENT = "/api/v1/data/filings/content-search"
SEARCH = "/api/v1/data/filings/search"
DUPLICATES = 60


@pytest.fixture
def held_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, list[int]]]:
    """Content search that blocks its worker thread until the test lets it go."""
    release, calls = threading.Event(), []
    real = search_service.content_search

    def held(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(search_service, "content_search", held)
    yield release, calls
    release.set()


async def _until_held(calls: list[int]) -> None:
    """Wait until the first request is inside the held search (its key is then taken)."""
    with anyio.fail_after(20):
        while not calls:
            await anyio.sleep(0.01)


def _app(deployment: Deployment, tmp_path: Path, **overrides: Any) -> Any:
    settings = Settings(
        database_url=deployment.env["FILINGS_DATABASE_URL"],
        data_dir=tmp_path,
        key_hash_secret="s3cret",  # type: ignore[arg-type]
        **overrides,
    )
    return create_app(settings, deployment.database, deployment.store)


def test_60_waiting_duplicates_leave_the_server_free_and_replay_one_answer(
    deployment: Deployment, tmp_path: Path, held_search: tuple[threading.Event, list[int]]
) -> None:
    release, calls = held_search
    key, account_pk = deployment.key(quota=1000)
    app = _app(deployment, tmp_path)
    auth = {"Authorization": f"Bearer {key}"}
    duplicate = {**auth, "Idempotency-Key": "one-search"}
    answers: list[httpx.Response] = []
    other: list[httpx.Response] = []

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t", timeout=60) as c:

            async def post_duplicate() -> None:
                answers.append(await c.post(CONTENT, json={"query": "revenue"}, headers=duplicate))

            async with anyio.create_task_group() as group:
                for _ in range(DUPLICATES):
                    group.start_soon(post_duplicate)
                await _until_held(calls)  # the owner holds its thread; the rest are waiting
                await anyio.sleep(0.2)
                # Another caller is served while the owner is still held.
                other.append(await c.post(SEARCH, json={"limit": 1}, headers=auth))
                release.set()

    anyio.run(scenario)
    assert other[0].status_code == 200 and calls == [1]
    assert [r.status_code for r in answers] == [200] * DUPLICATES
    originals = [r for r in answers if "idempotent-replayed" not in r.headers]
    assert len(originals) == 1
    assert {r.content for r in answers} == {originals[0].content}
    assert deployment.used(account_pk) == 2  # the search, and the one content search
    assert len(services_of(app).waiters) == 0  # nothing is kept once nobody waits


def test_a_duplicate_gives_up_after_its_own_bound_with_429(
    deployment: Deployment, tmp_path: Path, held_search: tuple[threading.Event, list[int]]
) -> None:
    release, calls = held_search
    key, account_pk = deployment.key(quota=1000)
    app = _app(deployment, tmp_path, idempotency_wait=0.3)
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "slow"}
    answers: dict[str, httpx.Response] = {}

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t", timeout=60) as c:

            async def first() -> None:
                answers["first"] = await c.post(CONTENT, json={"query": "x"}, headers=headers)

            async with anyio.create_task_group() as group:
                group.start_soon(first)
                # the first holds its key once it is inside the search (a fixed 0.2 s was too
                # short on a loaded machine: the duplicate came first and ran the search itself)
                await _until_held(calls)
                answers["duplicate"] = await c.post(CONTENT, json={"query": "x"}, headers=headers)
                release.set()

    anyio.run(scenario)
    refused = answers["duplicate"]
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
    assert "still running" in refused.json()["error"]
    assert answers["first"].status_code == 200
    assert deployment.used(account_pk) == 1
    assert len(services_of(app).waiters) == 0
