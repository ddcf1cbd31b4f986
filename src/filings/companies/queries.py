"""Reading companies: the records resolution indexes, one company's row, and tickers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, Row, func, select

from filings.db.tables import (
    companies,
    company_aliases,
    company_identifiers,
    metric_values,
)
from filings.db.tables import filings as filings_table


def identifiers_by_company(conn: Connection) -> dict[int, dict[str, list[str]]]:
    """Every company's identifiers by kind (ticker, isin, cik, lei), in the order stored."""
    found: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for pk, kind, value in conn.execute(
        select(
            company_identifiers.c.company_pk,
            company_identifiers.c.kind,
            company_identifiers.c.value,
        ).order_by(company_identifiers.c.id)
    ):
        found[pk][kind].append(value)
    return found


def aliases_by_company(conn: Connection) -> dict[int, list[str]]:
    """Every company's other names (former names, share-class names, short names)."""
    found: dict[int, list[str]] = defaultdict(list)
    for pk, alias in conn.execute(select(company_aliases.c.company_pk, company_aliases.c.alias)):
        found[pk].append(alias)
    return found


def companies_with_data(conn: Connection) -> set[int]:
    """The companies that have a filing or a figure."""
    held = select(filings_table.c.company_pk).union(select(metric_values.c.company_pk))
    return set(conn.scalars(held))


def company_summaries(conn: Connection) -> list[Row[Any]]:
    """Every company's id, names, market and main identifiers, for the resolution index."""
    return list(
        conn.execute(
            select(
                companies.c.id,
                companies.c.company_id,
                companies.c.company_name,
                companies.c.display_name,
                companies.c.market,
                companies.c.isin,
                companies.c.cik,
            )
        )
    )


def company_row(conn: Connection, pk: int) -> Row[Any]:
    """The stored row of the company with primary key `pk`."""
    return conn.execute(select(companies).where(companies.c.id == pk)).one()


def primary_tickers(conn: Connection, company_pks: Iterable[int]) -> dict[int, str]:
    """Each company's first ticker (its primary listing's), in one query."""
    pks = set(company_pks)
    out: dict[int, str] = {}
    if not pks:
        return out
    for pk, ticker in conn.execute(
        select(company_identifiers.c.company_pk, company_identifiers.c.value)
        .where(
            company_identifiers.c.company_pk.in_(pks),
            company_identifiers.c.kind == "ticker",
        )
        .order_by(company_identifiers.c.id)
    ):
        out.setdefault(pk, ticker)
    return out


def company_count(conn: Connection) -> int:
    """How many companies are stored."""
    return int(conn.execute(select(func.count()).select_from(companies)).scalar_one())
