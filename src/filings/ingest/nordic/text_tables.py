"""Plain-text tables of wire releases (pandoc's simple and multiline tables, as the newswires
print them inside a fenced block), flattened to the lines the figure reader understands.

A table is a header, a rule of dash runs that marks the columns, and rows. A row ends at a rule,
at a blank line after its values, or (simple tables) where the next label begins once it has
values, so a label wrapped over several lines is one row. Each cell's text is gathered by
column; change columns (`Change %`, `Q4/24--Q4/23`) are dropped, and period headers are spelled
as the reader expects (`Q4/24` is `Q4 2024`, `2024` is `FY 2024`, `10-12/2024` is
`Oct-Dec 2024`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

_FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s*-{3,}(?:\s+-{3,})+\s*$")
_RUN = re.compile(r"-{3,}")
_TOKEN = re.compile(r"\S+")
_QUARTER = re.compile(r"^Q([1-4])\s*/\s*(\d{2}|\d{4})$", re.I)
_MONTHS = re.compile(r"^(\d{1,2})\s*-\s*(\d{1,2})\s*/\s*(\d{2}|\d{4})$")
_YEAR = re.compile(r"^(?:FY\s*)?((?:19|20)\d\d)$", re.I)
_GLUED_UNIT = re.compile(r"(?<=[a-z])(?=(?:SEK|EUR|NOK|DKK|USD|MSEK|MEUR)\b)")
_NIL = {"", "-", "--", "---", "–", "—", "n/m", "n/a", "na", "nm"}
MONTH_NAMES = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _year(text: str) -> int:
    value = int(text)
    return value + 2000 if value < 100 else value


def period_header(cell: str) -> str | None:
    """A column header spelled for the figure reader, or None for a change or other column."""
    text = " ".join(cell.split())
    if (match := _QUARTER.match(text)) is not None:
        return f"Q{match.group(1)} {_year(match.group(2))}"
    if (match := _MONTHS.match(text)) is not None:
        first, last = int(match.group(1)), int(match.group(2))
        if not 1 <= first <= last <= 12:
            return None
        year = _year(match.group(3))
        if (first, last) == (1, 12):
            return f"FY {year}"
        return f"{MONTH_NAMES[first - 1]}-{MONTH_NAMES[last - 1]} {year}"
    if (match := _YEAR.match(text)) is not None:
        return f"FY {match.group(1)}"
    return None


def _spans(rule: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _RUN.finditer(rule)]


def _overlap(a: int, b: int, span: tuple[int, int]) -> int:
    """How far [a, b) overlaps a span; negative: how far apart they are."""
    return min(b, span[1]) - max(a, span[0])


def _cells(line: str, spans: list[tuple[int, int]]) -> list[list[str]]:
    """The tokens of a line by column: each token goes to the column it overlaps most, or to the
    nearest one (right-aligned numbers may stick out of their rule)."""
    cells: list[list[str]] = [[] for _ in spans]
    for token in _TOKEN.finditer(line):
        a, b = token.span()
        column = max(range(len(spans)), key=lambda i: _overlap(a, b, spans[i]))
        cells[column].append(token.group())
    return cells


def _value(tokens: list[str]) -> str:
    text = "".join(tokens)
    return "-" if text.lower() in _NIL else text


def _tables(lines: list[str]) -> list[list[str]]:
    """A fenced block split into tables: a rule with other columns starts the next table, whose
    header is what follows the previous rule."""
    rules = [i for i, line in enumerate(lines) if _RULE.match(line)]
    tables: list[list[str]] = []
    start = 0
    for previous, rule in itertools.pairwise(rules):
        if _spans(lines[rule]) != _spans(lines[previous]):
            tables.append(lines[start : previous + 1])
            start = previous + 1
    tables.append(lines[start:])
    return tables


def _table(lines: list[str]) -> list[str] | None:
    """Flattened lines of one table, or None when the lines are not a table."""
    rules = [i for i, line in enumerate(lines) if _RULE.match(line)]
    if not rules:
        return None
    spans = _spans(lines[rules[0]])
    header: list[list[str]] = [[] for _ in spans]
    for line in lines[: rules[0]]:
        for column, tokens in enumerate(_cells(line, spans)):
            header[column].extend(tokens)
    periods = [period_header(" ".join(cell)) for cell in header[1:]]
    if not any(periods):
        return None
    title = _GLUED_UNIT.sub(" ", " ".join(header[0]))
    out = [" ".join([title, *(p for p in periods if p)])]
    rows: list[list[list[str]]] = [[[] for _ in spans]]
    for line in lines[rules[0] + 1 :]:
        if _RULE.match(line) or not line.strip():
            if _RULE.match(line) or any(rows[-1][1:]):
                rows.append([[] for _ in spans])  # a rule, or a blank after values, ends a row
            continue
        cells = _cells(line, spans)
        if cells[0] and any(rows[-1][1:]):
            rows.append([[] for _ in spans])  # a simple table: a new label starts a new row
        for column, tokens in enumerate(cells):
            rows[-1][column].extend(tokens)
    for row in rows:
        if row[0] and any(row[1:]):
            values = [_value(cell) for cell, p in zip(row[1:], periods, strict=True) if p]
            out.append(" ".join([" ".join(row[0]), *values]))
    return out


def _blocks(text: str) -> Iterator[tuple[bool, list[str]]]:
    """(fenced, lines) runs of a text."""
    fenced, current = False, list[str]()
    for line in text.split("\n"):
        if _FENCE.match(line):
            yield fenced, current
            fenced, current = not fenced, []
        else:
            current.append(line)
    yield fenced, current


def flatten_text_tables(text: str) -> list[str]:
    """The lines of a release with each fenced table flattened to a header and value rows."""
    out: list[str] = []
    for fenced, lines in _blocks(text):
        if not fenced:
            out.extend(lines)
            continue
        for part in _tables(lines):
            table = _table(part)
            out.extend(part if table is None else table)
    return out
