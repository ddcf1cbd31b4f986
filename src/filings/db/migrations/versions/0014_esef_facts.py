"""On the facts stored from an ESEF report (ingest/esef): the IFRS concept an extension concept
stands in for (its wider anchor), and the date of the submission that stated them (a corrected
report keeps each submission's facts, for the figures as they were known)

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("xbrl_facts") as batch:
        batch.add_column(sa.Column("anchor", sa.String(200), nullable=True))
        batch.add_column(sa.Column("submitted", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("xbrl_facts") as batch:
        batch.drop_column("submitted")
        batch.drop_column("anchor")
