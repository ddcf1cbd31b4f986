"""Preliminary figures (an earnings release's, until the periodic report states them) and the
statement an inline-XBRL fact stands on

Revision ID: 0016
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("metric_values", "metric_history"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(
                sa.Column("preliminary", sa.Boolean(), nullable=False, server_default=sa.false())
            )
    with op.batch_alter_table("xbrl_facts") as batch_op:
        batch_op.add_column(sa.Column("statement", sa.String(20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("xbrl_facts") as batch_op:
        batch_op.drop_column("statement")
    for table in ("metric_history", "metric_values"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column("preliminary")
