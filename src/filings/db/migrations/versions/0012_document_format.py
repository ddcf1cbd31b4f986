"""Each filing's document format (`pdf`, `text`, `edgar`: core/markets.py), so that a page is
resolved by what is stored rather than by the market's name

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("filings") as batch_op:
        batch_op.add_column(sa.Column("document_format", sa.String(10), nullable=True))
    op.execute(
        "UPDATE filings SET document_format = CASE WHEN market = 'us' THEN 'edgar' "
        "WHEN file_path IS NOT NULL THEN 'pdf' ELSE 'text' END"
    )
    with op.batch_alter_table("filings") as batch_op:
        batch_op.alter_column("document_format", existing_type=sa.String(10), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("filings") as batch_op:
        batch_op.drop_column("document_format")
