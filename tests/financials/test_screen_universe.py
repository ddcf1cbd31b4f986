"""Screen filters: an industry is a literal substring, whatever characters it holds."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection

from filings.financials.queries import screen_universe
from tests.factories import add_company

INDUSTRIES = [
    "Electronic Computers",
    "100% Renewable_Energy",
    "Banks\\Savings [state]",
    "Semiconductors & Related Devices",
    "Retail_Stores 50%",
]


def _companies(connection: Connection) -> dict[int, str]:
    return {
        add_company(connection, f"co-{i}", f"Company {i}", industry=industry): industry
        for i, industry in enumerate(INDUSTRIES)
    }


def test_wildcards_match_only_themselves(connection: Connection) -> None:
    by_pk = _companies(connection)

    def industries(text: str) -> set[str]:
        return {by_pk[pk] for pk in screen_universe(connection, industry=text) if pk in by_pk}

    assert industries("%") == {"100% Renewable_Energy", "Retail_Stores 50%"}
    assert industries("_") == {"100% Renewable_Energy", "Retail_Stores 50%"}
    assert industries("0%") == {"100% Renewable_Energy", "Retail_Stores 50%"}
    assert industries("computers") == {"Electronic Computers"}
    assert industries("\\") == {"Banks\\Savings [state]"}
    assert industries("%%") == set()


def test_any_string_is_a_literal_case_insensitive_substring(connection: Connection) -> None:
    by_pk = _companies(connection)

    @settings(max_examples=150)
    @given(text=st.text(alphabet=string.printable.strip() + " ", min_size=1, max_size=8))
    def literal_substring(text: str) -> None:
        found = {pk for pk in screen_universe(connection, industry=text) if pk in by_pk}
        expected = {pk for pk, industry in by_pk.items() if text.lower() in industry.lower()}
        assert found == expected

    literal_substring()
