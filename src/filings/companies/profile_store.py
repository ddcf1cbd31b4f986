"""Profile sections read out of a filing at ingestion and stored, so that a request only reads:
the document as blocks (profile_document), each section by its rules (profile_rules), and why a
section is empty when it is."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, Row

from filings.companies import queries
from filings.companies.geography_tables import DocumentLine, document_lines
from filings.companies.profile_document import (
    Block,
    blocks_of_pages,
    blocks_of_units,
    filing_page_numbers,
)
from filings.companies.profile_rules import read_sections
from filings.companies.profile_sentences import Found, Issuer
from filings.core.markets import DOCUMENT_FORMATS, PDF, TEXT

CURRENT_REPORTS = ("8-K", "6-K")
# Why a document gives a section nothing, in the words of what was looked for.
REASONS = {
    "overview": "no sentence of it says what the company does (no 'in brief', 'about' or "
    "business description part)",
    "products_services": "it names none of the issuer's products, services, segments or "
    "business areas",
    "customers": "it says nothing of who the customers are or how concentrated they are",
    "geography": "it does not say in words where the company sells or operates",
    "strategy": "it states no strategy, goals, targets or outlook",
    "risks": "it has no risk part (risk factors, risks and uncertainties)",
    "accounting": "it states no accounting principles, policies or critical estimates",
}


def read_pages(conn: Connection, filing: Row[Any]) -> list[tuple[str, int | None, str]]:
    """A filing's pages as readers of its tables and sections take them: none for a format
    whose text is read by section (an SEC filing's pages only place its passages)."""
    if not DOCUMENT_FORMATS[filing.document_format].pages_read:
        return []
    return queries.filing_pages(conn, filing.id)


def document_blocks(
    filing: Row[Any], units: list[Any], pages: list[tuple[str, int | None, str]]
) -> list[Block]:
    """A stored filing as blocks, by what is stored: sectioned text, else its pages (a release's
    markdown, or a PDF's lines)."""
    if units:
        blocks = blocks_of_units(units, filing.accession_number or filing.docid or "")
        if (filing.form or "").startswith(CURRENT_REPORTS):
            # an 8-K (6-K) is its press release with a cover: read as a release is, not by the
            # items of a 10-K (its "Item 2.02" and "EX-99.1" are no business or risk part)
            return [replace(block, section="") for block in blocks]
        return blocks
    return blocks_of_pages(pages, markdown=filing.document_format == TEXT.key)


def table_lines(filing: Row[Any], units: list[Any]) -> list[DocumentLine]:
    """The lines of a sectioned 10-K's MD&A and notes (Items 7 and 8), each HTML table's rows
    rendered as a PDF prints them, citing the filing's pages; none for another filing."""
    document = filing.accession_number or filing.docid or ""
    pages: list[tuple[str, int | None, str]] = [
        (f"{document}_{number}", number, str(unit.text))
        for unit, number in zip(units, filing_page_numbers(units), strict=True)
        if unit.section.split("/")[0] in ("item_7", "item_8")
    ]
    return document_lines(pages)


def _reason(name: str, found: dict[str, Found]) -> str | None:
    """Why a section is empty, or None; an overview no sentence gives points to the segments and
    products the document names, which say what the company is made of if not what it does."""
    if found[name].sentences or found[name].items:
        return None
    listed = [i.name for i in found["products_services"].items][:6]
    if name == "overview" and listed:
        return f"{REASONS[name]}; what it names of its business is under products and services " + (
            f"({', '.join(listed)})"
        )
    # the places it names in passing (an acquisition's, a plant's, a market's growth)
    named = found[name].in_passing
    passing = f"; it names {_listed(named)} only in passing" if named else ""
    # what the overview's own sentence says of it, in passing: that the company is global, or
    # that it helps its customers, without saying where or who they are
    for sentence in found["overview"].sentences if name in _IN_PASSING else []:
        said = _IN_PASSING[name].search(sentence.text)
        if said:
            return _SAID_IN_PASSING[name].format(word=said.group().lower(), text=sentence.text) + (
                passing
            )
    return REASONS[name] + passing


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


_IN_PASSING = {
    "geography": re.compile(
        r"\b(global|worldwide|international|multinational)\b|\bglobaali\w*|\bkansainväli\w*|"
        r"\bvärldsledande\b|\binternationell\w*",
        re.IGNORECASE,
    ),
    "customers": re.compile(r"\bcustomers?\b|\bkund(er|erna)?\b|\basiak\w+", re.IGNORECASE),
}
_SAID_IN_PASSING = {
    "geography": "it names no country or region where the company sells or operates; it calls "
    'the company {word} where it says what it does ("{text}")',
    "customers": "it does not say who the customers are or how concentrated they are; it names "
    'them only where it says what the company does ("{text}")',
}


def _record(name: str, found: dict[str, Found], language: str) -> dict[str, Any]:
    section = found[name]
    return {
        "section": name,
        "language": language,
        "source_heading": section.source_heading,
        "items": [
            {
                "name": i.name,
                "page_id": i.page_id,
                "page_number": i.page_number,
                "part_of": i.part_of,
            }
            for i in section.items
        ],
        "full_text": section.full_text,
        "reason": _reason(name, found),
        "sentences": [
            {
                "text": s.text,
                "page_id": s.page_id,
                "page_number": s.page_number,
                "about": section.about.get(s.position),
            }
            for s in section.sentences
        ],
    }


def store_profile(conn: Connection, filing: Row[Any]) -> bool:
    """Read a filing's profile sections and store them in place of earlier ones; whether
    anything changed. A filing without text stores nothing."""
    units = queries.filing_text_units(conn, filing.id)
    # a filing read by its sections reads no page lines for its segments' tables, whether from
    # EDGAR or HTML by manifest (its pages' rendered rows are revenue geography's to read)
    pages = [] if units else read_pages(conn, filing)
    blocks = document_blocks(filing, units, pages)
    issuer = Issuer.of(filing.company_name, filing.display_name)
    lines = document_lines(pages)
    language = filing.language or "en"
    tables = table_lines(filing, units)
    printed = filing.document_format == PDF.key
    found = read_sections(blocks, issuer, lines, language, tables, printed) if blocks else {}
    wanted = [_record(name, found, language) for name in found]
    return queries.replace_profile_sections(conn, filing.id, filing.company_pk, wanted)
