"""Nordic figures, filing rows and snapshots through the HTTP API."""

from __future__ import annotations

import struct
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pypdfium2 as pdfium
from fastapi.testclient import TestClient

from filings.documents.snapshots import SnapshotLinks

API = "/api/v1/data"
ATLAS_Q3_2023 = "dd6a00469c666a02"


def test_financials_latest_quarter_with_page_ids(sec_client: TestClient) -> None:
    body = sec_client.get(
        f"{API}/companies/ATCO A/financials", params={"year": 2023, "quarter": 3}
    ).json()
    assert body["market"] == "nordic" and body["company_name"] == "Atlas Copco AB"
    latest = body["latest_period"]
    assert latest["period_label"] == "Q3/2023" and latest["period_end"] == "2023-09-30"
    revenue = latest["metrics"]["revenue"]
    assert revenue["value"] == 44485000000 and revenue["unit"] == "SEK"
    assert revenue["page_id"] == f"{ATLAS_Q3_2023}_9"  # the group income statement
    assert latest["metrics"]["operating_income"]["value"] == 10117000000
    assert latest["source"] == ATLAS_Q3_2023


def test_tele2_q3_2025_by_name_and_market(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/companies/Tele2/financials", params={"market": "nordic"}).json()
    latest = body["latest_period"]
    assert latest["period_label"] == "Q3/2025"
    assert latest["metrics"]["revenue"]["value"] == 7442000000
    assert latest["metrics"]["revenue"]["page_id"] == "23b1e57b6a0a3fa0_5"
    assert body["by_year"]["2024"]["revenue"] == 29583000000  # the full-year column of the report


def test_annual_statement_from_the_annual_report(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/companies/LIFCO B/statement", params={"years": 2}).json()
    assert [p["period"] for p in body["periods"]] == ["2019", "2018"]
    revenue = body["periods"][0]["metrics"]["revenue"]
    assert revenue["value"] == 13845000000 and revenue["metric_name"] == "Net sales"
    assert revenue["currency"] == "SEK" and revenue["page_id"] == "d5fa7d60cb69f8b0_48"


def test_quarterly_nordic_statement_is_the_spec_exception(sec_client: TestClient) -> None:
    body = sec_client.get(
        f"{API}/companies/TEL2 B/statement", params={"period_type": "quarterly"}
    ).json()
    assert body["error"] == "quarterly_line_items_not_available"
    assert "failure_kind" not in body and body["detail"]


def test_nordic_filing_rows(sec_client: TestClient) -> None:
    body = sec_client.post(f"{API}/filings/search", json={"company": "ATCO B", "limit": 5}).json()
    assert body["resolution"]["market"] == "nordic"
    rows = {r["docid"]: r for r in body["filings"]}
    row = rows[ATLAS_Q3_2023]
    assert row["year"] == "2023" and row["fiscal_year"] == "2023" and row["quarter"] == 3
    assert row["document_type"] == "interim_report" and row["page_count"] == 18
    assert set(row["metadata_quality"]) == {"period_end", "filed_date"}
    assert f"{ATLAS_Q3_2023}_1" in row["citation_label"]
    assert f"/filings/{ATLAS_Q3_2023}_1/snapshot" in row["citation_markdown"]
    assert not {"cik", "accession_number", "filed_date", "period_end"} & row.keys()


def test_both_markets_in_one_answer(sec_client: TestClient) -> None:
    # fiscal 2024: the US filings listed after the Nordic year-end releases of February 2025 are
    # few, so both markets are among the newest 100
    query = {"year_from": 2024, "year_to": 2024, "limit": 100}
    body = sec_client.post(f"{API}/filings/search", json=query).json()
    assert {r["market"] for r in body["filings"]} == {"nordic", "us"}
    assert all(
        isinstance(r["year"], str if r["market"] == "nordic" else int) for r in body["filings"]
    )
    # TSMC's 20-Fs are annual reports too (the mirror holds its submissions): Nordic ones here
    annual = sec_client.post(
        f"{API}/filings/search", json={"document_type": "annual_report", "market": "nordic"}
    ).json()
    assert {r["year"] for r in annual["filings"]} == {"2017", "2019"}


def test_stora_enso_key_figures_from_the_release_text_table(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/companies/Stora Enso/financials", params={"years": 2}).json()
    assert body["currency"] == "EUR"
    year = body["by_year"]["2024"]
    assert year["revenue"] == 9049000000  # "Sales 2,322 2,174 ... 9,049 9,396"
    assert year["operating_income"] == 93000000  # Operating result (IFRS), not adjusted EBIT
    assert year["pretax_income"] == -118000000
    assert year["net_income"] == -183000000
    assert year["eps_basic"] == -0.17  # EPS (basic), not "EPS excl. FV" (-0.56)
    assert body["by_year"]["2023"]["revenue"] == 9396000000
    assert body["latest_period"]["period_label"] == "FY2024"  # a year wins over its own Q4
    quarterly = sec_client.get(
        f"{API}/companies/Stora Enso/financials", params={"period_type": "quarterly"}
    ).json()
    latest = quarterly["latest_period"]
    assert latest["period_label"] == "Q4/2024" and latest["period_end"] == "2024-12-31"
    assert latest["metrics"]["revenue"]["value"] == 2322000000
    # Net debt is each company's own measure (signs and leases differ): not mapped.
    assert "net_debt" not in latest["metrics"]
    assert latest["metrics"]["operating_income"]["page_id"].endswith("_1")  # a one-page release


def test_outokumpu_key_figures_from_the_release_text_table(sec_client: TestClient) -> None:
    body = sec_client.get(
        f"{API}/companies/OUT1V/financials", params={"year": 2024, "quarter": 3}
    ).json()
    q3 = body["latest_period"]["metrics"]
    assert q3["revenue"]["value"] == 1518000000 and q3["ebitda"]["value"] == 81000000
    year = body["by_year"]["2024"]
    assert year["revenue"] == 5942000000 and year["ebitda"] == 162000000  # reported, not derived
    assert year["operating_income"] == -51000000 and year["net_income"] == -40000000
    assert year["eps_basic"] == -0.09 and year["capital_expenditure"] == 216000000
    # "Net result for the period", not the line "... incl. discontinued operations" (-106).
    assert body["by_year"]["2023"]["net_income"] == -111000000


def test_compare_and_screen_across_markets(sec_client: TestClient) -> None:
    body = sec_client.post(
        f"{API}/companies/compare", json={"companies": ["LIFCO B", "AAPL", "Kemira"], "years": 2}
    ).json()
    latest = {c["company_name"]: c["latest_year"] for c in body["companies"]}
    assert latest["Lifco AB"]["year"] == "2019" and latest["Lifco AB"]["currency"] == "SEK"
    assert latest["Kemira Oyj"]["revenue"] == 2948100000
    assert latest["Apple Inc."]["currency"] == "USD"
    screen = sec_client.post(
        f"{API}/companies/screen", json={"metric": "revenue", "mode": "value", "year": 2024}
    ).json()
    markets = {c["market"] for c in screen["companies"]}
    assert markets == {"us", "nordic"}  # no currency conversion: each in its own currency
    assert {c["currency"] for c in screen["companies"]} >= {"USD", "EUR"}


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_snapshot_png_size_follows_the_dpi(sec_client: TestClient, corpus: Path) -> None:
    pdf = pdfium.PdfDocument(
        corpus / "nordic/reports/atlas-copco/atlas-copco-q3-2023-interim-report.pdf"
    )
    points = pdf[0].get_size()  # the page's own size, in points
    pdf.close()
    sizes = {}
    for dpi in (72, 144):
        body = sec_client.get(
            f"{API}/filings/{ATLAS_Q3_2023}_1/snapshot", params={"dpi": dpi}
        ).json()
        assert body["available"] is True and body["kind"] == "rendered_png" and body["dpi"] == dpi
        assert body["company_name"] == "Atlas Copco AB" and body["page_number"] == 1
        url = urlparse(body["snapshot_url"])
        png = TestClient(sec_client.app).get(f"{url.path}?{url.query}")  # no bearer key
        assert png.status_code == 200 and png.headers["content-type"] == "image/png"
        sizes[dpi] = _png_size(png.content)
    for dpi, (width, height) in sizes.items():  # a pixel is rounded up at most
        assert 0 <= width - points[0] * dpi / 72 < 1 and 0 <= height - points[1] * dpi / 72 < 1
    assert sizes[144][0] >= 2 * sizes[72][0] - 1


def test_forged_and_expired_links_are_refused(sec_client: TestClient) -> None:
    body = sec_client.get(f"{API}/filings/{ATLAS_Q3_2023}_2/snapshot").json()
    url = urlparse(body["snapshot_url"])
    anonymous = TestClient(sec_client.app)
    query = parse_qs(url.query)
    forged = f"{url.path}?dpi=150&expires={query['expires'][0]}&signature={'0' * 64}"
    assert anonymous.get(forged).status_code == 403
    other_page = url.path.replace("_2.png", "_3.png") + "?" + url.query
    assert anonymous.get(other_page).status_code == 403
    settings = sec_client.app.state.filings.settings  # type: ignore[attr-defined]
    links = SnapshotLinks(settings.snapshot_secret.get_secret_value(), settings.data_dir)
    old = links.query(f"{ATLAS_Q3_2023}_2", 150, datetime.now(UTC) - timedelta(hours=2))
    expired = f"{url.path}?dpi=150&expires={old['expires']}&signature={old['signature']}"
    response = anonymous.get(expired)
    assert (
        response.status_code == 403
        and response.json()["error"] == "Invalid or expired snapshot link"
    )
    # Correctly signed, but living longer than any link the service hands out: refused.
    far = links.query(f"{ATLAS_Q3_2023}_2", 300, datetime.now(UTC) + timedelta(days=3650))
    lasting = f"{url.path}?dpi=300&expires={far['expires']}&signature={far['signature']}"
    assert anonymous.get(lasting).status_code == 403


def test_unrenderable_and_unknown_pages(sec_client: TestClient) -> None:
    release = sec_client.get(f"{API}/filings/49b29910f7e905af_1/snapshot").json()
    assert release["available"] is True and release["kind"] == "release_text"
    url = urlparse(release["snapshot_url"])
    text = TestClient(sec_client.app).get(f"{url.path}?{url.query}")  # no bearer key
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
    assert "cash dividend of EUR 0.74 per share" in text.text  # Kemira's release, as it reads
    forged = f"{url.path}?{url.query[: url.query.index('signature=')]}signature={'0' * 64}"
    assert TestClient(sec_client.app).get(forged).status_code == 403
    beyond = sec_client.get(f"{API}/filings/{ATLAS_Q3_2023}_99/snapshot").json()
    assert beyond["available"] is False and beyond["reason"]
