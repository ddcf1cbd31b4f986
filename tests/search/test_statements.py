"""A question's instructions to whoever answers it are not searched, the statements it names are
found by their captions and rise, and of several years it names the latest one's filing is its
focus: on each backend, in full-text mode (no vectors)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import Connection

from filings.search import glossary, statements
from filings.search.instructions import without_instructions
from tests.factories import add_company
from tests.search.test_focus_and_languages import SEARCH, _passage

BALANCE_SHEET = """ACME INDUSTRIES, INC.
Consolidated Balance Sheets (in millions, except par value)
As of December 31, 2024 2023
Cash and cash equivalents $ 1,677 $ 450
Receivables 1,615 1,679
Inventories 1,426 1,559
Total current assets 4,718 3,688
Accounts payable 3,248 2,854
Total current liabilities 7,051 7,487"""
# the same table with its rows run on, as some PDFs' text comes out
RUN_ON = (
    "Consolidated Statements of Earnings ACME INDUSTRIES, INC. (In Millions, Except per Share "
    "Data) Fiscal Year\n2024 2023 2022 Net sales $ 18,992.8 $ 18,127.0 $ 17,626.6 Cost of sales "
    "12,590.6 11,678.7 11,496.7\nOperating profit 3,475.8 3,144.8 2,953.9 Interest, net 379.6 "
    "420.3 466.5\nNet earnings 2,707.3 2,339.8 2,180.8"
)
CONTENTS = """Index to the Consolidated Financial Statements
Consolidated Statements of Operations 48
Consolidated Balance Sheets 50
Consolidated Statements of Cash Flows 2024, 2023 and 2022 51
Note 3 - Earnings Per Share 70
Note 4 - Income Taxes 72"""
NOTE = """Supplemental Balance Sheet Information
The following amounts were recorded in our consolidated balance sheets:
Prepaid expenses 1,093 1,200
Other current assets 455 470
Accrued liabilities 3,002 2,889
Deferred revenue 1,206 1,180
Other 233 219"""


def test_a_statement_is_shown_by_its_caption_over_a_table_of_periods() -> None:
    assert statements.shown(None, BALANCE_SHEET) == {"balance"}
    assert statements.shown(None, RUN_ON) == {"income"}
    swedish = "MSEK 2024 2023\n" + "\n".join(
        f"Tillgång {n} {n + 1} 204 {n + 1} 108" for n in range(6)
    )
    assert statements.shown("Koncernens balansräkning", swedish) == {"balance"}
    broken = "ACME\nINDUSTRIES\nCONSOLIDATED\nBALANCE\nSHEETS\n" + BALANCE_SHEET.split("\n", 2)[2]
    assert statements.shown("SHEETS", broken) == {"balance"}  # a heading given a word a line
    # a contents page names the captions with page numbers; a note's heading names the sheet
    assert statements.shown(None, CONTENTS) == frozenset()
    assert statements.shown(None, NOTE) == frozenset()
    # a caption over prose is no statement
    assert statements.shown(
        "Consolidated Balance Sheets", "Our balance sheet remained strong."
    ) == (frozenset())


def test_a_question_names_statements_outright_or_through_their_figures() -> None:
    asked = "Basing your judgment on the balance sheet and the P&L statement, what is the ROA?"
    assert statements.named(asked) == {"balance", "income"}
    assert statements.named("What is the FY2020 quick ratio?") == frozenset()
    assert statements.read_from("What is the FY2020 quick ratio?") == {"balance"}
    assert statements.read_from("capex as a % of revenue") == {"cash_flow"}
    assert statements.named("Vad säger koncernens balansräkning om skulderna?") == {"balance"}
    assert statements.read_from("What did the company say about its strategy?") == frozenset()


def test_an_officers_abbreviation_is_searched_as_the_title_reports_print() -> None:
    # 8-Ks and proxies print "Chief Executive Officer"; a question says "CEO"
    assert glossary.for_full_text("Has the new CEO run a retailer before?").startswith(
        "chief executive officer Has the new CEO"
    )
    assert "chief financial officer" in glossary.for_full_text("Who are the CFOs?")
    assert glossary.statement_words("What does the company's CEOP programme cost?") == []


def test_instructions_to_the_answerer_are_not_searched() -> None:
    asked = (
        "What is the FY2019 fixed asset turnover ratio? Round your answer to two decimal places. "
        "If the ratio is not a useful metric for a company like this, then state that and "
        "explain why. Answer as if you are an equity research analyst."
    )
    kept = without_instructions(asked)
    assert "fixed asset turnover ratio" in kept and "FY2019" in kept
    for word in ("Round", "decimal", "explain", "analyst", "useful"):
        assert word not in kept.split(), word
    # a question that is all instruction is searched as it is
    assert without_instructions("Please explain.") == "Please explain."
    # report words stay: "compute" in "data center compute"
    assert without_instructions("What is Controlled Data Center compute?").endswith("compute?")


def test_the_page_of_a_named_statement_rises_above_notes_that_share_the_words(
    client: TestClient, connection: Connection
) -> None:
    acme = add_company(connection, "acme", "Acme Industries AB", market="nordic")
    sheet = _passage(connection, acme, "00000000000000c1", BALANCE_SHEET)
    contents = _passage(connection, acme, "00000000000000c2", CONTENTS)
    chatty = _passage(
        connection,
        acme,
        "00000000000000c3",
        "An analyst may ask about our quick ratio and liquidity; we explain in this section why "
        "a ratio rounded to two decimal places says little about our current assets.",
    )
    asked = (
        "Based on the balance sheet, what is the FY2024 quick ratio? Round your answer to two "
        "decimal places and explain why as an analyst would."
    )
    answer = client.post(SEARCH, json={"query": asked, "company": "acme", "limit": 5}).json()
    assert answer["mode"] == "fulltext"
    pages = [hit["page_id"] for hit in answer["results"]]
    assert pages[0] == sheet, pages
    assert {contents, chatty} <= set(pages)  # a boost, not a filter


def test_of_several_years_named_the_latest_filing_is_the_focus(
    client: TestClient, connection: Connection
) -> None:
    acme = add_company(connection, "acme", "Acme Industries AB", market="nordic")
    body = "Net sales grew in every segment, led by compressors and vacuum pumps."
    older = _passage(connection, acme, "00000000000000d1", body, year=2022)
    latest = _passage(connection, acme, "00000000000000d2", body, year=2024)
    asked = "What was the net sales growth from FY2022 to FY2024?"
    answer = client.post(SEARCH, json={"query": asked, "company": "acme", "limit": 5}).json()
    assert [hit["page_id"] for hit in answer["results"]] == [latest, older]
