"""Every bound of spec sections 4 and 8, tested on both sides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

API = "/api/v1/data"
SEARCH = f"{API}/filings/search"
CONTENT = f"{API}/filings/content-search"
COMPARE = f"{API}/companies/compare"
SCREEN = f"{API}/companies/screen"


def _status(client: TestClient, method: str, path: str, body: Any = None, **params: Any) -> int:
    response = client.request(method, path, json=body, params=params or None)
    return response.status_code


# (path, field, lowest valid, highest valid, base body)
BODY_BOUNDS = [
    (SEARCH, "limit", 1, 100, {}),
    (SEARCH, "year_from", 1990, 2100, {}),
    (SEARCH, "year_to", 1990, 2100, {}),
    (CONTENT, "limit", 1, 20, {"query": "revenue"}),
    (COMPARE, "years", 1, 10, {"companies": ["AAPL", "NVDA"]}),
    (SCREEN, "top_n", 1, 100, {}),
    (SCREEN, "compare_years", 1, 10, {}),
]


@pytest.mark.parametrize(("path", "field", "low", "high", "base"), BODY_BOUNDS)
def test_body_bounds_both_sides(
    client: TestClient, path: str, field: str, low: int, high: int, base: dict[str, Any]
) -> None:
    for value, expected in [(low - 1, 422), (low, 200), (high, 200), (high + 1, 422)]:
        got = _status(client, "POST", path, {**base, field: value})
        assert got == expected, f"{field}={value}: {got}"


# (path template, query parameter, lowest valid, highest valid)
QUERY_BOUNDS = [
    (f"{API}/filings/abc_1/snapshot", "dpi", 72, 300),
    (f"{API}/companies/AAPL/financials", "years", 1, 10),
    (f"{API}/companies/AAPL/financials", "quarter", 1, 4),
    (f"{API}/companies/AAPL/statement", "years", 1, 25),
    (f"{API}/companies/AAPL/statement", "quarter", 1, 4),
]


@pytest.mark.parametrize(("path", "param", "low", "high"), QUERY_BOUNDS)
def test_query_bounds_both_sides(
    client: TestClient, path: str, param: str, low: int, high: int
) -> None:
    for value, expected in [(low - 1, 422), (low, 200), (high, 200), (high + 1, 422)]:
        got = _status(client, "GET", path, **{param: value})
        assert got == expected, f"{param}={value}: {got}"


ALL_ENDPOINTS: list[tuple[str, str, Any]] = [
    ("POST", SEARCH, {}),
    ("POST", CONTENT, {"query": "revenue"}),
    ("GET", f"{API}/filings/abc_1/snapshot", None),
    ("GET", f"{API}/companies/AAPL/financials", None),
    ("GET", f"{API}/companies/AAPL/statement", None),
    ("GET", f"{API}/companies/AAPL/profile", None),
    ("GET", f"{API}/companies/AAPL/revenue-geography", None),
    ("POST", COMPARE, {"companies": ["AAPL", "NVDA"]}),
    ("POST", SCREEN, {}),
]


@pytest.mark.parametrize(("method", "path", "body"), ALL_ENDPOINTS)
def test_max_retries_bounds_on_every_endpoint(
    client: TestClient, method: str, path: str, body: Any
) -> None:
    for value, expected in [(-1, 422), (0, 200), (5, 200), (6, 422)]:
        got = _status(client, method, path, body, max_retries=value)
        assert got == expected, f"max_retries={value}: {got}"


def test_compare_item_count_both_sides(client: TestClient) -> None:
    names = ["AAPL", "NVDA", "MSFT", "TSLA", "SNOW", "GOOGL"]
    for count, expected in [(1, 422), (2, 200), (5, 200), (6, 422)]:
        assert _status(client, "POST", COMPARE, {"companies": names[:count]}) == expected


def test_content_query_min_length(client: TestClient) -> None:
    assert _status(client, "POST", CONTENT, {"query": ""}) == 422
    assert _status(client, "POST", CONTENT, {"query": "x"}) == 200


def test_profile_locale_pattern(client: TestClient) -> None:
    path = f"{API}/companies/AAPL/profile"
    assert [_status(client, "GET", path, locale=v) for v in ("en", "fi", "sv", "EN")] == [
        200,
        200,
        422,
        422,
    ]


def test_body_limit_is_2_mb_both_sides(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    limit = 2 * 1024 * 1024
    at_limit = b" " * (limit - 2) + b"{}"
    assert (
        client.post(
            SEARCH, content=at_limit, headers={"Content-Type": "application/json"}
        ).status_code
        == 200
    )
    over = b" " * (limit - 1) + b"{}"
    assert (
        client.post(SEARCH, content=over, headers={"Content-Type": "application/json"}).status_code
        == 413
    )


@pytest.mark.parametrize(
    ("method", "path", "body", "argument", "value"),
    [
        ("POST", SEARCH, {"market": "eu"}, "market", "eu"),
        ("POST", SEARCH, {"document_type": "20-F"}, "document_type", "20-F"),
        ("POST", CONTENT, {"query": "x", "document_type": "memo"}, "document_type", "memo"),
        (
            "GET",
            f"{API}/companies/AAPL/financials?period_type=weekly",
            None,
            "period_type",
            "weekly",
        ),
        ("GET", f"{API}/companies/AAPL/financials?market=asia", None, "market", "asia"),
        ("GET", f"{API}/companies/AAPL/statement?statement=equity", None, "statement", "equity"),
        ("GET", f"{API}/companies/AAPL/statement?period_type=x", None, "period_type", "x"),
        ("POST", SCREEN, {"mode": "momentum"}, "mode", "momentum"),
        ("POST", SCREEN, {"direction": "up"}, "direction", "up"),
        ("POST", SCREEN, {"country": "NO"}, "country", "NO"),
        ("POST", SCREEN, {"metric": "vibes"}, "metric", "vibes"),
    ],
)
def test_values_outside_a_list_are_validation_misses(
    client: TestClient, method: str, path: str, body: Any, argument: str, value: str
) -> None:
    response = client.request(method, path, json=body)
    assert response.status_code == 200
    miss = response.json()
    assert miss["failure_kind"] == "validation_error"
    assert miss["argument"] == argument
    assert miss["value"] == value
    assert isinstance(miss["alternatives"], list) and miss["alternatives"]


def test_unknown_metric_lists_the_valid_keys(client: TestClient) -> None:
    miss = client.post(SCREEN, json={"metric": "vibes"}).json()
    assert "revenue" in miss["alternatives"] and "free_cash_flow" in miss["alternatives"]


def test_metric_alias_answers_with_the_canonical_key(client: TestClient) -> None:
    assert client.post(SCREEN, json={"metric": "ebit"}).json()["metric"] == "operating_income"
    assert client.post(SCREEN, json={"metric": "sales"}).json()["metric"] == "revenue"


def test_year_from_after_year_to_is_a_validation_miss(client: TestClient) -> None:
    miss = client.post(SEARCH, json={"year_from": 2024, "year_to": 2020}).json()
    assert miss["failure_kind"] == "validation_error"
