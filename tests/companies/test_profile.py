"""Company profiles: each section drawn from the part of the filings that answers it, every
sentence the issuer's own and found on the page it cites; facts read in each document."""

from __future__ import annotations

import json
import re
from datetime import date
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, select

from filings.companies.extraction import extract_filing
from filings.companies.geography import places_in
from filings.companies.geography_tables import DocumentLine, document_lines
from filings.companies.place_names import local_place
from filings.companies.profile import _order, geography_tags
from filings.companies.profile_customers import (
    concentration,
    customer_groups,
    customers,
    who_buys,
)
from filings.companies.profile_document import (
    Block,
    blocks_of_pages,
    contents_pages,
    is_heading_text,
    pdf_item_heading,
    statements_of_item_15,
)
from filings.companies.profile_items import (
    lines_by_their_sales,
    listed_in_sentences,
    listed_products,
    listed_risk_kinds,
    named_in_full,
    named_segments,
    product_table_rows,
    revenue_policy,
    run_in_names,
    segment_rows,
    without_list_parts,
)
from filings.companies.profile_locale import tags_of
from filings.companies.profile_rules import (
    _estimate_leads,
    _named_in_passing,
    _risk_headings,
    _said_once,
    _states_framework,
    products,
    read_sections,
    risks,
    strategy,
    without_abbreviations,
)
from filings.companies.profile_sentences import (
    Found,
    Issuer,
    Item,
    Sentence,
    _same_matter,
    alike,
    sentences_of,
    split_sentences,
    usable,
    with_their_referents,
)
from filings.companies.profile_subjects import subjects
from filings.companies.profile_vocabulary import HEADINGS, PERFORMANCE
from filings.companies.profile_vocabulary import SECTIONS as ALL_SECTIONS
from filings.companies.service import CompanyDirectory
from filings.companies.service import profile as profile_service
from filings.db.engine import Database, make_engine
from filings.db.tables import pages
from tests.conftest import unavailable
from tests.factories import add_company, add_filing, add_page, d, pdf_pages

API = "/api/v1/data/companies"
SECTIONS = ("products_services", "customers", "geography", "risks", "accounting")
# Every corpus company with documents whose text is held: 10-Ks, reports and releases.
COMPANIES = (
    "AAPL",
    "NVDA",
    "TSLA",
    "KO",
    "JNJ",
    "WMT",
    "HD",
    "Atlas Copco",
    "Ericsson",
    "Tele2",
    "Lifco",
    "Kemira",
    "Stora Enso",
    "Outokumpu",
    "Neste",
    "Glaston",
    "Musti Group",
    "Bravida",
    "Wihlborgs Fastigheter",
    "HANZA",
    "GOOGL",
    "ADBE",
)
# What no section may be made of: biographies, contact lines, webcast invitations, remuneration.
OFF_TOPIC = re.compile(
    r"served as|has served|served from|was appointed|webcast|teleconference|conference call|"
    r"dial-in|https?://|www\.|@|\btel\.|remuneration|compensation committee|\bsalary|"
    r"investor relations|please contact|\bwebsite\b",
    re.IGNORECASE,
)


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
    """The text of the page a sentence cites: a report's page, or a US filing's page."""
    db = Database(make_engine(url))
    with db.transaction() as conn:
        rows = conn.execute(select(pages.c.text).where(pages.c.page_id == sentence["page_id"]))
        texts = [r[0] for r in rows]
    db.dispose()
    # A hyphenation mark (U+FFFE) inside a word is no part of it (ingestion drops them), nor is
    # a list's bullet or markdown's bold marks.
    text = " ".join(texts).replace("\ufffe", "").replace("**", " ").replace("•", " ")
    return " ".join(text.split())


def on_page(sentence: str, page: str) -> bool:
    """Whether every word of the sentence stands on the page, in order (a report's running
    header between two lines of a sentence is left out of passages; a quotation's marks whose
    pair is in another sentence are left out of the sentence; a release's page is markdown,
    whose escaped marks read as the marks: "tonnes)\\*" is "tonnes)*")."""
    words = iter(w.strip("“”") for w in page.replace("\\*", "*").split())
    return all(any(word.strip("“”") == on_page for on_page in words) for word in sentence.split())


def text_of(body: dict[str, Any], section: str) -> str:
    if section in ("overview", "strategy"):
        return str(body[section] or "")
    return str(body[section]["text"])


def items_of(body: dict[str, Any], section: str) -> list[str]:
    key = f"{section}_section" if section in ("overview", "strategy") else section
    return [item["name"] for item in body[key]["items"]]


@pytest.mark.parametrize("company", COMPANIES)
def test_every_sentence_is_on_the_page_it_cites_and_none_is_off_topic(
    sec_client: TestClient, sec_database_url: str, company: str
) -> None:
    body = profile(sec_client, company)
    assert body["source"] == "filings_extractive"
    # a sentence's `about` is one of the issuer's own segments, or a group of its customers, which
    # the sentence does not name
    segments = {i["name"] for i in body["products_services"]["items"]} | {
        i["name"] for i in body["customers"]["items"] if i.get("part_of") == "customer group"
    }
    for sentence in cited(body):
        assert on_page(sentence["text"], page_text(sec_database_url, sentence)), sentence
        assert not OFF_TOPIC.search(sentence["text"]), sentence
        if "about" in sentence:
            assert sentence["about"] in segments, sentence
            assert sentence["about"].lower() not in sentence["text"].lower(), sentence
    for name in (*SECTIONS, "overview_section", "strategy_section"):
        section = body[name]
        assert set(section) >= {"text", "tags", "sources", "sentences", "items", "heading"}
        # a contact line above the issuer's description is no heading of it
        assert not OFF_TOPIC.search(section["source_heading"] or ""), (name, section)
        assert not any(OFF_TOPIC.search(item["name"]) for item in section["items"]), name
        assert section["sources"] == list(dict.fromkeys(s["page_id"] for s in section["sentences"]))
        # A section with nothing says why; one with something gives no reason.
        empty = (
            not section["sentences"]
            and not section["items"]
            and not (section.get("breakdown") or section.get("breakdowns"))
        )
        assert bool(section["reason"]) == empty, (name, section)


# Facts read in each document, by section: (company, section, words the section must hold).
FACTS = [
    # Apple 10-K FY2024, Item 1: the products and the customers' markets; Note 13 segments.
    ("AAPL", "overview", "designs, manufactures and markets smartphones, personal computers"),
    ("AAPL", "products_services", "iPhone® is the Company’s line of smartphones"),
    ("AAPL", "customers", "consumer, small and mid-sized business, education, enterprise"),
    ("AAPL", "geography", "Americas, Europe, Greater China, Japan and Rest of Asia Pacific"),
    # NVIDIA 10-K FY2025, Item 1 "Our Markets": four markets; the segments.
    ("NVDA", "overview", "NVIDIA pioneered accelerated computing"),
    ("NVDA", "products_services", "The Graphics segment includes GeForce GPUs for gaming"),
    ("NVDA", "customers", "Our customers include the world’s leading public cloud"),
    ("NVDA", "geography", "outside of the United States accounted for 53%"),
    # Tesla 10-K FY2024, Item 1 "Our Products and Services"; Item 7 critical estimates.
    ("TSLA", "products_services", "the Model 3, Y, S, X and Cybertruck"),
    ("TSLA", "products_services", "Powerwall and Megapack are our lithium-ion battery"),
    ("TSLA", "strategy", "Our mission is to accelerate the world’s transition to sustainable"),
    # where it makes its products, by state (Tesla 10-K FY2024, Item 1 "Manufacturing")
    ("TSLA", "geography", "manufacturing facilities in the U.S. in California, New York, Texas"),
    # a 10-K's strategy has room for its focus and outlook beside its mission (Tesla 10-K FY2024
    # Item 7; J&J 10-K FY2024 Item 7 "Management's objectives")
    ("TSLA", "strategy", "We are focused on profitable growth, including by leveraging existing"),
    ("JNJ", "strategy", "In 2024, $17.2 billion was invested in research and development"),
    ("TSLA", "accounting", "We accrue a warranty reserve for the products sold by us, which"),
    # Coca-Cola, Johnson & Johnson, Walmart, Home Depot 10-Ks, Item 1.
    ("KO", "overview", "The Coca-Cola Company is a total beverage company"),
    ("JNJ", "products_services", "organized into two business segments: Innovative Medicine"),
    # a sentence that says what a listed line is or offers (NVIDIA 10-K FY2025 Item 1 "Our
    # Businesses"; J&J's MedTech portfolios, Item 1; Lifco 2019's business areas)
    ("NVDA", "products_services", "four large markets where our expertise is critical: Data"),
    # ... each market's (Item 1), before a revenue policy's rebates "in various target markets"
    # (its notes, filed under Item 15 and read as Item 8's)
    ("NVDA", "products_services", "Automotive is comprised of platform solutions for automated"),
    ("JNJ", "products_services", "The Orthopaedics portfolio includes products and enabling"),
    ("Lifco", "products_services", "niche businesses in three business areas: Dental, Demolition"),
    ("WMT", "overview", "people-led, technology-powered omni-channel retailer"),
    ("HD", "overview", "is the world’s largest home improvement retailer"),
    # Atlas Copco Q3 2025, page 18 "This is Atlas Copco Group"; page 8 accounting principles.
    ("Atlas Copco", "overview", "Our four business areas offer compressed air and gas"),
    ("Atlas Copco", "products_services", "The Compressor Technique business area provides"),
    ("Atlas Copco", "accounting", "prepared in accordance with IAS 34 Interim Financial Reporting"),
    ("Atlas Copco", "risks", "results in a variety of risks and opportunities geographically"),
    ("Atlas Copco", "risks", "Risk areas include compliance risks, external exposure risks"),
    # Lifco Annual Report 2019, note 3: the risks it is exposed to, not how they are analysed.
    ("Lifco", "risks", "the Group is exposed to a wide range of financial risks: market risk"),
    # Ericsson Q3 2025: risk factors (page 12), Note 1 (page 24), the outlook (page 1).
    ("Ericsson", "risks", "risks are grouped in a number of categories, including, for example"),
    # a 10-K's risks span its categories: J&J's intellectual property risk is the first of its
    # third category, NVIDIA's export restrictions the first of its fourth (10-Ks FY2024)
    ("JNJ", "risks", "The Company faces increased challenges to intellectual property rights"),
    ("NVDA", "risks", "including restrictions on the export of our products"),
    ("Ericsson", "accounting", "Interim Financial Reporting"),
    # the pension obligation's discount rate and what it would be at another (page 7)
    ("Ericsson", "accounting", "was calculated using a discount rate based on the yields"),
    ("Ericsson", "accounting", "If the discount rate had been based on Swedish covered mortgage"),
    # Lifco 2019: goodwill's headroom under a higher discount rate (page 68)
    ("Lifco", "accounting", "A sensitivity analysis shows that the remaining goodwill value"),
    ("Ericsson", "strategy", "we expect Enterprise organic sales to stabilize in Q4"),
    # Tele2 Q3 2025: guidance (page 7), risks (page 15), Note 1 (page 23).
    ("Tele2", "strategy", "The guidance for 2025 is low single-digit organic growth"),
    # the priorities it states ("based on two key priorities: Simplify ... and Rejuvenate ...")
    ("Tele2", "strategy", "two key priorities: Simplify our operating model and organisation"),
    ("Tele2", "risks", "challenging macroeconomic and geopolitical environment"),
    ("Tele2", "accounting", "Standard (IAS) 34 Interim Financial Reporting"),
    # Lifco Annual Report 2019: in brief (page 5), customers (page 60), accounting (page 54).
    ("Lifco", "overview", "We acquire and develop market-leading niche businesses"),
    ("Lifco", "customers", "No single customer accounts for more than ten per cent of net sales."),
    ("Lifco", "accounting", "International Financial Reporting Standards (IFRS)"),
    # its critical estimates' note (page 59), not the auditor's report that uses the heading of
    # one of them first (page 46)
    ("Lifco", "accounting", "Accounting for an acquisition involves a high degree of judgement"),
    ("Lifco", "strategy", "interest-bearing net debt in a range of 2–3 times EBITDA"),
    # Alphabet's FY2024 10-K, Item 1 "Overview": what it is, after its founders' letter.
    ("GOOGL", "overview", "Alphabet is a collection of businesses — the largest of which is"),
    ("GOOGL", "overview", "and all non-Google businesses collectively as Other Bets"),
    # Releases: the issuer's own description at the end, the outlook and targets.
    ("Kemira", "overview", "Kemira is a global leader in sustainable chemical solutions"),
    # its targets stated with their figures, over what its outlook assumes (market growth); the
    # CEO's review restates two of them ("more than 4%", "18-21%"), the targets' part is kept
    ("Kemira", "strategy", "Operative ROCE of over 16% has been added as the third, new target"),
    ("Kemira", "strategy", "revenue is expected to be between EUR 2,800 and EUR 3,200 million"),
    # a paragraph of one sentence that ends in its bracket, with no stop after it
    ("Kemira", "strategy", "operative EBITDA is expected to be between EUR 540 and EUR 640"),
    # Neste's release of 2025: its targets with their figures, not that it updates them; its
    # carbon-neutral production is an aim, not what it sells; both business areas
    ("Neste", "strategy", "we are targeting EUR 350 million EBITDA run rate improvement"),
    ("Neste", "strategy", "our investment grade credit rating and our leverage below 40%"),
    # where it leads its markets (Outokumpu's release for 2024)
    ("Outokumpu", "geography", "top market position in Europe and second place in North America"),
    # a release's highlights are sentences of their own: Stora Enso's impairment review
    ("Stora Enso", "accounting", "impairments booked as part of the annual impairment review"),
    # the report's own near-term outlook, not the one it replaces (Atlas Copco Q3 2025, p1)
    ("Atlas Copco", "strategy", "Atlas Copco Group expects that the customer activity will remain"),
    # the risk part points to the forward-looking statements' list, whose items name the risks
    # (Ericsson Q3 2025, p12 and p14; its list is marked with U+2212, the minus sign)
    ("Ericsson", "risks", "obligations under the National Security Agreement entered into"),
    ("Ericsson", "risks", "Potential material additional liability resulting from past conduct"),
    # where its plants are, beside the U.S. ones (Tesla 10-K FY2024, Item 1 p9), though the
    # sentence speaks of tariffs too
    ("TSLA", "geography", "we also have manufacturing facilities in China and Germany"),
    # how its sales split by channel (Apple 10-K FY2024, Item 1 p4)
    ("AAPL", "customers", "direct and indirect distribution channels accounted for 38% and 62%"),
    # all four MedTech portfolios Item 1 describes (J&J 10-K FY2024 p7)
    ("JNJ", "products_services", "The Surgery portfolios include advanced and general surgery"),
    ("Stora Enso", "overview", "the leading provider of renewable products in packaging"),
    ("Outokumpu", "strategy", "Our target is to decrease emission intensity by 42% by 2030"),
    ("Neste", "overview", "transform waste and other resources into renewable fuels"),
    ("Glaston", "overview", "innovative technology leader supplying equipment, services"),
    ("Musti Group", "overview", "We are the leading Nordic pet care company"),
    ("HANZA", "overview", "HANZA is a global knowledge-based manufacturing company"),
    ("Wihlborgs Fastigheter", "overview", "property company that focuses on commercial properties"),
    ("Wihlborgs Fastigheter", "geography", "located in Malmö, Helsingborg, Lund and Copenhagen"),
    ("Bravida", "overview", "leading suppliers of end-to-end technical solutions"),
    # Year-end releases (issue 27): the outlook, the targets, who buys, where, the uncertainties
    # the outlook names and the basis the figures are presented on, read in each release.
    ("Kemira", "strategy", "revenue is expected to be between EUR 2,800 and EUR 3,200 million"),
    # a paragraph of one sentence that ends in its bracket, with no stop after it
    ("Kemira", "strategy", "operative EBITDA is expected to be between EUR 540 and EUR 640"),
    ("Kemira", "strategy", "operative EBITDA margin target has been increased to 18–21%"),
    # its stated focus ("Our focus is on water treatment, ...", the release's closing paragraph)
    ("Kemira", "strategy", "Our focus is on water treatment, as well as on fiber and renewable"),
    ("Kemira", "customers", "chemical solutions for water-intensive industries"),
    ("Kemira", "risks", "The outlook assumes no major disruptions to Kemira’s manufacturing"),
    ("Kemira", "accounting", "alternative performance measures) that are not defined by IFRS"),
    ("Stora Enso", "strategy", "Wood prices are expected to remain at high levels."),
    ("Stora Enso", "risks", "Demand outlook is uncertain driven by economic activity"),
    ("Outokumpu", "risks", "The risk of further strikes causes uncertainty"),
    ("Outokumpu", "accounting", "Long Products businesses to assets held for sale"),
    ("Neste", "strategy", "In 2025-2026, the company will focus on defined priorities and"),
    ("Glaston", "customers", "to the architectural, mobility, display and solar industries"),
    ("Glaston", "strategy", "Glaston Corporation estimates that its net sales will remain"),
    ("Glaston", "risks", "high uncertainty exists concerning customers’ decision-making"),
    ("Glaston", "geography", "sales offices in nine countries"),
    ("Musti Group", "geography", "across Finland, Sweden and Norway"),
    ("Musti Group", "accounting", "financial year was changed to calendar year"),
    ("Bravida", "geography", "presence in about 190 locations in Sweden, Norway, Denmark and"),
    ("Bravida", "products_services", "end-to-end technical solutions in service and installation"),
    ("Bravida", "risks", "we expect an uncertain market and continuing weak demand"),
    # the sectors whose demand its installation work meets (its CEO's outlook)
    ("Bravida", "customers", "in the infrastructure, industrial, defence and civil engineering"),
    ("Wihlborgs Fastigheter", "products_services", "focuses on commercial properties in the"),
    ("Wihlborgs Fastigheter", "strategy", "the occupancy rate is then expected to rise slightly"),
    ("HANZA", "overview", "an annual turnover of approx. SEK 4.6 billion"),
    ("HANZA", "customers", "Among HANZA's clients are leading companies such as 3M, ABB"),
    ("HANZA", "geography", "six manufacturing clusters: Sweden, Finland, Germany, Baltics"),
    ("HANZA", "products_services", "Through supply-chain advisory services and with production"),
    # Interim reports: Ericsson's outlook for the fourth quarter (page 8), Tele2's Baltic markets.
    ("Ericsson", "strategy", "Adjusted gross margin in Q4 2025 is expected to be in the range"),
    ("Tele2", "geography", "strong market positions in Lithuania and Latvia"),
    # Who buys, as the documents say it. Ericsson Q3 2025, page 4 (market area sales): the
    # operators it has agreed to supply.
    ("Ericsson", "customers", "an 8-year partnership was announced with VodafoneThree to supply"),
    ("Ericsson", "customers", "a contract was announced with Bharti Airtel to support the rollout"),
    ("Ericsson", "customers", "several new agreements were awarded with key customers in Japan"),
    # Home Depot 10-K FY2024, Item 1 "DIY Customers" and "Pro Customers".
    ("HD", "customers", "These customers are typically homeowners who purchase products"),
    ("HD", "customers", "These customers are primarily professional renovators/remodelers"),
    # Musti's release: the number of its customers.
    ("Musti Group", "customers", "Total number of customers grew to 1,866 thousand"),
    # Johnson & Johnson 10-K FY2024: Item 7 "Management's objectives"; Item 1 "General".
    ("JNJ", "strategy", "uniquely positioned to innovate across the full spectrum of healthcare"),
    # what the Company expects of the year ahead (Item 1, Patents): STELARA's biosimilars in 2025
    ("JNJ", "strategy", "the Company expects continued launches of biosimilar versions of STELARA"),
    ("JNJ", "geography", "conducting business in virtually all countries of the world"),
    # Coca-Cola 10-K FY2024: Item 7 "Our Business"; Item 1 "General"; Item 7 "Critical
    # Accounting Policies and Estimates", what its estimates are; Note 1, the framework.
    ("KO", "strategy", "We are focused on the following strategic priorities: shaping a"),
    ("KO", "geography", "are now sold in more than 200 countries and territories"),
    ("KO", "accounting", "Impairment tests for indefinite-lived intangible assets must be"),
    ("KO", "accounting", "have been prepared in accordance with accounting principles generally"),
    # Walmart 10-K FY2025, Note 1 "Basis of Presentation" (its MD&A's ROA compared with GAAP
    # measures says nothing of the framework), NVIDIA 10-K FY2025 Item 7, Tesla 10-K FY2024 Note 2
    ("WMT", "accounting", "prepared in conformity with U.S. generally accepted accounting"),
    ("NVDA", "accounting", "prepared in accordance with accounting principles generally accepted"),
    ("TSLA", "accounting", "have been prepared in conformity with GAAP"),
    # what it returns to its shareholders (Item 7 liquidity): Home Depot's order of uses of
    # cash and its authorization; Apple's program and dividend; Coca-Cola's priorities
    ("HD", "strategy", "This approach first prioritizes investing in the business, followed by"),
    ("HD", "strategy", "our Board approved a $15.0 billion share repurchase authorization"),
    ("AAPL", "strategy", "announced a new share repurchase program of up to $110 billion"),
    ("KO", "strategy", "Our current capital allocation priorities are as follows"),
    # an issuer with more estimates than four has room for six (Coca-Cola's pension assumptions)
    ("KO", "accounting", "actuarial assumptions used to determine our pension obligations"),
    # Johnson & Johnson 10-K FY2024, Item 7 "Critical accounting policies and estimates": each
    # estimate's lead (its name runs into its first sentence) beyond revenue recognition, the
    # sentence that says what it asks of judgment where one of its first few does
    ("JNJ", "accounting", "Revenue Recognition: The Company recognizes revenue from product"),
    ("JNJ", "accounting", "The Company estimates deferred tax assets and liabilities based on"),
    ("JNJ", "accounting", "The accruals are based on management’s judgment as to the probability"),
    # Tesla 10-K FY2024, Item 7 "Inventory Valuation": the assumptions, not that inventories are
    # stated at the lower of cost or net realizable value
    ("TSLA", "accounting", "inventory write-downs for excess or obsolete inventories based upon"),
    # the size its own description states, revenue and employees in one sentence (Atlas Copco's
    # Q3 2025 report p18 "This is Atlas Copco Group"; Stora Enso's release, "Stora Enso in brief")
    ("Atlas Copco", "overview", "In 2024, the Group had revenues of BSEK 177 and about 55 000"),
    ("Stora Enso", "overview", "approximately 19,000 employees and our sales in 2024 were EUR 9"),
    # an ambition stated as the company's ("has the ambition to", Atlas Copco Q3 2025 p8, under
    # an acquisitions heading; "our ambition to double revenue in water", Kemira's CEO review),
    # what it gives precedence to in acquisitions (Bravida's release, "Acquisition")
    ("Atlas Copco", "strategy", "has the ambition to grow all its business areas"),
    ("Kemira", "strategy", "as part of our ambition to double revenue in water"),
    ("Bravida", "strategy", "We prioritise service businesses and businesses in strategic"),
    # financial targets stated at their level, in the release's highlights (Stora Enso), the
    # leverage target with the sentence before it, which names the ratio (p1, one bullet)
    (
        "Stora Enso",
        "strategy",
        "(LTM) ratio improved to 3.0 (3.2). The target to keep the ratio below 2.0",
    ),
    ("Stora Enso", "strategy", "the target being above 13%"),
    # a report's risk part heads each kind of risk: the first of each before the second of any
    # (Atlas Copco's Q3 2025 report p8: "Market risks", "Financial risks", "Production risks")
    ("Atlas Copco", "risks", "The demand for Atlas Copco Group’s equipment and services is"),
    ("Atlas Copco", "risks", "is subject to currency risks, funding risks, interest rate risks"),
    ("Atlas Copco", "risks", "A large part of the components used in production are sourced"),
    # a release's own description goes on after saying what the company is (Wihlborgs' release,
    # its closing paragraph)
    ("Wihlborgs Fastigheter", "overview", "In Malmö, Lund and Helsingborg, Wihlborgs is the"),
    # what it puts before what, within a sentence (Bravida's release, its CEO's words)
    ("Bravida", "strategy", "as we prioritise margin over volume"),
    # its board's stated focus (Ericsson Q3 2025, p8, "Capital allocation")
    ("Ericsson", "strategy", "The Board remains focused on both maintaining a solid net cash"),
    # the forward-looking list's risks, one matter told once (Ericsson Q3 2025, p14): trade
    # uncertainty and cybersecurity in place of the Iraq matter's second and third telling
    ("Ericsson", "risks", "the imposition of tariffs and sanctions"),
    ("Ericsson", "risks", "Risks related to cybersecurity and privacy"),
    # the markets a business area serves are whom it sells to (Atlas Copco Q3 2025, p18)
    ("Atlas Copco", "customers", "The main markets served are semiconductor and scientific"),
    # whom a business area supplies, by their kind (Lifco's annual report 2019, p15)
    ("Lifco", "customers", "technical service to dentists across Europe"),
    # clinics and stores in a region named with its common noun (Musti's release)
    ("Musti Group", "geography", "16 veterinary clinics in the Baltic countries"),
    # how revenue is recognised, from the policies note where no critical estimate is of revenue
    # (Home Depot 10-K FY2024 p52, Alphabet p58, Note 1; Lifco's annual report 2019 p57, 2.16)
    ("HD", "accounting", "We recognize revenue, net of expected returns and sales tax, at the"),
    ("GOOGL", "accounting", "Revenues are recognized when control of the promised goods or"),
    ("Lifco", "accounting", "The Group’s material revenue streams arising from the sale of goods"),
    # every estimate the issuer lists has its lead before a second sentence of another
    # (Coca-Cola 10-K FY2024 p44, "Revenue Recognition" among six critical policies)
    ("KO", "accounting", "Revenue is recognized when performance obligations under the terms"),
    # whom it sells to, past the name it gives them, and their share (Coca-Cola 10-K FY2024,
    # Item 1 p6-7: its bottlers, the five largest of them 44% of its volume)
    ("KO", "customers", "certain finished beverages to authorized bottling operations"),
    ("KO", "customers", "these five bottling partners combined represented 44% of our total"),
    # a lead-in and its list of brands by category, one sentence (Coca-Cola 10-K FY2024, Item 1)
    ("KO", "products_services", "sparkling soft drinks: Coca-Cola, Diet Coke/Coca-Cola Light"),
    # what a release's outlook assumes of costs and rates is a risk it states (Kemira's release,
    # "Assumptions behind the outlook")
    ("Kemira", "risks", "Input costs are expected to be stable or to increase slightly."),
    ("Kemira", "risks", "Foreign exchange rates are expected to remain at approximately current"),
    # what sets its operative figures apart from the reported ones, and the figures it presents
    # adjusted for a divestment: the basis of its figures (Kemira's release)
    ("Kemira", "accounting", "The differences between operative and reported figures are"),
    ("Kemira", "accounting", "has also presented the Oil & Gas divestment adjusted figures"),
    # its programmes at their size, what it will focus on, and its outlook of earnings (Outokumpu's
    # release, its CEO's review and outlook; Stora Enso's release; Walmart 10-K FY2025 Item 7)
    ("Outokumpu", "strategy", "our EUR 350 million EBITDA run-rate improvement actions are"),
    ("Outokumpu", "strategy", "short-term cost-saving measures of EUR 50 million to be delivered"),
    ("Outokumpu", "strategy", "we will focus on the factors we can control to improve"),
    ("Outokumpu", "strategy", "Adjusted EBITDA in the first quarter of 2025 is expected to be"),
    ("Stora Enso", "strategy", "The profit improvement programme, initiated in Q1/2024 with a"),
    ("WMT", "strategy", "we will focus on serving customers and members however they want"),
    # a level a measure of its own should reach, without the word target (Lifco's annual report
    # 2019 p8, "Financial goals and dividend policy": its return on capital employed)
    ("Lifco", "strategy", "intangible assets should exceed 50 per cent for the last twelve-month"),
    # a report's risk chapter whose heading is read after its text, one risk a paragraph (Lifco's
    # annual report 2019 p32, "Risks and risk management")
    ("Lifco", "risks", "Lifco is dependent on macroeconomic factors such as consumption"),
    ("Lifco", "risks", "In connection with acquisitions, Lifco may incur costs which are not"),
    ("Lifco", "risks", "decentralised organisational model could prove less well suited"),
    # one more kind of risk under a heading that does not say risk, after the kinds that do, with
    # room for each kind's first (Atlas Copco Q3 2025 p8, "Acquisitions" after "Production risks")
    ("Atlas Copco", "risks", "it is not certain that every integration will be successful"),
    ("Atlas Copco", "risks", "A general economic downturn, geopolitical tensions, pandemics"),
    # losses a release says it is exposed to (Bravida's CEO statement), and what its outlook says
    # is uncertain is the risks' where both sections would cite it (Bravida, Stora Enso)
    ("Bravida", "risks", "affected by some significant bad debts and bankruptcies"),
    ("Bravida", "risks", "there are still some unprofitable projects in the order backlog"),
    ("Stora Enso", "risks", "We expect demand to remain subdued and volatile"),
    # each of Item 1A's categories has its risks (Home Depot 10-K FY2024 p23, the legal,
    # financial and regulatory category)
    ("HD", "risks", "Our costs of doing business could increase as a result of changes in"),
    # whom it built its technologies for (Alphabet 10-K FY2024, Item 1 "How We Make Money")
    ("GOOGL", "customers", "advertising technologies for advertisers, agencies, and publishers"),
    # what more of a stated risk would cost goes with it (Outokumpu's outlook)
    ("Outokumpu", "risks", "The impact of each additional week of strike is expected to be"),
    # what it plans to spend on its assets in the year ahead (Outokumpu's CEO review; Stora
    # Enso's outlook; 10-Ks' MD&A: Home Depot FY2024 p36 under liquidity, Alphabet FY2024 p32,
    # Walmart FY2025 p43, Coca-Cola FY2024 p55)
    ("Outokumpu", "strategy", "we have cut our planned capital expenditure to EUR 160 million"),
    ("Stora Enso", "strategy", "capital expenditure forecast for the full year 2025 is EUR 730"),
    ("HD", "strategy", "we plan to invest approximately $4 billion back into our business"),
    ("GOOGL", "strategy", "our investment in our technical infrastructure, including servers"),
    ("WMT", "strategy", "we project capital expenditures will be approximately $21 billion"),
    ("KO", "strategy", "We currently expect 2025 capital expenditures to be approximately"),
    # its goals, listed in paragraphs that keep their marks, and an acquisition made for what it
    # is to do (Home Depot 10-K FY2024, Item 1 "OUR STRATEGY" and "DELIVER SHAREHOLDER VALUE")
    ("HD", "strategy", "We intend to provide the best customer experience in home improvement"),
    ("HD", "strategy", "We also acquired SRS to accelerate our growth with Pros."),
    # the strategic decisions a release announces (Outokumpu's CEO review: "Today, we announced
    # some strategic decisions.")
    ("Outokumpu", "strategy", "currently not proceeding with a cold rolling investment in the U.S"),
    ("Outokumpu", "strategy", "no longer planning to move forward with the Small Modular Reactor"),
    # how concentrated its customers are, said only in its forward-looking statements' list
    # (Ericsson Q3 2025 p14)
    ("Ericsson", "customers", "large, multi-year agreements with limited number of key customers"),
    # its largest customer's share beside the threshold no customer passes (Lifco's annual report
    # 2019, p32 directors' report; p60 note 5)
    ("Lifco", "customers", "Lifco’s largest customer accounts for less than three per cent"),
    ("Lifco", "customers", "No single customer accounts for more than ten per cent of net sales"),
    # deals a report or release says were agreed or are intended (Stora Enso's release for 2024;
    # Tele2 Q3 2025 p26; HANZA's release for 2024)
    ("Stora Enso", "strategy", "intends to sell approximately 12% of its total forest assets"),
    ("Stora Enso", "strategy", "signed an agreement to acquire the Finnish sawmill company"),
    ("Tele2", "strategy", "signed an agreement to carve out telecom infrastructure assets"),
    ("HANZA", "strategy", "signed an agreement to acquire Leden Group"),
    # the dividend its board proposes, in room of its own (Outokumpu's and Bravida's releases for
    # 2024; Lifco's annual report 2019 p7)
    ("Outokumpu", "strategy", "Board of Directors proposes that a dividend of EUR 0.26 per share"),
    ("Bravida", "strategy", "proposes an increase in the dividend of SEK 0.25 per share"),
    ("Lifco", "strategy", "the Board of Directors proposes a dividend of SEK 5.25 per share"),
    # a range its leverage is to be kept within, stated as a multiple (Tele2 Q3 2025 p7,
    # "Financial policy (unchanged)")
    ("Tele2", "strategy", "seek to operate within a range for economic net debt to underlying"),
    # ... and its distributions: a list item that leads in to its dashed items is one sentence
    # with them ("Tele2's policy will aim to ... through: An ordinary dividend of at least 80% of
    # equity free cash flow, and, Extraordinary dividends and/or share repurchases ...")
    ("Tele2", "strategy", "through: An ordinary dividend of at least 80% of equity free cash"),
    # sales spread over many customers is how concentrated they are (Atlas Copco Q3 2025 p8)
    ("Atlas Copco", "customers", "sales are well diversified with customers in many industries"),
    # what a release measures its deliveries of (Outokumpu's highlights)
    ("Outokumpu", "products_services", "Stainless steel deliveries were 422,000 tonnes"),
]
# Sentences a section once held that do not answer it (issue 27): filler that only mentions
# customers, other companies' and lawsuits' places, laws, pension assets and financing.
NOT_IN = [
    # under Bravida's "Outlook" (its Q4 2024 release), what the CEO observes now is no outlook
    ("Bravida", "strategy", "I note much better activity in the market"),
    ("Bravida", "strategy", "To summarise, 2024 was a challenging year"),
    # what the forward-looking statements are about names no risk (Ericsson, p14)
    ("Ericsson", "risks", "Our goals, strategies, planning assumptions"),
    ("Ericsson", "strategy", "Our goals, strategies, planning assumptions"),
    ("Atlas Copco", "strategy", "Previous near-term outlook"),
    ("Neste", "products_services", "committed to reaching carbon-neutral production by 2035"),
    # what was done in a year, in a restructuring note, offers nothing (J&J 10-K FY2024 p109)
    ("JNJ", "products_services", "completed a prioritization of its research and development"),
    # that targets were updated is not what they are (Neste's release of 2025)
    ("Neste", "strategy", "Neste updates its financial targets for 2025-2026"),
    # what an outlook includes or assumes is no aim (Kemira's release for 2024)
    ("Kemira", "strategy", "outlook for 2024 includes the Oil & Gas-related portfolio"),
    # how segments are measured says not what they sell (Walmart 10-K FY2025, Item 1)
    ("WMT", "products_services", "measures the profit or loss of its segments"),
    # an outlook that leans on what is before it or points elsewhere (Tesla 10-K FY2024, Item 7)
    ("TSLA", "strategy", "Owing and subject to the foregoing"),
    ("TSLA", "strategy", "As discussed in and subject to the considerations referenced"),
    # a paragraph that qualifies the risk before it is no risk's heading (Apple 10-K FY2024,
    # Item 1A: "While the Company maintains insurance coverage ..."), nor one that restates it
    ("AAPL", "risks", "While the Company maintains insurance coverage"),
    ("AAPL", "risks", "Political events, trade and other international disputes"),
    # how risks are managed, and reassurance, state no risk (Atlas Copco Q3 2025 page 13, Lifco
    # 2019 note 3, Tele2 Q3 2025 page 15)
    # internal control's risk assessment, a step of the control over financial reporting in the
    # corporate governance report, is no risk of the business (Lifco 2019, page 37)
    ("Lifco", "risks", "analyses are also made of several subsidiaries"),
    # the functions that manage risks name no kind of risk (Atlas Copco Q3 2025 page 8)
    ("Atlas Copco", "risks", "Group functions responsible for legal, insurance"),
    # what a report says under one of the UN's goals, and who decides on strategy, are no strategy
    # of the issuer's (Lifco 2019, pages 15 and 36)
    ("Lifco", "strategy", "Investments in health through preventive measures"),
    ("Lifco", "strategy", "General decisions on acquisitions, sales, strategies"),
    ("Atlas Copco", "risks", "ability to identify, analyze and manage risks is crucial"),
    ("Atlas Copco", "risks", "The Group’s risk management approach follows the decentralized"),
    ("Lifco", "risks", "Measures aimed at minimising the identified risks"),
    ("Tele2", "risks", "we have a solid balance sheet"),
    ("Tele2", "risks", "We are convinced that we are able to navigate"),
    # that there are risks, without which (Ericsson Q3 2025 page 12)
    ("Ericsson", "risks", "Ericsson is exposed to a number of risks in its activities."),
    # a period's sales by market area is no statement of where Ericsson sells
    ("Ericsson", "geography", "Organic sales declined by -2%, with growth in three"),
    # revenue recognition is accounting, not who the customers are (Alphabet 10-K FY2024, Item 7)
    ("GOOGL", "customers", "on a gross basis, that is, the amounts billed to our customers"),
    ("GOOGL", "overview", "As our founders Larry and Sergey wrote"),
    ("ADBE", "overview", "registered trademarks"),
    # how intangibles are amortized is accounting, the UN's goals none of the issuer's, and
    # "Here, we present ..." a pointer (Adobe 10-K FY2023, Lifco 2019)
    ("ADBE", "strategy", "we amortize the fair value of the intangibles"),
    ("Lifco", "strategy", "Sustainable Development Goals were adopted"),
    ("Lifco", "strategy", "Here, we present those goals"),
    ("ADBE", "overview", "We use these measures to help us make budgeting decisions"),
    ("Stora Enso", "customers", "deliver exceptional service to our customers"),
    ("Neste", "customers", "help its customers to reduce their greenhouse gas emissions"),
    ("Bravida", "customers", "we help our customers create effective and sustainable properties"),
    ("JNJ", "geography", "Litigation has also been filed in countries outside of the United"),
    ("JNJ", "products_services", "segment results have been recast"),
    ("JNJ", "products_services", "face patent challenges"),
    ("TSLA", "geography", "Many major automobile manufacturers have electric vehicles"),
    ("KO", "geography", "privacy, data protection and data residency laws"),
    ("KO", "strategy", "we develop strategies to address regulatory trends"),
    ("KO", "strategy", "long-term rate of return on plan assets"),
    ("KO", "strategy", "debt financing strategy"),
    ("WMT", "strategy", "reporting section of our corporate website"),
    # what every 10-K says of its estimates before it names them (issue 27): its GAAP, that
    # estimates are needed and may prove wrong, what a critical estimate is
    ("KO", "accounting", "which require management to make estimates"),
    ("WMT", "accounting", "ROA is the most directly comparable measure"),
    ("KO", "accounting", "with the Audit Committee of our Company’s Board of Directors"),
    ("JNJ", "accounting", "Actual results may or may not differ from these estimates."),
    ("NVDA", "accounting", "Critical accounting estimates are those estimates that involve"),
    ("AAPL", "accounting", "Note 1, “Summary of Significant Accounting Policies”"),
    ("GOOGL", "accounting", "Our critical accounting estimates are those estimates"),
    # a commitment to focus on its people is the workforce's (Home Depot 10-K FY2024, Item 1)
    ("HD", "strategy", "commitments to focus on our people"),
    # the key audit matter under an estimate's heading (Lifco 2019, page 46) is the auditor's
    ("Lifco", "accounting", "Lifco made a number of acquisitions across all business areas"),
    ("WMT", "strategy", "Free cash flow for fiscal 2025 decreased"),
    ("NVDA", "customers", "Executive Vice President of Operations at JDS Uniphase"),
    (
        "Stora Enso",
        "products_services",
        "The pulp market is currently positioned near its cyclical",
    ),
    (
        "Lifco",
        "products_services",
        "responsible for allocating resources and assessing the results",
    ),
    # where a listed buyer operates, what exchange rates did, operations sold, and where it
    # acquires or invests are no geography of the issuer (Coca-Cola 10-K FY2024; Stora Enso's and
    # Outokumpu's releases for 2024)
    ("KO", "geography", "Swire Coca-Cola Limited, which has bottling"),
    ("KO", "geography", "stronger U.S. dollar"),
    ("KO", "geography", "refranchised"),
    ("Stora Enso", "geography", "Junnikkala"),
    ("Outokumpu", "geography", "biocarbon plant in Germany"),
    # who owes it money (Tele2 Q3 2025, note 4), its inner functions (Glaston's release), and what
    # the overview says already (Neste's release)
    ("Tele2", "customers", "receivables from end customers"),
    ("Glaston", "products_services", "three Business Functions"),
    ("Neste", "products_services", "The company creates solutions for mitigating climate change"),
]
# that targets were approved, beside the targets themselves (Kemira); an acquired company's size
# is not the issuer's (Lifco's annual report 2019: "The company had net sales of around EUR 27
# million in 2019 and has 90 employees"); what a site's ramp-up is expected to do to margins is
# no answer to where the company operates (Stora Enso's outlook for Packaging Solutions)
NOT_IN += [
    ("Kemira", "strategy", "Board of Directors had approved the company’s updated, long-term"),
    ("Lifco", "overview", "The company had net sales of around EUR 27 million"),
    ("Stora Enso", "geography", "ramp up of the corrugated packaging site in De Lier"),
]
# A sentence on what drives its markets names a region in passing (Bravida); where its shares are
# listed says nothing of what it does (Stora Enso); the markets served are no product (Atlas
# Copco); a quotation's closing mark without its opening one is left out (Wihlborgs' CEO).
NOT_IN += [
    ("Bravida", "geography", "Other market drivers are"),
    ("Stora Enso", "overview", "shares are listed on"),
    ("Atlas Copco", "products_services", "The main markets served are"),
    ("Wihlborgs Fastigheter", "strategy", "rise slightly again.”"),
    # where a business is reported is no offering (Musti's release, Ericsson Q3 2025 p4)
    ("Musti Group", "products_services", "is reported in the New Markets segment"),
    ("Ericsson", "products_services", "Market area Other includes IPR licensing"),
    # an outlook's assumption that a market grows is no risk (Kemira's release)
    ("Kemira", "risks", "The water treatment market is expected to grow in all regions."),
    # a risk's measure is no aim; a period's result that credits efficiency measures is no
    # programme (Tele2 Q3 2025)
    ("Outokumpu", "strategy", "The impact of each additional week of strike"),
    ("Tele2", "strategy", "continued successful cost efficiency measures"),
    # what limits a risk is no risk (Lifco's risk chapter)
    ("Lifco", "risks", "This spread limits the commercial risks."),
]
# The issuer's own lists, read in the documents.
ITEMS = [
    ("AAPL", "products_services", {"iPhone", "Mac", "iPad", "AppleCare", "Cloud Services"}),
    ("AAPL", "accounting", {"Uncertain Tax Positions", "Legal and Other Contingencies"}),
    ("NVDA", "products_services", {"Data Center", "Gaming", "Professional Visualization"}),
    ("NVDA", "products_services", {"Automotive", "Compute & Networking", "Graphics"}),
    # named once, beside one named twice: "Oil Products and Renewable Products business areas"
    ("Neste", "products_services", {"Oil Products", "Renewable Products"}),
    ("NVDA", "strategy", {"Advancing the NVIDIA accelerated computing platform"}),
    ("TSLA", "products_services", {"Automotive", "Energy Storage Products"}),
    # the largest buyers a lead-in lists (Coca-Cola 10-K FY2024 p7, its five largest bottling
    # partners)
    ("KO", "customers", {"Coca-Cola FEMSA", "Coca-Cola HBC AG", "Swire Coca-Cola Limited"}),
    # what its key figures measure the deliveries of, beside business areas named by regions
    ("Outokumpu", "products_services", {"Stainless steel", "Ferrochrome"}),
    # the rows of the notes' tables of revenue by product line: Home Depot's "net sales by major
    # product line", Alphabet's "revenues by type" (10-Ks FY2024)
    ("HD", "products_services", {"Building Materials", "Décor", "Hardlines"}),
    ("GOOGL", "products_services", {"Google Search & other", "YouTube ads", "Google Network"}),
    (
        "GOOGL",
        "products_services",
        {"Google Cloud", "Google subscriptions, platforms, and devices"},
    ),
    ("TSLA", "accounting", {"Warranties", "Inventory Valuation", "Income Taxes"}),
    # Johnson & Johnson 10-K FY2024, Item 7: the estimates named in run-in headings
    # ("Income Taxes: The Company ..."), tables of accruals between them.
    ("JNJ", "accounting", {"Revenue Recognition", "Income Taxes", "Stock Based Compensation"}),
    ("JNJ", "accounting", {"Legal and Self Insurance Contingencies", "Employee Benefit Plans"}),
    ("Atlas Copco", "products_services", {"Compressor Technique", "Power Technique"}),
    ("Atlas Copco", "products_services", {"Vacuum Technique", "Industrial Technique"}),
    ("Atlas Copco", "risks", {"Market risks", "Financial risks", "Production risks"}),
    # a 10-K's categories of risk, as Item 1A heads them
    ("JNJ", "risks", {"Risks related to our intellectual property", "Other risks"}),
    ("KO", "risks", {"RISKS RELATED TO THE COCA-COLA SYSTEM"}),
    ("TSLA", "risks", {"Risks Related to Our Ability to Grow Our Business"}),
    ("Ericsson", "products_services", {"Networks", "Cloud Software and Services", "Enterprise"}),
    # J&J 10-K FY2024 MD&A: its largest medicines and its MedTech franchises
    ("JNJ", "products_services", {"DARZALEX", "STELARA", "TREMFYA", "Surgery", "Vision"}),
    # the categories its risk factors (page 12) say its risks are grouped in
    ("Ericsson", "risks", {"technology", "IPR", "geopolitical environment", "cybersecurity"}),
    ("Kemira", "products_services", {"Pulp & Paper", "Industry & Water"}),
    # "our new business unit structure: Water Solutions, Packaging & Hygiene Solutions and ..."
    ("Kemira", "products_services", {"Water Solutions", "Packaging & Hygiene Solutions"}),
    ("Kemira", "products_services", {"Fiber Essentials"}),
    # the outlook by division: each heading, two of whose paragraphs speak of "the division"
    ("Stora Enso", "products_services", {"Packaging Materials", "Packaging Solutions"}),
    ("Stora Enso", "products_services", {"Biomaterials", "Wood Products", "Forest"}),
    # "business area Europe", "business area Ferrochrome's adjusted EBITDA"
    ("Outokumpu", "products_services", {"Europe", "Americas", "Ferrochrome"}),
    # the analysis of revenue: product lines and segments
    ("Tele2", "products_services", {"Mobile", "Fixed broadband", "Digital TV"}),
    ("Tele2", "products_services", {"Sweden Consumer", "Sweden Business"}),
    # segments named after who buys (page 4's analysis of revenue, page 11's Sweden Wholesale)
    ("Tele2", "customers", {"Sweden Consumer", "Sweden Business", "Sweden Wholesale"}),
    # business areas named after places: market areas
    ("Outokumpu", "geography", {"Europe", "Americas"}),
    # the revenue policy beside the critical estimates, none of which is of revenue
    (
        "HD",
        "accounting",
        {"BUSINESS COMBINATIONS", "MERCHANDISE INVENTORIES", "Revenue Recognition"},
    ),
    # a segment's businesses named by how their sales fared (Ericsson Q3 2025 p6, "Segment
    # Enterprise")
    (
        "Ericsson",
        "products_services",
        {"Global Communications Platform", "Enterprise Wireless Solutions"},
    ),
    # Item 1A's categories, the third one named by eight words (Home Depot 10-K FY2024, p23)
    (
        "HD",
        "risks",
        {"STRATEGIC RISKS", "LEGAL, FINANCIAL, REGULATORY, GLOBAL AND OTHER EXTERNAL RISKS"},
    ),
    # the groups of customers it describes one by one (Item 1, "OUR CUSTOMERS")
    ("HD", "customers", {"DIY Customers", "Professional Customers (or “Pros”)", "DIFM Customers"}),
]
# Names that are no part of the issuer's own lists: a table of contents' heading, acquired
# companies (their legal form last), a website, the parts of a report after the estimates.
NOT_LISTED = [
    ("Lifco", "products_services", {"DIRECTORS’ REPORT", "Ahlberg Cameras AB", "Website: sorb.se"}),
    ("KO", "accounting", {"OPERATIONS REVIEW", "Beverage Volume", "Unit Case Volume"}),
    ("HD", "accounting", {"ADDITIONAL INFORMATION"}),
    # a product-line table's subtotals, totals and hedging line; its table of merchandising
    # departments is a finer list, and the primary segment's net sales are no product
    ("HD", "products_services", {"Primary segment net sales", "Other net sales", "Appliances"}),
    ("GOOGL", "products_services", {"Hedging gains (losses)", "Google Services total"}),
    # a franchise's platforms (Surgery's Advanced and General), an "Other" line, a medicine
    # smaller than the eight largest
    ("JNJ", "products_services", {"Advanced", "General", "Other Immunology", "CARVYKTI"}),
    # kinds of revenue in the analysis of revenue, not products
    ("Tele2", "products_services", {"Operator revenue", "Equipment revenue"}),
]


# Sentences that speak of one of the issuer's segments without naming it, read on their page:
# (company, section, words of the sentence, the segment it speaks of, or None where it is the
# whole group's or names its segment itself).
ABOUT = [
    # Home Depot 10-K FY2024, Item 1 "OUR CUSTOMERS" (page 6): each group under its heading
    ("HD", "customers", "These customers are typically homeowners who purchase", "DIY Customers"),
    ("HD", "customers", "These customers are typically homeowners who use Pros", "DIFM Customers"),
    # Atlas Copco Q3 2025, page 18: one paragraph per business area, each with its plants
    (
        "Atlas Copco",
        "geography",
        "located in Belgium, the United States, China",
        "Compressor Technique",
    ),
    (
        "Atlas Copco",
        "geography",
        "located in the United States, Mexico, United Kingdom",
        "Vacuum Technique",
    ),
    ("Atlas Copco", "geography", "located in Sweden, Germany, Hungary", "Industrial Technique"),
    # the same statement of the fourth business area is kept with the three (one statement made
    # of each business area in turn, not three of four)
    ("Atlas Copco", "geography", "located in Belgium, Spain, Germany", "Power Technique"),
    ("Atlas Copco", "products_services", "The Compressor Technique business area provides", None),
    # Stora Enso's Q4 2024 release: the outlook by segment, under each segment's heading
    (
        "Stora Enso",
        "strategy",
        "containerboard operating rates in fresh fiber are expected to improve",
        "Packaging Materials",
    ),
    # Ericsson Q3 2025, page 8: the gross margin guidance is the Networks segment's
    ("Ericsson", "strategy", "Adjusted gross margin in Q4 2025 is expected", "Networks"),
    # J&J 10-K FY2024: a critical estimate's paragraph has its own title ("Employee Benefit
    # Plans: ..."), whatever segment heading stands above the estimates
    ("JNJ", "accounting", "The accruals are based on management’s judgment", None),
    # Glaston's outlook speaks of the market, not of its Mobility segment it mentions in passing
    ("Glaston", "risks", "high uncertainty exists concerning customers", None),
]


def _about(body: dict[str, Any], section: str, words: str) -> str | None:
    key = {"strategy": "strategy_section", "overview": "overview_section"}.get(section, section)
    found = [s for s in body[key]["sentences"] if words in s["text"]]
    assert found, (section, words)
    return found[0].get("about")


@pytest.mark.parametrize(("company", "section", "words", "about"), ABOUT)
def test_a_sentence_names_the_segment_it_speaks_of(
    sec_client: TestClient, company: str, section: str, words: str, about: str | None
) -> None:
    assert _about(profile(sec_client, company), section, words) == about


@pytest.mark.parametrize(("company", "section", "words"), FACTS)
def test_facts_read_in_the_documents_are_in_their_sections(
    sec_client: TestClient, company: str, section: str, words: str
) -> None:
    assert words in text_of(profile(sec_client, company), section)


@pytest.mark.parametrize(("company", "section", "words"), NOT_IN)
def test_sentences_that_do_not_answer_a_section_are_left_out(
    sec_client: TestClient, company: str, section: str, words: str
) -> None:
    assert words not in text_of(profile(sec_client, company), section)


@pytest.mark.parametrize(("company", "section", "names"), ITEMS)
def test_the_issuers_own_lists(
    sec_client: TestClient, company: str, section: str, names: set[str]
) -> None:
    assert names <= set(items_of(profile(sec_client, company), section))


@pytest.mark.parametrize(("company", "section", "names"), NOT_LISTED)
def test_names_that_are_no_part_of_the_issuers_lists(
    sec_client: TestClient, company: str, section: str, names: set[str]
) -> None:
    assert not names & set(items_of(profile(sec_client, company), section))


def test_a_releases_run_of_segment_headings_goes_on_past_the_marked_ones(
    sec_client: TestClient,
) -> None:
    # Stora Enso's outlook by division: two paragraphs speak of "the division", the three
    # headings after them are divisions too (the release's "Key figures" ends the run), none
    # a product line of the division above it
    items = profile(sec_client, "Stora Enso")["products_services"]["items"]
    divisions = ["Packaging Materials", "Packaging Solutions", "Biomaterials", "Wood Products"]
    assert [(i["name"], i["part_of"]) for i in items][:5] == [
        *((name, "segments") for name in divisions),
        ("Forest", "segments"),
    ]


@pytest.mark.parametrize(
    ("company", "said"),
    [
        ("Stora Enso", None),
        # the overview's sentence names them, in passing: the reason quotes it
        ("Neste", "the company aims to help its customers to reduce"),
    ],
)
def test_a_release_that_only_mentions_customers_says_why_it_has_none(
    sec_client: TestClient, company: str, said: str | None
) -> None:
    body = profile(sec_client, company)
    customers = body["customers"]
    assert customers["sentences"] == [] and customers["items"] == []
    if said is None:
        assert "says nothing of who the customers are" in customers["reason"]
    else:
        assert "it names them only where it says what the company does" in customers["reason"]
        assert said in customers["reason"] and said in body["overview"]


def test_a_release_that_calls_the_company_global_says_so_in_its_geographys_reason(
    sec_client: TestClient,
) -> None:
    # Kemira's release names no country where it sells or operates (Finland only as the place
    # of its energy assets in the outlook's assumptions); its description calls it global
    body = profile(sec_client, "Kemira")
    geography = body["geography"]
    assert geography["sentences"] == []
    assert "it calls the company global where it says what it does" in geography["reason"]
    assert "Kemira is a global leader in sustainable chemical solutions" in geography["reason"]
    # and the places it names only in passing: its energy assets', a market's, an acquisition's
    assert "it names Finland, China and United Kingdom only in passing" in geography["reason"]


@pytest.mark.parametrize(
    ("company", "listed"),
    [("Ericsson", "Networks, Cloud Software and Services, Enterprise"), ("Tele2", "Mobile")],
)
def test_an_interim_report_without_a_description_says_so_and_where_its_lists_are(
    sec_client: TestClient, company: str, listed: str
) -> None:
    # Neither Q3 2025 report has an "About" part or a sentence saying what the company does.
    body = profile(sec_client, company)
    assert body["overview"] in (None, "") and body["overview_section"]["sentences"] == []
    reason = body["overview_section"]["reason"]
    assert reason.startswith("Interim report 2025: no sentence of it says what the company does")
    assert f"under products and services ({listed}" in reason


def test_the_overview_gives_the_companys_size_from_its_figures(sec_client: TestClient) -> None:
    # Kemira's financial statements release 2024, page 1: "Revenue decreased by 13% to EUR
    # 2,948.1 million", "EBIT increased by 8% to EUR 363.2 million"; its table's net profit 262.7
    size = profile(sec_client, "Kemira")["overview_section"]["key_figures"]
    assert (size["year"], size["currency"]) == (2024, "EUR")
    figures = {f["metric"]: f for f in size["figures"]}
    assert list(figures) == ["revenue", "operating_income", "net_income"]
    assert [figures[k]["value"] for k in figures] == ["2948100000", "363200000", "262700000"]
    assert (figures["operating_income"]["name"], figures["revenue"]["page_id"]) == (
        "EBIT",
        "49b29910f7e905af_1",
    )
    # Tesla's 10-K 2024, consolidated statements of operations: total revenues 97,690, income
    # from operations 7,076 (millions of dollars), cited to the tagged fact's accession
    tesla = profile(sec_client, "TSLA")["overview_section"]["key_figures"]
    values = {f["metric"]: f["value"] for f in tesla["figures"]}
    assert tesla["year"] == 2024
    assert (values["revenue"], values["operating_income"]) == ("97690000000", "7076000000")
    assert all("0001628280-25-003063" in f["source"] for f in tesla["figures"])
    # a company whose documents give no year's revenue has none
    assert "key_figures" not in profile(sec_client, "Ericsson")["overview_section"]


def test_the_overview_names_the_segments_its_revenue_by_segment_names(
    sec_client: TestClient,
) -> None:
    # Walmart's 10-K 2025 tags its net sales by segment (Note 13): Walmart U.S., Walmart
    # International, Sam's Club U.S.; Home Depot's only "reportable segments" and "all other"
    walmart = profile(sec_client, "WMT")["overview_section"]["items"]
    assert [(i["name"], i["part_of"]) for i in walmart] == [
        ("Walmart U.S.", "segments"),
        ("Walmart International", "segments"),
        ("Sam's Club U.S.", "segments"),
    ]
    assert profile(sec_client, "HD")["overview_section"]["items"] == []
    # Lifco's business areas as its segment note's revenue from external customers names them
    # (annual report 2019, Note 5, page 60)
    lifco = profile(sec_client, "Lifco")["overview_section"]["items"]
    assert [i["name"] for i in lifco] == ["Dental", "Demolition & Tools", "Systems Solutions"]
    # Coca-Cola's tagged segments less the lines that reconcile them to its revenue
    coca_cola = [i["name"] for i in profile(sec_client, "KO")["overview_section"]["items"]]
    assert {"Global Ventures", "Bottling Investments", "North America"} <= set(coca_cola)
    assert not {"Corporate", "Eliminations"} & set(coca_cola)


def test_ericsson_geography_names_its_market_areas_from_the_stored_breakdown(
    sec_client: TestClient,
) -> None:
    geography = profile(sec_client, "Ericsson")["geography"]
    assert {"Americas", "Europe, Middle East and Africa", "North East Asia"} <= set(
        geography["tags"]
    )
    lines = {line["name"]: line for line in geography["breakdown"]["lines"]}
    assert lines["Americas"]["revenue"] == "60303000000"
    assert geography["breakdown"]["period"] == "Jan-Sep 2025" and geography["reason"] is None
    # each line's share of the total the table prints (Q3 2025 page 27: Jan-Sep, Americas 60,303
    # of 167,396)
    assert geography["breakdown"]["total"] == "167396000000"
    assert geography["breakdown"]["adds_up"] is True
    assert lines["Americas"]["share"] == "36.02"
    # the "of which" lines beside them: Sweden (page 27) and the five largest countries by their
    # share of net sales (page 29, "Top 5 countries in sales", Jan-Sep 2025: United States 43%)
    parts = {line["name"]: line for line in geography["breakdown"]["of_which"]}
    assert parts["Sweden"]["revenue"] == "2010000000"
    assert parts["United States"]["share"] == "43" and parts["United States"]["included_in"]
    assert "United States" not in lines and {"US", "IN", "JP"} <= set(geography["tags"])


def test_a_tagged_breakdowns_shares_are_of_the_years_revenue(sec_client: TestClient) -> None:
    # Tesla 10-K FY2024, note 2: United States 47,725 of total revenues 97,690 ($ millions)
    breakdown = profile(sec_client, "TSLA")["geography"]["breakdown"]
    lines = {line["name"]: line for line in breakdown["lines"]}
    assert breakdown["source"] == "xbrl_dimensions" and breakdown["total"] == "97690000000"
    assert lines["United States"]["revenue"] == "47725000000"
    assert lines["United States"]["share"] == "48.85"


def test_a_breakdowns_countries_and_regions_are_two_views_of_one_total(
    sec_client: TestClient,
) -> None:
    # Apple 10-K FY2024, Note 13: U.S. 142,196, China 66,952, other countries 181,887; and its
    # five regional segments, Americas 167,045 ... each adding up to net sales of 391,035
    lines = profile(sec_client, "AAPL")["geography"]["breakdown"]["lines"]
    by_list: dict[str, int] = {}
    for line in lines:
        by_list[line["list"]] = by_list.get(line["list"], 0) + int(line["revenue"])
    assert by_list["countries"] + by_list["other"] == 391_035_000_000
    assert by_list["regions"] == 391_035_000_000  # Japan, a segment, among the regions


def test_geography_tags_from_the_places_a_release_names_when_no_breakdown_is_stored(
    sec_client: TestClient,
) -> None:
    # Bravida's release: "a presence in about 190 locations in Sweden, Norway, Denmark and
    # Finland"; HANZA's: "six manufacturing clusters: Sweden, Finland, Germany, Baltics, Central
    # Europe and China". Neither stores a revenue breakdown.
    bravida = profile(sec_client, "Bravida")["geography"]
    assert "breakdown" not in bravida
    assert set(bravida["tags"]) == {"SE", "NO", "DK", "FI"}
    hanza = profile(sec_client, "HANZA", locale="fi")["geography"]
    assert {"SE", "FI", "DE", "CN", "Baltian maat", "Keski-Eurooppa"} <= set(hanza["tags"])
    assert "Europe" not in hanza["tags"] and "Eurooppa" not in hanza["tags"]


def test_region_tags_in_the_locale_asked_for(sec_client: TestClient) -> None:
    # Atlas Copco's table of orders received by region (shares of the total), stored.
    tags = {
        locale: profile(sec_client, "Atlas Copco", locale=locale)["geography"]["tags"]
        for locale in ("en", "fi")
    }
    assert tags["en"] == [
        "North America",
        "South America",
        "Europe",
        "Africa/Middle East",
        "Asia/Oceania",
    ]
    assert tags["fi"] == [
        "Pohjois-Amerikka",
        "Etelä-Amerikka",
        "Eurooppa",
        "Afrikka/Lähi-itä",
        "Aasia/Oseania",
    ]
    apple = profile(sec_client, "AAPL", locale="fi")["geography"]["tags"]
    assert "US" in apple and "Suur-Kiina" in apple and "Muu Aasian ja Tyynenmeren alue" in apple


@pytest.mark.parametrize(
    ("text", "language", "places"),
    [
        (
            "clusters in Sweden and Central Europe, new factories in Estonia",
            "en",
            ["SE", "Central Europe", "EE"],
        ),
        ("centers in the U.S., Canada and Mexico; Sweden’s market", "en", ["US", "CA", "MX", "SE"]),
        ("The Baltic operations grew; listed on Nasdaq Helsinki Ltd.", "en", []),
        ("Malmö, Helsingborg, Lund and Copenhagen", "en", []),
        ("Indiana, Georgian and Chinan", "en", []),  # no Finnish cases in English
        # a region's common noun after its capitalised word, one region by its several names
        ("46 stores in the Baltic countries and throughout the Baltic region", "en", ["Baltics"]),
        ("We operate in the Nordic region; the Baltic operations grew", "en", ["Nordics"]),
        # a state of the US names no country in its name; Macau as the casinos' filings spell it
        ("Borgata in Atlantic City, New Jersey; New Mexico; MGM Macau", "en", ["MO"]),
        # Netflix's 2015 10-K: where it does not operate is no place of its geography
        (
            "with Canada in 2010 and have since launched our service globally, with the "
            "exception of The People's Republic of China and territories where U.S. companies",
            "en",
            ["CA"],
        ),
        (
            "sales outside of the United States were 53%; offices in China and Israel",
            "en",
            ["CN", "IL"],
        ),
        (
            "Sveriges och Finlands marknader, i Norden och Övriga Europa",
            "sv",
            ["SE", "FI", "Norden", "Övriga Europa"],
        ),
        (
            "Toimintaa Suomessa, Ruotsissa, Euroopan ja Pohjois-Amerikassa, Saksaan ja Intiaan",
            "fi",
            ["FI", "SE", "Eurooppa", "Pohjois-Amerikka", "DE", "IN"],
        ),
    ],
)
def test_places_a_text_names(text: str, language: str, places: list[str]) -> None:
    assert [p.iso_alpha2 or p.name for p in places_in(text, language)] == places


@pytest.mark.parametrize(
    ("name", "fi", "sv"),
    [
        (
            "Americas excluding United States",
            "Amerikka pois lukien Yhdysvallat",
            "Amerika utom USA",
        ),
        (
            "South East Asia, Oceania and India",
            "Kaakkois-Aasia, Oseania ja Intia",
            "Sydostasien, Oceanien och Indien",
        ),
        ("Rest of Europe", "Muu Eurooppa", "Övriga Europa"),
        (
            "Asia Pacific Africa",
            "Asia Pacific Africa",
            "Asia Pacific Africa",
        ),  # not in full: as printed
        ("Övriga Europa", "Övriga Europa", "Övriga Europa"),
        ("SE", "SE", "SE"),
    ],
)
def test_place_names_in_finnish_and_swedish(name: str, fi: str, sv: str) -> None:
    assert (local_place(name, "fi"), local_place(name, "sv"), local_place(name, "en")) == (
        fi,
        sv,
        name,
    )


def test_an_8k_is_read_as_the_release_it_carries(sec_client: TestClient) -> None:
    # Adobe's 8-K of 2023-03-15: its EX-99.1 ends "About Adobe / Adobe is changing the world
    # through digital experiences. For more information, visit www.adobe.com." and then the
    # trademark notice; its non-GAAP part says "We use these measures to help us make budgeting
    # decisions, for example, as between product development expenses ...".
    body = profile(sec_client, "ADBE")
    assert body["overview"] == "Adobe is changing the world through digital experiences."
    assert body["overview_section"]["source_heading"] == "About Adobe"
    assert body["overview_section"]["sentences"][0]["page_id"] == "0000796343-23-000044_8"
    assert {i["name"] for i in body["products_services"]["items"]} >= {
        "Digital Media",
        "Digital Experience",
    }


def test_apple_first_risk_as_item_1a_ranks_it(sec_client: TestClient) -> None:
    risks = profile(sec_client, "AAPL")["risks"]
    assert risks["sentences"][0]["text"].startswith(
        "The Company’s operations and performance depend significantly on global and regional "
        "economic conditions"
    )
    # its page: aapl-20240928.htm's seventh (six page breaks before it), printed "5"
    assert risks["sentences"][0]["page_id"] == "0000320193-24-000123_7"
    assert risks["sentences"][0]["page_number"] == 7
    assert "macroeconomic" in risks["tags"] and "Macroeconomic and Industry Risks" in [
        i["name"] for i in risks["items"]
    ]


def test_a_release_without_an_accounting_part_gives_the_basis_of_its_figures(
    sec_client: TestClient,
) -> None:
    accounting = profile(sec_client, "Kemira")["accounting"]
    texts = [s["text"] for s in accounting["sentences"]]
    assert any(
        t.startswith(
            "Kemira provides certain financial performance measures (alternative performance "
            "measures)"
        )
        for t in texts
    ), texts
    # its conventions are no basis of the figures (the comparison period, rounding)
    assert not any(t.startswith(("Unless otherwise stated", "All the figures")) for t in texts)
    assert accounting["reason"] is None


def test_a_release_that_says_nothing_of_them_says_why_it_has_no_risks_nor_accounting(
    sec_client: TestClient,
) -> None:
    # HANZA's release names risks only in its forward-looking disclaimer: no risk it sees.
    body = profile(sec_client, "HANZA")
    for name in ("risks", "accounting"):
        assert body[name]["text"] == "" and body[name]["sentences"] == []
        assert body[name]["reason"].startswith("Stock exchange release 2024:")


def test_finnish_headings_and_tags_over_english_text(sec_client: TestClient) -> None:
    body = profile(sec_client, "TSLA", locale="fi", include_full_text=True)
    assert body["locale"] == "en" and body["requested_locale"] == "fi"
    assert body["locale_note"].startswith("Yhtiöstä ei ole suomenkielisiä asiakirjoja")
    assert body["products_services"]["heading"] == "Tuotteet ja palvelut"
    assert body["strategy_section"]["heading"] == "Strategia"
    assert "energian varastointi" in body["products_services"]["tags"]
    assert len(body["risks"]["full_text"]) > len(body["risks"]["text"])
    plain = profile(sec_client, "TSLA")
    assert "full_text" not in plain["risks"] and plain["locale"] == "en"
    assert plain["locale_note"] is None and plain["products_services"]["heading"] == (
        "Products and services"
    )
    assert "energy storage" in plain["products_services"]["tags"]


def test_swedish_headings_from_the_service(connection: Connection) -> None:
    # `sv` is not in the contract's locale pattern (a 422 over HTTP); the service has it ready.
    company = add_company(connection, "exempel", "Exempel AB", market="nordic")
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid="0000000000000e01",
        document_type="annual_report",
        document_format="pdf",
        fiscal_year=2024,
        language="sv",
        listed_date=d("2025-03-01"),
        title="Årsredovisning 2024",
    )
    add_page(
        connection,
        filing,
        "0000000000000e01",
        1,
        "Exempel i korthet\n"
        "Exempel är en ledande leverantör av kompressorer och verktyg till industrin i Norden.\n"
        "Risker och osäkerhetsfaktorer\n"
        "Koncernen är exponerad för valutarisker, ränterisker och risker i leveranskedjan.\n",
    )
    extract_filing(connection, filing)
    body = profile_service(
        connection, CompanyDirectory(), company="Exempel AB", locale="sv"
    ).model_dump()
    assert body["locale"] == "sv" and body["locale_note"] is None
    assert body["overview"].startswith("Exempel är en ledande leverantör av kompressorer")
    assert body["risks"]["heading"] == "Risker" and "valuta" in body["risks"]["tags"]


def test_a_swedish_release_without_risk_or_accounting_parts(connection: Connection) -> None:
    # A release's outlook, its uncertainties and the basis of its figures, in Swedish.
    company = add_company(connection, "exempelfast", "Exempel Fastigheter AB", market="nordic")
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid="0000000000000e02",
        document_type="stock_exchange_release",
        document_format="text",
        fiscal_year=2024,
        language="sv",
        listed_date=d("2025-02-11"),
        title="Bokslutskommuniké 2024",
    )
    add_page(
        connection,
        filing,
        "0000000000000e02",
        1,
        "**Utsikter**\n\n"
        "Uthyrningsgraden förväntas öka något under andra halvåret 2025.\n\n"
        "Efterfrågan på kontorslokaler präglas av osäkerhet i omvärlden och stigande räntor.\n\n"
        "**Redovisning**\n\n"
        "Rapporten innehåller alternativa nyckeltal som inte definieras av IFRS.\n\n"
        "**Om Exempel**\n\n"
        "Exempel är ett fastighetsbolag med kommersiella fastigheter i Malmö, Lund och "
        "Helsingborg.\n",
    )
    extract_filing(connection, filing)
    body = profile_service(
        connection, CompanyDirectory(), company="Exempel Fastigheter AB", locale="sv"
    ).model_dump()
    assert body["strategy"].startswith("Uthyrningsgraden förväntas öka något")
    assert body["risks"]["sentences"][0]["text"].startswith("Efterfrågan på kontorslokaler")
    assert body["accounting"]["text"].startswith("Rapporten innehåller alternativa nyckeltal")


def _release(connection: Connection, name: str, docid: str, language: str, text: str) -> None:
    company = add_company(connection, name.split()[0].lower(), name, market="nordic")
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid=docid,
        document_type="stock_exchange_release",
        document_format="text",
        fiscal_year=2024,
        language=language,
        listed_date=d("2025-02-12"),
        title=name,
    )
    add_page(connection, filing, docid, 1, text)
    extract_filing(connection, filing)


# Written for these tests in the parts and wording of Nordic year-end releases (no issuer's own):
# the business areas named with their kind ("Automaatio-liiketoiminta-alue", "Affärsområdet
# Industri"), places in Finnish cases, Finnish sentences of few long words.
FINNISH_RELEASE = """**Toimitusjohtajan katsaus**

Vuosi 2024 oli meille vahva. Kasvoimme erityisesti Pohjois-Amerikassa ja Saksassa.

**Näkymät vuodelle 2025**

Esimerkki arvioi, että sen liikevaihto kasvaa vuonna 2025 ja vertailukelpoinen liikevoitto paranee.

**Liiketoiminta-alueet**

Automaatio-liiketoiminta-alueen liikevaihto kasvoi 8 % ja oli 290,1 miljoonaa euroa. \
Palvelut-liiketoiminta-alueen liikevaihto pysyi vertailukauden tasolla. \
Automaatio-liiketoiminta-alue toimittaa ohjausjärjestelmiä paperi- ja metalliteollisuudelle. \
Palvelut-liiketoiminta-alue tarjoaa kunnossapito- ja modernisointipalveluja.

**Lähiajan riskit ja epävarmuustekijät**

Maailmantalouden epävarmuus ja geopoliittiset jännitteet voivat heikentää investointihalukkuutta.

**Laatimisperiaatteet**

Tämä tilinpäätöstiedote on laadittu IAS 34 Osavuosikatsaukset -standardin mukaisesti.

**Esimerkki lyhyesti**

Esimerkki Oyj on suomalainen teknologiayhtiö, joka valmistaa ja myy teollisuuden \
automaatiojärjestelmiä ja niihin liittyviä palveluita. Yhtiöllä on toimintaa Suomessa, \
Ruotsissa ja Saksassa, ja sen asiakkaita ovat paperi- ja metalliteollisuuden yritykset.
"""


def test_a_finnish_release_read_in_finnish(connection: Connection) -> None:
    _release(connection, "Esimerkki Oyj", "0000000000000f01", "fi", FINNISH_RELEASE)
    body = profile_service(
        connection, CompanyDirectory(), company="Esimerkki Oyj", locale="fi"
    ).model_dump()
    assert body["locale"] == "fi" and body["locale_note"] is None
    products = body["products_services"]
    assert [i["name"] for i in products["items"]] == ["Automaatio", "Palvelut"]
    assert "Automaatio-liiketoiminta-alue toimittaa ohjausjärjestelmiä" in products["text"]
    assert "Palvelut-liiketoiminta-alue tarjoaa kunnossapito-" in products["text"]
    assert "pysyi vertailukauden tasolla" not in products["text"]  # a period's change
    assert (
        "sen asiakkaita ovat paperi- ja metalliteollisuuden yritykset" in body["customers"]["text"]
    )
    geography = body["geography"]
    assert "toimintaa Suomessa, Ruotsissa ja Saksassa" in geography["text"]
    assert geography["tags"] == ["FI", "SE", "DE"]
    assert body["strategy"].startswith("Esimerkki arvioi, että sen liikevaihto kasvaa")
    assert body["risks"]["text"].startswith("Maailmantalouden epävarmuus")
    assert body["accounting"]["text"].startswith("Tämä tilinpäätöstiedote on laadittu IAS 34")


SWEDISH_RELEASE = """**Framtidsutsikter**

Vi bedömer att efterfrågan under 2025 kommer att vara stabil.

**Affärsområden**

Affärsområdet Industri ökade sin försäljning med 9 procent. Affärsområdet Service växte med 4 \
procent. Industri levererar automationssystem till fordonsindustrin och Service erbjuder \
underhållstjänster.

**Om Exempel**

Exempel är en industrikoncern som utvecklar, tillverkar och säljer automationslösningar. \
Bolaget har verksamhet i Sverige, Finland, Tyskland och Polen. Bland kunderna finns ledande \
företag inom fordonsindustrin och verkstadsindustrin.
"""


def test_a_swedish_release_read_in_swedish(connection: Connection) -> None:
    _release(connection, "Exempel Industri AB", "0000000000000e03", "sv", SWEDISH_RELEASE)
    body = profile_service(
        connection, CompanyDirectory(), company="Exempel Industri AB", locale="sv"
    ).model_dump()
    products = body["products_services"]
    assert [i["name"] for i in products["items"]] == ["Industri", "Service"]
    assert products["text"].startswith("Industri levererar automationssystem")
    assert "Bland kunderna finns ledande företag" in body["customers"]["text"]
    assert body["geography"]["tags"] == ["SE", "FI", "DE", "PL"]


def test_a_statement_that_ends_in_its_bracket_is_a_sentence_a_caption_is_not() -> None:
    assert usable(
        "Kemira's operative EBITDA is expected to be between EUR 540 and EUR 640 million in 2025 "
        "(reported 2024 operative EBITDA: EUR 585.4 million)",
        False,
    )
    assert not usable("Net sales by segment for the years ended December 31 (in millions)", False)
    assert not usable("Revenue (EUR million) (Q4 2024) (Q4 2023) (change) (full year)", False)


def test_an_abbreviations_full_stop_ends_no_sentence() -> None:
    assert split_sentences(
        "It has an annual turnover of approx. SEK 4.6 billion. It has six clusters, e.g. Sweden."
    ) == [
        "It has an annual turnover of approx. SEK 4.6 billion.",
        "It has six clusters, e.g. Sweden.",
    ]
    # "U.S." qualifies what follows it ("U.S. GAAP"), and ends a sentence before another.
    assert split_sentences(
        "They are prepared under U.S. GAAP, which requires estimates. Sales grew in the U.S. "
        "Margins fell."
    ) == [
        "They are prepared under U.S. GAAP, which requires estimates.",
        "Sales grew in the U.S.",
        "Margins fell.",
    ]
    # a legal suffix's full stop before the brackets that name the company (Netflix's 10-K),
    # and a sentence that ends with one
    assert split_sentences(
        "Netflix, Inc. (“Netflix”, “the Company”, “we”, or “us”) is the world’s leading "
        "internet television network. We sell to Apple Inc. The rest follows."
    ) == [
        "Netflix, Inc. (“Netflix”, “the Company”, “we”, or “us”) is the world’s leading "
        "internet television network.",
        "We sell to Apple Inc.",
        "The rest follows.",
    ]
    # a domain that ends a sentence is no abbreviation ("ca." of circa; Best Buy's 10-K 2023)
    assert split_sentences(
        "It operates in Canada under the domain name bestbuy.ca. In fiscal 2022, we acquired "
        "Current Health. It has ca. 160 stores there."
    ) == [
        "It operates in Canada under the domain name bestbuy.ca.",
        "In fiscal 2022, we acquired Current Health.",
        "It has ca. 160 stores there.",
    ]


def test_a_full_stop_inside_brackets_ends_no_sentence() -> None:
    # a stop inside brackets the next part closes (Boeing's 10-K 2022, Item 1A, page 10), and
    # brackets opening in lower case after "U.S." (Home Depot's 10-K 2024, Item 1)
    assert split_sentences(
        "We derive a substantial portion of our revenue from the U.S. government, primarily "
        "with the United States Department of Defense (U.S. DoD). The rest follows."
    ) == [
        "We derive a substantial portion of our revenue from the U.S. government, primarily "
        "with the United States Department of Defense (U.S. DoD).",
        "The rest follows.",
    ]
    assert split_sentences(
        "We operated 2,347 stores located throughout the U.S. (including the Commonwealth of "
        "Puerto Rico), Canada, and Mexico. Stores are large."
    ) == [
        "We operated 2,347 stores located throughout the U.S. (including the Commonwealth of "
        "Puerto Rico), Canada, and Mexico.",
        "Stores are large.",
    ]
    # a list's "(i)" and "(a)" open sentences of their own; a closed bracket is no open one
    assert split_sentences("It has three segments. (i) Activision is a publisher.") == [
        "It has three segments.",
        "(i) Activision is a publisher.",
    ]
    assert split_sentences("Sales rose (see Note 4). Costs fell.") == [
        "Sales rose (see Note 4).",
        "Costs fell.",
    ]


def test_rows_of_a_label_and_an_amount_are_cut_from_the_sentence_after_them() -> None:
    def block(text: str) -> Block:
        return Block("text", text, "p_13", 13, "item_2", 1)

    rows = (
        "Penang, Malaysia 150,000 Assembly, Test, Mark & Packaging Suzhou, China 115,000 "
        "Assembly, Test, Mark & Packaging The remaining wafers for our products are delivered "
        "from third-party foundries to our partners located in the Asia-Pacific region."
    )
    prose = "We had 1,138 stores and 2,400 Geek Squad agents in the U.S. at the end of the year."
    assert [s.text for s in sentences_of([block(rows), block(prose)])] == [
        "The remaining wafers for our products are delivered from third-party foundries to our "
        "partners located in the Asia-Pacific region.",
        prose,
    ]


def test_a_list_marker_and_title_run_into_the_items_text_are_cut() -> None:
    # Activision Blizzard's 10-K 2019, Item 1: "(iii) King Digital Entertainment King is ..."
    text = "(iii) King Digital Entertainment King is a leading global developer of mobile games."
    block = Block("text", text, "p_5", 5, "item_1", 1)
    assert [s.text for s in sentences_of([block])] == [
        "King is a leading global developer of mobile games."
    ]
    # a marker before a sentence of its own stays
    block = Block("text", "(a) We sell our products directly to consumers.", "p_5", 5, "item_1", 2)
    assert [s.text for s in sentences_of([block])] == [
        "(a) We sell our products directly to consumers."
    ]


def test_a_notes_two_part_title_run_into_its_first_sentence_is_cut() -> None:
    # Tele2's interim report Q3 2025, p24: the note's title and its first sentence on one line
    text = (
        "Financial instruments – classification and fair values Tele2’s financial assets consist "
        "mainly of receivables from end customers, other operators and resellers."
    )
    block = Block("text", text, "p_24", 24, "", 1)
    assert [s.text for s in sentences_of([block])] == [
        "Tele2’s financial assets consist mainly of receivables from end customers, other "
        "operators and resellers."
    ]
    # a dash within a sentence is no title's
    for text in ("Sales – excluding currency effects – rose by 4% in the quarter.",):
        block = Block("text", text, "p_2", 2, "", 2)
        assert [s.text for s in sentences_of([block])] == [text]


def test_a_lead_in_and_its_few_list_items_are_one_sentence() -> None:
    def block(kind: str, text: str, position: int, page: str = "p_4") -> Block:
        return Block(kind, text, page, 4, "item_1", position)

    blocks = [
        block("text", "We are a global semiconductor company primarily offering:", 1),
        block("item", "• x86 microprocessors and GPUs for the consumer markets; and", 2),
        block("item", "• semi-custom products and technology for game consoles.", 3),
        block("text", "We sell to OEMs in several markets:", 4),
        block("item", "• personal computers; and", 5),
        block("item", "• servers.", 6, "p_5"),  # on the next page: no sentence of the two
    ]
    texts = [s.text for s in sentences_of(blocks) if not s.bullet]
    assert texts == [
        "We are a global semiconductor company primarily offering: x86 microprocessors and GPUs "
        "for the consumer markets; and semi-custom products and technology for game consoles."
    ]
    # an HTML list whose items are paragraphs that keep their marks (Home Depot 10-K FY2024,
    # Item 1 "OUR STRATEGY")
    blocks = [
        block("text", "We invest in support of the following goals:", 1),
        block("text", "•We intend to provide the best customer experience;", 2),
        block("text", "•We intend to extend our position as the low-cost provider; and", 3),
        block("text", "•We intend to be the most efficient investor of capital.", 4),
    ]
    assert sentences_of(blocks)[0].text == (
        "We invest in support of the following goals: We intend to provide the best customer "
        "experience; We intend to extend our position as the low-cost provider; and We intend to "
        "be the most efficient investor of capital."
    )


def test_a_list_parted_by_semicolons_keeps_the_commas_of_its_names() -> None:
    # Boeing's 10-K 2022, Item 1, page 3
    text = (
        "We operate in four reportable segments: Commercial Airplanes (BCA); Defense, Space & "
        "Security (BDS); Global Services (BGS); Boeing Capital (BCC)."
    )
    names = [i.name for i in listed_in_sentences([Sentence(text, "p_3", 3, 0, "item_1", ())])]
    assert names == [
        "Commercial Airplanes (BCA)",
        "Defense, Space & Security (BDS)",
        "Global Services (BGS)",
        "Boeing Capital (BCC)",
    ]


def test_a_table_row_with_amounts_in_currency_is_no_heading() -> None:
    # Boeing's 10-K 2022 revenue by region (page 114), once the customers section's heading
    assert not is_heading_text("Asia $8,393 $5,845 $5,931")
    assert not is_heading_text("Total Backlog $404,381 $377,499")
    assert is_heading_text("Business Environment and Trends")


# Sentences read in the corpus's documents, and whether each says who the customers are (2
# outright, 1 by naming them, 0 not at all).
WHO_BUYS = [
    # the sectors whose demand the offering meets name who buys; a place's demand names none
    (
        "The demand for installation projects in the infrastructure, industrial, defence and "
        "civil engineering sectors remains stable.",
        1,
    ),
    ("Efterfrågan på service inom industri- och infrastruktursektorn är fortsatt god.", 1),
    ("Demand in southern Sweden remained weak during the quarter.", 0),
    ("No single customer accounts for more than ten per cent of net sales.", 2),  # Lifco 2019
    # buyers that resell, their share of what is sold; a long list of what is sold before whom
    # it is sold to, past the name a product goes by ("sometimes referred to as")
    ("In 2024, these five bottling partners combined represented 44% of our total volume.", 2),
    (
        "We generate revenues by selling concentrates, sometimes referred to as beverage bases, "
        "syrups and certain finished beverages to authorized bottling operations.",
        2,
    ),
    # a share of a product, not of a buyer
    ("Trademark Coca-Cola accounted for 47% of our worldwide unit case volume.", 0),
    # selling to "customers" says who they are only with the words around it: how they are
    # reached or what they are (Tesla 10-K FY2024, Item 1; Amcor 10-K 2023, page 7), not a gift
    # card's or a protection plan's buyers (Best Buy 10-K 2023, notes, pages 49-50)
    ("We generally sell our products directly to customers, and continue to grow our network.", 2),
    ("We sell retrofit solar energy systems to customers and channel partners.", 2),
    (
        "The reportable segments produce flexible packaging, rigid packaging, specialty cartons, "
        "and closure products, which are sold to customers participating in a range of attractive "
        "end use areas throughout Europe, North America, Latin America, Africa, and the Asia "
        "Pacific regions.",
        2,
    ),
    ("We sell Best Buy gift cards to our customers in our retail stores, online and through.", 0),
    (
        "On behalf of third-party underwriters, we sell various hardware protection plans to "
        "customers that provide extended warranty coverage on their device purchases.",
        0,
    ),
    # one customer named with its share (General Mills 10-K 2022, Item 1), not a segment's,
    # a product's or a country's share
    (
        "During fiscal 2022, Walmart Inc. and its affiliates (Walmart) accounted for 20 percent "
        "of our consolidated net sales and 28 percent of net sales of our North America Retail "
        "segment.",
        2,
    ),
    ("Our North America Retail segment accounted for 60 percent of our net sales.", 0),
    # customers named, each with a share above a floor (AMD 10-K 2015, Item 1)
    (
        "In 2015, Microsoft Corporation and Sony Corporation each accounted for more than 10% of "
        "our consolidated net revenues.",
        2,
    ),
    ("Our North America Retail segment accounted for more than 60 percent of our net sales.", 0),
    ("Sales of iPhone accounted for 52% of total net sales.", 0),
    ("The United States accounted for 57% of net sales.", 0),
    # a share of sales said to come from a buyer (Lockheed Martin 10-K 2022, Item 7 and 1A),
    # though a place is in its name; never from a place or a segment
    (
        "In 2022, 73% of our $66.0 billion in net sales were from the U.S. Government, either as "
        "a prime contractor or as a subcontractor, 26% were from international customers.",
        2,
    ),
    ("We derived 73% of our total consolidated net sales from the U.S. Government in 2022.", 2),
    ("About 60% of our revenues were from the Americas.", 0),
    ("In 2022, 40% of net sales came from our Flexibles segment.", 0),
    # "Revenues from <buyer> (...), <clause>, represented N%" (Boeing 10-K 2022, Note 21); not
    # from a kind of sales abroad (Activision Blizzard 10-K 2019)
    (
        "Revenues from the U.S. government (including foreign military sales through the U.S. "
        "government), primarily recorded at BDS and BGS, represented 40%, 49% and 51% of "
        "consolidated revenues for 2022, 2021 and 2020, respectively.",
        2,
    ),
    (
        "Net revenues from international sales accounted for approximately 54%, 54%, and 55% of "
        "our total consolidated net revenues for the years ended December 31, 2019, 2018, and "
        "2017, respectively.",
        0,
    ),
    (
        "Kemira is a global leader in sustainable chemical solutions for water-intensive "
        "industries.",
        2,
    ),
    (
        "The Company’s customers are primarily in the consumer, small and mid-sized business, "
        "education, enterprise and government markets.",
        2,
    ),  # Apple
    (
        "In the quarter, a contract was announced with Bharti Airtel to support the rollout of "
        "Fixed Wireless Access with Ericsson’s core network portfolio.",
        1,
    ),
    (
        "Each week, we serve approximately 270 million customers who visit more than 10,750 stores "
        "and numerous eCommerce websites in 19 countries.",
        1,
    ),  # Walmart
    ("Intersecting our DIY customers and our Pros are our DIFM customers.", 1),  # Home Depot
    # customers by their number under the names a business gives them (FinanceBench's Netflix)
    (
        "Netflix is the world’s leading internet television network with over 117 million "
        "streaming memberships in over 190 countries.",
        1,
    ),
    ("We had 2.9 billion monthly active users at the end of the year.", 1),
    ("Tele2 har 1,2 miljoner abonnemang i Sverige.", 1),
    ("The number of paying subscribers is reported each quarter.", 1),
    # nobody's number of customers: a year, a board, receivables, a period's change
    ("In 2024 users of the platform were offered new plans.", 0),
    ("The Board has 10 members of the board elected by the shareholders.", 0),
    ("Trade receivables comprised 3 accounts receivable past due.", 0),
    (
        "The increase in our domestic streaming revenues was due to a 10% growth in the average "
        "number of paid memberships.",
        0,
    ),  # Netflix 10-K 2017
    # filler: customers mentioned, not said who they are
    (
        "I would like to thank all our employees, customers, suppliers, and shareholders for their "
        "commitment and support during 2024.",
        0,
    ),  # Stora Enso
    (
        "Going forward, we plan to focus on our core operations and remain fully committed to "
        "serving our customers.",
        0,
    ),  # Neste
    (
        "The Company operates various platforms, including the App Store®, that allow customers to "
        "discover and download applications and digital content.",
        0,
    ),  # Apple
    (
        "Today’s distribution structure encourages customers in Sweden to switch operators "
        "frequently.",
        0,
    ),  # Tele2
    # the period's changes among customers, a partnership that supplies nobody
    (
        "The demand for industrial assembly equipment and vision solutions weakened, primarily due "
        "to lower investment activity among automotive customers.",
        0,
    ),  # Atlas Copco
    (
        "The service business continued to develop favorably with solid order growth from both "
        "semiconductor and industrial customers.",
        0,
    ),  # Atlas Copco Q3 2025, page 5
    (
        "It will also enter into a 50/50 partnership with Global Communications Infrastructure LLC "
        "which is backed by Manulife Investment Management.",
        0,
    ),  # Tele2
    # who buys, as customer sets or whom revenue comes from selling to (FinanceBench's AMD;
    # Amazon's and Meta's 10-Ks 2024)
    (
        "Our microprocessor customers consist primarily of original equipment manufacturers "
        "(OEMs), original design manufacturers (ODMs), system builders and independent "
        "distributors in both domestic and international markets.",
        2,
    ),
    (
        "In each of our segments, we serve our primary customer sets, consisting of consumers, "
        "sellers, developers, enterprises, content creators, advertisers, and employees.",
        2,
    ),
    (
        "Currently, we generate substantially all of our revenue from selling advertising "
        "placements on our family of apps to marketers, which is reflected in FoA.",
        2,
    ),
    # not who buys: whom it competes with, how sales are accounted for or valued, support tools,
    # what revenue from contracts with customers consists of (FinanceBench's MGM), a system
    # selling to consumers in general (Coca-Cola)
    (
        "We compete with companies providing connection, sharing, discovery, and communication "
        "products and services to users online, as well as companies that sell advertising to "
        "businesses looking to reach consumers.",
        0,
    ),
    (
        "This valuation requires us to make judgments, based on currently available information, "
        "about the likely method of disposition, such as through sales to individual customers.",
        0,
    ),
    (
        "We also invest in and rely on self-service tools to provide direct customer support to "
        "our users and partners.",
        0,
    ),
    (
        "The Company’s revenue from contracts with customers consists of casino wagers "
        "transactions, hotel room sales, food and beverage transactions, entertainment shows, and "
        "retail transactions.",
        0,
    ),
    (
        "We generally determine standalone selling prices based on the prices charged to "
        "customers.",
        0,
    ),
    # a verb after its subject is no kind of customer; cash received from them is liquidity
    (
        "We direct customers to our stores primarily through a number of marketing channels, "
        "such as our sponsored search and social and online advertising.",
        0,
    ),
    (
        "Our operating cash flows result primarily from cash received from our consumer, seller, "
        "developer, enterprise, and content creator customers, and advertisers.",
        0,
    ),
    # Verizon's 10-K 2022: its competitive position, claims against it and the accounting of
    # its contracts and leases are no statement of who buys
    (
        "In addition to these competitive factors and trends, our competitive position also "
        "depends on our ability to market our products and services effectively.",
        0,
    ),
    (
        "These claims, whether against us directly or against third-party suppliers of products "
        "or services that we sell to our customers, could require us to pay damages or royalties.",
        0,
    ),
    (
        "In addition, we also assess whether the service term is impacted by certain legally "
        "enforceable rights and obligations in our contract with customers.",
        0,
    ),
    (
        "As allowed by the practical expedient within Topic 842, we have elected to combine the "
        "lease and non-lease components for customer premise equipment where we are the lessor.",
        0,
    ),
    # what customers are doing or owe says nothing of who they are (Boeing's backlog note, Best
    # Buy's MD&A, Alphabet's credit losses), nor does a sale to the issuer's own segment or
    # "different customers"
    ("Our total backlog includes contracts that we and our customers are committed to perform.", 0),
    (
        "In particular, our customers are facing economic challenges from the dual pressures of "
        "high inflation and the resulting interest rate increases.",
        0,
    ),
    (
        "We assess collectibility by reviewing accounts receivable on an individual basis when we "
        "identify specific customers with known disputes or collectibility issues.",
        0,
    ),
    (
        "Such sales include aircraft sold to our BCC segment that are leased by BCC to customers "
        "and considered transferred to the BCC segment.",
        0,
    ),
    (
        "Our long-term strategy continues to be to market to different customers and utilize our "
        "significant convention and meeting facilities.",
        0,
    ),
    # and what they are still does
    ("Our customers are primarily in the consumer, education and government markets.", 2),
    ("We sell our products directly to customers through our stores.", 2),
    # what it provides, to whom by their kind (Verizon's 10-K 2022, Item 1)
    (
        "Verizon is one of the world’s leading providers of communications, technology, "
        "information and entertainment products and services to consumers, businesses and "
        "government entities.",
        2,
    ),
]


@pytest.mark.parametrize(("text", "strength"), WHO_BUYS)
def test_who_buys_reads_who_the_customers_are_not_that_there_are_some(
    text: str, strength: int
) -> None:
    assert who_buys(text) == strength


def test_a_us_company_with_pdf_documents_from_a_manifest_gets_a_profile(
    connection: Connection,
) -> None:
    # Documents added with a manifest: pages stored with their format, any market.
    company = add_company(connection, "acmeus", "Acme Industries Inc.", tickers=("ACMU",))
    filing = add_filing(
        connection,
        company,
        accession_number="0000000000-25-000001",
        document_type="10-K",
        form="10-K",
        document_format="pdf",
        fiscal_year=2024,
        filed_date=d("2025-02-20"),
    )
    add_page(
        connection,
        filing,
        "0000000000-25-000001",
        1,
        "Our Company\n"
        "Acme Industries is a leading manufacturer of industrial valves and pumps for water "
        "utilities.\n"
        "Our Strategy\n"
        "Our strategy is to expand our service business in North America and Europe.\n",
    )
    add_page(
        connection,
        filing,
        "0000000000-25-000001",
        2,
        "Consolidated Statements of Income\n($ in millions)\nYears ended 2024 2023\n"
        "Net sales $ 1,250 $ 1,100\nOperating income 150 120\nNet income $ 95 $ 80\n"
        "Net sales by product line were as follows ($ in millions):\n2024 2023\n"
        "Valves $ 800 $ 700\nPumps 450 400\nTotal net sales $ 1,250 $ 1,100\n",
    )
    assert extract_filing(connection, filing) is True
    body = profile_service(connection, CompanyDirectory(), company="ACMU", locale="en").model_dump()
    # no figures are stored for it: its size is what its income statement prints
    size = body["overview_section"]["key_figures"]
    assert (size["year"], size["currency"]) == (2024, "USD")
    assert [(f["metric"], f["value"], f["page_id"]) for f in size["figures"]] == [
        ("revenue", "1250000000", "0000000000-25-000001_2"),
        ("operating_income", "150000000", "0000000000-25-000001_2"),
        ("net_income", "95000000", "0000000000-25-000001_2"),
    ]
    # its revenue by product line as its table prints it, with each line's share of the total
    (lines,) = body["products_services"]["breakdowns"]
    assert {k: lines[k] for k in ("axis", "year", "source", "title", "currency", "page_id")} == {
        "axis": "products",
        "year": 2024,
        "source": "report_table",
        "title": "Net sales by product line were as follows ($ in millions)",
        "currency": "USD",
        "page_id": "0000000000-25-000001_2",
    }
    assert (lines["total"], lines["adds_up"]) == ("1250000000", True)
    assert (lines["period_start"], lines["period_end"]) == (None, None)  # the year's days unprinted
    assert [(x["name"], x["revenue"], x["share"]) for x in lines["lines"]] == [
        ("Valves", "800000000", "64.00"),
        ("Pumps", "450000000", "36.00"),
    ]
    assert body["overview"].startswith("Acme Industries is a leading manufacturer")
    assert body["strategy"] == (
        "Our strategy is to expand our service business in North America and Europe."
    )
    assert body["citations"]["overview"][0]["page_id"] == "0000000000-25-000001_1"


def test_a_company_without_text_is_the_contract_miss(sec_client: TestClient) -> None:
    body = profile(sec_client, "MSFT", locale="fi")
    assert body["failure_kind"] == "not_found"
    assert {"company", "resolved_name", "cik", "ticker", "locale", "alternatives", "hint"} <= set(
        body
    )
    assert body["locale"] == "fi" and body["alternatives"] == []


# A 10-K as a PDF prints it (written for this test): a cover, a table of contents, the items
# under their headings ("Item 1A. - Risk Factors"), a long title-case heading, the columns of a
# table of estimates, and the auditor's critical audit matters in Item 8.
SYNTHETIC_10K = (
    "UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\n"
    "Indicate by check mark whether the registrant is a shell company. Yes No\n",
    "TABLE OF CONTENTS\nItem 1. Business 3\nItem 1A. Risk Factors 4\n"
    "Item 7. Management's Discussion and Analysis of Financial Condition and Results of "
    "Operations 5\nItem 8. Financial Statements and Supplementary Data 6\n",
    "PART I\nItem 1. - Business\nGeneral\nAcme Valves Inc. is a leading manufacturer of "
    "industrial valves and pumps for water utilities.\nWe serve customers in the United States, "
    "Canada and Mexico.\n",
    "Item 1A. - Risk Factors\nYou should carefully consider the risks described below before "
    "investing in our securities.\nA decline in municipal spending could reduce demand for our "
    "valves.\nMost of our orders come from water utilities that depend on public budgets.\n",
    "PART II\nItem 7. - Management's Discussion and Analysis of Financial Condition and "
    "Results of Operations\nResults of the Year\nNet sales grew in every quarter of the year.\n"
    "Critical Accounting Estimates and Recently Issued Accounting Standards\n"
    "Critical Accounting Estimates\nThe estimates below require the most judgment.\n"
    "Warranty Reserves\nDescription\nWe accrue the expected cost of repairing valves under "
    "warranty when they are sold.\n",
    "Item 8. - Financial Statements and Supplementary Data\nCritical Audit Matters\nThe critical "
    "audit matter communicated below is a matter arising from the audit of the statements.\n",
)


def test_a_10k_read_from_pdf_pages_is_read_item_by_item(connection: Connection) -> None:
    company = add_company(connection, "acmevalves", "Acme Valves Inc.", tickers=("ACVL",))
    filing = add_filing(
        connection,
        company,
        accession_number="0000000000-25-000002",
        document_type="10-K",
        document_format="pdf",
        fiscal_year=2024,
        filed_date=d("2025-02-20"),
    )
    for number, text in enumerate(SYNTHETIC_10K, start=1):
        add_page(connection, filing, "0000000000-25-000002", number, text)
    assert extract_filing(connection, filing) is True
    body = profile_service(connection, CompanyDirectory(), company="ACVL", locale="en").model_dump()
    assert body["overview"].startswith("Acme Valves Inc. is a leading manufacturer")
    # Item 1A's preamble is no risk; the first risk is the first the filing states.
    assert body["risks"]["sentences"][0]["text"].startswith("A decline in municipal spending")
    assert body["risks"]["source_heading"] == "Item 1A. Risk Factors"
    # The estimates part begins under its long heading, its table's columns are no estimates,
    # and Item 8's critical audit matters are no part of it.
    assert items_of(body, "accounting") == ["Warranty Reserves"]
    cited_pages = {s["page_number"] for s in cited(body)}
    assert cited_pages and not cited_pages & {1, 2}  # neither the cover nor the contents


@pytest.mark.parametrize(
    ("line", "item"),
    [
        ("Item 1A. - Risk Factors", (1, "a")),
        ("ITEM 7 - MANAGEMENT'S DISCUSSION AND ANALYSIS", (7, "")),
        ("Item 1. Business.", (1, "")),
        ("Item 7A. Quantitative and Qualitative Disclosures About Market Risk", (7, "a")),
        ("Item 1. Business 4", None),  # a line of the table of contents
        ("Item 5.02 Departure of Directors or Certain Officers", None),  # an 8-K's item
        ("Item 8 of this Annual Report on Form 10-K.", None),  # a reference to an item
        ("Item 8, Financial Statements and Supplementary Data, of this report", None),
    ],
)
def test_item_headings_as_pdfs_print_them(line: str, item: tuple[int, str] | None) -> None:
    assert pdf_item_heading(line) == item


def _financebench_documents(corpus: Path, kind: str | None = None) -> list[Path]:
    manifest = corpus / "financebench" / "manifest.json"
    if not manifest.is_file():
        unavailable(f"the corpus at {corpus} has no financebench folder")
    documents = json.loads(manifest.read_text())["documents"]
    return [manifest.parent / d["path"] for d in documents if kind in (None, d["document_type"])]


def _financebench_document(corpus: Path, name: str) -> Path:
    """One of FinanceBench's documents by its file name; a name not in the manifest fails."""
    path = next((p for p in _financebench_documents(corpus) if p.name == name), None)
    assert path is not None, f"{name} is not in the FinanceBench manifest"
    return path


def _financebench_10ks(corpus: Path) -> list[Path]:
    return _financebench_documents(corpus, "10-K")


@cache
def _unseen_sections(path: Path) -> dict[str, Found]:
    """The profile sections of one of FinanceBench's PDFs, its registrant's name as the issuer
    (read once per document for the session's many checks), with its page lines for its tables
    of revenue by segment or product line, as ingestion reads them."""
    issuer = Issuer.of(ISSUERS[path.name.split("_")[0]])
    pages = pdf_pages(path)
    blocks = blocks_of_pages(pages, markdown=False)
    return read_sections(blocks, issuer, document_lines(pages), printed=True)


def test_financebench_10ks_are_read_by_item_and_cite_no_contents_page(corpus: Path) -> None:
    """Unseen issuers' 10-Ks (FinanceBench's development split, read at run time, never copied):
    each whose text keeps its lines is read item by item, its risks from Item 1A and its
    critical estimates from Item 7, and no section cites its cover or contents pages."""
    for path in _financebench_10ks(corpus):
        pages = pdf_pages(path)
        contents = contents_pages(pages)
        printed = {
            match.group(1)
            for page_id, _, text in pages
            if page_id not in contents
            for match in re.finditer(r"^[ \t]*item[ \t]+([17])[ \t]*[.:-]", text, re.I | re.M)
        }
        if printed != {"1", "7"}:
            continue  # a text that breaks its item headings over lines (a word to a line)
        blocks = blocks_of_pages(pages, markdown=False)
        marked = [b for b in blocks if b.section]
        first_item = min(b.page_number or 0 for b in marked)
        assert {"item_1", "item_1a", "item_7"} <= {b.section for b in marked}, path.name
        starts = {b.section: b.page_id for b in reversed(marked)}
        assert not set(starts.values()) & contents, path.name
        found = _unseen_sections(path)  # read once for this and the checks below
        accounting = found["accounting"]
        assert found["risks"].sentences and (accounting.sentences or accounting.items), path.name
        for section in found.values():
            for s in section.sentences:
                assert (s.page_number or 0) >= first_item, (path.name, s)
                assert s.page_id not in contents, (path.name, s)


# Unseen issuers' 10-Ks and 8-Ks (FinanceBench's development split, read at run time): what a
# section holds and what it must not.
UNSEEN = [
    # what it returns to its shareholders (Item 7, liquidity): its policy, the program its board
    # approved, the change to its dividend; a dividend's suspension (Boeing 10-K 2022 p44)
    (
        "BESTBUY_2023_10K.pdf",
        "strategy",
        "Our long-term capital allocation strategy is to first fund operations",
        True,
    ),
    ("BESTBUY_2023_10K.pdf", "strategy", "our Board approved a new $5.0 billion share", True),
    ("BESTBUY_2023_10K.pdf", "strategy", "5% increase in the regular quarterly dividend", True),
    ("BOEING_2022_10K.pdf", "strategy", "we announced the suspension of our dividend", True),
    # a stock repurchase plan is a share repurchase program; a dividend suspended in favour of
    # buybacks is of the dividend, and leaves room for the buyback (MGM 10-K 2022, pages 47-48);
    # what it bought back in the year, when it returned cash by both (General Mills, page 27)
    ("MGMRESORTS_2022_10K.pdf", "strategy", "authorized a $2.0 billion stock repurchase", True),
    ("MGMRESORTS_2022_10K.pdf", "strategy", "determined to suspend the ongoing dividends", True),
    ("GENERALMILLS_2022_10K.pdf", "strategy", "we repurchased 14 million shares", True),
    # that it pays no dividend and means to pay none, which only Item 5 says (Netflix 10-K 2017
    # p17, AMD 10-K 2015 p32); a stock-option note's zero dividend yield is no policy (AMD p85)
    ("NETFLIX_2017_10K.pdf", "strategy", "no present intention of paying any cash dividends", True),
    ("AMD_2015_10K.pdf", "strategy", "we do not have any plans to pay dividends", True),
    ("AMD_2015_10K.pdf", "strategy", "expected dividend yield is zero", False),
    # that it is organised by what it offers names no offering (Boeing 10-K 2022 p3)
    ("BOEING_2022_10K.pdf", "products_services", "We are organized based on the products", False),
    # ... nor does every seller's revenue policy say how it earns (Lockheed Martin 10-K 2022 p35)
    ("LOCKHEEDMARTIN_2022_10K.pdf", "overview", "We generate sales from the delivery of", False),
    ("LOCKHEEDMARTIN_2022_10K.pdf", "strategy", "total remaining authorization for future", True),
    # ... not what the returns did to its cash
    ("BESTBUY_2023_10K.pdf", "strategy", "primarily driven by share repurchases", False),
    # ... nor what a non-GAAP measure is useful for (General Mills 10-K 2022 p35)
    ("GENERALMILLS_2022_10K.pdf", "strategy", "useful information to investors", False),
    # the framework its statements are prepared under, however the 10-K words it (Note 1)
    ("LOCKHEEDMARTIN_2022_10K.pdf", "accounting", "We prepare our consolidated financial", True),
    ("VERIZON_2022_10K.pdf", "accounting", "We prepare our financial statements using U.S.", True),
    # an estimate's sensitivity under a heading of its own within the estimate (General Mills
    # 10-K 2022, pensions, "Expected Rate of Return on Plan Assets", page 30)
    (
        "GENERALMILLS_2022_10K.pdf",
        "accounting",
        "Lowering the expected long-term rate of return on assets by 100 basis points",
        True,
    ),
    ("GENERALMILLS_2022_10K.pdf", "accounting", "Preparing our Consolidated Financial", True),
    ("BOEING_2022_10K.pdf", "accounting", "in conformity with U.S. generally accepted", True),
    # its plan of capital spending for the year ahead (Item 7, liquidity)
    (
        "BOEING_2022_10K.pdf",
        "strategy",
        "We expect capital expenditures in 2023 to be higher",
        True,
    ),
    (
        "MGMRESORTS_2022_10K.pdf",
        "strategy",
        "We have planned capital expenditures in 2023 of",
        True,
    ),
    # ... named a capital program (Verizon 10-K 2022, Item 7 liquidity)
    (
        "VERIZON_2022_10K.pdf",
        "strategy",
        "cash requirements for our 2023 capital program to be",
        True,
    ),
    # Netflix's customers are its members, counted in Item 1
    ("NETFLIX_2017_10K.pdf", "customers", "117 million streaming memberships", True),
    # a fiscal calendar says nothing of what the company does
    ("AMD_2015_10K.pdf", "overview", "52 or 53 week fiscal year", False),
    ("AMD_2015_10K.pdf", "overview", "We are a global semiconductor company", True),
    ("AMD_2015_10K.pdf", "overview", "each included 52 weeks", False),
    # its most significant customers and their shares, figures listed in prose (Item 1, page 7)
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "customers",
        "Apple, Google, and Sony have been our most significant customers with revenues of 17%",
        True,
    ),
    # under Competition and Intellectual Property, "we expect" is of a rival and of patents
    ("AMD_2015_10K.pdf", "strategy", "We expect Intel to maintain", False),
    ("AMD_2015_10K.pdf", "strategy", "We expect to file future patent applications", False),
    ("AMD_2015_10K.pdf", "strategy", "As part of our long-term strategy to deliver great", True),
    # an overview of the workforce (under Human Capital) and patents say not what it does
    ("AMCOR_2023_10K.pdf", "overview", "Our people are core to the achievement", False),
    ("AMCOR_2023_10K.pdf", "overview", "global leader in developing and producing", True),
    ("BOEING_2022_10K.pdf", "overview", "We own numerous patents", False),
    # the issuer named with the names it goes by in brackets ("herein referred to as ...") and
    # "The" before its name: what it is, no definition of terms (Item 1, page 3)
    ("BOEING_2022_10K.pdf", "overview", "is one of the world’s major aerospace firms", True),
    ("COCACOLA_2017_10K.pdf", "overview", "is the world's largest beverage company", True),
    ("BOEING_2022_10K.pdf", "overview", "We are a leading producer of commercial aircraft", True),
    # how its offerings are tiered and priced, stated only in the MD&A (Item 7, page 21); the
    # allocation of content rights at fair value is accounting, no offering
    ("NETFLIX_2017_10K.pdf", "products_services", "We offer three types of streaming", True),
    ("NETFLIX_2017_10K.pdf", "products_services", "ranged in the U.S. from $7.99 to $13.99", True),
    # the revenue policy of the notes (Note 1), none of the critical estimates being of revenue
    (
        "NETFLIX_2017_10K.pdf",
        "accounting",
        "revenues are recognized ratably over each monthly",
        True,
    ),
    ("VERIZON_2022_10K.pdf", "accounting", "We earn revenue from contracts with customers", True),
    # ... and none beside an estimate of the contracts revenue is earned under (Boeing's "Accounting
    # for Long-term Contracts")
    ("BOEING_2022_10K.pdf", "accounting", "Commercial aircraft contracts", False),
    ("NETFLIX_2017_10K.pdf", "products_services", "based on estimated fair market value", False),
    # a segment's line-up by its models' designations (Item 1, "Commercial Airplanes Segment")
    (
        "BOEING_2022_10K.pdf",
        "products_services",
        "includes the 737 narrow-body model and the 767, 777 and 787 wide-body models",
        True,
    ),
    # a segment's first sentence that says whom it serves goes to the customers; its next
    # sentence describes the segment in its place ("Global Services Segment")
    ("BOEING_2022_10K.pdf", "customers", "This segment provides services to our commercial", True),
    ("BOEING_2022_10K.pdf", "products_services", "BGS sustains aerospace platforms", True),
    # floor space is no place where it sells
    ("BOEING_2022_10K.pdf", "geography", "square feet of floor space", False),
    # nor are the places of its competitors
    ("MGMRESORTS_2022_10K.pdf", "geography", "encounter competition from major gaming", False),
    # where its resorts are, as Item 1 says it (page 3)
    ("MGMRESORTS_2022_10K.pdf", "geography", "operate two casino resorts in Macau", True),
    # a business, partnership or joint venture called strategic is no strategy
    ("GENERALMILLS_2022_10K.pdf", "strategy", "50 percent interests in two strategic joint", False),
    ("VERIZON_2022_10K.pdf", "strategy", "manage as strategic business units", False),
    ("GENERALMILLS_2022_10K.pdf", "strategy", "We are executing our Accelerate strategy", True),
    # a risk's heading a PDF's lines ran into its text, where the others stand alone (page 8),
    # and a risk's own points are none ("The COVID-19 pandemic in particular has had ...": Best
    # Buy 10-K 2023, page 12; "Three of our largest states by total sales": its facts, page 13)
    (
        "GENERALMILLS_2022_10K.pdf",
        "risks",
        "The human and pet food categories in which we participate are very competitive.",
        True,
    ),
    (
        "GENERALMILLS_2022_10K.pdf",
        "risks",
        "Our failure to successfully integrate acquisitions",
        True,
    ),
    ("BESTBUY_2023_10K.pdf", "risks", "The COVID-19 pandemic in particular has had", False),
    # a category of twenty-three risks is read over its length, not to its tenth page (Netflix
    # 10-K 2017: its legal proceedings, page 12), and a risk's heading of five words is one (its
    # stock's, page 14)
    ("NETFLIX_2017_10K.pdf", "risks", "We are engaged in legal proceedings that could cause", True),
    ("NETFLIX_2017_10K.pdf", "risks", "Our stock price is volatile.", True),
    ("BESTBUY_2023_10K.pdf", "risks", "Three of our largest states by total sales", False),
    # its long-term growth objectives, their list run on in one line after the lead-in (p17)
    (
        "GENERALMILLS_2022_10K.pdf",
        "strategy",
        "growth objectives are to deliver the following performance on average over time: 2 to 3 "
        "percent annual growth in organic net sales; mid-single-digit annual growth",
        True,
    ),
    # a customer named with its share of sales (General Mills 10-K 2022, Item 1 "Customers");
    # a segment's share is none (Amcor 10-K 2023, Item 1)
    ("GENERALMILLS_2022_10K.pdf", "customers", "Walmart Inc. and its affiliates (Walmart)", True),
    # its primary customers, listed under the title "Customers" run into the paragraph (p4)
    ("GENERALMILLS_2022_10K.pdf", "customers", "Our primary customers are grocery stores", True),
    ("GENERALMILLS_2022_10K.pdf", "customers", "Customers Our primary", False),
    ("AMCOR_2023_10K.pdf", "customers", "Flexibles accounted for approximately 76%", False),
    ("GENERALMILLS_2022_10K.pdf", "geography", "Of these facilities", False),
    # that it sells almost only at home (Verizon 10-K 2022, Note 13)
    ("VERIZON_2022_10K.pdf", "geography", "International operating revenues were not", True),
    # each critical estimate named run in as a sentence of its own ("Inventory Valuation. At
    # each ...", "Income Taxes. In determining ...": AMD 10-K 2015, Item 7, pages 39-40) is led
    # by its own text, not by what the part says of estimates in general
    ("AMD_2015_10K.pdf", "accounting", "At each balance sheet date, we evaluate our ending", True),
    ("AMD_2015_10K.pdf", "accounting", "In determining taxable income for financial", True),
    ("AMD_2015_10K.pdf", "accounting", "These estimates are subject to management’s", False),
    # an estimate run in without a colon is led by the sentence it opens (General Mills 10-K
    # 2022, page 28), not by the part's list of estimates
    ("GENERALMILLS_2022_10K.pdf", "accounting", "Revenue Recognition Our revenues are", True),
    ("GENERALMILLS_2022_10K.pdf", "accounting", "These estimates include our accounting", False),
    # an estimate whose text opens with a pointer to a note is led by what follows it (MGM 10-K
    # 2022, page 52 "Impairment of Investments in Unconsolidated Affiliates")
    ("MGMRESORTS_2022_10K.pdf", "accounting", "See Note 2 to the accompanying", False),
    # the second segment described under its heading without its short name ("Verizon Business
    # Group", listed as "Verizon Business Group (Business)": Verizon 10-K 2022, Item 1, page 4),
    # though its words are the first segment's
    ("VERIZON_2022_10K.pdf", "products_services", "Our Business segment provides wireless", True),
    ("VERIZON_2022_10K.pdf", "products_services", "the Business segment's revenues were", True),
    # each segment's description, alike in words but of other segments (Netflix 10-K 2017, p. 3)
    ("NETFLIX_2017_10K.pdf", "products_services", "The International streaming segment", True),
    # a concentration of receivables restated for the year before is the same statement
    # (Activision Blizzard 10-K 2019, page 7)
    ("ACTIVISIONBLIZZARD_2019_10K.pdf", "customers", "Sony and NetEase, Inc.", False),
    # what the issuer says it is and was focused on is its strategy (Verizon 10-K 2022, Item 7
    # "Overview", page 21), unless it is its workforce (Boeing 10-K 2022, page 23)
    ("VERIZON_2022_10K.pdf", "strategy", "In 2022, we focused on maintaining our network", True),
    ("VERIZON_2022_10K.pdf", "strategy", "we are focused on the capabilities of our", True),
    ("BOEING_2022_10K.pdf", "strategy", "We are focused on improving our products and", True),
    ("BOEING_2022_10K.pdf", "strategy", "We are focused on the safety of our employees", False),
    ("MGMRESORTS_2022_10K.pdf", "accounting", "affiliates had no material impairments", True),
    # a court's judgments are no judgment the estimate asks of management: the casino loss
    # reserve is led by its judgments and assumptions (page 49), not by where markers are
    # enforceable ("... may be reached to satisfy judgments entered in the United States")
    ("MGMRESORTS_2022_10K.pdf", "accounting", "which involves judgments and assumptions", True),
    ("MGMRESORTS_2022_10K.pdf", "accounting", "Markers are not legally enforceable", False),
    # what it strives to be is what it aims at (MGM 10-K 2022, Item 1 "Overview")
    ("MGMRESORTS_2022_10K.pdf", "strategy", "We strive to be a leader in the global gaming", True),
    # the estimates' preamble and the auditor's report (Best Buy 10-K 2023, Item 7 and Item 8)
    ("BESTBUY_2023_10K.pdf", "accounting", "requires us to make assumptions and estimates", False),
    ("BESTBUY_2023_10K.pdf", "accounting", "Our audits also included evaluating", False),
    ("BESTBUY_2023_10K.pdf", "accounting", "We have not made any material changes", False),
    # that there are risks is no risk (General Mills 10-K 2022, Item 1A)
    ("GENERALMILLS_2022_10K.pdf", "risks", "Our business is subject to various risks", False),
    # the issuer's own name is no product line a sentence says what of (Foot Locker's 8-K
    # names its new CEO; its banner "Foot Locker" is its own name)
    ("FOOTLOCKER_2022_8K_dated_2022-08-19.pdf", "products_services", "Executive Chairman", False),
    # a PDF's risks are the leads of its paragraphs that state one, spread over its categories:
    # Verizon's debt (10-K 2022, "Financial Risks"), never the facts behind a risk (Boeing's
    # airlines, Best Buy's catastrophic events)
    ("VERIZON_2022_10K.pdf", "risks", "Verizon has significant debt, which could increase", True),
    ("BOEING_2022_10K.pdf", "risks", "Airlines also are experiencing increased fuel", False),
    ("BESTBUY_2023_10K.pdf", "risks", "we have observed an increase in the number", False),
    ("BESTBUY_2023_10K.pdf", "accounting", "We receive funds from our merchandise vendors", True),
    # Boeing 10-K 2022, Item 7 "Critical Accounting Policies": the judgment a contract asks for
    ("BOEING_2022_10K.pdf", "accounting", "involves a judgmental process of estimating", True),
    # what a table below presents is no estimate (Amcor 10-K 2023, Item 7)
    ("AMCOR_2023_10K.pdf", "accounting", "The following summarized financial information", False),
    # revenue recognition is no statement of who the customers are
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "customers",
        "sold to customers with a “street date”",
        False,
    ),
    ("ACTIVISIONBLIZZARD_2019_10K.pdf", "customers", "No other customer accounted for 10%", True),
    # where it sells before where its offices stand (Item 2), never a divested business's
    # results or pension plans' countries
    ("AMCOR_2023_10K.pdf", "geography", "218 locations in over 40 countries", True),
    ("AMCOR_2023_10K.pdf", "geography", "defined benefit plans in the United States", False),
    ("VERIZON_2022_10K.pdf", "geography", "historical results of divested businesses", False),
    # a 10-K's outlook for the year ahead, in its MD&A, beside its strategy: General Mills'
    # fiscal 2023 targets (Item 7, page 18, a "●" list), Best Buy's fiscal 2024 store plans
    # (Item 7, page 26), Verizon's 2023 trends (Item 7, page 37), Lockheed's F-35 production
    (
        "GENERALMILLS_2022_10K.pdf",
        "strategy",
        "Organic net sales are expected to increase 4 to",
        True,
    ),
    ("BESTBUY_2023_10K.pdf", "strategy", "expect to close approximately 20 to 30 Best Buy", True),
    # "we are preparing for ..." is an outlook too (Item 7, page 24)
    (
        "BESTBUY_2023_10K.pdf",
        "strategy",
        "we are preparing for sales in the consumer electronics industry to",
        True,
    ),
    # what the past year brought is no strategy (Best Buy, Item 7 page 24)
    ("BESTBUY_2023_10K.pdf", "strategy", "our team delivered strong execution", False),
    ("VERIZON_2022_10K.pdf", "strategy", "continuation of service revenue growth in 2023", True),
    ("LOCKHEEDMARTIN_2022_10K.pdf", "strategy", "we plan on producing 147-153 aircraft", True),
    # Boeing's: the U.S. government's share of revenues (Note 21, page 114), cut from the
    # table's rows before it
    (
        "BOEING_2022_10K.pdf",
        "customers",
        "Revenues from the U.S. government (including foreign military sales",
        True,
    ),
    ("BOEING_2022_10K.pdf", "customers", "Total revenues $66,608", False),
    # its concentration: the U.S. Government's share of net sales (Item 1, page 10); Item 7
    # restates its two shares (73%, 64% from the DoD) on page 30, and is not kept beside it
    (
        "LOCKHEEDMARTIN_2022_10K.pdf",
        "customers",
        "We derived 73% of our total consolidated net sales from the U.S. Government in 2022",
        True,
    ),
    (
        "LOCKHEEDMARTIN_2022_10K.pdf",
        "customers",
        "73% of our $66.0 billion in net sales were from the U.S. Government",
        False,
    ),
    # a PDF's risk headings, each a paragraph of its own where it ends short of the margin, as
    # the issuer ranks them: Netflix's competition and content commitments (Item 1A, page 5),
    # General Mills' retail consolidation and commodities (page 9), Verizon's economy (page 15);
    # a body sentence no longer stands in for a heading
    (
        "NETFLIX_2017_10K.pdf",
        "risks",
        "Changes in competitive offerings for entertainment video",
        True,
    ),
    ("NETFLIX_2017_10K.pdf", "risks", "The long-term and fixed cost nature of our content", True),
    ("NETFLIX_2017_10K.pdf", "risks", "The decision to obtain additional capital will", False),
    (
        "GENERALMILLS_2022_10K.pdf",
        "risks",
        "unable to maintain our profit margins in the face of a consolidating retail",
        True,
    ),
    ("GENERALMILLS_2022_10K.pdf", "risks", "Price changes for the commodities we depend on", True),
    ("VERIZON_2022_10K.pdf", "risks", "Adverse conditions in the U.S. and international", True),
    # a filing that titles its risks before a dash: those whose paragraphs run on count too
    # (Amcor, Item 1A pages 15 and 20); a dash inside a risk's text titles a point of it, no
    # risk (Verizon's climate risk, page 17)
    ("AMCOR_2023_10K.pdf", "risks", "Global Economic Conditions — Challenging current", True),
    ("AMCOR_2023_10K.pdf", "risks", "Interest Rates — Rising interest rates increase", True),
    # its first risk, though its title's words come again in its text (page 14)
    ("AMCOR_2023_10K.pdf", "risks", "Changes in Consumer Demand — We are exposed to", True),
    # how large the business is where it is: the stores it had (Best Buy, Item 1, page 5)
    ("BESTBUY_2023_10K.pdf", "overview", "We had 1,138 stores at the end of fiscal 2023", True),
    ("VERIZON_2022_10K.pdf", "risks", "Climate-Related Regulation and Policy", False),
    # a line's share of sales or its revenue weighs it (Item 1): Amcor's Flexibles (page 7),
    # Verizon's Consumer segment (page 4); customers' shares are the customers section's
    ("AMCOR_2023_10K.pdf", "products_services", "Flexibles accounted for approximately 76%", True),
    ("VERIZON_2022_10K.pdf", "products_services", "Consumer segment’s revenues were $103.5", True),
    (
        "AMD_2015_10K.pdf",
        "products_services",
        "five customers, including Sony and Microsoft",
        False,
    ),
    # fewer headings than the risks kept: the paragraphs that state a risk fill in (Lockheed's
    # first risk, Item 1A page 13)
    ("LOCKHEEDMARTIN_2022_10K.pdf", "risks", "We depend heavily on contracts with the U.S.", True),
    # the issuer's first risks as it ranks them: AMD's second, a heading of two sentences (page
    # 16), Boeing's production system (page 10, its third), MGM's rent (page 15, its fourth)
    ("AMD_2015_10K.pdf", "risks", "We rely on GF to manufacture all of our microprocessor", True),
    (
        "BOEING_2022_10K.pdf",
        "risks",
        "Operational challenges impacting the production system",
        True,
    ),
    ("MGMRESORTS_2022_10K.pdf", "risks", "significant portion of our cash flows as rent", True),
    # a large share of revenue from a buyer is a risk stated (Boeing, page 10), though no "may"
    # or "could" says so; the share from a few airlines (page 8) is the customers' section's,
    # and the next risk stands in its place
    (
        "BOEING_2022_10K.pdf",
        "risks",
        "We derive a substantial portion of our revenue from the U.S. government",
        True,
    ),
    (
        "BOEING_2022_10K.pdf",
        "risks",
        "We derive a significant portion of our revenues from a limited number of commercial",
        False,
    ),
    # customers named without saying who they are, and trade policy between countries, are
    # neither who buys nor where the issuer sells (Boeing 10-K 2022, pages 116 and 29)
    ("BOEING_2022_10K.pdf", "customers", "Our total backlog includes contracts", False),
    # who they are by their kind, and the concentration beside it (Verizon, pages 4 and 103)
    ("VERIZON_2022_10K.pdf", "customers", "products and services to consumers, businesses", True),
    ("VERIZON_2022_10K.pdf", "customers", "No single customer accounted for more than 10%", True),
    ("BOEING_2022_10K.pdf", "geography", "to ease or remove tariffs", False),
    # a market leader "in the design, development, manufacture" names no place
    ("BOEING_2022_10K.pdf", "geography", "global market leader in the design", False),
    # a catalogue's line of model designations is too fine for what the company does (AMD, page 7)
    ("AMD_2015_10K.pdf", "overview", "We also offer AMD 785E, 780E, 780M", False),
    # a lead-in and its list items are one sentence (AMD, Item 1, page 4, its first item's mark
    # lost by the PDF)
    ("AMD_2015_10K.pdf", "overview", "semiconductor company primarily offering: x86", True),
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "geography",
        "international sales accounted for approximately 54%, 54%, and 55% of our total",
        True,
    ),
    # how large it is where it is, after the date it is of, and no belief (MGM, Item 1, page 3)
    ("MGMRESORTS_2022_10K.pdf", "overview", "we operate 17 domestic casino resorts", True),
    ("MGMRESORTS_2022_10K.pdf", "overview", "We believe we operate several of the finest", False),
    # a table of properties run into the sentence after it is cut from it (AMD, Item 2, page 13)
    ("AMD_2015_10K.pdf", "geography", "Penang, Malaysia 150,000", False),
    # the share of revenue from abroad leads the geography (AMD, Item 7, page 47)
    (
        "AMD_2015_10K.pdf",
        "geography",
        "International sales as a percentage of net revenue were 75% in 2015",
        True,
    ),
    # what it expects of its pension plans or restructuring payments is no outlook
    ("VERIZON_2022_10K.pdf", "strategy", "discretionary pension contributions", False),
    ("AMD_2015_10K.pdf", "strategy", "Restructuring Plan will likely result in total cash", False),
    # under a products heading, what it offers, not how its portfolio is praised (Amcor 10-K
    # 2023, Item 1 "Products": "Behind every one of our products stands ...")
    ("AMCOR_2023_10K.pdf", "products_services", "Behind every one of our products stands", False),
    ("AMCOR_2023_10K.pdf", "products_services", "Where solutions do not currently exist", False),
    # each segment's share beside Flexibles' (page 7), alike in words but for its name
    ("AMCOR_2023_10K.pdf", "products_services", "Rigid Packaging accounted for approx", True),
    # an estimate led by how far it could move or how much room it has (Item 7, Critical
    # Accounting Estimates): Verizon's goodwill headroom and useful lives (10-K 2022, pages 45-46),
    # Boeing's discount rate (10-K 2022)
    (
        "VERIZON_2022_10K.pdf",
        "accounting",
        "exceeded its carrying amount by approximately 8%",
        True,
    ),
    ("VERIZON_2022_10K.pdf", "accounting", "one year increase in estimated useful lives", True),
    ("BOEING_2022_10K.pdf", "accounting", "obligation would decrease by $1,270 million", True),
    # the share of revenue from abroad, of consolidated revenue (Netflix 10-K 2017, Item 7)
    ("NETFLIX_2017_10K.pdf", "geography", "accounted for 44% of consolidated revenue", True),
    # the largest customers by name and share beside the top five's share (AMD, Item 1 page 10)
    ("AMD_2015_10K.pdf", "customers", "top five customers accounted for approximately 68%", True),
    (
        "AMD_2015_10K.pdf",
        "customers",
        "Microsoft Corporation and Sony Corporation each accounted for more than 10%",
        True,
    ),
    # where a regional operator's resorts are, by state (MGM, Item 1 page 6); not where the issuer
    # buys power (Verizon's REPAs, page 43) nor its state of incorporation and address (Foot
    # Locker's 8-K of August 2022, its exhibit 10.2, page 12)
    ("MGMRESORTS_2022_10K.pdf", "geography", "Beau Rivage in Biloxi, Mississippi", True),
    ("VERIZON_2022_10K.pdf", "geography", "we plan to purchase up to an aggregate", False),
    ("FOOTLOCKER_2022_8K_dated_2022-08-19.pdf", "geography", "a New York corporation", False),
    # the business's risks before those of holding the listed shares (Amcor, Item 1A: its
    # exchange-rate risk, page 21; of fifteen, its Jersey listing's, page 24, is taken last)
    ("AMCOR_2023_10K.pdf", "risks", "We are exposed to foreign exchange rate risk", True),
    # what the strategy rests on is its stated focus (General Mills, Item 7 page 17: the
    # Accelerate strategy's four pillars)
    ("GENERALMILLS_2022_10K.pdf", "strategy", "The strategy focuses on four pillars", True),
    # of an estimate's sentences, what it asks of judgment before what describes the business:
    # Netflix's amortization of content by viewing patterns (10-K 2017, Item 7 page 31)
    (
        "NETFLIX_2017_10K.pdf",
        "accounting",
        "Based on factors including historical and estimated viewing patterns, we amortize",
        True,
    ),
    ("NETFLIX_2017_10K.pdf", "accounting", "licenses are for a fixed fee and specific", False),
    # the key franchises each segment names (Activision Blizzard 10-K 2019, Item 1 page 5),
    # before what a segment's publisher does in general
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "products_services",
        "key product franchise is Candy",
        True,
    ),
    ("ACTIVISIONBLIZZARD_2019_10K.pdf", "products_services", "franchises include: World of", True),
    ("ACTIVISIONBLIZZARD_2019_10K.pdf", "products_services", "Activision develops, markets", False),
    # a segment's first sentence under its heading with its kind after the name ("Defense, Space
    # & Security Segment", Boeing 10-K 2022, Item 1 page 3)
    (
        "BOEING_2022_10K.pdf",
        "products_services",
        "manned and unmanned military aircraft and weapons systems",
        True,
    ),
    # a 10-K's release plan is its outlook, its expected restructuring charges none (Activision
    # Blizzard 10-K 2019, Item 7 page 36)
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "strategy",
        "we plan to release the next premium title in our Call of Duty franchise",
        True,
    ),
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "strategy",
        "restructuring charges of approximately",
        False,
    ),
    # what the MD&A expects of the year ahead with "we" earlier in the sentence, of deliveries
    # (Boeing 10-K 2022, Item 7 page 34), before a program's last delivery
    ("BOEING_2022_10K.pdf", "strategy", "currently expect the 737-7 to be certified", True),
    # ... and its long-term forecast, over a horizon rather than for the year ahead (page 23)
    ("BOEING_2022_10K.pdf", "strategy", "41,170 new airplanes over the next 20 years", True),
    # how the company earns its money, where Item 1 does not say it: the MD&A's revenue policy
    # (Activision Blizzard 10-K 2019, page 53), the notes' revenue recognition (Verizon 10-K 2022,
    # page 59); a risk factor's "We earn revenues, pay expenses, ..." is no such sentence
    (
        "ACTIVISIONBLIZZARD_2019_10K.pdf",
        "overview",
        "We generate revenue primarily through the sale of our interactive entertainment content",
        True,
    ),
    ("VERIZON_2022_10K.pdf", "overview", "We earn revenue from contracts with customers", True),
    # ... from its notes, which Netflix files under Item 15 (10-K 2017, page 47)
    (
        "NETFLIX_2017_10K.pdf",
        "overview",
        "all of which derive revenue from monthly membership",
        True,
    ),
    ("COCACOLA_2017_10K.pdf", "overview", "We earn revenues, pay expenses", False),
    # the share of revenue from abroad, stated as a fact among the risk factors (Boeing 10-K 2022
    # page 12, Lockheed Martin 10-K 2022, General Mills 10-K 2022 page 10); a change in sales
    # abroad ("the 43% growth in ...") or a constant-currency table is no such share
    ("BOEING_2022_10K.pdf", "geography", "accounted for approximately 41% of our revenues", True),
    ("LOCKHEEDMARTIN_2022_10K.pdf", "geography", "26% of our total net sales were from", True),
    ("GENERALMILLS_2022_10K.pdf", "geography", "23 percent of our consolidated net sales", True),
    ("GENERALMILLS_2022_10K.pdf", "geography", "Impact of foreign currency exchange", False),
    ("NETFLIX_2017_10K.pdf", "geography", "was due to the 43% growth", False),
    # how concentrated the customers are, stated as a fact among the risk factors (Boeing 10-K
    # 2022 page 8, Lockheed Martin 10-K 2022); not what is expected of them, a few carriers that
    # deliver, nor a few customers who deferred deliveries
    (
        "BOEING_2022_10K.pdf",
        "customers",
        "We derive a significant portion of our revenues from a limited number of commercial",
        True,
    ),
    ("BOEING_2022_10K.pdf", "customers", "small number of customers who have requested", False),
    (
        "LOCKHEEDMARTIN_2022_10K.pdf",
        "customers",
        "We derived 73% of our total consolidated net sales from the U.S. Government",
        True,
    ),
    ("AMD_2015_10K.pdf", "customers", "We expect that a small number of customers", False),
    ("BESTBUY_2023_10K.pdf", "customers", "small number of mobile carriers", False),
    # the revenue categories listed in Item 1, each bullet (the PDF's Symbol-font glyph) run over
    # two lines (Best Buy 10-K 2023, page 4), before an ethics alliance's "brands we sell"
    ("BESTBUY_2023_10K.pdf", "products_services", "Appliances - large appliances (including", True),
    ("BESTBUY_2023_10K.pdf", "products_services", "Responsible Business Alliance", False),
    # each segment's product categories, under its heading in the MD&A (General Mills 10-K
    # 2022, pages 21-24), one of them with "organic products" in it (no organic growth)
    ("GENERALMILLS_2022_10K.pdf", "products_services", "ready-to-eat cereals, refrigerated", True),
    ("GENERALMILLS_2022_10K.pdf", "products_services", "include super-premium ice cream", True),
    ("GENERALMILLS_2022_10K.pdf", "products_services", "include dog and cat food", True),
    # a release's closing paragraph says what the company does without an "About" heading
    (
        "FOOTLOCKER_2022_8K_dated_2022-08-19.pdf",
        "overview",
        "leads the celebration of sneaker and youth culture around the globe through a portfolio",
        True,
    ),
]


# The registrants' names, as the SEC lists them.
ISSUERS = {
    "NETFLIX": "NETFLIX INC",
    "AMD": "ADVANCED MICRO DEVICES INC",
    "FOOTLOCKER": "FOOT LOCKER, INC.",
    "AMCOR": "Amcor plc",
    "BOEING": "BOEING CO",
    "MGMRESORTS": "MGM Resorts International",
    "GENERALMILLS": "GENERAL MILLS INC",
    "VERIZON": "VERIZON COMMUNICATIONS INC",
    "ACTIVISIONBLIZZARD": "ACTIVISION BLIZZARD, INC.",
    "COCACOLA": "COCA COLA CO",
    "BESTBUY": "BEST BUY CO INC",
    "LOCKHEEDMARTIN": "LOCKHEED MARTIN CORP",
}


@pytest.mark.parametrize(("name", "section", "words", "present"), UNSEEN)
def test_unseen_issuers_10k_sections(
    corpus: Path, name: str, section: str, words: str, present: bool
) -> None:
    path = _financebench_document(corpus, name)
    found = _unseen_sections(path)
    text = " ".join(" ".join(s.text.split()) for s in found[section].sentences)
    assert (words in text) is present, text


def test_a_place_in_a_list_of_segments_is_a_segment(corpus: Path) -> None:
    # General Mills' 10-K 2022, Item 1 (page 4): "four operating segments: North America Retail;
    # International; Pet; and North America Foodservice"; a list of places alone (Apple's five
    # geographic segments) stays geography's
    path = next(p for p in _financebench_documents(corpus) if p.name == "GENERALMILLS_2022_10K.pdf")
    items = [i.name for i in _unseen_sections(path)["products_services"].items]
    assert {"North America Retail", "International", "Pet", "North America Foodservice"} <= set(
        items
    )
    apple = [
        Sentence(
            "The Company has five reportable segments: the Americas, Europe, Greater China, Japan "
            "and Rest of Asia Pacific.",
            "a_1",
            1,
            1000,
            "item_1",
            (),
        )
    ]
    assert listed_in_sentences(apple) == []


def test_a_notes_judgments_under_revenue_name_no_estimates_in_run_in_headings(
    corpus: Path,
) -> None:
    # Amcor's Note 2 has "Significant Judgments" inside its revenue policy (page 57); the run-in
    # policies after it ("Research and Development: ...") are no critical estimates. Its Item 7
    # names them as headings (page 43-45).
    path = next(p for p in _financebench_documents(corpus) if p.name == "AMCOR_2023_10K.pdf")
    items = [i.name for i in _unseen_sections(path)["accounting"].items]
    assert "Research and Development" not in items and "Restructuring Costs" not in items
    assert {"Pensions", "Goodwill and Other Intangible Assets"} <= set(items)
    # "Discount Rate" (page 44) heads a column of the chart the paragraph above it leads into
    # ("The following chart depicts the sensitivity of ..."): the pension estimate's, no estimate
    assert "Discount Rate" not in items


def test_estimates_run_in_without_a_colon_under_a_glued_heading(corpus: Path) -> None:
    # General Mills' 10-K 2022 (Item 7, pages 28-29) prints its heading "CRITICALACCOUNTING
    # ESTIMATES" without its space and names each estimate run in, no colon: "Revenue
    # Recognition Our revenues ...", "Intangible Assets Goodwill and other ...". Its pension
    # estimate's sub-headings ("Discount Rates", a table's "Defined Benefit Pension Plans") are
    # parts of an estimate, not estimates. On page 30 the PDF runs two estimates into the
    # paragraph before ("... were to prevail. Income Taxes We apply ..."), one of them named with
    # commas ("Defined Benefit Pension, Other Postretirement Benefit, and Postemployment Benefit
    # Plans We have ...").
    path = next(p for p in _financebench_documents(corpus) if p.name == "GENERALMILLS_2022_10K.pdf")
    found = _unseen_sections(path)["accounting"]
    pensions = "Defined Benefit Pension, Other Postretirement Benefit, and Postemployment Benefit"
    assert [(i.name, i.page_number) for i in found.items] == [
        ("Revenue Recognition", 28),
        ("Intangible Assets", 28),
        ("Stock-based Compensation", 29),
        ("Income Taxes", 30),
        (f"{pensions} Plans", 30),
    ]
    text = " ".join(s.text for s in found.sentences)
    assert "Income Taxes We apply a more-likely-than-not threshold" in text


def test_a_heading_of_what_it_lists_is_a_heading_though_it_has_commas(corpus: Path) -> None:
    # MGM's 10-K 2022 (Item 7, pages 49-52) names its critical estimates in headings of their
    # own lines; one lists what it is of: "Impairment of Long-lived Assets, Goodwill and
    # Indefinite-lived Intangible Assets" (page 50). A list of names is no heading.
    items = _unseen_sections(_financebench_document(corpus, "MGMRESORTS_2022_10K.pdf"))[
        "accounting"
    ].items
    assert [(i.name, i.page_number) for i in items] == [
        ("Loss Reserve for Casino Receivables", 49),
        ("Fixed Asset Capitalization", 50),
        ("Impairment of Long-lived Assets, Goodwill and Indefinite-lived Intangible Assets", 50),
        ("Impairment of Investments in Unconsolidated Affiliates", 52),
        ("Income Taxes", 52),
    ]
    listed = "Stockholm, Gothenburg, Malmö, Helsingborg, Lund and Copenhagen"
    page = f"Our offices are in these cities.\n{listed}\nThe offices are leased."
    blocks = blocks_of_pages([("p_1", 1, page)], markdown=False)
    assert [b.kind for b in blocks] == ["text"] and listed in blocks[0].text


def test_estimates_named_as_sentences_of_their_own(corpus: Path) -> None:
    # AMD's 10-K 2015 (Item 7, pages 39-40) names each critical estimate as a sentence of its
    # own that its text follows in the same paragraph: "Revenue Allowances. We record ...",
    # "... in a previous period. Goodwill. Goodwill represents ...", "Income Taxes. In ..."
    path = _financebench_document(corpus, "AMD_2015_10K.pdf")
    items = _unseen_sections(path)["accounting"].items
    assert [(i.name, i.page_number) for i in items] == [
        ("Revenue Allowances", 39),
        ("Inventory Valuation", 39),
        ("Goodwill", 39),
        ("Income Taxes", 40),
    ]


def test_the_kinds_of_revenue_under_revenue_recognition_are_no_estimates(corpus: Path) -> None:
    # Activision Blizzard's 10-K 2019 (Item 7, pages 53-59) parts its revenue recognition policy
    # by kind of revenue ("Product Sales", "Online Hosted Software Arrangements", "Subscription,
    # Licensing, and Other Revenues", ...); its other estimates follow: income taxes, software
    # development costs, fair value estimates, goodwill impairment.
    found = _unseen_sections(_financebench_document(corpus, "ACTIVISIONBLIZZARD_2019_10K.pdf"))
    items = [i.name for i in found["accounting"].items]
    assert items[0] == "Revenue Recognition"
    assert {"Income Taxes", "Software Development Costs", "Fair Value Estimates"} <= set(items)
    assert not {"Product Sales", "Subscription Arrangements", "Other Revenues"} & set(items)
    text = " ".join(s.text for s in found["accounting"].sentences)
    assert "assessment of when technological feasibility is established" in text


def test_sentences_alike_in_words_restate_each_other_only_of_the_same_things() -> None:
    consumer = "Our Consumer segment provides consumer-focused wireless and wireline services."
    business = "Our Business segment provides wireless and wireline services, including data."
    assert not alike(consumer, business)
    assert alike(consumer, "Our Consumer segment provides wireless and wireline services.")
    # the same statement for the year before, whoever it names
    assert alike(
        "We had two customers—Sony and Microsoft—who accounted for 18% and 11% of receivables "
        "at December 31, 2019.",
        "We had two customers—Sony and NetEase, Inc.—who accounted for 15% and 12% of "
        "receivables at December 31, 2018.",
    )
    # one lead-in with its list in full and in short (Boeing 10-K 2022, pages 3 and 113)
    assert alike(
        "We operate in four reportable segments: Commercial Airplanes (BCA); Defense, Space & "
        "Security (BDS); Global Services (BGS); Boeing Capital (BCC).",
        "We operate in four reportable segments: BCA, BDS, BGS and BCC.",
    )
    assert not alike(
        "We operate in four reportable segments: BCA, BDS, BGS and BCC.",
        "We sell in four main regions: Americas, Europe, Asia and Oceania.",
    )


def test_a_ratio_named_only_as_the_ratio_is_read_with_the_sentence_naming_it() -> None:
    # Stora Enso's release p1: the target's sentence names the ratio only as "the ratio"
    named = "The net debt to adjusted EBITDA (LTM) ratio improved to 3.0 (3.2)."
    target = "The target to keep the ratio below 2.0 remains."
    assert with_their_referents([named, target]) == [f"{named} {target}"]
    # a sentence that names its ratio in full stands alone, and so does one whose sentence
    # before it names no ratio
    full = "The target to keep the equity ratio above 30% remains."
    assert with_their_referents([named, full]) == [named, full]
    assert with_their_referents(["Sales grew by 4%.", target]) == ["Sales grew by 4%.", target]
    assert with_their_referents([target]) == [target]


def test_a_bullet_run_over_lines_stays_a_list_item_until_a_capital_begins_a_line() -> None:
    text = (
        "Merchandise and Services\n"
        "Our segments have offerings in six revenue categories. Its components are as follows:\n"
        "\uf0b7 Appliances - large appliances (including dishwashers, laundry, ovens and\n"
        "refrigerators) and small appliances (including blenders, coffee makers and vacuums);\n"
        "\uf0b7 Around 12% capex to sales (excluding spectrum and leases)\n"
        "Financial guidance\n"
    )
    blocks = blocks_of_pages([("p_4", 4, text)], markdown=False)
    items = [b.text for b in blocks if b.kind == "item"]
    assert items[0] == (
        "Appliances - large appliances (including dishwashers, laundry, ovens and refrigerators) "
        "and small appliances (including blenders, coffee makers and vacuums);"
    )
    assert not any("Financial guidance" in t for t in items)
    # as a sentence, without the list's separator
    sentences = [s.text for s in sentences_of(blocks) if s.bullet]
    assert sentences[0].endswith("coffee makers and vacuums)")


def test_places_named_in_passing_are_named_once_each() -> None:
    def sentence(text: str, position: int, headings: tuple[str, ...] = ()) -> Sentence:
        return Sentence(text, "p_1", 1, position, "", headings)

    sentences = [
        sentence("We made an acquisition in the UK during the year.", 1000),
        sentence("Growth in the United Kingdom and China was slower.", 2000),
        # what the risk part names is a risk's place, not one named in passing
        sentence("Sanctions against Russia could hurt our sales.", 3000, ("Risks",)),
    ]
    assert _named_in_passing(sentences, "en") == ["UK", "China"]


def test_one_matter_named_in_a_run_of_words_is_told_once() -> None:
    # Ericsson Q3 2025 p14, its forward-looking list: the Iraq matter told three times
    first = (
        "Potential material additional liability resulting from past conduct, including "
        "allegations of past conduct that remains unresolved or unknown in multiple "
        "jurisdictions including Iraq, which remains the subject of ongoing investigations by "
        "Ericsson and US governmental authorities"
    )
    third = (
        "The risk that the ongoing investigations by Ericsson and US governmental authorities "
        "result in a conclusion by Ericsson or US governmental authorities that the Company’s "
        "past conduct included making or having responsibility for making payments"
    )
    assert alike(first, third)
    # the phrase every risk factor ends in names nothing; one place in common, a list of
    # places in common and a date in common are no matter
    assert not _same_matter(
        "Tariffs could have a material adverse effect on our business, financial condition and "
        "results of operations.",
        "Cyber attacks could have a material adverse effect on our business, financial "
        "condition and results of operations.",
    )
    assert not alike(
        "Principal product development and manufacturing units are located in Belgium, Spain, "
        "Germany, the United States, China, and India.",
        "Principal product development and manufacturing units are located in Belgium, the "
        "United States, China, India, Germany, and Italy.",
    )
    assert not alike(
        "Sales offices and plants are located throughout Europe, North America, Latin America, "
        "Africa, and Asia-Pacific regions to provide prompt service.",
        "Products are sold to customers in a range of end use areas throughout Europe, North "
        "America, Latin America, Africa, and the Asia Pacific regions.",
    )
    assert not alike(
        "International revenues accounted for 44% of revenue for the year ended December 31, 2017.",
        "Streaming members grew to 110 million for the year ended December 31, 2017.",
    )


def test_the_same_figures_in_other_words_restate_each_other() -> None:
    # Kemira's release: the CEO's review and the targets' part state the same targets
    ceo = (
        "We announced our new long-term financial targets during 2024 and we are now aiming for "
        "more than 4% organic growth on average while retaining operative EBITDA within 18-21% "
        "and operative ROCE above 16%."
    )
    targets = (
        "Kemira’s target for average annual organic growth has been changed to over 4% "
        "(previously: above the market growth) and the operative EBITDA margin target has been "
        "increased to 18–21% (previously 15–18%)."
    )
    assert alike(ceo, targets)
    # one figure in common, a year or a count, restate nothing
    assert not alike(
        "Revenue grew 4% in 2024 with 17 new stores.", "Margins rose 4% in 2024 in 17 markets."
    )
    assert not alike(
        "Kemira's revenue is expected to be between EUR 2,800 and EUR 3,200 million in 2025 "
        "(reported 2024 revenue: EUR 2,948.1 million).",
        "Kemira's operative EBITDA is expected to be between EUR 540 and EUR 640 million in 2025 "
        "(reported 2024 operative EBITDA: EUR 585.4 million)",
    )


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a target of its own at its level (Stora Enso's release highlights)
        ("Adjusted ROCE increased to 3.6% (1.0%), the target being above 13%.", True),
        (
            "The program targets a total of EUR 350 million EBITDA run rate improvement by the "
            "end of 2026.",
            True,
        ),
        # a market the product is aimed at, an executive's pay, a target of no financial measure
        # and reached at that (a reached financial target may still rank as a stated target's
        # level: "reached" only keeps it from ranking before the outlook)
        (
            "The dispensing system primarily targets the electronics industry, offering 50% "
            "reduced process time.",
            False,
        ),
        (
            "Executive’s target annual long term incentive award will have a grant date value of "
            "at least $8,000,000.",
            False,
        ),
        (
            "Stora Enso achieved a 53% reduction in emissions, surpassing the 2030 target of a 50% "
            "reduction.",
            False,
        ),
    ],
)
def test_a_financial_target_at_its_level_is_strategy(text: str, kept: bool) -> None:
    sentence = Sentence(text, "p_1", 1, 1000, "", ("Highlights",))
    blocks = blocks_of_pages([("p_1", 1, text)], markdown=True)
    assert bool(strategy(blocks, [sentence]).sentences) is kept


def test_organic_growth_is_a_periods_change_organic_products_are_not() -> None:
    assert PERFORMANCE.search("Organic net sales grew 4 percent.")
    assert PERFORMANCE.search("Sales increased organically by 3%.")
    assert not PERFORMANCE.search("We sell a wide variety of organic products including cereal.")


def test_a_list_item_without_a_stop_ends_where_a_sentence_opens() -> None:
    # Ericsson's interim report Q3 2025, p24: its market areas, then a sentence of its own
    text = (
        "Ericsson has four market areas:\n"
        "- South East Asia, Oceania and India\n"
        "- North East Asia\n"
        "The financial reporting by market areas is reflecting the new structure and prior "
        "quarters have been restated accordingly.\n"
    )
    blocks = blocks_of_pages([("e_24", 24, text)], markdown=False)
    assert [b.text for b in blocks if b.kind == "item"][-1] == "North East Asia"
    assert any(
        s.text.startswith("The financial reporting by market areas") for s in sentences_of(blocks)
    )


def test_a_markdown_lists_items_are_sentences_of_their_own() -> None:
    # Stora Enso's release for 2024: its highlights, one bullet to a line, a line run on
    text = (
        "Q4/2024 (year-on-year)\n\n"
        "* Sales increased by 7% to EUR 2,322 (2,174) million.\n"
        "* Operating result (IFRS) was EUR -279 (-326) million, including items affecting\n"
        "comparability of EUR -768 million related mainly to impairments booked as part of the\n"
        "annual impairment review.\n"
        "* Net debt increased by EUR 540 million to EUR 3,707 (3,167) million.\n"
    )
    blocks = blocks_of_pages([("r_1", 1, text)], markdown=True)
    assert [b.kind for b in blocks] == ["heading", "item", "item", "item"]
    texts = [s.text for s in sentences_of(blocks)]
    assert "Sales increased by 7% to EUR 2,322 (2,174) million." in texts
    assert (
        "Operating result (IFRS) was EUR -279 (-326) million, including items affecting "
        "comparability of EUR -768 million related mainly to impairments booked as part of the "
        "annual impairment review." in texts
    )


def test_a_risk_the_summary_names_and_the_part_heads_again_is_cited_once(
    sec_client: TestClient,
) -> None:
    # NVIDIA 10-K FY2025: its "Risk Factors Summary" (p14) names each risk its Item 1A then heads
    # ("Adverse economic conditions may harm our business." on p14 and p19)
    risks = profile(sec_client, "NVDA")["risks"]
    texts = [s["text"] for s in risks["sentences"]]
    assert len(texts) == 15
    assert not [(a, b) for i, a in enumerate(texts) for b in texts[i + 1 :] if alike(a, b)]
    assert sum(t.startswith("Adverse economic conditions may harm") for t in texts) == 1
    # a category printed with and without its serial comma is one
    names = [i["name"] for i in risks["items"]]
    assert sum(n.startswith("Risks Related to Regulatory, Legal, Our Stock") for n in names) == 1


def test_statements_filed_under_item_15_read_as_item_8s() -> None:
    # Netflix's, NVIDIA's and Activision Blizzard's Item 8 points to Item 15, which lists what is
    # filed, then prints the statements and notes, then the exhibits' index
    texts = [
        ("heading", "Item 8. Financial Statements and Supplementary Data", "item_8"),
        (
            "text",
            "The financial statements are filed as part of this report under Item 15.",
            "item_8",
        ),
        ("heading", "Item 15. Exhibits, Financial Statement Schedules", "item_15"),
        ("text", "(a) The following documents are filed as part of this Annual Report.", "item_15"),
        ("heading", "Report of Independent Registered Public Accounting Firm", "item_15"),
        ("heading", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS", "item_15"),
        ("text", "The Company has three reportable segments, all of which ...", "item_15"),
        ("heading", "EXHIBIT INDEX", "item_15"),
        ("text", "3.1 Restated Certificate of Incorporation of the registrant", "item_15"),
    ]
    blocks = [Block(k, t, f"p_{i}", i, section, i) for i, (k, t, section) in enumerate(texts)]
    sections = [b.section for b in statements_of_item_15(blocks)]
    assert sections == ["item_8", "item_8", "item_15", "item_15"] + ["item_8"] * 3 + ["item_15"] * 2
    # an Item 8 that prints its statements keeps them; Item 15's schedules stay Item 15's
    statements = [Block("text", f"Note {i}. ...", "p_1", 1, "item_8", i) for i in range(6)]
    printed = statements + blocks[2:]
    assert statements_of_item_15(printed) == printed


def test_the_largest_or_most_significant_customers_and_their_shares_are_concentration() -> None:
    assert concentration("Our largest customers accounted for 20% of net sales.")
    assert concentration("Our two largest customers accounted for 20% of net sales.")
    assert concentration(
        "Apple, Google, and Sony have been our most significant customers with revenues of 17%, "
        "13%, and 11%, respectively."
    )
    assert not concentration("Our significant customers are leading retailers.")
    # revenue from few buyers (Boeing's, Activision Blizzard's risk factors), a buyer's share
    # with the buyers listed (NVIDIA's)
    assert concentration(
        "We derive a significant portion of our revenues from a limited number of commercial "
        "airlines."
    )
    assert concentration(
        "Our sales, whether digital or retail, are concentrated in a small number of large "
        "customers."
    )
    assert concentration(
        "Sales to direct Customers A, B and C represented 12%, 11% and 11% of total revenue, "
        "respectively, for fiscal year 2025."
    )
    # a share of revenue from a kind of sales, few carriers that deliver: no buyers
    assert not concentration(
        "We generated more than 75% of total revenues from online advertising in 2024."
    )
    assert not concentration(
        "We are also dependent on a relatively small number of mobile carriers to allow us to "
        "offer mobile devices with carrier connections."
    )


def test_a_name_sentence_is_only_a_run_in_name_when_text_follows_it() -> None:
    assert run_in_names("Revenue Allowances. We record a provision.") == [(0, "Revenue Allowances")]
    assert run_in_names("We write off inventories. Goodwill. Goodwill represents ...") == [
        (1, "Goodwill")
    ]
    # a name closing the paragraph heads nothing; figures and lower-case words make no name
    assert run_in_names("We record a provision. Income Taxes.") == []
    assert run_in_names("See Note 2. We record a provision.") == []
    assert run_in_names("Not applicable. We record a provision.") == []


def test_measures_are_no_segments_of_an_unseen_issuer(corpus: Path) -> None:
    """MGM's 10-K names "the Company's reportable segment GAAP measure" and "Adjusted Property
    EBITDAR ... for its reportable segments": measures, not segments; its segments stay."""
    path = next(p for p in _financebench_10ks(corpus) if p.name == "MGMRESORTS_2022_10K.pdf")
    found = _unseen_sections(path)
    names = {i.name for i in found["products_services"].items}
    assert "Las Vegas Strip Resorts" in names
    assert not names & {"GAAP", "Adjusted Property EBITDAR", "Reportable segment net revenues"}


def test_the_corporate_line_is_no_segment_of_an_unseen_issuer(corpus: Path) -> None:
    """Verizon's 10-K 2022 (page 72) reports a divested business "within our Corporate and
    Other segment": the corporate line of its segment reporting is no business of its own."""
    path = next(p for p in _financebench_10ks(corpus) if p.name == "VERIZON_2022_10K.pdf")
    names = [i.name for i in _unseen_sections(path)["products_services"].items]
    assert "Verizon Consumer Group (Consumer)" in names and "Corporate" not in names


def test_a_former_segment_is_none_of_an_unseen_issuers_products(corpus: Path) -> None:
    """General Mills' 10-K 2022 moved "our former Convenience Stores & Foodservice segment"
    into North America Retail and North America Foodservice: the former segment is no product
    line; the present ones stay."""
    path = next(p for p in _financebench_10ks(corpus) if p.name == "GENERALMILLS_2022_10K.pdf")
    names = {i.name for i in _unseen_sections(path)["products_services"].items}
    assert {"North America Retail", "North America Foodservice", "Pet"} <= names
    assert "Convenience Stores & Foodservice" not in names


def test_the_parts_after_an_unseen_issuers_estimates_are_no_estimates(corpus: Path) -> None:
    """Verizon's 10-K 2022 MD&A: "Acquisitions and Divestitures" follows its critical
    accounting estimates, and its transactions are no estimate."""
    path = next(p for p in _financebench_10ks(corpus) if p.name == "VERIZON_2022_10K.pdf")
    names = {i.name for i in _unseen_sections(path)["accounting"].items}
    assert {"Wireless Licenses", "Goodwill", "Income Taxes"} <= names
    # nor is the heading that joins two of them ("Wireless Licenses and Goodwill")
    assert not names & {
        "Acquisitions and Divestitures",
        "Bluegrass Cellular",
        "Wireless Licenses and Goodwill",
    }


def test_an_unseen_issuers_brands_listed_in_its_release(corpus: Path) -> None:
    """Foot Locker's 8-K release: "a portfolio of brands including Foot Locker, Kids Foot
    Locker, Champs Sports, Eastbay, atmos, WSS, and Sidestep" lists its products."""
    name = "FOOTLOCKER_2022_8K_dated_2022-08-19.pdf"
    path = next(p for p in _financebench_documents(corpus) if p.name == name)
    items = _unseen_sections(path)["products_services"].items
    brands = ["Foot Locker", "Kids Foot Locker", "Champs Sports", "Eastbay", "atmos", "WSS"]
    assert [(i.name, i.part_of) for i in items] == [(b, "brands") for b in [*brands, "Sidestep"]]


@pytest.mark.parametrize(
    ("text", "brands"),
    [
        ("The Company markets a family of brands such as Coca-Cola, Sprite and Fanta.", 3),
        ("Koncernen har en portfölj av varumärken som Arla, Bregott och Castello.", 3),
        # the sentence goes on after "including": no list of names
        ("It sells a portfolio of brands including beverages sold in more than 200 countries.", 0),
    ],
)
def test_brands_a_sentence_lists(text: str, brands: int) -> None:
    assert len(listed_in_sentences([Sentence(text, "p_1", 1, 0, "", ())])) == brands


@pytest.mark.parametrize(
    ("kind", "text", "tags"),
    [
        # a short word is a whole word: no war in awareness, software or toward
        ("risks", "a high awareness of risks, software defects and a move toward cloud", []),
        ("risks", "wars and armed conflicts", ["geopolitical"]),
        ("risks", "changes in taxation and tax rates", ["taxes"]),
        # a longer one is found inside words, as in Swedish and Finnish compounds
        ("products", "microprocessors and chips for servers", ["semiconductors"]),
        ("products", "handverktyg och tools", ["tools"]),
        # a legal entity's accounting standard is no legal contingency (Atlas Copco's RFR 2)
        ("accounting", "the accounting standard RFR 2, Accounting for Legal Entities", []),
        ("accounting", "various legal proceedings and claims", ["legal contingencies"]),
        # a vehicle is automotive only as a car (Lockheed Martin's unmanned air vehicles and
        # ground vehicles are none); pensions are an accounting topic (General Mills)
        ("products", "unmanned air vehicles; manned and unmanned ground vehicles", []),
        ("products", "electric vehicles and energy storage", ["automotive", "energy storage"]),
        ("accounting", "Defined Benefit Pension, Other Postretirement Benefit", ["pensions"]),
        # a watch is a wearable, a game named Overwatch is none (Activision Blizzard)
        ("products", "Overwatch, a team-based first-person shooter", []),
        ("products", "Wearables, Home and Accessories includes Apple Watch", ["wearables"]),
        # networks and fuels as products, not a service network or renewable markets (Atlas
        # Copco's Q3 2025 report p18, Stora Enso's release, Neste's release)
        ("products", "industrial power tools through a global network", ["tools"]),
        ("products", "a wide range of industries, including renewable energy", []),
        ("products", "renewable products in packaging, biomaterials", ["packaging"]),
        ("products", "radio access and mobile networks", ["networking", "telecommunications"]),
        ("products", "sustainable aviation fuel (SAF) and renewable diesel", ["renewable fuels"]),
    ],
)
def test_tags_of_words_in_the_text(kind: str, text: str, tags: list[str]) -> None:
    assert tags_of(kind, text) == tags


def test_an_english_text_is_not_searched_for_swedish_and_finnish_stems() -> None:
    # "mobil" (Swedish mobile telephony) inside "mobility" (Boeing's 10-K 2022, Item 1), "sota"
    # (Finnish war) inside "Minnesota"
    text = "weapons systems for strike, surveillance and mobility"
    assert tags_of("products", text) == ["telecommunications"]  # the language unknown
    assert tags_of("products", text, "en") == []
    assert "geopolitical" not in tags_of("risks", "our plants in Minnesota", "en")
    assert tags_of("products", "mobilabonnemang och bredband", "sv") == ["telecommunications"]


def _rows(*texts: str) -> list[str]:
    lines = document_lines([("d_1", 1, "\n".join(texts))])
    return [i.name for i in product_table_rows(lines)]


def test_the_rows_of_a_table_of_revenue_by_product_line() -> None:
    rows = (
        "Year Ended December 31,",
        "Online stores (1): Year Ended December 31, 2023 $231,872; 2024 $247,029",
        "Physical stores (2): Year Ended December 31, 2023 20,030; 2024 21,215",
        "AWS: Year Ended December 31, 2023 90,757; 2024 107,556",
        "Other (6): Year Ended December 31, 2023 4,958; 2024 5,425",
        "Consolidated: Year Ended December 31, 2023 $574,785; 2024 $637,959",
        "Hardlines: Year Ended December 31, 2023 1; 2024 2",  # after the total: another table
    )
    title = "Net sales by groups of similar products and services is as follows (in millions):"
    assert _rows(title, *rows) == ["Online stores", "Physical stores", "AWS"]
    assert _rows("The following table presents net sales by major product line:", *rows) == [
        "Online stores",
        "Physical stores",
        "AWS",
    ]
    # a table of revenue by place, by customer type, or without a title of revenue: none
    for other in (
        "Revenue disaggregated by geography (in millions):",
        "Revenues by type of customer were as follows:",
        "The following table presents our segment results:",
    ):
        assert _rows(other, *rows) == [], other
    # a place, a subtotal and a hedging line are no products
    assert _rows(
        "Revenues by type (in millions):",
        "Google Search & other: 2024 $198,084",
        "United States: 2024 $1",
        "Google Services total: 2024 $304,930",
        "Hedging gains (losses): 2024 $211",
        "Google Cloud: 2024 $43,229",
        "Total revenues: 2024 $350,018",
    ) == ["Google Search & other", "Google Cloud"]


def test_names_that_open_the_list_items_under_a_products_heading() -> None:
    """Meta's 10-K 2024 lists its apps as bullets that open with the app's name; bullets under
    another heading, and a bullet that opens with a sentence, name no product."""
    lines = [
        ("heading", "Family of Apps Products"),
        ("text", "•Facebook. Facebook helps give people the power to build community."),
        ("text", "•WhatsApp. WhatsApp is a simple, reliable, and secure messaging application."),
        ("text", "•We also offer tools to developers. They build apps on our platforms."),
        ("heading", "Competition"),
        ("text", "•Google. Google competes with us for advertising."),
    ]
    blocks = [
        Block(kind, text, "p_7", 7, "item_1", position)
        for position, (kind, text) in enumerate(lines)
    ]
    assert [(i.name, i.part_of) for i in listed_products(blocks)] == [
        ("Facebook", "Family of Apps Products"),
        ("WhatsApp", "Family of Apps Products"),
    ]


def test_a_segment_and_its_abbreviation_are_one_item() -> None:
    names = ["Reality Labs (RL)", "RL", "Family of Apps", "Family of Apps (FoA)", "FoA"]
    names += ["Amazon Web Services (“AWS”)", "AWS", "Ferrochrome"]
    items = without_abbreviations([Item(name, "p_1", 1) for name in names])
    assert [i.name for i in items] == [
        "Reality Labs (RL)",
        "Family of Apps",
        "Amazon Web Services (“AWS”)",
        "Ferrochrome",
    ]


@pytest.mark.parametrize(
    ("name", "present", "absent"),
    [
        # a segment named with its kind in the singular is one name, its "and" part of it (AMD
        # 10-K 2015, page 10: "our Enterprise, Embedded and Semi-Custom segment")
        (
            "AMD_2015_10K.pdf",
            ["Computing and Graphics", "Enterprise, Embedded and Semi-Custom"],
            ["Embedded", "Graphics"],
        ),
        # segments named by the acronyms the document spells out, under their full names (Boeing
        # 10-K 2022, page 22: "Commercial Airplanes (BCA), Defense, Space & Security (BDS) ...")
        (
            "BOEING_2022_10K.pdf",
            ["Commercial Airplanes", "Defense, Space & Security", "Global Services"],
            ["BDS", "BGS", "BCA"],
        ),
    ],
)
def test_an_unseen_issuers_segments_named_as_it_names_them(
    corpus: Path, name: str, present: list[str], absent: list[str]
) -> None:
    path = _financebench_document(corpus, name)
    names = [i.name for i in _unseen_sections(path)["products_services"].items]
    assert set(present) <= set(names) and not set(absent) & set(names), names


def test_segment_names_in_the_singular_plural_and_spelled_out() -> None:
    def sentence(text: str, position: int) -> Sentence:
        return Sentence(text, f"p_{position}", position, position, "item_1", ())

    texts = [
        "Revenue of our Computing and Graphics segment fell.",
        "The Computing and Graphics segment includes desktop processors.",
        "Sales of the Pulp & Paper and Industry & Water segments grew.",
        "Pulp & Paper and Industry & Water are our segments.",
        "The Computing and Graphics segment revenues fell.",  # an adjective: no new name
    ]
    names = [i.name for i in named_segments([sentence(t, n) for n, t in enumerate(texts)])]
    assert names == ["Computing and Graphics", "Pulp & Paper", "Industry & Water"]
    spelled = [
        sentence("Its businesses are Commercial Airplanes (BCA) and The Boeing Capital (BCC).", 1),
        sentence("Our Global Markets (XYZ) unit is small.", 2),  # no acronym of its words
    ]
    items = [Item(n, "p_1", 1, "segment") for n in ["BCA", "BCC", "XYZ", "Commercial Airplanes"]]
    assert [i.name for i in named_in_full(items, spelled)] == [
        "Commercial Airplanes",
        "Boeing Capital",
        "XYZ",
    ]
    divisions = ["Service and Distribution", "Service", "Distribution", "Forest", "Dental products"]
    kept = without_list_parts([Item(n, "p_1", 1) for n in divisions])
    assert [i.name for i in kept] == ["Service and Distribution", "Forest", "Dental products"]


def test_segments_named_after_who_buys_are_the_customers_items() -> None:
    names = ["Sweden Consumer", "Commercial Airplanes", "Consumer Electronics"]
    names += ["North America Retail", "Corporate", "Enterprise", "Entertainment, retail and other"]
    segments = [Item(name, "p_1", 1) for name in names]
    kinds = [i.name for i in customers([], segments).items]
    assert kinds == ["Sweden Consumer", "North America Retail", "Enterprise"]


def test_an_unseen_issuers_critical_estimates_without_a_tables_columns(corpus: Path) -> None:
    """Coca-Cola's 10-K 2017, Item 7 "Critical Accounting Policies and Estimates": its estimates
    by their headings; a table's column headings ("Carrying", "Fair", "Value") are none of them,
    and took the places of real ones before. Its strategy part names no "the plans"."""
    name = "COCACOLA_2017_10K.pdf"
    path = next(p for p in _financebench_10ks(corpus) if p.name == name)
    found = _unseen_sections(path)
    estimates = {i.name for i in found["accounting"].items}
    assert {"Revenue Recognition", "Pension Plan Valuations"} <= estimates
    assert not estimates & {"Carrying", "Fair", "Value", "Overview"}
    assert all(i.name[:1].isupper() for i in found["strategy"].items)


HEADING_LABELS = Path(__file__).with_name("profile_headings.json")


@pytest.mark.parametrize("part", ["first", "second"])
def test_headings_as_reports_print_them_name_their_sections(part: str) -> None:
    """Two labelled sets of headings in English, Swedish and Finnish (profile_headings.json says
    how they were made): a heading names its section (a 10-K's "Item 1. Business" is read as
    its item, not by this vocabulary; "Recent Accounting Pronouncements" is left out on purpose,
    as other issuers' new standards are no policy of the issuer's), and a heading of no section
    ("The year in brief", "Trade receivables", "Riskfri ränta") names none."""
    rows = json.loads(HEADING_LABELS.read_text())[part]
    named = [r for r in rows if r["section"] != "none"]
    missed = [r for r in named if not HEADINGS[r["section"]].search(r["heading"])]
    wrong = [
        (r["heading"], section)
        for r in rows
        for section, pattern in HEADINGS.items()
        if section != r["section"] and pattern.search(r["heading"])
    ]
    assert len(missed) <= 0.05 * len(named), missed
    assert len(wrong) <= 0.01 * len(rows), wrong
    for language in ("en", "sv", "fi"):
        of_language = [r for r in named if r["language"] == language]
        assert sum(r in missed for r in of_language) <= 0.1 * len(of_language), language


@pytest.mark.parametrize(
    ("sentence", "stands"),
    [
        # a bare demonstrative speaks of the sentence before it (Meta's, Activision's, Ericsson's)
        ("Therefore, we consider these to be our critical accounting estimates.", False),
        ("These are fundamentally new technologies that we expect will evolve over time.", False),
        ("This allows us to communicate and market directly to our customers.", False),
        ("This is done by merging market area Europe and Latin America with North America.", False),
        ("Detta innebär att koncernen växer snabbare än marknaden i Norden.", False),
        ("Tämä tarkoittaa, että konsernin liikevaihto kasvaa seuraavana vuonna.", False),
        # a part of what was listed before, a generic noun that only points back, what was
        # said done (General Mills', Best Buy's 10-Ks)
        ("Of these facilities, 25 are located in the United States and 4 in China.", False),
        ("These factors could significantly disrupt our International operations.", False),
        (
            "We accomplish this by leveraging our combination of technology and a human touch.",
            False,
        ),
        # a conjunction or "it means" carries on from the sentence before (Best Buy 10-K 2023,
        # Atlas Copco Q3 2025)
        ("And our strategy was to embrace that reality, and to lead not follow.", False),
        ("It also means that we include the perspective of different stakeholders.", False),
        # a pronoun for what was said before, or the others of it (NVIDIA, Meta, Best Buy, Tesla
        # 10-Ks)
        ("Indeed, it can help solve problems that were previously deemed unsolvable.", False),
        ("We expect this will be a complex, evolving, and long-term initiative.", False),
        ("We expect these and other developments will have further impact in the future.", False),
        ("We continue to advance our other strategic initiatives as well.", False),
        ("Owing and subject to the foregoing, we currently expect capital expenditures.", False),
        ("We expect this business will open access to a new customer base.", True),
        # a demonstrative before its noun names what it speaks of
        ("This segment develops, produces and markets commercial jet aircraft worldwide.", True),
        ("These customers are typically homeowners who complete their own projects.", True),
        ("This Annual Report on Form 10-K describes the business of the company in full.", True),
    ],
)
def test_a_sentence_that_leans_on_the_one_before_is_not_taken(sentence: str, stands: bool) -> None:
    assert usable(sentence, bullet=False) is stands


def test_a_list_item_cut_before_its_end_is_no_sentence() -> None:
    # Amcor 10-K 2023, Item 1: a bullet whose line ends in a comma, its text going on elsewhere
    assert not usable("A focus on primary packaging for fast-moving consumer goods,", bullet=True)
    assert usable("A focus on primary packaging for fast-moving consumer goods", bullet=True)


def test_a_paragraph_that_goes_on_from_a_risk_or_leads_into_the_next_is_no_risk() -> None:
    """Item 1A's one-sentence paragraphs are its risks, but not those that go on from the one
    before ("In addition, ...", "Any of these circumstances ...") or point below."""
    texts = [
        ("heading", "Risks Related to Our Business"),
        ("text", "Competition in our markets could reduce our sales and margins."),
        ("text", "Any of these circumstances could impair our ability to meet customer demand."),
        ("text", "In addition, some of our partners may store information provided by our users."),
        (
            "text",
            "Our operations throughout the world carry political risks, including those "
            "listed below.",
        ),
        ("text", "Interruptions in manufacturing could adversely affect our sales."),
        ("text", 'Item 7, "Management\'s Discussion and Analysis" and Note 5 in the notes.'),
    ]
    blocks = [Block(kind, text, f"a_{i}", i, "item_1a", i) for i, (kind, text) in enumerate(texts)]
    found = read_sections(blocks, Issuer.of("X"))["risks"]
    assert [s.text.split(" ")[0] for s in found.sentences] == ["Competition", "Interruptions"]


def test_a_10ks_risks_span_its_categories_in_the_issuers_order() -> None:
    """The issuer's first five risks as it ranks them, then the first risk of each category
    before the second of any; the risks of holding the stock after the others; each category
    heading an item, no single risk's heading."""

    def block(kind: str, text: str, position: int) -> Block:
        return Block(kind, text, f"a_{position}", position, "item_1a", position)

    texts = [
        ("heading", "Risks Related to Our Products"),
        *[("text", f"Product risk number {n} could harm our business.") for n in range(1, 13)],
        ("heading", "Operating Risks"),
        *[("text", f"Operating risk number {n} could harm our business.") for n in range(1, 8)],
        ("heading", "We Have Foreign Exchange Risk"),  # one risk's own heading, no category
        ("heading", "Risks Related to Ownership of Our Common Stock"),
        *[("text", f"Stock risk number {n} could harm our business.") for n in range(1, 4)],
    ]
    found = read_sections(
        [block(kind, text, i) for i, (kind, text) in enumerate(texts)], Issuer.of("X")
    )["risks"]
    # fifteen in all: the first five (all of the first category), then each category's next in
    # turn, the stock's a turn after the rest, a category's first two in its order and the rest
    # evenly over its length (of operating risks 3 to 7: the third, fifth, seventh, fourth):
    # six operating risks, three of the stock's and a sixth product risk (its turn comes with
    # the fourth operating risk's, and it comes first)
    assert [s.text.removesuffix(" could harm our business.") for s in found.sentences] == [
        *[f"Product risk number {n}" for n in range(1, 7)],
        *[f"Operating risk number {n}" for n in (1, 2, 3, 4, 5, 7)],
        *[f"Stock risk number {n}" for n in range(1, 4)],
    ]
    assert [i.name for i in found.items] == [
        "Risks Related to Our Products",
        "Operating Risks",
        "Risks Related to Ownership of Our Common Stock",
    ]


def test_a_risks_heading_of_two_sentences_the_second_its_consequence() -> None:
    """A risk's heading printed as a paragraph of two sentences, the second what it would do
    (AMD's "We rely on GF ... If GF is not able to ..., our business could be adversely
    impacted."), is a risk; two sentences whose second leans on the first ("Such shortages
    ..."), or a belief, are a risk's text."""

    def block(kind: str, text: str, position: int) -> Block:
        return Block(kind, text, f"a_{position}", position, "item_1a", position)

    heading = (
        "We rely on one foundry to manufacture our products. If it is not able to satisfy our "
        "requirements, our business could be adversely impacted."
    )
    texts = [
        ("heading", "Risks Related to Our Business"),
        ("text", heading),
        (
            "text",
            "We and our suppliers have experienced labor shortages at our centers. Such labor "
            "shortages may adversely impact the flow of products.",
        ),
        (
            "text",
            "We believe that original programming can help attract members. If we fail to "
            "produce it, our business could suffer.",
        ),
        *[("text", risk) for risk in OTHER_RISKS],
    ]
    found = read_sections(
        [block(kind, text, i) for i, (kind, text) in enumerate(texts)], Issuer.of("X")
    )["risks"]
    assert [s.text for s in found.sentences] == [heading, *OTHER_RISKS]


OTHER_RISKS = [
    "Competition in our markets could reduce our prices.",
    "Weak demand for cars may lower our sales.",
    "A cyber attack could disrupt our plants.",
    "Changes in tax law might raise our costs.",
    "Losing key staff could delay our projects.",
    "Currency swings may cut our reported earnings.",
    "Litigation over patents could be expensive.",
    "Rising interest rates would increase our borrowing costs.",
    "Floods and storms could damage our factories.",
]


def test_a_pdfs_risks_are_its_paragraphs_leads_that_state_a_risk_across_categories() -> None:
    """Where a PDF runs each risk's heading into its text, a paragraph's first sentence is the
    risk, but only one that states a risk (what could happen, what it depends on); a lead that
    gives the facts behind a risk or leans on the paragraph before is none. The first of each
    category comes before the second of any."""

    def block(kind: str, text: str, position: int) -> Block:
        return Block(kind, text, f"a_{position}", position, "item_1a", position)

    texts = [
        ("text", "The following risks could materially affect our business. Read them all."),
        ("heading", "External Risks"),
        ("text", "Weak demand could reduce our sales. Consumers spend less in a downturn."),
        ("text", "In recent years, storms grew more severe in our markets. Stores closed."),
        ("text", "These consequences could harm our margins. They did so in 2020."),
        ("text", "Our reliance on key vendors subjects us to risks. Few vendors sell TVs."),
        ("heading", "Financial Risks"),
        ("text", "Our debt could limit our options. It is large. It may grow."),
        ("text", "We also could be affected by our joint ventures' actions. They are many."),
        ("text", "Airlines are experiencing higher fuel costs. Costs may rise further."),
    ]
    found = read_sections(
        [block(kind, text, i) for i, (kind, text) in enumerate(texts)], Issuer.of("X")
    )["risks"]
    assert [s.text for s in found.sentences] == [
        "Weak demand could reduce our sales.",
        "Our reliance on key vendors subjects us to risks.",
        "Our debt could limit our options.",
    ]


def test_a_10k_that_heads_each_risk_has_its_risks_read_from_the_headings() -> None:
    business = [
        "We Face Intense Competition",
        "Our International Operations Expose Us to a Number of Risks",
        "We May Not Be Able to Adequately Protect Our Intellectual Property Rights",
        "We Have Foreign Exchange Risk",
        "We Face Risks Related to Successfully Optimizing and Operating Our Fulfillment Network",
        "Our Expansion into New Products, Services, and Geographic Regions Subjects Us to Risks",
        "We Experience Significant Fluctuations in Our Operating Results and Growth Rate",
    ]
    operating = [
        "We Face Significant Inventory Risk",
        "Our Supplier Relationships Subject Us to a Number of Risks",
        "We Are Subject to Payments-Related Risks",
        "We Could Be Harmed by Data Loss or Other Security Breaches",
        "We Face Risks Related to System Interruption and Lack of Redundancy",
        "We Rely on a Limited Number of Shipping Providers",
        "We Face Risks Related to Our Data Center Operations",
        "We Are Subject to Risks Related to Government Contracts",
        "We Are Subject to Product Liability Claims",
    ]
    legal = [
        "Government Regulation Is Evolving and Unfavorable Changes Could Harm Our Business",
        "We Face Additional Tax Liabilities and Collection Obligations",
        "We Are Subject to Claims, Litigation, and Government Investigations",
    ]
    texts = []
    for category, titles in (
        ("Business and Industry Risks", business),
        ("Operating Risks", operating),
        ("Legal and Regulatory Risks", legal),
    ):
        texts.append(("heading", category))
        for title in titles:
            texts += [("heading", title), ("text", "Its paragraph says how it could harm us.")]
    blocks = [Block(kind, text, f"a_{i}", i, "item_1a", i) for i, (kind, text) in enumerate(texts)]
    found = read_sections(blocks, Issuer.of("X"))["risks"]
    # the issuer's first five, then each category's next in turn (fifteen in all): the legal
    # risks' three, six operating risks (its first two, then evenly over the rest: the third,
    # sixth, ninth and fourth), and the business's sixth, whose turn comes with the fourth
    # operating risk's and which comes first
    chosen = [operating[i] for i in (0, 1, 2, 3, 5, 8)]
    assert [s.text for s in found.sentences] == business[:6] + chosen + legal
    assert [i.name for i in found.items] == [
        "Business and Industry Risks",
        "Operating Risks",
        "Legal and Regulatory Risks",
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # Verizon's 10-K 2022, Item 1: a list after a dash, each name with its short one
        (
            "We have two reportable segments that we operate and manage as strategic business "
            "units - Verizon Consumer Group (Consumer) and Verizon Business Group (Business).",
            ["Verizon Consumer Group (Consumer)", "Verizon Business Group (Business)"],
        ),
        # the list ends where a clause on it begins; a name keeps its abbreviation's point
        (
            "We conduct our business operations through three reportable segments: Walmart U.S., "
            "Walmart International and Sam's Club U.S., which are further described below.",
            ["Walmart U.S.", "Walmart International", "Sam's Club U.S."],
        ),
        # lower case after a colon is a list of categories (Coca-Cola's)
        (
            "We group our brands into the following categories: Trademark Coca-Cola; sparkling "
            "flavors; and emerging beverages.",
            ["Trademark Coca-Cola", "sparkling flavors", "emerging beverages"],
        ),
        # enumerated kinds, and who competes in "these categories", are no names
        ("We have two reportable segments: (i) automotive and (ii) energy generation.", []),
        (
            "Our principal competitors in these categories are manufacturers, as well as "
            "retailers with their own branded products.",
            [],
        ),
    ],
)
def test_the_names_a_sentence_lists_after_its_kind(text: str, names: list[str]) -> None:
    found = listed_in_sentences([Sentence(text, "p_1", 1, 0, "", ())])
    assert [i.name for i in found] == names


def test_a_segment_tables_rows_are_its_segments_and_nothing_below_them() -> None:
    # Best Buy's 10-K: the segments' rows, then the reconciliation to earnings and the next
    # table; Verizon's page footer after its "Revenue by Segment" chart
    lines = document_lines(
        [
            (
                "d_1",
                1,
                "\n".join(
                    (
                        "Revenue by reportable segment",
                        "Domestic $ 42,794 $ 47,830 $ 43,293",
                        "Services 2,149 2,190 2,082",
                        "Total revenue $ 46,298 $ 51,761 $ 47,262",
                        "Investment income and other 28 10 38",
                        "Interest expense (35) (25) (52)",
                        "Gain on sale of investments 12 - 1",
                        "Verizon 2022 Annual Report on Form 10-K 22",
                        "Operating income by reportable segment",
                        "Computing 1,634 2,795",
                    )
                ),
            )
        ]
    )
    assert [i.name for i in segment_rows(lines)] == ["Domestic", "Services", "Computing"]


@pytest.mark.parametrize(
    ("item", "stands"),
    [
        ("South East Asia, Oceania and India", False),  # a list of names, as a bullet
        ("Nordamerika, Europa och Asien", False),
        ("Strong commercial momentum with customer agreements in India and Japan", True),
        ("Liikevaihto kasvoi Suomessa ja Ruotsissa selvästi", True),
    ],
)
def test_a_list_item_that_only_names_places_is_no_sentence(item: str, stands: bool) -> None:
    assert usable(item, bullet=True) is stands


def test_the_names_under_a_contact_label_head_no_sentence() -> None:
    # Foot Locker's 8-K exhibit: "Investor Contact: Media Contact:" closes a paragraph and the
    # contacts' names follow as a line of their own, which a PDF reads as a heading
    texts = [
        ("text", "Exhibit 99.1 NEWS RELEASE Investor Contact: Media Contact:"),
        ("heading", "Robert Higginbotham Cara Tocci"),
        ("text", "Foot Locker, Inc. is a specialty athletic retailer with stores in 26 countries."),
        ("heading", "About Foot Locker"),
        ("text", "Foot Locker leads the celebration of sneaker and youth culture worldwide."),
    ]
    blocks = [Block(kind, text, f"r_{i}", i, "", i) for i, (kind, text) in enumerate(texts)]
    headings = [s.headings[:1] for s in sentences_of(blocks)]
    assert headings == [("",), ("About Foot Locker",)]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        (
            "To support their treatment, risks are grouped in a number of categories, including, "
            "for example, risks relating to technology, IPR, compliance, products and services, "
            "and occupational health and safety.",
            [
                "technology",
                "IPR",
                "compliance",
                "products and services",
                "occupational health and safety",
            ],
        ),
        (
            "Koncernens risker delas in i strategiska, operativa, finansiella och legala risker.",
            ["strategiska", "operativa", "finansiella", "legala risker"],
        ),
        (
            "Konsernin riskit jaetaan strategisiin, operatiivisiin, taloudellisiin ja "
            "vahinkoriskeihin.",
            ["strategisiin", "operatiivisiin", "taloudellisiin", "vahinkoriskeihin"],
        ),
        # fewer than three: no list of the issuer's kinds
        ("Risks are divided into financial and operational risks.", []),
    ],
)
def test_the_kinds_of_risk_a_sentence_names(text: str, kinds: list[str]) -> None:
    found = listed_risk_kinds([Sentence(text, "p_1", 1, 0, "", ())])
    assert [i.name for i in found] == kinds


def _table(title: str, *rows: str) -> list[str]:
    """A product table as an HTML 10-K's units give it: its title and a total line as text, its
    other rows rendered (a row starting with "=" stands for one read as text)."""
    lines = [DocumentLine(title, "j_1", 1)]
    for row in rows:
        text = row.lstrip("=")
        rendered = not (row.startswith("=") or text.startswith(("Total", "(Dollars")))
        lines.append(DocumentLine(text, "j_1", 1, rendered=rendered))
    return [i.name for i in product_table_rows(lines)]


def test_a_product_table_in_groups_gives_its_largest_products() -> None:
    # Johnson & Johnson's 10-K 2024, MD&A: each therapeutic area opens with its total; more
    # than eight medicines, so the eight largest (not SPRAVATO, CONCERTA, CARVYKTI), in order
    names = _table(
        "Major Innovative Medicine therapeutic area sales:",
        "(Dollars in Millions): 2024; 2023; Total Change; Operations Change; Currency Change",
        "Total Immunology: $17,828; $18,052; (1.2%); 0.4%; (1.6)%",
        "REMICADE 1,605 1,839 (12.8) (11.4) (1.4)",
        "SIMPONI/SIMPONI ARIA 2,190 2,197 (0.3) 4.5 (4.8)",
        "STELARA 10,361 10,858 (4.6) (3.4) (1.2)",
        "TREMFYA 3,670 3,147 16.6 18.1 (1.5)",
        "Other Immunology 3 11 (74.1) (74.1) —",
        "Total Neuroscience: 7,115; 7,140; (0.4); 1.3; (1.7)",
        "CONCERTA/methylphenidate 641 783 (18.1) (15.1) (3.0)",
        "INVEGA SUSTENNA/XEPLION/INVEGA TRINZA/TREVICTA 4,222 4,115 2.6 3.4 (0.8)",
        "SPRAVATO 1,077 689 56.4 56.8 (0.4)",
        "Total Oncology: 20,781; 17,661; 17.7; 19.8; (2.1)",
        "CARVYKTI 963 500 92.7 92.7 0.0",
        "DARZALEX 11,670 9,744 19.8 22.2 (2.4)",
        "ERLEADA 2,999 2,387 25.6 27.3 (1.7)",
        "IMBRUVICA 3,038 3,264 (6.9) (5.2) (1.7)",
        "Total Innovative Medicine Sales: $56,964; 54,759; 4.0%; 5.7%; (1.7)%",
    )
    assert names == [
        "REMICADE",
        "SIMPONI/SIMPONI ARIA",
        "STELARA",
        "TREMFYA",
        "INVEGA SUSTENNA/XEPLION/INVEGA TRINZA/TREVICTA",
        "DARZALEX",
        "ERLEADA",
        "IMBRUVICA",
    ]


def test_a_product_table_row_that_sums_the_rows_below_it_names_their_group() -> None:
    # Johnson & Johnson's MedTech franchises over their platforms; "Other Cardiovascular" counts
    # in its franchise's sum, and "Shockwave (2): 564; ..." was read as text between rows
    names = _table(
        "Major MedTech franchise sales:",
        "(Dollars in Millions): 2024; 2023; Total Change; Operations Change; Currency Change",
        "Surgery $9,845 10,037 (1.9)% 0.1% (2.0)%",
        "Advanced 4,488 4,671 (3.9) (2.0) (1.9)",
        "General 5,358 5,366 (0.2) 2.0 (2.2)",
        "Cardiovascular (1) 7,707 6,350 21.4 22.8 (1.4)",
        "Electrophysiology 5,267 4,688 12.3 14.0 (1.7)",
        "Abiomed 1,496 1,306 14.5 14.9 (0.4)",
        "=Shockwave (2): 564; —; *; *; —",
        "Other Cardiovascular 380 356 6.9 8.4 (1.5)",
        "Vision 5,146 5,072 1.5 3.0 (1.5)",
        "Contact Lenses/Other 3,733 3,702 0.8 2.6 (1.8)",
        "Surgical 1,413 1,370 3.2 4.3 (1.1)",
        "Total MedTech Sales $31,857 30,400 4.8% 6.2% (1.4)%",
    )
    assert names == ["Surgery", "Cardiovascular", "Vision"]


# A block of text and the sentences read from it.
TABLE_ROWS_AND_SENTENCES = [
    # Verizon's 10-K 2022: the income statement's last row runs into the sentence on customers
    (
        "Income Before Provision For Income Taxes $ 28,271 $ 29,420 $ 23,967 No single customer "
        "accounted for more than 10% of our total operating revenues in 2022.",
        ["No single customer accounted for more than 10% of our total operating revenues in 2022."],
    ),
    # Boeing's 10-K 2022: two rows (a label with a figure in it, then the total) before the
    # sentence on the U.S. government's share
    (
        "Estimated potential concessions and other considerations to 737 MAX customers 16 14 "
        "(498) Total revenues $66,608 $62,286 $58,158 Revenues from the U.S. government, "
        "primarily recorded at BDS and BGS, represented 40% of consolidated revenues for 2022.",
        [
            "Revenues from the U.S. government, primarily recorded at BDS and BGS, represented "
            "40% of consolidated revenues for 2022."
        ],
    ),
    # figures inside a sentence are its own, even many listed in prose; a table's row is none
    (
        "We had 1,138 stores at the end of fiscal 2023, 14 more than a year before.",
        ["We had 1,138 stores at the end of fiscal 2023, 14 more than a year before."],
    ),
    (
        "For 2019, 2018 and 2017, Apple and Google have been our largest customers with "
        "revenues of 17%, 13%, 15%, 11%, 16% and 10%, respectively.",
        [
            "For 2019, 2018 and 2017, Apple and Google have been our largest customers with "
            "revenues of 17%, 13%, 15%, 11%, 16% and 10%, respectively."
        ],
    ),
    ("Europe sales 1,200 1,100 900 800 700 12% 10% up in all years.", []),
]


@pytest.mark.parametrize(("block", "sentences"), TABLE_ROWS_AND_SENTENCES)
def test_table_rows_run_into_a_sentence_are_cut_off(block: str, sentences: list[str]) -> None:
    assert [s.text for s in sentences_of([Block("text", block, "x_1", 1, "", 0)])] == sentences


def test_a_10ks_estimates_are_what_it_estimates_not_what_every_filer_says_of_estimates() -> None:
    """The preamble every 10-K's critical estimates open with (that estimates are needed and
    may differ, what a critical estimate is, the audit committee) gives way to the estimates
    themselves, in English, Swedish and Finnish wording of the same preamble; the framework it
    names is kept beside them."""
    texts = [
        ("heading", "Critical Accounting Estimates"),
        (
            "text",
            "Our consolidated financial statements are prepared in accordance with "
            "accounting principles generally accepted in the United States, which require "
            "management to make estimates, judgments and assumptions.",
        ),
        (
            "text",
            "Critical accounting estimates are those estimates that involve a significant "
            "level of estimation uncertainty and could have a material impact on our results.",
        ),
        (
            "text",
            "We base our estimates on historical experience and on various other "
            "assumptions that we believe to be reasonable under the circumstances.",
        ),
        ("text", "Actual results could differ materially from these estimates."),
        (
            "text",
            "We also have other key accounting policies, which involve the use of estimates, "
            "judgments, and assumptions.",
        ),
        (
            "text",
            "Management has discussed the selection of critical accounting estimates with "
            "the Audit Committee of the Board of Directors.",
        ),
        ("heading", "Inventories"),
        (
            "text",
            "We value inventory at the lower of cost and net realizable value, and we "
            "estimate excess and obsolete stock from forecast demand over twelve months.",
        ),
        ("heading", "Warranties"),
        (
            "text",
            "We accrue warranty reserves at the time of sale, estimated from the repair "
            "rates observed on vehicles sold in earlier years.",
        ),
        (
            "text",
            "Upprättandet av de finansiella rapporterna kräver att ledningen gör "
            "bedömningar och uppskattningar som påverkar redovisade belopp.",
        ),
        (
            "text",
            "Tilinpäätöksen laatiminen edellyttää johdolta arvioita ja harkintaa, ja "
            "toteumat voivat poiketa tehdyistä arvioista.",
        ),
    ]
    blocks = [Block(kind, text, f"a_{i}", i, "item_7", i) for i, (kind, text) in enumerate(texts)]
    found = read_sections(blocks, Issuer.of("X"))["accounting"]
    assert [s.text.split(" ")[:3] for s in found.sentences] == [
        # the framework the statements are prepared under, beside the estimates: the only
        # sentence that says it is the preamble's
        ["Our", "consolidated", "financial"],
        ["We", "value", "inventory"],
        ["We", "accrue", "warranty"],
    ]
    assert [i.name for i in found.items] == ["Inventories", "Warranties"]
    # without it, the preamble gives way to the estimates altogether
    found = read_sections(blocks[:1] + blocks[2:], Issuer.of("X"))["accounting"]
    assert [s.text.split(" ")[:2] for s in found.sentences] == [["We", "value"], ["We", "accrue"]]


@pytest.mark.parametrize(
    ("text", "states"),
    [
        (
            "The Consolidated Financial Statements have been prepared in conformity with U.S. "
            'generally accepted accounting principles ("GAAP").',
            True,
        ),
        ("We prepare our consolidated financial statements in accordance with GAAP.", True),
        (
            "The interim report is prepared in accordance with IAS 34 Interim Financial Reporting.",
            True,
        ),
        (
            "Delårsrapporten har upprättats i enlighet med IAS 34 Delårsrapportering och "
            "årsredovisningslagen.",
            True,
        ),
        ("Osavuosikatsaus on laadittu IAS 34 Osavuosikatsaukset -standardin mukaisesti.", True),
        ("Konsernitilinpäätös on IFRS-standardien mukaisesti laadittu.", True),
        # a measure set against the framework, the auditor's words on controls
        (
            "ROA is the most directly comparable measure based on our financial statements "
            "presented in accordance with generally accepted accounting principles in the U.S.",
            False,
        ),
        (
            "These results should be considered in addition to, not as a substitute for, results "
            "reported in accordance with GAAP.",
            False,
        ),
        ("Revenue is recognised in accordance with the contract.", False),
    ],
)
def test_the_framework_the_statements_are_prepared_under(text: str, states: bool) -> None:
    assert _states_framework(text) is states


def test_a_sentence_is_cited_by_the_section_that_answers_it_most_narrowly() -> None:
    """The overview restates what it likes, but products with more to say do not repeat it; of
    the other sections, who buys keeps a sentence the products also took, and a section keeps a
    shared sentence when it has no other."""

    def sentence(position: int, text: str) -> Sentence:
        return Sentence(text, f"p_{position}", 1, position, "item_1", ("Business",))

    whole = sentence(1, "We design, make and sell electric vehicles and energy storage systems.")
    sells = sentence(2, "We sell our vehicles directly to customers through our own stores.")
    lines = sentence(3, "Our energy products include batteries for homes and for utilities.")
    where = sentence(4, "We sell our vehicles in North America, Europe and Asia.")
    found = {name: Found() for name in ALL_SECTIONS}
    found["overview"] = Found([whole, sells])
    found["products_services"] = Found([whole, sells, lines])
    found["customers"] = Found([sells])
    found["geography"] = Found([where])
    found["strategy"] = Found([where])
    _said_once(found)
    assert found["overview"].sentences == [whole, sells]
    assert found["customers"].sentences == [sells]
    assert found["products_services"].sentences == [lines]
    assert found["strategy"].sentences == [where]
    assert found["geography"].sentences == [where]  # its only sentence


def test_documents_without_a_date_are_read_newest_fiscal_year_first() -> None:
    """FinanceBench's 10-Ks come by manifest with their fiscal year and no date: the newest
    year's answers a section first, whatever order they were ingested in."""

    def document(pk: int, year: int, listed: date | None = None) -> Any:
        return SimpleNamespace(
            id=pk,
            language="en",
            document_type="10-K",
            fiscal_year=year,
            listed_date=listed,
        )

    documents = [document(3, 2017), document(1, 2023), document(2, 2019)]
    assert [d.fiscal_year for d in _order(documents, "en")] == [2023, 2019, 2017]
    dated = [document(4, 2022, date(2023, 2, 1)), document(5, 2022, date(2023, 3, 1))]
    assert [d.id for d in _order(dated, "en")] == [5, 4]


def test_an_estimates_parts_and_a_heading_joining_two_others_are_no_estimates() -> None:
    """A critical estimates part's headings are its estimates, but not a sensitivity analysis,
    practical expedients, a table's row or the notes on standards adopted (Amcor's 10-K 2023),
    nor a heading that joins two estimates listed on their own (Verizon's "Wireless Licenses
    and Goodwill" above "Wireless Licenses" and "Goodwill")."""
    headings = [
        "Critical Accounting Estimates",
        "Wireless Licenses and Goodwill",
        "Wireless Licenses",
        "Goodwill",
        "Pension Assumptions Sensitivity Analysis",
        "Practical Expedients",
        "Leasehold land Over lease term",
        "Income Taxes",
        "Recently Adopted Accounting Standards",
        "Leases",
    ]
    blocks = [
        block
        for i, text in enumerate(headings)
        for block in (
            Block("heading", text, f"a_{i}", i, "item_7", 2 * i),
            Block(
                "text",
                "The estimate requires significant judgment.",
                f"a_{i}",
                i,
                "item_7",
                2 * i + 1,
            ),
        )
    ]
    found = read_sections(blocks, Issuer.of("X"))["accounting"]
    assert [i.name for i in found.items] == ["Wireless Licenses", "Goodwill", "Income Taxes"]


def test_how_every_10k_reports_its_segments_is_no_sentence_of_a_profile() -> None:
    for text in (
        "Our operating segments are the same as our reportable segments.",
        "Our chief operating decision maker reviews the results of each segment quarterly.",
    ):
        assert not usable(text, bullet=False)


def test_a_list_marked_with_round_bullets_is_read_sentence_by_sentence() -> None:
    """General Mills' fiscal 2023 targets as its 10-K's PDF prints them (Item 7, page 18): "●"
    opens each item, and items run on in one line."""
    page = (
        "Based on these assumptions, our key full-year fiscal 2023 targets are summarized below:\n"
        "● Organic net sales are expected to increase 4 to 5 percent. ● Adjusted operating profit "
        "is expected to range between down 2 percent and up 1 percent.\n"
        "● Free cash flow conversion is expected to be at least 90 percent of adjusted earnings.\n"
    )
    texts = [s.text for s in sentences_of(blocks_of_pages([("p_18", 18, page)], markdown=False))]
    assert "Organic net sales are expected to increase 4 to 5 percent." in texts
    assert any(t.startswith("Adjusted operating profit is expected to range") for t in texts)
    assert any(t.startswith("Free cash flow conversion is expected") for t in texts)
    assert not any("●" in t for t in texts)


def test_a_pdf_sentence_ending_short_of_the_margin_ends_its_paragraph() -> None:
    """A risk's heading as Netflix's 10-K prints it (Item 1A, page 5): its own line, or two,
    ending short of the margin, then its text at full width; a colon leads on."""
    full = "We have experienced significant membership growth over the past several years and "
    body = [
        f"{full}line {n} of the body goes on to the margin of the page as prose does"
        for n in range(9)
    ]
    page = "\n".join(
        [
            "If our efforts to attract and retain members are not successful, our business will "
            "be adversely affected.",
            *body[:4],
            "the end of that risk's text.",
            "Changes in competitive offerings for entertainment video, including the potential "
            "rapid adoption of piracy-based",
            "video offerings, could adversely impact our business.",
            *body[4:],
            "the end of the second risk's text.",
            "Previous near-term outlook (published July 18, 2025):",
            "While the outlook for the global economy continues to be uncertain, customer "
            "activity is expected to remain at the current level.",
        ]
    )
    blocks = blocks_of_pages([("p_5", 5, page)], markdown=False)
    firsts = [b.text.split(". ")[0] for b in blocks]
    assert firsts[0].startswith("If our efforts to attract and retain members")
    assert blocks[0].text.endswith("adversely affected.")  # the heading alone
    assert blocks[1].text.startswith("We have experienced") and blocks[1].text.endswith(
        "risk's text."
    )
    assert blocks[2].text == (
        "Changes in competitive offerings for entertainment video, including the potential "
        "rapid adoption of piracy-based video offerings, could adversely impact our business."
    )
    # a label ending in a colon stays with what it leads into
    assert blocks[-1].text.startswith("Previous near-term outlook (published July 18, 2025): While")
    # a page with too few lines of prose to know its margin is read as before
    short_page = "A short line.\nAnother short line.\n"
    assert len(blocks_of_pages([("p_1", 1, short_page)], markdown=False)) == 1


def test_a_10ks_strategy_has_room_for_its_outlook_of_the_year_ahead() -> None:
    """Six sentences of strategy in Item 1, and in Item 7 what it expects of the year after the
    one it reports: its sales (room is made for it), its pension plans (never)."""

    def block(kind: str, text: str, section: str, position: int) -> Block:
        return Block(kind, text, f"a_{position}", position, section, position)

    texts = [
        ("heading", "Our Strategy", "item_1"),
        *[
            ("text", f"Our strategy is to {aim}.", "item_1")
            for aim in (
                "grow with our customers in every market we serve",
                "lead in battery chemistry through research",
                "build factories close to where vehicles are sold",
                "sell software that improves with each update",
                "lower the cost of energy storage for utilities",
                "train installers and service technicians in each region",
                "expand our charging network along highways",
            )
        ],
        ("heading", "Overview", "item_7"),
        ("text", "In 2023 net sales increased 4 percent in 2023 compared with 2022.", "item_7"),
        ("text", "We expect net sales to increase 3 to 5 percent in 2024.", "item_7"),
        ("text", "We expect pension contributions of $200 million in 2024.", "item_7"),
    ]
    blocks = [block(kind, text, section, i) for i, (kind, text, section) in enumerate(texts)]
    found = read_sections(blocks, Issuer.of("X"))["strategy"]
    said = [s.text for s in found.sentences]
    assert len(said) == 6
    assert "We expect net sales to increase 3 to 5 percent in 2024." in said
    assert not any("pension" in t for t in said)
    assert sum(t.startswith("Our strategy is to") for t in said) == 5


def test_an_estimate_is_led_by_how_far_it_could_move() -> None:
    """Of an estimate's text, the sentence that quantifies its sensitivity leads it, wherever it
    stands; one that speaks of "this plan" named before it does not."""

    def block(kind: str, text: str, position: int) -> Block:
        return Block(kind, text, f"a_{position}", position, "item_7", position)

    texts = [
        ("heading", "Critical Accounting Estimates"),
        ("heading", "Goodwill"),
        ("text", "Goodwill is tested for impairment annually at the reporting unit level."),
        ("text", "The balance of goodwill was $28.7 billion at year end."),
        ("text", "The fair value of each unit is estimated with discounted cash flows."),
        ("text", "The Business unit had a fair value that exceeded its carrying amount by 8%."),
        ("heading", "Pension Plans"),
        ("text", "Our most significant plan is the primary U.S. pension plan."),
        (
            "text",
            "For this plan, a 50 basis-point decrease in the discount rate would result in a "
            "$7 million increase in pension cost.",
        ),
    ]
    sentences = sentences_of([block(kind, text, i) for i, (kind, text) in enumerate(texts)])
    part = "Critical Accounting Estimates"
    items = [Item("Goodwill", "a_1", 1, part), Item("Pension Plans", "a_6", 6, part)]
    leads = _estimate_leads(sentences, items)
    assert sorted(s.text for s in sentences if s.position in leads) == [
        "Our most significant plan is the primary U.S. pension plan.",
        "The Business unit had a fair value that exceeded its carrying amount by 8%.",
    ]


def test_risk_headings_and_categories_the_document_gives_as_paragraphs() -> None:
    """Amazon's 10-K 2024 gives some risk headings as paragraphs (longer than a heading), J&J's a
    category in sentence case: both are read as the headings they are printed as; an item's
    title, a page's footer and a list item are not."""

    def block(kind: str, text: str, position: int) -> Block:
        return Block(kind, text, f"a_{position}", position, "item_1a", position)

    texts = [
        ("text", "Item 1A. Risk Factors"),
        ("heading", "Business and Industry Risks"),
        ("heading", "We Face Intense Competition"),
        ("text", "Our businesses are rapidly evolving and intensely competitive."),
        (
            "text",
            "Our Expansion into New Products, Services, Technologies, and Geographic Regions "
            "Subjects Us to Additional Risks",
        ),
        ("text", "We may have limited or no experience in our newer market segments."),
        ("text", "2024 Annual Report: 13"),
        ("text", "•laws and policies of the U.S. and other jurisdictions affecting trade; and"),
        ("text", "Risks related to product development, regulatory approval and commercialization"),
        (
            "text",
            "The Variability in Our Retail Business Places Increased Strain on Our Operations",
        ),
    ]
    kinds, found = _risk_headings([block(kind, text, i) for i, (kind, text) in enumerate(texts)])
    assert [k.name for k in kinds] == [
        "Business and Industry Risks",
        "Risks related to product development, regulatory approval and commercialization",
    ]
    assert [(category, r.text) for category, r in found] == [
        (1, "We Face Intense Competition"),
        (
            1,
            "Our Expansion into New Products, Services, Technologies, and Geographic Regions "
            "Subjects Us to Additional Risks",
        ),
        (2, "The Variability in Our Retail Business Places Increased Strain on Our Operations"),
    ]


def test_the_segment_a_sentence_speaks_of_from_its_heading_or_paragraph() -> None:
    # a Swedish release: the outlook under each business area's heading ("... affärsområde"),
    # then a paragraph that runs from one business area to the next, then the group's own
    k, v = "Kompressorteknik", "Vakuumteknik"
    page = (
        f"Utsikter\n{k} affärsområde\n"
        "Efterfrågan från industrikunder väntas vara oförändrad under det fjärde kvartalet.\n"
        f"{v} affärsområde\n"
        "Efterfrågan från halvledarkunder väntas öka något under det fjärde kvartalet.\n"
        "Om koncernen\n"
        f"{k} erbjuder kompressorer och tjänster till kunder inom industrin. Produktionen och "
        f"utvecklingen finns främst i Belgien, Kina och Indien. {v} erbjuder vakuumpumpar och "
        "avgasrening till kunder i hela världen. Produktionen och utvecklingen finns främst i "
        "Storbritannien och Tjeckien.\n"
        "Koncernen\n"
        "Koncernen väntas fortsätta växa i alla regioner under de kommande åren.\n"
    )
    blocks = blocks_of_pages([("p_1", 1, page)], markdown=False)
    items = [Item(k, "p_1", 1, "affärsområden"), Item(v, "p_1", 1, "affärsområden")]
    chosen = [s for s in sentences_of(blocks) if f"{v} erbjuder" not in s.text]
    about = subjects(chosen, blocks, items, Issuer.of("Exempel AB"))
    said = [(s.text.split()[0], s.text.split()[-1], about.get(s.position)) for s in chosen]
    assert said == [
        ("Efterfrågan", "kvartalet.", k),
        ("Efterfrågan", "kvartalet.", v),
        (k, "industrin.", None),  # names it itself
        ("Produktionen", "Indien.", k),
        ("Produktionen", "Tjeckien.", v),
        ("Koncernen", "åren.", None),  # the group's
    ]
    # one segment alone is the whole business: nothing to tell apart
    assert subjects(chosen, blocks, items[:1], Issuer.of("Exempel AB")) == {}


def test_a_us_issuers_states_tag_its_geography_as_the_united_states() -> None:
    # MGM's 10-K 2022 (page 3) names its regional resorts by state, its Macau resorts by place
    text = (
        "As of December 31, 2022, we operate 17 domestic casino resorts and operate two casino "
        "resorts in Macau. Regional Operations consists of the following casino resorts: MGM "
        "Grand Detroit in Detroit, Michigan; Beau Rivage in Biloxi, Mississippi."
    )
    section = {"text": text, "items": [], "language": "en"}
    assert geography_tags(section, [], "en") == ["MO", "US"]
    # a Swedish issuer's cities name no state
    swedish = {"text": "Located in Malmö, Helsingborg and Lund.", "items": [], "language": "en"}
    assert "US" not in geography_tags(swedish, [], "en")
    # a US issuer counting its states (Buckle's 8-K of 2024-11-22, EX-99.1 p2); states counted
    # by an issuer of another market are its own country's
    stores = {
        "text": "As of the end of the fiscal quarter, it operated 445 stores in 42 states.",
        "items": [],
        "language": "en",
    }
    assert geography_tags(stores, [], "en", "us") == ["US"]
    assert geography_tags(stores, [], "en", "fi") == []


def _blocks(*rows: tuple[str, str, str]) -> list[Block]:
    """Blocks of (kind, text, section), one page each, in reading order."""
    return [
        Block(kind, text, f"p_{n}", n, section, n) for n, (kind, text, section) in enumerate(rows)
    ]


def test_the_revenue_policy_is_read_from_the_policies_note_only() -> None:
    policy = "Revenue is recognized when control of the goods is transferred to the customer."
    blocks = _blocks(
        # the MD&A's revenue heading and the income statement's line are no policy
        ("heading", "Revenue Recognition", "item_7"),
        ("text", policy, "item_7"),
        ("heading", "Revenues", "item_8"),
        ("text", "Revenues 1,266,362 45,981 287,183 Net income 1,473,093", "item_8"),
        ("heading", "1. Summary of Significant Accounting Policies", "item_8"),
        ("heading", "Revenue", "item_8"),
        ("text", policy, "item_8"),
        ("heading", "2. Segment Reporting and Net Sales", "item_8"),
    )
    found = revenue_policy(blocks)
    assert found is not None
    assert (found.name, found.page_number) == ("Revenue", 5)
    assert found.part_of == "1. Summary of Significant Accounting Policies"
    # "Revenue" after the policies note is the period's; the parent company's is no group policy
    assert revenue_policy([*blocks[:4], *blocks[7:], *blocks[5:7]]) is None
    parent = _blocks(
        ("heading", "Note 37 Parent company accounting principles", ""),
        ("heading", "Revenue recognition", ""),
        ("text", "Revenue in the parent company is recognised when services are billed.", ""),
    )
    assert revenue_policy(parent) is None
    # a report's own heading that names the recognition of revenue, in a note numbered 2.16
    report = _blocks(
        ("heading", "2.16 Recognition of revenue", ""),
        ("text", "Revenue is recognised exclusive of value-added tax, returns and discounts.", ""),
    )
    assert revenue_policy(report) is not None


def test_groups_of_customers_are_the_headings_under_a_customers_heading() -> None:
    def sentence(text: str, *headings: str) -> Sentence:
        return Sentence(text, "p_6", 6, len(headings), "item_1", headings)

    groups = customer_groups(
        [
            sentence("We serve two primary customer groups.", "OUR CUSTOMERS"),
            sentence("These customers are homeowners.", "DIY Customers", "OUR CUSTOMERS"),
            sentence("These customers are contractors.", "Pro Customers", "DIY Customers"),
            # a risk about customers is no group of them
            sentence("We may lose them.", "Risks of Key Customers", "Pro Customers"),
        ]
    )
    assert [g.name for g in groups] == ["DIY Customers", "Pro Customers"]
    # one heading alone describes no groups one by one
    one = [sentence("These customers are homeowners.", "DIY Customers", "OUR CUSTOMERS")]
    assert customer_groups(one) == []


def test_a_risk_chapter_whose_heading_is_read_after_its_text() -> None:
    def block(kind: str, text: str, page: int, position: int) -> Block:
        return Block(kind, text, f"p_{page}", page, "", position)

    blocks = [
        block("heading", "DIRECTORS' REPORT", 32, 1),
        block("text", "There are a number of factors which could affect the Group.", 32, 2),
        block("text", "In connection with acquisitions, the Group may incur costs.", 32, 3),
        block("text", "Translation exposure is managed through borrowing in the currency.", 32, 4),
        block("heading", "Risks and risk management", 32, 5),
        block("heading", "CORPORATE GOVERNANCE REPORT", 33, 6),
        block("text", "The Group may hold its meeting in Stockholm.", 33, 7),
    ]
    found = risks(blocks, sentences_of(blocks))
    assert [s.text for s in found.sentences] == [
        "In connection with acquisitions, the Group may incur costs."
    ]
    # a heading whose text follows on the next page heads that text, not its own page's
    blocks[5] = block("text", "The Group's risks may be reviewed by the Board.", 33, 6)
    assert {s.page_number for s in risks(blocks, sentences_of(blocks)).sentences} == {33}


def test_a_segments_businesses_named_by_how_their_sales_fared() -> None:
    def sentence(text: str, *headings: str) -> Sentence:
        return Sentence(text, "p_6", 6, 1000, "", headings)

    segments = [Item("Enterprise", "p_8", 8, "Segments"), Item("Networks", "p_8", 8, "Segments")]
    lines = lines_by_their_sales(
        [
            sentence(
                "Sales in Global Communications Platform declined by -9%.", "Segment Enterprise"
            ),
            # a market area, a place and a segment itself are no business of the segment
            sentence("Sales in market area Americas declined.", "Segment Networks"),
            sentence("Sales in North America grew by 4%.", "Segment Networks"),
            sentence("Sales in Enterprise Wireless Solutions grew by 2%.", "Net sales"),
        ],
        segments,
    )
    assert [(i.name, i.part_of) for i in lines] == [
        ("Global Communications Platform", "Enterprise")
    ]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a plan of capital spending for the year ahead, at its size or its direction
        (
            "We currently expect capital expenditures to approximate $850 million in fiscal 2024.",
            True,
        ),
        (
            "The Group's capital expenditure forecast for the full year 2025 is EUR 730-790 "
            "million.",
            True,
        ),
        ("Koncernens investeringar förväntas uppgå till 1 200 MSEK under 2025.", True),
        # what the spending did, and what funds it, plan nothing
        (
            "Capex paid excluding spectrum of SEK -745 (-921) million decreased due to the "
            "deferral of planned investment to 2026.",
            False,
        ),
        (
            "We believe our sources of liquidity will be sufficient to fund anticipated capital "
            "expenditures of $900 million.",
            False,
        ),
    ],
)
def test_a_plan_of_capital_spending_is_strategy(text: str, kept: bool) -> None:
    sentence = Sentence(text, "p_1", 1, 1000, "", ("Investments",))
    blocks = blocks_of_pages([("p_1", 1, text)], markdown=True)
    assert bool(strategy(blocks, [sentence]).sentences) is kept


def test_decisions_a_release_announces_are_strategy_those_of_others_are_not() -> None:
    texts = [
        "Today, we announced some strategic decisions.",
        "In this market environment, the company is currently not proceeding with a cold "
        "rolling investment in the U.S.",
        "However, our long-term view on the U.S. market remains positive.",
        "In addition, we are no longer planning to move forward with the reactor development.",
        "The Competition Commission decided to refer the case to the Director General.",
    ]
    sentences = [Sentence(t, "p_1", 1, 1000 + n, "", ("CEO review",)) for n, t in enumerate(texts)]
    blocks = blocks_of_pages([("p_1", 1, " ".join(texts))], markdown=True)
    chosen = {s.text for s in strategy(blocks, sentences).sentences}
    assert texts[1] in chosen and texts[3] in chosen
    assert texts[4] not in chosen


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "* Stainless steel deliveries were 1,793,000 tonnes (1,906,000 tonnes).",
            "Stainless steel",
        ),
        ("Leveranserna av kartong uppgick till 1 234 tusen ton (1 100).", "Kartong"),
        ("Paperin toimitukset olivat 512 000 tonnia (498 000).", "Paperi"),
        # a change of the period, not what it delivers
        ("Deliveries decreased by 7% compared to the previous quarter.", None),
    ],
)
def test_what_a_report_measures_its_deliveries_of_is_a_product(text: str, name: str | None) -> None:
    blocks = blocks_of_pages([("p_1", 1, text)], markdown=True)
    sentence = Sentence(text.lstrip("* "), "p_1", 1, 1000, "", ("Highlights",))
    found = products(blocks, [], [sentence], Issuer.of("Steel Oyj"))
    assert [i.name for i in found.items if i.part_of == "deliveries"] == ([name] if name else [])
