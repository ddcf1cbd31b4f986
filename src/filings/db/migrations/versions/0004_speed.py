"""Indexes for listing filings and screening one metric's year, and the data generation

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_filings_company_listed", "filings", ["company_pk", "listed_date"])
    op.create_index("ix_filings_listed", "filings", ["listed_date"])
    op.create_index("ix_filings_type_year", "filings", ["document_type", "fiscal_year", "market"])
    # the screen reads one metric's year from this index alone
    op.create_index(
        "ix_metric_values_metric_year",
        "metric_values",
        [
            "metric_key",
            "fiscal_year",
            "period_kind",
            "fiscal_quarter",
            "company_pk",
            "period_end",
            "value",
            "currency",
        ],
    )
    state = op.create_table(
        "data_state",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_data_state")),
    )
    op.bulk_insert(state, [{"id": 1, "generation": 0}])


def downgrade() -> None:
    op.drop_table("data_state")
    op.drop_index("ix_metric_values_metric_year", table_name="metric_values")
    op.drop_index("ix_filings_type_year", table_name="filings")
    op.drop_index("ix_filings_listed", table_name="filings")
    op.drop_index("ix_filings_company_listed", table_name="filings")
