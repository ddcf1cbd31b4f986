"""Filing search (4.1) and snapshots (4.3) over rows in the real tables."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import Connection

from tests.factories import add_company, add_filing, d

SEARCH = "/api/v1/data/filings/search"


def _us_filer(conn: Connection, count: int) -> int:
    pk = add_company(conn, "aapl", "Apple Inc.", tickers=("AAPL",), cik="0000320193")
    for i in range(count):
        add_filing(
            conn,
            pk,
            accession_number=f"0000320193-{i:02d}-000001",
            form="10-Q",
            document_type="10-Q",
            fiscal_year=2000 + i,
            fiscal_quarter=1,
            period_end=d(f"{2000 + i}-03-31"),
            filed_date=d(f"{2000 + i}-05-01"),
        )
    return pk


def test_us_listing_without_company_is_newest_filed_first_without_docid(
    client: TestClient, connection: Connection
) -> None:
    _us_filer(connection, 25)
    body = client.post(SEARCH, json={"market": "us"}).json()
    assert body["total"] == 20  # the default limit
    assert body["total_available"] == 25
    assert body["has_more"] is True
    rows = body["filings"]
    assert [r["filed_date"] for r in rows] == sorted((r["filed_date"] for r in rows), reverse=True)
    first = rows[0]
    assert "docid" not in first
    assert first["year"] == 2024 and first["fiscal_year"] == 2024
    assert first["accession_number"] == "0000320193-24-000001"
    assert first["cik"] == "0000320193" and first["ticker"] == "AAPL"
    assert first["result_kind"] == "filing"
    assert first["period_end"] == "2024-03-31"
    assert "resolution" not in body
    assert (
        "https://www.sec.gov/Archives/edgar/data/320193/000032019324000001/"
        in first["citation_markdown"]
    )


def test_company_scoped_us_rows_carry_docid_and_resolution(
    client: TestClient, connection: Connection
) -> None:
    _us_filer(connection, 3)
    body = client.post(SEARCH, json={"company": "apple", "year_from": 2001, "limit": 1}).json()
    assert body["total"] == 1 and body["total_available"] == 2 and body["has_more"] is True
    assert body["filings"][0]["docid"] == "0000320193-02-000001"
    assert body["resolution"] == {
        "input_company": "apple",
        "resolved_name": "Apple Inc.",
        "market": "us",
        "ticker": "AAPL",
    }


def test_us_issuer_without_filings_gives_one_company_index_row(
    client: TestClient, connection: Connection
) -> None:
    add_company(connection, "msft", "Microsoft Corp", tickers=("MSFT",), cik="0000789019")
    body = client.post(SEARCH, json={"company": "MSFT"}).json()
    assert body["total"] == 1
    row = body["filings"][0]
    assert row["result_kind"] == "company_index"
    assert row["cik"] == "0000789019"
    assert "year" not in row and "docid" not in row


def test_nordic_rows_have_string_years_and_metadata_quality(
    client: TestClient, connection: Connection
) -> None:
    pk = add_company(
        connection, "atlas-copco", "Atlas Copco AB", market="nordic", tickers=("ATCO A",)
    )
    add_filing(
        connection,
        pk,
        market="nordic",
        docid="0123456789abcdef",
        document_type="interim_report",
        fiscal_year=2023,
        fiscal_quarter=3,
        page_count=32,
    )
    us = _us_filer(connection, 1)
    assert us
    body = client.post(SEARCH, json={}).json()
    assert body["total"] == 2  # both markets when market is omitted
    nordic = next(r for r in body["filings"] if r["market"] == "nordic")
    assert nordic["year"] == "2023" and nordic["fiscal_year"] == "2023"
    assert nordic["quarter"] == 3 and nordic["page_count"] == 32
    assert nordic["docid"] == "0123456789abcdef"
    assert set(nordic["metadata_quality"]) == {"period_end", "filed_date"}
    assert "filed_date" not in nordic and "cik" not in nordic
    only_nordic = client.post(SEARCH, json={"market": "nordic"}).json()
    assert [r["market"] for r in only_nordic["filings"]] == ["nordic"]


def test_document_type_and_year_filters(client: TestClient, connection: Connection) -> None:
    pk = _us_filer(connection, 5)
    add_filing(
        connection,
        pk,
        accession_number="0000320193-24-999999",
        document_type="10-K",
        form="10-K",
        fiscal_year=2024,
        filed_date=d("2024-11-01"),
    )
    body = client.post(SEARCH, json={"document_type": "10-K"}).json()
    assert [r["accession_number"] for r in body["filings"]] == ["0000320193-24-999999"]
    body = client.post(SEARCH, json={"year_from": 2002, "year_to": 2003}).json()
    assert sorted(r["year"] for r in body["filings"]) == [2002, 2003]


def test_unknown_company_is_a_not_found_miss(client: TestClient) -> None:
    body = client.post(SEARCH, json={"company": "Nonexistent"}).json()
    assert body["failure_kind"] == "not_found" and body["company"] == "Nonexistent"


def test_ambiguous_company_is_a_validation_miss_with_alternatives(
    client: TestClient, connection: Connection
) -> None:
    add_company(connection, "atlas-copco", "Atlas Copco AB", market="nordic", tickers=("ATCO A",))
    add_company(connection, "aaww", "Atlas Air Worldwide Holdings", tickers=("AAWW",))
    body = client.post(SEARCH, json={"company": "Atlas"}).json()
    assert body["error"] == "Ambiguous company name"
    assert body["failure_kind"] == "validation_error"
    assert {a["ticker"] for a in body["alternatives"]} == {"ATCO A", "AAWW"}
    assert all({"display_name", "ticker", "market"} <= a.keys() for a in body["alternatives"])


def test_us_snapshot_links_the_filing_index(client: TestClient, connection: Connection) -> None:
    _us_filer(connection, 1)
    body = client.get("/api/v1/data/filings/0000320193-00-000001/snapshot").json()
    assert body["available"] is True
    assert body["kind"] == "edgar_link"
    assert body["snapshot_url"] == (
        "https://www.sec.gov/Archives/edgar/data/320193/000032019300000001/"
        "0000320193-00-000001-index.htm"
    )
    assert "error" not in body


def test_unknown_pages_are_unavailable_with_a_reason(client: TestClient) -> None:
    for page_id in ("0000320193-99-000001", "0123456789abcdef_3", "not-a-page"):
        response = client.get(f"/api/v1/data/filings/{page_id}/snapshot")
        body = response.json()
        assert response.status_code == 200
        assert body["available"] is False and body["reason"] and "error" not in body
