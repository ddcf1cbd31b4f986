"""A PDF 10-K's key figures as its income statement prints them: the profile's overview size for
a company with no stored figures."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from filings.companies.statement_figures import read_statement_figures
from tests.factories import pdf_pages


def _read(text: str, year: int | None = 2022) -> dict[str, tuple[Decimal, str, int | None]]:
    pages = [(f"d_{n}", n, page) for n, page in enumerate(text.split("\f"), start=1)]
    return {
        f.metric_key: (f.value, f.name, f.page_number) for f in read_statement_figures(pages, year)
    }


STATEMENT = """Index to Financial Statements
Consolidated Statements of Operations 40
Consolidated Balance Sheets 41
\fEXAMPLE CORP.
CONSOLIDATED STATEMENTS OF OPERATIONS
(in thousands, except per share data)
Year ended December 31,
2022 2021 2020
Revenues
Products $ 1,000 $ 900 $ 800
Services 234 200 100
1,234 1,100 900
Cost of revenues 600 500 450
Operating income (loss) (12) 30 40
Interest expense (5) (4) (3)
Net loss attributable to noncontrolling interests (1) (1) (1)
Net (loss)/income $ (18) $ 20 $ 30
"""


def test_the_fiscal_years_column_of_the_statement_under_its_caption() -> None:
    found = _read(STATEMENT)
    # the index's line with its page number is no caption; the unlabelled line under
    # "Revenues" is their total; amounts in thousands; a bracketed amount is negative
    assert found == {
        "revenue": (Decimal(1234000), "Revenues", 2),
        "operating_income": (Decimal(-12000), "Operating income (loss)", 2),
        "net_income": (Decimal(-18000), "Net (loss)/income", 2),
    }
    assert _read(STATEMENT, 2021)["revenue"][0] == Decimal(1100000)


def test_a_statement_the_reader_is_unsure_of_gives_nothing() -> None:
    assert _read(STATEMENT, 2019) == {}  # the year is not printed
    assert _read(STATEMENT.replace("(in thousands, except per share data)", "")) == {}  # no unit
    # rows with fewer values than years
    assert _read(STATEMENT.replace("2022 2021 2020", "2022 2021 2020 2019")) == {}
    # a sentence naming the statement is no caption
    prose = "Amounts are recorded in our consolidated statements of operations when earned."
    assert _read(STATEMENT.replace("CONSOLIDATED STATEMENTS OF OPERATIONS", prose)) == {}


def test_the_groups_statement_over_a_subgroups_and_bare_years_opening_a_line() -> None:
    subgroup = """Deed of Cross Guarantee
Consolidated Statements of Income
($ in millions)
For the years ended June 30, 2022 2021
Net sales $ 377 $ 391
Operating income 532 1,158
Net income $ 487 $ 1,153
"""
    group = """Consolidated Statements of Earnings GENERAL EXAMPLE INC.
(In Millions, Except per Share Data)
Fiscal Year
2022 2021 Net sales $ 18,992.8 $ 18,127.0 Cost of sales 12,590.6 11,678.7
Operating profit 3,475.8 2,953.9
Net earnings, including earnings attributable to redeemable and
noncontrolling interests 2,735.0 2,346.0
Net earnings attributable to General Example $ 2,707.3 $ 2,339.8
"""
    found = _read(group + "\f" + subgroup)
    assert found["revenue"] == (Decimal("18992800000.0"), "Net sales", 1)
    # the group's net income (as the figures' net_income is), its label wrapped over two lines
    assert found["net_income"][:2] == (
        Decimal("2735000000.0"),
        "Net earnings, including earnings attributable to redeemable and noncontrolling interests",
    )
    # without the group's line, the issuer's share
    alone = group.replace("Net earnings, including earnings attributable to redeemable and\n", "")
    alone = alone.replace("noncontrolling interests 2,735.0 2,346.0\n", "")
    assert _read(alone)["net_income"][1] == "Net earnings attributable to General Example"


# Read in each 10-K's consolidated statement of operations (income, earnings), millions of
# dollars: the fiscal year's revenue, operating income and net income and the statement's page.
STATEMENTS = {
    "NETFLIX_2017_10K.pdf": (2017, "11692.713", "838.679", "558.929", 42),
    "BESTBUY_2023_10K.pdf": (2023, "46298", "1795", "1419", 40),
    "GENERALMILLS_2022_10K.pdf": (2022, "18992.8", "3475.8", "2735.0", 45),
    "VERIZON_2022_10K.pdf": (2022, "136835", "30467", "21748", 54),
    "AMCOR_2023_10K.pdf": (2023, "14694", "1508", "1058", 50),
    "BOEING_2022_10K.pdf": (2022, "66608", "-3547", "-5053", 55),
    "MGMRESORTS_2022_10K.pdf": (2022, "13127.485", "1439.372", "206.731", 60),
    "LOCKHEEDMARTIN_2022_10K.pdf": (2022, "65984", "8348", "5732", 63),
    "COCACOLA_2017_10K.pdf": (2017, "35410", "7501", "1283", 74),
    # a header of a date and a year a line each, three columns (AMD), a unit a word a line
    # (Boeing 2018): up to twelve lines between caption and first row
    "AMD_2015_10K.pdf": (2015, "3991", "-481", "-660", 56),
    "BOEING_2018_10K.pdf": (2018, "101127", "11987", "10460", 50),
}


@pytest.mark.parametrize("name", sorted(STATEMENTS))
def test_key_figures_of_financebench_10ks(financebench_pdfs: Path, name: str) -> None:
    year, revenue, operating, net, page = STATEMENTS[name]
    found = read_statement_figures(pdf_pages(financebench_pdfs / name), year)
    million = Decimal(10**6)
    assert [(f.metric_key, f.value / million) for f in found] == [
        ("revenue", Decimal(revenue)),
        ("operating_income", Decimal(operating)),
        ("net_income", Decimal(net)),
    ]
    assert {f.page_number for f in found} == {page}


def test_how_many_financebench_10ks_give_their_figures(
    financebench_pdfs: Path, corpus: Path
) -> None:
    documents = json.loads((corpus / "financebench" / "manifest.json").read_text())["documents"]
    tenks = [d for d in documents if d["document_type"] == "10-K"]
    read = [
        d["path"]
        for d in tenks
        if len(
            read_statement_figures(pdf_pages(corpus / "financebench" / d["path"]), d["fiscal_year"])
        )
        == 3
    ]
    # 21 of 22, the one left out rather than guessed: MGM's 2018 prints its caption one word
    # per line
    missing = sorted({d["path"] for d in tenks} - set(read))
    assert missing == ["pdfs/MGMRESORTS_2018_10K.pdf"]
