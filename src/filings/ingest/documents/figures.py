"""A periodic report added by manifest in inline XBRL (a 10-K or 10-Q as HTML): its facts and the
labels its tables print are stored with its filing, as an EDGAR filing's are; and a company known
only from such reports gets its figures from them, standardized as the EDGAR pipeline
standardizes companyfacts and its filings' documents.

A company with EDGAR filings keeps the figures SEC ingestion computes (companyfacts are the
fuller source); its reports added by manifest still give their facts to revenue geography."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from filings.core.markets import US
from filings.db.tables import companies, concept_labels, filings, metric_values, xbrl_facts
from filings.ingest.documents.reading import DocumentPages
from filings.ingest.load import sync_metrics
from filings.ingest.sec.documents_load import fact_rows, manifest_document_facts
from filings.ingest.sec.labels_load import manifest_labels, sync_concept_labels
from filings.ingest.standardize.facts import fiscal_year_end, reporting_currency, standardize
from filings.ingest.standardize.labels import company_labels, relabel
from filings.ingest.xbrl.presentation import PLACEMENTS

_FACT_FIELDS = (
    "concept",
    "unit",
    "period_start",
    "period_end",
    "value",
    "decimals",
    "dimensions",
    "statement",
)


def _comparable_facts(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as text, in one order (an instant's start and a nil's decimals are None)."""
    return sorted(repr(tuple(str(row[k]) for k in _FACT_FIELDS)) for row in rows)


def sync_document_facts(conn: Connection, filing_pk: int, document: DocumentPages) -> bool:
    """Make the filing's stored facts and labels those of its document; whether they changed
    (an unchanged document writes nothing)."""
    wanted = fact_rows(filing_pk, [document.facts])
    stored = [
        dict(row)
        for row in conn.execute(
            select(*(xbrl_facts.c[k] for k in _FACT_FIELDS)).where(
                xbrl_facts.c.filing_pk == filing_pk
            )
        ).mappings()
    ]
    wanted_labels = sorted(
        (concept, printed.label, PLACEMENTS[printed.placement])
        for concept, printed in document.labels.items()
        if len(concept) <= 200
    )
    stored_labels = sorted(
        tuple(row)
        for row in conn.execute(
            select(
                concept_labels.c.concept, concept_labels.c.label, concept_labels.c.placement
            ).where(concept_labels.c.filing_pk == filing_pk)
        )
    )
    if _comparable_facts(stored) == _comparable_facts(wanted) and stored_labels == wanted_labels:
        return False
    conn.execute(delete(xbrl_facts).where(xbrl_facts.c.filing_pk == filing_pk))
    if wanted:
        conn.execute(insert(xbrl_facts), wanted)
    sync_concept_labels(conn, filing_pk, document.labels)
    return True


def _from_edgar(conn: Connection, company_pk: int) -> bool:
    """Whether the company has filings from EDGAR (whose figures SEC ingestion computes)."""
    return (
        conn.execute(
            select(filings.c.id)
            .where(filings.c.company_pk == company_pk, filings.c.accession_number.is_not(None))
            .limit(1)
        ).first()
        is not None
    )


def sync_manifest_figures(conn: Connection, company_pk: int) -> bool:
    """Compute a US company's figures from the facts of its periodic reports added by manifest,
    when it has no EDGAR filings; whether its figures changed."""
    company = conn.execute(
        select(companies.c.market, companies.c.currency, companies.c.fiscal_year_end).where(
            companies.c.id == company_pk
        )
    ).one()
    if company.market != US.key or _from_edgar(conn, company_pk):
        return False
    facts = manifest_document_facts(conn, company_pk, {})
    facts = relabel(facts, company_labels(facts, manifest_labels(conn, company_pk, facts)))
    fye = fiscal_year_end(facts)
    rows = standardize(facts, fye) if facts else []
    documents = {
        row.docid: row.id
        for row in conn.execute(
            select(filings.c.docid, filings.c.id).where(
                filings.c.company_pk == company_pk, filings.c.docid.is_not(None)
            )
        )
    }
    counts = sync_metrics(conn, company_pk, rows, metric_values.c.page_id.is_(None), documents)
    year_end = f"{fye[0]:02d}{fye[1]:02d}" if fye else None
    known = {
        "currency": company.currency or reporting_currency(facts),
        "fiscal_year_end": company.fiscal_year_end or year_end,
    }
    if (known["currency"], known["fiscal_year_end"]) != (company.currency, company.fiscal_year_end):
        conn.execute(update(companies).where(companies.c.id == company_pk).values(**known))
    return counts.changed
