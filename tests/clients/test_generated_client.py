"""A client nobody here wrote: `openapi-python-client` generates one from the served API
document, and it answers over real HTTP for all nine endpoints, a miss typed as a miss and
data as data (the document's `oneOf` tells them apart)."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi.testclient import TestClient

# no post hooks: the generated code is imported as written, not formatted
CONFIG = (
    "project_name_override: filings-generated\n"
    "package_name_override: filings_generated\n"
    "post_hooks: []\n"
)


@pytest.fixture(scope="module")
def generated(sec_client: TestClient, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The package `openapi-python-client` writes for the served document, imported."""
    generator = shutil.which("openapi-python-client") or str(
        Path(sys.executable).with_name("openapi-python-client")
    )
    where = tmp_path_factory.mktemp("generated")
    (where / "openapi.json").write_text(sec_client.get("/openapi.json").text)
    (where / "config.yml").write_text(CONFIG)
    command = ["generate", "--path", "openapi.json", "--config", "config.yml"]
    subprocess.run(
        [generator, *command, "--output-path", "out"],
        cwd=where,
        check=True,
        capture_output=True,
        timeout=300,
    )
    sys.path.insert(0, str(where / "out"))
    try:
        yield importlib.import_module("filings_generated")
    finally:
        sys.path.remove(str(where / "out"))
        for name in [m for m in sys.modules if m.startswith("filings_generated")]:
            del sys.modules[name]


def _module(package: ModuleType, name: str) -> Any:
    return importlib.import_module(f"{package.__name__}.{name}")


def test_the_nine_endpoints_and_their_misses(generated: ModuleType, served: str, key: str) -> None:
    client = generated.AuthenticatedClient(base_url=served, token=key, timeout=60)
    api = lambda path: _module(generated, f"api.{path}")  # noqa: E731
    models = _module(generated, "models")
    search_body = models.FilingSearchRequest(company="AAPL", limit=2)
    filings = api("filings.search_filings").sync(client=client, body=search_body)
    assert isinstance(filings, models.FilingSearchResponse)
    assert filings.filings[0].company_name == "Apple Inc."
    nowhere = models.FilingSearchRequest(company="NO SUCH CO ZZZ")
    assert isinstance(api("filings.search_filings").sync(client=client, body=nowhere), models.Miss)

    hits_body = models.ContentSearchRequest(query="Lifco net sales 2019", limit=2)
    hits = api("search.content_search").sync(client=client, body=hits_body)
    assert isinstance(hits, models.ContentSearchResponse) and hits.results
    wrong = models.ContentSearchRequest(query="sales", document_type="brochure")
    miss = api("search.content_search").sync(client=client, body=wrong)
    assert isinstance(miss, models.Miss) and miss.failure_kind == "validation_error"

    snapshot = api("filings.get_snapshot").sync("0000320193-24-000123", client=client)
    assert isinstance(snapshot, models.Snapshot) and snapshot.available
    unknown = api("filings.get_snapshot").sync("nope_1", client=client)
    assert isinstance(unknown, models.Snapshot) and not unknown.available

    figures = api("financials.get_financials").sync("AAPL", client=client, year=2024)
    assert isinstance(figures, models.FinancialsResponse)
    assert figures.by_year["2024"]["revenue"] == 391035000000
    miss = api("financials.get_financials").sync("NO SUCH CO ZZZ", client=client)
    assert isinstance(miss, models.Miss) and miss.failure_kind == "not_found"

    statement = api("financials.get_statement").sync(
        "NVDA", client=client, period_type="quarterly", years=2
    )
    assert isinstance(statement, models.StatementResponse) and len(statement.periods) == 2
    nordic = api("financials.get_statement").sync("Lifco", client=client, period_type="quarterly")
    assert isinstance(nordic, models.QuarterlyNotAvailable)

    profile = api("companies.get_profile").sync("AAPL", client=client)
    assert isinstance(profile, models.ProfileResponse) and profile.overview
    # Sampo is listed in Helsinki, and no document of it is held
    sampo = api("companies.get_profile").sync("Sampo", client=client)
    assert isinstance(sampo, models.Miss)  # no longer a ProfileResponse holding the miss

    geography = api("companies.get_revenue_geography").sync("NVDA", client=client, year=2025)
    assert isinstance(geography, models.RevenueGeography) and geography.countries
    none = api("companies.get_revenue_geography").sync("AAPL", client=client, year=1990)
    assert isinstance(none, models.Miss)

    compare_body = models.CompareRequest(companies=["AAPL", "NO SUCH CO ZZZ"], years=1)
    compared = api("financials.compare_companies").sync(client=client, body=compare_body)
    assert isinstance(compared, models.CompareResponse)
    assert compared.not_found == ["NO SUCH CO ZZZ"]

    screen_body = models.ScreenRequest(metric="revenue", mode="value", year=2024, top_n=3)
    screened = api("financials.screen_companies").sync(client=client, body=screen_body)
    assert isinstance(screened, models.ScreenResponse) and len(screened.companies) == 3
    unknown_metric = models.ScreenRequest(metric="happiness")
    miss = api("financials.screen_companies").sync(client=client, body=unknown_metric)
    assert isinstance(miss, models.Miss)


def test_a_company_with_a_slash_in_its_name(generated: ModuleType, served: str, key: str) -> None:
    client = generated.AuthenticatedClient(base_url=served, token=key, timeout=60)
    figures = _module(generated, "api.financials.get_financials")
    models = _module(generated, "models")
    name = "COSTCO WHOLESALE CORP /NEW"  # sent as COSTCO%20WHOLESALE%20CORP%20%2FNEW
    answer = figures.sync(name, client=client, years=1)
    if isinstance(answer, models.Miss):  # held without figures: resolved all the same
        assert answer.resolved_name == name, answer
    else:
        assert answer.company_name == name
