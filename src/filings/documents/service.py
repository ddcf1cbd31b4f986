"""Filings: search by company, year, type and market (4.1), and page snapshots (4.3).

What a row shows and how a page is resolved follow the registry (`core/markets.py`): a market
says which metadata its rows carry, a filing's stored document format how its pages are shown.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import Connection

from filings.companies.queries import primary_tickers
from filings.companies.service import Company, CompanyDirectory, check_market, resolve_company
from filings.core.errors import MalformedInput
from filings.core.ids import AccessionNumber, DocumentPageId, parse_accession, parse_page_id
from filings.core.markets import (
    DOCUMENT_TYPE_LABELS,
    DOCUMENT_TYPES,
    EDGAR,
    ESEF,
    PDF,
    TEXT,
    market,
)
from filings.core.misses import FailureKind, Miss, invalid_choice, miss
from filings.documents import queries
from filings.documents.queries import FilingFilter
from filings.documents.schemas import (
    FilingItem,
    FilingSearchRequest,
    FilingSearchResponse,
    MetadataQuality,
    Resolution,
    Snapshot,
)
from filings.documents.snapshots import SnapshotLinks, render_page_png

EDGAR_ARCHIVES = "https://www.sec.gov/Archives/edgar/data"
SNAPSHOT_PATH = "/api/v1/snapshots"
SNAPSHOT_ENDPOINT = "/api/v1/data/filings/{page_id}/snapshot"


def edgar_index_url(cik: str, accession: AccessionNumber) -> str:
    """The filing-index page of an accession number on the SEC's site."""
    return f"{EDGAR_ARCHIVES}/{int(cik)}/{accession.compact}/{accession}-index.htm"


def edgar_document_url(cik: str, accession: AccessionNumber, document: str) -> str:
    """A document of a filing (its primary document, an exhibit) on the SEC's site."""
    return f"{EDGAR_ARCHIVES}/{int(cik)}/{accession.compact}/{document}"


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def _not_tracked(market_label: str) -> MetadataQuality:
    text = f"not tracked for {market_label} filings"
    return MetadataQuality(period_end=text, filed_date=text)


def _edgar_label(f: Any) -> str:
    return f"{f.company_name}, Form {f.form or f.document_type}, filed {_iso(f.filed_date)}"


def _edgar_citation(f: Any, label: str, year: str | int | None) -> tuple[str, str]:
    """An SEC filing: its form and filing date, linked to the filing on EDGAR."""
    accession = parse_accession(f.accession_number or "")
    url = edgar_index_url(f.cik, accession) if f.cik and accession else None
    citation = _edgar_label(f)
    return citation, f"[{citation}]({url})" if url else citation


def _period_citation(f: Any, label: str, year: str | int | None) -> str:
    period = f"Q{f.fiscal_quarter} {year}" if f.fiscal_quarter else year
    return f"{f.company_name}, {label} {period or ''}".strip()


def _first_page_citation(f: Any, label: str, year: str | int | None) -> tuple[str, str]:
    """A document with pages: its first page, linked to the page's snapshot."""
    citation, first_page = _period_citation(f, label, year), f"{f.docid}_1"
    return (
        f"{citation}, page 1 of {f.page_count} (page id {first_page})",
        f"[{citation}, p. 1]({SNAPSHOT_ENDPOINT.format(page_id=first_page)})",
    )


def _package_citation(f: Any, label: str, year: str | int | None) -> tuple[str, str]:
    """A report read for its tagged figures (no pages held): its docid, linked to its package."""
    citation = f"{_period_citation(f, label, year)} ({f.form})" if f.form else ""
    citation = citation or _period_citation(f, label, year)
    markdown = f"[{citation}]({f.source_url})" if f.source_url else citation
    return f"{citation}, docid {f.docid}", markdown


CITED_BY: dict[str, Callable[[Any, str, str | int | None], tuple[str, str]]] = {
    EDGAR.key: _edgar_citation,
    PDF.key: _first_page_citation,
    TEXT.key: _first_page_citation,
    ESEF.key: _package_citation,
}


def page_citation(f: Any, page_number: int | None, printed_page: str | None) -> str:
    """How to cite a page of a filing: the filing as a filing row names it (an SEC filing by
    form and filing date, a report by its period), then the page, with the number printed on
    it where that is known and differs (`Tesla, Inc., Form 10-K, filed 2025-01-30, p. 40
    (printed page 38)`)."""
    if f.document_format == EDGAR.key:
        citation = _edgar_label(f)
    else:
        label = DOCUMENT_TYPE_LABELS.get(f.document_type, f.document_type)
        citation = _period_citation(f, label, f.fiscal_year)
    if page_number is None:
        return citation
    printed = printed_page and printed_page != str(page_number)
    return f"{citation}, p. {page_number}" + (f" (printed page {printed_page})" if printed else "")


def _row(f: Any, ticker: str | None, company_scoped: bool) -> FilingItem:
    listed = market(f.market)
    label = DOCUMENT_TYPE_LABELS.get(f.document_type, f.document_type)
    year: str | int | None = f.fiscal_year
    if listed.fiscal_year_as_text and f.fiscal_year is not None:
        year = str(f.fiscal_year)
    citation, markdown = CITED_BY[f.document_format](f, label, year)
    row = FilingItem(
        # a document's own id; an SEC filing's accession number where a company was named
        docid=f.docid or (f.accession_number if company_scoped else None),
        company_name=f.company_name,
        year=year,
        fiscal_year=year,
        quarter=f.fiscal_quarter,
        document_type=f.document_type,
        document_type_label=label,
        page_count=f.page_count,
        market=f.market,
        citation_label=citation,
        citation_markdown=markdown,
    )
    if not listed.regulator_metadata:
        row.metadata_quality = _not_tracked(listed.name)
        return row
    row.ticker, row.cik, row.accession_number = ticker, f.cik, f.accession_number
    row.period_end, row.filed_date = _iso(f.period_end), _iso(f.filed_date)
    row.result_kind = "filing"
    return row


def _company_index_row(company: Company) -> FilingItem:
    return FilingItem(
        company_name=company.company_name,
        document_type=market(company.market).document_types[0],
        document_type_label="Company index (no filing-level data)",
        market=company.market,
        citation_label=f"{company.company_name} (CIK {company.cik})",
        ticker=company.ticker,
        cik=company.cik,
        result_kind="company_index",
    )


def _check(request: FilingSearchRequest) -> Miss | None:
    problem = check_market(request.market)
    if problem is None and request.document_type not in (None, *DOCUMENT_TYPES):
        problem = invalid_choice("document_type", str(request.document_type), DOCUMENT_TYPES)
    year_from, year_to = request.year_from, request.year_to
    if problem is None and year_from and year_to and year_from > year_to:
        problem = miss(
            "year_from is after year_to",
            FailureKind.VALIDATION_ERROR,
            hint="Send year_from <= year_to.",
        )
    return problem


def search_filings(
    conn: Connection, directory: CompanyDirectory, request: FilingSearchRequest
) -> FilingSearchResponse | Miss:
    """Filings matching the request, newest filed first."""
    problem = _check(request)
    if problem is not None:
        return problem
    company: Company | None = None
    if request.company is not None:
        resolved = resolve_company(conn, directory, request.company, request.market)
        if isinstance(resolved, Miss):
            return resolved
        company = resolved
    where = FilingFilter(
        company_pk=company.pk if company is not None else None,
        market=request.market,
        document_type=request.document_type,
        year_from=request.year_from,
        year_to=request.year_to,
    )
    total = queries.count_filings(conn, where)
    found = queries.newest_filings(conn, where, request.limit)
    with_tickers = {f.company_pk for f in found if market(f.market).regulator_metadata}
    tickers = primary_tickers(conn, with_tickers)
    rows = [_row(f, tickers.get(f.company_pk), company is not None) for f in found]
    if (
        company is not None
        and market(company.market).regulator_metadata
        and total == 0
        and not queries.has_filings(conn, company.pk)
    ):
        rows, total = [_company_index_row(company)], 1
    response = FilingSearchResponse(
        filings=rows, total=len(rows), total_available=total, has_more=total > len(rows)
    )
    if company is not None and request.company is not None:
        response.resolution = Resolution(
            input_company=request.company,
            resolved_name=company.company_name,
            market=company.market,
            ticker=company.ticker,
        )
    return response


def snapshot(
    conn: Connection, page_id: str, dpi: int, links: SnapshotLinks, now: datetime
) -> Snapshot:
    """Resolve a page id to a viewable source; `available` false with a reason when it cannot.

    A page is shown as its stored document's format says (`core/markets.py`)."""
    parsed = parse_page_id(page_id)
    if parsed is None:
        reason = (
            "Not a page id: expected <docid>_<page>, <accession>_<page> or an accession number."
        )
        return Snapshot(page_id=page_id, available=False, reason=reason)
    if isinstance(parsed, AccessionNumber):
        return _filing_snapshot(conn, page_id, parsed)
    row = queries.page_with_filing(conn, str(parsed))
    if row is None:
        return Snapshot(page_id=str(parsed), available=False, reason=_unknown_page(conn, parsed))
    described = {
        "company_name": row.company_name,
        "year": str(row.fiscal_year) if row.fiscal_year is not None else None,
        "quarter": row.fiscal_quarter,
        "document_type": row.document_type,
        "page_number": parsed.page,
        "dpi": dpi,
    }
    shown = SHOWN_BY[row.document_format]
    return shown(_PageAsked(str(parsed), parsed.page, dpi, links, now, row, described))


def _unknown_page(conn: Connection, page: DocumentPageId) -> str:
    """Why a page id names no stored page: the pages a US filing has, where it has some."""
    last = queries.last_page(conn, page.docid) if parse_accession(page.docid) else None
    if last is None:
        return "Unknown page id."
    return f"Filing {page.docid} has no page {page.page}: its pages are 1 to {last}."


class _PageAsked:
    """A snapshot request for a stored page, with what is known of it."""

    def __init__(
        self,
        page_id: str,
        page: int,
        dpi: int,
        links: SnapshotLinks,
        now: datetime,
        row: Any,
        described: dict[str, Any],
    ):
        self.page_id, self.page, self.dpi, self.links, self.now = page_id, page, dpi, links, now
        self.row, self.described = row, described

    def signed(self, suffix: str) -> str:
        """The signed link that serves this page's image or text."""
        query = urlencode(self.links.query(self.page_id, self.dpi, self.now))
        return f"{SNAPSHOT_PATH}/{self.page_id}.{suffix}?{query}"


def _rendered_page(asked: _PageAsked) -> Snapshot:
    """A PDF page: rendered to a PNG (cached), behind a signed link that expires."""
    row = asked.row
    if not row.file_path:
        reason = "The PDF of this document is not held on this server."
        return Snapshot(page_id=asked.page_id, available=False, reason=reason, **asked.described)
    try:
        docid = row.docid or asked.page_id.rsplit("_", 1)[0]
        render_page_png(Path(row.file_path), asked.page, asked.dpi, asked.links.cache_dir(docid))
    except MalformedInput as exc:
        reason = f"Cannot render: {exc}"
        return Snapshot(page_id=asked.page_id, available=False, reason=reason, **asked.described)
    return Snapshot(
        page_id=asked.page_id,
        available=True,
        kind=PDF.snapshot_kind,
        snapshot_url=asked.signed("png"),
        **asked.described,
    )


def _text_page(asked: _PageAsked) -> Snapshot:
    """A release text (no page image): its text, behind a signed link that expires."""
    return Snapshot(
        page_id=asked.page_id,
        available=True,
        kind=TEXT.snapshot_kind,
        snapshot_url=asked.signed("txt"),
        **asked.described,
    )


def _edgar_page(asked: _PageAsked) -> Snapshot:
    """A page of an SEC filing's document: the document it is in on EDGAR (the filing's index
    when the page names none), with the page's number over the filing."""
    row = asked.row
    accession = parse_accession(row.accession_number or "")
    if accession is None or not row.cik:
        reason = "This filing has no EDGAR address."
        return Snapshot(page_id=asked.page_id, available=False, reason=reason, **asked.described)
    document = row.page_document or row.primary_document
    url = (
        edgar_document_url(row.cik, accession, document)
        if document
        else edgar_index_url(row.cik, accession)
    )
    return Snapshot(
        page_id=asked.page_id,
        available=True,
        kind=EDGAR.snapshot_kind,
        snapshot_url=url,
        **{**asked.described, "dpi": None},
    )


SHOWN_BY: dict[str, Callable[[_PageAsked], Snapshot]] = {
    PDF.key: _rendered_page,
    TEXT.key: _text_page,
    EDGAR.key: _edgar_page,
}


def _filing_snapshot(conn: Connection, page_id: str, accession: AccessionNumber) -> Snapshot:
    """An accession number: the whole filing on EDGAR."""
    row = queries.filing_by_accession(conn, str(accession))
    if row is None or not row.cik:
        return Snapshot(page_id=page_id, available=False, reason="Unknown accession number.")
    return Snapshot(
        page_id=page_id,
        available=True,
        kind=EDGAR.snapshot_kind,
        snapshot_url=edgar_index_url(row.cik, accession),
        company_name=row.company_name,
        year=str(row.fiscal_year) if row.fiscal_year is not None else None,
        quarter=row.fiscal_quarter,
        document_type=row.document_type,
    )


def _stored_page(conn: Connection, page_id: str, format_key: str) -> Any:
    """A stored page of a document of the given format (its text and file path), or None."""
    page = parse_page_id(page_id)
    if page is None or isinstance(page, AccessionNumber):
        return None
    row = queries.page_with_filing(conn, str(page))
    if row is None or row.document_format != format_key:
        return None
    return page, row


def snapshot_png(conn: Connection, page_id: str, dpi: int, links: SnapshotLinks) -> Path | None:
    """The cached PNG behind a (verified) snapshot link, rendered again if the cache was cleared."""
    found = _stored_page(conn, page_id, PDF.key)
    if found is None or not found[1].file_path:
        return None
    page, row = found
    try:
        return render_page_png(Path(row.file_path), page.page, dpi, links.cache_dir(page.docid))
    except MalformedInput:
        return None


def release_text(conn: Connection, page_id: str) -> str | None:
    """The text behind a (verified) link to a release's page; None for anything else."""
    found = _stored_page(conn, page_id, TEXT.key)
    return None if found is None else str(found[1].page_text)
