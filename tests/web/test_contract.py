"""The status table of spec 7.2, row by row: status, body shape and headers."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from filings.documents import service as filings_service
from tests.conftest import SavepointDatabase

API = "/api/v1/data"
ENVELOPE_KEYS = {"error", "status_code", "path", "correlation_id"}


def assert_uuid(text: str) -> None:
    assert str(uuid.UUID(text)) == text


def assert_envelope(response: Any, status: int, path: str) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    assert response.status_code == status
    assert body.keys() >= ENVELOPE_KEYS
    assert body["status_code"] == status
    assert body["path"] == path
    assert body["correlation_id"] == response.headers["X-Correlation-Id"]
    return body


def assert_detail_only(response: Any, status: int, detail: str | None = None) -> None:
    body = response.json()
    assert response.status_code == status
    assert set(body) == {"detail"}
    assert isinstance(body["detail"], str)
    if detail is not None:
        assert body["detail"] == detail
    assert_uuid(response.headers["X-Correlation-Id"])


def test_200_success_has_data_and_no_error(client: TestClient) -> None:
    response = client.post(f"{API}/filings/search", json={})
    assert response.status_code == 200
    body = response.json()
    assert "error" not in body
    assert body == {"filings": [], "total": 0, "total_available": 0, "has_more": False}
    assert_uuid(response.headers["X-Correlation-Id"])


def test_200_miss_has_error_and_failure_kind(client: TestClient) -> None:
    response = client.get(f"{API}/companies/NOPE/financials")
    assert response.status_code == 200
    body = response.json()
    assert body["failure_kind"] == "not_found"
    assert body["error"].startswith("Company not found")
    assert body["company"] == "NOPE"
    assert body["alternatives"] == []


def test_422_body_is_the_validation_envelope(client: TestClient) -> None:
    path = f"{API}/filings/content-search"
    response = client.post(path, json={"limit": 0})
    body = assert_envelope(response, 422, path)
    assert body["error"] == "Validation error"
    assert body["details"] == [
        "body.query: Field required (missing)",
        "body.limit: Input should be greater than or equal to 1 (greater_than_equal)",
    ]
    assert body["detail"] == "; ".join(body["details"])


def test_422_for_malformed_json(client: TestClient) -> None:
    path = f"{API}/filings/search"
    response = client.post(path, content=b"{nope", headers={"Content-Type": "application/json"})
    body = assert_envelope(response, 422, path)
    assert "json_invalid" in body["detail"]


def test_422_for_unknown_body_field(client: TestClient) -> None:
    path = f"{API}/filings/search"
    body = assert_envelope(client.post(path, json={"offset": 20}), 422, path)
    assert body["details"] == ["body.offset: Extra inputs are not permitted (extra_forbidden)"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v2/data/filings/search",
        "/api/v1/data/nothing-here",
        "/api/v1/data/companies/AAPL/nothing",
        "/nothing",
    ],
)
def test_404_unknown_path_or_version_is_detail_only(client: TestClient, path: str) -> None:
    assert_detail_only(client.get(path), 404, "Not Found")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"{API}/filings/search"),
        ("DELETE", f"{API}/companies/compare"),
        ("POST", f"{API}/companies/AAPL/financials"),
        ("PUT", f"{API}/filings/abc/snapshot"),
    ],
)
def test_405_wrong_method_is_detail_only(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path)
    assert_detail_only(response, 405, "Method Not Allowed")
    assert "Allow" in response.headers


def test_413_by_content_length(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_body_bytes=100)
    response = client.post(f"{API}/filings/search", content=b"x" * 101)
    assert_detail_only(response, 413)


def test_413_while_streaming_without_content_length(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_body_bytes=100)
    chunks_sent: list[int] = []

    def body() -> Any:
        for _ in range(10):
            chunks_sent.append(1)
            yield b"x" * 40

    response = client.post(f"{API}/filings/search", content=body())
    assert "content-length" not in {k.lower() for k in response.request.headers}
    assert_detail_only(response, 413)


@pytest.mark.parametrize("address", ["203.0.113.7", "2001:db8::1"])
def test_403_blocked_network_is_detail_only(
    make_client: Callable[..., TestClient], address: str
) -> None:
    blocked = ["203.0.113.0/24", "2001:db8::/32"]
    client = make_client(client_address=(address, 1234), blocked_networks=blocked)
    assert_detail_only(client.post(f"{API}/filings/search", json={}), 403, "Access denied.")
    assert_detail_only(client.get("/api/v2/anything"), 403, "Access denied.")


def test_addresses_outside_blocked_networks_pass(make_client: Callable[..., TestClient]) -> None:
    client = make_client(client_address=("198.51.100.1", 1234), blocked_networks=["203.0.113.0/24"])
    assert client.post(f"{API}/filings/search", json={}).status_code == 200


def test_500_is_the_envelope_without_traceback(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*_: Any, **__: Any) -> None:
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(filings_service, "snapshot", explode)
    path = f"{API}/filings/abc/snapshot"
    response = client.get(path)
    body = assert_envelope(response, 500, path)
    assert body["error"] == "Internal server error"
    assert "secret" not in response.text and "Traceback" not in response.text


def test_503_maintenance(make_client: Callable[..., TestClient]) -> None:
    client = make_client(maintenance=True, maintenance_retry_after=120)
    path = f"{API}/companies/AAPL/financials"
    response = client.get(path)
    body = assert_envelope(response, 503, path)
    assert body["error"] == "Service Unavailable"
    assert body["maintenance"] is True
    assert body["retryable"] is True
    assert isinstance(body["detail"], str) and body["detail"]
    assert response.headers["Retry-After"] == "120"


def test_504_timeout_is_detail_only(
    make_client: Callable[..., TestClient],
    monkeypatch: pytest.MonkeyPatch,
    database: SavepointDatabase,
) -> None:
    released, finished = threading.Event(), threading.Event()

    def slow(*_: Any, **__: Any) -> None:
        released.wait(10)
        finished.set()

    monkeypatch.setattr(filings_service, "snapshot", slow)
    client = make_client(request_timeout=0.3)
    try:
        response = client.get(f"{API}/filings/abc/snapshot")
        # Answered while the work is still blocked: at the deadline, not after the work.
        assert not finished.is_set()
        assert_detail_only(response, 504, "Request timed out.")
    finally:
        released.set()
        # The abandoned work still holds a savepoint on the test's connection: let it end before
        # the connection is rolled back and pooled, or it lands on a pooled connection.
        finished.wait(10)
        deadline = time.monotonic() + 10
        while database.connection.in_nested_transaction() and time.monotonic() < deadline:
            time.sleep(0.01)


def test_request_id_becomes_the_correlation_id(client: TestClient) -> None:
    path = f"{API}/filings/content-search"
    response = client.post(path, json={}, headers={"X-Request-Id": "req-42"})
    assert response.headers["X-Correlation-Id"] == "req-42"
    assert response.json()["correlation_id"] == "req-42"


def test_unusable_request_id_is_replaced(client: TestClient) -> None:
    response = client.get("/nowhere", headers={"X-Request-Id": "bad id\twith spaces"})
    assert_uuid(response.headers["X-Correlation-Id"])


def test_root_leads_to_the_api_document(client: TestClient) -> None:
    response = client.get("/", follow_redirects=False)
    assert response.status_code == 307 and response.headers["location"] == "/docs"


def test_health_needs_no_key_and_spends_no_quota(make_client: Any) -> None:
    anonymous = make_client(key=None)
    assert anonymous.get("/health").json() == {"status": "ok"}
    ready = anonymous.get("/health/ready")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ready", "database": "ok", "access_store": "ok"}


def test_readiness_fails_when_the_access_store_does_not_answer(make_client: Any) -> None:
    from filings.access.store_redis import RedisAccessStore

    down = RedisAccessStore("redis://127.0.0.1:1/0", "x", timeout=0.5)
    ready = make_client(key=None, store=down).get("/health/ready")
    assert ready.status_code == 503
    body = ready.json()
    assert body["status"] == "unavailable" and body["database"] == "ok"
    assert body["access_store"].startswith("unavailable")
