"""Storing the issuer's labels a US filing's documents give, and reading back every label a
company's stored filings give (theirs, and the Financial Statement Data Sets' pre.txt labels
kept with their values), from which its figure lines take their names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, Connection, delete, func, insert, select

from filings.core.concepts import PERIODIC_FORMS, mapped_concepts
from filings.db.tables import companies, concept_labels, filings, xbrl_facts
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import spaced_label
from filings.ingest.standardize.labels import SeenLabel
from filings.ingest.xbrl.presentation import PLACEMENTS, PrintedLabel


def sync_concept_labels(
    conn: Connection, filing_pk: int, labels: Mapping[str, PrintedLabel]
) -> None:
    """Make the filing's stored labels those of its documents."""
    conn.execute(delete(concept_labels).where(concept_labels.c.filing_pk == filing_pk))
    rows: list[dict[str, Any]] = [
        {
            "filing_pk": filing_pk,
            "concept": concept,
            "label": printed.label,
            "placement": PLACEMENTS[printed.placement],
        }
        for concept, printed in sorted(labels.items())
        if len(concept) <= 200
    ]
    if rows:
        conn.execute(insert(concept_labels), rows)


def seen_labels(
    labels: Mapping[str, PrintedLabel], *, accession: str, filed: date
) -> list[SeenLabel]:
    """One filing's labels, as candidates for its company's lines."""
    out = []
    for concept, printed in labels.items():
        taxonomy, _, name = concept.partition(":")
        out.append(
            SeenLabel(
                taxonomy, name, printed.label, PLACEMENTS[printed.placement], filed, accession
            )
        )
    return out


def _mapped_names() -> list[str]:
    return sorted({f"{t}:{c}" for t, cs in mapped_concepts().items() for c in cs})


def stored_labels(
    conn: Connection, cik: str, skip: Iterable[str] = (), facts: Iterable[Fact] = ()
) -> list[SeenLabel]:
    """The labels the company's stored periodic EDGAR filings give its mapped concepts and the
    concepts of `facts` (a company's own line that counts for a metric, such as its D&A line on
    the cash-flow statement): from their documents (except the filings in `skip`, read again by
    this run) and from pre.txt."""
    where = [companies.c.cik == cik, filings.c.accession_number.is_not(None)]
    return _labels(conn, where, set(skip), facts)


def manifest_labels(conn: Connection, company_pk: int, facts: Iterable[Fact]) -> list[SeenLabel]:
    """The labels the company's periodic reports added by manifest print for its mapped
    concepts and those of `facts`, each naming its document by docid."""
    where = [filings.c.company_pk == company_pk, filings.c.accession_number.is_(None)]
    return _labels(conn, where, set(), facts)


def _labels(
    conn: Connection, where: list[ColumnElement[bool]], skipped: set[str], facts: Iterable[Fact]
) -> list[SeenLabel]:
    own = {f"{f.taxonomy}:{f.concept}" for f in facts}
    names = sorted(set(_mapped_names()) | own)
    company = (
        select(
            filings.c.id,
            func.coalesce(filings.c.accession_number, filings.c.docid).label("accession_number"),
            func.coalesce(filings.c.filed_date, filings.c.listed_date).label("filed_date"),
        )
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(*where, filings.c.form.in_(PERIODIC_FORMS))
        .subquery()
    )
    documents = conn.execute(
        select(
            concept_labels.c.concept,
            concept_labels.c.label,
            concept_labels.c.placement,
            company.c.accession_number,
            company.c.filed_date,
        )
        .join(company, company.c.id == concept_labels.c.filing_pk)
        .where(concept_labels.c.concept.in_(names))
    ).all()
    datasets = conn.execute(
        select(
            xbrl_facts.c.concept,
            xbrl_facts.c.label,
            company.c.accession_number,
            company.c.filed_date,
        )
        .distinct()
        .join(company, company.c.id == xbrl_facts.c.filing_pk)
        .where(xbrl_facts.c.label.is_not(None), xbrl_facts.c.concept.in_(names))
    ).all()
    out = [
        SeenLabel(*_split(r.concept), r.label, r.placement, r.filed_date, r.accession_number)
        for r in documents
        if r.accession_number not in skipped and r.filed_date is not None and r.accession_number
    ]
    for r in datasets:
        if r.filed_date is not None and r.accession_number:
            out.extend(
                _pre_txt_label(*_split(r.concept), r.label, r.filed_date, r.accession_number)
            )
    return out


def dataset_labels(facts: Iterable[Fact]) -> list[SeenLabel]:
    """The labels pre.txt gave the Financial Statement Data Sets' values (`read_values`), as
    candidates for their company's lines, without reading them back from the store."""
    seen = {(f.taxonomy, f.concept, f.label, f.filed, f.accession) for f in facts}
    return [label for key in seen for label in _pre_txt_label(*key)]


def _pre_txt_label(
    taxonomy: str, concept: str, label: str, filed: date, accession: str
) -> list[SeenLabel]:
    """The label of a value of the sets, unless it is the concept's spaced name (what the sets'
    reader writes where pre.txt has no label)."""
    if label == spaced_label(concept):
        return []
    return [SeenLabel(taxonomy, concept, label, "statement", filed, accession, "datasets")]


def _split(concept: str) -> tuple[str, str]:
    taxonomy, _, name = concept.partition(":")
    return taxonomy, name
