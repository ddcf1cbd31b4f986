"""Real edge cases that broke other projects' US numbers (their trackers), shown by this corpus.

Each test states a value read in the filing document itself or in the SEC's companyfacts JSON
(with `jq`/python over the file, or the inline XBRL read as text), and checks what the service
makes of it. Calendars and labels first, then concepts, then reading inline XBRL.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from filings.core.periods import fiscal_year_of
from filings.db.engine import Database, make_engine
from filings.db.tables import companies, filings, metric_values
from filings.ingest.standardize.facts import document_facts, read_companyfacts, standardize
from filings.ingest.standardize.rows import MetricRow
from filings.ingest.xbrl.inline import read_inline
from filings.ingest.xbrl.instance import read_instance
from filings.ingest.xbrl.model import XbrlFact
from tests.ingest.test_sec_facts import FACTS

ARCHIVES = "sec/www.sec.gov/Archives/edgar/data"
CIKS = {
    "wmt": "0000104169",
    "hd": "0000354950",
    "cost": "0000909832",
    "dis": "0001744489",
    "mrvl": "0001835632",
    "nvda": "0001045810",
    "googl": "0001652044",
    "tsla": "0001318605",
    "tsm": "0001046179",
}
MILLION = Decimal(1_000_000)


@pytest.fixture(scope="module")
def rows(corpus: Path) -> dict[str, list[MetricRow]]:
    out = {}
    for name, cik in CIKS.items():
        document = json.loads((corpus / FACTS.format(cik)).read_text(), parse_float=Decimal)
        out[name] = standardize(read_companyfacts(document))
    return out


def one(
    rows: list[MetricRow],
    metric: str,
    *,
    end: date,
    kind: str = "annual",
    start: date | None = None,
) -> MetricRow:
    found = [
        r
        for r in rows
        if r.metric_key == metric
        and r.period_end == end
        and r.period_kind == kind
        and (start is None or r.period_start == start)
    ]
    assert len(found) == 1, found
    return found[0]


def stored(url: str, company_id: str, metric: str, **where: object) -> list[object]:
    db = Database(make_engine(url))
    with db.transaction() as conn:
        query = (
            select(metric_values)
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .where(companies.c.company_id == company_id, metric_values.c.metric_key == metric)
        )
        for column, value in where.items():
            query = query.where(metric_values.c[column] == value)
        found = list(conn.execute(query).all())
    db.dispose()
    return found


def inline(corpus: Path, path: str) -> list[XbrlFact]:
    return read_inline((corpus / ARCHIVES / path).read_bytes())


def fact(facts: list[XbrlFact], name: str, end: date, **dims: str) -> XbrlFact:
    found = [
        f
        for f in facts
        if f.name == name and f.context.end == end and dict(f.context.dimensions) == dims
    ]
    assert found, (name, end)
    return found[0]


# --- calendars and fiscal-year labels ---------------------------------------------------------


def test_jnj_fiscal_year_end_0103_is_a_december_year(sec_database_url: str, corpus: Path) -> None:
    # The SEC's submissions give J&J's fiscal year end as "0103" (its 52/53-week year ends on
    # the Sunday nearest 31 December); its 10-K's "Sales to customers" for the fiscal year
    # 2024-01-01 to 2024-12-29 is 88,821 million.
    submissions = json.loads(
        (corpus / "sec/data.sec.gov/submissions/CIK0000200406.json").read_text()
    )
    assert submissions["fiscalYearEnd"] == "0103"
    (row,) = stored(sec_database_url, "jnj", "revenue", period_kind="annual", fiscal_year=2024)
    assert (row.period_start, row.period_end) == (date(2024, 1, 1), date(2024, 12, 29))
    assert Decimal(row.value) == 88_821 * MILLION


def test_jnj_year_ending_in_january_keeps_its_december_label(sec_database_url: str) -> None:
    # J&J's fiscal 2022 ended on 1 January 2023: sales 79,990 million, labelled 2022.
    (row,) = stored(sec_database_url, "jnj", "revenue", period_kind="annual", fiscal_year=2022)
    assert row.period_end == date(2023, 1, 1) and Decimal(row.value) == 79_990 * MILLION


def test_home_depot_year_ended_in_february_is_fiscal_2024(rows: dict[str, list[MetricRow]]) -> None:
    # The Home Depot's 10-K for the year ended 2 February 2025 (dei:DocumentFiscalYearFocus
    # 2024; companyfacts fy 2024) reports net sales of 159,514 million for "fiscal 2024".
    # By the calendar the year would be 2025: a year off.
    row = one(rows["hd"], "revenue", end=date(2025, 2, 2))
    assert row.value == 159_514 * MILLION
    assert fiscal_year_of(date(2025, 2, 2)) == 2025 and row.fiscal_year == 2024
    # its quarters move with it: the quarter ended 28 April 2024 is Q1 of fiscal 2024
    q1 = one(rows["hd"], "revenue", end=date(2024, 4, 28), kind="quarter")
    assert (q1.fiscal_year, q1.fiscal_quarter) == (2024, 1)


def test_home_depot_10k_is_listed_under_fiscal_2024(sec_database_url: str) -> None:
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        year = conn.execute(
            select(filings.c.fiscal_year).where(
                filings.c.accession_number == "0000354950-25-000085"
            )
        ).scalar_one()
    db.dispose()
    assert year == 2024


def test_walmart_year_ended_in_january_is_fiscal_2025(rows: dict[str, list[MetricRow]]) -> None:
    # Walmart's 10-K: "Total revenues" of 680,985 million for fiscal 2025, ended 31 January 2025.
    row = one(rows["wmt"], "revenue", end=date(2025, 1, 31))
    assert (row.fiscal_year, row.value) == (2025, 680_985 * MILLION)


def test_wrong_fy_in_early_companyfacts_does_not_shift_walmart(
    rows: dict[str, list[MetricRow]],
) -> None:
    # companyfacts gives Walmart's 10-K filed 2012-03-27 `fy` 2011 for the year ended
    # 31 January 2012 (revenues 446,950 million), which Walmart calls fiscal 2012, as its
    # later filings' `fy` do: the newest annual reports decide the labels.
    row = one(rows["wmt"], "revenue", end=date(2012, 1, 31))
    assert row.fiscal_year == 2012
    assert row.value in (446_950 * MILLION, 446_509 * MILLION)  # as first filed, restated


def test_nvidia_fiscal_2011_despite_companyfacts_fy_2010(rows: dict[str, list[MetricRow]]) -> None:
    # NVIDIA's 10-K filed 2011-03-16 carries fy 2010 in companyfacts for the year ended
    # 30 January 2011 (revenue 3,543,309 thousand), NVIDIA's fiscal 2011.
    row = one(rows["nvda"], "revenue", end=date(2011, 1, 30))
    assert (row.fiscal_year, row.value) == (2011, Decimal("3543309000"))


def test_marvell_year_ended_1_february_is_fiscal_2025(rows: dict[str, list[MetricRow]]) -> None:
    # companyfacts: Marvell's revenue 5,767.3 million for 2024-02-04 .. 2025-02-01, fy 2025.
    row = one(rows["mrvl"], "revenue", end=date(2025, 2, 1))
    assert (row.fiscal_year, row.value) == (2025, Decimal("5767300000"))


def test_costco_53_week_year_is_a_year(rows: dict[str, list[MetricRow]]) -> None:
    # companyfacts: Costco's revenue 242,290 million for 2022-08-29 .. 2023-09-03 (371 days).
    row = one(rows["cost"], "revenue", end=date(2023, 9, 3))
    assert (row.period_start, row.fiscal_year, row.value) == (
        date(2022, 8, 29),
        2023,
        242_290 * MILLION,
    )


def test_costco_16_week_fourth_quarter(rows: dict[str, list[MetricRow]]) -> None:
    # companyfacts: fiscal 2024 revenue 254,453 million (2023-09-04 .. 2024-09-01); the first
    # 36 weeks 174,756 million (10-Q to 2024-05-12). The fourth quarter is 16 weeks: 79,697.
    q4 = one(rows["cost"], "revenue", end=date(2024, 9, 1), kind="quarter")
    assert (q4.fiscal_year, q4.fiscal_quarter) == (2024, 4)
    assert q4.period_start == date(2024, 5, 13) and q4.value == 79_697 * MILLION
    assert q4.derived == "fy_minus_9m"


def test_costco_24_week_half_gives_the_second_quarters_cash_flow(
    rows: dict[str, list[MetricRow]],
) -> None:
    # companyfacts: operating cash flow 4,651 million for the 12 weeks to 2023-11-26 and 5,382
    # million for the 24 weeks to 2024-02-18: the second quarter's is 731 million.
    q2 = one(rows["cost"], "operating_cash_flow", end=date(2024, 2, 18), kind="quarter")
    assert (q2.fiscal_quarter, q2.value, q2.derived) == (2, 731 * MILLION, "h1_minus_q1")


def test_disney_first_quarter_ends_in_december(rows: dict[str, list[MetricRow]]) -> None:
    # companyfacts: Disney's revenues 23,549 million for 2023-10-01 .. 2023-12-30, fp Q1 fy 2024.
    q1 = one(rows["dis"], "revenue", end=date(2023, 12, 30), kind="quarter")
    assert (q1.fiscal_year, q1.fiscal_quarter, q1.value) == (2024, 1, 23_549 * MILLION)


# --- concepts --------------------------------------------------------------------------------


def test_the_newest_concept_makes_nvidias_trailing_twelve_months(
    rows: dict[str, list[MetricRow]],
) -> None:
    # companyfacts `Revenues`: 46,743 (to 2025-07-27), 57,006 (to 2025-10-26), fiscal 2026
    # 215,938 (to 2026-01-25) and 81,615 (to 2026-04-26) million; NVIDIA stopped filing
    # `RevenueFromContractWithCustomerExcludingAssessedTax` in 2022. The fourth quarter of
    # fiscal 2026 is 215,938 - 44,062 - 46,743 - 57,006 = 68,127.
    nvda = rows["nvda"]
    ends = (date(2025, 7, 27), date(2025, 10, 26), date(2026, 1, 25), date(2026, 4, 26))
    quarters = [one(nvda, "revenue", end=end, kind="quarter") for end in ends]
    assert [q.value for q in quarters] == [v * MILLION for v in (46_743, 57_006, 68_127, 81_615)]
    assert sum(q.value for q in quarters) == 253_491 * MILLION
    assert all("RevenueFromContract" not in q.source for q in quarters)


def test_alphabets_concept_change_the_newest_filing_wins(
    rows: dict[str, list[MetricRow]],
) -> None:
    # companyfacts: Alphabet's FY2024 revenue of 350,018 million is stated by its FY2024 10-K
    # (filed 2025-02-05) under RevenueFromContractWithCustomerExcludingAssessedTax and by its
    # FY2025 10-K (filed 2026-02-05) under Revenues: one value per period, the newest filing's,
    # never both and never the first concept of a list that happens to resolve.
    row = one(rows["googl"], "revenue", end=date(2024, 12, 31))
    assert row.value == 350_018 * MILLION
    assert row.source == "us-gaap:Revenues 0001652044-26-000018"


def test_walmart_revenue_is_total_revenues_not_net_sales(rows: dict[str, list[MetricRow]]) -> None:
    # Walmart's income statement: net sales 674,538 and total revenues 680,985 million (with
    # membership and other income) for fiscal 2025.
    row = one(rows["wmt"], "revenue", end=date(2025, 1, 31))
    assert row.value == 680_985 * MILLION != 674_538 * MILLION


def test_tsmc_d_and_a_from_ifrs_depreciation_and_amortisation(
    rows: dict[str, list[MetricRow]],
) -> None:
    # companyfacts (20-F, 0001193125-25-083423): ifrs-full:DepreciationExpense 653,610.5 and
    # AmortisationExpense 9,186.1 million TWD for 2024; the USD convenience figures are not used.
    row = one(rows["tsm"], "depreciation_and_amortization", end=date(2024, 12, 31))
    assert row.value == Decimal("662796600000") and row.currency == "TWD"
    assert row.source == ("ifrs-full:DepreciationExpense+AmortisationExpense 0001193125-25-083423")
    ebitda = one(rows["tsm"], "ebitda", end=date(2024, 12, 31))
    assert ebitda.value == one(rows["tsm"], "operating_income", end=date(2024, 12, 31)).value + (
        row.value
    )


def test_tesla_d_and_a_from_its_own_cash_flow_line(sec_database_url: str) -> None:
    # Tesla's 10-K FY2024, cash flows: "Depreciation, amortization and impairment" 5,368
    # million, tagged tsla:DepreciationAmortizationAndImpairment; income from operations 7,076.
    (row,) = stored(
        sec_database_url,
        "tsla",
        "depreciation_and_amortization",
        period_kind="annual",
        fiscal_year=2024,
    )
    assert Decimal(row.value) == 5_368 * MILLION
    assert row.source == "tsla:DepreciationAmortizationAndImpairment 0001628280-25-003063"
    (ebitda,) = stored(sec_database_url, "tsla", "ebitda", period_kind="annual", fiscal_year=2024)
    assert Decimal(ebitda.value) == (7_076 + 5_368) * MILLION


def test_teslas_note_depreciation_is_not_its_d_and_a(sec_database_url: str) -> None:
    # The same 10-K's property note: depreciation expense 4,120 million (us-gaap:Depreciation),
    # a part of the cash-flow line. Tesla's 2018-2021 10-Ks are not held, and companyfacts
    # has only that note concept for them: no D&A for those years rather than the note's.
    values = {
        r.fiscal_year: Decimal(r.value)
        for r in stored(
            sec_database_url, "tsla", "depreciation_and_amortization", period_kind="annual"
        )
    }
    assert 4_120 * MILLION not in values.values()
    assert not {2018, 2019, 2020, 2021} & set(values)


def test_tesla_instance_only_10q_gives_its_extension_d_and_a(corpus: Path) -> None:
    # Tesla's 10-Q for Q2 2024 is held only as EDGAR's XBRL instance (tsla-20240630_htm.xml):
    # tsla:DepreciationAmortizationAndImpairment 2,524,000,000 for 2024-01-01 .. 2024-06-30.
    # An instance has no tables; the line counts because Tesla's documents place it on their
    # cash-flow statement (`lines`), and only then.
    facts = read_instance(
        (corpus / ARCHIVES / "1318605/000162828024032662/tsla-20240630_htm.xml").read_bytes()
    )
    line = "tsla:DepreciationAmortizationAndImpairment"

    def stated(lines: frozenset[str]) -> dict[tuple[date | None, date], Decimal]:
        found = document_facts(
            facts,
            accession="0001628280-24-032662",
            form="10-Q",
            filed=date(2024, 7, 24),
            labels={},
            lines=lines,
        )
        return {(f.start, f.end): f.value for f in found if f.concept == line.split(":")[1]}

    assert stated(frozenset()) == {}
    assert stated(frozenset({line}))[(date(2024, 1, 1), date(2024, 6, 30))] == Decimal("2524000000")


def test_alphabet_d_and_a_from_its_depreciation_line(sec_database_url: str) -> None:
    # Alphabet's 10-K FY2024, cash flows: "Depreciation of property and equipment" 15,311
    # million (us-gaap:Depreciation); income from operations 112,390.
    (row,) = stored(
        sec_database_url,
        "googl",
        "depreciation_and_amortization",
        period_kind="annual",
        fiscal_year=2024,
    )
    assert Decimal(row.value) == 15_311 * MILLION and "us-gaap:Depreciation " in row.source
    (ebitda,) = stored(sec_database_url, "googl", "ebitda", period_kind="annual", fiscal_year=2024)
    assert Decimal(ebitda.value) == (112_390 + 15_311) * MILLION


def test_jnj_r_and_d_is_the_statements_line(sec_database_url: str) -> None:
    # J&J's statement of earnings: "Research and development expense" 17,232 million
    # (ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost); the broader concept
    # ResearchAndDevelopmentExpense tags "Charges for acquired in-process research and
    # development assets", 1,841 million.
    (row,) = stored(
        sec_database_url,
        "jnj",
        "research_and_development",
        period_kind="annual",
        fiscal_year=2024,
    )
    assert Decimal(row.value) == 17_232 * MILLION


def test_a_balance_dated_mid_quarter_is_not_a_balance(sec_database_url: str) -> None:
    # J&J's 10-K states us-gaap:CommercialPaper of 3.6 billion at 2024-05-15: the day it
    # issued the paper, not a balance-sheet date. No debt figure is dated then.
    rows = stored(sec_database_url, "jnj", "total_debt", period_kind="instant")
    assert rows and date(2024, 5, 15) not in {r.period_end for r in rows}


def test_coca_cola_net_income_includes_noncontrolling_interests(sec_database_url: str) -> None:
    # Coca-Cola's 10-K FY2024 (no companyfacts in the mirror): consolidated net income 10,649
    # (ProfitLoss), attributable to shareowners 10,631 (NetIncomeLoss), net operating revenues
    # 47,061 and operating income 9,992 million.
    def annual(metric: str) -> Decimal:
        (row,) = stored(sec_database_url, "ko", metric, period_kind="annual", fiscal_year=2024)
        return Decimal(row.value)

    assert annual("net_income") == 10_649 * MILLION
    assert annual("net_income_to_parent") == 10_631 * MILLION
    assert annual("revenue") == 47_061 * MILLION
    assert annual("operating_income") == 9_992 * MILLION


def test_jnj_figures_come_from_its_own_document(sec_database_url: str) -> None:
    # J&J has no companyfacts in the mirror: its 10-K's facts give net earnings 14,066 million.
    (row,) = stored(sec_database_url, "jnj", "net_income", period_kind="annual", fiscal_year=2024)
    assert Decimal(row.value) == 14_066 * MILLION
    assert row.source == "us-gaap:NetIncomeLoss 0000200406-25-000038"


# --- reading inline XBRL ----------------------------------------------------------------------


def test_scale_is_applied_exactly_never_through_a_float(corpus: Path) -> None:
    # Walmart's 10-K: a basis spread "55" with scale -4 (0.0055), and advertising costs of
    # "$4.1 billion" for fiscal 2023 with scale 9. Through a float they come out
    # 0.0055000000000000005 and 4099999999.9999995.
    facts = inline(corpus, "104169/000010416925000021/wmt-20250131.htm")
    spread = fact(
        facts,
        "wmt:DebtInstrumentBasisSpreadOnVariableRateCommitment",
        date(2025, 1, 31),
        **{
            "srt:RangeAxis": "srt:MinimumMember",
            "us-gaap:CreditFacilityAxis": "wmt:CommittedLinesOfCreditMember",
        },
    )
    assert spread.value == Decimal("0.0055") and 55 * 1e-4 != 0.0055
    advertising = fact(facts, "us-gaap:AdvertisingExpense", date(2023, 1, 31))
    assert advertising.value == Decimal("4100000000") and 4.1 * 1e9 != 4_100_000_000


def test_a_percentage_with_negative_scale(corpus: Path) -> None:
    # Apple's 10-K FY2024: effective tax rate "24.1" with scale -2 and decimals 3.
    facts = inline(corpus, "320193/000032019324000123/aapl-20240928.htm")
    rate = fact(facts, "us-gaap:EffectiveIncomeTaxRateContinuingOperations", date(2024, 9, 28))
    assert rate.value == Decimal("0.241") and 24.1 * 0.01 != 0.241


def test_thousands_beside_units_in_one_document(corpus: Path) -> None:
    # Apple's 10-K FY2024 states weighted average shares in thousands ("15,343,783", scale 3),
    # shares outstanding in units ("15,115,823,000", scale 0) and EPS as printed (6.11).
    facts = inline(corpus, "320193/000032019324000123/aapl-20240928.htm")
    weighted = fact(
        facts, "us-gaap:WeightedAverageNumberOfSharesOutstandingBasic", date(2024, 9, 28)
    )
    assert weighted.value == Decimal("15343783000")
    outstanding = fact(facts, "dei:EntityCommonStockSharesOutstanding", date(2024, 10, 18))
    assert outstanding.value == Decimal("15115823000")
    assert fact(facts, "us-gaap:EarningsPerShareBasic", date(2024, 9, 28)).value == Decimal("6.11")


def test_a_dash_is_zero_whatever_the_scale(corpus: Path) -> None:
    # Walmart's cash flows: proceeds from long-term debt "—" (ixt:fixed-zero, scale 6) for
    # fiscal 2025; Tesla's preferred shares outstanding "no" (ixt:fixed-zero, scale 6).
    walmart = inline(corpus, "104169/000010416925000021/wmt-20250131.htm")
    proceeds = fact(walmart, "us-gaap:ProceedsFromIssuanceOfLongTermDebt", date(2025, 1, 31))
    assert proceeds.value == 0
    tesla = inline(corpus, "1318605/000162828025003063/tsla-20241231.htm")
    assert fact(tesla, "us-gaap:PreferredStockSharesOutstanding", date(2024, 12, 31)).value == 0


def test_an_instance_only_10k_is_read(corpus: Path, sec_database_url: str) -> None:
    # Apple's FY2022 10-K is held only as EDGAR's instance aapl-20220924_htm.xml: revenue
    # 394,328,000,000 for 2021-09-26 .. 2022-09-24 (the context without dimensions).
    facts = read_instance(
        (corpus / ARCHIVES / "320193/000032019322000108/aapl-20220924_htm.xml").read_bytes()
    )
    revenue = fact(
        facts, "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", date(2022, 9, 24)
    )
    assert revenue.value == Decimal("394328000000")
    db = Database(make_engine(sec_database_url))
    with db.transaction() as conn:
        held = conn.execute(
            select(filings.c.sha256).where(filings.c.accession_number == "0000320193-22-000108")
        ).scalar_one()
    db.dispose()
    assert held is not None  # its documents were read


def test_an_instance_only_10q_quarter(corpus: Path) -> None:
    # Apple's 10-Q for the quarter ended 2023-07-01, held as aapl-20230701_htm.xml: net sales
    # 81,797,000,000 for 2023-04-02 .. 2023-07-01.
    facts = read_instance(
        (corpus / ARCHIVES / "320193/000032019323000077/aapl-20230701_htm.xml").read_bytes()
    )
    quarter = [
        f
        for f in facts
        if f.name == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
        and (f.context.start, f.context.end) == (date(2023, 4, 2), date(2023, 7, 1))
        and not f.context.dimensions
    ]
    assert quarter and quarter[0].value == Decimal("81797000000")


def test_an_opening_balance_dated_the_first_day_is_not_the_year_end(
    rows: dict[str, list[MetricRow]],
) -> None:
    # companyfacts: Disney's total equity is 52,832 million at 2018-09-29, its fiscal 2018 year
    # end, and 52,716 million at 2018-09-30, the first day of fiscal 2019 (the opening balance
    # after adopting new standards). Both would be the fourth quarter of fiscal 2018.
    equity = [r for r in rows["dis"] if r.metric_key == "equity" and r.fiscal_year == 2018]
    assert [(r.period_end, r.value) for r in equity if r.fiscal_quarter == 4] == [
        (date(2018, 9, 29), 52_832 * MILLION)
    ]
