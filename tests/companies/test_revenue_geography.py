"""Revenue by geography: values read in the documents themselves, both markets."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, insert

from filings.companies.geography import classify, classify_member, member_label
from filings.companies.revenue_geography import nordic_geography, us_geography
from filings.db.tables import xbrl_facts
from tests.factories import add_company, add_filing, add_page

API = "/api/v1/data/companies"
APPLE_10K, NVIDIA_10K, TESLA_10K = (
    "0000320193-24-000123",
    "0001045810-25-000023",
    "0001628280-25-003063",
)


def geography(client: TestClient, company: str, **params: Any) -> dict[str, Any]:
    response = client.get(f"{API}/{company}/revenue-geography", params=params)
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def by_name(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in rows}


def test_apple_fy2024_countries_segments_and_the_rest(sec_client: TestClient) -> None:
    # Apple's 10-K, Note 13: net sales U.S. 142,196; China 66,952; other countries 181,887
    # (millions); by segment Americas 167,045 ... Greater China 66,952.
    body = geography(sec_client, "AAPL")
    assert body["year"] == 2024 and body["currency"] == body["unit"] == "USD"
    countries = by_name(body["countries"])
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "US": 142_196_000_000,
        "CN": 66_952_000_000,
    }
    assert countries["United States"]["page_id"] == APPLE_10K
    assert body["other"] == [
        {
            "name": "Other Countries",
            "iso_alpha2": None,
            "entity_type": "other",
            "revenue": 181_887_000_000,
            "page_id": APPLE_10K,
        }
    ]
    regions = by_name(body["regions"])
    assert regions["Americas"]["revenue"] == 167_045_000_000
    assert regions["Greater China"]["entity_type"] == "multi_region"
    assert body["total_revenue"] == 391_035_000_000
    assert body["total_revenue_mappable"] == 142_196_000_000 + 66_952_000_000  # countries only


def test_nvidia_fy2025_with_a_company_member_region(sec_client: TestClient) -> None:
    # NVIDIA's 10-K: United States 61,257; Singapore 23,684; Taiwan 20,573; China (including
    # Hong Kong) 17,108; Other 7,875; total 130,497 (millions).
    body = geography(sec_client, "NVDA", year=2025)
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "US": 61_257_000_000,
        "SG": 23_684_000_000,
        "TW": 20_573_000_000,
    }
    (china,) = body["regions"]
    assert china["name"] == "China including Hong Kong" and china["revenue"] == 17_108_000_000
    assert china["entity_type"] == "multi_region" and china["page_id"] == NVIDIA_10K
    assert by_name(body["other"])["Other Countries"]["revenue"] == 7_875_000_000
    assert body["total_revenue"] == 130_497_000_000


def test_tesla_2024_and_its_business_segments_left_out(sec_client: TestClient) -> None:
    body = geography(sec_client, "TSLA")
    assert body["year"] == 2024
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "US": 47_725_000_000,
        "CN": 20_944_000_000,
    }
    assert body["regions"] == []  # Automotive and Energy are segments, not places
    assert body["other"][0]["revenue"] == 29_021_000_000
    assert body["other"][0]["page_id"] == TESLA_10K


def test_lifco_2019_from_note_5_of_its_annual_report(sec_client: TestClient) -> None:
    # Lifco Annual Report 2019, page 60: "Net sales by geographic market" (SEK million):
    # Sweden 2,046; Norway 1,727; Germany 2,174; Rest of Europe 4,809; Asia and Australia
    # 1,577; North America 1,411; Other countries 101; Total 13,845.
    body = geography(sec_client, "Lifco")
    assert body["year"] == 2019 and body["currency"] == "SEK"
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "SE": 2_046_000_000,
        "NO": 1_727_000_000,
        "DE": 2_174_000_000,
    }
    regions = by_name(body["regions"])
    assert regions["Rest of Europe"]["revenue"] == 4_809_000_000
    assert regions["Asia and Australia"]["revenue"] == 1_577_000_000
    assert (
        body["other"][0]["name"] == "Other countries" and body["other"][0]["revenue"] == 101_000_000
    )
    pages = {row["page_id"] for row in body["countries"] + body["regions"] + body["other"]}
    assert pages == {"d5fa7d60cb69f8b0_60"}
    assert body["total_revenue"] == 13_845_000_000
    assert body["total_revenue_mappable"] == 5_947_000_000


def test_lifco_2017_and_years_without_geography(sec_client: TestClient) -> None:
    # The 2017 report, page 54: Sweden 1,799; North America 1,023 (SEK million).
    older = geography(sec_client, "Lifco", year=2017)
    assert by_name(older["countries"])["Sweden"]["revenue"] == 1_799_000_000
    assert by_name(older["regions"])["North America"]["page_id"] == "d9388c0569e61a3f_54"
    missing = geography(sec_client, "Lifco", year=2012)
    assert missing["failure_kind"] == "not_found"
    assert missing["hint"] == "Years with revenue geography: 2019, 2018, 2017, 2016."
    none = geography(sec_client, "Kemira")
    assert none["failure_kind"] == "not_found" and none["resolved_name"]


def test_a_heading_on_the_page_before_its_table(connection: Connection) -> None:
    company = add_company(connection, "acme", "Acme Oyj", market="nordic")
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid="00000000000000bb",
        fiscal_year=2024,
        document_type="annual_report",
    )
    add_page(
        connection,
        filing,
        "00000000000000bb",
        1,
        "EUR million 2024 2023\nLiikevaihto maantieteellisten alueiden mukaan",
    )
    add_page(
        connection,
        filing,
        "00000000000000bb",
        2,
        "Suomi 120,5 110,0\nRuotsi 80,0 75,5\nMuu Eurooppa 40,0 30,0\nMuut maat 9,5 8,0\n"
        "Yhteensä 250,0 223,5",
    )
    found = nordic_geography(connection, company)
    year = found[2024]
    assert [(c.iso_alpha2, c.revenue, c.page_id) for c in year.countries] == [
        ("FI", Decimal("120500000.0"), "00000000000000bb_2"),
        ("SE", Decimal("80000000.0"), "00000000000000bb_2"),
    ]
    assert year.regions[0].name == "Muu Eurooppa" and year.other[0].name == "Muut maat"
    assert year.currency == "EUR" and found[2023].countries[1].revenue == Decimal("75500000.0")


@pytest.mark.parametrize(
    ("name", "kind", "code"),
    [
        ("Tyskland", "country", "DE"),
        ("Saksa", "country", "DE"),
        ("United States", "country", "US"),
        ("Övriga Europa", "region", None),
        ("Asien och Australien", "region", None),
        ("Rest of world", "other", None),
        ("Övriga länder", "other", None),
        ("Automotive", None, None),
    ],
)
def test_places_in_three_languages(name: str, kind: str | None, code: str | None) -> None:
    place = classify(name)
    assert (place.kind if place else None, place.iso_alpha2 if place else None) == (kind, code)


def test_members_are_read_by_their_names() -> None:
    assert member_label("aapl:RestOfAsiaPacificSegmentMember") == "Rest of Asia Pacific"
    assert classify_member("country:TW").iso_alpha2 == "TW"  # type: ignore[union-attr]
    china = classify_member("nvda:ChinaIncludingHongKongMember")
    assert china is not None and china.entity_type == "multi_region"
    assert classify_member("tsla:AutomotiveSegmentMember") is None


WALMART_10K, JNJ_10K = "0000104169-25-000021", "0000200406-25-000038"


def test_walmart_countries_tagged_with_its_segments(sec_client: TestClient) -> None:
    # Walmart's 10-K FY2025, page 80 (segments note), Walmart International net sales: Mexico and
    # Central America 51,970; Canada 23,035; China 19,975; other 26,905 (millions), each tagged
    # with srt:StatementGeographicalAxis and us-gaap:StatementBusinessSegmentsAxis. The U.S.
    # (557,622) and non-U.S. (123,363) total revenues carry the geographic axis alone.
    body = geography(sec_client, "WMT", year=2025)
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "US": 557_622_000_000,
        "CA": 23_035_000_000,
        "CN": 19_975_000_000,
    }
    regions = by_name(body["regions"])
    assert regions["Mexico and Central America"]["revenue"] == 51_970_000_000
    assert regions["Mexico and Central America"]["entity_type"] == "multi_region"
    assert by_name(body["other"])["Other"]["revenue"] == 26_905_000_000
    assert {row["page_id"] for row in body["countries"]} == {WALMART_10K}
    assert body["total_revenue"] == 680_985_000_000


def test_jnj_regions_tagged_with_the_operating_segments_total(sec_client: TestClient) -> None:
    # J&J's 10-K FY2024, page 93: sales to customers in Europe 20,212; Western Hemisphere
    # excluding U.S. 4,714; Asia-Pacific, Africa 13,593 (millions), tagged with
    # srt:ConsolidationItemsAxis = OperatingSegmentsMember beside the geographic axis.
    body = geography(sec_client, "JNJ", year=2024)
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {"US": 50_302_000_000}
    regions = by_name(body["regions"])
    assert regions["Europe"]["revenue"] == 20_212_000_000
    assert regions["Western Hemisphere excluding US"]["revenue"] == 4_714_000_000
    assert regions["Asia Pacific Africa"]["revenue"] == 13_593_000_000
    assert {row["page_id"] for row in body["regions"]} == {JNJ_10K}


def test_products_by_place_are_parts_not_the_places_revenue(connection: Connection) -> None:
    # Coca-Cola tags revenue by place and by operation (concentrate, finished products): such
    # a fact is a part of the place's revenue. Only the place's own value counts.
    company = add_company(connection, "geo-parts", "Parts Inc.")
    filing = add_filing(
        connection,
        company,
        accession_number="0000000001-25-000001",
        form="10-K",
        filed_date=date(2025, 2, 1),
    )
    place = ["srt:StatementGeographicalAxis", "country:US"]
    add_fact(connection, filing, "us-gaap:Revenues", "100", [place])
    add_fact(
        connection, filing, "us-gaap:Revenues", "60", [place, ["srt:ProductOrServiceAxis", "x:A"]]
    )
    add_fact(
        connection,
        filing,
        "us-gaap:Revenues",
        "7",
        [
            ["srt:StatementGeographicalAxis", "country:FR"],
            ["us-gaap:StatementBusinessSegmentsAxis", "x:One"],
        ],
    )
    add_fact(
        connection,
        filing,
        "us-gaap:Revenues",
        "5",
        [
            ["srt:StatementGeographicalAxis", "country:FR"],
            ["us-gaap:StatementBusinessSegmentsAxis", "x:Two"],
        ],
    )
    found = us_geography(connection, company, ["us-gaap:Revenues"])
    [year] = found.values()
    assert {c.iso_alpha2: c.revenue for c in year.countries} == {
        "US": Decimal(100),
        "FR": Decimal(12),  # summed over the business segments that state it
    }


def add_fact(
    connection: Connection, filing: int, concept: str, value: str, dimensions: list[list[str]]
) -> None:
    """A dimensional fact of the year 2024 in a test filing."""
    connection.execute(
        insert(xbrl_facts).values(
            filing_pk=filing,
            concept=concept,
            unit="USD",
            period_start=date(2024, 1, 1),
            period_end=date(2024, 12, 31),
            value=value,
            dimensions=dimensions,
        )
    )
