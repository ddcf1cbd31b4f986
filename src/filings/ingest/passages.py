"""Passages: the unit content search finds and cites. A page's text (or a section's text on one
page) is cut at headings and paragraphs into passages of roughly 100 to 300 words; a passage
never crosses a page, and carries the nearest heading as its title."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from sqlalchemy import Connection, delete, insert, select

from filings.db.tables import passages

MIN_WORDS = 100
MAX_WORDS = 300
MIN_KEPT_WORDS = 15  # less is page furniture (a running header on an image-only page), not text
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÅÄÖ0-9“\"(])")
_MARKDOWN_HEADING = re.compile(r"^\s*(#{1,6})\s+(.*\S)\s*$")
_BOLD_LINE = re.compile(r"^\s*\*\*(.{3,120}?)\*\*\s*$")
_NUMERIC = re.compile(r"^[\d\s.,%()\-–—+/|:SEKMUSDEURmbn]*$")


@dataclass(frozen=True)
class PassageText:
    """One passage: its title (the nearest heading) and its text."""

    title: str | None
    content: str

    @property
    def text_hash(self) -> str:
        """What the embedding is keyed by: the SHA-256 of the title and content."""
        return hashlib.sha256(f"{self.title or ''}\n{self.content}".encode()).hexdigest()


def _words(text: str) -> int:
    return len(text.split())


def is_heading(line: str) -> bool:
    """A short line that names what follows: no sentence end, not a number row, a capital."""
    text = line.strip().strip("*#").strip()
    if not text or len(text) > 90 or _words(text) > 10 or _NUMERIC.match(text):
        return False
    if text[-1] in ".,;:" or not text[0].isupper():
        return False
    return sum(c.isalpha() for c in text) >= 3


def _split_long(paragraph: str) -> list[str]:
    """A paragraph over MAX_WORDS in pieces at sentence ends (or, failing that, at words)."""
    pieces: list[str] = []
    current: list[str] = []
    for sentence in _SENTENCE_END.split(paragraph):
        words = sentence.split()
        while len(words) > MAX_WORDS:  # a sentence of its own too long: cut at words
            pieces.append(" ".join(words[:MAX_WORDS]))
            words = words[MAX_WORDS:]
        if current and _words(" ".join(current)) + len(words) > MAX_WORDS:
            pieces.append(" ".join(current))
            current = []
        if words:
            current.append(" ".join(words))
    if current:
        pieces.append(" ".join(current))
    return pieces


def _blocks(text: str, markdown: bool) -> list[tuple[bool, str]]:
    """(is_heading, text) blocks: paragraphs by blank lines, and lone heading lines."""
    blocks: list[tuple[bool, str]] = []
    paragraph: list[str] = []

    def close() -> None:
        if paragraph:
            blocks.append((False, " ".join(paragraph)))
            paragraph.clear()

    lines = [raw.strip() for raw in text.splitlines()]
    for index, line in enumerate(lines):
        if not line:
            close()
            continue
        heading = _MARKDOWN_HEADING.match(line) if markdown else None
        bold = _BOLD_LINE.match(line) if markdown else None
        following = lines[index + 1] if index + 1 < len(lines) else ""
        # A wrapped line of a paragraph goes on in lower case: no heading, however it looks.
        continues = bool(following) and following[0].islower()
        if heading or bold or (is_heading(line) and not continues):
            close()
            title = heading.group(2) if heading else bold.group(1) if bold else line
            blocks.append((True, " ".join(title.replace("**", " ").split())))
            continue
        paragraph.append(line)
    close()
    return blocks


def split_passages(
    text: str, title: str | None = None, *, markdown: bool = False
) -> list[PassageText]:
    """The passages of one page (or one section on one page), in reading order."""
    passages: list[PassageText] = []
    current: list[str] = []
    current_title = title

    def close() -> None:
        content = "\n".join(current).strip()
        current.clear()
        if not content:
            return
        if passages and (_words(content) < MIN_WORDS or _words(passages[-1].content) < MIN_WORDS):
            last = passages[-1]
            if _words(last.content) + _words(content) <= MAX_WORDS:
                passages[-1] = PassageText(last.title, f"{last.content}\n{content}")
                return
        passages.append(PassageText(current_title, content))

    for heading, block in _blocks(text, markdown):
        if heading:
            if _words("\n".join(current)) >= MIN_WORDS // 2:
                close()
            elif current:  # a short preamble (a page header): it stays, the heading titles it
                current.append(block)
            current_title = block
            continue
        for piece in _split_long(block) if _words(block) > MAX_WORDS else [block]:
            if current and _words("\n".join(current)) + _words(piece) > MAX_WORDS:
                close()
            current.append(piece)
    close()
    return [p for p in passages if _words(p.content) >= MIN_KEPT_WORDS]


_DIGITS = re.compile(r"\d+")
FURNITURE_SHARE = 0.3  # a line on this share of a document's pages is its running header/footer


def without_furniture(pages: list[str]) -> list[str]:
    """The pages without the lines that repeat on many of them (running headers and footers such
    as `10 LIFCO ANNUAL REPORT 2019`, page numbers aside): text that says nothing of the page."""
    if len(pages) < 3:
        return pages

    def key(line: str) -> str:
        return _DIGITS.sub("#", line.strip().lower())

    counts: dict[str, int] = {}
    for page in pages:
        for line_key in {key(line) for line in page.splitlines() if line.strip()}:
            counts[line_key] = counts.get(line_key, 0) + 1
    limit = max(3, FURNITURE_SHARE * len(pages))
    repeated = {k for k, n in counts.items() if n >= limit}
    return [
        "\n".join(line for line in page.splitlines() if key(line) not in repeated) for page in pages
    ]


@dataclass(frozen=True)
class PlacedPassage:
    """A passage and where it stands: the page id it cites and its page number."""

    page_id: str
    page_number: int | None
    passage: PassageText


def sync_passages(
    conn: Connection, filing_pk: int, company_pk: int, language: str, wanted: list[PlacedPassage]
) -> bool:
    """Make a filing's stored passages exactly `wanted` (the full-text index follows in the same
    transaction); whether anything changed."""
    stored = conn.execute(
        select(
            passages.c.page_id,
            passages.c.page_number,
            passages.c.content_title,
            passages.c.content,
            passages.c.language,
            passages.c.company_pk,
        )
        .where(passages.c.filing_pk == filing_pk)
        .order_by(passages.c.position)
    ).all()
    rows = [
        (p.page_id, p.page_number, p.passage.title, p.passage.content, language, company_pk)
        for p in wanted
    ]
    if [tuple(r) for r in stored] == rows:
        return False
    conn.execute(delete(passages).where(passages.c.filing_pk == filing_pk))
    if wanted:
        conn.execute(
            insert(passages),
            [
                {
                    "filing_pk": filing_pk,
                    "company_pk": company_pk,
                    "position": position,
                    "page_id": p.page_id,
                    "page_number": p.page_number,
                    "content_title": p.passage.title,
                    "content": p.passage.content,
                    "language": language,
                    "text_hash": p.passage.text_hash,
                }
                for position, p in enumerate(wanted, start=1)
            ],
        )
    return True
