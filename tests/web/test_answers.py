"""Kept answers: a repeated question is answered without running its service again, until the
data generation moves; a failing data source is never remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection

from filings.core.misses import FailureKind, miss
from filings.db.generation import GenerationClock, bump_generation
from filings.documents import service as filings_service
from filings.documents.schemas import FilingSearchResponse
from filings.web.answers import AnswerCache

SEARCH = "/api/v1/data/filings/search"


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_answer_is_kept_until_the_generation_moves(connection: Connection) -> None:
    time = FakeTime()
    cache = AnswerCache(GenerationClock(1.0, clock=time), max_bytes=1 << 20)
    answer = FilingSearchResponse(filings=[], total=0, total_available=0, has_more=False)
    generation = cache.generation(connection)
    cache.put(("q",), generation, answer, b"{}")
    assert cache.get(("q",)) == (b"{}", "application/json")
    bump_generation(connection)
    time.now = 0.5  # not read again yet: still the generation it was made in
    assert cache.get(("q",)) == (b"{}", "application/json")
    time.now = 1.5  # the clock must read again: nothing is answered from memory meanwhile
    assert cache.get(("q",)) is None
    assert cache.generation(connection) == generation + 1
    assert cache.get(("q",)) is None  # made in the old generation


def test_failures_of_a_source_and_oversized_answers_are_not_kept(connection: Connection) -> None:
    cache = AnswerCache(GenerationClock(60.0), max_bytes=800)
    generation = cache.generation(connection)
    cache.put(("down",), generation, miss("db down", FailureKind.UPSTREAM_UNAVAILABLE), b"{}")
    cache.put(("big",), generation, miss("x", FailureKind.NOT_FOUND), b"x" * 200)
    cache.put(("small",), generation, miss("x", FailureKind.NOT_FOUND), b"{}")
    assert cache.get(("down",)) is None and cache.get(("big",)) is None
    assert cache.get(("small",)) == (b"{}", "application/json")


def test_bounded_in_bytes(connection: Connection) -> None:
    cache = AnswerCache(GenerationClock(60.0), max_bytes=8 * 100)
    generation = cache.generation(connection)
    for i in range(20):
        cache.put((i,), generation, miss("x", FailureKind.NOT_FOUND), b"x" * 100)
    kept = [i for i in range(20) if cache.get((i,)) is not None]
    assert kept == list(range(12, 20))  # the newest 800 bytes


@pytest.mark.parametrize("poll", [60.0, 0.0])
def test_a_repeated_request_runs_the_service_once(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, poll: float
) -> None:
    calls = []
    real = filings_service.search_filings

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(filings_service, "search_filings", counted)
    client = make_client(data_poll_seconds=poll)
    answers = [client.post(SEARCH, json={"market": "us", "limit": 3}) for _ in range(3)]
    assert all(a.status_code == 200 for a in answers)
    assert answers[0].content == answers[1].content == answers[2].content
    # with a poll interval the answer is kept; with none, every request is made afresh
    assert len(calls) == (1 if poll else 3)
    client.post(SEARCH, json={"market": "us", "limit": 4})
    assert len(calls) == (2 if poll else 4)  # another question is another answer
