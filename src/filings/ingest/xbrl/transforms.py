"""Inline XBRL transformation rules (ixt and ixt-sec) that turn displayed text into values."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from filings.core.errors import MalformedInput

_WORDS = {
    "zero": 0,
    "no": 0,
    "none": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}


def _decimal(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation as exc:
        raise MalformedInput(f"not a number: {text!r}") from exc


def number_words(text: str) -> Decimal:
    """English number words (`ixt-sec:numwordsen`): `three` -> 3, `no` -> 0."""
    total, current = 0, 0
    for word in re.split(r"[\s\-]+", text.strip().lower().replace(" and ", " ")):
        if not word:
            continue
        if word in _WORDS:
            current += _WORDS[word]
        elif word == "hundred":
            current *= 100
        elif word in _SCALES:
            total += current * _SCALES[word]
            current = 0
        else:
            raise MalformedInput(f"not number words: {text!r}")
    return Decimal(total + current)


def numeric_value(text: str, rule: str | None) -> Decimal:
    """The number a displayed text stands for under a transformation rule (local name)."""
    stripped = text.strip()
    if rule in (None, "num-dot-decimal", "numdotdecimal", "num-dot-decimal-apos"):
        return _decimal(re.sub(r"[,\s'\u00a0]", "", stripped) or "0")
    if rule in ("fixed-zero", "zerodash", "fixed-empty"):
        return Decimal(0)
    if rule in ("num-comma-decimal", "numcommadecimal"):
        return _decimal(re.sub(r"[.\s\u00a0]", "", stripped).replace(",", "."))
    if rule in ("numwordsen", "num-word-en"):
        return number_words(stripped)
    raise MalformedInput(f"unsupported numeric transformation {rule!r}")
