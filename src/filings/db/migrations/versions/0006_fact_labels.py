"""The issuer's own line label of a stored XBRL fact (the Financial Statement Data Sets' pre.txt),
and companies found by CIK through an index (a company's stored facts are read by its CIK)

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("xbrl_facts") as batch:
        batch.add_column(sa.Column("label", sa.Text(), nullable=True))
    op.create_index("ix_companies_cik", "companies", ["cik"])


def downgrade() -> None:
    op.drop_index("ix_companies_cik", table_name="companies")
    with op.batch_alter_table("xbrl_facts") as batch:
        batch.drop_column("label")
