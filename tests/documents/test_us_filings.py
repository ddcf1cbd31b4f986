"""Filing search and snapshots over the ingested SEC mirror."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient

from filings.access import service
from filings.app import create_app
from filings.core.settings import Settings
from filings.db.engine import Database, make_engine
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec
from filings.ingest.sec.source import MirrorSource

SEARCH = "/api/v1/data/filings/search"


def test_us_listing_without_company(sec_client: TestClient) -> None:
    body = sec_client.post(SEARCH, json={"market": "us", "limit": 5}).json()
    rows = body["filings"]
    assert body["total"] == 5 and body["has_more"] is True and body["total_available"] > 600
    assert [r["filed_date"] for r in rows] == sorted((r["filed_date"] for r in rows), reverse=True)
    assert all("docid" not in r and isinstance(r["year"], int) for r in rows)
    assert all(
        {"cik", "ticker", "accession_number", "filed_date", "result_kind"} <= r.keys() for r in rows
    )


def test_apple_10k_fy2024(sec_client: TestClient) -> None:
    body = sec_client.post(
        SEARCH,
        json={"company": "Apple", "document_type": "10-K", "year_from": 2024, "year_to": 2024},
    ).json()
    assert body["resolution"]["resolved_name"] == "Apple Inc."
    [row] = body["filings"]
    assert row["accession_number"] == "0000320193-24-000123" == row["docid"]
    assert (
        row["year"] == 2024
        and row["period_end"] == "2024-09-28"
        and row["filed_date"] == "2024-11-01"
    )
    assert "quarter" not in row
    assert "aapl-20240928.htm" not in row["citation_markdown"]  # links the filing index


def test_nvidia_10q_fiscal_labels(sec_client: TestClient) -> None:
    body = sec_client.post(
        SEARCH, json={"company": "NVDA", "document_type": "10-Q", "year_from": 2026}
    ).json()
    labels = {(r["year"], r["quarter"], r["period_end"]) for r in body["filings"]}
    assert (2026, 2, "2025-07-27") in labels


def test_snapshot_of_an_accession_number(sec_client: TestClient) -> None:
    body = sec_client.get("/api/v1/data/filings/0001045810-25-000209/snapshot").json()
    assert body["available"] is True and body["kind"] == "edgar_link"
    assert body["snapshot_url"] == (
        "https://www.sec.gov/Archives/edgar/data/1045810/000104581025000209/"
        "0001045810-25-000209-index.htm"
    )
    assert (body["year"], body["quarter"], body["document_type"]) == ("2026", 2, "10-Q")


def test_an_issuer_known_only_from_the_ticker_list(
    committed_database_url: str, corpus: Path
) -> None:
    source = MirrorSource(corpus / "sec")
    listings = read_tickers(source)
    ibm = next(cik for cik, listing in listings.items() if "IBM" in listing.tickers)
    db = Database(make_engine(committed_database_url))
    summary = ingest_sec(db, source, [ibm], listings)
    assert summary.companies == 1 and summary.filings == 0

    with db.transaction() as conn:
        service.create_account(conn, "ibm-reader", plan="api", now=datetime.now(UTC))
        key = service.create_key(conn, "ibm-reader", secret="k", now=datetime.now(UTC))[1]
    settings = Settings(database_url=committed_database_url, key_hash_secret="k")  # type: ignore[arg-type]
    client = TestClient(create_app(settings, db), headers={"Authorization": f"Bearer {key}"})
    body = client.post(SEARCH, json={"company": "IBM"}).json()
    [row] = body["filings"]
    assert row["result_kind"] == "company_index" and row["cik"] == ibm and "year" not in row
    db.dispose()
