"""Writing ingested records: idempotent, so a re-run with the same input writes nothing.

Each function compares what is stored with what was read and inserts, updates or deletes only
the difference. The pipeline runs them inside one transaction per company or document.
"""

from __future__ import annotations

import operator
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Date,
    DateTime,
    Table,
    bindparam,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from filings.companies.resolve import normalize_name, normalize_ticker
from filings.db.generation import bump_generation
from filings.db.tables import (
    companies,
    company_aliases,
    company_identifiers,
    company_tags,
    filing_texts,
    filings,
    metric_history,
    metric_values,
    pages,
)
from filings.ingest.standardize.rows import MetricRow

# What reading a file of an unexpected shape raises, or writing rows the database refuses: the
# company or document is reported and skipped, and the batch goes on.
MALFORMED = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
    ArithmeticError,
    IntegrityError,
)


@dataclass(frozen=True)
class CompanyIn:
    """A company as read from a source; `cik` (US) or `isin` (Nordic) identifies it."""

    company_id: str
    company_name: str
    display_name: str
    market: str
    country: str
    business_country: str | None = None  # None: the source does not say (what is stored stays)
    exchange: str | None = None
    isin: str | None = None
    cik: str | None = None
    lei: str | None = None
    industry: str | None = None
    currency: str | None = None
    fiscal_year_end: str | None = None
    listing_date: date | None = None
    tickers: tuple[str, ...] = ()
    isins: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    keep_name: bool = False  # a listing's short name never replaces the name as filed

    def columns(self) -> dict[str, Any]:
        """The values of the companies row (without keys the database assigns)."""
        names = [
            "company_name",
            "display_name",
            "market",
            "country",
            "business_country",
            "exchange",
            "isin",
            "cik",
            "lei",
            "industry",
            "currency",
            "fiscal_year_end",
            "listing_date",
        ]
        return {name: getattr(self, name) for name in names}


@dataclass
class LoadCounts:
    """What a load wrote."""

    inserted: int = 0
    updated: int = 0
    deleted: int = 0

    @property
    def changed(self) -> bool:
        """Whether anything was written."""
        return bool(self.inserted or self.updated or self.deleted)


def slugify(text: str) -> str:
    """A lower-case slug: `Atlas Copco AB` -> `atlas-copco-ab`."""
    return re.sub(r"[^a-z0-9]+", "-", normalize_name(text)).strip("-") or "company"


def find_company(conn: Connection, company: CompanyIn) -> Any:
    if company.cik:
        return conn.execute(select(companies).where(companies.c.cik == company.cik)).first()
    isins = [i for i in (company.isin, *company.isins) if i]
    if isins:
        found = conn.execute(
            select(companies)
            .join(company_identifiers, company_identifiers.c.company_pk == companies.c.id)
            .where(
                company_identifiers.c.kind == "isin", company_identifiers.c.normalized.in_(isins)
            )
            .limit(1)
        ).first()
        if found is not None:
            return found
        return conn.execute(select(companies).where(companies.c.isin.in_(isins))).first()
    return conn.execute(
        select(companies).where(companies.c.company_id == company.company_id)
    ).first()


def _free_slug(conn: Connection, wanted: str, fallback: str) -> str:
    for candidate in (wanted, f"{wanted}-{fallback}"):
        taken = conn.execute(select(companies.c.id).where(companies.c.company_id == candidate))
        if taken.first() is None:
            return candidate
    return f"{wanted}-{fallback}-{zlib.crc32(fallback.encode()) % 10_000}"


def _sync_set(
    conn: Connection,
    table: Any,
    company_pk: int,
    wanted: dict[tuple[str, ...], dict[str, Any]],
    key_columns: tuple[str, ...],
) -> LoadCounts:
    counts = LoadCounts()
    rows = conn.execute(select(table).where(table.c.company_pk == company_pk)).mappings().all()
    stored = {tuple(str(r[c]) for c in key_columns): r for r in rows}
    for key, values in wanted.items():
        if key not in stored:
            conn.execute(insert(table).values(company_pk=company_pk, **values))
            counts.inserted += 1
    for key, row in stored.items():
        if key not in wanted:
            conditions = [table.c.company_pk == company_pk] + [
                table.c[c] == row[c] for c in key_columns
            ]
            conn.execute(delete(table).where(*conditions))
            counts.deleted += 1
    return counts


def upsert_company(
    conn: Connection, company: CompanyIn, now: datetime, *, bump: bool = True
) -> tuple[int, bool]:
    """Insert or update a company with its identifiers, aliases and tags; (pk, changed).
    `bump=False` leaves moving the data generation to the caller (see `insert_new_companies`)."""
    existing = find_company(conn, company)
    if existing is None:  # nothing stored to compare with: written in a statement per table
        slug = _free_slug(conn, company.company_id, company.cik or company.isin or "x")
        made = insert_new_companies(conn, [replace(company, company_id=slug)], now, bump=bump)
        return made[slug], True
    pk = int(existing.id)
    values = company.columns()
    if company.business_country is None:  # a source that does not read it keeps what is stored
        values.pop("business_country")
    if company.lei is None:  # an LEI another source found (ESEF) stays
        values.pop("lei")
    if company.keep_name:
        values = {k: v for k, v in values.items() if k not in ("company_name", "display_name")}
    differs = {k: v for k, v in values.items() if _differs(getattr(existing, k), v)}
    changed = False
    if differs:
        conn.execute(update(companies).where(companies.c.id == pk).values(**differs))
        changed = True
    changed |= _sync_identifiers(conn, pk, company).changed
    changed |= _sync_aliases(conn, pk, company).changed
    changed |= _sync_set(conn, company_tags, pk, _tag_rows(company), ("slug",)).changed
    if changed:
        touch_company(conn, pk, now, bump=bump)
    return pk, changed


def _identifier_rows(company: CompanyIn) -> dict[tuple[str, ...], dict[str, Any]]:
    wanted: dict[tuple[str, ...], dict[str, Any]] = {}
    entries = [("ticker", t, normalize_ticker(t)) for t in company.tickers]
    entries += [("isin", i, i.upper()) for i in (company.isin, *company.isins) if i]
    entries += [("cik", company.cik, company.cik)] if company.cik else []
    entries += [("lei", company.lei, company.lei.upper())] if company.lei else []
    for kind, value, normalized in entries:
        wanted.setdefault(
            (kind, normalized), {"kind": kind, "value": value, "normalized": normalized}
        )
    return wanted


def _alias_rows(company: CompanyIn) -> dict[tuple[str, ...], dict[str, Any]]:
    wanted: dict[tuple[str, ...], dict[str, Any]] = {}
    for alias in company.aliases:
        normalized = normalize_name(alias)
        if normalized and alias != company.company_name:
            wanted.setdefault(
                (normalized,), {"alias": alias, "normalized": normalized, "kind": "name"}
            )
    return wanted


def _tag_rows(company: CompanyIn) -> dict[tuple[str, ...], dict[str, Any]]:
    return {(t,): {"slug": t} for t in dict.fromkeys(company.tags)}


def _sync_identifiers(conn: Connection, pk: int, company: CompanyIn) -> LoadCounts:
    wanted = _identifier_rows(company)
    if company.lei is None:  # a source without LEIs keeps the one another source found
        for row in conn.execute(
            select(company_identifiers).where(
                company_identifiers.c.company_pk == pk, company_identifiers.c.kind == "lei"
            )
        ).mappings():
            wanted[("lei", row["normalized"])] = {
                "kind": "lei",
                "value": row["value"],
                "normalized": row["normalized"],
            }
    return _sync_set(conn, company_identifiers, pk, wanted, ("kind", "normalized"))


def _sync_aliases(conn: Connection, pk: int, company: CompanyIn) -> LoadCounts:
    return _sync_set(conn, company_aliases, pk, _alias_rows(company), ("normalized",))


def insert_new_companies(
    conn: Connection, new: list[CompanyIn], now: datetime, *, bump: bool = True
) -> dict[str, int]:
    """Companies none of which is stored yet (by key or company id: the caller has checked),
    with their identifiers, aliases and tags, in one statement per table: company id -> pk.
    What `upsert_company` writes for each, without asking first. `bump=False` leaves moving the
    data generation to the caller, before it commits (its one row is locked until then, so a
    caller with transactions in parallel moves it last)."""
    if not new:
        return {}
    made = conn.execute(
        insert(companies).returning(
            companies.c.id, companies.c.company_id, sort_by_parameter_order=True
        ),
        [{"company_id": c.company_id, "updated_at": now, **c.columns()} for c in new],
    )
    pks = {company_id: int(pk) for pk, company_id in made}
    for table, rows_of in (
        (company_identifiers, _identifier_rows),
        (company_aliases, _alias_rows),
        (company_tags, _tag_rows),
    ):
        rows = [
            {"company_pk": pks[c.company_id], **values}
            for c in new
            for values in rows_of(c).values()
        ]
        if rows:
            conn.execute(insert(table), rows)
    if bump:
        bump_generation(conn)
    return pks


def touch_company(conn: Connection, company_pk: int, now: datetime, *, bump: bool = True) -> None:
    """Mark a company's data as changed; readers key their caches on `updated_at` and on the
    data generation (`bump=False`: the caller moves it, last in its transaction)."""
    conn.execute(update(companies).where(companies.c.id == company_pk).values(updated_at=now))
    if bump:
        bump_generation(conn)


def sync_filing(
    conn: Connection, company_pk: int, values: dict[str, Any], now: datetime
) -> tuple[int, bool]:
    """Insert or update one filing, found by accession number or docid; (pk, changed)."""
    key = "accession_number" if values.get("accession_number") else "docid"
    existing = conn.execute(select(filings).where(filings.c[key] == values[key])).first()
    if existing is None:
        pk = conn.execute(
            insert(filings)
            .values(company_pk=company_pk, ingested_at=now, **values)
            .returning(filings.c.id)
        ).scalar_one()
        return int(pk), True
    differs = {k: v for k, v in values.items() if _differs(getattr(existing, k), v)}
    if existing.company_pk != company_pk:
        differs["company_pk"] = company_pk
    if differs:
        conn.execute(update(filings).where(filings.c.id == existing.id).values(**differs))
    return int(existing.id), bool(differs)


def sync_filings(
    conn: Connection, company_pk: int, rows: list[dict[str, Any]], now: datetime
) -> tuple[dict[str, int], bool]:
    """`sync_filing` for many filings found by accession number, in a few statements:
    (accession number -> pk, whether any changed)."""
    pks: dict[str, int] = {}
    changed = False
    wanted = {r["accession_number"]: r for r in rows}
    accessions = list(wanted)
    for start in range(0, len(accessions), 500):
        chunk = accessions[start : start + 500]
        for existing in conn.execute(select(filings).where(filings.c.accession_number.in_(chunk))):
            values = wanted[existing.accession_number]
            pks[existing.accession_number] = int(existing.id)
            differs = {k: v for k, v in values.items() if _differs(getattr(existing, k), v)}
            if existing.company_pk != company_pk:
                differs["company_pk"] = company_pk
            if differs:
                conn.execute(update(filings).where(filings.c.id == existing.id).values(**differs))
                changed = True
    new = [
        {"company_pk": company_pk, "ingested_at": now, **values}
        for accession, values in wanted.items()
        if accession not in pks
    ]
    if new:
        inserted = conn.execute(
            insert(filings).returning(filings.c.id, filings.c.accession_number), new
        )
        pks.update({accession: int(pk) for pk, accession in inserted})
        changed = True
    return pks, changed


def sync_pages(conn: Connection, filing_pk: int, docid: str, texts: list[str]) -> bool:
    """Make a document's stored pages exactly `texts` (page 1 first); whether anything changed."""
    stored = {
        r.page_number: r.text
        for r in conn.execute(
            select(pages.c.page_number, pages.c.text).where(pages.c.filing_pk == filing_pk)
        )
    }
    wanted = dict(enumerate(texts, start=1))
    if stored == wanted:
        return False
    conn.execute(delete(pages).where(pages.c.filing_pk == filing_pk))
    conn.execute(
        insert(pages),
        [
            {"filing_pk": filing_pk, "page_number": n, "page_id": f"{docid}_{n}", "text": text}
            for n, text in wanted.items()
        ],
    )
    return True


_TEXT_COLUMNS = (
    "position",
    "document",
    "document_type",
    "section",
    "heading_path",
    "page_number",
    "printed_page",
    "text",
)


def sync_texts(conn: Connection, filing_pk: int, rows: list[dict[str, Any]]) -> bool:
    """Make a filing's stored text units exactly `rows` (`filing_texts` rows, in reading order);
    whether anything changed."""
    columns = [filing_texts.c[name] for name in _TEXT_COLUMNS]
    stored = [
        tuple(r)
        for r in conn.execute(
            select(*columns)
            .where(filing_texts.c.filing_pk == filing_pk)
            .order_by(filing_texts.c.position)
        )
    ]
    if stored == [tuple(row[name] for name in _TEXT_COLUMNS) for row in rows]:
        return False
    conn.execute(delete(filing_texts).where(filing_texts.c.filing_pk == filing_pk))
    if rows:
        conn.execute(insert(filing_texts), rows)
    return True


def metric_columns(row: MetricRow, filing_pk: int | None) -> dict[str, Any]:
    """The `metric_values` columns of a row (and of its `metric_history` versions)."""
    return {
        "filing_pk": filing_pk,
        "metric_key": row.metric_key,
        "period_kind": row.period_kind,
        "period_key": row.period_key,
        "period_start": row.period_start,
        "period_end": row.period_end,
        "fiscal_year": row.fiscal_year,
        "fiscal_quarter": row.fiscal_quarter,
        "value": format(row.value, "f"),
        "unit": row.unit,
        "currency": row.currency,
        "metric_name": row.metric_name,
        "source": row.source,
        "accession_number": row.accession_number,
        "page_id": row.page_id,
        "derived": row.derived,
        "filed_date": row.filed_date,
        "preliminary": row.preliminary,
    }


def _by_period(
    rows: list[MetricRow], filing_pks: dict[str, int]
) -> dict[tuple[str, str], dict[str, Any]]:
    """The rows' columns by (metric, period), each with its filing's pk where stored."""
    wanted = {}
    for row in rows:
        document = row.accession_number or (row.page_id or "").rsplit("_", 1)[0]
        wanted[(row.metric_key, row.period_key)] = metric_columns(row, filing_pks.get(document))
    return wanted


def insert_new_metrics(
    conn: Connection, by_company: dict[int, list[MetricRow]], filing_pks: dict[str, int]
) -> int:
    """The metric rows of companies that have none stored yet, in one statement: how many."""
    rows = [
        {"company_pk": company_pk, **values}
        for company_pk, held in by_company.items()
        for values in _by_period(held, filing_pks).values()
    ]
    if rows:
        insert_many(conn, metric_values, rows)
    return len(rows)


def sync_metrics(
    conn: Connection,
    company_pk: int,
    rows: list[MetricRow],
    scope: ColumnElement[bool],
    filing_pks: dict[str, int] | None = None,
) -> LoadCounts:
    """Make the company's metric rows within `scope` exactly `rows`."""
    counts = LoadCounts()
    filing_pks = filing_pks or {}
    stored = {
        (r["metric_key"], r["period_key"]): r
        for r in conn.execute(
            select(metric_values).where(metric_values.c.company_pk == company_pk, scope)
        ).mappings()
    }
    wanted = _by_period(rows, filing_pks)
    inserts: list[dict[str, Any]] = []
    updates: list[dict[str, Any]] = []
    for key, values in wanted.items():
        current = stored.get(key)
        if current is None:
            inserts.append({"company_pk": company_pk, **values})
        elif any(_differs(current[k], v) for k, v in values.items()):
            updates.append({"row_id": current["id"], **{f"new_{k}": v for k, v in values.items()}})
    # One statement per kind of change, executed for all its rows.
    if inserts:
        insert_many(conn, metric_values, inserts)
        counts.inserted += len(inserts)
    if updates:
        columns = [k for k in updates[0] if k != "row_id"]
        conn.execute(
            update(metric_values)
            .where(metric_values.c.id == bindparam("row_id"))
            .values({k.removeprefix("new_"): bindparam(k) for k in columns}),
            updates,
        )
        counts.updated += len(updates)
    stale = [current["id"] for key, current in stored.items() if key not in wanted]
    if stale:
        conn.execute(delete(metric_values).where(metric_values.c.id.in_(stale)))
        counts.deleted += len(stale)
    return counts


def sync_history(
    conn: Connection, company_pk: int, versions: list[tuple[MetricRow, date, date | None]]
) -> None:
    """Make the company's point-in-time versions exactly `versions` (US figures only)."""
    conn.execute(delete(metric_history).where(metric_history.c.company_pk == company_pk))
    rows = []
    for row, known_from, known_until in versions:
        values = metric_columns(row, None)
        values.pop("filing_pk")
        rows.append(
            {
                "company_pk": company_pk,
                **values,
                "known_from": known_from,
                "known_until": known_until,
            }
        )
    if rows:
        insert_many(conn, metric_history, rows)


def insert_many(conn: Connection, table: Table, rows: list[dict[str, Any]]) -> None:
    """Insert many rows in one go: PostgreSQL's COPY, or on SQLite one statement the driver
    runs for every row with the values as SQLAlchemy's types would store them (dates as ISO
    text), which spares building parameters row by row."""
    columns = list(rows[0])
    preparer = conn.dialect.identifier_preparer
    if conn.dialect.name == "postgresql":
        _copy_rows(conn, preparer.format_table(table), [preparer.quote(c) for c in columns], rows)
        return
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    statement = (
        f"INSERT INTO {preparer.format_table(table)} "  # noqa: S608 (names from the schema)
        f"({', '.join(preparer.quote(c) for c in columns)}) "
        f"VALUES ({', '.join(mark for _ in columns)})"
    )
    # built column by column; only date and time columns are converted (the schema says which)
    by_column = []
    for column in columns:
        held = [row[column] for row in rows]
        if isinstance(table.c[column].type, Date | DateTime):
            held = [_sqlite_value(v) for v in held]
        by_column.append(held)
    conn.exec_driver_sql(statement, list(zip(*by_column, strict=True)))


def _copy_rows(
    conn: Connection, table: str, columns: list[str], rows: list[dict[str, Any]]
) -> None:
    """PostgreSQL's COPY, on the transaction's own connection (psycopg 3)."""
    raw = conn.connection.driver_connection
    names = list(rows[0])
    # each row's values in the columns' order, as a tuple (itemgetter of one name gives a value)
    pick: Callable[[dict[str, Any]], tuple[Any, ...]] = (
        operator.itemgetter(*names) if len(names) > 1 else lambda row: (row[names[0]],)
    )
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with raw.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
        for row in rows:
            copy.write_row(pick(row))


def _sqlite_value(value: Any) -> Any:
    """A value as SQLAlchemy's SQLite types store it."""
    if isinstance(value, datetime):
        return _utc(value).astimezone(UTC).replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")
    return value.isoformat() if isinstance(value, date) else value


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _differs(stored: Any, new: Any) -> bool:
    if isinstance(new, Decimal) or isinstance(stored, Decimal):
        return Decimal(str(stored)) != Decimal(str(new))
    if isinstance(stored, datetime) and isinstance(new, datetime):
        # SQLite gives datetimes back without their zone; they were written in UTC.
        return _utc(stored) != _utc(new)
    return bool(stored != new)
