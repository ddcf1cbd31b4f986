"""Stores that stop answering, really stopped: a 503 envelope (access) or a miss (data), within
a few seconds, never a 500 or a hang. Policy in docs/decisions.md, "Faults"."""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.engine import make_url

from filings.access import service as access
from filings.access.store_redis import RedisAccessStore
from filings.app import create_app
from filings.core.errors import DataSourceUnavailable
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.retry import run_with_retries
from filings.db.tables import companies
from tests.access.conftest import free_port
from tests.conftest import BACKEND, unavailable

SEARCH = "/api/v1/data/filings/search"
SECRET = "fault-tests"


def assert_unavailable(response: Any) -> None:
    """The access layer's answer to a store that is down: 503 envelope with Retry-After."""
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["error"] == "Service Unavailable" and body["status_code"] == 503
    assert body["maintenance"] is False and body["retryable"] is True
    assert body["correlation_id"] == response.headers["X-Correlation-Id"]
    assert int(response.headers["Retry-After"]) > 0


def _deploy(url: str, tmp_path: Path, **overrides: Any) -> tuple[TestClient, Database]:
    """A migrated database at `url` with one key, and a client over an app on it."""
    database = Database(make_engine(url, timeout=0.5))
    upgrade(database.engine)
    now = datetime.now(UTC)
    with database.transaction() as conn:
        access.create_account(conn, "faulty", plan="api", now=now)
        key = access.create_key(conn, "faulty", secret=SECRET, now=now)[1]
    settings = Settings(
        database_url=url,
        data_dir=tmp_path,
        key_hash_secret=SECRET,  # type: ignore[arg-type]
        database_timeout=0.5,
        request_timeout=20,
        **overrides,
    )
    app = create_app(settings, database)
    client = TestClient(app, raise_server_exceptions=False)
    client.headers["Authorization"] = f"Bearer {key}"
    return client, database


def test_redis_on_a_closed_port_is_a_503_and_a_missing_key_still_401(
    make_client: Callable[..., TestClient],
) -> None:
    store = RedisAccessStore(f"redis://127.0.0.1:{free_port()}/0", "down", timeout=0.5)
    client = make_client(store=store)
    assert_unavailable(client.post(SEARCH, json={}))
    assert_unavailable(client.post(SEARCH, json={}, headers={"Idempotency-Key": "k"}))
    anonymous = make_client(store=store, key=None)
    assert anonymous.post(SEARCH, json={}).status_code == 401
    store.close()


@pytest.fixture
def exclusive_lock() -> Iterator[Callable[..., sqlite3.Connection]]:
    """What another process can do to a SQLite file: hold an EXCLUSIVE transaction (writers
    wait), or take the file in exclusive locking mode (readers wait too)."""
    lockers: list[sqlite3.Connection] = []

    def lock(path: Path, *, readers_too: bool = False) -> sqlite3.Connection:
        locker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        if readers_too:
            locker.execute("PRAGMA locking_mode=EXCLUSIVE")
        locker.execute("BEGIN EXCLUSIVE")
        locker.execute("UPDATE accounts SET name = name")
        lockers.append(locker)
        return locker

    yield lock
    for locker in lockers:
        locker.close()


def test_a_sqlite_file_under_an_exclusive_lock_is_a_503_then_recovers(
    tmp_path: Path, exclusive_lock: Callable[..., sqlite3.Connection]
) -> None:
    path = tmp_path / "locked.db"
    client, database = _deploy(f"sqlite:///{path}", tmp_path)
    assert client.post(SEARCH, json={}).status_code == 200
    locker = exclusive_lock(path)
    for max_retries in (0, 5):
        assert_unavailable(client.post(SEARCH, json={}, params={"max_retries": max_retries}))
    locker.execute("ROLLBACK")
    locker.close()
    assert client.post(SEARCH, json={}).status_code == 200
    database.dispose()


def test_data_work_on_a_locked_sqlite_file_becomes_unavailable_after_its_retries(
    tmp_path: Path, exclusive_lock: Callable[..., sqlite3.Connection]
) -> None:
    path = tmp_path / "data.db"
    _, database = _deploy(f"sqlite:///{path}", tmp_path)
    database.dispose()  # exclusive locking mode needs the file to itself, as a rogue process has
    exclusive_lock(path, readers_too=True)
    with pytest.raises(DataSourceUnavailable):
        run_with_retries(
            database, lambda conn: conn.execute(select(companies.c.id)).all(), max_retries=2
        )
    database.dispose()


@pytest.fixture
def postgres_admin() -> Iterator[Any]:
    """An autocommit engine on the test PostgreSQL server (the PostgreSQL pass only)."""
    if BACKEND != "postgres":
        pytest.skip("PostgreSQL faults are tested in the PostgreSQL pass")
    base = os.environ.get("FILINGS_TEST_DATABASE_URL")
    if not base:
        unavailable("PostgreSQL faults need FILINGS_TEST_DATABASE_URL")
    admin = make_engine(str(base), isolation_level="AUTOCOMMIT")
    yield admin
    admin.dispose()


def test_a_postgresql_database_dropped_under_the_service_is_a_503(
    postgres_admin: Any, tmp_path: Path
) -> None:
    name = f"filings_fault_{uuid.uuid4().hex[:10]}"
    with postgres_admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(str(os.environ["FILINGS_TEST_DATABASE_URL"])).set(database=name)
    client, database = _deploy(url.render_as_string(hide_password=False), tmp_path)
    try:
        assert client.post(SEARCH, json={}).status_code == 200
        with postgres_admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        assert_unavailable(client.post(SEARCH, json={}))
        assert_unavailable(client.post(SEARCH, json={}, params={"max_retries": 5}))
        del client.headers["Authorization"]
        assert client.post(SEARCH, json={}).status_code == 401
    finally:
        database.dispose()
        with postgres_admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def test_postgresql_on_a_wrong_port_is_a_503(postgres_admin: Any, tmp_path: Path) -> None:
    url = make_url(str(os.environ["FILINGS_TEST_DATABASE_URL"])).set(port=free_port())
    database = Database(make_engine(url.render_as_string(hide_password=False), timeout=0.5))
    settings = Settings(
        database_url=url.render_as_string(hide_password=False),
        data_dir=tmp_path,
        database_timeout=0.5,
    )
    client = TestClient(create_app(settings, database), raise_server_exceptions=False)
    key = "svc_" + "a" * 43
    assert_unavailable(client.post(SEARCH, json={}, headers={"Authorization": f"Bearer {key}"}))
    assert client.post(SEARCH, json={}).status_code == 401
    database.dispose()
