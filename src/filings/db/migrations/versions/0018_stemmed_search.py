"""Full-text search in each passage's language on SQLite too (Snowball stems, `db/stemming.py`),
and no PDF hyphenation mark (U+FFFE) left in stored page and passage texts

SQLite's index becomes a contentless FTS5 table of stemmed words, kept by triggers that call
`filings_stems(language, text)`; PostgreSQL already indexes each passage in its language's
configuration (0003). On both, the marks are resolved in what is stored (the next ingestion
writes texts without them) and the passages' text hashes follow.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import hashlib
from typing import Any

import sqlalchemy as sa
from alembic import op

from filings.core.hyphens import MARK, join_hyphenated
from filings.db import stemming

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

_STEMS = stemming.SQL_FUNCTION  # filings_stems, written out in the statements below
STEMMED_FTS = [
    """CREATE VIRTUAL TABLE passages_fts USING fts5(
        content_title, content, content='', tokenize='unicode61 remove_diacritics 2')""",
    """CREATE TRIGGER passages_fts_insert AFTER INSERT ON passages BEGIN
        INSERT INTO passages_fts(rowid, content_title, content)
        VALUES (new.id, filings_stems(new.language, new.content_title),
                filings_stems(new.language, new.content));
    END""",
    """CREATE TRIGGER passages_fts_delete AFTER DELETE ON passages BEGIN
        INSERT INTO passages_fts(passages_fts, rowid, content_title, content)
        VALUES ('delete', old.id, filings_stems(old.language, old.content_title),
                filings_stems(old.language, old.content));
    END""",
    """CREATE TRIGGER passages_fts_update AFTER UPDATE OF content_title, content, language
        ON passages BEGIN
        INSERT INTO passages_fts(passages_fts, rowid, content_title, content)
        VALUES ('delete', old.id, filings_stems(old.language, old.content_title),
                filings_stems(old.language, old.content));
        INSERT INTO passages_fts(rowid, content_title, content)
        VALUES (new.id, filings_stems(new.language, new.content_title),
                filings_stems(new.language, new.content));
    END""",
    """INSERT INTO passages_fts(rowid, content_title, content)
        SELECT id, filings_stems(language, content_title), filings_stems(language, content)
        FROM passages""",
]
PORTER_FTS = [
    """CREATE VIRTUAL TABLE passages_fts USING fts5(
        content_title, content, content='passages', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2')""",
    """CREATE TRIGGER passages_fts_insert AFTER INSERT ON passages BEGIN
        INSERT INTO passages_fts(rowid, content_title, content)
        VALUES (new.id, new.content_title, new.content);
    END""",
    """CREATE TRIGGER passages_fts_delete AFTER DELETE ON passages BEGIN
        INSERT INTO passages_fts(passages_fts, rowid, content_title, content)
        VALUES ('delete', old.id, old.content_title, old.content);
    END""",
    "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')",
]


def _drop_sqlite_index() -> None:
    for trigger in ("passages_fts_insert", "passages_fts_delete", "passages_fts_update"):
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE IF EXISTS passages_fts")


def _text_hash(title: str | None, content: str) -> str:
    return hashlib.sha256(f"{title or ''}\n{content}".encode()).hexdigest()


def _without_marks(conn: Any) -> None:
    """Resolve the marks in stored pages (a filing's pages together: its spelling decides) and
    passages, with the passages' hashes."""
    pattern = f"%{MARK}%"
    pages = sa.table("pages", sa.column("id"), sa.column("filing_pk"), sa.column("text"))
    marked = conn.execute(
        sa.select(pages.c.filing_pk).where(pages.c.text.like(pattern)).distinct()
    ).all()
    for (filing_pk,) in marked:
        rows = conn.execute(
            sa.select(pages.c.id, pages.c.text).where(pages.c.filing_pk == filing_pk)
        ).all()
        cleaned = join_hyphenated([r.text for r in rows])
        for row, text in zip(rows, cleaned, strict=True):
            if text != row.text:
                conn.execute(sa.update(pages).where(pages.c.id == row.id).values(text=text))
    passages = sa.table(
        "passages",
        sa.column("id"),
        sa.column("content_title"),
        sa.column("content"),
        sa.column("text_hash"),
    )
    rows = conn.execute(
        sa.select(passages.c.id, passages.c.content_title, passages.c.content).where(
            sa.or_(passages.c.content.like(pattern), passages.c.content_title.like(pattern))
        )
    ).all()
    for row in rows:
        title = join_hyphenated([row.content_title])[0] if row.content_title else None
        content = join_hyphenated([row.content])[0]
        conn.execute(
            sa.update(passages)
            .where(passages.c.id == row.id)
            .values(content_title=title, content=content, text_hash=_text_hash(title, content))
        )


def upgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name != "sqlite":
        _without_marks(conn)  # the generated search_vector follows
        return
    raw: Any = conn.connection.driver_connection
    raw.create_function(_STEMS, 2, stemming.stems, deterministic=True)
    _drop_sqlite_index()
    _without_marks(conn)
    for statement in STEMMED_FTS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return  # the resolved marks stay resolved: they were never text
    _drop_sqlite_index()
    for statement in PORTER_FTS:
        op.execute(statement)
