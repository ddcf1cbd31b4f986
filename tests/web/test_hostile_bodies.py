"""Bodies a parser chokes on: each answered with the 422 envelope, never a 500 or a bare 400."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SEARCH = "/api/v1/data/filings/search"
COMPARE = "/api/v1/data/companies/compare"
JSON = {"Content-Type": "application/json"}

UNPARSABLE = {
    "invalid UTF-8": (b'{"company": "\xff\xfe"}', "not valid UTF-8"),
    "a 4,400-digit integer": (b'{"limit": ' + b"9" * 4400 + b"}", "could not be read"),
    "nesting of 1,000": (b"[" * 1000 + b"]" * 1000, "nested too deeply"),
}


@pytest.mark.parametrize("case", UNPARSABLE, ids=list(UNPARSABLE))
def test_unparsable_bodies_get_the_validation_envelope(client: TestClient, case: str) -> None:
    body, reason = UNPARSABLE[case]
    response = client.post(SEARCH, content=body, headers=JSON)
    assert response.status_code == 422, response.text
    answer = response.json()
    assert answer["error"] == "Validation error" and answer["status_code"] == 422
    assert answer["path"] == SEARCH
    assert answer["correlation_id"] == response.headers["X-Correlation-Id"]
    (problem,) = answer["details"]
    assert problem.startswith("body: Invalid JSON body") and problem.endswith("(json_invalid)")
    assert reason in problem


@pytest.mark.parametrize("case", UNPARSABLE, ids=list(UNPARSABLE))
def test_unparsable_bodies_with_an_idempotency_key(
    make_client: Callable[..., TestClient], case: str
) -> None:
    body, _ = UNPARSABLE[case]
    headers = {**JSON, "Idempotency-Key": f"hostile-{len(body)}"}
    anonymous = make_client(key=None)
    assert anonymous.post(COMPARE, content=body, headers=headers).status_code == 401
    keyed = make_client()
    first = keyed.post(COMPARE, content=body, headers=headers)
    assert first.status_code == 422
    again = keyed.post(COMPARE, content=body, headers=headers)
    assert again.status_code == 422 and again.content == first.content
