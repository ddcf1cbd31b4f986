"""Passages: the unit content search finds and cites. A page's text (or a section's text on one
page) is cut into passages of about MIN_WORDS to MAX_WORDS words, at headings where it can and
else at sentence ends; a passage never crosses a page and carries the nearest heading as its
title.

Nothing of the page is lost: a heading stays in the text it titles (the title is a label beside
it), a table row is a line of the passage it stands in and never a title, a short remainder joins
its neighbour instead of being dropped, and a passage cut for length begins with the last
sentences of the one before (OVERLAP_WORDS), so a sentence at the cut is whole in one of them.
Only a page whose whole text is shorter than MIN_KEPT_WORDS (a cover, a running header on an
image-only page) gives no passage.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from dataclasses import dataclass

from sqlalchemy import Connection, delete, insert, select

from filings.db.tables import passages

MIN_WORDS = 80
MAX_WORDS = 200  # what the vectors see of a passage is its first 160 words (search/vectors.py)
OVERLAP_WORDS = 35
MIN_KEPT_WORDS = 15  # a page with less is page furniture, not text
HEADING_MAX_WORDS = 8
HEADING_MAX_CHARS = 70
SENTENCE_MIN_WORDS = 6
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÅÄÖ0-9“\"(])")
_MARKDOWN_HEADING = re.compile(r"^\s*(#{1,6})\s+(.*\S)\s*$")
_BOLD_LINE = re.compile(r"^\s*\*\*(.{3,120}?)\*\*\s*$")
_NUMBER = re.compile(r"^[(\[]?[-–−+]?[$€£]?\d[\d.,:/]*[%x)\]]*[.,;]?$|^[-–−—]$")
_DASHES = frozenset("-–−—")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_BULLET = "•*-–▪■►"
# A line ending in one of these goes on in the next, so it is no heading (`... that the`).
_CARRIED_ON = frozenset(
    "a an and as at by for from in of on or that the to with och att av en ett för i med på "
    "som till ja sekä tai".split()
)


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


def _numbers(tokens: list[str]) -> int:
    return sum(1 for t in tokens if _NUMBER.match(t))


def is_table_row(line: str) -> bool:
    """A line of a table: a label (or nothing) followed by at least two figures, ending in a
    figure (`Inventories 31 979 27 113`, `Revenues 6 515 6 832 -5%`)."""
    tokens = line.split()
    if len(tokens) < 2 or not _NUMBER.match(tokens[-1]):
        return False
    figures = _numbers(tokens)
    return figures >= 2 and (figures * 2 >= len(tokens) - 1 or bool(_NUMBER.match(tokens[-2])))


def is_heading(line: str) -> bool:
    """A short line that names what follows: a capital, no sentence end, not a table row, at
    most one figure (`Outlook 2025`, `Note 12`; `MSEK 2025 2024` heads a table's columns), a few
    letters."""
    text = line.strip().strip("*#").strip()
    if not text or len(text) > HEADING_MAX_CHARS:
        return False
    tokens = text.split()
    if len(tokens) > HEADING_MAX_WORDS or text[-1] in ".,;:" or not text[0].isupper():
        return False
    if tokens[-1] in _CARRIED_ON or tokens[-1] in _DASHES or "...." in text or ". . ." in text:
        # it goes on in the next line (`Mobile Networks`, a dash), or it is a contents line
        return False
    if is_table_row(text):
        return False
    # a lone dash between words separates them (`Note 21`, a dash, `Legal Proceedings`): no
    # figure here
    figures = [t for t in tokens if _NUMBER.match(t) and t not in _DASHES]
    if len(figures) > 1:
        return False
    if figures and figures[0] == tokens[-1] and not _YEAR.match(tokens[-1]) and len(tokens) > 2:
        return False  # `Inventories 31`: a row cut short
    return sum(c.isalpha() for c in text) >= 3


def _goes_on(following: str) -> bool:
    """Whether a line is carried on by the next one: the next begins in lower case or with a
    figure (`... the margin reached` / `18.8% (20.6). The lower margin ...`)."""
    if not following:
        return False
    first = following.lstrip('(“"')[:1]
    return first.islower() or first.isdigit()


@dataclass
class _Unit:
    kind: str  # heading | row | prose
    text: str


def _units(text: str, markdown: bool) -> list[_Unit]:
    """The page's lines as headings, table rows and prose (wrapped lines joined), in order."""
    lines = [raw.strip() for raw in text.splitlines()]
    units: list[_Unit] = []
    previous = ""
    for index, line in enumerate(lines):
        if not line:
            if units and units[-1].kind == "prose":
                units[-1].text += "\n"  # a paragraph ends: the next prose starts a new one
            previous = ""
            continue
        following = next((n for n in lines[index + 1 :] if n), "")
        heading = _MARKDOWN_HEADING.match(line) if markdown else None
        bold = _BOLD_LINE.match(line) if markdown else None
        title = heading.group(2) if heading else bold.group(1) if bold else None
        ends_sentence = not previous or previous[-1] in '.!?:)”"' or is_table_row(previous)
        if (
            title is None
            and is_heading(line)
            and not _goes_on(following)
            and (ends_sentence or is_heading(previous))
        ):
            title = line
        if title is not None:
            units.append(_Unit("heading", " ".join(title.replace("**", " ").split())))
        elif is_table_row(line) or line[0] in _BULLET:
            units.append(_Unit("row", line))
        elif units and units[-1].kind == "prose" and not units[-1].text.endswith("\n"):
            units[-1].text += " " + line
        else:
            units.append(_Unit("prose", line))
        previous = line
    return units


def _sentences(text: str) -> list[str]:
    """A paragraph's sentences; one over MAX_WORDS is cut at words."""
    out: list[str] = []
    for sentence in _SENTENCE_END.split(text):
        words = sentence.split()
        while len(words) > MAX_WORDS - OVERLAP_WORDS:
            out.append(" ".join(words[: MAX_WORDS - OVERLAP_WORDS]))
            words = words[MAX_WORDS - OVERLAP_WORDS :]
        if words:
            out.append(" ".join(words))
    return out


def _overlap(lines: list[str]) -> list[str]:
    """The last sentences (or rows) of a passage, up to OVERLAP_WORDS words, to open the next."""
    pieces: list[str] = []
    for line in reversed(lines):
        for sentence in reversed(_sentences(line) if len(line.split()) > 1 else [line]):
            if _words(" ".join([sentence, *pieces])) > OVERLAP_WORDS:
                return pieces
            pieces.insert(0, sentence)
    return pieces


def split_passages(
    text: str, title: str | None = None, *, markdown: bool = False
) -> list[PassageText]:
    """The passages of one page (or one section on one page), in reading order."""
    if _words(text) < MIN_KEPT_WORDS:
        return []
    passages: list[PassageText] = []
    current: list[str] = []  # lines of the passage being built
    carried = 0  # how many of them repeat the passage before
    current_title = title

    def size() -> int:
        return sum(_words(line) for line in current)

    def close() -> None:
        nonlocal carried
        if len(current) > carried:
            passages.append(PassageText(current_title, "\n".join(current)))
        current.clear()
        carried = 0

    def add(line: str) -> None:
        nonlocal carried
        if current and size() + _words(line) > MAX_WORDS:
            kept = _overlap(current)
            close()
            current.extend(kept)
            carried = len(kept)
        current.append(line)

    for unit in _units(text, markdown):
        if unit.kind == "heading":
            if size() - sum(_words(x) for x in current[:carried]) >= MIN_WORDS:
                close()
            if size() < MIN_KEPT_WORDS or not current:
                current_title = unit.text
            add(unit.text)
        elif unit.kind == "row":
            add(unit.text)
        else:
            for paragraph in unit.text.split("\n"):
                line: list[str] = []  # sentences of the paragraph that fit the passage
                for sentence in _sentences(paragraph):
                    if line and size() + _words(" ".join([*line, sentence])) > MAX_WORDS:
                        add(" ".join(line))
                        line = []
                    line.append(sentence)
                if line:
                    add(" ".join(line))
    if len(current) > carried:
        rest = "\n".join(current[carried:])
        last = passages[-1] if passages else None
        if (
            last is not None
            and _words(rest) < MIN_WORDS // 2
            and _words(last.content) + _words(rest) <= MAX_WORDS + MIN_WORDS // 2
        ):
            passages[-1] = PassageText(last.title, f"{last.content}\n{rest}")
        else:
            close()
    return passages


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


def paged_passages(pages: list[str]) -> list[list[PassageText]]:
    """Each page's passages, the running heads and footers left out (`without_furniture`). A
    page that goes on from the one before (`goes_on_from_before`: a sentence or a table cut by
    the page break) begins under the heading in force there, so the passages before its own
    first heading carry that heading as their title: a note's second page, a reconciliation's
    rows under no caption. A page that begins otherwise keeps the titles it gives itself (a
    new section whose heading the text does not set apart is not given the last one's)."""
    found: list[list[PassageText]] = []
    carried: str | None = None
    for page in without_furniture(pages):
        inherited = carried if goes_on_from_before(page) else None
        found.append(split_passages(page, inherited))
        carried = section_heading(page) or inherited
    return found


def goes_on_from_before(page: str) -> bool:
    """Whether a page's text begins inside what the page before began: its first line carries
    on a sentence (it begins in lower case) or is a row of a table."""
    first = next((line.strip() for line in page.splitlines() if line.strip()), "")
    return bool(first) and (first[0].islower() or is_table_row(first))


def section_heading(text: str) -> str | None:
    """The last heading of a page that opens prose: a section's or a note's, or a table's caption
    over the sentence that says what it shows; not a heading that labels a table's columns or a
    group of its rows (`Three Months Ended`, `Liabilities`), which rows or headings follow."""
    units = _units(text, markdown=False)
    found = None
    for unit, following in itertools.pairwise(units):
        if unit.kind == "heading" and _is_sentence(following):
            found = unit.text
    return found


def _is_sentence(unit: _Unit) -> bool:
    """Prose that runs as sentences do: at least SENTENCE_MIN_WORDS words, most of them in lower
    case; not the labels of a table's columns broken over lines (`Amount Total Fair Value Level
    1 Level 2 Level 3`, `(Diluted US cents)(1) EBITDA EBIT`)."""
    words = unit.text.split()
    lower = sum(1 for w in words if w[0].islower())
    return unit.kind == "prose" and len(words) >= SENTENCE_MIN_WORDS and lower * 2 >= len(words)


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
