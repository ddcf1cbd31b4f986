"""The inline XBRL reader, verified against EDGAR's own extracted instance and filed values."""

from __future__ import annotations

import zipfile
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.inline import read_inline
from filings.ingest.xbrl.instance import read_instance
from filings.ingest.xbrl.model import XbrlFact
from filings.ingest.xbrl.text_transforms import text_value
from filings.ingest.xbrl.transforms import number_words, numeric_value

APPLE_10Q = "sec/www.sec.gov/Archives/edgar/data/320193/000032019325000057"
APPLE_10K = "sec/www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm"


@pytest.fixture(scope="module")
def apple_10q(corpus: Path) -> tuple[list[XbrlFact], list[XbrlFact]]:
    folder = corpus / APPLE_10Q
    inline = zipfile.ZipFile(folder / "0000320193-25-000057-xbrl.zip").read("aapl-20250329.htm")
    return read_inline(inline), read_instance((folder / "aapl-20250329_htm.xml").read_bytes())


def test_numeric_facts_match_edgars_instance_exactly(
    apple_10q: tuple[list[XbrlFact], list[XbrlFact]],
) -> None:
    inline, instance = apple_10q
    assert len(inline) == len(instance) == 760

    def numeric(facts: list[XbrlFact]) -> set[tuple[object, ...]]:
        return {(f.concept, f.context, f.unit, f.decimals, f.value) for f in facts if f.is_numeric}

    assert numeric(inline) == numeric(instance)
    assert len(numeric(inline)) == 614


def test_non_numeric_facts_match_and_dei_values_are_equal(
    apple_10q: tuple[list[XbrlFact], list[XbrlFact]],
) -> None:
    inline, instance = apple_10q
    keys = lambda facts: {(f.concept, f.context.id) for f in facts if not f.is_numeric}  # noqa: E731
    assert keys(inline) == keys(instance)
    dei = lambda facts: {(f.name, f.value) for f in facts if f.prefix == "dei"}  # noqa: E731
    assert dei(inline) == dei(instance)
    assert ("dei:DocumentPeriodEndDate", "2025-03-29") in dei(inline)  # from "March 29, 2025"
    assert ("dei:EntityAddressStateOrProvince", "CA") in dei(inline)  # from "California"


def test_quarterly_revenue_of_the_10q(apple_10q: tuple[list[XbrlFact], list[XbrlFact]]) -> None:
    inline, _ = apple_10q
    revenue = {
        f.value
        for f in inline
        if f.name == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
        and not f.context.dimensions
        and f.context.start == date(2024, 12, 29)
        and f.context.end == date(2025, 3, 29)
    }
    assert revenue == {Decimal("95359000000")}


def test_revenue_by_geography_on_explicit_dimensions(corpus: Path) -> None:
    facts = read_inline((corpus / APPLE_10K).read_bytes())
    by_member = {
        f.context.dimensions[0][1]: f.value
        for f in facts
        if f.name == "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
        and f.context.dimensions
        and f.context.dimensions[0][0] == "srt:StatementGeographicalAxis"
        and f.context.end == date(2024, 9, 28)
    }
    assert by_member == {
        "country:US": Decimal("142196000000"),
        "country:CN": Decimal("66952000000"),
        "aapl:OtherCountriesMember": Decimal("181887000000"),
    }
    assert sum(by_member.values()) == Decimal("391035000000")


def test_negative_and_scaled_values(corpus: Path) -> None:
    facts = read_inline((corpus / APPLE_10K).read_bytes())
    other_income = [
        f
        for f in facts
        if f.name == "us-gaap:NonoperatingIncomeExpense" and not f.context.dimensions
    ]
    assert {f.value for f in other_income} >= {Decimal("269000000"), Decimal("-565000000")}


def test_a_typed_dimension_is_a_dimension(corpus: Path) -> None:
    # "the Company expects 64 % of total deferred revenue to be realized in less than a year,
    # 25 % within one-to-two years, 9 % within two-to-three years and 2 % in greater than three"
    facts = read_inline((corpus / APPLE_10K).read_bytes())
    shares = {
        f.context.dimensions: f.value
        for f in facts
        if f.name == "us-gaap:RevenueRemainingPerformanceObligationPercentage"
    }
    axis = "us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis"
    assert shares == {
        ((axis, "2024-09-29"),): Decimal("0.64"),
        ((axis, "2025-09-28"),): Decimal("0.25"),
        ((axis, "2026-09-27"),): Decimal("0.09"),
        ((axis, "2027-09-26"),): Decimal("0.02"),
    }  # none of them a company-wide total


def test_html_that_is_not_xml_is_malformed(corpus: Path) -> None:
    exhibit = corpus / "sec-unindexed/BKE/8-K_2024-11-22/bke20241122-8kexhibit.htm"
    with pytest.raises(MalformedInput):
        read_inline(exhibit.read_bytes())


@pytest.mark.parametrize(
    ("text", "rule", "value"),
    [
        ("1,234.5", "num-dot-decimal", Decimal("1234.5")),
        ("—", "fixed-zero", Decimal(0)),
        ("1.234,5", "num-comma-decimal", Decimal("1234.5")),
        ("three", "numwordsen", Decimal(3)),
        ("no", "numwordsen", Decimal(0)),
        ("twenty-five thousand", "numwordsen", Decimal(25000)),
    ],
)
def test_numeric_transforms(text: str, rule: str, value: Decimal) -> None:
    assert numeric_value(text, rule) == value


@pytest.mark.parametrize(
    ("text", "rule", "value"),
    [
        ("September 28, 2024", "date-monthname-day-year-en", "2024-09-28"),
        ("☒", "boolballotbox", "true"),
        ("☐", "boolballotbox", "false"),
        ("30-year", "durwordsen", "P30Y"),
        ("three\u2011year", "durwordsen", "P3Y"),  # a non-breaking hyphen (Meta's 10-K)
        ("five years", "durwordsen", "P5Y"),
        ("New York Stock Exchange", "exchnameen", "NYSE"),
    ],
)
def test_text_transforms(text: str, rule: str, value: str) -> None:
    assert text_value(text, rule) == value


@given(st.integers(min_value=0, max_value=999_999))
def test_number_words_round_trip(n: int) -> None:
    ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    words = " ".join(ones[int(d)] for d in str(n))  # digit words add up, not concatenate
    assert number_words(words) == sum(int(d) for d in str(n))


def test_a_text_fact_its_format_cannot_read_is_left_out_not_the_document() -> None:
    document = b"""<html xmlns="http://www.w3.org/1999/xhtml"
      xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance"
      xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:ixt-sec="http://www.sec.gov/inlineXBRL/transformation/2015-08-31"
      xmlns:iso4217="http://www.xbrl.org/2003/iso4217"><body>
      <ix:header><ix:resources>
        <xbrli:context id="c"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">1</xbrli:identifier></xbrli:entity>
          <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
        <xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
      </ix:resources></ix:header>
      <ix:nonNumeric name="us-gaap:Period" contextRef="c"
        format="ixt-sec:durwordsen">over time</ix:nonNumeric>
      <ix:nonFraction name="us-gaap:Revenues" contextRef="c" unitRef="usd" decimals="-6" scale="6"
        format="ixt:num-dot-decimal">1,234</ix:nonFraction>
    </body></html>"""
    facts = read_inline(document)
    assert [(f.name, f.value) for f in facts] == [("us-gaap:Revenues", Decimal(1234000000))]
