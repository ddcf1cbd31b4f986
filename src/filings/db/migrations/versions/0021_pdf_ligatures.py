"""No `ff` ligature read as `f ` left in stored PDF texts (`core/ligatures.py`): `af ect` becomes
`affect` in pages and passages wherever the filing's own pages write the word whole, and the
passages' text hashes follow (their vectors are made again by `filings index` or the server's
background indexer, as for any new text). The next ingestion writes texts joined already.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import hashlib
from typing import Any

import sqlalchemy as sa
from alembic import op

from filings.core.ligatures import ligature_joiner

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

_PAGES = sa.table("pages", sa.column("id"), sa.column("filing_pk"), sa.column("text"))
_PASSAGES = sa.table(
    "passages",
    sa.column("id"),
    sa.column("filing_pk"),
    sa.column("content_title"),
    sa.column("content"),
    sa.column("text_hash"),
)
_FILINGS = sa.table("filings", sa.column("id"), sa.column("document_format"))


def _text_hash(title: str | None, content: str) -> str:
    return hashlib.sha256(f"{title or ''}\n{content}".encode()).hexdigest()


def _join_filing(conn: Any, filing_pk: int) -> None:
    pages = conn.execute(
        sa.select(_PAGES.c.id, _PAGES.c.text).where(_PAGES.c.filing_pk == filing_pk)
    ).all()
    joiner = ligature_joiner([p.text for p in pages])
    if joiner is None:
        return
    for page in pages:
        text = joiner(page.text)
        if text != page.text:
            conn.execute(sa.update(_PAGES).where(_PAGES.c.id == page.id).values(text=text))
    passages = conn.execute(
        sa.select(_PASSAGES.c.id, _PASSAGES.c.content_title, _PASSAGES.c.content).where(
            _PASSAGES.c.filing_pk == filing_pk
        )
    ).all()
    for row in passages:
        title = joiner(row.content_title) if row.content_title else row.content_title
        content = joiner(row.content)
        if (title, content) != (row.content_title, row.content):
            conn.execute(
                sa.update(_PASSAGES)
                .where(_PASSAGES.c.id == row.id)
                .values(content_title=title, content=content, text_hash=_text_hash(title, content))
            )


def upgrade() -> None:
    conn = op.get_bind()
    filings = conn.execute(sa.select(_FILINGS.c.id).where(_FILINGS.c.document_format == "pdf"))
    for (filing_pk,) in filings.all():
        _join_filing(conn, filing_pk)


def downgrade() -> None:
    pass  # the joined words stay joined: the split was never the document's text
