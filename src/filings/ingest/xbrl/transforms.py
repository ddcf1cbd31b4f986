"""Inline XBRL transformation rules (ixt and ixt-sec) that turn displayed text into values.

The numeric rules of the XBRL International registries are checked against their patterns, so
a text a rule does not describe is refused instead of guessed: `1.234,5` is not a
`num-dot-decimal` number. Registry 1 (2010: `numcommadot`, `numdotcomma`, `numspacedot`,
`numspacecomma`, `numcomma`, `numdash`), registries 2 and 3 (`numdotdecimal`,
`numcommadecimal`, `numunitdecimal`, `zerodash`), registries 4 and 5 (`num-dot-decimal`,
`num-comma-decimal`, `num-unit-decimal`, `fixed-zero`, and the `-apos` forms of 5) and the
SEC's `numwordsen`. Rules are known by local name; the names do not collide across registries.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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

_WS = r"[ \t\n\r]*"
# registry 5's thousands separators in Swiss-style numbers: ' ` acute, right quote, prime
_APOSTROPHES = "'`\u00b4\u2019\u2032"
# Each numeric rule: the pattern the displayed text must match, the characters it drops, and
# the character it reads as the decimal point.
_Rule = tuple[re.Pattern[str], str, str]
_RULES: dict[str, _Rule] = {
    # registries 2 and 3
    "numdotdecimal": (
        re.compile(rf"^{_WS}[0-9]{{1,3}}([, \xa0]?[0-9]{{3}})*(\.[0-9]+)?{_WS}$"),
        ", \xa0",
        ".",
    ),
    "numcommadecimal": (
        re.compile(rf"^{_WS}[0-9]{{1,3}}([. \xa0]?[0-9]{{3}})*(,[0-9]+)?{_WS}$"),
        ". \xa0",
        ",",
    ),
    # registries 4 and 5
    "num-dot-decimal": (
        re.compile(rf"^{_WS}[, \xa00-9]*(\.[ \xa00-9]+)?{_WS}$"),
        ", \xa0",
        ".",
    ),
    "num-comma-decimal": (
        re.compile(rf"^{_WS}[. \xa00-9]*(,[ \xa00-9]+)?{_WS}$"),
        ". \xa0",
        ",",
    ),
    "num-dot-decimal-apos": (
        re.compile(rf"^{_WS}[,{_APOSTROPHES} \xa00-9]*(\.[ \xa00-9]+)?{_WS}$"),
        f", \xa0{_APOSTROPHES}",
        ".",
    ),
    "num-comma-decimal-apos": (
        re.compile(rf"^{_WS}[.{_APOSTROPHES} \xa00-9]*(,[ \xa00-9]+)?{_WS}$"),
        f". \xa0{_APOSTROPHES}",
        ",",
    ),
    # registry 1 (2010)
    "numcommadot": (re.compile(rf"^{_WS}[0-9]{{1,3}}(,[0-9]{{3}})*(\.[0-9]+)?{_WS}$"), ",", "."),
    "numdotcomma": (re.compile(rf"^{_WS}[0-9]{{1,3}}(\.[0-9]{{3}})*(,[0-9]+)?{_WS}$"), ".", ","),
    "numspacedot": (
        re.compile(rf"^{_WS}[0-9]{{1,3}}([ \xa0][0-9]{{3}})*(\.[0-9]+)?{_WS}$"),
        " \xa0",
        ".",
    ),
    "numspacecomma": (
        re.compile(rf"^{_WS}[0-9]{{1,3}}([ \xa0][0-9]{{3}})*(,[0-9]+)?{_WS}$"),
        " \xa0",
        ",",
    ),
    "numcomma": (re.compile(rf"^{_WS}[0-9]+(,[0-9]+)?{_WS}$"), "", ","),
}
_ALIASES = {"numdotdecimalin": "numdotdecimal"}  # Indian grouping: the same digits, dot decimal
_ZERO_DASH = re.compile(rf"^{_WS}[-\u058a\u05be\u2010-\u2015\ufe58\ufe63\uff0d]{_WS}$")
_UNIT_DECIMAL = re.compile(r"^([0-9.,\uff0c\uff0e]+)[^0-9.,\uff0c\uff0e]+([0-9]{1,2})[^0-9]*$")
_DECIMAL_TEXT = re.compile(r"^[0-9]+(\.[0-9]+)?$|^\.[0-9]+$")


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


def _by_pattern(text: str, name: str) -> Decimal:
    pattern, dropped, point = _RULES[name]
    if not pattern.match(text):
        raise MalformedInput(f"{text.strip()!r} is not a {name} number")
    kept = "".join(ch for ch in text.strip(" \t\n\r") if ch not in dropped)
    canonical = kept.replace(point, ".") if point != "." else kept
    if not _DECIMAL_TEXT.match(canonical):
        raise MalformedInput(f"{text.strip()!r} is not a {name} number")
    return _decimal(canonical)


def _zero_dash(text: str) -> Decimal:
    if not _ZERO_DASH.match(text):
        raise MalformedInput(f"{text.strip()!r} is not a dash for zero")
    return Decimal(0)


def _unit_decimal(text: str) -> Decimal:
    """`num-unit-decimal`: whole units, a unit word, then the hundredths (`5 euro 30`)."""
    match = _UNIT_DECIMAL.match(text.strip())
    if match is None:
        raise MalformedInput(f"{text.strip()!r} is not a num-unit-decimal number")
    whole = re.sub(r"[.,\uff0c\uff0e]", "", match.group(1))
    return _decimal(f"{whole or '0'}.{match.group(2).zfill(2)}")


_SPECIAL: dict[str, Callable[[str], Decimal]] = {
    "fixed-zero": lambda _: Decimal(0),
    "fixed-empty": lambda _: Decimal(0),
    "zerodash": _zero_dash,
    "numdash": _zero_dash,
    "numunitdecimal": _unit_decimal,
    "num-unit-decimal": _unit_decimal,
    "numwordsen": number_words,
    "num-word-en": number_words,
}


_TR = "http://www.xbrl.org/inlineXBRL/transformation/"
_TR2 = frozenset({"numdotdecimal", "numcommadecimal", "numunitdecimal", "zerodash"})
_TR4 = frozenset(
    {"num-dot-decimal", "num-comma-decimal", "num-unit-decimal", "fixed-zero", "numdotdecimalin"}
)
# The numeric rules each registry defines, by the registry's namespace.
NUMERIC_RULES: dict[str, frozenset[str]] = {
    f"{_TR}2010-04-20": frozenset(
        {"numcommadot", "numdotcomma", "numspacedot", "numspacecomma", "numcomma", "numdash"}
    ),
    f"{_TR}2011-07-31": _TR2,
    f"{_TR}2015-02-26": _TR2 | {"numdotdecimalin"},
    f"{_TR}2020-02-12": _TR4,
    f"{_TR}2022-02-16": _TR4 | {"num-dot-decimal-apos", "num-comma-decimal-apos"},
    "http://www.sec.gov/inlineXBRL/transformation/2015-08-31": frozenset({"numwordsen"}),
}


def registry_rule(namespace: str, local: str) -> str:
    """The numeric rule `local` of the registry named by `namespace`; MalformedInput when that
    registry has no such rule (`num-dot-decimal` is registry 4's name, `numdotdecimal` 2's)."""
    if local not in NUMERIC_RULES.get(namespace, frozenset()):
        raise MalformedInput(f"no numeric transformation {local!r} in registry {namespace!r}")
    return local


def numeric_value(text: str, rule: str | None) -> Decimal:
    """The number a displayed text stands for under a transformation rule (local name); no
    rule reads plain digits with an optional point. MalformedInput when the text does not
    match the rule, or the rule is not one of the registries'."""
    if rule is None:
        return _by_pattern(text, "num-dot-decimal")
    name = _ALIASES.get(rule, rule)
    if name in _RULES:
        return _by_pattern(text, name)
    if name in _SPECIAL:
        return _SPECIAL[name](text)
    raise MalformedInput(f"unsupported numeric transformation {rule!r}")
