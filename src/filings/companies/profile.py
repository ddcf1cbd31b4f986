"""Company profiles drawn from the filings (4.6): extractive, every sentence the issuer's own and
cited to its page.

US: the newest 10-K whose text is held. Item 1 gives the overview (its opening), products and
services (sentences under headings on products, services, segments), customers (under markets,
distribution and customers, or naming customers) and strategy; Item 1A the risks (its risk
headings, in the order the filing names them); Item 7's critical accounting estimates the
accounting section; geography the revenue-geography data (tags) and sentences on markets.
Nordic: the newest annual report (its sections found by their headings: the company in brief,
strategy, risk management, accounting policies) and the newest interim report's CEO comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import Connection, select

from filings.companies.extractive import Sentence, central, sentences_of, tags_of
from filings.db.tables import filing_texts, filings, passages

SOURCE = "filings_extractive"
US_ANNUAL = ("10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A")
_PRODUCTS = re.compile(r"product|service|platform|segment|offering|solution|business area", re.I)
_CUSTOMERS = re.compile(r"customer|market(s|ing)? and distribution|distribution|sales", re.I)
_STRATEGY = re.compile(
    r"\bstrateg|\bour goal|\bour mission|\bfocus(es|ed)? on\b|\bstrives?\b", re.I
)
_GEOGRAPHY = re.compile(
    r"countr|international|geograph|outside the (u\.s\.|united states)|region|worldwide|global",
    re.I,
)
_CRITICAL = re.compile(r"critical accounting (policies and )?estimates|critical accounting", re.I)
_RISK_CATEGORY = re.compile(r"risks?$", re.I)
NORDIC_SECTIONS = {
    "overview": re.compile(
        r"in brief|this is |about |business concept|business model|affärsidé|lyhyesti|"
        r"ceo('s)? (comment|review|letter|statement)|comments? (from|by) the (ceo|president)|"
        r"chief executive|president'?s? (comment|review|letter)|vd har ordet|vd-ord|"
        r"toimitusjohtajan katsaus",
        re.I,
    ),
    "strategy": re.compile(r"strateg|goals|mål|tavoit", re.I),
    "risks": re.compile(r"risk", re.I),
    "accounting": re.compile(
        r"accounting policies|accounting principles|redovisningsprinciper|"
        r"laatimisperiaatteet|significant estimates",
        re.I,
    ),
}


@dataclass
class Block:
    """A block of a filing's text: its section, the nearest heading above it, its page."""

    section: str
    heading: str
    text: str
    page_id: str
    page_number: int | None
    position: int


@dataclass
class Sources:
    """What a profile is drawn from."""

    blocks: list[Block] = field(default_factory=list)
    filed: date | None = None
    language: str = "en"


def _is_heading(text: str) -> bool:
    words = text.split()
    return 0 < len(words) <= 12 and text[-1] not in ".!?:;," and text[0].isupper()


def us_sources(conn: Connection, company_pk: int) -> Sources:
    """The blocks of the newest 10-K whose text is held."""
    newest = conn.execute(
        select(filings.c.id, filings.c.accession_number, filings.c.filed_date)
        .join(filing_texts, filing_texts.c.filing_pk == filings.c.id)
        .where(filings.c.company_pk == company_pk, filings.c.form.in_(US_ANNUAL))
        .order_by(filings.c.filed_date.desc())
        .limit(1)
    ).first()
    if newest is None:
        return Sources()
    rows = conn.execute(
        select(filing_texts.c.section, filing_texts.c.page_number, filing_texts.c.text)
        .where(filing_texts.c.filing_pk == newest.id)
        .order_by(filing_texts.c.position)
    ).all()
    sources = Sources(filed=newest.filed_date)
    heading = ""
    for row in rows:
        for text in row.text.split("\n\n"):
            text = text.strip()
            if _is_heading(text):
                heading = text
            sources.blocks.append(
                Block(
                    row.section,
                    heading,
                    text,
                    newest.accession_number,
                    row.page_number,
                    len(sources.blocks),
                )
            )
    return sources


def nordic_sources(conn: Connection, company_pk: int) -> Sources:
    """The passages of the newest annual report and of the newest interim report."""
    sources = Sources()
    for kind in ("annual_report", "interim_report"):
        newest = conn.execute(
            select(filings.c.id, filings.c.listed_date, filings.c.language)
            .where(filings.c.company_pk == company_pk, filings.c.document_type == kind)
            .order_by(filings.c.fiscal_year.desc(), filings.c.listed_date.desc())
            .limit(1)
        ).first()
        if newest is None:
            continue
        if newest.listed_date and (sources.filed is None or newest.listed_date > sources.filed):
            sources.filed = newest.listed_date
        sources.language = newest.language or sources.language
        for row in conn.execute(
            select(
                passages.c.content_title,
                passages.c.content,
                passages.c.page_id,
                passages.c.page_number,
            )
            .where(passages.c.filing_pk == newest.id)
            .order_by(passages.c.position)
        ):
            # A passage keeps the headings inside it as lines of its text (its title is the
            # first): each opens a block of its own.
            heading: str = row.content_title or ""
            lines: list[str] = []
            for line in [*row.content.split("\n"), None]:
                if line is None or (_is_subheading(line) and line != heading and lines):
                    sources.blocks.append(
                        Block(
                            kind,
                            heading,
                            "\n".join(lines),
                            row.page_id,
                            row.page_number,
                            len(sources.blocks),
                        )
                    )
                    if line is None:
                        break
                    heading, lines = line, []
                lines.append(line)
    return sources


def _is_subheading(line: str) -> bool:
    """A heading line inside a passage: short, no figures, no sentence end."""
    return len(line.split()) <= 8 and not any(c.isdigit() for c in line) and _is_heading(line)


def _sentences(blocks: list[Block]) -> list[Sentence]:
    out: list[Sentence] = []
    for block in blocks:
        out += sentences_of(block.text, block.page_id, block.page_number, block.position * 1000)
    return out


def _section(
    chosen: list[Sentence], kind: str | None, full: list[Block], with_text: bool
) -> dict[str, Any]:
    text = " ".join(s.text for s in chosen)
    section: dict[str, Any] = {
        "text": text,
        "tags": tags_of(kind, text) if kind else [],
        "sources": list(dict.fromkeys(s.page_id for s in chosen)),
        "sentences": [
            {"text": s.text, "page_id": s.page_id, "page_number": s.page_number} for s in chosen
        ],
    }
    if with_text:
        section["full_text"] = "\n\n".join(b.text for b in full)
    return section


def _risk_headings(blocks: list[Block]) -> list[Sentence]:
    """Item 1A's risk headings: one-sentence blocks, in the order the filing names them."""
    headings = []
    for block in blocks:
        found = sentences_of(block.text, block.page_id, block.page_number, block.position * 1000)
        if len(found) == 1 and len(block.text.split()) <= 45 and found[0].text == block.text:
            headings.append(found[0])
    return headings


def us_sections(sources: Sources, geography_tags: list[str], with_text: bool) -> dict[str, Any]:
    """The profile's sections from a 10-K's blocks."""
    item1 = [
        b
        for b in sources.blocks
        if b.section.startswith("item_1")
        and b.section != "item_1a"
        and not b.section.startswith("item_1b")
        and not b.section.startswith("item_1c")
    ]
    risks = [b for b in sources.blocks if b.section == "item_1a"]
    item7 = [b for b in sources.blocks if b.section.startswith("item_7") and b.section != "item_7a"]
    critical = _after_heading(item7, _CRITICAL)
    opening = item1[: max(len(item1) // 5, 6)]
    products = [b for b in item1 if _PRODUCTS.search(b.heading)]
    customers = [b for b in item1 if _CUSTOMERS.search(b.heading) or "customer" in b.text.lower()]
    strategy = [s for s in _sentences(item1 + item7) if _STRATEGY.search(s.text)]
    geography = [s for s in _sentences(item1 + item7) if _GEOGRAPHY.search(s.text)]
    sections: dict[str, Any] = {
        "overview": _section(_lead_and_central(_sentences(opening), 3), None, opening, with_text),
        "products_services": _section(
            central(_sentences(products), 4), "products", products, with_text
        ),
        "customers": _section(central(_sentences(customers), 3), "customers", customers, with_text),
        "strategy": _section(central(strategy, 2), None, [], False),
        "geography": _section(central(geography, 2), None, [], False),
        "risks": _section(_risk_headings(risks)[:5], "risks", risks, with_text),
        "accounting": _section(central(_sentences(critical), 3), "accounting", critical, with_text),
    }
    sections["geography"]["tags"] = geography_tags
    return sections


def _lead_and_central(candidates: list[Sentence], keep: int) -> list[Sentence]:
    """The opening sentence (what the company does, as filings begin), then the most central."""
    if not candidates:
        return []
    rest = central(candidates[1:], keep - 1)
    return [candidates[0], *rest]


def _after_heading(blocks: list[Block], heading: re.Pattern[str]) -> list[Block]:
    """The blocks under the first heading that matches, up to the next major heading."""
    start = next((i for i, b in enumerate(blocks) if heading.search(b.heading)), None)
    if start is None:
        return []
    title = blocks[start].heading
    return [b for b in blocks[start:] if b.heading == title or not _is_major(b.heading)][:60]


def _is_major(heading: str) -> bool:
    return heading.isupper() or heading.startswith("Item ")


def nordic_sections(sources: Sources, geography_tags: list[str], with_text: bool) -> dict[str, Any]:
    """The profile's sections from a Nordic report's passages, found by their headings."""

    def titled(pattern: re.Pattern[str]) -> list[Block]:
        return [b for b in sources.blocks if pattern.search(b.heading)]

    overview = titled(NORDIC_SECTIONS["overview"]) or sources.blocks[:8]
    strategy = titled(NORDIC_SECTIONS["strategy"])
    risks = titled(NORDIC_SECTIONS["risks"])
    accounting = titled(NORDIC_SECTIONS["accounting"])
    everything = _sentences(sources.blocks)
    products = [s for s in everything if _PRODUCTS.search(s.text)]
    customers = [s for s in everything if "customer" in s.text.lower() or "kund" in s.text.lower()]
    geography = [s for s in everything if _GEOGRAPHY.search(s.text)]
    sections: dict[str, Any] = {
        "overview": _section(central(_sentences(overview), 3), None, overview, with_text),
        "products_services": _section(central(products, 4), "products", [], False),
        "customers": _section(central(customers, 3), "customers", [], False),
        "strategy": _section(
            central(_sentences(strategy) or [s for s in everything if _STRATEGY.search(s.text)], 2),
            None,
            strategy,
            with_text,
        ),
        "geography": _section(central(geography, 2), None, [], False),
        "risks": _section(central(_sentences(risks), 4), "risks", risks, with_text),
        "accounting": _section(
            central(_sentences(accounting), 3), "accounting", accounting, with_text
        ),
    }
    sections["geography"]["tags"] = geography_tags
    return sections
