"""US figures through the HTTP API, against values read in the filings."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

API = "/api/v1/data"


def test_apple_financials_fy2024(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/companies/AAPL/financials", params={"years": 10}).json()
    assert body["company_name"] == "Apple Inc." and body["market"] == "us"
    assert body["ticker"] == "AAPL" and body["exchange"] == "XNAS"
    fy2024 = body["by_year"]["2024"]
    assert fy2024["revenue"] == 391035000000
    assert fy2024["net_income"] == 93736000000
    assert fy2024["eps"] == 6.08 and fy2024["eps_diluted"] == 6.08
    assert list(body["by_year"]) == sorted(body["by_year"], reverse=True)
    assert len(body["by_year"]) == 10


def test_latest_period_auto_is_the_newest_period(sec_client: TestClient) -> None:
    latest = sec_client.get(f"{API}/companies/AAPL/financials").json()["latest_period"]
    # Apple's newest filing in the mirror is the 10-Q for the quarter ended 2025-12-27.
    assert latest["period_label"] == "Q1/2026" and latest["period_type"] == "quarterly"
    assert latest["period_end"] == "2025-12-27"
    revenue = latest["metrics"]["revenue"]
    assert revenue["value"] == 143756000000 and revenue["unit"] == "USD"
    assert revenue["source"].endswith("0000320193-26-000006")


def test_pinned_periods(sec_client: TestClient) -> None:
    url = f"{API}/companies/AAPL/financials"
    annual = sec_client.get(url, params={"year": 2024}).json()["latest_period"]
    assert annual["period_label"] == "FY2024" and annual["period_end"] == "2024-09-28"
    assert annual["metrics"]["eps"]["value"] == 6.08
    assert annual["metrics"]["eps"]["unit"] == "USD/share"
    quarter = sec_client.get(url, params={"year": 2025, "quarter": 2}).json()["latest_period"]
    assert (
        quarter["period_label"] == "Q2/2025"
        and quarter["metrics"]["revenue"]["value"] == 95359000000
    )
    missing = sec_client.get(url, params={"year": 1980}).json()
    assert missing["failure_kind"] == "not_found" and "FY2024" in missing["hint"]


def test_nvidia_fy2025_and_its_january_year_end(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/companies/NVDA/financials", params={"year": 2025}).json()
    assert body["by_year"]["2025"]["revenue"] == 130497000000
    assert body["latest_period"]["period_end"] == "2025-01-26"
    assert body["latest_period"]["period_label"] == "FY2025"


def test_snowflake_fiscal_year_label(sec_client: TestClient) -> None:
    latest = sec_client.get(
        f"{API}/companies/SNOW/financials", params={"period_type": "annual", "year": 2025}
    ).json()["latest_period"]
    assert (
        latest["period_end"] == "2025-01-31" and latest["metrics"]["revenue"]["value"] == 3626396000
    )


def test_tsmc_figures_stay_in_twd(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/companies/0001046179/financials", params={"year": 2024}).json()
    assert body["currency"] == "TWD"
    assert body["latest_period"]["metrics"]["revenue"] == {
        "value": 2894307700000,
        "unit": "TWD",
        "source": "ifrs-full:Revenue 0001193125-25-083423",
        "page_id": None,
        "preliminary": False,
    }


def test_an_annual_only_filer_has_no_quarterly_statement(sec_client: TestClient) -> None:
    params = {"statement": "income_statement", "period_type": "quarterly"}
    body = sec_client.get(f"{API}/companies/0001046179/statement", params=params).json()
    assert body["failure_kind"] == "not_found" and "period_type=annual" in body["hint"]
    annual = sec_client.get(
        f"{API}/companies/0001046179/statement", params={**params, "period_type": "annual"}
    ).json()
    assert annual["periods"] and all(p["quarter"] is None for p in annual["periods"])


def test_quarterly_income_statement(sec_client: TestClient) -> None:
    body = sec_client.get(
        f"{API}/companies/AAPL/statement",
        params={"period_type": "quarterly", "year": 2024},
    ).json()
    assert body["statement"] == "income_statement" and body["period_type"] == "quarterly"
    periods = body["periods"]
    assert [p["period"] for p in periods] == ["Q4/2024", "Q3/2024", "Q2/2024", "Q1/2024"]
    revenue = [p["metrics"]["revenue"]["value"] for p in periods]
    assert revenue == [94930000000, 85777000000, 90753000000, 119575000000]
    assert periods[0]["metrics"]["revenue"]["source"].startswith("derived: fy_minus_9m")
    line = periods[1]["metrics"]["revenue"]
    assert line["metric_name"] and line["currency"] == "USD" and line["unit"] == "USD"


def test_annual_statements_and_the_years_cap(sec_client: TestClient) -> None:
    url = f"{API}/companies/AAPL/statement"
    income = sec_client.get(url, params={"years": 3}).json()
    assert [p["period"] for p in income["periods"]] == ["2025", "2024", "2023"]
    assert all(p["quarter"] is None for p in income["periods"])
    balance = sec_client.get(url, params={"statement": "balance_sheet", "year": 2024}).json()
    assert balance["periods"][0]["metrics"]["total_assets"]["value"] == 364980000000
    assert "revenue" not in balance["periods"][0]["metrics"]
    cash = sec_client.get(url, params={"statement": "cash_flow", "year": 2024}).json()
    assert cash["periods"][0]["metrics"]["operating_cash_flow"]["value"] == 118254000000
    many = sec_client.get(url, params={"years": 25, "period_type": "auto"}).json()["periods"]
    assert len(many) == 25 and many[0]["period"] == "Q1/2026"


def test_compare_mixes_resolution_and_lists_unknowns(sec_client: TestClient) -> None:
    body = sec_client.post(
        f"{API}/companies/compare", json={"companies": ["AAPL", "nvidia", "Nope Corp"], "years": 2}
    ).json()
    assert body["not_found"] == ["Nope Corp"]
    apple = body["companies"][0]
    assert (
        apple["latest_year"]["year"] == "2025" and apple["latest_year"]["revenue"] == 416161000000
    )
    assert set(apple["by_year"]) == {"2025", "2024"}
    assert set(apple["latest_year"]) - {"year", "currency"} <= set(body["kpis"])


def test_screen_growth_is_a_cagr(sec_client: TestClient) -> None:
    body = sec_client.post(
        f"{API}/companies/screen",
        json={"metric": "revenue", "year": 2025, "compare_years": 1, "country": "US"},
    ).json()
    assert body["year"] == 2025 and body["compare_year"] == 2024
    apple = next(c for c in body["companies"] if c["ticker"] == "AAPL")
    assert apple["value_anchor"] == 416161000000 and apple["value_compare"] == 391035000000
    assert apple["growth_pct"] == 6.43  # 416,161 / 391,035 - 1
    growth = [c["growth_pct"] for c in body["companies"]]
    assert growth == sorted(growth, reverse=True)
    assert body["coverage"] == {
        "with_data": len(body["companies"]),
        "returned": len(body["companies"]),
    }


def test_screen_value_mode_filters_and_direction(sec_client: TestClient) -> None:
    body = sec_client.post(
        f"{API}/companies/screen",
        json={
            "metric": "sales",
            "mode": "value",
            "year": 2024,
            "direction": "asc",
            "min_value": 1e11,
            "top_n": 2,
        },
    ).json()
    values = [c["value_anchor"] for c in body["companies"]]
    assert body["metric"] == "revenue" and values == sorted(values) and len(values) == 2
    assert all(v >= 1e11 for v in values)
    tagged = sec_client.post(
        f"{API}/companies/screen",
        json={"metric": "revenue", "mode": "value", "tag_slugs": ["semiconductors"]},
    ).json()
    # The year most of them have is 2024: TSMC 2,894,307.7 million TWD (20-F), NVIDIA's fiscal
    # 2024 60,922 and Marvell's 5,507.7 million USD, ranked as reported, never converted.
    assert tagged["year"] == 2024 and tagged["currencies"] == ["USD", "TWD"]
    assert [c["ticker"] for c in tagged["companies"]] == ["TSM", "NVDA", "MRVL"]
    industry = sec_client.post(
        f"{API}/companies/screen", json={"mode": "value", "industry": "computers"}
    ).json()
    assert [c["ticker"] for c in industry["companies"]] == ["AAPL"]


def test_screen_across_currencies_says_so_and_can_keep_to_one(sec_client: TestClient) -> None:
    mixed = sec_client.post(
        f"{API}/companies/screen", json={"metric": "revenue", "mode": "value", "year": 2024}
    ).json()
    assert {"USD", "TWD"} <= set(mixed["currencies"])  # TSMC reports in TWD
    assert mixed["currencies"][0] == "USD"  # most companies first
    assert "without conversion" in mixed["warning"]
    tsmc = next(c for c in mixed["companies"] if c["currency"] == "TWD")
    assert tsmc["value_anchor"] == 2894307700000  # TWD 2.89 trillion, as reported
    usd = sec_client.post(
        f"{API}/companies/screen",
        json={"metric": "revenue", "mode": "value", "year": 2024, "currency": "usd"},
    ).json()
    assert {c["currency"] for c in usd["companies"]} == {"USD"}
    assert usd["currencies"] == ["USD"] and usd.get("warning") is None
    assert usd["filters"]["currency"] == "usd"
    others = sum(1 for c in mixed["companies"] if c["currency"] != "USD")
    assert usd["coverage"]["with_data"] == mixed["coverage"]["with_data"] - others


def test_tables_as_csv(sec_client: TestClient) -> None:
    import csv
    import io

    def table(response: Any) -> list[list[str]]:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/csv")
        return list(csv.reader(io.StringIO(response.text)))

    figures = table(
        sec_client.get(f"{API}/companies/AAPL/financials", params={"format": "csv", "years": 2})
    )
    assert figures[0] == ["metric", "2025", "2024"]
    revenue = next(row for row in figures if row[0] == "revenue")
    assert revenue == ["revenue", "416161000000", "391035000000"]
    statement = table(
        sec_client.get(
            f"{API}/companies/AAPL/statement",
            params={"years": 2},
            headers={"Accept": "text/csv"},
        )
    )
    assert statement[0][:2] == ["metric", "label"] and len(statement[0]) == 4
    assert any(row[0] == "net_income" for row in statement)
    screened = table(
        sec_client.post(
            f"{API}/companies/screen",
            params={"format": "csv"},
            json={"metric": "revenue", "mode": "value", "year": 2024, "top_n": 2},
        )
    )
    assert screened[0][0] == "rank" and [row[0] for row in screened[1:]] == ["1", "2"]
    miss = sec_client.get(f"{API}/companies/NOPE ZZZ/financials", params={"format": "csv"})
    assert miss.headers["content-type"] == "application/json" and "error" in miss.json()
    json_again = sec_client.get(f"{API}/companies/AAPL/financials", params={"years": 2})
    assert json_again.headers["content-type"] == "application/json"


def test_figures_as_they_were_known_on_a_day(sec_client: TestClient) -> None:
    def eps_2011(**params: Any) -> Any:
        body = sec_client.get(
            f"{API}/companies/AAPL/financials", params={"year": 2011, **params}
        ).json()
        assert body["latest_period"]["period_label"] == "FY2011"
        return body["latest_period"]["metrics"]["eps_diluted"]["value"]

    assert eps_2011() == 0.9886  # today: restated for the 7-for-1 and 4-for-1 splits
    assert eps_2011(as_of="2012-01-15") == 27.68  # as first reported, no split known yet
    assert eps_2011(as_of="2015-01-01") == 3.9543  # the 7-for-1 split of 2014 known
    before = sec_client.get(
        f"{API}/companies/AAPL/financials", params={"as_of": "2024-10-01"}
    ).json()
    assert "2024" not in before["by_year"]  # the FY2024 10-K was filed 2024-11-01
    assert before["by_year"]["2023"]["revenue"] == 383285000000


def test_a_restatement_filed_later_is_unseen(sec_client: TestClient) -> None:
    def cash_2013(**params: Any) -> Any:
        body = sec_client.get(
            f"{API}/companies/TSLA/statement",
            params={"statement": "cash_flow", "year": 2013, **params},
        ).json()
        return body["periods"][0]["metrics"]["operating_cash_flow"]["value"]

    assert cash_2013(as_of="2014-06-01") == 257994000  # the FY2013 10-K
    assert cash_2013() == 264804000  # restated in the FY2014 10-K


def test_as_of_on_compare_screen_and_a_company_without_history(sec_client: TestClient) -> None:
    compared = sec_client.post(
        f"{API}/companies/compare",
        json={"companies": ["AAPL", "LIFCO B"], "years": 1, "as_of": "2020-01-01"},
    ).json()
    assert [c["ticker"] for c in compared["companies"]] == ["AAPL"]
    assert compared["companies"][0]["latest_year"]["year"] == "2019"
    # Lifco's annual reports carry no publication date in the feed: no versions are kept
    assert compared["not_found"] == ["LIFCO B"]
    screened = sec_client.post(
        f"{API}/companies/screen",
        json={"metric": "revenue", "mode": "value", "year": 2023, "as_of": "2023-06-01"},
    ).json()
    assert "AAPL" not in [c["ticker"] for c in screened["companies"]]  # FY2023 ends in September
    miss = sec_client.get(
        f"{API}/companies/LIFCO B/financials", params={"as_of": "2025-01-01"}
    ).json()
    assert miss["failure_kind"] == "not_found" and "point-in-time" in miss["error"]
    # Nordic figures are known from their documents' publication dates (Ericsson's Q3 2025
    # report: 14 October 2025)
    before = sec_client.get(
        f"{API}/companies/Ericsson/financials", params={"as_of": "2025-10-13"}
    ).json()
    assert before["failure_kind"] == "not_found"
    after = sec_client.get(
        f"{API}/companies/Ericsson/financials",
        params={"as_of": "2025-10-14", "year": 2025, "quarter": 3},
    ).json()
    assert after["latest_period"]["metrics"]["revenue"]["value"] == 56239000000


def _names(client: TestClient, company: str, statement: str, year: int) -> dict[str, str]:
    body = client.get(
        f"{API}/companies/{company}/statement",
        params={"statement": statement, "year": year, "period_type": "annual"},
    ).json()
    return {key: line["metric_name"] for key, line in body["periods"][0]["metrics"].items()}


def test_statement_lines_carry_the_labels_the_issuer_printed(sec_client: TestClient) -> None:
    """The rows of the filings' own statements (read in the 10-Ks), for every year, also the
    years whose values come from companyfacts (whose labels are the taxonomy's)."""
    for year in (2024, 2020):
        apple = _names(sec_client, "AAPL", "income_statement", year)
        assert apple["revenue"] == "Total net sales"  # not "Revenue from Contract with ..."
        assert apple["cost_of_revenue"] == "Total cost of sales"
        assert apple["gross_profit"] == "Gross margin"
        assert apple["eps_diluted"] == "Earnings per share: Diluted"
    nvidia = _names(sec_client, "NVDA", "balance_sheet", 2024)
    assert nvidia["total_assets"] == "Total assets"
    assert nvidia["property_plant_equipment"] == "Property and equipment, net"
    assert nvidia["equity"] == "Total shareholders' equity"
    tesla = _names(sec_client, "TSLA", "cash_flow", 2024)
    assert tesla["operating_cash_flow"] == "Net cash provided by operating activities"
    assert tesla["capital_expenditure"] == (
        "Purchases of property and equipment excluding finance leases, net of sales"
    )
    # Tesla's revenue is the `Revenues` of a note, the same number as the statement's line
    assert _names(sec_client, "TSLA", "income_statement", 2024)["revenue"] == "Total revenues"
    walmart = _names(sec_client, "WMT", "income_statement", 2024)
    assert walmart["net_income"] == "Consolidated net income"
    assert walmart["net_income_to_parent"] == "Consolidated net income attributable to Walmart"
    # a derived line keeps its formula
    assert _names(sec_client, "AAPL", "cash_flow", 2024)["free_cash_flow"] == (
        "operating cash flow - capital expenditure"
    )
