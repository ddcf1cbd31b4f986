"""A filing's pages cut into sections by the form's items, each text unit on its page.

Headings are found among lone text blocks and tables that are one row of words (Walmart lays
its item headings out so), never inside other tables, where tables of contents list the same
items: `PART I`, `Item 1A. Risk Factors`, `Item 2.02 Results of Operations ...`, and
inside the financial statements `Note 1 – Summary of Significant Accounting Policies`. An item
heading counts only when it comes after the current one (a cross-reference such as "Item 1A of
this Form 10-K" never moves the reader back); a 10-Q's Part II starts its items anew.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from filings.ingest.sec.html_text import Page

_PART = re.compile(r"^PART\s+(IV|I{1,3})\b\.?\s*(.{0,100})$", re.IGNORECASE)
_ITEM = re.compile(r"^ITEMS?\s+(\d\.\d{2}|\d{1,2}[A-C]?)\s*[.:–—-]?\s*(.{0,160})$", re.IGNORECASE)
_NOTE = re.compile(r"^Note\s+(\d{1,2})\s*[.:–—-]+\s*(\S.{0,150})$", re.IGNORECASE)
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
# Items whose notes are headed `Note N`: the financial statements of a 10-K and of a 10-Q.
_STATEMENT_ITEMS = {("10-K", "8"), ("10-K", "15"), ("10-Q", "1")}
MAX_HEADING = 200
CELL_SEPARATOR = " | "  # how html_text joins the cells of a row without values


@dataclass(frozen=True)
class TextUnit:
    """The text of one section on one page."""

    section: str  # item_1a, part1_item2, item_2.02, item_8/note_3, ex-99.1, cover
    heading_path: tuple[str, ...]
    page_number: int
    printed_page: str | None
    text: str


def _item_rank(item: str) -> tuple[int, str]:
    number = re.match(r"\d+", item)
    return (int(number.group()) if number else 0, item[len(number.group()) :] if number else item)


class _Sections:
    """The reader's place in the form: part, item and note."""

    def __init__(self, form: str):
        self.form = form.split("/")[0].upper()
        self.part = 0
        self.part_title = ""
        self.item: tuple[int, str] | None = None
        self.dotted = False  # 8-K items are numbered 2.02, 9.01
        self.item_title = ""
        self.note = ""
        self.note_title = ""

    @property
    def key(self) -> str:
        """The section's key: `cover`, `item_1a`, `part2_item1a`, `item_2.02`, `item_8/note_3`."""
        if self.item is None:
            return "cover"
        number, rest = self.item
        item = f"{number}.{rest}" if self.dotted else f"{number}{rest}".lower()
        key = f"part{self.part}_item{item}" if self.form == "10-Q" else f"item_{item}"
        return f"{key}/note_{self.note}" if self.note else key

    @property
    def path(self) -> tuple[str, ...]:
        """The headings above the current text, outermost first."""
        return tuple(p for p in (self.part_title, self.item_title, self.note_title) if p)

    def read(self, block: str) -> bool:
        """Move to the section a heading block opens; whether it was a heading. A heading laid
        out as a table row reads as its cells in a line (`ITEM 1A. | RISK FACTORS`)."""
        if len(block) > MAX_HEADING:
            return False
        block = block.replace(CELL_SEPARATOR, " ")
        if part := _PART.match(block):
            number = _ROMAN[part.group(1).upper()]
            if number >= self.part:
                if number > self.part and self.form == "10-Q":
                    self.item = None
                self.part, self.part_title = number, f"Part {part.group(1).upper()}"
                self.note = self.note_title = ""
                return True
            return False
        if item := _ITEM.match(block):
            return self._item(item.group(1).upper(), clean_title(item.group(2)))
        note = _NOTE.match(block)
        if note and self.item is not None and self._in_statements():
            if self.note and int(note.group(1)) <= int(self.note):
                return False
            self.note, self.note_title = note.group(1), f"Note {note.group(1)} – {note.group(2)}"
            return True
        return False

    def _item(self, item: str, title: str) -> bool:
        dotted = "." in item
        rank = (int(item.split(".")[0]), item.split(".")[1]) if dotted else _item_rank(item)
        if self.item is not None and rank <= self.item:
            return False
        self.item, self.dotted = rank, dotted
        self.item_title = f"Item {item}. {title}".rstrip(". ") if title else f"Item {item}"
        self.note = self.note_title = ""
        return True

    def _in_statements(self) -> bool:
        if self.item is None:
            return False
        item = f"{self.item[0]}{self.item[1]}"
        return (self.form, item) in _STATEMENT_ITEMS and (self.form != "10-Q" or self.part == 1)


def clean_title(title: str) -> str:
    """A heading's title without trailing dots or page numbers."""
    return re.sub(r"[\s.]*\d*$", "", title).strip() if title else ""


def text_units(pages: list[Page], form: str, section_prefix: str | None = None) -> list[TextUnit]:
    """The text units of a document: each section's text on each page, in reading order.

    `section_prefix` (an exhibit such as `ex-99.1`) names the whole document as one section.
    """
    reader = _Sections(form)
    units: list[TextUnit] = []
    for page in pages:
        # (section, headings, blocks) runs of this page, split where a heading opens a section
        runs: list[tuple[str, tuple[str, ...], list[str]]] = [(reader.key, reader.path, [])]
        for block, lone in zip(page.blocks, page.heading_flags, strict=True):
            if section_prefix is None and lone and reader.read(block):
                runs.append((reader.key, reader.path, []))
            runs[-1][2].append(block)
        for key, path, blocks in runs:
            if not blocks:
                continue
            section = section_prefix or key
            heading = (section_prefix.upper(),) if section_prefix else path
            text = "\n\n".join(blocks)
            units.append(TextUnit(section, heading, page.number, page.printed, text))
    return units
