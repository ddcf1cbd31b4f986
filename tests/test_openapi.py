"""The OpenAPI document: generated from the app, committed, and never stale."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from filings.app import create_app
from filings.core.settings import Settings

COMMITTED = Path(__file__).parents[1] / "openapi.json"
PATHS = {
    "/api/v1/data/filings/search": "post",
    "/api/v1/data/filings/content-search": "post",
    "/api/v1/data/filings/{page_id}/snapshot": "get",
    "/api/v1/data/companies/{company}/financials": "get",
    "/api/v1/data/companies/{company}/statement": "get",
    "/api/v1/data/companies/{company}/profile": "get",
    "/api/v1/data/companies/{company}/revenue-geography": "get",
    "/api/v1/data/companies/compare": "post",
    "/api/v1/data/companies/screen": "post",
}


def _generated() -> dict[str, Any]:
    return create_app(Settings(database_url="sqlite://")).openapi()


def test_committed_openapi_is_current() -> None:
    committed = json.loads(COMMITTED.read_text())
    assert committed == json.loads(json.dumps(_generated())), (
        "openapi.json is stale: run `make openapi` and commit it"
    )


def test_version_and_the_nine_paths() -> None:
    document = _generated()
    assert document["info"]["version"] == "1.0.0"
    assert {p: set(ops) for p, ops in document["paths"].items()} == {
        **{p: {m} for p, m in PATHS.items()},
        "/health": {"get"},
        "/health/ready": {"get"},
    }


def test_every_operation_declares_request_response_and_error_schemas() -> None:
    document = _generated()
    for path, method in PATHS.items():
        operation = document["paths"][path][method]
        responses = operation["responses"]
        assert "schema" in responses["200"]["content"]["application/json"], path
        for status in ("401", "402", "422", "429", "500", "503", "504"):
            assert status in responses, (path, status)
        assert responses["422"]["content"]["application/json"]["schema"]["$ref"].endswith(
            "/ValidationEnvelope"
        )
        if method == "post":
            assert "requestBody" in operation and "400" in responses
        names = {p["name"] for p in operation.get("parameters", [])}
        assert "max_retries" in names, path


def test_choice_values_are_strings_with_the_values_in_the_description() -> None:
    schema = _generated()["components"]["schemas"]["FilingSearchRequest"]["properties"]
    market = schema["market"]
    assert "enum" not in json.dumps(market)
    assert "nordic" in market["description"]


def test_served_at_openapi_json(client: TestClient) -> None:
    assert client.get("/openapi.json").json()["info"]["version"] == "1.0.0"


OPERATION_IDS = {
    "/api/v1/data/filings/search": "search_filings",
    "/api/v1/data/filings/content-search": "content_search",
    "/api/v1/data/filings/{page_id}/snapshot": "get_snapshot",
    "/api/v1/data/companies/{company}/financials": "get_financials",
    "/api/v1/data/companies/{company}/statement": "get_statement",
    "/api/v1/data/companies/{company}/profile": "get_profile",
    "/api/v1/data/companies/{company}/revenue-geography": "get_revenue_geography",
    "/api/v1/data/companies/compare": "compare_companies",
    "/api/v1/data/companies/screen": "screen_companies",
}


def test_operation_ids_name_what_a_generated_client_calls() -> None:
    document = _generated()
    for path, method in PATHS.items():
        assert document["paths"][path][method]["operationId"] == OPERATION_IDS[path]


def test_every_parameter_and_field_is_described() -> None:
    document = _generated()
    for path, operations in document["paths"].items():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                assert parameter.get("description"), (path, parameter["name"])
    for name, schema in document["components"]["schemas"].items():
        for field, spec in schema.get("properties", {}).items():
            assert spec.get("description"), (name, field)


def test_the_bearer_scheme_is_declared_for_authorize() -> None:
    document = _generated()
    assert document["components"]["securitySchemes"]["bearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": "svc_... API key",
    }
    for path, method in PATHS.items():
        assert {"bearer": []} in document["paths"][path][method]["security"]


def test_the_served_document_validates(client: TestClient) -> None:
    from openapi_spec_validator import validate

    served = client.get("/openapi.json")
    assert "\ufffe" not in served.text and "\uffff" not in served.text
    validate(served.json())  # raises on any violation of OpenAPI 3.1


def test_what_tools_nobody_here_wrote_look_for() -> None:
    document = _generated()
    assert document["servers"] == [
        {"url": "/", "description": "The server that serves this document"}
    ]
    for health in ("/health", "/health/ready"):
        assert document["paths"][health]["get"]["security"] == []
    for path, method in PATHS.items():
        responses = document["paths"][path][method]["responses"]
        assert {"404", "405"} <= set(responses), path
        assert "WWW-Authenticate" in responses["401"]["headers"], path
        example = responses["422"]["content"]["application/json"]["example"]
        assert example["error"] == "Validation error"  # what the server says
        if method == "get":
            assert "304" in responses and "ETag" in responses["200"]["headers"], path
    for path in ("financials", "statement"):
        content = document["paths"][f"/api/v1/data/companies/{{company}}/{path}"]["get"]
        assert "text/csv" in content["responses"]["200"]["content"]
    screen = document["paths"]["/api/v1/data/companies/screen"]["post"]["responses"]["200"]
    assert "text/csv" in screen["content"]


def _fits(document: dict[str, Any], name: str, instance: Any) -> bool:
    from jsonschema import Draft202012Validator

    root = {"components": document["components"], "$ref": f"#/components/schemas/{name}"}
    return bool(Draft202012Validator(root).is_valid(instance))


def test_every_answer_is_one_of_its_data_shapes_or_the_miss() -> None:
    document = _generated()
    assert document["components"]["schemas"]["Miss"]["required"] == ["error", "failure_kind"]
    misses = [
        {"error": "Company not found: Kemira", "failure_kind": "not_found", "company": "Kemira"},
        {"error": "Invalid fields: 'x'", "failure_kind": "validation_error", "argument": "x"},
    ]
    for path, method in PATHS.items():
        content = document["paths"][path][method]["responses"]["200"]["content"]
        names = [
            r["$ref"].rsplit("/", 1)[-1] for r in content["application/json"]["schema"]["oneOf"]
        ]
        assert names[-1] == "Miss", path
        example = content["application/json"]["example"]  # a real answer, recorded
        assert [n for n in names if _fits(document, n, example)] == names[:1], path
        for miss in misses:
            assert [n for n in names if _fits(document, n, miss)] == ["Miss"], path
    quarterly = {
        "error": "quarterly_line_items_not_available",
        "detail": "Nordic reports give quarterly key figures ...",
        "company_name": "Lifco AB (publ)",
        "market": "nordic",
    }
    assert _fits(document, "QuarterlyNotAvailable", quarterly)
    assert not _fits(document, "Miss", quarterly) and not _fits(
        document, "StatementResponse", quarterly
    )


def test_docs_work_without_internet(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "https://" not in page.text and "http://" not in page.text.replace(
        "http://testserver", ""
    )
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        assert f"/docs/assets/{asset}" in page.text
        served = client.get(f"/docs/assets/{asset}")
        assert served.status_code == 200 and len(served.content) > 10_000
