"""HTML filings added by manifest: the corpus's Amazon and Meta 10-Ks for 2024 and Buckle's earnings
release exhibit (`sec-unindexed/`, read where they are, never copied; no test was written on
them before this module). A 10-K in HTML is cut by its form's items as a filing read from EDGAR
is, so its profile reads Item 1, Item 1A and Item 7 by their own rules, and its revenue geography
comes from the tables the HTML renders (`United States: Year Ended December 31, 2024 $438,015;
...`). Every value below was read in the documents themselves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, select

from filings.companies.geography_tables import (
    DocumentContext,
    _header_of,
    _rendered_row,
    read_geography_tables,
)
from filings.companies.service import CompanyDirectory, profile, revenue_geography
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.tables import (
    companies,
    filing_texts,
    filings,
    metric_values,
    pages,
    revenue_segments,
)
from filings.financials.queries import PeriodCache
from filings.financials.schemas import FinancialsResponse
from filings.financials.service import financials
from filings.ingest.documents.companies import read_listings
from filings.ingest.documents.pipeline import ingest_documents
from tests.companies.test_profile import on_page
from tests.conftest import new_database

DOCUMENTS = [
    ("sec-unindexed/AMZN/10-K_FY2024/amzn-20241231.htm", "AMZN", "10-K", "2025-02-07"),
    ("sec-unindexed/META/10-K_FY2024/meta-20241231.htm", "META", "10-K", "2025-01-30"),
    ("sec-unindexed/BKE/8-K_2024-11-22/bke20241122-8kexhibit.htm", "BKE", "8-K", "2024-11-22"),
    ("sec-unindexed/JNJ/10-K_FY2024/jnj-20241229.htm", "JNJ", "10-K", "2025-02-13"),
]


def _manifest(folder: Path, corpus: Path) -> Path:
    records = [
        {
            "path": str((corpus / path).resolve()),
            "company": ticker,
            "ticker": ticker,
            "market": "us",
            "document_type": kind,
            "fiscal_year": 2024,
            "published": published,
            "language": "en",
        }
        for path, ticker, kind, published in DOCUMENTS
    ]
    manifest = folder / "manifest.json"
    manifest.write_text(json.dumps({"documents": records}))
    return manifest


@pytest.fixture(scope="module")
def html_database(
    tmp_path_factory: pytest.TempPathFactory, corpus: Path
) -> Iterator[tuple[Database, Path]]:
    """A database of its own with the three documents ingested once for the module."""
    folder = tmp_path_factory.mktemp("html-manifest")
    with new_database(folder) as url:
        database = Database(make_engine(url))
        upgrade(database.engine)
        manifest = _manifest(folder, corpus)
        summary = ingest_documents(database, manifest, read_listings(corpus / "sec", None))
        assert (summary.stored, summary.skipped) == (len(DOCUMENTS), [])
        yield database, manifest
        database.dispose()


@pytest.fixture
def conn(html_database: tuple[Database, Path]) -> Iterator[Connection]:
    with html_database[0].transaction() as connection:
        yield connection


def _profile(conn: Connection, company: str) -> dict[str, Any]:
    body = profile(conn, CompanyDirectory(), company=company, locale="en")
    return body.model_dump()


def _texts(body: dict[str, Any], section: str) -> list[str]:
    return [s["text"] for s in body[section]["sentences"]]


def _page(conn: Connection, page_id: str) -> str:
    text = conn.execute(select(pages.c.text).where(pages.c.page_id == page_id)).scalar_one()
    return " ".join(text.replace("•", " ").split())


def test_a_10k_in_html_is_stored_by_its_items(conn: Connection) -> None:
    sections = set(conn.execute(select(filing_texts.c.section).distinct()).scalars())
    assert {"item_1", "item_1a", "item_7", "item_8"} <= sections
    assert any(s.startswith("item_8/note_") for s in sections)  # the notes, each its own


def test_amazons_10k_is_read_item_by_item(conn: Connection) -> None:
    body = _profile(conn, "AMZN")
    assert body["risks"]["source_heading"].startswith("Item 1A")
    # its first sentence is an estimate's own, under its heading (the part's preamble is left out)
    assert body["accounting"]["source_heading"] == "Inventories"
    assert {"Inventories", "Income Taxes"} <= {i["name"] for i in body["accounting"]["items"]}
    # what it does, before its mission ("We seek to be ... most customer-centric company")
    overview = _texts(body, "overview_section")
    assert (
        "We have organized our operations into three segments: North America, International, "
        "and Amazon Web Services (“AWS”)." in overview
    )
    assert not any(t.startswith(("We seek to be", "We are guided by")) for t in overview)
    # its financial focus, as the MD&A's overview states it (page 20), beside the guidance, whose
    # assumptions ("This guidance assumes ...") are no aims
    strategy = _texts(body, "strategy_section")
    assert "Our financial focus is on long-term, sustainable growth in free cash flows." in strategy
    assert not any(t.startswith("This guidance") for t in strategy)
    # a pointer to Item 8 is no sentence of the overview
    assert not any("is contained in Item 8" in t for t in overview)
    # how it makes its money, which Item 1 does not say, from the MD&A's overview, on its page
    sentences = body["overview_section"]["sentences"]
    earns = next(s for s in sentences if s["text"].startswith("Our primary source"))
    assert earns["text"] == (
        "Our primary source of revenue is the sale of a wide range of products and services to "
        "customers."
    )
    assert earns["text"] in _page(conn, earns["page_id"])
    # who buys, as the 10-K's business description says it
    assert any(
        t.startswith("In each of our segments, we serve our primary customer sets, consisting of")
        for t in _texts(body, "customers")
    )
    # the opening words of the risk factors are no risk; a valuation's judgments are no customer
    assert not any("in these risk factors" in t for t in _texts(body, "risks"))
    # nor are a valuation's judgments, cash flows or the MD&A's marketing expenses
    customers = _texts(body, "customers")
    assert not any(
        t.startswith(("This valuation", "Our operating cash", "We direct")) for t in customers
    )
    # whom it serves, named as the verb's object (Item 1, "Consumers", "Developers and
    # Enterprises")
    assert any(
        t.startswith("We serve consumers through our online and physical") for t in customers
    )
    assert any(t.startswith("We serve developers and enterprises of all sizes") for t in customers)
    assert not any("goodwill" in t for t in _texts(body, "products_services"))
    # each segment described, though alike in words but for its name, AWS under its initials
    # (Note 10, "Segment Information")
    products = _texts(body, "products_services")
    assert any(t.startswith("The International segment primarily consists of") for t in products)
    assert any(t.startswith("The AWS segment consists of amounts earned from") for t in products)
    # Note 10's net sales by groups of similar products and services, footnote marks left out;
    # its "Other" and "Consolidated" rows are no products
    items = [i["name"] for i in body["products_services"]["items"]]
    assert {
        "Online stores",
        "Physical stores",
        "Third-party seller services",
        "Advertising services",
        "Subscription services",
    } <= set(items)
    assert not {"Other", "Consolidated", "Other (6)"} & set(items)
    # what it seeks to be and the principles it is guided by (Item 1 "General") stand in its
    # strategy beside the guidance of Item 7, which no longer fills it
    strategy = _texts(body, "strategy_section")
    assert strategy[:2] == [
        "We seek to be Earth’s most customer-centric company.",
        "We are guided by four principles: customer obsession rather than competitor focus, "
        "passion for invention, commitment to operational excellence, and long-term thinking.",
    ]
    assert any(t.startswith("Net sales are expected to be between") for t in strategy)
    assert any(t.startswith("Operating income is expected to be between $14.0") for t in strategy)
    # the line that points to the guidance below is no outlook of its own
    assert not any("as set forth below" in t for t in strategy)
    # the risks' items are the issuer's categories of them, not one risk's own heading
    kinds = [i["name"] for i in body["risks"]["items"]]
    assert kinds == ["Business and Industry Risks", "Operating Risks", "Legal and Regulatory Risks"]
    # Amazon heads each risk in title case: its headings are the risks, across the categories,
    # the first of each among them, also where the document gives the heading as a paragraph
    # longer than a heading ("Our Expansion Places a Significant Strain ...", Operating Risks)
    risks = _texts(body, "risks")
    assert len(risks) == 15 and risks[0] == "We Face Intense Competition"
    assert "Our Expansion Places a Significant Strain on our Management, Operational, " in (
        " ".join(risks)
    )
    assert "Government Regulation Is Evolving and Unfavorable Changes Could Harm Our Business" in (
        risks
    )
    assert not any(t.startswith("Item 1A") for t in risks)
    # the share of sales from abroad, though stated among the market risks of Item 7A ("Foreign
    # Exchange Risk"); the currencies' risks themselves stay out
    geography = _texts(body, "geography")
    assert geography == [
        "During 2024, net sales from our International segment accounted for 22% of our "
        "consolidated revenues."
    ]
    for name in (
        "overview_section",
        "products_services",
        "customers",
        "geography",
        "risks",
        "accounting",
    ):
        for sentence in body[name]["sentences"]:
            assert on_page(sentence["text"], _page(conn, sentence["page_id"])), sentence


def test_metas_10k_lists_its_apps_and_segments(conn: Connection) -> None:
    body = _profile(conn, "META")
    items = [i["name"] for i in body["products_services"]["items"]]
    # "•Facebook. Facebook helps give people ..." under "Family of Apps Products"
    assert items[:5] == ["Facebook", "Instagram", "Messenger", "Threads", "WhatsApp"]
    # each segment once (the revenue table's "Family of Apps" beside Item 1's "Family of Apps
    # (FoA)"), not again as its abbreviation; no table's "See Note"
    assert {"Family of Apps", "Reality Labs"} <= set(items)
    assert not {"See Note", "FoA", "RL", "Family of Apps (FoA)", "Reality Labs (RL)"} & set(items)
    assert "Advertising" in items  # Note 2's revenue by source
    # what its apps carry is said, never its trademarks' list
    products = _texts(body, "products_services")
    assert any(t.startswith("Marketers purchase ads that can appear in multiple") for t in products)
    assert not any("trademarks" in t for t in products)
    customers = _texts(body, "customers")
    assert any("from selling advertising placements" in t for t in customers)
    assert "No customer represented 10% or more of total revenue" in " ".join(customers)
    assert not any(t.startswith("We compete with") for t in customers)
    assert not any("class actions" in t for t in _texts(body, "geography"))
    # its offices (Item 2) are not where it sells
    assert not any("offices in more than 90 cities" in t for t in _texts(body, "geography"))
    # its risks span the five categories of Item 1A (competition is the first of the second),
    # the fourth printed as a paragraph in title case
    kinds = [i["name"] for i in body["risks"]["items"]]
    assert kinds[0] == "Risks Related to Our Product Offerings" and len(kinds) == 5
    assert "Risks Related to Data, Security, Platform Integrity, and Intellectual Property" in kinds
    assert any(t.startswith("Security breaches, improper access to") for t in _texts(body, "risks"))
    assert any(
        t.startswith("If we are not able to compete effectively") for t in _texts(body, "risks")
    )
    assert not any(t.startswith("Any of the foregoing") for t in _texts(body, "risks"))
    # its second risk, a heading of two sentences whose first says what it depends on as all
    # of its revenue (Item 1A, page 17)
    assert (
        "We generate substantially all of our revenue from advertising. The loss of "
        in " ".join(_texts(body, "risks"))
    )
    # a risk's heading may run to sixty words: its government investigations and privacy
    # compliance ("Risks Related to Government Regulation and Enforcement")
    assert any(
        t.startswith("We have been and remain subject to regulatory and other government")
        for t in _texts(body, "risks")
    )
    # the areas it says it will focus on (Item 1) are its strategy
    assert any(
        t.startswith("In 2025, we intend to focus on several key investment areas: generative AI")
        for t in _texts(body, "strategy_section")
    )
    # what it does (people its products serve are no workforce), not its mission or vision
    overview = _texts(body, "overview_section")
    assert overview[0] == (
        "We build technology that helps people connect and share, find and build communities, "
        "and grow businesses."
    )
    assert not any(t.startswith(("Our mission", "Our vision")) for t in overview)
    # how it makes its money, in its own words (Item 1, page 5)
    assert any(
        t.startswith("Currently, we generate substantially all of our revenue") for t in overview
    )


def test_an_earnings_release_exhibit_gives_its_about_paragraph(conn: Connection) -> None:
    body = _profile(conn, "BKE")
    assert body["overview_section"]["source_heading"] == "About Buckle"
    assert _texts(body, "overview_section")[0] == (
        "Buckle is a specialty retailer focused on delivering exceptional service and style "
        "through unforgettable experiences."
    )


# Net sales by country, Note 10 of Amazon's 10-K; revenue by the customers' addresses, Note 2 of
# Meta's (in millions of dollars, fiscal 2024).
GEOGRAPHY = {
    "AMZN": (
        {"US": 438015, "DE": 40856, "GB": 37855, "JP": 27401},
        {},
        {"Rest of world": 93832},
        637959,
    ),
    "META": (
        {},
        {"United States and Canada": 63207, "Europe": 38361, "Asia-Pacific": 45009},
        {"Rest of World": 17924},
        164501,
    ),
}


@pytest.mark.parametrize("company", GEOGRAPHY)
def test_revenue_geography_from_the_tables_an_html_10k_renders(
    conn: Connection, company: str
) -> None:
    countries, regions, other, total = GEOGRAPHY[company]
    body = revenue_geography(conn, CompanyDirectory(), company=company, year=2024).model_dump()
    million = Decimal(10**6)
    assert {c["iso_alpha2"]: c["revenue"] / million for c in body["countries"]} == countries
    assert {r["name"]: r["revenue"] / million for r in body["regions"]} == regions
    assert {o["name"]: o["revenue"] / million for o in body["other"]} == other
    assert body["total_revenue"] / million == total
    assert body["adds_up"] is True
    assert body["currency"] == "USD"


# Johnson & Johnson's sales by geographic area (Note 17 of its 10-K 2024, in millions of dollars):
# its HTML table is not read, and its inline-XBRL facts on srt:StatementGeographicalAxis answer.
def test_revenue_geography_from_the_inline_xbrl_of_an_html_10k(conn: Connection) -> None:
    body = revenue_geography(conn, CompanyDirectory(), company="JNJ", year=2024).model_dump()
    million = Decimal(10**6)
    assert body["source"] == "xbrl_dimensions"
    assert {c["iso_alpha2"]: c["revenue"] / million for c in body["countries"]} == {"US": 50302}
    assert {r["name"]: r["revenue"] / million for r in body["regions"]} == {
        "Europe": 20212,
        "Western Hemisphere excluding US": 4714,
        "Asia Pacific Africa": 13593,
    }
    # the facts' "Non-US" member (38,519) is the sum of the three regions: not listed again, so
    # the lines add up to the total once
    assert body["other"] == []
    assert body["total_revenue"] / million == 88821  # from the same 10-K's income statement
    assert body["adds_up"] is True
    # the profile's breakdown is in the company's reporting currency (tagged facts print none),
    # the same lines
    breakdown = _profile(conn, "JNJ")["geography"]["breakdown"]
    assert (breakdown["currency"], breakdown["year"]) == ("USD", 2024)
    lines = {line["name"]: Decimal(line["revenue"]) / million for line in breakdown["lines"]}
    assert sum(lines.values()) == 88821 and "Non-US" not in lines


def test_revenue_by_product_line_and_segment_from_the_inline_xbrl_of_an_html_10k(
    conn: Connection,
) -> None:
    # Amazon's 10-K 2024, Note 10 (net sales by groups of similar products and services) and
    # Note 10's segment table: millions of dollars, each named as the 10-K prints it
    found = {b["axis"]: b for b in _profile(conn, "AMZN")["products_services"]["breakdowns"]}
    million = Decimal(10**6)
    products = {
        line["name"]: Decimal(line["revenue"]) / million for line in found["products"]["lines"]
    }
    # the seven lines add up to the total; the tagged Products and Services (net product and
    # service sales) are the sum of no set of them, so they are no group and are left out
    assert products == {
        "Online stores": 247029,
        "Physical stores": 21215,
        "Third-party seller services": 156146,
        "Advertising": 56214,
        "Subscription services": 44374,
        "Amazon Web Services": 107556,
        "Other Services": 5425,
    }
    segments = {
        line["name"]: Decimal(line["revenue"]) / million for line in found["segments"]["lines"]
    }
    assert segments == {
        "North America": 387497,
        "International": 142906,
        "Amazon Web Services": 107556,
    }
    assert found["products"]["adds_up"] and found["segments"]["adds_up"]
    assert found["products"]["total"] == "637959000000"
    meta = _profile(conn, "META")["products_services"]["breakdowns"]
    assert [(b["axis"], [line["name"] for line in b["lines"]]) for b in meta] == [
        ("segments", ["Family of Apps", "Reality Labs"])
    ]
    # the same note's table as its rendered rows print it, read apart from the tags: the same
    # amounts line by line, named as the table names them ("AWS", "Other"); the tagged facts'
    # breakdown is the one shown
    (printed,) = conn.execute(
        select(revenue_segments.c.lines, revenue_segments.c.title).where(
            revenue_segments.c.source == "report_table", revenue_segments.c.axis == "products"
        )
    ).all()
    assert [Decimal(line["revenue"]) / million for line in printed.lines] == list(products.values())
    assert [line["name"] for line in printed.lines][-2:] == ["AWS", "Other"]
    assert printed.title.startswith("Net sales by groups of similar products and services")
    assert found["products"]["source"] == "xbrl_dimensions"


# Key figures as each 10-K's statements print them (fiscal 2024, millions of dollars but EPS):
# Amazon's consolidated statements of operations, balance sheet and cash flows; Meta's likewise.
FIGURES = {
    "AMZN": {
        "revenue": ("637959", "Total net sales"),
        "operating_income": ("68593", "Operating income"),
        "net_income": ("59248", "Net income (loss)"),
        "eps_diluted": ("5.53", "Diluted earnings per share"),
        "total_assets": ("624894", "Total assets"),
        "operating_cash_flow": ("115877", "Net cash provided by (used in) operating activities"),
    },
    "META": {
        "revenue": ("164501", "Revenue"),
        "operating_income": ("69380", "Income from operations"),
        "net_income": ("62360", "Net income"),
        "eps_diluted": ("23.86", "Earnings per share: Diluted"),
        "total_assets": ("276054", "Total assets"),
        "capital_expenditure": ("37256", "Purchases of property and equipment"),
    },
}


def _financials(conn: Connection, company: str, year: int | None) -> object:
    return financials(
        conn,
        CompanyDirectory(),
        PeriodCache(),
        company=company,
        years=3,
        market=None,
        period_type="annual",
        year=year,
        quarter=None,
    )


@pytest.mark.parametrize("company", FIGURES)
def test_figures_from_the_inline_xbrl_of_an_html_10k(conn: Connection, company: str) -> None:
    """A company known only from a 10-K added as HTML gets its figures from the document's
    inline-XBRL facts, standardized as EDGAR's are, each naming the document it came from."""
    body = _financials(conn, company, 2024)
    assert isinstance(body, FinancialsResponse), body
    assert body.currency == "USD"
    latest = body.latest_period
    assert latest is not None and latest.period_label == "FY2024"
    docid = conn.execute(
        select(filings.c.docid)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(companies.c.company_id == company.lower())
    ).scalar_one()
    assert latest.source == docid
    metrics = latest.metrics or {}
    for key, (value, _) in FIGURES[company].items():
        unit = Decimal(1) if key.startswith("eps") else Decimal(10**6)
        assert metrics[key].value == Decimal(value) * unit, key
        assert (metrics[key].source or "").endswith(f" {docid}"), key
    # each line named as the issuer's statement prints it
    printed = dict(
        conn.execute(
            select(metric_values.c.metric_key, metric_values.c.metric_name)
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .where(
                companies.c.company_id == company.lower(),
                metric_values.c.fiscal_year == 2024,
                metric_values.c.period_kind.in_(["annual", "instant"]),
            )
        ).all()
    )
    assert {key: printed[key] for key in FIGURES[company]} == {
        key: label for key, (_, label) in FIGURES[company].items()
    }
    # the years before come from the same document's comparative columns (2023's net sales:
    # Amazon 574,785, Meta 134,902)
    assert {"2022", "2023"} <= set(body.by_year)
    revenue_2023 = body.by_year["2023"]["revenue"]
    assert revenue_2023 == {"AMZN": 574785, "META": 134902}[company] * Decimal(10**6)


def test_an_html_release_without_inline_xbrl_gives_no_figures(conn: Connection) -> None:
    assert not isinstance(_financials(conn, "BKE", None), FinancialsResponse)


def test_ingesting_the_html_again_changes_nothing(html_database: tuple[Database, Path]) -> None:
    database, manifest = html_database
    summary = ingest_documents(database, manifest, read_listings(None, None))
    n = len(DOCUMENTS)
    assert (summary.stored, summary.unchanged, summary.skipped) == (n, n, [])


@pytest.mark.parametrize(
    ("line", "row"),
    [
        (
            "United States: Year Ended December 31, 2022 $356,113; 2023 $395,637",
            ("United States", ["Year Ended December 31, 2022", "2023"], ["$356,113", "$395,637"]),
        ),
        (
            "Europe (3): 2024 38,361; 2023 31,210",
            ("Europe (3)", ["2024", "2023"], ["38,361", "31,210"]),
        ),
        (
            "Eliminations: 2024 (1,204); 2023 —",
            ("Eliminations", ["2024", "2023"], ["(1,204)", "—"]),
        ),
        ("Sweden: Q4 2024 1,250", ("Sweden", ["Q4 2024"], ["1,250"])),
        # prose with a colon is no row
        ("Revenue: up 5%", None),
        ("Outlook: Net sales are expected to grow in 2025.", None),
        ("Note: News releases and other information can be accessed at 12", None),
        ("2024: 1,000; 2023: 900", None),
    ],
)
def test_a_rendered_table_row(line: str, row: tuple[str, list[str], list[str]] | None) -> None:
    assert _rendered_row(line) == row


def test_a_rendered_tables_header_names_each_column_once() -> None:
    years = ["Year Ended December 31, 2024", "Year Ended December 31, 2023"]
    assert _header_of(years) == "Year Ended December 31, 2024 2023"
    assert _header_of(["Q4 2024", "Q4 2023", "Jan-Dec 2024"]) == "Q4 2024 Q4 2023 Jan-Dec 2024"


def test_footnote_marks_on_every_place_row_are_no_values() -> None:
    # each place carries a mark and only the total has none (Meta's table)
    page = (
        "Revenue by geography, based on the addresses of our customers (in millions):\n"
        "Year Ended December 31, 2024 2023\n"
        "United States and Canada (1) $63,207 $52,888\n"
        "Europe (2) 38,361 31,210\n"
        "Asia-Pacific (2) 45,009 36,154\n"
        "Total revenue $146,577 $120,252\n"
    )
    tables = read_geography_tables([("p_1", 1, page)], DocumentContext(2024, True, "USD"))
    million = Decimal(10**6)
    assert [(t.period.year, [line.value / million for line in t.lines]) for t in tables] == [
        (2024, [63207, 38361, 45009]),
        (2023, [52888, 31210, 36154]),
    ]
    assert all(t.adds_up() for t in tables)


def test_a_rendered_table_that_does_not_add_up_is_not_stored() -> None:
    """Alphabet's 10-K 2024, Note 2, rendered: each year an amount and its share under one
    heading. The rendered header cannot tell the two apart, so what is read does not add up to
    the printed total, and nothing is kept rather than a table without the United States."""
    page = (
        "The following table presents revenues disaggregated by geography, based on the "
        "addresses of our customers (in millions):\n"
        "Year Ended December 31,\n"
        "United States: Year Ended December 31, 2022 $134,814; Year Ended December 31, 2022 48%; "
        "2023 $146,286; 2023 47%; 2024 $170,447; 2024 49%\n"
        "EMEA(1): Year Ended December 31, 2022 82,062; Year Ended December 31, 2022 29; "
        "2023 91,038; 2023 30; 2024 102,127; 2024 29\n"
        "APAC(1): Year Ended December 31, 2022 47,024; Year Ended December 31, 2022 16; "
        "2023 51,514; 2023 17; 2024 56,815; 2024 16\n"
        "Total revenues: Year Ended December 31, 2022 $282,836; Year Ended December 31, 2022 "
        "100%; 2023 $307,394; 2023 100%; 2024 $350,018; 2024 100%\n"
    )
    assert read_geography_tables([("p_1", 1, page)], DocumentContext(2024, True, "USD")) == []
