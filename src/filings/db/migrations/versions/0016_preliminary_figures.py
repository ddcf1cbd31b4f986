"""Preliminary figures: the figures results releases print (`release_figures`), and a
`preliminary` mark on figures and their versions until the periodic report states them; the
statement an inline-XBRL fact stands on

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "release_figures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_pk", sa.Integer(), nullable=False),
        sa.Column("document", sa.String(length=300), nullable=False),
        sa.Column("document_type", sa.String(length=20), nullable=False),
        sa.Column("metric_key", sa.String(length=60), nullable=False),
        sa.Column("period_kind", sa.String(length=10), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("period_days", sa.Integer(), nullable=True),
        sa.Column("value", sa.String(length=60), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("label", sa.Text(), nullable=False),
        sa.Column("page_number", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["filing_pk"],
            ["filings.id"],
            name=op.f("fk_release_figures_filing_pk_filings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_release_figures")),
    )
    op.create_index("ix_release_figures_filing", "release_figures", ["filing_pk"])
    for table in ("metric_values", "metric_history"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(
                sa.Column("preliminary", sa.Boolean(), nullable=False, server_default=sa.false())
            )
    with op.batch_alter_table("xbrl_facts") as batch_op:
        batch_op.add_column(sa.Column("statement", sa.String(20), nullable=True))


def downgrade() -> None:
    op.drop_index("ix_release_figures_filing", table_name="release_figures")
    op.drop_table("release_figures")
    with op.batch_alter_table("xbrl_facts") as batch_op:
        batch_op.drop_column("statement")
    for table in ("metric_history", "metric_values"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column("preliminary")
