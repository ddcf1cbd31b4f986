"""The Python client (`clients/python`): its models follow openapi.json, every method answers
over the real app in process, misses come back typed or raised, and retries are safe."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from filings_client import (
    AsyncFilingsClient,
    FilingsClient,
    FilingsHTTPError,
    Miss,
    MissError,
    models,
)

ROOT = Path(__file__).parents[2]


def test_models_are_generated_from_the_committed_api_document() -> None:
    spec = importlib.util.spec_from_file_location(
        "generate_models", ROOT / "clients/python/generate_models.py"
    )
    assert spec and spec.loader
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    document = json.loads((ROOT / "openapi.json").read_text())
    committed = (ROOT / "clients/python/filings_client/models.py").read_text()
    assert generator.generate(document) == committed, (
        "clients/python/filings_client/models.py is stale: run "
        "`python clients/python/generate_models.py openapi.json "
        "clients/python/filings_client/models.py`"
    )


@pytest.fixture
def client(served: str, key: str) -> FilingsClient:
    return FilingsClient(served, key)


def test_every_endpoint_answers_with_its_model(client: FilingsClient) -> None:
    filings = client.search_filings(company="AAPL", limit=2)
    assert isinstance(filings, models.FilingSearchResponse) and len(filings.filings) == 2
    assert filings.filings[0].company_name == "Apple Inc."
    hits = client.content_search("Lifco net sales 2019", limit=2)
    assert isinstance(hits, models.ContentSearchResponse) and hits.results
    snapshot = client.get_snapshot("0000320193-24-000123")
    assert isinstance(snapshot, models.Snapshot) and snapshot.available
    figures = client.get_financials("AAPL", year=2024)
    assert isinstance(figures, models.FinancialsResponse)
    assert figures.by_year["2024"]["revenue"] == 391035000000
    statement = client.get_statement("NVDA", period_type="quarterly", years=4)
    assert isinstance(statement, models.StatementResponse) and len(statement.periods) == 4
    profile = client.get_profile("AAPL")
    assert isinstance(profile, models.ProfileResponse) and profile.overview
    geography = client.get_revenue_geography("NVDA", year=2025)
    assert isinstance(geography, models.RevenueGeography) and geography.countries
    compared = client.compare_companies(["AAPL", "NVDA"], years=1)
    assert isinstance(compared, models.CompareResponse) and len(compared.companies) == 2
    screened = client.screen_companies(metric="revenue", mode="value", year=2024, top_n=3)
    assert isinstance(screened, models.ScreenResponse) and len(screened.companies) == 3


def test_a_miss_is_a_value_or_raised(client: FilingsClient, served: str, key: str) -> None:
    miss = client.get_financials("NO SUCH COMPANY ZZZ")
    assert isinstance(miss, Miss) and miss.failure_kind == "not_found"
    strict = FilingsClient(served, key, raise_on_miss=True)
    with pytest.raises(MissError) as raised:
        strict.get_financials("NO SUCH COMPANY ZZZ")
    assert raised.value.miss.failure_kind == "not_found"


def test_http_errors_raise_with_the_envelope(served: str) -> None:
    bad = FilingsClient(served, "svc_" + "x" * 43)
    with pytest.raises(FilingsHTTPError) as raised:
        bad.get_financials("AAPL")
    assert raised.value.status_code == 401 and raised.value.body["status_code"] == 401


def test_the_async_client(served: str, key: str) -> None:
    async def go() -> tuple[Any, Any]:
        async with AsyncFilingsClient(served, key) as client:
            return await asyncio.gather(
                client.get_financials("AAPL", year=2024),
                client.search_filings(company="NVDA", limit=1),
            )

    figures, filings = asyncio.run(go())
    assert figures.by_year["2024"]["revenue"] == 391035000000
    assert filings.filings[0].company_name == "NVIDIA CORP"


def test_retries_wait_as_told_and_keep_the_idempotency_key() -> None:
    seen: list[httpx.Request] = []
    answers = [
        httpx.Response(429, headers={"Retry-After": "2"}, json={"error": "slow down"}),
        httpx.Response(503, json={"error": "down"}),
        httpx.Response(200, json={"companies": [], "kpis": [], "not_found": ["X", "Y"]}),
    ]

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answers[min(len(seen), len(answers)) - 1]

    waits: list[float] = []
    client = FilingsClient(
        "http://x", "svc_key", transport=httpx.MockTransport(handler), sleep=waits.append
    )
    answer = client.compare_companies(["X", "Y"])
    assert isinstance(answer, models.CompareResponse) and answer.not_found == ["X", "Y"]
    assert waits == [2.0, 1.0]  # Retry-After, then backoff 0.5 x 2
    keys = {r.headers["Idempotency-Key"] for r in seen}
    assert len(seen) == 3 and len(keys) == 1  # one key for the call, on every attempt
    client.compare_companies(["X", "Y"])  # a new call...
    assert seen[-1].headers["Idempotency-Key"] not in keys  # ...gets a new key


def test_gives_up_after_max_retries() -> None:
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(503, json={"error": "down", "status_code": 503})

    client = FilingsClient(
        "http://x", "k", transport=httpx.MockTransport(handler), max_retries=2, sleep=lambda _: None
    )
    with pytest.raises(FilingsHTTPError) as raised:
        client.get_financials("AAPL")
    assert raised.value.status_code == 503 and len(calls) == 3
    assert "Idempotency-Key" not in calls[0].headers  # GETs need none


def test_figures_as_of_a_day(client: FilingsClient) -> None:
    from datetime import date

    figures = client.get_financials("AAPL", year=2011, as_of=date(2012, 1, 15))
    assert isinstance(figures, models.FinancialsResponse) and figures.latest_period
    assert figures.latest_period.metrics["eps_diluted"].value == 27.68
    compared = client.compare_companies(["AAPL", "NVDA"], years=1, as_of=date(2020, 1, 1))
    assert isinstance(compared, models.CompareResponse)
    assert compared.companies[0].latest_year["year"] == "2019"  # type: ignore[index]


def test_a_company_is_one_path_segment_whatever_it_holds() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"error": "Company not found", "failure_kind": "not_found"})

    client = FilingsClient("http://x", "k", transport=httpx.MockTransport(handler))
    for name in ("AGCO CORP /DE", "A&B #1?", "50% Co"):
        answer = client.get_financials(name, fields=["revenue", "eps"])
        assert isinstance(answer, Miss)
    paths = [r.url.raw_path.decode().split("?")[0] for r in seen]
    assert paths == [
        "/api/v1/data/companies/AGCO%20CORP%20%2FDE/financials",
        "/api/v1/data/companies/A%26B%20%231%3F/financials",
        "/api/v1/data/companies/50%25%20Co/financials",
    ]
    assert seen[0].url.params.get_list("fields") == ["revenue", "eps"]


def test_a_miss_never_parses_as_data() -> None:
    kemira = {"error": "No profile for Kemira", "failure_kind": "not_found", "company": "Kemira"}
    client = FilingsClient(
        "http://x", "k", transport=httpx.MockTransport(lambda _: httpx.Response(200, json=kemira))
    )
    assert isinstance(client.get_profile("Kemira"), Miss)
    assert isinstance(client.get_statement("Kemira"), Miss)
