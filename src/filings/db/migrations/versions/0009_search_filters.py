"""Narrow covering indexes for content search's filters: a full-text match checks its passage's
company and filing, and its filing's year and document type, without reading the wide rows

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_passages_filter", "passages", ["id", "company_pk", "filing_pk"])
    op.create_index("ix_filings_filter", "filings", ["id", "fiscal_year", "document_type"])


def downgrade() -> None:
    op.drop_index("ix_filings_filter", table_name="filings")
    op.drop_index("ix_passages_filter", table_name="passages")
