"""Examples for the API document: one real request and answer per endpoint, taken from the
corpus (`examples.json`, refreshed by `make examples`, checked by the suite against what the
service answers), and one body per error shape."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

EXAMPLES_FILE = Path(__file__).with_name("examples.json")

# operation id -> (method, path, query or body): the requests the examples answer
REQUESTS: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "search_filings": ("POST", "/filings/search", {"company": "AAPL", "limit": 2}),
    "content_search": (
        "POST",
        "/filings/content-search",
        {"query": "Paljonko Lifcon liikevaihto kasvoi vuonna 2019?", "limit": 2},
    ),
    "get_snapshot": ("GET", "/filings/0000320193-24-000123/snapshot", None),
    "get_financials": ("GET", "/companies/NVDA/financials", {"years": 1}),
    "get_statement": (
        "GET",
        "/companies/AAPL/statement",
        {"statement": "cash_flow", "period_type": "quarterly", "years": 2},
    ),
    "get_profile": ("GET", "/companies/AAPL/profile", None),
    "get_revenue_geography": ("GET", "/companies/NVDA/revenue-geography", {"year": 2025}),
    "compare_companies": (
        "POST",
        "/companies/compare",
        {"companies": ["AAPL", "Ericsson"], "years": 1},
    ),
    "screen_companies": (
        "POST",
        "/companies/screen",
        {"metric": "revenue", "mode": "growth", "year": 2024, "compare_years": 1, "top_n": 3},
    ),
}

ERRORS: dict[str, dict[str, Any]] = {
    "401": {
        "error": "Invalid API key",
        "status_code": 401,
        "path": "/api/v1/data/companies/AAPL/financials",
        "correlation_id": "2f0c8a7e-5d1b-4c47-9f1e-0b8e3f6a9d21",
    },
    "422": {
        "error": "Validation error",
        "status_code": 422,
        "path": "/api/v1/data/filings/search",
        "correlation_id": "8a3e1c52-9b0d-4f6e-a7d4-3c2b1e0f9a87",
        "detail": "body.limit: Input should be less than or equal to 100 (less_than_equal)",
        "details": ["body.limit: Input should be less than or equal to 100 (less_than_equal)"],
    },
    "429": {
        "error": "Rate limit exceeded: 10 requests per second per key",
        "status_code": 429,
        "path": "/api/v1/data/companies/screen",
        "correlation_id": "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
    },
    "503": {
        "error": "A store the access checks need did not answer; retry shortly.",
        "status_code": 503,
        "path": "/api/v1/data/companies/AAPL/financials",
        "correlation_id": "0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
        "detail": "A store the access checks need did not answer; retry shortly.",
        "maintenance": False,
        "retryable": True,
    },
}


@cache
def recorded() -> dict[str, Any]:
    """The committed examples: operation id -> {request, response}."""
    if not EXAMPLES_FILE.is_file():
        return {}
    loaded: dict[str, Any] = json.loads(EXAMPLES_FILE.read_text())
    return loaded


def add_examples(document: dict[str, Any], prefix: str) -> None:
    """Put the examples into an OpenAPI document."""
    found = recorded()
    for path, operations in document["paths"].items():
        for operation in operations.values():
            example = found.get(operation.get("operationId", ""))
            if example is None:
                continue
            method, _, query = REQUESTS[operation["operationId"]]
            content = operation["responses"]["200"]["content"]["application/json"]
            content["example"] = example["response"]
            if method == "POST" and "requestBody" in operation:
                body = operation["requestBody"]["content"]["application/json"]
                body["example"] = query
            for parameter in operation.get("parameters", []):
                value = _parameter_example(path, prefix, parameter, example, query)
                if value is not None:
                    parameter["example"] = value
            for status, body in ERRORS.items():
                response = operation["responses"].get(status)
                if response and "application/json" in response.get("content", {}):
                    response["content"]["application/json"]["example"] = body


def _parameter_example(
    path: str, prefix: str, parameter: dict[str, Any], example: dict[str, Any], query: Any
) -> Any:
    if parameter["in"] == "path":
        asked = example["request"].removeprefix(prefix)
        template = path.removeprefix(prefix)
        for piece, value in zip(template.split("/"), asked.split("/"), strict=False):
            if piece == "{" + parameter["name"] + "}":
                return value
        return None
    if parameter["in"] == "query" and isinstance(query, dict) and example["method"] == "GET":
        return query.get(parameter["name"])
    return None
