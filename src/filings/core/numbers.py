"""Exact numbers: money and quantities are `Decimal` inside and plain JSON numbers outside."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from typing import Annotated

from pydantic import PlainSerializer, WithJsonSchema


def to_json_number(value: Decimal) -> int | float:
    """A Decimal as the shortest JSON number that reads back to the same value."""
    if value == value.to_integral_value():
        return int(value)
    # float's repr is the shortest text that reads back to the same double: 6.08 stays 6.08.
    return float(value)


def round_percent(value: Decimal) -> Decimal:
    """A percentage rounded to two decimals, half to even."""
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)


JsonDecimal = Annotated[
    Decimal,
    PlainSerializer(to_json_number, return_type=int | float, when_used="json"),
    WithJsonSchema({"type": "number"}),
]


def rounding_unit(value: Decimal) -> Decimal:
    """The unit of the last significant digit of a reported amount (millions for 142196000000;
    1 for an amount with decimals)."""
    digits = value.normalize().as_tuple()
    return Decimal(1).scaleb(max(int(digits.exponent), 0))
