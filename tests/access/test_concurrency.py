"""Concurrency on real servers: several uvicorn workers sharing each store."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from filings.app import create_app
from filings.core.settings import Settings
from filings.search import service as search_service
from tests.access.conftest import Deployment, free_port

SEARCH = "/api/v1/data/filings/search"
CONTENT = "/api/v1/data/filings/content-search"


@pytest.fixture
def server(deployment: Deployment, tmp_path: Path) -> Iterator[str]:
    """`filings serve --workers 2` on a free loopback port."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("FILINGS_")}
    env |= deployment.env | {"FILINGS_DATA_DIR": str(tmp_path)}
    log = (tmp_path / "server.log").open("w")
    command = [sys.executable, "-m", "filings", "serve", "--workers", "2", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60  # two workers on a busy two-core machine
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/openapi.json", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            pytest.fail(f"server did not start: {(tmp_path / 'server.log').read_text()}")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


def _parallel(count: int, call: Callable[[httpx.Client], httpx.Response]) -> list[httpx.Response]:
    with httpx.Client(timeout=60) as client, ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda _: call(client), range(count)))


def test_50_parallel_requests_against_a_quota_of_20(deployment: Deployment, server: str) -> None:
    key, account_pk = deployment.key(quota=20)
    headers = {"Authorization": f"Bearer {key}"}
    responses = _parallel(50, lambda c: c.post(f"{server}{SEARCH}", json={}, headers=headers))
    codes = [r.status_code for r in responses]
    assert codes.count(200) == 20, codes
    assert codes.count(429) == 30, codes
    assert deployment.used(account_pk) == 20


def test_60_parallel_identical_idempotent_posts_count_once(
    deployment: Deployment, server: str
) -> None:
    key, account_pk = deployment.key(quota=100)
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "same-order"}
    body = {"market": "us", "limit": 3}
    responses = _parallel(60, lambda c: c.post(f"{server}{SEARCH}", json=body, headers=headers))
    assert [r.status_code for r in responses] == [200] * 60
    originals = [r for r in responses if "idempotent-replayed" not in r.headers]
    assert len(originals) == 1  # the handler answered once; the rest are replays
    assert {r.content for r in responses} == {originals[0].content}
    assert deployment.used(account_pk) == 1


def test_the_handler_runs_once_for_60_parallel_duplicates(
    deployment: Deployment, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[int] = []
    real = search_service.content_search

    def slow_search(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        time.sleep(0.5)  # duplicates arrive while the first is still running
        return real(*args, **kwargs)

    monkeypatch.setattr(search_service, "content_search", slow_search)
    settings = Settings(
        database_url=deployment.env["FILINGS_DATABASE_URL"],
        data_dir=tmp_path,
        key_hash_secret="s3cret",  # type: ignore[arg-type]
    )
    app = create_app(settings, deployment.database, deployment.store)
    key, account_pk = deployment.key(quota=100)
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "one-search"}
    client = TestClient(app)

    def post(_: int) -> int:
        return client.post(CONTENT, json={"query": "revenue"}, headers=headers).status_code

    with ThreadPoolExecutor(60) as pool:
        codes = list(pool.map(post, range(60)))
    assert codes == [200] * 60
    assert len(calls) == 1
    assert deployment.used(account_pk) == 1
