"""Reading filings and their pages: filing search's filtered listing, and page lookups."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Select, func, select

from filings.db.tables import companies, filings, pages


@dataclass(frozen=True)
class FilingFilter:
    """Filing search's filters; None means not filtered."""

    company_pk: int | None = None
    market: str | None = None
    document_type: str | None = None
    year_from: int | None = None
    year_to: int | None = None


def _filtered(where: FilingFilter, *columns: Any) -> Select[Any]:
    stmt = select(*(columns or (filings.c.id,))).select_from(filings)
    if where.company_pk is not None:
        stmt = stmt.where(filings.c.company_pk == where.company_pk)
    if where.market is not None:
        stmt = stmt.where(filings.c.market == where.market)
    if where.document_type is not None:
        stmt = stmt.where(filings.c.document_type == where.document_type)
    if where.year_from is not None:
        stmt = stmt.where(filings.c.fiscal_year >= where.year_from)
    if where.year_to is not None:
        stmt = stmt.where(filings.c.fiscal_year <= where.year_to)
    return stmt


def count_filings(conn: Connection, where: FilingFilter) -> int:
    """How many filings match."""
    return int(conn.execute(_filtered(where, func.count())).scalar_one())


def newest_filings(conn: Connection, where: FilingFilter, limit: int) -> list[Any]:
    """The newest `limit` matching filings with their companies' names and CIKs: dated ones
    newest first, then any without a date. Asked in two parts so that both backends walk the
    listed-date index (PostgreSQL cannot walk an ascending index for `DESC NULLS LAST`)."""

    def part(dated: bool, size: int) -> list[Any]:
        stmt = _filtered(where, filings, companies.c.company_name, companies.c.cik).join(
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


def has_filings(conn: Connection, company_pk: int) -> bool:
    """Whether any filing of the company is stored."""
    found = conn.execute(select(filings.c.id).where(filings.c.company_pk == company_pk).limit(1))
    return found.first() is not None


def filing_by_accession(conn: Connection, accession: str) -> Any:
    """The filing of an accession number with its company's name and CIK, or None."""
    return conn.execute(
        select(filings, companies.c.company_name, companies.c.cik)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(filings.c.accession_number == accession)
    ).first()


def page_with_filing(conn: Connection, page_id: str) -> Any:
    """A stored page's text with its filing and company name, or None."""
    return conn.execute(
        select(
            filings,
            companies.c.company_name,
            companies.c.cik,
            pages.c.text.label("page_text"),
            pages.c.document.label("page_document"),
            pages.c.printed_page,
        )
        .join(pages, pages.c.filing_pk == filings.c.id)
        .join(companies, companies.c.id == filings.c.company_pk)
        .where(pages.c.page_id == page_id)
    ).first()


def last_page(conn: Connection, accession: str) -> int | None:
    """The number of the last stored page of a US filing, or None when it has none."""
    found = conn.execute(
        select(func.max(pages.c.page_number))
        .join(filings, filings.c.id == pages.c.filing_pk)
        .where(filings.c.accession_number == accession)
    ).scalar()
    return int(found) if found is not None else None
