"""The defects a comparison with edgartools and the filings showed (issue 13), each against values
read in the real filings: D&A from the statement, total debt of all borrowings, per-share series
on one split basis, quarters that add up to their year."""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from filings.core.metrics import METRICS, PER_SHARE_KEYS, Statement
from filings.ingest.standardize.facts import read_companyfacts, standardize
from filings.ingest.standardize.rows import MetricRow
from tests.ingest.test_sec_facts import FACTS, find

CIKS = {"aapl": "0000320193", "nvda": "0001045810", "tsla": "0001318605", "googl": "0001652044"}
MILLION = Decimal(1_000_000)


@pytest.fixture(scope="module")
def rows(corpus: Path) -> dict[str, list[MetricRow]]:
    out = {}
    for name, cik in CIKS.items():
        document = json.loads((corpus / FACTS.format(cik)).read_text(), parse_float=Decimal)
        out[name] = standardize(read_companyfacts(document))
    return out


def at(rows: list[MetricRow], metric: str, end: str) -> MetricRow:
    [row] = [r for r in rows if r.metric_key == metric and r.period_end.isoformat() == end]
    return row


# 1. D&A as the cash-flow statement states it, not a note's component


def test_apple_fy2009_d_and_a_is_the_cash_flow_statements(rows: dict[str, list[MetricRow]]) -> None:
    # 10-K FY2011: "Depreciation and amortization 734" (cash flows), 606 in a note.
    da = find(rows["aapl"], "depreciation_and_amortization", 2009)
    assert da.value == 734 * MILLION
    assert da.source.startswith("us-gaap:DepreciationAmortizationAndAccretionNet ")


def test_tesla_fy2017_d_and_a(rows: dict[str, list[MetricRow]]) -> None:
    # 10-K FY2017 (0001564590-18-002956), cash flows: 1,636,003 thousand; 769.3M is a note's.
    da = find(rows["tsla"], "depreciation_and_amortization", 2017)
    assert da.value == Decimal("1636003000")
    assert da.accession_number == "0001564590-18-002956"


def test_ebitda_and_a_derived_q4_use_the_statements_d_and_a(
    rows: dict[str, list[MetricRow]],
) -> None:
    apple = rows["aapl"]
    ebitda = find(apple, "ebitda", 2015)
    assert ebitda.value == find(apple, "operating_income", 2015).value + 11_257 * MILLION
    # Q4 FY2011 = FY 1,814 - nine months 1,271, both from the cash-flow statements.
    assert find(apple, "depreciation_and_amortization", 2011, 4).value == 543 * MILLION


# 2. Total debt: current and non-current borrowings, convertible notes, commercial paper


def test_nvidia_convertible_notes_are_debt(rows: dict[str, list[MetricRow]]) -> None:
    nvda = rows["nvda"]
    # FY2016: the 1,413M convertible notes had moved to current liabilities; LongTermDebt was 0.
    assert at(nvda, "total_debt", "2016-01-31").value == 1_413 * MILLION
    # FY2017: 1,983M long-term notes + 796M current convertible notes.
    fy2017 = at(nvda, "total_debt", "2017-01-29")
    assert fy2017.value == 2_779 * MILLION
    assert "ConvertibleDebtCurrent" in fy2017.source
    cash = at(nvda, "cash_and_equivalents", "2017-01-29").value
    assert at(nvda, "net_debt", "2017-01-29").value == fy2017.value - cash


def test_apple_debt_includes_commercial_paper(rows: dict[str, list[MetricRow]]) -> None:
    # 10-K FY2025, balance sheet at 2024-09-28: commercial paper 9,967, term debt current
    # 10,912 and non-current 85,750.
    debt = at(rows["aapl"], "total_debt", "2024-09-28")
    assert debt.value == (9_967 + 10_912 + 85_750) * MILLION
    assert debt.metric_name == (
        "total debt: long-term debt, non-current + current debt + commercial paper"
    )


def test_a_current_debt_line_is_not_counted_twice(rows: dict[str, list[MetricRow]]) -> None:
    # Tesla 2014 (10-K FY2015): long-term debt and capital leases 1,818,785 + current portion
    # 611,099; the current convertible notes (601,566) are inside the current portion.
    assert at(rows["tsla"], "total_debt", "2014-12-31").value == Decimal("2429884000")


# 3. Per-share series on one basis across splits


def test_per_share_values_are_restated_for_later_splits(rows: dict[str, list[MetricRow]]) -> None:
    apple = rows["aapl"]
    fy2011 = find(apple, "eps_diluted", 2011)  # 27.68 as reported; 7-for-1 (2014), 4-for-1 (2020)
    assert fy2011.value == Decimal("0.9886")
    assert "as first reported 27.68" in fy2011.source and "7-for-1" in fy2011.source
    assert find(apple, "eps", 2011).value == Decimal("0.9886")
    assert find(apple, "eps_diluted", 2024).value == Decimal("6.08")  # after every split
    nvda = rows["nvda"]
    assert find(nvda, "eps_diluted", 2022).value == Decimal("0.385")  # 3.85 before 10-for-1
    assert find(nvda, "eps_diluted", 2023).value == Decimal("0.17")  # restated by the filer
    assert find(rows["googl"], "eps_diluted", 2019).value == Decimal("2.458")  # 49.16 / 20


def test_no_per_share_series_jumps_by_a_split_ratio(rows: dict[str, list[MetricRow]]) -> None:
    for name, company in rows.items():
        for metric in ("eps_diluted", "eps_basic"):
            annual = sorted(
                (r.fiscal_year, r.value)
                for r in company
                if r.metric_key == metric and r.period_kind == "annual"
            )
            for (_, before), (year, after) in itertools.pairwise(annual):
                if before > Decimal("0.5") and after > 0:
                    assert before / after < 3, (name, metric, year, before, after)


# 4. Quarters from one concept per year, adding up to the year


def test_apple_fy2017_dividend_quarters_add_up(rows: dict[str, list[MetricRow]]) -> None:
    apple = rows["aapl"]
    year = find(apple, "dividends_paid", 2017)
    assert year.value == 12_769 * MILLION
    quarters = [find(apple, "dividends_paid", 2017, q) for q in (1, 2, 3, 4)]
    assert sum(q.value for q in quarters) == year.value
    assert all("PaymentsOfDividends " in q.source for q in quarters)


def _rounding(value: Decimal) -> Decimal:
    digits = str(abs(int(value)))
    return Decimal(10) ** (len(digits) - len(digits.rstrip("0")) if value else 0)


def test_quarters_add_up_to_their_year(rows: dict[str, list[MetricRow]]) -> None:
    flows = {
        k
        for k, d in METRICS.items()
        if d.statement in (Statement.INCOME, Statement.CASH_FLOW) and k not in PER_SHARE_KEYS
    }
    years = quarters_off = 0
    for company in rows.values():
        annual: dict[tuple[str, int], Decimal] = {}
        quarters: dict[tuple[str, int], dict[int, Decimal]] = defaultdict(dict)
        for r in company:
            if r.metric_key in flows and r.period_kind == "annual":
                annual[(r.metric_key, r.fiscal_year)] = r.value
            elif r.metric_key in flows and r.period_kind == "quarter" and r.fiscal_quarter:
                quarters[(r.metric_key, r.fiscal_year)][r.fiscal_quarter] = r.value
        for key, value in annual.items():
            if len(quarters[key]) == 4:
                years += 1
                # the year of a later filing may be rounded to millions, its quarters not
                quarters_off += abs(sum(quarters[key].values()) - value) > 2 * _rounding(value)
    assert years > 500
    assert quarters_off / years < 0.01, (quarters_off, years)
