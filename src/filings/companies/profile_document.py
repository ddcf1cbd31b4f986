"""A stored document as a profile reads it: headings and paragraphs in reading order, each on its
page, whatever the document's format.

- **Sectioned filing text** (`filing_texts`, an SEC filing's HTML): blocks are the text's
  paragraphs; a short line without closing punctuation is a heading; the 10-K item comes from
  the stored section, or from the item headings in the text when the reader could not section it
  (`ITEM 1. | BUSINESS`), never from a table of contents (`Item 1: Business; Page 6`).
- **Pages** (a PDF report, a release text, a PDF added by manifest): a release's markdown gives
  its headings (`**Outlook**`, `# ...`), bullets and paragraphs; a PDF's lines are joined into
  paragraphs, a short line without closing punctuation after the end of a sentence is a heading,
  and lines of figures (tables, charts) are left out. Words broken over two lines are joined.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from filings.ingest.passages import without_furniture

_ITEM = re.compile(r"^item\s+(\d{1,2}[a-c]?)\s*[.:]?\s*\|?\s*(.*)$", re.IGNORECASE)
_TOC = re.compile(r";\s*page\s*\d+|\.{4,}\s*\d+$", re.IGNORECASE)
# A 10-K's item heading as a PDF prints it ("ITEM 1A - Risk Factors", "Item 7. Management's
# ..."): not an 8-K's item (5.02), not a line of a table of contents (its page number last).
_PDF_ITEM = re.compile(
    r"^item\s+(\d{1,2})([a-c]?)(?![a-z\d]|\.\d)\s*[.:]?\s*[-–—]?\s*(?P<rest>[A-Z\[(’'].*|)$",
    re.IGNORECASE,
)
_REFERS = re.compile(r"\b(of|in) this (annual )?report\b|\bform 10-k\b|\bsee\b", re.IGNORECASE)
_FOOTER = re.compile(
    r"^(\d{1,3}|[ivx]+|.{0,40}(form\s+10-k|annual\s+report|interim\s+report|quarter\s+report)"
    r"[^a-z]*\d{1,3}(\s*\(\d+\))?|—+|_+|-+)$",
    re.IGNORECASE,
)
_NUMERIC = re.compile(r"^[(\-−–+]?[$€£¥]?[\d.,]+%?\)?$")  # "(1,234)", "$8,393", "5.2%"
# The marks that open a list item, as PDFs and HTML print them ("●" in many a 10-K).
BULLETS = "•·▪■○●◦‣►▶◆♦➢\uf0b7\uf0a7"  # and the Symbol and Wingdings fonts' bullets of a PDF
# "-5%" begins no bullet; a minus sign (U+2212) marks Ericsson's lists
_BULLET = re.compile(rf"^([{BULLETS}]\s*|[-–\u2212*]\s+)")
# A line that opens a sentence of its own after a list item without a stop: "The financial
# reporting by market areas is ..." after "- North East Asia"
_OPENS_A_SENTENCE = re.compile(r"^(The|We|Our|This|These|It|Its|There) [a-z]")
_BOLD_LINE = re.compile(r"^\*\*(.+?)\*\*:?$|^#{1,6}\s+(.+)$")
_SENTENCE_END = (".", "!", "?", ":", "”", '"', ";")
HEADING_WORDS = 10
HEADING_CHARS = 70


@dataclass(frozen=True)
class Block:
    """A heading, a paragraph or a list item of a document, and where it stands."""

    kind: str  # heading | text | item
    text: str
    page_id: str
    page_number: int | None
    section: str  # a 10-K item (item_1, item_1a, item_7 ...), else ""
    position: int


def _clean(text: str) -> str:
    """One line of words: hyphenation marks (U+FFFE) and soft hyphens joined, spaces single."""
    text = text.replace("\ufffe", "").replace("\u00ad", "")
    return " ".join(text.split())


def is_heading_text(text: str) -> bool:
    """Whether a short line reads as a heading: a few words, no closing punctuation, a capital or
    a number first, not a figure, not a page footer."""
    words = text.split()
    if not 0 < len(words) <= HEADING_WORDS or len(text) > HEADING_CHARS:
        return False
    if text.endswith(_SENTENCE_END) or text.endswith(","):
        return False
    if _FOOTER.match(text) or _TOC.search(text):
        return False
    if sum(bool(_NUMERIC.match(w)) for w in words) > len(words) / 3:
        return False
    first = words[0]
    return first[0].isupper() or first[0].isdigit() or any(c.isupper() for c in first[1:3])


def _figures(line: str) -> bool:
    """A line of a table or chart: mostly figures."""
    words = line.split()
    numbers = sum(bool(_NUMERIC.match(w)) or w in {"-", "–", "—"} for w in words)
    return bool(words) and ((numbers >= 2 and numbers >= len(words) / 3) or numbers == len(words))


# --- sectioned filing text -----------------------------------------------------------------------


def filing_page_numbers(units: list[Any]) -> list[int]:
    """Each text unit's page counted over the filing's documents, as the filing's pages are
    numbered (`<accession>_<n>`): a document's pages go on after those of the ones before."""
    numbers: list[int] = []
    offset, last, document = 0, 0, None
    for unit in units:
        if unit.document != document:
            offset, last, document = offset + last, 0, unit.document
        last = max(last, unit.page_number)
        numbers.append(offset + unit.page_number)
    return numbers


def blocks_of_units(units: list[Any], accession: str) -> list[Block]:
    """An SEC filing's text units (document, section, heading path, page number, text) as
    blocks, each citing its page over the filing (`<accession>_<n>`)."""
    blocks: list[Block] = []
    inline_item = ""
    for unit, number in zip(units, filing_page_numbers(units), strict=True):
        page_id = f"{accession}_{number}"
        for raw in unit.text.split("\n\n"):
            text = _clean(raw)
            if not text:
                continue
            item = _ITEM.match(text)
            if item and not _TOC.search(text) and len(text.split()) <= 20:
                inline_item = f"item_{item.group(1).lower()}"
                text = f"Item {item.group(1)}. {item.group(2).strip(' |')}".strip()
            section = unit.section if unit.section != "cover" else inline_item
            if text.startswith("|") or text.count(" | ") > 2:
                continue  # a table row
            kind = "heading" if is_heading_text(text) else "text"
            if _BULLET.match(text) and kind == "heading":
                kind = "item"
            blocks.append(Block(kind, text, page_id, number, section, len(blocks)))
    return statements_of_item_15(blocks)


# --- pages -------------------------------------------------------------------------------------


def _release_blocks(page_id: str, number: int | None, text: str, start: int) -> list[Block]:
    blocks: list[Block] = []
    for lines in _paragraphs_and_items(text):
        if not lines or lines[0].startswith("|") or lines[0].startswith("---"):
            continue
        joined = _clean(" ".join(lines))
        bold = _BOLD_LINE.match(joined)
        title = (bold.group(1) or bold.group(2)) if bold else ""
        if bold and "**" not in title and len(title.split()) <= 15:
            heading = _clean((bold.group(1) or bold.group(2)).replace("**", " "))
            blocks.append(Block("heading", heading, page_id, number, "", start + len(blocks)))
            continue
        plain = _clean(joined.replace("**", "").replace("\\*", "*").replace("***", ""))
        if not plain:
            continue
        kind = "item" if _BULLET.match(plain) else "text"
        if kind == "text" and is_heading_text(plain) and len(lines) == 1:
            kind = "heading"
        plain = _BULLET.sub("", plain) if kind == "item" else plain
        blocks.append(Block(kind, plain, page_id, number, "", start + len(blocks)))
    return blocks


def _paragraphs_and_items(text: str) -> list[list[str]]:
    """A markdown text's paragraphs as lists of lines, each item of a list a paragraph of its own
    (the lines under a bullet go on with it): a release's highlights "* Sales increased ...",
    "* Operating result ..." are sentences of their own, not one run together."""
    out: list[list[str]] = []
    for raw in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in raw.splitlines() if line.strip()]
        if not lines or not _BULLET.match(lines[0]):
            out.append(lines)
            continue
        for line in lines:
            if _BULLET.match(line) or not out[-1:] or not out[-1]:
                out.append([line])
            else:
                out[-1].append(line)
    return out


def _pdf_blocks(page_id: str, number: int | None, text: str, start: int) -> list[Block]:
    blocks: list[Block] = []
    paragraph: list[str] = []
    ended = True  # the line before ended a sentence (or the page began)
    continued = False  # the paragraph is a list item that went on to the next lines

    def flush(kind: str = "text") -> None:
        nonlocal continued
        if paragraph:
            joined = _join_lines(paragraph)
            kind = "item" if continued else kind
            blocks.append(Block(kind, joined, page_id, number, "", start + len(blocks)))
            paragraph.clear()
        continued = False

    lines = [raw.strip() for raw in text.splitlines()]
    lines = [line for line in lines if line and not _FOOTER.match(line)]
    short = _short_line(lines)
    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if ended and pdf_item_heading(line):
            flush()
            blocks.append(Block("heading", _clean(line), page_id, number, "", start + len(blocks)))
            continue
        if _figures(line):
            flush()
            ended = True
            continue
        if re.fullmatch(r"\([^()]{1,30}\)", line) and ended:
            continue  # "(unaudited)" under a heading
        bullet = _BULLET.match(line)
        if bullet:
            flush("item" if blocks and blocks[-1].kind == "item" else "text")
            paragraph.append(line[bullet.end() :])
            flush("item")
            ended = line.endswith(_SENTENCE_END)
            continue
        if ended and _pdf_heading(line, following):
            flush()
            blocks.append(Block("heading", _clean(line), page_id, number, "", start + len(blocks)))
            ended = True
            continue
        if (
            blocks
            and blocks[-1].kind == "item"
            and not paragraph
            and not ended
            and not _OPENS_A_SENTENCE.match(line)  # the list ended: "- North East Asia", "The ..."
        ):
            last = blocks.pop()  # a bullet that goes on to the next line
            paragraph.append(last.text)
            # still a list item where the line goes on with its words ("smart home;"), not
            # where a capital may begin a heading ("Financial guidance")
            continued = not line[:1].isupper()
        paragraph.append(line)
        ended = line.endswith(_SENTENCE_END)
        if len(line) < short and line.endswith(_PARAGRAPH_END):
            flush()  # a sentence ending short of the margin ends its paragraph (a colon leads on)
    flush()
    return blocks


_PARAGRAPH_END = (".", "!", "?", ".”", '."')
_FULL_LINES = 8  # lines of prose a page needs for its full width to be known
_SHORT = 0.75  # a line this much of the full width or less falls short of the margin


def _short_line(lines: list[str]) -> float:
    """The length below which a line ends short of the page's right margin: a share of the
    page's full line (the longest of its typical prose lines), or 0 where a page has too few
    lines of prose to tell."""
    prose = sorted(len(line) for line in lines if len(line) > 40 and not _figures(line))
    if len(prose) < _FULL_LINES:
        return 0
    full = prose[int(len(prose) * 0.8)]
    return full * _SHORT


_GOES_ON = re.compile(
    r"(\b(and|or|of|the|for|to|with|a|an|in|on|by|at|from|as|och|av|för|med|ja|tai)|[-\ufffe])$",
    re.IGNORECASE,
)


def _pdf_heading(line: str, following: str) -> bool:
    """A PDF line that is a heading: short, heading-like, not a sentence that goes on to the next
    line (the next begins in lower case, or this one ends with a joining word or a hyphen)."""
    text = _clean(line)
    if len(line) > 50:
        return _long_heading(text) and not following[:1].islower()
    if not is_heading_text(text) or _GOES_ON.search(line):
        return False
    return not following[:1].islower()


# A title's preposition: what tells "Impairment of Long-lived Assets, Goodwill and ..." (a
# heading that lists what it is of) from a list of names ("Malmö, Helsingborg, Lund and ...").
_TITLE_PREPOSITION = re.compile(r"\s(of|for|to|on)\s")


def _long_heading(text: str) -> bool:
    """A heading too long for a line of a column ("Critical Accounting Estimates and Recently
    Issued Accounting Standards"): every word of four letters or more capitalised, no figures, no
    commas but in a title of what it is of or for (a list of names has none), no closing
    punctuation, not one word joining it to the next line."""
    words = text.split()
    long_words = [w for w in words if len(w) > 3]
    listed = "," in text and not (text.count(",") <= 2 and _TITLE_PREPOSITION.search(text))
    return (
        len(text) <= 90
        and len(words) <= 12
        and len(long_words) >= 3
        and all(w[0].isupper() for w in long_words)
        and not re.search(r"[\d;]", text)
        and not listed
        and not text.endswith((*_SENTENCE_END, ","))
        and not _GOES_ON.search(text)
    )


def pdf_item_heading(line: str) -> tuple[int, str] | None:
    """A 10-K item heading's number and letter ((1, "a") for Item 1A), or None: a line of a
    table of contents (a page number last) or a sentence that refers to an item is none."""
    match = _PDF_ITEM.match(_clean(line))
    if match is None or len(line) > 130 or re.search(r"\s\d{1,3}$", line.strip()):
        return None
    if _REFERS.search(match["rest"]):
        return None
    return int(match.group(1)), match.group(2).lower()


_ITEM_LINE = re.compile(r"^\s*item\s+\d{1,2}[a-c]?\b", re.IGNORECASE)
_PAGE_LAST = re.compile(r"\s\d{1,3}\s*$")


def contents_pages(pages: list[tuple[str, int | None, str]]) -> set[str]:
    """Pages that list a 10-K's items rather than begin them (a table of contents, an index of
    the items): five or more item lines, or three that end with a page number."""
    out = set()
    for page_id, _, text in pages:
        lines = [line for line in text.splitlines() if _ITEM_LINE.match(line)]
        if len(lines) >= 5 or sum(bool(_PAGE_LAST.search(line)) for line in lines) >= 3:
            out.add(page_id)
    return out


def with_items(blocks: list[Block], contents: set[str]) -> list[Block]:
    """A 10-K read from a PDF, its blocks marked with the item each stands in (item_1,
    item_1a, item_7 ...), as a sectioned filing's are: the item headings outside its contents
    pages, in the form's order; a document without a business description (Item 1) and a
    management's discussion (Item 7) so headed is left as it is (a report, a 10-Q, an 8-K)."""
    heads = [(b, key) for b in blocks if b.kind == "heading" and (key := pdf_item_heading(b.text))]
    starts: dict[int, str] = {}
    last = (0, "")
    for block, key in heads:
        if block.page_id not in contents and key > last:
            starts[block.position] = f"item_{key[0]}{key[1]}"
            last = key
    if not {"item_1", "item_7"} <= set(starts.values()):
        return blocks
    out: list[Block] = []
    section = ""
    for block in blocks:
        section = starts.get(block.position, section)
        out.append(dataclasses.replace(block, section=section))
    return out


# Item 15's statements and their notes, and where they end (the exhibits' index, signatures).
_STATEMENTS = re.compile(
    r"^(report of independent registered public accounting firm|consolidated (statements?|"
    r"balance sheets?)\b|notes to (the )?(consolidated |combined )?financial statements)",
    re.IGNORECASE,
)
_NOTES = re.compile(r"notes to (the )?(consolidated |combined )?financial statements", re.I)
_AFTER_STATEMENTS = re.compile(r"^(exhibit index|index to exhibits|signatures)\b", re.I)
_POINTER_ITEM = 5  # the most blocks of an Item 8 that only points elsewhere


def _item(block: Block) -> str:
    return (block.section or "").split("/")[0]


def statements_of_item_15(blocks: list[Block]) -> list[Block]:
    """A 10-K whose Item 8 only points to the statements filed under Item 15 ("The financial
    statements are filed as part of this Annual Report on Form 10-K under Item 15", Netflix,
    NVIDIA, Activision Blizzard): Item 15's statements and notes read as Item 8's, from its first
    statement's heading to its exhibits' index or signatures; other 10-Ks as they are."""
    in_15 = [b for b in blocks if _item(b) == "item_15"]
    stub = sum(_item(b) == "item_8" for b in blocks) <= _POINTER_ITEM
    if not stub or not any(_NOTES.search(b.text) for b in in_15):
        return blocks
    out: list[Block] = []
    reading = False
    for block in blocks:
        if _item(block) == "item_15":
            # a sectioned filing's notes each have their own part (item_15/note_1)
            reading = (reading or bool(_STATEMENTS.match(block.text)) or "/" in block.section) and (
                not (block.kind == "heading" and _AFTER_STATEMENTS.match(block.text))
            )
            if reading:
                block = dataclasses.replace(
                    block, section="item_8" + block.section[len("item_15") :]
                )
        out.append(block)
    return out


def _join_lines(lines: list[str]) -> str:
    """Lines of one paragraph as one text: a word broken with a hyphenation mark (U+FFFE, a soft
    hyphen) is joined; a printed hyphen stays where it is (long- term), as the page has it."""
    text = ""
    for line in lines:
        if text.endswith(("\ufffe", "\u00ad")):
            text = text[:-1] + line
        else:
            text = f"{text} {line}" if text else line
    return _clean(text)


def _head_key(line: str) -> str:
    return " ".join(re.sub(r"\d+", "#", line.lower()).split()[:5])


def _without_running_heads(texts: list[str]) -> list[str]:
    """Pages without the first or last lines whose opening words repeat on many pages (a running
    head that names the page's part: `24 Ericsson | Third quarter report 2025. ... Notes`)."""
    if len(texts) < 3:
        return texts
    counts: dict[str, int] = {}
    for text in texts:
        lines = [line for line in text.splitlines() if line.strip()]
        for key in {_head_key(line) for line in lines[:2] + lines[-2:]}:
            counts[key] = counts.get(key, 0) + 1
    repeated = {k for k, n in counts.items() if n >= max(3, len(texts) // 4) and len(k) > 8}
    out = []
    for text in texts:
        lines = text.splitlines()
        edges = {i for i, line in enumerate(lines) if line.strip()}
        ends = sorted(edges)[:2] + sorted(edges)[-2:]
        out.append(
            "\n".join(
                line
                for i, line in enumerate(lines)
                if i not in ends or _head_key(line) not in repeated
            )
        )
    return out


def blocks_of_pages(pages: list[tuple[str, int | None, str]], markdown: bool) -> list[Block]:
    """A document's pages (page id, number, text) as blocks: a release's markdown, or a PDF's
    lines."""
    blocks: list[Block] = []
    texts = [text for _, _, text in pages]
    if not markdown:  # running headers and footers repeated on many pages say nothing
        texts = _without_running_heads(without_furniture(texts))
    for (page_id, number, _), text in zip(pages, texts, strict=True):
        read = _release_blocks if markdown else _pdf_blocks
        blocks += read(page_id, number, text, len(blocks))
    return blocks if markdown else statements_of_item_15(with_items(blocks, contents_pages(pages)))


def one_page(blocks: list[Block]) -> bool:
    """Whether a document is a single page of text (a release), not a report of many pages."""
    return (
        bool(blocks)
        and not any(b.section for b in blocks)
        and len({b.page_id for b in blocks}) == 1
    )
