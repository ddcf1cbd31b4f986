"""Reading figure tables out of report text: the unit and scale, the value slots of a header
(periods, note references, change columns), and the numbers of each row in every Nordic
format: thousands separated by spaces (`44 485`, thin or non-breaking ones too), commas
(`7,442`) or dots in a decimal-comma table (`1.234,5`); decimals after a point or a comma
(`1 001.8`, `13,8`); negatives as `-53`, `−53`, `–53` or `(1,234)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from filings.ingest.nordic.periods import Column, placed_columns, read_columns

__all__ = [
    "Column",
    "Layout",
    "Unit",
    "find_unit",
    "header_layout",
    "read_columns",
    "split_row",
    "to_decimal",
]

_SPACES = str.maketrans({"\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u200a": " "})
_MINUS = "-−–—"


def clean_spaces(text: str) -> str:
    """Thin, narrow and non-breaking spaces as plain spaces (they group thousands)."""
    return text.translate(_SPACES)


@dataclass(frozen=True)
class Unit:
    """A table's currency and scale (MSEK: SEK, 10^6)."""

    currency: str
    exponent: int

    @property
    def rounded(self) -> bool:
        """Whether the unit is billions: a rounded summary, never a statement."""
        return self.exponent >= 9


_CURRENCIES = "SEK|EUR|NOK|DKK|USD|ISK"
_SCALE = {
    "m": 6,
    "m.": 6,
    "mn": 6,
    "mill": 6,
    "million": 6,
    "millions": 6,
    "miljoner": 6,
    "milj.": 6,
    "milj": 6,
    "miljoonaa": 6,
    "k": 3,
    "t": 3,
    "thousand": 3,
    "thousands": 3,
    "tusen": 3,
    "tuhatta": 3,
    "'000": 3,
    "000": 3,
    "1,000": 3,
    "1 000": 3,
    "1000": 3,
    "b": 9,
    "b.": 9,
    "bn": 9,
    "billion": 9,
    "billions": 9,
    "miljarder": 9,
    "mrd": 9,
    "md": 9,
}
_SCALE_WORD = (
    r"million|millions|mill|miljoner|miljoonaa|milj\.?|mn|m\.?|thousands?|tusen|tuhatta|"
    r"'000|1[, ]?000|000|k|t|billions?|miljarder|mrd|bn|b\.?"
)
_UNIT_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # MSEK, TEUR, KSEK, tSEK, MEUR, kEUR
    (re.compile(rf"(?<![A-Za-z])([MTK])({_CURRENCIES})\b", re.I), "prefix"),
    # SEKm, EURm, SEKbn, SEKk
    (re.compile(rf"\b({_CURRENCIES})(m|bn|k|b)\b", re.I), "suffix"),
    # SEK million, EUR '000, SEK b., EUR 1,000, SEK m
    (re.compile(rf"\b({_CURRENCIES}),?\s*({_SCALE_WORD})(?![A-Za-z0-9])", re.I), "after"),
    # million euros, milj. euroa, miljoner kronor, tuhatta euroa, EUR million
    (
        re.compile(
            rf"(?<![A-Za-z])({_SCALE_WORD})\s*(euros?|euroa|eur|kronor|kr|sek|€)(?![A-Za-z])",
            re.I,
        ),
        "before",
    ),
    # Mkr, mkr, Tkr, Mdkr, MNOK-style Swedish
    (re.compile(r"(?<![A-Za-z])(Md|Mn|M|T|m|t)kr\b"), "kr"),
    # M€, €m, €000
    (re.compile(r"(?<![A-Za-z])(M|T|k)€|€\s?(m|bn|k|000)\b"), "euro_sign"),
]


def _currency(text: str) -> str:
    text = text.lower()
    if text in ("euro", "euros", "euroa", "eur", "€"):
        return "EUR"
    if text in ("kronor", "kr"):
        return "SEK"
    return text.upper()


def find_unit(text: str) -> Unit | None:
    """The unit a table header or title states (`MSEK`, `SEK million`, `EUR 1,000`, `milj.
    euroa`, `Mkr`, `SEK b.`), or None."""
    text = clean_spaces(text)
    best: tuple[int, Unit] | None = None
    for pattern, kind in _UNIT_PATTERNS:
        for match in pattern.finditer(text):
            unit = _unit_of(kind, match)
            if unit is not None and (best is None or match.start() < best[0]):
                best = (match.start(), unit)
    return best[1] if best else None


def _unit_of(kind: str, match: re.Match[str]) -> Unit | None:
    if kind == "prefix":
        prefix = match.group(1).upper()
        return Unit(match.group(2).upper(), 6 if prefix == "M" else 3)
    if kind == "suffix":
        return Unit(match.group(1).upper(), _SCALE[match.group(2).lower()])
    if kind == "after":
        scale = _SCALE.get(match.group(2).lower())
        return Unit(match.group(1).upper(), scale) if scale else None
    if kind == "before":
        scale = _SCALE.get(match.group(1).lower())
        if scale is None or match.group(1).lower() in ("m", "m.", "k", "t", "000"):
            return None  # "m euro" is too loose to be a unit
        return Unit(_currency(match.group(2)), scale)
    if kind == "kr":
        return Unit("SEK", {"Md": 9, "Mn": 6, "M": 6, "m": 6, "T": 3, "t": 3}[match.group(1)])
    prefix = (match.group(1) or match.group(2) or "").lower()
    return Unit("EUR", {"m": 6, "bn": 9, "k": 3, "t": 3, "000": 3}.get(prefix, 6))


# --- header slots ---------------------------------------------------------------------------

_CHANGE = re.compile(
    r"(?<![A-Za-z])(?:change|chg\.?|yoy|qoq|growth|organic|förändring|förändr\.?|muutos|"
    r"utveckling|diff(?:erence)?|Δ|\+/-|%)(?![A-Za-z])",
    re.I,
)
_NOTE = re.compile(r"(?<![A-Za-z])(?:note|notes|not|liite|liitetieto)(?![A-Za-z])", re.I)


@dataclass(frozen=True)
class Layout:
    """The value slots of a header, left to right: a period column, a change column to skip
    (None), and whether a note-reference slot comes first."""

    periods: tuple[Column | None, ...]
    slots: tuple[bool, ...]  # True: a period, False: a change column
    note: bool

    @property
    def columns(self) -> list[Column | None]:
        """The period of each period slot (None: a column no figure is kept for)."""
        return list(self.periods)


def header_layout(header: str, fallback_year: int | None = None) -> Layout | None:
    """The slots of a header: its period columns in order, change columns between them where
    the header names them (`Change %`, `YoY`, `Organic %`), and a note column when it names
    one; None when it names no period."""
    text = clean_spaces(header)
    placed = placed_columns(text, fallback_year)
    if not placed:
        return None
    changes = [p for p in _change_positions(text) if p > placed[0][0]]
    events = sorted([(p, True) for p, _ in placed] + [(p, False) for p in changes])
    return Layout(
        tuple(c for _, c in placed),
        tuple(is_period for _, is_period in events),
        bool(_NOTE.search(text)),
    )


def _change_positions(text: str) -> list[int]:
    merged: list[int] = []
    for match in _CHANGE.finditer(text):
        if merged and match.start() - merged[-1] <= 12:
            continue  # "Change %", "YoY change" is one column
        merged.append(match.start())
    return merged


# --- numbers ---------------------------------------------------------------------------------

_ATOM = re.compile(r"^\(?[-−–—]?\d+(?:[.,]\d+)*\)?%?$")
_HEAD = re.compile(r"^\(?[-−–—]?\d{1,3}\)?$")
_HEAD_DECIMAL = re.compile(r"^\(?[-−–—]?\d{1,3}[.,]\d+\)?$")
_TAIL = re.compile(r"^\d{3}(?:[.,]\d+)?\)?$")
_TAIL_PLAIN = re.compile(r"^\d{3}\)?$")
DASHES = {"-", "–", "—", "−", "n/a", "n.a.", "n/m", "nm", "neg.", "neg", "---", "--", "–––", "*"}
_DECIMAL_COMMA = re.compile(
    r"^\(?[-−–—]?\d{1,3}(?:[ .]\d{3})*,\d{1,2}\)?%?$|^\(?[-−–—]?\d+,\d{1,2}\)?%?$"
)
_DECIMAL_POINT = re.compile(
    r"^\(?[-−–—]?\d+\.\d{1,2}\)?%?$|^\(?[-−–—]?\d{1,3}(?:,\d{3})+\.\d+\)?%?$"
)


def is_value_token(token: str) -> bool:
    """Whether a token is a number, a percentage or a dash (no value)."""
    return token in DASHES or bool(_ATOM.match(token))


def decimal_mark(tokens: list[str]) -> str | None:
    """',' or '.' when the tokens show which mark is the decimal one (`13,8`, `1.234,5` or
    `4.07`), else None (`7,442` alone says nothing: thousands or three decimals)."""
    comma = sum(1 for t in tokens if _DECIMAL_COMMA.match(t))
    point = sum(1 for t in tokens if _DECIMAL_POINT.match(t))
    if comma and not point:
        return ","
    if point and not comma:
        return "."
    return None


def to_decimal(text: str, comma_decimal: bool = False) -> Decimal | None:
    """A printed number as a Decimal: signs, parentheses, thousands and the decimal mark."""
    text = text.strip().rstrip("%")
    if not text or text in DASHES:
        return None
    negative = text[0] in _MINUS or (text.startswith("(") and text.endswith(")"))
    digits = text.strip("()").lstrip(_MINUS).replace(" ", "")
    if not comma_decimal and re.fullmatch(r"\d+,\d{1,2}", digits):
        comma_decimal = True  # `13,8`: a thousands group has three digits, so a decimal comma
    digits = digits.replace(".", "").replace(",", ".") if comma_decimal else digits.replace(",", "")
    if digits.count(".") > 1:
        return None
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return None
    return -value if negative else value


MAX_GROUPS = 4  # 999 999 999 999: no table prints more digits in one value


@lru_cache(maxsize=4096)
def _groupings(tokens: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Every way to read value tokens as numbers: an atom alone, or a head of one to three
    digits followed by three-digit groups (`44 485`, `1 001.8`)."""
    if not tokens:
        return ((),)
    out: list[tuple[tuple[str, ...], ...]] = []
    first = tokens[0]
    rest = _groupings(tokens[1:])
    out.extend(((first,), *r) for r in rest)
    if _HEAD.match(first) and not first.endswith(")"):
        for end in range(2, min(len(tokens), MAX_GROUPS) + 1):
            tail = tokens[end - 1]
            if not _TAIL.match(tail):
                break
            if end - 1 > 1 and not _TAIL_PLAIN.match(tokens[end - 2]):
                break  # only the last group may carry decimals or close a parenthesis
            out.extend((tuple(tokens[:end]), *r) for r in _groupings(tokens[end:]))
            if len(out) > 5000:
                break
    return tuple(out)


def _fits(groups: tuple[tuple[str, ...], ...], slots: list[bool]) -> bool:
    for group, is_period in zip(groups, slots, strict=True):
        if len(group) > 1 and not is_period:
            return False
        if is_period and group[-1].endswith("%"):
            return False
    return True


def _spread(groups: tuple[tuple[str, ...], ...], slots: list[bool]) -> int:
    sizes = [
        sum(len(t.strip("()").lstrip(_MINUS).split(".")[0].split(",")[0]) for t in g)
        for g, is_period in zip(groups, slots, strict=True)
        if is_period and g[0] not in DASHES
    ]
    return max(sizes) - min(sizes) if sizes else 0


def _join(group: tuple[str, ...]) -> str:
    return " ".join(group)


def split_values(tokens: list[str], layout: Layout | None, periods: int) -> list[str | None] | None:
    """The printed value of each period slot (None for a dash), or None when the tokens
    cannot be read as this layout's values."""
    slot_options: list[tuple[bool, list[bool], bool]] = []
    base = list(layout.slots) if layout else [True] * periods
    notes = (True, False) if layout and layout.note else (False, True)
    for note in notes:
        slot_options.append((note, base, False))
        if False in base:
            slot_options.append((note, [s for s in base if s], False))
        slot_options.append((note, [s for s in base if s], True))
    best: tuple[int, list[str | None]] | None = None
    for note, slots, drop_percent in slot_options:
        wanted = len(slots) + (1 if note else 0)
        atomic = tuple(t for t in tokens if not (drop_percent and t.endswith("%")))
        for groups in _groupings(atomic):
            if len(groups) != wanted:
                continue
            body = groups[1:] if note else groups
            if note and not re.match(r"^\d{1,2}$", groups[0][0]) and groups[0][0] not in DASHES:
                continue
            if not _fits(body, slots):
                continue
            spread = _spread(body, slots)
            values = [
                None if g[0] in DASHES else _join(g)
                for g, is_period in zip(body, slots, strict=True)
                if is_period
            ]
            if best is None or spread < best[0]:
                best = (spread, values)
        if best is not None:
            return best[1]
    return None


@dataclass(frozen=True)
class Row:
    """A table line: its label and the printed value of each period slot."""

    label: str
    values: list[str | None]


_NOTE_REFS = re.compile(r"(?:\s+\d{1,2}(?:\.\d{1,2})*,)+$")


def line_tokens(line: str) -> tuple[str, list[str]]:
    """(label, trailing value tokens) of a printed line; note references written with commas
    (`7, 8, 9`) are dropped from the label's end."""
    tokens = clean_spaces(line).split()
    tail: list[str] = []
    while tokens and is_value_token(tokens[-1]):
        tail.insert(0, tokens.pop())
    label = " ".join(tokens)
    refs = _NOTE_REFS.search(label)
    if refs is not None:  # "7, 8, 9, 10, 11 2,059 1,902": the last reference opens the tail
        label = label[: refs.start()].strip()
        if len(tail) > 1 and re.match(r"^\d{1,2}$", tail[0]):
            tail.pop(0)
    return label, tail


def split_row(
    line: str, layout: Layout | None, periods: int, cells: list[str] | None = None
) -> Row | None:
    """A table line's label and one printed value per period slot, or None when the line is
    not such a row. `cells` are the values of a table whose columns are known (a release's
    pipe or text table): one cell per slot, never regrouped."""
    if cells is not None:
        printed = [None if c.strip() in DASHES or not c.strip() else c.strip() for c in cells]
        return Row(line, printed) if len(printed) == periods else None
    label, tail = line_tokens(line)
    if not tail:
        return None
    values = split_values(tail, layout, periods)
    if values is None or len(values) != periods:
        return None
    return Row(label, values)
