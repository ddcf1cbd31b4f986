"""Passages for content search, their full-text index and their vectors

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# SQLite: an FTS5 table over the passages' title and content, kept in step by triggers.
SQLITE_FTS = [
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
]
# PostgreSQL: a generated tsvector in the passage's own language, with a GIN index.
POSTGRES_FTS = [
    """ALTER TABLE passages ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector(
            CASE language WHEN 'fi' THEN 'finnish'::regconfig
                          WHEN 'sv' THEN 'swedish'::regconfig
                          ELSE 'english'::regconfig END,
            coalesce(content_title, '') || ' ' || content)
        ) STORED""",
    "CREATE INDEX ix_passages_search_vector ON passages USING gin (search_vector)",
]


def upgrade() -> None:
    op.create_table(
        "passages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("company_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("page_id", sa.String(length=40), nullable=False),
        sa.Column("page_number", sa.Integer(), nullable=True),
        sa.Column("content_title", sa.Text(), nullable=True),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("text_hash", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["company_pk"],
            ["companies.id"],
            name=op.f("fk_passages_company_pk_companies"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["filing_pk"],
            ["filings.id"],
            name=op.f("fk_passages_filing_pk_filings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_passages")),
        sa.UniqueConstraint("filing_pk", "position", name="uq_passages_filing_position"),
    )
    op.create_index("ix_passages_company", "passages", ["company_pk"], unique=False)
    op.create_index("ix_passages_text_hash", "passages", ["text_hash"], unique=False)
    op.create_table(
        "passage_vectors",
        sa.Column("text_hash", sa.String(length=64), nullable=False),
        sa.Column("model", sa.String(length=60), nullable=False),
        sa.Column("vector", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("text_hash", name=op.f("pk_passage_vectors")),
    )
    statements = SQLITE_FTS if op.get_bind().dialect.name == "sqlite" else POSTGRES_FTS
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS passages_fts_delete")
        op.execute("DROP TRIGGER IF EXISTS passages_fts_insert")
        op.execute("DROP TABLE IF EXISTS passages_fts")
    op.drop_table("passage_vectors")
    op.drop_index("ix_passages_text_hash", table_name="passages")
    op.drop_index("ix_passages_company", table_name="passages")
    op.drop_table("passages")
