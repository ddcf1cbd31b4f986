"""Revenue by product line and by segment, as a 10-K tags it, stored at ingestion for the
profile's products section (issue 27)

Stored companies get their lines when they are ingested again (ingestion re-reads every
filing's extraction).

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def _foreign_key(column: str, referred: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column],
        [f"{referred}.id"],
        name=op.f(f"fk_revenue_segments_{column}_{referred}"),
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "revenue_segments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("company_pk", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("fiscal_year", sa.Integer(), nullable=False),
        sa.Column("axis", sa.String(length=20), nullable=False),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=True),
        sa.Column("page_id", sa.String(length=40), nullable=True),
        sa.Column("total", sa.String(length=60), nullable=True),
        sa.Column("adds_up", sa.Boolean(), nullable=True),
        sa.Column("lines", sa.JSON(), nullable=False),
        _foreign_key("company_pk", "companies"),
        _foreign_key("filing_pk", "filings"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_revenue_segments")),
    )
    op.create_index(
        "ix_revenue_segments_company", "revenue_segments", ["company_pk", "fiscal_year"]
    )


def downgrade() -> None:
    op.drop_index("ix_revenue_segments_company", table_name="revenue_segments")
    op.drop_table("revenue_segments")
