"""US filings paginated at their page breaks: a page row names the document it is a page of and
the number printed on it, so a US passage cites `<accession>_<n>` and its snapshot links the
document (issue 26, item 6)

Stored US filings get their pages when they are read again: the reader's version changed
(`ingest/sec/documents.py`), so the next ingestion rewrites them.

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("pages", sa.Column("document", sa.String(length=300), nullable=True))
    op.add_column("pages", sa.Column("printed_page", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pages") as batch:
        batch.drop_column("printed_page")
        batch.drop_column("document")
