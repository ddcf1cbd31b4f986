"""Exact numbers in, plain JSON numbers out."""

from __future__ import annotations

import json
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from filings.core.numbers import JsonDecimal, round_percent, to_json_number


class Holder(BaseModel):
    value: JsonDecimal


def test_filed_values_serialize_without_float_artefacts() -> None:
    assert Holder(value=Decimal("6.08")).model_dump_json() == '{"value":6.08}'
    assert Holder(value=Decimal("391035000000")).model_dump_json() == '{"value":391035000000}'
    assert Holder(value=Decimal("-0.5")).model_dump_json() == '{"value":-0.5}'


@given(
    st.decimals(
        allow_nan=False, allow_infinity=False, places=2, min_value=-(10**12), max_value=10**12
    )
)
def test_two_decimal_values_read_back_exactly(value: Decimal) -> None:
    assert Decimal(json.dumps(to_json_number(value))) == value


def test_round_percent() -> None:
    assert round_percent(Decimal("23.9651")) == Decimal("23.97")
