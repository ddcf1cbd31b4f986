"""The text of an EDGAR HTML document in reading order, page by page.

What is read: visible text, block by block, without the hidden inline-XBRL header (`ix:header`)
or anything styled `display:none`. Tables become readable rows: the row's label, then each value
with its column heading (`Net sales: 2024 391,035; 2023 383,285`), never cell soup. Pages end
where the document asks for a page break (CSS `page-break-before/after: always`,
`break-before/after: page`); the page footer (a short last line ending in the printed number,
`Apple Inc. | 2024 Form 10-K | 23`) gives the printed page number and is dropped, like a
`Table of Contents` link at the top of a page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree, html

from filings.core.errors import MalformedInput

BLOCK_TAGS = frozenset(
    "div p li ul ol h1 h2 h3 h4 h5 h6 center blockquote body section article td th".split()
)
_BREAK_STYLE = re.compile(r"(page-)?break-(before|after)\s*:\s*(always|page)", re.IGNORECASE)
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none", re.IGNORECASE)
_SPACE = re.compile(r"\s+")
_FOOTER = re.compile(r"^(?:.{0,80}?[|\-–—]\s*)?(\d{1,3}|[ivxlc]{1,6})$", re.IGNORECASE)
_NUMBER = re.compile(r"^\(?-?[$€£]?\s*\(?[\d.,]+\)?\s*%?\)?$|^[—–-]$")
_YEAR = re.compile(r"^(19|20)\d{2}$")
_FURNITURE = frozenset({"table of contents", "index"})
TITLE_BLOCKS = 4  # lone blocks above a table kept as its title (name, unit, "unaudited")


@dataclass
class Page:
    """One page of a document: its blocks of text, and the number printed on it, if any."""

    number: int
    blocks: list[str] = field(default_factory=list)
    printed: str | None = None
    # per block: a lone text block, or a table that is a heading row (`ITEM 1A. | RISK FACTORS`)
    heading_flags: list[bool] = field(default_factory=list)
    # the page's tables as elements, each with the lone blocks just above it (its title)
    tables: list[tuple[etree._Element, list[str]]] = field(default_factory=list)


def clean(text: str) -> str:
    """Whitespace folded (non-breaking spaces included), trimmed."""
    return _SPACE.sub(" ", text.replace("\xa0", " ")).strip()


def _style(element: etree._Element) -> str:
    return str(element.get("style") or "")


def _tag(element: etree._Element) -> str:
    tag = element.tag
    return tag.lower() if isinstance(tag, str) else ""


class _Walker:
    """Collects blocks and page breaks in document order."""

    def __init__(self) -> None:
        self.pages: list[Page] = [Page(1)]
        self._line: list[str] = []

    def flush(self) -> None:
        text = clean("".join(self._line))
        self._line = []
        if text:
            self.pages[-1].blocks.append(text)
            self.pages[-1].heading_flags.append(True)

    def page_break(self) -> None:
        self.flush()
        if self.pages[-1].blocks:
            self.pages.append(Page(len(self.pages) + 1))

    def table(self, element: etree._Element) -> None:
        self.flush()
        rendered = render_table(element)
        if rendered:
            page = self.pages[-1]
            above: list[str] = []
            for block, lone in zip(
                reversed(page.blocks), reversed(page.heading_flags), strict=True
            ):
                if not lone or len(above) == TITLE_BLOCKS:
                    break
                above.insert(0, block)
            page.tables.append((element, above))
            page.blocks.append(rendered)
            self.pages[-1].heading_flags.append(is_heading_row(element))

    def walk(self, element: etree._Element) -> None:
        tag = _tag(element)
        style = _style(element)
        if tag in ("ix:header", "script", "style", "head", "title") or _HIDDEN_STYLE.search(style):
            self._line.append(element.tail or "")
            return
        breaks = {m.group(2).lower() for m in _BREAK_STYLE.finditer(style)}
        if "before" in breaks:
            self.page_break()
        if tag == "table":
            self.table(element)
        elif tag == "br":
            self.flush()
        else:
            block = tag in BLOCK_TAGS
            if block:
                self.flush()
            self._line.append(element.text or "")
            for child in element:
                self.walk(child)
            if block:
                self.flush()
        if "after" in breaks:
            self.page_break()
        self._line.append(element.tail or "")


def table_rows(table: etree._Element) -> list[list[tuple[int, str]]]:
    """A table's rows as (column, text) cells, spans spread, `$` and `%` joined to numbers."""
    return [r for r in (_merge_fragments(cells) for cells in _grid(table)) if r]


def is_value(text: str) -> bool:
    """Whether a cell's text is a number (or a dash standing for none)."""
    return _is_value(text)


def is_data_row(row: list[tuple[int, str]]) -> bool:
    """Whether a row holds values (a label with values, or values that are not only years)."""
    return _is_data_row(row)


def _cells(row: etree._Element) -> list[tuple[str, int]]:
    out = []
    for cell in row:
        if _tag(cell) not in ("td", "th"):
            continue
        span = int(cell.get("colspan") or 1) if str(cell.get("colspan") or "1").isdigit() else 1
        for line_break in cell.iter("br"):  # "September 28,<br>2024" is two words
            line_break.tail = " " + (line_break.tail or "")
        out.append((clean(cell.text_content()), max(span, 1)))
    return out


def _grid(table: etree._Element) -> list[list[str]]:
    """Rows of cell texts by column, spans spread over their columns (text in the first)."""
    rows = []
    for row in table.iter("tr"):
        cells: list[str] = []
        for text, span in _cells(row):
            cells.extend([text] + [""] * (span - 1))
        rows.append(cells)
    return rows


def _merge_fragments(cells: list[str]) -> list[tuple[int, str]]:
    """Non-empty cells by column, with `$`, `%` and `)` cells joined to their number."""
    merged: list[tuple[int, str]] = []
    pending = ""
    for column, text in enumerate(cells):
        if not text:
            continue
        if text in ("$", "€", "£", "(", "$(", "($"):
            pending += text
            continue
        if text in ("%", ")", ")%", "%)") and merged:
            last_column, last = merged[-1]
            merged[-1] = (last_column, last + text)
            continue
        merged.append((column, pending + text))
        pending = ""
    return merged


def _is_value(text: str) -> bool:
    return bool(_NUMBER.match(text.replace(" ", "")))


def _is_data_row(row: list[tuple[int, str]]) -> bool:
    """A row of values: a label with values, or values that are more than a row of years."""
    values = [t for _, t in row if _is_value(t)]
    if not values:
        return False
    labelled = not _is_value(row[0][1]) and len(row) > 1
    return labelled or any(not _YEAR.match(v) for v in values)


MAX_HEADING_CELLS = 3


def is_heading_row(table: etree._Element) -> bool:
    """Whether a table is a heading laid out as one row of words (Walmart's `ITEM 1A.` |
    `RISK FACTORS`): one row with text, of at most three cells, none a value. A table of
    contents has a row per item, each with its page number, and never is one."""
    rows = [r for r in (_merge_fragments(cells) for cells in _grid(table)) if r]
    if len(rows) != 1 or len(rows[0]) > MAX_HEADING_CELLS:
        return False
    return not any(_is_value(text) for _, text in rows[0])


def render_table(table: etree._Element) -> str:
    """A table as readable lines: `label: heading value; heading value`."""
    rows = [_merge_fragments(cells) for cells in _grid(table)]
    rows = [r for r in rows if r]
    if not rows:
        return ""
    data_start = next((i for i, r in enumerate(rows) if _is_data_row(r)), len(rows))
    headings: dict[int, list[str]] = {}
    for row in rows[:data_start]:
        for column, text in row:
            headings.setdefault(column, []).append(text)
    lines = [" ".join(t for _, t in row) for row in rows[:data_start] if len(row) == 1]
    if data_start == len(rows) and not lines:
        return "\n".join(" | ".join(t for _, t in row) for row in rows)
    for row in rows[data_start:]:
        lines.append(_render_row(row, headings))
    return "\n".join(line for line in lines if line)


def _heading_for(column: int, headings: dict[int, list[str]]) -> str:
    """The heading over `column`: its own, else the nearest heading column to its left."""
    for candidate in range(column, -1, -1):
        if candidate in headings:
            return " ".join(headings[candidate])
    return ""


def _render_row(row: list[tuple[int, str]], headings: dict[int, list[str]]) -> str:
    first = row[0][1]
    label, values = (first, row[1:]) if not _is_value(first) else ("", row)
    if not values:
        return label
    parts = []
    for column, text in values:
        heading = _heading_for(column, headings) if headings else ""
        parts.append(f"{heading} {text}".strip())
    return f"{label}: {'; '.join(parts)}" if label else "; ".join(parts)


def _drop_furniture(page: Page) -> None:
    """Take the footer's printed number and drop page furniture."""
    if page.blocks and page.heading_flags[-1]:
        match = _FOOTER.match(page.blocks[-1]) if len(page.blocks[-1]) <= 100 else None
        if match:
            page.printed = match.group(1)
            page.blocks.pop()
            page.heading_flags.pop()
    while page.blocks and page.blocks[0].lower() in _FURNITURE:
        page.blocks.pop(0)
        page.heading_flags.pop(0)


def read_pages(document: bytes) -> list[Page]:
    """The pages of an EDGAR HTML document, each a list of text blocks in reading order."""
    try:
        root = html.document_fromstring(document)
    except (etree.ParserError, ValueError) as exc:
        raise MalformedInput(f"not an HTML document: {exc}") from exc
    walker = _Walker()
    body = root.find("body")
    walker.walk(body if body is not None else root)
    walker.flush()
    pages = [page for page in walker.pages if page.blocks]
    for number, page in enumerate(pages, start=1):
        page.number = number
        _drop_furniture(page)
    return pages
