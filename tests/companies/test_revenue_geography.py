"""Revenue by geography: values read in the documents themselves, both markets."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, insert

from filings.companies.extraction import _without_subtotal, extract_filing
from filings.companies.geography import Place, classify, classify_member, member_label
from filings.companies.geography_periods import read_periods
from filings.companies.geography_tables import DocumentContext, GeoTable, read_geography_tables
from filings.companies.revenue_geography import YearGeography, choose_by_year, us_geography
from filings.companies.service import CompanyDirectory
from filings.companies.service import revenue_geography as geography_service
from filings.db.tables import metric_values, xbrl_facts
from tests.factories import add_company, add_filing, add_page, d, pdf_pages

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
            "share": None,
            "included_in": None,
        }
    ]
    # Countries and the catch-all add up to net sales (391,035), and so do the segments.
    assert body["adds_up"] is True and body["source"] == "xbrl_dimensions"
    assert body["period"]["kind"] == "annual" and body["years_available"][0] == 2024
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


def test_tele2_revenue_by_country_from_note_2(sec_client: TestClient) -> None:
    # Tele2 Interim Report Q3 2025, page 23, Note 2 "Revenue by segment" (SEK million),
    # Jan-Sep 2025: Sweden 16,699; Lithuania 3,010; Latvia 1,508; Estonia 732; total including
    # internal sales 21,949; internal sales, elimination -98; TOTAL 21,851.
    body = geography(sec_client, "Tele2")
    assert body["year"] == 2025 and body["period"]["label"] == "Jan-Sep 2025"
    assert body["period"]["kind"] == "ytd" and body["source"] == "report_table"
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "SE": 16_699_000_000,
        "LT": 3_010_000_000,
        "LV": 1_508_000_000,
        "EE": 732_000_000,
    }
    assert [(o["name"], o["revenue"]) for o in body["other"]] == [
        ("Internal sales, elimination", -98_000_000)
    ]
    assert body["total_revenue"] == 21_851_000_000 and body["adds_up"] is True
    assert body["table_page_id"] == "23b1e57b6a0a3fa0_23"
    assert geography(sec_client, "Tele2", year=2024)["countries"][0]["revenue"] == 16_665_000_000


def test_ericsson_by_market_area_with_its_of_which_lines(sec_client: TestClient) -> None:
    # Ericsson Q3 2025 report, page 27, "Net sales by market area by quarter", year to date
    # (SEK million), Jan-Sep 2025: Americas 60,303; Europe, Middle East and Africa 47,398; South
    # East Asia, Oceania and India 19,828; North East Asia 10,806; Other 29,061; Total 167,396;
    # of which in Sweden 2,010, of which in EU 24,002. Jan-Dec 2024: Americas 85,390 ... Total
    # 247,880. Page 29 adds the five largest countries' shares of net sales.
    body = geography(sec_client, "Ericsson")
    assert body["period"]["label"] == "Jan-Sep 2025"
    regions = by_name(body["regions"])
    assert {name: row["revenue"] for name, row in regions.items() if not row["included_in"]} == {
        "Americas": 60_303_000_000,
        "Europe, Middle East and Africa": 47_398_000_000,
        "South East Asia, Oceania and India": 19_828_000_000,
        "North East Asia": 10_806_000_000,
    }
    assert body["other"][0]["name"] == "Other" and body["other"][0]["revenue"] == 29_061_000_000
    countries = by_name(body["countries"])
    sweden = countries["Sweden"]
    assert sweden["revenue"] == 2_010_000_000 and sweden["included_in"]
    assert regions["EU"]["revenue"] == 24_002_000_000 and regions["EU"]["included_in"]
    assert body["total_revenue"] == 167_396_000_000 and body["adds_up"] is True
    assert body["total_revenue_mappable"] is None  # no country outside an "of which" line
    # Page 29, "Top 5 countries in sales", Jan-Sep 2025 (% of net sales): the countries join
    # as "of which" lines, each its share of the printed total, part of the market areas
    assert {name: row["share"] for name, row in countries.items() if row["share"]} == {
        "United States": 43,
        "India": 5,
        "United Kingdom": 4,
        "China": 4,
        "Japan": 3,
    }
    assert countries["United States"]["revenue"] == 71_980_280_000  # 43 % of 167,396 million
    areas = "Americas; Europe, Middle East and Africa; South East Asia, Oceania and India; "
    assert countries["Japan"]["included_in"] == f"{areas}North East Asia; Other"
    assert countries["Japan"]["page_id"] == body["table_page_id"].replace("_27", "_29")
    year = geography(sec_client, "Ericsson", year=2024)
    assert year["period"]["kind"] == "annual" and year["total_revenue"] == 247_880_000_000
    assert by_name(year["regions"])["Americas"]["revenue"] == 85_390_000_000
    # Jan-Dec 2024: 40, 6, 4, 4, 4 % of 247,880 million
    shares = [(c["name"], c["share"], c["revenue"]) for c in year["countries"] if c["share"]]
    assert shares == [
        ("United States", 40, 99_152_000_000),
        ("India", 6, 14_872_800_000),
        ("United Kingdom", 4, 9_915_200_000),
        ("China", 4, 9_915_200_000),
        ("Japan", 4, 9_915_200_000),
    ]
    assert all(c["included_in"] for c in year["countries"])
    assert year["adds_up"] is True and year["total_revenue_mappable"] is None


def test_atlas_copco_shares_by_region_turned_into_amounts(sec_client: TestClient) -> None:
    # Atlas Copco Q3 2025, page 2, "Geographic distribution of orders received and revenues",
    # the Group's revenues column (%): North America 26, South America 5, Europe 27, Africa/
    # Middle East 6, Asia/Oceania 36; revenues July-September MSEK 41 621 (page 1).
    body = geography(sec_client, "Atlas Copco")
    assert body["basis"] == "shares_of_total" and body["period"]["label"] == "Jul-Sep 2025"
    assert body["share_base"] == 41_621_000_000 and body["total_revenue"] == 41_621_000_000
    assert {r["name"]: r["share"] for r in body["regions"]} == {
        "North America": 26,
        "South America": 5,
        "Europe": 27,
        "Africa/Middle East": 6,
        "Asia/Oceania": 36,
    }
    assert by_name(body["regions"])["North America"]["revenue"] == 10_821_460_000  # 26 % of it
    assert body["adds_up"] is True
    # The Q3 2023 report: 26, 4, 28, 5, 37 of MSEK 44 485.
    older = geography(sec_client, "Atlas Copco", year=2023)
    assert [r["share"] for r in older["regions"]] == [26, 4, 28, 5, 37]
    assert older["share_base"] == 44_485_000_000


def test_a_heading_on_the_page_before_its_table_in_finnish() -> None:
    pages = [
        (
            "00000000000000bb_1",
            1,
            "EUR million 2024 2023\nLiikevaihto maantieteellisten alueiden mukaan",
        ),
        (
            "00000000000000bb_2",
            2,
            "Suomi 120,5 110,0\nRuotsi 80,0 75,5\nMuu Eurooppa 40,0 30,0\nMuut maat 9,5 8,0\n"
            "Yhteensä 250,0 223,5",
        ),
    ]
    tables = read_geography_tables(pages, DocumentContext(2024, whole_year=True))
    newest = next(t for t in tables if t.period.year == 2024)
    assert [(line.place.iso_alpha2, line.value, line.page_id) for line in newest.lines[:2]] == [
        ("FI", Decimal("120500000.0"), "00000000000000bb_2"),
        ("SE", Decimal("80000000.0"), "00000000000000bb_2"),
    ]
    assert newest.lines[2].place.kind == "region" and newest.lines[3].place.kind == "other"
    assert newest.currency == "EUR" and newest.adds_up() is True
    older = next(t for t in tables if t.period.year == 2023)
    assert older.lines[1].value == Decimal("75500000.0") and older.total == Decimal("223500000")


def test_a_swedish_interim_table_by_market_with_periods_and_a_total_that_does_not_add_up() -> None:
    pages = [
        (
            "0000000000000ccc_7",
            7,
            "Nettoomsättning per geografisk marknad\nMSEK\njul-sep\n2025\njul-sep\n2024\n"
            "jan-sep\n2025\njan-sep\n2024\nSverige 1 200 1 100 3 600 3 300\n"
            "Norge 300 280 900 850\nÖvriga Europa 150 140 450 400\nSumma 1 700 1 520 4 950 4 550",
        )
    ]
    tables = read_geography_tables(pages, DocumentContext(2025, whole_year=False))
    assert {(t.period.year, t.period.kind) for t in tables} == {(2025, "ytd"), (2024, "ytd")}
    current = next(t for t in tables if t.period.year == 2025)
    assert [(line.place.name, line.value) for line in current.lines] == [
        ("Sverige", Decimal("3600000000")),
        ("Norge", Decimal("900000000")),
        ("Övriga Europa", Decimal("450000000")),
    ]
    # 3 600 + 900 + 450 = 4 950: adds up; 2024's 3 300 + 850 + 400 = 4 550 too.
    assert current.adds_up() is True
    broken = read_geography_tables(
        [
            (
                "0000000000000ccc_8",
                8,
                pages[0][2].replace("Summa 1 700 1 520 4 950", "Summa 1 700 1 520 5 950"),
            )
        ],
        DocumentContext(2025, whole_year=False),
    )
    assert next(t for t in broken if t.period.year == 2025).adds_up() is False


@pytest.mark.parametrize(
    "header",
    [
        "EUR million    Q4/2024    Q4/2023    2024    2023",
        "EUR million    Q4/24    Q4/23    2024    2023",
        "EUR million    Q4 2024    Q4 2023    2024    2023",
        "EUR million    10-12/2024    10-12/2023    1-12/2024    1-12/2023",
    ],
)
def test_a_year_end_release_table_of_quarters_and_bare_years(header: str) -> None:
    # A year-end release prints the fourth quarter and the year side by side; the bare years
    # are the fiscal years (before, a header of labelled and bare years was not read).
    text = (
        f"Net sales by market area\n{header}\nFinland    30.1    28.0    120.5    110.0\n"
        "Sweden    20.0    19.5    80.0    75.5\nRest of Europe    10.0    8.0    40.0    30.0\n"
        "Other countries    2.5    2.0    9.5    8.0\nTotal    62.6    57.5    250.0    223.5"
    )
    tables = read_geography_tables([("00000000000000dd_3", 3, text)], DocumentContext(2024, True))
    annual = {t.period.year: t for t in tables if t.period.kind == "annual"}
    assert sorted(annual) == [2023, 2024]
    assert [(line.place.name, line.value) for line in annual[2024].lines] == [
        ("Finland", Decimal("120500000.0")),
        ("Sweden", Decimal("80000000.0")),
        ("Rest of Europe", Decimal("40000000.0")),
        ("Other countries", Decimal("9500000.0")),
    ]
    assert annual[2024].adds_up() is True and annual[2023].total == Decimal("223500000")


@pytest.mark.parametrize(
    ("header", "whole_year", "periods"),
    [
        # a label over the years after it, newest first
        (
            "Oct-Dec 2024 2023 Jan-Dec 2024 2023",
            True,
            [("quarter", 2024), ("quarter", 2023), ("annual", 2024), ("annual", 2023)],
        ),
        (
            "Jul-Sep 2025 2024 Jan-Sep 2025 2024",
            False,
            [("quarter", 2025), ("quarter", 2024), ("ytd", 2025), ("ytd", 2024)],
        ),
        # cannot be told: one label over four years, a bare year before a label, a label with
        # no year of its own, bare years in an interim report
        ("Q4 2024 2023 2024 2023", True, []),
        ("2024 2023 Q4 2024", True, []),
        ("Q4 Full year 2024 2023 2022", True, []),
        ("Q3/2025 Q3/2024 2024", False, []),
    ],
)
def test_headers_with_more_years_than_labels(
    header: str, whole_year: bool, periods: list[tuple[str, int]]
) -> None:
    read = read_periods(header, 2025, whole_year=whole_year)
    assert [(p.kind, p.year) for p in read] == periods


def test_a_table_of_business_areas_is_no_geography() -> None:
    pages = [
        (
            "0000000000000ddd_3",
            3,
            "Net sales by business area\nSEK million 2024 2023\nDental 4,393 4,185\n"
            "Tools 3,610 2,820\nTotal 8,003 7,005",
        )
    ]
    assert read_geography_tables(pages, DocumentContext(2024, whole_year=True)) == []


def test_tagged_geography_of_an_esef_report_is_stored_and_answered(connection: Connection) -> None:
    company = add_company(connection, "esef-co", "Esef Oyj", market="nordic", currency="EUR")
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid="00000000000000ee",
        document_type="annual_report",
        document_format="pdf",
        fiscal_year=2024,
        listed_date=d("2025-03-01"),
    )
    axis = "ifrs-full:GeographicalAreasAxis"
    facts = [("country:FI", "400"), ("country:SE", "250"), ("esef:RestOfWorldMember", "350")]
    for member, value in facts:
        connection.execute(
            xbrl_facts.insert().values(
                filing_pk=filing,
                concept="ifrs-full:Revenue",
                unit="EUR",
                period_start=d("2024-01-01"),
                period_end=d("2024-12-31"),
                value=value,
                dimensions=[[axis, member]],
            )
        )
    assert extract_filing(connection, filing) is True
    assert extract_filing(connection, filing) is False  # the same input writes nothing
    answer = geography_service(connection, CompanyDirectory(), company="Esef Oyj", year=None)
    body = answer.model_dump()
    assert body["source"] == "esef" and body["year"] == 2024
    assert {c["iso_alpha2"]: c["revenue"] for c in body["countries"]} == {
        "FI": Decimal(400),
        "SE": Decimal(250),
    }
    assert body["other"][0]["name"] == "Rest of World"


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
        ("South East Asia, Oceania and India", "region", None),
        ("North East Asia", "region", None),
        ("Africa/Middle East", "region", None),
        ("Europe, Middle East and Africa ¹⁾ ²⁾", "region", None),
        ("South Africa", "country", "ZA"),
        ("Russia", "country", "RU"),
        ("Pohjois-Amerikka", "region", None),
        ("Muu maailma", "other", None),
        ("Sweden Consumer", None, None),
        ("No", None, None),
        ("Latin America, Caribbean and other", "other", None),  # places and the rest
        ("Non-United States", "other", None),  # the rest of the world seen from a place
        ("Outside the U.S.", "other", None),
        ("Utanför Sverige", "other", None),
        ("Utlandet", "other", None),
        ("Non-current", None, None),
        ("Asia, other than China", "region", None),  # a region less a place
        ("Europa utom Sverige", "region", None),
        ("Sales, other than China", None, None),
        ("Outside directors", None, None),
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
    # its Non-US member (38,519) is those three regions' sum: not listed beside them
    assert body["other"] == []


def test_an_other_member_that_sums_the_regions_is_not_listed_again() -> None:
    def year(*other: tuple[str, int]) -> YearGeography:
        geography = YearGeography()
        geography.add(Place("country", "United States", "US"), Decimal(50), "p")
        for name, value in (("Europe", 20), ("Asia", 13)):
            geography.add(Place("region", name), Decimal(value), "p")
        for name, value in other:
            geography.add(Place("other", name), Decimal(value), "p")
        return geography

    kept = _without_subtotal(year(("Non-US", 33), ("Other", 5)))
    assert [e.name for e in kept.other] == ["Other"]
    unchanged = year(("Rest of world", 30))  # a line of its own, not the regions' sum
    assert _without_subtotal(unchanged) is unchanged


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


def _financebench_pages(corpus: Path, name: str) -> list[tuple[str, int | None, str]]:
    return pdf_pages(corpus / "financebench" / "pdfs" / name)


def test_a_us_10k_pdf_table_with_dollar_signs_and_a_title_on_the_page_before(
    corpus: Path,
) -> None:
    # AMD's 2015 10-K, note 12: "The following table summarizes sales to external customers by
    # country, which is based on the billing location of the customer:" at the foot of page
    # 83, then on page 84 "2015 2014 2013 / (In millions) / United States $ 984 $ 1,030 $ 801"
    pages = _financebench_pages(corpus, "AMD_2015_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2015, whole_year=True))
    assert {t.period.year for t in tables} == {2015, 2014, 2013}  # long-lived assets left out
    newest = next(t for t in tables if t.period.year == 2015)
    # "For the fiscal year ended December 26, 2015": a calendar year, to the month
    assert (newest.period.start, newest.period.end) == (date(2015, 1, 1), date(2015, 12, 31))
    assert [(line.place.name, line.value) for line in newest.lines] == [
        ("United States", Decimal("984000000")),
        ("Europe", Decimal("168000000")),
        ("China", Decimal("1145000000")),
        ("Singapore", Decimal("356000000")),
        ("Japan", Decimal("1254000000")),
        ("Other countries", Decimal("84000000")),
    ]
    assert newest.currency == "USD" and newest.total == Decimal("3991000000")
    assert newest.adds_up() is True and newest.page_number == 84
    assert newest.title.startswith("The following table summarizes sales to external customers")
    oldest = next(t for t in tables if t.period.year == 2013)
    assert oldest.lines[1].value == Decimal("460000000")


def test_best_buys_geographic_information_in_three_10ks(corpus: Path) -> None:
    # "Geographic Information ... ($ in millions): 2017 2016 2015 / Net sales to customers /
    # United States $ 36,248 $ 36,365 $ 36,055 / Canada 2,899 ... / Other 256 ... / Total
    # revenue $ 39,403 ..." (2017 10-K, page 89); the 2023 10-K prints U.S. and Canada only
    tables = read_geography_tables(
        _financebench_pages(corpus, "BESTBUY_2017_10K.pdf"), DocumentContext(2017, True)
    )
    fy2017 = next(t for t in tables if t.period.year == 2017)
    assert [(line.place.iso_alpha2, line.value) for line in fy2017.lines] == [
        ("US", Decimal("36248000000")),
        ("CA", Decimal("2899000000")),
        (None, Decimal("256000000")),
    ]
    assert fy2017.total == Decimal("39403000000") and fy2017.adds_up() is True
    # its cover: "For the fiscal year ended January 28, 2017", so the year is February to January
    assert (fy2017.period.start, fy2017.period.end) == (date(2016, 2, 1), date(2017, 1, 31))
    assert fy2017.period.label == "2017"
    tables = read_geography_tables(
        _financebench_pages(corpus, "BESTBUY_2023_10K.pdf"), DocumentContext(2023, True)
    )
    fy2023 = next(t for t in tables if t.period.year == 2023)
    assert [(line.place.iso_alpha2, line.value) for line in fy2023.lines] == [
        ("US", Decimal("42794000000")),
        ("CA", Decimal("3504000000")),
    ]
    assert fy2023.adds_up() is True
    # named by the sentence that introduces it, not by the segment table's title above
    assert fy2023.title == "Geographic information was as follows ($ in millions)"


def test_a_10k_notes_table_takes_the_unit_stated_under_the_notes_heading(corpus: Path) -> None:
    # Boeing's 2022 10-K prints revenues by customer location as "Asia $8,393 $5,845 $5,931"
    # with no unit of its own (page 114); its notes open on page 63 with "Notes to the
    # Consolidated Financial Statements / Years ended ... / (Dollars in millions, except
    # otherwise stated)", the unit of every note's table
    pages = _financebench_pages(corpus, "BOEING_2022_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2022, whole_year=True))
    fy2022 = next(t for t in tables if t.period.year == 2022)
    assert fy2022.currency == "USD" and fy2022.page_number == 114
    assert fy2022.title.startswith("Revenues, including foreign military sales, are reported")
    assert [(line.place.name, line.value) for line in fy2022.lines] == [
        ("Asia", Decimal("8393000000")),
        ("Europe", Decimal("7916000000")),
        ("Middle East", Decimal("5047000000")),
        ("Canada", Decimal("1612000000")),
        ("Oceania", Decimal("1576000000")),
        ("Africa", Decimal("418000000")),
        ("Latin America, Caribbean and other", Decimal("2412000000")),
        ("United States", Decimal("39218000000")),  # after "Total non-U.S.", a subtotal
        # the line between the places and "Total revenues" reconciles them to it, as an
        # adjustment does: no place ("other"), and with it the lines add up to the total
        (CONCESSIONS, Decimal("16000000")),
    ]
    assert fy2022.lines[-1].place.kind == "other"
    assert fy2022.total == Decimal("66608000000") and fy2022.adds_up() is True
    # in 2020 the concessions were negative: "(498)", and $58,158 in all
    fy2020 = next(t for t in tables if t.period.year == 2020)
    assert (fy2020.lines[-1].place.name, fy2020.lines[-1].value) == (
        CONCESSIONS,
        Decimal("-498000000"),
    )
    assert fy2020.total == Decimal("58158000000") and fy2020.adds_up() is True


CONCESSIONS = "Estimated potential concessions and other considerations to 737 MAX customers"


def test_boeing_2018_a_region_less_a_country_and_a_unit_broken_into_lines(corpus: Path) -> None:
    # 2018 10-K, page 112: "Asia, other than China $12,141 $9,195 $9,892 ... Total non-U.S.
    # revenues 56,451 ... United States 44,676 ... Total revenues $101,127"; the notes' heading
    # on page 57 is followed by "(Dollars" / "in" / "millions," on lines of their own
    pages = _financebench_pages(corpus, "BOEING_2018_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2018, whole_year=True))
    fy2018 = next(t for t in tables if t.period.year == 2018 and t.page_number == 112)
    assert [(line.place.kind, line.value) for line in fy2018.lines][:3] == [
        ("region", Decimal("12141000000")),  # Asia, other than China
        ("region", Decimal("12976000000")),
        ("country", Decimal("13764000000")),
    ]
    assert fy2018.lines[-1].place.iso_alpha2 == "US" and fy2018.lines[-1].value == Decimal(
        "44676000000"
    )
    assert fy2018.total == Decimal("101127000000") and fy2018.adds_up() is True
    # BCA's own revenues by customer location (page 113) are read too; the answer prefers the
    # company's, which covers more revenue in the same document
    segment = next(t for t in tables if t.period.year == 2018 and t.page_number == 113)
    records = [_record(segment, position=0), _record(fy2018, position=1)]
    assert choose_by_year(records)[2018]["page_number"] == 112


def test_coca_cola_2017_under_a_geographic_heading_and_its_lead_in(corpus: Path) -> None:
    # 2017 10-K, page 142: "Geographic Data / The following table provides information related
    # to our net operating revenues (in millions): / Year Ended December 31, 2017 2016 2015 /
    # United States $ 14,727 ... / International 20,683 ... / Net operating revenues $ 35,410";
    # then the same places for property, plant and equipment, which is no revenue
    pages = _financebench_pages(corpus, "COCACOLA_2017_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2017, whole_year=True))
    assert [(t.period.year, t.page_number) for t in tables] == [
        (2017, 142),
        (2016, 142),
        (2015, 142),
    ]
    fy2017 = tables[0]
    assert [(line.place.kind, line.place.name, line.value) for line in fy2017.lines] == [
        ("country", "United States", Decimal("14727000000")),
        ("other", "International", Decimal("20683000000")),
    ]
    assert fy2017.total == Decimal("35410000000") and fy2017.adds_up() is True
    assert fy2017.title.startswith("The following table provides information related to our net")


def test_a_unit_broken_over_two_lines_above_a_segment_note(corpus: Path) -> None:
    # Lockheed Martin's 2020 10-K, page 85: "... for each of our business segments were as
    # follows (in" / "millions):", then each year's "Aeronautics MFC RMS Space Total" note with
    # "Net sales by geographic region / United States $ 18,254 ... $ 49,012"; 2018 is on page 86
    pages = _financebench_pages(corpus, "LOCKHEEDMARTIN_2020_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2020, whole_year=True))
    assert [(t.period.year, t.page_number) for t in tables] == [(2020, 85), (2019, 85), (2018, 86)]
    fy2018 = tables[-1]
    assert [(line.place.name, line.value) for line in fy2018.lines] == [
        ("United States", Decimal("38606000000")),
        ("Asia Pacific", Decimal("5280000000")),
        ("Europe", Decimal("5403000000")),
        ("Middle East", Decimal("3602000000")),
        ("Other", Decimal("871000000")),
    ]
    assert fy2018.total == Decimal("53762000000") and fy2018.adds_up() is True


def test_a_lead_in_wrapped_over_two_lines_heads_a_note_of_three_years(corpus: Path) -> None:
    # Amcor's 2023 10-K: "The following tables disaggregate net sales information by geography
    # in which the Company operates based on manufacturing or selling" / "operations:" (page
    # 102), then on page 103 three tables "Year Ended June 30, 2023 / ($ in millions) Flexibles
    # / Rigid / Packaging Total / North America $ 4,411 $ 2,745 $ 7,156 ... / Net sales ..."
    pages = _financebench_pages(corpus, "AMCOR_2023_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2023, whole_year=True))
    assert [(t.period.year, t.page_number) for t in tables] == [
        (2023, 103),
        (2022, 103),
        (2021, 103),
    ]
    fy2022 = tables[1]
    assert [(line.place.name, line.value) for line in fy2022.lines] == [
        ("North America", Decimal("6952000000")),
        ("Latin America", Decimal("1797000000")),
        ("Europe", Decimal("4062000000")),  # "Europe (1)": a footnote mark, no value
        ("Asia Pacific", Decimal("1733000000")),
    ]
    assert fy2022.total == Decimal("14544000000") and fy2022.adds_up() is True
    assert (fy2022.period.start, fy2022.period.end) == (date(2021, 7, 1), date(2022, 6, 30))
    assert fy2022.title.endswith("based on manufacturing or selling operations")


def _record(table: GeoTable, position: int) -> dict[str, Any]:
    """A stored breakdown as the answer reads it, from a table of one document."""
    return {
        "fiscal_year": table.period.year,
        "period_kind": table.period.kind,
        "period_start": table.period.start,
        "period_end": table.period.end,
        "basis": table.basis,
        "adds_up": None,  # as if neither printed a total
        "listed_date": date(2019, 2, 8),
        "position": position,
        "page_number": table.page_number,
        "lines": [
            {"revenue": str(line.value), "included_in": line.included_in} for line in table.lines
        ],
    }


def test_dollars_without_a_unit_are_left_out() -> None:
    pages = [
        (
            "p_3",
            3,
            "Revenues by geographic area were as follows:\n2024 2023\n"
            "United States $ 500 $ 450\nJapan 300 250\nTotal $ 800 $ 700",
        )
    ]
    # dollars, but of what scale nothing says
    assert read_geography_tables(pages, DocumentContext(2024, whole_year=True)) == []


def test_a_sentence_after_a_table_does_not_make_it_a_table_of_shares() -> None:
    pages = [
        (
            "p_9",
            9,
            "Net revenue by geographic area was as follows:\n(In millions)\n2024 2023\n"
            "United States $ 500 $ 450\nJapan 300 250\nTotal $ 800 $ 700\n"
            "One customer accounted for 12% of net revenue in 2024.",
        )
    ]
    (newest, older) = read_geography_tables(pages, DocumentContext(2024, whole_year=True))
    assert newest.basis == "amounts" and newest.currency == "USD"
    assert newest.lines[0].value == Decimal("500000000") and newest.adds_up() is True
    assert older.total == Decimal("700000000")


# A report's largest countries as shares of net sales, the title lines above the header that
# names them ("Top 5 countries in sales"), each period's labels after it, the years after each
# table (as Ericsson's Q3 2025 report, page 29, comes out of its PDF).
TOP_COUNTRIES = (
    "Top 3 countries in sales\n1) Based on Jan-Sep 2025. Includes licensing revenues.\n"
    "Note 3 - Financial income and expenses, net\n"
    "Country, percentage of net sales¹⁾ Q3 Q2 Q1 Q4\n"
    "United States 40% 44% 45% 39%\nIndia 5% 4% 7% 4%\nUnited Kingdom 4% 4% 4% 4%\n2025 2024\n"
    "Country, percentage of net sales¹⁾ Jan-Sep Jan-Jun Jan-Mar Jan-Dec\n"
    "United States 43% 44% 45% 40%\nIndia 5% 6% 7% 6%\nUnited Kingdom 4% 4% 4% 4%\n2025 2024"
)


def test_a_header_naming_countries_shares_of_net_sales_starts_a_table_of_shares() -> None:
    tables = read_geography_tables(
        [("00000000000000ff_29", 29, TOP_COUNTRIES)], DocumentContext(2025, whole_year=False)
    )
    assert [(t.period.label, t.basis, t.partial) for t in tables] == [
        ("Jul-Sep 2025", "shares_of_total", True),
        ("Oct-Dec 2024", "shares_of_total", True),
        ("Jan-Sep 2025", "shares_of_total", True),
        ("2024", "shares_of_total", True),
    ]
    ytd = tables[2]
    assert ytd.title == "Top 3 countries in sales" and ytd.page_id == "00000000000000ff_29"
    assert [(line.place.iso_alpha2, line.value) for line in ytd.lines] == [
        ("US", Decimal(43)),
        ("IN", Decimal(5)),
        ("GB", Decimal(4)),
    ]
    # only the largest countries: no total, and 52 % is no whole
    assert ytd.total is None and ytd.adds_up() is None
    assert [line.value for line in tables[3].lines] == [40, 6, 4]


@pytest.mark.parametrize(
    ("header", "rows"),
    [
        (
            "Land, andel av nettoomsättningen jan-sep 2025 jan-sep 2024",
            "USA 30% 28%\nTyskland 12% 11%\nKina 8% 9%",
        ),
        (
            "Maa, osuus liikevaihdosta 1-9/2025 1-9/2024",
            "Yhdysvallat 30% 28%\nSaksa 12% 11%\nKiina 8% 9%",
        ),
    ],
)
def test_a_header_of_countries_shares_in_swedish_and_finnish(header: str, rows: str) -> None:
    text = f"Största marknaderna\nDe tre största länderna.\n{header}\n{rows}"
    tables = read_geography_tables(
        [("0000000000000fff_4", 4, text)], DocumentContext(2025, whole_year=False)
    )
    assert [(t.period.year, t.period.kind, t.partial) for t in tables] == [
        (2025, "ytd", True),
        (2024, "ytd", True),
    ]
    assert [(line.place.iso_alpha2, line.value) for line in tables[0].lines] == [
        ("US", Decimal(30)),
        ("DE", Decimal(12)),
        ("CN", Decimal(8)),
    ]
    assert tables[0].title == header.split(" jan-sep")[0].split(" 1-9/")[0]


def test_a_header_of_countries_shares_over_the_whole_is_no_partial_table() -> None:
    text = (
        "Land, andel av nettoomsättningen, % 2024 2023\nSverige 60% 58%\nNorge 25% 27%\n"
        "Övriga länder 15% 15%\nSumma 100% 100%"
    )
    tables = read_geography_tables([("p_2", 2, text)], DocumentContext(2024, whole_year=True))
    newest = next(t for t in tables if t.period.year == 2024)
    assert newest.basis == "shares_of_total" and newest.partial is False
    assert newest.total == 100 and newest.adds_up() is True


@pytest.mark.parametrize(
    "text",
    [
        # changes of countries' sales in percent, not shares
        "Country, change in percentage of net sales Q3 Q2 Q1\nUnited States 5% -3% 2%\n"
        "India 10% 4% -7%\nChina -2% 1% 3%",
        "Year over year change, percent Q3 Q2 Q1\nUnited States 5% -3% 2%\n"
        "India 10% 4% -7%\nChina -2% 1% 3%",
        # segments' shares of net sales: no places
        "Segment, percentage of net sales Q3 Q2 Q1\nNetworks 60% 58% 61%\n"
        "Cloud Software and Services 40% 42% 39%",
    ],
)
def test_percents_of_countries_changes_or_of_segments_are_no_shares_by_place(text: str) -> None:
    pages = [("p_5", 5, text)]
    assert read_geography_tables(pages, DocumentContext(2025, whole_year=False)) == []


def test_the_largest_countries_join_the_periods_amounts_as_of_which_lines(
    connection: Connection,
) -> None:
    company = add_company(connection, "top-co", "Top Countries AB", market="nordic", currency="SEK")
    docid = "0000000000000abc"
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid=docid,
        document_type="interim_report",
        document_format="pdf",
        fiscal_year=2025,
        fiscal_quarter=3,
        listed_date=d("2025-10-20"),
    )
    add_page(
        connection,
        filing,
        docid,
        5,
        "Net sales by market area\nSEK million Jan-Sep 2025 Jan-Sep 2024\nAmericas 600 500\n"
        "Europe 300 280\nAsia 100 120\nTotal 1,000 900",
    )
    # the shares of a period without amounts (the year 2024) stay out, even with its revenue
    add_page(
        connection,
        filing,
        docid,
        9,
        "Top 2 countries in sales\nCountry, percentage of net sales Jan-Sep 2025 Jan-Dec 2024\n"
        "United States 43% 40%\nAmericas 50% 49%\nChina 4% 5%",
    )
    connection.execute(
        insert(metric_values).values(
            company_pk=company,
            filing_pk=filing,
            metric_key="revenue",
            period_kind="annual",
            period_key="2024-01-01..2024-12-31",
            period_start=d("2024-01-01"),
            period_end=d("2024-12-31"),
            fiscal_year=2024,
            value="1200000000",
            source=f"{docid} p. 3",
            page_id=f"{docid}_3",
        )
    )
    assert extract_filing(connection, filing) is True
    assert extract_filing(connection, filing) is False  # the same input writes nothing
    body = geography_service(connection, CompanyDirectory(), company="Top Countries AB", year=None)
    answer = body.model_dump()
    assert answer["period"]["label"] == "Jan-Sep 2025" and answer["basis"] == "amounts"
    parts = "Americas; Europe; Asia"
    assert [
        (c["name"], c["share"], c["revenue"], c["included_in"]) for c in answer["countries"]
    ] == [
        ("United States", 43, 430_000_000, parts),  # 43 % of the printed total, 1,000
        ("China", 4, 40_000_000, parts),
    ]
    # a place the amounts list already is not repeated; nothing else of the answer changes
    assert [r["name"] for r in answer["regions"]] == ["Americas", "Europe", "Asia"]
    assert answer["adds_up"] is True and answer["total_revenue_mappable"] is None
    assert answer["share_base"] == 1_000_000_000 and answer["share_base_page_id"] == f"{docid}_5"
    older = geography_service(connection, CompanyDirectory(), company="Top Countries AB", year=2024)
    assert older.model_dump()["period"]["label"] == "Jan-Sep 2024"
    assert older.model_dump()["countries"] == []


def test_general_mills_united_states_and_the_rest_in_three_10ks(corpus: Path) -> None:
    # "The following table provides financial information by geographic area: / Fiscal Year /
    # In Millions 2019 2018 2017 / Net sales: United States $ 12,462.8 ... / Non-United States
    # 4,402.4 ... / Total $ 16,865.2 ..." (2019 10-K, page 103), then cash and land by the same
    # places, which are no revenue; its cover says "FOR THE FISCAL YEAR ENDED" / "May 26, 2019"
    tables = read_geography_tables(
        _financebench_pages(corpus, "GENERALMILLS_2019_10K.pdf"), DocumentContext(2019, True)
    )
    assert [t.period.year for t in tables] == [2019, 2018, 2017]  # no cash, no land
    fy2019 = tables[0]
    assert [(line.place.kind, line.place.iso_alpha2, line.value) for line in fy2019.lines] == [
        ("country", "US", Decimal("12462800000")),
        ("other", None, Decimal("4402400000")),
    ]
    assert fy2019.total == Decimal("16865200000") and fy2019.adds_up() is True
    assert fy2019.currency == "USD" and fy2019.page_number == 103
    assert (fy2019.period.start, fy2019.period.end) == (date(2018, 6, 1), date(2019, 5, 31))
    # 2020: "Net sales:" on a line of its own over the places
    tables = read_geography_tables(
        _financebench_pages(corpus, "GENERALMILLS_2020_10K.pdf"), DocumentContext(2020, True)
    )
    assert [(t.period.year, t.lines[0].value, t.total) for t in tables] == [
        (2020, Decimal("13364500000"), Decimal("17626600000")),
        (2019, Decimal("12462800000"), Decimal("16865200000")),
        (2018, Decimal("11115600000"), Decimal("15740400000")),
    ]
    # 2022: the PDF's text puts the header and both rows on one line ("In Millions 2022 2021
    # 2020 Net sales: United States $ 14,691.2 ... Non-United States 4,301.6 ...")
    tables = read_geography_tables(
        _financebench_pages(corpus, "GENERALMILLS_2022_10K.pdf"), DocumentContext(2022, True)
    )
    fy2022 = tables[0]
    assert fy2022.period.year == 2022 and fy2022.page_number == 85
    assert [line.value for line in fy2022.lines] == [Decimal("14691200000"), Decimal("4301600000")]
    assert fy2022.total == Decimal("18992800000") and fy2022.adds_up() is True


def test_a_document_without_text_has_no_tables() -> None:
    assert read_geography_tables([], DocumentContext(2024, whole_year=True)) == []
    assert read_geography_tables([("p_1", 1, " \n")], DocumentContext(2024, whole_year=True)) == []


def test_rows_on_one_line_are_split_only_when_each_has_as_many_values() -> None:
    glued = "In Millions 2022 2021 Net sales: United States $ 14.6 $ 13.4 Non-United States 4.3 4.6"
    pages = [("p_1", 1, f"Geographic information:\n{glued}\nTotal $ 18.9 $ 18.0")]
    (newest, older) = read_geography_tables(pages, DocumentContext(2022, whole_year=True))
    assert [line.value for line in newest.lines] == [Decimal("14600000"), Decimal("4300000")]
    assert newest.total == Decimal("18900000") and older.total == Decimal("18000000")
    # a line whose parts hold different numbers of values is one row, or none
    uneven = "Net sales: United States $ 14.6 $ 13.4 Non-United States 4.3"
    pages = [("p_1", 1, f"Geographic information:\nIn Millions 2022 2021\n{uneven}")]
    assert read_geography_tables(pages, DocumentContext(2022, whole_year=True)) == []


def test_a_us_note_by_segment_columns_reads_their_total_column(corpus: Path) -> None:
    # Lockheed Martin's 2022 10-K, page 79: "2022 / Aeronautics MFC RMS Space Total" over
    # "Net sales by geographic region / United States $ 18,176 $ 7,821 $ 11,678 $ 11,378 $
    # 49,053 ..."; the segments' total column is the company's, and the same layout's "Net
    # sales by customer" (U.S. Government, International) is no table of places
    pages = _financebench_pages(corpus, "LOCKHEEDMARTIN_2022_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2022, whole_year=True))
    assert {(t.period.year, t.page_number) for t in tables} == {(2022, 79), (2021, 79), (2020, 80)}
    fy2022 = next(t for t in tables if t.period.year == 2022)
    assert [(line.place.name, line.value) for line in fy2022.lines] == [
        ("United States", Decimal("49053000000")),
        ("Europe", Decimal("6267000000")),
        ("Asia Pacific", Decimal("5479000000")),
        ("Middle East", Decimal("3796000000")),
        ("Other", Decimal("1389000000")),
    ]
    assert fy2022.total == Decimal("65984000000") and fy2022.adds_up() is True


def test_segment_columns_named_over_several_lines_and_a_footnote_mark(corpus: Path) -> None:
    # Activision Blizzard's 2019 10-K, note 14: "Year Ended December 31, 2019 / Activision
    # Blizzard King / Non-reportable / segments / Elimination of / intersegment / revenues (2)
    # Total / Net revenues by geographic region: / Americas $ 1,286 ... $ 3,341 / EMEA (1) 691
    # ... 2,239"; "(1)" is EMEA's footnote, and the blocks after it ("Change in deferred
    # revenues:", "Segment net revenues:") are other tables
    pages = _financebench_pages(corpus, "ACTIVISIONBLIZZARD_2019_10K.pdf")
    tables = read_geography_tables(pages, DocumentContext(2019, whole_year=True))
    assert [(t.period.year, [line.value for line in t.lines], t.total) for t in tables] == [
        (2019, [Decimal(3341000000), Decimal(2239000000), Decimal(909000000)], Decimal(6489000000)),
        (
            2018,
            [Decimal(3880000000), Decimal(2618000000), Decimal(1002000000)],
            Decimal(7500000000),
        ),
        (2017, [Decimal(3607000000), Decimal(2464000000), Decimal(946000000)], Decimal(7017000000)),
    ]
    assert [line.place.name for line in tables[0].lines] == ["Americas", "EMEA", "Asia Pacific"]
    assert all(t.adds_up() and t.currency == "USD" for t in tables)
