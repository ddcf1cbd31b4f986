"""Plain-text tables of wire releases (pandoc's simple and multiline tables, as the newswires
print them inside a fenced block), flattened to the lines the figure reader understands.

A table is a header, a rule of dash runs that marks the columns, and rows. A row ends at a rule,
at a blank line after its values, or (simple tables) where the next label begins once it has
values, so a label wrapped over several lines is one row. Each cell's text is gathered by
column; change columns (`Change %`, `Q4/24--Q4/23`) are dropped, and period headers are spelled
as the reader expects (`Q4/24` is `Q4 2024`, `10-12/2024` is `Oct-Dec 2024`, `1-12/2024` is
`FY 2024`; a year printed alone stays a year, whose period the reader decides). Markdown
pipe tables are flattened the same way. A flattened row keeps its cells:
`label<TAB>value<TAB>value`, so a cell such as `1 001.8` stays one number.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from filings.ingest.nordic.periods import placed_columns

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


CELL = "\t"
HEADER_MARK = CELL + CELL  # a flattened table's header: its title, then its periods


def _spelled(kind: str, year: int, first: int, last: int, end: str) -> str:
    if kind == "quarter":
        return f"Q{(last - 1) // 3 + 1} {year}"
    if kind == "annual":
        return f"FY {year}"
    if kind == "ytd":
        return f"{MONTH_NAMES[first - 1]}-{MONTH_NAMES[last - 1]} {year}"
    if kind == "instant":
        return end
    return str(year)


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
        # "FY 2024" says the year; "2024" alone leaves the period to the reader (a table of
        # the fourth quarter may print years alone)
        return f"FY {match.group(1)}" if text.upper().startswith("FY") else match.group(1)
    if re.search(r"%|change|chg|muutos|förändr", text, re.I):
        return None
    placed = placed_columns(text)
    if len(placed) != 1 or placed[0][1] is None:
        return None
    column = placed[0][1]
    if column.kind == "bare":
        return str(column.year)
    if column.kind == "annual" and column.first_month != 1:
        return f"{column.first_month}/{column.year - 1}-{column.last_month}/{column.year}"
    return _spelled(
        column.kind, column.year, column.first_month, column.last_month, column.end.isoformat()
    )


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
    out = [title + HEADER_MARK + " ".join(p for p in periods if p)]
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
            out.append(CELL.join([" ".join(row[0]), *values]))
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
    """The lines of a release with each fenced table flattened to a header and value rows,
    and each markdown pipe table likewise."""
    out: list[str] = []
    for fenced, lines in _blocks(text):
        if not fenced:
            out.extend(_pipe_tables(lines))
            continue
        for part in _tables(lines):
            table = _table(part)
            out.extend(part if table is None else table)
    return out


def _pipe_cells(line: str) -> list[str] | None:
    text = line.strip()
    if not text.startswith("|"):
        return None
    return [c.strip().replace("\\*", "*").replace("**", "") for c in text.strip("|").split("|")]


def _is_separator(cells: list[str]) -> bool:
    return all(set(c) <= set("-: ") for c in cells)


def _pipe_table(rows: list[list[str]]) -> list[str]:
    """A pipe table as a header line and rows of cells; a header row of years alone (one
    per value column, right-aligned) completes the labels above it (`Oct-Dec` over `2024`)."""
    header = rows[0]
    body = [r for r in rows[1:] if not _is_separator(r)]
    width = len(header) - 1
    labels = [[c] for c in header[1:]]
    while (
        body
        and len(body[0]) >= width
        and all(re.fullmatch(r"(?:19|20)\d\d|", c) for c in body[0][-width:])
        and not any(body[0][: len(body[0]) - width])
    ):
        for column, cell in enumerate(body[0][-width:]):
            labels[column].append(cell)
        body.pop(0)
    periods = [period_header(" ".join(cell)) for cell in labels]
    if not any(periods):
        return [" ".join(c for c in row if c) for row in rows if not _is_separator(row)]
    out = [header[0] + HEADER_MARK + " ".join(p for p in periods if p)]
    for row in body:
        if len(row) != width + 1:
            out.append(" ".join(c for c in row if c))
            continue
        values = [_value([c]) if c else "-" for c, p in zip(row[1:], periods, strict=True) if p]
        out.append(CELL.join([row[0], *values]))
    return out


def _pipe_tables(lines: list[str]) -> list[str]:
    out: list[str] = []
    table: list[list[str]] = []
    for line in [*lines, ""]:
        cells = _pipe_cells(line)
        if cells is not None:
            table.append(cells)
            continue
        if table:
            out.extend(_pipe_table(table) if len(table) > 1 else [line])
            table = []
        out.append(line)
    return out[:-1]
