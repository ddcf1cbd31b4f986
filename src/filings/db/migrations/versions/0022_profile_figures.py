"""Figures for profiles, stored at ingestion (issue 27): revenue by product line and by segment
as a 10-K tags it (the products section), and a PDF 10-K's key figures as its income statement
prints them (the overview's size)

Stored companies get them when they are ingested again (ingestion re-reads every filing's
extraction).

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


def _foreign_key(table: str, column: str, referred: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column],
        [f"{referred}.id"],
        name=op.f(f"fk_{table}_{column}_{referred}"),
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
        _foreign_key("revenue_segments", "company_pk", "companies"),
        _foreign_key("revenue_segments", "filing_pk", "filings"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_revenue_segments")),
    )
    op.create_index(
        "ix_revenue_segments_company", "revenue_segments", ["company_pk", "fiscal_year"]
    )
    op.create_table(
        "statement_figures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("company_pk", sa.Integer(), nullable=False),
        sa.Column("metric_key", sa.String(length=60), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("fiscal_year", sa.Integer(), nullable=False),
        sa.Column("value", sa.String(length=60), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("page_id", sa.String(length=40), nullable=False),
        sa.Column("page_number", sa.Integer(), nullable=True),
        _foreign_key("statement_figures", "filing_pk", "filings"),
        _foreign_key("statement_figures", "company_pk", "companies"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_statement_figures")),
        sa.UniqueConstraint("filing_pk", "metric_key", name="uq_statement_figures_filing_metric"),
    )
    op.create_index(
        "ix_statement_figures_company", "statement_figures", ["company_pk", "fiscal_year"]
    )


def downgrade() -> None:
    op.drop_index("ix_statement_figures_company", table_name="statement_figures")
    op.drop_table("statement_figures")
    op.drop_index("ix_revenue_segments_company", table_name="revenue_segments")
    op.drop_table("revenue_segments")
