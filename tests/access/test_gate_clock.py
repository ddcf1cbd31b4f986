"""The gate with a controlled clock: monthly reset, 24-hour idempotency records."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Connection

from filings.access import service
from filings.access.gate import AccessGate
from filings.access.store import AccessStore, StoredResponse
from filings.access.store_redis import RedisAccessStore
from filings.core.errors import TooManyRequests
from tests.access.conftest import Clock
from tests.conftest import SavepointDatabase


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 1, 31, 23, 59, 30, tzinfo=UTC))


@pytest.fixture
def gate(database: SavepointDatabase, store: AccessStore, secret: str, clock: Clock) -> AccessGate:
    return AccessGate(database, store, secret=secret, wait_seconds=1, clock=clock)


def _key(connection: Connection, secret: str, clock: Clock, quota: int) -> str:
    service.create_account(connection, "clocked", plan="pro", now=clock.now - timedelta(days=1))
    service.set_limits(connection, "clocked", monthly_quota=quota)
    return service.create_key(connection, "clocked", secret=secret, now=clock.now)[1]


def test_quota_resets_at_the_start_of_the_month_utc(
    gate: AccessGate, connection: Connection, secret: str, clock: Clock
) -> None:
    key = _key(connection, secret, clock, quota=2)
    for _ in range(2):
        gate.admit(key, None, "h")
    with pytest.raises(TooManyRequests) as refused:
        gate.admit(key, None, "h")
    assert refused.value.retry_after == 30  # until 2026-02-01T00:00:00Z
    clock.now = datetime(2026, 2, 1, 0, 0, 1, tzinfo=UTC)
    assert gate.admit(key, None, "h").quota_used == 1


def test_idempotency_records_live_24_hours(
    gate: AccessGate, store: AccessStore, connection: Connection, secret: str, clock: Clock
) -> None:
    key = _key(connection, secret, clock, quota=100)
    if isinstance(store, RedisAccessStore):
        # Redis ages records on its own clock: check the TTL it was given instead.
        gate.admit(key, "k", "hash-1")
        account_pk = service.get_account(connection, "clocked").pk
        ttl_ms = store.client.pttl(store._key("idem", account_pk, "k"))
        assert 24 * 3600 * 1000 - 5000 < int(ttl_ms) <= 24 * 3600 * 1000  # type: ignore[arg-type]
        return
    first = gate.admit(key, "k", "hash-1")
    gate.finish(first, StoredResponse(200, [("content-type", "application/json")], b"{}"))
    clock.now += timedelta(hours=23)
    assert gate.admit(key, "k", "hash-1").replay is not None
    clock.now += timedelta(hours=1, seconds=1)
    fresh = gate.admit(key, "k", "hash-2")  # the old record expired: a new request
    assert fresh.replay is None and fresh.quota_reserved


def test_a_failed_request_releases_its_key(
    gate: AccessGate, connection: Connection, secret: str, clock: Clock
) -> None:
    key = _key(connection, secret, clock, quota=100)
    first = gate.admit(key, "k", "h")
    gate.finish(first, None)  # crashed
    again = gate.admit(key, "k", "h")
    assert again.replay is None


def test_a_refund_returns_the_reservation(
    gate: AccessGate, connection: Connection, secret: str, clock: Clock
) -> None:
    key = _key(connection, secret, clock, quota=100)
    admission = gate.admit(key, None, "h")
    gate.finish(admission, StoredResponse(422, [], b"{}"))
    assert gate.admit(key, None, "h").quota_used == 1


def test_a_duplicate_of_a_running_request_is_pending_until_the_twin_finishes(
    gate: AccessGate, connection: Connection, secret: str, clock: Clock
) -> None:
    key = _key(connection, secret, clock, quota=100)
    first = gate.admit(key, "slow", "h")  # still running
    duplicate = gate.admit(key, "slow", "h")
    assert duplicate.pending and duplicate.replay is None and not duplicate.quota_reserved
    assert gate.claim_again(duplicate, "h").pending
    gate.finish(first, StoredResponse(200, [], b"{}"))
    settled = gate.claim_again(duplicate, "h")
    assert not settled.pending and settled.replay is not None
    assert settled.quota_used == 1
