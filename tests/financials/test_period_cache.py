"""Cached periods are keyed by the company's data version: new figures show at once."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy import Connection

from filings.db.tables import metric_values
from filings.ingest.load import sync_metrics, touch_company
from filings.ingest.standardize.rows import MetricRow
from tests.factories import add_company


def _revenue(value: str) -> MetricRow:
    return MetricRow(
        metric_key="revenue",
        period_kind="annual",
        period_start=date(2024, 1, 1),
        period_end=date(2024, 12, 31),
        fiscal_year=2024,
        fiscal_quarter=None,
        value=Decimal(value),
        unit="USD",
        currency="USD",
        metric_name="Revenues",
        source="us-gaap:Revenues 0000000001-25-000001",
        accession_number="0000000001-25-000001",
    )


def test_new_figures_show_after_ingestion_moves_the_version(
    client: TestClient, connection: Connection
) -> None:
    pk = add_company(connection, "acme", "Acme Corp", tickers=("ACME",), cik="0000000001")
    scope = metric_values.c.page_id.is_(None)
    sync_metrics(connection, pk, [_revenue("100")], scope)
    url = "/api/v1/data/companies/ACME/financials"
    assert client.get(url).json()["by_year"]["2024"]["revenue"] == 100
    sync_metrics(connection, pk, [_revenue("250")], scope)
    assert client.get(url).json()["by_year"]["2024"]["revenue"] == 100  # same version: cached
    touch_company(connection, pk, datetime(2026, 6, 1, tzinfo=UTC))
    assert client.get(url).json()["by_year"]["2024"]["revenue"] == 250
