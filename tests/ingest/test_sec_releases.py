"""Preliminary figures: an earnings release's income statement (8-K Item 2.02, EX-99.1), served
marked preliminary until the periodic report states the period, kept as a version for `as_of`,
and the differences reported. Values read in the releases themselves."""

from __future__ import annotations

import json
import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from filings.db.engine import Database, make_engine
from filings.db.tables import companies, metric_history, metric_values
from filings.financials.queries import company_periods
from filings.ingest.sec.documents import read_filing_documents
from filings.ingest.sec.envelope import read_envelope
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import SecSummary, ingest_sec
from filings.ingest.sec.releases import read_release
from filings.ingest.sec.source import MirrorSource
from filings.ingest.sec.submissions import FilingInfo
from filings.ingest.standardize.preliminary import ReleasedFigure, release_rows, settle
from filings.ingest.standardize.rows import MetricRow

ADOBE = "0000796343"
ADOBE_8K = "0000796343-23-000044"
ADOBE_FOLDER = "sec/www.sec.gov/Archives/edgar/data/796343/000079634323000044"
BUCKLE_RELEASE = "sec-unindexed/BKE/8-K_2024-11-22/bke20241122-8kexhibit.htm"
MILLION = Decimal(1_000_000)


def adobe_release(corpus: Path) -> bytes:
    documents = read_envelope((corpus / ADOBE_FOLDER / f"{ADOBE_8K}.txt").read_bytes())
    (release,) = [d for d in documents if d.type == "EX-99.1"]
    return release.content


def test_adobe_release_income_statement(corpus: Path) -> None:
    # adbeex991q123.htm, page 4, "Condensed Consolidated Statements of Income (In millions,
    # except per share data)", three months ended March 3, 2023: total revenue 4,655, operating
    # income 1,586, net income 1,247, basic 2.72 and diluted 2.71 net income per share.
    figures = {f.metric_key: f for f in read_release(adobe_release(corpus))}
    assert {k: f.value for k, f in figures.items()} == {
        "revenue": 4_655 * MILLION,
        "operating_income": 1_586 * MILLION,
        "net_income": 1_247 * MILLION,
        "eps_basic": Decimal("2.72"),
        "eps_diluted": Decimal("2.71"),
    }
    assert {(f.period_kind, f.period_end, f.page_number) for f in figures.values()} == {
        ("quarter", date(2023, 3, 3), 4)
    }
    assert figures["revenue"].label == "Total revenue" and figures["revenue"].currency == "USD"
    # the comparative column (three months ended March 4, 2022) is not the announced period


def test_buckle_release_in_thousands_and_weeks(corpus: Path) -> None:
    # bke20241122-8kexhibit.htm, page 3, "CONSOLIDATED STATEMENTS OF INCOME (Amounts in
    # Thousands Except Per Share Amounts)", thirteen weeks ended November 2, 2024: sales
    # 293,618, income from operations 54,483, net income 44,172; basic 0.89, diluted 0.88.
    # The thirty-nine-week columns are a year to date and not read.
    figures = {f.metric_key: f for f in read_release((corpus / BUCKLE_RELEASE).read_bytes())}
    assert figures["revenue"].value == Decimal("293618000")
    assert figures["operating_income"].value == Decimal("54483000")
    assert figures["net_income"].value == Decimal("44172000")
    assert (figures["eps_basic"].value, figures["eps_diluted"].value) == (
        Decimal("0.89"),
        Decimal("0.88"),
    )
    assert all(f.period_days == 91 and f.period_end == date(2024, 11, 2) for f in figures.values())
    assert figures["revenue"].label == "SALES, Net of returns and allowances"
    assert figures["eps_diluted"].page_number == 3


def test_an_8k_without_results_gives_no_figures(corpus: Path) -> None:
    # NVIDIA's 8-K of 2026-03-06 reports Item 5.02 (a director's departure) and 9.01, with an
    # EX-10.1: no earnings release, no figures.
    filing = FilingInfo(
        "0001045810-26-000024", "8-K", "8-K", date(2026, 3, 6), None, "nvda-20260302.htm", None
    )
    found = read_filing_documents(MirrorSource(corpus / "sec"), "0001045810", filing)
    sections = {u.section for u in found.documents[0].units}
    assert "item_5.02" in sections and "item_2.02" not in sections
    assert found.release_figures == []


def test_adobe_is_served_preliminary_with_its_release_page(sec_client: TestClient) -> None:
    # Adobe is held only through its 8-K folder (no submissions, no companyfacts): its name
    # and fiscal year end (1202) come from the full submission's SGML header.
    body = sec_client.get("/api/v1/data/companies/ADBE/financials").json()
    latest = body["latest_period"]
    assert (latest["year"], latest["quarter"], latest["period_end"]) == (2023, 1, "2023-03-03")
    assert latest["preliminary"] is True
    revenue = latest["metrics"]["revenue"]
    assert revenue["value"] == 4_655_000_000 and revenue["preliminary"] is True
    assert revenue["source"] == (
        "preliminary: Total revenue, earnings release adbeex991q123.htm (EX-99.1) of 8-K "
        "0000796343-23-000044, page 4"
    )
    assert latest["metrics"]["eps"]["value"] == 2.71 and latest["metrics"]["eps"]["preliminary"]
    statement = sec_client.get(
        "/api/v1/data/companies/ADBE/statement",
        params={"statement": "income_statement", "period_type": "quarterly"},
    ).json()
    line = statement["periods"][0]["metrics"]["net_income"]
    assert line["value"] == 1_247_000_000 and line["preliminary"] is True


def test_a_reported_figure_is_not_preliminary(sec_client: TestClient) -> None:
    body = sec_client.get("/api/v1/data/companies/AAPL/financials").json()
    assert body["latest_period"]["preliminary"] is False
    assert not any(m["preliminary"] for m in body["latest_period"]["metrics"].values())
    assert body["preliminary"] == {}


def test_preliminary_as_of_the_release_day(sec_client: TestClient) -> None:
    # The 8-K was filed on 2023-03-15: before it nothing was known of the quarter.
    before = sec_client.get(
        "/api/v1/data/companies/ADBE/financials", params={"as_of": "2023-03-14"}
    ).json()
    assert before.get("failure_kind") == "not_found"
    then = sec_client.get(
        "/api/v1/data/companies/ADBE/financials", params={"as_of": "2023-03-15"}
    ).json()
    assert then["latest_period"]["metrics"]["revenue"]["preliminary"] is True


# --- a periodic report arrives -----------------------------------------------------------------


def _fact(value: str | int, start: str, end: str, **extra: Any) -> dict[str, Any]:
    return {"start": start, "end": end, "val": value, **extra}


def _constructed_companyfacts(net_income: int) -> dict[str, Any]:
    """The mirror holds no Adobe 10-Q. This companyfacts file is made for the test: a 10-Q
    (accession 0000796343-23-999999, filed 2023-03-24) that states the quarter's revenue as the
    release printed it and the given net income; the release's own values are real."""
    filing = {"accn": "0000796343-23-999999", "fy": 2023, "fp": "Q1", "form": "10-Q"}
    filing["filed"] = "2023-03-24"
    quarter = ("2022-12-03", "2023-03-03")

    def usd(value: int) -> dict[str, Any]:
        return {"units": {"USD": [_fact(value, *quarter, **filing)]}}

    return {
        "cik": 796343,
        "entityName": "ADOBE INC.",
        "facts": {
            "us-gaap": {
                "Revenues": usd(4_655_000_000),
                "NetIncomeLoss": usd(net_income),
                "OperatingIncomeLoss": usd(1_586_000_000),
            }
        },
    }


def _mirror(corpus: Path, tmp_path: Path, net_income: int) -> MirrorSource:
    mirror = tmp_path / "mirror"
    tickers = mirror / "www.sec.gov/files/company_tickers.json"
    tickers.parent.mkdir(parents=True)
    shutil.copy(corpus / "sec/www.sec.gov/files/company_tickers.json", tickers)
    shutil.copytree(corpus / ADOBE_FOLDER, mirror / ADOBE_FOLDER.removeprefix("sec/"))
    facts = mirror / f"data.sec.gov/api/xbrl/companyfacts/CIK{ADOBE}.json"
    facts.parent.mkdir(parents=True)
    facts.write_text(json.dumps(_constructed_companyfacts(net_income)))
    return MirrorSource(mirror)


def test_the_periodic_report_replaces_the_preliminary_figures(
    committed_database_url: str, corpus: Path, tmp_path: Path
) -> None:
    source = _mirror(corpus, tmp_path, net_income=1_246_000_000)
    db = Database(make_engine(committed_database_url))
    summary: SecSummary = ingest_sec(db, source, [ADOBE], read_tickers(source), history=True)
    with db.transaction() as conn:
        pk = conn.execute(select(companies.c.id).where(companies.c.cik == ADOBE)).scalar_one()
        now = {
            r.metric_key: r
            for r in conn.execute(select(metric_values).where(metric_values.c.company_pk == pk))
        }
        revenue_versions = conn.execute(
            select(metric_history)
            .where(metric_history.c.company_pk == pk, metric_history.c.metric_key == "revenue")
            .order_by(metric_history.c.known_from)
        ).all()
        as_of_release = company_periods(conn, pk, as_of=date(2023, 3, 20))[1][0].figures
        as_of_report = company_periods(conn, pk, as_of=date(2023, 3, 24))[1][0].figures
    db.dispose()
    # the report replaced every figure of the quarter, including the diluted EPS it lacks
    assert now["revenue"].source == "us-gaap:Revenues 0000796343-23-999999"
    assert not any(row.preliminary for row in now.values())
    assert "eps_diluted" not in now
    # the preliminary value stays as the version known from the release until the report
    assert [(v.known_from, v.known_until, v.preliminary) for v in revenue_versions] == [
        (date(2023, 3, 15), date(2023, 3, 24), True),
        (date(2023, 3, 24), None, False),
    ]
    assert as_of_release["net_income"].value == 1_247 * MILLION
    assert as_of_release["net_income"].preliminary
    assert as_of_report["net_income"].value == 1_246 * MILLION
    # the one figure the report states otherwise is reported
    [(cik, difference)] = summary.preliminary_differences
    assert (cik, difference.metric_key) == (ADOBE, "net_income")
    assert (difference.preliminary, difference.reported) == (1_247 * MILLION, 1_246 * MILLION)
    assert summary.preliminary == 0


# --- the mechanism, market-neutral ------------------------------------------------------------


def test_a_nordic_year_end_release_settles_the_same_way() -> None:
    # Kemira's financial statements bulletin for 2024 (a release, not the annual report):
    # "Revenue decreased by 13% to EUR 2,948.1 million". A Nordic reader gives such a figure
    # with its release page; the annual report's figure (here made for the test, 2,948.0) then
    # replaces it and the difference is reported.
    figure = ReleasedFigure(
        metric_key="revenue",
        period_kind="annual",
        period_end=date(2024, 12, 31),
        period_days=None,
        value=Decimal("2948100000"),
        label="Revenue",
        filed=date(2025, 2, 11),
        source="preliminary: Revenue, financial statements bulletin 2024, page 1",
        page_id="0123456789abcdef_1",
    )
    [row] = release_rows([figure], fye=(12, 31), offset=0, currency="EUR", ends=set())
    assert (row.period_start, row.fiscal_year, row.preliminary) == (date(2024, 1, 1), 2024, True)
    assert row.page_id == "0123456789abcdef_1"
    kept, differences = settle([], [row])
    assert [r.metric_key for r in kept] == ["revenue"] and not differences
    report = MetricRow(
        metric_key="revenue",
        period_kind="annual",
        period_start=date(2024, 1, 1),
        period_end=date(2024, 12, 31),
        fiscal_year=2024,
        fiscal_quarter=None,
        value=Decimal("2948000000"),
        unit="EUR",
        currency="EUR",
        metric_name="Revenue",
        source="annual report 2024, page 80",
        page_id="fedcba9876543210_80",
        filed_date=date(2025, 3, 1),
    )
    kept, differences = settle([report], [row])
    assert kept == [report]
    [difference] = differences
    assert (difference.preliminary, difference.reported) == (
        Decimal("2948100000"),
        Decimal("2948000000"),
    )


def _row(label: str, values: list[str], sign: str = "") -> str:
    """A statement row as Workiva lays it out: a sign cell before each value."""
    return (
        f"<tr><td>{label}</td>" + "".join(f"<td>{sign}</td><td>{v}</td>" for v in values) + "</tr>"
    )


FOURTH_QUARTER_LAYOUT = "".join(
    [
        "<html><body><p>RECONCILIATION OF GAAP TO NON-GAAP STATEMENTS OF OPERATIONS</p>",
        "<p>(in thousands)</p><table><tr><td></td><td>Three Months Ended December 31, 2024</td>",
        "</tr><tr><td>Net revenues</td><td>9,999</td></tr></table>",
        "<p>CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS</p>",
        "<p>(in thousands, except per share amounts)</p><table>",
        "<tr><td></td><td colspan='4'>Three Months Ended December 31,</td>",
        "<td colspan='4'>Year Ended December 31,</td></tr>",
        "<tr><td></td>" + "".join(f"<td colspan='2'>{y}</td>" for y in (2024, 2023) * 2),
        "</tr>",
        _row("Net revenues", ["1,250", "1,100", "4,800", "4,200"], "$"),
        _row("Loss from operations", ["(35)", "(20)", "(90)", "12"]),
        _row("Net income (loss)", ["(40)", "(25)", "(110)", "5"], "$"),
        "<tr><td>Net income (loss) per share:</td></tr>",
        _row("Basic", ["(0.10)", "(0.07)", "(0.28)", "0.01"], "$"),
        _row("Diluted", ["(0.10)", "(0.07)", "(0.28)", "0.01"], "$"),
        _row("Weighted-average shares, diluted", ["400", "380", "395", "378"]),
        "</table></body></html>",
    ]
).encode()


def test_a_fourth_quarter_layout_years_under_their_heading() -> None:
    # A layout of many releases (made for the test, not a filing): years in a row under the
    # spanning "Three Months Ended December 31," and "Year Ended December 31," headings,
    # losses in parentheses, a label-only row over Basic and Diluted, and a non-GAAP
    # reconciliation before the statement that is never read as it.
    figures = {(f.metric_key, f.period_kind): f for f in read_release(FOURTH_QUARTER_LAYOUT)}
    assert {k: f.value for k, f in figures.items()} == {
        ("revenue", "quarter"): Decimal("1250000"),
        ("revenue", "annual"): Decimal("4800000"),
        ("operating_income", "quarter"): Decimal("-35000"),
        ("operating_income", "annual"): Decimal("-90000"),
        ("net_income", "quarter"): Decimal("-40000"),
        ("net_income", "annual"): Decimal("-110000"),
        ("eps_basic", "quarter"): Decimal("-0.10"),
        ("eps_basic", "annual"): Decimal("-0.28"),
        ("eps_diluted", "quarter"): Decimal("-0.10"),
        ("eps_diluted", "annual"): Decimal("-0.28"),
    }
    assert {f.period_end for f in figures.values()} == {date(2024, 12, 31)}
    assert figures[("revenue", "quarter")].currency == "USD"
