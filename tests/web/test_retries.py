"""`max_retries`: transient data-source failures are retried, then answered as a miss."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from filings.core.errors import SearchBackendError
from filings.documents import service as filings_service
from filings.search import service as search_service

SNAPSHOT = "/api/v1/data/filings/0123456789abcdef_1/snapshot"


def _flaky(failures: int, error: Exception) -> tuple[list[int], Any]:
    calls: list[int] = []
    real = filings_service.snapshot

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) <= failures:
            raise error
        return real(*args, **kwargs)

    return calls, flaky


LOCKED = OperationalError("SELECT 1", {}, Exception("database is locked"))


@pytest.mark.parametrize("max_retries", [0, 1, 2, 5])
def test_a_locked_database_is_retried_then_a_miss(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, max_retries: int
) -> None:
    calls, flaky = _flaky(99, LOCKED)
    monkeypatch.setattr(filings_service, "snapshot", flaky)
    body = client.get(SNAPSHOT, params={"max_retries": max_retries}).json()
    assert len(calls) == max_retries + 1
    assert body["failure_kind"] == "upstream_unavailable"


def test_a_retry_that_succeeds_answers_normally(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls, flaky = _flaky(2, LOCKED)
    monkeypatch.setattr(filings_service, "snapshot", flaky)
    body = client.get(SNAPSHOT).json()  # default max_retries=2: three attempts
    assert len(calls) == 3
    assert body["available"] is False and "error" not in body


def test_search_backend_failures_are_search_upstream(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: Any, **__: Any) -> None:
        raise SearchBackendError("index down")

    monkeypatch.setattr(search_service, "content_search", broken)
    body = client.post(
        "/api/v1/data/filings/content-search", json={"query": "x"}, params={"max_retries": 0}
    ).json()
    assert body["failure_kind"] == "search_upstream"


def test_other_errors_are_not_retried(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    calls, flaky = _flaky(99, ValueError("bug"))
    monkeypatch.setattr(filings_service, "snapshot", flaky)
    assert client.get(SNAPSHOT).status_code == 500
    assert len(calls) == 1
