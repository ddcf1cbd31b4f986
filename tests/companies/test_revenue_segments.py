"""Revenue by product line and by segment, as 10-Ks tag it: the profile's products section.

Values are read in each 10-K (millions of dollars): Apple FY2024 Note 2 (net sales by category),
NVIDIA FY2025 Note 17 (revenue by specialized markets), Tesla 2024 Note 2 and Note 17 (revenues
by source and by segment), Walmart FY2025 Note 13, Coca-Cola 2024 Note 3 and Note 19.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from filings.companies.revenue_segments import printed_name, read_segments

API = "/api/v1/data/companies"
PRODUCTS, SEGMENTS = "srt:ProductOrServiceAxis", "us-gaap:StatementBusinessSegmentsAxis"
REVENUE = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"


def _fact(
    member: str,
    value: int,
    axis: str = PRODUCTS,
    concept: str = REVENUE,
    also: tuple[str, str] | None = None,
) -> Any:
    return SimpleNamespace(
        concept=concept,
        period_start=date(2024, 1, 1),
        period_end=date(2024, 12, 31),
        value=str(value * 10**6),
        decimals="-6",
        dimensions=[[axis, member]] if also is None else [list(also), [axis, member]],
        accession_number="0000000000-25-000001",
    )


def _read(facts: list[Any], total: int | None, text: str = "") -> list[dict[str, Any]]:
    totals = {} if total is None else {2024: Decimal(total * 10**6)}
    return read_segments(facts, {date(2024, 12, 31): 2024}, totals, lambda _: text)


def _lines(record: dict[str, Any]) -> list[tuple[str, int, str | None]]:
    return [
        (line["name"], int(Decimal(line["revenue"]) / 10**6), line["part_of"])
        for line in record["lines"]
    ]


def test_groups_are_shown_over_their_parts() -> None:
    # Apple's axis tags Products (iPhone + Mac + iPad + Wearables) beside its parts
    facts = [
        _fact("us-gaap:ProductMember", 294866),
        _fact("us-gaap:ServiceMember", 96169),
        _fact("aapl:IPhoneMember", 201183),
        _fact("aapl:MacMember", 29984),
        _fact("aapl:IPadMember", 26694),
        _fact("aapl:WearablesHomeandAccessoriesMember", 37005),
    ]
    text = "iPhone net sales ... Wearables, Home and Accessories ... Mac ... iPad ... Services"
    [record] = _read(facts, 391035, text)
    assert record["adds_up"] is True and record["axis"] == "products"
    assert _lines(record) == [
        ("Products", 294866, None),
        ("Services", 96169, None),
        ("iPhone", 201183, "Products"),
        ("Mac", 29984, "Products"),
        ("iPad", 26694, "Products"),
        ("Wearables, Home and Accessories", 37005, "Products"),
    ]


def test_a_group_overlapping_another_is_left_out_and_a_group_precedes_its_parts() -> None:
    # Tesla's: automotive revenues and energy over their sales and leasing, and "sales and
    # services" across both
    facts = [
        _fact("tsla:AutomotiveSalesMember", 72480),
        _fact("tsla:AutomotiveRegulatoryCreditsMember", 2763),
        _fact("tsla:AutomotiveLeasingMember", 1827),
        _fact("tsla:AutomotiveRevenuesMember", 77070),
        _fact("tsla:EnergyGenerationAndStorageMember", 10086),
        _fact("tsla:ServicesAndOtherMember", 10534),
        _fact("tsla:EnergyGenerationAndStorageSalesMember", 9564),
        _fact("tsla:SalesAndServicesMember", 95341),
        _fact("tsla:EnergyGenerationAndStorageLeasingMember", 522),
    ]
    [record] = _read(facts, 97690)
    lines = _lines(record)
    assert "Sales and Services" not in [name for name, _, _ in lines]
    assert lines[:4] == [
        ("Automotive Revenues", 77070, None),
        ("Automotive Sales", 72480, "Automotive Revenues"),
        ("Automotive Regulatory Credits", 2763, "Automotive Revenues"),
        ("Automotive Leasing", 1827, "Automotive Revenues"),
    ]
    parts = sum(value for _, value, group in lines if group is None)
    assert parts == 97690 and record["adds_up"] is True


def test_lines_that_do_not_add_up_say_so_and_groups_that_cannot_be_told_are_left_out() -> None:
    walmart = [
        _fact("wmt:WalmartUSMember", 462415, SEGMENTS),
        _fact("wmt:WalmartInternationalMember", 121885, SEGMENTS),
        _fact("wmt:SamsClubUSMember", 90238, SEGMENTS),
    ]
    [record] = _read(walmart, 680985, "Walmart U.S. ... Sam's Club U.S. ... Walmart International")
    assert record["adds_up"] is False  # membership and other income is no segment's revenue
    assert [name for name, _, _ in _lines(record)] == [
        "Walmart U.S.",
        "Walmart International",
        "Sam's Club U.S.",
    ]
    # a member that is the sum of two others, and nothing adds up to the revenue: which are
    # groups cannot be told
    unsure = [_fact("x:AMember", 30), _fact("x:BMember", 10), _fact("x:CMember", 20)]
    assert _read(unsure, 100) == []
    # two sets alike in size add up: unsure too
    assert _read([_fact("x:AMember", 5), _fact("x:BMember", 5), _fact("x:CMember", 5)], 10) == []
    # without the year's revenue nothing can be told
    assert _read(walmart, None) == []


def test_segments_that_are_places_are_left_to_geography() -> None:
    facts = [
        _fact("aapl:AmericasSegmentMember", 167045, SEGMENTS),
        _fact("aapl:EuropeSegmentMember", 101328, SEGMENTS),
        _fact("aapl:GreaterChinaSegmentMember", 66952, SEGMENTS),
        _fact("aapl:JapanSegmentMember", 25052, SEGMENTS),
        _fact("aapl:RestOfAsiaPacificSegmentMember", 30658, SEGMENTS),
    ]
    assert _read(facts, 391035) == []


def test_a_concept_that_adds_up_is_taken_over_one_that_does_not() -> None:
    gross = "ko:RevenueForReportableSegments"
    facts = [
        _fact("x:AMember", 70, SEGMENTS, gross),
        _fact("x:BMember", 40, SEGMENTS, gross),
        _fact("x:AMember", 60, SEGMENTS),
        _fact("x:BMember", 40, SEGMENTS),
    ]
    [record] = _read(facts, 100)
    assert [value for _, value, _ in _lines(record)] == [60, 40] and record["adds_up"]


OPERATING_SEGMENTS = ("srt:ConsolidationItemsAxis", "us-gaap:OperatingSegmentsMember")
MINIMUM = ("srt:RangeAxis", "srt:MinimumMember")


def test_a_segments_own_revenue_is_read_where_the_segment_axis_stands_with_it() -> None:
    # NVIDIA FY2025 Note 16 tags each segment's revenue with the operating segments beside it
    facts = [
        _fact("nvda:ComputeAndNetworkingSegmentMember", 116193, SEGMENTS, also=OPERATING_SEGMENTS),
        _fact("nvda:GraphicsSegmentMember", 14304, SEGMENTS, also=OPERATING_SEGMENTS),
        # another qualifier is another figure: not a segment's revenue
        _fact(
            "nvda:GraphicsSegmentMember", 99, SEGMENTS, also=("srt:RangeAxis", "srt:MinimumMember")
        ),
    ]
    [record] = _read(facts, 130497, "The Compute & Networking segment ... Graphics")
    assert _lines(record) == [("Compute & Networking", 116193, None), ("Graphics", 14304, None)]
    assert record["adds_up"]
    # where the axis stands alone too, that fact is the segment's (before the qualified one)
    alone = [
        _fact("x:AMember", 70, SEGMENTS, also=OPERATING_SEGMENTS),
        _fact("x:BMember", 30, SEGMENTS, also=OPERATING_SEGMENTS),
        _fact("x:AMember", 60, SEGMENTS),
        _fact("x:BMember", 40, SEGMENTS),
    ]
    [record] = _read(alone, 100)
    assert [value for _, value, _ in _lines(record)] == [60, 40]


@pytest.mark.parametrize(
    ("member", "text", "name"),
    [
        ("aapl:IPhoneMember", "the iPhone line; iPhone net sales", "iPhone"),
        ("ko:A.PacificMember", "Asia Pacific 5,546; asia pacific", "Asia Pacific"),
        ("wmt:SamsClubUSMember", "Sam's Club U.S. segment", "Sam's Club U.S."),
        (
            "ko:EuropeMiddleEastAfricaMember",
            "Europe, Middle East & Africa",
            "Europe, Middle East & Africa",
        ),
        # a heading in capitals is no name; the member's words are
        ("us-gaap:ProductMember", "NET SALES OF PRODUCTS ... product sales", "Products"),
        ("nvda:OEMAndOtherMember", "nothing printed", "OEM and Other"),
        (
            "nvda:ComputeAndNetworkingMember",
            "the Compute & Networking segment",
            "Compute & Networking",
        ),
        ("us-gaap:AllOtherSegmentsMember", "", "All other segments"),
    ],
)
def test_a_members_name_as_the_filing_prints_it(member: str, text: str, name: str) -> None:
    assert printed_name(member, text) == name


def _breakdowns(client: TestClient, ticker: str) -> dict[str, dict[str, Any]]:
    response = client.get(f"{API}/{ticker}/profile")
    assert response.status_code == 200
    section = response.json()["products_services"]
    assert section["reason"] is None
    return {b["axis"]: b for b in section.get("breakdowns", [])}


def _millions(breakdown: dict[str, Any]) -> dict[str, tuple[int, str | None]]:
    return {
        line["name"]: (int(Decimal(line["revenue"]) / 10**6), line.get("part_of"))
        for line in breakdown["lines"]
    }


def test_apples_net_sales_by_category(sec_client: TestClient) -> None:
    found = _breakdowns(sec_client, "AAPL")
    assert set(found) == {"products"}  # its segments are places: revenue geography's
    products = found["products"]
    assert (products["year"], products["currency"], products["adds_up"]) == (2024, "USD", True)
    assert products["total"] == "391035000000"
    assert _millions(products) == {
        "Products": (294866, None),
        "Services": (96169, None),
        "iPhone": (201183, "Products"),
        "Mac": (29984, "Products"),
        "iPad": (26694, "Products"),
        "Wearables, Home and Accessories": (37005, "Products"),
    }
    iphone = next(line for line in products["lines"] if line["name"] == "iPhone")
    assert iphone["share"] == "51.45"  # 201,183 of 391,035
    assert products["page_id"] == "0000320193-24-000123"


def test_nvidia_tesla_walmart_and_coca_cola(sec_client: TestClient) -> None:
    nvidia = _millions(_breakdowns(sec_client, "NVDA")["products"])
    assert nvidia["Data Center"] == (115186, None)
    assert nvidia["Compute"] == (102196, "Data Center")
    assert (nvidia["Gaming"], nvidia["Automotive"]) == ((11350, None), (1694, None))
    # its two segments (Note 16, p78: "Compute & Networking $116,193; Graphics $14,304")
    segments = _breakdowns(sec_client, "NVDA")["segments"]
    assert _millions(segments) == {
        "Compute & Networking": (116193, None),
        "Graphics": (14304, None),
    }
    assert segments["adds_up"] is True
    tesla = _breakdowns(sec_client, "TSLA")
    assert _millions(tesla["segments"]) == {
        "Automotive": (87604, None),
        "Energy Generation and Storage": (10086, None),
    }
    products = _millions(tesla["products"])
    assert products["Automotive regulatory credits"] == (2763, "Automotive Revenues")
    assert products["Services and other"] == (10534, None)
    walmart = _breakdowns(sec_client, "WMT")["segments"]
    assert walmart["adds_up"] is False and walmart["year"] == 2025
    assert _millions(walmart)["Sam's Club U.S."] == (90238, None)
    coca_cola = _millions(_breakdowns(sec_client, "KO")["segments"])
    assert coca_cola["Asia Pacific"] == (5546, None)
    assert coca_cola["Global Ventures"] == (3129, None)
