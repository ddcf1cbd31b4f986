"""companyfacts -> metric rows, checked against values read in the filings themselves."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from filings.ingest.standardize.facts import (
    fiscal_year_end,
    read_companyfacts,
    reporting_currency,
    standardize,
)
from filings.ingest.standardize.rows import MetricRow

FACTS = "sec/data.sec.gov/api/xbrl/companyfacts/CIK{}.json"


def rows_of(corpus: Path, cik: str) -> list[MetricRow]:
    document = json.loads((corpus / FACTS.format(cik)).read_text(), parse_float=Decimal)
    return standardize(read_companyfacts(document))


def find(rows: list[MetricRow], metric: str, year: int, quarter: int | None = None) -> MetricRow:
    kinds = (
        {"instant"}
        if quarter == 4 and metric in {"total_assets", "equity"}
        else {"annual", "quarter", "instant"}
    )
    matches = [
        r
        for r in rows
        if r.metric_key == metric
        and r.fiscal_year == year
        and r.fiscal_quarter == quarter
        and r.period_kind in kinds
    ]
    assert len(matches) == 1, matches
    return matches[0]


@pytest.fixture(scope="module")
def apple(corpus: Path) -> list[MetricRow]:
    return rows_of(corpus, "0000320193")


def test_apple_fy2024_from_its_10k(apple: list[MetricRow]) -> None:
    revenue = find(apple, "revenue", 2024)
    assert revenue.value == Decimal("391035000000")
    assert (revenue.period_start, revenue.period_end) == (date(2023, 10, 1), date(2024, 9, 28))
    assert revenue.unit == "USD" and revenue.currency == "USD"
    assert find(apple, "net_income", 2024).value == Decimal("93736000000")
    eps = find(apple, "eps_diluted", 2024)
    assert eps.value == Decimal("6.08") and eps.unit == "USD/share"
    assert find(apple, "eps", 2024).value == Decimal("6.08")


def test_the_newest_filing_wins_per_period(apple: list[MetricRow]) -> None:
    # FY2024 revenue is in the FY2024 10-K (filed 2024-11-01) and, as a comparative, in the
    # FY2025 10-K (filed 2025-10-31): the newer filing is the source.
    revenue = find(apple, "revenue", 2024)
    assert revenue.accession_number == "0000320193-25-000079"
    assert revenue.source == (
        "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax 0000320193-25-000079"
    )


def test_concept_fallback_over_the_years(apple: list[MetricRow]) -> None:
    # FY2017 revenue was tagged SalesRevenueNet in its own 10-K; a later 10-K tags it Revenues.
    fy2017 = find(apple, "revenue", 2017)
    assert fy2017.value == Decimal("229234000000")


def test_quarters_come_from_three_month_facts_and_q4_is_derived(apple: list[MetricRow]) -> None:
    q2 = find(apple, "revenue", 2025, 2)  # 10-Q for the quarter ended 2025-03-29
    assert q2.value == Decimal("95359000000") and q2.derived is None
    assert q2.period_end == date(2025, 3, 29)
    q4 = find(apple, "revenue", 2024, 4)
    assert q4.value == Decimal("94930000000")  # 391,035 - 296,105 (nine months)
    assert q4.derived == "fy_minus_9m" and q4.source.startswith("derived: fy_minus_9m")
    assert (q4.period_start, q4.period_end) == (date(2024, 6, 30), date(2024, 9, 28))


def test_balance_sheet_at_year_end_is_the_q4_balance(apple: list[MetricRow]) -> None:
    assets = [
        r for r in apple if r.metric_key == "total_assets" and r.period_end == date(2024, 9, 28)
    ]
    assert [(r.fiscal_year, r.fiscal_quarter, r.value) for r in assets] == [
        (2024, 4, Decimal("364980000000"))
    ]


def test_derived_metrics(apple: list[MetricRow]) -> None:
    ebitda = find(apple, "ebitda", 2024)
    parts = (
        find(apple, "operating_income", 2024).value
        + find(apple, "depreciation_and_amortization", 2024).value
    )
    assert ebitda.value == parts and ebitda.source.startswith("derived: operating income +")
    fcf = find(apple, "free_cash_flow", 2024)
    assert fcf.value == Decimal("118254000000") - Decimal("9447000000")
    margin = find(apple, "net_margin", 2024)
    assert margin.value == Decimal("23.97") and margin.unit == "%"


def test_nvidia_fiscal_years_end_in_january(corpus: Path) -> None:
    rows = rows_of(corpus, "0001045810")
    revenue = find(rows, "revenue", 2025)
    assert revenue.value == Decimal("130497000000")
    assert revenue.period_end == date(2025, 1, 26)
    q2 = find(rows, "revenue", 2026, 2)  # quarter ended 2025-07-27
    assert q2.period_end == date(2025, 7, 27) and q2.value == Decimal("46743000000")


def test_snowflake_fiscal_year_ends_on_january_31(corpus: Path) -> None:
    rows = rows_of(corpus, "0001640147")
    revenue = find(rows, "revenue", 2025)
    assert revenue.period_end == date(2025, 1, 31)
    assert revenue.value == Decimal("3626396000")


def test_tsmc_files_ifrs_in_twd(corpus: Path) -> None:
    document = json.loads((corpus / FACTS.format("0001046179")).read_text(), parse_float=Decimal)
    facts = read_companyfacts(document)
    assert reporting_currency(facts) == "TWD"
    assert fiscal_year_end(facts) == (12, 31)
    rows = standardize(facts)
    revenue = find(rows, "revenue", 2024)
    assert revenue.value == Decimal("2894307700000") and revenue.unit == "TWD"
    assert revenue.source.startswith("ifrs-full:Revenue ")
    assert find(rows, "eps_diluted", 2024).unit == "TWD/share"


def test_only_periodic_reports_count(corpus: Path) -> None:
    document = json.loads((corpus / FACTS.format("0000320193")).read_text(), parse_float=Decimal)
    forms = {f.form for f in read_companyfacts(document)}
    assert forms <= {"10-K", "10-K/A", "10-Q", "10-Q/A"}


def test_periods_never_come_from_fy_fields(corpus: Path) -> None:
    # Every FY2024 row of Apple lies inside Apple's fiscal year 2024, whatever filing carried it.
    for row in rows_of(corpus, "0000320193"):
        if row.fiscal_year == 2024 and row.period_kind == "annual":
            assert date(2023, 9, 24) <= row.period_end <= date(2024, 10, 5)
