"""Reading passages for content search: hits with their filings, and the vectors beside them.

The full-text rankings are the storage layer's (`db/fulltext.py`: FTS5 on SQLite, tsvector on
PostgreSQL), since their SQL is the backend's own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, func, select, text
from sqlalchemy.dialects import postgresql, sqlite

from filings.db.fulltext import PassageFilter
from filings.db.tables import companies, filings, pages, passage_vectors, passages


def passage_hits(conn: Connection, passage_ids: Iterable[int]) -> dict[int, Any]:
    """Each passage with its filing, company and the number printed on its page, by passage id,
    in one query."""
    rows = conn.execute(
        select(
            passages.c.id,
            passages.c.company_pk,
            passages.c.page_id,
            passages.c.page_number,
            passages.c.content_title,
            passages.c.content,
            filings.c.docid,
            filings.c.accession_number,
            filings.c.fiscal_year,
            filings.c.fiscal_quarter,
            filings.c.document_type,
            filings.c.document_format,
            filings.c.form,
            filings.c.filed_date,
            filings.c.source_url,
            filings.c.title,
            companies.c.company_name,
            pages.c.printed_page,
        )
        .join(filings, filings.c.id == passages.c.filing_pk)
        .join(companies, companies.c.id == passages.c.company_pk)
        .outerjoin(pages, pages.c.page_id == passages.c.page_id)
        .where(passages.c.id.in_(list(passage_ids)))
    ).all()
    return {r.id: r for r in rows}


def passages_without_vectors(conn: Connection, limit: int) -> list[Any]:
    """Up to `limit` passages (hash, title, content) whose text has no vector yet, oldest first;
    the same text may come more than once."""
    return list(
        conn.execute(
            select(passages.c.text_hash, passages.c.content_title, passages.c.content)
            .outerjoin(passage_vectors, passage_vectors.c.text_hash == passages.c.text_hash)
            .where(passage_vectors.c.text_hash.is_(None))
            .order_by(passages.c.id)
            .limit(limit)
        ).all()
    )


def store_vectors(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """Store vectors (text_hash, model, vector); a hash already stored is left as it is."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    conn.execute(dialect.insert(passage_vectors).values(rows).on_conflict_do_nothing())


def index_counts(conn: Connection) -> tuple[int, int]:
    """(passages, passages whose text has a vector)."""
    total = conn.execute(select(func.count()).select_from(passages)).scalar_one()
    done = conn.execute(
        select(func.count())
        .select_from(passages)
        .join(passage_vectors, passage_vectors.c.text_hash == passages.c.text_hash)
    ).scalar_one()
    return int(total), int(done)


def vector_rows(conn: Connection) -> list[Any]:
    """Every passage with a vector: (id, company, fiscal year, document type, vector bytes), in
    passage order."""
    return list(
        conn.execute(
            select(
                passages.c.id,
                passages.c.company_pk,
                filings.c.fiscal_year,
                filings.c.document_type,
                passage_vectors.c.vector,
            )
            .join(passage_vectors, passage_vectors.c.text_hash == passages.c.text_hash)
            .join(filings, filings.c.id == passages.c.filing_pk)
            .order_by(passages.c.id)
        ).all()
    )


def fiscal_years(conn: Connection, company_pk: int) -> set[int]:
    """The fiscal years of a company's filings (one query over its filings)."""
    rows = conn.execute(
        select(filings.c.fiscal_year)
        .where(filings.c.company_pk == company_pk, filings.c.fiscal_year.is_not(None))
        .distinct()
    )
    return {int(r[0]) for r in rows}


def profile_passages(
    conn: Connection, sections: Iterable[str], where: PassageFilter
) -> list[tuple[int, float]]:
    """The passages on the pages the company's profile `sections` were read from (under the
    filter, which names the company), best first: those holding more of the sections' sentences
    first, then the others on their pages; in one query, through the sections' index and each
    filing's passages."""
    wanted = sorted(set(sections))
    if where.company_pk is None or not wanted:
        return []
    conditions, params = where.sql()
    names = ", ".join(f":section_{n}" for n in range(len(wanted)))
    filing = where.joins("p.id")  # the filing, for a year or a document type
    rows = conn.execute(
        text(
            "SELECT p.id, p.content, ps.text FROM profile_sections s "  # noqa: S608
            "JOIN profile_sentences ps ON ps.section_pk = s.id "
            "JOIN passages p ON p.filing_pk = s.filing_pk AND p.page_id = ps.page_id"
            f"{filing} WHERE s.company_pk = :company_pk AND s.section IN ({names}){conditions}"
        ),
        {**params, **{f"section_{n}": name for n, name in enumerate(wanted)}},
    ).all()
    scores: dict[int, float] = {}
    for passage_id, content, sentence in rows:
        held = _folded(sentence)[:PREFIX] in _folded(content)
        scores[passage_id] = scores.get(passage_id, 0.0) + (1.0 if held else ON_ITS_PAGE)
    return sorted(scores.items(), key=lambda x: (-x[1], x[0]))


PREFIX = 40  # the characters of a sentence looked for in a passage (a sentence may span two)
ON_ITS_PAGE = 0.25  # a passage on a cited page that holds none of its sentences


def _folded(value: str) -> str:
    return " ".join(value.replace("\ufffe", "").split()).casefold()
