"""Reading feed documents: PDF pages with pypdfium2, and release texts (markdown after a front
matter block) as one-page documents."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

import pypdfium2 as pdfium

from filings.core.errors import MalformedInput
from filings.core.hyphens import join_hyphenated
from filings.core.ligatures import join_ligatures

_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)


@dataclass(frozen=True)
class DocumentText:
    """The pages of a document and what identifies it."""

    docid: str
    sha256: str
    pages: list[str]
    kind: str  # pdf | release
    title: str | None


def docid_of(content: bytes) -> tuple[str, str]:
    """(docid, sha256): the docid is the first 16 hex digits of the file's SHA-256."""
    digest = hashlib.sha256(content).hexdigest()
    return digest[:16], digest


def pdf_pages(content: bytes) -> list[str]:
    """The text of every page of a PDF, its hyphenation marks resolved (`core/hyphens.py`) and
    its `ff` ligatures read as `f ` joined (`core/ligatures.py`)."""
    try:
        pdf = pdfium.PdfDocument(content)
    except pdfium.PdfiumError as exc:
        raise MalformedInput(f"not a readable PDF: {exc}") from exc
    try:
        pages = []
        for index in range(len(pdf)):
            page = pdf[index]
            textpage = page.get_textpage()
            pages.append(textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n"))
            textpage.close()
            page.close()
        return join_ligatures(join_hyphenated(pages))
    finally:
        pdf.close()


def _front_matter_title(block: str) -> str | None:
    match = re.search(r'^title:\s*"?(.*?)"?\s*$', block, re.MULTILINE)
    return match.group(1) if match else None


def read_document(content: bytes, name: str) -> DocumentText:
    """Pages of a PDF, or a release text as one page; the kind is decided by the bytes.

    A release is UTF-8 text that opens with a front-matter block, as the wires deliver it; a
    file named `.pdf` must be a PDF. Anything else is refused, never guessed.
    """
    docid, digest = docid_of(content)
    if content[:5] == b"%PDF-":
        pages = pdf_pages(content)
        if not pages:
            raise MalformedInput(f"{name}: a PDF without pages")
        return DocumentText(docid, digest, pages, "pdf", None)
    if name.lower().endswith(".pdf"):
        raise MalformedInput(f"{name}: named .pdf but its bytes are not a PDF")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedInput(f"{name}: neither a PDF nor UTF-8 text") from exc
    match = _FRONT_MATTER.match(text)
    if match is None or "\x00" in text:
        raise MalformedInput(f"{name}: neither a PDF nor a release (front matter, then the body)")
    title = _front_matter_title(match.group(1))
    body = text[match.end() :]
    if not body.strip():
        raise MalformedInput(f"{name}: an empty release")
    return DocumentText(docid, digest, [body.strip()], "release", title)
