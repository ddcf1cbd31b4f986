"""Grow a loaded database to thousands of companies with figures and hundreds of thousands of
filings by cloning the real companies' rows, for the scale check of `bench.speed`.

Clones carry their source company's annual and year-end figures (what the screen reads) and up
to `filings / companies` of its filings, without accession numbers (they would not be unique);
their names say they are clones. Only for benchmarks: never run against a real database.
"""

from __future__ import annotations

from sqlalchemy import Connection, Table, and_, func, insert, literal, or_, select

from filings.db.engine import Database, make_engine
from filings.db.generation import bump_generation
from filings.db.tables import companies, filings, metric_values

FIGURE_COLUMNS = [c.name for c in metric_values.c if c.name not in ("id", "company_pk")]
FILING_COLUMNS = [
    c.name
    for c in filings.c
    if c.name not in ("id", "company_pk", "docid", "accession_number", "sha256", "file_path")
]
COPIED_COMPANY = ["market", "country", "exchange", "industry", "currency", "fiscal_year_end"]


def _clone_company(conn: Connection, source: int, i: int) -> int:
    suffix = f" (clone {i})"
    columns = ["company_id", "company_name", "display_name", *COPIED_COMPANY, "updated_at"]
    query = select(
        companies.c.company_id + f"-clone-{i}",
        companies.c.company_name + suffix,
        companies.c.display_name + suffix,
        *(companies.c[c] for c in COPIED_COMPANY),
        companies.c.updated_at,
    ).where(companies.c.id == source)
    made = conn.execute(
        insert(companies).from_select(columns, query).returning(companies.c.id)
    ).scalar_one()
    return int(made)


def grow(url: str, *, companies: int, filing_count: int) -> tuple[int, int, int]:
    """Add clones until `companies` companies have figures and `filing_count` filings exist:
    (companies with figures, figure rows, filings)."""
    database = Database(make_engine(url))
    try:
        with database.transaction(write=True) as conn:
            sources = list(conn.scalars(select(metric_values.c.company_pk).distinct()))
            missing = max(companies - len(sources), 0)
            per_company = max(1, (filing_count - _count(conn, filings)) // max(missing, 1))
            # filings come from the companies that have enough of them (the US ones)
            filers = (
                list(
                    conn.scalars(
                        select(filings.c.company_pk)
                        .group_by(filings.c.company_pk)
                        .having(func.count() >= per_company)
                    )
                )
                or sources
            )
            for i in range(missing):
                source = sources[i % len(sources)]
                pk = _clone_company(conn, source, i)
                year_end = or_(
                    metric_values.c.period_kind == "annual",
                    and_(
                        metric_values.c.period_kind == "instant",
                        metric_values.c.fiscal_quarter == 4,
                    ),
                )
                figures = select(
                    literal(pk), *(metric_values.c[c] for c in FIGURE_COLUMNS if c != "filing_pk")
                ).where(metric_values.c.company_pk == source, year_end)
                conn.execute(
                    insert(metric_values).from_select(
                        ["company_pk", *(c for c in FIGURE_COLUMNS if c != "filing_pk")], figures
                    )
                )
                listed = (
                    select(literal(pk), *(filings.c[c] for c in FILING_COLUMNS))
                    .where(filings.c.company_pk == filers[i % len(filers)])
                    .order_by(filings.c.id)
                    .limit(per_company)
                )
                conn.execute(insert(filings).from_select(["company_pk", *FILING_COLUMNS], listed))
            bump_generation(conn)
        _analyze(database)
        with database.transaction() as conn:
            with_figures = conn.execute(
                select(func.count(metric_values.c.company_pk.distinct()))
            ).scalar_one()
            return int(with_figures), _count(conn, metric_values), _count(conn, filings)
    finally:
        database.dispose()


def _analyze(database: Database) -> None:
    """What a database that grew this much gets from its maintenance anyway: fresh planner
    statistics (and, on PostgreSQL, the visibility map that index-only scans need)."""
    if database.engine.dialect.name == "postgresql":
        with database.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for table in ("companies", "filings", "metric_values", "company_identifiers"):
                conn.exec_driver_sql(f"VACUUM ANALYZE {table}")
        return
    with database.transaction(write=True) as conn:
        conn.exec_driver_sql("ANALYZE")


def _count(conn: Connection, table: Table) -> int:
    return int(conn.execute(select(func.count()).select_from(table)).scalar_one())
