"""Content search inside filings (4.2).

The full-text and vector index over page text arrives with the page store; until pages are
ingested there is nothing to search and the answer says so.
"""

from __future__ import annotations

from sqlalchemy import Connection, select

from filings.companies.service import CompanyDirectory, resolve_company
from filings.core.misses import FailureKind, Miss, invalid_choice, miss
from filings.db.tables import pages
from filings.filings.schemas import DOCUMENT_TYPES
from filings.search.schemas import ContentSearchRequest, ContentSearchResponse


def content_search(
    conn: Connection, directory: CompanyDirectory, request: ContentSearchRequest
) -> ContentSearchResponse | Miss:
    """Passages matching a natural-language query, best first."""
    if request.document_type is not None and request.document_type not in DOCUMENT_TYPES:
        return invalid_choice("document_type", request.document_type, DOCUMENT_TYPES)
    if request.company is not None:
        resolved = resolve_company(conn, directory, request.company)
        if isinstance(resolved, Miss):
            return resolved
    if conn.execute(select(pages.c.id).limit(1)).first() is None:
        return miss(
            "No filing text has been indexed",
            FailureKind.NOT_FOUND,
            company=request.company,
            hint="Ingest filings with `filings ingest` to make their text searchable.",
        )
    return miss(
        "Content search is not available on this server yet",
        FailureKind.MISSING_DEPENDENCY,
        hint="The search index over page text is not built on this server.",
    )
