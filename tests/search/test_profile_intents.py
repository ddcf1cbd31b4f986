"""Questions a company profile answers ("What industry does Apple operate in?", "Who are Tesla's
main customers?") bring the pages the profile's sections were read from: their answers share
few words with the question. On each backend, in full-text mode, over the corpus."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from filings.search import service
from filings.search.profile_intents import asked_sections

SEARCH = "/api/v1/data/filings/content-search"
PROFILE = "/api/v1/data/companies/{}/profile"


@pytest.mark.parametrize(
    ("question", "sections"),
    [
        ("What industry does AMCOR primarily operate in?", {"overview"}),
        ("What does Boeing do?", {"overview"}),
        ("Describe Lifco's business.", {"overview"}),
        ("Who are the primary customers of Boeing as of FY2022?", {"customers"}),
        ("Who are Tesla's main customers?", {"customers"}),
        ("What are NVIDIA's main products?", {"products_services"}),
        ("Which segments does Atlas Copco report?", {"products_services"}),
        ("Vilken bransch är Lifco verksam i?", {"overview"}),
        ("Vad sysslar Lifco med?", {"overview"}),
        ("Vad gör Lifco med sina dotterbolag?", set()),
        ("Vilka är Tele2:s största kunder?", {"customers"}),
        ("Vilka produkter säljer Atlas Copco?", {"products_services"}),
        ("Millä toimialalla Kemira toimii?", {"overview"}),
        ("Mitä Kemira tekee?", {"overview"}),
        ("Ketkä ovat Kemiran asiakkaita?", {"customers"}),
        ("Mitkä tuotteet ovat Nesteen tärkeimmät?", {"products_services"}),
        # questions about figures, risks or a period ask none of them
        ("What was Apple's revenue from customers outside the U.S. in 2024?", set()),
        ("What is Boeing's customer financing exposure?", set()),
        ("Paljonko Kemiran liikevaihto kasvoi?", set()),
        ("Hur mycket ökade Tele2:s intäkter från slutkunder?", set()),
        ("What are the main risks Tesla describes?", set()),
        # what a company does with something is no question of what it does
        ("What does Apple do with the cash it returns to shareholders?", set()),
        ("Mitä Kemira tekee osinkopolitiikallaan?", set()),
    ],
)
def test_questions_that_ask_what_a_profile_section_answers(
    question: str, sections: set[str]
) -> None:
    assert asked_sections(question) == sections


def _pages(client: TestClient, **body: Any) -> list[str]:
    answer = client.post(SEARCH, json={"limit": 5, **body}).json()
    return [h["page_id"] for h in answer["results"]]


def _first_cited(pages: list[str], cited: set[str]) -> int | None:
    return next((n for n, page in enumerate(pages, start=1) if page in cited), None)


@pytest.mark.parametrize(
    ("question", "company", "section", "words_meet"),
    [
        ("What industry does Apple operate in?", "AAPL", "overview_section", False),
        # "customers" is the word of Apple's Markets and Distribution page too
        ("Who are Apple's main customers?", "AAPL", "customers", True),
    ],
)
def test_a_profile_question_finds_the_page_its_section_was_read_from(
    sec_client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    question: str,
    company: str,
    section: str,
    words_meet: bool,
) -> None:
    profile = sec_client.get(PROFILE.format(company)).json()
    cited = {s["page_id"] for s in profile[section]["sentences"]}
    assert cited, profile[section]
    body = {"query": question, "company": company, "year": 2024, "document_type": "10-K"}
    rank = _first_cited(_pages(sec_client, **body), cited)
    assert rank == 1
    if words_meet:
        return
    # the section's pages are what brings it first: full text alone ranks it lower, or misses
    # it ("industry" and "operate" are not the words of Apple's "Company Background")
    monkeypatch.setattr(service, "PROFILE_WEIGHT", 0.0)
    alone = _first_cited(_pages(sec_client, **body), cited)
    assert alone is None or alone > rank
