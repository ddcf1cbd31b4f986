"""Storing a US filing's documents: text units and inline-XBRL facts, in one transaction per
filing, rewritten only when the documents' bytes (or the reader) changed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Connection, delete, func, insert, or_, select, update

from filings.core.concepts import PERIODIC_FORMS, mapped_concepts
from filings.db.tables import (
    companies,
    filing_texts,
    filings,
    pages,
    release_figures,
    xbrl_facts,
)
from filings.ingest.passages import PlacedPassage, split_passages, sync_passages
from filings.ingest.sec.documents import FilingDocuments
from filings.ingest.sec.labels_load import sync_concept_labels
from filings.ingest.sec.releases import ReleaseFigure
from filings.ingest.sec.sections import TextUnit
from filings.ingest.standardize.depreciation import is_d_and_a_line
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import fact_precision, spaced_label
from filings.ingest.xbrl.model import XbrlFact
from filings.ingest.xbrl.placement import CASH_FLOW, statement_of, statement_tables

HEADING_SEPARATOR = " > "


def text_rows(
    filing_pk: int, documents: list[tuple[str, str, list[TextUnit]]]
) -> list[dict[str, Any]]:
    """The `filing_texts` rows of a filing's documents, each (file name, type, text units), in
    reading order."""
    rows: list[dict[str, Any]] = []
    for filename, kind, units in documents:
        for unit in units:
            rows.append(
                {
                    "filing_pk": filing_pk,
                    "position": len(rows) + 1,
                    "document": filename,
                    "document_type": kind,
                    "section": unit.section,
                    "heading_path": HEADING_SEPARATOR.join(unit.heading_path),
                    "page_number": unit.page_number,
                    "printed_page": unit.printed_page,
                    "text": unit.text,
                }
            )
    return rows


def _text_rows(filing_pk: int, found: FilingDocuments) -> list[dict[str, Any]]:
    return text_rows(filing_pk, [(d.filename, d.type, d.units) for d in found.documents])


def page_id_of(accession: str, page_number: int) -> str:
    """The page id of a US filing's page: `<accession>_<n>`, n counted over the filing."""
    return f"{accession}_{page_number}"


def _page_rows(filing_pk: int, found: FilingDocuments) -> list[dict[str, Any]]:
    return [
        {
            "filing_pk": filing_pk,
            "page_number": page.number,
            "page_id": page_id_of(found.accession, page.number),
            "text": page.text,
            "document": page.document,
            "printed_page": page.printed_page,
        }
        for page in found.pages
    ]


def fact_rows(filing_pk: int, documents: Iterable[Sequence[XbrlFact]]) -> list[dict[str, Any]]:
    """The `xbrl_facts` rows of a filing's documents (each its facts): numeric facts, each once
    at its most precise (a document may state a fact in several places, rounded in the text and
    exact in a table), at equal precision where it stands on a statement; with the statement
    its document places it on."""
    rows: dict[tuple[object, ...], dict[str, Any]] = {}
    for facts in documents:
        tables = statement_tables(list(facts))
        for fact in facts:
            _keep_most_precise(rows, filing_pk, fact, statement_of(fact, tables))
    return list(rows.values())


def _rank(decimals: str | None, statement: str | None) -> tuple[float, bool]:
    return fact_precision(decimals), statement is not None


def _keep_most_precise(
    rows: dict[tuple[object, ...], dict[str, Any]],
    filing_pk: int,
    fact: XbrlFact,
    statement: str | None,
) -> None:
    if not isinstance(fact.value, Decimal) or fact.context.end is None:
        return
    start = None if fact.context.instant else fact.context.start
    key = (fact.name, fact.unit, start, fact.context.end, fact.context.dimensions)
    held = rows.get(key)
    if held is not None and _rank(held["decimals"], held["statement"]) >= _rank(
        fact.decimals, statement
    ):
        return
    rows[key] = {
        "filing_pk": filing_pk,
        "concept": fact.name,
        "unit": fact.unit,
        "period_start": start,
        "period_end": fact.context.end,
        "value": str(fact.value),
        "decimals": fact.decimals,
        "dimensions": [list(pair) for pair in fact.context.dimensions],
        "statement": statement,
    }


def _figure_rows(filing_pk: int, found: FilingDocuments) -> list[dict[str, Any]]:
    return [
        {
            "filing_pk": filing_pk,
            "document": document.filename,
            "document_type": document.type,
            "metric_key": figure.metric_key,
            "period_kind": figure.period_kind,
            "period_end": figure.period_end,
            "period_days": figure.period_days,
            "value": format(figure.value, "f"),
            "currency": figure.currency,
            "label": figure.label,
            "page_number": figure.page_number,
        }
        for document, figure in found.release_figures
    ]


@dataclass(frozen=True)
class StoredRelease:
    """A release figure as stored, with its filing."""

    accession: str
    filed: date
    document: str
    document_type: str
    figure: ReleaseFigure


def release_figures_of(found: FilingDocuments, filed: date) -> list[StoredRelease]:
    """The release figures of a filing read in this run, as `stored_release_figures` gives
    them."""
    return [
        StoredRelease(found.accession, filed, d.filename, d.type, figure)
        for d, figure in found.release_figures
    ]


def stored_release_figures(conn: Connection, cik: str, skip: set[str]) -> list[StoredRelease]:
    """The release figures stored for the company's filings in earlier runs, but for those
    this run read (`skip`)."""
    rows = conn.execute(
        select(release_figures, filings.c.accession_number, filings.c.filed_date)
        .join(filings, filings.c.id == release_figures.c.filing_pk)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(companies.c.cik == cik)
        .order_by(release_figures.c.id)
    ).all()
    return [
        StoredRelease(
            row.accession_number,
            row.filed_date,
            row.document,
            row.document_type,
            ReleaseFigure(
                row.metric_key,
                row.period_kind,
                row.period_end,
                row.period_days,
                Decimal(row.value),
                row.label,
                row.page_number,
                row.currency,
            ),
        )
        for row in rows
        if row.accession_number not in skip
    ]


def filing_keys(conn: Connection, accession: str) -> tuple[int, int] | None:
    """(filing pk, company pk) of a filing known by its accession number."""
    row = conn.execute(
        select(filings.c.id, filings.c.company_pk).where(filings.c.accession_number == accession)
    ).first()
    return (int(row.id), int(row.company_pk)) if row else None


def sync_filing_documents(conn: Connection, accession: str, found: FilingDocuments) -> bool:
    """Make the filing's stored text and facts those of `found`; whether anything changed."""
    filing = conn.execute(
        select(filings.c.id, filings.c.company_pk, filings.c.sha256).where(
            filings.c.accession_number == accession
        )
    ).first()
    if filing is None or filing.sha256 == found.sha256:
        return False
    conn.execute(delete(filing_texts).where(filing_texts.c.filing_pk == filing.id))
    conn.execute(delete(pages).where(pages.c.filing_pk == filing.id))
    conn.execute(delete(xbrl_facts).where(xbrl_facts.c.filing_pk == filing.id))
    conn.execute(delete(release_figures).where(release_figures.c.filing_pk == filing.id))
    figures = _figure_rows(filing.id, found)
    if figures:
        conn.execute(insert(release_figures), figures)
    texts = _text_rows(filing.id, found)
    if texts:
        conn.execute(insert(filing_texts), texts)
    page_rows = _page_rows(filing.id, found)
    if page_rows:
        conn.execute(insert(pages), page_rows)
    facts = fact_rows(filing.id, [d.facts for d in found.documents])
    if facts:
        conn.execute(insert(xbrl_facts), facts)
    sync_concept_labels(conn, filing.id, found.labels)
    conn.execute(
        update(filings)
        .where(filings.c.id == filing.id)
        .values(sha256=found.sha256, page_count=found.page_count)
    )
    sync_passages(conn, filing.id, filing.company_pk, "en", filing_passages(accession, found))
    return True


def filing_passages(accession: str, found: FilingDocuments) -> list[PlacedPassage]:
    """A US filing's passages: each section's text on each page, cut at its subheadings; they
    cite their page, `<accession>_<n>`, with its number n over the filing."""
    return [
        PlacedPassage(page_id_of(accession, page.number), page.number, passage)
        for page in found.pages
        for unit in page.units
        for passage in split_passages(
            unit.text, unit.heading_path[-1] if unit.heading_path else None
        )
    ]


def stored_document_facts(
    conn: Connection, cik: str, skip: set[str], labels: dict[tuple[str, str], str]
) -> list[Fact]:
    """The figures' facts stored from the company's EDGAR filings' documents in earlier runs,
    for filings this run did not read (`skip`: the ones it did), so a narrower run loses none
    of them. A document added by manifest is not an EDGAR filing's and is not read here."""
    facts = _document_facts(
        conn,
        [companies.c.cik == cik, filings.c.accession_number.is_not(None)],
        labels,
    )
    return [fact for fact in facts if fact.accession not in skip]


def manifest_document_facts(
    conn: Connection, company_pk: int, labels: dict[tuple[str, str], str]
) -> list[Fact]:
    """The figures' facts stored from the company's periodic reports added by manifest (inline
    XBRL HTML), each naming its document by docid where an EDGAR fact names its accession, and
    dated by the document's publication (else its period's end)."""
    return _document_facts(
        conn,
        [filings.c.company_pk == company_pk, filings.c.accession_number.is_(None)],
        labels,
    )


def _document_facts(
    conn: Connection, where: list[ColumnElement[bool]], labels: dict[tuple[str, str], str]
) -> list[Fact]:
    """The stored facts of the filings `where` selects that a figure may come from: periodic
    reports' facts without dimensions, of a mapped concept or a cash-flow line."""
    names = [f"{t}:{c}" for t, cs in mapped_concepts().items() for c in cs]
    rows = conn.execute(
        select(
            xbrl_facts.c.concept,
            xbrl_facts.c.unit,
            xbrl_facts.c.period_start,
            xbrl_facts.c.period_end,
            xbrl_facts.c.value,
            xbrl_facts.c.dimensions,
            xbrl_facts.c.label,
            xbrl_facts.c.statement,
            func.coalesce(filings.c.accession_number, filings.c.docid).label("document"),
            filings.c.form,
            func.coalesce(filings.c.filed_date, filings.c.listed_date).label("filed"),
        )
        .join(filings, filings.c.id == xbrl_facts.c.filing_pk)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(
            *where,
            filings.c.form.in_(PERIODIC_FORMS),
            or_(
                xbrl_facts.c.concept.in_(sorted(set(names))),
                xbrl_facts.c.statement == CASH_FLOW,  # a cash-flow line of the company's own
            ),
        )
        .order_by(xbrl_facts.c.id)
    ).all()
    mapped = set(names)
    out = []
    for row in rows:
        if row.dimensions or row.unit is None or row.document is None:
            continue
        if row.concept not in mapped and not is_d_and_a_line(row.concept):
            continue
        taxonomy, _, concept = row.concept.partition(":")
        out.append(
            Fact(
                taxonomy=taxonomy,
                concept=concept,
                label=row.label or labels.get((taxonomy, concept)) or spaced_label(concept),
                unit=row.unit,
                start=row.period_start,
                end=row.period_end,
                value=Decimal(row.value),
                accession=row.document,
                form=row.form,
                filed=row.filed or row.period_end,
                statement=row.statement,
            )
        )
    return out
