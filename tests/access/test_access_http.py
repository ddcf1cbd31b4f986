"""Access through HTTP: 401, 402, 429 (rate and quota), headers and metering, on both stores."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, select, text, update

from filings.access import service
from filings.access.plans import as_utc, next_month_start
from filings.access.store import (
    MINUTE_WINDOW_TTL,
    SECOND_WINDOW_TTL,
    RateOutcome,
    minute_bucket,
    second_bucket,
)
from filings.access.store_sql import SqlAccessStore
from filings.app import create_app
from filings.core.settings import Settings
from filings.db.engine import make_engine, open_database
from filings.db.tables import accounts, api_keys, usage_counters
from filings.documents import service as filings_service
from tests.access.conftest import Clock
from tests.conftest import SavepointDatabase

API = "/api/v1/data"
SEARCH = f"{API}/filings/search"
FINANCIALS = f"{API}/companies/NOPE/financials"
LIMIT_HEADERS = {
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "x-quota-limit",
    "x-quota-used",
    "x-quota-remaining",
    "x-quota-reset",
}


def assert_error(response: Any, status: int) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    assert response.status_code == status, response.text
    assert {"error", "status_code", "path", "correlation_id"} <= body.keys()
    assert body["status_code"] == status
    assert body["correlation_id"] == response.headers["X-Correlation-Id"]
    return body


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "Bearer svc_" + "x" * 43},
        {"X-API-Key": "svc_" + "y" * 43},
        {"Authorization": "Bearer not-a-key"},
    ],
)
def test_401_for_missing_malformed_or_unknown_keys(
    client_for: Callable[..., TestClient], headers: dict[str, str]
) -> None:
    response = client_for(None).post(SEARCH, json={}, headers=headers)
    assert_error(response, 401)
    assert not LIMIT_HEADERS & set(response.headers)


def test_x_api_key_is_accepted(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    key = new_key()
    response = client_for(None).post(SEARCH, json={}, headers={"X-API-Key": key})
    assert response.status_code == 200


def test_revocation_is_effective_at_once(
    client_for: Callable[..., TestClient], new_key: Callable[..., str], connection: Connection
) -> None:
    key = new_key()
    client = client_for(key)
    assert client.post(SEARCH, json={}).status_code == 200
    key_pk = service.list_keys(connection, "acme")[0].pk
    service.revoke_key(connection, key_pk, now=datetime.now(UTC))
    assert assert_error(client.post(SEARCH, json={}), 401)["error"] == "API key revoked"


def test_expired_keys_are_refused(
    client_for: Callable[..., TestClient], new_key: Callable[..., str], connection: Connection
) -> None:
    key = new_key(expires_in_days=1)
    client = client_for(key)
    assert client.post(SEARCH, json={}).status_code == 200
    connection.execute(update(api_keys).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    assert assert_error(client.post(SEARCH, json={}), 401)["error"] == "API key expired"


def test_402_without_api_access_and_renewal_restores_it(
    client_for: Callable[..., TestClient], new_key: Callable[..., str], connection: Connection
) -> None:
    client = client_for(new_key(plan="free"))
    assert_error(client.post(SEARCH, json={}), 402)
    service.set_plan(connection, "acme", "pro", now=datetime.now(UTC))
    assert client.post(SEARCH, json={}).status_code == 200


def test_a_lapsed_plan_gives_402(
    client_for: Callable[..., TestClient], new_key: Callable[..., str], connection: Connection
) -> None:
    client = client_for(new_key(plan="trial"))
    assert client.post(SEARCH, json={}).status_code == 200
    connection.execute(update(accounts).values(plan_until=datetime.now(UTC) - timedelta(seconds=1)))
    assert_error(client.post(SEARCH, json={}), 402)


def test_401_comes_before_validation_and_routing_before_401(
    client_for: Callable[..., TestClient],
) -> None:
    client = client_for(None)
    assert client.post(SEARCH, json={"limit": 0}).status_code == 401
    assert client.get(f"{API}/nothing").status_code == 404
    assert client.get(SEARCH).status_code == 405


def test_per_second_rate_limit(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    clock = Clock(datetime.now(UTC).replace(second=5, microsecond=100_000))
    client = client_for(new_key(per_second=3, per_minute=100), clock=clock)
    statuses = [client.post(SEARCH, json={}) for _ in range(5)]
    assert [r.status_code for r in statuses] == [200, 200, 200, 429, 429]
    limited = statuses[3]
    assert limited.headers["Retry-After"] == "1"
    assert "per second" in assert_error(limited, 429)["error"]
    assert set(limited.headers) >= LIMIT_HEADERS
    clock.advance(seconds=0.9)  # the next second has room again
    assert client.post(SEARCH, json={}).status_code == 200


def test_per_minute_rate_limit(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    clock = Clock(datetime.now(UTC).replace(second=5, microsecond=0))
    client = client_for(new_key(per_second=100, per_minute=4), clock=clock)
    responses = []
    for _ in range(6):
        responses.append(client.post(SEARCH, json={}))
        clock.advance(seconds=1)  # never the per-second limit
    assert [r.status_code for r in responses] == [200, 200, 200, 200, 429, 429]
    limited = responses[4]
    assert limited.headers["Retry-After"] == "60"
    assert limited.headers["X-RateLimit-Remaining"] == "0"
    assert "per minute" in assert_error(limited, 429)["error"]


def test_monthly_quota_and_its_retry_after(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key(monthly_quota=3))
    ok = [client.post(SEARCH, json={}) for _ in range(3)]
    assert [r.status_code for r in ok] == [200, 200, 200]
    assert [r.headers["X-Quota-Used"] for r in ok] == ["1", "2", "3"]
    assert ok[-1].headers["X-Quota-Remaining"] == "0"
    refused = client.post(SEARCH, json={})
    body = assert_error(refused, 429)
    assert "quota" in body["error"].lower()
    expected = (next_month_start(datetime.now(UTC)) - datetime.now(UTC)).total_seconds()
    assert abs(int(refused.headers["Retry-After"]) - expected) <= 5
    assert refused.headers["X-Quota-Reset"] == next_month_start(datetime.now(UTC)).strftime(
        "%Y-%m-%dT%H:%M:%SZ"
    )


def test_headers_on_every_authenticated_response(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key(monthly_quota=100, per_minute=50))
    for response in (
        client.post(SEARCH, json={}),
        client.get(FINANCIALS),  # a miss
        client.post(SEARCH, json={"limit": 0}),  # a 422
    ):
        assert set(response.headers) >= LIMIT_HEADERS, response.status_code
    assert response.headers["X-Quota-Limit"] == "100"
    assert response.headers["X-RateLimit-Limit"] == "50"


def test_metering_counts_successes_and_misses_only(
    client_for: Callable[..., TestClient],
    new_key: Callable[..., str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = client_for(new_key(monthly_quota=100))

    def used() -> int:
        return int(client.post(SEARCH, json={}).headers["X-Quota-Used"])

    start = used()
    assert client.get(FINANCIALS).json()["failure_kind"] == "not_found"  # miss: counted
    assert used() == start + 2
    client.post(SEARCH, json={"limit": 0})  # 422: not counted
    client.get(f"{API}/companies/X/financials?years=99")  # 422: not counted
    client.get(f"{API}/unknown")  # 404: never reaches access

    def explode(*_: Any, **__: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(filings_service, "snapshot", explode)
    assert client.get(f"{API}/filings/x/snapshot").status_code == 500  # 5xx: not counted
    assert used() == start + 3


def test_the_raw_key_never_reaches_the_logs(
    client_for: Callable[..., TestClient],
    new_key: Callable[..., str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = new_key()
    client = client_for(key)
    caplog.set_level(logging.DEBUG)

    def explode(*_: Any, **__: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(filings_service, "snapshot", explode)
    client.get(f"{API}/filings/x/snapshot")
    client.post(SEARCH, json={"limit": 0})
    assert caplog.records  # the 500 was logged
    assert key not in caplog.text and key[4:] not in caplog.text


ENDPOINTS: list[tuple[str, str, Any]] = [
    ("POST", SEARCH, {}),
    ("POST", f"{API}/filings/content-search", {"query": "x"}),
    ("GET", f"{API}/filings/abc_1/snapshot", None),
    ("GET", f"{API}/companies/AAPL/financials", None),
    ("GET", f"{API}/companies/AAPL/statement", None),
    ("GET", f"{API}/companies/AAPL/profile", None),
    ("GET", f"{API}/companies/AAPL/revenue-geography", None),
    ("POST", f"{API}/companies/compare", {"companies": ["A", "B"]}),
    ("POST", f"{API}/companies/screen", {}),
]


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS)
def test_every_endpoint_needs_a_key(
    client_for: Callable[..., TestClient],
    new_key: Callable[..., str],
    method: str,
    path: str,
    body: Any,
) -> None:
    assert_error(client_for(None).request(method, path, json=body), 401)
    assert client_for(new_key()).request(method, path, json=body).status_code == 200


def test_docs_and_openapi_need_no_key(client_for: Callable[..., TestClient]) -> None:
    assert client_for(None).get("/openapi.json").status_code == 200


class CountingStore:
    """An access store that records which of its methods each request calls."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)
        if name == "close":
            return method

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return method(*args, **kwargs)

        return counted


def test_a_request_asks_the_store_once(
    make_client: Callable[..., TestClient], store: Any, new_key: Callable[..., str]
) -> None:
    counting = CountingStore(store)
    client = make_client(key=new_key(), store=counting)
    for _ in range(3):
        assert client.post(SEARCH, json={"limit": 1}).status_code == 200
        assert client.get(FINANCIALS).status_code == 200  # a miss is an answer too
    assert counting.calls == ["take"] * 6
    # an answer refunded (a 4xx) asks once more, to give the request back
    counting.calls.clear()
    assert client.post(SEARCH, json={"limit": 0}).status_code == 422
    assert counting.calls == ["take", "refund_quota"]


def test_an_admitted_request_is_one_call_of_the_database(
    make_client: Callable[..., TestClient],
    connection: Connection,
    new_key: Callable[..., str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On the SQL store, a request's key, last use, rate windows and quota are one statement on
    PostgreSQL (`filings_admit`: one round trip) and one transaction on SQLite."""
    client = make_client(key=new_key(), data_poll_seconds=3600)
    assert client.post(SEARCH, json={"limit": 1}).status_code == 200  # its answer is kept now
    statements: list[str] = []
    if connection.dialect.name == "postgresql":  # every statement, the driver's own too
        execute = psycopg.Cursor.execute

        def recorded(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            statements.append(str(query))
            return execute(cursor, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", recorded)
        response = client.post(SEARCH, json={"limit": 1})
        monkeypatch.undo()
    else:  # every statement SQLite runs
        raw: Any = connection.connection.driver_connection
        raw.set_trace_callback(statements.append)
        response = client.post(SEARCH, json={"limit": 1})
        raw.set_trace_callback(None)
    assert response.status_code == 200
    assert response.headers["X-Quota-Used"] == "2"
    transactions = [s for s in statements if s.startswith("SAVEPOINT")]
    work = [s for s in statements if "SAVEPOINT" not in s]
    assert len(transactions) == 1  # the tests' savepoint stands for the request's transaction
    if connection.dialect.name == "postgresql":
        assert len(work) == 1 and "filings_admit" in work[0], work
    else:
        assert len(work) == 4, work  # the key, then each counter, in that one transaction


def test_connections_the_database_closed_cost_no_request(
    committed_database_url: str, settings_factory: Callable[..., Settings], secret: str
) -> None:
    """After PostgreSQL closed the pooled connections (a restart), the next request is admitted
    on a new connection: the pool is not pinged before each use, so the gate retries."""
    if not committed_database_url.startswith("postgresql"):
        pytest.skip("only a database server closes connections")
    database = open_database(committed_database_url)
    now = datetime.now(UTC)
    with database.transaction() as conn:
        service.create_account(conn, "restarted", plan="api", now=now)
        key = service.create_key(conn, "restarted", secret=secret, now=now)[1]
    app = create_app(settings_factory(database_url=committed_database_url), database)
    client = TestClient(app, raise_server_exceptions=False, headers={"X-API-Key": key})
    try:
        assert client.post(SEARCH, json={"limit": 1}).status_code == 200
        held = [database.engine.connect() for _ in range(3)]  # every pooled connection
        pids = [c.exec_driver_sql("SELECT pg_backend_pid()").scalar_one() for c in held]
        for conn in held:
            conn.close()
        admin = make_engine(committed_database_url)
        with admin.begin() as conn:
            for pid in pids:
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        admin.dispose()
        response = client.post(SEARCH, json={"limit": 1})
        assert response.status_code == 200, response.text
        assert response.headers["X-Quota-Used"] == "2"  # counted once
    finally:
        database.dispose()


def test_counter_windows_are_stored_as_the_database_reads_them(
    database: SavepointDatabase,
) -> None:
    """The counters' rows read back through the tables' own types (on SQLite they are written
    on the driver's connection), and a new window forgets the key's stale one."""
    store = SqlAccessStore(database)
    now = datetime(2026, 11, 24, 5, 0, 5, 250_000, tzinfo=UTC)
    later = now + timedelta(seconds=7)
    assert store.take_rate(77, now, 10, 100).allowed
    assert store.take_rate(77, later, 10, 100) == RateOutcome(True, 0, 2)
    with database.transaction() as conn:
        rows = conn.execute(
            select(usage_counters).where(usage_counters.c.scope.like("rate:77:%"))
        ).all()
    assert {(r.scope, r.bucket, r.count, as_utc(r.expires_at)) for r in rows} == {
        ("rate:77:s", second_bucket(later), 1, later + SECOND_WINDOW_TTL),
        ("rate:77:m", minute_bucket(now), 2, now + MINUTE_WINDOW_TTL),
    }


def test_use_is_counted_by_channel(store: Any) -> None:
    now = datetime.now(UTC)
    bucket = "2026-11"
    for _ in range(3):
        store.count_use(4242, "mcp", bucket, now)
    assert store.used_by(4242, "mcp", bucket) == 3
    assert store.used_by(4242, "mcp", "2026-12") == 0
    assert store.used_by(4243, "mcp", bucket) == 0
