"""US filings cite their pages (issue 26, item 6): a hit in a 10-K or 10-Q names the page it
stands on, `<accession>_<n>`, n counted at the document's CSS page breaks; the passage is on
that page's stored text, and the page's snapshot links the document on EDGAR.

The pages asserted here were read in the inline-XBRL documents of ../shared/corpus/sec by
counting their `page-break-after: always` rules before the quoted text, and the footer's
printed number after it.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from filings.db.engine import make_engine
from filings.db.tables import pages

SEARCH = "/api/v1/data/filings/content-search"
TESLA_10K = "0001628280-25-003063"  # tsla-20241231.htm, 111 pages
APPLE_10K = "0000320193-24-000123"  # aapl-20240928.htm, 59 pages
NVIDIA_10Q = "0001045810-25-000209"  # nvda-20250727.htm, 40 pages
ARCHIVES = "https://www.sec.gov/Archives/edgar/data"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _search(client: TestClient, **body: Any) -> list[dict[str, Any]]:
    answer = client.post(SEARCH, json={"limit": 10, **body}).json()
    assert answer["results"], answer
    hits: list[dict[str, Any]] = answer["results"]
    return hits


def _stored_pages(database_url: str, page_ids: set[str]) -> dict[str, tuple[str, str | None]]:
    """The stored text and printed number of each page."""
    engine = make_engine(database_url)
    with engine.connect() as conn:
        rows = conn.execute(
            select(pages.c.page_id, pages.c.text, pages.c.printed_page).where(
                pages.c.page_id.in_(sorted(page_ids))
            )
        ).all()
    engine.dispose()
    return {r.page_id: (_flat(r.text), r.printed_page) for r in rows}


def _on_their_pages(database_url: str, hits: list[dict[str, Any]]) -> None:
    """Every line of every hit's passage is on the stored text of the page it cites."""
    stored = _stored_pages(database_url, {h["page_id"] for h in hits})
    for hit in hits:
        assert hit["page_id"] == f"{hit['docid']}_{hit['page_number']}"
        text, _ = stored[hit["page_id"]]
        for line in hit["content"].splitlines():
            assert _flat(line) in text, (hit["page_id"], line)


def _quoting(hits: list[dict[str, Any]], quote: str) -> list[dict[str, Any]]:
    return [h for h in hits if quote in _flat(h["content"])]


def test_tesla_total_revenues_cite_the_10k_pages_they_are_on(
    sec_client: TestClient, sec_database_url: str
) -> None:
    hits = _search(
        sec_client,
        query="Tesla total revenues 2024",
        company="TSLA",
        year=2024,
        document_type="10-K",
    )
    _on_their_pages(sec_database_url, hits)
    quoting = _quoting(hits, "Total revenues")
    # "Total revenues" stands on pages 40, 52 and 57 (printed 37, 49 and 54): the income
    # statement summary of Item 7, the segment table, and the consolidated statement.
    assert quoting and {h["page_id"] for h in quoting} <= {
        f"{TESLA_10K}_40",
        f"{TESLA_10K}_52",
        f"{TESLA_10K}_57",
    }
    printed = {"40": "37", "52": "49", "57": "54"}
    for hit in quoting:
        number = str(hit["page_number"])
        filed = "Tesla, Inc., Form 10-K, filed 2025-01-30"
        assert hit["citation_label"] == f"{filed}, p. {number} (printed page {printed[number]})"


def test_an_apple_risk_factor_cites_its_page(sec_client: TestClient, sec_database_url: str) -> None:
    quote = "political events, trade and other international disputes"
    hits = _search(
        sec_client,
        query="Apple risk factor political events, trade and other international disputes",
        company="AAPL",
        document_type="10-K",
        year=2024,
    )
    _on_their_pages(sec_database_url, hits)
    quoting = _quoting(hits, quote)
    # Item 1A's risk on political events and trade disputes: page 8, printed "6" (seven page
    # breaks before it in aapl-20240928.htm).
    assert quoting and {h["page_id"] for h in quoting} == {f"{APPLE_10K}_8"}
    text, printed = _stored_pages(sec_database_url, {f"{APPLE_10K}_8"})[f"{APPLE_10K}_8"]
    assert quote in text and printed == "6"


def test_an_nvidia_10q_hit_cites_its_page(sec_client: TestClient, sec_database_url: str) -> None:
    hits = _search(
        sec_client,
        query="NVIDIA Data Center compute revenue",
        company="NVDA",
        document_type="10-Q",
        year=2026,
    )
    _on_their_pages(sec_database_url, hits)
    assert all(h["document_type"] == "10-Q" for h in hits)
    quoting = _quoting(hits, "Data Center compute revenue")
    # "Data Center compute revenue" stands on pages 22 and 26 of nvda-20250727.htm (21 and 25
    # page breaks before it), printed 22 and 26.
    assert quoting and {h["page_id"] for h in quoting} <= {
        f"{NVIDIA_10Q}_22",
        f"{NVIDIA_10Q}_26",
    }


def test_a_us_page_snapshot_links_its_document(sec_client: TestClient) -> None:
    body = sec_client.get(f"/api/v1/data/filings/{TESLA_10K}_40/snapshot").json()
    assert body["available"] is True and body["kind"] == "edgar_link"
    assert body["snapshot_url"] == f"{ARCHIVES}/1318605/000162828025003063/tsla-20241231.htm"
    assert (body["page_id"], body["page_number"]) == (f"{TESLA_10K}_40", 40)
    assert (body["company_name"], body["year"], body["document_type"]) == (
        "Tesla, Inc.",
        "2024",
        "10-K",
    )
    assert body["dpi"] is None and "error" not in body
    # the accession without dashes names the same page
    compact = sec_client.get("/api/v1/data/filings/000162828025003063_40/snapshot").json()
    assert compact["page_id"] == f"{TESLA_10K}_40" and compact["available"] is True
    # the accession alone: the filing's index, as before
    whole = sec_client.get(f"/api/v1/data/filings/{TESLA_10K}/snapshot").json()
    assert whole["snapshot_url"].endswith(f"/{TESLA_10K}-index.htm")


def test_an_exhibit_page_links_the_exhibit(sec_client: TestClient) -> None:
    # Adobe's 8-K: adbe-20230315.htm has 5 pages, its EX-99.1 (adbeex991q123.htm) follows as
    # pages 6 to 14; the income statement is the release's page 4 (printed 4), the filing's 9.
    body = sec_client.get("/api/v1/data/filings/0000796343-23-000044_9/snapshot").json()
    assert body["available"] is True and body["page_number"] == 9
    assert body["snapshot_url"] == (f"{ARCHIVES}/796343/000079634323000044/adbeex991q123.htm")


def test_an_unknown_page_number_is_unavailable_with_a_reason(sec_client: TestClient) -> None:
    response = sec_client.get(f"/api/v1/data/filings/{TESLA_10K}_112/snapshot")
    body = response.json()
    assert response.status_code == 200
    assert body["available"] is False and body["reason"] and "error" not in body
    assert body["page_id"] == f"{TESLA_10K}_112"
    assert body["reason"] == f"Filing {TESLA_10K} has no page 112: its pages are 1 to 111."
    unknown = sec_client.get("/api/v1/data/filings/0000000000-25-000001_1/snapshot").json()
    assert unknown["available"] is False and unknown["reason"] == "Unknown page id."
