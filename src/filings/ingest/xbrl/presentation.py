"""The issuer's line labels as printed in an inline XBRL document's own tables.

The row of a table in which a concept's fact without dimensions is printed gives that concept's
label (Apple's "Total net sales" row holds `RevenueFromContractWithCustomerExcludingAssessedTax`
for the three years). A concept printed in several tables takes its row in a primary statement
(balance sheet, statements of operations or income, comprehensive income, cash flows) over one in
the statement of equity (whose rows are balances at dates), and either over a note's or MD&A's
table; the first such row in the document wins. A table is a primary statement when the heading
printed just above it (or in its own first rows) is a statement's title (`statement_placement`);
a table with nothing but page furniture between it and the previous one continues it.

The label is the row's text before its first value, as printed, with footnote markers,
references to the notes and units dropped (`clean_label`).
A row label that its table prints more than once ("Basic" under "Earnings per share:" and again
under "Shares used in computing earnings per share:") is read with the heading row above it
("Earnings per share: Basic"); a row whose label starts in lower case continues the text-only
row above it (a label wrapped over two rows).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from lxml import etree

from filings.ingest.xbrl.model import IX, Context

XHTML = "http://www.w3.org/1999/xhtml"
_TABLE, _ROW, _SUP = f"{{{XHTML}}}table", f"{{{XHTML}}}tr", f"{{{XHTML}}}sup"
_CELLS = frozenset({f"{{{XHTML}}}td", f"{{{XHTML}}}th"})
_BLOCKS = frozenset(f"{{{XHTML}}}{t}" for t in ("div", "p", "table", "center", "h1", "h2", "h3"))
_NON_FRACTION = f"{{{IX}}}nonFraction"

# Where a table sits, best first: a primary statement, the statement of equity, any other.
STATEMENT, EQUITY_STATEMENT, OTHER_TABLE = 0, 1, 2
PLACEMENTS = ("statement", "equity_statement", "other")

_SPACE = re.compile(r"\s+")
_VALUE = re.compile(r"^[\s$€£¥%()\u2014\u2013\-.,\d]*$")
_MARKER = re.compile(r"^(?:\(\s*[\da-z]{1,2}\s*\)|[\da-z]{1,2}|\*+|[†‡§]+)$", re.IGNORECASE)
# what may trail a label: footnote markers ("(1)", "*"), references to the notes ("(Notes 1 and
# 2)") and units ("(in dollars per share)")
_TRAILING_MARKERS = re.compile(
    r"(?:\s*(?:\(\s*[\da-z]{1,2}\s*\)|\*+|[†‡§]+|\(\s*notes?\s+[\w ,&.-]{1,30}\)"
    r"|\(in [^()]{1,40}\)))+$",
    re.IGNORECASE,
)
# a raised span is a superscript however it is styled (`vertical-align:super`, `top:-3pt`)
_RAISED = re.compile(r"vertical-align:\s*(?:super|sup|top)|(?<![\w-])top:\s*-", re.IGNORECASE)
_PREFIX = r"\b(?:(?:condensed|consolidated|combined|interim) )*"
_STATEMENT_TITLE = re.compile(
    _PREFIX + r"(?:balance sheets?|income statements?|statements? of (?:consolidated )?"
    r"(?:financial position|financial condition|operations|income|earnings|cash flows?"
    r"|comprehensive (?:income|loss|earnings)"
    r"|(?:operations|income|earnings) and comprehensive (?:income|loss|earnings)))\b"
)
_EQUITY_TITLE = re.compile(_PREFIX + r"statements? of [a-z' ,]{0,80}\bequity\b")
# a statement's name in a heading that is not the statement: "Notes to Consolidated Financial
# Statements", "Supplemental ... Data", a note's "details"
_NOT_TITLE = re.compile(r"\b(?:notes? to|see |supplement\w*|data\b|details?\b|selected )")
_PARENTHESES = re.compile(r"\([^()]*\)")
# what may follow a statement's name in its title: nothing, or its dates
_TITLE_END = re.compile(
    r"^\s*(?:$|(?:at|as of|for|years?|fiscal|periods?|three|six|nine|twelve|quarters?)\b)"
)
_PREPOSITION_BEFORE = re.compile(r"\b(?:in|on|to|from|of|within|into)(?: (?:the|our|its))?\s*$")
_MAX_TITLE = 150  # a heading, not a sentence that names a statement
_TITLE_BLOCKS = 6  # text blocks read above a table for its title
_FURNITURE_WORDS = 4  # "2024 Annual Report 47", "Table of Contents"


@dataclass(frozen=True)
class PrintedLabel:
    """A concept's line label as printed, and where: STATEMENT, EQUITY_STATEMENT, OTHER_TABLE."""

    label: str
    placement: int


def clean_label(text: str) -> str:
    """A printed row label: whitespace folded, trailing colon and footnote markers dropped."""
    text = _SPACE.sub(" ", text.replace("\xa0", " ")).strip()
    text = _TRAILING_MARKERS.sub("", text).strip()
    return text.rstrip(":").strip()


def statement_placement(title: str) -> int | None:
    """STATEMENT or EQUITY_STATEMENT when `title` is a heading that names a financial
    statement ("Johnson & Johnson and subsidiaries consolidated balance sheets At December 29,
    2024 ..."), else None. A sentence or column heading that names one ("... recorded on the
    Consolidated Balance Sheets were:", "Balance Sheet Location") is no title: the name must
    end the heading or be followed by its dates, and not follow a preposition."""
    text = _SPACE.sub(" ", title.replace("\u2019", "'").replace("\xa0", " ")).strip().lower()
    text = _SPACE.sub(" ", _PARENTHESES.sub(" ", text)).strip()  # "(Dollars in Millions)"
    if len(text) > _MAX_TITLE or text.endswith((":", ".")) or _NOT_TITLE.search(text):
        return None
    for pattern, placement in ((_STATEMENT_TITLE, STATEMENT), (_EQUITY_TITLE, EQUITY_STATEMENT)):
        match = pattern.search(text)
        if (
            match is not None
            and _TITLE_END.match(text[match.end() :])
            and not _PREPOSITION_BEFORE.search(text[: match.start()])
        ):
            return placement
    return None


def _is_marker(element: etree._Element) -> bool:
    """A footnote marker: a superscript (or raised span) holding `1`, `(a)`, `*`."""
    raised = element.tag == _SUP or bool(_RAISED.search(str(element.get("style") or "")))
    return raised and bool(_MARKER.match("".join(element.itertext()).strip()))


def _text(element: etree._Element) -> str:
    """Visible text of an element, footnote markers left out."""
    parts = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and not _is_marker(child):
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _leaf_blocks(element: etree._Element) -> list[str]:
    """The texts of the innermost blocks of an element (a heading's lines, one each)."""
    inner = [child for child in element if child.tag in _BLOCKS]
    if not inner:
        text = _SPACE.sub(" ", _text(element).replace("\xa0", " ")).strip()
        return [text] if text else []
    return [text for child in inner for text in _leaf_blocks(child)]


def _has_facts(element: etree._Element) -> bool:
    return next(element.iter(_NON_FRACTION), None) is not None


def _hidden(element: etree._Element) -> bool:
    return "display:none" in str(element.get("style") or "").replace(" ", "").lower()


def _blocks_above(table: etree._Element) -> tuple[list[str], bool]:
    """Up to _TITLE_BLOCKS text blocks printed above a table, nearest last, and whether they
    are all there is between it and the previous table that holds facts."""
    found: list[str] = []
    node: etree._Element | None = table
    while node is not None and len(found) <= _TITLE_BLOCKS:
        sibling = node.getprevious()
        if sibling is None:
            node = node.getparent()
            continue
        node = sibling
        if not isinstance(sibling.tag, str) or _hidden(sibling):
            continue
        if _has_facts(sibling):
            return found, True
        found[:0] = _leaf_blocks(sibling)
    return found[-_TITLE_BLOCKS:], False


def _furniture(text: str) -> bool:
    """A page number, running head or "continued" mark between two parts of one table."""
    return len(text.split()) <= _FURNITURE_WORDS or "continued" in text.lower()


@dataclass
class _Row:
    label: str
    facts: list[etree._Element]


def _row(tr: etree._Element) -> _Row:
    """A table row: its label (the text before its first value) and its facts."""
    parts: list[str] = []
    facts: list[etree._Element] = []
    for cell in tr:
        if cell.tag not in _CELLS:
            continue
        found = list(cell.iter(_NON_FRACTION))
        if found:
            facts.extend(found)
        elif not facts:
            text = _text(cell)
            if text.strip() and not _VALUE.match(text):
                parts.append(text)
    return _Row(clean_label(" ".join(parts)), facts)


def _placement(table: etree._Element, rows: list[_Row], previous: int | None) -> int:
    """Where the table sits, from its title: the nearest heading above it, or a title printed
    in its own rows before the first value. A table with nothing but page furniture between it
    and the previous table continues that table (a statement printed over two pages)."""
    own = []
    for row in rows:
        if row.facts:
            break
        own.append(row.label)
    above, complete = _blocks_above(table)
    for title in reversed(above + own):
        placement = statement_placement(title)
        if placement is not None:
            return placement
    if previous is not None and complete and all(_furniture(text) for text in above):
        return previous
    return OTHER_TABLE


def _labelled_rows(rows: list[_Row]) -> list[tuple[str, list[etree._Element]]]:
    """(label, facts) of each row with facts: wrapped labels joined, and labels the table
    prints more than once (or a bare "Total") read with the heading row above them; the column
    headings over the first values are no such heading."""
    read: list[tuple[str, str | None, list[etree._Element]]] = []
    heading: str | None = None
    above: str | None = None  # the text-only row just above
    for row in rows:
        if not row.facts:
            above = row.label or None
            heading = (above or heading) if read else None
            continue
        label = row.label
        if above and read and label[:1].islower():
            label, heading = f"{above} {label}", None
        above = None
        read.append((label, heading, row.facts))
    counts = Counter(label.lower() for label, _, _ in read if label)
    out = []
    for label, heading, facts in read:
        if counts[label.lower()] > 1 or label.lower() == "total":
            label = f"{heading}: {label}" if heading and label else ""
        out.append((label, facts))
    return out


def printed_labels(root: etree._Element, contexts: dict[str, Context]) -> dict[str, PrintedLabel]:
    """Each concept's label (`prefix:Name`) as printed on the row holding its facts without
    dimensions: in a primary statement first, then the statement of equity, then any table."""
    found: dict[str, PrintedLabel] = {}
    previous: int | None = None
    for table in root.iter(_TABLE):
        rows = [_row(tr) for tr in table.iter(_ROW)]
        if not any(row.facts for row in rows):
            continue
        placement = previous = _placement(table, rows, previous)
        for label, facts in _labelled_rows(rows):
            if not label:
                continue
            for fact in facts:
                context = contexts.get(fact.get("contextRef", ""))
                if context is None or context.dimensions:
                    continue
                if placement == EQUITY_STATEMENT and context.instant:
                    continue  # a balance at a date: its row names the date, not the line
                name = str(fact.get("name") or "").strip()
                held = found.get(name)
                if name and (held is None or placement < held.placement):
                    found[name] = PrintedLabel(label, placement)
    return found
