"""Company profiles: extractive, every sentence the issuer's own and found on the page it cites."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from filings.db.engine import Database, make_engine
from filings.db.tables import filing_texts, filings, pages

API = "/api/v1/data/companies"
SECTIONS = ("products_services", "customers", "geography", "risks", "accounting")


def profile(client: TestClient, company: str, **params: Any) -> dict[str, Any]:
    response = client.get(f"{API}/{company}/profile", params=params)
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def cited(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Every sentence the profile shows, with its citation."""
    out = [s for name in ("overview", "strategy") for s in body["citations"][name]]
    return out + [s for name in SECTIONS for s in body[name]["sentences"]]


def page_text(url: str, sentence: dict[str, Any]) -> str:
    """The text of the page a sentence cites: a Nordic page, or a US filing's page."""
    db = Database(make_engine(url))
    with db.transaction() as conn:
        if "_" in sentence["page_id"]:
            rows = conn.execute(select(pages.c.text).where(pages.c.page_id == sentence["page_id"]))
        else:
            rows = conn.execute(
                select(filing_texts.c.text)
                .join(filings, filings.c.id == filing_texts.c.filing_pk)
                .where(
                    filings.c.accession_number == sentence["page_id"],
                    filing_texts.c.page_number == sentence["page_number"],
                )
            )
        text = " ".join(r[0] for r in rows)
    db.dispose()
    return " ".join(text.split())


def on_page(sentence: str, page: str) -> bool:
    """Whether every word of the sentence stands on the page, in order (a report's running
    header between two lines of a sentence is left out of passages)."""
    words = iter(page.split())
    return all(any(word == on_page for on_page in words) for word in sentence.split())


@pytest.mark.parametrize("company", ["AAPL", "NVDA", "TSLA", "Lifco"])
def test_every_sentence_is_on_the_page_it_cites(
    sec_client: TestClient, sec_database_url: str, company: str
) -> None:
    body = profile(sec_client, company)
    assert body["source"] == "filings_extractive" and body["overview"]
    sentences = cited(body)
    assert len(sentences) >= 8
    for sentence in sentences:
        assert on_page(sentence["text"], page_text(sec_database_url, sentence)), sentence
    for name in SECTIONS:
        section = body[name]
        assert set(section) >= {"text", "tags", "sources", "sentences"}
        assert section["sources"] == list(dict.fromkeys(s["page_id"] for s in section["sentences"]))


def test_apple_what_it_does_its_products_and_first_risk(sec_client: TestClient) -> None:
    body = profile(sec_client, "AAPL")
    # Item 1, printed page 1: the opening sentence of the business description.
    assert body["overview"].startswith(
        "The Company designs, manufactures and markets smartphones, personal computers, tablets,"
    )
    assert body["citations"]["overview"][0]["page_id"] == "0000320193-24-000123"
    assert {"smartphones", "services"} <= set(body["products_services"]["tags"])
    # Item 1A names macroeconomic conditions first.
    assert body["risks"]["sentences"][0]["text"].startswith(
        "The Company’s operations and performance depend significantly on global and regional "
        "economic conditions"
    )
    assert "macroeconomic" in body["risks"]["tags"]
    assert "US" in body["geography"]["tags"] and body["updated_at"] == "2024-11-01"


def test_nvidia_and_tesla_segments_and_risks(sec_client: TestClient) -> None:
    nvidia = profile(sec_client, "NVDA")
    assert {"semiconductors", "data center"} & set(nvidia["products_services"]["tags"])
    assert "Failure to meet the evolving needs of our industry" in nvidia["risks"]["text"]
    assert "competition" in nvidia["risks"]["tags"]
    tesla = profile(sec_client, "TSLA")
    assert tesla["overview"].startswith(
        "We design, develop, manufacture, sell and lease high-performance fully electric vehicles"
    )
    assert {"automotive", "energy storage"} <= set(tesla["products_services"]["tags"])


def test_lifco_from_its_annual_report(sec_client: TestClient) -> None:
    body = profile(sec_client, "Lifco")
    assert "dental" in body["products_services"]["tags"]
    assert body["risks"]["text"] and all(
        s["page_id"].startswith("d5fa7d60cb69f8b0_") for s in body["risks"]["sentences"]
    )


def test_finnish_falls_back_to_english_and_full_text_on_request(sec_client: TestClient) -> None:
    body = profile(sec_client, "TSLA", locale="fi", include_full_text=True)
    assert body["locale"] == "en" and body["requested_locale"] == "fi" and body["locale_note"]
    assert len(body["risks"]["full_text"]) > len(body["risks"]["text"])
    plain = profile(sec_client, "TSLA")
    assert "full_text" not in plain["risks"] and plain["locale"] == "en"
    assert "locale_note" not in plain or plain["locale_note"] is None


def test_a_company_without_text_is_the_contract_miss(sec_client: TestClient) -> None:
    body = profile(sec_client, "MSFT", locale="fi")
    assert body["failure_kind"] == "not_found"
    assert {"company", "resolved_name", "cik", "ticker", "locale", "alternatives", "hint"} <= set(
        body
    )
    assert body["locale"] == "fi" and body["alternatives"] == []
