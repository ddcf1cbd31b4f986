"""Filings of one document type walked newest first, with the fiscal year and market in the index
(a filtered filing search checks them without reading the filing rows it skips)

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_filings_type_listed",
        "filings",
        ["document_type", "listed_date", "fiscal_year", "market"],
    )


def downgrade() -> None:
    op.drop_index("ix_filings_type_listed", table_name="filings")
