"""Revenue by product line and by segment from a report's own tables (issue 27): the currency
its unit names and the table's title, beside the tagged facts' lines

Stored companies get them when they are ingested again (ingestion re-reads every filing's
extraction).

Revision ID: 0023
Revises: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("revenue_segments") as batch:
        batch.add_column(sa.Column("currency", sa.String(length=3), nullable=True))
        batch.add_column(sa.Column("title", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("revenue_segments") as batch:
        batch.drop_column("title")
        batch.drop_column("currency")
