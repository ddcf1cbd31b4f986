"""Every version of every figure, for point-in-time answers (`as_of`)

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "metric_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("company_pk", sa.Integer(), nullable=False),
        sa.Column("metric_key", sa.String(length=60), nullable=False),
        sa.Column("period_kind", sa.String(length=10), nullable=False),
        sa.Column("period_key", sa.String(length=40), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("fiscal_year", sa.Integer(), nullable=False),
        sa.Column("fiscal_quarter", sa.Integer(), nullable=True),
        sa.Column("value", sa.String(length=60), nullable=False),
        sa.Column("unit", sa.String(length=20), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("metric_name", sa.Text(), nullable=True),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("accession_number", sa.String(length=20), nullable=True),
        sa.Column("page_id", sa.String(length=40), nullable=True),
        sa.Column("derived", sa.String(length=40), nullable=True),
        sa.Column("filed_date", sa.Date(), nullable=True),
        sa.Column("known_from", sa.Date(), nullable=False),
        sa.Column("known_until", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(
            ["company_pk"],
            ["companies.id"],
            name=op.f("fk_metric_history_company_pk_companies"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_metric_history")),
    )
    op.create_index(
        "ix_metric_history_company",
        "metric_history",
        ["company_pk", "metric_key", "fiscal_year"],
    )
    op.create_index(
        "ix_metric_history_metric_year", "metric_history", ["metric_key", "fiscal_year"]
    )


def downgrade() -> None:
    op.drop_table("metric_history")
