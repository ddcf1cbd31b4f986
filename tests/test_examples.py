"""The API document's examples are real: each is what the service answers for its request over
the corpus. `UPDATE_EXAMPLES=1` (or `make examples`) records them again."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
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
    differences = list(_differences(committed, answers))
    assert not differences, (
        "examples.json is stale: run `make examples` and commit it with openapi.json; "
        f"{len(differences)} differences, first: {differences[:8]}"
    )


# A content-search score is a fusion of a full-text score and a vector similarity; vectors of the
# same text computed on another CPU (another SIMD path of the 4-bit engine) differ in the third
# decimal, so recorded scores are compared within this much. The order of hits is compared exactly.
SCORE_TOLERANCE = 0.02


def _differences(recorded: Any, answered: Any, path: str = "") -> Iterator[str]:
    """Where an answer differs from its recorded example, as `path: recorded != answered`."""
    if isinstance(recorded, dict) and isinstance(answered, dict):
        for key in sorted(set(recorded) | set(answered)):
            if key not in recorded or key not in answered:
                yield f"{path}/{key}: only {'answered' if key in answered else 'recorded'}"
            elif key == "score" and isinstance(recorded[key], float | int):
                if abs(recorded[key] - answered[key]) > SCORE_TOLERANCE:
                    yield f"{path}/{key}: {recorded[key]!r} != {answered[key]!r}"
            else:
                yield from _differences(recorded[key], answered[key], f"{path}/{key}")
    elif (
        isinstance(recorded, list) and isinstance(answered, list) and len(recorded) == len(answered)
    ):
        for i, (one, other) in enumerate(zip(recorded, answered, strict=True)):
            yield from _differences(one, other, f"{path}/{i}")
    elif recorded != answered:
        yield f"{path}: {str(recorded)[:120]!r} != {str(answered)[:120]!r}"


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


def test_a_difference_beyond_score_noise_is_found() -> None:
    recorded = {"results": [{"page_id": "a_1", "score": 0.806}], "total": 2}
    assert not list(
        _differences(recorded, {"results": [{"page_id": "a_1", "score": 0.81}], "total": 2})
    )
    moved = {"results": [{"page_id": "a_2", "score": 0.806}], "total": 2}
    assert list(_differences(recorded, moved)) == ["/results/0/page_id: 'a_1' != 'a_2'"]
    assert list(_differences(recorded, {"results": [{"page_id": "a_1", "score": 0.9}]}))
