"""Filings: search by company, year, type and market (4.1), and page snapshots (4.3)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import Connection, Select, func, select

from filings.companies.service import Company, CompanyDirectory, check_market, resolve_company
from filings.core.errors import MalformedInput
from filings.core.ids import AccessionNumber, NordicPageId, parse_accession, parse_page_id
from filings.core.misses import FailureKind, Miss, invalid_choice, miss
from filings.db.tables import companies, company_identifiers, filings, pages
from filings.documents.schemas import (
    DOCUMENT_TYPES,
    FilingItem,
    FilingSearchRequest,
    FilingSearchResponse,
    MetadataQuality,
    Resolution,
    Snapshot,
)
from filings.documents.snapshots import SnapshotLinks, render_page_png

DOCUMENT_TYPE_LABELS = {
    "annual_report": "Annual report",
    "interim_report": "Interim report",
    "stock_exchange_release": "Stock exchange release",
    "10-K": "Annual report (Form 10-K)",
    "10-Q": "Quarterly report (Form 10-Q)",
    "8-K": "Current report (Form 8-K)",
}
NOT_TRACKED = MetadataQuality(
    period_end="not tracked for Nordic filings", filed_date="not tracked for Nordic filings"
)
EDGAR_ARCHIVES = "https://www.sec.gov/Archives/edgar/data"
SNAPSHOT_PATH = "/api/v1/snapshots"
SNAPSHOT_ENDPOINT = "/api/v1/data/filings/{page_id}/snapshot"


def edgar_index_url(cik: str, accession: AccessionNumber) -> str:
    """The filing-index page of an accession number on the SEC's site."""
    return f"{EDGAR_ARCHIVES}/{int(cik)}/{accession.compact}/{accession}-index.htm"


@dataclass(frozen=True)
class _Query:
    request: FilingSearchRequest
    company: Company | None


def _filtered(query: _Query, *columns: Any) -> Select[Any]:
    request = query.request
    stmt = select(*(columns or (filings.c.id,))).select_from(filings)
    if query.company is not None:
        stmt = stmt.where(filings.c.company_pk == query.company.pk)
    if request.market is not None:
        stmt = stmt.where(filings.c.market == request.market)
    if request.document_type is not None:
        stmt = stmt.where(filings.c.document_type == request.document_type)
    if request.year_from is not None:
        stmt = stmt.where(filings.c.fiscal_year >= request.year_from)
    if request.year_to is not None:
        stmt = stmt.where(filings.c.fiscal_year <= request.year_to)
    return stmt


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def _primary_tickers(conn: Connection, company_pks: set[int]) -> dict[int, str]:
    """Each company's first ticker, in one query."""
    out: dict[int, str] = {}
    if not company_pks:
        return out
    for pk, ticker in conn.execute(
        select(company_identifiers.c.company_pk, company_identifiers.c.value)
        .where(
            company_identifiers.c.company_pk.in_(company_pks),
            company_identifiers.c.kind == "ticker",
        )
        .order_by(company_identifiers.c.id)
    ):
        out.setdefault(pk, ticker)
    return out


def _row(f: Any, ticker: str | None, company_scoped: bool) -> FilingItem:
    label = DOCUMENT_TYPE_LABELS.get(f.document_type, f.document_type)
    if f.market == "nordic":
        year = str(f.fiscal_year) if f.fiscal_year is not None else None
        period = f"Q{f.fiscal_quarter} {year}" if f.fiscal_quarter else year
        citation = f"{f.company_name}, {label} {period or ''}".strip()
        first_page = f"{f.docid}_1"
        if not f.page_count:  # no pages held (an ESEF report, read for its figures)
            kind = f" ({f.form})" if f.form else ""
            return FilingItem(
                docid=f.docid,
                company_name=f.company_name,
                year=year,
                fiscal_year=year,
                document_type=f.document_type,
                document_type_label=label,
                market="nordic",
                citation_label=f"{citation}{kind}, docid {f.docid}",
                citation_markdown=f"[{citation}{kind}]({f.source_url})"
                if f.source_url
                else f"{citation}{kind}",
                metadata_quality=NOT_TRACKED,
            )
        return FilingItem(
            docid=f.docid,
            company_name=f.company_name,
            year=year,
            fiscal_year=year,
            quarter=f.fiscal_quarter,
            document_type=f.document_type,
            document_type_label=label,
            page_count=f.page_count,
            market="nordic",
            citation_label=f"{citation}, page 1 of {f.page_count} (page id {first_page})",
            citation_markdown=f"[{citation}, p. 1]({SNAPSHOT_ENDPOINT.format(page_id=first_page)})",
            metadata_quality=NOT_TRACKED,
        )
    accession = f.accession_number
    parsed = parse_accession(accession or "")
    url = edgar_index_url(f.cik, parsed) if f.cik and parsed else None
    citation = f"{f.company_name}, Form {f.form or f.document_type}, filed {_iso(f.filed_date)}"
    return FilingItem(
        docid=accession if company_scoped else None,
        company_name=f.company_name,
        year=f.fiscal_year,
        fiscal_year=f.fiscal_year,
        quarter=f.fiscal_quarter,
        document_type=f.document_type,
        document_type_label=label,
        market="us",
        citation_label=citation,
        citation_markdown=f"[{citation}]({url})" if url else citation,
        ticker=ticker,
        cik=f.cik,
        period_end=_iso(f.period_end),
        filed_date=_iso(f.filed_date),
        accession_number=accession,
        result_kind="filing",
    )


def _company_index_row(company: Company) -> FilingItem:
    return FilingItem(
        company_name=company.company_name,
        document_type="10-K",
        document_type_label="Company index (no filing-level data)",
        market="us",
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
    query = _Query(request, company)
    total = conn.execute(_filtered(query, func.count())).scalar_one()
    found = _page(conn, query, request.limit)
    tickers = _primary_tickers(conn, {f.company_pk for f in found if f.market == "us"})
    rows = [_row(f, tickers.get(f.company_pk), company is not None) for f in found]
    if (
        company is not None
        and company.market == "us"
        and total == 0
        and not _any_filing(conn, company)
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


def _page(conn: Connection, query: _Query, limit: int) -> list[Any]:
    """The newest `limit` matching filings with their companies: dated ones newest first, then
    any without a date. Asked in two parts so that both backends walk the listed-date index
    (PostgreSQL cannot walk an ascending index for `DESC NULLS LAST`)."""

    def part(dated: bool, size: int) -> list[Any]:
        stmt = _filtered(query, filings, companies.c.company_name, companies.c.cik).join(
            companies, companies.c.id == filings.c.company_pk
        )
        if dated:
            stmt = stmt.where(filings.c.listed_date.is_not(None)).order_by(
                filings.c.listed_date.desc()
            )
        else:
            stmt = stmt.where(filings.c.listed_date.is_(None))
        stmt = stmt.order_by(filings.c.fiscal_year.desc().nulls_last(), filings.c.id.desc())
        return list(conn.execute(stmt.limit(size)).all())

    found = part(True, limit)
    if len(found) < limit:
        found += part(False, limit - len(found))
    return found


def _any_filing(conn: Connection, company: Company) -> bool:
    found = conn.execute(select(filings.c.id).where(filings.c.company_pk == company.pk).limit(1))
    return found.first() is not None


def snapshot(
    conn: Connection, page_id: str, dpi: int, links: SnapshotLinks, now: datetime
) -> Snapshot:
    """Resolve a page id to a viewable source; `available` false with a reason when it cannot."""
    parsed = parse_page_id(page_id)
    if parsed is None:
        reason = "Not a page id: expected <docid>_<page> (Nordic) or an accession number (US)."
        return Snapshot(page_id=page_id, available=False, reason=reason)
    if isinstance(parsed, AccessionNumber):
        return _us_snapshot(conn, page_id, parsed)
    return _nordic_snapshot(conn, parsed, dpi, links, now)


def _us_snapshot(conn: Connection, page_id: str, accession: AccessionNumber) -> Snapshot:
    row = conn.execute(
        select(filings, companies.c.company_name, companies.c.cik)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(filings.c.accession_number == str(accession))
    ).first()
    if row is None or not row.cik:
        return Snapshot(page_id=page_id, available=False, reason="Unknown accession number.")
    return Snapshot(
        page_id=page_id,
        available=True,
        kind="edgar_link",
        snapshot_url=edgar_index_url(row.cik, accession),
        company_name=row.company_name,
        year=str(row.fiscal_year) if row.fiscal_year is not None else None,
        quarter=row.fiscal_quarter,
        document_type=row.document_type,
    )


def _nordic_snapshot(
    conn: Connection, page: NordicPageId, dpi: int, links: SnapshotLinks, now: datetime
) -> Snapshot:
    page_id = str(page)
    row = conn.execute(
        select(filings, companies.c.company_name)
        .join(pages, pages.c.filing_pk == filings.c.id)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(pages.c.page_id == page_id)
    ).first()
    if row is None:
        return Snapshot(page_id=page_id, available=False, reason="Unknown page id.")
    described = {
        "company_name": row.company_name,
        "year": str(row.fiscal_year) if row.fiscal_year is not None else None,
        "quarter": row.fiscal_quarter,
        "document_type": row.document_type,
        "page_number": page.page,
        "dpi": dpi,
    }
    if row.file_path:
        try:
            render_page_png(Path(row.file_path), page.page, dpi, links.cache_dir(page.docid))
        except MalformedInput as exc:
            return Snapshot(
                page_id=page_id, available=False, reason=f"Cannot render: {exc}", **described
            )
    # A report page is its PNG; a release text (no page image) is its text. Both behind a
    # signed link that expires.
    kind, suffix = ("rendered_png", "png") if row.file_path else ("release_text", "txt")
    query = urlencode(links.query(page_id, dpi, now))
    return Snapshot(
        page_id=page_id,
        available=True,
        kind=kind,
        snapshot_url=f"{SNAPSHOT_PATH}/{page_id}.{suffix}?{query}",
        **described,
    )


def _nordic_page(conn: Connection, page_id: str) -> tuple[NordicPageId, Any] | None:
    """A Nordic page and its row (text, the document's file path), or None."""
    page = parse_page_id(page_id)
    if not isinstance(page, NordicPageId):
        return None
    row = conn.execute(
        select(pages.c.text, filings.c.file_path)
        .join(filings, filings.c.id == pages.c.filing_pk)
        .where(pages.c.page_id == str(page))
    ).first()
    return None if row is None else (page, row)


def snapshot_png(conn: Connection, page_id: str, dpi: int, links: SnapshotLinks) -> Path | None:
    """The cached PNG behind a (verified) snapshot link, rendered again if the cache was cleared."""
    found = _nordic_page(conn, page_id)
    if found is None or not found[1].file_path:
        return None
    page, row = found
    try:
        return render_page_png(Path(row.file_path), page.page, dpi, links.cache_dir(page.docid))
    except MalformedInput:
        return None


def release_text(conn: Connection, page_id: str) -> str | None:
    """The text behind a (verified) link to a release's page; None for anything else."""
    found = _nordic_page(conn, page_id)
    if found is None or found[1].file_path:
        return None
    return str(found[1].text)
