"""Reading a manifest's document: a PDF's pages (pypdfium2, as the Nordic reader does), an HTML
document's pages (the EDGAR reader's blocks, split where the document asks for a page break) or
a plain text as one page. What a file is comes from its bytes; a file whose name says otherwise
(a `.pdf` that is no PDF) is refused, never guessed.

An HTML document is also cut into text units by its form's items, as a filing read from EDGAR is
(`Item 1A. Risk Factors`, `Note 1 - ...`): a 10-K added by manifest is read item by item, and its
blocks keep the lines the HTML gave them. An inline-XBRL document also gives its facts and the
labels its tables print, as the EDGAR reader reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from filings.core.errors import MalformedInput
from filings.core.markets import PDF, TEXT
from filings.ingest.nordic.documents import docid_of, pdf_pages
from filings.ingest.sec.html_text import Page, read_pages
from filings.ingest.sec.sections import TextUnit, text_units
from filings.ingest.xbrl.inline import inline_facts, is_inline, parse_xml
from filings.ingest.xbrl.labels import issuer_labels
from filings.ingest.xbrl.model import XbrlFact
from filings.ingest.xbrl.presentation import PrintedLabel

_HTML_START = re.compile(rb"<(?:!doctype\s+html|html[\s>])", re.IGNORECASE)
_HTML_NAMES = (".htm", ".html", ".xhtml")
_TEXT_NAMES = (".txt", ".text", ".md")


@dataclass(frozen=True)
class DocumentPages:
    """A document's pages and what identifies it."""

    docid: str
    sha256: str
    pages: list[str]
    document_format: str  # core/markets.py: pdf (pages rendered) or text (the text is shown)
    kind: str  # pdf | html | text
    # an HTML document's text by the sections of its form, each unit on its page (as stored)
    units: tuple[TextUnit, ...] = ()
    # an inline-XBRL document's facts, and the label each concept's row prints (its tables)
    facts: tuple[XbrlFact, ...] = ()
    labels: dict[str, PrintedLabel] = field(default_factory=dict)


def _html_pages(content: bytes, name: str) -> list[Page]:
    """An HTML document's pages that hold text, numbered from 1 as they are stored."""
    pages = [page for page in read_pages(content) if "\n".join(page.blocks).strip()]
    if not pages:
        raise MalformedInput(f"{name}: an HTML document without text")
    for number, page in enumerate(pages, start=1):
        page.number = number
    return pages


def _text_page(content: bytes, name: str) -> list[str]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedInput(f"{name}: neither a PDF, HTML nor UTF-8 text") from exc
    if "\x00" in text:
        raise MalformedInput(f"{name}: binary content, neither a PDF, HTML nor text")
    if not text.strip():
        raise MalformedInput(f"{name}: an empty text")
    return [text.strip()]


def read_document(content: bytes, name: str, form: str = "") -> DocumentPages:
    """The pages of a PDF, an HTML document or a plain text, decided by the bytes; a name that
    promises another kind is refused. An HTML document is also cut by the items of its `form`
    (the record's document type: 10-K, 10-Q, 8-K ...; another type gives no items)."""
    docid, digest = docid_of(content)
    lowered = name.lower().split("?", 1)[0]
    if content[:5] == b"%PDF-":
        pages = pdf_pages(content)
        if not pages:
            raise MalformedInput(f"{name}: a PDF without pages")
        return DocumentPages(docid, digest, pages, PDF.key, "pdf")
    if lowered.endswith(".pdf"):
        raise MalformedInput(f"{name}: named .pdf but its bytes are not a PDF")
    if _HTML_START.search(content[:4096]):
        html_pages = _html_pages(content, name)
        texts = ["\n".join(page.blocks) for page in html_pages]
        units = tuple(text_units(html_pages, form or "document"))
        root = parse_xml(content) if is_inline(content) else None
        facts = tuple(inline_facts(root)) if root is not None else ()
        labels = issuer_labels(root) if root is not None else {}
        return DocumentPages(docid, digest, texts, TEXT.key, "html", units, facts, labels)
    if lowered.endswith(_HTML_NAMES):
        raise MalformedInput(f"{name}: named {lowered.rsplit('.', 1)[-1]} but it is not HTML")
    return DocumentPages(docid, digest, _text_page(content, name), TEXT.key, "text")


_REGISTRANT = re.compile(
    r"^\s*(?P<name>[^\n]{2,120}?)\s*\n\s*\(\s*Exact name of registrant as specified in (?:its )?"
    r"charter\s*\)",
    re.IGNORECASE | re.MULTILINE,
)


def registrant_name(first_pages: list[str]) -> str | None:
    """The registrant's name as an SEC form's cover states it ("ACTIVISION BLIZZARD, INC. /
    (Exact name of registrant as specified in its charter)"), or None."""
    for page in first_pages:
        found = _REGISTRANT.search(page)
        if found:
            return found.group("name").strip()
    return None
