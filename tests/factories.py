"""Rows for tests: companies, filings and pages inserted through the real tables."""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, insert

from filings.companies.resolve import normalize_name, normalize_ticker
from filings.db.tables import companies, company_aliases, company_identifiers, filings, pages
from filings.ingest.documents.reading import read_document

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def add_company(
    conn: Connection,
    company_id: str,
    name: str,
    *,
    market: str = "us",
    tickers: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
    **fields: Any,
) -> int:
    """Insert a company with its tickers and aliases; return its primary key."""
    values = {
        "company_id": company_id,
        "company_name": name,
        "display_name": fields.pop("display_name", name),
        "market": market,
        "country": fields.pop("country", "US" if market == "us" else "SE"),
        "updated_at": NOW,
        **fields,
    }
    pk = int(conn.execute(insert(companies).values(values).returning(companies.c.id)).scalar_one())
    for ticker in tickers:
        conn.execute(
            insert(company_identifiers).values(
                company_pk=pk, kind="ticker", value=ticker, normalized=normalize_ticker(ticker)
            )
        )
    for alias in aliases:
        conn.execute(
            insert(company_aliases).values(
                company_pk=pk, alias=alias, normalized=normalize_name(alias), kind="former_name"
            )
        )
    return pk


def add_filing(conn: Connection, company_pk: int, **fields: Any) -> int:
    """Insert a filing; return its primary key."""
    values = {"company_pk": company_pk, "market": "us", "document_type": "10-K", "ingested_at": NOW}
    values.update(fields)
    values.setdefault("listed_date", values.get("filed_date"))
    default_format = "edgar" if values["market"] == "us" and not values.get("docid") else "pdf"
    values.setdefault("document_format", default_format)
    return int(conn.execute(insert(filings).values(values).returning(filings.c.id)).scalar_one())


def add_page(conn: Connection, filing_pk: int, docid: str, number: int, text: str) -> str:
    """Insert a page of a Nordic document; return its page id."""
    page_id = f"{docid}_{number}"
    conn.execute(
        insert(pages).values(filing_pk=filing_pk, page_number=number, page_id=page_id, text=text)
    )
    return page_id


def d(text: str) -> date:
    """A date from ISO text."""
    return date.fromisoformat(text)


@cache
def pdf_pages(path: Path) -> list[tuple[str, int | None, str]]:
    """A PDF's pages as the readers of tables and sections take them (page id, number, text),
    read at run time (FinanceBench's PDFs are never copied into the repository), once per
    session (readers do not change them)."""
    document = read_document(path.read_bytes(), path.name)
    return [(f"p_{n}", n, text) for n, text in enumerate(document.pages, start=1)]
