"""Access fixtures: both stores, and accounts with keys made inside the test's transaction."""

from __future__ import annotations

import socket
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection

from filings.access import service
from filings.access.plans import month_bucket
from filings.access.store import AccessStore
from filings.access.store_redis import RedisAccessStore
from filings.access.store_sql import SqlAccessStore
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from tests.conftest import SavepointDatabase


class Clock:
    """A settable time source for the access gate."""

    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture(params=["sql", "redis"])
def store(request: pytest.FixtureRequest, database: SavepointDatabase) -> Iterator[AccessStore]:
    """Each access test runs on the SQL store and on the Redis store."""
    if request.param == "sql":
        yield SqlAccessStore(database)
        return
    url = request.getfixturevalue("redis_url")
    redis_store = RedisAccessStore(url, request.getfixturevalue("redis_namespace"))
    yield redis_store
    redis_store.close()


@pytest.fixture
def secret(settings_factory: Callable[..., Settings]) -> str:
    """The key-hash secret of the test settings."""
    return settings_factory().key_hash_secret.get_secret_value()


@pytest.fixture
def new_key(connection: Connection, secret: str) -> Callable[..., str]:
    """Open an account (if new) with a plan and limits, and return a fresh key of it."""

    def make(account: str = "acme", plan: str = "api", **options: Any) -> str:
        now = datetime.now(UTC)
        try:
            service.get_account(connection, account)
        except Exception:
            service.create_account(connection, account, plan=plan, now=now)
        limits = {
            k: options.pop(k) for k in ("monthly_quota", "per_second", "per_minute") if k in options
        }
        if limits:
            service.set_limits(connection, account, **limits)
        return service.create_key(connection, account, secret=secret, now=now, **options)[1]

    return make


@pytest.fixture
def client_for(
    make_client: Callable[..., TestClient], store: AccessStore
) -> Callable[..., TestClient]:
    """A client sending `key` to an app on the parametrized store."""

    def build(key: str | None, **overrides: Any) -> TestClient:
        return make_client(key=key, store=store, **overrides)

    return build


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Deployment:
    """A database and a store, and the env that points a server at them."""

    def __init__(self, database_url: str, redis: tuple[str, str] | None):
        self.database = Database(make_engine(database_url))
        self.env = {
            "FILINGS_DATABASE_URL": database_url,
            "FILINGS_KEY_HASH_SECRET": "s3cret",
            "FILINGS_DEV_MODE": "true",
        }
        self.store: AccessStore = SqlAccessStore(self.database)
        if redis is not None:
            self.env |= {"FILINGS_REDIS_URL": redis[0], "FILINGS_REDIS_NAMESPACE": redis[1]}
            self.store = RedisAccessStore(*redis)

    def key(self, quota: int) -> tuple[str, int]:
        """A committed account with `quota` and generous rate limits; its key and pk."""
        now = datetime.now(UTC)
        name = f"acct-{uuid.uuid4().hex[:8]}"
        with self.database.transaction() as conn:
            account = service.create_account(conn, name, plan="api", now=now)
            service.set_limits(conn, name, monthly_quota=quota, per_second=1000, per_minute=10000)
            key = service.create_key(conn, name, secret="s3cret", now=now)[1]
        return key, account.pk

    def used(self, account_pk: int) -> int:
        return self.store.quota_used(account_pk, month_bucket(datetime.now(UTC)))


@pytest.fixture(params=["sql", "redis"])
def deployment(request: pytest.FixtureRequest, committed_database_url: str) -> Iterator[Deployment]:
    redis = None
    if request.param == "redis":
        redis = (request.getfixturevalue("redis_url"), request.getfixturevalue("redis_namespace"))
    deployment = Deployment(committed_database_url, redis)
    yield deployment
    deployment.store.close()
    deployment.database.dispose()
