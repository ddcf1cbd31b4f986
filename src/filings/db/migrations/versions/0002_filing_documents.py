"""US filing documents: their text by section and page, and their inline-XBRL facts

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "filing_texts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("document", sa.String(length=300), nullable=False),
        sa.Column("document_type", sa.String(length=20), nullable=False),
        sa.Column("section", sa.String(length=80), nullable=False),
        sa.Column("heading_path", sa.Text(), nullable=False),
        sa.Column("page_number", sa.Integer(), nullable=False),
        sa.Column("printed_page", sa.String(length=20), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["filing_pk"],
            ["filings.id"],
            name=op.f("fk_filing_texts_filing_pk_filings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_filing_texts")),
        sa.UniqueConstraint("filing_pk", "position", name="uq_filing_texts_filing_position"),
    )
    op.create_index(
        "ix_filing_texts_filing_section", "filing_texts", ["filing_pk", "section"], unique=False
    )
    op.create_table(
        "xbrl_facts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("concept", sa.String(length=200), nullable=False),
        sa.Column("unit", sa.String(length=40), nullable=True),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("value", sa.String(length=60), nullable=False),
        sa.Column("decimals", sa.String(length=10), nullable=True),
        sa.Column("dimensions", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["filing_pk"],
            ["filings.id"],
            name=op.f("fk_xbrl_facts_filing_pk_filings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_xbrl_facts")),
    )
    op.create_index(
        "ix_xbrl_facts_filing_concept", "xbrl_facts", ["filing_pk", "concept"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_xbrl_facts_filing_concept", table_name="xbrl_facts")
    op.drop_table("xbrl_facts")
    op.drop_index("ix_filing_texts_filing_section", table_name="filing_texts")
    op.drop_table("filing_texts")
