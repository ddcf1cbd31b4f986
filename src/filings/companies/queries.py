"""Companies' questions to the database: the records resolution indexes, one company's row and
tickers; what ingestion reads out of a filing for profiles and revenue geography, and storing it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Connection, Row, Table, delete, func, insert, or_, select

from filings.db.tables import (
    companies,
    company_aliases,
    company_identifiers,
    filing_texts,
    metric_values,
    pages,
    profile_sections,
    profile_sentences,
    revenue_geography_lines,
    revenue_geography_tables,
    revenue_segments,
    statement_figures,
    xbrl_facts,
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


def company_pks_by_cik(conn: Connection, ciks: Iterable[str]) -> dict[str, int]:
    """The primary keys of companies by CIK, in one query."""
    wanted = sorted(set(ciks))
    if not wanted:
        return {}
    return {
        row.cik: row.id
        for row in conn.execute(
            select(companies.c.cik, companies.c.id).where(companies.c.cik.in_(wanted))
        )
    }


def company_count(conn: Connection) -> int:
    """How many companies are stored."""
    return int(conn.execute(select(func.count()).select_from(companies)).scalar_one())


# --- what ingestion reads out of a filing ---------------------------------------------------


def filing_summary(conn: Connection, filing_pk: int) -> Row[Any]:
    """What extraction needs to know of a filing: its company, kind, format, period, language."""
    row = conn.execute(
        select(
            filings_table.c.id,
            filings_table.c.company_pk,
            filings_table.c.document_type,
            filings_table.c.document_format,
            filings_table.c.form,
            filings_table.c.fiscal_year,
            filings_table.c.fiscal_quarter,
            filings_table.c.language,
            filings_table.c.docid,
            filings_table.c.accession_number,
            filings_table.c.title,
            filings_table.c.headline,
            companies.c.company_name,
            companies.c.display_name,
            companies.c.currency,
        )
        .join(companies, companies.c.id == filings_table.c.company_pk)
        .where(filings_table.c.id == filing_pk)
    ).one()
    return cast(Row[Any], row)


def filing_pages(conn: Connection, filing_pk: int) -> list[tuple[str, int | None, str]]:
    """A filing's stored pages (page id, number, text), in page order."""
    return [
        (row.page_id, row.page_number, row.text)
        for row in conn.execute(
            select(pages.c.page_id, pages.c.page_number, pages.c.text)
            .where(pages.c.filing_pk == filing_pk)
            .order_by(pages.c.page_number)
        )
    ]


def filing_text_units(conn: Connection, filing_pk: int) -> list[Row[Any]]:
    """A filing's text units (document, section, heading path, page number, text), in reading
    order."""
    return list(
        conn.execute(
            select(
                filing_texts.c.document,
                filing_texts.c.section,
                filing_texts.c.heading_path,
                filing_texts.c.page_number,
                filing_texts.c.text,
            )
            .where(filing_texts.c.filing_pk == filing_pk)
            .order_by(filing_texts.c.position)
        )
    )


def period_revenue(
    conn: Connection, company_pk: int, start: date, end: date, page_prefix: str | None
) -> tuple[Decimal, str | None] | None:
    """The revenue figure stored for exactly this period, and the page it is read from: the
    given document's own first (`page_prefix`: its docid), else any."""
    rows = conn.execute(
        select(metric_values.c.value, metric_values.c.page_id).where(
            metric_values.c.company_pk == company_pk,
            metric_values.c.metric_key == "revenue",
            metric_values.c.period_start == start,
            metric_values.c.period_end == end,
        )
    ).all()
    ranked = sorted(
        rows, key=lambda r: not (page_prefix and (r.page_id or "").startswith(page_prefix))
    )
    return (Decimal(ranked[0].value), ranked[0].page_id) if ranked else None


def annual_revenues(conn: Connection, company_pk: int) -> dict[int, Decimal]:
    """Each fiscal year's revenue, as the financials report it."""
    return {
        row.fiscal_year: Decimal(row.value)
        for row in conn.execute(
            select(metric_values.c.fiscal_year, metric_values.c.value).where(
                metric_values.c.company_pk == company_pk,
                metric_values.c.metric_key == "revenue",
                metric_values.c.period_kind == "annual",
            )
        )
    }


def filing_pks_of(conn: Connection, accessions: Iterable[str]) -> dict[str, int]:
    """The primary keys of filings by accession number (or, for a document added by manifest,
    its docid), in one query."""
    wanted = sorted(set(accessions))
    if not wanted:
        return {}
    found: dict[str, int] = {}
    for row in conn.execute(
        select(filings_table.c.accession_number, filings_table.c.docid, filings_table.c.id).where(
            or_(filings_table.c.accession_number.in_(wanted), filings_table.c.docid.in_(wanted))
        )
    ):
        found[row.accession_number if row.accession_number in wanted else row.docid] = row.id
    return found


def tagged_revenue_facts(conn: Connection, filing_pk: int, concepts: list[str]) -> list[Row[Any]]:
    """A filing's revenue facts for a duration with exactly one dimension (ESEF and other
    tagged reports): concept, period, value, dimensions."""
    found = [
        cast(Row[Any], row)
        for row in conn.execute(
            select(
                xbrl_facts.c.concept,
                xbrl_facts.c.period_start,
                xbrl_facts.c.period_end,
                xbrl_facts.c.value,
                xbrl_facts.c.dimensions,
            )
            .where(
                xbrl_facts.c.filing_pk == filing_pk,
                xbrl_facts.c.concept.in_(concepts),
                xbrl_facts.c.period_start.is_not(None),
            )
            .order_by(xbrl_facts.c.id)  # the document's order, the same on every backend
        )
        if len(row.dimensions) == 1
    ]
    return found


# --- stored revenue geography ----------------------------------------------------------------

GEOGRAPHY_TABLE_FIELDS = (
    "filing_pk",
    "source",
    "position",
    "fiscal_year",
    "period_kind",
    "period_start",
    "period_end",
    "period_label",
    "title",
    "page_id",
    "page_number",
    "currency",
    "basis",
    "share_base",
    "share_base_source",
    "printed_total",
    "adds_up",
)
GEOGRAPHY_LINE_FIELDS = (
    "position",
    "list",
    "name",
    "iso_alpha2",
    "entity_type",
    "revenue",
    "share",
    "included_in",
    "page_id",
)


def geography_records(
    conn: Connection, company_pk: int, *, filing_pk: int | None = None, sources: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """The stored breakdowns of a company (of one filing, of some sources), each a dict of its
    fields with `id` and `lines` (dicts, in order); two queries."""
    query = select(revenue_geography_tables).where(
        revenue_geography_tables.c.company_pk == company_pk
    )
    if filing_pk is not None:
        query = query.where(revenue_geography_tables.c.filing_pk == filing_pk)
    if sources:
        query = query.where(revenue_geography_tables.c.source.in_(list(sources)))
    tables = [
        dict(row._mapping) for row in conn.execute(query.order_by(revenue_geography_tables.c.id))
    ]
    return _with_children(conn, tables, revenue_geography_lines, "table_pk", "lines")


def _with_children(
    conn: Connection, parents: list[dict[str, Any]], table: Table, parent_key: str, name: str
) -> list[dict[str, Any]]:
    """Each parent row (a dict with `id`) with its child rows of `table` under `name`, in their
    `position` order; one query."""
    by_id = {parent["id"]: {**parent, name: []} for parent in parents}
    if by_id:
        column = table.c[parent_key]
        for row in conn.execute(
            select(table).where(column.in_(list(by_id))).order_by(column, table.c.position)
        ):
            by_id[row._mapping[parent_key]][name].append(dict(row._mapping))
    return list(by_id.values())


def replace_geography(
    conn: Connection,
    company_pk: int,
    wanted: list[dict[str, Any]],
    *,
    filing_pk: int | None,
    sources: Iterable[str],
) -> bool:
    """Make the stored breakdowns of these sources (of one filing, or the company's) exactly
    `wanted` (dicts of GEOGRAPHY_TABLE_FIELDS with `lines`); whether anything changed."""
    sources = list(sources)
    stored = geography_records(conn, company_pk, filing_pk=filing_pk, sources=sources)
    if _comparable(stored) == _comparable(wanted):
        return False
    ids = [table["id"] for table in stored]
    if ids:
        conn.execute(delete(revenue_geography_tables).where(revenue_geography_tables.c.id.in_(ids)))
    for table in wanted:
        values = {k: table[k] for k in GEOGRAPHY_TABLE_FIELDS}
        pk = conn.execute(
            insert(revenue_geography_tables)
            .values(company_pk=company_pk, **values)
            .returning(revenue_geography_tables.c.id)
        ).scalar_one()
        if table["lines"]:
            conn.execute(
                insert(revenue_geography_lines),
                [
                    {"table_pk": pk, **{k: line[k] for k in GEOGRAPHY_LINE_FIELDS}}
                    for line in table["lines"]
                ],
            )
    return True


def _comparable(tables: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            tuple(t[k] for k in GEOGRAPHY_TABLE_FIELDS),
            tuple(tuple(line[k] for k in GEOGRAPHY_LINE_FIELDS) for line in t["lines"]),
        )
        for t in tables
    ]


def company_geography(conn: Connection, company_pk: int) -> list[dict[str, Any]]:
    """Every stored breakdown of a company with its lines and its filing's listing date and
    document type (for choosing among them); three queries at most."""
    records = geography_records(conn, company_pk)
    filing_pks = sorted({r["filing_pk"] for r in records})
    if not filing_pks:
        return []
    listed = {
        row.id: (row.listed_date, row.document_type)
        for row in conn.execute(
            select(
                filings_table.c.id, filings_table.c.listed_date, filings_table.c.document_type
            ).where(filings_table.c.id.in_(filing_pks))
        )
    }
    return [
        {**r, "listed_date": listed[r["filing_pk"]][0], "document_type": listed[r["filing_pk"]][1]}
        for r in records
    ]


def newest_annual_figures(conn: Connection, company_pk: int, keys: list[str]) -> list[Any]:
    """The company's annual values of these metrics for its newest fiscal year with revenue;
    one query, on the figures' lookup index."""
    annual = (metric_values.c.company_pk == company_pk, metric_values.c.period_kind == "annual")
    newest = (
        select(func.max(metric_values.c.fiscal_year))
        .where(*annual, metric_values.c.metric_key == "revenue")
        .scalar_subquery()
    )
    return list(
        conn.execute(
            select(
                metric_values.c.metric_key,
                metric_values.c.metric_name,
                metric_values.c.fiscal_year,
                metric_values.c.period_end,
                metric_values.c.value,
                metric_values.c.currency,
                metric_values.c.source,
                metric_values.c.page_id,
                metric_values.c.preliminary,
            ).where(
                *annual,
                metric_values.c.metric_key.in_(keys),
                metric_values.c.fiscal_year == newest,
            )
        )
    )


# --- revenue by product line and segment -------------------------------------------------------

TAGGED = "xbrl_dimensions"  # revenue by product and segment from tagged facts, before tables
SEGMENT_FIELDS = (
    "filing_pk",
    "fiscal_year",
    "axis",
    "source",
    "period_start",
    "period_end",
    "page_id",
    "total",
    "adds_up",
    "lines",
    "currency",
    "title",
)


def replace_segments(
    conn: Connection, company_pk: int, source: str, wanted: list[dict[str, Any]]
) -> bool:
    """Make the company's stored revenue lines by product and segment read from `source` (its
    tagged facts) exactly `wanted` (dicts of SEGMENT_FIELDS); whether anything changed."""
    owner = {"company_pk": company_pk, "source": source}
    return _replace_rows(conn, revenue_segments, owner, SEGMENT_FIELDS, wanted)


def replace_filing_segments(
    conn: Connection, filing_pk: int, company_pk: int, source: str, wanted: list[dict[str, Any]]
) -> bool:
    """Make a filing's stored revenue lines by product and segment read from `source` (its
    report tables) exactly `wanted` (dicts of SEGMENT_FIELDS); whether anything changed."""
    owner = {"filing_pk": filing_pk, "source": source}
    return _replace_rows(
        conn, revenue_segments, owner, SEGMENT_FIELDS, wanted, company_pk=company_pk
    )


def _replace_rows(
    conn: Connection,
    table: Table,
    owner: dict[str, Any],
    fields: tuple[str, ...],
    wanted: list[dict[str, Any]],
    **also: int,
) -> bool:
    """Make a table's rows of one owner (the columns and values of `owner`: a company, a filing,
    and what they were read from) exactly `wanted` (compared on `fields`, in order), each stored
    with `owner` and `also`; whether anything changed."""
    owned = [table.c[key] == value for key, value in owner.items()]
    stored = conn.execute(select(*(table.c[k] for k in fields)).where(*owned).order_by(table.c.id))
    if [dict(row._mapping) for row in stored] == [{k: r[k] for k in fields} for r in wanted]:
        return False
    conn.execute(delete(table).where(*owned))
    if wanted:
        conn.execute(
            insert(table), [{**owner, **also, **{k: r[k] for k in fields}} for r in wanted]
        )
    return True


def newest_segments(conn: Connection, company_pk: int) -> list[dict[str, Any]]:
    """The company's stored revenue lines by product and segment of its newest fiscal year with
    any, products first, one record per axis: the tagged facts' where there are, else the
    table of the filing stored last; one query."""
    newest = (
        select(func.max(revenue_segments.c.fiscal_year))
        .where(revenue_segments.c.company_pk == company_pk)
        .scalar_subquery()
    )
    rows = conn.execute(
        select(*(revenue_segments.c[k] for k in SEGMENT_FIELDS))
        .where(
            revenue_segments.c.company_pk == company_pk,
            revenue_segments.c.fiscal_year == newest,
        )
        .order_by(revenue_segments.c.axis, revenue_segments.c.filing_pk.desc())
    )
    chosen: dict[str, dict[str, Any]] = {}
    for row in rows:
        record, kept = dict(row._mapping), chosen.get(row.axis)
        if kept is None or (record["source"] == TAGGED and kept["source"] != TAGGED):
            chosen[row.axis] = record
    return list(chosen.values())


# --- key figures from printed statements ------------------------------------------------------

STATEMENT_FIELDS = (
    "metric_key",
    "name",
    "fiscal_year",
    "value",
    "currency",
    "page_id",
    "page_number",
)


def replace_statement_figures(
    conn: Connection, filing_pk: int, company_pk: int, wanted: list[dict[str, Any]]
) -> bool:
    """Make a filing's stored statement figures exactly `wanted` (dicts of STATEMENT_FIELDS);
    whether anything changed."""
    owner = {"filing_pk": filing_pk}
    return _replace_rows(
        conn, statement_figures, owner, STATEMENT_FIELDS, wanted, company_pk=company_pk
    )


def newest_statement_figures(conn: Connection, company_pk: int) -> list[Any]:
    """The statement figures of the company's newest fiscal year that has some, one filing's
    (the newest stored), with its docid; one query."""
    newest = (
        select(statement_figures.c.filing_pk)
        .where(statement_figures.c.company_pk == company_pk)
        .order_by(statement_figures.c.fiscal_year.desc(), statement_figures.c.filing_pk.desc())
        .limit(1)
        .scalar_subquery()
    )
    return list(
        conn.execute(
            select(
                *(statement_figures.c[k] for k in STATEMENT_FIELDS),
                func.coalesce(filings_table.c.docid, filings_table.c.accession_number).label(
                    "document"
                ),
            )
            .join(filings_table, filings_table.c.id == statement_figures.c.filing_pk)
            .where(statement_figures.c.filing_pk == newest)
            .order_by(statement_figures.c.id)
        )
    )


# --- stored profile sections -------------------------------------------------------------------

PROFILE_SECTION_FIELDS = ("section", "language", "source_heading", "items", "full_text", "reason")
PROFILE_SENTENCE_FIELDS = ("text", "page_id", "page_number", "about")


def profile_records(conn: Connection, filing_pks: list[int]) -> list[dict[str, Any]]:
    """The stored profile sections of some filings, each with its `filing_pk`, `id` and
    `sentences` (dicts, in order); two queries."""
    if not filing_pks:
        return []
    sections = [
        dict(row._mapping)
        for row in conn.execute(
            select(profile_sections)
            .where(profile_sections.c.filing_pk.in_(filing_pks))
            .order_by(profile_sections.c.id)
        )
    ]
    return _with_children(conn, sections, profile_sentences, "section_pk", "sentences")


def replace_profile_sections(
    conn: Connection, filing_pk: int, company_pk: int, wanted: list[dict[str, Any]]
) -> bool:
    """Make a filing's stored profile sections exactly `wanted`; whether anything changed."""
    stored = profile_records(conn, [filing_pk])
    if _profile_comparable(stored) == _profile_comparable(wanted):
        return False
    conn.execute(delete(profile_sections).where(profile_sections.c.filing_pk == filing_pk))
    for section in wanted:
        pk = conn.execute(
            insert(profile_sections)
            .values(
                filing_pk=filing_pk,
                company_pk=company_pk,
                **{k: section[k] for k in PROFILE_SECTION_FIELDS},
            )
            .returning(profile_sections.c.id)
        ).scalar_one()
        if section["sentences"]:
            conn.execute(
                insert(profile_sentences),
                [
                    {"section_pk": pk, "position": i, **{k: s[k] for k in PROFILE_SENTENCE_FIELDS}}
                    for i, s in enumerate(section["sentences"])
                ],
            )
    return True


def _profile_comparable(sections: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return sorted(
        (
            tuple(repr(s[k]) for k in PROFILE_SECTION_FIELDS),
            tuple(tuple(x[k] for k in PROFILE_SENTENCE_FIELDS) for x in s["sentences"]),
        )
        for s in sections
    )


def company_documents(conn: Connection, company_pk: int) -> list[Row[Any]]:
    """A company's filings that have stored profile sections: id, type, language, dates, title,
    in one query."""
    return list(
        conn.execute(
            select(
                filings_table.c.id,
                filings_table.c.document_type,
                filings_table.c.form,
                filings_table.c.language,
                filings_table.c.listed_date,
                filings_table.c.fiscal_year,
                filings_table.c.title,
                filings_table.c.headline,
            )
            .where(
                filings_table.c.company_pk == company_pk,
                filings_table.c.id.in_(
                    select(profile_sections.c.filing_pk).where(
                        profile_sections.c.company_pk == company_pk
                    )
                ),
            )
            .order_by(filings_table.c.listed_date.desc(), filings_table.c.id.desc())
        )
    )


US_ANNUAL_FORMS = ("10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A")


def annual_dimensional_revenue(conn: Connection, company_pk: int, concepts: list[str]) -> list[Any]:
    """The company's annual-report revenue facts of a duration (those with a dimension among
    them), newest filing first."""
    return list(
        conn.execute(
            select(
                xbrl_facts.c.concept,
                xbrl_facts.c.period_start,
                xbrl_facts.c.period_end,
                xbrl_facts.c.value,
                xbrl_facts.c.decimals,
                xbrl_facts.c.dimensions,
                # a 10-K added by manifest has no accession number: its docid names it
                func.coalesce(filings_table.c.accession_number, filings_table.c.docid).label(
                    "accession_number"
                ),
                filings_table.c.filed_date,
            )
            .join(filings_table, filings_table.c.id == xbrl_facts.c.filing_pk)
            .where(
                filings_table.c.company_pk == company_pk,
                filings_table.c.form.in_(US_ANNUAL_FORMS),
                xbrl_facts.c.concept.in_(concepts),
                xbrl_facts.c.period_start.is_not(None),
            )
            .order_by(
                func.coalesce(filings_table.c.filed_date, filings_table.c.listed_date)
                .desc()
                .nulls_last(),
                filings_table.c.accession_number.desc().nulls_last(),
                filings_table.c.docid,
                xbrl_facts.c.id,  # the document's order, the same on every backend
            )
        )
    )


def fiscal_years_by_end(conn: Connection, company_pk: int) -> dict[date, int]:
    """The company's fiscal-year labels by year end, as its figures carry them (a filer's own
    labels: The Home Depot's year ended 2 February 2025 is fiscal 2024)."""
    rows = conn.execute(
        select(metric_values.c.period_end, metric_values.c.fiscal_year)
        .where(
            metric_values.c.company_pk == company_pk,
            metric_values.c.period_kind == "annual",
            metric_values.c.metric_key == "revenue",
        )
        .distinct()
    )
    return {end: year for end, year in rows}
