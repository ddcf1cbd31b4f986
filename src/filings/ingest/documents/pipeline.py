"""`filings ingest documents --manifest FILE`: each record's file becomes a filing of its
company with pages and passages, searchable with the same filters as every filing. One record
per transaction; a bad record is reported in one sentence and skipped. Re-running with the same
files writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import Connection

from filings.companies.extraction import extract_company_dimensions, extract_filing
from filings.core.collector import as_bulk_work
from filings.core.errors import FilingsError, MalformedInput
from filings.core.markets import PDF, SEC_FORMS
from filings.db.engine import Database
from filings.ingest.documents.companies import Listings, company_for
from filings.ingest.documents.figures import sync_document_facts, sync_manifest_figures
from filings.ingest.documents.manifest import ManifestRecord, read_manifest
from filings.ingest.documents.reading import DocumentPages, read_document
from filings.ingest.load import MALFORMED, sync_filing, sync_pages, sync_texts, touch_company
from filings.ingest.nordic.classify import detect_language
from filings.ingest.passages import PlacedPassage, paged_passages, sync_passages
from filings.ingest.sec.documents_load import text_rows


@dataclass
class DocumentsSummary:
    """What a run did."""

    stored: int = 0  # records whose document is stored (new, changed or unchanged)
    unchanged: int = 0
    pages: int = 0
    companies_made: list[tuple[str, str]] = field(default_factory=list)  # (record, how)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (record, one sentence)


def read_file(record: ManifestRecord, base: Path, client: httpx.Client | None) -> tuple[bytes, str]:
    """A record's bytes and where they were read: a file inside the manifest's folder, or its
    URL when fetching is allowed (`client`)."""
    if record.url is not None:
        if client is None:
            raise MalformedInput(f"{record.url}: fetching URLs is not allowed in this run")
        try:
            response = client.get(record.url)
        except httpx.HTTPError as exc:
            raise MalformedInput(f"{record.url}: cannot fetch ({exc})") from exc
        if response.status_code != 200:
            raise MalformedInput(f"{record.url}: HTTP {response.status_code}")
        return response.content, record.url
    # the operator's own manifest: a path may lead anywhere the operator can read
    file = (base / str(record.path)).resolve()
    if not file.is_file():
        raise MalformedInput(f"{record.path}: no such file")
    return file.read_bytes(), str(file)


def document_passages(document: DocumentPages) -> list[PlacedPassage]:
    """Each page's passages, the lines that repeat on many pages (running heads) left out."""
    return [
        PlacedPassage(f"{document.docid}_{number}", number, passage)
        for number, found in enumerate(paged_passages(document.pages), start=1)
        for passage in found
    ]


def filing_values(record: ManifestRecord, document: DocumentPages, where: str) -> dict[str, Any]:
    """The filings row of a record's document."""
    fetched = where.startswith(("http://", "https://"))
    dated = record.published
    return {
        "market": record.market,
        "document_format": document.document_format,
        "docid": document.docid,
        "document_type": record.document_type,
        "form": record.document_type if record.document_type in SEC_FORMS else None,
        "fiscal_year": record.fiscal_year,
        "fiscal_quarter": record.quarter,
        "period_end": record.period_end,
        "filed_date": dated,
        "published_at": datetime(dated.year, dated.month, dated.day, tzinfo=UTC) if dated else None,
        "listed_date": dated or record.period_end,
        "language": detect_language(" ".join(document.pages[:3]), record.language),
        "title": record.headline or Path(record.location).name,
        "headline": record.headline,
        "page_count": len(document.pages),
        "sha256": document.sha256,
        # a PDF held here is rendered page by page; a fetched one is not kept
        "file_path": where if document.document_format == PDF.key and not fetched else None,
        "source_url": where if fetched else None,
    }


def load_record(
    conn: Connection,
    record: ManifestRecord,
    document: DocumentPages,
    where: str,
    listings: Listings,
    now: datetime,
) -> tuple[bool, str]:
    """Store one record's document; (whether anything changed, how its company was found)."""
    company_pk, how = company_for(conn, record, document.pages, listings, now)
    values = filing_values(record, document, where)
    filing_pk, changed = sync_filing(conn, company_pk, values, now)
    changed |= sync_pages(conn, filing_pk, document.docid, document.pages)
    # an HTML document's text by its form's sections, which profiles read item by item
    texts = [(Path(record.location).name, record.document_type, list(document.units))]
    changed |= sync_texts(conn, filing_pk, text_rows(filing_pk, texts) if document.units else [])
    passages = document_passages(document)
    changed |= sync_passages(conn, filing_pk, company_pk, values["language"], passages)
    # an inline-XBRL report's facts: figures of a company known only from such reports, and
    # revenue geography from their dimensional facts, as for a filing read from EDGAR
    if sync_document_facts(conn, filing_pk, document):
        changed = True
        sync_manifest_figures(conn, company_pk)
        extract_company_dimensions(conn, company_pk)
    changed |= extract_filing(conn, filing_pk)
    if changed:
        touch_company(conn, company_pk, now)
    return changed, how


def _read_manifest(manifest: Path) -> tuple[list[ManifestRecord], list[tuple[str, str]]]:
    if not manifest.is_file():
        raise MalformedInput(f"no such manifest file: {manifest}")
    return read_manifest(manifest.read_bytes())


@as_bulk_work
def ingest_documents(
    database: Database,
    manifest: Path,
    listings: Listings | None = None,
    client: httpx.Client | None = None,
    progress: Callable[[str, int], None] = lambda _, __: None,
) -> DocumentsSummary:
    """Ingest every record of a manifest; `client` allows fetching `url` records."""
    summary = DocumentsSummary()
    records, summary.skipped = _read_manifest(manifest)
    listings = listings or Listings()
    progress("", len(records))
    now = datetime.now(UTC)
    for record in records:
        progress(record.location, 0)
        try:
            content, where = read_file(record, manifest.parent, client)
            document = read_document(content, record.location, record.document_type)
            with database.transaction(write=True) as conn:
                changed, how = load_record(conn, record, document, where, listings, now)
        except FilingsError as exc:
            summary.skipped.append((record.location, str(exc).removeprefix(f"{record.location}: ")))
            continue
        except MALFORMED as exc:
            summary.skipped.append((record.location, f"malformed: {type(exc).__name__}: {exc}"))
            continue
        summary.stored += 1
        summary.pages += len(document.pages)
        summary.unchanged += 0 if changed else 1
        if how != "stored":
            summary.companies_made.append((record.location, how))
    return summary
