"""The API document's examples are real: each is what the service answers for its request over
the corpus. `UPDATE_EXAMPLES=1` (or `make examples`) records them again."""

from __future__ import annotations

import json
import os
from typing import Any

from fastapi.testclient import TestClient

from filings.web.examples import EXAMPLES_FILE, REQUESTS, recorded
from tests.conftest import BACKEND

API = "/api/v1/data"


def _answer(client: TestClient, method: str, path: str, query: dict[str, Any] | None) -> Any:
    if method == "POST":
        response = client.post(API + path, json=query)
    else:
        response = client.get(API + path, params=query)
    assert response.status_code == 200, response.text
    return response.json()


def test_examples_are_what_the_service_answers(sec_client: TestClient) -> None:
    answers = {
        operation: {
            "method": method,
            "request": API + path,
            "response": _answer(sec_client, method, path, query),
        }
        for operation, (method, path, query) in REQUESTS.items()
    }
    for operation, example in answers.items():
        assert "error" not in example["response"], (operation, example["response"])
    if os.environ.get("UPDATE_EXAMPLES"):
        assert BACKEND == "sqlite", "examples are recorded on the embedded default, SQLite"
        EXAMPLES_FILE.write_text(json.dumps(answers, indent=2, sort_keys=True) + "\n")
        recorded.cache_clear()
    committed = json.loads(EXAMPLES_FILE.read_text())
    if BACKEND != "sqlite":
        # PostgreSQL ranks full text its own way (ts_rank, not BM25): the same passages may
        # come in another order, so that one example is compared on SQLite only.
        for answered in (committed, answers):
            answered.pop("content_search")
    assert committed == answers, (
        "examples.json is stale: run `make examples` and commit it with openapi.json"
    )


def test_every_operation_has_its_example_and_every_error_shape_one() -> None:
    from filings.app import create_app
    from filings.core.settings import Settings

    document = create_app(Settings(database_url="sqlite://")).openapi()
    for operations in document["paths"].values():
        for operation in operations.values():
            if operation.get("operationId") not in REQUESTS:
                continue
            content = operation["responses"]["200"]["content"]["application/json"]
            assert content.get("example"), operation["operationId"]
            for status in ("401", "422", "429", "503"):
                error = operation["responses"][status]["content"]["application/json"]
                assert error["example"]["status_code"] == int(status)
