"""Idempotency-Key on POST endpoints, on both stores."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

API = "/api/v1/data"
SEARCH = f"{API}/filings/search"
SCREEN = f"{API}/companies/screen"


def test_key_length_bound_both_sides(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key())
    assert client.post(SEARCH, json={}, headers={"Idempotency-Key": "k" * 200}).status_code == 200
    response = client.post(SEARCH, json={}, headers={"Idempotency-Key": "k" * 201})
    body = response.json()
    assert response.status_code == 400
    assert body["status_code"] == 400 and "Idempotency-Key" in body["error"]
    assert response.headers["X-Quota-Used"] == "1"  # the 400 is not counted
    assert "X-RateLimit-Remaining" in response.headers


def test_same_key_same_body_replays_without_spending_quota(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key(monthly_quota=50))
    headers = {"Idempotency-Key": "order-1"}
    first = client.post(SCREEN, json={"metric": "ebit", "top_n": 5}, headers=headers)
    # The same body with its keys in another order is the same request.
    again = client.post(SCREEN, json={"top_n": 5, "metric": "ebit"}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["X-Quota-Used"] == first.headers["X-Quota-Used"]
    assert again.headers["X-Correlation-Id"] != first.headers["X-Correlation-Id"]


def test_same_key_other_body_is_422(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key())
    headers = {"Idempotency-Key": "order-2"}
    assert client.post(SEARCH, json={"limit": 5}, headers=headers).status_code == 200
    response = client.post(SEARCH, json={"limit": 6}, headers=headers)
    body = response.json()
    assert response.status_code == 422
    assert body["error"] == "Validation error"
    assert body["details"] == [
        "header.Idempotency-Key: Idempotency-Key reused with a different request; "
        "use a fresh key (idempotency_key_reused)"
    ]
    assert body["detail"] == body["details"][0]
    assert body["correlation_id"] == response.headers["X-Correlation-Id"]


def test_the_same_key_on_another_endpoint_is_another_request(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key())
    headers = {"Idempotency-Key": "shared"}
    assert client.post(SEARCH, json={}, headers=headers).status_code == 200
    assert client.post(SCREEN, json={}, headers=headers).status_code == 422


def test_keys_are_per_account(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    one, two = client_for(new_key("one")), client_for(new_key("two"))
    headers = {"Idempotency-Key": "same"}
    assert one.post(SEARCH, json={"limit": 1}, headers=headers).status_code == 200
    response = two.post(SEARCH, json={"limit": 2}, headers=headers)
    assert response.status_code == 200 and "Idempotent-Replayed" not in response.headers


def test_a_validation_error_is_replayed_too(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key())
    headers = {"Idempotency-Key": "bad-body"}
    first = client.post(SEARCH, json={"limit": 0}, headers=headers)
    again = client.post(SEARCH, json={"limit": 0}, headers=headers)
    assert first.status_code == again.status_code == 422
    assert again.headers["Idempotent-Replayed"] == "true"


def test_get_requests_ignore_the_header(
    client_for: Callable[..., TestClient], new_key: Callable[..., str]
) -> None:
    client = client_for(new_key())
    response = client.get(f"{API}/filings/x/snapshot", headers={"Idempotency-Key": "k" * 300})
    assert response.status_code == 200
