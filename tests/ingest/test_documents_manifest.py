"""`filings ingest documents --manifest FILE` on FinanceBench PDFs read where the corpus holds
them (never copied): pages as the PDF has them, passages searchable with the filters, page ids
that the snapshot endpoint renders, bad records reported and skipped. Values are read from the
documents themselves."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, select

from filings.db.tables import companies, filings, pages
from filings.ingest.documents.companies import Listings, read_listings
from filings.ingest.documents.manifest import read_manifest
from filings.ingest.documents.pipeline import DocumentsSummary, ingest_documents
from filings.ingest.documents.reading import read_document, registrant_name
from filings.ingest.nordic.documents import docid_of
from tests.conftest import SavepointDatabase, unavailable

PDFS = ("AMCOR_2023Q4_EARNINGS", "FOOTLOCKER_2022_8K_dated-2022-05-20", "BESTBUY_2024Q2_10Q")


@pytest.fixture(scope="module")
def financebench(corpus: Path) -> Path:
    folder = corpus / "financebench"
    if not (folder / "questions.json").is_file():
        unavailable(f"the corpus at {corpus} has no financebench folder")
    return folder


def _record(path: str, company: str, document_type: str, year: Any, **more: Any) -> dict[str, Any]:
    return {
        "path": path,
        "company": company,
        "market": "us",
        "document_type": document_type,
        "fiscal_year": year,
        "language": "en",
        **more,
    }


def write_manifest(folder: Path, financebench: Path) -> Path:
    """A manifest in `folder` naming three FinanceBench PDFs by a relative path, and one bad
    record of each kind."""
    pdfs = Path(os.path.relpath(financebench / "pdfs", folder))
    (folder / "not-a-pdf.pdf").write_bytes(b"Quarterly report\nRevenue grew.\n")
    (folder / "note.txt").write_text("Acme Widgets had revenue of 12 million dollars in 2023.\n")
    documents = [
        _record(
            f"{pdfs}/{PDFS[0]}.pdf", "AMCR", "earnings_release", 2023, quarter=4, cik="0001748790"
        ),
        _record(f"{pdfs}/{PDFS[1]}.pdf", "0000850209", "8-K", 2022, published="2022-05-20"),
        # no CIK, and (below) no SEC listing: the company comes from the form's cover
        _record(f"{pdfs}/{PDFS[2]}.pdf", "BBY", "10-Q", 2024, quarter=2, ticker="BBY"),
        _record("note.txt", "Acme Widgets", "10-K", 2023),  # no such company anywhere
        _record("missing.pdf", "AMCR", "10-K", 2023),
        _record("not-a-pdf.pdf", "AMCR", "10-Q", 2023),
        _record("note.txt", "AMCR", "annual_report", 2023),  # a Nordic type in the US market
        _record("note.txt", "AMCR", "10-K", "FY23"),
        {**_record("", "AMCR", "10-K", 2023), "path": None, "url": "https://example.com/a.pdf"},
    ]
    manifest = folder / "manifest.json"
    manifest.write_text(json.dumps({"documents": documents}))
    return manifest


def sec_listing_without_bby(corpus: Path) -> Listings:
    """The corpus's SEC listing, less Best Buy (so its company must come from the cover)."""
    listings = read_listings(corpus / "sec", None)
    return Listings(sec={c: v for c, v in listings.sec.items() if "BBY" not in v.tickers})


@pytest.fixture
def ingested(
    database: SavepointDatabase, tmp_path: Path, corpus: Path, financebench: Path
) -> DocumentsSummary:
    manifest = write_manifest(tmp_path, financebench)
    return ingest_documents(database, manifest, sec_listing_without_bby(corpus))


def _docid(financebench: Path, name: str) -> str:
    return docid_of((financebench / "pdfs" / f"{name}.pdf").read_bytes())[0]


def test_every_good_record_is_stored_with_the_pdfs_pages(
    ingested: DocumentsSummary, connection: Connection, financebench: Path
) -> None:
    assert ingested.stored == 3 and ingested.unchanged == 0
    expected = {
        d["doc_name"]: d["pages"]
        for d in json.loads((financebench / "questions.json").read_text())["documents"]
    }
    for name in PDFS:
        stored = connection.execute(
            select(filings.c.page_count, filings.c.document_format, filings.c.file_path).where(
                filings.c.docid == _docid(financebench, name)
            )
        ).one()
        counted = (
            connection.execute(
                select(pages.c.page_number)
                .join(filings, filings.c.id == pages.c.filing_pk)
                .where(filings.c.docid == _docid(financebench, name))
            )
            .scalars()
            .all()
        )
        assert stored.page_count == len(counted) == expected[name]  # 14, 4 and 30 pages
        assert sorted(counted) == list(range(1, expected[name] + 1))
        assert stored.document_format == "pdf" and Path(stored.file_path).is_file()


def test_a_sentence_read_on_a_page_is_that_pages_text(
    ingested: DocumentsSummary, connection: Connection, financebench: Path
) -> None:
    def page_text(name: str, number: int) -> str:
        text = connection.execute(
            select(pages.c.text).where(pages.c.page_id == f"{_docid(financebench, name)}_{number}")
        ).scalar_one()
        return " ".join(str(text).split())

    # read in the PDFs: Amcor's release page 1, Foot Locker's 8-K page 2, Best Buy's cover
    assert "Net sales of $14,694 million, in line with the prior year" in page_text(PDFS[0], 1)
    assert "annual meeting of shareholders held on May 18, 2022" in page_text(PDFS[1], 2)
    assert "For the quarterly period ended July 29, 2023" in page_text(PDFS[2], 1)
    assert "annual meeting of shareholders" not in page_text(PDFS[1], 1)


def test_companies_come_from_the_listing_or_the_cover(
    ingested: DocumentsSummary, connection: Connection
) -> None:
    made = dict(ingested.companies_made)
    assert sorted(made.values()) == ["cover page", "sec listing", "sec listing"]
    rows = {
        r.cik or r.company_name: r.company_name
        for r in connection.execute(select(companies.c.cik, companies.c.company_name))
    }
    assert rows["0001748790"] == "Amcor plc"
    assert rows["0000850209"] == "FOOT LOCKER, INC."
    assert "BEST BUY CO., INC." in rows.values()


def test_bad_records_are_reported_in_one_sentence_and_skipped(ingested: DocumentsSummary) -> None:
    reasons = dict(ingested.skipped)
    assert len(ingested.skipped) == 6
    assert reasons["note.txt"].startswith("no company known by 'Acme Widgets' in the us market")
    assert reasons["missing.pdf"] == "no such file"
    assert reasons["not-a-pdf.pdf"] == "named .pdf but its bytes are not a PDF"
    assert (
        "document_type 'annual_report' is not one of 10-K, 10-Q, 8-K, earnings_release"
        in (reasons["record 7 (note.txt)"])
    )
    assert reasons["record 8 (note.txt)"].startswith("fiscal_year: Input should be a valid integer")
    assert reasons["https://example.com/a.pdf"] == "fetching URLs is not allowed in this run"
    assert all("\n" not in reason for reason in reasons.values())


def test_the_same_manifest_again_changes_nothing(
    database: SavepointDatabase, tmp_path: Path, corpus: Path, financebench: Path
) -> None:
    manifest = write_manifest(tmp_path, financebench)
    first = ingest_documents(database, manifest, sec_listing_without_bby(corpus))
    again = ingest_documents(database, manifest, sec_listing_without_bby(corpus))
    assert (first.stored, first.unchanged) == (3, 0)
    assert (again.stored, again.unchanged, again.companies_made) == (3, 3, [])


def test_hits_in_the_documents_resolve_to_a_rendered_page(
    ingested: DocumentsSummary, make_client: Callable[..., TestClient], financebench: Path
) -> None:
    client = make_client(index_vectors=False)
    body = client.post(
        "/api/v1/data/filings/content-search",
        json={
            "query": "annual meeting of shareholders proposals voted",
            "company": "FL",
            "year": 2022,
            "document_type": "8-K",
        },
    ).json()
    assert body["mode"] == "fulltext" and body["results"], body
    hit = body["results"][0]
    assert hit["page_id"].startswith(_docid(financebench, PDFS[1]) + "_")
    snapshot = client.get(f"/api/v1/data/filings/{hit['page_id']}/snapshot?dpi=72").json()
    assert snapshot["available"] is True and snapshot["kind"] == "rendered_png", snapshot
    assert snapshot["document_type"] == "8-K" and snapshot["year"] == "2022"
    image = client.get(snapshot["snapshot_url"])
    assert image.status_code == 200 and image.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_earnings_release_is_a_document_type_filings_answer_to(
    ingested: DocumentsSummary, make_client: Callable[..., TestClient]
) -> None:
    body = (
        make_client(index_vectors=False)
        .post(
            "/api/v1/data/filings/search",
            json={"company": "AMCR", "document_type": "earnings_release"},
        )
        .json()
    )
    assert [
        (f["document_type"], f["document_type_label"], f["quarter"]) for f in body["filings"]
    ] == [("earnings_release", "Earnings release", 4)]


def test_html_and_text_are_read_by_their_bytes() -> None:
    html = b"<!DOCTYPE html><html><body><p>Revenue rose 5%.</p>" + (
        b'<div style="page-break-after: always"></div><p>Outlook is stable.</p></body></html>'
    )
    read = read_document(html, "report.htm")
    assert (read.kind, read.document_format) == ("html", "text")
    assert read.pages == ["Revenue rose 5%.", "Outlook is stable."]
    assert read_document(b"Plain words.\n", "note.txt").pages == ["Plain words."]
    with pytest.raises(Exception, match="named htm but it is not HTML"):
        read_document(b"plain", "report.htm")


def test_a_registrant_name_comes_from_the_cover_words() -> None:
    cover = "FORM 10-K\nACME CORP.\n(Exact name of registrant as specified in its charter)\n"
    assert registrant_name([cover]) == "ACME CORP."
    assert registrant_name(["Acme reports results"]) is None


def test_a_manifest_that_is_not_one_is_refused() -> None:
    with pytest.raises(Exception, match="not a JSON object with a 'documents' list"):
        read_manifest(b"[1, 2]")
    records, problems = read_manifest(b'{"documents": [{"path": "a.pdf"}]}')
    assert records == [] and problems[0][0] == "record 1 (a.pdf)"
    assert "company: Field required" in problems[0][1]


def test_a_nordic_record_makes_its_company_from_the_instruments_list_by_isin(
    database: SavepointDatabase, connection: Connection, tmp_path: Path, corpus: Path
) -> None:
    (tmp_path / "release.html").write_text(
        "<html><body><h1>Kemira Oyj: Financial statements release 2024</h1>"
        "<p>Revenue decreased to EUR 2,950 million.</p></body></html>"
    )
    record = {
        "path": "release.html",
        "company": "Kemira Oyj",
        "isin": "FI0009004824",
        "market": "nordic",
        "document_type": "stock_exchange_release",
        "fiscal_year": 2024,
    }
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"documents": [record, {**record, "market": "us"}]}))
    listings = read_listings(None, corpus / "nordic/instruments/all-nordic-instruments.json")
    summary = ingest_documents(database, manifest, listings)
    assert summary.companies_made == [("release.html", "nordic listing")]
    # the same ISIN in the US market: no US company has it, and a stock exchange release is no
    # US document type
    assert "is not one of 10-K, 10-Q, 8-K, earnings_release" in summary.skipped[0][1]
    made = connection.execute(
        select(companies.c.display_name, companies.c.market, companies.c.isin).where(
            companies.c.isin == "FI0009004824"
        )
    ).one()
    assert tuple(made) == ("Kemira", "nordic", "FI0009004824")
    stored = connection.execute(
        select(filings.c.document_format, filings.c.page_count).where(
            filings.c.company_pk
            == select(companies.c.id).where(companies.c.isin == "FI0009004824").scalar_subquery()
        )
    ).one()
    assert tuple(stored) == ("text", 1)
