"""Fiscal-year and period labelling."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filings.core.periods import fiscal_year_of, period_label, quarter_label


def test_examples_from_decisions() -> None:
    assert fiscal_year_of(date(2024, 9, 28)) == 2024  # Apple FY2024
    assert fiscal_year_of(date(2025, 1, 26)) == 2025  # NVIDIA FY2025
    assert fiscal_year_of(date(2023, 1, 1)) == 2022  # a 52/53-week year just past December
    assert fiscal_year_of(date(2023, 1, 7)) == 2022
    assert fiscal_year_of(date(2023, 1, 8)) == 2023
    assert period_label(2024, None) == "FY2024"
    assert period_label(2025, 3) == "Q3/2025"


@given(st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31)))
def test_fiscal_year_is_the_end_year_or_the_one_before(end: date) -> None:
    year = fiscal_year_of(end)
    assert year in (end.year, end.year - 1)
    assert (year == end.year - 1) == (end - timedelta(days=7) < date(end.year, 1, 1))


@pytest.mark.parametrize("quarter", [0, 5])
def test_quarter_out_of_range(quarter: int) -> None:
    with pytest.raises(ValueError):
        quarter_label(2024, quarter)
