"""US filing documents: text in reading order, sections by item, pages, and their facts.

Values and pages asserted here were read in the documents themselves.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from filings.db.engine import Database, make_engine
from filings.db.tables import filing_texts, filings, metric_values, pages, passages, xbrl_facts
from filings.ingest.sec.documents import fetch_documents, read_document, read_filing_documents
from filings.ingest.sec.documents_load import filing_passages
from filings.ingest.sec.envelope import read_envelope, read_package
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.held import UNREADABLE
from filings.ingest.sec.html_text import read_pages
from filings.ingest.sec.pipeline import ingest_sec
from filings.ingest.sec.sections import text_units
from filings.ingest.sec.source import MirrorSource
from filings.ingest.sec.submissions import FilingInfo
from filings.ingest.standardize.facts import document_facts, read_companyfacts

ARCHIVES = "sec/www.sec.gov/Archives/edgar/data"
APPLE_10K = f"{ARCHIVES}/320193/000032019324000123/aapl-20240928.htm"
NVIDIA_10K = f"{ARCHIVES}/1045810/000104581025000023/nvda-20250126.htm"
NVIDIA_10Q = f"{ARCHIVES}/1045810/000104581025000209/nvda-20250727.htm"
NVIDIA_8K = f"{ARCHIVES}/1045810/000104581026000024/0001045810-26-000024.txt"
TESLA_10K = f"{ARCHIVES}/1318605/000162828025003063/tsla-20241231.htm"
APPLE_10Q_ZIP = f"{ARCHIVES}/320193/000032019325000057/0000320193-25-000057-xbrl.zip"


def _units(corpus: Path, path: str, form: str) -> list:  # type: ignore[type-arg]
    return text_units(read_pages((corpus / path).read_bytes()), form)


def _first(units: list, section: str):  # type: ignore[no-untyped-def,type-arg]
    return next(u for u in units if u.section == section)


def test_apple_10k_items_pages_and_notes(corpus: Path) -> None:
    units = _units(corpus, APPLE_10K, "10-K")
    sections = list(dict.fromkeys(u.section for u in units))
    for item in ("item_1", "item_1a", "item_1b", "item_1c", "item_2", "item_3", "item_5"):
        assert item in sections
    assert sections.index("item_7") < sections.index("item_7a") < sections.index("item_8")
    # The printed page numbers as the document's footers give them ("Apple Inc. | 2024 Form
    # 10-K | 5"): Risk Factors start on printed page 5, Item 7 on 21, Note 1 on 34.
    assert _first(units, "item_1a").printed_page == "5"
    assert _first(units, "item_1a").heading_path == ("Part I", "Item 1A. Risk Factors")
    assert _first(units, "item_7").printed_page == "21"
    note = _first(units, "item_8/note_1")
    assert note.printed_page == "34"
    assert note.heading_path[-1] == "Note 1 – Summary of Significant Accounting Policies"
    assert "item_8/note_13" in sections  # Segment Information and Geographic Data
    assert all(1 <= u.page_number <= 59 for u in units)


def test_hidden_header_and_page_furniture_are_not_text(corpus: Path) -> None:
    text = "\n".join(u.text for u in _units(corpus, APPLE_10K, "10-K"))
    assert "http://fasb.org" not in text and "us-gaap:" not in text  # the ix:header
    assert "Apple Inc. | 2024 Form 10-K |" not in text  # page footers
    assert "The Company designs, manufactures and markets smartphones" in text


def test_tables_are_rows_with_their_column_headings(corpus: Path) -> None:
    text = "\n".join(u.text for u in _units(corpus, APPLE_10K, "10-K"))
    assert (
        "Total net sales: Years ended September 28, 2024 391,035; "
        "September 30, 2023 383,285; September 24, 2022 394,328"
    ) in text
    tesla = "\n".join(u.text for u in _units(corpus, TESLA_10K, "10-K"))
    assert "Total revenues: Year Ended December 31, 2024 97,690; 2023 96,773; 2022 81,462" in tesla


def test_nvidia_10k_notes_sit_in_item_15(corpus: Path) -> None:
    units = _units(corpus, NVIDIA_10K, "10-K")
    sections = set(u.section for u in units)
    assert {"item_1a", "item_7", "item_8", "item_15"} <= sections
    assert any(s.startswith("item_15/note_") for s in sections)


def test_nvidia_10q_parts_restart_their_items(corpus: Path) -> None:
    units = _units(corpus, NVIDIA_10Q, "10-Q")
    sections = list(dict.fromkeys(u.section for u in units))
    expected = ["part1_item1", "part1_item2", "part1_item3", "part1_item4", "part2_item1a"]
    assert [s for s in sections if s in expected] == expected
    assert "part1_item1/note_1" in sections
    assert _first(units, "part2_item1a").heading_path == ("Part II", "Item 1A. Risk Factors")


def test_8k_from_its_submission_envelope(corpus: Path) -> None:
    documents = read_envelope((corpus / NVIDIA_8K).read_bytes())
    assert [d.type for d in documents[:2]] == ["8-K", "EX-10.1"]
    primary = read_document(documents[0], "8-K")
    sections = [u.section for u in primary.units]
    assert "item_5.02" in sections and "item_9.01" in sections
    assert _first(primary.units, "item_5.02").heading_path[0].startswith("Item 5.02. Departure")


def test_an_exhibit_99_is_a_section_of_its_own(corpus: Path) -> None:
    exhibit = corpus / "sec-unindexed/BKE/8-K_2024-11-22/bke20241122-8kexhibit.htm"
    from filings.ingest.sec.envelope import FiledDocument

    document = read_document(
        FiledDocument("EX-99.1", exhibit.name, "", exhibit.read_bytes()), "8-K"
    )
    assert {u.section for u in document.units} == {"ex-99.1"}
    assert all(u.heading_path == ("EX-99.1",) for u in document.units)


def test_pages_are_counted_over_the_filings_documents(corpus: Path) -> None:
    # Adobe's 8-K of 2023-03-15: adbe-20230315.htm asks for four page breaks (5 pages), its
    # EX-99.1 adbeex991q123.htm for eight (9 pages, the income statement on its page 4,
    # printed "4"); the filing's pages run on from one document to the next.
    filing = FilingInfo(
        "0000796343-23-000044", "8-K", "8-K", date(2023, 3, 15), None, "adbe-20230315.htm", None
    )
    found = read_filing_documents(MirrorSource(corpus / "sec"), "0000796343", filing)
    numbered = [(p.number, p.document) for p in found.pages]
    assert numbered == [(n, "adbe-20230315.htm") for n in range(1, 6)] + [
        (n, "adbeex991q123.htm") for n in range(6, 15)
    ]
    statement = found.pages[8]
    assert statement.printed_page == "4"
    assert statement.text.startswith("Condensed Consolidated Statements of Income")
    assert [u.page_number for u in statement.units] == [4]  # the release's own page
    passages = filing_passages(filing.accession_number, found)
    assert {p.page_id for p in passages} <= {f"0000796343-23-000044_{n}" for n in range(1, 15)}
    assert all(p.page_id == f"0000796343-23-000044_{p.page_number}" for p in passages)


def test_the_xbrl_package_gives_the_primary_document(corpus: Path) -> None:
    document = read_package((corpus / APPLE_10Q_ZIP).read_bytes(), "aapl-20250329.htm")
    assert document.filename == "aapl-20250329.htm"
    source = MirrorSource(corpus / "sec")
    filing = FilingInfo(
        "0000320193-25-000057", "10-Q", "10-Q", date(2025, 5, 2), None, "aapl-20250329.htm", None
    )
    (fetched,) = fetch_documents(source, "0000320193", filing)  # no .htm beside it: the zip
    assert fetched.content == document.content
    found = read_filing_documents(source, "0000320193", filing)
    # Apple's 10-Q reads 760 facts, as EDGAR's extracted instance has them.
    assert len(found.facts) == 760


@pytest.mark.parametrize(
    ("cik", "accession", "path", "form", "filed"),
    [
        ("0000320193", "0000320193-24-000123", APPLE_10K, "10-K", date(2024, 11, 1)),
        ("0001045810", "0001045810-25-000023", NVIDIA_10K, "10-K", date(2025, 2, 26)),
    ],
)
def test_document_facts_agree_with_companyfacts(
    corpus: Path, cik: str, accession: str, path: str, form: str, filed: date
) -> None:
    from filings.ingest.xbrl.inline import read_inline

    companyfacts = json.loads(
        (corpus / f"sec/data.sec.gov/api/xbrl/companyfacts/CIK{cik}.json").read_bytes()
    )
    reported = {
        (f.taxonomy, f.concept, f.unit, f.start, f.end): f.value
        for f in read_companyfacts(companyfacts)
        if f.accession == accession
    }
    stated = {
        (f.taxonomy, f.concept, f.unit, f.start, f.end): f.value
        for f in document_facts(
            read_inline((corpus / path).read_bytes()),
            accession=accession,
            form=form,
            filed=filed,
            labels={},
        )
    }
    common = reported.keys() & stated.keys()
    assert len(common) > 50  # every mapped concept both hold: 78 for Apple
    assert {k: stated[k] for k in common} == {k: reported[k] for k in common}


def test_tesla_fy2024_answers_from_its_10k(sec_client: TestClient) -> None:
    # Tesla's companyfacts in the mirror ends in 2022; its FY2024 10-K is in the mirror.
    body = sec_client.get("/api/v1/data/companies/TSLA/financials", params={"year": 2024}).json()
    assert "error" not in body, body
    fy2024 = body["by_year"]["2024"]
    # Consolidated Statements of Operations, printed page 49 (in millions).
    assert fy2024["revenue"] == 97_690_000_000
    assert fy2024["operating_income"] == 7_076_000_000
    assert fy2024["net_income_to_parent"] == 7_091_000_000
    # Consolidated Balance Sheets, printed page 48.
    assert fy2024["total_assets"] == 122_070_000_000
    statement = sec_client.get(
        "/api/v1/data/companies/TSLA/statement",
        params={"statement": "income_statement", "period_type": "quarterly", "year": 2024},
    ).json()
    assert "error" not in statement, statement
    by_quarter = {p["quarter"]: p["metrics"] for p in statement["periods"]}
    # Note 3 (printed page 69) prints Q3 2024 "before adoption" as the 10-Q reported it: net
    # income 2,167 million, diluted EPS 0.62; the adjusted values carry the adoption axis.
    assert by_quarter[3]["net_income_to_parent"]["value"] == 2_167_000_000
    assert by_quarter[3]["eps_diluted"]["value"] == 0.62


def test_documents_are_stored_by_section_and_page(sec_database_url: str) -> None:
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        stored = conn.execute(
            select(filings.c.accession_number, filings.c.page_count)
            .where(filings.c.sha256.is_not(None), filings.c.market == "us")
            .order_by(filings.c.accession_number)
        ).all()
        risk = conn.execute(
            select(filing_texts.c.heading_path, filing_texts.c.printed_page)
            .join(filings, filings.c.id == filing_texts.c.filing_pk)
            .where(
                filings.c.accession_number == "0001628280-25-003063",
                filing_texts.c.section == "item_1a",
            )
            .order_by(filing_texts.c.position)
        ).first()
        geography = conn.execute(
            select(xbrl_facts.c.value, xbrl_facts.c.dimensions)
            .join(filings, filings.c.id == xbrl_facts.c.filing_pk)
            .where(
                filings.c.accession_number == "0000320193-24-000123",
                xbrl_facts.c.concept
                == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
                xbrl_facts.c.period_start == date(2023, 10, 1),
            )
        ).all()
        # every US passage cites a stored page of its own filing, by that page's number
        cited = conn.execute(
            select(passages.c.page_id, passages.c.page_number, pages.c.page_number)
            .join(filings, filings.c.id == passages.c.filing_pk)
            .outerjoin(
                pages,
                (pages.c.page_id == passages.c.page_id) & (pages.c.filing_pk == filings.c.id),
            )
            .where(filings.c.market == "us")
        ).all()
        tesla_pages = conn.execute(
            select(pages.c.page_id, pages.c.document)
            .join(filings, filings.c.id == pages.c.filing_pk)
            .where(filings.c.accession_number == "0001628280-25-003063")
            .order_by(pages.c.page_number)
        ).all()
    db.dispose()
    assert cited and all(number == stored for _, number, stored in cited)
    assert {page_id.rsplit("_", 1)[0] for page_id, _, _ in cited} <= {a for a, _ in stored}
    # Tesla's 10-K: a page row for each of its 111 pages, all in tsla-20241231.htm
    assert [p.page_id for p in tesla_pages] == [f"0001628280-25-003063_{n}" for n in range(1, 112)]
    assert {p.document for p in tesla_pages} == {"tsla-20241231.htm"}
    # Pages: one more than the page breaks each primary document asks for (ko-20241231.htm has
    # 138 `page-break-after: always`).
    assert dict(stored) == {
        "0000021344-25-000011": 139,
        "0000104169-25-000021": 87,
        "0000200406-25-000038": 126,
        # held only as XBRL instances: facts, no text, no pages
        "0000320193-22-000108": 0,
        "0000320193-23-000077": 0,
        "0000320193-23-000106": 0,
        "0000320193-24-000123": 59,
        "0000320193-25-000057": 25,
        "0000320193-25-000073": 25,
        "0000354950-25-000085": 84,
        # Adobe: known from its 8-K folder alone (four page breaks in adbe-20230315.htm)
        "0000796343-23-000044": 5,
        "0001045810-25-000023": 87,
        "0001045810-25-000209": 40,
        # Not in NVIDIA's submissions index: known from its full submission's SGML header.
        "0001045810-26-000024": 3,  # two page breaks in nvda-20260302.htm
        "0001104659-25-042659": 45,
        "0001628280-24-032662": 0,
        "0001628280-25-003063": 111,
        "0001628280-25-035806": 38,
        # Alphabet: known from the companyfacts facts that name the accession
        "0001652044-25-000014": 99,
    }
    assert risk is not None and risk.heading_path == "Part I > Item 1A. RISK FACTORS"
    by_member = {tuple(map(tuple, g.dimensions)): g.value for g in geography}
    assert by_member[(("srt:StatementGeographicalAxis", "country:US"),)] == "142196000000"
    assert by_member[(("srt:StatementGeographicalAxis", "country:CN"),)] == "66952000000"


def test_a_malformed_document_is_reported_and_skipped(
    committed_database_url: str, corpus: Path, tmp_path: Path
) -> None:
    mirror = tmp_path / "sec"
    shutil.copytree(corpus / "sec/www.sec.gov/files", mirror / "www.sec.gov/files")
    shutil.copytree(corpus / "sec/data.sec.gov/submissions", mirror / "data.sec.gov/submissions")
    folder = mirror / "www.sec.gov/Archives/edgar/data/1318605/000162828025003063"
    folder.mkdir(parents=True)
    broken = b'<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><p>Item 1.<p></html'
    (folder / "tsla-20241231.htm").write_bytes(broken)
    db = Database(make_engine(committed_database_url))
    source = MirrorSource(mirror)
    summary = ingest_sec(db, source, ["0001318605"], read_tickers(source))
    with db.transaction() as conn:
        texts = conn.execute(select(filing_texts.c.id)).all()
    db.dispose()
    assert summary.companies == 1 and summary.documents == 0
    [skip] = summary.document_skips
    assert (skip.accession, skip.reason) == ("0001628280-25-003063", UNREADABLE)
    assert texts == []


def test_a_run_without_documents_keeps_the_figures_they_gave(
    committed_database_url: str, corpus: Path
) -> None:
    db = Database(make_engine(committed_database_url))
    source = MirrorSource(corpus / "sec")
    listings = read_tickers(source)
    ingest_sec(db, source, ["0001318605"], listings)
    again = ingest_sec(db, source, ["0001318605"], listings, documents=None)
    with db.transaction() as conn:
        revenue = conn.execute(
            select(metric_values.c.value).where(
                metric_values.c.metric_key == "revenue",
                metric_values.c.fiscal_year == 2024,
                metric_values.c.period_kind == "annual",
            )
        ).scalar_one()
    db.dispose()
    assert again.unchanged == 1 and revenue == "97690000000"


WALMART_10K = f"{ARCHIVES}/104169/000010416925000021/wmt-20250131.htm"


def test_walmart_item_headings_laid_out_as_table_rows(corpus: Path) -> None:
    # Walmart's 10-K sets each item heading as a one-row table ("ITEM 1A." | "RISK FACTORS");
    # Item 1A opens the page whose footer prints 14. Its table of contents (a row per item,
    # each with a page number) moves no section.
    units = _units(corpus, WALMART_10K, "10-K")
    sections = list(dict.fromkeys(u.section.split("/")[0] for u in units))
    assert sections == [
        "cover",
        "item_1",
        "item_1a",
        "item_1b",
        "item_1c",
        "item_2",
        "item_3",
        "item_4",
        "item_5",
        "item_6",
        "item_7",
        "item_7a",
        "item_8",
        "item_9",
        "item_9a",
        "item_9b",
        "item_9c",
        "item_10",
        "item_11",
        "item_12",
        "item_13",
        "item_14",
        "item_15",
        "item_16",
    ]
    risk = _first(units, "item_1a")
    assert (risk.page_number, risk.printed_page) == (14, "14")
    assert risk.heading_path == ("Part I", "Item 1A. RISK FACTORS")
    assert risk.text.startswith("ITEM 1A. | RISK FACTORS\n\nThe risks described below")


def test_walmart_profile_and_search_by_item(sec_client: TestClient) -> None:
    # Content search can now filter Walmart's text by item: its risk factors are Item 1A's.
    db_sections = sec_client.get("/api/v1/data/companies/WMT/profile").json()
    assert db_sections.get("error") is None
    assert db_sections["risks"]["sentences"], db_sections["risks"]
