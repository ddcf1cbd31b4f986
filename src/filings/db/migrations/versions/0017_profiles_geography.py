"""What ingestion reads out of documents for profiles and revenue geography: each filing's
profile sections (with their sentences) and its revenue breakdowns by place (with their lines),
so that a request only reads

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
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
        "profile_sections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("company_pk", sa.Integer(), nullable=False),
        sa.Column("section", sa.String(length=30), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("source_heading", sa.Text(), nullable=True),
        sa.Column("items", sa.JSON(), nullable=False),
        sa.Column("full_text", sa.Text(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        _foreign_key("profile_sections", "filing_pk", "filings"),
        _foreign_key("profile_sections", "company_pk", "companies"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_profile_sections")),
        sa.UniqueConstraint("filing_pk", "section", name="uq_profile_sections_filing_section"),
    )
    op.create_index(
        "ix_profile_sections_company", "profile_sections", ["company_pk", "section"], unique=False
    )
    op.create_table(
        "profile_sentences",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("page_id", sa.String(length=40), nullable=False),
        sa.Column("page_number", sa.Integer(), nullable=True),
        _foreign_key("profile_sentences", "section_pk", "profile_sections"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_profile_sentences")),
        sa.UniqueConstraint("section_pk", "position", name="uq_profile_sentences_section_position"),
    )
    op.create_table(
        "revenue_geography_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("company_pk", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("fiscal_year", sa.Integer(), nullable=False),
        sa.Column("period_kind", sa.String(length=10), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=True),
        sa.Column("period_label", sa.String(length=60), nullable=True),
        sa.Column("title", sa.Text(), nullable=True),
        sa.Column("page_id", sa.String(length=40), nullable=True),
        sa.Column("page_number", sa.Integer(), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("basis", sa.String(length=20), nullable=False),
        sa.Column("share_base", sa.String(length=60), nullable=True),
        sa.Column("share_base_source", sa.Text(), nullable=True),
        sa.Column("printed_total", sa.String(length=60), nullable=True),
        sa.Column("adds_up", sa.Boolean(), nullable=True),
        _foreign_key("revenue_geography_tables", "company_pk", "companies"),
        _foreign_key("revenue_geography_tables", "filing_pk", "filings"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_revenue_geography_tables")),
    )
    op.create_index(
        "ix_revenue_geography_tables_company",
        "revenue_geography_tables",
        ["company_pk", "fiscal_year"],
        unique=False,
    )
    op.create_index(
        "ix_revenue_geography_tables_filing",
        "revenue_geography_tables",
        ["filing_pk"],
        unique=False,
    )
    op.create_table(
        "revenue_geography_lines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_pk", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("list", sa.String(length=10), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("iso_alpha2", sa.String(length=2), nullable=True),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("revenue", sa.String(length=60), nullable=True),
        sa.Column("share", sa.String(length=20), nullable=True),
        sa.Column("included_in", sa.Text(), nullable=True),
        sa.Column("page_id", sa.String(length=40), nullable=True),
        _foreign_key("revenue_geography_lines", "table_pk", "revenue_geography_tables"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_revenue_geography_lines")),
        sa.UniqueConstraint(
            "table_pk", "position", name="uq_revenue_geography_lines_table_position"
        ),
    )


def downgrade() -> None:
    op.drop_table("revenue_geography_lines")
    op.drop_index("ix_revenue_geography_tables_filing", table_name="revenue_geography_tables")
    op.drop_index("ix_revenue_geography_tables_company", table_name="revenue_geography_tables")
    op.drop_table("revenue_geography_tables")
    op.drop_table("profile_sentences")
    op.drop_index("ix_profile_sections_company", table_name="profile_sections")
    op.drop_table("profile_sections")
